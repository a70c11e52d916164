// Log entries of cuts and tokens: what a slot shows, a dual cut or X-or-Y Ray, a detector, solo cuts and
// red reveals, "I have none" tokens, a teammate's turned-around wire I see.
// Each takes (t, e, setup, i) and changes the derived table t, or fails naming the slot.

import { ddDealt, ddSpent } from "./detectors.js";
import { ownRay } from "./ray-combo.js";
import { specialAction, specialOnly } from "./entries-mission.js";
import { failureMarks, markSlot, markWords } from "./failure-marks.js";
import {
  actorCut, addFact, TURNED_BOOM, advance, checkPlayers, colourCount, cutCounts, cutSlot, detonatorStep, factValue, fail, failure, hasUncut, infoSlot, notSaidFacts, slotAt, slotLetter, spend, standName, takeStab,
  turnedOutOfOrder, uncutRefs, useItem, valuelessFailure,
} from "./replay-table.js";
import { besideNow, cardsInPlay, colourOf, falseTokenFact, isLabel, isRedCard, labelsInPlay, placesFalseTokens, saidOf, valueMatches, yellowsInPlay } from "./setup.js";

/** What the table shows on one slot (tokens, marks, colour, cut). In 52 a false token may point at a red wire:
 * it is the fact "not that value" (the engine document leaves the mark off the slot, where it would rule red out). */
export function applySet(t, e, setup, i) {
  const sl = slotAt(t, e.p, e.s, e.j);
  const v = e.slot ?? {};
  if (falseTokenFact(setup, v)) {
    addFact(t, { kind: "not_value", player: e.p, stand: e.s, slots: [e.j], value: Number(v.m.slice(1)) }, i, [sl]);
    // 52: a second false token on one wire lies beside the first (both facts hold: the slot shows both)
    if (falseTokenFact(setup, sl) && sl.m !== v.m) sl.nots = [sl.m.slice(1), ...(sl.nots ?? [])];
  }
  const own = sl.own;
  if (v.c === "cut" && own && v.v !== own) fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)} is your ${own}`);
  if (v.c === "info" && own && v.v && !valueMatches(own, v.v)) fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)} is your ${own}, not ${v.v}`);
  if ((v.c === "info" || v.c === "cut") && isRedCard(setup, v.v)) { // 11, face up
    fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)}: the ${v.v}s count as red (the number card) — none is cut, no token shows one`);
  }
  // 39, 46, 41, 48: a wire only the special action cuts, shown cut (39's walkthrough: taken silently)
  const only = v.c === "cut" && sl.c !== "cut" && isLabel(v.v) ? specialOnly(setup, t) : null;
  if (only && valueMatches(v.v, only)) t.note += ` — check: the ${only === "Y" ? "yellow wires" : `${only}s`} go only by the special action, all at once (unless it was taken before this log began)`;
  Object.assign(sl, { c: v.c || "h", v: v.v ?? null, m: v.m ?? null, col: v.col ?? null, own });
  if (sl.c === "info" && own && !sl.v) sl.v = saidOf(own);
}

/** 41, 48's yellow wires, 46's 7s, 23's and 39's number card: they go only by the mission's special action, never by
 * a cut that names them. */
function noSpecialValue(t, setup, said) {
  const only = specialOnly(setup, t);
  if (!only || !said.includes(only)) return;
  const what = only === "Y" ? "yellow" : only;
  fail(`no cut names ${what} here: the ${only === "Y" ? "yellow wires" : `${only}s`} go only by the mission's special action${setup.mission ? ` (mission ${setup.mission})` : ""}`);
}

/** 35: why an X wire waits (the 4 yellow wires are not all cut: `yellows` so far), or null when it may be cut. */
export function xWireWait(setup, yellows, sl) {
  if (!setup.x_tokens || sl.m !== "X" || sl.c === "cut" || !(setup.special ?? []).includes("x_after_yellow") || yellows >= 4) return null;
  return `an X wire is cut only after the 4 yellow wires (${yellows} cut so far)`;
}

/** 20, 35: no equipment points at an X wire (personal equipment included); in 35 no cut takes one, the
 * actor's own included, before the 4 yellow wires are cut. `wires`: [player, stand, slot] of each wire. */
