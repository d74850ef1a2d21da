"""infra.cache: the pages' one cache, in memory, on disk under the cache root, or computed by a job."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from parlour.errors import InvalidInput
from parlour.infra.cache import FileStore, PageCache
from parlour.infra.jobs import Jobs, Report


@pytest.fixture(autouse=True)
def cache_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    return tmp_path


def _decode(key: int, data: bytes) -> str | None:
    text = data.decode()
    return text if text == f"value of {key}" else None  # a file of another key is computed again


STORE = FileStore[int, str]("squares", lambda k: f"{k}.txt", str.encode, _decode)


class Counting:
    """A computation that counts its calls, and can be held until released (a long job)."""

    def __init__(self, hold: bool = False) -> None:
        self.calls: list[int] = []
        self.release = threading.Event()
        if not hold:
            self.release.set()

    def __call__(self, key: int, report: Report | None) -> str:
        self.calls.append(key)
        if report is not None:
            report(0.5, "working")
        assert self.release.wait(30)
        return f"value of {key}"


def make(compute: Counting, pool: Jobs | None = None, budget: int = 10, **policy: Any) -> PageCache[int, str]:
    def busy(keys: Sequence[int]) -> str:
        return f"busy with {sorted(keys)}"

    return PageCache(STORE, compute, job_name=lambda k: f"sq-{k}", busy=busy, budget=budget, pool=pool or Jobs(),
                     **policy)


def wait(pool: Jobs, name: str) -> None:
    deadline = time.time() + 30
    while pool.running(name):
        assert time.time() < deadline
        time.sleep(0.01)


def test_memory_then_disk_after_a_restart(cache_root: Path) -> None:
    compute = Counting()
    cache = make(compute, compute_inline=lambda k: k < 10)
    first = cache.ready(3)
    assert first == "value of 3" and cache.ready(3) is first and compute.calls == [3]  # a memory hit
    assert (cache_root / "squares" / "3.txt").read_text() == "value of 3"
    restarted = make(compute)  # nothing in memory, the file on disk; no computing allowed in a request
    assert restarted.in_memory(3) is None and restarted.ready(3) == "value of 3" and compute.calls == [3]
    assert restarted.ready(4) is None and compute.calls == [3]  # not on disk, not for a request: a job's


def test_a_damaged_file_is_computed_again(cache_root: Path) -> None:
    compute = Counting()
    make(compute, compute_inline=lambda k: True).ready(5)
    (cache_root / "squares" / "5.txt").write_text("value of 6")  # another key's value under 5's name
    again = make(compute, compute_inline=lambda k: True)
    assert STORE.load(5) is None and again.ready(5) == "value of 5" and compute.calls == [5, 5]
    (cache_root / "squares" / "5.txt").write_bytes(b"\xff\xfe")  # not even text: a warning, then computed
    assert make(compute, compute_inline=lambda k: True).ready(5) == "value of 5" and compute.calls == [5, 5, 5]


def test_concurrent_asks_start_one_job(cache_root: Path) -> None:
    compute, pool = Counting(hold=True), Jobs()
    cache = make(compute, pool)
    names: list[str] = []
    askers = [threading.Thread(target=lambda: names.append(cache.start_job(7))) for _ in range(8)]
    for t in askers:
        t.start()
    for t in askers:
        t.join()
    assert set(names) == {"sq-7-0"} and len(names) == 8
    compute.release.set()
    wait(pool, "sq-7-0")
    job = pool.get("sq-7-0")
    assert job is not None and job.state == "done" and compute.calls == [7] and cache.in_memory(7) == "value of 7"
    assert cache.start_job(7) == "sq-7-1"  # a finished job is not asked again: a new round, read from disk
    wait(pool, "sq-7-1")
    assert compute.calls == [7]


def test_jobs_of_other_keys_are_bounded(cache_root: Path) -> None:
    compute, pool = Counting(hold=True), Jobs(workers=1)
    cache = make(compute, pool, max_pending=2)
    cache.start_job(1), cache.start_job(2)
    assert cache.start_job(1) == "sq-1-0"  # asking again for one being solved is fine
    with pytest.raises(InvalidInput, match=r"busy with \[1, 2\]"):
        cache.start_job(3)
    compute.release.set()
    for k in (1, 2):
        wait(pool, f"sq-{k}-0")
    assert cache.start_job(3) == "sq-3-0"
    wait(pool, "sq-3-0")  # before the next test's cache root is set: the job saves under the root of now


def test_memory_is_bounded_by_weight_and_a_failed_save_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    compute = Counting()
    cache = make(compute, compute_inline=lambda k: True, budget=2, weigh=len)  # each value weighs 10: one kept
    cache.ready(1), cache.ready(2)
    assert cache.in_memory(1) is None and cache.in_memory(2) == "value of 2"

    def full(self: object, key: int, value: str) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(FileStore, "save", full)  # the value is computed and kept, only not saved
    assert cache.ready(3) == "value of 3" and cache.in_memory(3) == "value of 3" and not STORE.exists(3)
