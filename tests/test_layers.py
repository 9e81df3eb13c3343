"""The dependency rule (docs/architecture.md), with no exceptions: the games' domain at the
bottom imports nothing of print, storage or web; print and storage each read the domain only;
photo reading sits on print; the web app above them; the command line and the Python API on
top. Every import counts, those inside functions and under TYPE_CHECKING too."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (package, layer): a module may import its own package and packages of a lower layer.
PACKAGES = {
    "scorer.games": 0,   # the games' domain: registry, data, rules, engines, their models
    "pnp": 1,            # the print kits
    "scorer.store": 1,   # saved games (SQLAlchemy, migrations, statistics)
    "scorer.photo": 2,   # reading printed sheets from photos: pnp lays out what it reads
    "scorer.web": 3,     # the Flask app
    "scorer.cli": 4,     # the `gardenkit` command
    "scorer": 4,         # the Python API (scorer/__init__.py): score, validate, ..., create_app
}
# Third-party libraries each layer may not load: the domain scores with neither web, print,
# database nor image code; print draws without web, database or pydantic.
FORBIDDEN_LIBRARIES = {
    "scorer.games": {"flask", "flask_wtf", "flask_limiter", "werkzeug", "jinja2", "reportlab", "svgwrite",
                     "sqlalchemy", "alembic", "cv2", "numpy", "gevent", "gunicorn"},
    "pnp": {"flask", "flask_wtf", "flask_limiter", "werkzeug", "jinja2", "sqlalchemy", "alembic", "pydantic",
            "gevent", "gunicorn"},
    "scorer.store": {"flask", "werkzeug", "reportlab", "svgwrite", "cv2"},
}
# What print may read of the domain: the registry, the player colours and each game's data.
PRINT_READS = ("scorer.games", "scorer.games.player_colours")


def package_of(module: str) -> str | None:
    """The package a module name belongs to (the longest listed prefix), or None for a module
    from outside gardenkit."""
    if module == "scorer":
        return "scorer"
    found = [name for name in PACKAGES if name != "scorer" and (module == name or module.startswith(name + "."))]
    return max(found, key=len) if found else None


def module_name(source: Path) -> str:
    parts = source.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in the file; `from scorer import games` names
    scorer.games, `from scorer import GAMES` names scorer."""
    found = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            package = package_of(node.module)
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                path = ROOT / inner.replace(".", "/")
                if package is not None and (path.with_suffix(".py").exists() or (path / "__init__.py").exists()):
                    found.append((node.lineno, inner))
    return found


def _print_may_read(module: str) -> bool:
    """The registry, the player colours, a game's package (whose __init__ imports nothing) or
    its data module."""
    parts = module.split(".")
    if module in PRINT_READS:
        return True
    game_package = len(parts) >= 3 and (ROOT / "scorer" / "games" / parts[2]).is_dir()
    return game_package and parts[3:] in ([], ["data"])


def sources() -> list[Path]:
    return sorted([*(ROOT / "scorer").rglob("*.py"), *(ROOT / "pnp").rglob("*.py")])


def broken_rules(source: Path) -> list[str]:
    """Every import in one file that breaks the rule, said in words."""
    here = module_name(source)
    own = package_of(here)
    assert own is not None, here
    problems = []
    for line, imported in imports_of(source):
        where = f"{source.relative_to(ROOT)}:{line} imports {imported}"
        target = package_of(imported)
        if target is None:
            if imported.split(".")[0] in FORBIDDEN_LIBRARIES.get(own, set()):
                problems.append(f"{where}, a library {own} may not load")
            continue
        if target != own and PACKAGES[target] >= PACKAGES[own]:
            problems.append(f"{where}: {own} (layer {PACKAGES[own]}) may not import {target} "
                            f"(layer {PACKAGES[target]})")
        elif own == "pnp" and target == "scorer.games" and not _print_may_read(imported):
            problems.append(f"{where}: print reads the registry, the player colours and each game's "
                            "data module, never rules or engines")
    return problems


def test_every_module_keeps_to_its_layer():
    problems = [problem for source in sources() for problem in broken_rules(source)]
    assert problems == []


def test_the_rule_catches_an_upward_import(tmp_path, monkeypatch):
    """The check can fail: a domain module importing the web app, a kit importing a game's
    rules and a storage module importing print are each named."""
    planted = {
        "scorer/games/planted.py": "def f():\n    from scorer.web.app import create_app\n",
        "pnp/planted.py": "from scorer.games.garden_dice import rules\n",
        "scorer/store/planted.py": "import pnp.build\nimport flask\n",
    }
    found = []
    for relative, text in planted.items():
        path = ROOT / relative
        path.write_text(text, encoding="utf-8")
        try:
            found.append(broken_rules(path))
        finally:
            path.unlink()
    assert [len(problems) for problems in found] == [1, 1, 2]


def _loaded_after(code: str) -> list[str]:
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    answer = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(answer.stdout.splitlines()[-1])


@pytest.mark.parametrize("game_id", ["garden-variety", "cottage-garden"])
def test_a_kit_build_of_one_game_loads_no_rules_and_no_pydantic(game_id, tmp_path):
    loaded = _loaded_after(
        "from scorer.cli import main\n"
        f"assert main(['build', '--game', '{game_id}', '--paper', 'a4', '--out', {str(tmp_path)!r}, '--quiet']) == 0")
    assert [name for name in loaded if name.endswith((".rules", ".engine", ".examples"))
            and name.startswith("scorer.games")] == []
    assert [name for name in loaded if name.split(".")[0] in ("pydantic", "flask", "werkzeug", "sqlalchemy")] == []
    assert [name for name in loaded if name.startswith("scorer.games.") and name.endswith(".data")] == \
        [f"scorer.games.{game_id.replace('-', '_')}.data"]


def test_scoring_a_game_loads_neither_web_print_nor_database():
    loaded = _loaded_after(
        "import scorer\n"
        "game = scorer.GAMES['garden-variety']\n"
        "scorer.score('garden-variety', game.example_state)")
    heavy = ("flask", "werkzeug", "reportlab", "svgwrite", "pnp", "sqlalchemy", "cv2", "jinja2")
    assert [name for name in loaded if name.split(".")[0] in heavy] == []
