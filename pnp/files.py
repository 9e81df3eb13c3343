"""Writing a file the command line and the kit builder produce, safely on a shared machine."""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one. The
    temporary file is created new under a name no one can guess (a symlink planted beside the
    target is never followed), and a target that is not a regular file -- a device, a FIFO --
    is refused, never replaced (OSError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A symlink at the target is replaced itself, never what it points to.
    if path.exists() and not path.is_symlink() and not stat.S_ISREG(path.stat().st_mode):
        raise OSError(errno.EEXIST, "it is not a regular file (a device, a pipe or a folder), so it is "
                                    "not replaced", str(path))
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)  # as an ordinary new file; mkstemp makes it owner-only
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
