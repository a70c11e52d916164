"""Comparing my best moves by playing the game out (``arena/search.py``, the ``search`` request): each
candidate's share of games won agrees with the exact value of "that move, then the team policy" over every
deal the oracle allows; the draws are paired; the bridge checks its options and whose turn it is."""

from __future__ import annotations

import json
import math
import random

import gen
import oracle
from bombbusters.arena.game import play_on
from bombbusters.arena import advice
from bombbusters.arena.referee import Decision
from bombbusters.arena.search import candidates, compare_moves
from bombbusters.arena.win import Equipment, playout_referee, playout_start
from bombbusters.protocol.bridge import handle
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.state import GameState


def _exact(state: GameState, move: dict) -> float:
    """The move made by hand on every deal the oracle allows, then the team policy from the next player,
    weighed (apart from the search's own wrapper)."""
    table, first, mistakes = playout_start(state)
    res = oracle.solve(state)
    z = sum(w for _, w in res.configs)
    won = 0
    for cfg, w in res.configs:
        ref = playout_referee(table, dict(cfg.types), mistakes, Equipment(None, len(state.players)))
        ref.play(first, Decision(move, read=False))  # a move tried, as the search tries it
        if ref.outcome is None:
            won += w * play_on(ref, advice.decide, (first + 1) % len(state.players), check_truth=False).won
    return float(won / z)


def _tables(count: int, hard: bool = False):
    """Tiny tables where I have two moves to compare (``hard``: and where they do not both win surely)."""
    rng = random.Random(4400)
    while count:
        doc = gen.random_state(rng, me="player", max_configs=300, facts=rng.random() < 0.5)
        state = GameState.from_json(doc)
        moves = candidates(state, 2)
        if len(moves) == 2 and not (hard and all(_exact(state, m) == 1.0 for m in moves)):
            count -= 1
            yield state


def test_each_move_s_share_agrees_with_its_exact_value() -> None:
    n = 200
    apart = 0
    for state in _tables(4, hard=True):
        got = compare_moves(state, n, seed=3, top=2)
        assert len(got["moves"]) == 2 and all(len(w) == n for w in got["won"])
        exact = [_exact(state, m) for m in candidates(state, 2)]
        for e, won in zip(exact, got["won"]):
            se = math.sqrt(max(e * (1 - e), 1e-12) / n)
            assert abs(sum(won) / n - e) <= 4 * se + 1e-9, (sum(won) / n, e, state.to_json())
        apart += abs(exact[0] - exact[1]) > 4 * math.sqrt(0.25 / n)
    assert apart >= 1, "on some table the two moves differ: the test can tell which move was played first"


def test_the_draws_are_paired_and_seeded(monkeypatch) -> None:
    """The same move compared twice is played on the same worlds with the same hidden draws: identical rows;
    the same seed gives the same reply."""
    import bombbusters.arena.search as search

    state = next(_tables(1))
    (m,) = candidates(state, 1)
    got = compare_moves(state, 30, seed=1, top=1)
    assert got == compare_moves(state, 30, seed=1, top=1)
    monkeypatch.setattr(search, "candidates", lambda s, top=3: [m, m])
    pair = compare_moves(state, 30, seed=1, top=2)
    assert pair["won"][0] == pair["won"][1] == got["won"][0]


def test_the_bridge_asks_on_my_turn_with_checked_options() -> None:
    state = next(_tables(1))
    doc = state.to_json()
    ask = lambda payload: json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "search", "payload": payload})))
    reply = ask({"state": doc, "n": 2, "seed": 4, "top": 2})
    assert reply["ok"], reply
    assert set(reply["result"]) == {"moves", "won", "n", "seed"} and reply["result"]["n"] == 2
    assert all(set(m) <= {"kind", "player", "stand", "slots", "value", "values", "mine"} for m in reply["result"]["moves"])
    short = ask({"state": doc, "n": 2, "seed": 4, "top": 2, "depth": 1})["result"]
    assert short["moves"] == reply["result"]["moves"] and all(0 <= w <= 1 for ws in short["won"] for w in ws)
    bad = ask({"state": doc, "n": 10**6})
    assert not bad["ok"] and "'n'" in bad["error"]["message"]
    other = (doc["me"] + 1) % len(doc["players"])
    bad = ask({"state": dict(doc, turn=other), "n": 1})
    assert not bad["ok"] and "it must be their turn" in bad["error"]["message"], bad


def test_a_truncated_playout_stops_after_its_depth_and_scores_the_table(monkeypatch) -> None:
    """With a depth, my move and then exactly ``depth`` decisions of the team policy are played, and the
    table reached is scored by the leaf value (unless the game ended sooner: then its outcome); a depth
    past the game's end is the whole playout."""
    import bombbusters.arena.search as search

    calls: list[int] = []
    real = advice.decide

    def counted(view, an):
        calls.append(1)
        return real(view, an)

    leaves: list[int] = []
    monkeypatch.setattr(advice, "decide", counted)
    monkeypatch.setattr(search, "leaf_value", lambda ref: leaves.append(len(calls)) or 0.375)
    stopped = ended = 0
    for state in _tables(6):
        table, first, mistakes = playout_start(state)
        (m,) = candidates(state, 1)
        world = next(iter(sample_deals(state, 1, 5)))
        for depth in (0, 1, 2):
            calls.clear()
            ref = playout_referee(table, world, mistakes, Equipment(None, len(state.players)), draw=1)
            v = search.play_value(ref, state.me, m, first, depth)
            if v == 0.375:
                assert len(calls) == depth and leaves[-1] == depth and ref.outcome is None
                stopped += 1
            else:
                assert v in (0.0, 1.0) and len(calls) <= depth and ref.outcome is not None
                ended += 1
        whole = [compare_moves(state, 3, seed=2, top=1, depth=d)["won"] for d in (None, 10_000)]
        assert whole[0] == whole[1]
    assert stopped >= 5 and ended >= 1
