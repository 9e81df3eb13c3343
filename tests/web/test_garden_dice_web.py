"""Garden Dice web pages: the score page and the dispute board, over HTTP (plain forms, no
JavaScript) and in a phone-sized browser."""
import html
import json
import re
from typing import Any, get_args

import pytest
from playwright.sync_api import expect

import scorer
from scorer.games.core import InvalidState
from scorer.games.garden_dice.rules import EXAMPLE_CHECK, Action, GardenDiceState, Player
from scorer.web.forms import for_players
from tests.support.axe import axe_violations

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
    points = page.locator("#gd-answer .summary").inner_text()
    assert "Points on the track: Yellow 7 points; Green 9 points; Red 2 points." in points

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
NEW_CHECKS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
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
    """The check answer a page shows without JavaScript: verdict, reasons and what it does in
    words (each an item of a list: the reasons', then the summary's)."""
    section = re.search(r'<section id="check-result".*?</section>', page, re.S)
    assert section, "the page shows no answer"
    shown = section.group(0)
    verdict = re.search(r'<p class="verdict (legal|illegal)">', shown)
    items = [html.unescape(m).strip() for m in re.findall(r"<li>(.*?)(?: <span class=\"rule\">|</li>)", shown, re.S)]
    words = re.search(r'<ul class="summary">(.*?)</ul>', shown, re.S)
    said = [html.unescape(m) for m in re.findall(r"<li>(.*?)</li>", words.group(1), re.S)] if words else []
    return {"legal": verdict.group(1) == "legal" if verdict else None,
            "reasons": items[:len(items) - len(said)], "summary": said}


def expected_on_page(state: dict, action: dict) -> dict:
    """scorer.check's answer, as the page words it: reasons and what it does in the players'
    words (the answer's summary)."""
    try:
        outcome = scorer.check(GAME, state, action)
    except InvalidState as invalid:
        return {"legal": None, "reasons": [for_players(v, "Garden Dice")["message"] for v in invalid.violations],
                "summary": []}
    return {"legal": outcome["legal"], "reasons": [for_players(v, "Garden Dice")["message"] for v in outcome["violations"]],
            "summary": outcome["summary"]}


@pytest.mark.parametrize("state, action", [case[1:] for case in NEW_CHECKS], ids=[case[0] for case in NEW_CHECKS])
def test_new_actions_posted_from_the_plain_form_answer_as_check_does(client, csrf_token, state, action):
    token = csrf_token(client, f"/games/{GAME}/check")
    response = client.post(f"/games/{GAME}/check", data={
        "csrf_token": token, "state": json.dumps(state), "action": json.dumps(action)})
    assert response.status_code == 200
    assert answer_on_page(response.get_data(as_text=True)) == expected_on_page(state, action)


@pytest.mark.parametrize("state, action", [case[1:] for case in NEW_CHECKS], ids=[case[0] for case in NEW_CHECKS])
def test_new_actions_asked_by_the_page_script_answer_as_check_does(client, post_live, state, action):
    """The page's script asks the page's live address (JSON in, the answer in the page's words out)."""
    response = post_live(client, f"/games/{GAME}/check", {"state": state, "action": action})
    try:
        outcome = scorer.check(GAME, state, action)
    except InvalidState as invalid:
        assert response.status_code == 200 and response.get_json()["checked"] is False
        assert [v["code"] for v in response.get_json()["violations"]] == [v["code"] for v in invalid.violations]
        return
    answer = response.get_json()
    assert (answer["legal"], answer["effects"]) == (outcome["legal"], outcome["effects"])
    assert answer["violations"] == [for_players(v, "Garden Dice") for v in outcome["violations"]]


def _action_shapes() -> dict[str, list[str]]:
    """Each action type check knows, with the fields it reads (by their JSON names)."""
    shapes = {}
    for model in get_args(get_args(Action)[0]):
        (kind,) = get_args(model.model_fields["type"].annotation)
        shapes[kind] = [field.alias or name for name, field in model.model_fields.items() if name != "type"]
    return shapes


def test_the_page_offers_every_action_and_field_check_knows(client):
    page = client.get(f"/games/{GAME}/check").get_data(as_text=True)
    board_form = page[page.index('id="gd-type"'):page.index("</select>", page.index('id="gd-type"'))]
    hint = html.unescape(page[page.index('class="gd-shapes"'):page.index("</details>")])
    for kind, fields in _action_shapes().items():
        assert f'<option value="{kind}">' in board_form, f"the board's action list lacks {kind}"
        assert f'"type": "{kind}"' in hint, f"the JSON form's list of actions lacks {kind}"
        for field in fields:
            assert f'"{field}"' in hint, f"the JSON form does not say what {kind}'s {field!r} is"
    for field in (*GardenDiceState.model_fields, *Player.model_fields):
        assert f'"{field}"' in hint, f"the JSON form does not say what a state's {field!r} is"


def _boxes(page) -> tuple[dict, dict]:
    return json.loads(page.input_value("textarea[name=state]")), json.loads(page.input_value("textarea[name=action]"))


