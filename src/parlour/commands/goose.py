"""`parlour goose ...`: Game of the Goose: exact and certified win probabilities."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from parlour.analyses.estimates import Estimate
from parlour.commands.common import (
    announce,
    check_count,
    check_seed,
    console,
    keeps_checkpoint,
    parse_int_list,
    print_json,
    progress,
)
from parlour.errors import InvalidInput, shown
from parlour.games.goose.rules import RuleSet
from parlour.infra import lazy
from parlour.infra.files import output_file
from parlour.infra.resources import affordable

if TYPE_CHECKING:
    from parlour.analyses import goose as analysis
    from parlour.analyses.goose import policy
else:  # numba and the engine load when a command runs, not for --help
    analysis = lazy.module("parlour.analyses.goose")
    policy = lazy.module("parlour.analyses.goose.policy")

app = typer.Typer(no_args_is_help=True)

MAX_WORKERS = 4096
MAX_PARTS = 1_000_000
MANY_GAMES = 10**6  # from here on a simulation takes seconds: a progress bar
MAX_GAMES = 10**15  # a count, not a plan: the time estimate refuses far fewer


def _rules(name: str | None, path: Path | None) -> RuleSet:
    return policy.rule_set(name, path)


@app.command()
def solve(
    players: int = typer.Option(2, "--players", "-n", help="number of players (2 or more)"),
    exact: bool = typer.Option(False, "--exact", help="exact fractions (2 players), proven by an exact residual"),
    variant_name: str = typer.Option(None, "--variant", help="study (default), maze37, no-inn-skip"),
    rules_file: Path = typer.Option(None, "--rules", help="a rule set in TOML (see docs/goose.md)"),
    squares: str = typer.Option(None, "--from", help="every player's square, e.g. 31,52"),
    to_move: int = typer.Option(None, "--to-move", help="player to move (1-based) with --from"),
    inn: str = typer.Option(None, "--inn-pending", help="players (1-based) on the inn whose skip is to come"),
    tol: float | None = typer.Option(None, "--tol", help="half-width of the certified intervals (+-tol); "
                                     "default 1e-12, from 5 players on 5e-9 (width 1e-8)"),
    checkpoint: Path = typer.Option(None, "--checkpoint", help="save the iteration here; rerun to resume "
                                    "(5+ players: default in ~/.cache/parlour/goose)"),
    out_of_core: bool = typer.Option(False, "--out-of-core", help="5+ players: keep the bounds in memory-mapped "
                                     "files at --checkpoint instead of RAM"),
    dask: bool = typer.Option(False, "--dask", help="partition the states over Dask workers (a local cluster, "
                              "or --scheduler); the bounds live in a shared work folder (--checkpoint)"),
    scheduler: str = typer.Option("", "--scheduler", help="address of an existing Dask scheduler (implies --dask)"),
    workers: int = typer.Option(0, "--workers", help="--dask without --scheduler: local worker processes "
                                "(default: one per core)"),
    parts: int = typer.Option(0, "--parts", help="--dask: parts of the state space (default: one per worker)"),
    as_json: bool = typer.Option(False, "--json"),
    quiet: bool = typer.Option(False, "--quiet"),
    force: bool = typer.Option(False, "--force", help="run even what the size check refuses"),
) -> None:
    """Probability that each player wins (and of a draw) from the start or any position."""

    check_count(workers, "--workers", 0, MAX_WORKERS)
    check_count(parts, "--parts", 0, MAX_PARTS)
    plan = policy.plan(
        players, exact=exact, variant=variant_name, rules=rules_file,
        squares=parse_int_list(squares, "--from") if squares is not None else None, to_move=to_move,
        inn_pending=None if inn is None else (parse_int_list(inn, "--inn-pending") if inn else []), tol=tol,
        checkpoint=checkpoint,
        out_of_core=out_of_core, dask=dask or bool(scheduler), force=force,
    )
    if plan.checkpoint is not None:
        if plan.chosen_checkpoint and not (quiet or as_json):
            console.print(f"work folder: {plan.checkpoint.path} (the bounds; rerun the command to resume)"
                          if plan.engine == "dask" else
                          f"checkpoint: {plan.checkpoint.path} (every 10 minutes; rerun the command to resume)")
        keeps_checkpoint(plan.checkpoint.path)
    rules = plan.rules
    from parlour.analyses.goose.queries import solve_time

    announce(solve_time(rules, players, plan.threads), quiet or as_json)
    with progress(quiet or as_json) as bar:
        # the states and the chain come first (read back, or built on a first run) and count nothing the
        # bar could show: it says what it waits for; the sweeps then count with their gap
        task = bar.add_task("states and chain (before the sweeps)", total=None)

        def tick(k: int, gap: float) -> None:
            bar.update(task, completed=k, description=f"sweep {k}, gap {gap:.2e}")

        if plan.engine == "dask":
            from parlour.infra.dask import client as dask_client

            with dask_client(scheduler, workers or None) as client:
                sol = policy.run(plan, tick, client=client, parts=parts or None)
        else:
            sol = policy.run(plan, tick)
    if as_json:
        print_json(sol)
        return
    console.print(_wins_table(f"Game of the Goose, {players} players ({rules.name} rules)", "certified interval",
                              sol.win, sol.win_bounds, sol.draw, sol.draw_bounds, 15))
    c = sol.states
    counted = (f"reachable states {c.reachable:,}: {c.throw:,} throw, {c.inn_skip:,} inn skip, {c.well_skip:,} "
               f"stuck skip, {c.terminal:,} terminal; " if c is not None else "")
    console.print(f"{counted}relabelled chain {sol.canonical:,} states; {sol.method}; {sol.sweeps} sweeps; "
                  f"{sol.seconds:.2f} s")
    if sol.win_exact is not None:
        console.print(f"exact: denominators of {sol.denominator_digits} digits (use --json for the fractions)")


@app.command()
def simulate(
    players: int = typer.Option(2, "--players", "-n"),
    games: int = typer.Option(100_000, "--games", "-g"),
    seed: int = typer.Option(0, "--seed"),
    variant_name: str = typer.Option(None, "--variant"),
    rules_file: Path = typer.Option(None, "--rules"),
    engine: str = typer.Option("numba", "--engine", help="numba (compiled, fast) or numpy (vectorised)"),
    as_json: bool = typer.Option(False, "--json"),
    force: bool = typer.Option(False, "--force", help="run even what the size check refuses"),
) -> None:
    """Monte Carlo of the real game (any number of players), with 95% confidence intervals."""
    check_seed(seed)
    check_count(games, "--games", 1, MAX_GAMES)
    if engine == "numpy":  # it holds every game at once
        affordable(f"simulating {games:,} games at once (numpy engine)", 200.0 * players * games, 0, force)
    seconds = analysis.simulation_estimate(players, games)
    affordable(f"simulating {games:,} games of {players} players", 0, seconds, force)
    announce(Estimate(seconds, f"{games:,} games of {players} players"), as_json)
    rules = _rules(variant_name, rules_file)
    with progress(as_json or games < MANY_GAMES) as bar:
        task = bar.add_task("games played", total=games)
        res = analysis.simulate(rules, players, games, seed, engine=engine,
                                progress=lambda done: bar.update(task, completed=done))
    if as_json:
        print_json(res)
        return
    console.print(_wins_table(f"{games:,} simulated games, {players} players (seed {seed}, {engine} engine)",
                              "95% interval", res.win, [res.interval(p) for p in range(players)], res.draw, None, 5))
    console.print(f"mean length {res.mean_turns:.1f} turns (moves of all players together)"
                  + (f"; {res.unfinished:,} games hit the turn limit (counted as draws)" if res.unfinished else ""))


@app.command()
def plot(
    output: Path = typer.Option(Path("goose-figure2.png"), "--output", "-o", help=".png or .svg"),
    variant_name: str = typer.Option(None, "--variant"),
    rules_file: Path = typer.Option(None, "--rules"),
) -> None:
    """Figure 2 of the study: heat maps of the exact 2-player values over both players' squares."""

    if output.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise InvalidInput(f"--output must end in .png, .svg or .pdf, got {shown(output.name)}")
    output_file(output, "--output")
    rules = _rules(variant_name, rules_file)
    analysis.plot(output, rules)
    console.print(f"wrote {output}")


