// Who may act in a draft: the players the sheet greys out, each with the reason it shows (a spent or missing Double
// Detector, a new character's equipment only its holder has, 10's "never twice in a row", 14/17/28's captain, 22's
// tokens all placed). Pure functions, no DOM, no I/O.

import { CHARACTER_CARDS, characterFor, ddSpent, ddUsable, drawnTokensDue, EQUIPMENT_NAMES, personalHolder, playedLast } from "./table-state.js";
import { CARD_DRAFTS } from "./card-rules.js";
import { chance, notHidden, ownSlotOptions } from "./draft-options.js";
import { colourOf, redsInPlay, saidOf } from "./setup.js";
import { specialAction } from "./entries-mission.js";
import { colourCount, hasUncut, shownWire } from "./replay-table.js";
import { onlyTripwireLeft } from "./held-wires.js";

/** The players a draft may not name (not when editing: the table has moved on since): a Double Detector's players
 * without one; 17 and 28's captain for an equipment card; 22's "I have none" before play, those who placed both. */
export function actorOff(ctx, d) {
  const { state, t, ui } = ctx;
  if (ui.sheet?.edit !== undefined) return new Map();
  if (d.k === "absent") { // before play: who has placed theirs (22: both; 13, 39, 41: the one token drawn)
    const due = drawnTokensDue(state);
    const why = due?.kind === "absent" ? "both tokens placed" : "their token drawn is placed";
    return new Map((["absent", "random"].includes(due?.kind) ? due.per : []).filter((x) => x.have >= x.need).map((x) => [x.p, why]));
  }
  // 17, 28: the captain uses no equipment card
  if (CARD_DRAFTS.includes(d.k) && state.setup.captain_no_equipment) return new Map([[state.setup.captain, "the captain uses no equipment card"]]);
  // a new character's equipment with its card not in play (none, or spent): only its holder
  const holder = personalHolder(state.setup, t, d.k);
  const card = CHARACTER_CARDS[characterFor(d.k)];
  if (holder !== null && !t.cards.some((c) => c.id === card && c.state !== "used")) {
    return new Map(state.setup.players.map((_, p) => p).filter((p) => p !== holder).map((p) => [p, `no ${EQUIPMENT_NAMES[card]}`]));
  }
  // 10: who played the last turn does not play this one (but the last player with wires)
  const off = TURN_KINDS.includes(d.k) && playedLast(state.setup, t, t.lastTurnBy) ? [[t.lastTurnBy, "played the last turn (never twice in a row)"]] : [];
  // a player with no wire left takes no turn (the rules skip them)
  if ([...TURN_KINDS, "skip"].includes(d.k) && d.k !== "red") off.push(...state.setup.players.map((_, p) => p).filter((p) => !hasUncut(t, p)).map((p) => [p, "no wires left"]));
  // 14, 28: the captain's failure explodes the bomb whatever holds the detonator: no Stabilizer for them
  if (d.k === "stabilizer" && state.setup.captain_fragile) {
    off.push([state.setup.captain, `no Stabilizer: the ${state.setup.mission === 14 ? "intern" : "captain"}'s failure explodes the bomb all the same`]);
  }
  if (d.k === "red") off.push(...(state.setup.hidden_red ? notAllHidden(ctx) : notAllRed(ctx)));
  if (d.k === "special" && specialAction(state.setup) === "sevens") off.push(...notAllSevens(ctx));
  // 41: a player left with only their own tripwire (and red wires) skips their turn, pointing at no one (the card)
  const tripwireOnly = (p) => onlyTripwireLeft(state, t, p, ctx.laws ?? null);
  if (specialAction(state.setup) === "tripwire" && [...TURN_KINDS, ...CARD_DRAFTS].includes(d.k)) {
    off.push(...state.setup.players.map((_, p) => p).filter(tripwireOnly).map((p) => [p, "only their own tripwire left: they skip"]));
  }
  if (d.k !== "double") return new Map(off);
  return new Map(state.setup.players.map((_, p) => p).filter((p) => !ddUsable(state.setup, t, p))
    .map((p) => [p, ddSpent(t, p) ? "Double Detector used" : "no Double Detector"]).concat(off));
}

