"""Delayed column generation for zero-sum games whose minimising player has too many pure strategies to
list: a game supplies only its best-response oracle (`Oracle`).

types.py        the oracle protocol, stabilisation, trace steps, certificate and result
master.py       the restricted master: HiGHS, or the dense numba simplex (simplex.py)
certificate.py  the exact certificate from the master's basis, checked against every row and column
generate.py     the loop: stabilised pricing, purging, the exact check with HiGHS fallbacks
dresher.py      Dresher's lexicographic simplex, step by step, over any matrix game
"""

from parlour.solvers.colgen.certificate import check_certificate, exact_basis_solution
from parlour.solvers.colgen.generate import solve
from parlour.solvers.colgen.master import DenseMaster, Master
from parlour.solvers.colgen.types import (
    ColGenCertificate,
    ColGenResult,
    Column,
    Oracle,
    PointwiseResponses,
    Priced,
    Stabilisation,
    TraceStep,
)

__all__ = [
    "ColGenCertificate",
    "ColGenResult",
    "Column",
    "DenseMaster",
    "Master",
    "Oracle",
    "PointwiseResponses",
    "Priced",
    "Stabilisation",
    "TraceStep",
    "check_certificate",
    "exact_basis_solution",
    "solve",
]
