"""Garden Dice final scoring (rulebook: Game End) and impossible states, through the public
API (scorer.score / scorer.validate)."""
import pytest

import scorer
from scorer.games.garden_dice import data

GAME = "garden-dice"


def player(name, track=0, sun=False, unplaced=0, **harvested):
    return {"name": name, "track": track, "sun_token": sun, "unplaced_seeds": unplaced,
            "harvested": harvested}


def codes(state):
    return [v["code"] for v in scorer.validate(GAME, state)]


BLUE = player("Blue", 58, sun=True, unplaced=4,
              squash=2, carrot=3, tomato=4, artichoke=2, eggplant=2)


def test_rulebook_final_score_example_blue_103():
    """Game End example: Blue ends with 58 on the track, four leftover seeds (only three
    cost 5 each), two full sets, a 3-carrot and a 4-tomato collection and his sun token."""
    result = scorer.score(GAME, {"players": [BLUE, player("Red", 16, squash=1)]})
    blue = result["players"][0]
    assert blue["name"] == "Blue"
    assert blue["breakdown"] == {"track": 58, "unplaced_seeds": -15, "sets": 30,
                                 "collections": 25, "sun": 5}
    assert blue["total"] == 103
    assert result["winners"] == ["Blue"]


def test_rulebook_example_with_its_board_and_unharvested_veggies_worth_nothing():
    """The same final position with a board: Blue's unharvested eggplant and Red's tomato
    on the board score nothing, and the board's discs leave room for Blue's four seeds
    (9 discs: 1 on the track, 4 on seeds, 2 on the board)."""
    board = [{"at": [6, 5], "kind": "veggie", "crop": "eggplant", "owner": "Blue"},
             {"at": [3, 3], "kind": "scarecrow", "owner": "Blue"},
             {"at": [1, 2], "kind": "veggie", "crop": "tomato", "owner": "Red"}]
    result = scorer.score(GAME, {"players": [BLUE, player("Red", 16, squash=1)], "board": board})
    assert result["players"][0]["total"] == 103


def test_unplaced_seeds_penalty_spares_the_first():
    scores = [next(p for p in scorer.score(GAME, {"players": [player("A", 0, unplaced=n), player("B", 0)]})
                   ["players"] if p["name"] == "A")["breakdown"]["unplaced_seeds"] for n in (0, 1, 2, 3)]
    assert scores == [0, 0, -5, -10]


@pytest.mark.parametrize("count,points", [(0, 0), (2, 0), (3, 10), (4, 15), (5, 20), (7, 20)])
def test_collection_sizes(count, points):
    # four players, so up to ten tomatoes are in the game
    others = [player(name) for name in "BCD"]
    result = scorer.score(GAME, {"players": [player("A", 3 * count, tomato=count), *others]})
    a = next(p for p in result["players"] if p["name"] == "A")
    assert a["breakdown"]["collections"] == points


def test_sets_and_collections_use_the_same_tiles():
    """Three full sets: 45 for sets and each crop's 3-collection too (5 × 10)."""
    crops = {crop: 3 for crop in data.CROPS}
    a = scorer.score(GAME, {"players": [player("A", 45, **crops), player("B")]})["players"][0]
    assert a["breakdown"]["sets"] == 45
    assert a["breakdown"]["collections"] == 50


def test_missing_crops_count_as_zero_and_sun_token_is_worth_five():
    result = scorer.score(GAME, {"players": [player("A", 3, sun=True, carrot=1), player("B", 1)]})
    a = next(p for p in result["players"] if p["name"] == "A")
    assert a["breakdown"] == {"track": 3, "unplaced_seeds": 0, "sets": 0, "collections": 0, "sun": 5}


def test_tie_broken_by_face_value_of_harvested_veggies():
    # Both total 20 (B's three squashes add a 10-point collection); A's veggies show
    # 2 × 5 = 10, B's only 3 × 1 = 3, so A wins the tie.
    a = player("A", 20, eggplant=2)
    b = player("B", 10, squash=3)
    result = scorer.score(GAME, {"players": [b, a]})
    assert [p["total"] for p in result["players"]] == [20, 20]
    assert result["winners"] == ["A"]
    assert [p["rank"] for p in result["players"]] == [1, 2]
    assert result["players"][0]["tiebreakers"] == {"harvested_face_value": 10}


