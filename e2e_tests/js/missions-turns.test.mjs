// Missions whose turn is more than one cut: 18 (a number card flipped, the General Radar asked on it, the one named
// cuts it; the turn passes from the player who flipped it).
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, started, withPlayers } from "./tables.mjs";

const eighteen = () => {
  const s = started(); // 4 players, me = Ann (0), the captain
  s.setup = S.applyMission(s.setup, preset({ number: 18, tokens: "none", equipment: ["8"] }));
  return s;
};

test("18: the radar's keypad greys a value whose four wires are cut — its card is discarded (18's walkthrough: taken, a dead end)", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = eighteen();
  for (const [p, j] of [[1, 8], [2, 8], [3, 8], [3, 9]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "9" } });
  const t = S.derive(s);
  const html = String(askTemplate({ state: s, t, missions: [], ui: { sheet: { mode: "action" } } }, { k: "radar", a: 0 }, { ask: "radar_value" }).text ?? "");
  assert.match(html, /data-testid="key-9"[^>]*disabled/);
  assert.doesNotMatch(html, /data-testid="key-8"[^>]*disabled/);
  assert.match(html, /data-testid="radar-done">Greyed: all four cut, their cards discarded \(9\)/);
});

test("18: the radar is usable from the start and never spent; the card flipped binds the cut; the turn passes from its flipper", () => {
  let s = eighteen();
  // the radar asks about each turn's card by the rule: my best cuts never offer it as a card to play (the walkthrough:
  // "first, play the General Radar: ask who has a 1")
  assert.ok(!S.movesDoc(s, S.derive(s)).free_cards.includes("8"));
  // Ann flips a 7: the radar asks, Bob and Cat say yes; I hold a 7 myself
  const ans = [{ p: 0, s: 0, has: true }, { p: 1, s: 0, has: true }, { p: 2, s: 0, has: true }, { p: 3, s: 0, has: false }];
  s = S.addEntry(s, { k: "radar", v: 7, ans, done: true });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.doesNotMatch(t.entries[0].text, /check/, "no 'not usable yet' in 18");
  assert.equal(t.cards.find((c) => c.id === "8").state, "usable");
  assert.deepEqual(S.missionRules(s, t).only_values?.values, [7], "my cut this turn is a 7");
  // Ann names Bob, who cuts Cat's F as a 7 with his own: the turn passes to Bob (Ann's left), not to Cat (Bob's)
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 5, v: "7", ok: true, cut: "7", as: { s: 0, j: 5 } });
  t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.equal(t.turn, 1);
  assert.equal(t.cards.find((c) => c.id === "8").state, "usable", "the radar is not spent");
  assert.equal(S.missionRules(s, t).only_values, undefined, "the card is used up with the turn");
  // Bob flips a 2, asks, names himself; a cut of a 9 instead is said beside its entry
  s = S.addEntry(s, { k: "radar", v: 2, ans: [{ p: 1, s: 0, has: true }], done: true });
  s = S.addEntry(s, { k: "dual", a: 1, p: 3, s: 0, j: 8, v: "9", ok: false, real: "10" });
  t = S.derive(s);
  assert.equal(t.entries[2].ok, true, t.entries[2].error);
  assert.match(t.entries[3].text, /check: the number card flipped this turn is 2/);
  assert.equal(t.turn, 2, "Cat plays next");
});

test("18: the setup shows its only card face up, and says no token starts on the stands", async () => {
  const { setupTemplate } = await import("../../web/table/setup-templates.js");
  const s = eighteen();
  s.phase = "setup";
  const missions = [{ ...preset({ number: 18, tokens: "none", equipment: ["8"] }), number: 18 }];
  const out = String(setupTemplate(s, missions));
  assert.match(out, /Face up: 8 General Radar — usable from the start and every turn/);
  assert.doesNotMatch(out, /setup-draw-cards/);
  assert.match(out, /tokens: none at the start \(a failure&#39;s shows the value\)/);
  // at the table: the radar alone lies face up — no "this table does not say which lie face up" (the walkthrough)
  const { equipmentTemplate } = await import("../../web/table/cards-templates.js");
  s.phase = "table";
  assert.doesNotMatch(String(equipmentTemplate(s, S.derive(s))), /cards-unset/);
});

const thirtyFour = () => {
  const s = started(); // 4 players, me = Ann (0)
  s.setup = S.applyMission(s.setup, preset({ number: 34, constraints: "weakest_link", equipment: [] }));
  s.setup.cards = ["B"]; // my card: odd values only — binding me only if I hold the Captain card
  return s;
};

test("34: no Double Detector while the characters are hidden; my card binds me only as the weakest link", () => {
  const s = thirtyFour();
  const t = S.derive(s);
  assert.equal(t.weak, "hidden");
  assert.deepEqual(S.ddUsers(s.setup, t), []);
  assert.ok(!S.movesDoc(s, t).available.includes("double_detector"));
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [2] };
  assert.ok(S.nameableValues(s, t, d, said).includes("2"), "not the weakest link: my card does not bind me");
  assert.deepEqual(S.movesDoc(s, t).constraints, []);
  s.setup.weak_me = true;
  assert.deepEqual(S.nameableValues(s, t, d, said), ["1", "3", "5", "7", "9", "11"]);
  assert.deepEqual(S.movesDoc(s, t).constraints, ["B"]);
});

test("34: a wrong guess moves the detonator, a right one frees the detectors and ends the cards; the weakest link's failure costs two", () => {
  let s = thirtyFour();
  s = S.addEntry(s, { k: "weak", a: 1, w: 2, c: "A", ok: false });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.turn, 0, "a guess is no turn");
  assert.match(t.entries[0].text, /Bob names Cid and card A as the weakest link: ✗ wrong/);
  const freed = S.addEntry(s, { k: "weak", a: 2, w: 1, c: "C", ok: true });
  t = S.derive(freed);
  assert.equal(t.weak, "freed");
  assert.deepEqual(S.ddUsers(freed.setup, t), [0, 1, 2, 3]);
  const again = S.derive(S.addEntry(freed, { k: "weakstuck", a: 1 }));
  assert.match(again.entries[2].error, /found already/);
  // no one guessed: Dee, the weakest link, cannot play by her card
  const stuck = S.addEntry(s, { k: "weakstuck", a: 3 });
  t = S.derive(stuck);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.equal(t.mistakesMade, 3);
  assert.equal(t.weak, "dropped");
  assert.deepEqual(S.ddUsers(stuck.setup, t), [], "the character cards are discarded");
  // I do not hold the Captain card: I am not the one who cannot play, nor do I guess myself
  assert.match(S.derive(S.addEntry(s, { k: "weakstuck", a: 0 })).entries[1].error, /do not hold the Captain card/);
  assert.match(S.derive(S.addEntry(s, { k: "weak", a: 0, w: 0, c: "A", ok: false })).entries[1].error, /names themselves/);
  // I hold it, my card B: with an odd wire left I can play (34's walkthrough: one tap ended the game, a sure cut listed)
  const mine = { ...s, setup: { ...s.setup, weak_me: true } };
  assert.match(S.derive(S.addEntry(mine, { k: "weakstuck", a: 0 })).entries[1].error, /you hold a \d+, which your card B allows: you can play/);
});

