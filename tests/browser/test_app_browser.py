"""The pages in real headless Chromium (on a phone-sized screen): Garden Variety's, the rules
pages' simulated examples and replay box, the score page's examples."""
import json
import time

import pytest
from werkzeug.datastructures import MultiDict

import scorer
from scorer.web.forms import MAX_LOG_CHARS, state_from_form
from tests.support.engine_harness import games_with_engines
from tests.support.found import found
from tests.web.test_replay_pages import broken_log

pytestmark = pytest.mark.browser


def fill_player(page, index, name, garden_bed, hand, gnomes):
    page.fill(f"input[name='players.{index}.name']", name)
    page.fill(f"input[name='players.{index}.garden_bed']", str(garden_bed))
    page.fill(f"input[name='players.{index}.hand']", str(hand))
    page.fill(f"input[name='players.{index}.gnomes']", str(gnomes))


def ranking(page):
    return page.locator("#result table.ranking tbody tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.children).map(c => c.querySelector('summary') ? c.querySelector('summary').textContent : c.textContent.trim()))")


def test_score_three_players_live_then_save_and_find_it(live_server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server + "/games/garden-variety/score")
    # a new game opens with two players: make it four, remove two, then add one back (without reloads)
    for _ in range(2):
        page.get_by_role("button", name="Add player").click()
    assert page.locator("fieldset.player").count() == 4
    page.locator("fieldset.player").nth(3).get_by_role("button", name="Remove player").click()
    page.locator("fieldset.player").nth(2).get_by_role("button", name="Remove player").click()
    assert page.locator("fieldset.player").count() == 2
    page.get_by_role("button", name="Add player").click()
    assert page.locator("fieldset.player").count() == 3
    assert page.locator("fieldset.player legend").all_text_contents() == ["Player 1", "Player 2", "Player 3"]
    new_index = page.locator("fieldset.player").nth(2).get_attribute("data-index")

    fill_player(page, 0, "Ann", 18, 1, 2)
    fill_player(page, 1, "Bo", 18, 0, 3)
    fill_player(page, int(new_index), "Cy", 15, 1, 1)
    # live totals as you type: Ann 19, Bo 18, Cy 16 (an answer to the entries half typed, Ann
    # ahead of a Bo without gnomes, may land first on a busy machine: wait for the last)
    expected = [["1", "Ann", "18", "1", "2", "19"], ["2", "Bo", "18", "0", "3", "18"], ["3", "Cy", "15", "1", "1", "16"]]
    deadline = time.monotonic() + 15
    while ranking(page) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert ranking(page) == expected
    # a +1 on Bo's hand makes a tie on 19 that Bo's extra gnome breaks
    page.locator("fieldset.player").nth(1).locator(".gv-hand").get_by_role("button", name="one more").click()
    page.wait_for_function("document.querySelector('#result .winners').textContent.includes('Bo')")
    assert [row[:2] for row in ranking(page)] == [["1", "Bo"], ["2", "Ann"], ["3", "Cy"]]
    assert "Cards counted: 54 of 54" in page.locator("#gv-tally").text_content()

    page.get_by_role("button", name="Save result").click()
    page.wait_for_url("**/results/*")
    assert "Saved: Bo won." in page.locator(".flash").text_content()
    page.get_by_role("link", name="Results", exact=True).click()
    first = page.locator("ol.saved li").first
    assert "Garden Variety" in first.text_content() and "Winner: Bo" in first.text_content()
    assert "Ann 19" in first.text_content()
    assert errors == []


def test_impossible_counts_show_violations_live(live_server, page):
    page.goto(live_server + "/games/garden-variety/score?example=1")
    page.fill("input[name='players.0.hand']", "7")
    page.click("input[name='players.1.name']")   # the row's problems wait until it is left
    page.wait_for_selector("#result .violations")
    assert "a hand is never more than 5" in page.locator("#result .violations").text_content()


def test_round_check_page_shows_only_the_fields_a_card_has(live_server, page):
    page.goto(live_server + "/games/garden-variety/check")
    row = page.locator(".gv-play").nth(2)           # Max plays the copycat gnome
    assert row.locator(".gv-for-gnome").is_visible()
    assert not row.locator(".gv-for-critter").is_visible()
    page.get_by_role("button", name="Who wins?").click()
    assert "Max wins the round" in page.locator("#check-result").text_content()
    # the answer is in view with focus on it, not 1,500 px below the top of a reloaded page
    page.wait_for_function("document.activeElement && document.activeElement.id === 'answer'")
    assert 0 <= page.locator("#check-result").bounding_box()["y"] < 844
    first = page.locator(".gv-play").first
    first.locator("select.gv-kind").select_option("critter")
    first.locator("select[name$='.number']").select_option("0/10")
    assert first.locator(".gv-for-declared").is_visible()


