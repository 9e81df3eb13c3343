"""Imposition: packing, margins, gutters, mirrored backs, bleed, cut ticks, tiling with seams,
fitting a board whole, pod pages."""
from __future__ import annotations

import itertools

import pytest

from pnp import impose as impose_module
from pnp.errors import KitError
from pnp.impose import MARK_STYLE, MIN_GUTTER_MM, TICK_EDGE_MM, TILE_OVERLAP_MM, apply, impose
from pnp.model import Component, Face, Group, Line, Polygon, Rect, Style, Text
from pnp.options import PAGE_MARGIN_MM, PAPERS

POKER = (63.5, 88.9)
FACE = Face(Group.of(Rect(0, 0, 10, 10, Style(fill="#0072B2"))), background="#E69F00")
BACK = Face(Group(), background="#222222")


def cards(count: int, double_sided: bool = True, size: tuple[float, float] = POKER,
          prefix: str = "card") -> list[Component]:
    width, height = size
    return [Component(f"{prefix}-{i}", "card", width, height, FACE, BACK if double_sided else None)
            for i in range(count)]


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - 1e-6 and bx < ax + aw - 1e-6 and ay < by + bh - 1e-6 and by < ay + ah - 1e-6


def check_sheet_geometry(imposition) -> None:
    paper = imposition.paper
    for sheet in imposition.sheets:
        assert sheet.placements, f"page {sheet.number} is blank"
        for placed in sheet.placements:
            x, y, w, h = placed.rect
            assert x >= PAGE_MARGIN_MM - 1e-6 and y >= PAGE_MARGIN_MM - 1e-6
            assert x + w <= paper.width_mm - PAGE_MARGIN_MM + 1e-6
            assert y + h <= paper.height_mm - PAGE_MARGIN_MM + 1e-6
        for a, b in itertools.combinations(sheet.placements, 2):
            assert not overlaps(a.rect, b.rect), f"page {sheet.number}: {a.component.name} overlaps {b.component.name}"
            assert not overlaps(a.bleed_rect, b.bleed_rect), "bleeds must not run into a neighbour"
            # pieces share a cut only with --cut shared, or as rows of one size on a page too
            # tight for both row gutters and outer bleed
            shared_row = a.rect[2:] == b.rect[2:] and gap(a.rect, b.rect) == pytest.approx(0, abs=1e-6) \
                and a.rect[0] == pytest.approx(b.rect[0])
            assert shared_row or gap(a.rect, b.rect) >= MIN_GUTTER_MM - 1e-6, "two pieces share a cut"
        ticks = [s for s in sheet.overlay.children if isinstance(s, Line) and s.style == MARK_STYLE]
        for line in ticks:  # past a home laser's unprinted border, off every piece
            box = (min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1) or 1e-3,
                   abs(line.y2 - line.y1) or 1e-3)
            half = MARK_STYLE.stroke_width / 2  # a tick on a cut line near the edge spreads half its width outward
            assert box[0] >= TICK_EDGE_MM - half and box[0] + box[2] <= paper.width_mm - TICK_EDGE_MM + half
            assert box[1] >= TICK_EDGE_MM - half and box[1] + box[3] <= paper.height_mm - TICK_EDGE_MM + half
            for placed in sheet.placements:
                assert not overlaps(box, placed.rect), f"a cut tick crosses {placed.component.name}"


