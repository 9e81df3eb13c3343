"""The words of the five games' messages: articles, plurals and rule citations."""
import scorer
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


def test_every_rule_citation_names_its_game():
    import importlib

    for game_id, game in scorer.GAMES.items():
        rules = importlib.import_module(type(game).__module__)
        cited = [value for value in vars(rules).values() if isinstance(value, str) and " › " in value]
        cited += [game.format_rule, game.roster_rule]
        assert cited and all(rule.startswith(f"{game.title} › ") for rule in cited), (game_id, cited)
        assert not any("DESIGN" in rule for rule in cited)
