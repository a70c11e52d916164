// The table, derived: replaying the log over the setup into stands + facts (derive),
// each entry kind's consequences, and the engine's stand notation for one slot.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import {
  colourOf, EQUIPMENT_NAMES, handSlots, isLabel, isXSlot, MARKS, openRedDeal, saidOf, sortValue, standCounts, standSizes, turnedSlots,
  valueMatches, wireOf, yellowDeal,
} from "./setup.js";
import { handComplete } from "./hand.js";
import { oxygenKind } from "./oxygen.js";

// ---------------------------------------------------------------- replay

const HIDDEN = () => ({ c: "h", v: null, m: null, col: null, own: null });

class EntryError extends Error {}
const fail = (msg) => {
  throw new EntryError(msg);
};

export function slotLetter(j) {
  return j < 26 ? String.fromCharCode(65 + j) : `#${j + 1}`;
}

export function standName(setup, p, s) {
  const name = setup.players[p] || `Player ${p + 1}`;
  return standCounts(setup)[p] > 1 ? `${name} (stand ${s + 1})` : name;
}

/**
 * Replay the log over the setup. Returns
 * { stands: [[[slot]]], facts, mistakesMade, exploded, turn, usedDD: [p], usedItems: {id: true},
 *   entries: [{ok, error?, text}], cutCount: {label: n}, yellowCut, validated: [n], unlocked: [id], hasHand,
 *   moves (wires moved), nanoLeft (wires Nano still holds, 43), ruledOut (mission 11), stab (Stabilizer pending), extraEquipment (False Bottom) }
 * An entry that cannot be applied is skipped and carries its error.
 */
export function derive(state) {
  const { setup } = state;
  const sizes = standSizes(setup);
  const me = setup.me;
  const hasHand = handComplete(state);
  const stands = sizes.map((ss, p) =>
    ss.map((n, s) => {
      const turned = turnedSlots(setup, p, s, n);
      const mine = p === me && hasHand ? handSlots(setup, p, s, n) : [];
      return Array.from({ length: n }, (_, j) => ({
        ...HIDDEN(),
        m: isXSlot(setup, j, n) && !turned.includes(j) ? "X" : null,
        col: setup.x_blue && isXSlot(setup, j, n) ? "b" : null,
        own: mine.includes(j) ? wireOf(state.hand[s][mine.indexOf(j)]) : null,
        ...(turned.includes(j) ? { tw: true } : {}),
      }));
    }),
  );
  const t = {
    stands,
    facts: [],
    factEntry: [],
    mistakesMade: 0,
    exploded: false,
    turn: setup.captain,
    usedDD: [],
    usedItems: {},
    entries: [],
    absent: [],
    moves: [],
    nanoLeft: setup.nano || 0,
    ruledOut: [],
    stab: false,
    extraEquipment: [],
    hasHand,
  };
  // the open red deal is public from the start: one red_count fact per stand
  (openRedDeal(setup) ?? []).forEach((counts, p) => counts.forEach((count, s) => addFact(t, { kind: "red_count", player: p, stand: s, count }, -1)));
  // yellow wires dealt one per player (missions 41, 48): public from the start too
  yellowDeal(setup).forEach((count, p) => addFact(t, { kind: "yellow_count", player: p, count }, -1));
  const backers = setup.number_cards === "detonator" ? new Set((setup.numbers ?? []).map(String)) : new Set();
  const backed = new Set();
  state.log.forEach((e, i) => {
    try {
      applyEntry(t, e, setup, i);
      t.entries.push({ ok: true, text: describeSafely(e, setup) });
      if (backers.size) numberCardsBack(t, backers, backed);
    } catch (err) {
      // an entry that contradicts the table, or one a damaged link mangled: shown as an error, the rest goes on
      const error = err instanceof EntryError ? err.message : "this entry is damaged and was skipped";
      t.entries.push({ ok: false, error, text: describeSafely(e, setup) });
    }
  });
  placeFacts(t);
  const cutCount = {};
  for (const ss of stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v) cutCount[sl.v] = (cutCount[sl.v] ?? 0) + 1;
  t.cutCount = cutCount;
  t.validated = [];
  for (let n = setup.blue[0]; n <= setup.blue[1]; n++) if ((cutCount[String(n)] ?? 0) >= 4) t.validated.push(n);
  // a card unlocks when 2 wires of its number are cut; a double-numbered one when all 4 are; False Bottom with 2 yellows
  t.yellowCut = Object.entries(cutCount).filter(([l]) => colourOf(l) === "yellow").reduce((a, [, c]) => a + c, 0);
  t.unlocked = [...setup.equipment, ...t.extraEquipment].filter((id) => (/^\d+$/.test(id) ? (cutCount[id] ?? 0) >= 2
    : /^(\d+)\.\1$/.test(id) ? (cutCount[id.split(".")[0]] ?? 0) >= 4 : id === "Y" && t.yellowCut >= 2));
  t.mistakesLeft = Math.max(0, setup.mistakes - t.mistakesMade);
  return t;
}

