// Recording flows (web/table/draft-options.js, draft-summary.js, flow-templates.js): what the table allows for
// each open answer, the answers it makes certain, and the summary line. Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { actorSlots, chance, realLabels, realOptions, resultAllowed, settleDraft, soloValueOptions } from "../../web/table/draft-options.js";
import { standsToPick } from "../../web/table/asks-wires.js";
import { draftSummary } from "../../web/table/draft-summary.js";
import { maybeCommit } from "../../web/table/draft-commit.js";
import { givenKey } from "../../web/table/given-cut.js";
import { actorSlotAsk, resultAsk, whichAsk } from "../../web/table/flow-templates.js";
import { preset, withPlayers } from "./tables.mjs";

const HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];

/** 4 players (Ann = me, the captain), blue 1-12 and the red R5, my hand entered; `log` entries added. */
function table(log = [], red = false) {
  let s = S.defaultState();
  s.phase = "table";
  if (red) s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  for (const l of red ? [...HAND, "4"] : HAND) s = S.handAdd(s, 0, l);
  for (const e of log) s = S.addEntry(s, e);
  return s;
}

/** The engine's laws as the page keeps them: "p-s-j" -> {probs}. */
const laws = (obj) => new Map(Object.entries(obj).map(([k, probs]) => [k, { probs }]));
const allow = (state, l = null, editing = false) => ({ state, t: S.derive(state), laws: l, editing });

test("a slot's chance of a value: the derived table first, then the engine's law", () => {
  const state = table([
    { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } },
    { k: "set", p: 2, s: 0, j: 0, slot: { c: "cut", v: "1" } },
    { k: "set", p: 3, s: 0, j: 5, slot: { c: "h", col: "y" } },
  ]);
  const t = S.derive(state);
  const l = laws({ "1-0-3": { 4: 0.75, 5: 0.25 }, "1-0-4": { 5: 1 } });
  assert.equal(chance(t, l, 0, 0, 6, ["7"]), 1, "my own 7");
  assert.equal(chance(t, l, 0, 0, 6, ["8"]), 0, "my own 7 is no 8");
  assert.equal(chance(t, l, 1, 0, 2, ["5"]), 0, "an info token 3 is no 5");
  assert.equal(chance(t, l, 1, 0, 2, ["3"]), 1);
  assert.equal(chance(t, l, 2, 0, 0, ["1"]), 0, "a cut slot holds nothing to cut");
  assert.equal(chance(t, l, 3, 0, 5, ["7"]), 0, "a wire seen yellow is no 7");
  assert.equal(chance(t, l, 1, 0, 3, ["4"]), 0.75);
  assert.equal(chance(t, l, 1, 0, 3, ["4", "5"]), 1, "either of two values (X-or-Y Ray)");
  assert.equal(chance(t, l, 1, 0, 3, ["6"]), 0, "a value the law leaves out");
  assert.equal(chance(t, l, 1, 0, 7, ["6"]), null, "no law: possible");
});

test("a teammate's cut on my wire: the result and the token are my wire's, not asked", () => {
  const state = table();
  const A = allow(state);
  // Bob names 5 on my D (a 3): wrong, and the token shows 3
  let d = settleDraft(A, { k: "dual", a: 1, p: 0, s: 0, js: [3], v: "5" });
  assert.equal(d.ok, false);
  assert.equal(S.nextAsk(state, A.t, d), null);
  assert.deepEqual(S.buildEntry(state, A.t, d), { k: "dual", a: 1, p: 0, s: 0, j: 3, v: "5", ok: false, real: "3" });
  // Bob names 3 on it: ✓, and only which of his wires is left to ask
  d = settleDraft(A, { k: "dual", a: 1, p: 0, s: 0, js: [3], v: "3" });
  assert.equal(d.ok, true);
  assert.equal(S.nextAsk(state, A.t, d).ask, "actor_slot");
  // with the engine's law, the only wire of Bob's that may be a 3 is filled in too
  const only = allow(state, laws(Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`1-0-${j}`, j === 2 ? { 3: 0.6, 2: 0.4 } : { 1: 1 }]))));
  d = settleDraft(only, { k: "dual", a: 1, p: 0, s: 0, js: [3], v: "3" });
  assert.deepEqual(d.as, { s: 0, j: 2 });
  assert.equal(S.nextAsk(state, only.t, d), null);
});

test("a cut the law makes sure needs no ✓; one it rules out offers only ✗ and the values the slot may hold", () => {
  const state = table();
  const A = allow(state, laws({ "1-0-4": { 5: 1 }, "2-0-4": { 4: 0.5, 6: 0.5 } }));
  assert.deepEqual(resultAllowed(A, { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "5" }), { ok: true, wrong: false });
  const sure = settleDraft(A, { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "5" });
  assert.equal(sure.ok, true);
  assert.equal(S.nextAsk(state, A.t, sure), null, "my own 5 is found in my hand");
  const d = { k: "dual", a: 0, p: 2, s: 0, js: [4], v: "5" };
  assert.deepEqual(resultAllowed(A, d), { ok: false, wrong: true });
  const reals = realOptions(A, d, 4, realLabels(state.setup)).filter((x) => x.ok).map((x) => x.label);
  assert.deepEqual(reals, ["4", "6"]);
  // ✗ is certain and so is nothing else: the sheet asks what the token shows
  const wrong = settleDraft(A, d);
  assert.equal(wrong.ok, false);
  assert.equal(S.nextAsk(state, A.t, wrong).ask, "real");
  // editing a past entry assumes nothing
  assert.deepEqual(settleDraft(allow(state, A.laws, true), d), d);
  assert.equal(realOptions(allow(state, A.laws, true), d, 4, realLabels(state.setup)).filter((x) => !x.ok).length, 1, "only the value said");
});

test("a value all cut is never what a token shows", () => {
  const cuts = [2, 3].map((p) => ({ k: "set", p, s: 0, j: 11, slot: { c: "cut", v: "12" } }));
  const state = table([...cuts, { k: "dual", a: 0, p: 1, s: 0, j: 10, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } }]);
  const A = allow(state);
  assert.equal(A.t.cutCount["12"], 4, JSON.stringify(A.t.entries));
  const opts = realOptions(A, { k: "dual", a: 1, p: 2, s: 0, js: [3], v: "4" }, 3, realLabels(state.setup));
  assert.deepEqual(opts.filter((x) => !x.ok).map((x) => x.label), ["4", "12"]);
});

test("a Double Detector: the only wire that may hold the value is the one cut; the actor's wires in the stand's order", () => {
  const state = table();
  const l = laws({ "2-0-3": { 4: 0.5, 3: 0.5 }, "2-0-4": { 5: 1 }, "1-0-1": { 4: 0.2, 2: 0.8 }, "1-0-2": { 4: 0.7, 3: 0.3 } });
  const A = allow(state, l);
  for (let j = 0; j < 12; j += 1) if (![1, 2].includes(j)) l.set(`1-0-${j}`, { probs: { 9: 1 } });
  const d = settleDraft(A, { k: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "4", ok: true });
  assert.equal(d.hit, 3);
  assert.deepEqual(actorSlots(A, d).map((x) => x.j), [1, 2]);
  assert.equal(S.nextAsk(state, A.t, d).ask, "actor_slot");
  // the sheet offers them beside ✓, one tap for both; a failure's token per wire beside ✗
  const html = String(resultAsk({ ctx: { state, t: A.t, laws: l, ui: { sheet: { mode: "action" } } }, d: { ...d, ok: undefined, hit: undefined } }));
  assert.match(html, /data-testid="actor-slot-0-2"/);
  assert.ok(html.indexOf("actor-slot-0-1") < html.indexOf("actor-slot-0-2"), "in the stand's order, as the wire cut is found");
  // each chip says its share among them (0.7 and 0.2 of 0.9), not its own chance
  assert.match(html, /data-testid="actor-slot-0-2"[^>]*>C <small>78%<\/small>/);
  assert.match(html, /data-testid="actor-slot-0-1"[^>]*>B <small>22%<\/small>/);
  assert.doesNotMatch(html, /actor-slot-0-5/, "a wire that cannot be a 4 is left out");
  assert.match(html, /data-testid="tok-3-3"(?![^>]*disabled)/);
  assert.match(html, /data-testid="tok-3-6"[^>]*disabled/, "the law of D leaves out 6");
  // a failure already said (✗ alone): "which wire got the token?" keeps each wire with its keypad
  const which = String(whichAsk({ ctx: { state, t: A.t, laws: l, ui: { sheet: { mode: "action" } } }, setup: state.setup,
    d: { ...d, ok: false, hit: undefined }, ask: { ask: "which", field: "tok" } }));
  assert.match(which, /data-testid="which-4"/);
  assert.match(which, /data-testid="tok-4-5"(?![^>]*disabled)/);
  assert.match(which, /data-testid="tok-4-4"[^>]*disabled/, "the value said");
});

