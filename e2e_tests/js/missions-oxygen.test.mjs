// Mission pieces of the table app's state (web/table/table-state.js), continued: oxygen (44, 49, 54, 63) and
// challenges (55).
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, withPlayers } from "./tables.mjs";

const oxygenTable = (number, special) => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number, special: [special] }));
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  return s;
};

test("oxygen from one reserve (44): each cut takes tokens by depth, all come back at the captain's turn", () => {
  let s = oxygenTable(44, "oxygen_reserve");
  assert.equal(S.oxygenFor(s, S.derive(s), 0).have, 8); // 2 per player
  // the captain Cat fails on a 9 (3 tokens), Dan on a 10 (3 more): 2 left when my turn comes
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "10", ok: false, real: "2" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(S.oxygenFor(s, t, 0).have, 2);
  const no = S.missionRules(s, t).no_values;
  assert.deepEqual(no.map((x) => x.value), [9, 10, 11, 12]);
  assert.match(no[0].why, /oxygen: 2 tokens in the reserve, fewer than a cut of it takes/);
  // I cut a 5 (2 tokens); Bob's turn, then the captain's: all back by my next turn
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "5", ok: false, real: "3" });
  t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 0).have, 8);
  assert.deepEqual(S.missionRules(s, t).no_values, []);
  // the engine hears what each value spends of what is at hand (team.py: of two sure cuts, the dearer first)
  const ox = S.missionRules(s, t).oxygen;
  assert.equal(ox.tokens, 8);
  assert.deepEqual(ox.costs.filter((c) => [4, 5, 12].includes(c.value)), [
    { value: 4, tokens: 1 }, { value: 5, tokens: 2 }, { value: 12, tokens: 3 }]);
});

test("oxygen in each player's hand (54): my cuts spend mine, and the advice hears it", () => {
  let s = oxygenTable(54, "oxygen_own");
  assert.equal(S.oxygenFor(s, S.derive(s), 0).have, 3); // 4 players: 3 each
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" }); // Cat's, not mine
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "2", ok: false, real: "3" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "6", ok: false, real: "4" }); // mine: 2 tokens
  const t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 0).have, 1);
  assert.deepEqual(S.missionRules(s, t).no_values.map((x) => x.value), [5, 6, 7, 8, 9, 10, 11, 12]);
  assert.match(S.missionRules(s, t).no_values[0].why, /1 token in front of you/);
  assert.equal(S.missionRules(s, t).oxygen, undefined); // 54: its own tokens, no spending rule measured
  assert.equal(S.oxygenFor(s, t, 1).have, 3);
});

test("54: a teammate's values their oxygen cannot pay for are said beside their keypad (the walkthrough: gone, unsaid)", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = oxygenTable(54, "oxygen_own");
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "2", ok: false, real: "3" }); // Dan: 2 tokens left
  const t = S.derive(s);
  const d = { k: "dual", a: 3, p: 2, s: 0, js: [4] };
  const html = String(askTemplate({ state: s, t, ui: { sheet: { mode: "slot" } }, holdings: null }, d, S.nextAsk(s, t, d)));
  assert.match(html, /data-testid="not-offered">Not offered: 9, 10, 11, 12 \(not enough oxygen: 2 oxygen tokens in front of them\)\./);
  assert.doesNotMatch(html, /data-testid="key-9"/);
  assert.match(html, /data-testid="key-8"/, "a value 2 tokens pay for");
});

test("a turn skipped for want of oxygen moves the detonator and passes the turn; only where a mission lets a player pass", () => {
  let s = oxygenTable(54, "oxygen_own");
  s = S.addEntry(s, { k: "skip", a: 2 }); // the captain Cat cannot pay
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.turn, 3);
  assert.match(t.entries[0].text, /Cat skips the turn \(oxygen\): the detonator moves/);
  let plain = S.defaultState();
  plain.phase = "table";
  plain = S.addEntry(plain, { k: "skip", a: 0 });
  assert.match(S.derive(plain).entries[0].error, /only missions 26, 32, 37, 38, 41, 44, 45, 47, 49, 51, 54, 57, 59, 61, 63 and 65 let a player skip/);
  // 47: no cut the number cards allow (or none wanted): the detonator moves; 57: the constraint forbids every cut: it stays
  for (const [number, moves, words] of [[47, 1, /Ann skips the turn \(no cut by the number cards, or none wanted\): the detonator moves/],
    [57, 0, /^Ann skips the turn \(the constraint card forbids every cut\)$/], [32, 0, /^Ann skips the turn \(the constraint card forbids every cut\)$/],
    [37, 0, /^Ann skips the turn \(the constraint card forbids every cut\)$/]]) {
    let m = S.defaultState();
    m.phase = "table";
    Object.assign(m.setup, { mission: number, number_cards: number === 47 ? "sum" : "" });
    m = S.addEntry(m, { k: "skip", a: 0 });
    const mt = S.derive(m);
    assert.equal(mt.entries[0].ok, true, mt.entries[0].error);
    assert.equal(mt.mistakesMade, moves, `mission ${number}`);
    assert.equal(mt.turn, 1);
    assert.match(mt.entries[0].text, words);
    assert.equal(S.skipRule(m.setup).label, number === 47 ? "Pass the turn" : "Constraint: skip");
  }
  // a whole round of skips: 57 (and 61) the bomb explodes; 37 the detonator moves and the card is replaced; 32 nothing more
  for (const [number, boom, moves] of [[57, true, 0], [37, false, 1], [32, false, 0]]) {
    let m = S.defaultState();
    m.phase = "table";
    m.setup.mission = number;
    for (const a of [0, 1, 2, 3]) m = S.addEntry(m, { k: "skip", a });
    const mt = S.derive(m);
    assert.equal(Boolean(mt.exploded), boom, `mission ${number}`);
    assert.equal(mt.mistakesMade, moves, `mission ${number}`);
    if (number === 37) assert.match(mt.entries[3].text, /a whole round of skips: the detonator moves, the constraint card is replaced/);
  }
  // a round is of those with wires left: Ann and Bob have none, Cat and Dan skip — the bomb explodes (57), it waited
  // for two more skips
  let r = S.defaultState();
  r.phase = "table";
  r.setup.mission = 57;
  r.setup.me = null;
  for (const p of [0, 1]) for (let j = 0; j < 12; j += 1) r = S.addEntry(r, { k: "set", p, s: 0, j, slot: { c: "cut", v: String(j + 1), m: null, col: null } });
  for (const a of [2, 3]) r = S.addEntry(r, { k: "skip", a });
  const rt = S.derive(r);
  assert.ok(rt.entries.every((e) => e.ok), JSON.stringify(rt.entries.filter((e) => !e.ok)));
  assert.equal(rt.exploded, true);
  assert.match(rt.entries.at(-1).text, /a whole round of skips/);
});

