// The derived table's primitives every entry kind uses: a slot cut or given a token, a failure and what
// it costs (detonator, explosion), facts and the wires they speak of, the turn moving on.
// An entry that cannot be applied calls fail(...) with a message naming the slot.
// Pure functions, no DOM, no I/O.

import { cardsInPlay, colourOf, EQUIPMENT_NAMES, isLabel, isRedCard, nanoDetonator, noTwice, radarTurns, saidOf, sortValue, standCounts } from "./setup.js";
import { cardsBindAll } from "./card-rules.js";
import { CHARACTER_CARDS, characterOf } from "./detectors.js";

export const HIDDEN = () => ({ c: "h", v: null, m: null, col: null, own: null });

/** What an uncut slot is known to hold, as the table shows it: my wire (or a turned wire I see), else its info
 * token ("7", "Y3", or "Y": a yellow token without a number); null when neither. One reading for every question. */
export const shownWire = (sl) => sl?.own ?? (sl?.c === "info" ? sl.v : null);

/** What a slot shows the table, cut (its wire) or not (shownWire). */
export const seenWire = (sl) => (sl?.c === "cut" ? sl.v : shownWire(sl));

export class EntryError extends Error {}

/** An entry of the game's start (a token set on a slot, an "I have none" token, a teammate's turned-around wire I see):
 * any other means the game is under way. */
export const isSetupEntry = (e) => e.k === "set" || e.k === "absent" || e.k === "see" || e.k === "beside";

export const fail = (msg) => {
  throw new EntryError(msg);
};

export function slotLetter(j) {
  return j < 26 ? String.fromCharCode(65 + j) : `#${j + 1}`;
}

export function standName(setup, p, s) {
  const name = setup.players[p] || `Player ${p + 1}`;
  return standCounts(setup)[p] > 1 ? `${name} (stand ${s + 1})` : name;
}

/** How many wires of each label the stands show cut ({"4": 2, "Y3": 1, …}). */
export function cutCounts(t) {
  const out = {};
  for (const ss of t.stands) for (const st of ss) for (const sl of st) if (sl.c === "cut" && sl.v) out[sl.v] = (out[sl.v] ?? 0) + 1;
  return out;
}

/**
 * How far equipment card `id` is from usable: {have, need} — 2 wires of its number cut, all 4 for a double number
 * (2.2), 2 yellows for False Bottom; 23: none before the special action, every card after it; 18's General Radar always.
 */
export function cardProgress(setup, t, id, cutCount = cutCounts(t)) {
  if (radarTurns(setup) && id === "8") return { have: 1, need: 1 }; // 18: the General Radar, usable from the start
  if (setup.number_cards === "unlock") return { have: 1, need: 1 }; // 15: a card flipped face up is usable at once
  if (setup.equipment_after_special) return t.specialDone ? { have: 1, need: 1 } : { have: 0, need: Infinity };
  const lock = setup.card_locks?.[id]; // 12: and two wires of the number card lying on it
  if (/^\d+$/.test(id) && lock && String(lock) !== id) {
    return { have: Math.min(cutCount[id] ?? 0, 2) + Math.min(cutCount[String(lock)] ?? 0, 2), need: 4, lock };
  }
  if (/^\d+$/.test(id)) return { have: Math.min(cutCount[id] ?? 0, 2), need: 2 };
  if (/^(\d+)\.\1$/.test(id)) return { have: Math.min(cutCount[id.split(".")[0]] ?? 0, 4), need: 4 };
  if (id === "Y") return { have: Math.min(colourCount(cutCount, "yellow"), 2), need: 2 };
  return { have: 0, need: Infinity };
}

/** How many wires of `colour` ("yellow", "red") `cutCount` ({label: n}, cutCounts) holds. */
export const colourCount = (cutCount, colour) => Object.entries(cutCount).filter(([l]) => colourOf(l) === colour).reduce((a, [, c]) => a + c, 0);

/**
 * Equipment card `id` played by an entry: spent. A card not on the table, spent already or not usable yet
 * (cardProgress) is said beside the entry rather than refused: a cut may be missing from the log, tables recorded
 * before the page checked it still open, and the player sees which card to look at.
 */