def _judged(state: dict, action: dict) -> dict:
    try:
        return scorer.check(GAME, state, action)
    except InvalidState as invalid:
        return {"invalid": invalid.violations}


@pytest.mark.browser
def test_the_board_keeps_every_field_the_json_form_gives_it(live_server, page):
    """A check typed into the JSON form comes back on the board with nothing lost: the script
    rewrites the JSON boxes from the board, and they still ask check the same question."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for name, state, action in NEW_CHECKS:
        page.goto(f"{live_server}/games/{GAME}/check")
        page.click("#gd-json summary")
        page.fill("textarea[name=state]", json.dumps(state))
        page.fill("textarea[name=action]", json.dumps(action))
        with page.expect_navigation():
            page.get_by_role("button", name="Check the JSON").click()
        assert page.input_value("#gd-type") == action["type"], name
        assert _judged(*_boxes(page)) == _judged(state, action), name
    assert errors == []


def _answer_is_checks(page, legal: bool) -> str:
    """Check: the page's verdict is check's on the JSON the board sent; its reasons, returned."""
    page.click("#gd-check")
    page.mouse.move(0, 0)   # axe judges the page at rest, not the button under the pointer
    page.wait_for_selector("#gd-answer > *")
    shown = page.locator("#gd-answer").inner_text()
    assert ("\u2713 Legal" if legal else "\u2717 Not legal") in shown, shown
    assert scorer.check(GAME, *_boxes(page))["legal"] is legal
    return shown


@pytest.mark.browser
def test_spitting_out_equal_dice_and_the_stacks_by_clicking_on_a_phone(live_server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/games/{GAME}/check")
    # The rulebook's eating example: Green's rabbit three spaces from Blue's eggplant.
    page.click("#gd-clear")
    page.click("#gd-kinds >> text=rabbit")
    page.click("#gd-owners >> text=Green")
    page.click("button[data-at='2,2']")
    page.click("#gd-kinds >> text=veggie")
    page.click("#gd-crops >> text=5 eggplant")
    page.click("#gd-owners >> text=Blue")
    page.click("button[data-at='2,5']")
    page.select_option("#gd-type", "move_critter")
    page.select_option("#gd-actor", "Green")
    page.fill("#gd-die", "3")
    page.check("input[name=gd-mode][value=pick]")
    page.click("button[data-at='2,2']")
    page.click("button[data-at='2,5']")
    assert not page.locator("#gd-spit-die").is_visible()
    assert "swallowing it whole" in _answer_is_checks(page, legal=True)
    page.get_by_label("If it eats a tile").select_option(label="spit out the seeds (one more die)")
    page.get_by_label("Die spent to spit out").fill("4")
    assert "takes a die of 5 or more, not 4" in _answer_is_checks(page, legal=False)
    page.get_by_label("Die spent to spit out").fill("5")
    assert "eggplant" in _answer_is_checks(page, legal=True)
    assert _boxes(page)[1] == {"type": "move_critter", "player": "Green", "from": [2, 2], "to": [2, 5], "die": 3,
                               "spit_out_die": 5}
    assert "eaten" in page.locator("button[data-at='2,5']").get_attribute("class").split()
    assert axe_violations(page) == []

    # Four equal dice may all be rolled again; four that differ may not.
    page.select_option("#gd-type", label="Reroll four equal dice")
    page.get_by_label("Dice", exact=True).fill("4, 4, 4, 5")
    assert "same result" in _answer_is_checks(page, legal=False)
    page.get_by_label("Dice", exact=True).fill("4, 4, 4, 4")
    _answer_is_checks(page, legal=True)
    page.select_option("#gd-type", label="End the turn")
    _answer_is_checks(page, legal=True)

    # The stacks counted: an empty squash stack sells no squash.
    page.get_by_label("Count the tiles left in each stack").check()
    # 4 players start with 10 of each; the eggplant on the board came from its stack
    assert page.get_by_label("Squash tiles left in the stack").input_value() == "10"
    assert page.get_by_label("Eggplant tiles left in the stack").input_value() == "9"
    page.get_by_label("Squash tiles left in the stack").fill("0")
    page.select_option("#gd-type", "buy")
    page.select_option("#gd-crop", "squash")
    page.fill("#gd-die", "1")
    assert "squash stack is empty" in _answer_is_checks(page, legal=False)
    # Seeds by crop: Red holds a carrot seed (from the carrot stack), so Red cannot place a tomato seed.
    page.get_by_label("Carrot tiles left in the stack").fill("9")
    page.get_by_label("Red's unplaced seeds by crop").check()
    page.get_by_label("Red's carrot seeds").fill("1")
    page.get_by_label("Red's carrot seeds").press("Tab")
    red = _boxes(page)[0]["players"][2]
    assert (red["name"], red["seeds"], red["unplaced_seeds"]) == ("Red", {"carrot": 1}, 1)
    page.select_option("#gd-type", "place")
    page.select_option("#gd-actor", "Red")
    page.select_option("#gd-crop", "tomato")
    page.get_by_label("Dice", exact=True).fill("1, 1")
    page.click("button[data-at='1,1']")
    assert "Red holds no tomato seed" in _answer_is_checks(page, legal=False)
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
