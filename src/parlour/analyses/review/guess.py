"""The guessing game's grader (higher–lower, Dresher): every guess against the best guess, exactly, in expected
guesses of the whole game (the searcher wants fewer), and the number a person hides against Bob's mixture.

A record of the guessing game (docs/json.md, "Game records"):

    settings: {"n": N, "mode": "guess" | "hide"}
    moves:    "guess": [{"by": "you", "guess": g}, {"by": "Alice", "answer": "higher" | "lower" | "correct"}, ...]
              "hide":  [{"by": "Bob", "guess": g}, {"by": "you", "answer": ...}, ...]

Both optimal strategies are the certified solve the page plays (`analyses.guess.solve.solve_guess`): Alice's
hiding distribution and Bob's mixture of search trees.

- **A guess** (yours when you search) is worth the expected number of guesses of the whole game when Alice hides
  by her optimal distribution restricted to the numbers still possible and every later guess is the best search
  against it (an optimal search tree, exact over integer weights). The best guess is the root of that tree; the
  loss of a guess is its value less the best's. Every tree in Bob's optimal mixture is a best reply to Alice's
  distribution, so each of its guesses is best wherever Alice's number can be: Bob's guesses, played by you,
  lose 0.
- **The number you hide** (hide mode) is a pure move of a matrix game: its value is the guesses Bob's optimal
  mixture needs for it on average, the best value V(N). A number in the support of Alice's optimal (mixed)
  strategy has loss 0: it is best, though the hider's optimal strategy is mixed. It is graded once the game
  ends (the last answer "correct" names it), at your first answer.
- **Luck** is always yours: when you search, Alice's answer moves the expected guesses from the value of the
  guess just made to the value after it (fewer: good luck for you); when you hide, each of Bob's guesses moves
  the guesses his trees still consistent with his play need on average for your number (more: good luck for
  you). Losses and swings telescope: V(N) plus the searcher's losses less his good luck is the guesses the game
  took; for the hider, the value of the number plus the swings.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from parlour.analyses.guess import play
from parlour.analyses.review.core import Decision, GameRecord, Luck, Review, Status, decision
from parlour.analyses.review.scales import scale
from parlour.errors import FormatError, InvalidInput, shown

UNIT, THRESHOLDS = scale("guess")
MAX_N = 1000  # the review solves N itself (36 s at 1,000: analyses.guess.cost); then each grade takes milliseconds
MODES = {"guess": ("you", "Alice"), "hide": ("Bob", "you")}  # mode -> (searcher, hider)


@dataclass(frozen=True)
class Strategies:
    numbers: int
    value: Fraction
    alice: tuple[int, ...]  # Alice's probabilities as integer weights (one common denominator)
    bob: tuple[tuple[tuple[int, ...], int], ...]  # (depth of each number, integer weight) per tree of Bob's


@lru_cache(maxsize=8)
def strategies(n: int) -> Strategies:
    """N's certified optimal strategies (the solve the page plays), as integer weights."""
    from parlour.analyses.guess.solve import solve_guess

    sol = solve_guess(n)
    if not sol.certified or sol.value is None:
        raise InvalidInput(f"the strategies for N = {n} could not be certified")
    alice = [Fraction(a) for a in sol.alice]
    bob = [(t.depths, Fraction(p)) for t, p in sol.bob if p > 0]
    a_den = math.lcm(*(a.denominator for a in alice))
    b_den = math.lcm(*(p.denominator for _, p in bob))
    return Strategies(n, sol.proven_value(), tuple(int(a * a_den) for a in alice),
                      tuple((tuple(d), int(p * b_den)) for d, p in bob))


def search_costs(weights: Sequence[int]) -> list[list[int]]:
    """cost[i][j]: the least Σ weight × depth over every higher–lower search of weights[i:j] (Knuth's O(m²)
    optimal search tree, as `analyses.guess.oracle.optimal_bst_exact`; integer weights keep it exact)."""
    m = len(weights)
    total = [0]
    for w in weights:
        total.append(total[-1] + w)
    cost = [[0] * (m + 1) for _ in range(m + 1)]
    root = [[0] * (m + 1) for _ in range(m + 1)]
    for i in range(m):
        cost[i][i + 1], root[i][i + 1] = weights[i], i
    for size in range(2, m + 1):
        for i in range(m - size + 1):
            j = i + size
            best, arg = -1, 0
            for r in range(root[i][j - 1], root[i + 1][j] + 1):
                c = cost[i][r] + cost[r + 1][j]
                if best < 0 or c <= best:  # ties to the largest root: Knuth's bounds hold for it
                    best, arg = c, r
            cost[i][j], root[i][j] = best + total[j] - total[i], arg
    return cost


