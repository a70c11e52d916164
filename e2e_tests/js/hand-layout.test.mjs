// A seat taken mid-game (a shared link, web/table/hand-layout.js): the wires the table shows on it (cut, or
// under an info token) keep their own slots, and the keypad fills the other slots around them, in order.
// Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { handTemplate } from "../../web/table/setup-templates.js";

/** A 4-player table (me = Ann) where Bob's C was cut as a 3 and his G shows an info token 7; shared, Bob's seat taken. */
function bobsSeat(setup = {}) {
  let s = S.defaultState();
  Object.assign(s.setup, setup);
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.phase = "table";
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 6, v: "9", ok: false, real: "7" });
  return seat(S.shareState(s), 1);
}

/** Take seat p of a shared table, as the "who are you?" tap does. */
function seat(shared, p) {
  const next = structuredClone(shared);
  next.setup.me = p;
  next.hand = S.publicHand(shared, p);
  next.phase = "hand";
  return next;
}

/** The label at each slot of the hand screen's stand k ("" for an empty slot). */
function screenSlots(state, k = 0) {
  const page = String(handTemplate(state).text);
  const out = [];
  for (const m of page.matchAll(new RegExp(`data-testid="hand-${k}-(\\d+)"[^>]*>(?:<span class="v[^"]*">)?([^<]*)<`, "g"))) {
    out[Number(m[1])] = /^[A-Z]$/.test(m[2]) ? "" : m[2];
  }
  return out;
}

const add = (state, ...labels) => labels.reduce((s, l) => S.handAddAround(s, 0, l), state);

test("the wires the table shows keep their own slots", () => {
  const s = bobsSeat();
  const shown = S.shownWires(s, 1)[0];
  assert.deepEqual(shown.map((w) => w && `${w.h}:${w.c}`), [null, null, "3:cut", null, null, null, "7:info", null, null, null, null, null]);
  assert.deepEqual(screenSlots(s), ["", "", "3", "", "", "", "7", "", "", "", "", ""]);
  assert.match(String(handTemplate(s).text), /data-testid="hand-0-2" data-shown="cut"/);
});

test("the keypad fills the other slots around them, in order", () => {
  let s = bobsSeat();
  s = add(s, "12", "1");
  assert.deepEqual(screenSlots(s), ["1", "", "3", "", "", "", "7", "12", "", "", "", ""]);
  // tapping the 12 (at H) takes back the hand's wire 3 ("1", "3", "7", "12"), not the wire at H
  assert.match(String(handTemplate(s).text), /data-act="hand-remove" data-arg="0:3" data-testid="hand-0-7"/);
  assert.deepEqual(S.handRemove(s, 0, 3).hand[0], ["1", "3", "7"]);
  s = add(s, "2");
  assert.deepEqual(screenSlots(s).slice(0, 3), ["1", "2", "3"]);
  // no room left of the 3: a third wire below it is refused, and its key is disabled
  assert.equal(S.handAddAround(s, 0, "1"), s);
  assert.match(String(handTemplate(s).text), /<button[^>]*data-testid="key-1"[^>]*disabled/);
  assert.doesNotMatch(String(handTemplate(s).text), /<button[^>]*data-testid="key-5"[^>]*disabled/);
  // between the 3 and the 7: three slots
  s = add(s, "4", "5", "6");
  assert.equal(S.handAddAround(s, 0, "5"), s, "D, E and F are full");
  s = add(s, "8", "9", "10", "11");
  assert.ok(S.handComplete(s));
  assert.deepEqual(s.hand[0], ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
  // the hand, complete, agrees with the table: nothing is struck through, the shown wires are where they were
  s.phase = "table";
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual([t.stands[1][0][2].c, t.stands[1][0][6].own], ["cut", "7"]);
});

test("a shown wire of a value the keypad gives again sits either side of it", () => {
  let s = bobsSeat();
  s = add(s, "3", "3");
  assert.deepEqual(screenSlots(s).slice(0, 4), ["3", "3", "3", ""]);
  s = add(s, "3"); // the fourth 3 goes right of the shown one
  assert.deepEqual(screenSlots(s).slice(0, 4), ["3", "3", "3", "3"]);
  assert.equal(S.handAddAround(s, 0, "3"), s, "only four 3s");
});

test("a wire moved onto the stand is not one of its dealt wires: the shown ones keep their dealt slots", () => {
  let s = S.defaultState();
  s.setup.me = null;
  s.phase = "table";
  // Bob's C is cut, then the Grappling Hook takes Dee's A into Bob's A: Bob's dealt C is now his D
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "cut", v: "4" } });
  s = S.addEntry(s, { k: "hook", a: 1, p: 3, s: 0, j: 0, to: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 6, slot: { c: "info", v: "8" } }); // his dealt F
  const shown = S.shownWires(s, 1)[0];
  assert.deepEqual(shown.map((w, j) => (w ? `${j}:${w.h}` : null)).filter(Boolean), ["2:4", "5:8"]);
});

test("with X tokens the shown unsorted wire stays far right, and the sorted ones fill in before it", () => {
  let s = S.defaultState();
  s.setup.x_tokens = true;
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 11, v: "7", ok: false, real: "4" });
  s = seat(S.shareState(s), 1);
  assert.deepEqual(s.hand, [["X4"]]);
  assert.equal(screenSlots(s)[11], "4");
  s = add(s, "9", "2");
  assert.deepEqual(screenSlots(s).slice(0, 2), ["2", "9"]);
  assert.deepEqual(s.hand[0], ["2", "9", "X4"]);
});

