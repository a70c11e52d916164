"""The README's example state document is one the engine answers (a player copies it first)."""

from __future__ import annotations

import json
from pathlib import Path

from bombbusters.protocol.bridge import handle

README = Path(__file__).resolve().parent.parent / "README.md"


def _example() -> dict:
    lines = README.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith('    {"players"'))
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("    "))
    return json.loads("\n".join(lines[start:end]))


def test_the_readme_example_is_answered() -> None:
    doc = _example()
    for kind in ("analyze", "moves"):
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": kind, "payload": doc})))
        assert reply["ok"], reply
    assert reply["result"]["moves"]
