// Walkie-Talkies and the Grappling Hook in the turn log: the stands change, later entries
// and earlier facts follow the wires, the engine document carries the moves.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { started } from "./tables.mjs";

test("a Grappling Hook by a teammate takes my wire: it stays known to me on their stand", () => {
  let s = started();
  // Bob (1) hooks my slot C (a 3) and files it at his slot D
  s = S.addEntry(s, { k: "hook", a: 1, p: 0, s: 0, j: 2, to: { s: 0, j: 3 } });
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.equal(t.stands[0][0].length, 11);
  assert.equal(t.stands[1][0].length, 13);
  assert.equal(t.stands[1][0][3].own, "3");
  const doc = S.engineDoc(s, t);
  assert.deepEqual(doc.moves, [{ kind: "grappling_hook", wires: [{ from: [0, 0, 2], to: [1, 0, 3] }] }]);
  assert.equal(doc.players[1].stands[0].split(" ")[3], "?3");
  assert.equal(S.engineDoc(s, t, { public: true }).players[1].stands[0].split(" ")[3], "?");
});

test("Walkie-Talkies with me: I name the wire I got, it must fit my order; undo and redo", () => {
  let s = started();
  const swap = { k: "walkie", a: 0, as: { s: 0, j: 0 }, p: 2, s: 0, j: 5, ato: { s: 0, j: 3 }, pto: { s: 0, j: 0 } };
  s = S.addEntry(s, swap);
  // (a link leaves the wire I got out: the swap is applied, my new wire waits to be named — the page asks it)
  assert.match(S.derive(s).entries[0].text, /your new wire is not named here: while it is uncut, edit this entry to say which you got/);
  assert.deepEqual(S.unnamedMine(s, S.derive(s)), { s: 0, j: 3 });
  s = S.replaceEntry(s, 0, { ...swap, got: "9" });
  assert.match(S.derive(s).entries[0].error, /cannot sit there/);
  s = S.replaceEntry(s, 0, { ...swap, got: "3" });
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.deepEqual(t.stands[0][0].map((x) => x.own).slice(0, 5), ["2", "3", "3", "3", "5"]);
  assert.equal(t.stands[2][0][0].own, "1");
  // undo takes back each edit of the entry, then the entry; redo brings them back in turn
  assert.equal(S.undo(s).log[0].got, "9");
  assert.equal(S.undo(S.undo(s)).log[0].got, undefined);
  const none = S.undo(S.undo(S.undo(s)));
  assert.equal(none.log.length, 0);
  assert.equal(S.redo(S.redo(S.redo(none))).log[0].got, "3");
});

test("a Walkie-Talkies entry refused at its second filing leaves both stands as they were", () => {
  let s = started();
  const before = S.derive(s);
  // Bob gives his A, I give my A (a 1) and file his wire at my A: accepted; Bob files mine at a slot he has not
  s = S.addEntry(s, { k: "walkie", a: 1, as: { s: 0, j: 0 }, p: 0, s: 0, j: 0, pto: { s: 0, j: 0 }, ato: { s: 0, j: 99 }, got: "1" });
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, false);
  assert.match(t.entries[0].error, /has no slot/);
  assert.deepEqual(t.stands[0][0].map((x) => x.own), before.stands[0][0].map((x) => x.own));
  assert.equal(t.stands[1][0].length, before.stands[1][0].length);
  assert.ok(t.stands[1][0].every((x) => !x.own), "Bob's wire stays unknown to me");
  assert.deepEqual(S.engineDoc(s, t).players.map((p) => p.stands), S.engineDoc(s, before).players.map((p) => p.stands));
});

test("a failed cut before a move keeps speaking of the wires of that moment", () => {
  let s = started();
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 4, v: "6", ok: false, real: "5" });
  let t = S.derive(s);
  assert.deepEqual(t.facts, [{ kind: "has", player: 1, value: 6 }]);
  // Bob then gives his slot A to Cyd (Walkie-Talkies): the fact now names Bob's wires of that moment
  s = S.addEntry(s, { k: "walkie", a: 1, as: { s: 0, j: 0 }, p: 2, s: 0, j: 0, ato: { s: 0, j: 0 }, pto: { s: 0, j: 0 } });
  t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  const has = t.facts.find((f) => f.kind === "has");
  assert.equal(has.wires.length, 12);
  assert.ok(has.wires.some(([p, st, j]) => p === 2 && st === 0 && j === 0), "Bob's old slot A is now Cyd's A");
  assert.ok(!has.wires.some(([p, , j]) => p === 1 && j === 0), "Bob's new A came from Cyd");
  // an entry refused between the two (its table left as it was) changes none of it
  const refused = structuredClone(s);
  refused.log.splice(1, 0, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "4", ok: true, cut: "4", as: { s: 0, j: 0 } });
  const tr = S.derive(refused);
  assert.equal(tr.entries[1].ok, false);
  assert.deepEqual(S.engineDoc(refused, tr).facts, S.engineDoc(s, t).facts);
});

