// The one door for tables that come in — a share link, localStorage, a table saved by an older version:
// every field is checked once, here, before anything else reads it. The setup's fields are brought into
// range (a field of the wrong type takes its default); hand wires that are not wires are dropped; a log
// entry whose fields have the wrong type or range becomes a "damaged" entry that the turn log shows with
// what is wrong, and the rest of the table is kept. Entry shapes are superstruct schemas (web/vendor,
// pinned in package.json). Pure functions, no DOM, no I/O.

import {
  array, boolean, enums, integer, literal, nullable, number, object, optional, pattern, refine, size, string, union, validate,
} from "../vendor/superstruct.mjs";
import { ALL_EQUIPMENT, APP_VERSION, clampInt, defaultSetup, FAILURE_MARKS, isHandLabel, isObj, LABEL_RE, MARKS, NAMES, NUMBER_MODES, SPECIAL_RULES, TURNED_MODES } from "./setup.js";
import { CARD_LETTERS } from "./card-rules.js";
import { CHARACTER_CARDS } from "./detectors.js";
import { HAND_EDITS_KEPT } from "./hand.js";
import { HIDDEN_BOOM, TURNED_BOOM } from "./replay-table.js";

function normNums(x) {
  return Array.isArray(x) ? [...new Set(x.map((n) => clampInt(n, 1, 11, 0)).filter((n) => n > 0))].sort((a, b) => a - b) : [];
}

function normColour(c) {
  if (!isObj(c)) return { mode: "none", nums: [], keep: 1, known: [] };
  return {
    mode: ["none", "list", "of"].includes(c.mode) ? c.mode : "none",
    nums: normNums(c.nums),
    keep: clampInt(c.keep, 0, 11, 1),
    known: normNums(c.known),
  };
}

