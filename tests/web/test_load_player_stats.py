"""The players' statistics (/api/players) under a crowd (issue 28, harden13): a history of
saves with made-up names made each answer cost seconds, and 240 addresses asking at once held
every page of the server for 30 s until its workers were killed. Each worker now counts them
once per change of the saved results, in its export turn, on a thread: the answers stay those
of the database asked, and a plain page stays prompt while addresses ask flat out."""
from __future__ import annotations

import pytest
from sqlalchemy import event, select

import scorer
from bench.hostile import history_of
from scorer.store import stats
from scorer.store.plays import PLAYS
from scorer.store.storage import Storage
from tests.conftest import make_app
from tests.support.history_states import KIM_WINS, LEE_WINS
from tests.support.prod_server import ProductionServer, assert_answered_promptly
from tests.web.test_load_floods import SECONDS, page_times_during


def players(client) -> list[dict]:
    answer = client.get("/api/players")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()["players"]


def games_of(answer: list[dict]) -> dict[str, int]:
    return {player["name"]: player["games"] for player in answer}


def test_the_statistics_follow_every_save_edit_and_delete_of_their_own_database(tmp_path):
    """Kept between requests, the statistics are still counted again after each change, and
    one database's are never served for another's."""
    for folder in ("ours", "theirs"):
        (tmp_path / folder).mkdir()
    ours, theirs = make_app(tmp_path / "ours"), make_app(tmp_path / "theirs")
    try:
        store = ours.extensions["gardenkit.storage"]
        client, other = ours.test_client(), theirs.test_client()
        assert players(client) == [] and players(other) == []
        first = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
        assert games_of(players(client)) == {"Kim": 1, "Lee": 1, "Max": 1}
        renamed = {**LEE_WINS, "players": [{**LEE_WINS["players"][0], "name": "Ann"}, *LEE_WINS["players"][1:]]}
        theirs.extensions["gardenkit.storage"].save("garden-variety", renamed,
                                                    scorer.score("garden-variety", renamed))
        # the same count, highest id and versions as ours, other players
        assert games_of(players(other)) == {"Ann": 1, "Lee": 1, "Max": 1}
        second = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
        assert games_of(players(client)) == {"Kim": 2, "Lee": 2, "Max": 2}
        store.update(second["id"], state=renamed, result=scorer.score("garden-variety", renamed))
        assert games_of(players(client)) == {"Kim": 1, "Lee": 2, "Max": 2, "Ann": 1}
        store.delete(first["id"])
        assert games_of(players(client)) == {"Lee": 1, "Max": 1, "Ann": 1}
    finally:
        for app in (ours, theirs):
            app.extensions["gardenkit.storage"].engine.dispose()


pytest_plugins = ["tests.support.load_fixtures"]


def test_everyone_named_at_once_as_each_is_named_alone(database_url):
    """The BG Stats export names every player: past stats.MANY_NAMES keys they are read in two
    statements, not one a player (7.3 s at 43,000 names; 0.17 s now), with the same names:
    the newest spelling, or the one a rename gave."""
    store = Storage(database_url)
    try:
        for number in range(stats.MANY_NAMES // 3 + 5):   # three players a game, each named afresh
            state = {"players": [{**player, "name": f"{player['name']} {number}"} for player in KIM_WINS["players"]]}
            store.save("garden-variety", state, scorer.score("garden-variety", state))
        with stats.reading(store, write=True) as connection:
            keys = connection.scalars(select(PLAYS.c.player_key).distinct()).all()
            assert len(keys) > stats.MANY_NAMES
            renamed = connection.execute(select(PLAYS.c.name).where(PLAYS.c.player_key == keys[0])).scalar_one()
            stats.merge(connection, renamed, "Someone Else")   # a rename: the key "someone else"
        with stats.reading(store) as connection:
            keys = [*keys, "someone else"]
            alone = {key: stats.names_of(connection, [key])[key] for key in keys}
            assert alone["someone else"] == "Someone Else"
            statements: list[str] = []
            event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
            assert stats.names_of(connection, [*keys, "nobody saved"]) == alone
            assert len(statements) == 2, len(statements)
    finally:
        store.engine.dispose()


PLAYERS_FLOOD = """
import json, sys
from bench.floods import SCORING_SOURCES, flood
port, seconds = int(sys.argv[1]), float(sys.argv[2])
print("flooding", flush=True)
print(json.dumps(flood(port, "/api/players", b"", 40, seconds, sources=SCORING_SOURCES[:40])))
"""


@pytest.mark.slow
def test_statistics_asked_by_forty_addresses_leave_a_plain_page_answered(tmp_path):
    """40 addresses, a kept-alive connection each, asking for /api/players as fast as they are
    answered, of 2,500 saves with made-up names (some 6,500 names, a fifth of a second to
    count). Counted on the loop for every request, each answer held the worker's loop: the
    plain page waited seconds."""
    url = history_of(tmp_path / "results.db", 2500, distinct_names=True)
    with ProductionServer(url, workers=2, log_path=tmp_path / "server.log") as server:
        server.wait_for_workers(2)
        statuses, times = page_times_during(server, PLAYERS_FLOOD, str(SECONDS))
    print("players", statuses, "page", [round(t, 2) if t is not None else None for t in times])
    assert statuses.get("200", 0) > 100 and set(statuses) <= {"200", "503"}, statuses
    assert_answered_promptly(times)
