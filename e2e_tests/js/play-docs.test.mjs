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
  assert.deepEqual(doc(47, { number_cards: "sum", numbers: [4, 9, 1] }), { kind: "sum", cards: [1, 4, 9] });
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

test("32, 37: the card face up, those discarded before it (the playouts draw the rest), the replacements it owes", () => {
  let s = table(37, { constraints: "deck" });
  assert.deepEqual(missionPlayDoc(s, S.derive(s)), {}, "no card tapped yet: none sent");
  s.setup.cards = ["C"];
  s.setup.cards_gone = ["A", "C"];
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "constraint_deck", mode: "fours", visible: "C", gone: ["A"],
    done: [], left: 10, skipped: [] });
  // Ann fails a cut, Bob and Cat skip: they are the round of skips under way; four 7s cut: the card owes a replacement
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 11, v: "3", ok: false, real: "12" });
  s = S.addEntry(s, { k: "skip", a: 1 });
  s = S.addEntry(s, { k: "skip", a: 2 });
  for (const j of [0, 1, 2, 3]) s = S.addEntry(s, { k: "set", p: 2, s: 0, j: j + 4, slot: { c: "cut", v: "7", m: null, col: null } });
  const play = missionPlayDoc(s, S.derive(s)).mission_play;
  assert.deepEqual([play.skipped, play.done, play.due], [[1, 2], [7], 1]);
  const c = table(32, { constraints: "deck" });
  c.setup.cards = ["K"];
  assert.equal(missionPlayDoc(c, S.derive(c)).mission_play.mode, "captain");
});

test("32, 37: a card tapped over the one in play sends that one to the discards; undo brings it back", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const app = { state: table(37, { constraints: "deck" }), missions: [preset({ number: 37, constraints: "deck" })],
    commit(next) { this.state = next; }, derived() { return S.derive(this.state); }, view: { flash: () => {} } };
  for (const c of ["D", "H", "B"]) setupActs(app).card(c);
  assert.deepEqual([app.state.setup.cards, app.state.setup.cards_gone], [["B"], ["D", "H"]]);
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(app.state))).setup.cards_gone, ["D", "H"], "kept by a reload");
  assert.deepEqual(S.undo(app.state).setup.cards_gone, ["D"], "undo: H is the card in play again");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const ctx = { state: app.state, t: S.derive(app.state), missions: app.missions };
  assert.match(String(cardsTemplate(ctx)), /class="chip done" data-act="card" data-arg="D"[\s\S]*?discarded/, "D shown discarded");
  setupActs(app).card("D");
  assert.deepEqual([app.state.setup.cards, app.state.setup.cards_gone], [["D"], ["H", "B"]], "D back in play, said");
});

test("34: my card, the values each player named while the cards were hidden, and whether I am the weakest link", () => {
  let s = table(34, { constraints: "weakest_link" });
  s.setup.cards = ["B"];
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "8", ok: false, real: "4" });
  const named = { 0: [3], 1: [8], 2: [], 3: [] };
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "weakest", state: "hidden", named, me: 0, own: "B", weak: null });
  s.setup.weak_me = true;
  assert.equal(missionPlayDoc(s, S.derive(s)).mission_play.weak, "B");
  s = S.addEntry(s, { k: "weak", a: 2, w: 0, c: "B", ok: true });
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "5", ok: false, real: "6" });
  const after = missionPlayDoc(s, S.derive(s)).mission_play;
  assert.deepEqual([after.state, after.named], ["revealed", named], "found: the cards are gone, nothing more is named");
});

