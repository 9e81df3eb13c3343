"""Player names against a hostile table: a name's cost is bounded before any per-character
work, a name that shows nothing or passes for another player's by its case is refused in words,
and one that looks like another's in other letters is warned about."""
from __future__ import annotations

import json
import re
import unicodedata

import pytest

import scorer
from scorer.games import core

GAMES = list(scorer.GAMES)


def with_first_name(game_id: str, name: str) -> dict:
    state = json.loads(json.dumps(scorer.GAMES[game_id].example_state))
    state["players"][0]["name"] = name
    return state



@pytest.mark.parametrize("game_id", GAMES)
def test_a_name_of_16000_combining_marks_is_measured_before_any_work_on_its_characters(game_id, monkeypatch):
    # NFC sorts a run of marks of two classes in quadratic time (0.39 s of CPU before the
    # bound; bench/hostile.py measures the cost): the work is counted here, not timed.
    name = "a" + "\u0301" * 8000 + "\u0316" * 8000
    normalised: list[int] = []
    looked_at: list[str] = []
    normalize, unprintable = unicodedata.normalize, core._unprintable

    def counted_normalize(form, text):
        normalised.append(len(text))
        return normalize(form, text)

    def counted_unprintable(char):
        looked_at.append(char)
        return unprintable(char)

    monkeypatch.setattr(unicodedata, "normalize", counted_normalize)
    monkeypatch.setattr(core, "_unprintable", counted_unprintable)
    found = scorer.validate(game_id, with_first_name(game_id, name))
    assert "wrong-length" in [v["code"] for v in found]
    assert max(normalised, default=0) < 1000, "the long name was normalised before its length was checked"
    assert len(looked_at) < 1000, "the long name's characters were looked at one by one"


# Propagation's plants name their owner, so a renamed first player leaves them ownerless.
@pytest.mark.parametrize("game_id", [game for game in GAMES if game != "propagation"])
def test_a_name_is_measured_as_sent_and_kept_composed(game_id):
    """40 characters as sent, as the OpenAPI document's maxLength counts them: a decomposed
    name of 40 is taken (and scored under its composed spelling), one of 41 is refused even
    though it composes to 14."""
    name = "e\u0301" * 10 + "\u1100\u1161\u11a8" * 6 + "x" * 2   # 40 as sent, 18 after NFC
    assert scorer.validate(game_id, with_first_name(game_id, name)) == []
    scored = [player["name"] for player in scorer.score(game_id, with_first_name(game_id, name))["players"]]
    assert unicodedata.normalize("NFC", name) in scored and name not in scored
    found = scorer.validate(game_id, with_first_name(game_id, name + "\u0301"))
    assert [v["code"] for v in found] == ["wrong-length"], found


@pytest.mark.parametrize("name", ["\u200b", "\u2800", "\u115f", "\u3164\u3164", " \u200b\u200c ", "\u0301"])
def test_a_name_that_shows_nothing_is_blank(name):
    found = scorer.validate("garden-dice", with_first_name("garden-dice", name))
    assert [v["code"] for v in found] == ["blank-name"], found
    assert "visible" in found[0]["message"] or "blank" in found[0]["message"]


@pytest.mark.parametrize("name", ["Ann\x1b]0;owned\x07", "Ann\x1b[2J", "Ann\u009b2J", "A\tnn"])
def test_a_name_with_a_control_character_is_refused(name):
    found = scorer.validate("garden-dice", with_first_name("garden-dice", name))
    assert [v["code"] for v in found] == ["invalid-value"] and "control character" in found[0]["message"]


def look_alike_warnings(game_id: str, first: str, second: str) -> list[str]:
    """The warnings about look-alike names when the example's first two players are renamed
    (everywhere their names appear: Propagation names each plant's owner)."""
    example = scorer.GAMES[game_id].example_state
    renamed = {json.dumps(player["name"]): json.dumps(name) for player, name in zip(example["players"], (first, second))}
    state = json.loads(re.sub("|".join(map(re.escape, renamed)), lambda m: renamed[m.group()], json.dumps(example)))
    assert scorer.validate(game_id, state) == []     # taken: no rulebook says what a name is
    return [w["message"] for w in scorer.score(game_id, state)["warnings"] if w["code"] == "look-alike-names"]


