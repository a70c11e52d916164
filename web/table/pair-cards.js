// Mission 57: each number card lies beside a constraint card (the pairs entered at setup); when a value is validated
// its card binds everyone. The page puts that card in play itself as the log validates a value (and takes it back
// when an undo takes the validation back), so the advice, the playouts' document and the table never wait on a tap.
// A pair not entered is still tapped by hand (the hint under the cards asks for it). 61: a swap's card drawn, likewise.

import { derive } from "./replay.js";
import { ringSeats, setRingCard } from "./card-rules.js";

/** The last value validated, read from a state's log (57), or null. */
const lastValidated = (state) => (state.setup.mission === 57 && state.phase === "table" ? derive(state).validOrder?.at(-1) ?? null : null);

/** 61: `next` with a swap just recorded or redone (one entry more than `prev`) putting the card drawn at its player's
 * place, or one undone (one fewer) putting back the card it replaced. */
export function followSwap(prev, next) {
  if (next.setup.mission !== 61 || !prev) return next;
  const grew = next.log.length === prev.log.length + 1;
  const e = grew ? next.log.at(-1) : next.log.length === prev.log.length - 1 ? prev.log.at(-1) : null;
  if (e?.k !== "swap" || !e.c) return next;
  const setup = structuredClone(next.setup);
  setRingCard(setup, ringSeats(setup).indexOf(e.a), grew ? e.c : e.was ?? "");
  return { ...next, setup };
}

/**
 * `next` with the card in play following the value validated last, where it changed from `prev`'s: that value's pair
 * when entered; with no value validated any more, no card (the one put there by the pair of the value undone).
 */
export function followPairs(prev, next) {
  if (next.setup.mission !== 57) return next;
  const was = prev ? lastValidated(prev) : null;
  const now = lastValidated(next);
  if (was === now) return next;
  const pair = now === null ? null : next.setup.pairs?.[String(now)];
  const cards = next.setup.cards ?? [];
  const undone = was !== null && now === null && cards[0] === prev.setup.pairs?.[String(was)];
  if (!pair && !undone) return next;
  const want = pair ? [pair] : [];
  return want[0] === cards[0] && want.length === cards.length ? next : { ...next, setup: { ...next.setup, cards: want } };
}
