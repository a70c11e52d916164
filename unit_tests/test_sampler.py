"""The world sampler against the exact laws (fixed seeds, so every run draws the same worlds).

Small tables: the oracle's law of the whole deal (every slot of every stand,
as the table is now, moved wires included) is compared with the frequencies
of sampled worlds — every world drawn must be one the oracle allows, and a
chi-square over the worlds, and over each stand's contents, must stay within
its bounds.  Large tables: each slot's frequencies against ``analyze``.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import gen
import gen_moved
import oracle
import pytest
from bombbusters.protocol.bridge import handle
from bombbusters.protocol.cli import main
from bombbusters.questions.sampler import sample_worlds
from bombbusters.table.state import GameState
from bombbusters.table.wires import label

ROOT = Path(__file__).resolve().parents[1]
N = 4000


def _chi2_ok(counts: Counter, probs: dict, n: int) -> tuple[bool, str]:
    """Pearson's chi-square with cells of expected count < 5 pooled; bound df + 5 sqrt(2 df) + 5.

    Why this bound: the statistic has mean df and sd sqrt(2 df); with a fixed seed the test is
    deterministic, and a sampler that weighs moves wrongly exceeds it by far (see the mutation
    note in the module's test below).
    """
    big = {k: p for k, p in probs.items() if p * n >= 5}
    small = sum(p for k, p in probs.items() if k not in big)
    stat, cells = 0.0, 0
    for k, p in big.items():
        stat += (counts.get(k, 0) - n * p) ** 2 / (n * p)
        cells += 1
    rest = sum(c for k, c in counts.items() if k not in big)
    if small * n >= 1:
        stat += (rest - n * small) ** 2 / (n * small)
        cells += 1
    df = max(cells - 1, 1)
    bound = df + 5 * math.sqrt(2 * df) + 5
    return stat <= bound, f"chi2 {stat:.1f} > {bound:.1f} (df {df})"


def _world_key(state: GameState, world) -> tuple:
    return tuple(
        lab for p, s in state.stand_keys() for lab in world[p][s]
    )


def _oracle_laws(state: GameState):
    """(law of the whole deal, law of each stand's contents) from the brute-force oracle."""
    res = oracle.solve(state)
    z = sum(w for _, w in res.configs)
    whole: dict = {}
    stands: dict = {}
    for cfg, w in res.configs:
        key = tuple(label(cfg[(p, s, j)]) for p, s in state.stand_keys() for j in range(len(state.stand(p, s))))
        whole[key] = whole.get(key, 0) + w / z
        for p, s in state.stand_keys():
            sk = tuple(label(t) for t in cfg.stand(p, s))
            stands.setdefault((p, s), {})
            stands[(p, s)][sk] = stands[(p, s)].get(sk, 0) + w / z
    return whole, stands


def _check(doc: dict, seed: int) -> None:
    state = GameState.from_json(doc)
    whole, stands = _oracle_laws(state)
    worlds = sample_worlds(state, N, seed)
    keys = Counter(_world_key(state, w) for w in worlds)
    impossible = [k for k in keys if k not in whole]
    assert not impossible, ("a world the oracle rules out", impossible[0], doc)
    ok, why = _chi2_ok(keys, {k: float(v) for k, v in whole.items()}, N)
    assert ok, (why, doc)
    for (p, s), law in stands.items():
        got = Counter(tuple(w[p][s]) for w in worlds)
        ok, why = _chi2_ok(got, {k: float(v) for k, v in law.items()}, N)
        assert ok, ("stand", p, s, why, doc)


@pytest.mark.parametrize("seed", range(60))
def test_worlds_follow_the_exact_law(seed: int) -> None:
    doc = gen.random_state(random.Random(1000 + seed))
    _check(doc, seed)


@pytest.mark.parametrize("seed", range(30))
def test_worlds_with_moved_wires_follow_the_exact_law(seed: int) -> None:
    doc = gen_moved.random_moved_game(random.Random(2000 + seed))
    _check(doc, seed)


def test_one_hidden_stand_and_nothing_else() -> None:
    """A table where the DP has one stand and no counter (a grid of one state): worlds still follow the law."""
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3"]}, {"name": "Bob", "stands": ["? ? ?"]},
                       {"name": "Cyd", "stands": ["i1 i2 i3"]}, {"name": "Dee", "stands": ["i1 i2 i3"]}],
           "me": 0, "wires": {"blue": [1, 3]}, "facts": []}
    _check(doc, 1)


def _bench(name: str) -> dict:
    states = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())["states"]
    return next(s["state"] for s in states if s["name"] == name)


def _hard(i: int) -> dict:
    import sys

    sys.path.insert(0, str(ROOT / "build_scripts"))
    from hard_states import hard_state

    return hard_state(i)


@pytest.mark.parametrize("name", ["5p-blue-first-turn", "5p-midgame-yellow-red-of", "5p-public-view", "hard 14", "hard 24"])
def test_slot_frequencies_match_analyze(name: str) -> None:
    """Tables too big for the oracle (the hard ones: Labels, x-tokens, X wires, yellow and red)."""
    from bombbusters.questions.analysis import solve_state

    state = GameState.from_json(_hard(int(name[5:])) if name.startswith("hard") else _bench(name))
    an = solve_state(state)
    n = 20000
    worlds = sample_worlds(state, n, 11)
    for p, s in state.stand_keys():
        for j, slot in enumerate(state.stand(p, s)):
            got = Counter(w[p][s][j] for w in worlds)
            if p == state.me or slot.wire is not None:
                assert len(got) == 1, (p, s, j, got)  # known slots are what the table shows
                continue
            law = {label(t): v for t, v in an.slot_probs(p, s, j).items()}
            assert set(got) <= set(law), (p, s, j, set(got) - set(law))
            for lab, q in law.items():
                sd = math.sqrt(q * (1 - q) / n) + 1 / n
                assert abs(got.get(lab, 0) / n - q) <= 5.5 * sd, (p, s, j, lab, got.get(lab, 0) / n, q)


def test_same_seed_same_worlds_and_the_stands_as_they_are() -> None:
    doc = _bench("5p-midgame-cuts-info")
    state = GameState.from_json(doc)
    a = sample_worlds(state, 50, 3)
    assert a == sample_worlds(state, 50, 3)
    assert a != sample_worlds(state, 50, 4)
    for w in a:
        assert [len(st) for pl in w for st in pl] == [len(state.stand(p, s)) for p, s in state.stand_keys()]
        for p, s in state.stand_keys():
            for j, slot in enumerate(state.stand(p, s)):
                if slot.wire is not None:
                    assert w[p][s][j] == label(slot.wire)


def test_bridge_and_cli(tmp_path, capsys) -> None:
    doc = _bench("4p-blue-48")
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "sample", "payload": {"state": doc, "n": 5, "seed": 9}})))
    assert reply["ok"], reply
    assert reply["result"]["worlds"] == sample_worlds(GameState.from_json(doc), 5, 9)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    assert main(["sample", str(path), "--n", "5", "--seed", "9"]) == 0
    assert json.loads(capsys.readouterr().out) == reply["result"]
    for bad, word in [({"state": doc, "n": -1}, "'n'"), ({"state": doc, "n": 5, "seed": "x"}, "'seed'"),
                      ({"n": 5}, "state")]:
        reply = json.loads(handle(json.dumps({"v": 1, "id": 2, "type": "sample", "payload": bad})))
        assert not reply["ok"] and reply["error"]["name"] != "InternalError", reply
        assert word in reply["error"]["message"], reply
