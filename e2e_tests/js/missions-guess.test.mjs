// Mission 29's number cards in hands (web/table/guess-cards.js): the page follows each player's cards from the cards
// shown after the turns, and on my turn tells the engine the chance the card put down for it is each value.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { cardRisk, dealtCounts, myNumberCards } from "../../web/table/guess-cards.js";
import { shareState } from "../../web/table/share.js";
import { preset, withPlayers } from "./tables.mjs";

/** Four players, Cat captain, me Ann; Cat and Dan played, each took a card shown from their right: my turn. */
function myTurn(mine = []) {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 29, number_cards: "guess" }));
  s.setup.guess_mine = mine;
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 6, v: "7", ok: true, cut: "7", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "shown", a: 2, v: "7" }); // from Bob, on Cat's right
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 4, v: "5", ok: false, real: "6" });
  s = S.addEntry(s, { k: "shown", a: 3, v: "5" }); // from Cat
  return s;
}

test("29: the page follows how many number cards each player holds", () => {
  const s = myTurn();
  assert.deepEqual(dealtCounts(s.setup), [2, 3, 2, 2], "3 to the captain's right (Bob)");
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok));
  assert.deepEqual(t.guessCount, [2, 2, 2, 3]); // Bob gave the 7 to Cat, Cat the 5 to Dan
});

test("29: on my turn, the chance the card put down is each value — Dan's card seen taken, the rest alike, never mine", () => {
  const s = myTurn([1, 12]);
  const t = S.derive(s);
  assert.equal(t.turn, 0);
  const risk = Object.fromEntries(cardRisk(s.setup, t).map((x) => [x.value, x.p]));
  // Dan holds 3 cards: the 5 the table saw him take, and 2 unseen among the 8 values no one was seen with, not mine
  assert.equal(risk[5], Math.round(1e9 / 3) / 1e9);
  for (const v of [2, 3, 4, 6, 8, 9, 10, 11]) assert.equal(risk[v], Math.round(1e9 / 12) / 1e9, `value ${v}`);
  for (const v of [1, 12, 7]) assert.equal(risk[v], undefined, `value ${v} cannot be on the card`);
  assert.ok(Math.abs(Object.values(risk).reduce((a, b) => a + b, 0) - 1) < 1e-6);
  assert.deepEqual(S.missionRules(s, t).card_risk, cardRisk(s.setup, t), "the engine hears it with my best cuts");
  assert.match(S.missionRules(s, t).card_risk[0].why, /the number card put down for this turn may be a 2 \(mission 29/);
  // without my cards, mine are among the values it may be
  assert.equal(Object.fromEntries(cardRisk(myTurn().setup, t).map((x) => [x.value, x.p]))[1], Math.round(1e9 * 2 / 30) / 1e9);
});

test("29: not my turn, no risk; a card I put down leaves my cards; a shared link keeps my cards private", () => {
  let s = myTurn([1, 12]);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "shown", a: 0, v: "9" }); // from Dan, who now holds 2
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "shown", a: 1, v: "12" }); // from me: Ann is on Bob's right
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.deepEqual(cardRisk(s.setup, t), [], "Cat's turn");
  assert.equal(S.missionRules(s, t).card_risk, undefined);
  assert.deepEqual(myNumberCards(s.setup, t), [1, 9], "the 12 went to Bob, the 9 came to me");
  assert.deepEqual(shareState(s).setup.guess_mine, []);
  assert.deepEqual(shareState(s, true).setup.guess_mine, [1, 12]);
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(s))).setup.guess_mine, [1, 12], "kept by a reload");
});

test("29: my number cards are tapped in beside the cards seen taken", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const s = myTurn([1, 12]);
  const page = String(cardsTemplate({ state: s, t: S.derive(s), missions: [] }, true)); // above the stands
  assert.match(page, /My number cards: 1, 12/);
  assert.match(page, /data-act="guess-mine" data-arg="12" data-testid="guess-mine-12"\s+aria-pressed="true"/);
  assert.match(page, /data-testid="guess-mine-5"\s+aria-pressed="false"/);
  assert.match(page, /Number cards seen taken: Cat 7; Dan 5/);
});

