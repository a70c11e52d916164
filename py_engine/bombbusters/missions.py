"""Mission presets 1–30: what each mission deals and which special rules apply.

Why counts, not wire numbers: the yellow and red numbers are drawn at the table
each game, so a preset can only say "2 of 3 yellow".  The UI shows
:meth:`Mission.setup_json`, asks the players which numbers were drawn, and
:meth:`Mission.wires` turns those into the engine's ``"wires"`` object
(see :class:`bombbusters.wires.WireSetup`).  Missions past 30 are entered by
hand, so nothing here is required to play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from .errors import StateError
from .wires import COLOUR_MAX, RED, YELLOW

__all__ = [
    "TOKEN_VARIANTS",
    "DOUBLE_DETECTOR_MODES",
    "EQUIPMENT",
    "Mission",
    "MISSIONS",
    "get_mission",
    "all_missions_json",
]

#: the player counts the game is played with
PLAYER_COUNTS = (2, 3, 4, 5)
#: starting indicator tokens: value tokens, parity only, x1/x2/x3, or none at all (m18)
TOKEN_VARIANTS = ("value", "even_odd", "multiplicity", "none")
#: who may use the Double Detector character card
DOUBLE_DETECTOR_MODES = ("all", "disabled", "captain_disabled")

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
    ``by_players``: (player count, red spec, yellow spec) where a mission deals
    other wires for that many players (mostly 2 players); :meth:`for_players`
    gives the mission as played at that count.
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

    def for_players(self, n: int) -> "Mission":
        """The mission as dealt to ``n`` players (its wires differ for some counts)."""
        for count, red, yellow in self.by_players:
            if count == n:
                yc, yo, yk = _spec(yellow)
                rc, ro, rk = _spec(red)
                return replace(self, yellow_count=yc, yellow_of=yo, yellow_known=yk,
                               red_count=rc, red_of=ro, red_known=rk, by_players=())
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
    def _wires_json(self) -> dict:
        """The yellow and red specs and the wires in play, as the UI reads them."""

        def spec(colour: str) -> dict | None:
            count, of, known = self._specs()[colour]
            if count + known == 0:
                return None
            return {
                "count": count,
                "of": of,
                "known": known,
                "in_play": count + known,
                "numbers_needed": self._numbers_needed(count, of, known),
            }

        return {"yellow": spec(YELLOW), "red": spec(RED), "wires_in_play": self.wires_in_play}

    def setup_json(self) -> dict:
        """The preset for the UI, which then asks for the drawn numbers.

        ``yellow``/``red``/``wires_in_play`` are the usual deal (3-5 players);
        ``players`` gives them for every player count, 2 to 5.
        """
        return {
            "number": self.number,
            "title": self.title,
            "blue": list(self.blue),
            **self._wires_json(),
            "players": {str(n): self.for_players(n)._wires_json() for n in PLAYER_COUNTS},
            "tokens": self.tokens,
            "x_tokens": self.x_tokens,
            "false_tokens": self.false_tokens,
            "absent_tokens": self.absent_tokens,
            "open_red_deal": self.open_red_deal,
            "random_info_token": self.random_info_token,
            "double_detector": self.double_detector,
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


# ---- the table (reference/game-facts.md, missions 1–30) ---------------------------
_SPEC_RE = re.compile(r"^(?:(\d+)\s*\+\s*)?(\d+)(?:\s+of\s+(\d+))?$")
_ALL_EQUIPMENT = tuple(str(i) for i in range(1, 13))


def _spec(text: str) -> tuple[int, int | None, int]:
    """"2", "2 of 3" or "2 + 2 of 3" -> (count, of, known), read as in the table."""
    m = _SPEC_RE.match(text.strip())
    if not m:
        raise ValueError(f"bad colour spec {text!r}")
    known, count, of = m.group(1), m.group(2), m.group(3)
    return int(count), (int(of) if of else None), int(known or 0)


def _row(
    number: int,
    red: str = "0",
    yellow: str = "0",
    *,
    blue: tuple[int, int] = (1, 12),
    without: tuple[str, ...] = (),
    only: tuple[str, ...] | None = None,
    two: tuple[str, str] | None = None,
    **rules: Any,
) -> Mission:
    """One table row; equipment follows the campaign (none, 1–10, 1–12, +Y) minus exclusions.

    ``two``: (red, yellow) dealt with 2 players where that differs.
    """
    yc, yo, yk = _spec(yellow)
    rc, ro, rk = _spec(red)
    if only is not None:
        pool: tuple[str, ...] = only
    elif number <= 2:
        pool = ()
    elif number == 3:
        pool = _ALL_EQUIPMENT[:10]
    else:
        pool = _ALL_EQUIPMENT + (("Y",) if number >= 9 and yc + yk > 0 else ())
    title = f"Training {number}" if number <= 8 else f"Mission {number}"
    return Mission(
        number, title, blue, yc, yo, yk, rc, ro, rk,
        equipment=tuple(e for e in pool if e not in without),
        by_players=((2, *two),) if two else (), **rules,
    )


_ROWS = [
    _row(1, blue=(1, 6), notes="no equipment"),
    _row(2, yellow="2", blue=(1, 8), notes="no equipment"),
    _row(3, red="1", blue=(1, 10), notes="equipment 1-10"),
    _row(4, red="1", yellow="2", two=("1", "4"), notes="equipment 1-12 from here on"),
    _row(5, red="1", yellow="2 of 3", two=("2", "2 of 3")),
    _row(6, red="1", yellow="4", two=("2", "4")),
    _row(7, red="1 of 2", two=("1 of 3", "0")),
    _row(8, red="1 of 2", yellow="2 of 3", two=("1 of 3", "4")),
    _row(9, red="1", yellow="2", two=("2", "4"), notes="number cards + sequence card; yellow equipment joins the pool"),
    _row(10, red="1", yellow="4", without=("11",), notes="15-minute timer; no equipment 11 (Coffee Mug)"),
    _row(11, yellow="2", two=("0", "4"), notes="1 number card"),
    _row(12, red="1", yellow="4", two=("2", "4"), notes="number card per equipment"),
    _row(
        13, red="3", open_red_deal=True, random_info_token=True,
        notes="reds dealt openly one at a time from the captain (everyone knows who holds how many); "
        "each player draws a random info token: placed on a matching wire, or beside the stand "
        "meaning \"I have none\"",
    ),
    _row(14, red="2", yellow="2 of 3", two=("3", "4")),
    _row(15, red="1 of 3", two=("2 of 3", "0"), notes="12 number cards"),
    _row(16, red="1", yellow="2 of 3", two=("2", "4"), notes="number cards + sequence card"),
    _row(17, red="2 of 3", two=("3", "0"), false_tokens=True, notes="the captain places 2 false info tokens (not on red)"),
    _row(18, red="2", two=("3", "0"), tokens="none", only=("8",), notes="General Radar only; no starting info tokens"),
    _row(19, red="1", yellow="2 of 3"),
    _row(
        20, red="2", yellow="2", two=("2 of 3", "4"), x_tokens=True, without=("2",),
        notes="one X token per stand: the last wire dealt is unsorted at the far right (any colour); "
        "no Walkie-Talkies",
    ),
    _row(21, red="1 of 2", two=("2", "0"), tokens="even_odd", notes="even/odd tokens replace info tokens"),
    _row(
        22, red="1", yellow="4", absent_tokens=True,
        notes="each player places 2 tokens of values they do NOT hold beside their stand",
    ),
    _row(23, red="1 of 3", two=("2 of 3", "0"), notes="1 number card; equipment from a face-down deck of 7"),
    _row(24, red="2", two=("3", "0"), tokens="multiplicity", notes="x1/x2/x3 tokens replace info tokens (not on red)"),
    _row(25, red="2", two=("3", "0")),
    _row(26, red="2", without=("10",), notes="12 number cards; no X-or-Y Ray"),
    _row(
        27, red="1", yellow="4", double_detector="disabled", without=("7",),
        notes="Double Detectors disabled; no Emergency Batteries",
    ),
    _row(28, red="2", yellow="4", two=("3", "4"), double_detector="captain_disabled", notes="the captain's Double Detector disabled"),
    _row(29, red="3", notes="number cards dealt to players"),
    _row(30, red="1 of 2", yellow="4", notes="12 number cards"),
]

MISSIONS: dict[int, Mission] = {m.number: m for m in _ROWS}
_FIRST, _LAST = min(MISSIONS), max(MISSIONS)


def get_mission(n: Any) -> Mission:
    """The preset for mission ``n``; a clear error names the range presets exist for."""
    if isinstance(n, bool) or not isinstance(n, int) or n not in MISSIONS:
        raise StateError(
            f"no preset for mission {n!r}: presets exist for missions {_FIRST}-{_LAST}; "
            "enter other missions' setups by hand",
            field="mission",
        )
    return MISSIONS[n]


def all_missions_json() -> list[dict]:
    """Every preset in mission order, for the bridge and the mission picker."""
    return [MISSIONS[n].setup_json() for n in sorted(MISSIONS)]
