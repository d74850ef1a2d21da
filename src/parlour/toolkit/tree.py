"""A two-player zero-sum game tree with hidden information (deals, private cards, betting) from a user's module,
solved in sequence form by `solvers.sequence` (HiGHS, its basis re-solved exactly, exact best replies).

The module defines ROOT and `node(history)` -> `Chance({move: probability})`, `Turn(player, infoset,
moves)` or `End(payoff)`; the children of a history are `history + (move,)`. Both players must have
perfect recall (an information set is reached after the same own moves of its player).

Here each node the solver's walk (`sequence.walk`) meets is read and checked, and the solver's answer is shaped
as a `GameSolution`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.solvers import limits, sequence
from parlour.solvers.sequence import Decision, SequenceForm
from parlour.solvers.sequence import guarantee as guarantee  # the exact check, as docs/your-game.md names it
from parlour.toolkit.reading import call, fraction, payoff_range, probabilities
from parlour.toolkit.result import GameSolution
from parlour.toolkit.terms import Chance, End, Turn

MAX_NODES = limits.MAX_NODES  # every limit of a tree in one place: solvers/limits.py


def build(namespace: Mapping[str, Any]) -> SequenceForm:
    """The module's tree in sequence form, each node read once."""
    root, read = reader(namespace)
    return sequence.walk(root, read, MAX_NODES, lambda h: f"node({shown(h, 80)})")


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


def solve(namespace: Mapping[str, Any], name: str, *, progress: Callable[[str], None] | None) -> GameSolution:
    started = time.perf_counter()
    return solve_form(build(namespace), name, progress=progress, started=started)


def solve_form(game: SequenceForm, name: str, *, progress: Callable[[str], None] | None,
               started: float | None = None, extra: Mapping[str, Any] | None = None) -> GameSolution:
    """A game already in sequence form (a module walked by `build`, a Gambit file read by `solvers.efg`)
    solved and shaped as a `GameSolution`; `extra` adds to its JSON (a file's title and players' names)."""
    started = time.perf_counter() if started is None else started
    from parlour.solvers import cfr

    big = cfr.beyond_lp(game)  # too large for the LP: CFR+, its interval proven by best replies
    if progress is not None:
        progress(f"{game.nodes:,} nodes; " + ("CFR+ (too large for the LP)" if big else "solving the sequence-form LP"))
    solved: sequence.SequenceSolution | cfr.CFRSolution = cfr.solve(game, progress=progress) if big else \
        sequence.solve(game)
    return GameSolution(
        kind="tree", name=name, value_low=solved.value_low, value_high=solved.value_high, proof=solved.proof,
        states=game.nodes, strategies=solved.strategies_json(game),
        extra={"engine": solved.engine, "infosets": [len(game.of(1)), len(game.of(2))], **(extra or {})},
        method=solved.method, status=solved.status, message=solved.message, seconds=time.perf_counter() - started,
        counters={"nodes": game.nodes, "sequences1": game.count(1), "sequences2": game.count(2),
                  "cfr_iterations" if big else "simplex_iterations": solved.iterations})


__all__ = ["MAX_NODES", "build", "guarantee", "reader", "solve", "solve_form"]
