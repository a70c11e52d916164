// The X-or-Y Ray with a detector (the rulebook: the Ray combines with the Double, Triple or Super Detector): a detect
// entry naming two values, both items spent, the facts of both values, refused without a Ray at hand.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { checkEntry } from "../../web/table/table-doc.js";
import { entryWords } from "../../web/table/undo-words.js";
import { askTemplate } from "../../web/table/sheet-templates.js";
import { started } from "./tables.mjs";

/** Ann (me) holds 1 2 3 3 5 6 7 8 9 10 11 12, her turn; the X-or-Y Ray lies face up; with `unlocked`, two 10s are cut
 * (Bob's and Dan's first wires, set by hand). */
function table(unlocked = true) {
  let s = started();
  s.setup.table_cards = ["10", "3", "8", "6"];
  if (unlocked) {
    for (const p of [1, 3]) s = S.addEntry(s, { k: "set", p, s: 0, j: 0, slot: { c: "cut", v: "10" } });
  }
  return s;
}

const pointed = (over) => ({ k: "detect", kind: "double", a: 0, p: 2, s: 0, js: [3, 4], vs: ["5", "7"], ...over });

test("a Double Detector with the X-or-Y Ray: the value question asks two blue values, offered while a Ray is at hand", () => {
  const s = table();
  const t = S.derive(s);
  assert.equal(S.rayWhyNot(s.setup, t, 0), "", "card 10 face up, two 10s cut");
  const d = { k: "double", a: 0, p: 2, s: 0, js: [3, 4], vs: [] };
  assert.deepEqual(S.nextAsk(s, t, d), { ask: "value", two: true, noYellow: true });
  assert.deepEqual(S.nextAsk(s, t, { ...d, vs: ["5", "7"] }), { ask: "result" });
  const locked = table(false);
  assert.match(S.rayWhyNot(locked.setup, S.derive(locked), 0), /X-or-Y Ray \(10\) is not usable yet \(two 10s cut first: 0 so far\)/);
  assert.match(S.rayObjection(locked.setup, S.derive(locked), d), /not usable yet/, "said before it is recorded");
  assert.equal(S.rayObjection(locked.setup, S.derive(locked), { ...d, vs: undefined, v: "5" }), null, "one value: no Ray");
});

test("its failure: both items spent, none of the wires pointed at is either value, and Ann held both", () => {
  const s = S.addEntry(table(), pointed({ ok: false, tok: 3, real: "2" }));
  const t = S.derive(s);
  const last = t.entries.at(-1);
  assert.ok(last.ok, last.error);
  assert.doesNotMatch(last.text, /check:/, "the Ray was usable");
  assert.ok(t.usedItems["10"], "the X-or-Y Ray is spent");
  assert.ok(S.ddSpent(t, 0), "so is Ann's Double Detector");
  const facts = t.facts.map((f) => `${f.kind} ${f.player} ${f.slots ?? ""} ${f.value}`);
  for (const v of ["5", "7"]) {
    assert.ok(facts.includes(`not_value 2 3,4 ${v}`), `Cat's C and D are not ${v}: ${facts}`);
    assert.ok(facts.includes(`has 0  ${v}`), `Ann held a ${v}: ${facts}`);
  }
  assert.match(last.text, /Double Detector with X-or-Y Ray: .* has 5 or 7\?/);
  assert.equal(entryWords(s.log.at(-1), s.setup), "Ann's Double Detector and X-or-Y Ray on Cid D+E for a 5 or a 7 (it failed)");
});

