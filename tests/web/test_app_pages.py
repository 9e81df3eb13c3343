"""The HTML pages as plain forms (no JavaScript): scoring, adding and removing players, saving,
the results list, rule checks, CSRF and escaping."""
import html
import re
from html.parser import HTMLParser

import pytest
from werkzeug.datastructures import MultiDict

import scorer
from scorer.web.forms import form_spec, state_from_form
from tests.support.found import found

SCORE = "/games/garden-variety/score"
CHECK = "/games/garden-variety/check"


def gv_form(token, players, op="score"):
    fields = [("csrf_token", token), ("op", op)]
    for i, (name, bed, hand, gnomes) in enumerate(players):
        fields += [(f"players.{i}.name", name), (f"players.{i}.garden_bed", str(bed)),
                   (f"players.{i}.hand", str(hand)), (f"players.{i}.gnomes", str(gnomes))]
    return MultiDict(fields)


THREE = [("Ann", 21, 0, 2), ("Bo", 18, 1, 4), ("Cy", 12, 1, 1)]


def text_of(answer):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True))).split())


def test_home_lists_five_games_and_coming_ones_are_not_broken(client, monkeypatch):
    monkeypatch.setattr(scorer.GAMES, "_ids", [g for g in scorer.GAMES if g != "propagation"])
    page = client.get("/").get_data(as_text=True)
    for title in ("Garden Dice", "Harvest Dice", "Cottage Garden", "Propagation", "Garden Variety"):
        assert title in page
    assert page.count("Coming soon") == 1
    coming = client.get("/games/propagation/score")
    assert coming.status_code == 404 and "is coming" in coming.get_data(as_text=True)
    statuses = {g["id"]: g["status"] for g in client.get("/api/games").get_json()["games"]}
    assert statuses["propagation"] == "coming" and statuses["garden-variety"] == "live"


def test_unknown_game_page_is_404_html(client):
    answer = client.get("/games/chess/score")
    assert answer.status_code == 404 and "Not found" in answer.get_data(as_text=True)


def test_score_as_a_plain_form(client, csrf_token):
    answer = client.post(SCORE, data=gv_form(csrf_token(client, SCORE), THREE))
    assert answer.status_code == 200
    text = text_of(answer)
    assert "Winner: Ann" in text
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", answer.get_data(as_text=True), re.S)
    # a player's name cell also holds their breakdown for phones: read the name from its summary
    cells = [[re.sub(r"<details[^>]*><summary>(.*?)</summary>.*", r"\1", cell)
              for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)] for row in rows]
    assert cells[0][:2] == ["Rank", "Player"] and "Garden bed" in cells[0] and "Total" in cells[0]
    assert cells[1] == ["1", "Ann", "21", "0", "2", "21"]
    assert cells[2] == ["2", "Bo", "18", "1", "4", "19"]
    assert cells[3] == ["3", "Cy", "12", "1", "1", "13"]


def test_impossible_state_shows_violations_on_the_page(client, csrf_token):
    answer = client.post(SCORE, data=gv_form(csrf_token(client, SCORE), [("Ann", 21, 9, 0), ("Bo", 18, 0, 0)]))
    text = text_of(answer)
    assert "This state is not possible" in text and "a hand is never more than 5" in text


def test_add_and_remove_players_without_javascript(client, csrf_token):
    token = csrf_token(client, SCORE)
    added = client.post(SCORE, data=gv_form(token, THREE, op="add")).get_data(as_text=True)
    assert 'name="players.3.name"' in added and "Winner" not in added
    removed = client.post(SCORE, data=gv_form(token, THREE, op="remove:1")).get_data(as_text=True)
    names = re.findall(r'name="players\.(\d)\.name" value="([^"]*)"', removed)
    assert names == [("0", "Ann"), ("1", "Cy")]
    for odd_index in ("\u00b2", "9" * 5000):  # a superscript two; more digits than int() reads
        odd = client.post(SCORE, data=gv_form(token, THREE, op="remove:" + odd_index))
        assert odd.status_code == 200 and len(re.findall(r'name="players\.\d\.name"', odd.get_data(as_text=True))) == 3


