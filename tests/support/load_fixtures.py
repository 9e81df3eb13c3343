"""Fixtures for the storage, load and fault tests (a pytest plugin, listed in conftest.py).

- postgres_server: one throwaway PostgreSQL server for the whole session (tests/support/pg.py);
  the tests skip with the reason when PostgreSQL cannot run here.
- private_postgres: a server of the test's own, for tests that stop and restart it.
- postgres_url: a fresh, empty database on the session server, dropped afterwards.
- database_url: parametrized over a SQLite file and PostgreSQL; also set as
  GARDENKIT_DATABASE_URL, the way a deployment chooses its database.
"""
from __future__ import annotations

import itertools
import os

import pytest

from tests.support import pg

_database_names = itertools.count(1)


def _require_postgres() -> None:
    reason = pg.unavailable_reason()
    if reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture(scope="session")
def postgres_server():
    _require_postgres()
    with pg.running_postgres() as server:
        yield server


@pytest.fixture
def private_postgres():
    _require_postgres()
    with pg.running_postgres() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server):
    name = f"gardenkit_test_{os.getpid()}_{next(_database_names)}"
    url = postgres_server.create_database(name)
    yield url
    postgres_server.drop_database(name)


def sqlite_url(directory) -> str:
    return f"sqlite:///{directory / 'results.db'}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request, tmp_path, monkeypatch):
    if request.param == "sqlite":
        url = sqlite_url(tmp_path)
    else:
        url = request.getfixturevalue("postgres_url")
    monkeypatch.setenv("GARDENKIT_DATABASE_URL", url)
    return url


_twin_names = itertools.count(1)


@pytest.fixture
def postgres_or_sqlite_twin(database_url, tmp_path, request):
    """A second empty database of the same kind as database_url."""
    def make() -> str:
        if database_url.startswith("sqlite"):
            return f"sqlite:///{tmp_path / 'twin.db'}"
        server = request.getfixturevalue("postgres_server")
        name = f"gardenkit_twin_{os.getpid()}_{next(_twin_names)}"
        request.addfinalizer(lambda: server.drop_database(name))
        return server.create_database(name)
    return make
