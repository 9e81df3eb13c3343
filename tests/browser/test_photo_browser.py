"""Read from a photo on the score pages, in Chromium at phone and desktop sizes: a photo fills
the fields, an unsure field is outlined for the player to check, a bad file gets a plain answer."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

import scorer
from pnp.photo_sample import mark_sheet, png_bytes
from pnp.readable import readable_sheets

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")]


def _sheet_photo(game: str, seed: int, smudge: bool = False, drawn: dict | None = None,
                 blur: float = 0.0) -> tuple[dict, bytes]:
    """A flat photo of the first player's sheet; `smudge` puts a short stray stroke in an empty
    garden space, which the reader cannot call a veggie or empty with confidence; `drawn`
    replaces fields of the player as the photo shows them (cubes taken off the table); `blur`
    is a Gaussian blur's sigma in pixels (a phone that moved)."""
    _, state = scorer.simulate(game, 2, seed)
    sheet = next(s for s in readable_sheets(game) if all(state.get(k) == v for k, v in s.state))
    image = mark_sheet(sheet, state, {**state["players"][0], **(drawn or {})}, seed)
    if smudge:
        garden = state["players"][0]["garden"]
        row, col = next((r, c) for r in range(3) for c in range(6) if garden[r][c] == ".")
        box = next(region.box_mm for region in sheet.regions if region.path == f"garden.{row}.{col}")
        scale = image.shape[1] / sheet.width_mm
        x, y = (box[0] + box[2] * 0.35) * scale, (box[1] + box[3] * 0.45) * scale
        cv2.line(image, (round(x), round(y)), (round(x + box[2] * 0.35 * scale), round(y + 4)), (70, 70, 70), 3)
        state["smudged"] = (row, col)
    if blur:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    return state, png_bytes(image)


def _choose(journey, name: str, data: bytes, mime: str = "image/png") -> None:
    journey.page.locator(".photo-input").set_input_files({"name": name, "mimeType": mime, "buffer": data})


def test_a_harvest_dice_photo_fills_the_score_page_and_marks_the_unsure_garden_space(journey, live_server):
    state, photo = _sheet_photo("harvest-dice", 6, smudge=True)
    page = journey.page
    # harvest-dice.js asks for the totals of the blank sheet as the page opens, which the
    # server refuses (no names yet): the score pad's own, not the photo's
    journey.allow_error("status of 422")
    page.goto(f"{live_server}/games/harvest-dice/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    help_text = page.locator(".photo-help").text_content()
    assert "four corner squares" not in help_text and "five: one at each corner and one at the right edge" in help_text
    journey.reset_layout_shift()
    _choose(journey, "sheet.png", photo)
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)
    player = state["players"][0]
    assert page.locator("[name='players.0.garden']").input_value().split("\n") == player["garden"]
    assert page.locator("[name='players.0.pig']").input_value() == str(player["pig"])
    assert page.locator("[name='mode']").input_value() == state["mode"]
    assert page.locator("[name='markets.tomato']").input_value() == str(state["markets"]["tomato"])
    assert page.locator("#players fieldset.player").count() == 1
    # the one space read unsurely is outlined, not the whole garden of 18
    row, col = state["smudged"]
    unsure = page.locator(".photo-unsure")
    assert unsure.count() == 1 and "hd-cell" in (unsure.first.get_attribute("class") or "")
    assert (unsure.first.get_attribute("data-row"), unsure.first.get_attribute("data-col")) == (str(row + 1), str(col + 1))
    assert unsure.first.locator("xpath=ancestor::*[@data-stands-for='players.0.garden']").count() == 1
    assert f"player 1's garden (row {row + 1}, space {col + 1})" in page.locator(".photo-status").text_content()
    # and said beside the garden, not only in the status above the form
    beside = page.locator("[data-stands-for='players.0.garden'] + .photo-why")
    assert beside.count() == 1 and f"Check row {row + 1}, space {col + 1}" in beside.text_content()
    journey.assert_steady("the filling of the page from a photo")
    journey.assert_accessible("after a photo filled the score page")
    # a file that is no photo gets a plain answer (a 422), and the page keeps what it had
    _choose(journey, "notes.txt", b"shopping list", "text/plain")
    journey.wait_until("document.querySelector('.photo-status.photo-refused')", 10)
    assert "JPEG, PNG or WebP" in page.locator(".photo-status").text_content()
    assert page.locator("[name='players.0.pig']").input_value() == str(player["pig"])


