"""Garden Variety: end scoring, impossible states and resolve_round (rules/garden-variety.md)."""
import itertools

import pytest

import scorer
from scorer.games.garden_variety import data

GV = "garden-variety"


def player(name, garden_bed, hand, gnomes=0):
    return {"name": name, "garden_bed": garden_bed, "hand": hand, "gnomes": gnomes}


def state(*players):
    return {"players": list(players)}


def codes(violations):
    return sorted(v["code"] for v in violations)


# --- end scoring (Winning the game) ------------------------------------------------------------

def test_hand_counts_with_garden_bed():
    result = scorer.score(GV, state(player("Kim", 30, 0, 2), player("Lee", 24, 0, 1)))
    kim = result["players"][0]
    assert kim == {"name": "Kim", "total": 30, "rank": 1, "breakdown": {"garden_bed": 30, "hand": 0},
                   "tiebreakers": {"gnomes": 2}}
    assert result["winners"] == ["Kim"]
    assert result["warnings"] == []


def test_cards_in_hand_can_change_the_winner():
    result = scorer.score(GV, state(player("Ann", 18, 1), player("Bo", 21, 0), player("Cy", 12, 2)))
    # Bo 21, Ann 19, Cy 14 (Cy's two in hand vs Ann's one: both fine, only a warning)
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [
        ("Bo", 21, 1), ("Ann", 19, 2), ("Cy", 14, 3)]


def test_gnomes_break_a_tie():
    result = scorer.score(GV, state(player("Ann", 26, 1, 1), player("Bo", 24, 3, 3)))
    assert result["winners"] == ["Bo"]
    assert [p["rank"] for p in result["players"]] == [1, 2]


def test_tie_surviving_gnomes_is_shared_with_competition_ranks():
    result = scorer.score(GV, state(player("Ann", 18, 0, 2), player("Bo", 18, 0, 2), player("Cy", 18, 0, 1)))
    assert result["winners"] == ["Ann", "Bo"]
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]


def test_total_is_sum_of_breakdown():
    result = scorer.score(GV, state(player("Ann", 20, 1), player("Bo", 32, 1)))
    for p in result["players"]:
        assert p["total"] == sum(p["breakdown"].values())


# --- impossible states -----------------------------------------------------------------------

@pytest.mark.parametrize("players, code", [
    ([player("A", 30, 0), player("B", 26, 0)], "too-many-cards"),
    ([player("A", 25, 5), player("B", 25, 0)], "too-many-cards"),  # 55 in beds and hands, the box has 54
    ([player("A", 20, 0, 7), player("B", 20, 0, 6)], "too-many-gnomes"),
    ([player("A", 10, 6), player("B", 10, 0)], "hand-too-big"),
    ([player("A", 2, 1, 4), player("B", 10, 0)], "more-gnomes-than-cards"),
    ([player("A", 6, 0)], "player-count"),
    ([player(n, 0, 0) for n in "ABCDEF"], "player-count"),
    ([player("A", 6, 0), player("A", 6, 0)], "duplicate-player-name"),
    ([player(" ", 6, 0), player("B", 6, 0)], "blank-name"),
])
def test_impossible_states(players, code):
    with pytest.raises(scorer.InvalidState) as caught:
        scorer.score(GV, state(*players))
    assert code in codes(caught.value.violations)
    assert codes(scorer.validate(GV, state(*players))) == codes(caught.value.violations)
    for v in caught.value.violations:
        assert set(v) == {"code", "rule", "message", "path"} and v["message"]


def test_every_impossibility_is_reported_at_once():
    found = scorer.validate(GV, state(player("A", 31, 6, 40), player("B", 30, 0, 0)))
    assert {"hand-too-big", "more-gnomes-than-cards", "too-many-cards", "too-many-gnomes"} <= set(codes(found))
    paths = {v["path"] for v in found}
    assert "players[0].hand" in paths and "players[0].gnomes" in paths


