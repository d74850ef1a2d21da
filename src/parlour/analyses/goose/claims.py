"""The claims of `parlour reproduce` for the Game of the Goose: the 2-player values (exact), state counts,
3 to 5 players (certified), variants, Figure 2, simulations and the Storm cross-check."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose.figures import figure2, surfaces
from parlour.analyses.goose.model import GooseSolution
from parlour.analyses.goose.policy import solve
from parlour.analyses.goose.space import count_reachable
from parlour.claims import Outcome, Status, claim, skipped
from parlour.games.goose.rules import STUDY, shipped, variant
from parlour.games.goose.simulate import SimulationResult, simulate
from parlour.results import frac_str
from parlour.solvers import markov

STUDY_REF = "Groote & Zantema 2014"
NAW = "NAW 5/15 nr. 4 (2014)"
P1_PUBLISHED = "0.393625137393757391402840344876"


def _digits(x: Fraction, n: int) -> str:
    """The first n decimals of 0 <= x < 1, truncated (not rounded), as the study prints them."""
    scaled = x.numerator * 10**n // x.denominator
    return "0." + str(scaled).rjust(n, "0")


@cache
def _two() -> GooseSolution:
    return solve(STUDY, 2, exact=True)


@claim("goose.p1-two-players", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="P(player 1 wins), 2 players, exact (30 published digits)", published=P1_PUBLISHED)
def _p1() -> Outcome:
    s = _two()
    assert s.win_exact is not None
    got = _digits(s.win_exact[0], 30)
    status = Status.REPRODUCED if got == P1_PUBLISHED else Status.FAILED
    return Outcome(
        got, status,
        f"exact fraction, denominator of {s.denominator_digits} digits, proven by A*x == b in integers "
        f"(all {gchain.space(STUDY, 2).size} relabelled states); {s.seconds:.1f} s",
        data={"p1_exact": frac_str(s.win_exact[0]), "denominator_digits": s.denominator_digits},
    )


@claim("goose.exact-size", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="the exact 2-player answer is a fraction with thousands of digits", published="thousands of digits")
def _size() -> Outcome:
    s = _two()
    assert s.win_exact is not None
    f = s.win_exact[0]
    num, den = len(str(f.numerator)), len(str(f.denominator))
    ok = num >= 1000 and den >= 1000
    return Outcome(f"numerator {num} digits, denominator {den} digits",
                   Status.REPRODUCED if ok else Status.FAILED)


def _round_claim(value: Fraction, published: str, why: str = "") -> Outcome:
    places = len(published.split(".")[1])
    rounded = f"{float(value):.{places}f}"
    truncated = _digits(value, places)
    exact15 = f"{float(value):.15f}"
    if published in (rounded, truncated):
        how = "truncated" if truncated == published else "rounded"
        return Outcome(truncated if how == "truncated" else rounded, Status.REPRODUCED,
                       f"exact value {exact15}, {how} to {places} places as the study prints it")
    return Outcome(f"{exact15} (truncated {truncated}, rounded {rounded})", Status.DIFFERS,
                   f"exact value {exact15} is neither truncated nor rounded {published}. {why}")


@claim("goose.p2-two-players", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="P(player 2 wins), 2 players", published="0.3799")
def _p2() -> Outcome:
    s = _two()
    assert s.win_exact is not None
    return _round_claim(s.win_exact[1], "0.3799")


@claim("goose.draw-two-players", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="P(draw: one player in the well, the other in the prison), 2 players", published="0.2265")
def _draw() -> Outcome:
    s = _two()
    assert s.draw_exact is not None
    assert s.win_exact is not None
    derived = 1 - Fraction("0.3936") - Fraction("0.3799")
    return _round_claim(s.draw_exact, "0.2265",
                        f"The published draw equals 1 - 0.3936 - 0.3799 = {float(derived):.4f}: it was apparently "
                        "derived from the truncated win probabilities, not computed; the true draw "
                        "probability is 0.2264 to four places (P1 + P2 + draw = 1 holds exactly here).")


def advantage(win: tuple[float, ...] | tuple[Fraction, ...]) -> float:
    """The starter's advantage: P(player 1 wins) over a fair share of the decided games, minus 1.

    With two players this is P1 / ((P1 + P2) / 2) - 1; the draws (2 players only) are left out.
    """
    total = float(sum(win))
    return float(win[0]) / (total / len(win)) - 1


@claim("goose.advantage-two-players", study=STUDY_REF, source=f"{NAW}, section 4",
       statement="the starting player has an advantage, under 2% with two players", published="< 2%")
def _adv2() -> Outcome:
    s = _two()
    assert s.win_exact is not None
    adv = advantage(s.win_exact)
    d = float(s.win_exact[0] - s.win_exact[1])
    ok = 0 < adv < 0.02
    return Outcome(f"{adv * 100:.3f}% (P1 over a fair share of the decided games; P1 - P2 = {d * 100:.3f} points)",
                   Status.REPRODUCED if ok else Status.FAILED,
                   "advantage = P1 / ((P1 + P2) / 2) - 1 from the exact values; the same measure gives the "
                   "study's 'almost 10%' for five players (goose.advantage-five-players)")


@claim("goose.toy-16-27", study=STUDY_REF, source=f"{NAW}, section 2 (worked example)",
       statement="toy game: squares 0-2, a coin showing 0 or 1; the starter wins with probability 16/27",
       published="16/27")
def _toy() -> Outcome:
    rules = shipped("toy")
    s = solve(rules, 2, exact=True)
    assert s.win_exact is not None
    got = frac_str(s.win_exact[0])
    return Outcome(got, Status.REPRODUCED if got == "16/27" else Status.FAILED,
                   "rule set loaded from the shipped TOML file games/goose/rulesets/toy.toml; exact solve")


def _counts_outcome(players: int, published: str, close: Callable[[int], bool]) -> Outcome:
    # 3 players: the chain is built anyway (cached); 4 players: the on-the-fly counter gives the same
    # counts (tested) in a third of the time, without building the 4.3M-state chain
    c = gchain.space(STUDY, players).counts if players < 4 else count_reachable(STUDY, players).counts
    got = f"{c.throw_plus_terminal:,} throw + terminal states"
    table = "".join(f"<tr><td>{k}</td><td>{v:,}</td></tr>" for k, v in c.to_json().items())
    return Outcome(
        got, Status.REPRODUCED if close(c.throw_plus_terminal) else Status.FAILED,
        f"reachable {c.reachable:,} = {c.throw:,} throw + {c.inn_skip:,} inn skip + {c.well_skip:,} "
        f"well/prison skip + {c.terminal:,} terminal; the published figure counts throw + terminal "
        f"states; the relabelled chain has {c.canonical:,} transient states",
        detail_html=f"<table>{table}</table>", data=dict(c.to_json()),
    )


@claim("goose.states-3p", study=STUDY_REF, source=f"{NAW}, section 4",
       statement="number of states, 3 players", published="2.79e5")
def _states3() -> Outcome:
    return _counts_outcome(3, "2.79e5", lambda v: round(v / 1e3) == 279)


@claim("goose.states-4p", study=STUDY_REF, source=f"{NAW}, section 4",
       statement="number of states, 4 players", published="1.64e7")
def _states4() -> Outcome:
    return _counts_outcome(4, "1.64e7", lambda v: round(v / 1e5) == 164)


@claim("goose.states-5p", study=STUDY_REF, source=f"{NAW}, section 4",
       statement="number of states, 5 players (counted on the fly: ~1.4 GB, minutes)", published="8.85e8",
       heavy=True)
def _states5() -> Outcome:
    return _counts_outcome(5, "8.85e8", lambda v: round(v / 1e6) == 885)


@claim("goose.states-2p", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="number of equations (reachable states), 2 players", published="4048")
def _states2() -> Outcome:
    c = gchain.space(STUDY, 2).counts
    got = f"{c.throw:,} throw states + 2 absorbing outcomes = {c.throw + 2:,}"
    return Outcome(
        got, Status.REPRODUCED if c.throw + 2 == 4048 else Status.FAILED,
        f"reachable {c.reachable:,} = {c.throw:,} throw + {c.inn_skip} inn skip + {c.well_skip} stuck skip "
        f"+ {c.terminal} terminal. The convention that gives the 3- and 4-player figures (throw + terminal) "
        f"gives {c.throw_plus_terminal:,} here; 4048 = throw states + one equation per winner is the only "
        "natural count that matches (the article does not say which it used)",
        data=dict(c.to_json()),
    )


def _consistent(s: GooseSolution, tol: float) -> bool:
    """What certified bounds without a published value must satisfy: every interval of half-width <= tol,
    the intervals of all outcomes can sum to one, and the starter's advantage (P1 > P2 > ... > Pn, each
    interval strictly above the next one's)."""
    widths_ok = all(hi - lo <= 2 * tol + 1e-15 for lo, hi in s.win_bounds)
    lows = sum(lo for lo, _ in s.win_bounds) + s.draw_bounds[0]
    highs = sum(hi for _, hi in s.win_bounds) + s.draw_bounds[1]
    ordered = all(a[0] > b[1] for a, b in zip(s.win_bounds, s.win_bounds[1:], strict=False))
    return widths_ok and lows <= 1.0 <= highs and ordered


