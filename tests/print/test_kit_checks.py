"""The layout checks (pnp.checks): each catches what it names on a small made-up page, and
every page of every kit, Letter and A4, passes all of them."""
from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from pnp import checks
from pnp import impose as impose_module
from pnp.build import impose_kit, kit_components, lay_out
from pnp.colors import Paint
from pnp.impose import Imposition, impose
from pnp.kits import GAME_IDS
from pnp.model import (
    Circle,
    Component,
    ComponentKind,
    Face,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Space,
    Style,
    Text,
)
from pnp.options import BLEED_RANGE_MM, PAPERS, BuildOptions, KitOptions
from pnp.text import wrap

INK = "#222222"


def one_piece(*shapes, background: str = "#FFFFFF", size: tuple[float, float] = (80.0, 60.0)) -> Imposition:
    piece = Component("piece", "aid", *size, Face(Group(tuple(shapes)), background))
    return impose([piece], PAPERS["letter"])


def found(imposition: Imposition, check: str) -> list[str]:
    return [problem.detail for problem in checks.check_imposition(imposition) if problem.check == check]


def test_a_clean_piece_passes_every_check():
    """Every check but the page use: one made-up piece alone on a Letter page takes 9 % of it
    (a kit's pages are held to pnp.checks.PAGE_USE; tests/print/test_page_use.py)."""
    plate = Rect(5, 5, 50, 12, Style(fill="#FFFFFF", stroke=INK))
    problems = checks.check_imposition(one_piece(plate, Text(8, 8, "Score", size=4, anchor="top", fill=INK)))
    assert [problem.check for problem in problems] == ["page use"]


def test_a_diagram_drawn_over_its_caption_is_found():
    hexagon = Polygon(((20, 20), (30, 15), (40, 20), (40, 32), (30, 37), (20, 32)), Style(fill="#FFFFFF", stroke=INK))
    caption = Text(30, 34, "North fan", size=3, align="center", fill=INK)
    assert any("'North fan'" in detail and "polygon" in detail for detail in found(one_piece(hexagon, caption), "overlap"))


def test_a_label_on_its_own_plate_hides_the_pattern_under_it():
    pattern = [Line(x, 0, x + 20, 60, Style(stroke="#88AA88", stroke_width=0.4)) for x in range(0, 80, 6)]
    plate = Rect(10, 20, 60, 14, Style(fill="#FFFFFF"))
    label = Text(40, 27, "Propagation", size=6, align="center", anchor="middle", fill=INK)
    assert found(one_piece(*pattern, label), "overlap")
    assert found(one_piece(*pattern, plate, label), "overlap") == []


def test_two_texts_on_one_another_are_found():
    first, second = Text(10, 20, "Harvest", size=4, fill=INK), Text(14, 21, "Market", size=4, fill=INK)
    assert any("'Harvest'" in detail and "'Market'" in detail for detail in found(one_piece(first, second), "overlap"))


def test_a_label_under_six_and_a_half_points_is_found_and_six_and_a_half_passes():
    """Harvest Dice's score-sheet labels ("let ×", "TOTAL") were 6.2 pt, and passed a 6 pt floor."""
    assert found(one_piece(Text(10, 20, "TOTAL", size=6.2 * checks.PT_MM, fill=INK)), "size")
    assert found(one_piece(Text(10, 20, "TOTAL", size=6.5 * checks.PT_MM, fill=INK)), "size") == []


def test_a_paragraph_under_eight_points_is_found_and_a_one_line_label_is_not():
    rule = "Roll the dice, then plant each one in the column of its number."
    assert found(one_piece(Text(5, 20, rule, size=7.5 * checks.PT_MM, fill=INK, max_width=70)), "body")
    assert found(one_piece(Text(5, 20, rule, size=8 * checks.PT_MM, fill=INK, max_width=70)), "body") == []
    assert found(one_piece(Text(5, 20, "full row", size=6.2 * checks.PT_MM, fill=INK)), "body") == []


def test_a_hint_on_one_line_is_a_sentence_and_is_found_under_eight_points():
    """Harvest Dice's score-sheet hint was one unwrapped line at 6.2 pt, and passed."""
    hint = "a veggie scores the highest number crossed"
    assert found(one_piece(Text(5, 20, hint, size=6.2 * checks.PT_MM, fill=INK)), "body")
    assert found(one_piece(Text(5, 20, hint, size=8 * checks.PT_MM, fill=INK)), "body") == []
    # a symbol is no word: "let ×" is a one-word label, "Round 10 + bonus" a three-word hint
    assert found(one_piece(Text(5, 20, "let ×", size=6.2 * checks.PT_MM, fill=INK)), "body") == []
    assert found(one_piece(Text(5, 20, "Round 10 + bonus", size=7.9 * checks.PT_MM, fill=INK)), "body")


def test_a_page_caption_of_three_words_is_a_sentence_but_the_footer_keeps_the_floor():
    """Page 1's labels under its picture ("p. 3, 5, 7, 9 and 13 · card") were 6.5 pt, the page's
    own text that no check read; the footer ("page 3 of 9") is the sheet's name, not read at play."""
    page = one_piece(Text(8, 8, "Score", size=4, anchor="top", fill=INK))
    sheet = page.sheets[0]
    assert sheet.footer is not None
    x, y, w, h = sheet.footer
    footer = Text(x + w / 2, y + h / 2, "Garden Variety · page 3 of 15 · kit 1.2.0", size=6.5 * checks.PT_MM,
                  align="center", anchor="middle", fill=INK)

    def captioned(size_pt: float | None) -> list[checks.Problem]:
        caption = [] if size_pt is None else \
            [Text(20, 200, "p. 3, 5, 7, 9 and 13 · card", size=size_pt * checks.PT_MM, fill=INK)]
        own = replace(sheet, overlay=Group((*sheet.overlay.children, footer, *caption)))
        return [problem for problem in checks.check_sheet(own) if problem.check == "body"]

    assert captioned(None) == []
    assert [problem.detail for problem in captioned(6.5)] == \
        ["text 'p. 3, 5, 7, 9 and 13 · card' (the page's own text) is 6.50 pt: a sentence to read at the "
         "table is set at 8 pt at least"]
    assert captioned(8.1) == []


def test_text_running_past_its_piece_or_close_to_its_cut_is_found():
    """Garden Dice's aid caption ran 3.8 mm past both sides of the 95 mm aid, Propagation's
    "dies: end of sown + 10" past its tracker's cut (the "0" sliced off): the words stay
    SAFE_MM inside the trim line."""
    too_wide = Text(40, 30, "Rules: Special Tiles; Move A Critter; Sun Tokens; Game End", size=2.85,
                    align="center", fill=INK)
    assert any("past its cut line" in detail for detail in found(one_piece(too_wide), "trim"))
    close = checks.SAFE_MM - 0.5
    assert any("comes 1.0 mm from" in detail
               for detail in found(one_piece(Text(close, 30, "sown", size=3, fill=INK)), "trim"))
    assert found(one_piece(Text(checks.SAFE_MM, 30, "sown", size=3, fill=INK)), "trim") == []


def test_a_scaled_down_group_counts_at_its_printed_size():
    text = Group.of(Text(10, 20, "shrunk", size=3, fill=INK), scale=0.6)  # 3 mm is 8.5 pt; at 0.6 it is 5.1 pt
    assert found(one_piece(text), "size")


def test_faint_text_is_found_against_what_it_sits_on():
    assert found(one_piece(Text(10, 20, "2", size=4, fill="#9A9A9A")), "contrast")
    dark_panel = Rect(0, 0, 80, 30, Style(fill="#1F3A2A"))
    assert found(one_piece(dark_panel, Text(10, 20, "back", size=4, fill=INK)), "contrast")
    assert found(one_piece(dark_panel, Text(10, 20, "back", size=4, fill="#FFFFFF")), "contrast") == []


def test_large_text_may_use_the_lower_contrast():
    orange = Rect(0, 0, 80, 60, Style(fill="#D55E00"))  # white on it: 3.9:1
    assert found(one_piece(orange, Text(10, 20, "R", size=4, fill="#FFFFFF")), "contrast")
    assert found(one_piece(orange, Text(10, 30, "R", size=14 * checks.PT_MM, fill="#FFFFFF")), "contrast") == []


def test_a_lone_symbol_gets_no_large_text_allowance():
    """Garden Variety's die once printed its "!" in pink on white (3.1:1) at 28 pt: a thin
    bar and a dot, read as small text is, so it needs 4.5:1 where a large word needs 3:1."""
    pink, large = "#CC79A7", 28 * checks.PT_MM
    assert found(one_piece(Text(10, 30, "Go", size=large, fill=pink)), "contrast") == []
    assert found(one_piece(Text(10, 30, "!", size=large, fill=pink)), "contrast")


