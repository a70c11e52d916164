// The mission's rules the page tells the advice and the playouts, as the arena's referee applies them
// (py_engine/bombbusters/arena/table_rules.py): X wires no equipment points at (20), Double Detectors never
// spent and failures with no token (58), no Stabilizer for a fragile captain (14), 36's Sequence card at either end.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";

const preset = (over) => ({
  number: 99, title: "Mission 99", name: "test", blue: [1, 12], yellow: null, red: null, wires_in_play: 48,
  tokens: "value", x_tokens: false, false_tokens: false, absent_tokens: false, open_red_deal: false,
  random_info_token: false, double_detector: "all", equipment: [], notes: "", x_blue: false, yellow_dealt: "",
  ...over,
});

const HAND = ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"];

function table(over) {
  let s = S.defaultState();
  s.setup = S.applyMission(s.setup, preset(over));
  s.phase = "table";
  for (const l of HAND) s = S.handAdd(s, 0, l);
  return s;
}

test("X wires (20): every uncut X wire is locked for equipment only, and the lock goes with the cut", () => {
  let s = table({ number: 20, x_tokens: true });
  let rules = S.missionRules(s, S.derive(s)); // every stand's far-right wire is its X wire
  assert.deepEqual(rules.locked.map((x) => [x.player, x.slot, x.equipment_only]), [[0, 11, true], [1, 11, true], [2, 11, true], [3, 11, true]]);
  assert.ok(rules.locked.every((x) => /equipment ignores X wires/.test(x.why)));
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 11, slot: { c: "cut", v: "4", m: "X", col: null } });
  rules = S.missionRules(s, S.derive(s));
  assert.deepEqual(rules.locked.map((x) => x.player), [0, 1, 3]);
});

test("mission 58: the moves and win requests say no token and unlimited detectors; a used one stays", () => {
  let s = table({ number: 58, tokens: "none", failure_tokens: false, double_detector: "unlimited" });
  let t = S.derive(s);
  assert.deepEqual(S.tableRulesDoc(s.setup), { failure_tokens: false, double_detector: "unlimited" });
  const doc = S.movesDoc(s, t);
  assert.equal(doc.failure_tokens, false);
  assert.equal(doc.double_detector, "unlimited");
  s = S.addEntry(s, { k: "detect", kind: "double", a: 0, p: 1, s: 0, js: [3, 4], v: "5", ok: false, silent: true });
  t = S.derive(s);
  assert.deepEqual(t.usedDD, []);
  assert.ok(S.availableItems(s, t).includes("double_detector"));
  assert.equal(S.equipmentDoc(s, t).double_detector, "unlimited");
  // a silent failure of a dual cut: not the value said, and not red (it did not explode)
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 5, v: "7", ok: false, silent: true });
  const facts = S.engineDoc(s, S.derive(s)).facts.filter((f) => f.kind === "not_value" && f.player === 2);
  assert.deepEqual(facts.map((f) => f.value), [7, "RED"]);
});

test("a fragile captain (14) never plays the Stabilizer: their failure explodes all the same", () => {
  let s = table({ number: 14, captain_fragile: true, equipment: ["9"] });
  s.setup.table_cards = ["9"];
  for (const p of [1, 2]) s = S.addEntry(s, { k: "set", p, s: 0, j: 0, slot: { c: "cut", v: "9", m: null, col: null } });
  const t = S.derive(s);
  assert.deepEqual(t.unlocked, ["9"]);
  assert.deepEqual(S.tableCards(s, t), []); // I am the captain
  assert.equal(S.equipmentDoc(s, t).captain_fragile, true);
  s.setup.captain = 1;
  assert.deepEqual(S.tableCards(s, S.derive(s)), ["9"]);
});

test("false tokens (17: the captain's, 52: everyone's): a failure there shows nothing more than 'not that value'", async () => {
  const { ASKS } = await import("../../web/table/sheet-templates.js");
  // 17: I am Rhett (the captain); a teammate's failed cut on my wire fills itself in as no token
  let s = table({ number: 17, false_tokens: true, false_by: "captain", captain_no_equipment: true });
  assert.equal(s.setup.false_by, "captain");
  let t = S.derive(s);
  const onMe = { k: "dual", a: 1, p: 0, s: 0, js: [1], v: "5", ok: false };
  assert.equal(S.nextAsk(s, t, onMe), null);
  assert.deepEqual(S.buildEntry(s, t, onMe), { k: "dual", a: 1, p: 0, s: 0, j: 1, v: "5", ok: false, silent: true });
  // on a teammate's wire the real value is asked; on the captain's (Bob is captain now) only whether it was red
  s.setup.captain = 1;
  t = S.derive(s);
  const onBob = { k: "dual", a: 0, p: 1, s: 0, js: [2], v: "5", ok: false };
  const sheet = (d) => String(ASKS.real({ ctx: { state: s, t }, d, setup: s.setup, labels: S.labelsInPlay(s.setup), blue: ["1", "2", "3"] }).text);
  assert.match(sheet(onBob), /Its token is false/);
  assert.doesNotMatch(sheet(onBob), /data-testid="real-1"/);
  assert.match(sheet({ ...onBob, p: 2 }), /What is it really/);
  // a captain's wire the engine knows (a sure 3): still the false token of the value said, never the true value filled
  // in (17's walkthrough: "✗ it is 3" recorded a token the table does not show); one that may be red is asked
  const { settleDraft } = await import("../../web/table/draft-options.js");
  const withRed = { ...s, setup: { ...s.setup, red: { mode: "list", nums: [5], keep: 1, known: [] } } };
  const settled = (probs) => settleDraft({ state: withRed, t, laws: new Map([["1-0-2", { probs }]]), editing: false }, onBob);
  assert.equal(settled({ 3: 1 }).real, "-");
  assert.deepEqual(S.buildEntry(s, t, settled({ 3: 1 })), { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "5", ok: false, silent: true });
  assert.equal(settled({ 3: 0.5, R5: 0.5 }).real, undefined);
  assert.equal(settleDraft({ state: s, t, laws: new Map([["2-0-2", { probs: { 3: 1 } }]]), editing: false }, { ...onBob, p: 2 }).real, "3",
    "a teammate's wire: its true value, as before");
  assert.equal(S.tableRulesDoc(s.setup).false_tokens, "captain");
  // 52: a false starting token may point at a red wire, so it is the fact "not 7", not a mark ruling red out
  s = table({ number: 52, false_tokens: true, false_by: "all" });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 4, slot: { c: "h", v: null, m: "!7", col: null } });
  const doc = S.engineDoc(s, S.derive(s));
  assert.equal(doc.players[2].stands[0].split(" ")[4], "?");
  assert.deepEqual(doc.facts, [{ kind: "not_value", player: 2, stand: 0, slots: [4], value: 7 }]);
});

