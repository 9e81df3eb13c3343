"""The pages' examples from real play in Chromium on a phone, for what only a played game puts
on the page: tiles a worked example never shows (Garden Dice's rocks), judged by axe-core."""
from __future__ import annotations

import pytest

import scorer
from scorer.web.examples import EXAMPLES, SEED_POOL
from tests.support.axe import axe_violations

pytestmark = pytest.mark.browser


def seeds_showing_rocks(count: int) -> list[int]:
    """The first seeds whose two-player example position has a rock on the board, found with
    the pages' own example code (a change to the simulator changes which seeds those are)."""
    game, found = scorer.GAMES["garden-dice"], []
    for seed in range(SEED_POOL):
        _, position = EXAMPLES.position(game, 2, seed)
        if any(item["kind"] == "rock" for item in position.state["board"]):
            found.append(seed)
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} examples of {SEED_POOL} show a rock")


@pytest.mark.parametrize("seed", seeds_showing_rocks(3))
def test_a_garden_dice_board_with_rocks_passes_axe(live_server, browser, seed):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server}/games/garden-dice/check?example=1&seed={seed}&players=2")
    assert page.locator(".gd-cell.rock").count() > 0, "this example has no rock on its board"
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
