"""A kit's first page and footers, read back from real PDFs (pypdf for the words, pdftoppm
for the calibration bar), and the straight-cut count the build reports."""
from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.checks import bounds
from pnp.cuts import count_cuts, sheet_cuts
from pnp.frontmatter import (
    CALIBRATION_MM,
    CROSS_CLEAR_MM,
    DEFAULT_ASSEMBLY,
    MARGIN,
    front_sheet,
    page_ranges,
    page_stock,
)
from pnp.impose import impose
from pnp.kits import GAME_IDS, load_kit
from pnp.model import Component, Face, Group, Line, Rect, Style, Text
from pnp.options import PAPERS, KitOptions
from pnp.version import RELEASED, VERSION
from scorer.cli import main
from tests.support.kit_builds import default_kit
from tests.support.shapes import walk

GV = "garden-variety"


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory) -> Path:
    return default_kit(tmp_path_factory, GV) / "letter" / f"{GV}.pdf"


def page_texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def test_every_page_names_the_game_its_number_and_the_kit_release(kit_pdf):
    """A back page also says whose back it is, so a sheet fed the wrong way round shows."""
    texts = page_texts(kit_pdf)
    backs = {sheet.number for sheet in _kit(GV).sheets if sheet.side == "back"}
    assert 2 in backs and len(backs) > 2
    for number, text in enumerate(texts, start=1):
        back = f" (back of page {number - 1})" if number in backs else ""
        footer = f"Garden Variety · page {number} of {len(texts)}{back} · kit {VERSION}, {RELEASED}"
        assert footer in text, f"page {number} lacks its footer"


def _kit(game: str, paper: str = "letter", **options):
    from pnp.build import impose_kit
    from pnp.options import BuildOptions

    return impose_kit(game, PAPERS[paper], BuildOptions(games=(game,), **options))


def test_two_sided_pages_are_one_print_run_after_a_duplex_test_page(kit_pdf):
    """Page 2 is page 1's back and the duplex test; every two-sided page of pieces follows in
    one run, so printing that run two-sided pairs each back with its front."""
    imposition = _kit(GV)
    backs = [sheet.number for sheet in imposition.sheets if sheet.side == "back"]
    run = sorted({*backs, *(back - 1 for back in backs)} - {1, 2})
    assert run == list(range(3, run[-1] + 1))  # one range, after the test sheet
    one_sided = list(range(run[-1] + 1, len(imposition.sheets) + 1))
    first = " ".join(page_texts(kit_pdf)[0].split())
    assert ("First print pages 1-2 two-sided on plain paper, flipping on the long edge: page 2 is a duplex "
            "test." in first)
    two_sided = (f"Then print pages 3-{run[-1]} two-sided on card, flipping on the long edge (each back follows "
                 f"its front)")
    # the one-sided pages, if any, come after the run (Letter's fit on its two-sided sheets)
    assert f"{two_sided}; then one-sided page" in first if one_sided else f"{two_sided}." in first
    assert "Card too heavy to print two-sided?" in first
    test = " ".join(page_texts(kit_pdf)[1].split())
    assert "Duplex test: the back of page 1" in test
    # a printer user is told what to choose, then which version of the kit to print if that fails
    assert test.index("choose two-sided, flip on the long edge") < test.index("version made for that instead: its "
                                                                            "page 1 says to flip on the short edge")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_stickers_print_on_plain_paper_as_their_note_says(game, paper):
    """A sticker sheet's note says to print its page on plain paper: its page is a paper page
    on page 1's stock line. Cottage Garden's die stickers shared a page with its aids, which,
    cut apart in pairs, were counted as pieces on card, and page 1 sent that page to card."""
    imposition = _kit(game, paper)
    stocks = page_stock(imposition)
    pages = {sheet.number for sheet in imposition.sheets
             for placed in sheet.placements if placed.component.kind == "sticker"}
    assert {page: stocks[page] for page in pages} == dict.fromkeys(pages, "paper")