test("36: the Sequence card stands at either end of the cards left, and a tap moves it (the captain's pick, then the cutter's)", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = table({ number: 36, number_cards: "sequence" });
  s.setup.numbers = [3, 9, 5, 1, 12];
  const page = (st) => String(cardsTemplate({ state: st, t: S.derive(st), missions: [] }).text);
  const blocked = (st) => S.missionRules(st, S.derive(st)).no_values.map((x) => x.value);
  assert.deepEqual(blocked(s), [9, 5, 1, 12]);
  assert.match(page(s), /Next to cut: <b>3<\/b>[\s\S]*data-arg="0" data-testid="sequence-turn">The captain puts it at the other end: 12/);
  // the captain put it at the other end: the line reads the other way, 12 first
  assert.deepEqual(S.turnSequence(s.setup.numbers, 0), [12, 1, 5, 9, 3]);
  // Bob cuts two 3s (his and Cid's): the 3 is done (crossed out), Bob picks 9 (as tapped) or the far end, 12
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  assert.deepEqual(blocked(s), [5, 1, 12]);
  assert.match(page(s), /<s>3<\/s> 9 5 1 12[\s\S]*Next to cut: <b>9<\/b>[\s\S]*data-arg="1"[^>]*>3 cleared: it moves to the other end: 12/);
  // an entry later, the card stays where it is (only the cutter who cleared a card moves it)
  const later = S.addEntry(s, { k: "set", p: 3, s: 0, j: 0, slot: { c: "info", v: "1" } });
  assert.match(page(later), /Next to cut: <b>9<\/b>/);
  assert.doesNotMatch(page(later), /sequence-turn/);
  s.setup.numbers = S.turnSequence(s.setup.numbers, 1);
  assert.deepEqual(s.setup.numbers, [3, 12, 1, 5, 9]);
  assert.deepEqual(blocked(s), [1, 5, 9]);
  // 9 and 16 keep the Sequence card at one end: no choice offered
  const nine = { ...s, setup: { ...s.setup, mission: 9 } };
  assert.doesNotMatch(page(nine), /sequence-turn/);
  // 9: what the card holds back and for what; a value two cards on waits for both cards before it; beside the
  // last card nothing waits, nothing is said (9's walkthrough: "Next to cut: 1" read as a rule to cut the 1s now)
  assert.match(page(nine), /data-testid="sequence-end">The Sequence card holds back <b>1, 5, 9<\/b>\s*until 2 <b>12<\/b>s are cut \(0 of 2\)/);
  assert.deepEqual(S.missionRules(nine, S.derive(nine)).no_values.map((x) => x.why),
    Array(3).fill("the sequence card: 12, then 1, then 5, then 9"));
  // one who watches gets no best cuts: the number cards go above the stands (9's walkthrough: none shown)
  const { cardsTemplate: cards } = await import("../../web/table/cards-templates.js");
  const watch = { ...nine, setup: { ...nine.setup, me: null } };
  const top = (st, up) => String(cards({ state: st, t: S.derive(st), missions: [] }, up).text);
  assert.match(top(watch, true), /sequence-end/);
  assert.doesNotMatch(top(watch, false), /sequence-end/);
  assert.doesNotMatch(top(nine, true), /sequence-end/, "a seated player's sit under their best cuts");
  // a wire set cut (Set tokens) of a value still held back on the whole table: said beside it, whatever the order
  // the cuts were set in (9's and 36's walkthroughs: taken with no word)
  const setCut = (st, p, j, v) => S.addEntry(st, { k: "set", p, s: 0, j, slot: { c: "cut", v } });
  let fixed = setCut(nine, 3, 9, "5");
  const note = (st) => S.derive(st).entries[st.log.findIndex((e) => e.slot?.v === "5")].text;
  assert.match(note(fixed), /check: the sequence card: 12, then 1, then 5, then 9 \(no 5 may be cut yet\)/);
  fixed = setCut(setCut(fixed, 1, 11, "12"), 2, 11, "12");
  assert.match(note(fixed), /check: the sequence card: 1, then 5, then 9 /);
  fixed = setCut(setCut(fixed, 1, 0, "1"), 2, 0, "1");
  assert.doesNotMatch(note(fixed), /check/, "the 5 set cut before the cards it waited on: no word once they are cut");
  const done = { ...nine, setup: { ...nine.setup, numbers: [3, 12] } };
  assert.doesNotMatch(page(done), /sequence-end/);
  // one card left: nothing to choose
  const last = { ...s, setup: { ...s.setup, numbers: [3, 12] } };
  assert.doesNotMatch(page(last), /sequence-turn/);
});

test("38: nobody points at the captain's turned-around wire; a failed cut made with it explodes the bomb", async () => {
  const { askTemplate, sheetTemplate } = await import("../../web/table/sheet-templates.js");
  let s = table({ number: 38, turned: "captain" }); // I am the captain: my far-right wire is turned around
  const t = S.derive(s);
  assert.ok(t.stands[0][0].at(-1).tw);
  const slot = (key, tab) => String(sheetTemplate({ state: s, t, laws: null, ui: { sheet: { mode: "slot", key, tab }, draft: { k: "dual", p: 1, s: 0, js: [0] } }, holdings: null }));
  const mine = slot(`0-0-${t.stands[0][0].length - 1}`, "cut");
  assert.match(mine, /data-testid="turned-captain">Only Ann \(the captain\) cuts this turned-around wire/);
  assert.doesNotMatch(mine, /data-testid="tab-cut"/);
  assert.match(slot("1-0-0", "cut"), /data-testid="tab-cut"/);
  // I name a 4, which I do not see: my cut was with my turned wire, and its failure can only be the explosion
  const ctx = (d) => ({ state: s, t, ui: { sheet: { mode: "action" }, draft: d }, holdings: null });
  const four = { k: "dual", a: 0, p: 1, s: 0, js: [0], j: 0, v: "4", ok: false };
  const asked = String(askTemplate(ctx(four), four, { ask: "real" }));
  assert.match(asked, /Ann sees no 4 of their own: they cut with their turned-around wire/);
  assert.match(asked, /data-testid="real-turned"/);
  assert.doesNotMatch(asked, /data-testid="real-5"/);
  // a 5 I see: the usual token, the explosion still one tap away
  const five = { ...four, v: "5" };
  const both = String(askTemplate(ctx(five), five, { ask: "real" }));
  assert.match(both, /data-testid="real-3"/);
  assert.match(both, /My turned wire: the bomb exploded/);
  const { settleDraft } = await import("../../web/table/draft-options.js");
  const settled = settleDraft({ state: s, t, laws: null, editing: false }, { ...four });
  assert.equal(settled.real, S.TURNED_BOOM, "a failure naming a value I see nowhere is my turned wire's: no question");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "4", ok: false, real: S.TURNED_BOOM });
  const after = S.derive(s);
  assert.equal(after.entries[0].ok, true, after.entries[0].error);
  assert.ok(after.exploded);
  assert.match(after.entries[0].text, /with the turned-around wire: the bomb exploded$/);
  // Bob holds none: the answer is refused by name
  let bob = table({ number: 38, turned: "captain" });
  bob = S.addEntry(bob, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "4", ok: false, real: S.TURNED_BOOM });
  assert.match(S.derive(bob).entries[0].error, /Bob has no turned-around wire left to cut with/);
  // a teammate's cut or detector pointed at it (the Dual cut button lets any wire be tapped) is refused by name
  const last = S.derive(bob).stands[0][0].length - 1;
  const at = (e) => S.derive(S.addEntry(table({ number: 38, turned: "captain" }), e)).entries[0].error;
  assert.match(at({ k: "dual", a: 2, p: 0, s: 0, j: last, v: "8", ok: true, cut: "8", as: { s: 0, j: 7 } }), /is the captain's turned-around wire: only the captain cuts it/);
  assert.match(at({ k: "detect", kind: "double", a: 2, p: 0, s: 0, js: [last - 1, last], v: "8", ok: false, tok: last - 1, real: "9" }), /captain's turned-around wire/);
  // a player whose only cut is that wire skips, and the detonator moves (the card's back)
  const skip = S.derive(S.addEntry(table({ number: 38, turned: "captain" }), { k: "skip", a: 1 }));
  assert.ok(skip.entries[0].ok, skip.entries[0].error);
  assert.equal(skip.mistakesMade, 1);
  assert.equal(S.skipRule({ ...bob.setup, turned: "captain" }).label, "Only the captain's wire: skip");
});

