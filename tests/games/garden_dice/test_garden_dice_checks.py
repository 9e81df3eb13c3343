"""Garden Dice rule checks (scorer.check): the rulebook's worked examples laid out on the
house board (stars at (1,2) (2,6) (3,4) (4,3) (5,1) (6,5)), and every action legal and
illegal."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer.games.garden_dice.data import CROP_VALUES, STAR_SPACES
from scorer.games.garden_dice.rules import Board, BoardTile, dice_readings, orthogonal, sundial_allows

GAME = "garden-dice"
FOUR = ["Yellow", "Green", "Red", "Blue"]


def players(names=FOUR, **overrides):
    found = []
    for name in names:
        p = {"name": name, "track": 0, "sun_token": True, "unplaced_seeds": 0, "harvested": {}}
        p.update(overrides.get(name, {}))
        found.append(p)
    return found


def tile(at, kind, owner=None, crop=None, **extra):
    t = {"at": list(at), "kind": kind, **extra}
    if owner:
        t["owner"] = owner
    if crop:
        t["crop"] = crop
    return t


def check(board, action, names=FOUR, variant="standard", **overrides):
    state = {"variant": variant, "players": players(names, **overrides), "board": board}
    return scorer.check(GAME, state, action)


def codes(result):
    return [v["code"] for v in result["violations"]]


# --- the rulebook's harvest example -----------------------------------------------------

HARVEST_BOARD = [
    tile((2, 3), "veggie", "Yellow", "tomato"),
    tile((2, 2), "veggie", "Yellow", "squash"),
    tile((3, 3), "veggie", "Green", "carrot"),
    tile((4, 3), "veggie", "Green", "squash"),     # star space
    tile((3, 4), "veggie", "Red", "squash"),       # star space
    tile((3, 2), "scarecrow", "Green"),
    # Not reached: an eggplant is not lower than the tomato, a seed is the wrong side, and
    # Blue's squash at (5,3) is two steps from the carrot with Green's squash in between.
    tile((1, 3), "veggie", "Blue", "eggplant"),
    tile((2, 4), "seed", "Blue", "squash"),
    tile((5, 3), "veggie", "Blue", "squash"),
]


def test_rulebook_harvest_example_yellow_7_green_9_red_2():
    """Harvest a Veggie example, on the house board.

    Two squashes harvested from Green's carrot sit on star spaces, and the only two star
    spaces one step apart diagonally in that way are (4,3) and (3,4). So Green's carrot is at
    (3,3) with Green's squash below it at (4,3) and Red's squash right of it at (3,4); the
    carrot hangs below Yellow's tomato at (2,3), and Yellow's squash is left of the tomato at
    (2,2). Green's scarecrow at (3,2) touches all four of the tomato, Yellow's squash, the
    carrot and Green's squash (so "Green's scarecrow does not affect" Yellow's tiles is
    shown, not assumed) but not Red's squash two columns away.

        col   1      2          3            4
        1                    Blue egg.
        2         Y squash  Y TOMATO     B squash seed
        3         G scarecr. G carrot    R squash (star)
        4                    G squash (star)
        5                    B squash

    Yellow spends a 3 on his tomato: 3 + 1 for Yellow's own tiles, 2+3 and 1+3 (scarecrow,
    star cancelled) for Green, 1×2 (star) for Red, and 3 bonus points to Yellow for the
    three opponent veggies: Yellow 7, Green 9, Red 2."""
    assert {(4, 3), (3, 4)} <= STAR_SPACES and not {(2, 3), (2, 2), (3, 3)} & STAR_SPACES
    result = check(HARVEST_BOARD, {"type": "harvest", "player": "Yellow", "at": [2, 3], "die": 3})
    assert result["legal"] is True
    effects = result["effects"]
    assert effects["harvested"] == [[2, 2], [2, 3], [3, 3], [3, 4], [4, 3]]
    assert effects["points"] == {"Yellow": 7, "Green": 9, "Red": 2}
    assert effects["chain_bonus"] == 3
    bonuses = {tuple(t["at"]): (t["points"], t["bonus"]) for t in effects["tiles"]}
    assert bonuses == {(2, 3): (3, None), (2, 2): (1, None), (3, 3): (5, "scarecrow"),
                       (4, 3): (4, "scarecrow"), (3, 4): (2, "star")}
    assert effects["tiles"][0]["at"] == [2, 3]  # scored from the first harvested tile


def test_harvest_chain_needs_strictly_lower_values_and_the_veggie_side():
    # Harvesting from Green's carrot reaches only the two squashes below/right of it.
    result = check(HARVEST_BOARD, {"type": "harvest", "player": "Green", "at": [3, 3], "die": 6})
    assert result["effects"]["harvested"] == [[3, 3], [3, 4], [4, 3]]
    assert result["effects"]["points"] == {"Green": 9 + 1, "Red": 2}


def test_star_bonus_without_scarecrow_and_scarecrow_of_another_player_does_not_count():
    board = [tile((1, 2), "veggie", "Red", "eggplant"), tile((1, 1), "scarecrow", "Blue")]
    result = check(board, {"type": "harvest", "player": "Red", "at": [1, 2], "die": 5})
    assert result["effects"]["points"] == {"Red": 10}
    board[1] = tile((1, 1), "scarecrow", "Red")
    result = check(board, {"type": "harvest", "player": "Red", "at": [1, 2], "die": 5})
    assert result["effects"]["points"] == {"Red": 8}
    board[1] = tile((1, 1), "sundial", "Red")  # the sundial side gives no bonus
    result = check(board, {"type": "harvest", "player": "Red", "at": [1, 2], "die": 5})
    assert result["effects"]["points"] == {"Red": 10}


@pytest.mark.parametrize("action,code,path", [
    ({"at": [2, 3], "die": 2, "player": "Yellow"}, "die-too-low", "action.die"),
    ({"at": [3, 3], "die": 6, "player": "Yellow"}, "not-your-veggie", "action.at"),
    ({"at": [2, 4], "die": 6, "player": "Blue"}, "not-a-veggie", "action.at"),
    ({"at": [6, 6], "die": 6, "player": "Blue"}, "empty-space", "action.at"),
    ({"at": [7, 6], "die": 6, "player": "Blue"}, "off-board", "action.at"),
])
def test_illegal_harvests(action, code, path):
    result = check(HARVEST_BOARD, {"type": "harvest", **action})
    assert result["legal"] is False and result["effects"] == {}
    assert [(v["code"], v["path"]) for v in result["violations"]] == [(code, path)]
    assert result["violations"][0]["rule"].startswith("Garden Dice › ")


# --- the rulebook's watering example ----------------------------------------------------

WATER_BOARD = [
    tile((5, 2), "seed", "Green", "artichoke"),
    tile((5, 3), "seed", "Blue", "tomato"),
    tile((5, 4), "seed", "Green", "squash"),
    tile((6, 3), "seed", "Yellow", "carrot"),
    # The red Xs: tiles next to the chain that it does not reach.
    tile((4, 2), "seed", "Blue", "eggplant"),      # higher than the artichoke
    tile((6, 2), "veggie", "Yellow", "squash"),    # lower, but already a veggie
    tile((4, 3), "seed", "Yellow", "tomato"),      # equal to the tomato, not lower
    tile((4, 4), "seed", "Red", "squash"),         # only diagonal to the tomato; equal to the squash
    tile((5, 6), "seed", "Red", "squash"),         # behind the empty space (5,5)
    tile((5, 1), "veggie", "Red", "carrot"),       # veggie side
]


def test_rulebook_watering_example():
    """Water a Seed example, on the house board: Green spends a 5 on her artichoke seed at
    (5,2). It chains right to Blue's tomato (5,3); from there right to Green's squash (5,4)
    and down to Yellow's carrot (6,3). Every other neighbour stops it: a higher eggplant,
    an equal tomato, a veggie, a diagonal squash, and an empty space. Stars play no part in
    watering; (4,3), (5,1) are star spaces and hold tiles like any other."""
    result = check(WATER_BOARD, {"type": "water", "player": "Green", "at": [5, 2], "die": 5})
    assert result == {"legal": True, "violations": [],
                      "effects": {"watered": [[5, 2], [5, 3], [5, 4], [6, 3]]},
                      "summary": ["Green's water reaches 4 tiles along the chain: Green's artichoke seed on "
                                  "row 5, column 2; Blue's tomato seed on row 5, column 3; Green's squash seed "
                                  "on row 5, column 4; Yellow's carrot seed on row 6, column 3."]}


@pytest.mark.parametrize("action,code", [
    ({"player": "Green", "at": [5, 2], "die": 3}, "die-too-low"),
    ({"player": "Yellow", "at": [5, 2], "die": 5}, "not-your-seed"),
    ({"player": "Yellow", "at": [6, 2], "die": 5}, "not-a-seed"),
    ({"player": "Yellow", "at": [1, 1], "die": 5}, "empty-space"),
])
def test_illegal_waterings(action, code):
    result = check(WATER_BOARD, {"type": "water", **action})
    assert (result["legal"], codes(result)) == (False, [code])
    assert result["violations"][0]["rule"] == "Garden Dice › Water a Seed"


def test_check_without_a_board_says_the_board_is_needed():
    state = {"players": players()}
    result = scorer.check(GAME, state, {"type": "water", "player": "Green", "at": [1, 1], "die": 3})
    assert (result["legal"], codes(result)) == (False, ["board-required"])


def test_unknown_player_and_malformed_actions():
    for action, path in [({"type": "water", "player": "Nobody", "at": [1, 1], "die": 3}, "action.player"),
                         ({"type": "dig", "player": "Green"}, "action.type"),
                         ({"type": "water", "player": "Green", "at": [1, 1], "die": 7}, "action.die"),
                         ({"type": "water", "player": "Green", "at": [1, 1]}, "action.die"),
                         ({"type": "move_critter", "player": "Green", "to": [1, 1], "die": 2},
                          "action.from"),
                         # "Place a tile": a placement spends two dice, never one
                         ({"type": "place", "player": "Green", "tile": "seed", "crop": "carrot",
                           "dice": [2], "at": [1, 1]}, "action.dice")]:
        with pytest.raises(scorer.InvalidState) as caught:
            check([], action)
        assert path in [v["path"] for v in caught.value.violations]


# --- critters ------------------------------------------------------------------------------

CRITTER_BOARD = [
    tile((2, 2), "rabbit", "Green"),
    tile((2, 5), "veggie", "Blue", "eggplant"),
    tile((1, 2), "seed", "Green", "carrot"),       # own tile: blocks upwards
    tile((2, 1), "seed", "Red", "squash"),         # a rabbit does not eat seeds
    tile((4, 2), "seed", "Yellow", "squash"),      # stops the rabbit after one step down
    tile((5, 5), "bird", "Yellow"),
    tile((5, 2), "seed", "Blue", "tomato"),
    tile((4, 5), "seed", "Green", "artichoke"),
]


def test_rulebook_move_critter_example():
    """Move a Critter example, on the house board. Green's rabbit at (2,2) with a 3 may go
    3 right to eat Blue's eggplant at (2,5), or 1 down (Yellow's seed at (4,2) blocks the
    next step); Green's own seed above and Red's seed to the left shut the other ways.
    Yellow's bird at (5,5) with a 3 may go 3 left to eat Blue's tomato seed at (5,2), or
    1 up to eat Green's artichoke seed at (4,5)."""
    def move(who, start, end):
        return check(CRITTER_BOARD, {"type": "move_critter", "player": who, "from": list(start),
                                     "to": list(end), "die": 3})

    assert move("Green", (2, 2), (2, 5))["effects"]["eats"] == [2, 5]
    assert move("Green", (2, 2), (2, 4))["effects"] == {"eats": None, "eaten": None}
    assert move("Green", (2, 2), (3, 2))["legal"] is True
    assert codes(move("Green", (2, 2), (4, 2))) == ["space-occupied"]
    blocked = move("Green", (2, 2), (5, 2))
    assert codes(blocked) == ["path-blocked"]
    assert blocked["violations"][0]["message"].endswith("is in the way: critters pass only empty spaces")
    assert codes(move("Green", (2, 2), (1, 2))) == ["space-occupied"]
    assert codes(move("Green", (2, 2), (2, 1))) == ["space-occupied"]
    eaten = move("Yellow", (5, 5), (5, 2))["effects"]
    assert eaten["eats"] == [5, 2] and eaten["eaten"] == {"crop": "tomato", "kind": "seed",
                                                          "owner": "Blue"}
    assert eaten["spit_out_die_needed"] == 3
    assert move("Yellow", (5, 5), (4, 5))["effects"]["eats"] == [4, 5]


