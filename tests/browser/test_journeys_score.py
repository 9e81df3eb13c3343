"""The score pad walked as players walk it, once per game at a phone and a desktop size (tests/support/journey.py):
a 4-player game entered by taps (every field reached by tapping it), a reload in the middle that
brings every entry back, Save; the score page opened again and the next game played over the
restored one, Save; then offline: a third game saved twice, and back online on the Results page,
which shows it waiting first. The database (read through /api/results) must hold each game once,
with the winner the rules give, and the page's words and its table must agree. No layout shift
during entry, axe clean at every step, no refusal before a player typed anything."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

import scorer
from tests.support.journey import DESKTOP, PHONE, Journey, tap_away

pytestmark = pytest.mark.browser


def type_over(trip: Journey, locator, text: str) -> None:
    """Tap a field and type: a count field selects what it shows on focus, so typing replaces
    it; a name is selected by the player first (as a long press does)."""
    trip.tap(locator)
    locator.evaluate("f => { if (f.type !== 'number' && f.value !== '') f.select(); }")
    trip.page.keyboard.type(text)


def player_set(page, index: int):
    return page.locator("#players fieldset.player").nth(index)


def numbers_and_names(fields: tuple[str, ...]) -> Callable:
    """Entry for a page of plain fields: each player's name, then each count, tapped and typed."""
    def enter(trip: Journey, index: int, player: dict) -> None:
        box = player_set(trip.page, index)
        type_over(trip, box.locator("input[name$='.name']"), player["name"])
        for key in fields:
            type_over(trip, box.locator(f"input[name$='.{key}']"), str(_dig(player, key)))
        if "sun_token" in player:
            checkbox = box.locator("input[type=checkbox][name$='.sun_token']")
            if checkbox.is_checked() != player["sun_token"]:
                trip.tap(checkbox)
    return enter


def _dig(player: dict, dotted: str):
    value = player
    for part in dotted.split("."):
        value = value[part]
    return value


def enter_harvest_dice(trip: Journey, index: int, player: dict) -> None:
    """A name, then the garden by taps: choose a veggie, tap its spaces; spaces to empty are
    tapped with their own veggie chosen (a second tap empties a space)."""
    box = player_set(trip.page, index)
    type_over(trip, box.locator("input[name$='.name']"), player["name"])
    now = box.locator("textarea[name$='.garden']").input_value().split("\n")
    for r, row in enumerate(player["garden"]):
        for c, letter in enumerate(row):
            if now[r][c] == letter:
                continue
            for want in ([now[r][c]] if now[r][c] != "." else []) + ([letter] if letter != "." else []):
                trip.tap(box.locator(f".hd-picker [data-letter='{want}']"))
                tap_away(trip, box.locator(f"[aria-label^='Row {r + 1}, column {c + 1}:']"))  # redrawn as tapped


def enter_cottage_garden(trip: Journey, index: int, player: dict) -> None:
    """A name, then each cube moved by tapping its space on the cube's lane."""
    box = player_set(trip.page, index)
    type_over(trip, box.locator("input[name$='.name']"), player["name"])
    for colour in ("orange", "blue"):
        for k, value in enumerate(player[colour]):
            if box.locator(f"select[name$='.{colour}.{k}']").input_value() != str(value):
                tap_away(trip, box.locator(f"[aria-label='{'start' if value == 0 else value} for {colour} cube {k + 1}']"))


def gd(name, track, seeds=0, sun=False, **harvested):
    crops = dict.fromkeys(("squash", "carrot", "tomato", "artichoke", "eggplant"), 0) | harvested
    return {"name": name, "track": track, "unplaced_seeds": seeds, "sun_token": sun, "harvested": crops}


def hd(name, *garden):
    return {"name": name, "garden": list(garden) + ["......"] * (3 - len(garden)), "pig": 0, "pig_powers_used": 0}


def cg(name, orange, blue):
    return {"name": name, "orange": orange, "blue": blue, "beehives": 0}


