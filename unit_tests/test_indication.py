"""``indication.rank_indications`` against brute force: exact entropies of my stand's contents.

The distribution is the one teammates can form about my stands from the setup
and the public tokens on my own stands (and facts about me) only: the "own
view" is my stands as others see them plus one free stand holding every other
wire.  The oracle enumerates that view; configurations are grouped by my
slots' types (sorted runs plus X slots, i.e. my stands' contents) and the
Shannon entropy is taken in bits.  A token's gain is H0 - H(view with that
token added to the slot): value -> info token (``iN``, blue wires only), even_odd ->
parity (blue only), multiplicity -> x-token with the true count on the stand
(cut wires included, blue only: the rules' setup puts a starting token on a blue wire).  Tokens already on the slot stay.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import gen
import oracle
import pytest
from bombbusters.advice.indication import TOKEN_KINDS, indicate_json, rank_indications
from bombbusters.table.errors import StateError
from bombbusters.table.notation import HIDDEN, INFO, Slot, observed, slot_letter
from bombbusters.table.players import Player
from bombbusters.table.state import GameState
from bombbusters.table.wires import (
    BLUE,
    RED,
    colour_of,
    label,
    number_of,
    value_of,
)

TOL = 1e-9


# --------------------------------------------------------------------------
# brute force


def own_view(state: GameState) -> GameState:
    """My stands as teammates see them, one free stand with every other wire, facts about me."""
    me = state.me
    mine = tuple(tuple(observed(sl) for sl in st) for st in state.players[me].stands)
    rest = state.wires.total_in_play - sum(len(st) for st in mine)
    players = (Player("me", mine), Player("rest", ((Slot(),) * rest,)))
    facts = tuple(replace(f, player=0) for f in state.facts if f.player == me)
    return GameState(players, None, 0, state.wires, facts, None)


def entropy_bits(view: GameState) -> float:
    """Shannon entropy (bits) of player 0's slot types, by enumeration."""
    res = oracle.solve(view)
    keys = [(0, s, j) for s, st in enumerate(view.players[0].stands) for j in range(len(st))]
    law: dict[tuple, int] = {}
    for cfg, w in res.configs:
        k = tuple(cfg[x] for x in keys)
        law[k] = law.get(k, 0) + int(w)
    z = sum(law.values())
    return -sum(w / z * math.log2(w / z) for w in law.values())


def with_slot(view: GameState, s: int, j: int, slot: Slot) -> GameState:
    stands = list(view.players[0].stands)
    stands[s] = stands[s][:j] + (slot,) + stands[s][j + 1 :]
    return replace(view, players=(Player("me", tuple(stands)), view.players[1]))


def token_slot(kind: str, slot: Slot, stand, keep_tokens: bool) -> Slot | None:
    """The slot as it looks with the token, or None where the token may not go.

    ``keep_tokens``: the token is added to what the slot already shows;
    otherwise the slot becomes the token (only its X mark is kept).
    """
    t = slot.wire
    if slot.state != HIDDEN or colour_of(t) == RED:
        return None
    base = replace(observed(slot)) if keep_tokens else Slot(unsorted=slot.unsorted)
    if kind == "value":  # starting info tokens go on blue wires only
        return replace(base, state=INFO, wire=t) if colour_of(t) == BLUE else None
    if kind == "even_odd":
        if colour_of(t) != BLUE:
            return None
        return replace(base, parity="even" if number_of(t) % 2 == 0 else "odd")
    count = sum(1 for sl in stand if value_of(sl.wire) == value_of(t))  # cut wires included
    return replace(base, multiplicity=count) if count <= 3 and colour_of(t) == BLUE else None


def token_text(kind: str, slot: Slot, stand) -> str:
    t = slot.wire
    if kind == "value":
        return "i" + label(t) if colour_of(t) == BLUE else "iY"
    if kind == "even_odd":
        return "E" if number_of(t) % 2 == 0 else "O"
    return f"{sum(1 for sl in stand if value_of(sl.wire) == value_of(t))}x"


