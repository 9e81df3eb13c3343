"""What a player at the table met on a 390 px phone: a second tab of the same score page, answers
that opened out of view, and refusals far from the button that asked. Each in real Chromium,
failing on any page error (the journey fixtures)."""
from __future__ import annotations

import json
import shutil

import pytest

pytestmark = pytest.mark.browser


def _collect_errors(journey, tab) -> None:
    tab.on("pageerror", lambda error: journey.report(f"page error (second tab): {error}"))
    tab.on("console", lambda m: journey.report(f"console error (second tab): {m.text}") if m.type == "error" else None)


def test_two_tabs_of_one_score_page_keep_each_others_entries(phone_journey, live_server):
    journey = phone_journey
    first = journey.page
    url = f"{live_server}/games/garden-variety/score"
    first.goto(url)
    second = first.context.new_page()
    _collect_errors(journey, second)
    second.goto(url)
    journey.wait_until("window.gardenkit && window.gardenkit.stateOf")
    second.locator("[name='players.0.name']").fill("Ann")
    second.wait_for_timeout(400)  # the pad keeps the draft 150 ms after the last entry
    # the first tab is told, and holds the other tab's entry before its player types
    journey.wait_until("document.querySelector(\"[name='players.0.name']\").value === 'Ann'")
    assert "changed in another tab" in first.locator("#pad-note").text_content()
    first.locator("[name='players.1.name']").fill("Bo")
    first.wait_for_timeout(400)
    first.reload()
    journey.wait_until("document.querySelector(\"[name='players.1.name']\")")
    first.wait_for_timeout(300)
    assert first.locator("[name='players.0.name']").input_value() == "Ann"
    assert first.locator("[name='players.1.name']").input_value() == "Bo"
    # and the second tab took the first tab's newer entry the same way
    assert second.locator("[name='players.1.name']").input_value() == "Bo"


