"""Command line: ``python -m bombbusters analyze|moves|indicate|sample|lookahead|explain|win STATE.json`` (or ``-`` for stdin),
and ``python -m bombbusters arena --mission 4 --players 5 --games 500 --seed 1 --policy advice [--jobs N]``
(whole games played by the rules, see ``arena/``).

``sample`` takes ``--n`` worlds and a ``--seed``; ``lookahead`` the ``--top`` moves to look at (0: all);
``explain`` a slot (``--player --stand --slot``, 0-based) and a wire (``--value 7``); ``win`` ``--n`` games
and a ``--seed``.

Prints JSON on stdout; on bad input prints one line ``error: <Name>: <message>``
on stderr and exits with code 2.  When the reader of stdout goes away before the
answer is written (``... | head -1``), it ends quietly with code 141 (128 + SIGPIPE,
what a shell reports for a program that signal ended).  Our own scripts drive the
engine through this, so its output format is kept stable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable

from .commands import OPTION_COMMANDS, STATE_COMMANDS, check_options

__all__ = ["COMMANDS", "EXIT_READER_GONE", "main"]

#: exit code when the reader of stdout closed the pipe: 128 + SIGPIPE (13), as a shell reports it
EXIT_READER_GONE = 141


#: command name -> function taking the state document (and the options it has)
COMMANDS: dict[str, Callable[..., Any]] = {**STATE_COMMANDS, **{k: fn for k, (fn, _d) in OPTION_COMMANDS.items()}}
#: every option any command takes, with the commands that take it
_OPTIONS: dict[str, list[str]] = {}
_TYPES: dict[str, type] = {}
for _name, (_fn, _defaults) in OPTION_COMMANDS.items():
    for _opt, (_default, _top) in _defaults.items():
        _OPTIONS.setdefault(_opt, []).append(_name)
        _TYPES[_opt] = type(_default)


def _load(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise ValueError(f"cannot read {path!r}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path!r} is not valid JSON: {exc}") from None


def arena_main(argv: list[str]) -> int:
    """``arena``: one JSON object on stdout, progress on stderr."""
    from ..arena.run import POLICIES, arena

    parser = argparse.ArgumentParser(prog="python -m bombbusters arena",
                                     description="whole games of one mission played by the rules with one team policy")
    parser.add_argument("--mission", type=int, required=True)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="advice")
    parser.add_argument("--jobs", type=int, default=1, help="games spread over this many processes (same results)")
    parser.add_argument("--indent", type=int, default=None)
    args = parser.parse_args(argv)
    return _answer(lambda: arena(args.mission, args.players, args.games, args.seed, args.policy, args.jobs),
                   args.indent)


def _answer(ask: Callable[[], Any], indent: int | None) -> int:
    """Print the answer as JSON (exit 0), or bad input as one line ``error: <Name>: <message>`` (exit 2)."""
    try:
        result = ask()
    except ValueError as exc:
        print(f"error: {type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    try:
        json.dump(result, sys.stdout, indent=indent)
        sys.stdout.write("\n")
        sys.stdout.flush()  # here, not at exit: a closed pipe is then caught below
    except BrokenPipeError:
        return _reader_gone()
    return 0


def _reader_gone() -> int:
    """The reader of stdout went away (``| head -1``): nobody wants the rest, which is no error. stdout
    is pointed at devnull, so the interpreter's last flush at exit does not print a traceback either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_READER_GONE


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "arena":
        return arena_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bombbusters", description="Bomb Busters exact probability engine")
    parser.add_argument("command", choices=sorted(COMMANDS), help="what to compute")
    parser.add_argument("state", help="state document (JSON file), or - for stdin")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the JSON output")
    for opt, names in _OPTIONS.items():
        parser.add_argument(f"--{opt}", type=_TYPES[opt], default=None, help=f"for {', '.join(names)}")
    args = parser.parse_args(argv)
    given = {opt: getattr(args, opt) for opt in _OPTIONS if getattr(args, opt) is not None}
    takes = OPTION_COMMANDS.get(args.command, (None, {}))[1]
    for opt in given:
        if opt not in takes:
            parser.error(f"--{opt} is not an option of {args.command}")

    def ask() -> Any:
        options = check_options(args.command, given) if args.command in OPTION_COMMANDS else {}
        return COMMANDS[args.command](_load(args.state), **options)

    return _answer(ask, args.indent)
