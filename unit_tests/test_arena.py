"""The arena: deals by the mission's setup, players deciding from their own view only, the exact
value of a policy on a tiny game, the figures and the command line.

The exact value: the oracle lists every deal of a tiny mission with its weight (the chance a
shuffle deals it); the advice policy played on each gives the chance the team wins under it.
The arena's games, dealt by its own shuffles, must agree within four standard errors — an
arena that deals unevenly or a player who peeks at a hidden wire moves it off.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from dataclasses import replace

import oracle
import pytest
from bombbusters.advice.moves import moves_json
from bombbusters.arena import advice, greedy, rank
from bombbusters.arena.deal import PLAYABLE, Deal, deal_game, playable
from bombbusters.arena.game import play_game, rules_of
from bombbusters.arena.referee import Referee
from bombbusters.arena.run import arena, arena_many
from bombbusters.arena.tokens import place_tokens
from bombbusters.missions.preset import Mission
from bombbusters.questions.analysis import solve_state
from bombbusters.table.errors import StateError
from bombbusters.table.notation import CUT, INFO

#: blue 1-2 and one red wire, four players: 9 wires, every deal enumerable
TINY = Mission(0, "tiny", blue=(1, 2), red_count=1, red_fixed=(1,))


def test_a_deal_follows_the_mission_s_setup() -> None:
    m = playable(8, 5)  # 1 of 2 red, 2 of 3 yellow: 51 wires
    d = deal_game(m, 5, 3, 0)
    assert [len(d.table.stand(p, 0)) for p in range(5)] == [11, 10, 10, 10, 10]  # the captain gets the extra wire
    wires = d.table.wires
    assert wires.red.keep == 1 and len(wires.red.candidates) == 2
    assert wires.yellow.keep == 2 and len(wires.yellow.candidates) == 3
    kept = sorted(t for t in d.world.values() if t % 10 in (1, 5))
    assert len(kept) == 3 and all(t // 10 in wires.red.candidates + wires.yellow.candidates for t in kept)
    for p in range(5):
        st = [d.world[(p, 0, j)] for j in range(len(d.table.stand(p, 0)))]
        assert st == sorted(st)
    assert len(d.cards) == 5 and set(d.cards) <= set(m.equipment)
    assert deal_game(m, 5, 3, 0) == d and deal_game(m, 5, 3, 1) != d  # game k from (seed, k) alone


def test_a_training_mission_draws_its_colour_below_its_highest_blue() -> None:
    """2 (blue 1-8) draws its yellows from 1.1-7.1, 3 (blue 1-10) its red from 1.5-9.5: no deal holds a higher one."""
    for number, top in ((2, 7), (3, 9)):
        drawn = {t // 10 for k in range(60) for t in deal_game(playable(number, 4), 4, 1, k).world.values() if t % 10 in (1, 5)}
        assert drawn and max(drawn) == top, (number, sorted(drawn))
    assert max(t // 10 for k in range(30) for t in deal_game(playable(4, 4), 4, 1, k).world.values() if t % 10 == 1) == 11


def test_missions_the_arena_cannot_play_are_refused_by_name() -> None:
    with pytest.raises(StateError, match=r"mission 66 \(The final countdown\).*bunker.*plays missions 1, 2"):
        playable(66, 5)
    with pytest.raises(StateError, match="enter the game later"):
        playable(54, 4)
    assert {1, 2, 3, 4, 5, 6, 7, 8} <= set(PLAYABLE)


def _hidden_from(ref: Referee, q: int) -> list:
    return [k for k in ref.uncut() if k[0] != q and ref.table.stand(k[0], k[1])[k[2]].state != INFO]


@pytest.mark.parametrize("policy", [greedy.decide, rank.decide, advice.decide])
def test_a_player_decides_from_their_own_view_only(policy) -> None:
    """At every turn of a few games, the acting player's view shows none of the teammates' hidden
    wires, and swapping two wires they cannot see (another deal the table allows) changes neither
    their view nor their move."""
    m = playable(4, 4)
    rng = random.Random(5)
    checked = 0
    for k in range(3):
        d = deal_game(m, 4, 9, k)
        ref = Referee(d.table, d.world, rules_of(m), d.cards)
        q = 0
        while ref.outcome is None and ref.uncut():
            view = ref.view(q)
            for p, s in view.stand_keys():
                for j, sl in enumerate(view.stand(p, s)):
                    if p != q and sl.state not in (CUT, INFO):
                        assert sl.wire is None, (p, s, j)
            hidden = _hidden_from(ref, q)
            pairs = [(a, b) for a in hidden for b in hidden if a < b and a[:2] != b[:2]
                     and ref.world[a] != ref.world[b]]
            if pairs:
                a, b = rng.choice(pairs)
                other = dict(ref.world, **{})
                other[a], other[b] = ref.world[b], ref.world[a]
                twin = Referee(ref.table, other, ref.rules, ref.cards, set(ref.spent), set(ref.dd_used), ref.start_mistakes)
                assert twin.view(q) == view
                mv, tw = policy(view, solve_state(view)), policy(twin.view(q), solve_state(twin.view(q)))
                assert mv.move == tw.move and mv.before == tw.before
                checked += 1
            ref.play(q, policy(view, solve_state(view)))
            q = (q + 1) % 4
    assert checked >= 10


def _exact_value(policy) -> float:
    """The policy's chance to win over every deal of TINY, each weighed by the oracle."""
    table = deal_game(TINY, 4, 0, 0).table
    res = oracle.solve(table)
    z = sum(w for _, w in res.configs)
    won = 0
    for cfg, w in res.configs:
        deal = Deal(table, dict(cfg.types), ())
        won += w * play_game(deal, TINY, policy).won
    return float(won / z)


