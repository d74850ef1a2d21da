"""Golden playthroughs: seeded games move by move; a rule change shows up as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.games.goose.playthrough import playthrough
from parlour.games.goose.rules import shipped, variant

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


def test_golden_files_exist() -> None:
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_matches_golden(path: Path) -> None:
    name, players, seed = path.stem.rsplit("_", 2)
    rules = shipped("toy") if name == "toy" else variant(name)
    got = playthrough(rules, int(players.rstrip("p")), int(seed.removeprefix("seed")))
    assert "\n".join(got) + "\n" == path.read_text()