def test_marks_and_text_near_the_paper_edge_are_found():
    imposition = one_piece(Text(10, 20, "fine", size=4, fill=INK))
    sheet = imposition.sheets[0]
    sheet.overlay = Group.of(Line(1.0, 30, 4.0, 30, Style(stroke=INK, stroke_width=0.15)),
                             Text(100, 278, "page 1 of 1", size=2.5, fill=INK))
    details = found(imposition, "edge")
    assert any("cut mark" in detail for detail in details)
    assert any("'page 1 of 1'" in detail for detail in details)


def test_a_cut_line_running_into_the_margin_without_its_tick_is_found():
    """Garden Dice's tile sheet starts 6 mm from the top of a Letter page: its column cuts'
    ticks stopped at the 5 mm margin had 0.65 mm there, were dropped, and a ruler had no mark
    to line up with at the top of those cuts. They run on past a laser's border now (at
    least 1.4 mm); take one away and the check names the page and the piece."""
    sheet = next(sheet for sheet in kit("garden-dice", "letter").sheets
                 if any(placed.component.name.startswith("tile-") for placed in sheet.placements))
    top = min(placed.rect[1] for placed in sheet.placements)
    ticks = [line for line in sheet.overlay.children if isinstance(line, Line) and line.style == impose_module.MARK_STYLE]
    above = [line for line in ticks if line.x1 == line.x2 and max(line.y1, line.y2) < top]
    assert above and min(abs(line.y2 - line.y1) for line in above) >= 1.4 - 1e-6
    assert list(checks.unticked_cuts(checks.flatten(sheet))) == []
    taken = above[len(above) // 2]
    planted = replace(sheet, overlay=Group(tuple(shape for shape in sheet.overlay.children if shape is not taken)))
    problems = list(checks.unticked_cuts(checks.flatten(planted)))
    cut = [placed for placed in sheet.placements if placed.rect[1] == top
           and min(abs(taken.x1 - edge) for edge in (placed.rect[0], placed.rect[0] + placed.rect[2])) < 0.001]
    assert cut and problems
    assert all(problem.page == sheet.number and problem.check == "tick" for problem in problems)
    assert {f"{placed.component.name} (copy {placed.copy}) runs up" for placed in cut} == \
        {problem.detail.split("cut line of ")[1].split(" into")[0] for problem in problems}


def test_an_outer_tick_with_room_stands_clear_of_the_bleed_and_a_short_one_there_is_found():
    """A tick at the outer margin ran over its piece's bleed on a halo, 2.2 mm from 4.4 mm of
    the paper edge: too short for a ruler. Where the margin has room (a lone 80 mm piece's
    sides on Letter), each tick is 4 mm long at least, ends 1 mm short of the bleed and lies
    past a laser's 4.2 mm border; put the old short tick back and the check finds it."""
    imposition = one_piece(Text(8, 8, "Score", size=4, anchor="top", fill=INK))
    sheet = imposition.sheets[0]
    (placed,) = sheet.placements
    bleed_left, bleed_right = placed.bleed_rect[0], placed.bleed_rect[0] + placed.bleed_rect[2]
    ticks = [line for line in sheet.overlay.children if isinstance(line, Line) and line.style == impose_module.MARK_STYLE]
    sideways = [line for line in ticks if line.y1 == line.y2]
    assert len(sideways) == 4  # the top and bottom cuts, run out left and right
    for line in sideways:
        low, high = sorted((line.x1, line.x2))
        assert high - low >= impose_module.CLEAR_TICK_MM - 1e-6
        assert high <= bleed_left - impose_module.BLEED_CLEARANCE_MM + 1e-6 or \
            low >= bleed_right + impose_module.BLEED_CLEARANCE_MM - 1e-6
        assert low >= impose_module.LASER_BORDER_MM and high <= sheet.width_mm - impose_module.LASER_BORDER_MM
    assert list(checks.unticked_cuts(checks.flatten(sheet))) == []
    taken = min(sideways, key=lambda line: line.x1)
    trim_left = placed.rect[0]
    short = Line(trim_left - 2.3, taken.y1, trim_left - impose_module.MARK_GAP_MM, taken.y1, impose_module.MARK_STYLE)
    planted = replace(sheet, overlay=Group(tuple(short if shape is taken else shape for shape in sheet.overlay.children)))
    problems = [problem.detail for problem in checks.unticked_cuts(checks.flatten(planted))]
    assert len(problems) == 1 and "runs left into a margin with room" in problems[0]


@cache
def kit(game: str, paper: str) -> Imposition:
    return impose_kit(game, PAPERS[paper], BuildOptions(games=(game,)))


@cache
def kit_problems(game: str, paper: str) -> tuple[checks.Problem, ...]:
    """Every check's problems in the default kit (none, when it is right): checking a kit costs
    0.4-1.7 s of CPU, and eight tests read the same kit's checks. Asked before any test
    plants a change, so the answer is the kit's as it is built."""
    return tuple(checks.check_imposition(kit(game, paper)))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", list(GAME_IDS))
def test_every_page_of_every_kit_passes_the_layout_checks(game, paper):
    problems = kit_problems(game, paper)
    shown = "\n".join(str(problem) for problem in problems[:25])
    assert not problems, f"{len(problems)} layout problems in the {game} kit on {paper}, first ones:\n{shown}"


@pytest.mark.parametrize("game", list(GAME_IDS))
def test_every_kit_sets_its_sentences_at_eight_points_at_least(game):
    """Every sentence and hint of three words or more, wrapped or not (the job of a test that
    walked the kits' texts, now the check's)."""
    problems = [str(problem) for problem in kit_problems(game, "letter") if problem.check == "body"]
    assert not problems, "\n".join(problems)


def test_bounds_cover_what_a_tree_draws_after_its_transforms():
    turned = Group.of(Rect(0, 0, 20, 10, Style(fill=INK)), translate=(50, 5), rotate=90)
    x0, y0, x1, y1 = checks.bounds(Group.of(turned, Line(-3, 0, 0, 0, Style(stroke=INK, stroke_width=0.2)))) or (0, 0, 0, 0)
    assert (x0, y0, x1, y1) == pytest.approx((-3.1, -0.1, 50, 25), abs=1e-6)
    assert checks.bounds(Group()) is None


# Every other layout option, each on one of the two papers (the defaults run on both above).
OTHER_OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {"a4-shared-dark-short-saver": ("a4", dict(cut="shared", dark_backs=True, duplex="short",
                                                            ink_saver=True, bleed_mm=5.0)),
                 "letter-fold": ("letter", dict(fold=True)),
                 "letter-round": ("letter", dict(round_pieces=True))}


@pytest.mark.parametrize("chosen", list(OTHER_OPTIONS))
@pytest.mark.parametrize("game", list(GAME_IDS))
def test_the_other_print_options_pass_the_layout_checks_too(game, chosen):
    paper, chosen_options = OTHER_OPTIONS[chosen]
    options = BuildOptions(games=(game,), **chosen_options)
    problems = checks.check_imposition(impose_kit(game, PAPERS[paper], options), Paint(ink_saver=options.ink_saver))
    assert not problems, "\n".join(str(problem) for problem in problems[:25])


@pytest.mark.parametrize("game", ["propagation", "garden-variety"])
def test_the_kits_with_cards_fold_on_a4_too(game):
    """A folded build differs from the default only where a kit has two-sided cards. On A4
    Propagation's folded bonus cards, 100 mm across, lay three to a row turned, and the last
    three shared a page with the round track, 49.5 % used; 44 mm wide, two lie side by side."""
    options = BuildOptions(games=(game,), fold=True)
    problems = checks.check_imposition(impose_kit(game, PAPERS["a4"], options))
    assert not problems, "\n".join(str(problem) for problem in problems[:25])


def test_contrast_is_judged_on_the_colours_the_build_prints():
    """Orange on a black panel reads well; the ink-saver build drops the panel (it is only
    decoration), leaving orange on pale paper."""
    panel = Rect(0, 0, 80, 60, Style(fill="#000000", decorative=True))
    orange = one_piece(panel, Text(10, 20, "Harvest", size=4, fill="#E69F00"))
    assert found(orange, "contrast") == []
    saved = [p for p in checks.check_imposition(orange, Paint(ink_saver=True)) if p.check == "contrast"]
    assert saved and "#E69F00" in saved[0].detail


def test_a_path_of_two_strokes_is_not_joined_across_the_text_between_them():
    strokes = Path((("M", 5, 10), ("L", 5, 30), ("M", 60, 10), ("L", 60, 30)), Style(stroke=INK, stroke_width=0.3))
    between = Text(12, 20, "between", size=4, fill=INK)
    assert found(one_piece(strokes, between), "overlap") == []
    crossing = Path((("M", 5, 10), ("L", 5, 30), ("M", 20, 10), ("L", 20, 30)), Style(stroke=INK, stroke_width=0.3))
    assert found(one_piece(crossing, between), "overlap")


def test_a_filled_path_of_two_squares_fills_each_square_not_the_gap_between_them():
    """Joined into one polygon, the two squares' corners would enclose the gap at (5, 12),
    and white text there would seem to sit on the dark fill."""
    squares = Path((("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("L", 0, 10), ("Z",),
                    ("M", 20, 20), ("L", 30, 20), ("L", 30, 30), ("L", 20, 30), ("Z",)), Style(fill="#1F3A2A"))
    in_the_gap = Text(5, 12, "gap", size=3, align="center", anchor="middle", fill="#FFFFFF")
    on_a_square = Text(25, 25, "in", size=3, align="center", anchor="middle", fill="#FFFFFF")
    assert found(one_piece(squares, in_the_gap), "contrast")
    assert found(one_piece(squares, on_a_square), "contrast") == []


def _with_token(size: float) -> Imposition:
    """Cottage Garden's kit with its cats and pot tokens (a sheet of square chits) `size` mm across."""
    from pnp.kits import cottage_garden

    pieces = [replace(c, footprint=(size, size)) if c.name == "cat-and-pot-tokens" else c
              for c in cottage_garden.components(KitOptions())]
    return impose(pieces, PAPERS["letter"])


def test_a_token_too_big_for_its_space_is_found_and_one_that_fits_passes():
    """The kit's cats lie on 16 mm flowerbed spaces: 16 mm cats overhang their neighbours;
    15 mm is the largest that leaves the clearance, half a millimetre a side."""
    too_big = [p for p in checks.misfits(_with_token(16.0))]
    assert [p.check for p in too_big] == ["fit"] and "cat-and-pot-tokens (16.0 × 16.0 mm)" in too_big[0].detail
    assert "16.0 × 16.0 mm bed space" in too_big[0].detail
    assert list(checks.misfits(_with_token(16.0 - checks.FIT_CLEARANCE_MM))) == []
    assert list(checks.misfits(_with_token(16.0 - checks.FIT_CLEARANCE_MM + 0.05)))


def test_a_tile_too_long_for_the_nursery_spaces_it_waits_on_is_found():
    """Cottage Garden's nursery spaces were 54 mm trays: the straight five (65 mm) lay across
    two of them. A tile fits its nursery space whole as well as a bed space square by square
    (the kit prints its tiles in strips: here each tile is a piece of its own, as it waits on
    the nursery)."""
    from pnp.kits import cottage_garden

    tiles = [Component(f"flower-tile-{tile}", "tile", *cottage_garden.tile_size(tile),
                       cottage_garden.tile_face(tile, False), sits_on="bed",
                       footprint=(cottage_garden.TILE_SQUARE, cottage_garden.TILE_SQUARE), also_on=("nursery",))
             for tile in ("5F", "5C", "1A")]

    def with_trays(width: float, height: float) -> list[str]:
        pieces = [replace(c, spaces=tuple(replace(space, box=(*space.box[:2], width, height))
                                          if space.kind == "nursery" else space for space in c.spaces))
                  for c in cottage_garden.components(KitOptions()) if c.name == "nursery" or "tile" not in c.name]
        return [p.detail for p in checks.misfits(impose(pieces + tiles, PAPERS["letter"]))]

    assert with_trays(cottage_garden.SPACE_W - 1.0, cottage_garden.SPACE_H - 1.0) == []
    tight = with_trays(76.0, 46.0)  # half a millimetre a side: a tile cut a millimetre large sticks
    assert tight and tight[0].endswith("76.0 × 46.0 mm nursery space of nursery with 3 mm to spare")
    old = with_trays(54.0, 54.0)
    assert old and old[0].startswith("flower-tile-5F (75.0 × 15.0 mm) does not fit a 54.0 × 54.0 mm nursery space")
    assert any(detail.startswith("flower-tile-5C (45.0 × 45.0 mm)") for detail in with_trays(80.0, 45.5))


def test_a_piece_put_on_spaces_no_board_has_is_found():
    token = Component("seed", "token", 10, 10, Face(Group()), sits_on="garden")
    assert [p.detail for p in checks.misfits(impose([token], PAPERS["letter"]))] == [
        "seed goes on garden spaces, and no board of the kit has one"]


def test_a_board_printed_smaller_shrinks_its_spaces_for_the_fit():
    board = Component("board", "board", 100, 100, Face(Group()), spaces=(Space("cell", (0, 0, 10, 10)),))
    token = Component("disc", "token", 9.0, 9.0, Face(Group()), sits_on="cell")
    assert list(checks.misfits(impose([board, token], PAPERS["letter"]))) == []
    shrunk = impose([board, token], PAPERS["letter"])
    for sheet in shrunk.sheets:
        sheet.placements = [replace(p, scale=0.95) if p.component is board else p for p in sheet.placements]
    assert [p.check for p in checks.misfits(shrunk)] == ["fit"]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_seam_moved_onto_the_play_spaces_is_found(paper, monkeypatch):
    """Told nothing of the board's spaces and words, the tiler splits a board in equal halves
    (as it once did Garden Dice's, 5 mm inside garden column 4): through the spaces there."""
    cells = tuple(Space("garden", (168.0 + 24.0 * col, 60.0, 24.0, 24.0)) for col in range(-3, 3))
    board = Component("board", "board", 360.0, 264.0, Face(Group()), spaces=cells)
    assert list(checks.crossed_seams(impose([board], PAPERS[paper]))) == []
    monkeypatch.setattr(impose_module, "_keep_clear", lambda component, words: [])
    problems = list(checks.crossed_seams(impose([board], PAPERS[paper])))
    assert problems and "garden space" in problems[0].detail


def test_a_seam_through_a_word_is_found(monkeypatch):
    """A board with no spaces, only a title across its middle: the seam goes round the title."""
    title = Text(150, 100, "Board title", size=8, align="center", fill=INK)
    board = Component("board", "board", 300, 200, Face(Group.of(title)))
    assert list(checks.crossed_seams(impose([board], PAPERS["letter"]))) == []
    monkeypatch.setattr(impose_module, "_keep_clear", lambda component, words: [])
    problems = list(checks.crossed_seams(impose([board], PAPERS["letter"])))
    assert problems and "word 'Board title'" in problems[0].detail


def test_seams_fall_in_the_gutter_between_spaces_nearest_an_even_split():
    spaces = [(float(x), x + 28.0) for x in range(0, 300, 30)]  # 28 mm spaces, 2 mm gutters
    (first, second) = impose_module._portions(300.0, 2, 200.0, spaces)
    seam = first[1]
    assert 148.0 <= seam <= 150.0 and second == (seam - impose_module.TILE_OVERLAP_MM, 300.0)
    assert not any(a < seam < b for a, b in spaces)


def test_a_number_spilling_off_its_light_badge_is_found():
    """The middle of '15' is on the white badge, its end on the dark rim: read at its ends."""
    rim, badge = Rect(0, 0, 80, 60, Style(fill="#0072B2")), Circle(40, 30, 4.0, Style(fill="#FFFFFF"))
    spilling = Text(42.5, 30, "15", size=2.8, bold=True, align="center", anchor="middle", fill=INK)
    centred = Text(40, 30, "15", size=2.8, bold=True, align="center", anchor="middle", fill=INK)
    assert any("'15'" in detail for detail in found(one_piece(rim, badge, spilling), "contrast"))
    assert found(one_piece(rim, badge, centred), "contrast") == []


def test_cards_left_on_the_margin_with_little_bleed_past_a_lasers_border_are_found(monkeypatch):
    """Garden Variety on Letter as it once printed: three rows of cards with gutters, the top
    and bottom rows 5 mm from the edge, 0.8 mm of their bleed printed past a laser's 4.2 mm
    border. Now the rows share their cuts and the cards keep their bleed."""
    gv = BuildOptions(games=("garden-variety",))
    assert [p for p in kit_problems("garden-variety", "letter") if p.check == "bleed"] == []
    monkeypatch.setattr(impose_module, "EDGE_KEEP_MM", 0.0)
    # (as they once printed: each card cut on its own, before the cards shared their cuts)
    cards = [replace(c, shared_cuts=False) for c in kit_components("garden-variety", gv)[1]]
    problems = [p.detail for p in checks.check_imposition(lay_out("garden-variety", cards, PAPERS["letter"], gv))
                if p.check == "bleed"]
    assert problems and problems[0].startswith("critter-") and "keeps under 1.2 mm of its bleed" in problems[0]


def test_tiles_on_white_whose_colour_runs_into_the_bleed_keep_it_past_a_lasers_border(monkeypatch):
    """Cottage Garden's tiles were white pieces whose flower colour ran into their bleed; on A4
    they once printed 5 mm from the edge (0.8 mm of bleed past a laser's border). Packed a
    millimetre in from the printable area, as now, such pieces keep it (the kit's tiles now
    keep a white rim and run no colour past their outline: these are tiles as they were)."""
    def tiles() -> list[Component]:
        colour = "#E69F00"
        art = Face(Group((Rect(-3.0, -3.0, 51.0, 36.0, Style(fill=colour)),)), background="#FFFFFF", edge=colour)
        return [Component(f"flower-tile-{number}", "tile", 45.0, 30.0, art) for number in range(36)]

    assert [p for p in checks.check_imposition(impose(tiles(), PAPERS["a4"])) if p.check == "bleed"] == []
    monkeypatch.setattr(impose_module, "EDGE_KEEP_MM", 0.0)
    problems = [p.detail for p in checks.check_imposition(impose(tiles(), PAPERS["a4"])) if p.check == "bleed"]
    assert any(detail.startswith("flower-tile-") for detail in problems)


def test_cards_of_different_colours_on_one_cut_are_found(monkeypatch):
    """Garden Variety on Letter as it once printed: its last critters, wildflowers and gnomes
    on one sheet in rows edge to edge, so an off cut showed the next row's colour. Rows of
    different colours keep a gutter, 6 mm between distinct colours; told all colours are one,
    the imposition lays them on shared cuts, and the check finds them."""
    cards = [Component(f"card-{name}", "card", 63.5, 88.9, Face(Group(), colour), count=4)
             for name, colour in (("red", "#D55E00"), ("blue", "#0072B2"))]
    assert [p for p in checks.check_imposition(impose(cards, PAPERS["letter"])) if p.check == "shared cut"] == []
    monkeypatch.setattr(impose_module, "_colours", lambda pieces: {("one", None)})
    problems = [p.detail for p in checks.check_imposition(impose(cards, PAPERS["letter"], cut="shared"))
                if p.check == "shared cut"]
    assert any(detail.startswith("card-") for detail in problems)


def test_pieces_of_one_colour_may_share_a_cut():
    red, blue = (Component(name, "token", 20, 20, Face(Group(), colour)) for name, colour in
                 (("red", "#D55E00"), ("blue", "#0072B2")))
    same = impose([red, replace(red, name="red-2")], PAPERS["letter"], cut="shared")
    assert [p for p in checks.check_imposition(same) if p.check == "shared cut"] == []
    assert all(p.check != "shared cut" for p in checks.check_imposition(impose([red, blue], PAPERS["letter"],
                                                                                   cut="shared")))
    touching = impose([red, blue], PAPERS["letter"], cut="shared")
    first, second = touching.sheets[0].placements
    x, y, w, h = first.rect
    touching.sheets[0].placements = [first, replace(second, rect=(x + w, y, w, h))]
    assert [p.detail for p in checks.check_imposition(touching) if p.check == "shared cut"] == [
        "red (#D55E00) and blue (#0072B2) share a cut"]


def test_pieces_cut_under_six_millimetres_from_the_paper_edge_are_found(monkeypatch):
    """Propagation's growth trackers on Letter were cut 5.7 mm from the edge (apples 5.0 mm):
    after a laser's 4.2 mm border too little of their bleed is left. Every piece now keeps 6 mm."""
    assert [p for p in kit_problems("propagation", "letter") if p.check == "margin"] == []
    monkeypatch.setattr(impose_module, "EDGE_KEEP_MM", 0.0)
    problems = [p.detail for p in checks.check_imposition(impose_kit("propagation", PAPERS["letter"],
                                                                     BuildOptions(games=("propagation",))))
                if p.check == "margin"]
    assert problems and "from the paper edge, under 6 mm" in problems[0]


def _two_colours(gap: float) -> Imposition:
    """An orange and a blue token `gap` mm apart."""
    orange, blue = (Component(name, "token", 20, 20, Face(Group(), colour)) for name, colour in
                    (("orange", "#E69F00"), ("blue", "#0072B2")))
    imposition = impose([orange, blue], PAPERS["letter"])
    first, second = imposition.sheets[0].placements
    x, y, w, h = first.rect
    imposition.sheets[0].placements = [first, replace(second, rect=(x, y + h + gap, w, h))]
    return imposition


def test_distinct_colours_closer_than_their_gutter_are_found():
    """Cottage Garden's orange and blue cube rows were 1.39 mm apart: a cut a millimetre off
    showed a sliver of the other colour. Distinct colours keep 6 mm between them."""
    assert [p.detail for p in checks.check_imposition(_two_colours(1.39)) if p.check == "shared cut"] == [
        "orange (#E69F00) and blue (#0072B2) lie 1.4 mm apart, under the 6 mm gutter between colours"]
    assert [p for p in checks.check_imposition(_two_colours(6.0)) if p.check == "shared cut"] == []


def test_pieces_on_white_whose_colour_runs_into_the_bleed_keep_the_gutter_of_that_colour():
    """Cottage Garden's flower tiles are white faces whose flower colour runs into the bleed:
    read by their white background, tiles of different colours lay 1.27 mm apart. A face that
    names its edge colour is checked, and laid out, by that colour."""
    orange, blue = (Component(name, "tile", 20, 20, Face(Group(), "#FFFFFF", edge=colour)) for name, colour in
                    (("orange", "#E69F00"), ("blue", "#0072B2")))
    imposition = impose([orange, blue], PAPERS["letter"])
    first, second = imposition.sheets[0].placements
    assert abs(second.rect[0] - first.rect[0] - first.rect[2]) >= 6.0 - 1e-6 or \
        abs(second.rect[1] - first.rect[1] - first.rect[3]) >= 6.0 - 1e-6
    x, y, w, h = first.rect
    imposition.sheets[0].placements = [first, replace(second, rect=(x, y + h + 1.27, w, h))]
    assert [p.detail for p in checks.check_imposition(imposition) if p.check == "shared cut"] == [
        "orange (#E69F00) and blue (#0072B2) lie 1.3 mm apart, under the 6 mm gutter between colours"]


def test_a_cream_beside_white_needs_no_colour_gutter():
    """A sliver of cream along a white piece does not show: only distinct colours need it."""
    white, cream = (Component(name, "token", 20, 20, Face(Group(), colour)) for name, colour in
                    (("white", "#FFFFFF"), ("cream", "#F4E9D4")))
    imposition = impose([white, cream], PAPERS["letter"])
    assert [p for p in checks.check_imposition(imposition) if p.check == "shared cut"] == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_imposition_keeps_distinct_colours_a_gutter_apart(paper, monkeypatch):
    """Cottage Garden's green beds beside its white tile strips, its cube sheets beside their
    beehives, and every other kit: the imposition gives distinct colours their 6 mm; made to
    give only the least gutter, the check finds it."""
    assert [p for p in kit_problems("cottage-garden", paper) if p.check == "shared cut"] == []
    monkeypatch.setattr(impose_module, "COLOUR_GUTTER_MM", impose_module.MIN_GUTTER_MM)
    problems = [p.detail for p in checks.check_imposition(impose_kit("cottage-garden", PAPERS[paper],
                                                                     BuildOptions(games=("cottage-garden",))))
                if p.check == "shared cut"]
    assert problems and all("under the 6 mm gutter between colours" in detail for detail in problems)
    assert any(detail.startswith("flowerbed-") or "flowerbed-" in detail for detail in problems)


def test_a_copy_printed_on_no_page_is_found():
    token = Component("seed", "token", 20, 20, Face(Group()), count=3)
    imposition = impose([token], PAPERS["letter"])
    assert list(checks.missing_pieces(imposition)) == []
    imposition.sheets[0].placements = imposition.sheets[0].placements[:2]
    assert [p.detail for p in checks.missing_pieces(imposition)] == ["1 of the 3 × seed are printed on no page"]


def test_a_cut_mark_thicker_than_a_crop_mark_is_found():
    """Crop marks are thin (about 0.15 mm): the kits' ticks were 0.25 mm, heavy beside the
    pieces. A page's own inked line is a cut mark; its white halo puts no ink down."""
    imposition = one_piece(Text(10, 20, "fine", size=4, fill=INK))
    sheet = imposition.sheets[0]
    halo = Line(20, 10, 26, 10, Style(stroke="#FFFFFF", stroke_width=0.6))
    sheet.overlay = Group.of(halo, Line(20, 10, 26, 10, Style(stroke="#000000", stroke_width=0.25)))
    assert any("0.25 mm" in detail for detail in found(imposition, "mark"))
    sheet.overlay = Group.of(halo, Line(20, 10, 26, 10, Style(stroke="#000000", stroke_width=checks.MARK_MAX_MM)))
    assert found(imposition, "mark") == []


@pytest.mark.parametrize("game", list(GAME_IDS))
def test_a_tiled_board_prints_no_word_in_its_bleed_at_any_bleed(game):
    """Past a seam a board's portion bleeds into its neighbour's drawing: with --bleed 5 Garden
    Dice's halves showed slivers of track numbers 14, 15, 64 and 65 past the hinge. The bleed
    there stops short of the neighbour's words, at every bleed the command line takes (the
    widest shows every word a narrower one would)."""
    imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,), bleed_mm=BLEED_RANGE_MM[1]))
    tiled = [sheet for sheet in imposition.sheets if any(placed.tile for placed in sheet.placements)]
    problems = [str(problem) for sheet in tiled for problem in checks.check_sheet(sheet) if problem.check == "trim"]
    assert problems == []


