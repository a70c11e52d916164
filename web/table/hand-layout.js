// My wires entered on a seat taken mid-game (a shared link): the wires the table already shows there (cut, or
// under an exact info token) keep their own slots, and the keypad fills the other slots around them, in order.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { handAdd, handOrder } from "./hand.js";
import { derive } from "./replay.js";
import { standSizes } from "./deal.js";
import { colourOf, handSlots, isLabel, isXSlot, isXWire, labelsInPlay, redsInPlay, sortValue, wireOf, yellowsInPlay } from "./setup.js";

/**
 * Where each slot of every stand now came from: its dealt place {q, s, j}, or {q: null} for a wire of Nano's (43): the
 * log's moves (t.moves: Walkie-Talkies, Grappling Hook, Nano's) replayed on the dealt places.
 */
function origins(setup, t) {
  const stands = standSizes(setup).map((ss, q) => ss.map((n, s) => Array.from({ length: n }, (_, j) => ({ q, s, j }))));
  for (const mv of t.moves) {
    const taken = mv.wires.map((w) => (w.from ? stands[w.from[0]][w.from[1]][w.from[2]] : { q: null }));
    mv.wires.forEach((w, n) => {
      const st = w.from ? stands[w.from[0]][w.from[1]] : null;
      if (st) st.splice(st.indexOf(taken[n]), 1);
    });
    mv.wires.forEach((w, n) => stands[w.to[0]][w.to[1]].splice(w.to[2], 0, taken[n]));
  }
  return stands;
}

/** Where each slot of player p's stands came from: its dealt place on p's stands, or null for a wire p received. */
function dealtPlaces(setup, t, p) {
  return origins(setup, t)[p].map((st) => st.map((o) => (o.q === p ? o : null)));
}

/**
 * What the table shows on player p's stands, by the slots their hand fills as dealt (handSlots: all but the
 * turned-around wires): per stand, per slot, {h: the hand entry ("7", "X4" on the unsorted X slot), c: "cut" |
 * "info"} or null.
 */
export function shownWires(state, p) {
  if (p === null || p === undefined) return [];
  const { setup } = state;
  const t = derive({ ...state, setup: { ...setup, me: null } });
  const sizes = standSizes(setup)[p];
  const out = sizes.map((n) => Array(n).fill(null)); // by dealt slot
  dealtPlaces(setup, t, p).forEach((st, s) => st.forEach((o, j) => {
    const sl = t.stands[p][s][j];
    if (!o || sl.tw || !(sl.c === "cut" || sl.c === "info") || !isLabel(sl.v)) return;
    out[o.s][o.j] = { h: (isXSlot(setup, o.j, sizes[o.s]) ? "X" : "") + sl.v, c: sl.c };
  }));
  return out.map((st, s) => handSlots(setup, p, s, sizes[s]).map((j) => st[j]));
}

/** The wires the table shows that were dealt to player p and still sit on p's stands, per stand in hand order: a seat's
 * wires filled in (a wire p received since was not dealt to p: a walkthrough's link filled in a received wire cut
 * later, and the player's own could not be entered). */
export function publicHand(state, p) {
  return shownWires(state, p).map((st) => st.filter(Boolean).map((x) => x.h).sort((a, b) => handOrder(a) - handOrder(b)));
}

/** How many wires of each label the public table shows (cut, or under an info token) that were not dealt to player p
 * — on the other stands, or received by p since: copies p's hand as dealt cannot hold. A wire p gave away (Walkie-
 * Talkies, Grappling Hook) and cut elsewhere since is still one of theirs as dealt. */
export function shownElsewhere(state, p) {
  const t = derive({ ...state, setup: { ...state.setup, me: null } });
  const from = origins(state.setup, t);
  const out = {};
  t.stands.forEach((ss, q) => ss.forEach((st, s) => st.forEach((sl, j) => {
    if (from[q]?.[s]?.[j]?.q === p || !(sl.c === "cut" || sl.c === "info") || !isLabel(sl.v)) return;
    out[sl.v] = (out[sl.v] ?? 0) + 1;
  })));
  return out;
}

