"""The bridge never crashes: hostile requests get a clean error, never an InternalError.

Hypothesis draws seeds for ``hostile.hostile_request`` (derandomized, so CI
sees the same requests every run); ``build_scripts/fuzz_bridge.py`` runs the
same generator for 100,000 requests.
"""

from __future__ import annotations

import json
import random

import pytest
from bombbusters.protocol.bridge import handle
from hostile import hostile_request
from hypothesis import given, settings
from hypothesis import strategies as st


def _reply(text: str) -> dict:
    reply = json.loads(text)  # plain JSON: NaN/Infinity would fail here with strict parsing below
    json.dumps(reply, allow_nan=False)
    assert set(reply) >= {"id", "ok"}
    return reply


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_hostile_requests_get_clean_errors(seed: int) -> None:
    request = hostile_request(random.Random(seed))
    reply = _reply(handle(request))
    if not reply["ok"]:
        assert reply["error"]["name"] != "InternalError", (request[:400], reply)
        assert reply["error"]["message"], request[:400]


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e400", "[1]", '"7"', "true", "{}", "1" + "0" * 30])
def test_an_id_that_is_not_a_plain_number_is_named(raw: str) -> None:
    reply = _reply(handle('{"v": 1, "id": %s, "type": "version"}' % raw))
    assert reply["ok"] is False and reply["id"] is None
    assert reply["error"]["name"] == "BridgeError" and "'id'" in reply["error"]["message"]


@pytest.mark.parametrize("rid", [0, 7, 2**53 - 1, 3.5, None])
def test_plain_ids_are_echoed(rid) -> None:
    reply = _reply(handle(json.dumps({"v": 1, "id": rid, "type": "version"})))
    assert reply["ok"] is True and reply["id"] == rid