def test_a_number_touching_the_ring_of_its_badge_is_found():
    """Propagation's tomato numbers 11-15 sat centred right of the plant on a 8.7 mm badge:
    '15' ran onto the badge's dark ring. A number keeps RING_CLEAR_MM inside the ring."""
    badge = Circle(40, 30, 4.0, Style(fill="#FFFFFF", stroke="#8B3A00", stroke_width=0.6))
    crowded = Text(41.8, 30, "15", size=2.7, bold=True, align="center", anchor="middle", fill=INK)
    clear = Text(40, 30, "15", size=2.7, bold=True, align="center", anchor="middle", fill=INK)
    problems = [problem.detail for problem in checks.crowded_rings(one_piece(badge, crowded))]
    assert problems and problems[0].startswith("text '15' (piece) keeps 0.") and "under 0.5 mm" in problems[0]
    assert list(checks.crowded_rings(one_piece(badge, clear))) == []
    # a ring drawn over the text is a frame round it, not a badge under it
    assert list(checks.crowded_rings(one_piece(Text(40, 30, "15", size=2.7, fill=INK), replace(badge, r=1.0)))) == []


def test_a_heavy_dark_line_on_a_piece_s_own_cut_is_found_and_a_thin_one_passes():
    """Cottage Garden's tiles were outlined 0.4 mm in near-black on their cut: a cut 0.2 mm off
    left a dark edge. A line 0.15 mm wide, or one well inside the trim, passes."""
    def on_cut(width: float, inset: float = 0.0) -> list[str]:
        return found(one_piece(Line(inset, inset, 80 - inset, inset, Style(stroke=INK, stroke_width=width))), "dark trim")

    assert found(one_piece(Circle(40, 30, 29.8, Style(stroke=INK, stroke_width=0.35)), size=(80.0, 60.0)), "dark trim") == []
    assert on_cut(0.4) == ["piece (copy 1) draws 1 dark line(s) over 0.2 mm wide on its cut line"]
    assert on_cut(0.15) == [] and on_cut(0.4, inset=2.0) == []
    framed = one_piece(Circle(30, 30, 29.8, Style(stroke=INK, stroke_width=0.35)), size=(60.0, 60.0))
    assert len(found(framed, "dark trim")) == 1


