"""The exact law of the absorption time of a small chain: after every step, the mass absorbed at that step
and the mass still transient, as integers over den^t (no rounding: Python integers grow as they must)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["absorption_steps"]


def absorption_steps(moves: Sequence[Sequence[tuple[int, int]]], start: int) -> Iterator[tuple[int, int]]:
    """For t = 1, 2, ...: (absorbed at step t, transient after step t), both times den^t.

    `moves[i]` lists state i's successors as (next state, or -1 when absorbed; integer weight over den),
    the weights of a state summing to den. The caller stops the (endless) iteration."""
    counts = [0] * len(moves)  # the chance of standing on each state after t steps, times den^t
    counts[start] = 1
    while True:
        nxt = [0] * len(moves)
        absorbed = 0
        for i, c in enumerate(counts):
            if c:
                for j, mult in moves[i]:
                    if j < 0:
                        absorbed += c * mult
                    else:
                        nxt[j] += c * mult
        counts = nxt
        yield absorbed, sum(counts)
