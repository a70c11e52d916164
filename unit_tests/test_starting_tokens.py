"""Teammates' starting value tokens read as the advice's choice (``advice.starting_tokens``), through the bridge.

The table is rebuilt as it stood when the teammate placed the token, so the facts must be those
``token_choice_facts`` reads on the teammate's own table (whose exactness ``test_indication`` checks over every
hand); the bridge must answer every request on the document with those facts added; a slot that shows no
token, two tokens for one player, or a token no fitting hand would have been advised there is refused by name.
"""

from __future__ import annotations

import json
from itertools import combinations_with_replacement

import pytest
from bombbusters.advice.indication import rank_indications, token_choice_facts
from bombbusters.advice.starting_tokens import starting_token_facts, with_starting_tokens
from bombbusters.protocol import bridge
from bombbusters.table.errors import StateError
from bombbusters.table.state import GameState

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN = "?1 ?2 ?3 ?4 ?5"


def setup_of(p: int, hand: tuple[int, ...]) -> GameState:
    """The table as player ``p`` saw it when placing their token: their hand, every other stand hidden."""
    players = [{"name": n, "stands": [" ".join(f"?{v}" for v in hand) if q == p else "? ? ? ? ?"]} for q, n in enumerate(NAMES)]
    return GameState.from_json({"players": players, "me": p, "captain": 0, "wires": {"blue": [1, 5]}, "facts": []})


def doc_with(tokens: dict[int, tuple[int, int]], read: bool = True) -> dict:
    """Ann's table (her hand 1-5) once Bob, Cat, Dan show a token {player: (slot, value)}."""
    players = []
    for q, n in enumerate(NAMES):
        if q == 0:
            players.append({"name": n, "stands": [ANN]})
            continue
        st = ["?"] * 5
        if q in tokens:
            j, v = tokens[q]
            st[j] = f"i{v}"
        players.append({"name": n, "stands": [" ".join(st)]})
    doc = {"players": players, "me": 0, "captain": 0, "wires": {"blue": [1, 5]}, "facts": []}
    if read:
        doc["starting_tokens"] = [[q, 0, j] for q, (j, _v) in sorted(tokens.items())]
    return doc


def advised(p: int) -> dict[tuple[int, int], list]:
    """{(slot, value) the advice puts player p's token on: [their hands]}, over every hand of 5 of blue 1-5."""
    out: dict = {}
    for h in combinations_with_replacement(range(1, 6), 5):
        if all(h.count(v) <= 4 for v in h):
            top = rank_indications(setup_of(p, h), ("value",))["value"][0]
            out.setdefault((top["slot"], h[top["slot"]]), []).append(h)
    return out


@pytest.fixture(scope="module")
def bobs() -> dict:
    return advised(1)


def test_the_facts_are_those_the_teammate_s_own_table_reads(bobs):
    for (j, v), hands in bobs.items():
        want = token_choice_facts(setup_of(1, hands[0]), 0, j)
        got = starting_token_facts(GameState.from_json(doc_with({1: (j, v)}, read=False)), 1, 0, j)
        assert got == want, (j, v)


def reply(kind: str, payload) -> dict:
    return json.loads(bridge.handle(json.dumps({"v": 1, "id": 1, "type": kind, "payload": payload})))


def test_every_request_answers_on_the_document_with_the_facts_added(bobs):
    (j, v), _hands = max(bobs.items(), key=lambda kv: len(token_choice_facts(setup_of(1, kv[1][0]), 0, kv[0][0])))
    doc = doc_with({1: (j, v)})
    told = [f.to_json() for f in starting_token_facts(GameState.from_json(doc_with({1: (j, v)}, read=False)), 1, 0, j)]
    assert told, "a choice that says nothing tests nothing"
    plain = {**doc_with({1: (j, v)}, read=False), "facts": told}
    for kind, payload, bare in (("analyze", doc, plain), ("moves", doc, plain),
                                ("win", {"state": doc, "n": 20, "seed": 3}, {"state": plain, "n": 20, "seed": 3})):
        a, b = reply(kind, payload), reply(kind, bare)
        assert a["ok"] and a == b, kind
    without = reply("analyze", doc_with({1: (j, v)}, read=False))
    assert without["result"]["slots"] != reply("analyze", doc)["result"]["slots"]


def test_my_own_token_is_not_read():
    doc = doc_with({})
    doc["players"][0]["stands"] = ["?1 ?2 i3 ?4 ?5"]
    doc["starting_tokens"] = [[0, 0, 2]]
    assert with_starting_tokens(doc) == {k: v for k, v in doc.items() if k != "starting_tokens"}


