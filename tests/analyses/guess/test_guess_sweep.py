"""The sweep over N: each N stored as it finishes, warm-started from the nearest stored N."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from parlour.analyses.guess.solve import solve_guess
from parlour.analyses.guess.store import open_store
from parlour.analyses.guess.sweep import solve_record, sweep, warm_start


def test_sweep_stores_each_n_and_warm_starts_from_the_nearest(tmp_path: Path) -> None:
    with open_store(tmp_path / "w.sqlite") as store:
        assert list(sweep(store, [20, 21, 22])) == [20, 21, 22]
        assert store.solved() == {20, 21, 22}
        s22 = store.get(22)
        assert s22 is not None and s22.value == solve_guess(22).value
        trees, alice = warm_start(store, 23)
        assert trees == tuple(d for d, _ in s22.bob) and alice == tuple(float(a) for a in s22.alice)
        assert warm_start(store, 30) == ((), ())  # nothing stored within reach
        warm = warm_start(store, 24)  # N = 22's trees, extended twice, and α stretched
    record = solve_record(24, warm)
    assert Fraction(record["value"]) == solve_guess(24).value and record["certified"] == 1
