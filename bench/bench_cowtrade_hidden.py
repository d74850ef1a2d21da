"""Hidden money in the last cow trade: the exact value with and without knowing the other's money, for the
standard starting money dealt among n players (target: n = 3 exact within 1 min), both initiatives; with
--donkeys the donkeys' bonus cards join the money. Also the LP's size for every number of donkeys (what
bounds the method: the hidden LP grows with the number of distinct hands times their bids).

Run: .venv/bin/python -m bench.bench_cowtrade_hidden [--players 2 3 4] [--donkeys 0] [--repeat 1]
"""

from __future__ import annotations

import argparse
import time

from bench.common import peak_rss_gib, timed, write
from parlour.analyses.cowtrade.hidden import estimate, hidden_last_trade


def case(players: int, initiative: int, donkeys: int, repeat: int, one_sided: bool) -> dict[str, object]:
    best, median, sol = timed(repeat, lambda: hidden_last_trade(players, initiative, donkeys, one_sided=one_sided))
    start = time.perf_counter()
    sol.check()
    check_s = time.perf_counter() - start
    out: dict[str, object] = {
        "players": players, "donkeys": donkeys, "initiative": initiative,
        "seconds": {"best": best, "median": median, "target": 60.0},
        "hidden_lp_seconds": sol.counters["hidden_lp_seconds"],
        "one_sided_lp_seconds": sol.counters["one_sided_lp_seconds"],
        "check_seconds": check_s,
        "deals": len(sol.deals),
        "lp": {k: sol.counters[f"lp_{k}"] for k in ("columns", "rows", "nonzeros")},
        "lp_iterations": sol.counters["lp_iterations"],
        "status": sol.status.value,
        "value": float(sol.value), "value_exact": str(sol.value),
        "value_informed": float(sol.value_informed), "value_informed_exact": str(sol.value_informed),
        "value_of_information": float(sol.value_of_information),
        "value_of_information_exact": str(sol.value_of_information),
        "differing_hands": len(sol.differing_bids()),
    }
    if sol.worth_to_player1 is not None and sol.worth_to_player3 is not None:
        out["worth_to_player1"] = float(sol.worth_to_player1)
        out["worth_to_player1_exact"] = str(sol.worth_to_player1)
        out["worth_to_player3"] = float(sol.worth_to_player3)
        out["worth_to_player3_exact"] = str(sol.worth_to_player3)
    print(f"n={players} donkeys={donkeys} initiative {initiative}: {best:.2f} s, value {float(sol.value):+.6f}, "
          f"informed {float(sol.value_informed):+.6f}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--donkeys", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-one-sided", action="store_true", help="skip the games with one player informed")
    args = parser.parse_args()
    figures: dict[str, object] = {
        "cases": [case(n, initiative, args.donkeys, args.repeat, not args.no_one_sided)
                  for n in args.players for initiative in (1, 3)],
        "sizes": {f"players={n} donkeys={d}": estimate(n, d) for n in (3, 4) for d in range(5)},
        "peak_rss_gib": peak_rss_gib(),
    }
    suffix = f"_donkeys{args.donkeys}" if args.donkeys else ""
    write(f"cowtrade_hidden{suffix}", figures)


if __name__ == "__main__":
    main()
