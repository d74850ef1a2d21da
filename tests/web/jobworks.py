"""Works for the job tests (tests/web/test_jobs_cancel.py and the browser tests): module-level functions, as a
job's process receives its work pickled; a small module, so that a job's process imports it in milliseconds."""

from __future__ import annotations

import os
import time

from parlour.infra.cache import FileStore
from parlour.infra.jobs import Report


def steps(log: str, count: int, report: Report, word: str = "step") -> str:
    """Reports and notes each of `count` steps (10 ms each) in the file `log`."""
    for k in range(count):
        report(k / count, f"{word} {k}")
        with open(log, "a", encoding="ascii") as f:
            f.write(f"{k}\n")
        time.sleep(0.01)
    return "finished"


def silent(seconds: float, report: Report) -> int:
    """Computes for `seconds` without a word (as a solve deep in one numba kernel or HiGHS call does)."""
    end, x = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        x += 1
    return x


def first_words(report: Report) -> int:
    report(0.5, "running")
    time.sleep(0.3)
    return os.getpid()


def refuse(sentence: str | None, report: Report) -> None:
    from parlour.errors import InvalidInput

    if sentence is None:
        print(1 / 0)
    raise InvalidInput(str(sentence))


def grow(size: int, report: Report) -> int:
    import numpy as np

    block = np.ones(size // 8)  # written: resident
    time.sleep(5)
    return int(block[0])


def stand_in(key: object, report: Report | None) -> object:
    """A page's computation stand-in: reports for a minute (the real ones take minutes; Cancel ends it)."""
    for k in range(6000):
        if report is not None:
            report(k / 6000, f"stand-in step {k}")
        time.sleep(0.01)
    raise AssertionError("cancelled, never finished")


def _stand_in_name(key: object) -> str:
    return "stand-in"


def _nothing_stored(key: object, data: bytes) -> None:
    return None


STAND_IN_STORE = FileStore[object, object]("stand-in", _stand_in_name, repr, _nothing_stored)


def near_tie(game: object, report: Report) -> None:
    """The two-quartet analysis's own error on a near-tie, raised in the job's process."""
    from parlour.errors import SolverError

    report(0.01, "building the stages")
    raise SolverError("the value is proven only to lie in [-1.0, -0.99]; the two-quartet analysis needs it exact")


def slow_quartets(game: object, report: Report) -> None:
    """A two-quartet solve stand-in that reports as the engine does, for 30 s."""
    for k in range(600):
        report(0.05 + 0.9 * k / 600, f"{k:,} of 600 states solved")
        time.sleep(0.05)
    raise AssertionError("the cancelled solve ran to its end")


def loaded(names: tuple[str, ...], report: Report) -> dict[str, bool]:
    """Which of the modules `names` a job's process had imported before its work began."""
    import sys

    return {name: name in sys.modules for name in names}
