"""infra.storage: the one cache root and atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from parlour.infra import storage


def test_cache_root_follows_the_variable_then_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert storage.cache_root() == tmp_path / "mine"
    assert storage.cache_folder("guess") == tmp_path / "mine" / "guess" and (tmp_path / "mine" / "guess").is_dir()
    monkeypatch.delenv("PARLOUR_CACHE")
    assert storage.cache_root() == tmp_path / "xdg" / "parlour"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert storage.cache_root() == Path.home() / ".cache" / "parlour"


def test_atomic_write_bytes_text_and_a_writer(tmp_path: Path) -> None:
    target = tmp_path / "a.bin"
    storage.atomic_write(target, b"one")
    storage.atomic_write(target, "two ✓")
    assert target.read_text(encoding="utf-8") == "two ✓"
    array = np.arange(6.0)

    def save(path: Path) -> None:
        with path.open("wb") as out:  # np.save on a name would add ".npy" to the temporary file's
            np.save(out, array)

    npy = storage.atomic_write(tmp_path / "a.npy", save, mode=0o600)
    assert np.array_equal(np.load(npy), array) and (npy.stat().st_mode & 0o777) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bin", "a.npy"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file_and_no_debris(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("old")

    def broken(path: Path) -> None:
        path.write_text("half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        storage.atomic_write(target, broken)
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["kept.txt"]


def test_atomic_path_replaces_only_when_the_block_ends_normally(tmp_path: Path) -> None:
    target = tmp_path / "bounds.npy"
    with storage.atomic_path(target) as tmp, tmp.open("wb") as out:
        assert tmp.parent == tmp_path and tmp != target
        np.save(out, np.arange(3.0))
    assert np.array_equal(np.load(target), np.arange(3.0))
    with pytest.raises(KeyboardInterrupt), storage.atomic_path(target) as tmp, tmp.open("wb") as out:
        np.save(out, np.zeros(5))  # a whole new array, then the run is stopped before the block ends
        raise KeyboardInterrupt
    assert np.array_equal(np.load(target), np.arange(3.0)) and os.listdir(tmp_path) == ["bounds.npy"]


def test_the_goose_checkpoint_and_the_markov_checkpoints_use_the_root_and_atomic_writes(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from parlour.analyses.goose.chain import default_checkpoint
    from parlour.games.goose.rules import STUDY
    from parlour.solvers.markov import Checkpoint

    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    path = default_checkpoint(STUDY, 5)
    assert path == tmp_path / "goose" / "study-5p.npy"  # no second root: $PARLOUR_CACHE moves it too
    cp = Checkpoint(path)
    cp.save(np.ones((3, 2)), 7, "f" * 32)
    cp.save(np.full((3, 2), 0.5), 8, "f" * 32)
    loaded = cp.load("f" * 32, (3, 2))
    assert loaded is not None and loaded[1] == 8 and np.all(loaded[0] == 0.5)
    assert sorted(p.name for p in path.parent.iterdir()) == ["study-5p.npy", "study-5p.npy.meta"]