test("a Label goes on two neighbouring wires, at most one of them cut (the card; 34's walkthrough put one on two cut wires)", () => {
  let s = thirtyFour();
  for (const j of [3, 4]) s = S.addEntry(s, { k: "set", p: 3, s: 0, j, slot: { c: "cut", v: String(j) } });
  assert.match(S.derive(S.addEntry(s, { k: "label", eq: false, p: 3, s: 0, js: [3, 4] })).entries.at(-1).error, /at most one of them cut/);
  assert.ok(S.derive(S.addEntry(s, { k: "label", eq: false, p: 3, s: 0, js: [4, 5] })).entries.at(-1).ok);
});

test("34: a guess whose answer the table tells is filled in, and the other answer refused by name", async () => {
  const { settleDraft } = await import("../../web/table/draft-options.js");
  let s = thirtyFour(); // my card B; I do not hold the Captain card
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 8, v: "9", ok: false, real: "10" }); // Bob names a 9 while hidden
  const t = S.derive(s);
  const A = { state: s, t, laws: null, editing: false };
  const ok = (d) => settleDraft(A, { k: "weak", a: 2, ...d }).ok;
  assert.equal(ok({ w: 1, c: "A" }), false, "card A (even values) forbids the 9 Bob named");
  const said = S.derive(S.addEntry(s, { k: "weak", a: 2, w: 1, c: "A", ok: false })).entries.at(-1).text;
  assert.match(said, /✗ wrong: the detonator moves \(Bob named a 9 while the cards were hidden, which card A forbids\)/, "34's walkthrough: why, said");
  assert.doesNotMatch(S.derive(S.addEntry(s, { k: "weak", a: 2, w: 3, c: "B", ok: false })).entries.at(-1).text, /\(/, "my card is mine to keep: not said");
  assert.equal(ok({ w: 3, c: "B" }), false, "card B is mine");
  assert.equal(ok({ w: 0, c: "A" }), false, "I do not hold the Captain card");
  assert.equal(ok({ w: 1, c: "E" }), undefined, "card E allows a 9: asked");
  const refused = S.derive(S.addEntry(s, { k: "weak", a: 2, w: 1, c: "A", ok: true }));
  assert.match(refused.entries.at(-1).error, /the guess was wrong: Bob named a 9 while the cards were hidden, which card A forbids/);
  s.setup.weak_me = true; // now I am the weakest link, with card B
  const B = { state: s, t: S.derive(s), laws: null, editing: false };
  assert.equal(settleDraft(B, { k: "weak", a: 2, w: 0, c: "B" }).ok, true);
  assert.equal(settleDraft(B, { k: "weak", a: 2, w: 0, c: "D" }).ok, false);
  assert.equal(settleDraft(B, { k: "weak", a: 2, w: 3, c: "D" }).ok, false);
});

