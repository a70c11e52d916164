// Mission 29 at the table after a round (test_card_risk_both_sides.py): the page's `card_risk` on my turn, its
// mission_play document and its engine document, as JSON — for the arena's Guess.rules to be read on the same table.
import * as S from "../../web/table/table-state.js";
import { missionPlayDoc } from "../../web/table/play-docs.js";
import { preset, withPlayers } from "../../e2e_tests/js/tables.mjs";

let s = S.defaultState();
s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 29, number_cards: "guess" }));
s.phase = "table";
for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
s.setup.guess_mine = [4, 12];
// a round: each turn a cut, then the card put down for it shown (from the player on the actor's right)
const round = [
  [{ k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } }, 6],
  [{ k: "dual", a: 1, p: 2, s: 0, j: 0, v: "2", ok: false, real: "1" }, 4],
  [{ k: "dual", a: 2, p: 3, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } }, 9],
  [{ k: "dual", a: 3, p: 1, s: 0, j: 11, v: "11", ok: false, real: "12" }, 2],
];
for (const [cut, shown] of round) {
  s = S.addEntry(s, cut);
  s = S.addEntry(s, { k: "shown", a: cut.a, v: String(shown) });
}
const t = S.derive(s);
const failed = t.entries.filter((e) => !e.ok);
if (failed.length) throw new Error(JSON.stringify(failed));
process.stdout.write(JSON.stringify({ turn: t.turn, risk: S.movesDoc(s, t).rules.card_risk ?? [], play: missionPlayDoc(s, t).mission_play,
  engine: S.engineDoc(s, t) }));
