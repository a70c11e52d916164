// The starting token: which kind this setup uses, whether I still have to place mine, and the log
// entry that places the token the engine advises. Pure functions, no DOM, no I/O.

import { isCount, wireMark } from "./failure-marks.js";
import { derive } from "./replay.js";
import { isSetupEntry } from "./replay-table.js";
import { besideTokens, blueValues, placesFalseTokens, saidOf, yellowsInPlay } from "./setup.js";

export const TOKEN_KINDS = ["value", "even_odd", "multiplicity"];

/** The kind of starting token I choose in this setup, or null (mission 18: none; 13: drawn at random; 22: "I have
 * none" tokens beside the stand instead). */
export function startingTokenKind(setup) {
  if (setup.random_info_token || setup.absent_tokens) return null;
  return TOKEN_KINDS.includes(setup.tokens) ? setup.tokens : null;
}

/** Whether player p's starting token is drawn at random, not chosen (43 with 2 players: the captain's, the card's
 * override; the arena's too): no advice for it, and the table reads nothing into where it went. */
export const drawsStartingToken = (setup, p) => setup.mission === 43 && setup.players.length === 2 && p === setup.captain;

/** Whether player p places no starting token by the mission card (with 2 players, the captain in 11, 13, 27, 29, 40, 46, 51). */
export const skipsStartingToken = (setup, p) =>
  Boolean(setup.captain_no_token_2p) && setup.players.length === 2 && p === setup.captain;

export { isSetupEntry };

/** Does this slot show a false token ("not N": 17's captain's, 52's)? */
const showsFalseToken = (sl) => Boolean(sl?.m?.startsWith("!"));

/** Does this slot show a starting token of `kind`? */
export function showsStartingToken(sl, kind) {
  if (kind === "value") return sl.c === "info";
  if (kind === "even_odd") return sl.m === "E" || sl.m === "O";
  if (kind === "multiplicity") return isCount(sl.m);
  return false;
}

/**
 * {kind} while I (setup.me, hand entered) still have to place my starting token, else null.
 * One token per player, also for a player with two stands; once the game is under way
 * (any entry other than tokens set on slots or "I have none") the advice is over.
 */
export function startingTokenDue(state, t = derive(state)) {
  const { setup } = state;
  const kind = startingTokenKind(setup);
  if (!kind || setup.me === null || !t.hasHand || skipsStartingToken(setup, setup.me) || drawsStartingToken(setup, setup.me)) return null;
  if (state.log.some((e) => !isSetupEntry(e))) return null;
  if (placesFalseTokens(setup, setup.me)) { // 17's captain, 52: two false tokens ("not N")
    const placed = t.stands[setup.me].flat().filter(showsFalseToken).length;
    return placed < 2 ? { kind: "false", left: 2 - placed } : null;
  }
  if (t.stands[setup.me].some((st) => st.some((sl) => showsStartingToken(sl, kind)))) return null;
  if (t.beside.some((x) => x.p === setup.me)) return null; // 50: mine went beside my stand
  return { kind };
}

/**
 * Can teammates' starting tokens be read as the advice's choice in this setup? Value, even/odd and x-tokens
 * on sorted stands only: an X, a turned-around wire or a false token would change what the choice says.
 */
export function tokensReadable(setup) {
  return startingTokenKind(setup) !== null && !setup.x_tokens && !setup.false_tokens && !setup.turned;
}

/** Does the slot of starting token entry `e` still show it (its face, or its wire cut since)? */
function stillShows(setup, t, e, kind) {
  const sl = t.stands[e.p]?.[e.s]?.[e.j];
  if (!sl) return false;
  if (kind === "value") return (sl.c === "info" || sl.c === "cut") && sl.v === e.slot.v;
  return sl.m === e.slot.m || (sl.c === "cut" && wireMark(setup, t, e.p, e.s, sl.v) === e.slot.m);
}

/**
 * [[player, stand, slot]] of my teammates' starting value, even/odd or x-tokens, for the engine to read as the
 * advice's choice (setup.read_tokens: "my team places the advised starting tokens"): the tokens set before the
 * game got under way that still show (or whose wire was cut since).
 */