test("oxygen passed round the table (63): a cut takes as many tokens as its value", () => {
  let s = oxygenTable(63, "oxygen_pass");
  assert.equal(S.oxygenFor(s, S.derive(s), 0).have, 24); // the captain takes 24 with 4 players
  // the captain Cat tries a 9, Dan an 8: 7 are passed on to me
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "8", ok: false, real: "2" });
  const t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 0).have, 7);
  const no = S.missionRules(s, t).no_values;
  assert.deepEqual(no.map((x) => x.value), [8, 9, 10, 11, 12]);
  assert.match(no[0].why, /oxygen: 7 tokens in hand, fewer than a cut of it takes/);
});

test("oxygen in 63 checked at each entry: a cut its cutter cannot pay for is refused, a skip tells or is refused", async () => {
  const { nameableValues } = await import("../../web/table/record.js");
  let s = oxygenTable(63, "oxygen_pass"); // 4 players, Cat (2) the captain: 24 tokens; me = Ann (0)
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "8", ok: false, real: "2" }); // 7 passed on to me
  let t = S.derive(s);
  const d = { k: "dual", a: 0 };
  assert.deepEqual(nameableValues(s, t, d, ["1", "2", "3", "5", "7", "9", "12"]), ["1", "2", "3", "5", "7"], "I hold 9 and 12 but cannot pay");
  const over = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 5, v: "9", ok: false, real: "6" });
  assert.match(S.derive(over).entries[2].error, /You have 7 oxygen tokens in hand: a cut of 9 takes 9/);
  // I can pay for a 1, 2, 3, 5 or 7, which I hold: I must play
  const mySkip = S.addEntry(s, { k: "skip", a: 0 });
  assert.match(S.derive(mySkip).entries[2].error, /Ann holds a \d+ and has 7 oxygen tokens, enough to cut it: who can pay must play/);
  // the sheet says so before Record is tapped (and greys it); Bob's skip too: his A shows an info token 2, which the
  // 7 tokens passed on pay for; Cat's, whose wires the page does not know, is taken — unless the engine's laws make
  // one of them sure to be a value she can pay for
  const { refusal } = await import("../../web/table/draft-commit.js");
  const sheet = (a) => ({ sheet: { mode: "action" }, draft: { k: "skip", a } });
  assert.match(refusal(s, t, sheet(0)), /who can pay must play/);
  assert.match(refusal(s, t, sheet(1)), /Bob holds a 2 and has 7 oxygen tokens, enough to cut it/);
  assert.equal(refusal(s, t, sheet(2)), null);
  const laws = (probs) => new Map([["2-0-1", { probs }]]);
  assert.match(refusal(s, t, sheet(2), laws({ 1: 0.5, 2: 0.5 })), /^Cat slot B can only be 1, 2, which 24 tokens pay for: who can pay must play$/);
  assert.equal(refusal(s, t, sheet(2), laws({ 2: 0.5, Y3: 0.5 })), null, "it may be a yellow wire");
  assert.equal(refusal(s, t, { sheet: { mode: "action" }, draft: { k: "dual", a: 0 } }), null, "a draft still asking is not judged");
  // Ann cuts a 7 (0 left); Bob, with nothing passed on, skips: he holds no value he could pay for (none)
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 5, v: "7", ok: true, cut: "7", as: { s: 0, j: 6 } });
  s = S.addEntry(s, { k: "skip", a: 1 });
  t = S.derive(s);
  assert.ok(t.entries.every((x) => x.ok), JSON.stringify(t.entries));
  assert.equal(S.oxygenFor(s, t, 2).have, 24, "the captain takes them all back");
  // Cat (captain) cuts a 12, Dan a 10 (2 passed on), I a 1: Bob, with 1 passed on, skips: he holds no 1
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 9, v: "10", ok: true, cut: "10", as: { s: 0, j: 9 } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "skip", a: 1 });
  t = S.derive(s);
  assert.ok(t.entries.every((x) => x.ok), JSON.stringify(t.entries));
  const bob = t.facts.filter((f) => f.kind === "has_not" && f.player === 1).map((f) => f.value);
  assert.deepEqual(bob, [1]);
});

test("oxygen given to a teammate (49): a cut gives as many tokens as its value to the one the cutter picks", async () => {
  let s = oxygenTable(49, "oxygen_gift");
  assert.equal(S.oxygenFor(s, S.derive(s), 0).have, 5); // 4 players: 5 each
  // recording a cut asks who gets the oxygen last, once the cut is known; the cutter cannot be picked
  const draft = { k: "dual", a: 2 };
  assert.equal(S.nextAsk(s, S.derive(s), draft).ask, "slots");
  const cut = { ...draft, p: 3, s: 0, js: [0], v: "4", ok: false, real: "2" };
  assert.equal(S.nextAsk(s, S.derive(s), cut).ask, "oxygen_to");
  assert.equal(S.nextAsk(s, S.derive(s), { ...cut, ox: 2 }).ask, "oxygen_to");
  assert.equal(S.nextAsk(s, S.derive(s), { ...cut, ox: 0 }), null);
  // with 2 players there is no one else to give it to: the page fills it in
  const { settleDraft } = await import("../../web/table/draft-options.js");
  const two = { ...s, setup: { ...s.setup, players: ["Ann", "Bob"], captain: 0 } };
  assert.equal(settleDraft({ state: two, t: S.derive(two), laws: null }, { k: "dual", a: 1, p: 0, s: 0, js: [0], v: "4", ok: false, real: "2" }).ox, 0);
  // Cat cuts a 4 and gives me 4; Dan tries a 3 and gives Bob 3; I try a 6 and give Dan 6
  const full = { ...cut, ox: 0 };
  const e = S.buildEntry(s, S.derive(s), full);
  assert.equal(e.ox, 0);
  assert.deepEqual(S.buildEntry(s, S.derive(s), S.draftFromEntry(e)), e);
  s = S.addEntry(s, e);
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "3", ok: false, real: "2", ox: 1 });
  let t = S.derive(s);
  assert.ok(t.entries.every((x) => x.ok), JSON.stringify(t.entries));
  assert.match(t.entries[0].text, /\(oxygen → Ann\)$/);
  assert.equal(S.oxygenFor(s, t, 0).have, 9);
  assert.equal(S.oxygenFor(s, t, 1).have, 8);
  assert.equal(S.oxygenFor(s, t, 2).have, 1);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "6", ok: false, real: "3", ox: 3 });
  t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 0).have, 3);
  const no = S.missionRules(s, t).no_values;
  assert.deepEqual(no.map((x) => x.value), [4, 5, 6, 7, 8, 9, 10, 11, 12]);
  // Bob plays next: the players before me may give me more (49's walkthrough: read as a skip to come)
  assert.match(no[0].why, /^oxygen: 3 tokens in front of you, fewer than a cut of it takes — unless a teammate gives more before the turn$/);
  assert.match(S.missionRules(s, { ...t, turn: 0 }).no_values[0].why, /^oxygen: 3 tokens in front of you, fewer than a cut of it takes$/, "my turn: what I hold");
  // "oxygen" is an answer an edit may change here, and nowhere else; the cutter cannot give to themself
  assert.ok(S.editChanges(s.setup, S.draftFromEntry(e)).includes("oxygen"));
  assert.ok(!S.editChanges(oxygenTable(54, "oxygen_own").setup, S.draftFromEntry(e)).includes("oxygen"));
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 1, v: "2", ok: false, real: "3", ox: 1 });
  assert.match(S.derive(s).entries[3].error, /who got Bob's oxygen\? \(a teammate\)/);
});

