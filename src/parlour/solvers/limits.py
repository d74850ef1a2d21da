"""What parlour reads and explores, and how it refuses past it: the limits of a game tree (a module's, an
.efg file's, an OpenSpiel game's) and of float probabilities, as named constants in one place (docs/your-game.md,
"Limits", lists them with what happens past each), and the measure of a tree's growth that refuses a tree too
large for them long before the walk reaches the limit.

The growth (`Growth`): a depth-first walk counts, per depth, the nodes it has met and the children of those
nodes. The mean number of children at depth d (the leaves count, with none) times the nodes estimated at
depth d estimates the nodes at depth d + 1, from the root's one node down to the deepest depth seen: the
tree's size as the growth seen so far extrapolates it (the per-level form of Knuth's 1975 estimate of a
backtrack tree, its samples the walk's own nodes). It is looked at when the walk has met 2^14, 2^15, ...
nodes; a tree estimated at more than `margin(met)` times the limit is refused then, with the estimate
("about"), the nodes met and the memory the estimate would take (its pairs of sequences as many per node
as so far). The margin, 1 + sqrt(FIRST_CHECK / met), is 2 at the first look and shrinks as the sample grows
(1.25 after 2^18 nodes): a depth-first sample sees the first subtrees first, and a small one may overrate a
tree whose first subtrees are its largest. A tree within the margin is walked to the limit itself (exact,
later). On OpenSpiel's liars_dice(numdice=1) the estimate is within 2 % of its 294,883 nodes at every look.
Depth-first order is kept: the sequence form numbers sequences in the order it meets them.
"""

from __future__ import annotations

import math
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, ParlourWarning, shown

# --- the limits ------------------------------------------------------------------------------------------------
MAX_NODES = 20_000_000  # a game tree's nodes: the sequence-form LP up to solvers.cfr.LP_PAIRS pairs, CFR+ beyond
MAX_HISTORY = 10_000  # moves in one history of a game tree (a longer one is play that never ends)
# Memory of a tree's sequence form per pair of sequences that reach a leaf (`SequenceForm.payoff`: the key and
# its Fraction) or information set: 330 bytes measured on OpenSpiel's liars_dice(numdice=1) (147,420 pairs and
# 2,046 information sets, 49 MiB). The pairs, not the nodes, are what is held: Leduc on 24 cards has 919,081
# nodes and 8,964 pairs. The LP adds about as much again up to `solvers.cfr.LP_PAIRS` pairs; CFR+ 32 bytes a pair.
PAIR_BYTES = 350
# The growth is looked at after this many nodes, then at every doubling: more than MAX_HISTORY, so that play
# that never ends (a depth-first walk goes straight down it) is named by its long history first.
FIRST_CHECK = 2**14
# A walk with a progress callback tells it the nodes walked about every PROGRESS_SECONDS: it looks at the clock
# only every TICK_NODES nodes (a counter compared per node, no clock call per node).
PROGRESS_SECONDS = 0.5
TICK_NODES = 4096
PATH_MOVES = 6  # moves of a history a refusal names (the first ones, then "...")

# Float probabilities (docs/your-game.md): floats whose sum is within FLOAT_SUM_TOLERANCE of 1 are read as the
# nearest fractions with denominators at most FLOAT_DENOMINATOR. Two such fractions lie at least 10^-12
# apart, and a float typed or computed once lies within 10^-16 of what it stands for (1/10, 1/6), so the
# nearest one is the intended fraction wherever there is one.
FLOAT_SUM_TOLERANCE = Fraction(1, 10**12)
FLOAT_DENOMINATOR = 10**6


def about(n: float) -> str:
    """A large count as a sentence says it: 2,500,000 or 1.3×10^8."""
    if n < 10**7:
        return f"{n:,.0f}"
    mantissa, exponent = f"{n:.1e}".split("e")
    return f"{mantissa}×10^{int(exponent)}"


def gib(pairs: float) -> str:
    """The memory of a sequence form that holds `pairs` pairs of sequences and infosets, as a sentence says it."""
    size = pairs * PAIR_BYTES / 2**30
    if size < 0.1:
        return "under 0.1 GiB"
    return f"about {size:.1f} GiB" if size < 10 else f"about {about(size)} GiB"


def path(history: Sequence[Any], moves: int = PATH_MOVES) -> str:
    """A history as a refusal names it: its first `moves` moves, then how many more."""
    head = ", ".join(shown(m, 30) for m in history[:moves])
    more = len(history) - moves
    return f"({head}, ... {more:,} more)" if more > 0 else f"({head})"


def too_long(history: Sequence[Any], source: str = "the tree") -> InvalidInput:
    """The refusal of a history longer than MAX_HISTORY moves (play that never ends, most likely)."""
    return InvalidInput(f"{source} has a history of more than {MAX_HISTORY:,} moves, {path(history)}: does its play "
                        "ever end?")


