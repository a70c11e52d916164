// Which tokens of an even/odd or x-token mission (21, 24, 33, 40) the table rules out on a wire: read by a failure's
// token question, Set tokens and the Post-it. Pure functions, no DOM, no I/O.

import { chance, saidBy } from "./draft-options.js";
import { seenWire } from "./replay-table.js";
import { colourOf, labelsInPlay, valueMatches } from "./setup.js";

/** The answers a failure's mark question rules out at slot j of the draft's stand (`answers`: "E"/"O" or "1x".."4x",
 * "Y", red labels), from the slot laws: a colour or parity the slot cannot hold; a count no value the slot may hold
 * (but the one said) can have there — at least its wires the stand shows (cut, an info token, mine) and this one; at
 * most those, its other slots that may hold it and the copies no other stand shows. Never one the table allows. */
export function markRuledOut(A, d, j, answers) {
  const out = new Set();
  if (A.editing) return out;
  const ch = (p, s, jj, labels) => chance(A.t, A.laws, p, s, jj, labels);
  const fitsAny = (label, said) => said.some((x) => valueMatches(label, x));
  const blues = labelsInPlay(A.state.setup).map((x) => x.label).filter((l) => colourOf(l) === "blue");
  const may = (jj, labels) => ch(d.p, d.s, jj, labels) !== 0;
  const stand = A.t.stands[d.p]?.[d.s] ?? [];
  const others = A.t.stands.flatMap((sts, p) => sts.filter((_, s) => p !== d.p || s !== d.s)).flat().map(seenWire);
  const elsewhere = (u) => others.filter((w) => w === u).length; // (the other stands read once, not per count)
  const counts = (u) => { // [fewest, most] wires of value u the stand may hold, if slot j holds one
    let shownU = 0;
    let maybe = 0;
    stand.forEach((sl, jj) => {
      if (jj === j) return;
      const shown = seenWire(sl);
      if (shown) shownU += shown === u ? 1 : 0;
      else if (may(jj, [u])) maybe += 1;
    });
    return [1 + shownU, Math.min(4 - elsewhere(u), 1 + shownU + maybe)];
  };
  const live = stand[j]?.c === "cut" ? [stand[j].v].filter((u) => blues.includes(u)) // (24, 40: a Post-it's count on a cut wire)
    : blues.filter((u) => may(j, [u]) && !fitsAny(u, saidBy(d)));
  for (const m of answers) {
    if (m === "E" || m === "O") {
      if (!live.some((u) => (Number(u) % 2 === 0) === (m === "E"))) out.add(m);
    } else if (/^[1-4]x$/.test(m)) {
      const c = Number(m[0]);
      if (!live.some((u) => { const [lo, hi] = counts(u); return lo <= c && c <= hi; })) out.add(m);
    } else if (!may(j, [m])) out.add(m);
  }
  return out;
}