/** The setup's fields, each brought into its range (a field of the wrong type takes its default). */
function readSetup(r) {
  const d = defaultSetup();
  const names = Array.isArray(r.players) ? r.players.slice(0, 5).map((n, i) => (typeof n === "string" ? n.slice(0, 20) : NAMES[i])) : d.players;
  while (names.length < 2) names.push(NAMES[names.length]);
  const n = names.length;
  const blue = Array.isArray(r.blue) ? [clampInt(r.blue[0], 1, 12, 1), clampInt(r.blue[1], 1, 12, 12)] : d.blue;
  if (blue[0] > blue[1]) blue.reverse();
  return {
    mission: r.mission === null || r.mission === undefined ? null : clampInt(r.mission, 1, 99, null),
    blue,
    yellow: normColour(r.yellow),
    red: normColour(r.red),
    tokens: ["value", "even_odd", "multiplicity", "none"].includes(r.tokens) ? r.tokens : "value",
    read_tokens: Boolean(r.read_tokens),
    x_tokens: Boolean(r.x_tokens),
    false_tokens: Boolean(r.false_tokens),
    absent_tokens: Boolean(r.absent_tokens),
    random_info_token: Boolean(r.random_info_token),
    token_pass: Boolean(r.token_pass),
    open_red_deal: Boolean(r.open_red_deal),
    red_deal: Array.isArray(r.red_deal)
      ? r.red_deal.slice(0, 5).map((x) => (Array.isArray(x) ? x.slice(0, 2).map((c) => clampInt(c, 0, 11, 0)) : []))
      : [],
    plus: Array.isArray(r.plus)
      ? r.plus.slice(0, 10).filter((x) => Array.isArray(x) && x.length === 2).map(([p, s]) => [clampInt(p, 0, 4, 0), clampInt(s, 0, 1, 0)])
      : [],
    yellow_deal: Array.isArray(r.yellow_deal)
      ? r.yellow_deal.slice(0, 5).map((x) => (Array.isArray(x) ? x.slice(0, 2).map((c) => clampInt(c, 0, 11, 0)) : []))
      : [],
    x_blue: Boolean(r.x_blue),
    yellow_dealt: ["one_each", "captain_first"].includes(r.yellow_dealt) ? r.yellow_dealt : "",
    hidden_red: Boolean(r.hidden_red),
    red_card: r.red_card === null && r.hidden_red ? null : clampInt(r.red_card, 0, 12, 0), // (a table saved before: not seen)
    failure_tokens: r.failure_tokens !== false,
    false_by: ["captain", "all"].includes(r.false_by) ? r.false_by : "",
    captain_fragile: Boolean(r.captain_fragile),
    captain_no_equipment: Boolean(r.captain_no_equipment),
    captain_no_token_2p: Boolean(r.captain_no_token_2p),
    special: Array.isArray(r.special) ? r.special.filter((x) => SPECIAL_RULES.includes(x)) : [],
    number_cards: NUMBER_MODES.includes(r.number_cards) ? r.number_cards : "",
    turned: TURNED_MODES.includes(r.turned) ? r.turned : "",
    free_turns: Boolean(r.free_turns),
    sound_rounds: Boolean(r.sound_rounds),
    equipment_after_special: Boolean(r.equipment_after_special), // 23: the deck face up once the special action is done
    nano: clampInt(r.nano, 0, 5, 0),
    nano_turns: clampInt(r.nano_turns, 0, 1, 0),
    numbers: Array.isArray(r.numbers) ? [...new Set(r.numbers.filter((x) => Number.isInteger(x) && x >= 1 && x <= 12))] : [],
    numbers_seen: Array.isArray(r.numbers_seen) ? r.numbers_seen.filter((x) => Number.isInteger(x) && x >= 1 && x <= 12).slice(-60) : [],
    cards: Array.isArray(r.cards) ? [...new Set(r.cards.filter((c) => CARD_LETTERS.includes(c)))].sort() : [],
    cards_at: clampInt(r.cards_at, 0, 12, 0), // 37: the values validated when the card in play was set
    pairs: readPairs(r.pairs),
    challenges: Array.isArray(r.challenges) ? [...new Set(r.challenges.filter((x) => Number.isInteger(x) && x >= 1 && x <= 10))].slice(0, 5) : [],
    challenge_numbers: Array.isArray(r.challenge_numbers) ? [...new Set(r.challenge_numbers.filter((x) => Number.isInteger(x) && x >= 1 && x <= 12))].slice(0, 2) : [],
    cards_gone: Array.isArray(r.cards_gone) ? [...new Set(r.cards_gone.filter((c) => CARD_LETTERS.includes(c)))] : [],
    new_characters: Array.isArray(r.new_characters) ? CHARACTERS.filter((c) => r.new_characters.includes(c)) : [],
    characters: Array.isArray(r.characters) ? r.characters.slice(0, 5).map((c, p) => (CHARACTERS.includes(c)
      && r.characters.indexOf(c) === p ? c : "")) : [], // each new character is one card: held once
    weak_me: Boolean(r.weak_me), // 34: I hold the Captain card
    player_cards: Array.isArray(r.player_cards) ? r.player_cards.slice(0, 5).map((c) => (CARD_LETTERS.includes(c) ? c : "")) : [],
    ring_table: Array.isArray(r.ring_table) ? r.ring_table.slice(0, 2).map((c) => (CARD_LETTERS.includes(c) ? c : "")) : [],
    ring_rotated: clampInt(r.ring_rotated, -1, 999, -1), // 61: the turns taken when the cards last rotated
    ring_log: Array.isArray(r.ring_log) ? r.ring_log.filter((x) => x && Number.isInteger(x.at) && typeof x.text === "string").slice(-60)
      .map((x) => ({ at: clampInt(x.at, 0, 9999, 0), step: x.step === -1 ? -1 : 1, text: x.text.slice(0, 200) })) : [],
    card_locks: isObj(r.card_locks) ? Object.fromEntries(Object.entries(r.card_locks)
      .filter(([id, v]) => ALL_EQUIPMENT.includes(id) && Number.isInteger(v) && v >= 1 && v <= 12)) : {},
    number_hands: Array.isArray(r.number_hands) ? r.number_hands.slice(0, 5).map((h) => (Array.isArray(h)
      ? [...new Set(h.filter((x) => Number.isInteger(x) && x >= 1 && x <= 12))] : [])) : [],
    guess_mine: Array.isArray(r.guess_mine) ? [...new Set(r.guess_mine.filter((x) => Number.isInteger(x) && x >= 1 && x <= 12))].sort((a, b) => a - b) : [],
    dd: ["all", "disabled", "captain_disabled", "unlimited"].includes(r.dd) ? r.dd : "all",
    equipment: Array.isArray(r.equipment) ? r.equipment.filter((e) => typeof e === "string").slice(0, 20) : d.equipment,
    // the cards face up: absent in tables saved before the app asked (then every card of the pile counts)
    table_cards: Array.isArray(r.table_cards) ? [...new Set(r.table_cards.filter((id) => ALL_EQUIPMENT.includes(id)))] : null,
    players: names,
    me: r.me === null || r.me === undefined || r.me === "" ? null : clampInt(r.me, 0, n - 1, null),
    captain: clampInt(r.captain, 0, n - 1, 0),
    mistakes: clampInt(r.mistakes, 0, 9, n - 1),
  };
}