def test_exactly_the_box_is_possible():
    assert scorer.validate(GV, state(player("A", 28, 0, 6), player("B", 26, 0, 6))) == []


@pytest.mark.parametrize("junk", [
    None, [], "x", {}, {"players": "x"}, {"players": [1]}, {"players": [{"name": "A"}]},
    {"players": [player("A", -3, 0), player("B", 3, 0)]},
    {"players": [{**player("A", 3, 0), "extra": 1}, player("B", 3, 0)]},
    {"players": [player("A", True, 0), player("B", 3.0, 0)]},
    {"players": [player("A", "3", 0), player("B", 3, 0)]},
])
def test_malformed_states_are_invalid_not_crashes(junk):
    with pytest.raises(scorer.InvalidState) as caught:
        scorer.score(GV, junk)
    assert caught.value.violations


def test_a_garden_bed_off_the_player_count_is_a_warning_not_a_refusal():
    # Without gnomes each round won adds one card per player, but a gnome (whose real effect
    # is unknown) may move cards between beds: Garden Variety › Winning a round.
    result = scorer.score(GV, state(player("A", 7, 0), player("B", 6, 0)))
    assert [p["total"] for p in result["players"]] == [7, 6]
    uneven = [w for w in result["warnings"] if w["code"] == "garden-bed-not-whole-rounds"]
    assert [w["path"] for w in uneven] == ["players[0].garden_bed"]
    assert "gnome" in uneven[0]["message"] and uneven[0]["rule"] == "Garden Variety › Winning a round"
    assert scorer.validate(GV, state(player("A", 7, 0), player("B", 6, 0))) == []


def test_warnings_for_unfinished_or_odd_end_states():
    assert codes(scorer.score(GV, state(player("A", 10, 5), player("B", 10, 4)))["warnings"]) == ["game-not-over"]
    odd = scorer.score(GV, state(player("A", 10, 0), player("B", 10, 3)))["warnings"]
    assert codes(odd) == ["cards-unaccounted", "uneven-hands"]


# --- resolve_round (Winning a round) -------------------------------------------------------------

PLAYERS = state(player("Ann", 0, 5), player("Bo", 0, 5), player("Cy", 0, 5), player("Di", 0, 5))


def critter(color, number, declared=None):
    card = {"kind": "critter", "color": color, "number": number}
    if declared is not None:
        card["declared"] = declared
    return card


def flower(number):
    return {"kind": "wildflower", "number": number}


def gnome(name, declared=None):
    card = {"kind": "gnome", "name": name}
    if declared is not None:
        card["declared"] = declared
    return card


def round_of(rule, *cards, names=("Ann", "Bo", "Cy", "Di")):
    plays = [{"player": n, "card": c} for n, c in zip(names, cards)]
    the_state = state(*[player(n, 0, 5) for n in names[:len(cards)]])
    return scorer.check(GV, the_state, {"type": "resolve_round", "rule": rule, "plays": plays})


def effects(rule, *cards):
    result = round_of(rule, *cards)
    assert result["legal"], result["violations"]
    return result["effects"]


def test_closest_number_wins_and_losers_are_eliminated_in_order():
    e = effects(3, critter("blue", 9), critter("red", 4), critter("green", 1), critter("yellow", 3))
    assert e["winner"] == "Di"
    assert e["eliminated"] == ["Ann", "Cy", "Bo"]


def test_equal_distance_wildflower_beats_critter():
    e = effects(5, critter("blue", 4), flower(6))
    assert e["winner"] == "Bo"
    assert "wildflower" in e["steps"][0]["reason"]


