"""The claims of `parlour reproduce` for the last cow trade (registered by @claim on import)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from parlour.analyses.cowtrade.html import closed_form_figure, pre
from parlour.analyses.cowtrade.model import (
    always_winning_bid,
    closed_form_checks,
    closed_form_table,
    ends_as_predicted,
    expected_inspection_size,
    solve,
)
from parlour.claims import Outcome, Status, agree, claim, unless_counterexamples
from parlour.games.cowtrade import STARTING_HAND, CowTrade, SecondInitiative, combined_symbols, winner_matrix
from parlour.infra.html import table
from parlour.solvers import zerosum

STUDY = "Koehandel bachelor thesis (UvA)"

# The example of the study as restated in spec/cowtrade.md: t1 = 8, t3 = 5, bids 1..8 and 1..5.
EXAMPLE_PUBLISHED = {
    "initiative 1": """
1 3 3 3 3
1 1 3 3 3
3 1 1 3 3
3 3 1 1 3
3 3 3 1 1
3 3 3 3 1
3 3 3 3 3
3 3 3 3 3""",
    "initiative 3": """
3 3 3 3 3
1 3 3 3 3
3 1 3 3 3
3 3 1 3 3
3 3 3 1 3
3 3 3 3 1
3 3 3 3 3
3 3 3 3 3""",
    "combined": """