@pytest.mark.parametrize("name, policy", [("advice", advice.decide), ("greedy", greedy.decide)])
def test_the_arena_s_win_rate_agrees_with_the_policy_s_exact_value(name, policy) -> None:
    exact = _exact_value(policy)
    n = 300
    wins = sum(play_game(deal_game(TINY, 4, 2, k), TINY, policy).won for k in range(n))
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    assert abs(wins / n - exact) <= 4 * se, (name, wins / n, exact)
    assert 0.0 < exact < 1.0  # the red wire makes it a game


def test_my_best_cuts_and_the_arena_s_advice_choose_the_same_move() -> None:
    """On tables of real games, the moves reply's first move is the advice policy's move."""
    for mission, k in ((4, 0), (8, 1), (6, 2)):
        m = playable(mission, 5)
        d = deal_game(m, 5, 4, k)
        ref = Referee(d.table, d.world, rules_of(m), d.cards)
        q, seen = 0, 0
        while ref.outcome is None and seen < 12:
            view = ref.view(q)
            d_ = advice.decide(view, solve_state(view))
            reply = moves_json(view.to_json())
            assert reply["moves"][0]["kind"] == d_.move["kind"] and reply["moves"][0]["slots"] == d_.move["slots"]
            assert reply["moves"][0]["value"] == d_.move["value"] and reply["cards_first"] == list(d_.before)
            if seen % 4 == 0:  # the lookahead's rows point at the moves as the list shows them
                from bombbusters.advice.lookahead import lookahead

                for row in lookahead(view, 3):
                    shown = reply["moves"][row["rank"]]
                    assert (shown["kind"], shown["slots"], shown["value"]) == (
                        row["move"]["kind"], row["move"]["slots"], row["move"]["value"])
            ref.play(q, d_)
            q, seen = (q + 1) % 5, seen + 1


