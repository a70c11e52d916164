"""A seeded arena game whose every move is logged, and readings of that log, for the mission tests
(test_arena_missions.py, test_arena_mission_turns.py): each checks a card's rule on the log by itself."""

from __future__ import annotations

from bombbusters.arena import greedy
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.referee import Referee
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT
from bombbusters.table.wires import value_of

__all__ = ["LoggedGame", "cut_count", "tables_of", "holds_true"]


class LoggedGame:
    """A seeded game whose referee logs (player, move, play state before, table before) for every move."""

    def __init__(self, mission: int, players: int, seed: int = 1, k: int = 0, snap=lambda play: None,
                 moves: int | None = None):
        m = playable(mission, players)
        self.deal = deal_game(m, players, seed, k)
        self.ref = start_game(self.deal, m)
        self.start_mistakes = self.ref.mistakes_left
        self.moves: list = []
        ref, play = self.ref, self.ref.rules.play
        inner = ref.play

        def logged(q: int, d) -> None:
            self.moves.append((q, d.move, snap(play), ref.table))
            inner(q, d)
        ref.play = logged  # type: ignore[method-assign]
        self.result = play_on(ref, greedy.decide, ref.table.captain, moves=moves)

    def cuts(self):
        """(player, move, snapshot, table before) of every move naming a number."""
        return [(q, m, s, t) for q, m, s, t in self.moves if m is not None and isinstance(m.get("value"), int)]


def holds_true(ref: Referee, f: Fact) -> bool:
    """Whether a "has not" fact is true of the wires it speaks of (pinned, or the player's uncut ones)."""
    wires = f.wires if f.wires is not None else [k for k in ref.world if k[0] == f.player
                                                    and ref.table.stand(k[0], k[1])[k[2]].state != CUT]
    return all(value_of(ref.world[w]) != f.value for w in wires)


def tables_of(g: "LoggedGame") -> list:
    """The table before each move, then the last one."""
    return [t for _q, _m, _s, t in g.moves] + [g.ref.table]


def cut_count(table, v) -> int:
    return sum(1 for p, s in table.stand_keys() for sl in table.stand(p, s) if sl.state == CUT and sl.wire is not None
               and value_of(sl.wire) == v)
