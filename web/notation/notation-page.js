// Wiring: owns the one UI state object, persists it (localStorage + URL hash),
// connects the view's events to state changes and state changes to the engine.

import {
  applyField,
  decodeHash,
  defaultState,
  detailFor,
  encodeHash,
  errorField,
  heatGrid,
  normalize,
  shapeKey,
  toPayload,
} from "./notation-state.js";
import { View } from "./notation-view.js";
import { Engine } from "../engine/engine-client.js";

const STORAGE_KEY = "bombbusters.state.v1";
const DEBOUNCE_MS = 250;

const view = new View(document.body);
let state = loadState();
let lastResult = null; // {result, forState} of the newest answered state
let debounce = null;
let scheduled = 0; // counts scheduled analyses; only the newest may settle the status
const stageDone = {};

function loadState() {
  const fromHash = decodeHash(location.hash);
  if (fromHash) return fromHash;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) return normalize(JSON.parse(saved));
  } catch {
    /* unreadable storage: start fresh */
  }
  return defaultState();
}

function saveState(newEntry = false) {
  const hash = encodeHash(state);
  if (location.hash !== hash) history[newEntry ? "pushState" : "replaceState"](null, "", hash);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* private mode or full: the hash still holds the state */
  }
}

// ?boot_timeout_ms=N caps every boot stage (tests use it to prove a hang becomes a message).
const bootLimit = Number(new URLSearchParams(location.search).get("boot_timeout_ms")) || 0;

const engine = new Engine({
  stageLimit: bootLimit,
  onProgress(msg) {
    if (msg.status === "done") stageDone[msg.stage] = msg.ms;
    else if (msg.stage === "manifest") stageDone.start = performance.now() - bootStarted;
    view.showEngineProgress(msg, stageDone);
  },
  onReady(info) {
    window.__engineInfo = info;
    view.showEngineReady(info);
    document.documentElement.dataset.engine = "ready";
  },
  onFailure(err) {
    document.documentElement.dataset.engine = "failed";
    view.showEngineFailure(err);
    view.setResultStatus("error", "No engine: results cannot be computed.");
  },
});
let bootStarted = performance.now();
window.__bbEngine = engine; // for the browser benchmark and tests

function bootEngine() {
  for (const k of Object.keys(stageDone)) delete stageDone[k];
  bootStarted = performance.now();
  document.documentElement.dataset.engine = "booting";
  view.showEngineProgress({ stage: "start" }, stageDone);
  engine.start();
}

function render() {
  view.renderForm(state, shapeKey(state));
}

function renderDetail(key) {
  const detail = lastResult ? detailFor(lastResult.result, state, key) : null;
  view.renderDetail(detail);
}

function scheduleAnalysis(delay = DEBOUNCE_MS) {
  // html[data-analysis]: "pending" until the newest state is answered, then
  // "done" | "error" | "input-error" (tests wait on it).
  document.documentElement.dataset.analysis = "pending";
  scheduled += 1;
  clearTimeout(debounce);
  debounce = setTimeout(analyzeNow, delay);
}

async function analyzeNow() {
  const snapshot = state;
  const mine = scheduled;
  const { payload, errors } = toPayload(snapshot);
  const settled = (how) => {
    if (mine === scheduled) document.documentElement.dataset.analysis = how;
  };
  if (errors.length) {
    view.showErrors(errors);
    view.setResultStatus("stale-input", "Fix the marked fields to see probabilities.");
    settled("input-error");
    return;
  }
  view.setResultStatus("busy", engine.state === "ready" ? "Computing…" : "Waiting for the engine…");
  const answer = await engine.analyze(payload);
  // A newer state was asked for (its answer will be drawn instead), or the newer state was
  // refused before the engine (its field errors must stay on screen, not be cleared by this one).
  if (answer.stale || mine !== scheduled) return;
  const reply = answer.reply;
  if (reply.ok) {
    lastResult = { result: reply.result, id: answer.id };
    view.showErrors([]);
    view.renderResult(heatGrid(reply.result, snapshot), snapshot.selected, {
      id: answer.id,
      log10: reply.result.log10_deals,
      ms: answer.ms,
    });
    renderDetail(snapshot.selected);
    view.setResultStatus("ok", "Up to date");
    settled("done");
  } else {
    const e = reply.error ?? { name: "Error", message: "unknown error" };
    const field = errorField(e, snapshot);
    view.showErrors([{ field, name: e.name, message: e.message }]);
    const where = field ? "see the marked field" : "see the message above";
    view.setResultStatus("error", lastResult ? `${e.name} (${where}); showing the last good state.` : `${e.name}: ${where}.`);
    if (!lastResult) view.clearResult();
    settled("error");
  }
  document.documentElement.dataset.resultId = String(answer.id);
}

view.mount({
  onField(field, value, eventType) {
    if (eventType === "input" && /-(mode|stands)$|^(player-count|me|captain)$/.test(field)) return;
    const next = applyField(state, field, value);
    if (next === state) return;
    state = next;
    // Layout changes get their own history entry, so Back undoes them; typing does not.
    saveState(/^(player-count|me|captain)$|-(mode|stands)$/.test(field));
    render();
    scheduleAnalysis();
  },
  onSelect(key) {
    state = applyField(state, "selected", state.selected === key ? null : key);
    saveState();
    view.markSelected(state.selected);
    renderDetail(state.selected);
  },
  onPreview(key) {
    renderDetail(key ?? state.selected);
  },
  onAction(action) {
    if (action === "retry-engine") {
      bootEngine();
      scheduleAnalysis(0);
    } else if (action === "stop") {
      engine.restart();
      bootStarted = performance.now();
    } else if (action === "update") {
      window.__swReloading = true;
      if (window.__swUpdate) window.__swUpdate();
      else location.reload();
    } else if (action === "reset") {
      state = defaultState();
      saveState();
      render();
      scheduleAnalysis(0);
    }
  },
});

function restoreFromHash() {
  const fromHash = decodeHash(location.hash);
  if (!fromHash || JSON.stringify(fromHash) === JSON.stringify(state)) return;
  state = fromHash;
  saveState();
  render();
  scheduleAnalysis(0);
}
window.addEventListener("hashchange", restoreFromHash);
window.addEventListener("popstate", restoreFromHash);

// Offline: a service worker caches this build (cache name = build id), registered once the engine has
// started so that its precaching does not compete with the start-up.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  engine.settled
    .then(() => navigator.serviceWorker.register("sw.js"))
    .then((reg) => {
      const watch = (sw) =>
        sw?.addEventListener("statechange", () => {
          if (sw.state === "installed" && navigator.serviceWorker.controller) view.showUpdateBanner();
        });
      if (reg.waiting && navigator.serviceWorker.controller) view.showUpdateBanner();
      watch(reg.installing);
      reg.addEventListener("updatefound", () => watch(reg.installing));
      window.__swUpdate = () => {
        if (reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
        else location.reload();
      };
    })
    .catch((err) => console.warn("service worker not registered:", err));
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && window.__swReloading) location.reload();
  });
}

saveState();
render();
bootEngine();
scheduleAnalysis(0);