test("16: the number cards show their place in the line, a card done is crossed out, and the line holds three", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 16, number_cards: "sequence" }));
  s.setup.numbers = [7, 3, 10];
  assert.equal(S.numberCardsAtMost(s.setup), 3);
  const out = (st) => String(cardsTemplate({ state: st, t: S.derive(st), missions: [] }));
  assert.match(out(s), /data-testid="number-3"[^>]*>3<sup class="place">2<\/sup>/);
  assert.match(out(s), /<details data-testid="numbers-change"><summary>Change the number cards/, "all three laid: folded away from stray taps");
  // my 3s and 10 wait for the 7s: the keypad leaves them out and says why
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  assert.deepEqual(S.unnamedWhy(s, S.derive(s), { k: "dual", a: 0, p: 1, s: 0, js: [2] }, said),
    [{ v: "3", why: "the sequence card: 7, then 3, then 10" }, { v: "10", why: "the sequence card: 7, then 3, then 10" }]);
  // a teammate: the values the sequence leaves out, said too (the walkthrough: they were missing, unexplained)
  assert.deepEqual(S.unnamedWhy(s, S.derive(s), { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said),
    [{ v: "3", why: "the sequence card: 7, then 3, then 10" }, { v: "10", why: "the sequence card: 7, then 3, then 10" }]);
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const keys = String(askTemplate({ state: s, t: S.derive(s), missions: [], ui: { sheet: { mode: "action" } } }, { k: "dual", a: 1, p: 2, s: 0, js: [2] }, { ask: "value" }).text ?? "");
  assert.match(keys, /data-testid="not-offered">Not offered: 3, 10 \(the sequence card: 7, then 3, then 10\)\./);
  // all four 7s cut (mine with Bob's, Cid's with Dee's): the 7 is done, the 3 next
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 6, v: "7", ok: true, cut: "7", as: { s: 0, j: 6 } });
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 6, v: "7", ok: true, cut: "7", as: { s: 0, j: 7 } });
  assert.match(out(s), /class="chip on done" data-act="number" data-arg="7"/);
  assert.match(out(s), /in the order to cut, from the card beside the Sequence card \(3 cards\); crossed out: done/);
});

test("65: every player's number cards bind their cuts, a skip tells they hold none of them, a card given moves", async () => {
  let s = started(); // 4 players, me = Ann (0)
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]];
  let t = S.derive(s);
  assert.deepEqual(S.missionRules(s, t).only_values.values, [3, 7, 12]);
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said), ["1", "5", "9"]);
  // Bob skips: none of 1, 5, 9 on his stand; then he gives his 5 to Cid
  s = S.addEntry(s, { k: "skip", a: 1 });
  s = S.addEntry(s, { k: "give", a: 1, v: 5, to: 2 });
  t = S.derive(s);
  assert.ok(t.entries.every((x) => x.ok), JSON.stringify(t.entries));
  for (const v of [1, 5, 9]) assert.ok(S.engineDoc(s, t).facts.some((f) => f.kind === "has_not" && f.player === 1 && f.value === v));
  assert.deepEqual(t.numberHands[2], [2, 5, 6, 10]);
  assert.deepEqual(S.faceUpCards(s.setup, t, 1), [1, 9]);
  assert.match(t.entries[1].text, /Bob gives the number card 5 to Cid/);
  assert.match(S.derive(S.addEntry(s, { k: "give", a: 1, v: 5, to: 3 })).entries[2].error, /Bob holds no number card 5 to give/);
  // editing the give: the cards Bob held then (5 among them), not those he holds now
  const { giveCardAsk } = await import("../../web/table/flow-templates.js");
  const ctx = { state: s, t, ui: { sheet: { mode: "action", edit: 1 } } };
  const keys = [...String(giveCardAsk({ ctx, d: { k: "give", a: 1 }, t, setup: s.setup })).matchAll(/give-card-(\d+)/g)].map((m) => m[1]);
  assert.deepEqual(keys, ["1", "5", "9"]);
  const back = S.normalize(JSON.parse(JSON.stringify(s)));
  assert.deepEqual(back.setup.number_hands, s.setup.number_hands);
  assert.equal(back.log[1].k, "give", "kept by a saved or shared table");
});

test("58: a slot offers no info token to set (the mission has none); 18 does (its failures show one)", () => {
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 58, tokens: "none", failure_tokens: false }));
  assert.deepEqual(S.slotChoices(s.setup).info, []);
  const plain = started();
  plain.setup = S.applyMission(plain.setup, preset({ number: 18, tokens: "none" })); // no starting token, failures show one
  assert.ok(S.slotChoices(plain.setup).info.includes("7"));
});

test("15: the equipment lies face down; a card flipped is usable at once; the number card in view says when to flip", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 15, equipment: ["1", "3", "4", "8", "10", "12"] }));
  assert.equal(s.setup.number_cards, "unlock");
  assert.deepEqual(S.derive(s).cards, [], "none face up at first");
  s.setup.numbers = [3];
  // the four 3s cut (my two with Bob's and Dee's): flip a card and the next number card
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 1, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  let t = S.derive(s);
  assert.match(String(cardsTemplate({ state: s, t, missions: [] })), /data-testid="unlock-due">All four 3s are cut: flip an equipment card[^<]*a card turned up with its four already cut is only\s+replaced by the next, no equipment flipped/);
  s.setup.table_cards = ["10"]; // the X-or-Y Ray flipped: usable though no 10 is cut
  t = S.derive(s);
  assert.deepEqual(t.cards.map((c) => [c.id, c.state]), [["10", "usable"]]);
  s = S.addEntry(s, { k: "xray", a: 0, p: 2, s: 0, j: 4, vs: ["5", "7"], ok: false, real: "6" });
  assert.doesNotMatch(S.derive(s).entries.at(-1).text, /check: the X-or-Y Ray/);
});

