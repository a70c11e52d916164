// Mission 30's sound-file rounds at the table (web/table/entries-sound.js): a missed round moves the detonator, a
// value told becomes a fact on the teller's wires, the yellow wires a player has left a yellow_count fact; the card
// the sound file turns face up binds the advice as number cards in view. Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, withPlayers } from "./tables.mjs";

const HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12", "Y4"]; // 50 wires: my stand holds 13

/** Mission 30 with 4 players (Ann = me), yellow 4 and 7 in play, my hand entered; `log` added. */
function thirty(log = []) {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4), preset({ number: 30, sound_rounds: true, mistakes: 3 }));
  s.setup.yellow = { mode: "list", nums: [4, 7], keep: 2, known: [] };
  s.phase = "table";
  for (const l of HAND) s = S.handAdd(s, 0, l);
  for (const e of log) s = S.addEntry(s, e);
  return s;
}

test("30: the sound file's entries are offered, and only in its mission", () => {
  assert.equal(thirty().setup.sound_rounds, true);
  assert.equal(thirty().setup.number_cards, "pick", "the card turned face up names the value to cut");
  const other = S.defaultState();
  assert.equal(other.setup.sound_rounds, false);
  const t = S.derive(S.addEntry(other, { k: "missed" }));
  assert.match(t.entries[0].error, /only mission 30/);
});

test("30: a missed round moves the detonator a space; undo would take it back", () => {
  const t = S.derive(thirty([{ k: "missed" }]));
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.mistakesMade, 1);
  assert.match(t.entries[0].text, /A round missed: detonator \+1/);
});

test("30: a value told is a fact on the teller's uncut wires, refused when the table shows they hold it", () => {
  let t = S.derive(thirty([{ k: "tell", a: 1, v: "6", has: false }]));
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.deepEqual({ ...t.facts.at(-1) }, { kind: "has_not", player: 1, value: 6 });
  t = S.derive(thirty([{ k: "tell", a: 0, v: "6", has: false }]));
  assert.match(t.entries[0].error, /Ann holds a 6/);
  t = S.derive(thirty([{ k: "set", p: 2, s: 0, j: 3, slot: { c: "info", v: "9" } }, { k: "tell", a: 2, v: "9", has: false }]));
  assert.match(t.entries[1].error, /holds a 9/);
  t = S.derive(thirty([{ k: "tell", a: 3, v: "12", has: true }]));
  assert.deepEqual({ ...t.facts.at(-1) }, { kind: "has", player: 3, value: 12 });
});

test("30: the yellow wires a player has left count the yellows cut on their stand too", () => {
  let t = S.derive(thirty([{ k: "ycount", a: 1, n: 1 }]));
  assert.deepEqual({ ...t.facts.at(-1) }, { kind: "yellow_count", player: 1, count: 1 });
  t = S.derive(thirty([{ k: "set", p: 1, s: 0, j: 2, slot: { c: "cut", v: "Y7" } }, { k: "ycount", a: 1, n: 0 }]));
  assert.deepEqual({ ...t.facts.at(-1) }, { kind: "yellow_count", player: 1, count: 1 });
  t = S.derive(thirty([{ k: "ycount", a: 1, n: 3 }]));
  assert.match(t.entries[0].error, /more than the 2 in play/);
});

test("30: the sheet asks the value drawn, then yes or no (mine certain); the yellow count offers what is left", async () => {
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  const s = thirty();
  const t = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t, { k: "tell", a: 0 }), { ask: "value", blueOnly: true });
  assert.equal(S.nextAsk(s, t, { k: "tell", a: 0, v: "4" }).ask, "holds");
  const args = (d) => ({ ctx: { state: s, t, ui: { sheet: { mode: "action" } } }, d, t, state: s, setup: s.setup });
  const mine = String(ASKS.holds(args({ k: "tell", a: 0, v: "4" })));
  assert.match(mine, /data-testid="holds-yes"[^>]*disabled/, "I hold no 4: yes is greyed");
  assert.doesNotMatch(mine, /data-testid="holds-no"[^>]*disabled/);
  const count = String(ASKS.count(args({ k: "ycount", a: 1 })));
  assert.match(count, /data-testid="count-2"/);
  assert.doesNotMatch(count, /data-testid="count-3"/);
  const e = S.buildEntry(s, t, { k: "tell", a: 2, v: "5", ok: true });
  assert.deepEqual(e, { k: "tell", a: 2, v: "5", has: true });
  assert.match(S.derive(S.addEntry(s, e)).entries[0].text, /Cat holds 5 \(the value drawn\)/);
});

