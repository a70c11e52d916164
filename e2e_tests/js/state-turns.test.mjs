// Pure JS state functions (web/table/table-state.js), continued: starting-token advice, presets, the
// named value, editing, the turn and the Coffee Mug, a teammate's cut on my wire, the equipment on the table.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { normalize } from "../../web/table/table-doc.js";
import { preset, started, withPlayers } from "./tables.mjs";

test("starting-token advice: due until my token shows, then the tapped advice is a set entry", () => {
  let s = started();
  assert.deepEqual(S.startingTokenDue(s), { kind: "value" });
  // a teammate's token does not count
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 0, slot: { c: "info", v: "1" } });
  assert.deepEqual(S.startingTokenDue(s), { kind: "value" });
  const result = {
    entropy_bits: 17.8, basis: "the setup",
    value: [
      { stand: 0, slot: 6, letter: "G", wire: "7", token: "i7", gain_bits: 2.29, resolved: 0.128, remaining_bits: 15.5 },
      { stand: 0, slot: 5, letter: "F", wire: "6", token: "i6", gain_bits: 2.29, resolved: 0.128, remaining_bits: 15.5 },
      { stand: 0, slot: 4, letter: "E", wire: "5", token: "i5", gain_bits: 2.25, resolved: 0.126, remaining_bits: 15.6 },
      { stand: 0, slot: 7, letter: "H", wire: "8", token: "i8", gain_bits: 2.25, resolved: 0.126, remaining_bits: 15.6 },
    ],
  };
  const top = S.topAdvice(result, "value");
  assert.deepEqual(top.map((r) => r.token), ["i7", "i6", "i5"]);
  assert.deepEqual(S.topAdvice(result, "even_odd"), []);
  const t = S.derive(s);
  const entry = S.adviceEntry(s, t, top[0], "value");
  assert.deepEqual(entry, { k: "set", p: 0, s: 0, j: 6, slot: { c: "info", v: "7", m: null, col: null } });
  s = S.addEntry(s, entry);
  assert.ok(S.derive(s).entries.at(-1).ok);
  assert.equal(S.startingTokenDue(s), null, "placed: the panel goes");
  assert.equal(S.engineDoc(s).players[0].stands[0].split(" ")[6], "i7");
  // even/odd and x1/x2/x3 tokens are marks on the slot
  let eo = started();
  eo.setup.tokens = "even_odd";
  assert.deepEqual(S.startingTokenDue(eo), { kind: "even_odd" });
  const e2 = S.adviceEntry(eo, S.derive(eo), { stand: 0, slot: 2, token: "O" }, "even_odd");
  assert.deepEqual(e2.slot, { c: "h", v: null, m: "O", col: null });
  eo = S.addEntry(eo, e2);
  assert.equal(S.startingTokenDue(eo), null);
  assert.equal(S.engineDoc(eo).players[0].stands[0].split(" ")[2], "O?3");
  // none for mission 18, nobody to advise when I only watch, over once the game is under way
  const none = started();
  none.setup.tokens = "none";
  assert.equal(S.startingTokenDue(none), null);
  const watch = { ...started(), setup: { ...started().setup, me: null } };
  assert.equal(S.startingTokenDue(watch), null);
  const going = S.addEntry(started(), { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: false, real: "4" });
  assert.equal(S.startingTokenDue(going), null);
});

test("teammates' starting tokens are sent to be read only when the team places the advised ones", () => {
  let s = started();
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "info", v: "5" } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null } }); // taken back
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 1, slot: { c: "info", v: "2" } });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 6, slot: { c: "info", v: "7" } }); // mine: I see my wires
  assert.equal(S.engineDoc(s).starting_tokens, undefined, "off by default");
  s.setup.read_tokens = true;
  assert.ok(S.tokensReadable(s.setup));
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 1]]);
  // a token given by a failed cut once the game is under way is not a starting token; a cut one still is
  s = S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 2, v: "3", ok: false, real: "4" });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: true });
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 1]]);
  // the setting survives the link; X tokens or turned wires: not readable
  assert.equal(S.decodeHash(S.encodeHash(s)).state.setup.read_tokens, true);
  for (const other of [{ x_tokens: true }, { turned: "each" }, { false_tokens: true }, { tokens: "none" }]) {
    assert.equal(S.tokensReadable({ ...s.setup, ...other }), false, JSON.stringify(other));
    assert.equal(S.engineDoc({ ...s, setup: { ...s.setup, ...other } }).starting_tokens, undefined);
  }
});

