// The open question sheet's draft: picking slots for it, and committing it as a
// log entry once every question is answered (or showing why it cannot be).

import * as S from "./table-state.js";
import { freshLaws, settleDraft } from "./draft-options.js";
import { underWay } from "./draft-summary.js";
import { freshGiven } from "./given-cut.js";
import { TURN_KINDS } from "./draft-actors.js";

/**
 * An entry under way in the sheet is not thrown away by one tap (`kind`: "close", ×, or "action", another action:
 * `tap` names which): the first says so (`message`), the same tap again goes on. True when the tap only warned.
 */
export function firstTapWarns(ui, kind, tap, message) {
  const open = ui.sheet && ui.draft && underWay(ui.draft, ui.sheet.mode === "slot") ? `${tap}:${JSON.stringify(ui.draft)}` : null;
  ui.armed = ui.armed ?? {};
  if (open && ui.armed[kind] !== open) {
    ui.armed[kind] = open;
    ui.sheetError = message;
    return true;
  }
  ui.armed[kind] = null;
  return false;
}

/**
 * A turn begun (draft kind `k`) while the last one's closing entry is still to record (29's number card shown, 65's
 * card given: replay turnEndDue): that entry's sheet opens instead, saying why — the turn would be refused at Record,
 * and what had been tapped into it lost on the way to the card. True when it opened.
 */
export function turnEndFirst(app, k) {
  const due = [...TURN_KINDS, "skip", "redcall"].includes(k) && app.ui.sheet?.edit === undefined ? S.turnEndDue(app.state.setup, app.derived()) : null;
  if (!due) return false;
  if (!due.k) { // 22, 27: a token on a wire or "I have none": said, no sheet chosen for the player
    app.closeSheet?.();
    app.view?.flash?.(`Not yet: ${due.first}.`);
    return true;
  }
  app.ui.sheet = { mode: "action" };
  app.ui.draft = { k: due.k, a: due.a };
  app.ui.sheetError = `${due.first[0].toUpperCase()}${due.first.slice(1)}; then the turn.`;
  return true;
}

/** The table a draft is answered on: while entry `edit` is edited, as it stood before it (the wire it cut is not
 * "already cut" for it, nor a token it placed there yet — 41's walkthrough); else `now()`, the table shown. */
const tableFor = (state, edit, now) => (edit !== undefined ? S.derive({ ...state, log: state.log.slice(0, edit) }) : now());

/** A tap on a stand while the draft asks for slots: toggle that slot in the draft. */
export function pickSlot(app, key) {
  const ui = app.ui;
  const d = ui.draft;
  const [p, s, j] = key.split("-").map(Number);
  const t = tableFor(app.state, ui.sheet?.edit, () => app.derived());
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) return;
  ui.sheetError = null;
  // (a Super Detector: any wire names its stand; 24, 40: a Post-it's x-token may go on a cut wire, the card says)
  const count = d.k === "postit" && S.failureMarks(app.state.setup).some((m) => S.isCount(m));
  if (sl.c === "cut" && !d.k.startsWith("label") && d.k !== "swl" && d.k !== "super" && !count) {
    ui.sheetError = "That wire is already cut.";
    return;
  }
  if (app.state.setup.x_tokens && sl.m === "X" && !["dual", "disint", "special"].includes(d.k)) {
    ui.sheetError = `${S.standName(app.state.setup, p, s)} ${S.slotLetter(j)} is an X wire: no equipment works on it.`;
    return;
  }
  if (sl.tw && app.state.setup.turned === "captain" && !["walkie", "disint", "special", "super"].includes(d.k)) {
    ui.sheetError = `${S.standName(app.state.setup, p, s)} ${S.slotLetter(j)} is the captain's turned-around wire: only the captain cuts it, as their own wire in a dual cut.`;
    return;
  }
  if (d.k === "special" && S.specialAction(app.state.setup) === "tripwire") { // 41: one teammate's tripwire a turn
    if (p === d.a) {
      ui.sheetError = "Point at a teammate's tripwire.";
      return;
    }
    d.spots = [{ p, s, j }];
    d.done = true;
    return;
  }
  if (d.k === "disint" || d.k === "special") {
    d.spots = d.spots ?? [];
    const has = d.spots.some((x) => x.p === p && x.s === s && x.j === j);
    d.spots = has ? d.spots.filter((x) => !(x.p === p && x.s === s && x.j === j)) : [...d.spots, { p, s, j }];
    return;
  }
  if (d.k === "postit" || d.k === "swl") {
    if (p !== d.a) {
      ui.sheetError = `A ${d.k === "swl" ? "Single Wire Label" : "Post-it"} goes on one of the actor's own wires.`;
      return;
    }
    // a wire the table shows is not blue (mine, a token, cut, its colour seen): refused here, the draft kept for another tap
    const shown = S.seenWire(sl);
    if ((shown && (shown === "Y" || S.colourOf(shown) !== "blue")) || (sl.col && sl.col !== "b")) {
      ui.sheetError = `A ${d.k === "swl" ? "Single Wire Label" : "Post-it"} goes on a blue wire: ${S.standName(app.state.setup, p, s)} ${S.slotLetter(j)} is ${shown ? S.aValue(shown) : "not blue"}.`;
      return;
    }
    // the Single Wire Label's x1: its value once on the stand — two the stand shows (cut, mine, a token) refuse it
    const w = S.seenWire(sl);
    if (d.k === "swl" && w && t.stands[p][s].filter((x) => S.seenWire(x) === w).length > 1) {
      ui.sheetError = `${S.standName(app.state.setup, p, s)} ${S.slotLetter(j)}: the stand holds two ${w}s — the Single Wire Label goes on a value it holds once.`;
      return;
    }
  } else if (!d.k.startsWith("label") && p === d.a) {
    ui.sheetError = "Point at a teammate's stand.";
    return;
  }
  if (d.js?.length && (d.p !== p || d.s !== s)) { // a detector's or a Label's wires lie on one stand: said, not silent
    if ((S.PICK_COUNT[d.k] ?? 1) > 1) ui.sheetError = `${S.standName(app.state.setup, d.p, d.s)} ${d.js.map(S.slotLetter).join(", ")} dropped: these wires lie on one stand — now ${S.standName(app.state.setup, p, s)}'s.`;
    d.js = [];
  }
  d.p = p;
  d.s = s;
  if (d.k === "super") {
    d.js = t.stands[p][s].map((x, k) => (x.c === "cut" || (x.m === "X" && app.state.setup.x_tokens) ? -1 : k)).filter((k) => k >= 0);
    return;
  }
  d.js = d.js ?? [];
  if (d.js.includes(j)) d.js = d.js.filter((x) => x !== j);
  else d.js.push(j);
  d.js.sort((a, b) => a - b);
  const clash = d.k.startsWith("label") ? labelClash(app.state.setup, t, d) : null;
  if (clash) {
    d.js = d.js.filter((x) => x !== j);
    ui.sheetError = `${clash} ${S.slotLetter(d.js[0])} stays picked (tap it again to drop it).`;
  }
}

