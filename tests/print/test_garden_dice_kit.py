"""The Garden Dice print-and-play kit: what it holds (counts from the rulebook's component
list), that it draws the house board from the same data the scorer uses, and the built
files (manifest alignment of two-sided tiles, tiled and one-page boards, the PDF)."""
import itertools
import json
import math
import shutil
import subprocess

import numpy as np
import pytest
from pypdf import PdfReader

from pnp.checks import words as printed_words
from pnp.colors import INK, PLAYER_COLORS
from pnp.impose import impose
from pnp.kits import garden_dice as kit
from pnp.model import Icon, Line, Polygon, Rect, Text
from pnp.options import PAPERS, BuildOptions, KitOptions
from scorer.games.garden_dice import data
from tests.support.kit_builds import default_kit
from tests.support.shapes import lone_last_words, texts, walk


@pytest.fixture(scope="module")
def parts():
    return {c.name: c for c in kit.components(KitOptions())}


@pytest.fixture(scope="module")
def round_parts():
    """The kit built with --round-pieces: discs and tokens drawn for craft punches."""
    return {c.name: c for c in kit.components(KitOptions(round_pieces=True))}


def test_component_counts_match_the_box(parts):
    crop_tiles = [parts[f"tile-{crop}"] for crop in data.CROPS]
    assert sum(c.count for c in crop_tiles) == 50
    assert all(c.count == data.TILES_PER_CROP_IN_BOX and c.double_sided for c in crop_tiles)
    assert parts["bird-rabbit"].count == 4 and parts["bird-rabbit"].double_sided
    assert parts["sundial-scarecrow"].count == 4 and parts["sundial-scarecrow"].double_sided
    assert parts["rock"].count == 2
    assert parts["sun-token"].count == 4
    discs = [c for name, c in parts.items() if name.startswith("disc-")]
    assert len(discs) == 4 and sum(c.count * c.chits[0] * c.chits[1] for c in discs if c.chits) == 36
    assert parts["player-aid"].count == 4
    assert parts["board"].kind == "board" and parts["scoring-pad"].kind == "pad"


def test_tiles_show_value_name_and_side(parts):
    for crop, value in data.CROP_VALUES.items():
        tile = parts[f"tile-{crop}"]
        seed, veggie = texts(tile.front), texts(tile.back)
        assert str(value) in seed and crop.upper() in seed and "SEEDS" in seed
        assert str(value) in veggie and crop.capitalize() in veggie
        icons = [s.name for s, _, _ in walk(tile.back.shapes) if isinstance(s, Icon)]
        assert icons == [f"garden-dice-{crop}"]
    assert "BIRD" in texts(parts["bird-rabbit"].front) and "RABBIT" in texts(parts["bird-rabbit"].back)
    assert "SUNDIAL" in texts(parts["sundial-scarecrow"].front)
    assert "SCARECROW" in texts(parts["sundial-scarecrow"].back)


def test_discs_carry_symbol_and_letter_as_well_as_colour(parts):
    from pnp.colors import PLAYER_COLORS

    for colour in data.PLAYER_COLOURS:
        face = parts[f"disc-{colour}"].front
        assert PLAYER_COLORS[colour].letter in texts(face)
        assert PLAYER_COLORS[colour].symbol in [s.name for s, _, _ in walk(face.shapes) if isinstance(s, Icon)]


def test_a_square_disc_s_symbol_fills_its_square_and_its_letter_keeps_clear_of_the_cut(parts, round_parts):
    """The square discs drew the round ones' marks: a 3.6 mm symbol in an 11 mm square. The
    symbol is 5.8 mm now, the letter 2.8 mm under it, at least pnp.checks.SAFE_MM inside the
    square's cut lines and clear of the symbol; a round disc keeps its marks inside its circle."""
    from pnp.checks import SAFE_MM, bounds

    for colour in data.PLAYER_COLOURS:
        square = kit.disc_face(colour, round_piece=False).shapes.children[0]
        icons = [s for s, _, _ in walk(square) if isinstance(s, Icon)]
        assert [icon.size for icon in icons] == [5.8]
        (_, (left, top, right, bottom)), = printed_words(square)
        assert min(left, top, kit.DISC_CELL - right, kit.DISC_CELL - bottom) >= SAFE_MM
        symbol = bounds(Icon(icons[0].name, icons[0].cx, icons[0].cy, icons[0].size))
        assert symbol is not None and symbol[1] >= SAFE_MM - 0.5 and top - symbol[3] >= 0.4
        rounded = kit.disc_face(colour, round_piece=True).shapes.children[0]
        assert [s.size for s, _, _ in walk(rounded) if isinstance(s, Icon)] == [3.6]


@pytest.mark.parametrize("round_pieces", [False, True])
def test_page_one_tells_how_to_cut_the_discs_this_build_prints(round_pieces):
    """Page 1's cutting step was one text for both builds: the square build's told of punches
    for round pieces it does not print. Each build's page 1 now names its own cuts."""
    from pnp.build import impose_kit

    options = BuildOptions(games=(kit.GAME_ID,), round_pieces=round_pieces)
    page_one = impose_kit(kit.GAME_ID, PAPERS["letter"], options).sheets[0]
    words = " ".join(" ".join(s.text for s, _, _ in walk(page_one.overlay) if isinstance(s, Text)).split())
    assert ("discs a 3/8 inch (9.5 mm) punch" in words) == round_pieces
    assert ("Discs are squares" in words) == (not round_pieces)
    assert "glass beads or buttons" in words


