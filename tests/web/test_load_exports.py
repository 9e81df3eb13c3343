"""The whole-history exports on SQLite and PostgreSQL: the CSV is streamed batch by batch and
each player's record counted by the database, so 50,000 saved results cost seconds and a
bounded amount of memory, whatever the history's size -- with the same answers as counting
every result in Python."""
from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import scorer
from scorer.store.storage import SavedResult, Storage, _groups_of, _newest_first, player_stats
from tests.support.history_states import KIM_WINS, LEE_WINS
from tests.support.made_once import made_once

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.hostile import history_of  # noqa: E402

pytest_plugins = ["tests.support.load_fixtures"]

GD = scorer.GAMES["garden-dice"].example_state


def spelled(state: dict, first: str) -> dict:
    return {**state, "players": [{**state["players"][0], "name": first}, *state["players"][1:]]}


def test_players_and_csv_counted_by_the_database_match_counting_in_python(database_url):
    store = Storage(database_url)
    try:
        for game, state in (("garden-variety", KIM_WINS), ("garden-variety", LEE_WINS),
                            ("garden-variety", spelled(KIM_WINS, " KIM ")), ("garden-dice", GD),
                            ("garden-dice", spelled(GD, "kim"))):
            store.save(game, state, scorer.score(game, state))
        for only in (None, "garden-dice"):
            with store._session() as session:
                found = session.execute(_newest_first(only, SavedResult.game, SavedResult.result,
                                                      SavedResult.saved_at, SavedResult.id))
                in_python = player_stats(_groups_of(found))
            assert store.player_stats(only) == in_python
        kim = next(p for p in store.player_stats() if p["name"].casefold() == "kim")
        assert kim["name"] == "kim" and kim["games"] == 4  # the newest spelling
        rows = list(csv.DictReader(io.StringIO("".join(store.csv()))))
        header = list(rows[0])
        gd_categories = list(scorer.score("garden-dice", GD)["players"][0]["breakdown"])
        gv_categories = list(scorer.score("garden-variety", KIM_WINS)["players"][0]["breakdown"])
        assert header[8:-2] == list(dict.fromkeys(gd_categories + gv_categories))  # newest game first
        assert len(rows) == sum(len(s["players"]) for s in (KIM_WINS, LEE_WINS, KIM_WINS, GD, GD))
    finally:
        store.engine.dispose()


@pytest.fixture
def fifty_thousand(tmp_path_factory, tmp_path):
    """The 50,000 results, made once for the run and copied for each test."""
    made = made_once(tmp_path_factory, "fifty-thousand-results.db", lambda path: history_of(path, 50_000))
    shutil.copyfile(made, tmp_path / "results.db")
    return f"sqlite:///{tmp_path / 'results.db'}"


# Run in a process of its own, so its peak memory is the export's, not the test session's.
MEASURE = """
import resource, sys, time
from scorer.store.storage import Storage
store = Storage(sys.argv[1])
store.player_stats("garden-dice")  # connections, JSON and the SQL compiled: the baseline
before, started = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.process_time()
if sys.argv[2] == "csv":
    assert sum(len(chunk) for chunk in store.csv()) > 10_000_000
else:
    assert len(store.player_stats()) > 5
print(time.process_time() - started, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
"""


@pytest.mark.slow
@pytest.mark.parametrize("export, most_seconds", [("csv", 1.5), ("players", 1.0)])
def test_exporting_50000_results_takes_bounded_time_and_memory(fifty_thousand, export, most_seconds):
    run = subprocess.run([sys.executable, "-c", MEASURE, fifty_thousand, export],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    seconds, megabytes = map(float, run.stdout.split())
    assert megabytes < 50, f"{megabytes:.0f} MB more at the peak"
    assert seconds < most_seconds, f"{seconds:.1f} s of the processor"