test("30: a round's card is a target, not a rule; the three cards at the end are one, yellow included", () => {
  const s = thirty();
  const rules = (numbers) => S.valueRules({ ...s, setup: { ...s.setup, numbers } }, S.derive(s));
  assert.equal(rules([6]).only_values, undefined, "other cuts stay allowed while a round's card is face up");
  const lock = rules([2, 7, 10]);
  assert.deepEqual(lock.only_values.values, [2, 7, 10]);
  assert.ok(lock.no_values.some((x) => x.value === "YELLOW"), "no yellow during the three values");
});

test("30: the answers the table rules out are greyed — a value all cut, a wire certain; counts the others leave", async () => {
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  const cut7 = [0, 1, 2, 3].map((p) => ({ k: "set", p, s: 0, j: p === 0 ? 7 : 6, slot: { c: "cut", v: "7" } })); // (my Y4 sorts before my 5)
  const s = thirty([...cut7, { k: "ycount", a: 1, n: 0 }]); // every 7 cut; Bob has no yellow left
  const t = S.derive(s);
  const args = (d, laws = null) => ({ ctx: { state: s, t, laws, ui: { sheet: { mode: "action" } } }, d, t, state: s, setup: s.setup });
  assert.match(String(ASKS.holds(args({ k: "tell", a: 2, v: "7" }))), /data-testid="holds-yes"[^>]*disabled/, "every 7 is cut");
  const certain = new Map([["2-0-3", { probs: { 8: 1 } }]]);
  assert.match(String(ASKS.holds(args({ k: "tell", a: 2, v: "8" }, certain))), /data-testid="holds-no"[^>]*disabled/, "Cid D is an 8");
  // 2 yellows: mine (Y4) and Bob's none, so Cid and Dan share one; Cid's count is 0 or 1
  const count = String(ASKS.count(args({ k: "ycount", a: 2 })));
  assert.doesNotMatch(count, /data-testid="count-1"[^>]*disabled/);
  assert.match(count, /data-testid="count-2"[^>]*disabled/);
  const s2 = S.addEntry(s, { k: "ycount", a: 3, n: 0 });
  const t2 = S.derive(s2);
  const only = String(ASKS.count({ ctx: { state: s2, t: t2, ui: { sheet: { mode: "action" } } }, d: { k: "ycount", a: 2 }, t: t2, state: s2, setup: s2.setup }));
  assert.match(only, /data-testid="count-0"[^>]*disabled/, "every other count known: Cid's is 1");
  assert.doesNotMatch(only, /data-testid="count-1"[^>]*disabled/);
});

test("25: a number said aloud is entered as the card says — the detonator a space, no turn — and only in its mission", async () => {
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const page = (st) => String(logTemplate({ state: st, t: S.derive(st), ui: {} }));
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4), preset({ number: 25, mistakes: 3 }));
  s.phase = "table";
  const before = S.derive(s);
  s = S.addEntry(s, { k: "spoken" });
  const t = S.derive(s);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.turn, before.turn, "not a turn");
  assert.match(t.entries[0].text, /A number said aloud: detonator \+1 \(mission 25\)/);
  assert.deepEqual(S.buildEntry(s, t, { k: "spoken" }), { k: "spoken" });
  assert.equal(S.nextAsk(s, t, { k: "spoken" }), null);
  assert.match(S.derive(S.addEntry(S.defaultState(), { k: "spoken" })).entries[0].error, /only missions 25 \(a number said aloud\) and 45/);
  // 45: a player who says anything but “Snip!” ("I don't want to do it") moves the detonator too
  let v = S.defaultState();
  v.setup = S.applyMission(withPlayers(4), preset({ number: 45, number_cards: "pick" }));
  v.phase = "table";
  v = S.addEntry(v, { k: "spoken" });
  assert.equal(S.derive(v).mistakesMade, 1, S.derive(v).entries[0].error);
  assert.match(S.derive(v).entries[0].text, /Something other than “Snip!” said: detonator \+1 \(mission 45\)/);
  assert.match(page(v), /data-testid="action-spoken"[^>]*>[^<]*Said other than “Snip!”/);
  assert.match(page(s), /data-testid="action-spoken"/);
  assert.doesNotMatch(page(S.defaultState()), /data-testid="action-spoken"/);
});

test("30: My best cuts names the round's value as a target in time, and says the list ranks by chance", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const s = thirty();
  s.setup.numbers = [7];
  const page = String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [], forbidden: [] }, missions: [] }).text);
  assert.match(page, /data-testid="moves-round">This round's value: <b>7<\/b> — to cut in time/);
  s.setup.numbers = [3, 7, 9];
  assert.doesNotMatch(String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [], forbidden: [] }, missions: [] }).text), /moves-round/);
});
