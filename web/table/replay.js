// The table, derived: replaying the log over the setup into stands + facts (derive), one entry at a
// time (applyEntry: each entry kind's consequences live in entries-*.js, by family).
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { describeEntry } from "./describe.js";
import { applyAbsent, applyBeside, applyDetect, applyDual, applyOwnCuts, applySee, applySet } from "./entries-cuts.js";
import { applyBatteries, applyCoffee, applyDisint, applyDrop, applyFalseBottom, applyLabel, applyPostit, applyRadar, applyRewind, applyStabilizer, applySwl } from "./entries-equipment.js";
import { applyMissed, applySpoken, applyTell, applyYellowCount } from "./entries-sound.js";
import { applyCardFlip, applyChallenge, applyGive, applyRedcall, applyShown, applySkip, applySpecial, applySwap, applyWeak, applyWeakStuck, countGifts, giftPair, giftReceiver, numberCardsBack } from "./entries-mission.js";
import { applyMove, applyNano } from "./entries-moved.js";
import { handComplete } from "./hand.js";
import { nanoFailuresLeft, withNano } from "./nano-track.js";
import { checkOxygen, namedValue, oxygenSkipFacts } from "./oxygen.js";
import { lineAfter, lineAhead, lineReady, lineStart } from "./nano-line.js";
import { hasChallenges, noteShapes, turnEvent } from "./challenge-cards.js";
import { applyDiscard, cutSince, guessDiscards, liveValues } from "./guess-cards.js";
import { pickAfter, pickStart } from "./pick-cards.js";
import { addFact, advance, cardProgress, colourCount, cutCounts, EntryError, fail, HIDDEN, isSetupEntry, placeFacts, roundSeat } from "./replay-table.js";
import { openRedDeal, standSizes, yellowStands } from "./deal.js";
import { blueValues, cardsInPlay, faceUpCards, handSlots, isXSlot, nanoDetonator, radarTurns, rightOf, sequenceAt, sequenceWaits, turnedSlots, wireOf } from "./setup.js";

/**
 * Replay the log over the setup. Returns
 * { stands: [[[slot]]], facts, mistakesMade, exploded, turn, usedDD: [p], usedItems: {id: true},
 *   entries: [{ok, error?, text}], cutCount: {label: n}, yellowCut, validated: [n], unlocked: [id], hasHand,
 *   gifts (22: {given, of} once two yellows are cut), moves (wires moved), nanoLeft (wires Nano still holds, 43), nanoSpace, nanoStep (Nano's space and way, 43 and 53: 0 before 1), ruledOut (mission 11), stab (Stabilizer pending), extraEquipment (False Bottom) }
 * An entry that cannot be applied is skipped and carries its error. With `touched`, also slotEntry ("p-s-j" -> the last
 * entry that changed that slot; factEntry always says which entry recorded each fact).
 */
