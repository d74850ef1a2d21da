"""The built space kept on disk: a later process reads back exactly the chain `build` makes, and a damaged or
foreign file is rebuilt instead of trusted (the bounds are only as good as the chain they are proven on)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose.space import Space
from parlour.games.goose.rules import STUDY, RuleSet
from parlour.infra.storage import CACHE_VARIABLE


def fresh(players: int, rules: RuleSet = STUDY) -> Space:
    return gchain.space.__wrapped__(rules, players)  # past the in-process cache


def same(a: Space, b: Space) -> bool:
    for f in fields(Space):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            if x.dtype != y.dtype or not np.array_equal(x, y):
                return False
        elif x != y:
            return False
    return True


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path))
    return tmp_path


def test_a_kept_space_reads_back_as_built(cache: Path) -> None:
    built = fresh(3)
    kept = list(cache.rglob("*.npz"))
    assert len(kept) == 1 and "3p" in kept[0].name
    again = fresh(3)
    assert same(built, again)
    assert again.counts.canonical == again.size == built.size


def test_small_spaces_are_not_kept(cache: Path) -> None:
    fresh(2)
    assert not list(cache.rglob("*.npz"))


def test_a_damaged_file_is_rebuilt(cache: Path) -> None:
    built = fresh(3)
    (path,) = cache.rglob("*.npz")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # cut short, as by a full disk
    assert same(fresh(3), built)
    flipped = bytearray(path.read_bytes())  # rewritten whole by the rebuild
    flipped[len(flipped) // 2] ^= 0xFF  # one byte changed inside an array: the zip CRC catches it
    path.write_bytes(bytes(flipped))
    assert same(fresh(3), built)


def test_other_rules_never_share_a_file(cache: Path) -> None:
    fresh(3)
    other = RuleSet(name=STUDY.name, inns=())  # the same name, a different board
    assert gchain._kept_path(other, 3) != gchain._kept_path(STUDY, 3)


def test_the_file_name_follows_every_module_that_builds_the_space(monkeypatch: pytest.MonkeyPatch) -> None:
    # the space is a package of several modules: a change to any of them must name a new file
    from parlour.analyses.goose import space

    builders = sorted(Path(space.__file__).parent.glob("*.py"))
    assert len(builders) > 1
    before = gchain._kept_path(STUDY, 3)
    read = Path.read_bytes
    for changed in builders:
        monkeypatch.setattr(Path, "read_bytes", lambda p, c=changed: read(p) + (b"#" if p == c else b""))
        assert gchain._kept_path(STUDY, 3) != before, changed.name
    monkeypatch.setattr(Path, "read_bytes", read)
    assert gchain._kept_path(STUDY, 3) == before
