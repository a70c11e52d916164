// X wires (20, 35) as the turn log records them: no equipment points at one (a detector, the X-or-Y Ray), and in
// 35 no cut takes one, the cutter's own included, before the 4 yellow wires are cut. Refused by name, slot and
// count; the slot sheet says why before a cut is tapped in. Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { actorSlots, ownSlotOptions } from "../../web/table/draft-options.js";
import { preset, withPlayers } from "./tables.mjs";

const yellow = { yellow: { count: 4, of: null, known: 0, in_play: 4, numbers_needed: 4 } };

/** Mission 35 (or 20 without `after`) with 4 players watched: 13 wires a stand, the X wire in slot M (12). */
function table(after = true) {
  const s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4), preset({ ...yellow, x_tokens: true, x_blue: after, special: after ? ["x_after_yellow"] : [] }));
  s.setup.yellow.nums = [1, 3, 5, 7];
  s.phase = "table";
  return s;
}

const last = (s) => S.derive(s).entries.at(-1);
const yellowsCut = (s) => [[1, 0], [2, 0], [3, 0], [0, 0]].reduce((x, [p, j]) =>
  S.addEntry(x, { k: "set", p, s: 0, j, slot: { c: "cut", v: ["Y1", "Y3", "Y5", "Y7"][p], m: null, col: null } }), s);

test("35: a cut of an X wire waits for the 4 yellow wires, the cutter's own X wire too", () => {
  const s = table();
  const miss = { k: "dual", a: 0, p: 1, s: 0, j: 12, v: "8", ok: false, real: "9" };
  const e = last(S.addEntry(s, miss));
  assert.equal(e.ok, false);
  assert.match(e.error, /slot M is an X wire: an X wire is cut only after the 4 yellow wires \(0 cut so far\)/);
  const mine = last(S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "8", ok: true, cut: "8", as: { s: 0, j: 12 } }));
  assert.equal(mine.ok, false, "the cutter's X wire waits as well");
  const open = yellowsCut(s);
  assert.equal(last(S.addEntry(open, miss)).ok, true, "after the 4 yellows the X wire is cut as any other");
  // the sheet's reason, and the cutter's wires offered: the X wire left out until then
  const t = S.derive(s);
  assert.match(S.xWireWait(s.setup, t.yellowCut, t.stands[1][0][12]), /0 cut so far/);
  assert.equal(S.xWireWait(s.setup, t.yellowCut, t.stands[1][0][11]), null);
  const A = { state: s, t, laws: null, editing: false };
  assert.ok(!actorSlots(A, { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "8", ok: true }).some((x) => x.j === 12));
  // a teammate's solo cut: the X wire greyed among the wires it took, and refused by name (the walkthrough: taken
  // silently, the teammate's real 5 dropped out of its law)
  const solo = { k: "solo", a: 1, slots: [2, 3, 4, 12].map((j) => ({ s: 0, j })), cuts: ["5", "5", "5", "5"] };
  assert.match(last(S.addEntry(s, solo)).error, /slot M is an X wire: an X wire is cut only after the 4 yellow wires/);
  assert.deepEqual(ownSlotOptions(A, { k: "solo", a: 1, v: "5" }).filter((x) => !x.ok).map((x) => x.j), [12]);
  assert.equal(last(S.addEntry(open, solo)).ok, true, "after the yellows: as any wire");
});

test("20 and 35: no detector points at an X wire, even once it may be cut", () => {
  for (const s of [table(false), yellowsCut(table())]) {
    const e = last(S.addEntry(s, { k: "detect", kind: "double", a: 0, p: 1, s: 0, js: [11, 12], v: "8", ok: false, tok: 11, real: "9" }));
    assert.equal(e.ok, false);
    assert.match(e.error, /slot M is an X wire: no equipment works on an X wire/);
    assert.equal(last(S.addEntry(s, { k: "detect", kind: "double", a: 0, p: 1, s: 0, js: [10, 11], v: "8", ok: false, tok: 11, real: "9" })).ok, true);
  }
  assert.equal(S.xWireWait(table(false).setup, 0, S.derive(table(false)).stands[1][0][12]), null, "20: no wait");
});

