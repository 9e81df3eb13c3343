"""Cottage Garden: final scoring, impossible states and every rule check, through the public API."""
import pytest

import scorer
from scorer import InvalidState

GAME = "cottage-garden"


def player(name="Ann", orange=(0, 0, 0), blue=(0, 0, 0), beehives=0):
    return {"name": name, "orange": list(orange), "blue": list(blue), "beehives": beehives}


def two(**ann):
    return {"players": [player(**ann), player("Bo", orange=(1, 2, 3))]}


def codes(state):
    return [v["code"] for v in scorer.validate(GAME, state)]


def check(action, state=None):
    return scorer.check(GAME, state or two(), action)


# --- scoring -------------------------------------------------------------------------------

def test_the_rulebooks_64_point_example():
    # End of the Game: two orange cubes on 8, one on the target; blue on 6, on the target and
    # on the start; the two-hive tile: 16 + 20 + 6 + 20 + 0 + 2 = 64.
    state = {"players": [player("Example", orange=(8, 8, 20), blue=(6, 20, 0), beehives=2),
                         player("Other", orange=(3, 3, 3), blue=(2, 2, 2))]}
    result = scorer.score(GAME, state)
    first = result["players"][0]
    assert first["name"] == "Example" and first["total"] == 64
    assert first["breakdown"] == {"orange": 36, "blue": 26, "beehives": 2}
    assert result["winners"] == ["Example"]


def test_start_cubes_score_nothing_and_blue_values_are_already_doubled():
    result = scorer.score(GAME, {"players": [player(orange=(0, 0, 15), blue=(0, 14, 0))]})
    assert result["players"][0]["breakdown"] == {"orange": 15, "blue": 14, "beehives": 0}


def test_tie_broken_by_beehives_then_shared():
    state = {"players": [player("Ann", orange=(9, 0, 20), blue=(0, 0, 0), beehives=1),
                         player("Bo", orange=(8, 0, 20), blue=(0, 0, 0), beehives=2),
                         player("Cy", orange=(10, 0, 0), blue=(0, 0, 0))]}
    result = scorer.score(GAME, state)
    assert [(p["name"], p["rank"]) for p in result["players"]] == [("Bo", 1), ("Ann", 2), ("Cy", 3)]
    tied = {"players": [player("Ann", orange=(5, 0, 0)), player("Bo", blue=(4, 0, 0), orange=(1, 0, 0))]}
    result = scorer.score(GAME, tied)
    assert [p["rank"] for p in result["players"]] == [1, 1] and result["winners"] == ["Ann", "Bo"]


# --- impossible states ---------------------------------------------------------------------

@pytest.mark.parametrize("colour,value", [("orange", 16), ("orange", 19), ("orange", -1),
                                          ("orange", 21), ("blue", 3), ("blue", 15), ("blue", 1)])
def test_a_value_not_on_its_track(colour, value):
    state = two(**{colour: (value, 0, 0)})
    found = scorer.validate(GAME, state)
    assert [v["code"] for v in found] == ["not-on-track"]
    assert found[0]["path"] == f"players[0].{colour}[0]"


@pytest.mark.parametrize("cubes", [(0, 0), (0, 0, 0, 0), ()])
def test_not_exactly_three_cubes_a_colour(cubes):
    assert codes(two(blue=cubes)) == ["cube-count"]


def test_beehive_tile_with_no_cube_on_the_target_is_only_a_warning():
    # A Final Round penalty may move a cube back off the target; the tile stays.
    state = {"players": [player("Ann", orange=(15, 0, 0), beehives=2), player("Bo", orange=(1, 0, 0))]}
    assert scorer.validate(GAME, state) == []
    warnings = scorer.score(GAME, state)["warnings"]
    assert [w["code"] for w in warnings] == ["beehive-without-target"]


def test_the_same_tile_twice():
    state = {"players": [player("Ann", orange=(20, 0, 0), beehives=2),
                         player("Bo", orange=(20, 0, 0), beehives=2)]}
    assert codes(state) == ["beehive-tile-twice"]


@pytest.mark.parametrize("hives", [3, -1, 4])
def test_both_tiles_or_a_bad_count(hives):
    assert codes(two(orange=(20, 0, 0), beehives=hives)) == ["beehive-count"]


def test_one_hive_tile_without_the_two_hive_tile():
    state = {"players": [player("Ann", orange=(20, 0, 0), beehives=1), player("Bo", orange=(1, 0, 0))]}
    assert "beehive-order" in codes(state)


def test_target_cube_while_nobody_holds_the_two_hive_tile():
    found = scorer.validate(GAME, two(blue=(20, 0, 0)))
    assert [v["code"] for v in found] == ["beehive-tile-missing"]
    assert found[0]["path"] == "players[0].beehives"