/** 57's pairs (value 1-12 -> a constraint card A-L, each card once); anything else dropped. */
function readPairs(x) {
  if (!isObj(x)) return {};
  const out = {};
  for (const [v, c] of Object.entries(x)) {
    if (/^([1-9]|1[0-2])$/.test(v) && CARD_LETTERS.includes(c) && !Object.values(out).includes(c)) out[v] = c;
  }
  return out;
}

// ---------------------------------------------------------------- log entries

const index = (hi) => size(integer(), 0, hi);
const player = index(4);
const stand = index(1);
const slot = index(39);
const label = pattern(string(), LABEL_RE);
const said = union([label, literal("Y")]);
const spot = object({ s: optional(stand), j: optional(slot) });
const mark = refine(string(), "mark", (m) => MARKS.includes(m) || /^!\d{1,2}$/.test(m));
const shown = object({
  c: optional(enums(["h", "cut", "info"])), v: optional(nullable(said)), m: optional(nullable(mark)), col: optional(nullable(enums(["b", "y", "r"]))),
});
/** Fields every entry may carry: mission 49's oxygen receiver; `pe`: a new character's personal equipment played
 * rather than the equipment card it works as (E1-E4, replay-table.js useItem); `nc`: 47's two number cards a cut used. */
const CHARACTERS = Object.keys(CHARACTER_CARDS);
const card = size(integer(), 1, 12);
const pair = refine(size(array(card), 2, 2), "pair", ([a, b]) => a < b);
const COMMON = { k: string(), ox: optional(player), pe: optional(boolean()), nc: optional(pair) };
/** A failure's token (`said`), or the explosions it records: 11's hidden red value ("!"), 38/56/64's turned wire ("T!"). */
const realSaid = union([said, literal(HIDDEN_BOOM), literal(TURNED_BOOM)]);
/** A cut's outcome (dual cut, X-or-Y Ray, detectors); `mark`: the even/odd or x-token a failure showed (21, 24, 33, 40). */
const OUTCOME = {
  ok: optional(boolean()), cut: optional(label), as: optional(spot), av: optional(label), real: optional(realSaid), silent: optional(boolean()),
  l2: optional(boolean()),
  mark: optional(enums(FAILURE_MARKS)),
};
const target = { p: player, s: stand, j: slot };
const ownCuts = object({ ...COMMON, a: player, slots: size(array(spot), 0, 40), cuts: size(array(label), 0, 40) });
const actorOnly = object({ ...COMMON, a: player });
const nothing = object({ ...COMMON });

