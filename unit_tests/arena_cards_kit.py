"""A card's test game on mission 4 with 4 players, shared by test_arena_cards.py and test_arena_items.py:
the card unlocked, the first deal where the ``rank`` policy plays it, and the checks every card's game
passes (every view allows the true deal, the stands stay sorted)."""

from __future__ import annotations


from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena.run import POLICIES
from bombbusters.arena.cards import CardUse, card_value, cuts_to_unlock
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, rules_of, truth_misses
from bombbusters.arena.referee import Decision, Referee
from bombbusters.questions.analysis import solve_state
from bombbusters.table.notation import CUT
from bombbusters.table.wires import YELLOW, colour_of

__all__ = ["M4", "played", "start_with", "stands_sorted", "truth_holds", "unlock", "used"]

M4 = playable(4, 4)


def unlock(ref: Referee, card: str, upto: int | None = None) -> None:
    """The wires of the card's number that unlock it cut (as the game's cuts would), or ``upto`` more."""
    v = card_value(card)
    want = [k for k, t in sorted(ref.world.items()) if (colour_of(t) == YELLOW if v == "YELLOW" else t == 10 * v)
            and ref.table.stand(*k[:2])[k[2]].state != CUT][:cuts_to_unlock(card) if upto is None else upto]
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in want})


def start_with(card: str, k: int, others: tuple[str, ...] = (), reserve: tuple[str, ...] = ()) -> Referee:
    d = deal_game(M4, 4, 41, k)  # no starting tokens: fast, and the captain seldom has a sure cut
    ref = Referee(d.table, d.world, rules_of(M4), (card,) + others, reserve=reserve)
    unlock(ref, card)
    return ref


def played(card: str) -> tuple[Referee, int, Decision]:
    """The first deal where the captain's first decision under ``rank`` plays ``card``."""
    for k in range(30):
        ref = start_with(card, k)
        q = ref.table.captain
        view = ref.view(q)
        d = POLICIES["rank"](view, solve_state(view))
        if any(u.card == card for u in d.uses) or card in d.before:
            return ref, q, d
    raise AssertionError(f"rank never plays {card} on the first decision of 30 deals")


def used(card: str) -> tuple[Referee, int, CardUse]:
    """The first deal where the captain plays ``card`` (as :func:`played`), with the card played."""
    ref, q, d = played(card)
    (u,) = d.uses
    ref.use(q, d.uses)
    return ref, q, u


def truth_holds(ref: Referee) -> None:
    """Every player's view allows the true deal, and the game played on keeps the arena's truth check."""
    for p in range(len(ref.table.players)):
        view = ref.view(p)
        assert truth_misses(solve_state(view), view, ref.world) == 0, p
    r = play_on(ref, POLICIES["rank"], ref.table.captain)
    assert r.truth_impossible == 0 and r.sure_failures == 0 and r.outcome in ("won", "exploded", "detonator")


def stands_sorted(ref: Referee) -> None:
    for p, s in ref.table.stand_keys():
        ts = [ref.world[(p, s, j)] for j, sl in enumerate(ref.table.stand(p, s)) if not (sl.turned or sl.unsorted)]
        assert ts == sorted(ts), (p, s, ts)