@pytest.mark.parametrize("start,end,die,player,code", [
    ((2, 2), (2, 5), 2, "Green", "too-far"),
    ((2, 2), (3, 3), 3, "Green", "not-straight"),
    ((2, 2), (2, 2), 3, "Green", "no-move"),
    ((2, 2), (2, 4), 3, "Yellow", "not-your-critter"),
    ((2, 3), (2, 4), 3, "Green", "not-a-critter"),
    ((2, 2), (2, 7), 6, "Green", "off-board"),
])
def test_illegal_critter_moves(start, end, die, player, code):
    result = check(CRITTER_BOARD, {"type": "move_critter", "player": player, "from": list(start),
                                   "to": list(end), "die": die})
    assert codes(result) == [code]


def test_bird_cannot_eat_a_seed_its_owners_scarecrow_guards_but_may_fly_past():
    board = [tile((5, 5), "bird", "Yellow"), tile((5, 2), "seed", "Blue", "tomato"),
             tile((6, 1), "scarecrow", "Blue")]
    move = {"type": "move_critter", "player": "Yellow", "from": [5, 5], "to": [5, 2], "die": 3}
    result = check(board, move)
    assert codes(result) == ["scarecrow-protects"]
    assert result["violations"][0]["rule"] == "Garden Dice › Special Tiles › Scarecrow"
    # the empty space (5,3) inside the scarecrow's reach is free to land on
    assert check(board, {**move, "to": [5, 3]})["legal"] is True
    # another player's scarecrow protects nothing of Blue's
    board[2] = tile((6, 1), "scarecrow", "Red")
    assert check(board, move)["legal"] is True
    # and rabbits ignore scarecrows
    board = [tile((5, 5), "rabbit", "Yellow"), tile((5, 2), "veggie", "Blue", "tomato"),
             tile((6, 1), "scarecrow", "Blue")]
    assert check(board, move)["effects"]["eats"] == [5, 2]