def check_indications(doc: dict, keep_tokens: bool = True) -> dict:
    state = GameState.from_json(doc)
    out = rank_indications(state)
    view = own_view(state)
    h0 = entropy_bits(view)
    assert abs(out["entropy_bits"] - h0) <= TOL, (out["entropy_bits"], h0, doc)
    me = state.me
    for kind in TOKEN_KINDS:
        entries = out[kind]
        want, required = {}, set()
        for s, st in enumerate(state.players[me].stands):
            for j, slot in enumerate(st):
                tok = token_slot(kind, slot, st, keep_tokens)
                if tok is not None:
                    want[(s, j)] = (tok, slot, st)
                    # a second token of the kind a slot already shows may be left out
                    if not (kind == "even_odd" and slot.parity or kind == "multiplicity" and slot.multiplicity):
                        required.add((s, j))
        got = {(e["stand"], e["slot"]): e for e in entries}
        assert len(got) == len(entries), ("slot listed twice", kind, doc)
        assert required <= set(got) <= set(want), (kind, sorted(got), sorted(want), doc)
        for (s, j), e in got.items():
            tok, slot, st = want[(s, j)]
            ctx = (kind, e, doc)
            assert e["wire"] == label(slot.wire) and e["letter"] == slot_letter(j), ctx
            assert e["token"] == token_text(kind, slot, st), ctx
            after = entropy_bits(with_slot(view, s, j, tok))
            assert abs(e["remaining_bits"] - after) <= TOL, (after, ctx)
            assert abs(e["gain_bits"] - max(0.0, h0 - after)) <= TOL, (h0 - after, ctx)
            assert e["gain_bits"] >= 0 and math.isfinite(e["gain_bits"]), ctx
            assert abs(e["resolved"] - (e["gain_bits"] / h0 if h0 > 0 else 0.0)) <= TOL, ctx
        gains = [e["gain_bits"] for e in entries]
        assert all(a >= b - 1e-9 for a, b in zip(gains, gains[1:])), (kind, gains, doc)  # gains equal to 1e-9 tie
    return out


# --------------------------------------------------------------------------
# random tiny games

_BATCHES = {
    "default": (dict(), 120),
    "two_players": (dict(n_players=2), 50),
    "a_of_b": (dict(groups=True), 70),
    "x_slots": (dict(x_slots=True), 70),
    "facts": (dict(facts=True), 50),
}


@pytest.mark.parametrize("batch", sorted(_BATCHES))
def test_indications_against_brute_force(batch):
    kw, count = _BATCHES[batch]
    base = sum(map(ord, batch)) * 10_000
    listed = 0
    for seed, doc in gen.seeded_states(base, count, **kw):
        try:
            out = check_indications(doc)
        except AssertionError as exc:  # pragma: no cover - name the seed
            raise AssertionError(f"batch {batch}, seed {seed}: {exc}") from None
        listed += sum(len(out[k]) for k in TOKEN_KINDS)
    assert listed > count


def _yellow_heavy_doc(seed: int) -> dict:
    rng = random.Random(seed)
    while True:
        doc = gen.random_state(rng, me="player")
        if "yellow" in doc["wires"]:
            return doc


def test_indications_with_yellow():
    for seed in range(40):
        check_indications(_yellow_heavy_doc(900 + seed))


def test_token_added_to_a_slot_that_already_shows_one():
    """Regression: the trial token replaced the slot's other tokens, understating the gain.

    Blue 10-11: 8 wires, two players with two stands. My stand 1 is '?10 ?10' with an even token on A:
    teammates know A is a 10 (the only even value); B is 10 or 11. A '2x' on A says B is a 10 too
    (0.917 bits, reported as 0 when the E was dropped).
    """
    doc = {
        "players": [{"name": "Ann", "stands": ["? ?", "? ?"]}, {"name": "Cyd", "stands": ["E?10 ?10", "?11 ?11"]}],
        "me": 1,
        "wires": {"blue": [10, 11]},
    }
    out = check_indications(doc)
    e = next(x for x in out["multiplicity"] if (x["stand"], x["slot"]) == (0, 0))
    assert abs(e["gain_bits"] - 0.9166563905385183) <= TOL


