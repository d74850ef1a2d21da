import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.errors import CertificateError, InvalidInput
from parlour.results import Status
from parlour.solvers import bayesian, exactlp, zerosum
from parlour.solvers.bayesian import BayesianGame


def _one_card_poker() -> BayesianGame:
    # Player 1 is dealt High or Low (1/2 each); player 2 has one type. Player 1 raises or checks;
    # player 2 decides at the same time whether he calls a raise or folds to it. Check: showdown for 1
    # (High +1, Low -1); raise and call: showdown for 2; raise and fold: player 1 takes 1.
    def u(t1: str, t2: str, a1: str, a2: str) -> int:
        show = 1 if t1 == "H" else -1
        if a1 == "check":
            return show
        return 2 * show if a2 == "call" else 1

    return BayesianGame.from_function({("H", "-"): Fraction(1, 2), ("L", "-"): Fraction(1, 2)},
                                      lambda t: ("raise", "check"), lambda t: ("call", "fold"), u)


def test_one_card_poker_by_hand() -> None:
    # High always raises (raise gives 2 or 1, check 1). Low raises with probability p, player 2 calls
    # with probability q: v = 1/2 (1 + q) + 1/2 (p (1 - 3q) - (1 - p)) = q/2 + p (2 - 3q)/2.
    # Player 2 is indifferent in q iff p = 1/3, player 1 in p iff q = 2/3; then v = 1/3.
    s = bayesian.solve(_one_card_poker())
    assert s.status is Status.EXACT
    assert s.value == Fraction(1, 3)
    assert s.mixture1("H") == {"raise": 1}
    assert s.mixture1("L") == {"raise": Fraction(1, 3), "check": Fraction(2, 3)}  # the bluff
    assert s.mixture2("-") == {"call": Fraction(2, 3), "fold": Fraction(1, 3)}
    s.check()


def _who_knows(informed: int) -> BayesianGame:
    # One of two matrix games is played, each with probability 1/2: A = [[1, 0], [0, 0]] or
    # B = [[0, 0], [0, 1]] (player 1 rows, maximising). Only the informed player learns which.
    a = [[1, 0], [0, 0]]
    b = [[0, 0], [0, 1]]

    def u(t1: str, t2: str, a1: int, a2: int) -> int:
        which = t1 if informed == 1 else t2
        return (a if which == "A" else b)[a1][a2]

    prior = ({("A", "-"): Fraction(1, 2), ("B", "-"): Fraction(1, 2)} if informed == 1
             else {("-", "A"): Fraction(1, 2), ("-", "B"): Fraction(1, 2)})
    return BayesianGame.from_function(prior, lambda t: (0, 1), lambda t: (0, 1), u)


def test_information_by_hand() -> None:
    # Player 2 informed: in A he plays column 1 (every row pays 0), in B column 0: value 0.
    # Player 1 informed: row 0 in A, row 1 in B; against either column he then wins 1 with probability
    # 1/2, and player 2 can do no better since the two columns pay 1/2 each: value 1/2.
    assert bayesian.solve(_who_knows(2)).value == 0
    informed = bayesian.solve(_who_knows(1))
    assert informed.value == Fraction(1, 2)
    assert informed.mixture1("A") == {0: 1} and informed.mixture1("B") == {1: 1}


def test_one_type_each_is_the_matrix_game() -> None:
    rng = random.Random(4)
    for _ in range(20):
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        a = [[rng.randint(-4, 4) for _ in range(n)] for _ in range(m)]
        game = BayesianGame(("t",), ("s",), (tuple(range(m)),), (tuple(range(n)),),
                            {(0, 0): Fraction(1)}, {(0, 0): np.array(a, dtype=object)})
        s = bayesian.solve(game)
        assert s.value == zerosum.solve(a, exact=True).value_exact
        s.check()


