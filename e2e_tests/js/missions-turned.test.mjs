// Turned-around wires (38, 56, 64) at the table: my hand skips them, the engine sees T, a teammate's is seen,
// cutting one costs, and a ranked cut of mine becomes its draft.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, withPlayers } from "./tables.mjs";
import { cutLabelOptions, settleDraft } from "../../web/table/draft-options.js";

test("turned-around wires (38, 56, 64): my hand skips them, the engine sees T, a teammate's is seen, cutting one costs", () => {
  const m = preset({ number: 64, red: { count: 1, of: null, known: 0, in_play: 1, numbers_needed: 1 }, turned: "ends" });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  st.setup.red.nums = [5];
  st.setup.me = 0;
  const sizes = S.standSizes(st.setup);
  assert.deepEqual(S.turnedSlots(st.setup, 1, 0, sizes[1][0]), [0, sizes[1][0] - 1]);
  for (const l of ["1", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) st = S.handAdd(st, 0, l);
  assert.equal(st.hand[0].length, sizes[0][0] - 2, "two of my slots are turned: I enter the others");
  assert.ok(S.handComplete(st));
  st.phase = "table";
  let t = S.derive(st);
  const doc = S.engineDoc(st, t);
  assert.match(doc.players[0].stands[0], /^T \?1 .* T$/);
  assert.match(doc.players[1].stands[0], /^T \? .* T$/);
  st = S.addEntry(st, { k: "see", p: 1, s: 0, j: 0, v: "2" });
  t = S.derive(st);
  assert.match(S.engineDoc(st, t).players[1].stands[0], /^T\?2 /);
  // the higher turned wire, far right, cannot be seen lower than the far-left one
  const last = sizes[1][0] - 1;
  assert.equal(S.turnedOutOfOrder(t, st.setup, 1, 0, last, "1"), "Bob slot A (2)");
  assert.equal(S.turnedOutOfOrder(t, st.setup, 1, 0, last, "2"), null);
  assert.match(S.derive(S.addEntry(st, { k: "see", p: 1, s: 0, j: last, v: "1" })).entries.at(-1).error,
    /cannot be 1: a player's turned-around wires lie in order, and Bob slot A \(2\) is another/);
  assert.equal(S.engineDoc(st, t, { public: true }).players[1].stands[0].split(" ")[0], "T", "the public view does not see it");
  const rules = S.missionRules(st, t);
  // one rule for every player: the engine applies it to every turned wire but the acting player's
  assert.equal(rules.turned.kind, "costly");
  assert.match(rules.turned.why, /detonator .*mission 64/);
  assert.equal(rules.costly, undefined);
  // cutting Bob's turned 2 works, but the detonator moves
  const before = t.mistakesLeft;
  st = S.addEntry(st, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "2", ok: true, cut: "2", as: { s: 0, j: 3 }, av: "2" });
  t = S.derive(st);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.mistakesLeft, before - 1);
  assert.match(t.entries.at(-1).text, /✓ cut 2 — a turned-around wire: the detonator moves$/, "the log says what it cost");
  // under a Stabilizer too: it holds a failure only (the arena and the engine count it so; the page held it)
  const stab = S.derive(S.addEntry(S.replaceEntry(st, st.log.length - 1, { k: "stabilizer", a: 0 }), st.log.at(-1)));
  assert.ok(stab.entries.every((e) => e.ok), JSON.stringify(stab.entries));
  assert.equal(stab.mistakesLeft, before - 1);
  assert.match(stab.entries.at(-1).text, /a turned-around wire: the detonator moves \(the Stabilizer holds a failure only\)$/);
  // the same cut said with my wire E (a 4, not a 2): refused halfway, it leaves nothing behind —
  // Bob's turned wire uncut and seen, the detonator where it was
  const refused = S.replaceEntry(st, st.log.length - 1, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "2", ok: true, cut: "2", as: { s: 0, j: 4 }, av: "2" });
  const tr = S.derive(refused);
  assert.equal(tr.entries.at(-1).ok, false);
  assert.equal(tr.stands[1][0][0].c, "h", JSON.stringify(tr.stands[1][0][0]));
  assert.equal(tr.stands[1][0][0].own, "2");
  assert.equal(tr.mistakesLeft, before);
  // a teammate's sighting of my own turned wire (a shared link, a seat changed) is no error and tells me nothing
  const seen = S.addEntry(st, { k: "see", p: 0, s: 0, j: 0, v: "3" });
  t = S.derive(seen);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.doesNotMatch(t.entries.at(-1).text, /3/);
  assert.match(t.entries.at(-1).text, /not shown to you/);
  assert.equal(t.stands[0][0][0].own, null);
  assert.match(S.engineDoc(seen, t).players[0].stands[0], /^T /, "my own turned wire stays unseen");
  // the same log from Bob's seat: Ann's turned wire is seen, Bob's own is not
  const bob = structuredClone(seen);
  bob.setup.me = 1;
  bob.hand = [];
  const tb = S.derive(bob);
  assert.ok(tb.entries.every((e) => e.ok), JSON.stringify(tb.entries));
  assert.equal(tb.stands[0][0][0].own, "3");
  // 38: only the captain's far right; the others may not cut it
  const m38 = preset({ number: 38, turned: "captain" });
  let s38 = S.defaultState();
  s38.setup = S.applyMission(withPlayers(4, 2), m38);
  s38.setup.me = 0;
  s38.phase = "table";
  const t38 = S.derive(s38);
  const rules38 = S.missionRules(s38, t38);
  assert.deepEqual(rules38.turned.kind, "locked");
  assert.match(rules38.turned.why, /only the captain/);
  assert.match(S.engineDoc(s38, t38).players[2].stands[0], / T$/, "the captain's far right is turned");
  assert.deepEqual(rules38.locked, []);
  assert.equal(S.turnedRule(S.defaultState()), null, "no rule without turned wires");
});