@claim("goose.three-players", study=STUDY_REF, source=f"{NAW}, section 4 (numeric only)",
       statement="P(each player wins), 3 players, certified to +-1e-12")
def _three() -> Outcome:
    s = solve(STUDY, 3, tol=1e-12)
    got = ", ".join(f"P{i + 1} = {w:.12f}" for i, w in enumerate(s.win))
    rows = "".join(f"<tr><td>{i + 1}</td><td>{lo:.15f}</td><td>{hi:.15f}</td></tr>"
                   for i, (lo, hi) in enumerate(s.win_bounds))
    return Outcome(got, Status.NEW if _consistent(s, 1e-12) else Status.FAILED,
                   f"certified intervals (width <= 2e-12) after {s.sweeps} sweeps, {s.seconds:.1f} s; "
                   "the study gives no 3-player values in the spec's extract",
                   detail_html=f"<table><tr><th>player</th><th>lower</th><th>upper</th></tr>{rows}</table>",
                   data={"bounds": [list(b) for b in s.win_bounds]})


@cache
def _four_solution() -> GooseSolution:
    return solve(STUDY, 4, tol=1e-10)


@claim("goose.four-players", study=STUDY_REF, source=f"{NAW}, section 4 (IDR(s), 400 GB)",
       statement="P(each player wins), 4 players, certified to +-1e-10", heavy=True)