test("a later entry refers to the wire where it is now; a cut wire cannot move", () => {
  let s = started();
  s = S.addEntry(s, { k: "hook", a: 3, p: 2, s: 0, j: 0, to: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 0 } });
  let t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.equal(t.stands[3][0][0].c, "cut");
  s = S.addEntry(s, { k: "hook", a: 1, p: 3, s: 0, j: 0, to: { s: 0, j: 0 } });
  t = S.derive(s);
  assert.match(t.entries[2].error, /only uncut wires move/);
});

test("a wire of mine that comes back is the one I knew", () => {
  let s = started();
  s = S.addEntry(s, { k: "hook", a: 1, p: 0, s: 0, j: 2, to: { s: 0, j: 3 } }); // Bob takes my 3
  const back = { k: "hook", a: 0, p: 1, s: 0, j: 3, to: { s: 0, j: 2 } }; // I take it back
  s = S.addEntry(s, { ...back, got: "5" });
  assert.match(S.derive(s).entries[1].error, /that wire is your 3, not 5/);
  s = S.replaceEntry(s, 1, { ...back, got: "3" });
  assert.equal(S.derive(s).entries[1].ok, true);
});

test("equipment cards: Single Wire Label, Disintegrator, Stabilizer, Coffee Mug, Batteries, Drop, False Bottom", () => {
  let s = started();
  // my hand: 1 2 3 3 5 6 7 8 9 10 11 12; Bob puts a Single Wire Label on his C
  s = S.addEntry(s, { k: "swl", a: 1, s: 0, j: 2 });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.equal(S.engineDoc(s, t).players[1].stands[0].split(" ")[2], "b1x");
  // Disintegrator draws 7: Cid's D and my 7 are cut; nobody has an uncut 7 left
  s = S.addEntry(s, { k: "disint", v: "7", cuts: [1, 2, 3].map((p) => ({ p, s: 0, j: 6 })).concat([{ p: 0, s: 0, j: 6 }]) });
  t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  const doc = S.engineDoc(s, t);
  assert.equal(doc.players[2].stands[0].split(" ")[6], "7");
  assert.equal(doc.facts.filter((f) => f.kind === "has_not" && f.value === 7).length, 4);
  // forgetting my own 7, or someone's, is refused, naming it
  const bad = S.derive(S.addEntry(started(), { k: "disint", v: "7", cuts: [] }));
  assert.equal(bad.entries[0].ok, false);
  assert.match(bad.entries[0].error, /your 7/);
  const few = S.derive(S.addEntry(started(), { k: "disint", v: "7", cuts: [{ p: 0, s: 0, j: 6 }] }));
  assert.match(few.entries[0].error, /4 are in play, 1 would be cut/);
  // Stabilizer: Ann's next failed cut moves nothing
  s = S.addEntry(s, { k: "stabilizer", a: 0 });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "5", ok: false, real: "4" });
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.equal(t.mistakesMade, 0);
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "5", ok: false, real: "4" });
  assert.equal(S.derive(s).mistakesMade, 1);
  // Coffee Mug: Cid passes to Ann
  s = S.addEntry(s, { k: "coffee", a: 2, next: 0 });
  t = S.derive(s);
  assert.equal(t.turn, 0);
  // Batteries give Ann's Double Detector back; Emergency Drop makes the Stabilizer usable again
  s = S.addEntry(s, { k: "detect", kind: "double", a: 0, p: 3, s: 0, js: [0, 1], v: "5", ok: false, tok: 0, real: "4" });
  assert.deepEqual(S.derive(s).usedDD, [0]);
  s = S.addEntry(s, { k: "batteries", ps: [0] });
  assert.deepEqual(S.derive(s).usedDD, []);
  assert.equal(S.derive(s).usedItems["9"], true);
  s = S.addEntry(s, { k: "drop" });
  assert.equal(S.derive(s).usedItems["9"], undefined);
  s = S.addEntry(s, { k: "false_bottom", ids: ["5"] });
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual(t.extraEquipment, ["5"]);
  // undo takes the last one back
  assert.deepEqual(S.derive(S.undo(s)).extraEquipment, []);
});