def prop(name, tomato, carrot, apple, bonus=0):
    return {"name": name, "harvested": {"tomato": tomato, "carrot": carrot, "apple": apple}, "bonus_points": bonus}


@dataclass
class Game:
    enter: Callable
    games: tuple[list[dict], list[dict], list[dict]]   # the first game, the next, the one saved offline
    shared: dict


GAMES = {
    "garden-variety": Game(
        numbers_and_names(("garden_bed", "hand", "gnomes")),
        ([{"name": n, "garden_bed": b, "hand": 0, "gnomes": g} for n, b, g in
          (("Kay", 16, 1), ("Lou", 14, 0), ("Max", 12, 2), ("Ned", 12, 0))],
         [{"name": n, "garden_bed": b, "hand": 0, "gnomes": g} for n, b, g in
          (("Kay", 12, 0), ("Lou", 20, 1), ("Max", 12, 1), ("Ned", 10, 0))],
         [{"name": n, "garden_bed": b, "hand": h, "gnomes": 0} for n, b, h in
          (("Kay", 12, 0), ("Lou", 8, 0), ("Max", 16, 2), ("Ned", 14, 0))]), {}),
    "garden-dice": Game(
        numbers_and_names(("track", "unplaced_seeds") + tuple(f"harvested.{c}" for c in
                                                               ("squash", "carrot", "tomato", "artichoke", "eggplant"))),
        ([gd("Kay", 20, eggplant=2), gd("Lou", 12, tomato=2), gd("Max", 6, carrot=1), gd("Ned", 4, squash=2, seeds=1)],
         [gd("Kay", 6, tomato=1), gd("Lou", 20, eggplant=2), gd("Max", 10, eggplant=1), gd("Ned", 9, tomato=1)],
         [gd("Kay", 10, eggplant=1), gd("Lou", 8, artichoke=1), gd("Max", 24, artichoke=3), gd("Ned", 3, tomato=1)]),
        {"variant": "standard"}),
    "propagation": Game(
        numbers_and_names(("harvested.tomato", "harvested.carrot", "harvested.apple", "bonus_points")),
        ([prop("Kay", 3, 1, 1), prop("Lou", 2, 2, 0), prop("Max", 1, 0, 0), prop("Ned", 0, 1, 0)],
         [prop("Kay", 1, 1, 0), prop("Lou", 2, 3, 1), prop("Max", 0, 2, 0), prop("Ned", 1, 0, 0)],
         [prop("Kay", 1, 0, 0), prop("Lou", 1, 1, 0), prop("Max", 4, 2, 1), prop("Ned", 2, 0, 0)]),
        {"round_20": "both"}),
    "harvest-dice": Game(
        enter_harvest_dice,
        ([hd("Kay", "LLL..."), hd("Lou", "TT...."), hd("Max", "C....."), hd("Ned", "L.....")],
         [hd("Kay", "L....."), hd("Lou", "TTT..."), hd("Max", "CC...."), hd("Ned", "T.....")],
         [hd("Kay", "T....."), hd("Lou", "L....."), hd("Max", "C.....", "C....."), hd("Ned", "CCC...")]),
        {"mode": "basic", "markets": {"lettuce": 0, "tomato": 0, "carrot": 0}}),
    "cottage-garden": Game(
        enter_cottage_garden,
        ([cg("Kay", [5, 3, 0], [4, 0, 0]), cg("Lou", [2, 0, 0], [2, 2, 0]), cg("Max", [7, 0, 0], [0, 0, 0]),
          cg("Ned", [1, 1, 1], [6, 0, 0])],
         [cg("Kay", [1, 0, 0], [2, 0, 0]), cg("Lou", [6, 4, 0], [6, 0, 0]), cg("Max", [2, 2, 0], [0, 0, 0]),
          cg("Ned", [1, 1, 1], [4, 0, 0])],
         [cg("Kay", [2, 0, 0], [0, 0, 0]), cg("Lou", [1, 0, 0], [2, 0, 0]), cg("Max", [3, 3, 3], [8, 0, 0]),
          cg("Ned", [1, 0, 0], [0, 0, 0])]),
        {}),
}


