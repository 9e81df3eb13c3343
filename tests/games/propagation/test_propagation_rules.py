"""Propagation: impossible states, final scoring with bonus cards, and the rule checks."""
from __future__ import annotations

import copy

import pytest

import scorer
from scorer.games.core import GAME_NOT_OVER
from scorer.games.propagation import data
from scorer.games.propagation.rules import GAME, Board, board_violations, hex_words, resolve_card

GAME_ID = "propagation"
# Ten rocks, no two adjacent (checked in test_house_rocks_are_legal).
ROCKS = [[4, -4], [-4, 4], [0, 0], [2, -2], [-2, 2], [4, 0], [-4, 0], [0, 3], [0, -3], [2, 1]]


def plant(at, owner="Ada", kind="tomato", tier=0):
    return {"at": list(at), "owner": owner, "kind": kind, "tier": tier}


def board(*plants, rocks=ROCKS):
    return {"rocks": [list(r) for r in rocks], "plants": list(plants)}


def state(*names, bonus=None, harvested=None, **extra):
    names = names or ("Ada", "Bo")
    players = [{"name": n, "harvested": dict((harvested or {}).get(n, {}))} for n in names]
    result = {"players": players, **extra}
    if bonus is not None:
        result["bonus"] = bonus
    return result


def codes(found):
    return sorted(v["code"] for v in found)


def check(action, st=None):
    return scorer.check(GAME_ID, st or state(), action)


def invalid(raw, action=None):
    with pytest.raises(scorer.InvalidState) as caught:
        if action is None:
            scorer.score(GAME_ID, raw)
        else:
            scorer.check(GAME_ID, raw, action)
    return caught.value.violations


# --- the board ---------------------------------------------------------------------------------

def test_board_has_61_spaces_and_six_corners_with_the_top_hex_north():
    spaces = data.board_spaces()
    assert len(spaces) == 61 and len(set(spaces)) == 61
    assert data.TOP_HEX == (0, -4) and data.TOP_HEX in data.CORNERS
    assert sorted(data.CORNERS) == sorted(s for s in spaces if data.distance(s) == 4
                                          and sum(1 for n in data.neighbours(s) if data.on_board(n)) == 3)
    assert spaces[0] == data.TOP_HEX  # printed first: the northernmost space
    assert data.neighbours((0, 0))[0] == (0, -1)  # north first, clockwise


def test_house_rocks_are_legal():
    assert scorer.validate(GAME_ID, state(bonus=[{"card": "most-tomatoes", "round": 10,
                                                  "board": board()}])) == []


# --- impossible states -------------------------------------------------------------------------

def bonus_with(b, card="most-tomatoes", round_=10):
    return state(bonus=[{"card": card, "round": round_, "board": b}])


@pytest.mark.parametrize("rocks, code", [
    (ROCKS[:9], "rock-count"),
    (ROCKS + [[-3, -1]], "rock-count"),
    (ROCKS[:9] + [[1, 0]], "rocks-adjacent"),
    (ROCKS[:9] + [[5, 0]], "off-board"),
    (ROCKS[:9] + [[0, 0]], "space-shared"),
])
def test_impossible_rocks(rocks, code):
    assert code in codes(scorer.validate(GAME_ID, bonus_with(board(rocks=rocks))))


def test_adjacent_rocks_path_and_rule():
    found = scorer.validate(GAME_ID, bonus_with(board(rocks=ROCKS[:9] + [[1, 0]])))
    assert found == [{"code": "rocks-adjacent", "rule": "Propagation › Set up",
                      "message": "two rocks are next to each other (the centre; 1 space south-east of the "
                                 "centre); rocks must be placed apart",
                      "path": "bonus[0].board.rocks[9]"}]


@pytest.mark.parametrize("plants, code, path", [
    ([plant((0, 0))], "plant-on-rock", "bonus[0].board.plants[0].at"),
    ([plant((5, -1))], "off-board", "bonus[0].board.plants[0].at"),
    ([plant((1, 0)), plant((1, 0), "Bo", "carrot")], "space-shared", "bonus[0].board.plants[1].at"),
    ([plant((1, 0), tier=7)], "tier-past-death", "bonus[0].board.plants[0].tier"),
    ([plant((1, 0), kind="apple", tier=11)], "tier-past-death", "bonus[0].board.plants[0].tier"),
    ([plant((1, 0), owner="Cy")], "unknown-owner", "bonus[0].board.plants[0].owner"),
])
def test_impossible_plants(plants, code, path):
    found = scorer.validate(GAME_ID, bonus_with(board(*plants)))
    assert [(v["code"], v["path"]) for v in found] == [(code, path)]


