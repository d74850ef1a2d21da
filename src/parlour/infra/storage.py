"""One home for what parlour keeps on disk: the cache root and atomic writes.

The cache root is `$PARLOUR_CACHE` when set, else `$XDG_CACHE_HOME/parlour`, else `~/.cache/parlour`: solved
chains and positions of the Goose, certified guess strategies, the Memory page's deal key and long runs'
checkpoints live below it, one folder per game. A write is atomic: the data goes to a temporary file in the
target's folder, which then replaces the target (`os.replace`), so a reader (or a rerun after a kill) sees
the old file or the whole new one, never half of it. `atomic_write` takes the data (or a function that writes
a path); `atomic_path` is the same as a `with` block, for writers that stream into a file of their own.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


@contextmanager
def atomic_path(target: str | Path, mode: int | None = None) -> Iterator[Path]:
    """A temporary path beside `target` for the block to write (e.g. `np.save` into it opened, since
    `np.save` on a bare name adds ".npy"); when the block ends normally the file (made `mode` when given)
    replaces `target`. When the block raises, or the process is interrupted, the temporary file is removed
    and `target` is untouched."""
    target = Path(target)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        if mode is not None:
            tmp.chmod(mode)
        os.replace(tmp, target)  # a reader sees the old file or the whole new one
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write(target: str | Path, data: bytes | str | Callable[[Path], None], mode: int | None = None) -> Path:
    """Write `target` atomically: `data` (bytes, text in UTF-8, or a function that writes a given path)
    goes to a temporary file beside it (`atomic_path`), made `mode` (e.g. 0o600) when given, which then
    replaces `target`. On any failure `target` is untouched."""
    with atomic_path(target, mode) as tmp:
        if callable(data):
            data(tmp)
        else:
            tmp.write_bytes(data.encode() if isinstance(data, str) else data)
    return Path(target)


__all__ = ["CACHE_VARIABLE", "atomic_path", "atomic_write", "cache_folder", "cache_root"]