test("teammates' even/odd starting tokens are sent to be read too, also once their wire is cut", () => {
  let s = started();
  s.setup.tokens = "even_odd";
  s.setup.read_tokens = true;
  assert.ok(S.tokensReadable(s.setup));
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "h", v: null, m: "E", col: null } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null, m: "O", col: null } });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 2, slot: { c: "h", v: null, m: "O", col: null } }); // mine
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 0]]);
  assert.equal(S.engineDoc(s).tokens, "even_odd", "the engine reads the kind from the mission's tokens");
  // Bob's wire is cut later, as a 6 (Ann's): still his starting token
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "6", cut: "6", ok: true, as: { s: 0, j: 5 } });
  assert.ok(S.derive(s).entries.at(-1).ok);
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 0]]);
});

test("teammates' x-tokens are sent to be read too (24, 40), also once their wire is cut", () => {
  let s = started();
  s.setup.tokens = "multiplicity";
  s.setup.read_tokens = true;
  assert.ok(S.tokensReadable(s.setup));
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "h", v: null, m: "2x", col: null } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 0, slot: { c: "h", v: null, m: "1x", col: null } });
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 2, slot: { c: "h", v: null, m: "3x", col: null } }); // mine
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 0]]);
  assert.equal(S.engineDoc(s).tokens, "multiplicity", "the engine reads a count, not a value");
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", cut: "5", ok: true, as: { s: 0, j: 4 } });
  assert.ok(S.derive(s).entries.at(-1).ok);
  assert.deepEqual(S.engineDoc(s).starting_tokens, [[1, 0, 3], [2, 0, 0]]);
  assert.match(S.engineDoc(s).players[1].stands[0], /(^| )2x5( |$)/, "the cut wire keeps its token");
});

test("a preset deals the wires of its player count (mission 14 with 2 players: 3 red + 4 yellow)", () => {
  const yellow23 = { count: 2, of: 3, known: 0 };
  const red2 = { count: 2, of: null, known: 0 };
  const m14 = { number: 14, blue: [1, 12], yellow: yellow23, red: red2, tokens: "value", x_tokens: false,
    false_tokens: false, absent_tokens: false, open_red_deal: false, random_info_token: false,
    double_detector: "all", equipment: ["1"],
    players: { 2: { yellow: { count: 4, of: null, known: 0 }, red: { count: 3, of: null, known: 0 } },
      4: { yellow: yellow23, red: red2 } } };
  const four = S.applyMission(S.defaultSetup(), m14);
  assert.deepEqual([four.yellow.mode, four.yellow.keep, four.red.mode, four.red.keep], ["of", 2, "list", 2]);
  assert.deepEqual(S.colourNeeds(four, m14), { yellow: { need: 3, knownNeed: 0 }, red: { need: 2, knownNeed: 0 } });
  const twoPlayers = { ...S.defaultSetup(), players: ["Ann", "Bob"] };
  const two = S.applyMission(twoPlayers, m14);
  assert.deepEqual([two.yellow.mode, two.yellow.keep, two.red.mode, two.red.keep], ["list", 4, "list", 3]);
  assert.deepEqual(S.colourNeeds(two, m14), { yellow: { need: 4, knownNeed: 0 }, red: { need: 3, knownNeed: 0 } });
  assert.equal(S.dealChanges(m14, 4, 2), true);
  assert.equal(S.dealChanges(m14, 4, 3), false, "3 players: the usual deal");
  assert.equal(S.dealChanges(null, 4, 2), false);
});

test("the named value: mine when I cut, a value the teammate may hold otherwise, anything when editing", () => {
  let s = started();
  const t = S.derive(s);
  const base = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "Y"];
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 0 }, base), ["1", "2", "3", "5", "6", "7", "8", "9", "10", "11", "12"]);
  const holdings = [
    { player: 1, stand: 0, value: 4, p_any: 0.5 }, { player: 1, stand: 0, value: 5, p_any: 0 },
    { player: 1, stand: 0, value: "YELLOW", p_any: 0.1 }, { player: 2, stand: 0, value: 5, p_any: 1 },
  ];
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1 }, base, holdings), ["4", "Y"]);
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 1 }, base, holdings, true), base);
  assert.deepEqual(S.nameableValues(s, t, { k: "dual", a: 3 }, base, null), base);
});

