"""Journeys through saved games, at phone (touch, 390 px) and desktop sizes: a game saved from
the score page, opened from Results and edited through the same score form by taps (live
totals, a reload mid-edit, a refused entry marked at its field, the note, offline, Save changes), the change
stored and the end screen updated, and the score page's own game in progress untouched; a tie
game's end screen and share picture saying how the tie was broken. An edit's unsaved changes
come back after a reload, under a key of their own."""
from __future__ import annotations

import json
import struct
import urllib.request
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.support.journey import tap_to_leave

pytestmark = pytest.mark.browser

SCORE = "/games/garden-variety/score"
DRAFT = "gardenkit:draft:" + SCORE
# Kim 13, Lee 12, Max 11: one more card in Lee's hand makes it a tie that Kim's gnomes break.
PLAYERS_ZONE = "Pacific/Auckland"
KIM_AHEAD = [("Kim", 12, 1, 3), ("Lee", 12, 0, 2), ("Max", 9, 2, 1)]


def read_api(base: str, path: str):
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return json.load(answer)


def save_by_api(journey, base: str, state: dict, game_id: str = "garden-variety") -> dict:
    """Saved through the JSON API by the journey's own browser (its requests share the page's
    cookies), which therefore owns the result and may edit it."""
    answer = journey.page.context.request.post(base + "/api/results", data=json.dumps({"game": game_id, "state": state}),
                                               headers={"Content-Type": "application/json"})
    assert answer.status == 201, answer.text()
    return answer.json()


def score_and_save(journey, base: str) -> None:
    """A new game typed on the score page (three players) and saved."""
    page = journey.page
    page.goto(base + SCORE)
    journey.tap(page.get_by_role("button", name="Add player"))
    for i, (name, bed, hand, gnomes) in enumerate(KIM_AHEAD):
        for key, value in (("name", name), ("garden_bed", bed), ("hand", hand), ("gnomes", gnomes)):
            page.locator(f"[name='players.{i}.{key}']").fill(str(value))
    journey.wait_until("document.querySelector('.pad-totals').textContent.includes('Kim 13')")
    tap_to_leave(journey, page.get_by_role("button", name="Save result"), "**/results/*")


def tap_times(journey, name: str, times: int) -> None:
    for _ in range(times):
        journey.tap(journey.page.get_by_role("button", name=name, exact=True))


