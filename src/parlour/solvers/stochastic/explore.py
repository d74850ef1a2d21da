"""The states reachable from the roots, each with its stage, and their strongly connected components in
the order a solve needs them: every component after the components it can reach."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
    head = 0
    while head < len(states):
        stage = game.stage(states[head])
        stages.append(stage)
        head += 1
        if counter is not None and head % EXPLORE_EVERY == 0:
            counter(SolveProgress("states explored", head, None))
        for target in stage.targets:
            for nxt in target_states(target):
                if nxt not in index:
                    if limit is not None and len(states) >= limit:
                        raise InvalidInput(f"the game has more than {limit:,} states")
                    index[nxt] = len(states)
                    states.append(nxt)
    return states, stages, index


def components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """Strongly connected components, each after every component it can reach (Tarjan, iterative).

    Written here because the order matters: scipy's labelling gives the components but not that order."""
    n = len(successors)
    order = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        work = [(root, 0)]
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            succ = successors[v]
            if k < len(succ):
                work[-1] = (v, k + 1)
                w = succ[k]
                if order[w] < 0:
                    order[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], order[w])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == order[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out
