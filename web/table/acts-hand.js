// Taps on the hand screen (my own wires) and on "who are you?".

import * as S from "./table-state.js";
import { int } from "./table-store.js";

export function handActs(app) {
  return {
    "hand-add": (arg) => {
      const [s, label] = arg.split(":");
      const next = S.handAdd(app.state, int(s), label);
      if (next !== app.state && S.handComplete(next)) next.phase = "table";
      app.commit(next);
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
      next.setup.me = arg === "" ? null : int(arg);
      next.hand = next.setup.me === null ? [] : S.publicHand(state, next.setup.me);
      next.phase = next.setup.me === null ? "table" : "hand";
      app.commit(next);
    },
  };
}
