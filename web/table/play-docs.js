// The rules that change with the game, for the playouts (*Estimate*, *Think longer*): the arena's `mission_play`
// documents (arena/plays.py, play_from_doc) made from what the table app follows — oxygen (44, 49, 63), the number
// cards in hands (29) and face up (65), the number cards in view (9, 16, 36's sequence, 26, 47, 62), the special
// actions of 13, 41 and 48, 31's constraint cards, 35's X wires after the yellows and 46's sevens last; those cards
// decide (32, 34, 37, 18, 45, 51, 39, 22, 12, 15, 23) come from card-play-docs.js, Nano's (43, 53, 59) from
// nano-track.js and nano-line.js.
import { cardHands, rightOf, sequenceAt } from "./setup.js";
import { GIFT_OXYGEN, oxygenFor, oxygenKind, PASSED_OXYGEN } from "./oxygen.js";
import { dealtCounts, guessCards, liveValues, myNumberCards } from "./guess-cards.js";
import { cutCounts } from "./replay-table.js";
import { specialAction } from "./entries-mission.js";
import { cardPlayDoc } from "./card-play-docs.js";
import { pickedUp, sumCards } from "./pick-cards.js";

const MISSION_OXYGEN = { reserve: 44, gift: 49, pass: 63 };

/** 44, 49, 63: the tokens where they lie now and the last player to have played (the captain's turn refills). */
function oxygenPlay(state, t) {
  const { setup } = state;
  const kind = oxygenKind(setup);
  if (!(kind in MISSION_OXYGEN) || t.turn === null || t.turn === undefined) return null;
  const n = setup.players.length;
  let tokens;
  if (kind === "gift") {
    tokens = Object.fromEntries(setup.players.map((_, p) => [String(p), oxygenFor(state, t, p)?.have ?? GIFT_OXYGEN[n]]));
  } else {
    const have = oxygenFor(state, t, t.turn).have;
    tokens = kind === "pass" ? { "-1": have, "-2": (PASSED_OXYGEN[n] ?? 2 * n) - have } : { "-1": have };
  }
  const last = state.log.length ? rightOf(setup, t.turn) : null;
  return { kind: "oxygen", oxygen: kind, tokens, mission: setup.mission ?? MISSION_OXYGEN[kind], last };
}

/** 29: my cards, the cards seen taken, how many others each holds, the deck's size. */
function guessPlay(state, t) {
  const { setup } = state;
  if (!guessCards(setup) || setup.me === null) return null;
  const live = liveValues(t);
  const count = t.guessCount ?? dealtCounts(setup);
  const known = Object.fromEntries(setup.players.map((_, p) => [String(p), (t.guessKnown?.[p] ?? []).filter((v) => live.includes(v))]));
  const unseen = Object.fromEntries(setup.players.map((_, p) => [String(p), Math.max(0, count[p] - known[p].length)]));
  const mine = myNumberCards(setup, t);
  const held = setup.players.reduce((x, _, p) => x + (p === setup.me ? mine.length : count[p]), 0);
  return { kind: "guess", me: setup.me, mine, known, unseen, deck: Math.max(0, live.length - held) };
}

/** 65: every player's number cards as the gives moved them. */
function handsPlay(state, t) {
  if (!cardHands(state.setup) || !t.numberHands?.some((h) => h?.length)) return null;
  return { kind: "hands", hands: Object.fromEntries(t.numberHands.map((h, p) => [String(p), (h ?? []).slice()])) };
}

/** The number cards in view: 9, 16, 36's sequence (the cards left, the Sequence card before the first), 26's cards
 * face up, 47's cards to add or subtract, 62's cards (those whose 4 wires are cut took the detonator back). */
function numbersPlay(state, t) {
  const { setup } = state;
  const nums = setup.numbers ?? [];
  const cut = cutCounts(t);
  const done = (v, need = 4) => (cut[String(v)] ?? 0) >= need;
  const mode = setup.number_cards;
  if (mode === "sequence" && nums.length) {
    const seq = sequenceAt(setup, cut);
    const line = nums.slice(seq.next);
    return { kind: "sequence", line: line.length === 1 && done(line[0], seq.need) ? [] : line, need: seq.need, front: true,
      free_end: seq.freeEnd, mission: setup.mission };
  }
  if (mode === "pick" && setup.mission === 26) {
    const gone = Array.from({ length: 12 }, (_, i) => i + 1).filter((v) => done(v));
    return { kind: "pick", up: pickedUp(setup, t) ?? nums.filter((v) => !done(v)), gone };
  }
  if (mode === "sum") return { kind: "sum", cards: sumCards(setup, t) };
  if (mode === "detonator" && nums.length) return { kind: "roulette", cards: nums.slice(), done: nums.filter((v) => done(v)) };
  return null;
}

/** The special actions the playouts play: 13's reds and 48's yellows all at once (done or not), 41's tripwires (the
 * turns skipped in a row). */
function actionPlay(state, t) {
  const action = specialAction(state.setup);
  if (action === "reds" || action === "lethal") {
    return { kind: "all_at_once", mission: action === "reds" ? 13 : 48, done: Boolean(t.specialDone) };
  }
  return action === "tripwire" ? { kind: "tripwires", skips: t.skipRun ?? 0 } : null;
}

/** 31: each player's constraint card as entered (mine: My constraint card) and who turned theirs face down. */
function chosenPlay(state, t) {
  const { setup } = state;
  if (setup.mission !== 31) return null;
  const held = {};
  setup.players.forEach((_, p) => {
    const card = p === setup.me ? setup.cards?.[0] : setup.player_cards?.[p];
    if (card) held[String(p)] = card;
  });
  return { kind: "chosen", held, flipped: [...(t.flipped ?? [])].sort((a, b) => a - b) };
}

/** 35, 46: rules with no state of their own, the playouts only need to know they hold. */
function cutOrderPlay(state) {
  const special = state.setup.special ?? [];
  return ["x_after_yellow", "sevens_last"].filter((k) => special.includes(k)).map((kind) => ({ kind }))[0] ?? null;
}

/** {mission_play} for the playouts where the table app follows the mission's changing rule, else {}. */
export function missionPlayDoc(state, t) {
  const play = oxygenPlay(state, t) ?? guessPlay(state, t) ?? handsPlay(state, t) ?? numbersPlay(state, t) ?? actionPlay(state, t)
    ?? chosenPlay(state, t) ?? cardPlayDoc(state, t) ?? cutOrderPlay(state);
  return play ? { mission_play: play } : {};
}
