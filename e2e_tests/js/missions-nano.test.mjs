// Mission 43 (Nano's wires dealt aside, taken into a stand) and mission 53 in the table app's state (web/table/nano-track.js): Nano in place of the detonator, followed
// from the log — on a space per success, back one for a success on the value of its space, two per failure,
// the bomb lost on 12 — told to the advice (rules.nano_value, only_values on 11) and to the playouts.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, withPlayers } from "./tables.mjs";

const nanoTable = (hand = ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 53, special: ["nano_detonator"] }));
  s.phase = "table";
  for (const l of hand) s = S.handAdd(s, 0, l);
  return s;
};

const ok = (a, p, j, v, as) => ({ k: "dual", a, p, s: 0, j, v, ok: true, cut: v, as: { s: 0, j: as } });
const miss = (a, p, j, v, real) => ({ k: "dual", a, p, s: 0, j, v, ok: false, real });

test("53: Nano moves on a space per success, back one on its own value, two per failure", () => {
  let s = nanoTable();
  let t = S.derive(s);
  assert.equal(t.nanoSpace, 0);
  assert.equal(t.mistakesLeft, 5); // before 1: five failures take Nano to 11
  assert.deepEqual(S.missionRules(s, t).nano_value, undefined);
  s = S.addEntry(s, ok(2, 3, 5, "5", 4)); // Cat cuts a 5: Nano on 1
  assert.equal(S.derive(s).nanoSpace, 1);
  s = S.addEntry(s, ok(3, 0, 0, "1", 0)); // Dan cuts my 1, Nano's value: back before 1
  assert.equal(S.derive(s).nanoSpace, 0);
  s = S.addEntry(s, miss(0, 1, 3, "6", "4")); // I fail on Bob's wire: two spaces
  assert.equal(S.derive(s).nanoSpace, 2);
  s = S.addEntry(s, ok(1, 0, 1, "2", 1)); // Bob cuts my 2 with Nano on 2: back to 1
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.nanoSpace, 1);
  assert.equal(t.mistakesLeft, 5);
  assert.equal(t.exploded, false);
  const rules = S.missionRules(s, t);
  assert.equal(rules.nano_value.value, 1);
  assert.match(rules.nano_value.why, /Nano is on 1: cutting a 1 takes it back/);
  assert.equal(rules.only_values, undefined);
  assert.deepEqual(S.nanoPlayDoc(s.setup, t), { mission_play: { kind: "nano_detonator", space: 1 } });
  assert.equal(S.movesDoc(s, t).mistakes_left, 5);
});

test("53: on 11 only an 11 may be cut, and a failure there loses the bomb to Nano", () => {
  let s = nanoTable();
  s = S.addEntry(s, ok(2, 3, 5, "5", 4)); // Nano on 1
  const fails = [[3, 1, 0, "7", "4"], [0, 1, 1, "8", "4"], [1, 2, 0, "9", "4"], [2, 1, 2, "10", "4"], [3, 2, 1, "12", "4"]];
  for (const f of fails) s = S.addEntry(s, miss(...f));
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.nanoSpace, 11);
  assert.equal(t.mistakesLeft, 0);
  assert.equal(t.exploded, false); // the detonator's dial (3 mistakes with 4 players) does not count here
  assert.deepEqual(S.missionRules(s, t).only_values.values, [11]);
  const values = Array.from({ length: 12 }, (_, k) => String(k + 1));
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 0 }, values), ["11"], "I hold an 11: only it");
  // no 11 in my hand: every turn is a cut all the same, and any takes Nano to 12 — my values are offered, not none
  const no11 = [...s.log].reduce((x, e) => S.addEntry(x, e), nanoTable(["12", "1", "5", "3", "3", "7", "9", "2", "4", "10", "6", "8"]));
  assert.deepEqual(S.nameableValues(no11, S.derive(no11), { k: "dual", a: 0 }, values), ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12"]);
  s = S.addEntry(s, miss(0, 3, 2, "3", "4"));
  t = S.derive(s);
  assert.equal(t.nanoSpace, 13);
  assert.equal(t.exploded, true);
});