test("its success: the cut wire is one of the two, Ann's wire of that value goes with it and she holds the other", () => {
  const s = S.addEntry(table(), pointed({ ok: true, hit: 4, cut: "7", as: { s: 0, j: 6 }, av: "7" }));
  const t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.equal(t.stands[2][0][4].c, "cut");
  assert.equal(t.stands[0][0][6].c, "cut", "Ann's 7");
  const facts = t.facts.map((f) => `${f.kind} ${f.player} ${f.value}`);
  assert.ok(facts.includes("has 0 5"), `the value not cut: Ann holds it (${facts})`);
  assert.ok(!facts.some((f) => f.startsWith("not_value")), "a success tells nothing of the other wire");
  const bad = S.derive(S.addEntry(table(), pointed({ ok: true, hit: 4, cut: "6", as: { s: 0, j: 5 }, av: "6" })));
  assert.match(bad.entries.at(-1).error, /the cut wire 6 is not 5 or 7/);
});

test("refused by name: a yellow value, the same value twice, a Ray spent already; the entry and its edit round-trip", () => {
  const err = (e, s = table()) => S.derive(S.addEntry(s, e)).entries.at(-1).error;
  assert.match(err(pointed({ vs: ["5", "Y"], ok: false, tok: 3, real: "2" })), /yellow wires have no number/);
  assert.match(err(pointed({ vs: ["5", "5"], ok: false, tok: 3, real: "2" })), /two different values \(5 twice\)/);
  const spent = S.addEntry(table(), { k: "xray", a: 0, p: 3, s: 0, j: 1, vs: ["1", "2"], ok: false, real: "4" });
  const again = S.derive(S.addEntry(spent, pointed({ a: 0, ok: false, tok: 3, real: "2" }))).entries.at(-1); // (a turn later)
  assert.match(again.text, /check: the X-or-Y Ray \(10\) was used already/, "said beside the entry, as any card not usable");
  const e = S.buildEntry(table(), S.derive(table()), { k: "double", a: 0, p: 2, s: 0, js: [3, 4], vs: ["5", "7"], ok: false, tok: 3, real: "2" });
  assert.deepEqual(e.vs, ["5", "7"]);
  assert.equal(e.v, undefined);
  assert.equal(checkEntry(structuredClone(e)).vs.length, 2, "the link's entry shape takes it");
  assert.deepEqual(S.buildEntry(table(), S.derive(table()), S.draftFromEntry(e)), e, "an edit starts from it");
});

test("a new character's own X or Y Ray (E4) goes first, with a Triple Detector card; the face-up card stays", () => {
  let s = table();
  s.setup.table_cards = ["10", "3", "8", "6"];
  s.setup.characters = ["", "", "", "E4"];
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 1, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 }, av: "3" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 }, av: "3" });
  const before = S.derive(s);
  assert.equal(S.ownRay(s.setup, before, 3), true);
  s = S.addEntry(s, { k: "detect", kind: "triple", a: 3, p: 2, s: 0, js: [3, 4, 5], vs: ["5", "7"], ok: false, tok: 3, real: "2" });
  const t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.ok(S.ddSpent(t, 3), "Dan's character card is spent");
  assert.ok(!t.usedItems["10"], "the face-up X or Y Ray is still there");
  assert.ok(t.usedItems["3"], "the Triple Detector card is spent");
});

test("the sheet offers the Ray beside a detector's value keypad, presses it once on, and not without a Ray", () => {
  const sheet = (s, d) => {
    const ctx = { state: s, t: S.derive(s), ui: { sheet: { mode: "action" }, draft: d }, holdings: null };
    return String(askTemplate(ctx, structuredClone(d), S.nextAsk(s, ctx.t, d)));
  };
  const d = { k: "double", a: 0, p: 2, s: 0, js: [3, 4] };
  const off = sheet(table(), d);
  assert.match(off, /data-testid="draft-xy"[^>]*aria-pressed="false"[^>]*>＋ X-or-Y Ray: two values/);
  assert.match(off, /Which value was named\?/);
  const on = sheet(table(), { ...d, vs: ["5"] });
  assert.match(on, /Which two values were named\?/);
  assert.match(on, /data-testid="draft-xy"[^>]*aria-pressed="true"/);
  assert.doesNotMatch(on, /data-testid="value-Y"/, "no yellow: a detector names none");
  assert.doesNotMatch(sheet(table(false), d), /draft-xy/, "the Ray not usable yet: not offered");
  assert.doesNotMatch(sheet(table(), { k: "dual", a: 0, p: 2, s: 0, js: [3] }), /draft-xy/, "a dual cut is the Ray's own action");
});