def test_a_planting_table_photo_fills_the_cubes_and_marks_the_beehives(phone_journey, live_server):
    journey = phone_journey
    state, photo = _sheet_photo("cottage-garden", 3)
    page = journey.page
    # the page asks for the totals as it opens and as a field changes, which the server
    # refuses while the names are empty: the score pad's own, not the photo's
    journey.allow_error("status of 422")
    page.goto(f"{live_server}/games/cottage-garden/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    _choose(journey, "table.jpg", photo)
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)
    player = state["players"][0]
    for colour in ("orange", "blue"):
        cubes = sorted(int(page.locator(f"[name='players.0.{colour}.{k}']").input_value()) for k in range(3))
        assert cubes == sorted(player[colour])
    hives = page.locator(".photo-unsure")
    assert hives.count() == 1 and hives.first.locator("[name='players.0.beehives']").count() == 1
    # the player picks the beehive tile: the field is theirs, its mark goes
    page.locator("[name='players.0.beehives']").select_option("2")
    assert page.locator(".photo-unsure").count() == 0
    journey.assert_accessible("after a photo filled the planting table")
    # a photo far beyond the bounds is refused in words, unopened
    journey.allow_error("status of 413")
    bomb = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + (60_000).to_bytes(4, "big") * 2 + b"\x08\x02\x00\x00\x00"
            + bytes(4))
    _choose(journey, "bomb.png", bomb)
    journey.wait_until("document.querySelector('.photo-status.photo-refused')", 10)
    assert "refused unopened" in page.locator(".photo-status").text_content()


def test_a_planting_table_with_its_orange_cubes_missing_is_outlined_and_said(phone_journey, live_server):
    """No orange cube on the photo (taken off, or a colour the reader missed): the page shows
    the three on the start, but outlined, and says what was found."""
    journey = phone_journey
    state, photo = _sheet_photo("cottage-garden", 3, drawn={"orange": []})
    page = journey.page
    journey.allow_error("status of 422")
    page.goto(f"{live_server}/games/cottage-garden/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    assert "four, one at each corner" in page.locator(".photo-help").text_content()
    _choose(journey, "table.jpg", photo)
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)
    assert [page.locator(f"[name='players.0.orange.{k}']").input_value() for k in range(3)] == ["0", "0", "0"]
    orange = page.locator(".cg-orange")
    assert orange.evaluate("node => node.classList.contains('photo-unsure') || !!node.querySelector('.photo-unsure')")
    assert page.locator(".cg-blue .photo-unsure, .cg-blue.photo-unsure").count() == 0
    assert "no orange cube was found: all 3 are put on the start; check them" in page.locator(".photo-status").text_content()
    journey.assert_accessible("after a photo with no orange cube filled the planting table")


def test_a_sheet_too_small_in_its_photo_says_come_closer_beside_the_player(phone_journey, live_server):
    """A sheet that fills a sliver of the photo: every field it filled is outlined, and the
    page says "come closer" at the top of that player's fields and in the status, at 390 px."""
    journey = phone_journey
    _, state = scorer.simulate("harvest-dice", 2, 6)
    sheet = next(s for s in readable_sheets("harvest-dice") if all(state.get(k) == v for k, v in s.state))
    flat = mark_sheet(sheet, state, state["players"][0], 6)
    small = cv2.resize(flat, None, fx=4.0 * sheet.width_mm / flat.shape[1], fy=4.0 * sheet.width_mm / flat.shape[1],
                       interpolation=cv2.INTER_AREA)
    photo = np.full((1500, 2000, 3), 200, np.uint8)
    photo[500:500 + small.shape[0], 800:800 + small.shape[1]] = small
    page = journey.page
    journey.allow_error("status of 422")
    page.goto(f"{live_server}/games/harvest-dice/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    _choose(journey, "far.png", png_bytes(photo))
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)
    assert "come closer: the sheet fills only" in page.locator(".photo-status").text_content()
    top = page.locator("#players fieldset.player .photo-why").first
    assert top.text_content().startswith("This sheet: come closer: the sheet fills only")
    assert page.locator("[name='players.0.pig']").evaluate("node => !!node.closest('.photo-unsure')")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the notes widen the page to {width} px"
    journey.assert_accessible("after a photo of a sheet too small to read surely")


OUTLINES = "document.querySelectorAll('.photo-unsure').length"
# every note beside a field, as the page shows it: its words, and who it describes
NOTES = """() => [...document.querySelectorAll('.photo-why')].map(note => ({
  text: note.querySelector('.photo-why-text').textContent,
  described: document.querySelectorAll(`[aria-describedby~="${note.id}"]`).length}))"""


