// The new characters (rule sticker B, missions 31 on): a non-captain's E1-E4 replaces their Double Detector with a
// personal General Radar, Walkie-Talkies, Triple Detector or X or Y Ray, usable once, playing as that card.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { settleDraft } from "../../web/table/draft-options.js";
import { preset, withPlayers } from "./tables.mjs";

const HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"];

/** Mission 37 with 4 players, me = Ann (the captain), Bob with E3 (a Triple Detector), Cat with E1 (a radar). */
function table() {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 37, characters: ["E1", "E2", "E3", "E4"], equipment: ["1", "2", "3", "8"] }));
  s.setup.table_cards = ["1", "4", "6", "9"];
  s.setup.me = 0;
  s.setup.characters = ["", "E3", "E1", ""];
  for (const l of HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  return s;
}

test("a new character replaces the Double Detector and plays its card once, the card absent", async () => {
  const s = table();
  assert.deepEqual(s.setup.new_characters, ["E1", "E2", "E3", "E4"], "the mission's, from its preset");
  let t = S.derive(s);
  assert.equal(S.ddDealt(s.setup, 1), false, "Bob took E3: no Double Detector");
  assert.equal(S.ddDealt(s.setup, 0), true, "the captain keeps theirs");
  assert.deepEqual(S.ddUsers(s.setup, t), [0, 3]);
  assert.equal(S.personalHolder(s.setup, t, "triple"), 1);
  // Bob's Triple Detector: no card 3 on the table, so it is his character's (no question)
  const A = { state: s, t, laws: null, editing: false };
  const d = settleDraft(A, { k: "triple", a: 1 });
  assert.equal(d.pe, true);
  const e = S.buildEntry(s, t, { ...d, p: 2, s: 0, js: [0, 1, 2], v: "4", ok: false, tok: 1, real: "2" });
  assert.equal(e.pe, true);
  const used = S.addEntry(s, e);
  t = S.derive(used);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.doesNotMatch(t.entries.at(-1).text, /check: the/, "no card was needed");
  assert.match(t.entries.at(-1).text, /a character's own, not the card/);
  assert.equal(S.personalHolder(used.setup, t, "triple"), null, "spent");
  // once more: refused by name; Emergency Batteries give it back
  const again = S.derive(S.addEntry(used, { ...e, js: [3, 4, 5] }));
  assert.match(again.entries.at(-1).error, /Bob has used their character's Triple Detector already/);
  // Ann is not Bob: a personal Triple Detector of hers is refused
  const ann = S.derive(S.addEntry(s, { ...e, a: 0, p: 1 }));
  assert.match(ann.entries.at(-1).error, /Ann does not hold E3: its Triple Detector is Bob's/);
  // with card 3 nowhere on the table, only Bob may be the one
  const { actorOff } = await import("../../web/table/draft-actors.js");
  const off = actorOff({ state: s, t: S.derive(s), ui: { sheet: { mode: "action" } } }, { k: "triple" });
  assert.deepEqual([...off.keys()], [0, 2, 3]);
  assert.equal(off.get(0), "no Triple Detector");
  // Cat's radar: any time, no actor asked
  assert.equal(settleDraft(A, { k: "radar" }).pe, true);
});

test("both the card and the character there: asked which; the engine gets my personal equipment and who has no Double Detector", async () => {
  let s = table();
  s.setup.table_cards = ["3", "4", "6", "9"];
  for (const j of [2, 3]) s = S.addEntry(s, { k: "set", p: 3, s: 0, j, slot: { c: "cut", v: "3" } }); // two 3s cut: card 3 usable
  const t = S.derive(s);
  assert.equal(t.cards.find((c) => c.id === "3").state, "usable");
  const A = { state: s, t, laws: null, editing: false };
  assert.deepEqual(S.nextAsk(s, t, settleDraft(A, { k: "triple", a: 1 })), { ask: "personal" });
  assert.notEqual(S.nextAsk(s, t, { k: "triple", a: 3 }).ask, "personal", "Dan holds no E3: the card");
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  const html = String(ASKS.personal({ d: { k: "triple", a: 1 }, t, setup: s.setup }));
  assert.match(html, /Which Triple Detector\?/);
  assert.match(html, /data-testid="personal-card"[^>]*>the equipment card \(3\)/);
  assert.match(html, /data-testid="personal-own"[^>]*>Bob&#39;s character \(E3\)/);
  const bob = { ...table(), setup: { ...table().setup, me: 1 }, hand: [] };
  const tb = S.derive(bob);
  const items = S.availableItems(bob, tb);
  assert.ok(items.includes("triple_detector") && !items.includes("double_detector"), items);
  assert.deepEqual(S.movesDoc(bob, tb).used_detectors, [1, 2], "Bob and Cat took new characters: no Double Detector");
  assert.deepEqual(S.equipmentDoc(s, t).double_detector_used, [1, 2]);
  const cat = { ...bob, setup: { ...bob.setup, me: 2 } };
  assert.ok(S.movesDoc(cat, S.derive(cat)).free_cards.includes("8"), "Cat's radar is one the advice may play");
});

test("the setup offers the mission's characters to each non-captain, one card each; a saved table keeps them", () => {
  const s = table();
  const out = S.normalize(JSON.parse(JSON.stringify({ ...s, setup: { ...s.setup, characters: ["", "E3", "E3", "E9"] } })));
  assert.deepEqual(out.setup.characters, ["", "E3", "", ""], "one card each, none unknown");
  assert.deepEqual(S.charactersOffered({ ...s.setup, mission: 31, new_characters: [] }), []);
  assert.deepEqual(S.charactersOffered({ ...s.setup, mission: null }), ["E1", "E2", "E3", "E4"]);
  assert.equal(S.characterOf({ ...s.setup, characters: ["E2", "", "", ""] }, 0), "", "the captain keeps the Double Detector");
});

test("a spent new character's equipment is named on its stand (not a Double Detector)", async () => {
  const { standsTemplate } = await import("../../web/table/table-templates.js");
  const s = table();
  const used = S.addEntry(s, { k: "detect", kind: "triple", a: 1, p: 2, s: 0, js: [0, 1, 2], v: "4", ok: false, tok: 1, real: "2", pe: true });
  const html = String(standsTemplate({ state: used, t: S.derive(used), result: null, highlight: new Set(), picked: new Set(), culprits: new Set(), ui: {} }));
  assert.match(html, /data-testid="dd-spent-1"[^>]*>Triple Detector used/);
  assert.equal(S.personalName(s.setup, 0), "Double Detector");
});

test("53: no mistakes to set where Nano stands for the detonator", async () => {
  const { setupTemplate } = await import("../../web/table/setup-templates.js");
  const s = S.defaultState();
  s.setup = S.applyMission(withPlayers(3, 0), preset({ number: 53, special: ["nano_detonator"] }));
  const html = String(setupTemplate(s, null));
  assert.match(html, /data-testid="setup-no-detonator"/);
  assert.doesNotMatch(html, /setup-mistakes-/);
  assert.match(String(setupTemplate(table(), null)), /setup-mistakes-1/);
});

test("17, 28: the captain, who uses no equipment card, is offered no Label or Post-it advice", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 28, equipment: ["12", "4", "6", "9"] }));
  s.setup.table_cards = ["12", "4", "6", "9"];
  s.setup.me = 0;
  for (const l of HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  for (const [p, v] of [[1, "12"], [2, "12"], [1, "4"], [2, "4"]]) s = S.addEntry(s, { k: "set", p, s: 0, j: v === "12" ? 11 : 3, slot: { c: "cut", v } });
  const ctx = (st) => ({ state: st, t: S.derive(st), moves: { moves: [] }, ui: {}, laws: null });
  const page = (st) => String(movesTemplate(ctx(st)));
  assert.equal(S.derive(s).cards.find((c) => c.id === "12").state, "usable");
  const captain = { ...s, setup: { ...s.setup, captain_no_equipment: true } };
  assert.doesNotMatch(page(captain), /data-testid="tell-12"/);
  assert.match(page(s), /data-testid="tell-12"/, "a captain who may use equipment: offered");
});

test("28: a Label on the captain's turn asks its wires, not 'who acts' (a dead end); on the captain's own wires it is held, said why", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 28, captain_no_equipment: true, equipment: ["12", "1"] }));
  s.setup.table_cards = ["12", "1"];
  s.setup.captain_no_equipment = true;
  for (const l of HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  for (const [p, j] of [[1, 11], [2, 11], [1, 0], [2, 0]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: j ? "12" : "1" } });
  const t = S.derive(s);
  assert.equal(t.turn, s.setup.captain);
  assert.deepEqual(S.nextAsk(s, t, { k: "label_eq", a: null }), { ask: "slots", count: 2 });
  const onCaptain = { k: "label_eq", a: null, p: s.setup.captain, s: 0, js: [3, 4] };
  assert.match(S.itemObjection(s.setup, t, onCaptain), /the captain uses no equipment card in this mission/);
  assert.equal(S.itemObjection(s.setup, t, { ...onCaptain, p: 3 }), null, "a teammate's own wires: theirs to label");
});