@app.command()
def states(
    players: int = typer.Option(2, "--players", "-n"),
    variant_name: str = typer.Option(None, "--variant"),
    rules_file: Path = typer.Option(None, "--rules"),
    as_json: bool = typer.Option(False, "--json"),
    quiet: bool = typer.Option(False, "--quiet"),
) -> None:
    """Reachable states from the start, by category (from 5 players on without a chain: minutes; from 6
    players on the relabelled states only, by a bitmap search)."""
    check_count(players, "--players", 2, analysis.MAX_PLAYERS)
    rules = _rules(variant_name, rules_file)
    big = players >= 2 and not analysis.fits_chain(rules, players) and \
        analysis.needs_bitmap_search(rules, players)
    if big and not (quiet or as_json):
        console.print(f"{players} players: the relabelled states only, by a search over bitmaps "
                      f"({analysis.bitmap_search_gib(rules, players):.1f} GiB in all)")
    with progress(quiet or as_json or not big) as bar:
        task = bar.add_task("breadth-first levels", total=None)
        counts = analysis.state_counts(rules, players, progress=lambda k, size: bar.update(
            task, completed=k, description=f"level {k}: {size:,} new states"))
    if as_json:
        print_json(counts)
        return
    for k, v in counts.items():
        console.print(f"{k:>20} {v:>14,}")


def _wins_table(title: str, interval: str, win: Sequence[float], intervals: Sequence[tuple[float, float]],
                draw: float, draw_interval: tuple[float, float] | None, digits: int) -> Table:
    """Each player's chance of winning and its interval (`interval` names which), then the draw's."""
    table = Table(title=title)
    table.add_column("player")
    table.add_column("P(wins)", justify="right")
    table.add_column(interval, justify="right")
    for p, (lo, hi) in enumerate(intervals):
        table.add_row(str(p + 1), f"{win[p]:.{digits}f}", f"[{lo:.{digits}f}, {hi:.{digits}f}]")
    shown = "" if draw_interval is None else f"[{draw_interval[0]:.{digits}f}, {draw_interval[1]:.{digits}f}]"
    table.add_row("draw", f"{draw:.{digits}f}", shown)
    return table
