// The constraint cards (A-L): which ones a mission deals, which bind whom, what each allows — and what they say of an
// entry under way: the action it records is one they forbid its actor (32, 37, 57: the card in play binds everyone;
// elsewhere my cards bind me, and in 31 a teammate's card them). Said in the sheet, never refused: the table may have
// done it all the same, and the log keeps what happened. Pure functions, no DOM, no I/O.

import { blueValues } from "./setup.js";

/** 34: the player dealt the Captain card (the weakest link, unknown to the others) keeps to their hidden card of A-E;
 * nobody has personal equipment while the character cards are hidden. The derived table's `weak`: "hidden", "freed"
 * (a right guess: the characters face up, the cards gone) or "dropped" (the weakest link could not play: every card gone). */
export const weakLink = (setup) => setup.mission === 34;

/** The constraint cards that bind my cuts: those I tapped — in 34 only if I hold the Captain card (`weak_me`) and the
 * cards are still in play; in 31 until I turn it face down. */
export const myCards = (setup, t) => ((weakLink(setup) && !(setup.weak_me && t.weak === "hidden")) || t.flipped?.includes(setup.me) ? []
  : setup.cards ?? []);

/** 31, 61: player p's constraint card while it lies face up (mine: My constraint card; a teammate's: as entered — 61's
 * where the ring has it now: 61's walkthrough recorded cuts a teammate's card forbade, unwarned), else null (not
 * entered, or 31's turned face down: they could not apply it). */
export function theirCard(setup, t, p) {
  if (![31, 61].includes(setup.mission) || t.flipped?.includes(p)) return null;
  return (p === setup.me ? setup.cards?.[0] : setup.player_cards?.[p]) || null;
}

/** The blue values card c allows (A-E: a rule on values), those the setup plays. */
export const cardValues = (setup, c) => blueValues(setup).filter((v) => CARD_VALUE_OK[c]?.(v));

/** Whether each player holds one constraint card of A-E, chosen before the starting tokens (31). */
export const oneCardEach = (preset) => preset?.constraints === "chosen";
/** Whether one constraint card binds a player at a time, so that a new one replaces it: each player's own (31; 61, whose
 * cards go round the table and may be swapped for one of F-L) or the one face up for everyone (32, 37, 57). */
export const oneCardAtATime = (preset) => ["chosen", "ring", "deck", "per_value", "weakest_link"].includes(preset?.constraints);
/** Whether the constraint card in play lies face up for the whole team (32, 37, 57), not in front of me. */
export const cardForAll = (preset) => ["deck", "per_value"].includes(preset?.constraints);
/** The same, read off the setup (the replay has no presets): the missions whose card binds everyone. */
export const cardsBindAll = (setup) => [32, 37, 57].includes(setup.mission);
/** 37: how many times the card in play has been due to be replaced: a value validated, a whole round of skips. */
export const cardEvents = (t) => (t.validated ?? []).length + (t.skipRounds ?? 0);
/** 37: whether the card in play is due to be replaced since it was set (the deck's next; none left: no card). */
export const cardDue = (setup, t) => setup.mission === 37 && cardEvents(t) > (setup.cards_at ?? 0);

/** 61: the places round the table, clockwise from the captain (arena/constraint_table.py ring_seats): a player, or
 * null for a card lying on the table (2 players: one on each side of the captain; 3: one on the captain's left). */
export function ringSeats(setup) {
  const n = setup.players.length;
  const order = Array.from({ length: n }, (_, i) => (setup.captain + i) % n);
  if (n === 2) return [order[0], null, order[1], null];
  return n === 3 ? [order[0], null, order[1], order[2]] : order;
}

/** 61: the card at each place of ringSeats ("" where not entered): mine (My constraint card), a teammate's as
 * entered, the table's (`ring_table`, in the order of its places). */
export function ringHeld(setup) {
  let k = 0;
  return ringSeats(setup).map((p) => (p === null ? setup.ring_table?.[k++] ?? ""
    : p === setup.me ? (setup.cards ?? [])[0] ?? "" : setup.player_cards?.[p] ?? ""));
}

/** 61: player p's card now (at their place of the ring), "" when not entered. */
export const ringCardOf = (setup, p) => ringHeld(setup)[ringSeats(setup).indexOf(p)] ?? "";

/** 61: the setup with the cards `held` put back at their places (a rotation moves them all). */
export function setRingHeld(su, held) {
  const table = [];
  ringSeats(su).forEach((p, i) => {
    if (p === null) table.push(held[i]);
    else if (p === su.me) su.cards = held[i] ? [held[i]] : [];
    else su.player_cards = su.players.map((_, q) => (q === p ? held[i] : su.player_cards?.[q] ?? ""));
  });
  su.ring_table = table;
}

/** 61: why the cards round the table may not rotate now, or null: the card lets the team shift them on each round,
 * before the captain's turn — once (`ring_rotated`: the turns taken at the last rotation; Undo takes a slip back). */
