"""The gallery (examples/): each game solved at a small size and compared with its published figure or with an
independent computation; the full sizes are @pytest.mark.slow (bench/bench_gallery.py times them)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import parlour
from parlour.errors import InvalidInput
from parlour.results import Status
from parlour.solvers.stochastic import arrays as turn_arrays
from parlour.solvers.stochastic import turns
from parlour.toolkit import front, stochastic, tree

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Althoen, King & Schilling (1993): the expected number of moves of a solo game on the Milton Bradley board.
ALTHOEN = Fraction(225837582538403273407117496273279920181931269186581786048583,
                   5757472998140039232950575874628786131130999406013041613400)


def test_snakes_and_ladders_solo_length_is_the_published_fraction():
    stay = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=1)
    assert stay.status is Status.EXACT and stay.value_exact == ALTHOEN  # their rule: an overshoot stays
    bounce = parlour.solve(EXAMPLES / "snakes-and-ladders-bounce.toml", players=1)
    assert bounce.value_exact is not None and bounce.value_exact > ALTHOEN  # counting back only delays


def test_race_file_two_players_exact_on_the_toy_board(tmp_path):
    board = tmp_path / "toy.toml"
    board.write_text("end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\nstart_jumps = {}\n"
                     "occupancy = false\n")
    sol = parlour.solve(board)  # Groote & Zantema's toy game: the starter wins with 16/27
    assert sol.kind == "race" and sol.value_exact == Fraction(16, 27)
    assert sol.wins_low == (Fraction(16, 27), Fraction(11, 27))


SMALL_BOARD = ("end = 20\ndice = [[1, 2, 3, 4]]\ngeese = []\ninns = []\nwells = []\nstart_jumps = {}\n"
               "occupancy = false\nbounce = true\n[jumps]\n3 = 11\n7 = 1\n13 = 17\n18 = 5\n")


def test_players_who_never_meet_are_solved_from_one_players_finishing_times(tmp_path):
    """No well, inn or occupancy: the certified path sums one player's finishing-time distribution; its
    intervals hold the joint chain's exact fractions (2 players) and its certified bounds (3 players)."""
    from parlour.analyses.race.board import apart
    from parlour.games.goose.rules import STUDY, load_toml

    board = tmp_path / "small.toml"
    board.write_text(SMALL_BOARD)
    rules = load_toml(board)
    assert apart(rules) and not apart(STUDY)  # the Goose's players meet: its joint chain
    two = parlour.solve(board, players=2, exact=False, tol=1e-12)
    assert two.extra["engine"].startswith("independent") and two.status is Status.CERTIFIED
    joint = parlour.goose.solve(players=2, rules=rules, exact=True)
    assert all(lo <= x <= hi for lo, x, hi in zip(two.wins_low, joint.win_exact, two.wins_high, strict=True))
    assert all(hi - lo <= Fraction(1e-12) for lo, hi in zip(two.wins_low, two.wins_high, strict=True))
    three = parlour.solve(board, players=3, tol=1e-10)
    joint3 = parlour.goose.solve(players=3, rules=rules, tol=1e-11)
    for (lo, hi), (jlo, jhi) in zip(zip(three.wins_low, three.wins_high, strict=True), joint3.win_bounds,
                                    strict=True):
        assert lo <= Fraction(jhi) and Fraction(jlo) <= hi  # the two engines' proven intervals meet
    assert three.wins_low[0] > three.wins_high[1] > 0  # moving first helps


@pytest.mark.slow
def test_snakes_and_ladders_two_players_exact_and_three_certified():
    from parlour.games.goose.rules import load_toml

    two = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=2)
    assert two.status is Status.EXACT and sum(two.wins_low) == 1 and two.value_exact > Fraction(1, 2)
    assert two.extra["engine"].startswith("independent players")  # the chain of pairs of squares
    joint = parlour.goose.solve(players=2, rules=load_toml(EXAMPLES / "snakes-and-ladders.toml"), exact=True)
    assert two.wins_low == tuple(joint.win_exact)  # the joint chain's 4,335-digit fractions, exactly
    certified = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=2, exact=False)
    assert certified.value_low <= two.value_exact <= certified.value_high  # two engines agree
    three = parlour.solve(EXAMPLES / "snakes-and-ladders.toml", players=3, tol=1e-10)
    assert three.status is Status.CERTIFIED and three.value_high - three.value_low <= Fraction(1e-10)
    assert three.value_low > Fraction(1, 3)  # moving first helps