function xWireRule(t, setup, wires, equipment) {
  if (!setup.x_tokens) return;
  const yellows = colourCount(cutCounts(t), "yellow");
  for (const [p, s, j] of wires) {
    const sl = slotAt(t, p, s, j);
    if (sl.m !== "X" || sl.c === "cut") continue;
    const where = `${standName(setup, p, s)} slot ${slotLetter(j)} is an X wire`;
    if (equipment) fail(`${where}: no equipment works on an X wire${setup.mission ? ` (mission ${setup.mission})` : ""}`);
    const wait = xWireWait(setup, yellows, sl);
    if (wait) fail(`${where}: ${wait}`);
  }
}

/** 38: nobody points at the captain's turned-around wire — only the captain cuts it, as their own wire in a dual cut. */
function captainTurnedRule(t, setup, p, s, js) {
  if (setup.turned !== "captain") return;
  const j = js.find((jj) => slotAt(t, p, s, jj).tw && slotAt(t, p, s, jj).c !== "cut");
  if (j !== undefined) fail(`${standName(setup, p, s)} slot ${slotLetter(j)} is the captain's turned-around wire: only the captain cuts it, as their own wire in a dual cut (mission 38)`);
}

/** 38, 56, 64: a player cuts their own turned-around wire by a regular cut only — "without using equipment or a
 * Double Detector" (the cards): a detector's or the X-or-Y Ray's success cut with it is refused by name. */
function turnedByEquipment(t, setup, e) {
  const sl = e.as ? t.stands[e.a]?.[e.as.s]?.[e.as.j] : null;
  if (sl?.tw && sl.c !== "cut") {
    fail(`${standName(setup, e.a, e.as.s)} slot ${slotLetter(e.as.j)} is ${setup.players[e.a]}'s turned-around wire: it is cut by a regular cut only, with no equipment or Double Detector`);
  }
}

/** A dual cut, or the X-or-Y Ray (two values said). */
export function applyDual(t, e, setup, i) {
  checkPlayers(setup, e);
  const stab = takeStab(t);
  const said = e.k === "dual" ? [e.v] : e.vs ?? [];
  if (!said.length || said.some((x) => !(isLabel(x) || x === "Y"))) fail("which value was said?");
  noSpecialValue(t, setup, said);
  xWireRule(t, setup, [[e.p, e.s, e.j], ...(e.ok && e.as ? [[e.a, e.as.s, e.as.j]] : [])], e.k === "xray");
  captainTurnedRule(t, setup, e.p, e.s, [e.j]);
  if (e.k === "xray") useItem(t, setup, "10", e);
  if (e.ok && e.k === "xray") turnedByEquipment(t, setup, e);
  if (e.ok) {
    if (!said.some((x) => valueMatches(e.cut, x))) fail(`the cut wire ${e.cut} is not what was said`);
    if (isRedCard(setup, e.cut)) { // 11: "cutting a wire with this value will detonate"
      fail(`a cut ${e.cut} explodes the bomb (mission 11: the number card's value counts as red): record ✗, the bomb exploded`);
    }
    const turned = Boolean(slotAt(t, e.p, e.s, e.j).tw);
    const mineTurned = Boolean(e.as && t.stands[e.a]?.[e.as.s]?.[e.as.j]?.tw); // 38, 56, 64: cut with their own
    cutSlot(t, setup, e.p, e.s, e.j, e.cut);
    actorCut(t, setup, e, e.cut);
    // X-or-Y Ray: its player held both values said, and cut one (21's walkthrough: the other was not read)
    for (const x of said.filter((y) => !valueMatches(e.cut, y))) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
    if (mineTurned) t.note = " — with their turned-around wire";
    // 56, 64: cutting a teammate's turned-around wire moves the detonator, even when it works
    if (turned && (setup.turned === "each" || setup.turned === "ends")) { // (a Stabilizer holds a failure only, as the arena plays it)
      detonatorStep(t, setup);
      t.note = ` — a turned-around wire: the detonator moves${stab ? " (the Stabilizer holds a failure only)" : ""}`;
    }
  } else if (e.silent || e.mark) {
    // no token at all: the wire did not explode, so it is not red either (a red is recorded as `real`)
    valuelessCut(t, e, setup, i, { js: [e.j], said: e.silent ? [...said, "R"] : said, tok: e.j, stab });
    for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  } else {
    if (said.some((x) => valueMatches(e.real, x))) fail(`the wire shown (${e.real}) is what was said, so the cut worked`);
    // 21, 24, 33, 40: a failure's token is the mission's, never a value (21's walkthrough: a crafted link put a 9 in)
    if (failureMarks(setup).length && /^\d+$/.test(String(e.real))) fail(`a failure here shows ${failureMarks(setup).includes("E") ? "an even/odd token" : "an x-token"}, not the value ${e.real}`);
    failure(t, setup, e, e.p, e.s, e.j, stab);
    // (38, 56, 64: a failure with the cutter's own turned-around wire, unseen: it tells nothing of what they hold)
    if (e.real !== TURNED_BOOM) for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  }
  advance(t, setup, e.a);
}

