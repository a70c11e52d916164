// The table app's side of the engine: boots the worker, and after every change
// asks for the heatmap, then the starting-token advice or my best cuts (latest
// wins: answers for an older table are dropped). Results land in app.results.

import * as S from "./table-state.js";
import { givenDoc, givenKey } from "./given-cut.js";
import { Engine } from "../engine/engine-client.js";
import { runRefine, runSearch, runWin, stopRun } from "./playouts.js";

/** Create the engine for `app` and give it app.scheduleAnalysis. Call engine.start() to boot. */
export function connectEngine(app) {
  const { view, root } = app;
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
      loadMissions(app, engine);
    },
    onFailure(err) {
      root.dataset.engine = "failed";
      view.engineLine("failed", `The engine could not start (${err.stage}): ${err.message}`);
    },
  });
  window.__bbEngine = engine;

  let timer = null;
  app.askLookahead = () => askLookahead(app, engine);
  app.askWhy = (key, value) => askWhy(app, engine, key, value);
  app.askRadar = () => askRadar(app, engine);
  app.askGiven = () => askGiven(app, engine);
  app.askTell = (card, kind) => askTell(app, engine, card, kind);
  app.startWin = () => runWin(app, engine);
  app.stopWin = () => stopRun(app, "win");
  app.startSearch = () => runSearch(app, engine);
  app.stopSearch = () => stopRun(app, "search");
  app.scheduleAnalysis = () => {
    clearTimeout(timer);
    if (app.state.phase !== "table") {
      root.dataset.analysis = "idle";
      return;
    }
    root.dataset.analysis = "pending";
    root.dataset.refine = "idle"; // a new table: the last one's thinking ahead no longer holds
    root.dataset.advice = S.startingTokenDue(app.state) ? "pending" : "idle";
    app.results.pending = true;
    // the last visit's answers stay the laws the flows read only while the table is the one they answer
    if (app.results.cachedDoc && JSON.stringify(S.engineDoc(app.state, app.derived())) !== app.results.cachedDoc) app.results.cachedDoc = null;
    if (app.results.shape !== undefined && app.results.shape !== shapeOf(app.state)) {
      dropResults(app.results);
      app.render(); // (drawn before this call: another game's answers must not stay while this one's are worked on)
    }
    timer = setTimeout(() => analyzeNow(app, engine), 20);
  };
  return engine;
}

/** The last answers, kept so that a returning player sees them at once while the engine starts. */
const RESULTS_KEY = "bombbusters.results.v1";

function saveResults(doc, analysis, moves) {
  try {
    localStorage.setItem(RESULTS_KEY, JSON.stringify({ doc: JSON.stringify(doc), analysis, moves }));
  } catch {
    /* full or blocked storage: the next visit just waits for the engine */
  }
}

/**
 * Before the engine is up: the last answers, if they were for this very table, drawn marked as
 * not yet fresh (results.cached) until the engine answers again.
 */
export function showCachedResults(app) {
  const { results, root } = app;
  if (app.state.phase !== "table") return;
  try {
    const saved = JSON.parse(localStorage.getItem(RESULTS_KEY) || "null");
    const doc = JSON.stringify(S.engineDoc(app.state, app.derived()));
    if (!saved || saved.doc !== doc || !saved.analysis || !Array.isArray(saved.analysis.slots)) return;
    results.analysis = { ...saved.analysis, slots: slotMap(saved.analysis, S.hiddenRedLaw(app.state.setup, app.derived())), cached: true };
    results.moves = saved.moves && Array.isArray(saved.moves.moves) ? saved.moves : null;
    results.cached = true;
    results.cachedDoc = doc; // (exact for this very table: the flows may read its laws while the engine starts)
    results.shape = shapeOf(app.state);
    root.dataset.cached = "shown";
  } catch {
    /* a damaged cache is ignored */
  }
}

async function loadMissions(app, engine) {
  const answer = await engine.call("missions");
  if (answer.reply?.ok) {
    app.saveMissions(answer.reply.result);
    if (app.state?.phase === "setup") app.render();
  }
}

/** What the answers shown must share with the table to stay on screen while it is worked on ("updating…"): the
 * stands as dealt, my seat once my wires are in, the wires in play — another game (a new setup, a seat taken) drops
 * them. Read off the state: no engine document at every change. */
function shapeOf(state) {
  const { setup } = state;
  return JSON.stringify([S.standSizes(setup), S.handComplete(state) ? setup.me : null, S.wiresDoc(setup)]);
}

/** The answers of another table, no longer shown. */
function dropResults(results) {
  Object.assign(results, { analysis: null, moves: null, error: null, lookahead: null, shape: undefined });
}

/** The engine's laws by slot ("p-s-j"), each with its likeliest value and its chance to be red — 11: to be of the
 * number card's value too (`hidden`: hiddenRedLaw). */
