"""A match on real cards: a person against the optimal perfect-memory player, with the analysis's hints.

The page's game (parlour.web.memory) played out card by card: a deal (the face at every position), the
person's flips in order, and the computer, who plays the exact DP's canonical optimal policy
(`MemorySolution.policy`: the lowest-numbered optimal tactic, passing only when nothing else is
optimal) on concrete cards. `replay` rebuilds the whole match from the deal and the person's flips, so a
server that keeps no state checks a game by replaying it and never trusts a figure sent back to it.

Both players have perfect memory: every card ever turned stays known (the page shows seen cards to the
person too). Two passes in a row (a pass: two cards that were both known before the turn and do not
match, which leaves <k,B,P> unchanged) end the match in a stalemate: both would pass forever, and the
pairs left are shared equally, which is how the analysis values it (w = k/2).

The hints are the analysis's numbers: at the start of a turn every playable tactic class's value
(`exact.tactic_values`, the same as `parlour memory state k B P`); after the first card of a turn, the
value of each kind of second card, conditional on what the first card showed (`second_card_values`,
read off the same tactic templates; the tests check that it averages back to the tactic values).
All values are expected cards still to come for the player to move, from the start of the turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache

from flint import fmpq

from parlour.analyses.memory.dp import branches, to_fraction
from parlour.analyses.memory.exact import MemorySolution, solve_exact, tactic_values
from parlour.errors import InvalidInput
from parlour.games.memory.rules import BASE, Card, Leaf, State, Tactic, applicable, by_number, tactic_classes, template

MAX_MATCH_PAIRS = 20  # the page's largest table: every state up to it is solved once (about 0.1 s)
YOU, COMPUTER = "you", "computer"
PLAYERS = (YOU, COMPUTER)

# Where a card stands at the start of a turn (rules.py's categories): known with its partner known,
# known alone, unknown with its partner known, unknown with its partner unknown.
KP, KS, US, UU = "kp", "ks", "us", "uu"
SECOND_CHOICES: dict[str, tuple[Card, ...]] = {
    KP: (Card.NEK, Card.BMN, Card.BZN, Card.ONB),
    KS: (Card.BMN, Card.BZN, Card.ONB),  # its partner is unknown: it cannot be chosen
    US: (Card.NEK, Card.BMN, Card.BZN, Card.ONB),
    UU: (Card.BMN, Card.BZN, Card.ONB),
}


@cache
def solution(pairs: int = MAX_MATCH_PAIRS) -> MemorySolution:
    """Every state up to `pairs` pairs, solved once per process (the values of a state do not depend on
    how many pairs the solve went up to, so one solve serves every table size)."""
    return solve_exact(pairs)


def other(player: str) -> str:
    return COMPUTER if player == YOU else YOU


def deal(pairs: int, rng: random.Random) -> tuple[int, ...]:
    """Faces 0..pairs-1, two of each, shuffled: the face at every position."""
    faces = [i // 2 for i in range(2 * pairs)]
    rng.shuffle(faces)
    return tuple(faces)


@dataclass(frozen=True)
class Turn:
    """One finished turn: who turned which two cards, in which state, and what came of it."""

    player: str
    cards: tuple[int, int]
    faces: tuple[int, int]
    state: State  # <k,B,P> at the start of the turn
    tactic: str | None  # the computer's tactic class; None for the person's turns
    matched: bool
    passed: bool  # both cards known before the turn, no match: the state is unchanged


@dataclass(frozen=True)
class Match:
    """Everything `replay` derives from a deal and the person's flips."""

    pairs: int
    first: str  # who moved first
    faces: tuple[int, ...]  # the deal: never sent to the page
    turns: tuple[Turn, ...]
    taken_by: Mapping[int, str]  # position -> the player who took it
    seen: frozenset[int]  # positions on the table that have been turned (the open card included)
    open_card: int | None  # the first card of the person's unfinished turn
    mover: str
    won: Mapping[str, int]  # pairs taken so far
    stalemate: bool
    open_was_known: bool = False  # the open card had been seen before this turn

    @property
    def on_table(self) -> tuple[int, ...]:
        return tuple(q for q in range(len(self.faces)) if q not in self.taken_by)

    @property
    def over(self) -> bool:
        return self.stalemate or not self.on_table

    def known_before_turn(self) -> frozenset[int]:
        """The seen cards as they were at the start of the current turn (without the open card, unless it
        had been seen before)."""
        if self.open_card is None or self.open_was_known:
            return self.seen
        return self.seen - {self.open_card}

    def state(self) -> State:
        """<k,B,P> at the start of the current turn."""
        return table_state(self.faces, self.on_table, self.known_before_turn())

    def final_pairs(self) -> dict[str, Fraction]:
        """Pairs each player ends with: the pairs taken, plus half the pairs left after a stalemate."""
        left = Fraction(len(self.on_table), 4) if self.stalemate else Fraction(0)
        return {p: self.won[p] + left for p in PLAYERS}


