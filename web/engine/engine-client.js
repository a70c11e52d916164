// Engine: the only module that talks to the worker (see docs/protocol.md).
//
// - Boots the worker and watches every boot stage with a timeout, so a hang
//   (e.g. a .wasm served with the wrong MIME type) becomes a readable failure.
// - analyze() is "latest wins": request ids increase; while one analysis runs,
//   only the newest waiting state is kept (older waiting ones are answered
//   {stale: true} at once), and a reply for an id older than the newest
//   request is marked stale so the page never draws it over a newer answer.

import { Requests } from "./requests.js";
import { StageClock } from "./stage-clock.js";

export { PROTOCOL_VERSION } from "./requests.js";

export const DEFAULT_STAGE_TIMEOUTS = {
  start: 20000, // worker script loaded and first message posted
  manifest: 20000,
  runtime: 90000,
  packages: 90000,
  wheel: 60000,
  import: 60000,
};

export const STAGES = ["manifest", "runtime", "packages", "wheel", "import"];

/** Requests that do not solve a table, so do not warm the engine (see warmWhenIdle). */
const LIGHT = new Set(["version", "missions", "warm_up"]);
/** How long the page must have asked nothing, once the engine is ready, before it warms up. */
const WARM_UP_IDLE_MS = 250;

/**
 * After start-up, once the page has asked nothing for WARM_UP_IDLE_MS: warm the engine (its lazy
 * imports, the fresh wasm's first numpy calls) on a built-in table, so that the first table a
 * player enters is answered at full speed. Not a start-up stage, so that "ready" is not held
 * back by it: a page with a table to show sends that first, and its answer warms the engine as
 * well; a request made while the warm-up runs waits for it (about 0.1 s).
 */
function warmWhenIdle(engine) {
  clearTimeout(engine.warmTimer);
  engine.warmTimer = setTimeout(() => {
    if (engine.warm || engine.state !== "ready" || engine.busy) return;
    engine.warm = true;
    const resolve = (answer) => {
      if (engine.info) engine.info.timings = { ...engine.info.timings, warmup: answer.ms };
    };
    const json = engine.requests.send({ id: 0, kind: "warm_up", json: engine.requests.envelope(0, "warm_up", null), resolve });
    engine.worker.postMessage({ type: "request", json });
  }, WARM_UP_IDLE_MS);
}

/** The worker engine-early.js started while the page loaded ({worker, events, startedAt}), once; else null. */
export function takeEarlyWorker() {
  const early = globalThis.__bbEarlyWorker ?? null;
  if (early) globalThis.__bbEarlyWorker = null;
  return early;
}

export class Engine {
  /**
   * @param {object} opts
   * @param {() => Worker} [opts.workerFactory]  builds the worker (tests pass a fake); without it
   *   the first start adopts the worker engine-early.js started, if any
   * @param {(msg: object) => void} [opts.onProgress]  {stage, status, ms, ...}
   * @param {(info: object) => void} [opts.onReady]    {build_id, engine, timings, ...}
   * @param {(err: object) => void} [opts.onFailure]   {stage, name, message}
   * @param {object} [opts.stageTimeouts]  stage -> ms, over DEFAULT_STAGE_TIMEOUTS
   * @param {number} [opts.stageLimit]      if set, caps every stage (tests prove a hang becomes a message)
   */
  constructor(opts = {}) {
    this.adoptEarly = !opts.workerFactory;
    // from the page's base, as engine-early.js does: the build bundles this module into the page's script
    this.workerFactory = opts.workerFactory ?? (() => new Worker(new URL("engine/engine-worker.js", document.baseURI), { name: "bombbusters-engine" }));
    this.onProgress = opts.onProgress ?? (() => {});
    this.onReady = opts.onReady ?? (() => {});
    this.onFailure = opts.onFailure ?? (() => {});
    this.stageTimeouts = { ...DEFAULT_STAGE_TIMEOUTS, ...(opts.stageTimeouts ?? {}) };
    if (opts.stageLimit) {
      for (const s of Object.keys(this.stageTimeouts)) this.stageTimeouts[s] = opts.stageLimit;
    }
    this.clock = new StageClock(this.stageTimeouts, (stage, ms) =>
      this._fail(stage, "Timeout", `start-up stage "${stage}" did not finish within ${Math.round(ms / 1000)} s`));
    this.state = "idle"; // idle | booting | ready | failed
    this.requests = new Requests();
    this.worker = null;
    this.info = null;
    this.warm = false; // has a table been solved, or the warm-up run, in this worker?
    this.warmTimer = null;
    /** Resolves once the first start-up ends, ready or failed (the pages then register the offline
     * cache, whose precaching would otherwise compete with that start-up). */
    this.settled = new Promise((resolve) => (this._settled = resolve));
  }

