// Table app wiring: owns the state (data) and the UI object, persists the data
// (localStorage + URL hash on every change; Back = undo the last change), turns
// taps into state changes and state changes into engine requests (latest wins).

import * as S from "./state.js";
import { AppView } from "./view.js";
import { Engine } from "../engine.js";

const STORAGE_KEY = "bombbusters.table.v1";
const MISSIONS_KEY = "bombbusters.missions.v1";

const view = new AppView(document.body);
const root = document.documentElement;

// ---- the one UI object: data (persisted) + ui (this tab only)
let state;
const ui = { sheet: null, draft: null, share: null, selectedMove: null, sheetError: null };
let missions = readMissions();
const results = {
  analysis: null, moves: null, error: null, pending: false, pendingMoves: false, forKey: null,
  advice: null, pendingAdvice: false, adviceError: null,
};

function readMissions() {
  try {
    const m = JSON.parse(localStorage.getItem(MISSIONS_KEY) || "null");
    return Array.isArray(m) ? m : null;
  } catch {
    return null;
  }
}

async function loadState() {
  const fromHash = await S.readHash(location.hash);
  if (fromHash.error) view.showNotice(`${fromHash.error} Your last table is shown instead.`);
  if (fromHash.state) return fromHash.state;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) return S.normalize(JSON.parse(saved));
  } catch {
    /* unreadable storage: start fresh */
  }
  return S.defaultState();
}

function persist(push) {
  const hash = S.encodeHash(state);
  if (location.hash !== hash) history[push ? "pushState" : "replaceState"](null, "", hash);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* private mode or full: the hash still holds the state */
  }
}

/** Every data change goes through here: one history entry, saved at once. */
function commit(next, { push = true } = {}) {
  if (next === state) return;
  state = next;
  persist(push);
  render();
  scheduleAnalysis();
}

// ---- derived view model

function derived() {
  return S.derive(state);
}

function ctx() {
  const t = derived();
  const draft = ui.draft;
  const ask = draft ? S.nextAsk(state, t, draft) : null;
  const highlight = new Set();
  const m = results.moves?.moves?.[ui.selectedMove];
  if (m && m.player !== null && m.player !== undefined) for (const j of m.slots) highlight.add(`${m.player}-${m.stand}-${j}`);
  const picked = new Set();
  if (ui.sheet?.mode === "action" && draft?.js && draft.p !== undefined) for (const j of draft.js) picked.add(`${draft.p}-${draft.s}-${j}`);
  if (ui.sheet?.mode === "slot") picked.add(ui.sheet.key);
  const culprits = new Set(results.error?.keys ?? []);
  let error = results.error ? { ...results.error, stale: Boolean(results.analysis) } : null;
  const bad = t.entries.map((e, i) => (e.ok ? null : `#${i + 1} ${e.text}: ${e.error}`)).filter(Boolean);
  if (!error && bad.length) error = { title: "Skipped log entries:", message: "", culprits: bad };
  const doc = state.phase === "table" ? S.engineDoc(state, t) : null;
  const due = state.phase === "table" ? S.startingTokenDue(state, t) : null;
  const advice = due
    ? { due, rows: S.topAdvice(results.advice, due.kind), basis: results.advice?.basis ?? "", pending: results.pendingAdvice, error: results.adviceError }
    : null;
  return {
    advice,
    state, t, ui, missions, ask, highlight, picked, culprits, error,
    result: results.analysis, moves: results.moves, holdings: results.moves?.holdings ?? results.analysis?.holdings,
    pending: results.pending, pendingMoves: results.pendingMoves, selectedMove: ui.selectedMove,
    sheetError: ui.sheetError, engineDocText: doc ? JSON.stringify(doc) : "",
  };
}

function render() {
  view.render(ctx());
}

// ---- engine

const bootLimit = Number(new URLSearchParams(location.search).get("boot_timeout_ms")) || 0;
const engine = new Engine({
  stageLimit: bootLimit,
  onProgress(msg) {
    if (msg.status === "start") view.engineLine("booting", `Starting the engine: ${msg.stage}…`);
  },
  onReady(info) {
    window.__engineInfo = info;
    root.dataset.engine = "ready";
    view.engineLine("ready", `Engine ready (v${info.engine?.engine ?? "?"})`);
    loadMissions();
  },
  onFailure(err) {
    root.dataset.engine = "failed";
    view.engineLine("failed", `The engine could not start (${err.stage}): ${err.message}`);
  },
});
window.__bbEngine = engine;

