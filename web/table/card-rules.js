// What the constraint cards say of an entry under way: the action it records is one they forbid its actor (32, 37,
// 57: the card in play binds everyone; elsewhere my cards bind me, and in 31 a teammate's card them). Said in the
// sheet, never refused: the table may have done it all the same, and the log keeps what happened.
// Pure functions, no DOM, no I/O.

import { cardsAllow, cardsBindAll, myCards, theirCard } from "./setup.js";

/** The drafts that play an equipment card (the character card's Double Detector is not one). */
export const CARD_DRAFTS = ["xray", "triple", "super", "radar", "label_eq", "label_ne", "postit", "rewind", "walkie", "hook", "stabilizer",
  "coffee", "batteries", "drop", "false_bottom", "swl", "disint"];
const POINTED = ["dual", "xray", "double", "triple", "super"];
/** Each card's rule, as a sentence ends. */
const RULES = {
  A: "even wires only", B: "odd wires only", C: "wires 1-6 only", D: "wires 7-12 only", E: "wires 4-9 only", F: "no wire 4-9",
  G: "no equipment, not even the Double Detector", H: "no cut of a wire with an info token, no Post-it",
  I: "no cut of the far-right wire of a teammate's stand", J: "no cut of the far-left wire of a teammate's stand", K: "no solo cut",
};

/** The constraint cards that bind player a now. */
export function cardsOf(setup, t, a) {
  if (cardsBindAll(setup)) return setup.cards ?? [];
  if (a === setup.me) return myCards(setup, t);
  const theirs = theirCard(setup, t, a);
  return theirs ? [theirs] : [];
}

/** Why the draft's action breaks a constraint card of its actor's ("constraint card H: …"), or null. */
export function cardObjection(setup, t, d) {
  if (!d || !Number.isInteger(d.a)) return null;
  const cards = cardsOf(setup, t, d.a);
  const why = (c) => `constraint card ${c}: ${RULES[c]}`;
  if (cards.includes("G") && (CARD_DRAFTS.includes(d.k) || d.k === "double")) return why("G");
  if (cards.includes("K") && d.k === "solo") return why("K");
  if (cards.includes("H") && d.k === "postit") return why("H");
  const said = d.k === "xray" ? d.vs ?? [] : d.k === "solo" || POINTED.includes(d.k) ? [d.v].filter(Boolean) : [];
  const value = cards.find((c) => said.some((v) => !cardsAllow([c], v)));
  if (value) return why(value);
  if (!POINTED.includes(d.k) || !Number.isInteger(d.p) || !d.js?.length) return null;
  const stand = t.stands[d.p]?.[d.s ?? 0] ?? [];
  const uncut = stand.map((sl, j) => (sl.c === "cut" ? -1 : j)).filter((j) => j >= 0);
  for (const j of d.js) {
    if (cards.includes("H") && stand[j]?.c === "info") return why("H");
    if (cards.includes("I") && j === uncut.at(-1) && d.p !== d.a) return why("I");
    if (cards.includes("J") && j === uncut[0] && d.p !== d.a) return why("J");
  }
  return null;
}
