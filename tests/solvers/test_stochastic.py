"""The stochastic-game engine: games solved by hand, random games against brute force, relabelling."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import pytest

from parlour.results import Status
from parlour.solvers import stochastic, zerosum
from parlour.solvers.stochastic import End, Lottery, Stage
from parlour.solvers.stochastic.pessimistic import from_one_side
from parlour.solvers.stochastic.work import Work

F = Fraction


class Acyclic:
    """A: player 1 matches pennies; a match pays 1, a mismatch leads to B. B: player 2 picks 1/2 or -1/3."""

    def stage(self, state: str) -> Stage:
        if state == "A":
            return Stage(1, ("h", "t"), ("h", "t"), ((0, 1), (1, 0)), (End(F(1)), "B"))
        return Stage(2, ("a", "b"), ("-",), ((0,), (1,)), (End(F(1, 2)), End(F(-1, 3))))


def test_backward_induction_by_hand() -> None:
    # B: player 2 picks -1/3. A is the matrix [[1, -1/3], [-1/3, 1]]: by symmetry both mix 1/2-1/2 and
    # the value is (1 - 1/3) / 2 = 1/3.
    result = stochastic.solve(Acyclic(), ["A"])
    assert result.status is Status.EXACT
    assert result.at("B").lower == F(-1, 3) and result.at("A").lower == result.at("A").upper == F(1, 3)
    assert result.at("A").strategy1 == (F(1, 2), F(1, 2))


class StopOrGo:
    """A: player 1 stops for 1/2 or goes to B. B: player 2 stops (paying 1) or sends play back to A."""

    def stage(self, state: str) -> Stage:
        if state == "A":
            return Stage(1, ("stop", "go"), ("-",), ((0,), (1,)), (End(F(1, 2)), "B"))
        return Stage(2, ("stop", "back"), ("-",), ((0,), (1,)), (End(F(1)), "A"))


def test_a_cycle_by_hand() -> None:
    # Player 2 never stops (he would pay 1); going round for ever is worth 0 to player 1, so he stops at
    # once: v(A) = 1/2, and v(B) = min(1, v(A)) = 1/2. The cycle is a strongly connected component.
    result = stochastic.solve(StopOrGo(), ["A"])
    assert result.status is Status.EXACT and result.counters["cyclic_components"] == 1
    assert result.at("A").lower == result.at("B").upper == F(1, 2)


class BadMatch:
    """Everett's example of a recursive game in which player 1 has no optimal stationary strategy:
    (a, c) repeats, (b, d) ends at 0, the other two cells end at 1. The value is 1 (play a with
    probability 1 - e: player 2's best reply gets at least 1 - e / (1 - ...)), never reached."""

    def stage(self, state: str) -> Stage:
        return Stage(1, ("a", "b"), ("c", "d"), ((0, 1), (1, 2)), ("A", End(F(1)), End(F(0))))


def test_no_optimal_stationary_strategy_gives_an_honest_interval() -> None:
    result = stochastic.solve(BadMatch(), ["A"], tol=1e-12, max_sweeps=2_000)
    state = result.at("A")
    assert not state.exact and result.status is Status.STOPPED
    assert state.lower < 1 <= state.upper  # the proven interval holds the value 1
    assert state.upper - state.lower < F(1, 100)


@dataclass(frozen=True)
class RandomGame:
    """States 0..n-1 with simultaneous 2x2 stages; cells end with a small payoff or move (maybe by chance)."""

    table: dict[int, Stage]

    def stage(self, state: int) -> Stage:
        return self.table[state]


def random_game(seed: int, n: int, acyclic: bool) -> RandomGame:
    rng = np.random.default_rng(seed)
    table = {}
    for s in range(n):
        targets: list[Any] = []
        outcome = []
        for _ in range(2):
            row = []
            for _ in range(2):
                later = [t for t in range(n) if not acyclic or t > s]
                kind = rng.integers(0, 3)
                if kind == 0 or not later:
                    target: Any = End(F(int(rng.integers(-3, 4)), 2))
                elif kind == 1:
                    target = int(rng.choice(later))
                else:
                    target = Lottery(((F(1, 3), int(rng.choice(later))), (F(2, 3), End(F(int(rng.integers(-2, 3)))))))
                row.append(len(targets))
                targets.append(target)
            outcome.append(tuple(row))
        table[s] = Stage(int(rng.integers(1, 3)), ("r0", "r1"), ("c0", "c1"), tuple(outcome), tuple(targets))
    return RandomGame(table)


def brute_backward(game: RandomGame, n: int) -> dict[int, Fraction]:
    values: dict[int, Fraction] = {}
    for s in reversed(range(n)):
        st = game.stage(s)

        def val(t: Any) -> Fraction:
            if isinstance(t, End):
                return t.payoff
            if isinstance(t, Lottery):
                return sum((p * val(b) for p, b in t.branches), F(0))
            return values[t]

        matrix = np.array([[val(st.targets[k]) for k in row] for row in st.outcome], dtype=object)
        # rows are the leader's moves; zerosum wants player 1's (the maximiser's) as rows
        values[s] = zerosum.solve(matrix if st.leader == 1 else matrix.T, exact=True).value_exact
    return values


@pytest.mark.parametrize("seed", range(15))
def test_acyclic_random_games_against_brute_force(seed: int) -> None:
    game = random_game(seed, 5, acyclic=True)
    result = stochastic.solve(game, range(5))
    expected = brute_backward(game, 5)
    assert result.status is Status.EXACT
    assert all(result.at(s).lower == expected[s] for s in range(5))


def reply_values(game: RandomGame, n: int, player: int, solution: stochastic.StochasticSolution
                 ) -> dict[int, Fraction]:
    """Brute force: what `player`'s stationary strategies guarantee, as the worst over every pure
    stationary reply of the opponent (deterministic stationary replies suffice in a finite MDP), each
    evaluated exactly as an absorbing chain (play that never ends is worth 0)."""
    worst: dict[int, Fraction] = {}
    for reply in itertools.product(range(2), repeat=n):
        # the chain over states 0..n-1, with the payoffs that end it
        chain = [[F(0)] * n for _ in range(n)]
        pay = [F(0)] * n
        for s in range(n):
            st = game.stage(s)
            mine = solution.at(s).strategy1 if player == 1 else solution.at(s).strategy2
            # simultaneous stage: the player's mixture is over his own moves (rows if he leads)
            mix = mine if st.leader == player else mine[0]
            for a, p in enumerate(mix):
                i, j = (a, reply[s]) if st.leader == player else (reply[s], a)
                target = st.targets[st.outcome[i][j]]
                for q, t in (target.branches if isinstance(target, Lottery) else ((F(1), target),)):
                    if isinstance(t, End):
                        pay[s] += F(p) * q * t.payoff
                    else:
                        chain[s][t] += F(p) * q
        values = absorb(chain, pay)
        for s in range(n):
            if s not in worst or (values[s] < worst[s] if player == 1 else values[s] > worst[s]):
                worst[s] = values[s]
    return worst


def absorb(chain: list[list[Fraction]], pay: list[Fraction]) -> list[Fraction]:
    """Expected payoff of an absorbing chain with endless play worth 0: states that cannot reach an end
    are 0, the rest solve (I - P) v = pay exactly."""
    n = len(chain)
    can_end = {s for s in range(n) if pay[s] != 0 or sum(chain[s]) < 1}
    grew = True
    while grew:
        grew = False
        for s in range(n):
            if s not in can_end and any(chain[s][t] > 0 and t in can_end for t in range(n)):
                can_end.add(s)
                grew = True
    live = sorted(can_end)
    out = [F(0)] * n
    if not live:
        return out
    a = flint.fmpq_mat([[flint.fmpq(int(i == j)) - _q(chain[i][j]) for j in live] for i in live])
    b = flint.fmpq_mat([[_q(pay[i])] for i in live])
    sol = a.solve(b)
    for k, s in enumerate(live):
        out[s] = F(int(sol[k, 0].p), int(sol[k, 0].q))
    return out


def _q(x: Fraction) -> flint.fmpq:
    return flint.fmpq(x.numerator, x.denominator)


@pytest.mark.parametrize("seed", range(12))
def test_cyclic_random_games_against_brute_force(seed: int) -> None:
    game = random_game(1000 + seed, 3, acyclic=False)
    result = stochastic.solve(game, range(3))
    assert result.status in (Status.EXACT, Status.CERTIFIED, Status.STOPPED)
    low = reply_values(game, 3, 1, result)
    high = reply_values(game, 3, 2, result)
    for s in range(3):
        # the proven bounds are what the strategies really guarantee against every stationary reply
        assert low[s] >= result.at(s).lower and high[s] <= result.at(s).upper
        assert result.at(s).lower <= result.at(s).upper


def swapped(game: RandomGame) -> RandomGame:
    """The same game with the players' roles exchanged: payoffs negated, the other player leads."""
    def flip(t: Any) -> Any:
        if isinstance(t, End):
            return End(-t.payoff)
        if isinstance(t, Lottery):
            return Lottery(tuple((p, flip(b)) for p, b in t.branches))
        return t

    return RandomGame({s: Stage(3 - st.leader, st.rows, st.cols, st.outcome, tuple(flip(t) for t in st.targets))
                       for s, st in game.table.items()})


@pytest.mark.parametrize("seed", range(8))
def test_relabelling_the_players_negates_the_values(seed: int) -> None:
    game = random_game(2000 + seed, 3, acyclic=False)
    a = stochastic.solve(game, range(3))
    b = stochastic.solve(swapped(game), range(3))
    for s in range(3):
        assert (a.at(s).lower == -b.at(s).upper and a.at(s).upper == -b.at(s).lower) or (
            not a.at(s).exact and abs(a.at(s).value + b.at(s).value) < 1e-9)


def test_pessimistic_games_give_everetts_game_a_nearly_optimal_strategy() -> None:
    # The fallback where the fixed point's strategies cannot be proven: player 1's strategy from the
    # pessimistic games of Everett's game is (1 - e, e) with e > 0, which guarantees exactly 1 - e (player
    # 2's reply d pays 1 - e; c repeats until b ends the game at 1). The proven bound must lie below that
    # guarantee and, with 1 - beta down to 1e-9, within 1e-4 of the value 1: the pessimistic game's
    # value is (1 - sqrt(1 - beta)) / beta, so the old fallback's games (beta <= 0.9995) stopped 0.022
    # short, and value iteration or one-sided strategy iteration only creep toward it (like 1 / n).
    states, stages, index = stochastic.explore(BadMatch(), ["A"])
    work = Work(states, stages, index, [None], [None], np.zeros(1), [None], [""], {"sweeps": 0, "exact_checks": 0})
    found = from_one_side(work, [0], 1, F(0), eta=1e-14)
    assert found is not None
    bound, strategies = found
    a, b = strategies[0]
    assert b > 0 and bound[0] <= a  # a is exactly what the strategy guarantees
    assert 1 - bound[0] < F(1, 10**4)



def standoff(fair: bool) -> tuple[list[Stage], dict[Any, int]]:
    """Two states A and B, both moving at once: waiting together passes to the other state (play can go
    round for ever, worth 0), attacking a waiting player loses, waiting against an attack wins, and two
    attacks toss a coin. Each player, by waiting, keeps the other off every end better for him: a draw,
    value 0. Unfair: at A, player 1's attack on a waiting player 2 wins, so A is worth more than 0."""
    def stage(at_a: bool) -> Stage:
        coin = Lottery(((F(1, 2), End(F(1))), (F(1, 2), End(F(-1)))))
        attack_wins = at_a and not fair
        return Stage(1, ("wait", "attack"), ("wait", "attack"), ((0, 1), (2, 3)),
                     ("B" if at_a else "A", End(F(1)), End(F(1) if attack_wins else F(-1)), coin))

    return [stage(True), stage(False)], {"A": 0, "B": 1}


WIDE = [F(-1), F(-1)], [F(1), F(1)]  # bounds as a solver that could not pin the values down leaves them


def test_a_draw_is_proven_by_strategies_that_keep_the_other_off_better_ends() -> None:
    stages, index = standoff(fair=True)
    inside, keep1, keep2 = stochastic.draws(stages, index, *WIDE)
    assert inside == {0, 1}
    assert keep1[0] == (1, 0) and keep2[0] == ((1, 0),)  # both wait
    assert stochastic.proves_draws(stages, index, *WIDE, inside, keep1, keep2)
    # a tampered strategy fails the check: player 1 attacking now and then risks a waiting player 2's win
    mixed = {**keep1, 0: (F(1, 2), F(1, 2))}
    assert not stochastic.proves_draws(stages, index, *WIDE, inside, mixed, keep2)
    # and so does a "strategy" that is no probability vector, or a state left without one
    assert not stochastic.proves_draws(stages, index, *WIDE, inside, {**keep1, 0: (F(1), F(1))}, keep2)
    assert not stochastic.proves_draws(stages, index, *WIDE, inside, {1: keep1[1]}, keep2)


def test_a_state_worth_more_than_a_draw_is_not_made_one() -> None:
    stages, index = standoff(fair=False)
    inside, _, _ = stochastic.draws(stages, index, *WIDE)
    assert inside == frozenset()  # player 2 cannot keep player 1 off his win at A, and B leads to A
    # the solver's own value of A is positive (player 1 mixes waiting and attacking)
    class Game:
        def stage(self, state: str) -> Stage:
            return stages[index[state]]

    solved = stochastic.solve(Game(), ["A"])
    assert solved.at("A").lower > 0
    # a proven bound that says B is no better than a draw for player 1 is not enough: A still is not one
    assert stochastic.draws(stages, index, [F(-1), F(-1)], [F(1), F(0)])[0] == frozenset()


# --- the package's one Tarjan and one end-component check (graph.py), shared by both engines -----------------

def _reach(n: int, edges: dict[int, set[int]]) -> list[set[int]]:
    """Every node's reachable set (itself included), by search: the reference for the components."""
    out = []
    for s in range(n):
        seen, todo = {s}, [s]
        while todo:
            for t in edges.get(todo.pop(), ()):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        out.append(seen)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_components_are_the_strongly_connected_sets_sinks_first(seed: int) -> None:
    from parlour.solvers.stochastic.explore import components

    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 25))
    successors = [sorted({int(t) for t in rng.integers(0, n, int(rng.integers(0, 4)))}) for _ in range(n)]
    reach = _reach(n, {s: set(succ) for s, succ in enumerate(successors)})
    comps = components(successors)
    assert sorted(s for c in comps for s in c) == list(range(n))
    done: set[int] = set()
    for comp in comps:
        assert comp == sorted({t for t in reach[comp[0]] if comp[0] in reach[t]})  # exactly one SCC
        assert all(t in done or t in comp for s in comp for t in successors[s])  # what it reaches came before
        done |= set(comp)