test("a challenge completed (55) moves the detonator back a space, never below its start; only in 55", () => {
  let s = oxygenTable(55, "challenges");
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, S.buildEntry(s, S.derive(s), { k: "challenge" }));
  s = S.addEntry(s, { k: "challenge" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.mistakesMade, 0);
  assert.equal(t.entries[1].text, "Challenge done: the detonator back a space");
  const plain = oxygenTable(54, "oxygen_own");
  assert.match(S.derive(S.addEntry(plain, { k: "challenge" })).entries[0].error, /only missions 55 and 60 have challenge cards/);
});

test("mission 29: the number card shown after a turn moves the detonator when its value was just cut", async () => {
  const { buildEntry, nextAsk } = await import("../../web/table/table-state.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 29, number_cards: "guess" }));
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  assert.equal(s.setup.number_cards, "guess");
  // Cat (captain) cuts a 7 with Ann's 7; the card shown is a 7: the detonator moves
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 6, v: "7", ok: true, cut: "7", as: { s: 0, j: 0 } });
  assert.deepEqual(nextAsk(s, S.derive(s), { k: "shown", a: 2 }), { ask: "value", blueOnly: true });
  s = S.addEntry(s, buildEntry(s, S.derive(s), { k: "shown", a: 2, v: "7" }));
  let t = S.derive(s);
  assert.equal(t.mistakesMade, 1);
  assert.match(t.entries[1].text, /Number card 7 shown after Cat's turn — Cat has just cut a 7: the detonator moves/);
  // Dan fails a 5 on Bob; a 5 is shown: nothing was cut, the detonator moves for the failure only
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 4, v: "5", ok: false, real: "6" });
  s = S.addEntry(s, { k: "shown", a: 3, v: "5" });
  t = S.derive(s);
  assert.equal(t.mistakesMade, 2);
  assert.ok(t.entries.every((x) => x.ok));
  // the cards seen taken: Cat the 7, Dan the 5; my turn, and Dan on my right puts one down for it
  assert.deepEqual(t.guessKnown, { 2: [7], 3: [5] });
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const shownCards = String(cardsTemplate({ state: s, t, missions: [] }, true)); // above the stands
  assert.match(shownCards, /Number cards seen taken: Cat 7; Dan 5/);
  assert.match(shownCards, /Dan puts a card down for your turn and holds 5: a cut of a 5 moves the detonator if that is the card put down/);
  // one card a turn; a card whose four wires were cut before is gone
  assert.match(S.derive(S.addEntry(s, { k: "shown", a: 3, v: "2" })).entries[4].error, /a number card was shown after Dan's turn already/);
  let four = s;
  // Ann cuts Bob's L with her 12, Bob Cat's L with his K: Bob cut the fourth 12 this very turn, its card may be shown
  four = S.addEntry(four, { k: "dual", a: 0, p: 1, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 11 } });
  const bobs = { k: "dual", a: 1, p: 2, s: 0, j: 11, v: "12", ok: true, cut: "12", as: { s: 0, j: 10 } };
  assert.match(S.derive(S.addEntry(four, bobs)).entries.at(-1).error,
    /first the number card shown after Ann's turn \(Number card shown…\)/, "a turn's card is not skipped silently");
  const further = S.derive(S.addEntry(S.addEntry(four, bobs), { k: "shown", a: 1, v: "3" })).entries; // a log that has it already
  assert.ok(further.every((x) => x.ok), "an entry further up is kept");
  assert.match(further.at(-2).text, / — check: no number card was recorded after Ann's turn \(the detonator may be a space behind\)$/);
  four = S.addEntry(four, { k: "shown", a: 0, v: "3" });
  four = S.addEntry(four, bobs);
  four = S.addEntry(four, { k: "shown", a: 1, v: "12" });
  assert.ok(S.derive(four).entries.every((x) => x.ok), JSON.stringify(S.derive(four).entries.filter((x) => !x.ok)));
  four = S.addEntry(four, { k: "dual", a: 2, p: 3, s: 0, j: 3, v: "5", ok: true, cut: "5", as: { s: 0, j: 3 } });
  assert.match(S.derive(S.addEntry(four, { k: "shown", a: 2, v: "12" })).entries.at(-1).error, /all four 12s were cut before this turn/);
  // elsewhere the entry is refused by name
  let plain = S.defaultState();
  plain.phase = "table";
  plain = S.addEntry(plain, { k: "shown", a: 0, v: "4" });
  assert.match(S.derive(plain).entries[0].error, /only mission 29/);
  assert.equal(S.normalize(JSON.parse(JSON.stringify(s))).log.at(-1).k, "shown", "kept by a saved or shared table");
});

test("the special action (13, 39, 41, 46, 48): the wires pointed at, what happened, each wire the table does not show", async () => {
  const { buildEntry, nextAsk } = await import("../../web/table/table-state.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 48, special: ["yellow_special"] }));
  s.setup.yellow = { mode: "list", nums: [2, 5, 8], keep: 3, known: [] };
  s.phase = "table";
  assert.ok(S.hasSpecialAction(s.setup));
  const spots = [{ p: 1, s: 0, j: 4 }, { p: 2, s: 0, j: 6 }, { p: 3, s: 0, j: 8 }];
  let d = { k: "special", a: 0 };
  const ask = (x) => nextAsk(s, S.derive(s), x);
  assert.deepEqual(ask(d), { ask: "spots" });
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  assert.match(String(askTemplate({ state: s, t: S.derive(s), missions: [], ui: { sheet: { mode: "action" } } }, d, { ask: "spots" }).text ?? ""),
    /Tap every wire pointed at as one of the yellow wires on the table/, "the sheet says which wires the action cuts (39's walkthrough)");
  d = { ...d, spots, done: true };
  assert.deepEqual(ask(d), { ask: "special_result" });
  assert.deepEqual(ask({ ...d, res: "ok" }), { ask: "spot_label", n: 0 });
  assert.equal(ask({ ...d, res: "boom" }), null);
  const ok = { ...d, res: "ok", ls: { 0: "Y2", 1: "Y5", 2: "Y8" } };
  assert.equal(ask(ok), null);
  const won = S.addEntry(s, buildEntry(s, S.derive(s), ok));
  let t = S.derive(won);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.deepEqual(spots.map(({ p, s: st, j }) => t.stands[p][st][j].v), ["Y2", "Y5", "Y8"]);
  assert.equal(t.turn, 1);
  assert.match(t.entries[0].text, /Ann special action on .*: ✓ all cut/);
  // 48: a failure shows every wire pointed at and moves the detonator once; a red among them explodes
  const shown = S.addEntry(s, buildEntry(s, S.derive(s), { ...d, res: "shown", ls: { 0: "Y2", 1: "4", 2: "Y8" } }));
  t = S.derive(shown);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.stands[2][0][6].c, "info");
  // a yellow token on a wire shown (a yellow not among those pointed at would get one) survives a reload (the
  // walkthrough: read back, the entry was damaged and the detonator's mark lost)
  const yellowToken = S.addEntry(s, buildEntry(s, S.derive(s), { ...d, res: "shown", ls: { 0: "Y2", 1: "4", 2: "Y" } }));
  const again = S.normalize(JSON.parse(JSON.stringify(yellowToken)));
  assert.equal(again.log[0].k, "special");
  assert.equal(again.log[0].cuts[2].l, "Y");
  assert.equal(S.derive(again).mistakesMade, 1);
  const boom = S.addEntry(s, buildEntry(s, S.derive(s), { ...d, res: "boom" }));
  assert.equal(S.derive(boom).exploded, true);
  // elsewhere no such action
  let plain = S.defaultState();
  plain.phase = "table";
  plain = S.addEntry(plain, { k: "special", a: 0, cuts: spots, res: "boom" });
  assert.match(S.derive(plain).entries[0].error, /only missions 13, 39, 41, 46 and 48/);
  assert.equal(S.normalize(JSON.parse(JSON.stringify(won))).log[0].k, "special", "kept by a saved or shared table");
});

