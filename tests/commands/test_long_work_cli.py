"""Long work on the command line: the estimate said before it (on a terminal, not under --json or
--quiet), progress on stderr, and stdout that stays clean JSON under --json."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from parlour.analyses.cowtrade import endgame, quartets, threeplayer
from parlour.analyses.estimates import (
    ANNOUNCE_SECONDS,
    LOAD_WEIGHT,
    Estimate,
    contention,
    count_words,
    duration_words,
)
from parlour.commands import common

ENDGAME = ["cowtrade", "endgame", "--money1", "4", "--money2", "3"]
QUARTETS = ["cowtrade", "quartets", "--money1", "2", "--money2", "2", "--animals1", "1,2"]
SECURITY = ["cowtrade", "security", "--money1", "1", "--money2", "1", "--money3", "1", "--study", "--player", "1"]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a terminal: progress bars and estimates on (the tests' stderr is a pipe); an idle machine."""
    monkeypatch.setattr(common, "quiet_by_default", lambda: False)
    monkeypatch.setattr(common, "on_this_machine", lambda estimate: estimate)


@pytest.fixture
def slow_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every end-game model says hours, so the estimate line is due."""
    monkeypatch.setattr(endgame, "START_SECONDS", 3600.0)
    monkeypatch.setattr(quartets, "QUARTETS_CELL_SECONDS", 3600.0)
    monkeypatch.setattr(threeplayer, "LEVEL_SECONDS", dict.fromkeys(threeplayer.LEVEL_SECONDS, 3600.0))


def test_the_estimate_line_is_said_on_a_terminal_for_long_work_only(terminal: None) -> None:
    long = Estimate(200.0, "1.2M states")
    assert common.estimate_line(long, quiet=False) == "expect about 3 min: 1.2M states (Ctrl-C stops it)"
    assert common.estimate_line(long, quiet=True) is None  # --quiet, --json
    assert common.estimate_line(Estimate(ANNOUNCE_SECONDS / 2, "a few states"), quiet=False) is None


def test_no_estimate_line_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "quiet_by_default", lambda: True)
    assert common.estimate_line(Estimate(10_000.0, "many states"), quiet=False) is None


def test_a_busy_machine_stretches_the_estimate() -> None:
    # 2 cores: one thread beside one busy process has a core; beside 5, equal shares would give it a third
    # of one (3 times longer), of which the measured weight counts
    assert contention(1.0, 2) == 1.0 and contention(5.0, 2) == pytest.approx(1 + LOAD_WEIGHT * 2)
    assert contention(0.0, 2, threads=2) == 1.0 and contention(2.0, 2, threads=2) == pytest.approx(1 + LOAD_WEIGHT)
    quiet = Estimate(60.0, "3.8M states", threads=2)
    assert quiet.loaded(0.3, 2) == quiet  # under 1.2 times: not worth a word
    busy = quiet.loaded(6.0, 2)
    assert busy.seconds == pytest.approx(60 * (1 + LOAD_WEIGHT * 3))
    assert busy.words() == "about 3 min: 3.8M states; the machine is busy (load 6.0 on 2 cores)"


def test_words() -> None:
    assert [duration_words(s) for s in (0.2, 45, 200, 7200, 5 * 86400)] == \
        ["about 1 s", "about 45 s", "about 3 min", "about 2 h", "about 5 days"]
    assert [count_words(n) for n in (1234, 1.23e6, 4.5e9)] == ["1,234", "1.2M", "4.5G"]


@pytest.mark.parametrize("args", [ENDGAME, QUARTETS, SECURITY], ids=["endgame", "quartets", "security"])
def test_long_work_says_its_estimate_and_counts_on_stderr(args: list[str], terminal: None, slow_models: None,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(args, capsys)
    assert code == 0 and out.strip() and "Ctrl-C stops it" not in out  # the answer on stdout, the rest on stderr
    assert err.startswith("expect about ") and "states" in err.splitlines()[0]
    assert "states solved" in err  # the bar's last words, on stderr


@pytest.mark.parametrize("args", [ENDGAME, QUARTETS, SECURITY], ids=["endgame", "quartets", "security"])
@pytest.mark.parametrize("flag", ["--json", "--quiet"])
def test_json_and_quiet_stay_clean(args: list[str], flag: str, terminal: None, slow_models: None,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli([*args, flag], capsys)
    assert code == 0 and err == ""
    if flag == "--json":
        assert json.loads(out)["game"] == "cowtrade"


def test_quartets_model_counts_the_quartets_game_and_each_alone() -> None:
    rules = quartets.QuartetsRules()
    small, large = (quartets.solve_estimate(rules, m, m).seconds for m in (3, 30))
    assert small < large


@pytest.mark.parametrize("flag", ["", "--json"])
def test_guess_solve_says_its_estimate_unless_json(flag: str, terminal: None, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.analyses.guess import cost

    monkeypatch.setattr(cost, "SECONDS_AT_1000", 100 / (5 / 1000) ** cost.EXPONENT)  # V(5): "100 s"
    code, out, err = run_cli(["guess", "solve", "5", *([flag] if flag else [])], capsys)
    assert code == 0 and ("V(5)" in out if flag == "" else json.loads(out)["numbers"] == 5)
    assert ("expect about 2 min: N = 5" in err) == (flag == "")
