// Table setup: the default game, mission presets, wire pool, stand sizes and labels.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js. The wire labels themselves
// ("7", "Y3", "R5"; what is said of them) are wire-labels.js's, re-exported here.

import { sortValue } from "./wire-labels.js";

export * from "./wire-labels.js";

export const APP_VERSION = 1;
export const NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"];
export const ALL_EQUIPMENT = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "Y", "2.2", "3.3", "9.9", "10.10", "11.11"];
export const EQUIPMENT_NAMES = {
  1: "Label ≠", 2: "Walkie-Talkies", 3: "Triple Detector", 4: "Post-it", 5: "Super Detector", 6: "Rewinder",
  7: "Emergency Batteries", 8: "General Radar", 9: "Stabilizer", 10: "X-or-Y Ray", 11: "Coffee Mug", 12: "Label =",
  Y: "False Bottom", "2.2": "Single Wire Label", "3.3": "Emergency Drop", "9.9": "Fast Pass", "10.10": "Disintegrator",
  "11.11": "Grappling Hook",
};
export const MARKS = ["E", "O", "1x", "2x", "3x", "4x", "X"];
/** The marks a failed cut may show in place of an info token (even/odd: 21, 33; x-tokens: 24, 40). */
export const FAILURE_MARKS = ["E", "O", "1x", "2x", "3x", "4x"];

/** The marks of the setup's token kind: even/odd (21, 33), x1–x4 (24, 40: the card's tokens, x4 for a stand holding all
 *  four of a value), else none. */
export function tokenMarks(setup) {
  if (setup.tokens === "even_odd") return ["E", "O"];
  if (setup.tokens === "multiplicity") return ["1x", "2x", "3x", "4x"];
  return [];
}

/** Whether a failure on player p's wire tells nothing beyond "not that value": no token at all (58), or a false
 * token of the value said — the captain's wires in 17, everyone's in 52 (`setup.false_by`). */
/** Whether player p places false tokens (17: the captain; 52: everyone): the only tokens their stand shows — two at
 * the start, and a failure on their wires shows a false token of the value said. */
export const placesFalseTokens = (setup, p) => Boolean(setup.false_tokens) && setup.failure_tokens !== false && noValueShown(setup, p);

/** The player on p's right: the one whose turn comes just before p's (turns go to the left). */
export const rightOf = (setup, p) => (p + setup.players.length - 1) % setup.players.length;

/** The preset of the mission the setup plays (`missions`: the engine's list, null while it loads), or null. */
export const presetOf = (missions, setup) => missions?.find((m) => m.number === setup.mission) ?? null;

/** Whether info tokens go beside the stand (50, memory mode: the wire was pointed at, and the team is to remember
 * it): the page takes a token on its wire, as the player remembers it, or beside the stand, "they hold that value". */
export const besideTokens = (setup) => setup.mission === 50;

/** 39, once the special action is done: the number cards left are dealt, and each player puts beside their stand a
 * token of a value among their cards that they hold (none when they hold none of them): a "has" fact, as 50's. */
export const besideNow = (setup, t) => besideTokens(setup) || (setup.mission === 39 && Boolean(t.specialDone));


/** How many number cards the mission lays in view: 3 in a sequence (9, 16), 5 in 36's, one per player in 62, 39's one,
 * 12 on Nano's line (59), else any. */
export const numberCardsAtMost = (setup) => (setup.number_cards === "sequence" ? (setup.mission === 36 ? 5 : 3)
  : setup.number_cards === "detonator" ? setup.players.length : ["noble", "unlock"].includes(setup.number_cards) ? 1 : 12);

/** 65: each player holds number cards face up and cuts only their values; after every turn the active player gives
 * one to a teammate (a `give` entry). The hands dealt are the setup's `number_hands`; the derived table's
 * `numberHands` follows the gives. */
export const cardHands = (setup) => setup.mission === 65;

/** Player p's number cards face up now (65): their cards whose four wires are not all cut; null when the hands dealt
 * were not entered (then my cards are the number cards tapped, as before). `counts`: the cut counts (cutCounts) while
 * the log is replayed. */
export function faceUpCards(setup, t, p, counts = t.cutCount) {
  if (!cardHands(setup) || !(setup.number_hands ?? []).some((h) => h?.length)) return null;
  return (t.numberHands?.[p] ?? []).filter((v) => (counts?.[String(v)] ?? 0) < 4);
}

