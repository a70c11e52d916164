// Failures in the even/odd and x-token missions (21, 33; 24, 40): the wire gets the mission's token, never
// an info token with its value. The sheet's question, the entry, its replay, the damaged-entry check, the
// log's words, editing and links (web/table/failure-marks.js, record.js, entries-cuts.js, table-doc.js).
import test from "node:test";
import assert from "node:assert/strict";
import { showsStartingToken } from "../../web/table/starting-token.js";
import * as S from "../../web/table/table-state.js";
import { askTemplate } from "../../web/table/sheet-templates.js";

const HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];

/** A table of mission `mission` (token kind `tokens`), Ann (me) holding HAND, Dee the captain (49 wires: 13 for her). */
function table(mission, tokens, over = {}) {
  let s = S.defaultState();
  Object.assign(s.setup, { mission, tokens, captain: 3, red: { mode: "list", nums: [5], keep: 1, known: [] }, ...over });
  s.phase = "table";
  for (const l of HAND) s = S.handAdd(s, 0, l);
  return s;
}

/** The sheet's question for a draft, as HTML text. */
function sheet(state, d, ui = { sheet: { mode: "action" } }) {
  const t = S.derive(state);
  const ask = S.nextAsk(state, t, d);
  return { ask, html: ask ? String(askTemplate({ state, t, ui, holdings: null }, d, ask)) : "" };
}

const testids = (html) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);
const disabled = (html) => [...html.matchAll(/<button[^>]*data-testid="([^"]+)"[^>]*\sdisabled[\s>]/g)].map((m) => m[1]);
const BOB_C = { k: "dual", a: 0, p: 1, s: 0, js: [2], v: "5", ok: false };

test("a failure asks which token the wire got: even/odd or x1-x4, never a blue value", () => {
  const cases = [
    [table(21, "even_odd"), ["mark-E", "mark-O"]],
    [table(33, "even_odd", { yellow: { mode: "list", nums: [4], keep: 1, known: [] } }), ["mark-E", "mark-O", "real-Y"]],
    [table(24, "multiplicity"), ["mark-1x", "mark-2x", "mark-3x", "mark-4x"]],
    [table(40, "multiplicity"), ["mark-1x", "mark-2x", "mark-3x", "mark-4x"]],
    [table(null, "multiplicity"), ["mark-1x", "mark-2x", "mark-3x", "mark-4x"]],
  ];
  for (const [s, marks] of cases) {
    for (const d of [BOB_C, { k: "double", a: 0, p: 1, s: 0, js: [2, 3], v: "5", ok: false, tok: 3 }, { ...BOB_C, k: "xray", vs: ["5", "6"] }]) {
      const { ask, html } = sheet(s, d);
      assert.equal(ask.ask, "real");
      const ids = testids(html);
      assert.deepEqual(ids.filter((x) => x.startsWith("mark-") || x === "real-Y"), marks, `mission ${s.setup.mission}`);
      assert.ok(ids.includes("real-R5"), ids.join(" "));
      // the mission's token is always placed (33's walkthrough: "No token" lost the parity); a custom table may have none
      assert.equal(ids.includes("real-none"), s.setup.mission === null, `mission ${s.setup.mission}: ${ids.join(" ")}`);
      assert.deepEqual(ids.filter((x) => /^real-\d/.test(x)), [], `mission ${s.setup.mission} offers a blue value`);
      assert.match(html, /Which token did the wire get\?/);
    }
  }
  // a mission of value tokens still asks the value
  const { html } = sheet(table(1, "value"), BOB_C);
  assert.ok(testids(html).includes("real-4") && !testids(html).some((x) => x.startsWith("mark-")));
  // there a failure always shows the value: no "No token", but where a constraint card H may hide it (31) or a custom table
  assert.ok(!testids(html).includes("real-none"));
  const t31 = table(31, "value");
  const with31 = String(askTemplate({ state: t31, t: S.derive(t31), ui: { sheet: { mode: "action" } }, holdings: null,
    missions: [{ number: 31, constraints: "chosen" }] }, BOB_C, S.nextAsk(t31, S.derive(t31), BOB_C)));
  assert.ok(testids(with31).includes("real-none"));
  assert.ok(testids(sheet(table(null, "value"), BOB_C).html).includes("real-none"));
});

