"""The worker protocol (``bridge.handle``) natively (the command line: test_cli.py).

The bridge must answer every request with a JSON reply carrying the request
id, and never raise; entry errors come back by name with the location the
page needs.  The CLI prints JSON and exits 0, or prints one line
``error: ...`` on stderr and exits 2.
"""

from __future__ import annotations

import json
import os

import pytest
from bombbusters import __version__
from bombbusters.advice.indication import indicate_json
from bombbusters.advice.moves import moves_json
from bombbusters.missions.preset import all_missions_json
from bombbusters.protocol import bridge
from bombbusters.questions.report import analyze

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "py_engine")

STATE = {
    "players": [
        {"name": "Ann", "stands": ["?5 ?6 ?7 ?8"]},
        {"name": "Bob", "stands": ["? ? i7 ?"]},
        {"name": "Cyd", "stands": ["? 6 ? ?"]},
        {"name": "Dee", "stands": ["? ? ? ?"]},
    ],
    "me": 0,
    "captain": 0,
    "wires": {"blue": [5, 8]},
    "facts": [{"kind": "has", "player": 3, "value": 8}],
}

BAD_TOKEN = {**STATE, "players": [STATE["players"][0], {"name": "Bob", "stands": ["? ? q7 ?"]}, *STATE["players"][2:]]}
IMPOSSIBLE = {**STATE, "facts": [{"kind": "has_not", "player": 1, "value": 7}]}  # Bob shows an info 7


def call(req, raw: bool = False) -> dict:
    text = req if raw else json.dumps(req)
    out = bridge.handle(text)
    assert isinstance(out, str)
    reply = json.loads(out)
    assert isinstance(reply, dict) and "id" in reply and isinstance(reply["ok"], bool)
    assert ("result" in reply) == reply["ok"] and ("error" in reply) != reply["ok"]
    if not reply["ok"]:
        err = reply["error"]
        assert isinstance(err["name"], str) and isinstance(err["message"], str) and err["message"]
    return reply


def req(kind, payload=None, rid=1, v=1) -> dict:
    return {"v": v, "id": rid, "type": kind, "payload": payload}


# --------------------------------------------------------------------------
# bridge: requests


def test_version():
    r = call(req("version", rid=7))
    assert r == {"id": 7, "ok": True, "result": {"engine": __version__, "protocol": bridge.PROTOCOL_VERSION}}
    assert bridge.PROTOCOL_VERSION == 1


def test_warm_up_runs_analyze_and_moves_and_keeps_the_solve_cache(monkeypatch):
    from bombbusters.protocol import commands
    from bombbusters.questions import analysis

    ran = []
    for name, fn in list(commands.STATE_COMMANDS.items()):
        monkeypatch.setitem(commands.STATE_COMMANDS, name, lambda doc, fn=fn, name=name: ran.append(name) or fn(doc))
    analysis.clear_recent()
    call(req("analyze", STATE))
    before = list(analysis._RECENT)
    r = call(req("warm_up", rid=5))
    assert r["id"] == 5 and r["ok"], r
    assert list(bridge.WARM_UP_COMMANDS) == ran == ["analyze", "moves"]
    assert list(r["result"]["ms"]) == ["analyze", "moves", "numpy.random"]
    assert list(analysis._RECENT) == before
    # the warm-up table itself is a valid table with every item in play
    moves = call(req("moves", bridge.WARM_UP_STATE))["result"]["moves"]
    assert {"dual_cut", "double_detector"} <= {m["kind"] for m in moves}


def test_moves_after_analyze_reuse_its_solve(monkeypatch):
    """The table app asks "analyze", then "moves" with the advice's options (items, constraint cards,
    mission rules, mistakes left): the second is answered from the first's solve, and a different
    table is solved afresh."""
    from bombbusters.questions import analysis

    solved = []
    real = analysis._solve_state
    monkeypatch.setattr(analysis, "_solve_state", lambda st: solved.append(1) or real(st))
    analysis.clear_recent()
    assert call(req("analyze", STATE))["ok"]
    advice = dict(STATE, available=["double_detector", "x_or_y_ray"], constraints=[], rules={}, mistakes_left=2,
                  hidden_red_value=False)
    r = call(req("moves", advice))
    assert r["ok"], r
    assert len(solved) == 1
    other = dict(STATE, facts=[])  # another table: Dee may hold no 8
    assert call(req("moves", dict(other, mistakes_left=2)))["ok"]
    assert len(solved) == 2


