"""Garden Variety's engine: a round is logged in the table's order (after a chaos face the
cards go down first and the die is rolled again after them), and a recorded roll or draw
holds exactly what the die or the deck can give."""
from __future__ import annotations

import copy

import pytest

import scorer
from scorer.games.engine import Engine
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


def _roll_index(log: list) -> int:
    return next(i for i, entry in enumerate(log) if entry.get("chance") == "roll")


@pytest.mark.parametrize(("face", "code"), [
    (3.0, "no-such-face"), (True, "no-such-face"), (False, "no-such-face"), ("3", "no-such-face"),
    ("Chaos", "no-such-face"), pytest.param(10**400, "out-of-range", id="huge"), ([3], "no-such-face"),
    (None, "no-such-face")])
def test_a_roll_is_a_face_of_the_die_exactly(face, code):
    log, _ = scorer.simulate(GAME_ID, 2, 3)
    index = _roll_index(log)
    broken = copy.deepcopy(log)
    broken[index]["face"] = face
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["index"] == index
    assert [(v["code"], v["path"]) for v in result["violations"]] == [(code, "chance.face")]
    assert "Traceback" not in result["violations"][0]["message"]


def test_a_recorded_roll_or_draw_holds_nothing_else():
    log, _ = scorer.simulate(GAME_ID, 2, 3)
    roll, draw = _roll_index(log), 1
    for index, extra in ((roll, {"reroll": 7}), (draw, {"face_up": True})):
        broken = copy.deepcopy(log)
        broken[index].update(extra)
        result = scorer.replay(GAME_ID, broken)
        key = next(iter(extra))
        assert not result["legal"] and result["index"] == index
        assert [(v["code"], v["path"]) for v in result["violations"]] == [("unknown-field", f"chance.{key}")]


@pytest.mark.parametrize(("field", "value", "path"), [
    ("cards", ["critter-blue-1", 7, "wildflower-2", "wildflower-3", "wildflower-4"], "chance.cards[1]"),
    ("cards", "critter-blue-1", "chance.cards"), ("player", 1, "chance.player"), ("player", None, "chance.player")])
def test_a_draw_names_the_player_and_the_cards_as_text(field, value, path):
    log, _ = scorer.simulate(GAME_ID, 2, 3)
    broken = copy.deepcopy(log)
    broken[1][field] = value
    result = scorer.replay(GAME_ID, broken)
    assert not result["legal"] and result["index"] == 1
    assert [(v["code"], v["path"]) for v in result["violations"]] == [("wrong-type", path)]


def test_a_fractional_face_over_http_is_a_plain_refusal_and_a_whole_one_written_5_0_is_read_as_5(client):
    log, _ = scorer.simulate(GAME_ID, 2, 3)
    index = _roll_index(log)
    broken = copy.deepcopy(log)
    broken[index]["face"] = 5.5
    answer = client.post(f"/api/games/{GAME_ID}/replay", json=broken)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["legal"] is False and body["index"] == index
    assert body["violations"][0]["path"] == "chance.face" and "5.5" in body["violations"][0]["message"]
    written = copy.deepcopy(log)
    written[index]["face"] = float(log[index]["face"])  # JSON text "5.0": one kind of number
    assert client.post(f"/api/games/{GAME_ID}/replay", json=written).get_json()["legal"] is True


@pytest.mark.parametrize(("seed", "winner"), [(37, "Ben"), (198, "Dee")])
def test_gnomes_left_in_hand_join_the_garden_bed_for_the_tie_break(seed, winner):
    """Winning the game: cards left in hand join the garden bed before anything is counted,
    so a gnome still in hand counts for the tie-break, as `validate` already reads it. In
    these two four-player games the leaders tie on cards and the winner's extra gnome is the
    one left in hand."""
    log, end_state = scorer.simulate(GAME_ID, 4, seed)
    table = scorer.replay(GAME_ID, log)["state"]
    for player, counted in zip(table["players"], end_state["players"]):
        held = player["garden_bed"] + player["hand"]
        assert counted["gnomes"] == sum(card.startswith("gnome-") for card in held)
    result = scorer.score(GAME_ID, end_state)
    assert result["winners"] == [winner]
    assert result["tie_break"].startswith(f"{winner} wins the tie:")
    assert "(hand included)" in result["tie_break"]
