"""The real card game, played out: a shuffled deck with actual card identities and two players
with perfect memory who follow a policy (state -> tactic class). An independent check of the
Bellman values: it never uses the category counts or the transition formulas, only the cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from parlour.errors import InvalidInput
from parlour.games.memory.rules import Card, State, Tactic, applicable, tactic_classes
from parlour.infra.stats import Z95, Interval, mean_interval


@dataclass(frozen=True)
class GameRecord:
    first_pairs: float  # a stalemate splits the pairs left equally
    second_pairs: float
    stalemate: bool
    pairs_left_at_end: int
    turns: int


class _Table:
    """The cards still lying on the table and what both players have seen of them."""

    def __init__(self, faces: list[int]) -> None:
        self.face = dict(enumerate(faces))  # position -> face, only cards still on the table
        self.known: set[int] = set()

    def partner(self, pos: int) -> int:
        f = self.face[pos]
        return next(q for q, g in self.face.items() if g == f and q != pos)

    def state(self) -> State:
        P = sum(1 for q in self.known if self.partner(q) in self.known)
        return State(len(self.face), len(self.known), P)

    def known_with_partner(self, exclude: set[int]) -> list[int]:
        return [q for q in self.known if q not in exclude and self.partner(q) in self.known]

    def known_without_partner(self, exclude: set[int]) -> list[int]:
        return [q for q in self.known if q not in exclude and self.partner(q) not in self.known]

    def unknown(self, exclude: set[int]) -> list[int]:
        return [q for q in self.face if q not in self.known and q not in exclude]


def _pick(table: _Table, choice: Card, first: int | None, rng: random.Random) -> int:
    exclude: set[int] = set()
    if first is not None:
        exclude = {first}
        if first in table.known and table.partner(first) in table.known:
            exclude.add(table.partner(first))
    if choice is Card.NEK:
        assert first is not None
        return table.partner(first)
    pool = {
        Card.BMN: table.known_with_partner,
        Card.BZN: table.known_without_partner,
        Card.ONB: table.unknown,
    }[choice](exclude)
    if not pool:
        raise AssertionError(f"policy chose {choice} but there is no such card")
    return rng.choice(sorted(pool))


def play_turn(table: _Table, tactic: Tactic, rng: random.Random) -> bool:
    """Turn two cards as the tactic says; True when they matched (and were taken)."""
    first_choice = tactic.first
    a = _pick(table, first_choice, None, rng)
    if first_choice is Card.ONB:
        kbn = table.partner(a) in table.known
        table.known.add(a)
        second = tactic.then if kbn else tactic.otherwise
    else:
        second = tactic.second
    assert second is not None
    b = _pick(table, second, a, rng)
    table.known.update((a, b))
    if table.face[a] == table.face[b]:
        for q in (a, b):
            del table.face[q]
            table.known.discard(q)
        return True
    return False


def play_game(pairs: int, policy: Mapping[State, str], rng: random.Random) -> GameRecord:
    classes = {c.name: c for c in tactic_classes()}
    faces = [i // 2 for i in range(2 * pairs)]
    rng.shuffle(faces)
    table = _Table(faces)
    score = [0.0, 0.0]
    mover, passes, turns = 0, 0, 0
    while table.face:
        st = table.state()
        cls = classes[policy[st]]
        tactic = next(t for t in cls.members if applicable(t, st))
        turns += 1
        if cls.is_pass:
            passes += 1
            if passes == 2:  # both passed in the same state: they would pass forever
                left = len(table.face) // 2
                score[0] += left / 2
                score[1] += left / 2
                return GameRecord(score[0], score[1], True, left, turns)
        else:
            passes = 0
        if play_turn(table, tactic, rng):
            score[mover] += 1
        else:
            mover = 1 - mover
    return GameRecord(score[0], score[1], False, 0, turns)


@dataclass(frozen=True)
class SimulationSummary:
    """Means over the simulated games with their 95 % intervals (infra.stats)."""

    pairs: int
    games: int
    seed: int
    first_pairs: Interval  # the first player's pairs per game
    advantage: Interval  # first's pairs minus the second's
    stalemate_rate: Interval  # the share of games ending in a mutual pass
    mean_pairs_left_at_stalemate: float | None

    @property
    def second_pairs(self) -> float:
        return self.pairs - self.first_pairs.estimate


def standard_error(interval: Interval) -> float:
    """The standard error behind a normal 95 % interval."""
    return (interval.high - interval.low) / (2 * Z95)


REPORT_EVERY = 500  # games between progress reports (40 pairs: ~1 s)


def simulate(pairs: int, games: int, policy: Mapping[State, str], seed: int = 0,
             progress: Callable[[int], None] | None = None) -> SimulationSummary:
    """`games` shuffled decks played with `policy`; `progress` hears the games played so far."""
    if games < 2:
        raise InvalidInput(f"simulate at least 2 games, got {games}")
    rng = random.Random(seed)
    firsts, advs, stal, lefts = [], [], [], []
    for k in range(games):
        if progress is not None and k % REPORT_EVERY == 0:
            progress(k)
        g = play_game(pairs, policy, rng)
        firsts.append(g.first_pairs)
        advs.append(g.first_pairs - g.second_pairs)
        stal.append(1.0 if g.stalemate else 0.0)
        if g.stalemate:
            lefts.append(g.pairs_left_at_end)

    if progress is not None:
        progress(games)

    def interval(xs: list[float]) -> Interval:
        return mean_interval(sum(xs), sum(x * x for x in xs), len(xs))

    return SimulationSummary(pairs, games, seed, interval(firsts), interval(advs), interval(stal),
                             sum(lefts) / len(lefts) if lefts else None)


__all__ = ["REPORT_EVERY", "GameRecord", "SimulationSummary", "play_game", "play_turn", "simulate", "standard_error"]
