"""Estimates of long work, in words a person reads before it starts ("about 3 min: 1.2M states").

Each game's model (seconds from the size of the work on the idle 2-core machine, calibrated there and
recorded in bench/results/estimates.json) returns an `Estimate`; the commands print it, stretched by the
machine's current load (`on_this_machine`: other work on a shared machine takes its share of the cores),
before work above ANNOUNCE_SECONDS, on a terminal only. Light on purpose: commands import it at start-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

ANNOUNCE_SECONDS = 10.0  # shorter work starts without a word: the progress bar says enough


@dataclass(frozen=True)
class Estimate:
    """Seconds some work takes on this machine (a model, within 2x where calibrated), and the size the
    model counts in words ("1.2M states", "N = 1,500")."""

    seconds: float
    size: str
    threads: int = 1  # the work's threads: how much of the machine it wants

    def words(self) -> str:
        return f"{duration_words(self.seconds)}: {self.size}"

    def loaded(self, load: float, cpus: int) -> Estimate:
        """The estimate beside a 1-minute load average of `load` on `cpus` cores (itself where the machine
        has cores to spare: the words then say nothing of the load)."""
        factor = contention(load, cpus, self.threads)
        if factor < 1.2:
            return self
        return Estimate(self.seconds * factor, f"{self.size}; the machine is busy (load {load:.1f} on {cpus} cores)",
                        self.threads)


# Measured on the shared 2-core machine (bench/results/estimates_load_1.json and _2.json: 19 runs at loads
# 3.5 to 11, wall clock against CPU seconds; estimates.json checks the weighted model): the wall
# clock of one-thread work grew by about 0.6 of what equal shares of the cores predict (other work sleeps part
# of the time, and the 1-minute average lags a load that falls).
LOAD_WEIGHT = 0.6


def contention(load: float, cpus: int, threads: int = 1) -> float:
    """How many times longer work of `threads` threads takes beside a 1-minute load average of `load` on `cpus`
    cores: equal shares of the cores for every runnable thread would make it (load + threads) / cpus;
    LOAD_WEIGHT of the excess over 1 is what was measured (1 while the cores go round)."""
    shares = max(1.0, (max(load, 0.0) + threads) / max(cpus, 1))
    return 1.0 + LOAD_WEIGHT * (shares - 1.0)


def on_this_machine(estimate: Estimate) -> Estimate:
    """`estimate` at this machine's load now (the 1-minute average; 1 core where the count is unknown)."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this platform: assume a quiet machine
        return estimate
    return estimate.loaded(load, os.cpu_count() or 1)


def duration_words(seconds: float) -> str:
    """'about 40 s', 'about 3 min', 'about 2.5 h', 'about 3 days': rounded, since it is a model."""
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} min"
    if seconds < 48 * 3600:
        return f"about {seconds / 3600:.1f} h".replace(".0 h", " h")
    return f"about {seconds / 86400:.0f} days"


def count_words(n: float) -> str:
    """1234 -> '1,234', 1.23e6 -> '1.2M', 4.5e9 -> '4.5G': a size at a glance."""
    if n < 100_000:
        return f"{round(n):,}"
    for scale, unit in ((1e12, "T"), (1e9, "G"), (1e6, "M")):
        if n >= scale:
            return f"{n / scale:.1f}{unit}"
    return f"{n / 1e3:.0f}k"


__all__ = [
    "ANNOUNCE_SECONDS", "LOAD_WEIGHT", "Estimate", "contention", "count_words", "duration_words", "on_this_machine",
]