def test_each_game_form_is_built_once_and_left_as_built_by_the_pages(client, csrf_token):
    """The score and check pages share one form (and schema) per game, built on first use;
    adding, removing and scoring players on the page leave it as a fresh build would be."""
    from scorer.web.forms import state_schema

    model: type = scorer.GAMES["garden-variety"].state_model
    assert form_spec(model) is form_spec(model) and state_schema(model) is state_schema(model)
    token = csrf_token(client, SCORE)
    for op in ("add", "remove:1", "score"):
        assert client.post(SCORE, data=gv_form(token, THREE, op=op)).status_code == 200
    assert client.get(CHECK).status_code == 200
    assert form_spec(model) == form_spec.__wrapped__(model)
    assert state_schema(model) == state_schema.__wrapped__(model)


def test_save_then_find_it_on_the_results_page(client, csrf_token):
    answer = client.post(SCORE, data=gv_form(csrf_token(client, SCORE), THREE, op="save"))
    assert answer.status_code == 302
    saved_page = client.get(answer.headers["Location"])
    assert "Winner: Ann" in text_of(saved_page) and "Saved: Ann won." in text_of(saved_page)
    client.post(SCORE, data=gv_form(csrf_token(client, SCORE), [("Di", 6, 0, 0), ("Ed", 12, 0, 0)], op="save"))
    listing = client.get("/results").get_data(as_text=True)
    assert listing.index("Winner: Ed") < listing.index("Winner: Ann")   # newest first
    assert 'href="/api/results.csv"' in listing
    only_gv = client.get("/results?game=garden-variety").get_data(as_text=True)
    assert "Winner: Ed" in only_gv
    assert "Winner" not in client.get("/results?game=garden-dice").get_data(as_text=True)


def save_form(token, key):
    form = gv_form(token, THREE, op="save")
    form.add("save_key", key)
    return form


def test_a_page_saved_twice_keeps_one_result(client, csrf_token):
    """Save pressed twice, or the same page posted again, carries the page's one save key."""
    page = client.get(SCORE).get_data(as_text=True)
    key = found(r'name="save_key" value="([0-9a-f]{32})"', page)
    assert key not in client.get(SCORE).get_data(as_text=True)   # every page drawn has its own
    token = csrf_token(client, SCORE)
    first, again = (client.post(SCORE, data=save_form(token, key)) for _ in range(2))
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert len(client.get("/api/results").get_json()["results"]) == 1
    client.post(SCORE, data=save_form(token, "not a key!"))
    assert len(client.get("/api/results").get_json()["results"]) == 2   # a bad key saves without one


def test_a_page_saved_again_after_its_result_was_deleted_says_so(client, csrf_token):
    token = csrf_token(client, SCORE)
    key = "0123456789abcdef0123456789abcdef"
    saved = client.post(SCORE, data=save_form(token, key))
    result_id = int(saved.headers["Location"].rsplit("/", 1)[1])
    assert client.delete(f"/api/results/{result_id}").status_code == 204
    again = client.post(SCORE, data=save_form(token, key))
    assert again.status_code == 422 and "was deleted since" in again.get_data(as_text=True)
    assert 'value="Ann"' in again.get_data(as_text=True)
    assert client.get("/api/results").get_json()["results"] == []


def test_impossible_state_is_not_saved_from_the_page(client, csrf_token):
    answer = client.post(SCORE, data=gv_form(csrf_token(client, SCORE), [("Ann", 6, 6, 0), ("Bo", 6, 0, 0)], op="save"))
    assert answer.status_code == 422 and "not possible" in text_of(answer)
    assert client.get("/api/results").get_json() == {"results": []}


def test_forms_need_the_csrf_token(client):
    assert client.post(CHECK, data={"rule": "5"}).status_code == 400
    assert client.post(SCORE, data=gv_form("forged", THREE, op="save")).status_code == 400
    assert client.get("/api/results").get_json()["results"] == []


def test_an_expired_score_form_keeps_every_entry_and_can_be_sent_again(client, csrf_token):
    answer = client.post(SCORE, data=gv_form("expired-token", THREE, op="save"))
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "nothing was scored or saved yet. Every entry is still here" in text_of(answer)
    for name, bed, _, _ in THREE:
        assert f'value="{name}"' in page and f'value="{bed}"' in page
    fields = browser_fields(page)          # the page carries a fresh token: Save again works
    fields["op"] = "save"
    again = client.post(SCORE, data=fields)
    assert again.status_code == 302
    assert len(client.get("/api/results").get_json()["results"]) == 1


