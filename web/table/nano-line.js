// Mission 59 ("Nano to the rescue"): Nano stands on a line of the 12 number cards, and a cut names the value under it
// or one ahead of it. Where it stands follows from the log (the value of the last cut: the cutter moved Nano there
// first); which way it faces, from the line and the turns (a skip turns it round; so does the entry that says the
// cutter turned it: `nanoturn`, in the log where it happened, so a later skip reads the values it allowed then).
// What the arena's referee plays (arena/nano.py NanoRescue), read off the table. Pure functions.

import { namedValue } from "./oxygen.js";
import { fail } from "./replay-table.js";

/** Whether the setup plays Nano's line (59: the number cards in line order, `setup.numbers`, all 12 tapped). */
export const lineReady = (setup) => setup.number_cards === "line" && (setup.numbers ?? []).length === 12;

/** Nano at the start: on the 7, facing the longer side of the line (+1: towards the later cards). */
export function lineStart(setup) {
  const line = setup.numbers ?? [];
  const at = Math.max(0, line.indexOf(7));
  return { lineAt: at, lineFacing: line.length - 1 - at > at ? 1 : -1 };
}

/** The value a cut entry named (dual cut, detectors, solo cut), as a number card's value, or null. */
function namedNumber(e) {
  const v = e.k === "xray" || e.vs ? null : namedValue(e); // (two values said: the cut tells which)
  return /^\d+$/.test(String(v ?? "")) ? Number(v) : null;
}

/** Which way Nano faces now: the log's (t.lineFacing); a table saved before the turns were entries kept them as one
 * switch in the setup (`nano_turns`), read as a turn after the last entry. */
export const lineFacing = (setup, t) => t.lineFacing * ((setup.nano_turns ?? 0) % 2 ? -1 : 1);

/** The face-up values under Nano and ahead of it (a value whose four wires are cut is face down); `counts`: the cut
 * counts (the derived table's, or the replay's so far). */
export function lineAhead(setup, t, counts = t.cutCount) {
  if (!lineReady(setup)) return null;
  const line = setup.numbers;
  const cards = lineFacing(setup, t) > 0 ? line.slice(t.lineAt) : line.slice(0, t.lineAt + 1).reverse();
  return cards.filter((v) => (counts?.[String(v)] ?? 0) < 4);
}

/**
 * After log entry `e`: a cut moved Nano to the card of its value; a skip turns Nano round, and so does the cutter's turn
 * (`nanoturn`); what the skip tells — the skipper holds none of the values it allowed — is the skip's own
 * (entries-mission.js applySkip).
 */
export function lineAfter(t, e, setup) {
  if (e.k === "nanoturn" && !lineReady(setup)) fail("only Nano's line (mission 59, all 12 cards tapped) is turned round");
  if (!lineReady(setup)) return;
  if (e.k === "skip" || e.k === "nanoturn") {
    t.lineFacing = -t.lineFacing;
    return;
  }
  const v = namedNumber(e);
  if (v !== null && setup.numbers.includes(v)) t.lineAt = setup.numbers.indexOf(v);
}

/** Nano's line for the "win" request's playouts (the arena's `mission_play`, kind "nano_rescue"). */
export function linePlayDoc(setup, t) {
  if (!lineReady(setup)) return {};
  return { mission_play: { kind: "nano_rescue", line: setup.numbers.slice(), at: t.lineAt, facing: lineFacing(setup, t) } };
}
