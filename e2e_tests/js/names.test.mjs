// Label in name (WCAG 2.5.3): every button the table app names with aria-label holds, word for word and in
// order, the text it shows, by axe-core's rule (label-content-name-mismatch: NFKD, parentheticals dropped,
// letters and digits only, a contiguous run of the name's words). Slots of every kind, wire keys with
// yellow and red wires, the setup's chips, the cutter's wires, the starting-token advice.
// Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { askTemplate, sheetTemplate } from "../../web/table/sheet-templates.js";
import { handTemplate, setupTemplate } from "../../web/table/setup-templates.js";
import { adviceTemplate, standsTemplate } from "../../web/table/table-templates.js";

const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#96;": "`" };
const unescape = (s) => s.replace(/&(?:amp|lt|gt|quot|#39|#96);/g, (e) => ENTITIES[e]);

/** axe-core's words of a name or a text. */
function words(text) {
  let t = text.normalize("NFKD");
  for (let prev = null; prev !== t;) [prev, t] = [t, t.replace(/\([^()]*\)/g, "")];
  return t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").split(" ").filter(Boolean);
}

/** Does the name hold the text's words, in a row? */
function holds(name, text) {
  const [n, t] = [words(name), words(text)];
  return t.length === 0 || n.some((_, i) => t.every((w, k) => n[i + k] === w));
}

/** Every button with an aria-label: its test id, its name, the text it shows (tags dropped, as axe reads it). */
function named(html) {
  return [...String(html?.text ?? html).matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .map(([, attrs, body]) => ({ attrs, body, label: /aria-label="([^"]*)"/.exec(attrs) }))
    .filter((b) => b.label)
    .map((b) => ({ testid: /data-testid="([^"]*)"/.exec(b.attrs)?.[1], name: unescape(b.label[1]), text: unescape(b.body.replace(/<[^>]*>/g, "")) }));
}

function assertNamesHoldText(html, atLeast) {
  const buttons = named(html);
  assert.ok(buttons.length >= atLeast, `only ${buttons.length} named buttons`);
  for (const b of buttons) assert.ok(holds(b.name, b.text), `${b.testid}: "${b.name}" does not hold "${b.text.trim()}"`);
  return buttons;
}

/** 4 players, yellow 4 and red 5 in play, my 13 wires entered, on the table. */
function table() {
  let s = S.defaultState();
  s.setup.yellow = { mode: "list", nums: [4], keep: 1, known: [] };
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  for (const l of ["1", "2", "3", "3", "Y4", "5", "6", "7", "8", "9", "10", "11", "12"]) s = S.handAdd(s, 0, l);
  assert.ok(S.handComplete(s));
  s.phase = "table";
  return s;
}

const law = (probs) => {
  const values = Object.entries(probs).map(([value, p]) => ({ value, p }));
  const top = values.reduce((a, b) => (b.p > a.p ? b : a));
  return { probs, values, top, red: values.filter((x) => x.value[0] === "R").reduce((a, x) => a + x.p, 0) };
};

function context(state) {
  const t = S.derive(state);
  const bob = t.stands[1][0];
  // every kind of slot: cut blue / yellow / red, an info token, a mark, a turned wire, a colour seen, hidden
  bob[0] = { ...bob[0], c: "cut", v: "1" };
  bob[1] = { ...bob[1], c: "cut", v: "Y4" };
  bob[2] = { ...bob[2], c: "cut", v: "R5" };
  bob[3] = { ...bob[3], c: "info", v: "3" };
  bob[4] = { ...bob[4], m: "E" };
  bob[5] = { ...bob[5], tw: true };
  bob[6] = { ...bob[6], col: "y" };
  t.stands[0][0][0] = { ...t.stands[0][0][0], c: "info", v: "1" };
  const slots = new Map([["1-0-3", law({ 3: 1 })], ["1-0-4", law({ 4: 0.5, 6: 0.5 })], ["1-0-7", law({ 7: 0.63, R5: 0.37 })],
    ["2-0-0", law({ 1: 0.996, 2: 0.004 })], ["2-0-1", law({ Y4: 0.4, 2: 0.6 })]]);
  return { state, t, ui: { sheet: null }, result: { slots }, highlight: new Set(["1-0-7"]), picked: new Set(), culprits: new Set() };
}

test("a slot's name is where it is, then the text it shows, then what that means", () => {
  const ctx = context(table());
  const buttons = assertNamesHoldText(standsTemplate(ctx), 50);
  const name = (key) => buttons.find((b) => b.testid === `slot-${key}`).name;
  assert.equal(name("1-0-7"), "Bob, slot H: 7 63%, hidden, most likely 7, may be red");
  assert.equal(name("1-0-1"), "Bob, slot B: Y4, cut yellow 4");
  assert.equal(name("1-0-4"), "Bob, slot E: E 4 50%, hidden, token even, most likely 4");
  assert.equal(name("1-0-5"), "Bob, slot F: T ?, hidden, turned around");
  assert.equal(name("1-0-6"), "Bob, slot G: Y, hidden");
  assert.equal(name("0-0-0"), "Ann, slot A: 1, my 1, info token shown");
  assert.equal(name("2-0-0"), "Cid, slot A: 1 100%, hidden, most likely 1");
  // the rule itself: the names the slots had before say less than they show
  assert.equal(holds("Bob, slot H, hidden, most likely 7, 63%", "H 7 63"), false);
});

test("wire keys name the wire they show: Y4 is 'Y4, yellow 4'; my hand's slots and keypad", () => {
  const state = table();
  const hand = { ...state, hand: [state.hand[0].slice(0, 6)], phase: "hand" };
  const keys = assertNamesHoldText(handTemplate(hand), 6);
  assert.ok(keys.some((b) => b.testid === "key-Y4" && b.name === "Y4, yellow 4"), JSON.stringify(keys.map((b) => b.name)));
  assert.ok(keys.some((b) => b.testid === "key-R5" && b.name === "R5, red 5"));
  assert.equal(keys.find((b) => b.testid === "key-7"), undefined, "a blue key's text is its name");
  assertNamesHoldText(handTemplate(state, { hand: state.hand, pick: { s: 0, i: 4 } }), 13); // "Edit my wires", Y4 picked
  const ctx = context(state);
  for (const tab of ["set", "cut"]) {
    const sheet = { ...ctx, ui: { sheet: { mode: "slot", key: "2-0-1", tab }, draft: { k: "dual", a: 1, p: 2, s: 0, js: [1], v: "Y" } },
      ask: { ask: tab === "cut" ? "real" : "value" } };
    assertNamesHoldText(sheetTemplate(sheet), 2);
  }
});

test("the setup's chips, the cutter's wires and the starting-token advice hold their text", () => {
  const state = table();
  const setup = assertNamesHoldText(setupTemplate({ ...state, phase: "setup" }, null), 8);
  assert.equal(setup.find((b) => b.testid === "setup-me-1").name, "me: I am Bob");
  const ctx = context(state);
  // only the wires that can have been cut with it are offered: a yellow said, my one yellow wire
  const own = askTemplate({ ...ctx, ui: { sheet: { mode: "slot" } } }, { k: "dual", a: 0, p: 1, s: 0, js: [7], v: "Y" }, { ask: "actor_slot" });
  assert.match(assertNamesHoldText(own, 1).find((b) => b.testid === "actor-slot-0-4").name, /^E \(Y4\): Ann slot E/);
  const advice = { due: { kind: "value" }, rows: [{ stand: 0, slot: 2, letter: "C", token: "i3", gain_bits: 1.234, resolved: 0.4 }] };
  const rows = assertNamesHoldText(adviceTemplate({ ...ctx, advice }), 1);
  assert.match(rows[0].name, /^info token 3 → slot C .+ 1\.2 bits · 40% of the uncertainty resolved$/);
});
