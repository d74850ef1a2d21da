"""CFR+ with proven bounds (solvers/cfr): the interval holds the exact value (Kuhn, Leduc, random trees), narrows
as it runs, stays proven when a run is stopped, and its best replies in outward-rounded floats never pass the
exact best replies in fractions."""

from __future__ import annotations

import random
import runpy
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.results import Status
from parlour.solvers import cfr, cfr_form, cfr_kernels, sequence
from parlour.solvers.sequence import SequenceForm
from parlour.toolkit import Chance, End, Turn, tree

ROOT_DIR = Path(__file__).resolve().parents[2]
F = Fraction


def module_game(path: Path) -> SequenceForm:
    return tree.build(runpy.run_path(str(path)))


def leduc(monkeypatch: pytest.MonkeyPatch, ranks: int, suits: int) -> dict[str, Any]:
    monkeypatch.setenv("LEDUC_RANKS", str(ranks))
    monkeypatch.setenv("LEDUC_SUITS", str(suits))
    return runpy.run_path(str(ROOT_DIR / "examples" / "leduc_poker.py"))


def random_game(seed: int) -> dict[str, Any]:
    """A random game tree: chance deals each player a private signal (0 to 2, random weights), then public
    moves (turns of either player, chance events, ends) to depth 4; a player's infoset is his signal and the
    public history (perfect recall); payoffs are fractions such as 5/7 (not floats: the rounding is tested)."""
    rng = random.Random(seed)
    signals = range(rng.randint(2, 3))
    weights = {(a, b): rng.randint(1, 4) for a in signals for b in signals}
    total = sum(weights.values())
    shape: dict[tuple[Any, ...], Any] = {}

    def grow(public: tuple[Any, ...]) -> None:
        roll = rng.random()
        if len(public) >= 4 or (public and roll < 0.2):
            shape[public] = "end"
            return
        if roll < 0.35:
            shape[public] = Chance({"x": F(1, 3), "y": F(2, 3)})
            moves: tuple[Any, ...] = ("x", "y")
        else:
            moves = tuple(f"m{i}" for i in range(rng.randint(2, 3)))
            shape[public] = (rng.randint(1, 2), moves)
        for m in moves:
            grow((*public, m))

    grow(())
    pays = {(deal, public): F(rng.randint(-7, 7), rng.choice((1, 3, 7)))
            for deal in weights for public, kind in shape.items() if kind == "end"}

    def node(history: tuple[Any, ...]) -> Any:
        if not history:
            return Chance({d: F(w, total) for d, w in weights.items()})
        deal, public = history[0], history[1:]
        kind = shape[public]
        if kind == "end":
            return End(pays[(deal, public)])
        if isinstance(kind, Chance):
            return kind
        player, moves = kind
        return Turn(player, (deal[player - 1], public), moves)

    return {"ROOT": (), "node": node, "PAYOFF_RANGE": (-7, 7)}


def contains(solved: cfr.CFRSolution, exact: sequence.SequenceSolution) -> bool:
    return solved.value_low <= exact.value_low <= exact.value_high <= solved.value_high


def test_kuhn_bounds_hold_minus_one_eighteenth() -> None:
    game = module_game(ROOT_DIR / "examples" / "kuhn_poker.py")
    solved = cfr.solve(game, tol=1e-3)
    assert solved.status is Status.CERTIFIED and solved.width <= F(1, 1000)
    assert solved.value_low <= F(-1, 18) <= solved.value_high


