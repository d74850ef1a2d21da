"""The fast path for turn-based zero-sum games with chance: one side moves in a state, so its stage is a max
(player 1) or a min (player 2) over its moves, each move a lottery over states and payoffs. Compiled (numba):
the kernels are `sweeps`', the components and end components `graph`'s (the package's one Tarjan and one
end-component check, which the stage-LP engine runs as plain Python).

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
check, `sweeps.step_failures`) and the end components of both MDPs (`graph.end_states`); only then is
[L(START), U(START)] reported as proven. The terminal payoffs and ENDLESS enter as the nearest floats
below (for L) and above (for U) (`rounding.round_down` / `round_up`).
Where the whole game is acyclic and small, backward induction in exact fractions gives the exact value.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import InvalidInput, shown
from parlour.results import Result, Status, bounds, exact, label
from parlour.solvers.stochastic.arrays import MoveArrays, TurnArrays
from parlour.solvers.stochastic.graph import compiled_graph
from parlour.solvers.stochastic.rounding import round_down, round_up
from parlour.solvers.stochastic.sweeps import solve_components, step_failures

__all__ = ["TurnSolution", "solve_turns"]

EXACT_ACYCLIC_STATES = 300_000  # exact backward induction in Python fractions up to this many states
MAX_SWEEPS = 1_000_000  # per component: a guard against a component that never narrows
CHUNK = 10  # components solved per compiled call: Ctrl-C and progress are heard between calls
ENDLESS_NAMED = 3  # states from which play never ends, named in a result


@dataclass(frozen=True, kw_only=True)
class TurnSolution(Result):
    """A turn-based game solved: the value at START in [value_low, value_high] (equal where exact), every
    state's proven bounds `lower` / `upper` (floats) and its mover's optimal move `choice` (a move number of
    the arrays), in the explorer's numbering of `game`."""

    value_low: Fraction
    value_high: Fraction
    lower: np.ndarray = field(repr=False)
    upper: np.ndarray = field(repr=False)
    choice: np.ndarray = field(repr=False)
    game: TurnArrays = field(repr=False)
    proof: str
    engine: str
    endless_count: int = 0  # states from which play never ends, whatever is played and drawn
    endless_states: tuple[Any, ...] = ()  # the first few of them

    def move(self, s: int) -> Any:
        """The optimal move of state s's mover, as the game names it."""
        return self.game.names[s][int(self.choice[s]) - int(self.game.move_ptr[s])]

    def policy(self, state: Any) -> dict[str, Any]:
        """At `state`: whose move, the optimal move, the state's proven bounds."""
        s = self.game.index.get(state)
        if s is None:
            raise InvalidInput(f"{shown(state)} is not a state of this game (not reachable from START)")
        return {"player": int(self.game.mover[s]), "move": self.move(s),
                "value_bounds": (float(self.lower[s]), float(self.upper[s]))}

    def per_state(self) -> list[dict[str, Any]]:
        """Every state's mover and optimal move, as JSON rows (states and moves as their repr)."""
        return [{"state": label(self.game.states[s]), "player": int(self.game.mover[s]), "move": label(self.move(s))}
                for s in range(len(self.game.states))]

    def payload(self) -> dict[str, Any]:
        value = (exact("value", self.value_low) if self.value_low == self.value_high else
                 bounds("value", float(self.value_low), float(self.value_high)))
        return {"states": len(self.lower), **value, "proof": self.proof}


def _down(x: Fraction) -> float:
    return float(round_down(x))


def _up(x: Fraction) -> float:
    return float(round_up(x))


def solve_turns(arrays: TurnArrays, *, tol: float, endless: Fraction,
                progress: Callable[[str], None] | None = None) -> TurnSolution:
    """Certified bounds (or the exact value, acyclic and small) of a turn-based game (see the module doc)."""
    started = time.perf_counter()
    g = arrays
    n = len(g.states)
    tarjan, _, never_ending = compiled_graph()
    order, comp_ptr = tarjan(g.branch_ptr[g.move_ptr], g.target)
    cyclic = _cyclic_count(order, comp_ptr, g)
    never = np.flatnonzero(never_ending(g.branch_ptr[g.move_ptr], g.target, order, comp_ptr)) if cyclic else ()
    if cyclic == 0 and n <= EXACT_ACYCLIC_STATES:
        return _exact(g, order, started)
    # Renumber the states in component order, so that a component's states, moves and branches lie side by
    # side in memory (explored breadth first, Pig's turn totals lie far apart: a sweep waited on the cache).
    r = _renumbered(g, order)
    lo, hi, sigma, tau, sweeps, bad_step, bad_endless = _iterate(r, g.payoffs, comp_ptr, tol, endless, progress)
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
    counters = {"states": n, "moves": len(g.den), "components": len(comp_ptr) - 1, "cyclic_components": cyclic,
                "sweeps": sweeps}
    return TurnSolution(
        value_low=low, value_high=high, lower=lo, upper=hi, choice=np.where(g.mover == 1, sigma, tau), game=g,
        proof=("certified bounds: value iteration from below and above with directed rounding; player 1's "
               "and player 2's strategies checked (one step, exact error bounds) and endless play checked"),
        engine="turn-based (compiled max/min)",
        method="turn-based stochastic game: components (Tarjan), Gauss-Seidel value iteration from below and "
        "above with directed rounding, strategy and end-component checks",
        status=status, message=message, seconds=time.perf_counter() - started, counters=counters,
        endless_count=len(never), endless_states=tuple(g.states[int(s)] for s in never[:ENDLESS_NAMED]))


