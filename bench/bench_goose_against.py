"""Game of the Goose: one `parlour goose solve` command under an earlier revision and under this
checkout, alternated in one run, so both see the same machine (this machine's speed changes up to 2x
from hour to hour: a figure measured last week is no anchor). Usage:

    .venv/bin/python bench/bench_goose_against.py --base 576e44f^ --rounds 2 \\
        [--threads 1] [--name NAME] -- --players 4 --tol 5e-11

The base revision is checked out into a temporary git worktree and run from its source with this
checkout's virtual environment; --threads sets NUMBA_NUM_THREADS for both. Each run records the wall
seconds, the solve's own seconds and passes (from --json) and the bound of player 1 at the start.

With --chain-free-passes N it times passes of the chain-free operator (the 5-player path) instead: the
base revision's kernel and pass (its games/goose/kernels.py and analyses/goose/operator.py, loaded under
other names) beside this checkout's, in one process, an up sweep and a read-only check of each alternated
for N rounds on `--players` players and one thread (the machine's speed drifts within a minute here, so
separate processes do not compare). A base from before the rank tables gets the dense code -> index map it
reads, and its own bounds (in sweep order):

    .venv/bin/python bench/bench_goose_against.py --base HEAD~1 --chain-free-passes 6 [--packed] -- --players 4

(--packed: this code's bounds packed with their offsets, `solvers.markov.packed`, as 5 players run.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import ROOT, peak_rss_gib, revision_tree, write


def solve(source: Path, args: list[str], env: dict[str, str]) -> dict[str, Any]:
    """One `parlour goose solve ... --json` from `source` (a src folder); wall and the solve's figures."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "parlour", "goose", "solve", *args, "--json"], check=True,
                         capture_output=True, text=True, env={**env, "PYTHONPATH": str(source)})
    wall = time.perf_counter() - t0
    got = json.loads(out.stdout)
    counters = got.get("counters", {})
    return {"wall_seconds": round(wall, 2), "solve_seconds": round(got["seconds"], 2),
            "sweeps": counters.get("sweeps"), "checks": counters.get("repair_sweeps"),
            "player1_bounds": got["win_bounds"][0]}


def base_operator(rev: str, folder: Path) -> Any:
    """The base revision's chain-free operator module, its kernels loaded from that revision too."""
    import importlib

    def show(path: str) -> str:
        return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout

    kernels = "from parlour.games.goose.kernels import "  # successor_sum (to 47 item 3), successor_of_class after
    operator = show("src/parlour/analyses/goose/operator.py")
    if kernels not in operator:
        raise SystemExit(f"{rev}: its operator does not import the rules' kernels as this bench expects")
    (folder / "base_kernels.py").write_text(show("src/parlour/games/goose/kernels.py"))
    (folder / "base_operator.py").write_text(operator.replace(kernels, "from base_kernels import "))
    sys.path.insert(0, str(folder))
    return importlib.import_module("base_operator")


def dense_layout(lay: Any) -> Any:
    """The layout as an operator from before the rank tables reads it: a dense code -> index map (-1 where no
    state), the bounds in sweep order."""
    from types import SimpleNamespace

    import numpy as np

    index = np.full(64 * lay.ranks.shape[0], -1, np.int32)
    index[np.asarray(lay.codes, np.int64)] = np.arange(lay.size, dtype=np.int32)
    return SimpleNamespace(rules=lay.rules, players=lay.players, codes=lay.codes, index=index, blocks=lay.blocks,
                           size=lay.size)


def base_layout(base: Any, lay: Any) -> Any:
    """What the base operator is given for `lay`."""
    return lay if "layout.ranks" in Path(base.__file__).read_text() else dense_layout(lay)


