"""The higher-lower guessing game (Dresher) from Python: V(N) exact, from the table or certified anew.

    >>> import parlour
    >>> parlour.guess.value(1000).value          # the shipped table: instant, exact
    Fraction(...)
    >>> sol = parlour.guess.solve(30)             # column generation + exact certificate
    >>> sol.value, sol.status                     # (Fraction(...), <Status.EXACT: 'exact'>)

`value` and `solve` are `parlour guess value` and `parlour guess solve` of the command line: the same
size check (refusals name `force=True` here, `--force` there), the same defaults. N is any integer
(`numpy.int64(12)` too; a float, even 12.0, is refused: docs/python.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

# the size check's model: seconds from N, and the oracle's N x N tables (the names stay importable here)
from parlour.analyses.guess.cost import BYTES_PER_N2, SECONDS_AT_1000, solve_seconds  # noqa: F401

# The results are named here (from light modules: a table look-up must not load the solver), so that
# `from parlour.guess import GuessSolution` works and typing.get_type_hints resolves every front door.
from parlour.analyses.guess.result import GuessSolution
from parlour.analyses.guess.table import Entry
from parlour.errors import InvalidInput
from parlour.infra import checks, spelling
from parlour.infra.resources import affordable
from parlour.results import Result, Status, exact

__all__ = ["Entry", "GuessSolution", "GuessTable", "GuessValue", "solve", "table", "value"]

# Called with each round's `parlour.solvers.colgen.TraceStep` (named by its docs, not its type: the type
# lives with the solver, which a look-up of the table must not load).
OnIteration = Callable[[Any], None]


def __dir__() -> list[str]:
    return list(__all__)  # what completes after `parlour.guess.`: the public names, not the helpers


def check_numbers(n: object, name: str = "n") -> int:
    """`n` as an int if it is a whole number >= 1 (any integer type), else InvalidType / InvalidInput
    naming the parameter."""
    return checks.integer(n, name, 1)


def check_size(largest: int, force: bool, count: int = 1) -> None:
    """Refuse a solve (or a sweep of `count` N's up to `largest`) this machine cannot hold or finish in a
    day; the refusal names `force` as the caller spells it."""
    seconds = solve_seconds(largest) * (count / 4 if count > 1 else 1)
    what = f"V({largest:,})" if count == 1 else f"a sweep of {count:,} N's up to {largest:,}"
    affordable(f"certifying {what}", BYTES_PER_N2 * float(largest) ** 2, seconds, force)


@dataclass(frozen=True, kw_only=True)
class GuessValue(Result):
    """V(N) exact, with the most guesses Bob's optimal mixture needs, and where it came from: `source`
    "table" (the shipped table of certified values; `certificate_sha256` names the certificate) or
    "solved" (certified just now)."""

    numbers: int
    value: Fraction
    max_guesses: int
    source: str
    certificate_sha256: str | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"numbers": self.numbers, **exact("value", self.value),
                               "max_guesses": self.max_guesses, "source": self.source}
        if self.certificate_sha256 is not None:
            out["certificate_sha256"] = self.certificate_sha256
        return out


@dataclass(frozen=True, kw_only=True)
class GuessTable(Result):
    """A slice of the shipped table of certified values: V(N) for N = `first`..`last` (both included; exact,
    each row certified; `certificate_sha256` names its certificate). `to_pandas()` gives a row per N."""

    TABLE: ClassVar[str | None] = "values"
    # One name per thing: the JSON's `from`/`to` could not be attributes (`from` is a keyword) and `start`/
    # `stop` read as a half-open range in Python; `first`/`last` say both ends are in, in all three places.
    RENAMED: ClassVar[Mapping[str, str]] = {"start": "first", "stop": "last", "entries": "values"}

    first: int
    last: int
    values: tuple[Entry, ...]

    def payload(self) -> dict[str, Any]:
        return {"first": self.first, "last": self.last, "values": [
            {"numbers": e.numbers, **exact("value", e.value), "max_guesses": e.max_guesses,
             "certificate_sha256": e.certificate_sha256} for e in self.values]}


@checks.renamed_keywords(start="first", stop="last")
def table(first: int = 1, last: int | None = None) -> GuessTable:
    """V(N) for N = first..last (both included) from the shipped table of certified values, exact (status
    EXACT).

    Parameters
    ----------
    first : int, default 1
        The first N, at least 1.
    last : int, optional
        The last N, included (default: the table's last); an N beyond the table is refused (`solve` certifies
        one). (`start=` and `stop=`, the old names of `first` and `last`, still work for one release, with a
        DeprecationWarning.)

    Returns
    -------
    GuessTable
        ``first``, ``last`` and ``values`` (one `Entry` per N: ``numbers``, ``value`` as a Fraction,
        ``max_guesses``, ``certificate_sha256``); ``to_pandas()`` gives a row per N.

    Raises
    ------
    TypeError
        `first` or `last` is not an integer.
    ValueError
        (`parlour.errors.InvalidInput`) The range is empty or reaches beyond the table.
    """
    import time

    from parlour.analyses.guess import table as shipped

    began = time.perf_counter()
    entries = shipped.shipped()
    largest = max(entries, default=0)
    low, high = check_numbers(first, "first"), check_numbers(largest if last is None else last, "last")
    if high < low or high > largest:
        raise InvalidInput(f"the table holds N = 1..{largest:,}; {spelling.parameter('first')}..."
                           f"{spelling.parameter('last')} must lie within it, got {low:,}..{high:,}")
    return GuessTable(first=low, last=high, values=tuple(entries[n] for n in range(low, high + 1) if n in entries),
                      method="shipped table of certified values", status=Status.EXACT,
                      seconds=time.perf_counter() - began)


@checks.renamed_keywords(on_iteration="progress")
def value(n: int, *, force: bool = False, progress: OnIteration | None = None) -> GuessValue:
    """V(n), the value of the n-number guessing game, as an exact Fraction (status EXACT).

    From the shipped table of certified values when n is in it (instant); otherwise solved and certified
    by `solve` (minutes for n near 1000).

    Parameters
    ----------
    n : int
        How many numbers Alice hides among (1..n), at least 1.
    force : bool, default False
        Solve even beyond a day's work on this machine (refused otherwise, with the estimate).
    progress : callable, optional
        When solving: called with each round's `parlour.solvers.colgen.TraceStep` (its bounds).
        (``on_iteration=``, its old name, works for one release, with a DeprecationWarning.)

    Returns
    -------
    GuessValue
        ``numbers``, ``value`` (a Fraction), ``value_float``, ``max_guesses``, ``source`` ("table" or
        "solved"), ``certificate_sha256`` (the table's certificate).

    Raises
    ------
    TypeError
        `n` is not an integer (a float, even 12.0, is refused), or `force` is not a bool.
    ValueError
        (`parlour.errors.InvalidInput`) `n` < 1, or a solve refused by the size guard.
    """
    import time

    from parlour.analyses.guess import table

    size = check_numbers(n)
    force = checks.flag(force, "force")
    checks.callback(progress)
    began = time.perf_counter()
    entry = table.lookup(size)
    if entry is not None:
        return GuessValue(numbers=size, value=entry.value, max_guesses=entry.max_guesses, source="table",
                          certificate_sha256=entry.certificate_sha256, method="shipped table of certified values",
                          status=Status.EXACT, seconds=time.perf_counter() - began)
    sol = solve(size, force=force, progress=progress)
    if not isinstance(sol.value, Fraction):
        raise InvalidInput(f"V({size}) could not be certified")
    return GuessValue(numbers=size, value=sol.value, max_guesses=sol.max_guesses, source="solved",
                      method=sol.method, status=sol.status, seconds=sol.seconds)


@checks.renamed_keywords(on_iteration="progress")
def solve(
    n: int,
    *,
    smoothing: str = "wentges",
    symmetric: bool = True,
    force: bool = False,
    progress: OnIteration | None = None,
) -> GuessSolution:
    """V(n) as an exact fraction with certified optimal strategies for Alice and Bob.

    Column generation (HiGHS-free dense master, optimal-BST oracle), then an exact rational check in the
    unfolded game.

    Parameters
    ----------
    n : int
        How many numbers Alice hides among (1..n), at least 1.
    smoothing : {"wentges", "fixed", "none"}, default "wentges"
        The dual smoothing of column generation.
    symmetric : bool, default True
        Fold the mirror symmetry k -> n+1-k (half the rows).
    force : bool, default False
        Solve even beyond a day's work on this machine (refused otherwise, with the estimate).
    progress : callable, optional
        Called with each round's `parlour.solvers.colgen.TraceStep` (its bounds). (``on_iteration=``, its old
        name, works for one release, with a DeprecationWarning.)

    Returns
    -------
    GuessSolution
        ``numbers``, ``value`` (a Fraction when the exact check passed: status EXACT; else the float,
        status ESTIMATE), ``value_float``, ``alice`` (the probability of hiding each number), ``bob`` (search
        trees with their probabilities), ``max_guesses``.

    Raises
    ------
    TypeError
        An argument of the wrong type, named.
    ValueError
        (`parlour.errors.InvalidInput`) `n` < 1, an unknown `smoothing`, or a solve refused by the size guard.
    """
    from parlour.analyses.guess.solve import solve_guess, stabilisation

    size = check_numbers(n)
    symmetric, force = checks.flag(symmetric, "symmetric"), checks.flag(force, "force")
    checks.text(smoothing, "smoothing")
    checks.callback(progress)
    check_size(size, force)
    stab = stabilisation(smoothing, size, symmetric)
    return solve_guess(size, symmetric=symmetric, stabilisation=stab, progress=progress)