@pytest.mark.parametrize("card, plants", [
    ("most-tomatoes", [plant((1, 0), tier=6), plant((2, 0), tier=6), plant((1, -1), "Bo")]),
    ("apple-growers", [plant((q, 0), kind="apple", tier=10) for q in (1, 3)] + [plant((-1, 0), kind="apple")]),
    ("ripe-and-ready", [plant((1, 0), kind="carrot", tier=6), plant((1, -1), "Bo", tier=3)]),
])
def test_a_bonus_board_holds_no_plant_at_its_death_tier(card, plants):
    """Rounds and Turns › Rounds: deaths are checked first, then the bonus cards resolve, so a
    plant at its death tier is gone from the board the cards are resolved on; end_round on
    the same board reports it dead."""
    b = board(*plants)
    found = scorer.validate(GAME_ID, bonus_with(b, card=card))
    dead = [i for i, p in enumerate(plants) if p["tier"] >= data.PLANTS[p["kind"]]["dies"]]
    assert [(v["code"], v["path"]) for v in found] == [
        ("dead-plant-on-bonus-board", f"bonus[0].board.plants[{i}].tier") for i in dead]
    assert found[0]["rule"] == "Propagation › Rounds and Turns › Rounds"
    died = check({"type": "end_round", "board": b})["effects"]["died"]
    assert died == sorted(plants[i]["at"] for i in dead)


def test_the_death_tier_itself_may_be_on_a_board_during_the_round():
    # Grown to its death tier at the start of a turn, it is removed only when the round ends.
    b = board(plant((1, 0), tier=6), plant((2, 0), kind="apple", tier=10))
    assert check({"type": "harvest", "player": "Ada", "kind": "tomato", "board": b})["legal"]


def free_spaces(count):
    rocks = {tuple(r) for r in ROCKS}
    return [s for s in data.board_spaces() if s not in rocks][:count]


def test_more_tokens_than_a_player_has():
    apples = [plant(s, kind="apple") for s in free_spaces(6)]
    found = scorer.validate(GAME_ID, bonus_with(board(*apples)))
    assert codes(found) == ["too-many-tokens"]
    assert "6 apple" in found[0]["message"]
    assert scorer.validate(GAME_ID, bonus_with(board(*apples[:5]))) == []


def test_fifteen_tomatoes_fit_sixteen_do_not():
    tomatoes = [plant(s) for s in free_spaces(16)]
    assert scorer.validate(GAME_ID, bonus_with(board(*tomatoes[:15]))) == []
    assert codes(scorer.validate(GAME_ID, bonus_with(board(*tomatoes)))) == ["too-many-tokens"]


def test_unknown_bonus_card():
    found = scorer.validate(GAME_ID, bonus_with(board(), card="most-zucchini"))
    assert [(v["code"], v["path"]) for v in found] == [("unknown-bonus-card", "bonus[0].card")]


@pytest.mark.parametrize("names", [("Ada",), ("A", "B", "C", "D", "E")])
def test_player_count_outside_two_to_four(names):
    assert codes(scorer.validate(GAME_ID, state(*names))) == ["player-count"]


@pytest.mark.parametrize("names", [("A", "B"), ("A", "B", "C"), ("A", "B", "C", "D")])
def test_two_to_four_players_are_fine(names):
    assert scorer.validate(GAME_ID, state(*names)) == []


def test_duplicate_player_names():
    assert codes(scorer.validate(GAME_ID, state("Ada", "Ada"))) == ["duplicate-player-name"]


@pytest.mark.parametrize("raw, code", [
    ({"players": [{"name": "A", "harvested": {"tomato": "3"}}, {"name": "B"}]}, "wrong-type"),
    ({"players": [{"name": "A", "harvested": {"zucchini": 3}}, {"name": "B"}]}, "unknown-field"),
    ({"players": [{"name": "A", "harvested": {"tomato": -1}}, {"name": "B"}]}, "out-of-range"),
    ({"players": [{"name": "A"}, {"name": "B"}], "round_20": "all"}, "not-allowed-value"),
    ({"players": [{"name": "A"}, {"name": "B"}],
      "bonus": [{"card": "most-tomatoes", "round": 11, "board": board()}]}, "not-allowed-value"),
    ({"players": [{"name": "A"}, {"name": "B"}],
      "bonus": [{"card": "most-tomatoes", "round": 10,
                 "board": {"rocks": ROCKS, "plants": [{"at": [1, 0, 2], "owner": "A",
                                                       "kind": "tomato", "tier": 0}]}}]}, "wrong-length"),
    ({"players": [{"name": "A"}, {"name": "B"}],
      "bonus": [{"card": "most-tomatoes", "round": 10,
                 "board": {"rocks": ROCKS, "plants": [plant((1, 0), "A", "pumpkin")]}}]}, "not-allowed-value"),
    ("not a state", "wrong-type"),
])
def test_malformed_states_are_violations_not_crashes(raw, code):
    assert code in codes(scorer.validate(GAME_ID, raw))


@pytest.mark.parametrize(("kind", "cap", "tokens"), [("tomato", 75, "15 tomato tokens"),
                                                   ("carrot", 50, "10 carrot tokens"),
                                                   ("apple", 15, "5 apple tree tokens")])
