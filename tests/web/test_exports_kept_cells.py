"""The CSV export written from the cells each result keeps (SavedResult.csv_cells) is the same,
byte for byte, as the release before wrote it from the results' JSON (tests/support/
csv_reference.py), on SQLite and PostgreSQL: a history of every game with shared wins, names
and notes a spreadsheet would run as formulas or that hold commas, quotes and line breaks,
results edited (their note, their scores) and deleted, two results whose cells cannot be kept,
moments shared across the export's batches, the whole history and one game."""
from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

import scorer
import scorer.store.storage as storage
from scorer.store.storage import SavedResult, Storage
from tests.support.csv_reference import csv_as_before

pytest_plugins = ["tests.support.load_fixtures"]

NAMES = ["Ann", "=SUM(A1:A9)", "Ben, Jr.", 'Bo "B" Lee', "Zoë", "-3", "+Eve", "@Flo", "|pipe", ";semi", "Cy"]
NOTES = [None, "a quiet game", '=HYPERLINK("x")', "rain, then sun", 'she said "again"', "two\nlines", " -1"]
# Two players level on everything: the win is shared.
SHARED_WIN = {"players": [{"name": "Kim", "garden_bed": 10, "hand": 0, "gnomes": 4},
                          {"name": "Lee", "garden_bed": 10, "hand": 0, "gnomes": 4},
                          {"name": "Max", "garden_bed": 3, "hand": 0, "gnomes": 1}]}


def renamed(state: dict, number: int) -> dict:
    """The state with its players renamed from NAMES, wherever it names them (Propagation's
    plants name their owners)."""
    names = {p["name"]: NAMES[(number + seat) % len(NAMES)] for seat, p in enumerate(state["players"])}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            return {names.get(key, key): rename(item) for key, item in value.items()}
        if isinstance(value, list):
            return [rename(item) for item in value]
        return names.get(value, value) if isinstance(value, str) else value
    return rename(state)


def save(store: Storage, game: str, state: dict, number: int, **options) -> int:
    named = renamed(state, number)
    return store.save(game, named, scorer.score(game, named), **options)["id"]


def varied_history(store: Storage) -> dict[str, int]:
    """Saves, edits and deletes the history; the ids of the results whose cells cannot be kept."""
    ids = []
    for number in range(30):
        game = list(scorer.GAMES)[number % len(scorer.GAMES)]
        game, state = ("garden-variety", SHARED_WIN) if number % 7 == 3 else (game, scorer.GAMES[game].example_state)
        ids.append(save(store, game, state, number, note=NOTES[number % len(NOTES)]))
    store.update(ids[4], note="edited, \"twice\"\n=1+1")
    edited = renamed(SHARED_WIN, 9)
    store.update(ids[9], state=edited, result=scorer.score("garden-variety", edited))
    for gone in ids[10:13]:
        assert store.delete(gone)
    harvest = renamed(scorer.GAMES["harvest-dice"].example_state, 99)
    lost = scorer.score("harvest-dice", harvest)
    del lost["players"][1]["breakdown"]
    odd = {"no breakdown": store.save("harvest-dice", harvest, lost)["id"],
           "separator in the note": save(store, "cottage-garden", scorer.GAMES["cottage-garden"].example_state, 5,
                                         note="odd \x1f note")}
    # Results saved in the same second (and microsecond) as others: the export's batches must
    # follow each other on (saved_at, id), not on the moment alone.
    with store.engine.begin() as connection:
        same = connection.scalar(sa.select(SavedResult.saved_at).where(SavedResult.id == ids[20]))
        connection.execute(sa.update(SavedResult).where(SavedResult.id.in_(ids[14:27])).values(saved_at=same))
    return odd


@pytest.fixture
def history(database_url, monkeypatch):
    monkeypatch.setattr(storage, "EXPORT_BATCH", 4)
    store = Storage(database_url)
    try:
        yield store, varied_history(store)
    finally:
        store.engine.dispose()


def test_every_result_keeps_its_cells_but_the_two_that_cannot(history):
    store, odd = history
    with store.engine.connect() as connection:
        without = connection.scalars(sa.select(SavedResult.id).where(SavedResult.csv_cells.is_(None))).all()
    assert sorted(without) == sorted(odd.values())


@pytest.mark.parametrize("game", [None, "garden-variety", "harvest-dice", "propagation"])
def test_the_export_from_kept_cells_is_the_release_befores_byte_for_byte(history, game):
    store, _ = history
    chunks = list(store.csv(game))
    assert len(chunks) > (3 if game is None else 1)   # in batches of 4
    assert "".join(chunks) == csv_as_before(store, game)


@pytest.mark.postgres
def test_a_postgresql_database_in_another_time_zone_still_says_utc(postgres_url):
    """A PostgreSQL database whose sessions default to another zone (a server set up in
    Auckland) gives the moments back in that zone unless the app asks for UTC: the API and the
    export would then write the same moment as +13:00, unlike SQLite and every earlier export."""
    name = sa.engine.make_url(postgres_url).database
    admin = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'ALTER DATABASE "{name}" SET timezone TO \'Pacific/Auckland\''))
    admin.dispose()
    store = Storage(postgres_url)
    try:
        saved = save(store, "garden-variety", SHARED_WIN, 0)
        kept = store.get(saved)
        assert kept is not None and kept["saved_at"].endswith("+00:00")
        line = "".join(store.csv()).splitlines()[1]
        assert line.split(",")[1].endswith("+00:00"), line
    finally:
        store.engine.dispose()
