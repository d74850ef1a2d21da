"""Absorbing chains: exact values proven by a zero residual, float solve, certified bounds, stuck
states, checkpoints."""

from __future__ import annotations

import importlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from parlour.errors import SolverError
from parlour.solvers import markov
from parlour.solvers.markov import accelerate, kernels


def gamblers_ruin(n: int, p: Fraction) -> markov.Explicit:
    """Walk on 1..n-1 up with probability p; outcome 0 = reach n, outcome 1 = reach 0."""

    def succ(i: int):  # type: ignore[no-untyped-def]
        up = (p, i + 1, 0 if i + 1 == n else None)
        down = (1 - p, i - 1, 1 if i - 1 == 0 else None)
        return [up, down]

    return markov.explicit(1, succ, outcomes=2)


def ruin_value(n: int, i: int, p: Fraction) -> Fraction:
    r = (1 - p) / p
    return Fraction(i, n) if r == 1 else (1 - r**i) / (1 - r**n)


def test_exact_matches_closed_form() -> None:
    p = Fraction(2, 5)
    ex = gamblers_ruin(12, p)
    sol = markov.exact(ex.chain)
    for state, i in ex.index.items():
        assert sol.value(i, 0) == ruin_value(12, int(state), p)  # type: ignore[call-overload]
        assert sol.value(i, 0) + sol.value(i, 1) == 1


def test_float_and_certified_bracket_the_exact_value() -> None:
    p = Fraction(3, 7)
    ex = gamblers_ruin(30, p)
    exact = float(ruin_value(30, 1, p))
    fs = markov.float_solve(ex.chain)
    assert fs.residual < 1e-14 and abs(fs.values[0, 0] - exact) < 1e-13
    b = markov.certified(ex.chain, watch=[0], tol=1e-11)
    lo, hi = b.interval(0, 0)
    assert lo <= exact <= hi and hi - lo <= 2 * 1e-11 + 4e-15  # tol is a half-width (the upper bound rounds up)


@pytest.mark.parametrize("outcomes", [1, 2, 3, 4, 5, 6])
def test_certified_bounds_hold_for_any_number_of_outcomes(outcomes: int) -> None:
    # Up to four columns the pass sums in scalars, beyond in an array: both must bracket every exact value.
    def succ(i: int):  # type: ignore[no-untyped-def]
        third = Fraction(1, 3)
        return [(third, (i + 1) % 10, None), (third, (i + 3) % 10, None), (third, None, i % outcomes)]

    ex = markov.explicit(0, succ, outcomes=outcomes)
    sol = markov.exact(ex.chain)
    b = markov.certified(ex.chain, watch=range(ex.chain.n), tol=1e-12)
    for i in range(ex.chain.n):
        for o in range(outcomes):
            lo, hi = b.interval(i, o)
            assert Fraction(lo) <= sol.value(i, o) <= Fraction(hi) and hi - lo <= 2e-12 + 2e-15


def test_stuck_states_become_a_never_outcome() -> None:
    # 0 -> {absorb (1/2), 1 (1/2)}; 1 <-> 2 forever
    def succ(i: int):  # type: ignore[no-untyped-def]
        if i == 0:
            return [(Fraction(1, 2), None, 0), (Fraction(1, 2), 1, None)]
        return [(Fraction(1), 3 - i, None)]

    ex = markov.explicit(0, succ, outcomes=1)
    assert markov.stuck_states(ex.chain).tolist() == [False, True, True]
    sol = markov.exact(ex.chain)
    assert sol.columns == 2 and sol.value(0, 0) == Fraction(1, 2) and sol.value(0, 1) == Fraction(1, 2)
    b = markov.certified(ex.chain, watch=[0], tol=1e-12)
    assert b.interval(0, 1)[0] <= 0.5 <= b.interval(0, 1)[1]