def gap(a, b) -> float:
    """The distance between two rectangles (0 when they touch)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return max(bx - ax - aw, ax - bx - bw, by - ay - ah, ay - by - bh)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("count, pages", [(1, 2), (8, 2), (9, 2), (10, 4)])
def test_poker_cards_pack_nine_a_sheet_without_blank_or_dropped_pages(paper, count, pages):
    imposition = impose(cards(count), PAPERS[paper])
    assert len(imposition.sheets) == pages
    fronts = [p for p in imposition.placements() if p.side == "front"]
    backs = [p for p in imposition.placements() if p.side == "back"]
    assert sorted(p.component.name for p in fronts) == sorted(f"card-{i}" for i in range(count))
    assert len(backs) == count
    if count <= 9:
        assert max(len(s.placements) for s in imposition.sheets) == count
    check_sheet_geometry(imposition)


@pytest.mark.parametrize("count, pages", [(1, 1), (8, 1), (9, 1), (10, 2)])
def test_single_sided_pieces_get_no_back_pages(count, pages):
    imposition = impose(cards(count, double_sided=False), PAPERS["letter"])
    assert len(imposition.sheets) == pages
    assert all(s.side == "front" for s in imposition.sheets)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_follow_their_fronts_mirrored_for_the_flip(duplex):
    imposition = impose(cards(12), PAPERS["a4"], duplex=duplex)
    width, height = PAPERS["a4"].width_mm, PAPERS["a4"].height_mm
    placements = list(imposition.placements())
    for front in (p for p in placements if p.side == "front"):
        back = next(p for p in placements if p.side == "back" and p.component is front.component)
        assert back.page == front.page + 1
        x, y, w, h = front.rect
        if duplex == "long":
            assert back.rect == pytest.approx((width - x - w, y, w, h))
        else:
            assert back.rect == pytest.approx((x, height - y - h, w, h))
        # the matrices agree: a corner of the back face lies behind the same corner of the front
        fx, fy = apply(front.matrix, 0, 0)  # front face's top-left
        bx, by = apply(back.matrix, 63.5, 0)  # the same point of the piece, seen from the back
        expected = (width - fx, fy) if duplex == "long" else (fx, height - fy)
        assert (bx, by) == pytest.approx(expected)


def test_short_edge_backs_are_turned_half_round():
    imposition = impose(cards(1), PAPERS["letter"], duplex="short")
    back = imposition.sheets[1].placements[0]
    assert back.matrix[:4] == pytest.approx((-1, 0, 0, -1))


def test_bleed_is_the_full_bleed_where_there_is_room():
    imposition = impose(cards(1), PAPERS["a3"], bleed=3)
    assert imposition.sheets[0].placements[0].bleed == pytest.approx((3, 3, 3, 3))
    no_bleed = impose(cards(9), PAPERS["a4"], bleed=0)
    assert all(p.bleed == (0, 0, 0, 0) for p in no_bleed.placements())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_ticks_mark_every_cut_line_inside_the_printable_area(paper):
    imposition = impose(cards(9), PAPERS[paper])
    sheet = imposition.sheets[0]
    check_sheet_geometry(imposition)
    vertical_cuts = {round(x, 3) for p in sheet.placements for x in (p.rect[0], p.rect[0] + p.rect[2])}
    horizontal_cuts = {round(y, 3) for p in sheet.placements for y in (p.rect[1], p.rect[1] + p.rect[3])}
    ticks = [line for line in sheet.overlay.children if isinstance(line, Line) and line.style == MARK_STYLE]
    assert vertical_cuts <= {line.x1 for line in ticks if line.x1 == line.x2}
    assert horizontal_cuts <= {line.y1 for line in ticks if line.y1 == line.y2}


def test_cut_shared_lays_same_size_pieces_edge_to_edge():
    shared = impose(cards(9), PAPERS["a4"], cut="shared").sheets[0]
    rects = sorted(p.rect for p in shared.placements)
    assert rects[1][1] == pytest.approx(rects[0][1] + rects[0][3])  # one column: each card on the one above
    assert rects[3][0] == pytest.approx(rects[0][0] + rects[0][2])  # one row: each card beside the other
    assert all(p.bleed == (0, 0, 0, 0) or 0 in p.bleed for p in shared.placements)  # no bleed where they touch


def test_a_kind_that_fits_a_page_is_not_split_over_two():
    """Six cards follow a sheet that leaves room for three: they go together on the next page."""
    sheet = Component("sheet", "sheet", 180, 170, FACE)
    imposition = impose([sheet, *cards(6, double_sided=False)], PAPERS["letter"])
    pages = {p.page for p in imposition.placements() if p.component.name.startswith("card")}
    assert len(pages) == 1


def test_a_small_piece_is_not_tucked_into_a_row_of_another_kind():
    """Two tokens leave room at the end of their row; the markers still make a row of their
    own, all together, rather than one sitting beside the tokens."""
    tokens = [Component(f"token-{i}", "token", 80, 80, FACE) for i in range(2)]
    markers = [Component(f"marker-{i}", "marker", 10, 10, FACE) for i in range(6)]
    imposition = impose(tokens + markers, PAPERS["letter"])
    token_rows = {p.rect[1] for p in imposition.placements() if p.component.kind == "token"}
    marker_rows = {p.rect[1] for p in imposition.placements() if p.component.kind == "marker"}
    assert len(marker_rows) == 1 and not marker_rows & token_rows


def test_a_run_of_pieces_is_never_split_between_rows():
    """Three blue and three red tokens share a row, each run whole; nine green ones do not fit
    the rest of that row, so they start a row of their own rather than run on after red."""
    tokens = [Component(f"token-{colour}-{i}", "token", 20, 20, FACE, run=colour)
              for colour, count in (("blue", 3), ("red", 3), ("green", 8)) for i in range(count)]
    imposition = impose(tokens, PAPERS["letter"])
    rows: dict[float, list[str | None]] = {}
    for placed in imposition.placements():
        rows.setdefault(placed.rect[1], []).append(placed.component.run)
    assert sorted(rows.values(), key=len) == [["blue"] * 3 + ["red"] * 3, ["green"] * 8]


def test_nearly_empty_sheets_are_packed_together():
    few = cards(2, size=(60, 60), prefix="tile") + [Component("bed", "board", 150, 150, FACE, BACK)]
    imposition = impose(few, PAPERS["a4"])
    assert len(imposition.sheets) == 2  # one sheet, its back; not two two-sided sheets


def test_mixed_sizes_share_pages_and_turn_when_that_saves_pages():
    mixed = cards(3, double_sided=False) + cards(9, double_sided=False, size=(120, 60), prefix="tile")
    imposition = impose(mixed, PAPERS["letter"])
    check_sheet_geometry(imposition)
    tiles = [p for p in imposition.placements() if p.component.name.startswith("tile")]
    assert all(p.rotated and p.rect[2:] == (60, 120) for p in tiles)
    assert [len(s.placements) for s in imposition.sheets] == [6, 6]  # a row of cards, a row of tiles; 2 rows of tiles


def test_an_oversized_board_is_tiled_with_overlap_and_covers_the_whole_piece():
    board = Component("board", "board", 400, 330, FACE)
    imposition = impose([board], PAPERS["letter"])
    portions = list(imposition.placements())
    assert len(portions) > 1 and all(p.tile is not None for p in portions)
    assert len({p.page for p in portions}) == len(portions)  # one portion a page
    check_sheet_geometry(imposition)
    sources = []
    for placed in portions:  # the piece rectangle each portion shows
        x, y, w, h = placed.rect
        corners = [apply(_inverse(placed.matrix), cx, cy) for cx, cy in ((x, y), (x + w, y + h))]
        (u0, v0), (u1, v1) = corners
        sources.append((min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1)))
    for u in range(0, 401, 10):
        for v in range(0, 331, 10):
            assert any(a - 1e-6 <= u <= c + 1e-6 and b - 1e-6 <= v <= d + 1e-6 for a, b, c, d in sources)
    by_tile = {p.tile: s for p, s in zip(portions, sources)}
    right_neighbour = by_tile[(1, 1)][2] - by_tile[(1, 2)][0]
    assert right_neighbour >= TILE_OVERLAP_MM - 1e-6
    assert all(len(s.overlay.children) > 0 for s in imposition.sheets)  # ticks, and the seams


def seam_texts(sheet) -> list[str]:
    found = []

    def walk(shape):
        if isinstance(shape, Group):
            for child in shape.children:
                walk(child)
        elif isinstance(shape, Text):
            found.append(shape.text)
    walk(sheet.overlay)
    return found


def test_a_board_split_in_two_gets_a_trim_line_a_glue_zone_and_matching_marks():
    board = Component("board", "board", 300, 200, FACE)
    imposition = impose([board], PAPERS["letter"], first_page=2)
    first, second = imposition.sheets
    assert [p.tile for p in (first.placements[0], second.placements[0])] == [(1, 1), (2, 1)] or \
        [p.tile for p in (first.placements[0], second.placements[0])] == [(1, 1), (1, 2)]
    assert seam_texts(first) == []
    assert seam_texts(second) == ["GLUE: trim page 2 on its line and lay it here, arrows tip to tip"]
    tips = []
    for sheet in (first, second):  # each portion's arrow tips, in board coordinates
        placed = sheet.placements[0]
        arrows = [s for s in sheet.overlay.children if isinstance(s, Polygon) and s.style.fill == "#000000"]
        assert len(arrows) == 2  # one at each end of the seam
        tips.append(sorted(tuple(round(v, 3) for v in apply(_inverse(placed.matrix), *a.points[0])) for a in arrows))
    assert tips[0] == tips[1]  # tip to tip once joined


def test_pieces_that_ask_for_shared_cuts_abut_their_own_colour_and_others_keep_their_gutter():
    """Garden Dice's tiles meet their neighbours of one colour on one cut in every build (the
    review counted two cuts between every two tiles); pieces that do not ask keep a gutter."""
    def gaps(shared: bool) -> set[float]:
        tiles = Component("tile", "tile", 22, 22, FACE, count=8, shared_cuts=shared)
        placed = sorted(impose([tiles], PAPERS["letter"]).placements(), key=lambda p: (p.rect[1], p.rect[0]))
        return {round(b.rect[0] - (a.rect[0] + a.rect[2]), 3) for a, b in zip(placed, placed[1:])
                if a.rect[1] == b.rect[1]}

    assert gaps(True) == {0.0}
    assert min(gaps(False)) >= MIN_GUTTER_MM


def test_shared_cut_pieces_of_several_colours_keep_one_grid_so_every_cut_runs_across_the_sheet():
    """Garden Dice's tile rows started 8.95, 7.47, 19.95 and 6.98 mm in (the reviewer's
    measure): a colour change moved the rest of its row off the grid. Now a colour change
    skips a whole cell, and a short row keeps the full rows' columns."""
    blue, orange = (Face(Group(), background=colour) for colour in ("#0072B2", "#E69F00"))
    tiles = [Component(f"tile-{name}", "tile", 22, 22, face, count=count, shared_cuts=True)
             for name, face, count in (("blue", blue, 12), ("orange", orange, 11))]
    placed = [p for p in impose(tiles, PAPERS["letter"]).placements()]
    left = min(p.rect[0] for p in placed)
    assert {round((p.rect[0] - left) / 22, 6) % 1 for p in placed} == {0.0}
    rows = {p.rect[1] for p in placed}
    assert len(rows) == 3 and {min(p.rect[0] for p in placed if p.rect[1] == y) for y in rows} == {left}
    # the colour change skips a cell: no two colours side by side closer than a tile
    for a, b in itertools.combinations(placed, 2):
        if a.rect[1] == b.rect[1] and a.component is not b.component:
            assert abs(a.rect[0] - b.rect[0]) >= 2 * 22 - 1e-6