def test_third_player_on_the_target_needs_no_tile():
    state = {"players": [player("Ann", orange=(20, 0, 0), beehives=2),
                         player("Bo", blue=(20, 0, 0), beehives=1),
                         player("Cy", blue=(20, 20, 0))]}
    assert scorer.validate(GAME, state) == []
    state["players"][1]["beehives"] = 0
    assert codes(state) == ["beehive-tile-missing", "beehive-tile-missing"]


def test_solo_games_have_no_beehives_but_may_reach_the_target():
    assert scorer.validate(GAME, {"players": [player(orange=(20, 20, 20))]}) == []
    assert codes({"players": [player(orange=(20, 0, 0), beehives=2)]}) == ["beehives-solo"]


@pytest.mark.parametrize("count", [0, 5])
def test_player_count(count):
    state = {"players": [player(f"P{i}", orange=(1, 0, 0)) for i in range(count)]}
    assert "player-count" in codes(state)


def test_duplicate_names_and_malformed_input():
    assert codes({"players": [player("A"), player("A")]}) == ["duplicate-player-name"]
    assert codes({"players": [{**player(), "orange": ["8", 0, 0]}]}) == ["wrong-type"]
    assert codes({"players": [{**player(), "cats": 2}]}) == ["unknown-field"]
    assert codes({"players": [{"name": "A", "orange": [0, 0, 0]}]}) == ["missing-field"]
    with pytest.raises(InvalidState):
        scorer.score(GAME, {"players": "Ann"})


def test_beehives_default_to_none():
    state = {"players": [{"name": "A", "orange": [1, 0, 0], "blue": [0, 0, 0]}]}
    assert scorer.score(GAME, state)["players"][0]["total"] == 1


# --- score_bed -----------------------------------------------------------------------------

def test_score_bed_counts_visible_pots_tokens_and_cloches():
    bed = ["pcFFF", "PCFKO", "FFFFF", "OOFFF", "cFFFF"]
    result = check({"type": "score_bed", "bed": bed})
    assert result == {"legal": True, "violations": [],
                      "effects": {"complete": True, "pots": 5, "cloches": 3, "empty": [], "warnings": []},
                      "summary": ["The bed is complete: score it now, 5 flower pots (orange steps) and "
                                  "3 cloches (blue steps)."]}


def test_score_bed_may_name_the_order_its_tiles_go_to_the_path():
    """Cleanup: the tiles go to the end of the garden path in any order; a log may say which
    (which tiles lie on the bed is the table's to know, so check only reads the names)."""
    bed = ["pcFFF", "PCFKO", "FFFFF", "OOFFF", "cFFFF"]
    result = check({"type": "score_bed", "bed": bed, "path_order": ["5F", "2A", "1A"]})
    assert result["legal"] and result["effects"]["pots"] == 5
    with pytest.raises(InvalidState) as caught:
        check({"type": "score_bed", "bed": bed, "path_order": ["5F", "9Z"]})
    assert caught.value.violations[0]["path"] == "action.path_order[1]"
    assert "no tile '9Z'" in caught.value.violations[0]["message"]


def test_the_rulebooks_left_bed_cats_give_nothing():
    bed = ["pFFFK", "FFcFF", "FPFFF", "FFFcK", "cFFFF"]
    effects = check({"type": "score_bed", "bed": bed})["effects"]
    assert (effects["pots"], effects["cloches"]) == (2, 3)


def test_score_bed_on_an_incomplete_bed():
    result = check({"type": "score_bed", "bed": ["p....", "FFFFF", "FFFCF", "FFFFF", "FFFFF"]})
    assert not result["legal"] and result["violations"][0]["code"] == "bed-not-complete"
    # The same shape as a complete bed, so a client reads one answer either way.
    assert result["effects"] == {"complete": False, "pots": 1, "cloches": 1,
                                 "empty": [[1, 2], [1, 3], [1, 4], [1, 5]], "warnings": []}


@pytest.mark.parametrize("bed, what", [
    (["PPPPF", "FFFFF", "FFFFF", "FFFFF", "FFFFF"], "'P' spaces, but only 3 flower tiles show a flower pot"),
    (["CCCCC", "CCCCC", "FFFFF", "FFFFF", "FFFFF"], "'C' spaces, but only 9 one-square"),
    (["OOOOO", "OOOOO", "OOOOO", "OOFFF", "FFFFF"], "'O' spaces, but only 16 flower-pot tokens"),
])
def test_score_bed_cannot_show_more_than_the_box_holds(bed, what):
    """List of 36 Flower Tiles: 2A, 2B and 5F show a pot; one-square tiles show a cloche and
    are among the 11 smallest; the box has 16 flower-pot tokens."""
    result = check({"type": "score_bed", "bed": bed})
    assert not result["legal"]
    assert [v["code"] for v in result["violations"]] == ["more-than-the-box"]
    assert what in result["violations"][0]["message"]


