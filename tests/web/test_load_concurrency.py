"""Many clients saving at once through the production server (`gardenkit serve`: gunicorn,
3 worker processes with threads) on SQLite (WAL, busy timeout) and on PostgreSQL, calmly and
with a worker killed in the middle: every acknowledged save is in the database exactly once,
and no row is half-written. Kept short here (a few hundred saves per database)."""
from __future__ import annotations

import os
import signal
import threading

import pytest

import scorer
from tests.support.prod_server import (
    ProductionServer,
    SaveRun,
    assert_stored_exactly_once,
    request,
    save_concurrently,
    wait_until,
)

pytest_plugins = ["tests.support.load_fixtures"]

pytestmark = pytest.mark.slow

CLIENTS = 8
WORKERS = 3


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def served(request, tmp_path_factory):
    """One production server per database for the tests of this module (each test tells
    its own saves apart by a marker prefix)."""
    if "garden-variety" not in scorer.GAMES:
        pytest.skip("garden-variety rules are not written yet")
    folder = tmp_path_factory.mktemp(request.param)
    if request.param == "sqlite":
        url = f"sqlite:///{folder / 'results.db'}"
    else:
        url = request.getfixturevalue("postgres_server").create_database(f"concurrency_{os.getpid()}")
    with ProductionServer(url, workers=WORKERS, log_path=folder / "server.log") as server:
        server.wait_for_workers(WORKERS)
        yield server


def test_concurrent_saves_are_each_stored_exactly_once(served):
    run = save_concurrently(served.url, CLIENTS, saves_each=20, seconds=30, run=SaveRun(prefix="calm-"))
    assert run.statuses == {201: CLIENTS * 20}, run.bodies
    assert len(set(run.acknowledged.values())) == CLIENTS * 20
    assert assert_stored_exactly_once(served.database_url, run) == CLIENTS * 20


def test_a_worker_killed_mid_run_loses_no_acknowledged_save(served):
    served.wait_for_workers(WORKERS)
    run = SaveRun(prefix="kill-")
    load = threading.Thread(target=save_concurrently,
                            args=(served.url, CLIENTS, 40, 30),
                            kwargs={"run": run, "keep_alive": False})
    load.start()
    wait_until(lambda: len(run.acknowledged) >= 30, 20, "the first saves")
    victim = served.busiest_worker()
    os.kill(victim, signal.SIGKILL)
    acknowledged_at_kill = len(run.acknowledged)
    load.join(timeout=60)

    assert len(run.acknowledged) > acknowledged_at_kill + 20, "the server stopped answering"
    errors = {status for status in run.statuses if status != 201}
    assert all(isinstance(status, str) for status in errors), \
        f"only dropped connections may fail, not HTTP errors: {run.statuses} {run.bodies}"
    respawned = served.wait_for_workers(WORKERS)
    assert victim not in respawned
    assert request(served.url, "GET", "/healthz")[0] == 200
    stored = assert_stored_exactly_once(served.database_url, run)
    assert len(run.acknowledged) <= stored <= len(run.acknowledged) + len(run.unacknowledged)


@pytest.mark.postgres
def test_two_instances_behind_one_database_share_every_save(postgres_server, tmp_path):
    """Two separate servers (own processes, own instance folders, one shared secret) on one
    PostgreSQL database, as on a shared server behind a proxy: saves made through either
    are each stored once, with ids unique across both, and either lists them all."""
    if "garden-variety" not in scorer.GAMES:
        pytest.skip("garden-variety rules are not written yet")
    url = postgres_server.create_database(f"instances_{os.getpid()}")
    instances = []
    for name in ("a", "b"):
        env = {"GARDENKIT_INSTANCE_PATH": str(tmp_path / name), "GARDENKIT_SECRET_KEY": "shared-secret"}
        instances.append(ProductionServer(url, workers=2, env=env, log_path=tmp_path / f"{name}.log"))
    with instances[0] as first, instances[1] as second:
        runs = {first.url: SaveRun(prefix="a-"), second.url: SaveRun(prefix="b-")}
        loads = [threading.Thread(target=save_concurrently, args=(base, 4, 15, 30), kwargs={"run": run})
                 for base, run in runs.items()]
        for load in loads:
            load.start()
        for load in loads:
            load.join(timeout=60)
        ids: list[int] = []
        for run in runs.values():
            assert run.statuses == {201: 60}, run.bodies
            assert assert_stored_exactly_once(url, run) == 60
            ids += run.acknowledged.values()
        assert len(set(ids)) == 120
        for server in (first, second):
            listed_ids: set[int] = set()
            page: str | None = "/api/results?limit=100"
            while page:
                status, listed = request(server.url, "GET", page)
                assert status == 200
                listed_ids |= {r["id"] for r in listed["results"]}
                page = listed.get("next")
            assert listed_ids >= set(ids)
