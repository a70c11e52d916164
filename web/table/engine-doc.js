// What the engine is told about the table: the state document (engineDoc), and for the "moves"
// request the items I may use, the mission's rules on legal cuts and my mistakes left; and the
// choices the slot editor offers. Pure functions, no DOM, no I/O.

import { lineAhead, lineReady } from "./nano-line.js";
import { blueValues, colourOf, faceUpCards, falseTokenFact, labelsInPlay, radarTurns, saidOf, sequenceAt, sequenceWaits, tokenMarks, wiresDoc } from "./setup.js";
import { myCards } from "./card-rules.js";
import { slotToken } from "./describe.js";
import { derive } from "./replay.js";
import { oxygenRules } from "./oxygen.js";
import { cardRisk } from "./guess-cards.js";
import { teammatesTokens } from "./starting-token.js";
import { characterOf, ddUsable, draftOfCard, personalHolder } from "./detectors.js";
import { nanoPlayDoc, nanoRules } from "./nano-track.js";
import { specialAction } from "./entries-mission.js";
import { xWireWait } from "./entries-cuts.js";
import { pickedUp, sumCards, sums } from "./pick-cards.js";
import { firstSpaceMistakes } from "./replay-table.js";

/**
 * The engine's state document for the derived table.
 * opts.public: nobody's hidden wires (my stand as teammates see it).
 */
export function engineDoc(state, t = derive(state), opts = {}) {
  const { setup } = state;
  const me = !opts.public && t.hasHand ? setup.me : null;
  const doc = {
    players: setup.players.map((name, p) => ({
      name: name.trim() || `Player ${p + 1}`,
      stands: t.stands[p].map((st) => st.map((sl) => slotToken(falseTokenFact(setup, sl) ? { ...sl, m: null } : sl,
        me !== null && (p === me || Boolean(sl.own)))).join(" ")),
    })),
    me,
    captain: setup.captain,
    wires: wiresDoc(setup),
    facts: t.facts.slice(),
    mistakes_left: t.mistakesLeft,
  };
  if (setup.hidden_red) {
    const ruled = [...new Set(t.ruledOut)].sort((a, b) => a - b);
    doc.hidden_red_value = ruled.length ? { ruled_out: ruled } : true;
  }
  if (t.moves.length) doc.moves = structuredClone(t.moves);
  if (setup.nano) doc.nano = setup.nano; // 43: wires dealt to Nano; those taken are "nano" moves
  const read = teammatesTokens(state, t); // read by the engine as the advice's choice (advice/starting_tokens.py)
  if (read.length) {
    doc.starting_tokens = read;
    // what the tokens show: the engine reads a parity or a count rather than a value
    if (["even_odd", "multiplicity"].includes(state.setup.tokens)) doc.tokens = state.setup.tokens;
  }
  return doc;
}

/** The free cards (advice/free_cards.py): Label ≠, Label =, Post-it, General Radar, Single Wire Label,
 * Walkie-Talkies, Grappling Hook, Coffee Mug. */
const FREE_CARDS = ["1", "12", "4", "8", "2.2", "2", "11.11", "11"];

/**
 * The "moves" request's document: the state document with the items I may use now, the cards that bind me,
 * my mistakes left, the mission's rules, the table cards, free cards and detectors used, where the detonator
 * started; and in an even/odd or x-token mission (21, 24, 33, 40) its token kind, which tells the advice what a
 * failure shows.
 */
export function movesDoc(state, t, doc = engineDoc(state, t)) {
  const out = {
    ...doc, available: availableItems(state, t), constraints: myCards(state.setup, t), mistakes_left: myMistakesLeft(state, t),
    // (18: the General Radar asks about each turn's card by the mission's rule: no card for the team to play)
    rules: missionRules(state, t), cards: tableCards(state, t), free_cards: usableCards(state, t, FREE_CARDS).filter((id) => id !== "8" || !radarTurns(state.setup)),
    used_detectors: withoutDD(state.setup, t), start_mistakes: firstSpaceMistakes(state.setup),
  };
  return { ...out, ...tableRulesDoc(state.setup) };
}

