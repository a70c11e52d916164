// Each log entry in words (the turn log), and each derived slot as the engine's stand-notation token.
// Pure functions, no DOM.

import { skipRule, specialAction, spokenRule } from "./entries-mission.js";
import { markWords } from "./failure-marks.js";
import { HIDDEN_BOOM, slotLetter, standName, TURNED_BOOM } from "./replay-table.js";
import { aValue, colourOf, EQUIPMENT_NAMES, isLabel, MARKS, placesFalseTokens, standCounts } from "./setup.js";
import { personalName } from "./detectors.js";
import { challengeName } from "./challenge-cards.js";

export function describeEntry(e, setup) {
  const text = `${describeAction(e, setup)}${e.pe ? " (a character's own, not the card)" : ""}`;
  const cards = Array.isArray(e.nc) && e.k !== "skip" ? ` (number cards ${e.nc.join(" and ")})` : ""; // (47: a skip discards none)
  return Number.isInteger(e.ox) ? `${text}${cards} (oxygen → ${setup.players[e.ox] ?? `Player ${e.ox + 1}`})` : `${text}${cards}`;
}

function describeAction(e, setup) {
  const name = (p) => setup.players[p] ?? `Player ${(p ?? 0) + 1}`;
  const at = (p, s, j) => `${standName(setup, p, s)} ${slotLetter(j ?? 0)}`;
  const said = (v) => (v === "Y" ? "yellow" : v);
  switch (e.k) {
    case "set":
      return `${at(e.p, e.s, e.j)} ${slotWords(e.slot ?? {})}`;
    case "dual":
      return `${name(e.a)}: ${at(e.p, e.s, e.j)} is ${said(e.v)}? ${e.ok ? `✓ cut ${e.cut}${withTheirs(e, setup)}` : failed(e, at(e.p, e.s, e.j), `it is ${e.real}`, setup)}`;
    case "xray":
      return `${name(e.a)} X-or-Y Ray: ${at(e.p, e.s, e.j)} ${(e.vs ?? []).map(said).join(" or ")}? ${e.ok ? `✓ cut ${e.cut}` : failed(e, at(e.p, e.s, e.j), `it is ${e.real}`, setup)}`;
    case "detect": {
      const what = `${{ double: "Double Detector", triple: "Triple Detector", super: "Super Detector" }[e.kind] ?? "Detector"}${e.vs ? " with X-or-Y Ray" : ""}`;
      const slots = e.kind === "super" ? "(the whole stand)" : (e.js ?? []).map(slotLetter).join("+");
      return `${name(e.a)} ${what}: ${standName(setup, e.p, e.s)} ${slots} has ${(e.vs ?? [e.v]).map(said).join(" or ")}? ${e.ok ? `✓ cut ${slotLetter(e.hit ?? 0)}${e.vs ? ` (${e.cut})` : ""}`
        : failed(e, at(e.p, e.s, e.tok), `${slotLetter(e.tok ?? 0)} is ${e.real}`, setup)}`;
    }
    case "solo":
      return `${name(e.a)} solo cut ${soloWords(e.cuts ?? [])}`;
    case "red":
      return `${name(e.a)} reveals red ${(e.cuts ?? []).join(" ")}`;
    case "radar":
      return `General Radar ${e.v}: ${(e.ans ?? []).map((x) => `${standName(setup, x.p, x.s)} ${x.has ? "yes" : "no"}`).join(", ")}`;
    case "label":
      return `Label ${e.eq ? "=" : "≠"} on ${standName(setup, e.p, e.s)} ${(e.js ?? []).map(slotLetter).join("/")}`;
    case "postit":
      return `${name(e.a)} Post-it: ${at(e.a, e.s, e.j)} ${e.m ? `shows ${markWords(e.m)}` : `is ${e.v}`}`;
    case "see":
      return e.p === setup.me ? `A teammate saw your turned-around wire ${slotLetter(e.j ?? 0)} (not shown to you)`
        : `I see ${at(e.p, e.s, e.j)} (turned around): ${e.v}`;
    case "rewind":
      return "Rewinder: detonator −1";
    case "challenge":
      return Number.isInteger(e.c) ? `Challenge ${e.c} done (${challengeName(setup, e.c)}): the detonator back a space`
        : "Challenge done: the detonator back a space";
    case "swl":
      return `${name(e.a)} Single Wire Label: ${at(e.a, e.s, e.j)} is the only one of its value`;
    case "disint":
      return `Disintegrator ${e.v}: ${(e.cuts ?? []).map((c) => at(c.p, c.s, c.j)).join(", ") || "no wire left"} cut`;
    case "batteries":
      return `Emergency Batteries: ${(e.ps ?? []).map((p) => `${name(p)}'s ${personalName(setup, p)}`).join(", ")} back`;
    case "drop":
      return "Emergency Drop: used equipment usable again";
    case "false_bottom":
      return `False Bottom: ${(e.ids ?? []).map((id) => EQUIPMENT_NAMES[id] ?? id).join(", ")} come in`;
    case "stabilizer":
      return `${name(e.a)} Stabilizer on the next cut`;
    case "coffee":
      return `${name(e.a)} Coffee Mug: ${name(e.next)} plays next`;
    case "redcall":
      return `${name(e.a)}: ${standName(setup, e.p, e.s)} ${slotLetter(e.j ?? 0)} is RED? ${e.ok ? `✓ cut ${e.cut}: a challenge done, the detonator back` : "✗ it was not"}`;
    case "beside":
      return `${name(e.p)}: ${aValue(e.v)} token beside the stand (the wire not known)`;
    case "cardflip":
      return `${name(e.a)} turns their constraint card face down: they hold none of its values`;
    case "give":
      return `${name(e.a)} gives the number card ${e.v} to ${name(e.to)}`;
    case "weak":
      return `${name(e.a)} names ${name(e.w)} and card ${e.c} as the weakest link: ${e.ok ? "✓ right — the characters face up, the constraint cards gone" : "✗ wrong: the detonator moves"}`;
    case "weakstuck":
      return `${name(e.a)}, the weakest link, cannot play: the detonator moves 2, every constraint and character card is discarded`;
    case "swap":
      return `${name(e.a)} swaps their constraint card for ${e.c ? `card ${e.c}` : "one of F–L"}: the detonator moves`;
    case "skip": {
      const tokenAfter = { 51: "; their info token: tap its wire, Set tokens", 45: "; named by the captain, they put an info token: tap its wire, Set tokens" };
      // (51, 45: the one chosen or named then puts an info token in front of their stand — the cards; said where it
      // goes in: 45's walkthrough found it said only in a refusal)
      if (Number.isInteger(e.v)) return `${name(e.a)}${setup.mission === 51 ? ", chosen," : ""} has no ${e.v} (the card flipped): the detonator moves${tokenAfter[setup.mission] ?? ""}`;
      return `${name(e.a)} skips the turn (${skipRule(setup)?.why ?? "oxygen"})${skipRule(setup)?.detonator === false ? "" : ": the detonator moves"}`;
    }
    case "special": {
      const wires = (e.cuts ?? []).map((x) => `${at(x.p, x.s, x.j)}${x.l ? ` ${x.l}` : ""}`).join(", ");
      const how = (specialAction(setup) === "tripwire"
        ? { ok: "✓ a tripwire, cut: the detonator goes back", shown: "✗ not one: an info token, the detonator moves", boom: "✗ the bomb exploded" }
        : { ok: "✓ all cut", shown: "✗ the wires shown, the detonator moves", boom: "✗ the bomb exploded" })[e.res] ?? "";
      return `${name(e.a)} special action on ${wires}: ${how}`;
    }
    case "discard":
      return `Number card ${e.v} (all four cut) discarded ${Number.isInteger(e.a) ? `by ${name(e.a)}` : "from the deck: no one held it"}`;
    case "shown":
      return `Number card ${e.v} shown after ${name(e.a)}'s turn`;
    case "missed":
      return "A round missed: detonator +1";
    case "nanoturn":
      return "The cutter turned Nano round (mission 59)";
    case "spoken":
      return spokenRule(setup)?.text ?? "Words the mission forbids: detonator +1";
    case "tell":
      return `${name(e.a)} ${e.has ? "holds" : "holds no"} ${e.v} (the value drawn)`;
    case "ycount":
      return `${name(e.a)} has ${e.n} yellow wire${e.n === 1 ? "" : "s"} left`;
    case "walkie":
      return `${name(e.a)} ⇄ ${name(e.p)} Walkie-Talkies: ${at(e.a, e.as?.s, e.as?.j)} → ${at(e.p, e.pto?.s, e.pto?.j)}, ${at(e.p, e.s, e.j)} → ${at(e.a, e.ato?.s, e.ato?.j)}${gotWords(e, setup)}`;
    case "hook":
      return `${name(e.a)} Grappling Hook: ${at(e.p, e.s, e.j)} → ${at(e.a, e.to?.s, e.to?.j)}${gotWords(e, setup)}`;
    case "nano":
      return `${name(e.a)} takes a wire from Nano → ${at(e.a, e.to?.s, e.to?.j)}${gotWords(e, setup)}`;
    case "absent":
      return `${e.s === undefined || e.s === null ? name(e.p) : standName(setup, e.p, e.s)} has no ${said(e.v)} ("I have none" token)`;
    case "damaged":
      return `damaged entry (${e.was})`;
    default:
      return "unknown entry";
  }
}

