"""The whole campaign in the arena: every mission it plays, at every player count the mission allows,
by greedy, rank and advice on the same deals (and the one-step team policy, ``onestep``, where the advice may
think ahead: x-token missions); resumable across sittings.

    .venv/bin/python build_scripts/campaign.py [--games 100] [--seed 1] [--jobs 2] [--minutes M]
                                              [--missions 1,2,...] [--players 2,3,4,5] [--since REV]
                                              [--report-only]

Each finished cell (a mission at a player count, every policy on the same ``--games`` deals) is written
at once to docs/campaign.json, so a run that stops (``--minutes``, Ctrl+C, the end of a sitting) loses at
most the cell it was playing; the next run with the same ``--games`` and ``--seed`` plays only the cells
still missing.  Each cell records the commit it was played with; ``--since REV`` plays again the cells
played before REV (a change of the rules or policies that makes them out of date).  After every cell the report is
written again: docs/campaign.md (a table per player count; truth and calibration over every game; the
cells still missing) and docs/campaign.png (won % by mission and player count, one panel per policy).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.arena.deal import PLAYABLE, playable  # noqa: E402
from bombbusters.arena.leaf_value import FITTED_TOKENS  # noqa: E402
from bombbusters.arena.run import arena_many  # noqa: E402
from bombbusters.missions.preset import get_mission  # noqa: E402
from bombbusters.table.errors import StateError  # noqa: E402

from arena_bench import POLICY_NAMES  # noqa: E402
from arena_stages import paired  # noqa: E402

__all__ = ["cells", "machine", "main", "searches"]

#: what a cell keeps of each policy's arena summary (``results``: the won/lost string, for paired figures)
KEPT = ("games", "wins", "p", "se", "explosions", "detonator_losses", "stuck", "mean_turns",
        "truth_impossible", "sure_failures", "brier", "calibration", "calibration_first", "played_without", "cards")


def cells(missions: list[int], counts: list[int]) -> list[tuple[int, int]]:
    """Every (mission, players) the arena can play, in mission order."""
    out = []
    for mission in missions:
        for n in counts:
            if n not in get_mission(mission).allowed:
                continue
            try:
                playable(mission, n)
            except StateError:
                continue
            out.append((mission, n))
    return out


def _commit() -> str:
    proc = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def machine() -> str:
    """What the cell was played on (the figures' seconds and the date mean little without it)."""
    info = Path("/proc/cpuinfo")
    lines = info.read_text().splitlines() if info.exists() else []
    cpu = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")), platform.processor())
    mem = ""
    if hasattr(os, "sysconf") and "SC_PHYS_PAGES" in os.sysconf_names:
        mem = f", {os.sysconf('SC_PHYS_PAGES') * os.sysconf('SC_PAGE_SIZE') / 2**30:.0f} GiB"
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu or 'cpu unknown'}){mem}, "
            f"Python {platform.python_version()}")


def searches(mission: int, players: int) -> bool:
    """Whether the advice may think ahead in this mission (its failures show the tokens the search's estimate
    was fitted on): only there can ``advice`` and ``onestep`` differ, so only there is ``onestep`` played too."""
    return playable(mission, players).tokens in FITTED_TOKENS


def play_cell(mission: int, players: int, games: int, seed: int, jobs: int) -> dict:
    """One cell: every policy on the same deals, what each keeps, the paired differences (``onestep`` beside
    them where the advice may think ahead)."""
    t0 = time.perf_counter()
    names = POLICY_NAMES + (("onestep",) if searches(mission, players) else ())
    got = arena_many(mission, players, games, seed, names, jobs, progress=lambda _t: None)
    cell: dict = {"mission": mission, "players": players, "games": games, "seed": seed, "commit": _commit(),
                  "played": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "machine": machine()}
    for p in names:
        cell[p] = {k: got[p][k] for k in KEPT if k in got[p]}
        cell[p]["results"] = "".join(map(str, got[p]["results"]))
    for other in (p for p in names if p != "advice"):
        cell[f"advice-{other}"] = paired(got["advice"]["results"], got[other]["results"])
    cell["seconds"] = round(time.perf_counter() - t0, 1)
    return cell


