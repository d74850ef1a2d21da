"""The registry of claims that `parlour reproduce` checks.

A claim is one published number or statement of a study (or something new parlour adds), with a
function that recomputes it and says whether it was reproduced. Analyses register claims with the
`@claim` decorator; `parlour reproduce` runs them and writes the report.
"""

from __future__ import annotations

import enum
import importlib
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from parlour.errors import InvalidInput


class Status(enum.StrEnum):
    REPRODUCED = "reproduced"  # matches the published value or statement
    DIFFERS = "differs"  # does not match, and the explanation says why (a finding, not a failure)
    NEW = "new"  # goes beyond the study: nothing published to compare with
    SKIPPED = "skipped"  # could not be checked here (an optional peer is missing): says why, never a pass
    FAILED = "failed"  # should have been reproduced and was not: `reproduce` exits non-zero
    ERROR = "error"  # the computation raised: `reproduce` exits non-zero

    @property
    def ok(self) -> bool:
        return self not in (Status.FAILED, Status.ERROR)


@dataclass(frozen=True)
class Outcome:
    """What a claim's computation returns."""

    computed: str
    status: Status
    explanation: str = ""
    detail_html: str = ""  # optional HTML fragment (a table, a matrix) shown under the claim
    figures: tuple[str, ...] = ()  # inline SVG documents
    data: dict[str, object] = field(default_factory=dict)  # machine-readable extras for claims.json


@dataclass(frozen=True)
class Claim:
    id: str  # "<game>.<what>", e.g. "cowtrade.matrix-3.1"
    study: str  # which study it comes from
    source: str  # table / figure / section of the study, or "parlour" for new claims
    statement: str  # the claim in words
    published: str | None  # the published value, if there is one
    heavy: bool  # only run with --full
    compute: Callable[[], Outcome]

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    outcome: Outcome
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.claim.id,
            "game": self.claim.game,
            "study": self.claim.study,
            "source": self.claim.source,
            "statement": self.claim.statement,
            "published": self.claim.published,
            "computed": self.outcome.computed,
            "status": self.outcome.status.value,
            "explanation": self.outcome.explanation,
            "heavy": self.claim.heavy,
            "seconds": round(self.seconds, 4),
            "data": self.outcome.data,
        }


REGISTRY: dict[str, Claim] = {}



def claim(
    id: str,
    *,
    study: str,
    source: str,
    statement: str,
    published: str | None = None,
    heavy: bool = False,
) -> Callable[[Callable[[], Outcome]], Callable[[], Outcome]]:
    """Register the decorated zero-argument function as the computation of a claim."""

    def register(fn: Callable[[], Outcome]) -> Callable[[], Outcome]:
        if id in REGISTRY:
            raise ValueError(f"claim {id!r} registered twice")
        REGISTRY[id] = Claim(id, study, source, statement, published, heavy, fn)
        return fn

    return register


def load_all() -> dict[str, Claim]:
    """Every registered game's claims (importing `analyses/<game>/claims.py` registers them)."""
    from parlour.registry import GAMES

    for game in GAMES:
        importlib.import_module(game.claims)
    return REGISTRY


def unless_counterexamples(found: Sequence[object], what: str, passed: Outcome) -> Outcome:
    """`passed`, unless a check over many cases found counterexamples: then FAILED with how many there are
    and the first few (`what` names them, e.g. "(t1, t3)"), the same way for every such claim."""
    if not found:
        return passed
    return Outcome(f"fails in {len(found)} cases, first {what}: {', '.join(map(str, found[:5]))}", Status.FAILED)


def skipped(computed: str, why: str) -> Outcome:
    """A claim that could not be checked here, with the reason (e.g. an optional peer is missing)."""
    return Outcome(computed, Status.SKIPPED, why)


def select(
    claims: Iterable[Claim], only: Iterable[str] = (), full: bool = False
) -> list[Claim]:
    """Claims whose id starts with one of `only` (all when empty); heavy ones only with `full`."""
    prefixes = tuple(only)
    chosen = [
        c for c in claims if (not prefixes or c.id.startswith(prefixes)) and (full or not c.heavy)
    ]
    if prefixes and not chosen:
        known = sorted({c.game for c in claims})
        raise InvalidInput(
            f"no claim id starts with {', '.join(prefixes)} (games: {', '.join(known)}; "
            "heavy claims need --full)"
        )
    return chosen


def run_claim(c: Claim) -> ClaimResult:
    start = time.perf_counter()
    try:
        outcome = c.compute()
    except Exception as exc:  # a broken claim must show in the report, not stop the others
        outcome = Outcome(
            computed=f"{type(exc).__name__}: {exc}",
            status=Status.ERROR,
            explanation=traceback.format_exc(limit=6),
        )
    return ClaimResult(c, outcome, time.perf_counter() - start)


def agree(computed: str, published: str, explanation_if_not: str = "") -> Outcome:
    """Reproduced when equal as text, otherwise failed (or differs, when an explanation is given)."""
    if computed == published:
        return Outcome(computed, Status.REPRODUCED)
    if explanation_if_not:
        return Outcome(computed, Status.DIFFERS, explanation_if_not)
    return Outcome(computed, Status.FAILED, f"expected {published}")


__all__ = [
    "REGISTRY", "Claim", "ClaimResult", "Outcome", "Status", "agree", "claim", "load_all", "run_claim", "select",
    "skipped", "unless_counterexamples",
]