def test_analyze_matches_the_engine():
    r = call(req("analyze", STATE, rid=8))
    assert r["id"] == 8 and r["ok"]
    assert r["result"] == json.loads(json.dumps(analyze(STATE)))
    assert {"log10_deals", "slots", "holdings"} <= set(r["result"])
    bob_c = next(e for e in r["result"]["slots"] if (e["player"], e["stand"], e["slot"]) == (1, 0, 2))
    assert bob_c["probs"] == {"7": 1.0}

    # "given": the same answer on a request type of its own (a table asked about before it is recorded)
    assert call(req("given", STATE, rid=9))["result"] == r["result"]


def test_moves():
    r = call(req("moves", STATE, rid=41))
    assert r["id"] == 41 and r["ok"]
    assert r["result"] == json.loads(json.dumps(moves_json(STATE)))
    moves = r["result"]["moves"]
    assert moves[0]["guaranteed"] is True
    assert {"kind": "dual_cut", "player": 1, "stand": 0, "slots": [2], "value": 7}.items() <= moves[0].items()
    assert r["result"]["holdings"]


def test_moves_with_every_item():
    """Regression: a super_detector move carried a numpy.bool_, and bridge.handle raised from json.dumps."""
    r = call(req("moves", {**STATE, "available": ["double_detector", "triple_detector", "super_detector",
                                                  "x_or_y_ray", "fast_pass"]}, rid=9))
    assert r["ok"] and any(m["kind"] == "super_detector" for m in r["result"]["moves"])


def test_indicate():
    r = call(req("indicate", STATE, rid=10))
    assert r["id"] == 10 and r["ok"]
    res = r["result"]
    assert res == json.loads(json.dumps(indicate_json(STATE)))
    assert {"entropy_bits", "value", "even_odd", "multiplicity"} <= set(res)
    for kind in ("value", "even_odd", "multiplicity"):
        for e in res[kind]:
            assert {"stand", "slot", "wire", "token", "gain_bits", "resolved", "remaining_bits"} <= set(e)
    r = call(req("indicate", {**STATE, "tokens": "even_odd"}, rid=11))
    assert set(r["result"]) == {"entropy_bits", "basis", "even_odd"}


def test_missions():
    r = call(req("missions", rid=12))
    assert r["ok"] and isinstance(r["result"], list) and r["result"]
    plain = [{k: v for k, v in m.items() if k != "playouts_without"} for m in r["result"]]
    assert plain == json.loads(json.dumps(all_missions_json()))
    # what the games played out leave out: the page offers no chance to win there (54's walkthrough)
    without = {m["number"]: m["playouts_without"] for m in r["result"]}
    assert without[4] is None and without[40] is None
    assert "oxygen" in without[54] and "bunker" in without[66]


# --------------------------------------------------------------------------
# bridge: errors


@pytest.mark.parametrize("kind", [None, 3, "analyse", "Analyze", ""])
def test_unknown_type(kind):
    r = call(req(kind, STATE, rid=13))
    assert r["id"] == 13 and not r["ok"]
    assert r["error"]["name"] == "BridgeError"
    assert repr(kind) in r["error"]["message"] and "analyze" in r["error"]["message"]


@pytest.mark.parametrize("v", [None, 0, 2, "1", 1.5])
def test_wrong_version(v):
    body = req("version", rid=14, v=v)
    if v is None:
        del body["v"]
    r = call(body)
    assert r["id"] == 14 and not r["ok"]
    assert r["error"]["name"] == "BridgeError" and "version" in r["error"]["message"]