def test_checkpoint_resumes(tmp_path: Path) -> None:
    # Biased and short: 73 sweeps to 1e-12 (the 40-square walk up with 2/5 took 471, a fair one 4,013). Each
    # sweep is a compiled parallel call, which on a loaded machine waits for its idle thread: the count is the cost.
    ex = gamblers_ruin(20, Fraction(1, 4))
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-12, max_sweeps=20, checkpoint=cp, extrapolate=False)
    assert cp.path.exists()
    resumed = markov.certified(ex.chain, watch=[0], tol=1e-12, checkpoint=cp, extrapolate=False)
    fresh = markov.certified(ex.chain, watch=[0], tol=1e-12, extrapolate=False)
    assert resumed.resumed_from == 20 and fresh.sweeps > 40  # most of the run happens after the resume
    assert resumed.sweeps == fresh.sweeps
    assert np.array_equal(resumed.lower, fresh.lower)


def test_extrapolation_saves_sweeps_and_stays_sound() -> None:
    # A fair walk (the slow chain extrapolation is for) of 12 squares: 376 plain sweeps to 1e-12 against 40 + 4
    # checks (40 squares took 4,013 against 344 + 41, each sweep a compiled parallel call)
    p, n = Fraction(1, 2), 12
    ex = gamblers_ruin(n, p)
    plain = markov.certified(ex.chain, watch=[0], tol=1e-12, extrapolate=False)
    fast = markov.certified(ex.chain, watch=[0], tol=1e-12)
    assert fast.jumps > 0 and fast.sweeps + fast.repair_sweeps < plain.sweeps
    exact = ruin_value(n, 1, p)
    for i, state in enumerate(ex.states):  # every state's bounds hold, not only the watched one
        for o, value in enumerate((ruin_value(n, int(state), p), 1 - ruin_value(n, int(state), p))):  # type: ignore[call-overload]
            lo, hi = fast.interval(i, o)
            assert Fraction(lo) <= value <= Fraction(hi)
    assert Fraction(fast.interval(0, 0)[0]) <= exact


def test_checkpoint_of_another_chain_is_ignored(tmp_path: Path) -> None:
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    markov.certified(gamblers_ruin(10, Fraction(1, 3)).chain, watch=[0], tol=1e-9, checkpoint=cp)
    b = markov.certified(gamblers_ruin(11, Fraction(1, 3)).chain, watch=[0], tol=1e-9, checkpoint=cp)
    assert b.resumed_from == 0


def test_a_check_pass_never_passes_a_point_above_the_solution() -> None:
    # The engine's proof: a pass Z <- F(Z) (Z = L + offsets) that lowers nothing shows Z <= F(Z). A point
    # above the solution anywhere must therefore always lower something, however many passes.
    p = Fraction(2, 5)
    ex = gamblers_ruin(20, p)
    op = markov.ChainOperator(ex.chain)
    exact = np.array([[float(ruin_value(20, int(s), p)), float(1 - ruin_value(20, int(s), p))] for s in ex.states])
    offsets = np.zeros(exact.shape, kernels.OFFSET_DTYPE)
    offsets[7, 0] = 1e-9
    for _ in range(50):
        assert op.lowered(exact, offsets, True) > 0
    below = np.zeros_like(exact)
    op.start(below)
    for _ in range(5):
        op.sweep(below, None)  # up sweeps from 0: a sub-solution ...
    zero = np.zeros(exact.shape, kernels.OFFSET_DTYPE)
    assert op.lowered(below, zero, False) == 0 and op.lowered(below, zero, True) == 0  # ... which a pass proves
    assert (below <= exact).all()


def test_a_tampered_checkpoint_is_dropped(tmp_path: Path) -> None:
    ex = gamblers_ruin(12, Fraction(1, 2))  # 12 squares, not 30: 40 sweeps + 4 checks to 1e-12, not 152 + 17
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-12, max_sweeps=20, checkpoint=cp)
    lower = np.load(cp.path)
    lower[0] = [0.9, 0.1]  # a width of 0 at once, and wrong
    np.save(cp.path, lower)
    b = markov.certified(ex.chain, watch=[0], tol=1e-9, checkpoint=cp)
    assert b.resumed_from == 0 and not b.resume_verified
    lo, hi = b.interval(0, 0)
    assert Fraction(lo) <= ruin_value(12, 1, Fraction(1, 2)) <= Fraction(hi)