# --- examples from real play and the replay box ------------------------------------------------

# How each rules page's own script answers a check: what to press, where the verdict appears.
RULES_PAGE_CHECK = {
    "garden-dice": ("#gd-check", "#gd-answer", "✓ Legal"),
    "harvest-dice": (None, "#answer", "✓ Legal"),          # it asks as soon as the page is drawn
    "propagation": ("#propagation-check button.primary", "#live-check .verdict", "✓ Legal"),
    "garden-variety": ("#gv-check-form button.primary", "#check-result", "wins the round"),   # a plain form
    # the plain JSON form, folded under the bed planner
    "cottage-garden": (("details.cg-json summary", "#check-form button.primary"), ".verdict", "✓ Legal"),
}


@pytest.mark.parametrize("game_id", games_with_engines())
def test_each_rules_page_script_takes_its_simulated_example_as_legal(live_server, page, game_id):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/games/{game_id}/check")
    with page.expect_navigation():
        page.get_by_role("link", name="Try an example from a played game").click()
    assert "seed" in page.locator(".example-note").inner_text()
    presses, answer, legal = RULES_PAGE_CHECK[game_id]
    for press in (presses,) if isinstance(presses, str) else presses or ():
        page.locator(press).click()
    page.locator(answer, has_text=legal).wait_for()
    assert "Not legal" not in page.locator(answer).inner_text() and errors == []


def test_try_an_example_twice_gives_two_possible_games(live_server, page):
    game = scorer.GAMES["garden-dice"]
    page.goto(live_server + "/games/garden-dice/score")
    seeds = []
    for link in ("Try an example", "Another example"):
        with page.expect_navigation():
            page.get_by_role("link", name=link).click()
        note = page.locator(".example-note").inner_text()
        seeds.append(found(r"seed (\d+)", note))
        fields = page.locator("#score-form").evaluate(
            "f => [...new FormData(f)].filter(([k, v]) => typeof v === 'string')")
        shown = state_from_form(MultiDict(fields), game.state_model)
        assert scorer.validate("garden-dice", shown) == []
        page.locator("#result .winners").wait_for()   # the page's live totals score it too
    assert seeds[0] != seeds[1]


def test_a_pasted_log_replays_on_a_phone(live_server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log, end_state = scorer.simulate("harvest-dice", 3, 8)
    page.goto(live_server + "/games/harvest-dice/check")
    # A whole game's log is tens of kilobytes pasted at once: a busy machine takes a while.
    page.fill("#replay-log", json.dumps(log, indent=1), timeout=30_000)
    with page.expect_navigation():
        page.get_by_role("button", name="Replay").click()
    page.wait_for_function("document.activeElement && document.activeElement.id === 'answer'")
    result = page.locator("#replay-result")
    assert "✓ Every move is legal" in result.inner_text() and 0 <= result.bounding_box()["y"] < 844
    winners = scorer.score("harvest-dice", end_state)["winners"]
    assert winners[0] in result.locator(".winners").inner_text()
    assert result.locator("table.ranking tbody tr").count() == 3

    broken, index, _ = broken_log("harvest-dice")
    page.fill("#replay-log", json.dumps(broken))
    with page.expect_navigation():
        page.get_by_role("button", name="Replay").click()
    assert f"Entry {index + 1} of the log breaks a rule" in result.inner_text()
    assert result.locator(".reasons li").count() >= 1
    state = result.locator("details.state-before pre")
    assert not state.is_visible()
    result.locator("details.state-before summary").click()
    assert state.is_visible() and json.loads(state.inner_text()) == scorer.replay("harvest-dice", broken[:index])["state"]

    # a log longer than the box takes is not sent: it stays, and the reason is beside the box
    too_long = "[" + " " * MAX_LOG_CHARS + "]"
    page.fill("#replay-log", too_long)
    address = page.url
    page.get_by_role("button", name="Replay").click()
    assert "so it was not sent" in page.locator("#replay-problem").inner_text()
    assert page.url == address and len(page.input_value("#replay-log")) == len(too_long)
    assert page.locator("#replay-log").get_attribute("aria-invalid") == "true" and errors == []
