"""Read and write two-player zero-sum games in Gambit's strategic-form (.nfg) format.

Both payoff layouts of the format are read: the flat payoff list (player 1's strategy varying
fastest) and the outcome list with a profile-to-outcome index table.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import numpy as np

from parlour.errors import FormatError, shown
from parlour.infra.files import read_text
from parlour.results import frac_str

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


def read(path: str | Path) -> tuple[np.ndarray, list[str], list[str], str]:
    return parse(read_text(path, "the game file"))


def dumps(matrix: np.ndarray, row_names: list[str] | None = None, col_names: list[str] | None = None,
          title: str = "parlour game") -> str:
    m, n = np.shape(matrix)
    rows = row_names or [str(i + 1) for i in range(m)]
    cols = col_names or [str(j + 1) for j in range(n)]
    quoted = " ".join(f'"{s}"' for s in rows), " ".join(f'"{s}"' for s in cols)
    lines = [f'NFG 1 R "{title}" {{ "Player 1" "Player 2" }} {{ {{ {quoted[0]} }} {{ {quoted[1]} }} }}', ""]
    payoffs = []
    for j in range(n):
        for i in range(m):
            v = Fraction(matrix[i][j])
            payoffs.append(f"{frac_str(v)} {frac_str(-v)}")
    lines.append(" ".join(payoffs))
    return "\n".join(lines) + "\n"


def write(path: str | Path, matrix: np.ndarray, **kwargs: object) -> None:
    Path(path).write_text(dumps(matrix, **kwargs))  # type: ignore[arg-type]


__all__ = ["Nested", "dumps", "parse", "read", "write"]