test("24 and 40 alike: a stand holding all four of a value shows x4 (the cards list x1-x4), mine read from my hand", () => {
  for (const mission of [24, 40]) {
    let s = S.defaultState();
    Object.assign(s.setup, { mission, tokens: "multiplicity", captain: 3, red: { mode: "list", nums: [5], keep: 1, known: [] } });
    s.phase = "table";
    for (const l of ["3", "3", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
    const t = S.derive(s);
    assert.equal(S.wireMark(s.setup, t, 0, 0, "3"), "4x", `mission ${mission}`);
    const after = S.derive(S.addEntry(s, { k: "dual", a: 1, p: 0, s: 0, j: 1, v: "4", ok: false, mark: "4x" }));
    assert.ok(after.entries.at(-1).ok, after.entries.at(-1).error);
    assert.equal(after.stands[0][0][1].m, "4x");
    assert.ok(showsStartingToken(after.stands[0][0][1], "multiplicity"), "an x4 is a starting token placed");
  }
});

test("what the slot already shows rules answers out: a starting parity, a count, a colour seen", () => {
  let s = table(21, "even_odd");
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "h", v: null, m: "E", col: null } });
  assert.deepEqual(disabled(sheet(s, BOB_C).html).sort(), ["mark-O", "real-R5"]);
  // editing an entry: the table has moved on, every answer is offered
  assert.deepEqual(disabled(sheet(s, BOB_C, { sheet: { mode: "action", edit: 0 } }).html), []);
  let m = table(24, "multiplicity", { yellow: { mode: "list", nums: [4], keep: 1, known: [] } });
  m = S.addEntry(m, { k: "set", p: 1, s: 0, j: 2, slot: { c: "h", v: null, m: "2x", col: null } });
  assert.deepEqual(disabled(sheet(m, BOB_C).html).sort(), ["mark-1x", "mark-3x", "mark-4x", "real-R5"]); // yellow: a starting x-token counts yellows too
  m = S.addEntry(m, { k: "set", p: 1, s: 0, j: 3, slot: { c: "h", v: null, m: null, col: "y" } });
  assert.deepEqual(disabled(sheet(m, { ...BOB_C, js: [3] }).html).sort(), ["mark-1x", "mark-2x", "mark-3x", "mark-4x", "real-R5"]);
});

test("a failure on my own wire: the page fills in its token (parity; the count on my stand, cut wires included)", () => {
  const onMine = { k: "dual", a: 1, p: 0, s: 0, js: [2], v: "4", ok: false }; // Bob says my C (a 3) is a 4
  let s = table(21, "even_odd");
  assert.equal(S.nextAsk(s, S.derive(s), onMine), null);
  assert.deepEqual(S.buildEntry(s, S.derive(s), onMine), { k: "dual", a: 1, p: 0, s: 0, j: 2, v: "4", ok: false, mark: "O" });
  s = table(24, "multiplicity");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } }); // my second 3 is cut
  assert.deepEqual(S.buildEntry(s, S.derive(s), onMine).mark, "2x");
  // a yellow wire of mine shows yellow, a red one explodes
  let y = table(21, "even_odd", { yellow: { mode: "list", nums: [4], keep: 1, known: [] }, red: { mode: "none", nums: [], keep: 1, known: [] } });
  y.hand = [["1", "2", "3", "3", "Y4", "6", "7", "8", "9", "10", "11", "12"]];
  assert.deepEqual(S.buildEntry(y, S.derive(y), { ...onMine, js: [4] }).real, "Y4");
  // a detector on my wires: the token goes on the wire I pick
  const dd = { k: "double", a: 1, p: 0, s: 0, js: [4, 5], v: "4", ok: false, tok: 5 };
  assert.equal(S.buildEntry(table(21, "even_odd"), S.derive(table(21, "even_odd")), dd).mark, "E");
});

