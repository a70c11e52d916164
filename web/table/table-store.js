// The table app's one UI object and its bookkeeping: the data (persisted in
// localStorage and the URL hash on every change; Back = undo the last change),
// the tab-only ui state, the engine results, and the view model drawn from them.
// The tap handlers (acts-*.js) and the engine runner (table-analysis.js) change
// it only through commit(), render() and the fields below.

import * as S from "./table-state.js";
import { freshLaws } from "./draft-options.js";
import { standsToPick } from "./asks-wires.js";
import { freshGiven } from "./given-cut.js";
import { maybeCommit, refusal } from "./draft-commit.js";
import { followPairs, followSwap } from "./pair-cards.js";

const STORAGE_KEY = "bombbusters.table.v1";
const MISSIONS_KEY = "bombbusters.missions.v1";
/** The open sheet and its half-answered draft, with the table it was made on: a reload (a phone gone to sleep at the
 * table) opens it again where it was. */
const DRAFT_KEY = "bombbusters.draft.v1";

/** This device's random key for the address bar's private part (my wires: share.js encodeHash): kept, grown, never
 * changed, so every hash this device wrote reads back here and nowhere else. */
const KEY_KEY = "bombbusters.device-key.v1";
let deviceBytes = new Uint8Array(0);

function deviceKey(n) {
  if (deviceBytes.length >= n) return deviceBytes;
  try {
    const saved = localStorage.getItem(KEY_KEY);
    if (saved) deviceBytes = Uint8Array.from(atob(saved), (c) => c.charCodeAt(0));
  } catch {
    /* no storage: a key for this visit only */
  }
  if (deviceBytes.length >= n) return deviceBytes;
  const more = new Uint8Array(Math.max(n, 2 * deviceBytes.length, 1024) - deviceBytes.length);
  for (let i = 0; i < more.length; i += 65536) crypto.getRandomValues(more.subarray(i, i + 65536));
  deviceBytes = Uint8Array.from([...deviceBytes, ...more]);
  try {
    let bin = "";
    for (const b of deviceBytes) bin += String.fromCharCode(b);
    localStorage.setItem(KEY_KEY, btoa(bin));
  } catch {
    /* private mode or full */
  }
  return deviceBytes;
}

/** Which table a draft was made on: the log's length, the seat and the setup's players and mission. */
const draftKey = (state) => JSON.stringify([state.log.length, state.setup.me, state.setup.mission, state.setup.players, state.phase]);

function readMissions() {
  try {
    const m = JSON.parse(localStorage.getItem(MISSIONS_KEY) || "null");
    // a damaged cache is dropped: the engine sends the list again once it is up
    const ok = (x) => x && typeof x === "object" && Number.isInteger(x.number) && typeof x.title === "string"
      && Array.isArray(x.blue) && Array.isArray(x.equipment);
    return Array.isArray(m) && m.every(ok) ? m : null;
  } catch {
    return null;
  }
}

/**
 * The table to open: the link's (through the one door, table-doc.js), else the one saved here, else a new
 * game. A damaged link says so and keeps the saved table.
 */
async function loadTable(view) {
  const fromHash = await S.readHash(location.hash, deviceKey);
  if (fromHash.error) view.showNotice(`${fromHash.error} Your last table is shown instead.`);
  const saved = savedTable();
  // a share link (its seat empty) of the game this phone holds: my seat and wires kept, an older state not taken
  const kept = fromHash.state ? S.openOnMyPhone(fromHash.state, saved) : null;
  if (kept) view.showNotice(kept.notice);
  else if (fromHash.notice) view.showNotice(fromHash.notice);
  return kept?.state ?? fromHash.state ?? saved ?? S.defaultState();
}

/** The table saved on this phone, or null (none, or unreadable storage). */
function savedTable() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved ? S.normalize(JSON.parse(saved)) : null;
  } catch {
    return null;
  }
}

/** Keep a value in localStorage, if the browser lets us. */
function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full */
  }
}