test("a detector's ✗: no red key beside each wire; one row for every wire red (the bomb exploded) where the table allows it", () => {
  // (two wires both red need two red labels that fit them: R5 alone fitting both is no explosion — 43's walkthrough)
  const one = table([], true); // R5 alone in play: two wires pointed at cannot both be red
  const state = structuredClone(one);
  state.setup.red = { mode: "list", nums: [5, 7], keep: 1, known: [] }; // R5 and R7
  const ctx = (l, st = state) => ({ state: st, t: S.derive(st), laws: l, ui: { sheet: { mode: "action" } } });
  const d = { k: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "4" };
  const both = laws({ "2-0-3": { R5: 0.5, 3: 0.5 }, "2-0-4": { R5: 0.3, R7: 0.2, 6: 0.5 } });
  assert.doesNotMatch(String(resultAsk({ ctx: ctx(both, one), d })), /all red/, "one red in play");
  let html = String(resultAsk({ ctx: ctx(both), d }));
  assert.doesNotMatch(html, /data-testid="tok-4-R5"/, "a red wire pointed at gets no token");
  assert.match(html, /all red: the bomb exploded/);
  assert.match(html, /data-testid="tok-3-R5"(?![^>]*disabled)/);
  assert.equal((html.match(/data-testid="tok-3-R5"/g) ?? []).length, 1);
  // E cannot be red: a red D would have passed the token to E, so no explosion is offered
  html = String(resultAsk({ ctx: ctx(laws({ "2-0-3": { R5: 0.5, 3: 0.5 }, "2-0-4": { 6: 1 } })), d }));
  assert.doesNotMatch(html, /R5/);
  assert.doesNotMatch(html, /all red/);
  // "which wire got the token?" (✗ said alone) reads the same
  const which = String(whichAsk({ ctx: ctx(both), setup: state.setup, d: { ...d, ok: false }, ask: { ask: "which", field: "tok" } }));
  assert.match(which, /all red: the bomb exploded/);
  assert.equal((which.match(/data-testid="tok-\d-R5"/g) ?? []).length, 1);
});

test("a teammate reveals red: every uncut wire of theirs, the only red label; a solo cut of the last two", () => {
  // Cid's last wire (the others cut)
  const state = table(Array.from({ length: 11 }, (_, j) => ({ k: "set", p: 2, s: 0, j, slot: { c: "cut", v: String(j + 1) } })), true);
  const A = allow(state);
  const red = settleDraft(A, { k: "red", a: 2 });
  assert.deepEqual(red.slots, [{ s: 0, j: 11 }]);
  assert.deepEqual(S.buildEntry(state, A.t, red), { k: "red", a: 2, slots: [{ s: 0, j: 11 }], cuts: ["R5"] });
  // one wire that cannot be red left besides: the reveal is asked
  assert.equal(settleDraft(allow(state, laws({ "2-0-11": { 12: 1 } })), { k: "red", a: 2 }).done, undefined);
  // a reveal that leaves a wire of theirs uncut (an older entry edited since: 28's walkthrough) is said beside it
  const early = S.addEntry({ ...state, log: state.log.slice(0, 10) }, { k: "red", a: 2, slots: [{ s: 0, j: 11 }], cuts: ["R5"] });
  assert.match(S.derive(early).entries.at(-1).text, /— check: Cid still has an uncut wire; a reveal shows every wire left, all red( —|$)/);
  assert.doesNotMatch(S.derive(S.addEntry(state, S.buildEntry(state, A.t, red))).entries.at(-1).text, /still has an uncut wire/);
  // Cid's last two 9s: only his F and G may be 9s (two 9s cut already)
  const cut9 = [1, 3].map((p) => ({ k: "set", p, s: 0, j: 8, slot: { c: "cut", v: "9" } }));
  const solo = table(cut9, true);
  const l = laws(Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`2-0-${j}`, j === 5 || j === 6 ? { 9: 1 } : { 2: 1 }])));
  const d = settleDraft(allow(solo, l), { k: "solo", a: 2, v: "9" });
  assert.deepEqual(d.slots, [{ s: 0, j: 5 }, { s: 0, j: 6 }]);
  assert.deepEqual(S.buildEntry(solo, S.derive(solo), d), { k: "solo", a: 2, slots: [{ s: 0, j: 5 }, { s: 0, j: 6 }], cuts: ["9", "9"] });
});

test("a solo cut names only a value its cutter may hold every uncut copy of", () => {
  // two 3s cut (Bob's, Dan's); my hand holds every value but 4, and the two other 3s; Dan shows an info token 7
  const state = table([...[1, 3].map((p) => ({ k: "set", p, s: 0, j: 2, slot: { c: "cut", v: "3" } })),
    { k: "set", p: 3, s: 0, j: 6, slot: { c: "info", v: "7" } }]);
  const blue = Array.from({ length: 12 }, (_, n) => String(n + 1));
  const lawsFor = (fours) => laws(Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`2-0-${j}`, j < fours ? { 4: 0.5, 10: 0.5 } : { 11: 1 }])));
  // Cid: four of his slots may be 4s, so he may hold all four; 7 (Dan shows one) and the values I hold may not be his alone
  assert.deepEqual(soloValueOptions(allow(state, lawsFor(4)), { k: "solo", a: 2 }, blue), ["4"]);
  assert.deepEqual(soloValueOptions(allow(state, lawsFor(3)), { k: "solo", a: 2 }, blue), [], "three slots hold no four 4s");
  // without the engine's laws: any value none of whose uncut copies another stand shows
  assert.deepEqual(soloValueOptions(allow(state), { k: "solo", a: 2 }, blue), ["4"]);
  // mine: a value I hold every uncut copy of (the two 3s left)
  assert.deepEqual(soloValueOptions(allow(state), { k: "solo", a: 0 }, ["3", "5"]), ["3"]);
  // editing a past entry: anything goes (a later entry may be the wrong one)
  assert.deepEqual(soloValueOptions(allow(state, null, true), { k: "solo", a: 2 }, ["7"]), ["7"]);
});

test("a special action's summary names the wires pointed at, and its answers keep their stands in view", () => {
  const state = table();
  const setup = state.setup;
  const d = { k: "special", a: 0, spots: [{ p: 0, s: 0, j: 4 }, { p: 1, s: 0, j: 3 }, { p: 2, s: 0, j: 4 }], done: true };
  assert.equal(draftSummary(setup, d), "Ann · Ann E, Bob D, Cid E");
  assert.equal(draftSummary(setup, { ...d, res: "ok", ls: { 1: "5" } }), "Ann · Ann E, Bob D (5), Cid E · ✓ all cut");
  const t = S.derive(state);
  assert.deepEqual(standsToPick(state, t, d, { ask: "special_result" }), ["0-0", "1-0", "2-0"]);
});

test("the summary line says what is entered so far", () => {
  const setup = table().setup;
  assert.equal(draftSummary(setup, { k: "dual", a: 0, p: 1, s: 0, js: [3] }), "Ann → Bob D");
  assert.equal(draftSummary(setup, { k: "dual", a: 2, p: 1, s: 0, js: [5], v: "7", ok: true, as: { s: 0, j: 4 } }),
    "Cid → Bob F · value 7 · ✓ cut · with Cid E");
  assert.equal(draftSummary(setup, { k: "double", a: 2, p: 3, s: 0, js: [3, 4], v: "4", ok: false, tok: 4, real: "5" }),
    "Cid → Dee D+E · value 4 · ✗ wrong · token on E · it is 5");
  assert.equal(draftSummary(setup, { k: "radar", v: "9", ans: [] }), "number 9");
  assert.equal(draftSummary(setup, null), "");
});

test("a flow that asks for wires on the stands names the stands to keep on screen", () => {
  const state = table();
  const t = S.derive(state);
  const ask = { ask: "slots", count: 2 };
  assert.deepEqual(standsToPick(state, t, { k: "double", a: 2 }, ask), ["0-0", "1-0", "3-0"]);
  assert.deepEqual(standsToPick(state, t, { k: "double", a: 2, p: 3, s: 0, js: [4] }, ask), ["3-0"]);
  assert.deepEqual(standsToPick(state, t, { k: "postit", a: 1 }, { ask: "slots", count: 1 }), ["1-0"]);
  assert.equal(standsToPick(state, t, { k: "double", a: 2, p: 3, s: 0, js: [3, 4] }, { ask: "value" }), null);
  // ✓/✗ and the token's keypads (a tall sheet) keep the wires pointed at in view
  for (const a of ["result", "which", "real", "cut_label"]) {
    assert.deepEqual(standsToPick(state, t, { k: "double", a: 2, p: 3, s: 0, js: [3, 4], v: "4" }, { ask: a }), ["3-0"], a);
  }
});

test("the General Radar's answers the table gives fill themselves in: my stands, a stand showing the value", async () => {
  const { knownRadarAnswers } = await import("../../web/table/asks-wires.js");
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const { clearAnswer } = await import("../../web/table/edit-answers.js");
  const state = table([{ k: "set", p: 2, s: 0, j: 4, slot: { c: "info", v: "9" } }]);
  const t = S.derive(state);
  assert.deepEqual(knownRadarAnswers(state, t, 9), [{ p: 0, s: 0, has: true, why: "your wires" }, { p: 2, s: 0, has: true, why: "a token shows one" }]);
  assert.deepEqual(knownRadarAnswers(state, t, 4), [{ p: 0, s: 0, has: false, why: "your wires" }], "I hold no 4");
  // with the engine's chances: a stand none of whose wires may be the value answers no, one sure to hold it yes
  const { chance } = await import("../../web/table/draft-options.js");
  const odds = laws(Object.fromEntries([...Array(t.stands[1][0].length).keys()].map((j) => [`1-0-${j}`, { 3: 0.5, 5: 0.5 }])));
  odds.set("3-0-0", { probs: { 4: 1 } });
  const byLaw = knownRadarAnswers(state, t, 4, (p, s, j) => chance(t, odds, p, s, j, ["4"]));
  assert.deepEqual(byLaw.filter((x) => x.p > 0), [{ p: 1, s: 0, has: false, why: "the table rules it out" }, { p: 3, s: 0, has: true, why: "the table makes one sure" }]);
  const d = { k: "radar", v: 4, ans: knownRadarAnswers(state, t, 4) };
  const text = String(askTemplate({ state, t, ui: { sheet: { mode: "action" } } }, d, { ask: "radar_answers" }).text);
  assert.match(text, /data-testid="radar-0-0"[^>]*disabled/, "my own answer is fixed");
  assert.doesNotMatch(text, /data-testid="radar-1-0"[^>]*disabled/);
  // changing the answers of a recorded radar starts from them
  const edited = clearAnswer({ k: "radar", v: 4, ans: [{ p: 1, s: 0, has: true }], done: true }, "answers");
  assert.deepEqual(edited.ans, [{ p: 1, s: 0, has: true }]);
  assert.equal(edited.done, undefined);
});

