// Recording an action: the question flow (nextAsk), ranked moves -> drafts; the draft -> log entry is
// entry-build.js (buildEntry).
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { moveAsk, specialAsk } from "./asks-wires.js";
import { missionRules, valueRules } from "./engine-doc.js";
import { failureMarks, wireMark } from "./failure-marks.js";
import { oxygenCost, oxygenFor, oxygenKind, oxygenShort } from "./oxygen.js";
import { colourOf, EQUIPMENT_NAMES, faceUpCards, isLabel, nanoDetonator, placesFalseTokens, saidOf, noValueShown, standCounts, valueMatches } from "./setup.js";
import { cardsAllow, cardsBindAll, myCards, noTokenCard, theirCard } from "./card-rules.js";
import { characterFor, personalHolder } from "./detectors.js";
import { activeChallenges } from "./challenge-cards.js";
import { pairValue } from "./pick-cards.js";
import { cardWhyNot } from "./replay-table.js";
import { skipRule, spokenRule } from "./entries-mission.js";

// ---------------------------------------------------------------- recording an action (draft -> entry)
//
// A draft is filled one answer at a time; nextAsk(draft) names the first missing
// answer, and buildEntry(draft) turns a complete draft into a log entry.
// Draft kinds: those of ACTION_NAMES; an edit starts from draftFromEntry(entry).

export const PICK_COUNT = { dual: 1, redcall: 1, xray: 1, double: 2, triple: 3, super: 1, label_eq: 2, label_ne: 2, postit: 1, walkie: 1, hook: 1, swl: 1 };
export const ACTION_NAMES = {
  dual: "Dual cut", xray: "X-or-Y Ray", double: "Double Detector", triple: "Triple Detector", super: "Super Detector",
  solo: "Solo cut", red: "Reveal red", radar: "General Radar", label_eq: "Label =", label_ne: "Label ≠",
  postit: "Post-it", rewind: "Rewinder", absent: "I have none", walkie: "Walkie-Talkies", hook: "Grappling Hook", nano: "Nano's wire",
  stabilizer: "Stabilizer", coffee: "Coffee Mug", batteries: "Emergency Batteries", drop: "Emergency Drop",
  false_bottom: "False Bottom", swl: "Single Wire Label", disint: "Disintegrator", skip: "No oxygen: skip",
  swap: "New constraint card (F–L)", beside: "Token beside the stand", redcall: "“It is RED” (challenge)",
  challenge: "Challenge done", shown: "Number card shown", discard: "Number card discarded", special: "Special action",
  weak: "Guess the weakest link", weakstuck: "Weakest link cannot play", give: "Give a number card", cardflip: "Card turned face down",
  missed: "Round missed: detonator +1", spoken: "A number said aloud: detonator +1", tell: "Holds the value drawn?", ycount: "Yellow wires left",
};
/** An action's name on its button and in what the page says of it: the mission's words for a skip or for words said. */
export const actionLabel = (k, setup) => (k === "skip" ? skipRule(setup)?.label : k === "spoken" ? spokenRule(setup)?.label : null) ?? ACTION_NAMES[k];

/** Actions nobody in particular plays (instant effects and table-wide answers): the sheet asks no actor. */
export const NO_ACTOR = ["radar", "label_eq", "label_ne", "rewind", "drop", "batteries", "false_bottom", "disint", "challenge", "missed", "spoken"];

/** The cut actions, which name a value and pay oxygen first (mission 49: given to a teammate the cutter picks, the
 * entry's `ox`). */
export const CUT_KINDS = ["dual", "xray", "double", "triple", "super", "solo"];
/** The detectors: wires pointed at together, a success if any is the value. */
export const DETECTOR_KINDS = ["double", "triple", "super"];

/** Does this draft's action give oxygen to a teammate (mission 49)? */
export const givesOxygen = (setup, d) => oxygenKind(setup) === "gift" && CUT_KINDS.includes(d.k);