def test_two_sided_pages_of_paper_and_of_card_are_separate_runs():
    """Garden Dice's two-sided aids print on paper and its tiles on card: one run over both
    (as page 1 once asked) would feed card through a paper run or the reverse."""
    imposition = _kit("garden-dice")
    stocks = page_stock(imposition)
    backs = [sheet.number for sheet in imposition.sheets if sheet.side == "back" and sheet.number > 2]
    runs: dict[str, list[int]] = {}
    for number in sorted({*backs, *(back - 1 for back in backs)}):
        runs.setdefault(stocks[number], []).append(number)
    assert set(runs) == {"paper", "card"}
    words = " ".join(" ".join(text.text for text in _texts(imposition.sheets[0].overlay)).split())
    expected = ", ".join(f"pages {page_ranges(pages)} on {name}" for name, pages in runs.items())
    assert f"Then print the two-sided pages in one run per stock: {expected}, flipping" in words
    # its one-sided pages mix paper and card too: each named with its stock ("then pages 7-9
    # one-sided" hid that page 7 is paper and 8-9 card)
    one_sided = sorted(number for number in stocks if number > 2 and number not in backs
                       and number + 1 not in backs)
    by_stock: dict[str, list[int]] = {}
    for number in one_sided:
        by_stock.setdefault(stocks[number], []).append(number)
    assert len(by_stock) == 2, by_stock
    listed = ", ".join(f"{'page' if len(pages) == 1 else 'pages'} {page_ranges(pages)} on {name}"
                       for name, pages in by_stock.items())
    assert f"; then one-sided {listed}." in words


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_duplex_test_crosses_lie_behind_page_ones_for_the_chosen_flip(duplex):
    """Each cross on page 2, turned over on the chosen edge, lands on its letter's cross on
    page 1; turned over on the other edge, none does (the crosses are placed unevenly)."""
    imposition = _kit(GV, duplex=duplex)
    width, height = imposition.paper.width_mm, imposition.paper.height_mm

    def crosses(sheet):
        lines = [shape for shape, _, _ in walk(sheet.overlay) if isinstance(shape, Line) and shape.x1 == shape.x2]
        letters = [shape for shape, _, _ in walk(sheet.overlay) if isinstance(shape, Text) and shape.text in "ABC"]
        return {text.text: (line.x1, (line.y1 + line.y2) / 2) for text in letters for line in lines
                if abs(line.x1 - text.x) < 1e-6 and 0 < text.y - line.y2 < 1.0}

    front, back = crosses(imposition.sheets[0]), crosses(imposition.sheets[1])
    assert sorted(front) == sorted(back) == ["A", "B", "C"]
    turned = {"long": lambda x, y: (width - x, y), "short": lambda x, y: (x, height - y)}
    other = "short" if duplex == "long" else "long"
    for letter, (x, y) in back.items():
        assert turned[duplex](x, y) == pytest.approx(front[letter])
        assert turned[other](x, y) not in [pytest.approx(point) for point in front.values()]


def _is_cross(shape) -> bool:
    return isinstance(shape, Group) and any(isinstance(s, Text) and s.text in "ABC" for s in shape.children)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_nothing_on_page_one_overlaps(game, paper):
    """Every line of text and every mark of page 1 (a thumbnail in its frame, the calibration
    bar, a duplex test cross with its letter) keeps clear of every other. Cross B stood
    2.4 mm right of Garden Dice's checklist text on Letter: a back printed the few
    millimetres off that the test page is there to show put its cross on the words. Each
    cross now keeps CROSS_CLEAR_MM round it free."""
    sheet = _kit(game, paper=paper).sheets[0]
    boxes = []
    for child in sheet.overlay.children:
        box = bounds(child)
        if box is not None:
            grow = CROSS_CLEAR_MM if _is_cross(child) else 0.0
            boxes.append((getattr(child, "text", f"{type(child).__name__} at {box[0]:.1f}, {box[1]:.1f}"),
                          (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)))
    assert sum(_is_cross(child) for child in sheet.overlay.children) == 3
    overlaps = [(a, b) for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2)
                if min(box_a[2], box_b[2]) > max(box_a[0], box_b[0])
                and min(box_a[3], box_b[3]) > max(box_a[1], box_b[1])]
    assert overlaps == []