/** The app object every handler module receives. `view` draws; `onChange` runs after each commit. */
/** One sheet at a time (61's walkthrough: the Share panel and an entry's edit stacked): a sheet opened while the Share
 * panel is up (an entry's edit, a slot) takes its place; the panel opened over a sheet hides it until closed (the view
 * draws the panel alone). Returns the sheet drawn now, for the next call. */
export function oneSheetAtATime(ui, last) {
  if (ui.share && ui.sheet && ui.sheet !== last) ui.share = null;
  return ui.sheet;
}

export function createApp(view) {
  const app = {
    view,
    root: document.documentElement,
    state: null,
    ui: { sheet: null, draft: null, share: null, selectedMove: null, sheetError: null, handEdit: null },
    missions: readMissions(),
    results: {
      analysis: null, moves: null, error: null, pending: false, pendingMoves: false, forKey: null,
      advice: null, pendingAdvice: false, adviceError: null,
    },
    scheduleAnalysis: () => {}, // set by table-analysis.js

    load: () => loadTable(view),

    /** The table a hash holds, read with this device's key (Back, forward). */
    readHash: (hash) => S.readHash(hash, deviceKey),

    persist(push) {
      const hash = S.encodeHash(app.state, deviceKey);
      if (location.hash !== hash) history[push ? "pushState" : "replaceState"](null, "", hash);
      app.save();
    },

    save() {
      store(STORAGE_KEY, app.state); // (private mode or full: the hash still holds the state)
    },

    saveMissions(list) {
      app.missions = list;
      store(MISSIONS_KEY, list);
    },

    /** Every data change goes through here: one history entry, saved at once. */
    commit(next, { push = true } = {}) {
      if (next === app.state) return;
      // 57: the card of the value validated last, put in play; 61: a swap's card drawn at its player's place
      app.state = followPairs(app.state, followSwap(app.state, next));
      app.persist(push);
      app.render();
      app.scheduleAnalysis();
    },

    derived() {
      return S.derive(app.state);
    },

    /** The open draft with what the engine's newest answer makes certain filled in (recorded once complete, as
     * after a tap): an answer never waits on a tap for a question the table has settled meanwhile. */
    settle() {
      maybeCommit(app);
    },

    closeSheet() {
      const ui = app.ui;
      ui.sheet = null;
      ui.draft = null;
      ui.sheetError = null;
    },

    render() {
      app.lastSheet = oneSheetAtATime(app.ui, app.lastSheet);
      view.render(viewModel(app));
      app.askGiven?.(); // a success's actor wires, asked of the table it would leave (given-cut.js)
      const { sheet, draft } = app.ui;
      const open = sheet && draft ? JSON.stringify({ key: draftKey(app.state), sheet, draft }) : "";
      if (open !== app.savedDraft) {
        app.savedDraft = open;
        try {
          if (open) localStorage.setItem(DRAFT_KEY, open);
          else localStorage.removeItem(DRAFT_KEY);
        } catch {
          /* private mode or full: a reload loses the half-answered draft only */
        }
      }
    },

    /** After a reload: the sheet that was open on this same table, its answers so far. */
    restoreDraft() {
      try {
        const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
        if (!saved || saved.key !== draftKey(app.state) || typeof saved.sheet !== "object" || typeof saved.draft !== "object") return;
        if (!["slot", "action"].includes(saved.sheet?.mode) || typeof saved.draft?.k !== "string") return;
        Object.assign(app.ui, { sheet: saved.sheet, draft: saved.draft });
      } catch {
        /* unreadable: no sheet */
      }
    },
  };
  return app;
}