@pytest.mark.service_worker   # it takes the network away: the page as a player has it by then
def test_edit_a_saved_game_through_its_score_form_by_taps(journey, live_server):
    page = journey.page
    score_and_save(journey, live_server)
    result_id = int(page.url.split("#")[0].rsplit("/", 1)[1])
    draft_before = page.evaluate(f"() => localStorage.getItem({json.dumps(DRAFT)})")

    page.goto(live_server + "/results")
    tap_to_leave(journey, page.locator(f"a[href='/results/{result_id}']"), f"**/results/{result_id}")
    tap_to_leave(journey, page.get_by_role("link", name="Edit result or note"), f"**/results/{result_id}/edit")
    assert "Editing a saved game" in page.locator(".edit-banner").text_content()
    assert [page.locator(f"[name='players.{i}.name']").input_value() for i in range(3)] == ["Kim", "Lee", "Max"]
    assert page.locator("textarea[name=_state_json], textarea#state").count() == 0   # no JSON to type
    journey.wait_until("document.querySelector('.gv-stepper button')")
    journey.assert_accessible("on the edit page as it opens")

    journey.reset_layout_shift()
    tap_times(journey, "Lee: one more hand", 1)           # Lee 13: level with Kim, whose gnomes win
    journey.wait_until("document.querySelector('.pad-totals').textContent.includes('Lee 13')")
    assert page.locator("#result .tiebreak-note").text_content() == "Kim wins the tie: 3 gnomes (hand included) to 2."
    journey.assert_steady("the first edits")
    page.reload()   # mid-edit: the unsaved change comes back, with no word of the score page's game
    journey.wait_until("document.getElementById('pad-note').textContent.includes('unsaved changes')")
    assert page.locator("[name='players.1.hand']").input_value() == "1"
    journey.wait_until("document.querySelector('.gv-stepper button')")
    journey.reset_layout_shift()
    # The live totals answer an impossible game with 422 (the score page's own contract,
    # scorer.web.score_form.live_totals), which the browser logs as a failed load.
    journey.allow_error(r"status of 422")
    tap_times(journey, "Max: one more hand", 4)           # 6 cards in a hand: impossible
    journey.wait_until("document.querySelector('.field-error')")
    hand = page.locator("[name='players.2.hand']")
    assert hand.get_attribute("aria-invalid") == "true"
    problem = page.locator("#" + hand.get_attribute("aria-describedby").split()[-1]).text_content()
    assert "hand" in problem and "players[" not in problem
    journey.assert_accessible("after an impossible entry on the edit page")
    # Each answer the player asked for is held steady on its own: the problem's note appearing
    # under the hand, then going once the hand is put right, each moves what lies below it.
    journey.assert_steady("a refused hand shown")
    journey.reset_layout_shift()
    tap_times(journey, "Max: one fewer hand", 4)
    tap_times(journey, "Lee: one more gnomes", 2)         # Lee's 4 gnomes now break the tie
    journey.wait_until("document.querySelector('#result .tiebreak-note')"
                       " && document.querySelector('#result .tiebreak-note').textContent.startsWith('Lee')")
    assert page.locator("#result .tiebreak-note").text_content() == "Lee wins the tie: 4 gnomes (hand included) to 3."
    journey.tap(page.locator("#note"))
    page.locator("#note").fill("Lee's comeback")
    journey.assert_steady("editing the saved game")
    journey.assert_accessible("after the edits")

    # Offline, Save changes keeps everything on the page and queues nothing as a new game.
    journey.allow_error("ERR_INTERNET_DISCONNECTED")   # the browser's own log of the live totals asked offline
    page.context.set_offline(True)
    journey.tap(page.get_by_role("button", name="Save changes"))
    assert "not saved yet" in page.locator("#pad-note").text_content()
    assert page.evaluate("() => localStorage.getItem('gardenkit:queue')") in (None, "[]")
    journey.assert_accessible("after Save changes offline")
    page.context.set_offline(False)

    tap_to_leave(journey, page.get_by_role("button", name="Save changes"), f"**/results/{result_id}#answer")
    assert "Saved your changes: Lee won." in page.locator(".flash").text_content()
    assert page.locator(".tiebreak-note").text_content() == "Lee wins the tie: 4 gnomes (hand included) to 3."
    assert page.locator("p.note").text_content() == "Lee's comeback"
    journey.assert_accessible("on the edited result")
    stored = read_api(live_server, f"/api/results/{result_id}")
    assert stored["state"]["players"][1] == {"name": "Lee", "garden_bed": 12, "hand": 1, "gnomes": 4}
    assert stored["result"]["winners"] == ["Lee"] and stored["note"] == "Lee's comeback"
    assert len(read_api(live_server, "/api/results")["results"]) == 1   # edited, not saved again
    # the score page's own game in progress was never written by the edit, and the edit's own
    # unsaved changes, now saved, are let go
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(DRAFT)})") == draft_before
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.includes('/results/'))") == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_a_tie_games_end_screen_and_share_picture_say_how_it_was_broken(journey, live_server, tmp_path):
    page = journey.page
    # the players' own time zone, far from the server's UTC, so the picture's local time shows
    page.context.new_cdp_session(page).send("Emulation.setTimezoneOverride", {"timezoneId": PLAYERS_ZONE})
    result_id = save_by_api(journey, live_server, {"players": [{"name": "Ann", "garden_bed": 10, "hand": 0, "gnomes": 4},
                                                               {"name": "Ben", "garden_bed": 9, "hand": 1, "gnomes": 5}]})["id"]
    page.goto(f"{live_server}/results/{result_id}")
    said = "Ben wins the tie: 5 gnomes (hand included) to 4."
    assert page.locator(".tiebreak-note").text_content() == said
    assert said in page.locator("img.picture").get_attribute("alt")
    journey.assert_accessible("on a tie game's result")
    with urllib.request.urlopen(f"{live_server}/results/{result_id}.svg", timeout=10) as answer:
        assert said in answer.read().decode()   # the picture's words: the tie-break line of its SVG

    journey.reset_layout_shift()
    with page.expect_download() as started:
        journey.tap(page.get_by_role("link", name="Share picture"))
    download = started.value
    saved_at = datetime.fromisoformat(read_api(live_server, f"/api/results/{result_id}")["saved_at"])
    local = saved_at.astimezone(ZoneInfo(PLAYERS_ZONE)).strftime("%Y-%m-%d-%H%M")
    assert download.suggested_filename == f"gardenkit-garden-variety-{result_id}-{local}.png"
    path = tmp_path / "shared.png"
    download.save_as(path)
    width, height = png_size(path.read_bytes())
    assert (width, height) == (1280, 2 * page.locator("img.picture").evaluate("img => img.naturalHeight"))
    assert path.stat().st_size > 10_000   # drawn, not blank
    journey.wait_until("document.getElementById('share-status').textContent.startsWith('Downloaded')")
    journey.assert_steady("sharing the picture")
    journey.assert_accessible("after sharing the picture")


