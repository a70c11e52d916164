"""Mission 30 in the arena: played without its sound file, whose timed rounds (a number card read out,
its value to be cut within seconds) have deadlines in seconds that a simulated game's turns do not
measure; the results say so (``played_without``)."""

from __future__ import annotations

from bombbusters.arena.deal import PLAYABLE
from bombbusters.arena.run import arena


def test_30_is_played_without_the_sound_file_and_its_results_say_so() -> None:
    assert 30 in PLAYABLE
    got = arena(30, 4, 1, policy="greedy", progress=lambda _text: None)
    assert "sound file" in got["played_without"] and "seconds" in got["played_without"]
    assert got["games"] == 1 and got["truth_impossible"] == 0 and got["sure_failures"] == 0 and got["stuck"] == 0