# --- Kuhn poker --------------------------------------------------------------------------------------------

def kuhn_player1(alpha: Fraction) -> dict:
    """Kuhn's family: bet J with alpha, K with 3 alpha, never Q; call a bet with Q at alpha + 1/3, with K always."""
    def mix(**probs):
        return {m: Fraction(p) for m, p in probs.items()}
    return {("J",): mix(check=1 - alpha, bet=alpha), ("Q",): mix(check=1, bet=0),
            ("K",): mix(check=1 - 3 * alpha, bet=3 * alpha),
            ("J", "check", "bet"): mix(fold=1, call=0),
            ("Q", "check", "bet"): mix(fold=Fraction(2, 3) - alpha, call=alpha + Fraction(1, 3)),
            ("K", "check", "bet"): mix(fold=0, call=1)}


def test_kuhn_poker_value_and_the_family_of_optimal_strategies():
    sol = parlour.solve(EXAMPLES / "kuhn_poker.py")
    assert sol.status is Status.EXACT and sol.value_exact == Fraction(-1, 18)
    family = sol.strategies["optimal_ranges"]["player1"]  # the LP's least and most over optimal strategies
    assert family["('J',): bet"] == pytest.approx([0, 1 / 3], abs=1e-6)
    assert family["('K',): bet"] == pytest.approx([0, 1], abs=1e-6)
    assert family["('Q',): bet"] == pytest.approx([0, 0], abs=1e-6)
    game = tree.build(vars(front.load_module(EXAMPLES / "kuhn_poker.py")))
    for alpha in (Fraction(0), Fraction(1, 6), Fraction(1, 3)):  # every member guarantees the value, exactly
        assert tree.guarantee(game, 1, kuhn_player1(alpha)) == Fraction(-1, 18)
    greedy = kuhn_player1(Fraction(1, 6))
    greedy[("Q", "check", "bet")] = {"fold": Fraction(0), "call": Fraction(1)}  # Q always calls: exploitable
    assert tree.guarantee(game, 1, greedy) < Fraction(-1, 18)


# --- Pig -------------------------------------------------------------------------------------------------

def pig_by_value_iteration(goal: int, sweeps: int = 3000) -> float:
    """Neller & Presser's own method, written independently: P[i, j, k] = the mover's chance to win with
    score i, the other's j, turn total k; plain value iteration in floats (no proof)."""
    p = np.zeros((goal, goal, goal + 6))
    for _ in range(sweeps):
        old = p.copy()
        for i in range(goal):
            for j in range(goal):
                for k in range(goal - i):
                    later = sum((1.0 if i + k + f >= goal else p[i, j, k + f]) for f in range(2, 7))
                    roll = (1 - p[j, i, 0]) / 6 + later / 6
                    hold = 1.0 if i + k >= goal else 1 - p[j, i + k, 0] if k else 0.0
                    p[i, j, k] = max(roll, hold) if k else roll
        if np.max(np.abs(p - old)) < 1e-14:
            break
    return float(p[0, 0, 0])


def test_pig_small_goal_certified_and_equal_to_plain_value_iteration(monkeypatch):
    monkeypatch.setenv("PIG_GOAL", "12")
    sol = parlour.solve(EXAMPLES / "pig.py", tol=1e-10)
    assert sol.status is Status.CERTIFIED and sol.value_high - sol.value_low <= Fraction(1e-10)
    plain = pig_by_value_iteration(12)
    assert float(sol.value_low) - 1e-12 <= plain <= float(sol.value_high) + 1e-12
    assert sol.policy((1, 0, 0, 0))["move"] == "roll"  # nobody holds on nothing
    lo, hi = sol.policy((1, 0, 0, 0))["value_bounds"]
    assert lo <= plain + 1e-12 and plain - 1e-12 <= hi


