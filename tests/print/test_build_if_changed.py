"""`gardenkit build --if-changed`: an unchanged kit is left as it is (not one byte or
modification time touched, its kit module not even imported), and a change to what a kit is
made from (its game's data, its kit module, the shared pipeline, the options, its files)
rebuilds exactly the kits it affects.

Every case edits a copy of the sources (pnp/ and scorer/, imported from the copy through
PYTHONPATH) and builds into a copy of one first build, so the repository is never changed."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = ("garden-dice", "harvest-dice")
# Which modules of pnp.kits a build loaded, printed by the build's own process.
BUILD = ("import sys; from scorer.cli import main; status = main(sys.argv[1:]); "
         "print('loaded', *sorted(m for m in sys.modules if m.startswith('pnp.kits.'))); sys.exit(status)")


def build(workspace: Path, *extra: str) -> subprocess.CompletedProcess:
    games = [arg for game in GAMES for arg in ("--game", game)]
    command = [sys.executable, "-c", BUILD, "build", "--if-changed", *games, "--paper", "letter",
               "--format", "pdf", "--out", str(workspace / "output"), *extra]
    finished = subprocess.run(command, cwd=workspace, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONPATH": str(workspace)})
    assert finished.returncode == 0, finished.stderr
    return finished


def snapshot(workspace: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under output/, hidden stamps included: its bytes and modification time."""
    output = workspace / "output"
    return {path.relative_to(output).as_posix(): (path.read_bytes(), path.stat().st_mtime_ns)
            for path in output.rglob("*") if path.is_file()}


def rebuilt(before: dict[str, tuple[bytes, int]], workspace: Path) -> set[str]:
    """The games whose PDF was written again."""
    after = snapshot(workspace)
    return {game for game in GAMES if after[f"letter/{game}.pdf"][1] != before[f"letter/{game}.pdf"][1]}


@pytest.fixture(scope="module")
def first_build(tmp_path_factory) -> Path:
    """The sources copied and both kits built once with --if-changed."""
    workspace = tmp_path_factory.mktemp("first")
    for package in ("pnp", "scorer"):
        shutil.copytree(ROOT / package, workspace / package, ignore=shutil.ignore_patterns("__pycache__"))
    finished = build(workspace)
    assert [f"built {game} [letter]" in finished.stderr for game in GAMES] == [True, True]
    return workspace


@pytest.fixture
def workspace(first_build, tmp_path) -> Path:
    """A copy of the first build, sources and output, modification times kept."""
    copy = tmp_path / "workspace"
    shutil.copytree(first_build, copy)
    return copy


def test_an_unchanged_build_writes_nothing_and_loads_no_kit(workspace):
    before = snapshot(workspace)
    assert {name for name in before if name.endswith(".stamp.json")} == {f"letter/{game}/.stamp.json" for game in GAMES}
    finished = build(workspace)
    assert snapshot(workspace) == before
    assert finished.stderr.splitlines() == [f"up to date: {game} [letter]" for game in GAMES]
    assert finished.stdout.split() == ["loaded"]  # no kit module: nothing drawn


@pytest.mark.parametrize(("edited", "affected"), [
    ("scorer/games/garden_dice/data.py", {"garden-dice"}),
    ("pnp/kits/harvest_dice.py", {"harvest-dice"}),
    ("pnp/art/garden_dice.py", {"garden-dice"}),
    ("pnp/render_pdf.py", set(GAMES)),
    ("pnp/version.py", set(GAMES)),
    ("pnp/art/fonts/Quicksand-Bold.ttf", set(GAMES)),  # a data file beside the art
    # neither kit is made from these: another game's art, a game's rules
    ("pnp/art/critters.py", set()),
    ("scorer/games/garden_dice/rules.py", set()),
])
def test_an_edited_source_rebuilds_exactly_the_kits_made_from_it(workspace, edited, affected):
    before = snapshot(workspace)
    with (workspace / edited).open("a") as source:
        source.write("\n# edited\n")
    finished = build(workspace)
    assert rebuilt(before, workspace) == affected
    for game in set(GAMES) - affected:
        assert f"up to date: {game} [letter]" in finished.stderr


def test_a_touched_source_with_the_same_content_rebuilds_nothing(workspace):
    before = snapshot(workspace)
    os.utime(workspace / "scorer/games/garden_dice/data.py")
    build(workspace)
    assert rebuilt(before, workspace) == set()


def test_other_options_rebuild_every_kit_and_the_same_options_again_nothing(workspace):
    before = snapshot(workspace)
    build(workspace, "--bleed", "2")
    assert rebuilt(before, workspace) == set(GAMES)
    middle = snapshot(workspace)
    build(workspace, "--bleed", "2")
    assert snapshot(workspace) == middle


def test_a_kit_file_changed_or_removed_since_is_built_again(workspace):
    before = snapshot(workspace)
    (workspace / "output/letter/harvest-dice.pdf").write_bytes(b"half a pdf")  # a build stopped half-way
    (workspace / "output/letter/garden-dice/manifest.json").unlink()
    build(workspace)
    assert rebuilt(before, workspace) == set(GAMES)
    assert snapshot(workspace)["letter/harvest-dice.pdf"][0] == before["letter/harvest-dice.pdf"][0]
