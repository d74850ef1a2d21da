"""The gallery of `parlour solve` (issue 37) at full size, each case in a fresh process (its own exploring,
its own peak memory), against the published figures:

    python bench/bench_gallery.py                 # every case (several minutes on 2 cores)
    python bench/bench_gallery.py --no-four       # without Snakes and Ladders for 4 players
    python bench/bench_gallery.py --only snakes-2p-exact   # rerun named cases (comma-separated) alone,
                                                           # replacing them in bench/results/gallery.json

Cases: Pig to 100 certified to +-1e-10 (exploring the module's states, then the compiled engine) and a plain
numpy value iteration for comparison (no proof); Kuhn poker exact; Snakes and Ladders alone (the
published expected length), 2 players exact, 4 players certified to +-1e-10. Every case records its wall
seconds and the CPU seconds of its process (user + system, imports included: the machine is shared, the
CPU time is what a busy neighbour does not inflate) and the load average when it started.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import RESULTS, peak_rss_gib, rerunnable_command, run_case, write

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ALTHOEN = Fraction(225837582538403273407117496273279920181931269186581786048583,
                   5757472998140039232950575874628786131130999406013041613400)


def pig_numpy(goal: int = 100, tol: float = 1e-12) -> tuple[float, int]:
    """Neller & Presser's value iteration, plainly in numpy (whole-array Jacobi sweeps): P[i, j, k] is the
    mover's chance to win with score i, the other's j, turn total k. No proof: it stops when no value
    moves by more than tol."""
    import numpy as np

    i, j, k = np.meshgrid(np.arange(goal), np.arange(goal), np.arange(goal), indexing="ij")
    live = i + k < goal
    p = np.zeros((goal, goal, goal))
    sweeps = 0
    while True:
        sweeps += 1
        other_start = p[j, i, 0]  # the opponent's chance at the start of his turn, scores swapped
        roll = (1 - other_start) / 6
        for face in range(2, 7):
            nk = k + face
            won = i + nk >= goal
            roll = roll + np.where(won, 1.0, p[i, j, np.minimum(nk, goal - 1)]) / 6
        banked = np.minimum(i + k, goal - 1)
        hold = np.where(i + k >= goal, 1.0, 1 - p[j, banked, 0])
        new = np.where(k > 0, np.maximum(roll, hold), roll)
        new = np.where(live, new, 0.0)
        change = float(np.max(np.abs(new - p)))
        p = new
        if change < tol:
            return float(p[0, 0, 0]), sweeps


def draw_hold_boundary(sol: object, goal: int) -> str:
    """Neller & Presser's figure: for each pair of scores, the turn total at which the player to move holds
    (docs/pig-hold.svg); returns the file's path relative to the repository."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from parlour.errors import InvalidInput

    boundary = np.full((goal, goal), np.nan)
    for mine in range(goal):
        for yours in range(goal):
            for turn in range(2, goal - mine + 6):
                try:
                    move = sol.policy((1, mine, yours, turn))["move"]  # type: ignore[attr-defined]
                except InvalidInput:  # no such turn total from these scores
                    continue
                if move == "hold":
                    boundary[mine, yours] = turn
                    break
    fig, ax = plt.subplots(figsize=(6, 5))
    image = ax.imshow(boundary, origin="lower", cmap="viridis")
    ax.set_xlabel("opponent's score")
    ax.set_ylabel("player's score")
    ax.set_title(f"Pig to {goal}, optimal play: hold at this turn total")
    fig.colorbar(image, ax=ax, label="turn total")
    path = ROOT / "docs" / "pig-hold.svg"
    fig.savefig(path, bbox_inches="tight")
    return str(path.relative_to(ROOT))