test("a special action's wires (13): a red I hold or another spot was given is not offered, nor one the slot cannot hold", async () => {
  const { spotLabelOptions } = await import("../../web/table/draft-options.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.open_red_deal = true;
  s.setup.red = { mode: "list", nums: [3, 7, 10], keep: 3, known: [] };
  s.setup.red_deal = [[1], [1], [1], [0]];
  for (const l of ["1", "2", "3", "4", "5", "6", "R7", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const d = { k: "special", a: 0, spots: [{ p: 1, s: 0, j: 2 }, { p: 2, s: 0, j: 9 }], done: true, res: "ok", ls: { 0: "R3" } };
  const labels = S.labelsInPlay(s.setup).map((x) => x.label);
  const ok = (l) => spotLabelOptions({ state: s, t, laws: laws({ "2-0-9": { R10: 0.5, "10": 0.5 } }), editing: false }, d, 1, labels)
    .find((o) => o.label === l)?.ok;
  assert.equal(ok("R7"), false, "mine");
  assert.equal(ok("R3"), false, "the other spot's");
  assert.equal(ok("R10"), true);
  assert.equal(ok("5"), undefined, "13's action cuts reds only");
  const lawless = spotLabelOptions({ state: s, t, laws: laws({ "2-0-9": { "10": 1 } }), editing: false }, d, 1, labels);
  assert.equal(lawless.find((o) => o.label === "R10").ok, false, "the slot cannot be red");
  // the one answer the table leaves is filled in: Cid J can only be R10 once Bob C was given R3
  const A = { state: s, t, laws: laws({ "2-0-9": { R10: 0.5, "10": 0.5 } }), editing: false };
  assert.deepEqual(settleDraft(A, d).ls, { 0: "R3", 1: "R10" });
  // a failure's info token (48: shown): only a value the slot may hold, and not one all cut
  const shown = { ...d, res: "shown", ls: {} };
  const opts = spotLabelOptions({ ...A, laws: laws({ "1-0-2": { 2: 0.5, 3: 0.5 } }) }, shown, 0, labels);
  assert.deepEqual(opts.filter((o) => o.ok).map((o) => o.label), ["2", "3"]);
});

test("my cut with a value I hold twice asks which of my wires it was (the table sees which one is cut face up)", () => {
  const state = table(); // HAND holds two 3s (slots C, D) and one 5
  const t = S.derive(state);
  const twice = { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "3", ok: true };
  assert.equal(S.nextAsk(state, t, twice).ask, "actor_slot");
  assert.equal(S.nextAsk(state, t, { ...twice, as: { s: 0, j: 3 } }), null);
  assert.equal(S.buildEntry(state, t, { ...twice, as: { s: 0, j: 3 } }).as.j, 3);
  assert.equal(S.nextAsk(state, t, { ...twice, v: "5" }), null, "one 5: no question");
});

test("my cut of a yellow with one of my two yellows: the entry names the yellow I picked", () => {
  let s = S.defaultState();
  s.phase = "table";
  s.setup.yellow = { mode: "list", nums: [2, 9], keep: 2, known: [] };
  for (const l of ["1", "2", "Y2", "3", "4", "5", "6", "7", "8", "9", "Y9", "10", "11"]) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [5], v: "Y", ok: true, cut: "Y9" };
  assert.equal(S.nextAsk(s, t, d).ask, "actor_slot");
  const e = S.buildEntry(s, t, { ...d, as: { s: 0, j: 10 } });
  assert.deepEqual([e.as.j, e.av], [10, "Y9"]);
  assert.ok(S.derive(S.addEntry(s, e)).entries[0].ok, S.derive(S.addEntry(s, e)).entries[0].error);
});

test("a teammate's yellow cut: their own yellow is not the one just said for the wire they cut (one of each)", async () => {
  const { actorLabelOptions } = await import("../../web/table/draft-options.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.yellow = { mode: "list", nums: [3, 6, 9], keep: 3, known: [] };
  for (const l of HAND) s = S.handAdd(s, 0, l);
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [5], v: "Y", ok: true, cut: "Y6", as: { s: 0, j: 3 } };
  const may = actorLabelOptions(allow(s), d);
  assert.ok(!may.includes("Y6"), may.join(" "));
  assert.ok(may.includes("Y3") && may.includes("Y9"), may.join(" "));
});

test("X-or-Y Ray, the wire only one of the two values: ✓'s shortcut offers the actor's wires of that value", () => {
  const state = table();
  const l = laws({ "2-0-5": { 7: 0.6, 8: 0.4 }, "1-0-4": { 5: 1 }, "1-0-6": { 7: 0.5, 8: 0.5 } });
  const d = { k: "xray", a: 1, p: 2, s: 0, js: [5], vs: ["5", "7"] }; // 5 named first: Cid F cannot be a 5
  const html = String(resultAsk({ ctx: { state, t: S.derive(state), laws: l, ui: { sheet: { mode: "action" } } }, d }));
  assert.match(html, /data-testid="actor-slot-0-6"/, "Bob's G may be the 7");
  assert.doesNotMatch(html, /data-testid="actor-slot-0-4"/, "Bob's E is a 5: no 7 to cut with");
});

test("a detector entered by hand that My best cuts calls sure is sure: no ✗ (its joint success, no wire's own law)", () => {
  const state = table();
  const moves = { moves: [{ kind: "double_detector", player: 1, stand: 0, slots: [6, 7], value: 7, guaranteed: true, p_success: 1 }] };
  const d = { k: "double", a: 0, p: 1, s: 0, js: [7, 6], v: "7" };
  assert.equal(S.sureDetector(state, moves, d), true);
  assert.equal(S.sureDetector(state, moves, { ...d, v: "8" }), false, "another value");
  assert.equal(S.sureDetector(state, moves, { ...d, js: [5, 6] }), false, "other wires");
  assert.equal(S.sureDetector(state, { moves: [{ ...moves.moves[0], guaranteed: false }] }, d), false, "not sure");
  assert.equal(S.sureDetector(state, null, d), false, "no answer yet");
  assert.equal(resultAllowed(allow(state), { ...d, sure: true }).wrong, false);
});

test("where a moved wire was filed: places where no wire it may be sits in order are greyed", async () => {
  const { filePlaceOptions } = await import("../../web/table/draft-options.js");
  // Bob shows a 4 on C (an info token) and a cut 9 on H; Dee's slot I is a 10 or more (its law)
  const state = table([
    { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "4" } },
    { k: "set", p: 1, s: 0, j: 7, slot: { c: "cut", v: "9" } },
  ]);
  const t = S.derive(state);
  const A = { state, t, laws: laws({ "3-0-8": { "10": 0.5, "11": 0.3, "12": 0.2 } }), editing: false };
  const d = { k: "hook", a: 1, p: 3, s: 0, js: [8] };
  const ok = filePlaceOptions(A, d, "to", 1, 0, 13);
  assert.deepEqual(ok.map((x, j) => (x ? j : null)).filter((x) => x !== null), [8, 9, 10, 11, 12], "after the cut 9 only");
  assert.ok(filePlaceOptions({ ...A, editing: true }, d, "to", 1, 0, 13).every(Boolean), "editing: any place");
  assert.ok(filePlaceOptions(A, { k: "nano", a: 1 }, "to", 1, 0, 13).every(Boolean), "Nano's wire may be anything");
});

test("a teammate's filing place the table leaves one of is filled in (46's walkthrough: one chip to tap)", () => {
  // Bob shows a cut 9 on H and a cut 11 on I; Dee's slot I is a 10 (its law): Bob's hook files it between them
  const state = table([
    { k: "set", p: 1, s: 0, j: 7, slot: { c: "cut", v: "9" } },
    { k: "set", p: 1, s: 0, j: 8, slot: { c: "cut", v: "11" } },
  ]);
  const A = { state, t: S.derive(state), laws: laws({ "3-0-8": { "10": 1 } }), editing: false };
  const d = { k: "hook", a: 1, p: 3, s: 0, js: [8] };
  assert.deepEqual(settleDraft(A, d).to, { s: 0, j: 8 });
  const open = { ...A, laws: laws({ "3-0-8": { "10": 0.5, "12": 0.5 } }) };
  assert.equal(settleDraft(open, d).to, undefined, "a 10 or a 12: two places, asked");
});

test("a wire I receive: its value is asked first, then it is filed where it sits in order among equal wires by itself", () => {
  const state = table();
  const t = S.derive(state);
  const A = { state, t, laws: null, editing: false };
  // I (Ann) take Dee's I with the Grappling Hook: which wire did I get? a 3 — after my two 3s, at my E
  const d = { k: "hook", a: 0, p: 3, s: 0, js: [8] };
  assert.deepEqual(S.nextAsk(state, t, d), { ask: "got" });
  const settled = settleDraft(A, { ...d, got: "3" });
  assert.deepEqual(settled.to, { s: 0, j: 4 });
  // Bob takes it: where he filed it is asked (his wires are not mine to see)
  assert.deepEqual(S.nextAsk(state, t, { k: "hook", a: 1, p: 3, s: 0, js: [8] }), { ask: "file", field: "to", who: 1 });
});

test("a Grappling Hook that takes the last wire of the player whose turn it is passes the turn on to the next with a wire (62's walkthrough)", () => {
  const mine = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  let s = table(mine.slice(1).map((v, k) => ({ k: "set", p: 0, s: 0, j: k + 1, slot: { c: "cut", v } })));
  assert.equal(S.derive(s).turn, 0);
  s = S.addEntry(s, { k: "hook", a: 2, p: 0, s: 0, j: 0, to: { s: 0, j: 0 } });
  const t = S.derive(s);
  assert.equal(t.turn, 1, "Ann has no wire left: Bob plays");
  assert.equal(t.turnsTaken ?? 0, 0, "the hook is no turn");
});

test("a special action on wires the table shows settles its outcome; 41's words are a tripwire's", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.special = ["yellow_special"];
  s.setup.yellow_dealt = "one_each";
  s.setup.yellow = { mode: "list", nums: [3, 6, 9, 11], keep: 4, known: [] };
  s.setup.me = 0;
  for (const l of ["1", "2", "3", "4", "5", "6", "7", "8", "Y9", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const A = { state: s, t, laws: null, editing: false };
  const d = { k: "special", a: 2, spots: [{ p: 0, s: 0, j: 9 }], done: true }; // (Y9 sorts after the 9)
  assert.equal(settleDraft(A, d).res, "ok", "my own Y9: found");
  assert.equal(settleDraft(A, { ...d, spots: [{ p: 0, s: 0, j: 4 }] }).res, "shown", "my 5: not a tripwire");
  assert.equal(settleDraft(A, { ...d, spots: [{ p: 1, s: 0, j: 4 }] }).res, undefined, "a teammate's wire: asked");
  const text = String(askTemplate({ state: s, t, ui: {} }, d, { ask: "special_result" }).text);
  assert.match(text, /a tripwire: cut, detonator −1/);
  assert.doesNotMatch(text, /special-last-space/);
  const lastT = { ...t, mistakesLeft: 0 };
  assert.match(String(askTemplate({ state: s, t: lastT, ui: {} }, d, { ask: "special_result" }).text),
    /data-testid="special-last-space">The detonator is on its last space: ✗ explodes the bomb\./, "41's walkthrough: 'detonator +1' only");
  const value = String(askTemplate({ state: s, t, ui: {} }, { k: "dual", a: 0, p: 1, s: 0, js: [3] }, { ask: "value" }).text);
  assert.doesNotMatch(value, /key-Y"/, "no cut names yellow in 41");
  // an entry edited from ✗ (the wire showed a 3) back to ✓ is built on the table before it, where the wire shows no
  // token (41's walkthrough: the 3 the entry had placed refused the ✓ — a dead end)
  const shown = S.addEntry(s, { k: "special", a: 2, cuts: [{ p: 1, s: 0, j: 4, l: "3" }], res: "shown" });
  const app = { state: shown, results: {}, ui: { sheet: { mode: "action", edit: 0 }, draft: { ...S.draftFromEntry(shown.log[0]), res: "ok", ls: { 0: "Y3" } } },
    derived() { return S.derive(this.state); }, closeSheet() { this.ui.sheet = null; }, commit(next) { this.state = next; }, render() {}, view: {} };
  maybeCommit(app);
  const after = S.derive(app.state);
  assert.ok(after.entries[0].ok, after.entries[0].error ?? app.ui.sheetError);
  assert.equal(after.stands[1][0][4].v, "Y3");
});

test("a teammate's Post-it: the value it shows, one its slot may hold", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const state = table();
  const t = S.derive(state);
  const l = laws({ "1-0-3": { 4: 0.5, 5: 0.5 } });
  const d = { k: "postit", a: 1, p: 1, s: 0, js: [3] };
  const html = String(askTemplate({ state, t, laws: l, ui: { sheet: { mode: "action" } } }, d, S.nextAsk(state, t, d)));
  assert.match(html, /Which value does the Post-it show\?/);
  assert.match(html, /data-testid="key-4"(?![^>]*disabled)/);
  assert.match(html, /data-testid="key-7"[^>]*disabled/, "the slot's law rules 7 out");
});

test("Set tokens on a teammate's slot greys the wires my hand holds every copy of", async () => {
  const { mineAll } = await import("../../web/table/hand-layout.js");
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.red = { mode: "of", nums: [3, 7, 10], keep: 2, known: [] }; // 2 of R3, R7, R10
  for (const l of ["1", "3", "3", "3", "3", "5", "6", "R7", "8", "9", "R10", "11", "12"]) s = S.handAdd(s, 0, l);
  const out = mineAll(s);
  assert.ok(out.has("3"), "four 3s are mine");
  assert.ok(out.has("R3") && out.has("R7") && out.has("r"), "my two reds fill the reds in play: R3 is out, and no teammate's wire is red");
  assert.ok(!out.has("5"));
  const t = S.derive(s);
  const html = String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "slot", key: "1-0-2", tab: "set" }, draft: null } }));
  assert.match(html, /data-testid="set-info-3"[^>]*disabled/);
  assert.match(html, /data-testid="set-cut-R3"[^>]*disabled/);
  assert.match(html, /data-testid="set-colour-r"[^>]*disabled/);
  assert.doesNotMatch(html, /data-testid="set-info-5"[^>]*disabled/);
});

