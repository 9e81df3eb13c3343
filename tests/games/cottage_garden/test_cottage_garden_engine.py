"""Cottage Garden's engine: what follows by itself (the refill that is due, the Gardener Phase,
cleanup and the new bed, cats over two, the Final Round and the end), each on a simulated game
or a state taken from one; and its oracle (tests/oracles/cottage_garden.py), which finds no
fault in random games and does find the faults planted in their states."""
from __future__ import annotations

import copy
import functools
import json
import random
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

import scorer
from scorer.games.cottage_garden import data
from scorer.games.cottage_garden.engine import (
    CottageGardenEngine,
    CottageMove,
    cottage_table,
    printed,
    token_candidates,
)
from scorer.games.engine import IllegalMove, Table, engine_of
from tests.oracles import cottage_garden as oracle

GAME = "cottage-garden"
ENGINE = engine_of(scorer.GAMES[GAME])


@functools.cache
def _steps(players: int, seed: int) -> tuple[tuple[dict, dict, dict], ...]:
    """(state before, entry, state after) of every entry of a simulated game."""
    log, _ = scorer.simulate(GAME, players, seed)
    state = ENGINE.initial_state(log[0]["setup"]["players"], {})
    found = []
    for entry in log[1:]:
        after = ENGINE.resolve_chance(state, entry) if "chance" in entry else ENGINE.apply(state, entry)
        found.append((state, entry, after))
        state = after
    return tuple(found)


def _first(players: int, seed: int, wanted) -> tuple[dict, dict, dict]:
    return next(step for step in _steps(players, seed) if wanted(*step))


# --- the oracle --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_oracle_finds_no_fault_in_random_games(players):
    for seed in range(3):
        steps = _steps(players, seed)
        assert oracle.state_faults(steps[0][0]) == []
        for before, entry, after in steps:
            assert oracle.step_faults(before, entry, after) == [], entry
            assert oracle.state_faults(after) == [], entry
        assert steps[-1][2]["over"]


def _planted(state: dict, change) -> dict:
    broken = copy.deepcopy(state)
    change(broken)
    return broken


def test_the_oracle_finds_lost_pieces_and_pieces_on_one_another():
    _, _, state = _first(3, 1, lambda b, e, a: e.get("type") == "score_bed")
    lost = _planted(state, lambda s: s["path"].pop())
    assert any("flower tiles not accounted" in f for f in oracle.state_faults(lost))
    cat = _planted(state, lambda s: s["supply"].update(cats=s["supply"]["cats"] + 1))
    assert any("cats and" in f for f in oracle.state_faults(cat))
    seat, placed = next((i, bed["tiles"][0]) for i, p in enumerate(state["players"]) for bed in p["beds"]
                        if bed["tiles"])
    r, c, _ = data.oriented_squares(placed["tile"], placed["rotation"], placed["flip"])[0]
    under_a_tile = [placed["at"][0] + r, placed["at"][1] + c]
    for space, fault in ((under_a_tile, "two pieces lie on one space"), ([0, 3], "sticks out")):
        moved = _planted(state, lambda s, space=space: _move_a_cat_to(s, seat, space))
        assert any(fault in f for f in oracle.state_faults(moved)), space


def _move_a_cat_to(state: dict, seat: int, space: list[int]) -> None:
    """A cat from the player's reserve (or the supply) onto the space of their first bed."""
    player = state["players"][seat]
    if player["cats"]:
        player["cats"] -= 1
    else:
        state["supply"]["cats"] -= 1
    next(bed for bed in player["beds"] if bed["tiles"])["cats"].append(space)


def test_the_oracle_finds_a_turn_out_of_seat_order_and_a_gardener_astray():
    before, entry, after = _first(3, 2, lambda b, e, a: a["turns"] == b["turns"] + 1 and b["turn"]["step"] != "planted")
    stuck = _planted(after, lambda s: s.update(current=before["current"]))
    assert any("seat order" in f for f in oracle.state_faults(stuck))
    astray = _planted(after, lambda s: s["gardener"].update(space=before["gardener"]["space"]))
    assert any("gardener stands" in f for f in oracle.state_faults(astray))
    by_another = {**entry, "player": after["players"][after["current"]]["name"]}
    assert any("it is" in f for f in oracle.step_faults(before, by_another, after))


