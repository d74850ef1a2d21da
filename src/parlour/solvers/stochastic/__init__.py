"""Two-person zero-sum stochastic games with payoff at the end (recursive games, Everett 1957).

A game is a set of states; at each state the two players play a stage (`Stage`): the leader's move
(rows) and the responder's (columns), the responder seeing only a signal of the leader's move (one
signal for all rows: both move at once). Every cell of a stage leads to another state, ends the game
with a payoff to player 1 (`End`), or draws one of these by chance (`Lottery`). Play that never ends
is worth `endless` (0 unless the rules say otherwise). Player 1 maximises, player 2 minimises.

`solve(game, roots)` explores the states, splits them into strongly connected components and solves
them from the last to the first:
- a component that cannot cycle (one state, no loop) by backward induction: its stage is solved
  exactly at its successors' values (the sequence-form LP of `signalled`, with a checked certificate);
- a cyclic component by value iteration with Shapley's operator (Gauss–Seidel sweeps in floats,
  warm-started), then two proofs from the stationary strategies it ends with:
  * exact: the values rounded to nearby fractions are a fixed point of the exact stage solves, and
    neither player can keep play going for ever where that would pay him more than the value;
  * certified bounds otherwise: L is a lower bound when player 1's stationary strategy x satisfies
    T_x(L) >= L exactly (every reply of player 2 is an MDP step) and L <= endless on every end
    component of player 2's MDP against x (staying there for ever pays `endless`); the same, mirrored,
    for the upper bound U. The proof holds against every strategy of the opponent, stationary or not:
    almost surely play ends or stays in an end component, so E[payoff] >= L(start).
Each state's result says which it is (exact, or an interval with its width) and why.

Where one side moves in every state (a turn-based game), `solve_turns` is the compiled fast path: a max or
a min per state instead of a stage LP, on arrays (`TurnArrays`, filled by `rules.explore_turns`), with
certified bounds from directed rounding and the same component and end-component
algorithms (`graph`); its soundness argument is turns.py's.

The modules, one idea each:
  model.py        what a game is (End, Lottery, Stage, tabulate, stage_of, Game) and what a solve answers
  explore.py      the reachable states and their strongly connected components, last first
  graph.py        compiled: Tarjan's components and the end-component refinement, for both engines
  stage.py        one stage's matrix at given continuation values, solved (floats or exact) or checked
  ends.py         the end components of an opponent's decision problem (where he can keep play going)
  draws.py        states worth exactly what endless play pays: each player keeps the other off better ends
  chain.py        the values of the Markov chain fixed strategies make (one sparse solve)
  iterate.py      value iteration with Shapley's operator, accelerated by the strategies' chains
  fixedpoint.py   the exact proof: rounded values that are a fixed point of the exact stage solves
  bounds.py       the certified bounds proven from both players' stationary strategies
  pessimistic.py  bounds from pessimistic games where the fixed point's strategies cannot be proven
  rounding.py     floats to nearby fractions (bounds rounded outwards, strategies summing to 1)
  work.py         what a solve knows so far (shared by the proofs)
  driver.py       the driver (`solve`): backward induction or iteration and proofs, component by component
  arrays.py       a turn-based game as arrays (`TurnArrays`), the size limits, a game refused from its growth
  rules.py        a game given by its functions (`Rules`): the turn-based explorer into arrays in one loop,
                  and the stage of a state for the stage-LP engine (`RulesGame`)
  sweeps.py       compiled: the turn-based sweeps of both bounds, directed rounding, the strategy check
  turns.py        the turn-based fast path (`solve_turns`): components, sweeps, checks, or exact backward
                  induction where play cannot cycle
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.infra import lazy

# What a game is, the exploration and the draws (plain Python) load with the package: a game's rules import
# End, Stage, tabulate. The solver's names load on first use (PEP 562): they bring numpy, HiGHS and FLINT
# (0.2 s), which a front door that only names its results must not pay for (`import parlour.cowtrade`). No
# lazy name is its module's name: importing a submodule sets that name on the package, which would hide a
# function of the same name (why the driver is driver.py, not solve.py).
from parlour.solvers.stochastic.draws import draws, proves_draws
from parlour.solvers.stochastic.ends import end_components, opponent_options
from parlour.solvers.stochastic.explore import components, explore
from parlour.solvers.stochastic.model import (
    Counter,
    End,
    Game,
    Lottery,
    SolveProgress,
    Stage,
    State,
    StateSolution,
    StochasticSolution,
    labelled,
    stage_of,
    tabulate,
)

_FROM = {
    "TurnArrays": "arrays",
    "Rules": "rules", "RulesGame": "rules", "explore_turns": "rules",
    "TurnSolution": "turns", "solve_turns": "turns",
    "rational_pair": "rounding",
    "solve": "driver",
    "guaranteed": "stage", "guaranteed_float": "stage", "solve_stage": "stage", "stage_matrix": "stage",
}

if TYPE_CHECKING:
    from parlour.solvers.stochastic.arrays import TurnArrays
    from parlour.solvers.stochastic.driver import solve
    from parlour.solvers.stochastic.rounding import rational_pair
    from parlour.solvers.stochastic.rules import Rules, RulesGame, explore_turns
    from parlour.solvers.stochastic.stage import guaranteed, guaranteed_float, solve_stage, stage_matrix
    from parlour.solvers.stochastic.turns import TurnSolution, solve_turns

__all__ = [
    "Counter",
    "End",
    "Game",
    "Lottery",
    "Rules",
    "RulesGame",
    "SolveProgress",
    "Stage",
    "State",
    "StateSolution",
    "StochasticSolution",
    "TurnArrays",
    "TurnSolution",
    "components",
    "draws",
    "end_components",
    "explore",
    "explore_turns",
    "guaranteed",
    "guaranteed_float",
    "labelled",
    "opponent_options",
    "proves_draws",
    "rational_pair",
    "solve",
    "solve_stage",
    "solve_turns",
    "stage_matrix",
    "stage_of",
    "tabulate",
]


__getattr__, __dir__ = lazy.names(__name__, _FROM, __all__)
