"""The saved results on a 390 px phone in real headless Chromium: dates in the reader's own
time zone, nothing wider than the screen, and a result's delete asked for before it happens."""
from __future__ import annotations

import json
import urllib.request
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

import scorer
from tests.support.journey import PHONE, WAIT_S

pytestmark = pytest.mark.browser

LONG_NAME_WINS = {"players": [{"name": "Maximiliana Wolkenstein-Apfelbaum", "garden_bed": 24, "hand": 1, "gnomes": 3},
                              {"name": "Lee", "garden_bed": 15, "hand": 0, "gnomes": 2},
                              {"name": "Max", "garden_bed": 12, "hand": 2, "gnomes": 1}]}


def save(base: str, state: dict, note: str, game: str = "garden-variety") -> dict:
    body = json.dumps({"game": game, "state": state, "note": note}).encode()
    request = urllib.request.Request(base + "/api/results", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201
        return json.load(answer)


def test_results_page_on_a_phone_in_local_time(live_server, browser, tmp_path):
    if "garden-variety" not in scorer.GAMES:
        pytest.skip("garden-variety rules are not written yet")
    context = browser.new_context(viewport=PHONE, locale="en-GB", timezone_id="Pacific/Auckland")
    context.set_default_timeout(WAIT_S * 1000)
    # Saved by this browser (its requests share the page's cookies), which may then delete them.
    body = {"game": "garden-variety", "state": LONG_NAME_WINS, "note": "A long evening at the allotment, with soup " * 3}
    saved = [context.request.post(live_server + "/api/results", data=json.dumps(body),
                                  headers={"Content-Type": "application/json"}).json() for _ in range(2)]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(live_server + "/results")
        page.wait_for_function("document.querySelector('time[data-local]').title !== ''")
        first = page.locator("ol.saved time").first
        utc = datetime.fromisoformat(first.get_attribute("datetime"))
        in_auckland = utc.astimezone(ZoneInfo("Pacific/Auckland"))
        assert first.text_content() == in_auckland.strftime("%-d %b %Y, %H:%M")
        assert first.get_attribute("title").endswith("UTC")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(tmp_path / "results-390.png"), full_page=True)

        page.locator("ol.saved li a").first.click()
        page.wait_for_url(f"**/results/{saved[1]['id']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        picture = page.locator("img.picture")
        assert picture.evaluate("img => img.complete && img.naturalWidth") == 640
        assert picture.bounding_box()["width"] <= PHONE["width"]
        page.get_by_role("link", name="Delete…").click()
        page.get_by_role("button", name="Delete for good").click()
        page.wait_for_url("**/results")
        assert "Deleted the Garden Variety game" in page.locator(".flash").text_content()
        assert page.locator("ol.saved li").count() == 1
        # the players' records fit too, with the longest one-word game title in the table
        save(live_server, {"players": [{"name": "Ada", "harvested": {"tomato": 3}, "bonus_points": 10},
                                       {"name": "Bo", "harvested": {"carrot": 2}, "bonus_points": 0}]}, "", "propagation")
        page.goto(live_server + "/players/ada")
        title = page.locator(".per-game th[scope=row]", has_text="Propagation")
        assert title.count() == 1
        # the lines of the title's own words (its link is a box of its own, with its own top)
        lines = title.evaluate("th => { const r = document.createRange(); r.selectNodeContents(th.querySelector('a').firstChild); "
                               "return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }")
        assert lines == 1, "the game's title breaks inside the word"   # "Propagatio|n" at 390 px
        sizes = page.evaluate("[...document.querySelectorAll('.per-game tbody :is(th, td)')]"
                              ".map(cell => parseFloat(getComputedStyle(cell).fontSize))")
        assert sizes and min(sizes) >= 16, "a player's records are read at 16 px on a phone"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
    finally:
        context.close()