def _in_end_component(states: list[int], options: dict[int, list[list[frozenset[int] | None]]]) -> set[int]:
    """By brute force: s lies in an end component when some set S holding s lets the player pick, in every
    group of every state of S, an option that stays in S, and the options that stay connect S strongly."""
    found: set[int] = set()
    for size in range(1, len(states) + 1):
        for chosen in itertools.combinations(states, size):
            inside = set(chosen)
            stay = {s: [o for g in options[s] for o in g if o is not None and o <= inside] for s in chosen}
            if not all(any(o is not None and o <= inside for o in g) for s in chosen for g in options[s]):
                continue
            reach = _reach(len(states) + 30, {s: set().union(*stay[s]) for s in chosen})
            if all(inside <= reach[s] for s in chosen):
                found |= inside
    return found


@pytest.mark.parametrize("seed", range(60))
def test_end_components_against_brute_force(seed: int) -> None:
    from parlour.solvers.stochastic.ends import end_components

    rng = np.random.default_rng(seed)
    states = sorted(int(s) for s in rng.choice(12, int(rng.integers(1, 7)), replace=False))
    pool = [*states, 20, 21]  # 20 and 21 lie outside the component: an option to them leaves it
    options = {s: [[None if rng.random() < 0.15 else
                    frozenset(int(rng.choice(pool if rng.random() < 0.2 else states))
                              for _ in range(int(rng.integers(1, 3))))
                    for _ in range(int(rng.integers(1, 4)))]
                   for _ in range(int(rng.integers(1, 3)))] for s in states}
    assert end_components(states, options) == _in_end_component(states, options)


