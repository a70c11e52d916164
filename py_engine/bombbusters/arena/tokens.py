"""The starting tokens: each player, clockwise from the captain, places the one the page recommends.

Why the advice's first entry as it stands: the advice offers every kind of starting token on
blue wires only (the rules' setup), so what the page recommends is what the arena places.  Why
its choice is read too: the slot it picked says which other slots would have told the team more,
and players who leave that out trust their chances too little or too much (docs/arena.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..advice.indication import placed_token, rank_indications, token_choice_facts
from ..advice.table_edits import set_slots
from ..questions.analysis import solve_state
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, RED, colour_of, value_of
from .referee import Referee

__all__ = ["Chooser", "advised_token", "false_tokens", "place_false_tokens", "place_tokens"]


def advised_token(view: GameState, kind: str) -> tuple[int, int] | None:
    """(stand, slot) of the token the starting-token advice ranks first for ``me`` (None: no slot allows one)."""
    ranked = rank_indications(view, (kind,))[kind]
    return (ranked[0]["stand"], ranked[0]["slot"]) if ranked else None


#: how a player picks the slot of their starting token: (their view, the token kind) -> (stand, slot) or None
Chooser = Callable[[GameState, str], "tuple[int, int] | None"]


def place_tokens(ref: Referee, kind: str, choose: Chooser = advised_token, read_choice: bool = True,
                 skip: frozenset = frozenset()) -> None:
    """Every player's starting token on the referee's table, of the mission's token kind, where ``choose``
    puts it (the page's advice; ``build_scripts/calibration_probe.py`` also tries a random blue wire).
    ``read_choice``: an advised value token also adds what its choice tells (``token_choice_facts``): the
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
        told = token_choice_facts(view, s, j) if read_choice and kind == "value" and choose is advised_token else ()
        ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}), facts=ref.table.facts + told)


def false_tokens(ref: Referee, q: int, on_red: bool, count: int = 2) -> list[tuple[int, int, int]]:
    """(stand, slot, value) of player q's false starting tokens ("this wire is not that value", 17 and
    52): on ``count`` different wires of theirs (red ones only where ``on_red``), each the blue value
    the table, as it stands, finds likeliest there among those the wire is not — the false token that
    tells the team the most (a teammate's choice; the rules leave it free)."""
    public = replace(ref.table, me=None, extra={})
    an = solve_state(public)
    lo, hi = ref.table.wires.blue_range
    best: dict = {}
    for (p, s, j), t in sorted(ref.world.items()):
        if p != q or ref.table.stand(p, s)[j].state == CUT or (colour_of(t) == RED and not on_red):
            continue
        probs = an.slot_probs(p, s, j)
        for v in range(lo, hi + 1):
            if colour_of(t) == BLUE and value_of(t) == v:
                continue
            score = sum(pr for u, pr in probs.items() if colour_of(u) == BLUE and value_of(u) == v)
            if score > best.get((s, j), (-1.0, 0))[0]:
                best[(s, j)] = (score, v)
    ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return [(s, j, v) for (s, j), (_score, v) in ranked[:count]]


def place_false_tokens(ref: Referee, by: str) -> frozenset:
    """The false starting tokens of mission 17 (``by`` "captain": theirs, never on a red wire, shown on
    the slot as ``!v``) or 52 ("all": everyone's, on any wire, red included — so each is a fact "not
    v" that leaves red open); returns the players who placed them."""
    n = len(ref.table.players)
    liars = [ref.table.captain] if by == "captain" else [(ref.table.captain + i) % n for i in range(n)]
    for q in liars:
        for s, j, v in false_tokens(ref, q, on_red=by == "all"):
            if by == "captain":
                token = replace(ref.table.stand(q, s)[j], not_value=v)
                ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}))
            else:
                ref.table = replace(ref.table, facts=ref.table.facts + (Fact("not_value", q, s, v, (j,)),))
    return frozenset(liars)