def test_rocks_are_impassable():
    board = [tile((1, 1), "bird", "A"), tile((1, 3), "rock"), tile((1, 5), "seed", "B", "squash")]
    result = check(board, {"type": "move_critter", "player": "A", "from": [1, 1], "to": [1, 5],
                           "die": 4}, names=["A", "B"])
    assert codes(result) == ["path-blocked"]
    assert result["violations"][0]["message"].endswith("is in the way: rocks are impassable")
    result = check(board, {"type": "move_critter", "player": "A", "from": [1, 1], "to": [1, 3],
                           "die": 4}, names=["A", "B"])
    assert codes(result) == ["space-occupied"]


def test_one_eaten_tile_per_opponent_per_turn():
    move = {"type": "move_critter", "player": "Yellow", "from": [5, 5], "to": [5, 2], "die": 3}
    result = check(CRITTER_BOARD, {**move, "turn": {"ate_from": ["Blue"]}})
    assert codes(result) == ["one-tile-per-opponent"]
    assert check(CRITTER_BOARD, {**move, "turn": {"ate_from": ["Green"]}})["legal"] is True
    bad = check(CRITTER_BOARD, {**move, "turn": {"ate_from": ["Yellow"]}})
    assert codes(bad) == ["unknown-player"]


def test_eating_needs_a_free_disc():
    # Yellow: 1 disc on the track, 1 on the bird, 1 on the seed at (4,2), 6 unplaced seeds.
    move = {"type": "move_critter", "player": "Yellow", "from": [5, 5], "to": [5, 2], "die": 3}
    result = check(CRITTER_BOARD, move, Yellow={"unplaced_seeds": 6})
    assert codes(result) == ["no-free-disc"]
    # moving to an empty space needs no disc
    assert check(CRITTER_BOARD, {**move, "to": [5, 4]}, Yellow={"unplaced_seeds": 6})["legal"]


