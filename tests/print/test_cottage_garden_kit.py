"""Cottage Garden kit: every piece of the box, the tiles and beds drawn from the same data the
placement check uses, two-sided pieces backed on the next page, and a sound PDF."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from pypdf import PdfReader

from pnp.kits import cottage_garden as kit
from pnp.model import Circle, Face, Group, Icon, Polygon, Rect, Text
from pnp.options import PAPERS, BuildOptions
from scorer.games.cottage_garden import data
from tests.support.kit_builds import default_kit
from tests.support.shapes import texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def test_the_box_contents(pieces):
    counts = {name: c.count for name, c in pieces.items()}
    tiles = {f"flower-tiles-{number}": 1 for number in range(1, len(kit.tile_sheets()) + 1)}
    assert counts == {
        "nursery": 1, **tiles,
        **{f"flowerbed-{b}": 1 for b in range(1, 10)},
        "planting-table": 4, "cat-and-pot-tokens": 1, "beehive-tiles": 1,
        "wheelbarrow": 1, "cubes": 1, "die-stickers": 1, "sticker-note": 1, "player-aids": 2,
        "reference-card": 1}
    on_sheets = [tile for rows in kit.tile_sheets() for strip in rows for tile in strip]
    assert sorted(on_sheets) == sorted(data.TILE_IDS) and len(on_sheets) == data.COUNTS["flower_tiles"]
    two_sided = {name for name, c in pieces.items() if c.double_sided}
    assert two_sided == {"player-aids", "nursery", "reference-card", *tiles, *(f"flowerbed-{b}" for b in range(1, 10))}


def tile_squares_drawn(face):
    """(row, col) of every flower square drawn on a tile face (each is a translated group)."""
    return {(round(child.translate[1] / kit.TILE_SQUARE), round(child.translate[0] / kit.TILE_SQUARE))
            for child in face.shapes.children
            if isinstance(child, Group) and len(child.children) == 1 and isinstance(child.children[0], Group)}


@pytest.mark.parametrize("tile", data.TILE_IDS)
def test_each_tile_is_shaped_as_the_rules_shape_it(tile):
    front, back = kit.tile_face(tile, False), kit.tile_face(tile, True)
    squares = {(r, c) for r, c, _ in data.oriented_squares(tile)}
    width = max(c for _, c in squares) + 1
    assert tile_squares_drawn(front) == squares
    assert tile_squares_drawn(back) == {(r, width - 1 - c) for r, c in squares}  # turned over
    assert kit.tile_size(tile) == (width * kit.TILE_SQUARE, (max(r for r, _ in squares) + 1) * kit.TILE_SQUARE)
    assert tile in texts(front) and tile in texts(back)


def test_tiles_lie_edge_to_edge_in_strips_of_one_height_and_length():
    """A strip's tiles share one cut between two of them; strips of one length stacked on a
    page share the cuts at their ends. Every strip is one height and at most STRIP_SQUARES long."""
    sheets = kit.tile_sheets()
    for rows in sheets:
        for strip in rows:
            assert len({kit.tile_size(tile)[1] for tile in strip}) == 1, strip
            assert sum(kit.tile_size(tile)[0] for tile in strip) <= kit.STRIP_W + 1e-6, strip
    pieces = kit.flower_tiles()
    # one strip to a sheet: STRIP_W, as the strips stacked with it; the two stacked: the longer's length
    assert [piece.width_mm for piece in pieces] == [kit.STRIP_W if len(rows) == 1 else
                                                    max(map(kit._length, rows)) for rows in reversed(sheets)]
    assert kit.STRIP_W <= 198.0 and pieces[-1].width_mm == 12 * kit.TILE_SQUARE  # A4 holds it
    assert all(piece.outline == "polygon" and piece.sits_on == "bed" for piece in pieces)
    # the lines each sheet is cut along: 36 tiles, 9 strips (two stacked), three strips ending in a
    # blank (four when the two stacked were STRIP_W long)
    assert sum(kit.sheet_lines(rows) for rows in sheets) == 36 - 9 + 1 + 3
    assert [piece.chits for piece in pieces] == [(kit.sheet_lines(rows) + 1, 1) for rows in reversed(sheets)]


@pytest.mark.parametrize("turned_over", [False, True])
@pytest.mark.parametrize("tile", ["1A", "3C", "5D", "6H"])
def test_a_tile_s_colour_runs_to_its_outline_and_past_it_into_its_notches(tile, turned_over):
    """A tile's colour stopped 1 mm inside its outline (a white rim, so that tiles of different
    colours could share a cut): a cold review found the white a miscut leaves on every edge.
    Its colour now fills its squares to the outline, where two tiles of a strip meet on one cut,
    and runs NOTCH_BLEED past every outer edge of its squares, clipped to the tile's box: into
    its notches, cut with scissors; nothing of a tile is drawn past its box (in a strip, a leaf
    showed over the next)."""
    face = kit.tile_face(tile, turned_over)
    width, height = kit.tile_size(tile)
    colour = data.FLOWER_COLOURS[data.FLOWER_TILES[tile][2]]
    assert face.background == "#FFFFFF" and face.shapes.clip == (0.0, 0.0, width, height)
    squares = set(kit.tile_squares(tile, turned_over))
    outer = sum((r + dr, c + dc) not in squares for r, c in squares for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    bleeds = [s for s in face.shapes.children if isinstance(s, Rect) and s.style.fill == colour
              and kit.NOTCH_BLEED in (s.w, s.h)]
    assert len(bleeds) == outer and kit.NOTCH_BLEED >= 2.0
    rims = [s for s in face.shapes.children if isinstance(s, Rect) and s.style.fill == "#FFFFFF" and s.style.stroke is None]
    assert rims == []


@pytest.mark.parametrize("turned_over", [False, True])
def test_a_sheet_of_tiles_bleeds_past_its_box_from_every_square_on_it_and_not_from_a_notch(turned_over):
    """A sheet of tiles is trimmed whole on its box before its tiles are cut apart: its colour
    stopped at the box, so a trim a little outside it left white along the squares there. Each
    square on the box now runs its tile's colour BLEED past it (both ways in a corner); a notch
    or a strip's blank end on the box shows none (its offcut goes with the trim)."""
    s = kit.TILE_SQUARE
    for rows in kit.tile_sheets():
        face = kit.sheet_face(rows, turned_over)
        width, height = kit.sheet_width(rows), sum(kit.tile_size(tiles[0])[1] for tiles in rows)
        squares = set()
        for tile in face.shapes.children:
            drawn = tile.children[0] if isinstance(tile, Group) else None
            if isinstance(tile, Group) and isinstance(drawn, Group):  # a tile of the sheet, at its place
                squares |= {(row + round(tile.translate[1] / s), col + round(tile.translate[0] / s))
                            for row, col in tile_squares_drawn(Face(drawn, "#FFFFFF"))}
        on_box = {(r, c) for r, c in squares if r == 0 or c == 0 or (r + 1) * s > height - 0.01 or (c + 1) * s > width - 0.01}
        bled = set()
        for rect in face.shapes.children:
            if not isinstance(rect, Rect):
                continue
            past = (-rect.x, -rect.y, rect.x + rect.w - width, rect.y + rect.h - height)
            assert all(abs(p - kit.BLEED) < 1e-9 or p <= 1e-9 for p in past) and max(past) > 0
            bled.add((round(max(rect.y, 0.0) / s), round(max(rect.x, 0.0) / s)))
        assert bled == on_box and len(on_box) > 4


