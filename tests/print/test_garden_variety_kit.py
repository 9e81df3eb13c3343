"""Garden Variety kit: the deck drawn from the data module, one letter per colour shared with
every other kit, a picture per gnome variety, the light card back by default and the dark one
on request."""
from __future__ import annotations

import pytest

from pnp.colors import PLAYER_COLORS
from pnp.kits import garden_variety as kit
from pnp.model import Icon
from pnp.options import KitOptions
from scorer.games.garden_variety import data
from tests.support.shapes import texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components(KitOptions())}


def test_the_deck_has_54_cards_and_the_die_and_two_summaries(pieces):
    cards = [c for c in pieces.values() if c.kind == "card"]
    assert sum(c.count for c in cards) == 54 and all(c.double_sided for c in cards)
    assert {"die-net", "rules-summary-1", "rules-summary-2"} <= set(pieces)


@pytest.mark.parametrize("colour", data.COLORS)
def test_a_critter_carries_its_colour_s_own_symbol_and_letter(pieces, colour):
    player = PLAYER_COLORS[colour]
    card = pieces[f"critter-{colour}-5"]
    icons = [s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)]
    assert icons.count(player.symbol) == 2  # both corners
    words = texts(card.front)
    assert words.count(player.letter) == 2
    # no other colour's letter on the card: "B" is blue in every kit, never the bee
    others = {p.letter for name, p in PLAYER_COLORS.items() if name != colour}
    assert not others & set(words)


def test_wildflowers_carry_no_colour_letter(pieces):
    card = next(c for name, c in pieces.items() if name.startswith("wildflower"))
    letters = {p.letter for p in PLAYER_COLORS.values()}
    assert not letters & set(texts(card.front))
    assert "flower" in [s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)]


def test_each_gnome_variety_has_its_own_picture(pieces):
    pictures = {}
    for name in data.GNOMES:
        card = pieces[next(n for n in pieces if n.startswith("gnome") and name in n)]
        icons = {s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)}
        pictures[name] = icons & set(kit.GNOME_PICTURES.values())
    assert all(len(found) == 1 for found in pictures.values())
    assert len({next(iter(found)) for found in pictures.values()}) == len(data.GNOMES)


def test_the_card_back_is_light_unless_dark_backs_are_asked_for(pieces):
    from pnp.colors import luminance

    light = pieces["critter-blue-1"].back
    dark = {c.name: c for c in kit.components(KitOptions(dark_backs=True))}["critter-blue-1"].back
    assert light is not None and dark is not None
    assert luminance(light.background) > 0.8 > 0.1 > luminance(dark.background)
