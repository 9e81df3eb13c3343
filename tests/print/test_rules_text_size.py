"""Cottage Garden's and Propagation's rules text prints at 8 pt or more: read at arm's length
at the table. Names and labels of pieces (a flowerbed's name on its hedge, a score sheet's
row names) may stay smaller."""
from __future__ import annotations

import pytest

from pnp.checks import PT_MM
from pnp.kits import cottage_garden, propagation
from pnp.model import Text
from tests.support.shapes import walk

# Labels naming a piece or a row, not rules: "flowerbed 1L · light side", "Round 10 + bonus".
LABELS = ("flowerbed ", "Round ")


@pytest.mark.parametrize("kit", [cottage_garden, propagation], ids=lambda kit: kit.GAME_ID)
def test_every_sentence_on_a_piece_is_8_pt_or_more(kit):
    """Aid, board and sheet sentences were 6.2-7.9 pt (the planting table's reminders 2.2-2.3
    mm, Propagation's tracker and score-sheet notes 2.3-2.5 mm)."""
    small = sorted({(component.name.split("-")[0], round(shape.size / PT_MM, 1), shape.text[:40])
                    for component in kit.components() for face in (component.front, component.back) if face
                    for shape, _, _ in walk(face.shapes)
                    if isinstance(shape, Text) and len(shape.text.split()) >= 4
                    and not shape.text.startswith(LABELS) and shape.size < 8 * PT_MM - 1e-9})
    assert small == []
