// How the wires are dealt: the stands' sizes, the wires some missions deal before the rest (13's reds openly,
// 41 and 48's yellow wires face down), and the setup's problems that stop a game from starting.
// Pure functions on the setup, no DOM.
//
// Why one module: a wire dealt first changes the sizes. The rest is dealt as usual, one wire at a time from the
// captain's stand(s) clockwise, so earlier stands get the extra wire; the wires dealt first are then added to the
// stands they went to (as the arena deals: arena/deal.py).

import { cardHands, colourNeeds, colourTop, EQUIPMENT_NAMES, lockedCards, redsInPlay, standCounts, wiresInPlay, yellowsInPlay } from "./setup.js";

/**
 * Yellow wires each player was dealt face down before the shuffle ([] when the mission deals them
 * with the rest): "one_each" one per player (none to the captain when there are more players than
 * yellows), "captain_first" one per player clockwise from the captain, the rest to the captain.
 */
export function yellowDeal(setup) {
  const n = setup.players.length;
  const count = yellowsInPlay(setup);
  if (!setup.yellow_dealt || !count) return [];
  const out = Array(n).fill(0);
  const order = Array.from({ length: n }, (_, i) => (setup.captain + i) % n);
  if (setup.yellow_dealt === "one_each") {
    (count < n ? order.slice(1) : order).slice(0, count).forEach((p) => { out[p] = 1; });
  } else {
    for (let i = 0; i < count; i += 1) out[order[i % n]] += 1;
  }
  return out;
}

/** A player's wires dealt first, per stand by the rule's default: their k-th on stand k (a second on the other
 * stand); where one went to one of two stands, the first (the table says which: the setup asks). */
const perStand = (perPlayer, counts) => counts.map((c, p) => Array.from({ length: c }, (_, s) =>
  Math.floor((perPlayer[p] ?? 0) / c) + (s < (perPlayer[p] ?? 0) % c ? 1 : 0)));

/** The table's own split [[n per stand]] where it gives one for player p with the right total, else the default. */
const withTable = (given, deflt) => deflt.map((row, p) => {
  const mine = given?.[p];
  const ok = Array.isArray(mine) && mine.length === row.length && mine.every((n) => Number.isInteger(n) && n >= 0)
    && mine.reduce((a, b) => a + b, 0) === row.reduce((a, b) => a + b, 0);
  return ok ? mine.slice() : row;
});

/**
 * Open red deal (mission 13): reds dealt per stand, [[n, …] per player] shaped like the stands; null when the
 * setup has no open red deal. Until the table changes it (`red_deal` empty), the deal the rule makes: one red to
 * each player clockwise from the captain (2 players: the captain's two on their two stands).
 */
export function openRedDeal(setup) {
  if (!setup.open_red_deal || setup.red.mode === "none") return null;
  const counts = standCounts(setup);
  if (!setup.red_deal?.length) {
    const perPlayer = Array(counts.length).fill(0);
    for (let k = 0; k < redsInPlay(setup); k += 1) perPlayer[(setup.captain + k) % counts.length] += 1;
    return perStand(perPlayer, counts);
  }
  return counts.map((c, p) => Array.from({ length: c }, (_, s) => {
    const n = setup.red_deal[p]?.[s];
    return Number.isInteger(n) && n >= 0 ? n : 0;
  }));
}

/** The setup with one stand's open red count changed by `delta` (kept within 0…reds in play). */
export function setRedDeal(setup, p, s, delta) {
  const deal = openRedDeal(setup);
  if (!deal?.[p] || deal[p][s] === undefined) return setup;
  const next = structuredClone(setup);
  deal[p][s] = Math.max(0, Math.min(redsInPlay(setup), deal[p][s] + delta));
  next.red_deal = deal;
  return next;
}

/** 41, 48: the yellow wires dealt first, per stand ([[n per stand]]; null when the mission deals none apart): a
 * player with two stands put theirs where the table says (`yellow_deal`), by default as `perStand`. */