test("20: the General Radar leaves X wires out: a stand's answer speaks of its other uncut wires, and my X wire forces no answer", async () => {
  const { knownRadarAnswers } = await import("../../web/table/asks-wires.js");
  let s = table(false);
  s.setup.me = 0;
  for (const l of ["1", "2", "3", "3", "4", "5", "7", "7", "8", "9", "10", "11", "6"]) s = S.handAdd(s, 0, l); // the 13th: my X wire
  s = S.addEntry(s, { k: "radar", v: 1, ans: [{ p: 1, s: 0, has: false }, { p: 2, s: 0, has: true }] });
  const t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  const doc = S.engineDoc(s, t);
  const no = doc.facts.find((f) => f.kind === "has_not" && f.player === 1);
  assert.deepEqual(no.wires, Array.from({ length: 12 }, (_, j) => [1, 0, j]), "Bob's X wire (M) may still be a 1");
  assert.ok(!doc.facts.find((f) => f.kind === "has" && f.player === 2).wires.some(([, , j]) => j === 12));
  // my only 6 is my X wire: my answer on 6 is "no", not forced "yes"; on 3 it is "yes"
  assert.deepEqual(knownRadarAnswers(s, t, 6).find((x) => x.p === 0), { p: 0, s: 0, has: false, why: "your wires" });
  assert.deepEqual(knownRadarAnswers(s, t, 3).find((x) => x.p === 0), { p: 0, s: 0, has: true, why: "your wires" });
  const { radarAnswersAsk } = await import("../../web/table/flow-templates.js");
  const ask = String(radarAnswersAsk({ ctx: { state: s, t, ui: { sheet: { mode: "action" } } }, d: { k: "radar", v: 3, ans: [] }, t, setup: s.setup, state: s }));
  assert.match(ask, /data-testid="radar-x">An X wire does not count/);
});

test("35: before the 4 yellows, my best cuts name no value whose cut takes my own X wire (my only 6, or every one left), as the arena's rule", () => {
  let s = table();
  s.setup.me = 0;
  for (const l of ["1", "2", "3", "3", "4", "5", "7", "7", "8", "9", "10", "11", "6"]) s = S.handAdd(s, 0, l); // the 13th: my X wire, a 6
  let t = S.derive(s);
  const no = (st, tt) => S.missionRules(st, tt).no_values.map((x) => x.value);
  assert.deepEqual(no(s, t), [6]);
  assert.match(S.missionRules(s, t).no_values[0].why, /an X wire is cut only after the 4 yellow wires \(0 cut so far\): my 6 is my X wire/);
  // a 6 of mine in the sorted run too: it may go instead — unless with the X wire I hold every 6 left
  let two = table();
  two.setup.me = 0;
  for (const l of ["1", "2", "3", "3", "4", "5", "6", "7", "8", "9", "10", "11", "6"]) two = S.handAdd(two, 0, l);
  assert.deepEqual(no(two, S.derive(two)), []);
  two = [[1, 3], [2, 3]].reduce((x, [p, j]) => S.addEntry(x, { k: "set", p, s: 0, j, slot: { c: "cut", v: "6", m: null, col: null } }), two);
  assert.deepEqual(no(two, S.derive(two)), [6], "two 6s cut, my two are every one left: a solo cut takes the X wire");
  assert.deepEqual(no(yellowsCut(table()), S.derive(yellowsCut(table()))), [], "after the 4 yellows: no such rule");
});

test("35: an X wire's Set tokens greys what its law rules out (it is blue: no yellow or red colour, cut wire or token)", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const s = table();
  const t = S.derive(s);
  const laws = new Map([["1-0-12", { probs: { 4: 0.5, 9: 0.5 } }]]);
  const html = String(sheetTemplate({ state: s, t, laws, missions: [], ui: { sheet: { mode: "slot", key: "1-0-12", tab: "set" } } }));
  assert.match(html, /data-testid="set-colour-y"[^>]*disabled/);
  assert.match(html, /data-testid="set-cut-Y1"[^>]*disabled/);
  assert.doesNotMatch(html, /data-testid="set-cut-4"[^>]*disabled/);
});