def test_a_board_joined_by_a_hinge_is_cut_in_abutting_halves_trimmed_on_both_sides_of_the_seam():
    """A glued board is stiff and flat; a board whose halves abut, taped on the back, folds for
    the box: no overlap, no glue zone, a trim line on both halves, their arrows tip to tip."""
    board = Component("board", "board", 360, 264, FACE, join="hinge")
    imposition = impose([board], PAPERS["letter"], first_page=2)
    first, second = imposition.sheets
    assert [p.tile for p in (first.placements[0], second.placements[0])] == [(1, 1), (1, 2)]
    assert first.placements[0].rect[2] + second.placements[0].rect[2] == pytest.approx(360)
    assert seam_texts(first) == seam_texts(second) == []
    tips = []
    for sheet in (first, second):
        placed = sheet.placements[0]
        trims = [s for s in sheet.overlay.children if isinstance(s, Line) and s.style.stroke == "#000000"]
        assert trims, "a trim line on each half"
        arrows = [s for s in sheet.overlay.children if isinstance(s, Polygon) and s.style.fill == "#000000"]
        assert len(arrows) == 2
        tips.append(sorted(tuple(round(v, 3) for v in apply(_inverse(placed.matrix), *a.points[0])) for a in arrows))
    assert tips[0] == tips[1] and {x for (x, _) in tips[0]} == {180.0}  # on the seam, tip to tip