def _random_game(rng: random.Random, max_types: int = 3, max_actions: int = 3) -> BayesianGame:
    n1, n2 = rng.randint(1, max_types), rng.randint(1, max_types)
    acts1 = tuple(tuple(range(rng.randint(1, max_actions))) for _ in range(n1))
    acts2 = tuple(tuple(range(rng.randint(1, max_actions))) for _ in range(n2))
    weights = {(i, j): rng.randint(0, 3) for i in range(n1) for j in range(n2)}
    for i in range(n1):  # every type needs positive probability
        weights[(i, rng.randrange(n2))] += 1
    for j in range(n2):
        weights[(rng.randrange(n1), j)] += 1
    total = sum(weights.values())
    prior = {pair: Fraction(w, total) for pair, w in weights.items() if w}
    payoffs = {(i, j): np.array([[Fraction(rng.randint(-6, 6), rng.choice((1, 2, 3))) for _ in acts2[j]]
                                 for _ in acts1[i]], dtype=object) for (i, j) in prior}
    return BayesianGame(tuple(f"a{i}" for i in range(n1)), tuple(f"b{j}" for j in range(n2)), acts1, acts2,
                        prior, payoffs)


def test_random_games_against_the_normal_form() -> None:
    # Brute force: every pure strategy (one action per type) of both players, expected payoffs under the
    # prior, solved as a matrix game. Its value must be the sequence-form LP's.
    rng = random.Random(11)
    for _ in range(40):
        game = _random_game(rng)
        s = bayesian.solve(game)
        s.check()
        matrix, _, _ = bayesian.normal_form(game)
        assert s.value == zerosum.solve(matrix, exact=True).value_exact
        # the certificate's strategies are optimal in the normal form too: each type's mixture as a
        # behaviour strategy guarantees the value against every pure strategy of the other player
        low, high = bayesian.guarantees(game, s.strategy1, s.strategy2)  # type: ignore[arg-type]
        assert low == high == s.value


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_relabelling_types_and_actions_keeps_the_value(seed: int) -> None:
    rng = random.Random(seed)
    game = _random_game(rng)
    p1 = list(range(len(game.types1)))
    p2 = list(range(len(game.types2)))
    rng.shuffle(p1)
    rng.shuffle(p2)
    acts1 = [rng.sample(range(len(a)), len(a)) for a in game.actions1]
    acts2 = [rng.sample(range(len(a)), len(a)) for a in game.actions2]
    # new type k of player 1 is old type p1[k]; its new action r is old action acts1[p1[k]][r]
    inverse1 = {old: new for new, old in enumerate(p1)}
    inverse2 = {old: new for new, old in enumerate(p2)}
    prior = {(inverse1[i], inverse2[j]): p for (i, j), p in game.prior.items()}
    payoffs = {(inverse1[i], inverse2[j]): block[np.ix_(acts1[i], acts2[j])]
               for (i, j), block in game.payoffs.items()}
    relabelled = BayesianGame(tuple(game.types1[k] for k in p1), tuple(game.types2[k] for k in p2),
                              tuple(tuple(range(len(game.actions1[k]))) for k in p1),
                              tuple(tuple(range(len(game.actions2[k]))) for k in p2), prior, payoffs)
    assert bayesian.solve(relabelled).value == bayesian.solve(game).value


def test_negating_and_swapping_the_players_negates_the_value() -> None:
    rng = random.Random(3)
    for _ in range(10):
        game = _random_game(rng)
        swapped = BayesianGame(game.types2, game.types1, game.actions2, game.actions1,
                               {(j, i): p for (i, j), p in game.prior.items()},
                               {(j, i): -b.T for (i, j), b in game.payoffs.items()})
        assert bayesian.solve(swapped).value == -bayesian.solve(game).value


def test_wrong_strategies_fail_the_check() -> None:
    game = _one_card_poker()
    s = bayesian.solve(game)
    # Low never bluffs: against it player 2 can call every raise, so player 1 guarantees less than 1/3
    never_bluff = ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)))
    low, high = bayesian.guarantees(game, never_bluff, s.strategy2)  # type: ignore[arg-type]
    assert low < high
    forged = bayesian.BayesianSolution(game=game, value=s.value, strategy1=never_bluff, strategy2=s.strategy2,
                                       gap=0.0, status=s.status)
    with pytest.raises(CertificateError):
        forged.check()
    not_a_mixture = ((Fraction(1), Fraction(1)), (Fraction(1, 3), Fraction(2, 3)))
    with pytest.raises(CertificateError):
        bayesian.guarantees(game, not_a_mixture, s.strategy2)  # type: ignore[arg-type]


