"""Load a game's plain-data module (scorer/games/<package>/data.py) for its print kit.

Importing it the usual way would first run scorer/__init__.py, which loads the rules
machinery and pydantic -- a fifth of a second a print build does not need. The data module
imports nothing heavy, so it is loaded from its file under its usual module name; a later
`import scorer...data` in the same process finds that same module object.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_game_data(package: str) -> ModuleType:
    name = f"scorer.games.{package}.data"
    if name in sys.modules:
        return sys.modules[name]
    scorer_spec = importlib.util.find_spec("scorer")  # locates the package without running it
    if scorer_spec is None or not scorer_spec.submodule_search_locations:
        raise ModuleNotFoundError("the scorer package is not installed")
    path = Path(list(scorer_spec.submodule_search_locations)[0]) / "games" / package / "data.py"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None or not path.is_file():
        raise ModuleNotFoundError(f"no data module for {package!r} at {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