/** Label = / ≠ on two wires the table shows (mine, cut, a token): whether they break it — said at the tap. */
function labelClash(setup, t, d) {
  if (d.js.length !== 2) return null;
  const ws = d.js.map((jj) => S.seenWire(t.stands[d.p][d.s][jj]));
  if (!ws.every(Boolean) || (S.gameValue(ws[0]) === S.gameValue(ws[1])) === (d.k === "label_eq")) return null;
  const where = d.js.map((jj, i) => `${S.slotLetter(jj)} (${ws[i]})`).join(" and ");
  return `${S.standName(setup, d.p, d.s)} ${where}: ${d.k === "label_eq" ? "not the same value — Label = goes on two equal wires" : "the same value — Label ≠ goes on two different wires"}.`;
}

/**
 * After each answer: fill in what the table leaves no choice about, and commit a complete draft as a log entry —
 * unless it waits for Record (`held`): an entry a constraint card or an unusable card speaks against (its warning is
 * read first: the walkthrough saw a one-tap cut that card I forbids recorded unwarned), or one the page filled in that
 * ends the game (53: a sure cut with Nano on 11; a mis-tap must not end the game unasked).
 */
export function maybeCommit(app) {
  const { ui, state } = app;
  if (!ui.draft) return;
  const editing = ui.sheet?.edit !== undefined;
  const t = tableFor(state, ui.sheet?.edit, () => app.derived());
  const laws = freshLaws(app.results);
  const tapped = !S.nextAsk(state, t, ui.draft); // complete before the page filled anything in
  ui.draft = settleDraft({ state, t, laws, given: freshGiven(app.results, state, ui.draft, editing), editing }, ui.draft);
  const d = ui.draft;
  if (S.nextAsk(state, t, d)) return;
  if (ui.sheet?.mode === "slot" && ui.sheet.tab !== "cut") return;
  const entry = S.buildEntry(state, t, d);
  if (!d.confirmed && held(app, t, d, entry, tapped)) return; // the sheet shows Record, and why
  // a skip by one the engine makes sure can cut: refused before it is recorded (a one-tap skip went in, then erred)
  const no = d.k === "skip" && !editing ? skipHeld(state, t, entry, laws) : null;
  if (no) {
    ui.sheetError = no;
    return;
  }
  commitEntry(app, entry, () => {
    ui.selectedMove = null;
  });
}

/** Whether a complete draft waits for Record (see maybeCommit); `tapped`: its last answer was the player's tap. */
export function held(app, t, d, entry, tapped) {
  const edit = app.ui.sheet?.edit;
  if (edit !== undefined) { // held only for what speaks against the change: the entry as recorded was Recorded so
    const now = speaksAgainst(app.state, t, d, edit);
    return Boolean(now) && now !== speaksAgainst(app.state, t, S.draftFromEntry(app.state.log[edit]), edit);
  }
  // (a skip that moves the detonator off its last space: a one-tap action, never thought of as ending the game — 47)
  return Boolean(objection(app.state.setup, t, d)) || ((!tapped || d.k === "skip") && endsGame(app.state, t, entry));
}

