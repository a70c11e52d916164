// Every question the action sheet can ask (sheet-templates.js ASKS) is drawn for a few drafts: a template
// that reads a name it was not given fails here, not on a player's phone.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { ASKS, askTemplate, sheetTemplate } from "../../web/table/sheet-templates.js";

function table() {
  let s = S.defaultState();
  s.phase = "table";
  s.setup.yellow = { mode: "list", nums: [4], keep: 1, known: [] };
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  return s;
}

/** Every answer a draft may carry, so that each question finds what it reads whatever it follows. */
const FULL = { a: 1, p: 2, s: 0, js: [2, 3], v: "5", vs: ["5", "Y"], ok: false, hit: 2, tok: 3, slots: [{ s: 0, j: 2 }],
  cuts: ["3"], ans: [{ p: 1, s: 0, has: true }], ps: [1], ids: ["9"], spots: [], next: 2, ox: 2 };
const DRAFTS = ["dual", "xray", "double", "triple", "super", "solo", "red", "radar", "label_eq", "postit", "absent", "walkie",
  "hook", "nano", "batteries", "false_bottom", "disint", "coffee", "stabilizer", "special", "shown"].map((k) => ({ ...FULL, k }));

test("every question of the action sheet draws for every kind of draft", () => {
  const state = table();
  const t = S.derive(state);
  const ctx = { state, t, ui: { sheet: { mode: "action" } }, holdings: null };
  let drawn = 0;
  for (const kind of Object.keys(ASKS)) {
    for (const d of DRAFTS) {
      const ask = { ask: kind, count: 2, field: kind === "file" ? "ato" : "hit", who: 1, index: 0, absent: d.k === "absent" };
      const html = String(askTemplate(ctx, structuredClone(d), ask)?.text ?? askTemplate(ctx, structuredClone(d), ask));
      assert.ok(kind === "result" || html.includes('data-testid="ask"'), `${kind} / ${d.k}: ${html.slice(0, 120)}`);
      drawn += 1;
    }
  }
  assert.equal(drawn, Object.keys(ASKS).length * DRAFTS.length);
});

test("22's \"I have none\" before play: a player's placed value and a player with both placed are not offered again", () => {
  let s = S.defaultState();
  s.setup.mission = 22;
  s.setup.absent_tokens = true;
  s.phase = "table";
  for (const [p, v] of [[0, "2"], [0, "7"], [1, "2"]]) s = S.addEntry(s, { k: "absent", p, v });
  const t = S.derive(s);
  const ctx = (d) => ({ state: s, t, ui: { sheet: { mode: "action" }, draft: d }, holdings: null });
  const keys = String(askTemplate(ctx({ k: "absent", a: 1 }), { k: "absent", a: 1 }, { ask: "value", absent: true }));
  assert.match(keys, /data-testid="key-2"[^>]*disabled/, "Bob's 2 is placed already");
  assert.doesNotMatch(keys, /data-testid="key-7"[^>]*disabled/);
  const sheet = String(sheetTemplate(ctx({ k: "absent", a: null })));
  assert.match(sheet, /data-testid="actor-0"[^>]*disabled/, "Ann has placed both");
  assert.doesNotMatch(sheet, /data-testid="actor-1"[^>]*disabled/);
});

test("Set tokens on a bare slot greys the values the table rules out there, and a yellow starting token", () => {
  const state = table();
  const t = S.derive(state);
  const laws = new Map([["1-0-2", { probs: { 4: 0.5, 5: 0.5 } }]]);
  const sheet = (key) => String(sheetTemplate({ state, t, laws, ui: { sheet: { mode: "slot", key, tab: "set" } }, holdings: null }));
  const bare = sheet("1-0-2");
  assert.match(bare, /data-testid="set-info-3"[^>]*disabled/);
  assert.doesNotMatch(bare, /data-testid="set-info-4"[^>]*disabled/);
  assert.match(bare, /data-testid="set-info-Y"[^>]*disabled/, "a starting token marks a blue wire");
  assert.match(bare, /data-testid="set-cut-12"[^>]*disabled/);
  // a slot that shows a token keeps every key: the token may be the slip being corrected
  const shown = S.addEntry(state, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3", m: null, col: null } });
  const again = String(sheetTemplate({ state: shown, t: S.derive(shown), laws, ui: { sheet: { mode: "slot", key: "1-0-2", tab: "set" } }, holdings: null }));
  assert.doesNotMatch(again, /data-testid="set-info-9"[^>]*disabled/);
});

test("my constraint card binds the values I name (31: card C, 1-6 only), as the advice's reasons say", () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.setup.cards = ["C"];
  const t = S.derive(s);
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  const mine = S.nameableValues(s, t, { k: "dual", a: 0, p: 1, s: 0, js: [2] }, said);
  assert.deepEqual(mine, ["1", "2", "3", "5", "6"]);
  // a teammate's cut is not bound by my card; without a card, every value I hold
  assert.ok(S.nameableValues(s, t, { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said).includes("9"));
  s.setup.cards = [];
  assert.ok(S.nameableValues(s, S.derive(s), { k: "dual", a: 0, p: 1, s: 0, js: [2] }, said).includes("9"));
  assert.ok(S.cardsAllow(["A", "G"], "4") && !S.cardsAllow(["A"], "5") && S.cardsAllow(["D"], "Y"));
});

test("17: the captain plays no equipment card (not offered; a recorded one says check) and the X-or-Y Ray is spent", () => {
  let s = table();
  s.setup.captain_no_equipment = true;
  s.setup.table_cards = ["10", "12"];
  const t = S.derive(s);
  const sheet = String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "action" }, draft: { k: "xray", a: null } }, holdings: null }));
  assert.match(sheet, /data-testid="actor-0"[^>]*disabled/, "Ann, the captain");
  assert.doesNotMatch(sheet, /data-testid="actor-1"[^>]*disabled/);
  const ray = { k: "xray", a: 1, p: 2, s: 0, j: 3, vs: ["4", "5"], ok: false, real: "6" };
  const after = S.derive(S.addEntry(s, ray));
  assert.equal(after.cards.find((c) => c.id === "10").state, "used");
  const byCaptain = S.derive(S.addEntry(s, { ...ray, a: 0, p: 1 })).entries.at(-1);
  assert.match(byCaptain.text, /check: the captain uses no equipment card in this mission/);
});