@pytest.mark.slow
def test_pig_to_100_matches_neller_and_presser():
    sol = parlour.solve(EXAMPLES / "pig.py", tol=1e-10)
    assert sol.status is Status.CERTIFIED and sol.value_high - sol.value_low <= Fraction(1e-10)
    assert round(sol.value, 4) == 0.5306  # "the first player wins 53.06% of the time"


# --- the turn-based engine against the LP engine ---------------------------------------------------------

def test_turn_engine_brackets_the_stage_lp_engine(monkeypatch):
    """Small Pig by both engines: the LP engine (solvers.stochastic) is independent of the compiled one."""
    monkeypatch.setenv("PIG_GOAL", "5")
    ns = vars(front.load_module(EXAMPLES / "pig.py"))
    sp = stochastic.spec(ns)
    fast = turns.solve_turns(stochastic.explore_turns(sp, None), tol=1e-12, endless=sp.endless)
    slow = stochastic._solve_lp(sp, "pig", 1e-12, None)
    assert fast.status is Status.CERTIFIED
    assert fast.value_low <= slow.value_high and slow.value_low <= fast.value_high


def test_acyclic_turn_game_is_exact():
    ns = {"START": 0, "PAYOFF_RANGE": (0, 10),
          "moves": lambda s: ((("a", "b"), ()) if s % 2 == 0 else ((), ("c", "d"))),
          "play": lambda s, m1, m2: parlour.toolkit.End(s) if s >= 4 else
          (parlour.toolkit.Chance({s + 1: Fraction(1, 3), s + 2: Fraction(2, 3)}) if (m1 or m2) in "ac" else s + 1)}
    sol = parlour.solve(ns)
    assert sol.status is Status.EXACT and sol.value_exact is not None


# --- rock-paper-scissors to two wins: simultaneous moves with cycles --------------------------------------

def test_rps_race_is_a_fair_game_with_uniform_play():
    sol = parlour.solve(EXAMPLES / "rps_race.py")
    assert sol.status is Status.EXACT and sol.value_exact == Fraction(1, 2)
    assert sol.policy((0, 0))["player1"] == {m: k for move in ("rock", "paper", "scissors")
                                             for m, k in ((move, 1 / 3), (f"{move}_exact", "1/3"))}


# --- checks, the front doors -----------------------------------------------------------------------------

def test_a_game_too_large_is_refused_with_its_estimate(monkeypatch):
    monkeypatch.setattr(turn_arrays, "MAX_TURN_STATES", 1000)
    ns = {"START": 0, "moves": lambda s: (("go",), ()), "play": lambda s, a, b: s + 1}
    with pytest.raises(InvalidInput, match=r"more than 1,000 states.*(GiB|MiB)"):
        parlour.solve(ns)