test("13: ✓ is greyed when a wire pointed at cannot be red (its stand dealt none openly) — a dead-end question followed", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 13, open_red_deal: true }));
  s.setup.red = { mode: "list", nums: [3, 7, 11], keep: 3, known: [] };
  s.setup.red_deal = [[0], [1], [1], [1]]; // Ann dealt no red
  s.phase = "table";
  const t = S.derive(s);
  // the engine's laws: Ann's E holds no red (her stand was dealt none)
  const laws = new Map([["0-0-4", { probs: { 4: 0.5, 5: 0.5 } }]]);
  const sheet = (spots) => String(askTemplate({ state: s, t, laws, missions: [], ui: { sheet: { mode: "action" } } },
    { k: "special", a: 1, spots, done: true }, { ask: "special_result" }).text ?? "");
  const reds = [{ p: 1, s: 0, j: 4 }, { p: 2, s: 0, j: 6 }, { p: 3, s: 0, j: 8 }];
  assert.doesNotMatch(sheet(reds), /data-testid="special-ok"[^>]*disabled/);
  assert.match(sheet([{ p: 0, s: 0, j: 4 }, ...reds.slice(1)]), /data-testid="special-ok"[^>]*disabled/);
  assert.doesNotMatch(sheet([{ p: 0, s: 0, j: 4 }, ...reds.slice(1)]), /data-testid="special-boom"[^>]*disabled/);
});

test("the special action checks the mission's outcomes and the kind of wire it cuts", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 13, open_red_deal: true }));
  s.setup.red = { mode: "list", nums: [3, 7, 11], keep: 3, known: [] };
  s.setup.red_deal = [[0], [1], [1], [1]];
  s.phase = "table";
  const cuts = [{ p: 1, s: 0, j: 4, l: "R3" }, { p: 2, s: 0, j: 6, l: "R7" }, { p: 3, s: 0, j: 8, l: "R11" }];
  const ok = S.addEntry(s, { k: "special", a: 0, cuts, res: "ok" });
  assert.ok(S.derive(ok).entries[0].ok, S.derive(ok).entries[0].error);
  // 13: a wrong wire explodes; there is no "shown"
  assert.equal(S.specialShows(s.setup), false);
  const shown = S.addEntry(s, { k: "special", a: 0, cuts, res: "shown" });
  assert.match(S.derive(shown).entries[0].error, /a wrong wire pointed at explodes the bomb/);
  // all cut: only red wires here
  const blue = S.addEntry(s, { k: "special", a: 0, cuts: [...cuts.slice(0, 2), { p: 3, s: 0, j: 8, l: "4" }], res: "ok" });
  assert.match(S.derive(blue).entries[0].error, /the special action cuts red wires, not 4/);
  assert.equal(S.specialKind({ special: ["sevens_last"] }).fits("7"), true);
  assert.equal(S.specialKind({ special: ["yellow_special"] }).fits("R3"), false);
  assert.equal(S.specialShows({ special: ["yellow_special"] }), true);
});

test("the detonator where the card sets it (41, 55, 60, 62: a space from the end; 51: one back) and how far it goes back", () => {
  assert.equal(S.applyMission(withPlayers(4), preset({ detonator: "end" })).mistakes, 0);
  assert.equal(S.applyMission(withPlayers(4), preset({ detonator: "back" })).mistakes, 4);
  assert.equal(S.applyMission(withPlayers(4), preset({})).mistakes, 3);
  assert.equal(S.startMistakes(preset({ detonator: "back" }), 2), 2, "with 2 players, one more than usual");
  assert.equal(S.applyMission({ ...withPlayers(4), mistakes: 0 }, null).mistakes, 3, "a custom setup: the usual dial");
  // 55, 60: each challenge gives a space back, up to the usual start (one mistake fewer than the players)
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 2), preset({ number: 60, special: ["challenges"], detonator: "end" }));
  s.phase = "table";
  for (let k = 0; k < 4; k += 1) s = S.addEntry(s, { k: "challenge" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.mistakesLeft, 3, "0 at the start, +1 per challenge, at most 3");
  // 41: a tripwire found gives a space back (past the start: the card's dial is a space from the end)
  const y = { count: 4, of: null, known: 0, in_play: 4, numbers_needed: 4 };
  let w = S.defaultState();
  w.setup = S.applyMission(withPlayers(4, 0), preset({ number: 41, yellow: y, special: ["yellow_special"], yellow_dealt: "one_each", detonator: "end" }));
  w.setup.yellow.nums = [2, 4, 6, 8];
  w.phase = "table";
  const found = S.addEntry(w, { k: "special", a: 0, cuts: [{ p: 1, s: 0, j: 3, l: "Y4" }], res: "ok" });
  t = S.derive(found);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.mistakesLeft, 1);
  const two = S.addEntry(w, { k: "special", a: 0, cuts: [{ p: 1, s: 0, j: 3, l: "Y4" }, { p: 2, s: 0, j: 5, l: "Y6" }], res: "ok" });
  assert.match(S.derive(two).entries[0].error, /a tripwire is pointed at one at a time \(2 wires here\)/);
  const own = S.addEntry(w, { k: "special", a: 1, cuts: [{ p: 1, s: 0, j: 3, l: "Y4" }], res: "ok" });
  assert.match(S.derive(own).entries[0].error, /Bob slot D is the actor's own: a tripwire pointed at is a teammate's/);
  // a failure shows the wire (an info token) and moves the detonator: none left, so the bomb explodes
  const shown = S.addEntry(w, { k: "special", a: 0, cuts: [{ p: 1, s: 0, j: 3, l: "5" }], res: "shown" });
  assert.equal(S.derive(shown).exploded, true);
});