/** Double, Triple or Super Detector; with the X-or-Y Ray too (`vs`: two values said — the rulebook lets the Ray combine
 * with a detector): then the Ray is spent as well, and its player held both values. */
export function applyDetect(t, e, setup, i) {
  checkPlayers(setup, e);
  const stab = takeStab(t);
  const js = e.js ?? [];
  const said = e.vs ?? [e.v];
  const want = { double: 2, triple: 3 }[e.kind];
  if (want && js.length !== want) fail(`point at ${want} wires`);
  if (!js.length) fail("which wires?");
  if (e.vs && e.vs.length !== 2) fail("the X-or-Y Ray names two values");
  if (!said.every((x) => /^\d+$/.test(String(x)))) fail("a detector names a value 1–12: yellow wires have no number (the rulebook's FAQ)");
  if (e.vs && e.vs[0] === e.vs[1]) fail(`the X-or-Y Ray names two different values (${e.vs[0]} twice)`);
  noSpecialValue(t, setup, said);
  xWireRule(t, setup, js.map((j) => [e.p, e.s, j]), true);
  if (e.kind !== "super") captainTurnedRule(t, setup, e.p, e.s, js); // (the Super Detector points at the whole stand)
  if (e.kind === "double") useDoubleDetector(t, e, setup);
  else useItem(t, setup, e.kind === "triple" ? "3" : "5", e);
  if (e.vs) useItem(t, setup, "10", { a: e.a, pe: ownRay(setup, t, e.a) });
  if (e.ok) {
    if (!js.includes(e.hit)) fail("which of the wires was cut?");
    if (!said.some((x) => valueMatches(e.cut, x))) fail(`the cut wire ${e.cut} is not ${said.join(" or ")}`);
    if (e.as) xWireRule(t, setup, [[e.a, e.as.s, e.as.j]], false); // my own X wire, cut with it
    turnedByEquipment(t, setup, e);
    cutSlot(t, setup, e.p, e.s, e.hit, e.cut);
    actorCut(t, setup, e, e.cut);
    // with the X-or-Y Ray: its player held the other value too (as a Ray's success on one wire says)
    for (const x of said.filter((y) => !valueMatches(e.cut, y))) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  } else if (e.silent || e.mark) {
    if (e.mark && !js.includes(e.tok)) fail("which wire got the token?");
    valuelessCut(t, e, setup, i, { js, said, tok: e.tok, stab });
    for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  } else {
    if (!js.includes(e.tok)) fail("which wire got the info token?");
    if (said.some((x) => valueMatches(e.real, x))) fail(`the wire shown (${e.real}) is what was said`);
    failure(t, setup, e, e.p, e.s, e.tok, stab);
    for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
    notSaidFacts(t, e, js, said, i); // none of the wires pointed at holds a value named (the token shows one of them)
  }
  advance(t, setup, e.a);
}

/** The actor's Double Detector, spent by this entry: refused when it is spent already, or the mission dealt none. */
function useDoubleDetector(t, e, setup) {
  const name = setup.players[e.a];
  if (ddSpent(t, e.a)) fail(`${name} has used their Double Detector already (Emergency Batteries give it back)`);
  if (!ddDealt(setup, e.a)) fail(`${name} has no Double Detector in this mission`);
  if (setup.dd !== "unlimited") t.usedDD.push(e.a); // 58: never spent
}

/**
 * A failure whose token shows no value: none (mission 58, constraint H: `silent`), or the mission's even/odd or
 * x-token `mark` (21, 24, 33, 40) on wire `tok`, which stays uncut and hidden. Either way the wires pointed at
 * (`js`) are none of the values said, and the detonator moves.
 */