test("18, 45, 51: the deck is the cards not flipped since it was made again, whose wires are not all cut", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const app = { state: table(51, {}), missions: [], commit(next) { this.state = next; }, view: { flash: () => {} } };
  for (const v of ["4", "9", "4"]) setupActs(app).number(v);
  const s = app.state;
  assert.deepEqual([s.setup.numbers, s.setup.numbers_seen], [[4], [4, 9]]);
  const slip = { ...app, state: table(51, {}) };
  for (const v of ["4", "9", "9", "9", "9", "7"]) setupActs(slip).number(v); // 9 untapped and tapped back; untapped, then 7
  assert.deepEqual([slip.state.setup.numbers, slip.state.setup.numbers_seen], [[7], [4, 9]]);
  const play = missionPlayDoc(s, S.derive(s)).mission_play;
  assert.deepEqual(play, { kind: "deck", mission: 51, deck: [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12], current: null },
    "a 4 flipped again: the deck was made again, the 9 back in it");
  let r = table(18, { tokens: "none", equipment: ["8"] });
  r = S.addEntry(r, { k: "radar", v: 7, ans: [{ p: 0, s: 0, has: true }], done: true });
  assert.deepEqual(missionPlayDoc(r, S.derive(r)).mission_play.current, [null, 7], "the card of the turn under way");
  r = S.addEntry(r, { k: "dual", a: 0, p: 2, s: 0, j: 5, v: "7", ok: true, cut: "7", as: { s: 0, j: 6 } });
  const next = missionPlayDoc(r, S.derive(r)).mission_play;
  assert.deepEqual([next.current, next.deck.includes(7)], [null, false]);
});

test("39, 23: the noble value, its deck losing a card at each round's end until the action, who played last", () => {
  let s = table(39, { number_cards: "noble" });
  s.setup.numbers = [6];
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "all_at_once", mission: 39, done: false, noble: 6, last: null, deck: 8 });
  for (const [a, p] of [[0, 1], [1, 2], [2, 3], [3, 0], [0, 1]]) {
    s = S.addEntry(s, { k: "dual", a, p, s: 0, j: 0, v: "1", ok: false, real: "2" });
  }
  const play = missionPlayDoc(s, S.derive(s)).mission_play;
  assert.deepEqual([play.deck, play.last], [7, 0], "Ann's second turn began a round: one card discarded");
  const f = table(23, { number_cards: "noble", equipment_after_special: true });
  f.setup.numbers = [3];
  assert.deepEqual(missionPlayDoc(f, S.derive(f)).mission_play, { kind: "fordwich", mission: 23, done: false, noble: 3, last: null, deck: 7, revealed: [] });
});

test("23: the deck's cards left, counted until the special action; then, until the table says which lie face up, said with the tap", async () => {
  const { equipmentTemplate, numbersTemplate } = await import("../../web/table/cards-templates.js");
  let f = table(23, { number_cards: "noble", equipment_after_special: true, equipment: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] });
  f.setup.numbers = [3];
  const line = (st) => String(equipmentTemplate(st, S.derive(st)));
  assert.match(line(f), /data-testid="equipment-deck">The equipment deck lies face down: 7 cards left/);
  const fails = (a, p, j) => ({ k: "dual", a, p, s: 0, j, v: "1", ok: false, real: "2" });
  const cuts = (a, p, j, v, own = j) => ({ k: "dual", a, p, s: 0, j, v, ok: true, cut: v, as: { s: 0, j: own } });
  for (const e of [fails(0, 1, 0), cuts(1, 2, 11, "12"), fails(2, 3, 0), cuts(3, 0, 11, "12", 11)]) f = S.addEntry(f, e);
  assert.match(line(f), /face down: 6 cards left/, "the round ended before the captain's turn: its top card is gone (the walkthrough read 7)");
  assert.equal(missionPlayDoc(f, S.derive(f)).mission_play.deck, 6, "the playouts' deck, as the arena's at that turn");
  f = S.addEntry(f, fails(0, 1, 1));
  assert.match(line(f), /face down: 6 cards left/, "Ann played: still 6");
  // the action on Bob's turn (the round did not end): my two 3s and two of Cid's
  f = S.addEntry(f, { k: "special", a: 1, res: "ok", cuts: [{ p: 0, s: 0, j: 2, l: "3" }, { p: 0, s: 0, j: 3, l: "3" },
    { p: 2, s: 0, j: 2, l: "3" }, { p: 2, s: 0, j: 3, l: "3" }] });
  for (const e of [cuts(2, 3, 10, "11"), cuts(3, 0, 10, "11", 9), cuts(0, 1, 9, "10")]) f = S.addEntry(f, e); // (Ann's turn: a round)
  const t = S.derive(f);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.map((e) => e.error)));
  assert.equal(missionPlayDoc(f, t).mission_play.deck, 6, "no card discarded after the action");
  assert.match(line(f), /class="hint warn" data-testid="equipment-deck">The special action is done: the deck's 6 cards lie face up, all usable\.\s+Until you tap which, every card of the mission's pile counts, in the advice too\./);
  assert.match(line(f), /data-testid="deck-cards-set"/);
  assert.doesNotMatch(line(f), /cards-unset/, "one warning, not two (the walkthrough)");
  f.setup.table_cards = ["2", "6"];
  assert.doesNotMatch(line(f), /deck-cards-set/);
  assert.match(line(f), /The special action is done: the deck's cards lie face up, all usable\./);
  // 39: its number-card deck counted beside the faceup card until the action
  let n = table(39, { number_cards: "noble" });
  n.setup.numbers = [6];
  assert.match(String(numbersTemplate(n.setup, S.derive(n))), /the deck: 8 face down, its top card discarded at each round&#39;s end/);
});

