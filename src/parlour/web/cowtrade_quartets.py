"""The end-game page's choice between two open quartets (`analyses.cowtrade.quartets`): the value, the
exact value of trading each quartet first, the challenger's optimal choice against the study's
"separate games" choice, and both players' optimal mixtures at every state optimal play reaches.

  POST /api/endgame/quartets    points, animals1, held1, held2, cards1, cards2, challenger, rules, next
                                -> {"ready": true, ...the analysis's JSON} once solved, else
                                   {"ready": false, "job": key} (the page polls /jobs/{key} and asks again)

A solve takes seconds to half a minute (about 5-12 ms a state on a shared 2-core machine: never beyond the
minute after which a page asks before it starts), so it runs as a background job in a worker process, which
Cancel terminates at once (`infra.jobs`). The finished job keeps its
answer (`web.jobs` remembers the last few); a job that failed on the game itself (a near-tie the exact
analysis cannot finish) answers its sentence as a 400, the same each time it is asked. Work is bounded by
refusing games whose state estimate (`games.cowtrade.quartets.estimate_states`) exceeds MAX_STATES.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from parlour.analyses.cowtrade import policy
from parlour.errors import InvalidInput, SolverError
from parlour.games.cowtrade.endgame import NextChallenger, StageRule
from parlour.games.cowtrade.quartets import MAX_POINTS, SIZE, open_quartets
from parlour.web.common import one_of, whole_numbers
from parlour.web.cowtrade_common import PlannedGame, check_deck, parse_cards, side
from parlour.web.jobs import Report, jobs

# measured on a shared 2-core machine (bench/bench_cowtrade_quartets.py): 10,50 against 10,10 (estimate 1,200)
# 1.6 s; 0,10,10 against 10,50 (2,400) 10 s; 0,10,50 against 10,10,50 (3,600) 17 s, 44 s under other load
MAX_STATES = 2_500
DEFAULT_POINTS = [1000, 500]
DEFAULT_ANIMALS = [2, 3]  # a start where the separate-games choice is wrong (with the default money)
DEFAULT_CARDS1 = [10, 50]
DEFAULT_CARDS2 = [10, 10]
MAX_HELD = 8  # ten quartets in the game, two of them open
DEFAULTS = {"points": DEFAULT_POINTS, "animals1": DEFAULT_ANIMALS, "cards1": DEFAULT_CARDS1,
            "cards2": DEFAULT_CARDS2, "max_held": MAX_HELD}


class QuartetsRequest(BaseModel):
    points: Any = DEFAULT_POINTS
    animals1: Any = DEFAULT_ANIMALS
    held1: Any = []
    held2: Any = []
    cards1: Any = DEFAULT_CARDS1
    cards2: Any = DEFAULT_CARDS2
    challenger: Any = 1
    rules: Any = "rules"
    next: Any = "alternate"


@dataclass(frozen=True)
class QuartetsGame(PlannedGame[policy.QuartetsPlan]):
    """A page's two quartets: the policy's plan (rules, start, estimate), checked against the page's limit."""

    KIND: ClassVar[str] = "quartets"

    def identity(self) -> object:
        p = self.plan
        return (p.rules, p.animals1, p.hand1, p.hand2, p.challenger)


def parse_quartets(req: QuartetsRequest) -> QuartetsGame:
    """The game the page sent, checked; refused with one sentence when malformed or larger than the page
    solves (the command line takes larger ones)."""
    points = whole_numbers(req.points, "the two quartets' points", 0, MAX_POINTS, range(2, 3))
    animals = whole_numbers(req.animals1, "player 1's animals in each quartet", 0, SIZE, range(2, 3))
    if not open_quartets((animals[0], animals[1])):
        raise InvalidInput("both quartets are complete already: leave at least one with animals on both sides")
    held1 = whole_numbers(req.held1, "the quartets player 1 holds", 0, MAX_POINTS, range(0, MAX_HELD + 1))
    held2 = whole_numbers(req.held2, "the quartets player 2 holds", 0, MAX_POINTS, range(0, MAX_HELD + 1))
    stage = one_of(req.rules, "the rules", [s.value for s in StageRule])
    nxt = NextChallenger(one_of(req.next, "the next challenger", [n.value for n in NextChallenger]))
    cards1, cards2 = parse_cards(req.cards1, "player 1"), parse_cards(req.cards2, "player 2")
    check_deck(cards1, cards2)
    challenger = side(req.challenger, "the challenger")
    # the page's two rule sets (the rules of the game, or the study's); its own size limit, below the policy's
    plan = policy.plan_quartets(cards=(cards1, cards2), points=points, animals1=animals, held1=held1, held2=held2,
                                challenger=challenger, next_challenger=nxt, study=stage != StageRule.RULES.value,
                                force=True)
    if plan.states > MAX_STATES:
        raise InvalidInput(f"this game of two quartets is too large for the page: up to {plan.states:,} states, "
                           f"and the page solves up to {MAX_STATES:,}; use `parlour cowtrade quartets` on the "
                           "command line")
    return QuartetsGame(plan)


_COUNTED = re.compile(r"^([\d,]+) of ([\d,]+) states")


def _share(words: str) -> float:
    """How far the solver is, from its progress line ("k of n states solved"); the stage tables are built
    before the first line and the choice is computed after the last, hence 5-95 %."""
    m = _COUNTED.match(words)
    if not m:
        return 0.05
    done, total = (int(g.replace(",", "")) for g in m.groups())
    return 0.05 + 0.9 * done / max(1, total)


def solve(game: QuartetsGame, report: Report) -> dict[str, Any]:
    """The job's work: the analysis as JSON (what the page shows)."""
    report(0.01, f"building the stages (up to {game.estimate:,} states)")
    result = policy.run_quartets(game.plan, progress=lambda words: report(_share(words), words))
    return {"ready": True, "estimate": game.estimate, **result.to_json()}


def api_quartets(req: QuartetsRequest) -> dict[str, Any]:
    game = parse_quartets(req)
    key = game.key
    job = jobs.get(key)
    if job is not None and job.state == "done":
        return dict(job.result)
    if job is not None and job.state == "failed" and job.error not in ("cancelled", "") \
            and not job.error.startswith("internal error"):
        raise SolverError(job.error)  # the game itself cannot be finished: asking again would fail again
    jobs.submit(key, functools.partial(solve, game))  # picklable: the job runs in a process of its own
    return {"ready": False, "job": key, "estimate": game.estimate}


__all__ = ["DEFAULTS", "MAX_STATES", "QuartetsRequest", "api_quartets", "parse_quartets"]
