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

This module holds only what a game file imports (`End`, `Chance`, `Turn`, from `terms`) and the front door
`solve`: it imports nothing heavy, so that a game file and `import parlour` stay cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from parlour.toolkit.terms import Chance, End, Turn

if TYPE_CHECKING:
    from collections.abc import Callable

    from parlour.toolkit.result import GameSolution

__all__ = ["Chance", "End", "Turn", "solve"]


def solve(game: str | Path | ModuleType | Mapping[str, Any], *, players: int | None = None,
          tol: float = 1e-10, exact: bool | None = None,
          progress: Callable[[str], None] | None = None) -> GameSolution:
    """Solve a game written in a file (a .toml race game or a .py module) or given as a loaded module.

    players: race games only (default 2; 1 gives the expected length of a solo game). tol: the widest
    certified interval accepted where values are not exact (cyclic games). exact: race games with 2
    players solve exactly by default (False: certified bounds instead). progress: called with a line now
    and then (it may raise KeyboardInterrupt to stop). Returns a `GameSolution`; raises InvalidInput or
    FormatError (one sentence naming the line or the state) for a malformed game."""
    from parlour.toolkit.front import solve as _solve

    return _solve(game, players=players, tol=tol, exact=exact, progress=progress)