@lru_cache(maxsize=64)
def _partners(faces: tuple[int, ...]) -> tuple[int, ...]:
    where: dict[int, list[int]] = {}
    for q, f in enumerate(faces):
        where.setdefault(f, []).append(q)
    return tuple(next(r for r in where[f] if r != q) for q, f in enumerate(faces))


def partner(faces: tuple[int, ...], q: int) -> int:
    """The position of the card with the same face (a replay asks this thousands of times: cached)."""
    return _partners(faces)[q]


def table_state(faces: tuple[int, ...], on_table: Sequence[int], known: frozenset[int] | set[int]) -> State:
    P = sum(1 for q in known if partner(faces, q) in known)
    return State(len(on_table), len(known), P)


def category(faces: tuple[int, ...], q: int, known: frozenset[int] | set[int]) -> str:
    mine, theirs = q in known, partner(faces, q) in known
    return (KP if theirs else KS) if mine else (US if theirs else UU)


class Table:
    """The cards on the table during a replay, and what both players have seen of them."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.on = set(range(len(faces)))
        self.seen: set[int] = set()
        self.taken_by: dict[int, str] = {}

    def state(self) -> State:
        return table_state(self.faces, sorted(self.on), self.seen)

    def candidates(self, choice: Card, first: int | None) -> list[int]:
        """The cards of a kind the computer may turn (as rules.py counts them: a known second card is
        neither the first card nor, when that one's partner is known, its partner)."""
        exclude: set[int] = set()
        if first is not None:
            exclude = {first}
            if partner(self.faces, first) in self.seen:
                exclude.add(partner(self.faces, first))
        if choice is Card.NEK:
            assert first is not None
            return [partner(self.faces, first)]
        out = []
        for q in sorted(self.on - exclude):
            kind = category(self.faces, q, self.seen)
            if (choice, kind) in ((Card.BMN, KP), (Card.BZN, KS)) or (choice is Card.ONB and q not in self.seen):
                out.append(q)
        return out

    def finish(self, player: str, a: int, b: int) -> bool:
        """Both cards are now seen; a match is taken. True when they matched."""
        self.seen.update((a, b))
        if self.faces[a] != self.faces[b]:
            return False
        for q in (a, b):
            self.on.discard(q)
            self.seen.discard(q)
            self.taken_by[q] = player
        return True


def computer_turn(table: Table, name: str, rng: random.Random) -> tuple[int, int]:
    """The two cards the computer turns under tactic class `name` (its first member that can be played);
    unknown cards are drawn at random among the unknown ones, so the computer never uses the deal."""
    st = table.state()
    cls = next(c for c in tactic_classes() if c.name == name)
    tactic = next(t for t in cls.members if applicable(t, st))
    a = rng.choice(table.candidates(tactic.first, None))
    if tactic.first is Card.ONB:
        known_partner = partner(table.faces, a) in table.seen
        table.seen.add(a)
        second = tactic.then if known_partner else tactic.otherwise
    else:
        second = tactic.second
    assert second is not None
    return a, rng.choice(table.candidates(second, a))


def _person_flip(table: Table, moves: Sequence[int], i: int, first: int | None) -> int:
    q = moves[i]
    if not 0 <= q < len(table.faces):
        raise InvalidInput(f"flip {i + 1}: there is no card {q} on a table of {len(table.faces)} cards")
    if q not in table.on:
        raise InvalidInput(f"flip {i + 1}: card {q} was already taken")
    if q == first:
        raise InvalidInput(f"flip {i + 1}: card {q} is already face up in this turn")
    return q


def replay(pairs: int, faces: tuple[int, ...], first: str, moves: Sequence[int], seed: int) -> Match:
    """Play the match: the person's flips `moves` in order, the computer's turns by the optimal policy
    with its random choices drawn from `seed`. Every flip is checked (on the table, not the open card);
    flips after the end of the match are refused."""
    if first not in PLAYERS:
        raise InvalidInput(f"the first player must be one of {', '.join(PLAYERS)}")
    if sorted(faces) != [i // 2 for i in range(2 * pairs)]:
        raise InvalidInput("the deal is not two cards of each face")
    policy = solution().policy
    rng = random.Random(seed)
    table = Table(faces)
    turns: list[Turn] = []
    won = {YOU: 0, COMPUTER: 0}
    mover, passes, i = first, 0, 0
    open_card: int | None = None
    open_was_known = False
    while table.on and passes < 2:
        st = table.state()
        before = set(table.seen)
        tactic: str | None = None
        if mover == COMPUTER:
            tactic = policy[st]
            a, b = computer_turn(table, tactic, rng)
        else:
            if i >= len(moves):
                break
            a = _person_flip(table, moves, i, None)
            i += 1
            if i >= len(moves):
                open_card, open_was_known = a, a in table.seen
                table.seen.add(a)
                break
            b = _person_flip(table, moves, i, a)
            i += 1
        passed = a in before and b in before and faces[a] != faces[b]
        matched = table.finish(mover, a, b)
        turns.append(Turn(mover, (a, b), (faces[a], faces[b]), st, tactic, matched, passed))
        passes = passes + 1 if passed else 0
        if matched:
            won[mover] += 1
        else:
            mover = other(mover)
    if i < len(moves):
        raise InvalidInput(f"flip {i + 1} comes after the end of the game")
    return Match(pairs, first, faces, tuple(turns), dict(table.taken_by), frozenset(table.seen), open_card,
                 mover, won, passes >= 2, open_was_known=open_was_known)


# ---------------------------------------------------------------------------------------------
# Hints: the analysis's values for the player to move


@dataclass(frozen=True)
class TacticHint:
    name: str  # "T1", ...
    label: str
    value: Fraction  # expected cards still to come for the mover, from the start of the turn
    optimal: bool


@dataclass(frozen=True)
class TurnHint:
    """At the start of a turn: w, every playable class's value, the optimal ones, and whether passing is
    optimal (then the stalemate rule applies)."""

    state: State
    w: Fraction
    tactics: tuple[TacticHint, ...]
    optimal: tuple[str, ...]
    pass_optimal: bool
    first_card_values: Mapping[str, Fraction] = field(default_factory=dict)  # category -> best value


def turn_hint(st: State) -> TurnHint:
    sol = solution()
    values = tactic_values(sol, st)
    optimal = by_number(sol.optimal[st])
    labels = {c.name: c.label for c in tactic_classes()}
    tactics = tuple(TacticHint(n, labels[n], to_fraction(v), n in optimal) for n, v in sorted(
        values.items(), key=lambda item: int(item[0][1:])))
    return TurnHint(st, to_fraction(sol.values[st]), tactics, optimal, "T2" in optimal, first_card_values(st))


def _value(leaves: tuple[Leaf, ...], st: State, w: Mapping[State, fmpq]) -> fmpq:
    v = fmpq(0)
    for p, nxt, again in branches(leaves, st):
        v += p * (w[nxt] + 2) if again else p * (st.k - w[nxt])
    return v


def _branch_leaves(choice: Card, first: str) -> tuple[Leaf, ...]:
    """The leaves of the turn that starts with a first card of category `first` and goes on with a second
    card of kind `choice` (for an unknown first card: the leaves of its branch, kbn or not)."""
    if first == KP:
        return template(Tactic(Card.BMN, choice))
    if first == KS:
        return template(Tactic(Card.BZN, choice))
    # an unknown first card: the branch whose first factor draws from that category; the other branch's
    # choice is irrelevant to these leaves
    if first == US:
        leaves = template(Tactic(Card.ONB, then=choice, otherwise=Card.ONB))
    else:
        leaves = template(Tactic(Card.ONB, then=Card.ONB, otherwise=choice))
    return tuple(leaf for leaf in leaves if leaf.factors and leaf.factors[0][0] == BASE[first])


def _first_count(st: State, first: str) -> int:
    return {KP: st.P, KS: st.s, US: st.s, UU: st.m}[first]


def second_card_values(st: State, first: str) -> dict[str, Fraction]:
    """After a first card of category `first` (at the start of the turn in st), the expected cards still
    to come for the mover from the start of the turn, for each kind of second card that can be turned
    ("nek" = the first card's partner, "bmn", "bzn", "onb"), conditional on the first card."""
    if first not in SECOND_CHOICES:
        raise InvalidInput(f"unknown card category {first!r}")
    if _first_count(st, first) == 0:
        raise InvalidInput(f"no card of category {first} in state {st}")
    w = solution().values
    out: dict[str, Fraction] = {}
    for choice in SECOND_CHOICES[first]:
        leaves = _branch_leaves(choice, first)
        if not all(leaf.reachable_requirements_met(st) for leaf in leaves):
            continue
        v = _value(leaves, st, w)
        if first in (US, UU):  # the branch's own probability: divide it out
            v = v * (st.k - st.B) / _first_count(st, first)
        out[choice.value] = to_fraction(v)
    return out


def first_card_values(st: State) -> dict[str, Fraction]:
    """The best expected cards for the mover when the first card is known with partner ("kp"), known alone
    ("ks") or unknown ("onb": averaged over what it shows, the best second card in each case)."""
    out: dict[str, Fraction] = {}
    for first in (KP, KS):
        if _first_count(st, first) and (vals := second_card_values(st, first)):
            out[first] = max(vals.values())
    unknown = st.k - st.B
    if unknown:
        total = Fraction(0)
        for first in (US, UU):
            if _first_count(st, first):
                total += Fraction(_first_count(st, first), unknown) * max(second_card_values(st, first).values())
        out["onb"] = total
    return out


__all__ = [
    "COMPUTER", "KP", "KS", "MAX_MATCH_PAIRS", "PLAYERS", "SECOND_CHOICES", "US", "UU", "YOU", "Match", "Table",
    "TacticHint", "Turn", "TurnHint", "category", "computer_turn", "deal", "first_card_values", "other", "partner",
    "replay", "second_card_values", "solution", "table_state", "turn_hint",
]
