"""Journeys through a game's times, start player and place, and the rematch, in real Chromium
at 390 px (touch), each page checked by axe-core (0 violations) and nothing wider than the
phone: the score page starts the game's clock at the first input and offers the names typed as
who started; the saved game says when, how long, who started and where; Rematch opens the score
page with the same players moved on by one; a game saved offline keeps the times it was played."""
from __future__ import annotations

import json
import re
import urllib.request
from datetime import datetime

import pytest

from tests.support.journey import PHONE, tap_to_leave

pytestmark = pytest.mark.browser

SCORE = "/games/garden-variety/score"
TYPED = {"players.0.name": "Ann", "players.0.garden_bed": "20", "players.0.hand": "0", "players.0.gnomes": "1",
         "players.1.name": "Bo", "players.1.garden_bed": "18", "players.1.hand": "0", "players.1.gnomes": "0",
         "players.2.name": "Cy", "players.2.garden_bed": "12", "players.2.hand": "1", "players.2.gnomes": "2"}
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")


def fits_and_accessible(journey, where: str) -> None:
    width = journey.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where} is {width} px wide on a {PHONE['width']} px phone"
    journey.assert_accessible(where)


def results(base: str) -> list[dict]:
    with urllib.request.urlopen(base + "/api/results", timeout=10) as answer:
        return json.load(answer)["results"]


def type_the_game(page) -> None:
    page.get_by_role("button", name="Add player").click()
    for name, text in TYPED.items():
        page.fill(f"[name='{name}']", text)


def test_a_game_is_timed_says_who_started_and_where_and_rematch_moves_the_start_on(live_server, phone_journey):
    page = phone_journey.page
    page.goto(live_server + SCORE)
    started = page.locator("[name=_started_at]")
    assert started.input_value() == ""                       # nothing typed: no start yet
    page.get_by_label("Where").fill("Ann's kitchen")          # the place is not the game's first move
    assert started.input_value() == ""
    type_the_game(page)
    assert ISO.fullmatch(started.input_value()), started.input_value()
    who = page.get_by_label("Who started")
    assert who.locator("option").all_inner_texts() == ["Ann", "Bo", "Cy"]
    assert who.evaluate("s => s.options[s.selectedIndex].text") == "Ann"   # the first listed, unless chosen
    who.select_option(label="Bo")
    fits_and_accessible(phone_journey, "on the score page with the game's details")

    tap_to_leave(phone_journey, page.get_by_role("button", name="Save result"), "**/results/*")
    details = page.locator("dl.play-details")
    shown = dict(zip(details.locator("dt").all_inner_texts(), details.locator("dd").all_inner_texts(), strict=True))
    assert shown["Who started"] == "Bo" and shown["Where"] == "Ann's kitchen"
    assert shown["Length"] in ("0 min", "1 min") and "not recorded" not in (shown["Started"] + shown["Ended"])
    assert page.locator("dl.play-details time").count() == 2   # start and end, said in the reader's own time
    saved = results(live_server)[0]
    assert (saved["start_player"], saved["location"]) == ("Bo", "Ann's kitchen")
    assert saved["started_at"] <= saved["ended_at"]
    fits_and_accessible(phone_journey, "on the saved game with its details")

    tap_to_leave(phone_journey, page.get_by_role("link", name="Rematch"), "**/score?rematch=*")
    names = page.locator("#players input[name$='.name']").evaluate_all("els => els.map(e => e.value)")
    assert names == ["Cy", "Ann", "Bo"]                      # Bo started, so Cy starts now
    assert "so Cy starts" in page.locator(".rematch-note").inner_text()
    assert page.get_by_label("Who started").evaluate("s => s.options[s.selectedIndex].text") == "Cy"
    assert page.locator("[name='players.0.garden_bed']").input_value() == ""
    assert page.get_by_label("Where").input_value() == "" and page.locator("[name=_started_at]").input_value() == ""
    fits_and_accessible(phone_journey, "on the rematch's score page")
    # the rematch's own start: its first input, here a tap on a stepper
    phone_journey.tap(page.locator("fieldset.player").first.locator("button[aria-label$='one more hand']"))
    assert page.locator("[name='players.0.hand']").input_value() == "1"
    assert ISO.fullmatch(page.locator("[name=_started_at]").input_value())


@pytest.mark.service_worker   # it takes the network away: the page as a player has it by then
def test_a_game_saved_offline_keeps_when_it_was_played_not_when_it_was_sent(live_server, phone_journey):
    page = phone_journey.page
    phone_journey.allow_error(r"ERR_INTERNET_DISCONNECTED|Failed to fetch")   # the page's asks while offline
    page.goto(live_server + SCORE)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()                                             # now under the service worker
    page.context.set_offline(True)
    type_the_game(page)
    page.get_by_label("Who started").select_option(label="Cy")
    page.get_by_label("Where").fill("the train")
    page.get_by_role("button", name="Save result").click()
    queued = page.evaluate("JSON.parse(localStorage.getItem('gardenkit:queue'))")[0]["details"]
    assert (queued["start_player"], queued["location"]) == ("Cy", "the train") and queued["started_at"]
    page.wait_for_timeout(2100)                               # it is sent two seconds later
    page.context.set_offline(False)
    page.locator("#pad-note", has_text="is now saved").wait_for()
    saved = results(live_server)[0]
    played = datetime.fromisoformat(queued["ended_at"].replace("Z", "+00:00")).replace(microsecond=0)
    assert datetime.fromisoformat(saved["ended_at"]) == played
    assert (datetime.fromisoformat(saved["saved_at"]) - played).total_seconds() >= 2
    assert (saved["start_player"], saved["location"]) == ("Cy", "the train")


def test_the_next_game_typed_over_a_saved_one_starts_its_own_clock(live_server, phone_journey):
    """The score page brings the saved game back to be played over; its start went with the save:
    the next game's first input is the next game's start."""
    page = phone_journey.page
    page.goto(live_server + SCORE)
    type_the_game(page)
    first_start = page.locator("[name=_started_at]").input_value()
    tap_to_leave(phone_journey, page.get_by_role("button", name="Save result"), "**/results/*")
    page.goto(live_server + SCORE)
    assert page.locator("[name='players.0.name']").input_value() == "Ann"   # the saved game, brought back
    assert page.locator("[name=_started_at]").input_value() == ""           # its clock is not the next game's
    page.fill("[name='players.0.garden_bed']", "21")
    assert ISO.fullmatch(page.locator("[name=_started_at]").input_value())
    assert page.locator("[name=_started_at]").input_value() > first_start   # ISO times in UTC: later is larger