def test_a_board_a_little_taller_than_the_page_less_its_footer_prints_on_two_pages_with_the_footer_beside_it():
    """Garden Dice's 360 x 264 mm board took four Letter pages and three seams: under a
    footer along the bottom 263.4 mm of height is left. With the footer down the left side
    (267.4 mm) two 190 mm wide portions hold it, joined on one seam."""
    board = Component("board", "board", 360, 264, FACE)
    imposition = impose([board], PAPERS["letter"])
    assert [p.tile for p in imposition.placements()] == [(1, 1), (1, 2)]
    assert all(sheet.band == "left" for sheet in imposition.sheets)
    check_sheet_geometry(imposition)
    for sheet in imposition.sheets:  # the portion keeps clear of the footer's box
        assert not overlaps(sheet.placements[0].rect, sheet.footer)
    # on A4 the footer along the bottom leaves room enough, and it stays there
    assert {sheet.band for sheet in impose([board], PAPERS["a4"]).sheets} == {"bottom"}


def test_a_board_that_may_shrink_a_little_fits_one_page_whole():
    board = Component("board", "board", 228, 250, FACE, fit_scale=0.85)
    for paper in ("letter", "a4"):
        placed = list(impose([board], PAPERS[paper]).placements())
        assert len(placed) == 1 and placed[0].tile is None and 0.85 <= placed[0].scale < 1
        assert placed[0].rect[2] == pytest.approx(placed[0].scale * (250 if placed[0].rotated else 228))
    stiff = Component("board", "board", 228, 250, FACE)
    assert len(list(impose([stiff], PAPERS["letter"]).placements())) == 2


