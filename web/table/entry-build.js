// A complete draft -> its log entry (record.js asks the questions that complete it): my own wire resolved from my
// hand, a failure's token or mark, constraint card L's double cost as it is when recorded, 49's oxygen receiver.
// Pure functions, no DOM, no I/O; the state object is described in table-state.js.

import { knownWire } from "./asks-wires.js";
import { givesOxygen, ownAt, ownCutsKnown, ownFailure, ownSlotsFor } from "./record.js";
import { doubleDetonator } from "./replay-table.js";
import { colourOf, noValueShown, placesFalseTokens, saidOf, standCounts } from "./setup.js";
import { cardsBindAll, noTokenCard, ringCardOf } from "./card-rules.js";
import { pairValue } from "./pick-cards.js";
import { failureMarks, wireMark } from "./failure-marks.js";

/** A complete draft -> a log entry (my own wire is resolved from my hand here); `pe`: a new character's personal
 * equipment played, not the card. */
export function buildEntry(state, t, d) {
  const e = entryOf(state, t, d);
  return d.pe ? { ...e, pe: true } : e;
}

function entryOf(state, t, d) {
  const me = state.setup.me;
  const mine = d.a === me && t.hasHand;
  const js = d.js ?? [];
  switch (d.k) {
    case "rewind":
    case "drop":
    case "missed":
    case "spoken":
      return { k: d.k };
    case "challenge": // 55, 60: which card, where the setup says which lie face up
      return Number.isInteger(d.c) ? { k: d.k, c: d.c } : { k: d.k };
    case "batteries":
      return { k: "batteries", ps: (d.ps ?? []).slice().sort((a, b) => a - b) };
    case "false_bottom":
      return { k: "false_bottom", ids: (d.ids ?? []).slice() };
    case "stabilizer":
      return { k: "stabilizer", a: d.a };
    case "skip": // 32, 37, 57: the card it was made under, kept as the card in play changes;
      // 45, 51: the number card face up for it (the next card tapped must not change what it told)
      // (61: the skipper's own card); an entry edited keeps them (51's walkthrough: its card became the one in view now)
      return { k: d.k, a: d.a, ...(Array.isArray(d.cards) ? { cards: d.cards.slice() } : cardsBindAll(state.setup) ? { cards: (state.setup.cards ?? []).slice() }
        : state.setup.mission === 61 && ringCardOf(state.setup, d.a) ? { cards: [ringCardOf(state.setup, d.a)] } : {}),
        ...([45, 51].includes(state.setup.mission) && (Number.isInteger(d.v) || (state.setup.numbers ?? []).length)
          ? { v: Number.isInteger(d.v) ? d.v : Number(state.setup.numbers[0]) } : {}) };
    case "swap": // 61: and the card drawn, and the one it replaced (for undo; older entries: none)
      return { k: d.k, a: d.a, ...(d.c ? { c: d.c } : {}), ...(d.c && ringCardOf(state.setup, d.a) ? { was: ringCardOf(state.setup, d.a) } : {}) };
    case "weakstuck":
    case "cardflip":
      return { k: d.k, a: d.a };
    case "give":
      return { k: "give", a: d.a, v: d.v, to: d.to };
    case "weak":
      return { k: "weak", a: d.a, w: d.w, c: d.c, ok: d.ok };
    case "redcall":
      return { k: "redcall", a: d.a, p: d.p, s: d.s, j: js[0], vs: (d.vs ?? []).slice(), ok: d.ok, ...(d.ok ? { cut: d.cut } : {}) };
    case "shown":
      return { k: "shown", a: d.a, v: d.v };
    case "discard": // 29: who discarded a number card held unseen (none: it lay in the deck)
      return Number.isInteger(d.a) ? { k: "discard", a: d.a, v: d.v } : { k: "discard", v: d.v };
    case "tell":
      return { k: "tell", a: d.a, v: d.v, has: d.ok };
    case "ycount":
      return { k: "ycount", a: d.a, n: d.n };
    case "special": {
      const cuts = (d.spots ?? []).map((x, i) => {
        const l = d.res === "boom" ? null : knownWire(t, x) ?? d.ls?.[i] ?? null;
        return { p: x.p, s: x.s, j: x.j, ...(l ? { l } : {}) };
      });
      return { k: "special", a: d.a, cuts, res: d.res };
    }
    case "coffee":
      return { k: "coffee", a: d.a, next: d.next };
    case "swl":
      return { k: "swl", a: d.a, s: d.s, j: js[0] };
    case "disint": {
      // my own wires of the value are cut too: I know where they are
      const cuts = (d.spots ?? []).map(({ p, s, j }) => ({ p, s, j }));
      for (const own of ownSlotsFor(state, t, d.v)) if (!cuts.some((c) => c.p === me && c.s === own.s && c.j === own.j)) cuts.push({ p: me, s: own.s, j: own.j });
      return { k: "disint", v: d.v, cuts };
    }
    case "beside":
      return { k: "beside", p: d.a, v: d.v };
    case "absent": {
      const e = { k: "absent", p: d.a, v: d.v };
      if (d.s !== undefined && d.s !== null && standCounts(state.setup)[d.a] > 1) e.s = d.s;
      return e;
    }
    case "radar":
      return { k: "radar", v: Number(d.v), ans: (d.ans ?? []).slice() };
    case "label_eq":
    case "label_ne":
      return { k: "label", eq: d.k === "label_eq", p: d.p, s: d.s, js: js.slice().sort((a, b) => a - b) };
    case "nano":
      return { k: "nano", a: d.a, to: { ...d.to }, ...(d.got ? { got: d.got, gp: me } : {}) };
    case "walkie":
    case "hook": {
      const e = { k: d.k, a: d.a, p: d.p, s: d.s, j: js[0] };
      if (d.k === "walkie") Object.assign(e, { as: { ...d.as }, ato: { ...d.ato }, pto: { ...d.pto } });
      else e.to = { ...d.to };
      if (d.got) Object.assign(e, { got: d.got, gp: me }); // (the wire I got: mine, not the link's next reader's)
      return e;
    }
    case "postit": { // my own wire: its value, or the mission's token for it
      const slot = mine ? t.stands[me][d.s][js[0]] : null;
      const own = slot ? slot.own ?? (slot.c === "cut" ? slot.v : null) : null; // (24, 40: a count on my cut wire)
      if (placesFalseTokens(state.setup, d.a)) return { k: "postit", a: d.a, s: d.s, j: js[0], m: d.v ? `!${d.v}` : null }; // 52
      if (!failureMarks(state.setup).length) return { k: "postit", a: d.a, s: d.s, j: js[0], v: d.v || own };
      return { k: "postit", a: d.a, s: d.s, j: js[0], m: d.mark || (own ? wireMark(state.setup, t, me, d.s, own) ?? null : null) };
    }
    case "solo":
    case "red":
      return ownCutsEntry(state, t, d, ownCutsKnown(state, t, d));
    default:
      return cutEntry(state, t, d, mine);
  }
}