def test_the_oracle_finds_a_cube_moved_wrongly_and_a_refill_not_made():
    before, entry, after = _first(2, 1, lambda b, e, a: e.get("type") == "move_cube")
    cubes = after["players"][before["current"]][entry["color"]]
    landed = cubes.index(next(v for v in cubes if v not in before["players"][before["current"]][entry["color"]]))
    short = data.TRACKS[entry["color"]][data.TRACKS[entry["color"]].index(cubes[landed]) - 1]
    wrong = _planted(after, lambda s: s["players"][before["current"]][entry["color"]].__setitem__(landed, short))
    assert oracle.state_faults(wrong) == []  # a possible position, but not where this move lands
    assert any("should land" in f for f in oracle.step_faults(before, entry, wrong))
    other = _planted(after, lambda s: s["players"][1 - before["current"]]["orange"].__setitem__(0, 1))
    assert any("moved on move_cube" in f for f in oracle.step_faults(before, entry, other))
    before, entry, after = _first(2, 1, lambda b, e, a: a["turns"] > b["turns"] and a["path"]
                                  and a["turn"]["step"] == "plant")
    row = data.GARDENER_ROWS[after["gardener"]["space"]]
    emptied = _planted(after, lambda s: [s["nursery"].update({space: None}) for space in row])
    emptied["discards"] += [after["nursery"][space] for space in row if after["nursery"][space]]
    assert any("unrefilled" in f for f in oracle.step_faults(before, entry, emptied))


def test_the_oracle_finds_the_final_round_too_early_and_the_end_too_soon():
    before, entry, after = _first(2, 3, lambda b, e, a: a["final_round"] and not b["final_round"])
    assert after["turns"] == 2 * 32
    early = _planted(before, lambda s: s.update(final_round=True))
    assert any("Final Round" in f for f in oracle.state_faults(early))
    _, _, end = _steps(2, 3)[-1]
    assert end["over"]
    too_soon = _planted(end, lambda s: s["players"][0]["beds"].append(
        {"design": s["removed_beds"][0], "tiles": [], "cats": [], "pots": []}))
    too_soon["removed_beds"].pop(0)
    assert any("over is True" in f for f in oracle.state_faults(too_soon))


# --- what follows by itself ----------------------------------------------------------------------

def test_a_refill_that_is_due_is_made_nearest_the_gardener_first_from_the_wheelbarrow():
    # The next turn's tile, taken after the refill due at its start: one that lay in the
    # nursery already (a tile just refilled and taken at once would leave its space empty).
    before, entry, after = _first(2, 4, lambda b, e, a: a["turns"] > b["turns"]
                                  and len(a["path"]) < len(b["path"]) and e["type"] == "place_tile"
                                  and b["nursery"][e["nursery"]["space"]] == e["tile"])
    row = data.GARDENER_ROWS[after["gardener"]["space"]]
    nursery = dict(before["nursery"], **{entry["nursery"]["space"]: None})
    empty = [space for space in row if not nursery[space]]
    assert len(empty) >= 3
    filled = before["path"][:len(empty)]
    assert [after["nursery"][space] for space in empty] == filled and after["path"] == before["path"][len(empty):]


def test_a_scored_bed_gives_its_tiles_to_the_path_and_its_place_to_the_spare_bed():
    before, entry, after = _first(2, 5, lambda b, e, a: e.get("type") == "move_cube" and b["turn"]["scoring"]
                                  and not a["turn"]["scoring"] and not a["final_round"])
    design = before["turn"]["scoring"]["design"]
    player = before["players"][before["current"]]
    bed = next(b for b in player["beds"] if b["design"] == design)
    slot = player["beds"].index(bed)
    assert after["path"][-len(bed["tiles"]):] == before["turn"]["scoring"]["path_order"]  # as the log said
    assert sorted(before["turn"]["scoring"]["path_order"]) == sorted(placed["tile"] for placed in bed["tiles"])
    assert after["players"][before["current"]]["beds"][slot] == {"design": before["spare_bed"], "tiles": [],
                                                                 "cats": [], "pots": []}
    assert after["spare_bed"] == design[:-1] + {"L": "D", "D": "L"}[design[-1]]
    assert after["supply"]["pots"] == before["supply"]["pots"] + len(bed["pots"])