/** Entry kind -> its shape (table-state.js lists what each field means). */
export const ENTRY_SHAPES = {
  set: object({ ...COMMON, ...target, slot: optional(shown) }),
  see: object({ ...COMMON, ...target, v: optional(label) }),
  dual: object({ ...COMMON, ...target, a: player, v: optional(said), ...OUTCOME }),
  xray: object({ ...COMMON, ...target, a: player, vs: size(array(said), 0, 2), ...OUTCOME }),
  detect: object({
    ...COMMON, p: player, s: stand, a: player, kind: enums(["double", "triple", "super"]), js: size(array(slot), 0, 40),
    v: optional(said), vs: optional(size(array(said), 2, 2)), hit: optional(slot), tok: optional(slot), ...OUTCOME,
  }),
  solo: ownCuts,
  red: ownCuts,
  radar: object({ ...COMMON, v: number(), ans: size(array(object({ p: player, s: stand, has: optional(boolean()) })), 0, 10) }),
  label: object({ ...COMMON, p: player, s: stand, eq: optional(boolean()), js: size(array(slot), 0, 2) }),
  postit: object({ ...COMMON, a: player, s: stand, j: slot, v: optional(nullable(label)), m: optional(nullable(enums(FAILURE_MARKS))) }),
  rewind: nothing,
  challenge: object({ ...COMMON, c: optional(size(integer(), 1, 10)) }),
  drop: nothing,
  absent: object({ ...COMMON, p: player, s: optional(nullable(stand)), v: optional(said) }),
  walkie: object({ ...COMMON, ...target, a: player, as: optional(spot), ato: optional(spot), pto: optional(spot), got: optional(label), gp: optional(player) }),
  hook: object({ ...COMMON, ...target, a: player, to: optional(spot), got: optional(label), gp: optional(player) }),
  nano: object({ ...COMMON, a: player, to: optional(spot), got: optional(label), gp: optional(player) }),
  swl: object({ ...COMMON, a: player, s: stand, j: slot }),
  disint: object({ ...COMMON, v: optional(label), cuts: size(array(object(target)), 0, 4) }),
  batteries: object({ ...COMMON, ps: size(array(player), 0, 2) }),
  false_bottom: object({ ...COMMON, ids: size(array(string()), 0, 2) }),
  stabilizer: actorOnly,
  coffee: object({ ...COMMON, a: player, next: optional(nullable(player)) }),
  skip: object({ ...COMMON, a: player, cards: optional(size(array(enums(CARD_LETTERS)), 0, 12)), v: optional(card) }),
  swap: object({ ...COMMON, a: player, c: optional(enums(["F", "G", "H", "I", "J", "K", "L"])), was: optional(enums(CARD_LETTERS)) }),
  cardflip: actorOnly,
  give: object({ ...COMMON, a: player, v: optional(card), to: optional(player) }),
  weak: object({ ...COMMON, a: player, w: player, c: enums(["A", "B", "C", "D", "E"]), ok: boolean() }),
  weakstuck: actorOnly,
  beside: object({ ...COMMON, p: player, v: optional(said) }),
  redcall: object({ ...COMMON, ...target, a: player, vs: size(array(label), 0, 11), ok: optional(boolean()), cut: optional(label) }),
  shown: object({ ...COMMON, a: player, v: optional(label) }),
  discard: object({ ...COMMON, a: optional(player), v: card }),
  missed: nothing,
  spoken: nothing,
  nanoturn: nothing,
  tell: object({ ...COMMON, a: player, v: optional(label), has: optional(boolean()) }),
  ycount: object({ ...COMMON, a: player, n: optional(size(integer(), 0, 11)) }),
  // (l: the wire cut, or the token a wire shown got — a yellow token "Y" too: 48's failure)
  special: object({ ...COMMON, a: player, cuts: size(array(object({ ...target, l: optional(said) })), 0, 12),
    res: optional(enums(["ok", "shown", "boom"])) }),
};

/** A value in a message: short, and never taken for markup (the page escapes it too). */
const quote = (x) => {
  let text;
  try {
    text = JSON.stringify(x) ?? String(x);
  } catch {
    text = "?";
  }
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
};

/**
 * One log entry checked: a copy with the fields of its kind (others dropped: nothing reads them) when
 * they fit, else a "damaged" entry saying which field is wrong.
 */
export function checkEntry(e) {
  const kind = typeof e.k === "string" ? e.k : null;
  const shape = kind !== null && Object.hasOwn(ENTRY_SHAPES, kind) ? ENTRY_SHAPES[kind] : null;
  if (!shape) return damaged(kind ?? "?", `no entry kind is called ${quote(e.k)}`);
  const [err, clean] = validate(e, shape, { coerce: true, mask: true });
  if (!err) return clean;
  const field = err.path.join(".") || "entry";
  return damaged(kind, err.value === undefined ? `its field "${field}" is missing` : `its field "${field}" is wrong (${quote(err.value)})`);
}