def test_the_picture_draws_every_kind_at_one_stated_scale_with_its_words_pages_and_paper():
    """Harvest Dice: the score sheet keeps its words, the die stickers and the rules summary say
    paper (the stickers glued on), the pig marker and the player cards say card."""
    imposition = _kit("harvest-dice")
    sheet = imposition.sheets[0]
    pictures = [shape for child in sheet.overlay.children if isinstance(child, Group)  # each framed
                for shape in child.children if isinstance(shape, Group) and shape.picture]
    # score sheet, rules card, player card, pig marker, sticker note, stickers, the die's net
    assert len(pictures) == 7 and len({picture.scale for picture in pictures}) == 1
    scale = round(1 / pictures[0].scale)
    words = [shape.text for shape in _texts(sheet.overlay)]
    assert any(word.startswith(f"The pieces at 1:{scale} ") for word in words)
    pictured = [shape.text for picture in pictures for shape in _texts(picture)]
    assert any("HARVEST DICE" in text.upper() for text in pictured)
    assert "p. 9 · paper" in words and [word for word in words if word.endswith("· card")] == ["p. 3 · card"] * 2
    assert "p. 5-8 · paper" in words  # the score sheets: two pages of each kind
    assert "Card of 200-300 g/m²: pages 3-4 · Plain paper of 80-100 g/m²: pages 5-9." in words
    assert "16 × score sheets: 8 basic, 8 advanced" in words


def test_the_first_page_says_how_to_print_and_what_is_in_the_kit(kit_pdf):
    first = page_texts(kit_pdf)[0]
    assert first.startswith("Garden Variety")
    assert "100 %" in first and "50 mm" in first
    reader_pages = len(PdfReader(kit_pdf).pages)
    assert f"{reader_pages} pages" in first
    guide = load_kit(GV).GUIDE
    for thing, count in guide.box_items:
        assert f"{count} × {thing}" in " ".join(first.split())
    critters = sum(c.count for c in load_kit(GV).components(KitOptions()) if c.name.startswith("critter-"))
    assert "Checklist" in first and f"{critters} × critter cards: blue, red, green, yellow" in first
    assert "gnome cards: copycat, wishing, topsy turvy, thief" in " ".join(first.split())


def test_a_kit_without_a_guide_still_gets_its_first_page():
    piece = Component("token-sun", "token", 20, 20, Face(Group.of(Rect(0, 0, 20, 20, Style(fill="#E69F00")))), count=6)
    imposition = impose([piece], PAPERS["a4"], first_page=2)
    sheet = front_sheet("Sun Game", None, imposition, "long")
    words = [shape.text for shape in _texts(sheet.overlay)]
    assert words[0] == "Sun Game"
    assert any(DEFAULT_ASSEMBLY[0] in text for text in words)
    assert "Every page is one-sided." in words and "6 × token sun" in words


def test_the_checklist_names_each_kind_once_with_its_colours_and_in_the_plural():
    art = Face(Group.of(Rect(0, 0, 7, 7, Style(fill="#E69F00"))))
    markers = [Component(f"tier-marker-{colour}", "marker", 7, 7, art, count=30) for colour in ("blue", "red")]
    aid = Component("player-aid", "aid", 100, 60, art, count=4)
    stickers = Component("die-stickers", "sticker", 100, 60, art)
    sheet = front_sheet("Marker Game", None, impose([*markers, aid, stickers], PAPERS["a4"], first_page=2), "long")
    words = [shape.text for shape in _texts(sheet.overlay)]
    assert "60 × tier markers: blue, red" in words
    assert "4 × player aids" in words and "1 × die stickers" in words


def test_the_checklist_counts_the_chits_of_a_chit_sheet_and_says_to_cut_its_lines():
    """It said '1 × cat token of 30' and listed a sticker sheet's note as a piece."""
    art = Face(Group.of(Rect(0, 0, 7, 7, Style(fill="#E69F00"))))
    sheets = [Component(f"tier-marker-sheet-{colour}", "sheet", 42, 35, art, chits=(6, 5)) for colour in ("blue", "red")]
    sheet = front_sheet("Marker Game", None, impose(sheets, PAPERS["a4"], first_page=2), "long")
    words = [shape.text for shape in _texts(sheet.overlay)]
    assert "60 tier markers (2 sheets of 30): blue, red" in words
    cats = Component("cat-token", "token", 42, 35, art, chits=(6, 5))
    note = Component("sticker-note", "sheet", 60, 10, art, cut_out=False)
    words = [shape.text for shape in _texts(front_sheet("Cat Game", None, impose([cats, note], PAPERS["a4"],
                                                                                     first_page=2), "long").overlay)]
    assert "30 cat tokens (1 sheet)" in words and not any("× sticker note" in word for word in words)
    assert any("along a sheet's printed lines" in text for text in words)