function slotMap(result, hidden = null) {
  const map = new Map();
  for (const e of result.slots ?? []) {
    const values = Object.entries(e.probs)
      .map(([value, p]) => ({ value, p: Number(p) }))
      .sort((a, b) => S.sortValue(a.value) - S.sortValue(b.value));
    const top = values.reduce((a, b) => (b.p > a.p ? b : a), values[0] ?? { value: "?", p: 0 });
    const red = values.reduce((a, v) => a + (v.value.startsWith("R") ? v.p : v.p * (hidden?.[v.value] ?? 0)), 0);
    map.set(`${e.player}-${e.stand}-${e.slot}`, { probs: e.probs, values, top, red });
  }
  return map;
}

function describeError(e, doc) {
  const keys = [];
  if (Number.isInteger(e.player) && Number.isInteger(e.slot)) keys.push(`${e.player}-${e.stand ?? 0}-${e.slot}`);
  const title = e.name === "InconsistentStateError" ? "No deal can produce this table." : e.name === "EngineUnavailable" ? "The engine is not available." : "This table breaks a rule.";
  for (const c of e.culprit_entries ?? []) if (c.kind === "slot") keys.push(`${c.player}-${c.stand}-${c.slot}`);
  return { title, message: e.message, culprits: e.culprits ?? [], at: e.culprit_entries ?? [], keys, name: e.name, doc };
}

/** The error of a table whose wire of mine a move left unnamed (S.unnamedMine): which wire, and the entry to change. */
function unnamedError(state, { s, j }) {
  const me = state.setup.me;
  const where = `${S.standName(state.setup, me, s)} ${S.slotLetter(j)}`;
  return { name: "RuleError", player: me, stand: s, slot: j,
    message: `your wire ${where} came to you by a move recorded on another phone, which cannot say which wire you got: change that entry to name it`,
    culprits: [`your wire ${where} is not named`], culprit_entries: [{ kind: "slot", player: me, stand: s, slot: j }] };
}

async function analyzeNow(app, engine) {
  const { root, results } = app;
  const state = app.state;
  const t = app.derived();
  const doc = S.engineDoc(state, t);
  const wantMoves = doc.me !== null;
  const answer = await engine.analyze(doc);
  // (a table changed while this one was worked on: its analysis is scheduled — this answer is not shown as done, nor
  // the table's: it came back before the newer request was made, in the 20 ms before it — a browser test read it)
  if (answer.stale || app.state !== state) return;
  const reply = answer.reply;
  results.pending = false;
  results.cached = false;
  results.cachedDoc = null;
  root.dataset.cached = "no";
  results.shape = shapeOf(state);
  if (reply.ok) {
    results.analysis = { ...reply.result, slots: slotMap(reply.result, S.hiddenRedLaw(state.setup, t)), ms: answer.ms, resultId: answer.id };
    results.error = null;
    root.dataset.analysis = "done";
  } else {
    const gap = S.unnamedMine(state, t); // a wire of mine a shared link's move left unnamed: said in the page's words
    results.error = describeError(gap ? unnamedError(state, gap) : reply.error ?? { name: "Error", message: "unknown error" }, doc);
    root.dataset.analysis = "error";
  }
  root.dataset.resultId = String(answer.id);
  if (reply.ok && !wantMoves) saveResults(doc, reply.result, null);
  if (!wantMoves || !reply.ok) {
    results.moves = null;
    results.pendingMoves = false;
    root.dataset.moves = "idle";
    results.pendingAdvice = false;
    root.dataset.advice = "idle";
    app.render();
    return;
  }
  // Starting-token advice first (it is what I need before my first token), then my best cuts.
  const due = S.startingTokenDue(state, t);
  if (due) askAdvice(app, engine, doc, due);
  else {
    results.pendingAdvice = false;
    root.dataset.advice = "idle";
  }
  results.pendingMoves = true;
  root.dataset.moves = "pending";
  app.render();
  await askMoves(app, engine, { state, t, doc }, reply.result);
}

/** My best cuts for this table: the moves request with the items I may use now, the cards that bind me,
 * my mistakes left and the mission's rules. */
async function askMoves(app, engine, { state, t, doc }, analysis) {
  const { root, results } = app;
  const movesDoc = S.movesDoc(state, t, doc);
  const asked = performance.now();
  const mv = await engine.latest("moves", movesDoc);
  if (mv.stale) return;
  results.pendingMoves = false;
  results.lookahead = null;
  results.lookaheadError = null;
  results.pendingLookahead = false;
  root.dataset.lookahead = "idle";
  if (mv.reply.ok) {
    results.moves = mv.reply.result;
    results.movesMs = Math.round(performance.now() - asked);
    results.movesDoc = movesDoc;
    saveResults(doc, analysis, mv.reply.result);
    root.dataset.moves = "done";
    if (app.ui.selectedMove !== null) askLookahead(app, engine);
    if (t.turn === state.setup.me) runRefine(app, engine); // think ahead on my turn: after this render
  } else {
    root.dataset.moves = "error";
  }
  app.render();
}

