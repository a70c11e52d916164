#!/usr/bin/env python3
"""Check that a refactoring changed no answer: the engine's bridge replies, byte for byte.

Why: a move of code between modules must not move a single digit.  This asks
the bridge every question the page asks (``analyze``, ``moves`` with every
item, ``indicate``, plus ``missions`` and ``version``) on every state of
``bench_states.json``, on a few generated tables with Labels, x-tokens and
X wires and on the side-by-side benchmark's last-turn tables, the planning
questions (``lookahead``, ``sample``, ``win``, ``explain``) on a few of them,
and compares the raw reply strings of two engines.

    .venv/bin/python build_scripts/compare_replies.py            # HEAD vs the work tree
    .venv/bin/python build_scripts/compare_replies.py --ref REF  # REF vs the work tree
    .venv/bin/python build_scripts/compare_replies.py --dump OUT # write this engine's replies

The engine of REF is taken with ``git archive`` into a temporary folder and
run in a child process with its own ``PYTHONPATH``; nothing is installed.
Exit 0 when every reply is identical, 1 otherwise (the differing requests are
listed).  Timings are not part of the replies, so no field is masked.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ITEMS = ["double_detector", "triple_detector", "super_detector", "x_or_y_ray", "fast_pass"]

#: Extra tables beyond the benchmark states: every kind of fact the compiler knows.
EXTRA_STATES = [
    {
        "name": "labels-xtokens-x-wire",
        "state": {
            "players": [
                {"name": "A", "stands": ["?1 ?2 ?Y2 ?3 ?4 ?5"]},
                {"name": "B", "stands": ["? 2x ? 3 ? X"]},
                {"name": "C", "stands": ["? ? i4 ? ? ?"]},
                {"name": "D", "stands": ["E ? ? O ?"]},
            ],
            "me": 0,
            "captain": 0,
            "wires": {"blue": [1, 5], "yellow": [2, 4], "red": {"of": [3, 5], "keep": 1}},
            "facts": [
                {"kind": "same", "player": 2, "stand": 0, "slots": [0, 1]},
                {"kind": "different", "player": 3, "stand": 0, "slots": [3, 4]},
                {"kind": "has", "player": 1, "value": 5},
                {"kind": "has_not", "player": 3, "value": 1},
            ],
            "mistakes_left": 3,
        },
    },
    {
        "name": "public-view-red-count",
        "state": {
            "players": [
                {"name": "A", "stands": ["? ? ? ? ?", "? ? ? ? ?"]},
                {"name": "B", "stands": ["? ? !3 ? ? ?"]},
                {"name": "C", "stands": ["? ? ? 4 ? ?"]},
            ],
            "me": None,
            "captain": 0,
            "wires": {"blue": [1, 5], "red": [2, 4]},
            "facts": [{"kind": "red_count", "player": 1, "stand": 0, "count": 1}],
            "mistakes_left": 2,
        },
    },
]


def _last_turns() -> list[dict]:
    """The side-by-side benchmark's last-turn tables (1 to 8 hidden wires, blue only and with yellow and
    red): the solver's fillings and sparse walks, which the benchmark states do not reach."""
    sys.path.insert(0, str(ROOT / "build_scripts"))
    from side_by_side import deal

    return [{"name": f"last-turns-{h}-{'yr' if y else 'blue'}", "state": deal(h, y, r, 7 + h)[1]}
            for h in (1, 4, 8) for y, r in (([], []), ([4, 7], [4]))]


