// What the table allows for the answers a draft still needs (record.js nextAsk), and the answers it makes certain. The
// derived table rules slots and values out (a slot cut, my own wire or an info token that is another value, a colour seen, a
// value all cut); where the page has the engine's answer for this very table (`laws`: "p-s-j" -> {probs}, as the heatmap and
// "Why not" use it), so does a chance of 0. Editing assumes nothing. Pure functions, no DOM, no I/O; `A`: {state, t, laws, editing}.

import { failureMarks } from "./failure-marks.js";
import { noTokenCard, weakKnown } from "./card-rules.js";
import { CHARACTER_CARDS, characterFor } from "./detectors.js";
import { DETECTOR_KINDS, nextAsk, ownSlotsFor } from "./record.js";
import { filePlaces, knownWire, movedFrom, orderMarks, sitsBetween } from "./asks-wires.js";
import { specialAction, specialKind, specialShows } from "./entries-mission.js";
import { xWireWait } from "./entries-cuts.js";
import { colourCount, seenWire, shownWire, TURNED_BOOM } from "./replay-table.js";
import { colourOf, labelsInPlay, noValueShown, redsInPlay, saidOf, valueMatches, yellowsInPlay } from "./setup.js";
import { pairsFor, pairValue, sumCards } from "./pick-cards.js";
import { derive } from "./replay.js";

const EPS = 1e-9;
const SEEN = { b: "blue", y: "yellow", r: "red" };

/** The engine's slot laws when they answer the table shown (app.results; not while a newer one computes — but the
 * last visit's answers for this very table, `cachedDoc`, while the engine starts), else null. */
export const freshLaws = (results) => (results.error || (results.pending && !results.cachedDoc) ? null : results.analysis?.slots ?? null);

/** The values a draft's actor said: one ("7", "Y"), or two for the X-or-Y Ray. */
export const saidBy = (d) => (d.vs || d.k === "xray" || d.k === "redcall" ? d.vs ?? [] : d.v ? [d.v] : []);

const fitsAny = (label, said) => said.some((x) => valueMatches(label, x));

/** The chance that slot (p, s, j) holds a wire answering one of `said` (labels; "Y" is any yellow): 0 when the table
 * rules it out, 1 when it makes it certain, else the engine's law; null when it is possible and no law is at hand. */
export function chance(t, laws, p, s, j, said) {
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl || sl.c === "cut") return 0;
  const shown = shownWire(sl);
  const known = shown === "Y" ? null : shown; // (a yellow token without a number: below)
  if (known) return fitsAny(known, said) ? 1 : 0;
  const seen = sl.c === "info" ? "yellow" : SEEN[sl.col];
  if (seen && !said.some((x) => (x === "Y" ? "yellow" : colourOf(x)) === seen)) return 0;
  if (sl.c === "info" && said.includes("Y")) return 1;
  const law = laws?.get(`${p}-${s}-${j}`)?.probs;
  if (!law) return null;
  let q = 0;
  for (const [label, x] of Object.entries(law)) if (fitsAny(label, said)) q += Number(x);
  return q >= 1 - EPS ? 1 : q <= 0 ? 0 : q;
}

/** The draft's table: while editing entry `A.edit`, as it stood before it (a wire cut later was there), else now. */
export const tableThen = (A) => (A.editing && Number.isInteger(A.edit) ? derive({ ...A.state, log: A.state.log.slice(0, A.edit) }) : A.t);

const ch = (A, p, s, j, said) => (A.editing ? null : chance(A.t, A.laws, p, s, j, said)); // (editing: anything goes)

/** Is every copy of `label` ("7", "R5", or "Y": every yellow) cut already? */
export function allCut(setup, t, label) {
  const labels = labelsInPlay(setup);
  if (label === "Y") return t.yellowCut >= yellowsInPlay(setup);
  const copies = labels.find((x) => x.label === label)?.copies ?? 0;
  return (t.cutCount[label] ?? 0) >= copies;
}

/** The slot of the target stand the draft's result is about: the wire pointed at, the detector's hit or token. */
function targetSlot(d) {
  if (DETECTOR_KINDS.includes(d.k)) return d.ok ? d.hit : d.tok;
  return d.js?.[0];
}

