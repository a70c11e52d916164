/* Engine worker (classic worker): boots Pyodide in named stages, then passes
 * request JSON strings to bombbusters.protocol.bridge.handle and posts the reply strings
 * back.  Message contract: docs/protocol.md.  Everything is loaded from this site;
 * no other host is ever contacted. */
"use strict";

// The site root: this file lives in its engine/ folder.
const BASE = new URL("../", self.location.href).href;
// This build's manifest (build.json but its file list), written here by the build (build_site.py), so
// the downloads start as the worker starts instead of one round trip later; null: fetch build.json.
const BUILT_IN_MANIFEST = null;
let handle = null; // bombbusters.protocol.bridge.handle once imported
let booted = null; // Promise resolved when ready, rejected on boot failure

function post(msg) {
  self.postMessage(msg);
}

function errorInfo(err) {
  const name = (err && (err.type || err.name)) || "Error";
  let message = (err && err.message) || String(err);
  // Python exceptions from Pyodide carry a long traceback; keep the last line.
  const lines = message.trim().split("\n");
  if (lines.length > 3) message = lines[lines.length - 1];
  return { name, message };
}

async function stage(name, detail, fn) {
  const t0 = performance.now();
  post({ type: "progress", stage: name, status: "start", detail });
  try {
    const value = await fn();
    const ms = performance.now() - t0;
    post({ type: "progress", stage: name, status: "done", ms, detail });
    return { value, ms };
  } catch (err) {
    err.bootStage = name;
    throw err;
  }
}

/** Load the Pyodide packages (numpy), and check that each really imports (loadPackage only logs a failure). */
async function loadPackages(pyodide, packages, timings) {
  const failures = [];
  const t1 = performance.now();
  await pyodide.loadPackage(packages, {
    messageCallback: () => {},
    errorCallback: (text) => failures.push(text),
  });
  timings.packages_load = performance.now() - t1;
  for (const p of packages) {
    try {
      pyodide.pyimport(p);
    } catch (err) {
      throw new Error(`package ${p} did not load${failures.length ? ": " + failures.join("; ") : ""}`);
    }
  }
}

/** The bytes at ``url`` (rejects on an HTTP error; ``sha256``: checked when given).  The big files (the
 * snapshot, the packs) come compressed where the server can (zstd or gzip: serve_site.py), unpacked off this thread. */
async function fetchBytes(url, sha256) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const bytes = await res.arrayBuffer();
  if (sha256) {
    const got = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
    if (got !== sha256) throw new Error(`${url}: sha256 ${got}, build.json says ${sha256}`);
  }
  return new Uint8Array(bytes);
}

/** Copy the snapshot's file, which leaves out the interpreter's pages of zeros (build_scripts/snapshot.py
 * ``sparse``: length, page size, a byte per page, the pages written), into ``memory`` (its length, zeros).
 * Checked in full before the first byte is written: a bad file leaves ``memory`` untouched. */
function unsparseInto(data, memory) {
  const view = new DataView(data.buffer, data.byteOffset);
  const length = view.getUint32(0, true);
  const page = view.getUint32(4, true);
  if (length !== memory.length) throw new Error(`the snapshot file is of ${length} bytes of memory, the manifest says ${memory.length}`);
  const n = Math.ceil(length / page);
  let size = 8 + n;
  for (let i = 0; i < n; i++) if (data[8 + i]) size += Math.min(page, length - i * page);
  if (size !== data.length) throw new Error(`the snapshot file is ${data.length} bytes, its page map says ${size}`);
  let at = 8 + n;
  for (let i = 0; i < n; i++) {
    if (!data[8 + i]) continue;
    const take = Math.min(page, length - i * page);
    memory.set(data.subarray(at, at + take), i * page);
    at += take;
  }
}

/** The interpreter's memory (its length from the manifest) and a promise that it is filled from the
 * snapshot's file.  Pyodide sizes the runtime by the memory and builds it while the file downloads; it
 * waits for the fill (``fsInit``) only before restoring it. */
function snapshotMemory(m) {
  if (!m.snapshot_url || !m.snapshot_bytes) return null;
  const memory = new Uint8Array(m.snapshot_bytes);
  const filled = fetchBytes(new URL(m.snapshot_url, BASE)).then((data) => unsparseInto(data, memory));
  filled.catch(() => {}); // reported where awaited
  return { memory, filled };
}

/** Pyodide, started from the build's memory snapshot (build_scripts/snapshot.py: the interpreter already
 * initialised) or, when there is none or it fails (a bad download), started afresh; ``timings.snapshot``
 * says which and why.  ``snapshot``: snapshotMemory's answer.  (A memory left unfilled holds zeros, which
 * Pyodide refuses to restore: "invalid magic number".) */
async function startRuntime(indexURL, snapshot, timings) {
  importScripts(new URL("pyodide.js", indexURL).href);
  const options = { indexURL, fullStdLib: false };
  if (snapshot) {
    try {
      const pyodide = await self.loadPyodide({
        ...options,
        _loadSnapshot: snapshot.memory,
        fsInit: () => snapshot.filled.catch(() => {}),
      });
      // every page would otherwise draw the same random numbers: the snapshot holds random's state
      pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
      timings.snapshot = "used";
      return pyodide;
    } catch (err) {
      const why = await snapshot.filled.then(() => err, (fill) => fill);
      timings.snapshot = `not used: ${errorInfo(why).message}`;
    }
  } else {
    timings.snapshot = "not used: none in this build";
  }
  return self.loadPyodide(options);
}

