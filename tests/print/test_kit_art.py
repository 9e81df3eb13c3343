"""Each game's own look, read back from the printed files: its display and body faces embedded
(as subsets) in the PDF and named in the SVG, measured with their own glyphs' metrics, a drawn flower for every Cottage Garden species on
its tiles, three poses per Garden Variety critter, the same drawings in PDF and SVG, and an
ink-saver build that stays light."""
from __future__ import annotations

import struct
import subprocess
from io import BytesIO
from pathlib import Path
from typing import cast

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from pnp.art.critters import POSES, wildflower_icon
from pnp.art.flowers import SPECIES, species_icon
from pnp.art.looks import Look, look
from pnp.art.shapes import LABEL_MM
from pnp.build import impose_kit
from pnp.colors import Paint, ink_saver_style
from pnp.fonts import BODY_FACES, DISPLAY_FACES, FACES_FOLDER, VERA, pdf_font
from pnp.frontmatter import front_sheet
from pnp.icons import icon_group
from pnp.impose import impose
from pnp.kits import available_kits, cottage_garden, garden_variety, harvest_dice, load_kit
from pnp.model import Group, Icon, Shape, Style, Text
from pnp.model import Path as PathShape
from pnp.options import PAPERS, BuildOptions, KitOptions
from pnp.render_pdf import PdfPainter, render_pdf
from pnp.render_svg import SvgPainter, render_sheet_svg
from pnp.text import layout_lines
from scorer.games import CATALOGUE
from scorer.games.cottage_garden import data as cottage_data
from tests.print.test_pnp_render import _same, pdf_records, svg_records


def rendered(sheets, paint: Paint = Paint()) -> tuple[PdfReader, list[str]]:
    painter = SvgPainter(paint)
    return PdfReader(BytesIO(render_pdf(sheets, paint))), [render_sheet_svg(sheet, painter) for sheet in sheets]


def shapes_of(shape: Shape):
    if isinstance(shape, Group):
        for child in shape.children:
            yield from shapes_of(child)
    else:
        yield shape


def first_path(icon: Icon) -> PathShape:
    """The first path of an icon's drawing: what the renderers write for it identifies it."""
    return next(s for s in shapes_of(icon_group(icon.name, icon.size, icon.color)) if isinstance(s, PathShape))


def drawn_in_svg(path: PathShape, svg: str) -> bool:
    written = SvgPainter(Paint()).path(path).tostring()
    return written[written.index(' d="'):written.index('"', written.index(' d="') + 4) + 1] in svg


def drawn_in_pdf(path: PathShape, content: bytes) -> bool:
    operators = PdfPainter(None, Paint()).ops(path)  # paths never touch the canvas
    return operators.split("\n")[-1].encode() in content


def page_contents(reader: PdfReader) -> list[bytes]:
    return [contents.get_data() for page in reader.pages if (contents := page.get_contents()) is not None]


# --- Cottage Garden: a flower per species ------------------------------------------------------

@pytest.fixture(scope="module")
def flower_tiles():
    imposition = impose(cottage_garden.flower_tiles(), PAPERS["letter"])
    return (imposition, *rendered(imposition.sheets))


def test_every_species_has_its_own_drawing():
    assert set(SPECIES) == {species for _, species, _, _ in cottage_data.FLOWER_TILES.values()}
    drawings = {repr(icon_group(species_icon(species), 13.0, "#CC79A7")) for species in SPECIES}
    assert len(drawings) == len(SPECIES)


def test_each_tile_shows_its_species_on_both_sides_with_its_id_small_in_a_corner():
    for tile, (_, species, colour, _) in cottage_data.FLOWER_TILES.items():
        for turned_over in (False, True):
            shapes = list(shapes_of(cottage_garden.tile_face(tile, turned_over).shapes))
            flowers = [s for s in shapes if isinstance(s, Icon) and s.name == species_icon(species)]
            plain = sum(1 for _, _, letter in cottage_data.oriented_squares(tile) if letter not in "PC")
            assert len(flowers) == max(plain, 1), f"tile {tile}"
            assert all(f.color == cottage_data.FLOWER_COLOURS[colour] for f in flowers)
            label = next(s for s in shapes if isinstance(s, Text) and s.text == tile)
            square = cottage_garden.TILE_SQUARE
            in_corner = label.x % square < square / 3 and label.y % square < square / 3
            assert label.size <= LABEL_MM and in_corner, f"tile {tile}: the id is not small in a corner"


