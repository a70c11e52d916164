// Taps on the setup screen: mission, wires, players, who I am, and starting the game.

import * as S from "./table-state.js";
import { int } from "./table-store.js";

export function setupActs(app) {
  /** Change the setup in a copy, keep "me" and the captain among the players, commit. */
  function setSetup(fn) {
    const next = structuredClone(app.state);
    fn(next.setup, next);
    next.setup.me = next.setup.me !== null && next.setup.me >= next.setup.players.length ? null : next.setup.me;
    if (next.setup.captain >= next.setup.players.length) next.setup.captain = 0;
    app.commit(next);
  }

  return {
    setup: () => app.commit({ ...structuredClone(app.state), phase: "setup" }),
    "new-game": () => {
      const next = structuredClone(app.state);
      Object.assign(next, { phase: "setup", hand: [], log: [], redo: [] });
      app.closeSheet();
      app.commit(next);
    },
    mission: (arg) => {
      const m = app.missions?.find((x) => x.number === int(arg)) ?? null;
      setSetup((su, next) => {
        next.setup = S.applyMission(su, m);
        if (!m) next.setup.mission = null;
      });
    },
    "colour-mode": (arg) => {
      const [colour, mode] = arg.split(":");
      setSetup((su) => {
        su[colour].mode = mode;
      });
    },
    "colour-num": (arg) => {
      const [colour, field, n] = arg.split(":");
      setSetup((su) => {
        const list = su[colour][field];
        const k = int(n);
        su[colour][field] = list.includes(k) ? list.filter((x) => x !== k) : [...list, k].sort((a, b) => a - b);
      });
    },
    "colour-keep": (arg) => {
      const [colour, k] = arg.split(":");
      setSetup((su) => {
        su[colour].keep = int(k);
      });
    },
    "blue-lo": (arg) => setSetup((su) => { su.blue[0] = Math.min(int(arg), su.blue[1]); }),
    "blue-hi": (arg) => setSetup((su) => { su.blue[1] = Math.max(int(arg), su.blue[0]); }),
    tokens: (arg) => setSetup((su) => { su.tokens = arg; }),
    number: (arg) => setSetup((su) => {
      const n = int(arg);
      const nums = su.numbers ?? [];
      su.numbers = nums.includes(n) ? nums.filter((x) => x !== n) : [...nums, n];
    }),
    card: (arg) => setSetup((su) => {
      const cards = su.cards ?? [];
      su.cards = cards.includes(arg) ? cards.filter((c) => c !== arg) : [...cards, arg].sort();
    }),
    toggle: (arg) => setSetup((su) => { su[arg] = !su[arg]; }),
    "player-count": (arg) => setSetup((su, next) => {
      const n = int(arg);
      const before = su.players.length;
      while (su.players.length < n) su.players.push(S.NAMES[su.players.length]);
      su.players.length = n;
      su.mistakes = n - 1;
      // a preset that deals other wires to this many players asks for its numbers again
      const m = app.missions?.find((x) => x.number === su.mission) ?? null;
      if (S.dealChanges(m, before, n)) next.setup = S.applyMission(su, m);
    }),
    name: (value, _ev, p) => setSetup((su) => { su.players[int(p)] = String(value).slice(0, 20); }),
    me: (arg) => setSetup((su, next) => {
      su.me = arg === "" ? null : int(arg);
      next.hand = [];
    }),
    captain: (arg) => setSetup((su) => { su.captain = int(arg); }),
    mistakes: (arg) => setSetup((su) => { su.mistakes = int(arg); }),
    "red-deal": (arg) => {
      const [p, s, delta] = arg.split(":").map(int);
      setSetup((su, next) => {
        next.setup = S.setRedDeal(su, p, s, delta);
      });
    },
    start: () => app.commit({
      ...structuredClone(app.state),
      phase: app.state.setup.me === null || S.handComplete(app.state) ? "table" : "hand",
    }),
  };
}
