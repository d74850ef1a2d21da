"""The fast path for turn-based zero-sum games with chance: one side moves in a state, so its stage is a max
(player 1) or a min (player 2) over its moves, each move a lottery over states and payoffs. Compiled (numba).

Soundness (docs/your-game.md, "Why the bounds are proofs"). The states are split into strongly connected
components (Tarjan, sinks first) and solved from the last to the first. In every component two vectors
are iterated by Gauss-Seidel sweeps, L from below (starting at the lowest payoff) and U from above
(starting at the highest):

* every update of L(s) is the float value of the best move rounded *down* by a bound on its rounding error
  (a sum of k products, then a division: (k + 2) * 2**-52 * sum |w x| / d, plus 1e-300 for underflow), and
  L(s) only rises. So at all times, with sigma(s) the move that last raised L(s) at player 1's states,
      T_sigma(L)(s) >= L(s) exactly      (player 2's states: every move's value >= L(s)),
  because the exact value of a move is at least its rounded-down float and L has only risen since;
* mirrored for U with rounding *up* and tau, player 2's moves.

Theorem (Everett; Condon): if T_sigma(L) >= L and L(s) <= ENDLESS at every state from which player 2,
against sigma, can keep play going for ever with probability 1 (the states of his MDP's end components),
then sigma guarantees player 1 at least L(s) from every s, against every strategy of player 2: L(X_t) is a
bounded submartingale, so it converges; play ends (where the payoff is L's own terminal value) or settles
in an end component (where it pays ENDLESS >= L). The mirror gives U for tau. The check here recomputes,
after the iteration, T_sigma(L) >= L and T_tau(U) <= U with the same directed rounding (the strategy
check) and the end components of both MDPs; only then is [L(START), U(START)] reported as proven.
Where the whole game is acyclic and small, backward induction in exact fractions gives the exact value.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from numba import njit

from parlour.errors import InvalidInput, shown
from parlour.results import Status
from parlour.toolkit.arrays import MoveArrays
from parlour.toolkit.result import SHOWN_STRATEGY_ENTRIES, GameSolution, down, label, up

EXACT_ACYCLIC_STATES = 300_000  # exact backward induction in Python fractions up to this many states
MAX_SWEEPS = 1_000_000  # per component: a guard against a component that never narrows
CHUNK = 10  # components solved per compiled call: Ctrl-C and progress are heard between calls
JUMP_EVERY = 3  # sweeps between two tries of an extrapolation
DAMP = 0.95  # of the extrapolated distance: aim below the limit, where the one-step check can pass
REL = 2.0**-52  # twice the unit roundoff: the error bounds below carry a factor of 2 to spare
TINY = 1e-300  # absolute slack for underflow (values of order 1e-308 lose their last bits)


@njit(cache=True)
def _move_value(m: int, vals: np.ndarray, pay: np.ndarray, branch_ptr: np.ndarray, den: np.ndarray,
                weight: np.ndarray, target: np.ndarray, direction: float) -> float:
    """The value of move m (sum of weight * value over den), rounded down (direction -1) or up (+1) by a
    bound on the float error."""
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
def _tarjan(n: int, move_ptr: np.ndarray, branch_ptr: np.ndarray, target: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """Strongly connected components, iteratively: the states in component order (sinks first, each
    component's states in the order they leave Tarjan's stack) and the components' offsets."""
    index = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    onstack = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    call_node = np.empty(n, np.int64)
    call_edge = np.empty(n, np.int64)
    order = np.empty(n, np.int64)
    comp_ptr = np.zeros(n + 1, np.int64)
    counter = 0
    sp = 0
    cs = 0
    out = 0
    ncomp = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        w = root  # the state to open next (-1: none): the root, then each new state an edge finds
        while True:
            if w >= 0:
                index[w] = counter
                low[w] = counter
                counter += 1
                stack[sp] = w
                sp += 1
                onstack[w] = True
                call_node[cs] = w
                call_edge[cs] = branch_ptr[move_ptr[w]]
                cs += 1
                w = -1
            if cs == 0:
                break
            v = call_node[cs - 1]
            e = call_edge[cs - 1]
            if e < branch_ptr[move_ptr[v + 1]]:
                call_edge[cs - 1] = e + 1
                x = target[e]
                if x < 0:
                    continue
                if index[x] < 0:
                    w = x
                elif onstack[x] and index[x] < low[v]:
                    low[v] = index[x]
            else:
                cs -= 1
                if cs > 0:
                    u = call_node[cs - 1]
                    if low[v] < low[u]:
                        low[u] = low[v]
                if low[v] == index[v]:
                    while True:
                        sp -= 1
                        x = stack[sp]
                        onstack[x] = False
                        order[out] = x
                        out += 1
                        if x == v:
                            break
                    ncomp += 1
                    comp_ptr[ncomp] = out
    return order, comp_ptr[: ncomp + 1]


