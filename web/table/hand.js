// My hand entry, my wires edited at the table, and the log's edits (add, replace, undo, redo): each
// returns a new state. Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { standSizes } from "./deal.js";
import { colourOf, handSlots, isLabel, isXWire, labelsInPlay, sortValue, wireOf } from "./setup.js";

/** Where a wire sorts on my stand (an X wire: far right). */
export const handOrder = (h) => (isXWire(h) ? Infinity : sortValue(h));

/**
 * Add one wire to my hand (the stand sorts itself); unchanged when the stand is full.
 * With X tokens the stand's last slot holds its unsorted wire: once the sorted slots are
 * full, the next wire goes there.
 */
export function handAdd(state, s, label) {
  const sizes = standSizes(state.setup);
  const me = state.setup.me;
  if (me === null || !isLabel(label)) return state;
  const next = structuredClone(state);
  while (next.hand.length < sizes[me].length) next.hand.push([]);
  const st = next.hand[s];
  const n = sizes[me][s] === undefined ? 0 : handSlots(state.setup, me, s, sizes[me][s]).length; // my turned wires are not mine to see
  if (!st || st.length >= n) return state;
  const copies = labelsInPlay(state.setup).find((x) => x.label === label)?.copies ?? 0;
  const used = next.hand.flat().filter((x) => wireOf(x) === label).length;
  if (used >= copies) return state;
  const sortedFull = state.setup.x_tokens && st.filter((x) => !isXWire(x)).length >= n - 1;
  if (sortedFull && !xWireMay(state.setup, label)) return state;
  st.push(sortedFull ? "X" + label : label);
  st.sort((a, b) => handOrder(a) - handOrder(b));
  return next;
}

/** Whether `label` may be my X wire: in 35 every X wire is blue (dealt from the blue wires, face down, first). */
export function xWireMay(setup, label) {
  return !setup.x_blue || colourOf(label) === "blue";
}

export function handRemove(state, s, j) {
  if (!state.hand[s] || j >= state.hand[s].length) return state;
  const next = structuredClone(state);
  next.hand[s].splice(j, 1);
  return next;
}

/**
 * Replace wire i of my stand s with `label` (my X wire stays my X wire); the stand sorts itself.
 * Unchanged when the label is not in play or its copies are all on my stands already.
 */
export function handReplace(state, s, i, label) {
  const st = state.hand[s];
  if (!st || !(i >= 0 && i < st.length) || !isLabel(label)) return state;
  const copies = labelsInPlay(state.setup).find((x) => x.label === label)?.copies ?? 0;
  const elsewhere = state.hand.flat().filter((x) => wireOf(x) === label).length - (wireOf(st[i]) === label ? 1 : 0);
  if (elsewhere >= copies || (isXWire(st[i]) && !xWireMay(state.setup, label))) return state;
  const next = structuredClone(state);
  next.hand[s][i] = (isXWire(st[i]) ? "X" : "") + label;
  next.hand[s].sort((a, b) => handOrder(a) - handOrder(b));
  return next;
}

/** The first of my stands with an empty slot I fill, or -1 when my hand is complete. */
export function openStand(state) {
  const me = state.setup.me;
  if (me === null) return -1;
  return standSizes(state.setup)[me].findIndex((n, s) => (state.hand[s]?.length ?? 0) < handSlots(state.setup, me, s, n).length);
}

export function handComplete(state) {
  const me = state.setup.me;
  if (me === null) return false;
  const sizes = standSizes(state.setup)[me];
  return sizes.every((n, s) => (state.hand[s]?.length ?? 0) === handSlots(state.setup, me, s, n).length);
}

// ---------------------------------------------------------------- log

export function addEntry(state, entry) {
  const next = structuredClone(state);
  next.log.push(entry);
  clearRedo(next);
  return next;
}