def test_board_draws_the_house_star_spaces_and_die_markers(parts):
    face = parts["board"].front
    stars = set()
    for shape, dx, dy in walk(face.shapes):
        if isinstance(shape, Icon) and shape.name == "star":
            x, y = shape.cx + dx, shape.cy + dy
            if not (0 < x - kit.GARDEN_X < kit.GARDEN and 0 < y - kit.GARDEN_Y < kit.GARDEN):
                continue  # the star in the note beside the garden
            stars.add((int((y - kit.GARDEN_Y) // kit.CELL) + 1, int((x - kit.GARDEN_X) // kit.CELL) + 1))
    assert stars == set(data.STAR_SPACES)
    assert parts["board"].width_mm >= kit.GARDEN + 2 * kit.TRACK_CELL
    assert kit.CELL > kit.TILE  # a tile fits its space


def test_track_runs_0_to_99_and_the_aid_explains_laps(parts):
    numbers = {t for t in texts(parts["board"].front) if t.isdigit()}
    assert {str(n) for n in range(data.TRACK_SPACES)} <= numbers
    aid = " ".join(texts(parts["player-aid"].back))
    assert f"+{data.TRACK_SPACES} lap token" in aid
    assert parts["lap-token"].count == data.LAP_TOKENS


def test_discs_are_a_craft_punch_size_that_fits_the_track_spaces_they_mark_the_score_on(round_parts):
    """The discs were 9 mm for a 10 mm track space, and no punch cuts 9 mm: the page asked for
    scissors round 36 small circles. Built round, they are a 3/8 inch punch now (9.525 mm)."""
    from pnp.checks import FIT_CLEARANCE_MM
    from pnp.parts import PUNCH_GAP_MM

    disc = round_parts["disc-green"]
    from pnp.parts import PUNCHES_MM, punch

    assert disc.footprint == (kit.DISC, kit.DISC)
    assert abs(kit.DISC - 25.4 * 3 / 8) < 1e-9 and punch(kit.DISC).startswith("3/8 inch")
    assert PUNCHES_MM["3/8 inch"] == kit.DISC  # what pnp.checks.unpunchable_rounds holds every kit's circles to
    # its square, cut on the lines without a punch, is half a tile (PUNCH_GAP_MM wider at
    # least) and fits as well
    assert disc.chits is not None
    square = disc.width_mm / disc.chits[0]
    assert square == disc.height_mm == kit.TILE / 2 >= kit.DISC + PUNCH_GAP_MM
    assert square + FIT_CLEARANCE_MM <= kit.TRACK_CELL
    assert "discs a 3/8 inch (9.5 mm) punch" in " ".join(kit.GUIDE.round_assembly)
    # the sun and lap tokens were 22 and 18 mm, sizes no punch cuts: a 3/4 inch punch now
    assert "sun and lap tokens a 3/4 inch (19 mm) punch" in " ".join(kit.GUIDE.round_assembly)
    assert round_parts["sun-token"].footprint == round_parts["lap-token"].footprint == (kit.SUN_TOKEN,) * 2


def test_discs_and_tokens_are_squares_cut_on_lines_unless_built_round(parts, round_parts):
    """The review asked for square discs and tokens by default, cut with straight cuts (a player
    with scissors cut 44 circles: 36 discs, 8 tokens), round ones for craft punches an option.
    By default no disc or token draws a cut circle, a disc is its 11 mm square (1 mm to spare
    on a 12 mm track space) and a token its 22 mm cell on the tiles' grid; --round-pieces
    draws the circles again."""
    from pnp.checks import FIT_CLEARANCE_MM
    from pnp.model import Circle

    def cut_circles(component):
        return [s for s, _, _ in walk(component.front.shapes)
                if isinstance(s, Circle) and s.style.stroke == INK and s.style.stroke_width == 0.2]

    for name in ("disc-green", "sun-token", "lap-token"):
        assert cut_circles(parts[name]) == [] and parts[name].outline == "rect"
        assert cut_circles(round_parts[name])
    assert not parts["disc-green"].round_chits and round_parts["disc-green"].round_chits
    assert parts["disc-green"].footprint == (kit.DISC_CELL, kit.DISC_CELL)
    assert kit.DISC_CELL + FIT_CLEARANCE_MM <= kit.TRACK_CELL
    assert round_parts["sun-token"].outline == "circle"


def test_discs_are_two_sided_alike_so_a_disc_turned_over_still_shows_its_owner(parts, round_parts):
    """Discs printed on one side only: one turned over on a tile or the track was a plain grey
    square. Each strip has a back, the same face (its symbol and letter on its colour)."""
    for pieces in (parts, round_parts):
        for colour in data.PLAYER_COLOURS:
            disc = pieces[f"disc-{colour}"]
            assert disc.back is disc.front and disc.front.background == PLAYER_COLORS[colour].hex


def test_track_spaces_leave_room_for_the_discs_of_players_sharing_one(parts):
    """On 10.1 mm spaces a 3/8 inch disc had 0.6 mm to spare: the discs of players on one
    space could only be stacked dead on top of each other. 12 mm spaces leave 2.5 mm, so a
    stack is fanned a little and each colour shows; the loop still has 100 spaces."""
    track = [space.box for space in parts["board"].spaces if space.kind == "track"]
    assert len(track) == data.TRACK_SPACES
    assert min(min(w, h) for _, _, w, h in track) >= 12.0 - 1e-6
    assert min(min(w, h) for _, _, w, h in track) - kit.DISC >= 2.4


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_tile_token_and_disc_prints_on_one_two_sided_sheet_of_card(paper):
    """Letter once spent a second two-sided sheet of card on 12 tiles, the tokens and the
    discs (29 % and 18 % of it used); with 24 mm tiles all of them fit one sheet, both papers."""
    imposition = impose(kit.components(KitOptions()), PAPERS[paper])
    pieces = {"tile", "token", "marker"}
    pages = {placed.page for placed in imposition.placements() if placed.component.kind in pieces}
    assert len(pages) == 2 and max(pages) == min(pages) + 1


def test_discs_carry_their_colour_into_the_bleed(parts):
    """A disc was white round its coloured circle: a punch a little off centre showed white."""
    from pnp.colors import PLAYER_COLORS

    for colour in data.PLAYER_COLOURS:
        assert parts[f"disc-{colour}"].front.background == PLAYER_COLORS[colour].hex


def test_player_aid_pictures_every_action_with_an_icon_and_its_dice(parts):
    aid = parts["player-aid"]
    assert aid.double_sided and aid.count == data.PLAYER_AIDS
    words = texts(aid.front)
    icons = [s.name for s, _, _ in walk(aid.front.shapes) if isinstance(s, Icon)]
    actions = kit.aid_actions()
    assert len(actions) == 7
    for icon, _, name, _, _ in actions:
        assert name in words and icon in icons
    # the dice an action costs are drawn as dice: a 6 shows six pips, signs sit on blank dice
    flip = dict((name, cost) for _, _, name, cost, _ in actions)
    assert flip["Flip a special tile"] == (data.SIX,)
    assert flip["Remove a critter"] == ("row", "col", data.SIX)
    assert words.count("row") == 2 and words.count("col") == 2
    back = " ".join(texts(aid.back))
    for note in ("Sundial", "Sun token", "Score track", "Game end"):
        assert note in back
    assert f"+{data.SET_BONUS} per set" in back


def test_scoring_pad_is_four_sheets_to_a_page(parts):
    pad = parts["scoring-pad"]
    assert pad.count == 4
    words = texts(pad.front)
    for row in ("Track", "Leftover seeds", "Sets", "Collections", "Sun token", "Total", "Tie-breaker"):
        assert row in words
    placements = [p for p in manifest_for(parts, "letter")["placements"] if p["component"] == "scoring-pad"]
    assert len(placements) == 4 and len({p["page"] for p in placements}) == 1


def test_each_player_has_a_name_box_beside_their_symbol(parts):
    """The names went in 10.75 x 9 mm cells over the score columns: too small to write a name.
    Each player's symbol now stands beside a box of 30 x 8 mm or more."""
    pad = parts["scoring-pad"]
    boxes = [(s.x + dx, s.y + dy, s.w, s.h) for s, dx, dy in walk(pad.front.shapes)
             if isinstance(s, Rect) and s.w >= 30 and s.h >= 8 and s.h < 15]
    for colour in data.PLAYER_COLOURS:
        player = kit.PLAYER_COLORS[colour]
        symbols = [(s.cx + dx, s.cy + dy) for s, dx, dy in walk(pad.front.shapes)
                   if isinstance(s, Icon) and (s.name, s.color) == (player.symbol, player.hex)]
        beside = [box for box in boxes for sx, sy in symbols if box[1] < sy < box[1] + box[3] and 0 < box[0] - sx < 6]
        assert len(beside) == 1, colour


@pytest.mark.parametrize("paper,sheets", [("letter", 4), ("a4", 4), ("a3", 8), ("tabloid", 8)])
def test_the_score_pad_fills_its_page(parts, paper, sheets):
    """On A3 the four score sheets used 39 % of their page: a pad fills its page with sheets."""
    imposition = impose(list(parts.values()), PAPERS[paper])
    placed = [p for p in imposition.placements() if p.component.name == "scoring-pad"]
    assert len(placed) == sheets and len({p.page for p in placed}) == 1
    page = imposition.sheets[placed[0].page - 1]
    used = sum(p.rect[2] * p.rect[3] for p in placed) / (page.width_mm * page.height_mm)
    assert used > 0.7, used


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_tile_sheet_has_no_blank_space_where_the_colour_changes(parts, paper):
    """Each crop's ten tiles ended a row a tile's space short of the next crop's (kept apart
    for their colours): five blank squares on the sheet. Every tile has a cream rim, so the
    rows run on from one crop to the next and only the last row of tiles is short."""
    imposition = impose(list(parts.values()), PAPERS[paper])
    tiles = [p for p in imposition.placements() if p.component.kind == "tile" and p.side == "front"]
    rows: dict[float, list[float]] = {}
    for placed in tiles:
        rows.setdefault(round(placed.rect[1], 1), []).append(placed.rect[0])
    widths = [len(lefts) for _, lefts in sorted(rows.items())]
    assert all(width == max(widths) for width in widths[:-1]), widths
    assert all(round(b - a, 2) == kit.TILE for lefts in rows.values() for a, b in zip(sorted(lefts), sorted(lefts)[1:]))


def manifest_for(parts, paper):
    return impose(list(parts.values()), PAPERS[paper]).manifest(data.GAME_ID)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_two_sided_tiles_have_aligned_backs(parts, paper):
    manifest = manifest_for(parts, paper)
    page_w = manifest["paper"]["width_mm"]
    placed: dict[tuple[str, int], dict[str, dict]] = {}
    for p in manifest["placements"]:
        placed.setdefault((p["component"], p["copy"]), {})[p["side"]] = p
    two_sided = [c for c in manifest["components"] if c["double_sided"]]
    # tiles, the sun and lap tokens (alike on both sides, so they share the tiles' cuts), the
    # players' disc strips and the aids
    assert sum(c["count"] for c in two_sided) == 50 + 4 + 4 + 2 + data.SUN_TOKENS + data.LAP_TOKENS + \
        len(data.PLAYER_COLOURS) + data.PLAYER_AIDS
    for c in two_sided:
        for copy in range(1, c["count"] + 1):
            front, back = placed[(c["name"], copy)]["front"], placed[(c["name"], copy)]["back"]
            assert back["page"] == front["page"] + 1
            assert back["x_mm"] == pytest.approx(page_w - front["x_mm"] - front["width_mm"])
            assert back["y_mm"] == pytest.approx(front["y_mm"])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_board_is_tiled_over_home_printer_pages(parts, paper):
    tiles = [p for p in manifest_for(parts, paper)["placements"] if p["component"] == "board"]
    assert len(tiles) >= 2 and all("tile" in p for p in tiles)
    assert len({p["page"] for p in tiles}) == len(tiles)


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_board_is_whole_on_a3_and_tabloid(parts, paper):
    whole = [p for p in manifest_for(parts, paper)["placements"] if p["component"] == "board"]
    assert len(whole) == 1 and "tile" not in whole[0]
    assert sorted((whole[0]["width_mm"], whole[0]["height_mm"])) == [pytest.approx(kit.BOARD_H, abs=1e-3),
                                                                      pytest.approx(kit.BOARD_W, abs=1e-3)]


def test_built_pdf_matches_the_manifest(tmp_path_factory):
    built = default_kit(tmp_path_factory, "garden-dice")
    manifest = json.loads((built / "letter" / "garden-dice" / "manifest.json").read_text())
    reader = PdfReader(built / "letter" / "garden-dice.pdf")
    pages = max(p["page"] for p in manifest["placements"])
    assert len(reader.pages) == pages
    assert len(list((built / "letter" / "garden-dice").glob("p*.svg"))) == pages
    width_pt = float(reader.pages[0].mediabox.width)
    assert width_pt == pytest.approx(215.9 / 25.4 * 72, abs=0.5)
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Your turn" in text and "SQUASH" in text


def test_the_aid_gives_the_eating_rules():
    from pnp.kits import garden_dice
    from tests.support.shapes import texts

    words = " ".join(texts(garden_dice.aid_back()))
    assert "Eating" in words and "Swallow it" in words and "spit the seeds" in words
    assert "One tile per opponent a turn." in words


def test_the_aid_says_each_action_in_whole_words():
    """The watering line once ended 'touching seeds worth less turn too, and on': a reviewer
    read it as cut off. Each action's words end on a whole clause, not on a joining word."""
    for _, _, action, _, words in kit.aid_actions():
        assert words.split()[-1].strip(",;") not in {"and", "on", "or", "to", "too"}, (action, words)
    water = next(words for _, _, action, _, words in kit.aid_actions() if action == "Water a seed")
    assert "each touching seed worth less" in water and "chain" in water


def _seam(sheet):
    """The seam of a board in two hinged halves, as a line on its page: the first half's
    right edge, the second's left edge (both trimmed there)."""
    (x, y, w, h), (_, col) = sheet.placements[0].rect, sheet.placements[0].tile
    at = x + w if col == 1 else x
    return (at, y), (at, y + h)


def _straddles(box, seam) -> bool:
    (x1, y1), (x2, y2) = seam
    x0, y0, x3, y3 = box
    if x1 == x2:
        return x0 < x1 - 0.05 < x1 + 0.05 < x3 and y0 < y2 and y1 < y3
    return y0 < y1 - 0.05 < y1 + 0.05 < y3 and x0 < x2 and x1 < x3


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_board_is_two_hinged_halves_whose_seam_crosses_no_art_and_no_word(paper):
    """On Letter the board took four card sheets (39-45 % used) with three seams; then two
    190 mm portions glued on the garden's middle grid line, stiff, a seam through the garden.
    Now two 180 mm halves abut on the board's middle (between track spaces 14 and 15), the
    garden and its markers whole on the right half, taped on the back so the board folds;
    the seam cuts no picture, word or disc space and its arrows lie on no printed word."""
    from pnp.checks import flatten

    imposition = impose(kit.components(KitOptions()), PAPERS[paper])
    sheets = [sheet for sheet in imposition.sheets if sheet.placements and sheet.placements[0].component.name == "board"]
    assert [sheet.placements[0].tile for sheet in sheets] == [(1, 1), (1, 2)]
    assert [sheet.placements[0].rect[2] for sheet in sheets] == [pytest.approx(kit.BOARD_W / 2)] * 2
    garden = [space.box for space in kit.board().spaces if space.kind == "garden"]
    assert min(x for x, _, _, _ in garden) - (kit.MARKER_GAP + kit.MARKER / 2) >= kit.BOARD_W / 2 + 3.0
    for sheet in sheets:
        seams = [_seam(sheet)]
        flat = flatten(sheet)
        crossed = [type(item.shape).__name__ for item in flat.shapes
                   if item.owner == 0 and not isinstance(item.shape, (Rect, Line))
                   and any(_straddles(item.box, seam) for seam in seams)]
        crossed += [text.text for text in flat.texts if text.owner == 0 and any(_straddles(text.box, seam)
                                                                                  for seam in seams)]
        assert crossed == [], f"the seam crosses {crossed}"
        arrows = [item.box for item in flat.shapes if item.owner < 0 and isinstance(item.shape, Polygon)]
        assert len(arrows) == 4  # two arrows (on a halo each) at the seam's ends
        covered = [text.text for text in flat.texts if text.owner == 0 for box in arrows
                   if box[0] < text.box[2] and text.box[0] < box[2] and box[1] < text.box[3] and text.box[1] < box[3]]
        assert covered == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_round_pieces_are_drawn_at_their_punch_size_and_distinct_colours_6_mm_apart_as_drawn(paper):
    """The review measured the player discs and the gutter between the green and the red
    (and blue, yellow) discs under their sizes: the cut circle's ink was centred on the trim
    circle, so a 3/8 inch disc was drawn 9.78 mm across and the 6.0 mm gutter between colours
    was 5.75 mm from ink to ink. Measured on the drawn page: every round piece's cut line is
    its punch's size across, and discs of different colours are 6 mm apart at least."""
    from pnp.checks import flatten
    from pnp.colors import distinct
    from pnp.model import Circle

    imposition = impose(kit.components(KitOptions(round_pieces=True)), PAPERS[paper])
    sheet = next(sheet for sheet in imposition.sheets
                 if any(placed.component.name == "disc-red" for placed in sheet.placements))
    cut_line = kit.round_outline(kit.DISC).style.stroke_width
    drawn: list[tuple[int, tuple[float, float, float, float]]] = []
    for item in flatten(sheet).shapes:  # every cut circle, a disc strip's nine too
        if item.owner >= 0 and isinstance(item.shape, Circle) and item.style.stroke == kit.INK and \
                item.style.stroke_width == cut_line:
            drawn.append((item.owner, item.box))

    def punched(component):  # the circle's size: a disc's punch cell is a little wider
        return min(component.footprint or (component.width_mm,))

    assert {punched(sheet.placements[owner].component) for owner, _ in drawn} == {25.4 * 3 / 8, 25.4 * 3 / 4}
    for owner, (x0, y0, x1, y1) in drawn:
        component = sheet.placements[owner].component
        assert x1 - x0 == pytest.approx(punched(component), abs=0.01) == pytest.approx(y1 - y0, abs=0.01)
    discs = [(box, sheet.placements[owner].face.background) for owner, box in drawn
             if sheet.placements[owner].component.kind == "marker"]
    assert len(discs) == 36
    gaps = []
    for (a, colour), (b, other) in itertools.combinations(discs, 2):
        if distinct(colour, other):
            dx, dy = max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0)
            gaps.append(math.hypot(dx, dy))
    assert min(gaps) >= 6.0 - 1e-6


SAFE_MM = 2.5    # a tile's art and words keep this far inside its cut, unless art runs on past it
WORD_GAP_MM = 0.3


def _tile_drawing(paper):
    """Every tile face as imposed: (piece, trim box, its drawn shapes, its lines of text)."""
    from pnp.build import impose_kit
    from pnp.checks import flatten

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    for sheet in imposition.sheets:
        flat = flatten(sheet)
        for index, placed in enumerate(sheet.placements):
            if placed.component.kind == "tile":
                x, y, w, h = placed.rect
                yield (f"{placed.component.name} {placed.side}", (x, y, x + w, y + h),
                       [shape for shape in flat.shapes if shape.owner == index],
                       [text for text in flat.texts if text.owner == index])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tile_art_and_words_keep_2_5_mm_inside_the_cut_or_run_past_it(paper):
    """The seed packet's sides and foot came within 1.1-1.8 mm of the 22 mm cut, the value
    badge 1.5 mm, the bird's clouds 0.7 mm: a cut a little off ran along the art's edge. Art
    either keeps SAFE_MM inside the cut or runs on past it into the bleed (the soil); words
    always keep SAFE_MM inside."""
    near = set()
    for name, (x0, y0, x1, y1), shapes, lines in _tile_drawing(paper):
        for box, words in [(shape.box, False) for shape in shapes] + [(text.box, True) for text in lines]:
            for inset in (box[0] - x0, box[1] - y0, x1 - box[2], y1 - box[3]):
                if inset < SAFE_MM - 1e-6 and (words or inset > 0.0):
                    near.add((name, round(inset, 2)))
    assert sorted(near) == []


@pytest.mark.parametrize("paper", ["letter"])
def test_tile_words_keep_clear_of_the_art_round_them(paper):
    """The sundial's flowers touched the word SUNDIAL. A tile's words keep WORD_GAP_MM from
    the outline of every shape not under the plate they sit on (a name's band, the value's
    badge)."""
    touching = set()
    for name, _, shapes, lines in _tile_drawing(paper):
        for text in lines:
            plate = max((shape.order for shape in shapes if shape.order < text.order and shape.box[0] <= text.box[0]
                         and shape.box[1] <= text.box[1] and shape.box[2] >= text.box[2]
                         and shape.box[3] >= text.box[3]), default=0)
            for shape in shapes:
                if shape.order <= plate:
                    continue
                x0, y0, x1, y1 = text.box
                if shape.crosses((x0 - WORD_GAP_MM, y0 - WORD_GAP_MM, x1 + WORD_GAP_MM, y1 + WORD_GAP_MM)):
                    touching.add((name, text.text, type(shape.shape).__name__, tuple(round(v, 1) for v in shape.box)))
    assert sorted(touching) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_tile_has_bleed_on_every_side_but_the_cuts_it_shares_with_its_own_colour(paper):
    """A sundial tile kept 0.05 mm of bleed on its right: the token diagonally below it
    started 0.1 mm further right, and the two were taken to face each other sideways as
    well as up and down. A diagonal neighbour is kept apart across the wider gap only.
    Tiles meet their neighbours of one colour on one cut (the review counted two cuts
    between every two tiles, 256 cuts on Letter): there, and only there, they have none."""
    from pnp.build import impose_kit
    from pnp.impose import MIN_GUTTER_MM

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    fronts = [placed for placed in imposition.placements() if placed.side == "front"]

    def shares(placed, side: int) -> bool:
        x, y, w, h = placed.rect
        edge = (x, y, x + w, y + h)[side]
        for other in fronts:
            ox, oy, ow, oh = other.rect
            facing = (ox + ow, oy + oh, ox, oy)[side]
            along = oy < y + h and y < oy + oh if side in (0, 2) else ox < x + w and x < ox + ow
            if other is not placed and abs(facing - edge) < 0.01 and along:
                return other.component.front.edge_colour == placed.component.front.edge_colour
        return False

    thin = [(placed.page, placed.component.name, side) for placed in fronts if placed.component.kind == "tile"
            for side in range(4) if placed.bleed[side] < MIN_GUTTER_MM / 2 and not shares(placed, side)]
    assert thin == []
    shared = sum(1 for placed in fronts if placed.component.kind == "tile" for side in range(4) if shares(placed, side))
    assert shared > 80  # sides of tiles on a shared cut (none before)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_tile_row_lies_on_one_22_mm_grid_so_each_cut_runs_across_the_sheet(paper):
    """The review measured rows starting 8.95, 7.47, 19.95 and 6.98 mm in: a cut down one row's
    edge missed the next. Every tile's left edge is now a whole number of tiles from the first."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    tiles = [p for p in imposition.placements() if p.component.kind == "tile" and p.side == "front"]
    left = min(p.rect[0] for p in tiles)
    assert len(tiles) == 60
    assert {round((p.rect[0] - left) / kit.TILE, 6) % 1 for p in tiles} == {0.0}


def test_discs_are_strips_of_squares_so_scissors_do_without_the_punch(parts):
    discs = [c for c in parts.values() if c.name.startswith("disc-")]
    assert discs and all(c.chits and c.width_mm / c.chits[0] == c.height_mm < 12.0 for c in discs)
    steps = " ".join(kit.GUIDE.assembly)
    assert "Discs are squares: cut each colour's strip on its lines, 11 mm squares" in steps
    assert "repeat the duplex test on card" in kit.GUIDE.paper


def test_the_words_on_tiles_and_tokens_are_seven_points_at_least():
    """"eats seeds", "nudges dice", "if unused" and the packets' "SEEDS" were 6.5 pt, read every
    turn on a 23 mm tile. A special tile's name and note are fitted to the tile's width: only
    "SCARECROW", the rock's "blocks critters" (6.6 pt) and the scarecrow's "guards seeds" (6.97
    pt) need it."""
    from pnp import checks
    from pnp.impose import Sheet

    names = {name.upper() for name in ("bird", "rabbit", "sundial", "scarecrow", "rock")} | {"blocks critters", "guards seeds"}
    small = set()
    for piece in kit.components(KitOptions()):
        if piece.kind not in ("tile", "token"):
            continue
        for face in (piece.front, piece.back):
            if face is not None:
                flat = checks.flatten(Sheet(0, 300.0, 300.0, "front", [], face.shapes))
                small |= {(text.text, round(text.size_pt, 2)) for text in flat.texts
                          if text.size_pt < 7.0 - 0.01 and text.text not in names}
    assert not small, sorted(small)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tiles_tokens_and_discs_lie_on_one_grid_so_no_edge_is_marked_twice(paper):
    """The review saw cut ticks 1-2 mm apart where the sun tokens (a 20.4 mm pitch) met the discs
    (10.5 mm), each tick keeping its own half of the gutter (pnp.checks.doubled_marks passed
    them). Tokens now sit in tile-sized cells: every column line of the tiles and tokens is on
    the tiles' 22 mm grid. The discs are strips of half-tile cells, trimmed whole, then cut
    along their printed lines: each strip's ends and lines lie on a column line of the grid or
    DOUBLED_MARK_MM from every one. No two ticks lie end to end under 3 mm apart
    (pnp.checks.staggered_marks)."""
    from pnp import checks
    from pnp.build import impose_kit
    from pnp.impose import DOUBLED_MARK_MM

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    sheet = next(sheet for sheet in imposition.sheets if any(p.component.kind == "marker" for p in sheet.placements))
    squares = [p for p in sheet.placements if p.component.kind != "marker"]
    left = min(p.rect[0] for p in squares)
    columns = {round(x, 6) for p in squares for x in (p.rect[0], p.rect[0] + p.rect[2])}
    assert {round((x - left) / kit.TILE, 6) % 1 for x in columns} == {0.0}
    strips = [p for p in sheet.placements if p.component.kind == "marker"]
    lines = {round(p.rect[0] + k * kit.DISC_CELL, 6) for p in strips for k in range(data.DISCS_PER_PLAYER + 1)}
    apart = [min(abs(line - column) for column in columns) for line in lines]
    assert all(gap == 0.0 or gap >= DOUBLED_MARK_MM for gap in apart), sorted(apart)
    assert [str(problem) for problem in checks.staggered_marks(checks.flatten(sheet))] == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_word_the_kit_draws_in_a_box_fits_inside_its_stroke(paper):
    """The aid's "row" (5.5 mm of 7.4 pt bold) ran over both sides of its 5.6 mm die: a die
    holding a word is now as wide as the word needs (pnp.checks.text_out_of_box)."""
    from pnp import checks
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert [str(problem) for sheet in imposition.sheets
            for problem in checks.text_out_of_box(checks.flatten(sheet))] == []
    assert kit._die_mark_width("row") > kit.DIE_MARK == kit._die_mark_width(6) == kit._die_mark_width("≥")


def test_the_board_s_left_half_is_a_play_surface_not_a_page_of_rules(parts):
    """The review found the left half 60 % rules text (the turn, the notes, the final score,
    all on the aids and the pad already) over an empty band. It now holds the seed supply (a
    space for each crop's stack, on its seed side as the tiles print, its value and its veggie
    side beside it), the lap tokens' and the dice's places, the star and the special tiles in
    short and a vegetable patch: 264 words on it were 109, tile pictures' words among them."""
    board = parts["board"]
    left = [text for text, box in printed_words(board.front.shapes)
            if box[2] < kit.BOARD_W / 2 and box[1] > kit.TRACK_CELL and box[3] < kit.BOARD_H - kit.TRACK_CELL]
    assert sum(len(text.split()) for text in left) <= 120
    for heading in ("Seed supply", "Lap tokens", "Dice", "Special tiles"):
        assert heading in left
    supply = [space for space in board.spaces if space.kind == "supply"]
    laps = [space for space in board.spaces if space.kind == "token"]
    assert len(supply) == len(data.CROPS) and len(laps) == data.LAP_TOKENS
    for space in (*supply, *laps):
        x, y, w, h = space.box
        assert x + w <= kit.BOARD_W / 2 - 8.0 and w >= kit.TILE + 2.0 and h >= kit.TILE + 2.0
    assert all(x + kit.DIE_SPACE <= kit.BOARD_W / 2 - 8.0 for x, _ in kit.dice_spaces(0.0))
    panels = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Rect) and s.style.fill == kit.PANEL_FILL]
    assert panels and all(panel.x + panel.w <= kit.BOARD_W / 2 - 8.0 + 1e-6 for panel in panels)

    def drawn(shape):
        yield shape
        for child in getattr(shape, "children", ()):
            yield from drawn(child)

    pictured = {id(shape) for shape in drawn(board.front.shapes)}
    for crop in data.CROPS:
        assert id(kit.seed_face(crop).shapes) in pictured and id(kit.veggie_face(crop).shapes) in pictured


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_player_s_discs_print_as_one_strip_under_one_fill_so_no_seam_shows(paper):
    """At 400 dpi faint hairlines showed between the disc columns: each disc was a piece of its
    own, its colour a fill of its own edge to edge with the next one's on their shared cut, and
    a rasteriser leaves a seam between two abutting fills. Each player's discs are one strip,
    its colour one rectangle under all of them; the strip is cut along its printed lines."""
    imposition = impose(kit.components(KitOptions()), PAPERS[paper])
    strips = [placed for placed in imposition.placements() if placed.component.kind == "marker"
              and placed.side == "front"]
    assert sorted(placed.component.name for placed in strips) == sorted(f"disc-{c}" for c in data.PLAYER_COLOURS)
    for placed in strips:
        assert placed.component.chits == (data.DISCS_PER_PLAYER, 1)
        assert placed.rect[2] == pytest.approx(data.DISCS_PER_PLAYER * kit.DISC_CELL)


