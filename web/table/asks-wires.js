// The questions about wires that change place or are pointed at by a mission's special action: where a moved
// wire was filed and which one I got (Walkie-Talkies, Grappling Hook, Nano), and the special action's wires
// (13, 39, 41, 46, 48). Pure functions, no DOM, no I/O; record.js asks them in turn.

import { fitsAt } from "./entries-moved.js";
import { shownWire } from "./replay-table.js";
import { isLabel } from "./setup.js";

/**
 * Walkie-Talkies / Grappling Hook / Nano's wire, after the teammate's wire is picked (none from Nano): which wire the actor gave
 * (Walkie-Talkies), where each receiver filed the wire it got, and the wire I got if I received one.
 */
export function moveAsk(state, t, d) {
  const me = state.setup.me;
  if (d.k === "walkie" && !d.as) return { ask: "give_slot" };
  const files = d.k === "walkie" ? [["ato", d.a], ["pto", d.p]] : [["to", d.a]];
  // the wire I received: I see it, so its value comes first and says where it sits in order
  const mine = me !== null && t.hasHand;
  for (const [field, who] of files) {
    if (mine && who === me && !d.got) return { ask: "got" };
    if (!d[field]) return { ask: "file", field, who };
  }
  return null;
}

/**
 * The wires I may have got where the draft files it (the keypad of "Which wire did you get?"): those that sit in order
 * there, on my stand as it is once I gave mine (Walkie-Talkies).
 */
export function gotFits(state, t, d, labels) {
  const me = state.setup.me;
  const [field, gone] = d.k !== "walkie" ? ["to", null] : me === d.a ? ["ato", d.as] : ["pto", { s: d.s, j: d.js?.[0] }];
  const at = d[field];
  if (!at) return labels;
  const st = (t.stands[me]?.[at.s] ?? []).filter((_sl, j) => !(gone && gone.s === at.s && gone.j === j));
  return labels.filter((l) => fitsAt(st, at.j, l));
}

/** The wire slot (p, s, j) is known to hold, as far as the table shows it (mine, or an info token's value), else null. */
export function knownWire(t, { p, s, j }) {
  const w = shownWire(t.stands[p]?.[s]?.[j]);
  return isLabel(w) ? w : null;
}

/** A special action's questions (13, 39, 41, 46, 48): the wires pointed at, what happened, then each wire the table
 * does not show already (cut or shown, the table sees it). */
export function specialAsk(t, d) {
  if (!d.done || !(d.spots ?? []).length) return { ask: "spots" };
  if (!d.res) return { ask: "special_result" };
  if (d.res === "boom") return null;
  const n = d.spots.findIndex((x, i) => !knownWire(t, x) && !d.ls?.[i]);
  return n < 0 ? null : { ask: "spot_label", n };
}

/** Where a receiver may file the wire: {s, n} per stand, n = places on it (its length after the move, + 1 for the wire). */
export function filePlaces(state, t, d, who) {
  return t.stands[who].map((st, s) => {
    const gives = d.k === "walkie" && ((who === d.a && d.as?.s === s) || (who === d.p && d.s === s));
    return { s, n: st.length - (gives ? 1 : 0) + 1 };
  });
}
