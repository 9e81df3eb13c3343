"""Cottage Garden web pages: the score page (a plain form with drawn tracks) and the
flowerbed checker, in the test client and in a phone-sized headless Chromium."""
from __future__ import annotations

import re

import pytest

SCORE = "/games/cottage-garden/score"
CHECK = "/games/cottage-garden/check"


def cube_fields(i, name, orange, blue, hives):
    fields = {f"players.{i}.name": name, f"players.{i}.beehives": str(hives)}
    for colour, values in (("orange", orange), ("blue", blue)):
        for k, value in enumerate(values):
            fields[f"players.{i}.{colour}.{k}"] = str(value)
    return fields


def test_score_page_scores_the_rulebook_example_without_javascript(client, csrf_token):
    form = {"csrf_token": csrf_token(client, SCORE), "op": "score",
            **cube_fields(0, "Ann", (8, 8, 20), (6, 20, 0), 2), **cube_fields(1, "Bo", (3, 0, 0), (2, 0, 0), 0)}
    html = client.post(SCORE, data=form).get_data(as_text=True)
    assert re.findall(r'class="total">(\d+)', html) == ["64", "5"]
    assert "Winner: <strong>Ann</strong>" in html


def test_score_page_reports_an_impossible_table(client, csrf_token):
    form = {"csrf_token": csrf_token(client, SCORE), "op": "score",
            **cube_fields(0, "Ann", (8, 8, 20), (6, 20, 0), 0), **cube_fields(1, "Bo", (3, 0, 0), (2, 0, 0), 0)}
    html = client.post(SCORE, data=form).get_data(as_text=True)
    assert "This state is not possible" in html and "still free" in html


def test_score_page_offers_every_track_space(client):
    html = client.get(SCORE).get_data(as_text=True)
    orange = re.search(r'name="players.0.orange.0".*?</select>', html, re.S)
    blue = re.search(r'name="players.0.blue.0".*?</select>', html, re.S)
    assert orange and blue
    assert re.findall(r'value="(\d+)"', orange.group(0)) == [str(v) for v in (0, *range(1, 16), 20)]
    assert re.findall(r'value="(\d+)"', blue.group(0)) == [str(v) for v in (0, 2, 4, 6, 8, 10, 12, 14, 20)]


def test_flowerbed_page_works_as_a_json_form_without_javascript(client, csrf_token):
    html = client.get(CHECK).get_data(as_text=True)
    assert 'id="cg-data"' in html and '"5F"' in html
    state = '{"players": [{"name": "A", "orange": [0,0,0], "blue": [0,0,0]}]}'
    action = '{"type": "place_tile", "tile": "5F", "at": [1, 2], "bed": {"design": "1L"}}'
    answer = client.post(CHECK, data={"csrf_token": csrf_token(client, CHECK), "state": state, "action": action})
    text = answer.get_data(as_text=True)
    assert "Not legal" in text and "stick out over the edge" in text


@pytest.mark.browser
def test_flowerbed_page_on_a_phone(live_server, page, tmp_path):
    page.goto(live_server + CHECK)
    bed = page.locator("#cg-bed")
    assert bed.locator(".cg-cell").count() == 25
    # bed 1, light side: printed pots at [1,1] and [5,5], a cloche at [3,3]
    assert page.locator("#cg-status").inner_text().startswith("Nothing placed yet: 22 empty spaces")
    page.select_option("#cg-piece", "5F")
    page.locator('.cg-cell[data-row="1"][data-col="1"]').click()
    page.wait_for_function("document.querySelector('.cg-cell[data-row=\"1\"][data-col=\"5\"]').classList.contains('cg-tile')")
    assert "2 flower pots and 1 cloche show so far" in page.locator("#cg-status").inner_text()
    # an illegal placement: the straight five cannot go in again, a 2x2 cannot overlap it
    page.select_option("#cg-piece", "4B")
    page.locator('.cg-cell[data-row="1"][data-col="2"]').click()
    problem = page.locator("#cg-problems li").first
    problem.wait_for()
    assert "would lie on a flower tile" in problem.inner_text()
    # turn a tile and place it with the row/column selects instead of tapping
    page.select_option("#cg-piece", "4A")
    page.click("#cg-rotate")
    page.wait_for_function("document.getElementById('cg-orientation').textContent.includes('90')")
    page.wait_for_function("document.querySelectorAll('#cg-preview .cg-preview-square').length === 4 && "
                           "getComputedStyle(document.querySelector('#cg-preview')).gridTemplateRows.split(' ').length === 4")
    page.select_option("#cg-row", "2")
    page.select_option("#cg-col", "1")
    page.click("#cg-place")
    page.wait_for_function("document.querySelector('.cg-cell[data-row=\"5\"][data-col=\"1\"]').classList.contains('cg-tile')")
    assert page.locator("#cg-problems").is_hidden()
    assert "Flower tiles on this bed: 2" in page.locator("#cg-status").inner_text()
    # fill the rest with cats and tokens is slow; undo shows the previous bed again
    page.click("#cg-undo")
    page.wait_for_function("!document.querySelector('.cg-cell[data-row=\"5\"][data-col=\"1\"]').classList.contains('cg-tile')")
    # the dark side of another bed starts empty of pieces
    page.select_option("#cg-board", "5")
    page.check('input[name="cg-side"][value="D"]')
    assert page.locator("#cg-status").inner_text().startswith("Nothing placed yet: 24 empty spaces")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "flowerbed.png"), full_page=True)