@pytest.mark.parametrize("paper, cuts, punched", [("letter", 155, 115), ("a4", 160, 120)])
def test_page_one_counts_the_cuts_of_a_player_who_punches_the_round_pieces(paper, cuts, punched):
    """Page 1's count "with the round pieces punched" went 107 -> 147 (Letter) and 152 (A4) when
    the discs became strips of chits: it counted the 8 lines of each player's strip, which a
    player with a 3/8 inch punch never cuts. Such a player frees each strip from the sheet (a
    small punch reaches a disc from the strip's edge) and punches its nine discs; the sun and
    lap tokens are punched from the offcuts the tiles leave. Built square (the default), the
    same straight cuts free every piece, no circle left to cut, and page 1 names no punch."""
    from pnp.build import impose_kit
    from pnp.cuts import count_cuts

    def page_one(imposition):
        return " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay)
                                 if isinstance(s, Text)).split())

    built = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,), round_pieces=True))
    assert (count_cuts(built), count_cuts(built, punched=True)) == (cuts, punched)
    assert f"Cutting takes about {cuts} straight cuts ({punched} with the round pieces punched)" in page_one(built)
    square = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert count_cuts(square) == count_cuts(square, punched=True) == cuts
    assert f"Cutting takes about {cuts} straight cuts:" in page_one(square)


