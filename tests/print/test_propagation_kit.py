"""Propagation kit: the pieces it draws match the game's data (counts, sizes, labels)."""
from __future__ import annotations

import json

import pytest

from pnp.art import propagation as art
from pnp.kits import propagation as kit
from pnp.model import Group, Icon, Line, Path, Polygon, Rect, Style, Text
from scorer.games.propagation import data
from tests.support.kit_builds import default_kit
from tests.support.shapes import lone_last_words, texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def _chits(sheet):
    """A sheet of chits' chits, in order: the groups its face lays on its grid."""
    return [shape for shape in sheet.front.shapes.children if isinstance(shape, Group)]


def test_every_plant_token_is_numbered_per_colour(pieces):
    """A player's thirty tokens are one sheet of chits in their colour, five to a row, a kind's
    tokens in number order, each with the player's shape and the plant's picture."""
    colours = kit.player_colours()
    assert len(colours) == 4 and len({c.symbol for c in colours}) == 4
    for colour in colours:
        sheet = pieces[f"plant-tokens-{colour.name}"]
        assert sheet.count == 1 and sheet.outline == "rect" and sheet.front.background == colour.hex
        chits = _chits(sheet)
        assert sheet.chits == (kit.TOKEN_COLUMNS, 6) and len(chits) == 30
        expected = [(kind, number) for kind in data.KINDS for number in range(1, data.PLANTS[kind]["tokens"] + 1)]
        for chit, (kind, number) in zip(chits, expected):
            icons = {s.name for s, _, _ in walk(chit) if isinstance(s, Icon)}
            assert icons == {colour.symbol, f"propagation-{kind}"}  # the player's shape, not colour alone
            assert [s.text for s, _, _ in walk(chit) if isinstance(s, Text)] == [str(number)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_token_is_a_square_chit_on_a_sheet_and_page_one_counts_the_cuts(pieces, paper):
    """132 round pieces wanted two craft punches (or 132 circles cut with scissors), 205
    straight cuts for their page: now every token and marker is a square chit of one size on
    a sheet cut along its lines, and page 1 says how many straight cuts the kit takes."""
    from pnp.build import impose_kit
    from pnp.cuts import count_cuts
    from pnp.options import PAPERS, BuildOptions

    assert not [c for c in pieces.values() if c.outline == "circle"]
    sheets = [c for c in pieces.values() if c.chits]
    assert {c.footprint for c in sheets} == {(kit.CHIT, kit.CHIT)}
    for sheet in sheets:
        columns, rows = sheet.chits
        assert (sheet.width_mm, sheet.height_mm) == (columns * kit.CHIT, rows * kit.CHIT)
    assert sum(len(_chits(c)) for c in sheets) == 4 * sum(p["tokens"] for p in data.PLANTS.values()) + data.ROCKS + 2
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    assert f"Cutting takes about {count_cuts(imposition)} straight cuts" in words
    assert count_cuts(imposition) <= 125 and "punch" not in words


def test_six_and_nine_tokens_are_underlined_as_they_turn_on_the_table(pieces):
    chits = _chits(pieces["plant-tokens-red"])
    for index, chit in enumerate(chits):
        lines = [s for s, _, _ in walk(chit) if isinstance(s, Line)]
        number = [s.text for s, _, _ in walk(chit) if isinstance(s, Text)][0]
        assert len(lines) == (number in ("6", "9")), index


def test_rocks_start_token_round_track_and_its_marker(pieces):
    sheet = pieces["rock-and-marker-tokens"]
    chits = _chits(sheet)
    rocks = [c for c in chits if any(isinstance(s, Icon) and s.name == "propagation-rock" for s, _, _ in walk(c))]
    assert len(rocks) == data.ROCKS and len(chits) == data.ROCKS + 2
    assert "START" in texts(sheet.front) and "round" in texts(sheet.front)
    track = texts(pieces["round-track"].front)
    assert [str(n) for n in range(1, 21)] == [t for t in track if t.isdigit()]
    stars = [s for s, _, _ in walk(pieces["round-track"].front.shapes) if isinstance(s, Icon) and s.name == "star"]
    assert len(stars) == len(data.BONUS_ROUNDS) == 2
    assert kit.CHIT + 1 <= kit.ROUND_BOX - kit.ROUND_BED_GAP  # the round marker sits inside a round's bed


def test_board_colours_the_top_hex_and_prints_no_coordinates(pieces):
    board = pieces["board"]
    labels = texts(board.front)
    assert not any("," in label for label in labels)  # no developer coordinates
    hexes = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Polygon)]
    assert len(hexes) == 61
    top = [h for h in hexes if h.style.fill == kit.TOP_HEX_FILL]
    assert len(top) == 1
    # The coloured hex is the northernmost one, centred horizontally.
    ys = [min(y for _, y in h.points) for h in hexes]
    assert min(ys) == min(y for _, y in top[0].points)
    assert "TOP" in labels


def test_board_prints_coordinates_only_when_the_hidden_option_asks():
    from pnp.options import KitOptions

    board = {c.name: c for c in kit.components(KitOptions(coordinates=True))}["board"]
    labels = texts(board.front)
    for q, r in data.board_spaces():
        assert f"{q},{r}" in labels


