// Mission 53: Nano in place of the detonator. Nano starts before 1 on a track of the values 1-12; after
// each cut action it moves on a space (a success), back a space (a success that cut the value of its space)
// or two spaces (a failure); on 12 the bomb explodes. The page follows it from the log as the arena does
// (arena/nano.py): the detonator's "mistakes left" becomes the failures Nano can still take, and the
// advice is told the value that takes Nano back. Pure functions, no DOM, no I/O.

import { colourOf } from "./setup.js";

/** Nano's last space: reaching it explodes the bomb. */
export const NANO_END = 12;
/** The entries that are cut actions (revealing red wires is not one, nor is any equipment card). */
const CUT_ACTIONS = new Set(["dual", "xray", "detect", "solo"]);

/** Whether Nano stands for the detonator in this mission (53). */
export const nanoDetonator = (setup) => (setup.special ?? []).includes("nano_detonator");

/** How many failures (two spaces each) Nano can take from `space` before it reaches 12. */
export const nanoFailuresLeft = (space) => Math.max(0, Math.floor((NANO_END - 1 - space) / 2));

/** The blue values cut so far, by label ("4": how many wires of 4 are cut). */
function blueCuts(t) {
  const out = {};
  for (const ss of t.stands) for (const st of ss) for (const sl of st) {
    if (sl.c === "cut" && sl.v && colourOf(sl.v) === "blue") out[sl.v] = (out[sl.v] ?? 0) + 1;
  }
  return out;
}

/**
 * Apply log entry `e` by `apply()`, and in mission 53 move Nano as that cut action says: two spaces when it
 * failed (the entry moved the detonator), back one when it cut a wire of Nano's value, else on one.
 */
export function withNano(t, e, setup, apply) {
  if (!nanoDetonator(setup) || !CUT_ACTIONS.has(e.k)) return apply();
  const made = t.mistakesMade;
  const before = blueCuts(t);
  apply();
  if (t.mistakesMade > made) {
    t.nanoSpace += 2;
  } else {
    const after = blueCuts(t);
    const onNano = (after[String(t.nanoSpace)] ?? 0) > (before[String(t.nanoSpace)] ?? 0);
    t.nanoSpace += onNano ? -1 : 1;
  }
  if (t.nanoSpace >= NANO_END) t.exploded = true;
  return undefined;
}

/** The advice's rules in mission 53 (`rules` of the moves request): the value that takes Nano back, and on
 * 11 the only value left to cut (any other cut action takes Nano to 12). */
export function nanoRules(setup, t) {
  if (!nanoDetonator(setup)) return {};
  const sp = t.nanoSpace;
  const out = {};
  if (sp >= 1) out.nano_back = { value: sp, why: `Nano is on ${sp}: cutting a ${sp} takes it back a space (mission 53)` };
  if (sp === NANO_END - 1) out.only_values = { values: [sp], why: `Nano is on ${sp}: any other cut action takes it to ${NANO_END} (mission 53)` };
  return out;
}

/** Nano's track for the "win" request's playouts (the arena's `mission_play`), in mission 53. */
export const nanoPlayDoc = (setup, t) => (nanoDetonator(setup) ? { mission_play: { kind: "nano_detonator", space: t.nanoSpace } } : {});