def test_tol_is_a_half_width() -> None:
    b = markov.certified(gamblers_ruin(30, Fraction(1, 3)).chain, watch=[0], tol=1e-6)
    lo, hi = b.interval(0, 0)
    assert hi - lo <= 2e-6 + 1e-15 and b.status.value == "certified"
    with pytest.raises(Exception, match="half-width"):
        markov.certified(gamblers_ruin(5, Fraction(1, 3)).chain, tol=0.0)


# The extrapolation over several modes (reduced-rank extrapolation of the last sweeps, issue 38): what it
# estimates, how its history adapts to the memory, and that a candidate only becomes a bound through the check.


def test_the_history_adapts_to_the_memory() -> None:
    vector = 4 * 1000  # bytes of one float32 increment vector of 1000 values
    assert accelerate.depth(1000, 8, 100 * vector) == 8
    assert accelerate.depth(1000, 8, int(2 * 5.5 * vector)) == 5  # half the memory holds 5
    assert accelerate.depth(1000, 8, 2 * 2 * vector) == 0  # 2 would fit: too few, the one-mode way then
    assert accelerate.depth(1000, 0, 100 * vector) == 0


def test_rre_finds_the_limit_of_a_sequence_with_as_many_modes_as_the_history_removes() -> None:
    # x_k = limit - sum_j a_j rho_j^k v_j: three modes (0.95, 0.9, 0.5). RRE over 4 increments removes all
    # three, so its estimate is the limit up to the float32 rounding of the increments, where the last
    # iterate is still ~0.95^12 ~ 0.5 away.
    rng = np.random.default_rng(7)
    modes = np.linalg.qr(rng.normal(size=(60, 3)))[0] * np.array([1.0, 0.7, 0.4])
    rho = np.array([0.95, 0.9, 0.5])
    limit = rng.uniform(0.2, 0.8, size=60)

    def iterate(k: int) -> np.ndarray:
        return limit - modes @ rho**k

    history = np.stack([iterate(k + 1) - iterate(k) for k in range(8, 12)])[:, :, None].astype(np.float32)
    c = accelerate.coefficients(history, np.arange(4))
    assert c is not None
    estimate = iterate(12) + sum(cj * history[j, :, 0].astype(np.float64) for j, cj in enumerate(c))
    assert np.abs(limit - iterate(12)).max() > 0.1
    assert np.abs(limit - estimate).max() < 1e-4


def test_the_estimate_and_the_pull_back_cap_the_candidate_and_drop_what_is_not_finite() -> None:
    lower = np.array([[0.5, 0.2], [0.9, 0.0]])
    history = np.zeros((2, 2, 2), np.float32)
    history[0] = [[0.1, np.inf], [0.5, 0.01]]
    history[1] = [[0.1, 0.0], [0.5, 0.02]]
    guess = np.zeros((2, 2), kernels.OFFSET_DTYPE)
    accelerate.estimate(lower, history, np.array([0, 1]), np.array([1.0, 1.0]), guess)
    assert guess[0, 0] == pytest.approx(0.2, abs=1e-7)
    assert guess[0, 1] == 0.0  # inf: no offset, Z = L there
    assert lower[1, 0] + guess[1, 0] <= 1.0 + 1e-7  # capped at 1
    offsets = np.zeros((2, 2), kernels.OFFSET_DTYPE)
    accelerate.pull_back(lower, guess, history[1], 0.5, offsets)  # halfway between x~ and x_{m-1} = L - history[1]
    assert offsets[0, 0] == pytest.approx(0.5 * 0.2 - 0.5 * 0.1, abs=1e-7)
    assert offsets[1, 1] == pytest.approx(0.5 * 0.03 - 0.5 * 0.02, abs=1e-7)
    assert lower[1, 0] + offsets[1, 0] <= 1.0 + 1e-7


