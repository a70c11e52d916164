// Log entries of equipment cards that change what the table knows or the detonator: General Radar,
// Labels, Post-it, Single Wire Label, Disintegrator, Emergency Batteries and Drop, False Bottom,
// Stabilizer, Coffee Mug, Rewinder. (Detectors and the X-or-Y Ray are cuts: entries-cuts.js;
// Walkie-Talkies and the Grappling Hook move wires: entries-moved.js.)

import { addFact, checkPlayers, cutCounts, cutSlot, detonatorBack, dialFirst, fail, hasUncut, infoSlot, notSaidFacts, ownTurnCard, radarRefs, seenWire, slotAt, slotLetter, spend, standName, uncutRefs, useItem } from "./replay-table.js";
import { failureMarks, isCount, markSlot, markWords, standMoved } from "./failure-marks.js";
import { colourOf, isLabel, placesFalseTokens } from "./setup.js";

/** General Radar: every stand answers whether it holds the number. */
export function applyRadar(t, e, setup, i) {
  if (!(Number.isInteger(e.v) && e.v >= 1 && e.v <= 12)) fail("which number was asked?");
  useItem(t, setup, "8", e);
  const ans = Array.isArray(e.ans) ? e.ans : [];
  for (const x of ans) {
    if (!t.stands[x?.p]?.[x?.s]) fail("an answer names a stand that is not on the table");
    addFact(t, { kind: x.has ? "has" : "has_not", player: x.p, stand: x.s, value: e.v }, i, radarRefs(t, setup, x.p, x.s));
  }
  // every stand said no while a copy is uncut: it must be somewhere the radar sees (not Nano's pile, an X wire, a
  // turned-around wire), so the answers cannot all be no
  const stands = t.stands.reduce((n, ss) => n + ss.length, 0);
  const left = 4 - (cutCounts(t)[String(e.v)] ?? 0);
  const yes = ans.filter((x) => x.has).length; // each stand saying yes holds an uncut one
  if (yes > left) fail(`${yes} stands said yes to ${e.v}, but only ${left} ${e.v}${left === 1 ? " is" : "s are"} still uncut`);
  if (ans.length === stands && !ans.some((x) => x.has) && left > 0 && !setup.nano && !setup.x_tokens && !setup.turned) {
    fail(`every stand said no to ${e.v}, but ${left} ${e.v}${left === 1 ? " is" : "s are"} still uncut on the stands: one of them said yes`);
  }
}

/** Label = or ≠ on two neighbouring wires. */
export function applyLabel(t, e, setup, i) {
  const js = e.js ?? [];
  slotAt(t, e.p, e.s, js[0]);
  slotAt(t, e.p, e.s, js[1]);
  if (Math.abs(js[0] - js[1]) !== 1) fail("a label goes on two neighbouring wires");
  // (the card: one of the two may be cut already — 34's walkthrough put one on two cut wires)
  if (js.every((j) => t.stands[e.p][e.s][j].c === "cut")) fail("a label goes on two neighbouring wires, at most one of them cut");
  spend(t, setup, e.eq ? "12" : "1", e.p); // (played by the player whose wires it labels)
  const pair = [js[0], js[1]].sort((a, b) => a - b);
  addFact(t, { kind: e.eq ? "same" : "different", player: e.p, stand: e.s, slots: pair }, i, pair.map((j) => t.stands[e.p][e.s][j]));
  // the token lies in front of the two wires: each shows it, towards the other
  const sym = e.eq ? "=" : "≠";
  const [a, b] = pair.map((j) => t.stands[e.p][e.s][j]);
  a.labs = [...(a.labs ?? []), { sym, side: "right" }];
  b.labs = [...(b.labs ?? []), { sym, side: "left" }];
}

