"""Garden Dice web pages: the score page and the dispute board, over HTTP (plain forms, no
JavaScript) and in a phone-sized browser."""
import html
import json
import re

import pytest
from playwright.sync_api import expect

import scorer
from scorer.core import InvalidState
from scorer.forms import for_players
from scorer.games.garden_dice.rules import EXAMPLE_CHECK
from scorer.pages import label

GAME = "garden-dice"


def test_api_check_and_score_mirror_the_rules(client):
    response = client.post(f"/api/games/{GAME}/check", json=EXAMPLE_CHECK)
    assert response.status_code == 200
    assert response.get_json()["effects"]["points"] == {"Yellow": 7, "Green": 9, "Red": 2}
    bad = dict(EXAMPLE_CHECK, action={"type": "harvest", "player": "Yellow", "at": [9, 9], "die": 3})
    assert client.post(f"/api/games/{GAME}/check", json=bad).get_json()["violations"][0]["code"] == "off-board"
    impossible = {"players": [{"name": "A", "track": 0, "sun_token": True, "unplaced_seeds": 9}]}
    response = client.post(f"/api/games/{GAME}/score", json=impossible)
    assert response.status_code == 422
    assert {v["code"] for v in response.get_json()["violations"]} == {"player-count"}  # refused before any player is read


def test_score_page_plain_form_shows_the_breakdown(client, csrf_token):
    token = csrf_token(client, f"/games/{GAME}/score")
    form = {"csrf_token": token, "op": "score", "variant": "standard",
            "players.0.name": "Blue", "players.0.track": "58", "players.0.unplaced_seeds": "4",
            "players.0.sun_token": "true",
            "players.0.harvested.squash": "2", "players.0.harvested.carrot": "3",
            "players.0.harvested.tomato": "4", "players.0.harvested.artichoke": "2",
            "players.0.harvested.eggplant": "2",
            "players.1.name": "Red", "players.1.track": "12", "players.1.unplaced_seeds": "0",
            "players.1.sun_token": "false"}
    html = client.post(f"/games/{GAME}/score", data=form).get_data(as_text=True)
    assert "Winner: <strong>Blue</strong>" in html
    assert "<td class=\"total\">103</td>" in html
    for column in ("Track", "Unplaced seeds", "Sets", "Collections", "Sun"):
        assert f'<th class="part">{column}</th>' in html
    assert 'name="players.0.harvested.eggplant"' in html


def test_check_page_plain_form_without_javascript(client, csrf_token):
    page = client.get(f"/games/{GAME}/check").get_data(as_text=True)
    assert 'id="gd-board"' in page and '"stars": [[1, 2]' in page
    token = csrf_token(client, f"/games/{GAME}/check")
    action = dict(json.loads(json.dumps(EXAMPLE_CHECK["action"])), die=2)
    html = client.post(f"/games/{GAME}/check", data={
        "csrf_token": token, "state": json.dumps(EXAMPLE_CHECK["state"]),
        "action": json.dumps(action)}).get_data(as_text=True)
    assert "Not legal" in html and "A tomato is worth 3" in html
    assert "Garden Dice: Harvest a Veggie" in html


@pytest.mark.browser
def test_dispute_board_by_clicking_on_a_phone(live_server, page):
    page.goto(f"{live_server}/games/{GAME}/check")
    # The page opens on the rulebook's harvest example: check it as it stands.
    page.click("#gd-check")
    page.wait_for_selector(".verdict.legal")
    assert page.locator(".gd-cell.reached").count() == 5
    points = page.locator(".gd-points").inner_text()
    assert "Yellow\t7" in points and "Green\t9" in points and "Red\t2" in points

    # Now fill a board by clicking: Green's artichoke seed next to Blue's tomato seed.
    page.click("#gd-clear")
    page.click("#gd-kinds >> text=seed")
    page.click("#gd-crops >> text=4 artichoke")
    page.click("#gd-owners >> text=Green")
    page.click("button[data-at='5,2']")
    page.click("#gd-crops >> text=3 tomato")
    page.click("#gd-owners >> text=Blue")
    page.click("button[data-at='5,3']")
    assert "tomato seed of Blue" in page.locator("button[data-at='5,3']").inner_text()
    page.select_option("#gd-type", "water")
    page.select_option("#gd-actor", "Green")
    page.fill("#gd-die", "5")
    page.check("input[name=gd-mode][value=pick]")
    page.click("button[data-at='5,2']")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.legal")
    reached = page.locator(".gd-cell.reached")
    assert sorted(reached.nth(i).get_attribute("data-at") for i in range(reached.count())) == ["5,2", "5,3"]

    # Too low a die: the answer says why, citing the rulebook section.
    page.fill("#gd-die", "3")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.illegal")
    reason = page.locator("#gd-answer .reasons").inner_text()
    assert "needs a die of 4 or more" in reason and "Garden Dice: Water a Seed" in reason
    assert "DESIGN" not in page.locator("main").inner_text()   # the page's words, no internal names
    assert page.locator(".gd-cell.reached").count() == 0

    # Rules about the whole turn: a third artichoke in one turn is refused.
    page.select_option("#gd-type", "buy")
    page.select_option("#gd-crop", "artichoke")
    page.fill("#gd-die", "5")
    page.fill("#gd-bought", "2")
    page.click("#gd-check")
    page.wait_for_selector(".verdict.illegal")
    expect(page.locator("#gd-answer .reasons")).to_contain_text("already bought 2 artichoke")
    assert json.loads(page.input_value("textarea[name=action]"))["turn"] == {"bought": {"artichoke": 2}}
    # the page fits a phone: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# --- the actions and fields check gained: spitting out, equal dice, ending, stacks, seeds ---------

