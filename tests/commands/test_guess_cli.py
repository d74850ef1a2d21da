"""`parlour guess ...`: JSON output, traces, the resumable SQLite sweep, plots and bad input."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import run_cli
from parlour.analyses.guess.store import open_store
from parlour.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["guess", "solve", "4", "--json"], capsys)
    assert code == 0
    js = json.loads(out)
    assert js["game"] == "guess" and js["command"] == "solve"
    assert js["numbers"] == 4 and js["value_exact"] == "2" and js["value"] == 2.0 and js["certified"] is True
    assert js["status"] == "exact"
    assert [a["number"] for a in js["alice"]] == [1, 2, 3, 4]
    assert sum(Fraction(a["probability_exact"]) for a in js["alice"]) == 1
    assert all(a["probability"] == float(Fraction(a["probability_exact"])) for a in js["alice"])
    assert sum(Fraction(b["probability_exact"]) for b in js["bob"]) == 1 and js["max_guesses"] == 3
    # a tree in the game's terms: its guesses in preorder (the first guess first), and how many
    # guesses each number 1..N needs
    for b in js["bob"]:
        assert sorted(b["tree"]) == [1, 2, 3, 4] and b["guesses"][b["tree"][0] - 1] == 1
    assert js["iterations"] >= 1
    assert not any(k.endswith("_float") for k in js)


def test_solve_trace(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["guess", "solve", "4", "--trace"], capsys)
    assert code == 0 and "Dresher" in out and "V(4) = 2" in out
    code, out, _ = run(["guess", "solve", "3", "--trace", "--json"], capsys)
    js = json.loads(out)
    assert js["value_exact"] == "9/5" and js["dresher_trace"][-1]["entering"] is None
    assert js["dresher_trace"][-1]["lower_exact"] == "9/5"
    assert js["dresher_trace"][0]["leaving"] == {"slack": 3} and js["dresher_trace"][0]["entering"] == [2, 1, 3]


@pytest.mark.parametrize("bad", [["0"], ["-2"], ["abc"], ["2.5"], ["5", "--smoothing", "magic"], ["50", "--trace"]])
def test_bad_input_exit_2(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["guess", "solve", *bad], capsys)
    assert code == 2 and "error" in err.lower() and "Traceback" not in err


def test_sweep_resumes_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.sqlite"
    code, _, _ = run(["guess", "sweep", "--from", "1", "--to", "6", "--db", str(db), "--workers", "0"], capsys)
    assert code == 0
    with open_store(db) as store:
        assert store.solved() == {1, 2, 3, 4, 5, 6}
        s3 = store.get(3)
        assert s3 is not None and s3.value == Fraction(9, 5) and s3.certified
        stamp = s3.seconds
    # A second run skips what is stored (nothing is re-solved, rows stay as they were).
    code, _, err = run(["guess", "sweep", "--from", "1", "--to", "7", "--db", str(db), "--workers", "0"], capsys)
    assert code == 0 and "1 solved" in err
    with open_store(db) as store:
        s3 = store.get(3)
        assert s3 is not None and s3.seconds == stamp and 7 in store.solved()
    out_svg = tmp_path / "a.svg"
    for what in ("alice", "iterations", "values"):
        code, _, _ = run(["guess", "plot", "--db", str(db), "--out", str(out_svg), "--what", what], capsys)
        assert code == 0 and out_svg.read_text().lstrip().startswith("<?xml")
    code, _, _ = run(["guess", "plot", "--db", str(db), "--what", "pie"], capsys)
    assert code == 2


def test_unreadable_store_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    code, _, err = run(["guess", "sweep", "--to", "3", "--db", str(junk), "--workers", "0"], capsys)
    assert code == 2 and "error" in err.lower()
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE guess_solutions (n INTEGER)")
    con.commit()
    con.close()
    code, _, err = run(["guess", "sweep", "--to", "3", "--db", str(other), "--workers", "0"], capsys)
    assert code == 2
    code, _, err = run(["guess", "plot", "--db", str(tmp_path / "missing.sqlite")], capsys)
    assert code == 2
    code, _, err = run(["guess", "sweep", "--from", "5", "--to", "3", "--db", str(other)], capsys)
    assert code == 2


@pytest.mark.slow
def test_sweep_with_dask_local_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "d.sqlite"
    code, _, _ = run(["guess", "sweep", "--from", "1", "--to", "12", "--db", str(db), "--workers", "2"], capsys)
    assert code == 0
    with open_store(db) as store:
        assert store.solved() == set(range(1, 13))


def test_value_from_the_table_and_beyond(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["guess", "value", "3", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["value_exact"] == "9/5" and data["source"] == "table"
    code, out, _ = run_cli(["guess", "verify", "3", "--json"], capsys)
    assert code == 0 and json.loads(out)["agrees"] is True


def test_value_solves_what_the_table_lacks_and_refuses_a_runaway_size(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.analyses.guess import table

    full = table.shipped()
    monkeypatch.setattr(table, "shipped", lambda: {n: e for n, e in full.items() if n <= 5})
    code, out, err = run_cli(["guess", "value", "9", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["source"] == "solved" and Fraction(data["value_exact"]) == full[9].value
    assert "not in the table of certified values (N = 1..5)" in " ".join(err.split())
    # N = 100,000 would need hundreds of GiB for the oracle's tables: a sentence and exit 2, not a MemoryError
    code, out, err = run_cli(["guess", "value", "100000"], capsys)
    assert code == 2 and out == "" and "needs about" in err and "--force" in err and "Traceback" not in err


def test_verify_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["guess", "verify", "7"], capsys)
    assert code == 0 and "agrees with the table's 23/9" in out
    code, _, _ = run_cli(["guess", "export", "--out", str(tmp_path / "b")], capsys)
    assert code == 0
    numerators = (tmp_path / "b" / "b_numerators.txt").read_text().splitlines()
    assert numerators[:4] == ["1 1", "2 3", "3 9", "4 2"]
    code, _, _ = run_cli(["guess", "export", "--out", str(tmp_path / "c"), "--format", "csv"], capsys)
    assert code == 0 and (tmp_path / "c" / "guess_values.csv").read_text().startswith("# Certified values")
    (tmp_path / "file").write_text("x")
    code, _, err = run_cli(["guess", "export", "--out", str(tmp_path / "file")], capsys)
    assert code == 2 and "is a file" in err


def test_tabulate_extends_a_table_from_a_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite"
    code, _, _ = run_cli(["guess", "sweep", "--from", "1", "--to", "6", "--db", str(db), "--workers", "0", "--quiet"],
                         capsys)
    assert code == 0
    into = tmp_path / "values.csv"
    code, _, err = run_cli(["guess", "tabulate", "--db", str(db), "--into", str(into)], capsys)
    assert code == 0 and "6 N's added, 6 in all" in " ".join(err.split())
    from parlour.analyses.guess import table

    # the values and guess counts agree with the shipped table; the certificates may not (optimal strategies
    # are not unique: a sweep's warm start can end at another optimal pair, e.g. for N = 6)
    made = table.parse(into.read_text())
    assert {n: (e.value, e.max_guesses) for n, e in made.items()} == \
        {n: (table.shipped()[n].value, table.shipped()[n].max_guesses) for n in range(1, 7)}


def test_a_long_solve_shows_its_bounds_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.commands import guess
    from parlour.solvers.colgen import TraceStep

    step = TraceStep(12, upper=18.2, lower=17.8, lower_here=17.0, master_rows=40, added=3, smoothing=0.5)
    # the folded game's bounds are twice V(N): the line shows them halved, with the relative gap
    assert guess.bounds_line(1000, step, 2) == \
        "V(1000): round 12, 8.9000000000 ≤ V ≤ 9.1000000000, gap 2.2e-02 (exact at 1e-9)"
    assert "17.8000000000 ≤ V ≤ 18.2000000000" in guess.bounds_line(1000, step, 1)
    monkeypatch.setattr(guess, "quiet_by_default", lambda: False)
    with guess.solving(1000) as update:
        assert update is not None
        update(step)
    monkeypatch.setattr(guess, "quiet_by_default", lambda: True)
    with guess.solving(1000) as update:
        assert update is None
