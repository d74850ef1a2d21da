"""Six players, as far as this machine goes (issue 7): the relabelled states counted exactly.

    .venv/bin/python bench/bench_goose_six.py              # 3, 4, 5 and 6 players (6: ~7 GB, minutes)
    .venv/bin/python bench/bench_goose_six.py --upto 5     # a quicker check

`space.count_canonical` searches breadth first over bitmaps (a bit per canonical code: 49^6 bits =
1.7 GB at 6 players), where the layout's dense int32 index stops at 5. Each player count runs in its
own process (peak memory per case). From the 6-player count and the measured 5-player run
(bench/results/goose_five.json) the JSON derives what the certified 6-player run needs: bounds,
layout, and time per sweep at the 5-player rate per state and column.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import peak_rss_gib, run_case, write


def case(name: str) -> dict[str, object]:
    from parlour.analyses.goose.space import count_canonical
    from parlour.games.goose.rules import STUDY

    players = int(name)
    b = count_canonical(STUDY, players, progress=lambda k, size: print(f"level {k}: {size:,}", file=sys.stderr))
    return {"players": players, "canonical": b.canonical, "levels": b.levels, "per_level": list(b.per_level),
            "bitmaps_gib": round(b.bitmap_gib, 2), "seconds": round(b.seconds, 1),
            "peak_rss_gib": round(peak_rss_gib(), 2)}


def main() -> None:
    if "--case" in sys.argv:
        print(json.dumps(case(sys.argv[sys.argv.index("--case") + 1])))
        return
    upto = int(sys.argv[sys.argv.index("--upto") + 1]) if "--upto" in sys.argv else 6
    results = {p: run_case(__file__, str(p)) for p in range(3, upto + 1)}
    for r in results.values():
        print(json.dumps({k: v for k, v in r.items() if k != "per_level"}), flush=True)
    figures: dict[str, object] = {"cases": results}
    five = Path(__file__).parent / "results" / "goose_five.json"
    if 6 in results and 5 in results and five.exists():
        run = json.loads(five.read_text())["figures"]
        n5, n6 = int(results[5]["canonical"]), int(results[6]["canonical"])  # type: ignore[call-overload]
        per_state_column = float(run["median_sweep_seconds"]) / (n5 * 5)
        figures["six_players_needs"] = {
            "relabelled_states": n6,
            "ratio_to_five": round(n6 / n5, 2),
            "bounds_float64_gib": round(n6 * 6 * 8 / 2**30, 1),
            "codes_int64_gib": round(n6 * 8 / 2**30, 1),
            "rank_bitmap_index_gib": round(float(results[6]["bitmaps_gib"]) / 4 * 1.5, 1),  # type: ignore[arg-type]
            "sweep_seconds_2_threads_at_the_5p_rate": round(per_state_column * n6 * 6),
            "note": "time per sweep scales the 5-player run's median sweep (2 threads) by states x columns; "
                    "a rank-bitmap index = one bitmap plus a 32-bit count per 64-bit word (x1.5)",
        }
    write("goose_six", figures)


if __name__ == "__main__":
    main()
