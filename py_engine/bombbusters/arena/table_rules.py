"""The mission's rules on who may do what and what a failure costs: one statement each, read by
the referee (whole games and the ``win`` request's playouts) and by the views it hands the players.

Why one place: the page tells the advice the same rules through its requests (``mistakes_left`` 0
for a fragile captain, the Double Detectors a player may still use, what a failure shows), and the
arena's players must be told them alike, or the games would measure a different game.

Rules here: who may use a Double Detector ("all", "disabled", "captain_disabled", or "unlimited" —
mission 58, never spent), the captain barred from equipment (28), the fragile captain whose failed
cut explodes the bomb even under the Stabilizer (14, 28: the advice sees no mistake left for them),
whether a failure places a token and of which kind (58: none; 21, 33: even/odd; 24, 40: x-tokens),
X wires that no equipment may point at, personal equipment included (20, 35: the table app sends the
same ``rules.locked`` entries, equipment only), turns in any order (10: ``game._snip``), false tokens
(17: the captain's, 52: everyone's: a failure on such a player's wire places a false token of the
value said, which tells nothing more), turned-around wires (38: nobody but the captain cuts theirs;
56, 64: cutting a teammate's moves the detonator).  The rules that change as the game goes (number
cards, oxygen, cutting orders) are the game's ``play`` (:mod:`.mission_play`), whose entries every view
carries beside these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..advice.table_edits import REPLACING_KINDS, shown_on
from ..missions.preset import Mission
from ..table.notation import CUT
from ..table.state import GameState
from .mission_play import MissionPlay

__all__ = ["TableRules", "UNSIMULATED", "rules_of"]

#: rules that cannot change a simulated game, played without (the arena's results say so)
UNSIMULATED = {25: "no numbers may be spoken (a rule on talk)",
               19: "the sound file (its content is not on the card: the results are a plain game's)", 42: "the sound file's circus acts, which disrupt the table (their content is not on the card: the results are a plain game's, easier than the card's)",
               50: "memory mode (tokens beside the stand: a simulated team forgets nothing)",
               10: "a timer (15 minutes; 12 with 2 players)",
               30: "the sound file's timed rounds (a number card's value to cut within seconds, a miss moving the "
                   "detonator or making the active player say whether they hold a value drawn, the yellow wires each "
                   "player has left made public, then only three values within two minutes, all the yellows in one "
                   "cut, the rest within two minutes): each hangs on a deadline in seconds, which turns do not "
                   "measure",
               **{n: "no speaking under water, a thumbs-up only (a rule on talk)" for n in (44, 49, 63)}}


@dataclass(frozen=True)
class TableRules:
    """A mission's rules the referee applies beyond the moves; ``extra``: what every player's view
    carries for the advice (turned wires, what a failure shows, Double Detectors never spent)."""

    double_detector: str = "all"
    captain_no_equipment: bool = False
    extra: tuple = ()
    captain_fragile: bool = False
    free_turns: bool = False
    play: MissionPlay | None = field(default=None, compare=False)  # the rules that change with the game

    @property
    def skip_costs(self) -> bool:
        """Whether a player with no move skips at the detonator's cost: 38, where the only cut left may be the
        captain's turned-around wire, which nobody else cuts (the ``turned`` rule "locked" every view carries)."""
        turned = (dict(self.extra).get("rules") or {}).get("turned") or {}
        return turned.get("kind") == "locked"

    def may_detect(self, q: int, captain: int, used: set) -> bool:
        """Whether player q may use a Double Detector now (``used``: who has spent theirs)."""
        mode = self.double_detector
        if mode == "unlimited":
            return True
        return (mode == "all" or (mode == "captain_disabled" and q != captain)) and q not in used

    @property
    def detector_spent(self) -> bool:
        """Whether using a Double Detector spends it (not in mission 58)."""
        return self.double_detector != "unlimited"

    def fragile(self, q: int, captain: int) -> bool:
        """Whether q's failed cut explodes the bomb, Stabilizer or not (14, 28)."""
        return self.captain_fragile and q == captain

    def mistakes_seen(self, q: int, captain: int, left: int) -> int:
        """The mistakes left as player q's advice counts them: none for a fragile captain."""
        return 0 if self.fragile(q, captain) else left

    def table_cards(self, q: int, captain: int, cards: list[str]) -> list[str]:
        """The table cards q may play: no Stabilizer for a fragile captain (it would not hold)."""
        return [c for c in cards if not (c == "9" and self.fragile(q, captain))]

    def view_extra(self, table: GameState, q: int | None = None) -> dict:
        """What player q's view carries for the advice now: ``extra``, the uncut X wires locked for
        equipment among the mission's ``rules`` (no equipment points at an X wire: 20, 35), and what the
        mission's changing rules bind q to (``play``: number cards, oxygen, cutting orders)."""
        extra = _with_play(dict(self.extra), self.play, table, q)
        why = "equipment ignores X wires"
        rules = dict(extra.get("rules") or {})
        held = {(x["player"], x.get("stand", 0), x["slot"]) for x in rules.get("locked", [])}  # 35: locked for every cut
        locked = [{"player": p, "stand": s, "slot": j, "why": why, "equipment_only": True}
                  for p, s in table.stand_keys() for j, sl in enumerate(table.stand(p, s))
                  if sl.unsorted and sl.state != CUT and (p, s, j) not in held]
        if locked:
            extra["rules"] = {**rules, "locked": list(rules.get("locked", [])) + locked}
        return extra

    def shown_on(self, target: int, captain: int, table: GameState | None = None, cutter: int | None = None) -> str:
        """What a failure on player ``target``'s wire places: :func:`..advice.table_edits.shown_on` on the very
        ``extra`` every view carries, so the referee and the advice read one statement; nothing when
        constraint H binds the cutter or the wire's owner ("a cut in your hand")."""
        if table is not None and self.play is not None and any(
                "H" in self.play.constraints(table, p) for p in {target, target if cutter is None else cutter}):
            return "none"
        return shown_on(dict(self.extra), target, captain)

    def card_barred(self, table: GameState, q: int, card: str) -> bool:
        """Whether player q's constraint cards bar this equipment card (G: every card; H: the Post-it, 4)."""
        held = self.play.constraints(table, q) if self.play is not None else []
        return "G" in held or ("H" in held and card == "4")


