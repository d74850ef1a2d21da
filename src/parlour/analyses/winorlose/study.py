"""The study's figures and the defaults of our tournament, as data."""

from __future__ import annotations

from parlour.games.winorlose.characters import Frank, Tina

STUDY = "WinOrLose (student project, Multi-Agent Systems)"
FRANKS: tuple[Frank, ...] = (Frank.LOOSE, Frank.NORMAL, Frank.TIGHT)
STUDY_ROWS: tuple[Tina, ...] = (Tina.BLIND, Tina.COMPETITIVE, Tina.COOPERATIVE, Tina.SMART, Tina.LEARNING)
# The study's "win chance of Tina" (Monte Carlo, length not stated): rows Tina, columns Loose/Normal/Tight.
STUDY_TABLE: dict[Tina, tuple[float, float, float]] = {
    Tina.BLIND: (0.64, 0.49, 0.49),
    Tina.COMPETITIVE: (0.05, 0.07, 0.08),
    Tina.COOPERATIVE: (0.47, 0.54, 0.57),
    Tina.SMART: (0.72, 0.58, 0.54),
    Tina.LEARNING: (0.69, 0.55, 0.52),
}
DEFAULT_ROUNDS = 100
DEFAULT_GAMES = 20000
DEFAULT_SEED = 2026
TOLERANCE = 0.03  # the study's figures: 2 decimals (0.005) plus the error of a Monte Carlo of unknown size
FIT_MAX_ROUNDS = 1000