/** Write a package pack (build_scripts/site_pack.py: index length, JSON index, the files) into
 * site-packages.  Its shared libraries load when Python first imports them. */
function writePack(pyodide, site, raw) {
  const n = new DataView(raw.buffer, raw.byteOffset).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(raw.subarray(4, 4 + n)));
  let at = 4 + n;
  const made = new Set();
  for (const [path, size] of index) {
    const full = `${site}/${path}`;
    const dir = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(dir)) pyodide.FS.mkdirTree(dir);
    made.add(dir);
    pyodide.FS.writeFile(full, raw.subarray(at, at + size), { canOwn: true });
    at += size;
  }
}

/** Write ``packs`` (promises of their bytes) into site-packages, or run ``fallback`` when there
 * are none or they fail; ``timings[key]`` says which and why. */
async function fromPacks(pyodide, packs, fallback, timings, key) {
  if (packs) {
    try {
      const files = await Promise.all(packs);
      const site = pyodide.runPython("import site; site.getsitepackages()[0]");
      for (const raw of files) writePack(pyodide, site, raw);
      // site-packages' finder lists its folder afresh (not importlib.invalidate_caches(): that re-reads the
      // whole stdlib zip's directory, ~0.3 s)
      pyodide.runPython(`import sys\nf = sys.path_importer_cache.get(${JSON.stringify(site)})\nif f: f.invalidate_caches()`);
      timings[key] = "packs";
      return;
    } catch (err) {
      timings[key] = `fallback: ${errorInfo(err).message}`;
    }
  } else {
    timings[key] = "fallback: no packs in this build";
  }
  await fallback();
}

/** A boot-time request (payload-less): its result, or an error naming what failed. */
function bootRequest(type, what) {
  const reply = JSON.parse(handle(JSON.stringify({ v: 1, id: 0, type, payload: null })));
  if (!reply.ok) throw new Error(`engine ${what} failed: ${reply.error.name}: ${reply.error.message}`);
  return reply.result;
}

async function boot() {
  const t0 = performance.now();
  const timings = {};
  const manifest = await stage("manifest", BUILT_IN_MANIFEST ? "built in" : "build.json", async () => {
    if (BUILT_IN_MANIFEST) return BUILT_IN_MANIFEST;
    const res = await fetch(new URL("build.json", BASE), { cache: "no-cache" });
    if (!res.ok) throw new Error(`build.json: HTTP ${res.status}`);
    return res.json();
  });
  timings.manifest = manifest.ms;
  const m = manifest.value;
  const indexURL = new URL(m.pyodide_index || "pyodide/", BASE).href;

  // what the runtime does not need to start downloads while it starts
  const snapshot = snapshotMemory(m);
  const pack = (p) => fetchBytes(new URL(p.url, BASE), p.sha256);
  const packs = m.packs ? m.packs.map(pack) : null;
  const enginePack = m.wheel_pack ? pack(m.wheel_pack) : null;
  for (const p of [enginePack, ...(packs || [])]) p?.catch(() => {}); // reported where awaited

  const runtime = await stage("runtime", `Pyodide ${m.pyodide_version}`, () => startRuntime(indexURL, snapshot, timings));
  timings.runtime = runtime.ms;
  const pyodide = runtime.value;

  const packages = m.pyodide_packages || ["numpy"];
  const pk = await stage("packages", packages.join(", "), async () => {
    await fromPacks(pyodide, packs, () => loadPackages(pyodide, packages, timings), timings, "packages_via");
    for (const p of packages) pyodide.pyimport(p);
  });
  timings.packages = pk.ms;

  // a pure-Python wheel with no dependency: its pack, or the wheel unpacked straight into site-packages
  const wh = await stage("wheel", m.wheel_url, () => fromPacks(pyodide, enginePack && [enginePack], async () => {
    const site = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await fetchBytes(new URL(m.wheel_url, BASE)), "wheel", { extractDir: site });
  }, timings, "wheel_via"));
  timings.wheel = wh.ms;

  const im = await stage("import", "bombbusters.protocol.bridge", async () => {
    handle = pyodide.pyimport("bombbusters.protocol.bridge").handle;
    return bootRequest("version", "version check");
  });
  timings.import = im.ms;

  // (the warm-up, analyze + moves on a built-in table, is the page's first request when it has
  // nothing else to ask: engine-client.js)
  timings.total = performance.now() - t0;
  post({
    type: "ready",
    build_id: m.build_id,
    engine: im.value,
    pyodide_version: pyodide.version,
    wheel_url: m.wheel_url,
    timings,
  });
}

booted = boot().catch((err) => {
  post({ type: "boot-error", stage: err.bootStage || "start", error: errorInfo(err) });
  throw err;
});
booted.catch(() => {});

self.onmessage = async (ev) => {
  const msg = ev.data;
  if (!msg || msg.type !== "request" || typeof msg.json !== "string") return;
  let id = null;
  try {
    id = JSON.parse(msg.json).id ?? null;
  } catch {
    /* the bridge answers malformed JSON itself */
  }
  try {
    await booted;
  } catch (err) {
    const error = { name: "EngineUnavailable", message: `engine did not start: ${errorInfo(err).message}` };
    post({ type: "reply", id, ms: 0, json: JSON.stringify({ id, ok: false, error }) });
    return;
  }
  const t0 = performance.now();
  let json;
  try {
    json = handle(msg.json);
  } catch (err) {
    json = JSON.stringify({ id, ok: false, error: { name: "InternalError", message: errorInfo(err).message } });
  }
  post({ type: "reply", id, ms: performance.now() - t0, json });
};
