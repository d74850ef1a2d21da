"""`analyses.goose.policy`: what a solve does is decided once, the same for the command line, Python and the
page: the engine, the default tolerance, the checkpoint's place and period, the threads and the guards."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

import numba
import pytest

from conftest import run_cli
from parlour.analyses.goose import chain, policy
from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, shipped


@pytest.fixture(autouse=True)
def scratch_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_a_stored_chain_is_certified_to_1e_12_without_a_checkpoint() -> None:
    plan = policy.plan(3)
    assert (plan.engine, plan.tol, plan.checkpoint, plan.chosen_checkpoint) == ("stored chain", 1e-12, None, False)
    assert plan.rules == STUDY and plan.start is None
    assert plan.threads == 1  # 1e5 states: the split costs more than it gives (solvers.markov.threads)
    assert policy.plan(2, exact=True).engine == "exact"


def test_a_chain_free_run_keeps_a_checkpoint_in_the_cache_every_ten_minutes() -> None:
    plan = policy.plan(5, force=True)  # force: this machine may have less than the 12 GiB of 5 players
    assert (plan.engine, plan.tol, plan.chosen_checkpoint) == ("chain-free", 5e-9, True)
    assert plan.checkpoint is not None and plan.checkpoint.every_seconds == 600.0
    assert plan.checkpoint.path == chain.default_checkpoint(STUDY, 5)
    assert 1 <= plan.threads <= numba.get_num_threads()  # the rule's figure, free cores then (sweep_threads)
    # exact fractions need the stored chain: the plan refuses them for 5 players, before any work
    with pytest.raises(InvalidInput, match=r"^exact fractions are offered up to .*\(drop exact=True"):
        policy.plan(5, exact=True, force=True)
    with pytest.raises(InvalidInput, match=r"^out_of_core=True is for 5 players and more"):
        policy.plan(3, out_of_core=True)


def test_an_asked_checkpoint_is_kept_where_asked(tmp_path: Path) -> None:
    plan = policy.plan(3, checkpoint=tmp_path / "run.npy")
    assert plan.checkpoint is not None and plan.checkpoint.path == tmp_path / "run.npy"
    assert plan.checkpoint.every_seconds == 30.0 and not plan.chosen_checkpoint


def test_dask_works_in_a_folder_beside_the_default_checkpoint() -> None:
    plan = policy.plan(3, dask=True)
    assert plan.engine == "dask" and plan.chosen_checkpoint and plan.checkpoint is not None
    assert plan.checkpoint.path == chain.default_checkpoint(STUDY, 3).with_suffix(".parts")
    with pytest.raises(InvalidInput, match=r"^dask=True runs .* drop exact=True and out_of_core=True$"):
        policy.plan(3, dask=True, exact=True)


def test_refusals_name_what_lifts_them_as_the_caller_writes_it() -> None:
    with pytest.raises(InvalidInput, match=r"\(force=True tries anyway\)"):
        policy.plan(9)
    with pytest.raises(InvalidInput, match=r"\(the command line's --force tries anyway\)"):
        policy.plan(9, flag="the command line's --force")  # the page's wording
    with pytest.raises(InvalidInput, match=r"^tol must lie between 1e-13 .*use exact=True\) and 1, got 1e-14$"):
        policy.plan(2, tol=1e-14)
    with pytest.raises(InvalidInput, match=r"^to_move and inn_pending need squares$"):
        policy.plan(2, to_move=2)


def test_a_run_holds_to_its_plan() -> None:
    sol = policy.run(policy.plan(2, squares=[31, 40], to_move=2, tol=1e-9))
    assert sol.players == 2 and sol.position.to_move == 1
    assert all(hi - lo <= 2e-9 for lo, hi in sol.win_bounds)
    with pytest.raises(InvalidInput, match="Dask client"):
        policy.run(policy.plan(2), client=object())


def test_a_run_carries_out_the_engine_and_storage_of_its_plan() -> None:
    # `run` decides nothing again: a plan whose engine is changed after `plan` (3 players would get the stored
    # chain) runs the engine it names, with the storage it names; the chain-free bounds meet the stored chain's.
    toy = shipped("toy")  # a small board: the engines, not the sizes, are the point
    stored = policy.plan(3, rules=toy, tol=1e-9)
    ref = policy.run(stored)
    assert stored.engine == "stored chain" and "on the stored chain" in ref.method and ref.states is not None
    got = policy.run(replace(stored, engine="chain-free", packed=False))  # the storage too: not packed at 1e-9
    assert "without a stored chain" in got.method and "float64 bounds" in got.method and got.states is None
    for (lo, hi), (rlo, rhi) in zip(got.win_bounds, ref.win_bounds, strict=True):
        assert hi - lo <= 2e-9 + 1e-15 and max(lo, rlo) <= min(hi, rhi)
    exact = policy.run(replace(policy.plan(2, rules=toy, tol=1e-9), engine="exact"))
    assert exact.exact and exact.win_exact is not None


def test_the_packed_storage_is_decided_by_the_plan_from_its_tolerance() -> None:
    five = policy.plan(5, force=True)
    assert five.packed and five.tol >= policy.PACKED_FROM_TOL
    assert not policy.plan(5, force=True, tol=policy.PACKED_FROM_TOL / 2).packed
    assert not policy.plan(3).packed  # the stored chain keeps float64 bounds


def test_the_command_line_says_where_the_default_checkpoint_is(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(*args: object, **kwargs: object) -> None:
        raise InvalidInput("stopped before the solve")

    monkeypatch.setattr(policy, "run", stop)  # 5 players take hours: the plan and its message are the point
    monkeypatch.setattr("parlour.infra.dask.client", lambda *args: nullcontext())  # no cluster either
    code, out, err = run_cli(["goose", "solve", "--players", "5", "--force"], capsys)
    assert code == 2 and "stopped before the solve" in err
    where = chain.default_checkpoint(STUDY, 5)
    assert " ".join(out.split()) == f"checkpoint: {where} (every 10 minutes; rerun the command to resume)"
    code, out, err = run_cli(["goose", "solve", "--players", "3", "--dask"], capsys)
    assert code == 2 and " ".join(out.split()) == (f"work folder: {where.with_name('study-3p.parts')} (the bounds; "
                                                   "rerun the command to resume)")