def test_import_parlour_stays_cheap_and_solve_is_a_function():
    code = ("import sys, parlour; assert callable(parlour.solve); "
            "print(sorted(m for m in ('numpy', 'numba', 'scipy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_cli_solve_json_and_a_bad_file(tmp_path):
    run = subprocess.run([sys.executable, "-m", "parlour", "solve", str(EXAMPLES / "kuhn_poker.py"), "--json"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    body = json.loads(run.stdout)
    assert body["command"] == "solve" and body["value_exact"] == "-1/18" and body["status"] == "exact"
    bad = tmp_path / "bad.py"
    bad.write_text("from parlour.toolkit import End\nSTART = 0\ndef moves(s):\n    return (('x',), ())\n"
                   "def play(s, a, b):\n    return End(7)\n")
    run = subprocess.run([sys.executable, "-m", "parlour", "solve", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.strip() == "error: state 0, move 'x': the payoff 7 lies outside PAYOFF_RANGE (-1, 1)"


@pytest.mark.parametrize(("play", "message"), [
    (lambda s, a, b: parlour.toolkit.Chance({(1,): Fraction(1, 2), (2,): Fraction(1, 3)}), "sum to 5/6, not 1"),
    (lambda s, a, b: parlour.toolkit.Chance({(1,): Fraction(1, 2), 2: 0.5}), None),  # floats are exact binary
    (lambda s, a, b: parlour.toolkit.Chance({(1,): Fraction(1, 2), (2,): Fraction(-1, 2)}), "not positive"),
    (lambda s, a, b: parlour.toolkit.Chance({(1,): Fraction(1, 2), parlour.toolkit.End(3): Fraction(1, 2)}),
     "payoff 3 lies outside"),
    (lambda s, a, b: [1], "not hashable"),
])
def test_chance_and_targets_are_checked_with_the_state_named(play, message):
    def moves(s):
        return (("go",), ()) if s == 0 else (((), ("stop",)))

    def finish(s, a, b):
        return parlour.toolkit.End(0) if s != 0 else play(s, a, b)

    ns = {"START": 0, "moves": moves, "play": finish}
    if message is None:
        assert parlour.solve(ns).value_exact == 0
        return
    with pytest.raises(InvalidInput, match=message) as info:
        parlour.solve(ns)
    assert "state 0" in str(info.value)


@pytest.mark.timing
def test_ctrl_c_stops_parlour_solve_within_a_second():
    """Pig to 100 takes a minute; Ctrl-C during its exploration ends it at once with 130 and one line."""
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "parlour", "solve", str(EXAMPLES / "pig.py")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err.strip().splitlines()[-1].startswith("interrupted")
    assert time.perf_counter() - sent < 1.5  # 1 s on an idle machine; slack for a loaded CI runner


def test_pig_hold_decisions_agree_with_plain_value_iteration(monkeypatch):
    """The strategy, not only the value: at Pig to 40 (the smallest goal where holding is ever optimal, at 56
    states) the certified engine holds exactly where a plain float value iteration does."""
    goal = 40
    monkeypatch.setenv("PIG_GOAL", str(goal))
    sol = parlour.solve(EXAMPLES / "pig.py", tol=1e-10)
    i, j, k = np.meshgrid(np.arange(goal), np.arange(goal), np.arange(goal), indexing="ij")
    live = i + k < goal
    p = np.zeros((goal, goal, goal))
    for _ in range(5000):
        roll = (1 - p[j, i, 0]) / 6
        for face in range(2, 7):
            roll = roll + np.where(i + k + face >= goal, 1.0, p[i, j, np.minimum(k + face, goal - 1)]) / 6
        hold = 1 - p[j, np.minimum(i + k, goal - 1), 0]
        new = np.where(live, np.where(k > 0, np.maximum(roll, hold), roll), 0.0)
        done = np.max(np.abs(new - p)) < 1e-15
        p = new
        if done:
            break
    clear = live & (k >= 2) & (np.abs(hold - roll) > 1e-9)  # leave out near-ties
    expected = {(a, b, c) for a, b, c in np.argwhere(clear & (hold > roll))}
    got = set()
    for a, b, c in np.argwhere(clear):
        try:
            if sol.policy((1, int(a), int(b), int(c)))["move"] == "hold":
                got.add((a, b, c))
        except InvalidInput:  # a turn total that cannot happen from these scores
            expected.discard((a, b, c))
    assert expected and got == expected


def test_what_player_2_sees_changes_the_value():
    """Matching pennies: simultaneous, the value is 0; when player 2 sees player 1's coin (`seen`), he always
    matches it and player 1 loses 1."""
    def play(state, coin1, coin2):
        return parlour.toolkit.End(-1 if coin1 == coin2 else 1)

    blind = {"START": 0, "moves": lambda s: (("heads", "tails"), ("heads", "tails")), "play": play}
    assert parlour.solve(blind).value_exact == 0
    assert parlour.solve({**blind, "seen": lambda s, coin: coin}).value_exact == -1
    half = {**blind, "seen": lambda s, coin: "same"}  # a signal that tells nothing: simultaneous again
    assert parlour.solve(half).value_exact == 0


def test_the_table_for_people_of_a_race_game_counts_its_players(tmp_path, capsys):
    # a race game's `players` is a count, a Gambit file's its names: the table must show both (it joined the
    # count as if it were names and crashed)
    from conftest import run_cli

    board = tmp_path / "toy.toml"
    board.write_text("end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\nstart_jumps = {}\n"
                     "occupancy = false\n")
    code, out, err = run_cli(["solve", str(board), "--players", "2"], capsys)
    assert code == 0, err
    assert "player 1 wins" in out and "0.592592592593" in out  # 16/27
