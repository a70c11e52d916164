// "Edit my wires" (web/table/hand.js): my wires replaced at the table in one change, the turn log kept and
// flagged where it no longer fits, undo/redo, and the edit kept through a reload but never in a share link.
// Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";

const RIGHT = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
const WRONG = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "11"]; // the last tap hit 11, not 12

/** A 4-player table (me = Ann) with my hand entered as `labels`, on the table screen. */
function tableWith(labels, setup = {}) {
  let s = S.defaultState();
  Object.assign(s.setup, setup);
  for (const l of labels) s = S.handAdd(s, 0, l);
  s.phase = "table";
  assert.ok(S.handComplete(s), `hand ${labels} is not complete`);
  return s;
}

const myStand = (s) => S.engineDoc(s).players[0].stands[0].split(" ");

test("a picked wire is replaced and the stand sorts itself; copies are respected", () => {
  const s = tableWith(WRONG);
  assert.deepEqual(S.handReplace(s, 0, 11, "12").hand[0], RIGHT);
  // the first wire becomes a 4: it moves to its place among the others
  assert.deepEqual(S.handReplace(s, 0, 0, "4").hand[0], ["2", "3", "3", "4", "5", "6", "7", "8", "9", "10", "11", "11"]);
  // two more 11s would make five: refused; the same value again changes nothing
  const eleven = S.handReplace(S.handReplace(s, 0, 0, "11"), 0, 0, "11");
  assert.equal(eleven.hand[0].filter((x) => x === "11").length, 4);
  assert.equal(S.handReplace(eleven, 0, 0, "11"), eleven, "a fifth 11 is refused");
  assert.deepEqual(S.handReplace(s, 0, 11, "11").hand, s.hand);
  assert.equal(S.handReplace(s, 0, 12, "4"), s, "no wire 12 on a 12-wire stand");
  assert.equal(S.handReplace(s, 0, 0, "Q"), s, "not a wire");
});

test("with X tokens the replaced X wire stays the unsorted far-right one, and a re-entered hand ends with it", () => {
  const setup = { x_tokens: true };
  const s = tableWith(["12", "1", "3", "3", "5", "6", "7", "8", "9", "10", "11", "4"], setup); // 4 entered last: my X wire
  assert.equal(s.hand[0].at(-1), "X4");
  const fixed = S.handReplace(s, 0, 11, "2");
  assert.equal(fixed.hand[0].at(-1), "X2");
  assert.deepEqual(fixed.hand[0].slice(0, -1), ["1", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]);
  // a sorted wire replaced by a big value stays among the sorted ones, left of the X wire
  assert.deepEqual(S.handReplace(s, 0, 0, "12").hand[0].slice(-2), ["12", "X4"]);
  // cleared and entered again from the keypad: the last key is the X wire
  let hand = [];
  for (const l of ["12", "1", "3", "3", "5", "6", "7", "8", "9", "10", "11", "2"]) hand = S.handEditKey(s, hand, null, l);
  assert.deepEqual(hand[0], fixed.hand[0]);
  assert.deepEqual(S.handEditKey(s, hand, null, "4"), hand, "a full hand takes no more");
  assert.deepEqual(S.handEditKey(s, hand, { s: 0, i: 11 }, "4")[0].at(-1), "X4");
});

test("an edit is one change: the log is kept, the entries it contradicts are flagged, the document follows", () => {
  let s = tableWith(WRONG);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } }); // Bob's starting token
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 11, slot: { c: "info", v: "11" } }); // my token, on the wrong wire
  s = S.addEntry(s, { k: "dual", a: 2, p: 0, s: 0, j: 10, v: "11", ok: true, cut: "11", as: { s: 0, j: 9 } });
  assert.deepEqual(S.derive(s).entries.map((e) => e.ok), [true, true, true]);
  const edited = S.editHand(s, [RIGHT]);
  assert.deepEqual(edited.hand[0], RIGHT);
  assert.deepEqual(edited.log, s.log, "the turn log is kept");
  const t = S.derive(edited);
  assert.deepEqual(t.entries.map((e) => e.ok), [true, false, true]);
  assert.match(t.entries[1].error, /slot L is your 12, not 11/);
  assert.equal(myStand(edited)[11], "?12");
  assert.equal(myStand(s)[11], "i11");
  assert.equal(S.editHand(edited, edited.hand), edited, "no change, no new state");
});