def _read(journey, live_server, game: str, photo: bytes) -> None:
    journey.allow_error("status of 422")
    journey.page.goto(f"{live_server}/games/{game}/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    _choose(journey, "sheet.png", photo)
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)


def test_a_blurred_photos_outlines_and_notes_come_back_after_a_reload_and_in_a_second_tab(phone_journey, live_server):
    """The values a blurred photo filled stay with the game in progress, and so do its doubts:
    reloaded, or opened in another tab, the page outlines the same fields and says the same
    notes, one line for the garden's 18 spaces; New game clears them."""
    journey = phone_journey
    page = journey.page
    # A 4 px blur (0.5 mm at 200 dpi), as the reader's blur measure now finds on every layout's markers
    _, photo = _sheet_photo("harvest-dice", 6, blur=4.0)
    _read(journey, live_server, "harvest-dice", photo)
    outlined = page.evaluate(OUTLINES)
    notes = page.evaluate(NOTES)
    assert outlined > 18, f"a blurred sheet outlines {outlined} fields"
    assert any(note["text"].startswith("This sheet: the photo is blurred") for note in notes), notes
    garden = next(note for note in notes if "garden" in note["text"])
    assert garden["text"] == "Check every space of the garden"
    cell = page.locator("[data-stands-for='players.0.garden'] [data-row='1'][data-col='1']")
    note_id = page.locator("[data-stands-for='players.0.garden'] + .photo-why").get_attribute("id")
    assert cell.get_attribute("aria-describedby").split().count(note_id) == 1
    journey.assert_accessible("after a blurred photo filled the score page")
    garden_read = page.locator("[name='players.0.garden']").input_value()
    journey.wait_until("localStorage.getItem('gardenkit:draft:/games/harvest-dice/score').includes('photo')")

    page.reload()
    journey.wait_until(f"{OUTLINES} === {outlined}", 10)
    assert page.evaluate(NOTES) == notes
    assert page.locator("[name='players.0.garden']").input_value() == garden_read
    assert "Check every space of the garden" in page.locator("[data-stands-for='players.0.garden'] + .photo-why").text_content()

    # a second tab has them too; the garden said right there goes here as well
    other = page.context.new_page()
    other.goto(f"{live_server}/games/harvest-dice/score")
    other.wait_for_function(f"{OUTLINES} === {outlined}", timeout=10_000)
    other.locator("[data-stands-for='players.0.garden'] + .photo-why").get_by_role("button", name="Looks right").click()
    journey.wait_until(f"{OUTLINES} === {outlined - 18}", 10)
    assert page.locator("[data-stands-for='players.0.garden'] .photo-unsure").count() == 0
    other.close()

    with page.expect_navigation():
        page.locator("[data-pad=new]").click()
    journey.wait_until("document.readyState === 'complete'", 10)
    assert page.locator("[name='players.0.garden']").input_value() != garden_read
    assert page.evaluate(OUTLINES) == 0 and page.locator(".photo-why").count() == 0


def test_an_unsure_field_read_right_is_confirmed_as_it_stands(phone_journey, live_server):
    """The beehives read right, outlined: "Looks right" in its note takes the outline and the
    note away, and the field keeps its value; a market number typed again as read does too."""
    journey = phone_journey
    page = journey.page
    state, photo = _sheet_photo("cottage-garden", 3)
    _read(journey, live_server, "cottage-garden", photo)
    hives = page.locator("[name='players.0.beehives']")
    read = hives.input_value()
    right = page.locator(".photo-why").get_by_role("button", name="Looks right")
    assert page.locator(".photo-unsure").count() == 1 and right.count() == 1
    box = right.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    assert "Check" in (right.get_attribute("aria-label") or "")
    right.click()
    assert page.locator(".photo-unsure").count() == 0 and page.locator(".photo-why").count() == 0
    assert hives.input_value() == read
    assert hives.evaluate("node => node === document.activeElement && !node.hasAttribute('aria-describedby')")
    journey.assert_accessible("after the beehives were said right")

    _, blurred = _sheet_photo("harvest-dice", 6, blur=4.0)
    _read(journey, live_server, "harvest-dice", blurred)
    market = page.locator("[name='markets.tomato']")
    circles = page.locator("[data-market-for='markets.tomato']")
    assert circles.evaluate("node => node.classList.contains('photo-unsure')") and market.get_attribute("aria-describedby")
    market.fill(market.input_value())
    assert not circles.evaluate("node => node.classList.contains('photo-unsure')")
    assert market.get_attribute("aria-describedby") is None