def test_bonus_card_back_is_light_unless_dark_backs_are_asked_for(pieces):
    from pnp.colors import luminance
    from pnp.options import KitOptions

    light = pieces["bonus-most-tomatoes"].back
    dark = {c.name: c for c in kit.components(KitOptions(dark_backs=True))}["bonus-most-tomatoes"].back
    assert light is not None and dark is not None
    assert luminance(light.background) > 0.7 > 0.2 > luminance(dark.background)


def test_board_fits_whole_on_letter_and_a4_and_a_token_lies_inside_a_hex(pieces):
    """A hex's space is the largest square inside its drawn outline, its corners on the hex's
    slanting sides: a chit that fits it lies inside the hex."""
    import math

    from pnp.options import PAGE_MARGIN_MM, PAPERS

    board = pieces["board"]
    for paper in (PAPERS["letter"], PAPERS["a4"]):
        assert board.width_mm <= paper.width_mm - 2 * PAGE_MARGIN_MM
        assert board.height_mm <= paper.height_mm - 2 * PAGE_MARGIN_MM
    space = board.spaces[0].box
    assert space[2] == space[3] == pytest.approx(16.4, abs=0.05)
    corner = 12.936 / (1 + 1 / math.sqrt(3))  # the drawn hex's corner at 12.936 mm; a square's corner on its side
    assert space[2] / 2 == pytest.approx(corner, abs=0.01)
    assert space[2] >= kit.CHIT + 1


# A Mini Euro card and its sleeve, mm: the cards were 46 x 65, a size no sleeve fits.
MINI_EURO = (44.0, 68.0)
MINI_EURO_SLEEVE = (45.0, 68.0)


def test_bonus_cards_are_mini_euro_cards_a_sleeve_fits_with_a_picture_and_no_code_name(pieces):
    """A standard card size players can sleeve: Mini Euro, 44 mm across and a tenth of a
    millimetre under its 68 mm (three turned span Letter's 203.9 mm, so all fifteen still print
    on one sheet). The picture sits in its box between the award and the words."""
    cards = [c for c in pieces.values() if c.kind == "card"]
    assert len(cards) == len(data.BONUS_CARDS) >= 12
    for card in cards:
        assert (card.width_mm, card.height_mm) == kit.BONUS_CARD and card.double_sided
        assert card.width_mm == MINI_EURO[0] and MINI_EURO[1] - 0.2 <= card.height_mm <= MINI_EURO[1]
        assert card.width_mm <= MINI_EURO_SLEEVE[0] - 1.0 and card.height_mm <= MINI_EURO_SLEEVE[1]
        card_id = card.name.removeprefix("bonus-")
        words = texts(card.front)
        assert data.BONUS_CARDS[card_id]["text"] in words
        assert str(data.BONUS_CARDS[card_id]["points"]) in words and card_id not in words
        pictured = [s for s, _, y in walk(card.front.shapes)
                    if isinstance(s, (Icon, Polygon)) and 18.6 <= _top(s, y) <= 33.6]
        assert pictured, card_id


def _top(shape, dy):
    if isinstance(shape, Icon):
        return shape.cy + dy
    return min(y for _, y in shape.points) + dy