def test_text_naming_a_file_or_a_command_line_option_is_found():
    """A reader of the PDF alone has no project files and no command line: 'docs/house-rules.md
    says why' and 'build it with --duplex short' told them nothing they could do."""
    def said(words: str) -> list[str]:
        return found(one_piece(Text(8, 20, words, size=4, anchor="top", fill=INK)), "tool words")

    assert said("docs/house-rules.md says why") and said("build it with --duplex short")
    assert said("see pnp/kits/cottage_garden.py")
    assert said("flip on the short edge, 1–3 players, pages 3-8") == [] and said("and/or a ruler") == []


def test_a_grid_of_cards_off_centre_on_its_sheet_is_found(monkeypatch):
    """Garden Variety's Letter cards, laid out beside a footer down the left side, sat 15.7 mm
    from the left edge and 9.7 mm from the right: the block is centred across the sheet now."""
    def off_centre(imposition: Imposition) -> list[str]:
        return [f"page {problem.page}: {problem.detail}" for sheet in imposition.sheets
                for problem in checks.off_centre(checks.flatten(sheet))]

    options = BuildOptions(games=("garden-variety",))
    assert off_centre(impose_kit("garden-variety", PAPERS["letter"], options)) == []
    monkeypatch.setattr(impose_module, "_centred_across", lambda slots, paper, area: slots)
    found = off_centre(impose_kit("garden-variety", PAPERS["letter"], options))
    assert "page 3: the pieces' left and right margins are 15.7 and 9.7 mm: off-centre by 3.0 mm" in found


