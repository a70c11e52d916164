"""The campaign benchmark (build_scripts/campaign.py): cells saved as they end, a second run plays only
what is missing, the report counts the whole campaign (no browser needed)."""

from __future__ import annotations

import json

import campaign  # noqa: E402  (build_scripts/ is on sys.path via conftest)
import pytest


def test_cells_are_saved_and_a_second_run_plays_only_the_missing(tmp_path, monkeypatch):
    assert campaign.main(["--games", "2", "--missions", "1", "--players", "4,5", "--jobs", "1",
                          "--out", str(tmp_path)]) == 0
    doc = json.loads((tmp_path / "campaign.json").read_text())
    assert sorted(doc["cells"]) == ["1-4", "1-5"]
    cell = doc["cells"]["1-5"]
    assert cell["games"] == 2 and len(cell["advice"]["results"]) == 2 and cell["commit"]
    assert {"greedy", "rank", "advice", "advice-rank", "advice-greedy"} <= set(cell)
    # mission 1 shows value tokens: the advice never thinks ahead there, so onestep (the same moves) is not played
    assert "onestep" not in cell and "advice-onestep" not in cell
    assert campaign.searches(24, 5) and campaign.searches(40, 4) and not campaign.searches(1, 5)
    report = (tmp_path / "campaign.md").read_text()
    assert "## 5 players" in report and "| 1 |" in report and "1 (2p)" in report  # 2 players: not played yet
    assert (tmp_path / "campaign.png").stat().st_size > 1000

    def no_new_cell(*args):
        raise AssertionError(f"cell {args[:2]} played again")

    monkeypatch.setattr(campaign, "play_cell", no_new_cell)
    assert campaign.main(["--games", "2", "--missions", "1", "--players", "4,5", "--out", str(tmp_path)]) == 0
    # other counts are missing cells: played, and here each stops on an error, which is kept and shown, and
    # does not stop the next cell; the run says so in its exit status
    assert campaign.main(["--games", "2", "--missions", "1", "--players", "2,3", "--out", str(tmp_path)]) == 1
    doc = json.loads((tmp_path / "campaign.json").read_text())
    assert sorted(doc["failed"]) == ["1-2", "1-3"] and "played again" in doc["failed"]["1-3"]["error"]
    assert sorted(doc["cells"]) == ["1-4", "1-5"]
    assert "## Stopped on an error" in (tmp_path / "campaign.md").read_text()


def test_only_the_player_counts_a_mission_allows():
    got = campaign.cells([1, 34, 64, 65], [2, 3, 4, 5])
    assert (1, 2) in got and (34, 3) in got and (65, 3) in got and (34, 2) not in got and (65, 2) not in got
    assert (64, 2) in got and (64, 3) in got  # two stands a player: the FAQ's layout (2026-11-29)


def test_since_plays_again_only_the_cells_played_before_a_commit(monkeypatch):
    """``--since REV``: a cell played at REV or after it stays, one played before it (or at an unknown commit) is
    out of date."""
    import subprocess

    revs = subprocess.run(["git", "rev-list", "--max-count=2", "HEAD"], cwd=campaign.ROOT, capture_output=True,
                          text=True).stdout.split()
    if len(revs) < 2:
        pytest.skip("a checkout without history (shallow clone)")
    head, parent = revs
    assert campaign.played_since({"commit": head}, None)
    assert campaign.played_since({"commit": head}, parent) and campaign.played_since({"commit": head}, head)
    assert not campaign.played_since({"commit": parent}, head)
    assert not campaign.played_since({"commit": "unknown"}, head)
