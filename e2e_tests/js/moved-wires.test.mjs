// A wire moved by Walkie-Talkies, the Grappling Hook or from Nano: the wire its receiver got is theirs to say (`got`, with
// `gp`, the player whose phone recorded it) — a shared link opened on the other receiver's phone names none of theirs.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { started } from "./tables.mjs";

/** Ann (me) holds 1 2 3 3 5 6 7 8 9 10 11 12; the Walkie-Talkies lie face up. */
function table() {
  const s = started();
  s.setup.table_cards = ["2", "3", "8", "6"];
  return s;
}

// Bob gives his C and takes Ann's E (her 5): each files the new wire at E
const SWAP = { k: "walkie", a: 1, p: 0, s: 0, j: 4, as: { s: 0, j: 2 }, ato: { s: 0, j: 4 }, pto: { s: 0, j: 4 } };

test("recorded on my phone, the wire I got is mine and tagged so; on Bob's phone it is not his", () => {
  const s = table();
  const d = { ...SWAP, js: [4] };
  delete d.j;
  assert.deepEqual(S.nextAsk(s, S.derive(s), d), { ask: "got" }, "Ann received one: she names it");
  const e = S.buildEntry(s, S.derive(s), { ...d, got: "4" });
  assert.equal(e.gp, 0, "the wire got is Ann's");
  const mine = S.derive(S.addEntry(s, e));
  assert.ok(mine.entries.at(-1).ok, mine.entries.at(-1).error);
  assert.equal(mine.stands[0][0][4].own, "4");
  assert.match(mine.entries.at(-1).text, /\(got 4\)/);
  // the link opened by Bob (his wires entered: 1 1 2 2 4 …), who also received a wire (Ann's 5): Ann's 4 is not his
  let bob = { ...table(), hand: [], setup: { ...table().setup, me: 1 } };
  for (const l of ["1", "1", "2", "2", "4", "6", "7", "8", "9", "10", "11", "12"]) bob = S.handAdd(bob, 0, l);
  bob = S.addEntry(bob, e);
  const seen = S.derive(bob);
  assert.ok(seen.entries.at(-1).ok, "the swap is applied, not skipped (the walkthrough: two entries were)");
  assert.doesNotMatch(seen.entries.at(-1).text, /got 4/, "Ann's wire is hers: not shown to others");
  assert.match(seen.entries.at(-1).text, /your new wire is not named \(recorded on Ann's phone\)/);
});

test("on the other receiver's phone their new wire waits to be named; an edit asks it, and then it is theirs", () => {
  const s = S.addEntry(table(), { ...SWAP, got: "9", gp: 1 }); // recorded on Bob's phone: he got a 9
  const t = S.derive(s);
  const last = t.entries.at(-1);
  assert.ok(last.ok, last.error);
  assert.match(last.text, /your new wire is not named \(recorded on Bob's phone\): while it is uncut, edit this entry to say which you got/);
  assert.ok(!t.stands[0][0][4].own, "not taken for a 9 of Ann's");
  assert.doesNotMatch(last.text, /got 9/);
  const d = S.draftFromEntry(s.log.at(-1));
  assert.deepEqual(S.nextAsk(s, S.derive({ ...s, log: [] }), d), { ask: "got" }, "the edit asks Ann's");
  const e = S.buildEntry(s, S.derive({ ...s, log: [] }), { ...d, got: "4" });
  assert.equal(e.gp, 0);
  const fixed = S.derive({ ...s, log: [e] });
  assert.ok(fixed.entries.at(-1).ok);
  assert.equal(fixed.stands[0][0][4].own, "4");
});

test("an entry saved before the tag (no gp) reads as before: the wire got is mine", () => {
  const t = S.derive(S.addEntry(table(), { ...SWAP, got: "4" }));
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.equal(t.stands[0][0][4].own, "4");
});

test("the walkthrough: a two-stand player's wires to give are a row per stand, letters only; the prompt says whose wire to tap", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.setup.players = ["Ann", "Bob"];
  s.phase = "table";
  const t = S.derive(s);
  const render = (d) => String(askTemplate({ state: s, t, ui: { sheet: { mode: "action" }, draft: d }, holdings: null }, d, S.nextAsk(s, t, d)));
  assert.match(render({ k: "walkie", a: 1 }), /Tap the teammate's wire Bob took, on the table\./);
  const give = render({ k: "walkie", a: 1, p: 0, s: 1, js: [3] });
  assert.match(give, /Which of Bob's wires went to Ann\?/);
  assert.equal((give.match(/class="row"/g) ?? []).length, 2, "a row per stand");
  assert.match(give, /<span class="lbl">Bob \(stand 2\)<\/span>/);
  assert.match(give, /aria-label="Bob \(stand 1\) C"[^>]*>C<\/button>/);
});

test("the walkthrough: with two stands, a success's line says which of the cutter's stands the wire left", () => {
  const setup = { ...S.defaultSetup(), players: ["Ann", "Bob"] };
  const e = { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 1, j: 1 }, av: "3" };
  assert.equal(S.describeEntry(e, setup), "Ann: Bob (stand 1) C is 3? ✓ cut 3 (with their stand 2 B)");
  assert.equal(S.describeEntry({ ...e, v: "Y", cut: "Y3", av: "Y4" }, setup), "Ann: Bob (stand 1) C is yellow? ✓ cut Y3 (with their Y4, stand 2 B)");
  const four = { ...S.defaultSetup() };
  assert.equal(S.describeEntry({ ...e, as: { s: 0, j: 1 } }, four), "Ann: Bob C is 3? ✓ cut 3");
});

test("the page finds my wire a move left unnamed (the engine could not weigh the table): which one", () => {
  const s = S.addEntry(table(), { ...SWAP, got: "9", gp: 1 });
  assert.deepEqual(S.unnamedMine(s, S.derive(s)), { s: 0, j: 4 });
  assert.equal(S.unnamedMine(table(), S.derive(table())), null);
  const named = S.addEntry(table(), { ...SWAP, got: "4", gp: 0 });
  assert.equal(S.unnamedMine(named, S.derive(named)), null);
});

test("the walkthrough: a seat taken from a link fills in only the wires dealt to it — not one received by a swap and cut since", () => {
  // Ann gives her 11 (K) to Bob for his A (a 1); Bob's 11 is cut later: Bob was never dealt an 11
  let s = table();
  s = S.addEntry(s, { k: "walkie", a: 0, as: { s: 0, j: 10 }, p: 1, s: 0, j: 0, ato: { s: 0, j: 0 }, pto: { s: 0, j: 11 }, got: "1", gp: 0 });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 11, slot: { c: "cut", v: "11" } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "cut", v: "4" } });
  assert.ok(S.derive(s).entries.every((e) => e.ok), JSON.stringify(S.derive(s).entries.filter((e) => !e.ok)));
  assert.deepEqual(S.publicHand(S.shareState(s), 1), [["4"]], "his 4 was dealt to him; the 11 came from Ann");
});