/** My uncut slots holding a wire of gameplay value `said` ("7" | "Y"), in order. */
export function ownSlotsFor(state, t, said) {
  const me = state.setup.me;
  if (me === null || !t.hasHand) return [];
  const out = [];
  t.stands[me].forEach((st, s) => st.forEach((sl, j) => {
    if (sl.c !== "cut" && sl.own && valueMatches(sl.own, said)) out.push({ s, j, label: sl.own });
  }));
  return out;
}

/** Does player p still hold an uncut turned-around wire (missions 38, 56, 64), one they cannot see? */
export const unseenTurned = (t, p) => t.stands[p].some((st) => st.some((sl) => sl.tw && sl.c !== "cut"));

/** Are the wires of the actor's solo cut or red reveal known (mine, every one seen), or asked? While I hold a
 * turned-around wire I cannot see (38, 56, 64) it may be one of them — the last 3, a red when every blue is cut —
 * so mine are asked as a teammate's, the answers the table leaves no choice about filled in (draft-options.js). */
export const ownCutsKnown = (state, t, d) => d.a === state.setup.me && t.hasHand && !unseenTurned(t, d.a);

/** 9.9 Fast Pass usable, and more than two of value v in my hand but not every one left: which two it cut is asked
 * (else my solo cut takes them all, and three were refused: a dead end). */
const fastPassPick = (t, mine, v) => t.cards?.some((c) => c.id === "9.9" && c.state === "usable") && mine > 2 && mine < 4 - (t.cutCount?.[v] ?? 0);

/**
 * The values the actor may name (the rules: a value they hold, and with oxygen one they can pay for): mine when I
 * act, else those the engine says they may still hold (`holdings`, any stand of theirs with a chance above 0), else
 * those not all cut. Editing a past entry offers every value: the table has moved on since.
 */
export function nameableValues(state, t, d, given, holdings = null, editing = false) {
  if (editing) return given;
  const ox = oxygenFor(state, t, d.a);
  const base = ox ? given.filter((v) => oxygenCost(v, ox.kind) <= ox.have) : given;
  const me = state.setup.me;
  if (d.a === me && t.hasHand) {
    if (d.k === "dual" && unseenTurned(t, me)) return base; // my turned-around wire may be any of them
    const mine = new Set(t.stands[me].flat().filter((sl) => sl.c !== "cut" && sl.own).map((sl) => saidOf(sl.own)));
    // my constraint cards bind what I name (a card turned face down: untapped in My constraint cards), and the
    // mission's rules the advice reads (a sequence card's later values, the number cards in view, 46's 7s…)
    const held = base.filter((v) => mine.has(v) && cardsAllow(myCards(state.setup, t), v));
    const named = held.filter((v) => rulesAllow(missionRules(state, t), v));
    // 53, Nano on 11 and no 11 in my hand: every turn is a cut, and any takes Nano to 12 — the bomb explodes
    return named.length || !nanoDetonator(state.setup) ? named : held;
  }
  // a teammate keeps to the table's rules too (the number cards in view, 46's 7s…), not to my cards
  const theirCards = faceUpCards(state.setup, t, d.a); // 65: the actor's own face-up number cards
  const allowed = base.filter((v) => rulesAllow(valueRules(state, t, false), v) && (!cardsBindAll(state.setup) || cardsAllow(state.setup.cards, v))
    && (!theirCards || theirCards.map(String).includes(v)) && cardsAllow([theirCard(state.setup, t, d.a)].filter(Boolean), v));
  const theirs = (holdings ?? []).filter((h) => h.player === d.a);
  if (theirs.length) {
    const may = new Set(theirs.filter((h) => h.p_any > 0).map((h) => (h.value === "YELLOW" ? "Y" : String(h.value))));
    return allowed.filter((v) => may.has(v));
  }
  return allowed.filter((v) => v === "Y" || (t.cutCount[v] ?? 0) < 4);
}

/** The values I hold but may not name now, each with why (the mission's rules, my constraint card, oxygen): said beside
 * the keypad, which leaves them out. A teammate acting: the values still in play the table's rules leave out (a
 * sequence card's later values, 46's 7s…; their wires are not mine to see). */
