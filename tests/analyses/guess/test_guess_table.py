"""The shipped table of certified V(N): published reference data, re-derivation, and its file format."""

from __future__ import annotations

import random
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from parlour.analyses.guess import table
from parlour.errors import FormatError

# OEIS A286676 (numerators of V(N), N = 1..52, as published), and the fractions its example lists
# (A286676(n)/A286677(n) for N = 1..21): reference data to compare with, not answers.
A286676 = [1, 3, 9, 2, 20, 12, 23, 27, 31, 35, 187, 1461, 485, 105, 64, 69, 67, 18, 11, 41, 87, 23, 97, 828,
           251175, 497650, 1582733, 480083, 3070955, 139927, 1253, 1301, 160, 83, 172, 89, 184, 181, 187, 193,
           199, 205, 211, 217, 223, 229, 235, 241, 247, 253, 259, 265]
A286676_EXAMPLE = "1, 3/2, 9/5, 2, 20/9, 12/5, 23/9, 27/10, 31/11, 35/12, 187/62, 1461/470, 485/152, 105/32, " \
                  "64/19, 69/20, 67/19, 18/5, 11/3, 41/11, 87/23"


def test_the_table_holds_every_published_term() -> None:
    shipped = table.shipped()
    assert [shipped[n].value.numerator for n in range(1, 53)] == A286676
    published = [Fraction(t) for t in A286676_EXAMPLE.split(", ")]
    assert [shipped[n].value for n in range(1, 22)] == published


def test_the_table_is_consistent() -> None:
    shipped = table.shipped()
    assert list(shipped) == list(range(1, len(shipped) + 1)), "the table has gaps"
    for n, e in shipped.items():
        # log2-search bounds: 1 <= V(N) <= ceil(log2(N+1)) = the most guesses a balanced tree needs
        assert 1 <= e.value <= e.max_guesses and (n + 1) <= 2**e.max_guesses, n


# Three entries drawn afresh each day (the same in every worker of one run: pytest-xdist collects in each)
@pytest.mark.parametrize("numbers", sorted(random.Random(date.today().toordinal()).sample(range(2, 151), 3)))
def test_a_random_entry_is_derived_again(numbers: int) -> None:
    check = table.verify(numbers)
    assert check.agrees, f"N = {numbers}: table {check.table.value}, solved {check.solved}"
    assert check.solved_max_guesses <= check.table.max_guesses + 1


def test_format_round_trip_and_refusals(tmp_path: Path) -> None:
    entries = {n: table.shipped()[n] for n in (1, 2, 3)}
    assert table.parse(table.render(entries)) == entries
    with pytest.raises(FormatError, match="row 2"):
        table.parse("N,numerator,denominator,max_guesses,certificate_sha256\n1,1,x,1," + "0" * 64)
    with pytest.raises(FormatError, match="not reduced"):
        table.parse("N,numerator,denominator,max_guesses,certificate_sha256\n1,2,2,1," + "0" * 64)
    wrong = table.Entry(2, Fraction(5, 3), 2, "0" * 64)
    with pytest.raises(FormatError, match="cannot change"):
        table.merge(entries, [wrong])


def test_digest_is_canonical() -> None:
    alice = [Fraction(2, 5), Fraction(1, 5), Fraction(2, 5)]
    bob = [((1, 2, 3), Fraction(1, 5)), ((3, 2, 1), Fraction(1, 5)), ((2, 1, 2), Fraction(3, 5))]
    d = table.certificate_digest(3, Fraction(9, 5), alice, bob)
    assert d == table.certificate_digest(3, Fraction(9, 5), alice, list(reversed(bob)))
    assert d != table.certificate_digest(3, Fraction(9, 5), [Fraction(1, 5), Fraction(2, 5), Fraction(2, 5)], bob)
    assert d != table.certificate_digest(3, Fraction(2), alice, bob)


def test_bfile_stops_at_the_first_gap() -> None:
    entries = {n: table.shipped()[n] for n in (1, 2, 3, 5)}
    assert table.bfile(entries, "numerator") == "1 1\n2 3\n3 9\n"
    assert table.bfile(entries, "denominator") == "1 1\n2 2\n3 5\n"