/** Equipment card `id` played by entry e — or, with `e.pe`, the personal equipment of the player whose new
 * character works as that card (E1-E4), spent as a Double Detector is; the radar's is any time, the others on that
 * player's own turn (or swap: theirs). */
export function useItem(t, setup, id, e) {
  if (!e.pe) return spend(t, setup, id, e.a);
  const c = Object.keys(CHARACTER_CARDS).find((x) => CHARACTER_CARDS[x] === id);
  const name = EQUIPMENT_NAMES[id] ?? "card";
  const p = setup.players.findIndex((_, q) => characterOf(setup, q) === c);
  if (p < 0) fail(`no one holds the character ${c} (a personal ${name}): set the characters in the setup`);
  if (Number.isInteger(e.a) && e.a !== p) fail(`${setup.players[e.a]} does not hold ${c}: its ${name} is ${setup.players[p]}'s`);
  if (t.usedDD.includes(p)) fail(`${setup.players[p]} has used their character's ${name} already (Emergency Batteries give it back)`);
  t.usedDD.push(p);
}

export function spend(t, setup, id, a = null) {
  if (radarTurns(setup) && id === "8") return; // 18: the General Radar is asked every turn, never spent
  const name = `${EQUIPMENT_NAMES[id] ?? "card"} (${id})`;
  // 17, 28: the captain uses no equipment card (said beside the entry, as a card not usable yet is)
  if (setup.captain_no_equipment && a === setup.captain) t.note = `${t.note ?? ""} — check: the captain uses no equipment card in this mission`;
  const why = cardWhyNot(setup, t, id);
  if (why) t.note = `${t.note ?? ""} — check: the ${name} ${why}`;
  t.usedItems[id] = true;
}

/** Why equipment card `id` cannot be played (not on the table, used, not usable yet), said of an entry made then or, with
 * `now`, of a draft before it is recorded; "" when it can. */
export function cardWhyNot(setup, t, id, now = false) {
  const { have, need } = cardProgress(setup, t, id);
  const [is, when] = now ? ["is", "so far"] : ["was", "then"];
  return !cardsInPlay(setup, t).includes(id) ? "is not on the table" : t.usedItems[id] ? `${is} used already`
    : have >= need ? "" : `${is} not usable yet (${setup.equipment_after_special ? "before the special action"
      : id === "Y" ? "two yellow wires cut first" : setup.card_locks?.[id] ? `two ${id}s and two ${setup.card_locks[id]}s cut first: ${have} of 4 ${when}`
      : `${need === 4 ? "all four" : "two"} ${id.split(".")[0]}s cut first: ${have} ${when}`})`;
}

export function slotAt(t, p, s, j) {
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) fail(`there is no slot ${slotLetter(j ?? 0)} on that stand`);
  return sl;
}

/** Where label v at player p's turned-around wire (s, j) breaks the order of their turned wires (one sorted run in
 * stand, slot order — 64: the lower far left, the higher far right): the other turned wire it cannot lie beside
 * ("stand slot (value)", seen or cut), else null. */
export function turnedOutOfOrder(t, setup, p, s, j, v) {
  for (const [s2, st] of (t.stands[p] ?? []).entries()) {
    for (const [j2, sl] of st.entries()) {
      const w = seenWire(sl);
      if (!sl.tw || (s2 === s && j2 === j) || !isLabel(w)) continue;
      const before = s2 < s || (s2 === s && j2 < j);
      if (before ? sortValue(w) > sortValue(v) : sortValue(w) < sortValue(v)) return `${standName(setup, p, s2)} slot ${slotLetter(j2)} (${w})`;
    }
  }
  return null;
}

export function cutSlot(t, setup, p, s, j, label) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (!isLabel(label)) fail(`${where}: which wire was cut?`);
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (sl.own && sl.own !== label) fail(`${where} is your ${sl.own}, not ${label}`);
  // what its token shows (a token left on it by an earlier entry, perhaps one changed since) holds for the cut too
  if (sl.c === "info" && !(sl.v === "Y" ? colourOf(label) === "yellow" : sl.v === label)) fail(`${where} shows an info token ${sl.v}: it cannot be cut as ${label}`);
  const n = Number(label);
  if ((sl.m === "E" && n % 2 !== 0) || (sl.m === "O" && n % 2 !== 1)) fail(`${where} shows an ${sl.m === "E" ? "even" : "odd"} token: it cannot be cut as ${label}`);
  sl.c = "cut";
  sl.v = label;
  sl.col = null;
  if (sl.m && sl.m.startsWith("!") && colourOf(label) === "red") sl.m = null;
}