test("29: the card shown came from the right — from me, only my cards; a turn without its card shown is said", async () => {
  const { shownChoices } = await import("../../web/table/guess-cards.js");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = myTurn([1, 12]);
  let t = S.derive(s);
  assert.deepEqual(shownChoices(s.setup, t, 1), ["1", "12"], "after Bob's turn the card is mine");
  const fromDan = shownChoices(s.setup, t, 0);
  assert.ok(!fromDan.includes("1") && !fromDan.includes("7") && fromDan.includes("5"), fromDan.join()); // Cat took the 7
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  t = S.derive(s);
  let box = String(cardsTemplate({ state: s, t, missions: [] }, true)).replace(/\s+/g, " ");
  assert.match(box, /data-testid="guess-due">After Ann's turn, a number card is shown:/);
  s = S.addEntry(s, { k: "shown", a: 0, v: "9" });
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "shown", a: 1, v: "12" }); // mine went to Bob: one left and the 9 taken
  t = S.derive(s);
  box = String(cardsTemplate({ state: s, t, missions: [] }, true)).replace(/\s+/g, " ");
  assert.doesNotMatch(box, /guess-due/);
  assert.match(box, /My number cards: 1, 9</, "the 12 left, the 9 followed");
  assert.match(box, /data-testid="guess-mine-12"\s+aria-pressed="false" disabled/, "gone to Bob: not mine to tap");
  assert.match(box, /data-testid="guess-mine-9"\s+aria-pressed="true" disabled/, "taken after my turn: followed");
  // editing the shown card offers every card again, the one it says included (it greyed its own value)
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const keys = String(askTemplate({ state: s, t, missions: [], ui: { sheet: { mode: "action", edit: 3 } } }, { k: "shown", a: 1, v: "12" }, { ask: "value", blueOnly: true }).text ?? "");
  assert.doesNotMatch(keys, /data-testid="key-12"[^>]*disabled/);
});

test("29: a card whose 4 wires are cut leaves the hand that held it once the turn's card is shown — seen taken, or mine", async () => {
  let s = myTurn([3, 9]); // my cards 3 and 9; Cat took the 7, Dan the 5
  const set = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  for (const [p, j] of [[1, 0], [1, 1], [2, 0], [3, 0]]) s = S.addEntry(s, set(p, j, "5")); // four 5s cut: Dan's card goes
  let t = S.derive(s);
  assert.deepEqual([t.guessCount, t.guessKnown[3]], [[2, 2, 2, 2], []], "Dan holds 2: the 5 left face up");
  // my turn: I cut the fourth 9 (three on the table), then the card put down for it is shown — the 9 is gone from me
  for (const [p, j] of [[1, 2], [2, 1], [3, 1]]) s = S.addEntry(s, set(p, j + 2, "9"));
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 9, v: "9", ok: true, cut: "9", as: { s: 0, j: 8 } });
  t = S.derive(s);
  assert.equal(t.guessCount[0], 2, "not before the card of the turn is shown: it may be the one");
  s = S.addEntry(s, { k: "shown", a: 0, v: "11" }); // from Dan: I take it
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual(myNumberCards(s.setup, t), [3, 11]);
  assert.deepEqual(t.guessCount, [2, 2, 2, 2], "mine: 3 − the 9 + the 11; Dan down to one draws");
  assert.match(t.entries.at(-1).text, / — all four 9s cut: number card 9 discarded from your hand — Dan draws a number card \(down to one\)$/,
    "the log line says where the cards went");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  assert.doesNotMatch(String(cardsTemplate({ state: s, t, missions: [] }, true)), /more you hold/, "nothing more to tap");
});

test("29: the putter whose last card in hand is cut out during the turn holds none and draws none (discards, then draws)", () => {
  let s = myTurn([1, 12]);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "shown", a: 0, v: "9" }); // from Dan
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "shown", a: 1, v: "12" }); // from me
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 1, v: "6", ok: false, real: "4" });
  s = S.addEntry(s, { k: "shown", a: 2, v: "8" }); // from Bob: Cat holds the 7 and one unseen
  const set = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  for (const [p, j] of [[0, 7], [1, 8], [2, 8], [3, 8]]) s = S.addEntry(s, set(p, j, "8")); // Cat's 8 goes: the 7 and one unseen left
  s = S.addEntry(s, set(1, 6, "7"));
  let t = S.derive(s);
  assert.deepEqual([t.guessCount[2], t.guessKnown[2]], [2, [7]]);
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 7, v: "7", ok: true, cut: "7", as: { s: 0, j: 7 } }); // the fourth 7
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.equal(t.guessCount[2], 2, "Cat's card put down for Dan's turn is not shown yet");
  s = S.addEntry(s, { k: "shown", a: 3, v: "10" }); // Cat's other card: her 7 went face up this turn
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.equal(t.guessCount[2], 0, "the 10 put down, the 7 discarded: Cat holds none, and draws none");
  assert.doesNotMatch(t.entries.at(-1).text, /Cat draws/);
  assert.match(t.entries.at(-1).text, /number card 7 discarded from Cat's hand/);
});