/** 12: each equipment card also waits for two wires of the number card lying on it (`card_locks`: id -> value). */
export const lockedCards = (setup) => setup.mission === 12;

/** 10: turns in any order ("Snip!"), but never the same player twice in a row (with 3 players or more; the last
 * player with wires plays on). */
export const noTwice = (setup) => setup.mission === 10 && setup.players.length > 2;

/** 18: the General Radar is always usable and never spent; each turn the active player flips a number card, asks the
 * radar about its value and names who cuts it (a wire of that value), and the turn passes to the active player's left. */
export const radarTurns = (setup) => setup.mission === 18;
export const isRedCard = (setup, label) => Boolean(setup.hidden_red && setup.red_card) && label === String(setup.red_card); // 11: its wires count as red

export function noValueShown(setup, p) {
  return setup.failure_tokens === false || setup.false_by === "all" || (setup.false_by === "captain" && p === setup.captain);
}

/** 52: a false token (`!N`) on an uncut wire may point at a red one, so it is the fact "not N" (entries-cuts.js),
 * never a slot mark, which would rule red out (engine-doc.js). `sl`: a slot, or what a set entry shows. */
export const falseTokenFact = (setup, sl) => setup.false_by === "all" && sl.c !== "cut" && /^!\d+$/.test(sl.m ?? "");

// ---------------------------------------------------------------- setup

/** Mission rules on which cuts are legal (the engine's "missions" list, `special`). */
export const SPECIAL_RULES = ["x_after_yellow", "sevens_last", "yellow_special", "oxygen_reserve", "oxygen_own", "oxygen_pass", "oxygen_gift", "challenges", "nano_detonator"];
/** How the number cards in view decide the value to cut (the engine's "missions" list, `number_cards`). */
export const NUMBER_MODES = ["pick", "sum", "sequence", "noble", "detonator", "guess", "line", "unlock"];
/** Where the Sequence card of 9, 16 and 36 stands: `numbers` holds the line read from the Sequence card's end, so the
 * card at `next` is the value to cut and those before it are done (each gone once `need` wires of its value are cut:
 * 9, 36: 2; 16: all 4, as the arena plays it); in 36 (`freeEnd`) the player who clears a card moves the Sequence
 * card to either end of the line left, and the captain picks its end at the start. */
export function sequenceAt(setup, cutCount) {
  const nums = setup.numbers ?? [];
  const need = setup.mission === 16 ? 4 : 2;
  let next = 0;
  while (next < nums.length - 1 && (cutCount?.[String(nums[next])] ?? 0) >= need) next += 1;
  return { nums, next, need, freeEnd: setup.mission === 36 };
}

/** Why the Sequence card holds a value back: in 9 and 16 the order of the cards left, every one in it — the 1 of
 * "4, 12, 1" waits for the 4s and then the 12s (9's walkthrough read "4 comes first" as the whole reason); in 36,
 * whose card may move to the line's other end, only the card it stands beside. */
export function sequenceWaits({ nums, next, freeEnd }) {
  return freeEnd || next >= nums.length - 1 ? `the sequence card: ${nums[next]} comes first` : `the sequence card: ${nums.slice(next).join(", then ")}`;
}

/** The line after the Sequence card moved to the far end of the cards left (36): those cards read the other way. */
export function turnSequence(numbers, next) {
  return [...numbers.slice(0, next), ...numbers.slice(next).reverse()];
}

/** Wires turned around unseen (the engine's "missions" list, `turned`): 38 the captain's far right, 56 each
 * player's far right, 64 each player's two ends (lower far left, higher far right). */
export const TURNED_MODES = ["captain", "each", "ends"];