function valuelessCut(t, e, setup, i, { js, said, tok, stab }) {
  if (e.mark) {
    const where = `${standName(setup, e.p, e.s)} slot ${slotLetter(tok ?? 0)}`;
    if (e.silent || e.real) fail(`${where}: a failure shows one token, not ${markWords(e.mark)} and ${e.silent ? "no token" : `the info token ${e.real}`}`);
    markSlot(t, setup, e.p, e.s, tok, e.mark);
  }
  valuelessFailure(t, setup, e, js, said, i, stab);
  // 17, 52: the false token a failure places ("not v") lies on the wire as the table shows it (`nots`, drawn beside
  // the starting ones)
  if (e.silent && placesFalseTokens(setup, e.p) && Number.isInteger(tok) && /^\d+$/.test(String(e.v))) {
    const sl = slotAt(t, e.p, e.s, tok);
    sl.nots = [...(sl.nots ?? []), String(e.v)];
  }
}

/** A solo cut of my own wires, or revealing my red wires. */
export function applyOwnCuts(t, e, setup) {
  checkPlayers(setup, e, false);
  const slots = e.slots ?? [];
  if (!slots.length || slots.length !== (e.cuts ?? []).length) fail("which wires were cut?");
  if (e.k === "solo") noSpecialValue(t, setup, (e.cuts ?? []).filter(isLabel).map(saidOf));
  if (e.k === "solo") xWireRule(t, setup, slots.map((x) => [e.a, x.s, x.j]), false); // 35: an X wire waits for the yellows
  if (e.k === "solo") soloTakesAll(t, e, setup);
  if (e.k === "red" && specialAction(setup) === "reds") fail("a player with only red wires left does the special action (cut the 3 red wires at once), never a reveal (mission 13)");
  const hidden = e.k === "red" && setup.hidden_red;
  if (hidden) hiddenReveal(t, e, setup);
  slots.forEach((x, n) => {
    if (e.k === "red" && !hidden && colourOf(e.cuts[n]) !== "red") fail("only red wires are revealed");
    // 11's revealed wires are shown in place, not cut (a cut value is one the hidden card is not: the engine's law)
    if (hidden) {
      infoSlot(t, setup, e.a, x.s, x.j, e.cuts[n], true);
      slotAt(t, e.a, x.s, x.j).rev = true; // revealed as red wires are: out of play, as a cut wire is
    } else cutSlot(t, setup, e.a, x.s, x.j, e.cuts[n]);
  });
  // a reveal shows every wire its player has left (28's walkthrough: an older entry edited left one uncut, unsaid)
  if (e.k === "red" && hasUncut(t, e.a)) t.note += ` — check: ${setup.players[e.a]} still has an uncut wire; a reveal shows every wire left, all red`;
  advance(t, setup, e.a);
}

/**
 * Mission 11: a player whose wires are all of the hidden red value reveals them (it counts as red): wires of one
 * blue value, which the table learns is the hidden one (every other value ruled out).
 */
function hiddenReveal(t, e, setup) {
  const cuts = e.cuts ?? [];
  const v = cuts[0];
  if (!cuts.every((c) => c === v && colourOf(c) === "blue")) fail("in this mission a reveal shows the wires of the hidden red value: all of one blue value");
  if (t.ruledOut.includes(Number(v))) fail(`${v} cannot be the hidden red value: the table has ruled it out`);
  for (let n = setup.blue[0]; n <= setup.blue[1]; n += 1) if (String(n) !== v && !t.ruledOut.includes(n)) t.ruledOut.push(n);
}

/**
 * A solo cut takes every wire of its value still uncut (the cutter held them all: 2 or 4), or 2 of them with a usable
 * Fast Pass (9.9: all four 9s cut, not spent), which it spends.
 */
function soloTakesAll(t, e, setup) {
  const cuts = e.cuts;
  const said = saidOf(cuts[0]);
  if (!isLabel(cuts[0]) || !cuts.every((c) => isLabel(c) && valueMatches(c, said))) fail("a solo cut takes wires of one value");
  const cut = cutCounts(t);
  const inPlay = said === "Y" ? yellowsInPlay(setup) : labelsInPlay(setup).find((x) => x.label === said)?.copies ?? 0;
  const done = Object.entries(cut).filter(([l]) => valueMatches(l, said)).reduce((a, [, c]) => a + c, 0);
  const left = inPlay - done;
  if (cuts.length === left) return;
  const fastPass = cardsInPlay(setup, t).includes("9.9") && (cut["9"] ?? 0) >= 4 && !t.usedItems["9.9"];
  if (fastPass && cuts.length === 2) {
    spend(t, setup, "9.9", e.a);
    t.note += ` with the Fast Pass (9.9: spent; ${left - 2} still out)`;
    return;
  }
  const what = said === "Y" ? "yellow wire" : said;
  fail(`a solo cut takes every ${what} still uncut (${left} left), not ${cuts.length}: ${setup.players[e.a]} must hold them all${fastPass ? " (or 2 with the Fast Pass)" : ""}`);
}