test("the detonator is untouched outside mission 53", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 99 }));
  s.phase = "table";
  s = S.addEntry(s, ok(2, 3, 5, "5", 4));
  const t = S.derive(s);
  assert.equal(t.nanoSpace, 0);
  assert.equal(t.mistakesLeft, s.setup.mistakes);
  assert.deepEqual(S.nanoPlayDoc(s.setup, t), {});
  assert.equal(S.missionRules(s, t).nano_value, undefined);
});

const nano43 = () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 43, nano: 4 }));
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  return s;
};

test("43: Nano walks a space per turn, turns around at 12, and its value is told while it holds wires", () => {
  let s = nano43();
  let t = S.derive(s);
  assert.equal(t.nanoSpace, 1);
  assert.match(S.missionRules(s, t).nano_value.why, /Nano will be on 3 on your turn: cutting a 3 takes one of its 4 wires/, "Cat, Dan, then me");
  assert.match(S.missionRules({ ...s, setup: { ...s.setup, me: 2 } }, t).nano_value.why, /Nano is on 1: cutting a 1 takes one of its 4 wires/);
  for (let k = 0; k < 13; k += 1) { // 13 failed cuts on Bob's, Cat's and Dan's first slots, shown 1, 2, 3, …
    const p = 1 + (k % 3);
    const j = Math.floor(k / 3);
    s = S.addEntry(s, miss((p + 1) % 4, p, j, "9", String(j + 1)));
  }
  s.setup.mistakes = 20; // enough failures for the walk (the detonator is not what this test reads)
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.nanoSpace, 12 - 2); // 1 -> 12 in 11 turns, then back: 11, 10
  // Dan plays now, then me: my best cuts are for my turn, Nano a space on by then (it credited 10, a space Nano leaves)
  assert.equal(t.turn, 3);
  assert.equal(S.missionRules(s, t).nano_value.value, 9);
  assert.match(S.missionRules(s, t).nano_value.why, /Nano will be on 9 on your turn: cutting a 9 takes one of its 4 wires/);
  assert.deepEqual(S.nanoPlayDoc(s.setup, t), { mission_play: { kind: "nano_track", space: 10, step: -1 } });
  s = S.addEntry(s, { k: "label", a: 0, kind: "different", s: 0, js: [0, 1] }); // equipment: no turn
  assert.equal(S.derive(s).nanoSpace, 10);
});

test("43: with Nano's wires all taken its value is no longer told", () => {
  let s = nano43();
  s.setup.nano = 1;
  s = S.addEntry(s, { k: "nano", a: 1, to: { s: 0, j: 0 } });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.nanoLeft, 0);
  assert.equal(S.missionRules(s, t).nano_value, undefined);
});

test("43: a cut of Nano's value makes its cutter due to take one of Nano's wires; the keypad of the wire I got fits its slot", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 43, nano: 4 }));
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  assert.equal(S.derive(s).nanoSpace, 1);
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } }); // Cat cuts my 1, Nano on 1
  let t = S.derive(s);
  assert.equal(t.nanoDue, 2, "Cat takes one of Nano's wires");
  s = S.addEntry(s, { k: "nano", a: 2, to: { s: 0, j: 3 } });
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.nanoDue, null);
  assert.equal(t.nanoLeft, 3);
  // my own take, filed between my 3s and my 5 (slot E of 2 3 3 5 …, the 1 cut at A): only a 3, 4 or 5 fits there
  const labels = ["1", "2", "3", "4", "5", "6", "12"];
  assert.deepEqual(S.gotFits(s, t, { k: "nano", a: 0, to: { s: 0, j: 4 } }, labels), ["3", "4", "5"]);
  assert.deepEqual(S.gotFits(s, t, { k: "nano", a: 0 }, labels), labels, "no slot yet: anything");
  // three 12s cut on the teammates' stands, mine the fourth: no 12 is left to get
  const twelves = [1, 2, 3].reduce((x, p) => S.addEntry(x, { k: "set", p, s: 0, j: 10, slot: { c: "cut", v: "12" } }), s);
  assert.deepEqual(S.gotFits(twelves, S.derive(twelves), { k: "nano", a: 0 }, labels), ["1", "2", "3", "4", "5", "6"]);
});