def test_a_page_with_spare_at_its_foot_gives_its_top_row_full_outer_ticks(monkeypatch):
    """Pages were packed from the top: the top row's bleed lay 4 mm from the paper edge and its
    ticks up into the margin ran 1-2 mm over it, though Garden Dice's Letter page 3 kept
    28.4 mm spare at its foot. The page moves down just far enough now: every top-row cut line
    ends above in a tick of CLEAR_TICK_MM or more, BLEED_CLEARANCE_MM clear of the bleed and
    past a laser's border; a page left packed from the top with that spare is off-centre."""
    def top_ticks(imposition: Imposition, page: int) -> list[float]:
        sheet = next(sheet for sheet in imposition.sheets if sheet.number == page)
        top = min(placed.rect[1] for placed in sheet.placements)
        bleed_top = min(placed.bleed_rect[1] for placed in sheet.placements)
        lines = {round(x, 3) for placed in sheet.placements if abs(placed.rect[1] - top) < 1e-6
                 for x in (placed.rect[0], placed.rect[0] + placed.rect[2])}
        return sorted(max(y1, y2) - min(y1, y2) for x1, y1, x2, y2 in checks._ticks(checks.flatten(sheet))
                      if x1 == x2 and round(x1, 3) in lines and max(y1, y2) <= bleed_top
                      - impose_module.BLEED_CLEARANCE_MM + 1e-6 and min(y1, y2) >= impose_module.LASER_BORDER_MM)

    options = BuildOptions(games=("garden-dice",))
    ticks = top_ticks(impose_kit("garden-dice", PAPERS["letter"], options), 3)
    assert len(ticks) >= 4 and min(ticks) >= impose_module.CLEAR_TICK_MM - 1e-6
    monkeypatch.setattr(impose_module, "_lowered_for_ticks", lambda slots, area, bleed: slots)
    packed = impose_kit("garden-dice", PAPERS["letter"], options)
    assert top_ticks(packed, 3) == []
    found = [f"page {problem.page}: {problem.detail}" for sheet in packed.sheets
             for problem in checks.off_centre(checks.flatten(sheet))]
    assert "page 3: the pieces' top and bottom margins are 7.0 and 28.4 mm: off-centre by 10.7 mm" in found


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
@pytest.mark.parametrize("game", list(GAME_IDS))
def test_every_page_of_every_kit_is_centred_on_large_paper_too(game, paper):
    """Letter and A4 pass every check above; on A3 and tabloid the pieces (and a board's
    portions) are centred across the sheet as well."""
    imposition = impose_kit(game, PAPERS[paper], BuildOptions(games=(game,), papers=(paper,)))
    problems = [str(problem) for sheet in imposition.sheets for problem in checks.off_centre(checks.flatten(sheet))]
    assert problems == []


def test_a_picture_of_a_piece_not_clipped_to_it_is_found_and_its_clip_hides_the_rest():
    """Garden Variety's folded cards on page 1 spilled their backs' trellis as hatched strips
    15 mm wide and 60 mm tall above and below the pictures: the picture was not clipped."""
    long_line = Line(-30, -40, 50, 90, Style(stroke=INK, stroke_width=0.3))
    loose = Group((Rect(0, 0, 20, 30, Style(fill="#F5EBD7")), long_line), (10, 10), 0.0, 0.5, picture=True)
    assert found(one_piece(loose), "picture")
    clipped = replace(loose, clip=(0.0, 0.0, 20.0, 30.0))
    assert found(one_piece(clipped), "picture") == []
    assert checks.bounds(clipped) == pytest.approx((10, 10, 20, 25), abs=1e-6)