def test_more_cloche_tiles_than_the_kit_prints_is_only_a_warning():
    # The kit prints two one-square tiles; the real box may have up to nine.
    result = check({"type": "score_bed", "bed": ["CCCFF", "FFFFF", "FFFFF", "FFFFF", "FFFFF"]})
    assert result["legal"] and result["effects"]["cloches"] == 3
    assert [w["code"] for w in result["effects"]["warnings"]] == ["not-in-printed-tiles"]


@pytest.mark.parametrize("bed, printed", [
    (["ppppp", "FFFFF", "FFFFF", "FFFFF", "FFFFF"], "5 printed flower pots, but the printed flowerbeds show at most 4"),
    (["cccFF", "FFFFF", "FFFFF", "FFFFF", "FFFFF"], "3 printed cloches, but the printed flowerbeds show at most 2"),
])
def test_more_printed_pots_or_cloches_than_the_boards_print_is_only_a_warning(bed, printed):
    """The flowerbeds' pictures are lost, so what a board prints is a house design: a bed
    showing more is warned about, never refused (a real board may print more)."""
    result = check({"type": "score_bed", "bed": bed})
    assert result["legal"]
    assert [(w["code"], printed in w["message"]) for w in result["effects"]["warnings"]] == [
        ("not-on-printed-flowerbeds", True)]
    as_printed = check({"type": "score_bed", "bed": ["ppppF", "FFccF", "FFFFF", "FFFFF", "FFFFF"]})
    assert as_printed["legal"] and as_printed["effects"]["warnings"] == []


@pytest.mark.parametrize("bed", [["FFFFF"] * 4, ["FFFFF"] * 4 + ["FFFF"], ["FFFFF"] * 4 + ["FFFFX"]])
def test_score_bed_malformed(bed):
    with pytest.raises(InvalidState) as caught:
        check({"type": "score_bed", "bed": bed})
    assert caught.value.violations[0]["code"] in ("bed-shape", "bed-cell")


# --- placing tiles and tokens ----------------------------------------------------------------

def place(tile, at, rotation=0, flip=False, design="1L", tiles=(), cats=(), pots=()):
    return check({"type": "place_tile", "tile": tile, "at": at, "rotation": rotation, "flip": flip,
                  "bed": {"design": design, "tiles": list(tiles), "cats": list(cats), "pots": list(pots)}})


def test_a_tile_covering_a_printed_pot_hides_it():
    # 1L prints a pot at [1,1], a cloche at [3,3] and a pot at [5,5].
    result = place("5F", [1, 1])
    assert result["legal"]
    assert result["effects"]["cells"][0] == "FFPFF"
    assert result["effects"]["covered"] == [[1, 1]]
    assert (result["effects"]["pots"], result["effects"]["cloches"]) == (2, 1)


def test_rotation_and_flip():
    # 4E "###"/"#..": flipped it is "###"/"..#"; turned a quarter clockwise it stands upright.
    flipped = place("4E", [2, 1], flip=True)["effects"]["cells"]
    assert flipped[1:3] == ["FFF..", "..F.."]
    turned = place("4E", [2, 1], rotation=90)["effects"]["cells"]
    assert [row[:2] for row in turned[1:4]] == ["FF", ".F", ".F"]
    upright = place("5F", [1, 2], rotation=270)["effects"]["cells"]
    assert [row[1] for row in upright] == ["F", "F", "P", "F", "F"]


def test_a_tile_must_stay_inside_the_bed():
    result = place("5F", [1, 2])
    assert not result["legal"]
    message = result["violations"][0]["message"]
    # the spaces in words, as the pages promise: never "[1, 6]"
    assert result["violations"][0]["code"] == "outside-bed" and "at row 1, column 6" in message and "[" not in message
    two = place("6A", [5, 4])["violations"][0]["message"]
    assert two.endswith("at row 5, column 6 and row 6, columns 4, 5 and 6"), two
    assert place("6A", [4, 4], rotation=90)["violations"][0]["code"] == "outside-bed"


def test_no_tile_on_a_tile_and_no_tile_over_a_token():
    on_tile = place("4B", [1, 2], tiles=[{"tile": "5F", "at": [1, 1]}])
    assert [v["code"] for v in on_tile["violations"]] == ["overlaps-tile"]
    assert on_tile["violations"][0]["path"] == "action"
    over_cat = place("4B", [2, 2], cats=[[3, 3]])
    assert [v["code"] for v in over_cat["violations"]] == ["covers-token"]
    over_pot = place("1A", [4, 4], pots=[[4, 4]])
    assert [v["code"] for v in over_pot["violations"]] == ["covers-token"]


def test_each_tile_only_once_on_a_bed():
    result = place("5F", [3, 1], tiles=[{"tile": "5F", "at": [1, 1]}])
    assert result["violations"][0]["code"] == "tile-twice"


def test_an_impossible_existing_layout_is_reported_where_it_is():
    result = place("1A", [5, 1], tiles=[{"tile": "5F", "at": [1, 1]}, {"tile": "4A", "at": [1, 2]}])
    assert not result["legal"] and result["violations"][0]["path"] == "action.bed.tiles[1]"


