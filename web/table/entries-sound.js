// Mission 30's sound-file rounds, as the table records them: a round missed (the detonator moves a space), the active
// player telling whether they hold the value drawn (a has / has_not fact over their uncut wires, checked against
// what the table shows of them), and the yellow wires a player has left, made public (a yellow_count fact: the
// fact counts the stands as they are now, so the yellows cut on them are added); and the answers those questions
// allow. Pure functions, no DOM, no I/O.

import { addFact, checkPlayers, detonatorStep, fail, shownWire, uncutRefs } from "./replay-table.js";
import { colourOf, valueMatches, yellowsInPlay } from "./setup.js";
import { spokenRule } from "./entries-mission.js";

/** Whether an uncut slot shows value v held: my own wire, or an info token of that value. */
export const showsHeld = (sl, v) => Boolean(shownWire(sl)) && valueMatches(shownWire(sl), v);

const yellowsCutOn = (t, p) => (t.stands[p] ?? []).flat().filter((sl) => sl.c === "cut" && colourOf(sl.v) === "yellow").length;

function soundRounds(setup) {
  if (!setup.sound_rounds) fail("only mission 30's sound file has timed rounds");
}

/** A round whose value was not cut in time: the detonator +1. */
export function applyMissed(t, e, setup) {
  soundRounds(setup);
  detonatorStep(t, setup);
}

/** 25: a number said aloud moves the detonator a space ("no numbers may be spoken"), 45: so do words other than
 * “Snip!” (spokenRule) — rules on talk, which only the table hears, so entered as it happens; not a turn. */
export function applySpoken(t, e, setup) {
  if (!spokenRule(setup)) fail("only missions 25 (a number said aloud) and 45 (anything but “Snip!”) move the detonator for words");
  detonatorStep(t, setup);
}

/** The active player says whether they still hold the value drawn. */
export function applyTell(t, e, setup, i) {
  soundRounds(setup);
  checkPlayers(setup, e, false);
  if (!/^\d+$/.test(String(e.v ?? ""))) fail("which value was drawn? (1-12)");
  if (typeof e.has !== "boolean") fail(`does ${setup.players[e.a]} hold a ${e.v}: yes or no?`);
  const left = uncutRefs(t, e.a);
  if (!e.has && left.some((sl) => showsHeld(sl, e.v))) fail(`${setup.players[e.a]} holds a ${e.v} (the table shows it): not "none"`);
  addFact(t, { kind: e.has ? "has" : "has_not", player: e.a, value: Number(e.v) }, i, left);
}

/** How many yellow wires a player has left, said to everyone. */
export function applyYellowCount(t, e, setup, i) {
  soundRounds(setup);
  checkPlayers(setup, e, false);
  if (!Number.isInteger(e.n) || e.n < 0) fail(`how many yellow wires has ${setup.players[e.a]} left?`);
  const cut = yellowsCutOn(t, e.a);
  if (e.n + cut > yellowsInPlay(setup)) {
    fail(`${e.n} yellow wires left and ${cut} cut on ${setup.players[e.a]}'s stand: more than the ${yellowsInPlay(setup)} in play`);
  }
  addFact(t, { kind: "yellow_count", player: e.a, count: e.n + cut }, i);
  t.yellowsSaid = { ...t.yellowsSaid, [e.a]: e.n + cut }; // the count on their stands, cut ones included
}

/** The answers "Holds the value drawn?" allows for draft d ({a, v}): {yes, no}. `chanceOf(s, j)`: the chance the
 * player's slot holds v (0 ruled out, 1 certain, null unknown: draft-options.js chance); `allCutNow`: every copy cut. */
export function holdsAllowed(t, d, chanceOf, allCutNow) {
  const cs = (t.stands[d.a] ?? []).flatMap((st, s) => st.map((sl, j) => (sl.c === "cut" ? 0 : chanceOf(s, j))));
  return { yes: !allCutNow && cs.some((c) => c !== 0), no: !cs.some((c) => c === 1) };
}

/** The counts "Yellow wires left" allows for player a: at most the yellows not cut and not known elsewhere (mine, the
 * counts told already), at least the yellows seen on their stand; exactly that when every other player's is known. */
export function yellowCountRange(setup, t, a) {
  const uncutOn = (p) => (t.stands[p] ?? []).flat().filter((sl) => sl.c !== "cut");
  const known = (p) => (p === setup.me && t.hasHand ? uncutOn(p).filter((sl) => sl.own && colourOf(sl.own) === "yellow").length
    : Number.isInteger(t.yellowsSaid?.[p]) ? t.yellowsSaid[p] - yellowsCutOn(t, p) : null);
  const cutAll = t.stands.reduce((n, _, p) => n + yellowsCutOn(t, p), 0);
  const others = setup.players.map((_, p) => p).filter((p) => p !== a).map(known);
  const hi = Math.max(0, yellowsInPlay(setup) - cutAll - others.reduce((n, k) => n + (k ?? 0), 0));
  const seen = uncutOn(a).filter((sl) => (sl.own && colourOf(sl.own) === "yellow") || (sl.c === "info" && sl.v === "Y")).length;
  const lo = others.every((k) => k !== null) ? hi : Math.min(seen, hi);
  return { lo, hi };
}
