"""The one result protocol and the one JSON convention of parlour (docs/json.md).

Every solver and analysis returns a frozen dataclass that derives from `Result`: its own fields (the
value in its exact form, its bounds or float, the strategies, ...) plus the same bookkeeping
(`method`, `status`, `message`, `seconds`, `counters`) and one `to_json`. Like scipy's OptimizeResult,
a caller reads any result the same way.

The JSON convention, applied by `to_json` and by the helpers below:
- an exact number `x` is `"x_exact": "p/q"` (an integer as `"p"`) beside its float `"x": 0.25`;
- a certified interval is `"x_bounds": [lo, hi]` beside its midpoint `"x"`;
- a plain float is `"x"` alone (with its residual or error where it has one);
- every answer of a command carries `"game"`, `"command"` and `"parlour_version"` (`envelope`);
- a float that is not finite (a z-score of a sample without spread) is `null`: JSON has no NaN.

The Python rule for numbers (docs/python.md): a quantity is a `Fraction` when the result is exact (status
EXACT) and a float otherwise; `value_float` is always the float of `value`. A result's attribute, its repr
and its JSON use one name for one thing; a renamed attribute keeps its old name for one release (`RENAMED`),
with a DeprecationWarning.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import numbers
import re
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

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
    status: Status  # no default: every solver states how its result was established
    message: str = ""
    seconds: float = 0.0
    counters: Mapping[str, int | float] = field(default_factory=dict)

    BOOKKEEPING: ClassVar[tuple[str, ...]] = ("method", "status", "message", "seconds", "counters")
    # The payload key whose rows `to_pandas` gives (a list of records, a mapping of records or a list of
    # numbers with their `_exact` / `_bounds` beside them), and the name of the index column for the latter
    # two. None: the first such key of the payload, if any.
    TABLE: ClassVar[str | None] = None
    TABLE_INDEX: ClassVar[str] = "item"
    # Attributes renamed to the name the repr and the JSON use: {old: new}. The old name still reads, with
    # a DeprecationWarning, for one release.
    RENAMED: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Keep the readable repr below: @dataclass writes its own __repr__ unless the class defines one.
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Result.__repr__  # type: ignore[method-assign]

    @property
    def success(self) -> bool:
        return self.status is not Status.STOPPED

    def __getattr__(self, name: str) -> Any:
        # Called only when the ordinary lookup failed: an old attribute name, or `value_float` of a result
        # whose `value` is exact (a Fraction; a result that stores its float as a field never gets here).
        renamed = type(self).RENAMED.get(name)
        if renamed is not None:
            warnings.warn(f"{type(self).__name__}.{name} is now .{renamed}; the old name goes in the next release",
                          DeprecationWarning, stacklevel=2)
            return getattr(self, renamed)
        if name == "value_float" and "value" in {f.name for f in dataclasses.fields(self)}:
            value = self.value
            return None if value is None else float(value)
        if name.endswith("_exact"):
            # `<x>_exact`, as the JSON names it, for every quantity x (a field or property holding a Fraction,
            # a float or None): the Fraction where x is exact, else None
            quantity = name[: -len("_exact")]
            if quantity in {f.name for f in dataclasses.fields(self)} or isinstance(
                    getattr(type(self), quantity, None), property):
                value = getattr(self, quantity)
                if value is None or isinstance(value, Fraction | float):
                    return value if isinstance(value, Fraction) else None
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        return finite({**self.payload(), **meta})

    # ---- showing itself: repr, a notebook's HTML table, pandas --------------------------------------------

    def summary(self) -> list[tuple[str, str, str]]:
        """(quantity, value as a decimal, the exact fraction or the interval beside it) for every field of
        the payload; long lists and tables are counted, not written out (`to_pandas` has them)."""
        return summary_rows(jsonable(self.payload()))

    def _heading(self) -> str:
        return f"{type(self).__name__} ({self.status.value}, {self.seconds:.3g} s)"

    def __repr__(self) -> str:
        try:
            rows = self.summary()
        except Exception as exc:  # a repr must never fail
            return f"<{type(self).__name__}: {exc!r}>"
        width = max((len(q) for q, _, _ in rows), default=0)
        lines = [self._heading()]
        lines += [f"  {q:<{width}}  {v}" + (f"  = {x}" if x else "") for q, v, x in rows]
        if self.method:
            lines.append(f"  method: {self.method}")
        if self.message:
            lines.append(f"  message: {self.message}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small table for notebooks: each quantity as a decimal with its exact fraction or certified
        interval beside it, then the status, the method and the time."""
        from html import escape

        body = "".join(f"<tr><td>{escape(q)}</td><td style='text-align:right'>{escape(v)}</td>"
                       f"<td style='text-align:left'><code>{escape(x)}</code></td></tr>"
                       for q, v, x in self.summary())
        foot = (f"<tr><td>status</td><td colspan='2' style='text-align:left'><b>{escape(self.status.value)}</b> "
                f"({escape(STATUS_MEANING[self.status])})</td></tr>"
                f"<tr><td>method</td><td colspan='2' style='text-align:left'>{escape(self.method or '-')}</td></tr>"
                f"<tr><td>time</td><td colspan='2' style='text-align:left'>{self.seconds:.3g} s</td></tr>")
        if self.message:
            foot += f"<tr><td>message</td><td colspan='2' style='text-align:left'>{escape(self.message)}</td></tr>"
        return (f"<table class='parlour-result'><caption style='text-align:left'><b>{escape(type(self).__name__)}"
                f"</b></caption><thead><tr><th>quantity</th><th>value</th><th>exact / interval</th></tr></thead>"
                f"<tbody>{body}{foot}</tbody></table>")

    def records(self, field: str | None = None) -> list[dict[str, Any]]:
        """A table of the result as records in the JSON convention: payload field `field`, by default the
        result's main table (`TABLE`), else its first table, else one row of its fields (a result that is
        one value); TypeError for a `field` that is no table."""
        body = jsonable(self.payload())
        key = field or self.TABLE or next((k for k in body if _tabular(body, k)), None)
        if key is None and field is None:  # no table: the result itself is the one row (a value, a view)
            return [_flat(body)]
        if key is None or not _tabular(body, key):
            tables = [k for k in body if _tabular(body, k)]
            raise TypeError(f"{type(self).__name__} has no table {key or ''}; "
                            + (f"its tables: {', '.join(tables)}" if tables else "its fields are in to_json()"))
        return table_rows(body, key, self.TABLE_INDEX if key == self.TABLE or field is None else "item")

    def to_pandas(self, field: str | None = None) -> Any:
        """A table of the result as a pandas DataFrame (pandas is optional: `pip install pandas`): by default
        the main one (a row per player, number, state, tactic or pairing), or payload field `field`; floats
        beside their exact fractions (`*_exact`, as text) or interval ends (`*_low`, `*_high`)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas, which parlour does not require: pip install pandas") from None
        return pd.DataFrame.from_records(self.records(field))


STATUS_MEANING = {
    Status.EXACT: "exact rationals, checked by a rational certificate",
    Status.CERTIFIED: "floats inside proven bounds",
    Status.ESTIMATE: "floats with an error estimate, no proof",
    Status.STOPPED: "stopped before its goal: a partial result",
}

SHORT_EXACT = 40  # characters of an exact number a summary writes out in full
SHORT_LIST = 8  # items of a list of numbers a summary writes one by one


def short_exact(text: str) -> str:
    """A long "p/q" cut to its leading digits and its size: 1234567890…/98765… (1,204 digits)."""
    if len(text) <= SHORT_EXACT:
        return text
    num, _, den = text.partition("/")
    cut = "/".join(part[:12] + "…" for part in (num, den) if part)
    return f"{cut} ({len(den or num):,} digits)"


def _decimal(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        return f"{value:.12g}"
    return str(value)


def _beside(body: Mapping[str, Any], key: str, index: int | None = None) -> str:
    """The exact fraction, certified interval or confidence interval the convention puts beside `key`."""
    for suffix, show in (("_exact", short_exact), ("_bounds", _interval), ("_ci", lambda v: "95 % CI " + _interval(v))):
        if key + suffix in body:
            value = body[key + suffix]
            if index is not None:
                value = value[index] if isinstance(value, list) and index < len(value) else None
            return "" if value is None else show(value)
    return ""


def _interval(pair: Any) -> str:
    lo, hi = pair
    return f"[{_decimal(lo)}, {_decimal(hi)}]"


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _scalar(x: Any) -> bool:
    return _is_number(x) or isinstance(x, str | bool) or x is None


def _short(value: Any) -> str | None:
    """A scalar, or a short list / mapping of scalars, written on one line; None for anything larger."""
    if _scalar(value):
        return _decimal(value)
    if isinstance(value, list) and len(value) <= 3 * SHORT_LIST and all(map(_scalar, value)):
        return "[" + ", ".join(_decimal(v) for v in value) + "]"
    if isinstance(value, Mapping) and len(value) <= SHORT_LIST:
        parts = [(k, _short(v) if not isinstance(v, Mapping) else None) for k, v in value.items()]
        if all(text is not None for _, text in parts):
            return ", ".join(f"{k}={text}" for k, text in parts)
    return None


def summary_rows(body: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The rows of `Result.summary` from a payload in the JSON convention."""
    rows: list[tuple[str, str, str]] = []
    for key, value in body.items():
        if any(key.endswith(s) and key[: -len(s)] in body for s in ("_exact", "_bounds", "_ci")):
            continue
        paired = _beside(body, key, 0) if isinstance(value, list) else ""
        if isinstance(value, list) and value and len(value) <= SHORT_LIST and all(map(_is_number, value)) and paired:
            rows += [(f"{key}[{i}]", _decimal(v), _beside(body, key, i)) for i, v in enumerate(value)]
            continue
        text = _short(value)
        if text is not None:
            rows.append((key, text, "" if isinstance(value, list) else _beside(body, key)))
        elif _tabular(body, key):
            rows.append((key, f"{len(value)} rows: to_pandas({key!r})", ""))
        else:
            rows.append((key, f"{len(value)} items" if hasattr(value, "__len__") else type(value).__name__, ""))
    return rows