def test_api_is_exempt_from_csrf(client):
    assert client.post("/api/games/garden-variety/score", json={"players": []}).status_code == 422


def test_player_names_are_escaped(client, csrf_token):
    evil = "<script>alert(1)</script>"
    answer = client.post(SCORE, data=gv_form(csrf_token(client, SCORE), [(evil, 6, 0, 0), ("Bo", 4, 0, 0)], op="save"))
    for page in (client.get(answer.headers["Location"]), client.get("/results")):
        body = page.get_data(as_text=True)
        assert evil not in body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_pasted_json_state(client, csrf_token):
    import json

    state = {"players": [{"name": "P", "garden_bed": 4, "hand": 1, "gnomes": 0},
                         {"name": "Q", "garden_bed": 2, "hand": 0, "gnomes": 0}]}
    answer = client.post(SCORE, data={"csrf_token": csrf_token(client, SCORE), "op": "score",
                                      "_state_json": json.dumps(state)})
    assert "Winner: P" in text_of(answer)
    for junk in ("[" * 50000, '{"players": 5}', "[1, 2]"):
        answer = client.post(SCORE, data={"csrf_token": csrf_token(client, SCORE), "op": "score", "_state_json": junk})
        assert answer.status_code == 200


def test_garden_variety_round_check_as_a_plain_form(client, csrf_token):
    fields = {"csrf_token": csrf_token(client, CHECK), "rule": "7",
              "row.0.name": "Kim", "row.0.kind": "critter", "row.0.color": "red", "row.0.number": "6",
              "row.1.name": "Lee", "row.1.kind": "critter", "row.1.color": "blue", "row.1.number": "8",
              "row.2.name": "Max", "row.2.kind": "gnome", "row.2.gnome": "copycat", "row.2.number": "1",
              "row.3.name": "", "row.3.kind": "critter"}
    text = text_of(client.post(CHECK, data=fields))
    assert "Max wins the round" in text
    assert "Out, in order: Kim, Lee." in text
    assert "the copycat gnome wins ties" in text
    # the same round from a page left open until its token expired: every entry comes back
    expired = client.post(CHECK, data=dict(fields, csrf_token="expired"))
    assert expired.status_code == 400
    assert "nothing was checked yet. Every entry is still here: press Who wins? again" in text_of(expired)
    again = browser_fields(expired.get_data(as_text=True))
    assert [again[f"row.{i}.name"] for i in range(3)] == ["Kim", "Lee", "Max"]
    assert "Max wins the round" in text_of(client.post(CHECK, data=again))


def test_garden_variety_check_reports_an_impossible_card(client, csrf_token):
    fields = {"csrf_token": csrf_token(client, CHECK), "rule": "5",
              "row.0.name": "Kim", "row.0.kind": "critter", "row.0.color": "red", "row.0.number": "0/10",
              "row.1.name": "Lee", "row.1.kind": "wildflower", "row.1.number": "4"}
    text = text_of(client.post(CHECK, data=fields))
    assert "This round cannot happen" in text and "must be declared as 0 or 10" in text


def test_generic_check_page_with_json_text(client, csrf_token):
    token = csrf_token(client, CHECK)
    state = '{"players": [{"name": "A", "garden_bed": 0, "hand": 4, "gnomes": 0}, {"name": "B", "garden_bed": 0, "hand": 4, "gnomes": 0}]}'
    action = ('{"type": "resolve_round", "rule": 0, "plays": [{"player": "A", "card": {"kind": "wildflower", "number": 1}},'
              ' {"player": "B", "card": {"kind": "critter", "color": "green", "number": 2}}]}')
    assert "A wins the round" in text_of(client.post(CHECK, data={"csrf_token": token, "state": state, "action": action}))
    bad = text_of(client.post(CHECK, data={"csrf_token": token, "state": "{", "action": action}))
    assert "the state is not valid json" in bad.lower()
    deep = client.post(CHECK, data={"csrf_token": token, "state": "[" * 9000, "action": action})
    assert deep.status_code == 200 and "the state is nested too deeply" in text_of(deep).lower()
    costly = client.post(CHECK, data={"csrf_token": token, "state": "[" * 50000, "action": action})
    assert costly.status_code == 413 and "encoded characters" in text_of(costly)


