"""`gardenkit serve` with a configuration it cannot start on: one plain line and exit code 2,
before any worker starts (it was a traceback from every worker)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("env, says", [
    ({"GARDENKIT_INSTANCE_PATH": "/etc/hostname/instance"}, "cannot use the instance folder"),
    ({"GARDENKIT_PROXIES": "many"}, "GARDENKIT_PROXIES must be a whole number"),
])
def test_a_server_that_cannot_start_says_why_in_one_line(env, says):
    gardenkit = os.path.join(os.path.dirname(sys.executable), "gardenkit")
    run = subprocess.run([gardenkit, "serve", "--port", "8399"],
                         env={**os.environ, **env}, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert says in run.stderr and "Traceback" not in run.stderr + run.stdout
    assert len(run.stderr.strip().splitlines()) == 1