class Growth:
    """A depth-first walk's nodes and children per depth (the module's docstring): `met(depth, children)` for
    each node read, which looks at the growth every doubling and refuses a tree it puts past the limit.
    `held()` counts the pairs of sequences and information sets held so far (the memory); without it, every
    leaf counts as one (a pair of sequences can be no more). `progress` hears "walking ...: N nodes" about every
    PROGRESS_SECONDS (a long walk is not silent; it may raise KeyboardInterrupt to stop the walk)."""

    __slots__ = ("children", "count", "due", "held", "leaves", "limit", "progress", "said", "seen", "source", "tick")

    def __init__(self, limit: int = MAX_NODES, source: str = "the tree", held: Callable[[], int] | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.limit, self.source, self.held, self.progress = limit, source, held, progress
        self.tick = TICK_NODES if progress is not None else sys.maxsize
        self.said = time.perf_counter()
        self.seen = [0] * (MAX_HISTORY + 2)  # nodes met at each depth
        self.children = [0] * (MAX_HISTORY + 2)  # their children
        self.count = self.leaves = 0
        self.due = min(FIRST_CHECK, limit + 1)

    def met(self, depth: int, children: int, history: Sequence[Any] | Callable[[], Sequence[Any]]) -> None:
        """One node at `depth` with `children` children; `history` (or `history()`) names it in a refusal."""
        if depth > MAX_HISTORY:
            raise too_long(history() if callable(history) else history, self.source)
        self.seen[depth] += 1
        self.children[depth] += children
        self.count += 1
        if not children:
            self.leaves += 1
        if self.count >= self.due:
            self.check()
        if self.count >= self.tick:
            self.report()

    def report(self) -> None:
        """The nodes walked so far, to `progress`, when PROGRESS_SECONDS have passed since the last report."""
        self.tick = self.count + TICK_NODES
        now = time.perf_counter()
        if now - self.said >= PROGRESS_SECONDS and self.progress is not None:
            self.said = now
            self.progress(f"walking {self.source}: {self.count:,} nodes")

    def estimate(self) -> float:
        """The tree's nodes as the growth seen so far extrapolates them (at least those met)."""
        total = level = 1.0
        for seen, children in zip(self.seen, self.children, strict=True):
            if not seen:
                break
            level = min(level * children / seen, 1e300)  # an endless tree's estimate stays a number
            total += level
        return max(total, float(self.count))

    def memory(self, nodes: float) -> str:
        """The memory of a tree of `nodes` nodes, holding as much per node as so far."""
        held = self.held() if self.held is not None else self.leaves
        return gib(nodes * held / max(self.count, 1))

    def check(self) -> None:
        if self.count > self.limit:
            raise InvalidInput(f"{self.source} has more than {self.limit:,} nodes (walked that far, then stopped; its "
                               f"sequence form so far takes {self.memory(self.count)}): make the game smaller")
        self.due = min(2 * self.due, self.limit + 1)
        size = self.estimate()
        if size > margin(self.count) * self.limit:
            raise InvalidInput(f"{self.source} has about {about(size)} nodes (extrapolated from the growth per depth "
                               f"of the first {self.count:,}), more than the {self.limit:,} parlour solves, and its "
                               f"sequence form would take {self.memory(size)}: make the game smaller")


def margin(met: int) -> float:
    """How many times the limit a tree must be estimated at, after `met` nodes, to be refused early."""
    return 1 + math.sqrt(FIRST_CHECK / met)


def nearest_fractions(floats: Sequence[float | int | Fraction]) -> list[Fraction] | None:
    """Float probabilities (exact ones among them stay as they are) read as the nearest fractions with
    denominators at most FLOAT_DENOMINATOR, when their sum lies within FLOAT_SUM_TOLERANCE of 1 and the
    fractions sum to exactly 1; None otherwise."""
    exact = [Fraction(p) for p in floats]
    if abs(sum(exact, Fraction(0)) - 1) > FLOAT_SUM_TOLERANCE:
        return None
    near = [p.limit_denominator(FLOAT_DENOMINATOR) if isinstance(f, float) else p  # exact ones stay as they are
            for f, p in zip(floats, exact, strict=True)]
    return near if sum(near, Fraction(0)) == 1 and all(p > 0 for p in near) else None


def float_probabilities(raw: Sequence[Any], total: Fraction, where: str) -> list[Fraction]:
    """A chance's probabilities, some of them floats, whose exact sum `total` is not 1: the nearest fractions
    (`nearest_fractions`) with a ParlourWarning naming them, or one sentence (`where`: ...) with the sum."""
    near = nearest_fractions(raw)
    if near is None:
        raise InvalidInput(f"{where}: the chance probabilities {shown(raw, 60)} sum to {float(total)!r}, not 1 (floats "
                           "are read as fractions only when they sum to 1 within 1e-12; write Fraction(1, 3) where a "
                           "decimal cannot be exact)")
    off = float(total - 1)
    # The text names the floats, not the state: Python shows a warning once per text, so a game that gives the
    # same floats in a million states warns once.
    warnings.warn(f"the chance probabilities {shown(raw, 60)} are floats that sum to 1 {'-+'[off > 0]} "
                  f"{abs(off):.1e}, not exactly 1: read as the nearest fractions {', '.join(map(str, near))}",
                  ParlourWarning, stacklevel=3)
    return near


__all__ = [
    "FIRST_CHECK", "FLOAT_DENOMINATOR", "FLOAT_SUM_TOLERANCE", "MAX_HISTORY", "MAX_NODES", "PAIR_BYTES",
    "PATH_MOVES", "Growth", "about", "float_probabilities", "gib", "margin", "nearest_fractions", "path", "too_long",
]