def winner(game_id: str, players: list[dict]) -> list[str]:
    return scorer.GAMES[game_id].score({**GAMES[game_id].shared, "players": players})["winners"]


def stored(trip: Journey, base: str) -> list[dict]:
    """What the database holds, oldest first (through the API, not the page)."""
    return list(reversed(trip.page.request.get(base + "/api/results?limit=50").json()["results"]))


def enter_game(trip: Journey, game: Game, players: list[dict]) -> None:
    for index, player in enumerate(players):
        game.enter(trip, index, player)


def settle(trip: Journey, timeout: float = 3.0) -> None:
    """Wait until the page has stopped moving: no new layout shift over two looks 150 ms apart."""
    deadline = time.monotonic() + timeout
    before = trip.layout_shift()
    while time.monotonic() < deadline:
        trip.page.wait_for_timeout(150)
        now = trip.layout_shift()
        if now == before:
            return
        before = now
    raise AssertionError(f"the page kept moving for {timeout} s")


def wait_for_ranking(trip: Journey, rows: int) -> None:
    """The live totals rank every player entered (the page's answer says why not, if not)."""
    try:
        trip.wait_until(f"document.querySelectorAll('table.ranking tbody tr').length === {rows}", timeout=15)
    except AssertionError:
        raise AssertionError("no ranking of every player: " + trip.page.locator("form ~ #result, #live-result")
                             .first.inner_text()) from None


def save_online(trip: Journey, base: str, expected: list[str], count: int) -> None:
    """Save: the result page says who won, its table agrees, and the database holds one more game."""
    page = trip.page
    tap_away(trip, page.locator("button.save"))
    page.wait_for_url("**/results/*")
    words = page.locator("main").inner_text()
    assert f"Saved: {', '.join(expected)} won." in words, words[:400]
    assert page.locator(".winners strong").first.inner_text() == " & ".join(expected)
    assert page.get_by_role("rowheader", name=expected[0], exact=True).count() == 1   # the row says whose
    games = stored(trip, base)
    assert len(games) == count and games[-1]["winners"] == expected, games
    trip.assert_accessible("on the saved result")


CONTRAST = """sel => {
  const lum = c => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratios = [...document.querySelectorAll(sel)].filter(b => b.offsetParent && b.textContent.trim() && !/rgba\\(.*, 0\\)$/.test(getComputedStyle(b).backgroundColor)).map(b => {
    const style = getComputedStyle(b), a = lum(style.color), z = lum(style.backgroundColor);
    return (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05); });
  return ratios.length ? Math.min(...ratios) : 21; }"""


def lowest_contrast(page, selector: str) -> float:
    """The lowest contrast of text to its own background among the shown controls (axe leaves
    controls it cannot judge, such as ones with drawn crosses, as incomplete)."""
    return page.evaluate(CONTRAST, selector)


def assert_not_judged_yet(trip: Journey, where: str) -> None:
    page = trip.page
    shown = page.locator("#result .violations, .field-error, [aria-invalid=true]")
    assert shown.count() == 0, f"a refusal is shown {where}: {shown.first.inner_text()}"


# Every game's form on a phone, where tables score; on a desktop, the largest form (Garden
# Dice's): the path is the same code at both sizes, and the desktop's layout of every game is
# walked by the rules and accessibility journeys.
OUTAGE_TRIPS = [*(pytest.param(PHONE, game_id, id=f"phone-{game_id}") for game_id in GAMES),
                pytest.param(DESKTOP, "garden-dice", id="desktop-garden-dice")]


