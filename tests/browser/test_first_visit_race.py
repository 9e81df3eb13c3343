"""A new player's first visit, as fast as a thumb: the home page opens (its service worker starts
caching every page at once), a game link is tapped at once, and the first Save or Check is
pressed at once. Neither may be refused as a page "open a long time" (a stale form token): that
refused first Save at the end of a game is where players give up on an app.

Each run is a fresh browser (no cookie, no service worker yet) against a fresh app; the race is
rare per run, so it runs many times (GARDENKIT_RACE_RUNS, 50 to show it is gone), each run a test
of its own that the test workers share out (twelve runs in one test took 40 s on a busy machine,
one worker's alone)."""
from __future__ import annotations

import os

import pytest

from tests.support.journey import open_journey, tap_away

# a first visit: the service worker installs while the player goes on, as for a new player
pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

RUNS = int(os.environ.get("GARDENKIT_RACE_RUNS", "12"))
REFUSED = "open a long time"


def first_save(trip, base: str) -> str:
    """Home, a tap on Garden Variety's "Score a game", two players typed, Save: the page's words."""
    page = trip.page
    page.goto(base + "/")
    tap_away(trip, page.locator("a[href='/games/garden-variety/score']"))
    page.wait_for_url("**/games/garden-variety/score")
    for index, (name, bed) in enumerate((("Ann", "30"), ("Bo", "24"))):
        page.fill(f"[name='players.{index}.name']", name)
        page.fill(f"[name='players.{index}.garden_bed']", bed)
        page.fill(f"[name='players.{index}.hand']", "0")
        page.fill(f"[name='players.{index}.gnomes']", "0")
    with page.expect_navigation():
        tap_away(trip, page.locator("button.save"))
    return page.locator("main").inner_text()


def first_check(trip, base: str) -> str:
    """Home, a tap on Garden Variety's "Check a rule", "Who wins?" on the round it opens on."""
    page = trip.page
    page.goto(base + "/")
    tap_away(trip, page.locator("a[href='/games/garden-variety/check']"))
    page.wait_for_url("**/games/garden-variety/check")
    with page.expect_navigation():
        tap_away(trip, page.locator("#gv-check-form button.primary[type=submit]"))
    return page.locator("main").inner_text()


@pytest.mark.parametrize("run", range(RUNS))
@pytest.mark.parametrize("action", [first_save, first_check], ids=["save", "check"])
def test_the_first_save_or_check_of_a_first_visit_is_never_refused(live_server, browser, action, run):
    context, trip = open_journey(browser, {"width": 390, "height": 844}, service_worker=True)
    try:
        assert REFUSED not in action(trip, live_server), f"refused as a stale page in run {run}"
        assert trip.errors == [], f"the pages reported errors in run {run}: {trip.errors}"
    finally:
        context.close()


def test_a_refused_token_is_renewed_and_the_save_pressed_again_once(live_server, phone_journey):
    trip, page = phone_journey, phone_journey.page
    page.goto(live_server + "/games/garden-variety/score")
    for index, (name, bed) in enumerate((("Ann", "30"), ("Bo", "24"))):
        page.fill(f"[name='players.{index}.name']", name)
        page.fill(f"[name='players.{index}.garden_bed']", bed)
        page.fill(f"[name='players.{index}.hand']", "0")
        page.fill(f"[name='players.{index}.gnomes']", "0")
    # The worst case: no fresh token to be had before the post, and the page's own is stale.
    page.route("**/csrf-token", lambda route: route.abort())
    page.locator("[name=csrf_token]").evaluate("input => { input.value = 'stale'; }")
    # The browser logs the token it could not fetch, the refused first post, and the live totals
    # refused for want of a token (403).
    trip.allow_error(r"ERR_FAILED|status of 400|status of 403")
    tap_away(trip, page.locator("button.save"))
    page.wait_for_url("**/results/*")
    assert "Saved: Ann won." in page.locator("main").inner_text()
    stored = page.request.get(live_server + "/api/results").json()["results"]
    assert [r["winners"] for r in stored] == [["Ann"]]