test("a move whose failure explodes the bomb says so on its row (the fragile captain of 14 and 28, no mistake left)", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 28, captain_fragile: true }));
  s.setup.captain_fragile = true;
  s.setup.me = 0;
  for (const l of HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  const move = (p_explode) => ({ kind: "dual_cut", player: 2, stand: 0, slots: [12], value: 11, p_success: 0.825, p_red: 0.0018, p_advance: 0, p_explode, guaranteed: false });
  const page = (m) => String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [m] }, ui: {}, laws: null }));
  assert.match(page(move(0.175)), /data-testid="move-0-explode" title="the captain&#39;s failed cut explodes the bomb \(this mission\)">boom 17\.5%/);
  assert.doesNotMatch(page(move(0.0018)), /move-0-explode/, "only a red wire explodes it: the red badge says so");
  // a cut sure to work that explodes the bomb all the same (64: a teammate's turned wire, the detonator on its last space)
  const sureBoom = { ...move(1), p_success: 1, guaranteed: true };
  assert.doesNotMatch(page(sureBoom), /move-0-guaranteed/, "no green 'sure' beside boom 100%");
  assert.match(page({ ...move(0), p_success: 1, guaranteed: true }), /move-0-guaranteed/);
});

test("17: one turn ahead, a failure on the captain's wire shows the false token of the value said, not 'no token'", async () => {
  const { movesTemplate } = await import("../../web/table/moves-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 0), preset({ number: 17, false_tokens: true, false_by: "captain" }));
  s.setup.captain = 1;
  s.setup.me = 0;
  for (const l of HAND) s = S.handAdd(s, 0, l);
  s.phase = "table";
  const move = (p) => ({ kind: "dual_cut", player: p, stand: 0, slots: [4], value: 5, p_success: 0.4, p_red: 0, p_advance: 0.6, guaranteed: false });
  const page = (p) => String(movesTemplate({ state: s, t: S.derive(s), moves: { moves: [move(p)] }, ui: {}, laws: null, selectedMove: 0,
    lookahead: { moves: [{ rank: 0, move: move(p), outcomes: [{ kind: "failure", p: 0.6, shows: "-", slot: [p, 0, 4] }], expected_sure_cuts: 1, score: 0.4 }] } }));
  assert.match(page(1), /fails: a false token “not 5” on Bob E/);
  assert.match(page(2), /fails: no token on Cat E/, "a teammate who is not the captain: as before");
});

test("Emergency Batteries give back a character card by its equipment's name", () => {
  let s = table();
  s.setup.table_cards = ["7", "4", "6", "9"];
  s = S.addEntry(s, { k: "detect", kind: "triple", a: 1, p: 2, s: 0, js: [0, 1, 2], v: "4", ok: false, tok: 1, real: "2", pe: true });
  s = S.addEntry(s, { k: "batteries", ps: [1] });
  const t = S.derive(s);
  assert.match(t.entries.at(-1).text, /^Emergency Batteries: Bob's Triple Detector back/);
  assert.equal(S.personalHolder(s.setup, t, "triple"), 1, "usable again");
});

test("Emergency Batteries go to the advice only once a character card is spent (a new character's holder never had a Double Detector)", () => {
  let s = table();
  s.setup.table_cards = ["1", "4", "6", "7"];
  s.setup.equipment = ["1", "4", "6", "7"];
  for (const [p, j] of [[1, 0], [2, 0]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "7" } }); // two 7s cut: card 7 usable
  let t = S.derive(s);
  assert.ok(S.movesDoc(s, t).used_detectors.includes(1), "Bob holds E3: no Double Detector to use");
  assert.ok(!S.tableCards(s, t).includes("7"), "nothing spent: the Batteries would bring nothing back");
  s = S.addEntry(s, { k: "detect", kind: "double", a: 3, p: 0, s: 0, js: [0, 1], v: "4", ok: false, tok: 0, real: "1" });
  t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.ok(S.tableCards(s, t).includes("7"), "Dee's Double Detector spent: the card may bring it back");
});
