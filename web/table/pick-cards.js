// The number cards face up, where the page follows them from the log (as the arena's referee plays them:
// arena/number_cards.py, Pick and Sum), so the players tap nothing but the cut. 26: all 12 lie face up; on their turn
// a player flips one and cuts its value; a card whose four wires are cut leaves the game; with none face up, all the
// others turn face up again. 47: a cut names the sum or difference of two cards face up, which are then discarded
// (the entry says which two: `nc`); once no two left give a value still to cut, all 12 are face up again.

import { cutCounts, fail } from "./replay-table.js";
import { namedValue } from "./oxygen.js";

const ALL = Array.from({ length: 12 }, (_, i) => i + 1);

/** Whether the setup plays 26's number cards (flipped by the cuts). */
export const flipsByCuts = (setup) => setup.mission === 26 && setup.number_cards === "pick" && !setup.sound_rounds;

/** Whether the page follows the cards face up from the log: 26's flips, 47's pairs. */
const followsCards = (setup) => flipsByCuts(setup) || setup.number_cards === "sum";

/** The cards face up before the first entry: those tapped at the setup (a game entered midway), else all 12. */
export function pickStart(setup) {
  if (!followsCards(setup)) return {};
  const nums = setup.numbers ?? [];
  return { pickUp: nums.length && (flipsByCuts(setup) || sums(nums).length) ? nums.slice() : ALL.slice() };
}

/** Whether two of these cards give a value whose wires are not all cut (`cut`: the cut counts). */
const live = (cards, cut) => sums(cards).some((v) => (cut[String(v)] ?? 0) < 4);

/** 47: the value a cut entry names, which two cards must give (a blue value; a yellow cut or an X-or-Y Ray uses
 * none, as in the arena); null for any other entry. */
export function pairValue(e) {
  if (!["dual", "detect", "double", "triple", "super", "solo"].includes(e?.k)) return null;
  const v = Number(e.k === "solo" && !e.v ? namedValue(e) : e.v);
  return Number.isInteger(v) && v >= 1 && v <= 12 ? v : null;
}

/** After an entry: 26, the card of the value it named is face down; 47, the two cards a cut used are gone (all 12 back
 * once none left gives a value still to cut; a skip discards none: the card's back as bdiffuser's OCR reads it). */
export function pickAfter(t, setup, e) {
  if (!followsCards(setup)) return;
  if (flipsByCuts(setup)) {
    const said = namedValue(e);
    const v = Number(said); // (no value named — a token set, a skip —: no card; Number(null) read 0: 26's walkthrough)
    if (said === null || said === undefined || !Number.isInteger(v) || v < 1) return;
    // none face up before this turn (every one flipped or its value all cut): all turn face up again, then this one flips
    const cut = cutCounts(t);
    if (!t.pickUp.some((x) => x === v || (cut[String(x)] ?? 0) < 4)) t.pickUp = ALL.slice();
    if (!t.pickUp.includes(v)) t.note += ` — check: the number card ${v} was face down (the cards face up: ${t.pickUp.join(" ")})`;
    t.pickUp = t.pickUp.filter((x) => x !== v);
    return;
  }
  const v = pairValue(e);
  if (v !== null) { // the cards before this cut: t.pickUp as the last entry left it
    const up = t.pickUp;
    if (e.nc && !pairsFor(up, v).some(([a, b]) => a === e.nc[0] && b === e.nc[1])) {
      const face = [...up].sort((a, b) => a - b).join(" ");
      const down = e.nc.filter((x) => !up.includes(x)); // (47's walkthrough: "do not give 7" said of 1 and 6, the 1 face down)
      fail(down.length ? `number card${down.length > 1 ? "s" : ""} ${(down.length ? down : e.nc).join(" and ")} ${down.length > 1 || !down.length ? "were" : "was"} not face up (the cards face up were ${face})`
        : `number cards ${e.nc.join(" and ")} do not give ${v}: the cards face up were ${face}`);
    }
    const pair = e.nc ?? keptPair(up, v, t);
    if (pair) t.pickUp = up.filter((x) => !pair.includes(x));
  }
  if (!live(t.pickUp, cutCounts(t))) t.pickUp = ALL.slice();
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
  pairs(cards).forEach(([a, b]) => [a + b, b - a].forEach((v) => { if (v >= 1 && v <= 12) out.add(v); }));
  return [...out].sort((a, b) => a - b);
}

/** Every two of these cards, each pair in ascending order. */
const pairs = (cards) => {
  const c = [...cards].sort((a, b) => a - b);
  return c.flatMap((a, i) => c.slice(i + 1).map((b) => [a, b]));
};

/** The pairs of these cards that give v (47's question "which two cards?"). */
export const pairsFor = (cards, v) => pairs(cards).filter(([a, b]) => a + b === v || b - a === v);

/** The pair the arena's referee discards, and the page's default for an entry that does not say its cards (a link
 * from before the question): the one leaving the most values still to cut reachable, then the most values, then the
 * lowest cards. */
export function keptPair(up, v, t) {
  const cut = cutCounts(t);
  const score = ([a, b]) => {
    const left = sums(up.filter((x) => x !== a && x !== b));
    return [left.filter((x) => (cut[String(x)] ?? 0) < 4).length, left.length, -a, -b];
  };
  const better = (x, y) => { const [sx, sy] = [score(x), score(y)]; const i = sx.findIndex((n, k) => n !== sy[k]); return i >= 0 && sx[i] > sy[i]; };
  return pairsFor(up, v).reduce((best, p) => (!best || better(p, best) ? p : best), null);
}

/** 47: the cards face up to add or subtract — those the log leaves (or tapped at the setup), or all 12 again once no
 * two of them give a value whose wires are not all cut (the arena's reading of "none left"). Null elsewhere. */
export function sumCards(setup, t) {
  if (setup.number_cards !== "sum" || !t) return null;
  const nums = t.pickUp ?? setup.numbers ?? [];
  return live(nums, cutCounts(t)) ? nums.slice().sort((a, b) => a - b) : ALL.slice();
}