def test_distinct_colours_keep_bare_paper_between_their_bleeds():
    """Propagation's rows of blue, red, green and yellow apple trees lay 6 mm apart, each with
    3 mm of bleed: the colours met, and a cut 3 mm off showed a strip of the next colour. The
    imposition keeps COLOUR_PAPER_MM of paper between them; bleeds that meet are found."""
    from pnp.impose import COLOUR_GUTTER_MM, COLOUR_PAPER_MM

    orange, blue = (Component(name, "token", 20, 20, Face(Group(), colour), count=8) for name, colour in
                    (("orange", "#E69F00"), ("blue", "#0072B2")))
    imposition = impose([orange, blue], PAPERS["letter"])
    assert found(imposition, "bleeds meet") == []
    sheet = imposition.sheets[0]
    facing = [(checks._apart(checks._rect_box(a.rect), checks._rect_box(b.rect)),
               checks._apart(checks._rect_box(a.bleed_rect), checks._rect_box(b.bleed_rect)))
              for a in sheet.placements for b in sheet.placements if a.component is orange and b.component is blue]
    nearest = min((trim, bled) for trim, bled in facing if trim is not None)
    assert nearest == pytest.approx((COLOUR_GUTTER_MM, COLOUR_PAPER_MM))
    sheet.placements = [replace(p, bleed=(3.0, 3.0, 3.0, 3.0)) for p in sheet.placements]  # the bleeds as they were
    assert any("bleeds are 0.0 mm apart" in detail for detail in found(imposition, "bleeds meet"))


def test_a_cut_tick_beside_or_across_a_line_a_piece_prints_is_found_and_one_on_it_is_not():
    """Cottage Garden's beehive tiles ticked their cuts 0.9 mm beside the cat sheet's lines,
    which ran on into its bleed: a ruler laid on the tick could follow the cats' line. The
    piece's top cut is ticked along y = 0, out to the left, in its bleed (the piece as wide as
    the page allows, so its side margins have no room for a tick clear of the bleed)."""
    thin = Style(stroke=INK, stroke_width=0.25)
    wide = (196.0, 60.0)
    assert found(one_piece(Line(-3, 1.0, 0, 1.0, thin), size=wide), "tick on a line")       # 1 mm beside the tick
    assert found(one_piece(Line(-2, -3, -2, 3, thin), size=wide), "tick on a line")         # across it
    assert found(one_piece(Line(-3, 0.0, 0, 0.0, thin), size=wide), "tick on a line") == []  # on it: one cut
    assert found(one_piece(Line(5, 1.0, 20, 1.0, thin), size=wide), "tick on a line") == []  # inside the piece


