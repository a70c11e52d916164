// Oxygen tokens (missions 44, 54, 63): every cut action first pays tokens, and a player who cannot
// pay skips their turn (the detonator moves a space).
// 44 ("oxygen_reserve"): by the depth of the value named (1-4: 1 token, 5-8: 2, 9-12: 3), from one
//   reserve of 2 tokens per player; everything goes back at the start of the captain's turn.
// 54 ("oxygen_own"): by depth, from each player's own (2 players: 9 each, 3: 6, 4: 3, 5: 2); a cut
//   returns them to the middle, and each validated value gives every player one more.
// 63 ("oxygen_pass"): as many tokens as the value; the captain takes them all (14, 18, 24, 30 for 2-5
//   players), each player passes what is left to the next, and the captain takes back the spent
//   ones at the start of each round: what I may spend is what the players before me this round left.
// 49 ("oxygen_gift"): as many tokens as the value, given to a teammate of the cutter's choice (the
//   cut entry's `ox`); each player starts with 7, 6, 5, 4 for 2-5 players.
// Pure: read from the setup and the replayed log, tested under Node. The replay checks each cut against the
// cutter's tokens, and reads a skip in 63 (who can pay must play, its FAQ): no value the skipper could pay for.

import { addFact, cutCounts, fail, hasUncut, passesCaptain, uncutRefs } from "./replay-table.js";
import { onlyRedLeft, sureWireOf } from "./held-wires.js";

/** Tokens each player holds at the start in mission 54, by player count. */
export const OWN_OXYGEN = { 2: 9, 3: 6, 4: 3, 5: 2 };

/** Tokens the captain takes in mission 63, by player count. */
export const PASSED_OXYGEN = { 2: 14, 3: 18, 4: 24, 5: 30 };

/** Tokens each player holds at the start in mission 49, by player count. */
export const GIFT_OXYGEN = { 2: 7, 3: 6, 4: 5, 5: 4 };

const KINDS = { oxygen_reserve: "reserve", oxygen_own: "own", oxygen_pass: "pass", oxygen_gift: "gift" };

/** The mission's kind of oxygen: "reserve" (44), "own" (54), "pass" (63), "gift" (49) or null. */
export function oxygenKind(setup) {
  const rule = (setup.special ?? []).find((x) => x in KINDS);
  return rule ? KINDS[rule] : null;
}

/** May a player skip to save oxygen though they can pay (44, 49: their FAQs)? Then a skip is never refused, and tells
 * nothing of their wires; in 54 and 63 who can pay must play. (The arena's players skip only when they cannot pay,
 * and read one another so: a convention the table need not keep — 44's walkthrough.) */
export const skipsToSave = (kind) => kind === "reserve" || kind === "gift";

/** Does a cut cost as many tokens as its value (63, 49), rather than by the depth of its value? */
export const costsItsValue = (kind) => kind === "pass" || kind === "gift";

/** Tokens a cut of gameplay value `said` ("7", "Y", "R3") costs: by the depth of its number, or (63, 49) the number itself. */
export function oxygenCost(said, kind = "reserve") {
  const n = Number(String(said).replace(/^[YR]/, ""));
  if (costsItsValue(kind)) return Number.isFinite(n) ? n : 1;
  return !Number.isFinite(n) || n <= 4 ? 1 : n <= 8 ? 2 : 3;
}

/** The value a log entry's cut action named, or null when the entry is no cut action. */
export function namedValue(e) {
  if (e.k === "dual" || e.k === "detect") return e.vs?.[0] ?? e.v; // (a detector with the X-or-Y Ray: two said)
  if (e.k === "solo") return e.cuts?.[0] ?? null;
  if (e.k === "xray") return (e.vs ?? [])[0] ?? null;
  return null;
}

/** Where the tokens a player may spend lie, in words for me (`you`) or a teammate. */
export function oxygenWhere(kind, you) {
  if (kind === "reserve") return "in the reserve";
  if (kind === "pass") return "in hand"; // 63: the tokens go round; "passed on" read, at the start, as handed over already
  return you ? "in front of you" : "in front of them";
}


/** The entries that are a turn (their actor plays it). */
const TURN_ENTRIES = ["dual", "xray", "detect", "solo", "red", "special", "skip", "redcall"];