export function infoSlot(t, setup, p, s, j, label, revealed = false) {
  const sl = slotAt(t, p, s, j);
  const where = `${standName(setup, p, s)} slot ${slotLetter(j)}`;
  if (sl.c === "cut") fail(`${where} is already cut`);
  if (!(isLabel(label) && colourOf(label) !== "red") && label !== "Y") fail(`${where}: which info token?`);
  // 11, the number card face up: its value's wires count as red — no token goes on one (a failure there exploded)
  if (!revealed && isRedCard(setup, label)) {
    fail(`${where}: the ${label}s count as red (the number card) — no info token shows one; pointing at one explodes the bomb`);
  }
  if (sl.own && !(label === "Y" ? colourOf(sl.own) === "yellow" : sl.own === label)) fail(`${where} is your ${sl.own}, not ${label}`);
  // a token already there shows the wire: another is a slip (an old cut edited into a failure, say)
  if (sl.c === "info" && sl.v !== label && !(label === "Y" && colourOf(sl.v) === "yellow")) fail(`${where} already shows an info token ${sl.v}, not ${label}`);
  sl.c = "info";
  sl.v = label;
}

export const factValue = (said) => (said === "Y" ? "YELLOW" : said?.[0] === "R" ? "RED" : Number(said));

export function actorCut(t, setup, e, label) {
  if (!e.as) fail(`which wire did ${setup.players[e.a]} cut?`);
  const av = e.av || label;
  if (colourOf(av) !== colourOf(label) || (colourOf(av) === "blue" && av !== label)) fail(`${setup.players[e.a]}'s wire must also be ${label}`);
  cutSlot(t, setup, e.a, e.as.s, e.as.j, av);
}

