// The tokens placed at the start and passed round (web/table/starting-token.js, entries-mission.js): who still has
// theirs to place — chosen, drawn at random (13), "I have none" (22) — and 22's token gifts once two yellow wires are
// cut. Run with `node --test e2e_tests/js/`.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { preset, withPlayers } from "./tables.mjs";

const yellow = (count, nums) => ({ yellow: { count, of: null, known: 0, in_play: count, numbers_needed: count, ...(nums ? { fixed: nums } : {}) } });

test("22: once two yellow wires are cut, the status asks for the token gifts, giver to receiver from the captain", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 1), preset({ ...yellow(4), absent_tokens: true, token_pass: true }));
  s.setup.yellow.nums = [2, 4, 6, 8];
  s.setup.me = null;
  s.phase = "table";
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  const cutY = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  s = S.addEntry(s, cutY(0, 3, "Y2"));
  assert.equal(S.derive(s).gifts, undefined, "one yellow cut: not yet");
  assert.doesNotMatch(status(s), /token-gifts/);
  s = S.addEntry(s, cutY(2, 5, "Y6"));
  assert.deepEqual(S.derive(s).gifts, { given: 0, of: 4 });
  assert.match(status(s), /Bob → Cat, Cat → Dan, Dan → Ann, Ann → Bob/);
  assert.match(status(s), /Next: Cat gets Bob's/);
  // an info token on Cat's wire, then Dan has none of the value given
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 7, slot: { c: "info", v: "9", m: null, col: null } });
  s = S.addEntry(s, { k: "absent", p: 3, v: "4" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.deepEqual(t.gifts, { given: 2, of: 4 });
  assert.match(status(s), /Next: Ann gets Dan's/);
  s = S.addEntry(s, { k: "absent", p: 0, v: "11" });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 0, slot: { c: "info", v: "1", m: null, col: null } });
  assert.doesNotMatch(status(s), /token-gifts/, "all four given");
  // kept by a saved or shared table; a custom setup has no gifts
  assert.equal(S.normalize(JSON.parse(JSON.stringify(s))).setup.token_pass, true);
  assert.equal(S.applyMission(s.setup, null).token_pass, false);
});