def test_still_tied_players_share_the_victory():
    result = scorer.score(GAME, {"players": [player("A", 4, carrot=1), player("B", 4, carrot=1),
                                             player("C", 2)]})
    assert result["winners"] == ["A", "B"]
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]


def test_family_variant_scores_the_same():
    result = scorer.score(GAME, {"variant": "family", "players": [BLUE, player("Red", 1)]})
    assert result["players"][0]["total"] == 103


# --- impossible states -------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 1, 5])
def test_player_count_outside_two_to_four(count):
    state = {"players": [player(f"P{i}") for i in range(count)]}
    assert codes(state) == ["player-count"]
    with pytest.raises(scorer.InvalidState):
        scorer.score(GAME, state)


def test_duplicate_names():
    assert codes({"players": [player("A"), player("A")]}) == ["duplicate-player-name"]


def test_more_of_a_crop_than_the_supply_for_the_player_count():
    # 2 players use 5 of each crop: 3 + 3 eggplants cannot have been harvested.
    state = {"players": [player("A", 30, eggplant=3), player("B", 30, eggplant=3)]}
    found = scorer.validate(GAME, state)
    assert [v["code"] for v in found] == ["crop-over-supply"]
    assert found[0]["path"] == "players[0].harvested.eggplant"
    assert found[0]["rule"] == "Garden Dice › Setup"
    # The path points at the player holding the most of that crop.
    found = scorer.validate(GAME, {"players": [player("A", 20, eggplant=2), player("B", 40, eggplant=4)]})
    assert [v["path"] for v in found] == ["players[1].harvested.eggplant"]
    # With three players seven are used: the same harvest is possible.
    assert codes({"players": state["players"] + [player("C")]}) == []


def test_crops_on_the_board_count_against_the_supply():
    state = {"players": [player("A", 10, squash=4), player("B")],
             "board": [{"at": [1, 1], "kind": "seed", "crop": "squash", "owner": "B"},
                       {"at": [1, 2], "kind": "veggie", "crop": "squash", "owner": "A"}]}
    assert codes(state) == ["crop-over-supply"]


def test_more_tiles_in_hand_than_the_game_uses():
    # 2 players: 25 tiles. 4 of each crop harvested by A (20) + 3 unplaced each = 26.
    crops = {crop: 4 for crop in data.CROPS}
    state = {"players": [player("A", 100, unplaced=3, **crops), player("B", unplaced=3)]}
    assert codes(state) == ["too-many-tiles"]


def test_unplaced_seeds_need_free_discs_without_a_board():
    """Without a board only the scoring marker is known to be busy: 8 discs are free."""
    assert codes({"players": [player("A", unplaced=8), player("B")]}) == []
    found = scorer.validate(GAME, {"players": [player("A", unplaced=9), player("B")]})
    assert [v["code"] for v in found] == ["too-many-unplaced-seeds"]
    assert found[0]["path"] == "players[0].unplaced_seeds"


def test_unplaced_seeds_need_free_discs_with_a_board():
    """A's 5 seeds/veggies, a sundial and a bird with two swallowed discs hold 8 discs, so
    with the scoring marker all 9 are busy and no unplaced seed is possible."""
    board: list[dict[str, object]] = [{"at": [1, c], "kind": "seed", "crop": "squash", "owner": "A"}
                                      for c in (1, 2, 3)]
    board += [{"at": [2, 1], "kind": "veggie", "crop": "carrot", "owner": "A"},
              {"at": [2, 2], "kind": "veggie", "crop": "carrot", "owner": "A"},
              {"at": [3, 3], "kind": "sundial", "owner": "A"},
              {"at": [4, 4], "kind": "bird", "owner": "A", "swallowed": 1}]
    players = [player("A", 0), player("B", 0)]
    assert codes({"players": players, "board": board}) == []
    players[0]["unplaced_seeds"] = 1
    assert codes({"players": players, "board": board}) == ["too-many-unplaced-seeds"]
    board[-1]["swallowed"] = 3
    players[0]["unplaced_seeds"] = 0
    assert codes({"players": players, "board": board}) == ["too-many-discs"]


