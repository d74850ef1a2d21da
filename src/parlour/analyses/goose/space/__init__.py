"""The state space of a race game: the reachable states enumerated, ordered and turned into a Markov
chain (CSR) or a chain-free layout, by compiled searches over the rules' kernels
(`parlour.games.goose.kernels`, which read one `RuleTables`).

Two forms of a state (codes in base C, one digit per player):

* full states (explicit player to move): `mover * C**N + sum(code_i * C**i)`, used only to count the
  reachable states exactly as the reference model does;
* canonical states: the players relabelled so the mover is digit 0 and the others follow in turn order.
  The game is symmetric under that relabelling, so the chain needs about N times fewer states.

The modules, one idea each:
  canonical.py  the breadth-first search over canonical states and their sweep order (sum of squares)
  full.py       the full states (explicit mover) counted from the canonical chain; `Counts`
  csr.py        the canonical chain as CSR successor lists: `Space` and `build`
  reach.py      counting without a chain: one worklist pass of mover masks (`count_reachable`)
  bitmap.py     the breadth-first search over bitmaps, a bit per code (six players: `count_canonical`)
  layout.py     the chain-free layout: states in sweep order and the rank table of their codes
"""

from parlour.analyses.goose.space.bitmap import BitmapCount, count_canonical, reach_bitmap
from parlour.analyses.goose.space.canonical import STEPS_PER_CALL, sweep_blocks
from parlour.analyses.goose.space.csr import Space, build
from parlour.analyses.goose.space.full import Counts
from parlour.analyses.goose.space.layout import Layout, bitmap_bytes, layout, layout_bytes
from parlour.analyses.goose.space.reach import ReachCount, count_reachable

__all__ = [
    "STEPS_PER_CALL",
    "BitmapCount",
    "Counts",
    "Layout",
    "ReachCount",
    "Space",
    "bitmap_bytes",
    "build",
    "count_canonical",
    "count_reachable",
    "layout",
    "layout_bytes",
    "reach_bitmap",
    "sweep_blocks",
]