/** The mission's rules the advice and the playouts of the "win" request read beside the table: what a failure
 * shows (`tokens` in an even/odd or x-token mission, 21, 24, 33, 40; `failure_tokens: false` where it places
 * none, 58), Double Detectors never spent (`double_detector: "unlimited"`, 58) and whose failures show a false
 * token (`false_tokens`: "captain" 17, "all" 52). */
export function tableRulesDoc(setup) {
  return {
    ...(tokenMarks(setup).length ? { tokens: setup.tokens } : {}),
    ...(setup.failure_tokens === false ? { failure_tokens: false } : {}),
    ...(setup.dd === "unlimited" ? { double_detector: "unlimited" } : {}),
    ...(setup.false_by ? { false_tokens: setup.false_by } : {}),
  };
}

/** Which of these card ids `me` may use now: face up, unlocked and not used; none for the captain where
 * the mission bars them equipment (mission 28). */
function usableCards(state, t, ids) {
  const { setup } = state;
  if (setup.captain_no_equipment && setup.me === setup.captain) return [];
  // a card on the table, or my new character's personal equipment that plays as it (E1-E4)
  return ids.filter((id) => (t.unlocked.includes(id) && !t.usedItems[id]) || personalHolder(setup, t, draftOfCard(id)) === setup.me);
}

/** The players with no Double Detector to use, for the advice and the playouts: theirs used, or a new character
 * taken instead (its own equipment is left to the table: the playouts do not play it). */
const withoutDD = (setup, t) => setup.players.map((_, p) => p).filter((p) => t.usedDD.includes(p) || characterOf(setup, p));

/** Items for the "moves" request: what `me` may still use. */
export function availableItems(state, t) {
  const { setup } = state;
  const me = setup.me;
  if (setup.captain_no_equipment && me === setup.captain) return [];
  const items = { 3: "triple_detector", 5: "super_detector", 10: "x_or_y_ray", "9.9": "fast_pass" };
  return [...(ddUsable(setup, t, me) ? ["double_detector"] : []),
    ...usableCards(state, t, Object.keys(items)).map((id) => items[id])];
}

/** 11: the chance each blue value ("7") is the number card's — every value with no wire cut and not ruled out, alike
 * (advice/hidden_red.py); null elsewhere. The heatmap's red dot reads it: a wire of that value counts as red. */
export function hiddenRedLaw(setup, t) {
  if (!setup.hidden_red) return null;
  const left = blueValues(setup).filter((v) => !((t.cutCount?.[String(v)] ?? 0) > 0) && !t.ruledOut.includes(v));
  return left.length ? Object.fromEntries(left.map((v) => [String(v), 1 / left.length])) : null;
}

/** Table cards the team policy may play before my cut (Rewinder 6, Emergency Batteries 7, Stabilizer 9); no
 * Stabilizer for a fragile captain (14, 28): their failure explodes the bomb all the same; no Batteries while no
 * character card is spent (`used_detectors` also lists a new character's holder, who never had a Double Detector:
 * the policy would play the card for nothing). */
export function tableCards(state, t) {
  const { setup } = state;
  const fragile = setup.captain_fragile && setup.me === setup.captain;
  return usableCards(state, t, fragile ? ["6", "7"] : ["6", "7", "9"]).filter((id) => id !== "7" || t.usedDD.length > 0);
}

/**
 * The table's equipment for the playouts of the "win" request (arena/win.py): the cards face up, those
 * used, who has used their Double Detector, who may use one, whether the captain's failure explodes the bomb,
 * and the detonator's start (the Rewinder's limit).
 */
export function equipmentDoc(state, t) {
  const { setup } = state;
  return {
    cards: t.cards.map((c) => c.id),
    spent: Object.keys(t.usedItems).filter((id) => t.usedItems[id]),
    double_detector_used: withoutDD(setup, t),
    double_detector: setup.dd,
    captain_no_equipment: Boolean(setup.captain_no_equipment),
    captain_fragile: Boolean(setup.captain_fragile),
    start_mistakes: firstSpaceMistakes(setup),
  };
}

