"""The arena's free-card choices say no more than the facts the table reads from them (``advice/free_cards.py``).

Why: a player who puts a Label on the *first* pair that fits tells the team that the pairs before it do
not fit; a Post-it on the wire the advice ranks first tells which other wires would have told more; a
General Radar asking the value its player holds fewest of tells their hand.  The engine counts every
deal that fits the facts alike, so whatever a choice tells beyond its facts makes the arena's chances
drift from what happens (docs/arena.md, calibration).  Each test goes over every hand of mine on a small
table: the hands that lead the rule to one choice must be exactly the hands its facts allow.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from bombbusters.advice.free_cards import _CHOICE
from bombbusters.table.facts import Fact
from bombbusters.table.state import GameState
from bombbusters.table.wires import value_of

#: my stand: a cut 1 first (a mid-game table), then five hidden wires of blue 1-6
CUT_FIRST = "1"


def _state(hand: tuple[int, ...], tokens: str = "value", labelled: tuple = ()) -> GameState:
    others = [{"name": name, "stands": ["? ? ? ? ? ?"]} for name in ("Bob", "Cat", "Dan")]
    mine = " ".join([CUT_FIRST] + [f"?{v}" for v in hand])
    facts = [{"kind": k, "player": 0, "stand": 0, "slots": list(slots)} for k, slots in labelled]
    return GameState.from_json({"players": [{"name": "Ann", "stands": [mine]}, *others], "me": 0, "captain": 0,
                                "wires": {"blue": [1, 6]}, "facts": facts, "tokens": tokens})


def _hands() -> list[tuple[int, ...]]:
    return [h for h in combinations_with_replacement(range(1, 7), 5) if h.count(1) <= 3 and all(h.count(v) <= 4 for v in h)]


def _holds(fact: Fact, wires: list[int | str]) -> bool:
    """Does my stand (``wires``: slot -> gameplay value) satisfy this fact?"""
    if fact.kind in ("same", "different"):
        a, b = fact.slots
        return (wires[a] == wires[b]) == (fact.kind == "same")
    if fact.kind == "not_count":  # blue only here: a count as an x-token shows it
        return all(wires.count(wires[j]) != fact.count for j in fact.slots)
    assert fact.kind == "not_value", fact
    return all(wires[j] != fact.value for j in fact.slots)


def _groups(card: str, hands: list[tuple[int, ...]], **kw) -> dict:
    """choice -> [(hand, use)] over these hands of mine."""
    out: dict = {}
    for h in hands:
        use = _CHOICE[card](_state(h, **kw))
        key = None if use is None else (use.stand, use.slots, use.value)
        out.setdefault(key, []).append((h, use))
    return out


@pytest.mark.parametrize("card, kind", [("1", "different"), ("12", "same")])
@pytest.mark.parametrize("labelled", [(), (("same", (3, 4)),), (("different", (1, 2)),)])
def test_a_label_says_exactly_what_its_place_tells(card: str, kind: str, labelled: tuple) -> None:
    """A pair labelled before is skipped, and says nothing by being skipped."""
    hands = [h for h in _hands() if all(_holds(Fact(k, 0, 0, slots=sl), [1, *h]) for k, sl in labelled)]
    groups = _groups(card, hands, labelled=labelled)
    assert len([k for k in groups if k is not None]) >= 3, "the rule picks different pairs for different hands"
    for key, members in groups.items():
        if key is None:
            continue
        assert key[1] not in [sl for _k, sl in labelled]
        told = {u.told for _h, u in members}
        assert len(told) == 1, ("the facts read only what teammates see", key)
        facts = (*next(iter(told)), Fact(kind, 0, 0, slots=key[1]))
        allowed = [h for h in hands if all(_holds(f, [1, *h]) for f in facts)]
        assert sorted(allowed) == sorted(h for h, _u in members), (key, facts)


@pytest.mark.parametrize("tokens", ["value", "even_odd", "multiplicity"])
def test_a_post_it_says_exactly_what_its_place_tells(tokens: str) -> None:
    """The Post-it goes where the starting-token advice ranks the mission's token first (a value; even or
    odd; a count); the hands that put it on (slot j, face) are exactly those showing that face at j that the
    facts read from the choice allow."""
    def face(h: tuple, j: int) -> int | bool:
        v = h[j - 1]
        return v if tokens == "value" else [1, *h].count(v) if tokens == "multiplicity" else v % 2 == 0

    groups: dict = {}
    for h in _hands():
        use = _CHOICE["4"](_state(h, tokens=tokens))
        assert use is not None and use.slots[0] > 0, "an uncut blue wire always takes it here"
        groups.setdefault((use.slots[0], face(h, use.slots[0])), []).append((h, use))
    assert len(groups) >= 3
    for (j, shown), members in groups.items():
        told = {u.told for _h, u in members}
        assert len(told) == 1, ("the facts read only what teammates see", j, shown)
        facts = next(iter(told))
        assert all(f.kind == ("not_count" if tokens == "multiplicity" else "not_value") and f.player == 0 for f in facts)
        allowed = [h for h in _hands() if face(h, j) == shown and all(_holds(f, [1, *h]) for f in facts)]
        assert sorted(allowed) == sorted(h for h, _u in members), (j, shown, facts)


def test_a_general_radar_asks_a_value_chosen_from_the_public_table_alone() -> None:
    """Whatever my hand, the Radar asks the same value: the blue value the table has seen least of (the cut 1
    makes it 2, the lowest of those with no copy seen)."""
    asked = {_CHOICE["8"](_state(h)).value for h in _hands()}
    assert asked == {2}


def test_a_label_choice_is_read_by_the_referee() -> None:
    """The facts a choice tells reach every player's table with the card's own, and hold on the real deal."""
    from arena_cards_kit import truth_holds as _truth_holds, used as _used

    ref, q, u = _used("1")
    assert all(f in ref.view((q + 1) % 4).facts for f in u.told)
    for f in u.told:
        wires = [value_of(ref.world[(q, f.stand, j)]) for j in range(len(ref.table.stand(q, f.stand)))]
        assert _holds(f, wires)
    _truth_holds(ref)


def test_the_token_advice_reads_a_fact_about_wires_that_left_my_stand() -> None:
    """After a swap, a has-fact of mine may name a wire now on a teammate's stand (the table pins facts to
    wires): the advice's own view keeps the facts about my wires alone (as player 0) and leaves that one
    out (it raised IndexError when a Post-it was advised after Walkie-Talkies)."""
    from dataclasses import replace

    from bombbusters.advice.indication import rank_indications
    from bombbusters.advice.stand_entropy import own_view

    me = 1
    doc = _state((2, 3, 3, 5, 6)).to_json()
    doc["players"][0], doc["players"][1] = doc["players"][1], doc["players"][0]
    doc["me"] = me
    state = GameState.from_json(doc)
    away = Fact("has", me, None, 4, wires=((me, 0, 1), (0, 0, 2)))
    mine = Fact("has_not", me, None, 4, wires=((me, 0, 2), (me, 0, 3)))
    view = own_view(replace(state, facts=(away, mine)))
    assert view.facts == (Fact("has_not", 0, None, 4, wires=((0, 0, 2), (0, 0, 3))),)
    with_facts = rank_indications(replace(state, facts=(away, mine)), ("value",))["value"]
    alone = rank_indications(replace(state, facts=(mine,)), ("value",))["value"]
    assert [(e["slot"], e["gain_bits"]) for e in with_facts] == [(e["slot"], e["gain_bits"]) for e in alone]


def test_no_swap_where_the_tokens_count_a_value_on_its_stand() -> None:
    """24 and 40: an x-token a failure puts after a swap counts the stand as it is, which the engine reads on
    the stand as dealt, so the arena leaves Walkie-Talkies and the Grappling Hook there (a Walkie-Talkies swap
    followed by a failure's x-token on the changed stand made a playout's view impossible, mission 40)."""
    for card in ("2", "11.11"):
        assert _CHOICE[card](_state((2, 3, 3, 5, 6), tokens="multiplicity")) is None
        assert _CHOICE[card](_state((2, 3, 3, 5, 6))) is not None
