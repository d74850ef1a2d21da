"""Your own game: write it in a file, `parlour solve FILE` it (or `parlour.solve(path_or_module)`).

Three ways to write a game (docs/your-game.md has a complete example of each):

* a **race game of pure chance** as a TOML rule file (board end, dice, jumps, skips, wells, bounce,
  occupancy: the Goose's format), solved for every player's win chance (1 player: the expected length);
* a **two-player zero-sum game with chance** as a Python module: `START`, `moves(state)` giving player 1's
  and player 2's moves (one side empty where only the other moves), `play(state, move1, move2)` giving the
  next state, an `End(payoff)` or a `Chance({outcome: probability})`; play may cycle;
* a **game tree with hidden information** as a Python module: `ROOT` and `node(history)` giving a
  `Chance`, a `Turn(player, infoset, moves)` or an `End(payoff)`; the children of a history are
  `history + (move,)`; solved in sequence form.

This module holds only what a game file imports (`End`, `Chance`, `Turn`) and the front door `solve`: it
imports nothing heavy, so that a game file and `import parlour` stay cheap.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

# The result is named here for typing.get_type_hints (a light module: no numerics).
from parlour.toolkit.result import GameSolution

__all__ = ["Chance", "End", "GameSolution", "Turn", "solve"]

Number = int | Fraction


@dataclass(frozen=True)
class End:
    """The game ends; player 1 receives `payoff` from player 2 (an int or a Fraction)."""

    payoff: Number


@dataclass(frozen=True)
class Chance:
    """Chance picks an outcome: {outcome: probability}, the probabilities ints or Fractions summing to 1.

    In a stochastic-game module an outcome is the next state or an `End`; in a game tree it is the move
    chance makes (the child is `history + (outcome,)`)."""

    weights: Mapping[Hashable, Number]

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Chance:
        """Each outcome equally likely; an outcome listed twice counts twice (a die's faces that lead to the
        same state)."""
        counts: dict[Hashable, int] = {}
        total = 0
        for o in outcomes:
            counts[o] = counts.get(o, 0) + 1
            total += 1
        unit = _fraction(1, total)  # most outcomes come once: one shared Fraction (a game builds millions)
        return cls({o: unit if c == 1 else _fraction(c, total) for o, c in counts.items()})


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)  # shared: a game builds the same few probabilities millions of times


@dataclass(frozen=True)
class Turn:
    """A decision of `player` (1 or 2) in a game tree: `infoset` is what he knows (equal for every history
    he cannot tell apart), `moves` his choices there (the same at every history of the infoset)."""

    player: int
    infoset: Hashable
    moves: tuple[Hashable, ...]


def solve(game: str | Path | ModuleType | Mapping[str, Any], *, players: int | None = None,
          tol: float = 1e-10, exact: bool | None = None,
          progress: Callable[[str], None] | None = None) -> GameSolution:
    """Solve a game written in a file (a .toml race game or a .py module) or given as a loaded module.

    Parameters
    ----------
    game : str, Path, module or mapping
        A .toml race game or a .py game module (its file name), a module already loaded, or a mapping of
        its names (``START``, ``moves``, ``play``; or ``ROOT``, ``node``).
    players : int, optional
        Race games only: the number of players (default 2; 1 gives the expected length of a solo game).
    tol : float, default 1e-10
        The widest certified interval accepted where values are not exact (cyclic games), in (0, 1).
    exact : bool, optional
        Race games with 2 players solve exactly by default; False gives certified bounds instead.
    progress : callable, optional
        Called with a line now and then (it may raise KeyboardInterrupt to stop).

    Returns
    -------
    GameSolution
        ``value`` (a Fraction when exact, else the float), ``value_exact`` or ``value_bounds``, ``proof``,
        ``strategies``, ``policy(state)``; race games also ``wins_low`` / ``wins_high``.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`, `parlour.errors.FormatError`) A malformed game (one sentence
        naming the line or the state) or an argument out of range.
    """
    from parlour.toolkit.front import solve as _solve

    return _solve(game, players=players, tol=tol, exact=exact, progress=progress)
