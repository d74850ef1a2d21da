"""The one list of games. The CLI, `parlour reproduce`, the report and the web mount each game from here.

Adding a game is one entry below plus the modules it names (docs/adding-a-game.md); a test checks that
every entry's modules exist and provide what the entry promises.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Game:
    name: str  # the CLI group, the claim prefix, the JSON "game"
    title: str  # the report's section title
    summary: str  # one sentence: the CLI group's help and the web's home page
    rules: str  # package with the rules as data and pure moves: parlour.games.<name>
    analysis: str  # package that builds the model and calls the solvers: parlour.analyses.<name>
    command: str  # module with a Typer `app`: parlour.commands.<name>
    docs: str  # the game's documentation page, relative to the repository root
    web: str | None = None  # module with a FastAPI `router`, when the game has a page

    @property
    def claims(self) -> str:
        """Module whose import registers the game's claims (the `@claim` decorator)."""
        return f"{self.analysis}.claims"

    def load(self, part: str) -> ModuleType:
        """Import one of the entry's modules by field name: "rules", "analysis", "command", "claims", "web"."""
        name = getattr(self, part)
        if not name:
            raise LookupError(f"{self.name} has no {part}")
        return importlib.import_module(name)


def _game(name: str, title: str, summary: str, web: bool = False) -> Game:
    return Game(name, title, summary, f"parlour.games.{name}", f"parlour.analyses.{name}",
                f"parlour.commands.{name}", f"docs/{name}.md", f"parlour.web.{name}" if web else None)


GAMES: tuple[Game, ...] = (
    _game("cowtrade", "Cow trade (Koehandel): the last trade",
          "The last cow trade of Koehandel as a zero-sum game.", web=True),
    _game("goose", "Game of the Goose (Ganzenbord)",
          "Game of the Goose: exact and certified win probabilities.", web=True),
    _game("guess", "The higher–lower guessing game (Dresher)",
          "The higher-lower guessing game: certified exact solutions.", web=True),
    _game("memory", "Memory with perfect memory",
          "Memory with perfect memory: the optimal tactic in every state.", web=True),
    _game("winorlose", "Win or Lose (simplified poker)",
          "Win or Lose: win chances, character types, tournaments.", web=True),
)

BY_NAME: dict[str, Game] = {g.name: g for g in GAMES}


def game(name: str) -> Game:
    try:
        return BY_NAME[name]
    except KeyError:
        raise LookupError(f"no game {name!r}; games: {', '.join(BY_NAME)}") from None


__all__ = ["BY_NAME", "GAMES", "Game", "game"]
