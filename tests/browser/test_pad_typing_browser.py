"""Typing on the score pad as a person at the table types: the tap on a field and the keystrokes
at once, on a phone, with the field at the foot of the screen (where a finger finds it after
scrolling down from the field before). No keystroke may be lost, and a live answer that lands
meanwhile must leave the field, its text and its caret alone."""
from __future__ import annotations

import pytest

from tests.support.journey import Journey

pytestmark = pytest.mark.browser

NAMES = ("Kay", "Lou", "Max", "Ned")


def name_field(page, index: int):
    return page.locator("#players fieldset.player").nth(index).locator("input[name$='.name']")


@pytest.mark.parametrize("game_id", ["cottage-garden", "harvest-dice"])
def test_names_typed_the_moment_each_field_is_tapped_at_the_foot_of_a_phone_screen_are_kept(
        live_server, phone_journey, game_id):
    trip: Journey = phone_journey
    page = trip.page
    page.goto(f"{live_server}/games/{game_id}/score")
    for _ in range(len(NAMES) - 2):
        trip.tap(page.locator("button[value=add]"))
    for index, name in enumerate(NAMES):
        field = name_field(page, index)
        # the page scrolls while the name before still has the focus (a thumb's swipe), and the
        # next name field comes to rest at the screen's lower edge
        field.evaluate("el => el.scrollIntoView({block: 'end', behavior: 'instant'})")
        trip.tap(field)
        page.keyboard.type(name)
    typed = page.locator("#players input[name$='.name']").evaluate_all("els => els.map(e => e.value)")
    assert typed == list(NAMES)


def test_a_live_answer_landing_while_a_name_is_typed_leaves_the_field_and_its_caret_alone(live_server, phone_journey):
    trip: Journey = phone_journey
    page = trip.page
    page.goto(f"{live_server}/games/cottage-garden/score")
    field = name_field(page, 0)
    field.evaluate("""el => { window.__typedIn = el; window.__answers = 0;
        el.form.addEventListener('gardenkit:answer', () => { window.__answers += 1; }); }""")
    trip.tap(field)
    page.keyboard.type("Kay")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")                  # back to fix a letter: the caret after "K"
    # a refresh asked for meanwhile (as the page asks when a row is left or the network is back)
    # lands while the caret waits there
    page.evaluate("() => { window.__answers = 0; window.__typedIn.form.dispatchEvent(new Event('change')); }")
    trip.wait_until("window.__answers > 0")
    page.keyboard.type("l")
    assert field.evaluate("el => [el === window.__typedIn, document.activeElement === el, el.value, el.selectionStart]") == \
        [True, True, "Klay", 2]


def test_a_rows_problem_waits_while_the_player_types_in_it_and_shows_when_they_leave(live_server, phone_journey):
    """Garden Dice, both players named: 2 eggplants harvested (10 points), then a score of 6
    typed, and the player pauses in the field (longer than the page waits before asking). The
    row's problem (a score below its harvest) waits, so nothing moves under the finger going to
    the next field; it is shown once the player leaves the row."""
    trip: Journey = phone_journey
    page = trip.page
    page.goto(f"{live_server}/games/garden-dice/score")
    rows = page.locator("#players fieldset.player")
    page.evaluate("() => { window.__answers = 0; document.querySelector('form.score-form')"
                  ".addEventListener('gardenkit:answer', () => { window.__answers += 1; }); }")
    for index, name, text in ((1, "name", "Lou"), (1, "track", "0"), (0, "name", "Kay"), (0, "harvested.eggplant", "2"), (0, "track", "6")):
        trip.tap(rows.nth(index).locator(f"input[name$='.{name}']"))
        page.keyboard.type(text)
    trip.reset_layout_shift()
    page.evaluate("() => { window.__answers = 0; }")
    trip.wait_until("window.__answers > 0")          # the answer to the score as typed has landed
    page.wait_for_timeout(300)
    assert rows.nth(0).locator(".field-error").count() == 0, rows.nth(0).locator(".field-error").all_text_contents()
    trip.assert_steady("a pause in the score field")
    trip.tap(rows.nth(1).locator("input[name$='.name']"))
    trip.wait_until("document.querySelector('#players fieldset.player .field-error') !== null")
    assert "harvested show 10" in rows.nth(0).locator(".field-error").first.inner_text()