test("48: a special action pointing at my red cannot have shown tokens — ✗ shown greyed (it was offered, then refused at Record)", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 48, special: ["yellow_special"] }));
  s.setup.yellow = { mode: "list", nums: [2, 5, 8], keep: 3, known: [] };
  s.phase = "table";
  s.setup.red = { mode: "list", nums: [6], keep: 1, known: [] };
  for (const l of ["1", "2", "3", "4", "5", "R6", "7", "8", "9", "10", "11", "12", "12", "12"].slice(0, S.standSizes(s.setup)[0][0])) s = S.handAdd(s, 0, l);
  const t = S.derive(s);
  const mine = t.stands[0][0].findIndex((sl) => sl.own === "R6");
  assert.ok(mine >= 0);
  const sheet = (spots) => String(askTemplate({ state: s, t, missions: [], laws: null, ui: { sheet: { mode: "action" } } },
    { k: "special", a: 1, spots, done: true }, { ask: "special_result" }).text ?? "");
  const theirs = [{ p: 2, s: 0, j: 6 }, { p: 3, s: 0, j: 8 }];
  assert.doesNotMatch(sheet([{ p: 1, s: 0, j: 4 }, ...theirs]), /data-testid="special-shown"[^>]*disabled/);
  const withMine = sheet([{ p: 0, s: 0, j: mine }, ...theirs]);
  assert.match(withMine, /data-testid="special-shown"[^>]*disabled/, "my red would explode");
  assert.doesNotMatch(withMine, /data-testid="special-boom"[^>]*disabled/);
});

test("after the bomb explodes nothing more is recorded; one challenge card per player; 48's action points at every yellow", () => {
  let s = oxygenTable(55, "challenges");
  s.setup.mistakes = 0;
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "challenge" });
  let t = S.derive(s);
  assert.equal(t.exploded, true);
  assert.match(t.entries[1].error, /the bomb has exploded: the game is over/);
  let c = oxygenTable(55, "challenges");
  for (let k = 0; k < 5; k += 1) c = S.addEntry(c, { k: "challenge" });
  t = S.derive(c);
  assert.deepEqual(t.entries.map((e) => e.ok), [true, true, true, true, false]);
  assert.match(t.entries[4].error, /only 4 challenge cards lie on the table \(one per player\)/);
  let w = S.defaultState();
  w.setup = S.applyMission(withPlayers(4, 0), preset({ number: 48, yellow: { count: 3, of: null, known: 0, in_play: 3, numbers_needed: 3 }, special: ["yellow_special"], yellow_dealt: "captain_first" }));
  w.setup.yellow.nums = [3, 7, 10];
  w.phase = "table";
  const two = S.addEntry(w, { k: "special", a: 3, cuts: [{ p: 0, s: 0, j: 3, l: "Y3" }, { p: 1, s: 0, j: 7, l: "Y7" }], res: "ok" });
  assert.match(S.derive(two).entries[0].error, /points at every yellow wire still uncut \(3\), not 2/);
});

test("44: a cutter the reserve leaves no value to name is told to record the skip, not that they hold none", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = oxygenTable(44, "oxygen_reserve");
  // Cat 9 (3), Dan 10 (3), me 5 (2): the reserve is empty on Bob's turn
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "9", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "10", ok: false, real: "2" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "5", ok: false, real: "3" });
  const t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 1).have, 0);
  const d = { k: "dual", a: 1, p: 2, s: 0, js: [4] };
  const html = String(askTemplate({ state: s, t, ui: { sheet: { mode: "slot" } }, holdings: null }, d, S.nextAsk(s, t, d)));
  assert.match(html, /Not enough oxygen for any value Bob holds: record “No oxygen: skip” instead\./);
});

test("46: the four 7s are cut at once, by a player whose every uncut wire is among them", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 46, special: ["sevens_last"] }));
  s.phase = "table";
  // Bob's stand: everything cut but C and D, his two 7s
  const bob = S.derive(s).stands[1][0].length;
  for (let j = 0; j < bob; j += 1) if (j !== 2 && j !== 3) s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v: "1" } });
  const sevens = [{ p: 1, s: 0, j: 2, l: "7" }, { p: 1, s: 0, j: 3, l: "7" }, { p: 2, s: 0, j: 6, l: "7" }, { p: 3, s: 0, j: 6, l: "7" }];
  const ok = S.derive(S.addEntry(s, { k: "special", a: 1, cuts: sevens, res: "ok" }));
  assert.ok(ok.entries.at(-1).ok, ok.entries.at(-1).error);
  const three = S.derive(S.addEntry(s, { k: "special", a: 1, cuts: sevens.slice(0, 3), res: "ok" }));
  assert.match(three.entries.at(-1).error, /points at every 7 still uncut \(4\), not 3/);
  const ann = S.derive(S.addEntry(s, { k: "special", a: 0, cuts: sevens, res: "ok" }));
  assert.match(ann.entries.at(-1).error, /Ann still holds \d+ wires not pointed at: the four 7s are cut at once by a player with only 7s left/);
});

test("46: who cannot cut the 7s is greyed before the sheet asks more, and wires that cannot be the action are said at Done", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  const { logActs } = await import("../../web/table/acts-log.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 46, special: ["sevens_last"] }));
  s.phase = "table";
  const bob = S.derive(s).stands[1][0].length;
  for (let j = 0; j < bob; j += 1) if (j !== 2 && j !== 3) s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v: "1" } });
  const t = S.derive(s);
  const off = actorOff({ state: s, t, ui: { sheet: { mode: "action" } } }, { k: "special" });
  assert.equal(off.get(0), `${t.stands[0][0].length} wires left, more than the 4 7s still uncut`);
  assert.equal(off.has(1), false, "Bob, two wires left, may");
  // Bob points at three wires only: said at Done, before "What happened?"
  const app = { state: s, ui: { sheet: { mode: "action" }, draft: { k: "special", a: 1, spots: [{ p: 1, s: 0, j: 2 }, { p: 1, s: 0, j: 3 }, { p: 2, s: 0, j: 6 }] } },
    derived() { return S.derive(this.state); }, render() {}, view: {} };
  logActs(app)["draft-done"]();
  assert.equal(app.ui.draft.done, false);
  assert.match(app.ui.sheetError, /points at every 7 still uncut \(4\), not 3/);
  app.ui.draft.spots.push({ p: 3, s: 0, j: 6 });
  logActs(app)["draft-done"]();
  assert.deepEqual([app.ui.draft.done, app.ui.sheetError, S.nextAsk(s, t, app.ui.draft).ask], [true, null, "special_result"],
    "the next answer clears the last step's message (48's walkthrough: it stayed on)");
});

test("46: a teammate with more wires left than the 7s not seen elsewhere (mine, a token's) cannot cut the 7s", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 46, special: ["sevens_last"] }));
  s.phase = "table";
  for (const l of ["1", "2", "3", "4", "5", "6", "7", "7", "8", "9", "10", "11"]) s = S.handAdd(s, 0, l);
  // Bob and Cid down to 3 wires each; Cid's first shows a 7 token
  for (const p of [1, 2]) {
    const n = S.derive(s).stands[p][0].length;
    for (let j = 3; j < n; j += 1) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "12" } });
  }
  const off = (st) => actorOff({ state: st, t: S.derive(st), ui: { sheet: { mode: "action" } } }, { k: "special" });
  assert.equal(off(s).get(1), "3 wires left, more than the 2 7s not seen elsewhere", "my two 7s leave two (46's walkthrough)");
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "info", v: "7" } });
  assert.equal(off(s).get(1), "3 wires left, more than the 1 7 not seen elsewhere");
  assert.equal(off(s).get(2), "3 wires left, more than the 2 7s not seen elsewhere", "Cid's own token is not elsewhere");
});

