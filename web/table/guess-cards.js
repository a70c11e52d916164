// Mission 29's number cards in hands, as the table follows them (each card shown after a turn came from the right
// of the player whose turn it was, who takes it), and the chance that the card put down for my turn is each value:
// the "moves" request's rules.card_risk — the arena's rule (arena/number_turns.py, Guess.rules), on what the page knows.
import { cutCounts, fail } from "./replay-table.js";
import { rightOf } from "./setup.js";

/** Whether the mission deals number cards to the players (29). */
export const guessCards = (setup) => setup.number_cards === "guess";

/** The values still in play (a card whose four wires are cut is discarded). */
export const liveValues = (t) => {
  const cut = cutCounts(t);
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((v) => (cut[String(v)] ?? 0) < 4);
};

/** The blue values whose four wires are all cut and that are not in `known` yet, in increasing order (a card discarded,
 * a value validated: what an entry has just completed). */
export const cutSince = (t, known = []) => {
  const live = liveValues(t);
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((v) => !live.includes(v) && !known.includes(v));
};

/** How many cards each player was dealt: 2, and 3 to the captain's right. */
export function dealtCounts(setup) {
  return setup.players.map((_, p) => (p === rightOf(setup, setup.captain) ? 3 : 2));
}

/**
 * A card of value `v` shown after player `a`'s turn (applyShown): it leaves the hand of the player on a's right and
 * goes to a's. Mine shown: it leaves the cards I tapped as mine. No one draws yet: the cards of values cut out this
 * turn leave the hands first (guessDiscards) — a putter whose last card went that way holds none, and draws none.
 */
export function guessShown(t, setup, a, v) {
  const count = (t.guessCount = t.guessCount ?? dealtCounts(setup));
  const right = rightOf(setup, a);
  count[right] = Math.max(0, count[right] - 1);
  count[a] += 1;
  if (right === setup.me) t.guessGone = [...(t.guessGone ?? []), v];
}

/**
 * 29, once the turn's card is shown (or before the first turn): the number cards whose 4 wires are all cut leave the
 * hands the page follows, face up — a card seen taken, or one of mine; one whose holder the page cannot know (an
 * unseen hand, or the deck) waits in `guessUnplaced` until the table says who discarded it (applyDiscard); then a
 * player down to one card draws (the arena's order: discards, then draws, at the turn's end).
 */
export function guessDiscards(t, setup) {
  if ((t.turnsTaken ?? 0) > 0 && t.shownAt !== t.turnsTaken) return; // the card put down for this turn may be the one
  const gone = cutSince(t, t.guessDiscarded);
  if (gone.length) discardCut(t, setup, gone);
  drawToTwo(t, setup);
}

/** The cards of values `gone` (their 4 wires cut) leave the hands that held them, face up. */
function discardCut(t, setup, gone) {
  t.guessDiscarded = [...(t.guessDiscarded ?? []), ...gone];
  const count = (t.guessCount = t.guessCount ?? dealtCounts(setup));
  const said = [];
  for (const v of gone) {
    const p = setup.players.findIndex((_, q) => (t.guessKnown?.[q] ?? []).includes(v));
    if (p >= 0) t.guessKnown[p] = t.guessKnown[p].filter((x) => x !== v);
    const mine = p < 0 && setup.me !== null && (setup.guess_mine ?? []).includes(v) && !(t.guessGone ?? []).includes(v);
    if (mine) t.guessGone = [...(t.guessGone ?? []), v];
    const holder = p >= 0 ? p : mine ? setup.me : -1;
    if (holder >= 0) count[holder] = Math.max(0, count[holder] - 1);
    else t.guessUnplaced = [...(t.guessUnplaced ?? []), v];
    said.push(`all four ${v}s cut: number card ${v} ${holder < 0 ? "discarded (who held it? the table asks)" : `discarded from ${holder === setup.me ? "your" : `${setup.players[holder]}'s`} hand`}`);
  }
  t.note += said.map((x) => ` — ${x}`).join("");
}

/** A player down to one card draws one still in play from the deck (unseen), while the deck has any — said in the
 * entry's line, since the hand it follows grows by a card no one saw. Not while the table has yet to say who
 * discarded a card: a player whose last card it was draws none. */
