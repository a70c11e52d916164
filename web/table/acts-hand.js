// Taps on the hand screen (my own wires), on "Edit my wires" (the same screen opened from the table:
// the changes stay in a draft, ui.handEdit, until Save commits them at once) and on "who are you?".

import * as S from "./table-state.js";
import { int } from "./table-store.js";

/** Taps of "Edit my wires": the draft {hand, pick: the wire tapped to be replaced, {s, i} | null}. */
function editActs(app) {
  const ui = app.ui;
  /** Change the open draft (a stale tap, with no draft open, does nothing) and redraw. */
  const draft = (fn) => (arg) => {
    if (!ui.handEdit) return;
    fn(ui.handEdit, arg);
    app.render();
  };
  return {
    "edit-hand": () => {
      if (app.state.setup.me === null) return;
      app.closeSheet();
      ui.share = null;
      ui.handEdit = { hand: structuredClone(app.state.hand), pick: null };
      app.render();
      window.scrollTo(0, 0);
    },
    "edit-pick": draft((d, arg) => {
      const [s, i] = arg.split(":").map(int);
      d.pick = d.pick?.s === s && d.pick?.i === i ? null : { s, i };
    }),
    "edit-key": draft((d, label) => {
      d.hand = S.handEditKey(app.state, d.hand, d.pick, label);
      d.pick = null;
    }),
    "edit-clear": draft((d) => {
      d.hand = [];
      d.pick = null;
    }),
    "edit-cancel": draft(() => {
      ui.handEdit = null;
    }),
    "edit-save": () => {
      const d = ui.handEdit;
      if (!d || !S.handComplete({ ...app.state, hand: d.hand })) return;
      ui.handEdit = null;
      const next = S.editHand(app.state, d.hand);
      if (next === app.state) app.render();
      else app.commit(next);
    },
  };
}

export function handActs(app) {
  return {
    "hand-add": (arg) => {
      const [s, label] = arg.split(":");
      // around the wires the table shows on my stand; the last one stays on this screen, to be checked before Done
      app.commit(S.handAddAround(app.state, int(s), label));
    },
    "hand-remove": (arg) => {
      const [s, j] = arg.split(":").map(int);
      app.commit(S.handRemove(app.state, s, j));
    },
    "hand-done": () => app.commit({ ...structuredClone(app.state), phase: "table" }),
    "back-setup": () => app.commit({ ...structuredClone(app.state), phase: "setup" }),
    who: (arg) => {
      const state = app.state;
      const next = structuredClone(state);
      next.setup = S.seated(next.setup, arg === "" ? null : int(arg));
      next.hand = next.setup.me === null ? [] : S.publicHand(state, next.setup.me);
      Object.assign(next, { hand_undo: [], hand_redo: [] });
      next.phase = next.setup.me === null ? "table" : "hand";
      app.commit(next);
    },
    ...editActs(app),
  };
}
