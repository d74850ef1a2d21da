"""Read and write two-player zero-sum games in Gambit's strategic-form (.nfg) format.

Both payoff layouts of the format are read: the flat payoff list (player 1's strategy varying
fastest) and the outcome list with a profile-to-outcome index table.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from parlour.errors import FormatError, InvalidInput, InvalidType, shown
from parlour.infra import spelling
from parlour.infra.files import output_file, read_text
from parlour.results import frac_str

if TYPE_CHECKING:
    from parlour.solvers.zerosum import MatrixLike

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}]|[^\s{}",]+|,')


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text) if t != ","]


def _number(token: str) -> Fraction:
    try:
        return Fraction(token)
    except (ValueError, ZeroDivisionError):
        raise FormatError(f"malformed .nfg: {shown(token)} is not a number") from None


Nested = list["str | Nested"]


def _group(tokens: list[str], pos: int) -> tuple[Nested, int]:
    """Parse a {...} group starting at tokens[pos] == "{" into nested lists."""
    if pos >= len(tokens) or tokens[pos] != "{":
        raise FormatError("malformed .nfg: expected '{'")
    out: Nested = []
    pos += 1
    while pos < len(tokens) and tokens[pos] != "}":
        if tokens[pos] == "{":
            inner, pos = _group(tokens, pos)
            out.append(inner)
        else:
            out.append(tokens[pos])
            pos += 1
    if pos >= len(tokens):
        raise FormatError("malformed .nfg: unbalanced '{'")
    return out, pos + 1


def parse(text: str) -> tuple[np.ndarray, list[str], list[str], str]:
    """(A, row names, column names, title) from .nfg text; A is player 1's payoff (object dtype)."""
    if not isinstance(text, str):
        raise InvalidType(f"{spelling.parameter('text')} must be the .nfg text (a str), got {shown(text)}")
    tokens = _tokens(text)
    if len(tokens) < 4 or tokens[0] != "NFG" or tokens[1] != "1" or tokens[2] not in ("R", "D"):
        raise FormatError("malformed .nfg: it must start with 'NFG 1 R'")
    title = tokens[3].strip('"')
    players, pos = _group(tokens, 4)
    if len(players) != 2:
        raise FormatError(f"parlour reads two-player games only; this .nfg has {len(players)} players")
    strategies, pos = _group(tokens, pos)
    if len(strategies) != 2:
        raise FormatError("malformed .nfg: the strategy block must describe two players")
    names: list[list[str]] = []
    for entry in strategies:
        if isinstance(entry, list):
            names.append([str(s).strip('"') for s in entry])
        else:
            try:
                count = int(entry)
            except ValueError:
                raise FormatError(f"malformed .nfg: bad strategy count {shown(entry)}") from None
            if count < 1:
                raise FormatError("malformed .nfg: a player needs at least one strategy")
            if count > len(tokens):  # every strategy needs payoffs in the file: a larger count cannot be right
                raise FormatError(f"malformed .nfg: {shown(entry)} strategies, but the file holds {len(tokens)} "
                                  "numbers in all")
            names.append([str(k + 1) for k in range(count)])
    m, n = len(names[0]), len(names[1])
    rest = tokens[pos:]
    if rest and rest[0].startswith('"'):  # an optional comment string
        rest = rest[1:]
    if rest and rest[0] == "{":  # outcome form: { { "name" p1 p2 } ... } then profile indices
        outcomes, end = _group(rest, 0)
        payoffs = []
        for outcome in outcomes:
            if not isinstance(outcome, list):
                raise FormatError("malformed .nfg: an outcome must be a { ... } group")
            values = [v for v in outcome if not str(v).startswith('"')]
            if len(values) != 2:
                raise FormatError("malformed .nfg: each outcome needs two payoffs")
            payoffs.append((_number(str(values[0])), _number(str(values[1]))))
        indices = rest[end:]
        if len(indices) != m * n:
            raise FormatError(f"malformed .nfg: expected {m * n} outcome indices, got {len(indices)}")
        pairs: list[tuple[Fraction, Fraction]] = []
        for token in indices:
            k = int(_number(token))
            if k == 0:
                pairs.append((Fraction(0), Fraction(0)))
            elif 1 <= k <= len(payoffs):
                pairs.append(payoffs[k - 1])
            else:
                raise FormatError(f"malformed .nfg: outcome index {k} out of range")
    else:
        numbers = [_number(str(t)) for t in rest]
        if len(numbers) != 2 * m * n:
            raise FormatError(f"malformed .nfg: expected {2 * m * n} payoffs, got {len(numbers)}")
        pairs = [(numbers[2 * k], numbers[2 * k + 1]) for k in range(m * n)]
    a = np.empty((m, n), dtype=object)
    total = pairs[0][0] + pairs[0][1]
    for k, (p1, p2) in enumerate(pairs):
        if p1 + p2 != total:
            raise FormatError("the .nfg game is not constant-sum; parlour solves zero-sum games")
        i, j = k % m, k // m  # player 1's strategy varies fastest
        a[i, j] = int(p1) if p1.denominator == 1 else p1
    return a, names[0], names[1], title


def _path(path: object) -> str | Path:
    """`path` when it names a file (a str or an os.PathLike), else InvalidType naming it."""
    if isinstance(path, bytes) or not isinstance(path, str | os.PathLike):
        raise InvalidType(f"{spelling.parameter('path')} must be a file name (str or Path), got {shown(path)}")
    return path  # type: ignore[return-value]


def read(path: str | Path) -> tuple[np.ndarray, list[str], list[str], str]:
    """(A, row names, column names, title) of the .nfg file at `path`; A is player 1's payoff (object dtype).

    Raises InvalidType for a `path` that is no file name, FormatError for a file that cannot be read or is
    no two-player constant-sum .nfg game."""
    return parse(read_text(_path(path), f"the game file {spelling.parameter('path', argument='GAME')}"))


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


__all__ = ["Nested", "dumps", "parse", "read", "write"]