def _texts(group: Group) -> list[Text]:
    found: list[Text] = []
    for child in group.children:
        if isinstance(child, Group):
            found += _texts(child)
        elif isinstance(child, Text):
            found.append(child)
    return found


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
def test_the_calibration_bar_prints_50_mm_long(kit_pdf, tmp_path):
    """Rendered at 254 dpi (10 pixels a millimetre), the bar's dark ends are 50 mm apart."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-png", "-r", "254", "-f", "1", "-l", "1", "-singlefile", str(kit_pdf),
                    str(tmp_path / "first")], check=True)
    image = Image.open(tmp_path / "first.png").convert("L")
    width = image.width
    grey = image.tobytes()  # one byte a pixel, row after row
    left, right = round((MARGIN - 2) * 10), round((MARGIN + CALIBRATION_MM + 2) * 10)
    lengths = []
    for y in range(image.height):  # the bar's outline: pixel rows dark almost all the way along
        dark = [x for x in range(left, right) if grey[y * width + x] < 100]
        if len(dark) > 0.9 * CALIBRATION_MM * 10:
            lengths.append((dark[-1] - dark[0] + 1) / 10)
    assert lengths, "no calibration bar on the first page"
    assert lengths == [pytest.approx(CALIBRATION_MM + 0.2, abs=0.3)] * len(lengths)  # plus its 0.2 mm outline


def test_straight_cuts_follow_the_paper_trimmer():
    grid = [(10 + c * 30, 10 + r * 30, 25, 25) for r in range(3) for c in range(3)]
    assert sheet_cuts(grid, 200, 200) == 6 + 3 * 6  # six cuts across, then six down each strip
    touching = [(10 + c * 25, 10 + r * 25, 25, 25) for r in range(3) for c in range(3)]
    assert sheet_cuts(touching, 200, 200) == 4 + 3 * 4  # neighbours share their cut
    assert sheet_cuts([(5, 5, 190, 190)], 200, 200) == 4
    assert sheet_cuts([(0, 0, 200, 200)], 200, 200) == 0


def test_a_sheet_of_chits_is_trimmed_then_cut_once_along_each_printed_line():
    art = Face(Group.of(Rect(0, 0, 7, 7, Style(fill="#E69F00"))))
    chits = Component("marker-sheet", "sheet", 42, 35, art, chits=(6, 5))
    loose = Component("marker-sheet", "sheet", 42, 35, art)
    trimmed = count_cuts(impose([loose], PAPERS["a4"]))
    assert count_cuts(impose([chits], PAPERS["a4"])) == trimmed + 5 + 4
    with pytest.raises(ValueError, match="chit sheet"):
        Component("marker-sheet", "sheet", 42, 35, art, chits=(0, 5))


def test_cut_shared_takes_fewer_cuts_and_the_build_says_how_many(tmp_path, capsys):
    # (Cottage Garden: Garden Variety's cards share their cuts in every build now)
    game = "cottage-garden"
    assert main(["build", "--game", game, "--paper", "letter", "--format", "pdf", "--out", str(tmp_path)]) == 0
    assert main(["build", "--game", game, "--paper", "letter", "--format", "pdf", "--cut", "shared",
                 "--out", str(tmp_path / "shared")]) == 0
    said = re.findall(rf"built {game} \[letter\]: (\d+) pages on (\d+) sheets, (\d+) straight cuts",
                      capsys.readouterr().err)
    assert len(said) == 2
    gutters, shared = int(said[0][2]), int(said[1][2])
    assert shared < gutters
    assert count_cuts(_kit(game)) == gutters


def test_a_guide_step_naming_the_pages_of_a_piece_the_kit_lacks_is_refused():
    from pnp.frontmatter import with_pages

    imposition = _kit("cottage-garden")
    assert with_pages("pages {pages of nursery}", imposition).startswith("pages ")
    with pytest.raises(ValueError, match="'nursery-5', a piece the kit does not print"):
        with_pages("pages {pages of nursery-5}", imposition)


def test_page_one_counts_the_cuts_apart_from_the_round_pieces_a_punch_presses_out():
    """Propagation's "367 straight cuts" once counted the 130 tokens its guide said to punch
    (its tokens are square chits now); Garden Dice built with round pieces punches its discs and
    its sun and lap tokens (built square, its default, it has none: like Garden Variety below)."""
    imposition = _kit("garden-dice", round_pieces=True)
    cut, punched = count_cuts(imposition), count_cuts(imposition, punched=True)
    assert punched < cut
    words = " ".join(" ".join(text.text for text in _texts(imposition.sheets[0].overlay)).split())
    assert f"Cutting takes about {cut} straight cuts ({punched} with the round pieces punched)" in words
    for square_only in (_kit("garden-variety"), _kit("garden-dice")):
        assert count_cuts(square_only, punched=True) == count_cuts(square_only)


@pytest.mark.parametrize("game", ["harvest-dice", "cottage-garden"])
def test_page_one_says_what_the_black_squares_of_a_readable_sheet_are_for(game, tmp_path_factory):
    """A printer who does not know what the corner squares are trims them off, and the app can
    no longer read a photo of the sheet."""
    from pnp.readable import readable_sheets

    assert readable_sheets(game)
    first = " ".join(page_texts(default_kit(tmp_path_factory, game) / "letter" / f"{game}.pdf")[0].split())
    assert "black squares" in first and "Read from a photo" in first and "keep them whole" in first, first


def test_the_cutting_note_says_which_pieces_share_their_cuts_as_the_build_lays_them():
    """Garden Variety's page 1 said "Cards of one colour share their edges ... Other pieces'
    colour runs past their edges", though every card, whatever its colour, shares its cuts."""
    def page_one(game: str) -> str:
        return " ".join(" ".join(text.text for text in _texts(_kit(game).sheets[0].overlay)).split())

    variety = page_one("garden-variety")
    assert ("Cards share their edges: cut on the line. Aids and stickers carry their colour past their edges"
            in variety)
    assert "of one colour" not in variety and "Other pieces" not in variety
    # Garden Dice's tiles share a cream rim, and its tokens sit in cells of that cream on the
    # tiles' grid, so all of them share their cuts; its markers (discs) print as one strip a
    # player, its colour run past the strip's edges
    assert ("Tiles and tokens share their edges: cut on the line. Aids and markers carry their colour past "
            "their edges") in page_one("garden-dice")
    assert "A piece's colour runs a little past its edge" in page_one("harvest-dice")


