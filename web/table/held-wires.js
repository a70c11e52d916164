// Who can play must play: a wire of a player's that the table shows (my own, an info token) or, with the page's
// slot laws, makes sure to be one of the values a rule lets them cut — then a skip "for want of a cut" is refused.
// Oxygen (44, 49, 54, 63: the values the tokens at hand pay for) and the skips whose rule names values (59: those
// Nano allows; 26, 45, 51, 65: the cards'; 57: the constraint card's). Pure, no DOM, no I/O.

/** {s, j, values}: a wire of player p that can only be one of `values` (strings), or null. `laws`: the engine's
 * "p-s-j" -> {probs} for the table shown (null: only the wires the table shows are read). */
export function sureWireOf(state, t, p, values, laws = null) {
  for (const [s, st] of (t.stands[p] ?? []).entries()) {
    for (const [j, sl] of st.entries()) {
      const known = sl.c === "cut" ? null : (p === state.setup.me && t.hasHand && sl.own) || (sl.c === "info" ? sl.v : null);
      const law = sl.c === "cut" || known ? null : laws?.get(`${p}-${s}-${j}`)?.probs;
      const may = known ? [known] : law ? Object.keys(law).filter((l) => Number(law[l]) > 0) : [];
      if (may.length && may.every((v) => values.includes(v))) return { s, j, values: may };
    }
  }
  return null;
}