def test_harvest_counts_are_capped_by_the_tokens_each_player_is_given(kind, cap, tokens):
    """Set up gives each player 5 apple trees, 10 carrots and 15 tomatoes. A tomato or carrot
    leaves the board when harvested, so a token is sown, grown three turns and harvested at
    most once every four turns (5 times in 20 rounds); an apple tree stays but regrows five
    tiers, so it is harvested at most 3 times after the turn it is sown. `apple: 75` once
    passed for 300 points."""
    assert scorer.validate(GAME_ID, state(harvested={"Ada": {kind: cap}})) == []
    found = scorer.validate(GAME_ID, state(harvested={"Ada": {kind: cap + 1}}))
    assert [(v["code"], v["path"]) for v in found] == [("too-many-harvested", f"players[0].harvested.{kind}")]
    assert found[0]["rule"] == "Propagation › Set up"
    assert tokens in found[0]["message"] and f"at most {cap}" in found[0]["message"]
    assert data.MOST_HARVESTED[kind] == cap


def test_every_kind_at_its_cap_at_once_is_still_possible():
    everything = {"tomato": 75, "carrot": 50, "apple": 15}
    assert scorer.validate(GAME_ID, state(harvested={"Ada": everything, "Bo": everything})) == []


def test_a_score_with_seventy_five_apples_is_refused_not_counted():
    with pytest.raises(scorer.InvalidState) as refused:
        scorer.score(GAME_ID, state(harvested={"Ada": {"apple": 75}}))
    assert [v["code"] for v in refused.value.violations] == ["too-many-harvested"]


# --- bonus timing and the round-20 readings ------------------------------------------------------

def entry(card, round_, b=None):
    return {"card": card, "round": round_, "board": b or board()}


def test_full_game_both_reading_is_the_default_and_complete():
    raw = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 20), entry("carrot-patch", 20)])
    result = scorer.score(GAME_ID, raw)
    assert result["warnings"] == []
    assert scorer.validate(GAME_ID, dict(raw, round_20="both")) == []


def test_newest_reading_resolves_one_new_card_at_round_20():
    raw = state(bonus=[entry("most-tomatoes", 10), entry("carrot-patch", 20)], round_20="newest")
    assert scorer.score(GAME_ID, raw)["warnings"] == []
    again = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 20)], round_20="newest")
    assert codes(scorer.validate(GAME_ID, again)) == ["bonus-card-repeated"]
    two = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 20), entry("carrot-patch", 20)],
                round_20="newest")
    assert "too-many-bonus-cards" in codes(scorer.validate(GAME_ID, two))


def test_both_reading_needs_the_first_card_again_at_round_20():
    raw = state(bonus=[entry("most-tomatoes", 10), entry("carrot-patch", 20), entry("mixed-garden", 20)])
    assert codes(scorer.validate(GAME_ID, raw)) == ["bonus-card-mismatch"]


def test_only_one_card_at_round_10_and_no_repeats():
    two = state(bonus=[entry("most-tomatoes", 10), entry("carrot-patch", 10)])
    assert codes(scorer.validate(GAME_ID, two)) == ["too-many-bonus-cards"]
    twice = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 10)])
    assert codes(scorer.validate(GAME_ID, twice)) == ["duplicate-bonus-entry"]


def test_cards_of_one_round_share_one_board_and_rocks_never_move():
    other = board(plant((1, 0)))
    raw = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 20),
                       entry("carrot-patch", 20, other)])
    assert codes(scorer.validate(GAME_ID, raw)) == ["bonus-boards-differ"]
    moved = ROCKS[:9] + [[-2, -1]]
    raw = state(bonus=[entry("most-tomatoes", 10), entry("carrot-patch", 20, board(rocks=moved))],
                round_20="newest")
    assert codes(scorer.validate(GAME_ID, raw)) == ["rocks-moved"]


@pytest.mark.parametrize("bonus, missing_rounds", [
    (None, [10, 20]), ([], [10, 20]), ([entry("most-tomatoes", 10)], [20]),
    ([entry("most-tomatoes", 10), entry("most-tomatoes", 20)], [20]),
])
def test_missing_or_partial_bonus_is_a_warning(bonus, missing_rounds):
    result = scorer.score(GAME_ID, state(bonus=bonus))
    assert [w["code"] for w in result["warnings"]] == [GAME_NOT_OVER] * len(missing_rounds)
    assert all(f"round {r}" in w["message"] for w, r in zip(result["warnings"], missing_rounds))


def test_a_space_is_named_by_the_walk_from_the_centre():
    """The messages name a space as a walk from the centre in at most two neighbouring
    compass directions: each neighbour of the centre by its own direction, in every direction."""
    names = {"N": "north", "NE": "north-east", "SE": "south-east", "S": "south", "SW": "south-west",
             "NW": "north-west"}
    for direction, (q, r) in data.DIRECTIONS.items():
        assert hex_words([q, r]) == f"1 space {names[direction]} of the centre"
        assert hex_words([2 * q, 2 * r]) == f"2 spaces {names[direction]} of the centre"
    assert hex_words([0, 0]) == "the centre"
    assert hex_words([2, -3]) == "1 north then 2 north-east of the centre"
    assert hex_words([-1, -1]) == "1 north-west then 1 north of the centre"


# --- final scoring -------------------------------------------------------------------------------

