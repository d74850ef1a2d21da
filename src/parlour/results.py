"""Helpers that turn results (frozen dataclasses, fractions, numpy values) into JSON and text."""

from __future__ import annotations

import dataclasses
import enum
import json
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np


def frac_str(value: Fraction | int) -> str:
    """An exact number as "p/q" (or "p" for an integer), the JSON form of every exact value."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def parse_frac(text: str) -> Fraction:
    return Fraction(text)


def jsonable(obj: Any) -> Any:
    """Recursively convert to plain JSON types: fractions become "p/q", dataclasses become dicts."""
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