async function loadMissions() {
  const answer = await engine.call("missions");
  if (answer.reply?.ok) {
    missions = answer.reply.result;
    try {
      localStorage.setItem(MISSIONS_KEY, JSON.stringify(missions));
    } catch {
      /* fine */
    }
    if (state.phase === "setup") render();
  }
}

let timer = null;
function scheduleAnalysis() {
  clearTimeout(timer);
  if (state.phase !== "table") {
    root.dataset.analysis = "idle";
    return;
  }
  root.dataset.analysis = "pending";
  root.dataset.advice = S.startingTokenDue(state) ? "pending" : "idle";
  results.pending = true;
  timer = setTimeout(analyzeNow, 20);
}

function slotMap(result) {
  const map = new Map();
  for (const e of result.slots ?? []) {
    const values = Object.entries(e.probs)
      .map(([value, p]) => ({ value, p: Number(p) }))
      .sort((a, b) => S.sortValue(a.value) - S.sortValue(b.value));
    const top = values.reduce((a, b) => (b.p > a.p ? b : a), values[0] ?? { value: "?", p: 0 });
    const red = values.filter((v) => v.value.startsWith("R")).reduce((a, v) => a + v.p, 0);
    map.set(`${e.player}-${e.stand}-${e.slot}`, { probs: e.probs, values, top, red });
  }
  return map;
}

function describeError(e, doc) {
  const keys = [];
  if (Number.isInteger(e.player) && Number.isInteger(e.slot)) keys.push(`${e.player}-${e.stand ?? 0}-${e.slot}`);
  const title = e.name === "InconsistentStateError" ? "No deal can produce this table." : e.name === "EngineUnavailable" ? "The engine is not available." : "This table breaks a rule.";
  return { title, message: e.message, culprits: e.culprits ?? [], keys, name: e.name, doc };
}

async function analyzeNow() {
  const t = derived();
  const doc = S.engineDoc(state, t);
  const wantMoves = doc.me !== null;
  const answer = await engine.analyze(doc);
  if (answer.stale) return;
  const reply = answer.reply;
  results.pending = false;
  if (reply.ok) {
    results.analysis = { ...reply.result, slots: slotMap(reply.result), ms: answer.ms };
    results.error = null;
    root.dataset.analysis = "done";
  } else {
    results.error = describeError(reply.error ?? { name: "Error", message: "unknown error" }, doc);
    root.dataset.analysis = "error";
  }
  root.dataset.resultId = String(answer.id);
  if (!wantMoves || !reply.ok) {
    results.moves = null;
    results.pendingMoves = false;
    root.dataset.moves = "idle";
    results.pendingAdvice = false;
    root.dataset.advice = "idle";
    render();
    return;
  }
  // Starting-token advice first (it is what I need before my first token), then my best cuts.
  const due = S.startingTokenDue(state, t);
  if (due) {
    results.pendingAdvice = true;
    root.dataset.advice = "pending";
    engine.latest("indicate", { ...doc, tokens: due.kind }).then((adv) => {
      if (adv.stale) return;
      results.pendingAdvice = false;
      if (adv.reply.ok) {
        results.advice = adv.reply.result;
        results.adviceError = null;
        root.dataset.advice = "done";
      } else {
        results.adviceError = adv.reply.error?.message ?? "the engine could not rank the slots";
        root.dataset.advice = "error";
      }
      render();
    });
  } else {
    results.pendingAdvice = false;
    root.dataset.advice = "idle";
  }
  results.pendingMoves = true;
  root.dataset.moves = "pending";
  render();
  const mv = await engine.latest("moves", { ...doc, available: S.availableItems(state, t) });
  if (mv.stale) return;
  results.pendingMoves = false;
  if (mv.reply.ok) {
    results.moves = mv.reply.result;
    root.dataset.moves = "done";
  } else {
    root.dataset.moves = "error";
  }
  render();
}

