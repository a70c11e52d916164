"""Bring into this checkout's docs/campaign.json the campaign cells other worktrees played.

Why: the campaign is played a cell at a time in git worktrees (two or three at once on two cores); each one
writes its own docs/campaign.json.  A cell a worktree played is one that differs from that worktree's own
committed campaign.json (commit or seconds), so a cell an earlier merge (or another worktree) brought in is
never copied back; a cell two worktrees both played is refused.  Then run ``campaign.py --report-only``.

    .venv/bin/python build_scripts/campaign_merge.py /work/wt-A /work/wt-B
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = "docs/campaign.json"


def played(worktree: Path) -> dict:
    """The cells this worktree played since its commit: key -> cell."""
    shown = subprocess.run(["git", "-C", str(worktree), "show", f"HEAD:{DOC}"], capture_output=True, text=True, check=True)
    before = json.loads(shown.stdout)["cells"]
    now = json.loads((worktree / DOC).read_text())["cells"]
    return {k: c for k, c in now.items()
            if k not in before or (before[k].get("commit"), before[k].get("seconds")) != (c.get("commit"), c.get("seconds"))}


def main(argv: list[str]) -> int:
    path = ROOT / DOC
    doc = json.loads(path.read_text())
    came: dict[str, str] = {}
    for wt in argv:
        for key, cell in played(Path(wt)).items():
            if key in came:
                raise SystemExit(f"campaign_merge: cell {key} was played in both {came[key]} and {wt}")
            came[key] = wt
            doc["cells"][key] = cell
    path.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"campaign_merge: {len(came)} cells: " + ", ".join(sorted(came)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