def _player(name: str, **extra) -> dict:
    return {"name": name, "track": 0, "sun_token": True, "unplaced_seeds": 0, "harvested": {}, **extra}


RABBIT_AND_EGGPLANT = {"players": [_player("Green"), _player("Blue")],
                       "board": [{"at": [2, 2], "kind": "rabbit", "owner": "Green"},
                                 {"at": [2, 5], "kind": "veggie", "crop": "eggplant", "owner": "Blue"}]}
EAT = {"type": "move_critter", "player": "Green", "from": [2, 2], "to": [2, 5], "die": 3}
STACKS = {"players": [_player("Green", unplaced_seeds=1, seeds={"carrot": 1}), _player("Blue")], "board": [],
          "supply": {"squash": 0, "carrot": 4, "tomato": 1, "artichoke": 0, "eggplant": 0}}
LAST_SEED = dict(STACKS, supply={"squash": 0, "carrot": 0, "tomato": 1, "artichoke": 0, "eggplant": 0})

# Each new action and field of check, legal and refused: (what it shows, state, action).
NEW_CHECKS = [
    ("spit out with a die high enough", RABBIT_AND_EGGPLANT, dict(EAT, spit_out_die=5)),
    ("spit out with too low a die", RABBIT_AND_EGGPLANT, dict(EAT, spit_out_die=4)),
    ("swallow whole", RABBIT_AND_EGGPLANT, EAT),
    ("spit out on an empty space", RABBIT_AND_EGGPLANT, dict(EAT, to=[2, 4], spit_out_die=5)),
    ("reroll four equal dice", STACKS, {"type": "reroll_equal_dice", "player": "Blue", "dice": [4, 4, 4, 4]}),
    ("reroll dice that differ", STACKS, {"type": "reroll_equal_dice", "player": "Blue", "dice": [4, 4, 4, 5]}),
    ("reroll after a die is spent", STACKS,
     {"type": "reroll_equal_dice", "player": "Blue", "dice": [2, 2, 2, 2], "turn": {"dice_spent": 1}}),
    ("end the turn", STACKS, {"type": "end_turn", "player": "Green", "turn": {"dice_spent": 2}}),
    ("buy from an empty stack", STACKS, {"type": "buy", "player": "Blue", "crop": "squash", "die": 3}),
    ("buy the last seed", LAST_SEED, {"type": "buy", "player": "Blue", "crop": "tomato", "die": 3}),
    ("place a seed not held", STACKS,
     {"type": "place", "player": "Green", "tile": "seed", "crop": "tomato", "dice": [1, 1], "at": [1, 1]}),
    ("place a seed held", STACKS,
     {"type": "place", "player": "Green", "tile": "seed", "crop": "carrot", "dice": [1, 1], "at": [1, 1]}),
    ("seeds that do not add up", dict(STACKS, players=[_player("Green", unplaced_seeds=2, seeds={"carrot": 1}),
                                                       _player("Blue")]), EAT | {"player": "Green"}),
]


def answer_on_page(page: str) -> dict:
    """The check answer a page shows without JavaScript: verdict, reasons and effects."""
    section = re.search(r'<section id="check-result".*?</section>', page, re.S)
    assert section, "the page shows no answer"
    shown = section.group(0)
    verdict = re.search(r'<p class="verdict (legal|illegal)">', shown)
    reasons = [html.unescape(m).strip() for m in re.findall(r"<li>(.*?)(?: <span class=\"rule\">|</li>)", shown, re.S)]
    effects = {html.unescape(k): html.unescape(re.sub(r"</?code>", "", v))
               for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", shown, re.S)}
    return {"legal": verdict.group(1) == "legal" if verdict else None, "reasons": reasons, "effects": effects}


def expected_on_page(state: dict, action: dict) -> dict:
    """scorer.check's answer, as the page words it: reasons in the players' words, effects
    under their labels, values as the page prints them."""
    try:
        outcome = scorer.check(GAME, state, action)
    except InvalidState as invalid:
        return {"legal": None, "reasons": [for_players(v, "Garden Dice")["message"] for v in invalid.violations],
                "effects": {}}
    shown = {label(k): str(v) if isinstance(v, (str, int)) else json.dumps(v) for k, v in outcome["effects"].items()}
    return {"legal": outcome["legal"], "reasons": [for_players(v, "Garden Dice")["message"] for v in outcome["violations"]],
            "effects": shown}


@pytest.mark.parametrize("state, action", [case[1:] for case in NEW_CHECKS], ids=[case[0] for case in NEW_CHECKS])
def test_new_actions_posted_from_the_plain_form_answer_as_check_does(client, csrf_token, state, action):
    token = csrf_token(client, f"/games/{GAME}/check")
    response = client.post(f"/games/{GAME}/check", data={
        "csrf_token": token, "state": json.dumps(state), "action": json.dumps(action)})
    assert response.status_code == 200
    assert answer_on_page(response.get_data(as_text=True)) == expected_on_page(state, action)


@pytest.mark.parametrize("state, action", [case[1:] for case in NEW_CHECKS], ids=[case[0] for case in NEW_CHECKS])
def test_new_actions_asked_by_the_page_script_answer_as_check_does(client, state, action):
    """The page's script asks the page itself (JSON in, the answer in the page's words out)."""
    response = client.post(f"/games/{GAME}/check", json={"state": state, "action": action})
    try:
        outcome = scorer.check(GAME, state, action)
    except InvalidState as invalid:
        assert response.status_code == 422
        assert [v["code"] for v in response.get_json()["violations"]] == [v["code"] for v in invalid.violations]
        return
    answer = response.get_json()
    assert (answer["legal"], answer["effects"]) == (outcome["legal"], outcome["effects"])
    assert answer["violations"] == [for_players(v, "Garden Dice") for v in outcome["violations"]]