@pytest.mark.service_worker   # it takes the network away: the page as a player has it by then
@pytest.mark.parametrize(("journey", "game_id"), OUTAGE_TRIPS, indirect=["journey"])
def test_a_table_scores_saves_and_plays_on_through_a_network_outage(live_server, journey, game_id):
    trip, page, game = journey, journey.page, GAMES[game_id]
    url = f"{live_server}/games/{game_id}/score"
    first, second, offline = game.games

    page.goto(url)
    trip.wait_until("navigator.serviceWorker.controller !== null")
    page.reload()  # the page as it opens on every later visit: from a worker that is ready
    assert_not_judged_yet(trip, "on a fresh page")
    trip.assert_accessible("on a fresh score page")
    assert lowest_contrast(page, "#players button") >= 4.5   # every control's words readable (the pig's "P")

    # The first game: two players, a reload (a tab closed, a phone locked), two more.
    trip.tap(page.locator("button[value=add]"))
    trip.tap(page.locator("button[value=add]"))
    assert page.locator("#players fieldset.player").count() == 4
    # Each new row moves what is below it, the Add button too, as asked (and the answer to the
    # new rows may land a moment later); from here on, typing and tapping must move nothing.
    settle(trip)
    trip.reset_layout_shift()
    enter_game(trip, game, first[:2])
    assert_not_judged_yet(trip, "while the first two players are entered")
    trip.assert_steady("entry of the first two players")
    trip.assert_accessible("after two players are entered")
    trip.wait_until(f"(localStorage.getItem('gardenkit:draft:/games/{game_id}/score') || '').includes('{first[1]['name']}')")
    page.reload()
    assert page.locator("#players input[name$='.name']").evaluate_all("els => els.map(e => e.value)") == \
        [p["name"] for p in first[:2]] + ["", ""]
    trip.reset_layout_shift()
    enter_game(trip, game, first)
    trip.assert_steady("entry of the first game")
    trip.assert_accessible("after the first game is entered")
    # the live ranking: each row says whose it is to a screen reader
    wait_for_ranking(trip, len(first))
    for player in first:
        assert page.get_by_role("rowheader", name=player["name"], exact=True).count() == 1, player["name"]
    save_online(trip, live_server, winner(game_id, first), 1)

    # The next game, played over the one the page brings back (once its answer is drawn: on a busy
    # machine the live totals of the game brought back can land after the first keystrokes).
    page.goto(url)
    wait_for_ranking(trip, len(first))
    settle(trip)
    trip.reset_layout_shift()
    enter_game(trip, game, second)
    trip.assert_steady("entry of the next game")
    save_online(trip, live_server, winner(game_id, second), 2)

    # Offline: the third game saved twice, then the network comes back on another page.
    page.goto(url)
    # The browser logs each request it could not make while offline (live totals, the token).
    trip.allow_error("ERR_INTERNET_DISCONNECTED")
    page.context.set_offline(True)
    trip.wait_until("document.querySelector('.pad-totals').textContent === 'Totals when back online'")
    enter_game(trip, game, offline)
    for _ in range(2):
        tap_away(trip, page.locator("button.save"))
        trip.wait_until("document.getElementById('pad-note').textContent.includes('Saved on this device')")
    trip.assert_accessible("after an offline save")
    tap_away(trip, page.locator("header nav a[href='/results']"))
    page.wait_for_url("**/results")
    assert "1 game saved offline is waiting" in page.locator("main").inner_text()
    trip.assert_accessible("on Results, with a game waiting")
    other = page.context.new_page()   # a second tab open too: both send when the network is back
    other.goto(url)
    page.context.set_offline(False)
    trip.wait_until("!(localStorage.getItem('gardenkit:queue') || '[]').includes('\"key\"')")
    trip.wait_until("/is now saved|sent from another open page/.test(document.body.textContent)")
    other.close()
    games = stored(trip, live_server)
    assert [g["winners"] for g in games] == [winner(game_id, g) for g in game.games], games