test("False Bottom brings cards of the mission's pile only (46: no Emergency Batteries, no double-numbered card)", async () => {
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  const s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 46, equipment: ["1", "2", "3", "4", "5", "6", "8", "9", "10", "11", "12", "Y"] }));
  s.setup.table_cards = ["1", "4", "8", "Y"];
  s.phase = "table";
  const t = S.derive(s);
  const html = String(ASKS.equipment({ d: { k: "false_bottom" }, t, setup: s.setup }));
  const offered = [...html.matchAll(/data-testid="equip-([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(offered, ["2", "3", "5", "6", "9", "10", "11", "12"]);
});

test("41: a player with only their own tripwire (and red wires) left skips; the skip says they hold no blue wire", async () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 41, special: ["yellow_special"], yellow_dealt: "one_each" }));
  s.phase = "table";
  assert.equal(S.skipRule(s.setup).label, "Only my tripwire left: skip");
  const bob = S.addEntry(s, { k: "skip", a: 1 });
  const t = S.derive(bob);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.equal(t.mistakesMade, 0);
  const doc = S.engineDoc(bob, t);
  assert.deepEqual(doc.facts.filter((f) => f.kind === "has_not" && f.player === 1).map((f) => f.value), Array.from({ length: 12 }, (_, k) => k + 1));
  // mine, holding blue wires: refused by name
  let me = { ...s, setup: { ...s.setup, me: 0 } };
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) me = S.handAdd(me, 0, l);
  assert.match(S.derive(S.addEntry(me, { k: "skip", a: 0 })).entries.at(-1).error, /Ann holds a wire of 1: no skip/);
  // mine, left with only my tripwire and a red: I skip, and point at no teammate's tripwire either (the card, as
  // bdiffuser's OCR reads it)
  let trip = { ...s, setup: { ...s.setup, me: 0, yellow: { mode: "list", nums: [2, 4, 6, 8], keep: 4, known: [] }, red: { mode: "list", nums: [5], keep: 1, known: [] } } };
  const hand = ["1", "2", "3", "3", "4", "6", "7", "8", "9", "10", "11", "12", "Y4", "R5"]; // (14: the tripwire dealt first)
  for (const l of hand) trip = S.handAdd(trip, 0, l);
  const mine = S.derive(trip).stands[0][0];
  mine.forEach((sl, j) => { if (sl.own && !sl.own.startsWith("Y") && !sl.own.startsWith("R")) trip = S.addEntry(trip, { k: "set", p: 0, s: 0, j, slot: { c: "cut", v: sl.own } }); });
  const before = S.derive(trip);
  assert.ok(before.entries.every((e) => e.ok), before.entries.map((e) => e.error).join(" "));
  const pointed = S.derive(S.addEntry(trip, { k: "special", a: 0, res: "ok", cuts: [{ p: 1, s: 0, j: 0, l: "Y2" }] }));
  assert.match(pointed.entries.at(-1).error, /Ann has only their own tripwire \(and red wires\) left: they skip their turn \(the card\), pointing at no one/);
  assert.ok(S.derive(S.addEntry(trip, { k: "skip", a: 0 })).entries.at(-1).ok);
  // greyed as the actor at once (the walkthrough: refused only once every question was answered)
  const { actorOff } = await import("../../web/table/draft-actors.js");
  assert.equal(actorOff({ state: trip, t: before, ui: { sheet: { mode: "action" } } }, { k: "special" }).get(0), "only their own tripwire left: they skip");
  assert.equal(actorOff({ state: trip, t: before, ui: { sheet: { mode: "action" } } }, { k: "skip" }).get(0), undefined);
  // and My best cuts says so beside the special action, with no button to record it
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const sp = { action: "tripwire", what: "a teammate's tripwire", own: [], spots: [[1, 0, 2]], p_success: 0.62, p_red: 0.05, p_advance: 0.33,
    guaranteed: false, must: false, best: true, score: 0.7 };
  const say = String(movesTemplate({ state: trip, t: { ...before, turn: 0 }, moves: { moves: [], forbidden: [], special: sp }, missions: [] }).text).replace(/\s+/g, " ");
  assert.match(say, /data-testid="special-verdict">Not for you: with only your own tripwire \(and red wires\) left you skip your turn \(Only my tripwire left: skip\)\./);
  assert.doesNotMatch(say, /special-record/);
  // and no free card before a turn I skip (the walkthrough: "First, put Label ≠ on my wires…")
  const free = { card: "1", stand: 0, slots: [0, 1], bits: 0.7 };
  const withFree = String(movesTemplate({ state: trip, t: { ...before, turn: 0 }, moves: { moves: [], forbidden: [], special: sp, free_card: free }, missions: [] }).text);
  assert.doesNotMatch(withFree, /data-testid="free-card"/);
});

test("37: a skip keeps the card it was made under; after a whole round the card is due, and the new one does not rewrite the skips", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(3, 0), preset({ number: 37 }));
  s.setup.cards = ["F"];
  s.phase = "table";
  for (const a of [0, 1, 2]) s = S.addEntry(s, S.buildEntry(s, S.derive(s), { k: "skip", a }));
  assert.deepEqual(s.log[0], { k: "skip", a: 0, cards: ["F"] });
  let t = S.derive(s);
  assert.equal(t.mistakesMade, 1);
  assert.equal(S.cardDue(s.setup, t), true, "a whole round of skips: the card is replaced");
  const f = S.engineDoc(s, t).facts.filter((x) => x.player === 1).map((x) => x.value);
  assert.deepEqual(f, [1, 2, 3, 10, 11, 12], "under F (no 4-9) Bob holds none of the values F allows");
  // the next card, E (4-9 only), tapped: the skips still read F
  s = { ...s, setup: { ...s.setup, cards: ["E"], cards_at: S.cardEvents(t) } };
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(S.cardDue(s.setup, t), false);
  assert.deepEqual(S.engineDoc(s, t).facts.filter((x) => x.player === 1).map((x) => x.value), f);
  // Cat shows an info token 5, which card E lets her cut: her skip is refused by name
  const shown = S.addEntry(s, { k: "set", p: 2, s: 0, j: 4, slot: { c: "info", v: "5" } });
  assert.match(S.derive(S.addEntry(shown, S.buildEntry(shown, S.derive(shown), { k: "skip", a: 2 }))).entries.at(-1).error, /Cat holds a wire of 5: no skip/);
});

