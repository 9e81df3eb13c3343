"""Harvest Dice: final scoring, impossible sheets and warnings, through the public API."""
import pytest

import scorer
from scorer.games.core import GAME_NOT_OVER
from scorer.games.harvest_dice import data

GAME = "harvest-dice"
EMPTY_GARDEN = ["......", "......", "......"]
# A pig is only fed once something is planted (Feed it), so a fed pig comes with one tomato.
ONE_TOMATO = ["......", "......", ".....T"]
FULL_GARDEN = ["LLLTTT", "LLLTTT", "CCCCCC"]


def player(name="Bob", garden=None, pig=0, powers=0):
    garden = garden or (ONE_TOMATO if pig else EMPTY_GARDEN)
    return {"name": name, "garden": list(garden), "pig": pig, "pig_powers_used": powers}


def state(*players, mode="basic", lettuce=0, tomato=0, carrot=0):
    return {"mode": mode, "markets": {"lettuce": lettuce, "tomato": tomato, "carrot": carrot},
            "players": list(players) or [player()]}


def codes(found):
    return [v["code"] for v in found]


def breakdown(result, name="Bob"):
    return next(p for p in result["players"] if p["name"] == name)["breakdown"]


# --- the rulebook's worked example -------------------------------------------------------

FIVE_LETTUCE = ["LLLLL.", "......", "......"]


def test_market_example_basic_three_circles_is_two_crossed_plus_the_printed_one():
    # The Last Die & The Market: 5 lettuce x market value 3 = 15. On the basic sheet the
    # first circle is printed crossed, so "3 circles crossed" means 2 crossed during play.
    result = scorer.score(GAME, state(player(garden=FIVE_LETTUCE), player("Ann"), lettuce=2))
    assert breakdown(result)["lettuce"] == 15


def test_market_example_advanced_three_circles_all_crossed_in_play():
    result = scorer.score(GAME, state(player(garden=FIVE_LETTUCE), player("Ann"), mode="advanced", lettuce=3))
    assert breakdown(result)["lettuce"] == 15


def test_basic_market_starts_at_one_and_advanced_at_zero():
    garden = ["LT....", "......", "C....."]
    basic = breakdown(scorer.score(GAME, state(player(garden=garden), player("Ann"))))
    advanced = breakdown(scorer.score(GAME, state(player(garden=garden), player("Ann"), mode="advanced")))
    assert (basic["lettuce"], basic["tomato"], basic["carrot"]) == (1, 1, 1)
    assert (advanced["lettuce"], advanced["tomato"], advanced["carrot"]) == (0, 0, 0)


# --- the rest of the score ---------------------------------------------------------------

def test_design_example_scores_every_part():
    example = {"mode": "basic", "markets": {"lettuce": 2, "tomato": 1, "carrot": 0},
               "players": [{"name": "Bob", "garden": ["LLT...", "L.TT..", "CCC..."],
                            "pig": 8, "pig_powers_used": 1},
                           {"name": "Ann", "garden": ["L.....", "......", "......"], "pig": 0}]}
    result = scorer.score(GAME, example)
    bob = result["players"][0]
    # 3 lettuce x 3, 3 tomato x 2, 3 carrots x 1, no full row, pig row 1 complete = 3
    assert bob["breakdown"] == {"lettuce": 9, "tomato": 6, "carrot": 3, "ribbons": 0, "pig": 3}
    assert bob["total"] == 21 and result["winners"] == ["Bob"]


def test_ribbons_five_per_full_row():
    garden = ["LLLLLL", "TTTTTT", "C....."]
    assert breakdown(scorer.score(GAME, state(player(garden=garden), player("Ann"))))["ribbons"] == 10
    assert breakdown(scorer.score(GAME, state(player(garden=FULL_GARDEN), player("Ann"))))["ribbons"] == 15