test("editing starts from every current answer: draftFromEntry round-trips every entry of the link fixtures", async () => {
  const fs = await import("node:fs");
  const url = await import("node:url");
  const path = await import("node:path");
  const dir = path.join(path.dirname(url.fileURLToPath(import.meta.url)), "fixtures");
  let n = 0;
  for (const f of fs.readdirSync(dir).filter((x) => x.startsWith("links-"))) {
    for (const row of JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).links) {
      const { state } = await S.readHash(row.g);
      const t = S.derive(state);
      state.log.forEach((e) => {
        if (e.k === "set") return;
        const d = S.draftFromEntry(e);
        assert.equal(S.nextAsk(state, t, d), null, JSON.stringify(e));
        assert.deepEqual(S.buildEntry(state, t, d), e);
        n += 1;
      });
    }
  }
  assert.ok(n >= 20, `${n} entries`);
});

test("Change clears only what an answer decides: the value of a failed cut keeps who, where and the token", () => {
  const s = started();
  const e = { k: "dual", a: 1, p: 2, s: 0, j: 3, v: "5", ok: false, real: "4" };
  const d = S.clearAnswer(S.draftFromEntry(e), "value");
  assert.deepEqual(S.nextAsk(s, S.derive(s), d), { ask: "value", noYellow: false });
  assert.deepEqual({ a: d.a, p: d.p, js: d.js, ok: d.ok, real: d.real }, { a: 1, p: 2, js: [3], ok: false, real: "4" });
  const r = S.clearAnswer(S.draftFromEntry(e), "result");
  assert.equal(S.nextAsk(s, S.derive(s), r).ask, "result");
  assert.equal(r.v, "5");
});

test("the turn skips a player with no uncut wire, and the Coffee Mug offers only those with one", () => {
  let s = started();
  // every wire of Bob's is cut (by dual cuts of others that this test does not replay)
  ["1", "2", "3", "4", "4", "5", "6", "7", "8", "9", "10", "12"].forEach((v, j) => {
    s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v, m: null, col: null } });
  });
  s = S.addEntry(s, { k: "dual", a: 0, p: 2, s: 0, j: 4, v: "6", ok: false, real: "5" });
  let t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries.filter((e) => !e.ok)));
  assert.equal(t.turn, 2, "Ann -> (Bob has no wire left) -> Cid");
  s = S.addEntry(s, { k: "dual", a: 3, p: 2, s: 0, j: 5, v: "7", ok: false, real: "6" });
  t = S.derive(s);
  assert.equal(t.turn, 0, "Dee -> Ann (clockwise, from the last seat)");
  assert.equal(S.hasUncut(t, 1), false);
  assert.equal(S.hasUncut(t, 2), true);
});

test("a teammate's dual cut on my wire is recorded as a dual cut, my wire's value filled in, ✓ and ✗", () => {
  const base = started(); // I am Ann (0); my E is a 5
  for (const [d, want] of [
    [{ k: "dual", a: 1, p: 0, s: 0, js: [4], v: "5", ok: true, as: { s: 0, j: 3 } }, { cut: "5" }],
    [{ k: "dual", a: 1, p: 0, s: 0, js: [4], v: "6", ok: false }, { real: "5" }],
  ]) {
    const t0 = S.derive(base);
    assert.equal(S.nextAsk(base, t0, d), null, "nothing more to ask: I know my wire");
    const entry = S.buildEntry(base, t0, d);
    assert.equal(entry.k, "dual");
    assert.deepEqual({ cut: entry.cut, real: entry.real }, { cut: undefined, real: undefined, ...want });
    const mine = S.addEntry(base, entry);
    const t = S.derive(mine);
    assert.ok(t.entries[0].ok, t.entries[0].error);
    // the same cut recorded by someone who does not see my wires: the same engine document but my hand
    const pub = S.addEntry({ ...structuredClone(base), hand: [], setup: { ...base.setup, me: null } }, entry);
    const docMine = S.engineDoc(mine, t);
    const docPub = S.engineDoc(pub, S.derive(pub));
    assert.deepEqual(docMine.players.slice(1), docPub.players.slice(1));
    assert.deepEqual([docMine.facts, docMine.mistakes_left, t.turn], [docPub.facts, docPub.mistakes_left, S.derive(pub).turn]);
    assert.equal(docMine.players[0].stands[0].split(" ")[4], d.ok ? "5" : "i5");
    assert.equal(docPub.players[0].stands[0].split(" ")[4], d.ok ? "5" : "i5");
  }
});

