"""The guessing-game tests' own caches: a cache folder and an in-memory strategy cache per test module, so that
no other run's (or module's) solved strategies are read back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from parlour.web import guess as web


def own_guess_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Set up for a module-scoped fixture to `yield from`: undone when the module's tests are done."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("cache")))
    mp.setattr(web, "cache", web.strategy_cache())
    yield
    mp.undo()