def chain_free_passes(rev: str, players: int, rounds: int, packed: bool = False) -> dict[str, Any]:
    """Seconds of up sweeps and read-only checks, base and this code alternated in one process, one thread
    (with `packed`, this code on bounds packed with their offsets, as `goose solve` runs 5 players)."""
    import statistics

    import numpy as np

    from parlour.analyses.goose import operator as this_operator
    from parlour.analyses.goose.space import layout
    from parlour.games.goose.rules import STUDY

    with tempfile.TemporaryDirectory(prefix="parlour-base-") as tmp:
        base = base_operator(rev, Path(tmp))
        small = layout(STUDY, 3)  # both codes compile here, and must give the same first sweep
        given = base_layout(base, small)
        rows = (np.arange(small.size) if given is small  # this code's row of each of the base's rows
                else np.array([small.row(int(c)) for c in small.codes]))
        first = {}
        for label, op in (("base", base.OnTheFly(given)), ("this", this_operator.OnTheFly(small))):
            op.threads = 1
            first[label] = np.zeros(op.shape)
            op.sweep(first[label], None)
        same = bool(np.array_equal(first["base"], first["this"][rows]))
        lay = layout(STUDY, players)
        ops = {"base": base.OnTheFly(base_layout(base, lay)), "this": this_operator.OnTheFly(lay)}
        lowers = {"base": np.zeros(ops["base"].shape), "this": np.zeros(ops["this"].shape,
                                                                       np.uint64 if packed else np.float64)}
        offsets = {"base": np.zeros(lowers["base"].shape, np.float32)}
        offsets["this"] = lowers["this"] if packed else offsets["base"]
        for op in ops.values():
            op.threads = 1
        times: dict[str, list[float]] = {}
        for r in range(rounds):
            for label in (("base", "this") if r % 2 == 0 else ("this", "base")):
                t0 = time.perf_counter()
                ops[label].sweep(lowers[label], None)
                times.setdefault(f"{label}_up", []).append(round(time.perf_counter() - t0, 3))
                t0 = time.perf_counter()
                ops[label].lowered(lowers[label], offsets[label], False)
                times.setdefault(f"{label}_check", []).append(round(time.perf_counter() - t0, 3))
                print(label, {k: v[-1] for k, v in times.items() if k.startswith(label)}, flush=True)
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"states": lay.size, "same_first_sweep": same, "this_packed": packed, "seconds": times,
            "median_seconds": {k: round(v, 3) for k, v in med.items()},
            "up_this_over_base": round(med["this_up"] / med["base_up"], 3),
            "check_this_over_base": round(med["this_check"] / med["base_check"], 3),
            "this_faster_in_rounds": sum(t < b for t, b in zip(times["this_up"], times["base_up"], strict=True)),
            "peak_rss_gib": round(peak_rss_gib(), 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="git revision to compare with (e.g. 576e44f^)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--threads", type=int, default=0, help="NUMBA_NUM_THREADS for both (0: numba's default)")
    ap.add_argument("--name", default="", help="result file suffix (default: the players)")
    ap.add_argument("--chain-free-passes", type=int, default=0,
                    help="rounds of chain-free passes to time in one process (--players after --) instead of solves")
    ap.add_argument("--packed", action="store_true", help="--chain-free-passes: this code on packed bounds")
    ap.add_argument("solve_args", nargs=argparse.REMAINDER, help="after --: the arguments of goose solve")
    args = ap.parse_args()
    solve_args = [a for a in args.solve_args if a != "--"]
    base_rev = subprocess.run(["git", "rev-parse", "--short", args.base], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    head_rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip())
    this = head_rev + ("+changes" if dirty else "")
    name = args.name or "_".join(a for a in solve_args if not a.startswith("-"))
    if args.chain_free_passes:
        players = int(solve_args[solve_args.index("--players") + 1]) if "--players" in solve_args else 3
        write(f"goose_against_chain_free_{name}", {
            "note": "one process, one thread: the base revision's chain-free kernel and pass beside this "
                    "checkout's, an up sweep and a read-only check of each alternated per round",
            "base": base_rev, "this": this, "players": players,
            **chain_free_passes(base_rev, players, args.chain_free_passes, args.packed)})
        return
    env = dict(os.environ)
    if args.threads:
        env["NUMBA_NUM_THREADS"] = str(args.threads)
    runs: list[dict[str, Any]] = []
    with revision_tree(base_rev) as tree:
        env["PARLOUR_CACHE"] = str(tree.parent / "cache")  # both start from no cached space or kernel
        sources = {"base": tree / "src", "this": ROOT / "src"}
        for label, source in sources.items():  # untimed: build the spaces, compile the kernels
            solve(source, ["--players", "2", "--tol", "1e-6"], env)
            print(label, "warm", flush=True)
        for r in range(args.rounds):
            for label, source in (sources.items() if r % 2 == 0 else reversed(sources.items())):
                runs.append({"round": r + 1, "code": label, **solve(source, solve_args, env)})
                print(runs[-1], flush=True)

    def total(label: str, key: str) -> float:
        return sum(r[key] for r in runs if r["code"] == label)

    write(f"goose_against_{name}", {
        "note": "one process runs both codes alternated (the first round base first, then this checkout); "
                "the first run of each code builds its chain (base: in memory; later code keeps it on disk)",
        "base": base_rev, "this": this, "solve_args": solve_args,
        "numba_threads": args.threads or "default", "runs": runs,
        "wall_this_over_base": round(total("this", "wall_seconds") / total("base", "wall_seconds"), 3),
        "solve_this_over_base": round(total("this", "solve_seconds") / total("base", "solve_seconds"), 3),
    })


if __name__ == "__main__":
    main()