def test_completing_a_bed_shows_it_complete_with_its_score():
    # 5B "####"/"#...": row 2 cols 1-4 and row 3 col 1; 6B "####"/"##..": row 3 cols 2-5 and
    # row 4 cols 2-3; 4A fills row 5 but its last space, the printed pot at [5,5].
    tiles = [{"tile": "5F", "at": [1, 1]}, {"tile": "5B", "at": [2, 1]}, {"tile": "6B", "at": [3, 2]}]
    result = place("4A", [5, 1], tiles=tiles, cats=[[2, 5], [4, 1], [4, 4]], pots=[[4, 5]])
    assert result["legal"]
    assert result["effects"]["cells"] == ["FFPFF", "FFFFK", "FFFFF", "KFFKO", "FFFFp"]
    assert result["effects"]["complete"] and result["effects"]["covered"] == []
    assert (result["effects"]["pots"], result["effects"]["cloches"]) == (3, 0)


def test_tokens_follow_the_same_rules():
    token = {"type": "place_token", "bed": {"design": "1L", "tiles": [{"tile": "2A", "at": [2, 2]}]}}
    assert check({**token, "token": "cat", "at": [1, 1]})["effects"]["covered"] == [[1, 1]]
    assert check({**token, "token": "pot", "at": [2, 3]})["violations"][0]["code"] == "overlaps-tile"
    assert check({**token, "token": "pot", "at": [6, 1]})["violations"][0]["code"] == "outside-bed"
    placed = check({**token, "token": "pot", "at": [3, 3]})["effects"]
    assert placed["cells"][2] == "..O.." and (placed["pots"], placed["cloches"]) == (4, 0)


@pytest.mark.parametrize("action,code", [
    ({"type": "place_tile", "tile": "7A", "at": [1, 1], "bed": {"design": "1L"}}, "unknown-tile"),
    ({"type": "place_tile", "tile": "1A", "at": [1, 1], "bed": {"design": "10L"}}, "unknown-flowerbed-design"),
    ({"type": "place_tile", "tile": "1A", "at": [1, 1], "rotation": 45, "bed": {"design": "1L"}}, "not-allowed-value"),
    ({"type": "place_tile", "tile": "1A", "at": [1], "bed": {"design": "1L"}}, "wrong-length"),
    ({"type": "dance"}, "unknown-action"),
])
def test_malformed_actions(action, code):
    with pytest.raises(InvalidState) as caught:
        check(action)
    assert caught.value.violations[0]["code"] == code


# --- moving cubes --------------------------------------------------------------------------

def move(colour, frm, steps, state=None, who="Ann"):
    return check({"type": "move_cube", "player": who, "color": colour, "from": frm, "steps": steps}, state)


def test_a_plain_move():
    effects = move("orange", 0, 3)["effects"]
    assert effects == {"to": 3, "forfeited_steps": 0, "points": 3, "cat": False,
                       "pot_token": False, "beehive_tile": None}
    assert move("blue", 0, 3)["effects"]["to"] == 6


def test_one_step_from_15_or_blue_14_reaches_the_target_and_the_rest_is_forfeited():
    state = {"players": [player(orange=(15, 14, 0), blue=(14, 12, 0)), player("Bo")]}
    assert move("orange", 15, 1, state)["effects"]["to"] == 20
    orange = move("orange", 14, 4, state)["effects"]
    assert (orange["to"], orange["forfeited_steps"], orange["points"]) == (20, 2, 6)
    blue = move("blue", 12, 5, state)["effects"]
    assert (blue["to"], blue["forfeited_steps"]) == (20, 3)
    assert move("blue", 14, 1, state)["effects"]["to"] == 20


def test_cat_for_crossing_the_red_line():
    state = {"players": [player(orange=(8, 9, 0), blue=(8, 10, 0)), player("Bo")]}
    assert move("orange", 8, 1, state)["effects"]["cat"] is True
    assert move("orange", 9, 3, state)["effects"]["cat"] is False
    assert move("orange", 0, 8, state)["effects"]["cat"] is False
    assert move("orange", 0, 9, state)["effects"]["cat"] is True
    assert move("blue", 8, 1, state)["effects"]["cat"] is True
    assert move("blue", 10, 1, state)["effects"]["cat"] is False


def test_pot_token_when_the_last_cube_of_a_colour_leaves_the_start():
    state = {"players": [player(orange=(5, 5, 0), blue=(0, 0, 2)), player("Bo")]}
    assert move("orange", 0, 1, state)["effects"]["pot_token"] is True
    assert move("blue", 0, 1, state)["effects"]["pot_token"] is False


