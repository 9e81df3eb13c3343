"""The pages' examples from real play in Chromium on a phone, for what only a played game puts
on the page: tiles a worked example never shows (Garden Dice's rocks), judged by axe-core."""
from __future__ import annotations

import pytest

from tests.support.axe import axe_violations

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("seed", [5, 77, 139])
def test_a_garden_dice_board_with_rocks_passes_axe(live_server, browser, seed):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server}/games/garden-dice/check?example=1&seed={seed}&players=2")
    assert page.locator(".gd-cell.rock").count() > 0, "this example has no rock on its board"
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