test("Set tokens greys a colour whose wires are all cut (every yellow cut: no yellow seen)", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.yellow = { mode: "list", nums: [2, 5], keep: 2, known: [] };
  for (const l of HAND) s = S.handAdd(s, 0, l);
  const sheet = (state) => String(sheetTemplate({ state, t: S.derive(state), ui: { sheet: { mode: "slot", key: "2-0-6", tab: "set" }, draft: null } }));
  assert.doesNotMatch(sheet(s), /data-testid="set-colour-y"[^>]*disabled/);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 1, slot: { c: "cut", v: "Y2" } });
  s = S.addEntry(s, { k: "set", p: 3, s: 0, j: 4, slot: { c: "cut", v: "Y5" } });
  assert.match(sheet(s), /data-testid="set-colour-y"[^>]*disabled/);
  assert.doesNotMatch(sheet(s), /data-testid="set-colour-b"[^>]*disabled/);
});

test("the flows read the last visit's laws for this very table while the engine starts, never a newer table's", async () => {
  const { freshLaws } = await import("../../web/table/draft-options.js");
  const slots = new Map([["1-0-0", { probs: { 1: 1 } }]]);
  assert.equal(freshLaws({ pending: false, analysis: { slots } }), slots);
  assert.equal(freshLaws({ pending: true, analysis: { slots } }), null, "a newer table computes: not these");
  assert.equal(freshLaws({ pending: true, cachedDoc: "{…}", analysis: { slots } }), slots, "the last visit's, same table");
  assert.equal(freshLaws({ pending: false, error: { message: "x" }, analysis: { slots } }), null);
});

test("'Which of Bob's wires was cut with it?' reads the table the success would leave (the given request)", async () => {
  const { givenDoc, givenKey } = await import("../../web/table/given-cut.js");
  const state = table();
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [0], v: "7" };
  assert.equal(givenKey(state, d), "1-2-0-0-7");
  assert.equal(givenKey(state, { ...d, a: 0 }), null, "my own wires I see");
  assert.equal(givenKey(state, { ...d, v: "Y" }), null, "a yellow said: which yellow wire not said yet");
  assert.equal(givenKey(state, { ...d, v: "Y", cut: "Y4" }), "1-2-0-0-Y4");
  const yellow = structuredClone(state);
  yellow.setup.yellow = { mode: "list", nums: [4, 9], keep: 2, known: [] };
  const ydoc = givenDoc(yellow, { ...d, v: "Y", cut: "Y4", js: [3] });
  assert.equal(ydoc.players[2].stands[0].split(" ")[3], "Y4", "the wire pointed at is cut as the yellow said");
  assert.deepEqual(ydoc.facts.at(-1), { kind: "has", player: 1, value: "YELLOW" });
  assert.equal(givenKey(state, d, true), null, "an edit reads the table as it was");
  const doc = givenDoc(state, d);
  assert.match(doc.players[2].stands[0], /^7 /, "the wire pointed at is cut as the value said");
  assert.deepEqual(doc.facts.at(-1), { kind: "has", player: 1, value: 7 });
  // the laws of that table: Bob's D cannot be the 7, his E is
  const given = laws({ "1-0-3": { "6": 1 }, "1-0-4": { "7": 0.6, "8": 0.4 } });
  const A = { state, t: S.derive(state), laws: laws({ "1-0-3": { "7": 0.2, "6": 0.8 }, "1-0-4": { "7": 0.5, "8": 0.5 } }), given, editing: false };
  const slots = actorSlots(A, d);
  assert.ok(!slots.some((x) => x.j === 3), "D: ruled out by the success");
  assert.equal(slots.find((x) => x.j === 4).p, 0.6);
  assert.ok(actorSlots({ ...A, given: null }, d).some((x) => x.j === 3), "before the cut D may be the 7");
  // a detector's success, once the wire it cut is said: the same question on the table it leaves
  const dd = { k: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "7", ok: true };
  assert.equal(givenKey(state, dd), null, "which wire it cut: not said yet");
  assert.equal(givenKey(state, { ...dd, hit: 4 }), "1-2-0-4-7");
  assert.match(givenDoc(state, { ...dd, hit: 4 }).players[2].stands[0].split(" ")[4], /^7$/, "the wire it cut is the value said");
});