test("39: once the special action is done, a token beside a stand (a value among the cards dealt that its player holds) is a has fact", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 39, number_cards: "noble" }));
  s.setup.numbers = [5];
  const early = S.derive(S.addEntry(s, { k: "beside", p: 1, v: "7" }));
  assert.match(early.entries[0].error, /39's tokens beside the stand come once the special action is done/);
  const cuts = [[0, 0, 4], [1, 0, 3], [2, 0, 4], [3, 0, 4]].map(([p, st, j]) => ({ p, s: st, j, l: "5" }));
  s = S.addEntry(s, { k: "special", a: 0, cuts, res: "ok" });
  s = S.addEntry(s, { k: "beside", p: 1, v: "7" });
  const t = S.derive(s);
  assert.ok(t.entries.every((x) => x.ok), JSON.stringify(t.entries));
  assert.ok(S.engineDoc(s, t).facts.some((f) => f.kind === "has" && f.player === 1 && f.value === 7));
  assert.match(String(cardsTemplate({ state: s, t, missions: [] })), /data-testid="noble-dealt"/);
  // the token's keypad: a number card's value, never yellow (the walkthrough: it offered Yellow)
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const y = { ...s, setup: { ...s.setup, yellow: { mode: "list", nums: [1, 3, 5, 7], keep: 1, known: [] } } }; // 39 deals 4 yellows
  const ask = (st) => String(askTemplate({ state: st, t: S.derive(st), missions: [], ui: { sheet: { mode: "action" } } }, { k: "beside", a: 2 }, { ask: "value", beside: true }).text ?? "");
  assert.match(ask({ ...y, setup: { ...y.setup, mission: 50 } }), /data-testid="key-Y"/, "50: a failure's yellow token lies beside the stand too");
  const keys = ask(y);
  assert.match(keys, /data-testid="key-7"/);
  assert.doesNotMatch(keys, /data-testid="key-Y"/);
});

test("12: an equipment card waits for two wires of its number and two of the number card lying on it", async () => {
  const { setupTemplate } = await import("../../web/table/setup-templates.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 12, equipment: ["3", "8"] }));
  s.setup.table_cards = ["3", "8"];
  s.setup.card_locks = { 3: 5 }; // a 5 on the Triple Detector
  s.phase = "setup";
  assert.match(String(setupTemplate(s, [{ ...preset({ number: 12, equipment: ["3", "8"] }), number: 12 }])), /data-testid="setup-lock-3"/);
  s.phase = "table";
  // two 3s cut (mine): the Triple Detector still waits for two 5s
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  let t = S.derive(s);
  assert.deepEqual(t.cards.find((c) => c.id === "3"), { id: "3", have: 2, need: 4, lock: 5, state: "waiting" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 3, v: "5", ok: true, cut: "5", as: { s: 0, j: 4 } });
  t = S.derive(s);
  assert.equal(t.cards.find((c) => c.id === "3").state, "usable");
  assert.equal(t.cards.find((c) => c.id === "8").need, 2, "no number card on it: two 8s");
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(s))).setup.card_locks, { 3: 5 });
});

test("31: each teammate's card binds the values they name; one turned face down says they hold none of its values", () => {
  let s = started(); // me = Ann, my hand 1 2 3 3 5 6 7 8 9 10 11 12
  s.setup = S.applyMission(s.setup, preset({ number: 31, constraints: "chosen" }));
  s.setup.cards = ["A"]; // mine: even only
  s.setup.player_cards = ["", "C", "B", ""]; // Bob 1-6, Cid odd only, Dee not entered
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  let t = S.derive(s);
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said), ["1", "2", "3", "5", "6"]);
  assert.equal(S.nameableValues(s, t, { k: "dual", a: 3, p: 2, s: 0, js: [2] }, said).length, said.length, "Dee's card not entered");
  // I hold even values: I cannot turn mine face down
  assert.match(S.derive(S.addEntry(s, { k: "cardflip", a: 0 })).entries[0].error, /Ann holds a 2: card A can be applied/);
  s = S.addEntry(s, { k: "cardflip", a: 2 });
  t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  for (const v of [1, 3, 5, 7, 9, 11]) assert.ok(S.engineDoc(s, t).facts.some((f) => f.kind === "has_not" && f.player === 2 && f.value === v));
  assert.ok(S.nameableValues(s, t, { k: "dual", a: 2, p: 1, s: 0, js: [2] }, said).includes("8"), "face down: it binds no more");
  assert.match(t.entries[0].text, /Cid turns their constraint card face down/);
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(s))).setup.player_cards, ["", "C", "B", ""]);
});

test("10: who played the last turn is not offered for this one, my best cuts say they wait, a slip is said beside the entry", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  let s = started(); // 4 players, me = Ann
  s.setup = S.applyMission(s.setup, preset({ number: 10, free_turns: true }));
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "6" });
  let t = S.derive(s);
  const ctx = { state: s, t, ui: { sheet: { mode: "action" } } };
  assert.deepEqual([...actorOff(ctx, { k: "dual" }).keys()], [0]);
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  assert.match(String(movesTemplate({ state: s, t, moves: { moves: [], forbidden: [] }, missions: [] }).text), /for a later turn \(I played the last one/);
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 3, v: "5", ok: false, real: "6" });
  t = S.derive(s);
  assert.match(t.entries[1].text, /check: Ann played the turn before too/);
});

