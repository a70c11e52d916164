// Who may act in a draft: the players the sheet greys out, each with the reason it shows (a spent or missing Double
// Detector, a new character's equipment only its holder has, 10's "never twice in a row", 14/17/28's captain, 22's
// tokens all placed). Pure functions, no DOM, no I/O.

import { CHARACTER_CARDS, characterFor, ddSpent, ddUsable, drawnTokensDue, EQUIPMENT_NAMES, personalHolder, playedLast } from "./table-state.js";
import { CARD_DRAFTS } from "./card-rules.js";

/** The players a draft may not name (not when editing: the table has moved on since): a Double Detector's players
 * without one; 17 and 28's captain for an equipment card; 22's "I have none" before play, those who placed both. */
export function actorOff(ctx, d) {
  const { state, t, ui } = ctx;
  if (ui.sheet?.edit !== undefined) return new Map();
  if (d.k === "absent") {
    const due = drawnTokensDue(state);
    return new Map((due?.kind === "absent" ? due.per : []).filter((x) => x.have >= x.need).map((x) => [x.p, "both tokens placed"]));
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
  // 14, 28: the captain's failure explodes the bomb whatever holds the detonator: no Stabilizer for them
  if (d.k === "stabilizer" && state.setup.captain_fragile) off.push([state.setup.captain, "no Stabilizer: the captain's failure explodes the bomb all the same"]);
  if (d.k !== "double") return new Map(off);
  return new Map(state.setup.players.map((_, p) => p).filter((p) => !ddUsable(state.setup, t, p))
    .map((p) => [p, ddSpent(t, p) ? "Double Detector used" : "no Double Detector"]).concat(off));
}

/** The entries that take a turn (mission 10's rule reads them). */
const TURN_KINDS = ["dual", "double", "triple", "super", "xray", "solo", "red", "special"];
