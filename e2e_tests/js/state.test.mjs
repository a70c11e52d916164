// Pure table-app state functions (web/table/table-state.js): run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";

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
  assert.deepEqual(S.openRedDeal(setup), [[0], [0], [0], [0]]);
  assert.ok(S.setupProblems(setup).some((x) => /Red wires dealt openly: the stands hold 0, but 3/.test(x)));
  setup = S.setRedDeal(setup, 1, 0, 1);
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
  assert.deepEqual(S.openRedDeal(three), [[0, 0], [2], [0]]);
  const back = S.decodeHash(S.encodeHash(s)).state;
  assert.deepEqual(back.setup.red_deal, setup.red_deal);
  assert.equal(back.setup.open_red_deal, true);
  // custom: the random draw becomes an "I have none" toggle
  const custom = S.applyMission(setup, null);
  assert.equal(custom.random_info_token, false);
  assert.equal(custom.absent_tokens, true);
  assert.equal(S.openRedDeal({ ...setup, open_red_deal: false }), null);
});

test("starting-token advice: due until my token shows, then the tapped advice is a set entry", () => {
  let s = started();
  assert.deepEqual(S.startingTokenDue(s), { kind: "value" });
  // a teammate's token does not count
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 0, slot: { c: "info", v: "1" } });
  assert.deepEqual(S.startingTokenDue(s), { kind: "value" });
  const result = {
    entropy_bits: 17.8, basis: "the setup",
    value: [
      { stand: 0, slot: 6, letter: "G", wire: "7", token: "i7", gain_bits: 2.29, resolved: 0.128, remaining_bits: 15.5 },
      { stand: 0, slot: 5, letter: "F", wire: "6", token: "i6", gain_bits: 2.29, resolved: 0.128, remaining_bits: 15.5 },
      { stand: 0, slot: 4, letter: "E", wire: "5", token: "i5", gain_bits: 2.25, resolved: 0.126, remaining_bits: 15.6 },
      { stand: 0, slot: 7, letter: "H", wire: "8", token: "i8", gain_bits: 2.25, resolved: 0.126, remaining_bits: 15.6 },
    ],
  };
  const top = S.topAdvice(result, "value");
  assert.deepEqual(top.map((r) => r.token), ["i7", "i6", "i5"]);
  assert.deepEqual(S.topAdvice(result, "even_odd"), []);
  const t = S.derive(s);
  const entry = S.adviceEntry(s, t, top[0], "value");
  assert.deepEqual(entry, { k: "set", p: 0, s: 0, j: 6, slot: { c: "info", v: "7", m: null, col: null } });
  s = S.addEntry(s, entry);
  assert.ok(S.derive(s).entries.at(-1).ok);
  assert.equal(S.startingTokenDue(s), null, "placed: the panel goes");
  assert.equal(S.engineDoc(s).players[0].stands[0].split(" ")[6], "i7");
  // even/odd and x1/x2/x3 tokens are marks on the slot
  let eo = started();
  eo.setup.tokens = "even_odd";
  assert.deepEqual(S.startingTokenDue(eo), { kind: "even_odd" });
  const e2 = S.adviceEntry(eo, S.derive(eo), { stand: 0, slot: 2, token: "O" }, "even_odd");
  assert.deepEqual(e2.slot, { c: "h", v: null, m: "O", col: null });
  eo = S.addEntry(eo, e2);
  assert.equal(S.startingTokenDue(eo), null);
  assert.equal(S.engineDoc(eo).players[0].stands[0].split(" ")[2], "O?3");
  // none for mission 18, nobody to advise when I only watch, over once the game is under way
  const none = started();
  none.setup.tokens = "none";
  assert.equal(S.startingTokenDue(none), null);
  const watch = { ...started(), setup: { ...started().setup, me: null } };
  assert.equal(S.startingTokenDue(watch), null);
  const going = S.addEntry(started(), { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: false, real: "4" });
  assert.equal(S.startingTokenDue(going), null);
});

test("teammates' starting tokens are sent to be read only when the team places the advised ones", () => {
  let s = started();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "info", v: "5" } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null } }); // taken back
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 1, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 6, slot: { c: "info", v: "7" } }); // mine: I see my wires
  assert.equal(S.engineDoc(s).starting_tokens, undefined, "off by default");
  s.setup.read_tokens = true;
  assert.ok(S.tokensReadable(s.setup));
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 1]]);
  // a token given by a failed cut once the game is under way is not a starting token; a cut one still is
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 2, v: "3", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: true });
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 1]]);
  // the setting survives the link; X tokens or turned wires: not readable
  assert.equal(S.decodeHash(S.encodeHash(s)).state.setup.read_tokens, true);
  for (const other of [{ x_tokens: true }, { turned: "each" }, { false_tokens: true }, { tokens: "even_odd" }]) {
    assert.equal(S.tokensReadable({ ...s.setup, ...other }), false, JSON.stringify(other));
    assert.equal(S.engineDoc({ ...s, setup: { ...s.setup, ...other } }).starting_tokens, undefined);
  }
});

