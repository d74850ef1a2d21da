"""Seconds, exit code, sentence and peak memory of `parlour solve FILE --json` on each bad file of issue 45,
item 6: stochastic games past the state limits (a fan-out by a factor each move, a 3-D grid of counters whose
layers grow as a power of the depth, a simultaneous-move game), a game tree of 1.3×10^8 nodes (refused within
10 s from the growth seen), a tree whose history passes 10,000 moves and one whose play repeats an information
set (named within 5 s), a stochastic game where play never ends (`"endless": true`) and float probabilities
0.1/0.2/0.7 (solved with a warning). Each file is written into a temporary folder and solved in a fresh
process; its peak resident memory is the child's own (os.wait4), not the largest of all children so far. Where
the file's true count is known, the row sets the count the sentence says against it (`said_over_true`).

    python bench/bench_refusals.py            # the record, bench/results/refusals.json
    python bench/bench_refusals.py --smoke    # smaller sizes where the outcome keeps (a quick check), writes nothing
    python bench/bench_refusals.py --smoke --only tree.py floats.py   # some files only
    python bench/bench_refusals.py --only grid.py simultaneous.py     # some files, full size; writes nothing
    python bench/bench_refusals.py --only grid.py --name refusals_grid   # ... into bench/results/refusals_grid.json

A stochastic game's count is projected from the growth of its layers down to the depth random play reaches
(docs/your-game.md, "Limits"): the grid's is a floor (half its depth counted), the fan-out's and the
simultaneous game's their exact counts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write

# Each game a module `parlour solve` reads; {n} and {depth} are its size.
FAN_OUT = """
from parlour.toolkit import End
START = ()
DEPTH = {depth}
def moves(s):
    return (("a", "b", "c", "d"), ()) if len(s) % 2 == 0 else ((), ("a", "b", "c", "d"))
def play(s, m1, m2):
    s = s + (m1 or m2,)
    return End(1 if s.count("a") > s.count("b") else 0) if len(s) == DEPTH else s
"""
GRID = """
from parlour.toolkit import End
START = (0, 0, 0)
N = {n}
def moves(s):
    who = (("x", "y", "z"), ()) if sum(s) % 2 == 0 else ((), ("x", "y", "z"))
    return who
def play(s, m1, m2):
    i = "xyz".index(m1 or m2)
    t = tuple(v + (k == i) for k, v in enumerate(s))
    return End((1, -1, 0)[i]) if t[i] == N else t
"""
SIMULTANEOUS = """
from parlour.toolkit import End
START = ()
DEPTH = {depth}
def moves(s):
    return (("a", "b"), ("x", "y"))
def play(s, m1, m2):
    s = s + (m1 + m2,)
    return End(1 if s.count("ax") > s.count("by") else 0) if len(s) == DEPTH else s
"""
TREE = """
from parlour.toolkit import End, Turn
ROOT = ()
def node(history):
    return End(0) if len(history) == {depth} else Turn(1 + len(history) % 2, history, ("l", "r"))
"""
LONG_HISTORY = """
from parlour.toolkit import End, Turn
ROOT = ()
def node(history):
    return Turn(1 + len(history) % 2, len(history), ("stop", "raise")) if not history or history[-1] == "raise" \\
        else End(0)
"""
REPEATED_INFOSET = """
from parlour.toolkit import End, Turn
ROOT = ()
def node(history):
    return Turn(1, "again?", ("yes", "no")) if history.count("no") < 5 else End(0)
"""
ENDLESS = """
from parlour.toolkit import End
START = 0
K = {n}
def moves(s):
    return (("stop", "go"), ()) if s == 0 else ((), ("on",))
def play(s, m1, m2):
    if s == 0:
        return End(1) if m1 == "stop" else 1
    return s % K + 1
"""
FLOATS = """
from parlour.toolkit import Chance, End
START = 0
def moves(state):
    return (("go",), ())
