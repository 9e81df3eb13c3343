"""How the web app's modules lean on each other: blueprints share storage, guards and the score
form through modules of their own and never import one another; no module reaches into another's
private names; the request guard is one function, and which kits take a deck list is read from
the kits."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pnp.kits import available_kits, deck_kits, deck_rules
from scorer.web import guards

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "scorer" / "web"


def tree_of(source: Path) -> ast.Module:
    return ast.parse(source.read_text(encoding="utf-8"))


def defines_a_blueprint(source: Path) -> bool:
    return any(isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Blueprint"
               for node in ast.walk(tree_of(source)))


BLUEPRINTS = sorted(f"scorer.web.{source.stem}" for source in WEB.glob("*.py") if defines_a_blueprint(source))


def imported_names(source: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from module import name` in the file, inside functions too."""
    return [(node.module, alias.name) for node in ast.walk(tree_of(source))
            if isinstance(node, ast.ImportFrom) and node.module for alias in node.names]


def imported_modules(source: Path) -> set[str]:
    found = set()
    for module, name in imported_names(source):
        found.add(module)
        found.add(f"{module}.{name}")   # `from scorer.web import pages` imports a module too
    return found


def test_the_blueprints_are_found():
    assert {"scorer.web.api", "scorer.web.pages", "scorer.web.history", "scorer.web.records",
            "scorer.web.printing", "scorer.web.photo_pages"} <= set(BLUEPRINTS)


@pytest.mark.parametrize("blueprint", BLUEPRINTS)
def test_no_blueprint_imports_another(blueprint):
    source = WEB / (blueprint.rsplit(".", 1)[1] + ".py")
    others = set(BLUEPRINTS) - {blueprint}
    assert imported_modules(source) & others == set()


def test_no_module_imports_another_modules_private_name():
    reached = [(str(source.relative_to(ROOT)), module, name)
               for source in (ROOT / "scorer").rglob("*.py")
               for module, name in imported_names(source)
               if name.startswith("_") and not name.startswith("__")]
    assert reached == []


def test_the_csrf_check_is_made_in_the_guards_alone():
    """Every post's token is checked by scorer.web.guards (require_form_token); no blueprint
    calls Flask-WTF's protect() itself."""
    callers = [source.name for source in WEB.glob("*.py")
               if any(isinstance(node, ast.Attribute) and node.attr == "protect" for node in ast.walk(tree_of(source)))]
    assert callers == ["guards.py"]


def test_each_blueprint_that_takes_page_posts_registers_the_one_guard(app):
    guarded = {name for name, hooks in app.before_request_funcs.items() if guards.guard_request in hooks}
    assert guarded == {"pages", "history", "records"}


def test_the_kits_say_which_of_them_take_a_deck_list():
    assert deck_kits() == ["garden-variety"]
    assert [game_id for game_id in available_kits() if deck_rules(game_id) is None] == \
        [game_id for game_id in available_kits() if game_id != "garden-variety"]


def test_the_print_page_offers_a_deck_list_only_for_a_kit_that_takes_one(client):
    takes = client.get("/games/garden-variety/print").get_data(as_text=True)
    not_one = client.get("/games/harvest-dice/print").get_data(as_text=True)
    assert 'name="deck"' in takes and 'name="deck"' not in not_one