function slotAt(t, p, s, j) {
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) fail(`there is no slot ${slotLetter(j ?? 0)} on that stand`);
  return sl;
}

function cutSlot(t, setup, p, s, j, label) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (!isLabel(label)) fail(`${where}: which wire was cut?`);
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (sl.own && sl.own !== label) fail(`${where} is your ${sl.own}, not ${label}`);
  sl.c = "cut";
  sl.v = label;
  sl.col = null;
  if (sl.m && sl.m.startsWith("!") && colourOf(label) === "red") sl.m = null;
}

function infoSlot(t, setup, p, s, j, label) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (!(isLabel(label) && colourOf(label) !== "red") && label !== "Y") fail(`${where}: which info token?`);
  if (sl.own && !(label === "Y" ? colourOf(sl.own) === "yellow" : sl.own === label)) fail(`${where} is your ${sl.own}, not ${label}`);
  sl.c = "info";
  sl.v = label;
}

const factValue = (said) => (said === "Y" ? "YELLOW" : said?.[0] === "R" ? "RED" : Number(said));

function actorCut(t, setup, e, label) {
  if (!e.as) fail(`which wire did ${setup.players[e.a]} cut?`);
  const av = e.av || label;
  if (colourOf(av) !== colourOf(label) || (colourOf(av) === "blue" && av !== label)) fail(`${setup.players[e.a]}'s wire must also be ${label}`);
  cutSlot(t, setup, e.a, e.as.s, e.as.j, av);
}

function checkPlayers(setup, e, target = true) {
  const n = setup.players.length;
  if (!(Number.isInteger(e.a) && e.a >= 0 && e.a < n)) fail("who acted?");
  if (e.ox !== undefined && !(Number.isInteger(e.ox) && e.ox >= 0 && e.ox < n && e.ox !== e.a)) {
    fail(`who got ${setup.players[e.a]}'s oxygen? (a teammate)`);
  }
  if (target) {
    if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < n)) fail("whose wire?");
    if (e.p === e.a) fail("a dual cut points at a teammate's wire");
  }
}

function advance(t, setup, a) {
  t.turn = (a + 1) % setup.players.length;
}

function failure(t, setup, e, p, s, j, stab = false) {
  const real = e.real;
  if (isLabel(real) && colourOf(real) === "red") {
    // under the Stabilizer the red wire does not explode: it is known, and out of play for the odds
    cutSlot(t, setup, p, s, j, real);
    if (!stab) t.exploded = true;
    return;
  }
  infoSlot(t, setup, p, s, j, saidOf(real));
  // mission 11: the wire that got the token did not explode (a detector's token goes on a wire that
  // is not red-like), so its value is not the hidden red one
  if (setup.hidden_red && isLabel(real) && colourOf(real) === "blue") t.ruledOut.push(Number(real));
  misfire(t, setup, e, stab);
}

/** What a failed cut costs: the captain's failure explodes (missions 14, 28); the detonator moves unless the Stabilizer holds it. */
function misfire(t, setup, e, stab) {
  if (setup.captain_fragile && e.a === setup.captain) t.exploded = true;
  if (!stab) detonatorStep(t, setup);
}

