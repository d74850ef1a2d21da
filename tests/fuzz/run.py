"""`make fuzz`: the CLI and API fuzzers of tests/fuzz for a fixed time budget (default 60 s), alternating;
exits 1 on the first traceback, 5xx, wrong exit code or hang, with the case that caused it.

    .venv/bin/python tests/fuzz/run.py --seconds 60
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import test_api_fuzz
import test_cli_fuzz

HANG_S = 60


def _hang(signum: int, frame: Any) -> None:
    raise TimeoutError(f"a fuzz case ran past {HANG_S} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    budget = parser.parse_args().seconds
    rounds = {"cli": 0, "api": 0}
    end = time.monotonic() + budget
    try:
        while time.monotonic() < end:
            # Each call is one hypothesis run (a fresh random seed, its own examples and shrinking).
            for name, fuzz in (("cli", test_cli_fuzz.test_generated_bad_arguments_are_refused),
                               ("api", test_api_fuzz.test_no_request_gets_a_5xx)):
                signal.signal(signal.SIGALRM, _hang)
                signal.alarm(HANG_S * 10)
                try:
                    fuzz()
                finally:
                    signal.alarm(0)
                rounds[name] += 1
                if time.monotonic() >= end:
                    break
    except (AssertionError, TimeoutError, Exception) as exc:
        print(f"fuzz found a failure: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"fuzz: {budget:.0f} s, {rounds['cli']} CLI runs of 40 cases and {rounds['api']} API runs of 150 "
          "requests, no failure", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
