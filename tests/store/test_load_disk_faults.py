"""A SQLite results database that cannot be written: read-only, or on a full disk.

Saving must answer a clear 503 JSON (saying which of the two it is), never a 500; reading
what was saved keeps working; and once the cause is fixed the same running app saves again.

How the faults are made, given that the tests run as root and root ignores file modes
(chmod 0444 would not stop it):
- read-only: the file is made immutable with `chattr +i` (ext4 and most Linux file
  systems; needs CAP_LINUX_IMMUTABLE). SQLite then opens it read-only, as it would a file
  on a read-only mount or owned by another user.
- full disk: the database lives on a tiny tmpfs mounted for the test (needs
  CAP_SYS_ADMIN), and a filler file takes the last free byte.
Where either is not allowed (not root, a container without the capability, a file system
without immutable files) the test skips and says so.
"""
from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

import scorer
from tests.support.faults import immutable, run_quietly
from tests.support.prod_server import marked_state

KIM_WINS = marked_state("Kim")  # a possible Garden Variety end: Kim wins
SAVE = {"game": "garden-variety", "state": KIM_WINS}


def make_api(directory: Path, monkeypatch):
    if "garden-variety" not in scorer.GAMES:
        pytest.skip("garden-variety rules are not written yet")
    monkeypatch.setenv("GARDENKIT_DATABASE_URL", f"sqlite:///{directory / 'results.db'}")
    app = scorer.create_app({"TESTING": True, "INSTANCE_PATH": str(directory / "instance")})
    return app, app.test_client()


def assert_clear_503(response, cause: str) -> None:
    assert response.status_code == 503
    body = response.get_json()
    assert set(body) == {"error"} and cause in body["error"]
    assert "Traceback" not in response.get_data(as_text=True)


def test_a_read_only_database_refuses_saves_clearly_and_recovers(tmp_path, monkeypatch):
    app, api = make_api(tmp_path, monkeypatch)
    first = api.post("/api/results", json=SAVE)
    assert first.status_code == 201
    database = tmp_path / "results.db"
    app.extensions["gardenkit.storage"].engine.dispose()  # a fresh open sees the fault
    with immutable(database):
        assert_clear_503(api.post("/api/results", json=SAVE), "read-only")
        listed = api.get("/api/results")
        assert listed.status_code == 200
        assert [r["id"] for r in listed.get_json()["results"]] == [first.get_json()["id"]]
    again = api.post("/api/results", json=SAVE)
    assert again.status_code == 201, again.get_json()
    assert len(api.get("/api/results").get_json()["results"]) == 2
    app.extensions["gardenkit.storage"].engine.dispose()


@pytest.fixture
def tiny_disk(tmp_path):
    mountpoint = tmp_path / "disk"
    mountpoint.mkdir()
    problem = run_quietly(["mount", "-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", str(mountpoint)])
    if problem:
        pytest.skip(f"cannot mount a small tmpfs to fill up here (mount: {problem})")
    try:
        yield mountpoint
    finally:
        run_quietly(["umount", "-l", str(mountpoint)])


def fill(directory: Path) -> Path:
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    return filler


def test_a_full_disk_refuses_saves_clearly_and_recovers(tiny_disk, monkeypatch):
    app, api = make_api(tiny_disk, monkeypatch)
    assert api.post("/api/results", json=SAVE).status_code == 201
    filler = fill(tiny_disk)
    # WAL pages already allocated may take a save or two; after that the disk is the limit.
    answers = [api.post("/api/results", json=SAVE) for _ in range(20)]
    refused = [a for a in answers if a.status_code != 201]
    assert refused, "every save succeeded on a full disk"
    for answer in refused:
        assert_clear_503(answer, "disk")  # "disk is full", or SQLite's "disk I/O error"
    saved_while_full = len(answers) - len(refused)
    filler.unlink()
    assert api.post("/api/results", json=SAVE).status_code == 201
    assert len(api.get("/api/results").get_json()["results"]) == 2 + saved_while_full
    app.extensions["gardenkit.storage"].engine.dispose()