test("x-tokens (24, 40) on a stand wires moved to or from are refused with a way on: record the failure as No token", () => {
  let s = started();
  s.setup.tokens = "multiplicity";
  s = S.addEntry(s, { k: "hook", a: 1, p: 0, s: 0, j: 2, to: { s: 0, j: 3 } }); // Bob hooks my 3: his stand moved
  const fail = { k: "dual", a: 0, p: 1, s: 0, j: 6, v: "5", ok: false, mark: "2x" };
  s = S.addEntry(s, fail);
  assert.match(S.derive(s).entries[1].error, /Bob slot G: wires moved to or from this stand.*No token/);
  s = S.replaceEntry(s, 1, { k: "dual", a: 0, p: 1, s: 0, j: 6, v: "5", ok: false, silent: true });
  const t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.equal(t.stands[1][0][6].m, null);
  // a stand no move touched takes its x-token as ever
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 4, v: "3", ok: false, mark: "1x" });
  assert.equal(S.derive(s).entries[2].ok, true, S.derive(s).entries[2].error);
  // the Single Wire Label's x1 token on my stand, which the hook changed: refused, named
  s = S.addEntry(s, { k: "swl", a: 0, s: 0, j: 0 });
  assert.match(S.derive(s).entries[3].error, /Ann slot A: wires moved to or from this stand/);
});

test("My best cuts open with the free card the team plays first, in words, and the moves document lists the free cards I may play", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = started();
  s.setup.table_cards = ["1", "8", "11", "2"];
  // two 1s cut (Label ≠ usable), two 8s cut (General Radar usable); the 11s and 2s not: Coffee Mug and Walkie-Talkies locked
  const cut = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  for (const [p, j, v] of [[1, 0, "1"], [2, 0, "1"], [1, 7, "8"], [2, 7, "8"]]) s = S.addEntry(s, cut(p, j, v));
  const t = S.derive(s);
  assert.deepEqual(S.movesDoc(s, t).free_cards, ["1", "8"]);
  const say = (free_card) => String(movesTemplate({ state: s, t, moves: { moves: [], forbidden: [], free_card }, missions: [] }).text)
    .replace(/\s+/g, " ");
  assert.match(say({ card: "1", name: "Label ≠", stand: 0, slots: [1, 2], bits: 1.24, told: 0 }),
    /data-card="1"[^>]*data-slots="1 2".*First, put <b>Label ≠<\/b> on my wires Ann B\+C — it tells my teammates the most about my stand <small class="hint" title="1\.2 bits">\(it rules out 58 % of the stands they could picture\)<\/small>; then look again\./);
  assert.match(say({ card: "8", name: "General Radar", stand: 0, slots: [], value: 6, unseen: 4, told: 0 }),
    /play the <b>General Radar<\/b>: ask who has a <b>6<\/b> — none of the four 6s shows on the table yet \(what tells the team most\)/);
  assert.match(say({ card: "8", name: "General Radar", stand: 0, slots: [], value: 6, unseen: 3, told: 0 }), /1 of the four 6s shows on the table/);
  // on a teammate's turn the line is for mine
  const later = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "6" });
  assert.notEqual(S.derive(later).turn, 0);
  const free = { card: "1", name: "Label ≠", stand: 0, slots: [1, 2], bits: 1.24, told: 0 };
  assert.match(String(movesTemplate({ state: later, t: S.derive(later), moves: { moves: [], forbidden: [], free_card: free }, missions: [] }).text),
    /On my turn, first, put <b>Label ≠<\/b>/);
  assert.match(String(movesTemplate({ state: later, t: S.derive(later), moves: { moves: [], forbidden: [] }, missions: [] }).text),
    /data-testid="moves-later">for my next turn \(Bob plays now\)/);
  assert.doesNotMatch(say(null), /moves-later/, "on my turn: no word");
  assert.match(say({ card: "2", name: "Walkie-Talkies", stand: 0, slots: [], give: [0, 0], target: [1, 0, 3], told: 0 }),
    /Walkie-Talkies<\/b> with Bob: I give my slot A, they give their D — each our leftmost uncut wire/);
  assert.match(say({ card: "11.11", name: "Grappling Hook", stand: 0, slots: [], target: [2, 0, 4], told: 0 }), /take Cid E/);
  assert.match(say({ card: "11", name: "Coffee Mug", pass_to: 3, p_move: 0.41, below: 0.5 }),
    /play the <b>Coffee Mug<\/b> instead of a cut: my best is only 41%, under 50% — Dee plays next \(most wires left\)\./);
  assert.doesNotMatch(say(null), /data-testid="free-card"/);
  // with the Coffee Mug advised instead of a cut, the first row is the best cut, not the best move (a walkthrough)
  const row = { kind: "dual_cut", player: 1, stand: 0, slots: [3], value: 5, p_success: 0.41, p_red: 0, guaranteed: false, score: 0.41 };
  const withRow = (free_card) => String(movesTemplate({ state: s, t, moves: { moves: [row], forbidden: [], free_card }, missions: [] }).text);
  assert.match(withRow({ card: "11", name: "Coffee Mug", pass_to: 3, p_move: 0.41, below: 0.5 }), /data-testid="move-0-best">best cut \(the Coffee Mug first\)/);
  assert.match(withRow(null), /data-testid="move-0-best">best move</);
  // the table cards the team plays first, each with what it buys
  const move = { kind: "dual_cut", player: 1, stand: 0, slots: [3], value: 5, p_success: 0.6, score: 0.5 };
  const first = String(movesTemplate({ state: s, t, moves: { moves: [move], forbidden: [], cards_first: ["6", "9"], policy: "team" },
    missions: [] }).text).replace(/\s+/g, " ");
  assert.match(first, /Before the cut, play: Rewinder \(the detonator goes back a space\), Stabilizer \(if this cut fails, the detonator does not move and a red wire does not explode\)/);
});