test("constraint card L doubles the detonator's move on a failure: mine (31, 61), everyone's where the card lies face up (37); as it was then", () => {
  const draft = (a) => ({ k: "dual", a, p: a === 0 ? 1 : 0, s: 0, js: [3], v: "4", ok: false, real: "3" });
  for (const [mission, actor, moves] of [[61, 0, 2], [61, 1, 1], [37, 1, 2], [null, 0, 2]]) {
    let s = table({ number: mission ?? 99 });
    s.setup.mission = mission;
    s.setup.cards = ["L"];
    s = S.addEntry(s, S.buildEntry(s, S.derive(s), draft(actor)));
    const t = S.derive(s);
    assert.equal(t.entries[0].ok, true, t.entries[0].error);
    assert.equal(t.mistakesMade, moves, `mission ${mission}, actor ${actor}`);
    if (moves === 2) assert.match(t.entries[0].text, /constraint card L: the detonator moves two spaces/);
    // the card in play changes later (57's next validated value, 61's swap): the failures before keep their cost
    const later = { ...s, setup: { ...s.setup, cards: ["C"] } };
    assert.equal(S.derive(later).mistakesMade, moves, "no failure is counted again with today's card");
  }
  // a failure before L came into play moves the detonator once, whatever the card is now
  let s = table({ number: 37 });
  s.setup.mission = 37;
  s = S.addEntry(s, S.buildEntry(s, S.derive(s), draft(1)));
  s.setup.cards = ["L"];
  assert.equal(S.derive(s).mistakesMade, 1);
  const edit = S.draftFromEntry(s.log[0]);
  assert.equal(S.buildEntry(s, S.derive(s), edit).l2, undefined, "an edit keeps the cost it had");
});

test("61: one constraint card at a time, swapped for one of F-L at a detonator space (not a turn); a player who cannot keep to theirs skips", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  assert.equal(S.oneCardAtATime({ constraints: "ring" }), true);
  assert.equal(S.oneCardAtATime({ constraints: "deck" }) && S.cardForAll({ constraints: "deck" }), true);
  assert.equal(S.oneCardAtATime(null), false);
  let s = table({ number: 61 });
  s.setup.cards = ["B"];
  const page = String(cardsTemplate({ state: s, t: S.derive(s), missions: [{ number: 61, constraints: "ring" }] }).text);
  assert.match(page, /My constraint card: B/);
  assert.match(page, /data-testid="card-L"/);
  assert.match(String(cardsTemplate({ state: s, t: S.derive(s), missions: [{ number: 61, constraints: "deck" }] }).text),
    /The constraint card in play \(it binds everyone\): B/);
  s = S.addEntry(s, { k: "swap", a: 2 });
  s = S.addEntry(s, { k: "skip", a: 0 });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  assert.equal(t.mistakesMade, 1, "the swap moves the detonator, the skip does not");
  assert.equal(t.turn, 1, "the swap is no turn; the skip passes mine");
  assert.match(t.entries[0].text, /Cid swaps their constraint card for one of F–L: the detonator moves/);
  const other = S.derive(S.addEntry(table({ number: 4 }), { k: "swap", a: 2 }));
  assert.match(other.entries[0].error, /only mission 61 swaps a constraint card/);
  // my skip under my card D (7-12 only) while I hold a 7 is refused; the entry keeps the card it was made under
  let d = table({ number: 61 });
  d.setup.cards = ["D"];
  const skip = S.buildEntry(d, S.derive(d), { k: "skip", a: 0 });
  assert.deepEqual(skip.cards, ["D"]);
  assert.match(S.derive(S.addEntry(d, skip)).entries[0].error, /Ann holds a wire of \d+: no skip \(the constraint card forbids every cut\)/);
});

test("50: a token beside the stand says its player holds the value, somewhere: a has fact, a badge, the starting token placed", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = table({ number: 50, tokens: "value" });
  assert.deepEqual(S.startingTokenDue(s), { kind: "value" });
  s = S.addEntry(s, { k: "beside", p: 0, v: "5" });
  s = S.addEntry(s, { k: "beside", p: 2, v: "3" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  assert.equal(S.startingTokenDue(s, t), null, "mine went beside my stand");
  // the status counts a token beside the stand as placed (it asked "Still to place: Ann, Bob, Cid, Dee" for ever)
  assert.deepEqual(S.drawnTokensDue(s).per.filter((x) => x.have < x.need).map((x) => x.p), [1, 3]);
  const facts = S.engineDoc(s, t).facts.filter((f) => f.kind === "has");
  assert.deepEqual(facts.map((f) => [f.player, f.value]), [[0, 5], [2, 3]]);
  assert.match(t.entries[1].text, /Cid: a 3 token beside the stand \(the wire not known\)/);
  // a value I do not hold is refused by name, and not offered
  const bad = S.derive(S.addEntry(s, { k: "beside", p: 0, v: "4" }));
  assert.match(bad.entries[2].error, /you hold no 4 uncut/);
  const d = { k: "beside", a: 0 };
  const keys = String(askTemplate({ state: s, t, ui: { sheet: { mode: "action" }, draft: d }, holdings: null }, d, { ask: "value", beside: true }));
  assert.match(keys, /data-testid="key-4"[^>]*disabled/);
  assert.doesNotMatch(keys, /data-testid="key-5"[^>]*disabled/);
  assert.equal(S.nextAsk(s, t, { k: "beside", a: 2 }).ask, "value");
  assert.match(S.derive(S.addEntry(table({ number: 4 }), { k: "beside", p: 1, v: "3" })).entries[0].error, /only missions 50 and 39/);
});

test("38, 56: the teammates' turned-around wires face me: the status asks for those I have not entered", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(s.setup, preset({ number: 38, turned: "captain" }));
  s.setup.captain = 1; // Bob turned his far-right wire; it faces me
  s.phase = "table";
  for (const l of HAND) s = S.handAdd(s, 0, l);
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st) }).text ?? statusTemplate({ state: st, t: S.derive(st) }));
  const last = S.derive(s).stands[1][0].length - 1;
  assert.match(status(s), new RegExp(`data-testid="turned-due"[^>]*>.*\\(Bob ${S.slotLetter(last)}\\)`));
  s = S.addEntry(s, { k: "see", p: 1, s: 0, j: last, v: "6" });
  assert.doesNotMatch(status(s), /turned-due/);
  s.setup.captain = 0; // mine: it faces the others, not me
  assert.doesNotMatch(status({ ...s, log: [] }), /turned-due/);
});

test("another mission starts with no constraint card and Nano's line afresh", () => {
  let s = table({ number: 57 });
  s.setup.cards = ["F"];
  s.setup.nano_turns = 1;
  s.setup = S.applyMission(s.setup, preset({ number: 51, number_cards: "pick" }));
  assert.deepEqual(s.setup.cards, []);
  assert.equal(s.setup.nano_turns, 0);
});

