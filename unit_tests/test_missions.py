"""Mission presets: every row of the game-facts table, wires() into WireSetup, clear errors."""

from __future__ import annotations

import json

import pytest

from bombbusters.errors import StateError
from bombbusters.missions import (
    DOUBLE_DETECTOR_MODES,
    EQUIPMENT,
    MISSIONS,
    TOKEN_VARIANTS,
    Mission,
    all_missions_json,
    get_mission,
)
from bombbusters.wires import WireSetup

# Transcribed independently from reference/game-facts.md, except mission 14, whose yellow
# "2 of 3" (not red) follows the mission data of the two public sources (README, "Missions"):
# number -> (blue range, yellow (count, of, known), red (count, of, known)) with 3-5 players
B12 = (1, 12)
NONE = (0, None, 0)
TABLE: dict[int, tuple[tuple[int, int], tuple[int, int | None, int], tuple[int, int | None, int]]] = {
    1: ((1, 6), NONE, NONE),
    2: ((1, 8), (2, None, 0), NONE),
    3: ((1, 10), NONE, (1, None, 0)),
    4: (B12, (2, None, 0), (1, None, 0)),
    5: (B12, (2, 3, 0), (1, None, 0)),
    6: (B12, (4, None, 0), (1, None, 0)),
    7: (B12, NONE, (1, 2, 0)),
    8: (B12, (2, 3, 0), (1, 2, 0)),
    9: (B12, (2, None, 0), (1, None, 0)),
    10: (B12, (4, None, 0), (1, None, 0)),
    11: (B12, (2, None, 0), NONE),
    12: (B12, (4, None, 0), (1, None, 0)),
    13: (B12, NONE, (3, None, 0)),
    14: (B12, (2, 3, 0), (2, None, 0)),
    15: (B12, NONE, (1, 3, 0)),
    16: (B12, (2, 3, 0), (1, None, 0)),
    17: (B12, NONE, (2, 3, 0)),
    18: (B12, NONE, (2, None, 0)),
    19: (B12, (2, 3, 0), (1, None, 0)),
    20: (B12, (2, None, 0), (2, None, 0)),
    21: (B12, NONE, (1, 2, 0)),
    22: (B12, (4, None, 0), (1, None, 0)),
    23: (B12, NONE, (1, 3, 0)),
    24: (B12, NONE, (2, None, 0)),
    25: (B12, NONE, (2, None, 0)),
    26: (B12, NONE, (2, None, 0)),
    27: (B12, (4, None, 0), (1, None, 0)),
    28: (B12, (4, None, 0), (2, None, 0)),
    29: (B12, NONE, (3, None, 0)),
    30: (B12, (4, None, 0), (1, 2, 0)),
}

# With 2 players (public mission data, milmillin/bdiffuser): number -> (yellow, red) where it differs.
TWO_PLAYERS = {
    4: ((4, None, 0), (1, None, 0)),
    5: ((2, 3, 0), (2, None, 0)),
    6: ((4, None, 0), (2, None, 0)),
    7: (NONE, (1, 3, 0)),
    8: ((4, None, 0), (1, 3, 0)),
    9: ((4, None, 0), (2, None, 0)),
    11: ((4, None, 0), NONE),
    12: ((4, None, 0), (2, None, 0)),
    14: ((4, None, 0), (3, None, 0)),
    15: (NONE, (2, 3, 0)),
    16: ((4, None, 0), (2, None, 0)),
    17: (NONE, (3, None, 0)),
    18: (NONE, (3, None, 0)),
    20: ((4, None, 0), (2, 3, 0)),
    21: (NONE, (2, None, 0)),
    23: (NONE, (2, 3, 0)),
    24: (NONE, (3, None, 0)),
    25: (NONE, (3, None, 0)),
    28: ((4, None, 0), (3, None, 0)),
}

#: a custom setup with known wires beside a draw ("2 + 2 of 3" red): no preset has one
KNOWN_RED = Mission(99, "Custom", red_count=2, red_of=3, red_known=2)

FULL = [str(i) for i in range(1, 13)]


def numbers_for(m: Mission) -> tuple[list[int], list[int]]:
    """Distinct drawn numbers of the right count: yellows from 1 up, reds from 11 down."""
    return list(range(1, m.numbers_needed("yellow") + 1)), list(range(11, 11 - m.numbers_needed("red"), -1))


