"""Market circles judged against their own row's blank circles. Both pictures are bench photos
of Harvest Dice sheets marked by hand (`python -m bench.photo --hands`), straightened at the
reader's 8 px a mm, 3 mm of the sheet round the market circles, in grey.

Seed 100027 (a basic sheet, the hasty hand): the lettuce's third circle and the carrot's second
hold a short slash off the middle that inks 0.63-0.64 of its most inked line, just short of a
cross, while the blank circles beside them ink 0.09-0.25; they were read blank, the lettuce
market as 2 crossed, not 3, and the carrot's as 1, not 2.
Seed 100022 (an advanced sheet, the hurried hand, a blurred photo): the numbers' print spreads
into the blank circles of the lettuce and tomato rows (0.42-0.58 inked), which stay blank."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from pnp.sheets import Region
from scorer.photo.reader import INK, OUTLINED, count_crossed, cross_threshold, ink_map, judged_by_blanks, read_cross

AROUND_MM = 3.0
PITCH_MM = 6.0
SLASHED = {"markets.lettuce": 3, "markets.tomato": 2, "markets.carrot": 2}
BLURRED = {"markets.lettuce": 2, "markets.tomato": 2}
BLURRED_LEAST = cross_threshold(0.249)   # the whole sheet's marks were this dark: faint, read below INK


def _rows(picture: str, crossed: dict[str, int], circles: int) -> tuple:
    image = cv2.imread(str(Path(__file__).with_name(picture)), cv2.IMREAD_COLOR)
    assert image is not None
    rows = {}
    for row, path in enumerate(crossed):
        top = AROUND_MM + PITCH_MM * row
        rows[path] = [Region(path, "circle", (AROUND_MM + PITCH_MM * n, top, 4.8, 4.8), n + 1,
                             printed_mm=(AROUND_MM + 1.5 + PITCH_MM * n, top + 1.368, 1.8, 2.063))
                      for n in range(circles)]
    return ink_map(image), rows


def _count(ink, circles: list[Region]):
    marks = [read_cross(ink, circle, INK) for circle in circles]
    return count_crossed(judged_by_blanks(ink, circles, marks, INK))


@pytest.mark.parametrize("path", sorted(SLASHED))
def test_a_slash_off_the_middle_is_a_cross_beside_its_rows_blanks(path):
    ink, rows = _rows("market-slashes-off-the-middle.png", SLASHED, 5)
    found = _count(ink, rows[path])
    assert found.value == SLASHED[path]


def test_a_slash_read_so_is_outlined_for_the_player():
    ink, rows = _rows("market-slashes-off-the-middle.png", SLASHED, 5)
    assert _count(ink, rows["markets.carrot"]).confidence < OUTLINED


@pytest.mark.parametrize("path", sorted(BLURRED))
def test_a_blurred_numbers_print_is_no_slash(path):
    ink, rows = _rows("market-blanks-in-a-blurred-photo.png", BLURRED, 6)
    marks = [read_cross(ink, circle, BLURRED_LEAST) for circle in rows[path]]
    crossed = BLURRED[path]
    assert [mark.value for mark in judged_by_blanks(ink, rows[path], marks, BLURRED_LEAST)] == [True] * crossed + [False] * (6 - crossed)