test("59: Nano on its line of number cards: the value under it or ahead; a cut moves it, a skip turns it and tells", async () => {
  const { cardsTemplate } = await import("../../web/table/cards-templates.js");
  let s = table({ number: 59, number_cards: "line" });
  const line = [3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8];
  s.setup.numbers = line.slice(0, 5);
  assert.equal(S.missionRules(s, S.derive(s)).only_values, undefined, "the line not all tapped: no rule yet");
  s.setup.numbers = line.slice();
  const only = (st) => S.missionRules(st, S.derive(st)).only_values.values;
  // Nano on the 7 (third card), facing the longer side: 7 1 12 5 9 2 11 6 4 8
  assert.deepEqual(only(s), [1, 2, 4, 5, 6, 7, 8, 9, 11, 12]);
  const page = (st) => String(cardsTemplate({ state: st, t: S.derive(st), missions: [] }).text);
  assert.match(page(s), /data-testid="nano-line" data-at="7"/);
  // Bob cuts a 9: Nano went to the 9 first; then the cutter turns it round: 9 5 12 1 7 10 3
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 6, v: "9", ok: true, cut: "9", as: { s: 0, j: 7 } });
  assert.deepEqual(only(s), [2, 4, 6, 8, 9, 11]);
  s = S.addEntry(s, { k: "nanoturn" });
  assert.deepEqual(only(s), [1, 3, 5, 7, 9, 10, 12]);
  assert.match(S.derive(s).entries.at(-1).text, /The cutter turned Nano round/);
  // Cid cannot cut any of them: he skips his turn, the detonator moves, Nano turns round, Cid holds none of those
  // values (the card's back as bdiffuser's OCR reads it; an older transcription had him play on, the other way)
  s = S.addEntry(s, { k: "skip", a: 2 });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  assert.equal(t.mistakesMade, 1);
  assert.equal(t.turn, 3, "Dan's turn");
  assert.match(t.entries.at(-1).text, /^Cid skips the turn \(no cut with the values Nano allows: they skip, Nano turned round\): the detonator moves$/);
  assert.deepEqual(only(s), [2, 4, 6, 8, 9, 11]);
  const none = (st) => S.engineDoc(st, S.derive(st)).facts.filter((f) => f.kind === "has_not" && f.player === 2).map((f) => f.value).sort((a, b) => a - b);
  assert.deepEqual(none(s), [1, 3, 5, 7, 9, 10, 12]);
  // a later turn of Nano leaves what the skip told as it was (the walkthrough's 59: one switch for every turn re-read
  // the earlier skips with the last direction)
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 6, v: "11", ok: true, cut: "11", as: { s: 0, j: 9 } });
  s = S.addEntry(s, { k: "nanoturn" });
  assert.ok(S.derive(s).entries.every((e) => e.ok));
  assert.deepEqual(none(s), [1, 3, 5, 7, 9, 10, 12]);
  assert.deepEqual(only(s), [1, 2, 3, 5, 7, 9, 10, 11, 12], "Nano on the 11, turned: 11 2 9 5 12 1 7 10 3");
  assert.match(S.derive(S.addEntry(table({ number: 4 }), { k: "nanoturn" })).entries[0].error, /only Nano's line/);
  // an old cut edited to a value Nano did not allow then is said beside it (59's walkthrough: taken silently)
  const edited = S.replaceEntry(s, 0, { k: "dual", a: 1, p: 2, s: 0, j: 6, v: "10", ok: true, cut: "10", as: { s: 0, j: 7 } });
  assert.match(S.derive(edited).entries[0].text, / — check: Nano allowed only 1, 2, 4, 5, 6, 7, 8, 9, 11, 12 then, not 10$/);
  assert.doesNotMatch(S.derive(s).entries[0].text, /Nano allowed/);
});

test("59: a teammate's skip is refused before it is recorded when the engine makes sure they hold a value Nano allows", async () => {
  const { maybeCommit } = await import("../../web/table/draft-commit.js");
  let s = table({ number: 59, number_cards: "line" });
  s.setup.numbers = [3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8]; // Nano on the 7: 7 1 12 5 9 2 11 6 4 8 allowed
  const app = (laws) => ({ state: s, ui: { sheet: { mode: "action" }, draft: { k: "skip", a: 2 } }, results: { analysis: { slots: laws } },
    derived() { return S.derive(this.state); }, commit(next) { this.state = next; }, closeSheet() { this.ui.sheet = null; this.ui.draft = null; },
    render() {}, view: { flash() {} } });
  const sure = app(new Map([["2-0-0", { probs: { 1: 1 } }]])); // Cid A: a sure 1 (the walkthrough: beside a cut 1)
  maybeCommit(sure);
  assert.equal(sure.state.log.length, 0, "not recorded");
  assert.match(sure.ui.sheetError, /^No skip: Cid slot A can only be 1, a wire Cid may cut$/);
  const open = app(new Map([["2-0-0", { probs: { 1: 0.5, 3: 0.5 } }]])); // a 1 or a 3 (3 not allowed): may skip
  maybeCommit(open);
  assert.equal(open.state.log.length, 1);
});

test("59: the playouts get Nano's line as the arena's referee plays it", () => {
  const s = table({ number: 59, number_cards: "line" });
  s.setup.numbers = [3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8];
  assert.deepEqual(S.linePlayDoc(s.setup, S.derive(s)), { mission_play: { kind: "nano_rescue", line: s.setup.numbers, at: 2, facing: 1 } });
  assert.deepEqual(S.linePlayDoc({ ...s.setup, numbers: [3] }, S.derive(s)), {});
});

test("51: the turn passes from the one who flipped the card, whoever cut; one chosen who has none skips, the detonator moves, and they hold none", () => {
  let s = table({ number: 51, number_cards: "pick" });
  s.setup.mission = 51;
  s.setup.numbers = [3];
  // my turn (Ann flips the 3) and I choose Cid, who cuts Bob's 3 with his own
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.equal(t.turn, 1, "Bob flips next, not Dee");
  // Bob flips a 9 and chooses Dee, who has none: her token goes with Set tokens, the turn passes to Cid
  s.setup.numbers = [9];
  s = S.addEntry(s, S.buildEntry(s, S.derive(s), { k: "skip", a: 3 }));
  assert.equal(s.log[1].v, 9, "the entry keeps the card flipped for it");
  t = S.derive(s);
  assert.equal(t.entries[1].ok, true, t.entries[1].error);
  assert.match(t.entries[1].text, /Dee, chosen, has no 9 \(the card flipped\): the detonator moves; their info token: tap its wire, Set tokens/);
  assert.equal(t.turn, 2);
  assert.equal(t.mistakesMade, 1);
  const none = (st) => S.engineDoc(st, S.derive(st)).facts.filter((f) => f.kind === "has_not" && f.player === 3).map((f) => f.value);
  assert.deepEqual(none(s), [9]);
  assert.equal(S.skipRule(s.setup).label, "Chosen one has none");
  // the next card flipped (a 2) leaves what the skip told as it was (the walkthrough: it became "Dee has no 2")
  s.setup.numbers = [2];
  assert.deepEqual(none(s), [9]);
});

test("57: the card in play binds a teammate's value too, and a skip under a card on values tells they hold none of them", () => {
  let s = table({ number: 57 });
  s.setup.mission = 57;
  s.setup.cards = ["C"]; // 1-6 only, for everyone
  const said = ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"];
  assert.deepEqual(S.nameableValues(s, S.derive(s), { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said), ["1", "2", "3", "5", "6"]);
  s = S.addEntry(s, { k: "skip", a: 2 });
  const t = S.derive(s);
  assert.equal(t.mistakesMade, 0);
  const none = S.engineDoc(s, t).facts.filter((f) => f.kind === "has_not" && f.player === 2).map((f) => f.value);
  assert.deepEqual(none, [1, 2, 3, 4, 5, 6]);
  s.setup.mission = 61; // 61: my card is mine: a teammate's value is theirs to choose, and their skip tells nothing here
  assert.equal(S.nameableValues(s, S.derive(s), { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said).length, said.length);
});

test("57, 61: a whole round of skips explodes the bomb; a turn played between starts the count again", () => {
  let s = table({ number: 61 });
  s.setup.mission = 61;
  for (const a of [0, 1, 2]) s = S.addEntry(s, { k: "skip", a });
  assert.equal(S.derive(s).exploded, false);
  const played = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 0, v: "4", ok: false, real: "1" });
  assert.equal(S.derive(S.addEntry(played, { k: "skip", a: 0 })).exploded, false);
  const t = S.derive(S.addEntry(s, { k: "skip", a: 3 }));
  assert.equal(t.exploded, true);
  assert.match(t.entries[3].text, /a whole round of skips/);
});

test("constraint card H: a failure of its holder's places no info token: the sheet asks only whether it was red", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  const s = table({ number: 61 });
  s.setup.mission = 61;
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  s.setup.cards = ["H"];
  const t = S.derive(s);
  const ask = (d) => String(askTemplate({ state: s, t, ui: { sheet: { mode: "action" }, draft: d }, holdings: null }, d, { ask: "real" }));
  const mine = ask({ k: "dual", a: 0, p: 1, s: 0, js: [3], v: "4", ok: false });
  assert.match(mine, /Constraint card H: no info token\. Was it red \(the bomb exploded\)\?/);
  assert.match(mine, /data-testid="real-none"[^>]*>No token: only “not that value”/);
  assert.doesNotMatch(mine, /data-testid="real-7"/);
  const theirs = ask({ k: "dual", a: 1, p: 2, s: 0, js: [3], v: "4", ok: false }); // Bob's card is his own: a token
  assert.match(theirs, /What is it really\?/);
});