test("the placing itself: shown wires pinned, sorted ones between their neighbours, null when they cannot fit", () => {
  const shown = [null, null, { h: "5", c: "cut" }, null];
  assert.deepEqual(S.placeWires(["2", "5", "9"], shown).map((x) => x?.h ?? null), ["2", null, "5", "9"]);
  assert.deepEqual(S.placeWires(["2", "5", "9"], shown).map((x) => x?.i ?? null), [0, null, 1, 2]);
  assert.equal(S.placeWires(["5", "9", "10"], shown), null, "one slot right of the 5, two wires above it");
  assert.equal(S.placeWires(["1", "2", "3", "5"], shown), null, "two slots left of the 5, three wires below it");
  // a shown wire missing from the hand is not pinned: its slot is free
  assert.deepEqual(S.placeWires(["1", "2"], shown).map((x) => x?.h ?? null), ["1", "2", null, null]);
});

test("the keypad offers no value whose every copy the other stands show (cut, or under a token)", () => {
  let s = bobsSeat();
  const keyOff = (state, label) => new RegExp(`data-testid="key-${label}"[^>]*disabled`).test(String(handTemplate(state).text));
  assert.equal(keyOff(s, "9"), false);
  // the four 9s: two cut on Cid's stand, one under a token on Dee's, one cut on Ann's
  for (const [p, j, c] of [[2, 8, "cut"], [2, 9, "cut"], [3, 8, "info"], [0, 8, "cut"]]) {
    s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c, v: "9" } });
  }
  assert.equal(keyOff(s, "9"), true, "all four 9s are elsewhere: not mine");
  assert.equal(keyOff(s, "10"), false);
});

test("Edit my wires draws the wires the table shows cut as cut", () => {
  let s = S.defaultState();
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.phase = "table";
  s = S.addEntry(s, { k: "dual", a: 1, p: 0, s: 0, j: 4, v: "5", ok: true, cut: "5", as: { s: 0, j: 4 } });
  const page = String(handTemplate(s, { hand: structuredClone(s.hand), pick: null }).text);
  assert.match(page, /class="slot cut blue[^"]*"[^>]*data-testid="hand-0-4"[^>]*aria-label="slot E: 5, cut on the table, tap to replace"/);
  assert.doesNotMatch(page, /data-testid="hand-0-3"[^>]*cut on the table/);
});

test("the hand keypad takes no more yellow wires than are in play (2 of 3 drawn: the third is greyed)", () => {
  let s = S.defaultState();
  s.phase = "hand";
  s.setup.yellow = { mode: "of", nums: [3, 6, 9], keep: 2, known: [] };
  s = S.handAdd(S.handAdd(s, 0, "Y3"), 0, "Y6");
  const keys = String(handTemplate(s));
  assert.match(keys, /data-testid="key-Y9"[^>]*disabled/);
  assert.doesNotMatch(keys, /data-testid="key-5"[^>]*disabled/);
});

test("a seat taken after a Walkie-Talkies swap says the hand is the stand as dealt (the received wire was entered in the given one's place)", () => {
  let s = S.defaultState();
  Object.assign(s.setup, { table_cards: ["2"], equipment: ["2"] });
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.phase = "table";
  const plain = seat(S.shareState(s), 1);
  assert.doesNotMatch(String(handTemplate(plain).text), /hand-moved-hint/);
  s = S.addEntry(s, { k: "walkie", a: 0, as: { s: 0, j: 0 }, p: 1, s: 0, j: 2, ato: { s: 0, j: 0 }, pto: { s: 0, j: 0 } });
  assert.match(String(handTemplate(seat(S.shareState(s), 1)).text), /data-testid="hand-moved-hint">Wires moved to or from\s+your stand since the deal/);
  assert.doesNotMatch(String(handTemplate(seat(S.shareState(s), 2)).text), /hand-moved-hint/, "Cid's stand was not touched");
});

test("a seat re-entered after a swap may enter the wire it gave away though all its copies are cut since (one of them is that wire)", () => {
  let s = S.defaultState();
  Object.assign(s.setup, { table_cards: ["2"], equipment: ["2"] });
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.phase = "table";
  // Ann gives her 1 to Bob, Bob his C to Ann: a 4, which Ann files after her 3s
  s = S.addEntry(s, { k: "walkie", a: 0, as: { s: 0, j: 0 }, p: 1, s: 0, j: 2, ato: { s: 0, j: 3 }, pto: { s: 0, j: 0 }, got: "4" });
  const set = (p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v: "4", m: null, col: null } });
  for (const [p, j] of [[0, 3], [2, 3], [2, 4], [3, 3]]) s = S.addEntry(s, set(p, j)); // all four 4s cut, Bob's among them
  assert.ok(S.derive(s).entries.every((e) => e.ok), JSON.stringify(S.derive(s).entries.filter((e) => !e.ok)));
  const bob = String(handTemplate(seat(S.shareState(s), 1)).text);
  assert.doesNotMatch(bob, /data-testid="key-4"[^>]*disabled/, "Bob was dealt a 4: the one cut on Ann's stand");
  const cid = String(handTemplate(seat(S.shareState(s), 2)).text);
  assert.match(cid, /data-testid="key-4"[^>]*disabled/, "Cid's two are filled in, the other two were not his");
});
