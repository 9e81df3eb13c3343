"""`make test-game GAME=<id>`, the command docs/adding-a-game.md gives a new game's author: it
runs the tests of the package the game's registry line names (whatever that package is
called), and refuses an id the registry lacks in words, before it runs anything."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_test_game(game: str, *flags: str, python_path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}
    if python_path is not None:
        env["PYTHONPATH"] = str(python_path)
    # this Python and its packages, as they are: the test installs nothing
    return subprocess.run(["make", "--no-print-directory", "--old-file=install-dev", *flags, "test-game",
                           f"GAME={game}", f"BIN={Path(sys.executable).parent}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_a_games_own_tests_are_found_through_its_registry_line(tmp_path):
    """A package named otherwise than its id (registered here for the make run only, by a
    sitecustomize module the make's Python imports first)."""
    (tmp_path / "sitecustomize.py").write_text(
        "from scorer.games import CATALOGUE\nCATALOGUE['herb-spiral'] = ('Herb Spiral', 'spiral_of_herbs')\n")
    planned = make_test_game("herb-spiral", "--dry-run", python_path=tmp_path)
    assert planned.returncode == 0, planned.stderr
    assert " tests/games/spiral_of_herbs " in planned.stdout


def test_an_id_the_registry_lacks_is_refused_in_words_before_anything_runs():
    refused = make_test_game("herb-spiral-typo")
    assert refused.returncode == 2
    assert "no game herb-spiral-typo in CATALOGUE" in refused.stdout
    assert "ruff" not in refused.stdout + refused.stderr