def test_the_compiled_graph_algorithms_are_the_plain_ones() -> None:
    """The fast path runs graph.py's code compiled by numba; the stage-LP engine runs it as Python."""
    from parlour.solvers.stochastic import graph

    tarjan, end_states, never_ending = graph.compiled_graph()
    rng = np.random.default_rng(7)
    for _ in range(30):
        n = int(rng.integers(1, 30))
        ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 4, n))]).astype(np.int64)
        target = rng.integers(-2, n, int(ptr[-1])).astype(np.int64)  # negative: play ends
        for a, b in zip(tarjan(ptr, target), graph.tarjan(ptr, target), strict=True):
            assert np.array_equal(a, b)
        # one group per state, its options the state's edges one at a time
        args = (np.arange(n + 1, dtype=np.int64), ptr, np.arange(int(ptr[-1]), dtype=np.int64),
                np.arange(int(ptr[-1]) + 1, dtype=np.int64), target)
        assert np.array_equal(end_states(*args), graph.end_states(*args))
        order, comp_ptr = graph.tarjan(ptr, target)
        never = graph.never_ending(ptr, target, order, comp_ptr)
        assert np.array_equal(never_ending(ptr, target, order, comp_ptr), never)
        assert never.tolist() == [not _reaches_an_exit(v, ptr, target) for v in range(n)]


def _reaches_an_exit(v: int, ptr: np.ndarray, target: np.ndarray) -> bool:
    """Whether some path from v takes a negative edge (plain search: the oracle of `graph.never_ending`)."""
    seen, stack = {v}, [v]
    while stack:
        u = stack.pop()
        for t in target[ptr[u]:ptr[u + 1]].tolist():
            if t < 0:
                return True
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return False
