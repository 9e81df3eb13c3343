"""What a player at the table met on a 390 px phone: a second tab of the same score page, answers
that opened out of view, and refusals far from the button that asked. Each in real Chromium,
failing on any page error (the journey fixtures)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def _collect_errors(journey, tab) -> None:
    tab.on("pageerror", lambda error: journey.report(f"page error (second tab): {error}"))
    tab.on("console", lambda m: journey.report(f"console error (second tab): {m.text}") if m.type == "error" else None)


def test_two_tabs_of_one_score_page_keep_each_others_entries(phone_journey, live_server):
    journey = phone_journey
    first = journey.page
    url = f"{live_server}/games/garden-variety/score"
    first.goto(url)
    second = first.context.new_page()
    _collect_errors(journey, second)
    second.goto(url)
    journey.wait_until("window.gardenkit && window.gardenkit.stateOf")
    second.locator("[name='players.0.name']").fill("Ann")
    second.wait_for_timeout(400)  # the pad keeps the draft 150 ms after the last entry
    # the first tab is told, and holds the other tab's entry before its player types
    journey.wait_until("document.querySelector(\"[name='players.0.name']\").value === 'Ann'")
    assert "changed in another tab" in first.locator("#pad-note").text_content()
    first.locator("[name='players.1.name']").fill("Bo")
    first.wait_for_timeout(400)
    first.reload()
    journey.wait_until("document.querySelector(\"[name='players.1.name']\")")
    first.wait_for_timeout(300)
    assert first.locator("[name='players.0.name']").input_value() == "Ann"
    assert first.locator("[name='players.1.name']").input_value() == "Bo"
    # and the second tab took the first tab's newer entry the same way
    assert second.locator("[name='players.1.name']").input_value() == "Bo"


def _in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const box = document.querySelector(sel).getBoundingClientRect();
        return box.height > 0 && box.top > -1 && box.bottom < innerHeight + 1; }""", selector)


def test_harvest_dice_check_opens_at_its_answer_with_focus_on_it(phone_journey, live_server):
    from tests.support.journey import tap_to_leave

    journey = phone_journey
    page = journey.page
    page.goto(f"{live_server}/games/harvest-dice/check")
    journey.wait_until("document.querySelector('#answer .verdict')")
    assert page.locator("[id=answer]").count() == 1
    tap_to_leave(journey, page.locator("#hd-check button[type=submit]"), "**/games/harvest-dice/check#answer")
    journey.wait_until("document.activeElement && document.activeElement.id === 'answer'")
    assert page.locator("[id=answer]").count() == 1  # one id: the server's copy of the answer has none
    assert page.locator("#answer .verdict").count() == 1
    assert _in_view(page, "#answer .verdict"), "the answer opened out of view"


def test_a_refused_placement_shows_beside_the_place_button_in_words(phone_journey, live_server):
    journey = phone_journey
    page = journey.page
    page.goto(f"{live_server}/games/cottage-garden/check")
    journey.wait_until("!document.getElementById('cg-planner').hidden")
    page.select_option("#cg-piece", "5F")
    page.select_option("#cg-row", "5")
    page.select_option("#cg-col", "5")
    journey.tap(page.locator("#cg-place"))
    journey.wait_until("!document.getElementById('cg-problems').hidden")
    alert = page.locator("[role=alert]:has(#cg-problems)")
    assert _in_view(page, "#cg-place") and _in_view(page, "#cg-problems"), "the refusal is out of view of the Place button"
    distance = page.evaluate("""() => document.getElementById('cg-problems').getBoundingClientRect().top -
        document.getElementById('cg-place').getBoundingClientRect().bottom""")
    assert 0 <= distance < 120, f"the refusal stands {distance:.0f} px below the Place button"
    text = alert.inner_text()
    assert "stick out over the edge" in text and "row 5, column" in text and "[" not in text, text
    journey.assert_accessible("after a refused placement")
