"""Three players and one open quartet (issue 24, item 6): which money sizes the security levels are solved
for within a minute on this machine, with the states and the seconds, and the size of the game with the
standard starting money (not solved: measured, then extrapolated).

Every case starts from animals 1, 1, 2 (player 3 owns two), player 1 on turn, and solves all three
players' security levels (three zero-sum games). Money totals grow (each player m) until a size takes
more than a minute; then a few money-card cases.

Run: python -m bench.bench_cowtrade_threeplayer [--max-money 6] [--cards]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.common import write
from parlour.analyses.cowtrade.threeplayer import ThreeRules, solve_security
from parlour.games.cowtrade.endgame import Hand, hand_from_cards
from parlour.games.cowtrade.rules import STARTING_HAND
from parlour.games.cowtrade.threeplayer import animal_splits, estimate_states, money_splits

ANIMALS = (1, 1, 2)
MINUTE = 60.0
CARD_CASES = {"0 10 each": ([0, 10], [0, 10], [0, 10]),
              "0 10 10 each": ([0, 10, 10], [0, 10, 10], [0, 10, 10])}


def case(rules: ThreeRules, hands: tuple[Hand, Hand, Hand]) -> dict[str, Any]:
    began, cpu = time.perf_counter(), time.process_time()
    result = solve_security(rules, ANIMALS, hands, 1, force=True)
    seconds = time.perf_counter() - began
    # the CPU time beside the wall time: on a shared machine the wall time depends on the others' load
    return {
        "seconds": round(seconds, 2), "cpu_seconds": round(time.process_time() - cpu, 2),
        "status": result.status.value, "estimate": estimate_states(rules, hands),
        "states": [lv.states for lv in result.levels], "cycling_states": [lv.cycling_states for lv in result.levels],
        "levels": [float((lv.level_low + lv.level_high) / 2) for lv in result.levels],
        "levels_exact": [str(lv.level_low) if lv.level_low == lv.level_high else None for lv in result.levels],
        "widths": [float(lv.level_high - lv.level_low) for lv in result.levels],
        "sum_upper": float(result.sum_high), "within_a_minute": seconds <= MINUTE,
    }


def totals(rules: ThreeRules, max_money: int) -> list[dict[str, Any]]:
    rows = []
    for m in range(max_money + 1):
        row = {"money": [m, m, m], **case(rules, (m, m, m))}
        print(row, flush=True)
        rows.append(row)
        if not row["within_a_minute"]:
            break  # the next size only takes longer
    return rows


def cards(rules: ThreeRules) -> list[dict[str, Any]]:
    rows = []
    for name, cs in CARD_CASES.items():
        hands = (hand_from_cards(cs[0]), hand_from_cards(cs[1]), hand_from_cards(cs[2]))
        row = {"cards": name, **case(rules, hands)}
        print(row, flush=True)
        rows.append(row)
        if not row["within_a_minute"]:
            break
    return rows


def standard_size() -> dict[str, Any]:
    """The game with every player's starting money cards: counted, not solved."""
    start = hand_from_cards(STARTING_HAND)
    hands = (start, start, start)
    return {"money_card_splits": money_splits(hands), "animal_splits": len(animal_splits(4)),
            "states_bound_per_player": estimate_states(ThreeRules(), hands)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-money", type=int, default=6, help="the largest money total per player tried")
    parser.add_argument("--cards", action="store_true", help="also the money-card cases")
    args = parser.parse_args()
    figures: dict[str, Any] = {"start": {"animals": list(ANIMALS), "turn": 1, "set_size": 4},
                               "target_s": MINUTE, "standard_money": standard_size()}
    for name, rules in (("study", ThreeRules.study()), ("rules", ThreeRules())):
        figures[name] = {"totals": totals(rules, args.max_money)}
        if args.cards:
            figures[name]["cards"] = cards(rules)
    write("cowtrade_threeplayer", figures)


if __name__ == "__main__":
    main()
