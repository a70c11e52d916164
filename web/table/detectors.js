// The character cards' Double Detectors: who was dealt one (the mission may bar the captain, or everyone),
// and whose is spent now (used in the log; Emergency Batteries give it back: the derived table's usedDD).
// Pure functions, no DOM, no I/O.

/** Was player p dealt a Double Detector they may use: not in a mission without them, nor the captain where
 * the mission bars the captain's (setup.dd) or all the captain's equipment (mission 28). */
export function ddDealt(setup, p) {
  if (setup.dd === "disabled") return false;
  if (p === setup.captain && (setup.dd === "captain_disabled" || setup.captain_no_equipment)) return false;
  return true;
}

/** Has player p used their Double Detector (and no Emergency Batteries gave it back since)? */
export const ddSpent = (t, p) => t.usedDD.includes(p);

/** May player p use their Double Detector now? (34: only once a right guess turned the character cards face up) */
export const ddUsable = (setup, t, p) => ddDealt(setup, p) && !ddSpent(t, p) && (setup.mission !== 34 || t.weak === "freed");

/** The players who may still use their Double Detector. */
export const ddUsers = (setup, t) => setup.players.map((_, p) => p).filter((p) => ddUsable(setup, t, p));