def _tabular(body: Mapping[str, Any], key: str) -> bool:
    """Whether payload field `key` is a table: records, a mapping of records, or numbers with their exact
    values or bounds beside them."""
    value = body.get(key)
    if isinstance(value, list) and len(value) > 0:
        if all(isinstance(v, Mapping) for v in value):
            return True
        return all(map(_is_number, value)) and (f"{key}_exact" in body or f"{key}_bounds" in body)
    return isinstance(value, Mapping) and len(value) > 0 and all(isinstance(v, Mapping) for v in value.values())


def table_rows(body: Mapping[str, Any], key: str, index: str = "item") -> list[dict[str, Any]]:
    """Records of payload field `key`: its records (nested records flattened one level, `a.b`), the
    records of a mapping with the key as column `index`, or one record per number (1-based `index`) with
    its exact value and interval ends beside it."""
    value = body[key]
    if isinstance(value, Mapping):
        return [{index: k, **_flat(v)} for k, v in value.items()]
    if all(isinstance(v, Mapping) for v in value):
        return [_flat(v) for v in value]
    out = []
    for i, x in enumerate(value):
        row: dict[str, Any] = {index: i + 1, key: x}
        if f"{key}_exact" in body:
            row[f"{key}_exact"] = body[f"{key}_exact"][i]
        if f"{key}_bounds" in body:
            row[f"{key}_low"], row[f"{key}_high"] = body[f"{key}_bounds"][i]
        out.append(row)
    return out


