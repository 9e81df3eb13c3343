"""Garden Variety's engine: a round is logged in the table's order (after a chaos face the
cards go down first and the die is rolled again after them), and a recorded roll or draw
holds exactly what the die or the deck can give."""
from __future__ import annotations

import copy

import pytest

import scorer
from scorer.engine import Engine
from scorer.games.garden_variety import data

GAME_ID = "garden-variety"


def _engine() -> Engine:
    found = scorer.GAMES[GAME_ID].engine
    assert found is not None
    return found


def _first_round_after(log: list, face_wanted) -> int:
    """Index of the first resolve_round whose round the die opened with a face of the kind
    wanted (True: chaos, False: a rule)."""
    return next(i for i, entry in enumerate(log) if entry.get("type") == "resolve_round"
                and (log[i - 1].get("face") == data.CHAOS) == face_wanted)


def test_after_a_chaos_face_the_round_entry_follows_at_once_and_carries_the_reroll():
    log, end_state = scorer.simulate(GAME_ID, 3, 4)
    chaos = [i for i, entry in enumerate(log) if entry.get("face") == data.CHAOS]
    assert chaos
    for index in chaos:
        following = log[index + 1]
        assert following["type"] == "resolve_round" and following["rule"] in data.DIE_RULES
    assert log[0]["setup"]["version"] == 2
    replayed = scorer.replay(GAME_ID, log)
    assert replayed["legal"] and replayed["end_state"] == end_state


def test_a_round_logged_as_at_the_table_replays_with_the_reroll_as_its_rule():
    """Chaos shows, the three cards go down, the die is rolled again: the round's entry
    names the reroll, and the winner is the one that rule makes."""
    log, _ = scorer.simulate(GAME_ID, 3, 1)
    index = _first_round_after(log, face_wanted=False)
    for reroll in data.DIE_RULES:
        table = copy.deepcopy(log[:index + 1])
        table[index - 1]["face"] = data.CHAOS
        table[index]["rule"] = reroll
        replayed = scorer.replay(GAME_ID, table)
        assert replayed["legal"], replayed.get("violations")
        before = scorer.replay(GAME_ID, table[:index])["state"]
        winner = scorer.check(GAME_ID, _engine().check_state(before), table[index])["effects"]["winner"]
        beds = {p["name"]: len(p["garden_bed"]) for p in replayed["state"]["players"]}
        assert beds[winner] == len(table[index]["plays"])


def test_a_second_roll_before_the_plays_is_refused():
    """Version 1 logged the reroll as a roll before the round: now the round comes next."""
    log, _ = scorer.simulate(GAME_ID, 3, 4)
    index = _first_round_after(log, face_wanted=True)
    old_order = [*log[:index], {"chance": "roll", "face": log[index]["rule"]}, *log[index:]]
    result = scorer.replay(GAME_ID, old_order)
    assert not result["legal"] and result["index"] == index
    assert result["violations"][0]["code"] == "no-chance-now"
    version_1 = [{"setup": {**log[0]["setup"], "version": 1}}, *log[1:]]
    with pytest.raises(scorer.InvalidState) as refused:
        scorer.replay(GAME_ID, version_1)
    assert refused.value.violations[0]["code"] == "unknown-version"


def test_after_a_face_that_is_a_rule_the_round_must_use_it():
    log, _ = scorer.simulate(GAME_ID, 3, 4)
    index = _first_round_after(log, face_wanted=False)
    broken = copy.deepcopy(log)
    broken[index]["rule"] = next(rule for rule in data.DIE_RULES if rule != log[index - 1]["face"])
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["violations"][0]["code"] == "rule-not-rolled"