export function defaultSetup() {
  return {
    mission: null,
    blue: [1, 12],
    yellow: { mode: "none", nums: [], keep: 1, known: [] },
    red: { mode: "none", nums: [], keep: 1, known: [] },
    tokens: "value",
    read_tokens: false, // "my team places the advised starting tokens": the engine reads teammates' choices
    x_tokens: false,
    false_tokens: false,
    absent_tokens: false,
    random_info_token: false,
    token_pass: false, // 22: the token gifts once two yellow wires are cut
    open_red_deal: false,
    red_deal: [],
    yellow_deal: [], // 41, 48: [[yellows dealt first per stand]] once the table says where a two-stand player's went
    plus: [], // [[p, s], …]: the stands that got one more wire, when the table's deal differs from the captain-first one
    x_blue: false,
    yellow_dealt: "",
    cards: [],
    cards_at: 0, // 37: how many values were validated when the constraint card in play was set (cardDue)
    cards_gone: [], // 32, 37: the cards in play before this one, discarded (the playouts' deck is the rest)
    pairs: {}, // 57: the constraint card paired face up with each number card (value -> A-L)
    challenges: [], // 55, 60: the challenge cards face up (1-10, one per player)
    challenge_numbers: [], // 55, 60: challenge card 8's two number cards
    new_characters: [], // the new characters the mission lets non-captains take (E1-E4, from 31: detectors.js)
    characters: [], // each player's new character ("": the Double Detector)
    weak_me: false, // 34: I hold the Captain card (the weakest link)
    player_cards: [], // 31, 61: each teammate's constraint card, face up in front of them ("": not entered)
    ring_table: [], // 61 with 2-3 players: the cards lying on the table, clockwise from the captain ("": not entered)
    ring_rotated: -1, // 61: the turns taken when the cards last rotated (once a round, before the captain's turn)
    ring_log: [], // 61: each rotation, {at: the log's length then, step: 1 clockwise | -1, text}, shown in the turn log
    card_locks: {}, // 12: the number card lying on each equipment card (its value: two more wires to cut)
    hidden_red: false,
    red_card: 0, // 11: the number card's value, face up on the mission card (the card says so); 0: not seen; null: not entered yet
    failure_tokens: true,
    false_by: "", // whose tokens are false: "captain" (17), "all" (52)
    captain_fragile: false,
    captain_no_equipment: false,
    captain_no_token_2p: false, // with 2 players the captain places no starting token (11, 13, 27, 29, 40, 46, 51)
    special: [],
    number_cards: "",
    equipment_after_special: false, // 23: the cards come from a face-down deck, all usable once the special action is done
    numbers: [],
    numbers_seen: [], // 45, 51: the number cards flipped before the one in view, in order (the playouts' deck is the rest)
    number_hands: [], // 65: each player's number cards as dealt, face up (the log's gives move them)
    guess_mine: [], // 29: my number cards (private: a shared link leaves them out)
    turned: "",
    nano: 0,
    nano_turns: 0, // 59: the taps that say the cutter turned Nano round (nano-line.js)
    free_turns: false, // 10, 45: no turn order: whoever says "Snip!" (or is first) cuts
    sound_rounds: false, // 30: a sound file's timed rounds (missed: detonator +1; a value told; the yellow counts)
    dd: "all",
    equipment: ALL_EQUIPMENT.slice(),
    table_cards: null, // the equipment cards face up; null: not set, every card of the pile counts
    players: NAMES.slice(0, 4),
    me: 0,
    captain: 0,
    mistakes: 3,
  };
}

export function defaultState() {
  return { v: APP_VERSION, phase: "setup", setup: defaultSetup(), hand: [], log: [], redo: [], hand_undo: [], hand_redo: [],
    log_undo: [], log_redo: [], setup_undo: [], setup_redo: [], undo_floor: 0 };
}

export const clampInt = (x, lo, hi, dflt) => {
  const n = Number.parseInt(x, 10);
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : dflt;
};
export const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** With X tokens, each stand's far-right slot (j = n - 1 of n) holds its unsorted wire. */
export const isXSlot = (setup, j, n) => Boolean(setup.x_tokens) && j === n - 1;

/** Whether Nano's track stands for the detonator in this mission (53: nano-track.js follows it). */
export const nanoDetonator = (setup) => (setup.special ?? []).includes("nano_detonator");

/** The slots of player p's stand s (n slots) holding a wire turned around unseen (missions 38, 56, 64): its
 * owner cannot see it, the teammates can. With two stands, mission 64 turns one end of each. */
export function turnedSlots(setup, p, s, n) {
  const last = standCounts(setup)[p] - 1;
  const out = [];
  if (setup.turned === "ends" && s === 0) out.push(0);
  const right = setup.turned === "each" || setup.turned === "ends" || (setup.turned === "captain" && p === setup.captain);
  if (right && s === last && !out.includes(n - 1)) out.push(n - 1);
  return out;
}

