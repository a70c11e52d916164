// Editing a log entry: per kind, the answers an edit may change ("Change" chips) and the answers each one clears with
// it, so the flow asks again only what that answer decides. Pure; no DOM, no I/O.

import { givesOxygen } from "./record.js";
import { pairValue } from "./pick-cards.js";

/** Per kind: the answers an edit may change, and the answers each one clears with it. */
const WHO = ["a", "as", "av", "got"];
const RESULT = ["ok", "cut", "as", "av", "real", "mark", "hit", "tok"];
const CUTS = {
  who: [...WHO, "ox"], value: ["v", "vs", "cut", "as", "av", "hit", "nc"], result: RESULT, token: ["real", "mark", "tok"],
  wires: ["js", "p", "s", "hit", "tok"], oxygen: ["ox"], own: ["as", "av"], cards: ["nc"], // own: the cutter's wire cut with it
};

/** An edit's answer as its chip says it. */
export const changeWord = (c) => ({ own: "cutter's wire" }[c] ?? c);
export const EDIT_CHANGES = {
  dual: CUTS, xray: CUTS, double: CUTS, triple: CUTS, super: CUTS,
  solo: { who: ["a", "slots", "cuts", "done", "ox"], value: ["v", "slots", "cuts", "done", "nc"], wires: ["slots", "cuts", "done"],
    oxygen: ["ox"], cards: ["nc"] },
  red: { who: ["a", "slots", "cuts", "done"], wires: ["slots", "cuts", "done"] },
  radar: { number: ["v", "ans", "done"], answers: ["done"] }, // (changing the answers starts from the current ones)
  label_eq: { wires: ["js", "p", "s"] }, label_ne: { wires: ["js", "p", "s"] },
  postit: { who: ["a", "js", "p", "s", "v", "mark"], wire: ["js", "s", "v", "mark"], value: ["v", "mark"] },
  absent: { who: ["a", "s", "v"], value: ["v"] }, beside: { who: ["a", "v"], value: ["v"] },
  walkie: { who: [...WHO, "ato", "pto"], wire: ["js", "p", "s", "ato", "pto", "got"], given: ["as", "ato", "pto", "got"],
    filed: ["ato", "pto", "got"], got: ["got"] },
  hook: { who: [...WHO, "to"], wire: ["js", "p", "s", "to", "got"], filed: ["to", "got"], got: ["got"] },
  nano: { who: [...WHO, "to"], filed: ["to", "got"], got: ["got"] },
  swl: { who: ["a", "js", "p", "s"], wire: ["js", "s"] },
  disint: { value: ["v", "spots", "done"], wires: ["spots", "done"] },
  batteries: { players: ["ps", "done"] }, false_bottom: { cards: ["ids", "done"] },
  stabilizer: { who: ["a"] }, redcall: { who: ["a", "js", "p", "s", "ok", "cut"], result: ["ok", "cut"] }, coffee: { who: ["a"], next: ["next"] }, skip: { who: ["a", "nc"], cards: ["nc"] }, swap: { who: ["a", "c"], card: ["c"] }, shown: { who: ["a"], value: ["v"] },
  tell: { who: ["a"], value: ["v", "ok"], answer: ["ok"] }, ycount: { who: ["a"], count: ["n"] },
  weak: { who: ["a", "w", "c", "ok"], named: ["w", "c", "ok"], card: ["c", "ok"], result: ["ok"] }, weakstuck: { who: ["a"] },
  cardflip: { who: ["a"] }, challenge: { card: ["c"] },
  give: { who: ["a", "v", "to"], card: ["v", "to"], to: ["to"] },
  special: { who: ["a"], wires: ["spots", "done", "res", "ls"], result: ["res", "ls"], shown: ["ls"] },
};

/** The answers an edit of this draft may change ("oxygen" only where the cut gives oxygen: 49; "cards", the number
 * cards that gave the value, only in 47; "token", what a failure showed and where, only on a failure). */
export function editChanges(setup, d) {
  return Object.keys(EDIT_CHANGES[d.k] ?? {}).filter((name) => (name !== "oxygen" || givesOxygen(setup, d)) && (name !== "token" || d.ok === false)
    && (name !== "cards" || d.k === "false_bottom" || (setup.number_cards === "sum" && (d.k === "skip" || pairValue(d) !== null)))
    && (name !== "own" || (d.ok === true && Boolean(d.as))));
}

/** While recording: the value and the outcome already given, which may be changed too (a walkthrough: only × twice
 * and starting again could change a value named). */
export function givenChanges(setup, d) {
  const given = (c) => (EDIT_CHANGES[d.k]?.[c] ?? []).some((f) => d[f] !== undefined && d[f] !== null && String(d[f]) !== "");
  return editChanges(setup, d).filter((c) => ["value", "result", "token"].includes(c) && given(c));
}

/** The draft with one answer (and what depends on it) cleared, to be asked again. */
export function clearAnswer(d, name) {
  const out = { ...d };
  for (const f of EDIT_CHANGES[d.k]?.[name] ?? []) delete out[f];
  if (name === "value" && d.vs && d.k !== "xray") out.vs = []; // a detector with the X-or-Y Ray: still two values (off: a tap)
  // an outcome the table decided for the old answers is decided again, with what followed from it
  if (d.okBy === "table" && name !== "token") for (const f of ["okBy", ...RESULT]) delete out[f];
  if (name === "number") out.ans = [];
  return out;
}
