"""Later stages of the arena benchmark: rows whose margin was under 3 se, played again on fresh deals.

    .venv/bin/python build_scripts/arena_stages.py --games 400 --seed 2 [--against rank] [--pick first]
                                                   [--resume] [--jobs 2]

Why stages: a row picked because advice's margin over another policy was under 3 standard errors
would be judged on the very games that picked it.  A stage plays the picked rows again, advice and
``--against`` (rank or greedy), on deals from another seed, and judges each row on those deals
alone (nothing is pooled across stages).  ``--pick first``: the rows of the committed first stage
(``arena_bench.py``) with equipment or yellow/red wires; ``--pick SEED``: the rows of the stage
against the same policy with that seed, still under 3 se there.  A row where the other policy won
99 % or more is left out and listed: there is no room left to win by 3 se (``--ceiling-too`` plays
it all the same, on as many games as you give it; ``--only M:P,…`` plays just those rows).  The most doubtful rows
go first, and the stage is written into docs/arena.json ("stages") and arena-results.md after
every row, so a run cut short keeps what it finished (``--resume`` plays only the rest).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.arena.run import arena_many  # noqa: E402
from bombbusters.missions.preset import get_mission  # noqa: E402

__all__ = ["paired", "run_stage", "stages_md"]

CEILING = 0.99


def paired(a: list[int], b: list[int]) -> tuple[float, float]:
    """Mean and standard error of the per-game difference a - b."""
    d = [x - y for x, y in zip(a, b)]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / (len(d) - 1) if len(d) > 1 else 0.0
    return m, math.sqrt(var / len(d))


def has_colours_or_equipment(mission: int) -> bool:
    """Where the issue asks advice to beat the others clearly: equipment, or yellow/red wires."""
    m = get_mission(mission)
    return bool(m.equipment or m.yellow_count or m.red_count or m.yellow_fixed or m.red_fixed)


def _load(out: Path) -> dict:
    """arena.json, with the second stage of earlier runs (key "confirm") as the first of its stages."""
    saved = json.loads((out / "arena.json").read_text())
    if "confirm" in saved:
        saved.setdefault("stages", []).insert(0, {**saved.pop("confirm"), "against": "rank", "picked_from": "first"})
    return saved


def _z(margin: list | tuple) -> float:
    d, se = margin
    return d / se if se else (math.inf if d > 0 else 0.0)


def _picked(saved: dict, against: str, pick: str, ceiling_too: bool = False,
            only: set | None = None) -> tuple[list[dict], list[dict]]:
    """(rows to play, most doubtful first; rows left out at the ceiling).  ``ceiling_too``: play those as
    well; ``only``: just these (mission, players)."""
    if pick == "first":
        source = [r for r in saved["rows"] if has_colours_or_equipment(r["mission"])]
    else:
        stage = next((s for s in saved.get("stages", []) if s["against"] == against and str(s["seed"]) == pick), None)
        if stage is None:
            raise SystemExit(f"no stage against {against} with seed {pick} in arena.json")
        source = stage["rows"]
    under = [r for r in source if _z(r[f"advice-{against}"]) < 3 and (not only or (r["mission"], r["players"]) in only)]
    ceiling = [] if ceiling_too else [r for r in under if r[against]["p"] >= CEILING]
    todo = [r for r in under if r not in ceiling]
    todo.sort(key=lambda r: (_z(r[f"advice-{against}"]), r["mission"], r["players"]))
    return todo, ceiling


def run_stage(out: Path, games: int, seed: int, jobs: int, against: str = "rank", pick: str = "first",
              resume: bool = False, ceiling_too: bool = False, only: set | None = None) -> None:
    """Play one stage (see the module's docstring) and write it after every row."""
    saved = _load(out)
    todo, ceiling = _picked(saved, against, pick, ceiling_too, only)
    if not todo and not resume:
        print(f"stage (seed {seed}): no row of {pick} is under 3 se against {against}: nothing to play")
        return
    stages = saved.setdefault("stages", [])
    same = [s for s in stages if (s["against"], s["seed"], s["games"]) == (against, seed, games)]
    stage = {"games": games, "seed": seed, "against": against, "picked_from": pick, "rows": [],
             "todo": len(todo), "ceiling": [[r["mission"], r["players"]] for r in ceiling], "wall_seconds": 0.0,
             "only": sorted([list(mp) for mp in only]) if only else None, "ceiling_too": ceiling_too}
    if same and resume:
        stage["rows"], stage["wall_seconds"] = same[0]["rows"], same[0]["wall_seconds"]
    for s in same:
        stages.remove(s)
    stages.append(stage)
    done = {(r["mission"], r["players"]) for r in stage["rows"]}
    stage["ceiling"] = [mp for mp in stage["ceiling"] if tuple(mp) not in done]  # played before the rule: listed
    stage["todo"] = len(done | {(r["mission"], r["players"]) for r in todo})
    t0 = time.perf_counter() - stage["wall_seconds"]
    for r in todo:
        if (r["mission"], r["players"]) in done:
            continue
        got = arena_many(r["mission"], r["players"], games, seed, (against, "advice"), jobs, progress=lambda _t: None)
        diff = paired(got["advice"]["results"], got[against]["results"])
        stage["rows"].append({"mission": r["mission"], "players": r["players"],
                              **{p: {k: got[p][k] for k in ("p", "se", "truth_impossible", "sure_failures")} for p in got},
                              f"advice-{against}": diff})
        print(f"stage (seed {seed}): mission {r['mission']:2d}, {r['players']} players: {against} {got[against]['p']:.3f}, "
              f"advice {got['advice']['p']:.3f}, advice-{against} {diff[0]:+.3f} ± {diff[1]:.3f}", flush=True)
        stage["wall_seconds"] = time.perf_counter() - t0
        _write(out, saved)
    _write(out, saved)


def _write(out: Path, saved: dict) -> None:
    (out / "arena.json").write_text(json.dumps(saved, indent=1) + "\n")
    text = (out / "arena-results.md").read_text()
    for mark in ("\n## Second stage", "\n## Later stages"):
        text = text.split(mark)[0]
    (out / "arena-results.md").write_text(text.rstrip("\n") + "\n" + stages_md(saved["stages"]))


def stages_md(stages: list[dict]) -> str:
    """The later stages' section of arena-results.md."""
    parts = ["""
## Later stages

Each stage plays again, on fresh deals (another seed), the rows whose advice margin over one
policy was under 3 standard errors where they were picked, and judges them on its own deals
(`build_scripts/arena_stages.py`; how rows are picked: its docstring).
"""]
    for n, c in enumerate(stages, start=2):
        o = c["against"]
        lines = []
        for r in c["rows"]:
            d, se = r[f"advice-{o}"]
            lines.append(f"| {r['mission']} | {r['players']} | {r[o]['p'] * 100:.1f} ± {r[o]['se'] * 100:.1f} | "
                         f"{r['advice']['p'] * 100:.1f} ± {r['advice']['se'] * 100:.1f} | {d * 100:+.1f} ± {se * 100:.1f} | "
                         f"{d / se if se else 0:+.1f} |")
        bad = sum(r[p]["truth_impossible"] + r[p]["sure_failures"] for r in c["rows"] for p in (o, "advice"))
        todo = c.get("todo", len(c["rows"]))
        done = "" if len(c["rows"]) >= todo else f"; **{len(c['rows'])} of the {todo} rows played** (the run was cut short)"
        source = "the first stage" if c["picked_from"] == "first" else f"the stage against {o} with seed {c['picked_from']}"
        left = ", ".join(f"mission {m} with {p} players" for m, p in c.get("ceiling", []))
        ceiling = f" Left out, {o} at {CEILING:.0%} or more there: {left}." if left else ""
        if c.get("only"):
            ceiling += " Only " + ", ".join(f"mission {m} with {p} players" for m, p in c["only"]) + " of them"
            ceiling += ", at the ceiling there, played all the same." if c.get("ceiling_too") else "."
        parts.append(f"""
### Stage {n}: advice against {o}, {c['games']} fresh games per row, seed {c['seed']}

Rows of {source} under 3 standard errors ({c['wall_seconds'] / 60:.0f} min; truth impossible + sure failures
over these games: {bad}){done}.{ceiling}

| mission | players | {o} | advice | advice − {o} | in se |
|---|---|---|---|---|---|
""" + "\n".join(lines) + "\n")
    return "".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--against", choices=("rank", "greedy"), default="rank")
    ap.add_argument("--pick", default="first", help="'first', or the seed of an earlier stage against the same policy")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--resume", action="store_true", help="keep the rows a cut-short run of this stage finished")
    ap.add_argument("--ceiling-too", action="store_true", help="play the rows at the ceiling as well")
    ap.add_argument("--only", help="just these rows: mission:players,…")
    ap.add_argument("--out", default=str(ROOT / "docs"))
    args = ap.parse_args()
    only = None
    if args.only:
        try:
            only = {(int(m), int(p)) for m, p in (mp.split(":") for mp in args.only.split(","))}
        except ValueError:
            ap.error(f"--only {args.only!r}: rows are mission:players, comma-separated (e.g. 2:4,2:5)")
    run_stage(Path(args.out), args.games, args.seed, args.jobs, args.against, args.pick, args.resume,
              args.ceiling_too, only)


if __name__ == "__main__":
    main()