test("the replay: the slot stays hidden with the mark, not_value facts, the actor's has fact, the detonator", () => {
  let s = table(21, "even_odd");
  s = S.addEntry(s, { ...BOB_C, j: 2, js: undefined, mark: "O" });
  s = S.addEntry(s, { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [4, 6], v: "7", ok: false, tok: 6, mark: "E" });
  let t = S.derive(s);
  assert.deepEqual(t.entries.map((e) => e.ok), [true, true], JSON.stringify(t.entries));
  assert.deepEqual(t.stands[1][0][2], { c: "h", v: null, m: "O", col: null, own: null });
  assert.deepEqual(t.stands[2][0][6].m, "E");
  assert.equal(t.stands[2][0][4].m, null);
  assert.equal(t.mistakesMade, 2);
  assert.deepEqual(t.facts, [
    { kind: "not_value", player: 1, stand: 0, slots: [2], value: 5 },
    { kind: "has", player: 0, value: 5 },
    { kind: "not_value", player: 2, stand: 0, slots: [4, 6], value: 7 },
    { kind: "has", player: 1, value: 7 },
  ]);
  const doc = S.engineDoc(s, t);
  assert.equal(doc.players[1].stands[0].split(" ")[2], "O");
  assert.equal(doc.players[2].stands[0].split(" ")[6], "E");
  // an X-or-Y Ray: "not 5" and "not 6" both
  s = S.addEntry(table(21, "even_odd"), { k: "xray", a: 0, p: 1, s: 0, j: 2, vs: ["5", "6"], ok: false, mark: "E" });
  assert.deepEqual(S.derive(s).facts.filter((f) => f.kind === "not_value").map((f) => f.value), [5, 6]);
  // a value where the mission shows its token: refused by name (21's walkthrough: a crafted link put a 9 in)
  const valued = S.derive(S.addEntry(table(21, "even_odd"), { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "5", ok: false, real: "9" }));
  assert.match(valued.entries.at(-1).error, /a failure here shows an even\/odd token, not the value 9/);
  // x-tokens: a count shows on a blue wire only (b2x)
  s = S.addEntry(table(24, "multiplicity"), { ...BOB_C, j: 2, js: undefined, mark: "2x" });
  assert.equal(S.engineDoc(s).players[1].stands[0].split(" ")[2], "b2x");
});