export function yellowStands(setup) {
  const perPlayer = yellowDeal(setup);
  if (!perPlayer.length) return null;
  return withTable(setup.yellow_deal, perStand(perPlayer, standCounts(setup)));
}

/** The setup with player p's one yellow wire dealt first on their stand s (a player with two stands). */
export function setYellowStand(setup, p, s) {
  const deal = yellowStands(setup);
  const row = deal?.[p];
  if (!row || row.length < 2 || row.reduce((a, b) => a + b, 0) !== 1 || s < 0 || s >= row.length) return setup;
  const next = structuredClone(setup);
  deal[p] = row.map((_, k) => (k === s ? 1 : 0));
  next.yellow_deal = deal;
  return next;
}

/**
 * The even split of the wires not dealt first: {order: every stand [p, s] from the captain clockwise, q: what each
 * gets, plus: the stands that get one more — the table's own (setup.plus: its deal's order may differ, a player with
 * two stands sitting anywhere) when it names as many as there are, else the first from the captain}.
 */
export function evenSplit(setup) {
  const counts = standCounts(setup);
  const n = counts.length;
  const order = [];
  for (let k = 0; k < n; k++) {
    const p = (setup.captain + k) % n;
    for (let s = 0; s < counts[p]; s++) order.push([p, s]);
  }
  const first = [openRedDeal(setup), yellowStands(setup)].filter(Boolean);
  const ahead = first.reduce((a, deal) => a + deal.flat().reduce((x, y) => x + y, 0), 0);
  const total = wiresInPlay(setup) - (setup.nano || 0) - ahead; // Nano's wires are dealt aside first (43)
  const r = total % order.length;
  const key = ([p, s]) => `${p}:${s}`;
  const named = new Set((setup.plus ?? []).map(key));
  const own = named.size === r && order.filter((x) => named.has(key(x))).length === r;
  return { order, q: Math.floor(total / order.length), plus: own ? order.filter((x) => named.has(key(x))) : order.slice(0, r), first };
}

/** Stand sizes [[size, …] per player]: the wires dealt first (13's reds, 41 and 48's yellows) on their stands, and
 * the rest one at a time, the stands that get one more as evenSplit says. */
export function standSizes(setup) {
  const { order, q, plus, first } = evenSplit(setup);
  const more = new Set(plus.map(([p, s]) => `${p}:${s}`));
  const sizes = standCounts(setup).map((c) => Array(c).fill(q));
  for (const [p, s] of order) sizes[p][s] = q + (more.has(`${p}:${s}`) ? 1 : 0) + first.reduce((a, deal) => a + (deal[p]?.[s] ?? 0), 0);
  return sizes;
}

/** The setup with stand [p, s] among those that got one more wire (the oldest choice giving way, their number kept). */
export function setPlus(setup, p, s) {
  const { order, plus } = evenSplit(setup);
  if (!plus.length || plus.length === order.length || !order.some(([a, b]) => a === p && b === s)) return setup;
  const same = (x) => ([a, b]) => a === x[0] && b === x[1];
  if (plus.some(same([p, s]))) return setup;
  const mine = (setup.plus ?? []).length === plus.length && plus.every((x) => setup.plus.some(same(x))); // (in the order tapped)
  const next = structuredClone(setup);
  next.plus = [...(mine ? setup.plus : plus).slice(1), [p, s]];
  return next;
}

/** 12: each card face up has a number card lying on it, and each number card is one card (on one equipment card). */
function lockProblems(setup) {
  if (!lockedCards(setup)) return [];
  const locks = setup.card_locks ?? {};
  const out = (setup.table_cards ?? []).filter((id) => /^\d+$/.test(id) && !locks[id])
    .map((id) => `Pick the number card lying on ${id} ${EQUIPMENT_NAMES[id] ?? ""} (its two wires unlock it too).`);
  const on = Object.entries(locks).filter(([id]) => !setup.table_cards || setup.table_cards.includes(id));
  for (const v of new Set(on.map(([, x]) => x))) {
    const ids = on.filter(([, x]) => x === v).map(([id]) => id);
    if (ids.length > 1) out.push(`Number card ${v} lies on ${ids.join(" and ")}: there is one number card of each value.`);
  }
  return out;
}