export function derive(state, { touched = false } = {}) {
  const { setup } = state;
  const hasHand = handComplete(state);
  const stands = dealtStands(state, hasHand);
  const t = {
    stands,
    facts: [],
    factEntry: [],
    slotEntry: {}, // with `touched`: "p-s-j" -> the last entry that changed it (an impossible table's culprits lead back)
    mistakesMade: 0,
    exploded: false,
    turn: setup.captain,
    usedDD: [],
    usedItems: {},
    entries: [],
    absent: [],
    beside: [], // 50: tokens beside a stand (its player holds the value, the wire not known)
    moves: [],
    nanoLeft: setup.nano || 0,
    nanoSpace: setup.nano ? 1 : 0, // 43: Nano starts on 1; 53: before 1
    nanoStep: 1,
    numberHands: (setup.number_hands ?? []).map((h) => (h ?? []).slice()), // 65: the number cards, as the gives move them
    weak: setup.mission === 34 ? "hidden" : null, // 34: the character and constraint cards (entries-mission.js applyWeak)
    flipped: [], // 31: the players whose constraint card is face down
    ruledOut: setup.hidden_red && setup.red_card ? blueValues(setup).filter((v) => v !== setup.red_card) : [], // 11: the card face up
    nanoDue: null, // 43: who has just cut Nano's value and takes one of its wires (until the take is recorded)
    stab: false,
    ...lineStart(setup), // 59: Nano on its line of number cards (nano-line.js)
    ...pickStart(setup), // 26: the number cards face up (pick-cards.js)
    extraEquipment: [],
    hasHand,
  };
  // the open red deal is public from the start: one red_count fact per stand
  (openRedDeal(setup) ?? []).forEach((counts, p) => counts.forEach((count, s) => addFact(t, { kind: "red_count", player: p, stand: s, count }, -1)));
  // yellow wires dealt one per player (missions 41, 48): public from the start too, per stand for a player with two
  (yellowStands(setup) ?? []).forEach((counts, p) => counts.forEach((count, s) =>
    addFact(t, { kind: "yellow_count", player: p, ...(counts.length > 1 ? { stand: s } : {}), count }, -1)));
  const backers = setup.number_cards === "detonator" ? new Set((setup.numbers ?? []).map(String)) : new Set();
  const backed = new Set();
  const guess = setup.number_cards === "guess";
  const trackCut = guess || sequenceAt(setup).freeEnd; // 29's card shown, 36's card cleared: what the last entry cut
  state.log.forEach((e, i) => {
    const before = snapshot(t); // an entry refused halfway (its target cut, then my wire wrong) leaves nothing behind
    try {
      const ox = checkOxygen(state, t, e, i);
      const cutBefore = trackCut ? cutCounts(t) : null;
      t.note = "";
      const whole = !t.exploded;
      if (!whole && !isSetupEntry(e)) fail("the bomb has exploded: the game is over (undo the entry that exploded it if it was a slip)");
      const sir = t.turn;
      const taken = t.turnsTaken ?? 0;
      const waits = sequenceBreak(setup, t, e);
      const owed = turnEndDue(setup, t); // 29's card shown, 65's card given, owed by the turn before this entry
      const down = guess && liveValues(t).length >= 2; // 29: with one value left to cut its last card is discarded
      withNano(t, e, setup, () => applyEntry(t, e, setup, i));
      if (guess && (t.turnsTaken ?? 0) > taken) t.cardDown = down; // (no card put down for that turn, none shown)
      if (waits) t.note += ` — check: ${waits}`;
      if (owed && (t.turnsTaken ?? 0) > taken) turnEndSkipped(t, i === state.log.length - 1, owed);
      // 51, 18: whoever cuts, the turn passes from "Sir" (who flipped the card and chose the cutter) to their left
      if ((setup.mission === 51 || radarTurns(setup)) && (t.turnsTaken ?? 0) > taken) advance(t, setup, sir);
      if (radarTurns(setup)) radarCard(t, e, taken, setup);
      if (e.k !== "skip" && (t.turnsTaken ?? 0) > taken) t.skipRun = 0; // a turn played: the round of skips starts again
      if (t.weak === "hidden") weakNamed(t, e);
      // 57: the last value validated's card binds everyone; 55, 60: challenges 4 and 8 read the first ones
      if (setup.mission === 57 || hasChallenges(setup)) t.validOrder = [...(t.validOrder ?? []), ...cutSince(t, t.validOrder)];
      if (hasChallenges(setup) && turnEvent(e)) t.turnEvents = [...(t.turnEvents ?? []), turnEvent(e)]; // (2, 5, 7: turns in a row)
      if (hasChallenges(setup)) noteShapes(t); // (3, 6, 9, 10: a stand's shape)
      if (whole && t.exploded) t.note += ": the bomb exploded";
      oxygenSkipFacts(state, t, e, i, ox);
      lineAfter(t, e, setup);
      pickAfter(t, setup, e);
      if (trackCut && e.k !== "shown") t.lastCut = justCut(t, e, cutBefore);
      if (guess) guessDiscards(t, setup);
      if (backers.size) numberCardsBack(t, backers, backed); // (62: its note goes with the entry that cut the fourth)
      if (touched) markTouched(t, before, i);
      t.entries.push({ ok: true, text: describeSafely(e, setup) + t.note });
      countGifts(t, e, setup);
    } catch (err) {
      // an entry that contradicts the table, or one a damaged link mangled: shown as an error, the rest goes on
      const error = err instanceof EntryError ? err.message : "this entry is damaged and was skipped";
      for (const k of Object.keys(t)) delete t[k];
      Object.assign(t, before);
      t.entries.push({ ok: false, error, text: describeSafely(e, setup) });
    }
  });
  placeFacts(t);
  countCuts(t, setup);
  heldBackCuts(state, t);
  // mission 53: the failures Nano can still take stand for the detonator's mistakes left
  t.mistakesLeft = nanoDetonator(setup) ? nanoFailuresLeft(t.nanoSpace) : Math.max(0, setup.mistakes - t.mistakesMade);
  t.roundSeat = roundSeat(t, setup);
  // every wire cut and the bomb still whole: the mission is won
  t.defused = !t.exploded && t.stands.every((ss) => ss.every((st) => st.every((sl) => sl.c === "cut" || sl.rev))); // (11's revealed)
  return t;
}