def _in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const box = document.querySelector(sel).getBoundingClientRect();
        return box.height > 0 && box.top > -1 && box.bottom < innerHeight + 1; }""", selector)


def test_harvest_dice_check_opens_at_its_answer_with_focus_on_it(phone_journey, live_server):
    from tests.support.journey import tap_to_leave

    journey = phone_journey
    page = journey.page
    page.goto(f"{live_server}/games/harvest-dice/check")
    journey.wait_until("document.querySelector('#answer .verdict')")
    assert page.locator("[id=answer]").count() == 1
    tap_to_leave(journey, page.locator("#hd-check button[type=submit]"), "**/games/harvest-dice/check#answer")
    journey.wait_until("document.activeElement && document.activeElement.id === 'answer'")
    assert page.locator("[id=answer]").count() == 1  # one id: the server's copy of the answer has none
    assert page.locator("#answer .verdict").count() == 1
    assert _in_view(page, "#answer .verdict"), "the answer opened out of view"


def test_a_refused_placement_shows_beside_the_place_button_in_words(phone_journey, live_server):
    journey = phone_journey
    page = journey.page
    page.goto(f"{live_server}/games/cottage-garden/check")
    journey.wait_until("!document.getElementById('cg-planner').hidden")
    page.select_option("#cg-piece", "5F")
    page.select_option("#cg-row", "5")
    page.select_option("#cg-col", "5")
    journey.tap(page.locator("#cg-place"))
    journey.wait_until("!document.getElementById('cg-problems').hidden")
    alert = page.locator("[role=alert]:has(#cg-problems)")
    assert _in_view(page, "#cg-place") and _in_view(page, "#cg-problems"), "the refusal is out of view of the Place button"
    distance = page.evaluate("""() => document.getElementById('cg-problems').getBoundingClientRect().top -
        document.getElementById('cg-place').getBoundingClientRect().bottom""")
    assert 0 <= distance < 120, f"the refusal stands {distance:.0f} px below the Place button"
    text = alert.inner_text()
    assert "stick out over the edge" in text and "row 5, column" in text and "[" not in text, text
    journey.assert_accessible("after a refused placement")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_a_photo_read_keeps_what_the_player_changed_and_each_outline_says_and_goes(phone_journey, live_server):
    from tests.browser.test_photo_browser import _choose, _sheet_photo
    from tests.support.journey import tap_away

    journey = phone_journey
    page = journey.page
    state, photo = _sheet_photo("harvest-dice", 6, smudge=True)
    player, (row, col) = state["players"][0], state["smudged"]
    journey.allow_error("status of 422")  # the blank sheet's totals, asked as the page opens (score.js)
    page.goto(f"{live_server}/games/harvest-dice/score")
    journey.wait_until("document.querySelector('.photo-read') && !document.querySelector('.photo-read').hidden")
    tops = page.evaluate("""() => [document.querySelector('.photo-read').getBoundingClientRect().top + scrollY,
                                  document.getElementById('score-form').getBoundingClientRect().top + scrollY]""")
    assert tops[0] < tops[1] and tops[0] < 844, f"Read from a photo starts {tops[0]:.0f} px down, the form at {tops[1]:.0f}"
    held = []
    page.route("**/games/harvest-dice/photo", lambda route: held.append(route))
    _choose(journey, "sheet.png", photo)
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Reading') === 0")
    mine = "0" if player["pig"] else "1"  # the player crosses pig circles while the photo is read
    page.locator("[name='players.0.pig']").fill(mine)
    page.wait_for_timeout(100)
    assert held, "the photo was never sent"
    held[0].continue_()
    journey.wait_until("document.querySelector('.photo-status').textContent.indexOf('Read 1 sheet') === 0", 15)
    assert page.locator("[name='players.0.pig']").input_value() == mine, "the read overwrote what the player typed"
    assert "keeping what you changed meanwhile" in page.locator(".photo-status").text_content()
    assert page.locator("[name='markets.tomato']").input_value() == str(state["markets"]["tomato"])
    # the outlined space is described by its note, which spans its player's card
    cell = page.locator(".photo-unsure.hd-cell")
    assert cell.count() == 1
    note_id = cell.get_attribute("aria-describedby")
    assert note_id, "the outline is not linked to its note"
    note = page.locator(f"[id='{note_id}']")
    assert f"Check row {row + 1}, space {col + 1}" in note.text_content()
    widths = page.evaluate("""id => { const note = document.getElementById(id), card = note.closest('fieldset');
        const style = getComputedStyle(card);
        return [note.getBoundingClientRect().width,
                card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)]; }""", note_id)
    assert widths[0] >= widths[1] - 1, f"the note is {widths[0]:.0f} px wide in a card of {widths[1]:.0f}"
    journey.assert_accessible("with a space outlined by a photo read")
    # the player changes the outlined space: its outline and its line go (tap_away judges the tap
    # as it lands: the garden redraws the space's drawing in the same click)
    tap_away(journey, cell)
    journey.wait_until("!document.querySelector('.photo-unsure')")
    assert not any("Check row" in text for text in page.locator(".photo-why").all_text_contents())
    assert not page.locator("[aria-describedby^='photo-why']").count()


def test_only_the_phone_that_saved_a_game_is_offered_its_edit(phone_journey, browser, live_server):
    from tests.support.journey import open_journey

    journey = phone_journey
    state = {"players": [{"name": "Kim", "garden_bed": 12, "hand": 1, "gnomes": 3},
                         {"name": "Lee", "garden_bed": 9, "hand": 0, "gnomes": 2}]}
    saved = journey.page.context.request.post(f"{live_server}/api/results", data=json.dumps({"game": "garden-variety", "state": state}),
                                              headers={"Content-Type": "application/json"})
    assert saved.status == 201, saved.text()
    result_url = f"{live_server}/results/{saved.json()['id']}"
    journey.page.goto(result_url)
    assert journey.page.get_by_role("link", name="Edit result or note").count() == 1
    context, stranger = open_journey(browser, {"width": 390, "height": 844})
    try:
        stranger.page.goto(result_url)
        assert stranger.page.locator("h1").count() == 1
        assert stranger.page.get_by_role("link", name="Edit result or note").count() == 0
        assert stranger.page.get_by_role("link", name="Delete…").count() == 0
        stranger.allow_error("status of 403")  # the edit address typed in by hand: refused, in words
        answer = stranger.page.goto(result_url + "/edit")
        assert answer is not None and answer.status == 403
        heading = stranger.page.locator("h1").inner_text()
        assert heading == "Only the phone that saved this game can change it", heading
        stranger.assert_accessible("on the refused edit page")
        stranger.assert_no_errors()
    finally:
        context.close()


@pytest.mark.service_worker   # the score page as it opens offline: from the app's service worker
def test_an_offline_score_page_asks_the_server_for_nothing(phone_journey, live_server):
    journey = phone_journey
    page = journey.page
    url = f"{live_server}/games/garden-variety/score"
    page.goto(url)
    journey.wait_until("navigator.serviceWorker.controller !== null")
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/csrf-token" in request.url or request.url.endswith("/live") else None)
    page.context.set_offline(True)
    page.reload()
    journey.wait_until("document.querySelector('.pad-totals').textContent === 'Totals when back online'")
    page.locator("[name='players.0.name']").fill("Ann")
    page.locator("[name='players.0.garden_bed']").fill("7")
    page.wait_for_timeout(600)   # past the wait before a live answer is asked for
    assert asked == [], f"asked offline: {asked}"   # a console error each, on a phone with no network
    page.context.set_offline(False)   # and back online, the totals are asked for again
    for _ in range(100):
        if any(url.endswith("/live") for url in asked):
            break
        page.wait_for_timeout(100)
    assert any(url.endswith("/live") for url in asked), "the totals were not asked for when the network came back"


@pytest.mark.parametrize("game_id", ["garden-dice", "cottage-garden", "harvest-dice", "propagation", "garden-variety"])
def test_the_print_pages_pieces_table_fits_a_phone(phone_journey, live_server, game_id):
    page = phone_journey.page
    page.goto(f"{live_server}/games/{game_id}/print")
    widths = page.evaluate("""() => { const wrap = document.querySelector('.checklist .table-wrap');
        return [wrap.scrollWidth, wrap.clientWidth]; }""")
    assert widths[0] <= widths[1], f"the pieces table is {widths[0]} px wide in {widths[1]} px: cut at 390 px"


# Every control a player taps, by its box as drawn; a link inside a sentence (words of its own
# beside it) is left out, as WCAG 2.5.8 leaves it out. A radio or checkbox is its label.
TOO_SMALL = """() => {
  const shown = el => { const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' &&
           !el.closest('[hidden], template, .visually-hidden'); };
  const inText = el => el.tagName === 'A' && !el.classList.contains('button') &&
    Array.from(el.parentElement.childNodes).some(n => n !== el && n.textContent.trim());
  const small = [], seen = new Set();
  document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=radio], [tabindex="0"]')
    .forEach(el => {
      const target = el.matches('input[type=radio], input[type=checkbox], input[type=file]') && el.closest('label') || el;
      if (seen.has(target) || !shown(target) || inText(target) ||
          target.matches('[role=region], [role=grid], main, section, fieldset, div.table-wrap, pre')) return;
      seen.add(target);
      const box = target.getBoundingClientRect();
      const name = (target.getAttribute('aria-label') || target.textContent || target.name || '').trim().slice(0, 30);
      if (box.width < 43.5 || box.height < 43.5) small.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    });
  return small;
}"""

# What a player reads to decide: labels and their hints, the ranking's headings, the tie-break,
# the rules' hints, problems and the notes beside a field.
TOO_FINE = """() => Array.from(document.querySelectorAll(
    'label, label small, legend small, .ranking thead th, .ranking thead th small, .tiebreak-note, [class*=hint], ' +
    '.rule, .photo-why, .cg-track-title, .gv-count small, ' +
    // the results a player reads back: the list and a saved game's score sheet
    '.saved li span, .saved time, table.sheet th, table.sheet td, table.sheet small, ' +
    // the check pages' words beside their boards
    '.cg-side legend, .cg-orientation, .cg-tiles-count, .board-legend, .card-texts small'))
  .filter(el => el.getClientRects().length && !el.closest('[hidden], template, .visually-hidden, [aria-hidden=true]') &&
                el.textContent.trim())
  .map(el => [el.tagName.toLowerCase() + '.' + (el.className || ''), el.textContent.trim().slice(0, 30),
              parseFloat(getComputedStyle(el).fontSize)])
  .filter(found => found[2] < 15.9)"""

# A label drawn inside a board may be smaller, if it is whole and legible: at least 12 px, inside
# its space, and each of its words said in its space's accessible name.
BOARD_LABELS = """() => Array.from(document.querySelectorAll('.gd-look .v, .gd-look .k, .gd-look .n, .gd-look .s, .gd-look .o, .hd-circle, .cg-tile-id'))
  .filter(el => el.getClientRects().length && el.textContent.trim())
  .map(el => {
    const space = el.closest('button, [role=gridcell]'), box = el.getBoundingClientRect(), room = space.getBoundingClientRect();
    const hidden = space.querySelector('.visually-hidden');
    const name = (space.getAttribute('aria-label') || (hidden ? hidden.textContent : '')).toLowerCase();
    const words = el.textContent.replace(/\u00ad/g, '').toLowerCase().match(/[a-z0-9]+/g) || [];
    const faults = [];
    if (parseFloat(getComputedStyle(el).fontSize) < 11.9) faults.push(getComputedStyle(el).fontSize);
    if (el.scrollWidth > el.clientWidth + 1 || box.left < room.left - 1 || box.right > room.right + 1 ||
        box.top < room.top - 1 || box.bottom > room.bottom + 1) faults.push('cut');
    words.filter(word => !name.includes(word)).forEach(word => faults.push(`"${word}" not in "${name}"`));
    // a crossed circle's X is drawn under its number, not over it
    if (el.matches('.hd-crossed') && !(parseInt(getComputedStyle(el, '::before').zIndex, 10) < 0)) faults.push('under the X');
    return [el.className, el.textContent.trim(), faults.join(', ')];
  })
  .filter(found => found[2])"""

GAMES = ["garden-dice", "harvest-dice", "cottage-garden", "propagation", "garden-variety"]
# Where players read results and records, and the print page's choices: {saved} is a saved game.
RECORDS = ["/results", "/results/{saved}", "/players/", "/players/kim", "/games/harvest-dice/print"]


def _save_a_game(base: str) -> int:
    import urllib.request

    from tests.support.history_states import KIM_WINS

    body = json.dumps({"game": "garden-variety", "state": KIM_WINS, "note": "Kim's night"}).encode()
    request = urllib.request.Request(base + "/api/results", data=body, method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return int(json.load(answer)["id"])


@pytest.mark.parametrize("path", [f"/games/{game}/{page}" for game in GAMES for page in ("score", "score?example=1", "check")] + RECORDS)
def test_every_control_takes_a_finger_and_every_label_reads_at_16_px_on_a_phone(phone_journey, live_server, path):
    journey = phone_journey
    page = journey.page
    journey.allow_error("status of 422")  # Harvest Dice asks the blank sheet's totals as it opens (score.js)
    if path in RECORDS:
        path = path.format(saved=_save_a_game(live_server))
    page.goto(live_server + path)
    journey.wait_until("document.readyState === 'complete'")
    if "example" in path:   # the ranking drawn, a player's breakdown open
        journey.wait_until("document.querySelector('.ranking')")
        if page.locator(".breakdown summary").count():
            page.locator(".breakdown summary").first.click()
    page.wait_for_timeout(300)
    assert page.evaluate(TOO_SMALL) == [], "controls under 44 x 44 px"
    assert page.evaluate(TOO_FINE) == [], "text a player reads under 16 px"
    assert page.evaluate(BOARD_LABELS) == [], "a board's label cut, under 12 px, or not in its space's name"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"


def test_a_tapped_space_refused_below_the_fold_is_brought_into_view_and_the_picker_moves_on(phone_journey, live_server):
    journey = phone_journey
    page = journey.page
    page.goto(f"{live_server}/games/cottage-garden/check")
    journey.wait_until("!document.getElementById('cg-planner').hidden")
    first = page.locator("#cg-piece").input_value()
    journey.tap(page.locator("#cg-place"))
    journey.wait_until(f"document.querySelector('[data-row=\"1\"][data-col=\"1\"]').getAttribute('aria-label').indexOf('{first},') === 0")
    # the piece placed cannot be placed again: the picker moves on to the next one, and says so
    following = page.locator("#cg-piece").input_value()
    assert following != first and not page.locator(f"#cg-piece option[value='{following}']").is_disabled()
    assert f"{first} is on the bed" in page.locator("#cg-piece-note").inner_text()
    # the bed's foot at the fold, where a player's thumb taps the top rows; the space is taken
    page.evaluate("""() => { const bed = document.getElementById('cg-bed').getBoundingClientRect();
        scrollBy(0, bed.bottom - innerHeight); }""")
    journey.tap(page.locator("[data-row='1'][data-col='1']"))
    journey.wait_until("!document.getElementById('cg-problems').hidden")
    page.wait_for_timeout(400)  # a smooth scroll's end
    assert _in_view(page, "#cg-problems"), "the refusal of a tapped space is drawn out of view"
    journey.assert_accessible("after a tapped space was refused")
