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
observer, else the captain).  The acting player decides from the table as they see it (the
public table and their own wires, ``me`` = them) by the team policy of ``advice/team.py`` — the
move "My best cuts" lists first —, with the equipment the table has: each player's Double
Detector until used, and the cards face up (``equipment``: which cards, which are spent, who
used their Double Detector), each usable once two wires of its number are cut.  The referee
(``referee.py``) answers each move on the drawn world: failures place their token (the
state's ``tokens`` kind: even/odd or x-tokens where the mission has them) and add "has"; the detonator is the state's ``mistakes_left`` (default: players − 1).  Of the mission's
rules, playouts follow the one on turned-around wires (``rules.turned``: 38, nobody else cuts
them; 56/64, cutting a teammate's moves the detonator whatever happens), which holds alike for
every player, and the rules that change with the game (number cards, 35's X wires, 46's sevens, oxygen, Nano,
the constraint and challenge cards, the special actions of 13, 23, 39, 41 and 48: the state's
``mission_play``, which every arena view carries, read by :func:`.plays.play_from_doc`; a hidden deck or
card is drawn again, seeded by the playout's world and number; mission 11's hidden red value, from the
state's ``hidden_red_value``, likewise); a
state with only ``constraints`` (the table app's: mine) plays without them.  Won when every wire is cut; lost on a red wire,
on a failure with no mistake left, or if a whole round passes with no move (no one can act).
"""

from __future__ import annotations

import math
import zlib
from dataclasses import replace
from typing import Any

from ..advice.constraint_cards import my_rules
from ..advice.hidden_red import hidden_red_law
from ..advice.table_edits import REPLACING_KINDS
from ..missions.preset import DOUBLE_DETECTOR_MODES
from ..table.errors import RuleError, StateError
from ..table.state import GameState, nano_dealt
from . import advice
from .blue_on_red import HiddenRed
from .game import Policy, play_on
from .plays import play_from_doc
from .referee import Referee
from .table_rules import TableRules

__all__ = ["Equipment", "playout", "playout_referee", "playout_start", "win_chance", "win_json"]

World = dict  # (player, stand, slot) -> wire type


class Equipment:
    """The table's equipment for playouts, read from the state's ``equipment`` (all optional):
    ``cards`` face up (ids), ``spent`` ids, ``double_detector_used`` (players), ``double_detector``
    (who may use one: "all", "disabled", "captain_disabled", "unlimited"), ``captain_no_equipment``,
    ``captain_fragile`` (the captain's failure explodes the bomb),
    ``start_mistakes`` (how far a Rewinder may take the detonator back)."""

    def __init__(self, doc: Any, players: int):
        doc = {} if doc is None else doc
        if not isinstance(doc, dict):
            raise StateError(f"'equipment' must be an object, got {doc!r}", field="equipment")
        unknown = set(doc) - {"cards", "spent", "double_detector_used", "double_detector", "captain_no_equipment",
                              "captain_fragile", "start_mistakes"}
        if unknown:
            raise StateError(f"equipment: unknown field(s) {sorted(unknown)}", field="equipment")
        self.cards = tuple(_strings(doc.get("cards", []), "cards"))
        self.spent = set(_strings(doc.get("spent", []), "spent"))
        used = doc.get("double_detector_used", [])
        if not isinstance(used, list) or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players
                                                 for p in used):
            raise StateError(f"equipment.double_detector_used must list players 0-{players - 1}, got {used!r}",
                             field="equipment")
        self.dd_used = set(used)
        mode = doc.get("double_detector", "all")
        if mode not in DOUBLE_DETECTOR_MODES:
            raise StateError(f"equipment.double_detector must be one of {', '.join(DOUBLE_DETECTOR_MODES)}, got {mode!r}",
                             field="equipment")
        self.mode = mode
        self.captain_no_equipment = bool(doc.get("captain_no_equipment", False))
        self.captain_fragile = bool(doc.get("captain_fragile", False))
        start = doc.get("start_mistakes")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int) or start < 0):
            raise StateError(f"equipment.start_mistakes must be a whole number, got {start!r}", field="equipment")
        self.start = start or 0


def _strings(raw: Any, name: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise StateError(f"equipment.{name} must be a list of card ids like [\"3\", \"10\"], got {raw!r}",
                         field="equipment")
    return raw


def playout(table: GameState, world: World, first: int, mistakes: int, policy: Policy = advice.decide,
            equipment: Equipment | None = None, red_value: int | None = None, draw: int = 0) -> bool:
    """Play the game on from the public ``table`` with the deal ``world``; True if the team wins.
    ``red_value``: mission 11's hidden card (default: drawn again, seeded by the world and ``draw``)."""
    ref = playout_referee(table, world, mistakes, equipment, red_value, draw)
    return play_on(ref, policy, first, check_truth=False).won


def playout_referee(table: GameState, world: World, mistakes: int, equipment: Equipment | None = None,
                    red_value: int | None = None, draw: int = 0) -> Referee:
    """The referee of a playout: the table's ``extra`` (the mission's rules on turned wires, what a failure
    shows) goes to every player's view, the equipment's rules (Double Detectors, the captain's) apply.
    A hidden deck or card is drawn again, seeded by the world and ``draw`` (the playout's number: a world
    drawn twice — a small table has few — must not bring the same card twice)."""
    eq = equipment or Equipment(None, len(table.players))
    extra = {k: v for k, v in table.extra.items() if k not in ("mission_play", "hidden_red_value")}
    seed = zlib.crc32(repr(sorted(world.items())).encode() + (f"#{draw}".encode() if draw else b""))
    play = play_from_doc(table.extra.get("mission_play"), len(table.players), seed)
    hidden = HiddenRed.from_table(table, seed, red_value)
    if hidden is not None:
        if play is not None:
            raise RuleError("the chance to win does not cover a hidden red value beside another changing rule")
        play = hidden
    rules = TableRules(eq.mode, eq.captain_no_equipment, tuple(sorted(extra.items())), eq.captain_fragile, play=play)
    ref = Referee(replace(table, mistakes_left=mistakes), world, rules, eq.cards, set(eq.spent), set(eq.dd_used),
                  eq.start)
    if play is not None:
        play.bind(ref)
    return ref


def playout_start(state: GameState) -> tuple[GameState, int, int]:
    """(public table, first player, mistakes left) of a state, checked for what playouts cover."""
    doc = state.extra.get("mission_play")
    if nano_dealt(state) and not (isinstance(doc, dict) and doc.get("kind") == "nano_track"):
        raise RuleError("the chance to win does not cover Nano's wires (mission 43) without Nano's track (the "
                        "arena's mission_play), which decides when a wire is taken")
    turn = state.extra.get("turn", state.me if state.me is not None else state.captain)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(state.players):
        raise RuleError(f"'turn' must be a player index 0-{len(state.players) - 1}, got {turn!r}")
    mistakes = state.mistakes_left if state.mistakes_left is not None else len(state.players) - 1
    rules = state.extra.get("rules") or {}
    kept: dict = {"rules": {"turned": rules["turned"]}} if isinstance(rules, dict) and "turned" in rules else {}
    if state.extra.get("tokens") in REPLACING_KINDS:  # what a failure shows in the playouts
        kept["tokens"] = state.extra["tokens"]
    if state.extra.get("failure_tokens") is False:  # mission 58: failures place no token
        kept["failure_tokens"] = False
    if isinstance(state.extra.get("mission_play"), dict):  # number cards, oxygen, cutting orders: mission_play.py
        kept["mission_play"] = state.extra["mission_play"]
    if nano_dealt(state):  # 43: Nano's pile is every wire in play no stand holds, in each drawn world
        kept["nano"] = nano_dealt(state)
    if state.extra.get("false_tokens") in ("captain", "all"):  # 17, 52: a failure there places a false token
        kept["false_tokens"] = state.extra["false_tokens"]
    if hidden_red_law(state):  # 11: each playout draws the card again from what the table knows of it
        kept["hidden_red_value"] = state.extra["hidden_red_value"]
    my_rules(replace(state, extra=kept))  # a bad rule is named before any game is played
    return replace(state.public(), extra=kept, mistakes_left=mistakes), turn, mistakes


def win_chance(state: GameState, n: int, seed: int) -> dict:
    """Playouts of the team policy on n worlds drawn with this seed: wins, estimate, standard error."""
    from ..questions.sampler import sample_deals

    table, first, mistakes = playout_start(state)
    eq = Equipment(state.extra.get("equipment"), len(state.players))
    wins = sum(playout(table, deal, first, mistakes, advice.decide, eq, draw=n * seed + i + 1)
               for i, deal in enumerate(sample_deals(state, n, seed)))
    p = wins / n if n else 0.0
    se = math.sqrt(p * (1 - p) / n) if n else 0.0
    return {"wins": wins, "n": n, "p": p, "se": se, "seed": seed}


def win_json(doc: Any, n: int = 20, seed: int = 0) -> dict:
    """Bridge/CLI entry: :func:`win_chance` on a state document (the page asks in slices of a few games)."""
    return win_chance(GameState.from_json(doc), n, seed)
