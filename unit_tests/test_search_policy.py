"""The arena's ``search`` policy (``arena/search_policy.py``): the team policy, with its close calls settled by
the paired playouts of ``search.py``."""

from __future__ import annotations

import bombbusters.arena.search_policy as sp
from bombbusters.advice.moves import rank_moves
from bombbusters.advice.team import takeable, team_order
from bombbusters.arena import advice
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import start_game
from bombbusters.arena.run import arena
from bombbusters.questions.analysis import solve_state


def _views(n: int = 12):
    """The captain's first views of mission 4 games with 5 players: (view, analysis, takeable moves in order)."""
    m = playable(4, 5)
    for k in range(n):
        ref = start_game(deal_game(m, 5, 3, k), m)
        view = ref.view(ref.table.captain)
        an = solve_state(view)
        yield view, an, [x for x in team_order(rank_moves(view, an), view) if takeable(x)]


def test_a_clear_call_is_the_team_policy_s_and_plays_nothing_out(monkeypatch) -> None:
    def no_playouts(*_a, **_k):
        raise AssertionError("a clear call was played out")

    monkeypatch.setattr(sp, "compare_moves", no_playouts)
    seen = 0
    for view, an, order in _views():
        if len(order) < 2 or order[0]["guaranteed"] or order[0]["score"] - order[1]["score"] > sp.CLOSE:
            assert sp.decide(view, an) == advice.decide(view, an)
            seen += 1
    assert seen >= 5


def test_a_close_call_takes_the_move_that_wins_most(monkeypatch) -> None:
    """On tiny tables whose first two moves are close (none sure), the move the playouts found winning most,
    each world drawn by its own seed (the page's slices draw the same)."""
    from test_search import _tables

    calls = []

    def second_wins(state, n, seed, top, moves=None, depth=None, laws=None):
        calls.append((state.extra["turn"], n, top, seed))
        assert moves is not None and 2 <= len(moves) <= top  # the policy's own ranked moves: no second ranking
        assert depth == sp.DEPTH  # truncated playouts
        return {"moves": [], "won": [[0] * n, [1] * n, [0] * n][:top], "n": n, "seed": seed}  # the second on every world

    monkeypatch.setattr(sp, "compare_moves", second_wins)
    monkeypatch.setattr(sp, "CLOSE", 1.0)  # every call not sure is close here
    monkeypatch.setattr(sp, "applies", lambda view: True)  # and the leaf value taken to hold on these tables
    tried = 0
    for state in _tables(30):
        an = solve_state(state)
        order = [x for x in team_order(rank_moves(state, an), state) if takeable(x)]
        if not order[0]["guaranteed"]:
            calls.clear()
            assert sp.decide(state, an).move == order[1]
            seeds = [c[3] for c in calls]
            assert [c[:3] for c in calls] == [(state.me, 1, sp.TOP)] * sp.WORLDS
            assert seeds == list(range(seeds[0], seeds[0] + sp.WORLDS))
            half = sp.refine(state, an, first=4, n=4)
            assert [c[3] for c in calls[-4:]] == seeds[4:] and half["won"][1] == [1] * 4
            tried += 1
    assert tried >= 2, "close calls among these tiny tables"


def test_the_search_policy_plays_whole_games_by_the_rules() -> None:
    got = arena(24, 4, 1, seed=2, policy="search", jobs=1, progress=lambda _t: None)
    assert got["games"] == 1 and got["truth_impossible"] == 0 and got["sure_failures"] == 0


def test_it_thinks_only_where_its_leaf_value_was_fitted(monkeypatch) -> None:
    """x-token tables (missions 24, 40) only: elsewhere a close call is the team policy's, nothing played."""
    from bombbusters.table.state import GameState

    def no_playouts(*_a, **_k):
        raise AssertionError("played out outside the fit")

    monkeypatch.setattr(sp, "CLOSE", 1.0)
    monkeypatch.setattr(sp, "compare_moves", no_playouts)
    for view, an, _order in _views(4):
        assert not sp.refine(view, an)["close"] and sp.decide(view, an) == advice.decide(view, an)
    x = GameState.from_json(dict(next(_views(1))[0].to_json(), tokens="multiplicity"))
    assert sp.applies(x) and not sp.applies(next(_views(1))[0])


def test_a_move_replaces_the_team_policy_s_only_when_the_worlds_agree() -> None:
    assert sp.pick([[0.5] * 8, [0.6] * 8, [0.7] * 8]) == 2 and sp.pick([[0.5] * 8, [0.5] * 8]) == 0
    assert sp.pick([[1, 0, 1, 0], [0, 1, 1, 1]]) == 0  # more, but not clearly
    assert sp.clearly_better([1] * 8, [0] * 8) and not sp.clearly_better([1] * 8, [1] * 8)
    assert not sp.clearly_better([1, 1, 0, 1, 0, 1, 1, 0], [1, 0, 1, 1, 0, 1, 0, 1])  # 5 wins against 5
    assert not sp.clearly_better([1, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0])  # +2 of 8, mixed: not 2 se
    assert sp.clearly_better([1, 1, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0])  # +5 of 8, never worse


def test_the_bridge_refines_in_slices_that_add_up_to_the_policy_s_worlds(monkeypatch) -> None:
    """The page's ``refine`` requests: world slices that, put together, are the worlds the arena's search plays
    (same values), its options checked by name; a clear call plays nothing."""
    import json

    from test_search import _tables
    from bombbusters.protocol.bridge import handle

    monkeypatch.setattr(sp, "CLOSE", 1.0)
    monkeypatch.setattr(sp, "applies", lambda view: True)
    ask = lambda payload: json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "refine", "payload": payload})))
    for state in _tables(30):
        an = solve_state(state)
        if not [x for x in team_order(rank_moves(state, an), state) if takeable(x)][0]["guaranteed"]:
            break
    doc = state.to_json()
    whole = sp.refine(state, an)
    parts = [ask({"state": doc, "first": f, "n": 4})["result"] for f in (0, 4)]
    assert all(p["close"] and p["depth"] == sp.DEPTH and p["worlds"] == sp.WORLDS for p in parts)
    assert [a + b for a, b in zip(parts[0]["won"], parts[1]["won"])] == whole["won"]
    assert len(parts[0]["moves"]) == len(whole["moves"])
    bad = ask({"state": doc, "n": 1000})
    assert not bad["ok"] and "'n'" in bad["error"]["message"]
    monkeypatch.setattr(sp, "CLOSE", -1.0)
    assert ask({"state": doc})["result"] == {"close": False, "worlds": sp.WORLDS, "sure_z": sp.SURE_Z}