def test_colour_cycle_settles_equal_distance():
    # the rulebook's own pair: a 6 and an 8 when the rule is closest to 7
    assert effects(7, critter("red", 6), critter("blue", 8))["winner"] == "Bo"  # blue beats red
    assert effects(7, critter("red", 6), critter("green", 8))["winner"] == "Ann"  # red beats green
    assert effects(7, critter("yellow", 6), critter("green", 8))["winner"] == "Bo"  # green beats yellow
    assert effects(7, critter("blue", 6), critter("yellow", 8))["winner"] == "Bo"  # yellow beats blue


def test_a_red_blue_tie_says_the_rulebook_contradicts_itself():
    # Types of cards: blue beats red; Winning a round: a red 6 and a blue 8 are still tied.
    result = round_of(7, critter("red", 6), critter("blue", 8))
    note = result["effects"]["steps"][0]["rulebook_contradiction"]
    assert result["effects"]["winner"] == "Bo"  # the app plays the colour list
    assert note["code"] == "rulebook-contradicts-itself" and note["rule"] == "Garden Variety › Winning a round"
    words = " ".join(result["summary"])
    assert result["summary"][0] == "Bo wins the round."
    for said in ("contradicts itself", "Types of cards", "Winning a round", "plays the colour list",
                 "By the example, Ann (played first) would stay instead"):
        assert said in words
    # blue played first: both readings agree, and the answer says so
    agreeing = round_of(7, critter("blue", 8), critter("red", 6))
    assert "both readings give the same winner" in " ".join(agreeing["summary"])


@pytest.mark.parametrize("cards", [(("red", 6), ("green", 8)), (("red", 5), ("blue", 8)), (("blue", 4), ("green", 6))])
def test_other_meetings_carry_no_contradiction(cards):
    result = round_of(7, *(critter(colour, number) for colour, number in cards))
    assert all("rulebook_contradiction" not in step for step in result["effects"]["steps"])
    assert "contradicts" not in " ".join(result["summary"])


@pytest.mark.parametrize("first, second", [("blue", "green"), ("green", "blue"), ("red", "yellow"),
                                           ("yellow", "red")])
def test_colours_across_the_cycle_fall_to_play_order(first, second):
    e = effects(5, critter(first, 4), critter(second, 6))
    assert e["winner"] == "Ann"
    assert "played first" in e["steps"][0]["reason"]


def test_two_wildflowers_tied_fall_to_play_order():
    assert effects(5, flower(4), flower(6))["winner"] == "Ann"


def test_non_transitive_cycle_is_decided_by_play_order():
    # Three tied critters where A beats B, B beats C and C beats A: blue beats red, red and
    # yellow sit across the cycle (so the earlier one wins), yellow beats blue.
    blue, red, yellow = critter("blue", 6), critter("red", 4), critter("yellow", 6)
    assert effects(5, red, blue, yellow)["winner"] == "Cy"    # blue knocks out red, yellow knocks out blue
    assert effects(5, yellow, blue, red)["winner"] == "Ann"   # yellow knocks out blue, then meets red first
    assert effects(5, blue, red, yellow)["winner"] == "Cy"
    assert effects(5, red, yellow, blue)["winner"] == "Cy"    # red stays over yellow, blue knocks out red


def test_full_cycle_every_colour_wins_in_some_order():
    cards = {"blue": critter("blue", 4), "red": critter("red", 6), "green": critter("green", 4),
             "yellow": critter("yellow", 6)}
    wins = {color: 0 for color in cards}
    for order in itertools.permutations(cards):
        winner = effects(5, *(cards[c] for c in order))["winner"]
        wins[order[["Ann", "Bo", "Cy", "Di"].index(winner)]] += 1
    assert wins == {"blue": 6, "red": 6, "green": 6, "yellow": 6}
    # not always the last card: red stays over yellow, blue beats red, blue stays over green
    assert effects(5, cards["red"], cards["yellow"], cards["blue"], cards["green"])["winner"] == "Cy"