/** The outcomes of my listed cuts (the "lookahead" request), for the table my best cuts were ranked on. */
export const LOOKAHEAD_TOP = 5;

async function askLookahead(app, engine) {
  const { root, results } = app;
  const doc = results.movesDoc;
  if (!doc || results.lookahead || results.pendingLookahead) return;
  results.pendingLookahead = true;
  results.lookaheadError = null;
  root.dataset.lookahead = "pending";
  app.render();
  const la = await engine.latest("lookahead", { state: doc, top: LOOKAHEAD_TOP });
  if (la.stale || results.movesDoc !== doc) return;
  results.pendingLookahead = false;
  if (la.reply.ok) {
    results.lookahead = la.reply.result;
    root.dataset.lookahead = "done";
  } else {
    results.lookaheadError = la.reply.error?.message ?? "the engine could not look ahead";
    root.dataset.lookahead = "error";
  }
  app.render();
}

/** Why the wire at `key` is certain: the "explain" request on the table the heatmap was drawn for. */
async function askWhy(app, engine, key, value) {
  const { results } = app;
  const resultId = results.analysis?.resultId;
  if (resultId === undefined) return;
  const [player, stand, slot] = key.split("-").map(Number);
  results.why = { key, resultId, pending: true };
  app.render();
  const doc = S.engineDoc(app.state, app.derived());
  const ans = await engine.latest("explain", { state: doc, player, stand, slot, value });
  if (ans.stale || results.why?.key !== key || results.analysis?.resultId !== resultId) return;
  results.why = ans.reply.ok
    ? { key, resultId, text: ans.reply.result.text }
    : { key, resultId, error: ans.reply.error?.message ?? "the engine could not explain it" };
  app.render();
}

/** The actor's wires on the table a success would leave (given-cut.js), asked once per draft and table. */
async function askGiven(app, engine) {
  const { results, ui, state } = app;
  const key = givenKey(state, ui.draft, ui.sheet?.edit !== undefined);
  const resultId = results.analysis?.resultId;
  if (!key || resultId === undefined || (results.given?.key === key && results.given.resultId === resultId)) return;
  results.given = { key, resultId, slots: null };
  const doc = givenDoc(state, ui.draft);
  if (!doc) return;
  // (the tests wait for it: the answer may fill in the actor's wire); done once the newest one is answered
  const seq = (app.givenSeq = (app.givenSeq ?? 0) + 1);
  app.root.dataset.given = "pending";
  const ans = await engine.latest("given", doc);
  if (seq === app.givenSeq) app.root.dataset.given = "done";
  if (ans.stale || !ans.reply.ok || results.given?.key !== key || results.given.resultId !== resultId) return;
  results.given = { key, resultId, slots: slotMap(ans.reply.result) };
  app.settle(); // the answer may leave one wire of the actor's: filled in now, not at the next tap
  app.render();
}

/** What the General Radar would buy me (the "radar" request, on a tap): kept for this table only. */
async function askRadar(app, engine) {
  const { results } = app;
  const resultId = results.analysis?.resultId;
  if (resultId === undefined) return;
  results.radar = { resultId, pending: true };
  app.render();
  const ans = await engine.latest("radar", S.engineDoc(app.state, app.derived()));
  if (ans.stale || results.analysis?.resultId !== resultId) return;
  results.radar = ans.reply.ok
    ? { resultId, values: ans.reply.result.values }
    : { resultId, error: ans.reply.error?.message ?? "the engine could not weigh the Radar" };
  app.render();
}

/**
 * Where an information card of mine tells my teammates the most, on a tap: the Post-it (the "indicate"
 * request for the mission's token kind) or a Label = / ≠ (the "labels" request); kept per card for this table.
 */
async function askTell(app, engine, card, kind) {
  const { results } = app;
  const resultId = results.analysis?.resultId;
  if (resultId === undefined) return;
  const tell = results.tell?.resultId === resultId ? results.tell : { resultId };
  results.tell = { ...tell, [card]: { pending: true } };
  app.render();
  const doc = S.engineDoc(app.state, app.derived());
  const ans = card === "4" ? await engine.latest("indicate", { ...doc, tokens: kind }) : await engine.latest("labels", doc);
  if (ans.stale || results.analysis?.resultId !== resultId || results.tell?.resultId !== resultId) return;
  const r = ans.reply.result;
  const top = !ans.reply.ok ? null : card === "4" ? S.topAdvice(r, kind, 1).map((x) => ({ stand: x.stand, slots: [x.slot], bits: x.gain_bits }))
    : r[card === "12" ? "same" : "different"].slice(0, 1);
  results.tell = { ...results.tell, [card]: ans.reply.ok ? { rows: top } : { error: ans.reply.error?.message ?? "the engine could not rank my wires" } };
  app.render();
}

function askAdvice(app, engine, doc, due) {
  const { root, results } = app;
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
    app.render();
  });
}