test("a ranked cut of my turned-around wire becomes a dual-cut draft with my turned wire as mine", () => {
  const m = preset({ number: 56, turned: "each" });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  st.setup.me = 0;
  const d = S.draftFromMove(st, { kind: "turned_cut", player: 2, stand: 0, slots: [4], value: 7, mine: [0, 11] });
  assert.deepEqual(d, { k: "dual", a: 0, as: { s: 0, j: 11 }, p: 2, s: 0, js: [4], v: "7" });
});

test("my turned-around wire left surely red: the advised reveal asks which red it was and cuts it", () => {
  const m = preset({ number: 56, turned: "each", red: { count: 2, of: 3, known: 0, in_play: 2, numbers_needed: 3 } });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  st.setup.red.nums = [4, 9, 11];
  st.setup.me = 0;
  const n = S.standSizes(st.setup)[0][0];
  const hand = ["1", "2", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"].slice(0, n - 1);
  for (const l of hand) st = S.handAdd(st, 0, l);
  st.phase = "table";
  hand.forEach((l, j) => { st = S.addEntry(st, { k: "set", p: 0, s: 0, j, slot: { c: "cut", v: l } }); });
  let t = S.derive(st);
  const turned = n - 1; // 56: the far right
  assert.equal(t.stands[0][0][turned].c, "h");
  const A = { state: st, t, laws: new Map([[`0-0-${turned}`, { probs: { R9: 0.5, R11: 0.5 } }]]), editing: false };
  const d = settleDraft(A, S.draftFromMove(st, { kind: "reveal_red", player: null, slots: [[0, turned]], value: "RED" }));
  assert.deepEqual(d.slots, [{ s: 0, j: turned }], "every uncut wire of mine is revealed");
  assert.equal(S.nextAsk(st, t, d).ask, "cut_label", "which red: the table leaves two");
  assert.deepEqual(cutLabelOptions(A, d, 0), ["R9", "R11"]);
  st = S.addEntry(st, S.buildEntry(st, t, { ...d, cuts: ["R9"] }));
  t = S.derive(st);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.equal(t.stands[0][0][turned].c, "cut");
  assert.equal(t.stands[0][0][turned].v, "R9");
  // one red left in the law: nothing is asked
  const one = { ...A, laws: new Map([[`0-0-${turned}`, { probs: { R11: 1 } }]]) };
  const sure = settleDraft(one, S.draftFromMove(A.state, { kind: "reveal_red", player: null, slots: [[0, turned]], value: "RED" }));
  assert.deepEqual(sure.cuts, ["R11"]);
  assert.equal(S.nextAsk(A.state, A.t, sure), null);
});

test("64: a failed cut with my own turned-around wire (the bomb exploded) says nothing of what I hold — no 'has' fact, which the engine read over the wires I see and found impossible", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 64, turned: "ends" }));
  s.setup.mission = 64;
  s.setup.red = { mode: "list", nums: [8], keep: 1, known: [] };
  s.phase = "table";
  for (const l of ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 1, v: "1", ok: false, real: "T!" });
  const t = S.derive(s);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.exploded, true);
  assert.deepEqual(S.engineDoc(s, t).facts.filter((f) => f.kind === "has"), []);
});