test("the Stabilizer holds the detonator and the fragile captain explodes, as for other failures", () => {
  let s = table(21, "even_odd", { table_cards: ["9"] });
  s = S.addEntry(s, { k: "stabilizer", a: 0 });
  s = S.addEntry(s, { ...BOB_C, j: 2, js: undefined, mark: "O" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.mistakesMade, 0);
  s = table(21, "even_odd", { captain: 0, captain_fragile: true });
  s = S.addEntry(s, { ...BOB_C, j: 2, js: undefined, mark: "O" });
  t = S.derive(s);
  assert.equal(t.exploded, true);
});

test("a mark the table contradicts is refused, naming the slot", () => {
  const base = table(21, "even_odd");
  const refused = (s, e, re) => {
    const t = S.derive(S.addEntry(s, e));
    assert.equal(t.entries.at(-1).ok, false, JSON.stringify(e));
    assert.match(t.entries.at(-1).error, re);
  };
  const cut = S.addEntry(base, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  refused(cut, { ...BOB_C, a: 2, j: 2, js: undefined, mark: "O" }, /Bob slot C is already cut/);
  const even = S.addEntry(base, { k: "set", p: 1, s: 0, j: 2, slot: { c: "h", v: null, m: "E", col: null } });
  refused(even, { ...BOB_C, j: 2, js: undefined, mark: "O" }, /Bob slot C already shows an even token, not an odd token/);
  refused(base, { k: "dual", a: 1, p: 0, s: 0, j: 2, v: "4", ok: false, mark: "E" }, /Ann slot C is your 3: it gets an odd token, not an even token/);
  const tally = table(24, "multiplicity");
  refused(tally, { k: "dual", a: 1, p: 0, s: 0, j: 2, v: "4", ok: false, mark: "1x" }, /Ann slot C is your 3: it gets an x2 token/);
  refused(tally, { k: "dual", a: 1, p: 0, s: 0, j: 2, v: "4", ok: false, mark: "4x" }, /Ann slot C is your 3: it gets an x2 token/);
  refused(table(21, "even_odd"), { ...BOB_C, j: 2, js: undefined, mark: "4x" }, /Bob slot C: a failure in this mission does not show an x4 token/);
  refused(table(1, "value"), { ...BOB_C, j: 2, js: undefined, mark: "E" }, /Bob slot C: a failure in this mission does not show an even token/);
  refused(base, { ...BOB_C, j: 2, js: undefined, mark: "E", real: "4" }, /Bob slot C: a failure shows one token/);
  refused(base, { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [4, 6], v: "7", ok: false, tok: 5, mark: "E" }, /which wire got the token/);
});

test("a link or saved table with a bad mark becomes a damaged entry naming the field", () => {
  const good = S.checkEntry({ ...BOB_C, j: 2, mark: "3x" });
  assert.equal(good.mark, "3x");
  for (const mark of ["5x", "X", "!5", 2, "e"]) {
    const bad = S.checkEntry({ k: "detect", kind: "double", a: 0, p: 1, s: 0, js: [2, 3], v: "5", ok: false, tok: 3, mark });
    assert.equal(bad.k, "damaged");
    assert.match(bad.why, /field "mark" is wrong/);
  }
});

test("the log says it in words; edit and links keep the mark", async () => {
  let s = table(21, "even_odd");
  const t0 = S.derive(s);
  const e = S.buildEntry(s, t0, { ...BOB_C, mark: "E" });
  assert.deepEqual(e, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "5", ok: false, mark: "E" });
  assert.equal(S.describeEntry(e, s.setup), "Ann: Bob C is 5? ✗ failed: an even token on Bob C");
  const dd = { k: "detect", kind: "triple", a: 0, p: 2, s: 0, js: [1, 2, 3], v: "5", ok: false, tok: 3, mark: "O" };
  assert.equal(S.describeEntry(dd, s.setup), "Ann Triple Detector: Cid B+C+D has 5? ✗ failed: an odd token on Cid D");
  for (const x of [e, dd]) {
    const d = S.draftFromEntry(x);
    assert.equal(S.nextAsk(s, t0, d), null);
    assert.deepEqual(S.buildEntry(s, t0, d), x);
    assert.equal(S.clearAnswer(d, "result").mark, undefined); // "Change result" asks the token again
  }
  s = S.addEntry(S.addEntry(s, e), dd);
  for (const read of [S.decodeHash(S.encodeHash(s)), await S.readHash(await S.encodeShareHash(S.shareState(s)))]) {
    assert.deepEqual(read.state.log, [e, dd]);
  }
});

test("the moves request says the token kind where a failure shows a mark", () => {
  const kind = (s) => S.movesDoc(s, S.derive(s)).tokens;
  assert.equal(kind(table(21, "even_odd")), "even_odd");
  assert.equal(kind(table(24, "multiplicity")), "multiplicity");
  assert.equal(kind(table(1, "value")), undefined);
  assert.equal(kind(table(18, "none")), undefined);
  assert.equal(S.engineDoc(table(21, "even_odd")).tokens, undefined); // the analysis never reads it
});

test("the mark question greys out what the slot laws rule out: a count no value there can have, a red it cannot be", async () => {
  const { markRuledOut } = await import("../../web/table/mark-options.js");
  const s = table(24, "multiplicity", { red: { mode: "list", nums: [2, 5], keep: 2, known: [] } });
  const hidden = { c: "h" };
  // Bob's stand: two cut 1s, the wire pointed at (slot 2: 1 or 2), one that may be a 2 or a 3, six 5s
  const bob = [{ c: "cut", v: "1" }, { c: "cut", v: "1" }, hidden, hidden, ...Array(6).fill(hidden)];
  const t = { stands: [[[]], [bob]] };
  const laws = new Map([["1-0-2", { probs: { 1: 0.5, 2: 0.5 } }], ["1-0-3", { probs: { 2: 0.6, 3: 0.4 } }]]);
  for (let j = 4; j < 10; j++) laws.set(`1-0-${j}`, { probs: { 5: 1 } });
  const A = { state: s, t, laws, editing: false };
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [2] };
  const all = ["1x", "2x", "3x", "4x", "R2", "R5"];
  // a 1 there is the stand's third (x3), a 2 its first or second (x1, x2): no x4; no red
  assert.deepEqual([...markRuledOut(A, d, 2, all)].sort(), ["4x", "R2", "R5"]);
  laws.set("1-0-2", { probs: { 1: 0.5, R2: 0.5 } });
  assert.deepEqual([...markRuledOut(A, d, 2, all)].sort(), ["1x", "2x", "4x", "R5"], "a 1 (x3) or the red 2");
  assert.deepEqual([...markRuledOut({ ...A, editing: true }, d, 2, all)], [], "editing: the table has moved on");
  assert.deepEqual([...markRuledOut({ ...A, laws: null }, d, 2, all)], [], "no law at hand: anything goes");
  laws.set("1-0-2", { probs: { 2: 1 } });
  assert.deepEqual([...markRuledOut(A, d, 2, ["E", "O"])], ["O"], "parity: a 2 is even");
  // the value said is not there (the cut failed); copies another stand shows are not on this one
  laws.set("1-0-2", { probs: { 1: 0.5, 2: 0.5 } });
  assert.deepEqual([...markRuledOut(A, { ...d, v: "1" }, 2, all)].sort(), ["3x", "4x", "R2", "R5"], "said 1: a 2, x1 or x2");
  const ann = [{ c: "cut", v: "2" }, { c: "cut", v: "2" }, { c: "cut", v: "2" }];
  assert.deepEqual([...markRuledOut({ ...A, t: { stands: [[ann], [bob]] } }, { ...d, v: "1" }, 2, all)].sort(),
    ["2x", "3x", "4x", "R2", "R5"], "three 2s cut on Ann's stand: Bob's 2 is his only one");
});

