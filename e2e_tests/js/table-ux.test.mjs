// The table app as a player at the table expects it (issue 42, point 3): undo/redo say what they changed and
// know when there is nothing to change, spent Double Detectors, the setup's way back to a game under way,
// plain words for tokens and equipment. (A seat taken mid-game: hand-layout.test.mjs.)
// Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { logTemplate, standsTemplate, statusTemplate } from "../../web/table/table-templates.js";
import { sheetTemplate } from "../../web/table/sheet-templates.js";
import { setupTemplate } from "../../web/table/setup-templates.js";

const MY_HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];

/** A 4-player table (Ann = me, the captain), my hand entered, on the table screen. */
function table(setup = {}) {
  let s = S.defaultState();
  Object.assign(s.setup, setup);
  for (const l of MY_HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  return s;
}

const FAILED_CUT = { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "4" };
const DD = (a, p = 3) => ({ k: "detect", kind: "double", a, p, s: 0, js: [3, 4], v: "4", ok: false, tok: 4, real: "5" });

test("an entry's edit or deletion is undone (and redone) like any change; a shared link's entries are not undone there", () => {
  let s = table();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  s = S.addEntry(s, FAILED_CUT);
  s = S.addEntry(s, DD(2));
  const edited = S.replaceEntry(s, 1, { ...FAILED_CUT, real: "6" });
  const back = S.undo(edited);
  assert.deepEqual(back.log, s.log, "undo after an edit takes back the edit, not the last turn");
  assert.equal(S.undoNote(edited, back, "undo"), "Undone: an entry's edit — now “Ann cut Bob D with a 5 (it failed)”");
  assert.deepEqual(S.redo(back).log, edited.log);
  assert.equal(S.undoNote(back, S.redo(back), "redo"), "Redone: an entry's edit — now “Ann cut Bob D with a 5 (it failed)”");
  // a deletion comes back where it was
  const deleted = S.replaceEntry(s, 0, null);
  assert.equal(deleted.log.length, 2);
  assert.deepEqual(S.undo(deleted).log, s.log);
  assert.deepEqual(S.redo(S.undo(deleted)).log, deleted.log, "and redo deletes it again");
  assert.ok(S.canUndo(deleted) && !S.canRedo(deleted) && S.canRedo(S.undo(deleted)));
  assert.equal(S.undoNote(deleted, S.undo(deleted), "undo"), "Undone: the deletion of “Bob C shows an info token 3”");
  // my wires edited after the entry's edit: undone first (the newer change), then the entry's edit
  const both = S.editHand(edited, [["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "11"]]);
  assert.deepEqual(S.undo(both).log, edited.log);
  assert.deepEqual(S.undo(S.undo(both)).log, s.log);
  // once a later entry is recorded, undo takes that one back and the edit stays
  const later = S.addEntry(edited, { k: "rewind" });
  assert.deepEqual(S.undo(later).log, edited.log);
  // the edits survive the one door (reload, link with my hand)
  assert.deepEqual(S.undo(S.normalize(JSON.parse(JSON.stringify(edited)))).log, s.log);
  // a shared link: the teammate's undo takes back only what they record after opening it
  const shared = S.normalize(JSON.parse(JSON.stringify(S.shareState(s))));
  assert.equal(S.canUndo(shared), false);
  const mine = S.addEntry(shared, { k: "rewind" });
  assert.equal(S.canUndo(mine), true);
  assert.equal(S.undo(mine).log.length, s.log.length);
  assert.equal(S.canUndo(S.undo(mine)), false);
  // editing a shared entry: undo takes the edit back, and still none of the shared entries
  const edited2 = S.replaceEntry(shared, 1, { ...FAILED_CUT, real: "6" });
  assert.equal(S.undo(S.undo(edited2)).log.length, s.log.length);
  // deleting one: there is one fewer shared entry to keep
  const del = S.replaceEntry(shared, 0, null);
  assert.equal(del.undo_floor, s.log.length - 1);
});

test("undo and redo say what they took back or brought back, in plain words", () => {
  let s = table();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  s = S.addEntry(s, FAILED_CUT);
  const undone = S.undo(s);
  assert.equal(S.undoNote(s, undone, "undo"), "Undone: Ann cut Bob D with a 5 (it failed)");
  assert.equal(S.undoNote(undone, S.redo(undone), "redo"), "Redone: Ann cut Bob D with a 5 (it failed)");
  const once = S.undo(undone);
  assert.equal(S.undoNote(undone, once, "undo"), "Undone: Bob C shows an info token 3");
  s = S.addEntry(s, DD(2));
  assert.equal(S.undoNote(s, S.undo(s), "undo"), "Undone: Cid's Double Detector on Dee D+E for a 4 (it failed)");
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "11", ok: true, cut: "11", as: { s: 0, j: 11 } });
  assert.equal(S.undoNote(s, S.undo(s), "undo"), "Undone: Bob cut Cid A with an 11");
  // entries without their own words are said as the turn log says them
  s = S.addEntry(s, { k: "rewind" });
  assert.equal(S.undoNote(s, S.undo(s), "undo"), "Undone: Rewinder: detonator −1");
  // nothing changed: nothing to say
  const fresh = S.defaultState();
  assert.equal(S.undoNote(fresh, S.undo(fresh), "undo"), null);
  assert.deepEqual(["8", "11", "Y", "R5", "Y8", "7"].map(S.aValue), ["an 8", "an 11", "a yellow", "a red 5", "a yellow 8", "a 7"]);
});

test("an undone edit of my wires says which wires it put back", () => {
  const wrong = MY_HAND.slice(0, 11).concat("11");
  let s = S.defaultState();
  for (const l of wrong) s = S.handAdd(s, 0, l);
  s.phase = "table";
  const edited = S.editHand(s, [MY_HAND]);
  const undone = S.undo(edited);
  assert.deepEqual(undone.hand, s.hand);
  assert.equal(S.undoNote(edited, undone, "undo"), "Undone: the edit of your wires (12 back to 11)");
  assert.equal(S.undoNote(undone, S.redo(undone), "redo"), "Redone: the edit of your wires (11 → 12)");
});

test("undo and redo know when there is nothing to take back or bring back", () => {
  let s = table();
  assert.deepEqual([S.canUndo(s), S.canRedo(s)], [false, false], "a fresh table: nothing to undo");
  s = S.addEntry(s, FAILED_CUT);
  assert.deepEqual([S.canUndo(s), S.canRedo(s)], [true, false]);
  s = S.undo(s);
  assert.deepEqual([S.canUndo(s), S.canRedo(s)], [false, true]);
  s = S.redo(s);
  assert.deepEqual([S.canUndo(s), S.canRedo(s)], [true, false]);
  // an edit of my wires is undone on its own, the log empty
  let h = table();
  h = S.editHand(h, [MY_HAND.slice(0, 11).concat("11")]);
  assert.deepEqual([S.canUndo(h), S.canRedo(h)], [true, false]);
  h = S.undo(h);
  assert.deepEqual([S.canUndo(h), S.canRedo(h)], [false, true]);
  // each agrees with what undo and redo do
  for (const x of [s, h, table(), S.undo(s)]) {
    assert.equal(S.canUndo(x), S.undo(x) !== x);
    assert.equal(S.canRedo(x), S.redo(x) !== x);
  }
});

test("a used Double Detector is spent until Emergency Batteries give it back; the replay refuses a second one", () => {
  let s = table({ table_cards: ["7"] });
  s = S.addEntry(s, DD(2));
  let t = S.derive(s);
  assert.ok(S.ddSpent(t, 2) && !S.ddUsable(s.setup, t, 2));
  assert.deepEqual(S.ddUsers(s.setup, t), [0, 1, 3]);
  s = S.addEntry(s, { ...DD(2, 1), real: "6" });
  t = S.derive(s);
  assert.match(t.entries.at(-1).error, /Cid has used their Double Detector already/);
  s = S.replaceEntry(s, 1, { k: "batteries", ps: [2] });
  s = S.addEntry(s, { ...DD(2, 1), real: "6" });
  t = S.derive(s);
  assert.deepEqual(t.entries.map((e) => e.ok), [true, true, true], "Emergency Batteries: Cid's works again");
  assert.ok(S.ddSpent(t, 2));
  // mine: no longer among the items the moves request offers
  const mine = S.addEntry(table(), DD(0));
  assert.ok(!S.availableItems(mine, S.derive(mine)).includes("double_detector"));
  assert.ok(S.availableItems(table(), S.derive(table())).includes("double_detector"));
  // a mission that bars the captain's: the captain has none to use
  const barred = S.addEntry(table({ dd: "captain_disabled" }), DD(0));
  assert.match(S.derive(barred).entries[0].error, /Ann has no Double Detector in this mission/);
  assert.ok(!S.ddDealt(table({ dd: "disabled" }).setup, 1));
});

test("the stand shows a spent Double Detector, and the flows no longer offer it", () => {
  let s = S.addEntry(table(), DD(2));
  let t = S.derive(s);
  const stands = String(standsTemplate({ state: s, t, result: null, highlight: new Set(), picked: new Set(), culprits: new Set() }).text);
  assert.match(stands, /data-testid="dd-spent-2"[^>]*>Double Detector used</);
  assert.ok(!stands.includes('data-testid="dd-spent-1"'));
  // the Double Detector's sheet: Cid's chip is disabled and says why; the others are not
  const draft = { k: "double", a: null };
  const sheet = (st, tt, ui) => String(sheetTemplate({ state: st, t: tt, ui, ask: S.nextAsk(st, tt, ui.draft), result: null }).text);
  const page = sheet(s, t, { sheet: { mode: "action" }, draft });
  assert.match(page, /<button[^>]*data-testid="actor-2"[^>]*disabled[^>]*aria-label="Cid: Double Detector used"/);
  assert.doesNotMatch(page, /<button[^>]*data-testid="actor-1"[^>]*disabled/);
  // editing that entry offers everyone (the table has moved on since)
  assert.doesNotMatch(sheet(s, t, { sheet: { mode: "action", edit: 0 }, draft: { ...draft, a: 2 } }), /data-testid="actor-2"[^>]*disabled/);
  // Emergency Batteries: only a used one can work again
  const bat = { k: "batteries" };
  const batPage = sheet(s, t, { sheet: { mode: "action" }, draft: bat });
  assert.match(batPage, /<button[^>]*data-testid="pick-player-1"[^>]*disabled/);
  assert.doesNotMatch(batPage, /<button[^>]*data-testid="pick-player-2"[^>]*disabled/);
  // a player with no personal equipment (28's captain: no character card) is not offered at all (28's walkthrough)
  const lazy = { ...s, setup: { ...s.setup, dd: "captain_disabled" } };
  const lazyPage = sheet(lazy, S.derive(lazy), { sheet: { mode: "action" }, draft: bat });
  assert.ok(!lazyPage.includes(`data-testid="pick-player-${s.setup.captain}"`));
  assert.match(lazyPage, /data-testid="pick-player-2"/);
  // every Double Detector spent: the turn log no longer offers the action
  const offered = (st) => String(logTemplate({ state: st, t: S.derive(st) }).text).includes('data-testid="action-double"');
  assert.ok(offered(s));
  for (const a of [0, 1, 3]) s = S.addEntry(s, DD(a, a === 3 ? 1 : 3));
  assert.ok(!offered(s));
});

test("the setup of a game under way leads back to it; a new game's does not", () => {
  const page = (st) => String(setupTemplate(st, null).text);
  const fresh = page(S.defaultState());
  assert.ok(fresh.includes("New game") && !fresh.includes('data-testid="setup-back"'));
  assert.match(fresh, /data-testid="setup-start"[^>]*>Next: my wires</);
  const mid = { ...S.addEntry(table(), FAILED_CUT), phase: "setup" };
  const text = page(mid);
  assert.match(text, /data-testid="setup-back"[^>]*>Back to the game</);
  assert.match(text, /<h2>Game setup<\/h2>/);
  assert.match(text, /data-testid="setup-start"[^>]*>Back to the game</);
  // another seat taken (my wires gone): back to the game through my wires
  const other = structuredClone(mid);
  Object.assign(other, { hand: [] });
  other.setup.me = 1;
  assert.match(page(other), /data-testid="setup-start"[^>]*>Back to the game: my wires</);
});

test("a set entry in plain words: an info token, a cut wire, a token", () => {
  let s = table({ tokens: "even_odd" });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 0, slot: { c: "info", v: "1" } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "cut", v: "4" } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 1, slot: { c: "h", m: "E" } });
  s = S.addEntry(s, { k: "set", p: 3, s: 0, j: 2, slot: { c: "info", v: "Y" } });
  assert.deepEqual(S.derive(s).entries.map((e) => e.text),
    ["Ann A shows an info token 1", "Bob D is cut: 4", "Cid B shows an even token", "Dee C shows a yellow info token"]);
});