/** The detonator moves a space; past the last mistake the bomb explodes. */
function detonatorStep(t, setup) {
  t.mistakesMade += 1;
  if (t.mistakesMade > setup.mistakes) t.exploded = true;
}

/** The detonator goes back a space (Rewinder, 55's challenges, 62's number cards), never below where it started. */
function detonatorBack(t) {
  t.mistakesMade = Math.max(0, t.mistakesMade - 1);
}

/** A failure with no info token (mission 58, constraint H): the wires pointed at are none of the values said. */
function silentFailure(t, setup, e, js, said, i, stab) {
  const pointed = [...js].sort((x, y) => x - y);
  for (const sl of pointed.map((j) => slotAt(t, e.p, e.s, j))) {
    if (sl.c === "cut") fail(`${standName(setup, e.p, e.s)}: that wire is already cut`);
  }
  for (const x of said) {
    addFact(t, { kind: "not_value", player: e.p, stand: e.s, slots: pointed, value: factValue(x) }, i,
      pointed.map((j) => t.stands[e.p][e.s][j]));
  }
  misfire(t, setup, e, stab);
}

/** The Stabilizer covers the next dual cut (detectors included): take it. */
function takeStab(t) {
  const stab = t.stab;
  t.stab = false;
  return stab;
}

/**
 * Record a fact. `refs`: the slot objects it speaks of at this moment (a has/has_not: the
 * player's uncut wires then; a Label or failed detector: its slots). Slot objects travel with
 * their wires, so placeFacts can say where those wires are once the whole log is replayed.
 */
function addFact(t, fact, i, refs = null) {
  t.facts.push(fact);
  t.factEntry.push(i);
  if (refs) Object.defineProperty(fact, "refs", { value: refs, enumerable: false });
}

/** The player's (or one stand's) uncut slot objects now. */
function uncutRefs(t, p, s = null) {
  return (s === null || s === undefined ? t.stands[p] : [t.stands[p][s]]).flatMap((st) => st.filter((sl) => sl.c !== "cut"));
}

/**
 * Facts about wires that were cut or moved later speak of where those wires are now:
 * a has/has_not names its wires when they are no longer the player's uncut ones; a Label or
 * failed detector follows its slots (split per stand; a Label whose wires now sit on two
 * stands is dropped — the table then knows a little less, never something false).
 */
function placeFacts(t) {
  const where = new Map();
  t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((sl, j) => where.set(sl, [p, s, j]))));
  const out = [];
  const entries = [];
  t.facts.forEach((f, n) => {
    const refs = f.refs;
    if (!refs) {
      out.push(f);
      entries.push(t.factEntry[n]);
      return;
    }
    const spots = refs.map((sl) => where.get(sl));
    if (f.kind === "has" || f.kind === "has_not") {
      const now = uncutRefs(t, f.player, f.stand ?? null);
      const same = now.length === refs.length && now.every((sl) => refs.includes(sl));
      out.push(same ? f : { ...f, wires: spots.map((x) => x.slice()).sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) });
      entries.push(t.factEntry[n]);
      return;
    }
    const byStand = new Map();
    for (const [p, s, j] of spots) byStand.set(`${p}-${s}`, [...(byStand.get(`${p}-${s}`) ?? []), [p, s, j]]);
    if (byStand.size > 1 && f.kind !== "not_value") return;
    for (const group of byStand.values()) {
      out.push({ ...f, player: group[0][0], stand: group[0][1], slots: group.map((x) => x[2]).sort((a, b) => a - b) });
      entries.push(t.factEntry[n]);
    }
  });
  t.facts = out;
  t.factEntry = entries;
}

/** Apply log entry `e` (index i) to the derived table `t`; `fail(...)` names what is wrong. */
export function applyEntry(t, e, setup, i) {
  const apply = Object.hasOwn(ENTRY_KINDS, e.k) ? ENTRY_KINDS[e.k] : null;
  if (!apply) fail(`unknown entry ${JSON.stringify(e.k)}`);
  apply(t, e, setup, i);
}