@pytest.mark.parametrize("pig, points", [(0, 0), (5, 0), (6, 3), (11, 3), (12, 7), (18, 12), (23, 12), (24, 18)])
def test_pig_scores_its_most_recently_completed_row(pig, points):
    assert breakdown(scorer.score(GAME, state(player(pig=pig), player("Ann"))))["pig"] == points


def test_total_is_the_sum_of_the_breakdown():
    result = scorer.score(GAME, state(player(garden=FULL_GARDEN, pig=13), player("Ann", pig=3),
                                      lettuce=3, tomato=1, carrot=0))
    for entry in result["players"]:
        assert entry["total"] == sum(entry["breakdown"].values())
    # Bob: 6 lettuce x 4 + 6 tomato x 2 + 6 carrots x 1 + 15 ribbons + pig 7
    assert result["players"][0]["total"] == 24 + 12 + 6 + 15 + 7


def test_basic_breakdown_has_no_bonus_and_advanced_has_one():
    basic = breakdown(scorer.score(GAME, state(player(), player("Ann"))))
    advanced = breakdown(scorer.score(GAME, state(player(), player("Ann"), mode="advanced")))
    assert list(basic) == ["lettuce", "tomato", "carrot", "ribbons", "pig"]
    assert list(advanced) == ["lettuce", "tomato", "carrot", "ribbons", "pig", "bonus"]


def test_mode_defaults_to_basic():
    raw = state(player(garden=FIVE_LETTUCE), player("Ann"), lettuce=2)
    del raw["mode"]
    assert breakdown(scorer.score(GAME, raw))["lettuce"] == 15


# --- advanced awards ---------------------------------------------------------------------

def test_advanced_awards_go_to_the_most_in_each_category():
    bob = player("Bob", garden=["CC....", "......", "......"], pig=3)
    ann = player("Ann", garden=["LLL...", "T.....", "......"], pig=9, powers=1)
    result = scorer.score(GAME, state(bob, ann, mode="advanced", lettuce=2, tomato=2, carrot=2))
    assert breakdown(result, "Bob")["bonus"] == 5          # carrots
    assert breakdown(result, "Ann")["bonus"] == 15         # lettuce, tomatoes, pig


def test_advanced_award_ties_all_score():
    bob = player("Bob", garden=["CC....", "......", "......"])
    ann = player("Ann", garden=["CC....", "......", "......"])
    result = scorer.score(GAME, state(bob, ann, mode="advanced"))
    assert breakdown(result, "Bob")["bonus"] == breakdown(result, "Ann")["bonus"] == 5


def test_advanced_award_needs_at_least_one():
    # House rule: when nobody has any carrots (or lettuce, tomatoes, pig circles) nobody is
    # "the player with the most", so nobody scores that award.
    result = scorer.score(GAME, state(player("Bob"), player("Ann"), mode="advanced"))
    assert breakdown(result, "Bob")["bonus"] == breakdown(result, "Ann")["bonus"] == 0


# --- ranking and tie-breakers ------------------------------------------------------------

def test_tie_broken_by_most_veggies_planted():
    bob = player("Bob", garden=["LLLL..", "......", "......"])          # 4 lettuce x 1 = 4
    cid = player("Cid", pig=6, powers=1)                                 # 1 tomato + pig row 1 = 3
    result = scorer.score(GAME, state(cid, bob))
    assert [p["total"] for p in result["players"]] == [4, 4]
    assert result["winners"] == ["Bob"]
    assert [(p["name"], p["rank"]) for p in result["players"]] == [("Bob", 1), ("Cid", 2)]


def test_tie_then_broken_by_most_pig_circles():
    bob = player("Bob", garden=["LLL...", "......", "......"], pig=5)   # 3 + 0
    ann = player("Ann", garden=["TTT...", "......", "......"], pig=4)   # 3 + 0
    result = scorer.score(GAME, state(bob, ann))
    assert result["winners"] == ["Bob"]
    assert result["players"][0]["tiebreakers"] == {"veggies_planted": 3, "pig_circles": 5}