  start() {
    this._teardown();
    const early = this.adoptEarly ? takeEarlyWorker() : null;
    this.startedAt = early?.startedAt ?? performance.now(); // on the page's clock: from navigation start
    this.state = "booting";
    this.stage = "start";
    try {
      this.worker = early?.worker ?? this.workerFactory();
    } catch (err) {
      this._fail("start", "WorkerError", `cannot start the engine worker: ${err?.message ?? err}`);
      return;
    }
    this.worker.onmessage = (ev) => this._onMessage(ev.data);
    this.worker.onerror = (ev) => this._onError(ev);
    this.worker.onmessageerror = () => this._fail(this.stage, "WorkerError", "unreadable message from the worker");
    this.clock.arm("start");
    const worker = this.worker;
    for (const ev of early?.events ?? []) {
      if (this.worker !== worker) break; // it failed meanwhile
      worker[`on${ev.type}`](ev); // what it said before the page was ready
    }
  }

  _onError(ev) {
    ev.preventDefault?.();
    const where = ev.filename ? ` (${ev.filename}:${ev.lineno})` : "";
    this._fail(this.stage, "WorkerError", `${ev.message || "the engine worker failed to load"}${where}`);
  }

  /** Throw away the worker and boot a new one (also used to stop a long analysis). */
  restart() {
    this.requests.settleAll("the engine was restarted");
    this.start();
  }

  /** Latest-wins analysis. Resolves {stale, id, reply?, ms?}. Never rejects. */
  analyze(payload) {
    return this.latest("analyze", payload);
  }

  /** Latest wins, per request type (see requests.js); resolves {stale, id, reply?, ms?}. Never rejects. */
  latest(type, payload) {
    const answer = this.requests.latest(type, payload);
    this._pump();
    return answer;
  }

  /** A plain request (e.g. "version"); resolves {stale:false, id, reply, ms}. */
  call(type, payload = null) {
    const answer = this.requests.call(type, payload);
    this._pump();
    return answer;
  }

  get busy() {
    return this.requests.busy;
  }

  _pump() {
    if (this.state === "failed") {
      this.requests.settleAll(this.failure?.message ?? "the engine failed to start");
      return;
    }
    if (this.state !== "ready" || this.requests.inFlight) return;
    const item = this.requests.next();
    if (!item) {
      if (!this.warm) warmWhenIdle(this);
      return;
    }
    if (!LIGHT.has(item.kind)) this.warm = true; // a table's answer warms the engine as the warm-up would
    this.worker.postMessage({ type: "request", json: this.requests.send(item) });
  }

  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "progress") {
      if (this.state !== "booting") return;
      this.stage = msg.stage;
      if (msg.status === "start") this.clock.arm(msg.stage);
      this.onProgress(msg);
    } else if (msg.type === "ready") {
      if (this.state !== "booting") return;
      this.clock.disarm();
      this.state = "ready";
      this.info = { ...msg, page: { worker_started_ms: this.startedAt, ready_ms: performance.now() } };
      msg = this.info;
      this.onReady(msg);
      this._settled();
      this._pump();
    } else if (msg.type === "boot-error") {
      this._fail(msg.stage, msg.error?.name ?? "Error", msg.error?.message ?? "engine start-up failed");
    } else if (msg.type === "reply") {
      if (this.requests.settle(msg)) this._pump();
    }
  }

  _fail(stage, name, message) {
    if (this.state === "failed") return;
    this.clock.disarm();
    this.state = "failed";
    this.failure = { stage, name, message };
    try {
      this.worker?.terminate();
    } catch {
      /* already gone */
    }
    this.worker = null;
    this.onFailure(this.failure);
    this._settled();
    this.requests.settleAll(`${name}: ${message}`);
  }

  _teardown() {
    this.clock.disarm();
    clearTimeout(this.warmTimer);
    this.warm = false; // a new worker starts cold
    try {
      this.worker?.terminate();
    } catch {
      /* already gone */
    }
    this.worker = null;
    this.failure = null;
    this.info = null;
  }
}
