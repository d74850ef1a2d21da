"""The shipped table of certified values V(N) of the guessing game, as package data.

Every row is an N that parlour has certified: V(N) in lowest terms, the most guesses Bob's optimal
mixture ever needs, and the SHA-256 digest of the certificate (both players' exact optimal strategies, as
the sweep store holds them). The rows come from a sweep store by one command
(`parlour guess tabulate --db STORE`), so a longer sweep extends the table; `parlour guess verify N`
re-derives an entry.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from parlour.errors import FormatError, InvalidInput, shown
from parlour.results import frac_str

if TYPE_CHECKING:
    from parlour.solvers.colgen import TraceStep

DATA_FILE = "values.csv"
COLUMNS = ("N", "numerator", "denominator", "max_guesses", "certificate_sha256")
HEADER = """\
# Certified values V(N) of Dresher's higher-lower guessing game (the expected number of guesses when both
# play optimally), one row per N. Made by `parlour guess sweep` (column generation with an optimal-BST
# oracle; every value proven by an exact rational certificate) and `parlour guess tabulate --db STORE`.
# certificate_sha256: SHA-256 of the certificate as canonical JSON (see parlour.analyses.guess.table).
"""


@dataclass(frozen=True)
class Entry:
    """One certified N of the table."""

    numbers: int
    value: Fraction
    max_guesses: int
    certificate_sha256: str


class CertifiedSolution(Protocol):
    """What the table needs of a stored solution (the sweep store's rows have it)."""

    @property
    def n(self) -> int: ...
    @property
    def value(self) -> Fraction: ...
    @property
    def certified(self) -> bool: ...
    @property
    def max_guesses(self) -> int: ...
    @property
    def alice(self) -> Sequence[Fraction]: ...
    @property
    def bob(self) -> Sequence[tuple[Sequence[int], Fraction]]: ...


def certificate_digest(numbers: int, value: Fraction, alice: Sequence[Fraction],
                       bob: Sequence[tuple[Sequence[int], Fraction]]) -> str:
    """SHA-256 of the certificate as canonical JSON: N, V(N), Alice's probabilities per number, and Bob's
    trees (each as the depth of every number in it) with their probabilities, sorted by tree."""
    canonical = {
        "N": numbers,
        "value": frac_str(value),
        "alice": [frac_str(p) for p in alice],
        "bob": sorted([[list(depths), frac_str(p)] for depths, p in bob if p != 0]),
    }
    text = json.dumps(canonical, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def entry_of(solution: CertifiedSolution) -> Entry:
    if not solution.certified:
        raise InvalidInput(f"N = {solution.n} is not certified; only certified values enter the table")
    return Entry(solution.n, Fraction(solution.value), solution.max_guesses,
                 certificate_digest(solution.n, Fraction(solution.value), solution.alice, solution.bob))


def parse(text: str, source: str = DATA_FILE) -> dict[int, Entry]:
    """The entries of a table file; a malformed row is a FormatError naming the line."""
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not rows:
        return {}
    reader = csv.reader(rows)
    if tuple(next(reader)) != COLUMNS:
        raise FormatError(f"{source}: the header must be {','.join(COLUMNS)}")
    out: dict[int, Entry] = {}
    for line, row in enumerate(reader, start=2):
        try:
            n, num, den, guesses, digest = row
            entry = Entry(int(n), Fraction(int(num), int(den)), int(guesses), digest)
        except (ValueError, ZeroDivisionError):
            raise FormatError(f"{source}: row {line} is malformed: {','.join(row)[:80]}") from None
        if entry.value.denominator != int(den) or entry.numbers in out or len(digest) != 64:
            raise FormatError(f"{source}: row {line} is not reduced, repeats an N, or has a bad digest")
        out[entry.numbers] = entry
    return out


def render(entries: Mapping[int, Entry]) -> str:
    """The table file: the header comment, then one CSV row per N in increasing order."""
    buf = io.StringIO()
    buf.write(HEADER)
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for n in sorted(entries):
        e = entries[n]
        writer.writerow([n, e.value.numerator, e.value.denominator, e.max_guesses, e.certificate_sha256])
    return buf.getvalue()


@functools.cache
def shipped() -> dict[int, Entry]:
    """The table that ships with parlour."""
    text = resources.files("parlour.analyses.guess").joinpath(DATA_FILE).read_text()
    return parse(text)


def lookup(numbers: int) -> Entry | None:
    return shipped().get(numbers)


def merge(table: Mapping[int, Entry], new: Iterable[Entry]) -> dict[int, Entry]:
    """`table` extended by `new`. A certified value never changes: two different values for one N mean
    one of the certificates is wrong, so that is an error, never a silent overwrite."""
    out = dict(table)
    for e in new:
        old = out.get(e.numbers)
        if old is not None and old.value != e.value:
            raise FormatError(f"N = {e.numbers}: the store says {frac_str(e.value)}, the table "
                              f"{frac_str(old.value)}; a certified value cannot change")
        if old is None:
            out[e.numbers] = e
    return out


def tabulate(solutions: Iterable[CertifiedSolution], into: Path) -> tuple[int, int]:
    """Add every certified solution to the table file `into` (created if missing); (added, total)."""
    table = parse(into.read_text(), str(into)) if into.exists() else {}
    merged = merge(table, (entry_of(s) for s in solutions if s.certified))
    into.write_text(render(merged))
    return len(merged) - len(table), len(merged)


def bfile(entries: Mapping[int, Entry], part: str) -> str:
    """An OEIS b-file ("n a(n)" per line) of the numerators or the denominators of V(N), for consecutive
    N from 1 (a b-file has no gaps, so it stops before the first N missing from the table)."""
    if part not in ("numerator", "denominator"):
        raise InvalidInput(f"part must be numerator or denominator, got {shown(part)}")
    lines = []
    n = 1
    while n in entries:
        lines.append(f"{n} {getattr(entries[n].value, part)}")
        n += 1
    return "\n".join(lines) + "\n"


def as_json(entries: Mapping[int, Entry]) -> list[dict[str, Any]]:
    return [{"numbers": e.numbers, "value": float(e.value), "value_exact": frac_str(e.value),
             "max_guesses": e.max_guesses, "certificate_sha256": e.certificate_sha256}
            for _, e in sorted(entries.items())]


@dataclass(frozen=True)
class Verification:
    """An entry of the table against a fresh certified solve of the same N."""

    numbers: int
    table: Entry
    solved: Fraction
    solved_max_guesses: int
    seconds: float

    @property
    def agrees(self) -> bool:
        return self.solved == self.table.value

    def to_json(self) -> dict[str, Any]:
        return {"numbers": self.numbers, "agrees": self.agrees,
                "value": float(self.table.value), "value_exact": frac_str(self.table.value),
                "solved": float(self.solved), "solved_exact": frac_str(self.solved),
                "max_guesses": self.table.max_guesses, "solved_max_guesses": self.solved_max_guesses,
                "certificate_sha256": self.table.certificate_sha256, "seconds": round(self.seconds, 3)}


def verify(
    numbers: int, entries: Mapping[int, Entry] | None = None, progress: Callable[[TraceStep], None] | None = None
) -> Verification:
    """Re-solve N from scratch (the solver checks its rational certificate exactly) and compare V(N) with
    the table. Optimal strategies need not be unique, so the digest is not compared; the value is.
    progress: called after each round of the solve (a progress display)."""
    import time

    from parlour.analyses.guess.solve import solve_guess

    table = shipped() if entries is None else entries
    if numbers not in table:
        raise InvalidInput(f"N = {numbers} is not in the table (it holds N = 1..{max(table, default=0)})")
    start = time.perf_counter()
    fresh = solve_guess(numbers, progress=progress)
    if not fresh.certified or fresh.value is None:
        raise InvalidInput(f"N = {numbers} could not be certified again")
    return Verification(numbers, table[numbers], fresh.proven_value(), fresh.max_guesses, time.perf_counter() - start)
