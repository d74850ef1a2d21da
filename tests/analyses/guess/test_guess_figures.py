"""Figures from stored solutions: one per `what`, and a clear refusal otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.analyses.guess.figures import figure_from_store
from parlour.analyses.guess.store import open_store
from parlour.analyses.guess.sweep import sweep
from parlour.errors import InvalidInput


def test_figures_from_a_store(tmp_path: Path) -> None:
    with open_store(tmp_path / "f.sqlite") as store:
        list(sweep(store, range(1, 6)))
        rows = list(store.all())
    assert [r.n for r in rows] == [1, 2, 3, 4, 5]
    for what in ("alice", "iterations", "values"):
        fig = figure_from_store(rows, what)
        assert fig.axes and fig.axes[0].get_xlabel()
    with pytest.raises(InvalidInput):
        figure_from_store(rows, "colours")
