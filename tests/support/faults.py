"""Faults the storage tests plant on a real file system."""
from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

import pytest


def run_quietly(command: list[str]) -> str | None:
    """None when the command worked, else why not."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=10)
    except OSError as error:
        return str(error)
    return None if done.returncode == 0 else (done.stderr.strip() or f"exit {done.returncode}")


@contextlib.contextmanager
def immutable(path: Path):
    problem = run_quietly(["chattr", "+i", str(path)])
    if problem:
        pytest.skip(f"cannot make a file read-only for root here (chattr +i: {problem})")
    try:
        yield
    finally:
        run_quietly(["chattr", "-i", str(path)])
