"""The arena's chances and what the table reads, continued from test_arena.py on a tiny game (blue 1-3 and
one red wire, four players): the chances in games are the exact posterior and the players' choices tell
more; failures show the mission's token with the chances still exact; a failed detector's token over a red
wire; a detector that cuts its second wire; a cut takes my leftmost wire of the value; a move not sure says
the player holds no value a teammate's token shows."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import oracle
import pytest
from bombbusters.arena import greedy, rank
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import rules_of, truth_misses
from bombbusters.arena.referee import Referee
from bombbusters.missions.preset import Mission
from bombbusters.questions.analysis import solve_state
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.wires import value_of

#: blue 1-2 and one red wire, four players: 9 wires, every deal enumerable


#: blue 1-3 and one red wire, four players: the tiny game of the calibration check
TINY3 = Mission(0, "tiny", blue=(1, 3), red_count=1, red_fixed=(1,))


def _decisions(world: dict, policy, mission: Mission = TINY3) -> list:
    """(actor's view, the move, succeeded) of every move with a chance in one game of TINY3 (or a variant)."""
    table = deal_game(mission, 4, 0, 0).table
    ref = Referee(table, world, rules_of(mission), ())
    out, q = [], 0
    while ref.outcome is None and ref.uncut():
        if ref.uncut(q):
            view = ref.view(q)
            d = policy(view, solve_state(view))
            n = len(ref.taken)
            ref.play(q, d)
            if len(ref.taken) > n:
                out.append((view, d.move, ref.taken[-1][1]))
        q = (q + 1) % 4
    return out


def test_chances_in_games_are_the_exact_posterior_and_choices_tell_more() -> None:
    """Why the arena's calibration is not the engine's: over every deal of a tiny game played by
    greedy, (1) each chance the engine gave equals the oracle's posterior on the actor's view — the
    engine is exact on the tables games produce; (2) given also the moves the teammates chose, the
    real chance differs (a teammate who named 2 rather than 3 likely holds no 3), which the engine,
    counting deals that fit the table, does not read."""
    table = deal_game(TINY3, 4, 0, 0).table
    configs = oracle.solve(table).configs
    rng = random.Random(3)
    checked = 0
    for cfg, _w in rng.sample(configs, 25):
        for view, move, _ok in _decisions(dict(cfg.types), greedy.decide)[:6]:
            if move["kind"] != "dual_cut":
                continue
            law = oracle.slot_distributions(view)[(move["player"], move["stand"], move["slots"][0])]
            exact = sum(float(p) for t, p in law.items() if t // 10 == move["value"] and t % 10 == 0)
            assert abs(move["p_success"] - exact) < 1e-9, (view.to_json(), move)
            checked += 1
    assert checked >= 40
    groups: dict = {}
    for cfg, w in configs:
        for view, move, ok in _decisions(dict(cfg.types), greedy.decide):
            key = (json.dumps(view.to_json(), sort_keys=True), move["kind"], json.dumps(move["slots"]), move["player"],
                   str(move["value"]))
            g = groups.setdefault(key, [0, 0, move["p_success"]])
            g[0] += w
            g[1] += w * ok
    gaps = [abs(float(k / n) - p) for n, k, p in groups.values()]
    assert max(gaps) > 0.5  # some table's real chance, given the choices too, is far from the deals' count


@pytest.mark.parametrize("tokens", ["even_odd", "multiplicity"])
def test_failures_show_the_mission_s_token_and_chances_stay_exact(tokens: str) -> None:
    """Where even/odd or x-tokens replace info tokens (21, 33; 24, 40), a failure shows the wire's parity or
    its count on the stand, never its value; over deals of a tiny game played by greedy, every chance the
    engine gives on such tables is the oracle's posterior, and the real wires stay possible."""
    mission = replace(TINY3, tokens=tokens)
    table = deal_game(mission, 4, 0, 0).table
    configs = oracle.solve(table).configs
    rng = random.Random(5)
    failures = checked = 0
    for cfg, _w in rng.sample(configs, 30):
        world = dict(cfg.types)
        learnt: list = []  # "not the value named" of every failed dual cut so far: the token does not say it
        for view, move, ok in _decisions(world, greedy.decide, mission):
            assert all(f in view.facts for f in learnt), (view.to_json(), learnt)
            slots = [(p, s, j, sl) for p, s in view.stand_keys() for j, sl in enumerate(view.stand(p, s))]
            assert not any(sl.state == INFO for *_k, sl in slots), view.to_json()  # no value token, ever
            for p, s, j, sl in slots:
                if sl.parity or sl.multiplicity:
                    t = world[(p, s, j)]
                    want = (("even" if (t // 10) % 2 == 0 else "odd"), None) if tokens == "even_odd" else \
                        (None, sum(1 for k, u in world.items() if k[:2] == (p, s) and u // 10 == t // 10))
                    assert (sl.parity, sl.multiplicity) == want, (view.to_json(), (p, s, j), t)
            dists = oracle.slot_distributions(view)
            assert all(dists[k].get(world[k], 0) > 0 for k in dists), view.to_json()
            failures += not ok
            if not ok and move["kind"] == "dual_cut" and world[(move["player"], move["stand"], move["slots"][0])] % 10 != 5:
                learnt.append(Fact("not_value", move["player"], move["stand"], move["value"], tuple(move["slots"])))
            if move["kind"] == "dual_cut":
                law = dists[(move["player"], move["stand"], move["slots"][0])]
                exact = sum(float(p) for t, p in law.items() if t // 10 == move["value"] and t % 10 == 0)
                assert abs(move["p_success"] - exact) < 1e-9, (view.to_json(), move)
                checked += 1
    assert failures >= 5 and checked >= 40, (failures, checked)


def test_a_failed_detector_s_token_passing_over_a_red_wire_tells_it_is_red() -> None:
    """The referee puts a failed detector's token on the first pointed wire that is not red (the rules: on the
    non-red one), so a token on the second tells the table the first is red: the referee adds it as facts,
    and the engine then gives that wire red for sure — the real deal still allowed."""
    from bombbusters.arena.referee import Decision

    m = playable(4, 4)
    for k in range(40):
        d = deal_game(m, 4, 0, k)
        spots = [(p, s, j) for (p, s, j), t in sorted(d.world.items()) if p != 0 and t % 10 == 5
                 and (p, s, j + 1) in d.world and d.world[(p, s, j + 1)] % 10 == 0]
        if spots:
            break
    p, s, j = spots[0]
    value = next(v for v in range(1, 13) if any(t == 10 * v for k_, t in d.world.items() if k_[0] == 0)
                 and d.world[(p, s, j + 1)] != 10 * v)
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    move = {"kind": "double_detector", "player": p, "stand": s, "slots": [j, j + 1], "value": value,
            "p_success": 0.5, "guaranteed": False}
    ref.play(0, Decision(move))
    assert ref.outcome is None and ref.table.stand(p, s)[j + 1].state == INFO
    view = ref.view(0)
    red = sum(pr for t, pr in solve_state(view).slot_probs(p, s, j).items() if t % 10 == 5)
    assert red == pytest.approx(1.0), view.to_json()
    assert all(solve_state(ref.view(q)).slot_probs(*key).get(t, 0) > 0 for q in range(4) for key, t in d.world.items()
               if ref.view(q).stand(*key[:2])[key[2]].state != CUT and ref.view(q).stand(*key[:2])[key[2]].wire is None)


def test_a_detector_that_cuts_the_second_wire_it_pointed_at_tells_the_first_is_not_that_value() -> None:
    """The owner cuts the leftmost hit (the rules leave it to them): a cut on the second wire says the first
    is not the value, which the referee adds as a fact — else the engine would still give it that value
    where the real deal cannot have it."""
    from bombbusters.arena.referee import Decision

    m = playable(4, 4)
    for k in range(40):
        d = deal_game(m, 4, 0, k)
        mine = {t // 10 for key, t in d.world.items() if key[0] == 0 and t % 10 == 0}
        spots = [(p, s, j) for (p, s, j), t in sorted(d.world.items()) if p != 0 and (p, s, j + 1) in d.world
                 and d.world[(p, s, j + 1)] % 10 == 0 and d.world[(p, s, j + 1)] // 10 in mine
                 and d.world[(p, s, j + 1)] != t]
        if spots:
            break
    p, s, j = spots[0]
    value = d.world[(p, s, j + 1)] // 10
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    move = {"kind": "double_detector", "player": p, "stand": s, "slots": [j, j + 1], "value": value,
            "p_success": 0.5, "guaranteed": False}
    ref.play(0, Decision(move))
    assert ref.table.stand(p, s)[j + 1].state == CUT and ref.table.stand(p, s)[j].state != CUT
    view = ref.view(1 if p != 1 else 2)
    law = solve_state(view).slot_probs(p, s, j)
    assert sum(pr for t, pr in law.items() if t == 10 * value) == 0.0, view.to_json()
    assert law.get(d.world[(p, s, j)], 0) > 0


def test_a_successful_cut_takes_my_leftmost_wire_of_the_value_and_the_table_reads_it() -> None:
    """The actor cuts their leftmost uncut wire of the value (the rules leave it to them): the wires left of it
    are not that value, a fact the referee adds — else the engine kept it open on the neighbour of a wire
    cut from a pair, where the real deal cannot have it."""
    from bombbusters.arena.referee import Decision

    m = playable(4, 4)
    for k in range(60):
        d = deal_game(m, 4, 0, k)
        pairs = [j for (p, s, j), t in sorted(d.world.items()) if p == 0 and t % 10 == 0 and j > 0
                 and d.world.get((0, s, j + 1)) == t and d.world[(0, s, j - 1)] != t]
        targets = [key for key, t in sorted(d.world.items()) if key[0] != 0 and pairs and t == d.world[(0, 0, pairs[0])]]
        if pairs and targets:
            break
    j, target = pairs[0], targets[0]
    value = d.world[(0, 0, j)] // 10
    ref = Referee(d.table, d.world, rules_of(m), d.cards)
    move = {"kind": "dual_cut", "player": target[0], "stand": target[1], "slots": [target[2]], "value": value,
            "p_success": 0.5, "guaranteed": False}
    ref.play(0, Decision(move))
    assert ref.table.stand(0, 0)[j].state == CUT and ref.table.stand(0, 0)[j + 1].state != CUT
    assert Fact("not_value", 0, 0, value, tuple(range(j))) in ref.table.facts
    view = ref.view(1)
    law = solve_state(view).slot_probs(0, 0, j - 1)
    assert law.get(10 * value, 0) == 0 and law.get(d.world[(0, 0, j - 1)], 0) > 0


def test_a_move_that_is_not_sure_says_the_player_holds_no_value_a_teammate_s_token_shows() -> None:
    """Every policy takes a sure move when it has one: so a doubtful one says the player holds none of the
    values shown by info tokens on teammates' wires they could cut (each such cut would have been sure)."""
    from bombbusters.arena.game import start_game
    from bombbusters.arena.readings import no_sure_facts

    m = playable(4, 5)
    for k, q in [(k, q) for k in range(10) for q in range(5)]:
        ref = start_game(deal_game(m, 5, 2, k), m)
        view = ref.view(q)
        d = rank.decide(view, solve_state(view))
        if d.move is None or d.move.get("guaranteed"):
            continue
        shown = {value_of(sl.wire) for p, s in view.stand_keys() if p != q for sl in view.stand(p, s)
                 if sl.state == INFO and sl.wire is not None}
        facts = no_sure_facts(view)
        assert shown and {f.value for f in facts} == shown and all(f.player == q for f in facts)
        assert not shown & {value_of(t) for key, t in ref.world.items() if key[0] == q}
        public = no_sure_facts(view, solve_state(view.public()))  # also what the table alone makes sure
        assert set(facts) <= set(public) and all(value_of(ref.world[(q, f.stand, j)]) != f.value for f in public
                                                  for j in f.slots)
        ref.play(q, d)
        assert set(public) <= set(ref.table.facts)
        for p in range(5):
            v = ref.view(p)
            assert truth_misses(solve_state(v), v, ref.world) == 0
        return
    raise AssertionError("no deal of 10 where a player's first move is not sure")
