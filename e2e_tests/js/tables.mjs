// Tables the JS state tests start from (not a test file: node --test runs *.test.mjs).
import * as S from "../../web/table/table-state.js";

/** A table under way: 4 players, me = Ann (0), my twelve wires entered. */
export const started = () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  return s;
};

/** The fields of the engine's "missions" list that the mission rules read, with `over` changed. */
export const preset = (over) => ({
  number: 99, title: "Mission 99", name: "test", blue: [1, 12], yellow: null, red: null, wires_in_play: 48,
  tokens: "value", x_tokens: false, false_tokens: false, absent_tokens: false, open_red_deal: false,
  random_info_token: false, double_detector: "all", equipment: [], notes: "", x_blue: false, yellow_dealt: "",
  ...over,
});

/** A setup of n players (Ann, Bob, …) with this captain. */
export const withPlayers = (n, captain = 0) => {
  const s = S.defaultSetup();
  s.players = ["Ann", "Bob", "Cat", "Dan", "Eve"].slice(0, n);
  s.captain = captain;
  return s;
};