export function unnamedWhy(state, t, d, given) {
  const me = state.setup.me;
  if (d.a !== me) { // (and their own constraint card: 31, 61)
    const rules = valueRules(state, t, false);
    const card = theirCard(state.setup, t, d.a);
    const all = cardsBindAll(state.setup) ? (state.setup.cards ?? [])[0] : null; // 32, 37, 57 (37's walkthrough: unsaid)
    const why = (v) => (!rulesAllow(rules, v) ? rules.no_values.find((x) => String(x.value) === v)?.why ?? rules.only_values?.why ?? "the mission's rules"
      : card && !cardsAllow([card], v) ? `their constraint card ${card}` : all && !cardsAllow([all], v) ? `the constraint card in play, ${all}`
      : oxygenShort(state, t, d.a, v));
    return given.filter((v) => v !== "Y" && (t.cutCount[v] ?? 0) < 4).map((v) => ({ v, why: why(v) })).filter((x) => x.why);
  }
  if (d.a !== me || !t.hasHand || unseenTurned(t, me)) return [];
  const held = new Set(t.stands[me].flat().filter((sl) => sl.c !== "cut" && sl.own).map((sl) => saidOf(sl.own)));
  const named = new Set(nameableValues(state, t, d, given));
  const rules = missionRules(state, t);
  const cards = myCards(state.setup, t);
  return given.filter((v) => held.has(v) && !named.has(v)).map((v) => {
    const no = rules.no_values.find((x) => (x.value === "YELLOW" ? "Y" : String(x.value)) === v);
    const why = no?.why ?? (rules.only_values && !rulesAllow(rules, v) ? rules.only_values.why
      : !cardsAllow(cards, v) ? `${cardsBindAll(state.setup) ? "the" : "my"} constraint card ${cards.join(" ")}` : oxygenShort(state, t, me, v) ?? "oxygen");
    return { v, why };
  });
}

/** May a value said ("7", "Y") be named under these rules (`no_values`, `only_values` of blue values)? */
function rulesAllow(rules, v) {
  if (rules.no_values.some((x) => (x.value === "YELLOW" ? "Y" : String(x.value)) === v)) return false;
  return !rules.only_values || !/^\d+$/.test(v) || rules.only_values.values.map(String).includes(v);
}

/** The first answer the draft still needs: {ask, ...} or null when complete. Which two number cards gave the value
 * (47) and who gets the cutter's oxygen (49) are asked last, once the cut is known. */
export function nextAsk(state, t, d) {
  const ask = actionAsk(state, t, d);
  if (ask) return ask;
  if (pairDue(state.setup, d)) return { ask: "sum_cards" }; // 47: which two number cards gave the value
  return !givesOxygen(state.setup, d) || (Number.isInteger(d.ox) && d.ox !== d.a) ? null : { ask: "oxygen_to" };
}

/** 47: a cut naming a blue value whose two number cards are not said yet (or no longer give it); a skip discards none. */
function pairDue(setup, d) {
  if (setup.number_cards !== "sum") return false;
  const two = Array.isArray(d.nc) && d.nc.length === 2;
  const v = pairValue(d);
  return v !== null && !(two && (d.nc[0] + d.nc[1] === v || d.nc[1] - d.nc[0] === v));
}

