"""What this machine has: physical memory and free disk, and the one check that a run fits them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from parlour.errors import InvalidInput

GIB = 2**30


def physical_memory() -> int:
    """Bytes of physical memory of this machine."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def free_disk(folder: Path) -> int:
    """Free bytes on the file system that holds `folder` (or its nearest existing parent)."""
    here = Path(folder).resolve()
    while not here.exists():
        here = here.parent
    return shutil.disk_usage(here).free


def require(what: str, needed: int, available: int, where: str, hint: str = "") -> None:
    """Refuse, before anything large is allocated, a run that needs more than is available."""
    if needed > available:
        tail = f"; {hint}" if hint else ""
        raise InvalidInput(f"{what} need{'s' if not what.endswith('s') else ''} {needed / GIB:.1f} GiB; "
                           f"{available / GIB:.1f} GiB of {where} here{tail}")
