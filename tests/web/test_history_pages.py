"""The history pages through Flask's test client with CSRF on, on the app's real SQLite file:
the results list and a saved result (dates as <time> in UTC, readable without script), the
edit form (the game's own score form, filled from the saved game: re-scored, or refused at its
fields with nothing lost, and a stale edit shown beside the saved game), delete with its
confirm step, players' records."""
from __future__ import annotations

import json
import re
import sqlite3
from html.parser import HTMLParser

import pytest
from werkzeug.datastructures import MultiDict

import scorer
from tests.support.found import found
from tests.support.history_states import KIM_WINS, LEE_WINS

ISO_UTC = re.compile(r'<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00)" data-local>(\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC)</time>')


def saved(client, state=KIM_WINS, note=None) -> int:
    body = {"game": "garden-variety", "state": state, **({"note": note} if note else {})}
    answer = client.post("/api/results", json=body)
    assert answer.status_code == 201
    return answer.get_json()["id"]


def rows_in_file(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE_URL"].removeprefix("sqlite:///")) as connection:
        return connection.execute("select id, state, result, note, updated_at from gardenkit_results order by id").fetchall()


def text_of(answer) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))


def test_the_results_list_links_each_game_and_says_when_in_utc_without_script(client):
    first = saved(client, note="Rainy Sunday at Ann's")
    second = saved(client, LEE_WINS)
    page = client.get("/results")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.index(f'href="/results/{second}"') < html.index(f'href="/results/{first}"')
    stamps = ISO_UTC.findall(html)
    assert len(stamps) == 2
    stored = client.get(f"/api/results/{first}").get_json()["saved_at"]
    assert stamps[1][0] == stored
    assert "Rainy Sunday at Ann&#39;s" in html
    assert 'href="/api/results.csv"' in html and 'href="/players/"' in html
    assert 'src="/static/history.js"' in html


def test_a_saved_result_shows_note_picture_edit_and_delete(client):
    result_id = saved(client, note="<b>bold</b> claim")
    html = client.get(f"/results/{result_id}").get_data(as_text=True)
    assert "Winner: <strong>Kim</strong>" in html
    assert "&lt;b&gt;bold&lt;/b&gt; claim" in html and "<b>bold</b>" not in html
    assert f'src="/results/{result_id}.svg"' in html and 'alt="Garden Variety end screen: 1. Kim 25' in html
    assert f'href="/results/{result_id}/edit"' in html and f'href="/results/{result_id}/delete"' in html
    assert len(ISO_UTC.findall(html)) == 2   # saved, and ended (a save through the API ends the game then)
    assert client.get("/results/999").status_code == 404


def edit_token(client, result_id: int) -> str:
    html = client.get(f"/results/{result_id}/edit").get_data(as_text=True)
    return found(r'name="csrf_token" value="([^"]+)"', html)