/** nextAsk but for 47's cards and the oxygen. */
function actionAsk(state, t, d) {
  const me = state.setup.me;
  const mine = d.a === me && t.hasHand;
  if (d.k === "challenge") return activeChallenges(state.setup, t).some((c) => c !== 1) && !Number.isInteger(d.c) ? { ask: "challenge_card" } : null;
  if (["rewind", "drop", "missed", "spoken", "discard"].includes(d.k)) return null; // (29's discard: one tap)
  if (d.k === "batteries") return d.done && d.ps?.length ? null : { ask: "players" };
  if (d.k === "false_bottom") return d.done && d.ids?.length ? null : { ask: "equipment" };
  if (d.k === "disint") {
    if (!d.v) return { ask: "value", blueOnly: true };
    return d.done ? null : { ask: "spots" };
  }
  if (d.k === "beside") return d.a === undefined || d.a === null ? { ask: "actor" } : d.v ? null : { ask: "value", beside: true };
  if (d.k === "absent") {
    if (d.a === undefined || d.a === null) return { ask: "actor" };
    // a mission's "I have none" token says the value is nowhere in the hand (13, 22, 39, 41: the card's words, one
    // beside each of two stands); a custom table may mean one stand
    if (state.setup.mission === null && standCounts(state.setup)[d.a] > 1 && d.s === undefined) return { ask: "absent_stand" };
    if (!d.v) return { ask: "value", absent: true };
    return null;
  }
  if (d.k === "radar") {
    if (d.pe === undefined && personalMay(state.setup, t, d)) return { ask: "personal" };
    if (!d.v) return { ask: "radar_value" };
    if (!d.done) return { ask: "radar_answers" };
    return null;
  }
  // (a Label has no actor: the stand it goes on is its player's — 28's walkthrough: on the captain's turn it asked
  // "Who acts?" with no one to tap)
  if ((d.a === undefined || d.a === null) && !d.k.startsWith("label")) return { ask: "actor" };
  if (d.pe === undefined && personalMay(state.setup, t, d)) return { ask: "personal" };
  const pick = d.k === "super" ? 1 : PICK_COUNT[d.k];
  if (pick && (d.js?.length ?? 0) < pick) return { ask: "slots", count: pick };
  if (d.k === "swap") return d.c ? null : { ask: "swap_card" }; // 61: the card of F–L drawn lies face up
  if (["label_eq", "label_ne", "swl", "stabilizer", "skip", "weakstuck", "cardflip"].includes(d.k)) return null;
  if (d.k === "give") return !Number.isInteger(d.v) ? { ask: "give_card" } : !Number.isInteger(d.to) ? { ask: "give_to" } : null; // 65
  if (d.k === "weak") { // 34: whom the guesser named, the card they described, and whether it was right
    return !Number.isInteger(d.w) ? { ask: "weak_who" } : !d.c ? { ask: "weak_card" } : typeof d.ok !== "boolean" ? { ask: "weak_result" } : null;
  }
  if (d.k === "redcall") { // 55, 60: a teammate's wire cut, saying "It is RED": which red, when it was
    if (d.ok === undefined || d.ok === null) return { ask: "result" };
    return d.ok && !d.cut ? { ask: "cut_label" } : null;
  }
  if (d.k === "shown") return d.v ? null : { ask: "value", blueOnly: true };
  // 30: the value drawn and whether they hold it; the yellow wires a player has left
  if (d.k === "tell") return !d.v ? { ask: "value", blueOnly: true } : typeof d.ok !== "boolean" ? { ask: "holds" } : null;
  if (d.k === "ycount") return Number.isInteger(d.n) ? null : { ask: "count" };
  if (d.k === "special") return specialAsk(t, d);
  if (d.k === "coffee") return Number.isInteger(d.next) ? null : { ask: "next" };
  if (d.k === "walkie" || d.k === "hook" || d.k === "nano") return moveAsk(state, t, d);
  if (d.k === "postit") { // 21, 24, 33, 40: the mission's token (d.mark), never a value; 52: a false one, mine too
    const falseOne = placesFalseTokens(state.setup, d.a);
    return (failureMarks(state.setup).length ? d.mark : d.v) || (mine && !falseOne) ? null : { ask: "value", blueOnly: true };
  }
  if (d.k === "solo" || d.k === "red") {
    if (d.k === "solo" && !d.v) return { ask: "value" };
    if (ownCutsKnown(state, t, d) && !(d.k === "solo" && fastPassPick(t, ownSlotsFor(state, t, d.v).length, d.v))) return null;
    if (!d.done) return { ask: "own_slots" };
    if ((d.cuts?.length ?? 0) < (d.slots?.length ?? 0)) return { ask: "cut_label", index: d.cuts?.length ?? 0 };
    return null;
  }
  if (d.k === "xray" || d.vs) { // (a detector with the X-or-Y Ray too: two values, blue — no detector names yellow)
    if ((d.vs?.length ?? 0) < 2) return { ask: "value", two: true, noYellow: d.k !== "xray" };
  } else if (!d.v) return { ask: "value", noYellow: DETECTOR_KINDS.includes(d.k) }; // no detector names yellow (the FAQ)
  if (d.ok === undefined || d.ok === null) return { ask: "result" };
  const multi = DETECTOR_KINDS.includes(d.k);
  if (d.ok) {
    if (multi && d.hit === undefined) return { ask: "which", field: "hit" };
    const said = d.vs ?? [d.v];
    // a blue value said: the cut wire is that value; yellow (or X-or-Y): which wire it was — unless it is mine
    if (!d.cut && !ownAt(state, t, d, multi ? d.hit : d.js?.[0]) && !(said.length === 1 && said[0] !== "Y")) return { ask: "cut_label" };
    // my turned-around wire (38, 56, 64) may be the one I cut: then I say which of mine it was; so too when I hold
    // more than one wire of the value (which one is cut face up is what the table sees)
    const myTurned = mine && d.k === "dual" && unseenTurned(t, d.a);
    const myMany = mine && ownSlotsFor(state, t, saidOf(d.cut || said[0])).length > 1;
    if ((!mine || myTurned || myMany) && !d.as) return { ask: "actor_slot" };
    const blind = !mine || Boolean(t.stands[d.a][d.as?.s]?.[d.as?.j]?.tw);
    if (blind && colourOf(d.cut || said[0]) === "yellow" && !d.av) return { ask: "actor_label" };
    return null;
  }
  if (multi && d.tok === undefined && !noValueShown(state.setup, d.p) && !noTokenCard(state.setup, d)) return { ask: "which", field: "tok" };
  // a failed cut on one of my wires: I know its token (its value, or its even/odd or x-token)
  if (!d.real && !d.mark && !ownFailure(state, t, d)) return { ask: "real" };
  return null;
}

