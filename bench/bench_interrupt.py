"""Seconds from Ctrl-C (SIGINT) to exit for each long command, beside one spinning process and during a first
run's compile (issue 34: at most 1 s). The same cases as tests/commands/test_interrupt.py, timed.

    python bench/bench_interrupt.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write

CASES = [  # (command, seconds before the Ctrl-C, fresh numba cache)
    (["goose", "simulate", "--players", "4", "--games", "300000000"], 3.0, False),
    (["goose", "solve", "--players", "4"], 2.5, False),
    (["goose", "solve", "--players", "4"], 6.0, False),
    (["goose", "solve", "--players", "3"], 1.5, True),
    (["guess", "solve", "1000"], 3.0, False),
    (["winorlose", "table", "--games", "2000", "--rounds", "20000"], 3.0, False),
    (["cowtrade", "endgame", "--set-size", "5"], 3.0, False),
    (["cowtrade", "quartets", "--cards1", "0,0,10,10,10,10,50", "--cards2", "10,50", "--table"], 3.0, False),
    (["cowtrade", "security", "--money1", "3", "--money2", "3", "--money3", "3"], 3.0, False),
]


def interrupt(args: list[str], after: float, cold: bool) -> tuple[float, int, str]:
    with tempfile.TemporaryDirectory(prefix="parlour-numba-") as cache:
        env = {**os.environ, "CI": "true", **({"NUMBA_CACHE_DIR": cache} if cold else {})}
        proc = subprocess.Popen([sys.executable, "-m", "parlour", *args], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=env,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
        time.sleep(after)
        proc.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        _out, err = proc.communicate(timeout=60)
        return time.perf_counter() - sent, proc.returncode, err.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    load_before = os.getloadavg()
    rows = []
    try:
        for command, after, cold in CASES:
            runs = [interrupt(command, after, cold) for _ in range(args.rounds)]
            row = {"command": "parlour " + " ".join(command), "ctrl_c_after_s": after, "cold_compile": cold,
                   "seconds": [round(r[0], 3) for r in runs], "max_s": round(max(r[0] for r in runs), 3),
                   "median_s": round(statistics.median(r[0] for r in runs), 3),
                   "exit_codes": sorted({r[1] for r in runs}), "lines": sorted({r[2] for r in runs})}
            rows.append(row)
            print(row, flush=True)
    finally:
        spinner.kill()
        spinner.wait()
    write("interrupt", {
        "note": "Ctrl-C sent to the command's process (as kill -INT does) beside one process spinning on a core; "
                "seconds until the command exited; limit 1 s",
        "limit_s": 1.0, "load_average": {"before": load_before, "after": os.getloadavg()},
        "cases": rows, "all_within_limit": all(r["max_s"] <= 1.0 for r in rows),
    })


if __name__ == "__main__":
    main()