@pytest.mark.parametrize("tile", ["1A", "3C", "6H"])
def test_a_tile_s_cut_line_runs_along_every_outer_edge_of_its_squares(pieces, tile):
    from pnp.model import Line

    squares = {(r, c) for r, c, _ in data.oriented_squares(tile)}
    outer = sum((r + dr, c + dc) not in squares for r, c in squares for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    cuts = [s for s in kit.tile_face(tile, False).shapes.children
            if isinstance(s, Line) and s.style == kit.cut_line(data.FLOWER_TILES[tile][2])]
    assert len(cuts) == outer


# A line between a tile's squares ends at least this far short of the outline: a gap the eye
# sees at arm's length, where the cut line runs on.
INNER_LINE_SHORT = 1.5


@pytest.mark.parametrize("tile", data.TILE_IDS)
@pytest.mark.parametrize("turned_over", [False, True])
def test_a_tile_s_lines_between_squares_stop_short_of_its_outline_and_are_light(tile, turned_over):
    """A cold review could not tell the cut from the lines between a tile's squares (both thin
    and dark): each line between two squares is light on the tile's colour and ends short of
    its grid points, so none meets the outline; the cut line is dark."""
    from pnp.colors import luminance
    from pnp.model import Line

    colour = data.FLOWER_TILES[tile][2]
    squares = set(kit.tile_squares(tile, turned_over))
    shared = sum((r, c + 1) in squares for r, c in squares) + sum((r + 1, c) in squares for r, c in squares)
    s = kit.TILE_SQUARE
    inner = [line for line, _, _ in walk(kit.tile_face(tile, turned_over).shapes)
             if isinstance(line, Line) and line.style == kit.inner_line(colour)]
    assert len(inner) == shared
    for line in inner:
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            gap = max(abs(x - round(x / s) * s), abs(y - round(y / s) * s))  # along the line, to its grid point
            assert gap >= INNER_LINE_SHORT, f"tile {tile}: a line between squares ends {gap:.1f} mm short"
    inner_ink, cut_ink = kit.inner_line(colour).stroke, kit.cut_line(colour).stroke
    assert inner_ink is not None and cut_ink is not None
    assert luminance(inner_ink) > luminance(data.FLOWER_COLOURS[colour]) > luminance(cut_ink)


@pytest.mark.parametrize("tile", data.TILE_IDS)
def test_a_tile_back_draws_no_line_on_its_trim(pieces, tile):
    """A back shifted a little in the duplex showed a sliver of its black outline at the cut:
    the back runs its colour and art to the bleed with no line on its outline (the front's
    outline is the cut line)."""
    from pnp.model import Line

    squares = set(kit.tile_squares(tile, turned_over=True))
    outer = set()
    for r, c in squares:
        for dr, dc, start, end in ((-1, 0, (c, r), (c + 1, r)), (1, 0, (c, r + 1), (c + 1, r + 1)),
                                   (0, -1, (c, r), (c, r + 1)), (0, 1, (c + 1, r), (c + 1, r + 1))):
            if (r + dr, c + dc) not in squares:
                outer.add((start, end))
    s = kit.TILE_SQUARE
    for shape, dx, dy in walk(kit.tile_face(tile, True).shapes):
        if isinstance(shape, Line):
            ends = sorted([((shape.x1 + dx) / s, (shape.y1 + dy) / s), ((shape.x2 + dx) / s, (shape.y2 + dy) / s)])
            assert tuple(tuple(round(v, 6) for v in end) for end in ends) not in outer, \
                f"a line on the trim of tile {tile}'s back"
        if isinstance(shape, Rect) and (shape.w, shape.h) == (s, s):
            assert shape.style.stroke is None, f"an outlined square on tile {tile}'s back"


def test_flowerbed_spaces_are_16_mm_and_tile_squares_match_them(pieces):
    """Beds had 13.5 mm spaces and tiles 13 mm squares: small to pick up and to read at the
    table. Bed spaces are now 16 mm; a tile's square is the fit check's clearance smaller, so
    a tile lies flush on the squares it covers whatever its length."""
    from pnp.checks import FIT_CLEARANCE_MM

    spaces = {(w, h) for space in pieces["flowerbed-1"].spaces for *_, w, h in (space.box,)}
    assert spaces == {(16.0, 16.0)}
    assert kit.TILE_SQUARE == 16.0 - FIT_CLEARANCE_MM
    assert kit.tile_size("5F")[0] == 5 * kit.TILE_SQUARE


def test_tiles_sit_flush_in_bed_squares_and_fit_nursery_spaces(pieces):
    assert 0 < kit.CELL - kit.TILE_SQUARE <= 1.0  # a tile cut a little large still fits its squares
    bed = pieces["flowerbed-1"]
    assert bed.width_mm == data.BED_SIZE * kit.CELL + 2 * kit.BED_BORDER
    longest = max(max(r, c) + 1 for tile in data.TILE_IDS for r, c, _ in data.oriented_squares(tile))
    four_long = [t for t in data.TILE_IDS
                 if max(max(r, c) + 1 for r, c, _ in data.oriented_squares(t)) <= 4]
    assert longest == 5 and len(four_long) == len(data.TILE_IDS) - 1
    trays = [space.box for space in pieces["nursery"].spaces if space.kind == "nursery"]
    assert len(trays) == 16 and {(w, h) for _, _, w, h in trays} == {(kit.SPACE_W - 1.0, kit.SPACE_H - 1.0)}
    for tile in data.TILE_IDS:  # every tile, the straight five too, lies whole in one, turned lengthwise
        long_side, short_side = sorted(kit.tile_size(tile), reverse=True)
        assert long_side <= kit.SPACE_W - 2.0 and short_side <= kit.SPACE_H - 2.0, tile


def test_player_aid_covers_a_turn_and_scoring_citing_the_rulebook(pieces):
    aid = pieces["player-aids"]
    front, back = " ".join(texts(aid.front)), " ".join(texts(aid.back))
    for phase in ("1 Refilling Phase", "2 Planting Phase", "3 Scoring Phase", "4 Gardener Phase"):
        assert f"[{phase}]" in front
    assert "Turning Space" in front and "gardener" in front
    for words in ("pot", "cloche", "cat", "red line", "hive", "final round",
                  f"fewer than {data.FINAL_ROUND_MIN_TILES} tiles", "[Final Round]", "[Beehives]"):
        assert words in back, words


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_four_player_aids_print_on_one_two_sided_sheet_in_8_5_pt(pieces, paper):
    """The four aids took two two-sided sheets, two to a page, in 6.8 pt: now a quarter of a
    page each, all four on one sheet (with the die stickers), their words 8.5 pt (3.0 mm) and
    their headings larger, to read at arm's length at the table."""
    from pnp.build import impose_kit
    from tests.support.shapes import walk as walk_all

    aid = pieces["player-aids"]
    for face in (aid.front, aid.back):
        sizes = [shape.size for shape, _, _ in walk_all(face.shapes) if isinstance(shape, Text)]
        assert min(sizes) >= 3.0 - 1e-9, min(sizes)
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = {p.page for p in imposition.placements() if p.component.name == "player-aids" and p.side == "front"}
    assert len(pages) == 1



@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_aids_green_title_band_bleeds_past_their_cut_on_every_side(pieces, paper):
    """The aids' title band started 1 mm below their top cut (four loose aids shared their cuts,
    and a cut a little off between two rows showed the band's green on the aid above): a cold
    review found the white sliver a miscut leaves over the band. The aids print in pairs, each
    pair with a bleed of its own, 3 mm up where the band is, and the band fills it, front and
    back; the two of a pair are cut apart on the line between them, band to band."""
    from pnp.build import impose_kit

    pair = pieces["player-aids"]
    assert (pair.width_mm, pair.count, pair.chits) == (2 * kit.AID_W, data.MAX_PLAYERS // 2, (2, 1))
    for face in (pair.front, pair.back):
        bands = [(shape, dx) for shape, dx, _ in walk(face.shapes) if isinstance(shape, Rect) and shape.style.fill == kit.LEAF]
        assert len(bands) == 2
        for band, _ in bands:
            assert band.x <= -kit.BLEED and band.y <= -kit.BLEED and band.x + band.w >= kit.AID_W + kit.BLEED
        assert min(dx + band.x for band, dx in bands) <= -kit.BLEED
        assert max(dx + band.x + band.w for band, dx in bands) >= pair.width_mm + kit.BLEED
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    aids = [p for p in imposition.placements() if p.component.name == "player-aids"]
    assert len(aids) == 4 and all(p.bleed[1] >= kit.BLEED - 1e-9 for p in aids)  # the band's side: its full bleed
    assert all(min(p.bleed) >= 1.5 - 1e-9 for p in aids)

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
    heads: Counter[str] = Counter()
    for child in face.shapes.children:
        if isinstance(child, Group) and child.children and all(isinstance(s, Polygon) and len(s.points) == 4
                                                               for s in child.children):
            x, y = child.translate
            nearest = min(labels, key=lambda k: (labels[k][0] - x) ** 2 + (labels[k][1] - y) ** 2)
            heads[nearest] += len(child.children)
    return heads


@pytest.mark.parametrize("side", ["1-3", "4"])
def test_nursery_sides_show_their_track_and_arrow_marks(pieces, side):
    face = kit.nursery_face(side)
    words = texts(face)
    assert set(data.NURSERY_SPACES) <= set(words)
    assert [w for w in words if w in data.GARDENER_ROWS] == list(data.NURSERY_SIDES[side]["track"])
    assert chevron_counts(face) == data.arrow_marks(side)
    pawns = [s for s, _, _ in walk(face.shapes) if isinstance(s, Icon) and s.name == "cg-pawn"]
    assert len(pawns) == sum(max(p for p, space in data.NURSERY_SIDES[side]["gardener"].items() if space == label)
                             for label in set(data.NURSERY_SIDES[side]["gardener"].values()))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return default_kit(tmp_path_factory, "cottage-garden")   # shared with other modules: read only


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_manifest_backs_follow_their_fronts_mirrored(built, paper):
    manifest = json.loads((built / paper / "cottage-garden" / "manifest.json").read_text())
    width = PAPERS[paper].width_mm
    fronts = {(p["component"], p["copy"]): p for p in manifest["placements"] if p["side"] == "front"}
    backs = {(p["component"], p["copy"]): p for p in manifest["placements"] if p["side"] == "back"}
    counts = {c["name"]: c["count"] for c in manifest["components"]}
    assert Counter(name for name, _ in fronts) == counts
    two_sided = {c["name"] for c in manifest["components"] if c["double_sided"]}
    assert {name for name, _ in backs} == two_sided
    assert {c.name for c in kit.flower_tiles()} <= two_sided
    for key, back in backs.items():
        front = fronts[key]
        assert back["page"] == front["page"] + 1
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"], abs=0.01)
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.01)
    pages = len(PdfReader(built / paper / "cottage-garden.pdf").pages)
    assert pages == max(p["page"] for p in manifest["placements"])
    assert len(list((built / paper / "cottage-garden").glob("p*.svg"))) == pages


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_nursery_is_one_two_sided_board_on_two_sheets_its_seam_between_trays_on_both_sides(paper):
    """The nursery printed as two one-sided boards, each on two pages: four sheets of card for
    one board. It is the box's two-sided board now, 1-3 players in front and 4 behind, on two
    sheets, hinged between two columns of trays; the back's trays lie behind the front's, so
    the seam runs between trays there too, and page 1 names its pages."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    placed = [p for p in imposition.placements() if p.component.name == "nursery"]
    assert len({p.page for p in placed if p.side == "front"}) == 2 and len(placed) == 4
    board = placed[0].component
    assert board.join == "hinge" and board.double_sided
    fronts = sorted((p for p in placed if p.side == "front"), key=lambda p: p.tile or (0, 0))
    seam = fronts[0].rect[2]  # the first portion's width: where the board is cut in two, from its left
    trays = sorted(space.box for space in board.spaces if space.kind == "nursery")
    assert not any(x < seam < x + w for x, _, w, _ in trays)
    # behind the seam: the back's point W - seam, drawn as the front is laid out TITLE_STRIP on
    behind = kit.NURSERY_W - seam + kit.TITLE_STRIP
    back_trays = [space.box for space in kit.nursery_spaces("4") if space.kind == "nursery"]
    assert not any(x < behind < x + w for x, _, w, _ in back_trays)
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    first, second = sorted({p.page for p in fronts})
    assert f"Nursery (pages {first} and {second}; 1-3 players in front, 4 behind)" in words
    # taped on the back, the tape lay on the 4-player face: both faces get clear tape along the seam
    assert "on the back" not in words
    assert "clear tape along the seam on both faces" in words


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_one_puts_the_planting_tables_on_card_as_it_lists_their_pages(paper):
    """Page 1 listed the planting tables' page under card and then said "tables and aids on
    plain paper or card": a table is a board players lay cubes on, so it is card."""
    from pnp.build import impose_kit
    from pnp.frontmatter import page_stock

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    tables = sorted({p.page for p in imposition.placements() if p.component.name == "planting-table"})
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    assert "plain paper or card" not in words
    assert tables == [tables[0], tables[0] + 1]  # two beside the wheelbarrow, two beside the other small pieces
    # page 1 said so and then told players to glue the tables' paper onto card: they print on card
    assert "glued onto card" not in words and "Boards on paper" not in words
    assert f"The planting tables (p. {tables[0]}-{tables[1]}) print on card" in words
    # and page 1's stock line names those pages card (tests/print/test_pnp_paper.py reads it)
    assert {page_stock(imposition)[page] for page in tables} == {"card"}


@pytest.mark.parametrize("side", ["front", "back"])
def test_no_stretch_of_the_player_aid_is_left_blank(pieces, side):
    """The aid once left 40 % of its card blank under a short right column; now no stretch
    of a fifth of the card's height is without a line, down to its foot."""
    from pnp.checks import words

    face = getattr(pieces["player-aids"], side)
    edges = sorted((box[1], box[3]) for _, box in words(face.shapes))
    reached, widest = edges[0][1], 0.0
    for top, bottom in edges + [(kit.AID_H, kit.AID_H)]:
        widest, reached = max(widest, top - reached), max(reached, bottom)
    assert widest / kit.AID_H < 0.2, (side, widest)


@pytest.mark.parametrize("side", ["1-3", "4"])
def test_the_nursery_name_lies_off_every_play_space(pieces, side):
    """The wordmark once sat on nursery space A1, under the tile dealt there."""
    from pnp.checks import words

    spaces = [(x, y, x + w, y + h) for x, y, w, h in (space.box for space in kit.nursery_spaces(side))]
    names = [box for text, box in words(kit.nursery_face(side).shapes) if "Nursery" in text or "Cottage" in text]
    assert names
    for box in names:
        assert not any(box[0] < s[2] and s[0] < box[2] and box[1] < s[3] and s[1] < box[3] for s in spaces), box


def test_cats_pot_tokens_the_parasol_and_cubes_are_two_sheets_of_chits_cut_along_their_lines(pieces):
    """The 30 cats, 16 pot tokens and 24 cubes were 70 loose pieces, each cut round (or
    punched), then four sheets of abutting squares and a punched parasol: now the cats, the pots
    and the parasol (with a spare) are one sheet of 14 mm squares, a millimetre to spare a side
    on a 16 mm bed space, and both colours' cubes another of 8 mm squares, the orange rows over
    the blue with a white band on the line between them, each trimmed and cut along its lines.
    No piece of the kit is round any more: it needs no craft punch."""
    tokens, cubes = pieces["cat-and-pot-tokens"], pieces["cubes"]
    columns, rows = tokens.chits
    assert columns * rows == data.COUNTS["cats"] + data.COUNTS["pot_tokens"] + 2
    assert (tokens.width_mm, tokens.height_mm) == (columns * kit.BED_TOKEN, rows * kit.BED_TOKEN)
    assert tokens.footprint == (14.0, 14.0) and tokens.sits_on == "bed"
    icons = Counter(s.name for s, _, _ in walk(tokens.front.shapes) if isinstance(s, Icon))
    assert icons == {"cg-cat": data.COUNTS["cats"], "cg-pot": data.COUNTS["pot_tokens"], "cg-parasol": 2}
    columns, rows = cubes.chits
    assert columns * rows == data.COUNTS["orange_cubes"] + data.COUNTS["blue_cubes"]
    assert (cubes.width_mm, cubes.height_mm) == (columns * kit.CUBE, rows * kit.CUBE) and cubes.footprint == (8.0, 8.0)
    letters = Counter(s.text for s, _, _ in walk(cubes.front.shapes) if isinstance(s, Text))
    assert letters == {"O": data.COUNTS["orange_cubes"], "B": data.COUNTS["blue_cubes"]}
    line = data.COUNTS["orange_cubes"] // columns * kit.CUBE
    band = [s for s, _, _ in walk(cubes.front.shapes) if isinstance(s, Rect) and s.style.fill == "#FFFFFF"
            and s.y == line - kit.CUBE_SEAM_RIM]
    assert band and band[0].h == 2 * kit.CUBE_SEAM_RIM and band[0].w > cubes.width_mm
    assert [c.name for c in pieces.values() if c.outline == "circle"] == []
    assert not any("punch" in thing for thing, _ in kit.GUIDE.box_items)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_gardener_die_is_six_stickers_for_a_stock_die_on_plain_paper(pieces, paper):
    """The gardener die was a paper cube to cut, fold and glue (11 cuts, 7 tabs): a stock 16 mm
    die with six stickers, opposite faces summing to 7 as on any die, rolls and stands better.
    The stickers took a plain sheet of their own, since two-sided aids counted as card stock."""
    from pnp.build import impose_kit

    stickers = pieces["die-stickers"]
    assert stickers.kind == "sticker" and stickers.chits == (3, 2)
    assert (stickers.width_mm, stickers.height_mm) == (3 * kit.DIE_STICKER, 2 * kit.DIE_STICKER)
    assert [sum(pair) for pair in kit.DIE_PAIRS] == [7, 7, 7]
    assert sum(1 for shape, _, _ in walk(stickers.front.shapes) if isinstance(shape, Circle)) == 21  # every pip
    assert dict(kit.GUIDE.box_items)["six-sided die, about 16 mm (any colour)"] == 1
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    [page] = {p.page for p in imposition.placements() if p.component.name == "die-stickers"}
    aids = {p.page for p in imposition.placements() if p.component.name == "player-aids" and p.side == "front"}
    assert aids == {page}  # on the aids' plain paper sheet, not on a sheet of their own


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_takes_at_most_two_thirds_of_the_cuts_it_took(paper):
    """The review counted 335 cuts on Letter: every cat, pot token and cube cut round on its
    own, and a paper cube to cut out for the die."""
    from pnp.build import impose_kit
    from pnp.cuts import count_cuts

    assert count_cuts(impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))) <= 335 * 2 / 3


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_36_flower_tiles_print_on_two_sheets_in_strips_that_share_their_cuts(paper):
    """The tiles, each cut out on its own, took 94 straight cuts of the kit's 203 on Letter.
    In strips of one height, edge to edge (any colours: each keeps a white rim), they print on
    two two-sided sheets, and the kit takes under 170 cuts on both papers."""
    from pnp.build import impose_kit
    from pnp.checks import check_imposition
    from pnp.cuts import count_cuts

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = sorted({p.page for p in imposition.placements() if p.side == "front"
                    and p.component.name.startswith("flower-tiles-")})
    assert len(pages) == 2
    assert count_cuts(imposition) < 170
    assert [p for p in check_imposition(imposition) if p.check == "shared cut"] == []