/** The slots my hand fills on one of my stands: every one but the turned-around wires, in order. */
export function handSlots(setup, p, s, n) {
  const turned = turnedSlots(setup, p, s, n);
  return Array.from({ length: n }, (_, j) => j).filter((j) => !turned.includes(j));
}

/** The preset as dealt to `nPlayers` players: some missions deal other wires with 2 (its `players` map). */
export function missionFor(mission, nPlayers) {
  const dealt = mission?.players?.[String(nPlayers)];
  return dealt ? { ...mission, ...dealt } : mission;
}

/** Does the preset deal other yellow/red wires to `a` players than to `b`? */
export function dealChanges(mission, a, b) {
  const pick = (n) => { const m = missionFor(mission, n); return JSON.stringify([m.yellow, m.red]); };
  return Boolean(mission) && pick(a) !== pick(b);
}

/** Apply a mission preset (from the engine's "missions" list) to the setup, for its player count. */
export function applyMission(setup, preset) {
  const s = structuredClone(setup);
  const mission = missionFor(preset, s.players.length);
  if (!mission) {
    s.mission = null;
    // custom setups offer "I have none" tokens and the open red deal as toggles; the random draw is a preset's
    if (s.random_info_token) s.absent_tokens = true;
    s.random_info_token = false;
    s.token_pass = false;
    s.mistakes = startMistakes(null, s.players.length);
    return s;
  }
  s.mission = mission.number;
  s.blue = mission.blue.slice();
  for (const colour of ["yellow", "red"]) {
    const spec = mission[colour];
    if (!spec) s[colour] = { mode: "none", nums: [], keep: 1, known: [] };
    else if (spec.of === null) s[colour] = { mode: "list", nums: (spec.fixed ?? []).slice(), keep: spec.count, known: [] };
    else s[colour] = { mode: "of", nums: [], keep: spec.count, known: [] };
  }
  s.tokens = mission.tokens;
  s.x_tokens = mission.x_tokens;
  s.false_tokens = mission.false_tokens;
  s.absent_tokens = Boolean(mission.absent_tokens);
  s.random_info_token = Boolean(mission.random_info_token);
  s.token_pass = Boolean(mission.token_pass);
  s.open_red_deal = Boolean(mission.open_red_deal);
  s.x_blue = Boolean(mission.x_blue);
  s.yellow_dealt = mission.yellow_dealt || "";
  s.hidden_red = Boolean(mission.hidden_red_value);
  s.red_card = s.hidden_red ? null : 0; // 11: asked at setup
  s.failure_tokens = mission.failure_tokens !== false;
  s.false_by = ["captain", "all"].includes(mission.false_by) ? mission.false_by : "";
  s.captain_fragile = Boolean(mission.captain_fragile);
  s.captain_no_equipment = Boolean(mission.captain_no_equipment);
  s.captain_no_token_2p = Boolean(mission.captain_no_token_2p);
  s.special = (mission.special ?? []).filter((x) => SPECIAL_RULES.includes(x));
  s.number_cards = NUMBER_MODES.includes(mission.number_cards) ? mission.number_cards : "";
  s.equipment_after_special = Boolean(mission.equipment_after_special);
  s.turned = TURNED_MODES.includes(mission.turned) ? mission.turned : "";
  s.free_turns = Boolean(mission.free_turns) || mission.number === 45; // 45: the first to say "Snip!" cuts the card's value
  // 30: the sound file's rounds (a missed one, a told value, the yellow counts: entries of their own); the card(s) it
  // turns face up name the value(s) to cut, as number cards in view
  s.sound_rounds = Boolean(mission.sound_rounds);
  if (s.sound_rounds) s.number_cards = "pick";
  s.nano = Number.isInteger(mission.nano) ? mission.nano : 0; // 43: wires dealt face down to Nano
  s.numbers = [26, 47].includes(mission.number) ? Array.from({ length: 12 }, (_, i) => i + 1) : []; // 26, 47: all face up at the start
  s.numbers_seen = [];
  s.number_hands = []; // another mission: the cards of the last one are gone (number, constraint, locks)
  s.guess_mine = [];
  s.cards = [];
  s.cards_at = 0;
  s.cards_gone = [];
  s.pairs = {};
  s.challenges = [];
  s.challenge_numbers = [];
  s.new_characters = Array.isArray(mission.characters) ? mission.characters.slice() : [];
  s.characters = [];
  s.weak_me = false;
  s.card_locks = {};
  s.player_cards = [];
  Object.assign(s, { ring_table: [], ring_rotated: -1, ring_log: [] });
  s.nano_turns = 0;
  s.red_deal = [];
  s.yellow_deal = [];
  s.plus = [];
  s.mistakes = startMistakes(mission, s.players.length);
  s.dd = mission.double_detector;
  s.equipment = mission.equipment.slice();
  s.table_cards = null;
  if (mission.number === 15) { // the cards lie face down; the number card in view flips them one at a time
    s.number_cards = "unlock";
    s.table_cards = [];
  }
  return s;
}