/** A solo cut or revealing reds: my own wires I know (`known`); else as the sheet's answers gave them. */
function ownCutsEntry(state, t, d, known) {
  const me = state.setup.me;
  if (known && !d.done) {
    const slots = d.k === "solo" ? ownSlotsFor(state, t, d.v) : []; // (reveal: every uncut wire of mine, below)
    if (d.k === "red") {
      t.stands[me].forEach((st, s) => st.forEach((sl, j) => {
        if (sl.c !== "cut" && sl.own) slots.push({ s, j, label: sl.own });
      }));
    }
    return withTail(state, d, { k: d.k, a: d.a, slots: slots.map(({ s, j }) => ({ s, j })), cuts: slots.map((x) => x.label) });
  }
  return withTail(state, d, { k: d.k, a: d.a, slots: (d.slots ?? []).slice(), cuts: (d.cuts ?? []).slice() });
}

/** A dual cut, X-or-Y Ray or detector: who, where, what was said, and the outcome. */
function cutEntry(state, t, d, mine) {
  const js = d.js ?? [];
  const multi = d.k === "double" || d.k === "triple" || d.k === "super";
  const e = multi
    ? { k: "detect", kind: d.k, a: d.a, p: d.p, s: d.s, js: js.slice(), ...(d.vs ? { vs: d.vs.slice() } : { v: d.v }), ok: d.ok }
    : d.k === "xray"
      ? { k: "xray", a: d.a, p: d.p, s: d.s, j: js[0], vs: d.vs.slice(), ok: d.ok }
      : { k: "dual", a: d.a, p: d.p, s: d.s, j: js[0], v: d.v, ok: d.ok };
  const own = ownAt(state, t, d, multi ? (d.ok ? d.hit : d.tok) : js[0]); // the target is my wire: I know it
  if (d.ok) {
    if (multi) e.hit = d.hit;
    e.cut = d.cut || own || d.v;
    if (d.as) {
      e.as = { ...d.as };
      const own = mine ? t.stands[d.a]?.[d.as.s]?.[d.as.j]?.own : null; // the wire of mine I said it was
      if (d.av || own) e.av = d.av || own;
    } else if (mine) {
      const own = ownSlotsFor(state, t, saidOf(e.cut))[0];
      if (own) {
        e.as = { s: own.s, j: own.j };
        e.av = own.label;
      }
    }
  } else if (d.real === "-" || (!d.real && !d.mark && own && (noValueShown(state.setup, d.p) || noTokenCard(state.setup, d)) && colourOf(own) !== "red")) {
    e.silent = true; // no info token: only "not that value" is learnt
  }
  if (!d.ok && (d.l2 ?? doubleDetonator(state.setup, d.a))) e.l2 = true; // constraint L then: as it was, an edit keeps it
  if (!d.ok && !e.silent) {
    if (multi) e.tok = d.tok;
    // the token seen: a value, yellow or red (`real`), or the mission's even/odd or x-token (`mark`)
    Object.assign(e, d.real ? { real: d.real } : d.mark ? { mark: d.mark } : ownFailure(state, t, d) ?? { real: own });
  }
  return withTail(state, d, e);
}

/** The entry with what follows the cut: the teammate who got the cutter's oxygen (49), where the cut gives some; the two
 * number cards that gave its value (47). */
function withTail(state, d, e) {
  if (givesOxygen(state.setup, d) && Number.isInteger(d.ox)) e.ox = d.ox;
  if (state.setup.number_cards === "sum" && Array.isArray(d.nc) && pairValue(d) !== null) e.nc = d.nc.slice();
  return e;
}
