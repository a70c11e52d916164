"""Nano the robot in the arena (``arena/nano.py``): 43 (Nano's wires), 53 (Nano in place of the
detonator), 59 (Nano's track picks the values).  Each test plays a seeded game, logs every turn (who,
Nano before, the table before and after, the move), and checks the card's rule on that log by itself
(not through the play's own ``rules``), with the truth check."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from bombbusters.advice.moves import rank_moves
from bombbusters.advice.team import NANO_VALUE, takeable, team_choice
from bombbusters.arena import greedy
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.referee import Decision
from bombbusters.arena.nano_take import filed_at, nano_pile, take_from_nano
from bombbusters.arena.win import playout_referee, playout_start, win_chance
from bombbusters.protocol.bridge import handle
from bombbusters.table.state import GameState
from bombbusters.missions.preset import NANO_WIRES
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.notation import CUT
from bombbusters.table.wires import value_of


class _Turns:
    """A seeded game whose play logs, per turn: (player, Nano before, table before, table after, move)."""

    def __init__(self, mission: int, players: int, seed: int = 1, k: int = 0):
        m = playable(mission, players)
        self.deal = deal_game(m, players, seed, k)
        self.ref = ref = start_game(self.deal, m)
        self.play = play = ref.rules.play
        self.start_table = ref.table
        self.turns: list = []
        inner_turn, inner_play = play.turn, ref.play
        moves: list = []

        def logged_play(q: int, d) -> None:
            moves.append(d.move)
            inner_play(q, d)

        def logged_turn(r, q: int, decide) -> str:
            before, table = dict(play.doc()), ref.table
            moves.clear()
            done = inner_turn(r, q, decide)
            self.turns.append((q, before, table, ref.table, moves[-1] if moves else None, done))
            return done
        ref.play = logged_play  # type: ignore[method-assign]
        play.turn = logged_turn  # type: ignore[method-assign]
        self.result = play_on(ref, greedy.decide, ref.table.captain)


def _cut(table) -> Counter:
    return Counter(value_of(sl.wire) for p, s in table.stand_keys() for sl in table.stand(p, s)
                   if sl.state == CUT and sl.wire is not None)


def _takes(table) -> int:
    return sum(m.kind == "nano" for m in table.moves)


def test_the_arena_plays_the_nano_missions() -> None:
    assert {43, 53, 59} <= set(PLAYABLE)


@pytest.mark.parametrize("players,seed", [(4, 3), (2, 1)])
def test_43_nano_walks_the_track_and_a_cut_of_its_value_takes_one_of_its_wires(players: int, seed: int) -> None:
    g = _Turns(43, players, seed)
    n = NANO_WIRES[players]
    assert g.result.truth_impossible == 0 and g.result.outcome in ("won", "exploded", "detonator", "stuck")
    assert g.start_table.extra["nano"] == n and len(g.deal.world) == 48 + 3 - n  # dealt to Nano before the stands
    space, step, taken = 1, 1, 0
    for q, before, t0, t1, move, _done in g.turns:
        assert before["space"] == space  # one space a turn, turning around at 12 and at 1
        hit = space in set(_cut(t1) - _cut(t0))
        if t1 is g.ref.table and g.result.outcome in ("exploded", "detonator"):
            break
        want = taken + (1 if hit and taken < n else 0)
        assert _takes(t1) == want, (space, move)
        if want > taken:  # the taker's stand grew by one and stays in order
            (m,) = [x for x in t1.moves if x.kind == "nano"][-1:]
            p, s, j = m.wires[0].dst
            assert p == q and len(t1.stand(p, s)) == len(t0.stand(p, s)) + 1
        taken = want
        if not 1 <= space + step <= 12:
            step = -step
        space += step
    assert taken >= 1
    world = g.ref.world
    for p, s in g.ref.table.stand_keys():
        wires = [world[(p, s, j)] for j in range(len(g.ref.table.stand(p, s)))]
        assert wires == sorted(wires)
    assert g.result.outcome != "won" or _takes(g.ref.table) == n  # Nano's wires are cut too


def _start(mission: int, players: int, seed: int = 1):
    m = playable(mission, players)
    return start_game(deal_game(m, players, seed, 0), m)


def test_43_no_one_wins_with_nano_s_wires_left() -> None:
    """Every wire on the stands cut with Nano's pile not empty: nobody can act, the bomb is lost; with
    Nano's wires all taken (and cut), the bomb is defused."""
    for take in (False, True):
        ref = _start(43, 4)
        play = ref.rules.play
        while take and nano_pile(ref.table, ref.world):
            ref.table, ref.world = take_from_nano(ref.table, ref.world, 1, random.Random(0))
        ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in ref.uncut()})
        play.after(ref, 0, None)
        assert ref.outcome == (None if take else "stuck")
        assert not take or (_takes(ref.table) == NANO_WIRES[4] and len(ref.table.stand(1, 0)) == 12 + NANO_WIRES[4])