test("the equipment on the table: the turn log offers those not spent (and the character card); an item counts only if its card lies face up", async () => {
  const { logTemplate } = await import("../../web/table/table-templates.js");
  const EQUIP_ACTIONS = { 1: "label_ne", 2: "walkie", 3: "triple", 4: "postit", 5: "super", 6: "rewind", 7: "batteries", 8: "radar",
    9: "stabilizer", 10: "xray", 11: "coffee", 12: "label_eq", Y: "false_bottom", "2.2": "swl", "3.3": "drop", "10.10": "disint", "11.11": "hook" };
  const offered = (s) => {
    const t = S.derive(s);
    const page = String(logTemplate({ state: s, t }).text);
    return Object.entries(EQUIP_ACTIONS).filter(([, k]) => page.includes(`data-testid="action-${k}"`)).map(([id]) => id).sort();
  };
  const cut3s = (s) => {
    s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "3", ok: true, cut: "3", as: { s: 0, j: 2 } });
    return S.addEntry(s, { k: "dual", a: 0, p: 3, s: 0, j: 1, v: "3", ok: true, cut: "3", as: { s: 0, j: 3 } });
  };
  let s = started();
  assert.equal(s.setup.table_cards, null, "not set: every card of the pile, as before");
  assert.deepEqual(offered(s), Object.keys(EQUIP_ACTIONS).sort());
  s = { ...s, setup: { ...s.setup, table_cards: ["3", "8", "9", "11"] } };
  assert.deepEqual(offered(s), ["11", "3", "8", "9"]);
  const used = S.addEntry(cut3s(s), { k: "detect", kind: "triple", a: 1, p: 2, s: 0, js: [0, 1, 2], v: "1", ok: true, hit: 0, cut: "1", as: { s: 0, j: 0 } });
  assert.deepEqual(offered(used), ["11", "8", "9"], "spent: no longer offered");
  assert.match(S.derive(used).entries.at(-1).text, /Triple Detector: Cid A\+B\+C has 1\? ✓ cut A/);
  // a Super Detector points at a whole stand: the log says so, not every letter (those a token rules out too)
  const sup = S.addEntry(s, { k: "detect", kind: "super", a: 1, p: 2, s: 0, js: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], v: "1", ok: true, hit: 0, cut: "1", as: { s: 0, j: 0 } });
  assert.match(S.derive(sup).entries.at(-1).text, /Super Detector: Cid \(the whole stand\) has 1\? ✓ cut A/);
  // a card played before it was usable (a table recorded before the page checked): said beside the entry, not refused
  const failed = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 2, v: "5", ok: false, real: "3" });
  const early = S.derive(S.addEntry(failed, { k: "rewind" }));
  assert.ok(early.entries[1].ok, early.entries[1].error);
  assert.match(early.entries[1].text, /check: the Rewinder \(6\) is not on the table/);
  // a Rewinder that could not move the detonator (at its start) is refused: the card is kept
  assert.match(S.derive(S.addEntry(s, { k: "rewind" })).entries[0].error, /on the first space of its track: the Rewinder would not move it/);
  // where the mission sets the dial a space from the end (60), the spaces behind it are there: the Rewinder takes it back
  const end = { ...s, setup: { ...s.setup, mistakes: 0 } };
  const back = S.derive(S.addEntry(end, { k: "rewind" }));
  assert.ok(back.entries[0].ok, back.entries[0].error);
  assert.equal(back.mistakesLeft, 1);
  assert.equal(S.engineDoc(end, S.derive(end)).equipment?.start_mistakes ?? S.movesDoc(end, S.derive(end)).start_mistakes, 3, "the dial's first space: 3 mistakes with 4 players");
  const locked = S.derive(S.addEntry(s, { k: "stabilizer", a: 0 }));
  assert.match(locked.entries[0].text, /check: the Stabilizer \(9\) was not usable yet \(two 9s cut first: 0 then\)/);
  // the same said in the sheet before it is recorded (the action stays offered: a cut may be missing from the log)
  assert.equal(S.itemObjection(s.setup, S.derive(s), { k: "stabilizer", a: 0 }), "the Stabilizer (9): it is not usable yet (two 9s cut first: 0 so far)");
  assert.equal(S.itemObjection(s.setup, S.derive(s), { k: "dual", a: 0 }), null, "no card played");
  assert.ok(String(logTemplate({ state: s, t: S.derive(s) }).text).includes('data-testid="action-double"'), "the character card");
  let t = S.derive(cut3s(s));
  assert.ok(S.availableItems(cut3s(s), t).includes("triple_detector"));
  assert.deepEqual(t.cards.find((c) => c.id === "3"), { id: "3", have: 2, need: 2, state: "usable" });
  assert.equal(t.cards.find((c) => c.id === "8").state, "waiting");
  const without = { ...s, setup: { ...s.setup, table_cards: ["5", "8", "9", "11"] } };
  assert.ok(!S.availableItems(cut3s(without), S.derive(cut3s(without))).includes("triple_detector"));
  // a saved table keeps its cards; one from before the question has none (every card counts)
  assert.deepEqual(S.normalize(JSON.parse(JSON.stringify(s))).setup.table_cards, ["3", "8", "9", "11"]);
  const old = JSON.parse(JSON.stringify(s));
  delete old.setup.table_cards;
  const opened = S.normalize(old);
  assert.equal(opened.setup.table_cards, null);
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  const status = (st) => String(statusTemplate({ state: st, t: S.derive(st), result: null }).text);
  assert.ok(status(opened).includes('data-testid="cards-unset"'), "the page says every card of the pile counts");
  assert.ok(!status(s).includes('data-testid="cards-unset"'));
});