// ---- taps

const int = (x) => Number.parseInt(x, 10);

function setSetup(fn) {
  const next = structuredClone(state);
  fn(next.setup, next);
  next.setup.me = next.setup.me !== null && next.setup.me >= next.setup.players.length ? null : next.setup.me;
  if (next.setup.captain >= next.setup.players.length) next.setup.captain = 0;
  commit(next);
}

function closeSheet() {
  ui.sheet = null;
  ui.draft = null;
  ui.sheetError = null;
}

function openSlot(key) {
  const [p, s, j] = key.split("-").map(Number);
  const t = derived();
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) return;
  // Starting tokens first: until every player shows one, a tap sets tokens; then it records cuts.
  const tokenOf = (x) => x.c === "info" || (x.m && !x.m.startsWith("!"));
  const started = state.log.some((e) => e.k !== "set" && e.k !== "absent") || state.setup.tokens === "none"
    || t.stands.every((ss) => ss.some((st) => st.some(tokenOf)));
  const tab = p === state.setup.me || sl.c === "cut" || !started ? "set" : "cut";
  const a = t.turn !== p ? t.turn : null;
  ui.sheet = { mode: "slot", key, tab };
  ui.draft = { k: "dual", a, p, s, js: [j] };
  ui.sheetError = null;
}

function pickSlot(key) {
  const d = ui.draft;
  const [p, s, j] = key.split("-").map(Number);
  const t = derived();
  const sl = t.stands[p]?.[s]?.[j];
  if (!sl) return;
  ui.sheetError = null;
  if (sl.c === "cut" && !d.k.startsWith("label")) {
    ui.sheetError = "That wire is already cut.";
    return;
  }
  if (d.k === "postit") {
    if (p !== d.a) {
      ui.sheetError = "A Post-it goes on one of the actor's own wires.";
      return;
    }
  } else if (!d.k.startsWith("label") && p === d.a) {
    ui.sheetError = "Point at a teammate's stand.";
    return;
  }
  if (d.js?.length && (d.p !== p || d.s !== s)) d.js = [];
  d.p = p;
  d.s = s;
  if (d.k === "super") {
    d.js = t.stands[p][s].map((x, k) => (x.c === "cut" ? -1 : k)).filter((k) => k >= 0);
    return;
  }
  d.js = d.js ?? [];
  if (d.js.includes(j)) d.js = d.js.filter((x) => x !== j);
  else d.js.push(j);
  d.js.sort((a, b) => a - b);
}

/** After each answer: commit a complete draft as a log entry. */
function maybeCommit() {
  const t = derived();
  const d = ui.draft;
  if (!d || S.nextAsk(state, t, d)) return;
  if (ui.sheet?.mode === "slot" && ui.sheet.tab !== "cut") return;
  const entry = S.buildEntry(state, t, d);
  const edit = ui.sheet?.edit;
  const next = edit !== undefined ? S.replaceEntry(state, edit, entry) : S.addEntry(state, entry);
  const check = S.derive(next).entries[edit !== undefined ? edit : next.log.length - 1];
  if (!check.ok) {
    ui.sheetError = check.error;
    return;
  }
  closeSheet();
  ui.selectedMove = null;
  commit(next);
}

function setSlot(fn) {
  const [p, s, j] = ui.sheet.key.split("-").map(Number);
  const t = derived();
  const sl = t.stands[p][s][j];
  const slot = { c: sl.c, v: sl.v, m: sl.m, col: sl.col };
  fn(slot, sl);
  const entry = { k: "set", p, s, j, slot };
  const edit = ui.sheet.edit;
  const next = edit !== undefined ? S.replaceEntry(state, edit, entry) : S.addEntry(state, entry);
  const check = S.derive(next).entries[edit !== undefined ? edit : next.log.length - 1];
  if (!check.ok) {
    ui.sheetError = check.error;
    render();
    return;
  }
  closeSheet();
  commit(next);
}