def test_arena_figures_and_jobs() -> None:
    one = arena(4, 4, 6, seed=2, policy="advice", jobs=1, progress=lambda _t: None)
    two = arena(4, 4, 6, seed=2, policy="advice", jobs=2, progress=lambda _t: None)
    assert one == two
    keys = {"mission", "players", "policy", "games", "wins", "p", "se", "explosions", "detonator_losses", "stuck",
            "mean_turns", "truth_impossible", "sure_failures", "calibration", "calibration_first", "brier", "results"}
    assert keys <= set(one) and len(one["results"]) == 6 and one["wins"] == sum(one["results"])
    assert one["truth_impossible"] == 0 and one["sure_failures"] == 0
    assert one["wins"] + one["explosions"] + one["detonator_losses"] + one["stuck"] == 6
    assert len(one["calibration"]) == 10 and sum(b["n"] for b in one["calibration"]) > 0
    # each game's first move with a chance, the one no teammate's choice has spoken to yet
    assert sum(b["n"] for b in one["calibration_first"]) == 6
    assert math.isclose(one["se"], math.sqrt(one["p"] * (1 - one["p"]) / 6))
    # several policies on the same deals, each deal's starting tokens placed once: each as if played alone
    many = arena_many(4, 4, 6, seed=2, policies=("greedy", "advice"), jobs=2, progress=lambda _t: None)
    assert many["advice"] == one
    assert many["greedy"] == arena(4, 4, 6, seed=2, policy="greedy", jobs=1, progress=lambda _t: None)


def test_starting_tokens_where_the_chooser_says_and_games_cut_short() -> None:
    """The calibration probe's seams: a token chooser other than the advice, and a game stopped after its first
    moves with a chance (the same moves, with the same chances, as the whole game's first ones)."""
    m = playable(4, 5)
    deal = deal_game(m, 5, 4, 0)
    first_blue = []

    def leftmost_blue(view, kind):
        st = view.stand(view.me, 0)
        j = next(j for j, sl in enumerate(st) if sl.wire is not None and sl.wire % 10 == 0)
        first_blue.append(j)
        return 0, j

    whole = play_game(deal, m, greedy.decide, choose=leftmost_blue)
    assert len(first_blue) == 5
    short = play_game(deal, m, greedy.decide, choose=leftmost_blue, moves=3)
    assert short.outcome == "stopped" and short.taken == whole.taken[:3]
    ref = Referee(deal.table, deal.world, rules_of(m), deal.cards)
    place_tokens(ref, m.tokens, leftmost_blue)
    assert all(ref.table.stand(q, 0)[first_blue[q]].state == INFO for q in range(5))


def test_cli_arena() -> None:
    out = subprocess.run([sys.executable, "-m", "bombbusters", "arena", "--mission", "1", "--players", "4",
                          "--games", "2", "--policy", "greedy"], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    assert doc["policy"] == "greedy" and doc["games"] == 2 and "2/2 games" in out.stderr
    bad = subprocess.run([sys.executable, "-m", "bombbusters", "arena", "--mission", "66"], capture_output=True, text=True)
    assert bad.returncode == 2 and "cannot play mission 66" in bad.stderr and "Traceback" not in bad.stderr


def test_items_wait_for_their_number_and_are_spent() -> None:
    """A card face up is usable once two wires of its number are cut, then spent; a Double Detector once."""
    from bombbusters.advice.table_edits import cut_slot, with_cuts
    from bombbusters.arena.referee import Decision

    m = playable(4, 4)
    d = deal_game(m, 4, 0, 0)
    ref = Referee(d.table, d.world, rules_of(m), ("3", "6"))
    assert ref.usable_cards(0) == [] and ref.items(0) == ["double_detector"]
    sixes = [k for k, t in d.world.items() if t == 60][:2]
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, 60) for k in sixes})
    assert ref.usable_cards(0) == ["6"]  # the 3s are not cut: the Triple Detector waits
    ref.table = replace(ref.table, mistakes_left=1)
    ref.play(0, Decision(None, ("6",)))
    assert ref.mistakes_left == 2 and ref.usable_cards(1) == [] and "6" in ref.spent
    threes = [k for k, t in d.world.items() if t == 30][:2]
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, 30) for k in threes})
    assert ref.items(1) == ["double_detector", "triple_detector"]
    ref.dd_used.add(1)
    assert ref.items(1) == ["triple_detector"] and ref.items(2) == ["double_detector", "triple_detector"]
