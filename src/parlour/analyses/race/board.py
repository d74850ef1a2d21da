"""One player alone on a race board: the squares a piece can stand on and every throw's next square; whether
the players ever affect each other; whether one player always finishes."""

from __future__ import annotations

from typing import Any

__all__ = ["Moves", "all_finish", "apart", "one_player"]

Moves = list[list[tuple[int, int]]]  # per square: (next square's index, -1 at the end; weight over den)


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
