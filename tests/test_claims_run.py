"""Every claim that is not heavy runs here: it must compute and come out reproduced, differs (with its
explanation), new, or skipped (with the reason: a missing optional peer) — never failed or error.

Claims slower than a few seconds are marked slow (`make test-slow`); heavy ones run only with
`parlour reproduce --full`.
"""

from __future__ import annotations

import pytest

from parlour import claims
from parlour.claims import Status

# Claims that take more than ~20 s on a 2-core machine: kept out of `make test`, run by `make test-slow` (and by
# `parlour reproduce`). Measured with --durations in a full run (2026-11-29, a loaded machine, ~3x CI's seconds):
# closed-form-parlour 251 s, guess.iterations 175 s, guess.table-3.1 117 s, quintet-cycles 62 s, partial-games 60 s.
SLOW: frozenset[str] = frozenset({
    "cowtrade.closed-form-study", "cowtrade.closed-form-parlour", "guess.iterations", "guess.table-3.1",
    "cowtrade.quintet-cycles", "cowtrade.partial-games",
    # 19-38 s each in that run: CI's default run must stay well inside its 25 minutes as the pages' tests grow
    "cowtrade.endgame-last-trade", "guess.bounds-trace-100", "goose.states-4p", "goose.variants",
    "goose.advantage-five-players", "cowtrade.closed-form-loser-rule",
})


def _params() -> list[object]:
    out = []
    for c in claims.load_all().values():
        if c.heavy:
            continue
        marks = [pytest.mark.slow] if c.id in SLOW else []
        out.append(pytest.param(c, id=c.id, marks=marks))
    return out


@pytest.mark.parametrize("claim", _params())
def test_claim_holds(claim: claims.Claim) -> None:
    result = claims.run_claim(claim)
    outcome = result.outcome
    assert outcome.status not in (Status.FAILED, Status.ERROR), f"{outcome.computed}\n{outcome.explanation}"
    assert outcome.computed.strip(), "a claim must say what it computed"
    if outcome.status in (Status.DIFFERS, Status.SKIPPED):
        assert outcome.explanation.strip(), "differs and skipped must say why"
