"""What this machine has: physical memory and free disk, and the one check that a run fits them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from parlour.errors import InvalidInput
from parlour.infra import spelling

GIB = 2**30


def physical_memory() -> int:
    """Bytes of physical memory of this machine."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def available_memory() -> int:
    """Bytes of memory the system could give this process now (MemAvailable; the physical memory where the
    system does not say)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return physical_memory()


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


LONG_RUN_S = 24 * 3600.0  # beyond this a run is refused unless the user insists


def _duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365 * 86400):.2g} years"


def affordable(what: str, memory_bytes: float, seconds: float, force: bool, flag: str | None = None) -> None:
    """Refuse, before the work starts, a run whose estimated memory exceeds this machine's or whose estimated
    time exceeds a day, naming the estimate and `flag`, which runs it anyway (by default the parameter
    `force`, spelled as the caller writes it: `force=True` from Python, `--force` on the command line)."""
    if force:
        return
    flag = flag or spelling.parameter("force", True)
    have = physical_memory()
    if memory_bytes > 0.8 * have:
        gib = memory_bytes / GIB
        amount = f"{gib:,.1f}" if gib < 1e6 else f"{gib:.2g}"
        raise InvalidInput(f"{what} needs about {amount} GiB of memory; this machine has "
                           f"{have / GIB:.0f} GiB ({flag} tries anyway)")
    if seconds > LONG_RUN_S:
        raise InvalidInput(f"{what} would take about {_duration(seconds)} on this machine ({flag} runs it anyway)")