def test_cats_over_two_go_onto_the_beds_before_the_turn_ends():
    before, entry, _ = _first(2, 1, lambda b, e, a: e.get("type") == "place_tile" and not a["turn"]["queue"]
                              and not a["final_round"])
    three = copy.deepcopy(before)
    three["players"][three["current"]]["cats"] = 3
    three["supply"]["cats"] -= 3 - before["players"][before["current"]]["cats"]
    after = ENGINE.apply(three, entry)
    assert (after["current"], after["turn"]["step"]) == (before["current"], "cats")
    cat = ENGINE.candidate_actions(after, random.Random(0))[0]
    assert cat["token"] == "cat"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, {**cat, "token": "pot"})  # a second planting: no
    assert refused.value.violations[0]["code"] == "out-of-step"
    done = ENGINE.apply(after, cat)
    assert done["current"] != before["current"] and done["turns"] == before["turns"] + 1
    assert done["players"][before["current"]]["cats"] == data.CATS_AT_START


def test_the_final_round_gives_up_small_beds_and_ends_with_the_last_bed():
    steps = _steps(3, 0)
    start = next(a for b, e, a in steps if a["final_round"] and not b["final_round"])
    give_ups = [(b, e, a) for b, e, a in steps if e.get("type") == "start_final_round"]
    seats = [(start["current"] + k) % 3 for k in range(3)]  # from the player whose turn is next
    assert [e["player"] for _, e, _ in give_ups] == [start["players"][i]["name"] for i in seats]
    for _, entry, after in give_ups:
        player = next(p for p in after["players"] if p["name"] == entry["player"])
        assert all(len(bed["tiles"]) >= data.FINAL_ROUND_MIN_TILES for bed in player["beds"])
        assert len(player["beds"]) + sum(len(b["tiles"]) < 3 for b in entry["beds"]) == len(entry["beds"])
    end = steps[-1][2]
    assert end["over"] and not any(p["beds"] for p in end["players"]) and end["final_round"]


def test_a_solo_game_takes_32_turns_before_the_final_round_and_has_no_beehives():
    steps = _steps(1, 2)
    start = next(a for b, e, a in steps if a["final_round"] and not b["final_round"])
    assert start["turns"] == 32 and start["gardener"]["die"] == data.FINAL_ROUND_FACE
    assert all(a["players"][0]["beehives"] == 0 and a["supply"]["beehives"] == [] for _, _, a in steps)


def _stuck_final_round() -> tuple[dict, dict, int]:
    """A 3-player Final Round's first penalty, on a table where no flower pot is left, no tile
    lies in the nursery or the path, one player has no bed and nobody a cat: the beds can
    never fill. Answers the state, the penalty and the flower pots that were left."""
    before, entry, _ = _first(3, 0, lambda b, e, a: e.get("type") == "final_round_penalty")
    stuck = copy.deepcopy(before)
    tiles = [tile for tile in stuck["nursery"].values() if tile] + stuck["path"]
    stuck.update(nursery=dict.fromkeys(stuck["nursery"]), path=[], discards=stuck["discards"] + tiles)
    pots = stuck["supply"]["pots"]
    stuck["supply"]["pots"] = 0
    for player in stuck["players"]:
        stuck["supply"]["cats"] += player["cats"]
        player["cats"] = 0
    idle = next(i for i in range(3) if i != stuck["current"])
    stuck["discards"] += [placed["tile"] for bed in stuck["players"][idle]["beds"] for placed in bed["tiles"]]
    stuck["removed_beds"] += [bed["design"] for bed in stuck["players"][idle]["beds"]]
    stuck["players"][idle]["beds"] = []
    return stuck, entry, pots


def test_a_final_round_in_which_nothing_can_change_ends_before_the_next_penalty():
    """Final Round: the game ends when the last bed is gone, but these beds can never fill. It
    ends as soon as nothing on the table can change, before another penalty is paid (before,
    the gardener went round twice, every player with a bed paying 2 points a turn: one random
    4-player game in six ended with every cube back on the start)."""
    stuck, entry, pots = _stuck_final_round()
    state = ENGINE.apply(stuck, entry)  # the penalty already due is paid, the turn passes
    assert state["over"] and state["turns"] == stuck["turns"] + 1 and pots
    assert any(p["beds"] for p in state["players"])
    paid = {p["name"]: (p["orange"], p["blue"]) for p in state["players"]}
    assert paid == {p["name"]: (p["orange"], p["blue"]) for p in ENGINE.apply(stuck, entry)["players"]}