/** Which of ✓ and ✗ the table allows for the wires pointed at (a detector fails only if none may be the value). */
export function resultAllowed(A, d) {
  const cs = (d.js ?? []).map((j) => ch(A, d.p, d.s, j, saidBy(d)));
  // `sure`: a ranked move the engine called sure, recorded from My best cuts (a detector's joint success, which no
  // single wire's law shows); 11: a wire known to be the value said still explodes if that value is the hidden one
  const said = saidBy(d);
  const hidden = A.state.setup.hidden_red && said.some((v) => /^\d+$/.test(v) && !notHidden(A.t, v));
  return { ok: cs.some((c) => c !== 0) && copiesAllow(A, d), wrong: !d.sure && (hidden || !cs.some((c) => c === 1)) };
}

/** A success needs two uncut copies of the blue value said, or two yellow wires — one among the wires pointed at, one
 * on the actor's stands — beyond those the table places elsewhere for sure (my wires, tokens, a law of 1). */
function copiesAllow(A, d) {
  const said = saidBy(d);
  if (A.editing || said.length !== 1 || !/^(\d+|Y)$/.test(said[0])) return true;
  const v = said[0];
  const sure = (p, s, j, sl) => sl.c !== "cut" && !(p === d.p && s === d.s && (d.js ?? []).includes(j)) && ch(A, p, s, j, [v]) === 1;
  const elsewhere = A.t.stands.reduce((n, ss, p) => n + (p === d.a ? 0 : ss.reduce((m, st, s) => m + st.filter((sl, j) => sure(p, s, j, sl)).length, 0)), 0);
  return copiesLeft(A.state.setup, A.t, v) - elsewhere >= 2;
}

/** A detector's wires pointed at: [{j, ok}], ok when it may be the one cut. */
export const hitOptions = (A, d) => (d.js ?? []).map((j) => ({ j, ok: ch(A, d.p, d.s, j, saidBy(d)) !== 0 }));

/** The answers to "What is it really?" (`labels`: blue values, "Y", red labels) at slot j: [{label, ok}]. */
export function realOptions(A, d, j, labels) {
  const said = saidBy(d);
  return slotLabelOptions(A, d.p, d.s, j, labels).map((x) => ({ ...x, ok: x.ok && !fitsAny(x.label, said) }));
}

/** The labels slot (p, s, j) may hold: [{label, ok}], ok unless the table rules it out there or every copy is cut. */
export function slotLabelOptions(A, p, s, j, labels) {
  return labels.map((label) => ({ label, ok: A.editing || (ch(A, p, s, j, [label]) !== 0 && !allCut(A.state.setup, A.t, label)) }));
}

/** The labels a failure's info token may show in this setup: blue values, "Y" (a yellow token), the red wires. */
export function realLabels(setup) {
  const labels = labelsInPlay(setup).map((x) => x.label);
  return [...labels.filter((l) => colourOf(l) === "blue"), ...(labels.some((l) => colourOf(l) === "yellow") ? ["Y"] : []),
    ...labels.filter((l) => colourOf(l) === "red")];
}

/** A detector's failure explodes the bomb only when every wire pointed at is red (else the teammate puts the token
 * on one that is not): whether the table allows that. */
export function allRedAllowed(A, d) {
  const reds = realLabels(A.state.setup).filter((l) => colourOf(l) === "red");
  if (!reds.length) return false;
  if (A.editing) return true;
  // as many reds left as wires pointed at: in play, not cut, not surely elsewhere ("1 of 3" keeps one for two wires);
  // and as many red labels one of them may hold (43's walkthrough: R2 mine, R11 ruled out there: one red for two)
  const js = d.js ?? [];
  const sureOut = (labels) => A.t.stands.flatMap((ss, p) => ss.flatMap((st, s) => st.map((_sl, j) => !(p === d.p && s === d.s && js.includes(j)) && ch(A, p, s, j, labels) === 1))).filter(Boolean).length;
  const fits = reds.filter((r) => !allCut(A.state.setup, A.t, r) && !sureOut([r]) && js.some((j) => ch(A, d.p, d.s, j, [r]) !== 0)).length;
  return redsInPlay(A.state.setup) - colourCount(A.t.cutCount ?? {}, "red") - sureOut(reds) >= js.length && fits >= js.length
    && js.every((j) => ch(A, d.p, d.s, j, reds) !== 0);
}

/** Whether the failure's wire may be red (a detector's wires: all of them — one red among them explodes nothing). */
const redHere = (A, d) => ((d.js ?? []).length > 1 ? allRedAllowed(A, d)
  : realOptions(A, d, targetSlot(d), realLabels(A.state.setup).filter((l) => colourOf(l) === "red")).some((x) => x.ok));

