"""Files a user names: read as text with one sentence for every way that fails, and output paths checked
before the work that would write them starts (a run of minutes must not end in "no such folder")."""

from __future__ import annotations

import os
from pathlib import Path

from parlour.errors import FormatError, InvalidInput, shown

MAX_TEXT_BYTES = 16 * 2**20  # a rule set or a game file; anything larger is not one


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of a small file, or a FormatError that says why not."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise FormatError(f"{what} {shown(str(p))} is a folder, not a file")
        if size > MAX_TEXT_BYTES:
            raise FormatError(f"{what} {shown(str(p))} is {size / 2**20:.0f} MiB: too large to be one")
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise FormatError(f"{what} {shown(str(p))} is not a text file (not UTF-8)") from None
    except OSError as exc:
        raise FormatError(f"cannot read {what} {shown(str(p))}: {exc.strerror or exc}") from None


def _writable_folder(folder: Path, what: str, target: Path) -> None:
    if not folder.exists():
        raise InvalidInput(f"{what} {shown(str(target))}: the folder {shown(str(folder))} does not exist")
    if not folder.is_dir():
        raise InvalidInput(f"{what} {shown(str(target))}: {shown(str(folder))} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InvalidInput(f"{what} {shown(str(target))}: the folder {shown(str(folder))} is not writable")


def output_file(path: str | Path, what: str) -> Path:
    """`path` if a file can be written there: its folder exists and is writable, and it is not a folder."""
    p = Path(path)
    if p.is_dir():
        raise InvalidInput(f"{what} {shown(str(p))} is a folder; name a file")
    _writable_folder(p.parent if str(p.parent) else Path("."), what, p)
    if p.exists() and not os.access(p, os.W_OK):
        raise InvalidInput(f"{what} {shown(str(p))} exists and is not writable")
    return p


def output_folder(path: str | Path, what: str) -> Path:
    """`path` if it is a writable folder, or can be made one inside an existing writable folder (one level
    only: a typing mistake must not create folders from the root down)."""
    p = Path(path)
    if p.exists():
        if not p.is_dir():
            raise InvalidInput(f"{what} {shown(str(p))} is a file, not a folder")
        _writable_folder(p, what, p)
        return p
    _writable_folder(p.parent if str(p.parent) else Path("."), what, p)
    return p


__all__ = ["MAX_TEXT_BYTES", "output_file", "output_folder", "read_text"]
