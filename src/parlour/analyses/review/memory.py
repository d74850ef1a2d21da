"""Memory's grader: every flip of a match (both players') against the best flip, exactly, in expected pairs.

A record of Memory (docs/json.md, "Game records"):

    settings: {"pairs": n, "first": "you" | "computer", "deal": [face at each position] (once the game is
               over), "nonce": the page's game (the server that dealt it derives the deal from it)}
    moves:    [{"by": "you" | "computer", "card": position, "face": the face it showed}, ...]

Each turn is two flips, and each flip is a decision of the player to move: the first flip chooses a kind of card
(a seen card whose partner is seen, a seen card alone, an unseen card), the second a kind given what the first
showed (its partner, another seen card, an unseen card). The exact value of each kind is the analysis's
(`match.first_card_values`, `match.second_card_values`: expected cards still to come for the mover from the start
of the turn, with optimal play after it); the value of a flip to its player is the pairs taken plus half of it.
A flip's loss is the best kind's value minus the chosen kind's, so the computer, which plays the exact optimal
policy, loses 0 on every flip. A flip with one kind to choose from is forced: no decision.

Every unseen card turned is a chance event: its swing is the value once its face is seen minus the value of
turning an unseen card before it is (the average over the faces it could show). Decisions and luck telescope:
the value at a turn's start, less the losses, plus the swings, is the value the turn ended in (tested).

The replay needs only the faces that were seen: a record of an unfinished game carries each flip's face and no
deal, and the positions never turned are filled with the faces left (they never enter a value: an unseen card is
only ever "an unseen card").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.match import (
    COMPUTER,
    KP,
    KS,
    MAX_MATCH_PAIRS,
    PLAYERS,
    US,
    YOU,
    Match,
    Table,
    Turn,
    category,
    computer_turn,
    first_card_values,
    other,
    partner,
    second_card_values,
    solution,
)
from parlour.analyses.review.core import GameRecord, Luck, Review, Status, decision
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, shown
from parlour.games.memory.rules import Card, State, applicable, tactic_classes

UNIT, THRESHOLDS = scale("memory")
ONB = Card.ONB.value
KIND_WORDS = {
    KP: "a seen card whose partner is seen", KS: "a seen card whose partner is not seen", ONB: "an unseen card",
    Card.NEK.value: "its partner", Card.BMN.value: "another seen card whose partner is seen",
    Card.BZN.value: "a seen card whose partner is not seen",
}
FACES = "ABCDEFGHIJKLMNOPQRST"


@dataclass(frozen=True)
class Flip:
    """One flip of a line, with what its grading needs: the turn's state and the pairs taken at its start, the
    kind of card chosen, and for a second flip the first card's category and the turn's outcome."""

    ply: int  # the flip's number (1 = the first flip of the game); the position before it is ply - 1
    by: str
    card: int
    face: int
    state: State
    won: int  # pairs the mover had taken at the turn's start
    kind: str  # kp / ks / onb for a first flip; nek / bmn / bzn / onb for a second
    first: str  # the category (kp, ks, us, uu) of the turn's first card at the turn's start
    second: bool = False  # the turn's second flip
    outcome: Fraction | None = None  # a second flip: the mover's exact cards from the turn's start, once done


@dataclass(frozen=True)
class Played:
    """A line replayed: its flips and the position after the last one (as the page's views read it)."""

    flips: tuple[Flip, ...]
    match: Match


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise FormatError(f"{what} must be a whole number from {lo} to {hi}, got {shown(value)}")
    return value


def settings_of(record: GameRecord) -> tuple[int, str]:
    pairs = _int(record.settings.get("pairs"), "the record's pairs", 1, MAX_MATCH_PAIRS)
    first = record.settings.get("first")
    if first not in PLAYERS:
        raise FormatError(f"the record's first player must be one of {', '.join(PLAYERS)}, got {shown(first)}")
    return pairs, str(first)


def flips_of(moves: Sequence[Mapping[str, Any]], pairs: int) -> list[tuple[str, int, int | None]]:
    """(by, card, face or None) of each move, their fields checked."""
    out = []
    for k, move in enumerate(moves):
        if move.get("by") not in PLAYERS:
            raise FormatError(f"move {k + 1} must be by one of {', '.join(PLAYERS)}, got {shown(move.get('by'))}")
        card = _int(move.get("card"), f"move {k + 1}'s card", 0, 2 * pairs - 1)
        face = move.get("face")
        out.append((str(move["by"]), card, None if face is None else _int(face, f"move {k + 1}'s face", 0, pairs - 1)))
    return out


def deal_of(settings: Mapping[str, Any], pairs: int, flips: Sequence[tuple[str, int, int | None]]) -> tuple[int, ...]:
    """The deal: the record's own (a finished game), checked against every face the moves show; else the faces
    the moves show, and the faces left on the positions never turned (they never enter a value)."""
    given = settings.get("deal")
    seen: dict[int, int] = {}
    for k, (_, card, face) in enumerate(flips):
        if face is None and given is None:
            raise FormatError(f"move {k + 1} has no face, and the record has no deal")
        if face is not None and seen.setdefault(card, face) != face:
            raise FormatError(f"move {k + 1}: card {card} showed {seen[card]} before, now {face}")
    if given is not None:
        if not isinstance(given, list) or sorted(given) != [i // 2 for i in range(2 * pairs)] or \
                any(isinstance(f, bool) for f in given):
            raise FormatError(f"the record's deal must list two cards of each face 0..{pairs - 1}, got {shown(given)}")
        wrong = next((q for q, f in seen.items() if given[q] != f), None)
        if wrong is not None:
            raise FormatError(f"card {wrong} shows {seen[wrong]} in the moves but {given[wrong]} in the deal")
        return tuple(given)
    left = [i // 2 for i in range(2 * pairs)]
    for face in seen.values():
        if face not in left:
            raise FormatError(f"the moves show face {face} more than twice")
        left.remove(face)
    return tuple(seen[q] if q in seen else left.pop(0) for q in range(2 * pairs))


def _first_kind(faces: tuple[int, ...], q: int, known: frozenset[int]) -> str:
    return category(faces, q, known) if q in known else ONB


def _second_kind(faces: tuple[int, ...], a: int, first: str, q: int, seen: set[int]) -> str:
    """The kind of second card q after first card a (of category `first`), as the analysis names them."""
    if q == partner(faces, a) and first in (KP, US):
        return Card.NEK.value
    if q not in seen:
        return ONB
    return Card.BMN.value if category(faces, q, seen) == KP else Card.BZN.value


def _outcome(st: State, after: State, matched: bool) -> Fraction:
    """The mover's exact cards from the turn's start once the turn is done (the analysis's leaf value)."""
    w = to_fraction(solution().values[after])
    return 2 + w if matched else st.k - w


def _policy_tactic(st: State, kinds: tuple[str, str], known_partner: bool) -> str | None:
    """The computer's tactic class, named only when its two flips are the ones the policy's class plays."""
    name = solution().policy[st]
    cls = next(c for c in tactic_classes() if c.name == name)
    tactic = next(t for t in cls.members if applicable(t, st))
    first = {Card.BMN: KP, Card.BZN: KS, Card.ONB: ONB}[tactic.first]
    second = tactic.second if tactic.first is not Card.ONB else tactic.then if known_partner else tactic.otherwise
    return name if (first, second.value if second else None) == kinds else None


class _Line:
    """A line being replayed flip by flip (the record's, or a retry's that the computer plays on)."""

    def __init__(self, pairs: int, faces: tuple[int, ...], first: str) -> None:
        self.pairs, self.faces, self.first = pairs, faces, first
        self.table = Table(faces)
        self.mover, self.passes, self.won = first, 0, {YOU: 0, COMPUTER: 0}
        self.flips: list[Flip] = []
        self.turns: list[Turn] = []
        self.open_card: int | None = None
        self.known: frozenset[int] = frozenset()
        self.st = self.table.state()

    @property
    def over(self) -> bool:
        return not self.table.on or self.passes >= 2

    def flip(self, by: str, q: int) -> None:
        """One flip, checked: the player whose turn it is, a card on the table, not the card already face up,
        nothing after the end (the last pair taken, or two passes in a row)."""
        k, faces, table = len(self.flips), self.faces, self.table
        if self.over:
            raise FormatError(f"move {k + 1} comes after the end of the game")
        if by != self.mover:
            raise FormatError(f"move {k + 1} is by {by}, but it is the computer's turn" if self.mover == COMPUTER
                              else f"move {k + 1} is by {by}, but it is your turn")
        if q not in table.on or q == self.open_card:
            raise FormatError(f"move {k + 1}: card {q} is {'face up' if q == self.open_card else 'taken'} already")
        if self.open_card is None:
            self.known, self.st = frozenset(table.seen), table.state()
            self.flips.append(Flip(k + 1, by, q, faces[q], self.st, self.won[by], _first_kind(faces, q, self.known),
                                   category(faces, q, self.known)))
            self.open_card = q
            table.seen.add(q)
            return
        a, self.open_card, st = self.open_card, None, self.st
        cat = category(faces, a, self.known)
        kind = _second_kind(faces, a, cat, q, table.seen)
        passed = a in self.known and q in self.known and faces[a] != faces[q]
        matched = table.finish(by, a, q)
        self.flips.append(Flip(k + 1, by, q, faces[q], st, self.won[by], kind, cat, True,
                               _outcome(st, table.state(), matched)))
        tactic = _policy_tactic(st, (self.flips[-2].kind, kind), cat in (KP, US)) if by == COMPUTER else None
        self.turns.append(Turn(by, (a, q), (faces[a], faces[q]), st, tactic, matched, passed))
        self.passes = self.passes + 1 if passed else 0
        self.won[by] += matched
        self.mover = self.mover if matched else other(self.mover)

    def computer_turn(self, rng: random.Random) -> None:
        """The computer's whole turn by the optimal policy (the page's computer: `match`'s own turn)."""
        a, b = computer_turn(self.table, solution().policy[self.table.state()], rng)
        self.flip(COMPUTER, a)
        self.flip(COMPUTER, b)

    def played(self) -> Played:
        open_card = self.open_card
        m = Match(self.pairs, self.first, self.faces, tuple(self.turns), dict(self.table.taken_by),
                  frozenset(self.table.seen), open_card, self.mover, dict(self.won), self.passes >= 2,
                  open_was_known=open_card is not None and open_card in self.known)
        return Played(tuple(self.flips), m)


def play(pairs: int, faces: tuple[int, ...], first: str, flips: Sequence[tuple[str, int]]) -> Played:
    """Replay a line of flips (both players'), each checked (`_Line.flip`)."""
    line = _Line(pairs, faces, first)
    for by, q in flips:
        line.flip(by, q)
    return line.played()


def play_on(pairs: int, faces: tuple[int, ...], first: str, prefix: Sequence[tuple[str, int]],
            yours: Sequence[int], seed: int) -> Played:
    """A retry: the main line's first flips `prefix`, then your flips `yours` against the optimal computer
    (its unknown cards drawn by `seed`, so the same request replays the same line). It starts where you are to
    move or within your own turn; it stops where your flips run out or the game ends."""
    line = _Line(pairs, faces, first)
    for by, q in prefix:
        line.flip(by, q)
    if line.open_card is not None and line.mover == COMPUTER:
        raise FormatError("a retry starts at a turn's start or within your own turn, not within the computer's")
    rng, i = random.Random(seed), 0
    while not line.over:
        if line.mover == COMPUTER:
            line.computer_turn(rng)
        elif i < len(yours):
            line.flip(YOU, _int(yours[i], f"your flip {i + 1} of the retry", 0, 2 * pairs - 1))
            i += 1
        else:
            break
    if i < len(yours):
        raise FormatError(f"your flip {i + 1} of the retry comes after the end of the game")
    return line.played()


def played(record: GameRecord, upto: int | None = None) -> Played:
    """The record's main line (its first `upto` moves), replayed from its settings."""
    pairs, first = settings_of(record)
    flips = flips_of(record.moves, pairs)
    faces = deal_of(record.settings, pairs, flips)
    return play(pairs, faces, first, [(by, card) for by, card, _ in flips[:upto]])


def _name(flip: Flip) -> str:
    return f"card {flip.card + 1} ({KIND_WORDS[flip.kind]})"


def _pairs(won: int, cards: Fraction) -> Fraction:
    return won + cards / 2


def _grade_first(flip: Flip) -> tuple[list[Any], list[Luck]]:
    values = first_card_values(flip.state)
    best = max(values, key=lambda kind: values[kind])
    decisions = [] if len(values) < 2 else [decision(
        flip.ply, flip.by, _name(flip), KIND_WORDS[best], _pairs(flip.won, values[flip.kind]),
        _pairs(flip.won, values[best]), THRESHOLDS)]
    luck = []
    if flip.kind == ONB:
        seen = second_card_values(flip.state, flip.first)
        luck.append(Luck(flip.ply, flip.by, f"card {flip.card + 1} showed {FACES[flip.face]}",
                         _pairs(flip.won, values[ONB]), _pairs(flip.won, max(seen.values()))))
    return decisions, luck


def grade(flips: Sequence[Flip]) -> tuple[list[Any], list[Luck]]:
    """Every flip's decision (when it had a choice) and every unseen card's luck, in order."""
    decisions: list[Any] = []
    luck: list[Luck] = []
    for flip in flips:
        if not flip.second:
            d, e = _grade_first(flip)
            decisions += d
            luck += e
            continue
        values = second_card_values(flip.state, flip.first)
        best = max(values, key=lambda kind: values[kind])
        if len(values) > 1:
            decisions.append(decision(flip.ply, flip.by, _name(flip), KIND_WORDS[best],
                                      _pairs(flip.won, values[flip.kind]), _pairs(flip.won, values[best]), THRESHOLDS))
        if flip.kind == ONB and flip.outcome is not None:
            luck.append(Luck(flip.ply, flip.by, f"card {flip.card + 1} showed {FACES[flip.face]}",
                             _pairs(flip.won, values[ONB]), _pairs(flip.won, flip.outcome)))
    return decisions, luck


def review(record: GameRecord) -> Review:
    """The main line's review: each player's flips graded against the best kind of card, and the luck apart."""
    line = played(record)
    decisions, luck = grade(line.flips)
    m = line.match
    return Review(
        game="memory", unit=UNIT, thresholds=THRESHOLDS, players=PLAYERS, decisions=tuple(decisions),
        luck=tuple(luck), status=Status.EXACT, method="exact dynamic programming over <k,B,P>",
        notes={"moves": len(line.flips), "over": m.over, "stalemate": m.stalemate, "won": dict(m.won)},
    )


__all__ = ["THRESHOLDS", "UNIT", "Flip", "Played", "deal_of", "flips_of", "grade", "play", "play_on", "played",
           "review", "settings_of"]
