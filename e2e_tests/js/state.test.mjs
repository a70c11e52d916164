// Pure table-app state functions (web/table/table-state.js): run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { started } from "./tables.mjs";

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
  assert.deepEqual(t.unlocked, ["3", "3.3"]); // all four 3s: the double-numbered 3.3 too
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

test("a General Radar answered no by every stand is refused while a copy is uncut", () => {
  const all = (has) => [0, 1, 2, 3].map((p) => ({ p, s: 0, has: has(p) }));
  let t = S.derive(S.addEntry(started(), { k: "radar", v: 4, ans: all(() => false) }));
  assert.match(t.entries[0].error, /every stand said no to 4, but 4 4s are still uncut/);
  t = S.derive(S.addEntry(started(), { k: "radar", v: 4, ans: all((p) => p === 2) }));
  assert.ok(t.entries[0].ok, t.entries[0].error);
  // more stands saying yes than copies uncut: refused by name (the engine found the table impossible afterwards)
  let s = started();
  for (const p of [1, 2, 3]) s = S.addEntry(s, { k: "set", p, s: 0, j: 3, slot: { c: "cut", v: "4", m: null, col: null } });
  t = S.derive(S.addEntry(s, { k: "radar", v: 4, ans: all((p) => p > 0) }));
  assert.match(t.entries.at(-1).error, /3 stands said yes to 4, but only 1 4 is still uncut/);
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

test("share links are deflated, read back exactly, and stay short late in a game", async () => {
  let s = started();
  // A long game: 40 cuts and misses, as a 5-player table has near its end.
  for (let i = 0; i < 40; i++) {
    const v = String(1 + (i % 12));
    s = S.addEntry(s, { k: "dual", a: i % 4, p: (i + 1) % 4, s: 0, j: i % 12, v, ok: i % 7 !== 3, cut: v, as: { s: 0, j: i % 11 } });
  }
  for (const withHand of [false, true]) {
    const shared = S.shareState(s, withHand);
    const hash = await S.encodeShareHash(shared);
    assert.match(hash, /^#z=[A-Za-z0-9_-]+$/);
    const back = await S.readHash(hash);
    assert.deepEqual(back.state, S.decodeHash(S.encodeHash(shared)).state);
    assert.ok(hash.length * 3 < S.encodeHash(shared).length, `${hash.length} vs ${S.encodeHash(shared).length}`);
  }
  // readHash also reads plain hashes, and names a damaged deflated link
  assert.equal((await S.readHash(S.encodeHash(s))).state.log.length, 40);
  assert.match((await S.readHash("#z=" + btoa("not deflate"))).error, /damaged/);
  assert.match((await S.readHash("#z=abc!!")).error, /damaged/);
  assert.deepEqual(await S.readHash("#other"), {});
});

test("taking a seat mid-game starts from the wires the table shows on it", () => {
  let s = started();
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 6, v: "9", ok: false, real: "7" });
  s = S.addEntry(s, { k: "dual", a: 1, p: 3, s: 0, j: 0, v: "1", ok: false, real: "2" });
  const shared = S.shareState(s);
  assert.deepEqual(S.publicHand(shared, 1), [["3", "7"]]);
  assert.deepEqual(S.publicHand(shared, 3), [["2"]]);
  assert.deepEqual(S.publicHand(shared, 2), [[]]);
  // my own cut wire (slot C) is public too
  assert.deepEqual(S.publicHand(shared, 0), [["3"]]);
});

test("X tokens: each stand's far-right wire is unsorted, and my last entered wire goes there", () => {
  let s = S.defaultState();
  s.setup.x_tokens = true;
  s.phase = "hand";
  // eleven sorted wires, then the X wire (a 2, which sorted would sit near the left)
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "11", "10", "6", "8", "2"]) s = S.handAdd(s, 0, l);
  assert.deepEqual(s.hand[0], ["1", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12", "X2"]);
  assert.ok(S.handComplete(s));
  // taking back a sorted wire keeps the X wire; the next wire fills the sorted part
  s = S.handRemove(s, 0, 0);
  s = S.handAdd(s, 0, "4");
  assert.deepEqual(s.hand[0].slice(0, 2), ["3", "3"]);
  assert.equal(s.hand[0].at(-1), "X2");
  assert.equal(s.hand[0][2], "4");
  // taking back the X wire: the next one entered is the X wire again
  s = S.handRemove(s, 0, 11);
  s = S.handAdd(s, 0, "1");
  assert.equal(s.hand[0].at(-1), "X1");
  const doc = S.engineDoc(s);
  assert.equal(doc.players[0].stands[0].split(" ").at(-1), "X?1");
  assert.equal(doc.players[0].stands[0].split(" ")[0], "?3");
  for (const p of [1, 2, 3]) assert.equal(doc.players[p].stands[0].split(" ").at(-1), "X");
  // the hand survives the hash; a seat taken mid-game gets its shown X wire as the X wire
  assert.deepEqual(S.decodeHash(S.encodeHash(s)).state.hand, s.hand);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 11, v: "7", ok: false, real: "4" });
  assert.deepEqual(S.publicHand(S.shareState(s), 1), [["X4"]]);
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

// ---------------------------------------------------------------- "I have none", open red deal, token advice

test('"I have none" tokens: a has_not fact, a chip per stand, checked against my hand, undo/edit replay', () => {
  let s = started();
  s.setup.absent_tokens = true;
  s = S.addEntry(s, { k: "absent", p: 1, v: "7" });
  s = S.addEntry(s, { k: "absent", p: 2, v: "Y" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual(t.facts, [{ kind: "has_not", player: 1, value: 7 }, { kind: "has_not", player: 2, value: "YELLOW" }]);
  assert.deepEqual(t.absent, [{ p: 1, s: null, v: "7" }, { p: 2, s: null, v: "Y" }]);
  assert.match(t.entries[0].text, /Bob has no 7/);
  assert.equal(t.turn, 0, "an absent token is not a turn");
  assert.deepEqual(S.engineDoc(s, t).facts[0], { kind: "has_not", player: 1, value: 7 });
  // I hold a 7: my own "none" token for 7 does not fit
  s = S.addEntry(s, { k: "absent", p: 0, v: "7" });
  t = S.derive(s);
  assert.equal(t.entries[2].ok, false);
  assert.match(t.entries[2].error, /you hold a 7/);
  s = S.replaceEntry(s, 2, { k: "absent", p: 0, v: "4" });
  assert.ok(S.derive(s).entries[2].ok);
  s = S.undo(s);
  assert.equal(S.derive(s).facts.length, 2);
  // an info token showing the value contradicts it
  s = S.addEntry(s, { k: "set", p: 3, s: 0, j: 0, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "absent", p: 3, v: "2" });
  assert.match(S.derive(s).entries.at(-1).error, /shows 2/);
});

test('"I have none" for a player with two stands: stand or whole player, asked in the draft', () => {
  let s = S.defaultState();
  s.setup.players = ["Ann", "Bob", "Cid"];
  s.setup.me = null;
  s.setup.absent_tokens = true;
  s.phase = "table";
  const t = S.derive(s);
  let d = { k: "absent", a: null };
  assert.equal(S.nextAsk(s, t, d).ask, "actor");
  d.a = 0; // the captain: two stands
  assert.equal(S.nextAsk(s, t, d).ask, "absent_stand");
  d.s = 1;
  assert.deepEqual(S.nextAsk(s, t, d), { ask: "value", absent: true });
  d.v = "9";
  assert.equal(S.nextAsk(s, t, d), null);
  assert.deepEqual(S.buildEntry(s, t, d), { k: "absent", p: 0, s: 1, v: "9" });
  d = { k: "absent", a: 0, s: null, v: "9" };
  assert.deepEqual(S.buildEntry(s, t, d), { k: "absent", p: 0, v: "9" });
  d = { k: "absent", a: 1, v: "3" };
  assert.equal(S.nextAsk(s, t, d), null, "one stand: no stand question");
  s = S.addEntry(s, { k: "absent", p: 0, s: 1, v: "9" });
  const t2 = S.derive(s);
  assert.deepEqual(t2.facts, [{ kind: "has_not", player: 0, value: 9, stand: 1 }]);
  assert.match(t2.entries[0].text, /Ann \(stand 2\) has no 9/);
  s = S.addEntry(s, { k: "absent", p: 1, s: 1, v: "9" });
  assert.equal(S.derive(s).entries[1].ok, false, "Bob has one stand");
});

test("open red deal: a stepper per stand, red_count facts, setup problems until the reds add up", () => {
  const m13 = { number: 13, blue: [1, 12], yellow: null, red: { count: 3, of: null, known: 0 }, tokens: "value",
    x_tokens: false, false_tokens: false, absent_tokens: false, open_red_deal: true, random_info_token: true,
    double_detector: "all", equipment: ["1"] };
  let setup = S.applyMission(S.defaultSetup(), m13);
  assert.equal(setup.open_red_deal, true);
  assert.equal(setup.random_info_token, true);
  assert.equal(S.startingTokenKind(setup), null, "mission 13: the starting token is drawn, not chosen");
  setup.red.nums = [2, 6, 9];
  assert.equal(S.redsInPlay(setup), 3);
  // filled in as the rule deals: one red to each player clockwise from the captain
  assert.deepEqual(S.openRedDeal(setup), [[1], [1], [1], [0]]);
  assert.deepEqual(S.openRedDeal({ ...setup, captain: 2 }), [[1], [0], [1], [1]]);
  assert.deepEqual(S.openRedDeal({ ...setup, players: ["a", "b"] }), [[1, 1], [1, 0]], "2 players: the captain's two on their two stands");
  assert.deepEqual(S.openRedDeal({ ...setup, players: ["a", "b", "c"], captain: 1 }), [[1], [1, 0], [1]]);
  assert.deepEqual(S.setupProblems(setup), []);
  setup = S.setRedDeal(setup, 0, 0, -1);
  setup = S.setRedDeal(setup, 2, 0, -1);
  assert.ok(S.setupProblems(setup).some((x) => /Red wires dealt openly: the stands hold 1, but 3/.test(x)));
  setup = S.setRedDeal(setup, 1, 0, 1);
  setup = S.setRedDeal(setup, 3, 0, 1);
  assert.deepEqual(setup.red_deal, [[0], [2], [0], [1]]);
  assert.deepEqual(S.setupProblems(setup), []);
  assert.deepEqual(S.setRedDeal(setup, 1, 0, 5).red_deal[1], [3], "never more than the reds in play");
  assert.deepEqual(S.setRedDeal(setup, 0, 0, -1).red_deal[0], [0], "never below 0");
  const s = { ...S.defaultState(), phase: "table", setup: { ...setup, me: null } };
  const doc = S.engineDoc(s);
  assert.deepEqual(doc.facts, [0, 2, 0, 1].map((count, p) => ({ kind: "red_count", player: p, stand: 0, count })));
  // a 3-player table: the captain's two stands get a count each; the link keeps the deal
  const three = structuredClone(setup);
  three.players = ["a", "b", "c"];
  assert.deepEqual(S.openRedDeal(three), [[0, 0], [2], [0]], "a deal the table changed is kept");
  const back = S.decodeHash(S.encodeHash(s)).state;
  assert.deepEqual(back.setup.red_deal, setup.red_deal);
  assert.equal(back.setup.open_red_deal, true);
  // custom: the random draw becomes an "I have none" toggle
  const custom = S.applyMission(setup, null);
  assert.equal(custom.random_info_token, false);
  assert.equal(custom.absent_tokens, true);
  assert.equal(S.openRedDeal({ ...setup, open_red_deal: false }), null);
});

test("an 'a of b' draw says only 'pick the numbers' until some are picked", () => {
  const m = { number: 23, blue: [1, 12], yellow: null, red: { count: 1, of: 3, known: 0 }, tokens: "value",
    x_tokens: false, false_tokens: false, absent_tokens: false, double_detector: "all", equipment: [] };
  const setup = S.applyMission(S.defaultSetup(), m);
  const before = S.setupProblems(setup, m);
  assert.ok(before.some((x) => /Pick 3 red numbers/.test(x)), before.join(" | "));
  assert.ok(!before.some((x) => /keep|drawn/.test(x)), before.join(" | "));
  assert.deepEqual(S.setupProblems({ ...setup, red: { ...setup.red, nums: [2, 5, 9] } }, m), []);
});

test("the address bar keeps my wires readable only on my phone: another key opens the table as a share link", () => {
  let s = started();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 0, slot: { c: "info", v: "1" } });
  assert.equal(s.hand[0].length, 12);
  const keyOf = (seed) => (n) => Uint8Array.from({ length: Math.max(n, 64) }, (_, i) => (i * 131 + seed * 17 + 7) % 256);
  const mine = keyOf(1);
  const hash = S.encodeHash(s, mine);
  const [open] = hash.slice(3).split(".");
  const plain = new TextDecoder().decode(Uint8Array.from(atob(open.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
  assert.deepEqual(JSON.parse(plain).hand, [], "the readable part holds no wire of mine");
  for (const k of ["hand_undo", "setup_undo"]) assert.equal(JSON.parse(plain)[k], undefined, `nor ${k}`);
  assert.doesNotMatch(hash, new RegExp(btoa(JSON.stringify(s.hand)).slice(0, 12)));
  // on my phone: the same table, my wires and the seat included
  const back = S.decodeHash(hash, mine);
  assert.deepEqual(back.state.hand, s.hand);
  assert.equal(back.state.setup.me, s.setup.me);
  assert.equal(back.notice, undefined);
  assert.deepEqual(S.decodeHash(S.encodeHash(back.state, mine), mine).state, back.state, "round trip");
  // elsewhere (another key, or none): the table without the wires, as a share link opens
  for (const other of [keyOf(2), null]) {
    const got = S.decodeHash(hash, other);
    assert.deepEqual(got.state.hand, []);
    assert.equal(got.state.setup.me, null);
    assert.equal(got.state.log.length, 1);
    assert.match(got.notice, /another phone: its owner's wires stay there/);
  }
  // a hash written before (plain) still reads, wires and all
  assert.deepEqual(S.decodeHash(S.encodeHash(s), mine).state.hand, s.hand);
});
