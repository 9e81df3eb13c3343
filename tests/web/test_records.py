"""Players' records and game statistics (scorer/store/stats.py, scorer/web/records.py): counted by the
database on SQLite and PostgreSQL, kept in step with saves, edits and deletes, names matched
case-blind, merges undoable, and the pages that show them."""
from __future__ import annotations

import html
import re
from datetime import datetime, timezone
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import scorer
from scorer.store import stats
from scorer.store.plays import PLAYS
from scorer.store.storage import MIGRATIONS, Storage
from tests.support.history_states import KIM_WINS, LEE_WINS

pytest_plugins = ["tests.support.load_fixtures"]

LOWER_CASE_REMATCH = {"players": [{**p, "name": " " + p["name"].lower()} for p in LEE_WINS["players"]]}
ANNE = {"players": [{"name": "Anne", "garden_bed": 30, "hand": 0, "gnomes": 1},
                    {"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 1}]}


def record(connection, name: str) -> dict[str, Any]:
    """A player's record, who must have one."""
    found = stats.player(connection, name)
    assert found is not None, f"no record of {name!r}"
    return found


def save(store: Storage, state: dict, game: str = "garden-variety") -> int:
    return store.save(game, state, scorer.score(game, state))["id"]


@pytest.fixture
def store(database_url):
    made = Storage(database_url)
    yield made
    made.engine.dispose()


def test_a_players_record_is_counted_case_blind_with_head_to_head_and_category_shares(store):
    save(store, KIM_WINS)
    save(store, LOWER_CASE_REMATCH)
    with stats.reading(store) as connection:
        kim = record(connection, "KIM ")
        roster = stats.roster(connection)
    assert [(p["name"], p["games"], p["wins"]) for p in roster] == [("kim", 2, 1), ("lee", 2, 1), ("max", 2, 0)]
    assert (kim["name"], kim["games"], kim["wins"]) == ("kim", 2, 1)   # the newest spelling
    assert kim["per_game"] == [{"game": "garden-variety", "games": 2, "wins": 1, "win_rate": 0.5,
                                "best": 25, "average": 19.5}]
    # Kim 25 / Lee 15 / Max 14, then Kim 14 / Lee 25 / Max 15
    assert [(o["name"], o["together"], o["ahead"], o["behind"]) for o in kim["opponents"]] == [
        ("lee", 2, 1, 1), ("max", 2, 1, 1)]
    bed, hand = kim["categories"]["garden-variety"]
    assert bed["category"] == "garden_bed" and bed["share"] == pytest.approx(36 / 39)
    assert bed["table"] == pytest.approx(102 / 108) and hand["share"] == pytest.approx(3 / 39)
    assert [(r["rank"], r["total"]) for r in kim["recent"]] == [(3, 14), (1, 25)]


def test_a_games_statistics_say_which_category_decided_each_win(store):
    save(store, KIM_WINS)
    save(store, LEE_WINS)
    # 10 each, Ben wins the tie on gnomes: his one point in hand decided it, not his bed
    save(store, {"players": [{"name": "Ann", "garden_bed": 10, "hand": 0, "gnomes": 4},
                             {"name": "Ben", "garden_bed": 9, "hand": 1, "gnomes": 5}]})
    save(store, {"players": [{"name": "Ann", "harvested": {"tomato": 4}, "bonus_points": 0},   # a shared
                             {"name": "Ben", "harvested": {"carrot": 2}, "bonus_points": 0}]}, "propagation")  # win
    with stats.reading(store) as connection:
        figures = stats.game(connection, "garden-variety")
        empty = stats.game(connection, "garden-dice")
    assert (figures["games"], figures["plays"], figures["low"], figures["high"], figures["sole_wins"]) == (3, 8, 10, 25, 3)
    assert [(c["category"], c["decided"], c["decided_share"]) for c in figures["categories"]] == [
        ("garden_bed", 2, pytest.approx(2 / 3)), ("hand", 1, pytest.approx(1 / 3))]
    with stats.reading(store) as connection:
        shared = stats.game(connection, "propagation")
    assert shared["sole_wins"] == 0 and all(c["decided"] == 0 for c in shared["categories"])
    bands = figures["distribution"]
    assert sum(b["plays"] for b in bands) == 8 and sum(b["wins"] for b in bands) == 3
    assert bands[0]["low"] == 10 and bands[-1]["high"] >= 25 and len(bands) <= stats.HISTOGRAM_BARS
    assert figures["first_player"] is None and figures["length"] is None
    assert (empty["games"], empty["distribution"], empty["categories"]) == (0, [], [])


def test_edits_and_deletes_keep_the_records_in_step(store):
    first = save(store, KIM_WINS)
    second = save(store, LEE_WINS)
    renamed = {"players": [{**KIM_WINS["players"][0], "name": "Kit"}, *KIM_WINS["players"][1:]]}
    store.update(first, state=renamed, result=scorer.score("garden-variety", renamed))
    with stats.reading(store) as connection:
        assert record(connection, "kim")["games"] == 1
        assert record(connection, "kit")["wins"] == 1
    store.delete(second)
    with stats.reading(store) as connection:
        assert stats.player(connection, "kim") is None
        assert connection.scalar(sa.select(sa.func.count()).select_from(PLAYS)) == 3


def test_a_merge_counts_one_name_as_another_and_its_undo_gives_it_back(store):
    save(store, KIM_WINS)
    save(store, ANNE)
    save(store, {"players": [{"name": "Ann", "garden_bed": 5, "hand": 0, "gnomes": 1},
                             {"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 1}]})
    with stats.reading(store, write=True) as connection:
        assert stats.merge(connection, "anne", "Ann") == "anne's games now count as Ann's."
    with stats.reading(store) as connection:
        ann = record(connection, "anne")   # a merged name leads to the player it counts as
        kim = record(connection, "kim")
        names = [p["name"] for p in stats.roster(connection)]
    assert (ann["key"], ann["name"], ann["games"], ann["wins"]) == ("ann", "Ann", 2, 1)
    assert ("Ann", 2, 1, 1) in [(o["name"], o["together"], o["ahead"], o["behind"]) for o in kim["opponents"]]
    assert "Anne" not in names and "Ann" in names
    with stats.reading(store, write=True) as connection:
        assert stats.merge(connection, "Ann", "Annie").startswith("Ann's games")   # a rename follows the merge
    with stats.reading(store) as connection:
        annie = record(connection, "annie")
        assert (annie["name"], annie["games"]) == ("Annie", 2)
    with stats.reading(store, write=True) as connection:
        assert stats.undo_merge(connection, "anne") is not None
        assert stats.undo_merge(connection, "anne") is None
    with stats.reading(store) as connection:
        assert (record(connection, "anne")["name"], record(connection, "anne")["games"]) == ("Anne", 1)
        assert record(connection, "annie")["games"] == 1
    with stats.reading(store, write=True) as connection, pytest.raises(stats.MergeRefused, match="no saved game"):
        stats.merge(connection, "Zed", "Ann")
    with stats.reading(store, write=True) as connection, pytest.raises(stats.MergeRefused, match="control character"):
        stats.merge(connection, "Ann\x00", "Ann")


def test_the_roster_is_read_in_one_statement_however_many_players(store):
    """Each player's shown name was one more query: the roster of 2,400 names took 203
    statements. Now one, with the newest spelling and a rename as before."""
    for game in range(20):
        save(store, {"players": [{"name": f"P{game * 3 + seat:02d}", "garden_bed": 5 + seat, "hand": 1,
                                  "gnomes": 0} for seat in range(3)]})
    save(store, {"players": [{"name": "p00 ", "garden_bed": 9, "hand": 1, "gnomes": 0},
                             {"name": "P01", "garden_bed": 2, "hand": 1, "gnomes": 0}]})
    with stats.reading(store, write=True) as connection:
        stats.merge(connection, "P01", "Pia")
    statements = []
    with stats.reading(store) as connection:
        sa.event.listen(connection, "before_cursor_execute", lambda *args: statements.append(args[2]))
        roster = stats.roster(connection)
    assert len(statements) == 1, statements
    assert len(roster) == 60
    assert roster[:2] == [{"key": "p00", "name": "p00", "games": 2, "wins": 1},    # the newest spelling
                          {"key": "pia", "name": "Pia", "games": 2, "wins": 0}]    # renamed
    assert {p["name"] for p in roster[2:]} == {f"P{n:02d}" for n in range(2, 60)}


def test_an_older_database_gets_its_saved_games_counted_by_the_upgrade(database_url):
    """A database at the previous release's revision (0002) with saved games: the upgrade
    unfolds them, a batch at a time, so the records count them at once."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    table = sa.table("gardenkit_results", sa.column("game"), sa.column("saved_at", sa.DateTime(timezone=True)),
                     sa.column("state", sa.JSON), sa.column("result", sa.JSON))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")
            connection.execute(table.insert(), [
                {"game": "garden-variety", "saved_at": datetime(2026, 11, 20, tzinfo=timezone.utc), "state": state,
                 "result": scorer.score("garden-variety", state)} for state in [KIM_WINS, LEE_WINS] * 300])
    finally:
        engine.dispose()
    upgraded = Storage(database_url)
    try:
        with stats.reading(upgraded) as connection:
            assert record(connection, "lee")["games"] == 600
            assert stats.game(connection, "garden-variety")["sole_wins"] == 600
    finally:
        upgraded.engine.dispose()


# --- the pages -------------------------------------------------------------------------------------

def text_of(answer) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True))).split())


def api_save(client, state, game="garden-variety") -> int:
    answer = client.post("/api/results", json={"game": game, "state": state})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def test_the_roster_player_and_game_pages_show_the_records(client):
    api_save(client, KIM_WINS)
    api_save(client, LOWER_CASE_REMATCH)
    roster = text_of(client.get("/players/"))
    assert "kim 2 1 50%" in roster and "max 2 0 0%" in roster
    player = client.get("/players/Kim")
    words = text_of(player)
    assert player.status_code == 200 and "2 games, 1 win (50%)" in words
    assert "Garden Variety 2 1 50% 25 19.5" in words and "lee 2 1 1 0" in words
    assert "Garden bed 92% 94%" in words   # the chart's table: Kim's share beside the table's
    page = client.get("/stats/garden-variety").get_data(as_text=True)
    charts = re.findall(r'<svg [^>]*role="img"[^>]*>', page)
    assert len(charts) == 2 and all("aria-label=" in c for c in charts)
    assert "Garden bed 2 100% 17.0" in text_of(client.get("/stats/garden-variety"))


def test_unknown_players_and_games_are_404_and_the_old_address_leads_to_the_roster(client):
    assert client.get("/players/nobody").status_code == 404
    assert client.get("/players/" + "x" * 300).status_code == 404
    assert client.get("/players/a%00b").status_code == 404
    assert client.get("/stats/chess").status_code == 404
    moved = client.get("/players")
    assert moved.status_code == 301 and moved.headers["Location"].endswith("/players/")


OPERATOR = "operator-token-for-records"
ANN_WITH_KIM = {"players": [{"name": "Ann", "garden_bed": 5, "hand": 0, "gnomes": 1},
                            {"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 1}]}


def test_merging_from_the_roster_needs_the_operators_token_and_can_be_undone(app_factory, csrf_token):
    client = app_factory(WTF_CSRF_ENABLED=True, ADMIN_TOKEN=OPERATOR).test_client()
    api_save(client, ANNE)
    api_save(client, ANN_WITH_KIM)
    token = csrf_token(client, "/players/")
    assert client.post("/players/merge", data={"name": "Anne", "into": "Ann", "operator_token": OPERATOR}
                       ).status_code == 400   # no CSRF token
    stranger = client.post("/players/merge", data={"name": "Anne", "into": "Mallory", "csrf_token": token})
    assert stranger.status_code == 403 and "Only the operator" in text_of(stranger)
    wrong = client.post("/players/merge", data={"name": "Anne", "into": "Ann", "csrf_token": token,
                                                "operator_token": "guess"})
    assert wrong.status_code == 403 and "Anne" in text_of(client.get("/players/"))
    operator = {"csrf_token": token, "operator_token": OPERATOR}
    merged = client.post("/players/merge", data={"name": "Anne", "into": "Ann", **operator}, follow_redirects=True)
    assert "Anne's games now count as Ann's." in text_of(merged) and "2 games, 1 win" in text_of(merged)
    assert "“Anne” counts as Ann" in text_of(client.get("/players/"))   # as the players wrote it, not its key
    refused = client.post("/players/merge", data={"name": "Zed", "into": "Ann", **operator})
    # the name as typed: the error page once lowered every letter after the first ("zed")
    assert refused.status_code == 422 and "Not merged: no saved game has a player called Zed." in text_of(refused)
    assert client.post("/players/undo", data={"alias": "anne", "csrf_token": token}).status_code == 403
    undone = client.post("/players/undo", data={"alias": "anne", **operator}, follow_redirects=True)
    assert "Anne's games count as Anne's own again" in text_of(undone)
    assert text_of(client.get("/players/anne")).count("1 game, 1 win") == 1


def test_the_roster_shows_no_merge_form_without_an_operators_token(client):
    api_save(client, ANNE)
    roster = text_of(client.get("/players/"))
    assert "Only the operator merges names" in roster and "Operator's token" not in roster
    assert client.post("/players/merge", data={"name": "Anne", "into": "Mallory"}).status_code == 403


def test_two_names_of_one_game_are_never_merged(app_factory):
    client = app_factory(ADMIN_TOKEN=OPERATOR).test_client()
    api_save(client, ANN_WITH_KIM)
    refused = client.post("/players/merge", data={"name": "Ann", "into": "Kim"},
                          headers={"Authorization": f"Bearer {OPERATOR}"})
    assert refused.status_code == 422 and "played in the same game" in text_of(refused)
    assert "Ann" in text_of(client.get("/players/ann"))


def test_every_play_downloads_in_bg_stats_layout_with_stable_ids(client):
    api_save(client, KIM_WINS)
    api_save(client, ANNE)
    answer = client.get("/players/plays.bgstats.json")
    assert answer.status_code == 200 and "attachment" in answer.headers["Content-Disposition"]
    log = answer.get_json()
    games = {g["id"]: g["name"] for g in log["games"]}
    players = {p["id"]: p["name"] for p in log["players"]}
    assert sorted(players.values()) == ["Anne", "Kim", "Lee", "Max"] and log["locations"] == []
    kim_wins = log["plays"][0]
    assert games[kim_wins["gameRefId"]] == "Garden Variety"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", kim_wins["playDate"])
    assert [(players[s["playerRefId"]], s["score"], s["winner"], s["seatOrder"]) for s in kim_wins["playerScores"]] == [
        ("Kim", "25", True, 1), ("Lee", "15", False, 2), ("Max", "14", False, 3)]
    assert kim_wins["uuid"] == client.get("/players/plays.bgstats.json").get_json()["plays"][0]["uuid"]
    assert len({p["uuid"] for p in log["plays"]}) == 2


def test_a_games_page_shows_wins_by_seat_after_the_start_player_and_the_length(client):
    for state, starter in [(KIM_WINS, "Kim"), (LEE_WINS, "Kim")]:
        answer = client.post("/api/results", json={"game": "garden-variety", "state": state, "start_player": starter,
                                                   "started_at": "2026-11-20T19:00:00Z",
                                                   "ended_at": "2026-11-20T19:30:00Z"})
        assert answer.status_code == 201
    page = text_of(client.get("/stats/garden-variety"))
    assert "the player who went first won 50% of them; an even chance was 33%" in page
    assert "went first 2 1 50" in page and "second 2 1 50" in page and "third 2 0 0" in page
    assert "Timed games Average length 2 30 min" in page