test("a wire moved with an x-token leaves the token behind (mission 24's FAQ); its other tokens go with it", () => {
  let s = started();
  s.setup.tokens = "multiplicity";
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 4, slot: { c: "h", v: null, m: "2x", col: null } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 5, slot: { c: "h", v: null, m: null, col: "y" } });
  s = S.addEntry(s, { k: "hook", a: 1, p: 2, s: 0, j: 4, to: { s: 0, j: 5 } }); // Bob hooks Cy's x2 wire
  s = S.addEntry(s, { k: "hook", a: 3, p: 2, s: 0, j: 4, to: { s: 0, j: 5 } }); // Dan hooks Cy's yellow
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.map((e) => e.error)));
  assert.equal(t.stands[1][0][5].m, null);
  assert.equal(t.stands[3][0][5].col, "y");
  assert.ok(!S.engineDoc(s, t).players.some((p) => p.stands[0].includes("x")), "no x-token left in the engine's document");
  // undone, the token is back where it was
  assert.equal(S.derive(S.undo(S.undo(s))).stands[2][0][4].m, "2x");
});

test("a mission's special action goes to the engine as a rule and comes back beside my best cuts, with its chance", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = started();
  s.setup.special = ["yellow_special"];
  s.setup.yellow_dealt = "one_each"; // 41: tripwires
  assert.deepEqual(S.movesDoc(s, S.derive(s)).rules.special_action, { kind: "tripwire", holder_only: false });
  s.setup.yellow_dealt = "";
  s.setup.players = ["Ann", "Bob", "Cat"]; // 48 with 3 players: only a player holding a yellow wire acts
  assert.deepEqual(S.movesDoc(s, S.derive(s)).rules.special_action, { kind: "lethal", holder_only: true });
  s = started();
  assert.equal(S.movesDoc(s, S.derive(s)).rules.special_action, undefined, "no special action in a plain mission");
  const t = S.derive(s);
  const say = (special) => String(movesTemplate({ state: s, t, moves: { moves: [], forbidden: [], special }, missions: [] }).text)
    .replace(/\s+/g, " ");
  const sp = { action: "lethal", what: "the yellow wires", own: [[0, 0, 4]], spots: [[1, 0, 2], [2, 0, 7]], p_success: 0.62,
    p_red: 0.05, p_advance: 0.33, guaranteed: false, must: false, best: false, score: 0.7 };
  assert.match(say(sp), /Special action<\/b>: point at Ann E, Bob C, Cid H — all yellow <span data-testid="special-p">62%<\/span>; else the detonator moves \(red 5%: the bomb explodes\)\. <span data-testid="special-verdict">Not yet: a cut below is worth more\.<\/span>/);
  assert.match(say({ ...sp, action: "reds", p_red: 0.38, p_advance: 0, best: true }), /all red .*62%.*; else the bomb explodes\. .*The team&#39;s best move now\./);
  assert.match(say({ ...sp, action: "sevens", p_success: 1, guaranteed: true, must: true }), /all 7s .*100%.* \(sure\)\. .*You must take it now/);
  assert.doesNotMatch(say(null), /special-advice/);
  const later = String(movesTemplate({ state: s, t: { ...t, turn: 1 }, moves: { moves: [], forbidden: [], special: { ...sp, must: true } }, missions: [] }).text);
  assert.match(later, /You must take it on your turn/, "a teammate plays now: not 'now'");
  // 41 with no mistake left: any miss loses
  assert.match(say({ ...sp, action: "tripwire", p_explode: 0.38 }), /yellow .*62%.*; else the bomb explodes \(no mistake left\)\./);
});

