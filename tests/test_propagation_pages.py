"""Propagation's web pages: the score page and the dispute page on the hex board, as plain
forms (no JavaScript) and in a browser."""
from __future__ import annotations

import json
import re

import pytest

from scorer.games.propagation import rules

SCORE, CHECK = "/games/propagation/score", "/games/propagation/check"


def embedded_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="propagation-data">(.*?)</script>', html, re.S)
    assert found, "the page embeds no board data"
    return json.loads(found.group(1))


def test_score_page_shows_the_example_with_board_data_on_request(client):
    response = client.get(SCORE + "?example=1")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert embedded_data(html) == json.loads(json.dumps(rules.page_data()))
    assert html.count('class="board-editor js-only"') == 2  # one board per bonus round
    assert 'name="players.2.harvested.apple" value="4"' in html
    bonus = re.search(r'<textarea name="bonus"[^>]*>(.*?)</textarea>', html, re.S)
    assert bonus
    assert json.loads(bonus.group(1).replace("&#34;", '"')) == rules.EXAMPLE_STATE["bonus"]


def test_score_form_works_without_javascript(client, csrf_token):
    token = csrf_token(client, SCORE)
    board = {"rocks": rules._EXAMPLE_ROCKS, "plants": [{"at": [1, 0], "owner": "Bo", "kind": "tomato", "tier": 1}]}
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
def test_score_page_hex_board_is_clickable_and_totals_follow(live_server, page):
    page.goto(live_server + SCORE + "?example=1")
    round_10 = ".board-editor[data-round='10']"
    assert page.locator(f"{round_10} g.space").count() == 61
    page.wait_for_selector("#live-result tbody tr")
    assert "Ada" in page.locator("#live-result .live-winners").inner_text()
    # Cy plants three tomatoes on the round-10 board: Cy now has the most tomatoes (Ada 2).
    page.select_option(f"{round_10} [data-tool=owner]", "Cy")
    page.select_option(f"{round_10} [data-tool=kind]", "tomato")
    for at in ("-3,2", "-3,3", "-2,3"):
        space(page, round_10, at).click()
    assert "Cy's tomato, tier 0" in space(page, round_10, "-3,3").get_attribute("aria-label")
    cy_row = page.locator("#live-result tbody tr", has_text="Cy")
    page.wait_for_function("""() => [...document.querySelectorAll('#live-result li')]
        .some(li => li.textContent.startsWith('Round 10, Most Tomatoes: Ada 2, Bo 0, Cy 3'))""")
    assert cy_row.locator("td").nth(4).inner_text() == "10"  # bonus column: 5 + 5
    # A rock next to another is impossible: the scorer says so and the space is marked.
    page.check(f"{round_10} input[value=rock]")
    space(page, round_10, "1,1").click()  # next to the rock on [2,1]
    page.wait_for_selector("#live-result .live-violations li")
    assert "rocks must be placed apart" in page.locator("#live-result .live-violations").inner_text()
    page.wait_for_selector(f"{round_10} g.space.mark-bad")
    # The form field the server reads holds the same boards.
    bonus = json.loads(page.locator("textarea[name=bonus]").input_value())
    assert [1, 1] in bonus[0]["board"]["rocks"]


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
    assert "no tomato at tier 3" in page.locator("#live-check .live-reasons").inner_text()
    # End of the round: a tomato at tier 6 dies.
    page.select_option("#action-type", "end_round")
    page.select_option("#propagation-check [data-tool=owner]", "Bo")
    page.select_option("#propagation-check [data-tool=kind]", "tomato")
    page.fill("#propagation-check [data-tool=tier]", "6")
    page.locator("g.space[data-at='-3,2']").click()
    page.click("#propagation-check button.primary")
    page.wait_for_selector("g.space.mark-died")
    assert page.locator("g.space[data-at='-3,2']").get_attribute("class").endswith("mark-died")
    assert "-3,2" in page.locator("#live-check .live-effects").inner_text()


@pytest.mark.browser
def test_score_page_without_javascript_is_a_plain_form(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        tab = context.new_page()
        tab.goto(live_server + SCORE + "?example=1")
        assert not tab.locator(".board-editor").first.is_visible()  # needs the script
        assert tab.locator("textarea[name=bonus]").is_visible()
        tab.locator("button.primary").click()
        assert "Winner: Ada" in tab.locator("#result").inner_text()
    finally:
        context.close()