test("a preset deals the wires of its player count (mission 14 with 2 players: 3 red + 4 yellow)", () => {
  const yellow23 = { count: 2, of: 3, known: 0 };
  const red2 = { count: 2, of: null, known: 0 };
  const m14 = { number: 14, blue: [1, 12], yellow: yellow23, red: red2, tokens: "value", x_tokens: false,
    false_tokens: false, absent_tokens: false, open_red_deal: false, random_info_token: false,
    double_detector: "all", equipment: ["1"],
    players: { 2: { yellow: { count: 4, of: null, known: 0 }, red: { count: 3, of: null, known: 0 } },
      4: { yellow: yellow23, red: red2 } } };
  const four = S.applyMission(S.defaultSetup(), m14);
  assert.deepEqual([four.yellow.mode, four.yellow.keep, four.red.mode, four.red.keep], ["of", 2, "list", 2]);
  assert.deepEqual(S.colourNeeds(four, m14), { yellow: { need: 3, knownNeed: 0 }, red: { need: 2, knownNeed: 0 } });
  const twoPlayers = { ...S.defaultSetup(), players: ["Ann", "Bob"] };
  const two = S.applyMission(twoPlayers, m14);
  assert.deepEqual([two.yellow.mode, two.yellow.keep, two.red.mode, two.red.keep], ["list", 4, "list", 3]);
  assert.deepEqual(S.colourNeeds(two, m14), { yellow: { need: 4, knownNeed: 0 }, red: { need: 3, knownNeed: 0 } });
  assert.equal(S.dealChanges(m14, 4, 2), true);
  assert.equal(S.dealChanges(m14, 4, 3), false, "3 players: the usual deal");
  assert.equal(S.dealChanges(null, 4, 2), false);
});

test("the named value: mine when I cut, a value the teammate may hold otherwise, anything when editing", () => {
  let s = started();
  const t = S.derive(s);
  const base = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "Y"];
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 0 }, base), ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"]);
  const holdings = [
    { player: 1, stand: 0, value: 4, p_any: 0.5 }, { player: 1, stand: 0, value: 5, p_any: 0 },
    { player: 1, stand: 0, value: "YELLOW", p_any: 0.1 }, { player: 2, stand: 0, value: 5, p_any: 1 },
  ];
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1 }, base, holdings), ["4", "Y"]);
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1 }, base, holdings, true), base);
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 3 }, base, null), base);
});

test("editing starts from every current answer: draftFromEntry round-trips every entry of the link fixtures", async () => {
  const fs = await import("node:fs");
  const url = await import("node:url");
  const path = await import("node:path");
  const dir = path.join(path.dirname(url.fileURLToPath(import.meta.url)), "fixtures");
  let n = 0;
  for (const f of fs.readdirSync(dir).filter((x) => x.startsWith("links-"))) {
    for (const row of JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).links) {
      const { state } = await S.readHash(row.g);
      const t = S.derive(state);
      state.log.forEach((e) => {
        if (e.k === "set") return;
        const d = S.draftFromEntry(e);
        assert.equal(S.nextAsk(state, t, d), null, JSON.stringify(e));
        assert.deepEqual(S.buildEntry(state, t, d), e);
        n += 1;
      });
    }
  }
  assert.ok(n >= 20, `${n} entries`);
});

test("Change clears only what an answer decides: the value of a failed cut keeps who, where and the token", () => {
  const s = started();
  const e = { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "5", ok: false, real: "4" };
  const d = S.clearAnswer(S.draftFromEntry(e), "value");
  assert.deepEqual(S.nextAsk(s, S.derive(s), d), { ask: "value", noYellow: false });
  assert.deepEqual({ a: d.a, p: d.p, js: d.js, ok: d.ok, real: d.real }, { a: 1, p: 2, js: [3], ok: false, real: "4" });
  const r = S.clearAnswer(S.draftFromEntry(e), "result");
  assert.equal(S.nextAsk(s, S.derive(s), r).ask, "result");
  assert.equal(r.v, "5");
});

