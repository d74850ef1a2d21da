"""End components: where the opponent of a player whose strategy is fixed can keep play going for ever.
Both proofs need them: endless play is worth `endless`, which may pay the opponent more than the value."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parlour.solvers.stochastic.model import End, Lottery, Stage, State, target_states


def opponent_options(stage: Stage, index: dict[State, int], player_fixed: int, strategy: tuple[Any, ...]
                     ) -> list[list[frozenset[int] | None]]:
    """The other player's choices at a stage once `player_fixed` plays `strategy`: groups of options
    (he must pick one option in every group), each option the set of states it may lead to, or None
    when it may end the game."""
    def cell_states(i: int, j: int) -> frozenset[int] | None:
        target = stage.targets[stage.outcome[i][j]]
        if isinstance(target, End) or (isinstance(target, Lottery)
                                       and any(isinstance(t, End) for _, t in target.branches)):
            return None
        return frozenset(index[s] for s in target_states(target))

    def union(cells: Iterable[frozenset[int] | None]) -> frozenset[int] | None:
        out: set[int] = set()
        for c in cells:
            if c is None:
                return None
            out |= c
        return frozenset(out)

    signals = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    if player_fixed == stage.leader:  # the other responds to each signal the leader may send
        groups = []
        for c in sorted(set(signals)):
            rows = [i for i in range(len(stage.rows)) if signals[i] == c and strategy[i] > 0]
            if rows:
                groups.append([union(cell_states(i, j) for i in rows) for j in range(len(stage.cols))])
        return groups
    return [[union(cell_states(i, j) for j in range(len(stage.cols)) if strategy[signals[i]][j] > 0)
             for i in range(len(stage.rows))]]


def end_components(states: Sequence[int], options: dict[int, list[list[frozenset[int] | None]]]) -> set[int]:
    """The states of the component that lie in some end component of the opponent's MDP: where he can
    keep play going for ever (`graph.end_states`, the package's one end-component check; a state outside
    the component counts as leaving it)."""
    import numpy as np

    from parlour.solvers.stochastic.graph import end_states

    position = {s: k for k, s in enumerate(states)}
    grp_ptr, opt_ptr, item_ptr = [0], [0], [0]
    target: list[int] = []
    for s in states:
        for group in options[s]:
            for option in group:
                target.extend([-1] if option is None else (position.get(t, -1) for t in option))
                item_ptr.append(len(target))
            opt_ptr.append(len(item_ptr) - 1)
        grp_ptr.append(len(opt_ptr) - 1)
    inside = end_states(np.array(grp_ptr, np.int64), np.array(opt_ptr, np.int64),
                        np.arange(len(item_ptr) - 1, dtype=np.int64), np.array(item_ptr, np.int64),
                        np.array(target, np.int64))
    return {s for s, kept in zip(states, inside.tolist(), strict=True) if kept}
