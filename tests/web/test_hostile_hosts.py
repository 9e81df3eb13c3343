"""The host names the app answers to: the loopback names, the names `gardenkit serve`
listens on, and those GARDENKIT_HOSTS adds; any other is a plain 400."""
from __future__ import annotations

import socket

import pytest

from scorer.web.app import trusted_hosts
from tests.conftest import make_app


def test_only_the_listed_names_are_answered(tmp_path, monkeypatch):
    monkeypatch.setenv("GARDENKIT_HOSTS", "scores.club.example, .garden.example")
    client = make_app(tmp_path).test_client()
    for name in ("localhost", "127.0.0.1:8000", "scores.club.example", "pad.garden.example:443",
                 "LOCALHOST", "LocalHost:8000", "Scores.Club.Example", "PAD.garden.EXAMPLE"):  # host names are case-blind
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


def test_a_server_on_every_address_answers_phones_typing_its_lan_address(tmp_path):
    """`HOST=0.0.0.0 make run` at the table: a phone types the machine's address on the local
    network, which the machine's own name often does not resolve to (docs/play-at-the-table.md)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect(("198.51.100.1", 9))  # any outside address: the kernel picks the route's source
        except OSError:
            pytest.skip("this machine has no route off itself")
        lan_address = udp.getsockname()[0]
    client = make_app(tmp_path, LISTEN_HOST="0.0.0.0").test_client()
    assert client.get("/api/games", headers={"Host": f"{lan_address}:8000"}).status_code == 200
    assert client.get("/api/games", headers={"Host": "203.0.113.9:8000"}).status_code == 400


def test_a_server_on_every_address_follows_the_machine_onto_another_network(tmp_path, monkeypatch):
    """The laptop joins another Wi-Fi while serving: the phones there type its new address. An
    unknown name has the routed address read again, at most once per LAN_REREAD_S however
    many such requests come, and only the newest network's address is kept."""
    from scorer.web import app as app_module

    reads = []

    def routed(address):
        def read():
            reads.append(address)
            return [address]
        return read
    monkeypatch.setattr(app_module, "_routed_addresses", routed("192.0.2.10"))
    client = make_app(tmp_path, LISTEN_HOST="0.0.0.0").test_client()
    assert client.get("/api/games", headers={"Host": "192.0.2.10:8000"}).status_code == 200
    monkeypatch.setattr(app_module, "_routed_addresses", routed("198.51.100.20"))   # the new network
    assert client.get("/api/games", headers={"Host": "198.51.100.20:8000"}).status_code == 200
    for _ in range(50):
        assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 400
    assert reads == ["192.0.2.10", "198.51.100.20"]    # once at the start, once for the new name
    assert client.get("/api/games", headers={"Host": "192.0.2.10:8000"}).status_code == 400