test("Nano (43): its wires are dealt aside; a wire taken from it grows the taker's stand and is a nano move", () => {
  const red3 = { red: { count: 3, of: null, known: 0, in_play: 3, numbers_needed: 3 } };
  const m = preset({ number: 43, ...red3, wires_in_play: 51, players: { 4: { ...red3, wires_in_play: 51, nano: 4 }, 5: { ...red3, wires_in_play: 51, nano: 3 } } });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  assert.equal(st.setup.nano, 4);
  assert.equal(S.applyMission(withPlayers(5, 0), m).nano, 3);
  st.setup.red.nums = [2, 5, 8];
  st.setup.me = 1;
  assert.deepEqual(S.standSizes(st.setup), [[12], [12], [12], [11]], "47 wires dealt: 4 to Nano first");
  st.phase = "table";
  // Cat takes one and files it at her C; then I take one (a 7) at my slot D: a hand is not entered, so I see it only as the log says
  st = S.addEntry(st, { k: "nano", a: 2, to: { s: 0, j: 2 } });
  let t = S.derive(st);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.stands[2][0].length, 13);
  let doc = S.engineDoc(st, t);
  assert.equal(doc.nano, 4);
  assert.deepEqual(doc.moves, [{ kind: "nano", wires: [{ to: [2, 0, 2] }] }]);
  assert.match(t.entries[0].text, /Cat takes a wire from Nano → Cat C/);
  // four taken: a fifth is refused by name
  for (let i = 0; i < 3; i++) st = S.addEntry(st, { k: "nano", a: 3, to: { s: 0, j: 0 } });
  t = S.derive(st);
  assert.ok(t.entries.every((e) => e.ok));
  assert.equal(t.stands[3][0].length, 14);
  t = S.derive(S.addEntry(st, { k: "nano", a: 0, to: { s: 0, j: 0 } }));
  assert.match(t.entries.at(-1).error, /Nano has no wire left \(it was dealt 4\)/);
  // the draft flow: who, where it was filed; the entry round-trips through an edit
  const d = { k: "nano", a: 2 };
  assert.deepEqual(S.nextAsk(st, t, d), { ask: "file", field: "to", who: 2 });
  const e = S.buildEntry(st, t, { ...d, to: { s: 0, j: 1 } });
  assert.deepEqual(e, { k: "nano", a: 2, to: { s: 0, j: 1 } });
  assert.deepEqual(S.buildEntry(st, t, S.draftFromEntry(e)), e);
  // undo takes the wire back to Nano
  t = S.derive(S.undo(st));
  assert.equal(t.stands[3][0].length, 13);
  assert.equal(t.nanoLeft, 1);
  // my own take: a 12 filed at my far left is refused by name, and leaves my stand and Nano as they were
  let mine = S.defaultState();
  mine.setup = { ...st.setup, me: 0 };
  for (const l of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) mine = S.handAdd(mine, 0, l);
  mine.phase = "table";
  t = S.derive(S.addEntry(mine, { k: "nano", a: 0, to: { s: 0, j: 0 }, got: "12" }));
  assert.match(t.entries.at(-1).error, /your 12 cannot sit there/);
  assert.equal(t.stands[0][0].length, 12);
  assert.equal(t.nanoLeft, 4);
  assert.equal(S.engineDoc(mine, t).moves, undefined);
});