test("who holds what says it is updating while my best cuts work out a newer table", async () => {
  const { holdingsTemplate } = await import("../../web/table/table-templates.js");
  const s = started();
  const holdings = [{ player: 1, stand: 0, value: 5, p_any: 0.5, expected: 0.7 }];
  const view = (pendingMoves) => String(holdingsTemplate({ state: s, t: S.derive(s), holdings, pendingMoves }));
  assert.match(view(true), /class="holdings updating".*data-testid="holdings-updating">updating…/s);
  assert.doesNotMatch(view(false), /updating/);
});

test("a Label = or ≠ is drawn on the two wires it lies in front of, and named", async () => {
  const { standsTemplate } = await import("../../web/table/table-templates.js");
  let s = started();
  s.setup.table_cards = ["1"];
  for (const p of [1, 2]) s = S.addEntry(s, { k: "set", p, s: 0, j: 0, slot: { c: "cut", v: "1" } });
  s = S.addEntry(s, { k: "label", eq: false, p: 3, s: 0, js: [4, 5] });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  const html = String(standsTemplate({ state: s, t, result: null, highlight: new Set(), picked: new Set(), culprits: new Set(), ui: {} }));
  assert.match(html, /data-testid="label-3-0-4-right">≠</);
  assert.match(html, /data-testid="label-3-0-5-left">≠</);
  assert.match(html, /aria-label="Dee, slot E: ≠ [^"]*label ≠ with the wire to its right"/);
  assert.doesNotMatch(html, /label-3-0-6/);
});

test("Chance to win: all (or none) of the games won is said so, not as \"100% ± 0%\" beside its range", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const s = started();
  const say = (win) => String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [], forbidden: [] }, missions: [], win }).text)
    .replace(/\s+/g, " ");
  const all = say({ wins: 20, n: 20, running: false });
  assert.match(all, /all of 20 games won<\/span> <span class="hint" data-testid="win-range">\(20 games; 95%: 83\.\d%–100%\)/);
  assert.doesNotMatch(all, /± 0/);
  assert.match(say({ wins: 0, n: 5, running: false }), /none of 5 games won/);
  assert.match(say({ wins: 11, n: 20, running: false }), /55% ± 11.1%/);
});

test("Think longer: a few games are told as a count, and no lead is called clear on them (2 of 2 is no \"100% ± 0%\")", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  const s = started();
  const a = { kind: "dual_cut", player: 1, stand: 0, slots: [3], value: 5, p_success: 0.6, p_red: 0, score: 0.6 };
  const b = { ...a, slots: [4], p_success: 0.5, score: 0.5 };
  const say = (won) => String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [a, b], forbidden: [] }, missions: [],
    search: { moves: [a, b], won, n: won[0].length, ms: 900 } }).text).replace(/\s+/g, " ");
  const two = say([[1, 1], [0, 0]]);
  assert.match(two, /won 2 of 2<\/small>/);
  assert.doesNotMatch(two, /± 0/);
  assert.match(two, /Bob D = 5 leads Bob E = 5 by 2 of 2 games so far \(too few to tell\)/);
  const many = say([Array(30).fill(1), Array(30).fill(0)]);
  assert.match(many, /wins 100% ± 0%/);
  assert.doesNotMatch(many, /not clear yet/);
});

