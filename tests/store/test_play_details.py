"""When a saved game started and ended, who started and where (revision 0006,
scorer.store.storage.play_details): kept through saves, edits, the records, backups and
the play-log export, on SQLite and PostgreSQL; a database of the previous revision upgrades
with its games intact and not recorded."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import scorer
from scorer.cli import main
from scorer.store import stats
from scorer.store.playlog import bgstats_json
from scorer.store.storage import MIGRATIONS, BadDetails, Storage, play_details, upgrade
from tests.support.history_states import KIM_WINS, LEE_WINS

pytest_plugins = ["tests.support.load_fixtures"]

START = datetime(2026, 11, 20, 19, 0, tzinfo=timezone.utc)
END = START + timedelta(minutes=42)


@pytest.fixture
def store(database_url):
    made = Storage(database_url)
    yield made
    made.engine.dispose()


def save(store: Storage, state: dict, **details) -> dict:
    return store.save("garden-variety", state, scorer.score("garden-variety", state), details=details)


def test_a_save_keeps_its_times_start_player_and_place(store):
    saved = save(store, KIM_WINS, started_at="2026-11-20T20:00:00+01:00", ended_at=END.isoformat(),
                 start_player=" lee", location="  Ann's kitchen ")
    again = store.get(saved["id"])
    assert again is not None
    assert (again["started_at"], again["ended_at"]) == ("2026-11-20T19:00:00+00:00", "2026-11-20T19:42:00+00:00")
    assert (again["start_player"], again["location"]) == ("Lee", "Ann's kitchen")
    plain = save(store, LEE_WINS)   # nothing given: it ended when it was saved, the rest not recorded
    assert plain["ended_at"] == plain["saved_at"] and plain["started_at"] is None
    assert plain["start_player"] is None and plain["location"] is None


@pytest.mark.parametrize(("details", "field", "words"), [
    ({"started_at": "yesterday"}, "started_at", "a date and time"),
    ({"started_at": "2026-11-20T19:00:00"}, "started_at", "time zone"),
    ({"started_at": END.isoformat(), "ended_at": START.isoformat()}, "started_at", "start after it ended"),
    ({"started_at": (END - timedelta(days=8)).isoformat(), "ended_at": END.isoformat()}, "started_at", "a week"),
    ({"ended_at": "2999-01-01T00:00:00Z"}, "ended_at", "between 2000 and now"),
    ({"started_at": "0001-01-01T00:00:00+14:00"}, "started_at", "between 2000 and now"),
    ({"ended_at": "9999-12-31T23:59:59-14:00"}, "ended_at", "between 2000 and now"),
    ({"start_player": "Zed"}, "start_player", "not a player of this game"),
    ({"start_player": 3}, "start_player", "name of the player"),
    ({"location": "x" * 101}, "location", "at most 100 characters"),
    ({"location": "the\nshed"}, "location", "control character"),
    ({"location": "\ud800"}, "location", "broken character"),
])
def test_what_cannot_be_kept_is_named_in_words(details, field, words):
    with pytest.raises(BadDetails) as refused:
        play_details(KIM_WINS, **details)
    assert refused.value.field == field and words in str(refused.value)


def test_edits_change_the_details_and_a_start_player_who_left_is_no_longer_recorded(store):
    saved = save(store, KIM_WINS, started_at=START, ended_at=END, start_player="Max", location="club")
    moved = store.update(saved["id"], details={"location": "", "start_player": "Kim"})
    assert moved is not None and (moved["location"], moved["start_player"]) == (None, "Kim")
    assert moved["started_at"] == START.isoformat()   # the rest as it was
    renamed = {"players": [{**KIM_WINS["players"][0], "name": "Kimberly"}, *KIM_WINS["players"][1:]]}
    edited = store.update(saved["id"], state=renamed, result=scorer.score("garden-variety", renamed))
    assert edited is not None and edited["start_player"] is None
    with pytest.raises(BadDetails):
        store.update(saved["id"], details={"ended_at": (START - timedelta(minutes=1)).isoformat()})


def test_the_statistics_count_each_seat_after_the_start_player_and_the_average_length(store):
    # Seats in the order listed: Kim, Lee, Max. Kim wins KIM_WINS, Lee wins LEE_WINS.
    save(store, KIM_WINS, started_at=START, ended_at=START + timedelta(minutes=30), start_player="Kim")
    save(store, LEE_WINS, started_at=START, ended_at=START + timedelta(minutes=50), start_player="Kim")
    save(store, LEE_WINS, start_player="Lee")
    save(store, KIM_WINS)   # no start player: not counted by seat
    with stats.reading(store) as connection:
        figures = stats.game(connection, "garden-variety")
    first = figures["first_player"]
    assert [(s["seat"], s["games"], s["wins"]) for s in first["seats"]] == [(1, 3, 2), (2, 3, 1), (3, 3, 0)]
    assert (first["games"], first["wins"]) == (3, 2) and first["even"] == pytest.approx(1 / 3)
    assert figures["length"] == {"games": 2, "average": 40 * 60}
    kim = store.list(limit=1)[0]["id"]
    store.delete(kim)
    store.delete(kim - 1)   # deleting takes them out of the counts again
    with stats.reading(store) as connection:
        figures = stats.game(connection, "garden-variety")
    assert [(s["seat"], s["games"], s["wins"]) for s in figures["first_player"]["seats"]] == [(1, 2, 1), (2, 2, 1), (3, 2, 0)]


def test_the_play_log_gives_start_length_place_and_start_player(store):
    save(store, KIM_WINS, started_at=START, ended_at=END, start_player="Lee", location="Club")
    save(store, LEE_WINS)
    log = json.loads("".join(bgstats_json(store)))
    assert [(p["id"], p["name"]) for p in log["locations"]] == [(1, "Club")]
    timed, plain = log["plays"]
    assert (timed["playDate"], timed["durationMin"], timed["locationRefId"]) == ("2026-11-20 19:00:00", 42, 1)
    assert [s["startPlayer"] for s in timed["playerScores"]] == [False, True, False]
    assert plain["durationMin"] == 0 and "locationRefId" not in plain
    assert not any(s["startPlayer"] for s in plain["playerScores"])


def test_a_backup_carries_the_details_and_an_older_file_restores_them_as_not_recorded(
        database_url, request, tmp_path, monkeypatch, capsys, store):
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    save(store, KIM_WINS, started_at=START, ended_at=END, start_player="Lee", location="Club")
    backup = tmp_path / "history.json"
    assert main(["history", "backup", str(backup)]) == 0
    written = json.loads(backup.read_text())
    assert written["version"] == 3 and written["results"][0]["location"] == "Club"
    twin = request.getfixturevalue("postgres_or_sqlite_twin")()
    monkeypatch.setenv("GARDENKIT_DATABASE_URL", twin)
    assert main(["history", "restore", str(backup)]) == 0
    restored = Storage(twin)
    try:
        again = restored.list(limit=1)[0]["id"]
        kept = restored.get(again)
        assert kept is not None and (kept["started_at"], kept["ended_at"], kept["start_player"], kept["location"]) == (
            START.isoformat(), END.isoformat(), "Lee", "Club")
        older = {**written, "version": 2, "results": [
            {k: v for k, v in written["results"][0].items() if k not in ("started_at", "ended_at", "start_player",
                                                                          "location")} | {"id": 99, "save_key": None}]}
        (tmp_path / "older.json").write_text(json.dumps(older))
        capsys.readouterr()
        assert main(["history", "restore", str(tmp_path / "older.json")]) == 0
        assert "restored 1 saved game" in capsys.readouterr().out
        old = restored.get(99)
        assert old is not None and old["started_at"] is None and old["location"] is None
        broken = {**written, "results": [{**written["results"][0], "location": "x" * 200}]}
        (tmp_path / "broken.json").write_text(json.dumps(broken))
        assert main(["history", "restore", str(tmp_path / "broken.json")]) == 1
        assert "location" in capsys.readouterr().err
    finally:
        restored.engine.dispose()


def test_a_database_of_the_previous_revision_upgrades_and_its_games_are_not_recorded(database_url):
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    result = scorer.score("garden-variety", KIM_WINS)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0005")
            table = sa.Table("gardenkit_results", sa.MetaData(), autoload_with=connection)
            connection.execute(table.insert().values(game="garden-variety", saved_at=START, state=KIM_WINS,
                                                     result=result, note="before", version=1))
        upgrade(engine)
        store = Storage(database_url)
        try:
            old = store.list(limit=1)[0]
            assert (old["note"], old["started_at"], old["ended_at"], old["start_player"], old["location"]) == (
                "before", None, None, None, None)
            # the old game can be edited, given details, and counted
            changed = store.update(old["id"], details={"start_player": "Kim", "location": "home"})
            assert changed is not None and changed["start_player"] == "Kim"
            with stats.reading(store) as connection:
                assert stats.game(connection, "garden-variety")["first_player"]["wins"] == 1
        finally:
            store.engine.dispose()
        with engine.begin() as connection:   # and back to the previous release, games intact
            config.attributes["connection"] = connection
            command.downgrade(config, "0005")
            assert connection.execute(sa.text("select note from gardenkit_results")).scalars().all() == ["before"]
        upgrade(engine)
    finally:
        engine.dispose()


# The shape of a BG Stats import file, field by field, as the two public programs that write or
# read such files have it (docs/app.md names them): ctuncan/bga_bgstats writes one from Board
# Game Arena's tables for BG Stats to import; adrianocola/bgstats-merger reads BG Stats exports
# and matches their players, places and plays by uuid and their references by id.
UUID = r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"
BGSTATS_SHAPE: dict[str, dict[str, type | str]] = {
    "games": {"id": int, "uuid": UUID, "name": str, "highestWins": bool, "noPoints": bool, "cooperative": bool,
              "usesTeams": bool, "bggId": int, "bggYear": int},
    "players": {"id": int, "uuid": UUID, "name": str, "isAnonymous": bool},
    "locations": {"id": int, "uuid": UUID, "name": str},
    "plays": {"uuid": UUID, "gameRefId": int, "playDate": r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "durationMin": int,
              "ignored": bool, "rating": int, "scoringSetting": int, "manualWinner": bool, "rounds": int,
              "usesTeams": bool, "playerScores": list},
    "playerScores": {"playerRefId": int, "score": str, "winner": bool, "rank": int, "seatOrder": int,
                     "startPlayer": bool, "newPlayer": bool},
}
OPTIONAL: dict[str, dict[str, type | str]] = {"plays": {"locationRefId": int, "comments": str}}


def shaped(kind: str, item: dict) -> None:
    expected = {**BGSTATS_SHAPE[kind], **{k: v for k, v in OPTIONAL.get(kind, {}).items() if k in item}}
    assert set(item) == set(expected), f"{kind}: {sorted(set(item) ^ set(expected))}"
    for field, kind_of in expected.items():
        value = item[field]
        if isinstance(kind_of, str):
            assert isinstance(value, str) and re.fullmatch(kind_of, value), f"{kind}.{field} = {value!r}"
        else:
            assert type(value) is kind_of, f"{kind}.{field} = {value!r}"


def test_the_play_log_has_the_bg_stats_import_shape_field_by_field(store):
    save(store, KIM_WINS, started_at=START, ended_at=END, start_player="Lee", location="Club")
    store.save("garden-variety", LEE_WINS, scorer.score("garden-variety", LEE_WINS), note="rematch")
    log = json.loads("".join(bgstats_json(store)))
    assert {"games", "players", "locations", "plays"} <= set(log)
    ids = {kind: {item["id"] for item in log[kind]} for kind in ("games", "players", "locations")}
    for kind in ("games", "players", "locations"):
        for item in log[kind]:
            shaped(kind, item)
    for play in log["plays"]:
        shaped("plays", play)
        assert play["gameRefId"] in ids["games"] and play.get("locationRefId", 1) in ids["locations"]
        for score in play["playerScores"]:
            shaped("playerScores", score)
            assert score["playerRefId"] in ids["players"]
        assert sorted(s["seatOrder"] for s in play["playerScores"]) == [1, 2, 3]
    uuids = [item["uuid"] for kind in ("games", "players", "locations", "plays") for item in log[kind]]
    assert len(uuids) == len(set(uuids))
