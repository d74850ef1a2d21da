"""A two-player zero-sum game tree with hidden information (deals, private cards, betting) from a user's module,
solved in sequence form by `solvers.sequence` (HiGHS, its basis re-solved exactly, exact best replies).

The module defines ROOT and `node(history)` -> `Chance({move: probability})`, `Turn(player, infoset,
moves)` or `End(payoff)`; the children of a history are `history + (move,)`. Both players must have
perfect recall (an information set is reached after the same own moves of its player).

Here each node the solver's walk (`sequence.walk`) meets is read and checked; `analyses.yourgame.trees` solves
the walked tree and shapes the answer as a `GameSolution`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from parlour.analyses.yourgame.solution import GameSolution
from parlour.errors import InvalidInput, shown
from parlour.solvers import limits, sequence
from parlour.solvers.sequence import Decision, SequenceForm
from parlour.solvers.sequence import guarantee as guarantee  # the exact check, as docs/your-game.md names it
from parlour.toolkit.reading import call, fraction, payoff_range, probabilities
from parlour.toolkit.terms import Chance, End, Turn

MAX_NODES = limits.MAX_NODES  # every limit of a tree in one place: solvers/limits.py


def build(namespace: Mapping[str, Any], progress: Callable[[str], None] | None = None) -> SequenceForm:
    """The module's tree in sequence form, each node read once (`progress` hears the nodes walked so far)."""
    root, read = reader(namespace)
    return sequence.walk(root, read, MAX_NODES, lambda h: f"node({shown(h, 80)})", progress)


def reader(namespace: Mapping[str, Any]) -> tuple[tuple[Any, ...], Callable[[tuple[Any, ...]], sequence.Read]]:
    """The module's ROOT and its one reader of a node: `node(history)` called and checked (the payoff in
    PAYOFF_RANGE, a Chance's probabilities, a Turn's player and moves), as `build` and `--write-efg` read it."""
    low, high = payoff_range(namespace)
    node_fn = namespace["node"]
    root = namespace["ROOT"]
    if not isinstance(root, tuple):
        raise InvalidInput(f"ROOT must be a tuple (the empty history, usually ()), got {shown(root)}")

    def read(h: tuple[Any, ...]) -> sequence.Read:
        def what(h: tuple[Any, ...] = h) -> str:  # written out only for a message
            return f"node({shown(h, 80)})"

        kind = call(node_fn, h, what=what)
        if isinstance(kind, End):
            pay = fraction(kind.payoff, lambda: f"{what()}: the payoff")
            if not low <= pay <= high:
                raise InvalidInput(f"{what()}: the payoff {pay} lies outside PAYOFF_RANGE ({low}, {high})")
            return pay
        if isinstance(kind, Chance):
            return _chance(kind, what)
        if isinstance(kind, Turn):
            return _turn(kind, what)
        raise InvalidInput(f"{what()} must return a Chance, a Turn or an End, got {shown(kind)}")

    return root, read


def _chance(kind: Chance, what: Callable[[], str]) -> list[tuple[Any, Fraction]]:
    items = list(kind.weights.items()) if isinstance(kind.weights, Mapping) else []
    if not items:
        raise InvalidInput(f"{what()}: a Chance needs a non-empty mapping of move to probability")
    return list(zip((move for move, _ in items), probabilities(items, what), strict=True))


def _turn(kind: Turn, what: Callable[[], str]) -> Decision:
    if kind.player not in (1, 2):
        raise InvalidInput(f"{what()}: a Turn's player is 1 or 2, not {shown(kind.player)}")
    moves = tuple(kind.moves)
    if not moves or len(set(moves)) != len(moves):
        raise InvalidInput(f"{what()}: a Turn needs at least one move and no move twice")
    return Decision(kind.player, kind.infoset, moves)


def solve(namespace: Mapping[str, Any], name: str, *, tol: float | None = None,
          progress: Callable[[str], None] | None) -> GameSolution:
    """The module's tree walked and solved (`analyses.yourgame.trees.solve_form`: `tol` reaches CFR+ only)."""
    from parlour.analyses.yourgame.trees import solve_form

    started = time.perf_counter()
    return solve_form(build(namespace, progress), name, tol=tol, progress=progress, started=started)


__all__ = ["MAX_NODES", "build", "guarantee", "reader", "solve"]
