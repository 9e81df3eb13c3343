"""`gardenkit` as a test runs it: in a process of its own (`GARDENKIT`, for the tests about the
process: its start, its exit, a server) or its main called in the test's process with its
streams caught (`gardenkit_here`), which answers the same words and exit code without the
0.5 s of CPU a Python start and the app's imports cost."""
from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from unittest.mock import patch

from scorer.cli import main

GARDENKIT = [sys.executable, "-m", "scorer.cli"]


@dataclass
class Ran:
    """What a run of the command left: its exit code and what it wrote, as subprocess.run has them."""
    returncode: int
    stdout: str
    stderr: str


def gardenkit_here(*args: str, stdin: str = "") -> Ran:
    """`gardenkit *args` in this process, reading `stdin` when it is told to read `-`."""
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    with patch.object(sys, "stdin", given), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit:   # argparse's refusals of the command line
            code = exit.code if isinstance(exit.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())