def test_a_final_round_goes_on_while_a_tile_that_fits_waits_in_the_path_or_a_cat_in_hand():
    """Not stuck while a tile of the garden path that fits a bed comes into the gardener row
    with the refill that falls due, nor while a player with a bed holds a cat (a planted bug
    that forgets the cats makes this fail)."""
    stuck, entry, _ = _stuck_final_round()
    waiting = copy.deepcopy(stuck)
    single = next(tile for tile in ("1A", "1B") if tile in waiting["discards"])  # it fits any empty space
    waiting["path"] = [single]
    waiting["discards"].remove(single)
    assert not ENGINE.apply(waiting, entry)["over"]
    with_a_cat = copy.deepcopy(stuck)
    later = next(i for i, p in enumerate(stuck["players"]) if p["beds"] and i != stuck["current"])
    with_a_cat["players"][later]["cats"], with_a_cat["supply"]["cats"] = 1, with_a_cat["supply"]["cats"] - 1
    assert not ENGINE.apply(with_a_cat, entry)["over"]


def test_a_final_round_bed_complete_but_for_a_printed_pot_is_scored_not_stuck():
    """Cottage Garden › 3 Scoring Phase: a printed flower pot fills its space, so a bed whose
    one uncovered space prints a pot is complete and takes nothing more. Dee's last bed of the
    Final Round (4 players, seed 1859, as simulated before) waits to be scored: the simulator
    offered a cat on that printed pot as the cat choice's one action, check refused it, and the
    game stopped with no legal move though score_bed was legal."""
    state = json.loads((Path(__file__).parent / "final_round_bed_left_for_scoring.json").read_text())
    table = cottage_table(ENGINE.read(state))
    assert table.expected[1] == ("score_bed", "cat")
    for seed in range(20):
        action, judged = ENGINE.random_legal_action(table, random.Random(seed))
        assert action["type"] == "score_bed" and judged["legal"]


# The games that stopped so: seeds 0-2,999 at 4 players, 0-999 at 2 (none at 1 or 3).
@pytest.mark.parametrize("players, seed", [(4, 1859), (4, 2320), (2, 918)])
def test_the_games_that_stopped_in_the_final_round_are_played_to_their_end(players, seed):
    log, _ = scorer.simulate(GAME, players, seed)
    replayed = ENGINE.replay(log)
    assert replayed["legal"] and replayed["over"]


def test_cats_and_pots_are_offered_only_spaces_that_print_nothing_and_no_piece_covers():
    state = json.loads((Path(__file__).parent / "final_round_bed_left_for_scoring.json").read_text())
    player = state["players"][3]
    fresh = {"design": "1L", "tiles": [], "cats": [[1, 1]], "pots": []}
    player["beds"].append(fresh)  # a second bed, one cat on it
    for token in ("cat", "pot"):
        offered = token_candidates(state, player, token)
        assert {a["bed"]["design"] for a in offered} == {"1L"}  # nothing on the complete bed
        free = [(r, c) for r in range(1, 6) for c in range(1, 6) if (r, c) not in printed("1L") | {(1, 1)}]
        assert sorted(tuple(a["at"]) for a in offered) == free


# --- the order of a turn's phases, and the cats a player may place ----------------------------------

def test_a_bed_a_cat_completes_is_scored_after_the_planting_not_before():
    """Cottage Garden › The Game: the Planting Phase comes before the Scoring Phase. A cat that
    fills a bed's last space leaves the bed waiting: the tile or pot still goes onto the other
    bed, and only then is the full bed scored (before, the bed was scored and replaced at once
    and the tile could go onto the new bed)."""
    before, entry, after = _first(4, 7, lambda b, e, a: e.get("type") == "place_token" and e["token"] == "cat"
                                  and b["turn"]["step"] == "plant" and a["turn"]["queue"])
    full = entry["bed"]["design"]
    assert after["turn"]["step"] == "plant" and after["turn"]["scoring"] is None
    player = after["players"][after["current"]]
    assert full in [bed["design"] for bed in player["beds"]]  # not replaced yet
    planting = ENGINE.candidate_actions(after, random.Random(1))
    assert planting and all(a["type"] in ("place_tile", "place_token") for a in planting)
    assert all(a["bed"]["design"] != full for a in planting if a["type"] == "place_tile" or a["token"] == "pot")
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, {"type": "score_bed", "player": player["name"], "bed": after["turn"]["queue"][0]["rows"]})
    assert refused.value.violations[0]["code"] == "out-of-step"
    state = after
    while state["turn"]["step"] == "plant":  # cats first, perhaps, then the tile or pot
        state = ENGINE.apply(state, ENGINE.candidate_actions(state, random.Random(len(state["path"])))[0])
    assert state["turn"]["queue"][0]["design"] == full
    assert ENGINE.candidate_actions(state, random.Random(0))[0]["type"] == "score_bed"