def test_full_tie_is_shared():
    bob = player("Bob", garden=["LLL...", "......", "......"], pig=2)
    ann = player("Ann", garden=["TTT...", "......", "......"], pig=2)
    cid = player("Cid", garden=["TT....", "......", "......"], pig=2)
    result = scorer.score(GAME, state(bob, ann, cid))
    assert sorted(result["winners"]) == ["Ann", "Bob"]
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]


# --- impossible sheets -------------------------------------------------------------------

@pytest.mark.parametrize("garden, code, path", [
    (["......", "......"], "garden-shape", "players[0].garden"),
    (["......", "......", "......", "......"], "garden-shape", "players[0].garden"),
    (["......", ".....", "......"], "garden-shape", "players[0].garden[1]"),
    (["......", "......", "......."], "garden-shape", "players[0].garden[2]"),
    (["..x...", "......", "......"], "garden-letter", "players[0].garden[0]"),
    (["..l...", "......", "......"], "garden-letter", "players[0].garden[0]"),
    (["L.L...", "......", "......"], "crop-split", "players[0].garden"),
    (["T.....", "......", ".....T"], "crop-split", "players[0].garden"),
    (["C.....", ".C....", "......"], "crop-split", "players[0].garden"),   # diagonal does not touch
])
def test_impossible_gardens(garden, code, path):
    found = scorer.validate(GAME, state(player(garden=garden), player("Ann")))
    assert code in codes(found)
    assert path in [v["path"] for v in found]
    with pytest.raises(scorer.InvalidState) as raised:
        scorer.score(GAME, state(player(garden=garden), player("Ann")))
    assert code in codes(raised.value.violations)


def test_one_connected_patch_per_crop_is_possible_even_winding():
    garden = ["LLLTTT", "C.L..T", "CCL.TT"]
    assert scorer.validate(GAME, state(player(garden=garden), player("Ann"))) == []


def test_a_pig_past_the_house_sheet_is_only_a_warning():
    # The house sheet's pig has 24 circles, but the real sheet's row count is unknown: a
    # bigger count is scored as a full house pig, with a warning, never refused.
    raw = state(player(pig=data.PIG_CIRCLES + 1), player("Ann"))
    assert scorer.validate(GAME, raw) == []
    result = scorer.score(GAME, raw)
    overfull = [w for w in result["warnings"] if w["code"] == "pig-overfull"]
    assert [w["path"] for w in overfull] == ["players[0].pig"]
    assert breakdown(result)["pig"] == data.PIG_ROW_VALUES[-1]
    assert "pig-overfull" not in warning_codes(state(player(pig=data.PIG_CIRCLES), player("Ann")))


def test_a_pig_past_the_house_sheet_keeps_the_powers_of_its_rows():
    # A real sheet's pig may be longer than the house one: 30 circles are five rows of six
    # crossed, so five powers were earned; the house sheet's four rows only bring a warning.
    rows = data.PIG_ROWS + 1
    raw = state(player(pig=rows * data.PIG_ROW_CIRCLES, powers=rows), player("Ann"))
    assert scorer.validate(GAME, raw) == []
    assert "pig-overfull" in warning_codes(raw)
    fed = state(player(garden=["L.....", "......", "......"], pig=rows * data.PIG_ROW_CIRCLES, powers=rows - 1),
                player("Ann"))
    plant = {"type": "plant", "player": "Bob", "die": {"color": "green", "value": 3}, "at": [1, 2],
             "pig_powers": [{"power": "down"}]}
    assert scorer.check(GAME, fed, plant)["legal"]


@pytest.mark.parametrize("pig, used, ok", [(0, 1, False), (5, 1, False), (6, 1, True), (17, 3, False), (18, 3, True)])
def test_pig_powers_need_completed_rows(pig, used, ok):
    found = scorer.validate(GAME, state(player(pig=pig, powers=used), player("Ann")))
    assert (found == []) is ok
    if not ok:
        assert codes(found) == ["pig-powers-unearned"] and found[0]["path"] == "players[0].pig_powers_used"