def test_rare_critter_counts_as_declared_value():
    assert effects(10, critter("blue", "0/10", 10), critter("red", 9))["winner"] == "Ann"
    e = effects(10, critter("blue", "0/10", 0), critter("red", 9))
    assert e["winner"] == "Bo" and e["counts_as"] == {"Ann": 0, "Bo": 9}


def test_copycat_copies_previous_card_and_wins_the_tie():
    e = effects(7, critter("blue", 7), gnome("copycat"), critter("red", 6))
    assert e["winner"] == "Bo"
    assert e["counts_as"]["Bo"] == 7
    assert e["eliminated"] == ["Ann", "Cy"]


def test_copycat_played_first_has_nothing_to_copy():
    assert effects(3, gnome("copycat"), critter("red", 9))["winner"] == "Bo"


def test_wishing_gnome_counts_as_its_number_but_loses_ties():
    assert effects(5, critter("blue", 8), gnome("wishing", 5))["winner"] == "Bo"
    assert effects(5, gnome("wishing", 5), critter("blue", 5))["winner"] == "Bo"


def test_topsy_turvy_flips_the_round_and_two_cancel():
    e = effects(5, critter("blue", 5), gnome("topsy-turvy"), critter("red", 1))
    assert e["flipped"] and e["winner"] == "Cy"
    e = effects(5, critter("blue", 5), gnome("topsy-turvy"), gnome("topsy-turvy"), critter("red", 1))
    assert not e["flipped"] and e["winner"] == "Ann"


def test_thief_knocks_out_the_leader_and_only_keeps_the_round_if_last():
    e = effects(5, critter("blue", 5), critter("red", 1), gnome("thief"))
    assert e["winner"] == "Cy" and e["eliminated"] == ["Bo", "Ann"]
    e = effects(5, critter("blue", 5), gnome("thief"), critter("red", 1))
    assert e["winner"] == "Cy" and e["eliminated"] == ["Ann", "Bo"]


@pytest.mark.parametrize("card, code", [
    (critter("blue", 12), "no-such-card"),
    (critter("purple", 4), "no-such-color"),
    (critter("blue", "0/10"), "undeclared-value"),
    (critter("blue", "0/10", 5), "undeclared-value"),
    (critter("blue", 4, 4), "declared-on-plain-card"),
    (flower(0), "no-such-card"),
    ({"kind": "wildflower", "number": 3, "color": "red"}, "field-not-on-card"),
    (gnome("grumpy"), "no-such-gnome"),
    (gnome("wishing"), "undeclared-value"),
    (gnome("wishing", 10), "undeclared-value"),
    ({"kind": "mushroom", "number": 3}, "no-such-card"),
    (critter("blue", True), "no-such-card"),
    (critter("blue", [1, 2]), "no-such-card"),
    (critter("blue", "0/10", True), "undeclared-value"),
    (flower(4.0), "no-such-card"),
])
def test_impossible_cards_are_illegal_with_a_reason(card, code):
    result = round_of(5, card, critter("green", 5))
    assert not result["legal"]
    assert code in codes(result["violations"])
    assert result["effects"] == {}
    assert all(v["path"].startswith("action.plays[0].card") for v in result["violations"])


@pytest.mark.parametrize("card", [
    critter("red", "0/10", 0),   # the printed deck has 0/10 only in blue and green
    flower(5),                   # the printed deck's wildflowers are 1, 4, 6 and 9
])
def test_cards_the_rulebook_allows_are_legal_with_a_printed_deck_warning(card):
    result = round_of(5, card, critter("green", 1))
    assert result["legal"], result["violations"]
    assert result["effects"]["winner"] == ("Ann" if card["kind"] == "wildflower" else "Bo")
    assert codes(result["effects"]["warnings"]) == ["not-in-deck"]
    assert "not in the printed deck" in result["effects"]["warnings"][0]["message"]
    assert result["effects"]["warnings"][0]["path"] == "action.plays[0].card"