def test_a_token_no_hand_would_be_advised_there_is_refused_by_name(bobs):
    shown = {(j, v) for j in range(5) for v in range(1, 6) if (j, v) not in bobs
             and any(h[j] == v for hands in bobs.values() for h in hands)}
    j, v = min(shown)
    got = reply("analyze", doc_with({1: (j, v)}))
    assert not got["ok"] and got["error"]["name"] == "StateError"
    assert "Bob's starting token at" in got["error"]["message"] and "advised starting tokens" in got["error"]["message"]
    assert reply("analyze", doc_with({1: (j, v)}, read=False))["ok"]


@pytest.mark.parametrize("spots, words", [
    ([[1, 0, 0]], "Bob's starting token at A: the slot shows no blue value"),
    ([[1, 0, 9]], "no such slot"),
    ([[1, 0, 0], [1, 0, 1]], "more than one starting token"),
    ("B", "must be a list of [player, stand, slot]"),
])
def test_bad_spots_are_named(spots, words):
    doc = {**doc_with({}), "starting_tokens": spots}
    with pytest.raises(StateError, match=None) as err:
        with_starting_tokens(doc)
    assert words in str(err.value)
    got = reply("moves", doc)
    assert not got["ok"] and words in got["error"]["message"]


def test_why_says_a_fact_came_from_a_teammate_s_token(bobs):
    """*Why?* on a slot a token's choice rules out names where that fact came from."""
    for (j, v), hands in sorted(bobs.items()):
        told = token_choice_facts(setup_of(1, hands[0]), 0, j)
        for f in told:
            for slot in f.slots:
                doc = doc_with({1: (j, v)})
                got = reply("explain", {"state": doc, "player": 1, "stand": 0, "slot": slot, "value": str(f.value)})
                assert got["ok"], got
                facts = [e for e in got["result"]["entries"] if e["kind"] == "fact"]
                if facts:
                    assert all("read from Bob's starting token" in e["text"] for e in facts), facts
                    plain = {**doc_with({1: (j, v)}, read=False), "facts": [x.to_json() for x in told]}
                    bare = reply("explain", {"state": plain, "player": 1, "stand": 0, "slot": slot, "value": str(f.value)})
                    assert "starting token" not in bare["result"]["text"]
                    return
    raise AssertionError("no token's fact was needed to explain a slot")


@pytest.mark.parametrize("kind, faces, shows", [
    ("even_odd", {"E": "even token", "O": "odd token"}, "even/odd token"),
    ("multiplicity", {"1x": "1x token", "2x": "2x token", "3x": "3x token"}, "x-token"),
])
def test_a_teammate_s_parity_or_x_token_is_read_as_the_advised_choice(kind, faces, shows):
    """Where the mission shows even/odd (21, 33) or x-tokens (24, 40): for every slot and face the advice puts
    Bob's token on (over every hand of his), the facts the page's document reads from it are those his own
    table reads, and the document's chances change with them."""
    groups: dict = {}
    for h in combinations_with_replacement(range(1, 6), 5):
        if all(h.count(v) <= 3 for v in h):  # the document's Ann holds one of each value
            ranked = rank_indications(setup_of(1, h), (kind,))[kind]
            if ranked:
                groups.setdefault((ranked[0]["slot"], ranked[0]["token"]), []).append(h)
    assert len(groups) > 2
    read = 0
    for (j, token), hands in sorted(groups.items()):
        want = token_choice_facts(setup_of(1, hands[0]), 0, j, kind)
        doc = {**doc_with({}, read=False), "tokens": kind}
        doc["players"][1]["stands"] = [" ".join(token if i == j else "?" for i in range(5))]
        assert starting_token_facts(GameState.from_json(doc), 1, 0, j) == want, (j, token)
        if want:
            read += 1
            bare = reply("analyze", doc)["result"]["slots"]
            assert reply("analyze", {**doc, "starting_tokens": [[1, 0, j]]})["result"]["slots"] != bare
    assert read, "a choice that says nothing tests nothing"
    never = [(j, t) for j in range(5) for t in faces if (j, t) not in groups]
    assert never
    j, token = never[0]
    doc = {**doc_with({}, read=False), "tokens": kind, "starting_tokens": [[1, 0, j]]}
    doc["players"][1]["stands"] = [" ".join(token if i == j else "?" for i in range(5))]
    got = reply("analyze", doc)
    assert not got["ok"] and f"Bob's starting token at {'ABCDE'[j]} ({faces[token]})" in got["error"]["message"]
    assert "advised starting tokens" in got["error"]["message"]
    doc = {**doc_with({1: (0, 1)}, read=False), "tokens": kind, "starting_tokens": [[1, 0, 1]]}
    got = reply("analyze", doc)
    assert not got["ok"] and f"Bob's starting token at B: the slot shows no {shows}" in got["error"]["message"]