@pytest.mark.parametrize("text", ["", "{", "not json", '{"v": 1, "id": 3,}', "\x00"])
def test_invalid_json(text):
    r = call(text, raw=True)
    assert r == {"id": None, "ok": False, "error": r["error"]}
    assert r["error"]["name"] == "BridgeError" and "JSON" in r["error"]["message"]


@pytest.mark.parametrize("value", [None, 5, b"{}", ["x"]])
def test_request_not_text_never_raises(value):
    reply = json.loads(bridge.handle(value))
    assert reply["ok"] is False and reply["id"] is None


@pytest.mark.parametrize("text", ["[1, 2]", "7", '"analyze"', "null"])
def test_request_not_an_object(text):
    r = call(text, raw=True)
    assert r["id"] is None and r["error"]["name"] == "BridgeError"


@pytest.mark.parametrize("kind", ["analyze", "moves", "indicate"])
@pytest.mark.parametrize("payload", [None, [STATE], "state", 3, True])
def test_payload_not_an_object(kind, payload):
    r = call(req(kind, payload, rid=15))
    assert r["id"] == 15 and not r["ok"]
    assert r["error"]["name"] == "StateError" and "object" in r["error"]["message"]


@pytest.mark.parametrize("kind", ["analyze", "moves", "indicate"])
def test_bad_token(kind):
    r = call(req(kind, BAD_TOKEN, rid=16))
    assert r["id"] == 16 and not r["ok"]
    err = r["error"]
    assert err["name"] == "NotationError"
    msg = err["message"]
    assert "'q7'" in msg and "Bob" in msg and "slot C" in msg, msg
    assert (err["player"], err["stand"], err["slot"]) == (1, 0, 2)


def test_bad_token_on_a_second_stand():
    doc = {
        "players": [{"name": "Ann", "stands": ["? ?", "? ? ??"]}, {"name": "Bob", "stands": ["? ?", "? ?"]}],
        "me": None,
        "wires": {"blue": [1, 2], "red": [1]},
    }
    err = call(req("analyze", doc, rid=17))["error"]
    assert err["name"] == "NotationError" and "'??'" in err["message"] and "Ann (stand 2)" in err["message"]
    assert "slot C" in err["message"] and (err["player"], err["stand"], err["slot"]) == (0, 1, 2)


@pytest.mark.parametrize("kind", ["analyze", "moves"])
def test_impossible_state(kind):
    r = call(req(kind, IMPOSSIBLE, rid=18))
    assert r["id"] == 18 and not r["ok"]
    err = r["error"]
    assert err["name"] == "InconsistentStateError"
    assert isinstance(err["culprits"], list) and len(err["culprits"]) == 2
    assert any("Bob" in c and "info token 7" in c for c in err["culprits"]), err
    assert any("7" in c for c in err["culprits"])
    # each culprit also says where it is, so the page can offer the log entry that put it there
    where = err["culprit_entries"]
    assert [e["text"] for e in where] == err["culprits"]
    assert all(e["kind"] in ("slot", "fact") for e in where)
    slots = [(e["player"], e["stand"], e["slot"]) for e in where if e["kind"] == "slot"]
    assert (1, 0, 2) in slots, where  # Bob's info token 7


def test_impossible_fact_is_located_by_its_index():
    doc = {**STATE, "facts": [{"kind": "has_not", "player": 0, "value": 5}]}  # I hold a 5
    err = call(req("analyze", doc, rid=19))["error"]
    assert err["culprit_entries"] == [{"kind": "fact", "fact": 0, "text": "'Ann has no 5'"}], err


def test_indicate_self_contradiction_names_entered_items_only():
    """Regression: the contradiction was first met on a trial token, and the error named that token (i5)."""
    doc = {**STATE, "facts": [{"kind": "has_not", "player": 0, "value": 5}]}  # I hold a 5
    err = call(req("indicate", doc, rid=20))["error"]
    assert err["name"] == "InconsistentStateError"
    assert err["culprits"] == ["'Ann has no 5'"], err