test("with 2 players the captain places no starting token where the card says (11, 13, 27, 29, 40, 46, 51)", () => {
  const two = (captain) => {
    let s = S.defaultState();
    s.setup = S.applyMission({ ...s.setup, players: ["Ann", "Bob"], captain, me: 0 }, preset({ captain_no_token_2p: true }));
    s.phase = "table";
    for (let v = 1; v <= 12; v++) for (const st of [0, 1]) s = S.handAdd(s, st, String(v)); // two stands of 12
    return s;
  };
  assert.equal(S.startingTokenDue(two(0)), null, "I am the captain: no token to place");
  assert.deepEqual(S.startingTokenDue(two(1)), { kind: "value" }, "Bob is: mine is due");
  assert.equal(normalize(JSON.parse(JSON.stringify(two(0)))).setup.captain_no_token_2p, true, "kept by a saved or shared table");
  let three = two(0);
  three.setup = { ...three.setup, players: ["Ann", "Bob", "Cat"] };
  assert.deepEqual(S.startingTokenDue(three), { kind: "value" }, "with 3 players the captain places one");
});

test("22: no starting token to advise ('I have none' tokens instead); 41, 48: no cut names yellow", () => {
  const s = started();
  s.setup.absent_tokens = true;
  assert.equal(S.startingTokenDue(s), null);
  assert.equal(S.tokensReadable(s.setup), false);
  let y = started();
  y.setup.yellow = { mode: "list", nums: [2, 5, 8], keep: 3, known: [] };
  y.setup.special = ["yellow_special"];
  y.setup.mission = 48;
  y = S.addEntry(y, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "Y", ok: true, cut: "Y5", as: { s: 0, j: 0 } });
  assert.match(S.derive(y).entries[0].error, /no cut names yellow here: the yellow wires go only by the mission's special action \(mission 48\)/);
  y.setup.special = [];
  assert.doesNotMatch(S.derive(y).entries[0].error ?? "", /special action/);
});

test("the entry that explodes the bomb says so in the log", () => {
  let s = started();
  s.setup.mistakes = 0;
  s = S.addEntry(s, { k: "dual", a: 1, p: 2, s: 0, j: 0, v: "5", ok: false, real: "1" });
  const t = S.derive(s);
  assert.equal(t.exploded, true);
  assert.match(t.entries[0].text, /: the bomb exploded$/);
});

