"""A regular (non-editable) install ships the templates, the deck list and every registered
game's packages, and the app finds them through the import system."""
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pnp.fonts import BODY_FACES, DISPLAY_FACES, VERA
from scorer.games import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_ships_templates_and_the_app_finds_them(tmp_path):
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                            str(ROOT)], capture_output=True, text=True, timeout=300)
    if build.returncode != 0 and "No matching distribution" in build.stderr + build.stdout:
        pytest.skip("pip cannot fetch the build backend (offline without a wheel cache)")
    assert build.returncode == 0, build.stderr
    wheel = next((tmp_path / "dist").glob("gardenkit-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("gardenkit_templates/base.html", "gardenkit_templates/score.html",
                   "gardenkit_templates/static/style.css", "gardenkit_templates/static/score.js",
                   "scorer/games/garden_variety/deck.csv"):
        assert needed in names, f"{needed} missing from {wheel.name}"
    for face in DISPLAY_FACES.values():  # the kits' display faces, each with its licence
        for needed in (face.file, face.file.replace("-Bold.ttf", "-OFL.txt")):
            assert f"pnp/art/fonts/{needed}" in names, f"{needed} missing from {wheel.name}"
    for name, body in BODY_FACES.items():  # and their body faces, both weights, each with its licence
        for needed in (body.regular, body.bold, body.licence):
            assert name == VERA or f"pnp/art/fonts/{needed}" in names, f"{needed} missing from {wheel.name}"
    for game_id, (_title, package) in CATALOGUE.items():
        game_files = [f"scorer/games/{package}/{module}.py" for module in ("__init__", "data", "rules", "examples")]
        game_files.append(f"pnp/kits/{package}.py")
        game_files += [f"gardenkit_templates/{page.relative_to(ROOT / 'templates').as_posix()}"
                       for page in (ROOT / "templates" / "games" / game_id).glob("*.html")]
        missing = [name for name in game_files if name not in names]
        assert not missing, f"{game_id}: {missing} missing from {wheel.name}"

    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    instance = str(tmp_path / "instance")
    probe = ("import scorer.web.app as a, scorer;"
             f"app = scorer.create_app({{'TESTING': True, 'SECRET_KEY': 'x', 'INSTANCE_PATH': {instance!r}}});"
             "c = app.test_client();"
             "print(a.templates_dir()); print(c.get('/').status_code, c.get('/static/style.css').status_code,"
             " c.get('/games/garden-variety/score').status_code)")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path, env={"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    where, statuses = run.stdout.splitlines()
    assert Path(where) == unpacked / "gardenkit_templates"
    assert statuses.split() == ["200", "200", "200"]


def test_a_source_checkout_that_is_not_installed_serves_its_own_templates(monkeypatch):
    """Without the installed package (PYTHONPATH pointing at a checkout), the app uses the
    checkout's templates/ folder: the pages render rather than failing on a missing folder."""
    import importlib.util

    import scorer.web.app as app_module
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert app_module.templates_dir() == ROOT / "templates"
    assert (app_module.templates_dir() / "base.html").is_file()
