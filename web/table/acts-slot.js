// Taps on a stand's slot and in the slot sheet: what the table shows on one wire
// (info token, marks, colour, cut) or the start of a cut on it.

import * as S from "./table-state.js";
import { commitEntry, firstTapWarns, maybeCommit, pickSlot, turnEndFirst } from "./draft-commit.js";
import { underWay } from "./draft-summary.js";
import { actorOff } from "./draft-actors.js";

/** Open the slot sheet: tokens until every player shows a starting token (but one the card spares), then cuts. */
function openSlot(app, key) {
  const { ui, state } = app;
  const [p, s, j] = key.split("-").map(Number);
  const t = app.derived();
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) return;
  // Starting tokens first: until every player has placed theirs (the status's count: two false ones each in 17's
  // captain's and 52's case, a drawn one beside the stand in 13, 39, 41), a tap sets tokens; then it records cuts.
  const started = state.log.some((e) => !S.isSetupEntry(e)) || state.setup.tokens === "none" || state.setup.absent_tokens
    || !S.drawnTokensDue(state);
  // 22: while the token gifts go round, a tap on the next receiver's wire sets the token they got
  const gift = t.gifts && t.gifts.given < t.gifts.of && p === S.giftReceiver(state.setup, t.gifts.given);
  // 38, 56, 64: a teammate's turned-around wire I have not said yet opens on "I see it" (the status asks for it)
  const unseen = sl.tw && p !== state.setup.me && state.setup.me !== null && sl.c !== "cut" && !sl.own;
  const tab = sl.c === "cut" || !started || gift || unseen || S.xWireWait(state.setup, t.yellowCut, sl) ? "set" : "cut"; // (a teammate's cut on my wire is recorded here too)
  if (tab === "cut" && turnEndFirst(app, "dual")) return;
  // 10, 45: whoever says "Snip!"; 18: the one the card's flipper names — asked
  let a = t.turn !== p && !state.setup.free_turns && !S.radarTurns(state.setup) ? t.turn : null;
  ui.sheet = { mode: "slot", key, tab };
  if (a === null) { // the wire's owner does not cut their own: one other player who may act is the one
    const off = actorOff({ state, t, ui }, { k: "dual" });
    const others = state.setup.players.map((_, q) => q).filter((q) => q !== p && !off.has(q));
    if (others.length === 1) a = others[0];
  }
  ui.draft = { k: "dual", a, p, s, js: [j] };
  ui.sheetError = null;
}

export function slotActs(app) {
  const ui = app.ui;

  /** Record what the open slot shows, changed by `fn(slot, shown)`. */
  function setSlot(fn) {
    const [p, s, j] = ui.sheet.key.split("-").map(Number);
    const t = app.derived();
    const sl = t.stands[p][s][j];
    const slot = { c: sl.c, v: sl.v, m: sl.m, col: sl.col };
    fn(slot, sl);
    if (!commitEntry(app, { k: "set", p, s, j, slot })) app.render();
  }

  return {
    why: (value) => {
      if (ui.sheet?.mode === "slot") app.askWhy?.(ui.sheet.key, value);
    },
    slot: (key) => {
      const ask = ui.draft && (ui.sheet?.mode === "action" || (ui.sheet?.mode === "slot" && ui.sheet.tab === "cut" && underWay(ui.draft, true)))
        ? S.nextAsk(app.state, app.derived(), ui.draft)?.ask : null;
      // the Disintegrator's list of cut wires stays open to taps after a "Done" the replay refused
      if (ask === "slots" || ask === "spots" || (ui.sheet?.mode === "action" && ui.draft?.k === "disint" && ui.draft.v)) {
        if (ui.draft.k === "disint" || ui.draft.k === "special") ui.draft.done = false;
        pickSlot(app, key);
        maybeCommit(app);
      } else if (ask) {
        // an action under way asks something else first: the tap must not throw its answers away
        ui.sheetError = "Answer the sheet's question first (or close the sheet to start again).";
      } else {
        openSlot(app, key);
      }
      app.render();
    },
    "close-sheet": () => {
      if (!ui.sheet && !ui.share) return;
      if (ui.share) { // the Share panel first: the sheet under it comes back as it was
        ui.share = null;
        app.render();
        return;
      }
      if (firstTapWarns(ui, "close", "×", "Not recorded yet: tap × again to close without recording it.")) {
        app.render();
        return;
      }
      app.closeSheet();
      app.render();
    },
    tab: (arg) => {
      ui.sheet.tab = arg;
      app.render();
    },
    "set-info": (v) => setSlot((slot) => Object.assign(slot, { c: "info", v, col: null })),
    "set-mark": (m) => setSlot((slot) => { slot.m = slot.m === m ? null : m; }),
    "set-not": (n) => setSlot((slot) => { slot.m = slot.m === `!${n}` ? null : `!${n}`; }),
    "set-colour": (col) => setSlot((slot) => { slot.col = slot.col === col ? null : col; }),
    "set-cut": (v) => setSlot((slot) => Object.assign(slot, { c: "cut", v, col: null })),
    see: (v) => {
      const [p, s, j] = ui.sheet.key.split("-").map(Number);
      if (!commitEntry(app, { k: "see", p, s, j, v })) app.render();
    },
    "set-clear": () => {
      // clearing the slot an entry set, from that entry's edit: the entry goes (no "shows nothing" line left behind)
      const edit = ui.sheet?.edit;
      if (edit !== undefined && app.state.log[edit]?.k === "set") {
        const gone = app.derived().entries[edit]?.text;
        app.closeSheet();
        app.commit(S.replaceEntry(app.state, edit, null));
        app.view.flash?.(`Deleted: ${gone} (Undo brings it back)`);
        return;
      }
      setSlot((slot) => Object.assign(slot, { c: "h", v: null, m: null, col: null }));
    },
  };
}