def test_the_score_form_judges_only_what_players_did_and_says_so_plainly(live_server, journey):
    """Garden Dice: a fresh page refuses nothing; Add stops at the game's own player limit and
    says why; a problem shows at its field once the player moves on, in plain words; pasted
    JSON, broken or not, is never taken or dropped in silence."""
    trip, page = journey, journey.page
    page.goto(live_server + "/games/garden-dice/score")
    assert_not_judged_yet(trip, "on a fresh page")
    for _ in range(2):
        trip.tap(page.locator("button[value=add]"))
    trip.tap(page.locator("button[value=add]"))   # a 5th player: Garden Dice is for 2 to 4
    assert page.locator("#players fieldset.player").count() == 4
    assert "at most 4 players" in page.locator("#pad-note").inner_text()
    trip.assert_accessible("after a 5th player was refused")

    first = player_set(page, 0)
    type_over(trip, first.locator("input[name$='.name']"), "Kay")
    type_over(trip, first.locator("input[name$='.track']"), "-4")
    assert_not_judged_yet(trip, "while Kay's row is still being entered")
    # (with one player the rules speak only of the number of players: a second one is typed)
    type_over(trip, player_set(page, 1).locator("input[name$='.name']"), "Lou")
    note = page.locator(".field-error")
    note.first.wait_for()
    assert note.all_inner_texts() == ["Player 1's track must be 0 or more"]
    assert "state format" not in page.locator("main").inner_text()
    assert_not_judged_yet_beyond = page.locator("#players fieldset.player").nth(2).locator("[aria-invalid=true]")
    assert assert_not_judged_yet_beyond.count() == 0   # players not entered yet are not judged
    trip.assert_accessible("with a problem at its field")

    trip.tap(page.locator("details.paste summary"))
    paste = page.locator("textarea[name=_state_json]")
    type_over(trip, paste, '{"players": [')
    trip.tap(page.locator("details.paste summary"))   # leaving the box is when the paste is read
    assert "The pasted text was not used" in page.locator("#pad-note").inner_text()
    assert page.locator("input[name='players.0.name']").input_value() == "Kay"
    trip.tap(page.locator("details.paste summary"))
    paste.fill('{"variant": "standard", "players": [{"name": "Ann", "track": 20, "unplaced_seeds": 0, '
               '"sun_token": false, "harvested": {"eggplant": 2}}, {"name": "Bo", "track": 6, '
               '"unplaced_seeds": 0, "sun_token": false, "harvested": {"tomato": 1}}]}')
    paste.dispatch_event("change")
    assert "now in the fields above" in page.locator("#pad-note").inner_text()
    assert page.locator("#players input[name$='.name']").evaluate_all("els => els.map(e => e.value)") == ["Ann", "Bo"]
    assert page.locator("input[name='players.0.harvested.eggplant']").input_value() == "2"
    assert paste.input_value() == ""
    trip.assert_accessible("after a paste")


@pytest.mark.parametrize("journey", [PHONE], indirect=True)
def test_a_garden_problem_is_told_below_the_garden_not_under_the_finger(live_server, journey):
    """Harvest Dice at a phone: a player who taps slowly leaves the garden in states the rules
    refuse on the way (a space emptied between two lettuces: two patches). The answer lands
    while the next space is being aimed at; its note goes under the garden, so the spaces stay
    where the finger is (it went between the field and the garden, and pushed the garden 96 px
    down under a tap that then hit the veggie picker)."""
    trip, page = journey, journey.page
    page.goto(f"{live_server}/games/harvest-dice/score")
    type_over(trip, player_set(page, 1).locator("input[name$='.name']"), "Lou")
    box = player_set(page, 0)
    type_over(trip, box.locator("input[name$='.name']"), "Kay")
    trip.tap(box.locator(".hd-picker [data-letter='L']"))
    first, third = (box.locator(f"[aria-label^='Row 1, column {c}:']") for c in (1, 3))
    tap_away(trip, first)
    tap_away(trip, third)
    before = third.bounding_box()
    trip.reset_layout_shift()
    trip.wait_until("document.querySelector('#players .field-error') !== null")
    note = box.locator(".field-error")
    assert "2 separate patches" in note.inner_text()
    assert third.bounding_box() == before
    assert note.evaluate("n => n.previousElementSibling.matches('[data-stands-for]')")
    trip.assert_steady("the answer to a garden in two patches")