def test_page_one_and_the_calendar_name_the_rulebook_s_dice_for_the_tiers(pieces):
    """The pencil calendar is the kit's way; the rulebook's Materials suggests small dice for
    the tiers, and page 1 names them: a die for each plant with as many sides as the tier it
    dies at (a d6 for tomatoes and carrots, which die at 6; a d10 for apple trees). Each
    calendar points to them."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions
    from tests.print.test_pnp_paper import _guide_words

    assert {kind: data.tier_die(kind) for kind in data.KINDS} == {"tomato": "d6", "carrot": "d6", "apple": "d10"}
    words = _guide_words(impose_kit(kit.GAME_ID, PAPERS["letter"], BuildOptions(games=(kit.GAME_ID,))))
    assert kit.dice_note() in words
    assert "[Materials]" in kit.dice_note() and "a d6 on each tomato and carrot, a d10 on each apple tree" in words
    for colour in kit.player_colours():
        note = " ".join(texts(pieces[f"tracker-{colour.name}"].front))
        assert "small die on each plant counts its tier [Materials]" in note


def test_the_guide_asks_for_a_pencil_with_an_eraser_per_player_and_no_punch():
    """Every player writes on their own tracker and rubs out a plant that dies. The two craft
    punches the round tokens wanted are gone with them: a ruler and a knife or a trimmer cut
    the sheets of chits."""
    wanted = dict((thing.split(",")[0].split(" (")[0], count) for thing, count in kit.GUIDE.box_items)
    assert wanted == {"pencils with erasers": data.PLAYERS_MAX}
    assert "punch" not in " ".join(kit.GUIDE.assembly)


def test_the_sowing_calendar_prints_when_each_round_s_plants_are_grown_and_die(pieces):
    """A row a round: the tokens sown that round are written once, under their plant, and the
    row says from which round they are grown and at the end of which they die (a row per token
    took three numbers and two sums for every token sown). True to the turn: a plant sown in
    round 1 is at tier 1 on its owner's turn in round 2, so tomatoes and carrots (grown at tier
    3, dead at 6) are grown from round 4 and die at the end of round 7, apple trees (5 and 10)
    from round 6 and at the end of round 11; past round 20, a dash."""
    assert [kit.calendar_round(1, kind, what) for kind in ("tomato", "carrot", "apple") for what in ("grown", "dies")] \
        == ["4", "7", "4", "7", "6", "11"]
    assert kit.calendar_round(14, "tomato", "dies") == "20" and kit.calendar_round(15, "tomato", "dies") == "–"
    assert kit.growth_groups() == (("tomato", "carrot"), ("apple",))
    columns = kit.tracker_columns()
    top = kit.TRACKER_HEAD
    for colour in kit.player_colours():
        tracker = pieces[f"tracker-{colour.name}"]
        printed = {(round(s.x + dx, 2), round(s.y + dy, 2)): s.text for s, dx, dy in walk(tracker.front.shapes)
                   if isinstance(s, Text)}
        for x, w, what, kind in columns:
            column = [printed.get((round(x + w / 2, 2), round(top + (n - 0.5) * kit.ROW_H, 2)))
                      for n in range(1, data.ROUNDS + 1)]
            if what == "round":
                assert column == [str(n) for n in range(1, data.ROUNDS + 1)]
            elif what == "sown":
                assert column == [None] * data.ROUNDS  # left for the pencil
            else:
                assert column == [str(n + data.PLANTS[kind][what]) if n + data.PLANTS[kind][what] <= data.ROUNDS
                                  else "–" for n in range(1, data.ROUNDS + 1)]
        assert {s.text for s, _, _ in walk(tracker.front.shapes) if isinstance(s, Text)} >= {"tomatoes", "carrots",
                                                                                             "apples", "grown", "dies"}
    assert not [name for name in pieces if "marker-sheet" in name or name.startswith("tier-marker")]
    width, height = kit.tracker_size()
    assert width <= 215.9 - 10 and height <= 192.0


def test_score_sheet_has_a_row_per_round_and_a_total(pieces):
    words = texts(pieces["score-sheet"].front)
    for n in range(1, data.ROUNDS + 1):
        assert any(w.startswith(f"Round {n}") for w in words)
    assert "Total" in words
    assert sum("bonus" in w for w in words) == len(data.BONUS_ROUNDS)


def test_player_aid_draws_every_pattern(pieces):
    aid = pieces["player-aid"]
    words = [" ".join(w.split()) for w in texts(aid.front)]  # a caption may break before its aside
    for pattern in data.PATTERNS.values():
        assert any(w.startswith(pattern["name"]) for w in words)
    crosses = [s for s, _, _ in walk(aid.front.shapes) if isinstance(s, Icon) and s.name == "cross"]
    assert len(crosses) == sum(len(p["spaces"]) for p in data.PATTERNS.values())
    back = " ".join(texts(pieces["player-aid"].back))
    assert "Your plants all grow one tier" in back and "[Player Turns]" in back


def test_pattern_captions_sit_below_their_diagrams(pieces):
    from pnp.text import layout_lines

    aid = pieces["player-aid"]
    hexes = [s for s, _, _ in walk(aid.front.shapes) if isinstance(s, Polygon)]
    names = {p["name"] for p in data.PATTERNS.values()}
    captions = [s for s, _, _ in walk(aid.front.shapes)
                if isinstance(s, Text) and " ".join(s.text.split()).split(":")[0] in names]
    assert len(captions) == len(data.PATTERNS)
    for caption in captions:
        line = layout_lines(caption)[0]
        left, right, top = line.left, line.left + line.width, line.baseline - caption.size
        for hexagon in hexes:
            xs, ys = [x for x, _ in hexagon.points], [y for _, y in hexagon.points]
            overlaps = min(xs) < right and max(xs) > left and min(ys) < line.baseline and max(ys) > top
            assert not overlaps, caption.text


def test_pattern_diagram_puts_crosses_north_of_the_origin_for_the_north_fan():
    shapes = kit.pattern_diagram(data.PATTERNS["tomato-north-fan"], 0.0, 0.0)
    crosses = [s for s in shapes if isinstance(s, Icon) and s.name == "cross"]
    assert len(crosses) == 3 and all(c.cy < 0 for c in crosses)


# --- the built kit: manifest, PDF -----------------------------------------------------------------

@pytest.fixture(scope="module")
def letter_build(tmp_path_factory):
    return shared_build(tmp_path_factory, "letter")


def shared_build(tmp_path_factory, paper):
    """The default build's folder for the paper and its manifest (shared with other modules: read only)."""
    folder = default_kit(tmp_path_factory, "propagation") / paper
    return folder, json.loads((folder / "propagation" / "manifest.json").read_text())


def test_manifest_counts_every_piece(letter_build, pieces):
    _, manifest = letter_build
    listed = {c["name"]: c["count"] for c in manifest["components"]}
    assert listed == {name: c.count for name, c in pieces.items()}
    fronts: dict[str, int] = {}
    for placement in manifest["placements"]:
        if placement["side"] == "front" and "tile" not in placement:
            fronts[placement["component"]] = fronts.get(placement["component"], 0) + 1
    assert {k: v for k, v in fronts.items() if k != "board"} == {n: c for n, c in listed.items() if n != "board"}