test("the engine's answer for a success leaving one wire of the actor's fills it in at once (maybeCommit)", () => {
  const state = table();
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [0], v: "1", ok: true };
  const lawsNow = laws(Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`1-0-${j}`, j < 2 ? { 1: 0.5, 2: 0.5 } : { 9: 1 }])));
  const given = laws(Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`1-0-${j}`, j === 0 ? { 1: 1 } : { 9: 1 }])));
  const app = {
    state, ui: { sheet: { mode: "action" }, draft: { ...d } }, derived: () => S.derive(app.state),
    results: { analysis: { resultId: 7, slots: lawsNow }, given: { key: givenKey(state, d), resultId: 7, slots: null } },
    closeSheet() { app.ui.sheet = null; app.ui.draft = null; }, commit(next) { app.state = next; }, render() {}, view: {},
  };
  maybeCommit(app);
  assert.equal(app.state.log.length, 0, "two wires of Bob's may be the 1: asked");
  assert.equal(S.nextAsk(state, app.derived(), app.ui.draft).ask, "actor_slot");
  app.results.given.slots = given; // the success's table answered: only A
  maybeCommit(app);
  assert.deepEqual(app.state.log.at(-1), { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  assert.equal(app.ui.sheet, null);
});

test("constraint card H in play (32, 37, 57): a failure offers no info token beside ✗, and a detector asks no wire for one", () => {
  const state = table();
  state.setup.mission = 32;
  state.setup.cards = ["H"];
  const t = S.derive(state);
  const ctx = { state, t, laws: null, ui: { sheet: { mode: "action" } } };
  const dual = { k: "dual", a: 1, p: 2, s: 0, js: [9], v: "10" };
  const html = String(resultAsk({ ctx, d: dual }));
  assert.doesNotMatch(html, /data-testid="real-\d/, "no value token beside ✗");
  assert.equal(S.nextAsk(state, t, { ...dual, ok: false }).ask, "real", "✗ alone: then only red or no token");
  const detector = { k: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "7", ok: false };
  assert.equal(S.nextAsk(state, t, detector).ask, "real", "no token: no wire to put it on");
  assert.doesNotMatch(String(resultAsk({ ctx, d: { ...detector, ok: undefined } })), /data-testid="tok-/);
  // a failure on my own wire: no token shows its value either; one whose law leaves a single value: not filled in
  const onMine = { k: "dual", a: 1, p: 0, s: 0, js: [3], v: "5", ok: false };
  assert.equal(S.nextAsk(state, t, onMine), null);
  assert.equal(S.buildEntry(state, t, onMine).silent, true);
  assert.equal(settleDraft({ state, t, laws: laws({ "2-0-9": { 8: 1 } }), editing: false }, { ...dual, ok: false }).real, undefined);
  state.setup.cards = [];
  assert.match(String(resultAsk({ ctx: { ...ctx, t: S.derive(state) }, d: dual })), /data-testid="real-11"/, "without H: the token's value beside ✗");
});

test("an entry against the constraint card in play is said in the sheet (G, H, I, J, K, a value card), never refused", async () => {
  const { cardObjection } = await import("../../web/table/card-rules.js");
  const state = table([{ k: "set", p: 2, s: 0, j: 5, slot: { c: "info", v: "6" } }]);
  state.setup.mission = 32;
  const t = S.derive(state);
  const said = (cards, d) => cardObjection({ ...state.setup, cards }, t, d);
  const dual = { k: "dual", a: 1, p: 2, s: 0, js: [5], v: "6" };
  assert.match(said(["H"], dual), /^constraint card H: no cut of a wire with an info token/);
  assert.equal(said(["H"], { ...dual, js: [4] }), null);
  assert.match(said(["I"], { ...dual, js: [11] }), /card I: no cut of the far-right wire/);
  assert.match(said(["J"], { ...dual, js: [0] }), /card J: no cut of the far-left wire/);
  assert.equal(said(["J"], { ...dual, js: [1] }), null);
  assert.match(said(["G"], { k: "double", a: 1, p: 2, s: 0, js: [1, 2], v: "3" }), /card G: no equipment/);
  assert.match(said(["G"], { k: "radar", a: 1, v: "3" }), /card G/);
  assert.match(said(["K"], { k: "solo", a: 1, v: "3" }), /card K: no solo cut/);
  assert.match(said(["B"], dual), /card B: odd wires only/);
  assert.equal(said([], dual), null);
  // 31: my card binds me only; elsewhere than 32, 37, 57 a teammate's action is theirs
  assert.equal(cardObjection({ ...state.setup, mission: null, cards: ["H"] }, t, dual), null);
  assert.match(cardObjection({ ...state.setup, mission: null, cards: ["H"] }, t, { ...dual, a: 0 }), /card H/);
  // the sheet says it above the open questions
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const ui = { sheet: { mode: "action" }, draft: { ...dual } };
  const html = String(sheetTemplate({ state: { ...state, setup: { ...state.setup, cards: ["H"] } }, t, ui, ask: S.nextAsk(state, t, dual), laws: null }));
  assert.match(html, /data-testid="card-warning"[^>]*>Against constraint card H/);
});

test("two stands a player: a solo cut's summary names each wire's stand; Walkie-Talkies file the new wire on the stand the given one left", async () => {
  const { filePlaces } = await import("../../web/table/asks-wires.js");
  let s = S.defaultState();
  s.setup.players = ["Ann", "Bob"];
  s.setup.captain = 0;
  s.phase = "table";
  assert.equal(draftSummary(s.setup, { k: "solo", a: 1, v: "9", slots: [{ s: 0, j: 10 }, { s: 0, j: 11 }, { s: 1, j: 8 }, { s: 1, j: 9 }] }),
    "Bob · 1K+1L+2I+2J · value 9");
  const t = S.derive(s);
  // Bob takes Ann's stand-2 wire I and gives his stand-1 C: Ann files hers on stand 2, Bob his on stand 1
  const d = { k: "walkie", a: 1, p: 0, s: 1, js: [8], as: { s: 0, j: 2 } };
  assert.deepEqual(filePlaces(s, t, d, 0).map((x) => x.s), [1]);
  assert.deepEqual(filePlaces(s, t, d, 1).map((x) => x.s), [0]);
  // a link filing it on the other stand is refused by name
  const swap = { k: "walkie", a: 1, p: 0, s: 1, j: 8, as: { s: 0, j: 2 }, ato: { s: 0, j: 2 } };
  const wrong = S.derive(S.addEntry(s, { ...swap, pto: { s: 0, j: 3 } })).entries.at(-1);
  assert.match(wrong.error, /Ann gave a wire from Ann \(stand 2\): the new one goes there, not on Ann \(stand 1\) \(the card\)/);
  const right = S.derive(S.addEntry(s, { ...swap, pto: { s: 1, j: 8 } })).entries.at(-1);
  assert.ok(right.ok, right.error);
  // four players, one stand each: nothing to choose
  assert.deepEqual(filePlaces(table(), S.derive(table()), { k: "walkie", a: 1, p: 2, s: 0, js: [3], as: { s: 0, j: 2 } }, 2).map((x) => x.s), [0]);
});

test("Reveal my reds: who holds a wire that is not red cannot, and the sheet says why", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  const state = table([{ k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } }], true);
  const off = actorOff({ state, t: S.derive(state), ui: { sheet: { mode: "action" } } }, { k: "red" });
  assert.match(off.get(0), /holds wires that are not red/, "my own blue wires");
  assert.match(off.get(1), /12 wires left, more than the 1 red still uncut in all/, "Bob's 12 wires (not: Bob holds a red)");
  // Dee and Bob down to one wire each, Bob's under an info token 3
  const cuts = (p, js) => js.map((j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v: String(j + 1) } }));
  const late = table([...cuts(3, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), ...cuts(1, [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } }], true);
  const off2 = actorOff({ state: late, t: S.derive(late), ui: { sheet: { mode: "action" } } }, { k: "red" });
  assert.match(off2.get(1), /a wire of theirs cannot be red/, "Bob's info token 3");
  assert.ok(!off2.has(3), "Dee's last wire may be the red");
});

test("14, 28: the captain, whose failure explodes the bomb, gets no Stabilizer: greyed in its sheet, and one recorded holds nothing", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  const state = table();
  state.setup.captain_fragile = true;
  const t = S.derive(state);
  assert.match(actorOff({ state, t, ui: { sheet: { mode: "action" } } }, { k: "stabilizer" }).get(0), /no Stabilizer/);
  const s2 = S.addEntry(S.addEntry(state, { k: "stabilizer", a: 0 }), { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "5", ok: false, real: "2" });
  const t2 = S.derive(s2);
  assert.equal(t2.exploded, true);
  assert.match(t2.entries.at(-1).text, /the captain's failure: no Stabilizer holds it/);
  assert.doesNotMatch(t2.entries.at(-1).text, /the Stabilizer holds the detonator/);
  // beside ✗, before the tap: the captain's failure explodes the bomb (14's walkthrough: asked as a usual failure)
  const ask = (st, d) => String(resultAsk({ ctx: { state: st, t: S.derive(st), ui: { sheet: { mode: "action" } } }, d }).text ?? "");
  assert.match(ask(state, { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "5" }), /data-testid="result-fragile">Ann is the captain: ✗ explodes the bomb/);
  assert.doesNotMatch(ask(state, { k: "dual", a: 1, p: 2, s: 0, js: [4], v: "5" }), /result-fragile/, "another player's failure: the detonator");
  const fourteen = { ...state, setup: { ...state.setup, mission: 14 } };
  assert.match(ask(fourteen, { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "5" }), /Ann is the intern: ✗ explodes the bomb/);
});