/**
 * What player `p` may spend on a cut now: {kind, have, where}, or null without oxygen. In 44 the
 * reserve as it stands (all of it when the captain's turn comes before p's: the tokens go back then);
 * in 63 what the players before p this round left; in 54 and 49 what p holds. Entries the table refused
 * (t.entries[i].ok false) pay nothing. Also during the replay (`t` then holds the entries so far).
 */
export function oxygenFor(state, t, p) {
  const { setup } = state;
  const kind = oxygenKind(setup);
  if (!kind || p === null || p === undefined) return null;
  const n = setup.players.length;
  const ok = (i) => t.entries[i]?.ok !== false;
  if (kind === "gift") {
    let have = GIFT_OXYGEN[n] ?? 4;
    state.log.forEach((e, i) => {
      const v = namedValue(e);
      if (!ok(i) || v === null) return;
      if (e.a === p) have -= oxygenCost(v, kind);
      if (e.ox === p) have += oxygenCost(v, kind);
    });
    return { kind, have: Math.max(0, have), where: oxygenWhere(kind, p === setup.me) };
  }
  if (kind !== "own") {
    const total = kind === "pass" ? PASSED_OXYGEN[n] ?? 2 * n : 2 * n;
    let taken = 0;
    let last = null;
    state.log.forEach((e, i) => {
      if (!ok(i)) return;
      // a round ends as the turns pass the captain's seat: all tokens back (the captain's own turn, or the seat of a
      // captain with no wire left, who plays none — as the arena counts it, arena/oxygen.py)
      if (TURN_ENTRIES.includes(e.k) && Number.isInteger(e.a)) {
        if (last === null || passesCaptain(setup, last, e.a)) taken = 0;
        last = e.a;
      }
      const v = namedValue(e);
      if (v !== null) taken += oxygenCost(v, kind);
    });
    if (last !== null && passesCaptain(setup, last, t.turn)) taken = 0; // the seat passed since the last turn
    let turn = t.turn;
    while (turn !== p && turn !== setup.captain) turn = (turn + 1) % n;
    const have = turn === setup.captain ? total : Math.max(0, total - taken);
    return { kind, have, where: oxygenWhere(kind, p === setup.me) };
  }
  let spent = 0;
  state.log.forEach((e, i) => {
    const v = namedValue(e);
    if (ok(i) && e.a === p && v !== null) spent += oxygenCost(v, kind);
  });
  const validated = t.validated ?? Object.entries(cutCounts(t)).filter(([l, c]) => /^\d+$/.test(l) && c >= 4);
  const have = Math.max(0, (OWN_OXYGEN[n] ?? 2) - spent + validated.length);
  return { kind, have, where: oxygenWhere(kind, p === setup.me) };
}

const tokens = (n) => `${n} oxygen token${n === 1 ? "" : "s"}`;

/** Why player p may not name value v for oxygen ("not enough oxygen: 2 oxygen tokens in front of them"), or null: said
 * beside the keypad that leaves it out (54's walkthrough: a teammate's dearer values gone, unsaid). */
export function oxygenShort(state, t, p, v) {
  const ox = oxygenFor(state, t, p);
  return ox && oxygenCost(v, ox.kind) > ox.have ? `not enough oxygen: ${tokens(ox.have)} ${ox.where}` : null;
}

/** The blue values still in play that player p could pay for with `have` tokens. */
function affordable(setup, t, kind, have) {
  const cut = cutCounts(t);
  const out = [];
  for (let v = setup.blue[0]; v <= setup.blue[1]; v++) {
    if (oxygenCost(String(v), kind) <= have && (cut[String(v)] ?? 0) < 4) out.push(v);
  }
  return out;
}

/**
 * Before log entry `e` (index i) is replayed: a cut its actor cannot pay for is refused by name; a skip by a player
 * who can pay is refused where the page knows their wires (mine). Returns what the actor held then
 * (for oxygenSkipFacts), or null without oxygen.
 */
