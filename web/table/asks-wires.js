// The questions about wires that change place or are pointed at by a mission's special action: where a moved
// wire was filed and which one I got (Walkie-Talkies, Grappling Hook, Nano), and the special action's wires
// (13, 39, 41, 46, 48); which stands a question points at, and the radar answers the table already gives.
// Pure functions, no DOM, no I/O; record.js asks them in turn.

import { fitsAt } from "./entries-moved.js";
import { radarRefs, seenWire, shownWire } from "./replay-table.js";
import { isLabel, labelsInPlay, sortValue } from "./setup.js";

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
    if (mine && who === me && !(d.got && (d.gp ?? me) === me)) return { ask: "got" }; // (another phone's: not mine)
    if (!d[field]) return { ask: "file", field, who };
  }
  return null;
}

/**
 * The wires I may have got where the draft files it (the keypad of "Which wire did you get?"): those that sit in order
 * there, on my stand as it is once I gave mine (Walkie-Talkies) — and, with the engine's `laws` ("p-s-j" -> {probs}),
 * those the slot it came from may hold.
 */
export function gotFits(state, t, d, labels, laws = null) {
  const me = state.setup.me;
  const [field, gone] = d.k !== "walkie" ? ["to", null] : me === d.a ? ["ato", d.as] : ["pto", { s: d.s, j: d.js?.[0] }];
  // a wire every copy of which the table shows (cut, mine — the one I gave too —, an info token's) is not the one I got
  const copies = new Map(labelsInPlay(state.setup).map((x) => [x.label, x.copies]));
  const shown = (l) => (t.cutCount[l] ?? 0) + t.stands.flat(2).filter((sl) => sl.c !== "cut" && shownWire(sl) === l).length;
  const from = movedFrom(d, field); // where the wire came from: it sat in order there
  const around = from ? orderMarks(t.stands[from.p]?.[from.s] ?? []) : null;
  const law = from ? laws?.get(`${from.p}-${from.s}-${from.j}`)?.probs : null;
  const left = labels.filter((l) => shown(l) < (copies.get(l) ?? 0) && (!around || sitsBetween(around, from.j, from.j + 1, l))
    && (!law || Number(law[l] ?? 0) > 0));
  const at = d[field];
  if (!at) return left;
  const st = (t.stands[me]?.[at.s] ?? []).filter((_sl, j) => !(gone && gone.s === at.s && gone.j === j));
  return left.filter((l) => fitsAt(st, at.j, l));
}

/** The wire a move's receiver files (Walkie-Talkies: "ato" the pointed one, "pto" the actor's; Grappling Hook: the
 * pointed one), as {p, s, j}; null for Nano's (any wire). */
export function movedFrom(d, field) {
  if (d.k === "walkie" && field === "pto") return d.as ? { p: d.a, s: d.as.s, j: d.as.j } : null;
  return d.k === "nano" || !Number.isInteger(d.js?.[0]) ? null : { p: d.p, s: d.s, j: d.js[0] };
}

/** What each slot of a stand shows that the order of its wires must respect: a cut wire, an info token's value, mine
 * (null for an X wire or a turned-around one, unsorted, and a yellow token, which names no value). */
export const orderMarks = (st) => st.map((sl) => (sl.m === "X" || sl.tw ? null : seenWire(sl))).map((w) => (isLabel(w) ? w : null));

/** Whether `label` sits in order between the nearest wire `shown` before `left` and the nearest from `right` on. */
export function sitsBetween(shown, left, right, label) {
  const lo = shown.slice(0, left).filter(Boolean).at(-1);
  const hi = shown.slice(right).find(Boolean);
  return (!lo || sortValue(lo) <= sortValue(label)) && (!hi || sortValue(label) <= sortValue(hi));
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
  const places = t.stands[who].map((st, s) => {
    const gives = d.k === "walkie" && ((who === d.a && d.as?.s === s) || (who === d.p && d.s === s));
    return { s, n: st.length - (gives ? 1 : 0) + 1, gives };
  });
  // Walkie-Talkies: a player with two stands puts the new wire in the stand they gave theirs from (the card)
  const from = places.filter((x) => x.gives);
  return (from.length ? from : places).map(({ s, n }) => ({ s, n }));
}

/** The stands a question that asks for wires on the table points at ("p-s" keys), or null for any other question. */
export function standsToPick(state, t, d, ask) {
  if (!d || !ask) return null;
  // the answers about the wires pointed at (✓/✗, which one, its token) keep their stand in view too
  if (["result", "which", "real", "cut_label"].includes(ask.ask) && Number.isInteger(d.p) && d.js?.length) return [`${d.p}-${d.s ?? 0}`];
  // a special action's answers: the stands of every wire pointed at, mine too
  if (["special_result", "spot_label"].includes(ask.ask) && d.spots?.length) return [...new Set(d.spots.map((x) => `${x.p}-${x.s}`))];
  if (!["slots", "spots"].includes(ask.ask)) return null;
  const all = t.stands.flatMap((ss, p) => ss.map((_st, s) => ({ p, s })));
  let pick;
  if (ask.ask === "slots" && d.js?.length && Number.isInteger(d.p) && d.k !== "super") pick = [{ p: d.p, s: d.s }];
  else if (d.k === "postit" || d.k === "swl") pick = all.filter((x) => x.p === d.a);
  else if (d.k === "label_eq" || d.k === "label_ne") pick = all;
  else if (d.k === "disint") pick = all.filter((x) => x.p !== state.setup.me);
  else pick = all.filter((x) => x.p !== d.a);
  return pick.map(({ p, s }) => `${p}-${s}`);
}

/** The General Radar's answers the table already gives for number v: [{p, s, has, why}] for my stands (my wires), a
 * stand that shows an uncut wire of v (an info token) or has no wire the radar asks about, and — with `chanceOf(p, s,
 * j)`, the engine's chance that a slot holds v — a stand none of whose wires may be v, or one sure to hold one; the
 * other stands are left to the players' answers. */
export function knownRadarAnswers(state, t, v, chanceOf = null) {
  const me = state.setup.me;
  const out = [];
  t.stands.forEach((ss, p) => ss.forEach((st, s) => {
    const asked = radarRefs(t, state.setup, p, s); // (not an X wire nor a turned-around one)
    const shows = asked.some((sl) => shownWire(sl) === String(v));
    const mine = p === me && t.hasHand && asked.every((sl) => sl.own); // my turned-around wire: its owner does not see it
    const odds = chanceOf && !shows && !mine ? st.flatMap((sl, j) => (asked.includes(sl) ? [chanceOf(p, s, j)] : [])) : [];
    const why = mine ? "your wires" : shows ? "a token shows one" : !asked.length ? "no wire left to ask"
      : odds.some((c) => c === 1) ? "the table makes one sure" : odds.length && odds.every((c) => c === 0) ? "the table rules it out" : null;
    if (why) out.push({ p, s, has: shows || why === "the table makes one sure", why });
  }));
  return out;
}