def test_card_backs_follow_their_fronts_mirrored(letter_build):
    _, manifest = letter_build
    width = manifest["paper"]["width_mm"]
    cards = [p for p in manifest["placements"] if p["component"].startswith("bonus-")]
    fronts = {(p["component"], p["copy"]): p for p in cards if p["side"] == "front"}
    backs = {(p["component"], p["copy"]): p for p in cards if p["side"] == "back"}
    assert fronts.keys() == backs.keys() and len(fronts) == len(data.BONUS_CARDS)
    for key, front in fronts.items():
        back = backs[key]
        assert back["page"] == front["page"] + 1 and back["y_mm"] == pytest.approx(front["y_mm"])
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"])


def test_board_is_one_placement_on_letter(letter_build):
    _, manifest = letter_build
    whole = [p for p in manifest["placements"] if p["component"] == "board"]
    assert len(whole) == 1 and "tile" not in whole[0]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_four_token_sheets_lie_on_one_grid_beside_the_round_track(tmp_path_factory, paper):
    """The tokens' rows were strips of one player's runs about 1 mm off each other, doubled
    ticks to a cutter's eye: the four players' sheets are two by two, their edges in line, so
    each cut across the page meets two sheets' edges; the round track shares their page."""
    _, manifest = shared_build(tmp_path_factory, paper)
    sheets = [p for p in manifest["placements"] if p["component"].startswith("plant-tokens-")]
    assert len(sheets) == 4 and len({p["page"] for p in sheets}) == 1
    xs = sorted({round(p["x_mm"], 2) for p in sheets})
    ys = sorted({round(p["y_mm"], 2) for p in sheets})
    assert len(xs) == len(ys) == 2
    track = next(p for p in manifest["placements"] if p["component"] == "round-track")
    assert track["page"] == sheets[0]["page"]


def test_pdf_pages_and_svgs_agree(letter_build):
    from pypdf import PdfReader

    folder, manifest = letter_build
    pages = len(PdfReader(folder / "propagation.pdf").pages)
    assert pages == max(p["page"] for p in manifest["placements"])
    assert len(list((folder / "propagation").glob("p*.svg"))) == pages