class FormReader(HTMLParser):
    """What a browser sends for the score form as drawn: every named input, select and
    textarea with its value (the player template's fields left out, as the browser does)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.textarea: str | None = None
        self.in_template = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "template":
            self.in_template += 1
        if self.in_template:
            return
        if tag == "option" and self.select and "selected" in a:
            self.fields.append((self.select, a["value"]))
        if "name" not in a:
            return
        if tag == "input" and a.get("type") not in ("submit", "button", "checkbox", "radio"):
            self.fields.append((a["name"], a.get("value") or ""))
        elif tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" in a:
            self.fields.append((a["name"], a.get("value") or "on"))
        elif tag == "select":
            self.select = a["name"]
        elif tag == "textarea":
            self.textarea = a["name"]
            self.fields.append((a["name"], ""))

    def handle_endtag(self, tag):
        if tag == "template":
            self.in_template -= 1
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea and not self.in_template:
            name, text = self.fields[-1]
            self.fields[-1] = (name, text + data)


def form_fields(html: str) -> MultiDict:
    form = html[html.index('class="score-form'):html.index("</form>")]
    reader = FormReader()
    reader.feed("<form " + form)
    return MultiDict(reader.fields)


def edit_form(client, result_id: int) -> tuple[str, MultiDict]:
    html = client.get(f"/results/{result_id}/edit").get_data(as_text=True)
    return html, form_fields(html)


def post_edit(client, result_id: int, fields: MultiDict, op: str = "save"):
    sent = MultiDict(fields)
    sent["op"] = op
    return client.post(f"/results/{result_id}/edit", data=sent)


def test_the_edit_page_is_the_score_form_filled_from_the_saved_game(client):
    result_id = saved(client, note="old note")
    html, fields = edit_form(client, result_id)
    assert 'class="score-form gv-score"' in html and "data-pad-edit" in html and "Editing a saved game" in html
    assert [fields[f"players.{i}.name"] for i in range(3)] == ["Kim", "Lee", "Max"]
    assert (fields["players.0.garden_bed"], fields["players.0.hand"], fields["players.0.gnomes"]) == ("24", "1", "3")
    assert fields["note"] == "old note" and 'maxlength="500"' in html
    # never the score page's save key, never JSON to type
    assert "save_key" not in fields and "_state_json" not in fields and 'id="state"' not in html
    assert "Save changes" in html and "Winner: <strong>Kim</strong>" in html


def test_an_edit_through_the_form_is_scored_again_and_stored(client):
    result_id = saved(client, note="old note")
    _, fields = edit_form(client, result_id)
    for i, player in enumerate(LEE_WINS["players"]):
        for key in ("garden_bed", "hand", "gnomes"):
            fields[f"players.{i}.{key}"] = str(player[key])
    fields["note"] = "Lee's comeback"
    answer = post_edit(client, result_id, fields)
    assert answer.status_code == 302 and answer.headers["Location"] == f"/results/{result_id}"
    page = client.get(answer.headers["Location"])
    assert "Winner: Lee" in text_of(page) and "Lee&#39;s comeback" in page.get_data(as_text=True)
    assert "Saved your changes: Lee won." in text_of(page) and "Edited" in text_of(page)
    record = client.get(f"/api/results/{result_id}").get_json()
    assert record["state"] == LEE_WINS and record["note"] == "Lee's comeback"
    assert record["result"] == scorer.score("garden-variety", LEE_WINS)


@pytest.mark.parametrize("game_id", sorted(scorer.GAMES))
def test_every_game_comes_back_unchanged_through_its_edit_form(client, game_id):
    """The form drawn from a saved game sends that game back: nothing is lost or changed by
    opening an edit and saving it."""
    game = scorer.GAMES[game_id]
    answer = client.post("/api/results", json={"game": game_id, "state": game.example_state})
    result_id = answer.get_json()["id"]
    before = client.get(f"/api/results/{result_id}").get_json()
    _, fields = edit_form(client, result_id)
    assert post_edit(client, result_id, fields).status_code == 302
    after = client.get(f"/api/results/{result_id}").get_json()
    # (bonus boards come back as the points they paid, as the score page records them)
    assert (after["result"]["players"], after["result"]["winners"]) == (before["result"]["players"],
                                                                         before["result"]["winners"])
    assert after["updated_at"] is not None


@pytest.mark.parametrize("change, field, says", [
    ({"players.0.hand": "6"}, "players.0.hand", "hand"),
    ({"note": "x" * 501}, "note", "at most 500 characters"),
])
def test_a_refused_edit_keeps_what_was_typed_and_changes_nothing(app, client, change, field, says):
    result_id = saved(client, note="keep me")
    before = rows_in_file(app)
    _, fields = edit_form(client, result_id)
    for name, value in change.items():
        fields[name] = value
    answer = post_edit(client, result_id, fields)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert says in text_of(answer)
    marked = found(rf'<(input|textarea)[^>]*name="{re.escape(field)}"[^>]*>', html, 0)
    assert 'aria-invalid="true"' in marked
    assert form_fields(html)[field] == change[field]   # what was typed is still there
    shown = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    assert "players[" not in shown and "column" not in shown   # players' words, no parser
    assert rows_in_file(app) == before


def test_a_stale_edit_shows_both_versions_and_overwrites_only_when_asked(app, client):
    result_id = saved(client, note="first")
    _, mine = edit_form(client, result_id)
    # meanwhile someone else changes the game
    version = client.get(f"/api/results/{result_id}").get_json()["version"]
    assert client.patch(f"/api/results/{result_id}",
                        json={"state": LEE_WINS, "note": "theirs", "version": version}).status_code == 200
    mine["players.0.name"] = "Kit"
    before = rows_in_file(app)
    answer = post_edit(client, result_id, mine)
    assert answer.status_code == 409
    words = text_of(answer)
    assert "Someone changed this game while you edited it; here are both" in words
    assert "Lee 25" in words and "winner: Lee" in words and "theirs" in words   # theirs, as saved now
    assert "Kit 25" in words                                                        # and mine
    assert rows_in_file(app) == before
    again = form_fields(answer.get_data(as_text=True))
    assert again["players.0.name"] == "Kit"
    assert post_edit(client, result_id, again).status_code == 302   # pressed again: mine replaces theirs
    assert client.get(f"/api/results/{result_id}").get_json()["result"]["winners"] == ["Kit"]


def test_the_edit_forms_live_totals_answer_in_words_and_save_nothing(app, client, post_live):
    result_id = saved(client)
    before = rows_in_file(app)
    answer = post_live(client, f"/results/{result_id}/edit", LEE_WINS)
    assert answer.status_code == 200 and answer.get_json()["winners"] == ["Lee"]
    refused = post_live(client, f"/results/{result_id}/edit", {"players": [{"name": "Kim"}]})
    # a game not possible yet is an answer while players type, as on the score page: 200 with its violations
    assert refused.status_code == 200 and refused.get_json()["violations"]
    assert "players[" not in json.dumps(refused.get_json())
    assert rows_in_file(app) == before


def test_an_expired_edit_form_keeps_every_entry_and_saves_nothing(app, client):
    result_id = saved(client)
    _, fields = edit_form(client, result_id)
    fields["csrf_token"] = "expired"
    fields["players.1.name"] = "Lou"
    before = rows_in_file(app)
    answer = post_edit(client, result_id, fields)
    assert answer.status_code == 400 and "nothing was scored or saved" in text_of(answer)
    assert form_fields(answer.get_data(as_text=True))["players.1.name"] == "Lou"
    assert rows_in_file(app) == before


def test_delete_asks_first_then_deletes(app, client):
    kept, gone = saved(client), saved(client, LEE_WINS)
    confirm = client.get(f"/results/{gone}/delete")
    assert confirm.status_code == 200
    assert "Delete this result?" in text_of(confirm) and "won by Lee" in text_of(confirm)
    assert len(rows_in_file(app)) == 2   # asking deletes nothing
    token = found(r'name="csrf_token" value="([^"]+)"', confirm.get_data(as_text=True))
    answer = client.post(f"/results/{gone}/delete", data={"csrf_token": token})
    assert answer.status_code == 302 and answer.headers["Location"] == "/results"
    assert "Deleted the Garden Variety game" in text_of(client.get("/results"))
    assert [row[0] for row in rows_in_file(app)] == [kept]
    assert client.get(f"/results/{gone}/delete").status_code == 404
    assert client.post(f"/results/{gone}/delete", data={"csrf_token": token}).status_code == 404


def test_edit_and_delete_forms_need_their_csrf_token(app, client):
    result_id = saved(client)
    before = rows_in_file(app)
    assert client.post(f"/results/{result_id}/delete", data={"csrf_token": "forged"}).status_code == 400
    assert client.post(f"/results/{result_id}/edit", data={"players.0.name": "Kit", "op": "save"}).status_code == 400
    assert rows_in_file(app) == before


def test_unknown_results_are_404_pages(client):
    for address in ("/results/999/edit", "/results/999/delete", f"/results/{10**30}/edit", "/results/999.svg"):
        answer = client.get(address)
        assert answer.status_code == 404 and "Not found" in text_of(answer)


def test_players_records_page(client):
    saved(client)
    saved(client, {"players": [{**p, "name": " " + p["name"].lower()} for p in LEE_WINS["players"]]})
    page = client.get("/players/")
    assert page.status_code == 200
    words = text_of(page)
    # the newest spelling names the player: games, wins, win rate
    assert "kim 2 1 50%" in words and "lee 2 1 50%" in words and "max 2 0 0%" in words
    assert "Garden Variety 2 1 50% 25 19.5" in text_of(client.get("/players/KIM"))


BEN_WINS_THE_TIE = {"players": [{"name": "Ann", "garden_bed": 10, "hand": 0, "gnomes": 4},
                                {"name": "Ben", "garden_bed": 9, "hand": 1, "gnomes": 5}]}


def test_a_tie_games_page_and_picture_say_how_it_was_broken(client):
    result_id = saved(client, BEN_WINS_THE_TIE)
    page = client.get(f"/results/{result_id}").get_data(as_text=True)
    said = "Ben wins the tie: 5 gnomes (hand included) to 4."
    assert f'<small class="tiebreak-note">{said}</small>' in page
    svg = client.get(f"/results/{result_id}.svg").get_data(as_text=True)
    assert said in svg and 'id="played-at"' in svg
    height = found(r'<svg[^>]* height="(\d+)"', svg)
    assert f'height="{height}"' in found(r'<img class="picture"[^>]*>', page, 0)


def test_a_game_saved_before_the_tie_break_words_gets_them_from_its_rules(app, client):
    result_id = saved(client, BEN_WINS_THE_TIE)
    with sqlite3.connect(app.config["DATABASE_URL"].removeprefix("sqlite:///")) as connection:
        (stored,) = connection.execute("select result from gardenkit_results where id = ?", (result_id,)).fetchone()
        older = {key: value for key, value in json.loads(stored).items() if key != "tie_break"}
        connection.execute("update gardenkit_results set result = ? where id = ?", (json.dumps(older), result_id))
    assert "tie_break" not in client.get(f"/api/results/{result_id}").get_json()["result"]
    assert "Ben wins the tie: 5 gnomes (hand included) to 4." in client.get(f"/results/{result_id}.svg").get_data(as_text=True)
    assert "Ben wins the tie: 5 gnomes (hand included) to 4." in text_of(client.get(f"/results/{result_id}"))


def test_the_edit_form_is_held_to_the_score_forms_limits(app, client):
    result_id = saved(client)
    before = rows_in_file(app)
    token = edit_token(client, result_id)
    crowded = client.post(f"/results/{result_id}/edit", data="&".join(f"players.{i}.name=x" for i in range(2000))
                          + f"&csrf_token={token}&op=save", content_type="application/x-www-form-urlencoded")
    assert crowded.status_code == 413 and "more than 600 fields" in text_of(crowded)
    long_name = client.post(f"/results/{result_id}/edit", data={"csrf_token": token, "op": "save",
                                                                "players.0.name": "x" * 20_000})
    assert long_name.status_code == 413
    assert rows_in_file(app) == before


# --- when a game started and ended, who started, where; rematch -----------------------------------

GV_SCORE = "/games/garden-variety/score"


def score_form(client, path: str = GV_SCORE) -> MultiDict:
    return form_fields(client.get(path).get_data(as_text=True))


def put(fields: MultiDict, values: dict) -> None:
    """Set fields as a browser sends them: one value each (MultiDict.update would add)."""
    for name, value in values.items():
        fields[name] = value


def typed(fields: MultiDict, state: dict = KIM_WINS) -> MultiDict:
    for i, player in enumerate(state["players"]):
        for key, value in player.items():
            fields[f"players.{i}.{key}"] = str(value)
    return fields


def test_the_score_page_saves_when_the_game_started_who_started_and_where(client):
    fields = typed(score_form(client))
    assert fields["_started_at"] == "" and fields["_start_seat"] == "0" and fields["_location"] == ""
    # a page without its script: the first post (Score) starts the game's clock
    scored = client.post(GV_SCORE, data={**fields.to_dict(), "op": "score"})
    started = form_fields(scored.get_data(as_text=True))["_started_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", started)
    put(fields, {"_started_at": started, "_start_seat": "1", "_location": " The club ", "op": "save"})
    answer = client.post(GV_SCORE, data=fields)
    assert answer.status_code == 302
    record = client.get("/api/results/" + answer.headers["Location"].rsplit("/", 1)[1]).get_json()
    assert (record["started_at"], record["start_player"], record["location"]) == (started, "Lee", "The club")
    assert record["ended_at"] >= started


def test_a_place_that_cannot_be_kept_is_said_at_its_field_and_nothing_is_saved(client):
    fields = typed(score_form(client))
    put(fields, {"_location": "x" * 101, "op": "save"})
    answer = client.post(GV_SCORE, data=fields)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "Not saved: a place is at most 100 characters" in html
    assert re.search(r'name="_location"[^>]*aria-invalid="true"', html)
    assert client.get("/api/results").get_json()["results"] == []
    # a device clock far ahead never loses the game: its start is left out
    put(fields, {"_location": "", "_started_at": "2999-01-01T00:00:00Z"})
    saved_anyway = client.post(GV_SCORE, data=fields)
    assert saved_anyway.status_code == 302
    assert client.get("/api/results").get_json()["results"][0]["started_at"] is None


def test_a_saved_game_shows_its_times_who_started_and_where_or_says_not_recorded(client):
    timed = client.post("/api/results", json={
        "game": "garden-variety", "state": KIM_WINS, "started_at": "2026-11-20T19:00:00Z",
        "ended_at": "2026-11-20T20:05:00Z", "start_player": "max", "location": "Ann's kitchen"}).get_json()["id"]
    page = text_of(client.get(f"/results/{timed}"))
    assert "Started 20 Nov 2026, 19:00 UTC Ended 20 Nov 2026, 20:05 UTC Length 1 h 05 min" in page
    assert "Who started Max Where Ann&#39;s kitchen" in page or "Who started Max Where Ann's kitchen" in page
    old = saved(client)
    with sqlite3.connect(client.application.config["DATABASE_URL"].removeprefix("sqlite:///")) as connection:
        connection.execute("update gardenkit_results set ended_at = null where id = ?", (old,))  # as a game of the previous release
    page = text_of(client.get(f"/results/{old}"))
    assert ("Started not recorded Ended not recorded Length not recorded Who started not recorded "
            "Where not recorded") in page


def test_rematch_opens_the_score_page_with_the_same_players_the_next_one_starting(client):
    recorded = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS,
                                                 "start_player": "Lee", "location": "club"}).get_json()["id"]
    html = client.get(f"/results/{recorded}").get_data(as_text=True)
    assert f'href="/games/garden-variety/score?rematch={recorded}"' in html
    rematch = client.get(f"/games/garden-variety/score?rematch={recorded}")
    fields = form_fields(rematch.get_data(as_text=True))
    assert [fields[f"players.{i}.name"] for i in range(3)] == ["Max", "Kim", "Lee"]   # Lee started: Max now
    assert "so Max starts" in text_of(rematch) and "data-fresh" not in rematch.get_data(as_text=True)
    # nothing else comes over: no scores, no place, no start time
    assert fields["players.0.garden_bed"] == "" and fields["_location"] == "" and fields["_started_at"] == ""
    not_recorded = saved(client, LEE_WINS)   # no start player: the first listed started, so the second starts now
    fields = form_fields(client.get(f"/games/garden-variety/score?rematch={not_recorded}").get_data(as_text=True))
    assert [fields[f"players.{i}.name"] for i in range(3)] == ["Lee", "Max", "Kim"]
    assert client.get(f"/games/garden-dice/score?rematch={recorded}").status_code == 404   # another game's
    assert client.get("/games/garden-variety/score?rematch=999").status_code == 404
    assert client.get("/games/garden-variety/score?rematch=x").status_code == 404


def test_the_edit_page_corrects_the_times_who_started_and_where_in_utc(client):
    result_id = client.post("/api/results", json={
        "game": "garden-variety", "state": KIM_WINS, "started_at": "2026-11-20T19:00:30Z",
        "ended_at": "2026-11-20T19:40:00Z", "start_player": "Kim"}).get_json()["id"]
    _, fields = edit_form(client, result_id)
    assert (fields["_started_at"], fields["_ended_at"], fields["_start_seat"]) == ("2026-11-20T19:00", "2026-11-20T19:40", "0")
    assert post_edit(client, result_id, fields).status_code == 302
    assert client.get(f"/api/results/{result_id}").get_json()["started_at"] == "2026-11-20T19:00:30+00:00"  # kept as it was
    _, fields = edit_form(client, result_id)   # at its next version
    put(fields, {"_ended_at": "2026-11-20T20:10", "_start_seat": "2", "_location": "the shed"})
    assert post_edit(client, result_id, fields).status_code == 302
    record = client.get(f"/api/results/{result_id}").get_json()
    assert (record["ended_at"], record["start_player"], record["location"]) == ("2026-11-20T20:10:00+00:00", "Max", "the shed")
    _, fields = edit_form(client, result_id)
    fields["_ended_at"] = "2026-11-20T18:00"
    refused = post_edit(client, result_id, fields)
    assert refused.status_code == 422 and "a game cannot start after it ended" in text_of(refused)
    assert re.search(r'name="_started_at"[^>]*aria-invalid="true"', refused.get_data(as_text=True))
    put(fields, {"_ended_at": "", "_start_seat": ""})   # "not recorded" is a choice too
    assert post_edit(client, result_id, fields).status_code == 302
    record = client.get(f"/api/results/{result_id}").get_json()
    assert record["ended_at"] is None and record["start_player"] is None


def test_a_game_logged_later_is_listed_and_headed_by_when_it_was_played(client):
    """A game typed in a week after it was played is shown by the day it was played: on the
    Results list, on its own page, and on the rematch it opens. A game with no recorded start
    keeps its save time."""
    played = client.post("/api/results", json={"game": "garden-variety", "state": KIM_WINS,
                                                "started_at": "2026-09-04T19:30:00Z"}).get_json()["id"]
    unknown = saved(client, LEE_WINS)
    # its end is not the day it was typed in: a length of weeks would count in the statistics
    assert client.get(f"/api/results/{played}").get_json()["ended_at"] is None
    listed = text_of(client.get("/results"))
    assert "4 Sep 2026, 19:30 UTC" in listed
    assert listed.count("UTC") == 2 and "played 4 Sep" not in listed
    page = text_of(client.get(f"/results/{played}"))
    assert "Garden Variety played 4 Sep 2026, 19:30 UTC" in page
    assert "Garden Variety saved" in text_of(client.get(f"/results/{unknown}"))
    rematch = text_of(client.get(f"/games/garden-variety/score?rematch={played}"))
    assert "Rematch of the game played 4 Sep 2026, 19:30 UTC" in rematch