def test_each_species_drawing_is_printed_on_its_tiles_page_in_pdf_and_svg(flower_tiles):
    imposition, reader, svgs = flower_tiles
    contents = page_contents(reader)
    drawn = set()
    for index, sheet in enumerate(imposition.sheets):
        for placed in sheet.placements:
            for species in {s.name for s in shapes_of(placed.face.shapes) if isinstance(s, Icon)} & \
                    {species_icon(species) for species in SPECIES}:
                flower = next(s for s in shapes_of(placed.face.shapes) if isinstance(s, Icon) and s.name == species)
                path = first_path(flower)
                assert drawn_in_svg(path, svgs[index]), f"{species} missing from SVG page {index + 1}"
                assert drawn_in_pdf(path, contents[index]), f"{species} missing from PDF page {index + 1}"
                drawn.add(species)
    assert drawn == {species_icon(species) for species in SPECIES}


def test_the_tiles_look_the_same_in_pdf_and_svg(flower_tiles):
    _, reader, svgs = flower_tiles
    for index, svg in enumerate(svgs):
        from_svg, from_pdf = svg_records(svg), pdf_records(reader, index)
        assert len(from_svg) == len(from_pdf) > 300  # (a page of tile strips: 364 and more)
        for number, (a, b) in enumerate(zip(from_svg, from_pdf)):
            assert _same(a, b), f"page {index + 1}, shape {number}: SVG {a} != PDF {b}"


# --- Garden Variety: several poses per critter ------------------------------------------------

@pytest.fixture(scope="module")
def deck():
    imposition = impose_kit("garden-variety", PAPERS["letter"], BuildOptions(games=("garden-variety",)))
    return (imposition, *rendered(imposition.sheets))


def test_a_colours_critters_come_in_every_pose_and_wildflowers_vary(deck):
    imposition = deck[0]
    pictures: dict[str, set[str]] = {}
    for component in imposition.components:
        if component.name.startswith("critter-"):
            colour = component.name.split("-")[1]
            animal = garden_variety.ANIMAL_ICONS[colour]
            pictures.setdefault(colour, set()).update(
                s.name for s in shapes_of(component.front.shapes) if isinstance(s, Icon) and s.name.startswith(animal))
    assert set(pictures) == set(garden_variety.CRITTER_COLORS)
    for colour, names in pictures.items():
        assert len(names) == POSES, f"{colour}: {sorted(names)}"
    wildflowers = [component for component in imposition.components if component.name.startswith("wildflower-")]
    flowers = {s.name for component in wildflowers
               for s in shapes_of(component.front.shapes) if isinstance(s, Icon) and s.size > 20}
    assert len(flowers) == len(wildflowers) == 4, sorted(flowers)  # the box's 1, 4, 6 and 9: one flower each


def test_every_wildflower_number_has_a_flower_of_its_own():
    """Three flowers took turns by pairs of numbers, so the box's wildflowers 1 and 6 showed the
    same one (a cold reviewer: "drawn for only some values"): every number 1-9 has its own."""
    flowers = [wildflower_icon("gv-wildflower", number) for number in range(1, 10)]
    assert len(set(flowers)) == 9, flowers
    assert flowers[0] == "gv-wildflower"


def test_every_pose_is_printed_in_pdf_and_svg(deck):
    _, reader, svgs = deck
    every_svg, every_pdf = "".join(svgs), b"".join(page_contents(reader))
    for colour in garden_variety.ANIMAL_ICONS:
        for number in range(1, POSES + 1):
            path = first_path(garden_variety.critter_picture(colour, number))
            assert drawn_in_svg(path, every_svg) and drawn_in_pdf(path, every_pdf), (colour, number)


# --- display faces ------------------------------------------------------------------------------