/** What the actor's own wire answers on a success: the cut wire's value ("Y" for any yellow). */
function actorSaid(A, d) {
  const own = A.t.stands[d.p]?.[d.s]?.[targetSlot({ ...d, ok: true })];
  const cut = d.cut || (own && !own.tw && d.p === A.state.setup.me ? own.own : null) || d.v || d.vs?.[0];
  return cut ? saidOf(cut) : null;
}

/** The actor's wires that may be the one cut with it on a success: [{s, j, p}] (p: its chance, null without a law), but
 * those the table rules out; a turned-around wire by a regular cut, and with a wire of its value in view only if sure. */
export function actorSlots(A, d) {
  const said = actorSaid(A, d);
  const out = [];
  const stands = tableThen(A).stands[d.a] ?? [];
  const seen = stands.flat().some((sl) => sl.c !== "cut" && sl.own && !sl.tw && saidOf(sl.own) === said); // (38, 56, 64)
  stands.forEach((st, s) => st.forEach((sl, j) => {
    if (sl.c === "cut" || xWireWait(A.state.setup, A.t.yellowCut, sl) || (sl.tw && d.k !== "dual")) return; // 35's X wire
    const p = !said ? null : A.given && !A.editing ? chance(A.t, A.given, d.a, s, j, [said]) : ch(A, d.a, s, j, [said]); // (given: the success's table)
    if (p !== 0 && !(sl.tw && seen && p !== 1)) out.push({ s, j, p });
  }));
  return out; // in the stand's order, as the player sees the wire that was cut (each with its chance)
}

/** 38, 56, 64: I cut naming a value I see on no uncut wire of mine: my wire was my turned-around one. */
export function turnedOnly(A, d) {
  const me = A.state.setup.me;
  if (d.k !== "dual" || d.a !== me || !A.t.hasHand) return false;
  const stands = A.t.stands[me] ?? [];
  return stands.some((st) => st.some((sl) => sl.tw && sl.c !== "cut"))
    && !stands.some((st) => st.some((sl) => sl.c !== "cut" && sl.own && saidOf(sl.own) === d.v));
}

/** Labels among `labels` that slot (p, s, j) may hold and that are not all cut. */
const possibleLabels = (A, p, s, j, labels) => labels.filter((l) => ch(A, p, s, j, [l]) !== 0 && !allCut(A.state.setup, A.t, l));

/** The wires "Which wire is it?" may answer: the values said (a yellow said: the yellow wires), for solo and red cuts their colour. */
export function cutLabelOptions(A, d, index = 0) {
  const labels = labelsInPlay(A.state.setup).map((x) => x.label);
  const fit = d.k === "red" ? revealLabels(A, d) : labels.filter((l) => fitsAny(l, saidBy(d)));
  if (A.editing) return fit;
  if (d.k === "solo" || d.k === "red") {
    const at = d.slots?.[index];
    return at ? possibleLabels(A, d.a, at.s, at.j, fit) : fit;
  }
  return possibleLabels(A, d.p, d.s, targetSlot({ ...d, ok: true }), fit);
}

/** What a reveal's next wire may be: a red wire not said yet; in 11, the hidden red value's wires — a blue value not
 * ruled out, the one said first once a wire is said. */
function revealLabels(A, d) {
  const labels = labelsInPlay(A.state.setup).map((x) => x.label);
  if (!A.state.setup.hidden_red) return labels.filter((l) => colourOf(l) === "red" && !(d.cuts ?? []).includes(l));
  if (d.cuts?.length) return [d.cuts[0]];
  return labels.filter((l) => colourOf(l) === "blue" && !notHidden(A.t, l));
}

/** 11: a value the table shows is not the hidden red one — ruled out (a token that did not explode), or cut. */
export const notHidden = (t, v) => (t.ruledOut ?? []).includes(Number(v)) || (t.cutCount?.[String(v)] ?? 0) > 0;

/** The yellow wires the actor's wire `d.as` may be: not the one just said for the wire cut with it (one of each). */
export function actorLabelOptions(A, d) {
  const yellow = labelsInPlay(A.state.setup).map((x) => x.label).filter((l) => colourOf(l) === "yellow" && l !== d.cut);
  return A.editing || !d.as ? yellow : possibleLabels(A, d.a, d.as.s, d.as.j, yellow);
}