def test_the_calendar_s_column_heads_are_seven_points_centred_in_their_columns(pieces):
    """Each column's one-word head (7.1 pt: "grown" fits 9.5 mm) stands centred over its
    column, 0.3 mm or more inside its lines."""
    from pnp.checks import PT_MM
    from pnp.fonts import measure

    tracker = pieces["tracker-blue"]
    heads = {s.text: (s, dx) for s, dx, _ in walk(tracker.front.shapes) if isinstance(s, Text) and s.size == kit.HEAD_MM}
    for x, w, what, kind in kit.tracker_columns():
        head = what if what != "sown" else kit.SOWN_COLS[kind][1]
        shape, dx = heads[head]
        assert shape.size / PT_MM >= 7 and shape.align == "center"
        assert measure(head, shape.size, shape.bold) <= w - 0.6, head
        assert any(s.text == head and s.x + d == pytest.approx(x + w / 2) for s, d, _ in walk(tracker.front.shapes)
                   if isinstance(s, Text))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_all_fifteen_bonus_cards_print_on_one_two_sided_sheet(paper):
    """Nine poker cards to an A4 page (eight on Letter) took two two-sided sheets, the second
    front 40 % blank: Mini Euro cards lie four by four on A4 and, turned, five by three on
    Letter (at the full 68 mm three turned ran 0.1 mm past Letter's printable width, and three
    cards took a sheet of their own). Cards of one colour and size share their cuts."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    cards = [p for p in imposition.placements() if p.side == "front" and p.component.name.startswith("bonus-")]
    assert len(cards) == len(data.BONUS_CARDS) and len({p.page for p in cards}) == 1
    assert len({p.rotated for p in cards}) == 1 and all(p.component.shared_cuts for p in cards)


# Sheets of paper the whole kit takes with the default options: one fewer than when the
# tokens took two sheets of card (9 on both papers), two fewer than with poker-sized bonus
# cards (10).
KIT_SHEETS = {"letter": 8, "a4": 8}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_prints_on_no_more_sheets_than_it_needs(paper):
    from pnp.build import impose_kit
    from pnp.cuts import paper_sheets
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert paper_sheets(imposition) == KIT_SHEETS[paper]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_token_prints_on_card_on_pages_at_least_60_percent_used(paper):
    """The four sheets of plant tokens share one page of card with the round track (64.8 % of
    Letter used, 68.3 % of A4); the rocks and markers sit under the board on Letter and with
    the tokens on A4. Every page of pieces passes the page-use check."""
    from pnp.build import impose_kit
    from pnp.checks import PAGE_USE, page_use, sparse_pages
    from pnp.frontmatter import page_stock
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = {p.page for p in imposition.placements() if p.component.name.startswith("plant-tokens-")}
    assert len(pages) == 1
    page = pages.pop()
    assert page_use(imposition.sheets[page - 1]) >= PAGE_USE
    assert list(sparse_pages(imposition)) == []
    stocks = page_stock(imposition)
    assert {stocks[p.page] for p in imposition.placements() if p.component.kind == "token"} == {"card"}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_growth_trackers_of_two_colours_keep_a_gutter_between_them(paper):
    """On Letter two trackers shared one cut, 5.7 mm from the paper edge: a cut a little off
    left one player's coloured heading on the other's sheet."""
    from pnp.build import impose_kit
    from pnp.impose import MIN_GUTTER_MM
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    for sheet in imposition.sheets:
        rects = [p.rect for p in sheet.placements if p.component.name.startswith("tracker-")]
        for (ax, ay, aw, ah), (bx, by, bw, bh) in zip(rects, rects[1:]):
            apart = max(bx - ax - aw, ax - bx - bw, by - ay - ah, ay - by - bh)
            assert apart >= MIN_GUTTER_MM - 1e-6


def test_a_plant_token_shows_its_owner_s_shape_at_least_4_mm_across_inside_its_chit(pieces):
    """The shape that tells the players apart without colour is 4 mm or more both ways
    (measured as drawn, its outline included), on its tag left of the white plate
    that holds the plant and the number, half a millimetre or more inside the chit."""
    from pnp.checks import bounds

    for colour in kit.player_colours():
        for chit in _chits(pieces[f"plant-tokens-{colour.name}"]):
            symbol = next(s for s, _, _ in walk(chit) if isinstance(s, Icon) and s.name == colour.symbol)
            box = bounds(symbol)
            assert box is not None
            left, top, right, bottom = box
            assert min(right - left, bottom - top) >= 4.0, (colour.name, right - left, bottom - top)
            assert left >= 0.5 and top >= 0.5 and bottom <= kit.CHIT - 0.5
            plate = bounds(_badge(chit))
            assert plate is not None and right <= plate[0]


def test_no_token_shows_a_bare_white_shape_that_reads_as_a_hole_punched_through_it(pieces):
    """Blue's white circle, straight on the blue, read as a hole punched through the token.
    The player's shape is black now, on a tag of a pale tint of their colour edged in a dark
    shade of it, at 4.5:1 or more; the only white on a chit is the plate that holds the plant
    and the number, edged dark."""
    from pnp.checks import bounds, contrast
    from pnp.colors import lighten

    for colour in kit.player_colours():
        for chit in _chits(pieces[f"plant-tokens-{colour.name}"]):
            symbol = next(s for s, _, _ in walk(chit) if isinstance(s, Icon) and s.name == colour.symbol)
            tag = next(s for s, _, _ in walk(chit) if isinstance(s, Rect) and s.style.fill
                       and s.style.fill.upper() == lighten(colour.hex, 0.8).upper())
            box, holder = bounds(symbol), bounds(tag)
            assert box is not None and holder is not None
            assert holder[0] <= box[0] and box[2] <= holder[2] and holder[1] <= box[1] and box[3] <= holder[3]
            tint = lighten(colour.hex, 0.8)
            assert contrast(symbol.color, tint) >= 4.5, colour.name
            assert tag.style.stroke and contrast(tag.style.stroke, tint) >= 3.0
            whites = [s for s, _, _ in walk(chit) if not isinstance(s, (Text, Line, Group, Icon))
                      and getattr(s, "style", None) and s.style.fill and s.style.fill.upper() == "#FFFFFF"]
            assert whites == [_badge(chit)], colour.name
            assert whites[0].style.stroke and whites[0].style.stroke_width >= 0.5


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_score_sheet_page_holds_two_games_sheets(paper):
    """One score sheet left its page 60 % blank: the page holds two (a second game's)."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = {p.page for p in imposition.placements() if p.component.name == "score-sheet"}
    assert len(pages) == 1
    sheet = imposition.sheets[pages.pop() - 1]
    assert [p.component.name for p in sheet.placements] == ["score-sheet"] * 2
    assert sum(p.rect[2] * p.rect[3] for p in sheet.placements) / (sheet.width_mm * sheet.height_mm) > 0.75


def _badge(chit):
    """The white plate a plant token's number and plant sit on."""
    [plate] = [s for s, _, _ in walk(chit)
               if isinstance(s, (Rect, Polygon)) and getattr(s.style, "fill", None) == "#FFFFFF"]
    return plate


def test_the_three_kinds_differ_by_the_outline_of_their_plate(pieces):
    """Chits of one size, one colour per player, are told apart by more than a 5 mm plant
    drawing: a tomato's number sits on a plate round at both ends, a carrot's on one pointing
    down like a root, an apple tree's on one pointing up like a crown, each edged 0.6 mm dark."""
    for colour in kit.player_colours():
        chits = _chits(pieces[f"plant-tokens-{colour.name}"])
        tomato, carrot, apple = (_badge(chits[index]) for index in (0, 15, 25))
        assert isinstance(tomato, Rect) and tomato.radius == tomato.w / 2 and tomato.style.stroke_width >= 0.6
        for plate, tip in ((carrot, max), (apple, min)):
            assert isinstance(plate, Polygon) and plate.style.stroke_width >= 0.6
            end = tip(plate.points, key=lambda p: p[1])
            assert sum(1 for p in plate.points if abs(p[1] - end[1]) < 1.0) == 1  # one point: a root's, a crown's


def test_every_board_hex_is_a_bed_of_tilled_soil_in_light_ink(pieces):
    """The board was plain cream hexes on plain green. Every hex now shows tilled soil (crumbs
    and furrows) and the lawn round them grass, all in inks light enough to print cheaply and
    to keep the tokens and words on top of them the strongest marks (luminance 0.6 or more)."""
    from pnp.colors import luminance

    board = pieces["board"]
    width, height = kit.board_size()
    textures = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Path) and s.style.decorative
                and (s.style.fill or s.style.stroke) in (kit.art.SOIL_CRUMB, kit.art.FURROW, kit.art.GRASS)]
    assert {s.style.fill or s.style.stroke for s in textures} == {kit.art.SOIL_CRUMB, kit.art.FURROW, kit.art.GRASS}
    assert all(luminance(colour) >= 0.6 for colour in (kit.art.SOIL_CRUMB, kit.art.FURROW, kit.art.GRASS))
    starts = [(c[1], c[2]) for s in textures if kit.art.SOIL_CRUMB in (s.style.fill, s.style.stroke)
              for c in s.commands if c[0] == "M"]
    for space in set(data.board_spaces()) - {data.TOP_HEX}:  # the top hex stays plain under its star
        x, y = kit.hex_centre(space, kit.HEX_SIZE)
        cx, cy = width / 2 + x, height / 2 + y
        inside = sum(1 for px, py in starts if (px - cx) ** 2 + (py - cy) ** 2 < (kit.HEX_SIZE * 0.85) ** 2)
        assert inside >= 4, space


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_four_player_aids_are_two_sided_quarter_pages_on_one_sheet_in_8_5_pt(pieces, paper):
    """The four aids were one-sided half pages on two sheets, in 2.3-2.8 mm (6.5-7.9 pt) type:
    now a quarter page each, the patterns on the front and the turn, the plants and the end of
    a round on the back, all four on one two-sided sheet, every word 3.0 mm (8.5 pt) or more."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    aid = pieces["player-aid"]
    assert aid.double_sided and aid.count == data.PLAYERS_MAX
    for face in (aid.front, aid.back):
        sizes = [s.size for s, _, _ in walk(face.shapes) if isinstance(s, Text)]
        assert min(sizes) >= 3.0 - 1e-9, min(sizes)
    back = " ".join(texts(aid.back))
    for section in ("[Player Turns]", "[Rounds]", "[Sow]", "[Propagate]", "[Harvest]", "[Plant Growth and Death]"):
        assert section in back, section
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = {p.page for p in imposition.placements() if p.component.name == "player-aid" and p.side == "front"}
    assert len(pages) == 1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_player_aids_green_header_runs_on_past_its_top_cut(paper):
    """The cold review: on Letter the aids' rows stood 1.2 mm apart, so the lower row's header
    kept 0.6 mm of green above its cut and a 1 mm miscut showed a white line over it. The aid
    is short enough now that the rows stand apart and each header runs on past its cut by more
    than a miscut, front and back."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    band = next(s for s, _, _ in walk(kit.aid_patterns().shapes) if isinstance(s, Rect) and s.y < 0)
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    aids = [p for p in imposition.placements() if p.component.name == "player-aid"]
    assert len(aids) == 2 * data.PLAYERS_MAX and not any(p.rotated for p in aids)
    for placed in aids:
        _, top, _, _ = placed.bleed
        assert min(top, -band.y) >= 1.5, (placed.side, placed.copy, top)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_growth_trackers_print_upright_two_to_a_page(paper):
    """The trackers printed sideways, two to a page: a player turned the sheet to read its
    heading. They are narrow enough now to stand two side by side, upright."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    trackers = [p for p in imposition.placements() if p.component.name.startswith("tracker-")]
    assert len(trackers) == 4 and not any(p.rotated for p in trackers)
    assert len({p.page for p in trackers}) == 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_keeps_eleven_pages_and_its_token_sheets_keep_their_colour_gutters(paper):
    """Sheets of chits of different colours stand 6 mm apart, each one's bleed its own colour,
    so a cut a little off shows no sliver of a neighbour's; 11 pages on both papers."""
    from pnp.build import impose_kit
    from pnp.checks import flatten, shared_colour_cuts, touching_colours
    from pnp.impose import COLOUR_GUTTER_MM
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert len(imposition.sheets) == 11
    page = next(s for s in imposition.sheets if s.side == "front"
                and any(p.component.name == "plant-tokens-blue" for p in s.placements))
    flat = flatten(page)
    assert list(shared_colour_cuts(flat)) == [] and list(touching_colours(flat)) == []
    sheets = [p.rect for p in page.placements if p.component.name.startswith("plant-tokens-")]
    gaps = [max(b[0] - a[0] - a[2], b[1] - a[1] - a[3]) for a in sheets for b in sheets
            if b[0] > a[0] + a[2] or b[1] > a[1] + a[3]]
    assert min(gaps) >= COLOUR_GUTTER_MM - 1e-6




