"""The starting tokens: each player, clockwise from the captain, places the one the page recommends.

Why the advice's first entry as it stands: the advice offers every kind of starting token on
blue wires only (the rules' setup), so what the page recommends is what the arena places.  Why
its choice is read too: the slot it picked says which other slots would have told the team more,
and players who leave that out trust their chances too little or too much (docs/arena.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..advice.false_tokens import false_choice, likeliest, value_laws
from ..advice.indication import placed_token, rank_indications, token_choice_facts
from ..advice.table_edits import one_of_facts, set_slots
from ..missions.preset import Mission
from ..questions.analysis import solve_state
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState
from .referee import Referee

__all__ = ["Chooser", "advised_token", "captain_skips", "false_tokens", "place_false_tokens", "place_tokens"]


def advised_token(view: GameState, kind: str) -> tuple[int, int] | None:
    """(stand, slot) of the token the starting-token advice ranks first for ``me`` (None: no slot allows one)."""
    ranked = rank_indications(view, (kind,))[kind]
    return (ranked[0]["stand"], ranked[0]["slot"]) if ranked else None


#: how a player picks the slot of their starting token: (their view, the token kind) -> (stand, slot) or None
Chooser = Callable[[GameState, str], "tuple[int, int] | None"]


def captain_skips(mission: Mission, table: GameState) -> frozenset:
    """Who places no starting token by the mission card: with 2 players, the captain in 11, 13, 27, 29,
    40, 46 and 51 (``captain_no_token_2p``)."""
    two = mission.captain_no_token_2p and len(table.players) == 2
    return frozenset({table.captain}) if two else frozenset()


def place_tokens(ref: Referee, kind: str, choose: Chooser = advised_token, read_choice: bool = True,
                 skip: frozenset = frozenset()) -> None:
    """Every player's starting token on the referee's table, of the mission's token kind, where ``choose``
    puts it (the page's advice; ``build_scripts/calibration_probe.py`` also tries a random blue wire).
    ``read_choice``: an advised token (a value, a parity, a count) also adds what its choice tells (``token_choice_facts``): the
    team knows the rule that placed it, so the arena's players read it as the page does when told the
    team places the advised tokens (off: ``build_scripts/calibration_probe.py --ignore-choice``); ``skip``:
    players who place false tokens instead (:func:`place_false_tokens`)."""
    if kind == "none":
        return
    n = len(ref.table.players)
    for i in range(n):
        q = (ref.table.captain + i) % n
        if q in skip:
            continue
        view = ref.view(q)
        spot = choose(view, kind)
        if spot is None:
            continue
        s, j = spot
        st = view.stand(q, s)
        token = placed_token(kind, st[j], st)
        assert token is not None
        told = token_choice_facts(view, s, j, kind) if read_choice and choose is advised_token else ()
        ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}))
        ref.tell(told)


def false_tokens(ref: Referee, q: int, on_red: bool, count: int = 2) -> tuple[list[tuple[int, int, int]], tuple[Fact, ...]]:
    """(stand, slot, value) of player q's false starting tokens ("this wire is not that value", 17 and
    52): on ``count`` different wires of theirs (red ones only where ``on_red``), each the blue value
    the table, as it stands, finds likeliest there among those the wire is not — the false token that
    tells the team the most (a teammate's choice; the rules leave it free) —, and what that choice tells
    besides, as facts.

    Why the reading: the rule is known and the public table's chances are everyone's, so a token that
    is not the likeliest value of its wire says the wire *is* the likeliest (else that one would be on
    it), and a wire passed over whose likeliest value would have ranked among the chosen holds that value
    (in 17: or is red, which takes no token).  Without it the engine counted deals the rule rules out."""
    an = solve_state(replace(ref.table, me=None, extra={}))
    spots = [(s, j) for (p, s, j) in sorted(ref.world) if p == q and ref.table.stand(p, s)[j].state != CUT]
    laws = value_laws(an, q, spots, ref.table.wires.blue_range)  # q's uncut wires: the chance of each blue value there
    chosen = false_choice(laws, {k: ref.world[(q, *k)] for k in laws}, on_red)[:count]
    last = chosen[-1][1][0] if len(chosen) == count else None
    told: list[Fact] = []
    for (s, j), law in laws.items():
        a = likeliest(law)
        keep: set[int | str] | None
        picked = dict(chosen).get((s, j))
        if picked is not None:
            keep = {a} if picked[1] != a else None
        elif last is None:  # every wire that could take one took one: the others are red (17)
            keep = {"RED"}
        elif (-law[a], (s, j)) < last:  # a wire not of its likeliest value would have ranked among the chosen
            keep = {"RED"} if (-law[likeliest(law, a)], (s, j)) < last else {a} | ({"RED"} if not on_red else set())
        else:
            keep = None
        if keep is not None:
            told += one_of_facts(ref.table, q, s, (j,), keep)
    return [(s, j, v) for (s, j), (_key, v) in chosen], tuple(told)


def place_false_tokens(ref: Referee, by: str) -> frozenset:
    """The false starting tokens of mission 17 (``by`` "captain": theirs, never on a red wire, shown on
    the slot as ``!v``) or 52 ("all": everyone's, on any wire, red included — so each is a fact "not
    v" that leaves red open); returns the players who placed them."""
    n = len(ref.table.players)
    liars = [ref.table.captain] if by == "captain" else [(ref.table.captain + i) % n for i in range(n)]
    for q in liars:
        placed, told = false_tokens(ref, q, on_red=by == "all")
        for s, j, v in placed:
            if by == "captain":
                token = replace(ref.table.stand(q, s)[j], not_value=v)
                ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}))
            else:
                ref.table = replace(ref.table, facts=ref.table.facts + (Fact("not_value", q, s, v, (j,)),))
        ref.tell(told)
    return frozenset(liars)