test("53: beside ✓ and ✗, the tap that takes Nano to 12 says the bomb explodes (the walkthrough: no warning)", async () => {
  const { resultAsk } = await import("../../web/table/flow-templates.js");
  let s = nanoTable();
  s = S.addEntry(s, ok(2, 3, 5, "5", 4)); // Nano on 1
  for (const f of [[3, 1, 0, "7", "4"], [0, 1, 1, "8", "4"], [1, 2, 0, "9", "4"], [2, 1, 2, "10", "4"]]) s = S.addEntry(s, miss(...f));
  let t = S.derive(s);
  assert.equal(t.nanoSpace, 9);
  const ask = (st, d) => String(resultAsk({ ctx: { state: st, t: S.derive(st), ui: { sheet: { mode: "action" } } }, d }).text ?? "");
  const bob = (v) => ({ k: "dual", a: 1, p: 3, s: 0, js: [4], v });
  assert.doesNotMatch(ask(s, bob("12")), /result-nano-end/, "on 9: ✗ takes it to 11, ✓ to 10");
  s = S.addEntry(s, ok(3, 2, 3, "4", 3)); // on to 10
  assert.match(ask(s, bob("12")), /data-testid="result-nano-end">Nano is on 10: ✗ takes it to 12 — the bomb explodes/);
  assert.doesNotMatch(ask(s, bob("12")), /✓ takes it/, "a success: on to 11");
  s = S.addEntry(s, ok(0, 3, 6, "6", 5)); // on to 11 (my 6)
  t = S.derive(s);
  assert.equal(t.nanoSpace, 11);
  assert.match(ask(s, bob("12")), /Nano is on 11: ✓ takes it to 12 — the bomb explodes/);
  assert.doesNotMatch(ask(s, bob("11")), /✓ takes it to 12/, "a cut of 11 takes Nano back");
  assert.doesNotMatch(ask(nanoTable(), bob("12")), /result-nano-end/, "far from 12: nothing");
});

test("53: Nano on 11 and no 11 of mine: My best cuts say every other cut explodes the bomb (not 'no cut the rules let me make')", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = nanoTable(["12", "1", "5", "3", "3", "7", "9", "2", "4", "10", "6", "8"]);
  s = S.addEntry(s, ok(2, 3, 5, "5", 4)); // Nano on 1
  for (const f of [[3, 1, 0, "7", "4"], [0, 1, 1, "8", "4"], [1, 2, 0, "9", "4"], [2, 1, 2, "10", "4"], [3, 2, 1, "12", "4"]]) s = S.addEntry(s, miss(...f));
  const t = S.derive(s);
  assert.equal(t.nanoSpace, 11);
  const page = String(movesTemplate({ state: s, t, moves: { moves: [], forbidden: [{ kind: "dual_cut", player: 1, stand: 0, slots: [3], value: 12, p_success: 0.5, forbidden: "x" }] }, ui: {}, laws: null }));
  assert.match(page, /Every cut but a successful 11 takes Nano to 12: the bomb explodes whatever else I cut/);
});

test("43: a player count changed after the mission is picked deals Nano its wires for that count (5/4/4/3)", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const m = { ...preset({ number: 43, nano: 4 }), number: 43, players: { 2: { nano: 5 }, 3: { nano: 4 }, 4: { nano: 4 }, 5: { nano: 3 } } };
  const s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), m);
  s.phase = "setup";
  const app = { state: s, missions: [m], commit(next) { this.state = next; }, derived() { return S.derive(this.state); }, view: { flash: () => {} } };
  assert.equal(app.state.setup.nano, 4);
  setupActs(app)["player-count"]("5");
  assert.equal(app.state.setup.nano, 3, "the walkthrough: 4 players' Nano kept, 47 wires over the stands");
  setupActs(app)["player-count"]("2");
  assert.equal(app.state.setup.nano, 5);
});

test("43: a wire taken from Nano whose cut an edit took back is said beside its entry", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 43, nano: 4 }));
  s.phase = "table";
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } }); // Nano on 1: a cut of 1
  s = S.addEntry(s, { k: "nano", a: 0, to: { s: 0, j: 0 } });
  assert.doesNotMatch(S.derive(s).entries[1].text, /check/);
  const edited = S.replaceEntry(s, 0, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "2", ok: true, cut: "2", as: { s: 0, j: 1 } });
  assert.match(S.derive(edited).entries[1].text, /check: Ann has not just cut a wire of Nano's value/);
});

test("43: Think longer ranks its first moves as My best cuts do (Nano's value told), and plays them out on Nano's track", async () => {
  const { searchDoc, playoutDoc } = await import("../../web/table/playouts.js");
  const s = nano43();
  const t = S.derive(s);
  const doc = searchDoc(s, t);
  assert.deepEqual(doc.rules.nano_value, S.missionRules(s, t).nano_value);
  assert.deepEqual(doc.mission_play, { kind: "nano_track", space: 1, step: 1 });
  assert.equal(doc.mistakes_left, t.mistakesLeft, "the detonator as the table shows it");
  assert.equal(playoutDoc(s, t).rules, undefined, "Estimate's table: the playouts read the rules off each view");
});
