"""Which family of changing rules a mission plays by (:mod:`.mission_play`), made from the deal's
number cards, or again from a view's ``mission_play`` for the ``win`` playouts.

Why a table of its own: ``deal.refusal`` asks it which missions the arena can play by their full
rules, and ``table_rules.rules_of`` asks it for the game's play, so the two never disagree.
"""

from __future__ import annotations

import random
from typing import Any

from ..missions.preset import Mission
from .absent import Absent, TokenDraw
from .challenges import Challenges
from .constraint_play import ALL_CARDS, Chosen, Deck, shuffled
from .constraint_table import PerValue, Ring
from .blue_on_red import HiddenRed
from .locked_equipment import DOC_KINDS, Fordwich, Novosibirsk, RedTape
from .tripwires import Lethal, Tripwires
from .mission_play import MissionPlay
from .nano import NanoDetonator, NanoRescue, NanoTrack, nano_from_doc
from .number_cards import Hands, Pick, Roulette, Sequence, Sum
from .number_turns import Guess, Radar, Sir, Volunteers
from .oxygen import Oxygen
from .special_cuts import SevensLast, XAfterYellow
from .together import AllAtOnce, Noble, RedAlert
from .weakest_link import Weakest

__all__ = ["PLAYS", "play_from_doc", "play_of"]

#: mission -> how its play is made from (the 12 number cards shuffled, the players, the game's seed)
PLAYS: dict[int, Any] = {
    9: lambda ns, n, seed: Sequence(list(ns[:3]), 2, False, 9),
    16: lambda ns, n, seed: Sequence(list(ns[:3]), 4, False, 16),
    36: lambda ns, n, seed: Sequence(list(ns[:5]), 2, True, 36),
    26: lambda ns, n, seed: Pick(),
    47: lambda ns, n, seed: Sum(),
    65: lambda ns, n, seed: Hands(tuple(ns), n),
    62: lambda ns, n, seed: Roulette(tuple(ns[:n])),
    51: lambda ns, n, seed: Sir(tuple(ns), seed, 51),
    45: lambda ns, n, seed: Volunteers(tuple(ns), seed, 45),
    18: lambda ns, n, seed: Radar(tuple(ns), seed, 18),
    29: lambda ns, n, seed: Guess(tuple(ns), n),
    13: lambda ns, n, seed: RedAlert(n, seed),
    22: lambda ns, n, seed: Absent(),
    27: lambda ns, n, seed: TokenDraw(str(seed)),
    39: lambda ns, n, seed: Noble(tuple(ns), seed),
    35: lambda ns, n, seed: XAfterYellow(),
    46: lambda ns, n, seed: SevensLast(),
    44: lambda ns, n, seed: Oxygen("reserve", n, 44),
    49: lambda ns, n, seed: Oxygen("gift", n, 49),
    63: lambda ns, n, seed: Oxygen("pass", n, 63),
    43: lambda ns, n, seed: NanoTrack(n, seed),
    53: lambda ns, n, seed: NanoDetonator(),
    59: lambda ns, n, seed: NanoRescue(list(ns)),
    31: lambda ns, n, seed: Chosen(),
    32: lambda ns, n, seed: Deck(shuffled(seed, ALL_CARDS, "32"), "captain"),
    37: lambda ns, n, seed: Deck(shuffled(seed, ALL_CARDS, "37"), "fours"),
    34: lambda ns, n, seed: Weakest.deal(n, seed),
    57: lambda ns, n, seed: PerValue.dealt(seed),
    61: lambda ns, n, seed: Ring.dealt(n, seed),
    55: lambda ns, n, seed: Challenges.dealt(n, seed),
    60: lambda ns, n, seed: Challenges.dealt(n, seed),
    11: lambda ns, n, seed: HiddenRed(ns[0], face_up=True),  # the card: drawn and set face up
    12: lambda ns, n, seed: RedTape(tuple(ns)),
    15: lambda ns, n, seed: Novosibirsk(tuple(ns)),
    23: lambda ns, n, seed: Fordwich(tuple(ns), seed),
    41: lambda ns, n, seed: Tripwires(seed),
    48: lambda ns, n, seed: Lethal(n, seed),
}