def embedded_fonts(reader: PdfReader) -> dict[str, int]:
    """Base font name -> size of its embedded font program, over every page."""
    fonts: dict[str, int] = {}
    for page in reader.pages:
        resources = cast(DictionaryObject, page["/Resources"])
        for font in cast(DictionaryObject, resources["/Font"]).values():
            font = font.get_object()
            program = font["/FontDescriptor"]["/FontFile2"].get_object()
            fonts[str(font["/BaseFont"])] = len(program.get_data())
    return fonts


@pytest.mark.parametrize("game,title", [("harvest-dice", "Harvest Dice"), ("garden-variety", "Garden Variety")])
def test_the_display_face_is_embedded_as_a_subset_and_named_in_the_svg(game, title, deck):
    if game == "garden-variety":
        imposition, reader, svgs = deck
    else:
        imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
        reader, svgs = rendered(imposition.sheets)
    face = DISPLAY_FACES[look(title).face]
    postscript = face.file.removesuffix(".ttf")
    fonts = embedded_fonts(reader)
    subsets = {name: size for name, size in fonts.items() if name.endswith("+" + postscript)}
    assert subsets, f"{postscript} not embedded; fonts: {sorted(fonts)}"
    assert all(name[1:7].isupper() and name[7] == "+" for name in subsets)  # the subset tag: /AAAAAA+
    assert max(subsets.values()) < (FACES_FOLDER / face.file).stat().st_size * 0.8  # only the glyphs used
    assert f'font-family="{face.svg_family}"' in "".join(svgs)


@pytest.mark.parametrize("game,title", [("harvest-dice", "Harvest Dice"), ("garden-variety", "Garden Variety")])
def test_the_games_body_face_is_embedded_in_both_weights_and_vera_nowhere(game, title, deck):
    """Every kit once set its guide, aids, footers and card text in the same Vera: a game's
    body face is embedded, regular and bold, as subsets, and Vera not at all; the SVG names
    the body face's family on its text."""
    if game == "garden-variety":
        imposition, reader, svgs = deck
    else:
        imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
        reader, svgs = rendered(imposition.sheets)
    from reportlab.pdfbase.pdfmetrics import getFont

    body = look(title).body
    fonts = embedded_fonts(reader)
    for bold in (False, True):
        postscript = getFont(pdf_font(bold, body)).face.name.decode()
        subsets = {name: size for name, size in fonts.items() if name.split("+")[-1] == postscript}
        assert subsets, f"{postscript} not embedded; fonts: {sorted(fonts)}"
        assert max(subsets.values()) < BODY_FACES[body].file(bold).stat().st_size * 0.5  # only the glyphs used
    assert not [name for name in fonts if "Vera" in name]
    assert f'font-family="{BODY_FACES[body].svg_family}"' in "".join(svgs)


def glyph_metrics(path: Path) -> tuple[float, float]:
    """(cap height, descent) of a TrueType font as fractions of its em, read from its glyphs'
    outlines: the top of "H", the lowest of "gjpqy"."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    font = TTFontFile(str(path))
    data = path.read_bytes()
    head, loca, glyf = (font.table[tag]["offset"] for tag in ("head", "loca", "glyf"))
    units, long_offsets = struct.unpack(">H", data[head + 18:head + 20])[0], data[head + 51]

    def glyph_box(char: str) -> tuple[int, int]:
        glyph = font.charToGlyph[ord(char)]
        start = (struct.unpack(">I", data[loca + 4 * glyph:loca + 4 * glyph + 4])[0] if long_offsets
                 else 2 * struct.unpack(">H", data[loca + 2 * glyph:loca + 2 * glyph + 2])[0])
        _contours, _x0, y0, _x1, y1 = struct.unpack(">hhhhh", data[glyf + start:glyf + start + 10])
        return y0, y1

    return glyph_box("H")[1] / units, -min(glyph_box(char)[0] for char in "gjpqy") / units


@pytest.mark.parametrize("name", sorted(set(BODY_FACES) - {VERA}))
def test_each_body_face_is_laid_out_with_its_own_glyphs_metrics(name):
    """Text is placed by its face's cap height and descent ("top" text by its capitals, boxes
    round its descenders): numbers a face's own outlines bear out, in both weights."""
    face = BODY_FACES[name]
    measured = [glyph_metrics(face.file(bold)) for bold in (False, True)]
    assert face.cap_height == pytest.approx(max(cap for cap, _ in measured), abs=0.004)
    assert face.descent == pytest.approx(max(below for _, below in measured), abs=0.004)