def test_rulebook_spit_out_example_the_eater_keeps_the_tile_as_a_seed():
    """Eating a Tile example: Green's rabbit eats Blue's eggplant and spits out the seeds
    with a 5; with only a 4 it cannot, and a move that eats nothing spits out nothing."""
    move = {"type": "move_critter", "player": "Green", "from": [2, 2], "to": [2, 5], "die": 3}
    spat = check(CRITTER_BOARD, {**move, "spit_out_die": 5}, Green={"unplaced_seeds": 1})
    assert spat["effects"] == {"eats": [2, 5], "eaten": {"crop": "eggplant", "kind": "veggie", "owner": "Blue"},
                               "swallowed": False, "spat_out": "eggplant", "unplaced_seeds": 2}
    low = check(CRITTER_BOARD, {**move, "spit_out_die": 4})
    assert codes(low) == ["die-too-low"] and low["violations"][0]["path"] == "action.spit_out_die"
    assert low["violations"][0]["rule"] == "Garden Dice › Move a Critter › Eating a Tile"
    nothing = check(CRITTER_BOARD, {**move, "to": [2, 4], "spit_out_die": 5})
    assert codes(nothing) == ["nothing-to-spit-out"]
    swallowed = check(CRITTER_BOARD, move)["effects"]
    assert (swallowed["swallowed"], swallowed["spit_out_die_needed"]) == (True, 5)


def test_spitting_out_needs_a_free_disc_like_swallowing():
    move = {"type": "move_critter", "player": "Yellow", "from": [5, 5], "to": [5, 2], "die": 3}
    assert codes(check(CRITTER_BOARD, {**move, "spit_out_die": 3}, Yellow={"unplaced_seeds": 6})) == [
        "no-free-disc"]


def test_remove_critter_rulebook_example():
    """Remove a Critter example: Blue spends 1, 2 and a 6 on Red's rabbit at (1,2), which
    carries Red's disc and two more from tiles it swallowed: Red gets three discs back."""
    board = [tile((1, 2), "rabbit", "Red", swallowed=2)]
    result = check(board, {"type": "remove_critter", "player": "Blue", "at": [1, 2],
                           "dice": [2, 6, 1]})
    assert result["legal"] is True
    assert result["effects"] == {"removed": [1, 2], "owner": "Red", "discs_returned": 3,
                                 "six_die": 6, "row_die": 1, "column_die": 2, "sundial": []}
    # the same dice also name (2,1), where there is no critter
    assert codes(check(board, {"type": "remove_critter", "player": "Blue", "at": [2, 1],
                               "dice": [2, 6, 1]})) == ["not-a-critter"]
    assert codes(check(board, {"type": "remove_critter", "player": "Blue", "at": [1, 2],
                               "dice": [2, 5, 1]})) == ["needs-a-six"]
    assert codes(check(board, {"type": "remove_critter", "player": "Blue", "at": [1, 2],
                               "dice": [3, 6, 4]})) == ["dice-do-not-match"]