/** A success's cutter wire where the line would not say it: another label (a yellow), or which stand of two it left. */
function withTheirs(e, setup) {
  const place = e.as && standCounts(setup)[e.a] > 1 ? `stand ${e.as.s + 1} ${slotLetter(e.as.j)}` : "";
  const parts = [e.av && e.av !== e.cut ? e.av : "", place].filter(Boolean);
  return parts.length ? ` (with their ${parts.join(", ")})` : "";
}

/** The wire I got by a move, where it is mine to say: another phone's (a shared link's), private to its receiver, is not shown. */
const gotWords = (e, setup) => (e.got && (e.gp ?? setup.me) === setup.me ? ` (got ${e.got})` : "");

/** What a `set` entry says a slot shows, in a player's words: "shows an info token 4", "is cut: 7", "shows an even token". */
export function slotWords(slot) {
  const colour = { b: "blue", y: "yellow", r: "red" }[slot.col];
  const parts = [];
  if (slot.c === "info") parts.push(slot.v === "Y" ? "a yellow info token" : `an info token ${slot.v ?? ""}`.trim());
  if (slot.m) parts.push(markWords(slot.m));
  if (colour && slot.c !== "cut") parts.push(`a ${colour} wire`);
  const shows = parts.length ? `shows ${parts.join(", ")}` : "";
  if (slot.c === "cut") return `is cut: ${colourOf(slot.v) === "blue" ? slot.v : `${colourOf(slot.v)} ${String(slot.v).slice(1)}`}${shows ? `, ${shows}` : ""}`;
  return shows || "shows nothing";
}