// ---------------------------------------------------------------- what the slot editor may offer

/** Choices for a slot: {cut: [labels], info: [labels + "Y"?], marks: [mark], colours: [..]} per setup. */
export function slotChoices(setup, own = null) {
  const labels = labelsInPlay(setup).map((x) => x.label);
  const hasYellow = labels.some((l) => l[0] === "Y");
  const marks = tokenMarks(setup); // (an X wire's mark is dealt with it: never set by hand)
  const notValues = setup.false_tokens ? labels.filter((l) => colourOf(l) === "blue") : [];
  // 58: no info token at all, neither at the start nor after a failure: none to set
  const valueTokens = setup.tokens === "value" || (setup.tokens === "none" && setup.failure_tokens !== false);
  const info = valueTokens ? labels.filter((l) => colourOf(l) === "blue") : [];
  if (hasYellow && info.length) info.push("Y");
  if (own) {
    return {
      cut: [own],
      info: colourOf(own) === "red" || !info.length ? [] : [saidOf(own)],
      marks,
      notValues,
      colours: [],
    };
  }
  const colours = ["b"];
  if (hasYellow) colours.push("y");
  if (labels.some((l) => l[0] === "R")) colours.push("r");
  return { cut: labels, info, marks, notValues, colours: colours.length > 1 ? colours : [] };
}

const hasXWires = (setup) => setup.x_tokens || (setup.special ?? []).includes("x_after_yellow");

/**
 * The mission's rules on the values a player may cut, alike for the whole table (the number cards in view, a sequence,
 * 39's noble value, 46's 7s, 48's yellows): `mine` false for a teammate, whom 65's number cards do not bind (each
 * player holds their own). What the advice reads (missionRules) and the value keypads offer a teammate.
 */
export function valueRules(state, t, mine = true) {
  const special = state.setup.special ?? [];
  const rules = { no_values: [] };
  const hands = faceUpCards(state.setup, t, state.setup.me); // 65: my face-up cards, once the hands dealt are entered
  const nums = state.setup.number_cards === "pick" && !mine && state.setup.mission === 65 ? [] : hands ?? pickedUp(state.setup, t) ?? sumCards(state.setup, t) ?? state.setup.numbers ?? [];
  const mode = state.setup.number_cards;
  if (state.setup.sound_rounds) { // 30: a round's card is a target, not a rule; the three cards at the end are one
    if (nums.length >= 3) {
      const why = `only the three cards' values, ${nums.join(", ")}, may be cut now (mission 30)`;
      rules.only_values = { values: nums.slice(), why };
      rules.no_values.push({ value: "YELLOW", why });
    }
  } else if (mode === "pick" && (nums.length || (hands && mine))) { // (65: none of mine face up — no cut, a skip: 65's walkthrough)
    rules.only_values = { values: nums.slice(), why: hands ? (nums.length ? `your number cards are ${nums.join(", ")}` : "none of your number cards is face up")
      : `the number cards in play name ${nums.join(", ")}` };
  } else if (nums.length > 1 && mode === "sum") {
    const made = sums(nums);
    rules.only_values = { values: made, why: `the number cards (${nums.join(", ")}) make only ${made.join(", ") || "no value"} (sum or difference of two)` };
  } else if (nums.length > 1 && mode === "sequence") {
    const seq = sequenceAt(state.setup, t.cutCount);
    for (const v of nums.slice(seq.next + 1)) rules.no_values.push({ value: v, why: sequenceWaits(seq) });
  } else if (nums.length && mode === "noble") {
    rules.no_values.push({ value: nums[0], why: `the ${nums[0]}s are cut all four at once by the special action` });
  } else if (lineReady(state.setup)) {
    rules.only_values = { values: lineAhead(state.setup, t).slice().sort((a, b) => a - b), why: "the value under Nano or a value ahead of it (mission 59)" };
  }
  if (radarTurns(state.setup) && Number.isInteger(t.turnCard)) {
    rules.only_values = { values: [t.turnCard], why: `the number card flipped this turn is ${t.turnCard} (mission 18)` };
  }
  if (special.includes("sevens_last")) rules.no_values.push({ value: 7, why: "mission 46: the 7s are cut last, all four at once" });
  if (special.includes("yellow_special")) rules.no_values.push({ value: "YELLOW", why: "yellow wires go by the mission's special action" });
  return rules;
}

