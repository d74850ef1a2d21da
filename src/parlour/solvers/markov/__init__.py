"""Absorbing Markov chains: exact, float and certified absorption probabilities.

A chain is given in CSR form (`Chain`): for each transient state its successors with integer weights
over a common denominator. A successor is another transient state, or an absorbing outcome (encoded
as -1 - outcome). Chains reduced by a symmetry carry, per edge, a permutation of the outcome labels:
the value of outcome o at a state is the weighted sum of outcome perm[o] at the successors (for a race
game relabelled so the mover is always player 0, every move shifts the labels by one).

States from which no outcome can be reached (the 2-player Game of the Goose with one player in the
well and the other in the prison) are found by a reachability fixpoint and get an extra outcome,
"never" (a draw). After that every state is absorbed with probability 1, so the outcome
probabilities of each state sum to 1; this is what makes the certified bounds below two-sided.

Modules: chain.py (the chain, `explicit`, stuck states, the integer system), exact.py, floats.py, the one
certified engine (certified.py, its multi-mode extrapolation accelerate.py) with its operators (stored.py, and
a game's own, both built from kernels.py) and executors (threads in the kernels, partitioned.py on Dask). Methods:
* `exact`: rationals by numeric-symbolic iterative refinement (a float LU of the integer system, exact
  integer residuals, rational reconstruction), proven by an exact residual of zero.
* `float_solve`: a sparse direct solve (SuperLU) of the expanded system, with its residual.
* `certified`: monotone Gauss-Seidel iteration from below with downward rounding; the upper bound of
  an outcome is one minus the lower bounds of the others. Checkpoints resume a killed run.
* `explicit`: a chain from a start state and a successor function (small games, tests, the toy game).
"""

from parlour.solvers.markov.certified import Bounds, Checkpoint, Operator, certified
from parlour.solvers.markov.chain import Chain, Explicit, explicit, integer_system, stuck_states
from parlour.solvers.markov.exact import AbsorptionExact, exact
from parlour.solvers.markov.floats import AbsorptionFloat, float_solve
from parlour.solvers.markov.stored import ChainOperator

# What callers of the engine need. A game's own operator builds its pass kernel from `kernels` (how a pass
# runs on threads and reads and writes the bounds, whichever way they are stored), imported from there.
__all__ = [
    "AbsorptionExact",
    "AbsorptionFloat",
    "Bounds",
    "Chain",
    "ChainOperator",
    "Checkpoint",
    "Explicit",
    "Operator",
    "certified",
    "exact",
    "explicit",
    "float_solve",
    "integer_system",
    "stuck_states",
]
