"""The Goose operator without a stored chain (the 5-player path) in the certified engine, against the
stored-chain solver on 3 players: bounds, resume, proof of a checkpoint, out of core, SIGKILL."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.analyses.goose import solve
from parlour.analyses.goose.operator import OnTheFly
from parlour.analyses.goose.space import Layout, layout
from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.rules import STUDY
from parlour.solvers import markov


def certified_on_the_fly(lay: Layout, start: int, tol: float = 5e-9, checkpoint: Path | None = None,
                         out_of_core: bool = False, every_seconds: float = 600.0, **kw: object) -> markov.Bounds:
    cp = markov.Checkpoint(checkpoint, every_seconds, out_of_core) if checkpoint is not None else None
    return markov.certified(OnTheFly(lay), watch=[start], tol=tol, checkpoint=cp, **kw)  # type: ignore[arg-type]


def test_bounds_contain_the_stored_chain_values_after_a_resume(tmp_path: Path) -> None:
    lay = layout(STUDY, 3)
    start = lay.row(0)  # everybody on square 0 (code 0 in every digit)
    ref = solve(STUDY, 3, tol=1e-10)
    cp = tmp_path / "run3.npy"
    with pytest.raises(SolverError):  # a run cut short leaves its checkpoint
        certified_on_the_fly(lay, start, tol=5e-8, checkpoint=cp, max_sweeps=30)
    b = certified_on_the_fly(lay, start, tol=5e-8, checkpoint=cp)
    assert b.resumed_from == 30 and b.sweeps > 30 and b.resume_verified
    assert b.jumps >= 1  # float32 candidates were proven sub-solutions and taken
    for o in range(3):  # relative player o is player o + 1 at the start
        lo, hi = b.interval(start, o)
        assert hi - lo <= 1e-7 + 1e-15
        assert lo <= ref.win_bounds[o][0] and ref.win_bounds[o][1] <= hi


@pytest.mark.parametrize(("players", "packed"), [(3, False), (5, False), (6, False), (3, True), (6, True)])
def test_every_state_agrees_with_the_stored_chain_on_a_small_board(players: int, packed: bool) -> None:
    # Up to 5 players the chain-free sum is kept in scalars, beyond in an array, on float64 or packed bounds:
    # all must give intervals that meet the stored chain's at every state and for every player (all are
    # sound, so they overlap).
    import numpy as np

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import RuleSet

    rules = RuleSet(name="tiny", end=9, dice=((1, 2, 3),), geese=(4,), jumps=((6, 2),), inns=(3,), wells=(5,),
                    start_jumps=(), bounce=True, occupancy=True)
    sp = gchain.space(rules, players)
    stored = markov.certified(gchain.markov_chain(sp), watch=range(sp.size), tol=1e-10)
    lay = layout(rules, players)
    free = markov.certified(OnTheFly(lay), watch=range(lay.size), tol=1e-10, packed_bounds=packed)
    assert lay.size == sp.size
    for code in np.asarray(lay.codes, np.int64):
        for o in range(players):
            lo, hi = free.interval(lay.row(int(code)), o)
            slo, shi = stored.interval(sp.row(int(code)), o)
            assert hi - lo <= 2e-10 + 1e-15 and max(lo, slo) <= min(hi, shi)


def test_the_multi_mode_extrapolation_is_a_policy_of_both_operators() -> None:
    # Reduced-rank extrapolation over the last sweeps (history=8, issue 38) on the stored chain and on the
    # chain-free operator: every interval at every state meets the one-mode stored chain's (all are sound).
    import numpy as np

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import RuleSet

    rules = RuleSet(name="tiny", end=9, dice=((1, 2, 3),), geese=(4,), jumps=((6, 2),), inns=(3,), wells=(5,),
                    start_jumps=(), bounce=True, occupancy=True)
    sp = gchain.space(rules, 3)
    one_mode = markov.certified(gchain.markov_chain(sp), watch=range(sp.size), tol=1e-10)
    stored = markov.certified(gchain.markov_chain(sp), watch=range(sp.size), tol=1e-10, history=8)
    lay = layout(rules, 3)
    free = markov.certified(OnTheFly(lay), watch=range(lay.size), tol=1e-10, history=8)
    assert stored.repair_sweeps > 0 and free.repair_sweeps > 0  # RRE candidates were made and checked
    for code in np.asarray(lay.codes, np.int64):
        for o in range(3):
            ref = one_mode.interval(sp.row(int(code)), o)
            for lo, hi in (stored.interval(sp.row(int(code)), o), free.interval(lay.row(int(code)), o)):
                assert hi - lo <= 2e-10 + 1e-15 and max(lo, ref[0]) <= min(hi, ref[1])


def test_refuses_a_chain_with_stuck_states() -> None:
    with pytest.raises(InvalidInput):
        OnTheFly(layout(STUDY, 2))


def test_chain_free_path_of_solve_agrees_with_the_chain_from_a_position() -> None:
    """The path `parlour goose solve --players 5` takes, on 3 players from a mid-game position."""
    from dataclasses import replace

    from parlour.analyses.goose import policy

    plan = policy.plan(3, squares=[20, 40, 30], to_move=2, tol=5e-9)
    ref = solve(STUDY, 3, start=plan.start, tol=1e-10)
    got = policy.run(replace(plan, engine="chain-free", packed=True))  # as 5 players' plan: packed at 5e-9
    assert got.states is None and got.canonical == ref.canonical
    for (lo, hi), (rlo, rhi) in zip(got.win_bounds, ref.win_bounds, strict=True):
        assert hi - lo <= 1e-8 + 1e-15 and lo <= rlo and rhi <= hi


def test_a_checkpoint_that_is_no_lower_bound_is_dropped(tmp_path: Path) -> None:
    import numpy as np

    lay = layout(STUDY, 3)
    start = lay.row(0)
    cp = tmp_path / "run3.npy"
    with pytest.raises(SolverError):
        certified_on_the_fly(lay, start, tol=5e-8, checkpoint=cp, max_sweeps=5)
    bad = np.load(cp)
    bad[start] = [0.9, 0.05, 0.05]  # would give a width of 0 at once, and wrong values
    np.save(cp, bad)
    b = certified_on_the_fly(lay, start, tol=5e-8, checkpoint=cp, max_sweeps=5_000)
    assert b.resumed_from == 0 and not b.resume_verified
    assert abs(b.interval(start, 0)[0] - 0.3459598) < 1e-6


def test_out_of_core_matches_in_memory(tmp_path: Path) -> None:
    lay = layout(STUDY, 3)
    start = lay.row(0)
    mem = certified_on_the_fly(lay, start, tol=5e-9)
    where = tmp_path / "not-yet" / "b.npy"  # the solver makes the checkpoint's folder
    disk = certified_on_the_fly(lay, start, tol=5e-9, checkpoint=where, out_of_core=True)
    assert where.with_name("b.npy.incr.npy").exists()
    for o in range(3):
        lo, hi = disk.interval(start, o)
        mlo, mhi = mem.interval(start, o)
        assert hi - lo <= 1e-8 + 1e-15 and max(lo, mlo) <= min(hi, mhi)


def test_a_run_killed_with_sigkill_resumes_from_its_last_checkpoint(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    cp = tmp_path / "run3.npy"
    script = (
        "from pathlib import Path\n"
        "from parlour.analyses.goose.operator import OnTheFly\n"
        "from parlour.games.goose.rules import STUDY\n"
        "from parlour.analyses.goose.space import layout\n"
        "from parlour.solvers import markov\n"
        "lay = layout(STUDY, 3)\n"
        f"cp = markov.Checkpoint(Path({str(cp)!r}), every_seconds=0.0)\n"
        "markov.certified(OnTheFly(lay), watch=[lay.row(0)], tol=1e-14, checkpoint=cp)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script])
    meta = cp.with_name(cp.name + ".meta")
    try:
        deadline = time.time() + 120
        while time.time() < deadline and proc.poll() is None:
            if meta.exists() and int(meta.read_text().split()[1]) >= 10:
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the run ended before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
    saved = int(meta.read_text().split()[1])
    lay = layout(STUDY, 3)
    b = certified_on_the_fly(lay, lay.row(0), tol=5e-8, checkpoint=cp)
    assert b.resumed_from == saved >= 10 and b.resume_verified  # at most the sweep in flight was lost


def test_the_chain_free_solve_packs_its_bounds_at_loose_tolerances_and_checks_the_memory(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # From PACKED_FROM_TOL on a value and its offset take 8 bytes (finer: float64 + float32); both give
    # intervals that meet the stored chain's. A machine without room for the layout and bounds is refused
    # before the search, by the bytes the chosen storage needs.
    from dataclasses import replace

    from parlour.analyses.goose import policy
    from parlour.analyses.goose.space import layout_bytes
    from parlour.infra import resources

    def chain_free(tol: float) -> policy.SolvePlan:  # 3 players get the stored chain: the engine is set here
        plan = policy.plan(3, tol=tol)
        return replace(plan, engine="chain-free", packed=tol >= policy.PACKED_FROM_TOL)

    ref = solve(STUDY, 3, tol=1e-11)
    for tol, packed in ((5e-9, True), (policy.PACKED_FROM_TOL / 2, False)):
        got = policy.run(chain_free(tol))
        assert ("packed" in got.method) == packed and got.extrapolations > 0
        for (lo, hi), (rlo, rhi) in zip(got.win_bounds, ref.win_bounds, strict=True):
            assert hi - lo <= 2 * tol + 1e-15 and max(lo, rlo) <= min(hi, rhi)
    states = layout(STUDY, 3).size
    packed_need = layout_bytes(STUDY, 3, states) + states * 3 * 8
    packed, unpacked = chain_free(5e-9), chain_free(policy.PACKED_FROM_TOL / 2)  # planned before memory shrinks
    monkeypatch.setattr(resources, "physical_memory", lambda: int(packed_need / 0.85))
    policy.run(packed)  # fits
    with pytest.raises(InvalidInput, match="players need"):  # float64 + float32 would not
        policy.run(unpacked)