def test_a_large_paper_takes_the_board_whole():
    board = Component("board", "board", 380, 270, FACE)
    placements = list(impose([board], PAPERS["a3"]).placements())
    assert len(placements) == 1 and placements[0].tile is None and placements[0].rotated


def test_pod_pages_are_one_face_each_with_trim_and_bleed_boxes():
    imposition = impose(cards(2), PAPERS["letter"], pod=True, bleed=3)
    assert len(imposition.sheets) == 4
    for sheet in imposition.sheets:
        assert (sheet.width_mm, sheet.height_mm) == pytest.approx((81.5, 106.9))  # bleed and a 6 mm slug
        assert sheet.trim_box == pytest.approx((9, 9, 63.5, 88.9))
        assert sheet.bleed_box == pytest.approx((6, 6, 69.5, 94.9))
        assert len(sheet.placements) == 1
        marks = [s for s in sheet.overlay.children if isinstance(s, Line) and s.style == MARK_STYLE]
        assert len(marks) == 8  # two on each of the four trim lines, in the slug, off the bleed
        for mark in marks:  # on a trim line, and outside the bleed
            assert mark.x1 == mark.x2 in (9, 72.5) or mark.y1 == mark.y2 in (9, 97.9)
            box = (min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) or 1e-3,
                   abs(mark.y2 - mark.y1) or 1e-3)
            assert not overlaps(box, sheet.bleed_box)
    assert [s.side for s in imposition.sheets] == ["front", "back", "front", "back"]