def test_the_aid_s_back_draws_the_turn_and_the_end_of_a_round_as_strips_and_both_faces_fill_it(pieces):
    """The aid's back ended 18 mm short of its foot in 8.5 pt, its patterns drawn small on the
    front: it is 9 pt now, the turn two steps and the end of a round three, each step a box
    with an arrow to the next, and both faces reach within 5 mm of the aid's foot."""
    from pnp.checks import bounds

    aid = pieces["player-aid"]
    assert aid.back is not None
    back = texts(aid.back)
    arrows = [s for s, _, _ in walk(aid.back.shapes) if isinstance(s, Icon) and s.name == "arrow"]
    assert len(arrows) == 3
    for step in ("Your plants all grow one tier", "ONE action, for one kind: sow, propagate or harvest",
                 "Plants at their death tier die: no points", "The start marker passes left"):
        assert step in back, step
    assert min(s.size for s, _, _ in walk(aid.back.shapes) if isinstance(s, Text)) >= 3.2 - 1e-9
    for face in (aid.front, aid.back):
        box = bounds(face.shapes)
        assert box is not None and kit.AID_SIZE[1] - 5.0 <= box[3] <= kit.AID_SIZE[1] - 1.0


def test_the_board_s_lawn_has_wildflowers_off_the_beds_the_words_and_the_frame(pieces):
    """The lawn round the beds was bare but for grass: wildflowers are dotted over it now, each
    wholly off every hex, the board's words and corner pictures, and inside the frame."""
    from pnp.art import propagation as art
    from pnp.art.flowers import species_icon
    from pnp.checks import bounds

    board = pieces["board"]
    width, height = kit.board_size()
    names = {species_icon(species) for species, _ in art.LAWN_FLOWERS}
    flowers = [s for s, dx, dy in walk(board.front.shapes) if isinstance(s, Icon) and s.name in names]
    assert len(flowers) >= 20 and {f.name for f in flowers} == names
    beds = [(width / 2 + x, height / 2 + y) for x, y in (kit.hex_centre(s, kit.HEX_SIZE) for s in data.board_spaces())]
    words = [(box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy) for s, dx, dy in walk(board.front.shapes)
             if isinstance(s, Text) and (box := bounds(s)) is not None]
    half = art.LAWN_FLOWER / 2
    for flower in flowers:
        assert all(((flower.cx - x) ** 2 + (flower.cy - y) ** 2) ** 0.5 >= kit.HEX_SIZE + half for x, y in beds)
        assert art.PLANK + half < flower.cx < width - art.PLANK - half
        assert art.PLANK + half < flower.cy < height - art.PLANK - half
        for x0, y0, x1, y1 in words:
            assert not (x0 - half < flower.cx < x1 + half and y0 - half < flower.cy < y1 + half)