export function teammatesTokens(state, t = derive(state)) {
  const { setup } = state;
  if (!setup.read_tokens || !tokensReadable(setup)) return [];
  const kind = startingTokenKind(setup);
  const end = state.log.findIndex((e) => !isSetupEntry(e));
  const spots = new Map();
  state.log.slice(0, end < 0 ? state.log.length : end).forEach((e) => {
    if (e.k !== "set" || e.p === setup.me || !e.slot || !showsStartingToken(e.slot, kind) || drawsStartingToken(setup, e.p)) return;
    if (stillShows(setup, t, e, kind)) spots.set(`${e.p}-${e.s}-${e.j}`, [e.p, e.s, e.j]);
  });
  return [...spots.values()];
}

/** The best `n` placements of an "indicate" answer for `kind` (ranked best first by the engine); false tokens: on
 * the wires of mine (table `t`) that show none yet. */
export function topAdvice(result, kind, n = 3, t = null, me = null) {
  const rows = Array.isArray(result?.[kind]) ? result[kind] : [];
  const free = (r) => kind !== "false" || !showsFalseToken(t?.stands[me]?.[r.stand]?.[r.slot]);
  return rows.filter(free).slice(0, n);
}

/** The log entry that places advised token `rec` ({stand, slot, token}) on my slot: the slot sheet's `set`. */
export function adviceEntry(state, t, rec, kind) {
  const me = state.setup.me;
  const sl = me === null ? null : t.stands[me]?.[rec.stand]?.[rec.slot];
  if (!sl || sl.c === "cut" || typeof rec.token !== "string") return null;
  const slot = { c: sl.c, v: sl.v, m: sl.m, col: sl.col };
  if (kind === "value") {
    if (!/^i/.test(rec.token)) return null;
    Object.assign(slot, { c: "info", v: rec.token.slice(1), col: null });
  } else if (kind === "false") {
    if (!/^!\d+$/.test(rec.token) || sl.m) return null;
    slot.m = rec.token;
  } else {
    slot.m = rec.token;
  }
  return { k: "set", p: me, s: rec.stand, j: rec.slot, slot };
}

/** 22: how many values (blue, or yellow where in play) player p lacks — two at most count: "a player with fewer than
 * 2 missing values places fewer tokens"; a teammate's hand is unseen (two), mine is read off my wires. */
function lacking(state, p) {
  const { setup } = state;
  if (p !== setup.me || !(state.hand ?? []).flat().length) return 2;
  const mine = new Set(state.hand.flat().map((l) => saidOf(l)));
  const values = [...blueValues(setup).map(String), ...(yellowsInPlay(setup) ? ["Y"] : [])];
  return values.filter((v) => !mine.has(v)).length;
}

/**
 * The tokens players place at the start, until the game gets under way: one each they choose ("chosen": an info
 * token, even/odd or x-token on one of their wires), 13, 39, 41 one drawn at random ("random": on a wire of its
 * value, else beside the stand), 22 two of values they lack ("absent": beside the stand, one a stand with two).
 * [{p, need, have}] per player (the card may spare the captain: none), or null once all are placed.
 */
export function drawnTokensDue(state) {
  const { setup } = state;
  const chosen = startingTokenKind(setup);
  const kind = setup.random_info_token ? "random" : setup.absent_tokens && setup.mission !== null ? "absent" : chosen ? "chosen" : null;
  if (!kind || state.log.some((e) => !isSetupEntry(e))) return null;
  // 17 (the captain), 52 (everyone): two false tokens ("not N") instead of the usual one
  const falseOnes = (p) => kind === "chosen" && placesFalseTokens(setup, p);
  // (50: the token goes beside the stand, the wire only pointed at: a "beside" entry, or the wire as remembered)
  const counts = (e) => e.k === "absent" || (e.k === "beside" && besideTokens(setup)) || (e.k === "set" && (kind === "random" ? e.slot?.c === "info"
    : falseOnes(e.p) ? showsFalseToken(e.slot) : showsStartingToken(e.slot ?? {}, chosen)));
  const per = setup.players.map((_n, p) => {
    const need = kind === "absent" ? Math.min(2, lacking(state, p)) : falseOnes(p) ? 2 : skipsStartingToken(setup, p) ? 0 : 1;
    return { p, need, have: Math.min(need, state.log.filter((e) => e.p === p && counts(e)).length) };
  });
  return per.some((x) => x.have < x.need) ? { kind, per } : null;
}