/** What the table shows on one slot (tokens, marks, colour, cut). */
function applySet(t, e, setup) {
  const sl = slotAt(t, e.p, e.s, e.j);
  const v = e.slot ?? {};
  const own = sl.own;
  if (v.c === "cut" && own && v.v !== own) fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)} is your ${own}`);
  Object.assign(sl, { c: v.c || "h", v: v.v ?? null, m: v.m ?? null, col: v.col ?? null, own });
  if (sl.c === "info" && own && !sl.v) sl.v = saidOf(own);
}

/** A dual cut, or the X-or-Y Ray (two values said). */
function applyDual(t, e, setup, i) {
  checkPlayers(setup, e);
  const stab = takeStab(t);
  const said = e.k === "dual" ? [e.v] : e.vs ?? [];
  if (!said.length || said.some((x) => !(isLabel(x) || x === "Y"))) fail("which value was said?");
  if (e.ok) {
    if (!said.some((x) => valueMatches(e.cut, x))) fail(`the cut wire ${e.cut} is not what was said`);
    const turned = Boolean(slotAt(t, e.p, e.s, e.j).tw);
    cutSlot(t, setup, e.p, e.s, e.j, e.cut);
    actorCut(t, setup, e, e.cut);
    // 56, 64: cutting a teammate's turned-around wire moves the detonator, even when it works
    if (turned && (setup.turned === "each" || setup.turned === "ends")) misfire(t, setup, e, stab);
  } else if (e.silent) {
    silentFailure(t, setup, e, [e.j], said, i, stab);
    for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  } else {
    if (said.some((x) => valueMatches(e.real, x))) fail(`the wire shown (${e.real}) is what was said, so the cut worked`);
    failure(t, setup, e, e.p, e.s, e.j, stab);
    for (const x of said) addFact(t, { kind: "has", player: e.a, value: factValue(x) }, i, uncutRefs(t, e.a));
  }
  advance(t, setup, e.a);
}

/** Double, Triple or Super Detector. */
function applyDetect(t, e, setup, i) {
  checkPlayers(setup, e);
  const stab = takeStab(t);
  const js = e.js ?? [];
  const want = { double: 2, triple: 3 }[e.kind];
  if (want && js.length !== want) fail(`point at ${want} wires`);
  if (!js.length) fail("which wires?");
  if (e.kind === "double") t.usedDD.push(e.a);
  else t.usedItems[e.kind === "triple" ? "3" : "5"] = true;
  if (e.ok) {
    if (!js.includes(e.hit)) fail("which of the wires was cut?");
    if (!valueMatches(e.cut, e.v)) fail(`the cut wire ${e.cut} is not ${e.v}`);
    cutSlot(t, setup, e.p, e.s, e.hit, e.cut);
    actorCut(t, setup, e, e.cut);
  } else if (e.silent) {
    silentFailure(t, setup, e, js, [e.v], i, stab);
    addFact(t, { kind: "has", player: e.a, value: factValue(e.v) }, i, uncutRefs(t, e.a));
  } else {
    if (!js.includes(e.tok)) fail("which wire got the info token?");
    if (valueMatches(e.real, e.v)) fail(`the wire shown (${e.real}) is what was said`);
    failure(t, setup, e, e.p, e.s, e.tok, stab);
    addFact(t, { kind: "has", player: e.a, value: factValue(e.v) }, i, uncutRefs(t, e.a));
    // none of the wires pointed at holds the value named (the token only shows one of them)
    const pointed = [...js].sort((x, y) => x - y);
    addFact(t, { kind: "not_value", player: e.p, stand: e.s, slots: pointed, value: factValue(e.v) }, i,
      pointed.map((j) => t.stands[e.p][e.s][j]));
  }
  advance(t, setup, e.a);
}

/** A solo cut of my own wires, or revealing my red wires. */
function applyOwnCuts(t, e, setup) {
  checkPlayers(setup, e, false);
  const slots = e.slots ?? [];
  if (!slots.length || slots.length !== (e.cuts ?? []).length) fail("which wires were cut?");
  slots.forEach((x, n) => {
    if (e.k === "red" && colourOf(e.cuts[n]) !== "red") fail("only red wires are revealed");
    cutSlot(t, setup, e.a, x.s, x.j, e.cuts[n]);
  });
  advance(t, setup, e.a);
}

/** General Radar: every stand answers whether it holds the number. */
function applyRadar(t, e, _setup, i) {
  if (!(Number.isInteger(e.v) && e.v >= 1 && e.v <= 12)) fail("which number was asked?");
  t.usedItems["8"] = true;
  const ans = Array.isArray(e.ans) ? e.ans : [];
  for (const x of ans) {
    if (!t.stands[x?.p]?.[x?.s]) fail("an answer names a stand that is not on the table");
    addFact(t, { kind: x.has ? "has" : "has_not", player: x.p, stand: x.s, value: e.v }, i, uncutRefs(t, x.p, x.s));
  }
}

/** Label = or ≠ on two neighbouring wires. */
function applyLabel(t, e, _setup, i) {
  const js = e.js ?? [];
  slotAt(t, e.p, e.s, js[0]);
  slotAt(t, e.p, e.s, js[1]);
  if (Math.abs(js[0] - js[1]) !== 1) fail("a label goes on two neighbouring wires");
  t.usedItems[e.eq ? "12" : "1"] = true;
  const pair = [js[0], js[1]].sort((a, b) => a - b);
  addFact(t, { kind: e.eq ? "same" : "different", player: e.p, stand: e.s, slots: pair }, i, pair.map((j) => t.stands[e.p][e.s][j]));
}

/** Post-it: an info token on one of the actor's own blue wires. */
function applyPostit(t, e, setup) {
  checkPlayers(setup, e, false);
  t.usedItems["4"] = true;
  if (!isLabel(e.v) || colourOf(e.v) !== "blue") fail("a Post-it goes on a blue wire");
  infoSlot(t, setup, e.a, e.s, e.j, e.v);
}

/** Single Wire Label (2.2): an x1 token on one of the actor's blue wires, cut or not: its value is once on that stand. */
function applySwl(t, e, setup) {
  checkPlayers(setup, e, false);
  const sl = slotAt(t, e.a, e.s, e.j);
  const where = `${standName(setup, e.a, e.s)} slot ${slotLetter(e.j)}`;
  const shown = sl.c === "cut" || sl.c === "info" ? sl.v : sl.own;
  if (shown && !(isLabel(shown) && colourOf(shown) === "blue")) fail(`${where}: the Single Wire Label goes on a blue wire`);
  if (sl.m && sl.m !== "1x") fail(`${where} already has a token (${sl.m})`);
  t.usedItems["2.2"] = true;
  sl.m = "1x";
  if (sl.c === "h") sl.col = "b";
}

/** Disintegrator (10.10): value e.v drawn; every player cut all their uncut wires of it (e.cuts). */
function applyDisint(t, e, setup, i) {
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
  t.usedItems["10.10"] = true;
  // none is left anywhere
  setup.players.forEach((_, p) => addFact(t, { kind: "has_not", player: p, value: Number(e.v) }, i, uncutRefs(t, p)));
}

/** Emergency Batteries (7): these players' used Double Detectors work again. */
function applyBatteries(t, e, setup) {
  const ps = Array.isArray(e.ps) ? e.ps : [];
  if (!ps.length || ps.length > 2 || ps.some((p) => !(Number.isInteger(p) && p >= 0 && p < setup.players.length))) {
    fail("whose Double Detector (1 or 2 players)?");
  }
  t.usedItems["7"] = true;
  t.usedDD = t.usedDD.filter((p) => !ps.includes(p));
}

/** Emergency Drop (3.3): every used equipment card is usable again. */
function applyDrop(t) {
  t.usedItems = { "3.3": true };
}

/** False Bottom (yellow): two more equipment cards come into the game. */
function applyFalseBottom(t, e) {
  const ids = Array.isArray(e.ids) ? e.ids.filter((x) => typeof x === "string") : [];
  if (!ids.length || ids.length > 2) fail("which equipment cards came in (1 or 2)?");
  t.usedItems.Y = true;
  t.extraEquipment.push(...ids);
}

/** Stabilizer (9): the next dual cut, if it fails, neither moves the detonator nor explodes. */
function applyStabilizer(t, e, setup) {
  checkPlayers(setup, e, false);
  t.usedItems["9"] = true;
  t.stab = true;
}

/** Coffee Mug (11): the actor skips and names who plays next. */
function applyCoffee(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!(Number.isInteger(e.next) && e.next >= 0 && e.next < setup.players.length)) fail("who plays next?");
  t.usedItems["11"] = true;
  t.turn = e.next;
}

/** A turn skipped for want of oxygen (44, 49, 54, 63): the detonator moves a space and the next player plays. */
function applySkip(t, e, setup) {
  checkPlayers(setup, e, false);
  if (!oxygenKind(setup)) fail("only oxygen missions (44, 49, 54, 63) skip a turn for want of oxygen");
  detonatorStep(t, setup);
  advance(t, setup, e.a);
}

/** Mission 62: the first time all 4 wires of a value on a faceup number card are cut, the detonator goes back a space. */
function numberCardsBack(t, backers, backed) {
  for (const v of backers) {
    if (backed.has(v)) continue;
    let n = 0;
    for (const ss of t.stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v === v) n += 1;
    if (n >= 4) {
      backed.add(v);
      detonatorBack(t);
    }
  }
}

/** Rewinder: the detonator goes back one step. */
function applyRewind(t) {
  t.usedItems["6"] = true;
  detonatorBack(t);
}

/** A challenge card completed (55): the detonator goes back a space (never below where it started). */
function applyChallenge(t, e, setup) {
  if (!(setup.special ?? []).includes("challenges")) fail("only mission 55 has challenge cards");
  detonatorBack(t);
}

/** "I have none": a player shows that a value is not on their stand(s). */
function applyAbsent(t, e, setup, i) {
  const n = setup.players.length;
  if (!(Number.isInteger(e.p) && e.p >= 0 && e.p < n)) fail("whose token?");
  const whole = e.s === undefined || e.s === null;
  if (!whole && !t.stands[e.p][e.s]) fail(`${setup.players[e.p]} has no stand ${e.s + 1}`);
  if (!((isLabel(e.v) && colourOf(e.v) === "blue") || e.v === "Y")) fail("which value is absent?");
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

/**
 * Walkie-Talkies (k "walkie": e.a gives slot e.as, e.p gives slot e.j of stand e.s; e.ato / e.pto:
 * where each filed the wire received, as {s, j} on the stand after the move) or the Grappling Hook
 * (k "hook": e.a takes e.p's slot e.j of stand e.s and files it at e.to). A wire keeps its tokens;
 * e.got: the wire I received, when I am a receiver.
 */
function applyMove(t, e, setup, i) {
  checkPlayers(setup, e);
  const wires = e.k === "hook"
    ? [{ from: [e.p, e.s, e.j], to: [e.a, filedAt(e.to, "the wire").s, e.to.j] }]
    : [{ from: [e.a, filedAt(e.as, `${setup.players[e.a]}'s wire`).s, e.as.j], to: [e.p, filedAt(e.pto, `${setup.players[e.a]}'s wire`).s, e.pto.j] },
      { from: [e.p, e.s, e.j], to: [e.a, filedAt(e.ato, `${setup.players[e.p]}'s wire`).s, e.ato.j] }];
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
  t.moves.push({ kind: e.k === "hook" ? "grappling_hook" : "walkie_talkies", wires });
  t.usedItems[e.k === "hook" ? "11.11" : "2"] = true;
}

