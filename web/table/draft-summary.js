// What a draft holds so far, in one line the sheet shows above each question: who, where, which value, the
// result, which wires, what the token showed ("Ann → Bob D · value 7 · ✓ cut · with Ann C").
// Pure functions, no DOM, no I/O.

import { markWords } from "./failure-marks.js";
import { NO_ACTOR } from "./record.js";
import { slotLetter, standName } from "./replay-table.js";
import { placesFalseTokens, standCounts } from "./setup.js";

const said = (v) => (v === "Y" ? "yellow" : v);
const given = (x) => x !== undefined && x !== null;

/** Who acts and where: "Ann → Bob D+E", "Ann", "Bob D", or the stand an "I have none" token lies beside. */
function whoWhere(setup, d) {
  const who = !NO_ACTOR.includes(d.k) && d.k !== "absent" && Number.isInteger(d.a) ? setup.players[d.a] : null;
  const wires = d.k === "super" ? "(the whole stand)" : d.js?.map(slotLetter).join("+");
  const where = given(d.p) && d.js?.length ? `${standName(setup, d.p, d.s)} ${wires}` : null;
  if (d.k === "absent" && Number.isInteger(d.a)) return [given(d.s) ? standName(setup, d.a, d.s) : setup.players[d.a]];
  if (who && where) return [`${who} → ${where}`];
  return [who, where].filter(Boolean);
}

/** The outcome so far: result, the detector's wire, the wire cut, the actor's wire, what the token showed. */
function outcome(setup, d) {
  const parts = [];
  if (given(d.ok)) parts.push(d.ok ? "✓ cut" : "✗ wrong");
  if (d.ok && Number.isInteger(d.hit)) parts.push(`${slotLetter(d.hit)} cut`);
  if (d.ok === false && Number.isInteger(d.tok)) parts.push(`token on ${slotLetter(d.tok)}`);
  if (d.cut) parts.push(`the ${said(d.cut)}`);
  if (d.as && Number.isInteger(d.a)) parts.push(`with ${standName(setup, d.a, d.as.s)} ${slotLetter(d.as.j)}${d.av ? ` (${d.av})` : ""}`);
  if (d.real === "-") parts.push(placesFalseTokens(setup, d.p) ? `a false token: not ${said(d.v ?? "that value")}` : "no token"); // (17, 52)
  else if (d.real) parts.push(`it is ${said(d.real)}`);
  if (d.mark) parts.push(markWords(d.mark));
  return parts;
}

/** One line: everything the draft `d` says so far ("" when it says nothing yet). */
/**
 * Has the flow an answer beyond who acts (and, from a slot's sheet, the slot tapped)? Then "who" is no longer asked
 * (the summary line says it), and a tap elsewhere on the table does not throw the answers away.
 */
export const underWay = (d, fromSlot = false) => Boolean((!fromSlot && d.js?.length) || d.v || d.vs?.length
  || (d.ok !== undefined && d.ok !== null) || d.slots?.length || Number.isInteger(d.ox) || Number.isInteger(d.w) || d.ans?.some((x) => x.has)
  || (d.k === "special" && d.done && d.spots?.length));

export function draftSummary(setup, d) {
  if (!d) return "";
  const parts = whoWhere(setup, d);
  if (d.k === "solo" || d.k === "red") {
    // a player with two stands: each wire with its stand ("1K+2I"), as the chips name them
    const two = standCounts(setup)[d.a] > 1;
    if (d.slots?.length && Number.isInteger(d.a)) parts.push(d.slots.map((x) => `${two ? x.s + 1 : ""}${slotLetter(x.j)}`).join("+"));
  }
  if ((d.k === "special" || d.k === "disint") && d.spots?.length) { // the wires pointed at, and what each showed
    parts.push(d.spots.map((x, i) => `${standName(setup, x.p, x.s)} ${slotLetter(x.j)}${d.ls?.[i] ? ` (${said(d.ls[i])})` : ""}`).join(", "));
  }
  if (d.k === "special" && d.res) parts.push({ ok: "✓ all cut", shown: "✗ shown", boom: "✗ the bomb exploded" }[d.res] ?? "");
  if (d.k === "give") return [...parts, Number.isInteger(d.v) ? `card ${d.v}` : "", Number.isInteger(d.to) ? `→ ${setup.players[d.to]}` : ""].filter(Boolean).join(" · ");
  if (d.k === "weak") { // 34: a guess, not a cut
    if (Number.isInteger(d.w)) parts.push(`names ${setup.players[d.w]}`);
    if (d.c) parts.push(`card ${d.c}`);
    if (given(d.ok)) parts.push(d.ok ? "✓ right" : "✗ wrong");
    return parts.join(" · ");
  }
  if (d.v) parts.push(d.k === "radar" ? `number ${d.v}` : `value ${said(d.v)}`);
  if (d.vs?.length) parts.push(`values ${d.vs.map(said).join(" or ")}${d.vs.length === 1 && d.k !== "redcall" ? " or …" : ""}`);
  parts.push(...outcome(setup, d));
  if (d.cuts?.length) parts.push(`cut ${d.cuts.join(" ")}`);
  if (Array.isArray(d.nc)) parts.push(`cards ${d.nc.join(" and ")}`);
  if (Number.isInteger(d.ox)) parts.push(`oxygen → ${setup.players[d.ox]}`);
  return parts.join(" · ");
}