test("29: a card whose 4 wires are cut held unseen — the table says who discarded it, one tap (or no one: the deck)", async () => {
  let s = myTurn([3, 9]);
  const set = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  for (const [p, j] of [[1, 0], [1, 1], [2, 0], [3, 0]]) s = S.addEntry(s, set(p, j, "4")); // the 4: nobody seen with it
  let t = S.derive(s);
  assert.deepEqual([t.guessUnplaced, t.guessCount], [[4], [2, 2, 2, 3]]);
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const out = String(cardsTemplate({ state: s, t, missions: [] }, true));
  assert.match(out, /data-testid="discard-due-4">All four 4s are cut: who\s+discarded the number card 4\?/);
  assert.match(out, /data-testid="discard-4-deck"/);
  const { logTemplate } = await import("../../web/table/table-templates.js");
  assert.doesNotMatch(String(logTemplate({ state: s, t }).text), /action-discard/, "no sheet for it: the reminder's tap says which card");
  const { logActs } = await import("../../web/table/acts-log.js");
  const said = [];
  const app = { state: s, ui: {}, derived() { return S.derive(this.state); }, commit(next) { this.state = next; }, render() {},
    view: { flash: (m) => said.push(m) } };
  logActs(app)["guess-discard"]("3:4"); // Dan held it
  t = S.derive(app.state);
  assert.deepEqual([t.guessUnplaced, t.guessCount], [[], [2, 2, 2, 2]]);
  assert.equal(said[0], "Recorded: Number card 4 (all four cut) discarded by Dan (Undo takes it back)");
  logActs(app)["guess-discard"]("-1:4");
  assert.match(said[1], /Not recorded: the number card 4 is not one whose holder the page waits for/);
  const deck = S.derive(S.addEntry(s, { k: "discard", v: 4 }));
  assert.deepEqual([deck.entries.at(-1).text, deck.guessCount], ["Number card 4 (all four cut) discarded from the deck: no one held it", [2, 2, 2, 3]]);
});

test("29: the card shown came from my hand when I sit on the active player's right — said so, not by my name", async () => {
  const { shownHint } = await import("../../web/table/flow-templates.js");
  const s = myTurn();
  const me = s.setup.me;
  const next = (me + 1) % s.setup.players.length; // whose right I sit on
  const text = (a) => String(shownHint(s.setup, a)).replaceAll("&#39;", "'");
  assert.match(text(next), new RegExp(`your hand \\(you sit on ${s.setup.players[next]}'s right\\): greyed, the cards that cannot be yours`));
  const other = (me + 2) % s.setup.players.length;
  assert.match(text(other), new RegExp(`${s.setup.players[me + 1]}'s hand \\(on ${s.setup.players[other]}'s right\\): greyed, the cards that cannot be theirs`));
});

test("29: the risk of the card put down for my turn names each value it may be, and goes once the game is over", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const s = myTurn();
  const t = S.derive(s);
  const out = (tt) => String(cardsTemplate({ state: s, t: tt, missions: [] }, true));
  assert.match(out({ ...t, guessKnown: { ...t.guessKnown, 3: [11, 5] } }),
    /Dan puts a card down for your turn and holds 5 and 11: a cut of either value moves the detonator if that is the card put down/);
  assert.match(out(t), /holds 5: a cut of a 5 moves the detonator/);
  assert.doesNotMatch(out({ ...t, exploded: true }), /guess-risk/, "the bomb exploded: no turn to weigh");
});

test("29's setup says where my number cards are entered (at the table), since it does not ask for them", async () => {
  const { setupTemplate } = await import("../../web/table/setup-templates.js");
  const s = myTurn();
  s.phase = "setup";
  assert.match(String(setupTemplate(s, null)), /data-testid="mission-summary"[^]*your number cards: tapped at the table \(My number cards\)/);
  const plain = S.defaultState();
  plain.setup = S.applyMission(withPlayers(4, 2), preset({ number: 4 }));
  assert.doesNotMatch(String(setupTemplate(plain, null)), /your number cards/);
});

