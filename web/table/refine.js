// Thinking ahead on my turn (the "refine" request): where the team policy's first moves are close, the page
// asks the worker to play them a few decisions on, on the same deals, in slices, and the move worth clearly
// more than the one-step best becomes the advice. The rule that picks it is the arena's search policy's
// (arena/search_policy.py, pick and clearly_better): the page and the arena choose alike on the same table.

/** The paired difference of two rows of values on the same deals: mean and standard error (computed in
 * the order Python's clearly_better computes them, so the two agree to the last bit). */
export function pairedGap(a, b) {
  const d = a.map((w, j) => w - b[j]);
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const variance = d.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, d.length - 1);
  return { mean, se: Math.sqrt(variance / d.length) };
}

/** Whether row `a` beats row `b` by `z` standard errors of their paired difference (better on every deal alike: yes). */
export function clearlyBetter(a, b, z) {
  const { mean, se } = pairedGap(a, b);
  return mean > 0 && (se === 0 || mean >= z * se);
}

/** The compared move chosen (index): the one worth most, if clearly better than the first (index 0), else 0. */
export function pick(won, z) {
  const sum = (r) => r.reduce((x, y) => x + y, 0);
  let best = 0;
  won.forEach((r, i) => { if (sum(r) > sum(won[best])) best = i; });
  return best && clearlyBetter(won[best], won[0], z) ? best : 0;
}

/** A finished refine run's verdict: {pick, gap (pick or runner-up against the first), n}, or null. */
export function verdict(run) {
  if (!run?.close || !run.moves || !run.n || run.running) return null;
  const p = pick(run.won, run.sureZ);
  const other = p || run.won.map((r, i) => [r.reduce((x, y) => x + y, 0), i]).slice(1).sort((a, b) => b[0] - a[0])[0]?.[1];
  return { pick: p, other, gap: other === undefined ? null : pairedGap(run.won[other], run.won[0]), n: run.n };
}
