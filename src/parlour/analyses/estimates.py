"""Estimates of long work, in words a person reads before it starts ("about 3 min: 1.2M states").

Each game's model (seconds from the size of the work, calibrated on the 2-core machine, recorded in
bench/results/estimates.json) returns an `Estimate`; the commands print it before work above
ANNOUNCE_SECONDS, on a terminal only. Light on purpose: commands import it at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

ANNOUNCE_SECONDS = 10.0  # shorter work starts without a word: the progress bar says enough


@dataclass(frozen=True)
class Estimate:
    """Seconds some work takes on this machine (a model, within 2x where calibrated), and the size the
    model counts in words ("1.2M states", "N = 1,500")."""

    seconds: float
    size: str

    def words(self) -> str:
        return f"{duration_words(self.seconds)}: {self.size}"


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
