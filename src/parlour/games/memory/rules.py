"""Memory (Concentration) with perfect memory: states, the 19 tactics, their transitions.

A state <k, B, P> (spec/memory.md): k cards on the table, B of them already seen ("known"), P known
cards whose partner is known too. Every card on the table falls in one of four categories:

    kp  known, partner known          count P
    ks  known, partner unknown        count s = B - P
    us  unknown, partner known        count s (the partners of the ks cards)
    uu  unknown, partner unknown      count m = k + P - 2B (whole unseen pairs)

A tactic says how the player to move picks his two cards. Its transitions are not typed in per
tactic: `play` turns the two cards over on an abstract table of category counts, drawing unknown
cards uniformly, and records every branch as a product of count ratios. The counts are linear forms in
(k, B, P), so one run gives the tactic's formula for every state at once (a `Template`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from parlour.errors import InvalidInput


class Card(enum.StrEnum):
    """What the player chooses to turn over (the study's Dutch abbreviations)."""

    BMN = "bmn"  # bekend, met (bekende) partner: a known card whose partner is known
    BZN = "bzn"  # bekend, zonder (bekende) partner: a known card whose partner is unknown
    ONB = "onb"  # onbekend: an unknown card (drawn uniformly among the unknown ones)
    NEK = "nek"  # de partner van de eerste kaart: the first card's partner (only when it is known)


@dataclass(frozen=True, order=True)
class State:
    k: int  # cards on the table
    B: int  # known cards among them
    P: int  # known cards whose partner is also known

    @property
    def s(self) -> int:
        """Known cards without known partner (= unknown cards whose partner is known)."""
        return self.B - self.P

    @property
    def u(self) -> int:
        """Unknown cards."""
        return self.k - self.B

    @property
    def m(self) -> int:
        """Unknown cards whose partner is unknown too (two per unseen pair)."""
        return self.k + self.P - 2 * self.B

    def __str__(self) -> str:
        return f"<{self.k},{self.B},{self.P}>"


def state_problem(k: int, B: int, P: int) -> str | None:
    """Why <k, B, P> is not a state of the game, or None when it is one."""
    if any(isinstance(x, bool) or not isinstance(x, int) for x in (k, B, P)):
        return "k, B and P must be whole numbers"
    if k % 2 or P % 2:
        return f"k and P must be even (cards come in pairs), got k={k}, P={P}"
    if not (P >= 0 and B >= P and k + P >= 2 * B and k >= 0):
        return f"<{k},{B},{P}> breaks k >= (k+P)/2 >= B >= P >= 0"
    return None


def make_state(k: int, B: int, P: int) -> State:
    problem = state_problem(k, B, P)
    if problem is not None:
        raise InvalidInput(f"impossible Memory state: {problem}")
    return State(k, B, P)


def states_with(k: int) -> Iterator[State]:
    """All states with k cards on the table, B descending (the order the Bellman recursion needs:
    a non-pass tactic leads to fewer cards or to more known cards)."""
    for B in range(k, -1, -1):
        for P in range(max(0, 2 * B - k), B + 1):
            if P % 2 == 0 and (k + P - 2 * B) % 2 == 0:
                yield State(k, B, P)


def all_states(pairs: int) -> Iterator[State]:
    for k in range(0, 2 * pairs + 1, 2):
        yield from states_with(k)


# ---------------------------------------------------------------------------------------------
# Linear forms in (k, B, P) and the symbolic card drawing


@dataclass(frozen=True)
class Form:
    """c_k k + c_B B + c_P P + c_0: a card count as a function of the state."""

    ck: int
    cB: int
    cP: int
    c0: int = 0

    def __call__(self, st: State) -> int:
        return self.ck * st.k + self.cB * st.B + self.cP * st.P + self.c0

    def __add__(self, other: Form) -> Form:
        return Form(self.ck + other.ck, self.cB + other.cB, self.cP + other.cP, self.c0 + other.c0)

    def shift(self, c: int) -> Form:
        return Form(self.ck, self.cB, self.cP, self.c0 + c)

    def __str__(self) -> str:
        parts = []
        for coef, name in ((self.ck, "k"), (self.cB, "B"), (self.cP, "P")):
            if coef:
                sign = "-" if coef < 0 else "+"
                mag = "" if abs(coef) == 1 else str(abs(coef))
                parts.append(f"{sign}{mag}{name}")
        if self.c0 or not parts:
            parts.append(f"{'-' if self.c0 < 0 else '+'}{abs(self.c0)}")
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text


# The four category counts at the start of a turn.
BASE: dict[str, Form] = {
    "kp": Form(0, 0, 1),
    "ks": Form(0, 1, -1),
    "us": Form(0, 1, -1),
    "uu": Form(1, -2, 1),
}


@dataclass(frozen=True)
class Leaf:
    """One way a turn can end: probability = product of num/den over `factors`; each requirement
    (form, j) says that a deliberate choice needs form >= 1 whenever the first j factors are > 0."""

    factors: tuple[tuple[Form, Form], ...]
    requires: tuple[tuple[Form, int], ...]
    delta: tuple[int, int, int]  # change of (k, B, P)
    again: bool  # a pair was taken: the same player moves again

    def probability(self, st: State) -> Fraction:
        p = Fraction(1)
        for num, den in self.factors:
            a = num(st)
            if a == 0:
                return Fraction(0)
            p *= Fraction(a, den(st))
        return p

    def reachable_requirements_met(self, st: State) -> bool:
        return all(
            form(st) >= 1 or any(num(st) <= 0 for num, _ in self.factors[:j])
            for form, j in self.requires
        )


@dataclass(frozen=True)
class Tactic:
    """<first, second>, or after an unknown first card <onb, IF kbn THEN then ELSE otherwise>."""

    first: Card
    second: Card | None = None
    then: Card | None = None
    otherwise: Card | None = None

    def __str__(self) -> str:
        if self.first is Card.ONB:
            return f"<onb, IF kbn THEN {self.then} ELSE {self.otherwise}>"
        return f"<{self.first}, {self.second}>"


def all_tactics() -> tuple[Tactic, ...]:
    """The 19 tactics, generated from the definition: first card bmn/bzn/onb; after a known first
    card any second card that can be chosen (nek only when the partner is known, i.e. after bmn);
    after an unknown first card a conditional choice: nek/bmn/bzn/onb when its partner is known
    (kbn), bmn/bzn/onb when it is not."""
    seconds_after_known_partner = (Card.NEK, Card.BMN, Card.BZN, Card.ONB)
    seconds_after_unknown_partner = (Card.BMN, Card.BZN, Card.ONB)
    out = [Tactic(Card.BMN, c) for c in seconds_after_known_partner]
    out += [Tactic(Card.BZN, c) for c in seconds_after_unknown_partner]
    out += [
        Tactic(Card.ONB, then=a, otherwise=b)
        for a in seconds_after_known_partner
        for b in seconds_after_unknown_partner
    ]
    return tuple(out)


# Drawing on the abstract table. `shift` holds the constant change of each category count so far;
# `hand` is the category of the first card (already taken out of the counts when it was unknown).

_REVEAL = {  # turning an unknown card face up changes the counts like this
    "us": {"us": -1, "ks": -1, "kp": 2},  # it and its (known) partner become a known pair
    # it becomes known without known partner; its partner (also 'uu') is now 'unknown, partner known'
    "uu": {"uu": -2, "ks": 1, "us": 1},
}


def _count(cat: str, shift: dict[str, int]) -> Form:
    return BASE[cat].shift(shift.get(cat, 0))


def _apply(shift: dict[str, int], change: dict[str, int]) -> dict[str, int]:
    out = dict(shift)
    for cat, d in change.items():
        out[cat] = out.get(cat, 0) + d
    return out


def _finish(factors: list[tuple[Form, Form]], requires: list[tuple[Form, int]],
            shift: dict[str, int], again: bool) -> Leaf:
    dP = shift.get("kp", 0)
    dB = dP + shift.get("ks", 0)
    dk = dB + shift.get("us", 0) + shift.get("uu", 0)
    return Leaf(tuple(factors), tuple(requires), (dk, dB, dP), again)


def _second(choice: Card, partner_known: bool, first_cat: str, shift: dict[str, int],
            factors: list[tuple[Form, Form]], requires: list[tuple[Form, int]]) -> Iterator[Leaf]:
    """Turn the second card. first_cat: 'kp' (the first card has a known partner) or 'ks' (not);
    the first card itself is counted in that category in `shift`."""
    j = len(factors)
    if choice is Card.NEK:
        assert partner_known
        yield _finish(factors, requires, _apply(shift, {"kp": -2}), again=True)
        return
    if choice in (Card.BMN, Card.BZN):
        cat = "kp" if choice is Card.BMN else "ks"
        # neither the first card nor its partner counts as a free choice of this kind
        excluded = 0
        if cat == "kp" and first_cat == "kp":
            excluded = 2
        if cat == "ks" and first_cat == "ks":
            excluded = 1
        requires = [*requires, (_count(cat, shift).shift(-excluded), j)]
        yield _finish(factors, requires, shift, again=False)  # two different cards: turn passes
        return
    # an unknown second card, uniformly among the unknown ones left
    unknown = _count("us", shift) + _count("uu", shift)
    requires = [*requires, (unknown, j)]
    if partner_known:
        for cat in ("us", "uu"):
            yield _finish([*factors, (_count(cat, shift), unknown)], requires,
                          _apply(shift, _REVEAL[cat]), again=False)
        return
    # the first card's partner is one particular 'us' card
    one = Form(0, 0, 0, 1)
    yield _finish([*factors, (one, unknown)], requires,
                  _apply(_apply(shift, _REVEAL["us"]), {"kp": -2}), again=True)
    yield _finish([*factors, (_count("us", shift).shift(-1), unknown)], requires,
                  _apply(shift, _REVEAL["us"]), again=False)
    yield _finish([*factors, (_count("uu", shift), unknown)], requires,
                  _apply(shift, _REVEAL["uu"]), again=False)


@cache
def template(t: Tactic) -> tuple[Leaf, ...]:
    """All ways the turn can end under tactic t, as formulas in (k, B, P)."""
    leaves: list[Leaf] = []
    if t.first is Card.BMN:
        assert t.second is not None
        reqs = [(_count("kp", {}), 0)]
        leaves += _second(t.second, True, "kp", {}, [], reqs)
    elif t.first is Card.BZN:
        assert t.second is not None
        reqs = [(_count("ks", {}), 0)]
        leaves += _second(t.second, False, "ks", {}, [], reqs)
    else:
        assert t.then is not None and t.otherwise is not None
        unknown = _count("us", {}) + _count("uu", {})
        reqs = [(unknown, 0)]
        # kbn: the unknown first card's partner is known
        leaves += _second(t.then, True, "kp", _REVEAL["us"], [(_count("us", {}), unknown)], reqs)
        leaves += _second(t.otherwise, False, "ks", _REVEAL["uu"], [(_count("uu", {}), unknown)],
                          reqs)
    return tuple(leaves)


Outcome = tuple[State, bool]  # successor state, same player again?


def applicable(t: Tactic, st: State) -> bool:
    return all(leaf.reachable_requirements_met(st) for leaf in template(t))


def transitions(t: Tactic, st: State) -> dict[Outcome, Fraction]:
    """Successor distribution of tactic t in state st (outcomes of probability 0 left out)."""
    if not applicable(t, st):
        raise InvalidInput(f"tactic {t} cannot be played in state {st}")
    out: dict[Outcome, Fraction] = {}
    for leaf in template(t):
        p = leaf.probability(st)
        if p:
            dk, dB, dP = leaf.delta
            key = (State(st.k + dk, st.B + dB, st.P + dP), leaf.again)
            out[key] = out.get(key, Fraction(0)) + p
    return out


# ---------------------------------------------------------------------------------------------
# Merging tactics with identical gains into the study's T1, T2, ...


class Move(enum.StrEnum):
    """The tactic classes the study and Zwick & Paterson talk about, under the study's printed names
    (the classes are numbered by `tactic_classes`; a test checks these members land on these numbers)."""

    TAKE_PAIR = "T1"  # <bmn, nek>: take a known pair
    PASS = "T2"  # turn two known non-matching cards (Zwick & Paterson's 0-move)
    KNOWN_THEN_UNKNOWN = "T4"  # <bzn, onb>: a known card, then an unknown one hoping for its partner
    ONE_MOVE = "T5"  # unknown card, take its pair if known, else a known card
    TWO_MOVE = "T6"  # unknown card, take its pair if known, else another unknown card


def class_number(name: str) -> int:
    """3 for "T3": the order in which tactic class names are listed."""
    return int(name[1:])


def by_number(names: Iterable[str]) -> tuple[str, ...]:
    """Tactic class names in their numbered order."""
    return tuple(sorted(names, key=class_number))


@dataclass(frozen=True)
class TacticClass:
    name: str  # "T1", "T2", ... (see Move for the named ones)
    members: tuple[Tactic, ...]
    label: str  # what it does, in words

    @property
    def is_pass(self) -> bool:
        return self.name == Move.PASS


_LABELS = {
    "<bmn, nek>": "take a known pair",
    "<bmn, bmn>": "pass: turn two known non-matching cards",
    "<bmn, onb>": "turn one unknown card, then a known card (never takes a pair)",
    "<bzn, onb>": "turn a known card, then an unknown one hoping for its partner",
    "<onb, IF kbn THEN nek ELSE bmn>": "1-move: unknown card, take its pair if known, else a known card",
    "<onb, IF kbn THEN nek ELSE onb>": "2-move: unknown card, take its pair if known, else another unknown",
    "<onb, IF kbn THEN bmn ELSE onb>": "unknown card; if its partner is known waste the turn, else another unknown",
    "<onb, IF kbn THEN onb ELSE bmn>": "unknown card; if its partner is known another unknown, else a known card",
    "<onb, IF kbn THEN onb ELSE onb>": "two unknown cards, never taking the known partner",
}


def same_gains(a: Tactic, b: Tactic, pairs: int = 10) -> bool:
    """True when a and b have the same transitions in every state up to `pairs` pairs where both can
    be played (and there is at least one such state). The probabilities are products of at most two
    ratios of linear forms in (k, B, P); agreement on every state of this grid is the check we rely on
    (the exact recursion itself always evaluates a class through one member's own formula)."""
    common = 0
    for st in all_states(pairs):
        if applicable(a, st) and applicable(b, st):
            common += 1
            if transitions(a, st) != transitions(b, st):
                return False
    return common > 0


@cache
def tactic_classes() -> tuple[TacticClass, ...]:
    """The 19 tactics grouped by identical gains, numbered in order of first appearance (which gives
    the study's T1 = <bmn, nek> and T2 = the pass)."""
    groups: list[list[Tactic]] = []
    for t in all_tactics():
        for g in groups:
            if same_gains(g[0], t):
                g.append(t)
                break
        else:
            groups.append([t])
    return tuple(
        TacticClass(f"T{i + 1}", tuple(g), _LABELS.get(str(g[0]), str(g[0])))
        for i, g in enumerate(groups)
    )


def class_transitions(c: TacticClass, st: State) -> dict[Outcome, Fraction] | None:
    """Transitions of the class in st (those of its first playable member), None if none can play."""
    for t in c.members:
        if applicable(t, st):
            return transitions(t, st)
    return None


def formula(t: Tactic) -> str:
    """The tactic's gain as a formula, e.g. "(B-P)/(k-B) * (w(k-2,B-1,P) + 2) + ...", read off the
    template (leaves with the same successor listed separately)."""

    def arg(d: int, name: str) -> str:
        return name if d == 0 else f"{name}{d:+d}"

    terms = []
    for leaf in template(t):
        def par(f: Form) -> str:
            text = str(f)
            return text if text.lstrip("-").isalnum() else f"({text})"

        prob = " ".join(f"{par(a)}/{par(b)}" for a, b in leaf.factors) or "1"
        dk, dB, dP = leaf.delta
        succ = f"w({arg(dk, 'k')},{arg(dB, 'B')},{arg(dP, 'P')})"
        # parentheses, not brackets: rich would read "[...]" as markup in console tables
        terms.append(f"{prob} * ({succ} + 2)" if leaf.again else f"{prob} * (k - {succ})")
    return " + ".join(terms)
