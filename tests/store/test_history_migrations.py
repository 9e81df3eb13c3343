"""The results database's Alembic migrations (scorer/store/migrations) on a SQLite file and on a real
PostgreSQL server (tests/support/pg.py): a new database starts at the newest revision, whose schema
is the model's; revision 0001 is exactly the table the first release made; a database made
by the first release upgrades with every saved result intact; workers starting together on
a new or an old database upgrade it once, quietly.
"""
from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext

import scorer
from scorer.store.storage import MIGRATIONS, Base, Storage, newest_revision, upgrade
from tests.support.processes import preloaded

pytest_plugins = ["tests.support.load_fixtures"]

HEAD = "0007"

# The table exactly as the first release (commit bc270d7) declared it and created it with
# create_all, frozen here: that release kept no revision record.
FIRST_RELEASE = sa.MetaData()
sa.Table("gardenkit_results", FIRST_RELEASE,
         sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
         sa.Column("game", sa.String(40), index=True, nullable=False),
         sa.Column("saved_at", sa.DateTime(timezone=True), index=True, nullable=False),
         sa.Column("state", sa.JSON, nullable=False),
         sa.Column("result", sa.JSON, nullable=False))

GV_STATE = {"players": [{"name": "Kim", "garden_bed": 24, "hand": 1, "gnomes": 3},
                        {"name": "Lee", "garden_bed": 15, "hand": 0, "gnomes": 2},
                        {"name": "Max", "garden_bed": 12, "hand": 2, "gnomes": 1}]}
