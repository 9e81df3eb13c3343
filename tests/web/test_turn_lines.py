"""Against the real server (`gardenkit serve`, two gevent workers): a request takes one of its
worker's turns, the one for its kind of work, and never waits for a second while it holds it,
so a flood of one kind (replays) does not make a lone request of another kind (a score) wait
in its line."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.prod_server import ProductionServer, score_times_beside, shown

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

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


def test_a_lone_score_is_answered_promptly_while_forty_addresses_replay(server):
    """40 addresses, one kept-alive connection each, replaying a 33 KB Garden Dice log (some
    60 ms of engine work) as fast as they are answered. A replay held the worker's turn for
    computing while it also asked for the turn to play games, and every replay waited in the
    same line as scores: a lone score waited behind all of them, up to 10 s, and some were
    answered 503 after it."""
    statuses, times = score_times_beside(server.port, REPLAYS)
    print("replays", statuses, "score", shown(times))
    assert statuses.get("200", 0) > 20 and set(statuses) <= {"200", "503"}, statuses
    answered = [t for t in times if t is not None]
    assert len(answered) == len(times) and max(answered) < 1.5, shown(times)


PIPELINED = """
import json, sys
from bench.floods import SCORING_SOURCES, SMALL_SCORE, pipelined
port, seconds = int(sys.argv[1]), float(sys.argv[2])
print("flooding", flush=True)
print(json.dumps(pipelined(port, SMALL_SCORE[0], json.dumps(SMALL_SCORE[1]).encode(), 30, seconds, SCORING_SOURCES)))
"""


def test_a_lone_score_is_answered_promptly_beside_pipelined_scores_from_240_addresses(server):
    """240 addresses, one kept-alive connection each, writing 30 small scores at once and
    reading the answers, again and again, while a small score from a new address each time is
    timed (a newcomer: its address goes first in the line). Every request passed a count of the turn's line
    kept in a semaphore, which under gevent waited for its own lock even when the turn was
    free: a lone score waited there 12-30 s, or was not answered within 15 s. Now 0.01-0.06 s
    (load 6-8)."""
    newcomers = (f"127.0.3.{number}" for number in range(1, 255))
    statuses, times = score_times_beside(server.port, PIPELINED, seconds=12.0, sources=newcomers)
    print("pipelined scores", statuses, "score", shown(times))
    assert statuses.get("200", 0) > 1000, statuses
    answered = sorted(t for t in times if t is not None)
    assert len(answered) == len(times), shown(times)
    assert answered[len(answered) // 2] < 0.5 and answered[-1] < 3.0, shown(times)