def _about_to_win_a_cat(cats: int) -> tuple[dict, dict]:
    """A state whose next move is the last cube move of a scoring, moved from 8 across the red
    line, with `cats` in the player's reserve."""
    before, entry, _ = _first(2, 1, lambda b, e, a: e.get("type") == "move_cube"
                              and b["turn"]["scoring"]["moves"] == [e["color"]] and not b["final_round"])
    state = copy.deepcopy(before)
    player = state["players"][state["current"]]
    colour = entry["color"]
    low = data.MOUSE_LINE[colour][0]
    player[colour][player[colour].index(entry["from"])] = low
    state["supply"]["cats"] += player["cats"] - cats
    player["cats"] = cats
    return state, {**entry, "from": low}


def test_a_cat_won_on_the_red_line_may_be_used_at_once_or_kept():
    """Special rules for the Planting Table: a cat won on the red line may be used at once
    (before, the turn ended at once and the cat waited for the next turn)."""
    state, move = _about_to_win_a_cat(0)
    after = ENGINE.apply(state, move)
    seat = state["current"]
    assert after["players"][seat]["cats"] == 1 and after["current"] == seat and after["turns"] == state["turns"]
    choices = ENGINE.candidate_actions(after, random.Random(0))
    kinds = {a["type"] for seed in range(20) for a in ENGINE.candidate_actions(after, random.Random(seed))}
    assert kinds == {"place_token", "end_turn"} and choices
    cat = next(a for seed in range(20) for a in ENGINE.candidate_actions(after, random.Random(seed))
               if a["type"] == "place_token")
    assert cat["token"] == "cat"
    used = ENGINE.apply(after, cat)
    assert used["players"][seat]["cats"] == 0 and used["turns"] == state["turns"] + 1  # nothing more to do
    kept = ENGINE.apply(after, {"type": "end_turn", "player": state["players"][seat]["name"]})
    assert kept["players"][seat]["cats"] == 1 and kept["turns"] == state["turns"] + 1
    with pytest.raises(IllegalMove) as refused:  # no end_turn while a tile or pot must be taken
        ENGINE.apply(kept, {"type": "end_turn", "player": kept["players"][kept["current"]]["name"]})
    assert refused.value.violations[0]["code"] == "out-of-step"


def test_cats_over_two_are_still_placed_and_then_the_won_cat_may_follow():
    state, move = _about_to_win_a_cat(2)
    after = ENGINE.apply(state, move)
    assert after["turn"]["step"] == "cats"
    kinds = {a["type"] for seed in range(20) for a in ENGINE.candidate_actions(after, random.Random(seed))}
    assert kinds == {"place_token"}  # three cats: one must go down


def test_a_player_with_no_tile_or_pot_to_take_may_still_place_a_cat():
    """Mouse hunt: cats may always be placed. With no flower pot left and no tile in the
    nursery, the Planting Phase offers a cat or the end of the turn (before, it was skipped)."""
    before, entry, _ = _first(3, 0, lambda b, e, a: e.get("type") == "final_round_penalty")
    stuck = copy.deepcopy(before)
    tiles = [tile for tile in stuck["nursery"].values() if tile] + stuck["path"]
    stuck.update(nursery=dict.fromkeys(stuck["nursery"]), path=[], discards=stuck["discards"] + tiles)
    player = stuck["players"][stuck["current"]]
    stuck["supply"]["cats"] -= 1 - player["cats"]
    player["cats"] = 1
    after = ENGINE.apply({**stuck, "supply": {**stuck["supply"], "pots": 0}}, entry)
    assert after["turn"]["step"] == "more_cats" and after["current"] == stuck["current"]
    kinds = {a["type"] for seed in range(20) for a in ENGINE.candidate_actions(after, random.Random(seed))}
    assert kinds == {"place_token", "end_turn"}


def _uncovered(bed: dict) -> list[list[int]]:
    """The 1-based spaces of a bed that show empty: no piece on them and nothing printed."""
    covered = {(row + r, col + c) for placed in bed["tiles"] for row, col in [placed["at"]]
               for r, c, _ in data.oriented_squares(placed["tile"], placed["rotation"], placed["flip"])}
    covered |= {tuple(at) for at in bed["cats"] + bed["pots"]}
    design = data.BED_DESIGNS[bed["design"]]
    return [[r, c] for r in range(1, 6) for c in range(1, 6)
            if (r, c) not in covered and design[r - 1][c - 1] == data.EMPTY]