test("one reading of what a slot shows serves every question: my wire first, then the info token", () => {
  assert.equal(S.shownWire({ c: "h", v: null, own: "7" }), "7");
  assert.equal(S.shownWire({ c: "info", v: "Y", own: "Y3" }), "Y3"); // my yellow under a yellow token: its number
  assert.equal(S.shownWire({ c: "info", v: "Y", own: null }), "Y"); // a teammate's yellow token: no number
  assert.equal(S.shownWire({ c: "info", v: "5", own: null }), "5");
  assert.equal(S.shownWire({ c: "h", v: null, own: null }), null);
  assert.equal(S.shownWire(undefined), null);
});

test("a detector's failure: its token goes on a wire that is not red, so red is not an answer there (a dual cut's is)", () => {
  const s = table(24, "multiplicity");
  const dd = sheet(s, { k: "double", a: 0, p: 1, s: 0, js: [2, 3], v: "5", ok: false, tok: 3 }).html;
  assert.ok(disabled(dd).includes("real-R5"), "the token's wire is not red");
  assert.doesNotMatch(dd, /A red wire: the bomb explodes/);
  const dual = sheet(s, BOB_C).html;
  assert.ok(!disabled(dual).includes("real-R5"));
  assert.match(dual, /A red wire: the bomb explodes/);
  // under the Stabilizer a red wire does not explode (33's walkthrough: the sheet said it did)
  const t = { ...S.derive(s), stab: true };
  const stab = String(askTemplate({ state: s, t, ui: { sheet: { mode: "action" } }, holdings: null }, BOB_C, S.nextAsk(s, t, BOB_C)));
  assert.match(stab, /A red wire: the Stabilizer keeps the bomb from exploding\./);
  assert.doesNotMatch(stab, /the bomb explodes/);
});