test("equipment waiting for its number says what “0/2 cut” means", () => {
  let s = table({ table_cards: ["11", "2.2", "3"] });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "cut", v: "3" } }); // one 3 cut
  const page = String(statusTemplate({ state: s, t: S.derive(s), result: null }).text);
  assert.match(page, /data-testid="card-state-11"[^>]*title="Coffee Mug, 0\/2 cut: usable once two 11s are cut"[^>]*>11 Coffee Mug 0\/2 cut</);
  assert.match(page, /title="Triple Detector, 1\/2 cut: usable once two 3s are cut"/);
  assert.match(page, /title="Single Wire Label, 0\/4 cut: usable once all four 2s are cut"/);
  assert.match(page, /data-testid="equipment-legend">“0\/2 cut”: a card is usable once two wires of its number are cut \(all four for a double number such as 2\.2\)\.</);
  const none = String(statusTemplate({ state: table({ table_cards: [] }), t: S.derive(table({ table_cards: [] })), result: null }).text);
  assert.ok(!none.includes("equipment-legend"));
});

test("editing a failed detector changes just its token: the wires and the value stay", () => {
  let s = table();
  s = S.addEntry(s, DD(2));
  const d = S.draftFromEntry(s.log[0]);
  assert.ok(S.editChanges(s.setup, d).includes("token"));
  assert.ok(!S.editChanges(s.setup, { ...d, ok: true }).includes("token"), "a success shows no token");
  const cleared = S.clearAnswer(d, "token");
  assert.deepEqual([cleared.js, cleared.v, cleared.ok, cleared.tok, cleared.real], [[3, 4], "4", false, undefined, undefined]);
  const t = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t, cleared), { ask: "which", field: "tok" });
});