test("My best cuts are recorded from the list only on my turn (or when the one whose turn it is names who cuts: 18, 51)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  const move = { kind: "dual_cut", player: 2, stand: 0, slots: [5], value: 6, p_success: 0.6, p_red: 0, p_advance: 0.4, p_explode: 0, guaranteed: false };
  const page = (st) => String(movesTemplate({ state: st, t: S.derive(st), moves: { moves: [move] }, selectedMove: 0, ui: {}, laws: null }));
  assert.match(page(s), /data-testid="move-0-record"/, "my turn");
  assert.match(page(s), /data-testid="moves-tokens-first">The starting tokens come first/, "46's walkthrough: cuts advised, tokens asked");
  const later = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "4" }); // Bob's turn now
  assert.doesNotMatch(page(later), /moves-tokens-first/, "play under way");
  assert.match(page(later), /for my next turn \(Bob plays now\)/);
  assert.doesNotMatch(page(later), /move-0-record/, "the walkthrough's 48: it recorded my move out of turn");
  const named = { ...later, setup: { ...later.setup, mission: 51 } };
  assert.match(page(named), /if Bob names me to cut/);
  assert.match(page(named), /data-testid="move-0-record"/);
});

test("no chance to win offered where the games played out leave the card out (54, 66): said instead (54's walkthrough: all won, where oxygen had lost)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s.setup.mission = 54;
  const missions = [{ number: 54, playouts_without: "its oxygen (each player's own)" }];
  const page = String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [] }, missions, ui: {}, laws: null }));
  assert.match(page, /data-testid="win-without">not estimated in this mission: the games played out would leave out its oxygen/);
  assert.doesNotMatch(page, /win-start/);
  const listed = { moves: [{ kind: "dual_cut", player: 1, stand: 0, slots: [2], value: 3, p_success: 0.5, p_red: 0, p_advance: 0.5, p_explode: 0, guaranteed: false }] };
  assert.doesNotMatch(String(movesTemplate({ state: s, t: S.derive(s), moves: listed, missions, ui: {}, laws: null })), /data-testid="search"/, "nor Think longer, whose games are the same");
  const four = String(movesTemplate({ state: { ...s, setup: { ...s.setup, mission: 4 } }, t: S.derive(s), moves: { moves: [] }, missions: [{ number: 4, playouts_without: null }], ui: {}, laws: null }));
  assert.match(four, /win-start/);
});

test("a free card advised first opens its flow with the advice's answers (a walkthrough: 2–6 taps, far below)", async () => {
  const { draftFromCard, freeCardTemplate } = await import("../../web/table/free-card-template.js");
  const setup = { ...S.defaultSetup(), me: 0 };
  assert.deepEqual(draftFromCard(setup, { card: "1", stand: 0, slots: [1, 2] }), { k: "label_ne", a: 0, p: 0, s: 0, js: [1, 2] });
  assert.deepEqual(draftFromCard(setup, { card: "4", stand: 0, slots: [5] }), { k: "postit", a: 0, p: 0, s: 0, js: [5] });
  assert.deepEqual(draftFromCard(setup, { card: "11", pass_to: 2 }), { k: "coffee", a: 0, next: 2 });
  assert.deepEqual(draftFromCard(setup, { card: "2", give: [0, 3], target: [1, 0, 0] }),
    { k: "walkie", a: 0, p: 1, s: 0, js: [0], as: { s: 0, j: 3 } });
  assert.equal(draftFromCard(setup, { card: "9" }), null);
  const html = String(freeCardTemplate({ state: { setup }, moves: { free_card: { card: "4", name: "Post-it", stand: 0, slots: [5], bits: 2 } } }));
  assert.match(html, /data-testid="free-card-record"[^>]*>Record it</, "a Post-it: any time");
  const mug = { card: "11", name: "Coffee Mug", pass_to: 2, p_move: 0.4, below: 0.5 };
  assert.doesNotMatch(String(freeCardTemplate({ state: { setup }, t: { turn: 1 }, moves: { free_card: mug } })), /free-card-record/, "the Coffee Mug: on my turn");
  assert.match(String(freeCardTemplate({ state: { setup }, t: { turn: 0 }, moves: { free_card: mug } })), /free-card-record/);
});