class FormFields(HTMLParser):
    """The fields a browser would submit from the first <form method="post"> of a page (no
    JavaScript): inputs, checked boxes, selected options, textareas; not <template> rows."""

    def __init__(self):
        super().__init__()
        self.fields, self._form, self._template, self._select, self._option, self._textarea = [], 0, 0, None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("method") == "post":
            self._form += 1
        if tag == "template":
            self._template += 1
        if self._form != 1 or self._template or "name" not in a and tag not in ("option",):
            return
        if tag == "input" and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if a.get("type") == "checkbox" else "")))
        elif tag == "select":
            self._select, self._option = a["name"], None
        elif tag == "option" and self._select and (self._option is None or "selected" in a):
            self._option = a.get("value", "")
        elif tag == "textarea":
            self._textarea = [a["name"], ""]

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag):
        if tag == "template":
            self._template -= 1
        elif tag == "select" and self._select:
            self.fields.append((self._select, self._option or ""))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append(tuple(self._textarea))
            self._textarea = None
        elif tag == "form" and self._form:
            self._form += 1


def browser_fields(page: str) -> MultiDict:
    parser = FormFields()
    parser.feed(page)
    return MultiDict(parser.fields)


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_every_score_page_works_as_a_plain_form(client, game_id):
    """Open the page, press Score without JavaScript: the example (or empty) form is scored or
    answered with violations, never an error."""
    path = f"/games/{game_id}/score"
    fields = browser_fields(client.get(path).get_data(as_text=True))
    assert "csrf_token" in fields
    fields["op"] = "score"
    answer = client.post(path, data=fields)
    assert answer.status_code == 200
    text = text_of(answer)
    assert "Winner" in text or "Shared win" in text or "not possible" in text


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_every_check_page_works_as_a_plain_form(client, game_id):
    path = f"/games/{game_id}/check"
    fields = browser_fields(client.get(path).get_data(as_text=True))
    if "csrf_token" not in fields:
        pytest.skip(f"{game_id} has no rule-check form")
    assert client.post(path, data=fields).status_code == 200


# --- the schema-driven form conversion (scorer/web/forms.py) ------------------------------------------

def test_form_fields_become_typed_json_by_the_schema():
    from pydantic import Field

    from scorer.games.core import StateModel

    class Player(StateModel):
        name: str
        score: int
        lucky: bool
        rolls: list[int]
        rows: list[str]
        bag: dict[str, int] = Field(default_factory=dict)

    class State(StateModel):
        round: int
        players: list[Player]

    form = MultiDict([("round", "3"), ("csrf_token", "x"), ("op", "score"),
                      ("players.0.name", " Ann "), ("players.0.score", "12"),
                      ("players.0.lucky", "false"), ("players.0.lucky", "true"),
                      ("players.0.rolls", "8, 8 20"), ("players.0.rows", "LL.\n\nTT\n"),
                      ("players.0.bag.seeds", "4"),
                      ("players.2.name", "Bo"), ("players.2.score", "x7"), ("players.2.lucky", "false"),
                      ("players.2.rolls", ""), ("players.2.rows", "")])
    assert state_from_form(form, State) == {
        "round": 3,
        "players": [{"name": "Ann", "score": 12, "lucky": True, "rolls": [8, 8, 20], "rows": ["LL.", "TT"],
                     "bag": {"seeds": 4}},
                    {"name": "Bo", "score": "x7", "lucky": False, "rolls": [], "rows": []}]}
    spec = form_spec(State)
    assert [w.key for w in spec.state_fields] == ["round"]
    assert [(w.key, w.kind) for w in spec.player_fields] == [
        ("name", "str"), ("score", "int"), ("lucky", "bool"), ("rolls", "ints"), ("rows", "lines"), ("bag", "json")]


# --- no form input makes a page fail ---------------------------------------------------------------