def play(state, move1, move2):
    return Chance({End(1): 0.1, End(0): 0.2, End(-1): 0.7})
"""


@dataclass(frozen=True)
class Case:
    """One bad file: its module text at the record's size and at the smoke's, what it is, the issue's limit in
    seconds, and what the answer must be: "refused" (exit code 2 and `says` in the sentence), "endless" (exit 0,
    `"endless": true`) or "warned" (exit 0 and `says` in the warning line)."""

    name: str
    what: str
    text: str
    smoke: str
    limit_s: float | None  # None where the issue names no time
    expect: str
    says: str
    states: int | None = None  # the file's true count of states or nodes at the record's size, where known


CASES = [
    Case("fan_out.py", "turn-based stochastic game, 4 moves a state to depth 14: 8.9×10^7 states",
         FAN_OUT.format(depth=14), FAN_OUT.format(depth=14), 10, "refused", "extrapolated from the growth",
         (4**14 - 1) // 3),
    Case("grid.py", "turn-based stochastic game, a 3-D grid of counters 464 a side: 10^8 states (layers grow as "
         "the depth squared)", GRID.format(n=464), GRID.format(n=464), 10, "refused", "GiB", 464**3),
    Case("simultaneous.py", "simultaneous-move stochastic game, 2x2 moves a state to depth 14: 8.9×10^7 states",
         SIMULTANEOUS.format(depth=14), SIMULTANEOUS.format(depth=14), 10, "refused", "with simultaneous moves",
         (4**14 - 1) // 3),
    Case("tree.py", "game tree, 2 moves a node to depth 26: 1.3×10^8 nodes", TREE.format(depth=26),
         TREE.format(depth=26), 10, "refused", "nodes (extrapolated from the growth", 2**27 - 1),
    Case("long_history.py", "game tree whose play never ends (raise after raise)", LONG_HISTORY, LONG_HISTORY, 5,
         "refused", "has a history of more than 10,000 moves"),
    Case("repeated_infoset.py", "game tree whose play comes back to an information set", REPEATED_INFOSET,
         REPEATED_INFOSET, 5, "refused", "play comes back to player 1's infoset"),
    Case("endless.py", "stochastic game, a cycle of 10,000 states play never leaves", ENDLESS.format(n=10_000),
         ENDLESS.format(n=1_000), None, "endless", "play never ends from"),
    Case("floats.py", "float probabilities 0.1/0.2/0.7", FLOATS, FLOATS, None, "warned",
         "read as the nearest fractions 1/10, 1/5, 7/10"),
]
SMOKE_EXPECT: dict[str, tuple[str, str]] = {}  # a file whose outcome at the smoke's size is not the record's


def solve(path: Path, timeout: float) -> dict[str, Any]:
    """`parlour solve PATH --json` in a fresh interpreter: wall seconds, exit code, stdout, stderr and the
    child's own peak RSS (wait4's rusage; a child past `timeout` is killed and said to be)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "parlour", "solve", str(path), "--json"], stdout=out,
                                stderr=err, env={**os.environ, "CI": "true"})
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                proc.kill()
                timed_out = True
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
        out.seek(0)
        err.seek(0)
        return {"seconds": round(seconds, 3), "exit_code": proc.returncode, "timed_out": timed_out,
                "peak_rss_mib": round(usage.ru_maxrss / 1024, 1), "stdout": out.read().decode(errors="replace"),
                "stderr": err.read().decode(errors="replace")}


def sentence(run: dict[str, Any]) -> str:
    """The one sentence of the answer: the error of a refusal, the warning line, or the message of a solve."""
    err = run["stderr"].strip()
    if run["exit_code"] != 0:
        try:
            return str(json.loads(err)["error"])
        except (ValueError, KeyError, TypeError):
            return err.splitlines()[-1] if err else ""
    if err:
        return err.splitlines()[0]
    try:
        return str(json.loads(run["stdout"]).get("message", ""))
    except ValueError:
        return ""


