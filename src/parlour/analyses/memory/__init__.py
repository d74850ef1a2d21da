"""Memory with perfect memory: the optimal tactic in every state, exactly.

Builds the summaries the CLI prints and registers the claims `parlour reproduce` checks: the
study's model (tactics, probabilities, formulas), its statements (T1 always optimal, the reduced
model, the P = 0 states), the MEMORYTABLE, the stalemate, the simulation check, variants, and the
comparison with Zwick & Paterson (1993).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from parlour.claims import Outcome, Status, claim
from parlour.games.memory.reduced import (
    ReducedExact,
    ReducedFloat,
    solve_reduced_exact,
    solve_reduced_float,
)
from parlour.games.memory.rules import (
    Card,
    State,
    Tactic,
    all_states,
    all_tactics,
    applicable,
    class_transitions,
    formula,
    tactic_classes,
    transitions,
)
from parlour.games.memory.simulate import simulate
from parlour.games.memory.solve import (
    MAX_EXACT_PAIRS,
    ExactSolution,
    check_pairs,
    evaluate_fixed_policy,
    solve_exact,
    to_fraction,
)
from parlour.games.memory.variants import solve_forgetful
from parlour.results import frac_str

REDUCED_EXACT_LIMIT = 300  # above this the default `solve` uses the float reduced model


@dataclass(frozen=True)
class MemorySummary:
    pairs: int
    model: str  # "full <k,B,P>, exact" | "reduced (pairs left, known cards), exact" | "... float"
    first_player_expected_pairs: Fraction | None
    second_player_expected_pairs: Fraction | None
    advantage: Fraction | None  # first's expected pairs minus the second's
    advantage_float: float
    stalemate_probability: Fraction | None  # canonical optimal policy
    stalemate_probability_float: float | None
    expected_pairs_left_at_stalemate: float | None  # given a stalemate
    optimal_tactics_at_start: tuple[str, ...]
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "pairs": self.pairs,
            "model": self.model,
            "first_player_expected_pairs": self.first_player_expected_pairs,
            "second_player_expected_pairs": self.second_player_expected_pairs,
            "first_player_expected_pairs_float": None
            if self.first_player_expected_pairs is None
            else float(self.first_player_expected_pairs),
            "advantage": self.advantage,
            "advantage_float": self.advantage_float,
            "stalemate_probability": self.stalemate_probability_float,
            "stalemate_probability_exact": self.stalemate_probability,
            "expected_pairs_left_at_stalemate": self.expected_pairs_left_at_stalemate,
            "optimal_tactics_at_start": list(self.optimal_tactics_at_start),
            "seconds": round(self.seconds, 3),
        }


def _sorted(names: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=lambda x: int(x[1:])))


def summarize(
    pairs: int, exact: bool = False, on_level: Callable[[int], None] | None = None
) -> MemorySummary:
    """exact: the full <k,B,P> recursion (no assumption); otherwise the reduced model, exact up to
    REDUCED_EXACT_LIMIT pairs and in floats beyond (it assumes T1, which the full one checks)."""
    check_pairs(pairs, limit=MAX_EXACT_PAIRS if exact else 20000)
    t0 = time.perf_counter()
    if exact:
        sol = solve_exact(pairs, keep=lambda st: st.k == 2 * pairs and st.B == 0, on_level=on_level)
        start = sol.start()
        p = to_fraction(sol.stalemate[start])
        left = to_fraction(sol.pairs_left_at_stalemate[start])
        return MemorySummary(
            pairs, "full <k,B,P>, exact", sol.first_player_pairs, sol.second_player_pairs,
            sol.advantage, float(sol.advantage), p, float(p), float(left / p) if p else None,
            _sorted(sol.optimal[start]), time.perf_counter() - t0)
    if pairs <= REDUCED_EXACT_LIMIT:
        red = solve_reduced_exact(pairs)
        w = to_fraction(red.values[(pairs, 0)])
        p = to_fraction(red.stalemate[(pairs, 0)])
        left = to_fraction(red.pairs_left_at_stalemate[(pairs, 0)])
        return MemorySummary(
            pairs, "reduced (pairs left, known cards), exact", w / 2, pairs - w / 2, w - pairs,
            float(w - pairs), p, float(p), float(left / p) if p else None,
            _sorted(red.optimal[(pairs, 0)]), time.perf_counter() - t0)
    flt = solve_reduced_float(pairs)
    bits = int(flt.optimal_bits[pairs, 0])
    names = tuple(f"T{c + 1}" for c in range(10) if bits >> c & 1)
    return MemorySummary(pairs, "reduced (pairs left, known cards), float", None, None, None,
                         flt.advantage, None, None, None, names, time.perf_counter() - t0)


# =============================================================================================
# Claims for `parlour reproduce`

STUDY = "Twente 1983, Een analyse van het spel Memory"
ZP = "Zwick & Paterson, The memory game, TCS 110 (1993) 169-196"
DEFAULT_FULL = 40  # full <k,B,P> exact in the default run
HEAVY_FULL = 100
MAP_PAIRS = 100  # reduced exact (checked equal to the full model up to DEFAULT_FULL/HEAVY_FULL)
FLOAT_PAIRS = 2000


@cache
def _full(pairs: int) -> ExactSolution:
    return solve_exact(pairs)


@cache
def _reduced(pairs: int) -> ReducedExact:
    return solve_reduced_exact(pairs)


@cache
def _float(pairs: int) -> ReducedFloat:
    return solve_reduced_float(pairs)


def _esc(x: object) -> str:
    return html.escape(str(x))


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{_esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _names(opt: frozenset[str]) -> str:
    return ",".join(_sorted(opt))


@claim("memory.tactics", study=STUDY, source="ch. 3, tactics (spec: Tactics)",
       statement="19 tactics follow from the definition (first card bmn/bzn/onb; second card "
       "bmn/bzn/onb/nek or IF kbn THEN p ELSE q); several give equal gains and are merged (T1, T2, ...)",
       published="19 tactics; T1 = <bmn,nek>; T2 = pass")
def _claim_tactics() -> Outcome:
    ts = all_tactics()
    classes = tactic_classes()
    rows = [[c.name, c.label, "; ".join(str(m) for m in c.members), formula(c.members[0])]
            for c in classes]
    t1 = [str(m) for m in classes[0].members] == ["<bmn, nek>"]
    t2 = classes[1].is_pass and all(
        class_transitions(classes[1], st) in (None, {(st, False): 1}) for st in all_states(6))
    ok = len(ts) == 19 and t1 and t2
    return Outcome(
        f"{len(ts)} tactics, {len(classes)} classes with distinct gains; T1 = <bmn, nek>; "
        f"T2 = {len(classes[1].members)} pass tactics",
        Status.REPRODUCED if ok else Status.FAILED,
        "Transitions are generated by turning cards on an abstract table of category counts "
        "(known-with-partner, known-alone, unknown-with-known-partner, unknown pair) and merged when "
        "equal in every state up to 10 pairs where both apply. Our copy of the study stops after T3, so "
        "T3..T9 are numbered by first appearance in the generation order (bmn, bzn, onb first); the "
        "study's own numbers beyond T2 may differ.",
        detail_html=_table(["class", "what", "members", "gain (w in cards)"], rows),
        data={"classes": {c.name: [str(m) for m in c.members] for c in classes}})


@claim("memory.example-formula", study=STUDY, source="spec: example tactic",
       statement="<onb, IF kbn THEN nek ELSE bzn> gains (B-P)/(k-B) (w(k-2,B-1,P) + 2) + "
       "(k+P-2B)/(k-B) (k - w(k,B+1,P))",
       published="(B-P)/(k-B) (w(k-2,B-1,P) + 2) + (k+P-2B)/(k-B) (k - w(k,B+1,P))")
def _claim_example() -> Outcome:
    t = Tactic(Card.ONB, then=Card.NEK, otherwise=Card.BZN)
    checked = 0
    for st in all_states(20):
        if st.k == 0 or not applicable(t, st):
            continue
        k, B, P = st.k, st.B, st.P
        expect: dict[tuple[State, bool], Fraction] = {}
        if B - P:
            expect[(State(k - 2, B - 1, P), True)] = Fraction(B - P, k - B)
        if k + P - 2 * B:
            expect[(State(k, B + 1, P), False)] = Fraction(k + P - 2 * B, k - B)
        if transitions(t, st) != expect:
            return Outcome(f"differs at {st}", Status.FAILED, formula(t))
        checked += 1
    return Outcome(formula(t), Status.REPRODUCED,
                   f"generated formula equals the published one in all {checked} states up to 20 pairs "
                   "where the tactic can be played")


@claim("memory.example-precondition", study=STUDY, source="spec: example tactic",
       statement="<onb, IF kbn THEN nek ELSE bzn> needs k >= B+1, B >= P+1, B >= 2",
       published="k >= B+1, B >= P+1, B >= 2")
def _claim_precondition() -> Outcome:
    t = Tactic(Card.ONB, then=Card.NEK, otherwise=Card.BZN)
    states = [st for st in all_states(20) if st.k]
    ours = all(applicable(t, st) == (st.k >= st.B + 1 and st.B >= st.P + 1) for st in states)
    extra = [st for st in states if applicable(t, st) and st.B < 2]
    if not ours:
        return Outcome("derived precondition is not k >= B+1, B >= P+1", Status.FAILED)
    return Outcome(
        "k >= B+1 and B >= P+1 (B >= 2 not needed)", Status.DIFFERS,
        f"Derived from the card counts: an unknown card must exist and, when the first card's partner is "
        f"unknown, a known card without partner must be left to turn. B = 1 is enough: in {extra[0]} the "
        f"tactic takes a pair with probability 1/3 and otherwise turns the one known card "
        f"({len(extra)} such states up to 20 pairs). The extra condition B >= 2 excludes playable states; "
        "it does not change any optimal value there (T5 has the same gain as the other member of its class).")


@claim("memory.probabilities", study=STUDY, source="spec: probabilities p1..p9",
       statement="p1=(B-P)/(k-B), p2=1-p1, p3=1/(k-B), p4=(B-P-1)/(k-B), p5=1/(k-B-1), "
       "p6=(B-P-1)/(k-B-1), p7=(k+P-2B-2)/(k-B-1), p8=(B-P-1)/(k-B-1), p9=(k+P-2B)/(k-B-1)",
       published="p6 = (B-P-1)/(k-B-1)")
def _claim_probabilities() -> Outcome:
    # read the probabilities off generated tactics in a generic state, compare with the formulas
    rows = []
    mismatches = []
    for st in [State(20, 7, 2), State(30, 12, 4), State(16, 5, 0)]:
        k, B, P = st.k, st.B, st.P
        pub = {
            "p1": Fraction(B - P, k - B), "p2": 1 - Fraction(B - P, k - B), "p3": Fraction(1, k - B),
            "p4": Fraction(B - P - 1, k - B), "p5": Fraction(1, k - B - 1),
            "p6": Fraction(B - P - 1, k - B - 1), "p7": Fraction(k + P - 2 * B - 2, k - B - 1),
            "p8": Fraction(B - P - 1, k - B - 1), "p9": Fraction(k + P - 2 * B, k - B - 1),
        }
        t4 = transitions(Tactic(Card.BZN, Card.ONB), st)
        t5 = transitions(Tactic(Card.ONB, then=Card.NEK, otherwise=Card.BZN), st)
        t6 = transitions(Tactic(Card.ONB, then=Card.NEK, otherwise=Card.ONB), st)
        t8 = transitions(Tactic(Card.ONB, then=Card.ONB, otherwise=Card.BZN), st)
        p1, p2 = t5[(State(k - 2, B - 1, P), True)], t5[(State(k, B + 1, P), False)]
        ours = {
            "p1": p1, "p2": p2,
            "p3": t4[(State(k - 2, B - 1, P), True)], "p4": t4[(State(k, B + 1, P + 2), False)],
            "p5": t6[(State(k - 2, B, P), True)] / p2, "p6": t6[(State(k, B + 2, P + 2), False)] / p2,
            "p7": t6[(State(k, B + 2, P), False)] / p2,
            "p8": t8[(State(k, B + 2, P + 4), False)] / p1, "p9": t8[(State(k, B + 2, P + 2), False)] / p1,
        }
        for name in pub:
            if ours[name] != pub[name]:
                mismatches.append((str(st), name, pub[name], ours[name]))
        rows.append([str(st)] + [f"{ours[n]}" + ("" if ours[n] == pub[n] else f" (spec {pub[n]})")
                                 for n in pub])
    only_p6 = {m[1] for m in mismatches} == {"p6"}
    return Outcome(
        "p1..p5, p7..p9 as published; p6 = (B-P)/(k-B-1)",
        Status.DIFFERS if only_p6 else Status.FAILED,
        "p6 is the chance that the second unknown card (after a first unknown card whose partner is "
        "unknown) is the partner of one of the B-P known cards without partner: (B-P)/(k-B-1). The "
        "published (B-P-1)/(k-B-1) equals p8 (the same event after a kbn first card, where one of those "
        "partners is already used) and leaves p5+p6+p7 = (k-B-2)/(k-B-1), not 1. Likely a copying slip; "
        "the spec's own example formula does not use p6.",
        detail_html=_table(["state", *[f"p{i}" for i in range(1, 10)]], rows),
        data={"mismatches": [[str(x) for x in m] for m in mismatches]})


def _t1_check(pairs: int) -> Outcome:
    sol = _full(pairs)
    where = [st for st in sol.values if st.P >= 2]
    bad = [st for st in where if "T1" not in sol.optimal[st]]
    strict = sum(1 for st in where if sol.optimal[st] == frozenset({"T1"}))
    if bad:
        return Outcome(f"T1 not optimal in {len(bad)} states, e.g. {bad[0]}", Status.FAILED)
    return Outcome(
        f"T1 optimal in all {len(where)} states with P >= 2 up to {pairs} pairs "
        f"(the only optimal tactic in {strict})",
        Status.REPRODUCED,
        "Exact rational comparison of every playable tactic's value in every state <k,B,P> with k <= "
        f"{2 * pairs}. A computation over all states up to {pairs} pairs, not a proof for every n.")


@claim("memory.t1-always-optimal", study=STUDY, source="ch. 3, attempt to prove T1 optimal",
       statement="Taking a known pair (T1) is optimal wherever it can be played",
       published="T1 always optimal where it applies")
def _claim_t1() -> Outcome:
    return _t1_check(DEFAULT_FULL)


@claim("memory.t1-always-optimal-100", study=STUDY, source="ch. 3, attempt to prove T1 optimal",
       statement="Taking a known pair (T1) is optimal wherever it can be played, all states up to "
       "100 pairs", published="T1 always optimal where it applies", heavy=True)
def _claim_t1_heavy() -> Outcome:
    return _t1_check(HEAVY_FULL)


@claim("memory.reduced-model", study=STUDY, source="issue 5: reduced model",
       statement="w(k,B,P) = P + R((k-P)/2, B-P), R the value of the reduced model whose state is "
       "(pairs left, known unmatched cards)",
       published="values agree with the reduced model")
def _claim_reduced() -> Outcome:
    full, red = _full(DEFAULT_FULL), _reduced(DEFAULT_FULL)
    diff = [st for st, w in full.values.items() if w != red.full_value(st)]
    opt_diff = [st for st in full.values if st.P == 0 and full.optimal[st] != red.optimal[(st.k // 2, st.B)]]
    flt = _float(FLOAT_PAIRS)
    red100 = _reduced(MAP_PAIRS)
    err = max(abs(float(w) - float(flt.values[n, s])) for (n, s), w in red100.values.items())
    ok = not diff and not opt_diff and err < 1e-9
    return Outcome(
        f"equal in all {len(full.values)} states up to {DEFAULT_FULL} pairs (exact); float reduced model "
        f"within {err:.1e} of the exact one up to {MAP_PAIRS} pairs",
        Status.REPRODUCED if ok else Status.FAILED,
        "The reduced model is derived from the same tactic formulas at P = 0, collapsing every successor "
        "with known pairs by letting its mover take them (T1). Exact equality state by state, and the same "
        "optimal-tactic sets at P = 0. The float model (numba) is what reaches 2000 pairs.")


def _canonical_name(opt: frozenset[str]) -> str:
    names = _sorted(opt)
    non_pass = [x for x in names if x != "T2"]
    return (non_pass or list(names))[0]


def _rule(n: int, s: int) -> frozenset[str]:
    """The P = 0 rule read off our tables (pairs left n, known cards s): see memory.p0-states."""
    if s == 0:
        return frozenset({"T6"})
    if s == n:
        return frozenset({"T5", "T6"})
    if (n + s) % 2 == 0:
        return frozenset({"T5"})
    return frozenset({"T2"}) if 3 * s >= 2 * n + 2 else frozenset({"T6"})


def _rule_exceptions(optimal: dict[tuple[int, int], frozenset[str]]) -> list[tuple[int, int]]:
    out = []
    for (n, s), opt in optimal.items():
        if n == 0:
            continue
        pred = _rule(n, s)
        if not (pred & opt) or (("T2" in opt) != ("T2" in pred)):
            out.append((n, s))
    return sorted(out)


def _tactic_map_figure(red: ReducedExact) -> str:
    import numpy as np
    from matplotlib.colors import ListedColormap

    from parlour.figures import new_figure, svg_of

    names = ["T2", "T4", "T5", "T6"]
    labels = ["pass (T2, 0-move)", "known, then unknown (T4)", "1-move (T5)", "2-move (T6)"]
    n_max = red.pairs
    grid = np.full((n_max + 1, n_max + 1), np.nan)
    for (n, s), opt in red.optimal.items():
        if n:
            grid[s, n] = names.index(_canonical_name(opt)) if _canonical_name(opt) in names else np.nan
    fig = new_figure(7.5, 5.0)
    ax = fig.add_subplot()
    colors = ["#d62728", "#9467bd", "#1f77b4", "#ffbf00"]
    cmap = ListedColormap(colors)
    ax.imshow(grid, origin="lower", cmap=cmap, vmin=-0.5, vmax=3.5, aspect="auto", interpolation="nearest")
    nn = np.arange(1, n_max + 1)
    ax.plot(nn, (2 * nn + 2) / 3, color="black", lw=0.8, ls="--", label="3s = 2n + 2")
    ax.set_xlabel("pairs left n")
    ax.set_ylabel("known unmatched cards s (P = 0)")
    ax.set_title("Optimal tactic (lowest-numbered optimal one) in the states <2n, s, 0>")
    from matplotlib.patches import Patch

    handles = [Patch(color=c, label=lab) for c, lab in zip(colors, labels, strict=True)]
    ax.legend(handles=[*handles, ax.lines[0]], loc="upper left", fontsize=8)
    return svg_of(fig)


@claim("memory.p0-states", study=STUDY, source="ch. 3, the states with P = 0",
       statement="The optimal tactic in the states <2n, s, 0> (no known pair): a rule in n and s")
def _claim_p0() -> Outcome:
    red = _reduced(MAP_PAIRS)
    exc = _rule_exceptions(red.optimal)
    flt = _float(FLOAT_PAIRS)
    bits = flt.optimal_bits
    fexc = []
    for n in range(1, FLOAT_PAIRS + 1):
        for s in range(n + 1):
            b = int(bits[n, s])
            opt = frozenset(f"T{c + 1}" for c in range(10) if b >> c & 1)
            pred = _rule(n, s)
            if not (pred & opt) or (("T2" in opt) != ("T2" in pred)):
                fexc.append((n, s))
    rows = []
    for n in range(1, 13):
        rows.append([n] + [_names(red.optimal[(n, s)]) for s in range(n + 1)])
    return Outcome(
        f"s = 0: 2-move; n+s even: 1-move; n+s odd: 2-move if 3s < 2n+2, else pass; s = n: 1- or 2-move. "
        f"Exceptions up to {MAP_PAIRS} pairs (exact): {exc}; up to {FLOAT_PAIRS} (float): {fexc}",
        Status.NEW,
        "Read off the exact tables and checked state by state: exact (reduced model, equal to the full "
        f"one) up to {MAP_PAIRS} pairs, floats with tolerance 1e-9 up to {FLOAT_PAIRS}. 1-move = T5 "
        "(unknown card, take its pair if known, else turn a known card), 2-move = T6, pass = T2. At "
        "(4,3) pass and 2-move tie; at (6,1) the 1-move (tied with T4) beats the 2-move. Our copy of the "
        "study does not give its P = 0 findings, so there is nothing to compare number by number.",
        detail_html="<p>Optimal tactics per (n pairs left, s known) for n &le; 12 (columns s = 0..n):</p>"
        + _table(["n", *[f"s={s}" for s in range(13)]], rows),
        figures=(_tactic_map_figure(red),),
        data={"exceptions_exact": exc, "exceptions_float": fexc})


@claim("memory.memorytable", study=STUDY, source="program MEMORYTABLE",
       statement="A table of w(k,B,P) and the optimal tactics per state")
def _claim_table() -> Outcome:
    sol = _full(4)
    rows = []
    for st in sorted(sol.values, key=lambda s: (s.k, s.B, s.P)):
        if st.k == 0:
            continue
        w = to_fraction(sol.values[st])
        rows.append([st.k, st.B, st.P, frac_str(w), f"{float(w):.6f}", _names(sol.optimal[st])])
    return Outcome(
        f"{len(rows)} states up to 4 pairs (exact); `parlour memory table --pairs N` for more",
        Status.NEW,
        "Values are exact rationals; 'optimal' lists every tactic class whose value equals w. We do not "
        "have the study's printed table, so no number-by-number comparison is possible.",
        detail_html=_table(["k", "B", "P", "w", "w (float)", "optimal"], rows))


@claim("memory.first-player", study=STUDY, source="parlour",
       statement="Expected pairs of both players from the start and the first player's advantage")
def _claim_first() -> Outcome:
    from parlour.figures import new_figure, svg_of

    red = _reduced(MAP_PAIRS)
    full = _full(DEFAULT_FULL)
    rows = []
    for n in range(1, 21):
        w = to_fraction(red.values[(n, 0)])
        assert n > DEFAULT_FULL or to_fraction(full.values[State(2 * n, 0, 0)]) == w
        rows.append([n, frac_str(w / 2), f"{float(w / 2):.8f}", f"{float(w - n):+.8f}"])
    flt = _float(FLOAT_PAIRS)
    import numpy as np

    ns = np.arange(1, FLOAT_PAIRS + 1)
    adv = flt.values[ns, 0] - ns
    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    odd = ns % 2 == 1
    ax.plot(ns[odd], (ns * adv)[odd], ".", ms=2, label="n odd")
    ax.plot(ns[~odd], (ns * adv)[~odd], ".", ms=2, label="n even")
    ax.set_xscale("log")
    ax.set_xlabel("pairs n")
    ax.set_ylabel("n x advantage (pairs)")
    for y in (-0.25, 0.25):
        ax.axhline(y, color="grey", ls=":", lw=0.8)
    ax.legend(fontsize=8)
    ax.set_title("First player's advantage times n (reduced model, floats)")
    first_pos = [int(n) for n in ns if adv[n - 1] > 1e-12]
    parity_exceptions = [int(n) for n in ns if (n % 2 == 1) != (adv[n - 1] > 1e-12)]
    tail_even = float(FLOAT_PAIRS * adv[FLOAT_PAIRS - 1])
    tail_odd = float((FLOAT_PAIRS - 1) * adv[FLOAT_PAIRS - 2])
    tail = tail_even
    return Outcome(
        f"n=10: first player {frac_str(to_fraction(red.values[(10, 0)]) / 2)} pairs; the first player is "
        f"ahead iff n is odd, except n in {parity_exceptions} (checked to n={FLOAT_PAIRS}); "
        f"n x advantage = {tail_odd:+.4f} (n={FLOAT_PAIRS - 1}), {tail_even:+.4f} (n={FLOAT_PAIRS})",
        Status.NEW,
        "Exact rationals up to 100 pairs (reduced model, equal to the full one where both were run), "
        "floats to 2000. The advantage is first's expected pairs minus the second's; numerically it "
        "behaves like (-1)^(n+1)/(4n) for large n (an observation from the computed values, not a proof).",
        detail_html=_table(["n", "first player's pairs", "float", "advantage"], rows),
        figures=(svg_of(fig),),
        data={"n_times_advantage_at_max": tail, "first_player_ahead": first_pos[:50],
              "parity_exceptions": parity_exceptions})


@claim("memory.stalemate", study=STUDY, source="parlour (issue 5)",
       statement="Probability that optimal play ends in a mutual-pass stalemate, and the pairs left then")
def _claim_stalemate() -> Outcome:
    from parlour.figures import new_figure, svg_of

    red = _reduced(MAP_PAIRS)
    full = _full(12)
    rows = []
    ns = list(range(1, MAP_PAIRS + 1))
    ps = [float(red.stalemate[(n, 0)]) for n in ns]
    lefts = [float(red.pairs_left_at_stalemate[(n, 0)] / red.stalemate[(n, 0)]) if red.stalemate[(n, 0)]
             else float("nan") for n in ns]
    for n in (4, 5, 6, 8, 10, 12):
        st = State(2 * n, 0, 0)
        p = to_fraction(red.stalemate[(n, 0)])
        rows.append([n, frac_str(p), f"{float(p):.6f}",
                     f"{full.stalemate_min[st]:.6f} .. {full.stalemate_max[st]:.6f}",
                     f"{lefts[n - 1]:.4f}"])
    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    ax.plot(ns, ps, label="P(stalemate)")
    ax2 = ax.twinx()
    ax2.plot(ns, [x / n for x, n in zip(lefts, ns, strict=True)], color="C1",
             label="pairs left at stalemate / n")
    ax.set_xlabel("pairs n")
    ax.set_ylabel("probability")
    ax2.set_ylabel("fraction of pairs left")
    ax.set_title("Mutual-pass stalemate under optimal play")
    fig.legend(loc="center right", fontsize=8, bbox_to_anchor=(0.85, 0.5))
    return Outcome(
        f"n=10: {float(red.stalemate[(10, 0)]):.6f} ({frac_str(to_fraction(red.stalemate[(10, 0)]))}), "
        f"{lefts[9]:.3f} pairs left on average; n=100: {ps[-1]:.10f}, {lefts[-1]:.2f} pairs left",
        Status.NEW,
        "A stalemate is a state where every non-pass tactic is worth less than k/2 to the mover, so "
        "both players pass forever and split the k cards. Exact for the canonical optimal policy "
        "(lowest-numbered optimal tactic, passing only when nothing else is optimal); the range over all "
        "optimal policies (ties: pass or play) is shown for small n. Cross-checked by simulation "
        "(memory.simulation).",
        detail_html=_table(
            ["n", "P(stalemate)", "float", "range over optimal policies", "pairs left | stalemate"], rows),
        figures=(svg_of(fig),),
        data={"n": ns, "p": ps, "pairs_left": lefts})


@claim("memory.simulation", study=STUDY, source="parlour (independent check)",
       statement="Simulated real card games (shuffled decks, card identities, perfect-memory players "
       "following the computed policy) agree with the DP")
def _claim_simulation() -> Outcome:
    n, games, seed = 10, 5000, 1983
    sol = _full(n)
    r = simulate(n, games, sol.policy, seed)
    exact = float(sol.first_player_pairs)
    p = float(sol.stalemate[sol.start()])
    z1 = (r.first_mean - exact) / r.first_stderr
    z2 = (r.stalemate_rate - p) / r.stalemate_stderr
    ok = abs(z1) < 4 and abs(z2) < 4
    rows = [["first player's pairs", f"{r.first_mean:.4f} ± {1.96 * r.first_stderr:.4f}", f"{exact:.6f}", f"{z1:+.2f}"],
            ["stalemate rate", f"{r.stalemate_rate:.4f} ± {1.96 * r.stalemate_stderr:.4f}", f"{p:.6f}", f"{z2:+.2f}"]]
    return Outcome(
        f"{games} games, {n} pairs: z = {z1:+.2f} (score), {z2:+.2f} (stalemate)",
        Status.NEW if ok else Status.FAILED,
        f"seed {seed}; the simulator only uses card positions and faces, never the transition formulas. "
        "Passes: two consecutive passes in the same state end the game, splitting the pairs left.",
        detail_html=_table(["quantity", "simulated (95% CI)", "DP", "z"], rows))


@claim("memory.unconditional-pass", study=STUDY, source="ch. 4, simplified model",
       statement="The simplified model with an unconditional pass")
def _claim_unconditional() -> Outcome:
    rows = []
    for n in range(1, 11):
        std, unc = _full(n), solve_exact(n, pass_always=True)
        rows.append([n, f"{float(std.first_player_pairs):.6f}", f"{float(unc.first_player_pairs):.6f}",
                     _names(unc.optimal[unc.start()]), f"{float(unc.stalemate[unc.start()]):.4f}"])
    return Outcome(
        "with a pass always allowed, the mover never gets less than k/2; from the start the game is a "
        "mutual pass whenever the first player would be behind",
        Status.NEW,
        "Our reading of 'unconditional pass' (the chapter itself is not in our copy): the pass is allowed "
        "in every state, also without two known non-matching cards. Then w = max(best other tactic, k/2) "
        "everywhere. The extra option can lower the mover's value in some states because the opponent "
        "has it too.",
        detail_html=_table(["n", "first player's pairs (real)", "(unconditional pass)", "optimal at start",
                            "P(stalemate)"], rows))


@claim("memory.forgetful-player", study=STUDY, source="ch. 5, variations (imperfect memory)",
       statement="A perfect-memory player against a player who forgets everything")
def _claim_forgetful() -> Outcome:
    rows = []
    for n in (2, 5, 10, 20):
        f = solve_forgetful(n)
        rows.append([n, f"{float(f.memory_first_pairs):.6f}", f"{float(f.memory_second_pairs):.6f}",
                     len(f.passes)])
    f10 = solve_forgetful(10)
    return Outcome(
        f"n=10: the perfect-memory player gets {float(f10.memory_first_pairs):.4f} pairs moving first, "
        f"{float(f10.memory_second_pairs):.4f} moving second",
        Status.NEW,
        "The forgetful player turns two cards uniformly at random each turn (his transitions are counted "
        "and checked against brute force over card positions in the tests); the perfect-memory player "
        "solves an MDP against him. Passing is never optimal against him in these sizes.",
        detail_html=_table(["n", "memory player's pairs, moving first", "moving second", "states where he passes"],
                           rows))


@claim("memory.exact-100", study=STUDY, source="issue 5: exact DP n = 100", heavy=True,
       statement="The full exact recursion over <k,B,P> for 100 pairs")
def _claim_exact100() -> Outcome:
    t0 = time.perf_counter()
    res = summarize(HEAVY_FULL, exact=True)
    secs = time.perf_counter() - t0
    red = _reduced(HEAVY_FULL)
    same = res.advantage == red.advantage
    assert res.advantage is not None
    return Outcome(
        f"advantage = {res.advantage_float:.12g} (denominator {len(str(res.advantage.denominator))} digits), "
        f"{secs:.1f} s",
        Status.NEW if same else Status.FAILED,
        "equal to the reduced model's exact value" if same else "differs from the reduced model")


@claim("memory.zwick-paterson", study=ZP, source="TCS 110 (1993), as far as we could read it",
       statement="Point-by-point comparison with Zwick & Paterson's analysis of the same model")
def _claim_zp() -> Outcome:
    full = _full(DEFAULT_FULL)
    zp_moves = {"T1", "T2", "T5", "T6"}
    uncovered = [st for st, opt in full.optimal.items() if st.k and not (opt & zp_moves)]
    red = _reduced(MAP_PAIRS)
    exc = _rule_exceptions(red.optimal)
    flt = _float(FLOAT_PAIRS)
    tail = float(FLOAT_PAIRS * (flt.values[FLOAT_PAIRS, 0] - FLOAT_PAIRS))
    n1 = FLOAT_PAIRS - 1
    tail_odd = float(n1 * (flt.values[n1, 0] - n1))
    rows = [
        ["state", "(n pairs left, k cards inspected) [from a summary of the paper]",
         "<k,B,P>; reduces exactly to (pairs left, known cards) once T1 is shown optimal",
         "agrees (exact equality up to 40 pairs)"],
        ["moves", "0-move (pass), 1-move, 2-move [summary]",
         "19 tactics, 9 classes; T2 = 0-move, T5 = 1-move, T6 = 2-move",
         "in every state up to 40 pairs some optimal tactic is T1, T2, T5 or T6"
         if not uncovered else f"not covered in {uncovered[:3]}"],
        ["optimal strategy", "'simple and perhaps unexpected' (abstract); the exact statement could "
         "not be retrieved here", f"P = 0 rule in memory.p0-states (exceptions up to {MAP_PAIRS}: {exc})",
         "not confirmed against the paper's theorem"],
        ["first player's advantage", "could not be retrieved here",
         f"n x advantage = {tail:+.4f} at n = {FLOAT_PAIRS}, {tail_odd:+.4f} at n = {FLOAT_PAIRS - 1}: "
         "ahead iff n odd (except n = 3, 5, 6)", "not compared"],
        ["proof method", "symbolic computation and experiments (abstract)",
         "exact rational DP over all states, no proof for all n", "different aims"],
    ]
    return Outcome(
        "state space and move repertoire agree; theorem and asymptotics not confirmed (paper text not "
        "available to us)",
        Status.NEW,
        "What we could read of the paper is its abstract and a third-party summary of its set-up (state "
        "(n, k), 0/1/2-moves). Everything on our side is computed; where the paper's statement could not "
        "be read we say so instead of quoting it.",
        detail_html=_table(["point", "Zwick & Paterson", "parlour (computed)", "comparison"], rows),
        data={"uncovered_states": [str(s) for s in uncovered]})


MO = "MathOverflow question 290393 (For which number of pairs is it an advantage to start in memory?)"


@claim("memory.naive-2-move", study=MO, source="question text, list for n <= 24",
       statement="Both players take known pairs, else play the 2-move: A (first) has an advantage for n in "
       "{1,4,7,8,10,11,14,17,18,20,21,23,24}, B for {2,3,5,6,12,13,15,16,19,22}; n = 18 is fair",
       published="A: 1,4,7,8,10,11,14,17,18,20,21,23,24; B: 2,3,5,6,12,13,15,16,19,22; fair: 18")
def _claim_naive() -> Outcome:
    w = evaluate_fixed_policy(24, ("T1", "T6"))
    adv = {n: to_fraction(w[State(2 * n, 0, 0)]) - n for n in range(1, 25)}
    a_set = [n for n, a in adv.items() if a > 0]
    b_set = [n for n, a in adv.items() if a < 0]
    pub_a = [1, 4, 7, 8, 10, 11, 14, 17, 18, 20, 21, 23, 24]
    pub_b = [2, 3, 5, 6, 12, 13, 15, 16, 19, 22]
    rows = [[n, f"{float(a):+.6f}", "A" if a > 0 else "B" if a < 0 else "fair",
             "A" if n in pub_a else "B" if n in pub_b else "-"] for n, a in adv.items()]
    same = a_set == pub_a and b_set == pub_b
    return Outcome(
        f"A: {a_set}; B: {b_set}; fair: {[n for n, a in adv.items() if a == 0]}",
        Status.REPRODUCED if same else Status.DIFFERS,
        "Exact rationals from the same tactic formulas (policy: T1, else T6), and the same numbers from "
        "the question's recursion written out independently in the tests, with its last factor read as "
        "(l-k-2)/(l-1): the (l-k-1)/(l-1) in the stored copy of the question makes the four "
        "probabilities sum to l/(l-1). Differences: n = 9 is in neither published list (B is ahead by "
        f"{float(-adv[9]):.4f} pairs); n = 18 is not fair (A ahead by {float(adv[18]):.4f}); n = 23 favours B "
        f"by {float(-adv[23]):.5f}, the list says A.",
        detail_html=_table(["n", "advantage (pairs)", "parlour", "question"], rows))