/**
 * What a failed cut on my own wire shows, which I know: {mark} (21, 24, 33, 40: its parity, or how many of its
 * value my stand holds) or {real} (its value, yellow, red); null when the wire is not mine, or an x-token I
 * cannot count (a wire moved in or out of that stand).
 */
export function ownFailure(state, t, d) {
  const multi = DETECTOR_KINDS.includes(d.k);
  const own = ownAt(state, t, d, multi ? d.tok : d.js?.[0]);
  if (!own) return null;
  const mark = wireMark(state.setup, t, d.p, d.s, own);
  if (mark === undefined) return null;
  return mark ? { mark } : { real: own };
}

/** My wire at slot j of the draft's target stand, when the target is my stand and I see that wire; else null. */
export function ownAt(state, t, d, j) {
  if (d.p === undefined || d.p === null || d.p !== state.setup.me || !t.hasHand || !Number.isInteger(j)) return null;
  const sl = t.stands[d.p]?.[d.s]?.[j];
  return sl && !sl.tw && sl.c !== "cut" ? sl.own : null;
}

/** Whether the draft's card may be its actor's new character's personal equipment (E1-E4) rather than the equipment
 * card: asked unless the card is not there to play (draft-options.js fills it in). */
export function personalMay(setup, t, d) {
  const p = personalHolder(setup, t, d.k);
  return p !== null && (d.k === "radar" || p === d.a);
}

/**
 * A log entry -> the draft that builds it again (buildEntry(draftFromEntry(e)) is e): editing starts from
 * every current answer, and "Change" clears only the answers that one depends on (EDIT_CHANGES).
 */