/**
 * A wire taken from Nano (k "nano", mission 43): e.a takes one of Nano's face-down wires at random and
 * files it at e.to ({s, j} on the stand after); e.got: the wire, when I took it.
 */
function applyNano(t, e, setup) {
  checkPlayers(setup, e, false);
  if (t.nanoLeft <= 0) fail(setup.nano ? `Nano has no wire left (it was dealt ${setup.nano})` : "this mission deals no wires to Nano");
  const to = [e.a, filedAt(e.to, "the wire").s, e.to.j];
  fileWire(t, e, setup, to, HIDDEN())();
  t.moves.push({ kind: "nano", wires: [{ to }] });
  t.nanoLeft -= 1;
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
  const mine = p === setup.me && t.hasHand;
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
  const left = st.slice(0, j).filter((x) => x.own && !x.m?.startsWith("X")).at(-1);
  const right = st.slice(j).find((x) => x.own && !x.m?.startsWith("X"));
  if ((left && sortValue(left.own) > sortValue(e.got)) || (right && sortValue(e.got) > sortValue(right.own))) {
    fail(`your ${e.got} cannot sit there: your wires are in order`);
  }
}

/** A teammate's turned-around wire I can see (missions 38, 56, 64): known to me, not to its owner. */
function applySee(t, e, setup) {
  const sl = slotAt(t, e.p, e.s, e.j);
  const where = `${standName(setup, e.p, e.s)} slot ${slotLetter(e.j)}`;
  if (!sl.tw) fail(`${where} is not a turned-around wire`);
  if (e.p === setup.me) fail(`${where} is your own turned-around wire: you cannot see it`);
  if (!isLabel(e.v)) fail(`${where}: which wire do you see?`);
  if (sl.c === "cut" && sl.v !== e.v) fail(`${where} was cut as ${sl.v}`);
  sl.own = e.v;
}

