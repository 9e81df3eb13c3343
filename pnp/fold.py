"""`--fold`: two-sided cards printed one-sided, each card's front and back side by side.

A folded card is one piece: its front on the left, its back on the right, FOLD_GUTTER_MM
apart with a dashed fold line down the middle of the gutter. Cut round the pair, fold the back
behind the front (like closing a book), glue the halves together, then cut the folded edge
off on the solid line: the back faces the right way with no printer's duplex alignment
involved. The back is drawn as printed on a duplex back, not mirrored: folding about the
gutter turns it over as a book page does. The gutter gives each side room for its own
bleed, so neither side's colour shows on the other's edge.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from pnp.model import Component, Face, Group, Line, Rect, Style
from pnp.parts import CUT, FOLD

FOLD_GUTTER_MM = 6.0   # both sides' 3 mm of bleed, the fold down its middle
OUTER_MM = 10.0        # how far each side's colour is painted past its edges (the build clips it)


def folded(card: Component) -> Component:
    """The card's front and back side by side, one-sided, with the fold between them."""
    assert card.back is not None
    w, h, gutter, outer = card.width_mm, card.height_mm, FOLD_GUTTER_MM, OUTER_MM
    back_x, fold_x = w + gutter, w + gutter / 2
    pair = Group.of(
        Rect(fold_x, -outer, w + gutter / 2 + outer, h + 2 * outer, Style(fill=card.back.background)),
        Group.of(card.back.shapes, translate=(back_x, 0.0)),
        Rect(-outer, -outer, fold_x + outer, h + 2 * outer, Style(fill=card.front.background)),
        card.front.shapes,
        # painted last, over both sides' bleed: the fold, and the card's edge to cut once glued
        Line(fold_x, 0.0, fold_x, h, FOLD), Line(w, 0.0, w, h, CUT))
    return replace(card, width_mm=back_x + w, front=Face(pair, card.front.background), back=None,
                   folded=True)


def has_cards(kinds: Iterable[str]) -> bool:
    """Does a kit whose pieces are of these kinds have cards for --fold to fold?"""
    return "card" in set(kinds)


def nothing_to_fold(title: str) -> str:
    """What the command line and the print page say when --fold is asked of a kit without
    cards (Garden Dice built the same kit without a word)."""
    return (f"{title} has no cards to fold: folding changes nothing in it, and its two-sided pieces "
            "still print on both sides of the sheet")


def fold_cards(components: list[Component]) -> list[Component]:
    """Every two-sided card folded; every other piece as it was."""
    return [folded(c) if c.kind == "card" and c.back is not None else c for c in components]
