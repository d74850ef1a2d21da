"""The one kernel that lists a relabelled state's successors by throw class (`games.goose.kernels.throws`,
`classes`, `successor_of_class`, which the chain-free passes sum over) against `move`, the kernel the stored
chain is built from: the same successors with the same weights, class by class, at every state."""

from __future__ import annotations

import numpy as np
import pytest

from parlour.analyses.goose.space import layout
from parlour.games.goose.kernels import classes, digits_of, move, skips, successor_of_class, throws
from parlour.games.goose.rules import STUDY, RuleSet
from parlour.games.goose.tables import RuleTables, tables

TINY = RuleSet(name="tiny", end=9, dice=((1, 2, 3),), geese=(4,), jumps=((6, 2),), inns=(3,), wells=(5,),
               start_jumps=(), bounce=True, occupancy=True)


def by_move(code: int, n: int, t: RuleTables) -> list[tuple[int, float]]:
    """(successor code or -1 for the mover's win, weight) per class, from `move` on the state's digits."""
    digits = np.empty(n, np.int64)
    digits_of(code, n, t.codes, digits)
    top = t.codes ** (n - 1)
    if skips(digits, n, 0, t) != 0:
        new, _ = move(digits, n, 0, -1, t)
        return [(code // t.codes + int(new) * top, float(t.den))]
    out = []
    for k in range(t.dest.shape[1]):
        new, won = move(digits, n, 0, k, t)
        out.append((-1 if won else code // t.codes + int(new) * top, float(t.weight[k])))
    return out


@pytest.mark.parametrize(("rules", "players", "every"), [(TINY, 3, 1), (TINY, 4, 1), (STUDY, 3, 17)])
def test_successors_by_class_are_the_moves(rules: RuleSet, players: int, every: int) -> None:
    t = tables(rules)
    codes = np.asarray(layout(rules, players).codes, np.int64)[::every]
    skipping = 0
    for code in codes:
        state = throws(np.int64(code), players, t)
        listed = [successor_of_class(state, k, t) for k in range(classes(state, t))]
        assert [(int(s), float(w)) for s, w in listed] == by_move(int(code), players, t), int(code)
        skipping += len(listed) == 1
    assert 0 < skipping < len(codes)  # both kinds of state were met