def case(name: str) -> dict[str, object]:
    import parlour

    t0 = time.perf_counter()
    out: dict[str, object] = {"case": name}
    if name == "pig-100-certified":
        from parlour.solvers.stochastic import solve_turns
        from parlour.toolkit import front, stochastic

        spec = stochastic.spec(vars(front.load_module(EXAMPLES / "pig.py")))
        arrays = stochastic.explore_turns(spec, None)
        explored = time.perf_counter()
        sol = stochastic._turn_solution(arrays, solve_turns(arrays, tol=1e-10, endless=spec.endless), "pig")
        out.update(value_bounds=list(sol.value_bounds), status=sol.status.value, states=sol.states,
                   explore_s=explored - t0, solve_s=time.perf_counter() - explored, counters=dict(sol.counters),
                   published="0.5306 (Neller & Presser 2004: 53.06%)",
                   agrees=round(sol.value, 4) == 0.5306)
        out["seconds"] = time.perf_counter() - t0
        out["figure"] = draw_hold_boundary(sol, 100)
    elif name == "pig-100-numpy":
        value, sweeps = pig_numpy()
        out.update(value=value, sweeps=sweeps, proof="none (stops when no value moves by more than 1e-12)")
    elif name == "kuhn-exact":
        sol = parlour.solve(EXAMPLES / "kuhn_poker.py")  # the first call also imports scipy and HiGHS
        cold = time.perf_counter() - t0
        again = time.perf_counter()
        sol = parlour.solve(EXAMPLES / "kuhn_poker.py")
        out.update(value_exact=str(sol.value_exact), status=sol.status.value, first_call_s=cold,
                   second_call_s=time.perf_counter() - again, agrees=sol.value_exact == Fraction(-1, 18),
                   optimal_ranges_player1=sol.strategies["optimal_ranges"]["player1"])
    elif name == "snakes-1p":
        sol = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=1)
        out.update(value=sol.value, agrees=sol.value_exact == ALTHOEN, published="Althoen, King & Schilling 1993")
    elif name == "snakes-2p-exact":
        sol = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=2)
        out.update(win=[float(w) for w in sol.wins_low], status=sol.status.value, states=sol.states,
                   engine=sol.extra["engine"], proof=sol.proof,
                   denominator_digits=len(str(sol.wins_low[0].denominator)) if sol.exact else None)
    elif name == "snakes-4p-certified":
        sol = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=4, tol=1e-10)
        out.update(win_bounds=[[float(a), float(b)] for a, b in zip(sol.wins_low, sol.wins_high, strict=True)],
                   status=sol.status.value, states=sol.states)
    out.setdefault("seconds", time.perf_counter() - t0)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu_s"] = round(usage.ru_utime + usage.ru_stime, 2)  # the whole process, imports included
    out["peak_rss_gib"] = round(peak_rss_gib(), 3)
    return out


CASES = ("kuhn-exact", "snakes-1p", "pig-100-certified", "pig-100-numpy", "snakes-2p-exact", "snakes-4p-certified")


def alone(names: list[str]) -> None:
    """Rerun the named cases and replace them in gallery.json (the other cases stay as they were run);
    each rerun case says when and by which command."""
    unknown = [n for n in names if n not in CASES]
    if unknown:
        raise SystemExit(f"no such case: {', '.join(unknown)} (cases: {', '.join(CASES)})")
    path = RESULTS / "gallery.json"
    record = json.loads(path.read_text())
    for name in names:
        load = os.getloadavg()
        result = run_case(__file__, name)
        result["load_average"] = [round(load[0], 2), round(load[1], 2)]
        result["rerun_alone"] = {"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "command": rerunnable_command()}
        record["figures"]["cases"][name] = result
        print(json.dumps(result, indent=2, default=str))
    path.write_text(json.dumps(record, indent=2, default=str) + "\n")
    print(f"wrote {path}")


def main() -> None:
    if "--case" in sys.argv:
        sys.set_int_max_str_digits(0)  # the 2-player fractions' digits are counted with str()
        print(json.dumps(case(sys.argv[sys.argv.index("--case") + 1]), default=str))
        return
    if "--only" in sys.argv:
        alone(sys.argv[sys.argv.index("--only") + 1].split(","))
        return
    # warm numba's on-disk cache so that no case pays the compile time
    os.environ["PIG_GOAL"] = "8"
    subprocess.run([sys.executable, "-m", "parlour", "solve", str(EXAMPLES / "pig.py"), "--quiet"], check=True,
                   capture_output=True)
    del os.environ["PIG_GOAL"]
    names = [n for n in CASES if n != "snakes-4p-certified" or "--no-four" not in sys.argv]
    load = os.getloadavg()
    results = {}
    for n in names:
        at = os.getloadavg()
        results[n] = {**run_case(__file__, n), "load_average": [round(at[0], 2), round(at[1], 2)]}
    write("gallery", {"note": "2 shared cores; each case in its own process; load average at the start "
                      f"{load[0]:.2f} (1 min), {load[1]:.2f} (5 min)", "cases": results})


if __name__ == "__main__":
    main()
