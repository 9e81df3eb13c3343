"""The longer load-and-fault run of `make bench` (the test suite runs a short one):
many clients saving through the production server on SQLite and on PostgreSQL while
gunicorn workers are killed one after another; then every acknowledged save is looked for
in the database (tests/support/prod_server.py: exactly once, under its id, whole).

The figure is acknowledged saves per second; the note says how many were acknowledged,
lost or duplicated (goal: zero of both) and how many attempts died with a killed worker.
"""
from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
import time
from pathlib import Path

from tests.support import pg
from tests.support.prod_server import ProductionServer, SaveRun, assert_stored_exactly_once, save_concurrently

CLIENTS = 16
SAVES_EACH = 100
WORKERS = 3
KILLS = 3


def _run(url: str, log: Path) -> dict:
    with ProductionServer(url, workers=WORKERS, log_path=log) as server:
        server.wait_for_workers(WORKERS)
        run = SaveRun(prefix="bench-")
        started = time.perf_counter()
        load = threading.Thread(target=save_concurrently, args=(server.url, CLIENTS, SAVES_EACH, 300),
                                kwargs={"run": run, "keep_alive": False})
        load.start()
        total = CLIENTS * SAVES_EACH
        for kill in range(1, KILLS + 1):  # spread the kills over the run
            while load.is_alive() and len(run.acknowledged) < total * kill / (KILLS + 1):
                time.sleep(0.01)
            if load.is_alive():
                os.kill(server.busiest_worker(), signal.SIGKILL)
                server.wait_for_workers(WORKERS)
        load.join()
        elapsed = time.perf_counter() - started
    try:
        stored = assert_stored_exactly_once(url, run)
        verdict = "0 lost, 0 duplicated, every row whole"
    except AssertionError as failure:
        stored, verdict = None, f"FAILED: {str(failure)[:200]}"
    http_errors = {s: n for s, n in run.statuses.items() if isinstance(s, int) and s != 201}
    return {"rate": len(run.acknowledged) / elapsed, "acknowledged": len(run.acknowledged),
            "dropped": len(run.unacknowledged), "stored": stored, "verdict": verdict,
            "http_errors": http_errors}


def measurements() -> list[dict]:
    rows = []
    reason = pg.unavailable_reason()
    with tempfile.TemporaryDirectory(prefix="gardenkit-durability-") as folder, \
            contextlib.ExitStack() as cleanup:
        targets = [("SQLite", lambda: f"sqlite:///{Path(folder) / 'results.db'}")]
        if reason is None:
            cluster = cleanup.enter_context(pg.running_postgres())
            targets.append(("PostgreSQL", lambda: cluster.create_database("durability")))
        for name, make_url in targets:
            outcome = _run(make_url(), Path(folder) / f"{name}.log")
            note = (f"{outcome['acknowledged']} acknowledged, {outcome['verdict']}; "
                    f"{outcome['dropped']} attempts died with a killed worker")
            if outcome["http_errors"]:
                note += f"; HTTP errors {outcome['http_errors']}"
            rows.append({"what": f"saves, {name}, {CLIENTS} clients, {KILLS} workers killed",
                         "value": round(outcome["rate"]), "unit": "saves/s", "note": note})
    if reason:
        rows.append({"what": "saves, PostgreSQL", "value": None, "unit": "", "note": f"skipped: {reason}"})
    return rows


if __name__ == "__main__":
    for row in measurements():
        print(row)