def test_track_below_face_value_of_own_harvest():
    found = scorer.validate(GAME, {"players": [player("A", 9, eggplant=2), player("B")]})
    assert [v["code"] for v in found] == ["track-below-harvest"]
    assert found[0]["path"] == "players[0].track"
    assert codes({"players": [player("A", 10, eggplant=2), player("B")]}) == []


@pytest.mark.parametrize("crop, most", [("squash", 4), ("carrot", 5), ("tomato", 6), ("artichoke", 8),
                                        ("eggplant", 10)])
def test_track_above_what_the_harvest_can_score(crop, most):
    """One veggie scores at most its value doubled on a star or plus 3 by an own scarecrow
    (Garden Dice › Harvest a Veggie): nothing else moves the track."""
    assert codes({"players": [player("A", most, **{crop: 1}), player("B")]}) == []
    found = scorer.validate(GAME, {"players": [player("A", most + 1, **{crop: 1}), player("B")]})
    assert [(v["code"], v["path"]) for v in found] == [("track-above-harvest", "players[0].track")]
    assert codes({"players": [player("A", 500, squash=1), player("B")]}) == ["track-above-harvest"]


def test_a_chain_pays_one_point_for_each_other_players_veggie():
    # A's squash scores at most 4; B's three harvested veggies could all have been taken by
    # A's chains, one bonus point each.
    assert codes({"players": [player("A", 7, squash=1), player("B", 3, squash=3)]}) == []
    assert codes({"players": [player("A", 8, squash=1), player("B", 3, squash=3)]}) == ["track-above-harvest"]


def test_swallowed_tiles_count_against_the_supply():
    """25 tiles in a 2-player game: 25 harvested leaves none for a critter to swallow."""
    crops = {crop: 3 for crop in data.CROPS}
    other = {crop: 2 for crop in data.CROPS}
    board = [{"at": [1, 1], "kind": "bird", "owner": "A", "swallowed": 3}]
    state = {"players": [player("A", 60, **crops), player("B", 40, **other)], "board": board}
    assert codes(state) == ["too-many-tiles"]
    assert "swallowed" in scorer.validate(GAME, state)[0]["message"]
    board[0]["swallowed"] = 0
    assert codes(state) == []


def test_a_rock_may_name_its_owner_and_takes_no_disc():
    rocks = [{"at": [1, 1], "kind": "rock", "owner": "A"}, {"at": [1, 2], "kind": "rock", "owner": "B"}]
    assert codes({"players": [player("A", unplaced=8), player("B")], "board": rocks}) == []
    rocks[1]["owner"] = "A"
    found = scorer.validate(GAME, {"players": [player("A"), player("B")], "board": rocks})
    assert [v["code"] for v in found] == ["too-many-rocks"] and "A has 2 rocks" in found[0]["message"]


def test_one_unplaced_seed_is_singular_and_the_format_rule_names_the_game():
    board = [{"at": [1, c], "kind": "seed", "crop": "squash", "owner": "A"} for c in range(1, 5)]
    board += [{"at": [2, c], "kind": "seed", "crop": "carrot", "owner": "A"} for c in range(1, 5)]
    found = scorer.validate(GAME, {"players": [player("A", unplaced=1), player("B")], "board": board})
    assert "holds 1 unplaced seed," in found[0]["message"]
    malformed = scorer.validate(GAME, {"players": [player("A", track="5"), player("B")]})
    assert malformed[0]["rule"] == "Garden Dice › state format"