/** Log entry kind -> how it changes the derived table. */
const ENTRY_KINDS = {
  set: applySet,
  see: applySee,
  dual: applyDual,
  xray: applyDual,
  detect: applyDetect,
  solo: applyOwnCuts,
  red: applyOwnCuts,
  radar: applyRadar,
  label: applyLabel,
  postit: applyPostit,
  rewind: applyRewind,
  challenge: applyChallenge,
  absent: applyAbsent,
  walkie: applyMove,
  hook: applyMove,
  nano: applyNano,
  swl: applySwl,
  disint: applyDisint,
  batteries: applyBatteries,
  drop: applyDrop,
  false_bottom: applyFalseBottom,
  stabilizer: applyStabilizer,
  coffee: applyCoffee,
  skip: applySkip,
};

/** describeEntry, or a plain word for an entry too damaged to describe. */
function describeSafely(e, setup) {
  try {
    return String(describeEntry(e, setup));
  } catch {
    return "unreadable entry";
  }
}

export function describeEntry(e, setup) {
  const text = describeAction(e, setup);
  return Number.isInteger(e.ox) ? `${text} (oxygen → ${setup.players[e.ox] ?? `Player ${e.ox + 1}`})` : text;
}

function describeAction(e, setup) {
  const name = (p) => setup.players[p] ?? `Player ${(p ?? 0) + 1}`;
  const at = (p, s, j) => `${standName(setup, p, s)} ${slotLetter(j ?? 0)}`;
  const said = (v) => (v === "Y" ? "yellow" : v);
  switch (e.k) {
    case "set":
      return `${at(e.p, e.s, e.j)} shows ${slotToken(e.slot ?? {}) || "nothing"}`;
    case "dual":
      return `${name(e.a)}: ${at(e.p, e.s, e.j)} is ${said(e.v)}? ${e.ok ? `✓ cut ${e.cut}` : e.silent ? "✗ (no token)" : `✗ it is ${e.real}`}`;
    case "xray":
      return `${name(e.a)} X-or-Y Ray: ${at(e.p, e.s, e.j)} ${(e.vs ?? []).map(said).join(" or ")}? ${e.ok ? `✓ cut ${e.cut}` : `✗ it is ${e.real}`}`;
    case "detect": {
      const what = { double: "Double Detector", triple: "Triple Detector", super: "Super Detector" }[e.kind] ?? "Detector";
      const slots = (e.js ?? []).map(slotLetter).join("+");
      return `${name(e.a)} ${what}: ${standName(setup, e.p, e.s)} ${slots} has ${said(e.v)}? ${e.ok ? `✓ cut ${slotLetter(e.hit ?? 0)}` : `✗ ${slotLetter(e.tok ?? 0)} is ${e.real}`}`;
    }
    case "solo":
      return `${name(e.a)} solo cut ${(e.cuts ?? []).join(" ")}`;
    case "red":
      return `${name(e.a)} reveals red ${(e.cuts ?? []).join(" ")}`;
    case "radar":
      return `General Radar ${e.v}: ${(e.ans ?? []).map((x) => `${standName(setup, x.p, x.s)} ${x.has ? "yes" : "no"}`).join(", ")}`;
    case "label":
      return `Label ${e.eq ? "=" : "≠"} on ${standName(setup, e.p, e.s)} ${(e.js ?? []).map(slotLetter).join("/")}`;
    case "postit":
      return `${name(e.a)} Post-it: ${at(e.a, e.s, e.j)} is ${e.v}`;
    case "see":
      return `I see ${at(e.p, e.s, e.j)} (turned around): ${e.v}`;
    case "rewind":
      return "Rewinder: detonator −1";
    case "challenge":
      return "Challenge done: detonator −1";
    case "swl":
      return `${name(e.a)} Single Wire Label: ${at(e.a, e.s, e.j)} is the only one of its value`;
    case "disint":
      return `Disintegrator ${e.v}: ${(e.cuts ?? []).map((c) => at(c.p, c.s, c.j)).join(", ") || "no wire left"} cut`;
    case "batteries":
      return `Emergency Batteries: ${(e.ps ?? []).map(name).join(", ")} Double Detector back`;
    case "drop":
      return "Emergency Drop: used equipment usable again";
    case "false_bottom":
      return `False Bottom: ${(e.ids ?? []).map((id) => EQUIPMENT_NAMES[id] ?? id).join(", ")} come in`;
    case "stabilizer":
      return `${name(e.a)} Stabilizer on the next cut`;
    case "coffee":
      return `${name(e.a)} Coffee Mug: ${name(e.next)} plays next`;
    case "skip":
      return `${name(e.a)} has too little oxygen: turn skipped, the detonator moves`;
    case "walkie":
      return `${name(e.a)} ⇄ ${name(e.p)} Walkie-Talkies: ${at(e.a, e.as?.s, e.as?.j)} → ${at(e.p, e.pto?.s, e.pto?.j)}, ${at(e.p, e.s, e.j)} → ${at(e.a, e.ato?.s, e.ato?.j)}${e.got ? ` (got ${e.got})` : ""}`;
    case "hook":
      return `${name(e.a)} Grappling Hook: ${at(e.p, e.s, e.j)} → ${at(e.a, e.to?.s, e.to?.j)}${e.got ? ` (got ${e.got})` : ""}`;
    case "nano":
      return `${name(e.a)} takes a wire from Nano → ${at(e.a, e.to?.s, e.to?.j)}${e.got ? ` (got ${e.got})` : ""}`;
    case "absent":
      return `${e.s === undefined || e.s === null ? name(e.p) : standName(setup, e.p, e.s)} has no ${said(e.v)} ("I have none" token)`;
    default:
      return "unknown entry";
  }
}

// ---------------------------------------------------------------- notation

/** The stand-notation token for a slot (see py_engine notation.py). `own` = show my own wire. */
export function slotToken(sl, own = false) {
  if (sl.tw) { // a turned-around wire carries no token: cut, seen (a teammate's), or not seen (mine)
    if (sl.c === "cut" && isLabel(sl.v)) return `T${sl.v}`;
    return own && sl.own ? `T?${sl.own}` : "T";
  }
  const mark = sl.m && (MARKS.includes(sl.m) || /^!\d{1,2}$/.test(sl.m)) ? sl.m : "";
  if (sl.c === "cut" && isLabel(sl.v)) {
    const colon = mark.startsWith("!") && colourOf(sl.v) === "blue" ? ":" : "";
    return `${mark}${colon}${sl.v}`;
  }
  if (sl.c === "info" && (isLabel(sl.v) || sl.v === "Y")) {
    const v = own && sl.own && sl.v === "Y" ? sl.own : sl.v;
    return `${mark}i${v}`;
  }
  if (own && sl.own) return `${mark}?${sl.own}`;
  const col = sl.col && ["b", "y", "r"].includes(sl.col) ? sl.col : "";
  if (col && !mark) return `${col}?`;
  return `${col}${mark}` || "?";
}
