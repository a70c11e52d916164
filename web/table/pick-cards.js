// The number cards face up, where the page follows them from the log. 26: all 12 lie face up; on their turn a player
// flips one and cuts its value; a card whose four wires are cut leaves the game; with none face up, all the others turn
// face up again. The flip goes with the cut: the entry that names a value flips its card (as the arena's referee plays
// it: arena/number_cards.py, Pick), so the players tap nothing but the cut. 47: the two cards a cut used are untapped
// by hand; once none left gives a value still to cut, all 12 are face up again.

import { cutCounts } from "./replay-table.js";
import { namedValue } from "./oxygen.js";

const ALL = Array.from({ length: 12 }, (_, i) => i + 1);

/** Whether the setup plays 26's number cards (flipped by the cuts). */
export const flipsByCuts = (setup) => setup.mission === 26 && setup.number_cards === "pick" && !setup.sound_rounds;

/** The cards face up before the first entry: those tapped at the setup (a game entered midway), else all 12. */
export const pickStart = (setup) => (flipsByCuts(setup) ? { pickUp: (setup.numbers ?? []).length ? setup.numbers.slice() : ALL.slice() } : {});

/** After an entry: the card of the value it named is face down. */
export function pickAfter(t, setup, e) {
  if (!flipsByCuts(setup)) return;
  const v = Number(namedValue(e));
  if (Number.isInteger(v)) t.pickUp = t.pickUp.filter((x) => x !== v);
}

/** The cards face up now (26), in order: those not flipped and not gone; none left, all but those gone. Null elsewhere. */
export function pickedUp(setup, t) {
  if (!flipsByCuts(setup) || !t?.pickUp) return null;
  const cut = cutCounts(t);
  const left = (v) => (cut[String(v)] ?? 0) < 4;
  const up = t.pickUp.filter(left);
  return up.length ? up.sort((a, b) => a - b) : ALL.filter(left);
}

/** The values two of these cards give, added or subtracted (47; the arena's number_cards.sums). */
export function sums(cards) {
  const out = new Set();
  cards.forEach((a, i) => cards.forEach((b, j) => {
    if (i < j) [a + b, Math.abs(a - b)].forEach((v) => { if (v >= 1 && v <= 12) out.add(v); });
  }));
  return [...out].sort((a, b) => a - b);
}

/** 47: the cards face up to add or subtract — those tapped, or all 12 again once no two of them give a value whose
 * wires are not all cut (the arena's reading of "none left"), so untapping the last pair leaves the table as the
 * players see it. Null elsewhere. */
export function sumCards(setup, t) {
  if (setup.number_cards !== "sum" || !t) return null;
  const cut = cutCounts(t);
  const live = (cards) => sums(cards).some((v) => (cut[String(v)] ?? 0) < 4);
  const nums = setup.numbers ?? [];
  return live(nums) ? nums.slice() : ALL.slice();
}