test("undo right after an edit brings my old wires back; redo the new ones; the log is untouched", () => {
  let s = tableWith(WRONG);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  const edited = S.editHand(s, [RIGHT]);
  const back = S.undo(edited);
  assert.deepEqual(back.hand, s.hand);
  assert.deepEqual(back.log, s.log);
  assert.deepEqual(back.redo, []);
  const again = S.redo(back);
  assert.deepEqual(again.hand, [RIGHT]);
  assert.deepEqual(again.log, s.log);
  // the next undo after the edit is undone takes back the entry before it
  const older = S.undo(back);
  assert.deepEqual(older.log, []);
  assert.deepEqual(older.hand, s.hand);
  // redo in the reverse order: the entry first, then my wires
  assert.deepEqual(S.redo(older).log, s.log);
  assert.deepEqual(S.redo(older).hand, s.hand);
  assert.deepEqual(S.redo(S.redo(older)).hand, [RIGHT]);
});

test("an entry logged after the edit is undone first; a new entry ends the edit's redo", () => {
  const edited = S.editHand(tableWith(WRONG), [RIGHT]);
  const logged = S.addEntry(edited, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  const one = S.undo(logged);
  assert.deepEqual(one.log, []);
  assert.deepEqual(one.hand, [RIGHT], "the entry goes first");
  assert.deepEqual(S.undo(one).hand, [WRONG], "then my wires");
  const undone = S.undo(edited);
  const fresh = S.addEntry(undone, { k: "rewind" });
  assert.deepEqual(S.redo(fresh), fresh, "nothing left to redo after a new entry");
  assert.deepEqual(fresh.hand_redo, []);
});

test("my wires changed by other means (another seat, the hand screen) leave the edit stale: undo takes the last entry", () => {
  let s = S.addEntry(S.editHand(tableWith(WRONG), [RIGHT]), { k: "rewind" });
  s = S.handRemove(s, 0, 0); // the first hand screen's "tap to take it back"
  s = S.undo(S.undo(s));
  assert.deepEqual(s.log, []);
  assert.equal(s.hand[0].length, 11, "the stale edit is not applied");
});

test("the edit survives a reload (hash and storage), never goes into a share link, and old hashes stay as they were", () => {
  const plain = tableWith(WRONG);
  const { v, phase, setup, hand, log, redo } = plain;
  const before = Buffer.from(JSON.stringify({ v, phase, setup, hand, log, redo })).toString("base64url");
  assert.equal(S.encodeHash(plain), `#g=${before}`, "a table with no edit keeps the hash it had");
  const edited = S.editHand(plain, [RIGHT]);
  const read = S.decodeHash(S.encodeHash(edited)).state;
  assert.deepEqual(read.hand, [RIGHT]);
  assert.deepEqual(S.undo(read).hand, [WRONG], "undo still works after a reload");
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(edited))).hand_undo, edited.hand_undo);
  const shared = S.shareState(edited, true);
  assert.deepEqual(shared.hand_undo, []);
  assert.deepEqual(S.shareState(edited).hand_undo, []);
  const pub = S.shareState(S.undo(edited)); // an undone edit holds my wires too (for redo)
  assert.deepEqual([pub.hand, pub.hand_undo, pub.hand_redo], [[], [], []], "no wire of mine in the public link");
});