export function ringRotateBar(setup, t) {
  if (!t || t.exploded || t.defused) return null;
  const seat = t.roundSeat ?? setup.captain; // (the captain out of wires: the first after them with one)
  const whose = `${setup.players[seat]}'s turn (${seat === setup.captain ? "the captain's" : "the captain has no wire left"})`;
  if (t.turn !== seat) return `The cards rotate on each round before ${whose}: it is ${setup.players[t.turn]}'s turn.`;
  return setup.ring_rotated === (t.turnsTaken ?? 0) ? `The cards rotated already before ${whose} this round (Undo takes a rotation back).` : null;
}

/** 61: a place of ringSeats in words: "you", a teammate's name, or the table's (with 2-3 players). */
export function ringPlaceName(setup, i) {
  const seats = ringSeats(setup);
  if (seats[i] !== null) return seats[i] === setup.me ? "you" : setup.players[seats[i]];
  return seats.slice(0, i).includes(null) ? "the table (captain's right)" : "the table (captain's left)";
}

/** 61: card `c` put at place i (a second tap takes it off); the same card at another place leaves it — one card, one
 * place. Returns the name of the place it left, or null. */
export function putRingCard(su, i, c) {
  const held = ringHeld(su);
  const was = held.findIndex((x, k) => k !== i && x === c);
  setRingCard(su, i, held[i] === c ? "" : c);
  return was >= 0 && held[i] !== c ? ringPlaceName(su, was) : null;
}

/** 61: card `c` ("" for none) at place i, taken from any other place (one card, one place). */
export function setRingCard(su, i, c) {
  const held = ringHeld(su).map((x, k) => (k !== i && c && x === c ? "" : x));
  held[i] = c;
  setRingHeld(su, held);
}

/** Constraint card H: a failed cut of its holder's, or one in their hand, places no info token (the card in play binds
 * everyone in 32, 37, 57; mine only me elsewhere). */
export function noTokenCard(setup, d) {
  return (setup.cards ?? []).includes("H") && (cardsBindAll(setup) || d.a === setup.me || d.p === setup.me);
}

/** Constraint cards A-L (missions 31+): the ones that bind me now go with the "moves" request. */
export const CARD_LETTERS = "ABCDEFGHIJKL".split("");
/** The values constraint cards A-F let their holder cut (constraint_cards.py's _VALUE_OK): a blue value's test per card. */
const CARD_VALUE_OK = {
  A: (v) => v % 2 === 0, B: (v) => v % 2 === 1, C: (v) => v >= 1 && v <= 6, D: (v) => v >= 7 && v <= 12,
  E: (v) => v >= 4 && v <= 9, F: (v) => !(v >= 4 && v <= 9),
};

/** Whether constraint cards `cards` let their holder cut wires of value `v` ("7"; a yellow or red: no card speaks of it). */
export const cardsAllow = (cards, v) => !/^\d+$/.test(String(v)) || (cards ?? []).every((c) => !CARD_VALUE_OK[c] || CARD_VALUE_OK[c](Number(v)));

/** 34: the answer the page knows to a guess naming player d.w with card d.c, {ok, why}, else null: wrong when I am named
 * without the Captain card, when I hold it and another player or card is named, when the card is mine, or when the
 * named player named a value that card forbids while the cards were hidden (`open`: the table saw it); right when I am
 * named with my card. */
export function weakKnown(setup, t, d) {
  const own = (setup.cards ?? [])[0];
  if (!Number.isInteger(d.w) || !d.c || setup.me === null) return null;
  if (setup.weak_me && d.w !== setup.me) return { ok: false, why: "you hold the Captain card: you are the weakest link" };
  if (setup.weak_me) return !own ? null : { ok: d.c === own, why: `you are the weakest link, with card ${own}` };
  if (d.w === setup.me) return { ok: false, why: "you do not hold the Captain card" };
  if (d.c === own) return { ok: false, why: `card ${own} is yours` };
  const broke = (t.weakNamed?.[d.w] ?? []).find((v) => !cardsAllow([d.c], v));
  return broke === undefined ? null
    : { ok: false, open: true, why: `${setup.players[d.w]} named a ${broke} while the cards were hidden, which card ${d.c} forbids` };
}

/** The constraint cards a player may hold in this mission (`preset`: the mission's preset, or null): 31 deals
 * each player one of A-E; other missions and custom setups, any. */
export const cardLetters = (preset) => (oneCardEach(preset) || preset?.constraints === "weakest_link" ? CARD_LETTERS.slice(0, 5) : CARD_LETTERS);
export const CARD_NAMES = {
  A: "even only", B: "odd only", C: "1-6 only", D: "7-12 only", E: "4-9 only", F: "no 4-9",
  G: "no equipment", H: "no info token", I: "no far right", J: "no far left", K: "no solo cut", L: "double detonator",
};

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
  const said = POINTED.includes(d.k) && (d.vs || d.k === "xray") ? d.vs ?? [] : d.k === "solo" || POINTED.includes(d.k) ? [d.v].filter(Boolean) : [];
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
