"""Cottage Garden kit: every piece of the box, the tiles and beds drawn from the same data the
placement check uses, two-sided pieces backed on the next page, and a sound PDF."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from pypdf import PdfReader
from shapes import texts, walk

from pnp.build import run_build
from pnp.kits import cottage_garden as kit
from pnp.model import Group, Icon, Polygon, Text
from pnp.options import PAPERS, BuildOptions
from scorer.games.cottage_garden import data


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def test_the_box_contents(pieces):
    counts = {name: c.count for name, c in pieces.items()}
    assert counts == {
        "nursery": 1, "flower-tiles": 1,
        **{f"flowerbed-{b}": 1 for b in range(1, 10)},
        "planting-table": 4, "cat": 30, "flower-pot-token": 16, "beehive-2": 1, "beehive-1": 1,
        "parasol": 1, "wheelbarrow": 1, "cube-orange": 12, "cube-blue": 12, "gardener-die": 1}
    two_sided = {name for name, c in pieces.items() if c.double_sided}
    assert two_sided == {"nursery", "flower-tiles", *(f"flowerbed-{b}" for b in range(1, 10))}


def test_tile_sheet_holds_every_tile_once_as_the_rules_shape_it():
    cells = kit.tile_sheet_cells(mirrored=False)
    assert all(0 <= r < kit.TILE_SHEET_ROWS and 0 <= c < kit.TILE_SHEET_COLUMNS for r, c in cells)
    per_tile = Counter(tile for tile, _ in cells.values())
    squares = {t: sum(ch != "." for row in data.FLOWER_TILES[t][0] for ch in row) for t in data.TILE_IDS}
    assert per_tile == squares  # no tile missing, none overlapping another (cells is a map)
    spare = kit.TILE_SHEET_ROWS * kit.TILE_SHEET_COLUMNS - len(cells)
    assert spare == 4  # 150 squares on a 154-square sheet
    for tile, (rotation, flip, top, left) in kit.TILE_SHEET.items():
        drawn = sorted((r - top, c - left, letter) for (r, c), (t, letter) in cells.items() if t == tile)
        assert drawn == data.oriented_squares(tile, rotation, flip)


def test_the_back_of_the_tile_sheet_shows_each_tile_turned_over():
    front, back = kit.tile_sheet_cells(False), kit.tile_sheet_cells(True)
    last = kit.TILE_SHEET_COLUMNS - 1
    assert all(back[(r, last - c)] == value for (r, c), value in front.items())


def test_tile_squares_are_flowerbed_squares(pieces):
    sheet, bed = pieces["flower-tiles"], pieces["flowerbed-1"]
    assert sheet.width_mm == kit.TILE_SHEET_COLUMNS * kit.CELL
    assert bed.width_mm == data.BED_SIZE * kit.CELL + 2 * kit.BED_BORDER


def symbols(face):
    """(row, col, letter) of every printed pot/cloche icon on a bed face."""
    found = set()
    for shape, dx, dy in walk(face.shapes):
        if isinstance(shape, Icon) and shape.name in ("cg-pot", "cg-cloche"):
            col = int((shape.cx + dx - kit.BED_BORDER) // kit.CELL)
            row = int((shape.cy + dy - kit.BED_BORDER) // kit.CELL)
            found.add((row, col, "p" if shape.name == "cg-pot" else "c"))
    return found


@pytest.mark.parametrize("board", data.BED_BOARDS)
def test_beds_print_their_designs_light_in_front_dark_behind(pieces, board):
    bed = pieces[f"flowerbed-{board}"]
    for face, design in ((bed.front, f"{board}L"), (bed.back, f"{board}D")):
        expected = {(r, c, ch) for r, row in enumerate(data.BED_DESIGNS[design]) for c, ch in enumerate(row)
                    if ch != "."}
        assert symbols(face) == expected
        assert any(design in t and data.BED_SIDES[design[-1]] in t for t in texts(face))


def test_planting_table_tracks_and_red_line(pieces):
    words = texts(pieces["planting-table"].front)
    for value in data.TRACKS["orange"][1:-1] + data.TRACKS["blue"][1:-1]:
        assert str(value) in words
    assert str(data.TARGET) in words and words.count("start") == 2
    # the line crosses both tracks at the same place, right before the first space beyond it
    assert kit.mouse_line_x("orange") == kit.mouse_line_x("blue") == kit._value_x(data.MOUSE_LINE["orange"][1])


def chevron_counts(face):
    """Arrow heads per track-space label: heads are the black 4-point polygons."""
    labels = {}
    for shape, dx, dy in walk(face.shapes):
        if isinstance(shape, Text) and shape.text in data.GARDENER_ROWS:
            labels[shape.text] = (shape.x + dx, shape.y + dy)
    heads = Counter()
    for child in face.shapes.children:
        if isinstance(child, Group) and child.children and all(isinstance(s, Polygon) and len(s.points) == 4
                                                               for s in child.children):
            x, y = child.translate
            nearest = min(labels, key=lambda k: (labels[k][0] - x) ** 2 + (labels[k][1] - y) ** 2)
            heads[nearest] += len(child.children)
    return heads


@pytest.mark.parametrize("side,face_name", [("1-3", "front"), ("4", "back")])
def test_nursery_sides_show_their_track_and_arrow_marks(pieces, side, face_name):
    face = getattr(pieces["nursery"], face_name)
    words = texts(face)
    assert set(data.NURSERY_SPACES) <= set(words)
    assert [w for w in words if w in data.GARDENER_ROWS] == list(data.NURSERY_SIDES[side]["track"])
    assert chevron_counts(face) == data.arrow_marks(side)
    pawns = [s for s, _, _ in walk(face.shapes) if isinstance(s, Icon) and s.name == "cg-pawn"]
    assert len(pawns) == sum(max(p for p, space in data.NURSERY_SIDES[side]["gardener"].items() if space == label)
                             for label in set(data.NURSERY_SIDES[side]["gardener"].values()))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("cottage")
    options = BuildOptions(games=("cottage-garden",), papers=("letter", "a4"), out=out, progress=False)
    assert run_build(options) == 0
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_manifest_backs_follow_their_fronts_mirrored(built, paper):
    manifest = json.loads((built / paper / "cottage-garden" / "manifest.json").read_text())
    width = PAPERS[paper].width_mm
    fronts = {(p["component"], p["copy"]): p for p in manifest["placements"] if p["side"] == "front"}
    backs = {(p["component"], p["copy"]): p for p in manifest["placements"] if p["side"] == "back"}
    counts = {c["name"]: c["count"] for c in manifest["components"]}
    assert Counter(name for name, _ in fronts) == counts
    assert set(backs) == {key for key in fronts if key[0] in {"nursery", "flower-tiles"} or key[0].startswith("flowerbed")}
    for key, back in backs.items():
        front = fronts[key]
        assert back["page"] == front["page"] + 1 and "tile" not in front  # boards fit a page whole
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"], abs=0.01)
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.01)
    pages = len(PdfReader(built / paper / "cottage-garden.pdf").pages)
    assert pages == max(p["page"] for p in manifest["placements"])
    assert len(list((built / paper / "cottage-garden").glob("p*.svg"))) == pages
