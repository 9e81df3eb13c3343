"""Requests per second and p50/p99 latency through the production server.

`gardenkit serve` (gunicorn, scorer.serve.OneThreadWorker) is started on a free loopback
port with a throwaway SQLite database, exactly as a user runs it. At 1, 8 and 32 concurrent connections
it is driven (bench/loadgen.py) with
- the scoring request: POST /api/games/garden-dice/score, a 4-player end state, and
- a trivial request on the same server: GET /api/games (a JSON listing built from constants,
  no database; /healthz would add a database round trip to the "trivial" side),
alternating between the two so both see the same machine noise. Each figure is the median
of several runs; the ratio (scoring rps / trivial rps) is what to compare between machines.
The server's CPU time per request (every gunicorn process, read from /proc) is given too:
it moves less than wall-clock rates when other programs share the cores, though it still
grows when they crowd the caches.

Goals (issue 8): ratio >= 0.8; scoring p99 < 20 ms at 32 connections on this 2-core machine.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.loadgen import LoadResult, build_request, run_load
from bench.samples import GARDEN_DICE_4P

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the server launcher shared with the load tests

from prod_server import ProductionServer, cpu_seconds, request  # noqa: E402

CONCURRENCY = (1, 8, 32)
WORKERS = 2          # one per core: the load generator runs on the same two cores
RUNS = 7
SECONDS = 1.5
SCORE_PATH = "/api/games/garden-dice/score"
TRIVIAL_PATH = "/api/games"
P99_GOAL_MS = 20.0
RATIO_GOAL = 0.8


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _median(results: list[LoadResult], measure) -> float:
    return statistics.median(measure(r) for r in results)


def measurements(workers: int = WORKERS, runs: int = RUNS, seconds: float = SECONDS,
                 concurrency=CONCURRENCY) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'results.db'}"
        with ProductionServer(url, workers=workers, log_path=Path(folder) / "server.log") as server:
            server.wait_for_workers(workers)
            status, body = request(server.url, "POST", SCORE_PATH, GARDEN_DICE_4P)
            if status != 200:
                raise RuntimeError(f"the scoring request answers {status}: {body}")
            requests = {
                "score": build_request("127.0.0.1", server.port, "POST", SCORE_PATH, GARDEN_DICE_4P),
                "trivial": build_request("127.0.0.1", server.port, "GET", TRIVIAL_PATH),
            }
            # Each round runs every level and both requests back to back, so a burst of noise
            # from other programs spoils one round of everything rather than one whole level.
            results = {(level, name): [] for level in concurrency for name in requests}
            for _ in range(runs):
                for level in concurrency:
                    for name, raw in requests.items():
                        workers_before = {pid: cpu_seconds(pid) for pid in server.worker_pids()}
                        before = server.cpu_seconds()
                        result = run_load("127.0.0.1", server.port, raw, level, seconds)
                        result.server_cpu = (server.cpu_seconds() - before) / max(result.completed, 1)
                        result.busiest_share = _busiest_share(workers_before)
                        results[(level, name)].append(result)
    rows: list[dict] = []
    for level in concurrency:
        rows += _level_rows({name: results[(level, name)] for name in requests}, level, workers)
    return rows


def _busiest_share(before: dict[int, float]) -> float:
    """The share of the run's worker CPU time spent by the busiest worker: 1/workers when
    the connections are spread evenly, 1.0 when they all sit on one worker."""
    used = [cpu_seconds(pid) - start for pid, start in before.items()]
    return max(used) / sum(used) if sum(used) > 0 else 0.0


def _level_rows(results: dict[str, list[LoadResult]], connections: int, workers: int) -> list[dict]:
    rows = []
    for name, label in (("trivial", f"GET {TRIVIAL_PATH}"), ("score", "garden-dice score, 4 players")):
        runs = results[name]
        p50 = _median(runs, lambda r: r.percentile(0.50))
        p99 = _median(runs, lambda r: r.percentile(0.99))
        cpu = _median(runs, lambda r: r.server_cpu)
        note = f"p50 {_ms(p50)}, p99 {_ms(p99)}, server CPU {cpu * 1e6:.0f} us/request"
        if name == "score" and connections == 32:
            note += f" (goal p99 < {P99_GOAL_MS:g} ms: {'met' if p99 * 1000 < P99_GOAL_MS else 'MISSED'})"
        bad = sum(sum(n for s, n in r.statuses.items() if s != 200) + r.errors for r in runs)
        if bad:
            note += f"; {bad} non-200 answers or dropped connections"
        rows.append({"what": f"{label}, {connections} conn ({workers} workers)",
                     "value": round(_median(runs, lambda r: r.rps)), "unit": "req/s", "note": note})
    ratio = _paired_median(results, lambda r: r.rps)
    cpu_ratio = 1 / _paired_median(results, lambda r: r.server_cpu)
    rows.append({"what": f"score / trivial throughput, {connections} conn", "value": round(ratio, 2),
                 "unit": "x", "note": f"goal >= {RATIO_GOAL}: {'met' if ratio >= RATIO_GOAL else 'MISSED'}; "
                                      f"by server CPU per request {cpu_ratio:.2f}; busiest worker "
                                      f"{_median(results['score'] + results['trivial'], lambda r: r.busiest_share):.0%}"
                                      " of the work"})
    return rows


def _paired_median(results: dict[str, list[LoadResult]], measure) -> float:
    """Median over rounds of score/trivial within each round: neighbours share their noise."""
    return statistics.median(measure(s) / measure(t) for s, t in zip(results["score"], results["trivial"])
                             if measure(t))


if __name__ == "__main__":
    for row in measurements():
        print(f"{row['what']:<55} {row['value']:>8} {row['unit']:<6} {row['note']}")
