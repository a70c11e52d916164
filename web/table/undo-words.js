// What an undo or a redo changed, in a player's words ("Undone: Ann cut Bob D with a 5"), for the note the
// page shows after the tap. Pure functions, no DOM, no I/O.

import { describeEntry } from "./describe.js";
import { slotLetter, standName } from "./replay-table.js";
import { aValue, wireOf } from "./setup.js";
import { cardsBindAll } from "./card-rules.js";

const DETECTORS = { double: "Double Detector", triple: "Triple Detector", super: "Super Detector" };

export { aValue } from "./setup.js";

/** The setup's fields a game's changes are said by (undo-words' note on a setup change undone or redone). */
const SETUP_WORDS = { cards: "my constraint cards", numbers: "the number cards in view", table_cards: "the cards on the table",
  mistakes: "the mistakes allowed", guess_mine: "my number cards" };
const list = (x) => (Array.isArray(x) ? (x.length ? x.join(" ") : "none") : x === null || x === undefined ? "all" : String(x));

/** One log entry as a short sentence: cuts and detectors in plain words, the rest as the turn log says it. */
export function entryWords(e, setup) {
  const name = (p) => setup.players[p] ?? `Player ${(p ?? 0) + 1}`;
  const at = (j) => `${standName(setup, e.p, e.s)} ${slotLetter(j ?? 0)}`;
  const outcome = e.ok ? "" : " (it failed)";
  if (e.k === "dual") return `${name(e.a)} cut ${at(e.j)} with ${aValue(e.v)}${outcome}`;
  if (e.k === "xray") return `${name(e.a)}'s X-or-Y Ray on ${at(e.j)} (${(e.vs ?? []).map(aValue).join(" or ")})${outcome}`;
  if (e.k === "detect") {
    const slots = (e.js ?? []).map(slotLetter).join("+");
    return `${name(e.a)}'s ${DETECTORS[e.kind] ?? "Detector"}${e.vs ? " and X-or-Y Ray" : ""} on ${standName(setup, e.p, e.s)} ${slots} for ${(e.vs ?? [e.v]).map(aValue).join(" or ")}${outcome}`;
  }
  return describeEntry(e, setup);
}

/** The wires an edit of my hand took out and put in: {out: ["11"], in: ["12"]}. */
function handChange(before, after) {
  const count = (hand) => {
    const n = new Map();
    for (const h of hand.flat()) n.set(wireOf(h), (n.get(wireOf(h)) ?? 0) + 1);
    return n;
  };
  const a = count(before);
  const b = count(after);
  const less = (x, y) => [...x].flatMap(([l, k]) => Array(Math.max(0, k - (y.get(l) ?? 0))).fill(l));
  return { out: less(a, b), in: less(b, a) };
}

/** An entry edited, deleted or put back inside the log (not at its end): {was, now} (null: not there), or null. */
function editedEntry(a, b) {
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  const i = a.findIndex((e, k) => !same(e, b[k]));
  if (i < 0 || i >= Math.min(a.length, b.length)) return null; // a change at the end: an entry popped or pushed
  if (a.length === b.length) return { i, was: a[i], now: b[i] };
  return a.length > b.length ? { i, was: a[i], now: null } : { i, was: null, now: b[i] };
}

/**
 * The note after an undo (`dir` "undo") or a redo ("redo") took `before` to `after`: "Undone: Ann cut Bob D with
 * a 5", "Redone: your wires' edit (11 → 12)"; null when nothing changed.
 */
export function undoNote(before, after, dir) {
  if (before === after) return null;
  const head = dir === "undo" ? "Undone" : "Redone";
  const setup = before.setup;
  const logEdit = editedEntry(before.log, after.log);
  if (logEdit) {
    const { was, now } = logEdit;
    if (!now || !was) return `${head}: the deletion of “${entryWords(was ?? now, setup)}”`;
    return `${head}: an entry's edit — now “${entryWords(now, setup)}”`;
  }
  const entry = dir === "undo" ? (after.log.length < before.log.length ? before.log.at(-1) : null)
    : after.log.length > before.log.length ? after.log.at(-1) : null;
  if (entry) return `${head}: ${entryWords(entry, setup)}`;
  const changed = Object.keys(SETUP_WORDS).filter((k) => JSON.stringify(before.setup[k]) !== JSON.stringify(after.setup[k]));
  if (JSON.stringify(before.setup) !== JSON.stringify(after.setup)) {
    const words = (k) => (k === "cards" && cardsBindAll(after.setup) ? "the constraint card in play" : SETUP_WORDS[k]);
    // an undo says what it brought back (the arrow would read as the change undone)
    const what = changed.map((k) => (dir === "undo" ? `${words(k)} back to ${list(after.setup[k])} (was ${list(before.setup[k])})`
      : `${words(k)} ${list(before.setup[k])} → ${list(after.setup[k])}`));
    return `${head}: ${what.length ? what.join("; ") : "a change of the setup"}`;
  }
  const { out, in: put } = handChange(before.hand, after.hand);
  const swap = out.length && put.length ? ` (${dir === "undo" ? `${out.join(", ")} back to ${put.join(", ")}` : `${out.join(", ")} → ${put.join(", ")}`})` : "";
  return `${head}: the edit of your wires${swap}`;
}