test("12, 15, 22: the number cards on the equipment, the cards flipped face up, the gifts once two yellows are cut", () => {
  const s = table(12, {});
  s.setup.card_locks = { 3: 9, 10: 1 };
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "red_tape", tape: { 3: 9, 10: 1 }, left: [2, 3, 4, 5, 6, 7, 8, 10, 11, 12] });
  const n = table(15, {});
  n.setup.table_cards = ["5"];
  n.setup.numbers = [11];
  assert.deepEqual(missionPlayDoc(n, S.derive(n)).mission_play, { kind: "novosibirsk", revealed: ["5"], shown: 11 });
  const a = table(22, { absent_tokens: true });
  a.setup.token_pass = true;
  assert.deepEqual(missionPlayDoc(a, S.derive(a)).mission_play, { kind: "absent", given: false });
});

test("57: the pairs entered, the card in play as tapped for the last value validated, the values in the order validated", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const said = [];
  const app = { state: table(57, { constraints: "per_value" }), missions: [], commit(next) { this.state = next; }, view: { flash: (m) => said.push(m) } };
  for (const [v, c] of [["7", "F"], ["2", "A"], ["5", "F"]]) setupActs(app).pair(c, null, v);
  assert.deepEqual(app.state.setup.pairs, { 2: "A", 5: "F" }, "F moved from 7 to 5");
  assert.match(said[0], /Card F moved from number card 7 to 5/);
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify({ ...app.state, setup: { ...app.state.setup, pairs: { 2: "A", 13: "B", 4: "A" } } }))).setup.pairs,
    { 2: "A" }, "a damaged link: a value off the cards, a card twice dropped");
  let s = app.state;
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "per_value", pairs: { 2: "A", 5: "F" }, order: [], skipped: [] });
  // Bob's four 11s, then Cat's four 2s: the 2's card binds, tapped as C (the table's word over the pair entered)
  for (const [p, v] of [[1, "11"], [2, "2"]]) {
    for (const j of [0, 1, 2, 3]) s = S.addEntry(s, { k: "set", p, s: 0, j: j + 4, slot: { c: "cut", v, m: null, col: null } });
  }
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const ctx = (st) => ({ state: st, t: S.derive(st), missions: [preset({ number: 57, constraints: "per_value" })] });
  assert.match(String(cardsTemplate(ctx(s))), /2's four wires are cut: its card, A, binds everyone now/);
  assert.match(String(cardsTemplate(ctx(s))), /Beside the number cards: <span\s+class="done">2 A<\/span> · <span\s+class="">5 F<\/span>/);
  s.setup.cards = ["C"];
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "per_value", pairs: { 2: "C", 5: "F" }, order: [11, 2], skipped: [] });
});

