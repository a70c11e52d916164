"""One whole game: starting tokens, then turns clockwise from the captain until the bomb is
defused or lost, each player deciding from their own view.

Why the truth check here: the arena is the one place that knows the deal, so every time a
player's view is solved it checks that the real wires are possible there (``truth_impossible``
counts the views where one is not: an engine bug, never expected).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..missions.preset import Mission
from ..questions.analysis import Analysis, solve_state
from ..table.errors import InconsistentStateError
from ..table.notation import CUT
from ..table.state import GameState
from .deal import Deal
from .mission_play import advance, likeliest
from .referee import Decision, Referee
from .table_rules import rules_of
from .tokens import Chooser, advised_token, captain_skips, place_false_tokens, place_tokens

__all__ = ["GameResult", "Policy", "play_game", "play_on", "rules_of", "start_game", "truth_misses"]

#: a policy: (my view, its analysis) -> my decision
Policy = Callable[[GameState, Analysis], Decision]
#: a game stops (stuck) after this many turns: every turn cuts a wire or moves the detonator, so it never binds
_MAX_TURNS = 400


@dataclass
class GameResult:
    outcome: str  # "won", "exploded", "detonator", "stuck" (or "stopped": see play_on's ``moves``)
    turns: int
    taken: list  # (predicted chance, succeeded) per move with a chance
    sure_failures: int
    truth_impossible: int
    cards: dict = field(default_factory=dict)  # card id -> (in play, unlocked, used): Referee.card_record

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def truth_misses(an: Analysis, view: GameState, world: dict) -> int:
    """How many slots hidden from the viewer hold a wire their analysis gives chance 0."""
    misses = 0
    for p, s in view.stand_keys():
        for j, sl in enumerate(view.stand(p, s)):
            if sl.state != CUT and sl.wire is None and an.slot_probs(p, s, j).get(world[(p, s, j)], 0.0) <= 0.0:
                misses += 1
    return misses


def play_game(deal: Deal, mission: Mission, policy: Policy, check_truth: bool = True,
              choose: Chooser = advised_token, moves: int | None = None, read_choice: bool = True,
              redraw: int | None = None) -> GameResult:
    """Play game ``deal`` with every player following ``policy``: starting tokens (where ``choose``
    puts them; ``read_choice``: see :func:`.tokens.place_tokens`), then turns (see :func:`play_on`
    for ``moves`` and ``redraw``)."""
    ref = start_game(deal, mission, choose, read_choice)
    return play_on(ref, policy, ref.table.captain, check_truth, moves, redraw)


def start_game(deal: Deal, mission: Mission, choose: Chooser = advised_token, read_choice: bool = True) -> Referee:
    """The referee of game ``deal`` with every starting token placed (see :func:`.tokens.place_tokens`):
    the same for every policy, since all of them place the advised token."""
    ref = Referee(deal.table, deal.world, rules_of(mission, deal), deal.cards, reserve=deal.reserve)
    skip = captain_skips(mission, ref.table)
    if ref.rules.play is not None:
        ref.rules.play.no_token = skip  # a play's setup may add to it (random tokens, Nano's draw)
        ref.rules.play.setup(ref)
        skip = ref.rules.play.no_token
        # the dial's first space, as far back as a Rewinder goes: 51 sets it a space further back than usual
        ref.start_mistakes = max(ref.start_mistakes, ref.table.mistakes_left or 0)
    liars = place_false_tokens(ref, mission.false_by) if mission.false_by else frozenset()
    place_tokens(ref, mission.tokens, choose, read_choice, liars | skip)
    return ref


def play_on(ref: Referee, policy: Policy, first: int, check_truth: bool = True, moves: int | None = None,
            redraw: int | None = None) -> GameResult:
    """Turns clockwise from player ``first`` until the game ends (in mission 10, whoever says "Snip!":
    :func:`_snip`); a player with no wire left is skipped, and a whole round in which no one can act
    loses the game (``stuck``).  With ``moves``, the game stops (outcome ``stopped``) once that many
    moves with a chance were taken: the calibration probe's first moves.  With ``redraw`` (a seed), the
    wires no one but their owner sees are drawn again before every decision (:meth:`.Referee.redraw`)."""
    n = len(ref.table.players)
    q, idle, turns, last = first, 0, 0, None
    checks = _Checks(ref, check_truth, redraw)
    while ref.outcome is None:
        if moves is not None and len(ref.taken) >= moves:
            ref.outcome = "stopped"
            break
        if not ref.uncut():
            ref.outcome = "won"
            break
        if turns >= _MAX_TURNS or idle >= n:
            ref.outcome = "stuck"
            break
        if ref.rules.free_turns:
            q, d = _snip(ref, policy, checks, last)
            idle = n if d is not None and d.move is None and not d.before else 0  # nobody can act
        elif not ref.uncut(q):
            q = (q + 1) % n
            continue
        elif ref.rules.play is not None:  # the mission's changing rules play the turn (mission_play.py)
            done = ref.rules.play.turn(ref, q, lambda p: checks.decide(p, policy))
            if done == "stuck":
                ref.outcome = "stuck"
                break
            idle, turns = (idle + 1, turns) if done == "idle" else (0, turns + 1)
            last, q = q, (q + 1) % n if ref.next_player is None else ref.next_player  # a Coffee Mug names who is next
            ref.next_player = None
            continue
        else:
            d = checks.decide(q, policy)
        if d is None:  # no deal fits a view: counted, the game stops
            ref.outcome = "stuck"
            break
        if d.move is None and not d.before:
            idle += 1
            if ref.rules.skip_costs:  # 38: "they must skip their turn and the detonator moves forward a space"
                advance(ref)
        else:
            idle = 0
            ref.play(q, d)
            turns += 1
        last, q = q, (q + 1) % n if ref.next_player is None else ref.next_player  # a Coffee Mug names who is next
        ref.next_player = None
    return GameResult(ref.outcome, turns, ref.taken, ref.sure_failures, checks.impossible, ref.card_record())


class _Checks:
    """Each view solved and decided on, with the truth check (``impossible``: views where the real
    wires were given chance 0, or no deal fit)."""

    def __init__(self, ref: Referee, check_truth: bool, redraw: int | None = None):
        self.ref, self.check_truth, self.impossible = ref, check_truth, 0
        self.redraw, self.draws = redraw, 0

    def decide(self, q: int, policy: Policy) -> Decision | None:
        """q's decision; free cards it plays (``uses``) are played at once and q decides again on the new table."""
        d = self._decide(q, policy)
        while d is not None and d.uses and self.ref.outcome is None:
            self.ref.use(q, d.uses)
            d = self._decide(q, policy)
        return d

    def _decide(self, q: int, policy: Policy) -> Decision | None:
        if self.redraw is not None:
            self.draws += 1
            self.ref.redraw(self.redraw * 1009 + self.draws)
        view = self.ref.view(q)
        if not self.check_truth:  # a playout: solved when the policy first reads it (a move fixed ahead needs none)
            return policy(view, _Lazy(view))  # type: ignore[arg-type]
        try:
            an = solve_state(view)
        except InconsistentStateError:
            self.impossible += 1
            return None
        if truth_misses(an, view, self.ref.world):
            self.impossible += 1
        return policy(view, an)


class _Lazy:
    """A view's analysis, solved on first use: the search's first move is fixed ahead and reads nothing, and
    its solve is a quarter of a short playout's cost."""

    def __init__(self, view: GameState):
        self._view: GameState = view
        self._an: Analysis | None = None

    def __getattr__(self, name: str):
        if self._an is None:
            self._an = solve_state(self._view)
        return getattr(self._an, name)


def _snip(ref: Referee, policy: Policy, checks: _Checks, last: int | None) -> tuple[int, Decision | None]:
    """Mission 10: whoever says "Snip!" plays, never the same player twice in a row (but with 2 players,
    or when no one else has a wire).  The team lets the surest go: each player with a wire decides from
    their own view, and the one whose move is likeliest to work plays it (a sure move first; ties go
    clockwise from the last player)."""
    n = len(ref.table.players)
    start = 0 if last is None else last + 1
    order = [(start + i) % n for i in range(n)]
    able = [p for p in order if ref.uncut(p)]
    others = [p for p in able if p != last]
    pool = others if others and n > 2 else able
    p, d = likeliest(ref, pool, lambda p: checks.decide(p, policy))
    assert p is not None  # someone holds a wire: the game is not won
    return p, d