@njit(cache=True)
def _try_jump(a: int, b: int, order: np.ndarray, vals: np.ndarray, delta: np.ndarray, prev: np.ndarray,
              strategy: np.ndarray, saved: np.ndarray, picks: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray,
              branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray, target: np.ndarray, pay: np.ndarray,
              direction: float) -> bool:
    """Extrapolate one component's bound along its last step (geometric convergence at the observed ratio)
    and keep the jump only if the new vector passes the same one-step check the iteration keeps true:
    from below (direction -1) every state's rounded-down best move value >= its new L (player 1's choice
    becomes sigma), mirrored from above. A rejected jump is undone; the iteration goes on either way."""
    ratio = 0.0
    for i in range(a, b):
        if prev[i - a] != 0.0:
            r = delta[i - a] / prev[i - a]
            if r > ratio:
                ratio = r
    if not 0.0 < ratio < 0.995:
        return False
    factor = DAMP * ratio / (1.0 - ratio)
    for i in range(a, b):
        s = order[i]
        saved[i - a] = vals[s]
        vals[s] = vals[s] + delta[i - a] * factor
    chooser = 1 if direction < 0 else 2  # whose strategy the bound certifies
    for i in range(a, b):
        s = order[i]
        maxing = mover[s] == 1
        best = 0.0
        arg = -1
        for m in range(move_ptr[s], move_ptr[s + 1]):
            v = _move_value(m, vals, pay, branch_ptr, den, weight, target, direction)
            if arg < 0 or (v > best if maxing else v < best):
                best = v
                arg = m
        if (direction < 0 and best < vals[s]) or (direction > 0 and best > vals[s]):
            for k in range(a, b):
                vals[order[k]] = saved[k - a]
            return False
        picks[i - a] = arg
    for i in range(a, b):
        s = order[i]
        if mover[s] == chooser:
            strategy[s] = picks[i - a]
    return True


@njit(cache=True)
def _solve_components(first: int, last: int, order: np.ndarray, comp_ptr: np.ndarray, lo: np.ndarray,
                      hi: np.ndarray, sigma: np.ndarray, tau: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray,
                      branch_ptr: np.ndarray, den: np.ndarray, weight: np.ndarray, target: np.ndarray,
                      pay_lo: np.ndarray, pay_hi: np.ndarray, tol: float, max_sweeps: int) -> int:
    """Components first..last-1: Gauss-Seidel sweeps of L (rounded down) and U (rounded up) until every
    state's U - L <= tol or a sweep changes nothing; every few sweeps a checked extrapolation (_try_jump).
    Returns the number of sweeps."""
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
            for i in range(a, b):
                s = order[i]
                maxing = mover[s] == 1
                best_lo = 0.0
                best_hi = 0.0
                arg_lo = -1
                arg_hi = -1
                for m in range(move_ptr[s], move_ptr[s + 1]):
                    v = _move_value(m, lo, pay_lo, branch_ptr, den, weight, target, -1.0)
                    w = _move_value(m, hi, pay_hi, branch_ptr, den, weight, target, 1.0)
                    if arg_lo < 0 or (v > best_lo if maxing else v < best_lo):
                        best_lo = v
                        arg_lo = m
                    if arg_hi < 0 or (w > best_hi if maxing else w < best_hi):
                        best_hi = w
                        arg_hi = m
                p_lo[i - a] = d_lo[i - a]
                p_hi[i - a] = d_hi[i - a]
                d_lo[i - a] = 0.0
                d_hi[i - a] = 0.0
                if best_lo > lo[s]:
                    d_lo[i - a] = best_lo - lo[s]
                    lo[s] = best_lo
                    changed = True
                    if maxing:
                        sigma[s] = arg_lo
                if best_hi < hi[s]:
                    d_hi[i - a] = best_hi - hi[s]
                    hi[s] = best_hi
                    changed = True
                    if not maxing:
                        tau[s] = arg_hi
                if hi[s] - lo[s] > width:
                    width = hi[s] - lo[s]
            if width <= tol or not changed:
                break
            if size > 1 and sweep % JUMP_EVERY == JUMP_EVERY - 1:
                _try_jump(a, b, order, lo, d_lo, p_lo, sigma, saved, picks, mover, move_ptr, branch_ptr, den,
                          weight, target, pay_lo, -1.0)
                _try_jump(a, b, order, hi, d_hi, p_hi, tau, saved, picks, mover, move_ptr, branch_ptr, den,
                          weight, target, pay_hi, 1.0)
    return sweeps


