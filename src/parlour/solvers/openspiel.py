"""OpenSpiel's games by name: `parlour solve openspiel:kuhn_poker`, `openspiel:liars_dice(numdice=1)` (the
string `pyspiel.load_game` reads). A two-player zero-sum game of OpenSpiel's is walked into the node stream of
`solvers.efg`, so it is checked, solved and written as an .efg file (`--write-efg`) exactly as a Gambit file
is. This module only reads the game (it solves nothing); OpenSpiel is an optional extra, imported on first use
(`pip install parlour[openspiel]`).

What is read, one node at a time depth first (each node visited once):

* a decision of OpenSpiel's player 0 or 1 is parlour's player 1 or 2, at the information set keyed (and
  shown) by `state.information_state_string(player)`, its moves `legal_actions()` named by `action_to_string`;
* a chance node's outcomes from `state.chance_outcomes()`, a leaf's payoffs from `state.returns()`.

OpenSpiel gives probabilities and returns as floats. Each is read as a Fraction by `exact`: the simplest
fraction with denominator at most DENOMINATOR (10^5) when one lies within TOLERANCE (1e-12) of the float, else
the float's own binary value. The first is the intended rational wherever the game meant one with such a
denominator (1/6, 1/51, 7/10): two fractions with denominators at most 10^5 lie at least 10^-10 apart, so the
one found within 10^-12 is the only candidate within 5*10^-11; an integer or a binary fraction is its own
float either way. A chance node's outcomes, so read, must also sum to exactly 1, else the game is refused (its
floats then stand for no distribution parlour can state exactly).

Refused, each with one sentence: a game of more or fewer than two players, a general-sum or cooperative one
(OpenSpiel's own type says which), simultaneous moves (OpenSpiel's `turn_based_simultaneous_game(game=...)`
turns them into turns in which each move stays hidden until all have moved, and that game is read), sampled
chance (no list of outcomes), no information-state strings, and trees of more than MAX_NODES nodes (as soon as
the growth seen so far puts them past it: `solvers.limits`) or histories of more than `limits.MAX_HISTORY` moves.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.solvers import efg, limits

PREFIX = "openspiel:"
MAX_NODES = limits.MAX_NODES  # as a game tree module (one figure: solvers/limits.py)
DENOMINATOR = 10**5
TOLERANCE = Fraction(1, 10**12)
PLAYERS = ("OpenSpiel player 0", "OpenSpiel player 1")  # parlour's player 1 and player 2
INSTALL = "OpenSpiel is not installed: pip install parlour[openspiel] (or pip install open_spiel)"


def is_spec(game: object) -> bool:
    """Whether `game` names an OpenSpiel game (`openspiel:NAME`, with or without parameters)."""
    return isinstance(game, str) and game.startswith(PREFIX)


def load(spec: str) -> Any:
    """The `pyspiel.Game` that `openspiel:NAME(param=value,...)` names, checked to be one parlour reads."""
    try:
        import pyspiel
    except ImportError:
        raise InvalidInput(INSTALL) from None
    text = spec.removeprefix(PREFIX).strip()
    name = text.partition("(")[0].strip()
    known = pyspiel.registered_names()
    if name not in known:  # asked before load_game, whose message lists every game OpenSpiel has
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else " (pyspiel.registered_names() lists them)"
        raise InvalidInput(f"OpenSpiel has no game {shown(name, 60)}{hint}")
    try:
        game = pyspiel.load_game(text)
    except pyspiel.SpielError as exc:
        raise InvalidInput(f"{PREFIX}{text}: {str(exc).strip().splitlines()[0]}") from None
    _check(game, f"{PREFIX}{text}", pyspiel)
    return game


def _check(game: Any, source: str, pyspiel: Any) -> None:
    """One sentence for the first thing that makes `game` one parlour does not read (the module's docstring)."""
    kind = game.get_type()
    types = pyspiel.GameType
    if game.num_players() != 2:
        n = game.num_players()
        raise InvalidInput(f"{source} has {n} player{'s' if n != 1 else ''}: parlour solves two-player zero-sum games")
    if kind.utility not in (types.Utility.ZERO_SUM, types.Utility.CONSTANT_SUM):
        raise InvalidInput(f"{source} is not zero-sum (OpenSpiel's type says {kind.utility.name.lower()}): parlour "
                           "solves two-player zero-sum games")
    if kind.dynamics != types.Dynamics.SEQUENTIAL:
        raise InvalidInput(f"{source} has simultaneous moves: name it as "
                           f"{PREFIX}turn_based_simultaneous_game(game={_called(source)}), OpenSpiel's same game "
                           "in turns that keep each move hidden until both have moved")
    if kind.chance_mode == types.ChanceMode.SAMPLED_STOCHASTIC:
        raise InvalidInput(f"{source} samples its chance events without listing them: parlour needs every outcome "
                           "with its probability")
    if not kind.provides_information_state_string:
        raise InvalidInput(f"{source} gives no information-state strings: parlour cannot tell what a player knows")


def _called(source: str) -> str:
    """A game's name as a parameter of another game: load_game wants `name()` there, not `name`."""
    text = source.removeprefix(PREFIX)
    return text if text.endswith(")") else f"{text}()"


def nodes(game: Any, source: str, limit: int = MAX_NODES,
          progress: Callable[[str], None] | None = None) -> Iterator[efg.Node]:
    """The game's nodes in prefix order as `solvers.efg` streams them; an InvalidInput beyond `limit` nodes, or
    as soon as the growth seen so far puts the game past them, or past `limits.MAX_HISTORY` moves;
    `progress` hears the count about every half second (a large game walks for a while: `limits.Growth`)."""
    import pyspiel

    chance = pyspiel.PlayerId.CHANCE
    stack = [(game.new_initial_state(), 0)]
    # refuses a game too large from the growth seen, and tells `progress` the nodes walked (solvers.limits)
    growth = limits.Growth(limit, source, progress=progress)
    while stack:
        state, depth = stack.pop()
        count = growth.count + 1
        if state.is_terminal():
            growth.met(depth, 0, state.history)
            returns = state.returns()
            yield efg.Terminal((_read(returns[0], source, count), _read(returns[1], source, count)))
            continue
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            growth.met(depth, len(actions), state.history)
            yield efg.ChanceNode(_names(state, chance, actions), _probabilities(outcomes, source, count))
        else:
            player = state.current_player()
            actions = state.legal_actions()
            growth.met(depth, len(actions), state.history)
            key = state.information_state_string(player)
            yield efg.PlayerNode(player + 1, key, key, _names(state, player, actions))
        stack.extend((state.child(a), depth + 1) for a in reversed(actions))


def _names(state: Any, player: int, actions: list[int]) -> tuple[str, ...]:
    """The moves as OpenSpiel writes them; a name said twice gets its action number (moves must differ)."""
    names = tuple(state.action_to_string(player, a) for a in actions)
    if len(set(names)) == len(names):
        return names
    return tuple(f"{n} (action {a})" for n, a in zip(names, actions, strict=True))


def _probabilities(outcomes: list[tuple[int, float]], source: str, count: int) -> tuple[Fraction, ...]:
    probabilities = tuple(_read(p, source, count) for _, p in outcomes)
    total = sum(probabilities, Fraction(0))
    if total != 1:
        raise InvalidInput(f"{source}, node {count}: the chance probabilities {shown([p for _, p in outcomes], 80)} "
                           f"read as fractions sum to {total}, not 1 (module parlour.solvers.openspiel says how "
                           "floats are read)")
    return probabilities


def _read(x: float, source: str, count: int) -> Fraction:
    try:
        return exact(x)
    except (ValueError, OverflowError):
        raise InvalidInput(f"{source}, node {count}: OpenSpiel gives {x!r}, not a number") from None


def exact(x: float) -> Fraction:
    """The float `x` read as the fraction it stands for (the module's docstring: why this is the only one)."""
    value = Fraction(x)
    simple = value.limit_denominator(DENOMINATOR)
    return simple if abs(simple - value) <= TOLERANCE else value


__all__ = ["DENOMINATOR", "INSTALL", "MAX_NODES", "PLAYERS", "PREFIX", "TOLERANCE", "exact",
           "is_spec", "load", "nodes"]