def test_cats_may_not_fill_both_beds_to_skip_the_tile_or_pot():
    """2 Planting Phase: a tile or a flower pot must be taken, the player may not pass. A cat
    that would leave no bed for it is refused while one could be taken (before, a player with
    one space left on each bed and two cats skipped the planting)."""
    before, _, _ = _first(2, 0, lambda b, e, a: b["turn"]["step"] == "plant" and not b["final_round"]
                          and b["turns"] > 4)
    state = copy.deepcopy(before)
    player = state["players"][state["current"]]
    for bed in player["beds"]:  # every empty space but one under a cat
        bed["cats"] += _uncovered(bed)[1:]
    state["supply"]["cats"] = 0
    player["cats"] = 2
    last = [(bed, _uncovered(bed)[0]) for bed in player["beds"]]
    cat = {"type": "place_token", "player": player["name"], "token": "cat"}
    first = ENGINE.apply(state, {**cat, "bed": last[0][0], "at": last[0][1]})
    assert first["turn"]["queue"] and first["turn"]["step"] == "plant"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(first, {**cat, "bed": last[1][0], "at": last[1][1]})
    found = refused.value.violations[0]
    assert found["code"] == "must-plant" and found["rule"].endswith("2 Planting Phase")
    assert "may not pass" in found["message"] and "flower pot" in found["message"]
    pot = ENGINE.apply(first, {**cat, "token": "pot", "bed": last[1][0], "at": last[1][1]})
    assert len(pot["turn"]["queue"]) == 2  # both beds full, the planting done: both are scored


# --- the order a scored bed's tiles go back to the garden path ---------------------------------------

def _scoring(players: int, seed: int) -> tuple[dict, dict]:
    """A score_bed of a simulated game with three tiles or more on the bed, and the state before it."""
    before, entry, _ = _first(players, seed, lambda b, e, a: e.get("type") == "score_bed" and len(
        next(bed for bed in b["players"][b["current"]]["beds"]
             if bed["design"] == b["turn"]["queue"][0]["design"])["tiles"]) >= 3 and len(b["path"]) > 6)
    return before, entry


def _scored_tiles(state: dict, entry: dict) -> list[str]:
    design = next(e["design"] for e in state["turn"]["queue"] if e["rows"] == entry["bed"])
    return [placed["tile"] for bed in state["players"][state["current"]]["beds"] if bed["design"] == design
            for placed in bed["tiles"]]


def _until_cleaned_up(state: dict) -> dict:
    while state["turn"]["scoring"]:
        state = ENGINE.apply(state, ENGINE.candidate_actions(state, random.Random(0))[0])
    return state


def test_a_scored_bed_s_tiles_go_to_the_path_s_end_in_the_order_the_log_records():
    """Cleanup: the tiles go to the end of the garden path in any order; score_bed's
    path_order records it (before, the engine always used the order planted, and a real game
    laid otherwise was refused later at an innocent placement)."""
    before, entry = _scoring(2, 0)
    order = _scored_tiles(before, entry)[::-1]
    after = _until_cleaned_up(ENGINE.apply(before, {**entry, "path_order": order}))
    assert after["path"][-len(order):] == order and after["unordered"] == []
    for wrong, words in ((order[1:], f"leaves out {order[0]}"), ([*order, "6H"], "6H is not on it"),
                         ([order[0], *order[:-1]], f"names {order[0]} twice")):
        with pytest.raises(IllegalMove) as refused:
            ENGINE.apply(before, {**entry, "path_order": wrong})
        assert refused.value.violations[0]["code"] == "wrong-path-order", wrong
        assert words in refused.value.violations[0]["message"], refused.value.violations


def test_an_unrecorded_path_order_is_inferred_from_the_tile_taken_later():
    """Without path_order the planted order is assumed; a later tile taken from a space the
    assumption filled with another tile of that bed shows the real order, and the game goes on."""
    for players, seed in ((2, 0), (3, 1), (4, 2), (1, 3)):
        log, _ = scorer.simulate(GAME, players, seed)
        recorded = [entry for entry in log if entry.get("type") == "score_bed"]
        assert recorded and all("path_order" in entry for entry in recorded)
        unrecorded = [{k: v for k, v in entry.items() if k != "path_order"} for entry in log]
        result = scorer.replay(GAME, unrecorded)
        assert result["legal"], (players, seed, result.get("violations"))
        assert result["end_state"] == scorer.replay(GAME, log)["end_state"]


