"""`GuessSolution`, the result of a guessing-game solve, in a module of its own: the front door
`parlour.guess` names it (for `typing.get_type_hints` and `from parlour.guess import GuessSolution`)
without loading the solver (numba, HiGHS), which a table look-up of V(N) must not pay for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.results import Result, exact

if TYPE_CHECKING:
    from parlour.games.guess.trees import Tree
    from parlour.solvers.colgen import TraceStep


@dataclass(frozen=True)
class GuessSolution(Result):
    """V(N) with both players' strategies; `value` is exact (a Fraction) when `certified`."""

    TABLE: ClassVar[str | None] = "alice"
    TABLE_INDEX: ClassVar[str] = "number"

    RENAMED: ClassVar[Mapping[str, str]] = {"n": "numbers"}

    numbers: int  # the count of numbers Alice hides among (1..N)
    value: Fraction | float  # exact V(N) (a Fraction) when certified, else the float of the master LP
    value_float: float
    certified: bool
    alice: tuple[Fraction | float, ...]  # probability of hiding each number 1..N
    bob: tuple[tuple[Tree, Fraction | float], ...]  # trees with their probabilities
    iterations: int
    trace: tuple[TraceStep, ...]
    lp_seconds: float
    oracle_seconds: float
    certify_seconds: float
    columns_generated: int
    master_rows: int

    @property
    def value_exact(self) -> Fraction | None:
        """V(N) as the Fraction the exact check proved; None when it was not certified (every result's rule)."""
        return self.value if isinstance(self.value, Fraction) else None

    def proven_value(self) -> Fraction:
        """V(N) as the proven Fraction, for code that goes on only with a proof: CertificateError when the
        exact check did not pass."""
        if not isinstance(self.value, Fraction):
            from parlour.errors import CertificateError

            raise CertificateError(f"V({self.numbers}) was not certified exactly")
        return self.value

    @property
    def max_guesses(self) -> int:
        """The most guesses Bob's optimal mixture ever needs: the tallest tree he plays."""
        return max(t.height for t, p in self.bob if p > 0)

    def payload(self) -> dict[str, Any]:
        """JSON in the game's terms: `numbers` (N), `value` (+ `value_exact` when certified), Alice's
        hiding distribution per number, Bob's trees (preorder: the first guess first; `guesses`: how many
        guesses each number 1..N needs) with their probabilities."""
        return {
            "numbers": self.numbers,
            **(exact("value", self.value) if isinstance(self.value, Fraction) else {"value": self.value_float}),
            "certified": self.certified,
            "alice": [{"number": k, **_probability(p)} for k, p in enumerate(self.alice, 1)],
            "bob": [{"tree": list(t.preorder()), "guesses": list(t.depths), **_probability(p)} for t, p in self.bob],
            "iterations": self.iterations,
            "max_guesses": self.max_guesses,
            "lp_seconds": round(self.lp_seconds, 4),
            "oracle_seconds": round(self.oracle_seconds, 4),
            "certify_seconds": round(self.certify_seconds, 4),
            "columns_generated": self.columns_generated,
        }


def _probability(p: Fraction | float) -> dict[str, Any]:
    return exact("probability", p) if isinstance(p, Fraction) else {"probability": float(p)}