test("the one door drops unreadable edits and keeps the rest", () => {
  const raw = JSON.parse(JSON.stringify(S.editHand(tableWith(WRONG), [RIGHT])));
  raw.hand_undo.unshift({ at: -1, before: [], after: [] }, "x", { at: 2, before: [["Q", "3"]], after: 7 });
  raw.hand_redo = { not: "a list" };
  const n = S.normalize(raw);
  assert.deepEqual(n.hand_undo, [{ at: 2, before: [["3"]], after: [] }, { at: 0, before: [WRONG], after: [RIGHT], seq: 1 }]);
  assert.deepEqual(n.hand_redo, []);
  raw.hand_undo = Array.from({ length: 30 }, (_, at) => ({ at, before: [], after: [] }));
  assert.equal(S.normalize(raw).hand_undo.length, S.HAND_EDITS_KEPT);
  assert.deepEqual(S.normalize({ setup: {} }).hand_undo, []);
});

test("in mission 35 my X wire is blue: a red or yellow wire is refused there, on entry and on edit", () => {
  const setup = { x_tokens: true, x_blue: true, red: { mode: "list", nums: [6], keep: 1, known: [] } };
  let s = S.defaultState();
  Object.assign(s.setup, setup);
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  assert.equal(S.standSizes(s.setup)[0][0], 13);
  assert.equal(S.handAdd(s, 0, "R6"), s, "the X slot is next: a red wire cannot be it");
  const done = S.handAdd(s, 0, "4");
  assert.equal(done.hand[0].at(-1), "X4");
  assert.equal(S.handReplace(done, 0, 12, "R6"), done, "nor replace my blue X wire");
  assert.equal(S.handReplace(done, 0, 12, "12").hand[0].at(-1), "X12");
  // without x_blue (mission 20) the X wire may be any colour
  const twenty = { ...s, setup: { ...s.setup, x_blue: false } };
  assert.equal(S.handAdd(twenty, 0, "R6").hand[0].at(-1), "XR6");
});

test("a setup change during a game (a constraint card tapped) is what undo takes back, not the last turn", () => {
  let s = tableWith(RIGHT);
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: false, real: "2" });
  const card = S.editSetup(s, { ...structuredClone(s), setup: { ...structuredClone(s.setup), cards: ["C"] } });
  assert.deepEqual(card.setup.cards, ["C"]);
  const back = S.undo(card);
  assert.deepEqual(back.setup.cards ?? [], s.setup.cards ?? []);
  assert.equal(back.log.length, 1, "the turn stays");
  assert.match(S.undoNote(card, back, "undo"), /^Undone: my constraint cards back to none \(was C\)$/);
  const again = S.redo(back);
  assert.deepEqual(again.setup.cards, ["C"]);
  assert.equal(S.undo(S.undo(card)).log.length, 0, "then the turn, as before");
  // kept through a reload (the stored state is read again), not in a share link
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(card))).setup_undo.at(-1).after.cards, ["C"]);
  assert.deepEqual(S.shareState(card).setup_undo, []);
  // a new seat is not an edit undo could give back (its wires are entered again)
  const seat = S.editSetup(s, { ...structuredClone(s), setup: { ...structuredClone(s.setup), me: 1 } });
  assert.equal(seat.setup_undo?.length ?? 0, 0);
});

test("Edit my wires: a value that would sort the picked wire past a wire the table shows cut is not offered", async () => {
  const { handTemplate } = await import("../../web/table/setup-templates.js");
  let s = tableWith(RIGHT);
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 4, slot: { c: "cut", v: "5", m: null, col: null } }); // my 5, cut
  const keys = (pick) => String(handTemplate(s, { hand: structuredClone(s.hand), pick }));
  const html = keys({ s: 0, i: 2 }); // my first 3 picked
  assert.doesNotMatch(html, /data-testid="key-4"[^>]*disabled/, "a 4 keeps the cut 5 in its slot");
  assert.match(html, /data-testid="key-6"[^>]*disabled/, "a 6 would push the cut 5 to the left");
});

