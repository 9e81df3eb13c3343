"""The host names the app answers to: the loopback names, the names `gardenkit serve`
listens on, and those GARDENKIT_HOSTS adds; any other is a plain 400."""
from __future__ import annotations

import socket

from scorer.web.app import trusted_hosts
from tests.conftest import make_app


def test_only_the_listed_names_are_answered(tmp_path, monkeypatch):
    monkeypatch.setenv("GARDENKIT_HOSTS", "scores.club.example, .garden.example")
    client = make_app(tmp_path).test_client()
    for name in ("localhost", "127.0.0.1:8000", "scores.club.example", "pad.garden.example:443"):
        assert client.get("/api/games", headers={"Host": name}).status_code == 200, name
    for name in ("evil.example", "club.example", "scores.club.example.evil.example", "localhost.evil.example"):
        answer = client.get("/api/games", headers={"Host": name})
        assert answer.status_code == 400 and "GARDENKIT_HOSTS" in answer.get_json()["error"], name
    page = client.get("/", headers={"Host": "evil.example"})
    assert page.status_code == 400 and page.mimetype == "text/plain"


def test_a_server_on_every_address_answers_to_the_machines_names():
    names = trusted_hosts("0.0.0.0", "")
    assert socket.gethostname() in names and "localhost" in names
    assert trusted_hosts("192.0.2.7", "") == ["localhost", "127.0.0.1", "192.0.2.7"]
