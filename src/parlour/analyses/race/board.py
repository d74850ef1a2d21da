"""One player alone on a race board: the squares a piece can stand on and every throw's next square; whether
the players ever affect each other; whether one player always finishes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["EMPTY", "NEEDED", "Moves", "all_finish", "apart", "load", "one_player"]

# A race board file starts empty: what it does not say is not there (no goose, no bridge, no inn, an
# overshooting throw is void, pieces may share a square). `base = "goose"` starts from the Goose's board
# instead (`games.goose.rules.STUDY`), as `parlour goose solve --rules` always does.
NEEDED = {"end": "its last square (end = 20)", "dice": "the faces of each die (dice = [[1, 2, 3, 4, 5, 6]])"}
EMPTY = {"geese": [], "jumps": {}, "inns": [], "wells": [], "start_jumps": {}, "bounce": False, "occupancy": False}

Moves = list[list[tuple[int, int]]]  # per square: (next square's index, -1 at the end; weight over den)


def load(path: str | Path) -> Any:
    """The race game of a rule file for `parlour solve` (a `games.goose.rules.RuleSet`): empty where the file is
    silent, the Goose's board under `base = "goose"`; one sentence for a file that names no board."""
    import tomllib

    from parlour.errors import FormatError
    from parlour.games.goose import rules as gr
    from parlour.infra.files import read_text

    try:
        data = tomllib.loads(read_text(path, "the rule file"))
    except tomllib.TOMLDecodeError as exc:
        raise FormatError(f"{path} is not valid TOML: {exc}") from None
    base = data.get("base")
    if base not in (None, "goose"):
        raise FormatError(f"{path}: base = {base!r}: the one board a race file can start from is \"goose\" "
                          "(or leave base out for an empty board)")
    if base is None:
        missing = [said for key, said in NEEDED.items() if key not in data]
        if missing and set(data) <= {*gr.RuleSet.__dataclass_fields__, "base"}:  # an unknown key is said first
            raise FormatError(f"{path}: a race board needs {' and '.join(missing)}, or base = \"goose\" for the "
                              "Goose's board")
        data = {**EMPTY, **data}
    return gr.from_mapping(data, name=Path(path).stem)


def one_player(rules: Any) -> tuple[list[int], int, Moves]:
    """The squares a piece can stand on (the end left out), the start's index, and from each square every
    throw's (next square's index, -1 at the end; multiplicity over rules.denominator)."""
    from parlour.games.goose import rules as gr

    squares = [s for s in rules.standable if s != rules.end]
    if rules.start not in squares:
        squares.insert(0, rules.start)
    where = {s: i for i, s in enumerate(squares)}
    moves = []
    for s in squares:
        row = []
        for faces, mult in rules.throws:
            nxt = gr.chain(rules, s, faces).end
            row.append((-1 if nxt == rules.end else where[nxt], mult))
        moves.append(row)
    return squares, where[rules.start], moves


def apart(rules: Any) -> bool:
    """Whether the players never affect each other (no well, no inn, no occupancy rule): then each moves on
    its own chain, and who wins follows from one player's finishing times."""
    return not (rules.wells or rules.inns or rules.occupancy)


def finishing(moves: Moves) -> set[int]:
    """The squares from which the end can be reached."""
    done = {i for i, row in enumerate(moves) if any(j < 0 for j, _ in row)}
    grew = True
    while grew:  # squares with a throw to a finishing square finish too
        more = {i for i, row in enumerate(moves) if i not in done and any(j in done for j, _ in row)}
        done |= more
        grew = bool(more)
    return done


def all_finish(moves: Moves, start: int) -> bool:
    """Whether the end can be reached from every square reached from `start` (then one player finishes
    with probability 1)."""
    reached, todo = {start}, [start]
    while todo:
        for j, _ in moves[todo.pop()]:
            if j >= 0 and j not in reached:
                reached.add(j)
                todo.append(j)
    return reached <= finishing(moves)