def test_the_checklist_says_what_cottage_garden_s_nursery_is_in_the_players_words():
    """'2 × nursery boards' read as two boards to play on, where the box has one two-sided board:
    the kit prints it two-sided too, and the checklist says which side is which."""
    from pnp.kits import cottage_garden

    sheet = front_sheet("Cottage Garden", cottage_garden.GUIDE, _kit("cottage-garden"), "long")
    words = [shape.text for shape in _texts(sheet.overlay)]
    assert not any("nursery boards" in word for word in words)
    assert "1 × nursery, two-sided: 1-3 players in front, 4 behind" in words


def test_the_duplex_test_page_draws_the_pieces_larger_than_page_one():
    """Garden Dice's page 1 draws its pieces at 1:6, the scale its 360 mm board needs: a tile
    was 3.7 mm across. Page 2, the duplex test, is blank under its words: it draws every kind
    but the board again at 1:2, each with its pages and stock, and no kit without a duplex
    test page gets one."""
    def pictures(sheet) -> list[Group]:
        return [shape for child in sheet.overlay.children if isinstance(child, Group)
                for shape in child.children if isinstance(shape, Group) and shape.picture]

    imposition = _kit("garden-dice")
    first, second = imposition.sheets[0], imposition.sheets[1]
    assert second.label == "duplex-test"
    assert {round(1 / picture.scale) for picture in pictures(first)} == {6}
    assert {round(1 / picture.scale) for picture in pictures(second)} == {2}
    assert len(pictures(second)) == len(pictures(first)) - 1  # all but the board
    words = [shape.text for shape in _texts(second.overlay)]
    assert any(word.startswith("The pieces larger, at 1:2 (half their printed size; the boards are on page 1)")
               for word in words)
    assert "p. 3 · card" in words and "p. 5 · paper" in words
