""""One of these wires holds v" facts as block rules of one run (``constraints._as_block_rules``).

Why a test of its own: General Radar's answers and every failed cut's "the cutter holds that value" are
such facts, and as counters each one doubled the whole DP grid: a mission-18 table with some forty of
them asked for tens of GB.  On a sorted run the copies of one type form one block, so where only one run
can hold the value the fact is a rule on that run's moves; the answers stay exact (the oracle below)."""

from __future__ import annotations

import gen
from bombbusters.arena.deal import deal_game, playable
from bombbusters.compiler.constraints import compile_state
from bombbusters.questions.analysis import solve_state
from bombbusters.table.facts import Fact
from bombbusters.table.wires import BLUE, colour_of, value_of
from dataclasses import replace
from hypothesis import given, settings
from test_solver_vs_oracle import PROPERTY, check_against_oracle


def test_a_radar_answer_for_every_player_and_value_is_no_counter() -> None:
    """Mission 18's deal, the captain's view, and "has v" for every blue value every player holds (about
    forty facts, as a game of General Radar answers gives): no counter axis is left, and it solves."""
    m = playable(18, 4)
    deal = deal_game(m, 4, 1, 0)
    facts = tuple(sorted({Fact("has", p, s, value_of(t)) for (p, s, _j), t in deal.world.items()
                          if colour_of(t) == BLUE}, key=lambda f: (f.player, f.value)))
    view = replace(deal.table, facts=deal.table.facts + facts, me=deal.table.captain)
    assert len(facts) > 30
    (prob,) = compile_state(view).cases
    assert not prob.counters and sum(len(g) for st in prob.substands for g in st.need.values()) >= len(facts) - 12
    an = solve_state(view)
    assert an.log_z > 0


@settings(max_examples=400, **PROPERTY)
@given(gen.states(facts=True, fact_kinds=("has", "has", "has_not"), max_facts=6))
def test_many_has_facts_match_the_oracle(doc):
    """Up to six has / has-not facts on random tiny tables (cut wires split the stands into runs): exact."""
    check_against_oracle(doc)