def test_a_tile_no_order_explains_names_the_order_that_is_missing():
    before, entry = _scoring(2, 0)
    tiles = _scored_tiles(before, entry)
    state = _until_cleaned_up(ENGINE.apply(before, {key: value for key, value in entry.items() if key != "path_order"}))
    assert state["unordered"] == [{"design": next(e["design"] for e in before["turn"]["queue"]), "tiles": tiles}]
    assert state["path"][-len(tiles):] == tiles
    # The first tile of the bed goes into the gardener row as the planted order has it; the
    # player then names a tile of another bed there.
    state = copy.deepcopy(state)
    while state["turn"]["step"] != "plant" or state["turn"]["queue"]:
        state = ENGINE.apply(state, ENGINE.candidate_actions(state, random.Random(0))[0])
    space = data.GARDENER_ROWS[state["gardener"]["space"]][0]
    elsewhere = state["nursery"][space]
    state["path"][state["path"].index(tiles[0])], state["nursery"][space] = elsewhere, tiles[0]
    player = state["players"][state["current"]]
    named, bed, placement = next(
        (tile, bed, fits[0]) for tile in state["path"] if tile not in tiles for bed in player["beds"]
        for fits in [scorer.check(GAME, ENGINE.check_state(state), {"type": "fit_tiles", "bed": bed, "tiles": [tile]})
                     ["effects"].get("placements", {}).get(tile)] if fits)
    take = {"type": "place_tile", "player": player["name"], "bed": bed, "tile": named, **placement,
            "nursery": {"space": space, "gardener": state["gardener"]["space"]}}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, take)
    found = refused.value.violations[0]
    assert found["code"] == "tile-not-there" and "path_order" in found["message"], found


# --- cats after the tile: Mouse hunt ----------------------------------------------------------------

def test_a_cat_may_follow_the_tile_and_the_next_player_s_move_ends_the_turn():
    """2 Planting Phase › Mouse hunt: beside the tile or pot, cats may always be placed, after it
    too (before, the turn ended with the tile and the cat was refused as "out of turn"). The
    turn then ends with end_turn, or by itself with the next player's move."""
    steps = _steps(2, 0)
    index = next(i for i, (b, e, a) in enumerate(steps) if e.get("type") == "place_tile" and not a["turn"]["queue"]
                 and b["turn"]["step"] == "plant" and b["players"][b["current"]]["cats"])
    before, tile, planted = steps[index]
    seat = before["current"]
    player = before["players"][seat]
    assert planted["current"] == seat and planted["turn"]["step"] == "planted"
    bed = next(b for b in planted["players"][seat]["beds"] if b["design"] == tile["bed"]["design"])
    cat = {"type": "place_token", "player": player["name"], "bed": bed, "token": "cat", "at": _uncovered(bed)[0]}
    with_cat = ENGINE.apply(planted, cat)
    assert with_cat["players"][seat]["cats"] == player["cats"] - 1 and with_cat["current"] == seat
    # The next player's move (as the simulated game made it) ends the turn by itself ...
    nxt = steps[index + 1][1]
    assert nxt["player"] != player["name"]
    assert ENGINE.apply(planted, nxt) == after_next(planted, nxt) == steps[index + 1][2]
    # ... as does end_turn; and a move out of step says what the player may still do.
    ended = ENGINE.apply(with_cat, {"type": "end_turn", "player": player["name"]})
    assert ended["current"] != seat and ended["turns"] == before["turns"] + 1
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(planted, {**cat, "token": "pot"})  # a second planting
    found = refused.value.violations[0]
    assert found["code"] == "out-of-step" and "cats" in found["message"], found


def after_next(planted: dict, move: dict) -> dict:
    """The state after the move once the turn was ended explicitly."""
    ended = ENGINE.apply(planted, {"type": "end_turn", "player": planted["players"][planted["current"]]["name"]})
    return ENGINE.apply(ended, move)


