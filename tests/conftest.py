"""Shared test helpers."""

from __future__ import annotations

import pytest

from parlour.cli import main


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run `parlour ARGS` in-process; return (exit code, stdout, stderr)."""
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
