"""Input checks every interface shares; a refusal names the parameter as the caller spells it."""

from __future__ import annotations

from parlour.errors import InvalidInput
from parlour.infra import spelling

SEED_LIMIT = 2**63  # numpy takes larger seeds, but nobody types one, and the JSON must round-trip them


def check_seed(seed: int | None, name: str = "seed") -> int | None:
    """`seed` if it is None or a whole number from 0 to 2**63 - 1, else InvalidInput naming `name`."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT):
        raise InvalidInput(f"{spelling.parameter(name)} must be a whole number from 0 to 2**63 - 1, got {seed}")
    return seed


def check_range(value: int, name: str, low: int, high: int) -> int:
    """`value` if it is a whole number from `low` to `high`, else InvalidInput naming `name`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{spelling.parameter(name)} must be a whole number from {low:,} to {high:,}, "
                           f"got {value!r}")
    return value