def test_basic_market_holds_five_crossed_in_play_advanced_six():
    # Basic: the first of 6 circles is printed crossed, so 5 more fill the market.
    assert scorer.validate(GAME, state(player(), player("Ann"), lettuce=5)) == []
    found = scorer.validate(GAME, state(player(), player("Ann"), lettuce=6))
    assert codes(found) == ["market-overfull"] and found[0]["path"] == "markets.lettuce"
    assert scorer.validate(GAME, state(player(), player("Ann"), mode="advanced", carrot=6)) == []
    found = scorer.validate(GAME, state(player(), player("Ann"), mode="advanced", carrot=7))
    assert codes(found) == ["market-overfull"] and found[0]["path"] == "markets.carrot"


def test_only_one_market_can_fill():
    found = scorer.validate(GAME, state(player(), player("Ann"), lettuce=5, tomato=5))
    assert codes(found) == ["markets-two-full"]


@pytest.mark.parametrize("raw, code, path", [
    ({"mode": "expert", "markets": {}, "players": [player(), player("Ann")]}, "not-allowed-value", "mode"),
    ({"markets": {"lettuce": 1, "potato": 2}, "players": [player(), player("Ann")]}, "unknown-field", "markets.potato"),
    ({"markets": {"lettuce": "1"}, "players": [player(), player("Ann")]}, "wrong-type", "markets.lettuce"),
    ({"markets": {"lettuce": -1}, "players": [player(), player("Ann")]}, "out-of-range", "markets.lettuce"),
    ({"markets": {}, "players": [{"name": "Bob", "garden": EMPTY_GARDEN, "pig": -2}, player("Ann")]},
     "out-of-range", "players[0].pig"),
    ({"markets": {}, "players": [{"name": "Bob", "pig": 2}, player("Ann")]}, "missing-field", "players[0].garden"),
    ({"players": [player(), player("Ann")]}, "missing-field", "markets"),
    ({"markets": {}, "players": [{"name": "Bob", "garden": "LLL", "pig": 2}, player("Ann")]},
     "wrong-type", "players[0].garden"),
])
def test_malformed_states_are_violations_not_crashes(raw, code, path):
    found = scorer.validate(GAME, raw)
    assert (code, path) in [(v["code"], v["path"]) for v in found]


def test_player_count_and_names():
    assert codes(scorer.validate(GAME, state(*[player(f"P{i}") for i in range(5)]))) == ["player-count"]
    assert codes(scorer.validate(GAME, {"markets": {}, "players": []})) == ["player-count"]
    assert codes(scorer.validate(GAME, state(player("Bob"), player("Bob")))) == ["duplicate-player-name"]


def test_violations_carry_rule_and_plain_message():
    found = scorer.validate(GAME, state(player(garden=["L.L...", "......", "......"]), player("Ann")))
    assert found[0]["rule"] == "Harvest Dice › Game Play › Planting Restrictions"
    assert "2 separate patches" in found[0]["message"]


# --- warnings ----------------------------------------------------------------------------

def warning_codes(raw):
    return codes(scorer.score(GAME, raw)["warnings"])


def test_unfinished_game_warns_and_each_trigger_silences_it():
    assert GAME_NOT_OVER in warning_codes(state(player(), player("Ann")))
    assert GAME_NOT_OVER not in warning_codes(state(player(garden=FULL_GARDEN), player("Ann"),
                                                          lettuce=3, tomato=3, carrot=2))
    assert GAME_NOT_OVER not in warning_codes(state(player(pig=24, powers=0), player("Ann", pig=9),
                                                          lettuce=3, tomato=2, carrot=2))
    assert GAME_NOT_OVER not in warning_codes(state(player(pig=9), player("Ann", pig=9),
                                                          lettuce=5, tomato=1))
    assert GAME_NOT_OVER not in warning_codes(state(player(pig=9), player("Ann", pig=9),
                                                          mode="advanced", tomato=6))
    # five crossed in an advanced market is one short of full
    assert GAME_NOT_OVER in warning_codes(state(player(pig=9), player("Ann", pig=9),
                                                      mode="advanced", tomato=5))