FORM_JUNK = ["", "0", "-1", "99999999999999999999", "abc", "<b>x</b>", "1.5", "true", "[]", "{}",
             '{"a": 1}', "0/10", "chaos", "é", "L.T", "8, 8, 20", "null", "[[1, 2]]", "NaN", "[" * 9000, "[" * 50000]


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
@pytest.mark.parametrize("page", ["score", "check"])
def test_junk_in_any_form_field_never_breaks_a_page(app_factory, game_id, page):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    client = app_factory(WTF_CSRF_ENABLED=False).test_client()
    path = f"/games/{game_id}/{page}"
    names = sorted(set(re.findall(r'name="([^"]+)"', client.get(path).get_data(as_text=True))) - {"csrf_token"})
    rows = st.integers(0, 3).map(str)
    field = st.tuples(st.sampled_from(names), rows, st.sampled_from(FORM_JUNK)) if names else st.nothing()
    ops = st.sampled_from(["score", "save", "add", "remove:0", "remove:x", "remove:99", "zzz"])

    @settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(fields=st.lists(field, max_size=len(names) + 2), op=st.none() | ops)
    def run(fields, op):
        form = MultiDict([(name.replace("__i__", row), value) for name, row, value in fields])
        if op:
            form["op"] = op
        answer = client.post(path, data=form)
        # 413: the junk took more %-escapes than any page's form may (scorer.web.forms.form_too_big);
        # 422: a save the rules refused, the page drawn again with the reasons
        allowed = (200, 302, 413, 422) if op == "save" else (200, 302, 413)
        assert answer.status_code in allowed, (answer.status_code, dict(form))

    run()


# --- the generic pages: what a game without pages of its own gets -------------------------------

@pytest.fixture
def generic_pages(app, monkeypatch):
    """Every game rendered through the generic score and check templates, as a new game
    without templates/games/<id>/ would be."""
    choose = app.jinja_env.select_template
    monkeypatch.setattr(app.jinja_env, "select_template",
                        lambda names, *args, **kwargs: choose(
                            [n for n in names if not str(n).startswith("games/")], *args, **kwargs))


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_generic_pages_serve_every_game_as_a_plain_form(client, generic_pages, game_id):
    score_path, check_path = f"/games/{game_id}/score", f"/games/{game_id}/check"
    page = client.get(score_path).get_data(as_text=True)
    assert 'id="score-form"' in page and "players.0.name" in page
    fields = browser_fields(page)
    fields["op"] = "score"
    text = text_of(client.post(score_path, data=fields))
    assert "Winner" in text or "Shared win" in text or "not possible" in text
    check_fields = browser_fields(client.get(check_path).get_data(as_text=True))
    assert "state" in check_fields and "action" in check_fields
    assert client.post(check_path, data=check_fields).status_code == 200


# --- the score pad's server side: words for players, live answers, offline files --------------

def test_violations_read_in_the_pages_numbering_and_point_at_their_field():
    from scorer.web.forms import for_players

    missing = for_players({"code": "missing-field", "rule": "State format (docs/app.md)",
                           "message": "players[0].track is required but missing", "path": "players[0].track"},
                          "Garden Dice")
    assert missing["message"] == "Player 1's track is missing" and missing["rule"] == ""
    assert missing["field"] == "players.0.track"
    ruled = for_players({"code": "x", "rule": "Garden Dice › Water a Seed", "path": "players[2].harvested.squash",
                         "message": "players[2].harvested.squash: input should be greater than or equal to 0"},
                        "Garden Dice")
    assert ruled["message"] == "Player 3's harvested squash must be 0 or more"   # not the validator's words
    assert ruled["rule"] == "Garden Dice: Water a Seed" and ruled["field"] == "players.2.harvested.squash"
    shaped = for_players({"code": "x", "rule": "Garden Dice › state format", "path": "players[0].track",
                          "message": "players[0].track: input should be less than or equal to 400"}, "Garden Dice")
    assert shaped["message"] == "Player 1's track must be 400 or less" and shaped["rule"] == ""   # no section of the rulebook


def test_a_blank_page_and_an_example_on_request(client):
    blank = client.get(SCORE).get_data(as_text=True)
    assert 'value="Ann"' not in blank and "Example game" not in blank and "data-fresh" in blank
    assert blank.count('name="players.0.name" value=""') == 1 and 'name="players.1.name" value=""' in blank
    example = client.get(SCORE + "?example=1").get_data(as_text=True)
    assert "Example game" in example and 'name="_example" value="1"' in example and "data-fresh" not in example


