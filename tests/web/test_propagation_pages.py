"""Propagation's web pages: the score page and the dispute page on the hex board, as plain
forms (no JavaScript) and in a browser."""
from __future__ import annotations

import json
import re

import pytest

import scorer
from scorer.games.propagation import examples, rules

SCORE, CHECK = "/games/propagation/score", "/games/propagation/check"


def embedded_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="propagation-data">(.*?)</script>', html, re.S)
    assert found, "the page embeds no board data"
    return json.loads(found.group(1))


def test_score_page_example_records_the_bonus_points_its_boards_paid(client):
    """The score page asks for what players have at the end (their bonus points); a simulated
    game's bonus boards become the points they paid, so the example scores as the game did."""
    response = client.get(SCORE + "?example=1&seed=4&players=3")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert embedded_data(html) == json.loads(json.dumps(rules.page_data()))
    assert "board-editor" not in html and 'name="bonus"' not in html  # the boards live on the rules page
    assert 'href="/games/propagation/check#bonus-card"' in html
    _, end_state = scorer.simulate("propagation", 3, 4)
    assert end_state["bonus"]
    apples = end_state["players"][2]["harvested"]["apple"]
    assert f'name="players.2.harvested.apple" value="{apples}"' in html
    paid = {p["name"]: p["breakdown"]["bonus"] for p in rules.GAME.score(end_state)["players"]}
    for index, name in enumerate(p["name"] for p in end_state["players"]):
        assert f'name="players.{index}.bonus_points" value="{paid[name]}"' in html


def test_score_form_works_without_javascript(client, csrf_token):
    token = csrf_token(client, SCORE)
    board = {"rocks": examples.ROCKS, "plants": [{"at": [1, 0], "owner": "Bo", "kind": "tomato", "tier": 1}]}
    form = {"csrf_token": token, "op": "score",
            "players.0.name": "Ada", "players.0.harvested.tomato": "4",
            "players.1.name": "Bo", "players.1.harvested.carrot": "1",
            "round_20": "newest",
            "bonus": json.dumps([{"card": "most-tomatoes", "round": 10, "board": board},
                                 {"card": "biggest-garden", "round": 20, "board": board}])}
    html = client.post(SCORE, data=form).get_data(as_text=True)
    # Bo: 1 carrot (2) + most tomatoes at round 10 (5) + biggest garden at round 20 (6).
    assert "Winner: <strong>Bo</strong>" in html
    ranking = re.findall(r"<summary>(\w+)</summary>.*?<td class=\"total\">(\d+)</td>", html, re.S)
    assert ranking == [("Bo", "13"), ("Ada", "4")]


def test_score_form_reports_an_impossible_board(client, csrf_token):
    token = csrf_token(client, SCORE)
    board = {"rocks": [[0, 0], [1, 0]], "plants": []}
    form = {"csrf_token": token, "op": "score", "players.0.name": "Ada", "players.1.name": "Bo",
            "bonus": json.dumps([{"card": "most-tomatoes", "round": 10, "board": board}])}
    response = client.post(SCORE, data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "This state is not possible" in html and "rocks must be placed apart" in html


def test_check_page_works_without_javascript(client, csrf_token):
    html = client.get(CHECK).get_data(as_text=True)
    assert "propagation-check" in html and embedded_data(html)["radius"] == 4
    token = csrf_token(client, CHECK)
    action = dict(json.loads(json.dumps(rules.EXAMPLE_CHECK["action"])), type="harvest", kind="tomato")
    action.pop("pattern"), action.pop("origin")
    html = client.post(CHECK, data={"csrf_token": token, "state": json.dumps(rules.EXAMPLE_CHECK["state"]),
                                    "action": json.dumps(action)}).get_data(as_text=True)
    assert "Not legal" in html and "no tomato at tier 3 or higher" in html


# --- in a browser ----------------------------------------------------------------------------

def space(page, root, at):
    return page.locator(f"{root} g.space[data-at='{at}']")


@pytest.mark.browser
def test_rules_page_settles_a_bonus_card_on_the_drawn_board(live_server, page):
    page.goto(live_server + CHECK + "#bonus-card")
    page.fill("#player-names", "Ada, Bo, Cy")
    page.select_option("#bonus-card-choice", "most-tomatoes")
    # Cy plants three tomatoes: Cy has the most and is paid.
    page.select_option("#propagation-check [data-tool=owner]", "Cy")
    page.select_option("#propagation-check [data-tool=kind]", "tomato")
    page.fill("#propagation-check [data-tool=tier]", "0")
    for at in ("-3,2", "-3,3", "-2,3"):
        space(page, "#propagation-check", at).click()
    page.click("#bonus-card-run")
    page.wait_for_function("document.querySelector('#bonus-card .verdict').textContent !== ''")
    answer = page.locator("#bonus-card .bonus-answer")
    assert answer.locator(".verdict").inner_text() == "Most Tomatoes (5 points): Cy scores 5 points."
    assert "Cy counts 3" in answer.inner_text()
    assert answer.evaluate("a => a === document.activeElement")   # the answer in view, with focus
    # A plant at its death tier cannot be on a bonus board: the scorer says so and marks it.
    page.fill("#propagation-check [data-tool=tier]", "6")
    space(page, "#propagation-check", "-3,4").click()
    page.click("#bonus-card-run")
    page.wait_for_selector("#bonus-card .verdict.illegal")
    assert "death tier" in answer.inner_text()
    page.wait_for_selector("#propagation-check g.space.mark-bad")


@pytest.mark.browser
def test_dispute_page_shows_a_propagation_on_the_board(live_server, page):
    page.goto(live_server + CHECK)
    assert page.locator("#propagation-check g.space").count() == 61
    page.click("#propagation-check button.primary")
    page.wait_for_selector("#live-check .verdict.legal")
    assert page.locator("g.space[data-at='2,-1']").get_attribute("class").split()[-1] == "mark-placed"
    assert "skipped: rock" in page.locator("g.space[data-at='0,0']").get_attribute("aria-label")
    page.click("#apply-effects")
    assert "Ada's tomato, tier 0" in page.locator("g.space[data-at='2,-1']").get_attribute("aria-label")
    # Harvest: Ada's tomatoes are not grown yet, so it is refused.
    page.select_option("#action-type", "harvest")
    page.click("#propagation-check button.primary")
    page.wait_for_selector("#live-check .verdict.illegal")
    assert "no tomato at tier 3" in page.locator("#live-check .reasons").inner_text()
    # End of the round: a tomato at tier 6 dies.
    page.select_option("#action-type", "end_round")
    page.select_option("#propagation-check [data-tool=owner]", "Bo")
    page.select_option("#propagation-check [data-tool=kind]", "tomato")
    page.fill("#propagation-check [data-tool=tier]", "6")
    page.locator("g.space[data-at='-3,2']").click()
    page.click("#propagation-check button.primary")
    page.wait_for_selector("g.space.mark-died")
    assert page.locator("g.space[data-at='-3,2']").get_attribute("class").endswith("mark-died")
    assert "2 south-west then 1 north-west of the centre" in page.locator("#live-check .summary").inner_text()


@pytest.mark.browser
def test_score_page_without_javascript_is_a_plain_form(live_server, browser, worked_examples):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        tab = context.new_page()
        tab.goto(live_server + SCORE + "?example=1")
        assert not tab.locator("#live-result").is_visible()  # needs the script
        assert tab.locator("[name='players.0.bonus_points']").is_visible()
        tab.locator("button.primary").click()
        assert "Winner: Ada" in tab.locator("#result").inner_text()
    finally:
        context.close()