def test_more_copies_than_the_printed_deck_holds_is_a_warning():
    result = round_of(5, critter("blue", 4), critter("blue", 4))
    assert result["legal"]
    assert codes(result["effects"]["warnings"]) == ["too-many-copies"]
    four_thieves = round_of(5, gnome("thief"), gnome("thief"), gnome("thief"), gnome("thief"))
    assert four_thieves["legal"] and codes(four_thieves["effects"]["warnings"]) == ["too-many-copies"]
    assert round_of(5, critter("blue", 4), critter("red", 4))["effects"]["warnings"] == []


@pytest.mark.parametrize("card, path", [
    ({"kind": "gnome"}, "action.plays[0].card.name"),
    ({"kind": "critter", "number": 4}, "action.plays[0].card.color"),
    ({"kind": "critter", "color": "red"}, "action.plays[0].card.number"),
    ({"kind": "wildflower"}, "action.plays[0].card.number"),
])
def test_a_missing_field_is_called_missing_not_none(card, path):
    result = round_of(5, card, critter("green", 3))
    assert not result["legal"]
    assert [(v["code"], v["path"]) for v in result["violations"]] == [("missing-field", path)]
    assert "missing" in result["violations"][0]["message"]
    assert "None" not in result["violations"][0]["message"]
    rule_missing = round_of(None, critter("red", 3), critter("green", 3))["violations"][0]["message"]
    assert "missing" in rule_missing and "None" not in rule_missing


def test_every_citation_names_the_game():
    found = scorer.validate(GV, state(player("A", 31, 6, 40), player("B", 30, 0, 0)))
    found += scorer.validate(GV, {"players": [{"name": "A"}]})
    found += round_of(4, gnome("grumpy"), critter("blue", 12), flower(0))["violations"]
    found += scorer.score(GV, state(player("A", 7, 0), player("B", 6, 3)))["warnings"]
    assert found and all(v["rule"].startswith("Garden Variety › ") for v in found), found
    assert not any("DESIGN" in v["rule"] for v in found)


def test_every_player_plays_exactly_once():
    the_state = state(player("Ann", 0, 5), player("Bo", 0, 5), player("Cy", 0, 5))
    plays = [{"player": "Ann", "card": flower(4)}, {"player": "Ann", "card": flower(6)},
             {"player": "Bo", "card": flower(9)}]
    result = scorer.check(GV, the_state, {"type": "resolve_round", "rule": 5, "plays": plays})
    assert codes(result["violations"]) == ["missing-play", "played-twice"]
    plays[2]["player"] = "Zed"  # someone not at the table: an impossible request
    with pytest.raises(scorer.InvalidState) as unknown:
        scorer.check(GV, the_state, {"type": "resolve_round", "rule": 5, "plays": plays})
    assert [(v["code"], v["path"]) for v in unknown.value.violations] == [("unknown-player", "action.plays[2].player")]


@pytest.mark.parametrize(("rule", "says"), [
    (4, "the die has no rule 4"), ("chaos", "a chaos roll is rerolled"), ("5", "the die has no rule"),
    (True, "the die has no rule"), (5.0, "the die has no rule"), ([5], "the die has no rule"),
    (None, "the round's rule is missing")])
def test_rule_must_be_a_die_face(rule, says):
    """How to play: the die's faces are rules 0, 3, 5, 7 and 10, and chaos, which is rolled
    again once the cards are down; the refusal tells which of these went wrong."""
    result = round_of(rule, flower(4), flower(6))
    assert codes(result["violations"]) == ["no-such-rule"]
    assert result["violations"][0]["message"].startswith(says), result["violations"]


def test_cards_on_the_table_count_against_the_box():
    the_state = state(player("Ann", 26, 1, 6), player("Bo", 26, 1, 6))
    plays = [{"player": "Ann", "card": gnome("thief")}, {"player": "Bo", "card": flower(4)}]
    result = scorer.check(GV, the_state, {"type": "resolve_round", "rule": 5, "plays": plays})
    assert codes(result["violations"]) == ["too-many-cards", "too-many-gnomes"]