test("29: a turn begun before the last turn's card is shown opens that card's sheet instead, saying why (a cut tapped in would be refused at Record and lost)", async () => {
  let s = myTurn();
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } }); // my turn, no card shown yet
  const { logActs } = await import("../../web/table/acts-log.js");
  const { slotActs } = await import("../../web/table/acts-slot.js");
  const app = { state: s, ui: {}, results: {}, derived() { return S.derive(this.state); }, render() {}, view: {} };
  assert.deepEqual(S.turnEndDue(s.setup, app.derived())?.k, "shown");
  logActs(app).action("dual");
  assert.deepEqual(app.ui.draft, { k: "shown", a: 0 }, "the card shown after my turn");
  assert.match(app.ui.sheetError, /^First the number card shown after Ann's turn .*; then the turn\.$/);
  app.ui = {};
  slotActs(app).slot("2-0-5"); // a tap on Cat's wire, to cut it
  assert.deepEqual([app.ui.sheet, app.ui.draft], [{ mode: "action" }, { k: "shown", a: 0 }]);
  app.ui = {};
  logActs(app).action("radar"); // not a turn: opens as it is
  assert.equal(app.ui.draft.k, "radar");
  app.state = S.addEntry(s, { k: "shown", a: 0, v: "12" });
  app.ui = {};
  assert.equal(S.turnEndDue(app.state.setup, app.derived()), null);
  logActs(app).action("dual");
  assert.equal(app.ui.draft.k, "dual", "the card shown: the turn opens");
});

test("29: a turn the Coffee Mug skips still has its number card shown, taken by the one who played the mug (the FAQ)", () => {
  let s = myTurn();
  s.setup.table_cards = ["11"];
  s.setup.equipment = ["11"];
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } }); // my turn
  s = S.addEntry(s, { k: "shown", a: 0, v: "12" });
  const before = S.derive(s).mistakesMade;
  s = S.addEntry(s, { k: "coffee", a: 1, next: 3 }); // Bob skips his turn: Dan plays next
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.deepEqual([S.turnEndDue(s.setup, t)?.k, S.turnEndDue(s.setup, t)?.a], ["shown", 1], "the card put down for Bob's turn");
  s = S.addEntry(s, { k: "shown", a: 1, v: "9" });
  t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.equal(t.mistakesMade, before, "no cut: the card moves nothing");
  assert.equal(S.turnEndDue(s.setup, t), null);
  assert.equal(t.turn, 3);
});

test("29: with one value left to cut, its last number card is discarded: no card shown after a turn, none asked, no risk", async () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 29, number_cards: "guess" }));
  s.phase = "table";
  const mine = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  for (const l of mine) s = S.handAdd(s, 0, l);
  // the other 36 wires, sorted round the three teammates' stands; every wire but the 12s cut (set by hand)
  const rest = [];
  for (let v = 1; v <= 12; v++) for (let k = mine.filter((x) => x === String(v)).length; k < 4; k++) rest.push(String(v));
  const stands = [[], [], []];
  rest.forEach((l, i) => stands[i % 3].push(l));
  mine.forEach((l, j) => { if (l !== "12") s = S.addEntry(s, { k: "set", p: 0, s: 0, j, slot: { c: "cut", v: l } }); });
  stands.forEach((st, k) => st.forEach((l, j) => { if (l !== "12") s = S.addEntry(s, { k: "set", p: k + 1, s: 0, j, slot: { c: "cut", v: l } }); }));
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  // Cat (the captain) cuts my 12 with hers: no card was put down for her turn, none is owed after it
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } });
  t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.equal(S.turnEndDue(s.setup, t), null, "no number card shown owed (the page asked one for ever)");
  assert.match(S.derive(S.addEntry(s, { k: "shown", a: 2, v: "12" })).entries.at(-1).error, /only one value was left to cut before this turn: the last number card was discarded/);
  const next = S.derive(S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } }));
  assert.ok(next.entries.at(-1).ok && !/check:/.test(next.entries.at(-1).text), next.entries.at(-1).text);
  assert.equal(next.mistakesMade, 0);
  assert.deepEqual(cardRisk({ ...s.setup, me: 0 }, { ...t, turn: 0 }), [], "no card put down for my turn: no risk");
  // the number cards' panel says so, and asks nothing more (the walkthrough: a card shown still asked, discards asked)
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const panel = String(cardsTemplate({ state: s, t, missions: [] }, true));
  assert.match(panel, /data-testid="guess-over">One value left to cut: the\s+number cards are all discarded/);
  assert.doesNotMatch(panel, /guess-due|discard-due|guess-mine/);
});