test("44, 49: a player may skip to save oxygen (their FAQs) — never refused, and it tells nothing of their wires; in 63 who can pay must play", async () => {
  for (const [number, special] of [[49, "oxygen_gift"], [44, "oxygen_reserve"]]) {
    let s = started();
    s.setup = S.applyMission(s.setup, preset({ number, special: [special] }));
    s = S.addEntry(s, { k: "skip", a: 0 }); // I could pay for my 1: a skip all the same (44's walkthrough: refused)
    s = S.addEntry(s, { k: "skip", a: 1 });
    const t = S.derive(s);
    assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
    assert.ok(!S.engineDoc(s, t).facts.some((f) => f.kind === "has_not"), `${number}: a skip says nothing (it may have saved oxygen)`);
    const { refusal } = await import("../../web/table/draft-commit.js");
    const laws = new Map([["2-0-0", { probs: { 1: 1 } }]]);
    assert.equal(refusal(s, t, { sheet: { mode: "action" }, draft: { k: "skip", a: 2 } }, laws), null);
  }
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 63, special: ["oxygen_pass"] }));
  assert.match(S.derive(S.addEntry(s, { k: "skip", a: 0 })).entries[0].error, /who can pay must play/);
});

test("46: the value keypad says why my 7 is not offered (only the special action cuts the 7s)", async () => {
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 46, special: ["sevens_last"] }));
  s.setup.me = 0;
  for (const l of ["1", "2", "3", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.phase = "table";
  const t = S.derive(s);
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [2] };
  const html = String(ASKS.value({ ctx: { state: s, t, ui: { sheet: { mode: "slot" } }, missions: [] }, d, ask: { ask: "value" }, state: s, t, setup: s.setup,
    blue: S.labelsInPlay(s.setup).map((x) => x.label).filter((l) => /^\d+$/.test(l)), said: S.labelsInPlay(s.setup).map((x) => x.label) }));
  assert.match(html, /data-testid="not-offered">Not offered, though held: 7 \(mission 46: the 7s are cut last/);
  assert.doesNotMatch(html, /data-testid="key-7"/);
});

test("65: my gift, by the team's rule — the teammate's expected wires of the card's value less mine, said in the give flow", async () => {
  const { bestGift } = await import("../../web/table/give-advice.js");
  const { giveCardAsk, giveToAsk } = await import("../../web/table/flow-templates.js");
  const s = started(); // me = Ann, holding 1 2 3 3 5 6 7 8 9 10 11 12
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[3, 4, 12], [1, 5, 9], [2, 6, 10], [7, 8, 11]];
  const t = S.derive(s);
  const h = (player, value, expected) => ({ player, stand: 0, value, p_any: Math.min(1, expected), expected });
  // Cid likely holds 1.6 fours, Bob 1.2; my 3s: Dan 2.1 of them, but I hold two (2.1 - 2 < 1.6 - 0)
  const holdings = [h(1, 4, 1.2), h(2, 4, 1.6), h(3, 3, 2.1), h(1, 12, 0.9)];
  assert.deepEqual(bestGift(s, t, holdings), { v: 4, to: 2, expected: 1.6, held: 0 });
  assert.deepEqual(bestGift(s, t, holdings, 12), { v: 12, to: 1, expected: 0.9, held: 1 });
  assert.equal(bestGift(s, t, []), null, "no holdings yet: no word");
  const ctx = { state: s, t, holdings };
  const card = String(giveCardAsk({ ctx, d: { k: "give", a: 0 }, t, setup: s.setup }).text).replace(/\s+/g, " ");
  assert.match(card, /The team's rule: your 4 to Cid — likeliest to cut it \(1\.6 wires of it expected\)/);
  const to = String(giveToAsk({ ctx, d: { k: "give", a: 0, v: 12 }, t, setup: s.setup }).text).replace(/\s+/g, " ");
  assert.match(to, /Likeliest to cut a 12: Bob \(0\.9 wires of it expected\)/);
  assert.doesNotMatch(String(giveCardAsk({ ctx, d: { k: "give", a: 1 }, t, setup: s.setup }).text), /give-best/, "a teammate's gift: no advice");
});

test("65: after a turn, its card to give is asked for until the give is recorded", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]];
  const box = (st) => String(cardsTemplate({ state: st, t: S.derive(st), missions: [] }, true)).replace(/\s+/g, " "); // above the stands
  assert.doesNotMatch(box(s), /give-due/, "no turn played yet");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  assert.match(box(s), /data-testid="give-due">Ann gives one of their number cards at the end of the turn:/);
  // the next turn before the card is given is refused by name (the walkthrough: the give was lost, and so was the
  // reminder of the next one)
  const bob = { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: false, real: "2" };
  assert.match(S.derive(S.addEntry(s, bob)).entries.at(-1).error, /first the number card Ann gives at the end of their turn \(Give a number card…\)/);
  s = S.addEntry(s, { k: "give", a: 0, v: 7, to: 1 });
  assert.ok(S.derive(s).entries.every((e) => e.ok));
  assert.doesNotMatch(box(s), /give-due/);
  assert.ok(S.derive(S.addEntry(s, bob)).entries.at(-1).ok, "given: Bob's turn goes in");
  // an edit that leaves a give out is said beside the turn after it
  const later = S.addEntry(S.addEntry(s, bob), { k: "give", a: 1, v: 5, to: 2 });
  const t = S.derive({ ...later, log: later.log.filter((_e, i) => i !== 1) }); // Ann's give taken out
  assert.match(t.entries.find((e) => /check: no number card was given after Ann's turn/.test(e.text ?? ""))?.text ?? "", /Bob/);
});