@pytest.mark.parametrize("game_id", GAMES)
def test_names_that_look_alike_in_two_alphabets_are_taken_with_a_warning(game_id):
    """A house guess may warn, never refuse: "Ann" beside "\u0410nn" (a Cyrillic A) or the
    all-Cyrillic "\u0421\u043e\u0440\u0435" beside "Cope" may be two players, or a trick."""
    mixed = look_alike_warnings(game_id, "Ann", "\u0410nn")
    assert len(mixed) == 1 and "look the same" in mixed[0] and "Cyrillic" in mixed[0]
    assert len(look_alike_warnings(game_id, "\u0421\u043e\u0440\u0435", "Cope")) == 1
    alone = look_alike_warnings(game_id, "\u0410nn", "Bo")     # one name in two alphabets, alone at the table
    assert len(alone) == 1 and "Latin and Cyrillic" in alone[0]
    assert look_alike_warnings(game_id, "\u0410\u043d\u043d\u0430", "Anna") == []   # Анна and Anna are told apart


@pytest.mark.parametrize("name", ["Анна", "Ζωή", "José", "山田はなこ", "👩‍👩‍👧 family", "Zoë-Jane O'Neil"])
def test_real_names_in_one_alphabet_are_taken(name):
    assert scorer.validate("garden-dice", with_first_name("garden-dice", name)) == []


def test_a_zero_width_space_does_not_make_a_second_name():
    state = json.loads(json.dumps(scorer.GAMES["garden-dice"].example_state))
    state["players"][1]["name"] = state["players"][0]["name"] + "\u200b"
    assert "duplicate-player-name" in [v["code"] for v in scorer.validate("garden-dice", state)]


# Characters that turn the text after them around (overrides, embeddings, isolates and the
# direction marks): "\u202eevil" shows as "live" and reverses the rest of a table row.
REORDERING = ["\u202eevil", "a\u2066b", "Ann\u2069", "Ann\u202a", "Ann\u200f", "Ann\u200e", "Ann\u061c"]


@pytest.mark.parametrize("name", REORDERING)
def test_a_name_that_reorders_the_text_after_it_is_refused(name):
    found = scorer.validate("garden-variety", with_first_name("garden-variety", name))
    assert [v["code"] for v in found] == ["invalid-value"], found
    assert "control character" in found[0]["message"] and "direction" in found[0]["message"]


@pytest.mark.parametrize("name", ["\U0001f469\u200d\U0001f33e", "Mehr\u200cdad", "\u05d3\u05e0\u05d4",
                                  "\u0645\u0631\u064a\u0645"])
def test_joiners_and_right_to_left_names_are_still_taken(name):
    """A zero-width joiner makes one emoji of two (a woman farmer), a non-joiner is part of
    Persian spelling, and a Hebrew or Arabic name runs right to left by its letters alone."""
    assert scorer.validate("garden-variety", with_first_name("garden-variety", name)) == []


def test_every_door_refuses_a_reordering_name(tmp_path):
    import subprocess
    import sys

    from scorer.web.app import create_app

    state = with_first_name("garden-variety", "\u202eevil")
    client = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}"}).test_client()
    answer = client.post("/api/games/garden-variety/score", json=state)
    assert answer.status_code == 422 and "direction" in answer.get_data(as_text=True)
    saved = client.post("/api/results", json={"game": "garden-variety", "state": state})
    assert saved.status_code == 422
    (tmp_path / "bidi.json").write_text(json.dumps(state))
    run = subprocess.run([sys.executable, "-m", "scorer.cli", "score", "garden-variety", str(tmp_path / "bidi.json")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and "direction" in run.stderr + run.stdout and "\u202e" not in run.stdout
