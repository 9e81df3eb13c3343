"""Harvest Dice over HTTP: the JSON API, the score and dispute pages as plain forms, and the
tappable score sheet in a real browser."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import scorer
from pnp.art.harvest_dice import TOMATO
from scorer.games.harvest_dice import data, rules

GAME = "harvest-dice"
SCORE_PAGE = f"/games/{GAME}/score"
CHECK_PAGE = f"/games/{GAME}/check"


def bob_and_ann(mode="basic", lettuce=2):
    return {"mode": mode, "markets": {"lettuce": lettuce, "tomato": 0, "carrot": 0},
            "players": [{"name": "Bob", "garden": ["LLLLL.", "......", "......"], "pig": 0, "pig_powers_used": 0},
                        {"name": "Ann", "garden": ["......", "......", "......"], "pig": 0, "pig_powers_used": 0}]}


# --- the JSON API --------------------------------------------------------------------------

def test_api_scores_the_rulebook_market_example(client):
    answer = client.post(f"/api/games/{GAME}/score", json=bob_and_ann())
    assert answer.status_code == 200
    bob = next(p for p in answer.get_json()["players"] if p["name"] == "Bob")
    assert bob["breakdown"]["lettuce"] == 15


def test_api_rejects_an_impossible_sheet_with_422(client):
    state = bob_and_ann()
    state["players"][0]["garden"] = ["L.L...", "......", "......"]
    answer = client.post(f"/api/games/{GAME}/score", json=state)
    assert answer.status_code == 422
    assert [v["code"] for v in answer.get_json()["violations"]] == ["crop-split"]
    valid = client.post(f"/api/games/{GAME}/validate", json=state).get_json()
    assert valid["valid"] is False


def test_api_check_plant_in_the_wrong_column(client):
    action = {"type": "plant", "player": "Bob", "die": {"color": "red", "value": 4}, "at": [2, 5]}
    answer = client.post(f"/api/games/{GAME}/check", json={"state": bob_and_ann(), "action": action})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["legal"] is False and body["violations"][0]["code"] == "wrong-column"


def test_api_check_with_a_malformed_action_is_422(client):
    action = {"type": "plant", "player": "Bob", "die": {"color": "blue", "value": 4}, "at": [2, 4]}
    answer = client.post(f"/api/games/{GAME}/check", json={"state": bob_and_ann(), "action": action})
    assert answer.status_code == 422


# --- the pages without a script ------------------------------------------------------------

def test_score_page_carries_the_sheet_for_its_script(client):
    html = client.get(SCORE_PAGE + "?example=1&seed=5&players=2").get_data(as_text=True)
    start = html.index('<script type="application/json" id="hd-sheet">') + len('<script type="application/json" id="hd-sheet">')
    sheet = json.loads(html[start:html.index("</script>", start)])
    assert sheet == rules.page_data()
    garden = scorer.simulate(GAME, 2, 5)[1]["players"][0]["garden"]
    assert 'name="players.0.garden"' in html and "\n".join(garden) in html  # the example, as plain text


def test_score_page_works_as_a_plain_form(client, csrf_token):
    form = {"csrf_token": csrf_token(client, SCORE_PAGE), "op": "score", "mode": "advanced",
            "markets.lettuce": "3", "markets.tomato": "0", "markets.carrot": "0",
            "players.0.name": "Bob", "players.0.garden": "LLLLL.\n......\n......",
            "players.0.pig": "0", "players.0.pig_powers_used": "0",
            "players.1.name": "Ann", "players.1.garden": "......\n......\n......",
            "players.1.pig": "0", "players.1.pig_powers_used": "0"}
    html = client.post(SCORE_PAGE, data=form).get_data(as_text=True)
    assert "Winner: <strong>Bob</strong>" in html
    # advanced: 5 lettuce x 3 = 15, and the most-lettuce award 5
    assert '<td class="total">20</td>' in html


def test_score_page_shows_why_a_sheet_is_impossible(client, csrf_token):
    form = {"csrf_token": csrf_token(client, SCORE_PAGE), "op": "score", "mode": "basic",
            "markets.lettuce": "0", "players.0.name": "Bob", "players.0.garden": "L.L...\n......\n......",
            "players.1.name": "Ann", "players.1.garden": "......\n......\n......"}
    html = client.post(SCORE_PAGE, data=form).get_data(as_text=True)
    assert "This state is not possible" in html and "2 separate patches" in html


def test_dispute_page_works_as_a_plain_form(client, csrf_token):
    html = client.get(CHECK_PAGE).get_data(as_text=True)
    assert "Susan" in html and 'id="answer"' in html
    state = bob_and_ann()
    action = {"type": "feed", "player": "Bob", "die": {"color": "green", "value": 3}}
    html = client.post(CHECK_PAGE, data={"csrf_token": csrf_token(client, CHECK_PAGE),
                                         "state": json.dumps(state), "action": json.dumps(action)}).get_data(as_text=True)
    assert "Not legal" in html and "can still be planted" in html


# --- in a browser --------------------------------------------------------------------------

def ranking_total(page, name):
    return page.locator("#result table.ranking tbody tr", has_text=name).locator("td.total")


@pytest.mark.browser
def test_score_page_taps_update_the_sheet_and_the_live_totals(live_server, page, worked_examples):
    page.goto(live_server + SCORE_PAGE + "?example=1")
    bob = page.locator("fieldset.player").first
    total = ranking_total(page, "Bob")
    assert total.inner_text() == "77"  # the example sheet, scored as the page opens

    # Row 3, column 2 is empty: one tap with lettuce chosen (touches Bob's lettuce): 7 lettuce x 4
    cell = bob.locator('.hd-cell[data-row="3"][data-col="2"]')
    assert bob.get_by_role("radio", name="lettuce").get_attribute("aria-checked") == "true"
    assert bob.get_by_role("grid", name="Bob: garden").count() == 1   # whose, and what
    cell.click()
    assert bob.locator("textarea[name$='.garden']").input_value().split("\n")[2] == "LL.TCC"
    page.wait_for_function("document.querySelector('#result tbody tr td.total') && "
                           "document.querySelector('#result tbody tr td.total').textContent === '81'")
    assert page.evaluate("document.activeElement.dataset.col") == "2"   # focus stays on the space
    # tomato chosen, one tap: away from Bob's tomatoes, an impossible sheet, said in words
    bob.get_by_role("radio", name="tomato").click()
    cell.click()
    page.locator("#result .violations", has_text="separate patches").wait_for()
    # a second tap with the same veggie empties the space: back to 77
    cell.click()
    assert cell.get_attribute("aria-label") == "Row 3, column 2: empty"
    page.wait_for_function("document.querySelector('#result td.total') && "
                           "document.querySelector('#result td.total').textContent === '77'")

    # the pig: cross up to circle 12 -> second row full, 7 points instead of 3
    bob.locator('.hd-pig [data-circle="12"]').click()
    assert bob.locator("input[name$='.pig']").input_value() == "12"
    page.wait_for_function("document.querySelector('#result td.total').textContent === '81'")

    # the advanced sheet: no printed market circle, and the bonus column appears
    page.locator('.hd-switch [data-mode="advanced"]').click()
    assert page.locator("select[name=mode]").input_value() == "advanced"
    assert page.locator('[data-market-for="markets.lettuce"] .hd-printed').count() == 0
    page.locator("#result thead th", has_text="Bonus").wait_for(state="attached")  # a phone shows it on tap
    assert page.locator("input[name='markets.lettuce']").get_attribute("max") == "6"
    page.locator('.hd-switch [data-mode="basic"]').click()
    assert page.locator('[data-market-for="markets.lettuce"] .hd-printed').count() == 1
    assert page.locator("input[name='markets.lettuce']").get_attribute("max") == "5"


@pytest.mark.browser
def test_score_page_markets_and_players(live_server, page, worked_examples):
    page.goto(live_server + SCORE_PAGE + "?example=1")
    ranking_total(page, "Bob").wait_for()
    # the lettuce market: the printed circle and 3 crossed in play. Circle 4 is the last
    # crossed, so tapping it uncrosses it; circle 6 fills the market; the printed one is fixed
    market = page.locator('[data-market-for="markets.lettuce"]')
    lettuce = page.locator("input[name='markets.lettuce']")
    assert market.locator(".hd-crossed").count() == 1 + 3
    market.locator('[data-circle="4"]').click()
    assert lettuce.input_value() == "2"
    market.locator('[data-circle="6"]').click()
    assert lettuce.input_value() == "5"
    assert market.locator('[data-circle="1"]').is_disabled()
    page.locator("#result .violations", has_text="both full").wait_for()  # carrot is full too
    # players: up to four, each new one with its own tappable garden
    add = page.locator('button[name="op"][value="add"]')
    add.click()
    add.click()
    assert page.locator("fieldset.player").count() == data.MAX_PLAYERS
    assert add.is_disabled()
    third = page.locator("fieldset.player").nth(2)
    third.locator("input[name$='.name']").fill("Cid")
    third.locator('.hd-cell[data-row="1"][data-col="1"]').click()
    assert third.locator("textarea[name$='.garden']").input_value().split("\n")[0] == "L....."


@pytest.mark.browser
def test_dispute_page_answers_with_the_reason(live_server, page):
    page.goto(live_server + CHECK_PAGE)
    answer = page.locator("#answer")
    settled = page.locator("#answer[aria-busy=false]")
    settled.wait_for()
    assert answer.locator(".verdict.legal").count() == 1  # Susan feeds her carrot 5 ...
    assert "row 1, column 5 touches no carrot" in answer.inner_text()  # ... as it fits nowhere
    page.locator("label.hd-choice", has_text="Plant it").click()
    page.locator(".hd-cell[data-row='3'][data-col='5']").click()  # picks the space
    settled.wait_for()
    assert answer.locator(".verdict.illegal").count() == 1
    assert "must touch one" in answer.inner_text()
    action = json.loads(page.locator("textarea[name=action]").input_value())
    assert action == {"type": "plant", "die": {"color": "orange", "value": 5}, "player": "Susan", "at": [3, 5]}


def test_the_pages_tomato_is_the_printed_sheets_red():
    """The tappable sheet shows each crop in the printed sheet's colour: a player matches the
    page to the paper by colour as well as shape."""
    css = (Path(__file__).resolve().parents[2] / "templates" / "static" / "harvest-dice.css").read_text()
    assert f".hd-tomato {{ background: {TOMATO.lower()};" in css