/** 35, before the 4 yellow wires are cut: no value whose cut would take my own X wire — all my wires of it are X, or I
 * hold every one left, a solo cut (the arena's XAfterYellow.rules). */
function ownXValues(state, t) {
  const me = state.setup.me;
  const mine = Number.isInteger(me) && t.hasHand ? t.stands[me].flat().filter((sl) => sl.c !== "cut" && sl.own) : [];
  const out = [];
  for (const x of mine) {
    const wait = xWireWait(state.setup, t.yellowCut, x);
    const v = saidOf(x.own);
    if (!wait || !/^\d+$/.test(v) || out.some((o) => String(o.value) === v)) continue;
    const same = mine.filter((sl) => saidOf(sl.own) === v);
    if (same.every((sl) => sl.m === "X") || same.length + (t.cutCount[v] ?? 0) >= 4) out.push({ value: Number(v), why: `${wait}: my ${v} is my X wire (mission 35)` });
  }
  return out;
}

/** The mission's rules on which cuts I may make now, for the "moves" request (see constraint_cards.py). */
export function missionRules(state, t) {
  const special = state.setup.special ?? [];
  const rules = { ...valueRules(state, t), locked: [] };
  const nums = state.setup.numbers ?? [];
  const ox = oxygenRules(state, t, state.setup.me);
  rules.no_values.push(...ox.no_values);
  if (ox.oxygen) rules.oxygen = ox.oxygen;
  const risk = cardRisk(state.setup, t); // 29: the card put down for my turn
  if (risk.length) rules.card_risk = risk;
  if (hasXWires(state.setup)) {
    // no equipment points at an X wire, personal equipment included (20, 35); in 35 no cut before the 4 yellows
    const why = special.includes("x_after_yellow") ? "no equipment on an X wire (mission 35)" : "equipment ignores X wires";
    t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((sl, j) => {
      if (sl.m !== "X" || sl.c === "cut") return;
      const wait = xWireWait(state.setup, t.yellowCut, sl);
      rules.locked.push({ player: p, stand: s, slot: j, why: wait ? `${wait} (mission 35)` : why, equipment_only: !wait });
    })));
    rules.no_values.push(...ownXValues(state, t));
  }
  const turned = turnedRule(state);
  if (turned) rules.turned = turned;
  const action = specialAction(state.setup); // 13, 39, 41, 46, 48: its wires and chance beside my best cuts
  if (action && (action !== "noble" || nums.length)) {
    rules.special_action = { kind: action, ...(action === "noble" ? { value: nums[0] } : {}),
      holder_only: ["reds", "lethal"].includes(action) && state.setup.players.length < 4 }; // with 2-3 players: a holder
  }
  return Object.assign(rules, nanoRules(state.setup, t)); // 43, 53: Nano's value (53 on 11: only 11)
}

/**
 * The mission's rule on turned-around wires, alike for every player (the engine applies it to every
 * turned wire but the acting player's): 38, only the captain cuts theirs; 56, 64, a teammate's may be
 * cut, but the detonator moves. Sent with the moves and with the playouts of the "win" request.
 */
export function turnedRule(state) {
  const { turned, mission } = state.setup;
  if (!turned) return null;
  const where = mission ? ` (mission ${mission})` : "";
  return turned === "captain"
    ? { kind: "locked", why: `only the captain cuts their turned-around wire${where}` }
    : { kind: "costly", why: `a teammate's turned-around wire: cutting it moves the detonator a space${where}` };
}

/** My mistakes left for the advice: none when my failure explodes the bomb (the captain in missions 14, 28). */
export function myMistakesLeft(state, t) {
  const { setup } = state;
  return setup.captain_fragile && setup.me === setup.captain ? 0 : t.mistakesLeft;
}
