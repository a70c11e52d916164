// Mission 65: which of my face-up number cards to give, and to whom — the rule the arena's teammates follow
// (arena/number_cards.py, Hands._give): the teammate's expected wires of the card's value (the engine's holdings, my
// view), less my own wires of it; ties: the lower value, the nearer on my left. A teammate with no wire left takes a
// card only when no one else can.
import { faceUpCards, saidOf } from "./setup.js";

/** Whether key `a` comes after key `b` in lexicographic order. */
const greater = (a, b) => {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i] > b[i];
};

/** {v, to, expected, held} for my gift now (of card `only`, when given), or null (not mine to give, or no holdings). */
export function bestGift(state, t, holdings, only = null) {
  const { setup } = state;
  const me = setup.me;
  if (me === null || !t.hasHand || !holdings?.length) return null;
  const cards = (faceUpCards(setup, t, me) ?? []).filter((v) => only === null || String(v) === String(only));
  if (!cards.length) return null;
  const n = setup.players.length;
  const mine = t.stands[me].flat().filter((sl) => sl.c !== "cut" && sl.own).map((sl) => saidOf(sl.own));
  const uncut = (p) => t.stands[p].flat().some((sl) => sl.c !== "cut");
  const others = setup.players.map((_, p) => p).filter((p) => p !== me);
  const playing = others.filter(uncut);
  const to = playing.length ? playing : others;
  const expected = (p, v) => holdings.filter((h) => h.player === p && String(h.value) === String(v)).reduce((x, h) => x + h.expected, 0);
  let best = null;
  for (const v of cards) {
    const held = mine.filter((x) => x === String(v)).length;
    for (const p of to) {
      const e = expected(p, v);
      const key = [e - held, -v, -((p - me + n) % n)];
      if (!best || greater(key, best.key)) best = { key, v, to: p, expected: e, held };
    }
  }
  return best && { v: best.v, to: best.to, expected: best.expected, held: best.held };
}
