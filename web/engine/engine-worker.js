/* Engine worker (classic worker): boots Pyodide in named stages, then passes
 * request JSON strings to bombbusters.protocol.bridge.handle and posts the reply strings
 * back.  Message contract: docs/protocol.md.  Everything is loaded from this site;
 * no other host is ever contacted. */
"use strict";

// The site root: this file lives in its engine/ folder.
const BASE = new URL("../", self.location.href).href;
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

/** A boot-time request (payload-less): its result, or an error naming what failed. */
function bootRequest(type, what) {
  const reply = JSON.parse(handle(JSON.stringify({ v: 1, id: 0, type, payload: null })));
  if (!reply.ok) throw new Error(`engine ${what} failed: ${reply.error.name}: ${reply.error.message}`);
  return reply.result;
}

async function boot() {
  const t0 = performance.now();
  const timings = {};
  const manifest = await stage("manifest", "build.json", async () => {
    const res = await fetch(new URL("build.json", BASE), { cache: "no-cache" });
    if (!res.ok) throw new Error(`build.json: HTTP ${res.status}`);
    return res.json();
  });
  timings.manifest = manifest.ms;
  const m = manifest.value;
  const indexURL = new URL(m.pyodide_index || "pyodide/", BASE).href;

  const runtime = await stage("runtime", `Pyodide ${m.pyodide_version}`, async () => {
    importScripts(new URL("pyodide.js", indexURL).href);
    return self.loadPyodide({ indexURL, fullStdLib: false });
  });
  timings.runtime = runtime.ms;
  const pyodide = runtime.value;

  const packages = m.pyodide_packages || ["numpy"];
  // the engine wheel downloads while numpy loads
  const wheelURL = new URL(m.wheel_url, BASE).href;
  const wheelBytes = fetch(wheelURL).then((r) => {
    if (!r.ok) throw new Error(`${m.wheel_url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  wheelBytes.catch(() => {}); // reported by the wheel stage
  const pk = await stage("packages", packages.join(", "), () => loadPackages(pyodide, packages, timings));
  timings.packages = pk.ms;

  // a pure-Python wheel with no dependency: unpacked straight into site-packages, no installer needed
  const wh = await stage("wheel", m.wheel_url, async () => {
    const site = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await wheelBytes, "wheel", { extractDir: site });
  });
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
