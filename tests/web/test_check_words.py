"""Every check answers in the players' words too (the answer's "summary", written by each game's
describe): for every worked check of every game, at least one per action type, legal or refused,
the summary is a list of sentences that name spaces as players do, never as JSON or
coordinates. A refused example is as useful as a legal one, so long as it says why in words."""
from __future__ import annotations

import re

import pytest

import scorer

RAW = re.compile(r"[{}\[\]\"]|-?\d+ ?, ?-?\d+|_")
CHECKS = [(game_id, index, example) for game_id, game in scorer.GAMES.items()
          for index, example in enumerate(game.example_checks)]


@pytest.mark.parametrize("game_id, index, example", CHECKS,
                         ids=[f"{g}-{i}-{e['action'].get('type')}" for g, i, e in CHECKS])
def test_every_worked_check_is_answered_in_words(game_id, index, example):
    answer = scorer.check(game_id, example["state"], example["action"])
    verdict = "legal" if answer["legal"] else "refused"
    assert answer["summary"], f"{game_id}'s {verdict} {example['action']['type']} says nothing in words"
    for line in answer["summary"]:
        assert isinstance(line, str) and line[:1].isupper() and line.endswith((".", ":")), line
        assert not RAW.search(line), f"{game_id}'s {example['action']['type']} answers {line!r}"


def test_every_action_type_has_a_worked_check():
    for game_id, game in scorer.GAMES.items():
        checked = {example["action"]["type"] for example in game.example_checks}
        assert set(game.action_types()) <= checked, f"{game_id} has no worked check of {set(game.action_types()) - checked}"


def test_the_engines_do_not_pay_for_words():
    """check_parsed, which an engine calls for every action it weighs, writes no summary."""
    game = scorer.GAMES["garden-dice"]
    example = game.example_checks[0]
    assert "summary" not in game.check_parsed(game.parse_state(example["state"]), example["action"])
