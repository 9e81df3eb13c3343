"""`gardenkit history backup FILE` and `restore FILE` (scorer/store/backup.py) on SQLite and
PostgreSQL: a backup restored into an empty database gives back every saved game (ids, notes,
times, merges) and the players' records; restoring again adds nothing and changes nothing; a
file that is not a gardenkit history, or is broken, is refused in words and changes nothing."""
from __future__ import annotations

import json
import os

import pytest

import scorer
from scorer.cli import main
from scorer.store import stats
from scorer.store.storage import KeyOfDeletedResult, Storage
from tests.support.history_states import KIM_WINS, LEE_WINS

pytest_plugins = ["tests.support.load_fixtures"]


def history_of(url: str) -> tuple[list, dict | None]:
    store = Storage(url)
    try:
        saved = [store.get(r["id"]) for r in store.list(limit=1000)]
        with stats.reading(store) as connection:
            return saved, stats.player(connection, "ann")
    finally:
        store.engine.dispose()


def test_a_backup_restores_every_saved_game_and_restoring_again_adds_nothing(
        database_url, request, tmp_path, monkeypatch, capsys):
    second_database = request.getfixturevalue("postgres_or_sqlite_twin")()
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    store = Storage(database_url)
    for state, note in [(KIM_WINS, "Sunday"), (LEE_WINS, None)]:
        store.save("garden-variety", state, scorer.score("garden-variety", state), note=note, key=f"backup-test-key-{note}")
    anne = {"players": [{"name": "Anne", "garden_bed": 9, "hand": 0, "gnomes": 1},
                        {"name": "Kim", "garden_bed": 5, "hand": 0, "gnomes": 1}]}
    deleted = store.save("garden-variety", anne, scorer.score("garden-variety", anne))["id"]
    store.delete(deleted)   # a gap in the ids, kept by the restore
    store.save("garden-variety", anne, scorer.score("garden-variety", anne))
    with stats.reading(store, write=True) as connection:
        stats.merge(connection, "Anne", "Ann")
    store.engine.dispose()
    backup = tmp_path / "history.json"
    assert main(["history", "backup", str(backup)]) == 0
    assert f"backed up 3 saved games to {backup}" in capsys.readouterr().out

    monkeypatch.setenv("GARDENKIT_DATABASE_URL", second_database)
    assert main(["history", "restore", str(backup)]) == 0
    assert "restored 3 saved games" in capsys.readouterr().out
    assert history_of(second_database) == history_of(database_url)
    ann = history_of(second_database)[1]
    assert ann is not None and ann["games"] == 1   # Anne's game counts as Ann's
    assert main(["history", "restore", str(backup)]) == 0
    said = capsys.readouterr().out
    assert "restored 0 saved games" in said and "(3 already there or deleted here, left as they were)" in said
    assert history_of(second_database) == history_of(database_url)
    again = Storage(second_database)
    try:   # the next save gets an id of its own after ids restored as they were
        fresh = again.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
        assert fresh["id"] > max(r["id"] for r in history_of(database_url)[0])
    finally:
        again.engine.dispose()


@pytest.mark.parametrize("content, words", [
    ('{"players": []}', "is not a gardenkit history backup"),
    ('{"format": "gardenkit-history", "version": 1, "results": [', "is not JSON (line 1"),
    ('{"format": "gardenkit-history", "version": 9, "results": [], "aliases": []}', "version 9 backup"),
    ('{"format": "gardenkit-history", "version": 1, "aliases": [], "results": [{"id": 1, "game": "chess"}]}',
     "result 1 does not have exactly the fields"),
])
def test_a_foreign_or_broken_file_is_refused_in_words_and_changes_nothing(
        database_url, tmp_path, monkeypatch, capsys, content, words):
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    store = Storage(database_url)
    store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
    store.engine.dispose()
    before = history_of(database_url)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["history", "restore", str(bad)]) == 1
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error
    assert history_of(database_url) == before


