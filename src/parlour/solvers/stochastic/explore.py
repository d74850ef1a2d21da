"""The states reachable from the roots, each with its stage, and their strongly connected components in
the order a solve needs them: every component after the components it can reach."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from parlour.errors import InvalidInput
from parlour.solvers.stochastic.model import Counter, Game, SolveProgress, Stage, State, target_states

EXPLORE_EVERY = 500  # states between reports while exploring (a stage with cards: ~1-10 ms to build)


def explore(game: Game, roots: Iterable[State], limit: int | None = None, counter: Counter | None = None
            ) -> tuple[list[State], list[Stage], dict[State, int]]:
    """Every state reachable from the roots, each with its stage (breadth first); `counter` hears the
    states built so far every EXPLORE_EVERY (building the stages is most of a large end game's time)."""
    states: list[State] = []
    stages: list[Stage] = []
    index: dict[State, int] = {}
    queue = list(roots)
    for root in queue:
        if root not in index:
            index[root] = len(states)
            states.append(root)
    head, layer_end, check = 0, len(states), _growth(limit, game, states, index)
    while head < len(states):
        if check is not None and head == layer_end:  # a layer done: a game too large refused from its growth
            check(head, len(states), None)
            layer_end = len(states)
        stage = game.stage(states[head])
        stages.append(stage)
        head += 1
        if counter is not None and head % EXPLORE_EVERY == 0:
            counter(SolveProgress("states explored", head, None))
        for target in stage.targets:
            for nxt in target_states(target):
                if nxt not in index:
                    if limit is not None and len(states) >= limit:
                        raise InvalidInput(_too_large(limit))
                    index[nxt] = len(states)
                    states.append(nxt)
    return states, stages, index


def _growth(limit: int | None, game: Game, roots: Sequence[State], index: dict[State, int]
            ) -> Callable[[int, int, None], None] | None:
    """The growth check of an exploration with a limit (`arrays.growth_check`), which plays the game at random
    to see how deep it goes where the game can (`step(state, rng)`, as `rules.RulesGame` has) and there is one
    root to play from."""
    if limit is None:
        return None
    from parlour.solvers.stochastic.arrays import LP_BYTES_PER_STATE, growth_check  # numpy: only with a limit
    from parlour.solvers.stochastic.growth import depth_probe

    step = getattr(game, "step", None)
    probe = depth_probe(roots[0], step, lambda s: index.get(s, -1)) if step and len(roots) == 1 else None
    # looked at early: a stage costs a millisecond or more to build, an array state microseconds
    return growth_check(limit, LP_BYTES_PER_STATE, "with simultaneous moves", 2**10, probe)


def _too_large(limit: int) -> str:
    from parlour.solvers.stochastic.arrays import LP_BYTES_PER_STATE, too_large

    return too_large(limit, limit, LP_BYTES_PER_STATE, "with simultaneous moves")  # turn-based: `rules`


def components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """Strongly connected components, each after every component it can reach, each sorted (the package's
    one Tarjan, `graph.tarjan`, compiled; scipy's labelling gives the components but not that order)."""
    import numpy as np

    from parlour.solvers.stochastic.graph import tarjan

    ptr = np.zeros(len(successors) + 1, np.int64)
    np.cumsum(np.fromiter(map(len, successors), np.int64, len(successors)), out=ptr[1:])
    target = np.fromiter((t for succ in successors for t in succ), np.int64, int(ptr[-1]))
    order, comp_ptr = tarjan(ptr, target)
    return [sorted(order[a:b].tolist()) for a, b in zip(comp_ptr[:-1].tolist(), comp_ptr[1:].tolist(), strict=True)]
