// Who can play must play: a wire of a player's that the table shows (my own, an info token) or, with the page's
// slot laws, makes sure to be one of the values a rule lets them cut — then a skip "for want of a cut" is refused.
// Oxygen (54, 63: the values the tokens at hand pay for; in 44 and 49 one may skip to save oxygen), the skips whose
// rule names values (59: those Nano allows; 26, 45, 51, 65: the cards'; 57: the constraint card's), and a player with
// only red wires left (they reveal them). Pure, no DOM, no I/O.

/** The values each uncut wire of player p may be: what the table shows (my own, an info token) or, with `laws`, what
 * the engine leaves; [] where neither says. */
function mayBe(state, t, p, laws) {
  return (t.stands[p] ?? []).flatMap((st, s) => st.map((sl, j) => {
    if (sl.c === "cut" || sl.rev) return null;
    const known = (p === state.setup.me && t.hasHand && sl.own) || (sl.c === "info" ? sl.v : null);
    const law = known ? null : laws?.get(`${p}-${s}-${j}`)?.probs;
    return { s, j, may: known ? [known] : law ? Object.keys(law).filter((l) => Number(law[l]) > 0) : [] };
  })).filter(Boolean);
}

/** Whether every wire player p has left is surely red: then they reveal them, and may not skip (the rules; 44 and 65's
 * walkthroughs: a skip was taken from a player with only a red wire left). */
export function onlyRedLeft(state, t, p, laws = null) {
  const left = mayBe(state, t, p, laws);
  return left.length > 0 && left.every((x) => x.may.length && x.may.every((l) => l.startsWith("R")));
}

/** 41: whether player p has only their own tripwire (and red wires) left, as far as the table shows or the laws say:
 * then they skip their turn, and point at no one's tripwire either (the card, as bdiffuser's OCR reads it). */
export function onlyTripwireLeft(state, t, p, laws = null) {
  const left = mayBe(state, t, p, laws);
  return left.some((x) => x.may.length && x.may.every((l) => l.startsWith("Y")))
    && left.every((x) => x.may.length && x.may.every((l) => l.startsWith("R") || l.startsWith("Y")));
}

/** {s, j, values}: a wire of player p that can only be one of `values` (strings), or null. `laws`: the engine's
 * "p-s-j" -> {probs} for the table shown (null: only the wires the table shows are read). */
export function sureWireOf(state, t, p, values, laws = null) {
  const x = mayBe(state, t, p, laws).find((w) => w.may.length && w.may.every((v) => values.includes(v)));
  return x ? { s: x.s, j: x.j, values: x.may } : null;
}
