"""Against the real server (`gardenkit serve`, two gevent workers): a request takes one of its
worker's turns, the one for its kind of work, and never waits for a second while it holds it,
so a flood of one kind (replays) does not make a lone request of another kind (a score) wait
in its line."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.floods import SMALL_SCORE
from tests.support.prod_server import ProductionServer, answer_time

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

SECONDS = 8.0
# The flood's 40 connections arrive at once: what is timed is the flood that goes on.
SETTLE_SECONDS = 1.0
REPLAYS = """
import json, sys
from bench.floods import REPLAY_PATH, REPLAY_SOURCES, flood, replayed_log
port, seconds = int(sys.argv[1]), float(sys.argv[2])
log = replayed_log(port)
print("flooding", flush=True)
print(json.dumps(flood(port, REPLAY_PATH, log, len(REPLAY_SOURCES), seconds, sources=REPLAY_SOURCES)))
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Replays unlimited per address, as for a crowd of addresses each under its limit."""
    folder = tmp_path_factory.mktemp("turn-lines")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=2, env={"GARDENKIT_REPLAY_LIMIT": "off"},
                          log_path=folder / "server.log") as running:
        running.wait_for_workers(2)
        yield running


def score_time(port: int) -> float | None:
    """Seconds for a small score posted from 127.0.0.2; None unless answered 200 within 15 s."""
    path, state = SMALL_SCORE
    return answer_time(port, "POST", path, json.dumps(state), {"Content-Type": "application/json"})


def score_times_beside(port: int, flood_script: str) -> tuple[dict, list]:
    """What a flood run by `flood_script` (given the port and SECONDS; it prints "flooding" as
    it begins, then the statuses it met as JSON) met, and the seconds of a lone score timed
    every fifth of a second beside it once it had settled (None: not answered 200)."""
    for _ in range(4):   # both workers warmed
        assert score_time(port) is not None
    flood = subprocess.Popen([sys.executable, "-c", flood_script, str(port), str(SECONDS)],
                             stdout=subprocess.PIPE, text=True, cwd=REPO)
    assert flood.stdout is not None and flood.stdout.readline().strip() == "flooding"
    time.sleep(SETTLE_SECONDS)
    times = []
    deadline = time.monotonic() + SECONDS - SETTLE_SECONDS
    while time.monotonic() < deadline:
        times.append(score_time(port))
        time.sleep(0.2)
    return json.loads(flood.communicate(timeout=60)[0]), times


def test_a_lone_score_is_answered_promptly_while_forty_addresses_replay(server):
    """40 addresses, one kept-alive connection each, replaying a 33 KB Garden Dice log (some
    60 ms of engine work) as fast as they are answered. A replay held the worker's turn for
    computing while it also asked for the turn to play games, and every replay waited in the
    same line as scores: a lone score waited behind all of them, up to 10 s, and some were
    answered 503 after it."""
    statuses, times = score_times_beside(server.port, REPLAYS)
    shown = [round(t, 2) if t is not None else None for t in times]
    print("replays", statuses, "score", shown)
    assert statuses.get("200", 0) > 20 and set(statuses) <= {"200", "503"}, statuses
    answered = [t for t in times if t is not None]
    assert len(answered) == len(times) and max(answered) < 1.5, shown