export function draftFromEntry(e) {
  const kind = e.k === "detect" ? e.kind : e.k === "label" ? (e.eq ? "label_eq" : "label_ne") : e.k;
  const d = structuredClone({ ...e, k: kind });
  delete d.eq;
  delete d.kind;
  if (e.j !== undefined && e.k !== "set") {
    d.js = [e.j];
    delete d.j;
  }
  if (e.k === "postit" || e.k === "swl") d.p = e.a;
  if (e.k === "postit" && e.m) { // the mission's token (21, 24, 33, 40)
    d.mark = e.m;
    delete d.m;
  }
  if (["dual", "detect", "xray"].includes(e.k)) d.l2 = Boolean(e.l2); // constraint L as it was then
  if (characterFor(kind)) d.pe = Boolean(e.pe); // the card or a character's, as it was
  if (e.k === "label") d.a = e.p; // who played the Label is not kept: any player answers "who"
  if (e.k === "absent" || e.k === "beside") {
    d.a = e.p;
    delete d.p;
  }
  if (["solo", "red", "radar", "batteries", "false_bottom"].includes(e.k)) d.done = true;
  if (e.k === "solo" && Array.isArray(e.cuts) && isLabel(e.cuts[0])) d.v = saidOf(e.cuts[0]);
  if (e.k === "disint" || e.k === "special") {
    d.spots = (e.cuts ?? []).map(({ p, s, j }) => ({ p, s, j }));
    if (e.k === "special") d.ls = Object.fromEntries((e.cuts ?? []).map((x, i) => [i, x.l]).filter(([, l]) => l));
    delete d.cuts;
    d.done = true;
  }
  if (e.silent) {
    d.real = "-";
    delete d.silent;
  }
  return d;
}

/** The equipment card each action plays (its personal equipment aside: E1-E4, detectors.js). */
export const ACTION_CARDS = { triple: "3", super: "5", xray: "10", radar: "8", label_eq: "12", label_ne: "1", postit: "4",
  rewind: "6", walkie: "2", hook: "11.11", swl: "2.2", disint: "10.10", batteries: "7", drop: "3.3", false_bottom: "Y",
  stabilizer: "9", coffee: "11" };

/** What the card a draft plays says against it before it is recorded ("the General Radar (8) is not usable yet (two 8s
 * cut first: 0 so far)"), or null: a card played by the actor's own character, or one ready. */
export function itemObjection(setup, t, d) {
  const id = ACTION_CARDS[d?.k];
  if (!id || d.pe || (Number.isInteger(d.a) && personalHolder(setup, t, d.k) === d.a)) return null;
  const why = cardWhyNot(setup, t, id, true);
  if (why) return `the ${EQUIPMENT_NAMES[id] ?? "card"} (${id}): it ${why}`;
  // 17, 28: a Label goes on its player's own wires — the captain's, whose equipment cards are barred
  const owner = d.k.startsWith("label") ? d.p : null;
  return setup.captain_no_equipment && Number.isInteger(owner) && owner === setup.captain ? `the ${EQUIPMENT_NAMES[id]} (${id}): the captain uses no equipment card in this mission` : null;
}

/** A draft for the action that ranked move `m` (from "moves") describes. */
export function draftFromMove(state, m) {
  const v = m.value === "YELLOW" ? "Y" : m.value === null ? null : String(m.value);
  const k = { dual_cut: "dual", x_or_y_ray: "xray", double_detector: "double", triple_detector: "triple",
    super_detector: "super", solo_cut: "solo", fast_pass: "solo", reveal_red: "red", turned_cut: "dual" }[m.kind];
  if (!k) return null;
  const d = { k, a: state.setup.me };
  if (m.kind === "turned_cut") d.as = { s: m.mine[0], j: m.mine[1] }; // my turned-around wire is the one I cut
  if (m.guaranteed && DETECTOR_KINDS.includes(k)) d.sure = true; // its joint success, no wire's own law
  if (m.player !== null && m.player !== undefined) Object.assign(d, { p: m.player, s: m.stand, js: m.slots.slice() });
  if (k === "xray") d.vs = (m.values ?? []).map((x) => (x === "YELLOW" ? "Y" : String(x)));
  else if (v && k !== "red") d.v = v;
  return d;
}

/** Whether the moves reply for this very table calls detector draft `d` sure — its joint success, which no single
 * wire's law shows: a detector entered by hand then offers no ✗, as one recorded from My best cuts. */
export function sureDetector(state, moves, d) {
  const same = (a, b) => a?.length === b?.length && a.every((j) => b.includes(j));
  return (moves?.moves ?? []).some((m) => {
    const x = m.guaranteed ? draftFromMove(state, m) : null;
    return Boolean(x?.sure) && x.k === d.k && x.a === d.a && x.p === d.p && x.s === d.s && x.v === d.v && same(x.js, d.js);
  });
}
