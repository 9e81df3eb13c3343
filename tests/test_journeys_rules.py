"""Journeys on the five rules pages, as a player settles a dispute, at phone and desktop sizes
(tests/journey.py): edit the board by taps, check every action the page offers, read the answer
in words (never JSON or coordinates), see an old answer go as soon as the board or the action
changes, see a refused action's reasons, and axe-core clean after each step."""
from __future__ import annotations

import re

# What an answer in words never shows: JSON (braces, brackets, quotes) or a space written as
# numbers ("3, 3", "2,-1").
RAW = re.compile(r"[{}\[\]\"]|-?\d+ ?, ?-?\d+(?![\d ]*(?:points|cards|tokens))")


def words_of(locator) -> str:
    return " ".join(locator.inner_text().split())


def assert_in_words(text: str, where: str) -> None:
    assert text.strip(), f"no answer {where}"
    found = RAW.search(text)
    assert not found, f"the answer {where} shows {found.group(0)!r} instead of words: {text}"


def open_rules_page(journey, live_server, game_id: str):
    page = journey.page
    page.goto(f"{live_server}/games/{game_id}/check")
    return page


# --- Harvest Dice ------------------------------------------------------------------------------

def test_harvest_dice_dispute(journey, live_server):
    page = open_rules_page(journey, live_server, "harvest-dice")
    journey.wait_until("document.querySelector('#hd-answer .verdict')")
    journey.assert_accessible("on the Harvest Dice rules page as it opens")

    # Edit the garden by taps: tapping a space cycles empty, lettuce, tomato, carrot.
    journey.tap(page.get_by_label("Feed it to the pig"))
    cell = page.locator("[data-garden-for] .hd-cell[data-row='1'][data-col='1']")
    before = cell.get_attribute("aria-label")
    journey.tap(cell)
    assert cell.get_attribute("aria-label") != before, "a tap on the garden changed nothing"