def _four() -> Outcome:
    s = _four_solution()
    got = ", ".join(f"P{i + 1} = {w:.10f}" for i, w in enumerate(s.win))
    return Outcome(got, Status.NEW if _consistent(s, 1e-10) else Status.FAILED,
                   f"certified intervals (width <= 2e-10) after {s.sweeps} sweeps, {s.seconds:.0f} s",
                   data={"bounds": [list(b) for b in s.win_bounds]})


@claim("goose.variants", study=STUDY_REF, source=f"{NAW}, section 3",
       statement="small rule changes (no inn skip, maze -> 37) give slightly different 2-player values",
       published="slightly different")
def _variants() -> Outcome:
    base = _two()
    assert base.win_exact is not None
    rows = []
    diffs = []
    for name in ("maze37", "no-inn-skip"):
        s = solve(variant(name), 2, exact=True)
        assert s.win_exact is not None and s.draw_exact is not None
        d = float(s.win_exact[0] - base.win_exact[0])
        diffs.append(d)
        rows.append(f"<tr><td>{name}</td><td>{s.win[0]:.12f}</td><td>{s.win[1]:.12f}</td>"
                    f"<td>{s.draw:.12f}</td><td>{d:+.2e}</td></tr>")
    ok = all(0 < abs(d) < 0.02 for d in diffs)
    got = ", ".join(f"{n}: P1 {d:+.4f}" for n, d in zip(("maze37", "no-inn-skip"), diffs, strict=True))
    return Outcome(
        got, Status.REPRODUCED if ok else Status.FAILED,
        "exact 2-player values of each variant (the study gives no numbers, only that they differ slightly)",
        detail_html="<table><tr><th>variant</th><th>P1</th><th>P2</th><th>draw</th><th>P1 - study</th></tr>"
        + "".join(rows) + "</table>",
    )


@claim("goose.figure-2", study=STUDY_REF, source=f"{NAW}, Figure 2",
       statement="2 players: a player 2 in the prison (52) raises player 1's chance, in the well (31) hardly "
       "(draws instead)", published="prison raises P1, well hardly")