# Costs are at most (Alice's total weight) x N: below 2^53 the float table is every cost exactly.
EXACT_IN_FLOATS = 2**53


@lru_cache(maxsize=2)  # one N's table serves every interval of its games
def costs_table(alice: tuple[int, ...]) -> Any:
    """cost[i][j], the least Σ weight × depth over every search of Alice's weights i+1..j, for all intervals at
    once: the guess analysis's Knuth table (numba, `oracle.interval_costs`, milliseconds at N = 1,000) where
    floats hold it exactly, else `search_costs` in Python integers (seconds at N = 1,000, once per N)."""
    if sum(alice) * len(alice) < EXACT_IN_FLOATS:
        from parlour.analyses.guess.oracle import interval_costs

        return interval_costs(alice)
    return search_costs(alice)


def _split_costs(table: Any, i: int, j: int) -> list[int]:
    """cost[i][r] + cost[r + 1][j] for each root r in i..j-1: the searches below and above each guess."""
    if isinstance(table, list):
        return [table[i][r] + table[r + 1][j] for r in range(i, j)]
    return [int(c) for c in (table[i, i:j] + table[i + 1:j + 1, j]).tolist()]  # exact integers: see EXACT_IN_FLOATS


@lru_cache(maxsize=64)  # a guess's interval is graded, then reached again by the answer's luck
def guess_values(alice: tuple[int, ...], low: int, high: int) -> tuple[dict[int, Fraction], Fraction]:
    """Each guess in low..high worth its expected guesses still needed (itself included) against Alice's weights
    restricted to low..high, every later guess best; and the best of them (the same for any guess outside).
    Every interval's optimal cost comes from one table per N, so a move costs O(high - low), not its square."""
    whole = sum(alice[low - 1:high])
    if whole == 0:
        raise FormatError(f"Alice never hides a number in {low}..{high}: the answers cannot be hers")
    table = costs_table(alice)
    split = _split_costs(table, low - 1, high)
    values = {low + r: 1 + Fraction(c, whole) for r, c in enumerate(split)}
    return values, Fraction(int(table[low - 1][high]), whole)


def narrowed(low: int, high: int, g: int, answer: str) -> tuple[int, int]:
    if answer == "correct":
        return g, g
    return (max(low, g + 1), high) if answer == "higher" else (low, min(high, g - 1))


def _check_answer(k: int, low: int, high: int, g: int, answer: Any) -> str:
    """The answer of move k, refused unless some number still possible gives it to guess g."""
    if answer not in play.ANSWERS:
        raise FormatError(f"move {k}'s answer must be one of higher, lower, correct, got {shown(answer)}")
    possible = {"correct": low <= g <= high, "higher": g < high, "lower": g > low}
    if not possible[answer] or not low <= high:
        raise FormatError(f"move {k}: no number in {low}..{high} still possible answers {answer} to {g}")
    return str(answer)


def settings_of(record: GameRecord) -> tuple[int, str]:
    n = record.settings.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise FormatError(f"the record's n must be a whole number from 1 to {MAX_N} (the review solves the "
                          f"strategies itself), got {shown(n)}")
    mode = record.settings.get("mode", "guess")
    if mode not in MODES:
        raise FormatError(f"the record's mode must be guess or hide, got {shown(mode)}")
    return n, str(mode)


