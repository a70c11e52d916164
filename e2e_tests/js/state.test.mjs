// Pure table-app state functions (web/app/state.js): run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/app/state.js";

const started = () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  return s;
};

test("stand sizes follow the dealing rule", () => {
  const setup = S.defaultSetup();
  assert.deepEqual(S.standSizes(setup), [[12], [12], [12], [12]]);
  setup.players = ["a", "b", "c", "d", "e"];
  setup.captain = 3;
  setup.yellow = { mode: "list", nums: [2, 5], keep: 1, known: [] };
  setup.red = { mode: "list", nums: [4, 9], keep: 1, known: [] };
  // 52 wires over 5 stands from the captain (3): 3 and 4 get 11
  assert.deepEqual(S.standSizes(setup), [[10], [10], [10], [11], [11]]);
  setup.players = ["a", "b", "c"];
  setup.captain = 1;
  setup.yellow.mode = setup.red.mode = "none";
  assert.deepEqual(S.standSizes(setup), [[12], [12, 12], [12]]);
  setup.players = ["a", "b"];
  setup.red = { mode: "of", nums: [3, 8], keep: 1, known: [] };
  // 49 wires: the captain's first stand gets the extra one
  assert.deepEqual(S.standSizes(setup), [[12, 12], [13, 12]]);
});

test("hand entry sorts itself and respects copies", () => {
  let s = started();
  assert.deepEqual(s.hand[0], ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]);
  assert.ok(S.handComplete(s));
  assert.equal(S.handAdd(s, 0, "4"), s, "a full stand takes no more");
  s = S.handRemove(s, 0, 0);
  assert.equal(s.hand[0].length, 11);
});

test("a failed dual cut places the token, moves the detonator and records a has fact", () => {
  let s = started();
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 4, v: "6", ok: false, real: "5" });
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.deepEqual(t.stands[2][0][4], { c: "info", v: "5", m: null, col: null, own: null });
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.mistakesLeft, 2);
  assert.deepEqual(t.facts, [{ kind: "has", player: 1, value: 6 }]);
  assert.equal(t.turn, 2);
  const doc = S.engineDoc(s, t);
  assert.equal(doc.players[2].stands[0], "? ? ? ? i5 ? ? ? ? ? ? ?");
  assert.equal(doc.players[0].stands[0].split(" ")[0], "?1");
  assert.equal(doc.mistakes_left, 2);
});

test("a successful dual cut by me cuts both wires; validation and equipment follow", () => {
  let s = started();
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 1, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.cutCount["3"], 4);
  assert.deepEqual(t.validated, [3]);
  assert.deepEqual(t.unlocked, ["3"]);
  assert.deepEqual(S.availableItems(s, t), ["double_detector", "triple_detector"]);
  assert.equal(S.engineDoc(s, t).players[0].stands[0].split(" ")[2], "3");
});

test("bad entries are skipped with an error; undo/redo/edit replay", () => {
  let s = started();
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "4", ok: true, cut: "4", as: { s: 0, j: 2 } });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, false);
  assert.match(t.entries[0].error, /your 3/);
  s = S.replaceEntry(s, 0, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  assert.ok(S.derive(s).entries[0].ok);
  s = S.addEntry(s, { k: "rewind" });
  s = S.undo(s);
  assert.equal(s.log.length, 1);
  assert.equal(s.redo.length, 1);
  s = S.redo(s);
  assert.equal(s.log.length, 2);
  s = S.replaceEntry(s, 0, null);
  assert.equal(s.log.length, 1);
});

test("double detector, radar, labels, post-it, rewinder", () => {
  let s = started();
  s = S.addEntry(s, { k: "detect", kind: "double", a: 0, p: 1, s: 0, js: [3, 4], v: "7", ok: false, tok: 4, real: "6" });
  s = S.addEntry(s, { k: "radar", v: 9, ans: [{ p: 1, s: 0, has: false }, { p: 2, s: 0, has: true }] });
  s = S.addEntry(s, { k: "label", eq: true, p: 3, s: 0, js: [5, 6] });
  s = S.addEntry(s, { k: "postit", a: 2, s: 0, j: 0, v: "1" });
  s = S.addEntry(s, { k: "rewind" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.stands[1][0][4].v, "6");
  assert.equal(t.mistakesMade, 0);
  assert.deepEqual(t.usedDD, [0]);
  assert.ok(!S.availableItems(s, t).includes("double_detector"));
  assert.deepEqual(t.facts.map((f) => f.kind), ["has", "not_value", "has_not", "has", "same"]);
  assert.deepEqual(t.facts[1], { kind: "not_value", player: 1, stand: 0, slots: [3, 4], value: 7 });
  assert.equal(t.stands[2][0][0].c, "info");
});

test("slot tokens follow the engine notation", () => {
  const h = { c: "h", v: null, m: null, col: null, own: null };
  assert.equal(S.slotToken(h), "?");
  assert.equal(S.slotToken({ ...h, col: "y" }), "y?");
  assert.equal(S.slotToken({ ...h, m: "E" }), "E");
  assert.equal(S.slotToken({ ...h, m: "!5" }), "!5");
  assert.equal(S.slotToken({ ...h, c: "cut", v: "7", m: "!5" }), "!5:7");
  assert.equal(S.slotToken({ ...h, c: "cut", v: "Y4" }), "Y4");
  assert.equal(S.slotToken({ ...h, c: "info", v: "Y" }), "iY");
  assert.equal(S.slotToken({ ...h, own: "Y4", c: "info", v: "Y" }, true), "iY4");
  assert.equal(S.slotToken({ ...h, own: "8", m: "2x" }, true), "2x?8");
  assert.equal(S.slotToken({ ...h, own: "8", m: "2x" }, false), "2x");
});

test("share link hides my hand; damaged links give a message", () => {
  let s = started();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 0, slot: { c: "info", v: "1" } });
  const shared = S.shareState(s);
  const hash = S.encodeHash(shared);
  const back = S.decodeHash(hash);
  assert.ok(back.state);
  assert.deepEqual(back.state.hand, []);
  assert.equal(back.state.setup.me, null);
  assert.equal(back.state.log.length, 1);
  assert.equal(S.engineDoc(back.state).players[0].stands[0], "? ? ? ? ? ? ? ? ? ? ? ?");
  assert.ok(S.decodeHash(S.encodeHash(S.shareState(s, true))).state.hand[0].length === 12);
  assert.match(S.decodeHash("#g=abc!!").error, /damaged/);
  assert.match(S.decodeHash("#g=" + btoa('{"x":1}')).error, /not a Bomb Busters table/);
  assert.deepEqual(S.decodeHash("#other"), {});
  // names survive as text
  s.setup.players[1] = "<b>Bo</b>";
  assert.equal(S.decodeHash(S.encodeHash(s)).state.setup.players[1], "<b>Bo</b>");
});

test("slot choices follow the setup", () => {
  const setup = S.defaultSetup();
  let c = S.slotChoices(setup);
  assert.ok(!c.cut.some((l) => l.startsWith("R")));
  assert.deepEqual(c.marks, []);
  assert.deepEqual(c.colours, []);
  setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  setup.tokens = "even_odd";
  c = S.slotChoices(setup);
  assert.ok(c.cut.includes("R5"));
  assert.deepEqual(c.marks, ["E", "O"]);
  assert.deepEqual(c.info, []);
  assert.deepEqual(c.colours, ["b", "r"]);
});