def test_two_tiles_in_one_space_and_coordinates_off_the_board():
    board = [{"at": [2, 2], "kind": "seed", "crop": "carrot", "owner": "A"},
             {"at": [2, 2], "kind": "seed", "crop": "tomato", "owner": "B"},
             {"at": [7, 1], "kind": "seed", "crop": "tomato", "owner": "B"},
             {"at": [0, 3], "kind": "bird", "owner": "A"}]
    found = scorer.validate(GAME, {"players": [player("A"), player("B")], "board": board})
    assert [(v["code"], v["path"]) for v in found] == [
        ("two-tiles-one-space", "board[1].at"), ("off-board", "board[2].at"),
        ("off-board", "board[3].at")]


def test_one_bird_rabbit_and_one_sundial_scarecrow_per_player():
    board = [{"at": [1, 1], "kind": "bird", "owner": "A"},
             {"at": [1, 2], "kind": "rabbit", "owner": "A"},
             {"at": [2, 1], "kind": "sundial", "owner": "A"},
             {"at": [2, 2], "kind": "scarecrow", "owner": "A"},
             {"at": [3, 1], "kind": "bird", "owner": "B"}]
    assert codes({"players": [player("A"), player("B")], "board": board}) == [
        "too-many-critters", "too-many-sundials"]


def test_rocks_only_in_a_two_player_game_and_at_most_two():
    rocks = [{"at": [1, c], "kind": "rock"} for c in (1, 2)]
    assert codes({"players": [player("A"), player("B")], "board": rocks}) == []
    assert codes({"players": [player("A"), player("B"), player("C")], "board": rocks}) == [
        "rock-not-allowed", "rock-not-allowed"]
    three = rocks + [{"at": [1, 3], "kind": "rock"}]
    assert codes({"players": [player("A"), player("B")], "board": three}) == ["too-many-rocks"]


def test_critters_in_the_family_variant():
    board = [{"at": [1, 1], "kind": "rabbit", "owner": "A"}]
    found = scorer.validate(GAME, {"variant": "family", "players": [player("A"), player("B")],
                                   "board": board})
    assert [v["code"] for v in found] == ["critter-in-family-game"]
    assert found[0]["rule"] == "Garden Dice › Family Game Variant"


@pytest.mark.parametrize("tile,code", [
    ({"at": [1, 1], "kind": "seed", "owner": "A"}, "crop-missing"),
    ({"at": [1, 1], "kind": "bird", "crop": "tomato", "owner": "A"}, "crop-not-allowed"),
    ({"at": [1, 1], "kind": "seed", "crop": "tomato"}, "owner-missing"),
    ({"at": [1, 1], "kind": "seed", "crop": "tomato", "owner": "Zed"}, "unknown-owner"),
    ({"at": [1, 1], "kind": "rock", "owner": "Zed"}, "unknown-owner"),
    ({"at": [1, 1], "kind": "sundial", "owner": "A", "swallowed": 1}, "swallowed-not-on-critter"),
])
def test_malformed_board_tiles(tile, code):
    assert codes({"players": [player("A"), player("B")], "board": [tile]}) == [code]


@pytest.mark.parametrize("state,path", [
    ({"players": [player("A", track=-1), player("B")]}, "players[0].track"),
    ({"players": [player("A", track="5"), player("B")]}, "players[0].track"),
    ({"players": [{**player("A"), "harvested": {"potato": 1}}, player("B")]},
     "players[0].harvested.potato"),
    ({"players": [{**player("A"), "colour": "red"}, player("B")]}, "players[0].colour"),
    ({"players": [player("A"), player("B")], "variant": "solo"}, "variant"),
    ({"players": [player("A"), player("B")], "board": [{"at": [1], "kind": "rock"}]}, "board[0].at"),
    ({"players": [{"name": "A", "track": 3}, player("B")]}, "players[0].sun_token"),
])
def test_malformed_input_is_an_invalid_state_with_a_path(state, path):
    with pytest.raises(scorer.InvalidState) as caught:
        scorer.score(GAME, state)
    assert path in [v["path"] for v in caught.value.violations]


