"""An embedded SQLite store of certified solutions, one row per N, committed one N at a time.

Exact numbers are stored as text ("p/q"), strategies as JSON. A killed sweep loses at most the N's
that were running: every finished N is its own committed transaction (WAL journal).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from parlour.errors import FormatError
from parlour.results import frac_str

SCHEMA = """
CREATE TABLE IF NOT EXISTS guess_solutions (
    n INTEGER PRIMARY KEY,
    value TEXT NOT NULL,
    value_float REAL NOT NULL,
    certified INTEGER NOT NULL,
    alice TEXT NOT NULL,
    bob TEXT NOT NULL,
    iterations INTEGER NOT NULL,
    max_guesses INTEGER NOT NULL,
    seconds REAL NOT NULL,
    lp_seconds REAL NOT NULL,
    oracle_seconds REAL NOT NULL,
    trace TEXT NOT NULL,
    solved_at TEXT NOT NULL
)
"""
COLUMNS = (
    "n", "value", "value_float", "certified", "alice", "bob", "iterations", "max_guesses",
    "seconds", "lp_seconds", "oracle_seconds", "trace", "solved_at",
)


@dataclass(frozen=True)
class StoredSolution:
    n: int
    value: Fraction
    value_float: float
    certified: bool
    alice: tuple[Fraction, ...]
    bob: tuple[tuple[tuple[int, ...], Fraction], ...]
    iterations: int
    max_guesses: int
    seconds: float
    lp_seconds: float
    oracle_seconds: float
    trace: tuple[tuple[float, float], ...]  # (upper, lower) per iteration


def record_of(solution: Any) -> dict[str, Any]:
    """The row for a certified `GuessSolution` (plain data: it crosses process boundaries)."""
    def num(p: Fraction | float) -> str | float:
        return frac_str(p) if isinstance(p, Fraction) else float(p)

    return {
        "n": solution.numbers,
        "value": frac_str(solution.value) if isinstance(solution.value, Fraction) else None,
        "value_float": solution.value_float,
        "certified": int(solution.certified),
        "alice": json.dumps([num(p) for p in solution.alice]),
        "bob": json.dumps([{"depths": list(t.depths), "p": num(p)} for t, p in solution.bob]),
        "iterations": solution.iterations,
        "max_guesses": solution.max_guesses,
        "seconds": solution.seconds,
        "lp_seconds": solution.lp_seconds,
        "oracle_seconds": solution.oracle_seconds,
        "trace": json.dumps([[s.upper, s.lower] for s in solution.trace]),
        "solved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.exists() and not self.path.is_file():
            raise FormatError(f"{self.path} is not a file, so it cannot be a solution store")
        try:
            self.conn = sqlite3.connect(self.path)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute(SCHEMA)
            cols = [r[1] for r in self.conn.execute("PRAGMA table_info(guess_solutions)")]
        except sqlite3.DatabaseError as exc:
            raise FormatError(f"{self.path} is not a readable SQLite store ({exc})") from None
        if tuple(cols) != COLUMNS:
            raise FormatError(f"{self.path} has a guess_solutions table of another layout")

    def close(self) -> None:
        self.conn.close()

    def solved(self) -> set[int]:
        return {int(r[0]) for r in self.conn.execute("SELECT n FROM guess_solutions WHERE certified = 1")}

    def put(self, record: dict[str, Any]) -> None:
        marks = ", ".join("?" for _ in COLUMNS)
        with self.conn:  # one transaction per N: a kill keeps every finished N
            self.conn.execute(
                f"INSERT OR REPLACE INTO guess_solutions ({', '.join(COLUMNS)}) VALUES ({marks})",
                [record[c] for c in COLUMNS],
            )

    def get(self, n: int) -> StoredSolution | None:
        row = self.conn.execute(
            f"SELECT {', '.join(COLUMNS)} FROM guess_solutions WHERE n = ?", (n,)
        ).fetchone()
        return None if row is None else _parse(row)

    def all(self) -> Iterator[StoredSolution]:
        for row in self.conn.execute(f"SELECT {', '.join(COLUMNS)} FROM guess_solutions ORDER BY n"):
            yield _parse(row)


def _parse(row: tuple[Any, ...]) -> StoredSolution:
    d = dict(zip(COLUMNS, row, strict=True))
    try:
        return StoredSolution(
            n=int(d["n"]),
            value=Fraction(d["value"]),
            value_float=float(d["value_float"]),
            certified=bool(d["certified"]),
            alice=tuple(Fraction(p) for p in json.loads(d["alice"])),
            bob=tuple((tuple(b["depths"]), Fraction(b["p"])) for b in json.loads(d["bob"])),
            iterations=int(d["iterations"]),
            max_guesses=int(d["max_guesses"]),
            seconds=float(d["seconds"]),
            lp_seconds=float(d["lp_seconds"]),
            oracle_seconds=float(d["oracle_seconds"]),
            trace=tuple((float(u), float(lo)) for u, lo in json.loads(d["trace"])),
        )
    except (ValueError, KeyError, TypeError, ZeroDivisionError) as exc:
        raise FormatError(f"a stored solution (N={d.get('n')}) could not be read: {exc}") from None


@contextmanager
def open_store(path: str | Path) -> Iterator[Store]:
    store = Store(path)
    try:
        yield store
    finally:
        store.close()


__all__ = ["COLUMNS", "SCHEMA", "Store", "StoredSolution", "open_store", "record_of"]
