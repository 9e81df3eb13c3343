"""Every back of every kit is one picture: a card in a hand cannot be told from its back.

The kit is built as printed (the PDF, rasterised by poppler's pdftoppm), every back cropped at
its trim box and compared, pixel by pixel, with every other copy of the same back face, for
long- and short-edge duplex. Only antialiasing may differ: a crop starts a fraction of a pixel
off the grid, so the crops are resampled onto the trim box's own grid, and a few edge pixels
of a drawing still differ by a shade. Garden Variety's trellis, once laid from the sheet's
corner, gave three kinds of back by column on Letter; this is the test that would have said so.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Literal

import numpy as np
import pytest
from PIL import Image, ImageFilter

from pnp.build import kit_components, lay_out
from pnp.colors import Paint
from pnp.kits import GAME_IDS
from pnp.model import Circle, Component, Face, Group, Style
from pnp.options import PAPERS, BuildOptions
from pnp.render_pdf import render_pdf

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")

DPI = 80
MM = DPI / 25.4          # pixels per millimetre
INSET_MM = 1.0           # the crop stays this far inside the trim line: a cut's neighbour is not judged
BLUR_MM = 0.6            # the blur's radius
# Antialiasing: two copies of a back, resampled onto their own grids and blurred, differ by a
# shade here and there (every kit, Letter and A4: 2.1 on average at most, 36 at one pixel at
# most, of 255). A dot 2 mm across on one copy differs by 138 at its middle.
MEAN_SHADE = 4.0         # the mean difference per channel
DIFFERENT_SHADE = 70     # the largest difference of any pixel's channel


def _page_image(pdf: Path, page: int, out: Path) -> np.ndarray:
    stem = out / f"page-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", "-f", str(page), "-l", str(page),
                    str(pdf), str(stem)], check=True, capture_output=True)
    with Image.open(f"{stem}.png") as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def _crop(page: np.ndarray, rect: tuple[float, float, float, float]) -> np.ndarray:
    """The trim box less INSET_MM all round, resampled onto a grid that starts at its corner."""
    x, y, w, h = rect
    left, top = (x + INSET_MM) * MM, (y + INSET_MM) * MM
    size = (int((w - 2 * INSET_MM) * MM), int((h - 2 * INSET_MM) * MM))
    image = Image.fromarray(page.astype(np.uint8))
    moved = image.transform(size, Image.Transform.AFFINE, (1, 0, left, 0, 1, top), Image.Resampling.BILINEAR)
    # poppler snaps each glyph to the pixel grid, so a line of text lands up to a pixel apart
    # on two copies: blurred by BLUR_MM, what is left is the picture, not the grid
    return np.asarray(moved.filter(ImageFilter.GaussianBlur(BLUR_MM * MM)), dtype=np.int16)


def _same_picture(placed) -> tuple:
    """What a back must look like the same as: every card back of a size is one picture (a
    card's back hides what it is); any other piece's back, every copy of its face (a tile's
    back may show its other state)."""
    w, h = placed.rect[2], placed.rect[3]
    return ("card", w, h) if placed.component.kind == "card" else (placed.face, w, h)


def back_mismatches(game: str, components: list[Component], paper: str, duplex: Literal["long", "short"],
                    out: Path) -> list[str]:
    """Every back that is not the same picture as the first one it should match, in words."""
    options = BuildOptions(games=(game,), papers=(paper,), duplex=duplex)
    imposition = lay_out(game, components, PAPERS[paper], options)
    backs = [placed for placed in imposition.placements() if placed.side == "back"]
    if not backs:
        return []
    pdf = out / f"{game}-{duplex}.pdf"
    pdf.write_bytes(render_pdf(imposition.sheets, Paint(), title=game))
    pages = {page: _page_image(pdf, page, out) for page in sorted({placed.page for placed in backs})}
    first: dict[tuple, tuple[str, np.ndarray]] = {}
    mismatches = []
    for placed in backs:
        crop = _crop(pages[placed.page], placed.rect)
        where = f"{placed.component.name} (copy {placed.copy}, page {placed.page})"
        seen, reference = first.setdefault(_same_picture(placed), (where, crop))
        if seen == where:
            continue
        difference = np.abs(crop - reference)
        mean, most = float(difference.mean()), int(difference.max())
        if mean > MEAN_SHADE or most > DIFFERENT_SHADE:
            mismatches.append(f"the back of {where} differs from that of {seen}: by {mean:.1f} on average, "
                              f"by {most} at most (of 255)")
    return mismatches


def _components(game: str) -> list[Component]:
    return kit_components(game, BuildOptions(games=(game,)))[1]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("game", list(GAME_IDS))
def test_every_back_of_every_kit_is_one_picture(game, duplex, tmp_path):
    assert back_mismatches(game, _components(game), "letter", duplex, tmp_path) == []


@pytest.mark.parametrize("game", list(GAME_IDS))
def test_every_back_on_a4_is_one_picture(game, tmp_path):
    assert back_mismatches(game, _components(game), "a4", "long", tmp_path) == []


def test_a_back_drawn_differently_on_one_card_is_found(tmp_path):
    """A planted difference: one Garden Variety card's back (not the first, which the others
    are held against) carries a 2 mm dot."""
    components = _components("garden-variety")
    index = [i for i, component in enumerate(components) if component.back is not None][1]
    back = components[index].back
    assert back is not None
    marked = Face(Group((back.shapes, Circle(20.0, 30.0, 1.0, Style(fill="#222222")))), back.background,
                  back.edge_colour)
    planted = [*components[:index], replace(components[index], back=marked), *components[index + 1:]]
    mismatches = back_mismatches("garden-variety", planted, "letter", "long", tmp_path)
    assert len(mismatches) == 1 and components[index].name in mismatches[0]
