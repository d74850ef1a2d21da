"""The one result protocol and the one JSON convention of parlour (docs/json.md).

Every solver and analysis returns a frozen dataclass that derives from `Result`: its own fields (the
value in its exact form, its bounds or float, the strategies, ...) plus the same bookkeeping
(`method`, `status`, `message`, `seconds`, `counters`) and one `to_json`. Like scipy's OptimizeResult,
a caller reads any result the same way.

The JSON convention, applied by `to_json` and by the helpers below:
- an exact number `x` is `"x_exact": "p/q"` (an integer as `"p"`) beside its float `"x": 0.25`;
- a certified interval is `"x_bounds": [lo, hi]` beside its midpoint `"x"`;
- a plain float is `"x"` alone (with its residual or error where it has one);
- every answer of a command carries `"game"`, `"command"` and `"parlour_version"` (`envelope`).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

EXACT_PATTERN = re.compile(r"-?\d+(/\d+)?")


class Status(enum.StrEnum):
    """How a result was established. `exact` and `certified` carry their proof; `estimate` does not."""

    EXACT = "exact"  # an exact rational value, checked by a rational certificate
    CERTIFIED = "certified"  # floats with proven bounds (interval, residual)
    ESTIMATE = "estimate"  # a float or Monte Carlo value with its error but no proof
    STOPPED = "stopped"  # the method stopped before its goal (pass limit, stall, interrupt); partial result


@dataclass(frozen=True, kw_only=True)
class Result:
    """Base of every solver and analysis result: the bookkeeping fields, keyword-only, and `to_json`.

    Subclasses add their own fields and describe them in JSON by overriding `payload`; `to_json` adds
    the bookkeeping under the same keys for every result.
    """

    method: str = ""
    status: Status = Status.EXACT
    message: str = ""
    seconds: float = 0.0
    counters: Mapping[str, int | float] = field(default_factory=dict)

    BOOKKEEPING: ClassVar[tuple[str, ...]] = ("method", "status", "message", "seconds", "counters")

    @property
    def success(self) -> bool:
        return self.status is not Status.STOPPED

    def payload(self) -> dict[str, Any]:
        """The result's own fields in the JSON convention. The default turns each field by its type:
        a Fraction becomes `<name>` + `<name>_exact`, everything else goes through `jsonable`."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name in self.BOOKKEEPING:
                continue
            value = getattr(self, f.name)
            if isinstance(value, Fraction):
                out.update(exact(f.name, value))
            else:
                out[f.name] = jsonable(value)
        return out

    def to_json(self) -> dict[str, Any]:
        meta = {
            "method": self.method,
            "status": self.status.value,
            "message": self.message,
            "seconds": round(self.seconds, 6),
            "counters": jsonable(dict(self.counters)),
        }
        return {**self.payload(), **meta}


def frac_str(value: Fraction | int) -> str:
    """An exact number as "p/q" (or "p" for an integer), the JSON form of every exact value."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def parse_frac(text: str) -> Fraction:
    return Fraction(text)


def exact(name: str, value: Fraction | int | Sequence[Any] | Mapping[Any, Any]) -> dict[str, Any]:
    """`{name: float, name_exact: "p/q"}` for a number, or the same for a list / mapping of numbers."""
    return {name: to_floats(value), f"{name}_exact": to_exact(value)}


def bounds(name: str, low: float | Sequence[float], high: float | Sequence[float]) -> dict[str, Any]:
    """`{name: midpoint, name_bounds: [lo, hi]}` for one interval, or lists of both for several."""
    if isinstance(low, Sequence | np.ndarray):
        lows = [float(x) for x in low]
        highs = [float(x) for x in high]  # type: ignore[union-attr]
        return {name: [(a + b) / 2 for a, b in zip(lows, highs, strict=True)],
                f"{name}_bounds": [[a, b] for a, b in zip(lows, highs, strict=True)]}
    lo, hi = float(low), float(high)  # type: ignore[arg-type]
    return {name: (lo + hi) / 2, f"{name}_bounds": [lo, hi]}


def to_exact(value: Any) -> Any:
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return frac_str(value)
    if isinstance(value, Mapping):
        return {str(k): to_exact(v) for k, v in value.items()}
    if isinstance(value, Sequence | np.ndarray) and not isinstance(value, str):
        return [to_exact(v) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as an exact number")


def to_floats(value: Any) -> Any:
    if isinstance(value, Fraction | int | float | np.integer | np.floating) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): to_floats(v) for k, v in value.items()}
    if isinstance(value, Sequence | np.ndarray) and not isinstance(value, str):
        return [to_floats(v) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as a float")


def envelope(game: str, command: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """What a command prints under --json: who answered, then the body (already in the convention)."""
    from parlour import __version__

    return {"game": game, "command": command, "parlour_version": __version__, **jsonable(body)}


def jsonable(obj: Any) -> Any:
    """Recursively convert to plain JSON types: fractions become "p/q", results their `to_json`."""
    if isinstance(obj, Fraction):
        return frac_str(obj)
    if isinstance(obj, bool | str) or obj is None:
        return obj
    if isinstance(obj, int):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else str(obj)
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, np.generic):
        return jsonable(obj.item())
    if isinstance(obj, np.ndarray):
        return [jsonable(x) for x in obj.tolist()]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        if hasattr(obj, "to_json"):
            return jsonable(obj.to_json())
        return {f.name: jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        return [jsonable(x) for x in obj]
    raise TypeError(f"cannot turn {type(obj).__name__} into JSON")


def dumps(obj: Any) -> str:
    return json.dumps(jsonable(obj), indent=2)
