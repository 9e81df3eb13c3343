"""Fixtures shared by every test of the web app.

    app          the Flask app on a fresh SQLite file (a copy of one at the newest schema; CSRF on,
                 as in production)
    app_factory  app_factory(**config) -> another app in the same temp folder, with overrides
                 (e.g. DATABASE_URL="postgresql://...")
    client       Flask's test client for `app`
    csrf_token   csrf_token(client, "/games/garden-variety/score") -> the token of that page's form
    post_live    post_live(client, page, body) -> the page's live JSON answer, asked with the token
    live_server  the app served for real on a loopback port (a thread); yields the base URL. The
                 server is one per test process (loopback_server), the app and its database the test's own
    browser      one headless Debian chromium for the session (Playwright); skips without it
    page         a fresh Playwright page in its own context (cookies do not leak between tests); the
                 app's service worker is blocked but for a test marked `service_worker`
    worked_examples  score pages open the game's worked example on ?example=1 (as a game
                 without an engine does), not a simulated game: for tests of a sheet's known numbers
"""
from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("GARDENKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def make_app(tmp_path: Path, **config):
    """The app on the SQLite file in tmp_path (made there at the newest schema when missing)
    unless config names another DATABASE_URL."""
    database = tmp_path / "results.sqlite3"
    if "DATABASE_URL" not in config and not database.exists():
        shutil.copyfile(newest_schema_file(), database)
    return _create_app(tmp_path, **config)


def _create_app(tmp_path: Path, **config):
    from scorer import create_app

    settings = {"TESTING": True, "SECRET_KEY": "test-secret",
                "INSTANCE_PATH": str(tmp_path / "instance"),
                "DATABASE_URL": f"sqlite:///{tmp_path / 'results.sqlite3'}"}
    settings.update(config)
    return create_app(settings)


@functools.cache
def newest_schema_file() -> Path:
    """An empty results file that the app migrated to the newest schema, made once per test
    process: each app starts on a copy of it. Migrating a new file costs 35 ms of CPU more
    than opening a copy, in each of the suite's hundreds of tests that take an app.
    tests/store checks the migrations themselves, on files of their own."""
    folder = Path(tempfile.mkdtemp(prefix="gardenkit-newest-schema-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    _create_app(folder).extensions["gardenkit.storage"].engine.dispose()
    return folder / "results.sqlite3"


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.extensions["gardenkit.storage"].engine.dispose()


@pytest.fixture
def app_factory(tmp_path):
    made = []

    def factory(**config):
        made.append(make_app(tmp_path, **config))
        return made[-1]
    yield factory
    for application in made:
        application.extensions["gardenkit.storage"].engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_token():
    def token(client, path: str) -> str:
        html = client.get(path).get_data(as_text=True)
        found = re.search(r'name="csrf_token" value="([^"]+)"', html)
        assert found, f"no CSRF token in the form at {path}"
        return found.group(1)
    return token


@pytest.fixture
def post_live():
    """post_live(client, "/games/garden-dice/score", body) -> the live answer of that page,
    asked as its script asks: JSON to <page>/live with the token from /csrf-token."""
    def post(client, page: str, body: Any):
        token = client.get("/csrf-token").get_json()["csrf_token"]
        return client.post(page + "/live", json=body, headers={"X-CSRFToken": token})
    return post


@pytest.fixture
def worked_examples(monkeypatch):
    import scorer

    for game in scorer.GAMES.values():
        monkeypatch.setattr(game, "engine", None)


LIVE_OPERATOR_TOKEN = "operator-token-of-the-live-server"   # the roster's merges need it


class TheTestsApp:
    """The WSGI app of the shared loopback server: it hands each request to the running test's app."""
    app: Any = None

    def __call__(self, environ, start_response):
        if self.app is None:   # a request left over from the test before, answered after its end
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"between tests"]
        return self.app(environ, start_response)


@pytest.fixture(scope="session")
def loopback_server():
    """One threaded HTTP server per test process, started once: stopping one waits out its
    half-second poll, which a server per test paid each time. live_server puts each test's own
    app (and database) behind it."""
    from werkzeug.serving import make_server

    dispatch = TheTestsApp()
    server = make_server("127.0.0.1", 0, dispatch, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, dispatch
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path, loopback_server):
    server, dispatch = loopback_server
    application = make_app(tmp_path, ADMIN_TOKEN=LIVE_OPERATOR_TOKEN)
    dispatch.app = application
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        dispatch.app = None
        application.extensions["gardenkit.storage"].engine.dispose()


@pytest.fixture(scope="session")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"chromium not found at {CHROMIUM} (make test installs Debian's chromium when run as root)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(request, browser):
    # Playwright's wait_for_function evaluates its predicate as a string, which the app's
    # Content-Security-Policy forbids; tests/test_hostile_web.py loads the pages under the policy.
    # The app's service worker only for a test marked `service_worker` (tests/support/journey.py).
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True,  # a phone
                                  service_workers="allow" if wants_service_worker(request) else "block")
    context.set_default_timeout(WAIT_S * 1000)
    tab = context.new_page()
    yield tab
    context.close()


# The journey fixtures (tests/support/journey.py): a player's path in Chromium at phone and desktop sizes.
from tests.support.journey import (  # noqa: E402, F401
    WAIT_S,
    desktop_journey,
    journey,
    phone_journey,
    wants_service_worker,
)


def pytest_collection_modifyitems(config, items):
    """Every test that drives Chromium is marked `browser`, wherever it lives, so that
    `-m "not browser"` leaves them all out.

    The order: the browser tests, then the `slow` ones, then the rest. pytest-xdist hands each
    worker a contiguous half and an idle worker steals from the end of the other's, so a long
    test left near the end (a random game, a load run: a minute or two on a busy machine) kept
    one core busy while the other waited. Here the first worker runs the browser tests and then
    the long ones while the second starts on the quick ones. The browser tests stay ahead of
    the long ones: run beside the multi-process load tests (the long ones first, as tried
    before), a journey's timing failed on a quiet machine. The same order in every worker, as
    xdist requires."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)

    def group(item) -> int:
        return 0 if item.get_closest_marker("browser") else 1 if item.get_closest_marker("slow") else 2
    items.sort(key=group)
