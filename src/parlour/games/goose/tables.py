"""The rules of a board as the compiled kernels read them: one `RuleTables` NamedTuple, built once per
rule set from the pure move function of `rules.py` (which stays the test oracle).

A player's position is a compact "code": a square someone can stand on, or an inn with the skip
pending (codes 0..C-1). The kernels of `kernels.py` take the tables as one argument, so a new field is
one line here and one where it is read, not a change of every signature.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np

from parlour.games.goose.rules import RuleSet, chain, pending_code


class RuleTables(NamedTuple):
    """Integer tables of a rule set (compact codes 0..codes-1)."""

    codes: int  # number of compact codes C
    squares: np.ndarray  # code -> square (the inn square for a pending code)
    pending: np.ndarray  # code -> 1 when "on the inn with the skip to come"
    well: np.ndarray  # code -> 1 when the square is a well/prison
    arrive: np.ndarray  # code -> 1 when a chain may end there although another player stands there
    inn_pending: np.ndarray  # code -> its pending code when the square is an inn, else -1
    served: np.ndarray  # pending code -> plain inn code, else itself
    dest: np.ndarray  # [code, class] -> code where the chain ends (occupancy not yet applied)
    weight: np.ndarray  # [class] -> number of dice outcomes in the class
    den: int  # number of dice outcomes
    end_code: int
    start_code: int


@cache
def code_of(rules: RuleSet) -> dict[int, int]:
    """Plain square -> its compact code."""
    return {s: i for i, s in enumerate(rules.standable)}


@cache
def tables(rules: RuleSet) -> RuleTables:
    stand = list(rules.standable)
    codes_of = code_of(rules)
    codes = stand + [pending_code(rules, inn) for inn in rules.inns]
    c = len(codes)
    squares = np.array([s if s <= rules.end else rules.inns[s - rules.end - 1] for s in codes], np.int64)
    pending = np.array([1 if s > rules.end else 0 for s in codes], np.int8)
    well = np.array([1 if (s <= rules.end and s in rules.wells) else 0 for s in codes], np.int8)
    # wells always accept a newcomer; without the occupancy rule every square does
    arrive = well.copy() if rules.occupancy else np.ones(c, np.int8)
    inn_pending = np.full(c, -1, np.int64)
    served = np.arange(c, dtype=np.int64)
    for i, inn in enumerate(rules.inns):
        pc = len(stand) + i
        inn_pending[codes_of[inn]] = pc
        served[pc] = codes_of[inn]
    # Group the throws into classes that send every square to the same place (12 for two dice).
    rows: dict[tuple[int, ...], int] = {}
    for faces, mult in rules.throws:
        key = tuple(codes_of[chain(rules, s, faces).end] for s in stand)
        rows[key] = rows.get(key, 0) + mult
    keys = list(rows)
    dest = np.full((c, len(keys)), -1, np.int64)
    for k, key in enumerate(keys):
        dest[: len(stand), k] = key
    weight = np.array([rows[k] for k in keys], np.int64)
    return RuleTables(c, squares, pending, well, arrive, inn_pending, served, dest, weight,
                      rules.denominator, codes_of[rules.end], codes_of[rules.start])


__all__ = ["RuleTables", "code_of", "tables"]
