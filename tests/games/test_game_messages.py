"""The words of the games' messages: articles, plurals and rule citations."""
import importlib

import pytest

import scorer
from scorer.games.core import Game
from scorer.games.words import a_or_an, plural


def test_articles_and_plurals():
    assert [f"{a_or_an(w)} {w}" for w in ("eggplant", "artichoke", "orange", "apple", "tomato")] == [
        "an eggplant", "an artichoke", "an orange", "an apple", "a tomato"]
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [plural(n, "die") for n in (1, 3)] == ["1 die", "3 dice"]


def test_a_count_of_one_reads_as_one():
    found = scorer.validate("garden-variety", {"players": [{"name": "A", "garden_bed": 0, "hand": 0, "gnomes": 1},
                                                           {"name": "B", "garden_bed": 0, "hand": 0, "gnomes": 0}]})
    assert "A has 1 gnome but only 0 cards" in found[0]["message"]
    found = scorer.validate("cottage-garden", {"players": [{"name": "A", "orange": [0], "blue": [0, 0, 0]}]})
    assert "A has 1 orange cube;" in found[0]["message"]


def cited_rules(game: Game) -> dict[str, str]:
    """The rule citations a game's modules hold as constants: its rules module's, and its
    engine module's when it has an engine (engines are optional)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    constants: dict[str, str] = {}
    for module in ("rules", "engine") if game.engine is not None else ("rules",):
        found = vars(importlib.import_module(f"{package}.{module}"))
        constants |= {name: value for name, value in found.items()
                      if name.isupper() and isinstance(value, str) and " › " in value}
    return constants


@pytest.mark.parametrize("game_id", list(scorer.GAMES))
def test_every_rule_citation_names_its_game_and_is_a_rule_constant(game_id):
    """Each game's rules and engine cite the rulebook through module constants RULE_<NAME>
    holding the section heading, one convention in every game package."""
    game = scorer.GAMES[game_id]
    constants = cited_rules(game)
    assert constants and all(name.startswith("RULE_") for name in constants), sorted(constants)
    cited = [*constants.values(), game.format_rule, game.roster_rule]
    assert all(rule.startswith(f"{game.title} › ") for rule in cited), cited
    assert not any("DESIGN" in rule for rule in cited)


def test_a_game_without_an_engine_is_read_for_its_rules_alone():
    """A game's engine module is looked at only when the game has an engine, so a game
    that has none yet (no engine.py at all) is not asked for one."""
    with_engine = scorer.GAMES["cottage-garden"]
    without = type(with_engine)(example_state=with_engine.example_state)
    assert "RULE_REFILL" in cited_rules(with_engine) and "RULE_REFILL" not in cited_rules(without)  # the engine's
    assert cited_rules(without) and set(cited_rules(without)) < set(cited_rules(with_engine))


_ROCKS = [[4, -4], [-4, 4], [0, 0], [2, -2], [-2, 2], [4, 0], [-4, 0], [0, 3], [0, -3], [2, 1]]


def _harvest_player(name, garden, pig=0, used=0):
    return {"name": name, "garden": garden, "pig": pig, "pig_powers_used": used}


def test_counts_read_as_words_not_as_a_bracketed_plural():
    empty = ["......"] * 3
    sheet = {"mode": "basic", "markets": {"lettuce": 1, "tomato": 0, "carrot": 0},
             "players": [_harvest_player("A", ["L.....", "......", "......"], pig=3, used=1),
                         _harvest_player("B", empty)]}
    unearned = scorer.validate("harvest-dice", sheet)[0]["message"]
    assert "A used 1 pig power but completed only 0 pig rows" in unearned
    crowded = {"mode": "basic", "markets": {"lettuce": 1, "tomato": 0, "carrot": 0},
               "players": [_harvest_player("A", ["LLLLLL", "LLL...", "......"]), _harvest_player("B", empty)]}
    messages = [w["message"] for w in scorer.score("harvest-dice", crowded)["warnings"]]
    assert any("A planted 9 dice, but a player drafts at most 6 dice in 1 round the markets show" in m
               for m in messages), messages
    assert any("less the 1 that was the last die" in m for m in messages), messages
    power = scorer.check("harvest-dice", {**sheet, "players": [_harvest_player("A", ["L.....", "......", "......"], 6),
                                                               _harvest_player("B", empty)]},
                         {"type": "plant", "player": "A", "die": {"color": "green", "value": 4}, "at": [1, 2],
                          "pig_powers": [{"power": "down"}, {"power": "down"}]})
    assert "A declares 2 pig powers but has 1 unused" in power["violations"][0]["message"]
    board = {"rocks": _ROCKS, "plants": []}
    try:
        scorer.score("propagation", {"players": [{"name": "Ada"}, {"name": "Bo"}], "bonus": [
            {"card": "most-tomatoes", "round": 10, "board": board},
            {"card": "apple-growers", "round": 10, "board": board}]})
    except scorer.InvalidState as error:
        assert "round 10 resolves 1 card (" in error.violations[0]["message"]
    else:
        raise AssertionError("two cards at round 10 were accepted")


def test_no_message_counts_from_zero_or_names_a_field():
    bed = {"design": "1L", "tiles": [{"tile": "2A", "at": [2, 2]}]}
    twice = scorer.check("cottage-garden", {"players": [{"name": "Ann", "orange": [0, 0, 0], "blue": [0, 0, 0]}]},
                         {"type": "start_final_round", "beds": [bed, {"design": "1D"}]})
    message = twice["violations"][0]["message"]
    assert message.startswith("the first and second flowerbeds are two sides of one board"), message
    state = {"players": [{"name": "Kim", "garden_bed": 0, "hand": 4, "gnomes": 0},
                         {"name": "Lee", "garden_bed": 0, "hand": 4, "gnomes": 0}]}
    extra = scorer.check("garden-variety", state, {"type": "resolve_round", "rule": 7, "plays": [
        {"player": "Kim", "card": {"kind": "wildflower", "number": 5, "color": "red", "declared": 3}},
        {"player": "Lee", "card": {"kind": "critter", "color": "red", "number": 3}}]})
    assert [v["message"] for v in extra["violations"]] == [
        "a wildflower card has no colour", "a wildflower card is never declared as a number"]


def test_malformed_json_is_described_counting_from_one():
    # The path stays the JSON path; the words a player reads count list items from 1.
    sheet = {"mode": "basic", "markets": {}, "players": [{"name": "A"}, {"name": "B", "garden": ["......"] * 3}]}
    found = scorer.validate("harvest-dice", sheet)
    assert [(v["message"], v["path"]) for v in found] == [
        ("player 1's garden is required but missing", "players[0].garden")]
    board = {"players": [{"name": "A", "track": 0, "sun_token": True, "unplaced_seeds": 0},
                         {"name": "B", "track": 0, "sun_token": True, "unplaced_seeds": 0}],
             "board": [{"at": [1, "a"], "kind": "seed"}]}
    assert [v["message"] for v in scorer.validate("garden-dice", board)] == [
        "board tile 1's coordinate 2 must be a whole number, not 'a'"]


def test_each_game_names_the_items_of_its_own_lists():
    # Each game's words for one item of a list ("garden row", "orange cube") are its own.
    garden = {"mode": "basic", "markets": {"lettuce": 0, "tomato": 0, "carrot": 0},
              "players": [{"name": "A", "garden": ["......", 5, "......"]}, {"name": "B", "garden": ["......"] * 3}]}
    assert scorer.validate("harvest-dice", garden)[0]["message"] == "player 1's garden row 2 must be text, not 5"
    cubes = {"players": [{"name": "A", "orange": [0, "x", 0], "blue": [0, 0, 0]}]}
    assert scorer.validate("cottage-garden", cubes)[0]["message"] == (
        "player 1's orange cube 2 must be a whole number, not 'x'")
    bonus = {"players": [{"name": "Ada"}, {"name": "Bo"}], "bonus": [7]}
    assert scorer.validate("propagation", bonus)[0]["message"] == "bonus entry 1 must be an object, not 7"


def test_the_core_speaks_of_no_games_items():
    """The shared machinery takes each game's item words from the game, never lists them."""
    from pathlib import Path

    import scorer.games.core
    import scorer.games.engine

    core_text = "".join(Path(module.__file__).read_text(encoding="utf-8")
                        for module in (scorer.games.core, scorer.games.engine) if module.__file__)
    for game_id, game in scorer.GAMES.items():
        phrases = [word for word in game.item_words.values() if " " in word]
        assert not [word for word in phrases if word in core_text], game_id
