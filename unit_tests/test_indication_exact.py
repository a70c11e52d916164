"""Starting-token advice on a big table by hand (5 players, blue 1-12), on the dense grid, and what an
advised token's choice tells (token_choice_facts) over every hand of small tables.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from bombbusters.advice.indication import TOKEN_KINDS, rank_indications
from bombbusters.table.state import GameState
from test_indication import TOL


def _compositions(n_values: int, copies: int, hand: int) -> np.ndarray:
    """Every (k_1..k_n) with 0 <= k_i <= copies and sum = hand: one row per hand contents."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(n_values):
        k = np.arange(copies + 1)
        rows = np.hstack([np.repeat(rows, copies + 1, axis=0), np.tile(k, len(rows))[:, None]])
        rows = rows[rows.sum(axis=1) <= hand]
    return rows[rows.sum(axis=1) == hand]


def _entropy(logp: np.ndarray, mask: np.ndarray | None = None) -> float:
    lp = logp if mask is None else logp[mask]
    lz = np.logaddexp.reduce(lp)
    q = np.exp(lp - lz)
    return float(-(q * (lp - lz)).sum() / math.log(2))


def test_big_case_five_players_blue_1_to_12():
    hand = [1, 3, 4, 5, 6, 7, 8, 9, 9, 12]
    doc = {
        "players": [{"name": "Ann", "stands": [" ".join(f"?{v}" for v in hand)]}]
        + [{"name": n, "stands": [" ".join(["?"] * k)]} for n, k in zip(["Bob", "Cyd", "Dee", "Eve"], [10, 10, 9, 9])],
        "me": 0,
        "captain": 0,
        "wires": {"blue": [1, 12]},
    }
    out = rank_indications(GameState.from_json(doc))

    comps = _compositions(12, 4, 10)
    assert len(comps) == 300366
    log_c4 = np.log([math.comb(4, k) for k in range(5)])
    logp = log_c4[comps].sum(axis=1) - math.log(math.comb(48, 10))  # multivariate hypergeometric
    assert abs(np.exp(logp).sum() - 1) < 1e-12
    h0 = _entropy(logp)
    assert abs(h0 - 16.596) < 1e-3
    assert abs(out["entropy_bits"] - h0) <= TOL, (out["entropy_bits"], h0)

    # every token on every slot, from the same enumeration: the value at sorted position j
    cum = comps.cumsum(axis=1)
    rows = np.arange(len(comps))
    for j, v in enumerate(hand):
        at_j = (cum <= j).sum(axis=1) + 1  # blue value in slot j
        events = {
            "value": at_j == v,
            "even_odd": at_j % 2 == v % 2,
            "multiplicity": comps[rows, at_j - 1] == hand.count(v),
        }
        for kind, mask in events.items():
            e = next(x for x in out[kind] if x["slot"] == j)
            after = _entropy(logp, mask)
            assert abs(e["remaining_bits"] - after) <= TOL, (kind, j, e, after)
            assert abs(e["gain_bits"] - (h0 - after)) <= TOL, (kind, j, e, h0 - after)


@pytest.mark.parametrize("doc", [
    # my two stands of 12 (the view's grid is dense): every token kind
    {"players": [{"name": "Ann", "stands": ["?1 ?1 ?5 ?7 ?7 ?8 ?8 ?9 ?10 ?10 ?11 ?11", "?1 ?2 ?2 ?3 ?4 ?4 ?4 ?7 ?9 ?11 ?12 ?12"]},
                 {"name": "Bob", "stands": ["? " * 11 + "?"]}, {"name": "Cid", "stands": ["? " * 11 + "?"]}],
     "me": 0, "captain": 0, "wires": {"blue": [1, 12]}, "facts": []},
    # yellow and red in play (no value token on a yellow wire)
    {"players": [{"name": "Ann", "stands": ["?1 ?1 ?2 ?Y2 ?3 ?4 ?5 ?6 ?6 ?8 ?9 ?10 ?12",
                                            "?1 ?2 ?3 ?4 ?5 ?Y5 ?7 ?8 ?9 ?10 ?11 ?11 ?12"]},
                 {"name": "Bob", "stands": ["? " * 12 + "?"]}, {"name": "Cid", "stands": ["? " * 11 + "?"]}],
     "me": 0, "captain": 0, "wires": {"blue": [1, 12], "yellow": [2, 5], "red": [7]}, "facts": []},
])
def test_tokens_on_the_dense_grid_condition_the_view_as_a_fresh_solve_does(doc, monkeypatch):
    """A value or parity token on a view solved on the dense grid is that grid conditioned (no new layout);
    every gain equals the one from solving the view with the token afresh."""
    from bombbusters.advice import indication, token_gains
    from bombbusters.questions.analysis import Analysis

    calls = []
    conditioned = Analysis.conditioned

    def spy(self, conds):
        calls.append(conds)
        return conditioned(self, conds)

    monkeypatch.setattr(Analysis, "conditioned", spy)
    monkeypatch.setattr(token_gains, "entropies_given_sets", lambda an, held, sets: None)  # slot by slot
    token_gains.forget_gains()
    got = rank_indications(GameState.from_json(doc))
    assert calls, "the dense view was not conditioned"
    for module in (indication, token_gains):  # every token solved afresh
        monkeypatch.setattr(module, "token_types", lambda kind, tok, every: None)
    token_gains.forget_gains()
    want = rank_indications(GameState.from_json(doc))
    assert got["entropy_bits"] == pytest.approx(want["entropy_bits"], abs=TOL)
    for kind in TOKEN_KINDS:
        assert [(e["stand"], e["slot"]) for e in got[kind]] == [(e["stand"], e["slot"]) for e in want[kind]], kind
        for a, b in zip(got[kind], want[kind]):
            assert a["gain_bits"] == pytest.approx(b["gain_bits"], abs=TOL), (kind, a, b)
            assert a["remaining_bits"] == pytest.approx(b["remaining_bits"], abs=TOL), (kind, a, b)