test("a detector's 'all red' answer needs as many reds left as wires pointed at: one known elsewhere counts", async () => {
  const { allRedAllowed } = await import("../../web/table/draft-options.js");
  let s = table({ number: 4 });
  s.setup.red = { mode: "list", nums: [5, 9], keep: 2, known: [] };
  const A = (st) => ({ state: st, t: S.derive(st), laws: null, editing: false });
  const d = { k: "double", a: 0, p: 1, s: 0, js: [4, 5], v: "6", ok: false };
  assert.equal(allRedAllowed(A(s), d), true);
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 11, slot: { c: "info", v: "R9", m: null, col: null } });
  assert.equal(S.derive(s).entries[0].ok, true, S.derive(s).entries[0].error);
  assert.equal(allRedAllowed(A(s), d), false, "the R9 shows on Cid's stand: one red left for two wires");
});

test("26: a skip tells the skipper holds none of the face-up values, and is refused by name to one who holds one; 10, 45: no turn order", async () => {
  let s = table({ number: 26, number_cards: "pick" });
  s.setup.mission = 26;
  s.setup.numbers = [4, 8, 12];
  s = S.addEntry(s, { k: "skip", a: 2 });
  let t = S.derive(s);
  assert.equal(t.mistakesMade, 0);
  assert.deepEqual(S.engineDoc(s, t).facts.filter((f) => f.kind === "has_not" && f.player === 2).map((f) => f.value), [4, 8, 12]);
  t = S.derive(S.addEntry(s, { k: "skip", a: 0 })); // I hold a 12
  assert.match(t.entries[1].error, /Ann holds a wire of 8: no skip/);
  const { standsTemplate } = await import("../../web/table/table-templates.js");
  const free = table({ number: 45, number_cards: "pick" });
  assert.equal(S.applyMission(free.setup, preset({ number: 45 })).free_turns, true);
  free.setup.free_turns = true;
  assert.doesNotMatch(String(standsTemplate({ state: free, t: S.derive(free), ui: {}, highlight: new Set(), picked: new Set(), culprits: new Set() })), /turn-badge/);
  assert.match(String(standsTemplate({ state: s, t: S.derive(s), ui: {}, highlight: new Set(), picked: new Set(), culprits: new Set() })), /turn-badge/);
});

test("55, 60: challenge 1, a teammate's wire cut saying 'It is RED': red, a challenge done; else the bomb explodes", async () => {
  let s = table({ number: 55, special: ["challenges"] });
  s.setup.red = { mode: "list", nums: [5, 9], keep: 2, known: [] };
  s.setup.mistakes = 1; // the card sets the dial: one mistake made already on a 4-player dial
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: false, real: "2" });
  let d = { k: "redcall", a: 1, vs: ["R5", "R9"] };
  assert.deepEqual(S.nextAsk(s, S.derive(s), d), { ask: "slots", count: 1 });
  d = { ...d, p: 2, s: 0, js: [11] };
  assert.equal(S.nextAsk(s, S.derive(s), d).ask, "result");
  // beside ✗ the reason it explodes: not red (the walkthrough: "the detonator is on its last space")
  const { resultAsk } = await import("../../web/table/flow-templates.js");
  const html = String(resultAsk({ ctx: { state: s, t: S.derive(s), ui: { sheet: { mode: "action" } } }, d }).text ?? "");
  assert.match(html, /Not red: ✗ explodes the bomb/);
  assert.doesNotMatch(html, /result-last-space/);
  assert.equal(S.nextAsk(s, S.derive(s), { ...d, ok: true }).ask, "cut_label");
  const ok = S.addEntry(s, S.buildEntry(s, S.derive(s), { ...d, ok: true, cut: "R9" }));
  let t = S.derive(ok);
  assert.ok(t.entries.every((e) => e.ok), t.entries.map((e) => e.error).join(" "));
  assert.equal(t.mistakesMade, 0, "the challenge done: the detonator back a space");
  assert.match(t.entries[1].text, /Bob: Cid L is RED\? ✓ cut R9: a challenge done/);
  // one card: once done it is discarded, no second “It is RED”
  const again = S.derive(S.addEntry(ok, { k: "redcall", a: 2, p: 3, s: 0, j: 11, vs: [], ok: true, cut: "R5" }));
  assert.match(again.entries.at(-1).error, /challenge 1 \(“It is RED”\) is done already/);
  assert.equal(again.mistakesMade, 0);
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const actions = (st) => String(logTemplate({ state: st, t: S.derive(st) }).text);
  assert.match(actions(s), /data-testid="action-redcall"/);
  assert.doesNotMatch(actions(ok), /data-testid="action-redcall"/, "its card discarded: not offered again");
  const four = [0, 1, 2].reduce((x) => S.addEntry(x, { k: "challenge" }), ok); // with the red one: all four done
  assert.doesNotMatch(actions(four), /data-testid="action-challenge"/);
  assert.match(actions(ok), /data-testid="action-challenge"/);
  t = S.derive(S.addEntry(s, S.buildEntry(s, S.derive(s), { ...d, ok: false })));
  assert.equal(t.exploded, true);
  assert.match(S.derive(S.addEntry(table({ number: 4 }), { k: "redcall", a: 1, p: 2, s: 0, j: 0, vs: [], ok: false })).entries[0].error, /only missions 55 and 60/);
});

test("38: a cut made with one's own turned-around wire says so in the log", () => {
  let s = table({ number: 38, turned: "captain" });
  const last = S.derive(s).stands[0][0].length - 1;
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "4", ok: true, cut: "4", as: { s: 0, j: last }, av: "4" });
  const t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.match(t.entries[0].text, /with their turned-around wire$/);
});