def test_the_player_aid_s_titles_are_in_the_kit_s_display_face(pieces):
    """The aid's title bands were set in the body font's bold: the one type on the kit's
    pages that was neither its display face (page 1, the nursery, headings) nor its body text."""
    aid = pieces["player-aids"]
    for face, title in ((aid.front, f"{kit.TITLE} · a turn"), (aid.back, f"{kit.TITLE} · scoring")):
        bands = [shape for shape, _, _ in walk(face.shapes) if isinstance(shape, Text) and shape.text == title]
        assert len(bands) == kit.AIDS_A_PAIR and all(band.face == kit.LOOK.face for band in bands)


def test_page_one_advises_8_mm_wooden_cubes_and_the_aids_cats_speak_of_cats(pieces):
    """The card squares (8 mm, on 10 mm orange spaces) stay in the kit; page 1's list of things to take from elsewhere
    says that 8 mm wooden cubes play better. The aid said it inside its "Cats" entry, where
    nobody looks for cubes."""
    wanted = dict(kit.GUIDE.box_items)
    [cubes] = [name for name in wanted if "wooden cubes of 8 mm" in name]
    assert wanted[cubes] == data.COUNTS["orange_cubes"] + data.COUNTS["blue_cubes"]
    [cats] = [text for _, _, name, _, text in kit.turn_blocks() if name == "Cats"]
    assert "cube" not in cats
    assert kit.CUBE == 8.0


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_sheet_of_flower_tiles_has_bleed_on_every_side(paper):
    """The bottom row of tiles on Letter (5F and 4A, beside the footer) kept 0.2 mm of bleed
    under them: the packing filled the page down to the footer's band, where no bleed may
    run. The last row keeps room for its bleed there as every other outer row does, and no
    sheet of tiles' side, front or back, has less than half the narrowest gutter."""
    from pnp.build import impose_kit
    from pnp.impose import MIN_GUTTER_MM

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    tiles = [placed for placed in imposition.placements() if placed.component.name.startswith("flower-tiles-")]
    assert len(tiles) == 2 * len(kit.tile_sheets())
    thin = [(placed.page, placed.component.name, placed.bleed) for placed in tiles
            if min(placed.bleed) < MIN_GUTTER_MM / 2]
    assert thin == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_die_stickers_share_their_left_cut_with_the_aids_above_them(paper):
    """The sticker sheet's ticks sat 2.6 mm from the aids' on Letter: two cuts a hair apart.
    Its row moves onto the aids' cut line, one cut for both."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    placed = [p for p in imposition.placements() if p.side == "front"]
    stickers = next(p for p in placed if p.component.name == "die-stickers")
    aid_lefts = {round(p.rect[0], 3) for p in placed if p.component.name == "player-aids" and p.page == stickers.page}
    assert round(stickers.rect[0], 3) in aid_lefts


def test_beehives_carry_their_points_right_under_them():
    for hives in (1, 2):
        face = kit._beehive_face(hives)
        icons = [(s, dx) for s, dx, _ in walk(face) if isinstance(s, Icon) and s.name == "cg-hive"]
        label = next(s for s, _, _ in walk(face) if isinstance(s, Text) and "point" in s.text)
        middle = sum(s.cx + dx for s, dx in icons) / len(icons)
        assert len(icons) == hives and abs(middle - label.x) < 0.01


def test_the_cat_is_a_whole_cat_with_a_body_and_a_tail():
    """Three-millimetre cats were a head with two ears: they read as hats."""
    from pnp.icons import icon_group
    from pnp.model import Path

    cat = icon_group("cg-cat", 10.0, "#8A8A8A")
    paths = [s for s, _, _ in walk(cat) if isinstance(s, Path)]
    assert len(paths) >= 3  # the tail (outline and fur) and the body
    assert any(s.style.fill == "#8A8A8A" for s in paths)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_takes_nine_sheets_on_both_papers(paper):
    """On Letter the 36 flower tiles took a page and a bit beside one tile under the last
    flowerbeds: 18 pages on 12 sheets; then 16 pages on 11, the nursery's two sides on four
    sheets. The nursery is one two-sided board now: 16 pages on 9 sheets."""
    from pnp.build import impose_kit
    from pnp.cuts import paper_sheets

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert (len(imposition.sheets), paper_sheets(imposition)) == (16, 9)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_die_stickers_have_a_note_beside_them_and_the_kit_keeps_16_pages(paper):
    """The die stickers had no note, and a note the page's width took a row of its own and
    pushed the stickers onto a 17th page: a narrower note sits in their row."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    placed = [p for p in imposition.placements() if p.side == "front"]
    [stickers] = [p for p in placed if p.component.name == "die-stickers"]
    [note] = [p for p in placed if p.component.name == "sticker-note"]
    assert not note.component.cut_out and note.page == stickers.page
    assert note.rect[1] == pytest.approx(stickers.rect[1]) and note.rect[0] > stickers.rect[0] + stickers.rect[2]
    assert len(imposition.sheets) == 16