def test_float_mode_is_an_estimate_with_its_residual() -> None:
    s = bayesian.solve(_one_card_poker(), exact=False)
    assert s.status is Status.ESTIMATE
    assert s.value == pytest.approx(1 / 3) and abs(s.gap) < 1e-9
    with pytest.raises(CertificateError):
        s.check()


def test_bad_input_is_one_sentence() -> None:
    acts = ((0,),)
    block = {(0, 0): np.array([[1]], dtype=object)}
    with pytest.raises(InvalidInput, match="sum to 1"):
        BayesianGame(("a",), ("b",), acts, acts, {(0, 0): Fraction(1, 2)}, block)
    with pytest.raises(InvalidInput, match="shape"):
        BayesianGame(("a",), ("b",), acts, acts, {(0, 0): Fraction(1)}, {(0, 0): np.array([[1, 2]], dtype=object)})
    with pytest.raises(InvalidInput, match="int or a Fraction"):
        BayesianGame(("a",), ("b",), acts, acts, {(0, 0): Fraction(1)}, {(0, 0): np.array([[0.5]], dtype=object)})
    with pytest.raises(InvalidInput, match="positive probability"):
        BayesianGame(("a", "c"), ("b",), (*acts, (0,)), acts, {(0, 0): Fraction(1)}, block)


def test_json_follows_the_convention() -> None:
    out = bayesian.solve(_one_card_poker()).to_json()
    assert out["value_exact"] == "1/3" and out["status"] == "exact"
    low = next(t for t in out["strategy1"] if t["type"] == "L")
    assert {"action": "raise", "probability": 1 / 3, "probability_exact": "1/3"} in low["strategy"]


def test_independent_parts_are_solved_apart_and_checked_together() -> None:
    # Two one-card poker games side by side (probability 1/3 and 2/3), the second with the stakes
    # doubled: no type of one meets a type of the other, so the value is 1/3 * 1/3 + 2/3 * 2/3 = 5/9.
    poker = _one_card_poker()
    prior = {(0, 0): Fraction(1, 6), (1, 0): Fraction(1, 6), (2, 1): Fraction(1, 3), (3, 1): Fraction(1, 3)}
    payoffs = {(0, 0): poker.payoffs[(0, 0)], (1, 0): poker.payoffs[(1, 0)],
               (2, 1): 2 * poker.payoffs[(0, 0)], (3, 1): 2 * poker.payoffs[(1, 0)]}
    game = BayesianGame(("H", "L", "H2", "L2"), ("-", "-2"), poker.actions1 * 2, poker.actions2 * 2, prior, payoffs)
    assert len(bayesian.components(game)) == 2
    s = bayesian.solve(game)
    assert s.value == Fraction(5, 9) and s.counters["components"] == 2
    assert s.mixture1("L2") == {"raise": Fraction(1, 3), "check": Fraction(2, 3)}
    s.check()
    matrix, _, _ = bayesian.normal_form(game)
    assert zerosum.solve(matrix, exact=True).value_exact == Fraction(5, 9)


def test_without_a_basis_it_retries_tight_then_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # When the basis gives no proof, the LP is solved again at tight tolerances and rounded strategies are
    # tried; the answer is still checked exactly, and the method says where its certificate came from.
    monkeypatch.setattr(exactlp, "basic_solution", lambda *args: None)
    s = bayesian.solve(_one_card_poker())
    assert s.value == Fraction(1, 3) and s.status is Status.EXACT
    assert "rounding" in s.method and "tolerances" in s.method
    s.check()


def test_nothing_is_called_exact_without_a_passing_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bayesian, "guarantees", lambda *args: (Fraction(0), Fraction(1)))
    with pytest.raises(CertificateError):
        bayesian.solve(_one_card_poker())