test("a detector the engine called sure offers no ✗; a failed one's token goes by itself on the only wire that may show it", () => {
  let state = S.defaultState();
  state.phase = "table";
  state.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  for (const l of [...HAND, "R5"]) state = S.handAdd(state, 0, l); // my hand holds the red R5 besides HAND
  const t = S.derive(state);
  const A = allow(state, laws({}));
  const move = { kind: "double_detector", player: 1, stand: 0, slots: [3, 4], value: 6, guaranteed: true, p_success: 1 };
  const d = S.draftFromMove(state, move);
  assert.equal(d.sure, true);
  assert.deepEqual(resultAllowed(A, d), { ok: true, wrong: false });
  assert.equal(settleDraft(A, d).ok, true);
  assert.deepEqual(resultAllowed(A, { ...d, sure: undefined }).wrong, true, "without the engine's word: both");
  // Bob's Double Detector on my D (a 3) and my red: ✗ — the token goes on D
  const mine = t.stands[0][0].map((sl, j) => [j, sl.own]);
  const red = mine.find(([, w]) => w === "R5")[0];
  const three = mine.find(([, w]) => w === "3")[0];
  const failed = settleDraft(A, { k: "double", a: 1, p: 0, s: 0, js: [three, red], v: "6", ok: false });
  assert.equal(failed.tok, three);
});

test("✓ is greyed when the copies the table places elsewhere leave none for the wires pointed at and the actor", () => {
  // my two 8s, Cid H an 8 for sure: Bob holds the last one, so his detector on Cid I+J cannot find an 8
  const state = table();
  const l = laws({ "2-0-7": { 8: 1 } });
  const A = { state, t: S.derive(state), laws: l, given: null, editing: false };
  const dd = { k: "double", a: 1, p: 2, s: 0, js: [8, 9], v: "8" };
  assert.equal(HAND.filter((x) => x === "8").length, 1, "(the test's hand holds one 8)");
  assert.equal(resultAllowed(A, dd).ok, true, "one 8 mine, Cid H one: two left for Cid I/J and Bob");
  const l2 = laws({ "2-0-7": { 8: 1 }, "3-0-7": { 8: 1 } });
  assert.equal(resultAllowed({ ...A, laws: l2 }, dd).ok, false, "Dan H an 8 too: one left, Bob's");
  assert.equal(resultAllowed({ ...A, laws: l2, editing: true }, dd).ok, true, "an edit judges nothing");
});

test("the detonator on its last space: ✗ says it explodes the bomb before it is tapped (not with a space left, nor once stabilized)", () => {
  const state = table();
  const dual = { k: "dual", a: 1, p: 2, s: 0, js: [9], v: "10" };
  const ask = (st, t = S.derive(st)) => String(resultAsk({ ctx: { state: st, t, laws: null, ui: { sheet: { mode: "action" } } }, d: dual }));
  state.setup.mistakes = 1;
  assert.doesNotMatch(ask(state), /result-last-space/, "a space left");
  state.setup.mistakes = 0;
  assert.match(ask(state), /data-testid="result-last-space">The detonator is on its last space: ✗ explodes the bomb\./);
  assert.doesNotMatch(ask(state, { ...S.derive(state), stab: true }), /result-last-space/, "a Stabilizer holds it");
});

test("the actor's wires after a success: a certain one says 'sure' beside its letter, not nothing", () => {
  const state = table();
  const l = laws({ "2-0-3": { 4: 0.5, 3: 0.5 }, "2-0-4": { 5: 1 }, "1-0-1": { 4: 0.2, 2: 0.8 }, "1-0-2": { 4: 0.7, 3: 0.3 } });
  for (let j = 0; j < 12; j += 1) if (![1, 2].includes(j)) l.set(`1-0-${j}`, { probs: { 9: 1 } });
  const given = laws({ "1-0-1": { 4: 0.17, 2: 0.83 }, "1-0-2": { 4: 1 } });
  for (let j = 0; j < 12; j += 1) if (![1, 2].includes(j)) given.set(`1-0-${j}`, { probs: { 9: 1 } });
  const A = allow(state, l);
  const d = settleDraft(A, { k: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "4", ok: true });
  const html = String(resultAsk({ ctx: { state, t: A.t, laws: l, given, ui: { sheet: { mode: "action" } } }, d: { ...d, ok: undefined, hit: undefined } }));
  assert.match(html, /data-testid="actor-slot-0-2"[^>]*>C <small>sure<\/small>/);
  assert.match(html, /data-testid="actor-slot-0-1"[^>]*>B <small>17%<\/small>/);
});

test("'Which of Bob's wires was cut with it?' says what its chances are, and why they may add past 100 %", () => {
  const state = table();
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [0], v: "7", ok: true };
  const t = S.derive(state);
  const before = laws({ "1-0-3": { "7": 0.5, "6": 0.5 }, "1-0-4": { "7": 0.5, "8": 0.5 } });
  const ask = (given) => String(actorSlotAsk({ ctx: { state, t, laws: before, given, ui: { sheet: { mode: "action" } } }, d, setup: state.setup }));
  assert.match(ask(null), /how likely each is the one, from the table before the cut/);
  // after the success Bob may hold two 7s: each wire's own chance, 80 % + 70 %
  const two = ask(laws({ "1-0-3": { "7": 0.8, "6": 0.2 }, "1-0-4": { "7": 0.7, "8": 0.3 } }));
  assert.match(two, /the chance it is a 7, the cut having worked; they add up past 100 %: Bob may hold more than one/);
  const one = ask(laws({ "1-0-3": { "7": 0.4, "6": 0.6 }, "1-0-4": { "7": 0.6, "8": 0.4 } }));
  assert.match(one, /the cut having worked\)/);
  assert.doesNotMatch(one, /past 100/);
  const mine = String(actorSlotAsk({ ctx: { state, t, laws: before, given: null, ui: {} }, d: { ...d, a: 0 }, setup: state.setup }));
  assert.doesNotMatch(mine, /given-hint/, "my own wires I see: no chance said");
  const edit = String(actorSlotAsk({ ctx: { state, t, laws: before, given: null, ui: { sheet: { mode: "action", edit: 0 } } }, d, setup: state.setup }));
  assert.doesNotMatch(edit, /given-hint/, "an edit offers every wire, no chance: none said");
});

test("a failure whose only possible token is red (the bomb explodes) is asked, not filled in: a mis-tap would end the game", () => {
  const state = table([], true); // the red R5 in play
  // Cid E may only be a 6 or R5 by the engine's law, and Bob names 6 wrongly: R5 is left, the explosion
  const A = allow(state, laws({ "2-0-4": { 6: 0.7, R5: 0.3 } }));
  const d = settleDraft(A, { k: "dual", a: 1, p: 2, s: 0, js: [4], v: "6", ok: false });
  assert.equal(d.real, undefined, "not assumed");
  assert.equal(S.nextAsk(state, A.t, d).ask, "real");
  const ok = realOptions(A, d, 4, realLabels(state.setup)).filter((x) => x.ok).map((x) => x.label);
  assert.deepEqual(ok, ["R5"], "the one answer is offered, to be tapped");
  // a blue one left alone is still filled in
  const blue = settleDraft(allow(state, laws({ "2-0-4": { 6: 0.7, 7: 0.3 } })), { k: "dual", a: 1, p: 2, s: 0, js: [4], v: "6", ok: false });
  assert.equal(blue.real, "7");
});

test("Walkie-Talkies: the wire I got is one that sat in order where it came from (left of Cid's token 6: 6 or less)", () => {
  const state = table([{ k: "set", p: 2, s: 0, j: 7, slot: { c: "info", v: "6" } }]);
  const t = S.derive(state);
  const labels = ["1", "2", "4", "5", "6", "7", "10", "12"];
  const got = S.gotFits(state, t, { k: "walkie", a: 0, p: 2, s: 0, js: [6], as: { s: 0, j: 2 } }, labels);
  assert.deepEqual(got, ["1", "2", "4", "5", "6"]);
  // the teammate's wire right of the token: 6 or more
  assert.deepEqual(S.gotFits(state, t, { k: "walkie", a: 0, p: 2, s: 0, js: [8], as: { s: 0, j: 2 } }, labels), ["6", "7", "10", "12"]);
  // with the engine's chances for Cid G: only what that slot may hold
  const odds = laws({ "2-0-6": { 5: 0.5, 6: 0.4, 4: 0.1 } });
  assert.deepEqual(S.gotFits(state, t, { k: "walkie", a: 0, p: 2, s: 0, js: [6], as: { s: 0, j: 2 } }, labels, odds), ["4", "5", "6"]);
});

test("✓ is greyed for a yellow cut when the yellow wires the table places elsewhere leave fewer than two (the walkthrough's 27)", () => {
  // 4 yellow wires (Y2 Y5 Y8 Y11); Y2 and Y11 cut, Dan H a yellow for sure: one left, so Bob → Cid I as yellow cannot work
  let state = S.defaultState();
  state.phase = "table";
  state.setup.yellow = { mode: "list", nums: [2, 5, 8, 11], keep: 1, known: [] };
  for (const l of HAND) state = S.handAdd(state, 0, l);
  for (const [p, v] of [[1, "Y2"], [2, "Y11"]]) state = S.addEntry(state, { k: "set", p, s: 0, j: 0, slot: { c: "cut", v, m: null, col: null } });
  const t = S.derive(state);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.yellowCut, 2);
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [8], v: "Y" };
  const A = { state, t, laws: laws({ "2-0-8": { Y5: 0.5, 9: 0.5 } }), given: null, editing: false };
  assert.equal(resultAllowed(A, d).ok, true, "two yellows left, none placed: Cid I and Bob may hold them");
  const l2 = laws({ "2-0-8": { Y5: 0.5, 9: 0.5 }, "3-0-7": { Y8: 1 } });
  assert.deepEqual(resultAllowed({ ...A, laws: l2 }, d), { ok: false, wrong: true }, "Dan H a yellow for sure: one left");
});

