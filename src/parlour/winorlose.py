"""Win or Lose (a simplified poker) from Python: a view's exact chances and the character tournament.

    >>> import parlour
    >>> view = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    >>> view.chance.win                          # an exact Fraction over every holding of the opponent
    >>> parlour.winorlose.tournament(rounds=100)    # every Tina against every Frank

`chance` and `tournament` are `parlour winorlose chance` and `parlour winorlose table` of the command line,
with its options as keyword arguments and the same limits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from parlour.errors import InvalidInput
from parlour.infra import spelling
from parlour.infra.checks import check_range, check_seed

if TYPE_CHECKING:
    from parlour.analyses.winorlose import PairingResult, Tournament, ViewChance
    from parlour.games.winorlose.rules import Rules

__all__ = ["chance", "pairing", "tournament"]

MAX_ROUNDS = 100_000
MAX_SIMULATED_ROUNDS = 50_000_000  # games x rounds of Learning Tina's simulation


def _cards(cards: str | Sequence[int | str]) -> str:
    return cards if isinstance(cards, str) else ",".join(str(c) for c in cards)


def chance(hand: str | Sequence[int | str], table: str | Sequence[int | str]) -> ViewChance:
    """Exact P(win), P(tie), P(lose) of your view over every holding of the opponent.

    `hand`: your 2 cards, `table`: the 5 table cards; ranks 0..7, optionally with a suit ("3h,5" or
    ["3h", 5]); a card without a suit takes the first free suit of its rank. Status EXACT: the chances are
    Fractions counted over every holding (`view.chance.win`, `.tie`, `.lose`). Returns a `ViewChance`.
    """
    from parlour.games.winorlose.cards import parse_cards
    from parlour.games.winorlose.view import view_chance

    own, tab = parse_cards([(_cards(hand), spelling.parameter("hand"), 2),
                            (_cards(table), spelling.parameter("table"), 5)])
    return view_chance(own, tab)


def rules(tie: str = "zero", chance_rule: str = "beats") -> Rules:
    """The scoring rules: `tie` zero (default), loss or win; `chance_rule` beats (P(win), default) or half-ties."""
    from parlour.games.winorlose.rules import Rules, parse_chance_rule, parse_tie_rule

    return Rules(tie=parse_tie_rule(tie), chance=parse_chance_rule(chance_rule))


def check_tournament(rounds: int, games: int, seed: int) -> None:
    """The limits of a tournament: 1..100,000 rounds a game, at least 2 simulated games and at most 5e7
    simulated rounds in all (Learning Tina), a seed from 0 to 2**63 - 1."""
    check_range(rounds, "rounds", 1, MAX_ROUNDS)
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games * rounds > MAX_SIMULATED_ROUNDS:
        raise InvalidInput(f"{spelling.parameter('games')} must be at least 2 and games x rounds at most 5e7, "
                           f"got {games!r} x {rounds}")
    check_seed(seed)


def tournament(
    *,
    rounds: int = 100,
    games: int = 20_000,
    seed: int = 2026,
    tie: str = "zero",
    chance_rule: str = "beats",
    on_pairing: Callable[[PairingResult], None] | None = None,
) -> Tournament:
    """Every Tina type against every Frank type: expected points per round and P(Tina scores more than
    Frank), per round and per game of `rounds` rounds.

    Exact (Fractions, over every deal) for the memoryless types; Learning Tina remembers, so her pairings
    are simulated (`games` games, `seed`): the tournament's status is ESTIMATE when any pairing is, and
    each pairing states its own. `to_pandas()` gives one row per pairing. Returns a `Tournament`.
    """
    from parlour.analyses.winorlose import ALL_TINAS
    from parlour.analyses.winorlose import tournament as run

    check_tournament(rounds, games, seed)
    return run(rules(tie, chance_rule), rounds, games, seed, ALL_TINAS, on_pairing=on_pairing)


def pairing(frank: str, tina: str, *, rounds: int = 100, games: int = 20_000, seed: int = 2026, tie: str = "zero",
            chance_rule: str = "beats") -> PairingResult:
    """One pairing of the tournament: Frank's type (loose, normal, tight) against Tina's (blind, competitive,
    cooperative, smart, learning, bayesian). Exact unless Tina is learning (simulated). Returns a
    `PairingResult`."""
    from parlour.analyses.winorlose import pairing as run
    from parlour.games.winorlose.characters import parse_frank, parse_tina

    check_tournament(rounds, games, seed)
    return run(parse_frank(frank), parse_tina(tina), rules(tie, chance_rule), rounds, games, seed)