def test_malformed_action_is_invalid_state():
    with pytest.raises(scorer.InvalidState) as caught:
        scorer.check(GV, PLAYERS, {"type": "plant", "plays": []})
    assert codes(caught.value.violations) == ["unknown-action"]
    with pytest.raises(scorer.InvalidState) as caught:
        scorer.check(GV, PLAYERS, {"type": "resolve_round", "rule": 5, "plays": [{"player": "Ann"}]})
    assert caught.value.violations[0]["path"] == "action.plays[0].card"


def test_every_gnome_in_the_deck_has_a_rule():
    for card in data.DECK:
        if card.kind == "gnome":
            assert round_of(5, gnome(card.name, 3 if data.GNOMES[card.name].declares else None),
                            flower(4))["legal"]


# --- the round-check page's plain form (rules.check_from_form) --------------------------------------

def test_form_rows_become_state_and_action_in_play_order():
    from scorer.games.garden_variety.rules import check_from_form

    fields = {"rule": "10", "row.1.name": "Bo", "row.1.kind": "gnome", "row.1.gnome": "wishing",
              "row.1.declared": "9", "row.1.color": "red", "row.1.number": "3",
              "row.0.name": "Ann", "row.0.kind": "critter", "row.0.color": "green", "row.0.number": "0/10",
              "row.0.declared": "10", "row.0.garden_bed": "4", "row.0.hand": "3", "row.0.gnomes": "1",
              "row.2.name": "", "row.2.kind": "wildflower", "row.x.name": "ignored", "csrf_token": "t"}
    state, action = check_from_form(fields)
    assert state == {"players": [{"name": "Ann", "garden_bed": 4, "hand": 3, "gnomes": 1},
                                 {"name": "Bo", "garden_bed": 0, "hand": 0, "gnomes": 0}]}
    assert action == {"type": "resolve_round", "rule": 10, "plays": [
        {"player": "Ann", "card": {"kind": "critter", "color": "green", "number": "0/10", "declared": 10}},
        {"player": "Bo", "card": {"kind": "gnome", "name": "wishing", "declared": 9}}]}


def test_a_form_critter_numbered_0_is_read_as_the_number_0():
    """Only the rare critter's "0/10" stays text; any other number typed, 0 too, is read as
    a number, so a critter 0 (none is printed) is refused as no such card, not as a wrong type."""
    from scorer.games.garden_variety.rules import check_from_form

    state, action = check_from_form({"rule": "5", "row.0.name": "Ann", "row.0.kind": "critter", "row.0.color": "red",
                                     "row.0.number": "0", "row.0.hand": "4", "row.1.name": "Bo",
                                     "row.1.kind": "wildflower", "row.1.number": "4", "row.1.hand": "4"})
    assert action["plays"][0]["card"] == {"kind": "critter", "color": "red", "number": 0}
    assert codes(scorer.check(GV, state, action)["violations"]) == ["no-such-card"]


def test_form_junk_is_passed_on_for_the_rules_to_report():
    from scorer.games.garden_variety.rules import check_from_form

    state, action = check_from_form({"rule": "x", "row.0.name": "Ann", "row.0.kind": "critter",
                                     "row.0.color": "red", "row.0.number": "twelve", "row.0.hand": "-"})
    assert state["players"][0]["hand"] == "-"
    with pytest.raises(scorer.InvalidState):
        scorer.check(GV, state, action)
    state["players"][0]["hand"] = 4
    state["players"].append({"name": "Bo", "garden_bed": 0, "hand": 4, "gnomes": 0})
    action["plays"].append({"player": "Bo", "card": {"kind": "wildflower", "number": 4}})
    result = scorer.check(GV, state, action)
    assert codes(result["violations"]) == ["no-such-card", "no-such-rule"]
