// A share link opened on a phone that already holds the same game (two walkthroughs: every exchange of links asked
// "Who are you?" again and the player re-typed their wires; an older link silently dropped turns; the wires each
// receiver got by a swap overwrote each other's). Here: an older state of my table is not taken; a newer one keeps my
// seat, my wires and the wires I got by moves (their `got`, `gp`: mine), from this phone. Pure; no DOM, no I/O.

import { handComplete } from "./hand.js";
import { openEntry, seated } from "./share.js";

/** The public side of an entry, to tell the same entry on two phones: without the wire a receiver got (private). */
const publicSide = (e) => JSON.stringify(openEntry(e));

/** Whether two setups are the same game: the players, the captain, the mission and the wires in play. */
function sameGame(a, b) {
  const key = (s) => JSON.stringify([s.players, s.captain, s.mission, s.blue, s.yellow, s.red]);
  return key(a) === key(b);
}

/**
 * The table to open for share link `linked` on a phone whose saved table is `saved`: {state, notice}, or null when the
 * link has a seat taken (a hash of this phone's own) or the saved table no seat in this game with every wire entered
 * (then the link opens as it is: "Who are you?").
 */
export function openOnMyPhone(linked, saved) {
  const me = saved?.setup?.me;
  if (linked.setup.me !== null || !saved || me === null || me === undefined || !sameGame(linked.setup, saved.setup) || !handComplete(saved)) return null;
  const mine = saved.log.map(publicSide);
  const theirs = linked.log.map(publicSide);
  let same = 0; // the entries both hold alike, from the first
  while (same < Math.min(mine.length, theirs.length) && mine[same] === theirs[same]) same += 1;
  // no entry in common: another deal of the same setup (the mission played again) — my wires are not for it
  if (same === 0 && mine.length > 0) return null;
  if (same === theirs.length && same < mine.length) {
    return { state: saved, notice: `This link shows an older state of your table (${theirs.length} of its ${mine.length} entries): your table is kept.` };
  }
  if (same < mine.length) { // both went on from entry `same`: nothing of mine is dropped unasked
    return { state: saved, notice: `This link and your table differ from entry ${same + 1} on (yours: ${mine.length} entries, the link: ${theirs.length}): your table is kept. To take the link's, delete your entries from ${same + 1} on and open it again.` };
  }
  const state = structuredClone(linked);
  state.setup = { ...seated(state.setup, me), guess_mine: saved.setup.guess_mine ?? [], weak_me: saved.setup.weak_me ?? false };
  state.hand = structuredClone(saved.hand);
  // (every entry of mine is one of the link's, in its place: the wires I got by moves go back in)
  saved.log.forEach((was, i) => {
    if (was.got && (was.gp ?? me) === me) Object.assign(state.log[i], { got: was.got, gp: me });
  });
  state.phase = "table";
  return { state, notice: `Opened the shared table as ${saved.setup.players[me]}, with your wires from this phone.` };
}