CG_STATE = {"players": [{"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
                        {"name": "Ben", "orange": [12, 5, 0], "blue": [10, 4, 4], "beehives": 1}]}


def engine_for(url: str) -> sa.Engine:
    return sa.create_engine(url, poolclass=sa.pool.NullPool)


def revision_of(url: str) -> str | None:
    engine = engine_for(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def schema_of(url: str) -> dict:
    """What a database says about the results table: columns (name, type, nullable), the
    primary key and the indexes."""
    engine = engine_for(url)
    try:
        inspector = sa.inspect(engine)
        columns = [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns("gardenkit_results")]
        indexes = sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                         for i in inspector.get_indexes("gardenkit_results"))
        return {"columns": columns, "indexes": indexes,
                "primary key": inspector.get_pk_constraint("gardenkit_results")["constrained_columns"]}
    finally:
        engine.dispose()


def make_first_release_database(url: str) -> list[dict]:
    """A database as the first release left it, with two saved games; their rows."""
    engine = engine_for(url)
    table = FIRST_RELEASE.tables["gardenkit_results"]
    rows = [{"game": "garden-variety", "saved_at": datetime(2026, 11, 20, 19, 5, tzinfo=timezone.utc),
             "state": GV_STATE, "result": scorer.score("garden-variety", GV_STATE)},
            {"game": "cottage-garden", "saved_at": datetime(2026, 11, 21, 20, 30, tzinfo=timezone.utc),
             "state": CG_STATE, "result": scorer.score("cottage-garden", CG_STATE)}]
    try:
        FIRST_RELEASE.create_all(engine)
        with engine.begin() as connection:
            connection.execute(table.insert(), rows)
            saved = connection.execute(sa.select(table).order_by(table.c.id)).mappings().all()
    finally:
        engine.dispose()
    return [dict(row) for row in saved]


def test_a_new_database_starts_at_the_newest_revision_with_the_models_schema(database_url):
    store = Storage(database_url)
    try:
        assert revision_of(database_url) == HEAD
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        store.engine.dispose()


def test_revision_0001_is_exactly_the_first_releases_table(database_url, tmp_path, postgres_or_sqlite_twin):
    """0001 on one empty database, the first release's create_all on another of the same kind."""
    engine = engine_for(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
    finally:
        engine.dispose()
    twin = postgres_or_sqlite_twin()
    twin_engine = engine_for(twin)
    try:
        FIRST_RELEASE.create_all(twin_engine)
    finally:
        twin_engine.dispose()
    assert schema_of(database_url) == schema_of(twin)


def test_a_first_release_database_upgrades_with_every_result_intact(database_url, tmp_path):
    before = make_first_release_database(database_url)
    app = scorer.create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                             "DATABASE_URL": database_url, "ADMIN_TOKEN": "operator"})
    client = app.test_client()
    try:
        assert revision_of(database_url) == HEAD
        for row in before:
            record = client.get(f"/api/results/{row['id']}").get_json()
            assert record["game"] == row["game"] and record["state"] == row["state"]
            assert record["result"] == row["result"]
            stored = row["saved_at"] if row["saved_at"].tzinfo else row["saved_at"].replace(tzinfo=timezone.utc)
            assert datetime.fromisoformat(record["saved_at"]) == stored
            assert record["note"] is None and record["updated_at"] is None
        assert [r["id"] for r in client.get("/api/results").get_json()["results"]] == [before[1]["id"], before[0]["id"]]
        # the new columns work on the old rows (which have no saver's key: only the operator
        # changes them), and new saves follow them
        address, note = f"/api/results/{before[0]['id']}", {"version": 1, "note": "the first game"}
        assert client.patch(address, json=note).status_code == 403
        edited = client.patch(address, json=note, headers={"Authorization": "Bearer operator"})
        assert edited.status_code == 200 and edited.get_json()["note"] == "the first game"
        again = client.post("/api/results", json={"game": "garden-variety", "state": GV_STATE},
                            headers={"Idempotency-Key": "after-upgrade-save-1"})
        assert again.status_code == 201 and again.get_json()["id"] > before[1]["id"]
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_an_upgraded_first_release_database_matches_a_new_one(database_url, postgres_or_sqlite_twin):
    make_first_release_database(database_url)
    engine = engine_for(database_url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    fresh = postgres_or_sqlite_twin()
    fresh_engine = engine_for(fresh)
    try:
        upgrade(fresh_engine)
    finally:
        fresh_engine.dispose()
    assert schema_of(database_url) == schema_of(fresh)


def test_the_upgrade_goes_back_down_and_up_again(database_url):
    before = make_first_release_database(database_url)
    engine = engine_for(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        upgrade(engine)
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0001")
        assert revision_of(database_url) == "0001"
        assert "note" not in [c[0] for c in schema_of(database_url)["columns"]]
        upgrade(engine)
        with engine.connect() as connection:
            ids = connection.execute(sa.text("select id from gardenkit_results order by id")).scalars().all()
        assert ids == [row["id"] for row in before]
    finally:
        engine.dispose()


def start_a_worker(url: str, barrier, answers) -> None:
    """One worker process: wait for the others, then open the store (which upgrades)."""
    barrier.wait(timeout=30)
    store = Storage(url)
    answers.put((store._schema_ready, len(store.list())))
    store.engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("old", [False, True], ids=["new", "first-release"])
def test_workers_starting_together_upgrade_once(database_url, old):
    """Four processes start on the same database at once, as `gardenkit serve` starts its
    workers: one migrates while the others wait, and all find it ready."""
    expected = len(make_first_release_database(database_url)) if old else 0
    processes = preloaded(__name__)
    barrier, answers = processes.Barrier(4), processes.Queue()
    workers = [processes.Process(target=start_a_worker, args=(database_url, barrier, answers)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    assert sorted(answers.get(timeout=5) for _ in workers) == [(True, expected)] * 4
    assert revision_of(database_url) == HEAD
    engine = engine_for(database_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(sa.text("select count(*) from alembic_version")).scalar() == 1
    finally:
        engine.dispose()


def test_a_database_from_a_newer_release_is_a_plain_503_not_a_crash(tmp_path, caplog):
    """Going back to this release after a newer one upgraded the database: the app starts,
    scoring works, and saving says why it cannot."""
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    Storage(url).engine.dispose()
    engine = engine_for(url)
    with engine.begin() as connection:
        connection.execute(sa.text("update alembic_version set version_num = '0099'"))
    engine.dispose()
    caplog.set_level("WARNING", logger="gardenkit")
    app = scorer.create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "DATABASE_URL": url})
    client = app.test_client()
    try:
        assert client.post("/api/games/garden-variety/score", json=GV_STATE).status_code == 200
        answer = client.post("/api/results", json={"game": "garden-variety", "state": GV_STATE})
        assert answer.status_code == 503
        assert answer.get_json()["error"].startswith(
            "the results database is not available: it was upgraded by a newer release of gardenkit")
        assert any("0099" in record.getMessage() for record in caplog.records)
    finally:
        app.extensions["gardenkit.storage"].engine.dispose()


def test_the_newest_revision_read_from_the_files_is_alembics_head():
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert newest_revision() == ScriptDirectory.from_config(config).get_current_head()


def test_a_start_on_an_up_to_date_database_loads_no_alembic(tmp_path):
    """Every start but the first after a release: the revision is read with plain SQL, and
    Alembic (a tenth of a second of imports in each worker) stays unloaded."""
    url = f"sqlite:///{tmp_path / 'results.db'}"
    Storage(url).engine.dispose()   # made and migrated
    probe = ("import sys; from scorer.store.storage import Storage; "
             f"Storage({url!r}).engine.dispose(); print('alembic' in sys.modules)")
    answer = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert answer.stdout.strip() == "False"
