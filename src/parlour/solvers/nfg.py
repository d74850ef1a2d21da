"""Read and write two-player games in Gambit's strategic-form (.nfg) format.

Both payoff layouts of the format are read: the flat payoff list (each profile's payoffs, player 1's
strategy varying fastest) and the outcome list (`{ "name" p1, p2 }` outcomes numbered from 1, then one
outcome number per profile in the same order, 0 the null outcome paying nothing). `read_game` / `parse_game`
give any two-player game with both players' tables exactly (`NfgGame`); `read` / `parse` give player 1's
table of a constant-sum game, the zero-sum solver's input; `write` / `dumps` write a zero-sum game.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from parlour.errors import FormatError, InvalidInput, InvalidType, shown
from parlour.infra import spelling
from parlour.infra.files import output_file, read_text
from parlour.results import frac_str

# Gambit's two formats share their tokens (quoted labels with their escapes, braces, numbers such as 2, -1.5,
# 1/3 or 1e-3), each with its line: the .efg lexer reads both.
from parlour.solvers.efg import Lexer, prologue

if TYPE_CHECKING:
    from parlour.solvers.zerosum import MatrixLike

Table = tuple[tuple[Fraction, ...], ...]


@dataclass(frozen=True)
class NfgGame:
    """A two-player game of an .nfg file: both players' payoff tables (row r, column c: player 1 plays his
    strategy r, player 2 her strategy c), exact as written, and the file's names."""

    title: str
    players: tuple[str, str]
    strategies: tuple[tuple[str, ...], tuple[str, ...]]  # each player's strategy names (their numbers if none)
    payoffs: tuple[Table, Table]  # player 1's table, player 2's
    comment: str = ""

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.strategies[0]), len(self.strategies[1])

    @property
    def constant(self) -> Fraction | None:
        """The sum of both payoffs when it is the same in every profile (a constant-sum game), else None."""
        a, b = self.payoffs
        total = a[0][0] + b[0][0]
        same = all(x + y == total for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb, strict=True))
        return total if same else None


def parse_game(text: str, source: str = "the .nfg file") -> NfgGame:
    """The two-player game of .nfg text, in either payoff layout; a FormatError naming `source` and the
    line at the first thing wrong."""
    if not isinstance(text, str):
        raise InvalidType(f"{spelling.parameter('text')} must be the .nfg text (a str), got {shown(text)}")
    lex = Lexer(text, source)
    title, players = prologue(lex, "NFG", "1", "reads")
    rows, columns = _strategies(lex, len(text))
    comment = lex.next()[1] if lex.peek()[0] == "text" else ""
    cells = len(rows) * len(columns)
    pairs = _outcome_body(lex, cells) if lex.peek()[0] == "{" else _payoff_body(lex, cells)
    if lex.peek()[0] != "end":
        lex.next()
        raise lex.fail(f"the {len(rows)}x{len(columns)} game's payoffs are complete, but the file goes on")
    # player 1's strategy varies fastest: profile k is row k % m, column k // m
    m = len(rows)
    tables = tuple(tuple(tuple(pairs[i + m * j][p] for j in range(len(columns))) for i in range(m)) for p in (0, 1))
    return NfgGame(title, players, (rows, columns), (tables[0], tables[1]), comment)


