"""The throwaway PostgreSQL server the storage and fault tests stand on (tests/support/pg.py)."""
from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

pytest_plugins = ["tests.support.load_fixtures"]


@pytest.mark.postgres
def test_a_fresh_database_is_empty_and_takes_transactions(postgres_url):
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as connection:
            assert connection.execute(sa.text(
                "select count(*) from information_schema.tables where table_schema = 'public'")).scalar() == 0
            connection.execute(sa.text("create table t (n int)"))
            connection.execute(sa.text("insert into t values (1)"))
        with pytest.raises(ZeroDivisionError), engine.begin() as connection:
            connection.execute(sa.text("insert into t values (2)"))
            raise ZeroDivisionError  # the transaction is rolled back
        with engine.connect() as connection:
            assert connection.execute(sa.text("select array_agg(n) from t")).scalar() == [1]
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_the_server_can_be_stopped_and_brought_back(private_postgres):
    url = private_postgres.create_database("faults")
    engine = sa.create_engine(url, pool_pre_ping=True)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("create table t (n int)"))
        private_postgres.stop()
        assert not private_postgres.is_running()
        with pytest.raises(OperationalError), engine.connect() as connection:
            connection.execute(sa.text("select 1"))
        private_postgres.start()
        with engine.connect() as connection:
            assert connection.execute(sa.text("select count(*) from t")).scalar() == 0
    finally:
        engine.dispose()


def test_without_postgresql_installed_the_reason_says_what_to_install(monkeypatch):
    from tests.support import pg

    monkeypatch.setattr(pg.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(pg.shutil, "which", lambda name: None)
    reason = pg.unavailable_reason()
    assert reason is not None and "postgresql" in reason and "initdb" in reason
