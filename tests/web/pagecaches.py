"""The pages' caches as the web tests set them up, each for a module-scoped fixture to `yield from` (undone when
the module's tests are done): the guessing game's own per module, the Goose's shared by the session's modules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from parlour.web import goose, guess


def own_guess_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A cache folder and an in-memory strategy cache of the module's own: no other run's strategies read back."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("cache")))
    mp.setattr(guess, "cache", guess.strategy_cache())
    yield
    mp.undo()


def shared_goose_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One cache folder for the session's Goose tests (the 2-player chain is solved once, read back after) and a
    fresh in-memory table cache."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.getbasetemp() / "goose-cache"))
    mp.setattr(goose, "chains", goose.table_cache())
    yield
    mp.undo()