/** Note entry i against every slot it changed, by where the slot sits now (run after every entry: field by field, a
 * field holding a list — a Label's marks — read whole only when it is not the same value). */
function markTouched(t, before, i) {
  const same = (a, b) => {
    let n = 0;
    for (const k in a) {
      n += 1;
      if (a[k] !== b[k] && JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
    }
    for (const _k in b) n -= 1;
    return n === 0;
  };
  t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((sl, j) => {
    const was = before.stands[p]?.[s]?.[j];
    if (!was || !same(was, sl)) t.slotEntry[`${p}-${s}-${j}`] = i;
  })));
}

/** 9, 16: a wire set cut (Set tokens) of a value the Sequence card still holds back on the whole table — no turn
 * can have cut it (9's and 36's walkthroughs: taken with no word). Read on the table at the end, not the entry's:
 * a game entered under way may set its cuts in any order. */
function heldBackCuts(state, t) {
  const { setup } = state;
  if (setup.number_cards !== "sequence" || setup.mission === 36) return;
  const seq = sequenceAt(setup, t.cutCount);
  const held = seq.nums.slice(seq.next + 1).map(String);
  state.log.forEach((e, i) => {
    if (e.k === "set" && e.slot?.c === "cut" && held.includes(String(e.slot.v)) && t.entries[i]?.ok) {
      t.entries[i].text += ` — check: ${sequenceWaits(seq)} (no ${e.slot.v} may be cut yet)`;
    }
  });
}

/** 9, 16: a cut naming a value whose number card waits behind the Sequence card; 59: one Nano did not allow; 65: one
 * of no card its actor had face up (an old entry edited since, a link): said beside it. (36's line is re-ordered as
 * cards clear: an old entry is not read against today's order.) */
function sequenceBreak(setup, t, e) {
  if (!["dual", "xray", "detect", "solo"].includes(e.k)) return null;
  const said = (e.vs ?? (e.k === "xray" ? [] : [namedValue(e)])).map(Number);
  const cut = cutCounts(t);
  const hands = Number.isInteger(e.a) ? faceUpCards(setup, t, e.a, cut) : null; // 65: the actor's own cards
  const off = hands ? said.find((x) => Number.isInteger(x) && !hands.includes(x)) : undefined;
  if (off !== undefined) return `${setup.players[e.a]}'s number cards face up were ${hands.join(", ") || "none"} then, not ${off}`;
  if (lineReady(setup)) { // 59: the value under Nano or one ahead of it (an edit may name another: said, not refused)
    const ahead = lineAhead(setup, t, cut);
    const v = said.find((x) => Number.isInteger(x) && !ahead.includes(x));
    return v === undefined ? null : `Nano allowed only ${[...ahead].sort((a, b) => a - b).join(", ")} then, not ${v}`;
  }
  if (setup.number_cards !== "sequence" || setup.mission === 36) return null;
  const seq = sequenceAt(setup, cut);
  const v = said.find((x) => seq.nums.slice(seq.next + 1).includes(x));
  return v === undefined ? null : `${sequenceWaits(seq)} (the ${v} waits)`;
}

