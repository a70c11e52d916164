"""JSON bridge: the single entry point the web worker calls.

Why a string-in/string-out function: the worker passes plain JSON across the
Pyodide boundary (no Python proxies leak into JS), and pytest can exercise the
whole worker protocol natively without a browser.  See ``docs/protocol.md``.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any, Callable

from .. import __version__
from .commands import OPTION_COMMANDS, STATE_COMMANDS, option_payload

__all__ = ["PROTOCOL_VERSION", "handle", "REQUEST_TYPES"]

PROTOCOL_VERSION = 1


def _version(_payload: Any) -> dict:
    return {"engine": __version__, "protocol": PROTOCOL_VERSION}


def _missions(_payload: Any) -> list:
    """Every mission's preset, with ``playouts_without``: what of its card the games played out (the arena, the
    chance to win) leave out, or None — so the page does not offer a chance to win that is not the mission's
    (54's walkthrough: "all of 122 games won" where oxygen had already lost it)."""
    from ..arena.deal import refusal
    from ..missions.preset import all_missions_json, get_mission

    return [{**m, "playouts_without": refusal(get_mission(m["number"]))} for m in all_missions_json()]


#: A small table (4 players, blues 1-5, a yellow, a red, a cut and an info
#: token, every item) for the warm-up.
WARM_UP_STATE: dict = {
    "players": [
        {"name": "A", "stands": ["?1 ?2 ?Y2 ?3 ?4 ?5"]},
        {"name": "B", "stands": ["? ? 2 ? i3 ?"]},
        {"name": "C", "stands": ["? ? ? ? ?"]},
        {"name": "D", "stands": ["? ? ? ? ?"]},
    ],
    "me": 0,
    "captain": 0,
    "wires": {"blue": [1, 5], "yellow": [2], "red": [4]},
    "facts": [],
    "mistakes_left": 3,
    "available": ["double_detector", "triple_detector", "super_detector", "x_or_y_ray", "fast_pass"],
}


#: the commands the warm-up runs: indicate solves the same way ~20 times over,
#: so it is warm once these are, and would triple the warm-up's cost
WARM_UP_COMMANDS = ("analyze", "moves")


def _warm_up(_payload: Any) -> dict:
    """Run :data:`WARM_UP_COMMANDS` once on :data:`WARM_UP_STATE`; return the time each took.

    Why: the engine modules are imported lazily and, in a fresh wasm worker,
    the first numpy calls pay for lazy compilation and memory growth.  The
    worker runs this as its last boot stage, so a player's first heatmap does
    not come ~3x slower than the next ones.  Nothing is kept from it.
    """
    from ..questions.analysis import scratch_solves

    ms = {}
    with scratch_solves():
        for name in WARM_UP_COMMANDS:
            t0 = time.perf_counter()
            STATE_COMMANDS[name](WARM_UP_STATE)
            ms[name] = round((time.perf_counter() - t0) * 1000, 1)
    # numpy.random's shared libraries load when it is first imported (the worker writes numpy's files
    # itself, build_scripts/site_pack.py): here, not in a player's first Estimate or draw
    t0 = time.perf_counter()
    import numpy.random  # noqa: F401
    ms["numpy.random"] = round((time.perf_counter() - t0) * 1000, 1)
    return {"ms": ms}


def _with_options(name: str) -> Callable[[Any], Any]:
    """The handler of a command with options: its payload is ``{"state": ..., option: value}``."""
    fn = OPTION_COMMANDS[name][0]

    def handler(payload: Any) -> Any:
        doc, options = option_payload(name, payload)
        return fn(doc, **options)

    return handler


#: request type -> handler taking the payload and returning a JSON-able result
REQUEST_TYPES: dict[str, Callable[[Any], Any]] = {
    "version": _version,
    "missions": _missions,
    "warm_up": _warm_up,
    **STATE_COMMANDS,
    **{name: _with_options(name) for name in OPTION_COMMANDS},
}


class BridgeError(ValueError):
    """A request envelope that the bridge cannot route."""


#: the largest integer a page's JavaScript number holds exactly
MAX_SAFE_ID = 2**53 - 1


def _request_id(request: dict) -> int | float | None:
    """The request's ``id``, echoed in the reply: absent/null, or a plain finite number.

    Why checked: the reply must be plain JSON that JavaScript reads back as the
    same number, so NaN, Infinity, 1e400, huge integers, lists or strings are
    refused here (the error reply then carries ``id: null``).
    """
    rid = request.get("id")
    if rid is None:
        return None
    plain = isinstance(rid, (int, float)) and not isinstance(rid, bool)
    if not plain or (isinstance(rid, float) and not math.isfinite(rid)) or abs(rid) > MAX_SAFE_ID:
        shown = json.dumps(rid, allow_nan=True)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise BridgeError(f"request field 'id' must be a finite number (the page's request counter), got {shown}")
    return rid


def _error(name: str, message: str) -> dict:
    return {"name": name, "message": message}


def handle(request_json: str) -> str:
    """Answer one request ``{v, id, type, payload}`` with ``{id, ok, result|error}``.

    Never raises: every failure, including a bug in the engine, comes back as
    an error object so the page can show it instead of hanging.
    """
    req_id: Any = None
    try:
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError) as exc:
            raise BridgeError(f"request is not valid JSON: {exc}") from None
        if not isinstance(request, dict):
            raise BridgeError("request must be a JSON object {v, id, type, payload}")
        req_id = _request_id(request)
        version = request.get("v")
        if version != PROTOCOL_VERSION:
            raise BridgeError(
                f"unsupported protocol version {version!r}; this engine speaks v{PROTOCOL_VERSION}"
            )
        kind = request.get("type")
        handler = REQUEST_TYPES.get(kind) if isinstance(kind, str) else None
        if handler is None:
            known = ", ".join(sorted(REQUEST_TYPES))
            raise BridgeError(f"unknown request type {kind!r}; known types: {known}")
        result = handler(request.get("payload"))
        reply: dict = {"id": req_id, "ok": True, "result": result}
    except ValueError as exc:
        error = _error(type(exc).__name__, str(exc))
        error.update(getattr(exc, "location", {}) or {})
        entries = getattr(exc, "entries", None)
        culprits = getattr(exc, "culprits", None) or [e["text"] for e in entries or []]
        if culprits:
            error["culprits"] = culprits
        if entries:
            error["culprit_entries"] = entries
        reply = {"id": req_id, "ok": False, "error": error}
    except Exception as exc:  # noqa: BLE001 - the bridge must never raise
        reply = {
            "id": req_id,
            "ok": False,
            "error": _error("InternalError", f"{type(exc).__name__}: {exc}"),
        }
    try:
        return json.dumps(reply, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:  # a result that is not plain JSON is an engine bug: say so
        error = _error("InternalError", f"result is not plain JSON: {exc}")
        return json.dumps({"id": req_id, "ok": False, "error": error}, separators=(",", ":"), default=str)