def _taken(sheet) -> float:
    """The share of a page its pieces take with their bleed, on a grid of half millimetres."""
    import numpy as np

    cells = np.zeros((round(sheet.height_mm * 2), round(sheet.width_mm * 2)), dtype=bool)
    for placed in sheet.placements:
        x, y, w, h = placed.bleed_rect
        cells[max(0, round(y * 2)):round((y + h) * 2), max(0, round(x * 2)):round((x + w) * 2)] = True
    return float(cells.mean())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_page_of_pieces_is_under_60_percent_taken(paper):
    """The small pieces had a page to themselves, 45 % of it taken, behind a page of four
    planting tables: the tables are 70 mm tall now, too tall for four to a page, and they share
    two pages with the small pieces, in as many sheets."""
    from pnp.build import impose_kit
    from pnp.cuts import paper_sheets

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    taken = {sheet.number: round(_taken(sheet), 2) for sheet in imposition.sheets if sheet.placements}
    assert min(taken.values()) >= 0.6, taken
    assert paper_sheets(imposition) == 9


@pytest.mark.parametrize("tile", data.TILE_IDS)
def test_each_inside_corner_of_a_tile_has_a_mark_in_its_notch_on_the_front(pieces, tile):
    """An L, T or S tile's cuts meet at its inside corners, where the outline alone gave the
    scissors nothing to aim at: each has a short stroke out of the corner, into the notch (off
    every square of the tile, in its white notch), on the front only."""
    from pnp.impose import MARK_STYLE
    from pnp.model import Line

    squares = {(r, c) for r, c, _ in data.oriented_squares(tile)}
    s = kit.TILE_SQUARE
    # a grid point with three of its four squares in the tile
    wanted = sum(sum((row - 1 + dr, col - 1 + dc) in squares for dr in (0, 1) for dc in (0, 1)) == 3
                 for row in range(5) for col in range(7))
    front, back = kit.tile_face(tile, False), kit.tile_face(tile, True)
    marks = [shape for shape in front.shapes.children if isinstance(shape, Line) and shape.style == MARK_STYLE]
    assert len(marks) == wanted
    for mark in marks:
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert (int(y // s), int(x // s)) not in squares  # in the notch, off the tile
            near = min(abs(x - round(x / s) * s), abs(y - round(y / s) * s))
            assert near <= kit.BLEED - 0.15  # in the tile's own box
    assert not [shape for shape in back.shapes.children if isinstance(shape, Line) and shape.style == MARK_STYLE]


def test_the_tiles_have_42_inside_corners_on_24_tiles_and_page_one_counts_their_81_notch_cuts(pieces):
    """A notch's cuts run from the tile's box to an inside corner: an L tile has one corner and
    two cuts, the S (4D) two and four, the U (5D) two and three."""
    corners = {tile: len(kit.inside_corners(kit.tile_squares(tile))) for tile in data.TILE_IDS}
    assert sum(corners.values()) == 42 and sum(1 for count in corners.values() if count) == 24
    assert [kit.notch_cuts(tile) for tile in ("2A", "3C", "4D", "5D")] == [0, 2, 4, 3]
    assert (kit.NOTCH_CUTS, kit.NOTCHED_TILES) == (81, 24)
    assert any("the 81 short scissor cuts into the notches of 24 tiles" in step for step in kit.GUIDE.assembly)


def test_the_planting_table_is_a_rectangle_of_wood_cut_on_four_straight_cuts(pieces):
    """The box's tables are L-shaped, and the printed one was cut round the L: two scissor cuts
    each into the corner left of its leg, 8 for the four tables, for a corner that holds nothing
    a player uses. It is the L's box now, wood to its bleed, trimmed on its ticks; its photo
    markers stand where they stood on the L, so photos of either read alike."""
    from pnp import readable

    table = pieces["planting-table"]
    assert table.outline == "rect" and table.front.background == kit.TABLE_WOOD
    markers = kit.planting_table_markers()
    inside = [m.box_mm for m in markers] + [region.box_mm for region in kit.readable_regions()]
    assert len(markers) == 4 and all(min(x, y) >= 0.0 and x + w <= kit.TABLE_W and y + h <= kit.TABLE_H
                                     for x, y, w, h in inside)
    assert markers[3].box_mm[0] == kit.leg_left() + readable.INSET   # at the leg's foot, as on the L
    step = next(step for step in kit.GUIDE.assembly if step.startswith("Planting tables"))
    assert "trim each on its corner ticks" in step and "scissor" not in step
    # a table printed with the tab (layout 2) or 62 mm tall (layout 1) still reads: same regions
    earlier = {sheet.layout_version: sheet for sheet in kit.earlier_sheets()}
    assert sorted(earlier) == [1, 2] and all(sheet.regions == kit.readable_regions() for sheet in earlier.values())
    assert earlier[2].markers[3].box_mm[:2] == (readable.INSET, kit.TABLE_H - readable.INSET - kit.MARKER)


@pytest.mark.parametrize("side", ["1-3", "4"])
def test_the_gardener_walks_on_flagstones_with_gravel_between_them(side):
    """The track's spaces are stepping stones on the gravel path, 2.8 mm of it between two
    (they met 1.6 mm apart, a row of boxes), each casting a shadow the ink-saver leaves out."""
    from pnp.art import cottage_garden as art
    from pnp.model import Path

    track = sorted(space.box for space in kit.nursery_spaces(side) if space.kind == "gardener track")
    north = sorted((box for box in track if box[1] < kit.BAND), key=lambda box: box[0])
    gaps = {round(b[0] - (a[0] + a[2]), 3) for a, b in zip(north, north[1:])}
    assert gaps == {2 * kit.FLAG_INSET} and 2 * kit.FLAG_INSET >= 2.5
    shadow, stone, joints = art.flagstone(0.0, 0.0, 20.0, 10.0)
    assert isinstance(shadow, Rect) and isinstance(stone, Rect)
    assert shadow.style.decorative and not stone.style.decorative and (shadow.x, shadow.y) > (stone.x, stone.y)
    assert isinstance(joints, Path) and joints.style.decorative and len(art.flagstone(0.0, 0.0, 14.0, 14.0)) == 2  # a corner's square slab: one stone


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_takes_under_150_straight_cuts_and_page_one_says_how_many(paper):
    """156 cuts on Letter and 161 on A4 with the cats, pots, cubes (two sheets) and beehive tiles
    as six pieces and the parasol punched: as three sheets of chits (cats, pots and the parasol;
    both colours' cubes; the two beehive tiles, a strip) 143 and 147; with the aids in pairs and
    the stacked strips' sheet 180 mm long, 143 and 141. Each page of planting
    tables stays more than 60 % used (the wheelbarrow, lower than a table, prints on the page of
    the last two)."""
    from pnp.build import impose_kit
    from pnp.checks import page_use
    from pnp.cuts import count_cuts

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    cuts = count_cuts(imposition)
    assert cuts < 150
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    assert f"Cutting takes about {cuts} straight cuts" in words
    tables = {p.page for p in imposition.placements() if p.component.name == "planting-table"}
    assert len(tables) == 2 and all(page_use(sheet) > 0.6 for sheet in imposition.sheets if sheet.number in tables)


@pytest.mark.parametrize("side", ["front", "back"])
def test_the_nursery_name_plate_has_a_column_of_the_game_s_flowers_at_each_end(pieces, side):
    """The name's plate, 16 x 214 mm, was blank white above and below its words (about 100 mm):
    now a column of the box's flowers stands at each end, clear of the words."""
    face = getattr(pieces["nursery"], side)
    flowers = [shape for shape, _, _ in walk(face.shapes)
               if isinstance(shape, Icon) and shape.name.startswith("cg-flower-") and shape.size == kit.PLATE_FLOWER]
    above = [icon for icon in flowers if icon.cy < kit.NURSERY_H / 2]
    assert len(above) >= 3 and len(flowers) - len(above) >= 3
    assert len({icon.name for icon in flowers}) == len(kit.PLATE_FLOWERS)


@pytest.mark.parametrize("side", ["front", "back"])
def test_the_nursery_name_plate_stands_in_a_clipped_hedge_as_the_flowerbeds_do(pieces, side):
    """The plate was a white label on the gravel: it now stands in a hedge of the beds' green
    (bushes with a few flowers), drawn before the plate, round all four of its sides."""
    from pnp.art.cottage_garden import HEDGE_LIGHT
    from pnp.model import Path

    face = getattr(pieces["nursery"], side)
    shapes = [(shape, dx) for shape, dx, _ in walk(face.shapes)]
    plate = next(index for index, (shape, _) in enumerate(shapes) if isinstance(shape, Rect)
                 and shape.style.fill == "#FFFFFF" and shape.h > kit.NURSERY_H / 2)
    hedge = [(index, shape, dx) for index, (shape, dx) in enumerate(shapes) if isinstance(shape, Path)
             and shape.style.fill == HEDGE_LIGHT]
    assert len(hedge) == 1 and hedge[0][0] < plate
    _, bushes, dx = hedge[0]
    xs = [command[-2] + dx for command in bushes.commands if command[0] in "MC"]
    ys = [command[-1] for command in bushes.commands if command[0] in "MC"]
    box = shapes[plate][0]
    x = box.x + shapes[plate][1]
    assert min(xs) < x < x + box.w < max(xs) and min(ys) < box.y < box.y + box.h < max(ys)


@pytest.mark.parametrize("side", ["front", "back"])
def test_each_nursery_space_is_a_seed_tray_of_a_tile_s_squares_named_on_a_plant_label(pieces, side):
    """A nursery space was a plain tan tray with two seedlings in it: each is now a seed tray of
    5 x 3 soil modules a tile's square apart (a tile lies in it as on a bed), seedlings coming up
    in its bottom row, its name on a white plant label; each long slab of the path is three
    stones. All of it decoration, left out by the ink-saver build but the label and name."""
    from pnp.art import cottage_garden as art
    from pnp.model import Path

    drawn = [(shape, dx, dy) for shape, dx, dy in walk(getattr(pieces["nursery"], side).shapes)]
    trays = [(s.x + dx, s.y + dy, s.w, s.h) for s, dx, dy in drawn if isinstance(s, Rect) and s.style == art.TRAY]
    modules = [(s.x + dx, s.y + dy) for s, dx, dy in drawn if isinstance(s, Rect) and s.style == art.MODULE]
    labels = [(s.x + dx, s.y + dy, s.w, s.h) for s, dx, dy in drawn if isinstance(s, Rect) and s.style.fill == "#FFFFFF"
              and s.style.stroke == "#9A6B43"]
    names = {s.text: (s.x + dx, s.y + dy) for s, dx, dy in drawn if isinstance(s, Text) and s.text in data.NURSERY_SPACES}
    assert len(trays) == len(data.NURSERY_SPACES) == len(names) and art.MODULE.decorative
    for x, y, w, h in trays:
        inside = sorted((mx, my) for mx, my in modules if x < mx < x + w and y < my < y + h)
        columns, rows = sorted({round(mx, 3) for mx, _ in inside}), sorted({round(my, 3) for _, my in inside})
        assert len(inside) == 15 and len(columns) == 5 and len(rows) == 3
        assert all(abs(b - a - kit.TILE_SQUARE) < 1e-6 for a, b in zip(columns, columns[1:]))
        name = next(n for n, (nx, ny) in names.items() if x < nx < x + w and y < ny < y + h)
        nx, ny = names[name]
        assert any(lx < nx < lx + lw and ly < ny + 1.0 < ly + lh for lx, ly, lw, lh in labels), name
    joints = [s for s, _, _ in drawn if isinstance(s, Path) and s.style.stroke == art.FLAG_JOINT]
    slabs = [s for s, _, _ in drawn if isinstance(s, Rect) and s.style == art.FLAG_STYLE and max(s.w, s.h) >= 2 * min(s.w, s.h)]
    assert len(joints) == len(slabs) >= 16


def test_the_reference_card_lists_every_tile_and_names_every_bed_and_nursery_space(pieces):
    """The names the scorer and the app take, on one card: every tile's id beside its flower
    (to check a cut-out set is whole), and behind it every bed side's id and the nursery's
    spaces and gardener spaces."""
    card = pieces["reference-card"]
    front, back = texts(card.front), " ".join(texts(card.back)).split()
    for tile in data.TILE_IDS:
        assert front.count(tile) == 1 and data.FLOWER_TILES[tile][1] in front, tile
    names = set(data.BED_IDS) | set(data.NURSERY_SPACES) | set(data.NURSERY_SIDES["4"]["track"]) \
        | set(data.NURSERY_SIDES["1-3"]["track"])
    assert names <= set(back), sorted(names - set(back))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_reference_card_fills_the_blank_beside_a_flowerbed(paper):
    """Letter's page 7 left 90 x 90 mm bare beside the last flowerbed (71 % of it taken), A4's
    page 5 as much (69 %): the reference card, a flowerbed's size, lies there, on its two-sided
    card pages, and the kit keeps its 16 pages."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    [card] = [p for p in imposition.placements() if p.component.name == "reference-card" and p.side == "front"]
    [sheet] = [sheet for sheet in imposition.sheets if sheet.number == card.page]
    assert any(p.component.name.startswith("flowerbed") for p in sheet.placements)
    assert _taken(sheet) > 0.8 and len(imposition.sheets) == 16


def test_the_planting_table_says_what_its_black_squares_are_for_off_every_track_and_marker(pieces):
    """A cold review saw black squares on the tables with no word of what they are: a line
    beside the lower-left one says, off every space the photo reader reads and clear of every
    marker's white quiet zone, so that the markers and regions stay as they were."""
    from pnp import readable
    from pnp.checks import bounds

    [note] = [s for s, _, _ in walk(pieces["planting-table"].front.shapes)
              if isinstance(s, Text) and s.text == kit.PHOTO_NOTE]
    box = bounds(note)
    assert box is not None
    x0, y0, x1, y1 = box
    assert 0 < x0 < x1 < kit.TABLE_W and 0 < y0 < y1 < kit.TABLE_H

    def apart(other: tuple[float, float, float, float], by: float) -> bool:
        ox, oy, ow, oh = other
        return x1 + by <= ox or ox + ow + by <= x0 or y1 + by <= oy or oy + oh + by <= y0

    assert all(apart(region.box_mm, 0.0) for region in kit.readable_regions())
    assert all(apart(marker.box_mm, readable.QUIET) for marker in kit.planting_table_markers())