2 3 3 3 3
1 2 3 3 3
3 1 2 3 3
3 3 1 2 3
3 3 3 1 2
3 3 3 3 1
3 3 3 3 3
3 3 3 3 3""",
}


def _grid(symbols: np.ndarray) -> str:
    return "\n".join(" ".join(str(int(v)) for v in row) for row in symbols)


def _example_matrix(which: str) -> np.ndarray:
    game = CowTrade(8, 5, 1, tuple(range(1, 9)), tuple(range(1, 6)))
    if which == "combined":
        return combined_symbols(game)
    return winner_matrix(game.with_initiative(1 if which == "initiative 1" else 3))


def _register_example(number: str, which: str) -> None:
    published = EXAMPLE_PUBLISHED[which].strip()

    @claim(
        f"cowtrade.matrix-{number}",
        study=STUDY,
        source=f"matrix {number} (example t1=8, t3=5, {which})",
        statement=f"The winner matrix for t1 = 8, t3 = 5, bids 1..8 x 1..5, {which}",
        published=published.replace("\n", " / "),
    )
    def _example() -> Outcome:
        computed = _grid(_example_matrix(which))
        outcome = agree(computed.replace("\n", " / "), published.replace("\n", " / "))
        return Outcome(outcome.computed, outcome.status, outcome.explanation, pre(computed))


for _number, _which in (("3.1", "initiative 1"), ("3.2", "initiative 3"), ("3.3", "combined")):
    _register_example(_number, _which)


@claim(
    "cowtrade.t3-at-least-t1",
    study=STUDY,
    source="§3, structure",
    statement="If t3 >= t1, player 3 wins every cell (checked for all 0 <= t1 <= t3 <= 40, both initiatives)",
    published="player 3 always wins",
)
def _t3_wins() -> Outcome:
    games = [CowTrade(t1, t3, i) for t3 in range(41) for t1 in range(t3 + 1) for i in (1, 3)]
    bad = [(g.money1, g.money3, g.initiative) for g in games if (winner_matrix(g) != 3).any()]
    return unless_counterexamples(bad, "(t1, t3, initiative)", Outcome(
        f"player 3 always wins ({len(games) // 2} money pairs x 2 initiatives)", Status.REPRODUCED))


@claim(
    "cowtrade.band",
    study=STUDY,
    source="§3, structure",
    statement="For t3 < t1 and initiative 1, cell (i1, i3) is 1 iff i3 <= i1 < i3 + (t1 - t3)/2 "
    "(checked for all 0 <= t3 < t1 <= 40)",
    published="i3 <= i1 < i3 + (t1 - t3)/2",
)
def _band() -> Outcome:
    bad = []
    pairs = [(t1, t3) for t1 in range(1, 41) for t3 in range(t1)]
    for t1, t3 in pairs:
        game = CowTrade(t1, t3, 1)
        i1 = np.array(game.bids1)[:, None]
        i3 = np.array(game.bids3)[None, :]
        predicted = (i3 <= i1) & (2 * (i1 - i3) < t1 - t3)
        if ((winner_matrix(game) == 1) != predicted).any():
            bad.append((t1, t3))
    return unless_counterexamples(bad, "(t1, t3)", Outcome(
        f"holds for all {len(pairs)} money pairs",
        Status.REPRODUCED,
        "With initiative 3 the band is 1 <= i1 - i3 <= (t1 - t3)/2 under the stated rule (the initiative "
        "passes to the other player, so player 1 wins a money tie in the second trade), and "
        "1 <= i1 - i3 < (t1 - t3)/2 if the second trade's initiative goes to player 3 (--second loser).",
    ))


def _threshold_table(initiative: int, second: SecondInitiative, limit: int = 40) -> dict[int, int]:
    """For each t3, the least t1 at which player 1 has an always-winning bid."""
    table = {}
    for t3 in range(limit + 1):
        t1 = t3 + 1
        while always_winning_bid(CowTrade(t1, t3, initiative, second_initiative=second)) is None:
            t1 += 1
        table[t3] = t1
    return table


@claim(
    "cowtrade.always-win-initiative-1",
    study=STUDY,
    source="§3, always-winning bid",
    statement="With initiative 1, player 1 has an always-winning bid iff t1 > 3*t3 (checked for t3 <= 40)",
    published="t1 > 3*t3",
)
def _always_win_1() -> Outcome:
    table = _threshold_table(1, SecondInitiative.ALTERNATE)
    bad = {t3: t1 for t3, t1 in table.items() if t1 != 3 * t3 + 1}
    return unless_counterexamples(sorted(bad), "t3 where the least winning t1 differs", Outcome(
        "least t1 with a winning bid is 3*t3 + 1 for every t3 <= 40", Status.REPRODUCED))


@claim(
    "cowtrade.always-win-initiative-3",
    study=STUDY,
    source="§3, always-winning bid",
    statement="With initiative 3, player 1 has an always-winning bid iff t1 > 3*t3 + 2 (checked for t3 <= 40)",
    published="t1 > 3*t3 + 2",
)
def _always_win_3() -> Outcome:
    stated = _threshold_table(3, SecondInitiative.ALTERNATE)
    loser = _threshold_table(3, SecondInitiative.LOSER)
    stated_rule = all(t1 == 3 * t3 + 2 for t3, t1 in stated.items())
    loser_rule = all(t1 == 3 * t3 + 3 for t3, t1 in loser.items())
    if stated_rule and loser_rule:
        example = always_winning_bid(CowTrade(2, 0, 3))
        return Outcome(
            "t1 >= 3*t3 + 2 (i.e. t1 > 3*t3 + 1) under the rule as stated; t1 > 3*t3 + 2 if player 3 "
            "holds the second trade's initiative",
            Status.DIFFERS,
            "Under the rule as the spec states it (the initiative passes to the other player, so player 1 "
            "challenges in the second trade and wins a money tie) the least t1 is 3*t3 + 2, one less than "
            f"the study says: e.g. t1 = 2, t3 = 0: bid {example} wins every cell (after 1 vs 0 both hold 1 "
            "and player 1, now initiator, wins the tie). The study's t1 > 3*t3 + 2 is exact when the second "
            "trade's initiative goes to player 3 (`--second loser`), checked for every t3 <= 40.",
            data={"least_t1_stated_rule": stated, "least_t1_loser_rule": loser},
        )
    return Outcome("neither rule gives a clean threshold", Status.FAILED, data={"stated": stated, "loser": loser})


@claim(
    "cowtrade.inspection-value",
    study=STUDY,
    source="§3, inspection matrix",
    statement="The n x n inspection game (1 on the diagonal, 3 elsewhere) has value -1 + 2/n (n = 1..60, exact)",
    published="-1 + 2/n",
)
def _inspection_value() -> Outcome:
    bad = []
    for n in range(1, 61):
        matrix = np.where(np.eye(n, dtype=bool), 1, -1)
        if zerosum.solve(matrix, exact=True).value_exact != Fraction(2, n) - 1:
            bad.append(n)
    return unless_counterexamples(bad, "n", Outcome(
        "-1 + 2/n for every n <= 60, each with a checked rational certificate", Status.REPRODUCED))


@claim(
    "cowtrade.elimination",
    study=STUDY,
    source="§3, elimination",
    statement="Iterated elimination of dominated bids ends in a single cell or an n x n inspection matrix, "
    "n = ceil((t3+1)/i) (checked for all 0 <= t3 < t1 <= 24, both initiatives)",
    published="single cell or inspection matrix, n = floor(t3/i) + 1",
)
def _elimination() -> Outcome:
    not_inspection, wrong_n, total_steps, checked = [], [], 0, 0
    for t1 in range(1, 25):
        for t3 in range(t1):
            for initiative in (1, 3):
                result = solve(CowTrade(t1, t3, initiative))
                assert result.elimination is not None
                total_steps += len(result.elimination.steps)
                checked += 1
                if not ends_as_predicted(result):
                    not_inspection.append((t1, t3, initiative))
                elif result.inspection_size != expected_inspection_size(t1, t3, initiative):
                    wrong_n.append((t1, t3, initiative, result.inspection_size))
    if not_inspection or wrong_n:
        return Outcome(
            f"{len(not_inspection)} games not reduced to an inspection matrix, {len(wrong_n)} with another n",
            Status.FAILED,
            f"first cases: {not_inspection[:5]} {wrong_n[:5]}",
        )
    return Outcome(
        f"all {checked} games reduce to a single cell or an inspection matrix of the predicted size, "
        f"value -1 + 2/n ({total_steps} removals, each witness checked exactly)",
        Status.REPRODUCED,
        "Removals are pure weak dominance plus dropping duplicate bids (payoff-identical rows or columns), "
        "which the study's hand elimination does implicitly. i is the band width: ceil((t1-t3)/2) with "
        "initiative 1 (the study's i), floor((t1-t3)/2) with initiative 3 under the stated rule.",
    )


@claim(
    "cowtrade.closed-form-study",
    study=STUDY,
    source="conclusion, closed form",
    statement="v = 2/(floor(t3/ceil((t1-t3)/2)) + 1) - 1, checked against the exact LP value for every "
    "0 <= t3 < t1 <= 100 and both initiatives",
    published="v = 2/(floor(t3/ceil((t1-t3)/2)) + 1) - 1",
)
def _closed_form_study() -> Outcome:
    max_money = 100
    checks = closed_form_table(max_money)
    wrong = {i: [c for c in checks if c.initiative == i and c.study != c.lp_value] for i in (1, 3)}
    per = {i: sum(1 for c in checks if c.initiative == i) for i in (1, 3)}
    examples = "; ".join(
        f"t1={c.t1}, t3={c.t3}: LP {c.lp_value}, formula {c.study}" for c in wrong[3][:4]
    )
    detail = table(["initiative", "games", "formula = LP", "formula wrong"],
                   [[i, per[i], per[i] - len(wrong[i]), len(wrong[i])] for i in (1, 3)], css_class="inner")
    status = Status.DIFFERS if wrong[3] and not wrong[1] else Status.FAILED if wrong[1] else Status.REPRODUCED
    return Outcome(
        f"holds in all {per[1]} games with initiative 1; wrong in {len(wrong[3])} of {per[3]} with initiative 3",
        status,
        "The formula is exactly the value with initiative 1 (player 1 wins ties). With initiative 3 a tie in "
        "the first trade goes to player 3, so player 1's winning band is i1 - i3 in 1..floor((t1-t3)/2) "
        "instead of 0..ceil((t1-t3)/2)-1, and the formula overstates his value whenever that narrower band "
        f"changes n (for example {examples}). parlour's closed form (next claim) holds everywhere.",
        detail,
        (closed_form_figure(checks, max_money),),
        data={"wrong_initiative_3": [(c.t1, c.t3) for c in wrong[3]][:200]},
    )


@claim(
    "cowtrade.closed-form-parlour",
    study="parlour",
    source="new: closed form for both initiatives",
    statement="v = 2/ceil((t3+1)/w) - 1 with w = ceil((t1-t3)/2) (initiative 1) or floor((t1-t3)/2) "
    "(initiative 3), v = -1 when w = 0; checked against the exact LP for every 0 <= t3 < t1 <= 100",
)
def _closed_form_ours() -> Outcome:
    checks = closed_form_table(100)
    wrong = [c for c in checks if c.ours != c.lp_value]
    return unless_counterexamples(wrong, "games", Outcome(
        f"holds in all {len(checks)} games (both initiatives), each LP value proven by a rational certificate",
        Status.NEW,
        "Why: player 1 wins iff i1 - i3 lies in a window of w consecutive values. Player 3 can spread "
        "n = ceil((t3+1)/w) bids w apart so no bid of player 1 beats two of them; player 1 can cover 0..t3 "
        "with n disjoint windows. So each wins the covering game with probability 1/n and v = 2/n - 1. "
        "For initiative 1, ceil((t3+1)/w) = floor(t3/w) + 1, which is the study's formula.",
    ))


@claim(
    "cowtrade.closed-form-loser-rule",
    study="parlour",
    source="new: variant rule",
    statement="With the second trade's initiative to player 3 (--second loser), v = 2/ceil((t3+1)/w) - 1 with "
    "w = floor((t1-t3-1)/2) for initiative 3 (checked for 0 <= t3 < t1 <= 40)",
)
def _closed_form_loser() -> Outcome:
    checks = list(closed_form_checks(40, SecondInitiative.LOSER))
    wrong = [c for c in checks if c.ours != c.lp_value]
    return unless_counterexamples(wrong, "games", Outcome(f"holds in all {len(checks)} games", Status.NEW))


@claim(
    "cowtrade.partial-games",
    study=STUDY,
    source="§4, partial games",
    statement="When bids are restricted (here: the subset sums of real money hands), elimination still ends "
    "in a single cell or an inspection matrix, only of another size (checked for every pair of hands drawn "
    "from up to 7 cards of 0/10/50/100)",
    published="still an inspection matrix, of another size",
)
def _partial_games() -> Outcome:
    import itertools

    hands = [
        h for size in range(1, 5) for h in itertools.combinations_with_replacement((0, 10, 50, 100), size)
    ] + [STARTING_HAND]
    games = not_inspection = 0
    sizes: dict[int, int] = {}
    counterexample = None
    for h1, h3 in itertools.product(hands, repeat=2):
        if sum(h1) <= sum(h3):
            continue
        for initiative in (1, 3):
            result = solve(CowTrade.from_cards(h1, h3, initiative))
            games += 1
            if not ends_as_predicted(result):
                not_inspection += 1
                counterexample = counterexample or (h1, h3, initiative)
            elif result.inspection_size is not None:
                sizes[result.inspection_size] = sizes.get(result.inspection_size, 0) + 1
    start = solve(CowTrade.from_cards(STARTING_HAND, (10, 10, 10), 1))
    summary = (
        f"{games - not_inspection} of {games} card games end in an inspection matrix or a cell "
        f"(inspection sizes n: {dict(sorted(sizes.items()))}; the rest a cell player 3 wins)"
    )
    if not_inspection:
        return Outcome(
            summary,
            Status.DIFFERS,
            f"{not_inspection} games do not reduce to an inspection matrix by pure dominance, e.g. hands "
            f"{counterexample[0]} vs {counterexample[1]}, initiative {counterexample[2]}.",  # type: ignore[index]
        )
    return Outcome(
        summary,
        Status.REPRODUCED,
        f"Example: the starting hand {STARTING_HAND} (90) against 3 x 10: n = {start.inspection_size}, "
        f"value {start.value}.",
    )


# --- beyond the last trade: the end game as a stochastic game (issue 24) ----------------------------

@claim(
    "cowtrade.endgame-last-trade",
    study=STUDY,
    source="§3, situation s1, as a special case of the end game",
    statement="The end game of one quartet, solved as a stochastic game under the study's simplification "
    "(simultaneous offers, the challenger wins a tie), gives the last trade's exact value for every "
    "0 <= t1, t3 <= 10, both initiatives and both readings of who challenges the second trade",
    published="the value of the last trade (the matrix game s1)",
)
def _endgame_recovers_last_trade() -> Outcome:
    from parlour.analyses.cowtrade.endgame import EndgameRules, solve_endgame
    from parlour.games.cowtrade.endgame import NextChallenger

    games = differ = 0
    example = None
    for second, nxt in ((SecondInitiative.ALTERNATE, NextChallenger.ALTERNATE),
                        (SecondInitiative.LOSER, NextChallenger.LOSER)):
        rules = EndgameRules.study(4, nxt)
        for t1 in range(11):
            for t3 in range(11):
                for initiative in (1, 3):
                    got = solve_endgame(rules, 1, t1, t3, 1 if initiative == 1 else 2)
                    want = solve(CowTrade(t1, t3, initiative, second_initiative=second)).value
                    games += 1
                    if not got.value_low == got.value_high == want:
                        differ += 1
                        example = example or (t1, t3, initiative, second.value, got.value_low, want)
    computed = f"{games - differ} of {games} end games give the last trade's exact value"
    if differ:
        return Outcome(computed, Status.FAILED, f"first difference (t1, t3, initiative, second, end game, "
                       f"last trade): {example}")
    return Outcome(computed, Status.REPRODUCED,
                   "Both solvers certify their values exactly; the end game also plays the 2-2 trade out "
                   "instead of assuming that both bid everything, and finds the same.")


@claim(
    "cowtrade.quintet-cycles",
    study=STUDY,
    source="chapter 6, future work: quintets",
    statement="In a quintet play can go round for ever, (1,4) -> (2,3) -> (1,4) -> ...: the end game from "
    "1-4 with 90 against 90 (in units of 10) has a cyclic component; its value is certified to 1e-12 "
    "from both players' stationary strategies",
    published="quintets can cycle",
)
def _quintet_cycles() -> Outcome:
    from parlour.analyses.cowtrade.endgame import EndgameRules, solve_endgame
    from parlour.results import Status as ResultStatus

    lines = []
    data: dict[str, object] = {}
    ok = True
    for name, rules in (("as the rules play it", EndgameRules(5)), ("the study's simplification",
                                                                    EndgameRules.study(5))):
        r = solve_endgame(rules, 1, 9, 9, 1)
        ok = ok and r.cyclic and r.status in (ResultStatus.EXACT, ResultStatus.CERTIFIED)
        width = float(r.value_high - r.value_low)
        lines.append(f"{name}: value {float(r.value_low):.12f} (interval width {width:.1e}), "
                     f"player 1 completes {r.completes1:.4f}, expected trades {r.expected_trades:.3f}, "
                     f"{r.states} states")
        data[rules.stage.value] = {"value_bounds_exact": [str(r.value_low), str(r.value_high)],
                                   "completes1": r.completes1, "expected_trades": r.expected_trades,
                                   "endless": r.endless, "states": r.states}
    status = Status.REPRODUCED if ok else Status.FAILED
    return Outcome("; ".join(lines), status,
                   "The state graph has a cycle (a strongly connected component of many states), so backward "
                   "induction cannot order it; value iteration with Shapley's operator and two stationary "
                   "strategies proven exactly give the interval. Under optimal play the game still ends with "
                   "probability 1.", data=data)


def _register_hidden() -> None:
    from parlour.analyses.cowtrade.hidden import CLAIM_ID, CLAIM_STATEMENT, hidden_value_of_information_claim

    claim(CLAIM_ID, study="parlour", source="new: hidden money (issue 24)",
          statement=CLAIM_STATEMENT)(hidden_value_of_information_claim)


_register_hidden()