def _requests() -> list[tuple[str, str]]:
    """(label, request JSON) for every question asked."""
    bench = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())["states"]
    out = [("version", {"type": "version"}), ("missions", {"type": "missions"})]
    for entry in bench + EXTRA_STATES + _last_turns():
        doc = entry["state"]
        out.append((f"{entry['name']}/analyze", {"type": "analyze", "payload": doc}))
        if doc.get("me") is not None:
            out.append((f"{entry['name']}/moves", {"type": "moves", "payload": {**doc, "available": ITEMS}}))
            out.append((f"{entry['name']}/indicate", {"type": "indicate", "payload": doc}))
    # the planning questions, on a few tables (each costs a few hundred ms)
    for entry in [e for e in bench if e["state"].get("me") is not None][:3] + EXTRA_STATES[:1]:
        doc = entry["state"]
        out.append((f"{entry['name']}/lookahead", {"type": "lookahead", "payload": {"state": doc, "top": 3}}))
        out.append((f"{entry['name']}/sample", {"type": "sample", "payload": {"state": doc, "n": 20, "seed": 1}}))
        out.append((f"{entry['name']}/win", {"type": "win", "payload": {"state": doc, "n": 2, "seed": 1}}))
    mid = next(e["state"] for e in bench if e["name"] == "5p-midgame-cuts-info")  # Bob's A is certain there
    out.append(("5p-midgame-cuts-info/explain", {"type": "explain", "payload": {"state": mid, "player": 1, "stand": 0,
                                                                                "slot": 0, "value": "1"}}))
    return [(name, json.dumps({"v": 1, "id": i, **req})) for i, (name, req) in enumerate(out)]


def dump(out: Path, requests: Path | None = None) -> None:
    """Write {label: reply string} of the engine importable here (for the requests in ``requests``, a
    file of [label, request] pairs, or for this script's own)."""
    try:
        from bombbusters.protocol.bridge import handle
    except ImportError:  # an engine from before the stage subpackages
        from bombbusters.bridge import handle  # type: ignore[no-redef]

    asked = json.loads(requests.read_text()) if requests is not None else _requests()
    replies = {name: handle(req) for name, req in asked}
    out.write_text(json.dumps(replies, indent=0, sort_keys=True))


def _engine_of(ref: str, into: Path) -> Path:
    """Export ``py_engine/`` of git ref ``ref`` into ``into``; return its import root."""
    tar = into / "engine.tar"
    with tar.open("wb") as fh:
        subprocess.run(["git", "archive", ref, "py_engine"], cwd=ROOT, stdout=fh, check=True)
    with tarfile.open(tar) as tf:
        tf.extractall(into, filter="data")
    return into / "py_engine"


def _dump_with(pythonpath: Path, out: Path, requests: Path) -> dict:
    """The replies of the engine under ``pythonpath`` (a child process), to requests built here: an
    engine from before a move of modules answers the same requests."""
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    subprocess.run([sys.executable, __file__, "--dump", str(out), "--requests", str(requests)], env=env, check=True)
    return json.loads(out.read_text())


def _close(a, b, tol: float) -> bool:
    """Same JSON shape, every number within ``tol`` (strings, keys and order exactly the same)."""
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        if isinstance(a, dict) and isinstance(b, dict):
            return list(a) == list(b) and all(_close(a[k], b[k], tol) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
        return a == b
    return abs(a - b) <= tol


def _same(a: str | None, b: str | None, tol: float) -> bool:
    if a == b:
        return True
    if a is None or b is None or tol <= 0:
        return False
    ja, jb = json.loads(a), json.loads(b)
    if "id" in ja and "id" in jb:
        ja["id"] = jb["id"]
    return _close(ja, jb, tol)


def compare(ref: str, tol: float = 0.0) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        asked = tmp_path / "requests.json"
        asked.write_text(json.dumps(_requests()))
        before = _dump_with(_engine_of(ref, tmp_path), tmp_path / "before.json", asked)
        after = _dump_with(ROOT / "py_engine", tmp_path / "after.json", asked)
    differ = [k for k in sorted(set(before) | set(after)) if not _same(before.get(k), after.get(k), tol)]
    for k in differ:
        print(f"DIFFERS {k}\n  {ref}: {str(before.get(k))[:300]}\n  now: {str(after.get(k))[:300]}")
    how = f"numbers within {tol:g}" if tol > 0 else "byte for byte"
    print(f"{len(before)} replies compared with {ref} ({how}): {len(differ)} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="HEAD", help="git ref of the engine to compare with (default HEAD)")
    parser.add_argument("--dump", type=Path, help="only write this engine's replies to this file")
    parser.add_argument("--requests", type=Path, help="with --dump: the requests to ask (written by a comparison)")
    parser.add_argument("--tol", type=float, default=0.0,
                        help="let numbers differ by this much (a change that only reorders float sums)")
    args = parser.parse_args(argv)
    if args.dump:
        dump(args.dump, args.requests)
        return 0
    return compare(args.ref, args.tol)


if __name__ == "__main__":
    sys.exit(main())