def test_a_restore_never_gives_a_deleted_games_id_or_save_back(database_url, request, tmp_path, monkeypatch, capsys):
    """Restoring an older backup into the database it came from: a game deleted since with a
    save key stays deleted, one without comes back under a new id (its old link still shows
    no game), and the deleted save keys travel to another server, where a phone's late retry
    of that save is refused too."""
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    store = Storage(database_url)
    keyed = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS), key="kept-key-00000001")
    unkeyed = store.save("garden-variety", LEE_WINS, scorer.score("garden-variety", LEE_WINS))
    gone = store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS), key="gone-key-00000001")
    backup = tmp_path / "history.json"
    assert main(["history", "backup", str(backup)]) == 0
    store.delete(unkeyed["id"])
    store.delete(gone["id"])
    assert main(["history", "restore", str(backup)]) == 0
    assert "restored 1 saved game from" in capsys.readouterr().out
    ids = [r["id"] for r in store.list(limit=10)]
    assert unkeyed["id"] not in ids and gone["id"] not in ids and keyed["id"] in ids
    assert max(ids) > gone["id"]   # the unkeyed game, back under an id never given before
    assert main(["history", "backup", str(backup)]) == 0
    store.engine.dispose()

    monkeypatch.setenv("GARDENKIT_DATABASE_URL", request.getfixturevalue("postgres_or_sqlite_twin")())
    assert main(["history", "restore", str(backup)]) == 0
    twin = Storage(os.environ["GARDENKIT_DATABASE_URL"])
    try:
        with pytest.raises(KeyOfDeletedResult):
            twin.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS), key="gone-key-00000001")
    finally:
        twin.engine.dispose()


def test_a_first_version_backup_still_restores(database_url, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    old = {"format": "gardenkit-history", "version": 1, "aliases": [], "results": [
        {"id": 7, "game": "garden-variety", "saved_at": "2026-05-01T18:00:00+00:00", "updated_at": None,
         "note": "from the first release", "save_key": None, "owner_key_hash": None,
         "state": KIM_WINS, "result": scorer.score("garden-variety", KIM_WINS)}]}
    file = tmp_path / "old.json"
    file.write_text(json.dumps(old))
    assert main(["history", "restore", str(file)]) == 0
    assert "restored 1 saved game from" in capsys.readouterr().out
    store = Storage(database_url)
    try:
        restored = store.get(7)
        assert restored is not None and restored["note"] == "from the first release"
    finally:
        store.engine.dispose()


def test_a_restore_keeps_to_the_rules_a_save_keeps_to(database_url, tmp_path, monkeypatch, capsys):
    """A backup is read as a save is: each state scored by the game's rules (a result the file
    claims, here a stranger winning with 999, is replaced by the state's own), and a state the
    rules refuse (a name that reorders the text round it) refuses the file, in words."""
    monkeypatch.setenv("GARDENKIT_INSTANCE_PATH", str(tmp_path / "instance"))
    store = Storage(database_url)
    store.save("garden-variety", KIM_WINS, scorer.score("garden-variety", KIM_WINS))
    store.engine.dispose()
    backup = tmp_path / "history.json"
    assert main(["history", "backup", str(backup)]) == 0
    document = json.loads(backup.read_text())
    honest = document["results"][0]["result"]
    forged = {**honest, "players": [{"name": "Mallory", "total": 999, "rank": 1}], "winners": ["Mallory"]}
    document["results"][0].update(id=99, save_key=None, saved_at="2026-01-02T03:04:05+00:00", result=forged)
    backup.write_text(json.dumps(document))
    assert main(["history", "restore", str(backup)]) == 0
    restored = Storage(database_url)
    try:
        saved = restored.get(99)
        assert saved is not None and saved["result"] == honest
    finally:
        restored.engine.dispose()

    state = json.loads(json.dumps(KIM_WINS))
    state["players"][0]["name"] = "\u202eevil"
    document["results"][0].update(id=100, saved_at="2026-01-03T03:04:05+00:00", state=state, result=honest)
    backup.write_text(json.dumps(document))
    before = history_of(database_url)
    assert main(["history", "restore", str(backup)]) == 1
    error = capsys.readouterr().err
    assert "result 1 has a state the rules refuse" in error and "Traceback" not in error
    assert history_of(database_url) == before