test("52: the false tokens' advice (two to place), a false token is never my wire's own value, and a failure reads 'not N'", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const { adviceTemplate } = await import("../../web/table/table-templates.js");
  let s = table({ number: 52, false_tokens: true, false_by: "all" });
  assert.deepEqual(S.startingTokenDue(s), { kind: "false", left: 2 });
  // the engine's ranking (indicate, tokens "false"): the first recorded as the slot sheet would, then the rest
  const answer = { false: [{ stand: 0, slot: 2, letter: "C", wire: "3", token: "!4", p: 0.41 }, { stand: 0, slot: 0, letter: "A", wire: "1", token: "!2", p: 0.38 },
    { stand: 0, slot: 5, letter: "F", wire: "6", token: "!5", p: 0.2 }] };
  const t0 = S.derive(s);
  const entry = S.adviceEntry(s, t0, S.topAdvice(answer, "false", 3, t0, 0)[0], "false");
  assert.deepEqual(entry, { k: "set", p: 0, s: 0, j: 2, slot: { c: "h", v: null, m: "!4", col: null } });
  const one = S.addEntry(s, entry);
  const t1 = S.derive(one);
  assert.deepEqual(S.startingTokenDue(one, t1), { kind: "false", left: 1 });
  assert.deepEqual(S.topAdvice(answer, "false", 3, t1, 0).map((r) => r.token), ["!2", "!5"], "the slot placed leaves the list");
  const panel = String(adviceTemplate({ advice: { due: { kind: "false", left: 1 }, rows: S.topAdvice(answer, "false", 3, t1, 0) }, state: one, t: t1 }));
  assert.match(panel, /Your false tokens \(1 to place\)/);
  assert.match(panel, /false token “not 2” → slot A/);
  assert.match(panel, /a 2 there, as your teammates see it: 38/);
  const two = S.addEntry(one, { k: "set", p: 0, s: 0, j: 0, slot: { c: "h", v: null, m: "!2", col: null } });
  assert.equal(S.startingTokenDue(two), null, "both placed");
  const t = S.derive(s);
  const sheet = String(sheetTemplate({ state: s, t, laws: null, ui: { sheet: { mode: "slot", key: "0-0-0", tab: "set" } }, holdings: null }));
  const own = t.stands[0][0][0].own;
  assert.match(sheet, new RegExp(`data-testid="set-not-${own}"[^>]*disabled`));
  assert.match(sheet, new RegExp(`data-testid="set-not-why">Your ${own}: a false token never shows its own value`), "said why (52's walkthrough)");
  assert.doesNotMatch(sheet, /data-testid="set-not-4"[^>]*disabled/);
  // a teammate's bare wire the table makes sure of: that value greyed (52's walkthrough: "not 9" on a sure 9, then erred)
  const bob = String(sheetTemplate({ state: s, t, laws: new Map([["1-0-10", { probs: { 9: 1 } }]]), ui: { sheet: { mode: "slot", key: "1-0-10", tab: "set" } }, holdings: null }));
  assert.match(bob, /data-testid="set-not-9"[^>]*disabled/);
  assert.doesNotMatch(bob, /data-testid="set-not-8"[^>]*disabled/);
  // never on my red wire (the card): every key greyed, said (17's walkthrough: taken, then the whole table erred)
  let red = table({ number: 52, false_tokens: true, false_by: "all" });
  red.setup.red = { mode: "list", nums: [3], keep: 1, known: [] };
  red.hand = [];
  for (const l of ["1", "2", "3", "R3", "4", "5", "6", "7", "8", "9", "10", "11", "12"].slice(0, S.standSizes(red.setup)[0][0])) red = S.handAdd(red, 0, l);
  const onRed = String(sheetTemplate({ state: red, t: S.derive(red), laws: null, ui: { sheet: { mode: "slot", key: "0-0-3", tab: "set" } }, holdings: null }));
  assert.match(onRed, /data-testid="set-not-why">Your R3: a false token never goes on a red wire/);
  assert.doesNotMatch(onRed.replace(/<button[^>]*data-testid="set-not-\d+"[^>]*disabled[^>]*>/g, ""), /data-testid="set-not-\d+"/, "every false-token key greyed");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 11, v: "11", ok: false, silent: true });
  assert.match(S.derive(s).entries[0].text, /✗ a false token: not 11/);
  // the token lies on the wire, as the table shows it, beside a starting one (the walkthrough: never shown)
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 10, slot: { c: "h", v: null, m: "!3", col: null } });
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 10, v: "2", ok: false, silent: true });
  const t2 = S.derive(s);
  assert.ok(t2.entries.every((e) => e.ok), JSON.stringify(t2.entries));
  assert.deepEqual(t2.stands[1][0][11].nots, ["11"]);
  const { standsTemplate } = await import("../../web/table/table-templates.js");
  const stands = String(standsTemplate({ state: s, t: t2, result: null, highlight: new Set(), picked: new Set(), culprits: new Set(), ui: {}, missions: [] }));
  assert.match(stands, /data-testid="slot-1-0-11"[\s\S]*?<span class="mark" title="false token not 11">!11<\/span>/);
  // a second false token on one wire: "+1" on the one-line chip (the two clipped at 390 px), both in words
  assert.match(stands, /data-testid="slot-1-0-10"[\s\S]*?<span class="mark" title="false token not 3, false token not 2">!3\+1<\/span>/);
  assert.match(stands, /aria-label="Bob, slot L: !11 [^"]*false token not 11/);
  const slotSheet = String(sheetTemplate({ state: s, t: t2, laws: null, ui: { sheet: { mode: "slot", key: "1-0-10", tab: "set" } }, holdings: null }));
  assert.match(slotSheet, /data-testid="sheet-tokens">On this wire: false token not 3, false token not 2\./);
});

test("40: on my own wire only the x-token my stand shows is offered; 45: the one chosen who has none skips, as in 51", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const s = table({ number: 40, tokens: "multiplicity" });
  const t = S.derive(s);
  const sheet = String(sheetTemplate({ state: s, t, laws: null, ui: { sheet: { mode: "slot", key: "0-0-0", tab: "set" } }, holdings: null }));
  const mine = S.wireMark(s.setup, t, 0, 0, t.stands[0][0][0].own); // my 1: one of them on my stand
  assert.equal(mine, "1x");
  assert.doesNotMatch(sheet, /data-testid="set-mark-1x"[^>]*disabled/);
  assert.match(sheet, /data-testid="set-mark-2x"[^>]*disabled/);
  // a teammate's cut 5 beside two more cut 5s: x1 and x2 cannot be; my own 5 leaves no x4 (40's walkthrough)
  let c5 = s;
  for (const j of [3, 4, 5]) c5 = S.addEntry(c5, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v: "5" } });
  const cutSheet = String(sheetTemplate({ state: c5, t: S.derive(c5), laws: null, ui: { sheet: { mode: "slot", key: "1-0-4", tab: "set" } }, holdings: null }));
  for (const m of ["1x", "2x", "4x"]) assert.match(cutSheet, new RegExp(`data-testid="set-mark-${m}"[^>]*disabled`), m);
  assert.doesNotMatch(cutSheet, /data-testid="set-mark-3x"[^>]*disabled/);
  let f = table({ number: 45, number_cards: "pick" });
  f.setup.mission = 45;
  f.setup.numbers = [7];
  f = S.addEntry(f, { k: "skip", a: 2 });
  const ft = S.derive(f);
  assert.equal(ft.mistakesMade, 1);
  assert.ok(S.engineDoc(f, ft).facts.some((x) => x.kind === "has_not" && x.player === 2 && x.value === 7));
  // a volunteer who said "Snip!" without it as well as one the captain named: the label fits both
  assert.equal(S.skipRule(f.setup).label, "Has none of the card's value");
  // the one named puts an info token: the log says where it goes in (45's walkthrough: said only in a refusal)
  const named = S.derive(S.addEntry(f, { k: "skip", a: 1, v: 7 })).entries.at(-1).text;
  assert.match(named, /has no 7 \(the card flipped\): the detonator moves; named by the captain, they put an info token: tap its wire, Set tokens/);
});

test("26: the cut recorded flips its value's card (none to untap); with none face up all turn up again, but those cut all four", async () => {
  const { pickedUp } = await import("../../web/table/pick-cards.js");
  const { missionPlayDoc } = await import("../../web/table/play-docs.js");
  let s = table({ number: 26, number_cards: "pick" });
  // a starting token names no card: no check beside it (26's walkthrough: "the number card 0 was face down")
  assert.doesNotMatch(S.derive(S.addEntry(s, { k: "set", p: 1, s: 0, j: 4, slot: { c: "info", v: "7" } })).entries[0].text, /check/);
  assert.deepEqual(s.setup.numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "all 12 face up at the start");
  const fail = (a, v, real, j = 0) => ({ k: "dual", a, p: a === 0 ? 1 : 0, s: 0, j: a === 0 ? j : 11, v, ok: false, real });
  s = S.addEntry(s, fail(0, "5", "1"));
  let t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.deepEqual(pickedUp(s.setup, t), [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12], "a failed cut flips its card too");
  assert.deepEqual(S.missionRules(s, t).only_values.values, [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(missionPlayDoc(s, t).mission_play.up, [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]);
  // one card left face up, flipped by a cut: all turn face up again, but a value whose four wires are cut
  s.setup.numbers = [5, 9];
  s = S.addEntry(s, fail(1, "9", "12"));
  const four = (p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v: "4", m: null, col: null } });
  for (const [p, j] of [[1, 3], [1, 4], [2, 3], [3, 3]]) s = S.addEntry(s, four(p, j));
  t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual(pickedUp(s.setup, t), [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12], "all up again but the 4, cut all four");
  // the next cut flips its card again (the walkthrough: after the first reshuffle no cut flipped any card)
  const at = (a, j) => ({ k: "dual", a, p: 1, s: 0, j, v: "7", ok: false, real: "8" });
  const again = S.derive(S.addEntry(s, at(2, 6)));
  assert.ok(again.entries.at(-1).ok, again.entries.at(-1).error);
  assert.deepEqual(pickedUp(s.setup, again), [1, 2, 3, 5, 6, 8, 9, 10, 11, 12]);
  assert.doesNotMatch(again.entries.at(-1).text, /face down/);
  // a cut naming a card face down (an old entry edited since) is said
  assert.match(S.derive(S.addEntry(S.addEntry(s, at(2, 6)), at(3, 7))).entries.at(-1).text, /check: the number card 7 was face down/);
  // a skip reads the cards face up now: Ann holds some of them, so no skip
  assert.match(S.derive(S.addEntry(s, { k: "skip", a: 0 })).entries.at(-1).error, /Ann holds a wire of \d+: no skip/);
  // the table screen shows the cards face up now; the starting ones fold away
  const { numbersTemplate } = await import("../../web/table/cards-templates.js");
  const page = String(numbersTemplate(s.setup, t));
  assert.match(page, /Number cards face up:/);
  assert.match(page, /recording the cut flips it/);
  assert.match(page, /Change the cards face up at the start/);
});