@pytest.mark.browser
def test_completing_a_bed_shows_its_score(live_server, page):
    page.goto(live_server + CHECK)
    placements = [("5F", 1, 1), ("5B", 2, 1), ("6B", 3, 2), ("4A", 5, 1)]  # each tile as drawn, unturned
    for tile, row, col in placements:
        page.select_option("#cg-piece", tile)
        page.select_option("#cg-row", str(row))
        page.select_option("#cg-col", str(col))
        page.click("#cg-place")
        page.wait_for_function(f"document.querySelectorAll('.cg-tile-id').length >= 1 && "
                               f"Array.from(document.querySelectorAll('.cg-tile-id')).some(e => e.textContent === '{tile}')")
    for row, col in ((2, 5), (4, 1), (4, 4)):
        page.select_option("#cg-piece", "cat")
        page.locator(f'.cg-cell[data-row="{row}"][data-col="{col}"]').click()
        page.wait_for_function(f"document.querySelector('.cg-cell[data-row=\"{row}\"][data-col=\"{col}\"]').classList.contains('cg-cat')")
    page.select_option("#cg-piece", "pot")
    page.locator('.cg-cell[data-row="4"][data-col="5"]').click()
    page.wait_for_function("document.querySelector('.cg-complete')")
    assert "3 flower pots (orange steps) and 0 cloches" in page.locator("#cg-status").inner_text()


@pytest.mark.browser
def test_score_page_tracks_move_cubes_and_update_totals(live_server, page, tmp_path, worked_examples):
    page.goto(live_server + SCORE + "?example=1")
    page.wait_for_selector(".cg-lane")
    first = page.locator("fieldset.player").first
    # the example's first player is the rulebook's 64-point table; move a blue cube 6 -> 8
    first.locator('.cg-blue .cg-lane').first.locator('button[data-value="8"]').click()
    page.wait_for_function("Array.from(document.querySelectorAll('#result td.total')).some(td => td.textContent === '66')")
    assert first.locator('select[name="players.0.blue.0"]').input_value() == "8"
    # a player added without a reload gets drawn tracks too
    page.click('button[value="add"]')
    added = page.locator("fieldset.player").nth(2)
    assert added.locator(".cg-orange .cg-lane").count() == 3 and added.locator(".cg-blue .cg-lane").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "score.png"), full_page=True)


def test_http_api_scores_checks_and_refuses_impossible_tables(client):
    example = {"players": [{"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
                           {"name": "Bo", "orange": [1, 0, 0], "blue": [0, 0, 0]}]}
    scored = client.post("/api/games/cottage-garden/score", json=example)
    assert scored.status_code == 200 and scored.get_json()["players"][0]["total"] == 64
    impossible = {"players": [{"name": "Ann", "orange": [16, 0, 0], "blue": [3, 0, 0]}]}
    refused = client.post("/api/games/cottage-garden/score", json=impossible)
    assert refused.status_code == 422
    assert {v["code"] for v in refused.get_json()["violations"]} == {"not-on-track"}
    valid = client.post("/api/games/cottage-garden/validate", json=impossible).get_json()
    assert valid["valid"] is False and len(valid["violations"]) == 2
    action = {"type": "move_cube", "player": "Bo", "color": "orange", "from": 1, "steps": 8}
    checked = client.post("/api/games/cottage-garden/check", json={"state": example, "action": action})
    assert checked.status_code == 200 and checked.get_json()["effects"]["cat"] is True
    bad = client.post("/api/games/cottage-garden/check",
                      json={"state": example, "action": {"type": "place_tile", "tile": "9Z", "at": [1, 1],
                                                         "bed": {"design": "1L"}}})
    assert bad.status_code == 422 and bad.get_json()["violations"][0]["code"] == "unknown-tile"