def test_remove_critter_with_three_sixes_and_a_sundial():
    board = [tile((6, 6), "bird", "Red")]
    assert check(board, {"type": "remove_critter", "player": "Blue", "at": [6, 6],
                         "dice": [6, 6, 6]})["legal"] is True
    board = [tile((6, 5), "bird", "Red"), tile((1, 1), "sundial", "Blue")]
    result = check(board, {"type": "remove_critter", "player": "Blue", "at": [6, 5],
                           "dice": [6, 3, 6]})
    assert result["effects"]["sundial"] == [2]


# --- buy, place, flip, sun ---------------------------------------------------------------

def test_buy_rulebook_example_and_limits():
    """Buy a Seed Tile example: Blue spends a 5 on an artichoke (value 4)."""
    buy = {"type": "buy", "player": "Blue", "crop": "artichoke", "die": 5}
    state = {"players": players()}  # buying needs no board
    result = scorer.check(GAME, state, buy)
    assert result["effects"] == {"bought": "artichoke", "unplaced_seeds": 1, "free_discs": 7}
    assert codes(scorer.check(GAME, state, {**buy, "die": 3})) == ["die-too-low"]
    assert scorer.check(GAME, state, {**buy, "crop": "eggplant"})["legal"] is True
    assert scorer.check(GAME, state, {**buy, "turn": {"bought": {"artichoke": 1}}})["legal"]
    assert codes(scorer.check(GAME, state, {**buy, "turn": {"bought": {"artichoke": 2}}})) == [
        "two-of-a-crop"]
    assert scorer.check(GAME, state, {**buy, "turn": {"bought": {"carrot": 2}}})["legal"]


def test_buy_needs_a_free_disc_and_a_tile_left_in_the_stack():
    buy = {"type": "buy", "player": "Blue", "crop": "squash", "die": 1}
    full = {"players": players(Blue={"unplaced_seeds": 8})}
    assert codes(scorer.check(GAME, full, buy)) == ["no-free-disc"]
    two = {"players": players(["Blue", "Red"], Blue={"track": 3, "harvested": {"squash": 3}},
                              Red={"track": 1, "harvested": {"squash": 1}}),
           "board": [tile((1, 1), "seed", "Red", "squash")]}
    assert codes(scorer.check(GAME, two, buy)) == ["crop-sold-out"]


def test_place_rulebook_example_dice_name_either_space():
    """Place a Tile example: a 6 and a 1 put Blue's artichoke at (1,6) or (6,1)."""
    place = {"type": "place", "player": "Blue", "tile": "seed", "crop": "artichoke", "dice": [6, 1]}
    for at in ([1, 6], [6, 1]):
        result = check([], {**place, "at": at}, Blue={"unplaced_seeds": 1})
        assert result["legal"] is True
        assert result["effects"]["placed"] == at and result["effects"]["sundial"] == []
    result = check([], {**place, "at": [1, 5]}, Blue={"unplaced_seeds": 1})
    assert codes(result) == ["dice-do-not-match"]
    assert codes(check([], {**place, "at": [1, 6]})) == ["no-seed-to-place"]
    occupied = [tile((1, 6), "rock")]
    assert codes(check(occupied, {**place, "at": [1, 6]}, names=["Blue", "Red"],
                       Blue={"unplaced_seeds": 1})) == ["space-taken"]


def test_place_with_the_sundial_once_per_turn():
    board = [tile((3, 3), "sundial", "Blue")]
    place = {"type": "place", "player": "Blue", "tile": "seed", "crop": "carrot", "dice": [1, 1]}
    seeds = {"Blue": {"unplaced_seeds": 2}}
    one_die_by_two = check(board, {**place, "at": [1, 3]}, **seeds)
    assert one_die_by_two["effects"]["sundial"] == [2]
    both_by_one = check(board, {**place, "at": [2, 2]}, **seeds)
    assert both_by_one["effects"]["sundial"] == [1, 1]
    assert codes(check(board, {**place, "at": [2, 3]}, **seeds)) == ["dice-do-not-match"]
    # the second ±1 of option B may come on a later action of the same turn
    later = check(board, {**place, "at": [1, 2], "turn": {"sundial": [-1]}}, **seeds)
    assert later["legal"] and later["effects"]["sundial"] == [1]
    used = check(board, {**place, "at": [1, 2], "turn": {"sundial": [2]}}, **seeds)
    assert codes(used) == ["dice-do-not-match"]
    assert used["violations"][0]["rule"] == "Garden Dice › Special Tiles › Sundial"
    # a scarecrow (the sundial flipped) or another player's sundial does not help
    other = [tile((3, 3), "scarecrow", "Blue"), tile((4, 4), "sundial", "Red")]
    assert codes(check(other, {**place, "at": [1, 3]}, **seeds)) == ["dice-do-not-match"]