test("65: a player whose cards are all face down gives none, cuts none, and a cut off one's cards is said (65's walkthrough: a give was asked of them, a dead end)", async () => {
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]];
  const cut = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  for (const [p, j, v] of [[1, 2, "3"], [2, 2, "3"], [0, 2, "3"], [0, 3, "3"], [1, 6, "7"], [2, 6, "7"], [3, 6, "7"], [0, 6, "7"], [1, 11, "12"], [2, 11, "12"]]) s = S.addEntry(s, cut(p, j, v));
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } }); // the last 12s
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.equal(S.turnEndDue(s.setup, t), null, "none face up: nothing to give, Bob's turn may go in");
  assert.ok(S.derive(S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: false, real: "2" })).entries.at(-1).ok);
  assert.deepEqual(S.missionRules(s, t).only_values, { values: [], why: "none of your number cards is face up" }, "no cut of mine is advised");
  // Bob cuts a 2, none of his cards (1 5 9): said beside the entry
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "2", ok: false, real: "1" });
  t = S.derive(s);
  assert.match(t.entries.at(-1).text, /— check: Bob's number cards face up were 1, 5, 9 then, not 2/);
});

test("65: values held but not offered are said once per reason", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = started(); // my wires 1 2 3 3 5 6 7 8 9 10 11 12
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]];
  const t = S.derive(s);
  const ctx = { state: s, t, missions: [], ui: { sheet: { mode: "action" } } };
  const html = String(askTemplate(ctx, { k: "dual", a: 0, p: 1, s: 0, js: [2] }, { ask: "value" }).text).replace(/\s+/g, " ");
  const said = html.match(/Not offered, though held: ([^<]*)</)?.[1] ?? "";
  assert.equal((said.match(/your number cards are/g) ?? []).length, 1, said);
  assert.match(said, /^1, 2, 5, 6, 8, 9, 10, 11 \(/);
});

test("65: a card tapped for a second player leaves the first, and the page says so", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.number_hands = [[2, 7], [], [], []];
  const said = [];
  const app = { state: s, missions: [], commit(next) { this.state = next; }, view: { flash: (m) => said.push(m) } };
  setupActs(app)["hand-card"]("1:2");
  assert.deepEqual(app.state.setup.number_hands.slice(0, 2), [[7], [2]]);
  assert.deepEqual(said, ["Card 2 moved from Ann to Bob: one card, one hand."]);
  setupActs(app)["hand-card"]("2:9");
  assert.equal(said.length, 1, "a card no one held: nothing to say");
});

test("18: a cut recorded with no card flipped (General Radar) for its turn is said beside its entry", () => {
  let s = eighteen();
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 5, v: "7", ok: false, real: "6" });
  assert.match(S.derive(s).entries[0].text, /check: no number card flipped \(General Radar\) is recorded for this turn/);
});

test("31: a teammate's keypad says which values their constraint card leaves out (it hid them without a word)", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 31, constraints: "chosen" }));
  s.setup.mission = 31;
  s.setup.player_cards = [null, "A", null, null]; // Bob: even values only
  const keys = String(askTemplate({ state: s, t: S.derive(s), missions: [], ui: { sheet: { mode: "action" } } }, { k: "dual", a: 1, p: 2, s: 0, js: [3] }, { ask: "value" }).text ?? "");
  assert.match(keys, /data-testid="not-offered">Not offered: 1, 3, 5, 7, 9, 11 \(their constraint card A\)/);
});

test("56, 64: before ✗, a cut that can only take my own turned-around wire says a failure explodes the bomb", async () => {
  const { resultAsk } = await import("../../web/table/flow-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(s.setup, preset({ number: 56, turned: "each" }));
  s.setup.mission = 56;
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11"]) s = S.handAdd(s, 0, l); // the 12th: my turned wire
  const t = S.derive(s);
  const html = (v) => String(resultAsk({ ctx: { state: s, t, ui: { sheet: { mode: "action" } } }, d: { k: "dual", a: 0, p: 1, s: 0, js: [3], v } }).text ?? "");
  assert.match(html("12"), /data-testid="result-fragile">The cut takes your turned-around wire: ✗ explodes the bomb/);
  assert.doesNotMatch(html("5"), /result-fragile/, "a value I see on my stand");
});

test("31: a constraint card lies once — given to a second teammate it moves (said); mine is not given", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 31, constraints: "chosen" }));
  s.setup.mission = 31;
  s.setup.cards = ["D"];
  const said = [];
  const app = { state: s, missions: [], commit(next) { this.state = next; }, derived() { return S.derive(this.state); }, view: { flash: (x) => said.push(x) } };
  setupActs(app)["player-card"]("1:A");
  setupActs(app)["player-card"]("2:A");
  assert.deepEqual(app.state.setup.player_cards, ["", "", "A", ""]);
  assert.match(said.at(-1), /Card A moved from Bob to Cid/);
  setupActs(app)["player-card"]("3:D");
  assert.equal(app.state.setup.player_cards[3], "", "D is mine");
  assert.match(said.at(-1), /Card D is mine/);
});

