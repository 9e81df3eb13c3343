"""Journeys through the table's records in real Chromium: at 390 px (touch), the roster, a
player's page and a game's statistics, reached by taps, each with axe-core's 0 violations,
nothing wider than the phone, and every chart legible (its text at least 12 px) with its
table; on the desktop, two spellings merged from the roster and the merge undone."""
from __future__ import annotations

import json
import urllib.request

import pytest

import scorer
from tests.conftest import LIVE_OPERATOR_TOKEN
from tests.support.history_states import KIM_WINS, LEE_WINS
from tests.support.journey import PHONE, tap_to_leave

pytestmark = pytest.mark.browser

ANNE = {"players": [{"name": "Anne", "garden_bed": 30, "hand": 0, "gnomes": 1},
                    {"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 1}]}
ANN = {"players": [{"name": "Ann", "garden_bed": 5, "hand": 0, "gnomes": 1},
                   {"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 1}]}
MIN_TEXT_PX = 12


def save_by_api(base: str, state: dict) -> None:
    request = urllib.request.Request(base + "/api/results", data=json.dumps({"game": "garden-variety", "state": state}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201


def assert_fits_the_phone(journey, where: str) -> None:
    width = journey.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where} is {width} px wide on a {PHONE['width']} px phone"
    # a share in a table cell reads as one thing: "100" above "%" on a narrow column does not
    broken = journey.page.evaluate("""() => [...document.querySelectorAll('td, th')]
        .filter(cell => /^\\s*[\\d.]+\\s?%\\s*$/.test(cell.textContent) && cell.offsetParent !== null)
        .filter(cell => { const range = document.createRange(); range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1; })
        .map(cell => cell.textContent.trim())""")
    assert broken == [], f"{where}: shares broken over two lines: {broken}"
    journey.assert_accessible(where)


def assert_charts_legible(journey, count: int) -> None:
    charts = journey.page.locator("svg.chart[role=img]")
    assert charts.count() == count
    for index in range(count):
        chart = charts.nth(index)
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        smallest = chart.evaluate("svg => Math.min(...[...svg.querySelectorAll('text')].map("
                                  "t => t.getBoundingClientRect().height))")
        assert smallest >= MIN_TEXT_PX, f"chart {index} has text {smallest:.1f} px high"
        # every word inside the chart's box, and no written value crossed by a compared-with mark
        crossed = chart.evaluate("""svg => { const box = svg.getBoundingClientRect(), found = [];
            const marks = [...svg.querySelectorAll('line')].map(l => l.getBoundingClientRect());
            for (const t of svg.querySelectorAll('text')) { const r = t.getBoundingClientRect();
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5) found.push(t.textContent + ' leaves the chart');
              for (const m of marks) if (m.left < r.right - 0.5 && m.right > r.left + 0.5 && m.top < r.bottom && m.bottom > r.top)
                found.push(t.textContent + ' is crossed by a mark'); }
            return found; }""")
        assert crossed == [], f"chart {index}: {crossed}"
        table = journey.page.locator("figure.chart-pair").nth(index).locator("table")
        assert table.locator("tbody tr").count() >= 1 and table.is_visible()


def test_the_roster_a_player_and_a_games_statistics_on_a_phone(live_server, phone_journey):
    for state in (KIM_WINS, LEE_WINS, KIM_WINS):
        save_by_api(live_server, state)
    page = phone_journey.page
    page.goto(live_server + "/results")
    tap_to_leave(phone_journey, page.get_by_role("link", name="Players", exact=True), "**/players/")
    assert page.get_by_role("row", name="Kim 3 2 67%").is_visible()
    assert_fits_the_phone(phone_journey, "on the roster")
    tap_to_leave(phone_journey, page.get_by_role("link", name="Kim", exact=True), "**/players/kim")
    assert "3 games, 2 wins (67%)" in page.locator(".record").text_content()
    assert page.get_by_role("row", name="Lee 3 2 1 0").is_visible()   # head to head
    assert_charts_legible(phone_journey, 1)   # where Kim's points come from, beside the table's
    assert_fits_the_phone(phone_journey, "on Kim's page")
    tap_to_leave(phone_journey, page.get_by_role("link", name="Garden Variety").first, "**/stats/garden-variety")
    assert "3 saved games, 9 final scores" in page.locator(".record").text_content()
    assert_charts_legible(phone_journey, 2)   # final totals; categories deciding the winner
    assert_fits_the_phone(phone_journey, "on Garden Variety's statistics")


def test_two_spellings_merged_from_the_roster_and_the_merge_undone(live_server, desktop_journey):
    save_by_api(live_server, ANNE)
    save_by_api(live_server, ANN)
    page = desktop_journey.page
    page.goto(live_server + "/players/")
    page.get_by_label("Operator's token").fill(LIVE_OPERATOR_TOKEN)
    page.get_by_label("Name in the saved games").fill("Anne")
    page.get_by_label("Count and show as").fill("Ann")
    tap_to_leave(desktop_journey, page.get_by_role("button", name="Merge"), "**/players/ann")
    assert "Anne's games now count as Ann's." in page.locator(".flash").text_content()
    assert "2 games, 1 win" in page.locator(".record").text_content()
    desktop_journey.assert_accessible("on the merged player's page")
    page.goto(live_server + "/players/")
    desktop_journey.assert_accessible("on the roster with a merge")
    page.locator("ul.merged").get_by_label("Operator's token").fill(LIVE_OPERATOR_TOKEN)
    tap_to_leave(desktop_journey, page.get_by_role("button", name="Undo: anne counts as Ann"), "**/players/anne")
    assert "Anne's games count as Anne's own again" in page.locator(".flash").text_content()
    assert "1 game, 1 win" in page.locator(".record").text_content()


FOUR = {"players": [{"name": "Marguerite", "garden_bed": 12, "hand": 1, "gnomes": 3},
                    {"name": "Bartholomew", "garden_bed": 11, "hand": 0, "gnomes": 2},
                    {"name": "Kim", "garden_bed": 9, "hand": 1, "gnomes": 1},
                    {"name": "Lee", "garden_bed": 8, "hand": 0, "gnomes": 0}]}


def test_a_saved_games_score_sheet_has_its_players_as_columns_on_a_phone(live_server, phone_journey):
    save_by_api(live_server, FOUR)
    page = phone_journey.page
    page.goto(live_server + "/results")
    tap_to_leave(phone_journey, page.locator("ol.saved a").first, "**/results/*")
    sheet = page.get_by_role("table", name="Score sheet")
    heads = sheet.locator("thead th").all_text_contents()
    assert [h.strip() for h in heads] == ["Category", "Marguerite ★", "Bartholomew", "Kim", "Lee"]
    assert sheet.get_by_role("row", name="Total 13 11 10 8").is_visible()
    assert sheet.get_by_role("row", name="Garden bed 12 11 9 8").is_visible()
    box = sheet.bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"], "the sheet is wider than the phone"
    assert_fits_the_phone(phone_journey, "on a saved four-player game")


def test_a_four_player_score_sheet_keeps_each_name_whole_on_a_phone(live_server, phone_journey):
    """The saved game's score sheet, a column per player: at 390 px a short name is never broken
    into letters ("B" over "o"); a sheet too wide for the phone scrolls inside its own box.
    Garden Dice has the most categories, so the narrowest columns."""
    example = scorer.GAMES["garden-dice"].example_state
    state = {**example, "players": [{**example["players"][n % 2], "name": name}
                                    for n, name in enumerate(("Bo", "Ann", "Cy", "Dee"))]}
    request = urllib.request.Request(live_server + "/api/results", method="POST",
                                     data=json.dumps({"game": "garden-dice", "state": state}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        saved = json.load(answer)["id"]
    page = phone_journey.page
    page.goto(f"{live_server}/results/{saved}")
    lines = page.locator("table.sheet thead th").evaluate_all("""ths => ths.slice(1).map(th => {
        const range = document.createRange(); range.selectNodeContents(th.firstChild);
        return [th.firstChild.textContent.trim(), new Set([...range.getClientRects()].map(r => Math.round(r.top))).size]; })""")
    assert sorted(lines) == sorted([name, 1] for name in ("Bo", "Ann", "Cy", "Dee")), lines   # (name, lines it takes)
    assert_fits_the_phone(phone_journey, "on a four-player score sheet")