def all_at_once_from_doc(doc: dict, players: int, seed: int) -> AllAtOnce:
    """A playout's play from a view's ``mission_play`` (kind "all_at_once"): 13's reds, 39's noble value
    (the face-down deck's cards, which nobody has seen, drawn again among the other values, seeded), 48's
    yellow wires; whether the action is done."""
    mission = int(doc["mission"])
    play: AllAtOnce
    if mission == 13:
        play = RedAlert(players, str(seed))
    elif mission == 48:
        play = Lethal(players, str(seed))
    elif mission == 39:
        return Noble.from_doc(doc, players, seed)
    else:
        raise ValueError(f"mission_play: no special action of mission {mission} is played out")
    play.done = bool(doc["done"])
    return play


#: a play's kind -> how a playout remakes it from (doc, players, seed): the constraint and challenge cards,
#: and the families that read their own doc back (locked_equipment.py)
_FROM_DOC: dict[str, Any] = {
    "chosen": lambda doc, n, seed: Chosen.from_doc(doc),
    "constraint_deck": lambda doc, n, seed: Deck.from_doc(doc, seed),
    "per_value": lambda doc, n, seed: PerValue.from_doc(doc, seed),
    "ring": lambda doc, n, seed: Ring.from_doc(doc, seed),
    "weakest": lambda doc, n, seed: Weakest.from_doc(doc, n, seed),
    "challenges": lambda doc, n, seed: Challenges.from_doc(doc),
    "all_at_once": all_at_once_from_doc,
    "guess": Guess.from_doc,
    "tripwires": Tripwires.from_doc,
    **DOC_KINDS,
}


def play_of(mission: Mission, deal: Any = None) -> MissionPlay | None:
    """The play of one game of ``mission`` dealt as ``deal`` (its number cards, players and seed), or
    None: the mission has no changing rule (or no deal was given)."""
    make = PLAYS.get(mission.number)
    if make is None or deal is None:
        return None
    return make(tuple(deal.numbers) or tuple(range(1, 13)), len(deal.table.players), deal.seed)


def play_from_doc(doc: Any, players: int, seed: int = 0) -> MissionPlay | None:
    """A playout's play from a view's ``mission_play`` (the public state of the rule); a hidden number
    deck (45, 51) is shuffled again."""
    if not isinstance(doc, dict):
        return None
    kind = doc.get("kind")
    if kind == "sequence":
        play: MissionPlay = Sequence(list(doc["line"]), int(doc["need"]), bool(doc["free_end"]), int(doc["mission"]))
        play.front = bool(doc["front"])  # type: ignore[attr-defined]
    elif kind == "pick":
        play = Pick()
        play.up, play.gone = set(doc["up"]), set(doc["gone"])  # type: ignore[attr-defined]
    elif kind == "sum":
        play = Sum()
        play.cards = list(doc["cards"])  # type: ignore[attr-defined]
    elif kind == "hands":
        play = Hands((), players)
        play.hands = {int(p): list(h) for p, h in doc["hands"].items()}  # type: ignore[attr-defined]
    elif kind == "roulette":
        play = Roulette(tuple(doc["cards"]))
        play.done = list(doc["done"])  # type: ignore[attr-defined]
    elif kind == "deck":
        deck = list(doc["deck"])
        random.Random(seed).shuffle(deck)
        if doc.get("current"):  # the card flipped for the turn under way (the table app's 18) comes first
            deck.insert(0, int(doc["current"][1]))
        maker = {51: Sir, 18: Radar}.get(int(doc["mission"]), Volunteers)
        play = maker(tuple(deck), str(seed), int(doc["mission"]))
    elif kind == "absent":
        play = Absent()
        play.given = bool(doc["given"])  # type: ignore[attr-defined]
    elif kind == "token_draw":
        play = TokenDraw(str(seed))
        play.drawn = bool(doc["drawn"])  # type: ignore[attr-defined]
    elif kind == "x_after_yellow":
        play = XAfterYellow()
    elif kind == "sevens_last":
        play = SevensLast()
    elif kind == "oxygen":
        play = Oxygen(str(doc["oxygen"]), players, int(doc["mission"]))
        play.tokens = {int(k): int(v) for k, v in doc["tokens"].items()}  # type: ignore[attr-defined]
        play.last = doc.get("last")  # type: ignore[attr-defined]
    elif kind in _FROM_DOC:
        play = _FROM_DOC[kind](doc, players, seed)
    else:
        return nano_from_doc(doc, players, seed)
    return play