def _flat(record: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in record.items():
        if isinstance(v, Mapping):
            out.update({f"{k}.{kk}": vv for kk, vv in v.items()})
        else:
            out[k] = v
    return out


def frac_str(value: Fraction | int) -> str:
    """An exact number as "p/q" (or "p" for an integer), the JSON form of every exact value."""
    value = Fraction(value)
    num, den = int_str(value.numerator), int_str(value.denominator)
    return num if value.denominator == 1 else f"{num}/{den}"


# Python refuses str() of an int beyond 4,300 digits (a guard against slow quadratic conversion); exact values
# of large games (a 2-player Snakes and Ladders: ~10,000 digits) go through FLINT's conversion instead.
_STR_BITS = 14_000


def int_str(n: int) -> str:
    """The decimal digits of any int, however long (FLINT, loaded only for the long ones)."""
    n = int(n)  # a numpy integer (a Fraction keeps the type it was made from) has no bit_length
    if n.bit_length() < _STR_BITS:
        return str(n)
    import flint

    return str(flint.fmpz(n).str())


def decimal_digits(n: int) -> int:
    """How many decimal digits |n| has (no str() of a huge int)."""
    n = abs(int(n))
    guess = max(1, int(n.bit_length() * 0.30102999566398120))  # floor(log10) + 1, or one too few
    return guess + 1 if n >= 10**guess else guess


def parse_frac(text: str) -> Fraction:
    """A number written in the JSON convention ("p/q" or "p") as a Fraction."""
    return Fraction(text)


def _listlike(value: object) -> bool:
    """A list, a tuple or a numpy array (asked only where numpy is loaded: a value can be an array only
    then, and a cheap command such as a table lookup must not load numpy to find out)."""
    if isinstance(value, str):
        return False
    numpy = sys.modules.get("numpy")
    return isinstance(value, Sequence) or (numpy is not None and isinstance(value, numpy.ndarray))


def label(x: Any) -> str:
    """A move, state or infoset as JSON keys and tables show it: a string as it is, anything else as its repr."""
    return x if isinstance(x, str) else repr(x)


def exact(name: str, value: Fraction | int | Sequence[Any] | Mapping[Any, Any]) -> dict[str, Any]:
    """`{name: float, name_exact: "p/q"}` for a number, or the same for a list / mapping of numbers."""
    return {name: to_floats(value), f"{name}_exact": to_exact(value)}


def renamed_attribute(owner: str, old: str, new: str) -> property:
    """`old`, an attribute renamed to `new` (the name its JSON shows), read for one release with a
    DeprecationWarning: for a class that is no `Result` (whose `RENAMED` does the same)."""

    def read(self: Any) -> Any:
        warnings.warn(f"{owner}.{old} is now .{new}; the old name goes in the next release", DeprecationWarning,
                      stacklevel=2)
        return getattr(self, new)

    return property(read, doc=f"The old name of `{new}`, for one release.")


def down(x: Fraction) -> float:
    """The largest float <= x: parlour's one directed rounding (an interval's ends are rounded outwards when
    written as floats; `solvers.stochastic.rounding` keeps a lower bound's fractions short with it)."""
    f = float(x)
    # float() of a Fraction is correctly rounded, so this steps once at most; the loop makes the bound hold
    # by construction, whatever rounded the float
    while Fraction(f) > x:
        f = math.nextafter(f, -math.inf)
    return f


def up(x: Fraction) -> float:
    """The smallest float >= x (see `down`)."""
    f = float(x)
    while Fraction(f) < x:
        f = math.nextafter(f, math.inf)
    return f


def bounds(name: str, low: float | Sequence[float], high: float | Sequence[float]) -> dict[str, Any]:
    """`{name: midpoint, name_bounds: [lo, hi]}` for one interval, or lists of both for several."""
    if _listlike(low):
        lows = [float(x) for x in low]  # type: ignore[union-attr]
        highs = [float(x) for x in high]  # type: ignore[union-attr]
        return {name: [(a + b) / 2 for a, b in zip(lows, highs, strict=True)],
                f"{name}_bounds": [[a, b] for a, b in zip(lows, highs, strict=True)]}
    lo, hi = float(low), float(high)  # type: ignore[arg-type]
    return {name: (lo + hi) / 2, f"{name}_bounds": [lo, hi]}


def proven(name: str, low: Fraction | Sequence[Fraction], high: Fraction | Sequence[Fraction]) -> dict[str, Any]:
    """A proven interval [low, high] in the JSON convention: `exact` when its ends meet, else `bounds` with the
    ends rounded outwards; for lists of intervals, `exact` only when every one's ends meet."""
    if _listlike(low):
        lows, highs = list(low), list(high)  # type: ignore[arg-type]
        if lows == highs:
            return exact(name, lows)
        return bounds(name, [down(x) for x in lows], [up(x) for x in highs])
    return exact(name, low) if low == high else bounds(name, down(low), up(high))  # type: ignore[arg-type]


def interval_properties(name: str) -> tuple[property, property, property]:
    """`name_exact`, `name_bounds` and `name` of a class that stores a proven interval as `name_low` and
    `name_high` (Fractions): the Fraction where the ends meet (else None), the ends rounded outwards, and the
    Fraction when exact, else the JSON's midpoint of the bounds."""

    def ends(self: Any) -> tuple[Fraction, Fraction]:
        return getattr(self, f"{name}_low"), getattr(self, f"{name}_high")

    def exact_(self: Any) -> Fraction | None:
        low, high = ends(self)
        return low if low == high else None

    def bounds_(self: Any) -> tuple[float, float]:
        low, high = ends(self)
        return down(low), up(high)

    def value(self: Any) -> Fraction | float:
        low, high = ends(self)
        return low if low == high else sum(bounds_(self)) / 2

    return (property(exact_, doc="The Fraction where the proven interval is a point, else None."),
            property(bounds_, doc="The proven interval, its ends rounded outwards to floats."),
            property(value, doc="The Fraction when exact, else the JSON's midpoint of the bounds."))


def _each_number(value: Any, kinds: type | tuple[type, ...], write: Callable[[Any], Any], what: str) -> Any:
    """`value` with `write` applied to every number of `kinds` in it, through mappings (keys as strings) and
    lists; bools are no numbers here, and anything else is refused naming `what` it should have been."""
    if isinstance(value, kinds) and not isinstance(value, bool):
        return write(value)
    if isinstance(value, Mapping):
        return {str(k): _each_number(v, kinds, write, what) for k, v in value.items()}
    if _listlike(value):
        return [_each_number(v, kinds, write, what) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as {what}")


def to_exact(value: Any) -> Any:
    """Every exact number (Fraction or int) in `value`, through mappings and lists, as its "p/q" text."""
    return _each_number(value, (Fraction, int), frac_str, "an exact number")


def to_floats(value: Any) -> Any:
    """Every real number in `value`, through mappings and lists, as a float."""
    return _each_number(value, numbers.Real, float, "a float")  # numpy's numbers register as Real


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
        return obj if math.isfinite(obj) else None  # JSON has no NaN: null, as in to_json
    if isinstance(obj, enum.Enum):
        return obj.value
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(obj, numpy.generic):
        return jsonable(obj.item())
    if numpy is not None and isinstance(obj, numpy.ndarray):
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


def finite(obj: Any) -> Any:
    """`obj` with every float that is not finite (NaN, ±inf) replaced by None: a payload written in floats
    may hold one (a z-score of a sample without spread), and JSON has none (json.dumps would write NaN,
    which no JSON parser reads)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: finite(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [finite(v) for v in obj]
    if type(obj) is tuple:  # a named tuple keeps its type (and its fields) untouched
        return tuple(finite(v) for v in obj)
    return obj


def dumps(obj: Any) -> str:
    """`obj` as indented JSON in the JSON convention (`jsonable`)."""
    return json.dumps(jsonable(obj), indent=2)


__all__ = [
    "EXACT_PATTERN", "SHORT_EXACT", "SHORT_LIST", "STATUS_MEANING", "Result", "Status", "bounds", "decimal_digits",
    "down", "dumps", "envelope", "exact", "finite", "frac_str", "int_str", "interval_properties", "jsonable", "label",
    "parse_frac", "proven", "renamed_attribute", "short_exact", "summary_rows", "table_rows", "to_exact", "to_floats",
    "up",
]
