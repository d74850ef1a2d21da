"""What `parlour solve` returns for any game (`GameSolution`, made by `analyses.yourgame`), named here too."""

from __future__ import annotations

from parlour.analyses.yourgame.solution import SHOWN_STRATEGY_ENTRIES, GameSolution

__all__ = ["SHOWN_STRATEGY_ENTRIES", "GameSolution"]
