"""The special action in *My best cuts* (``advice/special_action.py``): the wires pointed at and the joint
chance, checked against the brute-force oracle over every deal of small tables; when the action is offered."""

from __future__ import annotations

from fractions import Fraction

import pytest

import oracle
from bombbusters.advice.moves import moves_json
from bombbusters.table.state import GameState
from bombbusters.table.wires import RED, YELLOW, colour_of


def _doc(mine: str, kind: str, wires: dict, others=("? ? ?", "? ? ?", "? ? ?"), **extra) -> dict:
    doc = {"players": [{"name": "Ann", "stands": [mine]}] + [{"name": n, "stands": [s]} for n, s in zip(("Bob", "Cat", "Dan"), others)],
           "me": 0, "captain": 0, "wires": wires, "facts": [], "rules": {"special_action": {"kind": kind, **extra}}}
    return doc


def _truth(doc: dict, spots: list, test) -> tuple[Fraction, Fraction]:
    """(P(every spot passes test), P(a red one among them)) over every deal the table allows."""
    res = oracle.solve(GameState.from_json(doc))
    total = sum(w for _c, w in res.configs)
    ok = sum(w for c, w in res.configs if all(test(c[tuple(k)]) for k in spots))
    red = sum(w for c, w in res.configs if any(colour_of(c[tuple(k)]) == RED for k in spots))
    return ok / total, red / total


@pytest.mark.parametrize("kind, mine, wires", [
    ("lethal", "?1 ?Y1 ?2", {"blue": [1, 2], "yellow": [1, 2, 3]}),
    ("tripwire", "?1 ?Y1 ?2", {"blue": [1, 2], "yellow": [1, 2, 3]}),
    ("reds", "?1 ?2 ?R2", {"blue": [1, 2], "red": [1, 2, 3]}),
])
def test_the_chance_is_the_joint_law_of_the_wires_pointed_at(kind, mine, wires) -> None:
    doc = _doc(mine, kind, wires, others=("? ? ?", "? ? ?", "? ?"))
    sp = moves_json(doc)["special"]
    yellow = kind in ("lethal", "tripwire")
    test = (lambda t: colour_of(t) == YELLOW) if yellow else (lambda t: colour_of(t) == RED)
    assert len(sp["spots"]) == (1 if kind == "tripwire" else 2)
    assert sp["own"] == ([] if kind == "tripwire" else [[0, 0, 1] if yellow else [0, 0, 2]])
    ok, red = _truth(doc, sp["spots"], test)
    assert sp["p_success"] == pytest.approx(float(ok), abs=1e-9)
    # a product of slot chances is not the joint law: two spots of one stand pull apart
    if kind != "tripwire":
        slot = [sum(pr for t, pr in oracle.solve(GameState.from_json(doc)).distributions[tuple(k)].items() if test(t))
                for k in sp["spots"]]
        assert abs(float(slot[0] * slot[1]) - sp["p_success"]) > 1e-6
    if yellow:
        assert sp["p_red"] == 0.0 and sp["p_advance"] == pytest.approx(1 - float(ok))
    else:  # 13: a wrong wire explodes the bomb
        assert sp["p_explode"] == pytest.approx(1 - float(ok)) and sp["p_advance"] == 0.0


def test_when_the_action_is_offered() -> None:
    wires = {"blue": [1, 2], "yellow": [1, 2, 3]}
    others = ("? ? ?", "? ? ?", "? ?")
    # 48 with 2-3 players: only a player holding a yellow wire acts
    assert moves_json(_doc("?1 ?2 ?2", "lethal", wires, others, holder_only=True))["special"] is None
    assert moves_json(_doc("?1 ?Y1 ?2", "lethal", wires, others, holder_only=True))["special"] is not None
    # 46: only a player whose wires, red aside, are all 7s — and then they must
    seven = {"blue": [6, 8]}
    assert moves_json(_doc("?6 ?7 ?8", "sevens", seven))["special"] is None
    sp = moves_json(_doc("?7 ?7 ?7", "sevens", seven))["special"]
    assert sp["must"] and sp["best"] and sp["own"] == [[0, 0, 0], [0, 0, 1], [0, 0, 2]] and len(sp["spots"]) == 1
    # 39: the noble value's four wires, mine and the likeliest of the teammates'
    sp = moves_json(_doc("?1 ?2 ?2", "noble", {"blue": [1, 3]}, value=2))["special"]
    assert sp["own"] == [[0, 0, 1], [0, 0, 2]] and len(sp["spots"]) == 2 and not sp["must"]
    # a sure action: a tripwire seen yellow (a yellow token)
    sp = moves_json(_doc("?1 ?Y1 ?2", "tripwire", wires, ("? iY ?", "? ? ?", "? ?")))["special"]
    assert sp["spots"] == [[1, 0, 1]] and sp["guaranteed"] and sp["best"]
    # no special action without the rule; a bad rule is named
    assert moves_json({**_doc("?1 ?Y1 ?2", "lethal", wires, others), "rules": {}})["special"] is None
    with pytest.raises(ValueError, match="special_action"):
        moves_json(_doc("?1 ?Y1 ?2", "dragons", wires, others))


def test_the_wires_pointed_at_are_picked_for_their_joint_chance() -> None:
    """13's reds, one on each teammate's stand: read slot by slot, the likeliest red slot of two stands may be one
    place that cannot hold a red on both at once (here the joint chance of that pick is 0); picked one by one for
    the joint chance, the action points where the reds can be, as well as any pair of slots would."""
    import itertools

    doc = _doc("?1 ?2 ?R2", "reds", {"blue": [1, 2], "red": [1, 2, 3]}, others=("? ? ?", "? ? ?", "? ?"))
    sp = moves_json(doc)["special"]
    test = lambda t: colour_of(t) == RED  # noqa: E731
    res = oracle.solve(GameState.from_json(doc))
    total = sum(w for _c, w in res.configs)
    spots = [(p, 0, j) for p, n in ((1, 3), (2, 3), (3, 2)) for j in range(n)]
    best = max(sum(w for c, w in res.configs if all(test(c[k]) for k in pair)) / total for pair in itertools.combinations(spots, 2))
    assert sp["p_success"] == pytest.approx(float(best), abs=1e-9) and sp["p_success"] > 0


def test_13_a_hand_of_reds_alone_is_not_revealed_the_special_action_cuts_them():
    """13: "If a bomb disposal expert has only red wires in their hand, they must perform this special action, and
    cannot take a Reveal Red Wires action" — no reveal_red among my moves (the walkthrough: it was ranked best)."""
    from bombbusters.advice.moves import moves_json
    doc = {
        "players": [{"name": "Ann", "stands": ["1 ?R3"]}, {"name": "Bob", "stands": ["1 ?"]},
                    {"name": "Cat", "stands": ["1 ?"]}, {"name": "Dan", "stands": ["1"]}],
        "me": 0, "captain": 0, "wires": {"blue": [1, 1], "red": [3, 7, 11]}, "facts": [],
    }
    assert any(m["kind"] == "reveal_red" for m in moves_json(doc)["moves"])
    doc["rules"] = {"special_action": {"kind": "reds"}}
    assert not any(m["kind"] == "reveal_red" for m in moves_json(doc)["moves"])