test("17: Set tokens offers the captain only false tokens, the others only true ones", () => {
  let s = S.defaultState();
  s.setup.false_tokens = true;
  s.setup.false_by = "captain";
  s.setup.me = null;
  s.phase = "table";
  const t = S.derive(s);
  const sheet = (key) => String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "slot", key, tab: "set" } }, holdings: null }));
  const captain = sheet("0-0-2");
  assert.doesNotMatch(captain, /data-testid="set-info-/);
  assert.match(captain, /data-testid="set-not-5"/);
  const bob = sheet("1-0-2");
  assert.match(bob, /data-testid="set-info-5"/);
  assert.doesNotMatch(bob, /data-testid="set-not-/);
});

test("the mission's rules bind the values I name, as the advice reads them (9: the sequence card's later values)", () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  Object.assign(s.setup, { mission: 9, number_cards: "sequence", numbers: [7, 3, 10] });
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [2] };
  const named = S.nameableValues(s, S.derive(s), d, said);
  assert.ok(named.includes("7") && !named.includes("3") && !named.includes("10"), named.join(" "));
  const cut = (p) => ({ k: "set", p, s: 0, j: 6, slot: { c: "cut", v: "7", m: null, col: null } });
  const on = S.addEntry(S.addEntry(s, cut(1)), cut(2));
  assert.ok(S.nameableValues(on, S.derive(on), d, said).includes("3"), "two 7s cut: the 3s are next");
});

test("a teammate keeps to the table's rules too: 47's number cards bind the value they name, 65's (each player's own) do not", () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  Object.assign(s.setup, { mission: 47, number_cards: "sum", numbers: [10, 12] });
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12", "Y"];
  const bob = { k: "dual", a: 1, p: 2, s: 0, js: [2] };
  assert.deepEqual(S.nameableValues(s, S.derive(s), bob, said), ["2", "Y"]); // 12 - 10; 22 is no wire
  assert.deepEqual(S.nameableValues(s, S.derive(s), bob, said, null, true), said, "an edit offers every value");
  const rules = S.missionRules(s, S.derive(s));
  assert.match(rules.only_values.why, /the number cards \(10, 12\) make only 2 \(sum or difference of two\)/);
  Object.assign(s.setup, { mission: 65, number_cards: "pick", numbers: [4] });
  assert.deepEqual(S.nameableValues(s, S.derive(s), bob, said), said, "65: my cards are mine");
  assert.deepEqual(S.nameableValues(s, S.derive(s), { ...bob, a: 0 }, said), [], "I hold no 4");
});

test("24: Set tokens on my own red wire offers no x-token (never on a red wire), and on my blue wire says which it takes", () => {
  let s = S.defaultState();
  Object.assign(s.setup, { tokens: "multiplicity", red: { mode: "list", nums: [5], keep: 1, known: [] } });
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "R5", "6", "7", "8", "9", "10", "11", "12", "4"]) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const sheet = (j) => String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "slot", key: `0-0-${j}`, tab: "set" } }, holdings: null }));
  const red = t.stands[0][0].findIndex((sl) => sl.own === "R5");
  for (const m of ["1x", "2x", "3x"]) assert.match(sheet(red), new RegExp(`data-testid="set-mark-${m}"[^>]*disabled`));
  assert.match(sheet(red), /Your R5: a token goes on a blue wire only/);
  const three = t.stands[0][0].findIndex((sl) => sl.own === "3");
  assert.match(sheet(three), /Your 3: it takes an x2 token/);
  assert.doesNotMatch(sheet(three), /data-testid="set-mark-2x"[^>]*disabled/);
});

test("the value keypad of a cut says when the detonator is on its last space (a failure on my wire is filled in at once)", () => {
  let s = S.defaultState();
  s.setup.mistakes = 0;
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const d = { k: "dual", a: 1, p: 0, s: 0, js: [2] };
  const html = String(askTemplate({ state: s, t, ui: { sheet: { mode: "slot", tab: "cut" } }, holdings: null }, d, { ask: "value" }));
  assert.match(html, /data-testid="value-last-space">The detonator is on its last space: a wrong value explodes the bomb/);
  s.setup.mistakes = 2;
  const calm = String(askTemplate({ state: s, t: S.derive(s), ui: { sheet: { mode: "slot", tab: "cut" } }, holdings: null }, d, { ask: "value" }));
  assert.doesNotMatch(calm, /value-last-space/);
});
