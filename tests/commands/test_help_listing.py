"""`parlour --help`, `parlour` and `parlour --version` are answered without Typer, Rich or any engine
(commands/listing.py): what they import, and that the plain listing says what the root command holds."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from parlour.cli import app, command
from parlour.commands import listing
from parlour.commands.listing import LAZY, OPTIONS, ORDER

# Never on the root listing's path: the CLI framework, Rich (its markdown above all) and the engines.
BANNED = ("typer", "rich", "rich.markdown", "markdown_it", "numpy", "numba", "scipy", "flint", "highspy")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def imports(args: list[str]) -> tuple[int, str, set[str]]:
    """(exit code, stdout, every module imported) of `python -X importtime -m parlour ARGS`."""
    env = {**os.environ, "COLUMNS": "80"}
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "parlour", *args], capture_output=True,
                          text=True, timeout=120, env=env)
    modules = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    return proc.returncode, proc.stdout, modules


@pytest.mark.parametrize(("args", "code"), [(["--help"], 0), ([], 2), (["--version"], 0)], ids=str)
def test_the_root_listing_imports_no_framework_and_no_engine(args, code):
    got, out, modules = imports(args)
    assert got == code
    assert "parlour.cli" in modules, "the probe saw no import at all"
    assert not modules & set(BANNED), f"parlour {' '.join(args)} imported {sorted(modules & set(BANNED))}"
    assert ("Commands" in out) if args != ["--version"] else out.startswith("parlour ")


def test_a_sub_command_help_is_still_typer_s_rich_one():
    """The probe sees Rich when it is there: a game's own --help still goes through Typer's Rich formatter."""
    code, out, modules = imports(["guess", "--help"])
    assert code == 0 and {"typer", "rich.markdown"} <= modules
    assert "Usage: parlour guess" in out and "╭─ Commands" in out


def test_the_listing_shows_the_root_command_s_own_options():
    root = command()
    with root.make_context("parlour", ["guess"], resilient_parsing=True) as ctx:
        records = tuple(r for p in root.get_params(ctx) if (r := p.get_help_record(ctx)) is not None)
    assert records == OPTIONS


def test_the_listing_names_every_command_in_order_and_typer_gives_the_same_text():
    assert set(ORDER) == set(LAZY) and len(ORDER) == len(LAZY)
    text = listing.render(80, color=False)
    assert [line.split()[1] for line in text.splitlines() if re.match(r"│ \w", line)] == list(ORDER)
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0 and result.output == text.rstrip("\n") + "\n"


@pytest.mark.parametrize("columns", [40, 80, 131])
def test_every_line_fits_the_terminal_and_colour_changes_no_letter(columns):
    plain = listing.render(columns, color=False)
    lines = plain.splitlines()
    assert lines[-1] == "" and all(len(line) == columns for line in lines[:-1])
    for name in ORDER:  # a long help wraps: every word is still there, in order
        assert " ".join(LAZY[name].help.split()) in " ".join(re.sub(r"[│╭╮╰╯─]", " ", plain).split())
    coloured = listing.render(columns, color=True)
    assert coloured != plain and ANSI.sub("", coloured) == plain


def test_the_width_follows_rich_s_rules(monkeypatch):
    monkeypatch.setenv("COLUMNS", "97")
    monkeypatch.delenv("TERMINAL_WIDTH", raising=False)
    assert listing.width() == 97
    monkeypatch.setenv("TERMINAL_WIDTH", "61")
    assert listing.width() == 61
    monkeypatch.setenv("NO_COLOR", "1")
    assert not listing.color_for(True)