/** The wires a teammate's solo cut or red reveal may have cut: [{s, j, ok}] over their uncut slots. */
export function ownSlotOptions(A, d) {
  const labels = labelsInPlay(A.state.setup).map((x) => x.label);
  const said = d.k === "red" ? (A.state.setup.hidden_red ? [] : labels.filter((l) => colourOf(l) === "red")) : saidBy(d);
  const waits = (sl) => d.k === "solo" && xWireWait(A.state.setup, A.t.yellowCut, sl); // 35: an X wire after the yellows
  return (A.t.stands[d.a] ?? []).flatMap((st, s) => st.map((sl, j) => ({ s, j, sl })))
    .filter((x) => x.sl.c !== "cut").map(({ s, j, sl }) => ({ s, j, ok: !waits(sl) && (!said.length || ch(A, d.a, s, j, said) !== 0) && beside(A, d, s, j) }));
}

/** A solo cut's next wire of one blue value, on a stand with one picked already: every wire between the two may be of
 * that value too — a value's wires sit together on a stand (28's and 47's walkthroughs: the list did not narrow). */
function beside(A, d, s, j) {
  const v = d.k === "solo" && /^\d+$/.test(String(d.v ?? "")) ? String(d.v) : null;
  const st = A.t.stands[d.a]?.[s] ?? [];
  return !v || (d.slots ?? []).filter((x) => x.s === s && x.j !== j).every((x) => st.slice(Math.min(x.j, j) + 1, Math.max(x.j, j))
    .every((sl, k) => (sl.c === "cut" ? sl.v === v : ch(A, d.a, s, Math.min(x.j, j) + 1 + k, [v]) !== 0)));
}

/** Copies of `v` ("7"; "Y": the yellow wires) still uncut. */
function copiesLeft(setup, t, v) {
  if (v === "Y") return yellowsInPlay(setup) - t.yellowCut;
  return (labelsInPlay(setup).find((x) => x.label === v)?.copies ?? 0) - (t.cutCount[v] ?? 0);
}

const uncutSlots = (t, p) => (t.stands[p] ?? []).flatMap((st, s) => st.map((sl, j) => ({ s, j, sl }))).filter((x) => x.sl.c !== "cut");

/** The values a teammate's solo cut may have named: they held every copy still uncut (none shown on another stand,
 * as many of their uncut slots that may be it), or 2 of them with a usable Fast Pass (9.9). */
export function soloValueOptions(A, d, values) {
  if (A.editing) return values;
  const { t } = A;
  const fastPass = t.cards.some((c) => c.id === "9.9" && c.state === "usable");
  return values.filter((v) => {
    const fit = uncutSlots(t, d.a).filter((x) => ch(A, d.a, x.s, x.j, [v]) !== 0).length;
    if (fastPass && fit >= 2) return true;
    const left = copiesLeft(A.state.setup, t, v);
    const elsewhere = t.stands.some((st, p) => p !== d.a && uncutSlots(t, p).some((x) => {
      const shown = shownWire(x.sl);
      return shown && fitsAny(shown, [v]);
    }));
    return left > 0 && fit >= left && !elsewhere;
  });
}

/** A teammate's solo cut or red reveal: the slots it must have cut when the table leaves no choice — every uncut
 * wire for a reveal (the rules: all one's remaining wires are red), or exactly as many slots as copies of the value
 * are left (no Fast Pass in play that could cut 2 of 4); else null. */
function certainOwnSlots(A, d) {
  const { t } = A;
  const uncut = uncutSlots(t, d.a);
  if (d.k === "red") { // every uncut wire is revealed (11: all of the hidden value, which no slot law names)
    const reds = labelsInPlay(A.state.setup).map((x) => x.label).filter((l) => colourOf(l) === "red");
    const may = (x) => A.state.setup.hidden_red || ch(A, d.a, x.s, x.j, reds) !== 0;
    return uncut.every(may) && uncut.length ? uncut.map(({ s, j }) => ({ s, j })) : null;
  }
  if (!d.v || colourOf(d.v) !== "blue" || d.v === "Y") return null;
  const left = copiesLeft(A.state.setup, t, d.v);
  const fit = uncut.filter((x) => ch(A, d.a, x.s, x.j, [d.v]) !== 0);
  const fastPass = t.cards.some((c) => c.id === "9.9");
  return fit.length === left && (left <= 2 || !fastPass) ? fit.map(({ s, j }) => ({ s, j })) : null;
}

