// Playouts: on request, the chance to win ("win") and my first moves compared by playing the game out
// ("search"); on my turn, by itself, thinking ahead where my first moves are close ("refine", a budget of a
// few deals played a few decisions on). All ask the worker in short slices (seeds or deals 0, 1, 2, …) so a
// new table waits little, sum the answers into app.results, and draw the page after each; Stop ends a run,
// Go on resumes it where it stopped, and a new table drops it.

import * as S from "./table-state.js";
import { missionPlayDoc } from "./play-docs.js";

/** Games per "win" request: a slice short enough that a new table waits little for the worker. */
export const WIN_SLICE = 2;
/** Worlds per "search" request: every compared move is played on each, so one world is already a few games. */
export const SEARCH_SLICE = 1;
/** Deals per "refine" request: one (3 playouts, ≈ 0.4–1 s in the worker on mission 40), so a new table waits
 * at most that long for the worker. */
export const REFINE_SLICE = 1;

/** The state document the playouts start from: the table, whose turn it is, the equipment and rules. */
export function playoutDoc(state, t) {
  const turned = S.turnedRule(state);
  return {
    ...S.engineDoc(state, t), turn: t.turn, equipment: S.equipmentDoc(state, t), ...(turned ? { rules: { turned } } : {}),
    ...S.tableRulesDoc(state.setup), ...S.nanoPlayDoc(state.setup, t), ...S.linePlayDoc(state.setup, t),
    ...missionPlayDoc(state, t),
  };
}

/**
 * Run `type` requests in slices into `app.results[name]` until stopped: `options` are each request's (a
 * function of the run, or an object sent with `seed: k`), `fresh()` is a new run's figures, `add(run, result)`
 * sums one answer in and returns true when the run is complete, `doc` is the table asked about (the playouts'
 * by default); the run also keeps `k` (the slices answered),
 * `ms` (time spent) and `error` (the engine's message, which stops it).
 */
async function runSlices(app, engine, name, type, options, fresh, add, doc = playoutDoc(app.state, app.derived())) {
  const { results } = app;
  const resultId = results.analysis?.resultId;
  if (resultId === undefined) return;
  const prev = results[name]?.resultId === resultId ? results[name] : null;
  const run = { k: 0, ms: 0, ...(prev ?? fresh()), running: true, resultId, error: null };
  results[name] = run;
  app.render();
  run.equipment = doc.equipment;
  run.doc = doc;
  const live = () => run.running && results[name] === run && results.analysis?.resultId === resultId;
  while (live()) {
    const t0 = performance.now();
    const opts = typeof options === "function" ? options(run) : { ...options, seed: run.k };
    const ans = await engine.latest(type, { state: doc, ...opts });
    // stopped meanwhile: the slice in flight is dropped (Go on asks its seed again), so Stop freezes the figure
    if (ans.stale || !live()) return;
    if (!ans.reply.ok) {
      run.error = ans.reply.error?.message ?? "the engine could not play the game out";
      run.running = false;
    } else {
      const complete = add(run, ans.reply.result);
      run.k += 1;
      run.ms += performance.now() - t0;
      if (complete) run.running = false;
    }
    app.render();
  }
}

/** The chance to win: games of the team policy played out on exact worlds, the running estimate. */
export function runWin(app, engine) {
  return runSlices(app, engine, "win", "win", { n: WIN_SLICE }, () => ({ wins: 0, n: 0 }), (run, r) => {
    run.wins += r.wins;
    run.n += r.n;
  });
}

/** My first moves, each played first on the same worlds, then the team policy: the games each one wins. */
export function runSearch(app, engine) {
  return runSlices(app, engine, "search", "search", { n: SEARCH_SLICE }, () => ({ moves: null, won: [], n: 0 }), (run, r) => {
    if (!run.moves) {
      run.moves = r.moves;
      run.won = r.moves.map(() => []);
    }
    r.won.forEach((w, i) => run.won[i].push(...w));
    run.n += r.n;
  }, searchDoc(app.state, app.derived()));
}

/** Think longer's table: the playouts' (whose turn, the equipment, the changing rules they play), its first moves
 * ranked as My best cuts ranks them — the moves document's rules (Nano's value, oxygen, …), items and cards, which
 * the playouts leave aside (they read the changing rules off each view): the walkthrough saw it compare three sure
 * cuts while the list's best move, a cut of Nano's value, was never played out. */
export function searchDoc(state, t) {
  const doc = playoutDoc(state, t);
  const m = S.movesDoc(state, t);
  return { ...doc, rules: { ...m.rules, ...doc.rules }, available: m.available, constraints: m.constraints };
}

/**
 * Think ahead on my turn: nothing more where the engine finds no close call; else the deals of its budget
 * (the reply's `worlds`), a slice at a time, each compared move's values summed per deal, then it stops.
 */
export function runRefine(app, engine) {
  const { results } = app;
  if (!results.movesDoc || (results.refine && results.refine.resultId === results.analysis?.resultId)) return null;
  app.root.dataset.refine = "running";
  return runSlices(app, engine, "refine", "refine", (run) => ({ first: run.n, n: REFINE_SLICE }),
    () => ({ moves: null, won: [], n: 0, close: null }), (run, r) => {
      run.close = r.close;
      run.worlds = r.worlds;
      run.sureZ = r.sure_z;
      app.root.dataset.refine = r.close ? "running" : "clear"; // html[data-refine]: idle | clear | running | done
      if (!r.close) return true;
      if (!run.moves) {
        run.moves = r.moves;
        run.won = r.moves.map(() => []);
        run.depth = r.depth;
      }
      r.won.forEach((w, i) => run.won[i].push(...w));
      run.n += r.won[0].length;
      if (run.n >= r.worlds) app.root.dataset.refine = "done";
      return run.n >= r.worlds;
    }, results.movesDoc);
}

/** Stop a run of `name` ("win", "search"): the figures stay, Go on resumes. */
export function stopRun(app, name) {
  if (app.results[name]) app.results[name].running = false;
  app.render();
}