/** What speaks against recording draft `d`: a constraint card binding its actor, or a card not usable (null: none). */
export const objection = (setup, t, d) => S.cardObjection(setup, t, d) ?? S.itemObjection(setup, t, d) ?? S.rayObjection(setup, t, d);

/** The same for the sheet (`edit`: the entry edited, else undefined): an entry edited is read on the table before it
 * and only for what stood then — the equipment, 31's cards (chosen once; 31's walkthrough edited in a value its
 * actor's card forbade, unwarned) — not for the cards that change since (32, 37, 57, 61: the setup holds today's). */
export function speaksAgainst(state, t, d, edit) {
  if (edit === undefined) return objection(state.setup, t, d);
  const then = tableFor(state, edit);
  return S.itemObjection(state.setup, then, d) ?? S.rayObjection(state.setup, then, d) ?? (state.setup.mission === 31 ? S.cardObjection(state.setup, then, d) : null);
}

/** Whether `entry` added to the table ends the game (the bomb explodes), the game going on before it. */
export const endsGame = (state, t, entry) => !t.exploded && Boolean(S.derive(S.addEntry(state, entry)).exploded);

/** The state with `entry` added (or put in place of entry `edit`) and the replay's reading of it ({ok, error, text}). */
export function tryEntry(state, edit, entry) {
  const next = edit !== undefined ? S.replaceEntry(state, edit, entry) : S.addEntry(state, entry);
  return { next, check: S.derive(next).entries[edit !== undefined ? edit : next.log.length - 1] };
}

/** Why the action sheet's complete draft would be refused (null: it would be recorded), said before Record is tapped. */
export function refusal(state, now, ui, laws = null) {
  const d = ui.draft;
  const t = tableFor(state, ui.sheet?.edit, () => now);
  if (ui.sheet?.mode !== "action" || !d || S.nextAsk(state, t, d)) return null;
  const { check } = tryEntry(state, ui.sheet.edit, S.buildEntry(state, t, d));
  if (!check.ok) return check.error;
  return d.k === "skip" && ui.sheet.edit === undefined ? skipHeld(state, t, S.buildEntry(state, t, d), laws) : null;
}

/** A teammate's skip when the engine's laws make sure they hold a wire they may cut: for want of oxygen, a value they
 * can pay for; else one the rule's skip says they lack (59's walkthrough: Nano's 1, a sure 1 beside a cut 1). */
function skipHeld(state, t, e, laws) {
  if (S.onlyRedLeft(state, t, e.a, laws)) return `${state.setup.players[e.a]} has only red wires left: they reveal them (Reveal red), no skip`;
  const ox = S.oxygenFor(state, t, e.a);
  if (ox && S.skipsToSave(ox.kind)) return null; // (44, 49: a player may skip to save oxygen)
  const none = ox ? null : S.skipNone(state.setup, t, e).map(String);
  const held = ox ? S.payableWire(state, t, e.a, ox.have, laws) : none.length ? S.sureWireOf(state, t, e.a, none, laws) : null;
  if (!held) return null;
  const where = `${S.standName(state.setup, e.a, held.s)} slot ${S.slotLetter(held.j)}`;
  return ox ? `${where} can only be ${held.values.join(", ")}, which ${ox.have} token${ox.have === 1 ? " pays" : "s pay"} for: who can pay must play`
    : `No skip: ${where} can only be ${held.values.join(", ")}, a wire ${state.setup.players[e.a]} may cut`; // (37's walkthrough read "(the rule)" as the reason)
}

/** Add `entry` to the log (or replace the entry being edited) unless the replay rejects it. */
export function commitEntry(app, entry, beforeCommit = () => {}) {
  const { ui, state } = app;
  const edit = ui.sheet?.edit;
  const { next, check } = tryEntry(state, edit, entry);
  if (!check.ok) {
    ui.sheetError = check.error;
    if (ui.draft?.k === "radar") ui.draft.done = false; // the answers open again, to change the one that was wrong
    return false;
  }
  app.closeSheet();
  beforeCommit();
  app.commit(next);
  // what was recorded, said at once: the log that shows it may be a screen below (a one-tap action: Stabilizer, Rewinder)
  app.view.flash?.(`${edit !== undefined ? "Changed" : "Recorded"}: ${check.text}${edit === undefined ? nanoWay(app, entry) : ""}`);
  // 43: a cut of Nano's value: its cutter takes one of Nano's wires; the sheet asks where it went at once
  const due = app.derived().nanoDue;
  if (Number.isInteger(due) && entry.k !== "nano" && edit === undefined) {
    ui.sheet = { mode: "action" };
    ui.draft = { k: "nano", a: due };
    app.render();
  }
  return true;
}

/** 59, after a cut: where Nano went and which way it faces — the cutter may turn it round, a tap of its own. */
function nanoWay(app, entry) {
  const { setup } = app.state;
  const t = app.derived();
  if (!S.lineReady(setup) || !["dual", "detect", "solo"].includes(entry.k) || !Number.isInteger(t.lineAt)) return "";
  return ` — Nano on the ${setup.numbers[t.lineAt]}, facing ${S.lineFacing(setup, t) > 0 ? "→" : "←"}: turned round? “The cutter turned Nano round”, under Number cards`;
}
