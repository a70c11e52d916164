// The rules that change with the game, for the playouts, where cards decide them: the constraint card in play of 32
// and 37 (the deck's rest drawn again), 57's pairs, 55 and 60's challenge cards (challenge-cards.js), 61's cards round
// the table, 34's weakest link, the number-card decks of 18, 45 and 51, 39's noble value and its deck, 22's "I have
// none" gifts, and the equipment number cards lock or hand out (12, 15, 23) — the arena's `mission_play` documents
// (arena/plays.py, play_from_doc), from what the table app follows. What no one at the table has seen (a face-down
// deck's order, the weakest link when I am not it) the playouts draw again.
import { CARD_LETTERS, cardDue, cardEvents, cardsBindAll, ringHeld, ringSeats, weakLink } from "./card-rules.js";
import { liveValues } from "./guess-cards.js";
import { challengesPlay } from "./challenge-cards.js";
import { lockedCards, radarTurns } from "./setup.js";
import { passesCaptain } from "./replay-table.js";

const VALUES = Array.from({ length: 12 }, (_, i) => i + 1);

/** The players who skipped in a row before the one whose turn it is (the round of skips under way). */
function skippedInRow(setup, t) {
  const n = setup.players.length;
  return Array.from({ length: Math.min(t.skipRun ?? 0, n) }, (_, k) => (((t.turn - k - 1) % n) + n) % n).sort((a, b) => a - b);
}

/** 32 (the captain may replace the card), 37 (a value validated or a whole round of skips replaces it): the card
 * face up, those discarded before it, the values that have replaced it and the replacements it still owes. */
function deckPlay(state, t) {
  const { setup } = state;
  if (!cardsBindAll(setup) || setup.mission === 57) return null;
  const visible = (setup.cards ?? [])[0] ?? null;
  const gone = (setup.cards_gone ?? []).filter((c) => c !== visible);
  if (!visible && !gone.length) return null; // no card tapped yet: the advice leaves it out too
  const due = cardDue(setup, t) && visible ? cardEvents(t) - (setup.cards_at ?? 0) : 0;
  return { kind: "constraint_deck", mode: setup.mission === 32 ? "captain" : "fours", visible, gone,
    done: (t.validated ?? []).slice(), left: CARD_LETTERS.length - gone.length - (visible ? 1 : 0),
    skipped: skippedInRow(setup, t), ...(due > 0 ? { due } : {}) };
}

/** 57: the pairs entered (number card -> constraint card, face up), the card in play as tapped for the last value
 * validated, the values validated in order (a pair not entered is drawn again among the cards left). */
function pairsPlay(state, t) {
  const { setup } = state;
  if (setup.mission !== 57) return null;
  const order = (t.validOrder ?? []).slice();
  const last = order.at(-1);
  const inPlay = (setup.cards ?? [])[0];
  const pairs = Object.fromEntries(Object.entries(setup.pairs ?? {}).filter(([v, c]) => !(last && inPlay && (c === inPlay || v === String(last)))));
  if (last && inPlay) pairs[String(last)] = inPlay;
  return { kind: "per_value", pairs, order, skipped: skippedInRow(setup, t) };
}

/** 61: the cards round the table as entered (every one of them: else none sent), the F-L cards not in play (the
 * ones a swap draws; an F-L card discarded by a second swap is not followed, so it may be drawn again). */
function ringPlay(state, t) {
  const { setup } = state;
  if (setup.mission !== 61) return null;
  const held = ringHeld(setup);
  if (held.some((c) => !c)) return null;
  return { kind: "ring", seats: ringSeats(setup), held, pool: "FGHIJKL".split("").filter((c) => !held.includes(c)),
    skipped: skippedInRow(setup, t) };
}

/** 34: the cards' state, the values each player named while they were hidden, my card and whether I am the weakest
 * link (else the playouts draw who is, among those the named values allow). */
function weakPlay(state, t) {
  const { setup } = state;
  const own = (setup.cards ?? [])[0];
  if (!weakLink(setup) || setup.me === null || !own) return null;
  const named = Object.fromEntries(setup.players.map((_, p) => [String(p), (t.weakNamed?.[p] ?? []).slice()]));
  const arena = { hidden: "hidden", freed: "revealed", dropped: "discarded" }[t.weak] ?? "hidden";
  return { kind: "weakest", state: arena, named, me: setup.me, own, weak: setup.weak_me ? own : null };
}

