// "Which of Bob's wires was cut with it?" asked of the table the cut would leave: the wire pointed at is the value
// said (it worked) and the actor holds one of it. The chances beside the actor's wires are those of that table (the
// "given" request: the engine's analysis on a request type of its own, so that it never takes the place of the
// table's own), not of the table before the cut: a wire the success rules out is left out.
// Pure functions, no DOM, no I/O; table-analysis.js asks the engine.

import { engineDoc } from "./engine-doc.js";
import { derive } from "./replay.js";
import { addEntry } from "./hand.js";
import { colourOf, isLabel } from "./setup.js";
import { factValue } from "./replay-table.js";
import { DETECTOR_KINDS } from "./record.js";

/** The wire the draft's success cut on the target stand: a dual cut's, or the one a detector's success cut. */
const cutAt = (d) => (d.k === "dual" ? d.js?.[0] : DETECTOR_KINDS.includes(d.k) ? d.hit : undefined);

/** The wire the success cut: the blue value said, or the yellow wire the cut one is said to be (d.cut). */
const cutWire = (d) => (d.v === "Y" ? (isLabel(d.cut) && colourOf(d.cut) === "yellow" ? d.cut : null)
  : isLabel(d.v) && colourOf(d.v) === "blue" ? d.v : null);

/** The draft's success in question, as "a-p-s-j-wire" (a dual cut or a detector by a teammate naming a blue value,
 * or yellow once the yellow wire cut is said; the wire cut known), or null: my own wires I see, an edit reads the
 * table as it was. */
export function givenKey(state, d, editing = false) {
  if (editing || !d || !Number.isInteger(d.a) || d.a === state.setup.me) return null;
  if (!Number.isInteger(d.p) || !Number.isInteger(cutAt(d)) || !cutWire(d)) return null;
  return `${d.a}-${d.p}-${d.s ?? 0}-${cutAt(d)}-${cutWire(d)}`;
}

/** The engine's answer for the draft's success in question ("p-s-j" -> law), while it is the newest table's; else null. */
export const freshGiven = (results, state, d, editing) => (results.given?.slots && results.given.resultId === results.analysis?.resultId
  && results.given.key === givenKey(state, d, editing) ? results.given.slots : null);

/** The state document of the table with the draft's cut worked (the wire pointed at cut as the value, the actor
 * holding one), or null when the table refuses it (the wire cannot be that value). */
export function givenDoc(state, d) {
  const next = addEntry(state, { k: "set", p: d.p, s: d.s ?? 0, j: cutAt(d), slot: { c: "cut", v: cutWire(d), m: null, col: null } });
  const t = derive(next);
  if (!t.entries.at(-1)?.ok) return null;
  const doc = engineDoc(next, t);
  return { ...doc, facts: [...(doc.facts ?? []), { kind: "has", player: d.a, value: factValue(d.v) }] };
}
