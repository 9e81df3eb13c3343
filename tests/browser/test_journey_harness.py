"""The journey harness can fail: a tap that a cover takes instead of the button it was meant
for is reported, for a finger and a mouse, by trip.tap and by tap_away."""
from __future__ import annotations

import pytest

from tests.support.journey import DESKTOP, PHONE, open_journey, tap_away

PAGE = """<!doctype html><html lang="en"><body>
<button id="meant" style="margin: 40px; padding: 20px">Meant</button>
<div id="cover" style="position: fixed; inset: 0; display: none">a cover</div>
<script>
  document.getElementById('meant').addEventListener('click', () => { document.body.dataset.hit = 'meant'; });
</script></body></html>"""


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def trip(request, browser):
    context, trip = open_journey(browser, request.param)
    # a page of its own origin (sessionStorage, which tap_away reports through, needs one)
    trip.page.route("http://harness.test/", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    trip.page.goto("http://harness.test/")
    yield trip
    context.close()


def test_a_tap_taken_by_a_cover_is_reported(trip):
    trip.tap(trip.page.locator("#meant"))
    assert trip.page.evaluate("document.body.dataset.hit") == "meant"
    trip.page.evaluate("document.getElementById('cover').style.display = 'block'")
    for tapper in (trip.tap, lambda locator: tap_away(trip, locator, timeout=1)):
        with pytest.raises(AssertionError, match='a tap meant for button#meant "Meant" landed on div#cover'):
            tapper(trip.page.locator("#meant"))