test("61: with the captain out of wires the cards rotate before the turn of the first after them with one (61's walkthrough: never again, a lost game)", () => {
  const s = table(61, { constraints: "ring" });
  s.setup.captain = 2; // Cat, with no wire left
  const cat = S.derive(s).stands[2][0].length;
  let st = s;
  for (let j = 0; j < cat - 1; j += 1) st = S.addEntry(st, { k: "set", p: 2, s: 0, j, slot: { c: "cut", v: "11" } });
  st = S.addEntry(st, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "12", ok: true, cut: "12", as: { s: 0, j: cat - 1 } }); // her last
  const t = S.derive(st);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual([t.turn, t.roundSeat], [3, 3]);
  assert.equal(S.ringRotateBar(st.setup, t), null, "Dan's turn starts the round");
  const later = S.addEntry(st, { k: "dual", a: 3, p: 0, s: 0, j: 0, v: "9", ok: false, real: "1" });
  assert.equal(S.ringRotateBar(later.setup, S.derive(later)), "The cards rotate on each round before Dan's turn (the captain has no wire left): it is Ann's turn.");
});

test("61: the cards round the table as entered (the table's own with 2-3 players), rotated together; sent once all are in", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const app = { state: table(61, { constraints: "ring" }), missions: [], commit(next) { this.state = next; }, view: { flash: () => {} },
    derived() { return S.derive(this.state); } };
  app.state.setup.cards = ["A"];
  for (const arg of ["1:B", "2:C"]) setupActs(app)["player-card"](arg);
  let s = app.state;
  assert.deepEqual(missionPlayDoc(s, S.derive(s)), {}, "Dan's card not entered: none sent");
  setupActs(app)["player-card"]("3:G"); // Dan swapped his for one of F-L
  s = app.state;
  assert.deepEqual(missionPlayDoc(s, S.derive(s)).mission_play, { kind: "ring", seats: [0, 1, 2, 3], held: ["A", "B", "C", "G"],
    pool: ["F", "H", "I", "J", "K", "L"], skipped: [] });
  const said = [];
  app.view.flash = (m) => said.push(m);
  setupActs(app)["ring-rotate"]("1");
  assert.deepEqual([app.state.setup.cards, app.state.setup.player_cards], [["G"], ["", "A", "B", "C"]], "clockwise: each card one place on");
  assert.equal(said.at(-1), "Cards rotated clockwise: A to Bob, B to Cat, C to Dan, G to you (undo if that was a slip).");
  // the card: once a round, before the captain's turn
  setupActs(app)["ring-rotate"]("-1");
  assert.equal(said.at(-1), "Not rotated: The cards rotated already before Ann's turn (the captain's) this round (Undo takes a rotation back).");
  assert.deepEqual(app.state.setup.cards, ["G"]);
  app.state = S.addEntry(app.state, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "9", ok: false, real: "4" });
  assert.equal(S.ringRotateBar(app.state.setup, S.derive(app.state)), "The cards rotate on each round before Ann's turn (the captain's): it is Bob's turn.");
  app.state.setup.mistakes = 9;
  for (const a of [1, 2, 3]) app.state = S.addEntry(app.state, { k: "dual", a, p: 0, s: 0, j: 11, v: "2", ok: false, real: "12" });
  assert.deepEqual([S.derive(app.state).exploded, S.derive(app.state).turn], [false, 0]);
  assert.equal(S.ringRotateBar(app.state.setup, S.derive(app.state)), null, "a round later, before Ann's turn again");
  // each rotation is a line of the turn log, where it came (61's walkthrough: not there); Undo takes it back with the setup
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const before = app.state;
  setupActs(app)["ring-rotate"]("-1");
  const log = String(logTemplate({ state: app.state, t: S.derive(app.state) }));
  assert.match(log, /data-testid="log-rotated-0"><span class="text">Cards rotated clockwise: A to Bob, B to Cat, C to Dan, G to you<\/span><\/li><li class="" data-testid="log-0"/);
  assert.match(log, /data-testid="log-3"[\s\S]*data-testid="log-rotated-1"><span class="text">Cards rotated counter-clockwise: G to Dan, /);
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(app.state))).setup.ring_log, app.state.setup.ring_log, "kept on a reload");
  app.state = before;
  setupActs(app)["player-card"]("2:A"); // A tapped for Cat: it leaves Bob — one card, one place
  assert.deepEqual(app.state.setup.player_cards, ["", "", "A", "C"]);
  assert.equal(said.at(-1), "Card A moved from Bob to Cat: each card lies at one place.");
  setupActs(app).card("C"); // mine: C leaves Dan
  assert.deepEqual([app.state.setup.cards, app.state.setup.player_cards], [["C"], ["", "", "A", ""]]);
  const three = table(61, { constraints: "ring" });
  three.setup.players = ["Ann", "Bob", "Cat"];
  three.setup.captain = 1;
  Object.assign(three.setup, { cards: ["E"], player_cards: ["", "D", "B"], ring_table: ["A"] });
  assert.deepEqual(S.ringSeats(three.setup), [1, null, 2, 0]);
  assert.deepEqual(S.ringHeld(three.setup), ["D", "A", "B", "E"], "the table's card on the captain's left");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const out = String(cardsTemplate({ state: three, t: S.derive(three), missions: [preset({ number: 61, constraints: "ring" })] }));
  assert.match(out, /On the table \(captain&#39;s left\): <strong>card A<\/strong>/);
  assert.match(out, /data-testid="ring-table-0-A"[^>]*aria-pressed="true"/);
});