@pytest.mark.parametrize("kind, groups_at_least", [("value", 2), ("even_odd", 3), ("multiplicity", 3)])
def test_token_choice_facts_say_exactly_what_the_advised_choice_says(kind, groups_at_least):
    """Over every hand of mine (blue 1-5, four players with 5 wires): the hands whose advised token of ``kind``
    is (slot j, face: a value, even/odd, or a count) are exactly the hands showing that face at j that the facts
    read from that choice allow — no more, no fewer."""
    from itertools import combinations_with_replacement

    from bombbusters.advice.indication import token_choice_facts

    def state_of(hand):
        others = [{"name": name, "stands": ["? ? ? ? ?"]} for name in ("Bob", "Cat", "Dan")]
        return GameState.from_json({"players": [{"name": "Ann", "stands": [" ".join(f"?{v}" for v in hand)]}, *others],
                                    "me": 0, "captain": 0, "wires": {"blue": [1, 5]}, "facts": []})

    def face(h: tuple, j: int) -> int | str:
        return h[j] if kind == "value" else h.count(h[j]) if kind == "multiplicity" else "EO"[h[j] % 2]

    def barred(h: tuple, f) -> bool:
        return any(h.count(h[i]) == f.count if f.kind == "not_count" else h[i] == f.value for i in f.slots)

    hands = [h for h in combinations_with_replacement(range(1, 6), 5) if all(h.count(v) <= 4 for v in h)]
    groups: dict = {}
    for h in hands:
        top = rank_indications(state_of(h), (kind,))[kind][0]
        groups.setdefault((top["slot"], face(h, top["slot"])), []).append(h)
        assert kind == "value" or top["token"] in (face(h, top["slot"]), f"{face(h, top['slot'])}x")
    assert len(groups) >= groups_at_least
    for (j, shown), members in groups.items():
        facts = {token_choice_facts(state_of(h), 0, j, kind) for h in members}
        assert len(facts) == 1, ("the facts must read only what teammates see", j, shown)
        (told,) = facts
        allowed = [h for h in hands if face(h, j) == shown and not any(barred(h, f) for f in told)]
        assert sorted(allowed) == sorted(members), (j, shown, told)


def test_token_choice_facts_read_both_stands_of_a_two_stand_player():
    """2 players, two stands of 3 each, blue 1-3: over every hand of mine, the hands whose advised value token is
    (stand, slot, v) are exactly those showing v there that the facts (on both my stands) allow."""
    from itertools import combinations_with_replacement, product

    from bombbusters.advice.indication import token_choice_facts

    def state_of(a, b):
        mine = [" ".join(f"?{v}" for v in st) for st in (a, b)]
        return GameState.from_json({"players": [{"name": "Ann", "stands": mine}, {"name": "Bob", "stands": ["? ? ?", "? ? ?"]}],
                                    "me": 0, "captain": 0, "wires": {"blue": [1, 3]}, "facts": []})

    stands = list(combinations_with_replacement(range(1, 4), 3))
    hands = [(a, b) for a, b in product(stands, stands) if all((a + b).count(v) <= 4 for v in range(1, 4))]
    groups: dict = {}
    for a, b in hands:
        top = rank_indications(state_of(a, b), ("value",))["value"][0]
        groups.setdefault((top["stand"], top["slot"], (a, b)[top["stand"]][top["slot"]]), []).append((a, b))
    assert len({k[0] for k in groups}) == 2, "both stands get the token for some hands"
    for (s, j, v), members in groups.items():
        facts = {token_choice_facts(state_of(*h), s, j) for h in members}
        assert len(facts) == 1, ("the facts must read only what teammates see", s, j, v)
        (told,) = facts
        assert {f.stand for f in told} <= {0, 1}
        allowed = [h for h in hands if h[s][j] == v
                   and not any(h[f.stand][i] == f.value for f in told for i in f.slots)]
        assert sorted(allowed) == sorted(members), (s, j, v, told)


