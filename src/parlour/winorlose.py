"""Win or Lose (a simplified poker) from Python: a view's exact chances and the character tournament.

    >>> import parlour
    >>> view = parlour.winorlose.chance("3h,5", "0,1,2,6,7")
    >>> view.chance.win                          # an exact Fraction over every holding of the opponent
    >>> parlour.winorlose.tournament(rounds=100)    # every Tina against every Frank

`chance` and `tournament` are `parlour winorlose chance` and `parlour winorlose table` of the command line,
with its options as keyword arguments and the same limits. Counts take any integer (`numpy.int64(100)`
too; a float is refused: docs/python.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

# The results and the rules are named here (from light modules: `winorlose chance` must not load the
# tournament's numerics) for imports and typing.get_type_hints.
from parlour.errors import InvalidInput, InvalidType, shown
from parlour.games.winorlose.pairings import PairingResult, Tournament
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule
from parlour.games.winorlose.view import ViewChance
from parlour.infra import checks, spelling
from parlour.infra.checks import check_range

__all__ = ["PairingResult", "Rules", "Tournament", "ViewChance", "chance", "pairing", "rules", "tournament"]

FRANK_TYPES = ("loose", "normal", "tight")
TINA_TYPES = ("blind", "competitive", "cooperative", "smart", "learning", "bayesian")

MAX_ROUNDS = 100_000
MAX_SIMULATED_ROUNDS = 50_000_000  # games x rounds of Learning Tina's simulation


def __dir__() -> list[str]:
    return list(__all__)


def _cards(cards: object, name: str) -> str:
    """Cards as the command line writes them ("3h,5"), from a string or a list of ranks / cards; anything
    else (None, a number, a mapping) is refused naming the parameter."""
    if isinstance(cards, str):
        return cards
    # a 1-D numpy array as its Python items (np.str_ / np.int64 to str / int), without importing numpy here
    items = cards.tolist() if getattr(cards, "ndim", None) == 1 else cards  # type: ignore[attr-defined]
    if isinstance(items, Sequence) and not isinstance(items, bytes) and all(
            isinstance(c, str) or checks.is_integer(c) for c in items):
        return ",".join(str(c) for c in items)
    raise InvalidType(f"{spelling.parameter(name)} must be cards as a string (\"3h,5\") or a list of ranks "
                      f"0..7 or cards, got {shown(cards)}")


def _option(value: object, name: str, options: Sequence[str]) -> str:
    """A named option as the command line takes it (any case, spaces around), else refused naming `name`."""
    text = checks.text(value, name).strip().lower()
    if text not in options:
        raise InvalidInput(f"{spelling.parameter(name)} must be one of {', '.join(options)}, got {shown(value)}")
    return text


def chance(hand: str | Sequence[int | str], table: str | Sequence[int | str]) -> ViewChance:
    """Exact P(win), P(tie), P(lose) of your view over every holding of the opponent.

    Parameters
    ----------
    hand : str or sequence of int or str
        Your 2 cards: ranks 0..7, optionally with a suit (``"3h,5"`` or ``["3h", 5]``; a tuple or a 1-D numpy
        array too); a card without a suit takes the first free suit of its rank.
    table : str or sequence of int or str
        The 5 table cards, written the same way.

    Returns
    -------
    ViewChance
        ``hand``, ``table``, ``score``, ``combination`` and ``chance`` (``chance.win``, ``.tie``, ``.lose``:
        Fractions counted over every holding; status EXACT).

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) `hand` or `table` is not cards (None, a number, a mapping).
    ValueError
        (`parlour.errors.InvalidInput`) A wrong count of cards, a bad card, the same card twice.
    """
    from parlour.games.winorlose.cards import parse_cards
    from parlour.games.winorlose.view import view_chance

    own, tab = parse_cards([(_cards(hand, "hand"), spelling.parameter("hand"), 2),
                            (_cards(table, "table"), spelling.parameter("table"), 5)])
    return view_chance(own, tab)


def rules(tie: str = "zero", chance_rule: str = "beats") -> Rules:
    """The scoring rules of a tournament.

    Parameters
    ----------
    tie : {"zero", "loss", "win"}, default "zero"
        What a tied round scores.
    chance_rule : {"beats", "half-ties"}, default "beats"
        How a type reads its chance: P(win), or P(win) + P(tie)/2.

    Returns
    -------
    Rules
        The rule set.

    Raises
    ------
    TypeError
        An argument that is not a string, named.
    ValueError
        (`parlour.errors.InvalidInput`) An unknown rule, named.
    """
    tie_ = _option(tie, "tie", [t.value for t in TieRule])
    rule = _option(chance_rule, "chance_rule", [c.value for c in ChanceRule])
    return Rules(tie=TieRule(tie_), chance=ChanceRule(rule))


def check_tournament(rounds: int, games: int, seed: int) -> tuple[int, int, int]:
    """The limits of a tournament: 1..100,000 rounds a game, at least 2 simulated games and at most 5e7
    simulated rounds in all (Learning Tina), a seed from 0 to 2**63 - 1; the three as ints."""
    rounds = check_range(rounds, "rounds", 1, MAX_ROUNDS)
    games = checks.integer(games, "games")
    if games < 2 or games * rounds > MAX_SIMULATED_ROUNDS:
        raise InvalidInput(f"{spelling.parameter('games')} must be at least 2 and games x rounds at most 5e7, "
                           f"got {games!r} x {rounds}")
    return rounds, games, checks.whole_seed(seed)


@checks.renamed_keywords(on_pairing="progress")
def tournament(
    *,
    rounds: int = 100,
    games: int = 20_000,
    seed: int = 2026,
    tie: str = "zero",
    chance_rule: str = "beats",
    progress: Callable[[PairingResult], None] | None = None,
) -> Tournament:
    """Every Tina type against every Frank type: expected points per round and P(Tina scores more than
    Frank), per round and per game of `rounds` rounds.

    Parameters
    ----------
    rounds : int, default 100
        Rounds a game, from 1 to 100,000.
    games : int, default 20000
        Games simulated for Learning Tina, at least 2 (games x rounds at most 5e7).
    seed : int, default 2026
        The simulation's random seed, from 0 to 2**63 - 1.
    tie : {"zero", "loss", "win"}, default "zero"
        What a tied round scores.
    chance_rule : {"beats", "half-ties"}, default "beats"
        How a type reads its chance.
    progress : callable, optional
        Called with each `PairingResult` as it is done (a progress bar). (``on_pairing=``, its old name, works
        for one release, with a DeprecationWarning.)

    Returns
    -------
    Tournament
        ``pairings`` (``to_pandas()``: one row each). Exact (Fractions, over every deal) for the memoryless
        types; Learning Tina remembers, so her pairings are simulated: the tournament's status is ESTIMATE
        when any pairing is, and each pairing states its own.

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) An argument out of range or an unknown rule, named.
    """
    from parlour.analyses.winorlose import ALL_TINAS
    from parlour.analyses.winorlose import tournament as run

    rounds, games, seed = check_tournament(rounds, games, seed)
    scoring = rules(tie, chance_rule)
    checks.callback(progress)
    return run(scoring, rounds, games, seed, ALL_TINAS, progress=progress)


def pairing(frank: str, tina: str, *, rounds: int = 100, games: int = 20_000, seed: int = 2026, tie: str = "zero",
            chance_rule: str = "beats") -> PairingResult:
    """One pairing of the tournament: Frank's type against Tina's.

    Parameters
    ----------
    frank : {"loose", "normal", "tight"}
        Frank's type.
    tina : {"blind", "competitive", "cooperative", "smart", "learning", "bayesian"}
        Tina's type.
    rounds, games, seed, tie, chance_rule
        As in `tournament`.

    Returns
    -------
    PairingResult
        Expected points per round and P(Tina scores more), per round and per game: Fractions (status EXACT)
        unless Tina is learning (simulated: 95 % intervals, status ESTIMATE).

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) An unknown type or rule, or an argument out of range, named.
    """
    from parlour.analyses.winorlose import pairing as run
    from parlour.games.winorlose.characters import Frank, Tina

    who, whom = _option(frank, "frank", FRANK_TYPES), _option(tina, "tina", TINA_TYPES)
    rounds, games, seed = check_tournament(rounds, games, seed)
    return run(Frank(who), Tina(whom), rules(tie, chance_rule), rounds, games=games, seed=seed)
