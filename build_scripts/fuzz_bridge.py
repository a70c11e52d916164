#!/usr/bin/env python3
"""Send many hostile requests to ``bridge.handle`` natively; count the ones that crash it.

    .venv/bin/python build_scripts/fuzz_bridge.py [--n 100000] [--seed 0]

The requests come from ``unit_tests/hostile.py`` (the generator the unit test
draws from with hypothesis): garbage text, JSON of the wrong shape, envelopes
with odd ``v``/``id``/``type``, and valid tables with parts replaced by odd
numbers (NaN, 1e400, huge integers), wrong types or junk.  A reply must be
plain JSON, and an error must not be an ``InternalError``.  Exit 1 if any is.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "unit_tests"))

from bombbusters.protocol.bridge import handle  # noqa: E402
from hostile import hostile_request  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="number of requests (default 100,000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (request i uses seed + i)")
    args = parser.parse_args(argv)
    crashes: collections.Counter = collections.Counter()
    first: dict[str, tuple[int, str]] = {}
    outcomes: collections.Counter = collections.Counter()
    t0 = time.perf_counter()
    for i in range(args.n):
        seed = args.seed + i
        request = hostile_request(random.Random(seed))
        text = handle(request)
        try:
            reply = json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
            name = "ok" if reply["ok"] else reply["error"]["name"]
        except (ValueError, KeyError, TypeError) as exc:
            name = "InternalError"
            reply = {"error": {"message": f"reply is not plain JSON: {exc}"}}
        outcomes[name] += 1
        if name == "InternalError":
            key = reply["error"]["message"][:100]
            crashes[key] += 1
            first.setdefault(key, (seed, request[:300]))
        if (i + 1) % 10_000 == 0:
            print(f"  {i + 1:,} requests, {sum(crashes.values())} internal errors", flush=True)
    took = time.perf_counter() - t0
    print(f"{args.n:,} hostile requests in {took:.1f} s: {sum(crashes.values())} internal errors")
    print("  replies: " + ", ".join(f"{k} {v:,}" for k, v in outcomes.most_common()))
    for key, count in crashes.most_common():
        seed, request = first[key]
        print(f"  {count} x {key}\n    first at seed {seed}: {request}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