def test_missions_1_to_30_exactly():
    assert sorted(MISSIONS) == list(range(1, 31))
    assert [d["number"] for d in all_missions_json()] == list(range(1, 31))
    for n, m in MISSIONS.items():
        assert get_mission(n) is m and m.number == n


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("n", sorted(TABLE))
def test_each_player_count_deals_its_wires(n, players):
    blue, ys, rs = TABLE[n]
    if players == 2 and n in TWO_PLAYERS:
        ys, rs = TWO_PLAYERS[n]
    m = get_mission(n).for_players(players)
    assert (m.yellow_count, m.yellow_of, m.yellow_known) == ys
    assert (m.red_count, m.red_of, m.red_known) == rs
    listed = get_mission(n).setup_json()["players"][str(players)]
    assert listed["wires_in_play"] == 4 * (blue[1] - blue[0] + 1) + ys[0] + ys[2] + rs[0] + rs[2]
    for colour, (count, of, known) in (("yellow", ys), ("red", rs)):
        spec = listed[colour]
        assert spec is None if count + known == 0 else (spec["count"], spec["of"], spec["known"]) == (count, of, known)
    ynum, rnum = numbers_for(m)
    assert WireSetup.from_json(m.wires(ynum, rnum)).total_in_play == listed["wires_in_play"]


@pytest.mark.parametrize("n", sorted(TABLE))
def test_wires_match_table(n):
    m = get_mission(n)
    blue, ys, rs = TABLE[n]
    assert m.blue == blue
    assert (m.yellow_count, m.yellow_of, m.yellow_known) == ys
    assert (m.red_count, m.red_of, m.red_known) == rs
    assert m.wires_in_play == 4 * (blue[1] - blue[0] + 1) + ys[0] + ys[2] + rs[0] + rs[2]


def test_titles_are_plain():
    assert get_mission(1).title == "Training 1"
    assert get_mission(8).title == "Training 8"
    assert get_mission(9).title == "Mission 9"
    assert get_mission(30).title == "Mission 30"


def test_token_variants_and_flags():
    special = {
        13: {"open_red_deal": True, "random_info_token": True},
        17: {"false_tokens": True},
        20: {"x_tokens": True},
        22: {"absent_tokens": True},
    }
    tokens = {18: "none", 21: "even_odd", 24: "multiplicity"}
    detectors = {27: "disabled", 28: "captain_disabled"}
    flags = ("x_tokens", "false_tokens", "absent_tokens", "open_red_deal", "random_info_token")
    for n, m in MISSIONS.items():
        assert m.tokens == tokens.get(n, "value"), n
        assert m.double_detector == detectors.get(n, "all"), n
        for flag in flags:
            assert getattr(m, flag) == special.get(n, {}).get(flag, False), (n, flag)
        assert m.tokens in TOKEN_VARIANTS and m.double_detector in DOUBLE_DETECTOR_MODES


def test_equipment_campaign_and_exclusions():
    exclusions = {10: "11", 20: "2", 26: "10", 27: "7"}
    assert get_mission(1).equipment == ()
    assert get_mission(2).equipment == ()
    assert list(get_mission(3).equipment) == FULL[:10]
    assert get_mission(18).equipment == ("8",)
    for n, m in MISSIONS.items():
        assert all(e in EQUIPMENT for e in m.equipment)
        if n < 4 or n == 18:
            continue
        has_yellow = m.yellow_count + m.yellow_known > 0
        want = [e for e in FULL if e != exclusions.get(n)] + (["Y"] if n >= 9 and has_yellow else [])
        assert list(m.equipment) == want, n
    # yellow equipment only from mission 9 and only with yellow wires in play
    assert "Y" not in get_mission(8).equipment
    assert "Y" in get_mission(9).equipment and "Y" in get_mission(11).equipment
    assert "Y" not in get_mission(13).equipment


def test_notes_carry_special_rules():
    assert "15-minute" in get_mission(10).notes
    assert "General Radar" in get_mission(18).notes
    assert "X token" in get_mission(20).notes
    assert "face-down deck of 7" in get_mission(23).notes
    assert get_mission(25).notes == ""


