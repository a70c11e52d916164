// Doctor Nope's challenge cards (55, 60): the cards face up as entered at setup, those done (the log's "Challenge
// done" names which; "It is RED" is card 1), and what the playouts need to go on checking them — the last turns'
// cuts and the values validated in order (the arena's `mission_play` kind "challenges", arena/challenges.py).
// Pure functions, no DOM, no I/O.

import { shownWire } from "./replay-table.js";
import { colourOf, isLabel } from "./setup.js";

/** Each card's condition, as a player reads it (the arena's reading: docs/arena.md, "Challenge cards"). */
export const CHALLENGE_NAMES = {
  1: "cut a teammate's wire saying “It is RED”",
  2: "4 turns in a row each cut an even value",
  3: "a stand's uncut wires all in pairs",
  4: "the first 3 values validated add up to 18",
  5: "2 solo cuts in a row",
  6: "5 isolated wires on a stand",
  7: "3 values in a row cut one after another, up or down (5, 6, 7 or 7, 6, 5)",
  8: "its two numbers validated first",
  9: "6 uncut blue wires on a stand, all odd",
  10: "a stand's two end wires uncut, 7 cut between",
};
export const CHALLENGE_IDS = Object.keys(CHALLENGE_NAMES).map(Number);

/** Card c's condition for this table: card 8 with its two numbers once tapped ("7 and 11 validated first"). */
export function challengeName(setup, c) {
  const [a, b] = setup.challenge_numbers ?? [];
  return c === 8 && b ? `${a} and ${b} validated first` : CHALLENGE_NAMES[c];
}

/** Whether the mission deals challenge cards. */
export const hasChallenges = (setup) => (setup.special ?? []).includes("challenges");

/** The challenge cards done so far (the log's, in order; "It is RED" done: card 1). */
export const challengesDone = (t) => [...(t.challengeCards ?? []), ...(t.redcallDone ? [1] : [])];

/** The challenge cards still face up: those entered at setup and not done. */
export const activeChallenges = (setup, t) => (setup.challenges ?? []).filter((c) => !challengesDone(t).includes(c));

/** Challenges 2, 5, 7: a run of turns in a row ([kind, value] events, turnEvent), and what it asks, in words. */
const RUNS = {
  2: { n: 4, what: "4 players in a row to cut even values", fits: (r) => r.every(([k, v]) => k !== "other" && k !== "red" && v % 2 === 0) },
  5: { n: 2, what: "2 solo cuts in a row", fits: (r) => r.every(([k]) => k === "solo") },
  7: { n: 3, what: "3 cuts in a row of values in sequence (up or down)", fits: (r) => r.every(([k]) => k === "cut" || k === "solo")
    && [1, -1].some((d) => r.every(([, v], i) => v === r[0][1] + d * i)) },
};

/** What the log says against card c being done, where the table shows it all (4 and 8: the values validated first;
 * 2, 5, 7: the turns in a row), or null. Said beside the entry, not refused: a cut missing from the log looks the same. */
export function challengeDoubt(setup, t, c) {
  const order = t.validOrder ?? [];
  const so = (k) => (order.length ? `the first validated: ${order.slice(0, k).join(", ")}` : "no value validated yet");
  if (c === 8) {
    const [a, b] = setup.challenge_numbers ?? [];
    if (!b) return null;
    const first = order.slice(0, 2);
    return first.length === 2 && first.includes(a) && first.includes(b) ? null : `card 8 needs ${a} and ${b} validated first (${so(2)})`;
  }
  const runs = RUNS[c];
  if (runs) { // a run of turns in a row, anywhere in the log so far (the card may be said a turn late)
    const ev = t.turnEvents ?? [];
    const ok = ev.some((_, i) => i + runs.n <= ev.length && runs.fits(ev.slice(i, i + runs.n)));
    return ok ? null : `card ${c} needs ${runs.what}, and no ${runs.n} turns in a row of the log did that`;
  }
  if (SHAPES[c]) return t.shapesSeen?.includes(c) ? null : `card ${c} needs ${CHALLENGE_NAMES[c]}, and no stand has shown that so far`;
  if (c === 4) {
    const sum = order.slice(0, 3).reduce((x, v) => x + v, 0);
    return order.length >= 3 && sum === 18 ? null : `card 4 needs the first three values validated to add up to 18 (${so(3)}${order.length >= 3 ? `: ${sum}` : ""})`;
  }
  return null;
}

const cut = (sl) => sl.c === "cut";
/** Uncut runs between cut wires (challenge 3: all of 2). */
const runs = (st) => st.map((sl) => (cut(sl) ? "|" : "o")).join("").split("|").filter(Boolean).map((r) => r.length);
const evenBlue = (w) => isLabel(w) && colourOf(w) === "blue" && Number(w) % 2 === 0;

/** Challenges 3, 6, 9, 10: whether one stand shows the shape (the arena's reading, arena/challenges.py), as far as the
 * table tells — 9 reads the wires it shows: no uncut one an even blue, 6 uncut that may be blue. */
const SHAPES = {
  3: (st) => runs(st).length > 0 && runs(st).every((n) => n === 2),
  6: (st) => st.filter((sl, j) => j > 0 && j < st.length - 1 && !cut(sl) && cut(st[j - 1]) && cut(st[j + 1])).length >= 5,
  9: (st) => {
    const left = st.filter((sl) => !cut(sl)).map(shownWire);
    return !left.some(evenBlue) && left.filter((w) => !isLabel(w) || colourOf(w) === "blue").length >= 6;
  },
  10: (st) => st.length >= 2 && st.filter(cut).length >= 7 && !cut(st[0]) && !cut(st.at(-1)),
};

/** After each entry (55, 60): the stand-shape challenges some stand has shown so far (`t.shapesSeen`), which a
 * "Challenge done" naming one is read against — the card may be said a turn late, after the shape is gone. */
export function noteShapes(t) {
  const seen = new Set(t.shapesSeen ?? []);
  for (const [c, fits] of Object.entries(SHAPES)) if (t.stands.some((ss) => ss.some((st) => fits(st)))) seen.add(Number(c));
  t.shapesSeen = [...seen];
}

const CUT_TURNS = ["dual", "xray", "detect", "solo"];
const blue = (v) => (/^\d+$/.test(String(v ?? "")) ? Number(v) : null);

/** One turn as the challenges read it: [kind, the blue value cut or null] — "solo" (a solo cut), "cut" (a cut that
 * succeeded), "red" (challenge 1's cut), "other" (a failure, a reveal of red wires, a yellow cut); null: no turn. */
export function turnEvent(e) {
  if (e.k === "redcall") return e.ok ? ["red", null] : null;
  if (e.k === "red") return ["other", null];
  if (!CUT_TURNS.includes(e.k)) return null;
  const v = e.k === "solo" ? blue(e.cuts?.[0] ?? e.v) : e.ok ? blue(e.cut ?? e.v) : null;
  if (v === null) return ["other", null];
  return [e.k === "solo" ? "solo" : "cut", v];
}

/** The playouts' challenge cards: those face up, card 8's numbers, the detonator's limit, the last 4 turns, the values
 * validated in order; null without cards entered. */
export function challengesPlay(state, t) {
  const { setup } = state;
  if (!hasChallenges(setup) || !(setup.challenges ?? []).length) return null;
  const events = state.log.filter((_, i) => t.entries[i]?.ok).map(turnEvent).filter(Boolean).slice(-4);
  return { kind: "challenges", active: activeChallenges(setup, t), targets: (setup.challenge_numbers ?? []).slice(),
    cap: setup.players.length - 1, events, validations: (t.validOrder ?? []).slice() };
}
