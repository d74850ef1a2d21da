"""What the end game's proofs after the solve (`analyses/cowtrade/proofs.sharpen`, issue 35 item 5: the
simplest fraction in each interval, then the draws of `solvers/stochastic/draws`) cost beside the solve they
follow, and what they prove: for a few end games that can cycle, the stochastic solve's seconds and status,
then `sharpen`'s seconds, status (at the solve's tol), the start's value and how, and the states made draws.
One run each (the load average before and after is recorded: on a shared machine other work stretches both).

Run: python -m bench.bench_cowtrade_sharpen
"""

from __future__ import annotations

import os
import time
from typing import Any

from bench.common import write
from parlour.analyses.cowtrade.proofs import DRAW, sharpen
from parlour.games.cowtrade.endgame import Endgame, EndgameRules
from parlour.solvers import stochastic

TOL = 1e-12  # the end game's default
CASES = [  # (set size, animals of player 1, money 1, money 2)
    (3, 1, 1, 1),  # -3/5: the solver's interval 1e-13 wide
    (5, 3, 0, 1),  # 0: play never ends
    (5, 1, 2, 2),
    (5, 2, 3, 2),
    (6, 3, 1, 1),  # a draw: 0 (the simplest fraction fails; the solve's bounds are [-1, 2e-14])
]


def case(size: int, animals1: int, money1: int, money2: int) -> dict[str, Any]:
    game = Endgame(EndgameRules(size))
    start = game.start(animals1, money1, money2, 1)
    began = time.perf_counter()
    solved = stochastic.solve(game, [start], tol=TOL)
    solve_s = time.perf_counter() - began
    began = time.perf_counter()
    sharp = sharpen(solved, tol=TOL)
    sharpen_s = time.perf_counter() - began
    before, after = solved.at(start), sharp.at(start)
    return {"set_size": size, "animals1": animals1, "money": [money1, money2], "states": len(solved.states),
            "solve_s": round(solve_s, 3), "status_before": solved.status.value,
            "root_before": [float(before.lower), float(before.upper)], "sharpen_s": round(sharpen_s, 3),
            "status_after": sharp.status.value, "root_after": [str(after.lower), str(after.upper)],
            "root_how": after.how, "draws": sum(1 for s in sharp.solutions if s.how == DRAW),
            "sharpen_share": round(sharpen_s / (solve_s + sharpen_s), 3)}


def main() -> None:
    load_before = os.getloadavg()[0]
    rows = [case(*c) for c in CASES]
    write("cowtrade_sharpen", {"cases": rows, "load_average_before": round(load_before, 2),
                               "load_average_after": round(os.getloadavg()[0], 2), "runs": 1})


if __name__ == "__main__":
    main()