/** 18, 45, 51: the number cards still in the face-down deck — those not flipped since it was last made again (a
 * card flipped twice says it was) whose 4 wires are not all cut; 18's card flipped for the turn under way. */
function numberDeckPlay(state, t) {
  const { setup } = state;
  const radar = radarTurns(setup);
  if (!radar && ![45, 51].includes(setup.mission)) return null;
  const seen = radar ? state.log.filter((e) => e.k === "radar" && Number.isInteger(e.v)).map((e) => e.v)
    : [...(setup.numbers_seen ?? []), ...(setup.numbers ?? []).slice(0, 1)];
  let pass = new Set();
  for (const v of seen) {
    if (pass.has(v)) pass = new Set();
    pass.add(v);
  }
  const current = radar && Number.isInteger(t.turnCard) ? [null, t.turnCard] : null;
  const deck = liveValues(t).filter((v) => !pass.has(v));
  return { kind: "deck", mission: radar ? 18 : setup.mission, deck, current };
}

/** 39's deck of number cards (8) and 23's of equipment (7): the cards left, its top one discarded at each round's end
 * until the special action (the rounds are counted until then: the count at the action once it is done) — a round
 * ended as soon as the turn has passed the captain's seat, before the captain plays (the arena discards it then). */
export function nobleDeck(setup, t) {
  const ending = Number.isInteger(t.lastTurnBy) && !t.specialDone && passesCaptain(setup, t.lastTurnBy, t.turn) ? 1 : 0;
  return Math.max(0, (setup.equipment_after_special ? 7 : 8) - (t.roundsEnded ?? 0) - ending);
}

/** 39 (the noble value's deck of 8) and 23 (the equipment deck of 7): the face-up number card, whether the special
 * action is done, the deck's cards left (its top one discarded at each round's end until then) and who played last;
 * 23's cards turned face up by the action. */
function noblePlay(state, t) {
  const { setup } = state;
  const noble = (setup.numbers ?? [])[0];
  if (setup.number_cards !== "noble" || !noble) return null;
  const base = { done: Boolean(t.specialDone), noble, last: Number.isInteger(t.lastTurnBy) ? t.lastTurnBy : null };
  if (setup.equipment_after_special) {
    return { kind: "fordwich", mission: 23, ...base, deck: nobleDeck(setup, t),
      revealed: t.specialDone ? (t.cards ?? []).map((c) => c.id) : [] };
  }
  return { kind: "all_at_once", mission: 39, ...base, deck: nobleDeck(setup, t) };
}

/** 12: the number card lying on each equipment card, and those left for the cards False Bottom brings; 15: the
 * equipment cards flipped face up and the number card in view. */
function lockedPlay(state) {
  const { setup } = state;
  if (lockedCards(setup)) {
    const tape = Object.fromEntries(Object.entries(setup.card_locks ?? {}).map(([id, v]) => [id, v]));
    return { kind: "red_tape", tape, left: VALUES.filter((v) => !Object.values(tape).includes(v)) };
  }
  if (setup.number_cards === "unlock") {
    return { kind: "novosibirsk", revealed: (setup.table_cards ?? []).slice(), shown: (setup.numbers ?? [])[0] ?? null };
  }
  return null;
}

/** 22: whether the "I have none" tokens were passed on (due once two yellow wires are cut). */
function absentPlay(state, t) {
  if (state.setup.mission === 27) return { kind: "token_draw", drawn: (t.yellowCut ?? 0) >= 2 }; // 27's token draw
  return state.setup.token_pass ? { kind: "absent", given: (t.yellowCut ?? 0) >= 2 } : null;
}

/** The card-decided `mission_play` for the playouts, or null. */
export function cardPlayDoc(state, t) {
  return deckPlay(state, t) ?? pairsPlay(state, t) ?? challengesPlay(state, t) ?? ringPlay(state, t) ?? weakPlay(state, t) ?? numberDeckPlay(state, t) ?? noblePlay(state, t) ?? lockedPlay(state)
    ?? absentPlay(state, t);
}
