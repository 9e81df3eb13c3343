"""A file or folder that several tests read, made once per run, however many pytest-xdist workers ask.

`made_once(tmp_path_factory, "history.db", make)` calls make(path) the first time any worker
asks for it, under a lock in the run's temporary folder (the one its workers share); a worker
that asks while it is being made waits for it. make may write a file or a folder at path: it
writes under a partial name, renamed to the real one only when make returns, so a make that
fails leaves nothing a later asker would take for whole. Each worker made its own before: the
50,000-result history took its 13 s of CPU once per worker that ran one of its tests.
Readers only: a test that changes the file works on a copy."""
from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent   # each worker's own folder is inside the run's
    folder = run_folder / "made-once"
    folder.mkdir(exist_ok=True)
    path = folder / name
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes, whatever happens
        if not path.exists():
            partial = path.with_name(f"{name}.partial")
            _remove(partial)   # left by a make that failed: never read half a file or folder
            make(partial)
            partial.rename(path)
    return path


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
