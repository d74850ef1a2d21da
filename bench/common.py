"""Shared by the benchmarks: machine description, peak memory, and the JSON record they write."""

from __future__ import annotations

import json
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = RESULTS.parents[1]


@contextmanager
def revision_tree(rev: str) -> Iterator[Path]:
    """A temporary detached git worktree of `rev` (a commit of this checkout), removed again afterwards: the
    code a benchmark compares this tree with."""
    with tempfile.TemporaryDirectory(prefix="parlour-base-") as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                       capture_output=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False,
                           capture_output=True)


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["memory_gib"] = round(int(line.split()[1]) / 2**20, 1)
                break
    except OSError:
        pass
    return info


def timed(repeat: int, fn: Callable[[], T]) -> tuple[float, float, T]:
    """(best, median) wall seconds over `repeat` calls of fn, and its last result."""
    times: list[float] = []
    result = fn()  # also warms up caches and JIT; not timed
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def median_seconds(samples: list[tuple[Any, ...]]) -> dict[str, float]:
    """The medians of runs' (CPU seconds, wall seconds, ...) samples, to the millisecond: the per-code columns
    of the start-up benches (bench_startup, bench_front_doors), prefixed with the code's label by the caller."""
    return {"cpu_s": round(statistics.median(s[0] for s in samples), 3),
            "wall_s": round(statistics.median(s[1] for s in samples), 3)}


def peak_rss_gib() -> float:
    """Peak resident memory of this process (and waited-for children) so far, in GiB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 2**20  # ru_maxrss is in KiB on Linux


def rerunnable_command() -> str:
    """The command as anyone can rerun it from the repository root: the script relative to the root, and
    absolute paths among the arguments reduced to their file names (they name this machine's folders)."""
    root = Path(__file__).resolve().parents[1]
    words = []
    for word in sys.argv:
        path = Path(word)
        if path.is_absolute():
            word = str(path.relative_to(root)) if path.is_relative_to(root) else path.name
        words.append(shlex.quote(word))  # an empty argument ("") stays one
    return " ".join(["python", *words])


def write(name: str, figures: dict[str, Any]) -> Path:
    """bench/results/<name>.json with the machine, the command and the figures."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    record = {
        "benchmark": name,
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "command": rerunnable_command(),
        "machine": machine(),
        "figures": figures,
    }
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(record, indent=2, default=str) + "\n")
    print(json.dumps(record["figures"], indent=2, default=str))
    print(f"wrote {path}")
    return path


def run_case(script: str, name: str) -> dict[str, object]:
    """`script --case name` in a fresh interpreter (its own start-up, state generation and peak
    memory); the case's JSON from the last line of its output, or {"case", "error"} if it failed."""
    proc = subprocess.run([sys.executable, script, "--case", name], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return {"case": name, "error": proc.stderr.strip().splitlines()[-1:] or ["failed"]}
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))
