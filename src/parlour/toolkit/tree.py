"""A two-player zero-sum game tree with hidden information (deals, private cards, betting) from a user's module,
solved in sequence form by `solvers.sequence` (HiGHS, its basis re-solved exactly, exact best replies).

The module defines ROOT and `node(history)` -> `Chance({move: probability})`, `Turn(player, infoset,
moves)` or `End(payoff)`; the children of a history are `history + (move,)`. Both players must have
perfect recall (an information set is reached after the same own moves of its player).

Here the tree is walked once into the solver's `SequenceForm` (each node visited once, information sets
keyed by what the module gives) and the solver's answer is shaped as a `GameSolution`. When player 1's
strategy guarantees exactly what player 2's holds him to, that number is the value and both strategies are
optimal (status EXACT); otherwise the two guarantees are proven bounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.results import Status, exact
from parlour.solvers import sequence
from parlour.solvers.sequence import Behaviour, Builder, SequenceForm
from parlour.solvers.sequence import guarantee as guarantee  # the exact check, as docs/your-game.md names it
from parlour.toolkit.reading import call, number, payoff_range
from parlour.toolkit.result import GameSolution, label
from parlour.toolkit.terms import Chance, End, Turn

MAX_NODES = 2_000_000
RANGE_SEQUENCES = 100  # the family of optimal strategies is mapped for trees up to this many sequences

# A node on the walk: its history, its chance probability, player 1's and player 2's last sequence.
Node = tuple[tuple[Any, ...], Fraction, int, int]


def build(namespace: Mapping[str, Any]) -> SequenceForm:
    """The module's tree in sequence form, depth first with an explicit stack."""
    low, high = payoff_range(namespace)
    node_fn = namespace["node"]
    root = namespace["ROOT"]
    if not isinstance(root, tuple):
        raise InvalidInput(f"ROOT must be a tuple (the empty history, usually ()), got {shown(root)}")
    builder = Builder()
    stack: list[Node] = [(root, Fraction(1), 0, 0)]
    nodes = 0
    while stack:
        h, prob, s1, s2 = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InvalidInput(f"the tree has more than {MAX_NODES:,} nodes (explored that far, then stopped): "
                               "make the game smaller")

        def what(h: tuple[Any, ...] = h) -> str:  # written out only for a message
            return f"node({shown(h, 80)})"

        kind = call(node_fn, h, what=what)
        if isinstance(kind, End):
            pay = _exact(kind.payoff, what, "the payoff")
            if not low <= pay <= high:
                raise InvalidInput(f"{what()}: the payoff {pay} lies outside PAYOFF_RANGE ({low}, {high})")
            builder.leaf(s1, s2, prob, pay)
        elif isinstance(kind, Chance):
            stack.extend(_chance(kind, (h, prob, s1, s2), what))
        elif isinstance(kind, Turn):
            stack.extend(_turn(kind, (h, prob, s1, s2), builder, what))
        else:
            raise InvalidInput(f"{what()} must return a Chance, a Turn or an End, got {shown(kind)}")
    return builder.finish(nodes)


def _exact(value: Any, what: Callable[[], str], thing: str) -> Fraction:
    """A number of the module as a Fraction (the message written only when it is not one)."""
    if type(value) is int or type(value) is Fraction:
        return Fraction(value)
    return Fraction(number(value, f"{what()}: {thing}"))


def _chance(kind: Chance, at: Node, what: Callable[[], str]) -> list[Node]:
    h, prob, s1, s2 = at
    items = list(kind.weights.items()) if isinstance(kind.weights, Mapping) else []
    if not items:
        raise InvalidInput(f"{what()}: a Chance needs a non-empty mapping of move to probability")
    total = Fraction(0)
    children: list[Node] = []
    for move, weight in items:
        p = _exact(weight, what, f"the probability of {shown(move)}")
        if p <= 0:
            raise InvalidInput(f"{what()}: the probability of {shown(move)} is {p}, not positive")
        total += p
        children.append(((*h, move), prob * p, s1, s2))
    if total != 1:
        raise InvalidInput(f"{what()}: the chance probabilities sum to {total}, not 1")
    return children


