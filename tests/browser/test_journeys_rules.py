"""Journeys on the five rules pages, as a player settles a dispute, at phone and desktop sizes
(tests/support/journey.py): edit the board by taps, check every action the page offers, read the answer
in words (never JSON or coordinates), see an old answer go as soon as the board or the action
changes, see a refused action's reasons, and axe-core clean after each step."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.journey import tap_to_leave

# What an answer in words never shows: JSON (braces, brackets, quotes) or a space written as
# numbers ("3, 3", "2,-1").
RAW = re.compile(r"[{}\[\]\"]|-?\d+ ?, ?-?\d+")


def in_words(locator, where: str) -> str:
    """The answer's visible words (its JSON, in a closed <details>, is not shown), checked to be
    words and not JSON or coordinates."""
    text = " ".join(locator.inner_text().split())
    assert text, f"no answer {where}"
    found = RAW.search(text)
    assert not found, f"the answer {where} shows {found.group(0)!r} instead of words: {text}"
    return text


def answered(journey, box: str) -> None:
    journey.wait_until(f"document.querySelector('{box} .verdict, {box} .violations')")


# Watches the answer shown now: "cleared" once it is taken away with nothing in its place,
# "replaced" if a new answer took its place without the old one going first.
WATCH_OLD_ANSWER = """box => {
  const shown = [...document.querySelectorAll(box + ' .verdict, ' + box + ' .violations')];
  window.__oldAnswer = shown.length ? 'shown' : 'none';
  new MutationObserver((changes, watch) => {
    if (shown.some(answer => answer.isConnected)) return;
    window.__oldAnswer = document.querySelector(box + ' .verdict, ' + box + ' .violations') ? 'replaced' : 'cleared';
    watch.disconnect();
  }).observe(document.querySelector(box), {childList: true, subtree: true});
}"""


@contextmanager
def old_answer_goes(journey, box: str, why: str) -> Iterator[None]:
    """The answer shown before the change in the block is taken away by the change itself, not
    just replaced by the answer to it: a page that asks by itself (Harvest Dice, 150 ms after a
    change) may show that one before the test looks, on a busy machine."""
    journey.page.evaluate(WATCH_OLD_ANSWER, box)
    yield
    try:
        journey.wait_until("window.__oldAnswer !== 'shown'")
    except AssertionError:
        raise AssertionError(f"the old answer is still shown after {why}") from None
    assert journey.page.evaluate("window.__oldAnswer") != "replaced", f"the old answer stayed until the next one, after {why}"


# --- Harvest Dice ------------------------------------------------------------------------------

HD = "#answer"


def hd_settled(journey) -> None:
    journey.wait_until(f"document.querySelector('{HD}').getAttribute('aria-busy') === 'false' && "
                       f"document.querySelector('{HD} .verdict, {HD} .violations')")


def test_harvest_dice_dispute(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/harvest-dice/check")
    hd_settled(journey)
    assert page.locator(f"{HD} .verdict").count() == 1, "the verdict is said more than once"
    in_words(page.locator(HD), "on the example")
    journey.assert_accessible("on the Harvest Dice rules page as it opens")

    # The pig's power buttons read at 4.5:1 at least, earned or not.
    ratios = page.evaluate("""() => [...document.querySelectorAll('#hd-check .hd-power')].map(b => {
        const lum = c => { const v = c.match(/\\d+/g).slice(0, 3).map(x => x / 255)
            .map(x => x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
            return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
        const s = getComputedStyle(b), a = lum(s.color), z = lum(s.backgroundColor);
        return (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05); })""")
    assert ratios and min(ratios) >= 4.5, f"pig power letters at {min(ratios):.2f}:1"

    # The players are the ones shown: a player named Bob is not told the table has 1 player.
    others = page.locator("input[name=hd-others]")
    assert others.input_value() == "Bob", "the example's other player is not shown"
    journey.tap(page.locator("input[name=hd-name]"))
    page.locator("input[name=hd-name]").fill("Bob")
    journey.tap(others)
    others.fill("Ann, Kay")
    hd_settled(journey)
    text = in_words(page.locator(HD), "after renaming the players")
    assert "played by" not in text and "Legal" in text, text
    assert '"Ann"' in page.locator("textarea[name=state]").input_value()

    # Empty the garden in one tap, then garden by taps (feeding: a tap changes a space); each
    # change takes the old answer away.
    with old_answer_goes(journey, HD, "emptying the garden"):
        journey.tap(page.locator("button.hd-empty-garden"))
    assert page.locator("[data-stands-for] .hd-cell[aria-label$=': empty']").count() == 18
    hd_settled(journey)
    cell = page.locator("[data-stands-for] .hd-cell[data-row='1'][data-col='3']")
    with old_answer_goes(journey, HD, "a tap on the garden"):
        journey.tap(page.locator("[data-stands-for] .hd-cell[data-row='1'][data-col='2']"))
        journey.tap(cell)
    assert "lettuce" in cell.get_attribute("aria-label")
    hd_settled(journey)
    journey.assert_accessible("after editing the garden")

    # Every move the page offers, each answered in words: plant a green 4 (a lettuce) by taps.
    journey.tap(page.get_by_label("Plant it"))
    journey.tap(page.locator("label.hd-choice", has_text="green"))
    journey.tap(page.locator(".hd-values label.hd-choice", has_text="4"))
    page.locator("select[name=hd-tap]").select_option("target")
    journey.tap(page.locator("[data-stands-for] .hd-cell[data-row='1'][data-col='4']"))
    hd_settled(journey)
    text = in_words(page.locator(HD), "planting")
    assert "Bob plants a lettuce on row 1, column 4." in text, text
    journey.assert_accessible("after checking a plant")

    journey.tap(page.locator("[data-stands-for] .hd-cell[data-row='3'][data-col='4']"))  # touches no lettuce
    hd_settled(journey)
    text = in_words(page.locator(HD), "a refused plant")
    assert "Not legal" in text and page.locator(f"{HD} .reasons li").count() >= 1, text
    journey.assert_accessible("after a refused plant")

    journey.tap(page.get_by_label("Feed it to the pig"))
    hd_settled(journey)
    text = in_words(page.locator(HD), "feeding")
    assert "This die can be planted on" in text or "feeds the die to the pig" in text, text
    journey.assert_accessible("after checking a feed")

    journey.tap(page.get_by_label("It is the round's last die"))
    hd_settled(journey)
    assert "market" in in_words(page.locator(HD), "the round's last die")
    journey.assert_accessible("after checking the last die")

    # The JSON is one tap away.
    journey.tap(page.locator(f"{HD} details.answer-json summary"))
    assert '"legal": true' in page.locator(f"{HD} details.answer-json pre").inner_text()


# --- Garden Dice -------------------------------------------------------------------------------

GD = "#gd-answer"


def check_by_tap(journey, button: str, box: str, where: str) -> str:
    """Tap the page's Check button, wait for the answer in `box`, read it in words, run axe."""
    journey.tap(journey.page.locator(button))
    answered(journey, box)
    text = in_words(journey.page.locator(box), where)
    journey.assert_accessible(f"after checking {where}")
    return text


def gd_check(journey, where: str) -> str:
    return check_by_tap(journey, "#gd-check", GD, where)


def gd_paint(journey, kind: str, at: tuple[int, int], crop: str | None = None, owner: str | None = None) -> None:
    page = journey.page
    journey.tap(page.locator("label.gd-pill", has_text="puts the tile below"))
    journey.tap(page.locator("#gd-kinds label").filter(has=page.locator(f"input[value={kind}]")))
    if crop:
        journey.tap(page.locator("#gd-crops label").filter(has=page.locator(f"input[value={crop}]")))
    if owner is not None:
        journey.tap(page.locator("#gd-owners label", has_text=owner))
    journey.tap(page.locator(f"#gd-board button[data-at='{at[0]},{at[1]}']"))


def gd_pick(journey, *spaces: tuple[int, int]) -> None:
    page = journey.page
    journey.tap(page.locator("label.gd-pill", has_text="chooses the action's space"))
    for at in spaces:
        journey.tap(page.locator(f"#gd-board button[data-at='{at[0]},{at[1]}']"))


def gd_action(journey, kind: str, **fields: str) -> None:
    page = journey.page
    page.locator("#gd-type").select_option(kind)
    for field, value in fields.items():
        box = page.locator(f"#gd-{field}")
        journey.tap(box)
        box.fill(value)


def test_garden_dice_dispute(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/garden-dice/check")
    journey.wait_until("!document.getElementById('gd-app').hidden")
    journey.assert_accessible("on the Garden Dice rules page as it opens")

    text = gd_check(journey, "the example's harvest")
    assert "Green's carrot on row 3, column 3: 5 points, with the scarecrow bonus." in text, text

    # The board changes: the old answer goes. Empty it and garden anew, by taps.
    with old_answer_goes(journey, GD, "emptying the board"):
        journey.tap(page.locator("#gd-clear"))
    assert page.locator("#gd-board button.seed, #gd-board button.veggie").count() == 0
    gd_paint(journey, "seed", (3, 3), "carrot", "Green")
    gd_paint(journey, "seed", (3, 4), "tomato", "Yellow")
    gd_paint(journey, "veggie", (5, 5), "squash", "Green")
    gd_paint(journey, "bird", (2, 2), owner="Red")
    journey.assert_accessible("after gardening by taps")

    page.locator("#gd-actor").select_option("Green")
    gd_pick(journey, (3, 3))
    gd_action(journey, "water", die="3")
    text = gd_check(journey, "watering")
    assert "Green's water reaches 1 tile along the chain: Green's carrot seed on row 3, column 3." in text, text
    with old_answer_goes(journey, GD, "changing the die"):
        gd_action(journey, "water", die="4")

    gd_pick(journey, (5, 5))
    gd_action(journey, "harvest", die="2")
    assert "harvest reaches" in gd_check(journey, "a harvest")

    with old_answer_goes(journey, GD, "picking another space"):
        gd_pick(journey, (3, 3))  # a seed: nothing to harvest yet
    text = gd_check(journey, "a refused harvest")
    assert "Not legal" in text and page.locator(f"{GD} .reasons li").count() >= 1

    page.locator("#gd-actor").select_option("Red")
    gd_action(journey, "move_critter", die="3")
    gd_pick(journey, (2, 2), (2, 5))
    assert "critter moves from row 2, column 2 to row 2, column 5" in gd_check(journey, "a critter's move")

    for kind, fields in [("buy", {"die": "4"}), ("place", {"dice": "6, 1"}), ("flip", {"die": "6"}),
                         ("remove_critter", {"dice": "2, 6, 2"}), ("sun_reroll", {}),
                         ("sun_set_die", {"die": "2", "to-value": "6"}), ("reroll_equal_dice", {"dice": "4, 4, 4, 4"}),
                         ("end_turn", {})]:
        gd_action(journey, kind, **fields)
        if kind in ("flip", "remove_critter"):
            gd_pick(journey, (2, 2))
        elif kind == "place":
            gd_pick(journey, (1, 6))
        gd_check(journey, f"a {kind.replace('_', ' ')}")


# --- Propagation -------------------------------------------------------------------------------

PR = "#live-check .live-answer"


def pr_check(journey, where: str) -> str:
    return check_by_tap(journey, "#propagation-check button[type=submit]", PR, where)


def pr_space(page, q: int, r: int):
    return page.locator(f".board-editor g.space[data-at='{q},{r}']")


def test_propagation_dispute(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/propagation/check")
    journey.wait_until("document.querySelector('.board-editor g.space')")
    journey.assert_accessible("on the Propagation rules page as it opens")

    # Hex labels: no text on the board under 12 px, every space named in words.
    smallest = page.evaluate("""() => Math.min(99, ...[...document.querySelectorAll('.board-editor svg text')]
        .filter(t => t.getBoundingClientRect().height > 0).map(t => parseFloat(getComputedStyle(t).fontSize)
        * t.getScreenCTM().a))""")
    assert smallest >= 12 or smallest == 99, f"board text of {smallest:.1f} px"
    assert pr_space(page, 0, 0).get_attribute("aria-label").startswith("the centre")

    text = pr_check(journey, "the example's propagation")
    assert "New plants (+ on the board): Ada's tomato at tier 0" in text, text

    # Clear the board in one tap (the set-up's rocks stay): the old answer goes with it.
    with old_answer_goes(journey, PR, "clearing the board"):
        journey.tap(page.locator("#clear-board"))
    assert page.locator(".board-editor g.space[aria-label*='tier']").count() == 0
    assert page.locator(".board-editor g.space[aria-label$='rock']").count() == 10

    # Plant by taps: Ada's tomato south-east of the centre, raised to tier 3 by tapping it again.
    page.locator(".board-editor select[data-tool=kind]").select_option("tomato")
    for _ in range(4):
        journey.tap(pr_space(page, 1, 0))
    assert "Ada's tomato, tier 3" in pr_space(page, 1, 0).get_attribute("aria-label")
    journey.assert_accessible("after planting by taps")

    with old_answer_goes(journey, PR, "changing the action"):
        page.locator("#action-type").select_option("sow")
    page.locator("#action-kind").select_option("carrot")
    text = pr_check(journey, "a sowing with no space picked")  # the next step, not a JSON field
    assert "Pick where to sow first" in text and "None" not in text, text
    journey.tap(page.locator("input[name=b-mode][value=at]"))
    journey.tap(pr_space(page, 0, 2))
    text = pr_check(journey, "a sowing")
    assert "Sown (+ on the board): Ada's carrot at tier 0 (2 spaces south of the centre)." in text, text

    journey.tap(pr_space(page, 0, 3))  # a rock
    text = pr_check(journey, "a refused sowing")
    assert "Not legal" in text and "3 spaces south of the centre is a rock" in text, text

    for kind in ("propagate", "harvest", "grow", "end_round"):
        page.locator("#action-type").select_option(kind)
        if kind == "propagate":
            journey.tap(page.locator("input[name=b-mode][value=origin]"))
            journey.tap(pr_space(page, 1, 0))
        elif kind == "harvest":
            page.locator("#action-kind").select_option("tomato")
        pr_check(journey, f"a {kind.replace('_', ' ')}")


# --- Cottage Garden ----------------------------------------------------------------------------

def test_cottage_garden_flowerbed(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/cottage-garden/check")
    journey.wait_until("!document.getElementById('cg-planner').hidden && document.querySelector('#cg-bed .cg-cell')")
    journey.assert_accessible("on the Cottage Garden flowerbed checker as it opens")
    status = page.locator("#cg-status")

    def cell(row: int, col: int):
        return page.locator(f"#cg-bed .cg-cell[data-row='{row}'][data-col='{col}']")

    page.locator("#cg-piece").select_option("2A")
    journey.tap(cell(2, 2))
    journey.wait_until("document.querySelector('#cg-status').textContent.includes('Tile 2A goes on row 2, column 2')")
    in_words(status, "after a placement")
    journey.assert_accessible("after placing a tile")

    # A refused placement: the reasons, in an alert, axe clean; another turn of the piece clears them.
    journey.tap(cell(2, 2))
    journey.wait_until("!document.getElementById('cg-problems').hidden")
    assert page.locator("#cg-problems li").count() >= 1
    journey.assert_accessible("after a refused placement")
    journey.tap(page.locator("#cg-rotate"))
    journey.wait_until("document.getElementById('cg-problems').hidden")

    # The keyboard: arrow keys walk the bed, Enter places, focus stays on the space.
    page.locator("#cg-piece").select_option("cat")
    cell(2, 2).focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.row + ',' + document.activeElement.dataset.col") == "4,1"
    page.keyboard.press("Enter")
    journey.wait_until("document.querySelector('#cg-status').textContent.includes('A cat goes on row 4, column 1')")
    assert page.evaluate("document.activeElement.closest('#cg-bed') && document.activeElement.dataset.row"
                         " + ',' + document.activeElement.dataset.col") == "4,1", "Enter lost the focus"
    journey.assert_accessible("after placing by keyboard")

    page.locator("#cg-piece").select_option("pot")
    journey.tap(cell(5, 5))
    journey.wait_until("document.querySelector('#cg-status').textContent.includes('A flower-pot token goes on row 5, column 5')")

    journey.tap(page.locator("#cg-score"))  # not complete yet: the reason, in words
    journey.wait_until("document.querySelector('#cg-problems').textContent.includes('scored only when every space is filled')")
    in_words(page.locator("#cg-problems"), "after scoring an unfinished bed")
    journey.assert_accessible("after scoring an unfinished bed")

    # Any other check through the JSON form, answered in words by the server.
    journey.tap(page.locator("details.cg-json summary"))
    page.locator("#check-form textarea[name=action]").fill(
        '{"type": "move_cube", "player": "Ann", "color": "blue", "from": 2, "steps": 3}')
    page.locator("#check-form textarea[name=state]").fill(
        '{"players": [{"name": "Ann", "orange": [0, 0, 0], "blue": [2, 0, 0]}, '
        '{"name": "Ben", "orange": [0, 0, 0], "blue": [0, 0, 0]}]}')
    tap_to_leave(journey, page.locator("#check-form button[type=submit]"), "**/games/cottage-garden/check#answer")
    answered(journey, "#check-result")
    text = in_words(page.locator("#check-result"), "after a JSON check")
    assert "Ann's blue cube moves to space" in text, text
    journey.assert_accessible("after a JSON check")


# --- Garden Variety ----------------------------------------------------------------------------

def test_garden_variety_round(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/garden-variety/check")
    journey.assert_accessible("on the Garden Variety round check as it opens")

    def play(row: int, name: str, colour: str, number: str) -> None:
        field = page.locator(f"input[name='row.{row}.name']")
        journey.tap(field)
        field.fill(name)
        page.locator(f"select[name='row.{row}.kind']").select_option("critter")
        page.locator(f"select[name='row.{row}.color']").select_option(colour)
        page.locator(f"select[name='row.{row}.number']").select_option(number)

    journey.tap(page.locator("label.gv-face", has_text="7"))
    for row in range(page.locator("#gv-plays .gv-play").count()):
        page.locator(f"input[name='row.{row}.name']").fill("")
    play(0, "Kim", "red", "6")
    play(1, "Lee", "blue", "8")
    tap_to_leave(journey, page.locator("#gv-check-form button[type=submit]"), "**/games/garden-variety/check#answer")
    journey.wait_until("document.querySelector('#check-result .winners')")
    text = in_words(page.locator("#check-result"), "on a red 6 against a blue 8")
    for said in ("Lee wins the round", "contradicts itself", "Types of cards", "Winning a round",
                 "By the example, Kim (played first) would stay instead"):
        assert said in text, text
    journey.assert_accessible("after the round's answer")

    # Another card: the answer was about the round before; it goes.
    page.locator("select[name='row.1.number']").select_option("9")
    assert page.locator("#check-result .winners").count() == 0, "the old round's answer is still shown"

    # A refused round: one player plays twice.
    journey.tap(page.locator("input[name='row.1.name']"))
    page.locator("input[name='row.1.name']").fill("Kim")
    # The answer comes back at the same address (#answer): drop the fragment first, so that
    # waiting for it waits for the new page, not the one already there.
    page.evaluate("() => history.replaceState(null, '', location.pathname)")
    tap_to_leave(journey, page.locator("#gv-check-form button[type=submit]"), "**/games/garden-variety/check#answer")
    journey.wait_until("document.querySelector('#check-result .violations, #check-result .reasons')")
    assert page.locator("#check-result li").count() >= 1
    journey.assert_accessible("after a refused round")


# --- the API page --------------------------------------------------------------------------------

def test_the_footers_api_link_opens_a_page_with_a_title_and_a_language(journey, live_server):
    page = journey.page
    page.goto(f"{live_server}/games/garden-variety/check")
    tap_to_leave(journey, page.locator("footer a", has_text="API"), "**/api")
    assert page.title() == "The gardenkit JSON API · gardenkit"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("td", has_text="is this action legal").count() >= 5  # a check per game
    journey.assert_accessible("on the API page")


def test_an_answer_to_a_garden_tapped_over_since_is_never_shown(phone_journey, live_server):
    """The answer to the garden as it was one tap ago comes back while the next tap waits for
    its own: it answers a garden no longer on the page and must not be drawn."""
    journey, page = phone_journey, phone_journey.page
    page.goto(f"{live_server}/games/harvest-dice/check")
    hd_settled(journey)
    held = []
    page.route("**/games/harvest-dice/check/live", lambda route: held.append(route))
    journey.tap(page.locator("[data-stands-for] .hd-cell[data-row='1'][data-col='2']"))
    journey.wait_until("document.querySelector('#answer').getAttribute('aria-busy') === 'true'")
    page.wait_for_timeout(400)             # its question is asked (and held)
    assert len(held) == 1
    journey.tap(page.locator("[data-stands-for] .hd-cell[data-row='1'][data-col='3']"))
    held[0].continue_()                    # the old answer comes back before the new question goes
    page.wait_for_timeout(600)             # the new question is asked, and held
    assert len(held) == 2
    assert page.locator(f"{HD} .verdict, {HD} .violations").count() == 0, \
        "the answer to the garden of one tap ago is shown"
    held[1].continue_()
    hd_settled(journey)


def test_an_answer_to_a_board_changed_since_is_never_shown(phone_journey, live_server):
    """Check is pressed, then the board is emptied before the answer comes: the answer is about
    a board no longer on the page and must not be drawn."""
    journey, page = phone_journey, phone_journey.page
    page.goto(f"{live_server}/games/garden-dice/check")
    journey.wait_until("!document.getElementById('gd-app').hidden")
    held = []
    page.route("**/games/garden-dice/check/live", lambda route: held.append(route))
    journey.tap(page.locator("#gd-check"))
    page.wait_for_timeout(300)
    assert len(held) == 1
    journey.tap(page.locator("#gd-clear"))
    held[0].continue_()
    page.wait_for_timeout(600)
    assert page.locator(f"{GD} .verdict, {GD} .violations").count() == 0, \
        "the answer about the board before it was emptied is shown"