test("a solo cut takes every wire of its value still uncut (2 of them with a usable Fast Pass)", () => {
  let s = started();
  const solo = (a, cuts) => ({ k: "solo", a, slots: cuts.map((_c, n) => ({ s: 0, j: n })), cuts });
  let t = S.derive(S.addEntry(s, solo(1, ["5"])));
  assert.match(t.entries[0].error, /a solo cut takes every 5 still uncut \(4 left\), not 1: Bob must hold them all/);
  const four = S.derive(S.addEntry(s, solo(1, ["5", "5", "5", "5"]))).entries[0];
  assert.ok(four.ok);
  assert.equal(four.text, "Bob solo cut four 5s — check: it was Ann's turn (the turn passes on from Bob)");
  assert.match(S.derive(S.addEntry(s, solo(1, ["5", "6"]))).entries[0].error, /one value/);
  // the Fast Pass (9.9) usable, all four 9s cut: two 5s are enough, and the entry says the card went
  s.setup.table_cards = ["9.9"];
  for (const [p, j] of [[0, 8], [1, 10], [2, 10], [3, 10]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "9" } });
  t = S.derive(S.addEntry(s, solo(1, ["5", "5"])));
  assert.ok(t.entries.at(-1).ok, t.entries.at(-1).error);
  assert.match(t.entries.at(-1).text, /^Bob solo cut two 5s with the Fast Pass \(9\.9: spent; 2 still out\)/);
});

test("the log says when the Stabilizer held the detonator", () => {
  let s = started();
  s.setup.table_cards = ["9"];
  for (const p of [1, 2]) s = S.addEntry(s, { k: "set", p, s: 0, j: 10, slot: { c: "cut", v: "9" } });
  s = S.addEntry(s, { k: "stabilizer", a: 0 });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "4" });
  const t = S.derive(s);
  assert.ok(t.entries.every((e) => e.ok), JSON.stringify(t.entries));
  assert.match(t.entries.at(-1).text, /✗ it is 4 — the Stabilizer holds the detonator$/);
  assert.equal(t.mistakesMade, 0);
});

test("a turn recorded for a player whose turn it was not is said beside its entry, and the turn passes on from them", () => {
  let s = started(); // Ann's turn (the captain)
  s = S.addEntry(s, { k: "dual", a: 2, p: 1, s: 0, j: 0, v: "3", ok: false, real: "4" });
  let t = S.derive(s);
  assert.ok(t.entries[0].ok);
  assert.match(t.entries[0].text, /— check: it was Ann's turn \(the turn passes on from Cid\)$/);
  assert.equal(t.turn, 3);
  s = S.addEntry(s, { k: "dual", a: 3, p: 1, s: 0, j: 1, v: "3", ok: false, real: "4" });
  assert.doesNotMatch(S.derive(s).entries[1].text, /check/, "Dan's turn: nothing said");
  const free = started();
  free.setup.free_turns = true; // 10, 45: whoever says "Snip!"
  t = S.derive(S.addEntry(free, { k: "dual", a: 2, p: 1, s: 0, j: 0, v: "3", ok: false, real: "4" }));
  assert.doesNotMatch(t.entries[0].text, /check/);
});

test("once the bomb has exploded the detonator says so (it read '1 left' beside 'the mission is lost')", async () => {
  const { statusTemplate } = await import("../../web/table/table-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.red = { mode: "list", nums: [5], keep: 1, known: [] };
  const before = String(statusTemplate({ state: s, t: S.derive(s), result: null }).text);
  assert.match(before, /<span class="num">3 left<\/span>/);
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 4, v: "6", ok: false, real: "R5" });
  const t = S.derive(s);
  assert.equal(t.exploded, true);
  assert.match(String(statusTemplate({ state: s, t, result: null }).text), /<span class="num">exploded<\/span>/);
});

test("9.9: my solo cut with three of a value in hand and the Fast Pass usable asks which two were cut (it took all three, then refused them)", () => {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "3", "7", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  s.setup.table_cards = ["9.9"];
  for (const [p, j] of [[1, 10], [2, 10], [3, 10], [1, 11]]) s = S.addEntry(s, { k: "set", p, s: 0, j, slot: { c: "cut", v: "9" } });
  const t = S.derive(s);
  assert.deepEqual(S.nextAsk(s, t, { k: "solo", a: 0, v: "3" }), { ask: "own_slots" });
  const mine = t.stands[0][0].map((sl, j) => (sl.own === "3" ? j : -1)).filter((j) => j >= 0);
  const d = { k: "solo", a: 0, v: "3", slots: mine.slice(0, 2).map((j) => ({ s: 0, j })), cuts: ["3", "3"], done: true };
  assert.equal(S.nextAsk(s, t, d), null);
  const e = S.buildEntry(s, t, d);
  const after = S.derive(S.addEntry(s, e));
  assert.ok(after.entries.at(-1).ok, after.entries.at(-1).error);
  assert.match(after.entries.at(-1).text, /Ann solo cut two 3s with the Fast Pass/);
  s.setup.table_cards = [];
  assert.equal(S.nextAsk(s, S.derive(s), { k: "solo", a: 0, v: "3" }), null, "no Fast Pass: my wires answer");
});