test("my best cuts say what each cut spends of the oxygen at hand, and why the dearer sure cut comes first (44)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const s = oxygenTable(44, "oxygen_reserve");
  const t = S.derive(s);
  const cut = (value, spent) => ({ kind: "dual_cut", player: 1, stand: 0, slots: [value - 1], value, p_success: 1,
    p_red: 0, p_advance: 0, p_explode: 0, guaranteed: true, score: 1, oxygen: [spent, 8] });
  const page = String(movesTemplate({ state: s, t, moves: { moves: [cut(11, 3), cut(2, 1)], forbidden: [], policy: "team" },
    missions: [] }).text).replace(/\s+/g, " ");
  assert.match(page, /data-testid="move-0-oxygen" title="this cut spends 3 of the 8 oxygen tokens at hand">oxygen 3 of 8</);
  assert.match(page, /of two sure cuts, the one spending more oxygen goes first while the tokens are at hand/);
  const plain = String(movesTemplate({ state: s, t, moves: { moves: [{ ...cut(2, 1), oxygen: undefined }], forbidden: [],
    policy: "team" }, missions: [] }).text);
  assert.doesNotMatch(plain, /oxygen/);
});

test("oxygen in the status bar: 'at most' what I will have before my turn — but the captain's turn brings all back", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const line = (s) => String(statusTemplate({ state: s, t: S.derive(s), missions: [] })).match(/data-testid="oxygen"[\s\S]*?<\/div>/)[0];
  let s = oxygenTable(44, "oxygen_reserve"); // Cat (2) is the captain, I am Ann (0)
  s = S.addEntry(s, { k: "dual", a: 2, p: 3, s: 0, j: 0, v: "3", ok: false, real: "4" });
  assert.match(line(s), /you: at most 7 in the reserve/, "Dan plays before me and may spend some");
  s.setup.captain = 0; // I am the captain: my turn takes the tokens back
  assert.match(line(s), /you: 8 in the reserve/);
});

test("49: whom the oxygen goes to: each teammate's tokens, a gift lost where no wire is left, and the team's rule", async () => {
  const { oxygenToAsk } = await import("../../web/table/flow-templates.js");
  let s = oxygenTable(49, "oxygen_gift"); // Ann (me), Bob, Cat, Dan: 5 each
  const n = S.derive(s).stands[1][0].length;
  for (let j = 0; j < n; j += 1) s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v: "12" } }); // Bob: none left
  s = S.addEntry(s, { k: "dual", a: 3, p: 2, s: 0, j: 0, v: "3", ok: false, real: "2", ox: 2 }); // Dan gives Cat 3: Cat 8, Dan 2
  const t = S.derive(s);
  assert.deepEqual(S.giftTargets(s, t, 0), { rows: [{ p: 1, have: 5, wasted: "no wire left" }, { p: 2, have: 8, wasted: null }, { p: 3, have: 2, wasted: null }], fewest: 3 });
  const ask = String(oxygenToAsk({ ctx: { state: s, t, ui: {} }, d: { k: "dual", a: 0 }, state: s, t, setup: s.setup }).text).replace(/\s+/g, " ");
  assert.match(ask, /The team's rule: to a teammate showing the thumbs-up \(the nearest on the left\); else the fewest: Dan\./);
  assert.match(ask, /data-testid="oxygen-to-1"[^>]*>Bob · 5 \(no wire left: lost\)</, "49's walkthrough: a gift to one who cannot use it, unwarned");
  assert.match(ask, /data-testid="oxygen-to-3"[^>]*>Dan · 2</);
});

test("49: the oxygen line names every teammate's tokens, the last to play's too once the game is over", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const line = (st) => String(statusTemplate({ state: st, t: S.derive(st), missions: [] })).match(/data-testid="oxygen"[\s\S]*?<\/div>/)[0];
  let s = oxygenTable(49, "oxygen_gift"); // 4 players: 5 tokens each
  s.setup.mistakes = 0;
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "3", ok: false, real: "4", ox: 3 }); // the detonator's last space: it explodes
  const t = S.derive(s);
  assert.ok(t.exploded, t.entries.at(-1).error);
  for (const who of ["Bob: 2", "Cat: 5", "Dan: 8"]) assert.match(line(s), new RegExp(who), `${who} (49's walkthrough: the player to play left out)`);
});

test("55, 60: challenge 1 up and a teammate's wire sure red: My best cuts says the team's rule, “It is RED” first (55's walkthrough: never said)", async () => {
  const { redcallTemplate } = await import("../../web/table/free-card-template.js");
  let s = oxygenTable(55, "challenges");
  s.setup.challenges = [1, 4];
  s.setup.red = { mode: "list", nums: [2, 7], keep: 2, known: [] };
  const laws = new Map([["2-0-3", { probs: { R2: 0.6, R7: 0.4 } }], ["3-0-1", { probs: { R2: 0.5, 4: 0.5 } }]]);
  const say = (st, l) => String(redcallTemplate({ state: st, t: S.derive(st), laws: l }));
  assert.match(say(s, laws), /data-testid="moves-redcall">On my turn, first: say <b>“It is RED”<\/b>\s*on Cat D \(red for sure\)[\s\S]*data-arg="redcall"/);
  assert.equal(say(s, new Map([["3-0-1", { probs: { R2: 0.5, 4: 0.5 } }]])), "", "not sure: nothing said");
  s.setup.challenges = [4];
  assert.equal(say(s, laws), "", "challenge 1 not face up");
});

