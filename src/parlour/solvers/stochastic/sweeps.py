"""The compiled (numba) kernels of the turn-based fast path (`turns`): a move's value with its rounding
error bounded in the safe direction, a state's best move, the Gauss-Seidel sweeps of both bounds with a
checked extrapolation, and the one-step strategy check of the proof. The arrays are `arrays.MoveArrays`'
(a state's moves, a move's chance branches with integer weights over a common denominator)."""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["solve_components", "step_failures"]

JUMP_EVERY = 3  # sweeps between two tries of an extrapolation
DAMP = 0.95  # of the extrapolated distance: aim below the limit, where the one-step check can pass
REL = 2.0**-52  # twice the unit roundoff: the error bounds below carry a factor of 2 to spare
TINY = 1e-300  # absolute slack for underflow (values of order 1e-308 lose their last bits)


@njit(cache=True)
def move_value(m: int, vals: np.ndarray, pay: np.ndarray, branch_ptr: np.ndarray, den: np.ndarray,
               weight: np.ndarray, target: np.ndarray, direction: float) -> float:
    """The value of move m (sum of weight * value over den), rounded down (direction -1) or up (+1) by a
    bound on the float error: a sum of k products, then a division, errs by at most
    (k + 2) * 2**-53 * sum |w x| / d (twice that is taken), plus TINY for underflow."""
    acc = 0.0
    mag = 0.0
    k = 0
    for b in range(branch_ptr[m], branch_ptr[m + 1]):
        t = target[b]
        x = vals[t] if t >= 0 else pay[-1 - t]
        acc += weight[b] * x
        mag += weight[b] * abs(x)
        k += 1
    d = den[m]
    if k == 1 and d == 1.0:
        return acc  # one sure outcome: 1.0 * x is x, no rounding
    return acc / d + direction * ((k + 2) * REL * mag / d + TINY)


@njit(cache=True)
def best_move(s: int, vals: np.ndarray, pay: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray,
              branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray, target: np.ndarray,
              direction: float) -> tuple[float, int]:
    """State s's best move for its mover (player 1 maximises, player 2 minimises) at `vals`, each move's
    value rounded in `direction`: (its value, the move; the first of equals)."""
    maxing = mover[s] == 1
    best = 0.0
    arg = -1
    for m in range(move_ptr[s], move_ptr[s + 1]):
        v = move_value(m, vals, pay, branch_ptr, den, weight, target, direction)
        if arg < 0 or (v > best if maxing else v < best):
            best = v
            arg = m
    return best, arg


@njit(cache=True)
def best_moves(s: int, lo: np.ndarray, hi: np.ndarray, pay_lo: np.ndarray, pay_hi: np.ndarray, mover: np.ndarray,
               move_ptr: np.ndarray, branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray,
               target: np.ndarray) -> tuple[float, int, float, int]:
    """`best_move` from below at `lo` and from above at `hi` in one pass over the state's moves: the sweep's
    hot loop. Two calls of `best_move` read each move's branches twice, and made Pig's sweeps 1.4x slower."""
    maxing = mover[s] == 1
    best_lo = 0.0
    best_hi = 0.0
    arg_lo = -1
    arg_hi = -1
    for m in range(move_ptr[s], move_ptr[s + 1]):
        v = move_value(m, lo, pay_lo, branch_ptr, den, weight, target, -1.0)
        w = move_value(m, hi, pay_hi, branch_ptr, den, weight, target, 1.0)
        if arg_lo < 0 or (v > best_lo if maxing else v < best_lo):
            best_lo = v
            arg_lo = m
        if arg_hi < 0 or (w > best_hi if maxing else w < best_hi):
            best_hi = w
            arg_hi = m
    return best_lo, arg_lo, best_hi, arg_hi