/** Post-it: an info token on one of the actor's own blue wires. */
export function applyPostit(t, e, setup, i) {
  checkPlayers(setup, e, false);
  spend(t, setup, "4", e.a);
  if (placesFalseTokens(setup, e.a)) return falsePostit(t, e, setup, i);
  const marks = failureMarks(setup);
  if (marks.length) { // 21, 24, 33, 40: the mission's token on one of their uncut blue wires (the arena's Post-it)
    if (!marks.includes(e.m)) fail(`the Post-it shows the mission's token (${marks.map(markWords).join(", ")}), not a value`);
    if (slotAt(t, e.a, e.s, e.j).c === "info") fail(`${standName(setup, e.a, e.s)} slot ${slotLetter(e.j)} already shows a token`);
    if (slotAt(t, e.a, e.s, e.j).c === "cut") countOnCut(t, setup, e);
    else markSlot(t, setup, e.a, e.s, e.j, e.m);
    return;
  }
  if (!isLabel(e.v) || colourOf(e.v) !== "blue") fail("a Post-it goes on a blue wire");
  infoSlot(t, setup, e.a, e.s, e.j, e.v);
}

/** 52: "all the info tokens in this mission are false" — the Post-it's too: "not v" on one of the actor's uncut wires,
 * never its own value; the table learns that wire is not v (it was recorded as a true token). */
function falsePostit(t, e, setup, i) {
  const where = `${standName(setup, e.a, e.s)} slot ${slotLetter(e.j)}`;
  const v = /^!(\d+)$/.exec(e.m ?? "")?.[1];
  if (!v) fail(`${where}: the Post-it shows a false token here (“not N”), not ${e.v ? `the value ${e.v}` : "a value"}`);
  const sl = slotAt(t, e.a, e.s, e.j);
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (sl.own && sl.own === v) fail(`${where} is your ${v}: a false token never shows its own value`);
  sl.nots = [...(sl.nots ?? []), v];
  notSaidFacts(t, { p: e.a, s: e.s }, [e.j], [v], i);
}

/** 24, 40: the Post-it's x-token in front of a cut wire (the card allows it): how many wires of its value the stand
 * was dealt — at least those it shows, exactly those on my own stand. */
function countOnCut(t, setup, e) {
  const sl = slotAt(t, e.a, e.s, e.j);
  const where = `${standName(setup, e.a, e.s)} slot ${slotLetter(e.j)}`;
  if (!isCount(e.m)) fail(`${where} is cut: a Post-it on a cut wire shows a count (x1–x4)`);
  if (!isLabel(sl.v) || colourOf(sl.v) !== "blue") fail(`${where} is ${sl.v ? `a cut ${sl.v}` : "cut"}: the Post-it goes on a blue wire`);
  if (sl.m) fail(`${where} already shows ${markWords(sl.m)}`);
  if (standMoved(t, e.a, e.s)) fail(`${where}: wires moved to or from this stand, so its x-token cannot be read (the engine counts a stand as dealt)`);
  const stand = t.stands[e.a][e.s];
  const shown = stand.filter((x) => seenWire(x) === sl.v).length;
  const mine = stand.every((x) => x.c === "cut" || x.own);
  if (Number(e.m[0]) < shown || (mine && Number(e.m[0]) !== shown)) fail(`${where}: the stand shows ${shown} ${sl.v}${shown === 1 ? "" : "s"}, not ${markWords(e.m)}`);
  sl.m = e.m;
}

/** Single Wire Label (2.2): an x1 token on one of the actor's blue wires, cut or not: its value is once on that stand. */
export function applySwl(t, e, setup) {
  checkPlayers(setup, e, false);
  const sl = slotAt(t, e.a, e.s, e.j);
  const where = `${standName(setup, e.a, e.s)} slot ${slotLetter(e.j)}`;
  const shown = seenWire(sl);
  if (shown && !(isLabel(shown) && colourOf(shown) === "blue")) fail(`${where}: the Single Wire Label goes on a blue wire`);
  if (sl.m && sl.m !== "1x") fail(`${where} already has a token (${sl.m})`);
  if (standMoved(t, e.a, e.s)) fail(`${where}: wires moved to or from this stand, so its x1 token cannot be read (the engine counts a stand as dealt)`);
  spend(t, setup, "2.2", e.a);
  sl.m = "1x";
  if (sl.c === "h") sl.col = "b";
}

