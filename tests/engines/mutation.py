"""`make mutate`: a sampled mutation test of every game's rules.py and engine.py with
cosmic-ray, killed by the judged random games (tests/support/engine_harness.py) and then the
game's own unit tests (tests/games/<game>/).

For each game: cosmic-ray lists every mutant of the two modules, a seeded sample of SAMPLE of
them is run (the rest marked skipped through cosmic-ray's work database, as its filters do),
each against `python -m tests.engines.mutation --judge GAME`, which plays a few judged random
games, fails on the first fault, and else runs the game's unit tests, stopping at the first
failure. It works in a copy of the tracked files, so the working
tree is never mutated. Prints the kill rate per game (docs/engines.md records it).

    python -m tests.engines.mutation [--sample 40] [--games cottage-garden,...]
"""
from __future__ import annotations

import argparse
import ast
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ("cottage-garden", "garden-dice", "garden-variety", "harvest-dice", "propagation")
JUDGED_GAMES = 6     # judged random games a mutant has to show in (player counts in turn)
TIMEOUT = 120        # seconds; a mutant that loops for ever is killed by it
ROOT = Path(__file__).resolve().parents[2]

Span = tuple[tuple[int, int], tuple[int, int]]  # (line, column) of a node's start and end, as cosmic-ray counts


def out_of_scope(source: str) -> list[Span]:
    """The parts of a module whose mutants the judged games cannot see, by design:
    - a function's parameter and return annotations and a local variable's: with
      `from __future__ import annotations` they are never evaluated (a class's field
      annotations are kept: pydantic reads them);
    - a comparison with `rng.random()`: the random player's odds, which choose the games
      played, not a rule they are judged by."""
    spans: list[Span] = []
    def span(node: ast.expr) -> None:
        spans.append(((node.lineno, node.col_offset), (node.end_lineno or node.lineno, node.end_col_offset or 0)))
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if function.returns is not None:
            span(function.returns)
        for node in ast.walk(function):
            if isinstance(node, (ast.arg, ast.AnnAssign)) and node.annotation is not None:
                span(node.annotation)
            elif isinstance(node, ast.Compare) and any(
                    isinstance(side, ast.Call) and isinstance(side.func, ast.Attribute) and side.func.attr == "random"
                    for side in (node.left, *node.comparators)):
                span(node)
    return spans


def in_scope(mutations: list, spans: dict[Path, list[Span]]) -> bool:
    """False for a mutant that lies wholly inside an out-of-scope part of its module."""
    for mutation in mutations:
        path = Path(mutation.module_path)
        if path not in spans:
            spans[path] = out_of_scope(path.read_text())
        start, end = tuple(mutation.start_pos), tuple(mutation.end_pos)
        if any(low <= start and end <= high for low, high in spans[path]):
            return False
    return True


def unit_tests(game_id: str) -> list[str]:
    """The pytest command for a game's own unit tests: stop at the first failure, quiet, in
    file order, one process, no cache written into the copy."""
    folder = ROOT / "tests" / "games" / game_id.replace("-", "_")
    return [sys.executable, "-m", "pytest", str(folder.relative_to(ROOT)), "-x", "-q",
            "-p", "no:randomly", "-p", "no:xdist", "-p", "no:cacheprovider"]


def judge(game_id: str) -> int:
    """Exit status 1 at the first fault of JUDGED_GAMES judged random games or at the game's
    first failing unit test, else 0."""
    from tests.support.engine_harness import play_and_judge, player_counts
    counts = player_counts(game_id)
    for seed in range(JUDGED_GAMES):
        try:
            play_and_judge(game_id, counts[seed % len(counts)], seed)
        except Exception as fault:  # noqa: BLE001 - a mutant may fail in any way; each is a kill
            print(f"killed: {type(fault).__name__}: {str(fault)[:300]}")
            return 1
    units = subprocess.run(unit_tests(game_id), capture_output=True, text=True)
    if units.returncode:
        print(f"killed by a unit test:\n{units.stdout[-600:]}{units.stderr[-300:]}")
        return 1
    return 0


def sampled_run(game_id: str, sample: int, copy: Path) -> tuple[int, int, int]:
    """(killed, run, mutants in scope) for one game's rules.py and engine.py."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    package = copy / "scorer" / "games" / game_id.replace("-", "_")
    config, session = copy / f"{game_id}.toml", copy / f"{game_id}.sqlite"
    config.write_text(
        "[cosmic-ray]\n"
        f'module-path = ["{package / "rules.py"}", "{package / "engine.py"}"]\n'
        f"timeout = {TIMEOUT}\n"
        "excluded-modules = []\n"
        f'test-command = "{sys.executable} -m tests.engines.mutation --judge {game_id}"\n'
        '[cosmic-ray.distributor]\nname = "local"\n')
    cosmic = [sys.executable, "-m", "cosmic_ray.cli"]
    subprocess.run([*cosmic, "init", str(config), str(session)], cwd=copy, check=True)
    with use_db(str(session), WorkDB.Mode.open) as db:
        listed = sorted(db.pending_work_items, key=lambda item: [  # job ids are random; the mutations are not
            (str(m.module_path), m.operator_name, m.occurrence) for m in item.mutations])
        spans: dict[Path, list[Span]] = {}
        items = [item for item in listed if in_scope(item.mutations, spans)]
        chosen = {item.job_id for item in random.Random(f"mutate-{game_id}").sample(items, min(sample, len(items)))}
        db.set_multiple_results([item.job_id for item in listed if item.job_id not in chosen],
                                WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    subprocess.run([*cosmic, "exec", str(config), str(session)], cwd=copy, check=True)
    with use_db(str(session), WorkDB.Mode.open) as db:
        results = [result for _, result in db.results if result.worker_outcome != WorkerOutcome.SKIPPED]
        killed = sum(result.test_outcome == TestOutcome.KILLED for result in results)
        survivors = [result.diff for result in results if result.test_outcome == TestOutcome.SURVIVED]
    for diff in survivors:
        print(f"--- {game_id}: a mutant survived\n{diff}")
    print(f"{game_id}: {len(listed) - len(items)} of {len(listed)} mutants out of scope")
    return killed, len(results), len(items)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", help=argparse.SUPPRESS)
    parser.add_argument("--sample", type=int, default=40, help="mutants run per game")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    if args.judge:
        return judge(args.judge)
    rates = []
    with tempfile.TemporaryDirectory(prefix="gardenkit-mutate-") as folder:
        copy = Path(folder)
        tracked = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                 cwd=ROOT, check=True, capture_output=True, text=True)
        for name in filter(None, tracked.stdout.split("\0")):
            if (ROOT / name).is_file():
                (copy / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, copy / name)
        for game_id in args.games.split(","):
            # cosmic-ray's baseline: unmutated, the judged games and unit tests pass, or every
            # mutant would look killed
            baseline = subprocess.run([sys.executable, "-m", "tests.engines.mutation", "--judge", game_id], cwd=copy,
                                      capture_output=True, text=True)
            if baseline.returncode:
                raise SystemExit(f"{game_id}: the unmutated game fails its judged games or unit tests: {baseline.stdout}"
                                 f"{baseline.stderr}")
            killed, run, mutants = sampled_run(game_id, args.sample, copy)
            rates.append(f"{game_id}: {killed}/{run} sampled mutants killed ({100 * killed / max(run, 1):.0f} %) "
                         f"of {mutants} in scope")
    print("\n".join(rates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