/** 65: the 12 number cards are dealt as evenly as may be, clockwise from the captain (with 5 players the captain and the
 * player on their left hold 3): a hand tapped with more than its share, or all 12 tapped unevenly, is said. */
function handProblems(setup) {
  if (!cardHands(setup)) return [];
  const hands = setup.number_hands ?? [];
  const n = setup.players.length;
  const dealt = hands.reduce((a, h) => a + (h?.length ?? 0), 0);
  return setup.players.flatMap((name, p) => {
    const want = Math.floor(12 / n) + ((p - setup.captain + n) % n < 12 % n ? 1 : 0);
    const have = hands[p]?.length ?? 0;
    return have > want || (dealt === 12 && have !== want)
      ? [`${name} is dealt ${want} number cards, not ${have} (the 12 go round as evenly as may be, from the captain clockwise).`] : [];
  });
}

/** Setup problems that stop the game from starting (readable sentences). */
export function setupProblems(setup, mission = null) {
  const out = [];
  const needs = colourNeeds(setup, mission);
  for (const colour of ["yellow", "red"]) {
    const c = setup[colour];
    const need = needs[colour];
    if (!need) continue;
    if (need.need !== null && c.nums.length !== need.need) {
      // 50 puts the markers back in the box: everyone looks at the wires in play before the deal
      const where = setup.mission === 50 ? "the wires everyone looked at before the deal" : "the markers on the board";
      out.push(`Pick ${need.need} ${colour} number${need.need > 1 ? "s" : ""} (${where}).`);
    } else if (need.need === null && c.nums.length === 0) {
      out.push(`Pick the ${colour} numbers in play.`);
    }
    if (need.knownNeed && c.known.length !== need.knownNeed) out.push(`Pick ${need.knownNeed} known ${colour} numbers.`);
    const over = [...c.known, ...c.nums].filter((x) => x > colourTop(setup));
    if (over.length) out.push(`Mission ${setup.mission} draws ${colour} wires up to ${colourTop(setup)}: ${over.join(", ")} cannot be drawn.`);
    // (said once the numbers are picked: before, "Pick 3 red numbers" says what to do)
    if (c.mode === "of" && c.nums.length && !(c.keep >= 0 && c.keep < c.nums.length)) {
      out.push(`${colour}: ${c.keep} of ${c.nums.length} drawn — pick more numbers than the wires kept.`);
    }
    const both = c.known.filter((x) => c.nums.includes(x));
    if (both.length) out.push(`${colour} ${both.join(", ")} is both known and drawn.`);
  }
  const deal = openRedDeal(setup);
  if (deal) {
    const dealt = deal.flat().reduce((a, b) => a + b, 0);
    const want = redsInPlay(setup);
    if (dealt !== want) out.push(`Red wires dealt openly: the stands hold ${dealt}, but ${want} red wire${want === 1 ? " is" : "s are"} in play.`);
  }
  if (mission?.players && !mission.players[String(setup.players.length)]) {
    const counts = Object.keys(mission.players).join(", ");
    out.push(`Mission ${mission.number} is played with ${counts} players, not ${setup.players.length}.`);
  }
  out.push(...lockProblems(setup), ...handProblems(setup));
  if (setup.hidden_red && setup.red_card === null) out.push("Pick the number card set face up on the mission card: its value's four wires count as red.");
  const names = setup.players.map((n) => n.trim());
  if (names.some((n) => !n)) out.push("Every player needs a name.");
  return out;
}