/** Disintegrator (10.10): value e.v drawn; every player cut all their uncut wires of it (e.cuts). */
export function applyDisint(t, e, setup, i) {
  if (!(isLabel(e.v) && colourOf(e.v) === "blue")) fail("which value was drawn?");
  const cuts = Array.isArray(e.cuts) ? e.cuts : [];
  for (const c of cuts) cutSlot(t, setup, c?.p, c?.s, c?.j, e.v);
  t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((sl, j) => {
    if (sl.c === "cut") return;
    if (sl.own === e.v) fail(`your ${e.v} at ${standName(setup, p, s)} slot ${slotLetter(j)} was cut too`);
    if (sl.c === "info" && sl.v === e.v) fail(`${standName(setup, p, s)} slot ${slotLetter(j)} shows a ${e.v}: it was cut too`);
  })));
  const cut = t.stands.flat(2).filter((sl) => sl.c === "cut" && sl.v === e.v).length;
  if (cut !== 4) fail(`the Disintegrator cuts every ${e.v}: 4 are in play, ${cut} would be cut — tap the others`);
  spend(t, setup, "10.10", e.a);
  // none is left anywhere
  setup.players.forEach((_, p) => addFact(t, { kind: "has_not", player: p, value: Number(e.v) }, i, uncutRefs(t, p)));
}

/** Emergency Batteries (7): these players' used Double Detectors work again. */
export function applyBatteries(t, e, setup) {
  const ps = Array.isArray(e.ps) ? e.ps : [];
  if (!ps.length || ps.length > 2 || ps.some((p) => !(Number.isInteger(p) && p >= 0 && p < setup.players.length))) {
    fail("whose Double Detector (1 or 2 players)?");
  }
  spend(t, setup, "7", e.a);
  t.usedDD = t.usedDD.filter((p) => !ps.includes(p));
}

/** Emergency Drop (3.3): every used equipment card is usable again. */
export function applyDrop(t, _e, setup) {
  spend(t, setup, "3.3"); // (not usable yet, or not on the table: said, as for every card)
  t.usedItems = { "3.3": true };
}

/** False Bottom (yellow): two more equipment cards come into the game. */
export function applyFalseBottom(t, e, setup) {
  const ids = Array.isArray(e.ids) ? e.ids.filter((x) => typeof x === "string") : [];
  if (!ids.length || ids.length > 2) fail("which equipment cards came in (1 or 2)?");
  spend(t, setup, "Y");
  t.extraEquipment.push(...ids);
}

/** Stabilizer (9): the next dual cut, if it fails, neither moves the detonator nor explodes. */
export function applyStabilizer(t, e, setup) {
  checkPlayers(setup, e, false);
  spend(t, setup, "9", e.a);
  ownTurnCard(t, setup, e.a, "Stabilizer");
  t.stab = true;
}

/** Coffee Mug (11): the actor skips and names who plays next. */
export function applyCoffee(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!(Number.isInteger(e.next) && e.next >= 0 && e.next < setup.players.length)) fail("who plays next?");
  if (e.next === e.a) fail(`the Coffee Mug names a teammate to play next, not ${setup.players[e.a]}`);
  if (!hasUncut(t, e.next)) fail(`${setup.players[e.next]} has no wire left: the Coffee Mug names a teammate who still plays`);
  spend(t, setup, "11", e.a);
  ownTurnCard(t, setup, e.a, "Coffee Mug");
  if (setup.number_cards === "guess") { // 29 (its FAQ): the turn is skipped, its number card shown and taken all the same
    t.turnsTaken = (t.turnsTaken ?? 0) + 1;
    t.lastTurnBy = e.a;
    t.lastCut = null;
  }
  t.turn = e.next;
  t.stab = false; // (a Stabilizer holds for its player's turn only)
}

/** Rewinder: the detonator goes back one step. */
export function applyRewind(t, _e, setup) {
  // not past the dial's first space (where it starts, or further back in 41, 55, 60, 62): a Rewinder that could not move
  // it is refused, the card kept
  if (t.mistakesMade <= dialFirst(setup)) fail("the detonator is on the first space of its track: the Rewinder would not move it (the card stays unused)");
  spend(t, setup, "6");
  detonatorBack(t, dialFirst(setup));
}