def test_indicate_reports_an_impossible_table_first():
    # the advice only weighs my own stands, but a table no deal fits is still reported as such
    err = call(req("indicate", IMPOSSIBLE, rid=21))["error"]
    assert err["name"] == "InconsistentStateError" and err["culprits"]


def test_result_that_is_not_json_is_an_internal_error(monkeypatch):
    """The bridge never raises, even when a handler returns something json cannot write."""
    import numpy as np

    for bad in ({"x": np.bool_(True)}, {"x": object()}, {"x": float("nan")}):
        monkeypatch.setitem(bridge.REQUEST_TYPES, "analyze", lambda _p, bad=bad: bad)
        r = call(req("analyze", STATE, rid=22))
        assert r["id"] == 22 and r["ok"] is False and r["error"]["name"] == "InternalError"


def test_rule_and_state_errors_carry_their_field():
    err = call(req("analyze", {**STATE, "mistakes_left": -1}))["error"]
    assert err["name"] == "StateError" and err["field"] == "mistakes_left"
    err = call(req("moves", {**STATE, "available": ["jetpack"]}))["error"]
    assert err["name"] == "StateError" and "'jetpack'" in err["message"] and err["field"] == "available"
    err = call(req("moves", {**STATE, "me": None}))["error"]
    assert err["name"] == "StateError" and err["field"] == "me"
    short = {**STATE, "players": [*STATE["players"][:3], {"name": "Dee", "stands": ["? ?"]}]}
    assert call(req("analyze", short))["error"]["name"] == "RuleError"


@pytest.mark.parametrize("rid", [0, 1, -3, 2**40, None, 1.5])
def test_reply_echoes_the_id(rid):
    assert call(req("version", rid=rid))["id"] == rid
    assert call(req("analyze", BAD_TOKEN, rid=rid))["id"] == rid
    assert call(req("nope", rid=rid))["id"] == rid


@pytest.mark.parametrize("rid", ["abc", [1, 2], {"k": 1}, True])
def test_an_id_that_is_not_a_number_is_refused(rid):
    r = call(req("version", rid=rid))
    assert r["id"] is None and not r["ok"] and r["error"]["name"] == "BridgeError" and "'id'" in r["error"]["message"]


def test_missing_id_is_null():
    r = call({"v": 1, "type": "version"})
    assert r["id"] is None and r["ok"]


def test_internal_error_is_a_reply(monkeypatch):
    def boom(_payload):
        raise RuntimeError("kaput")

    monkeypatch.setitem(bridge.REQUEST_TYPES, "analyze", boom)
    r = call(req("analyze", STATE, rid=19))
    assert r == {"id": 19, "ok": False, "error": {"name": "InternalError", "message": "RuntimeError: kaput"}}


def test_reply_is_compact_single_line_json():
    out = bridge.handle(json.dumps(req("analyze", STATE)))
    assert "\n" not in out and json.loads(out)["ok"]


# --------------------------------------------------------------------------
# CLI


def test_too_many_copies_names_each_slot_where_it_is():
    """A rule broken by the table (a fifth 7 entered) names its slots with where they are, as a table no deal fits
    names its culprits: the page offers the entry behind each."""
    doc = {**STATE, "players": [{"name": "Ann", "stands": ["?5 ?6 ?7 ?8"]}, {"name": "Bob", "stands": ["? 7 i7 ?"]},
                                {"name": "Cyd", "stands": ["? 6 7 ?"]}, {"name": "Dee", "stands": ["? ? ? 7"]}]}
    err = call(req("analyze", doc, rid=23))["error"]
    assert err["name"] == "RuleError" and "only 4 wires 7 exist, but 5 are entered" in err["message"], err
    assert [(e["player"], e["stand"], e["slot"]) for e in err["culprit_entries"]] == [(0, 0, 2), (1, 0, 1), (1, 0, 2), (2, 0, 2), (3, 0, 3)]
    assert err["culprits"] == [e["text"] for e in err["culprit_entries"]] and err["culprits"][1] == "Bob slot B"