/** The mistakes the detonator allows at the start, where the card sets the dial (the preset's `detonator`): "end" a
 * space from the end, none (41, 55, 60, 62); "back" a space further back, as if one more player played (51); else
 * one fewer than the players. */
export const startMistakes = (mission, n) => ({ end: 0, back: n }[mission?.detonator] ?? n - 1);

/** The equipment cards in play: those face up (every card of the pile when they were not set), and those
 * False Bottom brought in (the derived table's `extraEquipment`). */
export function cardsInPlay(setup, t = null) {
  return [...(setup.table_cards ?? setup.equipment), ...(t?.extraEquipment ?? [])];
}

/** How many equipment cards usually lie face up: one per player (the whole pile when it is smaller: 18's one card). */
export const usualCardCount = (setup) => Math.min(setup.players.length, setup.equipment.length);

/** How many numbers of each colour the setup still needs: {yellow: {need, knownNeed}, red}. */
export function colourNeeds(setup, preset) {
  const mission = missionFor(preset, setup.players.length);
  const out = {};
  for (const colour of ["yellow", "red"]) {
    const spec = mission?.[colour] ?? null;
    const c = setup[colour];
    if (c.mode === "none") out[colour] = null;
    else if (spec) out[colour] = { need: spec.of ?? spec.count, knownNeed: spec.known || 0 };
    else out[colour] = { need: null, knownNeed: 0 };
  }
  return out;
}

export function wiresDoc(setup) {
  const doc = { blue: setup.blue.slice() };
  for (const colour of ["yellow", "red"]) {
    const c = setup[colour];
    if (c.mode === "list" && c.nums.length) doc[colour] = c.nums.slice();
    else if (c.mode === "of") {
      doc[colour] = { of: c.nums.slice(), keep: c.keep };
      if (c.known.length) doc[colour].known = c.known.slice();
    }
  }
  return doc;
}

/** The highest yellow or red number the setup draws: a mission's below its highest blue value (2, blue 1-8: yellow
 * up to 7.1; 3, blue 1-10: red up to 9.5); a custom table's any (11). */
export const colourTop = (setup) => (setup.mission === null ? 11 : Math.min(11, setup.blue[1] - 1));

/** The blue values the mission deals, lowest first (setup.blue is their range). */
export const blueValues = (setup) => Array.from({ length: setup.blue[1] - setup.blue[0] + 1 }, (_, k) => setup.blue[0] + k);

export const wiresInPlay = (setup) => 4 * blueValues(setup).length + yellowsInPlay(setup) + redsInPlay(setup);

/** Stands per player: 2 players two each, 3 players the captain two, else one. */
export function standCounts(setup) {
  const n = setup.players.length;
  return setup.players.map((_, p) => (n === 2 || (n === 3 && p === setup.captain) ? 2 : 1));
}

/** Red wires dealt to the stands (discarded candidates excluded). */
export const redsInPlay = (setup) => colourInPlay(setup.red);

/** Yellow wires dealt to the stands (discarded candidates excluded). */
export const yellowsInPlay = (setup) => colourInPlay(setup.yellow);

const colourInPlay = (c) => (c.mode === "list" ? c.nums.length : c.mode === "of" ? c.known.length + c.keep : 0);

export function labelsInPlay(setup) {
  const out = [];
  for (let n = setup.blue[0]; n <= setup.blue[1]; n++) out.push({ label: String(n), copies: 4 });
  for (const [colour, letter] of [["yellow", "Y"], ["red", "R"]]) {
    const c = setup[colour];
    if (c.mode === "none") continue;
    for (const n of [...c.known, ...c.nums]) out.push({ label: letter + n, copies: 1 });
  }
  return out.sort((a, b) => sortValue(a.label) - sortValue(b.label));
}
