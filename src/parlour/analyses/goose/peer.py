"""Cross-check with a real peer: the chain exported in Storm's explicit format and solved by stormpy.

The relabelled chain is unfolded again (state, absolute player to move), so Storm sees a plain DTMC
with one absorbing state per winner; stormpy is an optional extra.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from parlour.analyses.goose.chain import locate, space
from parlour.errors import InvalidInput
from parlour.games.goose.rules import RuleSet, start_state


def available() -> bool:
    try:
        import stormpy  # noqa: F401
    except ImportError:
        return False
    return True


def export(rules: RuleSet, players: int, folder: Path) -> tuple[Path, Path, int]:
    """Write <folder>/goose<N>.tra and .lab; returns the paths and the number of states."""
    sp = space(rules, players)
    n, s = players, sp.size
    rows = np.repeat(np.arange(s, dtype=np.int64), np.diff(sp.indptr))
    tgt = sp.target.astype(np.int64)
    prob = sp.weight.astype(np.float64) / sp.den
    srcs, dsts, ps = [], [], []
    for m in range(n):
        srcs.append(rows * n + m)
        dsts.append(np.where(tgt >= 0, tgt * n + (m + 1) % n, s * n + m))  # win: absorbing state of m
        ps.append(prob)
    wins = s * n + np.arange(n, dtype=np.int64)
    srcs.append(wins)
    dsts.append(wins)
    ps.append(np.ones(n))
    src = np.concatenate(srcs)
    dst = np.concatenate(dsts)
    pr = np.concatenate(ps)
    order = np.lexsort((dst, src))
    folder.mkdir(parents=True, exist_ok=True)
    tra = folder / f"goose{n}.tra"
    lab = folder / f"goose{n}.lab"
    with tra.open("w") as f:
        f.write("dtmc\n")
        np.savetxt(f, np.column_stack((src[order], dst[order], pr[order])), fmt=("%d", "%d", "%.17g"))
    idx, _ = locate(sp, start_state(rules, n))
    names = " ".join(f"win{p + 1}" for p in range(n))
    lines = ["#DECLARATION", f"init {names}", "#END", f"{idx * n} init"]
    lines += [f"{s * n + p} win{p + 1}" for p in range(n)]
    lab.write_text("\n".join(lines) + "\n")
    return tra, lab, s * n + n


@dataclass(frozen=True)
class StormResult:
    players: int
    states: int
    win: tuple[float, ...]
    bounds: tuple[tuple[float, float], ...]
    export_seconds: float
    build_seconds: float
    check_seconds: float
    precision: float


def solve(rules: RuleSet, players: int, folder: Path, precision: float = 1e-12) -> StormResult:
    """P(player p wins) from the start for every p, by Storm's sound engine (interval iteration)."""
    try:
        import stormpy
        from stormpy import environments as ev
    except ImportError:
        raise InvalidInput("stormpy is not installed (optional extra: pip install parlour[peers])") from None
    t0 = time.perf_counter()
    tra, lab, states = export(rules, players, folder)
    t1 = time.perf_counter()
    model = stormpy.build_model_from_explicit(str(tra), str(lab))
    t2 = time.perf_counter()
    env = ev.sound()
    native = env.solver().native()
    native.precision = stormpy.Rational(precision)
    native.relative_termination_criterion = False
    init = model.initial_states[0]
    wins, bounds = [], []
    for p in range(players):
        prop = stormpy.parse_properties(f'P=? [F "win{p + 1}"]')[0]
        res = stormpy.model_checking(model, prop, only_initial_states=True, environment=env)
        wins.append(float(res.get_value(init)))
        try:
            b = res[init]
            bounds.append((float(b.lower), float(b.upper)))
        except (AttributeError, TypeError, IndexError):
            bounds.append((wins[-1], wins[-1]))
    t3 = time.perf_counter()
    return StormResult(players, states, tuple(wins), tuple(bounds), t1 - t0, t2 - t1, t3 - t2, precision)