def test_leduc_bounds_hold_the_exact_lp_value(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tree.build(leduc(monkeypatch, 3, 2))
    assert game.nodes == 9451  # 1 + 30 deals x (10 + 5 x (1 + 4 x 15))
    exact = sequence.solve(game)
    assert exact.exact and float(exact.value_low) == pytest.approx(-0.085606424078, abs=1e-12)
    solved = cfr.solve(game, tol=1e-3)
    assert solved.status is Status.CERTIFIED and contains(solved, exact)


def test_the_example_deck_is_a_parameter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four ranks in two suits: 8 cards, 1 + 56 x (10 + 5 x (1 + 6 x 15)) nodes, the suits' leaves summed."""
    game = tree.build(leduc(monkeypatch, 4, 2))
    assert game.nodes == 1 + 56 * (10 + 5 * (1 + 6 * 15))
    exact = sequence.solve(game)
    assert contains(cfr.solve(game, tol=1e-2), exact)


@pytest.mark.parametrize("seed", range(6))
def test_random_trees_are_bracketed(seed: int) -> None:
    game = tree.build(random_game(seed))
    exact = sequence.solve(game)
    solved = cfr.solve(game, tol=1e-4, max_iterations=200_000)
    assert solved.status is not Status.STOPPED and contains(solved, exact)


def test_the_interval_narrows_and_a_stopped_run_keeps_its_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tree.build(leduc(monkeypatch, 3, 2))
    value = sequence.solve(game).value_low
    lines: list[str] = []
    short = cfr.solve(game, tol=1e-9, max_iterations=40, progress=lines.append)
    assert short.status is Status.STOPPED and not short.interrupted and short.iterations == 40
    assert short.value_low <= value <= short.value_high
    widths = [float(line.rpartition("width ")[2].split()[0]) for line in lines]
    assert widths == sorted(widths, reverse=True) and widths[-1] < widths[0] / 10
    longer = cfr.solve(game, tol=1e-9, max_iterations=400)
    assert longer.width < short.width and longer.value_low <= value <= longer.value_high


def test_ctrl_c_keeps_the_best_proven_interval() -> None:
    """The progress callback may raise KeyboardInterrupt (as Ctrl-C does between two chunks)."""
    game = tree.build(random_game(1))
    exact = sequence.solve(game)
    said: list[str] = []

    def stop_at_the_fourth(line: str) -> None:
        said.append(line)
        if len(said) == 4:
            raise KeyboardInterrupt

    solved = cfr.solve(game, tol=1e-12, progress=stop_at_the_fourth)
    assert solved.interrupted and solved.status is Status.STOPPED and "interrupted" in solved.message
    assert len(said) == 4 and solved.iterations == 1 + 2 + 4 + 8 and contains(solved, exact)


@pytest.mark.parametrize("seed", range(8))
def test_the_rounded_best_reply_never_passes_the_exact_one(seed: int) -> None:
    """Random weights per sequence: the kernel's bound on what the strategy guarantees is at most the exact
    guarantee of that strategy (weights over their sum, in fractions: `sequence.guarantee`), and close to it."""
    game = tree.build(random_game(seed))
    form = cfr_form.flat(game)
    rng = np.random.default_rng(seed)
    for player in (1, 2):
        side, other = form.sides[player - 1], form.sides[2 - player]
        weights = rng.random(side.sequences) * (rng.random(side.sequences) > 0.2)
        behaviour = {}
        for info in game.of(player):
            ws = [F(float(weights[info.first + i])) for i in range(len(info.moves))]
            uniform = weights[info.parent] <= 0 or sum(ws) == 0
            behaviour[info.name] = {m: F(1, len(ws)) if uniform else w / sum(ws)
                                    for m, w in zip(info.moves, ws, strict=True)}
        exact = sequence.guarantee(game, player, behaviour)
        if player == 1:
            bound = F(cfr_kernels.guarantee_low(side.arrays, other.arrays, form.row, form.col, form.low, weights,
                                                other.sequences))
            assert bound <= exact and exact - bound < F(1, 10**12)
        else:
            bound = -F(cfr_kernels.guarantee_low(side.arrays, other.arrays, form.col, form.row, -form.high,
                                                 weights, other.sequences))
            assert exact <= bound and bound - exact < F(1, 10**12)


def test_payoffs_are_bracketed_by_their_floats() -> None:
    game = tree.build(random_game(3))
    form = cfr_form.flat(game)
    for (s1, s2), pay in game.payoff.items():
        i = np.flatnonzero((form.row == s1) & (form.col == s2))[0]
        assert F(form.low[i]) < pay < F(form.high[i]) or F(form.low[i]) < pay == F(form.pay[i]) < F(form.high[i])


def test_a_tree_beyond_the_lp_is_solved_by_cfr(monkeypatch: pytest.MonkeyPatch) -> None:
    ns = leduc(monkeypatch, 3, 2)
    exact = sequence.solve(tree.build(ns))
    monkeypatch.setattr(cfr, "LP_SEQUENCES", 100)
    sol = tree.solve(ns, "leduc", progress=None)
    assert sol.status is Status.CERTIFIED and sol.extra["engine"] == cfr.CFRSolution.engine
    low, high = sol.value_bounds
    assert sol.value_low <= exact.value_low <= sol.value_high and high - low <= cfr.TOL
    assert sol.counters["cfr_iterations"] > 0 and "note" not in sol.strategies