def test_no_line_of_the_aid_leaves_one_word_alone_under_a_fuller_one(parts):
    """"Place a tile" ended on a lone "rock" and "Flip a special tile" on a lone "back": every
    wrapped text of the aid's two sides ends on two words at least."""
    aid = parts["player-aid"]
    assert lone_last_words(aid.front) + lone_last_words(aid.back) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_aid_s_brown_header_runs_into_bleed_above_its_cut(paper):
    """The aids' rows met on one cut, so a header starting at the cut showed a cream sliver on
    a cut a little low, and bleeding it helped only the top row: the aid is 127.5 mm tall and
    every aid, either row, either side, has 1.5 mm of bleed above it at least, its header's
    brown drawn through it and past its sides."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    aids = [placed for sheet in imposition.sheets for placed in sheet.placements
            if placed.component.name == "player-aid"]
    assert len(aids) == 2 * data.PLAYER_AIDS and len({placed.rect[1] for placed in aids}) == 2  # two rows
    assert min(placed.bleed[1] for placed in aids) >= 1.5
    aid = aids[0].component
    assert aid.back is not None
    for face in (aid.front, aid.back):
        header = next(s for s, _, _ in walk(face.shapes) if isinstance(s, Rect) and s.style.fill == kit.FENCE)
        assert (header.x, header.y, header.x + header.w) == (-kit.AID_BLEED, -kit.AID_BLEED, kit.AID_W + kit.AID_BLEED)


def test_the_guide_offers_counters_for_discs_that_fit_a_track_space_as_a_disc_does(parts):
    """A build that cuts no discs: the guide names the counters that stand in for them (nine of
    each colour) and their sizes, the largest leaving a track space the room a fitted piece
    keeps (pnp.checks.FIT_CLEARANCE_MM), the smallest no smaller than a third of the space."""
    from pnp.checks import FIT_CLEARANCE_MM

    low, high = kit.STAND_IN_MM
    track = min(min(space.box[2:]) for space in parts["board"].spaces if space.kind == "track")
    assert high + FIT_CLEARANCE_MM <= track and low >= track / 3
    assert low <= kit.DISC <= high  # the punched disc is one of them
    step = next(step for step in kit.GUIDE.assembly if step.startswith("Discs are squares"))
    assert f"Or cut no discs and take {data.DISCS_PER_PLAYER} glass beads or buttons a colour, {low:g} to {high:g} mm across" in step


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
def test_every_tile_and_token_front_is_soil_to_its_cut_not_a_pale_rim(tmp_path):
    """The review: each tile kept a 1.3 mm cream rim inside its cut (so that tiles of different
    crops could share cuts). Fronts are soil out to the bleed now, the packet or plaque on it;
    they still share their cuts, the sheet still one page. Rendered as printed, the band from
    0.3 to 1.0 mm inside every side of every tile and token front is soil-dark (the cream was
    about 240 of 255)."""
    from PIL import Image

    from pnp.build import impose_kit
    from pnp.colors import Paint
    from pnp.render_pdf import render_pdf

    imposition = impose_kit(kit.GAME_ID, PAPERS["letter"], BuildOptions(games=(kit.GAME_ID,)))
    fronts = [placed for placed in imposition.placements()
              if placed.side == "front" and placed.component.kind in ("tile", "token")]
    assert {placed.page for placed in fronts} == {3} and len(fronts) == 68
    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(render_pdf(imposition.sheets, Paint(), title=kit.TITLE))
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", "3", "-l", "3", str(pdf),
                    str(tmp_path / "sheet")], check=True, capture_output=True)
    with Image.open(tmp_path / "sheet.png") as image:
        page = np.asarray(image.convert("L"), dtype=np.float64)
    px = dpi / 25.4
    pale = []
    for placed in fronts:
        x, y, w, h = placed.rect
        bands = [(x + 4, y + 0.3, x + w - 4, y + 1.0), (x + 4, y + h - 1.0, x + w - 4, y + h - 0.3),
                 (x + 0.3, y + 4, x + 1.0, y + h - 4), (x + w - 1.0, y + 4, x + w - 0.3, y + h - 4)]
        for x0, y0, x1, y1 in bands:
            shade = page[round(y0 * px):round(y1 * px) + 1, round(x0 * px):round(x1 * px) + 1].mean()
            if shade > 180:
                pale.append((placed.component.name, round(shade)))
    assert pale == []


def test_a_tile_drawn_outside_a_build_leaves_the_next_build_in_the_kit_s_own_body_face():
    """The tiles' faces are drawn once per crop and kept, and their text records the body face
    it was made in: a tile drawn outside a build (in Vera, as a test or the app's sampler may)
    must not be handed to the next build, whose tiles are in the kit's own face."""
    from pnp.fonts import VERA, body_face_of

    def faces_of_texts() -> set[str]:
        return {shape.body for shape, _, _ in walk(kit.seed_face("carrot").shapes) if isinstance(shape, Text)}

    outside = faces_of_texts()
    with body_face_of(kit.LOOK.body):
        inside = faces_of_texts()
    assert outside == {VERA} and inside == {kit.LOOK.body}


def test_the_boards_outer_track_runs_into_the_bleed_and_no_line_lies_on_its_cut():
    """The cold review: 1 mm outside the board's trim was white (above the yellow 0, left of
    80, right of the 30-50 column, below the bottom row) and the track's brown border lay on
    the cut itself. Every coloured track cell's fill now runs BOARD_BLEED past each of its sides
    on the trim, and no stroke runs along the trim within 1.5 mm of it."""
    face = kit.board_face()
    w, h = kit.BOARD_W, kit.BOARD_H
    fills = [(s.x + dx, s.y + dy, s.x + dx + s.w, s.y + dy + s.h, s.style.fill)
             for s, dx, dy in walk(face.shapes) if isinstance(s, Rect) and s.style.fill]
    cells = kit.perimeter_cells(w, h, kit.TRACK_CELL)
    bled = 0
    for x, y, cw, ch in cells:
        inside = [f for f in fills if f[0] <= x + 0.01 and f[1] <= y + 0.01 and f[2] >= x + cw - 0.01
                  and f[3] >= y + ch - 0.01 and f[4] not in (None, "#FFFFFF", kit.GRASS)]
        if not inside:
            continue  # a plain cell: white paper is its bleed
        need = (x - kit.BOARD_BLEED if x <= 0 else x, y - kit.BOARD_BLEED if y <= 0 else y,
                x + cw + kit.BOARD_BLEED if x + cw >= w else x + cw, y + ch + kit.BOARD_BLEED if y + ch >= h else y + ch)
        assert any(f[0] <= need[0] + 0.01 and f[1] <= need[1] + 0.01 and f[2] >= need[2] - 0.01
                   and f[3] >= need[3] - 0.01 for f in inside), (x, y)
        bled += 1
    assert bled == data.TRACK_SPACES // 5

    def near_trim(value: float, edge: float) -> bool:
        return 0 <= value <= 1.5 or edge - 1.5 <= value <= edge

    for s, dx, dy in walk(face.shapes):
        if isinstance(s, Rect) and s.style.stroke:
            x0, y0 = s.x + dx, s.y + dy
            assert not (near_trim(x0, w) or near_trim(x0 + s.w, w) or near_trim(y0, h) or near_trim(y0 + s.h, h)), s
        if isinstance(s, Line) and s.style.stroke:
            if abs(s.y1 - s.y2) < 1e-6:
                assert not near_trim(s.y1 + dy, h), s
            if abs(s.x1 - s.x2) < 1e-6:
                assert not near_trim(s.x1 + dx, w), s
