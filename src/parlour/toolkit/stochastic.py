"""A two-player zero-sum game with chance written as a Python module, checked and solved.

The module defines START, `moves(state)` -> (player 1's moves, player 2's moves) (one side empty where
only the other moves) and `play(state, move1, move2)` -> the next state, an `End(payoff)` or a
`Chance({outcome: probability})` (the side that does not move gets None). Optional: PAYOFF_RANGE
(default (-1, 1)), ENDLESS (what play that never ends pays player 1, default 0), STATES (every state the
game has: a move elsewhere is an error), `seen(state, move1)` (what player 2 sees of player 1's move
before he answers in a state where both move; default nothing: the moves are simultaneous).

Where only one side moves in every state (a turn-based game), the game goes to the compiled fast path of
`solvers.stochastic.turns` (a max or a min per state, not an LP). Otherwise each state's stage is handed to
`solvers.stochastic` (stage LPs with exact certificates), which is slower and meant for small games.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from parlour.errors import InvalidInput, shown
from parlour.solvers.stochastic.arrays import KnownPairs, KnownWeights, explore_arrays, integer_weights
from parlour.toolkit.reading import call, fraction, payoff_range, probabilities
from parlour.toolkit.result import SHOWN_STRATEGY_ENTRIES, GameSolution
from parlour.toolkit.terms import Chance, End

if TYPE_CHECKING:
    from parlour.solvers.stochastic.arrays import TurnArrays

MAX_BRANCHES = 10_000  # chance outcomes of one move
_ADVICE = " (leave impossible outcomes out)"  # where a Chance's probability is not positive
_TERMINAL = (End, Chance)  # what a move's outcome is when it is not a state (a Chance there is refused)


@dataclass(frozen=True)
class Spec:
    """The module's functions and constants, checked."""

    start: Hashable
    moves: Callable[[Any], Any]
    play: Callable[..., Any]
    low: Fraction
    high: Fraction
    endless: Fraction
    states: frozenset[Hashable] | None
    seen: Callable[[Any, Any], Any] | None


def spec(namespace: Mapping[str, Any]) -> Spec:
    low, high = payoff_range(namespace)
    endless = fraction(namespace.get("ENDLESS", 0), "ENDLESS")
    if not low <= endless <= high:
        raise InvalidInput(f"ENDLESS = {endless} lies outside PAYOFF_RANGE ({low}, {high})")
    states = namespace.get("STATES")
    known = None
    if states is not None:
        try:
            known = frozenset(states)
        except TypeError:
            raise InvalidInput("STATES must be a collection of hashable states") from None
    start = namespace["START"]
    _hashable(start, "START")
    if known is not None and start not in known:
        raise InvalidInput(f"START {shown(start)} is not in STATES")
    return Spec(start, namespace["moves"], namespace["play"], low, high, endless, known, namespace.get("seen"))


def _hashable(value: Any, what: str) -> None:
    try:
        hash(value)
    except TypeError:
        raise InvalidInput(f"{what} {shown(value)} is not hashable (use a tuple, not a list)") from None


