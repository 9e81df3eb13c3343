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
