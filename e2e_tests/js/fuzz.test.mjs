// Hostile links and saved states (seeded): random bytes, cut-short links, JSON of the wrong shape, huge
// numbers, unknown entry kinds, entries whose fields have the wrong type, names with HTML. Each one
// either reads as a damaged link (a message) or as a table that replays, builds its engine document and
// draws — no exception anywhere, and a name never reaches the page as HTML.
import test from "node:test";
import assert from "node:assert/strict";
import * as S from "../../web/table/table-state.js";
import { setupTemplate } from "../../web/table/setup-templates.js";
import { sheetTemplate } from "../../web/table/sheet-templates.js";
import { holdingsTemplate, logTemplate, standsTemplate, statusTemplate } from "../../web/table/table-templates.js";

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EVIL = ["ab", "", null, [], {}, -1, 0, 1e9, 1e308, "1e400", true, "<img src=x onerror=alert(1)>", [[[]]], { js: "ab" }, "Y", "R3", 3.5];
const KINDS = ["set", "dual", "xray", "detect", "solo", "red", "radar", "label", "postit", "rewind", "challenge", "absent", "walkie", "hook",
  "swl", "disint", "batteries", "drop", "false_bottom", "stabilizer", "coffee", "nano", "skip", "discard", "shown", "nope", "__proto__", ""];

function validState() {
  let s = S.defaultState();
  s.phase = "table";
  for (const l of ["12", "1", "5", "3", "3", "7", "9", "2", "11", "10", "6", "8"]) s = S.handAdd(s, 0, l);
  s = S.addEntry(s, { k: "set", p: 1, s: 0, j: 2, slot: { c: "info", v: "3", m: null, col: null } });
  s = S.addEntry(s, { k: "dual", a: 0, p: 1, s: 0, j: 3, v: "5", ok: false, real: "4" });
  s = S.addEntry(s, { k: "detect", kind: "double", a: 1, p: 2, s: 0, js: [3, 4], v: "4", ok: false, tok: 4, real: "5" });
  s = S.addEntry(s, { k: "radar", v: 8, ans: [{ p: 1, s: 0, has: true }] });
  s = S.addEntry(s, { k: "hook", a: 1, p: 3, s: 0, j: 0, to: { s: 0, j: 0 } });
  s = S.addEntry(s, { k: "walkie", a: 2, as: { s: 0, j: 1 }, pto: { s: 0, j: 1 }, p: 3, s: 0, j: 2, ato: { s: 0, j: 2 } });
  s = S.addEntry(s, { k: "set", p: 2, s: 0, j: 5, slot: { c: "h", v: null, m: "!5", col: "b" } });
  return s;
}

function hostile(r, base) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const raw = JSON.parse(JSON.stringify(base));
  const kind = Math.floor(r() * 9);
  if (kind === 0) return { hash: "#g=" + Buffer.from(Array.from({ length: 1 + Math.floor(r() * 200) }, () => Math.floor(r() * 256))).toString("base64url") };
  if (kind === 1) {
    const h = S.encodeHash(base);
    return { hash: h.slice(0, 3 + Math.floor(r() * (h.length - 3))) };
  }
  if (kind === 2) return { text: JSON.stringify(pick([5, "x", [], null, { setup: 5 }, { log: "x" }, { setup: { players: "ab" } }, { v: 1e400 }, { hand: [[5]] }])) };
  if (kind === 3) {
    raw.setup.players = raw.setup.players.map(() => pick(["<b>x</b>", "<script>alert(1)</script>", "a&b\"'", "x".repeat(500)]));
    return { raw };
  }
  if (kind === 4) {
    const key = pick(["me", "captain", "mistakes", "blue", "players", "yellow", "red", "equipment", "cards", "special", "red_deal", "mission"]);
    raw.setup[key] = pick(EVIL);
    return { raw };
  }
  // a log entry with an unknown kind or a field of the wrong type, at its top or one level down
  const e = raw.log.length && r() < 0.8 ? raw.log[Math.floor(r() * raw.log.length)] : (raw.log[raw.log.length] = { k: pick(KINDS) });
  const fields = ["k", "a", "p", "s", "j", "js", "v", "vs", "ok", "cut", "real", "tok", "hit", "ans", "eq", "to", "as", "ato", "pto",
    "got", "slot", "slots", "cuts", "ps", "ids", "next", "kind", "silent", "mark", "ox"];
  for (let n = 0; n < 1 + Math.floor(r() * 3); n += 1) {
    const inner = Object.values(e).filter((x) => x && typeof x === "object");
    const at = kind === 7 && inner.length ? pick(inner) : e;
    const keys = Array.isArray(at) ? [0, 1] : [...Object.keys(at), ...["m", "c", "v", "col", "s", "j", "p", "has"]];
    at[kind === 7 && inner.length ? pick(keys) : pick(fields)] = pick(kind === 5 ? KINDS : EVIL);
  }
  return { raw };
}

/** Every view a player can open on this table: the page, each slot's sheet, each entry's edit. */
function drawAll(state, t) {
  const ctx = { state, t, ui: { sheet: null }, missions: null, result: null, moves: null, holdings: null,
    highlight: new Set(), picked: new Set(), culprits: new Set(), advice: null };
  const page = [standsTemplate(ctx), logTemplate(ctx), statusTemplate(ctx), holdingsTemplate(ctx), setupTemplate(state, null)];
  t.stands.forEach((ss, p) => ss.forEach((st, s) => st.forEach((_sl, j) => {
    for (const tab of ["set", "cut"]) {
      const draft = { k: "dual", a: null, p, s, js: [j] };
      page.push(sheetTemplate({ ...ctx, ui: { sheet: { mode: "slot", key: `${p}-${s}-${j}`, tab }, draft }, ask: S.nextAsk(state, t, draft)?.ask }));
    }
  })));
  state.log.forEach((e) => {
    if (e.k === "damaged") return;
    const draft = S.draftFromEntry(e);
    page.push(sheetTemplate({ ...ctx, ui: { sheet: { mode: "action", edit: 0 }, draft }, ask: S.nextAsk(state, t, draft)?.ask }));
  });
  return page.map((x) => String(x?.text ?? x)).join("");
}

test("1,000 hostile links and saved states: a message or a usable table, never an exception", async () => {
  const r = rng(20261123);
  const base = validState();
  let tables = 0;
  let damaged = 0;
  for (let i = 0; i < 1000; i += 1) {
    const h = hostile(r, base);
    let state;
    if (h.hash !== undefined) {
      const got = await S.readHash(h.hash);
      if (got.error) {
        assert.equal(typeof got.error, "string");
        damaged += 1;
        continue;
      }
      state = got.state ?? S.defaultState();
    } else {
      try {
        state = S.normalize(h.raw ?? JSON.parse(h.text));
      } catch (err) {
        assert.ok(err instanceof Error && err.message, `case ${i}: ${err}`);
        damaged += 1;
        continue;
      }
    }
    try {
      const t = S.derive(state);
      S.engineDoc(state, t);
      S.availableItems(state, t);
      S.missionRules(state, t);
      const page = drawAll(state, t);
      assert.ok(!/<script>|<img src=x/.test(page), `case ${i}: a name reached the page as HTML`);
      tables += 1;
    } catch (err) {
      assert.fail(`case ${i}: ${err.stack}\n${JSON.stringify(h).slice(0, 400)}`);
    }
  }
  assert.ok(tables > 500 && damaged > 80, `${tables} tables, ${damaged} damaged`);
});
