// Oxygen tokens (missions 44 and 54): every cut action first pays tokens by the depth of the value
// named — 1-4: 1 token, 5-8: 2, 9-12: 3 — and a player who cannot pay skips their turn.
// 44 ("oxygen_reserve"): 2 tokens per player in one reserve; each cut takes from it, and everything
//   goes back at the start of the captain's turn.
// 54 ("oxygen_own"): each player holds their own (2 players: 9 each, 3: 6, 4: 3, 5: 2); a cut returns
//   them to the middle, and each validated value gives every player one more.
// Pure: read from the setup and the replayed log, tested under Node.

/** Tokens each player holds at the start in mission 54, by player count. */
export const OWN_OXYGEN = { 2: 9, 3: 6, 4: 3, 5: 2 };

/** The mission's kind of oxygen: "reserve" (44), "own" (54) or null. */
export function oxygenKind(setup) {
  const special = setup.special ?? [];
  return special.includes("oxygen_reserve") ? "reserve" : special.includes("oxygen_own") ? "own" : null;
}

/** Tokens a cut of gameplay value `said` ("7", "Y", "R3") costs: by the depth of its number. */
export function oxygenCost(said) {
  const n = Number(String(said).replace(/^[YR]/, ""));
  return !Number.isFinite(n) || n <= 4 ? 1 : n <= 8 ? 2 : 3;
}

/** The value a log entry's cut action named, or null when the entry is no cut action. */
function namedValue(e) {
  if (e.k === "dual" || e.k === "detect") return e.v;
  if (e.k === "solo") return e.cuts?.[0] ?? null;
  if (e.k === "xray") return (e.vs ?? [])[0] ?? null;
  return null;
}

/**
 * What player `p` may spend on a cut now: {kind, have, where}, or null without oxygen. In 44 the
 * reserve as it stands (all of it when the captain's turn comes before p's: the tokens go back then);
 * in 54 what p holds. Entries the table refused (t.entries[i].ok false) pay nothing.
 */
export function oxygenFor(state, t, p) {
  const { setup } = state;
  const kind = oxygenKind(setup);
  if (!kind || p === null || p === undefined) return null;
  const n = setup.players.length;
  const ok = (i) => t.entries[i]?.ok !== false;
  if (kind === "reserve") {
    const total = 2 * n;
    let taken = 0;
    state.log.forEach((e, i) => {
      if (!ok(i)) return;
      if (e.a === setup.captain && e.k !== "coffee") taken = 0; // the captain's turn begins: all tokens back
      const v = namedValue(e);
      if (v !== null) taken += oxygenCost(v);
    });
    let turn = t.turn;
    while (turn !== p && turn !== setup.captain) turn = (turn + 1) % n;
    const have = turn === setup.captain ? total : Math.max(0, total - taken);
    return { kind, have, where: "in the reserve" };
  }
  let spent = 0;
  state.log.forEach((e, i) => {
    const v = namedValue(e);
    if (ok(i) && e.a === p && v !== null) spent += oxygenCost(v);
  });
  const have = Math.max(0, (OWN_OXYGEN[n] ?? 2) - spent + t.validated.length);
  return { kind, have, where: "in your hand" };
}

/** The blue values p may not cut for want of oxygen: [{value, why}] for the "moves" request's `no_values`. */
export function oxygenRules(state, t, p) {
  const ox = oxygenFor(state, t, p);
  if (!ox) return [];
  const [lo, hi] = state.setup.blue;
  const out = [];
  for (let v = lo; v <= hi; v++) {
    const cost = oxygenCost(String(v));
    if (cost > ox.have) {
      out.push({ value: v, why: `oxygen: cutting a ${v} takes ${cost} token${cost > 1 ? "s" : ""}, ${ox.have} ${ox.where}` });
    }
  }
  return out;
}
