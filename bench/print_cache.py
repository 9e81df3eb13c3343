"""Printing from the app: what a player waits for a kit.

- first build: GET /kits/<game>.pdf on a worker that has not built anything yet (a fresh
  process with the app created, so the lazy imports of the PDF renderer are paid as a real
  first request pays them). Goal: under 1 s per game.
- cached answer: the same request again, answered from the kit cache (median of many, the
  app's own time through Flask's test client, no network). Goal: under 20 ms.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIRST_GOAL_S = 1.0
CACHED_GOAL_MS = 20.0
REPO = Path(__file__).resolve().parent.parent


def make_client(folder: str):
    from scorer import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "INSTANCE_PATH": folder,
                      "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3"})
    return app.test_client()


def timed_get(client, address: str) -> float:
    start = time.perf_counter()
    answer = client.get(address)
    elapsed = time.perf_counter() - start
    if answer.status_code != 200:
        raise RuntimeError(f"{address} answered {answer.status_code}")
    return elapsed


def first_build(game: str) -> float:
    """Seconds of the first GET /kits/<game>.pdf in a fresh process (run as a child)."""
    done = subprocess.run([sys.executable, "-m", "bench.print_cache", "--first", game], cwd=REPO,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"first build of {game} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)["seconds"]


def cached_answer_ms(client, address: str, runs: int) -> float:
    timed_get(client, address)  # built (or found) once
    return statistics.median(timed_get(client, address) for _ in range(runs)) * 1000


def goal(met: bool, text: str) -> str:
    return text + ("" if met else "  ** MISSED **")


def measurements(runs: int = 50) -> list[dict]:
    from pnp.kits import available_kits

    rows = []
    for game in available_kits():
        seconds = first_build(game)
        rows.append({"what": f"first build: {game} PDF (letter)", "value": round(seconds * 1000), "unit": "ms",
                     "note": goal(seconds < FIRST_GOAL_S, f"goal < {FIRST_GOAL_S * 1000:.0f} ms, fresh worker")})
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        client = make_client(folder)
        for game in available_kits():
            ms = cached_answer_ms(client, f"/kits/{game}.pdf", runs)
            rows.append({"what": f"cached answer: {game} PDF", "value": round(ms, 2), "unit": "ms",
                         "note": goal(ms < CACHED_GOAL_MS, f"goal < {CACHED_GOAL_MS:g} ms, median of {runs}")})
        every = timed_get(client, "/kits/all.zip?paper=a4")
        rows.append({"what": "all.zip (a4), first", "value": round(every * 1000), "unit": "ms",
                     "note": "every kit's PDF and SVG pages; no goal"})
    return rows


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--first":
        with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
            client = make_client(folder)
            print(json.dumps({"seconds": timed_get(client, f"/kits/{argv[1]}.pdf")}))
        return 0
    for row in measurements():
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