def _strategies(lex: Lexer, size: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Both players' strategy names: a list of labels each (an empty label is named by its number), or a
    count each (the strategies are then named 1, 2, ...)."""
    lex.expect("{", "'{' before the strategies")
    found: list[tuple[str, ...]] = []
    while lex.peek()[0] != "}":
        kind, text = lex.next()
        player = len(found) + 1
        if kind == "{":
            labels: list[str] = []
            while lex.peek()[0] == "text":
                labels.append(lex.next()[1])
            lex.expect("}", f"'}}' after player {player}'s strategy names")
            if not labels:
                raise lex.fail(f"player {player} has no strategy")
            found.append(tuple(label or str(k) for k, label in enumerate(labels, 1)))
        elif kind == "word" and text.isascii() and text.isdigit():
            count = int(text) if len(text) < 10 else size + 1
            if not 1 <= count <= size:  # each strategy needs payoffs in the file: more cannot be right
                raise lex.fail(f"player {player} has {shown(text, 40)} strategies, which the file has no room "
                               "to give payoffs for" if count else f"player {player} has no strategy")
            found.append(tuple(str(k) for k in range(1, count + 1)))
        else:
            raise lex.fail(f"expected player {player}'s strategies (a count, or their names in braces), found "
                           f"{_said(kind, text)}")
    lex.next()
    if len(found) != 2:
        raise lex.fail(f"the strategies of 2 players are expected, found {len(found)}")
    if len(found[0]) * len(found[1]) > size:
        raise lex.fail(f"a {len(found[0])}x{len(found[1])} game needs more payoffs than the file has room for")
    return found[0], found[1]


def _payoff_body(lex: Lexer, cells: int) -> list[tuple[Fraction, Fraction]]:
    """The payoff layout: both players' payoffs for each profile in turn."""
    values: list[Fraction] = []
    while len(values) < 2 * cells:
        kind = lex.peek()[0]
        if kind == ",":
            lex.next()
            continue
        if kind == "end":
            raise lex.fail(f"expected {2 * cells} payoffs (two for each of the {cells} profiles), the file "
                           f"ends after {len(values)}")
        values.append(lex.number("a payoff"))
    return [(values[2 * k], values[2 * k + 1]) for k in range(cells)]


def _outcome_body(lex: Lexer, cells: int) -> list[tuple[Fraction, Fraction]]:
    """The outcome layout: `{ { "name" p1, p2 } ... }`, then each profile's outcome number (0: no payoff)."""
    lex.next()
    outcomes: list[tuple[Fraction, Fraction]] = []
    while lex.peek()[0] != "}":
        lex.expect("{", f"'{{' before outcome {len(outcomes) + 1}")
        if lex.peek()[0] == "text":
            lex.next()
        values: list[Fraction] = []
        while lex.peek()[0] != "}":
            if lex.peek()[0] == ",":
                lex.next()
            else:
                values.append(lex.number(f"a payoff of outcome {len(outcomes) + 1}"))
        lex.next()
        if len(values) != 2:
            raise lex.fail(f"outcome {len(outcomes) + 1} has {len(values)} payoffs; the game has 2 players")
        outcomes.append((values[0], values[1]))
    lex.next()
    pairs: list[tuple[Fraction, Fraction]] = []
    none = (Fraction(0), Fraction(0))
    for _ in range(cells):
        if lex.peek()[0] == "end":
            raise lex.fail(f"expected an outcome number for each of the {cells} profiles, the file ends after "
                           f"{len(pairs)}")
        k = lex.integer("an outcome number (0 for none)")
        if k > len(outcomes):
            raise lex.fail(f"outcome {k} is not defined (the file defines {len(outcomes)})")
        pairs.append(outcomes[k - 1] if k else none)
    return pairs


def _said(kind: str, text: str) -> str:
    if kind == "end":
        return "the end of the file"
    return f"the label {shown(text, 40)}" if kind == "text" else shown(text, 40)


def parse(text: str) -> tuple[np.ndarray, list[str], list[str], str]:
    """(A, row names, column names, title) of a constant-sum game's .nfg text; A is player 1's payoff table
    (object dtype: ints and Fractions). A FormatError for text that is no two-player constant-sum game."""
    return _constant_sum(parse_game(text))


def _constant_sum(game: NfgGame) -> tuple[np.ndarray, list[str], list[str], str]:
    if game.constant is None:
        raise FormatError("the .nfg game is not constant-sum, and `zerosum` solves zero-sum games; `parlour solve "
                          "FILE` lists the equilibria of any two-player game")
    a = np.empty(game.shape, dtype=object)
    for i, row in enumerate(game.payoffs[0]):
        for j, v in enumerate(row):
            a[i, j] = int(v) if v.denominator == 1 else v
    return a, list(game.strategies[0]), list(game.strategies[1]), game.title


def _path(path: object) -> str | Path:
    """`path` when it names a file (a str or an os.PathLike), else InvalidType naming it."""
    if isinstance(path, bytes) or not isinstance(path, str | os.PathLike):
        raise InvalidType(f"{spelling.parameter('path')} must be a file name (str or Path), got {shown(path)}")
    return path  # type: ignore[return-value]


def read_game(path: str | Path) -> NfgGame:
    """The two-player game of the .nfg file at `path`, both players' tables exact (`NfgGame`).

    Raises InvalidType for a `path` that is no file name, FormatError (naming the file and the line) for a
    file that cannot be read or is no two-player .nfg game."""
    text = read_text(_path(path), f"the game file {spelling.parameter('path', argument='GAME')}")
    return parse_game(text, str(path))


def read(path: str | Path) -> tuple[np.ndarray, list[str], list[str], str]:
    """(A, row names, column names, title) of the .nfg file at `path`; A is player 1's payoff (object dtype).

    Raises InvalidType for a `path` that is no file name, FormatError for a file that cannot be read or is
    no two-player constant-sum .nfg game."""
    return _constant_sum(read_game(path))


def _names(names: object, count: int, name: str) -> list[str]:
    """Strategy names: `count` strings without a double quote (the format's own delimiter)."""
    if names is None:
        return [str(k + 1) for k in range(count)]
    said = spelling.parameter(name)
    if isinstance(names, str | bytes) or not isinstance(names, Sequence) or not all(isinstance(x, str) for x in names):
        raise InvalidType(f"{said} must be a list of strings, got {shown(names)}")
    if len(names) != count or any('"' in x for x in names):
        raise InvalidInput(f"{said} must be {count} names without a double quote, got {shown(names)}")
    return list(names)


def dumps(matrix: MatrixLike, row_names: Sequence[str] | None = None, col_names: Sequence[str] | None = None,
          title: str = "parlour game") -> str:
    """The .nfg text of the zero-sum game whose row player's payoffs are `matrix` (any table of finite
    numbers, as `zerosum.solve` takes it); the names and the title are checked before anything is written."""
    from parlour.solvers.zerosum import as_matrix  # HiGHS and FLINT load with it: only when writing

    arr = as_matrix(matrix)
    m, n = arr.shape
    rows, cols = _names(row_names, m, "row_names"), _names(col_names, n, "col_names")
    if not isinstance(title, str):
        raise InvalidType(f"{spelling.parameter('title')} must be a string, got {shown(title)}")
    if '"' in title:
        raise InvalidInput(f"{spelling.parameter('title')} must hold no double quote, got {shown(title)}")
    quoted = " ".join(f'"{x}"' for x in rows), " ".join(f'"{x}"' for x in cols)
    lines = [f'NFG 1 R "{title}" {{ "Player 1" "Player 2" }} {{ {{ {quoted[0]} }} {{ {quoted[1]} }} }}', ""]
    payoffs = []
    for j in range(n):
        for i in range(m):
            v = Fraction(arr[i, j].item() if isinstance(arr[i, j], np.generic) else arr[i, j])
            payoffs.append(f"{frac_str(v)} {frac_str(-v)}")
    lines.append(" ".join(payoffs))
    return "\n".join(lines) + "\n"


def write(path: str | Path, matrix: MatrixLike, row_names: Sequence[str] | None = None,
          col_names: Sequence[str] | None = None, title: str = "parlour game") -> None:
    """Write the game to `path` in .nfg form. Everything is checked first (the path's folder exists and is
    writable, the matrix is a table of finite numbers, the names fit), so a refusal leaves no file."""
    target = output_file(_path(path), spelling.parameter("path"))
    target.write_text(dumps(matrix, row_names, col_names, title))


__all__ = ["NfgGame", "Table", "dumps", "parse", "parse_game", "read", "read_game", "write"]