def test_beehive_tiles_go_first_two_then_one_then_none():
    first = {"players": [player(orange=(15, 0, 0)), player("Bo", orange=(15, 0, 0))]}
    assert move("orange", 15, 1, first)["effects"]["beehive_tile"] == 2
    second = {"players": [player(orange=(15, 0, 0)), player("Bo", orange=(20, 0, 0), beehives=2)]}
    assert move("orange", 15, 1, second)["effects"]["beehive_tile"] == 1
    again = {"players": [player(orange=(15, 20, 0), beehives=2), player("Bo", orange=(1, 0, 0))]}
    assert move("orange", 15, 1, again)["effects"]["beehive_tile"] is None
    solo = {"players": [player(orange=(15, 0, 0))]}
    assert move("orange", 15, 1, solo)["effects"]["beehive_tile"] is None


def test_illegal_cube_moves():
    done = {"players": [player(orange=(20, 20, 20), beehives=2, blue=(20, 0, 0)), player("Bo")]}
    assert move("orange", 20, 1, done)["violations"][0]["code"] == "colour-finished"
    assert move("blue", 20, 1, done)["violations"][0]["code"] == "cube-on-target"
    assert move("blue", 4, 1, done)["violations"][0]["code"] == "no-cube-there"
    with pytest.raises(InvalidState) as unknown:
        move("blue", 0, 1, done, who="Zed")
    assert unknown.value.violations[0]["code"] == "unknown-player"
    with pytest.raises(InvalidState):
        move("orange", 0, 0)
    with pytest.raises(InvalidState):
        move("green", 0, 1)


# --- the final round -----------------------------------------------------------------------

def penalty(colour, frm, beds=1, state=None):
    return check({"type": "final_round_penalty", "player": "Ann", "color": colour, "from": frm,
                  "flowerbeds_left": beds}, state)


def test_penalty_is_two_points_either_way_even_back_to_the_start():
    state = {"players": [player(orange=(9, 1, 20), blue=(10, 2, 20), beehives=2), player("Bo")]}
    assert penalty("orange", 9, state=state)["effects"] == {
        "to": 7, "points_lost": 2, "cat": False, "crossed_line_back": True}
    assert penalty("blue", 10, state=state)["effects"]["to"] == 8
    assert penalty("orange", 1, state=state)["effects"]["to"] == 0
    assert penalty("blue", 2, state=state)["effects"]["to"] == 0
    assert penalty("orange", 20, state=state)["effects"]["to"] == 14
    assert penalty("blue", 20, state=state)["effects"]["to"] == 14


def test_no_penalty_without_beds_or_from_the_start():
    assert penalty("orange", 2, beds=0)["violations"][0]["code"] == "no-flowerbeds-left"
    assert penalty("orange", 0)["violations"][0]["code"] == "cube-at-start"


def test_bonuses_are_won_again_after_moving_back():
    # After a penalty moved the cube from 9 to 7, crossing forward again earns a cat again;
    # a cube put back on the start and moved off again earns another pot token.
    after = {"players": [player(orange=(7, 5, 5), blue=(0, 4, 4)), player("Bo")]}
    assert move("orange", 7, 3, after)["effects"]["cat"] is True
    assert move("blue", 0, 2, after)["effects"]["pot_token"] is True


# A complete bed: design 1L (p.... / ..... / ..c.. / ..... / ....p) with its two printed pots
# and its cloche left showing, which count as filled.
FULL_1L = {"design": "1L", "tiles": [
    {"tile": "4A", "at": [1, 2]}, {"tile": "5F", "at": [2, 1]}, {"tile": "2C", "at": [3, 1]},
    {"tile": "2D", "at": [3, 4]}, {"tile": "3A", "at": [4, 1]}, {"tile": "2A", "at": [4, 4]},
    {"tile": "3B", "at": [5, 1]}], "cats": [[5, 4]], "pots": []}


def test_a_complete_bed_takes_no_more_pieces():
    full = check({"type": "place_token", "bed": FULL_1L, "token": "cat", "at": [1, 1]})
    assert [v["code"] for v in full["violations"]] == ["bed-already-complete"]
    tile = check({"type": "place_tile", "bed": FULL_1L, "tile": "1B", "at": [1, 1]})
    assert [v["code"] for v in tile["violations"]] == ["bed-already-complete"]
    assert "printed pot or cloche counts as filled" in tile["violations"][0]["message"]
    open_bed = dict(FULL_1L, cats=[])
    last = check({"type": "place_token", "bed": open_bed, "token": "cat", "at": [5, 4]})
    assert last["legal"] and last["effects"]["complete"] and last["effects"]["cells"][4] == "FFFKp"


def test_the_final_round_keeps_no_complete_bed_and_two_different_boards():
    three = {"design": "3D", "tiles": [{"tile": t, "at": [r, 2]} for t, r in (("2B", 1), ("1A", 2), ("1B", 3))]}
    complete = check({"type": "start_final_round", "beds": [FULL_1L, three]})
    assert [(v["code"], v["path"]) for v in complete["violations"]] == [("bed-already-complete", "action.beds[0]")]
    twice = check({"type": "start_final_round", "beds": [three, three]})
    assert [v["code"] for v in twice["violations"]] == ["same-flowerbed-twice"]
    sides = check({"type": "start_final_round", "beds": [three, dict(three, design="3L")]})
    assert [v["code"] for v in sides["violations"]] == ["same-flowerbed-twice"]
    assert "two sides of one board" in sides["violations"][0]["message"]