def test_the_backoff_is_the_pull_the_affine_model_needs() -> None:
    # guess = x~ - L; the failed check left G(x~) - L in the offsets, so r = offsets - guess. Z = (1 - t) x~ +
    # t x_{m-1} has the residual (1 - t) r + t d_{m-1}: t = max -r / (d_{m-1} - r) over r < 0 makes it >= 0.
    guess = np.array([[0.6], [0.25], [0.2]], np.float32)
    last = np.array([[0.2], [0.05], [0.1]], np.float32)  # d_{m-1}
    r = np.array([-0.01, -0.004, 0.001])
    offsets = (guess[:, 0] + r)[:, None].astype(kernels.OFFSET_DTYPE)
    t = accelerate.backoff(guess, last, offsets)
    assert t == pytest.approx(max(0.01 / 0.21, 0.004 / 0.054), rel=1e-4)
    d_last = last[:, 0].astype(np.float64)
    assert np.all((1 - t) * r + t * d_last >= -1e-8)  # the affine model's residual at Z (float32 offsets)
    assert np.any((1 - 0.9 * t) * r + 0.9 * t * d_last < 0)  # and no smaller pull would do


def _assert_bounds_hold(b: markov.Bounds, n: int, p: Fraction, states: list[object]) -> None:
    for i, state in enumerate(states):  # every state's bounds, not only the watched one
        win = ruin_value(n, int(state), p)  # type: ignore[call-overload]
        for o, value in enumerate((win, 1 - win)):
            lo, hi = b.interval(i, o)
            assert Fraction(lo) <= value <= Fraction(hi)


# The four tests below ran 20-square walks (the fair one: 739 compiled calls one-mode at 1e-10, a sweep or a check);
# 12 squares keep every comparison (one-mode 100 sweeps + 24 checks against RRE's 40 + 4) at a quarter of the calls.
WALK = 12


def test_the_multi_mode_extrapolation_is_taken_and_its_bounds_hold() -> None:
    p = Fraction(1, 2)
    ex = gamblers_ruin(WALK, p)
    one_mode = markov.certified(ex.chain, watch=[0], tol=1e-10, history=0)
    many = markov.certified(ex.chain, watch=[0], tol=1e-10)  # the default policy: RRE, pulled back
    assert many.jumps > 0
    assert many.sweeps + many.repair_sweeps < one_mode.sweeps + one_mode.repair_sweeps
    _assert_bounds_hold(many, WALK, p, list(ex.states))


def test_wrong_candidates_cost_their_check_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    # Coefficients three times too large overshoot the solution: every such candidate must fail its check
    # (or be proven where it happens to be below), and the bounds stay bounds.
    p = Fraction(2, 5)
    ex = gamblers_ruin(WALK, p)
    right = accelerate.coefficients

    def overshoot(history: np.ndarray, order: np.ndarray) -> np.ndarray | None:
        c = right(history, order)
        return None if c is None else 3.0 * c - 5.0

    monkeypatch.setattr(accelerate, "coefficients", overshoot)
    b = markov.certified(ex.chain, watch=[0], tol=1e-10, history=6)
    assert b.repair_sweeps > 0
    _assert_bounds_hold(b, WALK, p, list(ex.states))


def test_without_memory_for_the_history_the_engine_extrapolates_one_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    ex = gamblers_ruin(WALK, Fraction(1, 2))
    one_mode = markov.certified(ex.chain, watch=[0], tol=1e-10, history=0)
    monkeypatch.setattr("parlour.infra.resources.available_memory", lambda: 0)
    short = markov.certified(ex.chain, watch=[0], tol=1e-10, history=accelerate.HISTORY)
    assert short.sweeps == one_mode.sweeps and short.repair_sweeps == one_mode.repair_sweeps
    assert np.array_equal(short.lower, one_mode.lower)