test("once the bomb explodes the turn log and a slot's sheet say the game is over and record nothing more", async () => {
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  let s = table();
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "R5" });
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  const t = S.derive(s);
  assert.ok(t.exploded);
  const log = String(logTemplate({ state: s, t }).text);
  assert.match(log, /data-testid="log-over"/);
  assert.doesNotMatch(log, /data-testid="action-/);
  const sheet = String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "slot", key: "2-0-4", tab: "cut" }, draft: { k: "dual" } } }));
  assert.match(sheet, /data-testid="sheet-over"/);
  assert.doesNotMatch(sheet, /data-testid="tab-cut"/);
});

test("31: my constraint card is one of A-E, picked first (above the stands) until it is chosen", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  const { preset } = await import("./tables.mjs");
  const missions = [preset({ number: 31, constraints: "chosen" }), preset({ number: 32, constraints: "deck" })];
  const s = table({ mission: 31 });
  const draw = (st, top) => String(cardsTemplate({ state: st, t: S.derive(st), missions }, top));
  const top = draw(s, true);
  assert.match(top, /data-testid="card-E"/);
  assert.doesNotMatch(top, /data-testid="card-F"/, "31 deals A-E only");
  assert.match(top, /pick one of A–E, before the starting tokens/);
  assert.doesNotMatch(draw(s, false), /data-testid="card-/, "not twice");
  const chosen = { ...s, setup: { ...s.setup, cards: ["C"] } };
  assert.equal(draw(chosen, true), "");
  assert.match(draw(chosen, false), /My constraint card: C/);
  // 32, 37: the card face up for everyone is asked on top until tapped; 37: a value validated since replaces it
  const deck = table({ mission: 32 });
  assert.match(draw(deck, true), /data-testid="card-L"/, "32's deck: A-L");
  assert.match(draw(deck, true), /data-testid="card-due"[^>]*>Tap the card face up/);
  assert.equal(draw(deck, false), "", "not twice");
  const set = { ...deck, setup: { ...deck.setup, cards: ["D"] } };
  assert.equal(draw(set, true), "");
  assert.doesNotMatch(draw(set, false), /card-due/);
  const m37 = { ...set, setup: { ...set.setup, mission: 37, cards_at: 0 } };
  missions.push(preset({ number: 37, constraints: "deck" }));
  const cut = (st, v) => [0, 1, 2, 3].reduce((x, p) => S.addEntry(x, { k: "set", p, s: 0, j: 11, slot: { c: "cut", v } }), st);
  assert.doesNotMatch(draw(m37, false), /card-due/);
  const validated = cut(m37, "12");
  assert.match(draw(validated, false), /data-testid="card-due"[^>]*>A value's four wires were cut, or a whole round was skipped: the next card of the deck replaces this one/);
  assert.match(draw(validated, false), /; until then My best cuts still follows card D\./, "the advice's card, said");
  assert.doesNotMatch(draw({ ...validated, setup: { ...validated.setup, cards: ["A"], cards_at: 1 } }, false), /card-due/, "replaced");
});

test("Who holds what says it scrolls sideways when its values do not fit a phone", async () => {
  const { holdingsTemplate } = await import("../../web/table/table-templates.js");
  const s = table();
  const row = (value) => ({ player: 1, stand: 0, value, p_any: 0.5, expected: 0.5 });
  const draw = (n) => String(holdingsTemplate({ state: s, holdings: Array.from({ length: n }, (_, i) => row(i + 1)) }));
  assert.match(draw(14), /data-testid="holdings-scroll"/);
  assert.doesNotMatch(draw(8), /holdings-scroll/);
});

test("each slot and fact knows the entry behind it, so an impossible table's culprits lead back to their entries", () => {
  let s = table();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  s = S.addEntry(s, FAILED_CUT);
  s = S.addEntry(s, DD(2));
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 4, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "dual", a: 9, p: 1, s: 0, j: 5, v: "5", ok: true }); // no such player: skipped
  assert.deepEqual(S.derive(s).slotEntry, {}, "traced only when asked (the error box asks)");
  const t = S.derive(s, { touched: true });
  assert.equal(t.entries[4].ok, false);
  assert.equal(t.slotEntry["1-0-2"], 0, "Bob C's token: the starting-token entry");
  assert.equal(t.slotEntry["1-0-3"], 1, "Bob D's token: the failed cut that put it there");
  assert.equal(t.slotEntry["1-0-4"], 3);
  assert.equal(t.slotEntry["3-0-4"], 2, "the Double Detector's token on Dee E");
  assert.equal(t.slotEntry["1-0-5"], undefined, "a skipped entry changes nothing");
  assert.equal(t.slotEntry["0-0-0"], undefined, "my own wires come with the hand, not an entry");
  // the failed Double Detector's fact (Dee D or E is not a 4) is the third entry's
  const dd = t.facts.findIndex((f) => f.player === 3);
  assert.ok(dd >= 0);
  assert.equal(t.factEntry[dd], 2);
});

