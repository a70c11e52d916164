// Failures in the even/odd and x-token missions (21, 33; 24, 40): the mission's token replaces the info
// token, failures included, so a failed cut on a blue wire shows its parity, or how many wires of its value
// its stand holds (cut ones included), never the value; a yellow wire still shows a yellow info token, a red
// one explodes. What such a failure may show, the mark my own wire gets, and the mark put on a slot
// (checked: an error names the slot). Pure functions, no DOM, no I/O.

import { fail, shownWire, slotAt, slotLetter, standName } from "./replay-table.js";
import { colourOf, isLabel, labelsInPlay, tokenMarks } from "./setup.js";

const PARITY = ["E", "O"];

/** Is mark `m` an x-token (a count of its value on the stand: x1–x4)? */
export const isCount = (m) => /^[1-4]x$/.test(m ?? "");

/**
 * Why an x-token on a stand wires moved to or from is refused: it counts the stand as it is, which the engine
 * cannot read (it counts a stand as dealt, not knowing when a token was placed) — so it is left out, the
 * failure recorded with no token (the table learns a little less, nothing false).
 */
const MOVED_COUNT = (where) => `${where}: wires moved to or from this stand, so its x-tokens cannot be read (the engine counts a stand as dealt): record the failure as “No token”`;

/** The marks a failed cut shows in this setup: [] where it shows a value (or nothing at all: mission 58). */
export function failureMarks(setup) {
  return setup.failure_tokens === false ? [] : tokenMarks(setup);
}

/** A mark in words, for the log and its messages: "an even token", "an x2 token". */
export function markWords(m) {
  if (m === "E") return "an even token";
  if (m === "O") return "an odd token";
  if (isCount(m)) return `an x${m[0]} token`;
  if (m === "X") return "an X token";
  return m?.startsWith("!") ? `a false token (not ${m.slice(1)})` : "a token";
}

/** Did a recorded move take a wire from, or file one into, player p's stand s? */
export function standMoved(t, p, s) {
  return t.moves.some((mv) => mv.wires.some((w) => [w.from, w.to].some((x) => x && x[0] === p && x[1] === s)));
}

/**
 * The mark a failure on wire `label` of player p's stand s shows: its parity, or how many wires of its value
 * the stand holds, cut ones included. null where a failure shows no mark (a yellow or red wire, a mission of
 * value tokens); undefined where it cannot be told from here (the count is of the stand as dealt, and a wire
 * moved in or out since; or a count this mission has no token for).
 */
export function wireMark(setup, t, p, s, label) {
  const marks = failureMarks(setup);
  if (!marks.length || !isLabel(label) || colourOf(label) !== "blue") return null;
  if (marks.includes("E")) return Number(label) % 2 === 0 ? "E" : "O";
  if (standMoved(t, p, s)) return undefined;
  const count = t.stands[p][s].filter((sl) => (sl.c === "cut" ? sl.v : sl.own) === label).length;
  return marks.includes(`${count}x`) ? `${count}x` : undefined;
}

/** The colour a slot is known to have ("b", "y", "r"), from its info token, my wire or the colour seen. */
function knownColour(sl) {
  const wire = shownWire(sl);
  if (wire === "Y" || (isLabel(wire) && colourOf(wire) === "yellow")) return "y";
  if (isLabel(wire)) return colourOf(wire)[0];
  return sl.col;
}

/**
 * The answers a failure on slot `sl` cannot show, from what the table already shows there (the sheet
 * disables them): another parity or count than the mark it has, yellow or red on a known blue wire, a mark on
 * a known yellow wire, …. Answers: marks, "Y", red labels.
 */
export function ruledOutAnswers(setup, sl) {
  const marks = failureMarks(setup);
  const reds = labelsInPlay(setup).map((x) => x.label).filter((l) => colourOf(l) === "red");
  const out = new Set();
  if (!sl || !marks.length) return out;
  const add = (xs) => xs.forEach((x) => out.add(x));
  if (marks.includes(sl.m)) {
    add(marks.filter((m) => m !== sl.m));
    add(reds); // an x-token's wire is not red; a parity's is blue
    if (PARITY.includes(sl.m)) out.add("Y");
  }
  if (sl.m?.startsWith("!")) add(reds);
  const col = knownColour(sl);
  if (col === "b") add(["Y", ...reds]);
  if (col === "y") add([...marks, ...reds]);
  if (col === "r") add([...marks, "Y"]);
  const blue = shownWire(sl);
  if (marks.includes("E") && isLabel(blue) && colourOf(blue) === "blue") out.add(Number(blue) % 2 === 0 ? "O" : "E");
  return out;
}

/**
 * A failure's mark on slot j of player p's stand s: the wire stays uncut and hidden and gets the mark,
 * checked against the mission and what the slot shows (a mark it has, a colour, my own wire).
 */
export function markSlot(t, setup, p, s, j, mark) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (!failureMarks(setup).includes(mark)) fail(`${where}: a failure in this mission does not show ${markWords(mark)}`);
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (isCount(mark) && standMoved(t, p, s)) fail(MOVED_COUNT(where));
  if (sl.m && sl.m !== mark) fail(`${where} already shows ${markWords(sl.m)}, not ${markWords(mark)}`);
  if (sl.own) {
    const want = wireMark(setup, t, p, s, sl.own);
    if (want === null) fail(`${where} is your ${sl.own}: a failure on it shows ${colourOf(sl.own) === "red" ? "nothing (it explodes)" : "a yellow info token"}`);
    if (want && want !== mark) fail(`${where} is your ${sl.own}: it gets ${markWords(want)}, not ${markWords(mark)}`);
  } else if (ruledOutAnswers(setup, { ...sl, m: null }).has(mark)) {
    fail(`${where} shows ${sl.c === "info" ? `an info token ${sl.v}` : `a ${{ y: "yellow", r: "red" }[sl.col] ?? "blue"} wire`}: not ${markWords(mark)}`);
  }
  sl.m = mark;
  if (sl.c === "h" && !PARITY.includes(mark)) sl.col = "b"; // a count shows on a blue wire only (a yellow one shows yellow)
}
