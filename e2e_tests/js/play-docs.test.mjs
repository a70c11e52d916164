// The playouts' mission_play documents the table app makes (web/table/play-docs.js): oxygen (44, 49, 63), the number
// cards in hands (29) and face up (65), in the shapes arena/plays.py reads back (unit_tests/test_win_play_docs.py
// plays the same documents).
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { missionPlayDoc } from "../../web/table/play-docs.js";
import { preset, started, withPlayers } from "./tables.mjs";

const table = (number, over) => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number, ...over }));
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  return s;
};

test("oxygen: the reserve as it stands and the last player (44); each player's tokens (49); travelling and back (63)", () => {
  let s = table(44, { special: ["oxygen_reserve"] });
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play,
    { kind: "oxygen", oxygen: "reserve", tokens: { "-1": 8 }, mission: 44, last: null }, "the captain's turn: all of it");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "9", ok: false, real: "4" }); // 3 tokens
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play,
    { kind: "oxygen", oxygen: "reserve", tokens: { "-1": 5 }, mission: 44, last: 0 });
  let g = table(49, { special: ["oxygen_gift"] });
  g = S.addEntry(g, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "3", ok: false, real: "4", ox: 2 });
  assert.deepEqual(missionPlayDoc(g, S.derive(g)).mission_play.tokens, { 0: 2, 1: 5, 2: 8, 3: 5 });
  let p = table(63, { special: ["oxygen_pass"] });
  p = S.addEntry(p, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "9", ok: false, real: "4" });
  assert.deepEqual(missionPlayDoc(p, S.derive(p)).mission_play.tokens, { "-1": 15, "-2": 9 });
});

test("29 and 65: the number cards as the table follows them", () => {
  let s = table(29, { number_cards: "guess" });
  s.setup.guess_mine = [4, 12];
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "shown", a: 0, v: "6" }); // from Dan, on my right
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "guess", me: 0, mine: [4, 6, 12],
    known: { 0: [6], 1: [], 2: [], 3: [] }, unseen: { 0: 2, 1: 2, 2: 2, 3: 2 }, deck: 3 }); // 12 cards, 9 in hands
  const h = started();
  h.setup = S.applyMission(h.setup, preset({ number: 65, number_cards: "pick" }));
  h.setup.number_hands = [[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]];
  assert.deepEqual(missionPlayDoc(h, S.derive(h)).mission_play,
    { kind: "hands", hands: { 0: [3, 7, 12], 1: [1, 5, 9], 2: [2, 6, 10], 3: [4, 8, 11] } });
  assert.deepEqual(missionPlayDoc(started(), S.derive(started())), {}, "a plain mission: nothing");
});

test("the number cards in view and the cutting orders: the cards as tapped, those done left out", () => {
  const doc = (number, { numbers, ...over }, cuts = []) => {
    let s = table(number, over);
    s.setup.numbers = numbers ?? [];
    for (const [j, v] of cuts) s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
    return missionPlayDoc(s, S.derive(s)).mission_play;
  };
  assert.deepEqual(doc(9, { number_cards: "sequence", numbers: [5, 2, 8] }, [[0, "5"], [1, "5"]]),
    { kind: "sequence", line: [2, 8], need: 2, front: true, free_end: false, mission: 9 }, "two 5s cut: the 5 is done");
  assert.deepEqual(doc(26, { number_cards: "pick", numbers: [3, 7] }),
    { kind: "pick", up: [3, 7], gone: [] });
  assert.deepEqual(doc(47, { number_cards: "sum", numbers: [4, 9, 1] }), { kind: "sum", cards: [4, 9, 1] });
  assert.deepEqual(doc(62, { number_cards: "detonator", numbers: [6, 11] }), { kind: "roulette", cards: [6, 11], done: [] });
  assert.deepEqual(doc(46, { special: ["sevens_last"] }), { kind: "sevens_last" });
});

test("the special actions the playouts play: 13's reds, 48's yellows (done or not), 41's tripwires (skips in a row)", () => {
  const doc = (number, over, entries = []) => {
    let s = table(number, over);
    for (const e of entries) s = S.addEntry(s, e);
    return missionPlayDoc(s, S.derive(s)).mission_play;
  };
  assert.deepEqual(doc(13, { open_red_deal: true }), { kind: "all_at_once", mission: 13, done: false });
  assert.deepEqual(doc(48, { special: ["yellow_special"] }), { kind: "all_at_once", mission: 48, done: false });
  assert.deepEqual(doc(41, { special: ["yellow_special"], yellow_dealt: "one_each" }), { kind: "tripwires", skips: 0 });
});

test("31: each player's constraint card as entered, mine from My constraint card", () => {
  const s = table(31, { constraints: "chosen" });
  s.setup.cards = ["B"];
  s.setup.player_cards = ["", "A", "", "E"];
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "chosen", held: { 0: "B", 1: "A", 3: "E" }, flipped: [] });
});