/** The first free place after `from` a sorted wire of value v may take: between the shown wires around it. */
function placeFor(v, from, free, bounds) {
  for (let k = from; k < free.length; k += 1) {
    const { lo, hi } = bounds[free[k]];
    if (lo <= v && v <= hi) return k;
  }
  return -1;
}

/**
 * Where each wire of my stand (`st`: hand entries, sorted) sits, around the wires the table shows (`shown`, one
 * entry per slot I fill, shownWires): [{h, i: its index in st, c: "cut" | "info" for a shown one}, or null] per
 * slot; null when the wires cannot all sit in order around the shown ones. `xAt`: the slot of the unsorted X wire.
 */
export function placeWires(st, shown, xAt = -1) {
  const out = shown.map(() => null);
  const rest = st.map((h, i) => ({ h, i }));
  shown.forEach((w, f) => {
    const k = w ? rest.findIndex((x) => x.h === w.h) : -1;
    if (k >= 0) out[f] = { ...rest.splice(k, 1)[0], c: w.c };
  });
  // each free slot lies between the shown sorted wires left and right of it
  const bounds = out.map((_, f) => ({
    lo: Math.max(-Infinity, ...out.slice(0, f).filter((x) => x && !isXWire(x.h)).map((x) => sortValue(x.h))),
    hi: Math.min(Infinity, ...out.slice(f + 1).filter((x) => x && !isXWire(x.h)).map((x) => sortValue(x.h))),
  }));
  const free = out.map((x, f) => (x || f === xAt ? -1 : f)).filter((f) => f >= 0);
  let from = 0;
  for (const x of rest) {
    if (isXWire(x.h)) {
      if (xAt < 0 || out[xAt]) return null;
      out[xAt] = x;
      continue;
    }
    const k = placeFor(sortValue(x.h), from, free, bounds);
    if (k < 0) return null;
    out[free[k]] = x;
    from = k + 1;
  }
  return out;
}

/** The X slot's place among the slots my stand s fills (-1 without X tokens). */
export function xPlace(setup, me, s) {
  const n = standSizes(setup)[me]?.[s] ?? 0;
  return handSlots(setup, me, s, n).findIndex((j) => isXSlot(setup, j, n));
}

/** handAdd, refused when the wire cannot sit in order around the wires the table shows on that stand. */
export function handAddAround(state, s, label, shown = shownWires(state, state.setup.me)) {
  const next = handAdd(state, s, label);
  if (next === state || !shown[s]?.some(Boolean)) return next;
  return placeWires(next.hand[s], shown[s], xPlace(state.setup, state.setup.me, s)) ? next : state;
}

/**
 * The wires a teammate's slot cannot hold because my hand holds every copy in play (four 7s; a red or yellow wire
 * of mine; every other red once my reds fill the reds in play): a Set of labels ("7", "R3", "Y" when every yellow
 * in play is mine). My hand is what I see: it is not a reading of the log, so greying these blocks no correction.
 */
export function mineAll(state) {
  const { setup } = state;
  const out = new Set();
  if (setup.me === null || !state.hand?.length) return out;
  const held = {};
  for (const h of state.hand.flat()) held[wireOf(h)] = (held[wireOf(h)] ?? 0) + 1;
  const labels = labelsInPlay(setup);
  for (const { label, copies } of labels) if ((held[label] ?? 0) >= copies) out.add(label);
  for (const [colour, inPlay] of [["red", redsInPlay(setup)], ["yellow", yellowsInPlay(setup)]]) {
    const mine = Object.keys(held).filter((l) => colourOf(l) === colour).reduce((a, l) => a + held[l], 0);
    if (inPlay > 0 && mine >= inPlay) {
      for (const { label } of labels) if (colourOf(label) === colour) out.add(label);
      out.add(colour === "yellow" ? "Y" : "r");
      if (colour === "yellow") out.add("y");
    }
  }
  return out;
}
