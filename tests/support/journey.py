"""Journeys: a player's path through the app in real Chromium, failing on what a player would suffer.

    journey (fixture)   a Journey at each size players use: a phone (390 x 844, touch) and a desktop
    phone_journey       the phone alone
    desktop_journey     the desktop alone

A Journey holds a fresh browser context under the app's real Content-Security-Policy (nothing
bypassed: a script the policy blocks is a page error here as it is for players). The app's service
worker is installed, as on a first visit, only for a test marked `service_worker` (the offline ones):
its install fetches every page and file of the app, a second of the machine's time each test. At the
end of the test it fails on:
  - any uncaught page error or console error (a blocked script, a failed fetch the page logs, and
    the browser's own log of a 4xx/5xx answer: a page that sends what the server refuses while
    a player types is a bug too); `journey.allow_error(pattern)` expects one, saying why;
  - layout shift during entry: every shift the Layout Instability API reports is counted, the ones
    right after input too (the browser's own score leaves those out, but a button appearing when a
    field loses focus is exactly what moves the next target from under a finger).
`journey.tap(locator)` taps like a finger (a mouse click on the desktop) and fails when the element
that gets the click is not the one that was under the finger. `journey.assert_accessible(where)`
runs axe-core (WCAG 2.2 AA) on the page as it is. axe is loaded as an init script, which the page's
policy does not govern; Playwright's wait_for_function is not (the policy forbids eval), so use
`journey.wait_until(js)`.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

from tests.support.axe import AXE, axe_violations

if TYPE_CHECKING:  # the browser tests skip without playwright; only the types need it here
    from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
MAX_LAYOUT_SHIFT = 0.05
# How long a browser test waits for what must come (a page, an element, an answer) before it
# fails: long enough for a machine busy with the other test workers, and only ever waited out
# when the test fails.
WAIT_S = 15

# Counts every layout shift, the ones after input included (see the module's docstring).
SHIFT_RECORDER = """
window.__journeyShift = 0;
window.__journeyShifts = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) {
    window.__journeyShift += entry.value;
    window.__journeyShifts.push({value: entry.value, afterInput: entry.hadRecentInput,
      sources: (entry.sources || []).map(s => (s.node ? (s.node.id || s.node.nodeName +
        (s.node.getAttribute && s.node.getAttribute("name") ? "[" + s.node.getAttribute("name") + "]" : "")) : "?") +
        " y " + Math.round(s.previousRect.y) + "->" + Math.round(s.currentRect.y) +
        " h " + Math.round(s.previousRect.height) + "->" + Math.round(s.currentRect.height))});
  }
}).observe({type: "layout-shift", buffered: true});
"""

DESCRIBE = """el => el ? (el.nodeName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (el.getAttribute && el.getAttribute('name') ? '[name=' + el.getAttribute('name') + ']' : '') +
  ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '"') : 'nothing'"""


def moves(page: Page) -> str:
    """What moved the page lately, for a failure's message: the scroll and the layout shifts
    since the last reset, each with the elements that moved."""
    return page.evaluate("() => 'scrolled to ' + window.scrollY + ', shifts ' + JSON.stringify(window.__journeyShifts)")


def centre(locator) -> tuple[float, float]:
    """Where a finger aims: the middle of the element as it is drawn now."""
    box = locator.bounding_box()
    assert box, f"nothing to tap: {locator} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    screen = locator.page.viewport_size
    assert 0 <= x < screen["width"] and 0 <= y < screen["height"], \
        f"the middle of {locator} is off the screen at {x:.0f}, {y:.0f}; {moves(locator.page)}"
    return x, y


@dataclass
class Journey:
    page: Page
    touch: bool
    errors: list = field(default_factory=list)
    allowed: list = field(default_factory=list)

    def allow_error(self, pattern: str) -> None:
        """Expect errors matching `pattern` from now on (e.g. the browser's own log of a request
        made while offline); say why at the call."""
        self.allowed.append(re.compile(pattern))

    def report(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in self.allowed):
            self.errors.append(text)

    def tap(self, locator) -> None:
        """Tap the element as a finger does and assert that it, not a neighbour, got the click."""
        locator.scroll_into_view_if_needed()
        meant = locator.element_handle()
        self.page.evaluate("""el => {
            window.__journeyMeant = el; window.__journeyHit = null;
            document.addEventListener('click', e => { window.__journeyHit = e.target; },
                                      {capture: true, once: true});
        }""", meant)
        x, y = centre(locator)  # read last, so a live answer has the least time to move it
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        # A tap's click is the browser's to send after the touch ends: on a busy machine it can
        # come after tap() returns, so wait for it before judging where it landed.
        try:
            self.wait_until("window.__journeyHit !== null")
        except AssertionError:
            raise AssertionError(f"a tap meant for {meant.evaluate(DESCRIBE)} made no click") from None
        landed = self.page.evaluate("""() => {
            const meant = window.__journeyMeant, hit = window.__journeyHit;
            return {ok: hit === meant || meant.contains(hit)};
        }""")
        if not landed["ok"]:
            hit = self.page.evaluate(f"() => ({DESCRIBE})(window.__journeyHit)")
            meant_text = meant.evaluate(DESCRIBE)
            raise AssertionError(f"a tap meant for {meant_text} landed on {hit}; {moves(self.page)}")

    def wait_until(self, script: str, timeout: float = WAIT_S) -> None:
        """Poll a JavaScript expression until it is truthy (without eval, which the policy forbids)."""
        deadline = time.monotonic() + timeout
        while not self.page.evaluate(f"() => Boolean({script})"):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {script}")
            self.page.wait_for_timeout(50)

    def layout_shift(self) -> float:
        return self.page.evaluate("() => window.__journeyShift || 0")

    def reset_layout_shift(self) -> None:
        self.page.evaluate("() => { window.__journeyShift = 0; window.__journeyShifts = []; }")

    def assert_steady(self, during: str) -> None:
        shift = self.layout_shift()
        if shift >= MAX_LAYOUT_SHIFT:
            shifts = self.page.evaluate("() => window.__journeyShifts")
            raise AssertionError(f"the page moved by {shift:.3f} (over {MAX_LAYOUT_SHIFT}) during {during}: {shifts}")

    def assert_accessible(self, where: str) -> None:
        found = axe_violations(self.page)
        assert found == [], f"axe-core finds WCAG 2.2 AA violations {where}: {found}"

    def assert_no_errors(self) -> None:
        assert self.errors == [], f"the page reported errors: {self.errors}"


def wants_service_worker(request) -> bool:
    """Whether the test is marked `service_worker`: its browser context lets the app install one."""
    return request.node.get_closest_marker("service_worker") is not None


def open_journey(browser, size: dict, service_worker: bool = False):
    """A context at `size` (a phone gets touch), collecting errors; closed by the caller."""
    touch = size["width"] < 600
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch,
                                  device_scale_factor=2 if touch else 1,
                                  service_workers="allow" if service_worker else "block")
    context.set_default_timeout(WAIT_S * 1000)
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (npm ci)")
    context.add_init_script(path=str(AXE))
    context.add_init_script(SHIFT_RECORDER)
    page = context.new_page()
    trip = Journey(page=page, touch=touch)
    page.on("pageerror", lambda error: trip.report(f"page error: {error}"))
    page.on("console", lambda message: trip.report(f"console error: {message.text}") if message.type == "error" else None)
    return context, trip


def _journey_fixture(request, browser, size):
    context, trip = open_journey(browser, size, wants_service_worker(request))
    yield trip
    try:
        trip.assert_no_errors()
    finally:
        context.close()


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def journey(request, browser):
    yield from _journey_fixture(request, browser, request.param)


@pytest.fixture
def phone_journey(request, browser):
    yield from _journey_fixture(request, browser, PHONE)


@pytest.fixture
def desktop_journey(request, browser):
    yield from _journey_fixture(request, browser, DESKTOP)


# --- added for the score pad's journeys ---------------------------------------------------------

LANDED_KEY = "__journeyLanded"


def tap_away(trip: Journey, locator, timeout: float = WAIT_S) -> None:
    """trip.tap() for a link or button that may take the player to another page (Save, a link),
    or a control whose script redraws what was tapped in the same click (a garden space): the
    check is made in the click itself, before the page's own handlers, and kept in
    sessionStorage, which the next page of the same site still has. Wait for the next page
    yourself."""
    page = trip.page
    locator.scroll_into_view_if_needed()
    page.evaluate(f"""([el, key]) => {{
        sessionStorage.removeItem(key);
        document.addEventListener('click', e => {{
            const ok = e.target === el || el.contains(e.target);
            sessionStorage.setItem(key, ok ? 'ok' : 'a tap meant for ' + ({DESCRIBE})(el) + ' landed on ' + ({DESCRIBE})(e.target));
        }}, {{capture: true, once: true}});
    }}""", [locator.element_handle(), LANDED_KEY])
    x, y = centre(locator)
    if trip.touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    deadline = time.monotonic() + timeout
    while True:
        try:
            landed = page.evaluate(f"() => sessionStorage.getItem('{LANDED_KEY}')")
        except Exception:  # noqa: BLE001 - the page is between documents: ask the next one
            landed = None
        if landed:
            break
        assert time.monotonic() < deadline, "the tap never reached the page"
        page.wait_for_timeout(30)
    assert landed == "ok", landed



def tap_to_leave(journey: Journey, locator, url: str) -> None:
    """tap_away() for a link or submit button that opens another page, then wait for it to
    arrive at `url` (a glob or pattern, as Page.wait_for_url takes)."""
    tap_away(journey, locator)
    journey.page.wait_for_url(url)