def test_page_one_is_headed_by_the_games_wordmark():
    imposition = impose_kit("harvest-dice", PAPERS["a4"], BuildOptions(games=("harvest-dice",)))
    texts = [s for s in shapes_of(imposition.sheets[0].overlay) if isinstance(s, Text)]
    assert any(t.text == "Harvest Dice" and t.face == look("Harvest Dice").face for t in texts)


def kit_looks() -> dict[str, Look]:
    """The looks the registered games' kit modules declare as LOOK, by game id (a kit may
    have none)."""
    kits = {game: load_kit(game) for game in available_kits()}
    return {game: kit.LOOK for game, kit in kits.items() if hasattr(kit, "LOOK")}


def test_every_kits_look_is_its_games_and_every_face_ships_with_its_licence():
    assert all(look(load_kit(game).TITLE) is chosen for game, chosen in kit_looks().items())
    for face in DISPLAY_FACES.values():
        licence = FACES_FOLDER / face.licence
        assert (FACES_FOLDER / face.file).is_file(), f"{face.file} is missing from {FACES_FOLDER}"
        assert licence.is_file() and "SIL OPEN FONT LICENSE" in licence.read_text().upper(), \
            f"{face.file} ships without its licence {face.licence}"
    for body in BODY_FACES.values():
        licence = body.folder / body.licence
        assert body.file(False).is_file() and body.file(True).is_file(), f"{body.regular} or {body.bold} is missing"
        text = licence.read_text().upper() if licence.is_file() else ""
        assert "OPEN FONT LICENSE" in text or "APACHE LICENSE" in text or "BITSTREAM VERA" in text, \
            f"{body.regular} ships without its licence {body.licence}"


def _display_texts(shape: Shape) -> list[Text]:
    if isinstance(shape, Group):
        return [text for child in shape.children for text in _display_texts(child)]
    return [shape] if isinstance(shape, Text) and shape.face is not None else []


@pytest.mark.parametrize("game", list(available_kits()))
def test_every_kit_sets_its_running_text_in_its_own_body_face(game):
    """A game's display face is for its wordmark, titles, headings and names (one line of a
    few words); every sentence, rule and label, the guide page's and the footers' too, is in
    the game's body face. A rules text set in a display face is found, and so is text left
    in another body face."""
    body = kit_looks()[game].body
    imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
    trees = [tree for sheet in imposition.sheets
             for tree in (sheet.overlay, *(placed.face.shapes for placed in sheet.placements))]
    assert {text.body for tree in trees for text in shapes_of(tree) if isinstance(text, Text) and text.face is None} \
        == {body}
    for text in {id(t): t for tree in trees for t in _display_texts(tree)}.values():
        words = [word for word in text.text.split() if any(char.isalnum() for char in word)]
        assert "\n" not in text.text and len(words) <= 6 and len(layout_lines(text)) == 1, \
            f"{game}: {text.text!r} is running text in the display face {text.face}"


def test_each_game_has_a_display_face_and_an_ink_of_its_own():
    """Cottage Garden and Garden Variety once shared Cabin Sketch in one green, Garden Dice
    and Propagation Comfortaa: a kit's wordmark should tell its game at a glance."""
    looks = kit_looks().values()
    assert len({chosen.face for chosen in looks}) == len({chosen.ink for chosen in looks}) == len(looks)
    assert set(DISPLAY_FACES) == {chosen.face for chosen in looks}  # no face shipped unused
    assert len({chosen.body for chosen in looks}) == len(looks)  # and a body face of its own
    assert set(BODY_FACES) - {VERA} == {chosen.body for chosen in looks}
    assert not set(BODY_FACES) & set(DISPLAY_FACES)  # a face's name says which kind it is