test("a cut against the token its slot shows is refused by name (an earlier token changed since, a slip)", () => {
  let s = table();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "9" } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "6", ok: true, cut: "6", as: { s: 0, j: 5 } });
  let t = S.derive(s);
  assert.equal(t.entries[1].ok, false);
  assert.equal(t.entries[1].error, "Bob slot C shows an info token 9: it cannot be cut as 6");
  assert.equal(S.engineDoc(s, t).players[1].stands[0].split(" ")[2], "i9", "the token kept, not overwritten");
  let e = table({ tokens: "even_odd" });
  e = S.addEntry(e, { k: "set", p: 2, s: 0, j: 4, slot: { c: "h", v: null, m: "E" } });
  e = S.addEntry(e, { k: "dual", a: 0, p: 2, s: 0, j: 4, v: "5", ok: true, cut: "5", as: { s: 0, j: 4 } });
  t = S.derive(e);
  assert.equal(t.entries[1].error, "Cid slot E shows an even token: it cannot be cut as 5");
});

test("editing a success lets the cutter's own wire be changed (the wire cut with it), asked again", () => {
  let s = table();
  const cut = { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: true, cut: "1", as: { s: 0, j: 3 } };
  s = S.addEntry(s, cut);
  const d = S.draftFromEntry(S.normalize(s).log[0]);
  assert.ok(S.editChanges(s.setup, d).includes("own"));
  assert.equal(S.changeWord("own"), "cutter's wire");
  assert.ok(!S.editChanges(s.setup, { ...d, ok: false, real: "2" }).includes("own"), "a failure cut nothing of theirs");
  const again = S.clearAnswer(d, "own");
  assert.equal(again.as, undefined);
  assert.equal(again.js[0], 0, "the teammate's wire stays");
  assert.equal(S.nextAsk(s, S.derive(s), again).ask, "actor_slot");
});

