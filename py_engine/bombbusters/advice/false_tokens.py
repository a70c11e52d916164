"""False starting tokens (17: the captain's two, never on a red wire; 52: everyone's two, red ones too):
where they go and what they say — one statement of the rule for the page's advice and the arena's players.

Each false token says "this wire is not N".  The rules leave the choice free; the team's rule: on each
wire, the blue value the public table finds likeliest there among those the wire is not (so the token
rules out what teammates would guess first), on the wires where that value is likeliest.  Because the
rule is known and the public chances are everyone's, a token that is not the likeliest value of its
wire also says the wire *is* the likeliest — the arena's players read that (``arena/tokens.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..questions.analysis import solve_state
from ..table.errors import StateError
from ..table.notation import CUT, observed, slot_letter
from ..table.players import Player
from ..table.state import GameState
from ..table.wires import BLUE, RED, colour_of, label, value_of

__all__ = ["likeliest", "value_laws", "false_choice", "rank_false_tokens"]


def likeliest(law: dict, skip: object = None) -> int:
    """The value of ``law`` with the greatest chance (the lowest among equals), ``skip`` left out."""
    return min((v for v in law if v != skip), key=lambda v: (-law[v], v))


def value_laws(an: Any, p: int, spots: list[tuple[int, int]], blue: tuple[int, int]) -> dict:
    """{(stand, slot): {blue value: its chance there}} of player p's wires at ``spots``, by analysis ``an`` (every
    blue value of ``blue`` listed, 0 where it cannot be)."""
    lo, hi = blue
    out = {}
    for s, j in spots:
        by_value = an.value_probs(p, s, j)
        out[(s, j)] = {v: by_value.get(v, 0.0) for v in range(lo, hi + 1)}
    return out


def false_choice(laws: dict, truth: dict, on_red: bool) -> list[tuple[tuple[int, int], tuple[tuple, int]]]:
    """Every wire that may take a false token, best first: [((stand, slot), ((-chance, (stand, slot)), value))].

    ``laws``: {(stand, slot): {blue value: its public chance there}}; ``truth``: {(stand, slot): the wire};
    ``on_red``: red wires take one too (52).  The value is the likeliest the wire is not; the wires rank by
    its chance (then by place)."""
    keys = {}
    for (s, j), law in laws.items():
        t = truth[(s, j)]
        if colour_of(t) == RED and not on_red:
            continue
        v = likeliest(law, value_of(t) if colour_of(t) == BLUE else None)
        keys[(s, j)] = ((-law[v], (s, j)), v)
    return sorted(keys.items(), key=lambda kv: kv[1][0])


def rank_false_tokens(state: GameState) -> list[dict[str, Any]]:
    """For ``me``, every uncut wire that may take a false token, best first, with the value it says it is not
    (``token`` "!N") and that value's public chance there (``p``): the table as teammates see it, my false
    tokens already placed left out (the rule places both on the same table: ask it before the game)."""
    me = state.me
    if me is None:
        raise StateError("token advice is for one player: set 'me'", field="me")
    on_red = state.extra.get("false_tokens") == "all"
    mine = state.players[me].stands
    hidden = tuple(tuple(replace(observed(sl), not_value=None) for sl in st) for st in mine)
    players = tuple(Player(p.name, hidden) if q == me else p for q, p in enumerate(state.players))
    # (52's tokens are facts "not N" on my wires; before the game, the only ones there)
    facts = tuple(f for f in state.facts if not (f.player == me and f.kind == "not_value"))
    an = solve_state(replace(state, players=players, facts=facts, me=None, extra={}))
    truth = {(s, j): sl.wire for s, st in enumerate(mine) for j, sl in enumerate(st) if sl.state != CUT and sl.wire is not None}
    laws = value_laws(an, me, list(truth), state.wires.blue_range)
    return [{"stand": s, "slot": j, "letter": slot_letter(j), "wire": label(truth[(s, j)]), "token": f"!{v}", "p": -key[0]}
            for (s, j), (key, v) in false_choice(laws, truth, on_red)]