def test_live_totals_answer_json_in_the_players_words(client, post_live):
    scored = post_live(client, SCORE, {"players": [{"name": "Ann", "garden_bed": 4, "hand": 1, "gnomes": 0},
                                                  {"name": "Bo", "garden_bed": 2, "hand": 1, "gnomes": 0}]})
    assert scored.status_code == 200 and scored.get_json()["winners"] == ["Ann"]
    refused = post_live(client, SCORE, {"players": [{"name": "Ann", "hand": 1, "gnomes": 0},
                                                   {"name": "Bo", "garden_bed": 2, "hand": 1, "gnomes": 0}]})
    assert refused.status_code == 200   # an answer while players type, not an error
    assert refused.get_json()["violations"][0]["message"] == "Player 1's garden bed is missing"
    assert client.get("/api/results").get_json()["results"] == []   # it only computes
    # a board that cannot be checked is answered with its reasons, not refused (200)
    checked = post_live(client, CHECK, {"state": {}, "action": {}})
    assert checked.status_code == 200 and checked.get_json()["checked"] is False
    assert checked.get_json()["violations"] and "DESIGN" not in checked.get_data(as_text=True)
    assert post_live(client, CHECK, {"state": {}}).status_code == 422  # no state and action: the page's fault


def test_the_service_worker_and_manifest_cover_every_page(client, app):
    import json as json_module
    from pathlib import Path

    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    script = worker.get_data(as_text=True)
    for path in ["/", "/results", "/static/pad.js", "/static/style.css"] + [
            f"/games/{g}/{p}" for g in scorer.GAMES for p in ("score", "check")]:
        assert f'"{path}"' in script
    manifest = json_module.loads(client.get("/static/manifest.webmanifest").get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (Path(app.static_folder) / Path(icon["src"]).name).exists()
    assert 'rel="manifest"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("game_id, form, field, message", [
    ("garden-dice", {"players.0.name": "Ann", "players.1.name": "Bo", "players.1.track": "12"},
     "players.0.track", "Player 1's track is missing"),
    ("propagation", {"players.0.name": "Ann", "players.0.bonus_points": "999", "players.1.name": "Bo"},
     "players.0.bonus_points", "Ann records 999 bonus points"),
    ("garden-variety", {"players.0.name": "Ann", "players.0.garden_bed": "10", "players.0.hand": "2",
                        "players.1.name": "Bo", "players.1.garden_bed": "8", "players.1.hand": "1", "players.1.gnomes": "0"},
     "players.0.gnomes", "Player 1's gnomes"),
])
def test_a_refused_score_marks_each_field_without_javascript(client, csrf_token, game_id, form, field, message):
    """The server draws each problem beside its input and marks the input, so a page without
    JavaScript shows where to fix it; the answer's list links to that note."""
    path = f"/games/{game_id}/score"
    html = client.post(path, data=dict(form, csrf_token=csrf_token(client, path), op="save")).get_data(as_text=True)
    note_id = "problem-" + field.replace(".", "-").replace("_", "-")
    tag = re.search(rf'<(?:input|select|textarea)[^>]*name="{re.escape(field)}"[^>]*>', html)
    assert tag and 'aria-invalid="true"' in tag.group(0) and f'aria-describedby="{note_id}"' in tag.group(0)
    note = re.search(rf'</label><span class="field-error served" id="{note_id}">([^<]*)</span>',
                     html[tag.end():])
    assert note and message in note.group(1).replace("&#39;", "'")
    assert f'<a href="#{note_id}" data-field="{field}">' in html
    assert html.count('aria-invalid="true"') == html.count('class="field-error served"')


def test_no_page_carries_inline_script_handlers(client):
    """Pages keep their scripts in static files (a strict Content-Security-Policy blocks inline
    handlers), and a filter changes the list only when Show is pressed (WCAG 3.2.2)."""
    paths = ["/", "/results", "/players/", "/players/kim", "/stats/garden-variety"] + [f"/games/{g}/{p}" for g in scorer.GAMES for p in ("score", "check")]
    for path in paths:
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r"\son[a-z]+=", html), f"{path} has an inline handler"
    assert '<button type="submit">Show</button>' in client.get("/results").get_data(as_text=True)
