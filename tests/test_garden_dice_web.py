"""Garden Dice web pages: the score page and the dispute board, over HTTP (plain forms, no
JavaScript) and in a phone-sized browser."""
import json

import pytest
from playwright.sync_api import expect

from scorer.games.garden_dice.rules import EXAMPLE_CHECK

GAME = "garden-dice"


def test_api_check_and_score_mirror_the_rules(client):
    response = client.post(f"/api/games/{GAME}/check", json=EXAMPLE_CHECK)
    assert response.status_code == 200
    assert response.get_json()["effects"]["points"] == {"Yellow": 7, "Green": 9, "Red": 2}
    bad = dict(EXAMPLE_CHECK, action={"type": "harvest", "player": "Yellow", "at": [9, 9], "die": 3})
    assert client.post(f"/api/games/{GAME}/check", json=bad).get_json()["violations"][0]["code"] == "off-board"
    impossible = {"players": [{"name": "A", "track": 0, "sun_token": True, "unplaced_seeds": 9}]}
    response = client.post(f"/api/games/{GAME}/score", json=impossible)
    assert response.status_code == 422
    assert {v["code"] for v in response.get_json()["violations"]} == {"player-count"}  # refused before any player is read


def test_score_page_plain_form_shows_the_breakdown(client, csrf_token):
    token = csrf_token(client, f"/games/{GAME}/score")
    form = {"csrf_token": token, "op": "score", "variant": "standard",
            "players.0.name": "Blue", "players.0.track": "58", "players.0.unplaced_seeds": "4",
            "players.0.sun_token": "true",
            "players.0.harvested.squash": "2", "players.0.harvested.carrot": "3",
            "players.0.harvested.tomato": "4", "players.0.harvested.artichoke": "2",
            "players.0.harvested.eggplant": "2",
            "players.1.name": "Red", "players.1.track": "12", "players.1.unplaced_seeds": "0",
            "players.1.sun_token": "false"}
    html = client.post(f"/games/{GAME}/score", data=form).get_data(as_text=True)
    assert "Winner: <strong>Blue</strong>" in html
    assert "<td class=\"total\">103</td>" in html
    for column in ("Track", "Unplaced seeds", "Sets", "Collections", "Sun"):
        assert f'<th class="part">{column}</th>' in html
    assert 'name="players.0.harvested.eggplant"' in html


def test_check_page_plain_form_without_javascript(client, csrf_token):
    page = client.get(f"/games/{GAME}/check").get_data(as_text=True)
    assert 'id="gd-board"' in page and '"stars": [[1, 2]' in page
    token = csrf_token(client, f"/games/{GAME}/check")
    action = dict(json.loads(json.dumps(EXAMPLE_CHECK["action"])), die=2)
    html = client.post(f"/games/{GAME}/check", data={
        "csrf_token": token, "state": json.dumps(EXAMPLE_CHECK["state"]),
        "action": json.dumps(action)}).get_data(as_text=True)
    assert "Not legal" in html and "A tomato is worth 3" in html
    assert "Garden Dice: Harvest a Veggie" in html


@pytest.mark.browser
def test_dispute_board_by_clicking_on_a_phone(live_server, page):
    page.goto(f"{live_server}/games/{GAME}/check")
    # The page opens on the rulebook's harvest example: check it as it stands.
    page.click("#gd-check")
    page.wait_for_selector(".verdict.legal")
    assert page.locator(".gd-cell.reached").count() == 5
    points = page.locator(".gd-points").inner_text()
    assert "Yellow\t7" in points and "Green\t9" in points and "Red\t2" in points

    # Now fill a board by clicking: Green's artichoke seed next to Blue's tomato seed.
    page.click("#gd-clear")
    page.click("#gd-kinds >> text=seed")
    page.click("#gd-crops >> text=4 artichoke")
    page.click("#gd-owners >> text=Green")
    page.click("button[data-at='5,2']")
    page.click("#gd-crops >> text=3 tomato")
    page.click("#gd-owners >> text=Blue")
    page.click("button[data-at='5,3']")
    assert "tomato seed of Blue" in page.locator("button[data-at='5,3']").inner_text()
    page.select_option("#gd-type", "water")
    page.select_option("#gd-actor", "Green")
    page.fill("#gd-die", "5")
    page.check("input[name=gd-mode][value=pick]")
    page.click("button[data-at='5,2']")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.legal")
    reached = page.locator(".gd-cell.reached")
    assert sorted(reached.nth(i).get_attribute("data-at") for i in range(reached.count())) == ["5,2", "5,3"]

    # Too low a die: the answer says why, citing the rulebook section.
    page.fill("#gd-die", "3")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.illegal")
    reason = page.locator("#gd-answer .reasons").inner_text()
    assert "needs a die of 4 or more" in reason and "Garden Dice: Water a Seed" in reason
    assert "DESIGN" not in page.locator("main").inner_text()   # the page's words, no internal names
    assert page.locator(".gd-cell.reached").count() == 0

    # Rules about the whole turn: a third artichoke in one turn is refused.
    page.select_option("#gd-type", "buy")
    page.select_option("#gd-crop", "artichoke")
    page.fill("#gd-die", "5")
    page.fill("#gd-bought", "2")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.illegal")
    expect(page.locator("#gd-answer .reasons")).to_contain_text("already bought 2 artichoke")
    assert json.loads(page.input_value("textarea[name=action]"))["turn"] == {"bought": {"artichoke": 2}}
    # the page fits a phone: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
