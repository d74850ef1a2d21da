"""The end-game solves report real counts while they work (a progress bar's), and their time models say
which games can cycle and grow with the money."""

from __future__ import annotations

from parlour.analyses.cowtrade.endgame import EndgameRules, can_cycle, solve_endgame, solve_estimate
from parlour.analyses.cowtrade.quartets import QuartetsRules, solve_quartets
from parlour.analyses.cowtrade.threeplayer import ThreeRules, solve_security
from parlour.analyses.cowtrade.threeplayer import solve_estimate as security_estimate
from parlour.solvers.stochastic import SolveProgress


def heard() -> tuple[list[SolveProgress], object]:
    counts: list[SolveProgress] = []
    return counts, counts.append


def solved_counts(counts: list[SolveProgress], prefix: str = "") -> list[SolveProgress]:
    return [c for c in counts if c.what.startswith(prefix) and c.what.endswith("states solved")]


def test_an_end_game_counts_its_states_solved_up_to_all_of_them() -> None:
    counts, counter = heard()
    result = solve_endgame(EndgameRules(), 1, 12, 12, 1, counter=counter)  # type: ignore[arg-type]
    solved = solved_counts(counts)
    assert len(solved) >= 2 and all(c.total == result.states for c in solved)
    done = [c.done for c in solved]
    assert done == sorted(done) and done[0] < done[-1] == result.states


def test_a_cycle_reports_its_sweeps_and_their_change() -> None:
    counts, counter = heard()
    result = solve_endgame(EndgameRules(3), 1, 2, 2, 1, counter=counter)  # type: ignore[arg-type]
    assert result.cyclic
    sweeps = [c for c in counts if "sweep" in c.what]
    assert sweeps and "change" in sweeps[0].what
    numbers = [int(c.what.split("sweep ")[1].split(",")[0]) for c in sweeps]
    assert numbers[:3] == [1, 2, 3]  # every sweep is heard, in order
    assert solved_counts(counts)[-1].done == result.states


def test_two_quartets_count_their_game_then_each_quartet_alone() -> None:
    counts, counter = heard()
    result = solve_quartets(QuartetsRules(points=(2, 1)), (1, 2), 3, 2, 1, counter=counter)  # type: ignore[arg-type]
    both = solved_counts(counts, "both quartets")
    assert both and both[-1].done == both[-1].total == result.states
    assert [c.done for c in both] == sorted(c.done for c in both)
    assert solved_counts(counts, "quartet 1 alone") and solved_counts(counts, "quartet 2 alone")


def test_security_counts_each_players_game() -> None:
    counts, counter = heard()
    result = solve_security(ThreeRules.study(3), (1, 1, 1), (1, 1, 1), 1, counter=counter)  # type: ignore[arg-type]
    for level in result.levels:
        mine = solved_counts(counts, f"player {level.player}'s level")
        assert mine and mine[-1].done == mine[-1].total == level.states


def test_which_sets_can_cycle() -> None:
    # a trade moves the smaller holding: a quartet (1-3 -> 2-2 -> 4-0) and any power of two end;
    # a set of 3 goes 1-2 -> 2-1 -> 1-2 ...
    assert not any(can_cycle(4, a) for a in (1, 2, 3)) and not can_cycle(8, 3)
    assert can_cycle(3, 1) and can_cycle(5, 2) and not can_cycle(6, 3) and can_cycle(6, 1)


def test_the_estimates_grow_with_the_money_and_with_cycles() -> None:
    quartet = [solve_estimate(EndgameRules(4), 1, m, m).seconds for m in (5, 10, 20)]
    assert quartet == sorted(quartet) and quartet[0] < quartet[-1]
    assert solve_estimate(EndgameRules(3), 1, 10, 10).seconds > solve_estimate(EndgameRules(4), 1, 10, 10).seconds
    one, three = (security_estimate(ThreeRules(4), (2, 2, 2), p).seconds for p in (1, 3))
    assert three == 3 * one
    assert "play can cycle" in solve_estimate(EndgameRules(3), 1, 10, 10).size