def test_free_threads_stay_only_where_a_timed_pass_says_they_pay(monkeypatch: pytest.MonkeyPatch) -> None:
    # Free-running threads make each pass a slightly different map (what a thread reads of a block another one
    # sweeps depends on timing), which RRE cannot model: the engine times sweeps on them and on one thread and keeps
    # them, with the one-mode step, only when they make a pass THREADS_PAY times faster. Steady threads (one map)
    # keep RRE and are not tried.
    certified_module = importlib.import_module("parlour.solvers.markov.certified")
    ex = gamblers_ruin(WALK, Fraction(1, 2))
    op = markov.ChainOperator(ex.chain)
    op.threads = 1
    rre = markov.certified(op, watch=[0], tol=1e-10, history=accelerate.HISTORY)
    op.threads, op.steady = 2, False  # one block: thread 0 sweeps it all, so the passes are the same every run
    assert not op.one_map
    one_mode = markov.certified(op, watch=[0], tol=1e-10, history=0)
    assert rre.jumps > 0 and rre.sweeps + rre.repair_sweeps < one_mode.sweeps + one_mode.repair_sweeps

    def same(a: markov.Bounds, b: markov.Bounds) -> bool:
        return (a.sweeps, a.repair_sweeps, a.jumps) == (b.sweeps, b.repair_sweeps, b.jumps) and np.array_equal(
            a.lower, b.lower)

    monkeypatch.setattr(certified_module, "THREADS_PAY", 0.0)  # threads always pay
    free = markov.certified(op, watch=[0], tol=1e-10, history=accelerate.HISTORY)
    assert same(free, one_mode) and free.counters["threads"] == 2
    monkeypatch.setattr(certified_module, "THREADS_PAY", float("inf"))  # they never do
    alone = markov.certified(op, watch=[0], tol=1e-10, history=accelerate.HISTORY)
    assert alone.counters["threads"] == 1 and op.threads == 2  # one thread for that solve only
    assert alone.jumps > 0 and alone.sweeps + alone.repair_sweeps < one_mode.sweeps + one_mode.repair_sweeps
    op.steady = True
    assert op.one_map
    steady = markov.certified(op, watch=[0], tol=1e-10, history=accelerate.HISTORY)
    assert same(steady, rre) and steady.counters["threads"] == 2  # RRE on steady threads, as on one, no trial


def test_a_candidate_comes_early_only_when_the_plain_sweeps_would_end_before_the_ring_fills() -> None:
    steady = [0.5 ** k for k in range(10)]  # the gap halves every sweep
    assert accelerate.early(6, 16, steady, steady[-1] / 2**6)  # 6 sweeps left, the ring needs 10 more
    assert not accelerate.early(6, 16, steady, steady[-1] / 2**3)  # 3 sweeps left: cheaper than a candidate
    assert not accelerate.early(6, 16, steady, steady[-1] / 2**12)  # the full ring comes first
    assert not accelerate.early(5, 16, steady, steady[-1] / 2**6)  # too few sweeps recorded
    assert not accelerate.early(6, 16, [1.0, 1.0], 1e-3)  # no progress: no rate to trust


def test_a_run_with_a_history_resumes_from_its_proven_checkpoint(tmp_path: Path) -> None:
    # The history is not saved: the file is the bounds alone, proven by one pass on resume as always.
    p = Fraction(1, 3)
    ex = gamblers_ruin(20, p)
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-12, max_sweeps=25, checkpoint=cp, history=8)
    b = markov.certified(ex.chain, watch=[0], tol=1e-10, checkpoint=cp, history=8)
    assert b.resumed_from == 25 and b.resume_verified
    _assert_bounds_hold(b, 20, p, list(ex.states))


def test_a_check_over_the_candidate_written_out_agrees_with_the_pass_over_bounds_and_offsets() -> None:
    # ChainOperator.lowered writes Z = L + offsets out as float64 and checks that one array (a quicker pass);
    # `_check` reads both arrays. Same verdicts, and the offsets they leave agree to float32 rounding.
    ex = gamblers_ruin(20, Fraction(2, 5))
    op = markov.ChainOperator(ex.chain)
    lower = np.zeros(op.shape)
    op.start(lower)
    for _ in range(5):
        op.sweep(lower, None)
    step = np.zeros(op.shape, kernels.OFFSET_DTYPE)
    op.sweep(lower.copy(), step)
    for scale, proven in ((0.5, True), (1e6, False)):
        offsets = (step * scale).astype(kernels.OFFSET_DTYPE)
        np.minimum(offsets, 1.0 - lower, out=offsets)
        whole, both = offsets.copy(), offsets.copy()
        found = op.lowered(lower, whole, True)
        assert (found == 0) == (op._check(lower, both, True, None) == 0) == proven
        assert np.allclose(whole, both, rtol=1e-6, atol=1e-12)
        assert np.all(lower + whole.astype(np.float64) <= 1.0)
