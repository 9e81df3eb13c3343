"""Kit build benchmarks, each build a whole `gardenkit build` process (start-up and imports
included, as a player pays them):

- the Garden Variety deck (Letter, PDF) against bench/raw_reportlab.py, the floor: a
  minimal hand-written reportlab script drawing 54 cards with backs. Goal: at most 2x.
- every kit (Letter, PDF + SVG): goal under 3 s on the 2-core machine, under 200 MB peak.
- per kit on Letter: pages, sheets of paper (a two-sided sheet once) and the straight cuts
  it takes, with bleed gutters (the default) and with `--cut shared`. Counts, not times.

Times are medians of several runs; peak memory is the child's own ru_maxrss (os.wait4).
"""
from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUILD = [sys.executable, "-m", "scorer.cli", "build", "--quiet"]
REPO = Path(__file__).resolve().parent.parent


def compile_project() -> None:
    """Bytecode for the project's modules (and the floor script), as `pip install` writes it
    for an installed package. This machine sets PYTHONDONTWRITEBYTECODE, so without it every
    timed build would compile pnp/ and scorer/ from source again (about 35 ms of a 240 ms
    deck build), which no installed copy does; the floor's reportlab comes compiled."""
    for package in ("pnp", "scorer", "bench"):
        compileall.compile_dir(REPO / package, quiet=1)


def run_child(command: list[str]) -> tuple[float, float]:
    """(wall seconds, peak resident MB) of one child process; raises if it fails."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        error = process.stderr.read().decode(errors="replace") if process.stderr else ""
        raise RuntimeError(f"{' '.join(command[2:])} failed ({process.returncode}): {error.strip()}")
    if process.stderr:
        process.stderr.close()
    return elapsed, usage.ru_maxrss / 1024  # Linux reports KiB


def median_run(command: list[str], runs: int) -> tuple[float, float]:
    results = [run_child(command) for _ in range(runs)]
    return statistics.median(t for t, _ in results), max(m for _, m in results)


def measurements(runs: int = 7) -> list[dict]:
    compile_project()
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        out = Path(folder)
        deck, deck_mb = median_run(BUILD + ["--game", "garden-variety", "--paper", "letter", "--format", "pdf",
                                            "--out", str(out / "deck")], runs)
        floor, floor_mb = median_run([sys.executable, "-m", "bench.raw_reportlab", str(out / "raw.pdf")], runs)
        everything, peak = median_run(BUILD + ["--paper", "letter", "--out", str(out / "all")], max(3, runs // 2))
    ratio = deck / floor
    return [
        {"what": "Garden Variety deck build (letter, pdf)", "value": round(deck, 3), "unit": "s",
         "note": f"median of {runs} processes, {deck_mb:.0f} MB peak"},
        {"what": "raw reportlab floor (54 cards + backs)", "value": round(floor, 3), "unit": "s",
         "note": f"median of {runs} processes, {floor_mb:.0f} MB peak"},
        {"what": "deck build / floor", "value": round(ratio, 2), "unit": "x",
         "note": "goal <= 2" + ("" if ratio <= 2 else "  ** MISSED **")},
        {"what": "every kit (letter, pdf+svg)", "value": round(everything, 3), "unit": "s",
         "note": "goal < 3 s" + ("" if everything < 3 else "  ** MISSED **")},
        {"what": "every kit: peak memory", "value": round(peak, 1), "unit": "MB",
         "note": "goal < 200 MB" + ("" if peak < 200 else "  ** MISSED **")},
    ] + cut_counts()


def cut_counts() -> list[dict]:
    """Per kit on Letter: the straight cuts it takes (the build prints the same figure)."""
    from pnp.build import impose_kit
    from pnp.cuts import count_cuts, paper_sheets
    from pnp.kits import available_kits
    from pnp.options import PAPERS, BuildOptions

    rows = []
    for game in available_kits():
        kit = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
        shared = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,), cut="shared"))
        rows.append({"what": f"{game} (letter): straight cuts", "value": count_cuts(kit), "unit": "cuts",
                     "note": f"{len(kit.sheets)} pages on {paper_sheets(kit)} sheets; "
                             f"{count_cuts(shared)} cuts with --cut shared"})
    return rows