def test_the_final_round_beds_never_hold_one_tile_twice():
    """List of 36 Flower Tiles: there is one of each tile, so it lies on one bed at most."""
    first = {"design": "3D", "tiles": [{"tile": t, "at": [r, 2]} for t, r in (("3A", 1), ("3B", 2), ("4A", 3))]}
    second = {"design": "2L", "tiles": [{"tile": t, "at": [r, 2]} for t, r in (("3B", 2), ("4B", 3))]}
    result = check({"type": "start_final_round", "beds": [first, second]})
    assert [(v["code"], v["path"]) for v in result["violations"]] == [("tile-on-both-beds", "action.beds[1].tiles[0]")]
    assert "3B" in result["violations"][0]["message"]


def test_start_of_the_final_round_gives_up_beds_with_fewer_than_three_tiles():
    beds = [{"design": "2L", "tiles": [{"tile": "1A", "at": [2, 2]}, {"tile": "1B", "at": [3, 3]}],
             "cats": [[4, 4]], "pots": [[5, 5]]},
            {"design": "3D", "tiles": [{"tile": t, "at": [r, 2]} for t, r in (("3A", 1), ("3B", 2), ("4A", 3))]}]
    result = check({"type": "start_final_round", "beds": beds})
    assert result["effects"] == {"flower_tiles": [2, 3], "given_up": [0], "kept": [1]}
    # the answer counts the beds as a player does, from 1
    assert result["summary"] == ["The Final Round starts. Beds given up (too few flower tiles): bed 1; beds kept: bed 2."]


# --- the nursery and the gardener ----------------------------------------------------------

def refill(gardener, empty, path=20, ramble=False, state=None):
    return check({"type": "refill", "gardener": gardener, "empty": empty, "path": path,
                  "ramble": ramble}, state)


def test_three_empty_spaces_are_refilled_nearest_the_gardener_first():
    effects = refill("S3", ["A3", "B3", "D3", "B1"])["effects"]
    assert effects["row"] == ["D3", "C3", "B3", "A3"]
    assert effects["refill"] == "required" and effects["order"] == ["D3", "B3", "A3"]
    assert refill("WC", ["C2", "C1", "C4"])["effects"]["order"] == ["C1", "C2", "C4"]


def test_a_short_garden_path_fills_what_it_can():
    effects = refill("N2", ["A2", "B2", "C2", "D2"], path=1)["effects"]
    assert effects["order"] == ["A2"] and effects["left_empty"] == ["B2", "C2", "D2"]


def test_ramble_for_one_or_two_empty_spaces():
    quiet = refill("EA", ["A1", "A2"])["effects"]
    assert quiet["refill"] == "ramble" and quiet["order"] == [] and quiet["cats_returned"] == 0
    rambled = refill("EA", ["A1", "A2"], ramble=True)["effects"]
    assert rambled["order"] == ["A2", "A1"] and rambled["cats_returned"] == 1
    assert refill("EA", ["B1"], ramble=True)["violations"][0]["code"] == "ramble-not-allowed"
    assert refill("EA", ["A1", "A2", "A3"], ramble=True)["violations"][0]["code"] == "ramble-not-allowed"


def test_diagonals_only_on_the_four_player_side():
    four = {"players": [player(f"P{i}") for i in range(4)]}
    assert refill("SE", ["A1", "C3"], ramble=True, state=four)["effects"]["order"] == ["C3", "A1"]
    assert refill("SE", ["A1"])["violations"][0]["code"] == "not-a-gardener-space"
    with pytest.raises(InvalidState):
        refill("N1", ["E5"])


def test_solo_uses_only_the_first_and_third_rows():
    solo = {"players": [player()]}
    assert refill("N3", [], state=solo)["legal"]
    assert refill("N2", [], state=solo)["violations"][0]["code"] == "solo-unused-row"


def gardener(space, die, state=None):
    return check({"type": "move_gardener", "space": space, "die": die}, state)


def test_gardener_moves_and_turns_the_die_on_the_turning_space():
    assert gardener("N1", 2)["effects"] == {"to": "N2", "die": 2, "final_round_starts": False}
    assert gardener("WA", 3)["effects"]["die"] == 4
    assert gardener("WA", 5)["effects"] == {"to": "N1", "die": 6, "final_round_starts": True}
    # In the Final Round the die is not turned again.
    assert gardener("WA", 6)["effects"] == {"to": "N1", "die": 6, "final_round_starts": False}


def test_three_players_turn_two_spaces_before_the_gardener_space():
    three = {"players": [player(f"P{i}") for i in range(3)]}
    assert gardener("EB", 1, three)["effects"]["die"] == 2
    assert gardener("ED", 2, three)["effects"]["die"] == 2


