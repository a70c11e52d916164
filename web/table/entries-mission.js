// Log entries of mission actions: a turn skipped for want of oxygen (44, 49, 54, 63), a challenge done
// (55), and the number cards that move the detonator back (62).

import { oxygenKind } from "./oxygen.js";
import { advance, checkPlayers, detonatorBack, detonatorStep, fail } from "./replay-table.js";

/** A turn skipped for want of oxygen (44, 49, 54, 63): the detonator moves a space and the next player plays. */
export function applySkip(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!oxygenKind(setup)) fail("only oxygen missions (44, 49, 54, 63) skip a turn for want of oxygen");
  detonatorStep(t, setup);
  advance(t, setup, e.a);
}

/**
 * Mission 29: the number card put down before a's turn, shown after it: if a has just cut a wire of its value (the
 * entry before this one, theirs), the detonator moves a space. The card itself tells nothing of the wires.
 */
export function applyShown(t, e, setup) {
  checkPlayers(setup, e, false);
  if (setup.number_cards !== "guess") fail("only mission 29 shows a number card after each turn");
  if (!/^\d+$/.test(String(e.v ?? ""))) fail("the number card shown needs its value (1-12)");
  const cut = t.lastCut;
  if (cut && cut.a === e.a && cut.values.includes(String(e.v))) {
    detonatorStep(t, setup);
    t.note = ` — ${setup.players[e.a]} has just cut a ${e.v}: the detonator moves`;
  }
  t.lastCut = null;
}

/** Mission 62: the first time all 4 wires of a value on a faceup number card are cut, the detonator goes back a space. */
export function numberCardsBack(t, backers, backed) {
  for (const v of backers) {
    if (backed.has(v)) continue;
    let n = 0;
    for (const ss of t.stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v === v) n += 1;
    if (n >= 4) {
      backed.add(v);
      detonatorBack(t);
    }
  }
}

/** A challenge card completed (55): the detonator goes back a space (never below where it started). */
export function applyChallenge(t, e, setup) {
  if (!(setup.special ?? []).includes("challenges")) fail("only mission 55 has challenge cards");
  detonatorBack(t);
}
