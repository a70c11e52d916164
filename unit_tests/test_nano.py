"""Nano's wires (mission 43): the engine against the oracle over physical deals.

Nano is dealt a few wires face down before the players' deal; a player takes
one of them at random and files it in order (``{"kind": "nano"}`` moves).  The
oracle deals Nano's pile as a stand, picks the wire taken at random and lets
the taker file it at any place that keeps the order alike; the engine counts a
taken wire as dealt to its stand (``transfers.py``).  They must agree.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import gen_moved
import oracle
import pytest
from bombbusters.questions.report import analyze
from bombbusters.table.errors import InconsistentStateError, RuleError, StateError
from bombbusters.table.state import GameState
from bombbusters.table.wires import label
from test_solver_vs_oracle import TOL


def _pile_law(state: GameState, res: oracle.OracleResult) -> dict[str, float]:
    """The law of the next wire taken from Nano: each wire left in the pile alike."""
    acc: Counter = Counter()
    z = Fraction(0)
    pools = {kept: pool for pool, kept in oracle.in_play_choices(state)}
    for cfg, w in res.configs:
        pile = Counter(pools[cfg.kept])
        pile.subtract(Counter(cfg.types.values()))
        left = sum(pile.values())
        for t, k in pile.items():
            if k:
                acc[t] += w * Fraction(k, left)
        z += w
    return {label(t): float(v / z) for t, v in acc.items() if v}


def test_nano_games_match_the_oracle():
    """Slot laws and Nano's pile on generated games with wires taken from Nano (and other moves)."""
    checked = takes = 0
    for seed in range(700):
        rng = random.Random(4300 + seed)
        doc = gen_moved.random_moved_game(rng, nano=rng.randint(1, 2), max_configs=400, n_moves=rng.choice([1, 2, 3]))
        try:
            state = GameState.from_json(doc)
            out = analyze(doc)
        except StateError as exc:  # a count of the wires dealt to a stand that took one: named, not guessed
            assert "Nano" in str(exc), exc
            continue
        except InconsistentStateError:
            with pytest.raises(oracle.OracleInconsistent):
                oracle.solve(state)
            continue
        res = oracle.solve(state)
        for e in out["slots"]:
            key = (e["player"], e["stand"], e["slot"])
            exact = {label(t): float(v) for t, v in res.distributions[key].items() if v}
            assert set(e["probs"]) == set(exact), (key, e["probs"], exact, doc)
            for lab, v in exact.items():
                assert math.isclose(e["probs"][lab], v, abs_tol=TOL), (key, lab, e["probs"][lab], v, doc)
        if "nano" in doc:
            left = doc["nano"] - sum(m["kind"] == "nano" for m in doc["moves"])
            assert out["nano"]["left"] == left
            if left:
                want = _pile_law(state, res)
                assert set(out["nano"]["probs"]) == set(want), (out["nano"], want, doc)
                for lab, v in want.items():
                    assert math.isclose(out["nano"]["probs"][lab], v, abs_tol=TOL), (lab, out["nano"], want, doc)
        checked += 1
        takes += sum(m["kind"] == "nano" for m in doc["moves"])
    assert checked > 600 and takes > 100, (checked, takes)


BASE = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?4 ?5 ?6 ?7 ?8 ?9 ?10"]}, {"name": "Bob", "stands": ["? " * 10]},
                    {"name": "Cyd", "stands": ["? " * 11]}, {"name": "Dee", "stands": ["? " * 10]}],
        "me": 0, "wires": {"blue": [1, 12]}, "nano": 8, "moves": [{"kind": "nano", "wires": [{"to": [2, 0, 3]}]}]}


def test_a_take_is_a_wire_dealt_to_its_stand():
    """40 wires dealt to 4 stands and 8 to Nano; Cyd took one: 11 wires, and 7 left with Nano, a wire of
    which is as likely as any wire I do not hold."""
    out = analyze(BASE)
    assert out["nano"]["left"] == 7
    assert math.isclose(sum(out["nano"]["probs"].values()), 1.0, abs_tol=TOL)
    assert math.isclose(out["nano"]["probs"]["12"], 4 / 38, abs_tol=TOL)  # 38 wires I cannot see, four 12s
    assert "nano" not in analyze({k: v for k, v in BASE.items() if k not in ("nano", "moves")} | {
        "players": BASE["players"][:2] + [{"name": "Cyd", "stands": ["? " * 10]}] + BASE["players"][3:],
        "wires": {"blue": [1, 10]}})


@pytest.mark.parametrize("change, message", [
    ({"nano": 0}, "taken from Nano, who was dealt 0"),
    ({"moves": []}, "(8 were dealt to Nano)"),
    ({"moves": [{"kind": "grappling_hook", "wires": [{"from": [1, 0, 0], "to": [2, 0, 0]}]},
                {"kind": "nano", "wires": [{"to": [2, 0, 3]}]}],
      "players": BASE["players"][:1] + [{"name": "Bob", "stands": ["? " * 9]}, {"name": "Cyd", "stands": ["? " * 12]},
                                         BASE["players"][3]]},
     "after a wire left or entered that stand"),
    ({"moves": [{"kind": "nano", "wires": [{"from": [1, 0, 0], "to": [2, 0, 3]}]}]}, "must be {'to': [...]}"),
    ({"nano": True}, "'nano' must be the number of wires dealt to Nano"),
    ({"facts": [{"kind": "red_count", "player": 2, "stand": 0, "count": 0}], "wires": {"blue": [1, 12], "red": [3]},
      "players": BASE["players"][:2] + [{"name": "Cyd", "stands": ["? " * 12]}, BASE["players"][3]]},
     "that stand took a wire from Nano since"),
])
def test_what_is_refused_is_named(change, message):
    with pytest.raises((StateError, RuleError)) as exc:
        analyze(BASE | change)
    assert message in str(exc.value), str(exc.value)


def test_the_taker_sees_the_wire():
    """I took a 12 from Nano: the others' wires are one 12 short, and Nano's pile too."""
    doc = BASE | {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?4 ?5 ?6 ?7 ?8 ?9 ?10 ?12"]}] + BASE["players"][1:2]
                  + [{"name": "Cyd", "stands": ["? " * 10]}, BASE["players"][3]],
                  "moves": [{"kind": "nano", "wires": [{"to": [0, 0, 10]}]}]}
    out = analyze(doc)
    assert math.isclose(out["nano"]["probs"]["12"], 3 / 37, abs_tol=TOL)


def test_playouts_say_they_do_not_cover_nano():
    from bombbusters.arena.win import win_json

    with pytest.raises(RuleError, match="Nano"):
        win_json(BASE, 1, 0)
