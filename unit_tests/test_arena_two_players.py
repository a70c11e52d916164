"""Rules of the 2-player game the cards state (``missions/catalog.py``): the captain places no starting
token in 11, 13, 27, 29, 40, 46 and 51 (``arena/tokens.captain_skips``), and mission 64's two turned-around
wires with two stands (the FAQ: the lower far left of the first stand, the higher far right of the
second).  Checked on seeded deals, each against the same mission with more players."""

from __future__ import annotations

import pytest
from bombbusters.arena import greedy
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.missions.preset import MISSIONS
from bombbusters.table.notation import HIDDEN, INFO


def _tokens_by_player(ref) -> dict[int, int]:
    """How many of each player's slots show a starting token (a value, or a mark on a hidden wire)."""
    def shows(sl) -> bool:
        return sl.state == INFO or (sl.state == HIDDEN and (sl.parity is not None or sl.multiplicity is not None))
    return {p: sum(shows(sl) for s in range(len(pl.stands)) for sl in ref.table.stand(p, s))
            for p, pl in enumerate(ref.table.players)}


def test_the_captain_skips_exactly_where_the_card_says() -> None:
    assert sorted(n for n, m in MISSIONS.items() if m.captain_no_token_2p) == [11, 13, 27, 29, 40, 46, 51]


@pytest.mark.parametrize("number", [27, 40])
def test_with_2_players_the_captain_places_no_starting_token(number: int) -> None:
    for k in range(3):
        for players in (2, 3):
            m = playable(number, players)
            ref = start_game(deal_game(m, players, 1, k), m)
            got = _tokens_by_player(ref)
            cap = ref.table.captain
            assert got[cap] == (0 if players == 2 else 1), (number, players, k, got)
            assert all(c == 1 for p, c in got.items() if p != cap), (number, players, k, got)


@pytest.mark.parametrize("players", [2, 3])
def test_64_with_two_stands_turns_one_wire_of_each_lower_left_higher_right(players: int) -> None:
    m = playable(64, players)
    for k in range(6):
        deal = deal_game(m, players, 1, k)
        for p, pl in enumerate(deal.table.players):
            turned = [(s, j) for s in range(len(pl.stands)) for j, sl in enumerate(deal.table.stand(p, s)) if sl.turned]
            last = len(pl.stands) - 1
            assert turned == [(0, 0), (last, len(pl.stands[last]) - 1)], (players, k, p, turned)
            lo, hi = deal.world[(p, 0, 0)], deal.world[(p, last, len(pl.stands[last]) - 1)]
            assert lo <= hi, (players, k, p, lo, hi)
            for s in range(len(pl.stands)):  # the rest of each stand sorted
                inner = [deal.world[(p, s, j)] for j, sl in enumerate(deal.table.stand(p, s)) if not sl.turned]
                assert inner == sorted(inner)


@pytest.mark.parametrize("players", [2, 3])
def test_64_with_two_stands_is_played_to_the_end_with_true_views(players: int) -> None:
    """The referee checks every view against the truth (``truth_impossible``) and every sure move."""
    m = playable(64, players)
    for k in range(1):  # one game: ~15-30 s with two stands a player
        ref = start_game(deal_game(m, players, 1, k), m)
        result = play_on(ref, greedy.decide, ref.table.captain, check_truth=True)
        assert result.truth_impossible == 0 and result.sure_failures == 0, (players, k, result)