test("27: once two yellow wires are cut, the status asks for the token draw — from the captain, each takes one and places it or says I have none", async () => {
  const { statusTemplate, logTemplate } = await import("../../web/table/table-templates.js");
  const { missionPlayDoc } = await import("../../web/table/play-docs.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(4, 1), preset({ ...yellow(4), number: 27 }));
  s.setup.yellow.nums = [2, 4, 6, 8];
  s.setup.me = null;
  s.phase = "table";
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  const actions = (st) => String(logTemplate({ state: st, t: S.derive(st), ui: {} }));
  const cutY = (p, j, v) => ({ k: "set", p, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  s = S.addEntry(s, cutY(0, 3, "Y2"));
  assert.doesNotMatch(status(s), /token-draw/);
  assert.doesNotMatch(actions(s), /data-testid="action-absent"/, "no I have none before the draw");
  assert.equal(missionPlayDoc(s, S.derive(s)).mission_play.drawn, false);
  s = S.addEntry(s, cutY(2, 5, "Y6"));
  assert.match(status(s), /data-testid="token-draw" data-given="0" data-of="4"/);
  assert.match(status(s), /draw 4 info tokens at random.*Next: Bob\./s);
  assert.match(actions(s), /data-testid="action-absent"/);
  assert.equal(missionPlayDoc(s, S.derive(s)).mission_play.drawn, true, "the playouts draw no more");
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 7, slot: { c: "info", v: "9", m: null, col: null } });
  s = S.addEntry(s, { k: "absent", p: 2, v: "4" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.match(status(s), /Next: Dan\./);
  assert.ok(S.engineDoc(s, t).facts.some((f) => f.kind === "has_not" && f.player === 2 && f.value === 4));
  // a turn while the draw goes round (the card: as soon as two yellows are cut) is refused by name; I have none is Dan's
  const turn = { k: "dual", a: 1, p: 3, s: 0, j: 2, v: "3", ok: false, real: "4" };
  assert.match(S.derive(S.addEntry(s, turn)).entries.at(-1).error, /first the token draw: Dan takes one of the tokens drawn/);
  const { logActs } = await import("../../web/table/acts-log.js");
  const said = [];
  const app = { state: s, ui: {}, results: {}, derived() { return S.derive(this.state); }, render() {}, closeSheet() {}, view: { flash: (m) => said.push(m) } };
  logActs(app).action("dual");
  assert.equal(app.ui.sheet, undefined, "no cut sheet opened");
  assert.match(said[0], /^Not yet: first the token draw: Dan takes/);
  logActs(app).action("absent");
  assert.equal(app.ui.draft.a, 3, "I have none: Dan's, the next to take one");
  // once every player took theirs: no more I have none (it was recorded, and made a cut look sure)
  for (const e of [{ k: "absent", p: 3, v: "5" }, { k: "set", p: 0, s: 0, j: 0, slot: { c: "info", v: "1", m: null, col: null } }]) s = S.addEntry(s, e);
  assert.deepEqual(S.derive(s).gifts, { given: 4, of: 4 });
  assert.doesNotMatch(actions(s), /data-testid="action-absent"/);
  assert.match(S.derive(S.addEntry(s, { k: "absent", p: 1, v: "2" })).entries.at(-1).error, /“I have none” comes with the token draw only .*: every player took theirs/);
  assert.ok(S.derive(S.addEntry(s, turn)).entries.at(-1).ok, "the draw over: turns go on");
});

test("tokens placed without a choice (13's random draw, 22's 'I have none'): the status says who still has to", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(3, 0), preset({ number: 13, random_info_token: true, absent_tokens: true }));
  s.phase = "table";
  assert.deepEqual(S.drawnTokensDue(s).per.map((x) => [x.need, x.have]), [[1, 0], [1, 0], [1, 0]]);
  assert.match(status(s), /drawn-tokens.*Still to place: Ann, Bob, Cat/s);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "info", v: "4", m: null, col: null } });
  s = S.addEntry(s, { k: "absent", p: 2, v: "9" });
  assert.match(status(s), /Still to place: Ann\./);
  // "I have none" offers only who has still to place theirs (one token each: the walkthrough's 13 offered Ann again)
  const { actorOff } = await import("../../web/table/draft-actors.js");
  const off = actorOff({ state: s, t: S.derive(s), ui: { sheet: { mode: "action" } } }, { k: "absent" });
  assert.deepEqual([...off.keys()].sort(), [1, 2]);
  assert.equal(off.get(1), "their token drawn is placed");
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const actions = (st) => String(logTemplate({ state: st, t: S.derive(st), ui: {} }));
  assert.match(actions(s), /data-testid="action-absent"/, "Ann's token still to place");
  s = S.addEntry(s, { k: "absent", p: 0, v: "2" });
  assert.equal(S.drawnTokensDue(s), null);
  assert.doesNotMatch(actions({ ...s, setup: { ...s.setup, absent_tokens: false } }), /data-testid="action-absent"/,
    "13, 39, 41: once every token drawn is placed, I have none is offered no more (the walkthrough's 39: all game)");
  // with 2 players the card spares the captain (13); 22: two each, until a turn is played
  let two = S.defaultState();
  two.setup = S.applyMission(withPlayers(2, 0), preset({ number: 13, random_info_token: true, captain_no_token_2p: true }));
  assert.deepEqual(S.drawnTokensDue(two).per.map((x) => x.need), [0, 1]);
  let n22 = S.defaultState();
  n22.setup = S.applyMission(withPlayers(4, 0), preset({ number: 22, absent_tokens: true }));
  n22 = S.addEntry(n22, { k: "absent", p: 0, v: "2" });
  assert.match(status(n22), /two tokens of values they do not hold.*Still to place: Ann \(1 left\), Bob \(2 left\)/s);
  n22 = S.addEntry(n22, { k: "dual", a: 0, p: 1, s: 0, j: 0, v: "1", ok: false, real: "2" });
  assert.equal(S.drawnTokensDue(n22), null, "the game is under way");
});

test("a mission's 'I have none' token says the value is nowhere in the hand (two stands: no stand asked)", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(2, 0), preset({ number: 22, absent_tokens: true }));
  s.setup.me = null;
  s.phase = "table";
  const t = S.derive(s);
  const d = { k: "absent", a: 1 };
  assert.deepEqual(S.nextAsk(s, t, d), { ask: "value", absent: true });
  assert.deepEqual(S.buildEntry(s, t, { ...d, v: "9" }), { k: "absent", p: 1, v: "9" });
  const doc = S.engineDoc(S.addEntry(s, { k: "absent", p: 1, v: "9" }));
  assert.deepEqual(doc.facts.filter((f) => f.kind === "has_not"), [{ kind: "has_not", player: 1, value: 9 }]);
});