test("56, 64: a player's own turned-around wire is cut by a regular cut only — a Double Detector or X-or-Y Ray success with it is refused, and not offered", async () => {
  const { actorSlots } = await import("../../web/table/draft-options.js");
  const m = preset({ number: 64, red: { count: 1, of: null, known: 0, in_play: 1, numbers_needed: 1 }, turned: "ends" });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  st.setup.red.nums = [5];
  st.setup.me = null; // watched: Bob's turned A seen as a 2
  st.phase = "table";
  st = S.addEntry(st, { k: "see", p: 1, s: 0, j: 0, v: "2" });
  const dd = { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [1, 2], v: "2", ok: true, hit: 1, cut: "2", as: { s: 0, j: 0 } };
  assert.match(S.derive(S.addEntry(st, dd)).entries.at(-1).error, /Bob slot A is Bob's turned-around wire: it is cut by a regular cut only/);
  const ray = { k: "xray", a: 1, p: 2, s: 0, j: 1, vs: ["2", "3"], ok: true, cut: "2", as: { s: 0, j: 0 } };
  st.setup.table_cards = ["10"];
  assert.match(S.derive(S.addEntry(st, ray)).entries.at(-1).error, /turned-around wire: it is cut by a regular cut only/);
  const dual = { k: "dual", a: 1, p: 2, s: 0, j: 1, v: "2", ok: true, cut: "2", as: { s: 0, j: 0 } };
  assert.ok(S.derive(S.addEntry(st, dual)).entries.at(-1).ok, "a regular cut may take it");
  const A = { state: st, t: S.derive(st), laws: null, editing: false };
  assert.ok(actorSlots(A, { k: "dual", a: 1, v: "2" }).some((x) => x.j === 0));
  assert.ok(!actorSlots(A, { k: "double", a: 1, v: "2" }).some((x) => x.j === 0));
});

/** Mission 64 with 4 players, me (Ann) with my wires in, my two turned-around wires unseen: play under way. */
function mine64() {
  const m = preset({ number: 64, red: { count: 1, of: null, known: 0, in_play: 1, numbers_needed: 1 }, turned: "ends" });
  let st = S.defaultState();
  st.setup = S.applyMission(withPlayers(4, 0), m);
  st.setup.red.nums = [5];
  st.setup.me = 0;
  for (const l of ["1", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) st = S.handAdd(st, 0, l);
  st.phase = "table";
  return st;
}

test("64: my cut naming a value I see on my stand is made with that wire — my turned-around wires are not offered as the one cut", async () => {
  const { actorSlots } = await import("../../web/table/draft-options.js");
  const st = mine64();
  const A = { state: st, t: S.derive(st), laws: null, editing: false };
  const seven = actorSlots(A, { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "7", ok: true });
  assert.ok(seven.length >= 1 && seven.every((x) => !A.t.stands[0][x.s][x.j].tw), JSON.stringify(seven));
  // a turned-around wire the table makes sure a 7 is offered beside it: its owner may cut it so (56's walkthrough)
  const tw = A.t.stands[0][0].findIndex((sl) => sl.tw);
  const sure = actorSlots({ ...A, laws: new Map([[`0-0-${tw}`, { probs: { 7: 1 } }]]) }, { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "7", ok: true });
  assert.ok(sure.some((x) => x.j === tw) && sure.some((x) => x.j !== tw), JSON.stringify(sure));
});

test("64: 'I see it' greys the values the engine rules out on that turned-around wire (it offered 12 at 0 %)", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const st = mine64();
  const t = S.derive(st);
  const laws = new Map([["1-0-0", { probs: { 1: 0.5, 2: 0.5 } }]]);
  const html = String(sheetTemplate({ state: st, t, laws, missions: [], ui: { sheet: { mode: "slot", key: "1-0-0", tab: "set" }, draft: null }, holdings: null }));
  assert.match(html, /data-testid="see-2"(?![^>]*disabled)/);
  assert.match(html, /data-testid="see-12"[^>]*disabled/);
});

test("64: an 'I see it' entry edited opens on its slot's I see it keypad, and a value tapped there replaces it (56's walkthrough: it opened as a cut that could not be recorded)", async () => {
  const { logActs } = await import("../../web/table/acts-log.js");
  const { slotActs } = await import("../../web/table/acts-slot.js");
  const st = S.addEntry(mine64(), { k: "see", p: 1, s: 0, j: 0, v: "2" });
  const app = {
    state: st, results: {}, ui: {}, derived() { return S.derive(this.state); }, render() {}, view: {},
    closeSheet() { this.ui.sheet = null; this.ui.draft = null; }, commit(next) { this.state = next; },
  };
  logActs(app).edit("0");
  assert.deepEqual(app.ui.sheet, { mode: "slot", key: "1-0-0", tab: "set", edit: 0 });
  slotActs(app).see("1");
  assert.deepEqual(app.state.log, [{ k: "see", p: 1, s: 0, j: 0, v: "1" }]);
  assert.ok(app.derived().entries[0].ok);
});