test("32: the constraint card in play is shown on the status bar, beside the detonator, with what it says", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const s = table({ number: 32, constraints: "deck" });
  const missions = [preset({ number: 32, constraints: "deck" })];
  const bar = (st) => String(statusTemplate({ state: st, t: S.derive(st), missions, ui: {} }));
  assert.doesNotMatch(bar(s), /card-in-play/, "none tapped yet: the picker asks for it above the stands");
  s.setup.cards = ["C"];
  assert.match(bar(s), /data-testid="card-in-play"><span class="lbl">Constraint<\/span><span class="chip static">C <small>/);
});

test("62: a number card whose four wires are cut is crossed out (it took the detonator back)", async () => {
  const { numbersTemplate } = await import("../../web/table/cards-templates.js");
  let s = table({ number: 62, number_cards: "detonator" });
  s.setup.numbers = [4, 9];
  const cut = (p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v: "4", m: null, col: null } });
  for (const [p, j] of [[1, 3], [1, 4], [2, 3], [3, 3]]) s = S.addEntry(s, cut(p, j));
  const page = String(numbersTemplate(s.setup, S.derive(s)));
  assert.match(page, /Number cards in view: <s>4<\/s> 9/);
});

test("57: the card paired with the value validated last is put in play by itself, and taken back with its undo", async () => {
  const { followPairs } = await import("../../web/table/pair-cards.js");
  let s = table({ number: 57, constraints: "per_value" });
  s.setup.mission = 57;
  s.setup.pairs = { 4: "K", 9: "C" };
  const cut = (v, p, j) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  let prev = s;
  for (const [p, j] of [[1, 3], [1, 4], [2, 3]]) prev = S.addEntry(prev, cut("4", p, j));
  const next = S.addEntry(prev, cut("4", 3, 3)); // the fourth 4: validated
  const put = followPairs(prev, next);
  assert.deepEqual(put.setup.cards, ["K"]);
  assert.deepEqual(put.log, next.log);
  assert.equal(followPairs(put, put), put, "nothing validated since: unchanged");
  assert.deepEqual(followPairs(put, { ...prev, setup: put.setup }).setup.cards, [], "the validation undone: its card goes");
  const other = { ...put, setup: { ...put.setup, cards: ["A"] } }; // a card tapped by hand stays while nothing changes
  assert.equal(followPairs(other, other), other);
});