def exchanges(record: GameRecord, n: int, mode: str) -> list[tuple[int, str | None]]:
    """(guess, answer or None) of each exchange, their players and fields checked; the game ends at "correct"."""
    searcher, hider = MODES[mode]
    out: list[tuple[int, str | None]] = []
    low, high = 1, n
    for index, move in enumerate(record.moves):
        k = index + 1
        who = searcher if index % 2 == 0 else hider
        if move.get("by") != who:
            raise FormatError(f"move {k} must be by {who} (the {'searcher' if who == searcher else 'hider'}), "
                              f"got {shown(move.get('by'))}")
        if out and out[-1][1] == "correct":
            raise FormatError(f"move {k} comes after the game ended with 'correct'")
        if index % 2 == 0:
            g = move.get("guess")
            if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= n:
                raise FormatError(f"move {k}'s guess must be a whole number from 1 to {n}, got {shown(g)}")
            out.append((g, None))
        else:
            g = out[-1][0]
            answer = _check_answer(k, low, high, g, move.get("answer"))
            low, high = narrowed(low, high, g, answer)
            out[-1] = (g, answer)
    return out


def searcher_review(s: Strategies, game: Sequence[tuple[int, str | None]], searcher: str, hider: str,
                    ) -> tuple[list[Decision], list[Luck]]:
    """Each guess graded against the best guess, each answer's swing for the searcher (fewer guesses: good luck)."""
    decisions, luck = [], []
    low, high = 1, s.numbers
    for k, (g, answer) in enumerate(game):
        values, best_left = guess_values(s.alice, low, high)
        left = values.get(g, 1 + best_left)  # a guess outside low..high tells nothing: one guess wasted
        best = g if values.get(g) == best_left else min(values, key=lambda x: (values[x], x))  # a best guess: itself
        decisions.append(decision(2 * k + 1, searcher, g, best, k + left, k + best_left, THRESHOLDS,
                                  higher_is_better=False))
        if answer is None:
            break
        low, high = narrowed(low, high, g, answer)
        after = Fraction(k + 1) if answer == "correct" else k + 1 + guess_values(s.alice, low, high)[1]
        luck.append(Luck(2 * k + 2, searcher, answer, k + left, after, higher_is_better=False))
    return decisions, luck


def hider_review(s: Strategies, game: Sequence[tuple[int, str | None]]) -> tuple[list[Decision], list[Luck]]:
    """Bob's guesses checked against his trees and, once the game names your number, that number graded
    against V(N) and each of Bob's guesses measured as luck for it."""
    trees = list(s.bob)
    low, high = 1, s.numbers
    kept = [trees]
    for k, (g, answer) in enumerate(game):
        trees = [(d, w) for d, w in trees if play.tree_guess(d, low, high) == g]
        if not trees:
            raise FormatError(f"move {2 * k + 1}: Bob's optimal mixture never guesses {g} when {low}..{high} "
                              "are possible")
        kept.append(trees)
        if answer is not None:
            low, high = narrowed(low, high, g, answer)
    if not game or game[-1][1] != "correct":
        return [], []
    hidden = game[-1][0]

    def need(ts: Sequence[tuple[tuple[int, ...], int]]) -> Fraction:
        return Fraction(sum(w * d[hidden - 1] for d, w in ts), sum(w for _, w in ts))

    best = next(x for x in range(1, s.numbers + 1) if s.alice[x - 1] > 0)
    graded = decision(2, "you", hidden, best, need(kept[0]), s.value, THRESHOLDS)
    luck = [Luck(2 * k + 1, "you", g, need(kept[k]), need(kept[k + 1])) for k, (g, _) in enumerate(game)]
    return [graded], luck


def review(record: GameRecord) -> Review:
    """The record's guesses (or hidden number) graded, and the luck of the answers (or of Bob's guesses)."""
    n, mode = settings_of(record)
    game = exchanges(record, n, mode)
    s = strategies(n)
    searcher, hider = MODES[mode]
    if mode == "guess":
        decisions, luck = searcher_review(s, game, searcher, hider)
    else:
        decisions, luck = hider_review(s, game)
    notes: Mapping[str, Any] = {"numbers": n, "mode": mode, "value_exact": str(s.value),
                                "value": float(s.value)}
    return Review(game="guess", unit=UNIT, thresholds=THRESHOLDS, players=(searcher, hider),
                  decisions=tuple(decisions), luck=tuple(luck), notes=notes, status=Status.EXACT,
                  method="optimal search trees against Alice's certified distribution")


__all__ = ["EXACT_IN_FLOATS", "MAX_N", "MODES", "THRESHOLDS", "UNIT", "Strategies", "costs_table", "exchanges",
           "guess_values", "review", "search_costs", "strategies"]
