"""parlour: exact analysis of recreational games.

Solvers (zero-sum LP with exact certificates, column generation, absorbing Markov chains, exact
dynamic programming) and the five games built on them: Game of the Goose, the cow trade of
Koehandel, the higher-lower guessing game, Memory and Win or Lose.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("parlour")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