@njit(cache=True)
def _check(order: np.ndarray, comp_ptr: np.ndarray, lo: np.ndarray, hi: np.ndarray, sigma: np.ndarray,
           tau: np.ndarray, mover: np.ndarray, move_ptr: np.ndarray, branch_ptr: np.ndarray, den: np.ndarray,
           weight: np.ndarray, target: np.ndarray, pay_lo: np.ndarray, pay_hi: np.ndarray, endless_lo: float,
           endless_hi: float) -> tuple[int, int]:
    """The proof's two checks, from scratch: (1) T_sigma(L) >= L and T_tau(U) <= U with directed rounding;
    (2) L <= ENDLESS on every state where player 2 against sigma can keep play going for ever (and U >=
    ENDLESS where player 1 can against tau). Returns (states failing (1), states failing (2))."""
    n = lo.shape[0]
    bad_step = 0
    for s in range(n):
        if mover[s] == 1:
            if _move_value(sigma[s], lo, pay_lo, branch_ptr, den, weight, target, -1.0) < lo[s]:
                bad_step += 1
            for m in range(move_ptr[s], move_ptr[s + 1]):
                if _move_value(m, hi, pay_hi, branch_ptr, den, weight, target, 1.0) > hi[s]:
                    bad_step += 1
                    break
        else:
            if _move_value(tau[s], hi, pay_hi, branch_ptr, den, weight, target, 1.0) > hi[s]:
                bad_step += 1
            for m in range(move_ptr[s], move_ptr[s + 1]):
                if _move_value(m, lo, pay_lo, branch_ptr, den, weight, target, -1.0) < lo[s]:
                    bad_step += 1
                    break
    bad_endless = 0
    # Greatest fixed points, component by component (sinks first, so what lies below is final): stay1[s]
    # when player 1 against tau can keep play inside non-terminal states for ever from s, stay2 the mirror.
    stay1 = np.ones(n, np.bool_)
    stay2 = np.ones(n, np.bool_)
    for c in range(comp_ptr.shape[0] - 1):
        changed = True
        while changed:
            changed = False
            for i in range(comp_ptr[c], comp_ptr[c + 1]):
                s = order[i]
                for who in range(2):
                    staying = stay1 if who == 0 else stay2
                    if not staying[s]:
                        continue
                    chooser = 1 if who == 0 else 2
                    fixed = tau[s] if chooser == 1 else sigma[s]
                    ok = False
                    for m in range(move_ptr[s], move_ptr[s + 1]):
                        if mover[s] != chooser and m != fixed:
                            continue
                        inside = True
                        for br in range(branch_ptr[m], branch_ptr[m + 1]):
                            t = target[br]
                            if t < 0 or not staying[t]:
                                inside = False
                                break
                        if inside:
                            ok = True
                            break
                    if not ok:
                        staying[s] = False
                        changed = True
    for s in range(n):
        if (stay2[s] and lo[s] > endless_lo) or (stay1[s] and hi[s] < endless_hi):
            bad_endless += 1
    return bad_step, bad_endless