#: the commit since which the arena reads the rules' own choices (the report shows those cells' calibration apart)
READINGS = "0fc1b58"


def played_since(cell: dict, rev: str | None) -> bool:
    """Was this cell played at ``rev`` or a commit after it (always, without ``rev``)?"""
    if rev is None:
        return True
    proc = subprocess.run(["git", "merge-base", "--is-ancestor", rev, cell.get("commit", "unknown")], cwd=ROOT,
                          capture_output=True)
    return proc.returncode == 0


def _key(mission: int, players: int) -> str:
    return f"{mission}-{players}"


def load(path: Path, games: int, seed: int) -> dict:
    """The saved campaign; cells of another ``--games`` or ``--seed`` are dropped (a different experiment)."""
    if not path.exists():
        return {"games": games, "seed": seed, "cells": {}}
    saved = json.loads(path.read_text())
    if (saved.get("games"), saved.get("seed")) != (games, seed):
        print(f"campaign: {path.name} holds --games {saved.get('games')} --seed {saved.get('seed')}: starting afresh",
              flush=True)
        return {"games": games, "seed": seed, "cells": {}}
    return saved


def save(path: Path, doc: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    from campaign_report import write_report

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=None, help="start no new cell after this long")
    ap.add_argument("--missions", default=",".join(map(str, PLAYABLE)))
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--since", default=None, help="play again the cells played before this commit")
    ap.add_argument("--out", default=str(ROOT / "docs"))
    ap.add_argument("--report-only", action="store_true", help="write campaign.md and .png from campaign.json")
    args = ap.parse_args(argv)
    out = Path(args.out)
    path = out / "campaign.json"
    doc = load(path, args.games, args.seed)
    todo = cells([int(x) for x in args.missions.split(",")], [int(x) for x in args.players.split(",")])
    campaign = cells(list(PLAYABLE), [2, 3, 4, 5])  # what the report counts, whatever this run plays
    since = (READINGS, lambda c: played_since(c, READINGS))
    if not args.report_only:
        t0 = time.perf_counter()
        for mission, n in todo:
            if _key(mission, n) in doc["cells"] and played_since(doc["cells"][_key(mission, n)], args.since):
                continue
            if args.minutes is not None and time.perf_counter() - t0 > args.minutes * 60:
                print("campaign: out of time; run again to go on", flush=True)
                break
            try:
                cell = play_cell(mission, n, args.games, args.seed, args.jobs)
            except Exception as err:  # noqa: BLE001 - one cell's bug must not stop the others; it is kept and shown
                doc.setdefault("failed", {})[_key(mission, n)] = {"commit": _commit(), "error": f"{type(err).__name__}: {err}"}
                save(path, doc)
                write_report(doc, campaign, out, since)
                print(f"mission {mission:2d}, {n} players: FAILED ({type(err).__name__}: {err})", flush=True)
                continue
            doc["cells"][_key(mission, n)] = cell
            doc.get("failed", {}).pop(_key(mission, n), None)
            save(path, doc)
            write_report(doc, campaign, out, since)
            print(f"mission {mission:2d}, {n} players: " + ", ".join(f"{p} {cell[p]['p']:.2f}" for p in POLICY_NAMES)
                  + f" ({cell['seconds']:.0f} s)", flush=True)
    write_report(doc, campaign, out, since)
    done = sum(_key(m, n) in doc["cells"] for m, n in campaign)
    print(f"campaign: {done} of {len(campaign)} cells played; {out / 'campaign.md'}", flush=True)
    failed = doc.get("failed", {})
    if failed:
        print(f"campaign: {len(failed)} cells stopped on an error: {', '.join(sorted(failed))}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
