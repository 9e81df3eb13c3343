"""Bad input at volume: schemathesis over /openapi.json against the production server, with
a far larger example budget than the test suite's bounded run (tests/test_app_properties.py).

Every answer is read back from schemathesis' HAR report, so the count of 5xx answers comes
from what the server really sent, not from schemathesis' summary. Reports are kept under
bench/reports/ (git-ignored): the HAR of every exchange, JUnit XML, and schemathesis' output.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.support.prod_server import ProductionServer

REPO = Path(__file__).resolve().parent.parent

EXAMPLES_PER_OPERATION = 200
SEED = 20261122
WORKERS = 2


def run_schemathesis(base_url: str, report_dir: Path, examples: int) -> subprocess.CompletedProcess:
    command = [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base_url}/openapi.json",
               "--checks", "not_a_server_error", "--max-examples", str(examples), "--seed", str(SEED),
               "--workers", "1", "--no-color", "--generation-database", "none",
               "--report", "har,junit", "--report-dir", str(report_dir)]
    return subprocess.run(command, capture_output=True, text=True, timeout=1800, cwd=REPO)


def statuses_in(har_path: Path) -> Counter:
    entries = json.loads(har_path.read_text())["log"]["entries"]
    return Counter(entry["response"]["status"] for entry in entries)


def measurements(examples: int = EXAMPLES_PER_OPERATION) -> list[dict]:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    report_dir = REPO / "bench" / "reports" / f"schemathesis-{stamp}"
    report_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gardenkit-fuzz-") as folder:
        url = f"sqlite:///{Path(folder) / 'results.db'}"
        with ProductionServer(url, workers=WORKERS, log_path=report_dir / "server.log") as server:
            started = time.perf_counter()
            done = run_schemathesis(server.url, report_dir, examples)
            elapsed = time.perf_counter() - started
    (report_dir / "schemathesis.txt").write_text(done.stdout + done.stderr)
    hars = sorted(report_dir.glob("har-*.json"))
    if not hars:
        raise RuntimeError(f"schemathesis wrote no HAR report (exit {done.returncode}): "
                           f"{(done.stdout + done.stderr)[-400:]}")
    statuses = statuses_in(hars[0])
    total = sum(statuses.values())
    server_errors = sum(n for status, n in statuses.items() if status >= 500)
    spread = ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
    where = report_dir.relative_to(REPO)
    return [
        {"what": f"schemathesis requests ({examples} examples per operation)", "value": total,
         "unit": "requests", "note": f"{elapsed:.0f} s; statuses {spread}"},
        {"what": "schemathesis 5xx answers", "value": server_errors, "unit": "",
         "note": f"goal 0: {'met' if server_errors == 0 else 'MISSED'}; schemathesis exit "
                 f"{done.returncode}; reports in {where}/"},
    ]


if __name__ == "__main__":
    for row in measurements(int(sys.argv[1]) if len(sys.argv) > 1 else EXAMPLES_PER_OPERATION):
        print(row)