def _with_play(extra: dict, play: MissionPlay | None, table: GameState, q: int | None) -> dict:
    """``extra`` with the play's rules for q merged into ``rules`` and its public state (``mission_play``)."""
    if play is None:
        return extra
    q = table.captain if q is None else q
    doc = play.doc_for(q)
    if doc:
        extra["mission_play"] = doc
    held = play.constraints(table, q)
    if held:
        extra["constraints"] = list(held)
    extra.update(play.view_extra(table, q))
    mine = play.rules(table, q)
    if mine:
        rules: dict[str, Any] = dict(extra.get("rules") or {})
        for key, value in mine.items():
            rules[key] = list(rules.get(key, [])) + value if isinstance(value, list) else value
        extra["rules"] = rules
    return extra


def rules_of(mission: Mission, deal: Any = None) -> TableRules:
    """The referee's rules for a mission preset.  Every player's view is told, as the page tells the
    advice: a token kind that replaces info tokens (``tokens``) and failures with no token
    (``failure_tokens``: what a failure would show), Double Detectors that are never spent; with ``deal``
    (its number cards, players and seed), the game's ``play`` (:func:`.plays.play_of`)."""
    extra: tuple = (("tokens", mission.tokens),) if mission.tokens in REPLACING_KINDS else ()
    if not mission.failure_tokens:
        extra += (("failure_tokens", False),)
    if mission.double_detector == "unlimited":
        extra += (("double_detector", "unlimited"),)
    if mission.false_by:
        extra += (("false_tokens", mission.false_by),)
    if mission.turned:  # 38: nobody else cuts the captain's turned wire; 56, 64: a teammate's costs a mistake
        where = f" (mission {mission.number})"
        rule = {"kind": "locked", "why": f"only the captain cuts their turned-around wire{where}"} if mission.turned == "captain" \
            else {"kind": "costly", "why": f"a teammate's turned-around wire: cutting it moves the detonator a space{where}"}
        extra += (("rules", {"turned": rule}),)
    if deal is not None and deal.table.extra.get("nano"):  # 43: how many wires were dealt to Nano (public)
        extra += (("nano", deal.table.extra["nano"]),)
    from .plays import play_of  # the families import this module's helpers

    return TableRules(mission.double_detector, mission.captain_no_equipment, extra, mission.captain_fragile,
                      mission.free_turns, play_of(mission, deal))
