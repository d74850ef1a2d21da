"""End components: where the opponent of a player whose strategy is fixed can keep play going for ever.
Both proofs need them: endless play is worth `endless`, which may pay the opponent more than the value."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parlour.solvers.stochastic.explore import components
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
    keep play going for ever (the classic refinement: drop states that cannot stay, split by SCCs)."""
    block = {s: 0 for s in states}
    while True:
        changed = False
        allowed: dict[int, list[frozenset[int]]] = {}
        for s in list(block):
            picks: list[frozenset[int]] = []
            for group in options[s]:
                inside = [o for o in group if o is not None and all(block.get(t) == block[s] for t in o)]
                if not inside:
                    picks = []
                    break
                picks.extend(inside)
            if not picks:
                del block[s]
                changed = True
            else:
                allowed[s] = picks
        if changed:
            continue
        members = sorted(block)
        position = {s: k for k, s in enumerate(members)}
        succ = [sorted({position[t] for o in allowed[s] for t in o if t in position}) for s in members]
        new_block: dict[int, int] = {}
        for label, comp in enumerate(components(succ)):
            for k in comp:
                new_block[members[k]] = label
        if len(set(new_block.values())) == len(set(block.values())):
            return set(block)
        block = new_block