def test_the_rulebook_plays_with_two_to_four_players():
    """Set-Up covers 2- and 3-player games, the box has four pencils and there is no solo
    rule, so one sheet alone is not a game of Harvest Dice."""
    found = scorer.validate(GAME, state(player()))
    assert [(v["code"], v["message"]) for v in found] == [
        ("player-count", "Harvest Dice is played by 2 to 4 players, not 1")]
    assert scorer.validate(GAME, state(player(), player("Ann"))) == []


def test_a_fed_pig_needs_something_planted():
    """Feed it: only a die that cannot be planted is fed, and in an empty garden every die
    can be planted (no column is full, no crop needs a neighbour yet)."""
    found = scorer.validate(GAME, state(player(garden=EMPTY_GARDEN, pig=12), player("Ann")))
    assert [(v["code"], v["path"], v["rule"]) for v in found] == [
        ("pig-fed-with-nothing-planted", "players[0].pig", "Harvest Dice › Game Play › Feed it")]
    assert scorer.validate(GAME, state(player(garden=ONE_TOMATO, pig=12), player("Ann"))) == []


def test_a_player_drafts_by_seat():
    """Two players draft 5 of the 6 dice a round, the start player 3 and the other 2, and the
    start player marker moves on each round: in 4 finished rounds each took exactly 10."""
    assert data.drafts_per_player(2, 4) == (10, 10)
    assert data.drafts_per_player(2, 5) == (12, 13)
    assert data.drafts_per_player(3, 3) == (8, 8)      # 9 dice, 8 drafted: 3, 3 and 2
    assert data.drafts_per_player(4, 5) == (10, 10)    # 9 dice, 8 drafted: 2 each


def test_twelve_plants_after_five_rounds_of_a_finished_four_player_game_warn():
    # The lettuce market is full after 5 rounds (basic sheet), so no round is under way: each
    # of the four players drafted exactly 10 dice.
    twelve = ["LLLLLL", "TTTTTT", "......"]
    ten = ["LLLLL.", "TTTTT.", "......"]
    players = [player("P0", garden=twelve)] + [player(f"P{i}", garden=ten) for i in (1, 2, 3)]
    found = scorer.score(GAME, state(*players, lettuce=5))["warnings"]
    assert ("too-many-dice-for-rounds", "players[0]") in [(w["code"], w["path"]) for w in found]
    assert not [w for w in found if w["path"] in ("players[1]", "players[2]", "players[3]")]


def test_more_plants_than_the_table_drafted_warn():
    # 2 players, 5 finished rounds (tomato market full): 25 dice drafted in all (at most 13 by
    # one player), yet the two sheets show 30 veggies.
    fifteen = ["LLLLLL", "TTTTTT", "CCC..."]
    found = warning_codes(state(player(garden=fifteen), player("Ann", garden=fifteen), tomato=5))
    assert "too-many-dice-for-table" in found


def test_a_fed_pig_counts_one_die_for_every_six_circles_or_part_of_six_toward_the_table_s_dice():
    """The Last Die & The Market with Feed it: a die feeds its value in circles, six at most,
    so a pig of 12 circles ate two dice or more and one of 13 three. 2 players draft 25 dice
    in 5 rounds: 23 veggies and a 12-circle pig fit exactly, a 13-circle pig is one die over."""
    eleven, twelve = ["LLLLL.", "TTT...", "CCC..."], ["LLLLL.", "TT....", "CCCCC."]
    for pig, warned in ((12, False), (13, True)):
        found = warning_codes(state(player(garden=eleven, pig=pig), player("Ann", garden=twelve), tomato=5))
        assert ("too-many-dice-for-table" in found) is warned, (pig, found)


