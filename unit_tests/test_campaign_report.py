"""The campaign report says when and on what its cells were played (issue 41: the table "with the date and
machine"), from what each cell recorded."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

from campaign import machine  # noqa: E402
from campaign_report import provenance  # noqa: E402


def test_the_report_names_the_dates_and_the_machines_the_cells_recorded() -> None:
    here = machine()
    assert "cores" in here and "Python" in here
    cells = [{"played": "2026-12-07T10:00:00Z", "machine": here, "commit": "abc1234"},
             {"played": "2026-11-27T09:00:00Z", "played_from": "git", "commit": "0123456"},
             {"played": "2026-12-01T12:00:00Z", "machine": here, "commit": "abc1234"}]
    text = provenance(cells)
    assert "from 2026-11-27 to 2026-12-07" in text
    assert f"{here} (2 cells)" in text
    assert "1 cells played before a cell recorded its machine" in text
    assert "for the 1 cells saved before" in text
    assert "with the code of 2 commits (each cell's in its row)" in text


def test_cells_that_all_recorded_their_machine_need_no_caveat() -> None:
    text = provenance([{"played": "2026-12-07T10:00:00Z", "machine": "M", "commit": "abc1234"}])
    assert text == ("Played from 2026-12-07 to 2026-12-07 (each cell's date in its row). Machine: M (1 cells). "
                    "One run: every cell played with the code of commit abc1234.")
