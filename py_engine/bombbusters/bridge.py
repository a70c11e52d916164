"""JSON bridge: the single entry point the web worker calls.

Why a string-in/string-out function: the worker passes plain JSON across the
Pyodide boundary (no Python proxies leak into JS), and pytest can exercise the
whole worker protocol natively without a browser.  See ``web/protocol.md``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .commands import STATE_COMMANDS

__all__ = ["PROTOCOL_VERSION", "handle", "REQUEST_TYPES"]

PROTOCOL_VERSION = 1


def _version(_payload: Any) -> dict:
    return {"engine": __version__, "protocol": PROTOCOL_VERSION}


def _missions(_payload: Any) -> list:
    from .missions import all_missions_json

    return all_missions_json()


#: request type -> handler taking the payload and returning a JSON-able result
REQUEST_TYPES: dict[str, Callable[[Any], Any]] = {"version": _version, "missions": _missions, **STATE_COMMANDS}


class BridgeError(ValueError):
    """A request envelope that the bridge cannot route."""


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
        req_id = request.get("id")
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
        culprits = getattr(exc, "culprits", None)
        if culprits:
            error["culprits"] = culprits
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
