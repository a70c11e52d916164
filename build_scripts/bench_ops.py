#!/usr/bin/env python3
"""The interpreter's own speed, in the worker's runtime against native (a benchmark, not a test).

Why: "worker <= 2x native" (issue 15) holds on the tables numpy carries and not on the small ones
solved in plain Python.  This times the same few Python operations (a dict lookup, a call, float
arithmetic, a loop, a list copy, a JSON dump of a reply) natively and in the built site's Pyodide
under Node (the runtime the browser worker loads; V8 runs its wasm in both), and prints the ratios:
what plain-Python work costs in the worker whatever the code does.

Usage: .venv/bin/python build_scripts/bench_ops.py   (after a build: it reads site/pyodide)
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: run as is by both interpreters: prints one JSON line {operation: ns per run}
OPS = r'''
import json, timeit
SETUP = """
d = {i: float(i) for i in range(20)}
L = [1.0] * 8
x = 3
def f(y):
    return y
reply = {"slots": [{"player": p, "stand": 0, "slot": j, "probs": {"3": 0.8, "4": 0.2}} for p in range(4) for j in range(10)]}
import json
"""
OPS = {
    "dict lookup d[x]": "d[x]",
    "d.get(x, 0.0)": "d.get(x, 0.0)",
    "call f(x)": "f(x)",
    "float arithmetic x + 1.5 * y": "x + 1.5 * d[x]",
    "compare x if x > 5 else 5": "x if x > 5 else 5",
    "loop of 8 float adds": "t = 0.0\nfor q in L: t += q",
    "len(L)": "len(L)",
    "max(x, 5)": "max(x, 5)",
    "L.copy()": "L.copy()",
    "[*L]": "[*L]",
    "append to a new list": "a = []; a.append(x)",
    "json.dumps of 40 slot laws": "json.dumps(reply)",
}
out = {}
for name, stmt in OPS.items():
    n = 2000 if "json" in stmt else 100000
    out[name] = min(timeit.repeat(stmt, SETUP, number=n, repeat=5)) / n * 1e9
print(json.dumps(out))
'''

RUNNER = r'''
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [, , indexDir, script] = process.argv;
const { loadPyodide } = await import(pathToFileURL(indexDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: indexDir + "/", stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.runPython(readFileSync(script, "utf8"));
'''


def main() -> int:
    index = ROOT / "site" / "pyodide"
    if not (index / "pyodide.mjs").exists():
        print("no built site: run ./build_scripts/build.sh first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        script, runner = Path(tmp) / "ops.py", Path(tmp) / "run.mjs"
        script.write_text(OPS)
        runner.write_text(RUNNER)
        native = json.loads(subprocess.run([sys.executable, str(script)], check=True, capture_output=True,
                                           text=True).stdout.strip().splitlines()[-1])
        done = subprocess.run(["node", str(runner), str(index), str(script)], capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr[-2000:], file=sys.stderr)
            return 1
        wasm = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"Python operations, ns per run (best of 5): native {sys.version.split()[0]}, Pyodide under Node "
          f"{subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}")
    print(f"  {'operation':32} {'native':>8} {'wasm':>8} {'ratio':>6}")
    for name, ns in native.items():
        print(f"  {name:32} {ns:8.1f} {wasm[name]:8.1f} {wasm[name] / ns:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