export function checkOxygen(state, t, e, i) {
  const { setup } = state;
  const kind = oxygenKind(setup);
  if (!kind || !Number.isInteger(e.a)) return null;
  const ox = oxygenFor({ ...state, log: state.log.slice(0, i) }, t, e.a);
  const name = setup.players[e.a];
  const v = namedValue(e);
  if (v !== null) {
    const cost = oxygenCost(v, kind);
    const you = e.a === setup.me; // (mine: "in front of you", not "them")
    if (cost > ox.have) fail(`${you ? "You have" : `${name} has`} ${tokens(ox.have)} ${oxygenWhere(kind, you)}: a cut of ${v} takes ${cost}`);
  }
  const held = e.k === "skip" && !skipsToSave(kind) ? payableWire(state, t, e.a, ox.have) : null;
  if (held) fail(`${name} holds a ${held.values.join(" or a ")} and has ${tokens(ox.have)}, enough to cut it: who can pay must play`);
  return ox;
}

/** A wire of player p's that the table shows (my own, an info token) or, with the page's `laws`, makes sure to be a
 * value p can pay for with `have` tokens: {s, j, values}, or null. Who holds one may not skip (who can pay must play). */
export function payableWire(state, t, p, have, laws = null) {
  return sureWireOf(state, t, p, affordable(state.setup, t, oxygenKind(state.setup), have).map(String), laws);
}

/** After a skip for want of oxygen (who can pay must play): the skipper holds none of the values they could pay for. */
export function oxygenSkipFacts(state, t, e, i, ox) {
  if (!ox || e.k !== "skip" || skipsToSave(ox.kind)) return;
  for (const v of affordable(state.setup, t, ox.kind, ox.have)) {
    addFact(t, { kind: "has_not", player: e.a, value: v }, i, uncutRefs(t, e.a));
  }
}

/**
 * The "moves" request's oxygen rules for player p: `no_values` — the blue values they cannot pay for, [{value, why}] —
 * and `oxygen` — what each value's cut spends of the tokens at hand, {tokens, costs: [{value, tokens}]} (44, 49, 63: of
 * two sure cuts the team takes the dearer while it can pay — the arena measured it, team.py; not 54, never measured:
 * the arena does not play it). {no_values: []} without oxygen.
 */
export function oxygenRules(state, t, p) {
  const ox = oxygenFor(state, t, p);
  if (!ox) return { no_values: [] };
  const [lo, hi] = state.setup.blue;
  const noValues = [];
  const costs = [];
  // 49, before p's turn: the players before them may give them tokens (49's walkthrough: "not for you now" read as a
  // skip to come, and the cut was theirs once given the tokens)
  const yet = ox.kind === "gift" && t.turn !== p ? " — unless a teammate gives more before the turn" : "";
  for (let v = lo; v <= hi; v++) {
    const cost = oxygenCost(String(v), ox.kind);
    costs.push({ value: v, tokens: cost });
    // one reason for every value too dear, so the keypad's "Not offered" says them in one clause ("7, 8, 9 (oxygen: …)")
    if (cost > ox.have) noValues.push({ value: v, why: `oxygen: ${ox.have} token${ox.have === 1 ? "" : "s"} ${ox.where}, fewer than a cut of it takes${yet}` });
  }
  return { no_values: noValues, ...(ox.kind === "own" ? {} : { oxygen: { tokens: ox.have, costs } }) };
}

/**
 * 49: whom actor `a`'s oxygen may go to, each teammate with their tokens and what makes a gift wasted (no wire left,
 * only red left: a reveal is free and their tokens leave the game — the FAQ), and the team's rule: the arena's
 * (arena/oxygen.py: to a thumbs-up, the nearest on the left; else the fewest, then the nearest on the left, among those
 * with a wire left), but never to one with only red left, whom the arena's rule still counts (to align once the
 * campaign's run ends). 49's walkthrough gave 12 tokens to a player left with a red wire, unwarned. [{p, have, wasted}],
 * fewest: the rule's pick without a thumbs-up (or null).
 */
export function giftTargets(state, t, a, laws = null) {
  const n = state.setup.players.length;
  const rows = state.setup.players.map((_, p) => p).filter((p) => p !== a).map((p) => ({
    p, have: oxygenFor(state, t, p)?.have ?? 0,
    wasted: !hasUncut(t, p) ? "no wire left" : onlyRedLeft(state, t, p, laws) ? "only red left" : null,
  }));
  const live = rows.filter((x) => !x.wasted);
  const near = (p) => (p - a + n) % n;
  const fewest = live.length ? live.reduce((b, x) => (x.have < b.have || (x.have === b.have && near(x.p) < near(b.p)) ? x : b)).p : null;
  return { rows, fewest };
}