def test_a_cat_after_the_tile_may_complete_the_other_bed_and_the_player_picks_the_order():
    """3 Scoring Phase: when a cat completes the second bed in the same turn, the player
    chooses which bed is scored first: the one completed last may go first, and it is that bed
    that is scored, the other left waiting (tried with either bed completed first, so a bed
    matched by anything looser than its rows is caught whichever rows sort first)."""
    before, tile, after = _first(2, 0, lambda b, e, a: e.get("type") == "place_tile" and len(a["turn"]["queue"]) == 1
                                 and b["turn"]["step"] == "plant")
    state = copy.deepcopy(before)
    player = state["players"][state["current"]]
    other = next(b for b in player["beds"] if b["design"] != tile["bed"]["design"])
    other["cats"] += _uncovered(other)[1:]
    player["cats"] = 1
    planted = ENGINE.apply(state, {**tile, "bed": next(b for b in player["beds"] if b["design"] == tile["bed"]["design"])})
    cat = {"type": "place_token", "player": player["name"], "bed": other, "token": "cat", "at": _uncovered(other)[0]}
    both = ENGINE.apply(planted, cat)
    assert sorted(e["design"] for e in both["turn"]["queue"]) == sorted(b["design"] for b in player["beds"])
    assert both["turn"]["queue"][0]["rows"] != both["turn"]["queue"][1]["rows"]
    for first, second in (both["turn"]["queue"], both["turn"]["queue"][::-1]):
        waiting = copy.deepcopy(both)
        waiting["turn"]["queue"] = [first, second]
        scored = ENGINE.apply(waiting, {"type": "score_bed", "player": player["name"], "bed": second["rows"]})
        assert scored["turn"]["scoring"]["design"] == second["design"]
        assert scored["turn"]["queue"] == [first]


# --- the moves ---------------------------------------------------------------------------------------

def test_every_move_of_a_game_is_one_move_object_check_and_the_engine_share():
    game = scorer.GAMES[GAME]
    moves = {move.type for move in game.moves}
    assert moves == set(game.action_types()) - {"turns", "orient_tile", "fit_tiles"}
    assert all(not hasattr(game, f"check_{kind}") for kind in moves)  # each rule in its move


def test_the_engine_remembers_nothing_between_games():
    """A state is a value: the engine keeps no memo of states or placements it saw."""
    scorer.simulate(GAME, 3, 5)
    assert vars(ENGINE) == {"game": scorer.GAMES[GAME]}


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 1)])
def test_the_simulators_choices_are_among_their_moves_candidates(players, seed):
    """The engine draws one choice at a time, tidily or anywhere; whatever it offers is among
    the candidates of the action's move (a bed's path order aside, drawn anew each time)."""
    engine = ENGINE
    assert isinstance(engine, CottageGardenEngine)
    for before, entry, _ in _steps(players, seed):
        if "chance" in entry or before["over"]:
            continue
        table = engine.read(before)
        if "end_turn" in table.expected[1]:  # the turn may end by itself: the next one's candidates
            continue
        for action in engine.candidate_actions(table, random.Random(seed)):
            move = engine.move_for(action["type"])
            if action["type"] != "score_bed":
                assert action in move.candidates(table), action


def _live_tables(log: list) -> list[Table[Any] | None]:
    """The table a live game reaches after each entry of the log (None for the setup)."""
    table = ENGINE.read(ENGINE.initial_state(log[0]["setup"]["players"], {}))
    tables: list[Table[Any] | None] = [None]
    for entry in log[1:]:
        table = ENGINE.resolve_chance_on(table, entry) if "chance" in entry else ENGINE.apply_on(table, entry)
        tables.append(table)
    return tables


def _another_move(log: list, tables: list) -> tuple[int, dict]:
    """An entry of the log and another legal action on the table before it, which leads elsewhere."""
    for index in range(2, len(log)):
        if "chance" in log[index]:
            continue
        before = tables[index - 1]
        for action in ENGINE.candidate_actions(before, random.Random(index)):
            if action != log[index] and ENGINE.judge(before, action)["legal"] and (
                    ENGINE.apply_on(before, action).state != tables[index].state):
                return index, action
    raise AssertionError("no entry with another move")


def test_the_replay_takes_a_live_table_made_by_the_same_move_on_an_equal_state_only():
    """Handed the tables a live game reached, the replay makes no move again where the live
    game made the same move on an equal state (what follows by itself depends on nothing
    else); another move on that state is made, with what follows it, as in any replay."""
    log, _ = scorer.simulate(GAME, 2, 5)
    tables = _live_tables(log)
    with mock.patch.object(CottageMove, "transition", autospec=True, side_effect=CottageMove.transition) as made:
        assert ENGINE.replay(log, (), tables) == ENGINE.replay(log)
        assert made.call_count > 0  # the plain replay makes every move
        made.reset_mock()
        ENGINE.replay(log, (), tables)
        assert made.call_count == 0
    index, other = _another_move(log, tables)
    before = tables[index - 1]
    assert before is not None
    replayed = ENGINE.replay([*log[:index], other], (), tables)
    assert replayed["legal"] and replayed["state"] == ENGINE.apply_on(before, other).state