/** Who cannot reveal their red wires (the rules: only when every wire they have left is red), with the reason: my
 * own wires I see; a teammate's, when the table rules red out of one of them. */
function notAllRed(ctx) {
  const { state, t } = ctx;
  const A = { state, t, laws: ctx.laws ?? null, given: null, editing: false };
  const redsLeft = redsInPlay(state.setup) - colourCount(t.cutCount, "red");
  return state.setup.players.map((_, p) => p).flatMap((p) => {
    const left = (t.stands[p] ?? []).flat().filter((sl) => sl.c !== "cut");
    if (!left.length) return [[p, "no wires left"]];
    if (p === state.setup.me && t.hasHand) {
      return left.some((sl) => sl.own && !sl.tw && colourOf(sl.own) !== "red") ? [[p, "holds wires that are not red"]] : [];
    }
    if (left.length > redsLeft) return [[p, `${left.length} wires left, more than the ${redsLeft} red${redsLeft === 1 ? "" : "s"} still uncut in all`]];
    return ownSlotOptions(A, { k: "red", a: p }).some((x) => !x.ok) ? [[p, "a wire of theirs cannot be red"]] : [];
  });
}

/** 46: who cannot cut the four 7s at once (the card: a player whose every wire left is a 7) — more wires left than 7s
 * uncut, or than those not seen elsewhere (mine, a token's: 46's second walkthrough offered a teammate with 4 wires while
 * I held two 7s), a wire the table rules 7 out of, or, mine, a wire that is not a 7 (the first walkthrough: refused only
 * after "What happened?"). */
function notAllSevens({ state, t, laws }) {
  const { me } = state.setup;
  const left = 4 - (t.cutCount?.["7"] ?? 0);
  const uncutOf = (p) => (t.stands[p] ?? []).flatMap((ss, s) => ss.map((sl, j) => ({ sl, s, j }))).filter(({ sl }) => sl.c !== "cut");
  const seen = (p) => uncutOf(p).filter(({ sl }) => shownWire(sl) === "7").length; // (mine, a token's, a turned one I see)
  return state.setup.players.map((_, p) => p).flatMap((p) => {
    const uncut = uncutOf(p);
    if (!uncut.length) return [[p, "no wires left"]];
    if (uncut.length > left) return [[p, `${uncut.length} wires left, more than the ${left} 7${left === 1 ? "" : "s"} still uncut`]];
    if (p === me && t.hasHand) return uncut.some(({ sl }) => sl.own && sl.own !== "7") ? [[p, "holds wires that are not 7s"]] : [];
    const free = left - state.setup.players.reduce((n, _, q) => n + (q === p ? 0 : seen(q)), 0);
    if (uncut.length > free) return [[p, `${uncut.length} wires left, more than the ${free} 7${free === 1 ? "" : "s"} not seen elsewhere`]];
    return uncut.some(({ s, j }) => chance(t, laws ?? null, p, s, j, ["7"]) === 0) ? [[p, "a wire of theirs cannot be a 7"]] : [];
  });
}

/** 11: who cannot reveal the hidden red value's wires (only when every wire they have left is of it): more wires than
 * its 4, two values the table shows, or a value it has ruled out (the walkthrough: an 11-wire stand's reveal asked
 * wire after wire, then a question with no answer). */
function notAllHidden(ctx) {
  const { state, t } = ctx;
  return state.setup.players.map((_, p) => p).flatMap((p) => {
    const left = (t.stands[p] ?? []).flat().filter((sl) => sl.c !== "cut");
    if (!left.length) return [[p, "no wires left"]];
    if (left.length > 4) return [[p, `${left.length} wires left: the hidden red value has 4`]];
    const seen = left.map((sl) => (p === state.setup.me && t.hasHand ? sl.own : shownWire(sl))).filter(Boolean).map((w) => saidOf(w));
    if (new Set(seen).size > 1) return [[p, "wires of two values shown"]];
    if (seen.some((v) => !/^\d+$/.test(v) || notHidden(t, v))) return [[p, "a wire of theirs cannot be the hidden red value"]];
    return [];
  });
}

/** The entries that take a turn (mission 10's rule reads them). */
export const TURN_KINDS = ["dual", "double", "triple", "super", "xray", "solo", "red", "special"];