def test_the_gardener_die_never_shows_less_than_its_start():
    """With 1-2 players the gardener die starts on 2 and is only ever turned up."""
    assert [v["code"] for v in gardener("N2", 1)["violations"]] == ["gardener-die-too-low"]
    assert gardener("N2", 2)["legal"]
    three = {"players": [player(f"P{i}") for i in range(3)]}
    assert gardener("EB", 1, three)["legal"]


def test_solo_gardener_never_moves_from_a_row_it_skips():
    solo = {"players": [player()]}
    assert [v["code"] for v in gardener("N2", 2, solo)["violations"]] == ["solo-unused-row"]
    assert gardener("N3", 2, solo)["legal"]


def test_a_cube_moves_at_most_a_flowerbed_of_steps():
    with pytest.raises(InvalidState) as absurd:  # more steps than every flowerbed holds
        move("orange", 0, 10**20)
    assert [v["code"] for v in absurd.value.violations] == ["out-of-range"]
    assert [v["code"] for v in move("orange", 0, 26)["violations"]] == ["too-many-steps"]
    assert move("orange", 0, 25)["effects"]["to"] == 20


def test_the_format_rule_names_the_game():
    with pytest.raises(InvalidState) as caught:
        scorer.score(GAME, {"players": [{"name": "Ann", "orange": "x", "blue": [0, 0, 0]}]})
    assert caught.value.violations[0]["rule"] == "Cottage Garden › state format"


def test_solo_gardener_moves_two_spaces():
    solo = {"players": [player()]}
    assert gardener("WB", 2, solo)["effects"] == {"to": "N1", "die": 3, "final_round_starts": False}
    assert gardener("NW", 2)["violations"][0]["code"] == "not-a-gardener-space"


@pytest.mark.parametrize("players,turns", [(1, 32), (2, 32), (3, 26), (4, 25)])
def test_turns_per_player_count(players, turns):
    state = {"players": [player(f"P{i}") for i in range(players)]}
    effects = check({"type": "turns"}, state)["effects"]
    assert effects["turns_before_final_round"] == turns
    assert effects["nursery_side"] == ("4" if players == 4 else "1-3")


def test_placement_effects_name_who_covers_each_space():
    effects = place("2A", [3, 4], tiles=[{"tile": "5F", "at": [1, 1]}], cats=[[5, 1]])["effects"]
    assert effects["owners"][0] == ["5F"] * 5
    assert effects["owners"][2][3:] == ["2A", "2A"] and effects["owners"][4][0] == "cat"
    assert effects["owners"][1] == [None] * 5 and effects["flower_tiles"] == 2


def test_orient_tile_shows_the_rotation_and_flip_convention():
    effects = check({"type": "orient_tile", "tile": "4E", "rotation": 90})["effects"]
    assert effects == {"squares": [[1, 1, "F"], [1, 2, "F"], [2, 2, "F"], [3, 2, "F"]], "rows": 3, "columns": 2}
    flipped = check({"type": "orient_tile", "tile": "2A", "flip": True})["effects"]
    assert flipped["squares"] == [[1, 1, "P"], [1, 2, "F"]]
    with pytest.raises(InvalidState):
        check({"type": "orient_tile", "tile": "0Z"})


def test_the_pages_examples_are_possible():
    from scorer.games.cottage_garden.rules import EXAMPLE_CHECK, EXAMPLE_STATE, page_data
    assert scorer.score(GAME, EXAMPLE_STATE)["players"][0]["total"] == 64
    assert scorer.check(GAME, EXAMPLE_CHECK["state"], EXAMPLE_CHECK["action"])["legal"]
    assert len(page_data()["tiles"]) == 36 and len(page_data()["beds"]) == 18


# --- what a game log adds: who acts, where a tile was taken, where a tile fits ---------------

def take(space, gardener, state=None, **fields):
    action = {"type": "place_tile", "player": "Ann", "tile": "3A", "at": [1, 2],
              "bed": {"design": "1L", "tiles": [], "cats": [], "pots": []},
              "nursery": {"space": space, "gardener": gardener}, **fields}
    return check(action, state)


def test_a_tile_is_taken_from_the_row_the_gardener_marks():
    taken = take("C3", "N3")
    assert taken["legal"] and taken["effects"]["gardener_row"] == ["A3", "B3", "C3", "D3"]
    assert taken["effects"]["cells"][0] == "pFFF."
    away = take("C2", "N3")
    assert [(v["code"], v["path"]) for v in away["violations"]] == [("not-in-gardener-row", "action.nursery.space")]
    assert away["violations"][0]["rule"] == "Cottage Garden › 2 Planting Phase › a) Take a Flower Tile"
    assert take("D4", "SE", {"players": [player(), *(player(f"P{i}") for i in range(3))]})["legal"]  # a diagonal
    assert [v["code"] for v in take("A1", "NW")["violations"]] == ["not-a-gardener-space"]
    solo = {"players": [player("Ann")]}
    assert [v["code"] for v in take("A2", "N2", solo)["violations"]] == ["solo-unused-row"]
    with pytest.raises(InvalidState) as unknown:
        take("E5", "N1")
    assert unknown.value.violations[0]["path"] == "action.nursery.space"