test("no detector names yellow (the rulebook's FAQ): the Double Detector's keypad offers none and the replay refuses one by name", () => {
  const state = table();
  const t = S.derive(state);
  for (const k of ["double", "triple", "super"]) {
    assert.deepEqual(S.nextAsk(state, t, { k, a: 1, p: 2, s: 0, js: k === "double" ? [3, 4] : k === "triple" ? [3, 4, 5] : [0] }), { ask: "value", noYellow: true });
  }
  const e = S.derive(S.addEntry(state, { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "Y", ok: false, tok: 3, real: "4" })).entries.at(-1);
  assert.match(e.error, /a detector names a value 1–12: yellow wires have no number/);
});

test("editing an old cut offers the cutter's wires as they stood then: one a later entry cut is offered (the walkthrough's 53)", async () => {
  const { allowOf } = await import("../../web/table/flow-templates.js");
  // Bob fails on Cid C naming 3; later Dan cuts Bob's D as a 3. Edited to a success, Bob's wire cut with it may be D.
  let state = table([
    { k: "dual", a: 1, p: 2, s: 0, j: 2, v: "3", ok: false, real: "4" },
    { k: "dual", a: 3, p: 1, s: 0, j: 3, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } },
  ]);
  const t = S.derive(state);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [2], v: "3", ok: true };
  const now = actorSlots({ state, t, laws: null, editing: true }, d).map((x) => x.j);
  assert.ok(!now.includes(3), "the table now: Bob's D is cut");
  const then = actorSlots(allowOf({ state, t, ui: { sheet: { mode: "action", edit: 0 } } }), d).map((x) => x.j);
  assert.ok(then.includes(3), "as it stood before the entry: Bob's D was there to cut");
});

test("11: the hidden red value's reveal only by who may hold nothing else; a wire known to be the value said may still explode", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  let state = table();
  state.setup.hidden_red = true;
  const off = actorOff({ state, t: S.derive(state), ui: { sheet: { mode: "action" } } }, { k: "red" });
  assert.match(off.get(1), /12 wires left: the hidden red value has 4/, "the walkthrough: an 11-wire stand's reveal led to a dead end");
  // Bob C shows an info token 3: Ann's cut of it naming 3 may be the hidden value's — ✗ (it exploded) stays offered
  state = S.addEntry(state, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  const t = S.derive(state);
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [2], v: "3" };
  assert.deepEqual(resultAllowed({ state, t, laws: null, editing: false }, d), { ok: true, wrong: true });
  // 3 ruled out (a 3 cut without exploding): then the cut is sure
  const cut3 = S.addEntry(state, { k: "dual", a: 2, p: 3, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  const t3 = S.derive(cut3);
  assert.ok(t3.entries.every((e) => e.ok), JSON.stringify(t3.entries));
  assert.deepEqual(resultAllowed({ state: cut3, t: t3, laws: null, editing: false }, d), { ok: true, wrong: false });
  const plain = table([{ k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } }]);
  assert.deepEqual(resultAllowed({ state: plain, t: S.derive(plain), laws: null, editing: false }, d), { ok: true, wrong: false }, "elsewhere a known 3 is sure");
});

test("a failed Super Detector's token: only a wire that shows none yet is offered", () => {
  const state = table([{ k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } }]);
  const t = S.derive(state);
  const d = { k: "super", a: 0, p: 1, s: 0, js: t.stands[1][0].map((_sl, j) => j), v: "8", ok: false };
  const html = String(whichAsk({ ctx: { state, t, ui: { sheet: { mode: "action" } } }, d, ask: { ask: "which", field: "tok" }, setup: state.setup }).text ?? "");
  assert.match(html, /data-testid="which-2"[^>]*disabled/, "Bob C shows an info token 3");
  assert.doesNotMatch(html, /data-testid="which-3"[^>]*disabled/);
});

test("11: a failed Double Detector can say both wires were the hidden red value (the bomb exploded)", () => {
  let state = table();
  state.setup.hidden_red = true;
  const t = S.derive(state);
  const d = { k: "double", a: 1, p: 2, s: 0, js: [10, 11], v: "11" };
  const html = String(resultAsk({ ctx: { state, t, ui: { sheet: { mode: "action" } } }, d }).text ?? "");
  assert.match(html, /data-testid="tok-boom"/);
  const e = S.addEntry(state, { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [10, 11], v: "11", ok: false, tok: 10, real: "!" });
  const t2 = S.derive(e);
  assert.ok(t2.entries[0].ok, t2.entries[0].error);
  assert.equal(t2.exploded, true);
  assert.doesNotMatch(String(resultAsk({ ctx: { state: table(), t: S.derive(table()), ui: { sheet: { mode: "action" } } }, d }).text ?? ""), /tok-boom/);
});

test("52: a failure's summary line says the false token it placed ('a false token: not 9'), not 'no token'", () => {
  const state = table();
  state.setup.false_tokens = true;
  state.setup.false_by = "all";
  assert.match(draftSummary(state.setup, { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "9", ok: false, real: "-" }), /✗ wrong · a false token: not 9/);
  assert.match(draftSummary(table().setup, { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "9", ok: false, real: "-" }), /✗ wrong · no token/);
});

test("a yellow cut's log line says which yellow the cutter cut with it", () => {
  let state = table();
  state.setup.yellow = { mode: "list", nums: [2, 5, 8, 11], keep: 1, known: [] };
  state = S.addEntry(state, { k: "dual", a: 3, p: 2, s: 0, j: 2, v: "Y", ok: true, cut: "Y2", as: { s: 0, j: 4 }, av: "Y5" });
  const t = S.derive(state);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.match(t.entries[0].text, /✓ cut Y2 \(with their Y5\)/);
});

test("under the Stabilizer a red wire pointed at does not explode: the failure's red keys say so", async () => {
  const { realAsk } = await import("../../web/table/flow-templates.js");
  const state = table([], true);
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [4], v: "5", ok: false };
  const text = (st) => String(realAsk({ ctx: { state: st, t: S.derive(st), ui: { sheet: { mode: "action" } } }, d, setup: st.setup }));
  assert.match(text(state), /Or red, no token: the bomb exploded:/);
  const stab = S.addEntry(state, { k: "stabilizer", a: 0 });
  assert.match(text(stab), /Or red, no token: the Stabilizer holds the bomb:/);
  assert.doesNotMatch(text(stab), /the bomb exploded/);
});

test("a Stabilizer holds for its player's turn only: a turn ended otherwise (a Coffee Mug) leaves the next failure to move the detonator", () => {
  let s = table([{ k: "stabilizer", a: 0 }, { k: "coffee", a: 0, next: 2 }]);
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 4, v: "5", ok: false, real: "6" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  assert.equal(t.mistakesMade, 1, "Cid's failure moved the detonator (it was held: the Stabilizer outlived Ann's turn)");
  // the Coffee Mug names a teammate who still plays
  assert.match(S.derive(table([{ k: "coffee", a: 0, next: 0 }])).entries[0].error, /the Coffee Mug names a teammate to play next, not Ann/);
});

test("a failure's token on a wire that shows another token is refused by name (an old cut edited into a failure)", () => {
  const state = table([{ k: "set", p: 2, s: 0, j: 5, slot: { c: "info", v: "6" } }]);
  const e = { k: "dual", a: 3, p: 2, s: 0, j: 5, v: "6", ok: false, real: "7" };
  assert.match(S.derive(S.addEntry(state, e)).entries.at(-1).error, /Cid slot F already shows an info token 6, not 7/);
});

test("a Post-it pointed at a wire the table shows is not blue is refused at the tap, the draft kept for another wire", async () => {
  const { pickSlot } = await import("../../web/table/draft-commit.js");
  const state = table([{ k: "set", p: 1, s: 0, j: 3, slot: { c: "info", v: "Y" } }]);
  const ui = { sheet: { mode: "action" }, draft: { k: "postit", a: 1, js: [] } };
  const app = { ui, state, derived: () => S.derive(state) };
  pickSlot(app, "1-0-3");
  assert.match(ui.sheetError, /A Post-it goes on a blue wire: Bob D is a yellow/);
  assert.deepEqual(ui.draft.js, []);
  pickSlot(app, "1-0-4");
  assert.equal(ui.sheetError, null);
  assert.deepEqual(ui.draft.js, [4]);
});

test("Label = or ≠ on two wires the table shows that break it is refused at the second tap, by name", async () => {
  const { pickSlot } = await import("../../web/table/draft-commit.js");
  const state = table();
  const t = S.derive(state);
  const mine = t.stands[0][0].map((sl) => sl.own);
  const j = mine.findIndex((l, k) => k > 0 && l !== mine[k - 1]); // two neighbours of different values
  const tap = (k, keys) => {
    const ui = { sheet: { mode: "action" }, draft: { k, a: 0, js: [] } };
    const app = { ui, state, derived: () => t };
    for (const key of keys) pickSlot(app, key);
    return ui;
  };
  const eq = tap("label_eq", [`0-0-${j - 1}`, `0-0-${j}`]);
  assert.match(eq.sheetError, /not the same value — Label = goes on two equal wires/);
  assert.deepEqual(eq.draft.js, [j - 1]);
  const ne = tap("label_ne", [`0-0-${j - 1}`, `0-0-${j}`]);
  assert.equal(ne.sheetError, null);
  assert.deepEqual(ne.draft.js, [j - 1, j]);
});