function editEntry(i) {
  const e = state.log[i];
  if (!e) return;
  ui.sheetError = null;
  if (e.k === "absent") {
    // re-answer the value (who and which stand stay as they were)
    ui.sheet = { mode: "action", edit: i };
    ui.draft = { k: "absent", a: e.p };
    if (S.standCounts(state.setup)[e.p] > 1) ui.draft.s = e.s ?? null;
    return;
  }
  if (e.k === "set") {
    ui.sheet = { mode: "slot", key: `${e.p}-${e.s}-${e.j}`, tab: "set", edit: i };
    ui.draft = { k: "dual", a: null, p: e.p, s: e.s, js: [e.j] };
    return;
  }
  const kind = e.k === "detect" ? e.kind : e.k === "label" ? (e.eq ? "label_eq" : "label_ne") : e.k;
  const d = { k: kind };
  if (e.a !== undefined) d.a = e.a;
  if (e.p !== undefined) Object.assign(d, { p: e.p, s: e.s, js: e.js ? e.js.slice() : [e.j] });
  if (e.k === "postit") Object.assign(d, { p: e.a, s: e.s, js: [e.j] });
  ui.sheet = { mode: "action", edit: i };
  ui.draft = d;
}

/** Open the share sheet (or redraw it) for the link with or without my hand. */
async function showShare(withHand) {
  const url = location.href.split("#")[0] + (await S.encodeShareHash(S.shareState(state, withHand)));
  ui.share = { withHand, url, status: "" };
  render();
  copyShare();
}

async function copyShare() {
  const share = ui.share;
  let status;
  try {
    await navigator.clipboard.writeText(share.url);
    status = "Link copied. Anyone who opens it sees this table and enters their own wires.";
  } catch {
    status = "Copy the link below (or scan the QR code).";
  }
  if (ui.share !== share) return; // closed or redrawn meanwhile
  share.status = status;
  render();
}

function toAdvanced() {
  const doc = S.engineDoc(state, derived());
  const colour = (c) => (c.mode === "none" ? { mode: "none", list: "", keep: 1 } : { mode: c.mode, list: [...c.known, ...c.nums].join(" "), keep: c.keep });
  const adv = {
    v: 1, players: doc.players, me: doc.me, captain: doc.captain, mistakes_left: doc.mistakes_left,
    wires: { blue: doc.wires.blue, yellow: colour(state.setup.yellow), red: colour(state.setup.red) }, facts: doc.facts, selected: null,
  };
  location.href = "advanced.html#s=" + encodeURIComponent(JSON.stringify(adv));
}