/** 34, while the cards are hidden: the blue values each player's cuts named (what tells of their card, for the
 * playouts' draw of the weakest link: arena/weakest_link.py). */
function weakNamed(t, e) {
  const said = e.vs ?? (e.k === "xray" ? [] : [namedValue(e)]);
  const blue = said.filter((v) => /^\d+$/.test(String(v ?? ""))).map(Number);
  if (!blue.length || !Number.isInteger(e.a)) return;
  t.weakNamed = { ...(t.weakNamed ?? {}), [e.a]: [...(t.weakNamed?.[e.a] ?? []), ...blue] };
}

/**
 * 18: the number card flipped this turn is the value its General Radar entry asked (t.turnCard) until a turn is
 * played; a cut of another value is said beside its entry (a card may be missing from the log), as a card not usable.
 */
function radarCard(t, e, taken, setup) {
  if (e.k === "radar") {
    t.turnCard = e.v;
    return;
  }
  if ((t.turnsTaken ?? 0) === taken) return;
  const v = namedValue(e);
  if (Number.isInteger(t.turnCard) && v !== null && v !== String(t.turnCard) && e.k !== "red") {
    t.note = `${t.note} — check: the number card flipped this turn is ${t.turnCard}, the radar's value`;
  } else if (!Number.isInteger(t.turnCard) && v !== null && e.k !== "red") {
    t.note = `${t.note} — check: no number card flipped (General Radar) is recorded for this turn`;
  }
  t.turnCard = null;
}

/** Mission 29: who acted in entry `e` and the values of the wires it cut (cut counts before it: `before`). */
function justCut(t, e, before) {
  const now = cutCounts(t);
  return { a: e.a, values: Object.keys(now).filter((l) => now[l] > (before[l] ?? 0)) };
}