/** 50 (memory mode): an info token beside a player's stand says they hold the value, on a wire the page is not told
 * (the team saw it pointed at, and is to remember it): a "has" fact over their uncut wires. */
export function applyBeside(t, e, setup, i) {
  if (!besideNow(setup, t)) fail(setup.mission === 39 ? "39's tokens beside the stand come once the special action is done" : "only missions 50 and 39 put info tokens beside the stand");
  if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < setup.players.length)) fail("whose token?");
  if (!((isLabel(e.v) && colourOf(e.v) === "blue") || e.v === "Y")) fail("which value does the token show?");
  if (e.p === setup.me && t.hasHand && !t.stands[e.p].some((st) => st.some((sl) => sl.c !== "cut" && sl.own && valueMatches(sl.own, e.v)))) {
    fail(`you hold no ${e.v === "Y" ? "yellow wire" : e.v} uncut`);
  }
  t.beside.push({ p: e.p, v: e.v });
  addFact(t, { kind: "has", player: e.p, value: factValue(e.v) }, i, uncutRefs(t, e.p));
}

/** "I have none": a player shows that a value is not on their stand(s). */
export function applyAbsent(t, e, setup, i) {
  const n = setup.players.length;
  if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < n)) fail("whose token?");
  const whole = e.s === undefined || e.s === null;
  if (!whole && !t.stands[e.p][e.s]) fail(`${setup.players[e.p]} has no stand ${e.s + 1}`);
  if (!((isLabel(e.v) && colourOf(e.v) === "blue") || e.v === "Y")) fail("which value is absent?");
  if (setup.mission === 27 && !(t.gifts && t.gifts.given < t.gifts.of)) { // (its only "I have none" tokens)
    fail(`“I have none” comes with the token draw only (two yellow wires cut, one token a player)${t.gifts ? ": every player took theirs" : ""}`);
  }
  const stands = whole ? t.stands[e.p] : [t.stands[e.p][e.s]];
  if (stands.some((st) => st.some((sl) => sl.c !== "cut" && sl.own && valueMatches(sl.own, e.v)))) {
    fail(`you hold ${e.v === "Y" ? "a yellow wire" : `a ${e.v}`}`);
  }
  if (stands.some((st) => st.some((sl) => sl.c === "info" && sl.v && (sl.v === "Y" ? e.v === "Y" : valueMatches(sl.v, e.v))))) {
    fail(`an info token there shows ${e.v === "Y" ? "yellow" : e.v}`);
  }
  t.absent.push({ p: e.p, s: whole ? null : e.s, v: e.v });
  const fact = { kind: "has_not", player: e.p, value: factValue(e.v) };
  if (!whole) fact.stand = e.s;
  addFact(t, fact, i, uncutRefs(t, e.p, whole ? null : e.s));
}

/** A teammate's turned-around wire I can see (missions 38, 56, 64): known to me, not to its owner. */
export function applySee(t, e, setup) {
  const sl = slotAt(t, e.p, e.s, e.j);
  const where = `${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)}`;
  if (!sl.tw) fail(`${where} is not a turned-around wire`);
  // a teammate saw my own turned wire (the entry came with a shared link, or the seat changed): its owner may
  // not know it, so it tells me nothing (and its words do not say it: describe.js)
  if (e.p === setup.me) return;
  if (!isLabel(e.v)) fail(`${where}: which wire do you see?`);
  if (sl.c === "cut" && sl.v !== e.v) fail(`${where} was cut as ${sl.v}`);
  const clash = turnedOutOfOrder(t, setup, e.p, e.s, e.j, e.v);
  if (clash) fail(`${where} cannot be ${e.v}: a player's turned-around wires lie in order, and ${clash} is another`);
  sl.own = e.v;
}
