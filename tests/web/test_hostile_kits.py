"""Print kits against a flood: bleed comes in half millimetres (a bounded set of kits), and a
worker builds one kit at a time -- a build that cannot have its turn soon is a 503 with
Retry-After, while a kit already built is served at once."""
from __future__ import annotations

import threading

import pytest
from werkzeug.datastructures import MultiDict

from scorer.web import printing


@pytest.fixture
def turn_taken(monkeypatch):
    """Another request holds the worker's turn to build kits until the test ends."""
    monkeypatch.setattr(printing.KIT_BUILDS, "wait_seconds", 0.2)
    holding, done = threading.Event(), threading.Event()

    def hold() -> None:
        with printing.KIT_BUILDS.turn():
            holding.set()
            done.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    yield
    done.set()
    holder.join(10)


@pytest.mark.parametrize("bleed", ["2.5", "0", "10", "3.0"])
def test_bleed_in_half_millimetres_is_taken(bleed):
    assert printing.read_options(MultiDict({"bleed": bleed})).bleed_mm == float(bleed)


@pytest.mark.parametrize("bleed", ["2.37", "0.01", "9.99", "0.25"])
def test_finer_bleed_is_refused_in_words(client, bleed):
    answer = client.get(f"/kits/garden-variety.pdf?bleed={bleed}")
    assert answer.status_code == 400 and "steps of 0.5 mm" in answer.get_json()["error"]


def test_a_build_that_cannot_have_its_turn_is_503_with_retry_after(client, turn_taken):
    answer = client.get("/kits/garden-variety.pdf?bleed=1.5")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "print kits are being built" in answer.get_json()["error"]
    everything = client.get("/kits/all.zip?bleed=1.5")
    assert everything.status_code == 503


def test_a_kit_already_built_is_served_while_another_builds(app, turn_taken):
    key = ("pdf", "garden-variety", printing.read_options(MultiDict({"bleed": "1"})), None, printing.KIT_VERSION)
    app.extensions["gardenkit.kits"].get_or_build(key, lambda: b"%PDF-already-built")
    answer = app.test_client().get("/kits/garden-variety.pdf?bleed=1")
    assert answer.status_code == 200 and answer.data == b"%PDF-already-built"


def test_every_kit_in_one_zip_is_built_one_kit_per_turn(client):
    answer = client.get("/kits/all.zip?bleed=0.5&paper=a4")
    assert answer.status_code == 200 and answer.data[:2] == b"PK"
