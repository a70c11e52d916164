"""Command line: ``python -m bombbusters analyze|moves|indicate STATE.json`` (or ``-`` for stdin).

Prints JSON on stdout; on bad input prints one line ``error: <Name>: <message>``
on stderr and exits with code 2.  Our own scripts drive the engine through
this, so its output format is kept stable.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from .commands import STATE_COMMANDS

__all__ = ["main", "COMMANDS"]


#: command name -> function taking the state document
COMMANDS: dict[str, Callable[[Any], Any]] = STATE_COMMANDS


def _load(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise ValueError(f"cannot read {path!r}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path!r} is not valid JSON: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bombbusters", description="Bomb Busters exact probability engine")
    parser.add_argument("command", choices=sorted(COMMANDS), help="what to compute")
    parser.add_argument("state", help="state document (JSON file), or - for stdin")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the JSON output")
    args = parser.parse_args(argv)
    try:
        result = COMMANDS[args.command](_load(args.state))
    except ValueError as exc:
        print(f"error: {type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=args.indent)
    sys.stdout.write("\n")
    return 0
