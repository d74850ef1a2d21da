"""Ctrl-C (SIGINT) stops a long command within a second, with one line on stderr and exit 130 (issues 14
and 34), also with a busy process beside it and during a first run's numba compile: the command runs in a
child that the parent kills when it does not stop by itself (infra/supervisor.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.timing  # wall-clock bounds: run alone after the parallel pass (Makefile)

LIMIT_S = 1.0  # the figure

LONG_RUNS = [  # (command, seconds before the Ctrl-C)
    (["goose", "simulate", "--players", "4", "--games", "300000000"], 3.0),
    (["goose", "solve", "--players", "4"], 2.5),  # building the chain (numba): once a segmentation fault
    (["goose", "solve", "--players", "4"], 6.0),
    (["guess", "solve", "1000"], 3.0),  # inside HiGHS much of the time
    (["winorlose", "table", "--games", "2000", "--rounds", "20000"], 3.0),  # was still running 10 s later
    (["cowtrade", "endgame", "--set-size", "5"], 3.0),  # a quintet with the starting money: minutes
    (["cowtrade", "quartets", "--cards1", "0,0,10,10,10,10,50", "--cards2", "10,50", "--table"], 3.0),
    (["cowtrade", "security", "--money1", "3", "--money2", "3", "--money3", "3"], 3.0),  # three levels: minutes
]


@pytest.fixture(scope="module")
def busy() -> Iterator[None]:
    """One process spinning on a core for the whole module, as a loaded CI machine would have."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


def _interrupt(args: list[str], after: float, env: dict[str, str] | None = None) -> tuple[int, str, float]:
    env = {**os.environ, "CI": "true", **(env or {})}
    # A child of a background job starts with SIGINT ignored; a terminal's Ctrl-C finds it at its default.
    proc = subprocess.Popen([sys.executable, "-m", "parlour", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    time.sleep(after)
    assert proc.poll() is None, f"parlour {' '.join(args)} ended before it was interrupted: {proc.stderr.read()}"
    proc.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    try:
        _out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        _out, err = proc.communicate()
    return proc.returncode, err, time.perf_counter() - sent


def _one_line(code: int, err: str) -> str:
    assert code == 130, err
    assert "Traceback" not in err and "Error" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("interrupted"), err
    return lines[0]


@pytest.mark.parametrize(("args", "after"), LONG_RUNS, ids=lambda a: " ".join(a[:2]) if isinstance(a, list) else str(a))
def test_ctrl_c_stops_within_a_second_beside_a_busy_process(busy, args, after):
    code, err, waited = _interrupt(args, after)
    _one_line(code, err)
    assert waited < LIMIT_S, f"stopped {waited:.2f} s after Ctrl-C"


def test_ctrl_c_during_the_first_compile(busy, tmp_path):
    """A fresh numba cache: the Goose's kernels compile for seconds, and Ctrl-C does not wait for them."""
    code, err, waited = _interrupt(["goose", "solve", "--players", "3"], 1.5, {"NUMBA_CACHE_DIR": str(tmp_path)})
    _one_line(code, err)
    assert waited < LIMIT_S, f"stopped {waited:.2f} s after Ctrl-C"


def test_the_line_names_the_checkpoint_a_rerun_resumes_from(busy, tmp_path):
    checkpoint = tmp_path / "run4"
    code, err, waited = _interrupt(["goose", "solve", "--players", "4", "--checkpoint", str(checkpoint)], 6.0)
    assert _one_line(code, err) == f"interrupted; checkpoint at {checkpoint} (rerun the command to resume)"
    assert waited < LIMIT_S, f"stopped {waited:.2f} s after Ctrl-C"


def test_a_command_that_ends_by_itself_keeps_its_exit_code_and_output():
    ok = subprocess.run([sys.executable, "-m", "parlour", "guess", "value", "12"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("V(12) = 1461/470") and ok.stderr == "", ok
    bad = subprocess.run([sys.executable, "-m", "parlour", "guess", "value", "abc"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and "Traceback" not in bad.stderr, bad


def test_sigterm_is_passed_on_and_reported_as_such():
    proc = subprocess.Popen([sys.executable, "-m", "parlour", "goose", "simulate", "--games", "10000000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "CI": "true"})
    time.sleep(2.0)
    proc.terminate()
    proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM


def _descendants(pid: int) -> set[int]:
    from parlour.infra.supervisor import _descendants

    return set(_descendants(pid))


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="lists processes through Linux's /proc")
def test_no_process_is_left_behind(tmp_path):
    """Killing the command kills what it started: a local Dask cluster's workers do not outlive a Ctrl-C."""
    args = ["goose", "solve", "--players", "3", "--dask", "--workers", "2", "--checkpoint", str(tmp_path / "w")]
    proc = subprocess.Popen([sys.executable, "-m", "parlour", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "CI": "true"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    deadline = time.monotonic() + 30
    started: set[int] = set()
    while len(started) < 3 and time.monotonic() < deadline and proc.poll() is None:
        started |= _descendants(proc.pid)  # the command's process and the cluster's workers
        time.sleep(0.1)
    assert len(started) >= 3, f"the cluster did not start: {started}"
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    assert proc.returncode == 130
    time.sleep(0.5)
    assert [pid for pid in started if _alive(pid)] == []
