"""The app starts, every page renders, and the fixtures other tests rely on work."""
import urllib.request

import pytest


@pytest.mark.parametrize("path", ["/", "/results", "/healthz", "/api/games", "/openapi.json",
                                  "/games/garden-variety/score", "/games/garden-variety/check"])
def test_pages_render(client, path):
    assert client.get(path).status_code == 200


def test_every_live_game_has_working_generic_pages(client):
    import scorer

    for game_id in scorer.GAMES:
        assert client.get(f"/games/{game_id}/score").status_code == 200, game_id
        assert client.get(f"/games/{game_id}/check").status_code == 200, game_id


def test_live_server_serves_the_app(live_server):
    with urllib.request.urlopen(live_server + "/healthz", timeout=5) as answer:
        assert answer.status == 200
