// The X-or-Y Ray with a detector: the rulebook lets the Ray combine with the Double, Triple or Super Detector — two
// values said at the detector's wires, both items spent (a detect entry with `vs` in place of `v`). Which Ray it is:
// the actor's own (the new character E4, not spent yet) before the face-up card, as an entry does not say. Pure.

import { personalHolder } from "./detectors.js";
import { cardWhyNot } from "./replay-table.js";
import { EQUIPMENT_NAMES } from "./setup.js";

/** Whether player a's own X-or-Y Ray (the new character E4) is the one they play now. */
export const ownRay = (setup, t, a) => Number.isInteger(a) && personalHolder(setup, t, "xray") === a;

/** Why player a has no X-or-Y Ray to play with a detector now ("the X-or-Y Ray (10) is not on the table"), or "". */
export function rayWhyNot(setup, t, a) {
  if (ownRay(setup, t, a)) return "";
  if (setup.captain_no_equipment && a === setup.captain) return "the captain uses no equipment card in this mission";
  const why = cardWhyNot(setup, t, "10", true);
  return why ? `the ${EQUIPMENT_NAMES["10"]} (10) ${why}` : "";
}

/** What speaks against a detector draft that names two values: its X-or-Y Ray not at hand; else null. */
export const rayObjection = (setup, t, d) => (d?.vs && ["double", "triple", "super"].includes(d.k) ? rayWhyNot(setup, t, d.a) || null : null);