def test_no_aid_or_bonus_card_paragraph_leaves_one_word_alone_on_its_last_line(pieces):
    """The cold review read "Your plants all grow one" over a lone "tier" in the turn's first
    box, and "[Sow]" and "south)" alone likewise: the aid's and the cards' wrapped texts end on
    two words at least, a box's lines balanced."""
    aid = pieces["player-aid"]
    faces = [aid.front, aid.back] + [c.front for c in pieces.values() if c.name.startswith("bonus-")]
    assert [found for face in faces for found in lone_last_words(face)] == []


def test_the_end_stands_clear_of_the_end_of_round_strip_over_it(pieces):
    """"The end" sat 1.2 mm under the strip's boxes and read as crammed into them: its
    capitals start 2.5 mm under the boxes at least."""
    shapes = [(s, dx, dy) for s, dx, dy in walk(pieces["player-aid"].back.shapes)]
    heading = next(s for s, _, _ in shapes if isinstance(s, Text) and s.text == "The end")
    boxes = [s for s, _, _ in shapes if isinstance(s, Rect) and s.y < heading.y and s.w < 40]
    assert boxes and heading.y - max(box.y + box.h for box in boxes) >= 2.5


def test_a_bonus_card_s_tie_rule_starts_where_its_words_do(pieces):
    """The tie rule was centred under left-aligned words and read as misaligned: it starts
    on the words' left edge, and no corner picture stands beside it."""
    cards = [c for c in pieces.values() if c.name.startswith("bonus-")]
    tied = 0
    for card in cards:
        shapes = [s for s, _, _ in walk(card.front.shapes) if isinstance(s, Text)]
        tie = next((s for s in shapes if s.text.startswith("Tie:")), None)
        if tie is None:
            continue
        tied += 1
        words = next(s for s in shapes if s.text == data.BONUS_CARDS[card.name.removeprefix("bonus-")]["text"])
        assert (tie.x, tie.align) == (words.x, words.align) == (3.5, "left"), card.name
    assert tied == sum(1 for c in data.BONUS_CARDS.values() if c["award"] == "one-winner")


def test_the_round_track_is_drawn_as_a_little_board_in_the_game_s_look(pieces):
    """The cold review read the round track as a plain strip of boxes: it is the board's look
    in small, its lawn, its timber frame, a bed of the hexes' tilled soil per round (the two
    that score the bonus cards in the top hex's orange), every bed inside the frame and roomy
    enough for the round marker."""
    from pnp.art import propagation as art
    from pnp.checks import FIT_CLEARANCE_MM

    track = pieces["round-track"]
    assert track.front.background == kit.LAWN
    shapes = [s for s, _, _ in walk(track.front.shapes)]
    frame = art.board_frame(track.width_mm, track.height_mm)
    assert all(plank in shapes for plank in frame)
    beds = [s for s in shapes if isinstance(s, Rect) and s.style.stroke == kit.SOIL_EDGE]
    assert len(beds) == data.ROUNDS
    assert sum(bed.style.fill == kit.SOIL for bed in beds) == data.ROUNDS - len(data.BONUS_ROUNDS)
    for bed in beds:
        assert bed.w == bed.h >= kit.CHIT + FIT_CLEARANCE_MM
        assert bed.x > art.PLANK and bed.x + bed.w < track.width_mm - art.PLANK
        assert bed.y > art.PLANK and bed.y + bed.h <= track.height_mm - art.PLANK


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_player_aids_print_on_card_and_the_calendars_on_paper(paper):
    """The aids are handled all game, so they print on card like the pieces (they printed on
    plain paper); the sowing calendars and score sheets, written on in pencil, stay on paper."""
    from pnp.build import impose_kit
    from pnp.frontmatter import page_stock
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    stocks = page_stock(imposition)
    on = {name: {stocks[p.page] for p in imposition.placements() if p.component.name.startswith(name)}
          for name in ("player-aid", "tracker-", "score-sheet")}
    assert on == {"player-aid": {"card"}, "tracker-": {"paper"}, "score-sheet": {"paper"}}