test("tokens each player chooses (an info token, even/odd, an x-token): the status says who still has to place one", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(3, 0), preset({ number: 35 }));
  s.phase = "table";
  assert.deepEqual(S.drawnTokensDue(s).per.map((x) => [x.need, x.have]), [[1, 0], [1, 0], [1, 0]]);
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 3, slot: { c: "info", v: "4", m: null, col: null } });
  assert.match(status(s), /drawn-tokens.*puts an info token on one of their blue wires.*Still to place: Bob, Cat\./s);
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 5, slot: { c: "info", v: "6", m: null, col: null } });
  assert.equal(S.drawnTokensDue(s).per[0].have, 1, "one each: a second token of Ann's is not Bob's");
  s = S.addEntry(S.addEntry(s, { k: "set", p: 1, s: 0, j: 1, slot: { c: "info", v: "2", m: null, col: null } }),
    { k: "set", p: 2, s: 0, j: 1, slot: { c: "info", v: "2", m: null, col: null } });
  assert.equal(S.drawnTokensDue(s), null);
  // even/odd tokens (21): the mark is the token; mission 18 (no tokens) asks for none
  let eo = S.defaultState();
  eo.setup = S.applyMission(withPlayers(3, 0), preset({ number: 21, tokens: "even_odd" }));
  eo = S.addEntry(eo, { k: "set", p: 1, s: 0, j: 1, slot: { c: "h", v: null, m: "E", col: null } });
  assert.deepEqual(S.drawnTokensDue(eo).per.map((x) => x.have), [0, 1, 0]);
  assert.match(status(eo), /an even\/odd token/);
  const none = S.defaultState();
  none.setup = S.applyMission(withPlayers(3, 0), preset({ number: 18, tokens: "none" }));
  assert.equal(S.drawnTokensDue(none), null);
});

test("17: the captain places two false tokens instead of the usual one; the others one true token", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(3, 0), preset({ number: 17, false_tokens: true, false_by: "captain" }));
  s.phase = "table";
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 1, slot: { c: "h", v: null, m: "!5", col: null } });
  assert.deepEqual(S.drawnTokensDue(s).per.map((x) => [x.need, x.have]), [[2, 1], [1, 0], [1, 0]]);
  assert.match(status(s), /blue wires; the captain, Ann, two false ones instead \(“not N”, never on a red wire\).*Still to place: Ann \(1 left\), Bob, Cat/s,
    "the status says the captain's are false (17's walkthrough)");
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 9, slot: { c: "h", v: null, m: "!11", col: null } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3", m: null, col: null } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 2, slot: { c: "info", v: "3", m: null, col: null } });
  assert.equal(S.drawnTokensDue(s), null);
});

test("22 with 2 players: a hand holding every value places no token (fewer missing, fewer tokens); the teammate's keypad greys what the engine says they hold", async () => {
  const { askTemplate } = await import("../../web/table/sheet-templates.js");
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(2, 0), preset({ number: 22, absent_tokens: true }));
  s.setup.yellow = { mode: "list", nums: [1, 4, 7, 10], keep: 4, known: [] };
  s.phase = "table";
  const sizes = S.standSizes(s.setup)[0];
  const hand = [["1", "1", "Y1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7"], ["7", "8", "8", "9", "9", "10", "10", "Y10", "11", "11", "12", "12", "12", "Y4"]];
  hand.forEach((st, k) => st.slice(0, sizes[k]).forEach((l) => { s = S.handAdd(s, k, l); }));
  const due = S.drawnTokensDue(s);
  assert.equal(due.per[0].need, 0, "my wires hold every value: I place none (the walkthrough: 'Ann (2 left)' for ever)");
  assert.equal(due.per[1].need, 2);
  const t = S.derive(s);
  const holdings = [{ player: 1, value: 3, p_any: 1 }, { player: 1, value: 5, p_any: 0.4 }];
  const keys = String(askTemplate({ state: s, t, holdings, missions: [], ui: { sheet: { mode: "action" } } }, { k: "absent", a: 1 }, { ask: "value", absent: true }).text ?? "");
  assert.match(keys, /data-testid="key-3"[^>]*disabled/, "Bob surely holds a 3");
  assert.doesNotMatch(keys, /data-testid="key-5"[^>]*disabled/);
});

test("13, 39: a starting token drawn yellow goes back (the cards): Set tokens greys the yellow one before play; 41's may be yellow", async () => {
  const { sheetTemplate } = await import("../../web/table/sheet-templates.js");
  const sheet = (number) => {
    const s = S.defaultState();
    s.setup = S.applyMission(withPlayers(4, 0), preset({ number, random_info_token: true, yellow: { count: 2, of: null, known: 0, in_play: 2, numbers_needed: 2 } }));
    s.setup.yellow.nums = [3, 6];
    s.phase = "table";
    return String(sheetTemplate({ state: s, t: S.derive(s), laws: null, ui: { sheet: { mode: "slot", key: "1-0-2", tab: "set" } }, holdings: null }));
  };
  assert.match(sheet(39), /data-testid="set-info-Y"[^>]*disabled/, "39's walkthrough: a yellow starting token was taken");
  assert.doesNotMatch(sheet(41), /data-testid="set-info-Y"[^>]*disabled/);
});
