// Missions whose turn is more than one cut: 18 (a number card flipped, the General Radar asked on it, the one named
// cuts it; the turn passes from the player who flipped it).
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, started } from "./tables.mjs";

const eighteen = () => {
  const s = started(); // 4 players, me = Ann (0), the captain
  s.setup = S.applyMission(s.setup, preset({ number: 18, tokens: "none", equipment: ["8"] }));
  return s;
};

test("18: the radar is usable from the start and never spent; the card flipped binds the cut; the turn passes from its flipper", () => {
  let s = eighteen();
  // Ann flips a 7: the radar asks, Bob and Cat say yes; I hold a 7 myself
  const ans = [{ p: 0, s: 0, has: true }, { p: 1, s: 0, has: true }, { p: 2, s: 0, has: true }, { p: 3, s: 0, has: false }];
  s = S.addEntry(s, { k: "radar", v: 7, ans, done: true });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.doesNotMatch(t.entries[0].text, /check/, "no 'not usable yet' in 18");
  assert.equal(t.cards.find((c) => c.id === "8").state, "usable");
  assert.deepEqual(S.missionRules(s, t).only_values?.values, [7], "my cut this turn is a 7");
  // Ann names Bob, who cuts Cat's F as a 7 with his own: the turn passes to Bob (Ann's left), not to Cat (Bob's)
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 5, v: "7", ok: true, cut: "7", as: { s: 0, j: 5 } });
  t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.equal(t.turn, 1);
  assert.equal(t.cards.find((c) => c.id === "8").state, "usable", "the radar is not spent");
  assert.equal(S.missionRules(s, t).only_values, undefined, "the card is used up with the turn");
  // Bob flips a 2, asks, names himself; a cut of a 9 instead is said beside its entry
  s = S.addEntry(s, { k: "radar", v: 2, ans: [{ p: 1, s: 0, has: true }], done: true });
  s = S.addEntry(s, { k: "dual", a: 1, p: 3, s: 0, j: 8, v: "9", ok: false, real: "10" });
  t = S.derive(s);
  assert.equal(t.entries[2].ok, true, t.entries[2].error);
  assert.match(t.entries[3].text, /check: the number card flipped this turn is 2/);
  assert.equal(t.turn, 2, "Cat plays next");
});

test("18: the setup shows its only card face up, and says no token starts on the stands", async () => {
  const { setupTemplate } = await import("../../web/table/setup-templates.js");
  const s = eighteen();
  s.phase = "setup";
  const missions = [{ ...preset({ number: 18, tokens: "none", equipment: ["8"] }), number: 18 }];
  const out = String(setupTemplate(s, missions));
  assert.match(out, /Face up: 8 General Radar — usable from the start and every turn/);
  assert.doesNotMatch(out, /setup-draw-cards/);
  assert.match(out, /tokens: none at the start \(a failure&#39;s shows the value\)/);
});