def test_duplicate_component_names_are_refused():
    with pytest.raises(ValueError, match="unique"):
        impose(cards(1) + cards(1), PAPERS["letter"])


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_turned_pieces_get_backs_exactly_behind_their_fronts(duplex):
    """On A3, 54 poker cards pack turned (18 a page instead of 16); every point of a card's
    back must print behind the same point of its front after the flip."""
    imposition = impose(cards(54), PAPERS["a3"], duplex=duplex)
    width, height = PAPERS["a3"].width_mm, PAPERS["a3"].height_mm
    placements = list(imposition.placements())
    assert len(imposition.sheets) == 6 and all(p.rotated for p in placements)
    backs = {p.component.name: p for p in placements if p.side == "back"}
    for front in (p for p in placements if p.side == "front"):
        back = backs[front.component.name]
        for u, v in ((0, 0), (63.5, 0), (10, 80), (63.5, 88.9)):
            fx, fy = apply(front.matrix, u, v)
            bx, by = apply(back.matrix, 63.5 - u, v)  # the same point of the card, seen from behind
            assert (bx, by) == pytest.approx((width - fx, fy) if duplex == "long" else (fx, height - fy))


def test_a_few_one_sided_pieces_ride_on_a_two_sided_sheet_with_room():
    tiles = cards(6, size=(30, 30), prefix="tile")  # two-sided, a corner of the page
    tokens = cards(4, double_sided=False, size=(20, 20), prefix="token")
    imposition = impose(tiles + tokens, PAPERS["letter"])
    assert len(imposition.sheets) == 2  # one sheet through the printer twice
    front, back = imposition.sheets
    assert {p.component.name[:4] for p in front.placements} == {"tile", "toke"}
    assert {p.component.name[:4] for p in back.placements} == {"tile"}  # a token's back is blank paper
    check_sheet_geometry(imposition)


def test_stickers_keep_a_page_of_their_own():
    sticker = Component("die-stickers", "sticker", 60, 40, FACE)
    imposition = impose([*cards(2, double_sided=False), sticker], PAPERS["a4"])
    pages = {p.page: {q.component.kind for q in imposition.placements() if q.page == p.page}
             for p in imposition.placements()}
    assert sorted(map(sorted, pages.values())) == [["card"], ["sticker"]]


def test_rows_too_tight_for_outer_bleed_share_their_cuts_and_keep_clear_of_a_lasers_border():
    """Three rows of poker cards fill a Letter page: with a gutter between rows the top and
    bottom cards would sit on the 5 mm margin, 0.8 mm past a laser's 4.2 mm unprinted border.
    The rows share their cuts instead and the slack goes to the outer edges."""
    from pnp.impose import EDGE_KEEP_MM, PAGE_MARGIN_MM

    art = Face(Group.of(Rect(0, 0, 63.5, 88.9, Style(fill="#0072B2"))), background="#0072B2")
    cards = Component("card", "card", 63.5, 88.9, art, count=9)
    paper = PAPERS["letter"]
    imposition = impose([cards], paper)
    rects = [placed.rect for placed in imposition.sheets[0].placements]
    assert len(rects) == 9
    tops = sorted({round(y, 3) for _, y, _, _ in rects})
    assert [round(b - a, 3) for a, b in zip(tops, tops[1:])] == [88.9, 88.9]  # edge to edge
    assert min(min(y, paper.height_mm - y - h) for _, y, _, h in rects) >= PAGE_MARGIN_MM + EDGE_KEEP_MM
    lefts = sorted({round(x, 3) for x, _, _, _ in rects})
    assert all(b - a > 63.5 + 1.2 for a, b in zip(lefts, lefts[1:]))  # columns keep their gutters


def test_a_back_page_ticks_only_the_cuts_of_the_pieces_it_backs():
    """Two-sided tiles with one-sided tokens riding on their page: the back page has no
    ticks for the tokens, which have nothing behind them."""
    tiles = cards(3, size=(30, 30), prefix="tile")
    tokens = [Component("token", "token", 20, 20, FACE, count=6)]
    front, back = impose([*tiles, *tokens], PAPERS["letter"]).sheets[:2]
    assert {p.component.name for p in front.placements} >= {"tile-0", "token"}
    ticks = [line for line in back.overlay.children if isinstance(line, Line) and line.style == MARK_STYLE]
    edges = {round(x, 3) for p in back.placements for x in (p.rect[0], p.rect[0] + p.rect[2])}
    assert ticks and {line.x1 for line in ticks if line.x1 == line.x2} <= edges