test("an Emergency Drop or False Bottom played before it is usable is said beside its entry, as every card is", () => {
  const s = started();
  s.setup.table_cards = ["3.3", "5"];
  const drop = S.derive(S.addEntry(s, { k: "drop" }));
  assert.ok(drop.entries[0].ok, drop.entries[0].error);
  assert.match(drop.entries[0].text, /check: the Emergency Drop \(3\.3\) (was )?not usable yet/);
});

test("a False Bottom entry can be edited: its cards are a change of their own", () => {
  assert.deepEqual(S.editChanges(started().setup, { k: "false_bottom", ids: ["4", "6"], done: true }), ["cards"]);
});

test("an instant card (Emergency Drop, False Bottom, Disintegrator) unlocked and not recorded says it acts at once, with its record tap", async () => {
  const { equipmentTemplate } = await import("../../web/table/cards-templates.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.table_cards = ["3.3"];
  s.setup.equipment = ["3.3"];
  const draw = (st) => String(equipmentTemplate(st, S.derive(st)));
  assert.doesNotMatch(draw(s), /instant-due/);
  for (const p of [1, 2, 3]) s = S.addEntry(s, { k: "set", p, s: 0, j: 2, slot: { c: "cut", v: "3", m: null, col: null } });
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 3, slot: { c: "cut", v: "3", m: null, col: null } });
  assert.match(draw(s), /data-testid="instant-due-3.3">Emergency Drop is unlocked: it acts at once/);
  assert.match(draw(s), /data-act="action" data-arg="drop"/);
  assert.doesNotMatch(String(equipmentTemplate(s, { ...S.derive(s), defused: true })), /instant-due/, "the game over: nothing to do");
  s = S.addEntry(s, { k: "drop" });
  assert.doesNotMatch(draw(s), /instant-due/, "recorded: said no more");
});

test("a player with no wire left is greyed among those who may take a turn (they take none)", async () => {
  const { actorOff } = await import("../../web/table/draft-actors.js");
  let s = S.defaultState();
  s.phase = "table";
  s.setup.me = null;
  for (let j = 0; j < 12; j += 1) s = S.addEntry(s, { k: "set", p: 1, s: 0, j, slot: { c: "cut", v: String(j + 1), m: null, col: null } });
  const off = actorOff({ state: s, t: S.derive(s), ui: { sheet: { mode: "action" } } }, { k: "dual" });
  assert.equal(off.get(1), "no wires left");
  assert.equal(off.has(0), false);
  assert.equal(actorOff({ state: s, t: S.derive(s), ui: { sheet: { mode: "action" } } }, { k: "radar" }).has(1), false, "a card, not a turn");
});

test("43 with 2 players: the captain draws their starting token at random (the card) — none advised, none read as a choice", () => {
  let s = S.defaultState();
  s.setup = S.applyMission(withPlayers(2, 0), preset({ number: 43 }));
  s.setup.mission = 43;
  s.setup.me = 1;
  s.setup.read_tokens = true;
  s.phase = "table";
  s = S.addEntry(s, { k: "set", p: 0, s: 0, j: 3, slot: { c: "info", v: "4" } }); // Ann's, drawn at random
  assert.ok(S.tokensReadable(s.setup));
  assert.equal(S.engineDoc(s).starting_tokens, undefined, "the captain's random token is no choice to read");
  const two = { ...s, setup: { ...s.setup, players: ["Ann", "Bob", "Cat"], mission: 43 } };
  assert.deepEqual(S.engineDoc(two).starting_tokens, [[0, 0, 3]], "with 3 players it is chosen");
  const hand = (me) => {
    let st = { ...s, setup: { ...s.setup, me }, log: [] };
    for (const stand of [0, 1]) for (let v = 1; v <= 12; v++) st = S.handAdd(st, stand, String(v)); // two stands of 12
    return st;
  };
  assert.ok(S.derive(hand(1)).hasHand);
  assert.deepEqual(S.startingTokenDue(hand(1)), { kind: "value" }, "Bob chooses his");
  assert.equal(S.startingTokenDue(hand(0)), null, "no advice for the captain's random token");
});
