// My hand entry and the log's edits (add, replace, undo, redo): each returns a new state.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { handSlots, isLabel, isXWire, labelsInPlay, sortValue, standSizes, wireOf } from "./setup.js";

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
  st.push(sortedFull ? "X" + label : label);
  st.sort((a, b) => handOrder(a) - handOrder(b));
  return next;
}

export function handRemove(state, s, j) {
  if (!state.hand[s] || j >= state.hand[s].length) return state;
  const next = structuredClone(state);
  next.hand[s].splice(j, 1);
  return next;
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
  next.redo = [];
  return next;
}

export function replaceEntry(state, i, entry) {
  const next = structuredClone(state);
  if (i < 0 || i >= next.log.length) return state;
  if (entry) next.log[i] = entry;
  else next.log.splice(i, 1);
  next.redo = [];
  return next;
}

export function undo(state) {
  if (!state.log.length) return state;
  const next = structuredClone(state);
  next.redo.push(next.log.pop());
  return next;
}

export function redo(state) {
  if (!state.redo.length) return state;
  const next = structuredClone(state);
  next.log.push(next.redo.pop());
  return next;
}