@pytest.mark.parametrize("game_id", ["cottage-garden", "garden-dice", "garden-variety", "harvest-dice", "propagation"])
def test_every_games_edit_form_opens_filled_and_saves_unchanged(phone_journey, live_server, game_id):
    """Each game's own score page script works in the edit form: it opens filled in from the
    saved game, accessible and without errors, and Save changes stores the same scores."""
    import scorer

    journey, page = phone_journey, phone_journey.page
    saved = save_by_api(journey, live_server, scorer.GAMES[game_id].example_state, game_id)
    page.goto(f"{live_server}/results/{saved['id']}/edit")
    names = [p["name"] for p in scorer.GAMES[game_id].example_state["players"]]
    assert [page.locator(f"[name='players.{i}.name']").input_value() for i in range(len(names))] == names
    journey.assert_accessible(f"on the {game_id} edit form")
    tap_to_leave(journey, page.get_by_role("button", name="Save changes"), f"**/results/{saved['id']}#answer")
    stored = read_api(live_server, f"/api/results/{saved['id']}")
    assert [(p["name"], p["total"]) for p in stored["result"]["players"]] == \
        [(p["name"], p["total"]) for p in saved["result"]["players"]]
    assert stored["updated_at"] is not None


def test_an_edit_of_a_game_changed_meanwhile_shows_both_and_saves_only_when_asked(desktop_journey, live_server):
    journey, page = desktop_journey, desktop_journey.page
    result_id = save_by_api(journey, live_server, {"players": [{"name": n, "garden_bed": b, "hand": h, "gnomes": g}
                                                               for n, b, h, g in KIM_AHEAD]})["id"]
    page.goto(f"{live_server}/results/{result_id}/edit")
    journey.wait_until("document.querySelector('.gv-stepper button')")
    tap_times(journey, "Kim: one more hand", 1)
    journey.wait_until("Object.keys(localStorage).some(k => k.startsWith('gardenkit:edit-draft:')"
                       " && localStorage.getItem(k).includes('\"hand\":\"2\"'))")   # kept on the device
    tap_to_leave(journey, page.get_by_role("link", name="Cancel"), f"**/results/{result_id}")
    page.goto(f"{live_server}/results/{result_id}/edit")   # a cancelled change does not come back
    journey.wait_until("document.readyState === 'complete'")
    journey.wait_until("document.querySelector('.gv-stepper button')")
    assert page.locator("[name='players.0.hand']").input_value() == "1" and page.locator("#pad-note").is_hidden()
    tap_times(journey, "Max: one more garden bed", 3)     # Max 14 here ...
    version = read_api(live_server, f"/api/results/{result_id}")["version"]
    changed = page.context.request.patch(f"{live_server}/api/results/{result_id}",   # ... while the saver's other tab
                                         data=json.dumps({"note": "changed on another phone", "version": version}),
                                         headers={"Content-Type": "application/json"})
    assert changed.ok, changed.text()                                                  # changes the note
    # The answer is the page itself, sent with 409 as a stale edit's answer must be; the browser logs that status.
    journey.allow_error(r"status of 409")
    tap_to_leave(journey, page.get_by_role("button", name="Save changes"), f"**/results/{result_id}/edit#answer")
    conflict = page.locator("#changed-meanwhile")
    assert "Someone changed this game while you edited it; here are both" in conflict.text_content()
    assert "changed on another phone" in conflict.text_content() and "Max 14" in conflict.text_content()
    assert read_api(live_server, f"/api/results/{result_id}")["result"]["winners"] == ["Kim"]   # nothing overwritten
    journey.assert_accessible("when the game was changed meanwhile")
    tap_to_leave(journey, page.get_by_role("button", name="Save changes"), f"**/results/{result_id}#answer")
    assert read_api(live_server, f"/api/results/{result_id}")["result"]["winners"] == ["Max"]


def test_a_propagation_tie_is_said_shared_live_and_on_its_page(phone_journey, live_server):
    """Propagation's rules break no tie: its own live panel and its result say the win is shared and why."""
    journey, page = phone_journey, phone_journey.page
    players = [{"name": name, "harvested": {"tomato": 2}, "bonus_points": 0} for name in ("Ada", "Bo")]
    result_id = save_by_api(journey, live_server, {"players": players}, "propagation")["id"]
    said = "Ada & Bo share the win: Propagation has no tie-breaker."
    page.goto(f"{live_server}/results/{result_id}")
    assert page.locator(".tiebreak-note").text_content() == said
    page.goto(f"{live_server}/results/{result_id}/edit")
    page.locator("[name='players.1.name']").fill("Bea")
    journey.wait_until("document.querySelector('.live-winners').textContent.includes('Bea share')")
    assert page.locator(".live-winners").text_content() == \
        "Shared win: Ada & Bea. Ada & Bea share the win: Propagation has no tie-breaker."
    journey.assert_accessible("on a Propagation tie's edit form")