def test_sundial_rules_in_isolation():
    assert sundial_allows([]) and sundial_allows([2]) and sundial_allows([-1, 1])
    assert not sundial_allows([2, 1]) and not sundial_allows([1, 1, 1])
    assert dice_readings([4, 2], (2, 4))[0] == {"row_die": 2, "column_die": 4, "sundial": []}


@pytest.mark.parametrize("tile_name,extra,code", [
    ("rabbit", {}, "wrong-side-up"),
    ("scarecrow", {}, "wrong-side-up"),
    ("bird", {"crop": "squash"}, "crop-not-allowed"),
    ("seed", {}, "crop-missing"),
])
def test_place_tile_shape_problems(tile_name, extra, code):
    result = check([], {"type": "place", "player": "Blue", "tile": tile_name, "dice": [2, 3],
                        "at": [2, 3], **extra}, Blue={"unplaced_seeds": 1})
    assert codes(result) == [code]


def test_place_special_tiles_and_rocks():
    place = {"type": "place", "player": "Blue", "dice": [2, 3], "at": [2, 3]}
    result = check([], {**place, "tile": "bird"})
    assert result["effects"] == {"placed": [2, 3], "tile": "bird", "row_die": 2,
                                 "column_die": 3, "sundial": []}
    on_board = [tile((6, 6), "rabbit", "Blue")]
    assert codes(check(on_board, {**place, "tile": "bird"})) == ["already-on-board"]
    assert codes(check([], {**place, "tile": "bird"}, variant="family")) == [
        "critter-in-family-game"]
    assert codes(check([], {**place, "tile": "sundial"}, Blue={"unplaced_seeds": 8})) == [
        "no-free-disc"]
    assert check([], {**place, "tile": "rock"}, names=["Blue", "Red"])["legal"] is True
    assert codes(check([], {**place, "tile": "rock"})) == ["rock-not-allowed"]
    rocks = [tile((1, 1), "rock"), tile((1, 2), "rock")]
    assert codes(check(rocks, {**place, "tile": "rock"}, names=["Blue", "Red"])) == [
        "no-rock-left"]


def test_flip_a_special_tile_with_a_six():
    board = [tile((2, 2), "bird", "Blue"), tile((3, 3), "scarecrow", "Blue"),
             tile((4, 4), "sundial", "Red"), tile((5, 5), "seed", "Blue", "tomato")]
    flip = {"type": "flip", "player": "Blue", "die": 6}
    assert check(board, {**flip, "at": [2, 2]})["effects"] == {"flipped": [2, 2], "from": "bird",
                                                               "to": "rabbit"}
    assert check(board, {**flip, "at": [3, 3]})["effects"]["to"] == "sundial"
    assert codes(check(board, {**flip, "at": [2, 2], "die": 5})) == ["needs-a-six"]
    assert codes(check(board, {**flip, "at": [4, 4]})) == ["not-your-special-tile"]
    assert codes(check(board, {**flip, "at": [5, 5]})) == ["not-your-special-tile"]


def test_sun_token_two_uses():
    state = {"players": players()}
    reroll = {"type": "sun_reroll", "player": "Red"}
    assert scorer.check(GAME, state, reroll)["effects"]["sun_token_spent"] is True
    late = scorer.check(GAME, state, {**reroll, "turn": {"dice_spent": 1}})
    assert codes(late) == ["not-start-of-turn"]
    set_die = {"type": "sun_set_die", "player": "Red", "die": 2, "to": 6}
    result = scorer.check(GAME, {"players": players()}, {**set_die, "turn": {"dice_spent": 3}})
    assert result["effects"]["die"] == {"from": 2, "to": 6}
    assert result["effects"]["end_bonus_lost"] == 5
    spent = {"players": players(Red={"sun_token": False})}
    assert codes(scorer.check(GAME, spent, set_die)) == ["no-sun-token"]
    assert codes(scorer.check(GAME, spent, reroll)) == ["no-sun-token"]


def test_the_sun_changes_a_die_to_another_result_not_to_the_one_it_shows():
    """Sun Tokens: the sun changes one die; setting a 4 to 4 changes nothing and would only
    throw away the token's end bonus."""
    same = scorer.check(GAME, {"players": players()}, {"type": "sun_set_die", "player": "Red", "die": 4, "to": 4})
    assert [(v["code"], v["rule"], v["path"]) for v in same["violations"]] == [
        ("no-change", "Garden Dice › Sun Tokens", "action.to")]
    assert "already shows a 4" in same["violations"][0]["message"]


