"""PostgreSQL stopped while clients are saving through the production server: each client
gets a clear 503 JSON (never a 500, never a traceback), scoring keeps working, /healthz
says the database is down, and once PostgreSQL is back saves succeed again -- with every
acknowledged save stored exactly once."""
from __future__ import annotations

import threading

import pytest

import scorer
from tests.support.prod_server import (
    ProductionServer,
    SaveRun,
    assert_stored_exactly_once,
    marked_state,
    request,
    save_concurrently,
    wait_until,
)

pytest_plugins = ["tests.support.load_fixtures"]

pytestmark = [pytest.mark.slow, pytest.mark.postgres]



def test_a_database_outage_is_a_clear_503_and_the_app_recovers(private_postgres, tmp_path):
    if "garden-variety" not in scorer.GAMES:
        pytest.skip("garden-variety rules are not written yet")
    url = private_postgres.create_database("outage")
    with ProductionServer(url, workers=2, log_path=tmp_path / "server.log") as server:
        run, stop = SaveRun(prefix="outage-"), threading.Event()
        load = threading.Thread(target=save_concurrently, args=(server.url, 4, 10_000, 60),
                                kwargs={"run": run, "stop": stop})
        load.start()
        try:
            wait_until(lambda: len(run.acknowledged) >= 20, 20, "saves before the outage")
            private_postgres.stop()
            wait_until(lambda: run.statuses[503] >= 10, 20, "503s during the outage")

            status, health = request(server.url, "GET", "/healthz")
            assert status == 503 and health["status"] == "unavailable"
            status, scored = request(server.url, "POST", "/api/games/garden-variety/score",
                                     marked_state("Kim"))
            assert status == 200 and scored["winners"] == ["Kim"]

            private_postgres.start()
            acknowledged_before = len(run.acknowledged)
            wait_until(lambda: len(run.acknowledged) >= acknowledged_before + 20, 20,
                       "saves after PostgreSQL came back")
        finally:
            stop.set()
            load.join(timeout=30)

        assert set(run.statuses) <= {201, 503}, (run.statuses, run.bodies)
        for _status, body in run.bodies:
            assert set(body) == {"error"} and "not available" in body["error"]
            assert "Traceback" not in body["error"]
        assert request(server.url, "GET", "/healthz")[0] == 200
        assert_stored_exactly_once(url, run)