def test_setup_json_shape():
    d = get_mission(8).setup_json()
    assert d["blue"] == [1, 12]
    assert d["yellow"] == {"count": 2, "of": 3, "known": 0, "in_play": 2, "numbers_needed": 3}
    assert d["red"] == {"count": 1, "of": 2, "known": 0, "in_play": 1, "numbers_needed": 2}
    assert d["wires_in_play"] == 51
    assert get_mission(1).setup_json()["yellow"] is None
    assert get_mission(2).setup_json()["yellow"]["of"] is None
    assert KNOWN_RED.setup_json()["red"] == {
        "count": 2, "of": 3, "known": 2, "in_play": 4, "numbers_needed": 5,
    }
    for d in all_missions_json():
        assert json.loads(json.dumps(d)) == d
        assert isinstance(d["equipment"], list)


@pytest.mark.parametrize("n", sorted(TABLE))
def test_wires_round_trip_into_wire_setup(n):
    m = get_mission(n)
    ys, rs = numbers_for(m)
    doc = m.wires(ys, rs)
    setup = WireSetup.from_json(doc)
    assert setup.total_in_play == m.wires_in_play
    assert setup.to_json() == doc
    assert setup.blue_range == m.blue


def test_wires_examples():
    m8 = get_mission(8)
    doc = m8.wires([9, 2, 5], [7, 3])
    assert doc == {"blue": [1, 12], "yellow": {"of": [2, 5, 9], "keep": 2}, "red": {"of": [3, 7], "keep": 1}}
    assert WireSetup.from_json(doc).total_in_play == 48 + 1 + 2 == 51
    assert get_mission(4).wires([7, 4], [2]) == {"blue": [1, 12], "yellow": [4, 7], "red": [2]}
    assert get_mission(1).wires([], []) == {"blue": [1, 6]}
    assert get_mission(1).wires() == {"blue": [1, 6]}
    # known reds first, then the three candidates; or the explicit mapping form
    flat = KNOWN_RED.wires([], [6, 1, 9, 4, 2])
    assert flat["red"] == {"known": [1, 6], "of": [2, 4, 9], "keep": 2}
    assert KNOWN_RED.wires(None, {"known": [6, 1], "of": [9, 4, 2]}) == flat
    assert WireSetup.from_json(flat).total_in_play == 52
    assert get_mission(5).wires({"of": [1, 2, 3]}, {"known": [5]})["yellow"] == {"of": [1, 2, 3], "keep": 2}


@pytest.mark.parametrize(
    "n, yellow, red, words",
    [
        (8, [1, 2], [3, 4], ["mission 8", "3 yellow numbers", "2 of 3", "got 2"]),
        (8, [1, 2, 3], [4], ["2 red numbers", "1 of 2", "got 1"]),
        (4, [1, 2, 3], [5], ["2 yellow numbers", "2 dealt"]),
        (1, [3], [], ["mission 1", "0 yellow numbers", "none in this mission"]),
        (3, [], [], ["1 red number ", "got 0"]),
        (4, [4, 4], [1], ["yellow", "[4]", "twice"]),
        (4, [1, 12], [1], ["12", "yellow wire number", "1-11"]),
        (4, [0, 1], [1], ["0", "1-11"]),
        (4, [1, True], [2], ["True", "yellow"]),
        (4, "12", [2], ["yellow numbers must be a list"]),
        (99, [], [1, 2, 3, 4], ["5 red numbers", "2 known + 2 of 3"]),
        (99, [], {"known": [1], "of": [2, 3, 4, 5]}, ["1 known and 4 drawn", "2 known and 3 drawn"]),
        (99, [], {"known": [1, 2], "off": [3]}, ["unknown field", "off"]),
        (4, {"of": [1, 2]}, [3], ["2 dealt, not drawn"]),
    ],
)
def test_bad_numbers_raise_state_error(n, yellow, red, words):
    with pytest.raises(StateError) as info:
        (KNOWN_RED if n == 99 else get_mission(n)).wires(yellow, red)
    msg = str(info.value)
    for w in words:
        assert w in msg, (w, msg)
    assert info.value.location["field"].startswith("wires.")


@pytest.mark.parametrize("bad", [0, 31, -1, 66, "8", 8.0, True, None])
def test_get_mission_out_of_range(bad):
    with pytest.raises(StateError) as info:
        get_mission(bad)
    msg = str(info.value)
    assert repr(bad) in msg and "1-30" in msg
    assert isinstance(info.value, ValueError)


def test_mission_is_frozen():
    m = get_mission(5)
    with pytest.raises(AttributeError):
        m.red_count = 3  # type: ignore[misc]