def memory_said(said: str) -> str | None:
    """The memory figure a refusal names (`about 7.5 GiB`), to be read against the states it names: never
    "about 0 GiB" (issue 45)."""
    found = re.search(r"about ([0-9.,]+(?:×10\^[0-9]+)? (?:GiB|MiB))", said)
    return found.group(1) if found else None


def count_said(said: str) -> float | None:
    """The count a refusal names (`about 8.9×10^7 states`, `about 1,398,101 nodes`) as a number."""
    found = re.search(r"about ([0-9.,]+)(?:×10\^([0-9]+))? (?:states|nodes)", said)
    if not found:
        return None
    return float(found.group(1).replace(",", "")) * 10 ** int(found.group(2) or 0)


def judged(case: Case, run: dict[str, Any], expect: str, says: str) -> dict[str, Any]:
    """The case's row: its figures and whether the answer is the expected one and came within the limit."""
    said = sentence(run)
    if expect == "refused":
        right = run["exit_code"] == 2 and says in said and len(run["stderr"].strip().splitlines()) == 1 \
            and not re.search(r"about 0(\.0)? GiB", said)
    elif expect == "endless":
        right = run["exit_code"] == 0 and json.loads(run["stdout"] or "{}").get("endless") is True and says in said
    elif expect == "warned":
        right = run["exit_code"] == 0 and says in said
    else:
        right = run["exit_code"] == 0
    return {"file": case.name, "what": case.what, "expected": expect, "seconds": run["seconds"],
            "exit_code": run["exit_code"], "timed_out": run["timed_out"], "peak_rss_mib": run["peak_rss_mib"],
            "sentence": said[:400], "memory_said": memory_said(said), "limit_s": case.limit_s, "as_expected": right,
            "states_true": case.states, "said_over_true": ratio(count_said(said), case.states),
            "within_limit": None if case.limit_s is None else right and run["seconds"] <= case.limit_s}


def ratio(said: float | None, true: int | None) -> float | None:
    return None if said is None or not true else round(said / true, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="smaller sizes where the outcome keeps; writes nothing")
    parser.add_argument("--timeout", type=float, default=None, help="seconds before a case is killed "
                        "(default 600, 60 with --smoke)")
    parser.add_argument("--only", nargs="*", default=None, help="these files only (fan_out.py grid.py ...); writes "
                        "no record unless --name names one")
    parser.add_argument("--name", default=None, help="the record's name, bench/results/NAME.json (default refusals, "
                        "for a run of every file)")
    args = parser.parse_args()
    timeout = args.timeout or (60.0 if args.smoke else 600.0)
    rows = []
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="parlour-refusals-") as tmp:
        for case in (c for c in CASES if args.only is None or c.name in args.only):
            path = Path(tmp) / case.name
            path.write_text(case.smoke if args.smoke else case.text)
            expect, says = SMOKE_EXPECT.get(case.name, (case.expect, case.says)) if args.smoke else \
                (case.expect, case.says)
            row = judged(case, solve(path, timeout), expect, says)
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.smoke or (args.only is not None and args.name is None):
        print("smoke: " * args.smoke + ("all as expected" if all(r["as_expected"] for r in rows) else
                                        "NOT all as expected"))
        return
    write(args.name or "refusals", {
        "note": "parlour solve FILE --json in a fresh process per file; seconds are wall seconds from start to "
                "exit (interpreter start-up included), peak_rss_mib the child's own; limit_s is issue 45's "
                "(5 s to name a long or repeating history, 10 s for a refusal from the growth; none for the "
                "endless game and the floats, null there); memory_said is the memory figure the sentence names",
        "load_average": {"before": load_before, "after": os.getloadavg()},
        "cases": rows, "all_as_expected": all(r["as_expected"] for r in rows),
        "all_within_limit": all(r["within_limit"] is not False for r in rows),
    })


if __name__ == "__main__":
    main()