test("an X-or-Y Ray that worked asks which of its two values the wire was (not 'which wire': it is pointed at already)", () => {
  const { ask, html } = sheet(table(1, "value"), { k: "xray", a: 0, p: 1, s: 0, js: [2], vs: ["10", "11"], ok: true });
  assert.equal(ask.ask, "cut_label");
  assert.match(html, /Which of the two values was it\?/);
  assert.ok(testids(html).some((x) => x.endsWith("-10")) && testids(html).some((x) => x.endsWith("-11")), testids(html).join(" "));
});

test("a Post-it in 21, 24, 33 and 40 shows the mission's token, never a value: asked of a teammate, mine from my wire", () => {
  const postit = (s) => ({ ...s, setup: { ...s.setup, table_cards: ["4"], equipment: ["4"] } });
  for (const [mission, tokens, marks] of [[21, "even_odd", ["mark-E", "mark-O"]], [24, "multiplicity", ["mark-1x", "mark-2x", "mark-3x", "mark-4x"]]]) {
    const s = postit(table(mission, tokens));
    const bob = { k: "postit", a: 1, p: 1, s: 0, js: [4] };
    const { ask, html } = sheet(s, bob);
    assert.equal(ask.ask, "value");
    assert.match(html, /Which token does the Post-it show\?/);
    assert.deepEqual(testids(html).filter((x) => x.startsWith("mark-")), marks);
    assert.deepEqual(testids(html).filter((x) => x.startsWith("value-")), [], "no value keypad");
    const t = S.derive(s);
    const e = S.buildEntry(s, t, { ...bob, mark: marks[0].slice(5) });
    assert.deepEqual(e, { k: "postit", a: 1, s: 0, j: 4, m: marks[0].slice(5) });
    const after = S.derive(S.addEntry(s, e));
    assert.ok(after.entries.at(-1).ok, after.entries.at(-1).error);
    assert.equal(after.stands[1][0][4].m, marks[0].slice(5));
    assert.match(after.entries.at(-1).text, /Bob Post-it: Bob E shows an? (even|x1) token/);
    assert.doesNotMatch(JSON.stringify(S.engineDoc(s, after).players[1].stands), /"5"|\b5\b(?!x)/);
    // a value, as the page once took it, is refused by name
    const valued = S.derive(S.addEntry(s, { k: "postit", a: 1, s: 0, j: 4, v: "5" }));
    assert.match(valued.entries.at(-1).error, /the Post-it shows the mission's token \(.*\), not a value/);
    // my own: the token my wire gets, no question (my F is a 6: even; my C and D are both 3s: x2)
    const mine = { k: "postit", a: 0, p: 0, s: 0, js: [mission === 21 ? 5 : 2] };
    assert.equal(S.nextAsk(s, t, mine), null);
    assert.deepEqual(S.buildEntry(s, t, mine).m, mission === 21 ? "E" : "2x");
    // edited: the token asked again
    assert.equal(S.draftFromEntry(e).mark, marks[0].slice(5));
  }
});

test("37: a failure offers 'No token' only while card H is the card in play (card C: the token shows the value)", async () => {
  const { realAsk } = await import("../../web/table/flow-templates.js");
  const s = table(37, "value");
  s.setup.cards = ["C"];
  const missions = [{ number: 37, constraints: "deck" }];
  const ask = (st) => String(realAsk({ ctx: { state: st, t: S.derive(st), missions, ui: { sheet: { mode: "action" } } }, d: BOB_C, setup: st.setup }));
  assert.ok(!testids(ask(s)).includes("real-none"));
  const h = { ...s, setup: { ...s.setup, cards: ["H"] } };
  assert.ok(testids(ask(h)).includes("real-none"));
});

test("24, 40: a Post-it's x-token may go on a cut wire (the card) — taken at the tap, the engine reads the count, checked against the stand", async () => {
  const { pickSlot } = await import("../../web/table/draft-commit.js");
  let s = table(24, "multiplicity");
  s = { ...s, setup: { ...s.setup, table_cards: ["4"], equipment: ["4"] } };
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 4, slot: { c: "cut", v: "6", m: null, col: null } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 5, slot: { c: "cut", v: "6", m: null, col: null } });
  const ui = { sheet: { mode: "action" }, draft: { k: "postit", a: 1, js: [] } };
  pickSlot({ ui, state: s, derived: () => S.derive(s) }, "1-0-4");
  assert.equal(ui.sheetError, null);
  assert.deepEqual(ui.draft.js, [4]);
  const d = { ...ui.draft, p: 1, s: 0 };
  const { html } = sheet(s, d);
  assert.deepEqual(disabled(html).filter((x) => x.startsWith("mark-")), ["mark-1x", "mark-4x"], "the stand shows two 6s: not x1; my 6: not x4");
  const t = S.derive(s);
  const after = S.derive(S.addEntry(s, S.buildEntry(s, t, { ...d, mark: "3x" })));
  assert.ok(after.entries.at(-1).ok, after.entries.at(-1).error);
  assert.match(S.engineDoc(s, after).players[1].stands[0], /(^| )3x6( |$)/, "the count on the cut 6, for the engine");
  assert.match(S.derive(S.addEntry(s, { k: "postit", a: 1, s: 0, j: 4, m: "1x" })).entries.at(-1).error, /Bob slot E: the stand shows 2 6s, not an x1 token/);
  // mine: my C and D are 3s — C cut, the Post-it on it says x2 with no question
  let m = S.addEntry(s, { k: "set", p: 0, s: 0, j: 2, slot: { c: "cut", v: "3", m: null, col: null } });
  const mineD = { k: "postit", a: 0, p: 0, s: 0, js: [2] };
  assert.equal(S.buildEntry(m, S.derive(m), mineD).m, "2x");
  m = S.addEntry(m, S.buildEntry(m, S.derive(m), mineD));
  assert.ok(S.derive(m).entries.at(-1).ok, S.derive(m).entries.at(-1).error);
  // 21 (even/odd): a cut wire's parity is seen — still refused at the tap
  const odd = table(21, "even_odd");
  const o = S.addEntry(odd, { k: "set", p: 1, s: 0, j: 4, slot: { c: "cut", v: "6", m: null, col: null } });
  const ui21 = { sheet: { mode: "action" }, draft: { k: "postit", a: 1, js: [] } };
  pickSlot({ ui: ui21, state: o, derived: () => S.derive(o) }, "1-0-4");
  assert.equal(ui21.sheetError, "That wire is already cut.");
});

test("24: editing a failure's x-token recorded before a later Walkie-Talkies swap offers the counts (the stand was as dealt then)", () => {
  let s = table(24, "multiplicity");
  s = { ...s, setup: { ...s.setup, table_cards: ["2"], equipment: ["2"] } };
  const fail = { k: "dual", a: 0, p: 1, s: 0, j: 4, v: "5", ok: false, mark: "1x" };
  s = S.addEntry(s, fail);
  s = S.addEntry(s, { k: "walkie", a: 2, as: { s: 0, j: 1 }, pto: { s: 0, j: 1 }, p: 1, s: 0, j: 2, ato: { s: 0, j: 2 } });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  const d = { ...S.draftFromEntry(fail), mark: undefined, real: undefined };
  const edit = sheet(s, d, { sheet: { mode: "action", edit: 0 } }).html;
  assert.doesNotMatch(edit, /data-testid="mark-moved"/);
  assert.deepEqual(disabled(edit).filter((x) => x.startsWith("mark-")), []);
  const now = sheet(s, { k: "dual", a: 0, p: 1, s: 0, js: [5], v: "5", ok: false }).html;
  assert.match(now, /data-testid="mark-moved"/, "a failure there now: its count cannot be read");
});
