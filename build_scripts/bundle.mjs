// Bundle each page's module graph into its entry file (esbuild, pinned in package.json).
//
//   node bundle.mjs <site-dir> <entry> [<entry> ...]
//
// Why: a page's ~50 modules cost the engine's cold start ≈ 0.19 s on two cores (each a request, a
// parse, a module record, while the worker downloads and compiles Pyodide: docs/benchmarks.md); one
// file costs one.  The entry is overwritten in place (the pages keep their script tags), with a source
// map beside it so that the browser's tools show the modules as written.  The modules themselves stay
// in the site (tests import them one by one) but no page loads them.
// Prints one JSON line: {entry: [the site paths it took in], ...}.
import { buildSync } from "esbuild";
import { join, relative } from "node:path";

const [, , site, ...entries] = process.argv;
if (!site || entries.length === 0) {
  console.error("usage: node bundle.mjs <site-dir> <entry> [<entry> ...]");
  process.exit(2);
}
const taken = {};
for (const entry of entries) {
  const file = join(site, entry);
  const result = buildSync({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    format: "esm",
    sourcemap: "linked",
    logLevel: "error",
    metafile: true,
    absWorkingDir: site,
  });
  taken[entry] = Object.keys(result.metafile.inputs).map((p) => relative(site, join(site, p))).sort();
}
console.log(JSON.stringify(taken));
