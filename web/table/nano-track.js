// Nano's track, followed from the log as the arena follows it (arena/nano.py), and told to the advice (the
// value of Nano's space, which the team policy prefers: rules.nano_value) and to the playouts (mission_play).
// 43: Nano starts on 1 and moves a space at the end of every turn (a Coffee Mug's too), turning around at 12
// and at 1; a cut of its value takes one of its wires. 53: Nano stands for the detonator: it starts before 1;
// after each cut action it moves on a space (a success), back a space (a success that cut the value of its
// space) or two spaces (a failure); on 12 the bomb explodes, and the detonator's "mistakes left" becomes the
// failures Nano can still take. Pure functions, no DOM, no I/O.

import { cutCounts, hasUncut } from "./replay-table.js";
import { nanoDetonator } from "./setup.js";

/** Nano's last space: reaching it explodes the bomb. */
export const NANO_END = 12;
/** The entries that are cut actions (revealing red wires is not one, nor is any equipment card). */
const CUT_ACTIONS = new Set(["dual", "xray", "detect", "solo"]);

/** The entries that end a turn (43: Nano moves a space after each). */
const TURN_ENDS = new Set(["dual", "xray", "detect", "solo", "red", "coffee"]);

/** Whether Nano walks the track with wires of its own (43: the setup deals it some). */
export const nanoWalks = (setup) => (setup.nano ?? 0) > 0;

/** How many failures (two spaces each) Nano can take from `space` before it reaches 12. */
export const nanoFailuresLeft = (space) => Math.max(0, Math.floor((NANO_END - 1 - space) / 2));

/**
 * Apply log entry `e` by `apply()`, and in mission 53 move Nano as that cut action says: two spaces when it
 * failed (the entry moved the detonator), back one when it cut a wire of Nano's value, else on one.
 */
export function withNano(t, e, setup, apply) {
  if (nanoWalks(setup) && TURN_ENDS.has(e.k)) {
    const value = String(t.nanoSpace);
    const before = cutCounts(t)[value] ?? 0;
    apply();
    if (t.nanoLeft > 0 && (cutCounts(t)[value] ?? 0) > before) t.nanoDue = e.a; // they take one of Nano's wires
    walk(t);
    return undefined;
  }
  if (!nanoDetonator(setup) || !CUT_ACTIONS.has(e.k)) return apply();
  const made = t.mistakesMade;
  const before = cutCounts(t);
  apply();
  if (t.mistakesMade > made) {
    t.nanoSpace += 2;
  } else {
    const after = cutCounts(t);
    const onNano = (after[String(t.nanoSpace)] ?? 0) > (before[String(t.nanoSpace)] ?? 0);
    t.nanoSpace += onNano ? -1 : 1;
  }
  if (t.nanoSpace >= NANO_END) t.exploded = true;
  return undefined;
}

/** 43: Nano's space after a turn: a space on, turning around at 12 and at 1 (`nanoStep`: the way it went). */
function walk(t) {
  if (t.nanoSpace + t.nanoStep < 1 || t.nanoSpace + t.nanoStep > NANO_END) t.nanoStep = -t.nanoStep;
  t.nanoSpace += t.nanoStep;
}

/** 43: Nano's space on my next turn — a space on for each turn played before it (My best cuts are for my turn: the
 * walkthrough saw a teammate's turn credit the space Nano would leave three turns before mine). */
function atMyTurn(setup, t) {
  const me = setup.me;
  if (!Number.isInteger(me) || t.turn === me || !hasUncut(t, me)) return t.nanoSpace;
  const x = { nanoSpace: t.nanoSpace, nanoStep: t.nanoStep };
  const n = setup.players.length;
  for (let q = t.turn; q !== me; q = (q + 1) % n) if (hasUncut(t, q)) walk(x);
  return x.nanoSpace;
}

/** The advice's rules (`rules` of the moves request): 43, the value whose cut takes one of Nano's wires while it
 * has some; 53, the value that takes Nano back, and on 11 the only value left to cut (any other cut action
 * takes Nano to 12). */
export function nanoRules(setup, t) {
  if (nanoWalks(setup)) {
    const sp = atMyTurn(setup, t);
    const its = t.nanoLeft === 1 ? "its last wire" : `one of its ${t.nanoLeft} wires`;
    const on = sp === t.nanoSpace ? `Nano is on ${sp}` : `Nano will be on ${sp} on your turn`;
    return t.nanoLeft > 0 ? { nano_value: { value: sp, why: `${on}: cutting a ${sp} takes ${its} (mission 43)` } } : {};
  }
  if (!nanoDetonator(setup)) return {};
  const sp = t.nanoSpace;
  const out = {};
  if (sp >= 1) out.nano_value = { value: sp, why: `Nano is on ${sp}: cutting a ${sp} takes it back a space (mission 53)` };
  if (sp === NANO_END - 1) out.only_values = { values: [sp], why: `Nano is on ${sp}: any other cut action takes it to ${NANO_END} (mission 53)` };
  return out;
}

/** Nano's track for the "win" request's playouts (the arena's `mission_play`), in missions 43 and 53. */
export function nanoPlayDoc(setup, t) {
  if (nanoWalks(setup)) return { mission_play: { kind: "nano_track", space: t.nanoSpace, step: t.nanoStep } };
  return nanoDetonator(setup) ? { mission_play: { kind: "nano_detonator", space: t.nanoSpace } } : {};
}