/** A failed cut in words: "✗ (no token)", "✗ failed: an even token on Bob B" (21, 24, 33, 40), or what the info token showed. */
/** A solo cut's wires: "four 7s", "two yellow wires", or each one when they differ (a damaged entry). */
function soloWords(cuts) {
  const n = ["", "one", "two", "three", "four"][cuts.length] ?? String(cuts.length);
  if (!cuts.length || !cuts.every((c) => c === cuts[0] || (c[0] === "Y" && cuts[0][0] === "Y"))) return cuts.join(" ");
  if (cuts[0][0] === "Y") return `${n} yellow wire${cuts.length > 1 ? "s" : ""} (${cuts.join(" ")})`;
  return cuts.length > 1 ? `${n} ${cuts[0]}s` : `one ${cuts[0]}`;
}

function failed(e, where, shown, setup) {
  if (e.silent) return placesFalseTokens(setup, e.p) ? `✗ a false token: not ${e.v ?? "that value"}` : "✗ (no token)";
  if (e.real === HIDDEN_BOOM) return "✗ the hidden red value";
  if (e.real === TURNED_BOOM) return "✗ with the turned-around wire"; // (the replay adds that the bomb exploded)
  return e.mark ? `✗ failed: ${markWords(e.mark)} on ${where}` : `✗ ${shown}`;
}

/** The stand-notation token for a slot (see py_engine notation.py). `own` = show my own wire. */
export function slotToken(sl, own = false) {
  if (sl.tw) { // a turned-around wire carries no token: cut, seen (a teammate's), or not seen (mine)
    if (sl.c === "cut" && isLabel(sl.v)) return `T${sl.v}`;
    return own && sl.own ? `T?${sl.own}` : "T";
  }
  const mark = sl.m && (MARKS.includes(sl.m) || /^!\d{1,2}$/.test(sl.m)) ? sl.m : "";
  if (sl.c === "cut" && isLabel(sl.v)) {
    const colon = mark.startsWith("!") && colourOf(sl.v) === "blue" ? ":" : "";
    return `${mark}${colon}${sl.v}`;
  }
  if (sl.c === "info" && (isLabel(sl.v) || sl.v === "Y")) {
    const v = own && sl.own && sl.v === "Y" ? sl.own : sl.v;
    return `${mark}i${v}`;
  }
  if (own && sl.own) return `${mark}?${sl.own}`;
  const col = sl.col && ["b", "y", "r"].includes(sl.col) ? sl.col : "";
  if (col && !mark) return `${col}?`;
  return `${col}${mark}` || "?";
}
