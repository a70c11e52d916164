// Mission 30's sound-file rounds, as the table records them: a round missed (the detonator moves a space), the active
// player telling whether they hold the value drawn (a has / has_not fact over their uncut wires, checked against
// what the table shows of them), and the yellow wires a player has left, made public (a yellow_count fact: the
// fact counts the stands as they are now, so the yellows cut on them are added). Pure functions, no DOM, no I/O.

import { addFact, checkPlayers, detonatorStep, fail, uncutRefs } from "./replay-table.js";
import { colourOf, valueMatches, yellowsInPlay } from "./setup.js";

/** Whether an uncut slot shows value v held: my own wire, or an info token of that value. */
export const showsHeld = (sl, v) => (sl.own && valueMatches(sl.own, v)) || (sl.c === "info" && sl.v && valueMatches(sl.v, v));

function soundRounds(setup) {
  if (!setup.sound_rounds) fail("only mission 30's sound file has timed rounds");
}

/** A round whose value was not cut in time: the detonator +1. */
export function applyMissed(t, e, setup) {
  soundRounds(setup);
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
  const cut = (t.stands[e.a] ?? []).flat().filter((sl) => sl.c === "cut" && colourOf(sl.v) === "yellow").length;
  if (e.n + cut > yellowsInPlay(setup)) {
    fail(`${e.n} yellow wires left and ${cut} cut on ${setup.players[e.a]}'s stand: more than the ${yellowsInPlay(setup)} in play`);
  }
  addFact(t, { kind: "yellow_count", player: e.a, count: e.n + cut }, i);
}
