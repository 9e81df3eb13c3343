"""Page 1's paper advice comes from the pages themselves: every page of pieces is named once,
with one weight, for every kit and every option set that changes what a page holds."""
from __future__ import annotations

import re

import pytest

from pnp.build import impose_kit
from pnp.frontmatter import FOLDED_STOCK, GLUE_UP, STOCK, WEIGHT
from pnp.impose import Imposition
from pnp.kits import GAME_IDS
from pnp.model import Group, Text
from pnp.options import PAPERS, BuildOptions
from tests.support.shapes import walk

STOCK_RUN = re.compile(r"(Card|Light card|Plain paper) of (\d+-\d+) g/m²: pages? ([\d\-, and]+?)[.·]")


def _guide_words(imposition: Imposition) -> str:
    group: Group = imposition.sheets[0].overlay
    return " ".join(" ".join(shape.text for shape, _, _ in walk(group) if isinstance(shape, Text)).split())


def _pages(ranges: str) -> list[int]:
    """'3-5, 7 and 9-10' -> [3, 4, 5, 7, 9, 10]."""
    pages: list[int] = []
    for span in re.split(r", | and ", ranges.strip()):
        first, _, last = span.partition("-")
        pages += range(int(first), int(last or first) + 1)
    return pages


def _needed(imposition: Imposition, number: int) -> str | None:
    """The stock a page's own pieces ask for, worked out here from the pieces."""
    sheet = next(sheet for sheet in imposition.sheets if sheet.number == number)
    if sheet.side == "back":
        return _needed(imposition, number - 1)
    pieces = [placed.component for placed in sheet.placements]
    if not pieces:
        return None
    if any(piece.folded for piece in pieces):
        return FOLDED_STOCK
    # a sheet of chits is pieces on card, but for stickers and aids cut apart (paper); an aid
    # handled all game may ask for card
    kinds = {"card" if piece.on_card or (piece.chits and piece.kind not in ("sticker", "aid")) else STOCK[piece.kind]
             for piece in pieces}
    return "card" if "card" in kinds else "paper"


@pytest.mark.parametrize("fold", [False, True], ids=["two-sided", "fold"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_page_one_names_each_page_once_with_the_weight_its_pieces_need(game, paper, fold):
    """Garden Variety's --fold guide once said "card of 160-200 g/m²" and then "Cards on 250-300
    g/m² card"; Propagation's listed its folded cards' pages in one card run with its tokens."""
    imposition = impose_kit(game, PAPERS[paper], BuildOptions(games=(game,), fold=fold))
    words = _guide_words(imposition)
    said: dict[int, str] = {}
    for name, weight, ranges in STOCK_RUN.findall(words):
        stock = {"Card": "card", "Light card": FOLDED_STOCK, "Plain paper": "paper"}[name]
        assert WEIGHT[stock].endswith(f"of {weight} g/m²")
        for page in _pages(ranges):
            assert page not in said, f"page {page} is named twice"
            said[page] = stock
    assert len(re.findall(r"g/m²", words)) == len(STOCK_RUN.findall(words)), "a weight outside the stock line"
    needed = {sheet.number: _needed(imposition, sheet.number) for sheet in imposition.sheets[1:]}
    assert said == {number: stock for number, stock in needed.items() if stock is not None}
    backs = [sheet.number for sheet in imposition.sheets if sheet.side == "back" and sheet.number > 2]
    two_sided_card = any(needed[back] == "card" for back in backs)
    assert (GLUE_UP in words) == two_sided_card, "glue-up advice for card printed two-sided, and only then"