test("the turn skips a player with no uncut wire, and the Coffee Mug offers only those with one", () => {
  let s = started();
  // every wire of Bob's is cut (by dual cuts of others that this test does not replay)
  ["1", "2", "3", "4", "4", "5", "6", "7", "8", "9", "10", "12"].forEach((v, j) => {
    s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  });
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 4, v: "6", ok: false, real: "5" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.equal(t.turn, 2, "Ann -> (Bob has no wire left) -> Cid");
  s = S.addEntry(s, { k: "dual", a: 3, p: 2, s: 0, j: 5, v: "7", ok: false, real: "6" });
  t = S.derive(s);
  assert.equal(t.turn, 0, "Dee -> Ann (clockwise, from the last seat)");
  assert.equal(S.hasUncut(t, 1), false);
  assert.equal(S.hasUncut(t, 2), true);
});

test("a teammate's dual cut on my wire is recorded as a dual cut, my wire's value filled in, ✓ and ✗", () => {
  const base = started(); // I am Ann (0); my E is a 5
  for (const [d, want] of [
    [{ k: "dual", a: 1, p: 0, s: 0, js: [4], v: "5", ok: true, as: { s: 0, j: 3 } }, { cut: "5" }],
    [{ k: "dual", a: 1, p: 0, s: 0, js: [4], v: "6", ok: false }, { real: "5" }],
  ]) {
    const t0 = S.derive(base);
    assert.equal(S.nextAsk(base, t0, d), null, "nothing more to ask: I know my wire");
    const entry = S.buildEntry(base, t0, d);
    assert.equal(entry.k, "dual");
    assert.deepEqual({ cut: entry.cut, real: entry.real }, { cut: undefined, real: undefined, ...want });
    const mine = S.addEntry(base, entry);
    const t = S.derive(mine);
    assert.ok(t.entries[0].ok, t.entries[0].error);
    // the same cut recorded by someone who does not see my wires: the same engine document but my hand
    const pub = S.addEntry({ ...structuredClone(base), hand: [], setup: { ...base.setup, me: null } }, entry);
    const docMine = S.engineDoc(mine, t);
    const docPub = S.engineDoc(pub, S.derive(pub));
    assert.deepEqual(docMine.players.slice(1), docPub.players.slice(1));
    assert.deepEqual([docMine.facts, docMine.mistakes_left, t.turn], [docPub.facts, docPub.mistakes_left, S.derive(pub).turn]);
    assert.equal(docMine.players[0].stands[0].split(" ")[4], d.ok ? "5" : "i5");
    assert.equal(docPub.players[0].stands[0].split(" ")[4], d.ok ? "5" : "i5");
  }
});

test("the equipment on the table: the turn log offers those cards (and the character card); an item counts only if its card lies face up", async () => {
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const EQUIP_ACTIONS = { 1: "label_ne", 2: "walkie", 3: "triple", 4: "postit", 5: "super", 6: "rewind", 7: "batteries", 8: "radar",
    9: "stabilizer", 10: "xray", 11: "coffee", 12: "label_eq", Y: "false_bottom", "2.2": "swl", "3.3": "drop", "10.10": "disint", "11.11": "hook" };
  const offered = (s) => {
    const t = S.derive(s);
    const page = String(logTemplate({ state: s, t }).text);
    return Object.entries(EQUIP_ACTIONS).filter(([, k]) => page.includes(`data-testid="action-${k}"`)).map(([id]) => id).sort();
  };
  const cut3s = (s) => {
    s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
    return S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 1, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  };
  let s = started();
  assert.equal(s.setup.table_cards, null, "not set: every card of the pile, as before");
  assert.deepEqual(offered(s), Object.keys(EQUIP_ACTIONS).sort());
  s = { ...s, setup: { ...s.setup, table_cards: ["3", "8", "9", "11"] } };
  assert.deepEqual(offered(s), ["11", "3", "8", "9"]);
  assert.ok(String(logTemplate({ state: s, t: S.derive(s) }).text).includes('data-testid="action-double"'), "the character card");
  let t = S.derive(cut3s(s));
  assert.ok(S.availableItems(cut3s(s), t).includes("triple_detector"));
  assert.deepEqual(t.cards.find((c) => c.id === "3"), { id: "3", have: 2, need: 2, state: "usable" });
  assert.equal(t.cards.find((c) => c.id === "8").state, "waiting");
  const without = { ...s, setup: { ...s.setup, table_cards: ["5", "8", "9", "11"] } };
  assert.ok(!S.availableItems(cut3s(without), S.derive(cut3s(without))).includes("triple_detector"));
  // a saved table keeps its cards; one from before the question has none (every card counts)
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(s))).setup.table_cards, ["3", "8", "9", "11"]);
  const old = JSON.parse(JSON.stringify(s));
  delete old.setup.table_cards;
  const opened = S.normalize(old);
  assert.equal(opened.setup.table_cards, null);
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  assert.ok(status(opened).includes('data-testid="cards-unset"'), "the page says every card of the pile counts");
  assert.ok(!status(s).includes('data-testid="cards-unset"'));
});