def test_a_kit_without_a_look_gets_its_name_in_bold_on_page_one():
    """A look is optional: a new game's kit builds before it has a face of its own. (The
    title is one no game registers, so a new game of any name, with a look or without, leaves
    this test as it is.)"""
    title = "Windowsill Sprouts"
    assert title not in {game_title for game_title, _package in CATALOGUE.values()}
    sheet = front_sheet(title, None, impose(harvest_dice.components(KitOptions()), PAPERS["a4"], first_page=2), "long")
    heading = next(t for t in shapes_of(sheet.overlay) if isinstance(t, Text) and t.text == title)
    assert heading.bold and heading.face not in DISPLAY_FACES and heading.body == VERA


# --- the ink-saver build -----------------------------------------------------------------------

def ink(pdf: bytes, page: int, folder: Path) -> float:
    """The share of the page covered by ink, from a small greyscale rendering."""
    (folder / "page.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-gray", "-r", "20", "-f", str(page), "-l", str(page), "-singlefile",
                    str(folder / "page.pdf"), str(folder / "page")], check=True)
    raw = (folder / "page.pgm").read_bytes()
    pixels = raw.split(b"\n", 3)[3]
    return sum(255 - value for value in pixels) / (255 * len(pixels))


def test_the_ink_saver_build_prints_the_art_light(tmp_path):
    """The illustration is decoration: the ink-saver build leaves out the hedge, the gravel
    and the flowers' fills (the flowers print in outline), as the game's colours and
    symbols stay; a flowerbed page then takes far less ink."""
    from pnp.art import cottage_garden as art
    from pnp.art.flowers import petal_colours

    beds = impose(cottage_garden.flowerbeds()[:2], PAPERS["letter"]).sheets
    full = ink(render_pdf(beds, Paint()), 1, tmp_path)
    saved = ink(render_pdf(beds, Paint(ink_saver=True)), 1, tmp_path)
    assert saved < full * 0.6, f"ink-saver {saved:.3f} of the page vs {full:.3f}"
    tiles = [strip for strip in cottage_garden.flower_tiles()
             if any(isinstance(s, Text) and s.text == "1A" for s in shapes_of(strip.front.shapes))]
    pieces = [cottage_garden.nursery()] + cottage_garden.flowerbeds()[:1] + tiles
    sheets = impose(pieces, PAPERS["a3"]).sheets
    normal, light = "".join(rendered(sheets)[1]), "".join(rendered(sheets, Paint(ink_saver=True))[1])
    petals = petal_colours(cottage_data.FLOWER_COLOURS[cottage_data.FLOWER_TILES["1A"][2]])[0]
    for decoration in (art.HEDGE_LIGHT, art.GRAVEL, art.PEBBLE, petals):
        tinted = ink_saver_style(Style(fill=decoration)).fill  # what a meaningful fill would become
        assert f'fill="{decoration}"' in normal, decoration
        assert f'fill="{decoration}"' not in light and f'fill="{tinted}"' not in light, decoration


# --- Propagation: an illustrated board frame and bonus cards ---------------------------------

def test_propagations_board_and_bonus_cards_are_illustrated_alike_in_pdf_and_svg():
    """The board's bottom corners grow an apple tree and a vegetable patch, and a bonus card
    stands on a strip of tilled soil with sprouts, drawn the same in the PDF and the SVG;
    the ink-saver build leaves their fills out."""
    from pnp.art import propagation as art
    from pnp.kits import propagation

    pieces = [c for c in propagation.components() if c.name in ("board", "bonus-most-tomatoes")]
    sheets = impose(pieces, PAPERS["letter"]).sheets
    reader, svgs = rendered(sheets)
    contents = page_contents(reader)
    found = set()
    for index, sheet in enumerate(sheets):
        for placed in sheet.placements:
            drawn = [first_path(s) for s in shapes_of(placed.face.shapes) if isinstance(s, Icon)
                     and s.name.endswith("-art")]
            drawn += [s for s in shapes_of(placed.face.shapes) if isinstance(s, PathShape) and s.style.fill == art.SOIL]
            for path in drawn:
                assert drawn_in_svg(path, svgs[index]) and drawn_in_pdf(path, contents[index])
                found.add(placed.component.name)
    assert found == {"board", "bonus-most-tomatoes"}
    light = "".join(rendered(sheets, Paint(ink_saver=True))[1])
    for decoration in (art.CROWN, art.SOIL):
        assert f'fill="{decoration}"' in "".join(svgs) and f'fill="{decoration}"' not in light, decoration
