"""Every page in real Chromium at phone and desktop size: axe-core finds no WCAG 2.2 AA
violation (a scored page and a saved result included), fields use 16px text (iOS Safari zooms
into smaller), and the board widgets are one tab stop that arrow keys walk."""
from __future__ import annotations

import json

import pytest

import scorer
from tests.support.axe import axe_violations
from tests.support.journey import WAIT_S
from tests.web.test_replay_pages import broken_log

pytestmark = pytest.mark.browser

PAGES = ["/", "/results"] + [f"/games/{g}/{p}" for g in scorer.GAMES for p in ("score", "check")]
# examples of fixed seeds (a fresh one would make a failure come and go): Harvest Dice's pigs past
# their third row, Garden Dice's sundials, Propagation's bonus cards, and a replay box filled
EXAMPLES = [f"/games/{g}/{p}?example=1&seed=6&players=3" for g in scorer.GAMES for p in ("score", "check")] + \
    ["/games/propagation/check?log=simulated&seed=6&players=3"]


@pytest.fixture(params=[(390, 844), (1280, 800)], ids=["phone", "desktop"])
def sized(request, browser):
    width, height = request.param
    # bypass_csp: axe-core is injected as a script of the test's own; the pages' policy is
    # tested under its real terms in test_hostile_web.
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  bypass_csp=True)
    context.set_default_timeout(WAIT_S * 1000)
    yield context.new_page()
    context.close()


def settled(page, path):
    page.goto(path)
    # axe judges what is on screen: at the foot of the page the sticky Score/Save bar is in its
    # own place, not passing over fields the way it does while the page scrolls
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    return page


# A test per page, not one over them all: each is its own item for the test workers to share,
# where one test of every page ran a minute and a half on a busy machine, the suite's last.
@pytest.mark.parametrize("path", PAGES + EXAMPLES)
def test_no_axe_violations_and_16px_fields(live_server, sized, path):
    page = settled(sized, live_server + path)
    assert axe_violations(page) == [], f"{path}: axe-core finds WCAG 2.2 AA violations"
    small = page.evaluate("""[...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
        .filter(e => e.offsetParent && parseFloat(getComputedStyle(e).fontSize) < 16).map(e => e.name || e.id)""")
    assert small == [], f"{path}: fields under 16px: {small}"
    words = page.locator("main").inner_text()
    assert "DESIGN" not in words and ".md" not in words, f"{path} names an internal file"


def test_no_axe_violations_after_a_save_a_refusal_and_a_replay(live_server, sized):
    found = {}
    # Save on an example: refused beside the answer; then a typed game and the saved result it leads to
    page = settled(sized, live_server + "/games/garden-variety/score?example=1")
    with page.expect_navigation():
        page.get_by_role("button", name="Save result").click()
    assert page.locator(".result .notice", has_text="Not saved").is_visible()
    found["example not saved"] = axe_violations(page)
    page.goto(live_server + "/games/garden-variety/score")
    for index, (name, bed) in enumerate((("Ann", "20"), ("Bo", "12"))):
        page.fill(f"[name='players.{index}.name']", name)
        for field, value in (("garden_bed", bed), ("hand", "0"), ("gnomes", "1")):
            page.fill(f"[name='players.{index}.{field}']", value)
    page.get_by_role("button", name="Save result").click()
    page.wait_for_url("**/results/*")
    found["saved result"] = axe_violations(settled(page, page.url))
    # a refused Save: problems beside their fields, the fields marked
    page.goto(live_server + "/games/garden-dice/score")
    page.fill("[name='players.0.name']", "Ann")
    page.fill("[name='players.1.name']", "Bo")
    with page.expect_navigation():
        page.get_by_role("button", name="Save result").click()
    assert page.locator("[aria-invalid=true]").count() == 2
    found["refused save"] = axe_violations(page)
    # a rules page answering its replay box: every move legal, a move that breaks a rule, no log
    log, _ = scorer.simulate("garden-dice", 2, 5)
    for name, text in (("legal", json.dumps(log)), ("broken", json.dumps(broken_log("garden-dice")[0])),
                       ("unreadable", "[{")):
        page.goto(live_server + "/games/garden-dice/check?log=simulated&seed=6&players=2")
        page.fill("#replay-log", text)
        with page.expect_navigation():
            page.get_by_role("button", name="Replay").click()
        page.locator("details").evaluate_all("ds => ds.forEach(d => d.open = true)")
        found[f"replay: {name}"] = axe_violations(page)
    assert {path: v for path, v in found.items() if v} == {}


def test_boards_are_one_tab_stop_walked_by_arrow_keys(live_server, page, worked_examples):
    page.goto(live_server + "/games/garden-dice/check")
    cells = page.locator("#gd-board button[data-at]")
    assert cells.evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length") == 1
    cells.first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.at") == "2,2"
    page.keyboard.press("Enter")                 # activating keeps focus on the cell
    assert page.evaluate("document.activeElement.dataset.at") == "2,2"

    page.goto(live_server + "/games/cottage-garden/score")
    lane = page.locator(".cg-lane").first
    assert lane.get_attribute("role") == "radiogroup"
    assert lane.locator("[role=radio]").evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length") == 1
    lane.locator("[aria-checked=true]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("select[name='players.0.orange.0']").input_value() == "2"
    assert page.evaluate("document.activeElement.getAttribute('aria-checked')") == "true"
    # Score is reached in far fewer Tab presses than the 167 of one stop per track space
    presses = 0
    page.locator("[name='players.0.name']").focus()
    while presses < 80 and page.evaluate("document.activeElement.value") != "score":
        page.keyboard.press("Tab")
        presses += 1
    assert presses < 40

    # Harvest Dice: the pig and each market are one tab stop, walked by arrow keys
    page.goto(live_server + "/games/harvest-dice/score?example=1")
    pig = page.get_by_role("grid", name="Bob: pig")
    assert pig.locator("button").evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length") == 1
    pig.locator("button[tabindex='0']").focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Bob: pig circle 9"   # rows of six
    pressed = page.evaluate("document.activeElement.getAttribute('aria-pressed')")
    page.keyboard.press("Enter")                 # Bob's 9th circle was the last crossed: Enter uncrosses it
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") != pressed
    assert page.locator("[name='players.0.pig']").input_value() == "8"
    assert page.evaluate("document.activeElement.dataset.circle") == "9"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.power") == "2"
    # the Basic/Advanced switch replaces the mode select: no invisible tab stop is left behind
    assert page.locator("select[name=mode]").evaluate("s => s.closest('[hidden]') !== null")
    heights = page.locator("header nav a").evaluate_all("as => as.map(a => a.getBoundingClientRect().height)")
    assert len(heights) >= 2 and all(height >= 24 for height in heights), heights   # every link a 24 px target
    lettuce = page.get_by_role("grid", name="lettuce market circles")
    stops = lettuce.locator("button").evaluate_all("bs => bs.filter(b => b.tabIndex === 0).map(b => b.dataset.circle)")
    assert stops == ["2"]                        # circle 1 is printed crossed: skipped
    lettuce.locator("button[tabindex='0']").focus()
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "lettuce market circle 2"
    page.keyboard.press("Tab")                   # one Tab leaves the whole row
    assert page.evaluate("document.activeElement.closest('[role=grid]') === null")

    page.goto(live_server + "/games/propagation/check")
    spaces = page.locator("svg.hexboard g.space")
    assert spaces.evaluate_all("gs => gs.filter(g => g.getAttribute('tabindex') === '0').length") == 1