const ACTS = {
  // header
  undo: () => commit(S.undo(state)),
  redo: () => commit(S.redo(state)),
  share: () => showShare(false),
  "share-hand": (arg) => showShare(Boolean(arg)),
  "close-share": () => {
    ui.share = null;
    render();
  },
  setup: () => commit({ ...structuredClone(state), phase: "setup" }),
  advanced: () => toAdvanced(),
  "new-game": () => {
    const next = structuredClone(state);
    Object.assign(next, { phase: "setup", hand: [], log: [], redo: [] });
    closeSheet();
    commit(next);
  },
  // setup
  mission: (arg) => {
    const m = missions?.find((x) => x.number === int(arg)) ?? null;
    setSetup((su, next) => {
      next.setup = S.applyMission(su, m);
      if (!m) next.setup.mission = null;
    });
  },
  "colour-mode": (arg) => {
    const [colour, mode] = arg.split(":");
    setSetup((su) => {
      su[colour].mode = mode;
    });
  },
  "colour-num": (arg) => {
    const [colour, field, n] = arg.split(":");
    setSetup((su) => {
      const list = su[colour][field];
      const k = int(n);
      su[colour][field] = list.includes(k) ? list.filter((x) => x !== k) : [...list, k].sort((a, b) => a - b);
    });
  },
  "colour-keep": (arg) => {
    const [colour, k] = arg.split(":");
    setSetup((su) => {
      su[colour].keep = int(k);
    });
  },
  "blue-lo": (arg) => setSetup((su) => { su.blue[0] = Math.min(int(arg), su.blue[1]); }),
  "blue-hi": (arg) => setSetup((su) => { su.blue[1] = Math.max(int(arg), su.blue[0]); }),
  tokens: (arg) => setSetup((su) => { su.tokens = arg; }),
  toggle: (arg) => setSetup((su) => { su[arg] = !su[arg]; }),
  "player-count": (arg) => setSetup((su) => {
    const n = int(arg);
    while (su.players.length < n) su.players.push(S.NAMES[su.players.length]);
    su.players.length = n;
    su.mistakes = n - 1;
  }),
  name: (value, _ev, p) => setSetup((su) => { su.players[int(p)] = String(value).slice(0, 20); }),
  me: (arg) => setSetup((su, next) => {
    su.me = arg === "" ? null : int(arg);
    next.hand = [];
  }),
  captain: (arg) => setSetup((su) => { su.captain = int(arg); }),
  mistakes: (arg) => setSetup((su) => { su.mistakes = int(arg); }),
  "red-deal": (arg) => {
    const [p, s, delta] = arg.split(":").map(int);
    setSetup((su, next) => {
      next.setup = S.setRedDeal(su, p, s, delta);
    });
  },
  start: () => commit({ ...structuredClone(state), phase: state.setup.me === null || S.handComplete(state) ? "table" : "hand" }),
  // hand
  "hand-add": (arg) => {
    const [s, label] = arg.split(":");
    const next = S.handAdd(state, int(s), label);
    if (next !== state && S.handComplete(next)) next.phase = "table";
    commit(next);
  },
  "hand-remove": (arg) => {
    const [s, j] = arg.split(":").map(int);
    commit(S.handRemove(state, s, j));
  },
  "hand-done": () => commit({ ...structuredClone(state), phase: "table" }),
  "back-setup": () => commit({ ...structuredClone(state), phase: "setup" }),
  who: (arg) => {
    const next = structuredClone(state);
    next.setup.me = arg === "" ? null : int(arg);
    next.hand = next.setup.me === null ? [] : S.publicHand(state, next.setup.me);
    next.phase = next.setup.me === null ? "table" : "hand";
    commit(next);
  },
  // table
  slot: (key) => {
    if (ui.sheet?.mode === "action" && ui.draft && S.nextAsk(state, derived(), ui.draft)?.ask === "slots") {
      pickSlot(key);
      maybeCommit();
    } else {
      openSlot(key);
    }
    render();
  },
  "close-sheet": () => {
    if (!ui.sheet && !ui.share) return;
    closeSheet();
    ui.share = null;
    render();
  },
  tab: (arg) => {
    ui.sheet.tab = arg;
    render();
  },
  move: (arg) => {
    ui.selectedMove = ui.selectedMove === int(arg) ? null : int(arg);
    render();
  },
  "move-record": () => {
    const m = results.moves?.moves?.[ui.selectedMove];
    const d = m ? S.draftFromMove(state, m) : null;
    if (!d) return;
    ui.sheet = { mode: "action" };
    ui.draft = d;
    ui.sheetError = null;
    render();
  },
  action: (k) => {
    const t = derived();
    if (k === "rewind") {
      commit(S.addEntry(state, { k: "rewind" }));
      return;
    }
    ui.sheet = { mode: "action" };
    ui.draft = { k, a: ["radar", "label_eq", "label_ne", "absent"].includes(k) ? null : t.turn };
    if (k === "radar") ui.draft.ans = [];
    ui.sheetError = null;
    maybeCommit();
    render();
  },
  edit: (arg) => {
    editEntry(int(arg));
    render();
  },
  delete: (arg) => commit(S.replaceEntry(state, int(arg), null)),
  // draft answers
  "draft-actor": (arg) => {
    ui.draft.a = int(arg);
    if (ui.draft.k === "postit") ui.draft.js = [];
    if (ui.draft.k === "absent") delete ui.draft.s;
    delete ui.draft.as;
  },
  "draft-stand": (arg) => {
    ui.draft.s = arg === "all" ? null : int(arg);
  },
  "draft-value": (arg) => {
    const d = ui.draft;
    if (d.k === "xray") {
      d.vs = d.vs ?? [];
      d.vs = d.vs.includes(arg) ? d.vs.filter((x) => x !== arg) : [...d.vs, arg].slice(-2);
    } else if (d.k === "radar") d.v = int(arg);
    else d.v = arg;
  },
  "draft-ok": (arg) => {
    ui.draft.ok = arg === "1";
  },
  "draft-which": (arg) => {
    const [field, j] = arg.split(":");
    ui.draft[field] = int(j);
  },
  "draft-cut": (arg) => {
    const d = ui.draft;
    if (d.k === "solo" || d.k === "red") d.cuts = [...(d.cuts ?? []), arg];
    else d.cut = arg;
  },
  "draft-av": (arg) => {
    ui.draft.av = arg;
  },
  "draft-real": (arg) => {
    ui.draft.real = arg;
  },
  "draft-actor-slot": (arg) => {
    const [s, j] = arg.split(":").map(int);
    ui.draft.as = { s, j };
  },
  "draft-own-slot": (arg) => {
    const [s, j] = arg.split(":").map(int);
    const d = ui.draft;
    d.slots = d.slots ?? [];
    d.slots = d.slots.some((x) => x.s === s && x.j === j) ? d.slots.filter((x) => !(x.s === s && x.j === j)) : [...d.slots, { s, j }];
  },
  "draft-radar": (arg) => {
    const [p, s] = arg.split(":").map(int);
    const d = ui.draft;
    const cur = d.ans.find((x) => x.p === p && x.s === s);
    if (cur) cur.has = !cur.has;
    else d.ans.push({ p, s, has: true });
  },
  "draft-done": () => {
    ui.draft.done = true;
    if (ui.draft.k === "radar") {
      const t = derived();
      const all = [];
      state.setup.players.forEach((_, p) => t.stands[p].forEach((_st, s) => {
        all.push({ p, s, has: Boolean(ui.draft.ans.find((x) => x.p === p && x.s === s)?.has) });
      }));
      ui.draft.ans = all;
    }
  },
  "draft-commit": () => {},
  // starting-token advice: record the token on my slot, as the slot sheet would
  advice: (arg) => {
    const t = derived();
    const due = S.startingTokenDue(state, t);
    const rec = due ? S.topAdvice(results.advice, due.kind)[int(arg)] : null;
    const entry = rec ? S.adviceEntry(state, t, rec, due.kind) : null;
    if (!entry) return;
    const next = S.addEntry(state, entry);
    if (!S.derive(next).entries.at(-1).ok) return;
    closeSheet();
    commit(next);
  },
  // set tokens on a slot
  "set-info": (v) => setSlot((slot) => Object.assign(slot, { c: "info", v, col: null })),
  "set-mark": (m) => setSlot((slot) => { slot.m = slot.m === m ? null : m; }),
  "set-not": (n) => setSlot((slot) => { slot.m = slot.m === `!${n}` ? null : `!${n}`; }),
  "set-colour": (col) => setSlot((slot) => { slot.col = slot.col === col ? null : col; }),
  "set-cut": (v) => setSlot((slot) => Object.assign(slot, { c: "cut", v, col: null })),
  "set-clear": () => setSlot((slot) => Object.assign(slot, { c: "h", v: null, m: null, col: null })),
};

const DRAFT_ACTS = new Set(Object.keys(ACTS).filter((k) => k.startsWith("draft-")));

view.mount({
  onAct(act, arg, ev, extra) {
    const fn = ACTS[act];
    if (!fn) return;
    if (act === "name" && ev.type !== "change") return;
    if (ev.type === "change" && !["name", "mission", "share-hand"].includes(act)) return;
    fn(arg, ev, extra);
    if (DRAFT_ACTS.has(act)) {
      maybeCommit();
      render();
    }
  },
});

// Back / forward: the hash holds every change.
window.addEventListener("popstate", async () => {
  const got = await S.readHash(location.hash);
  if (!got.state) {
    if (got.error) view.showNotice(got.error);
    return;
  }
  state = got.state;
  closeSheet();
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* fine */
  }
  render();
  scheduleAnalysis();
});

// Offline: the same service worker as the advanced page.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker not registered:", err));
}

state = await loadState(); // top-level await: a deflated share link inflates first
persist(false);
render();
root.dataset.engine = "booting";
root.dataset.advice = "idle";
engine.start();
scheduleAnalysis();
