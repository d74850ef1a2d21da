"""One home for what parlour keeps on disk: the cache root and atomic writes.

The cache root is `$PARLOUR_CACHE` when set, else `$XDG_CACHE_HOME/parlour`, else `~/.cache/parlour`: solved
chains and positions of the Goose, certified guess strategies, the Memory page's deal key and long runs'
checkpoints live below it, one folder per game. A write is atomic: the data goes to a temporary file in the
target's folder, which then replaces the target (`os.replace`), so a reader (or a rerun after a kill) sees
the old file or the whole new one, never half of it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

CACHE_VARIABLE = "PARLOUR_CACHE"


def cache_root() -> Path:
    """$PARLOUR_CACHE, else $XDG_CACHE_HOME/parlour, else ~/.cache/parlour (not created)."""
    named = os.environ.get(CACHE_VARIABLE)
    if named:
        return Path(named)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "parlour"


def cache_folder(*parts: str) -> Path:
    """A folder under the cache root (`cache_folder("guess")`), created if missing."""
    folder = cache_root().joinpath(*parts)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def atomic_write(target: str | Path, data: bytes | str | Callable[[Path], None], mode: int | None = None) -> Path:
    """Write `target` atomically: `data` (bytes, text in UTF-8, or a function that writes a given path, e.g.
    `lambda p: np.save(p, array)`) goes to a temporary file beside it, made `mode` (e.g. 0o600) when given,
    which then replaces `target`. On any failure the temporary file is removed and `target` is untouched."""
    target = Path(target)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-", suffix=".tmp")
    tmp = Path(name)
    try:
        if callable(data):
            os.close(fd)
            data(tmp)
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(data.encode() if isinstance(data, str) else data)
        if mode is not None:
            tmp.chmod(mode)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target
