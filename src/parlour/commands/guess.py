"""`parlour guess ...`: The higher-lower guessing game (Dresher): certified exact solutions."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from parlour import guess as front
from parlour.analyses.estimates import Estimate
from parlour.analyses.guess.cost import solve_estimate, solve_seconds
from parlour.commands.common import (
    announce,
    check_count,
    console,
    err_console,
    keeps_checkpoint,
    print_json,
    progress,
    quiet_by_default,
)
from parlour.errors import InvalidInput, shown
from parlour.infra.files import output_file, output_folder
from parlour.results import exact, frac_str

if TYPE_CHECKING:
    from parlour.solvers.colgen import TraceStep

app = typer.Typer(no_args_is_help=True)

DEFAULT_DB = "guess.sqlite"


def _parse_n(text: str, what: str = "N") -> int:
    t = text.strip()
    if not re.fullmatch(r"[0-9]{1,18}", t):
        raise InvalidInput(f"{what} must be a whole number ≥ 1 written in digits 0-9, got {shown(text)}")
    n = int(t)
    if n < 1:
        raise InvalidInput(f"{what} must be a whole number ≥ 1, got {n}")
    return n


def bounds_line(n: int, step: TraceStep, scale: int) -> str:
    """One round of a solve in words: the bounds on V(N) (the master's, divided by `scale`: the folded
    game's are twice V(N)) and their relative gap."""
    gap = max(step.upper - step.lower, 0.0) / max(abs(step.upper), 1.0)
    return (f"V({n}): round {step.iteration}, {step.lower / scale:.10f} ≤ V ≤ {step.upper / scale:.10f}, "
            f"gap {gap:.1e} (exact at 1e-9)")


@contextmanager
def solving(n: int, folded: bool = True) -> Iterator[Callable[[TraceStep], None] | None]:
    """A live status line on stderr while V(N) is solved (`bounds_line` after every round): a large N
    takes minutes, and the bounds show it is getting there. None (no callback) off a terminal or under CI."""
    if quiet_by_default():
        yield None
        return
    scale = 2 if folded else 1
    with err_console.status(f"V({n}): starting") as status:
        yield lambda step: status.update(bounds_line(n, step, scale))


@app.command()
def solve(
    n: str = typer.Argument(..., help="How many numbers Alice may hide among (1..N)."),
    json_out: bool = typer.Option(False, "--json", help="Print the solution as JSON."),
    trace: bool = typer.Option(False, "--trace", help="Show Dresher's lexicographic simplex step by step."),
    smoothing: str = typer.Option("wentges", help="Dual smoothing: wentges, fixed or none."),
    symmetric: bool = typer.Option(True, "--symmetric/--no-symmetric", help="Fold the mirror symmetry."),
    force: bool = typer.Option(False, "--force", help="Solve even what the size check refuses."),
) -> None:
    """V(N) as an exact fraction with certified optimal strategies for Alice and Bob."""
    from parlour.analyses.guess.dresher import dresher

    size = _parse_n(n)
    front.check_size(size, force)
    announce(solve_estimate(size), json_out)
    run = dresher(size) if trace else None
    with solving(size, symmetric) as progress:
        sol = front.solve(size, smoothing=smoothing, symmetric=symmetric, force=force, progress=progress)
    if json_out:
        out: dict[str, Any] = sol.to_json()
        if run is not None:
            out["dresher_trace"] = [
                {
                    "iteration": s.iteration,
                    "alice": [{"number": k, **exact("probability", a)} for k, a in enumerate(s.alice, 1)],
                    **exact("lower", s.lower),
                    **(exact("upper", s.upper) if s.upper is not None else {"upper": None}),
                    "entering": list(s.entering.preorder()) if s.entering else None,
                    "leaving": {"slack": s.leaving_slack} if s.leaving_slack is not None
                    else {"tree": list(s.leaving_tree.preorder())} if s.leaving_tree is not None else None,
                }
                for s in run.steps
            ]
        print_json(out)
        return
    if run is not None:
        table = Table(title=f"Dresher's lexicographic simplex, N = {size}")
        for col in ("it", "Alice's α (π/Σπ)", "lower", "upper", "entering tree (depths)", "leaving"):
            table.add_column(col)
        for s in run.steps:
            table.add_row(
                str(s.iteration),
                " ".join(frac_str(a) for a in s.alice),
                frac_str(s.lower),
                frac_str(s.upper) if s.upper is not None else "∞",
                " ".join(map(str, s.entering.depths)) if s.entering else "optimal",
                s.leaving or "",
            )
        console.print(table)
    value = frac_str(sol.value) if isinstance(sol.value, Fraction) else f"≈ {sol.value_float}"
    console.print(f"V({size}) = {value}  (≈ {sol.value_float:.12g})")
    console.print(
        f"certified: {sol.certified}  iterations: {sol.iterations}  max guesses: {sol.max_guesses}  "
        f"time: {sol.seconds:.2f} s (LP {sol.lp_seconds:.2f} s, oracle {sol.oracle_seconds:.2f} s)"
    )
    if size <= 40:
        t = Table(title="Alice: P(hide k)")
        t.add_column("k")
        t.add_column("α_k")
        for k, a in enumerate(sol.alice, 1):
            t.add_row(str(k), _num(a))
        console.print(t)
    t = Table(title=f"Bob's optimal mixture ({len(sol.bob)} trees)")
    t.add_column("p")
    t.add_column("depths (guesses needed for 1..N)" if size <= 40 else "height")
    for tree, p in sorted(sol.bob, key=lambda tp: -float(tp[1]))[:20]:
        shown = " ".join(map(str, tree.depths)) if size <= 40 else str(tree.height)
        t.add_row(_num(p), shown)
    console.print(t)


def _num(q: Any) -> str:
    return frac_str(q) if isinstance(q, Fraction | int) else f"{float(q):.6g}"


@app.command()
def sweep(
    start: str = typer.Option("1", "--from", help="First N."),
    stop: str = typer.Option("1024", "--to", help="Last N (inclusive)."),
    db: Path = typer.Option(Path(DEFAULT_DB), "--db", help="SQLite store of certified solutions."),
    workers: int = typer.Option(2, "--workers", help="Local Dask workers (0: solve in this process)."),
    scheduler: str = typer.Option("", "--scheduler", help="Address of an existing Dask scheduler."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
    force: bool = typer.Option(False, "--force", help="Sweep even what the size check refuses."),
) -> None:
    """Solve and store every N in a range, skipping what is stored; safe to kill and rerun."""
    from parlour.analyses.guess.store import open_store
    from parlour.analyses.guess.sweep import sweep as solve_all

    lo, hi = _parse_n(start, "--from"), _parse_n(stop, "--to")
    if hi < lo:
        raise InvalidInput(f"--to ({hi}) must not be below --from ({lo})")
    check_count(workers, "--workers", 0, 4096)
    output_file(db, "--db")
    front.check_size(hi, force, hi - lo + 1)
    keeps_checkpoint(db)
    with open_store(db) as store:
        todo = [n for n in range(lo, hi + 1) if n not in store.solved()]
        # the single solves' sum shared by the workers (not calibrated as a sweep: each N warm-starts from
        # the last one, so this leans long)
        parallel = max(1, min(workers, os.cpu_count() or 1))
        announce(Estimate(sum(map(solve_seconds, todo)) / parallel, f"{len(todo):,} N's to solve, at most"), quiet)
        began = time.perf_counter()
        with progress(True if quiet else None) as bar:
            task = bar.add_task(f"N = {lo}..{hi}", total=hi - lo + 1, completed=hi - lo + 1 - len(todo))
            for _ in solve_all(store, todo, workers, scheduler):
                bar.advance(task)
        err_console.print(
            f"{len(todo)} solved in {time.perf_counter() - began:.1f} s; "
            f"{len(store.solved())} certified N's in {db}"
        )


@app.command()
def plot(
    db: Path = typer.Option(Path(DEFAULT_DB), "--db", help="SQLite store written by sweep."),
    out: Path = typer.Option(Path("guess.svg"), "--out", help="Output file (.svg, .png or .pdf)."),
    what: str = typer.Option("alice", help="alice (colour map of α per N), iterations, values (from --db), or "
                             "table (V(N) − lg N of the shipped table of certified values; no store needed)."),
) -> None:
    """Figures from a store: Alice's distributions as a colour map, iterations per N, or V(N)."""
    from parlour.analyses.guess.figures import figure_from_store

    output_file(out, "--out")
    from parlour.analyses.guess.store import open_store
    from parlour.figures import save

    if what == "table":
        from parlour.analyses.guess import table
        from parlour.analyses.guess.figures import values_figure

        entries = table.shipped()
        fig = values_figure(sorted(entries), [float(entries[n].value) for n in sorted(entries)],
                            f"the certified values, N = 1..{max(entries)}")
        save(fig, str(out))
        err_console.print(f"wrote {out}")
        return
    if not db.exists():
        raise InvalidInput(f"no store at {db}; run `parlour guess sweep --db {db}` first")
    with open_store(db) as store:
        rows = list(store.all())
    if not rows:
        raise InvalidInput(f"the store {db} holds no solutions yet")
    fig = figure_from_store(rows, what)
    save(fig, str(out))
    err_console.print(f"wrote {out}")


@app.command()
def value(
    n: str = typer.Argument(..., help="How many numbers Alice may hide among (1..N)."),
    json_out: bool = typer.Option(False, "--json", help="Print the value as JSON."),
    force: bool = typer.Option(False, "--force", help="Solve even what the size check refuses (N not in the table)."),
) -> None:
    """V(N) from the shipped table of certified values, instantly; solved (and certified) when N is not in it."""
    from parlour.analyses.guess import table

    size = _parse_n(n)
    if table.lookup(size) is not None:
        result = front.value(size)
    else:
        front.check_size(size, force)
        known = table.shipped()
        err_console.print(f"V({size}) is not in the table of certified values (N = 1..{max(known, default=0)}): "
                          "solving it")
        announce(solve_estimate(size), json_out)
        with solving(size) as progress:
            result = front.value(size, force=force, progress=progress)
    body = result.to_json()
    if json_out:
        print_json(body)
        return
    console.print(f"V({size}) = {body['value_exact']} ≈ {body['value']:.12g}   "
                  f"(at most {body['max_guesses']} guesses; {body['source']})")


@app.command()
def verify(
    n: str = typer.Argument(..., help="An N of the shipped table."),
    json_out: bool = typer.Option(False, "--json", help="Print the check as JSON."),
) -> None:
    """Re-derive V(N) from scratch (a certified solve) and compare it with the shipped table; exit 1 if they differ."""
    from parlour.analyses.guess import table

    size = _parse_n(n)
    announce(solve_estimate(size), json_out)
    with solving(size) as progress:
        check = table.verify(size, progress=progress)
    if json_out:
        print_json(check)
    else:
        verdict = "agrees with" if check.agrees else "DIFFERS from"
        console.print(f"V({check.numbers}) solved again = {frac_str(check.solved)} ({check.seconds:.1f} s): "
                      f"{verdict} the table's {frac_str(check.table.value)}")
    if not check.agrees:
        raise typer.Exit(1)


@app.command()
def tabulate(
    db: Path = typer.Option(..., "--db", help="SQLite store written by `guess sweep`."),
    into: Path = typer.Option(None, "--into", help="Table file to extend (default: the shipped values.csv)."),
) -> None:
    """Add every certified N of a sweep store to the table of certified values (a certified value never changes)."""
    from importlib import resources

    from parlour.analyses.guess import table
    from parlour.analyses.guess.store import open_store

    if not db.is_file():
        raise InvalidInput(f"no store at {shown(str(db))}; run `parlour guess sweep --db {shown(str(db))}` first")
    if into is not None:
        output_file(into, "--into")
    target = into or Path(str(resources.files("parlour.analyses.guess").joinpath(table.DATA_FILE)))
    with open_store(db) as store:
        added, total = table.tabulate(store.all(), target)
    err_console.print(f"{target}: {added} N's added, {total} in all")


@app.command()
def export(
    out: Path = typer.Option(..., "--out", help="Folder to write into (created if missing)."),
    fmt: str = typer.Option("bfile", "--format", help="bfile (OEIS b-files of numerators, denominators), csv or json."),
) -> None:
    """Write the table of certified V(N): OEIS b-files (`n a(n)` per line), the CSV, or JSON."""
    import json

    from parlour.analyses.guess import table

    if fmt not in ("bfile", "csv", "json"):
        raise InvalidInput(f"--format must be bfile, csv or json, got {shown(fmt)}")
    output_folder(out, "--out")
    entries = table.shipped()
    try:
        out.mkdir(exist_ok=True)
        if fmt == "bfile":
            written = [out / "b_numerators.txt", out / "b_denominators.txt"]
            written[0].write_text(table.bfile(entries, "numerator"))
            written[1].write_text(table.bfile(entries, "denominator"))
        elif fmt == "csv":
            written = [out / "guess_values.csv"]
            written[0].write_text(table.render(entries))
        else:
            written = [out / "guess_values.json"]
            written[0].write_text(json.dumps(table.as_json(entries), indent=1) + "\n")
    except OSError as exc:
        raise InvalidInput(f"cannot write into {out}: {exc.strerror}") from None
    err_console.print("wrote " + ", ".join(str(p) for p in written))
