// Intervals for a share of games won. Pure.

/** Wilson's 95% interval for k wins in n games: honest where the plain error says ±0 (all won or all lost). */
export function wilson(k, n) {
  const z = 1.96;
  const p = k / n;
  const mid = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}