test("one sheet at a time: an entry's edit opened under the Share panel closes it; × over a sheet closes the panel alone", async () => {
  const { oneSheetAtATime } = await import("../../web/table/table-store.js");
  const { slotActs } = await import("../../web/table/acts-slot.js");
  const { logActs } = await import("../../web/table/acts-log.js");
  let s = S.defaultState();
  s.phase = "table";
  for (const l of MY_HAND) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: false, real: "4" });
  const app = { state: s, ui: { sheet: null, draft: null, share: null }, results: {}, derived() { return S.derive(this.state); },
    closeSheet() { Object.assign(this.ui, { sheet: null, draft: null, sheetError: null }); }, view: {},
    render() { this.lastSheet = oneSheetAtATime(this.ui, this.lastSheet); } };
  app.ui.share = { withHand: false, url: "x", status: "" };
  app.render();
  logActs(app).edit("0"); // (61's walkthrough: the edit sheet drawn over the panel)
  assert.ok(app.ui.sheet, "the edit sheet is open");
  assert.equal(app.ui.share, null, "the panel gave way");
  // the panel opened over a half-answered sheet hides it; its × closes the panel alone, the sheet comes back as it was
  const sheet = app.ui.sheet;
  app.ui.share = { withHand: false, url: "x", status: "" };
  app.render();
  assert.ok(app.ui.share && app.ui.sheet === sheet, "both kept: the view draws the panel alone");
  slotActs(app)["close-sheet"]();
  assert.equal(app.ui.share, null);
  assert.equal(app.ui.sheet, sheet, "the sheet under it kept");
});