test("Single Wire Label on a value its stand shows twice is refused at the tap; a detector's wires moved to another stand are said", async () => {
  const { pickSlot } = await import("../../web/table/draft-commit.js");
  const state = table();
  const t = S.derive(state);
  const mine = t.stands[0][0].map((sl) => sl.own);
  const j = mine.findIndex((l, k) => mine.indexOf(l) !== k); // the second of two equal wires of mine
  const ui = { sheet: { mode: "action" }, draft: { k: "swl", a: 0, js: [] } };
  pickSlot({ ui, state, derived: () => t }, `0-0-${j}`);
  assert.match(ui.sheetError, new RegExp(`the stand holds two ${mine[j]}s — the Single Wire Label goes on a value it holds once`));
  assert.deepEqual(ui.draft.js, []);
  const tri = { sheet: { mode: "action" }, draft: { k: "triple", a: 0, js: [] } };
  const app = { ui: tri, state, derived: () => t };
  pickSlot(app, "1-0-2");
  pickSlot(app, "2-0-4");
  assert.match(tri.sheetError, /Bob C dropped: these wires lie on one stand — now Cid's/);
  assert.deepEqual([tri.draft.p, tri.draft.js], [2, [4]]);
});

test("a Stabilizer or a Coffee Mug played on another player's turn is said beside its entry", () => {
  const state = table();
  const t = S.derive(state);
  const other = (t.turn + 1) % 4;
  const stab = S.derive(S.addEntry(state, { k: "stabilizer", a: other }));
  assert.match(stab.entries.at(-1).text, /check: it was \w+'s turn \(the Stabilizer is played on one's own turn\)/);
  assert.doesNotMatch(S.derive(S.addEntry(state, { k: "stabilizer", a: t.turn })).entries.at(-1).text, /turn \(the Stabilizer/);
});

test("a General Radar refused at Record (more yes than copies uncut) opens its answers again, to change the wrong one", () => {
  const state = table([1, 2, 3].map((p) => ({ k: "set", p, s: 0, j: 3, slot: { c: "cut", v: "4", m: null, col: null } })));
  state.setup.equipment = ["8"];
  const ans = [0, 1, 2, 3].map((p) => ({ p, s: 0, has: p > 0 }));
  const app = {
    state, ui: { sheet: { mode: "action" }, draft: { k: "radar", v: 4, ans, done: true, pe: false, confirmed: true } }, derived: () => S.derive(app.state), results: {},
    closeSheet() { app.ui.sheet = null; }, commit(next) { app.state = next; }, render() {}, view: {},
  };
  maybeCommit(app);
  assert.equal(app.state.log.length, 3, "not recorded");
  assert.match(app.ui.sheetError, /3 stands said yes to 4, but only 1 4 is still uncut/);
  assert.equal(S.nextAsk(app.state, app.derived(), app.ui.draft).ask, "radar_answers");
});

test("a complete draft waits for Record when a card speaks against it, or when the page filled in an ending (the warning is read first)", async () => {
  const { logActs } = await import("../../web/table/acts-log.js");
  const state = table();
  state.setup.mission = 32;
  state.setup.cards = ["I"]; // no cut of the far-right wire
  const app = {
    state, results: {}, ui: { sheet: { mode: "action" }, draft: { k: "dual", a: 1, p: 2, s: 0, js: [11], v: "12", ok: true, as: { s: 0, j: 11 }, av: "12" } },
    derived: () => S.derive(app.state), closeSheet() { app.ui.sheet = null; }, commit(next) { app.state = next; }, render() {}, view: {},
  };
  maybeCommit(app);
  assert.equal(app.state.log.length, 0, "held: card I speaks against it");
  assert.equal(S.nextAsk(app.state, app.derived(), app.ui.draft), null, "nothing left to ask: the sheet shows Record");
  logActs(app)["draft-commit"]();
  maybeCommit(app);
  assert.equal(app.state.log.length, 1, "Record: recorded as the table did it");
  // an ending the page filled in: a failure on the last space, its token the only one the slot may show
  const last = table();
  last.setup.mistakes = 0;
  const lawsNow = new Map([["2-0-4", { probs: { 7: 1 } }]]);
  const end = {
    state: last, results: { analysis: { resultId: 1, slots: lawsNow, doc: null } }, ui: { sheet: { mode: "action" }, draft: { k: "dual", a: 0, p: 2, s: 0, js: [4], v: "5", ok: false } },
    derived: () => S.derive(end.state), closeSheet() { end.ui.sheet = null; }, commit(next) { end.state = next; }, render() {}, view: {},
  };
  maybeCommit(end);
  assert.equal(end.state.log.length, 0, "the bomb would explode: Record first");
  logActs(end)["draft-commit"]();
  maybeCommit(end);
  assert.ok(S.derive(end.state).exploded);
  // a one-tap skip that moves the detonator off its last space waits for Record too (47's walkthrough: it exploded)
  const pass = { ...S.defaultState(), phase: "table", setup: S.applyMission(withPlayers(4, 0), preset({ number: 59, number_cards: "line" })) };
  pass.setup.numbers = [3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8];
  pass.setup.mistakes = 0;
  const skip = { state: pass, results: {}, ui: { sheet: { mode: "action" }, draft: { k: "skip", a: 0 } },
    derived: () => S.derive(skip.state), closeSheet() { skip.ui.sheet = null; }, commit(next) { skip.state = next; }, render() {}, view: {} };
  maybeCommit(skip);
  assert.equal(skip.state.log.length, 0, "held: the skip would explode the bomb");
  logActs(skip)["draft-commit"]();
  maybeCommit(skip);
  assert.ok(S.derive(skip.state).exploded);
});

test("a draft held for Record in the slot sheet shows Record, and why: it ends the game", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const state = table();
  state.setup.mistakes = 0;
  const t = S.derive(state);
  const d = { k: "dual", a: 0, p: 2, s: 0, js: [4], v: "5", ok: false, real: "7" };
  assert.equal(S.nextAsk(state, t, d), null);
  const html = String(sheetTemplate({ state, t, laws: null, missions: [], ask: null, holdings: null, ui: { sheet: { mode: "slot", key: "2-0-4", tab: "cut" }, draft: d } }));
  assert.match(html, /data-testid="ends-warning">Once recorded, this ends the game: the bomb explodes\. Tap Record if it happened\./);
  assert.match(html, /data-testid="draft-commit"/);
  state.setup.mistakes = 2;
  assert.doesNotMatch(String(sheetTemplate({ state, t: S.derive(state), laws: null, missions: [], ask: null, holdings: null,
    ui: { sheet: { mode: "slot", key: "2-0-4", tab: "cut" }, draft: d } })), /ends-warning/, "two mistakes left: no ending");
});

test("editing an older entry, the value keypad's last-space warning reads the detonator as it stood then", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let state = table();
  state.setup.mistakes = 1;
  state = S.addEntry(state, { k: "dual", a: 1, p: 2, s: 0, j: 4, v: "5", ok: false, real: "7" }); // the last space now
  const t = S.derive(state);
  assert.equal(t.mistakesLeft, 0);
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [4] };
  const keys = (ui) => String(askTemplate({ state, t, laws: null, missions: [], holdings: null, ui }, d, { ask: "value" }).text ?? "");
  assert.match(keys({ sheet: { mode: "action" } }), /data-testid="value-last-space"/, "a new cut: the last space");
  assert.doesNotMatch(keys({ sheet: { mode: "action", edit: 0 } }), /value-last-space/, "the entry was made with a mistake to spare");
});

test("an X-or-Y Ray that works: its player still holds the other value said (the card: both held; 21's walkthrough)", () => {
  const s = table([{ k: "xray", a: 1, p: 2, s: 0, j: 3, vs: ["5", "6"], ok: true, cut: "6", as: { s: 0, j: 6 } }]);
  const t = S.derive(s);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  const has = S.engineDoc(s, t).facts.filter((f) => f.kind === "has" && f.player === 1).map((f) => f.value);
  assert.deepEqual(has, [5]);
});

test("a teammate's solo cut: once one wire is picked, the next on its stand is one with only wires of the value between (28's and 47's walkthroughs)", async () => {
  const { ownSlotOptions } = await import("../../web/table/draft-options.js");
  const state = table([{ k: "set", p: 1, s: 0, j: 6, slot: { c: "cut", v: "7" } }]);
  const A = { state, t: S.derive(state), laws: null, editing: false };
  const ok = (slots) => ownSlotOptions(A, { k: "solo", a: 1, v: "5", slots }).filter((x) => x.ok).map((x) => x.j);
  assert.equal(ok([]).length, 11, "nothing picked: any uncut wire");
  assert.deepEqual(ok([{ s: 0, j: 3 }]), [0, 1, 2, 3, 4, 5], "not past the cut 7");
  const law = { ...A, laws: new Map([["1-0-2", { probs: { 2: 1 } }]]) };
  assert.deepEqual(ownSlotOptions(law, { k: "solo", a: 1, v: "5", slots: [{ s: 0, j: 3 }] }).filter((x) => x.ok).map((x) => x.j), [3, 4, 5],
    "not past a wire the table makes a 2");
});