export function checkPlayers(setup, e, target = true) {
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

/** The turn passes clockwise to the next player who still has an uncut wire (the rules skip the others). */
export function advance(t, setup, a) {
  const n = setup.players.length;
  if (playedLast(setup, t, a)) {
    t.note = `${t.note ?? ""} — check: ${setup.players[a]} played the turn before too (mission 10: never twice in a row)`;
  } else if (outOfTurn(setup, t, a)) {
    t.note = `${t.note ?? ""} — check: it was ${setup.players[t.turn]}'s turn (the turn passes on from ${setup.players[a]})`;
  }
  // (23, 39: a round's end discards the deck's top card until the special action; counted until then)
  if (Number.isInteger(t.lastTurnBy) && passesCaptain(setup, t.lastTurnBy, a) && !t.specialDone) t.roundsEnded = (t.roundsEnded ?? 0) + 1;
  t.lastTurnBy = a;
  t.stab = false; // a Stabilizer holds for its player's turn only ("during your turn": a solo cut, a skip end it too)
  t.turnsTaken = (t.turnsTaken ?? 0) + 1;
  t.turn = nextWithWires(t, setup, a) ?? (a + 1) % n; // (none: no wire left anywhere, the bomb is defused)
}

/** The first player after `a`, clockwise, with a wire left (`a` last), or undefined. */
const nextWithWires = (t, setup, a) => {
  const n = setup.players.length;
  return Array.from({ length: n }, (_, k) => (a + k + 1) % n).find((p) => hasUncut(t, p));
};

/** The seat whose turn starts a round: the captain's, or once they have no wire left the first after them with one
 * (61's rotation, "before the captain's turn": 61's walkthrough could never rotate again, and lost; the arena's rule). */
export const roundSeat = (t, setup) => nextWithWires(t, setup, (setup.captain + setup.players.length - 1) % setup.players.length) ?? setup.captain;

/** A wire moved off the stand of the player whose turn it is, their last: the turn goes on to the next player with a
 * wire, as it skips one with none (62's walkthrough: a Grappling Hook left the turn with an empty stand). Not a turn. */
export function turnToWires(t, setup) {
  if (!hasUncut(t, t.turn)) t.turn = nextWithWires(t, setup, t.turn) ?? t.turn;
}

/** Whether player `a` plays a turn that was another's: said beside the entry, not refused (a slip of the actor, or the
 * table's own slip); none where turns have no order (10, 45) or the active player names who cuts (51, 18). */
/** A card played "on your turn" (Stabilizer, Coffee Mug) by another player than the one whose turn it is: said. */
export function ownTurnCard(t, setup, a, card) {
  if (outOfTurn(setup, t, a)) t.note = `${t.note ?? ""} — check: it was ${setup.players[t.turn]}'s turn (the ${card} is played on one's own turn)`;
}

const outOfTurn = (setup, t, a) => !setup.free_turns && setup.mission !== 51 && !radarTurns(setup) && Number.isInteger(t.turn)
  && a !== t.turn && !t.exploded;

/** Whether a turn of player `a` after one of `last` starts a new round: the captain's seat is reached on the way
 * (39, 23: the face-down deck loses its top card then, as the arena's Noble counts it). */
export function passesCaptain(setup, last, a) {
  const n = setup.players.length;
  const steps = ((a - last) % n + n) % n || n;
  return Array.from({ length: steps }, (_, i) => (last + i + 1) % n).includes(setup.captain);
}

/** Does player p still have an uncut wire? */
export function hasUncut(t, p) {
  return (t.stands[p] ?? []).some((st) => st.some((sl) => sl.c !== "cut" && !sl.rev)); // (11: revealed wires are out of play)
}

/** 10: player p played the last turn and so may not play this one (never twice in a row) — unless nobody else has a
 * wire left to play with. */
export const playedLast = (setup, t, p) => noTwice(setup) && Number.isInteger(p) && t.lastTurnBy === p
  && t.stands.some((_ss, q) => q !== p && hasUncut(t, q));

export function failure(t, setup, e, p, s, j, stab = false) {
  const real = e.real;
  if (real === HIDDEN_BOOM) { // mission 11: the hidden red value's wire (or value) was cut: the bomb explodes
    if (!setup.hidden_red) fail("only mission 11's hidden red value makes a blue wire explode");
    slotAt(t, p, s, j);
    if (!stab) t.exploded = true;
    return;
  }
  if (real === TURNED_BOOM) { // 38, 56, 64: the cutter's own wire was their turned-around one, and its failure explodes
    if (!t.stands[e.a]?.some((st) => st.some((sl) => sl.tw && sl.c !== "cut"))) fail(`${setup.players[e.a]} has no turned-around wire left to cut with`);
    slotAt(t, p, s, j);
    t.exploded = true;
    return;
  }
  if (isLabel(real) && colourOf(real) === "red") {
    // under the Stabilizer the red wire does not explode: it is known, and out of play for the odds
    cutSlot(t, setup, p, s, j, real);
    if (!stab) t.exploded = true;
    else t.note = " — the Stabilizer: the red wire does not explode";
    return;
  }
  infoSlot(t, setup, p, s, j, saidOf(real));
  // mission 11: the wire that got the token did not explode (a detector's token goes on a wire that
  // is not red-like), so its value is not the hidden red one
  if (setup.hidden_red && isLabel(real) && colourOf(real) === "blue") t.ruledOut.push(Number(real));
  misfire(t, setup, e, stab);
}

/** A failure's `real` when the wire was mission 11's hidden red value (the bomb exploded). */
export const HIDDEN_BOOM = "!";
/** A failure's `real` when the cutter cut with their own turned-around wire (38, 56, 64): the card says the bomb explodes. */
export const TURNED_BOOM = "T!";

/** What a failed cut costs: the captain's failure explodes (missions 14, 28); the detonator moves unless the Stabilizer holds it. */
export function misfire(t, setup, e, stab) {
  if (setup.captain_fragile && e.a === setup.captain) {
    t.exploded = true;
    if (stab) t.note = " — the captain's failure: no Stabilizer holds it"; // (their Stabilizer was a slip: said)
    return;
  }
  if (stab) {
    t.note = " — the Stabilizer holds the detonator";
    return;
  }
  detonatorStep(t, setup);
  if (e.l2) { // constraint card L bound the cutter then (record.js reads it off the setup of that moment)
    detonatorStep(t, setup);
    t.note = " — constraint card L: the detonator moves two spaces";
  }
}

/** Does constraint card L ("double detonator") bind player a's failures now: my card (31, 61 and custom tables: the
 * cards I hold), or the card face up on the table, which binds everyone (32, 37, 57)? A failure's entry keeps it
 * (`l2`), since the card in play changes and the log is replayed with the setup of today. */
export function doubleDetonator(setup, a) {
  return (setup.cards ?? []).includes("L") && (a === setup.me || cardsBindAll(setup));
}

/** The detonator moves a space; past the last mistake the bomb explodes (in mission 53 Nano stands for the
 * detonator: nano-track.js moves it and says when the bomb explodes). */
export function detonatorStep(t, setup) {
  t.mistakesMade += 1;
  if (t.mistakesMade > setup.mistakes && !nanoDetonator(setup)) t.exploded = true;
}

/** The dial's first space, in mistakes made: where it starts, or further back where the mission sets it later (41, 55,
 * 60, 62: a space from the end) — how far a Rewinder or a challenge done may take it back. */
export const dialFirst = (setup) => Math.min(0, setup.mistakes - (setup.players.length - 1));

/** Mistakes allowed with the dial on its first space (the state document's `start_mistakes`). */
export const firstSpaceMistakes = (setup) => setup.mistakes - dialFirst(setup);

/** The detonator goes back a space, never past `floor` mistakes made: where it started by default (Rewinder); the
 * other rules that move it back say how far it may go (entries-mission.js). */
export function detonatorBack(t, floor = 0) {
  t.mistakesMade = Math.max(Math.min(floor, t.mistakesMade), t.mistakesMade - 1); // (never forward)
}

/**
 * A failure whose token shows no value: no token at all (mission 58, constraint H), or the mission's even/odd
 * or x-token (21, 24, 33, 40: the caller marks the wire first). The wires pointed at are none of the values said.
 */
export function valuelessFailure(t, setup, e, js, said, i, stab) {
  for (const j of js) if (slotAt(t, e.p, e.s, j).c === "cut") fail(`${standName(setup, e.p, e.s)} slot ${slotLetter(j)} is already cut`);
  notSaidFacts(t, e, js, said, i);
  misfire(t, setup, e, stab);
}

/** A failed cut's `not_value` facts: none of the wires pointed at (e.p's stand e.s, slots js) is a value said. */
export function notSaidFacts(t, e, js, said, i) {
  const pointed = [...js].sort((x, y) => x - y);
  for (const x of said) {
    addFact(t, { kind: "not_value", player: e.p, stand: e.s, slots: pointed, value: factValue(x) }, i,
      pointed.map((j) => t.stands[e.p][e.s][j]));
  }
}

/** The Stabilizer covers the next dual cut (detectors included): take it. */
export function takeStab(t) {
  const stab = t.stab;
  t.stab = false;
  return stab;
}

/**
 * Record a fact. `refs`: the slot objects it speaks of at this moment (a has/has_not: the
 * player's uncut wires then; a Label or failed detector: its slots). Slot objects travel with
 * their wires, so placeFacts can say where those wires are once the whole log is replayed.
 */
export function addFact(t, fact, i, refs = null) {
  t.facts.push(fact);
  t.factEntry.push(i);
  if (refs) Object.defineProperty(fact, "refs", { value: refs, enumerable: false });
}

/** The player's (or one stand's) uncut slot objects now. */
export function uncutRefs(t, p, s = null) {
  return (s === null || s === undefined ? t.stands[p] : [t.stands[p][s]]).flatMap((st) => st.filter((sl) => sl.c !== "cut"));
}

/** The slots a stand's General Radar answer speaks of: its uncut wires its owner sees in order — not a turned-around
 * wire (unseen: 38, 56, 64) nor an X wire, which no equipment counts (20, 35). */
export const radarRefs = (t, setup, p, s) => uncutRefs(t, p, s).filter((sl) => !sl.tw && !(setup.x_tokens && sl.m === "X"));

/**
 * Facts about wires that were cut or moved later speak of where those wires are now:
 * a has/has_not names its wires when they are no longer the player's uncut ones; a Label or
 * failed detector follows its slots (split per stand; a Label whose wires now sit on two
 * stands is dropped — the table then knows a little less, never something false).
 */
export function placeFacts(t) {
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