function damaged(was, why) {
  return { k: "damaged", was: String(was).slice(0, 20), why: `damaged entry: ${why}` };
}

const DAMAGED_SHAPE = object({ k: literal("damaged"), was: string(), why: string() });

/** A log (or redo list): at most 500 entries, each checked; a damaged entry read again stays as it is. */
function readEntries(x) {
  if (!Array.isArray(x)) return [];
  return x.slice(0, 500).map((e) => {
    if (!isObj(e)) return damaged("?", "not an entry");
    if (e.k === "damaged") {
      const [err, d] = validate(e, DAMAGED_SHAPE, { coerce: true, mask: true });
      return err ? damaged("?", "unreadable") : { ...d, was: d.was.slice(0, 20), why: d.why.slice(0, 200) };
    }
    return checkEntry(e);
  });
}

// ---------------------------------------------------------------- the table

/**
 * Any parsed object (URL, storage) -> a valid state. Throws a readable Error when
 * the object is not a table state at all (the caller shows it as a damaged link).
 */
export function normalize(raw) {
  if (!isObj(raw) || !isObj(raw.setup)) throw new Error("this is not a Bomb Busters table");
  return {
    v: APP_VERSION,
    phase: ["setup", "hand", "table"].includes(raw.phase) ? raw.phase : "table",
    setup: readSetup(raw.setup),
    hand: readHand(raw.hand),
    log: readEntries(raw.log),
    redo: readEntries(raw.redo),
    hand_undo: readHandEdits(raw.hand_undo),
    hand_redo: readHandEdits(raw.hand_redo),
    log_undo: readLogEdits(raw.log_undo),
    log_redo: readLogEdits(raw.log_redo),
    setup_undo: readSetupEdits(raw.setup_undo),
    setup_redo: readSetupEdits(raw.setup_redo),
    undo_floor: Number.isInteger(raw.undo_floor) && raw.undo_floor > 0 ? Math.min(raw.undo_floor, 500) : 0,
  };
}

/** The edits of log entries undo (or redo) remembers (hand.js replaceEntry); an unreadable one is dropped. */
function readLogEdits(x) {
  if (!Array.isArray(x)) return [];
  const entry = (e) => (e === null ? null : readEntries([e])[0] ?? undefined);
  return x.slice(-HAND_EDITS_KEPT).filter((m) => isObj(m) && [m.at, m.i, m.seq].every((n) => Number.isInteger(n) && n >= 0))
    .map((m) => ({ at: Math.min(m.at, 500), i: m.i, before: entry(m.before), after: entry(m.after), seq: m.seq }))
    .filter((m) => m.before && m.after !== undefined);
}

/** My stands' wires: wires that are not wires are dropped. */
function readHand(x) {
  return Array.isArray(x) ? x.slice(0, 2).map((st) => (Array.isArray(st) ? st.filter(isHandLabel).slice(0, 30) : [])) : [];
}

/** The edits of my wires undo (or redo) remembers (hand.js editHand), the newest ones; an unreadable one is dropped. */
function readHandEdits(x) {
  if (!Array.isArray(x)) return [];
  return x.slice(-HAND_EDITS_KEPT).filter((m) => isObj(m) && Number.isInteger(m.at) && m.at >= 0)
    .map((m) => ({ at: Math.min(m.at, 500), before: readHand(m.before), after: readHand(m.after),
      ...(Number.isInteger(m.seq) ? { seq: m.seq } : {}) }));
}

/** The setup changes made during a game that undo (or redo) remembers (hand.js editSetup); an unreadable one is dropped. */
function readSetupEdits(x) {
  if (!Array.isArray(x)) return [];
  return x.slice(-HAND_EDITS_KEPT).filter((m) => isObj(m) && Number.isInteger(m.at) && m.at >= 0 && Number.isInteger(m.seq)
    && isObj(m.before) && isObj(m.after))
    .map((m) => ({ at: Math.min(m.at, 500), before: readSetup(m.before), after: readSetup(m.after), seq: m.seq }));
}