def solve(arrays: Any, name: str, *, tol: float, endless: Fraction,
          progress: Callable[[str], None] | None) -> GameSolution:
    """Certified bounds (or the exact value, acyclic and small) of a turn-based game given as `TurnArrays`."""
    from parlour.infra import interrupt

    started = time.perf_counter()
    g = arrays
    n = len(g.states)
    pays = g.payoffs
    pay_lo = np.array([down(p) for p in pays] or [0.0])
    pay_hi = np.array([up(p) for p in pays] or [0.0])
    bottom = min([*pays, endless])
    top = max([*pays, endless])
    order, comp_ptr = _tarjan(n, g.move_ptr, g.branch_ptr, g.target)
    ncomp = len(comp_ptr) - 1
    cyclic = _cyclic_count(order, comp_ptr, g)
    if cyclic == 0 and n <= EXACT_ACYCLIC_STATES:
        return _exact(g, name, order, started)
    # Renumber the states in component order, so that a component's states, moves and branches lie side by
    # side in memory (explored breadth first, Pig's turn totals lie far apart: a sweep waited on the cache).
    r = _renumbered(g, order)
    lo = np.full(n, down(bottom))
    hi = np.full(n, up(top))
    sigma = r.move_ptr[:-1].copy()  # any move is a valid start: every value is >= the lowest payoff
    tau = r.move_ptr[:-1].copy()
    sweeps = 0
    # The stopping width per state, below tol: the proven interval at START is what is reported.
    inner = max(tol / 2, 1e-15)
    identity = np.arange(n, dtype=np.int64)
    with interrupt.deferred() as check:
        for first in range(0, ncomp, CHUNK):
            last = min(ncomp, first + CHUNK)
            sweeps += _solve_components(first, last, identity, comp_ptr, lo, hi, sigma, tau, r.mover, r.move_ptr,
                                        r.branch_ptr, r.den, r.weight, r.target, pay_lo, pay_hi, inner, MAX_SWEEPS)
            check()
            if progress is not None:
                progress(f"solving: {int(comp_ptr[last]):,} of {n:,} states")
        bad_step, bad_endless = _check(identity, comp_ptr, lo, hi, sigma, tau, r.mover, r.move_ptr, r.branch_ptr,
                                       r.den, r.weight, r.target, pay_lo, pay_hi, down(endless), up(endless))
    # back to the explorer's numbering (START is state 0 there)
    lo, hi = lo[r.position], hi[r.position]
    sigma, tau = r.moves_old[sigma[r.position]], r.moves_old[tau[r.position]]
    low, high = Fraction(float(lo[0])), Fraction(float(hi[0]))
    width = high - low
    if bad_step or bad_endless:
        status = Status.STOPPED
        message = (f"the proof failed: {bad_step:,} states fail the strategy check, {bad_endless:,} the check "
                   "of endless play; the interval is not proven")
    elif width <= Fraction(tol):
        status, message = Status.CERTIFIED, f"proven interval of width {float(width):.1e} <= tol {tol:g}"
    else:
        status, message = Status.STOPPED, f"proven interval of width {float(width):.1e} > tol {tol:g}"
    counters = {"states": n, "moves": len(g.den), "components": ncomp, "cyclic_components": cyclic,
                "sweeps": sweeps}
    return GameSolution(
        kind="stochastic", name=name, value_low=low, value_high=high,
        proof=("certified bounds: value iteration from below and above with directed rounding; player 1's "
               "and player 2's strategies checked (one step, exact error bounds) and endless play checked"),
        states=n, strategies=_strategies(g, sigma, tau), lookup=_lookup(g, lo, hi, sigma, tau),
        extra={"engine": "turn-based (compiled max/min)"},
        method="turn-based stochastic game: components (Tarjan), Gauss-Seidel value iteration from below and "
        "above with directed rounding, strategy and end-component checks",
        status=status, message=message, seconds=time.perf_counter() - started, counters=counters)


@dataclass(frozen=True)
class _Renumbered(MoveArrays):
    """The game's moves with state i' = order[i'] of the explorer; `position` maps back (old -> new) and
    `moves_old[m']` is the explorer's number of new move m'."""

    position: np.ndarray
    moves_old: np.ndarray