def test_tokens_already_shown_agree_with_replacing():
    """On stands whose hidden slots carry no token yet, adding and replacing are the same thing."""
    rng = random.Random(4242)
    done = 0
    while done < 40:
        doc = gen.random_state(rng, me="player")
        state = GameState.from_json(doc)
        own = [sl for st in state.players[state.me].stands for sl in st]
        if any(observed(sl) != Slot(unsorted=sl.unsorted) and sl.state == HIDDEN for sl in own):
            continue
        check_indications(doc, keep_tokens=False)
        done += 1


def test_token_text_is_the_new_token():
    """The 'token' field names the token to place, not the slot's whole text (no X mark, no earlier tokens)."""
    # 2 players, blue 1-2 + Y1: 9 wires (3 2 2 2). My first stand ends in an X slot holding Y1,
    # my second shows a false token '!2' on a 1.
    doc = {
        "players": [{"name": "Ann", "stands": ["?1 ?2 X?Y1", "!2?1 ?2"]}, {"name": "Bob", "stands": ["? ?", "? ?"]}],
        "me": 0,
        "wires": {"blue": [1, 2], "yellow": [1]},
    }
    out = check_indications(doc)
    tokens = {(e["stand"], e["slot"]): e["token"] for e in out["value"]}
    assert (0, 2) not in tokens and tokens[(1, 0)] == "i1", tokens  # no starting token on a yellow wire


# --------------------------------------------------------------------------
# hand-made


def test_known_stand_has_no_entropy():
    # blue 1 only, four wires over four stands: every stand is a single 1.
    doc = {"players": [{"name": "Ann", "stands": ["?1", "?1"]}, {"name": "Bob", "stands": ["?", "?"]}],
           "me": 0, "wires": {"blue": [1, 1]}}
    out = check_indications(doc)
    assert out["entropy_bits"] == 0.0
    for kind in TOKEN_KINDS:
        assert out[kind] and all(e["gain_bits"] == 0.0 and e["resolved"] == 0.0 for e in out[kind])


def test_two_stands_of_two_by_hand():
    # blue 1-2: 8 wires over 4 stands of 2. Teammates see my two stands as two draws without
    # replacement from {1,1,1,1,2,2,2,2}: stand 1 holds a ones, stand 2 b ones.
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2", "?1 ?1"]}, {"name": "Bob", "stands": ["? ?", "? ?"]}],
           "me": 0, "wires": {"blue": [1, 2]}}
    out = check_indications(doc)
    c = math.comb
    law = [c(4, a) * c(4, 2 - a) * c(4 - a, b) * c(2 + a, 2 - b) for a in range(3) for b in range(3)]
    assert sum(law) == c(8, 2) * c(6, 2)
    h = -sum(w / sum(law) * math.log2(w / sum(law)) for w in law if w)
    assert abs(out["entropy_bits"] - h) <= TOL
    # an info token '1' on slot A of stand 1 leaves stand 1 as {1,1} or {1,2}
    e = next(x for x in out["value"] if (x["stand"], x["slot"]) == (0, 0))
    law1 = [w if a >= 1 else 0 for w, a in zip(law, [a for a in range(3) for _ in range(3)])]
    h1 = -sum(w / sum(law1) * math.log2(w / sum(law1)) for w in law1 if w)
    assert abs(e["remaining_bits"] - h1) <= TOL and e["token"] == "i1"


def test_kinds_and_errors():
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2", "?1 ?1"]}, {"name": "Bob", "stands": ["? ?", "? ?"]}],
           "me": 0, "wires": {"blue": [1, 2]}}
    state = GameState.from_json(doc)
    out = rank_indications(state, ("even_odd",))
    assert set(out) == {"entropy_bits", "basis", "even_odd"}
    assert set(indicate_json(dict(doc, tokens="value"))) == {"entropy_bits", "basis", "value"}
    assert set(indicate_json(dict(doc, tokens="none"))) == {"entropy_bits", "basis"}
    assert set(indicate_json(dict(doc, tokens="all"))) >= set(TOKEN_KINDS)
    with pytest.raises(StateError):
        rank_indications(state, ("colour",))
    with pytest.raises(StateError):
        indicate_json(dict(doc, tokens="colour"))
    with pytest.raises(StateError):
        rank_indications(GameState.from_json(dict(doc, me=None)))


# --------------------------------------------------------------------------
# the big case: 5 players, blue 1-12, my ten wires