@pytest.mark.parametrize("paper", ["letter", "a4", "tabloid"])
def test_a_folded_letter_build_fills_its_last_card_page_with_blank_cards_to_write_on(paper):
    """Folded Mini Euro cards lie six to a Letter page and two under the tokens: the fifteenth
    lay alone with the round track on a page 34 % used. Five blank cards fill it there (nine on
    tabloid, twelve a page); A4 (eight a page) needs none, and neither does a build that does
    not fold. (Tabloid's page of four aids is under the page use it asks, as before.)"""
    from pnp.build import impose_kit
    from pnp.checks import sparse_pages
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,), fold=True))
    blanks = [p for p in imposition.placements() if p.component.name == "blank-bonus-card"]
    assert len(blanks) == kit.FOLD_SPARES.get(paper, 0) == {"letter": 5, "tabloid": 9}.get(paper, 0)
    cards = {p.page for p in imposition.placements() if p.component.kind == "card"}
    assert [problem for problem in sparse_pages(imposition) if problem.page in cards] == []
    flat = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert not [p for p in flat.placements() if p.component.name == "blank-bonus-card"]
    if blanks:
        words = texts(blanks[0].component.front)
        assert "your own card" in words and not any(card["text"] in words for card in data.BONUS_CARDS.values())


def test_a_tomato_vine_climbs_the_board_s_frame_inside_the_cut_and_off_the_beds(pieces):
    """The board's frame was bare planks: a vine runs along all four, in light inks, its
    leaves 1.5 mm or more inside the cut (a cut a little off slices no leaf) and its inner
    leaves short of every hex bed; the round track wears the same frame."""
    from pnp.checks import bounds
    from pnp.colors import luminance

    board = pieces["board"]
    stems = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Path) and s.style.stroke == art.VINE_EDGE
             and s.style.fill is None]
    leaves = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Path) and s.style.fill == art.VINE_LEAF]
    assert len(stems) == 1 and len(leaves) == 1 and luminance(art.VINE_LEAF) >= 0.4
    points = [(c[i], c[i + 1]) for c in leaves[0].commands for i in range(1, len(c) - 1, 2)]
    assert len(points) > 4 * 20  # leaves along all four sides
    w, h = board.width_mm, board.height_mm
    for x, y in points:
        assert min(x, y, w - x, h - y) >= 1.5, (x, y)
    box = bounds(leaves[0])
    assert box is not None and box[0] < 3 and box[2] > w - 3 and box[1] < 3 and box[3] > h - 3
    for space in board.spaces:
        sx, sy, side, _ = space.box
        assert not [(x, y) for x, y in points if sx <= x <= sx + side and sy <= y <= sy + side]
    inner = kit.BOARD_MARGIN
    assert all(min(x, y, w - x, h - y) < inner for x, y in points)
    track = pieces["round-track"]
    [track_leaves] = [s for s, _, _ in walk(track.front.shapes) if isinstance(s, Path) and s.style.fill == art.VINE_LEAF]
    beds = [s for s, _, _ in walk(track.front.shapes) if isinstance(s, Rect) and s.w == s.h == kit.ROUND_BOX - kit.ROUND_BED_GAP]
    assert len(beds) == data.ROUNDS
    on_beds = [(x, y) for c in track_leaves.commands for x, y in zip(c[1::2], c[2::2])
               for bed in beds if bed.x <= x <= bed.x + bed.w and bed.y <= y <= bed.y + bed.h]
    assert on_beds == []  # the track's beds come up to its frame: its leaves keep to the planks


def test_the_player_symbols_print_in_full_ink_in_the_ink_saver_build(pieces):
    """The ink-saver build lightened every fill, the players' symbols too: the black shape on
    each token and calendar printed grey, and it is the cue a colour-blind player reads. It
    now keeps its ink, as text does, while the token's coloured tag beside it is lightened."""
    from pnp.colors import Paint
    from pnp.icons import icon_group

    ink_saver = Paint(ink_saver=True)
    symbols = {colour.symbol for colour in kit.player_colours()}
    painted = [ink_saver.style(shape.style).fill
               for piece in pieces.values() for face in (piece.front, piece.back) if face is not None
               for icon, _, _ in walk(face.shapes) if isinstance(icon, Icon) and icon.name in symbols
               and icon.color == kit.INK
               for shape, _, _ in walk(icon_group(icon.name, icon.size, icon.color))]
    assert len(painted) == 4 * 30 + 4 and set(painted) == {kit.INK}  # every token, every calendar
    tag = ink_saver.style(Rect(0, 0, 1, 1, Style(fill=kit.player_colours()[0].hex)).style)
    assert tag.fill != kit.player_colours()[0].hex