def _per_slot_entropies(doc: dict) -> tuple[dict, dict | None, bool]:
    """A player's own view, every hidden slot and face (each type alone; each parity of the blue types): (bits
    left solving one slot and face at a time, the all-at-once walk's table, whether every case of the view is
    one a walk expresses)."""
    from bombbusters.advice.stand_entropy import HeldLaws, entropies_given_sets, entropy_given, own_view
    from bombbusters.questions.analysis import solve_state
    from bombbusters.solvers.run_entropy import walkable
    from bombbusters.table.errors import InconsistentStateError
    from bombbusters.table.notation import HIDDEN, INFO
    from bombbusters.table.wires import BLUE, colour_of, number_of

    view = own_view(GameState.from_json(doc))
    an = solve_state(view)
    held = HeldLaws(view, an)
    blues = [t for t in an.compiled.types if colour_of(t) == BLUE]
    faces = {t: frozenset([t]) for t in an.compiled.types}
    faces.update({p: frozenset(t for t in blues if number_of(t) % 2 == (p == "odd")) for p in ("even", "odd")})
    slow = {}
    for s, st in enumerate(view.players[0].stands):
        for j, sl in enumerate(st):
            if sl.state != HIDDEN:
                continue
            for face, types in faces.items():
                if isinstance(face, str) and sl.parity is not None:  # a parity token goes on a slot showing none
                    continue
                tok = replace(sl, parity=face) if isinstance(face, str) else replace(sl, state=INFO, wire=face, colour=None)
                try:
                    slow[(s, j, face)] = entropy_given(view, an, held, s, j, tok, types)
                except InconsistentStateError:
                    pass
    plain = all(walkable(p) is not None for w, p in zip(an.weights, an.compiled.cases) if w > 0)
    fast = entropies_given_sets(an, held, faces)
    hidden = {(s, j) for s, st in enumerate(view.players[0].stands) for j, sl in enumerate(st) if sl.state == HIDDEN}
    shown = {(s, j) for s, st in enumerate(view.players[0].stands) for j, sl in enumerate(st) if sl.parity is not None}
    return slow, fast if fast is None else {k: h for k, h in fast.items() if k[:2] in hidden
                                            and not (isinstance(k[2], str) and k[:2] in shown)}, plain


def _own_view_docs():
    """Seeded small tables seen by a player (cuts and tokens on their stands, facts, "a of b" draws), and a
    view solved on the dense grid (two stands of 13, yellow and red)."""
    import random

    from gen import random_state

    for seed in range(80):
        yield f"seed {seed}", random_state(random.Random(seed), me="player", x_slots=False)
    yield "two stands of 13", {
        "players": [{"name": "Ann", "stands": ["?1 ?1 ?2 ?Y2 ?3 ?4 ?5 ?6 ?6 ?8 ?9 ?10 ?12",
                                               "?1 ?2 ?3 ?4 ?5 ?Y5 ?7 ?8 ?9 ?10 ?11 ?11 ?12"]},
                    {"name": "Bob", "stands": ["? " * 12 + "?"]}, {"name": "Cid", "stands": ["? " * 11 + "?"]}],
        "me": 0, "captain": 0, "wires": {"blue": [1, 12], "yellow": [2, 5], "red": [7]}, "facts": []}


def test_every_slot_and_type_at_once_equals_a_solve_per_slot():
    """The starting-token advice's entropies given each type, and each parity, on each of my slots, from one
    walk in the expectation semiring, are those of conditioning the view on that slot one at a time (same faces
    possible, same bits to 1e-9) on every view a walk expresses; the others (Labels, counts, order facts) get
    no table."""
    compared = sum(_walked_equals_solved(name, doc) is not None for name, doc in _own_view_docs())
    assert compared >= 50, compared


def _walked_equals_solved(name, doc: dict) -> dict | None:
    """Check a view's all-at-once table against the solve per slot (a table only where the walk expresses every
    case): the per-slot bits, or None where the view has no table."""
    slow, fast, plain = _per_slot_entropies(doc)
    assert (fast is not None) == plain, name
    if fast is None:
        return None
    assert set(fast) == set(slow), (name, set(fast) ^ set(slow))
    for key, h in slow.items():
        assert fast[key] == pytest.approx(h, abs=TOL), (name, key)
    return slow


def test_x_slots_are_walked_set_apart_and_equal_a_solve_per_slot():
    """Views with an X slot on my stand (missions 20 and 35: its wire is not in sorted order) get the table
    too, the X slot a run of its own, and it equals the solve per slot, the X slot's own faces included;
    a view with an x-token counting the X slots is left to the solve per slot."""
    import random

    from gen import random_state

    compared = x_faces = 0
    for seed in range(400):
        doc = random_state(random.Random(seed), me="player", x_slots=True)
        mine = doc["players"][doc["me"]]["stands"]
        if not any("X" in st for st in mine):
            continue
        slow = _walked_equals_solved(seed, doc)
        if slow is None:
            continue
        compared += 1
        x_faces += sum(1 for s, j, _f in slow if _x_slot(doc, s, j))
        if compared >= 25:
            break
    assert compared >= 25 and x_faces > 0, (compared, x_faces)


def _x_slot(doc: dict, s: int, j: int) -> bool:
    st = doc["players"][doc["me"]]["stands"][s]
    return "X" in st.split()[j]