test("47: a cut recorded asks which two number cards gave its value and discards them; all 12 face up again once none left gives a value still to cut", async () => {
  const { sumCards } = await import("../../web/table/pick-cards.js");
  const { numbersTemplate } = await import("../../web/table/cards-templates.js");
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const { settleDraft } = await import("../../web/table/draft-options.js");
  let s = table({ number: 47, number_cards: "sum" });
  assert.deepEqual(s.setup.numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "all 12 face up at the start");
  // a failed dual cut of 5: five pairs give it; asked (never assumed), the team's rule named
  const d = { k: "dual", a: 0, p: 1, s: 0, js: [3], v: "5", ok: false, real: "4" };
  let t = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t, d), { ask: "sum_cards" });
  const A = { state: s, t, laws: null, given: null, editing: false };
  assert.equal(settleDraft(A, d).nc, undefined, "several pairs: not filled in");
  const ui = { sheet: { mode: "action" }, draft: d };
  const sheet = String(sheetTemplate({ state: s, t, ui, missions: [], ask: S.nextAsk(s, t, d) }));
  assert.match(sheet, /Which two number cards gave the 5\?/);
  for (const p of ["1-4", "2-3", "1-6", "2-7", "3-8", "4-9", "5-10", "6-11", "7-12"]) assert.match(sheet, new RegExp(`data-testid="sum-cards-${p}"`));
  assert.match(sheet, /data-testid="sum-kept">The team's rule: /);
  s = S.addEntry(s, S.buildEntry(s, t, { ...d, nc: [4, 9] }));
  t = S.derive(s);
  assert.equal(t.entries[0].ok, true, t.entries[0].error);
  assert.deepEqual(s.log[0].nc, [4, 9]);
  assert.match(t.entries[0].text, /\(number cards 4 and 9\)/);
  assert.deepEqual(sumCards(s.setup, t), [1, 2, 3, 5, 6, 7, 8, 10, 11, 12], "the two used are discarded");
  // a pair no longer face up is refused by name
  const again = S.derive(S.addEntry(s, { ...s.log[0], nc: [4, 9] }));
  assert.match(again.entries[1].error, /number cards 4 and 9 were not face up \(the cards face up were 1 2 3 5 6 7 8 10 11 12\)/);
  const oneDown = S.derive(S.addEntry(s, { ...s.log[0], v: "7", cut: "7", nc: [4, 3] }));
  assert.match(oneDown.entries[1].error, /number card 4 was not face up \(the cards face up were/, "not 'do not give 7': 4 + 3 does");
  const wrongSum = S.derive(S.addEntry(s, { ...s.log[0], v: "7", cut: "7", nc: [1, 2] }));
  assert.match(wrongSum.entries[1].error, /number cards 1 and 2 do not give 7: the cards face up were/);
  // one pair left that gives the value: filled in; none left that gives a value still to cut: all 12 again
  s.setup.numbers = [4, 9];
  t = S.derive(S.replaceEntry(s, 0, { ...s.log[0], nc: undefined }));
  assert.deepEqual(sumCards(s.setup, t), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "its only pair, the default for an entry without cards, used: all 12 again");
  s = S.replaceEntry(s, 0, { k: "set", p: 1, s: 0, j: 0, slot: { c: "cut", v: "1", m: null, col: null } });
  t = S.derive(s);
  assert.deepEqual(settleDraft({ ...A, state: s, t }, d).nc, [4, 9], "one pair gives 5: no question");
  assert.match(String(numbersTemplate(s.setup, t)), /Number cards face up: 4 9 <small>\(two of them give the value to cut.*recording the cut asks which two/);
  // editing offers the value's change with the cards cleared, and a change of the cards alone
  assert.ok(S.editChanges(s.setup, S.draftFromEntry({ k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "4", nc: [4, 9] })).includes("cards"));
  assert.ok(!S.editChanges(table({ number: 4 }).setup, { k: "dual", v: "5", ok: true }).includes("cards"));
});

test("47: a skip discards no number card (the card's back as bdiffuser's OCR reads it): nothing asked, the cards face up stay", async () => {
  const { sumCards } = await import("../../web/table/pick-cards.js");
  let s = table({ number: 47, number_cards: "sum" });
  s.setup.numbers = [1, 2, 5, 12];
  let t = S.derive(s);
  const d = { k: "skip", a: 1 };
  assert.equal(S.nextAsk(s, t, d), null, "no card asked");
  s = S.addEntry(s, S.buildEntry(s, t, d));
  t = S.derive(s);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.match(t.entries[0].text, /^Bob skips the turn \(no cut by the number cards, or none wanted\): the detonator moves( —|$)/);
  assert.deepEqual(sumCards(s.setup, t), [1, 2, 5, 12]);
  // a link from before, whose skip said two cards discarded: they stay face up, and the entry names none
  const old = S.replaceEntry(s, 0, { k: "skip", a: 1, nc: [2, 5] });
  assert.deepEqual(sumCards(old.setup, S.derive(old)), [1, 2, 5, 12]);
  assert.doesNotMatch(S.derive(old).entries[0].text, /number cards 2/);
});

test("59: a cut recorded says where Nano went and which way it faces, and how to say the cutter turned it", async () => {
  const { commitEntry } = await import("../../web/table/draft-commit.js");
  const s = table({ number: 59, number_cards: "line" });
  s.setup.numbers = [3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8];
  const said = [];
  const app = { state: s, ui: { sheet: { mode: "action" } }, closeSheet() {}, commit(n) { app.state = n; }, derived: () => S.derive(app.state),
    view: { flash: (x) => said.push(x) } };
  commitEntry(app, { k: "dual", a: 0, p: 2, s: 0, j: 6, v: "9", ok: false, real: "8" });
  assert.match(said[0], /— Nano on the 9, facing →: turned round\? “The cutter turned Nano round”/);
});

test("61: a teammate's card where the ring has it binds their cuts: the keypad says why, the card's warning speaks (61's walkthrough: unwarned)", () => {
  const s = table({ number: 61 });
  s.setup.cards = ["A"];
  s.setup.player_cards = ["", "D", "K", ""];
  const t = S.derive(s);
  const said = ["1", "2", "3", "7", "8"];
  assert.deepEqual(S.unnamedWhy(s, t, { k: "dual", a: 1, p: 2, s: 0, js: [2] }, said).map((x) => `${x.v} ${x.why}`),
    ["1 their constraint card D", "2 their constraint card D", "3 their constraint card D"]);
  assert.match(S.cardObjection(s.setup, t, { k: "solo", a: 2, v: "3" }), /constraint card K: no solo cut/);
  assert.equal(S.cardObjection(s.setup, t, { k: "solo", a: 3, v: "3" }), null, "Dan's card not entered: nothing binds");
});

test("61: a swap asks which card of F–L was drawn, and that card binds its player from then on", async () => {
  const { followSwap } = await import("../../web/table/pair-cards.js");
  let s = table({ number: 61 });
  s.setup.cards = ["D"];
  const t = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t, { k: "swap", a: 0 }), { ask: "swap_card" });
  const e = S.buildEntry(s, t, { k: "swap", a: 0, c: "K" });
  assert.deepEqual(e, { k: "swap", a: 0, c: "K", was: "D" });
  const next = followSwap(s, S.addEntry(s, e));
  assert.deepEqual(next.setup.cards, ["K"], "my card is the one drawn");
  assert.match(S.derive(next).entries[0].text, /Ann swaps their constraint card for card K: the detonator moves/);
  const bob = followSwap(next, S.addEntry(next, { k: "swap", a: 1, c: "G" }));
  assert.equal(S.ringCardOf(bob.setup, 1), "G");
  // undo puts back the card it replaced, redo the card drawn again (the walkthrough: undo kept K, redo blanked it)
  const undone = followSwap(next, S.undo(next));
  assert.deepEqual(undone.setup.cards, ["D"]);
  const redone = followSwap(undone, S.redo(undone));
  assert.deepEqual(redone.setup.cards, ["K"]);
  assert.deepEqual(followSwap(redone, S.undo(redone)).setup.cards, ["D"]);
  // a card held at the table already is not offered
  const { swapCardAsk } = await import("../../web/table/flow-templates.js");
  s.setup.player_cards = ["", "H", "", ""];
  assert.match(String(swapCardAsk({ d: { k: "swap", a: 2 }, setup: s.setup })), /data-testid="swap-card-H"[^>]*disabled/);
});

test("9, 16: a cut naming a value whose number card waits behind the Sequence card is said beside its entry", () => {
  let s = table({ number: 9, number_cards: "sequence" });
  s.setup.numbers = [7, 3, 10];
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 2, v: "3", ok: false, real: "4" });
  const t = S.derive(s);
  assert.ok(t.entries[0].ok, t.entries[0].error);
  assert.match(t.entries[0].text, /check: the sequence card: 7, then 3, then 10 \(the 3 waits\)/);
  const fine = S.derive(S.addEntry(table({ number: 9, number_cards: "sequence" }), { k: "dual", a: 1, p: 2, s: 0, j: 2, v: "5", ok: false, real: "4" }));
  assert.doesNotMatch(fine.entries[0].text, /sequence card/);
});

test("52: a Post-it's token is false too ('all the info tokens in this mission are false'): asked, mine included, and read as 'not N'", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  let s = table({ number: 52, false_tokens: true, false_by: "all" });
  s = { ...s, setup: { ...s.setup, table_cards: ["4"], equipment: ["4"] } };
  let t = S.derive(s);
  const mine = { k: "postit", a: 0, p: 0, s: 0, js: [2] }; // my C: a 3 (HAND sorted: 1 2 3 3 5 …)
  assert.deepEqual(S.nextAsk(s, t, mine), { ask: "value", blueOnly: true }, "asked even on my own wire (it was filled with my 3)");
  const html = String(sheetTemplate({ state: s, t, ui: { sheet: { mode: "action" }, draft: mine }, missions: [], ask: S.nextAsk(s, t, mine) }));
  assert.match(html, /Which value does the Post-it's false token show \(the wire is not it\)\?/);
  assert.match(html, /data-testid="key-3"[^>]*disabled/, "never my wire's own value");
  const e = S.buildEntry(s, t, { ...mine, v: "9" });
  assert.deepEqual(e, { k: "postit", a: 0, s: 0, j: 2, m: "!9" });
  s = S.addEntry(s, e);
  t = S.derive(s);
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.deepEqual(t.stands[0][0][2].nots, ["9"]);
  assert.match(S.derive(S.addEntry(s, { k: "postit", a: 0, s: 0, j: 3, m: "!3" })).entries.at(-1).error, /is your 3: a false token never shows its own value/);
  assert.match(S.derive(S.addEntry(s, { k: "postit", a: 0, s: 0, j: 3, v: "3" })).entries.at(-1).error, /the Post-it shows a false token here/);
  // a teammate's: the engine hears "not 7" of that wire, never a 7
  const bob = S.addEntry(s, S.buildEntry(s, t, { k: "postit", a: 1, p: 1, s: 0, js: [4], v: "7" }));
  const tb = S.derive(bob);
  assert.ok(tb.entries.at(-1).ok, tb.entries.at(-1).error);
  const facts = S.engineDoc(bob, tb).facts.filter((f) => f.player === 1 && f.kind === "not_value");
  assert.deepEqual(facts.map((f) => [f.value, f.slots]), [[7, [4]]]);
  assert.doesNotMatch(S.engineDoc(bob, tb).players[1].stands[0], /\b7\b/);
  // both starting false tokens on one wire: the slot shows both, as the engine reads both (the second hid the first)
  let two = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null, m: "!11", col: null } });
  two = S.addEntry(two, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null, m: "!12", col: null } });
  const sl = S.derive(two).stands[2][0][0];
  assert.deepEqual([sl.m, sl.nots], ["!12", ["11"]]);
});
