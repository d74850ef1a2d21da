"""A stochastic game given by its functions, as a person writes one (START, `moves(state)`, `play(state, move1,
move2)`): how the engines read it. `Rules` is what the caller gives: the functions, the two kinds of outcome of
its vocabulary (a chance draw, the end of play) and its checks, which say what is wrong in the caller's words.
`explore_turns` reads a turn-based game into arrays (`TurnArrays`) for the compiled fast path, in one loop:
the reading is the cost of a large game (a million states: Pig to 100), so the common case skips work that
repeats (a pair of move tuples or a list of probabilities already checked is recognised by the identity of its
objects, kept alive here so an identity cannot be reused by another object; each distinct end is checked
once) and calls nothing per move but the game's `play`. `RulesGame` gives the stage-LP engine one stage a state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, shown
from parlour.solvers.stochastic import arrays
from parlour.solvers.stochastic.arrays import (
    TurnArrays,
    growth_check,
    integer_weights,
    to_arrays,
    too_large,
)
from parlour.solvers.stochastic.growth import depth_probe
from parlour.solvers.stochastic.model import End, Lottery, Stage, stage_of

__all__ = ["MAX_BRANCHES", "Rules", "RulesGame", "explore_turns"]

MAX_BRANCHES = 10_000  # chance outcomes of one move
_CACHED = 10_000  # distinct move pairs and probability lists remembered
_SURE = [1]  # the weights of a sure move (one outcome, denominator 1)
_ADVICE = " (leave impossible outcomes out)"  # where a draw's probability is not positive


@dataclass(frozen=True)
class Rules:
    """A game's functions and constants, and how what the functions answer is checked: `chance` and `end` are
    the caller's outcome types (a chance draw: `.weights`, {outcome: probability}; the end of play: `.payoff`),
    `call(fn, *args, what=...)` calls a game's function (its failure one sentence naming the line),
    `fraction(x, what)` reads a number, `probabilities(items, what, advice)` a draw's probabilities (each
    refusal one sentence: the caller's words for its own vocabulary)."""

    start: Hashable
    moves: Callable[[Any], Any]  # state -> (player 1's moves, player 2's moves), one side empty in a turn
    play: Callable[..., Any]  # (state, move1, move2) -> a state, an end or a chance draw (None: the side not moving)
    low: Fraction  # the payoffs' range
    high: Fraction
    endless: Fraction  # what play that never ends pays player 1
    states: frozenset[Hashable] | None  # every state, where the game lists them (a move elsewhere is refused)
    signal: Callable[[Any, Any], Any] | None  # what player 2 sees of player 1's move (None: nothing)
    chance: type
    end: type
    call: Callable[..., Any]
    fraction: Callable[[Any, Any], Fraction]
    probabilities: Callable[..., Sequence[Fraction]]

    @property
    def plain(self) -> bool:  # whether any hashable outcome is a state (no list of the states to check it against)
        return self.states is None

    @property
    def terminal(self) -> tuple[type, ...]:  # outcomes that are no state (a draw there is refused by `payoff`)
        return (self.end, self.chance)

    def moves_at(self, state: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        got = self.call(self.moves, state, what=f"moves({shown(state)})")
        if not (isinstance(got, tuple | list) and len(got) == 2):
            raise InvalidInput(f"moves({shown(state)}) must return (player 1's moves, player 2's moves), got "
                               f"{shown(got)}")
        m1, m2 = (tuple(m) if isinstance(m, tuple | list) else None for m in got)
        if m1 is None or m2 is None:
            raise InvalidInput(f"moves({shown(state)}): each side's moves must be a list or tuple, got {shown(got)}")
        if not m1 and not m2:
            raise InvalidInput(f"state {shown(state)}: neither player has a move (a finished game is an "
                               f"{self.end.__name__} returned by play)")
        for who, ms in ((1, m1), (2, m2)):
            if len(set(ms)) != len(ms):
                raise InvalidInput(f"state {shown(state)}: player {who}'s moves contain duplicates")
        return m1, m2

    def called(self, state: Any, move1: Any, move2: Any, what: str) -> Any:
        return self.call(self.play, state, move1, move2, what=what)

    def branches(self, state: Any, result: Any, what: str) -> tuple[tuple[Fraction, Any], ...]:
        """What a move leads to as (probability, state or end) pairs, every part checked."""
        if isinstance(result, self.chance):
            weights = result.weights  # type: ignore[attr-defined]
            items = list(weights.items()) if isinstance(weights, Mapping) else None
            draw = f"a {self.chance.__name__}"
            if items is None or not items:
                raise InvalidInput(f"{what}: {draw} needs a non-empty mapping of outcome to probability")
            if len(items) > MAX_BRANCHES:
                raise InvalidInput(f"{what}: {draw} of {len(items):,} outcomes (at most {MAX_BRANCHES:,})")
            probs = self.probabilities(items, what, _ADVICE)
            return tuple((p, self._target(target, what)) for p, (target, _) in zip(probs, items, strict=True))
        return ((Fraction(1), self._target(result, what)),)

    def _target(self, target: Any, what: str) -> Any:
        if isinstance(target, self.terminal):
            return self.end(self.payoff(target, what))
        self.hashable(target, f"{what} leads to")
        if self.states is not None and target not in self.states:
            raise InvalidInput(f"{what} leads to {shown(target)}, which is not in STATES")
        return target

    def payoff(self, outcome: Any, what: str) -> Fraction:
        """An end's payoff, in the range; a draw inside a draw refused."""
        if isinstance(outcome, self.chance):
            raise InvalidInput(f"{what}: a {self.chance.__name__} inside a {self.chance.__name__} (give the "
                               "combined probabilities)")
        pay = self.fraction(getattr(outcome, "payoff", None), f"{what}: the payoff")
        if not self.low <= pay <= self.high:
            raise InvalidInput(f"{what}: the payoff {pay} lies outside PAYOFF_RANGE ({self.low}, {self.high})")
        return pay

    @staticmethod
    def hashable(value: Any, what: str) -> None:
        try:
            hash(value)
        except TypeError:
            raise InvalidInput(f"{what} {shown(value)} is not hashable (use a tuple, not a list)") from None

    def step(self, state: Any, rng: random.Random) -> Any:
        """One move of random play (`growth.playouts`): uniform moves, chance drawn by its probabilities; the next
        state, or None where play ends. Unchecked: a malformed answer raises, and the exploration names it."""
        m1, m2 = self.moves(state)
        res = self.play(state, rng.choice(m1) if m1 else None, rng.choice(m2) if m2 else None)
        if isinstance(res, self.chance):
            outcomes = list(res.weights.items())  # type: ignore[attr-defined]
            res = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        return None if isinstance(res, self.terminal) else res

    def seen(self, state: Any, moves1: Sequence[Any]) -> list[Any] | None:
        """What player 2 sees of each of player 1's moves (None: nothing, the moves are simultaneous)."""
        if self.signal is None:
            return None
        seen = [self.call(self.signal, state, a, what=f"seen({shown(state, 60)}, {shown(a, 40)})") for a in moves1]
        for s in seen:
            self.hashable(s, "what seen() returns,")
        return seen


def _said(state: Any, move: Any) -> str:
    return f"state {shown(state, 60)}, move {shown(move, 40)}"


def explore_turns(rules: Rules, progress: Callable[[str], None] | None = None,
                  limit: int | None = None) -> TurnArrays | None:
    """Every state reachable from START, breadth first, as arrays; None as soon as a state has both players
    moving (the game is not turn-based: the stage-LP engine takes it). A game the growth puts past `limit`
    states is refused (`arrays.growth_check`, which plays the game at random to see how deep it goes)."""
    limit = arrays.MAX_TURN_STATES if limit is None else limit  # read now: a test lowers it
    start, play, terminal, plain = rules.start, rules.play, rules.terminal, rules.plain
    chance: Any = rules.chance
    res: Any
    outcomes: Any
    states: list[Hashable] = [start]
    index: dict[Hashable, int] = {start: 0}
    names: list[tuple[Any, ...]] = []
    mover: list[int] = []
    move_ptr, branch_ptr, den, weight, target = [0], [0], [], [], []
    pairs: dict[tuple[int, int], tuple[Any, Any]] = {}
    known: dict[tuple[int, ...], tuple[tuple[Any, ...], int, list[int]]] = {}
    ends: dict[Any, int] = {}
    payoffs: dict[Fraction, int] = {}
    check, layer_end = growth_check(limit, probe=depth_probe(start, rules.step, lambda s: index.get(s, -1))), 1
    head = 0
    while head < len(states):
        if head == layer_end:  # a breadth-first layer done: the growth looked at, a refusal if past the limit
            check(head, len(states), progress)
            layer_end = len(states)
        state = states[head]
        head += 1
        ms, who = _moves(rules, state, pairs)
        if who == 0:
            return None
        names.append(ms)
        mover.append(who)
        for m in ms:
            try:  # the user's function called directly: the caller's `called` only when it fails, to name the line
                res = play(state, m, None) if who == 1 else play(state, None, m)
            except KeyboardInterrupt:
                raise
            except Exception:
                res = rules.called(state, m if who == 1 else None, None if who == 1 else m, _said(state, m))
            if plain and type(res) is chance and type(res.weights) is dict and 0 < len(res.weights) <= MAX_BRANCHES:
                probs = tuple(res.weights.values())
                hit = known.get(tuple(map(id, probs)))
                if hit is None or any(a is not b for a, b in zip(hit[0], probs, strict=True)):
                    hit = _weights(rules, res.weights, probs, known, lambda: _said(state, m))  # noqa: B023
                d, ints, outcomes = hit[1], hit[2], res.weights.keys()
            elif plain and type(res) is tuple:  # a sure move to a state (a tuple: hashable once checked)
                d, ints, outcomes = 1, _SURE, (res,)
            else:
                d, ints, outcomes = _checked(rules, state, res, _said(state, m))
            den.append(d)
            weight.extend(ints)
            for t in outcomes:
                if type(t) is tuple or not isinstance(t, terminal):
                    try:
                        k = index.get(t, -1)
                    except TypeError:  # a list or a dict for a state
                        rules.hashable(t, f"{_said(state, m)} leads to")
                        raise
                    if k < 0:
                        k = index[t] = len(states)
                        if k >= limit:
                            raise InvalidInput(too_large(k, limit))
                        states.append(t)
                    target.append(k)
                else:
                    try:
                        code = ends.get(t)
                    except TypeError:  # a chance draw inside a draw, or an end with a list for its payoff
                        code = None
                    target.append(_end(rules, t, ends, payoffs, _said(state, m)) if code is None else code)
            branch_ptr.append(len(target))
        move_ptr.append(len(den))
    return to_arrays(states, index, names, mover, (move_ptr, branch_ptr, den, weight, target), list(payoffs))


def _moves(rules: Rules, state: Any, pairs: dict[tuple[int, int], tuple[Any, Any]]) -> tuple[tuple[Any, ...], int]:
    """The state's mover's moves and the mover (0 where both move). The answer is usually a new pair of the
    same two constant tuples: those are recognised by identity (tuples only: a list could change between two
    calls), anything else read by the caller's `moves_at`."""
    try:
        raw = rules.moves(state)
    except KeyboardInterrupt:
        raise
    except Exception:
        raw = None  # `moves_at` calls it again and says where it failed
    key = None
    if type(raw) is tuple and len(raw) == 2 and type(raw[0]) is tuple and type(raw[1]) is tuple:
        key = (id(raw[0]), id(raw[1]))
        hit = pairs.get(key)
        if hit is not None and hit[0][0] is raw[0] and hit[0][1] is raw[1]:
            m1, m2 = hit[1]
            return (m1 or m2), (0 if m1 and m2 else 1 if m1 else 2)
    m1, m2 = rules.moves_at(state)
    if key is not None and len(pairs) < _CACHED:
        pairs[key] = (raw, (m1, m2))
    return (m1 or m2), (0 if m1 and m2 else 1 if m1 else 2)


def _weights(rules: Rules, weights: Mapping[Any, Any], probs: tuple[Any, ...],
             known: dict[tuple[int, ...], tuple[tuple[Any, ...], int, list[int]]],
             what: Callable[[], str]) -> tuple[tuple[Any, ...], int, list[int]]:
    """A chance draw's probabilities met for the first time: checked, as integer weights, remembered."""
    hit = (probs, *integer_weights(rules.probabilities(weights.items(), what, _ADVICE), what))
    if len(known) < _CACHED:
        known[tuple(map(id, probs))] = hit
    return hit


def _checked(rules: Rules, state: Any, res: Any, what: str) -> tuple[int, list[int], list[Any]]:
    """A move's outcome read the long way (every part checked): its weights and outcomes."""
    bs = rules.branches(state, res, what)
    d, ints = integer_weights([p for p, _ in bs], lambda: what)
    return d, ints, [t for _, t in bs]


def _end(rules: Rules, t: Any, ends: dict[Any, int], payoffs: dict[Fraction, int], what: str) -> int:
    """An end's code, -1 - the number of its payoff (checked once per distinct end; equal payoffs share one)."""
    code = -1 - payoffs.setdefault(rules.payoff(t, what), len(payoffs))
    if len(ends) < _CACHED:
        ends[t] = code
    return code


class RulesGame:
    """The game as a `solvers.stochastic.Game`: one stage per state (`stage_of`), every outcome checked."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def step(self, state: Any, rng: random.Random) -> Any:  # random play, for the growth's depth (`Rules.step`)
        return self.rules.step(state, rng)

    def stage(self, state: Any) -> Stage:
        rules = self.rules
        m1, m2 = rules.moves_at(state)

        def cell(a: Any, b: Any) -> Any:  # what the moves lead to (None for the side that does not move)
            what = f"state {shown(state, 60)}, " + (f"moves {shown((a, b), 60)}" if m1 and m2 else
                                                    f"move {shown(b if a is None else a, 40)}")
            got = [(p, End(Fraction(getattr(t, "payoff"))) if isinstance(t, rules.end) else t)  # noqa: B009
                   for p, t in rules.branches(state, rules.called(state, a, b, what), what)]
            return got[0][1] if len(got) == 1 else Lottery(tuple(got))

        return stage_of(m1, m2, cell, rules.seen(state, m1) if m1 and m2 else None)