def test_more_plants_of_a_colour_than_its_dice_warn():
    # 2 players use 2 green dice; in 5 finished rounds (carrot market full, every last die
    # orange) 10 green dice were drafted, so 12 lettuce cannot have been planted.
    six = ["LLLLLL", "......", "......"]
    found = scorer.score(GAME, state(player(garden=six), player("Ann", garden=six), carrot=5))["warnings"]
    colour = [w for w in found if w["code"] == "too-many-of-a-colour"]
    assert len(colour) == 1 and "12 lettuce" in colour[0]["message"] and "at most 10 green" in colour[0]["message"]
    # the same gardens with the lettuce market taking two of the last dice: 8 green
    five = ["LLLLL.", "......", "......"]
    assert "too-many-of-a-colour" not in warning_codes(state(player(garden=five), player("Ann", garden=five),
                                                             carrot=5))


def test_more_dice_than_rounds_allow_warns():
    # one round crossed, yet 18 veggies: at most 3 dice a round (6 counting the current round)
    found = warning_codes(state(player(garden=FULL_GARDEN), player("Ann"), lettuce=1))
    assert "too-many-dice-for-rounds" in found


def test_fewer_dice_than_rounds_require_warns():
    # 10 rounds, but Ann's sheet shows 2 veggies and no pig: she took at least 20 dice
    raw = state(player(garden=FULL_GARDEN, pig=12), player("Ann", garden=["LL....", "......", "......"]),
                lettuce=4, tomato=3, carrot=3)
    found = scorer.score(GAME, raw)["warnings"]
    assert ("too-few-dice-for-rounds", "players[1]") in [(w["code"], w["path"]) for w in found]
    assert "players[0]" not in [w["path"] for w in found]


def test_four_players_draft_exactly_two_a_round():
    players = [player(f"P{i}", garden=["LLL...", "......", "......"]) for i in range(4)]
    # 3 veggies each after 0 finished rounds: 2 a round with four players, so at most 2 so far
    assert "too-many-dice-for-rounds" in warning_codes(state(*players))
    players = [player(f"P{i}", garden=["LL....", "......", "......"]) for i in range(4)]
    assert "too-many-dice-for-rounds" not in warning_codes(state(*players))


# --- what the web pages open on ----------------------------------------------------------

def test_page_examples_are_possible_and_finished():
    from scorer.games.harvest_dice import rules

    result = scorer.score(GAME, rules.EXAMPLE_STATE)
    assert result["warnings"] == [] and result["winners"] == ["Bob"]
    checked = scorer.check(GAME, rules.EXAMPLE_CHECK["state"], rules.EXAMPLE_CHECK["action"])
    assert checked["legal"] and checked["effects"]["circles"] == 5


def test_page_data_reads_the_house_sheet():
    from scorer.games.harvest_dice import rules

    sheet = rules.page_data()
    assert sheet["pig_row_values"] == [3, 7, 12, 18] == list(data.PIG_ROW_VALUES)
    assert sheet["printed_crossed"] == {"basic": 1, "advanced": 0}
    assert [c["letter"] for c in sheet["crops"]] == ["L", "T", "C"]


def test_a_garden_s_cells_handed_to_every_check_follow_the_garden_and_cannot_be_changed():
    """The planted cells the checks share are kept by the garden's value: another garden has
    its own, and no check can write into what the next one is handed."""
    from scorer.games.harvest_dice import rules

    cells = rules.planted_cells(("L.....", "......", "......"))
    assert dict(cells) == {(1, 1): "lettuce"}
    with pytest.raises(TypeError):
        cells[(1, 2)] = "tomato"  # type: ignore[index]
    assert dict(rules.planted_cells(("LT....", "......", "......"))) == {(1, 1): "lettuce", (1, 2): "tomato"}
    assert dict(rules.planted_cells(("L.....", "......", "......"))) == {(1, 1): "lettuce"}