test("the walkthrough: the Ray is a 44 px toggle; why not, where the card lies there; an edit of the value keeps it on", async () => {
  const { clearAnswer } = await import("../../web/table/edit-answers.js");
  const { draftSummary } = await import("../../web/table/draft-summary.js");
  const sheet = (s, d) => {
    const ctx = { state: s, t: S.derive(s), ui: { sheet: { mode: "action" }, draft: d }, holdings: null };
    return String(askTemplate(ctx, structuredClone(d), S.nextAsk(s, ctx.t, d)));
  };
  const d = { k: "double", a: 0, p: 2, s: 0, js: [3, 4] };
  assert.match(sheet(table(), d), /class="chip [^"]*"[^>]*data-testid="draft-xy"/, "styled as the other toggles (44 px)");
  assert.match(sheet(table(false), d), /data-testid="xy-why">With a second value\? No: the X-or-Y Ray \(10\) is not usable yet \(two 10s cut first: 0 so far\)\./);
  const noCard = table(false);
  noCard.setup.table_cards = ["3", "8", "6", "1"];
  assert.doesNotMatch(sheet(noCard, d), /xy-why|draft-xy/, "no Ray on the table: nothing said");
  const edited = clearAnswer({ ...d, vs: ["5", "7"], ok: false, tok: 3, real: "2" }, "value");
  assert.deepEqual(edited.vs, [], "still two values to name");
  assert.equal(edited.ok, false);
  assert.equal(clearAnswer({ ...d, v: "5" }, "value").vs, undefined);
  assert.equal(draftSummary(table().setup, { ...d, vs: ["7"] }), "Ann → Cid D+E · values 7 or …");
});

test("the walkthrough: ✓ or ✗ the table decides is said why above the next question; a tapped one is not", async () => {
  const { settleDraft } = await import("../../web/table/draft-options.js");
  const { summaryLine } = await import("../../web/table/sheet-lines.js");
  const s = S.addEntry(table(), { k: "set", p: 2, s: 0, j: 3, slot: { c: "info", v: "6" } });
  const t = S.derive(s);
  const line = (d) => String(summaryLine({ state: s, t, ui: { sheet: { mode: "action" } } }, d));
  const d = settleDraft({ state: s, t, laws: null, editing: false }, { k: "dual", a: 0, p: 2, s: 0, js: [3], v: "7" });
  assert.equal(d.ok, false);
  assert.match(line(d), /data-testid="result-why">The table leaves no success: the wire pointed at cannot be 7\./);
  assert.doesNotMatch(line({ ...d, okBy: undefined }), /result-why/, "tapped ✗: the player's answer");
  const two = { k: "double", a: 0, p: 2, s: 0, js: [3, 4], vs: ["5", "7"], ok: false, okBy: "table" };
  assert.match(line(two), /none of the wires pointed at can be 5 or 7\./);
});

test("recording: the value and outcome given may be changed (a walkthrough: only × twice and start again); an outcome the table decided is decided again", async () => {
  const { givenChanges, clearAnswer } = await import("../../web/table/edit-answers.js");
  const s = table();
  const d = { k: "dual", a: 0, p: 2, s: 0, js: [3], v: "7", ok: false, okBy: "table", real: "2" };
  assert.deepEqual(givenChanges(s.setup, d), ["value", "result", "token"]);
  assert.deepEqual(givenChanges(s.setup, { k: "dual", a: 0, p: 2, s: 0, js: [3] }), [], "nothing given yet: no chip");
  const again = clearAnswer(d, "value");
  assert.equal(again.v, undefined);
  assert.equal(again.ok, undefined, "the table's ✗ was for 7");
  assert.equal(again.real, undefined);
  assert.equal(clearAnswer({ ...d, okBy: undefined }, "value").ok, false, "a ✗ the player tapped stays");
});