function drawToTwo(t, setup) {
  if ((t.guessUnplaced ?? []).length) return;
  const live = liveValues(t);
  const count = (t.guessCount = t.guessCount ?? dealtCounts(setup));
  setup.players.forEach((_, p) => {
    if (count[p] === 1 && live.length > count.reduce((x, y) => x + y, 0)) {
      count[p] += 1;
      t.note += ` — ${p === setup.me ? "you draw" : `${setup.players[p]} draws`} a number card (down to one)`;
    }
  });
}

/** 29: who discarded number card `e.v` (its 4 wires cut) from an unseen hand — `e.a`; none: it lay in the deck. */
export function applyDiscard(t, e, setup) {
  if (!guessCards(setup)) fail("only mission 29 deals number cards to the players' hands");
  if (!(t.guessUnplaced ?? []).includes(e.v)) fail(`the number card ${e.v} is not one whose holder the page waits for (its 4 wires cut, held unseen)`);
  t.guessUnplaced = t.guessUnplaced.filter((v) => v !== e.v);
  const count = (t.guessCount = t.guessCount ?? dealtCounts(setup));
  if (Number.isInteger(e.a) && !(count[e.a] > 0)) fail(`${setup.players[e.a]} holds no number card the page knows of`);
  if (Number.isInteger(e.a)) count[e.a] -= 1;
  if (e.a === setup.me) t.guessGone = [...(t.guessGone ?? []), e.v];
  drawToTwo(t, setup);
}

/** My number cards now: those I tapped as mine (less those I put down since) and those I was seen taking. */
export function myNumberCards(setup, t) {
  const gone = t.guessGone ?? [];
  const live = new Set(liveValues(t));
  const mine = [...(setup.guess_mine ?? []).filter((v) => !gone.includes(v)), ...(t.guessKnown?.[setup.me] ?? [])];
  return [...new Set(mine)].filter((v) => live.has(v)).sort((x, y) => x - y);
}

/**
 * The number cards that may be shown after player `a`'s turn: the card came from the player on a's right — mine when
 * that is me, else not mine nor one seen taken by anyone else; a value all cut only if this very turn cut it (the
 * entry checks that). Strings, as the keypad's labels.
 */
export function shownChoices(setup, t, a) {
  const right = rightOf(setup, a);
  const mine = myNumberCards(setup, t);
  if (setup.me !== null && right === setup.me && mine.length) return mine.map(String);
  const elsewhere = new Set([...(setup.me !== null ? mine : []),
    ...setup.players.flatMap((_, p) => (p === right ? [] : t.guessKnown?.[p] ?? []))]);
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((v) => !elsewhere.has(v)).map(String);
}

/**
 * On my turn: the chance that the card put down for it is each value, [{value, p, why}] — every card of the
 * putter's hand alike: the cards the table saw them take, and for each card unseen any value in play that no one was
 * seen taking and I do not hold. [] when it is not my turn or the player on my right holds no card.
 */
export function cardRisk(setup, t) {
  if (!guessCards(setup) || setup.me === null || t.turn !== setup.me) return [];
  const n = setup.players.length;
  const live = new Set(liveValues(t));
  if (live.size <= 1) return []; // the last number card is discarded at once: none put down for my turn
  const count = t.guessCount ?? dealtCounts(setup);
  const known = (p) => (t.guessKnown?.[p] ?? []).filter((v) => live.has(v));
  // the nearest player on my right who holds a card puts it down
  const r = Array.from({ length: n - 1 }, (_, i) => (setup.me + n - 1 - i) % n).find((p) => count[p] > 0);
  if (r === undefined) return [];
  const knownR = known(r);
  const size = Math.max(count[r], knownR.length);
  const unseen = size - knownR.length;
  const seen = new Set([...myNumberCards(setup, t), ...setup.players.flatMap((_, p) => known(p))]);
  const pool = [...live].filter((v) => !seen.has(v));
  const risk = new Map(knownR.map((v) => [v, 1 / size]));
  if (unseen && pool.length) for (const v of pool) risk.set(v, (risk.get(v) ?? 0) + unseen / pool.length / size);
  return [...risk].filter(([, p]) => p > 0).sort(([x], [y]) => x - y).map(([value, p]) => ({ value, p: Math.round(p * 1e9) / 1e9,
    why: `the number card put down for this turn may be a ${value} (mission 29: its cut then moves the detonator)` }));
}