def test_round_pieces_punched_closer_than_the_punch_gap_are_found_and_the_imposition_keeps_them_apart():
    """Garden Dice's 9.5 mm discs lay on a 9.5 mm grid of shared cuts, Propagation's 15.9 mm
    tomatoes on a 15.9 mm one: a punch a little off one circle nicked the next."""
    from pnp.parts import PUNCH_GAP_MM

    disc = Component("disc", "marker", 9.5, 9.5, Face(Group.of(Circle(4.75, 4.75, 4.65, Style(stroke=INK))), "#0072B2"),
                     count=6, outline="circle", shared_cuts=True)
    for cut in ("gutters", "shared"):
        imposition = impose([disc], PAPERS["letter"], cut=cut)
        assert found(imposition, "punch") == []
        sheet = imposition.sheets[0]
        first, second = sorted(sheet.placements, key=lambda p: (p.rect[1], p.rect[0]))[:2]
        assert second.rect[0] - first.rect[0] - 9.5 >= PUNCH_GAP_MM - 1e-6
        touching = replace(second, rect=(first.rect[0] + 9.5, *second.rect[1:]))
        sheet.placements = [touching if p is second else p for p in sheet.placements]
        assert any("disc and disc: their cut circles are 0.0 mm apart" in d for d in found(imposition, "punch"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_ticks_side_by_side_a_hair_apart_are_found_and_the_imposition_parts_them(paper, monkeypatch):
    """Round tokens of a 3/4 inch punch (a 20.25 mm pitch with their gutters) over strips of
    10.5 mm discs, as Garden Dice laid them: their ticks ran side by side in the gutter between
    them 0.7-3 mm apart, and a ruler laid on one could as well take the other. Each now keeps
    the half of the gutter by its own piece. A gutter's two cuts (two pieces facing each other
    across it) are meant, however close."""
    from pnp.impose import DOUBLED_MARK_MM, MARK_STYLE

    token = Component("token", "token", 19.05, 19.05, Face(Group(), "#F2F2F2"), count=8, outline="circle")
    disc = Component("disc", "marker", 10.5, 10.5, Face(Group(), "#009E73"), count=9, outline="circle",
                     footprint=(9.5, 9.5), shared_cuts=True)

    def doubled() -> list[str]:
        return [f"page {sheet.number}: {problem.detail}" for sheet in impose([token, disc], PAPERS[paper]).sheets
                for problem in checks.doubled_marks(checks.flatten(sheet))]

    assert doubled() == []
    monkeypatch.setattr(impose_module, "_parted", lambda marks, boxes: list(marks))
    unparted = doubled()
    assert unparted and all(line.startswith("page 1: cut ticks at x") for line in unparted)
    monkeypatch.undo()
    # two pieces 1.2 mm apart in a row: their two cuts' ticks are a gutter's, not a double
    tile = Component("tile", "tile", 20, 20, Face(Group(), "#FFFFFF"), count=8)
    sheet = impose([tile], PAPERS["letter"]).sheets[0]
    assert list(checks.doubled_marks(checks.flatten(sheet))) == []
    tick = next(line for line in sheet.overlay.children if isinstance(line, Line) and line.style == MARK_STYLE
                and line.x1 == line.x2)
    beside = Line(tick.x1 + DOUBLED_MARK_MM / 4, tick.y1, tick.x2 + DOUBLED_MARK_MM / 4, tick.y2, MARK_STYLE)
    planted = replace(sheet, overlay=Group((*sheet.overlay.children, beside)))
    assert any("lie 0.75 mm apart" in problem.detail for problem in checks.doubled_marks(checks.flatten(planted)))


def test_a_word_on_a_piece_read_at_the_table_is_seven_points_and_four_and_a_half_to_one():
    """Harvest Dice's ribbon points and TOTAL were 6.5 pt on its score sheet (passing the 6.5 pt
    floor); Garden Variety's "beats Red Snail" was grey. A tile's ID keeps the 6.5 pt floor."""
    def on(kind: str, text: Text) -> Imposition:
        piece = Component("piece", kind, 80.0, 60.0, Face(Group((text,)), "#FFFFFF"))  # type: ignore[arg-type]
        return impose([piece], PAPERS["letter"])

    small = Text(10, 20, "5", size=6.5 * checks.PT_MM, fill=INK)
    assert found(on("pad", small), "table words")
    assert found(on("card", small), "table words")
    assert found(on("tile", small), "table words") == []
    assert found(on("pad", replace(small, size=7 * checks.PT_MM)), "table words") == []
    # a heading of 14 pt at 3.5:1 passes the general contrast rule, not this one
    pale = Text(10, 30, "How to play", size=14 * checks.PT_MM, fill="#8A8A8A")
    assert found(on("aid", pale), "contrast") == []
    assert found(on("aid", pale), "table words")
    assert found(on("aid", replace(pale, fill="#595959")), "table words") == []


def test_card_art_ending_on_or_near_its_cut_is_found_and_full_bleed_or_safe_art_passes():
    """Propagation's bonus cards had vine leaves on their cut lines: a cut a little off sliced
    them. A card's art keeps SAFE_MM from its trim line, inside or out: a band run on into the
    bleed, or art 2 mm inside, passes; a leaf 0.3 mm inside, or one just past the cut, is found."""
    def card(*shapes: Shape) -> list[str]:
        piece = Component("card", "card", 46.0, 65.0, Face(Group(tuple(shapes)), "#F4E9D4"))
        return found(impose([piece], PAPERS["letter"]), "card art")

    green = Style(fill="#2F6B3A")
    assert card(Rect(-3.0, -3.0, 52.0, 12.0, green), Rect(2.0, 40.0, 42.0, 20.0, green)) == []
    near = card(Rect(0.3, 30.0, 3.0, 4.0, green))
    assert len(near) == 1 and near[0].startswith("card: art at (") and "ends 0.3 mm from its cut line" in near[0]
    assert len(card(Rect(-0.5, 30.0, 3.0, 4.0, green))) == 1  # just past the cut: a sliver beyond it
    # an aid is no card: the check leaves it alone
    assert found(one_piece(Rect(0.3, 30.0, 3.0, 4.0, green)), "card art") == []


def test_two_ticks_end_to_end_a_hair_apart_across_are_found_and_a_gutter_s_two_cuts_are_not():
    """Parted, each tick keeping its own half of the gutter, two blocks' ticks 1.5 mm apart
    passed doubled_marks; a cutter still sees one edge marked twice."""
    from pnp.impose import MARK_STYLE

    tile = Component("tile", "tile", 20, 20, Face(Group(), "#FFFFFF"), count=8)
    sheet = impose([tile], PAPERS["letter"]).sheets[0]
    assert list(checks.staggered_marks(checks.flatten(sheet))) == []
    tick = next(line for line in sheet.overlay.children if isinstance(line, Line) and line.style == MARK_STYLE
                and line.x1 == line.x2)
    length = abs(tick.y2 - tick.y1)
    on_end = Line(tick.x1 + 1.5, max(tick.y1, tick.y2) + 0.1, tick.x1 + 1.5, max(tick.y1, tick.y2) + 0.1 + length,
                  MARK_STYLE)
    planted = replace(sheet, overlay=Group((*sheet.overlay.children, on_end)))
    assert any("lie 1.50 mm apart across" in problem.detail
               for problem in checks.staggered_marks(checks.flatten(planted)))


def test_a_word_running_over_the_stroke_of_its_box_is_found_and_one_inside_it_is_not():
    box = Rect(10, 10, 5.6, 5.6, Style(fill="#FFFFFF", stroke=INK, stroke_width=0.3), radius=1.0)
    inside = Text(12.8, 12.8, "col", size=2.0, align="center", anchor="middle", bold=True, fill=INK)
    wide = Text(12.8, 12.8, "row", size=2.6, align="center", anchor="middle", bold=True, fill=INK)

    def problems(text: Text) -> list[str]:
        return [problem.detail for sheet in one_piece(box, text).sheets
                for problem in checks.text_out_of_box(checks.flatten(sheet))]

    assert problems(inside) == []
    assert any("'row'" in detail and "5.47 mm wide in a box 4.90 mm wide" in detail for detail in problems(wide))


def test_a_back_framed_by_a_rim_inside_its_cut_is_found_and_one_coloured_to_its_bleed_is_not():
    """Garden Dice's tile backs had a 1.2 mm cream rim: a duplex drift of 1-2 mm showed it
    0.5 mm wide on one side and 2.5 mm on the other."""
    front = Face(Group(), "#FFFFFF")
    stroked = Rect(0.35, 0.35, 21.3, 21.3, Style(stroke="#FBF6E6", stroke_width=1.7))
    inset = Rect(1.5, 1.5, 19.0, 19.0, Style(fill="#F0B7A0"))
    plain = Rect(4.0, 4.0, 14.0, 14.0, Style(fill="#F0B7A0"))

    def rims(*shapes) -> list[str]:
        tile = Component("tile", "tile", 22, 22, front, Face(Group(tuple(shapes)), "#E4EED8"), count=2)
        return [problem.detail for problem in checks.rimmed_backs(impose([tile], PAPERS["letter"]))]

    assert rims(stroked) == ["the back of tile has a rim 1.2-1.2 mm wide inside its cut: a duplex drift of 1-2 mm "
                             "shows it unevenly"]
    assert rims(inset) and rims(plain) == [] and rims() == []


def test_a_piece_cut_round_its_outline_with_colour_past_its_box_is_found():
    """Cottage Garden's notched tiles ran their colour 3 mm past every outer edge: the straight
    cuts left it on the offcuts as loose squares at the tiles' corners. A piece cut round its
    own outline keeps its colour inside its box; a rectangle's bleed is its own business, and
    so is a sheet of such pieces (`chits`: the tiles' strips), trimmed whole on its box first."""
    colour = Style(fill="#E69F00")
    past = Face(Group((Rect(-3.0, -3.0, 36.0, 21.0, colour),)), edge="#E69F00")
    kept = Face(Group((Rect(-3.0, -3.0, 36.0, 21.0, colour),), clip=(0.0, 0.0, 30.0, 15.0)), edge="#E69F00")

    def found(face: Face, outline: str, chits: tuple[int, int] | None = None) -> list[str]:
        piece = Component("tile", "tile", 30.0, 15.0, face, outline=outline, chits=chits)  # type: ignore[arg-type]
        return [p.detail for p in checks.check_imposition(impose([piece], PAPERS["letter"])) if p.check == "stray bleed"]

    assert found(past, "polygon") == ["tile (copy 1) prints #E69F00 past its cut line, outside the outline it is cut round"]
    assert found(kept, "polygon") == [] and found(past, "rect") == []
    assert found(past, "polygon", chits=(2, 1)) == []
    assert [p for p in kit_problems("cottage-garden", "letter") if p.check == "stray bleed"] == []


def test_a_card_s_words_inside_its_3_mm_safe_zone_are_found_and_a_tile_s_are_not():
    """Garden Dice's Reminders card set its rulebook footer 2.3 mm above its cut and passed:
    text_past_trim asks 1.5 mm of every piece, a 22 mm tile's name too. A card or an aid keeps
    its words CARD_SAFE_MM inside its cut."""
    def words(kind: ComponentKind, x: float) -> list[str]:
        piece = Component("piece", kind, 80.0, 60.0, Face(Group((Text(x, 30, "Rulebook", size=3, fill=INK),)),
                                                          "#FFFFFF"))
        return [problem.detail for problem in checks.check_imposition(impose([piece], PAPERS["letter"]))
                if problem.check == "card words"]

    assert words("aid", 2.4) == ["text 'Rulebook' (piece) comes 2.4 mm from its cut line, under the 3 mm a card "
                                 "keeps clear inside it"]
    assert len(words("card", 2.4)) == 1
    assert words("aid", checks.CARD_SAFE_MM) == [] and words("tile", 2.4) == []
    assert [p for p in kit_problems("garden-dice", "letter") if p.check == "card words"] == []


def test_a_frame_s_corner_post_on_its_cut_is_found_and_one_run_into_the_bleed_passes():
    """Propagation's board had a timber post at each corner reaching 0.6 mm past its cut line:
    a cut a little in sliced the post, one a little out left a sliver of it past the plank. A
    card's or a board's frame keeps SAFE_MM from the cut lines it lies along, inside or past
    them; a photo marker's small cells in a corner are no frame, nor is white on white."""
    wood = Style(fill="#A4784A", decorative=True)

    def frames(*shapes: Shape, kind: ComponentKind = "board") -> list[str]:
        piece = Component("board", kind, 120.0, 90.0, Face(Group(tuple(shapes)), "#DCEBD2"))
        return found(impose([piece], PAPERS["letter"]), "frame")

    planks = (Rect(-3.0, -3.0, 126.0, 6.5, wood), Rect(-3.0, -3.0, 6.5, 96.0, wood))
    straddling = frames(*planks, Rect(-0.6, -0.6, 4.7, 4.7, wood))
    assert len(straddling) == 1 and straddling[0].startswith("board: its frame at (") and \
        "ends 0.6 mm from its left cut line" in straddling[0]
    assert frames(*planks, Rect(-3.0, -3.0, 7.1, 7.1, wood)) == []
    assert len(frames(Rect(-3.0, 0.5, 126.0, 3.0, wood))) == 1   # a band stopping 0.5 mm inside the cut
    assert len(frames(Rect(-0.6, -0.6, 4.7, 4.7, wood), kind="card")) == 1
    assert frames(Rect(1.0, 1.0, 1.3, 1.3, Style(fill=INK)), Rect(0.2, 0.2, 8.0, 8.0, Style(fill="#FFFFFF"))) == []
    assert frames(Rect(-0.6, -0.6, 4.7, 4.7, wood), kind="aid") == []
    assert [p for paper in ("letter", "a4") for p in kit_problems("propagation", paper) if p.check == "frame"] == []


def test_a_cut_tick_through_a_neighbour_s_bleed_is_found_and_the_imposition_stops_it_there(monkeypatch):
    """Cottage Garden's page of planting tables, cats, pot tokens, beehive tiles and cubes
    (page 12 on Letter) ran 13 cut ticks through a neighbour's bleed, on lines that were not the
    neighbour's cuts: the table's ticks down into the cats' bleed, the cats' up into the table's,
    their halos slitting the colour (37 on the kit's pages). The imposition now stops a tick at any
    other piece's bleed; a tick on a piece's own cut line still runs through its bleed. Drawn as
    they were, the kit as it is now (its tokens on three sheets of chits, its aids in pairs, its
    tables rectangles, a reference card beside its last flowerbed) has 28 on 7 pages, 4 on the page of the
    last two tables."""
    def in_bleeds() -> list[str]:
        imposition = impose_kit("cottage-garden", PAPERS["letter"], BuildOptions(games=("cottage-garden",)))
        return [str(problem) for sheet in imposition.sheets for problem in checks.ticks_in_bleed(checks.flatten(sheet))]

    assert in_bleeds() == []
    monkeypatch.setattr(impose_module, "in_bleed", lambda *args: False)  # the ticks drawn as they were
    mark = impose_module._mark  # (nor stopped at a neighbour's bleed on its own cut line)
    monkeypatch.setattr(impose_module, "_mark", lambda *args: mark(*args[:7]))
    planted = in_bleeds()
    assert len(planted) == 28 and sum(line.startswith("page 12:") for line in planted) == 4, "\n".join(planted)
    own = Component("piece", "token", 30, 20, Face(Group(), "#0072B2"), count=2)
    sheet = impose([own], PAPERS["letter"]).sheets[0]
    assert list(checks.ticks_in_bleed(checks.flatten(sheet))) == []  # each tick on its pieces' own cut lines


def test_a_round_piece_no_stock_punch_cuts_is_found():
    """Garden Dice's discs were 9.525 mm, a 3/8 inch punch, before pnp.parts.PUNCHES_MM had
    one: the guide named a punch the check could not vouch for. A 3/4 inch token passes."""
    def token(across: float) -> Imposition:
        face = Face(Group.of(Circle(across / 2, across / 2, across / 2, Style(stroke=INK, stroke_width=0.2))))
        piece = Component("token", "token", across, across, face, outline="circle", count=4)
        return impose([piece], PAPERS["letter"])

    assert found(token(18.0), "punch size") == ["token: its 18.00 mm circles are no stock craft punch's size"]
    assert found(token(25.4 * 3 / 4), "punch size") == []


def test_a_tick_on_no_piece_s_cut_is_found_and_a_net_cut_round_its_outline_gets_none(monkeypatch):
    """Cottage Garden's wheelbarrow net, cut round its own outline with scissors, had ticks at
    the four corners of its box (page 12, Letter and A4), a box its drawing falls short of by
    2-3 mm on every side: a ruler laid on them trims bare paper. The imposition ticks a piece
    cut round its outline only on the sides of its box its drawing reaches (a sheet of chits,
    as the flower tiles', is trimmed whole on its box).
    Drawn as they were, the kit has 6 such ticks on each paper, all on the wheelbarrow's page
    (8 before outer ticks stood clear of the bleed: two now lie within a clear tick's reach of
    another piece's cut on their line, as a tick of that cut may)."""
    def strays(paper: str) -> list[str]:
        imposition = impose_kit("cottage-garden", PAPERS[paper], BuildOptions(games=("cottage-garden",)))
        return [str(problem) for sheet in imposition.sheets for problem in checks.stray_ticks(checks.flatten(sheet))]

    assert strays("letter") == [] and strays("a4") == []
    monkeypatch.setattr(impose_module, "cut_sides", lambda *args: (True, True, True, True))  # every box side ticked
    for paper in ("letter", "a4"):
        planted = strays(paper)
        assert len(planted) == 6 and all(line.startswith("page 12:") for line in planted), "\n".join(planted)
    monkeypatch.undo()
    net = Polygon(((2, 2), (38, 2), (38, 28), (2, 28)), Style(fill="#8CB8D8", stroke=INK, stroke_width=0.25))
    inset = Component("net", "token", 40, 30, Face(Group.of(net)), outline="polygon")
    sheet = impose([inset], PAPERS["letter"]).sheets[0]
    assert list(checks.stray_ticks(checks.flatten(sheet))) == [] and list(checks.unticked_cuts(checks.flatten(sheet))) == []
    assert not [line for line in sheet.overlay.children if isinstance(line, Line) and line.style == impose_module.MARK_STYLE]
    stray = Line(10.0, 3.0, 10.0, 5.0, impose_module.MARK_STYLE)
    planted_sheet = replace(sheet, overlay=Group(sheet.overlay.children + (stray,)))
    assert [problem.check for problem in checks.stray_ticks(checks.flatten(planted_sheet))] == ["stray tick"]
    ticked = impose([replace(inset, outline="rect")], PAPERS["letter"]).sheets[0]   # a box cut on its four sides
    assert list(checks.stray_ticks(checks.flatten(ticked))) == []


def test_a_cut_tick_running_on_into_a_neighbour_s_bleed_on_its_cut_line_is_found_and_stopped(monkeypatch):
    """Harvest Dice's three sticker sheets stand in a band, their tops and bottoms on one line:
    each sheet's ticks ran on across the gutter into the next sheet's bleed, whose own cut line
    that is, their halos notching its colour. The imposition now stops a tick at every other
    piece's bleed it does not start in; the neighbour's own tick marks its line. Drawn as they
    were, the kit on Letter has such ticks on its pages of cards and of stickers."""
    def into_bleeds(game: str) -> list[str]:
        imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
        return [str(problem) for sheet in imposition.sheets
                for problem in checks.ticks_into_other_bleed(checks.flatten(sheet))]

    assert into_bleeds("harvest-dice") == []
    mark = impose_module._mark
    monkeypatch.setattr(impose_module, "_mark", lambda *args: mark(*args[:7]))  # the ticks drawn as they were
    planted = into_bleeds("harvest-dice")
    assert any("stickers-tomato" in line for line in planted), "\n".join(planted)
    monkeypatch.undo()
    own = Component("piece", "token", 30, 20, Face(Group(), "#0072B2"), count=2)
    sheet = impose([own], PAPERS["letter"]).sheets[0]
    assert list(checks.ticks_into_other_bleed(checks.flatten(sheet))) == []  # neighbours on one cut share their bleed


def test_a_tick_s_halo_over_a_bleed_is_found_and_ticks_there_are_drawn_without_one(monkeypatch):
    """Each tick was drawn on a 0.6 mm white halo, over its own piece's bleed too: the halo
    blanked a square of that bleed at every corner (Harvest Dice's sticker sheets at 400 dpi),
    which shows after a cut a little off. A tick now has its halo only over bare paper; over a
    bleed it is the black tick alone, or, on a bleed too dark for black, a white hairline no
    wider than the tick. Drawn as they were (a halo under every tick), Harvest Dice on Letter
    has 206 halos over a bleed (216 before the pages with spare at their foot moved down for their
    top row's ticks, 240 before the outer ticks with room stood clear of it; 176 when it held one
    page of each score sheet, not two)."""
    def halos(game: str) -> list[str]:
        imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
        return [str(problem) for sheet in imposition.sheets for problem in checks.halos_over_bleed(checks.flatten(sheet))]

    assert halos("harvest-dice") == []
    monkeypatch.setattr(impose_module, "_bleed_boxes", lambda placements: [])  # the ticks drawn as they were
    planted = halos("harvest-dice")
    assert len(planted) == 206 and any("stickers-tomato" in line for line in planted), "\n".join(planted)
    monkeypatch.undo()

    def knockouts(background: str) -> list[Rect]:
        # as wide as the page allows: no room in the side margins, so the ticks there run over the bleed
        piece = Component("piece", "token", 196, 20, Face(Group(), background), count=2)
        sheet = impose([piece], PAPERS["letter"]).sheets[0]
        assert list(checks.halos_over_bleed(checks.flatten(sheet))) == []
        return [shape for shape in sheet.overlay.children if isinstance(shape, Rect)]

    assert knockouts("#0072B2") == []  # black reads on the blue (4:1)
    dark = knockouts("#2F4A33")        # black on Garden Variety's rim is 2.1:1: the ticks over it are white
    assert dark and all(shape.style == impose_module.KNOCKOUT_STYLE and min(shape.w, shape.h) <= 0.15 for shape in dark)


def test_a_citation_wraps_whole_in_every_kit_s_aids_and_rules():
    """Cottage Garden's aid wrapped "[4 / Gardener Phase]" with "[4" alone at a line's end:
    a bracketed citation now wraps as one word, in every kit's pieces, and a bracket never
    closed is still an ordinary word."""
    assert wrap("Move the gardener [4 / Gardener Phase]", 3.0, False, 35.0) == ["Move the gardener",
                                                                               "[4 / Gardener Phase]"]
    assert wrap("a [b c", 3.0, False, 4.0) == ["a", "[b", "c"]
    broken = [f"{game} {component.name}: {line!r}"
              for game in GAME_IDS
              for component in kit_components(game, BuildOptions(games=(game,)))[1]
              for face in (component.front, component.back) if face is not None
              for line, _box in checks.words(face.shapes)
              if line.rfind("[") > line.rfind("]")]
    assert broken == []