def test_pads_and_pieces_for_card_never_share_a_page():
    """A score pad is printed on plain paper again and again; tokens go on card."""
    pad = Component("score-pad", "pad", 90, 120, FACE, count=2)
    tokens = Component("token", "token", 20, 20, FACE, count=10)
    pages = impose([pad, tokens], PAPERS["letter"]).sheets
    assert [sorted({p.component.kind for p in sheet.placements}) for sheet in pages] == [["pad"], ["token"]]


def test_stickers_share_their_plain_paper_with_one_sided_aids_and_never_with_card():
    """Harvest Dice printed its die stickers alone on a page of plain paper (19 % used) and
    its rules card on the card page beside the pig; Garden Variety's die stickers filled 7 %
    of a page. Pieces for plain paper (aids, sheets) now share the stickers' pages, a two-sided
    aid too (Cottage Garden's die stickers printed on a sheet of their own beside its four
    aids, which left room for them); pieces for card stay apart."""
    stickers = Component("die-stickers", "sticker", 36, 24, FACE)
    summary = Component("rules-summary", "aid", 94, 128, FACE)
    tent = Component("start-player-marker", "sheet", 70, 80, FACE)
    backed = Component("player-aid", "aid", 90, 120, FACE, BACK)
    tokens = Component("token", "token", 20, 20, FACE, count=10)
    pages = impose([backed, summary, tent, tokens, stickers], PAPERS["letter"]).sheets
    kinds = [sorted({p.component.name for p in sheet.placements}) for sheet in pages]
    assert any({"die-stickers", "rules-summary", "start-player-marker"} <= set(names) for names in kinds)
    assert not any("token" in names and "die-stickers" in names for names in kinds)
    assert not any("token" in names and ("player-aid" in names or "rules-summary" in names) for names in kinds)


@pytest.mark.parametrize("short_by", [0.0, 1.0, 1.9, 2.5])
def test_a_piece_nearly_the_printable_size_is_printed_not_dropped(short_by):
    """A board 1-2 mm smaller than the printable area was left out of the kit without a word."""
    area = impose_module._printable(PAPERS["letter"], "bottom")
    board = Component("board", "board", area[2] - short_by, area[3] - short_by, Face(Group()))
    token = Component("token", "token", 20, 20, Face(Group()))
    imposition = impose([board, token], PAPERS["letter"])
    assert {p.component.name for p in imposition.placements()} == {"board", "token"}


def test_an_imposition_that_would_leave_a_piece_out_fails_in_words(monkeypatch):
    monkeypatch.setattr(impose_module, "_columns", lambda *args: [])
    token = Component("token", "token", 20, 20, Face(Group()))
    with pytest.raises(KitError, match=r"no room on letter paper for token \(20 x 20 mm\)"):
        impose([token], PAPERS["letter"])


def test_a_row_whose_colour_changes_keeps_to_the_grid_of_the_rows_above():
    """Propagation's token rows: a row holding one player's last carrots and the next
    player's first tomatoes was spread over the page, out of line with the rows above; it
    keeps their grid and moves on by the wider gutter where the colour changes."""
    blue = [Component(f"blue-{n}", "token", 15.875, 15.875, Face(Group(), "#0072B2"), run="blue")
            for n in range(17)]
    red = [Component(f"red-{n}", "token", 15.875, 15.875, Face(Group(), "#D55E00"), run="red") for n in range(5)]
    placed = {p.component.name: p.rect for p in impose(blue + red, PAPERS["letter"]).placements() if p.side == "front"}
    assert placed["blue-12"][0] == pytest.approx(placed["blue-0"][0])  # the second row starts under the first
    assert placed["blue-13"][0] == pytest.approx(placed["blue-1"][0])
    assert placed["red-0"][0] - placed["blue-16"][0] - 15.875 >= impose_module.COLOUR_GUTTER_MM - 1e-6