test("an impossible table's box names what Undo takes back: the last entry, or my wires edited after it", async () => {
  const { errorTemplate } = await import("../../web/table/table-view.js");
  let s = tableWith(WRONG);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3" } });
  const err = { title: "No deal can produce this table.", message: "…", culprits: [] };
  const box = (state) => String(errorTemplate(err, { state, t: S.derive(state) }));
  assert.match(box(s), /Last recorded: “Bob C shows an info token 3”\./);
  const edited = S.editHand(s, [RIGHT]);
  assert.match(box(edited), /Undo takes back the last change: the edit of your wires \(12 back to 11\)\./);
  assert.doesNotMatch(box(edited), /Last recorded/);
  assert.doesNotMatch(box(tableWith(WRONG)), /table-error-last/, "nothing to undo: no way back offered");
});

test("an impossible table that names a wire of my hand offers Edit my wires beside the log's entries (33's walkthrough)", async () => {
  const { errorTemplate } = await import("../../web/table/table-view.js");
  const s = tableWith(WRONG);
  const at = (player) => [{ kind: "slot", player, stand: 0, slot: 6 }];
  const box = (a) => String(errorTemplate({ title: "No deal can produce this table.", message: "…", culprits: ["Ann slot G"], at: a }, { state: s, t: S.derive(s) }));
  assert.match(box(at(0)), /data-testid="table-error-own">Your own wires are part of it: one tapped in wrong\?[^]*data-testid="table-error-edit-hand"/);
  assert.doesNotMatch(box(at(1)), /table-error-own/, "a teammate's wire: not my hand");
  assert.doesNotMatch(box(undefined), /table-error-own/);
});

test("an engine message shown in the error box starts with a capital, as a sentence after its title", async () => {
  const { errorTemplate } = await import("../../web/table/table-view.js");
  const s = tableWith(WRONG);
  const box = String(errorTemplate({ title: "This table breaks a rule.", message: "only 4 wires 12 exist, but 5 are entered", culprits: [] }, { state: s, t: S.derive(s) }));
  assert.match(box, /This table breaks a rule\.<\/strong> <span data-testid="table-error-message">Only 4 wires 12 exist/);
});

test("a redo that cuts a wire the open sheet points at closes the sheet and says so (20's walkthrough: every answer greyed, a dead end)", async () => {
  const { logActs } = await import("../../web/table/acts-log.js");
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  s = S.undo(s);
  const said = [];
  const app = { state: s, ui: { sheet: { mode: "action" }, draft: { k: "dual", a: 2, p: 1, s: 0, js: [2] } }, derived() { return S.derive(this.state); },
    commit(next) { this.state = next; }, closeSheet() { this.ui.sheet = null; this.ui.draft = null; }, render() {}, view: { flash: (m) => said.push(m) } };
  logActs(app).redo();
  assert.equal(app.state.log.length, 1);
  assert.deepEqual([app.ui.sheet, app.ui.draft], [null, null]);
  assert.match(said[0], /^Redone: .* — the open sheet named a wire cut now: closed$/);
  // a sheet on other wires stays open
  app.state = S.undo(app.state);
  app.ui = { sheet: { mode: "action" }, draft: { k: "dual", a: 2, p: 3, s: 0, js: [4] } };
  logActs(app).redo();
  assert.deepEqual(app.ui.draft, { k: "dual", a: 2, p: 3, s: 0, js: [4] });
  assert.doesNotMatch(said[1], /closed/);
});

test("the culprits of one entry are one line with one 'Change it' (59's walkthrough: a skip's nine facts filled the screen)", async () => {
  const { errorTemplate, culpritGroups } = await import("../../web/table/table-view.js");
  const err = { title: "No deal can produce this table.", message: "…", culprits: ["Bob has no 1", "Bob has no 2", "Cid slot B (info token 4)", "Bob has no 3"], links: [0, 0, undefined, 0] };
  assert.deepEqual(culpritGroups(err).map((g) => [g.cs.length, g.i, g.k]), [[3, 0, 0], [1, undefined, 2]]);
  const s = tableWith(WRONG);
  const box = String(errorTemplate(err, { state: s, t: S.derive(s) }));
  assert.equal((box.match(/<li>/g) ?? []).length, 2);
  assert.match(box, /Bob has no 1; Bob has no 2; Bob has no 3/);
});