def _turn(kind: Turn, at: Node, builder: Builder, what: Callable[[], str]) -> list[Node]:
    h, prob, s1, s2 = at
    p = kind.player
    if p not in (1, 2):
        raise InvalidInput(f"{what()}: a Turn's player is 1 or 2, not {shown(p)}")
    moves = tuple(kind.moves)
    if not moves or len(set(moves)) != len(moves):
        raise InvalidInput(f"{what()}: a Turn needs at least one move and no move twice")
    try:
        first = builder.infoset(p, kind.infoset, s1 if p == 1 else s2, moves)
    except InvalidInput as exc:
        raise InvalidInput(f"{what()}: {exc}") from None
    if p == 1:
        return [((*h, m), prob, first + i, s2) for i, m in enumerate(moves)]
    return [((*h, m), prob, s1, first + i) for i, m in enumerate(moves)]


def solve(namespace: Mapping[str, Any], name: str, *, progress: Callable[[str], None] | None) -> GameSolution:
    started = time.perf_counter()
    return solve_form(build(namespace), name, progress=progress, started=started)


def solve_form(game: SequenceForm, name: str, *, progress: Callable[[str], None] | None,
               started: float | None = None, extra: Mapping[str, Any] | None = None) -> GameSolution:
    """A game already in sequence form (a module walked by `build`, a Gambit file read by `solvers.efg`)
    solved and shaped as a `GameSolution`; `extra` adds to its JSON (a file's title and players' names)."""
    started = time.perf_counter() if started is None else started
    if progress is not None:
        progress(f"{game.nodes:,} nodes; solving the sequence-form LP")
    solved = sequence.solve(game)
    low, high = solved.value_low, solved.value_high
    b1, b2 = solved.strategies
    strategies: dict[str, Any] = {"player1": _named(b1), "player2": _named(b2)}
    if solved.exact and sum(game.sequences) <= RANGE_SEQUENCES:
        strategies["optimal_ranges"] = {f"player{p}": _ranges(game, p, low) for p in (1, 2)}
    return GameSolution(
        kind="tree", name=name, value_low=low, value_high=high,
        proof=("exact: player 1's strategy guarantees the value and player 2's holds him to it (best replies "
               "computed in fractions)" if solved.exact else
               "bounds: what each player's rounded strategy guarantees, computed in fractions"),
        states=game.nodes, strategies=strategies,
        extra={"engine": "sequence form (HiGHS) + exact best replies",
               "infosets": [len(game.of(1)), len(game.of(2))], **(extra or {})},
        method="game tree in sequence form: LP in floats, its optimal basis re-solved in fractions (else the "
        "strategies rounded to fractions), checked by exact best replies",
        status=Status.EXACT if solved.exact else Status.CERTIFIED,
        message="value and both strategies exact" if solved.exact else
        f"proven interval of width {float(high - low):.1e}",
        seconds=time.perf_counter() - started,
        counters={"nodes": game.nodes, "sequences1": game.count(1), "sequences2": game.count(2),
                  "simplex_iterations": solved.iterations})


def _ranges(game: SequenceForm, player: int, value: Fraction) -> dict[str, list[float]]:
    """`sequence.optimal_ranges` under the JSON's names ("infoset: move")."""
    return {f"{label(info.name)}: {label(info.moves[i])}": [low, high]
            for info, i, low, high in sequence.optimal_ranges(game, player, value)}


def _named(behaviour: Behaviour) -> dict[str, dict[str, Any]]:
    """Each information set's move probabilities in the JSON convention (`bet` and `bet_exact`)."""
    return {label(k): {key: x for m, p in v.items() for key, x in exact(label(m), p).items()}
            for k, v in behaviour.items()}



__all__ = ["MAX_NODES", "RANGE_SEQUENCES", "build", "guarantee", "solve", "solve_form"]