def test_harvest_points_and_breakdown_keys():
    raw = state(harvested={"Ada": {"tomato": 6, "carrot": 3, "apple": 2}, "Bo": {"carrot": 10}})
    result = scorer.score(GAME_ID, raw)
    ada, bo = result["players"]
    assert ada["breakdown"] == {"tomato": 6, "carrot": 6, "apple": 8, "bonus": 0} and ada["total"] == 20
    assert bo["breakdown"] == {"tomato": 0, "carrot": 20, "apple": 0, "bonus": 0} and bo["total"] == 20
    # No tie-breaker: tied players share first place.
    assert [p["rank"] for p in result["players"]] == [1, 1] and result["winners"] == ["Ada", "Bo"]


def test_a_player_with_no_harvest_written_down_scores_nothing_for_harvests():
    """Harvest: points come only from what a player harvested, so a sheet that names no
    harvest at all counts as nothing harvested, the same as one written with zeros."""
    raw = {"players": [{"name": "Ada", "harvested": {"apple": 1}}, {"name": "Bo"}]}
    result = scorer.score(GAME_ID, raw)
    bo = next(p for p in result["players"] if p["name"] == "Bo")
    assert bo["breakdown"] == {"tomato": 0, "carrot": 0, "apple": 0, "bonus": 0} and bo["total"] == 0
    assert result["winners"] == ["Ada"]


# --- bonus points recorded at the table ------------------------------------------------------

def recorded(points, reading="both", **extra):
    raw = state("Ada", "Bo", "Cy", harvested={"Ada": {"tomato": 12, "carrot": 4, "apple": 3},
                                              "Bo": {"tomato": 6, "carrot": 8, "apple": 2},
                                              "Cy": {"tomato": 3, "carrot": 2, "apple": 6}},
                round_20=reading, **extra)
    for player, n in zip(raw["players"], points):
        if n is not None:
            player["bonus_points"] = n
    return raw


def test_a_finished_game_scored_with_recorded_bonus_points():
    result = scorer.score(GAME_ID, recorded([10, 0, 18]))
    totals = {p["name"]: (p["total"], p["breakdown"]["bonus"]) for p in result["players"]}
    # Ada 12 + 8 + 12 + 10, Bo 6 + 16 + 8 + 0, Cy 3 + 4 + 24 + 18
    assert totals == {"Ada": (42, 10), "Bo": (30, 0), "Cy": (49, 18)}
    assert result["winners"] == ["Cy"] and result["warnings"] == [] and result["bonus_resolutions"] == []
    # A player who scored no bonus may leave the field out.
    assert scorer.score(GAME_ID, recorded([10, None, 18]))["players"][2]["breakdown"]["bonus"] == 0


def test_recorded_bonus_points_are_bounded_by_the_cards():
    """The best two house cards pay 6 each: under "both" the first card resolves twice and the
    round-10 card once (18 at most), under "newest" each once (12 at most)."""
    assert scorer.validate(GAME_ID, recorded([18, 0, 0])) == []
    found = scorer.validate(GAME_ID, recorded([19, 0, 0]))
    assert [(v["code"], v["path"], v["rule"]) for v in found] == [
        ("bonus-points-too-high", "players[0].bonus_points", "Propagation › Bonus Scoring cards")]
    assert scorer.validate(GAME_ID, recorded([12, 0, 0], reading="newest")) == []
    assert codes(scorer.validate(GAME_ID, recorded([13, 0, 0], reading="newest"))) == ["bonus-points-too-high"]
    assert codes(scorer.validate(GAME_ID, recorded([-1, 0, 0]))) == ["out-of-range"]


def test_bonus_points_and_bonus_boards_are_not_both_given():
    raw = recorded([5, 0, 0], bonus=[{"card": "most-tomatoes", "round": 10, "board": board(plant((1, 0)))}])
    found = scorer.validate(GAME_ID, raw)
    assert [(v["code"], v["path"]) for v in found] == [("bonus-given-twice", "bonus")]


def test_the_format_rule_and_an_apple_message():
    found = scorer.validate(GAME_ID, {"players": [{"name": "A", "harvested": {"tomato": "3"}}, {"name": "B"}]})
    assert found[0]["rule"] == "Propagation › state format"
    sow = check({"type": "sow", "player": "Ada", "kind": "apple", "at": [1, -1],
                 "board": board(plant((1, 0), kind="apple"))})
    assert "Ada already has an apple on the board" in sow["violations"][0]["message"]


def test_design_example_scores():
    raw = {"players": [{"name": "Ada", "harvested": {"tomato": 6, "carrot": 3, "apple": 2}},
                       {"name": "Bo", "harvested": {}}],
           "bonus": [{"card": "most-tomatoes", "round": 10, "board": board(plant((1, 0), tier=2))}]}
    result = scorer.score(GAME_ID, raw)
    assert result["players"][0]["breakdown"]["bonus"] == 5 and result["players"][0]["total"] == 25
    assert result["bonus_resolutions"][0] == {"card": "most-tomatoes", "round": 10,
                                              "counts": {"Ada": 1, "Bo": 0}, "paid": ["Ada"], "points": 5}


def test_one_winner_tie_pays_both_with_three_players_but_nobody_with_two():
    tied = board(plant((1, 0), "Ada"), plant((-1, 0), "Bo"))
    three = state("Ada", "Bo", "Cy", bonus=[entry("most-tomatoes", 10, tied)])
    assert [p["breakdown"]["bonus"] for p in scorer.score(GAME_ID, three)["players"]] == [5, 5, 0]
    two = state("Ada", "Bo", bonus=[entry("most-tomatoes", 10, tied)])
    assert [p["breakdown"]["bonus"] for p in scorer.score(GAME_ID, two)["players"]] == [0, 0]