def _iterate(r: MoveArrays, pays: list[Fraction], comp_ptr: np.ndarray, tol: float, endless: Fraction,
             progress: Callable[[str], None] | None) -> tuple[Any, ...]:
    """Both bounds swept component by component (states in component order), then checked: (L, U, sigma, tau,
    sweeps, states failing the strategy check, states failing the check of endless play)."""
    from parlour.infra import interrupt

    n, ncomp = len(r.mover), len(comp_ptr) - 1
    pay_lo = np.array([_down(p) for p in pays] or [0.0])
    pay_hi = np.array([_up(p) for p in pays] or [0.0])
    lo = np.full(n, _down(min([*pays, endless])))
    hi = np.full(n, _up(max([*pays, endless])))
    sigma = r.move_ptr[:-1].copy()  # any move is a valid start: every value is >= the lowest payoff
    tau = r.move_ptr[:-1].copy()
    sweeps = 0
    # The stopping width per state, below tol: the proven interval at START is what is reported.
    inner = max(tol / 2, 1e-15)
    arrays = (r.mover, r.move_ptr, r.branch_ptr, r.den, r.weight, r.target, pay_lo, pay_hi)
    with interrupt.deferred() as check:
        for first in range(0, ncomp, CHUNK):
            last = min(ncomp, first + CHUNK)
            sweeps += solve_components(first, last, comp_ptr, lo, hi, sigma, tau, *arrays, inner, MAX_SWEEPS)
            check()
            if progress is not None:
                progress(f"solving: {int(comp_ptr[last]):,} of {n:,} states")
        bad_step = step_failures(lo, hi, sigma, tau, *arrays)
        bad_endless = _endless_failures(r, lo, hi, sigma, tau, endless)
    return lo, hi, sigma, tau, sweeps, bad_step, bad_endless


def _end_states(r: MoveArrays, chooser: int, fixed: np.ndarray) -> np.ndarray:
    """The states in an end component of `chooser`'s decision problem, the other's moves fixed to `fixed`."""
    moves = np.arange(len(r.den), dtype=np.int64)
    owner = np.repeat(np.arange(len(r.mover), dtype=np.int64), np.diff(r.move_ptr))
    free = (r.mover[owner] == chooser) | (moves == fixed[owner])
    opt_ptr = np.zeros(len(r.mover) + 1, np.int64)
    np.cumsum(np.bincount(owner[free], minlength=len(r.mover)), out=opt_ptr[1:])
    _, end_states, _ = compiled_graph()
    return end_states(np.arange(len(r.mover) + 1, dtype=np.int64), opt_ptr, moves[free], r.branch_ptr, r.target)


def _endless_failures(r: MoveArrays, lo: np.ndarray, hi: np.ndarray, sigma: np.ndarray, tau: np.ndarray,
                      endless: Fraction) -> int:
    """States where one player can keep play going for ever against the other's strategy and that would
    break the bound: L > ENDLESS where player 2 can against sigma, U < ENDLESS where player 1 can against tau."""
    stay2 = _end_states(r, 2, sigma)
    stay1 = _end_states(r, 1, tau)
    return int(np.count_nonzero((stay2 & (lo > _down(endless))) | (stay1 & (hi < _up(endless)))))


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


def _renumbered(g: MoveArrays, order: np.ndarray) -> _Renumbered:
    position = np.empty_like(order)
    position[order] = np.arange(len(order), dtype=order.dtype)
    moves_old, move_ptr = _gather(g.move_ptr, order)
    branches_old, branch_ptr = _gather(g.branch_ptr, moves_old)
    old_target = g.target[branches_old]
    target = np.where(old_target >= 0, position[np.maximum(old_target, 0)], old_target)
    return _Renumbered(mover=g.mover[order], move_ptr=move_ptr, branch_ptr=branch_ptr, den=g.den[moves_old],
                       weight=g.weight[branches_old], target=target, position=position, moves_old=moves_old)


def _cyclic_count(order: np.ndarray, comp_ptr: np.ndarray, g: MoveArrays) -> int:
    sizes = np.diff(comp_ptr)
    count = int(np.sum(sizes > 1))
    singles = order[comp_ptr[:-1][sizes == 1]]
    for s in singles:  # a one-state component cycles when a move of it can stay
        a, b = g.branch_ptr[g.move_ptr[s]], g.branch_ptr[g.move_ptr[s + 1]]
        if np.any(g.target[a:b] == s):
            count += 1
    return count


def _exact(g: TurnArrays, order: np.ndarray, started: float) -> TurnSolution:
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
    vals = np.array([float(v) for v in values])  # type: ignore[arg-type]
    return TurnSolution(
        value_low=root, value_high=root, lower=vals, upper=vals, choice=np.array(choice, dtype=np.int64), game=g,
        proof="exact: backward induction in fractions (play cannot cycle)",
        engine="turn-based (exact backward induction)",
        method="turn-based stochastic game without cycles: backward induction in exact fractions",
        status=Status.EXACT, message="the value exact", seconds=time.perf_counter() - started,
        counters={"states": len(g.states), "moves": len(g.den)})
