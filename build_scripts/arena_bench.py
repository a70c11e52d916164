"""Win rates of the three policies on every mission the arena plays, at 4 and 5 players.

    .venv/bin/python build_scripts/arena_bench.py [--games 100] [--seed 1] [--jobs 2]

Every (mission, players) is played by greedy, rank and advice on the same deals (game k from the
seed and k alone), so the differences are paired.  Writes docs/arena.json (every figure),
docs/arena.md (the table, the headline comparison, calibration, timings) and docs/arena.png (the
plot the README shows), and prints the table.  The headline: mission 4, 5 players, 300 games each,
seed 5.  The time of a whole 5-player game with the advice policy (one process, native) is
measured apart on missions 1-8.

Rows whose advice margin is under 3 standard errors are played again on fresh deals by
``build_scripts/arena_stages.py`` (later stages, appended to arena.json and arena-results.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_engine"))

from bombbusters.arena.deal import PLAYABLE, deal_game, playable  # noqa: E402
from bombbusters.arena.game import play_game  # noqa: E402
from bombbusters.arena.run import POLICIES, arena_many  # noqa: E402
from bombbusters.missions.preset import get_mission  # noqa: E402

from arena_stages import paired  # noqa: E402

POLICY_NAMES = ("greedy", "rank", "advice")


def run_all(missions, players, games: int, seed: int, jobs: int) -> list[dict]:
    rows = []
    for mission in missions:
        for n in players:
            if n not in get_mission(mission).allowed:
                continue
            row: dict = {"mission": mission, "players": n,
                         **arena_many(mission, n, games, seed, POLICY_NAMES, jobs, progress=lambda _t: None)}
            for other in ("greedy", "rank"):
                row[f"advice-{other}"] = paired(row["advice"]["results"], row[other]["results"])
            print(f"mission {mission:2d}, {n} players: " + ", ".join(
                f"{p} {row[p]['p']:.3f}" for p in POLICY_NAMES) + f"  advice-greedy {row['advice-greedy'][0]:+.3f}"
                f"±{row['advice-greedy'][1]:.3f}", flush=True)
            rows.append(row)
    return rows


def merged_calibration(results: list[dict]) -> list[dict]:
    """The calibration bins of many arena runs summed into one."""
    out = []
    for i in range(10):
        bins = [r["calibration"][i] for r in results if r["calibration"][i]["n"]]
        n = sum(b["n"] for b in bins)
        pred = sum(b["predicted"] * b["n"] for b in bins) / n if n else None
        obs = sum(b["observed"] * b["n"] for b in bins) / n if n else None
        se = math.sqrt(sum((b["se"] * b["n"]) ** 2 for b in bins)) / n if n else None
        out.append({"lo": i / 10, "hi": (i + 1) / 10, "n": n, "predicted": pred, "observed": obs, "se": se})
    return out


def game_seconds(missions, games: int) -> dict:
    """Seconds per whole 5-player game with the advice policy, one process, per mission."""
    out = {}
    for mission in missions:
        m = playable(mission, 5)
        times = []
        for k in range(games):
            t0 = time.perf_counter()
            play_game(deal_game(m, 5, 11, k), m, POLICIES["advice"])
            times.append(time.perf_counter() - t0)
        out[mission] = statistics.median(times)
    return out


def plot(rows: list[dict], games: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted({r["players"] for r in rows})
    fig, axes = plt.subplots(len(counts), 1, figsize=(10, 3.2 * len(counts)), sharey=True)
    axes = axes if len(counts) > 1 else [axes]
    colours = {"greedy": "#9e9e9e", "rank": "#5b8bd0", "advice": "#e07b00"}
    for ax, n in zip(axes, counts):
        these = [r for r in rows if r["players"] == n]
        xs = range(len(these))
        for i, pol in enumerate(POLICY_NAMES):
            ax.bar([x + (i - 1) * 0.27 for x in xs], [r[pol]["p"] * 100 for r in these], 0.27,
                   yerr=[r[pol]["se"] * 100 for r in these], label=pol, color=colours[pol], capsize=2)
        ax.set_xticks(list(xs), [str(r["mission"]) for r in these])
        ax.set_ylabel(f"{n} players: won %")
        ax.set_ylim(0, 100)
        ax.grid(axis="y", alpha=0.3)
    axes[-1].set_xlabel("mission")
    axes[0].legend(ncol=3, loc="lower right", bbox_to_anchor=(1.0, 1.08), frameon=False)
    axes[0].set_title(f"Games won by each policy ({games} games per bar, same deals; ±1 se)", loc="left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def table(rows: list[dict]) -> str:
    lines = ["| mission | players | greedy | rank | advice | advice − greedy | advice − rank |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        cells = [f"{r[p]['p'] * 100:.1f} ± {r[p]['se'] * 100:.1f}" for p in POLICY_NAMES]
        diffs = [f"{r[k][0] * 100:+.1f} ± {r[k][1] * 100:.1f}" for k in ("advice-greedy", "advice-rank")]
        lines.append(f"| {r['mission']} | {r['players']} | " + " | ".join(cells + diffs) + " |")
    return "\n".join(lines)


def results_md(summary: dict, rows: list[dict], head: dict, head_diff: dict) -> str:
    """docs/arena-results.md: every figure of this run, as printed."""
    h = summary["headline"]
    cal = "\n".join(
        f"| {b['lo']:.1f}–{b['hi']:.1f} | {b['n']} | "
        + (f"{b['predicted'] * 100:.1f} | {b['observed'] * 100:.1f} | {b['se'] * 100:.1f} | "
           f"{(b['observed'] - b['predicted']) / b['se'] if b['se'] else 0:+.1f} |" if b["n"] else "– | – | – | – |")
        for b in summary["calibration"])
    secs = ", ".join(f"{m}: {s:.2f}" for m, s in summary["seconds_per_5p_advice_game"].items())
    return f"""# Arena results ({summary['date']})