@pytest.mark.parametrize("game", ["cottage-garden", "harvest-dice", "garden-dice"])
def test_pages_are_packed_from_the_top_or_lowered_just_enough_for_their_top_ticks(game):
    """Cottage Garden's page 11 used 41 % of the sheet with its top 44.7 mm empty: rows were
    centred, splitting the spare paper into a band above the pieces and one below. Packed from
    the top, though, the top row's bleed lay 4 mm from the paper edge and its outer ticks ran
    over it; so a page with the spare at its foot moves down just far enough for them
    (tick_room_margin: 12.5 mm with 3 mm bleed), no further, and the rest of the spare stays
    at the foot. (Propagation's trackers, turned on their page, are still centred across it.)"""
    from pnp.build import impose_kit
    from pnp.options import BuildOptions

    imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
    least = PAGE_MARGIN_MM + impose_module.EDGE_KEEP_MM
    lowered = impose_module.tick_room_margin(3.0)
    tops = []
    for sheet in imposition.sheets:
        if sheet.side != "front" or not sheet.placements or any(p.tile for p in sheet.placements):
            continue  # a board's portion is centred on its own page, its seams measured from there
        top = min(placed.rect[1] for placed in sheet.placements)
        bottom = sheet.height_mm - max(placed.rect[1] + placed.rect[3] for placed in sheet.placements)
        tops.append(round(top, 2))
        if top <= least + impose_module.EDGE_KEEP_MM + 0.01:
            # packed from the top: the foot's spare, less the footer's band and the bleed beside it,
            # is too short to lower the pieces to the ticks' room
            assert bottom - (least + impose_module.FOOTER_BAND_MM + impose_module.BLEED_OUTSIDE_MM) \
                < lowered - top, (sheet.number, top, bottom)
        else:
            assert top == pytest.approx(lowered) and bottom >= top - 0.01, (sheet.number, top, bottom)
    assert lowered in tops  # some page of each kit has the spare to move


def test_a_lone_kind_goes_into_the_blank_beside_another_pages_rows():
    """Shelves cannot fill beside a row: a marker too tall to go under a board opened a page
    of its own (Propagation's round marker sat alone in a strip at the top of a token page,
    a 95 x 100 mm blank beside the apple trees on the page before). It goes in the blank now,
    a colour gutter clear of the board, and the empty page is gone."""
    face = Face(Group(), background="#E69F00")
    board = Component("board", "board", 120.0, 255.0, face)
    marker = Component("marker", "marker", 30.0, 30.0, Face(Group(), background="#0072B2"))
    imposition = impose([board, marker], PAPERS["letter"])
    check_sheet_geometry(imposition)
    assert len(imposition.sheets) == 1
    (bx, by, bw, _), (mx, my, mw, _) = (placed.rect for placed in imposition.sheets[0].placements)
    apart = max(mx - (bx + bw), bx - (mx + mw))  # beside the board, left or right
    assert apart >= impose_module.COLOUR_GUTTER_MM - 1e-6 and my == pytest.approx(by)



def test_an_aid_asked_for_on_card_never_shares_a_page_with_aids_on_paper():
    """Two small aids fit one page, but one prints on card (a player aid handled all game)
    and one on paper (a sheet written on): each gets a page of its own stock."""
    face = Face(Group((Rect(0, 0, 60, 40, Style(fill="#FFFFFF")),)))
    on_card = Component("player-aid", "aid", 60, 40, face, on_card=True)
    on_paper = Component("calendar", "aid", 60, 40, face)
    pages = {placed.component.name: placed.page for placed in impose([on_card, on_paper], PAPERS["letter"]).placements()}
    assert pages["player-aid"] != pages["calendar"]
    together = impose([on_paper, Component("notes", "aid", 60, 40, face)], PAPERS["letter"])
    assert len({placed.page for placed in together.placements()}) == 1