/** Every stand as dealt, before any entry: hidden slots, X slots, turned-around wires, my own wires. */
function dealtStands(state, hasHand) {
  const { setup } = state;
  const me = setup.me;
  return standSizes(setup).map((ss, p) =>
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
}

/** What the cut wires say: how many of each, the validated values, the yellows cut, each card in play (waiting,
 * usable, used) and those unlocked. */
function countCuts(t, setup) {
  const cutCount = cutCounts(t);
  t.cutCount = cutCount;
  t.validated = [];
  for (let n = setup.blue[0]; n <= setup.blue[1]; n++) if ((cutCount[String(n)] ?? 0) >= 4) t.validated.push(n);
  // a card unlocks when 2 wires of its number are cut; a double-numbered one when all 4 are; False Bottom with 2 yellows
  t.yellowCut = colourCount(cutCount, "yellow");
  t.cards = cardsInPlay(setup, t).map((id) => {
    const { have, need, lock } = cardProgress(setup, t, id, cutCount);
    return { id, have, need, ...(lock ? { lock } : {}), state: t.usedItems[id] ? "used" : have >= need ? "usable" : "waiting" };
  });
  t.unlocked = t.cards.filter((c) => c.have >= c.need).map((c) => c.id);
}

/** A copy of the derived table to go back to, but its entries so far (only ever appended to). */
function snapshot(t) {
  const copy = deepCopy({ ...t, entries: null }, new Map());
  copy.entries = t.entries;
  return copy;
}

/**
 * A deep copy of plain data (arrays, plain objects, Sets: the derived table holds nothing else) that keeps which
 * objects are the same one (a fact's `refs` are the very slot objects on the stands: placeFacts follows them) and
 * the facts' non-enumerable `refs`.
 */
function deepCopy(x, memo) {
  if (x === null || typeof x !== "object") return x;
  if (memo.has(x)) return memo.get(x);
  if (Array.isArray(x)) {
    const out = [];
    memo.set(x, out);
    for (const v of x) out.push(deepCopy(v, memo));
    return out;
  }
  if (x instanceof Set) {
    const out = new Set();
    memo.set(x, out);
    for (const v of x) out.add(deepCopy(v, memo));
    return out;
  }
  const out = {};
  memo.set(x, out);
  for (const k of Object.keys(x)) out[k] = deepCopy(x[k], memo);
  const refs = Object.getOwnPropertyDescriptor(x, "refs");
  if (refs && !refs.enumerable) Object.defineProperty(out, "refs", { value: deepCopy(refs.value, memo), enumerable: false });
  return out;
}

/** Apply log entry `e` (index i) to the derived table `t`; `fail(...)` names what is wrong. */
export function applyEntry(t, e, setup, i) {
  const apply = Object.hasOwn(ENTRY_KINDS, e.k) ? ENTRY_KINDS[e.k] : null;
  if (!apply) fail(`unknown entry ${JSON.stringify(e.k)}`);
  apply(t, e, setup, i);
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
  swap: applySwap,
  give: applyGive,
  cardflip: applyCardFlip,
  weak: applyWeak,
  weakstuck: applyWeakStuck,
  beside: applyBeside,
  redcall: applyRedcall,
  shown: applyShown,
  discard: applyDiscard,
  missed: applyMissed,
  spoken: applySpoken,
  nanoturn: () => {}, // 59: the cutter turned Nano round (nano-line.js lineAfter)
  tell: applyTell,
  ycount: applyYellowCount,
  special: applySpecial,
  damaged: (_t, e) => fail(e.why),
};

/** describeEntry, or a plain word for an entry too damaged to describe. */
function describeSafely(e, setup) {
  try {
    return String(describeEntry(e, setup));
  } catch {
    return "unreadable entry";
  }
}


/**
 * The entry that closes the turn just played, still to record ({k, a: its player, first, check}), or null: 29's
 * number card shown (it decides the detonator), 65's number card given (a giver with one face up). A turn recorded
 * before it: refused while it is the newest entry (the page opens this entry instead: draft-commit turnEndFirst), said
 * beside an older one — the log has no way to slip an entry in before it, and nothing entered is lost.
 */
export function turnEndDue(setup, t) {
  if (t.gifts && t.gifts.given < t.gifts.of && !t.exploded) return giftsDue(setup, t); // 22, 27: at once, before any turn
  const taken = t.turnsTaken ?? 0;
  if (!taken) return null;
  const a = Number.isInteger(t.lastTurnBy) ? t.lastTurnBy : rightOf(setup, t.turn); // who played the turn just ended
  const who = setup.players[a];
  if (setup.number_cards === "guess" && t.shownAt !== taken && t.cardDown !== false) {
    return { k: "shown", a, first: `first the number card shown after ${who}'s turn (Number card shown…): it is shown before the next turn`,
      check: `no number card was recorded after ${who}'s turn (the detonator may be a space behind)` };
  }
  // (the cards face up by the cut counts now: t.cutCount is filled only once the replay ends — 65's walkthrough: a player
  // whose last card went face down was asked to give one, a dead end)
  if (t.givenAt !== taken && faceUpCards(setup, t, a, cutCounts(t))?.length) {
    return { k: "give", a, first: `first the number card ${who} gives at the end of their turn (Give a number card…): each turn ends with one`,
      check: `no number card was given after ${who}'s turn (which cards each holds may be wrong)` };
  }
  return null;
}

/** 22's token gifts, 27's token draw under way: who places the next token (no sheet of its own: a wire's token, or
 * "I have none"). */
function giftsDue(setup, t) {
  const a = giftReceiver(setup, t.gifts.given);
  const what = setup.mission === 27 ? `the token draw: ${setup.players[a]} takes one of the tokens drawn`
    : `the token gifts: ${setup.players[a]} gets ${setup.players[giftPair(setup, t.gifts.given)[0]]}'s token`;
  return { k: null, a, first: `first ${what} (on a wire of its value: tap it, Set tokens; with none, I have none) — the tokens go round as soon as two yellow wires are cut`,
    check: `${setup.mission === 27 ? "the token draw" : "the token gifts"} had not gone round before this turn` };
}

function turnEndSkipped(t, latest, owed) {
  if (latest) fail(owed.first);
  t.note += ` — check: ${owed.check}`;
}