def test_warning_when_the_supply_cannot_be_empty_yet():
    board = [{"at": [1, 1], "kind": "seed", "crop": "carrot", "owner": "A"}]
    result = scorer.score(GAME, {"players": [player("A", 0), player("B")], "board": board})
    assert [w["code"] for w in result["warnings"]] == ["game-not-over"]
    # Every one of the 25 tiles accounted for: no warning.
    crops = {crop: 4 for crop in data.CROPS}
    full = {"players": [player("A", 60, unplaced=1, **crops), player("B", unplaced=3)],
            "board": board}
    assert scorer.score(GAME, full)["warnings"] == []


def test_a_changed_copy_of_a_state_is_scored_from_its_own_harvest():
    """Counts and face values are worked out from the state each time: a copy made with
    model_copy(update=...) after the first score is scored from its own players."""
    game = scorer.GAMES[GAME]
    state = game.parse_state({"players": [player("Blue", 20, carrot=2, eggplant=1), player("Red", 3)]})
    assert [s.tiebreakers for s in game.player_scores(state)] == [
        {"harvested_face_value": 2 * 2 + 5}, {"harvested_face_value": 0}]
    richer = type(state.players[0]).model_validate(player("Red", 30, squash=3, tomato=3))
    copy = state.model_copy(update={"players": [state.players[0], richer]})
    red = game.player_scores(copy)[1]
    assert red.tiebreakers == {"harvested_face_value": 3 * 1 + 3 * 3}
    assert red.breakdown["collections"] == 2 * data.COLLECTION_POINTS[3]


def test_seeds_by_crop_add_up_to_the_unplaced_seeds():
    held = {**player("A", unplaced=2), "seeds": {"carrot": 1}}
    found = scorer.validate(GAME, {"players": [held, player("B")]})
    assert [(v["code"], v["path"]) for v in found] == [("seeds-do-not-add-up", "players[0].seeds")]
    assert codes({"players": [{**held, "seeds": {"carrot": 1, "tomato": 1}}, player("B")]}) == []


def test_the_stacks_count_against_each_crop_and_the_whole_supply():
    # 2 players use 5 of each crop: 4 left in the stack and 2 harvested is one too many.
    found = scorer.validate(GAME, {"players": [player("A", 4, carrot=2), player("B")], "supply": {"carrot": 4}})
    assert [v["code"] for v in found] == ["crop-over-supply"]
    assert "left in the stack" in found[0]["message"]
    assert [v["path"] for v in scorer.validate(GAME, {"players": [player("A"), player("B")],
                                                      "supply": {"carrot": 6}})] == ["supply.carrot"]
    # Unplaced seeds of unknown crops count only towards the 25 tiles of the game.
    full = {crop: 5 for crop in data.CROPS}
    assert codes({"players": [player("A", unplaced=1), player("B")], "supply": full}) == ["too-many-tiles"]
    seeds = {**player("A", unplaced=1), "seeds": {"squash": 1}}
    assert codes({"players": [seeds, player("B")], "supply": {**full, "squash": 4}}) == []
    assert codes({"players": [seeds, player("B")], "supply": full}) == ["crop-over-supply"]


def test_a_crop_over_its_supply_is_counted_where_its_tiles_are():
    """Eight carrots left in the stack of a 2-player game (five of each crop), none harvested:
    the message counts them in the stack, not as harvested."""
    (found,) = scorer.validate(GAME, {"players": [player("A"), player("B")], "supply": {"carrot": 8}})
    assert found["message"] == ("8 carrot tiles are in play (8 left in the stack), but a 2-player game "
                                "uses only 5")


def test_with_the_stacks_counted_the_game_is_over_exactly_when_they_are_empty():
    empty = dict.fromkeys(data.CROPS, 0)
    ended = scorer.score(GAME, {"players": [player("A"), player("B")], "supply": empty})
    assert ended["warnings"] == []
    going = scorer.score(GAME, {"players": [player("A"), player("B")], "supply": {**empty, "carrot": 1}})
    assert [(w["code"], w["path"]) for w in going["warnings"]] == [("game-not-over", "supply")]
    assert "1 seed tile is still in the stacks" in going["warnings"][0]["message"]