def _gather(ptr: np.ndarray, items: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ranges ptr[i]..ptr[i+1] of `items` concatenated (their old indices), and their new offsets."""
    starts = ptr[items]
    lengths = ptr[items + 1] - starts
    new_ptr = np.zeros(len(items) + 1, dtype=np.int64)
    np.cumsum(lengths, out=new_ptr[1:])
    old = np.repeat(starts - new_ptr[:-1], lengths) + np.arange(int(new_ptr[-1]), dtype=np.int64)
    return old, new_ptr


def _renumbered(g: Any, order: np.ndarray) -> _Renumbered:
    position = np.empty_like(order)
    position[order] = np.arange(len(order), dtype=order.dtype)
    moves_old, move_ptr = _gather(g.move_ptr, order)
    branches_old, branch_ptr = _gather(g.branch_ptr, moves_old)
    old_target = g.target[branches_old]
    target = np.where(old_target >= 0, position[np.maximum(old_target, 0)], old_target)
    return _Renumbered(mover=g.mover[order], move_ptr=move_ptr, branch_ptr=branch_ptr, den=g.den[moves_old],
                       weight=g.weight[branches_old], target=target, position=position, moves_old=moves_old)


def _cyclic_count(order: np.ndarray, comp_ptr: np.ndarray, g: Any) -> int:
    sizes = np.diff(comp_ptr)
    count = int(np.sum(sizes > 1))
    singles = order[comp_ptr[:-1][sizes == 1]]
    for s in singles:  # a one-state component cycles when a move of it can stay
        a, b = g.branch_ptr[g.move_ptr[s]], g.branch_ptr[g.move_ptr[s + 1]]
        if np.any(g.target[a:b] == s):
            count += 1
    return count


def _exact(g: Any, name: str, order: np.ndarray, started: float) -> GameSolution:
    """Backward induction in exact fractions (the game cannot cycle): order lists successors first."""
    values: list[Fraction | None] = [None] * len(g.states)
    choice = [0] * len(g.states)
    pays = g.payoffs
    for s in order.tolist():
        best: Fraction | None = None
        for m in range(int(g.move_ptr[s]), int(g.move_ptr[s + 1])):
            total = Fraction(0)
            for br in range(int(g.branch_ptr[m]), int(g.branch_ptr[m + 1])):
                t = int(g.target[br])
                x = values[t] if t >= 0 else pays[-1 - t]
                assert x is not None  # successors come first in `order`
                total += int(g.weight[br]) * x
            v = total / int(g.den[m])
            if best is None or (v > best if g.mover[s] == 1 else v < best):
                best, choice[s] = v, m
        values[s] = best
    root = values[0]
    assert root is not None
    sigma = np.array(choice, dtype=np.int64)
    vals = np.array([float(v) for v in values])  # type: ignore[arg-type]
    return GameSolution(
        kind="stochastic", name=name, value_low=root, value_high=root,
        proof="exact: backward induction in fractions (play cannot cycle)", states=len(g.states),
        strategies=_strategies(g, sigma, sigma), lookup=_lookup(g, vals, vals, sigma, sigma),
        extra={"engine": "turn-based (exact backward induction)"},
        method="turn-based stochastic game without cycles: backward induction in exact fractions",
        status=Status.EXACT, message="the value exact", seconds=time.perf_counter() - started,
        counters={"states": len(g.states), "moves": len(g.den)})


def _move_name(g: Any, s: int, m: int) -> Any:
    return g.names[s][m - int(g.move_ptr[s])]


def _strategies(g: Any, sigma: np.ndarray, tau: np.ndarray) -> Mapping[str, Any]:
    n = len(g.states)
    if n > SHOWN_STRATEGY_ENTRIES:
        return {"note": f"{n:,} states: read the optimal move at a state with result.policy(state)"}
    rows = []
    for s in range(n):
        who = int(g.mover[s])
        m = int(sigma[s] if who == 1 else tau[s])
        rows.append({"state": label(g.states[s]), "player": who, "move": label(_move_name(g, s, m))})
    return {"per_state": rows}


def _lookup(g: Any, lo: np.ndarray, hi: np.ndarray, sigma: np.ndarray, tau: np.ndarray
            ) -> Callable[[Any], Mapping[str, Any]]:
    def lookup(state: Any) -> Mapping[str, Any]:
        s = g.index.get(state)
        if s is None:
            raise InvalidInput(f"{shown(state)} is not a state of this game (not reachable from START)")
        who = int(g.mover[s])
        m = int(sigma[s] if who == 1 else tau[s])
        return {"player": who, "move": _move_name(g, s, m), "value_bounds": (float(lo[s]), float(hi[s]))}

    return lookup


__all__ = ["CHUNK", "DAMP", "EXACT_ACYCLIC_STATES", "JUMP_EVERY", "MAX_SWEEPS", "REL", "TINY", "solve"]
