// Make the Pyodide memory snapshot the worker starts from (see snapshot.py for why).
//
//   node snapshot.mjs <pyodide-dir> <engine-wheel> <out.bin>
//
// A scratch interpreter loads numpy and the engine to learn which standard-library modules their
// import pulls in; a second, fresh interpreter (made with _makeSnapshot, numpy NOT loaded: a
// snapshot cannot hold shared libraries) imports those modules, and its memory is written.
// Prints one JSON line: {"modules": n, "bytes": size}.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [, , pyodideDir, wheel, out] = process.argv;
if (!pyodideDir || !wheel || !out) {
  console.error("usage: node snapshot.mjs <pyodide-dir> <engine-wheel> <out.bin>");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const quiet = { indexURL, fullStdLib: false };

const STDLIB_OF_ENGINE = `
import importlib, sys
before = set(sys.modules)
importlib.import_module("numpy")
importlib.import_module("bombbusters.protocol.bridge")
def stdlib(name):
    mod = sys.modules[name]
    where = getattr(mod, "__file__", None) or ""
    return where.startswith("/lib/python312.zip/") or name in sys.builtin_module_names
sorted(n for n in set(sys.modules) - before if stdlib(n))
`;

const PRE_IMPORT = `
import gc, importlib, sys
for name in NAMES:
    try:
        importlib.import_module(name)
    except Exception as exc:  # a module that needs what the snapshot must not hold (numpy)
        print(f"snapshot: {name} not pre-imported: {exc!r}", file=sys.stderr)
gc.collect()
`;

try {
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const scratch = await loadPyodide(quiet);
  // numpy's wheel unpacked as the worker writes its pack, not loadPackage: the loader's own imports
  // (datetime, …) would otherwise count as already there and be left out of the snapshot
  const lock = JSON.parse(readFileSync(join(indexURL, "pyodide-lock.json"), "utf8"));
  const site = scratch.runPython("import site; site.getsitepackages()[0]");
  const numpyWheel = readFileSync(join(indexURL, lock.packages.numpy.file_name));
  scratch.unpackArchive(new Uint8Array(numpyWheel), "wheel", { extractDir: site });
  scratch.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
  const names = scratch.runPython(STDLIB_OF_ENGINE).toJs();

  const py = await loadPyodide({ ...quiet, _makeSnapshot: true });
  py.globals.set("NAMES", py.toPy(names));
  py.runPython(PRE_IMPORT);
  py.globals.delete("NAMES");
  const snap = py.makeMemorySnapshot();
  writeFileSync(out, snap);
  console.log(JSON.stringify({ modules: names.length, bytes: snap.length }));
} catch (err) {
  console.error(`snapshot failed: ${err?.message ?? err}`);
  process.exit(1);
}
