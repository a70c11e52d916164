// The character cards' personal equipment: the Double Detector — who was dealt one (the mission may bar the
// captain, or everyone) — or, from mission 31 (rule sticker B), a new character's (E1 General Radar, E2
// Walkie-Talkies, E3 Triple Detector, E4 X or Y Ray) taken by a non-captain instead; and whose is spent now (used in
// the log; Emergency Batteries give it back: the derived table's usedDD). Pure functions, no DOM, no I/O.

import { EQUIPMENT_NAMES } from "./setup.js";

/** The new characters and the equipment card their personal equipment works as. */
export const CHARACTER_CARDS = { E1: "8", E2: "2", E3: "3", E4: "10" };
/** The drafts a new character's personal equipment plays, by the card it works as. */
const CARD_DRAFT = { 8: "radar", 2: "walkie", 3: "triple", 10: "xray" };

/** Player p's character if a new one (E1-E4), else "" (a Double Detector: the captain always keeps theirs). */
export const characterOf = (setup, p) => (p === setup.captain ? "" : setup.characters?.[p] || "");

/** Player p's personal equipment, by name: their new character's, else the Double Detector. */
export const personalName = (setup, p) => EQUIPMENT_NAMES[CHARACTER_CARDS[characterOf(setup, p)]] ?? "Double Detector";

/** The new characters the setup offers: the mission's (a custom table: all four). */
export const charactersOffered = (setup) => (setup.mission === null ? Object.keys(CHARACTER_CARDS) : setup.new_characters ?? []);

/** The draft an equipment card's play is, where a new character's personal equipment works as that card; else null. */
export const draftOfCard = (id) => CARD_DRAFT[id] ?? null;

/** The character whose personal equipment plays drafts of kind k (radar, walkie, triple, xray), or null. */
export const characterFor = (k) => Object.keys(CHARACTER_CARDS).find((c) => CARD_DRAFT[CHARACTER_CARDS[c]] === k) ?? null;

/** The player who may still play a draft of kind k with their character's personal equipment, or null. */
export function personalHolder(setup, t, k) {
  const c = characterFor(k);
  const p = c ? setup.players.findIndex((_, q) => characterOf(setup, q) === c) : -1;
  if (p < 0 || ddSpent(t, p) || (setup.captain_no_equipment && p === setup.captain)) return null;
  return setup.mission !== 34 || t.weak === "freed" ? p : null;
}

/** Was player p dealt a Double Detector they may use: not in a mission without them, nor the captain where
 * the mission bars the captain's (setup.dd) or all the captain's equipment (mission 28). */
export function ddDealt(setup, p) {
  if (setup.dd === "disabled" || characterOf(setup, p)) return false;
  if (p === setup.captain && (setup.dd === "captain_disabled" || setup.captain_no_equipment)) return false;
  return true;
}

/** Has player p used their Double Detector, or their new character's equipment (and no Emergency Batteries gave it
 * back since)? */
export const ddSpent = (t, p) => t.usedDD.includes(p);

/** May player p use their Double Detector now? (34: only once a right guess turned the character cards face up) */
export const ddUsable = (setup, t, p) => ddDealt(setup, p) && !ddSpent(t, p) && (setup.mission !== 34 || t.weak === "freed");

/** The players who may still use their Double Detector. */
export const ddUsers = (setup, t) => setup.players.map((_, p) => p).filter((p) => ddUsable(setup, t, p));