test("31: an entry edited to a value its actor's card forbids waits for Record, the card's warning said (31's walkthrough: saved at the tap, unwarned)", async () => {
  const { maybeCommit } = await import("../../web/table/draft-commit.js");
  const { warningLine } = await import("../../web/table/sheet-lines.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 31, constraints: "chosen" }));
  s.setup.mission = 31;
  s.setup.cards = ["D"];
  s.setup.player_cards = ["", "A", "", ""]; // Bob: even values only
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "4", ok: false, real: "3" });
  const draft = { ...S.draftFromEntry(s.log[0]), v: "5" };
  const app = { state: s, results: {}, ui: { sheet: { mode: "action", edit: 0 }, draft }, derived() { return S.derive(this.state); },
    closeSheet() { this.ui.sheet = null; }, commit(next) { this.state = next; }, render() {}, view: {} };
  maybeCommit(app);
  assert.equal(app.state.log[0].v, "4", "held: the sheet shows Record");
  const line = String(warningLine({ state: s, t: S.derive(s), ui: app.ui }, app.ui.draft));
  assert.match(line, /Against constraint card A: even wires only\. Record it only if the table did it\./);
  app.ui.draft.confirmed = true;
  maybeCommit(app);
  assert.equal(app.state.log[0].v, "5", "Record: as the table did it");
  // edited again (its token 3 → 1): the card spoke against it when it was Recorded — not asked again
  app.ui = { sheet: { mode: "action", edit: 0 }, draft: { ...S.draftFromEntry(app.state.log[0]), real: "1" } };
  maybeCommit(app);
  assert.equal(app.state.log[0].real, "1");
});

test("31: with none of my wires of a value my card allows, the empty advice points at turning it face down (31's walkthrough)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = started(); // my wires: 1 2 3 3 5 6 7 8 9 10 11 12
  s.setup = S.applyMission(s.setup, preset({ number: 31, constraints: "chosen" }));
  s.setup.mission = 31;
  s.setup.cards = ["D"]; // 7-12 only
  const page = (st) => String(movesTemplate({ state: st, t: S.derive(st), moves: { moves: [], forbidden: [], policy: "team" }, missions: [] }).text);
  assert.doesNotMatch(page(s), /moves-cardflip/, "my 7-12 still uncut");
  const vals = ["7", "8", "9", "10", "11", "12"];
  vals.forEach((v, k) => { s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 6 + k, slot: { c: "cut", v } }); });
  assert.match(page(s), /None of my wires is one my card D allows: I turn it face down, then play as usual[\s\S]*data-arg="cardflip" data-testid="moves-cardflip"/);
  s = S.addEntry(s, { k: "cardflip", a: 0 });
  assert.doesNotMatch(page(s), /moves-cardflip/, "turned face down: nothing more to say");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  assert.match(String(cardsTemplate({ state: s, t: S.derive(s), missions: [preset({ number: 31, constraints: "chosen" })] })),
    /My constraint card: D <span class="hint" data-testid="card-down-me">— face down: it binds me no more/, "the panel says so too");
});

test("18: a cut opened after the card is flipped asks who cuts — the flipper names anyone, themselves included", async () => {
  const { logActs } = await import("../../web/table/acts-log.js");
  const { slotActs } = await import("../../web/table/acts-slot.js");
  let s = eighteen();
  s = S.addEntry(s, { k: "radar", v: 7, ans: [{ p: 1, s: 0, has: true }, { p: 2, s: 0, has: true }], done: true });
  const app = { state: s, ui: {}, results: {}, derived() { return S.derive(this.state); }, render() {}, view: {} };
  logActs(app).action("dual");
  assert.equal(app.ui.draft.a, null, "not Ann's by default: she named who cuts");
  app.ui = {};
  slotActs(app).slot("2-0-5");
  assert.equal(app.ui.draft.a, null);
  app.ui = {};
  logActs(app).action("postit");
  assert.equal(app.ui.draft.a, 0, "a card played: the player whose turn it is");
});

test("65: the number cards dealt round as evenly as may be — a hand with more than its share, or 12 dealt unevenly, is a setup problem", () => {
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  const problems = (hands) => S.setupProblems({ ...s.setup, number_hands: hands }).filter((x) => /number cards/.test(x));
  assert.deepEqual(problems([[3, 7, 12], [1, 5, 9], [2, 6, 10], [4, 8, 11]]), []);
  assert.deepEqual(problems([[3, 7, 12, 1], [5, 9]]), ["Ann is dealt 3 number cards, not 4 (the 12 go round as evenly as may be, from the captain clockwise)."]);
  const five = { ...s.setup, players: ["Ann", "Bob", "Cid", "Dan", "Eve"], captain: 3 };
  const deal = [[1, 2], [3, 4], [5, 6], [7, 8, 9], [10, 11, 12]]; // Dan the captain, Eve on his left: 3 each
  assert.deepEqual(S.setupProblems({ ...five, number_hands: deal }).filter((x) => /number cards/.test(x)), []);
  assert.match(S.setupProblems({ ...five, number_hands: [[1, 2, 3], [4], [5, 6], [7, 8, 9], [10, 11, 12]] }).join(" "),
    /Ann is dealt 2 number cards, not 3.*Bob is dealt 2 number cards, not 1/);
});

