"""The Garden Variety pages in real headless Chromium (on a phone-sized screen)."""
import pytest

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
    page.goto(live_server + "/games/garden-variety/score?example=1")
    # the example opens with four players: remove one, then add one back (without reloads)
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
    # live totals as you type: Ann 19, Bo 18, Cy 16
    page.wait_for_function("document.querySelector('#result .winners') && "
                           "document.querySelector('#result .winners').textContent.includes('Ann')")
    assert ranking(page) == [["1", "Ann", "18", "1", "2", "19"], ["2", "Bo", "18", "0", "3", "18"],
                             ["3", "Cy", "15", "1", "1", "16"]]
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
