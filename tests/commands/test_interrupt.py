"""Ctrl-C (SIGINT) stops a long command within a second, with one line on stderr and exit 130 (issue 14)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

LONG_RUNS = [  # (command, seconds before the Ctrl-C)
    (["goose", "simulate", "--games", "10000000000"], 4.0),
    (["goose", "solve", "--players", "4"], 2.5),  # building the chain (numba): once a segmentation fault
    (["goose", "solve", "--players", "4"], 6.0),
    (["guess", "solve", "1000"], 4.0),  # 600 no longer lasts 4 s (issue 17); 1000 takes over 30
    (["winorlose", "table", "--games", "400000"], 4.0),
    (["cowtrade", "endgame", "--set-size", "5"], 4.0),  # a quintet with the starting money: minutes
    (["cowtrade", "quartets", "--cards1", "0,0,10,10,10,10,50", "--cards2", "10,50", "--table"], 4.0),
    (["cowtrade", "security", "--money1", "3", "--money2", "3", "--money3", "3"], 8.0),  # three levels: minutes
]


def _interrupt(args: list[str], after: float) -> tuple[int, str, float]:
    env = {**os.environ, "CI": "true"}
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


@pytest.mark.parametrize(("args", "after"), LONG_RUNS, ids=lambda a: " ".join(a[:2]) if isinstance(a, list) else str(a))
def test_ctrl_c_stops_within_a_second(args, after):
    code, err, waited = _interrupt(args, after)
    assert code == 130, err
    assert "Traceback" not in err and "Error" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("interrupted"), err
    assert waited < 1.5, f"stopped {waited:.2f} s after Ctrl-C"