test("a player with only red wires left reveals them and may not skip (44 and 65's walkthroughs: a one-tap skip was taken)", () => {
  const state = { setup: { me: 0 } };
  const t = (wires) => ({ hasHand: true, stands: [[wires]] });
  assert.equal(S.onlyRedLeft(state, t([{ c: "h", own: "R5" }, { c: "cut", v: "4" }]), 0), true);
  assert.equal(S.onlyRedLeft(state, t([{ c: "h", own: "R5" }, { c: "h", own: "6" }]), 0), false);
  assert.equal(S.onlyRedLeft(state, t([{ c: "cut", v: "4" }]), 0), false, "no wire left: nothing to reveal");
  const theirs = { hasHand: true, stands: [[[]], [[{ c: "h" }, { c: "h" }]]] };
  assert.equal(S.onlyRedLeft(state, theirs, 1), false, "a teammate's wires unknown: may skip");
  assert.equal(S.onlyRedLeft(state, theirs, 1, new Map([["1-0-0", { probs: { R5: 1 } }], ["1-0-1", { probs: { R8: 0.5, R9: 0.5 } }]])), true);
  // the replay refuses it where the table shows it: my own red, every other wire of mine cut
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 65, number_cards: "pick" }));
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  s.hand = [];
  for (const l of ["1", "2", "3", "3", "5", "R5", "6", "7", "8", "9", "10", "11", "12"].slice(0, S.standSizes(s.setup)[0][0])) s = S.handAdd(s, 0, l);
  const mine = S.derive(s).stands[0][0];
  for (const [j, sl] of mine.entries()) if (sl.own !== "R5") s = S.addEntry(s, { k: "set", p: 0, s: 0, j, slot: { c: "cut", v: sl.own, m: null, col: null } });
  assert.match(S.derive(S.addEntry(s, { k: "skip", a: 0 })).entries.at(-1).error, /Ann has only red wires left: they reveal them \(Reveal red\), no skip/);
});

test("51: an edited 'chosen one has none' keeps the card it was made under (51's walkthrough: it took the card in view now)", () => {
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 51, number_cards: "pick" }));
  s.setup.numbers = [6];
  s = S.addEntry(s, S.buildEntry(s, S.derive(s), { k: "skip", a: 1 }));
  assert.equal(s.log[0].v, 6);
  s.setup.numbers = [8]; // the card flipped since
  const edited = S.buildEntry(s, S.derive({ ...s, log: [] }), { ...S.draftFromEntry(s.log[0]), a: 2 });
  assert.deepEqual([edited.a, edited.v], [2, 6]);
  // 57: the constraint card a skip was made under, likewise
  const card = S.buildEntry(s, S.derive(s), { ...S.draftFromEntry({ k: "skip", a: 1, cards: ["A"] }), a: 3 });
  assert.deepEqual(card.cards, ["A"]);
});

test("51: a card whose four wires are cut is not flipped (its card was discarded): said, the table unchanged", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  let s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 51, number_cards: "pick" }));
  for (const [p, j] of [[1, 1], [2, 1], [3, 1]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "2", m: null, col: null } });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 1, slot: { c: "cut", v: "2", m: null, col: null } }); // my 2: all four cut
  const said = [];
  const app = { state: s, derived() { return S.derive(this.state); }, commit(next) { this.state = next; }, view: { flash: (m) => said.push(m) } };
  setupActs(app).number("2");
  assert.deepEqual(app.state.setup.numbers ?? [], []);
  assert.match(said[0], /All four 2s are cut: its number card was discarded, no turn flips it/);
  setupActs(app).number("6");
  assert.deepEqual(app.state.setup.numbers, [6]);
});

test("37: the last card untapped, the deck empty, is discarded and the panel says no card binds (37's walkthrough: still asked for a card)", async () => {
  const { setupActs } = await import("../../web/table/acts-setup.js");
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const s = started();
  const m = preset({ number: 37, constraints: "deck" });
  s.setup = S.applyMission(s.setup, m);
  s.setup.mission = 37;
  s.setup.cards = ["B"];
  s.setup.cards_gone = ["A", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"];
  const app = { state: s, missions: [m], commit(next) { this.state = next; }, derived() { return S.derive(this.state); }, view: { flash: () => {} } };
  setupActs(app).card("B");
  assert.deepEqual([app.state.setup.cards, app.state.setup.cards_gone.includes("B")], [[], true]);
  const page = String(cardsTemplate({ state: app.state, t: S.derive(app.state), missions: [m] }, true)); // (no card: above the stands)
  assert.match(page, /data-testid="deck-empty">The deck is empty: no constraint card binds now/);
  assert.doesNotMatch(page, /Tap the card face up/);
  assert.match(page, /data-testid="card-B"[^>]*title="odd only \(discarded\)"/);
});

test("32, 37: a teammate's keypad says which values the card in play leaves out (37's walkthrough: left out, unsaid)", () => {
  const s = started();
  s.setup = S.applyMission(s.setup, preset({ number: 37, constraints: "deck" }));
  s.setup.mission = 37;
  s.setup.cards = ["F"]; // no 4-9
  const why = S.unnamedWhy(s, S.derive(s), { k: "dual", a: 1, p: 2, s: 0, js: [2] }, ["3", "4", "9", "10"]);
  assert.deepEqual(why, [{ v: "4", why: "the constraint card in play, F" }, { v: "9", why: "the constraint card in play, F" }]);
});
