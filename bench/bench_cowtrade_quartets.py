"""Two open quartets (issue 24, `parlour cowtrade quartets`): how long the exact analysis takes for the end-game
page's default game, for a game near the page's size limit, and for the docs' example with money as totals;
with --standard also both players' full starting money cards, which ends in a near-tie the exact analysis
cannot finish (its error is recorded, with the time it took to get there).

Run: .venv/bin/python -m bench.bench_cowtrade_quartets [--standard]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.common import write
from parlour.analyses.cowtrade.quartets import QuartetsRules, solve_quartets
from parlour.errors import SolverError
from parlour.games.cowtrade.endgame import Hand, hand_from_cards
from parlour.games.cowtrade.quartets import estimate_states
from parlour.games.cowtrade.rules import STARTING_HAND
from parlour.web.cowtrade_quartets import MAX_STATES as PAGE_LIMIT


def case(name: str, animals1: tuple[int, int], hand1: Hand, hand2: Hand, challenger: int,
         command: str) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, Any] = {"command": command, "estimate": estimate_states(hand1, hand2), "page_limit": PAGE_LIMIT}
    try:
        result = solve_quartets(QuartetsRules(), animals1, hand1, hand2, challenger, force=True)
    except SolverError as exc:
        out.update(seconds=round(time.perf_counter() - started, 2), status="solver error", error=str(exc))
    else:
        choice = result.choice
        out.update(seconds=round(time.perf_counter() - started, 2), status=result.status.value,
                   states=result.states, value=float(result.value), value_digits=len(str(result.value)),
                   reached_states=len(result.plays))
        if choice is not None:
            out.update(best=list(choice.best), separate=choice.separate, loss=float(choice.loss))
    print(f"{name}: {out['seconds']} s, {out.get('states', '-')} states, {out['status']}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--standard", action="store_true", help="also both players' full starting money cards")
    args = parser.parse_args()
    cards = hand_from_cards
    figures = {
        "page_default": case("page default", (2, 3), cards([10, 50]), cards([10, 10]), 1,
                             "parlour cowtrade quartets --animals1 2,3 --cards1 10,50 --cards2 10,10"),
        "near_page_limit": case("near the page's limit", (1, 3), cards([0, 10, 10]), cards([10, 50]), 1,
                                "parlour cowtrade quartets --animals1 1,3 --cards1 0,10,10 --cards2 10,50"),
        "over_page_limit": case("over the page's limit", (1, 3), cards([0, 10, 50]), cards([10, 10, 50]), 1,
                                "parlour cowtrade quartets --animals1 1,3 --cards1 0,10,50 --cards2 10,10,50"),
        "docs_example_totals": case("the docs' example (totals)", (1, 2), 5, 4, 1,
                                    "parlour cowtrade quartets --animals1 1,2 --money1 5 --money2 4"),
    }
    if args.standard:
        hand = ",".join(map(str, STARTING_HAND))
        figures["standard_money"] = case("the standard money", (1, 3), cards(STARTING_HAND), cards(STARTING_HAND), 1,
                                         f"parlour cowtrade quartets --cards1 {hand} --cards2 {hand}")
    print(write("cowtrade_quartets", figures))


if __name__ == "__main__":
    main()