def test_most_card_pays_nobody_when_nobody_has_any():
    three = state("Ada", "Bo", "Cy", bonus=[entry("most-tomatoes", 10, board(plant((1, 0), kind="carrot")))])
    assert [p["breakdown"]["bonus"] for p in scorer.score(GAME_ID, three)["players"]] == [0, 0, 0]


def test_apple_growers_pays_every_player_with_three_trees():
    apples = [plant(s, owner, "apple") for owner, spaces in
              (("Ada", [(1, 0), (1, -1), (-1, 0)]), ("Bo", [(-1, 1), (0, 1)]), ("Cy", [(3, -1), (3, 0), (-3, 1)]))
              for s in spaces]
    raw = state("Ada", "Bo", "Cy", bonus=[entry("apple-growers", 10, board(*apples))])
    assert [p["breakdown"]["bonus"] for p in scorer.score(GAME_ID, raw)["players"]] == [3, 3, 0]


def test_each_entry_is_scored_on_its_own_board():
    ten = board(plant((1, 0), "Ada"))
    twenty = board(plant((1, 0), "Bo"), plant((-1, 0), "Bo"))
    raw = state(bonus=[entry("most-tomatoes", 10, ten), entry("most-tomatoes", 20, twenty),
                       entry("biggest-garden", 20, twenty)])
    ada, bo = scorer.score(GAME_ID, raw)["players"]
    assert (ada["name"], ada["breakdown"]["bonus"]) == ("Bo", 11)
    assert (bo["name"], bo["breakdown"]["bonus"]) == ("Ada", 5)


NAMES = ["Ada", "Bo", "Cy"]


def resolve(card, *plants, rocks=ROCKS):
    return resolve_card(card, Board.model_validate(board(*plants, rocks=rocks)), NAMES)


def test_every_designed_card_has_text_points_and_a_measure():
    from scorer.games.propagation.rules import MEASURES
    assert len(data.BONUS_CARDS) >= 12
    awards = {card["award"] for card in data.BONUS_CARDS.values()}
    assert awards == {"one-winner", "every-player"}
    for card_id, card in data.BONUS_CARDS.items():
        assert card["measure"] in MEASURES and card["points"] > 0 and card["text"]
        assert (card["award"] == "every-player") == ("at_least" in card), card_id
        assert str(card["points"]) in card["text"], card_id


@pytest.mark.parametrize("card, plants, counts, paid", [
    ("most-carrots", [plant((1, 0), "Bo", "carrot")], [0, 1, 0], ["Bo"]),
    ("biggest-orchard", [plant((1, 0), "Cy", "apple"), plant((1, -1), "Ada")], [0, 0, 1], ["Cy"]),
    ("biggest-garden", [plant((1, 0), "Ada"), plant((1, -1), "Ada", "apple"), plant((-1, 0), "Bo")],
     [2, 1, 0], ["Ada"]),
    # Ada: a group of 3 and a lone plant; Bo: two apart.
    ("largest-patch", [plant((1, 0), "Ada"), plant((1, -1), "Ada", "carrot"), plant((1, 1), "Ada"),
                       plant((-3, 0), "Ada"), plant((-1, 0), "Bo"), plant((-1, 3), "Bo")], [3, 1, 0], ["Ada"]),
    ("ripe-and-ready", [plant((1, 0), "Ada", tier=3), plant((1, -1), "Ada", "apple", 4),
                        plant((-1, 0), "Bo", "apple", 5)], [1, 1, 0], ["Ada", "Bo"]),
    # A line of three carrots going north beats a bent row of three.
    ("longest-furrow", [plant((1, 1), "Ada", "carrot"), plant((1, 0), "Ada", "carrot"),
                        plant((1, -1), "Ada", "carrot"), plant((-1, 0), "Bo", "carrot"),
                        plant((-1, 1), "Bo", "carrot"), plant((-2, 1), "Bo", "carrot")], [3, 2, 0], ["Ada"]),
    ("rock-garden", [plant((1, 0), "Ada"), plant((3, -3), "Bo")], [1, 1, 0], ["Ada", "Bo"]),
    ("sunny-side", [plant((1, -1), "Ada"), plant((2, -1), "Bo"), plant((-2, 1), "Cy")], [1, 0, 0], ["Ada"]),
    ("carrot-patch", [plant(s, "Ada", "carrot") for s in [(1, 0), (1, -1), (-1, 0), (-1, 1), (0, 1)]],
     [5, 0, 0], ["Ada"]),
    ("tomato-glut", [plant(s, "Bo") for s in free_spaces(8)], [0, 8, 0], ["Bo"]),
    ("mixed-garden", [plant((1, 0), "Ada"), plant((1, -1), "Ada", "carrot"), plant((-1, 0), "Ada", "apple"),
                      plant((-1, 1), "Bo"), plant((0, 1), "Bo", "carrot")], [3, 2, 0], ["Ada"]),
    ("heart-of-the-garden", [plant((1, 0), "Ada"), plant((0, 2), "Bo"), plant((0, -1), "Cy", "apple")],
     [1, 0, 1], ["Ada", "Cy"]),
    # The house rocks leave two corners free: [0, -4] (the top hex) and [0, 4].
    ("corner-plots", [plant((0, 4), "Ada"), plant((0, -4), "Ada"), plant((0, 2), "Bo")], [2, 0, 0], ["Ada"]),
])
def test_designed_cards(card, plants, counts, paid):
    result = resolve(card, *plants)
    assert [result["counts"][n] for n in NAMES] == counts
    assert result["paid"] == paid


