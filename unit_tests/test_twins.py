"""Twin stands (``twins.py``): a condition moved onto a twin has the same chance, by full solves.

The claim the advice leans on is that the deal's law does not change when two
twin sub-stands trade their wires.  Checked here the hard way: generated
tables with most slots blanked (so that stands are alike), every fact kind
kept, and for random conditions on twins a full solve of the condition and of
the condition moved onto another member of the class must agree; the
analysis's own answer (one rerun per class) must match both.
"""

from __future__ import annotations

import random

import pytest
from bombbusters.questions.analysis import solve_state
from bombbusters.questions.irreducible import table_entries, without
from bombbusters.solvers.twins import canonical, twin_classes
from bombbusters.table.state import GameState
from gen import random_state
from test_reruns import (
    _one_by_one as _full,  # a full solve of every case with the blocks forbidden
)


def _blanked(rng: random.Random, doc: dict) -> GameState:
    """The table with most of the others' slots blank, so that several stands are alike."""
    state = GameState.from_json(doc)
    drop = {e for e in table_entries(state, mine=False) if e[0] == "slot" and rng.random() < 0.85}
    return without(state, drop)


def _random_map(an, rng: random.Random, subs: list[int]) -> dict:
    fmap: dict = {}
    for sub in subs:
        n = an.compiled.cases[0].substands[sub].n
        for pos in rng.sample(range(n), rng.randint(1, min(3, n))):
            live = [t for t in range(len(an.compiled.types)) if an.sub_marginals(sub)[pos, t] > 0]
            for t in rng.sample(live, rng.randint(1, len(live))):
                fmap.setdefault(sub, {}).setdefault(t, set()).add(pos)
    return fmap


@pytest.mark.parametrize("seed", range(3))
def test_a_condition_on_a_twin_has_its_twins_chance(seed: int) -> None:
    rng = random.Random(500 + seed)
    checked = 0
    for _ in range(60):
        state = _blanked(rng, random_state(rng))
        an = solve_state(state)
        classes = sorted(set(an.twins().values()))
        for members in classes:
            for _ in range(3):
                one = rng.sample(members, rng.randint(1, min(2, len(members))))
                fmap = _random_map(an, rng, one)
                perm = dict(zip(members, rng.sample(members, len(members))))
                moved = {perm[sub]: per for sub, per in fmap.items()}
                want = _full(an, fmap)
                assert _full(an, moved) == pytest.approx(want, abs=1e-10), (state.to_json(), fmap, moved)
                assert an.chances([moved, fmap]) == pytest.approx([want, want], abs=1e-10)
                assert canonical(moved, an.twins()) == canonical(fmap, an.twins())
                checked += 1
    assert checked > 50


def test_what_tells_stands_apart():
    """Teammates' stands of one size with nothing learnt are twins; a cut, an info token, an x-token,
    a parity token or another size sets a stand apart, and my own stand is no one's twin."""
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?4 ?5"]}, {"name": "Bob", "stands": ["? ? ? ? ?"]},
                       {"name": "Cyd", "stands": ["? ? ? ? ?"]}, {"name": "Dee", "stands": ["? ? ? ? ?"]},
                       {"name": "Eve", "stands": ["? ? ? ?"]}],
           "me": 0, "wires": {"blue": [1, 6]}, "facts": []}
    an = solve_state(GameState.from_json(doc))
    subs = {p: an.compiled.stands[(p, 0)].subs[0] for p in (1, 2, 3, 4)}
    assert set(an.twins()) == {subs[1], subs[2], subs[3]}
    for changed in ("? ? 3 ? ?", "? ? ?3 ? ?", "? ? 2x ? ?", "? ? e ? ?"):
        doc2 = dict(doc, players=[dict(pl) for pl in doc["players"]])
        doc2["players"][2]["stands"] = [changed]
        an2 = solve_state(GameState.from_json(doc2))
        assert set(an2.twins()) == {subs[1], subs[3]}, changed
    assert twin_classes([]) == {}
