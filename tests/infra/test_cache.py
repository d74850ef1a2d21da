"""infra.cache: the pages' one cache, in memory, on disk under the cache root, or computed by a job (in a
worker process: the computation below is a module-level function, and counts its calls in a file)."""

from __future__ import annotations

import os
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


def _name(key: int) -> str:
    return f"{key}.txt"


STORE = FileStore[int, str]("squares", _name, str.encode, _decode)


def compute(key: int, report: Report | None) -> str:
    """A computation that notes its calls in the cache root, and waits while the file `hold` is there."""
    root = Path(os.environ["PARLOUR_CACHE"])
    with open(root / "calls.log", "a", encoding="ascii") as f:
        f.write(f"{key}\n")
    if report is not None:
        report(0.5, "working")
    deadline = time.time() + 30
    while (root / "hold").exists() and time.time() < deadline:
        time.sleep(0.01)
    return f"value of {key}"


def calls(root: Path) -> list[int]:
    log = root / "calls.log"
    return [int(x) for x in log.read_text().split()] if log.exists() else []


def make(pool: Jobs | None = None, budget: int = 10, **policy: Any) -> PageCache[int, str]:
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
    cache = make(compute_inline=lambda k: k < 10)
    first = cache.ready(3)
    assert first == "value of 3" and cache.ready(3) is first and calls(cache_root) == [3]  # a memory hit
    assert (cache_root / "squares" / "3.txt").read_text() == "value of 3"
    restarted = make()  # nothing in memory, the file on disk; no computing allowed in a request
    assert restarted.in_memory(3) is None and restarted.ready(3) == "value of 3" and calls(cache_root) == [3]
    assert restarted.ready(4) is None and calls(cache_root) == [3]  # not on disk, not for a request: a job's


def test_a_damaged_file_is_computed_again(cache_root: Path) -> None:
    make(compute_inline=lambda k: True).ready(5)
    (cache_root / "squares" / "5.txt").write_text("value of 6")  # another key's value under 5's name
    again = make(compute_inline=lambda k: True)
    assert STORE.load(5) is None and again.ready(5) == "value of 5" and calls(cache_root) == [5, 5]
    (cache_root / "squares" / "5.txt").write_bytes(b"\xff\xfe")  # not even text: a warning, then computed
    assert make(compute_inline=lambda k: True).ready(5) == "value of 5" and calls(cache_root) == [5, 5, 5]


def test_concurrent_asks_start_one_job_which_computes_in_a_process_and_the_server_reads_back(
        cache_root: Path) -> None:
    (cache_root / "hold").touch()
    pool = Jobs()
    cache = make(pool)
    names: list[str] = []
    askers = [threading.Thread(target=lambda: names.append(cache.start_job(7))) for _ in range(8)]
    for t in askers:
        t.start()
    for t in askers:
        t.join()
    assert set(names) == {"sq-7-0"} and len(names) == 8 and cache.job_running(7)
    (cache_root / "hold").unlink()
    wait(pool, "sq-7-0")
    job = pool.get("sq-7-0")
    assert job is not None and job.state == "done" and job.result is None  # the value is in memory, not the job
    assert calls(cache_root) == [7] and cache.in_memory(7) == "value of 7"
    assert (cache_root / "squares" / "7.txt").read_text() == "value of 7"  # saved by the job's process
    assert cache.start_job(7) == "sq-7-1"  # a finished job is not asked again: a new round, read from disk
    wait(pool, "sq-7-1")
    assert calls(cache_root) == [7]


def test_a_damaged_file_is_computed_again_by_a_job(cache_root: Path) -> None:
    (cache_root / "squares").mkdir()
    (cache_root / "squares" / "8.txt").write_text("value of 9")
    pool = Jobs()
    cache = make(pool, load_inline=lambda k: False)
    name = cache.start_job(8)
    wait(pool, name)
    assert cache.in_memory(8) == "value of 8" and calls(cache_root) == [8] and STORE.load(8) == "value of 8"


def test_jobs_of_other_keys_are_bounded(cache_root: Path) -> None:
    (cache_root / "hold").touch()
    pool = Jobs(workers=1)
    cache = make(pool, max_pending=2)
    cache.start_job(1), cache.start_job(2)
    assert cache.start_job(1) == "sq-1-0"  # asking again for one being solved is fine
    with pytest.raises(InvalidInput, match=r"busy with \[1, 2\]"):
        cache.start_job(3)
    (cache_root / "hold").unlink()
    for k in (1, 2):
        wait(pool, f"sq-{k}-0")
    assert cache.start_job(3) == "sq-3-0"
    wait(pool, "sq-3-0")
    assert sorted(calls(cache_root)) == [1, 2, 3]


def test_memory_is_bounded_by_weight_and_a_failed_save_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = make(compute_inline=lambda k: True, budget=2, weigh=len)  # each value weighs 10: one kept
    cache.ready(1), cache.ready(2)
    assert cache.in_memory(1) is None and cache.in_memory(2) == "value of 2"

    def full(self: object, key: int, value: str) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(FileStore, "save", full)  # the value is computed and kept, only not saved
    assert cache.ready(3) == "value of 3" and cache.in_memory(3) == "value of 3" and not STORE.exists(3)