def _fig2() -> Outcome:
    from parlour.figures import svg_of

    s = surfaces(STUDY)
    sq = s.squares
    a = s.p1_wins_1_to_move
    d = s.draw_1_to_move
    j31, j52 = sq.index(31), sq.index(52)
    others = [j for j, q in enumerate(sq) if q not in (31, 52)]
    rows_ok = [i for i, q in enumerate(sq) if q not in (31, 52) and not np.isnan(a[i, j31])
               and not np.isnan(a[i, j52])]
    p_prison = float(np.nanmean(a[rows_ok, j52]))
    p_well = float(np.nanmean(a[rows_ok, j31]))
    p_else = float(np.nanmean(a[np.ix_(rows_ok, others)]))
    d_prison = float(np.nanmean(d[rows_ok, j52]))
    d_well = float(np.nanmean(d[rows_ok, j31]))
    ok = p_prison - p_else > 0.05 and abs(p_well - p_else) < p_prison - p_else and d_well > d_prison
    got = (f"mean over player 1's squares of P(1 wins | 1 to move): player 2 in prison {p_prison:.3f}, "
           f"in well {p_well:.3f}, elsewhere {p_else:.3f}; P(draw): prison {d_prison:.3f}, well {d_well:.3f}")
    return Outcome(got, Status.REPRODUCED if ok else Status.FAILED,
                   "averages over the squares of player 1 where both positions are reachable (exact values)",
                   figures=(svg_of(figure2(STUDY)),),
                   data={"prison": p_prison, "well": p_well, "elsewhere": p_else,
                         "draw_prison": d_prison, "draw_well": d_well})


def _sim_check(players: int, games: int, solution: GooseSolution) -> Outcome:
    sim = simulate(STUDY, players, games, seed=2014 + players)
    z = [abs(sim.win[p] - solution.win[p]) / max(sim.stderr[p], 1e-12) for p in range(players)]
    ok = max(z) < 4.5
    got = ", ".join(f"P{p + 1} {sim.win[p]:.4f} ± {1.96 * sim.stderr[p]:.4f}" for p in range(players))
    return Outcome(got, Status.NEW if ok else Status.FAILED,
                   f"{games:,} simulated games (seeded, vectorised numpy) vs the chain: largest deviation "
                   f"{max(z):.2f} standard errors; an independent check of the state model",
                   data={"z": z, "sim": list(sim.win), "chain": list(solution.win)})


@claim("goose.simulation-2p", study="parlour", source="parlour",
       statement="Monte Carlo of the real game agrees with the 2-player chain")
def _sim2() -> Outcome:
    return _sim_check(2, 200_000, _two())


@claim("goose.simulation-3p", study="parlour", source="parlour",
       statement="Monte Carlo of the real game agrees with the 3-player chain")
def _sim3() -> Outcome:
    return _sim_check(3, 100_000, solve(STUDY, 3, tol=1e-8))


@claim("goose.simulation-4p", study="parlour", source="parlour",
       statement="Monte Carlo of the real game agrees with the 4-player chain", heavy=True)
def _sim4() -> Outcome:
    return _sim_check(4, 100_000, _four_solution())


@claim("goose.storm-two-players", study="parlour", source="parlour (peer: Storm via stormpy)",
       statement="Storm's sound engine on the same (unfolded) 2-player chain agrees with the exact values")
def _storm2() -> Outcome:
    import tempfile

    from parlour.analyses.goose import peer

    if not peer.available():
        return skipped("not run", "stormpy (optional extra 'peers', `make peers`) is not installed")
    ours = _two()
    with tempfile.TemporaryDirectory() as tmp:
        r = peer.solve(STUDY, 2, Path(tmp), precision=1e-12)
    diff = max(abs(a - b) for a, b in zip(r.win, ours.win, strict=True))
    inside = all(lo - 1e-15 <= w <= hi + 1e-15 for (lo, hi), w in zip(r.bounds, ours.win, strict=True))
    got = f"Storm P1 {r.win[0]:.14f}, P2 {r.win[1]:.14f}; max |Storm - exact| = {diff:.1e}"
    return Outcome(got, Status.NEW if inside else Status.FAILED,
                   f"{r.states:,}-state explicit DTMC, sound mode at 1e-12; the exact values lie inside Storm's "
                   "bounds" if inside else "the exact values lie outside Storm's bounds",
                   data={"storm": list(r.win), "bounds": [list(b) for b in r.bounds]})


@claim("goose.advantage-five-players", study=STUDY_REF, source=f"{NAW}, section 4",
       statement="the starting player's advantage is almost 10% with five players (here by simulation)",
       published="almost 10%")
