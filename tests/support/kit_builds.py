"""Each game's kit as a plain `gardenkit build --game ID` writes it (Letter and A4, PDF and
SVG, every option at its default), built once per test run and shared by every module and
pytest-xdist worker that reads one.

The print tests, the game contract and others each built their own copies of the same kits:
3-9 s of CPU a kit, several times a run. The folders are read-only: a test that changes a
build's options, or is about the build process itself (atomic writes, exit codes, what it
prints), builds its own."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import run_build
from pnp.options import BuildOptions
from tests.support.made_once import made_once


def default_kit(tmp_path_factory: pytest.TempPathFactory, game: str) -> Path:
    """The output folder of the game's default build: PAPER/GAME.pdf and PAPER/GAME/*.svg
    plus manifest.json, for letter and a4."""
    def build(out: Path) -> None:
        status = run_build(BuildOptions(games=(game,), out=out, progress=False))
        assert status == 0, f"the default build of {game} failed with status {status}"

    return made_once(tmp_path_factory, f"default-kit-{game}", build)
