"""Mission presets 1–66: what each mission deals and which special rules apply.

Why counts, not wire numbers: the yellow and red numbers are drawn at the table
each game, so a preset can only say "2 of 3 yellow" (a few cards print the
numbers: those are ``*_fixed``).  The UI shows :func:`setup_json`, asks
the players which numbers were drawn, and :meth:`Mission.wires` turns those
into the engine's ``"wires"`` object (see :class:`bombbusters.wires.WireSetup`).
The rows themselves are in ``mission_table.py``; custom setups are entered by
hand, so nothing here is required to play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..table.errors import StateError
from ..table.wires import COLOUR_MAX, RED, YELLOW
from .catalog import ROWS, campaign_equipment, new_characters, spec
from .drawn import ColourNumbers, colour_wires, numbers_needed

__all__ = [
    "colour_max",
    "TOKEN_VARIANTS",
    "DOUBLE_DETECTOR_MODES",
    "CONSTRAINT_SCHEMES",
    "EQUIPMENT",
    "Mission",
    "MISSIONS",
    "get_mission",
    "setup_json",
    "all_missions_json",
]

#: the player counts the game is played with
PLAYER_COUNTS = (2, 3, 4, 5)
#: wires dealt face down to Nano (mission 43) by player count
NANO_WIRES = {2: 5, 3: 4, 4: 4, 5: 3}
#: starting indicator tokens: value tokens, parity only, x1/x2/x3, or none at all (m18)
TOKEN_VARIANTS = ("value", "even_odd", "multiplicity", "none")
#: who may use the Double Detector character card
DOUBLE_DETECTOR_MODES = ("all", "disabled", "captain_disabled", "unlimited")
#: how a mission uses the constraint cards ("" none; see :class:`Mission`)
CONSTRAINT_SCHEMES = ("", "chosen", "deck", "weakest_link", "per_value", "ring", "bunker")

#: rules on which cuts are legal (the table app turns them into the moves request's ``rules``)
SPECIAL = frozenset({"x_after_yellow", "sevens_last", "yellow_special", "oxygen_reserve", "oxygen_own", "oxygen_pass", "oxygen_gift", "challenges",
                     "nano_detonator"})

#: equipment id -> name, so the UI can label the ids a mission allows
EQUIPMENT: dict[str, str] = {
    "1": "Label ≠",
    "2": "Walkie-Talkies",
    "3": "Triple Detector",
    "4": "Post-it",
    "5": "Super Detector",
    "6": "Rewinder",
    "7": "Emergency Batteries",
    "8": "General Radar",
    "9": "Stabilizer",
    "10": "X-or-Y Ray",
    "11": "Coffee Mug",
    "12": "Label =",
    "Y": "False Bottom",
    "2.2": "Single Wire Label",
    "3.3": "Emergency Drop",
    "9.9": "Fast Pass",
    "10.10": "Disintegrator",
    "11.11": "Grappling Hook",
}



@dataclass(frozen=True)
class Mission:
    """One mission preset.

    Colour specs: ``*_count`` wires of that colour end up in play from the
    plain deal (``*_of`` is None) or kept from ``*_of`` drawn candidates;
    ``*_known`` extra wires sit beside such a draw ("2 + 2 of 3" is
    ``known=2, count=2, of=3``; no preset needs it today, custom setups may).
    ``*_fixed``: the numbers printed on the card (nothing to draw).
    ``by_players``: (player count, red spec, yellow spec) where a mission deals
    other wires for that many players (mostly 2 players); :meth:`for_players`
    gives the mission as played at that count; ``allowed``: the player counts
    the mission can be played with.  Table rules: ``hidden_red_value`` (a blue
    value nobody has seen counts as red), ``x_blue`` (X wires are blue),
    ``yellow_dealt`` ("one_each": one yellow per player, none to the captain
    with 5; "captain_first": one per player from the captain), ``constraints``
    (how constraint cards are used: "chosen", "deck", "weakest_link",
    "per_value", "ring", "bunker"), ``failure_tokens`` (False: a failed cut
    places no token), ``captain_fragile`` (the captain's — the rookie's —
    failed dual cut explodes the bomb), ``captain_no_equipment`` (no equipment card for the captain),
    ``captain_no_token_2p`` (with 2 players the captain places no starting info token),
    ``free_turns`` (turns in any order, "Snip!", never twice in a row: 10), ``sound_rounds`` (30: a sound file's
    timed rounds — a number card to cut, a missed round moving the detonator, a player telling whether they hold a
    value, the yellow wires each has left made public, then three values only; the table app records them, the
    arena plays without them: table_rules.UNSIMULATED), ``false_by`` (whose tokens are
    false: "captain" — 2 at setup, not on red, and on their wire after a failure (17) —, "all" — 2 each,
    on any wire, red included, and on any wire after a failure (52)), ``special``
    (rules on which cuts are legal: "x_after_yellow" — X wires only after the
    4 yellows, never with equipment —, "sevens_last", "yellow_special" —
    yellow wires only by the mission's special action —, "oxygen_reserve" /
    "oxygen_own" — each cut pays oxygen tokens by the depth of its value, from
    one reserve (44) or the player's own (54) —, "oxygen_pass" — as many as
    its value, from the tokens passed round the table (63) —, "oxygen_gift" — as
    many as its value, from the cutter's own to a teammate they pick (49) —,
    "challenges" — a challenge card completed moves the detonator back (55, 60), "nano_detonator" — Nano's
    track stands for the detonator: a success moves it on, one of its value back, a failure two on (53)),
    ``number_cards``
    (how number cards in view decide the value to cut: "pick" — one of
    them —, "sum" — the sum or difference of two —, "sequence" — in their
    order —, "noble" — that value only by the special action —, "detonator" — each of their values
    cut all four moves the detonator back a space, mission 62 —, "line" — Nano on a line of the 12 cards picks
    the value under it or one ahead, 59), ``turned`` (wires turned around unseen,
    ``T`` in the notation: "captain" — one at the captain's far right, only they cut it (38) —, "each" —
    one at each player's far right (56) —, "ends" — two per player, the lower far left, the higher far
    right (64); in 56 and 64 a teammate may cut one, but the detonator moves a space).
    """

    number: int
    title: str
    blue: tuple[int, int] = (1, 12)
    yellow_count: int = 0
    yellow_of: int | None = None
    yellow_known: int = 0
    red_count: int = 0
    red_of: int | None = None
    red_known: int = 0
    yellow_fixed: tuple[int, ...] = ()
    red_fixed: tuple[int, ...] = ()
    name: str = ""
    allowed: tuple[int, ...] = (2, 3, 4, 5)
    tokens: str = "value"
    x_tokens: bool = False
    false_tokens: bool = False
    absent_tokens: bool = False
    open_red_deal: bool = False
    random_info_token: bool = False
    #: 22: once two yellow wires are cut, each player from the captain gives a token to their left neighbour
    token_pass: bool = False
    double_detector: str = "all"
    equipment: tuple[str, ...] = ()
    notes: str = ""
    by_players: tuple[tuple[int, str, str], ...] = ()
    hidden_red_value: bool = False
    x_blue: bool = False
    #: where the card sets the detonator dial: "end" a space from the end, no mistake allowed (41, 55, 60, 62);
    #: "back" a space further back, as if one more player played (51); "": one mistake fewer than the players
    detonator: str = ""
    yellow_dealt: str = ""
    constraints: str = ""
    failure_tokens: bool = True
    captain_fragile: bool = False
    captain_no_equipment: bool = False
    captain_no_token_2p: bool = False
    free_turns: bool = False
    sound_rounds: bool = False
    false_by: str = ""
    special: tuple[str, ...] = ()
    number_cards: str = ""
    #: 23: no card lies face up at first (a face-down deck); the cards left turn face up, all usable, once the
    #: mission's special action is done
    equipment_after_special: bool = False
    turned: str = ""
    nano: bool = False
    #: the new characters non-captains may take instead of their Double Detector (rule sticker B: catalog.new_characters)
    characters: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # the table is typed by hand: catch a slip here rather than at the table
        assert self.tokens in TOKEN_VARIANTS, self.tokens
        assert self.double_detector in DOUBLE_DETECTOR_MODES, self.double_detector
        assert all(e in EQUIPMENT for e in self.equipment), self.equipment
        for count, of, known in self._specs().values():
            assert of is None or 0 < count < of, (count, of)
            assert of is not None or known == 0, "known wires only beside an 'a of b' draw"
            assert numbers_needed(count, of, known) <= COLOUR_MAX
        assert all(n in PLAYER_COUNTS for n, _, _ in self.by_players), self.by_players
        assert set(self.allowed) <= set(PLAYER_COUNTS), self.allowed
        assert self.yellow_dealt in ("", "one_each", "captain_first"), self.yellow_dealt
        assert self.constraints in CONSTRAINT_SCHEMES, self.constraints
        assert set(self.special) <= SPECIAL, self.special
        assert self.number_cards in ("", "pick", "sum", "sequence", "noble", "detonator", "guess", "line"), self.number_cards
        assert self.turned in ("", "captain", "each", "ends"), self.turned
        assert self.false_by in ("", "captain", "all") and bool(self.false_by) == self.false_tokens, self.false_by

    def for_players(self, n: int) -> "Mission":
        """The mission as dealt to ``n`` players (its wires differ for some counts; False Bottom, rule sticker A,
        joins the pile only where yellow wires are dealt — 52 deals them with 2 players only)."""
        m = replace(self, by_players=()) if self.by_players else self
        for count, red, yellow in self.by_players:
            if count == n:
                yc, yo, yk, yf = spec(yellow)
                rc, ro, rk, rf = spec(red)
                m = replace(m, yellow_count=yc, yellow_of=yo, yellow_known=yk, yellow_fixed=yf,
                            red_count=rc, red_of=ro, red_known=rk, red_fixed=rf)
        if "Y" in m.equipment and m.yellow_count + m.yellow_known == 0:
            m = replace(m, equipment=tuple(e for e in m.equipment if e != "Y"))
        return m

    # ---- colour specs ---------------------------------------------------------
    def _specs(self) -> dict[str, tuple[int, int | None, int]]:
        return {
            YELLOW: (self.yellow_count, self.yellow_of, self.yellow_known),
            RED: (self.red_count, self.red_of, self.red_known),
        }

    @property
    def wires_in_play(self) -> int:
        """Wires dealt to the stands (discarded candidates excluded)."""
        lo, hi = self.blue
        return 4 * (hi - lo + 1) + sum(c + k for c, _, k in self._specs().values())

    def numbers_needed(self, colour: str) -> int:
        """How many wire numbers of ``colour`` the players must read off the table."""
        return numbers_needed(*self._specs()[colour])

    def fixed(self, colour: str) -> tuple[int, ...]:
        """The numbers of ``colour`` printed on the card (nothing to draw)."""
        return self.yellow_fixed if colour == YELLOW else self.red_fixed

    def wires(self, yellow_numbers: ColourNumbers = None, red_numbers: ColourNumbers = None) -> dict:
        """The engine's ``"wires"`` object from the numbers drawn at the table.

        For an "a of b" draw give the b candidate numbers; for a "k + a of b" spec give
        the 2 known reds first, then the 3 candidates (or use the mapping form).
        """
        doc: dict[str, Any] = {"blue": list(self.blue)}
        for colour, numbers in ((YELLOW, yellow_numbers), (RED, red_numbers)):
            group = colour_wires(f"mission {self.number} ({self.title})", colour, self._specs()[colour],
                                 self.fixed(colour), numbers)
            if group is not None:
                doc[colour] = group
        return doc

def colour_max(blue: tuple[int, int]) -> int:
    """The highest yellow or red number a mission draws: below its highest blue value (2, blue 1-8: yellow 1.1-7.1;
    3, blue 1-10: red 1.5-9.5; the cards' draws, as bdiffuser's mission data reads them), 11 with all twelve."""
    return min(COLOUR_MAX, blue[1] - 1)


# ---- the table (mission_table.py) ------------------------------------------------
def _wires_json(m: Mission, players: int | None = None) -> dict:
    """The yellow and red specs and the wires in play, as the UI reads them."""

    def colour_spec(colour: str) -> dict | None:
        count, of, known = m._specs()[colour]
        if count + known == 0:
            return None
        out: dict[str, Any] = {
            "count": count,
            "of": of,
            "known": known,
            "in_play": count + known,
            "numbers_needed": numbers_needed(count, of, known),
        }
        if m.fixed(colour):
            out["fixed"] = list(m.fixed(colour))
        return out

    out: dict[str, Any] = {"yellow": colour_spec(YELLOW), "red": colour_spec(RED), "wires_in_play": m.wires_in_play}
    if m.nano and players is not None:  # 43: dealt face down to Nano before the players' deal
        out["nano"] = NANO_WIRES[players]
    if players is not None:  # the pile at this count (False Bottom only where yellow wires are dealt)
        out["equipment"] = list(m.equipment)
    return out


def setup_json(m: Mission) -> dict:
    """The preset for the UI, which then asks for the drawn numbers.

    ``yellow``/``red``/``wires_in_play`` are the usual deal (3-5 players);
    ``players`` gives them for every player count the mission allows.
    """
    return {
        "number": m.number,
        "title": m.title,
        "name": m.name,
        "blue": list(m.blue),
        **_wires_json(m),
        "players": {str(n): _wires_json(m.for_players(n), n) for n in m.allowed},
        "tokens": m.tokens,
        "x_tokens": m.x_tokens,
        "false_tokens": m.false_tokens,
        "false_by": m.false_by,
        "absent_tokens": m.absent_tokens,
        "open_red_deal": m.open_red_deal,
        "random_info_token": m.random_info_token,
        "token_pass": m.token_pass,
        "double_detector": m.double_detector,
        "hidden_red_value": m.hidden_red_value,
        "x_blue": m.x_blue,
        "detonator": m.detonator,
        "yellow_dealt": m.yellow_dealt,
        "constraints": m.constraints,
        "failure_tokens": m.failure_tokens,
        "captain_fragile": m.captain_fragile,
        "captain_no_equipment": m.captain_no_equipment,
        "captain_no_token_2p": m.captain_no_token_2p,
        "special": list(m.special),
        "number_cards": m.number_cards,
        "equipment_after_special": m.equipment_after_special,
        "turned": m.turned,
        "free_turns": m.free_turns,
        "sound_rounds": m.sound_rounds,
        "characters": list(m.characters),
        "equipment": list(m.equipment),
        "notes": m.notes,
    }


def _from_row(row: dict[str, Any]) -> Mission:
    """A preset from one row of :data:`~.mission_table.ROWS`."""
    row = dict(row)
    number = row.pop("number")
    yc, yo, yk, yf = spec(row.pop("yellow"))
    rc, ro, rk, rf = spec(row.pop("red"))
    only = row.pop("only", None)
    without = row.pop("without", ())
    equipment = tuple(only) if only is not None else campaign_equipment(number, without)
    title = f"Training {number}" if number <= 8 else f"Mission {number}"
    players = row.pop("players", {})
    return Mission(
        number, title, yellow_count=yc, yellow_of=yo, yellow_known=yk, yellow_fixed=yf,
        red_count=rc, red_of=ro, red_known=rk, red_fixed=rf, equipment=equipment, characters=new_characters(number),
        name=row.pop("title"), by_players=tuple((n, r, y) for n, (r, y) in sorted(players.items())), **row,
    )


_ROWS = [_from_row(r) for r in ROWS]

MISSIONS: dict[int, Mission] = {m.number: m for m in _ROWS}
_FIRST, _LAST = min(MISSIONS), max(MISSIONS)


def get_mission(n: Any) -> Mission:
    """The preset for mission ``n``; a clear error names the range presets exist for."""
    if isinstance(n, bool) or not isinstance(n, int) or n not in MISSIONS:
        raise StateError(
            f"no preset for mission {n!r}: presets exist for missions {_FIRST}-{_LAST}; "
            "enter other setups by hand",
            field="mission",
        )
    return MISSIONS[n]


def all_missions_json() -> list[dict]:
    """Every preset in mission order, for the bridge and the mission picker."""
    return [setup_json(MISSIONS[n]) for n in sorted(MISSIONS)]