def test_score_reports_bonus_resolutions_in_entry_order():
    raw = state(bonus=[entry("most-tomatoes", 10), entry("most-tomatoes", 20), entry("carrot-patch", 20)])
    assert [(r["card"], r["round"]) for r in scorer.score(GAME_ID, raw)["bonus_resolutions"]] == [
        ("most-tomatoes", 10), ("most-tomatoes", 20), ("carrot-patch", 20)]


# --- rule checks: sow -------------------------------------------------------------------------

def test_sow_on_an_empty_space():
    result = check({"type": "sow", "player": "Ada", "kind": "carrot", "at": [1, 0], "board": board()})
    assert result == {"legal": True, "violations": [],
                      "effects": {"sown": {"at": [1, 0], "owner": "Ada", "kind": "carrot", "tier": 0}},
                      "summary": ["Sown (+ on the board): Ada's carrot at tier 0 (1 space south-east of the centre)."]}


@pytest.mark.parametrize("at, plants, code", [
    ([0, 0], [], "space-rock"),
    ([1, 0], [plant((1, 0), "Bo")], "space-plant"),
    ([0, -5], [], "off-board"),
    ([1, 0], [plant((3, -1), "Ada", "carrot", 4)], "kind-already-on-board"),
])
def test_illegal_sow(at, plants, code):
    result = check({"type": "sow", "player": "Ada", "kind": "carrot", "at": at, "board": board(*plants)})
    assert result["legal"] is False and codes(result["violations"]) == [code]
    assert result["effects"] == {}


def test_sow_a_kind_another_player_has_is_fine():
    result = check({"type": "sow", "player": "Ada", "kind": "carrot", "at": [1, 0],
                    "board": board(plant((3, -1), "Bo", "carrot"), plant((-1, 0), "Ada", "tomato"))})
    assert result["legal"] is True


# --- rule checks: grow, harvest, end of round ------------------------------------------------

def test_grow_raises_every_own_plant_one_tier():
    b = board(plant((1, 0), "Ada", tier=2), plant((-1, 0), "Ada", "apple", 9), plant((1, -1), "Bo", tier=0))
    effects = check({"type": "grow", "player": "Ada", "board": b})["effects"]
    assert effects["grown"] == [plant((1, 0), "Ada", tier=3), plant((-1, 0), "Ada", "apple", 10)]
    assert effects["fully_grown"] == [[-1, 0], [1, 0]]
    assert effects["at_death_tier"] == [[-1, 0]]


def test_grow_with_a_plant_already_at_its_death_tier_is_illegal():
    result = check({"type": "grow", "player": "Ada", "board": board(plant((1, 0), "Bo"), plant((1, -1), tier=6))})
    assert result["legal"] is False
    assert [(v["code"], v["path"]) for v in result["violations"]] == [
        ("should-have-died", "action.board.plants[1].tier")]


def test_harvest_tomatoes_takes_every_grown_one_and_removes_them():
    b = board(plant((1, 0), tier=3), plant((1, -1), tier=6), plant((-1, 0), tier=2),
              plant((-1, 1), "Bo", tier=5), plant((2, -1), "Ada", "carrot", 4))
    effects = check({"type": "harvest", "player": "Ada", "kind": "tomato", "board": b})["effects"]
    assert effects == {"harvested": [[1, -1], [1, 0]], "count": 2, "points": 2,
                       "removed": [[1, -1], [1, 0]], "reset": []}


def test_harvest_apples_stay_and_reset():
    b = board(plant((1, 0), kind="apple", tier=5), plant((-1, 0), kind="apple", tier=4))
    effects = check({"type": "harvest", "player": "Ada", "kind": "apple", "board": b})["effects"]
    assert effects == {"harvested": [[1, 0]], "count": 1, "points": 4, "removed": [], "reset": [[1, 0]]}


def test_harvest_carrots_two_points_each():
    b = board(*(plant(s, kind="carrot", tier=3) for s in [(1, 0), (1, -1), (-1, 0)]))
    assert check({"type": "harvest", "player": "Ada", "kind": "carrot", "board": b})["effects"]["points"] == 6


def test_harvest_with_nothing_grown_is_illegal():
    result = check({"type": "harvest", "player": "Ada", "kind": "tomato", "board": board(plant((1, 0), tier=2))})
    assert result["legal"] is False and codes(result["violations"]) == ["nothing-to-harvest"]