/** Everything the view draws, derived from the app object. */
function viewModel(app) {
  const { state, ui, results, missions } = app;
  const t = app.derived();
  const draft = ui.draft;
  const ask = draft ? S.nextAsk(state, t, draft) : null;
  // the stands a flow points at stay in view above the sheet; a slot's sheet keeps that slot's stand in view
  // (an entry edited: the stand it points at, while its answers are reviewed)
  const edited = ui.sheet?.edit !== undefined && Number.isInteger(draft?.p) ? [`${draft.p}-${draft.s ?? 0}`] : null;
  const pickStands = ui.sheet?.mode === "action" ? standsToPick(state, t, draft, ask) ?? edited
    : ui.sheet?.mode === "slot" ? [ui.sheet.key.split("-").slice(0, 2).join("-")] : null;
  const highlight = new Set();
  const m = results.moves?.moves?.[ui.selectedMove];
  if (m && m.player !== null && m.player !== undefined) for (const j of m.slots) highlight.add(`${m.player}-${m.stand}-${j}`);
  const picked = new Set();
  if (ui.sheet?.mode === "action" && draft?.js && draft.p !== undefined) for (const j of draft.js) picked.add(`${draft.p}-${draft.s}-${j}`);
  if (ui.sheet?.mode === "slot") picked.add(ui.sheet.key);
  if (ui.sheet?.mode === "action") for (const x of draft?.spots ?? []) picked.add(`${x.p}-${x.s}-${x.j}`); // Disintegrator, special action
  const culprits = new Set(results.error?.keys ?? []);
  let error = results.error ? { ...results.error, stale: Boolean(results.analysis), links: culpritEntries(results.error, state, t) } : null;
  const bad = t.entries.map((e, i) => (e.ok ? null : i)).filter((i) => i !== null);
  if (!error && bad.length) error = { title: "Skipped log entries:", message: "", culprits: bad.map((i) => `#${i + 1} ${t.entries[i].text}: ${t.entries[i].error}`), links: bad };
  const doc = state.phase === "table" ? S.engineDoc(state, t) : null;
  const due = state.phase === "table" ? S.startingTokenDue(state, t) : null;
  const advice = due
    ? { due, rows: S.topAdvice(results.advice, due.kind, 3, t, state.setup.me), basis: results.advice?.basis ?? "", pending: results.pendingAdvice, error: results.adviceError }
    : null;
  return {
    advice,
    state, t, ui, missions, ask, highlight, picked, culprits, error,
    result: results.analysis, moves: results.moves, movesMs: results.movesMs, movesDoc: results.movesDoc, holdings: results.moves?.holdings ?? results.analysis?.holdings,
    pending: results.pending, pendingMoves: results.pendingMoves, selectedMove: ui.selectedMove, cached: results.cached,
    lookahead: results.lookahead, pendingLookahead: results.pendingLookahead, lookaheadError: results.lookaheadError,
    why: results.why?.resultId === results.analysis?.resultId ? results.why : null,
    win: results.win?.resultId === results.analysis?.resultId ? results.win : null,
    search: results.search?.resultId === results.analysis?.resultId ? results.search : null,
    refine: results.refine?.resultId === results.analysis?.resultId ? results.refine : null,
    radar: results.radar?.resultId === results.analysis?.resultId ? results.radar : null,
    tell: results.tell?.resultId === results.analysis?.resultId ? results.tell : null,
    sheetError: ui.sheetError, refused: ui.sheetError ? null : refusal(state, t, ui, freshLaws(results)), engineDocText: doc ? JSON.stringify(doc) : "",
    canUndo: S.canUndo(state), canRedo: S.canRedo(state),
    laws: freshLaws(results), pickStands,
    given: freshGiven(results, state, draft, ui.sheet?.edit !== undefined),
  };
}

/** A tap's argument as an integer. */
export const int = (x) => Number.parseInt(x, 10);

/** The log entry behind each culprit of a table no deal fits: the last that changed its slot, or the one that
 * recorded its fact (null where none did: the setup's own, or a fact the engine read from a starting token). */
function culpritEntries(err, state, t) {
  // which entry changed each slot is traced only here (a replay that follows every slot costs every render)
  const traced = (err.at ?? []).some((c) => c.kind === "slot") ? S.derive(state, { touched: true }) : t;
  return (err.at ?? []).map((c) => {
    const i = c.kind === "fact" ? t.factEntry[c.fact] : traced.slotEntry[`${c.player}-${c.stand}-${c.slot}`];
    return Number.isInteger(i) && i >= 0 ? i : null;
  });
}
