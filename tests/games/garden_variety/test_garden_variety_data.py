"""The Garden Variety deck list and its loader (shared by the kit and the scorer)."""
import pytest

from scorer.games.garden_variety import data


def test_shipped_deck_matches_the_box():
    assert data.deck_size(data.DECK) == data.BOX_CARDS == 54
    assert data.gnome_count(data.DECK) == data.BOX_GNOMES == 12
    for gnome in data.GNOMES:
        assert data.DECK[data.Card("gnome", name=gnome)] == 3
    assert len(data.expand(data.DECK)) == 54


def test_every_colour_has_critters_one_to_nine():
    for color in data.COLORS:
        for number in data.NUMBERS:
            assert data.Card("critter", color, number) in data.DECK


def test_colour_cycle_is_the_rulebooks():
    assert data.BEATS == {"blue": "red", "red": "green", "green": "yellow", "yellow": "blue"}


def test_card_ids_and_labels():
    assert data.Card("critter", "blue", 6).id == "critter-blue-6"
    assert data.Card("critter", "green", "0/10").id == "critter-green-0-10"
    assert data.Card("wildflower", number=4).label == "Wildflower 4"
    assert data.Card("gnome", name="thief").label == "Thief Gnome"
    assert len({card.id for card in data.DECK}) == len(data.DECK)


def test_deck_errors_name_every_bad_line():
    text = ("# my deck\nkind,color,number,name,count\n"
            "critter,purple,3,,1\n"
            "wildflower,,12,,1\n"
            "critter,blue,2,,1\n"
            "critter,blue,2,,2\n"
            "gnome,,,grumpy,x\n"
            "wildflower,,4\n")
    with pytest.raises(data.DeckError) as caught:
        data.parse_deck(text, "mine.csv")
    lines = [line for line, _ in caught.value.errors]
    assert lines == [3, 4, 6, 7, 7, 8]
    assert "mine.csv line 3: a critter's color must be one of blue" in str(caught.value)
    assert "listed twice" in str(caught.value)


def test_owner_deck_round_trips(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("kind,color,number,name,count\ncritter,red,0/10,,2\ngnome,,,thief,3\n")
    deck = data.load_deck(path)
    assert deck == {data.Card("critter", "red", "0/10"): 2, data.Card("gnome", name="thief"): 3}


def test_unreadable_or_empty_deck(tmp_path):
    with pytest.raises(data.DeckError, match="cannot read"):
        data.load_deck(tmp_path / "missing.csv")
    with pytest.raises(data.DeckError, match="no cards"):
        data.parse_deck("# nothing\n")
    with pytest.raises(data.DeckError, match="header"):
        data.parse_deck("color,kind\n")