/**
 * Entry i of the log replaced by `entry` (an edit) or deleted (`entry` null). Undo takes it back while nothing was
 * logged after it: state.log_undo keeps {at: the log's length after it, i, before, after (null: deleted), seq}, as
 * editHand does for my wires (seq orders the two kinds of edit). Like a new entry, it empties the redo lists.
 */
export function replaceEntry(state, i, entry) {
  const next = structuredClone(state);
  if (i < 0 || i >= next.log.length) return state;
  const before = next.log[i];
  if (entry) next.log[i] = entry;
  else next.log.splice(i, 1);
  const mark = { at: next.log.length, i, before, after: entry ? structuredClone(entry) : null, seq: nextSeq(state) };
  next.log_undo = [...(next.log_undo ?? []), mark].slice(-HAND_EDITS_KEPT);
  if (!entry && i < (next.undo_floor ?? 0)) next.undo_floor -= 1; // a shared entry deleted: one fewer of them
  clearRedo(next);
  return next;
}

/** The redo lists, emptied by any new change. */
function clearRedo(next) {
  next.redo = [];
  next.hand_redo = [];
  next.log_redo = [];
  next.setup_redo = [];
}

/** The order number of a new edit (of my wires or of an entry): after every one remembered. */
function nextSeq(state) {
  const marks = [state.hand_undo, state.hand_redo, state.log_undo, state.log_redo, state.setup_undo, state.setup_redo].flatMap((x) => x ?? []);
  return 1 + Math.max(0, ...marks.map((m) => m.seq ?? 0));
}

const sameEntry = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The newest edit of an entry in `marks` when it is the newest change of the log: made when the list (log or redo)
 * was as long as now, and the entry is still what it left (`side`: "after" to undo, "before" to redo). */
function newestLogEdit(marks, length, log, side) {
  const mark = marks?.at(-1);
  if (!mark || mark.at !== length) return null;
  const gone = side === "after" ? mark.after === null : false; // undoing a deletion: the entry is not there
  return gone || sameEntry(log[mark.i], mark[side]) ? mark : null;
}

/** Of the valid edits of my wires, of an entry and of the setup, the newest one ({kind, mark}), or null. */
function newerEdit(handMark, logMark, setupMark = null) {
  const marks = [["hand", handMark], ["log", logMark], ["setup", setupMark]].filter(([, m]) => m);
  if (!marks.length) return null;
  const [kind, mark] = marks.reduce((a, b) => ((b[1].seq ?? 0) > (a[1].seq ?? 0) ? b : a));
  return { kind, mark };
}

/** The edit undo would take back (of my wires, an entry or the setup, made since the last entry), or null. */
function undoEdit(state) {
  return newerEdit(newestEdit(state.hand_undo, state.log.length, state.hand, "after"),
    newestLogEdit(state.log_undo, state.log.length, state.log, "after"),
    newestEdit(state.setup_undo, state.log.length, state.setup, "after"));
}

/** The edit redo would bring back, or null. */
function redoEdit(state) {
  return newerEdit(newestEdit(state.hand_redo, state.redo.length, state.hand, "before"),
    newestLogEdit(state.log_redo, state.redo.length, state.log, "before"),
    newestEdit(state.setup_redo, state.redo.length, state.setup, "before"));
}

/** Edit `edit` of `next` taken back (`dir` "undo": its `before` put back) or brought back ("redo": its `after`), moved
 * from that list to the other with the other list's length then (`at`). */
function applyEdit(next, edit, dir, at) {
  const [from, to, side] = dir === "undo" ? ["_undo", "_redo", "before"] : ["_redo", "_undo", "after"];
  const field = edit.kind;
  const m = next[field + from].pop();
  next[field + to] = [...(next[field + to] ?? []), { ...m, at }];
  if (field !== "log") next[field] = structuredClone(m[side]); // my wires, the setup: the whole field
  else if (m.after === null) { // a deletion: the entry comes back, or goes again
    if (dir === "undo") next.log.splice(m.i, 0, m.before);
    else next.log.splice(m.i, 1);
  } else next.log[m.i] = m[side];
}