/** Per question: the answer the table makes certain (a patch of the draft), or null. */
const CERTAIN = {
  result: (A, d) => {
    const r = resultAllowed(A, d);
    return r.ok !== r.wrong ? { ok: r.ok, okBy: "table" } : null; // (said on the sheet: the table decided it)
  },
  which: (A, d, ask) => {
    if (ask.field === "tok") { // the info token goes on a wire pointed at that is neither red nor the value said
      const other = labelsInPlay(A.state.setup).map((x) => x.label).filter((l) => colourOf(l) !== "red" && !fitsAny(l, saidBy(d)));
      const tok = (d.js ?? []).filter((j) => ch(A, d.p, d.s, j, other) !== 0);
      return tok.length === 1 ? { tok: tok[0] } : null;
    }
    const may = hitOptions(A, d).filter((x) => x.ok);
    return may.length === 1 ? { hit: may[0].j } : null;
  },
  cut_label: (A, d, ask) => {
    const may = cutLabelOptions(A, d, ask.index ?? 0);
    if (may.length !== 1) return null;
    return d.k === "solo" || d.k === "red" ? { cuts: [...(d.cuts ?? []), may[0]] } : { cut: may[0] };
  },
  actor_slot: (A, d) => {
    const may = actorSlots(A, d);
    return may.length === 1 ? { as: { s: may[0].s, j: may[0].j } } : null;
  },
  // one place left (46's walkthrough: one chip to tap); the wire I received, said: filed where it sits in order — when
  // its places differ only among wires equal to it
  file: (A, d, ask) => {
    const fits = filePlaces(A.state, A.t, d, ask.who).flatMap(({ s, n }) =>
      filePlaceOptions(A, d, ask.field, ask.who, s, n).map((ok, j) => (ok ? { s, j } : null)).filter(Boolean));
    if (fits.length === 1 && !A.editing) return { [ask.field]: fits[0] };
    if (ask.who !== A.state.setup.me || !d.got || !fits.length || fits.some((x) => x.s !== fits[0].s)) return null;
    const st = standAfterGiving(A.t, d, ask.who, fits[0].s);
    const between = st.slice(fits[0].j, fits.at(-1).j).map((sl) => seenWire(sl));
    return between.every((w) => w === d.got) ? { [ask.field]: { s: fits[0].s, j: fits.at(-1).j } } : null; // after its equals
  },
  actor_label: (A, d) => {
    const may = actorLabelOptions(A, d);
    return may.length === 1 ? { av: may[0] } : null;
  },
  real: (A, d) => {
    if (turnedOnly(A, d)) return { real: TURNED_BOOM }; // my value seen nowhere: my turned wire failed
    const setup = A.state.setup;
    // 58: no token — where no red can be there (a detector's: not all of them), nothing to ask (58's walkthrough)
    if (setup.failure_tokens === false && !setup.hidden_red) return redHere(A, d) ? null : { real: "-" };
    if (failureMarks(setup).length || setup.failure_tokens === false || noTokenCard(setup, d)) return null; // a token, or no token (card H): asked
    const may = realOptions(A, d, targetSlot(d), realLabels(setup)).filter((x) => x.ok);
    if (noValueShown(setup, d.p)) return may.some((x) => colourOf(x.label) === "red") ? null : { real: "-" }; // 17, 52: the false token of the value said
    return may.length === 1 && colourOf(may[0].label) !== "red" ? { real: may[0].label } : null; // a red: tapped, not assumed
  },
  special_result: (A, d) => { // every wire pointed at is one the table shows (mine, an info token): its outcome
    const known = (d.spots ?? []).map((x) => knownWire(A.t, x));
    if (A.editing || !known.length || known.some((w) => !w)) return null;
    if (known.every((w) => specialKind(A.state.setup).fits(w))) return { res: "ok" };
    return known.some((w) => colourOf(w) === "red") || !specialShows(A.state.setup) ? null : { res: "shown" }; // a loss: tapped
  },
  sum_cards: (A, d) => { const ps = pairsFor(sumCards(A.state.setup, A.t), pairValue(d)); return ps.length === 1 ? { nc: ps[0] } : null; }, // 47: one pair gives it
  oxygen_to: (A, d) => { // 49 with one teammate: no choice
    const others = A.state.setup.players.map((_n, p) => p).filter((p) => p !== d.a);
    return others.length === 1 ? { ox: others[0] } : null;
  },
  // the card is not there to play (not on the table, spent, waiting): it was the character's
  personal: (A, d) => (A.t.cards.some((c) => c.id === CHARACTER_CARDS[characterFor(d.k)] && c.state === "usable") ? null : { pe: true }),
  own_slots: (A, d) => { const slots = certainOwnSlots(A, d); return slots ? { slots, done: true } : null; },
  weak_result: (A, d) => { const k = weakKnown(A.state.setup, A.t, d); return k ? { ok: k.ok } : null; }, // 34
  spot_label: (A, d, ask) => { // the one wire (or token) a pointed slot may show
    const n = ask.n ?? 0;
    const may = spotLabelOptions(A, d, n, labelsInPlay(A.state.setup).map((x) => x.label)).filter((o) => o.ok);
    return may.length === 1 ? { ls: { ...(d.ls ?? {}), [n]: may[0].label } } : null;
  },
};

