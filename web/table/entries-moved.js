// Log entries that move wires between stands: Walkie-Talkies, the Grappling Hook, a wire taken from
// Nano (43). A wire keeps its tokens but an x token; a receiver files it in order among the wires they see.

import { checkPlayers, fail, HIDDEN, slotAt, slotLetter, spend, standName, turnToWires, useItem } from "./replay-table.js";
import { isCount } from "./failure-marks.js";
import { isLabel, sortValue } from "./setup.js";

/**
 * Walkie-Talkies (k "walkie": e.a gives slot e.as, e.p gives slot e.j of stand e.s; e.ato / e.pto:
 * where each filed the wire received, as {s, j} on the stand after the move) or the Grappling Hook
 * (k "hook": e.a takes e.p's slot e.j of stand e.s and files it at e.to). A wire keeps its tokens but an
 * x token (discarded); e.got: the wire I received, when I am a receiver.
 */
export function applyMove(t, e, setup, i) {
  checkPlayers(setup, e);
  const wires = e.k === "hook"
    ? [{ from: [e.p, e.s, e.j], to: [e.a, filedAt(e.to, "the wire").s, e.to.j] }]
    : [{ from: [e.a, filedAt(e.as, `${setup.players[e.a]}'s wire`).s, e.as.j], to: [e.p, filedAt(e.pto, `${setup.players[e.a]}'s wire`).s, e.pto.j] },
      { from: [e.p, e.s, e.j], to: [e.a, filedAt(e.ato, `${setup.players[e.p]}'s wire`).s, e.ato.j] }];
  // Walkie-Talkies: a player with two stands puts the new wire in the stand they gave theirs from (the card)
  for (const w of e.k === "walkie" ? wires : []) {
    const gave = wires.find((x) => x.from[0] === w.to[0]).from[1];
    if (w.to[1] !== gave) fail(`${setup.players[w.to[0]]} gave a wire from ${standName(setup, w.to[0], gave)}: the new one goes there, not on ${standName(setup, w.to[0], w.to[1])} (the card)`);
  }
  const taken = wires.map((w) => {
    const [p, s, j] = w.from;
    const sl = slotAt(t, p, s, j);
    if (sl.c === "cut") fail(`${standName(setup, p, s)} slot ${slotLetter(j)} is cut: only uncut wires move`);
    return sl;
  });
  // on copies of the stands, so that an entry refused at its second filing leaves the table as it was
  const work = t.stands.map((ss) => ss.map((st) => st.slice()));
  wires.forEach((w, n) => {
    const st = work[w.from[0]][w.from[1]];
    st.splice(st.indexOf(taken[n]), 1);
  });
  const seen = wires.map((w, n) => fileWire(t, e, setup, w.to, taken[n], work));
  work.forEach((ss, p) => ss.forEach((st, s) => t.stands[p][s].splice(0, Infinity, ...st)));
  seen.forEach((see) => see());
  // a moved wire's x token is discarded (mission 24's FAQ on the Walkie-Talkies: it counted the stand it left)
  for (const sl of taken) if (isCount(sl.m)) sl.m = null;
  t.moves.push({ kind: e.k === "hook" ? "grappling_hook" : "walkie_talkies", wires });
  if (e.k === "hook") spend(t, setup, "11.11", e.a);
  else useItem(t, setup, "2", e);
  turnToWires(t, setup);
}

/**
 * A wire taken from Nano (k "nano", mission 43): e.a takes one of Nano's face-down wires at random and
 * files it at e.to ({s, j} on the stand after); e.got: the wire, when I took it.
 */
export function applyNano(t, e, setup) {
  checkPlayers(setup, e, false);
  if (t.nanoLeft <= 0) fail(setup.nano ? `Nano has no wire left (it was dealt ${setup.nano})` : "this mission deals no wires to Nano");
  // only a cut of Nano's value earns a wire: an edit may have taken that cut back (said, not refused: a game entered
  // midway may begin with a take whose cut came before the log)
  if (t.nanoDue !== e.a && (t.turnsTaken ?? 0) > 0) t.note += ` — check: ${setup.players[e.a]} has not just cut a wire of Nano's value`;
  const to = [e.a, filedAt(e.to, "the wire").s, e.to.j];
  fileWire(t, e, setup, to, HIDDEN())();
  t.moves.push({ kind: "nano", wires: [{ to }] });
  t.nanoLeft -= 1;
  t.nanoDue = null;
}

/** Where a receiver filed a wire: {s, j} on the stand after the move, checked. */
function filedAt(x, what) {
  if (!x || !Number.isInteger(x.s) || !Number.isInteger(x.j)) fail(`where did ${what} go?`);
  return x;
}

/**
 * File the wire `sl` at slot j of player p's stand s in `stands` (on the stand after the move). Every
 * check comes before the stand changes; returns what makes me see a wire I received, to be called
 * once the whole entry is accepted (the wire itself is left as it was until then).
 */
function fileWire(t, e, setup, [p, s, j], sl, stands = t.stands) {
  const st = stands[p]?.[s];
  if (!st) fail(`${setup.players[p]} has no stand ${s + 1}`);
  if (j < 0 || j > st.length) fail(`${standName(setup, p, s)} has no slot ${slotLetter(j)} after the move`);
  // the wire `got` names is its receiver's, gp (the phone that recorded it; an older entry: mine). A link leaves it
  // out (share.js openEntry): on a receiver's phone that did not record the entry, their new wire stays unnamed
  // until they say it (an edit asks; the page's table error points at it)
  const seat = p === setup.me && t.hasHand;
  const mine = seat && e.got !== undefined && (e.gp ?? p) === p;
  const where = Number.isInteger(e.gp) && e.gp !== p ? ` (recorded on ${setup.players[e.gp]}'s phone)` : " here";
  if (seat && !mine) t.note = `${t.note ?? ""} — your new wire is not named${where}: while it is uncut, edit this entry to say which you got`;
  if (mine) checkReceived(e, st, j, sl);
  st.splice(j, 0, sl);
  return () => {
    if (mine) sl.own = e.got;
  };
}

/** I received a wire, filed at slot j of my stand `st` (as it is before the wire goes in): I must name it, in order among mine. */
function checkReceived(e, st, j, sl) {
  if (!isLabel(e.got)) fail("which wire did you get?");
  if (sl.own && sl.own !== e.got) fail(`that wire is your ${sl.own}, not ${e.got}`);
  if (!fitsAt(st, j, e.got)) fail(`your ${e.got} cannot sit there: your wires are in order`);
}

/** Whether wire `label` sits in order at slot j of my stand `st` (as it is before the wire is filed there). */
export function fitsAt(st, j, label) {
  const left = st.slice(0, j).filter((x) => x.own && !x.m?.startsWith("X")).at(-1);
  const right = st.slice(j).find((x) => x.own && !x.m?.startsWith("X"));
  return !((left && sortValue(left.own) > sortValue(label)) || (right && sortValue(label) > sortValue(right.own)));
}

/** My uncut wire the table leaves unnamed — one a move filed on my stand, recorded on another phone (its `got` is its
 * receiver's): {s, j}, or null. The engine cannot weigh a table with a wire of mine unknown, so the page says which
 * entry to change rather than the engine's words. */
export function unnamedMine(state, t) {
  const me = state.setup.me;
  if (me === null || !t.hasHand) return null;
  for (const [s, st] of (t.stands[me] ?? []).entries()) {
    const j = st.findIndex((sl) => sl.c !== "cut" && sl.c !== "info" && !sl.tw && !sl.own);
    if (j >= 0) return { s, j };
  }
  return null;
}
