// The engine's requests, apart from the worker that answers them: ids, "latest wins" per request type,
// plain calls in order, and the one in flight. Engine (engine-client.js) sends what next() hands it and
// gives each reply to settle(); nothing here touches the worker.

export const PROTOCOL_VERSION = 1;

export class Requests {
  constructor() {
    this.nextId = 1;
    this.latestIds = {}; // request type -> newest latest-wins id
    this.inFlight = null; // {id, json, resolve, kind, latest, sentAt}
    this.queue = []; // waiting plain calls
    this.pending = {}; // request type -> newest waiting latest-wins request
  }

  envelope(id, type, payload) {
    return JSON.stringify({ v: PROTOCOL_VERSION, id, type, payload });
  }

  /**
   * Latest wins, per request type (e.g. "analyze", "moves"): only the newest waiting request of a type
   * is kept (an older waiting one resolves {stale: true} at once); a reply for an older id is stale.
   */
  latest(type, payload) {
    const id = this.nextId++;
    this.latestIds[type] = id;
    return new Promise((resolve) => {
      const item = { id, kind: type, latest: true, json: this.envelope(id, type, payload), resolve };
      const prev = this.pending[type];
      if (prev) prev.resolve({ stale: true, id: prev.id });
      this.pending[type] = item;
    });
  }

  /** A plain request (e.g. "version"), answered in order; resolves {stale: false, id, reply, ms}. */
  call(type, payload = null) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.queue.push({ id, kind: type, json: this.envelope(id, type, payload), resolve });
    });
  }

  get busy() {
    return this.inFlight !== null || Object.keys(this.pending).length > 0 || this.queue.length > 0;
  }

  /** The next request to send (plain calls first, then the oldest type's newest request), or null. */
  next() {
    const item = this.queue.shift();
    if (item) return item;
    const type = Object.keys(this.pending)[0];
    if (type === undefined) return null;
    const latest = this.pending[type];
    delete this.pending[type];
    return latest;
  }

  /** Mark ``item`` sent (now in flight); returns its JSON. */
  send(item) {
    this.inFlight = { ...item, sentAt: performance.now() };
    return item.json;
  }

  /** A reply message from the worker ({json, ms}): resolves the request in flight; false if none waits for it. */
  settle(msg) {
    const item = this.inFlight;
    let reply;
    try {
      reply = JSON.parse(msg.json);
    } catch {
      reply = { id: msg.id, ok: false, error: { name: "ProtocolError", message: "unreadable reply from the engine" } };
    }
    if (!item || item.id !== reply.id) return false; // a reply nobody waits for
    this.inFlight = null;
    const stale = Boolean(item.latest) && item.id !== this.latestIds[item.kind];
    item.resolve({ stale, id: item.id, reply, ms: msg.ms ?? performance.now() - item.sentAt });
    return true;
  }

  /** Answer every request, in flight or waiting, with an EngineUnavailable error (the worker is gone). */
  settleAll(message) {
    const error = { name: "EngineUnavailable", message };
    const items = [this.inFlight, ...Object.values(this.pending), ...this.queue].filter(Boolean);
    this.inFlight = null;
    this.pending = {};
    this.queue = [];
    for (const it of items) {
      it.resolve({
        stale: Boolean(it.latest) && it.id !== this.latestIds[it.kind],
        id: it.id,
        reply: { id: it.id, ok: false, error },
      });
    }
  }
}
