// Byte-compile zips with Pyodide's own interpreter (see pyc_zip.py for why).
//
//   node precompile.mjs <pyodide-dir> <jobs.json>
//
// jobs.json: [[src, dst, prefix, keep_source], ...] with host paths.  Prints one
// JSON line: the per-job report of pyc_zip.main (or exits 1 with a message).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [, , pyodideDir, jobsFile] = process.argv;
if (!pyodideDir || !jobsFile) {
  console.error("usage: node precompile.mjs <pyodide-dir> <jobs.json>");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const here = dirname(fileURLToPath(import.meta.url));

try {
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (t) => console.error(t) });
  py.FS.mkdirTree("/host");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
  const jobs = JSON.parse(readFileSync(jobsFile, "utf8")).map(([src, dst, prefix, keepSource]) => [
    "/host" + resolve(src),
    "/host" + resolve(dst),
    prefix,
    keepSource,
  ]);
  const mod = py.globals.get("dict")();
  py.runPython(readFileSync(join(here, "pyc_zip.py"), "utf8"), { globals: mod });
  mod.set("JOBS", py.toPy(jobs));
  const report = py.runPython("import json; json.dumps(main(JOBS))", { globals: mod });
  console.log(report);
} catch (err) {
  console.error(`precompile failed: ${err?.message ?? err}`);
  process.exit(1);
}