/** The draft with every answer the table leaves no choice about filled in, question after question (nothing
 * while editing). The answers the player gave are never changed. */
export function settleDraft(A, d) {
  if (A.editing || !d) return d;
  let x = d;
  for (let n = 0; n < 12; n += 1) {
    const ask = nextAsk(A.state, A.t, x);
    const fill = ask && Object.hasOwn(CERTAIN, ask.ask) ? CERTAIN[ask.ask](A, x, ask) : null;
    if (!fill) return x;
    x = { ...x, ...fill };
  }
  return x;
}

/** The wires spot n of a special action that cut them all may have been (`labels`: every label in play): [{label, ok}]
 * of the action's kind, not all cut yet; ok when that slot may hold it (its law) and, for a yellow or red wire (one
 * copy), when no other spot of the action was given it and it is not mine. */
export function spotLabelOptions(A, d, n, labels) {
  const { setup } = A.state;
  const x = d.spots?.[n];
  if (d.res === "shown") { // the info token it got: a value the slot may hold (41: the one wire was no tripwire)
    const said = realLabels(setup).filter((l) => colourOf(l) !== "red");
    const notYellow = specialAction(setup) === "tripwire";
    return (x ? slotLabelOptions(A, x.p, x.s, x.j, said) : said.map((label) => ({ label, ok: true })))
      .map((o) => ({ ...o, ok: o.ok && !(notYellow && o.label === "Y") }));
  }
  const mine = (label) => ownSlotsFor(A.state, A.t, label) // (my wire of it on another slot than this one)
    .some((y) => y.label === label && !(x?.p === A.state.setup.me && x.s === y.s && x.j === y.j));
  const given = (label) => Object.entries(d.ls ?? {}).some(([i, l]) => Number(i) !== n && l === label);
  return labels.filter((l) => specialKind(setup).fits(l) && !allCut(setup, A.t, l)).map((label) => ({
    label,
    ok: A.editing || ((colourOf(label) === "blue" || (!mine(label) && !given(label))) && (!x || ch(A, x.p, x.s, x.j, [label]) !== 0)),
  }));
}

/** Receiver `who`'s stand s without the wire they gave (Walkie-Talkies: the actor's `as`, the teammate's pointed one). */
function standAfterGiving(t, d, who, s) {
  const gives = d.k !== "walkie" ? null : who === d.a ? d.as : who === d.p ? { s: d.s, j: d.js?.[0] } : null;
  return (t.stands[who]?.[s] ?? []).filter((_sl, j) => !(gives && gives.s === s && gives.j === j));
}

/** Where receiver `who` may have filed the moved wire on their stand s (`n` places): [ok per place], ok when some wire
 * the moved one may be (its slot's law) sits in order there, between the nearest wires the stand shows around it (cut,
 * an info token, mine); every place while editing or for Nano's wire. */
export function filePlaceOptions(A, d, field, who, s, n) {
  const from = movedFrom(d, field);
  const got = who === A.state.setup.me && d.got ? d.got : null; // the wire I received and said (Nano's too)
  if (A.editing || (!from && !got)) return Array(n).fill(true);
  const labels = labelsInPlay(A.state.setup).map((x) => x.label);
  // that wire alone; else any the slot it came from may hold
  const may = got ? [got] : labels.filter((l) => ch(A, from.p, from.s, from.j, [l]) !== 0 && !allCut(A.state.setup, A.t, l));
  const st = standAfterGiving(A.t, d, who, s);
  const shown = orderMarks(st);
  return Array.from({ length: n }, (_, j) => may.some((l) => sitsBetween(shown, j, j, l)));
}