def test_four_equal_dice_may_be_rerolled_before_any_is_spent():
    reroll = {"type": "reroll_equal_dice", "player": "Red", "dice": [4, 4, 4, 4]}
    state = {"players": players()}
    assert scorer.check(GAME, state, reroll) == {"legal": True, "violations": [],
                                                 "effects": {"reroll": "all four dice"},
                                                 "summary": ["Four equal dice: Red rerolls all four."]}
    assert codes(scorer.check(GAME, state, {**reroll, "dice": [4, 4, 4, 5]})) == ["dice-not-all-equal"]
    late = scorer.check(GAME, state, {**reroll, "turn": {"dice_spent": 1}})
    assert codes(late) == ["not-start-of-turn"] and late["violations"][0]["rule"] == "Garden Dice › On Your Turn"
    with pytest.raises(scorer.InvalidState):
        scorer.check(GAME, state, {**reroll, "dice": [4, 4, 4]})


def test_ending_a_turn_is_the_tables_to_refuse():
    """Whether a die left still allows an action depends on the dice, which the state does
    not hold: check answers legal, and a whole game's engine refuses it while one does."""
    result = scorer.check(GAME, {"players": players()}, {"type": "end_turn", "player": "Blue"})
    assert result == {"legal": True, "violations": [], "effects": {"turn_over": True},
                      "summary": ["Blue's turn is over."]}


def test_check_through_the_public_api_rejects_an_impossible_state():
    state = {"players": players(["A"]), "board": []}
    with pytest.raises(scorer.InvalidState):
        scorer.check(GAME, state, {"type": "sun_reroll", "player": "A"})


def test_the_web_pages_examples_are_the_rulebooks():
    from scorer.games.garden_dice.rules import EXAMPLE_CHECK, EXAMPLE_STATE

    result = scorer.check(GAME, EXAMPLE_CHECK["state"], EXAMPLE_CHECK["action"])
    assert result["effects"]["points"] == {"Yellow": 7, "Green": 9, "Red": 2}
    blue = scorer.score(GAME, EXAMPLE_STATE)["players"]
    assert {p["name"]: p["total"] for p in blue}["Blue"] == 103


# --- chains on random boards ---------------------------------------------------------------

_CELL = st.one_of(st.none(), st.tuples(st.sampled_from(["seed", "veggie"]), st.sampled_from(sorted(CROP_VALUES)),
                                       st.sampled_from(["A", "B"])))


def tile_at(board: Board, at: tuple[int, int]) -> BoardTile:
    """The tile the chain says is there (a chain reaches only tiles)."""
    tile = board.get(at)
    assert tile is not None, at
    return tile


