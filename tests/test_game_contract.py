"""The game contract (docs/adding-a-game.md), proven over every registered game: its kit builds
on both papers, its example state scores, every action type has a worked check, its pages
render, OpenAPI lists it, and the checks every game shares answer alike."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import Field
from pypdf import PdfReader

import scorer
from scorer.games import CATALOGUE
from scorer.games.core import GAME_NOT_OVER, Game, PlayerScore, StateModel
from scorer.games.engine import Engine
from tests.support.kit_builds import default_kit

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = list(scorer.GAMES)


def test_every_registered_game_has_its_rules():
    assert list(CATALOGUE) == GAME_IDS
    for game_id, (title, _package) in CATALOGUE.items():
        game = scorer.GAMES[game_id]
        assert (game.id, game.title) == (game_id, title)
        # the rulebooks are Markdown files named after the game; the games listing shows the name
        assert game.rulebook.endswith(".md"), f"{game_id}'s rulebook is {game.rulebook!r}, not a file like '{game_id}.md'"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_builds_on_both_papers(game_id, tmp_path_factory):
    built = default_kit(tmp_path_factory, game_id)   # the print tests read the same build
    for paper in ("letter", "a4"):
        pdf = PdfReader(built / paper / f"{game_id}.pdf")
        assert len(pdf.pages) > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_example_state_is_possible_and_scores(game_id):
    game = scorer.GAMES[game_id]
    assert scorer.validate(game_id, game.example_state) == []
    result = scorer.score(game_id, game.example_state)
    assert [p["name"] for p in result["players"]] and result["winners"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_type_has_a_worked_check(game_id, client):
    game = scorer.GAMES[game_id]
    worked = {example["action"]["type"] for example in game.example_checks}
    assert worked == set(game.action_types())
    for example in game.example_checks:
        answer = client.post(f"/api/games/{game_id}/check", json=example)
        assert answer.status_code == 200, answer.get_json()
        checked = scorer.check(game_id, example["state"], example["action"])
        assert json.loads(json.dumps(checked)) == checked, (
            f"{game_id}: check's answer changes on its way through JSON (effects need string keys and "
            f"lists, not tuples): {checked['effects']}")
        assert answer.get_json() == checked


def _set_at(document: dict, path: str, value: str) -> None:
    """Set document["action"]["plays"][0]["player"] for the path "action.plays[0].player"."""
    keys: list = [int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", path)]
    target = document
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_action_by_someone_not_playing_is_refused_alike(game_id, client):
    """A shared check of the core: the same code, status and path in every game."""
    game = scorer.GAMES[game_id]
    for example in game.example_checks:
        named = game.action_players(game.parse_action(example["action"]))
        if not named:
            continue
        path = named[0][0]
        request = json.loads(json.dumps(example))
        _set_at(request, path, "Nobody at all")
        answer = client.post(f"/api/games/{game_id}/check", json=request)
        assert answer.status_code == 422
        assert [(v["code"], v["path"]) for v in answer.get_json()["violations"]] == [("unknown-player", path)]
        return
    pytest.fail(f"{game_id}: no worked check names a player")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pages_render_with_the_games_examples(game_id, client):
    game = scorer.GAMES[game_id]
    # a score page opens blank otherwise; its example is a simulated game when the game has an engine
    score_page = client.get(f"/games/{game_id}/score?example=1&seed=3&players={game.min_players}")
    check_page = client.get(f"/games/{game_id}/check")
    assert score_page.status_code == check_page.status_code == 200
    example = game.example_state if game.engine is None else scorer.simulate(game_id, game.min_players, 3)[1]
    first_name = example["players"][0]["name"]
    assert first_name in score_page.get_data(as_text=True)
    assert game.title in check_page.get_data(as_text=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openapi_lists_the_game(game_id, client):
    document = client.get("/openapi.json").get_json()
    for operation in ("score", "validate", "check"):
        assert f"/api/games/{game_id}/{operation}" in document["paths"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_engine_plays_on_the_games_own_rules(game_id, client):
    """A game's engine (docs/engines.md) is bound to that game, and its simulated end states
    are possible and score; the random simulation tests (tests/test_engines.py) go further."""
    game = scorer.GAMES[game_id]
    if game.engine is None:
        pytest.skip(f"{game.title} has no engine (engines are optional)")
    assert isinstance(game.engine, Engine) and game.engine.game is game and game.engine.version >= 1
    log, end_state = scorer.simulate(game_id, game.min_players, 3)
    assert log[0]["setup"]["game"] == game_id and scorer.validate(game_id, end_state) == []
    assert scorer.score(game_id, end_state)["winners"]
    document = client.get("/openapi.json").get_json()
    assert {f"/api/games/{game_id}/replay", f"/api/games/{game_id}/example"} <= set(document["paths"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_begun_is_scored_with_the_one_unfinished_game_warning(game_id):
    """Every game warns of a state short of its rulebook's end with the same code, so a caller
    (the engine tests' end check) reads one code from the core, not one per game."""
    game = scorer.GAMES[game_id]
    if game.engine is None:
        pytest.skip(f"{game.title} has no engine (engines are optional)")
    if game_id == "cottage-garden":
        pytest.skip("its end is every flowerbed removed, and its score state holds no flowerbeds")
    log, _ = scorer.simulate(game_id, game.min_players, 3)
    warned = []
    for played in range(1, min(len(log), 5)):  # once the first few moves or chance outcomes are played
        begun = game.engine.replay(log[:played + 1])
        assert begun["legal"] and not begun["over"]
        warned += [w["code"] for w in scorer.score(game_id, begun["end_state"])["warnings"]]
    assert GAME_NOT_OVER in warned


def test_an_unknown_game_is_404_on_every_operation(client):
    for operation in ("score", "validate", "check"):
        answer = client.post(f"/api/games/no-such-game/{operation}", json={})
        assert answer.status_code == 404 and "unknown game" in answer.get_json()["error"]


def test_a_game_without_the_check_of_one_of_its_actions_is_refused_when_made():
    class Knock(StateModel):
        type: Literal["knock"]

    class Tiny(Game):
        id, title, rulebook = "tiny", "Tiny", "tiny.md"
        state_model = StateModel
        action_model = Annotated[Knock, Field(discriminator="type")]

        def player_scores(self, state) -> list[PlayerScore]:
            return []

    with pytest.raises(TypeError, match="check_knock"):
        Tiny(example_state={})