def moves_at(sp: Spec, state: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    got = call(sp.moves, state, what=f"moves({shown(state)})")
    if not (isinstance(got, tuple | list) and len(got) == 2):
        raise InvalidInput(f"moves({shown(state)}) must return (player 1's moves, player 2's moves), got {shown(got)}")
    m1, m2 = (tuple(m) if isinstance(m, tuple | list) else None for m in got)
    if m1 is None or m2 is None:
        raise InvalidInput(f"moves({shown(state)}): each side's moves must be a list or tuple, got {shown(got)}")
    if not m1 and not m2:
        raise InvalidInput(f"state {shown(state)}: neither player has a move (a finished game is an End "
                           "returned by play)")
    for who, ms in ((1, m1), (2, m2)):
        if len(set(ms)) != len(ms):
            raise InvalidInput(f"state {shown(state)}: player {who}'s moves contain duplicates")
    return m1, m2


def branches(sp: Spec, state: Any, result: Any, what: str) -> tuple[tuple[Fraction, Any], ...]:
    """What a move leads to as (probability, state or End) pairs, every part checked."""
    if isinstance(result, Chance):
        items = list(result.weights.items()) if isinstance(result.weights, Mapping) else None
        if items is None or not items:
            raise InvalidInput(f"{what}: a Chance needs a non-empty mapping of outcome to probability")
        if len(items) > MAX_BRANCHES:
            raise InvalidInput(f"{what}: a Chance of {len(items):,} outcomes (at most {MAX_BRANCHES:,})")
        probs = probabilities(items, what, _ADVICE)
        return tuple((p, _target(sp, state, target, what)) for p, (target, _) in zip(probs, items, strict=True))
    return ((Fraction(1), _target(sp, state, result, what)),)


def _target(sp: Spec, state: Any, target: Any, what: str) -> Any:
    if isinstance(target, End):
        pay = fraction(target.payoff, f"{what}: the payoff")
        if not sp.low <= pay <= sp.high:
            raise InvalidInput(f"{what}: the payoff {pay} lies outside PAYOFF_RANGE ({sp.low}, {sp.high})")
        return End(pay)
    if isinstance(target, Chance):
        raise InvalidInput(f"{what}: a Chance inside a Chance (give the combined probabilities)")
    _hashable(target, f"{what} leads to")
    if sp.states is not None and target not in sp.states:
        raise InvalidInput(f"{what} leads to {shown(target)}, which is not in STATES")
    return target


def solve(namespace: Mapping[str, Any], name: str, *, tol: float,
          progress: Callable[[str], None] | None) -> GameSolution:
    sp = spec(namespace)
    arrays = explore_turns(sp, progress)
    if arrays is None:
        return _solve_lp(sp, name, tol, progress)
    from parlour.solvers.stochastic.turns import solve_turns

    return _turn_solution(arrays, solve_turns(arrays, tol=tol, endless=sp.endless, progress=progress), name)


def _turn_solution(arrays: TurnArrays, sol: Any, name: str) -> GameSolution:
    """The compiled engine's answer (`solvers.stochastic.TurnSolution`) as a GameSolution."""
    return _solution(sol, name, len(arrays.states), sol.value_low, sol.value_high, entries=1,
                     read="the optimal move at a state", extra={"engine": sol.engine})


def _solution(sol: Any, name: str, n: int, low: Fraction, high: Fraction, *, entries: int, read: str,
              extra: Mapping[str, Any]) -> GameSolution:
    """An engine's answer (`solvers.stochastic.TurnSolution` or `StochasticSolution`: `proof`, `per_state()` and
    `policy(state)` alike) as a GameSolution: the per-state strategies written out while they take (`entries`
    a state) at most SHOWN_STRATEGY_ENTRIES, else a note on how to `read` them."""
    strategies = ({"per_state": sol.per_state()} if n * entries <= SHOWN_STRATEGY_ENTRIES else
                  {"note": f"{n:,} states: read {read} with result.policy(state)"})
    return GameSolution(
        kind="stochastic", name=name, value_low=low, value_high=high, proof=sol.proof, states=n,
        strategies=strategies, lookup=sol.policy, extra=extra, method=sol.method, status=sol.status,
        message=sol.message, seconds=sol.seconds, counters=sol.counters)


# --- turn-based games: exploring into arrays ------------------------------------------------------------

def explore_turns(sp: Spec, progress: Callable[[str], None] | None) -> TurnArrays | None:
    """Every state reachable from START as arrays (`solvers.stochastic.arrays.explore_arrays`); None as soon
    as a state has both players moving (the game is not turn-based: the LP engine takes it)."""
    return explore_arrays(sp.start, _Seen(sp).expand, progress)


class _Seen:
    """A turn-based module read state by state. The reading is the cost of a large game (a million states:
    Pig to 100), so the common case skips work that repeats: a pair of move lists or a list of chance
    probabilities already checked is recognised by the identity of its objects (`KnownPairs`, `KnownWeights`),
    and each distinct End is checked once."""

    def __init__(self, sp: Spec) -> None:
        self.sp = sp
        self.moves = KnownPairs(sp.moves, lambda state: moves_at(sp, state)).of
        self.weights = KnownWeights(lambda weights: probabilities(weights.items(), self.what, _ADVICE), self.what).of
        self.ends: dict[Any, int] = {}  # End -> its terminal's code, for repeated payoffs
        self.play, self.simple = sp.play, sp.states is None
        self.state: Any = None  # the state and move being read, for the messages of `end`
        self.move: Any = None
        self.built: Any = None
        self.end_code = self.end  # one bound method for every move

    def expand(self, state: Any, built: Any) -> bool:
        """The state's moves added to the arrays; False where both players move (not turn-based)."""
        m1, m2 = self.moves(state)
        if m1 and m2:
            return False
        who = 1 if m1 else 2
        ms = m1 or m2
        built.add_state(who, ms)
        self.built, self.state = built, state
        add_move, end_code, play, simple = built.add_move, self.end_code, self.play, self.simple
        for m in ms:
            self.move = m
            try:  # the user's function called directly: `call` only when it fails, to name the line
                res = play(state, m, None) if who == 1 else play(state, None, m)
            except KeyboardInterrupt:
                raise
            except Exception:
                call(self.play, *((state, m, None) if who == 1 else (state, None, m)), what=self.what())
                raise  # call raised (a function failing once fails twice); kept for the type checker
            if simple and type(res) is Chance and type(res.weights) is dict and 0 < len(res.weights) <= MAX_BRANCHES:
                d, ints = self.weights(res.weights)
                outcomes: Any = res.weights.keys()
            elif simple and type(res) is tuple:  # a sure move to a state (a tuple: hashable once checked)
                d, ints, outcomes = 1, [1], (res,)
            else:
                bs = branches(self.sp, state, res, self.what())
                d, ints = integer_weights([p for p, _ in bs], self.what)
                outcomes = [t for _, t in bs]
            try:
                add_move(d, ints, outcomes, _TERMINAL, end_code)
            except TypeError:  # a list or a dict for a state
                for t in outcomes:
                    _hashable(t, f"{self.what()} leads to")
                raise
        return True

    def end(self, t: Any) -> int:
        """An End's code (checked once per distinct End: its payoff in range), or a Chance in a Chance refused."""
        code = self.ends.get(t) if isinstance(t, End) else None
        if code is None:
            checked = _target(self.sp, None, t, self.what())
            code = self.ends[t] = self.built.end(Fraction(checked.payoff))
        return code

    def what(self) -> str:
        return f"state {shown(self.state, 60)}, move {shown(self.move, 40)}"


# --- games with simultaneous moves: the stage-LP engine -----------------------------------------------------

class _Adapter:
    """The module as a `solvers.stochastic.Game`: one stage per state, every target checked."""

    def __init__(self, sp: Spec) -> None:
        self.sp = sp

    def stage(self, state: Any) -> Any:
        from parlour.solvers import stochastic as st

        sp = self.sp
        m1, m2 = moves_at(sp, state)

        def cell(a: Any, b: Any) -> Any:  # what the moves lead to (None for the side that does not move)
            what = f"state {shown(state, 60)}, " + (f"moves {shown((a, b), 60)}" if m1 and m2 else
                                                    f"move {shown(b if a is None else a, 40)}")
            got = [(p, st.End(Fraction(t.payoff)) if isinstance(t, End) else t)
                   for p, t in branches(sp, state, call(sp.play, state, a, b, what=what), what)]
            return got[0][1] if len(got) == 1 else st.Lottery(tuple(got))

        seen = None
        if m1 and m2 and sp.seen is not None:
            seen = [call(sp.seen, state, a, what=f"seen({shown(state, 60)}, {shown(a, 40)})") for a in m1]
            for s in seen:
                _hashable(s, "what seen() returns,")
        return st.stage_of(m1, m2, cell, seen)


def _solve_lp(sp: Spec, name: str, tol: float, progress: Callable[[str], None] | None) -> GameSolution:
    from parlour.solvers import stochastic as st
    from parlour.solvers.stochastic.arrays import MAX_LP_STATES

    sol = st.solve(_Adapter(sp), [sp.start], endless=sp.endless, tol=tol, limit=MAX_LP_STATES, progress=progress)
    root = sol.at(sp.start)
    return _solution(sol, name, len(sol.states), root.lower, root.upper, entries=2,
                     read="a state's strategies",
                     extra={"engine": "stage LPs (simultaneous moves)", "components": len(sol.components)})