def test_a_row_rule_and_a_bed_rule_broken_together_are_both_reported():
    both = take("C2", "N3", at=[5, 5])
    assert [v["code"] for v in both["violations"]] == ["not-in-gardener-row", "outside-bed"]


def test_the_acting_player_must_be_at_the_table_and_changes_no_answer():
    named = take("C3", "N3")
    unnamed = check({key: value for key, value in
                     {"type": "place_tile", "tile": "3A", "at": [1, 2], "nursery": {"space": "C3", "gardener": "N3"},
                      "bed": {"design": "1L", "tiles": [], "cats": [], "pots": []}}.items()})
    assert named == unnamed
    for action in ({"type": "score_bed", "bed": ["FFFFF"] * 5}, {"type": "move_gardener", "space": "N1", "die": 2},
                   {"type": "refill", "gardener": "N1", "empty": [], "path": 3},
                   {"type": "place_token", "token": "cat", "at": [2, 2],
                    "bed": {"design": "1L", "tiles": [], "cats": [], "pots": []}},
                   {"type": "start_final_round", "beds": []}):
        assert check({**action, "player": "Bo"}) == check(action)
        with pytest.raises(InvalidState) as stranger:
            check({**action, "player": "Zed"})
        assert [(v["code"], v["path"]) for v in stranger.value.violations] == [("unknown-player", "action.player")]


def fit(tiles, design="1L", bed_tiles=(), cats=(), pots=()):
    return check({"type": "fit_tiles", "tiles": list(tiles),
                  "bed": {"design": design, "tiles": list(bed_tiles), "cats": list(cats), "pots": list(pots)}})


def test_fit_tiles_lists_exactly_the_placements_place_tile_allows():
    tiles, cats = [{"tile": "5F", "at": [1, 1]}, {"tile": "4B", "at": [3, 3]}], [[5, 1]]
    listed = fit(["4E", "6A"], bed_tiles=tiles, cats=cats)
    for tile in ("4E", "6A"):
        allowed = [{"at": [r, c], "rotation": rotation, "flip": flip}
                   for rotation in (0, 90, 180, 270) for flip in (False, True)
                   for r in range(1, 6) for c in range(1, 6)
                   if place(tile, [r, c], rotation, flip, tiles=tiles, cats=cats)["legal"]]
        assert listed["effects"]["placements"][tile] == allowed
    assert listed["legal"] and listed["effects"]["count"] == sum(map(len, listed["effects"]["placements"].values()))


def test_fit_tiles_says_when_no_tile_fits():
    # The straight five on a bed whose every row and column is broken by a cat.
    cats = [[r, c] for r, c in ((1, 3), (2, 1), (3, 4), (4, 2), (5, 5))]
    nowhere = fit(["5F"], cats=cats)
    assert [(v["code"], v["path"]) for v in nowhere["violations"]] == [("tile-does-not-fit", "action.tiles[0]")]
    assert nowhere["effects"] == {"placements": {"5F": []}, "count": 0}
    twice = fit(["1A", "5F"], bed_tiles=[{"tile": "1A", "at": [1, 1]}], cats=cats)
    assert [v["code"] for v in twice["violations"]] == ["tile-twice", "tile-does-not-fit"]
    assert fit(["3A", "1A"], bed_tiles=[{"tile": "3A", "at": [1, 1]}])["legal"]  # one tile that fits is enough
    full = check({"type": "fit_tiles", "tiles": ["1A"], "bed": FULL_1L})
    assert [v["code"] for v in full["violations"]] == ["bed-already-complete"]
    with pytest.raises(InvalidState):
        fit([])


def test_fit_tiles_over_one_space_lists_the_placements_that_cover_it():
    bed_tiles = [{"tile": "5F", "at": [1, 1]}]
    everywhere = fit(["3C"], bed_tiles=bed_tiles)["effects"]["placements"]["3C"]
    over = check({"type": "fit_tiles", "tiles": ["3C"], "covering": [2, 1],
                  "bed": {"design": "1L", "tiles": bed_tiles, "cats": [], "pots": []}})
    assert over["legal"] and over["effects"]["placements"]["3C"] == [
        p for p in everywhere if place("3C", p["at"], p["rotation"], p["flip"], tiles=bed_tiles)["effects"]
        ["owners"][1][0] == "3C"]
    covered = check({"type": "fit_tiles", "tiles": ["3C"], "covering": [1, 1],
                     "bed": {"design": "1L", "tiles": bed_tiles, "cats": [], "pots": []}})
    assert [v["code"] for v in covered["violations"]] == ["tile-does-not-fit"]
    assert "over row 1, column 1" in covered["violations"][0]["message"]