def test_43_a_wire_taken_lands_at_every_place_among_its_equals_alike() -> None:
    """Filed in order at a random place among the wires of its type, so its place tells nothing
    (``table/transfers.py``); a take files it on the taker's stand and moves the slots after it."""
    rng = random.Random(0)
    places = Counter(filed_at([10, 30, 30, 30, 50], 30, rng) for _ in range(2000))
    assert sorted(places) == [1, 2, 3, 4] and min(places.values()) > 400
    assert {filed_at([10, 30, 50], 20, rng) for _ in range(50)} == {1}
    ref = _start(43, 4)
    before = dict(ref.world)
    table, world = take_from_nano(ref.table, ref.world, 2, random.Random(1))
    (j,) = [m.wires[0].dst[2] for m in table.moves]
    assert len(table.stand(2, 0)) == len(ref.table.stand(2, 0)) + 1
    assert [world[(2, 0, i)] for i in range(len(table.stand(2, 0))) if i != j] == \
        [before[(2, 0, i)] for i in range(len(ref.table.stand(2, 0)))]
    assert Counter(nano_pile(ref.table, before)) - Counter(nano_pile(table, world)) == Counter([world[(2, 0, j)]])


def test_53_nano_moves_by_the_cut_and_stands_for_the_detonator() -> None:
    g = _Turns(53, 4, 3)  # 2 cuts of Nano's value, a failure
    assert g.result.truth_impossible == 0 and len(g.turns) > 5
    space = 0
    for i, (q, before, t0, t1, move, _done) in enumerate(g.turns):
        last = i == len(g.turns) - 1
        assert before["space"] == space and t0.mistakes_left == max(0, (11 - space) // 2)
        if move is None:  # on 11 with no 11 to cut: whatever they cut, Nano reaches 12
            assert space == 11 and last and g.result.outcome == "detonator"
            continue
        if move["kind"] == "reveal_red":
            continue
        cut = set(_cut(t1) - _cut(t0))
        if last and g.result.outcome == "exploded":
            break
        space += 2 if not cut else -1 if space in cut else 1
        assert (space >= 12) == (last and g.result.outcome == "detonator"), (space, move)
    assert g.result.outcome in ("won", "exploded", "detonator")


def test_53_on_11_only_an_11_may_be_cut() -> None:
    ref = _start(53, 4)
    play = ref.rules.play
    assert ref.mistakes_left == 5 and "rules" not in ref.view(0).extra  # before 1: five failures to 12
    play.space = 11
    rules = ref.view(0).extra["rules"]
    assert rules["only_values"]["values"] == [11] and rules["nano_value"]["value"] == 11


def test_53_the_views_name_nano_s_value_and_the_team_aims_at_it() -> None:
    """Cutting the value of Nano's space takes it back a space (any other cut moves it on): the views say
    which value that is, the moves that cut it carry ``nano_value``, and the team policy takes one over
    a likelier cut of another value (its score: ``NANO_VALUE`` more on success)."""
    ref = _start(53, 4)
    play = ref.rules.play
    for space in range(1, 11):
        play.space = space
        play.bind(ref)
        q = ref.table.captain
        view = ref.view(q)
        assert view.extra["rules"]["nano_value"]["value"] == space
        order, move, _before = team_choice(view, rank_moves(view))
        back = [m for m in order if "nano_value" in m]
        assert all(m["value"] == space for m in back)
        assert all("nano_value" not in m for m in order if m["value"] != space)
        if back and move is not None and not move["guaranteed"]:
            best_back = max(m["p_success"] for m in back if takeable(m))
            plain = max(m["p_success"] for m in order if takeable(m) and "nano_value" not in m)
            if best_back + NANO_VALUE > plain + 1e-9:  # Nano's value is worth the risk: the team cuts it
                assert "nano_value" in move, (space, move)


@pytest.mark.parametrize("players,seed,skips", [(4, 6, 1), (3, 3, 0)])
def test_59_each_cut_is_under_or_ahead_of_nano_which_moves_there(players: int, seed: int, skips: int) -> None:
    g = _Turns(59, players, seed)
    assert g.result.truth_impossible == 0
    line = list(g.deal.numbers)
    assert g.turns[0][1]["at"] == line.index(7)
    docs = [b for _q, b, _t0, _t1, _m, _d in g.turns[1:]] + [g.play.doc()]
    turned = 0
    for (q, before, t0, t1, move, _done), after in zip(g.turns, docs):
        at, facing = before["at"], before["facing"]
        side = lambda way: [v for v in (line[at:] if way > 0 else line[:at + 1][::-1]) if _cut(t0)[v] < 4]  # noqa: E731
        ahead = side(facing)
        if move is None or (move["kind"] != "reveal_red" and move["value"] not in ahead):
            # none to cut: they skip their turn — Nano turned around, the detonator, has-not facts (the card, as
            # bdiffuser's OCR transcription reads it; an older one had them play on, the other way)
            turned += 1
            assert move is None, move
            assert t1.mistakes_left <= t0.mistakes_left - 1 or g.result.outcome == "detonator"
            assert set(ahead) <= {f.value for f in t1.facts if f.kind == "has_not" and f.player == q}
            assert after["facing"] == -facing and after["at"] == at
            continue
        if move["kind"] == "reveal_red":
            continue
        assert move["value"] in ahead, (move, ahead)  # (after a turn around: the other way)
        if t1 is g.ref.table and g.result.outcome in ("exploded", "detonator"):
            break  # the bomb is lost: Nano stays
        assert line[after["at"]] == move["value"]  # Nano moved to the card of the value cut
        left = sum(_cut(t1)[v] < 4 for v in line[:after["at"]])
        right = sum(_cut(t1)[v] < 4 for v in line[after["at"] + 1:])
        assert after["facing"] == (facing if left == right else 1 if right > left else -1)
    assert turned == skips and len(g.turns) > 5


def test_the_win_playouts_follow_nano() -> None:
    """A view's ``mission_play`` carries Nano; the playouts rebuild it (43: Nano's pile from each drawn world)."""
    for mission in (43, 53, 59):
        m = playable(mission, 4)
        ref = start_game(deal_game(m, 4, 1, 0), m)
        play_on(ref, greedy.decide, ref.table.captain, moves=2)
        view = ref.view(1)
        assert view.extra["mission_play"]["kind"].startswith("nano")
        assert win_chance(view, 1, 0)["n"] == 1
        if mission == 43:  # each drawn world leaves Nano the wires no stand holds
            (world,) = sample_deals(view, 1, 0)
            ref2 = playout_referee(view.public(), world, 3)
            assert len(nano_pile(ref2.table, world)) == NANO_WIRES[4] - _takes(view)
            assert ref2.rules.play.doc() == view.extra["mission_play"]


def test_43_the_views_name_nano_s_value_while_it_holds_wires() -> None:
    """43: a cut of Nano's value takes one of its wires, which must all be cut too: the views name that value
    while Nano holds any (the team policy prefers it: ``nano_value``), and no longer once it holds none."""
    ref = _start(43, 4)
    play = ref.rules.play
    for space in (1, 6, 12):
        play.space = space
        view = ref.view(ref.table.captain)
        rule = view.extra["rules"]["nano_value"]
        assert rule["value"] == space and f"one of its {NANO_WIRES[4]} wires" in rule["why"]
        assert all(m["value"] == space for m in rank_moves(view) if "nano_value" in m)
    ref.table = replace(ref.table, extra={**ref.table.extra, "nano": 0})  # as if every wire were taken
    assert "rules" not in ref.view(0).extra


def test_53_the_table_app_s_win_request_carries_nano_s_space() -> None:
    """The table app sends Nano's space as the arena's ``mission_play`` (web/table/nano-track.js): the playouts
    start from it, with Nano's failures left as the detonator; a space off the track is named."""
    m = playable(53, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    view = ref.view(1)
    doc = view.public().to_json()
    doc.update(turn=ref.table.captain, mission_play={"kind": "nano_detonator", "space": 10})
    state = GameState.from_json(doc)
    (_table, _first, mistakes) = playout_start(state)
    assert mistakes == state.mistakes_left
    rebuilt = playout_referee(_table, sample_deals(view, 1, 0)[0], mistakes)
    assert rebuilt.rules.play.space == 10 and rebuilt.table.mistakes_left == 0  # on 10: one failure takes it to 12
    for bad in (12, -1, "3", True):
        doc["mission_play"] = {"kind": "nano_detonator", "space": bad}
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "win", "payload": {"state": doc, "n": 1}})))
        assert not reply["ok"] and "Nano's space must be a whole number 0-11" in reply["error"]["message"], reply
    for bad, words in (({"space": 0, "step": 1}, "space must be a whole number 1-12"),
                       ({"space": 3, "step": 2}, "step must be 1 (up the track) or -1")):
        doc["mission_play"] = {"kind": "nano_track", **bad}
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "win", "payload": {"state": doc, "n": 1}})))
        assert not reply["ok"] and words in reply["error"]["message"], reply