def test_end_round_kills_plants_at_double_their_grown_tier():
    # The rulebook's example: tomatoes at tier 6 still on the board die at the round's end.
    b = board(plant((1, 0), tier=6), plant((-1, 0), "Bo", tier=5), plant((1, -1), "Bo", "apple", 10),
              plant((2, -1), "Bo", "apple", 9), plant((-1, 1), "Ada", "carrot", 6))
    result = check({"type": "end_round", "board": b})
    assert result["legal"] is True
    assert result["effects"] == {"died": [[-1, 1], [1, -1], [1, 0]],
                                 "returned": {"Ada": {"tomato": 1, "carrot": 1}, "Bo": {"apple": 1}}}


@pytest.mark.parametrize("round_, players, expected", [
    (10, ("A", "B", "C"), {"resolve_bonus": True, "reveal_new_card": True, "game_over": False,
                           "pass_start_token": True}),
    (20, ("A", "B", "C"), {"resolve_bonus": True, "reveal_new_card": False, "game_over": True,
                           "pass_start_token": False}),
    (7, ("A", "B"), {"resolve_bonus": False, "reveal_new_card": False, "game_over": False,
                     "pass_start_token": False}),
])
def test_end_round_events(round_, players, expected):
    effects = check({"type": "end_round", "round": round_, "board": board()}, state(*players))["effects"]
    assert {k: effects[k] for k in expected} == expected and effects["died"] == []


# --- rule checks: propagate ------------------------------------------------------------------

def propagate(pattern, origin, *plants, targets=None, player="Ada", rocks=ROCKS):
    action = {"type": "propagate", "player": player, "pattern": pattern, "origin": list(origin),
              "board": board(*plants, rocks=rocks)}
    if targets is not None:
        action["targets"] = [list(t) for t in targets]
    return check(action)


def test_every_pattern_offset_is_relative_to_the_top_of_the_board():
    north_fan = data.PATTERNS["tomato-north-fan"]["spaces"]
    assert sorted(north_fan) == sorted([(0, -1), (1, -1), (-1, 0)])
    assert data.PATTERNS["carrot-north-furrow"]["spaces"] == ((0, -1), (0, -2))
    assert {data.distance(s) for s in data.PATTERNS["apple-seedling"]["spaces"]} == {2}
    for pattern in data.PATTERNS.values():
        assert pattern["kind"] in data.KINDS and pattern["mode"] in ("spread", "choose")
        assert (0, 0) not in pattern["spaces"] and len(set(pattern["spaces"])) == len(pattern["spaces"])


def test_tomato_fan_sows_three_new_tomatoes():
    result = propagate("tomato-north-fan", (-2, 0), plant((-2, 0), tier=1))
    assert result["legal"] is True
    assert result["effects"]["placed"] == [[-3, 0], [-2, -1], [-1, -1]]
    assert all(p["tier"] == 0 and p["kind"] == "tomato" for p in result["effects"]["new_plants"])
    assert result["effects"]["skipped"] == [] and result["effects"]["tokens_left"] == 11


def test_blocked_and_off_board_spaces_are_skipped():
    # Origin on the south-west edge: one fan space is off the board, one has a plant.
    result = propagate("tomato-north-fan", (-4, 2), plant((-4, 2)), plant((-3, 1), "Bo", "carrot"))
    assert result["legal"] is True
    assert result["effects"]["placed"] == [[-4, 1]]
    assert sorted((s["reason"], s["at"]) for s in result["effects"]["skipped"]) == [
        ("off-board", [-5, 2]), ("plant", [-3, 1])]


def test_rocks_block_carrot_rows():
    # [0,0] is a rock: the upright row from [0,1] loses its north space.
    result = propagate("carrot-upright", (0, 1), plant((0, 1), kind="carrot"))
    assert result["effects"]["placed"] == [[0, 2]]
    assert result["effects"]["skipped"] == [{"at": [0, 0], "reason": "rock"}]


def test_fully_blocked_pattern_is_illegal():
    # From [4,-3] the falling row's south-east space is off the board, the north-west taken.
    result = propagate("carrot-falling", (4, -3), plant((4, -3), kind="carrot"), plant((3, -3), "Bo"))
    assert result["legal"] is False and codes(result["violations"]) == ["pattern-blocked"]


def test_origin_must_be_own_plant_of_the_pattern_kind():
    assert codes(propagate("carrot-upright", (1, 0), plant((1, 0)))["violations"]) == ["no-origin-plant"]
    assert codes(propagate("carrot-upright", (1, 0), plant((1, 0), "Bo", "carrot"))["violations"]) == [
        "no-origin-plant"]


def test_short_of_tokens_the_player_picks_where_the_last_ones_go():
    origin, fan = (-2, -1), [(-1, -1), (-2, 0), (-3, 0)]
    tomatoes = [plant(s) for s in free_spaces(20) if s != origin and s not in fan][:14]
    plants = tomatoes + [plant(origin)]  # all 15 tomatoes on the board: none left
    assert codes(propagate("tomato-south-fan", origin, *plants)["violations"]) == ["no-tokens-left"]
    plants = tomatoes[:13] + [plant(origin)]  # 14 on the board: one left for three free spaces
    assert codes(propagate("tomato-south-fan", origin, *plants)["violations"]) == ["choose-targets"]
    result = propagate("tomato-south-fan", origin, *plants, targets=[(-2, 0)])
    assert result["legal"] is True and result["effects"]["placed"] == [[-2, 0]]
    assert sorted(s["at"] for s in result["effects"]["skipped"] if s["reason"] == "no-token") == [[-3, 0], [-1, -1]]
    assert result["effects"]["tokens_left"] == 0
    too_many = propagate("tomato-south-fan", origin, *plants, targets=[(-2, 0), (-3, 0)])
    assert codes(too_many["violations"]) == ["wrong-target-count"]