@njit(cache=True)
def _try_jump(a: int, b: int, vals: np.ndarray, delta: np.ndarray, prev: np.ndarray, strategy: np.ndarray,
              saved: np.ndarray, picks: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray,
              branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray, target: np.ndarray, pay: np.ndarray,
              direction: float) -> bool:
    """Extrapolate one component's (states a..b-1) bound along its last step (geometric convergence at the
    observed ratio) and keep the jump only if the new vector passes the same one-step check the iteration
    keeps true: from below (direction -1) every state's rounded-down best move value >= its new L (player
    1's choice becomes sigma), mirrored from above. A rejected jump is undone; the iteration goes on."""
    ratio = 0.0
    for i in range(a, b):
        if prev[i - a] != 0.0:
            r = delta[i - a] / prev[i - a]
            if r > ratio:
                ratio = r
    if not 0.0 < ratio < 0.995:
        return False
    factor = DAMP * ratio / (1.0 - ratio)
    for s in range(a, b):
        saved[s - a] = vals[s]
        vals[s] = vals[s] + delta[s - a] * factor
    chooser = 1 if direction < 0 else 2  # whose strategy the bound certifies
    for s in range(a, b):
        best, arg = best_move(s, vals, pay, mover, move_ptr, branch_ptr, den, weight, target, direction)
        if (direction < 0 and best < vals[s]) or (direction > 0 and best > vals[s]):
            for k in range(a, b):
                vals[k] = saved[k - a]
            return False
        picks[s - a] = arg
    for s in range(a, b):
        if mover[s] == chooser:
            strategy[s] = picks[s - a]
    return True


@njit(cache=True)
def solve_components(first: int, last: int, comp_ptr: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                     sigma: np.ndarray, tau: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray,
                     branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray, target: np.ndarray,
                     pay_lo: np.ndarray, pay_hi: np.ndarray, tol: float, max_sweeps: int) -> int:
    """Components first..last-1 (the states numbered in component order): Gauss-Seidel sweeps of L (rounded
    down) and U (rounded up) until every state's U - L <= tol or a sweep changes nothing; every few sweeps a
    checked extrapolation (_try_jump). Returns the number of sweeps."""
    sweeps = 0
    for c in range(first, last):
        a = comp_ptr[c]
        b = comp_ptr[c + 1]
        size = b - a
        d_lo = np.zeros(size)
        d_hi = np.zeros(size)
        p_lo = np.zeros(size)
        p_hi = np.zeros(size)
        saved = np.empty(size)
        picks = np.empty(size, np.int64)
        for sweep in range(max_sweeps):
            sweeps += 1
            width = 0.0
            changed = False
            for s in range(a, b):
                best_lo, arg_lo, best_hi, arg_hi = best_moves(s, lo, hi, pay_lo, pay_hi, mover, move_ptr, branch_ptr,
                                                              den, weight, target)
                p_lo[s - a] = d_lo[s - a]
                p_hi[s - a] = d_hi[s - a]
                d_lo[s - a] = 0.0
                d_hi[s - a] = 0.0
                if best_lo > lo[s]:
                    d_lo[s - a] = best_lo - lo[s]
                    lo[s] = best_lo
                    changed = True
                    if mover[s] == 1:
                        sigma[s] = arg_lo
                if best_hi < hi[s]:
                    d_hi[s - a] = best_hi - hi[s]
                    hi[s] = best_hi
                    changed = True
                    if mover[s] != 1:
                        tau[s] = arg_hi
                if hi[s] - lo[s] > width:
                    width = hi[s] - lo[s]
            if width <= tol or not changed:
                break
            if size > 1 and sweep % JUMP_EVERY == JUMP_EVERY - 1:
                _try_jump(a, b, lo, d_lo, p_lo, sigma, saved, picks, mover, move_ptr, branch_ptr, den, weight,
                          target, pay_lo, -1.0)
                _try_jump(a, b, hi, d_hi, p_hi, tau, saved, picks, mover, move_ptr, branch_ptr, den, weight,
                          target, pay_hi, 1.0)
    return sweeps


@njit(cache=True)
def step_failures(lo: np.ndarray, hi: np.ndarray, sigma: np.ndarray, tau: np.ndarray, mover: np.ndarray,
                  move_ptr: np.ndarray, branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray,
                  target: np.ndarray, pay_lo: np.ndarray, pay_hi: np.ndarray) -> int:
    """The proof's strategy check, from scratch, with the same directed rounding: T_sigma(L) >= L (at
    player 1's states sigma's move, at player 2's every move) and T_tau(U) <= U. The number of failures."""
    bad = 0
    for s in range(lo.shape[0]):
        own, other, fixed = (lo, hi, sigma) if mover[s] == 1 else (hi, lo, tau)
        pay_own, pay_other = (pay_lo, pay_hi) if mover[s] == 1 else (pay_hi, pay_lo)
        sign = -1.0 if mover[s] == 1 else 1.0  # the rounding of the bound the mover's strategy proves
        v = move_value(fixed[s], own, pay_own, branch_ptr, den, weight, target, sign)
        if sign * (v - own[s]) > 0:
            bad += 1
        best, _ = best_move(s, other, pay_other, mover, move_ptr, branch_ptr, den, weight, target, -sign)
        if -sign * (best - other[s]) > 0:
            bad += 1
    return bad
