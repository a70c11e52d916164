"""The exact engine against the brute-force oracle on thousands of random tiny games.

Every uncut slot of every stand the observer does not hold must get the
oracle's distribution to 1e-9 (same support: impossible values absent,
certain values exactly 1.0), and ``log10_deals`` must be log10 of the
oracle's deal count.  Inconsistent states must raise, never give NaN.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import gen
import gen_inconsistent
import oracle
import pytest
from bombbusters.table.errors import InconsistentStateError, RuleError
from bombbusters.table.notation import CUT
from bombbusters.table.state import GameState
from bombbusters.table.wires import label, value_of
from hypothesis import HealthCheck, given, settings

TOL = 1e-9
PROPERTY = dict(derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def analyze(doc):
    from bombbusters.questions.report import (
        analyze as engine,  # imported here: a missing engine fails tests, not collection
    )

    return engine(doc)


def check_against_oracle(doc: dict) -> dict:
    state = GameState.from_json(doc)
    want = oracle.solve(state)
    out = analyze(doc)
    json.dumps(out, allow_nan=False)  # JSON-able, no NaN / inf

    expected = math.log10(want.total_weight)
    assert math.isfinite(out["log10_deals"])
    assert abs(out["log10_deals"] - expected) <= TOL, (out["log10_deals"], expected, doc)

    got = {}
    for entry in out["slots"]:
        key = (entry["player"], entry["stand"], entry["slot"])
        assert key not in got, ("slot reported twice", key)
        got[key] = entry["probs"]
    uncut = {k for k in want.distributions if state.stand(k[0], k[1])[k[2]].state != CUT}
    assert set(got) == uncut, ("slots reported", sorted(set(got) ^ uncut), doc)

    for key, probs in got.items():
        exact = {label(t): v for t, v in want.distributions[key].items() if v}
        assert set(probs) == set(exact), (key, probs, exact, doc)
        for lab, v in probs.items():
            assert isinstance(v, float) and math.isfinite(v) and v > 0, (key, lab, v)
            assert abs(v - float(exact[lab])) <= TOL, (key, lab, v, exact[lab], doc)
            if exact[lab] == 1:
                assert v == 1.0, (key, lab, v, doc)
        assert abs(sum(probs.values()) - 1.0) <= TOL, (key, probs)
    return out


# --------------------------------------------------------------------------
# property tests: per player count, and with each kind of information forced on


@settings(max_examples=300, **PROPERTY)
@given(gen.states(n_players=2))
def test_two_players(doc):
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen.states(n_players=3))
def test_three_players(doc):
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen.states(n_players=4))
def test_four_players(doc):
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen.states(n_players=5))
def test_five_players(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen.states(groups=True))
def test_a_of_b_draws(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen.states(x_slots=True))
def test_x_slots(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen.states(facts=True))
def test_facts(doc):
    check_against_oracle(doc)


@settings(max_examples=400, **PROPERTY)
@given(gen.states(facts=True, fact_kinds=("same", "different"), max_facts=4))
def test_many_labels(doc):
    """Up to four Labels on a table (with x-tokens, X slots, yellow and red as drawn): no refusal, exact."""
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen.states(x_slots=True, facts=True, fact_kinds=("same", "different"), max_facts=3))
def test_labels_beside_x_wires(doc):
    """Labels next to an X wire, x-tokens on X stands (the count spans the X wire): exact, never refused."""
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen.states(facts=True, fact_kinds=("not_count", "not_count", "not_value", "same"), max_facts=4))
def test_not_count_facts(doc):
    """What an advised x-token's place tells ("no blue wire of count m on these slots"), beside x-tokens, X slots,
    yellow and red as drawn: exact."""
    check_against_oracle(doc)


@settings(max_examples=150, **PROPERTY)
@given(gen.states(me="none", groups=True, x_slots=True, facts=True))
def test_spectator_with_everything(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen.states(max_configs=30_000))
def test_larger_tables(doc):
    check_against_oracle(doc)


def test_public_view_of_a_game():
    """The table as a spectator sees it (nobody's hidden wires) solves like the oracle."""
    rng = random.Random(2024)
    for _ in range(100):
        g = gen.random_game(rng, me="player")
        public = GameState.from_json(g.doc).public().to_json()
        check_against_oracle(public)


# --------------------------------------------------------------------------
# hand-made states with known answers


def test_design_note_trap_on_a_real_setup():
    doc = {
        "players": [{"name": "Ann", "stands": ["1 ?", "? ?"]}, {"name": "Bob", "stands": ["? ?", "? ?"]}],
        "me": None,
        "wires": {"blue": [1, 2]},
    }
    out = check_against_oracle(doc)
    ann_b = next(e for e in out["slots"] if (e["player"], e["stand"], e["slot"]) == (0, 0, 1))
    assert abs(ann_b["probs"]["1"] - 3 / 11) <= TOL  # not 3/7
    assert abs(out["log10_deals"] - math.log10(1980)) <= TOL


def test_certain_and_impossible_slots():
    doc = {
        "players": [{"name": "Ann", "stands": ["?1 ?1", "?2 ?2"]},
                    {"name": "Bob", "stands": ["? ?", "? ?"]}],
        "me": 0,
        "wires": {"blue": [1, 2]},
        "facts": [{"kind": "has_not", "player": 1, "stand": 0, "value": 1}],
    }
    out = check_against_oracle(doc)
    probs = {(e["player"], e["stand"], e["slot"]): e["probs"] for e in out["slots"]}
    assert probs[(1, 0, 0)] == {"2": 1.0}
    assert probs[(1, 1, 1)] == {"1": 1.0}


def _doc(stands, wires, me=None, facts=()):
    return {
        "players": [{"name": n, "stands": s} for n, s in zip(gen.NAMES, stands)],
        "me": me,
        "captain": 0,
        "wires": wires,
        "facts": list(facts),
    }


EDGE_CASES = {
    "keep all of the draw": _doc([["? ?", "? ?"], ["? ?", "? ?"]],
                                 {"blue": [1, 1], "red": {"of": [1, 3], "keep": 2}, "yellow": [2, 3]}),
    "keep none of the draw": _doc([["? ?", "? ?"], ["? ?", "? ?"]],
                                  {"blue": [1, 1], "red": {"of": [1, 3], "keep": 0},
                                   "yellow": {"of": [1, 2, 3, 4], "keep": 4}}),
    "has_not a value not in play": _doc([["? ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]},
                                        facts=[{"kind": "has_not", "player": 0, "value": 7},
                                               {"kind": "has_not", "player": 1, "value": "RED"}]),
    "red_count 0": _doc([["? ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]},
                        facts=[{"kind": "red_count", "player": 0, "stand": 1, "count": 0}]),
    "one yellow each (missions 41, 48)": _doc([["? ? ?", "? ?"], ["? ? ?", "? ?"]], {"blue": [1, 2], "yellow": [1, 2]},
                                              facts=[{"kind": "yellow_count", "player": 0, "count": 1},
                                                     {"kind": "yellow_count", "player": 1, "stand": 0, "count": 1}]),
    "an x4 token (mission 40)": _doc([["? 4x ? ? ?"], ["? ? ? ? ?"], ["? ? ? ? ?"], ["? ? ? ? ?"]], {"blue": [1, 5]}),
    "X on a one-slot stand": _doc([["X ?"], ["X"], ["?"], ["?"]], {"blue": [1, 1], "red": [1]}),
    "X in the middle": _doc([["? X ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2], "yellow": [1]}),
    "two X on a stand": _doc([["X X", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]}),
    "every slot X": _doc([["X X", "X X"], ["X X", "X X"]], {"blue": [1, 2]}),
    "facts about the observer": _doc([["?1 ?1", "?2 ?2"], ["? ?", "? ?"]], {"blue": [1, 2]}, me=0,
                                     facts=[{"kind": "has", "player": 0, "value": 2},
                                            {"kind": "same", "player": 0, "stand": 0, "slots": [0, 1]}]),
    "false token naming a value not in play": _doc([["!9 ? ?", "? ?"], ["? ?", "? ?"]],
                                                   {"blue": [1, 2], "red": [1]}),
    "x3 on a yellow info token": _doc([["3x iY ?", "? ?"], ["? ?", "? ?"]],
                                      {"blue": [1, 1], "yellow": [1, 2, 3, 4], "red": [1]}),
    "info token on an X wire": _doc([["? Xi2", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]}),
    "reds on both players, different": _doc([["? ?", "? ?"], ["? ?", "? ?"]],
                                            {"blue": [1, 1], "red": [1, 2], "yellow": [3, 4]},
                                            facts=[{"kind": "has", "player": 0, "value": "RED"},
                                                   {"kind": "has", "player": 1, "value": "red"},
                                                   {"kind": "different", "player": 0, "stand": 0, "slots": [0, 1]}]),
    "blue 12 and yellow/red 11 at the top": _doc([["? ?", "? ?"], ["?", "?"]],
                                                 {"blue": [12, 12], "yellow": [11], "red": [11]}),
    "one-value game, everything cut but one": _doc([["1 1", "1"], ["?"], ["?"]], {"blue": [1, 1], "yellow": [1]}),
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_edge_cases(name):
    check_against_oracle(EDGE_CASES[name])


# --------------------------------------------------------------------------
# holdings (P(any), expected count, law of the count of uncut wires of a value on a stand)


@settings(max_examples=150, **PROPERTY)
@given(gen.states())
def test_holdings(doc):
    check_holdings(doc)


def check_holdings(doc: dict) -> None:
    """Every holding of the ``analyze`` reply against the oracle's configurations."""
    state = GameState.from_json(doc)
    res = oracle.solve(state)
    out = analyze(doc)
    seen = set()
    for h in out.get("holdings", []):
        p, s, v = h["player"], h["stand"], h["value"]
        seen.add((p, s, v))
        uncut = [j for j, sl in enumerate(state.stand(p, s)) if sl.state != CUT]
        law: dict[int, Fraction] = {}
        for cfg, w in res.configs:
            n = sum(value_of(cfg[(p, s, j)]) == v for j in uncut)
            law[n] = law.get(n, Fraction(0)) + w
        z = sum(law.values())
        p_any = 1 - law.get(0, Fraction(0)) / z
        mean = sum(n * w for n, w in law.items()) / z
        assert abs(h["p_any"] - float(p_any)) <= TOL, (h, float(p_any), doc)
        assert abs(h["expected"] - float(mean)) <= TOL, (h, float(mean), doc)
        if h.get("law") is not None:
            exact = [float(law.get(n, 0) / z) for n in range(max(law) + 1)]
            assert len(h["law"]) == len(exact), (h, exact, doc)
            assert all(abs(a - b) <= TOL for a, b in zip(h["law"], exact)), (h, exact, doc)
    values = {value_of(t) for t in state.wires.copies()}
    want = {(p, s, v) for p, s in state.stand_keys() if p != state.me for v in values}
    assert seen == want


# --------------------------------------------------------------------------
# inconsistent states


@pytest.mark.parametrize("name,doc", gen_inconsistent.inconsistent_states(), ids=[n for n, _ in gen_inconsistent.inconsistent_states()])
def test_inconsistent_hand_made(name, doc):
    with pytest.raises((InconsistentStateError, RuleError)) as exc:
        analyze(doc)
    assert isinstance(exc.value, ValueError)
    assert str(exc.value)


def test_has_a_value_not_in_play_is_inconsistent():
    doc = _doc([["? ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]}, facts=[{"kind": "has", "player": 0, "value": 7}])
    with pytest.raises(oracle.OracleInconsistent):
        oracle.solve(doc)
    with pytest.raises(InconsistentStateError):
        analyze(doc)


def test_inconsistent_random():
    for seed in range(300):
        name, doc = gen_inconsistent.random_inconsistent_state(random.Random(seed))
        try:
            GameState.from_json(doc)
            oracle.solve(doc)
        except (RuleError, oracle.OracleInconsistent):
            pass
        else:  # pragma: no cover - the generator's contradictions are certain
            pytest.fail(f"seed {seed}: {name} is consistent: {doc}")
        with pytest.raises((InconsistentStateError, RuleError)):
            analyze(doc)


def test_holdings_on_stands_with_x_wires():
    """The law of uncut copies on a run and its X slots, kept by the backward pass, against the oracle."""
    rng = random.Random(4242)
    laws = 0
    for _ in range(150):
        doc = gen.random_state(rng, x_slots=True)
        check_holdings(doc)
        out = analyze(doc)
        state = GameState.from_json(doc)
        laws += sum(1 for h in out["holdings"] if h["law"] is not None and any(
            sl.unsorted for sl in state.stand(h["player"], h["stand"])))
    assert laws > 50
