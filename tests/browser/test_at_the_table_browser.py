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
