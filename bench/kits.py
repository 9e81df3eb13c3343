"""Kit build benchmarks, each build a whole process (start-up and imports included, as a player
pays them), all in the same run so that a busy machine slows every one of them alike:

- the Garden Variety kit (`gardenkit build --game garden-variety --paper letter --format pdf`)
  against bench/raw_reportlab.py, the floor: a plain reportlab script drawing the same 15 pages
  with comparable content. Goal: at most 2x the floor.
- the same deck drawn with protograf (bench/protograf_deck.py, the `bench` extra that `make
  bench` installs). Goal: protograf at least 5x slower than the kit build.
- every kit (Letter, PDF + SVG): goal under 3 s on the 2-core machine, under 200 MB peak.
- per kit on Letter: pages, sheets of paper (a two-sided sheet once) and the straight cuts
  it takes, with bleed gutters (the default) and with `--cut shared`. Counts, not times.

Each command runs once unmeasured first (warm file cache; protograf writes its font cache),
then its runs are interleaved with the others', and the median is taken; peak memory is the
child's own ru_maxrss (os.wait4).
"""
from __future__ import annotations

import compileall
import importlib.util
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


def median_runs(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """(median seconds, peak MB) of each command, its runs interleaved with the others' so that
    a change in the machine's load falls on all of them alike; one unmeasured run each first."""
    for command in commands.values():
        run_child(command)
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            results[name].append(run_child(command))
    return {name: (statistics.median(t for t, _ in found), max(m for _, m in found))
            for name, found in results.items()}


def goal_line(kit: float, floor: float, protograf: float | None) -> str:
    """'GV kit 0.21 s = 1.6× floor; protograf 6.1× slower: OK' (or MISSED, saying which)."""
    ratio = kit / floor
    missed = [] if ratio <= 2 else ["kit > 2× floor"]
    line = f"GV kit {kit:.2f} s = {ratio:.1f}× floor"
    if protograf is None:
        missed.append("protograf not installed: make bench installs it")
    else:
        slower = protograf / kit
        line += f"; protograf {slower:.1f}× slower"
        if slower < 5:
            missed.append("protograf < 5× slower")
    return f"{line}: " + ("OK" if not missed else "MISSED (" + "; ".join(missed) + ")")


def measurements(runs: int = 7) -> list[dict]:
    compile_project()
    has_protograf = importlib.util.find_spec("protograf") is not None
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        out = Path(folder)
        commands = {
            "kit": BUILD + ["--game", "garden-variety", "--paper", "letter", "--format", "pdf", "--out", str(out / "kit")],
            "floor": [sys.executable, "-m", "bench.raw_reportlab", str(out / "raw.pdf")],
        }
        if has_protograf:
            commands["protograf"] = [sys.executable, "-m", "bench.protograf_deck", "-d", str(out), "--no-png"]
        timed = median_runs(commands, runs)
        everything, peak = median_runs({"all": BUILD + ["--paper", "letter", "--out", str(out / "all")]},
                                       max(3, runs // 2))["all"]
    (kit, kit_mb), (floor, floor_mb) = timed["kit"], timed["floor"]
    protograf = timed["protograf"][0] if has_protograf else None
    rows = [
        {"what": "Garden Variety kit build (letter, pdf, 15 pages)", "value": round(kit, 3), "unit": "s",
         "note": f"median of {runs} processes, {kit_mb:.0f} MB peak"},
        {"what": "raw reportlab floor (the same 15 pages)", "value": round(floor, 3), "unit": "s",
         "note": f"median of {runs} processes, {floor_mb:.0f} MB peak"},
    ]
    if protograf is not None:
        rows.append({"what": "protograf: the 54-card deck and backs", "value": round(protograf, 3), "unit": "s",
                     "note": f"median of {runs} processes, {timed['protograf'][1]:.0f} MB peak"})
    rows += [
        {"what": "goal: GV kit <= 2x floor, protograf >= 5x slower", "value": round(kit / floor, 2), "unit": "x",
         "note": goal_line(kit, floor, protograf)},
        {"what": "every kit (letter, pdf+svg)", "value": round(everything, 3), "unit": "s",
         "note": "goal < 3 s" + ("" if everything < 3 else "  ** MISSED **")},
        {"what": "every kit: peak memory", "value": round(peak, 1), "unit": "MB",
         "note": "goal < 200 MB" + ("" if peak < 200 else "  ** MISSED **")},
    ]
    return rows + cut_counts()


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