test("55, 60: the challenge cards entered at setup, a challenge done naming its card, the last turns and validations sent", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const said = [];
  const app = { state: table(55, { special: ["challenges"] }), missions: [], commit(next) { this.state = next; }, view: { flash: (m) => said.push(m) } };
  for (const c of ["2", "8", "5", "4", "9"]) setupActs(app)["challenge-card"](c);
  assert.deepEqual(app.state.setup.challenges, [2, 4, 5, 8], "4 players, 4 cards: the fifth refused");
  assert.match(said[0], /4 challenge cards lie on the table \(one per player\): untap one first/);
  for (const v of ["3", "11", "7"]) setupActs(app)["challenge-number"](v);
  assert.deepEqual(app.state.setup.challenge_numbers, [7, 11], "two numbers: the last two tapped");
  assert.equal(said.at(-1), "Card 8 has two number cards: 3 left for 7.");
  let s = app.state;
  const t0 = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t0, { k: "challenge" }), { ask: "challenge_card" });
  const { challengeCardAsk } = await import("../../web/table/flow-templates.js");
  assert.deepEqual([...String(challengeCardAsk({ setup: s.setup, t: t0 })).matchAll(/challenge-card-(\d+)/g)].map((m) => m[1]), ["2", "4", "5", "8"]);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "8", ok: true, cut: "8", as: { s: 0, j: 7 } });
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "4", ok: false, real: "3" });
  s = S.addEntry(s, { k: "solo", a: 2, v: "4", cuts: ["4", "4", "4", "4"], slots: [1, 2, 3, 4].map((j) => ({ s: 0, j })) });
  s = S.addEntry(s, S.buildEntry(s, S.derive(s), { k: "challenge", c: 5 }));
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  // one solo cut only before it: the log says the card is not done (said, not refused)
  assert.equal(t.entries[3].text, "Challenge 5 done (2 solo cuts in a row): the detonator back a space — check: card 5 needs 2 solo cuts in a row, and no 2 turns in a row of the log did that");
  assert.deepEqual(missionPlayDoc(s, t).mission_play, { kind: "challenges", active: [2, 4, 8], targets: [7, 11], cap: 3,
    events: [["cut", 8], ["other", null], ["solo", 4]], validations: [4] });
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = String(statusTemplate({ state: s, t, missions: [] }));
  assert.deepEqual([...status.matchAll(/data-testid="challenge-(\d+)">[^<]*/g)].map((m) => m[0].split(">")[1]),
    ["2: 4 turns in a row each cut an even value", "4: the first 3 values validated add up to 18", "8: 7 and 11 validated first"], "the cards left, 8's numbers said");
  assert.match(S.derive(S.addEntry(s, { k: "challenge", c: 5 })).entries[4].error, /challenge card 5 was done already/);
  assert.match(S.derive(S.addEntry(s, { k: "challenge", c: 9 })).entries[4].error, /challenge card 9 is not on the table/);
  assert.match(S.derive(S.addEntry(s, { k: "redcall", a: 0, p: 1, s: 0, js: [3], ok: false })).entries[4].error, /challenge card 1 .* is not on the table/);
});
