"""Chance to win: the team's games played out on worlds drawn from the exact posterior.

Why playouts: whether the team defuses the bomb depends on every later turn,
and each turn on what that player can know, so no DP gives it.  A world is
drawn by the exact sampler (``sampler.py``); the rest of the game is then
played on it by a fixed team policy that never looks at the world, only at
the table and the acting player's own wires; the share of games won, with
its standard error, estimates the chance.  The same policy on every world of
a tiny game, weighed by the oracle, gives the exact value the tests compare
against.

**Team policy.**  Turns go clockwise from the state's ``turn`` (default: the
observer, else the captain).  The acting player solves the table as they see
it (the public table and their own wires, ``me`` = them) and plays the first
move of :func:`~.moves.rank_moves` among dual cuts, sure solo cuts,
revealing their reds and cutting their own turned-around wire (missions 38,
56, 64: they see the teammates' ones, not their own; its failure explodes)
— no equipment (kept for when a player chooses it).  A
player with no wire left passes.  Failures place their info token and add
"has"; the detonator is the state's ``mistakes_left`` (default: players − 1).
Of the mission's rules, playouts follow the one on turned-around wires
(``rules.turned``: 38, nobody else cuts them; 56/64, cutting a teammate's
moves the detonator whatever happens), which holds alike for every player;
the rules that change with the game (number cards, 35's X wires, 46's
sevens) and the constraint cards (mine only) are left out.
Won when every wire is cut; lost on a red wire, on a failure with no mistake
left, or if a whole round passes with no move (no one can act).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable

from ..table.errors import RuleError
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState, nano_dealt
from ..table.wires import RED, colour_of, value_of
from .constraint_cards import my_rules
from .hidden_red import hidden_red_law
from .moves import rank_moves
from .table_edits import cut_own, cut_slot, set_slots, token_slot, with_cuts

__all__ = ["POLICY_KINDS", "playout", "win_chance", "win_json"]

#: the moves the team policy takes (the first ranked of these)
POLICY_KINDS = ("dual_cut", "solo_cut", "reveal_red", "turned_cut")

World = dict  # (player, stand, slot) -> wire type


def _view(table: GameState, world: World, q: int) -> GameState:
    """The table as player q sees it: the public table, q's own wires (and any wire q gave away) but their
    turned-around ones, and the teammates' turned-around wires."""
    origin = table.dealt().origin
    changes = {}
    for p, s in table.stand_keys():
        for j, sl in enumerate(table.stand(p, s)):
            mine = p == q or (origin.get((p, s, j), (p, s, j))[0] == q)
            if mine != sl.turned and sl.state != CUT and sl.wire is None:
                changes[(p, s, j)] = replace(sl, wire=world[(p, s, j)], colour=None)
    return replace(table, players=set_slots(table, changes), me=q, extra={"available": [], **table.extra})


def _choose(view: GameState) -> dict | None:
    for m in rank_moves(view):
        if m.get("forbidden") or m["kind"] not in POLICY_KINDS:
            continue
        if m["kind"] == "solo_cut" and not m["guaranteed"]:
            continue
        return m
    return None


def playout(table: GameState, world: World, first: int, mistakes: int,
            choose: Callable[[GameState], dict | None] = _choose) -> bool:
    """Play the game on from the public ``table`` with the deal ``world``; True if the team wins."""
    n = len(table.players)
    q, idle = first, 0
    seen = {k: t for k, t in world.items() if not table.stand(k[0], k[1])[k[2]].turned}  # what a player may pick to cut
    while True:
        uncut = [k for k in world if table.stand(k[0], k[1])[k[2]].state != CUT]
        if not uncut:
            return True
        if idle >= n:
            return False  # a whole round and no one could act
        if not any(k[0] == q for k in uncut):
            q, idle = (q + 1) % n, idle + 1
            continue
        move = choose(_view(table, world, q))
        if move is None:
            q, idle = (q + 1) % n, idle + 1
            continue
        idle = 0
        kind, v = move["kind"], move["value"]
        if kind == "reveal_red":
            changes = cut_own(table, seen, q, "RED", None)
        elif kind == "solo_cut":
            changes = cut_own(table, seen, q, v, None)
        else:
            spot = (move["player"], move["stand"], move["slots"][0])
            w = world[spot]
            ok = _succeeds(move, world, q)
            if "costs_mistake" in move:  # 56, 64: a teammate's turned-around wire moves the detonator whatever happens
                if mistakes <= 0:
                    return False
                if ok:
                    mistakes -= 1
                    table = replace(table, mistakes_left=mistakes)
            if kind == "turned_cut":  # q's own turned-around wire: both must be v, else the bomb explodes
                if not ok:
                    return False
                own = (q, *move["mine"])
                changes = {spot: cut_slot(table, spot, w), own: cut_slot(table, own, world[own])}
            elif ok:
                changes = {spot: cut_slot(table, spot, w), **cut_own(table, seen, q, v, 1)}
            elif colour_of(w) == RED or mistakes <= 0:
                return False
            else:
                mistakes -= 1
                table = replace(table, players=set_slots(table, {spot: token_slot(table, spot, w)}),
                                facts=table.facts + (Fact("has", q, None, v),), mistakes_left=mistakes)
                q = (q + 1) % n
                continue
        table = with_cuts(table, changes)
        q = (q + 1) % n


def _succeeds(move: dict, world: World, q: int) -> bool:
    """Whether a dual or turned cut finds its value on this world."""
    v = move["value"]
    ok = value_of(world[(move["player"], move["stand"], move["slots"][0])]) == v
    return ok and (move["kind"] != "turned_cut" or value_of(world[(q, *move["mine"])]) == v)


def _start(state: GameState) -> tuple[GameState, int, int]:
    """(public table, first player, mistakes left) of a state, checked for what playouts cover."""
    if hidden_red_law(state):
        raise RuleError("the chance to win does not cover mission 11's hidden red value: its playouts would need "
                        "the card's value, which no table shows")
    if nano_dealt(state):
        raise RuleError("the chance to win does not cover Nano's wires (mission 43): its playouts would need "
                        "Nano's track, which decides when a wire is taken")
    turn = state.extra.get("turn", state.me if state.me is not None else state.captain)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(state.players):
        raise RuleError(f"'turn' must be a player index 0-{len(state.players) - 1}, got {turn!r}")
    mistakes = state.mistakes_left if state.mistakes_left is not None else len(state.players) - 1
    rules = state.extra.get("rules") or {}
    kept = {"rules": {"turned": rules["turned"]}} if isinstance(rules, dict) and "turned" in rules else {}
    my_rules(replace(state, extra=kept))  # a bad rule is named before any game is played
    return replace(state.public(), extra=kept, mistakes_left=mistakes), turn, mistakes


def win_chance(state: GameState, n: int, seed: int) -> dict:
    """Playouts of the team policy on n worlds drawn with this seed: wins, estimate, standard error."""
    from ..questions.sampler import sample_deals

    table, first, mistakes = _start(state)
    wins = sum(playout(table, deal, first, mistakes) for deal in sample_deals(state, n, seed))
    p = wins / n if n else 0.0
    se = math.sqrt(p * (1 - p) / n) if n else 0.0
    return {"wins": wins, "n": n, "p": p, "se": se, "seed": seed}


def win_json(doc: Any, n: int = 20, seed: int = 0) -> dict:
    """Bridge/CLI entry: :func:`win_chance` on a state document (the page asks in slices of a few games)."""
    return win_chance(GameState.from_json(doc), n, seed)
