"""Mission presets 1–66: what each mission deals and which special rules apply.

Why counts, not wire numbers: the yellow and red numbers are drawn at the table
each game, so a preset can only say "2 of 3 yellow" (a few cards print the
numbers: those are ``*_fixed``).  The UI shows :meth:`Mission.setup_json`, asks
the players which numbers were drawn, and :meth:`Mission.wires` turns those
into the engine's ``"wires"`` object (see :class:`bombbusters.wires.WireSetup`).
The rows themselves are in ``mission_table.py``; custom setups are entered by
hand, so nothing here is required to play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from ..table.errors import StateError
from ..table.wires import COLOUR_MAX, RED, YELLOW
from .catalog import ROWS, campaign_equipment, spec

__all__ = [
    "TOKEN_VARIANTS",
    "DOUBLE_DETECTOR_MODES",
    "CONSTRAINT_SCHEMES",
    "EQUIPMENT",
    "Mission",
    "MISSIONS",
    "get_mission",
    "all_missions_json",
]

#: the player counts the game is played with
PLAYER_COUNTS = (2, 3, 4, 5)
#: wires dealt face down to Nano (mission 43) by player count
NANO_WIRES = {2: 5, 3: 4, 4: 4, 5: 3}
#: starting indicator tokens: value tokens, parity only, x1/x2/x3, or none at all (m18)
TOKEN_VARIANTS = ("value", "even_odd", "multiplicity", "none")
#: who may use the Double Detector character card
DOUBLE_DETECTOR_MODES = ("all", "disabled", "captain_disabled")
#: how a mission uses the constraint cards ("" none; see :class:`Mission`)
CONSTRAINT_SCHEMES = ("", "chosen", "deck", "weakest_link", "per_value", "ring", "bunker")

#: rules on which cuts are legal (the table app turns them into the moves request's ``rules``)
SPECIAL = frozenset({"x_after_yellow", "sevens_last", "yellow_special", "oxygen_reserve", "oxygen_own", "oxygen_pass", "oxygen_gift", "challenges"})

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

#: numbers entered for one colour: a flat list (known first, then the drawn
#: candidates) or, to avoid relying on order, {"known": [...], "of": [...]}
ColourNumbers = Sequence[int] | Mapping[str, Sequence[int]] | None


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
    failed dual cut explodes the bomb), ``captain_no_equipment``, ``special``
    (rules on which cuts are legal: "x_after_yellow" — X wires only after the
    4 yellows, never with equipment —, "sevens_last", "yellow_special" —
    yellow wires only by the mission's special action —, "oxygen_reserve" /
    "oxygen_own" — each cut pays oxygen tokens by the depth of its value, from
    one reserve (44) or the player's own (54) —, "oxygen_pass" — as many as
    its value, from the tokens passed round the table (63) —, "oxygen_gift" — as
    many as its value, from the cutter's own to a teammate they pick (49) —,
    "challenges" — a challenge card completed moves the detonator back (55)),
    ``number_cards``
    (how number cards in view decide the value to cut: "pick" — one of
    them —, "sum" — the sum or difference of two —, "sequence" — in their
    order —, "noble" — that value only by the special action —, "detonator" — each of their values
    cut all four moves the detonator back a space, mission 62), ``turned`` (wires turned around unseen,
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
    double_detector: str = "all"
    equipment: tuple[str, ...] = ()
    notes: str = ""
    by_players: tuple[tuple[int, str, str], ...] = ()
    hidden_red_value: bool = False
    x_blue: bool = False
    yellow_dealt: str = ""
    constraints: str = ""
    failure_tokens: bool = True
    captain_fragile: bool = False
    captain_no_equipment: bool = False
    special: tuple[str, ...] = ()
    number_cards: str = ""
    turned: str = ""
    nano: bool = False

    def __post_init__(self) -> None:
        # the table is typed by hand: catch a slip here rather than at the table
        assert self.tokens in TOKEN_VARIANTS, self.tokens
        assert self.double_detector in DOUBLE_DETECTOR_MODES, self.double_detector
        assert all(e in EQUIPMENT for e in self.equipment), self.equipment
        for count, of, known in self._specs().values():
            assert of is None or 0 < count < of, (count, of)
            assert of is not None or known == 0, "known wires only beside an 'a of b' draw"
            assert self._numbers_needed(count, of, known) <= COLOUR_MAX
        assert all(n in PLAYER_COUNTS for n, _, _ in self.by_players), self.by_players
        assert set(self.allowed) <= set(PLAYER_COUNTS), self.allowed
        assert self.yellow_dealt in ("", "one_each", "captain_first"), self.yellow_dealt
        assert self.constraints in CONSTRAINT_SCHEMES, self.constraints
        assert set(self.special) <= SPECIAL, self.special
        assert self.number_cards in ("", "pick", "sum", "sequence", "noble", "detonator"), self.number_cards
        assert self.turned in ("", "captain", "each", "ends"), self.turned

    def for_players(self, n: int) -> "Mission":
        """The mission as dealt to ``n`` players (its wires differ for some counts)."""
        for count, red, yellow in self.by_players:
            if count == n:
                yc, yo, yk, yf = spec(yellow)
                rc, ro, rk, rf = spec(red)
                return replace(self, yellow_count=yc, yellow_of=yo, yellow_known=yk, yellow_fixed=yf,
                               red_count=rc, red_of=ro, red_known=rk, red_fixed=rf, by_players=())
        return replace(self, by_players=()) if self.by_players else self

    # ---- colour specs ---------------------------------------------------------
    def _specs(self) -> dict[str, tuple[int, int | None, int]]:
        return {
            YELLOW: (self.yellow_count, self.yellow_of, self.yellow_known),
            RED: (self.red_count, self.red_of, self.red_known),
        }

    @staticmethod
    def _numbers_needed(count: int, of: int | None, known: int) -> int:
        return known + (count if of is None else of)

    @property
    def wires_in_play(self) -> int:
        """Wires dealt to the stands (discarded candidates excluded)."""
        lo, hi = self.blue
        return 4 * (hi - lo + 1) + sum(c + k for c, _, k in self._specs().values())

    def numbers_needed(self, colour: str) -> int:
        """How many wire numbers of ``colour`` the players must read off the table."""
        return self._numbers_needed(*self._specs()[colour])

    # ---- JSON for the UI ------------------------------------------------------
    def _wires_json(self, players: int | None = None) -> dict:
        """The yellow and red specs and the wires in play, as the UI reads them."""

        def colour_spec(colour: str) -> dict | None:
            count, of, known = self._specs()[colour]
            if count + known == 0:
                return None
            out: dict[str, Any] = {
                "count": count,
                "of": of,
                "known": known,
                "in_play": count + known,
                "numbers_needed": self._numbers_needed(count, of, known),
            }
            if self._fixed(colour):
                out["fixed"] = list(self._fixed(colour))
            return out

        out = {"yellow": colour_spec(YELLOW), "red": colour_spec(RED), "wires_in_play": self.wires_in_play}
        if self.nano and players is not None:  # 43: dealt face down to Nano before the players' deal
            out["nano"] = NANO_WIRES[players]
        return out

    def _fixed(self, colour: str) -> tuple[int, ...]:
        return self.yellow_fixed if colour == YELLOW else self.red_fixed

    def setup_json(self) -> dict:
        """The preset for the UI, which then asks for the drawn numbers.

        ``yellow``/``red``/``wires_in_play`` are the usual deal (3-5 players);
        ``players`` gives them for every player count the mission allows.
        """
        return {
            "number": self.number,
            "title": self.title,
            "name": self.name,
            "blue": list(self.blue),
            **self._wires_json(),
            "players": {str(n): self.for_players(n)._wires_json(n) for n in self.allowed},
            "tokens": self.tokens,
            "x_tokens": self.x_tokens,
            "false_tokens": self.false_tokens,
            "absent_tokens": self.absent_tokens,
            "open_red_deal": self.open_red_deal,
            "random_info_token": self.random_info_token,
            "double_detector": self.double_detector,
            "hidden_red_value": self.hidden_red_value,
            "x_blue": self.x_blue,
            "yellow_dealt": self.yellow_dealt,
            "constraints": self.constraints,
            "failure_tokens": self.failure_tokens,
            "captain_fragile": self.captain_fragile,
            "captain_no_equipment": self.captain_no_equipment,
            "special": list(self.special),
            "number_cards": self.number_cards,
            "turned": self.turned,
            "equipment": list(self.equipment),
            "notes": self.notes,
        }

    def wires(self, yellow_numbers: ColourNumbers = None, red_numbers: ColourNumbers = None) -> dict:
        """The engine's ``"wires"`` object from the numbers drawn at the table.

        For an "a of b" draw give the b candidate numbers; for a "k + a of b" spec give
        the 2 known reds first, then the 3 candidates (or use the mapping form).
        """
        doc: dict[str, Any] = {"blue": list(self.blue)}
        for colour, numbers in ((YELLOW, yellow_numbers), (RED, red_numbers)):
            group = self._colour_wires(colour, numbers)
            if group is not None:
                doc[colour] = group
        return doc

    def _colour_wires(self, colour: str, numbers: ColourNumbers) -> Any:
        count, of, known = self._specs()[colour]
        where = f"wires.{colour}"
        if isinstance(numbers, Mapping):
            extra = set(numbers) - {"known", "of"}
            if extra:
                raise StateError(f"{colour} numbers: unknown field(s) {sorted(extra)}", field=where)
            known_nums = self._number_list(colour, numbers.get("known") or [])
            cands = self._number_list(colour, numbers.get("of") or [])
        else:
            nums = self._number_list(colour, numbers or [])
            split = known if of is not None else len(nums)
            known_nums, cands = nums[:split], nums[split:]
        self._check_distinct(colour, known_nums + cands)
        fixed = self._fixed(colour)
        if fixed and not known_nums + cands:
            return sorted(fixed)
        if fixed and sorted(known_nums + cands) != sorted(fixed):
            raise StateError(
                f"mission {self.number} ({self.title}) plays {colour} {', '.join(map(str, fixed))} "
                f"(printed on the card), got {known_nums + cands}",
                field=where,
            )
        need = self._numbers_needed(count, of, known)
        shape = self._describe(count, of, known)
        if len(known_nums) + len(cands) != need:
            got = known_nums + cands
            raise StateError(
                f"mission {self.number} ({self.title}) needs {need} {colour} number"
                f"{'' if need == 1 else 's'} ({shape}), got {len(got)}: {got}",
                field=where,
            )
        if of is None:
            if isinstance(numbers, Mapping) and cands:
                raise StateError(
                    f"mission {self.number} ({self.title}): {colour} is {shape}, not drawn; "
                    f"give them as a list or under 'known'",
                    field=where,
                )
            return sorted(known_nums + cands) or None
        if len(known_nums) != known or len(cands) != of:
            raise StateError(
                f"mission {self.number} ({self.title}): {colour} is {shape}; give {known} known and "
                f"{of} drawn {colour} numbers, got {len(known_nums)} known and {len(cands)} drawn",
                field=where,
            )
        group: dict[str, Any] = {"of": sorted(cands), "keep": count}
        if known:
            group["known"] = sorted(known_nums)
        return group

    @staticmethod
    def _describe(count: int, of: int | None, known: int) -> str:
        if count + known == 0:
            return "none in this mission"
        if of is None:
            return f"{count} dealt"
        return (f"{known} known + " if known else "") + f"{count} of {of} drawn"

    @staticmethod
    def _number_list(colour: str, numbers: Any) -> list[int]:
        if isinstance(numbers, (str, bytes)) or not isinstance(numbers, Sequence):
            raise StateError(f"{colour} numbers must be a list like [4, 7], got {numbers!r}", field=f"wires.{colour}")
        for n in numbers:
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= COLOUR_MAX:
                raise StateError(
                    f"{n!r} is not a {colour} wire number (1-{COLOUR_MAX})", field=f"wires.{colour}"
                )
        return list(numbers)

    @staticmethod
    def _check_distinct(colour: str, numbers: list[int]) -> None:
        seen = {n for n in numbers if numbers.count(n) > 1}
        if seen:
            raise StateError(
                f"{colour} number{'s' if len(seen) > 1 else ''} {sorted(seen)} given twice: "
                f"each {colour} wire exists once",
                field=f"wires.{colour}",
            )


# ---- the table (mission_table.py) ------------------------------------------------
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
        red_count=rc, red_of=ro, red_known=rk, red_fixed=rf, equipment=equipment,
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
    return [MISSIONS[n].setup_json() for n in sorted(MISSIONS)]