@settings(max_examples=150, deadline=None)
@given(st.lists(_CELL, min_size=36, max_size=36), st.integers(0, 35))
def test_a_chain_is_exactly_the_strictly_falling_paths(cells, start_index):
    tiles = [BoardTile(at=[i // 6 + 1, i % 6 + 1], kind=c[0], crop=c[1], owner=c[2])
             for i, c in enumerate(cells) if c]
    board = Board(tiles)
    start = (start_index // 6 + 1, start_index % 6 + 1)
    if board.get(start) is None:
        return
    side = tile_at(board, start).kind
    reached = board.chain(start)

    def value(at):
        crop = tile_at(board, at).crop
        assert crop is not None
        return CROP_VALUES[crop]

    for at in reached:  # closed: no lower same-side neighbour is left out
        for near in orthogonal(at):
            tile = board.get(near)
            if tile is not None and tile.kind == side and value(near) < value(at):
                assert near in reached
    for at in reached - {start}:  # and nothing else: each came from a higher reached neighbour
        assert tile_at(board, at).kind == side
        assert any(n in reached and value(n) > value(at) for n in orthogonal(at))


# --- issue 16: sold-out seeds, rocks with owners, words ------------------------------------

def test_a_seed_of_a_sold_out_crop_cannot_be_placed():
    """Two players use five tomatoes; all five harvested means no unplaced seed can be a
    tomato (Garden Dice › Setup), so placing one is refused like buying one."""
    names = ["Blue", "Red"]
    held = {"Blue": {"track": 9, "unplaced_seeds": 1, "harvested": {"tomato": 3}},
            "Red": {"track": 6, "harvested": {"tomato": 2}}}
    place = {"type": "place", "player": "Blue", "tile": "seed", "crop": "tomato", "dice": [1, 2], "at": [1, 2]}
    result = check([], place, names=names, **held)
    assert codes(result) == ["crop-sold-out"]
    assert result["violations"][0]["rule"] == "Garden Dice › Place a Tile"
    buy = {"type": "buy", "player": "Blue", "crop": "tomato", "die": 3}
    assert codes(check([], buy, names=names, **held)) == ["crop-sold-out"]
    assert check([], {**place, "crop": "carrot"}, names=names, **held)["legal"]


def test_each_player_of_a_two_player_game_places_one_rock():
    names = ["Blue", "Red"]
    rock = {"type": "place", "player": "Blue", "tile": "rock", "dice": [4, 4], "at": [4, 4]}
    own = check([tile((1, 1), "rock", "Blue")], rock, names=names)
    assert codes(own) == ["no-rock-left"] and "Blue's rock" in own["violations"][0]["message"]
    assert check([tile((1, 1), "rock", "Red")], rock, names=names)["legal"]
    # A rock without an owner (the older state shape) still only counts against the two.
    assert check([tile((1, 1), "rock")], rock, names=names)["legal"]
    assert codes(check([tile((1, 1), "rock"), tile((1, 2), "rock")], rock, names=names)) == ["no-rock-left"]


def test_messages_use_an_before_a_vowel():
    water = {"type": "water", "player": "Blue", "at": [1, 1], "die": 3}
    low = check([tile((1, 1), "seed", "Blue", "eggplant")], water)
    assert "an eggplant is worth 5" in low["violations"][0]["message"]
    buy = check([], {"type": "buy", "player": "Blue", "crop": "artichoke", "die": 2})
    assert "an artichoke seed costs" in buy["violations"][0]["message"]


# --- the stacks and the seeds held, when the state counts them ---------------------------------

def _two_players(blue_seeds=None, supply=None, **blue):
    state = {"players": players(["Blue", "Red"], Blue=blue), "board": []}
    if blue_seeds is not None:
        state["players"][0]["seeds"] = blue_seeds
    if supply is not None:
        state["supply"] = supply
    return state


def test_a_buy_from_an_empty_stack_is_refused_when_the_state_counts_the_stacks():
    """Two players use five tomatoes. Blue holds one unplaced and a critter swallowed
    another: those are out of the stack, though the state cannot say of which crop they were
    without the count of what is left. With "supply" the empty stack is refused."""
    buy = {"type": "buy", "player": "Blue", "crop": "tomato", "die": 3}
    held = {"track": 9, "unplaced_seeds": 1, "harvested": {"tomato": 3}}
    board = [tile((1, 1), "bird", "Red", swallowed=1)]
    blind = {**_two_players(**held), "board": board}
    assert scorer.check(GAME, blind, buy)["legal"]  # what the older state cannot see
    counted = {**_two_players(supply={"tomato": 0, "carrot": 5}, **held), "board": board}
    result = scorer.check(GAME, counted, buy)
    assert codes(result) == ["stack-empty"] and result["violations"][0]["rule"] == "Garden Dice › Buy a Seed Tile"
    assert result["violations"][0]["path"] == "action.crop"
    carrot = scorer.check(GAME, counted, {**buy, "crop": "carrot"})
    assert carrot["effects"] == {"bought": "carrot", "unplaced_seeds": 2, "free_discs": 6, "stack_left": 4,
                                 "last_seed": False}


def test_taking_the_last_seed_of_the_last_stack_says_the_game_ends():
    last = scorer.check(GAME, _two_players(supply={"squash": 1}), {"type": "buy", "player": "Blue",
                                                                   "crop": "squash", "die": 1})
    assert (last["effects"]["stack_left"], last["effects"]["last_seed"]) == (0, True)


def test_seeds_held_count_against_a_crop_when_the_stacks_are_not_counted():
    buy = {"type": "buy", "player": "Red", "crop": "tomato", "die": 3}
    state = _two_players(blue_seeds={"tomato": 2}, track=9, unplaced_seeds=2, harvested={"tomato": 3})
    assert codes(scorer.check(GAME, state, buy)) == ["crop-sold-out"]


def test_placing_a_seed_not_held_is_refused_when_the_seeds_are_listed_by_crop():
    place = {"type": "place", "player": "Blue", "tile": "seed", "crop": "tomato", "dice": [1, 2], "at": [1, 2]}
    assert check([], place, Blue={"unplaced_seeds": 1})["legal"]  # the count alone cannot tell
    holding = _two_players(blue_seeds={"carrot": 1}, unplaced_seeds=1)
    result = scorer.check(GAME, holding, place)
    assert codes(result) == ["seed-not-held"] and result["violations"][0]["path"] == "action.crop"
    assert result["violations"][0]["rule"] == "Garden Dice › Place a Tile"
    assert scorer.check(GAME, holding, {**place, "crop": "carrot"})["legal"]


def test_a_whole_number_written_huge_is_too_big_not_a_fraction():
    """1e30 is a whole number, just far too big for a die: the message says so, with the bound."""
    with pytest.raises(scorer.InvalidState) as refused:
        scorer.check(GAME, {"players": players()}, {"type": "buy", "player": "Red", "crop": "carrot", "die": 1e30})
    assert [(v["code"], v["path"], v["message"]) for v in refused.value.violations] == [
        ("out-of-range", "action.die", "action › die is 1e+30, far too big: no number in a game goes past 1,000,000")]