test("55, 60: a challenge the log says is not done (card 8's numbers, card 4's sum) is said beside its entry", () => {
  let s = oxygenTable(55, "challenges");
  s.setup.challenges = [8, 4, 2, 5];
  s.setup.challenge_numbers = [3, 9];
  s.setup.mistakes = 0; // the card sets the dial a space from the end
  const cut = (v, p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  const four = (v, j) => [1, 2, 3].map((p) => cut(v, p, j)).concat([cut(v, 1, j + 1)]);
  for (const e of [...four("4", 3), ...four("8", 8)]) s = S.addEntry(s, e); // 4 then 8 validated (Ann holds none)
  const early = S.derive(S.addEntry(s, { k: "challenge", c: 8 }));
  assert.ok(early.entries.at(-1).ok, early.entries.at(-1).error);
  assert.match(early.entries.at(-1).text, /check: card 8 needs 3 and 9 validated first \(the first validated: 4, 8\)/);
  assert.equal(early.mistakesMade, -1, "the detonator goes back all the same: the table did it");
  assert.match(S.derive(S.addEntry(s, { k: "challenge", c: 4 })).entries.at(-1).text,
    /check: card 4 needs the first three values validated to add up to 18 \(the first validated: 4, 8\)/);
  // card 2 (4 players in a row cut even values): no turn yet — said; after four even cuts in a row — not
  assert.match(S.derive(S.addEntry(s, { k: "challenge", c: 2 })).entries.at(-1).text, /check: card 2 needs 4 players in a row to cut even values/);
  const dual = (a, p, j, v, mine) => ({ k: "dual", a, p, s: 0, j, v, ok: true, cut: v, as: { s: 0, j: mine } });
  let even = s;
  for (const e of [dual(1, 2, 0, "6", 11), dual(2, 3, 0, "6", 11), dual(3, 1, 0, "10", 11), dual(1, 2, 1, "10", 10)]) even = S.addEntry(even, e);
  const done = S.derive(S.addEntry(even, { k: "challenge", c: 2 }));
  assert.ok(done.entries.every((e) => e.ok), done.entries.map((e) => e.error).join(" "));
  assert.doesNotMatch(done.entries.at(-1).text, /check:/);
  assert.match(S.derive(S.addEntry(even, { k: "challenge", c: 5 })).entries.at(-1).text, /check: card 5 needs 2 solo cuts in a row/);
  s.setup.challenge_numbers = [8, 4];
  assert.doesNotMatch(S.derive(S.addEntry(s, { k: "challenge", c: 8 })).entries.at(-1).text, /check:/);
});

test("55, 60: a stand-shape challenge (3, 6, 10; 9 as far as the table tells) no stand has shown is said beside its entry", () => {
  let s = oxygenTable(60, "challenges");
  s.setup.challenges = [3, 6, 10, 9];
  s.setup.mistakes = 0;
  const cut = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v: String(v), m: null, col: null } });
  const said = (st, c) => S.derive(S.addEntry(st, { k: "challenge", c })).entries.at(-1).text;
  s = S.addEntry(s, cut(1, 1, 1));
  for (const c of [3, 6, 10]) assert.match(said(s, c), new RegExp(`check: card ${c} needs .*, and no stand has shown that so far`));
  assert.doesNotMatch(said(s, 9), /check:/, "a teammate's 12 hidden wires may all be odd");
  for (let j = 2; j <= 7; j += 1) s = S.addEntry(s, cut(1, j, j)); // Bob: B-H cut, both ends uncut
  assert.doesNotMatch(said(s, 10), /check:/);
  const cat = S.derive(s).stands[2][0].length;
  const pairs = [2, 5, 8, 11].filter((j) => j < cat).concat((cat - 1) % 3 === 0 ? [cat - 1] : []);
  pairs.forEach((j, i) => { s = S.addEntry(s, cut(2, j, 2 * i + 2)); }); // Cat: uncut wires in pairs
  assert.doesNotMatch(said(s, 3), /check:/);
  assert.match(said(s, 6), /check: card 6 needs 5 isolated wires on a stand/);
  for (const j of [0, 2, 4, 6, 8, 10]) s = S.addEntry(s, cut(3, j, j / 2 + 1)); // Dan: B, D, F, H, J isolated
  assert.ok(S.derive(s).entries.every((e) => e.ok), S.derive(s).entries.map((e) => e.error).join(" "));
  assert.doesNotMatch(said(s, 6), /check:/);
});

test("13: the special action's ✓ may be tapped when it points at my own red too (it was always greyed), and no reveal of reds is offered or taken", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const { logTemplate } = await import("../../web/table/table-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 13, open_red_deal: true }));
  s.setup.red = { mode: "list", nums: [4, 7, 10], keep: 3, known: [] };
  s.setup.red_deal = [[1], [1], [1], [0]]; // a red each to Ann, Bob, Cat
  s.phase = "table";
  for (const l of ["1", "2", "3", "4", "R4", "5", "6", "7", "8", "9", "10", "11", "12"].slice(0, S.standSizes(s.setup)[0][0])) s = S.handAdd(s, 0, l);
  assert.ok(S.handComplete(s));
  const t = S.derive(s);
  const mine = t.stands[0][0].findIndex((sl) => sl.own === "R4");
  const d = { k: "special", a: 0, spots: [{ p: 0, s: 0, j: mine }, { p: 1, s: 0, j: 6 }, { p: 2, s: 0, j: 6 }], done: true };
  const html = String(askTemplate({ state: s, t, missions: [], laws: null, ui: { sheet: { mode: "action" } } }, d, { ask: "special_result" }).text ?? "");
  assert.match(html, /data-testid="special-ok"/);
  assert.doesNotMatch(html, /data-testid="special-ok"[^>]*disabled/, "✓ may be tapped");
  assert.doesNotMatch(String(logTemplate({ state: s, t, ui: {} })), /data-testid="action-red"/, "no Reveal red in 13");
  assert.match(S.derive(S.addEntry(s, { k: "red", a: 0, slots: [{ s: 0, j: mine }], cuts: ["R4"] })).entries.at(-1).error,
    /does the special action .* never a reveal \(mission 13\)/);
});

test("63: the round's tokens come back as the turns pass the captain's seat — also when the captain has no wire left (no turn of theirs), and a card the captain plays is no new round", () => {
  let s = oxygenTable(63, "oxygen_pass"); // 4 players, Cat (2) the captain: 24 tokens
  s.setup.mistakes = 9;
  for (let j = 0; j < 12; j += 1) s = S.addEntry(s, { k: "set", p: 2, s: 0, j, slot: { c: "cut", v: String(j + 1), m: null, col: null } }); // Cat: no wire
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "8", ok: false, real: "2" }); // Dan 8
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "9", ok: false, real: "3" }); // me 9
  s = S.addEntry(s, { k: "dual", a: 1, p: 3, s: 0, j: 1, v: "5", ok: false, real: "4" }); // Bob 5: 22 spent
  let t = S.derive(s);
  assert.equal(t.turn, 3, "Cat has no wire: Dan plays");
  assert.equal(S.oxygenFor(s, t, 3).have, 24, "past the captain's seat: a new round");
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 2, v: "7", ok: false, real: "6" }); // Dan 7
  t = S.derive(s);
  assert.equal(S.oxygenFor(s, t, 0).have, 17, "Dan spent 7 of the new round's 24");
});

test("55: the status line shows the values in the order they were validated (55's walkthrough: sorted, though cards 4 and 8 read the order)", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  let s = oxygenTable(55, "challenges");
  s.setup.challenges = [4];
  const cut = (v, p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v } });
  for (const e of [cut("9", 1, 8), cut("9", 1, 9), cut("9", 2, 8), cut("9", 3, 8), cut("4", 1, 3), cut("4", 2, 3), cut("4", 3, 3), cut("4", 3, 4)]) s = S.addEntry(s, e);
  const line = String(statusTemplate({ state: s, t: S.derive(s), missions: [] })).replace(/\s+/g, " ");
  assert.match(line, /Validated \(in order\)<\/span><span role="list" aria-labelledby="validated-lbl"><span class="chip static" role="listitem">9<\/span><span class="chip static" role="listitem">4<\/span>/);
});

test("oxygen: with no cut my tokens pay for, the empty advice points at the skip (54's walkthrough: not said)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const s = oxygenTable(54, "oxygen_own");
  const forbidden = [{ kind: "dual_cut", player: 1, stand: 0, slots: [2], value: 9, p_success: 0.5, forbidden: "oxygen: 3 tokens in hand, fewer than a cut of it takes" }];
  const page = String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [], forbidden }, missions: [], ui: {}, laws: null }));
  assert.match(page, /data-testid="moves-none">No cut my \d+ oxygen tokens? pays? for: on my turn I skip \(No oxygen: skip in the turn log\), the detonator a space on\./);
});