def test_apple_seedling_needs_one_chosen_space_two_steps_away():
    origin = plant((1, 0), kind="apple", tier=3)
    assert codes(propagate("apple-seedling", (1, 0), origin)["violations"]) == ["choose-targets"]
    result = propagate("apple-seedling", (1, 0), origin, targets=[(1, 2)])
    assert result["effects"]["placed"] == [[1, 2]] and result["effects"]["tokens_left"] == 3
    assert codes(propagate("apple-seedling", (1, 0), origin, targets=[(1, 1)])["violations"]) == [
        "target-not-in-pattern"]
    blocked = propagate("apple-seedling", (2, -1), plant((2, -1), kind="apple"), targets=[(2, 1)])
    assert codes(blocked["violations"]) == ["target-blocked"]  # [2, 1] is a rock
    two = propagate("apple-seedling", (1, 0), origin, targets=[(1, 2), (1, -2)])
    assert codes(two["violations"]) == ["wrong-target-count"]


def test_apple_seedling_with_one_free_space_needs_no_choice():
    # Corner [4,-4] is a rock; from [4,-2]: two steps N is [4,-4] (rock), NE/SE off board,
    # S [4,0] rock, SW [2,0] free, NW [2,-2] rock.
    result = propagate("apple-seedling", (4, -2), plant((4, -2), kind="apple"))
    assert result["legal"] is True and result["effects"]["placed"] == [[2, 0]]


# --- the action's board and player ------------------------------------------------------------

def test_impossible_board_in_an_action_is_invalid_state():
    found = invalid(state(), {"type": "end_round", "board": board(plant((0, 0)))})
    assert [(v["code"], v["path"]) for v in found] == [("plant-on-rock", "action.board.plants[0].at")]


def test_unknown_player_in_an_action():
    found = invalid(state(), {"type": "grow", "player": "Zed", "board": board()})
    assert [(v["code"], v["path"]) for v in found] == [("unknown-player", "action.player")]


@pytest.mark.parametrize("action, code", [
    ({"type": "water", "board": board()}, "unknown-action"),
    ({"type": "propagate", "player": "Ada", "pattern": "tomato-spiral", "origin": [0, 1], "board": board()},
     "not-allowed-value"),
    ({"type": "sow", "player": "Ada", "kind": "carrot", "board": board()}, "missing-field"),
])
def test_malformed_actions(action, code):
    assert code in codes(invalid(state(), action))


def test_check_does_not_modify_its_input():
    b = board(plant((1, 0), tier=3))
    action = {"type": "harvest", "player": "Ada", "kind": "tomato", "board": b}
    before = copy.deepcopy(action)
    check(action)
    assert action == before


def test_game_registered():
    assert scorer.GAMES[GAME_ID] is GAME and GAME.title == "Propagation"


# --- what the pages open on ---------------------------------------------------------------------

def test_page_examples_are_possible_and_complete():
    from scorer.games.propagation import rules

    result = scorer.score(GAME_ID, rules.EXAMPLE_STATE)
    assert result["warnings"] == [] and result["winners"] == ["Ada"]
    # Round 20: Ada and Cy tie on one tomato each; with three players both are paid.
    assert [r["paid"] for r in result["bonus_resolutions"]] == [["Ada"], ["Ada", "Cy"], []]
    outcome = scorer.check(GAME_ID, rules.EXAMPLE_CHECK["state"], rules.EXAMPLE_CHECK["action"])
    assert outcome["legal"] is True


def test_page_data_reads_the_data_module():
    from scorer.games.propagation.rules import page_data

    page = page_data()
    assert len(page["spaces"]) == 61 and page["top"] == [0, -4]
    assert [p["id"] for p in page["patterns"]] == list(data.PATTERNS)
    assert [c["id"] for c in page["cards"]] == list(data.BONUS_CARDS)
    assert page["default_reading"] == data.DEFAULT_ROUND_20 and len(page["colours"]) == 4


def test_a_board_copied_with_other_plants_is_judged_on_its_own_plants():
    """A board is a value: a copy with its plants changed (model_copy(update=...)) is judged
    on the plants it holds, not on an answer kept from the board it was copied from (a
    plant on a rock is impossible; without it the board is fine)."""
    rock = [0, 0]
    board = Board.model_validate({"rocks": [rock], "plants": [{"at": rock, "owner": "Ann", "kind": "tomato",
                                                                "tier": 0}]})
    def plant_codes(judged: Board) -> set[str]:
        return {v["code"] for v in board_violations(judged, {"Ann"}, "board") if "plants" in v["path"]}
    assert plant_codes(board)
    assert plant_codes(board.model_copy(update={"plants": []})) == set()