/** Undo the newest change: an edit of my wires, of an entry or of the setup when nothing was logged since, else the
 * last entry (never one a shared link came with: `undo_floor`). */
export function undo(state) {
  const edit = undoEdit(state);
  if (!edit && state.log.length <= (state.undo_floor ?? 0)) return state;
  const next = structuredClone(state);
  if (edit) applyEdit(next, edit, "undo", next.redo.length);
  else next.redo.push(next.log.pop());
  return next;
}

/** Redo what undo took back last: an edit of my wires, of an entry or of the setup, or a log entry. */
export function redo(state) {
  const edit = redoEdit(state);
  if (!edit && !state.redo.length) return state;
  const next = structuredClone(state);
  if (edit) applyEdit(next, edit, "redo", next.log.length);
  else next.log.push(next.redo.pop());
  return next;
}

/** Is there something for undo to take back? (Asked at every drawing: no copy of the state.) */
export const canUndo = (state) => undoEdit(state) !== null || state.log.length > (state.undo_floor ?? 0);

/** Is there something for redo to bring back? */
export const canRedo = (state) => redoEdit(state) !== null || state.redo.length > 0;

// ---------------------------------------------------------------- my wires edited at the table

/** How many edits of my wires undo remembers. */
export const HAND_EDITS_KEPT = 20;

const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The setup changed during a game (my constraint cards, the number cards in view, the cards on the table…): `next`
 * (the changed state) with the change remembered for undo as an edit of my wires is (state.setup_undo {at, before,
 * after, seq}); a slip on a card chip is then taken back by undo, not the last turn.
 */
export function editSetup(state, next) {
  // (another seat is not remembered: its wires are entered again, which undo could not give back)
  if (sameJson(state.setup, next.setup) || (!state.log.length && state.phase !== "table") || next.setup.me !== state.setup.me) return next;
  const mark = { at: state.log.length, before: structuredClone(state.setup), after: structuredClone(next.setup), seq: nextSeq(state) };
  const out = { ...next, setup_undo: [...(state.setup_undo ?? []), mark].slice(-HAND_EDITS_KEPT) };
  clearRedo(out);
  return out;
}

/**
 * My wires replaced at the table ("Edit my wires"): one change, the turn log kept as it is (replay flags
 * the entries the new wires make impossible). Undo takes it back while nothing was logged after it:
 * state.hand_undo keeps {at: the log's length then, before, after} for each edit, hand_redo the ones
 * undone ({at: the redo list's length then, …}). Like a new entry, it empties both redo lists.
 */
export function editHand(state, hand) {
  if (sameJson(state.hand, hand)) return state;
  const next = structuredClone(state);
  const mark = { at: state.log.length, before: structuredClone(state.hand), after: structuredClone(hand), seq: nextSeq(state) };
  next.hand_undo = [...(next.hand_undo ?? []), mark].slice(-HAND_EDITS_KEPT);
  next.hand = structuredClone(hand);
  clearRedo(next);
  return next;
}

/**
 * The newest edit in `marks` when it is the newest change: made when the list (log or redo) was no
 * longer than now, and my wires are still what it left (`side`). A hand changed since by other means
 * (a new seat, the hand screen) leaves the mark stale: it is never applied.
 */
function newestEdit(marks, length, hand, side) {
  const mark = marks?.at(-1);
  return mark && mark.at >= length && sameJson(hand, mark[side]) ? mark : null;
}

/** A key tapped while editing my wires: it replaces the picked wire ({s, i}), else fills the first empty slot. */
export function handEditKey(state, hand, pick, label) {
  const draft = { ...state, hand };
  if (pick) return handReplace(draft, pick.s, pick.i, label).hand;
  const s = openStand(draft);
  return s < 0 ? hand : handAdd(draft, s, label).hand;
}