def _adv5() -> Outcome:
    games = 200_000
    sim = simulate(STUDY, 5, games, seed=5)
    adv = advantage(sim.win)
    # delta method: adv = 5 * P1 - 1 when nobody draws; its standard error is 5 * se(P1)
    se = 5 * sim.stderr[0]
    ok = adv + 1.96 * se >= 0.08 and adv - 1.96 * se < 0.10 and sim.draws == 0
    got = f"{adv * 100:.1f}% ± {1.96 * se * 100:.1f}% (P1 = {sim.win[0]:.4f} vs a fair 0.2)"
    return Outcome(got, Status.REPRODUCED if ok else Status.FAILED,
                   f"{games:,} simulated 5-player games (95% interval); not certified: the 942M-state chain "
                   "is left to a later issue. 'Almost 10%' read as P1 over a fair share, minus 1",
                   data={"win": list(sim.win), "stderr": list(sim.stderr)})


def _sim_table(rows: list[SimulationResult]) -> str:
    most = max(r.players for r in rows)
    head = "<tr><th>players</th><th>games</th>" + "".join(f"<th>P{i + 1}</th>" for i in range(most))
    out = [head + "<th>advantage</th><th>mean moves</th></tr>"]
    for r in rows:
        cells = "".join(f"<td>{w:.5f} ± {1.96 * e:.5f}</td>" for w, e in zip(r.win, r.stderr, strict=True))
        cells += "<td></td>" * (most - r.players)
        out.append(f"<tr><td>{r.players}</td><td>{r.games:,}</td>{cells}<td>{advantage(r.win) * 100:.2f}% "
                   f"± {1.96 * r.players * r.stderr[0] * 100:.2f}%</td><td>{r.mean_turns:.1f}</td></tr>")
    return "<table>" + "".join(out) + "</table>"


@claim("goose.simulate-7-10", study="parlour", source="parlour (issue 7: seven to ten players)",
       statement="P(each player wins) for 7, 8, 9 and 10 players by simulation (1,000,000 games each, "
       "95% intervals)", heavy=True)
def _sim_many() -> Outcome:
    games = 1_000_000
    rows = [simulate(STUDY, n, games, seed=2014 + n, engine="numba") for n in range(7, 11)]
    # the checks a simulation can make: every game ends, and the turn order matters monotonically
    ordered = all(r.interval(0)[0] > r.interval(r.players - 1)[1] for r in rows)
    ok = ordered and all(r.draws == 0 and sum(r.wins) == r.games for r in rows)
    got = "; ".join(f"{r.players}p: P1 {r.win[0]:.4f}, P{r.players} {r.win[-1]:.4f}" for r in rows)
    return Outcome(got, Status.NEW if ok else Status.FAILED,
                   "compiled simulator (numba, counter-based random numbers, seeds 2021-2024), 95% Wilson "
                   "intervals; no game hit the turn limit and none got stuck. Not certified: the chain "
                   "has ~45x more states per added player (5 players: 190M relabelled states)",
                   detail_html=_sim_table(rows),
                   data={str(r.players): r.to_json() for r in rows})


P1_FIVE = "0.22039"


@claim("goose.p1-five-players", study=STUDY_REF, source=f"{NAW}, section 4 (fixpoint iteration)",
       statement="P(player 1 wins), 5 players; here every player, certified to width <= 1e-8 (hours the first "
       "time; it resumes from the default checkpoint, verified before use)",
       published=P1_FIVE, heavy=True)
def _p1_five() -> Outcome:
    cp = markov.Checkpoint(gchain.default_checkpoint(STUDY, 5), every_seconds=600.0)
    sol = solve(STUDY, 5, tol=5e-9, checkpoint=cp)
    lo, hi = sol.win_bounds[0]
    # the study's 5 decimals are right if every number in our interval rounds (or truncates) to them
    rounded = round(lo, 5) == round(hi, 5) == float(P1_FIVE)
    truncated = math.floor(lo * 1e5) == math.floor(hi * 1e5) == round(float(P1_FIVE) * 1e5)
    agrees = rounded or truncated
    got = f"{lo:.10f} <= P1 <= {hi:.10f}" + (" (the study's figure " + ("rounded)" if rounded else "truncated)")
                                              if agrees else "")
    others = ", ".join(f"P{p + 1} in [{a:.10f}, {b:.10f}]" for p, (a, b) in enumerate(sol.win_bounds))
    adv = advantage(sol.win)
    return Outcome(got, Status.REPRODUCED if agrees else Status.DIFFERS,
                   f"{sol.canonical:,} relabelled states, chain-free certified Gauss-Seidel, {sol.sweeps} sweeps "
                   f"(resumed from {sol.resumed_from}), {sol.seconds:.0f} s in this run. {others}; the starting "
                   f"player's advantage is {adv * 100:.3f}% (certified, against the study's 'almost 10%')",
                   data=sol.to_json())



