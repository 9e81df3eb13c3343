"""Revision 0007 (the CSV export's kept cells) on SQLite and PostgreSQL: a database of the
previous revision upgrades with every saved result given its categories and cells, as a save
would make them, and the export is then the release before's byte for byte; a result whose
cells cannot be kept is left to the export's JSON path; the upgrade goes back down and up."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import scorer
from scorer.store.storage import MIGRATIONS, Storage, rendered_for_csv, upgrade
from tests.support.csv_reference import csv_as_before

pytest_plugins = ["tests.support.load_fixtures"]

START = datetime(2026, 11, 20, 19, 0, tzinfo=timezone.utc)
NOTES = [None, "rain, then sun", '=HYPERLINK("x")', "two\nlines"]


def saved_before(connection: sa.Connection) -> list[dict]:
    """Results of every game as revision 0006 keeps them (600, more than one batch of the
    upgrade), the first one's second player without a breakdown."""
    results = {game: scorer.GAMES[game].score(scorer.GAMES[game].example_state) for game in scorer.GAMES}
    rows = []
    for number in range(600):
        game = list(scorer.GAMES)[number % len(scorer.GAMES)]
        result = json.loads(json.dumps(results[game]))
        if number == 0:
            del result["players"][1]["breakdown"]
        rows.append({"game": game, "saved_at": START + timedelta(minutes=number), "state": scorer.GAMES[game].example_state,
                     "result": result, "note": NOTES[number % len(NOTES)], "version": 1,
                     "updated_at": START + timedelta(days=1) if number % 3 == 0 else None})
    table = sa.Table("gardenkit_results", sa.MetaData(), autoload_with=connection)
    connection.execute(table.insert(), rows)
    return rows


@contextmanager
def moved_to(engine: sa.Engine, move: Callable[[Config, str], None], revision: str) -> Iterator[sa.Connection]:
    """A connection in the transaction that moved the database to `revision` (Alembic's
    command.upgrade or downgrade), open for more work before it commits."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        move(config, revision)
        yield connection


def test_a_database_of_the_previous_revision_gets_every_results_cells(database_url):
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with moved_to(engine, command.upgrade, "0006") as connection:
            rows = saved_before(connection)
        upgrade(engine)
        with engine.connect() as connection:
            kept = connection.execute(sa.text("select categories, csv_cells from gardenkit_results order by id")).all()
        assert [tuple(k) for k in kept] == [rendered_for_csv(row["result"], row["note"]) for row in rows]
        assert kept[0][1] is None and all(cells is not None for _, cells in kept[1:])
        store = Storage(database_url)
        try:
            assert "".join(store.csv()) == csv_as_before(store)
            assert "".join(store.csv("propagation")) == csv_as_before(store, "propagation")
        finally:
            store.engine.dispose()
        with moved_to(engine, command.downgrade, "0006") as connection:   # back to the previous release
            columns = [c["name"] for c in sa.inspect(connection).get_columns("gardenkit_results")]
            assert "csv_cells" not in columns and "categories" not in columns
            assert connection.scalar(sa.text("select count(*) from gardenkit_results")) == 600
        upgrade(engine)
    finally:
        engine.dispose()