def test_43_setup_two_players_and_the_walkie_talkies() -> None:
    """2 players: the captain's starting token is drawn at random (the other places the advised one); the
    team leaves the Walkie-Talkies unused (a later take into a stand a swap touched cannot be followed)."""
    ref = _start(43, 2)
    assert ref.rules.play.no_token == frozenset({ref.table.captain}) and "2" in ref.spent and "2" not in ref.used
    assert ref.view(0).extra["nano"] == NANO_WIRES[2] and ref.table.extra["nano"] == NANO_WIRES[2]
    tokens = {p: sum(sl.state == "info" for st in ref.table.players[p].stands for sl in st) for p in (0, 1)}
    lacks = [f for f in ref.table.facts if f.kind == "has_not" and f.player == 0]
    assert tokens[1] == 1 and tokens[0] + len(lacks) == 1


def test_a_coffee_mug_names_who_plays_next_in_a_mission_with_a_play() -> None:
    """59 (its card: the Coffee Mug skips a whole turn, Nano stays): the named player plays next."""
    ref = _start(59, 4)
    elevens = [k for k, t in sorted(ref.world.items()) if value_of(t) == 11][:2]
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in elevens})
    ref.cards = ("11",)
    who: list = []
    inner = ref.rules.play.turn

    def turn(r, q, decide):
        who.append((q, r.rules.play.doc()["at"], r.rules.play.doc()["facing"]))
        return inner(r, q, decide)
    ref.rules.play.turn = turn  # type: ignore[method-assign]
    first = [True]

    def policy(view, an):
        if first[0]:
            first[0] = False
            return Decision(None, ("11",), pass_to=2)
        return greedy.decide(view, an)
    play_on(ref, policy, 0, moves=1)
    assert [q for q, _at, _f in who[:2]] == [0, 2] and "11" in ref.used
    assert who[0][1:] == who[1][1:]  # Nano neither moved nor turned