Made by `.venv/bin/python build_scripts/arena_bench.py --games {summary['games']} --seed {summary['seed']}`
(every figure below, `arena.json` and `arena.png` come from that one run; how the arena and the
policies work: [arena.md](arena.md)).  Win rates in % ± one standard error; the differences are
paired (the same deals for every policy), with the standard error of the per-game difference.

## Headline: mission 4, 5 players, {h['games']} games each, seed 5

| policy | won % | exploded | detonator | stuck | truth impossible | sure failures | Brier |
|---|---|---|---|---|---|---|---|
""" + "\n".join(
        f"| {p} | {head[p]['p'] * 100:.1f} ± {head[p]['se'] * 100:.1f} | {head[p]['explosions']} | "
        f"{head[p]['detonator_losses']} | {head[p]['stuck']} | {head[p]['truth_impossible']} | {head[p]['sure_failures']} | "
        f"{head[p]['brier']:.4f} |" for p in POLICY_NAMES) + f"""

advice − greedy: {head_diff['greedy'][0] * 100:+.1f} ± {head_diff['greedy'][1] * 100:.1f} points
({head_diff['greedy'][0] / head_diff['greedy'][1] if head_diff['greedy'][1] else float('inf'):.1f} standard errors);
advice − rank: {head_diff['rank'][0] * 100:+.1f} ± {head_diff['rank'][1] * 100:.1f} points.

## Every mission the arena plays, {summary['games']} games per cell, seed {summary['seed']}

{table(rows)}

## Truth and calibration ({summary['games_total']} games, every policy)

The real deal called impossible: **{summary['truth_impossible']}** times; a move called sure that failed:
**{summary['sure_failures']}**.  The chances given for the moves taken, against what happened
(se: the observed share's standard error if the chances are right; z = (observed − predicted) / se):

| chance | moves | predicted % | observed % | se % | z |
|---|---|---|---|---|---|
{cal}

## Time

A whole 5-player game with the advice policy, one process, native (median of 5 games per mission):
{secs} s; median over missions 1–8: **{summary['median_seconds_5p_advice_game_missions_1_8']:.2f} s**.
The whole run took {summary['wall_seconds'] / 60:.0f} min with `--jobs` processes on this machine.
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--missions", default=",".join(map(str, PLAYABLE)))
    ap.add_argument("--players", default="4,5")
    ap.add_argument("--headline-games", type=int, default=300)
    ap.add_argument("--out", default=str(ROOT / "docs"))
    ap.add_argument("--plot-only", action="store_true", help="redraw arena.png from arena.json")
    args = ap.parse_args()
    if args.plot_only:
        saved = json.loads((Path(args.out) / "arena.json").read_text())
        plot(saved["rows"], saved["games"], Path(args.out) / "arena.png")
        return
    missions = [int(x) for x in args.missions.split(",")]
    players = [int(x) for x in args.players.split(",")]
    t0 = time.perf_counter()
    head = arena_many(4, 5, args.headline_games, 5, POLICY_NAMES, args.jobs, progress=lambda _t: None)
    head_diff = {o: paired(head["advice"]["results"], head[o]["results"]) for o in ("greedy", "rank")}
    print(f"headline, mission 4, 5 players, {args.headline_games} games, seed 5: "
          + ", ".join(f"{p} {head[p]['p']:.3f}" for p in POLICY_NAMES)
          + f"; advice - greedy {head_diff['greedy'][0]:+.3f} ± {head_diff['greedy'][1]:.3f}", flush=True)
    rows = run_all(missions, players, args.games, args.seed, args.jobs)
    every = [r[p] for r in rows for p in POLICY_NAMES] + list(head.values())
    calib = merged_calibration(every)
    seconds = game_seconds([m for m in missions if m <= 8], 5)
    out = Path(args.out)
    summary = {
        "date": time.strftime("%Y-%m-%d"), "games": args.games, "seed": args.seed,
        "headline": {"mission": 4, "players": 5, "games": args.headline_games, "seed": 5,
                     **{p: {k: head[p][k] for k in ("p", "se", "explosions", "detonator_losses", "stuck",
                                                    "truth_impossible", "sure_failures", "brier")} for p in POLICY_NAMES},
                     "advice-greedy": head_diff["greedy"], "advice-rank": head_diff["rank"]},
        "rows": [{"mission": r["mission"], "players": r["players"],
                  **{p: {k: r[p][k] for k in ("p", "se", "explosions", "detonator_losses", "stuck", "mean_turns",
                                              "truth_impossible", "sure_failures", "brier")} for p in POLICY_NAMES},
                  "advice-greedy": r["advice-greedy"], "advice-rank": r["advice-rank"]} for r in rows],
        "games_total": sum(r["games"] for r in every),
        "truth_impossible": sum(r["truth_impossible"] for r in every),
        "sure_failures": sum(r["sure_failures"] for r in every),
        "calibration": calib,
        "seconds_per_5p_advice_game": seconds,
        "median_seconds_5p_advice_game_missions_1_8": statistics.median(seconds.values()) if seconds else None,
        "wall_seconds": time.perf_counter() - t0,
    }
    (out / "arena.json").write_text(json.dumps(summary, indent=1) + "\n")
    plot(rows, args.games, out / "arena.png")
    (out / "arena-results.md").write_text(results_md(summary, rows, head, head_diff))
    print(table(rows))
    print(json.dumps({k: summary[k] for k in ("games_total", "truth_impossible", "sure_failures",
                                              "median_seconds_5p_advice_game_missions_1_8", "wall_seconds")}))
    print("calibration:", json.dumps(calib))


if __name__ == "__main__":
    main()
