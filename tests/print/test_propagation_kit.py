"""Propagation kit: the pieces it draws match the game's data (counts, sizes, labels)."""
from __future__ import annotations

import json

import pytest

from pnp.kits import propagation as kit
from pnp.model import Circle, Icon, Line, Path, Polygon, Rect, Text
from pnp.text import layout_lines
from scorer.games.propagation import data
from tests.support.kit_builds import default_kit
from tests.support.shapes import texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def test_every_plant_token_is_numbered_per_colour(pieces):
    colours = kit.player_colours()
    assert len(colours) == 4 and len({c.symbol for c in colours}) == 4
    for colour in colours:
        for kind, expected in (("apple", 5), ("carrot", 10), ("tomato", 15)):
            assert expected == data.PLANTS[kind]["tokens"]
            for number in range(1, expected + 1):
                token = pieces[f"{kind}-{colour.name}-{number:02d}"]
                assert token.count == 1 and token.outline == "circle"
                # the punch's size; a token on a grid of shared cuts sits in a cell a little wider
                assert min(token.footprint or (token.width_mm,)) == data.TOKEN_DIAMETER_MM[kind]
                icons = {s.name for s, _, _ in walk(token.front.shapes) if isinstance(s, Icon)}
                assert {colour.symbol, f"propagation-{kind}"} <= icons  # symbol, not colour alone
                assert str(number) in texts(token.front)
            assert f"{kind}-{colour.name}-{expected + 1:02d}" not in pieces


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_two_stock_punches_cut_every_round_piece_and_page_one_names_them(pieces, paper):
    """132 round pieces came in three punch sizes and a 30 mm start token no punch cuts: now
    two stock punches (5/8 and 3/4 inch) cut all of them, and page 1 says which for what."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions
    from pnp.parts import PUNCHES_MM, punch

    round_pieces = [c for c in pieces.values() if c.outline == "circle"]
    sizes = {min(c.footprint or (c.width_mm,)) for c in round_pieces}  # a punch cell's circle
    assert sum(c.count for c in round_pieces) == 4 * sum(plant["tokens"] for plant in data.PLANTS.values()) + data.ROCKS + 2
    assert len(sizes) == 2 and sizes <= set(PUNCHES_MM.values())
    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    assert f"{punch(min(sizes))} punch for tomatoes, carrots and the round marker; a {punch(max(sizes))} one for " \
           "apple trees, rocks and the start marker" in words
    assert "5/8 inch (16 mm)" in words and "3/4 inch (19 mm)" in words


def test_six_and_nine_tokens_are_underlined_as_they_turn_on_the_table(pieces):
    lines = [s for s, _, _ in walk(pieces["tomato-red-06"].front.shapes) if isinstance(s, Line)]
    assert len(lines) == 1
    assert not [s for s, _, _ in walk(pieces["tomato-red-08"].front.shapes) if isinstance(s, Line)]


def test_rocks_start_token_round_track_and_its_marker(pieces):
    assert pieces["rock"].count == 10
    assert pieces["start-marker"].count == 1
    track = texts(pieces["round-track"].front)
    assert [str(n) for n in range(1, 21)] == [t for t in track if t.isdigit()]
    stars = [s for s, _, _ in walk(pieces["round-track"].front.shapes) if isinstance(s, Icon) and s.name == "star"]
    assert len(stars) == len(data.BONUS_ROUNDS) == 2
    assert pieces["round-marker"].width_mm < kit.ROUND_BOX  # the marker sits inside a round's box


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


def test_board_fits_whole_on_letter_and_a4_and_a_space_holds_the_largest_token(pieces):
    from pnp.options import PAGE_MARGIN_MM, PAPERS

    board = pieces["board"]
    for paper in (PAPERS["letter"], PAPERS["a4"]):
        assert board.width_mm <= paper.width_mm - 2 * PAGE_MARGIN_MM
        assert board.height_mm <= paper.height_mm - 2 * PAGE_MARGIN_MM
    assert max(data.TOKEN_DIAMETER_MM.values()) + 1 < kit.HEX_SIZE * 3 ** 0.5


def test_bonus_cards_are_46_by_65_mm_with_a_picture_and_no_code_name(pieces):
    """Smaller than poker cards (the rulebook takes any card, even half a note card): all
    fifteen print on one sheet, and folded (100 mm across at 47 mm) two lie side by side on A4.
    The picture sits in its box between the award and the words."""
    cards = [c for c in pieces.values() if c.kind == "card"]
    assert len(cards) == len(data.BONUS_CARDS) >= 12
    for card in cards:
        assert (card.width_mm, card.height_mm) == kit.BONUS_CARD == (46.0, 65.0) and card.double_sided
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


def test_the_guide_asks_for_a_pencil_with_an_eraser_per_player_and_the_two_punches():
    """Every player writes on their own tracker and rubs out a plant that dies: one pencil
    for the score sheet (as once listed) leaves the table short. The two craft punches were
    named only in the cutting steps: they are on the list of things to fetch now."""
    wanted = dict((thing.split(",")[0].split(" (")[0], count) for thing, count in kit.GUIDE.box_items)
    assert wanted == {"pencils with erasers": data.PLAYERS_MAX, "craft punch 5/8 inch": 1, "craft punch 3/4 inch": 1}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_punch_guide_names_each_punch_beside_a_circle_of_its_size(paper):
    """The punch sizes were only on page 1: a guide names each punch and the pieces it cuts,
    beside a circle of its size. The tokens' one page has no 23 mm row for it: it prints on
    plain paper under two growth trackers, where page 1's picture of the pieces shows it."""
    from pnp.build import impose_kit
    from pnp.model import Circle
    from pnp.options import PAPERS, BuildOptions
    from pnp.parts import punch

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    guide = next(p for p in imposition.placements() if p.component.name == "punch-guide")
    on_page = {p.component.name.split("-")[0] for p in imposition.sheets[guide.page - 1].placements}
    assert on_page == {"tracker", "punch"}
    words = " ".join(" ".join(texts(guide.component.front)).split())
    assert f"{punch(kit.SMALL_PUNCH)} punch: tomatoes, carrots, round marker" in words
    assert f"{punch(kit.LARGE_PUNCH)} punch: apple trees, rocks, start marker" in words
    sizes = sorted(2 * s.r for s, _, _ in walk(guide.component.front.shapes) if isinstance(s, Circle))
    assert sizes == pytest.approx([kit.SMALL_PUNCH, kit.LARGE_PUNCH])
    # a reference thrown away with the offcuts, not "1 × punch guide" to cut and check off
    assert not guide.component.cut_out


def test_growth_tracker_has_a_row_of_pencil_boxes_per_token_and_no_markers_to_cut(pieces):
    """A plant's sowing round is written on its token's row: nothing slides every turn."""
    for colour in kit.player_colours():
        tracker = pieces[f"tracker-{colour.name}"]
        words = texts(tracker.front)
        numbers = [t for t in words if t.isdigit()]
        boxes = [s for s, _, _ in walk(tracker.front.shapes)
                 if isinstance(s, Rect) and (s.w, s.h) == (kit.WRITE_W, kit.WRITE_H)]
        assert len(boxes) == len(kit.BOX_HEADINGS) * sum(p["tokens"] for p in data.PLANTS.values())
        for plant in data.PLANTS.values():
            assert [str(n) for n in range(1, plant["tokens"] + 1)] == numbers[:plant["tokens"]]
            numbers = numbers[plant["tokens"]:]
            assert f"grown: sown + {plant['grown']}" in words
            assert f"dies: end of sown + {plant['dies']}" in words
        assert words.count("sown") == len(data.PLANTS)
    assert not [name for name in pieces if "marker-sheet" in name or name.startswith("tier-marker")]
    width, height = kit.tracker_size()
    assert width <= 215.9 - 10 and height <= 279.4 - 10


def test_score_sheet_has_a_row_per_round_and_a_total(pieces):
    words = texts(pieces["score-sheet"].front)
    for n in range(1, data.ROUNDS + 1):
        assert any(w.startswith(f"Round {n}") for w in words)
    assert "Total" in words
    assert sum("bonus" in w for w in words) == len(data.BONUS_ROUNDS)


def test_player_aid_draws_every_pattern(pieces):
    aid = pieces["player-aid"]
    words = texts(aid.front)
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
                if isinstance(s, Text) and s.text.split(":")[0] in names]
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
def test_printed_rows_of_plant_tokens_hold_whole_runs_in_number_order(tmp_path_factory, paper):
    """A player's tokens of a kind print in runs of up to TOKENS_PER_ROW (tomatoes 1-5, 6-10,
    11-15), each run whole on one row and in number order; two runs may share a row."""
    _, manifest = shared_build(tmp_path_factory, paper)
    rows: dict[tuple[int, float], list[tuple[float, str]]] = {}
    for placement in manifest["placements"]:
        kind, _, rest = placement["component"].partition("-")
        if placement["side"] == "front" and kind in data.PLANTS:
            rows.setdefault((placement["page"], round(placement["y_mm"], 1)), []).append(
                (placement["x_mm"], placement["component"]))
    where: dict[str, set[tuple[int, float]]] = {}
    for row, pieces in rows.items():
        for _, name in pieces:
            colour, kind, number = name.split("-")[1], name.split("-")[0], int(name.split("-")[2])
            where.setdefault(kit.token_run(next(c for c in kit.player_colours() if c.name == colour), kind, number),
                             set()).add(row)
        names = [name for _, name in sorted(pieces)]
        for left, right in zip(names, names[1:]):  # left to right, numbers go up within a run
            if left.rsplit("-", 1)[0] == right.rsplit("-", 1)[0]:
                assert int(right.rsplit("-", 1)[1]) > int(left.rsplit("-", 1)[1])
    assert where and all(len(rows_of_run) == 1 for rows_of_run in where.values())
    assert len([run for run in where if run.startswith("tomato-blue")]) == 3


def test_pdf_pages_and_svgs_agree(letter_build):
    from pypdf import PdfReader

    folder, manifest = letter_build
    pages = len(PdfReader(folder / "propagation.pdf").pages)
    assert pages == max(p["page"] for p in manifest["placements"])
    assert len(list((folder / "propagation").glob("p*.svg"))) == pages


def test_the_tracker_column_heads_are_eight_points_and_centred_on_their_boxes(pieces):
    """The heads were 6.2 pt and stood 1.6 mm right of their boxes' middle."""
    from pnp.checks import PT_MM

    tracker = pieces["tracker-blue"]
    heads = [(s, dx) for s, dx, _ in walk(tracker.front.shapes) if isinstance(s, Text) and s.text in kit.BOX_HEADINGS]
    assert len(heads) == len(kit.BOX_HEADINGS) * len(data.PLANTS)
    boxes = sorted({round(s.x + dx, 2) for s, dx, _ in walk(tracker.front.shapes)
                    if isinstance(s, Rect) and (s.w, s.h) == (kit.WRITE_W, kit.WRITE_H)})
    marks = [(s.cx + dx - s.size / 2, s.cx + dx + s.size / 2) for s, dx, _ in walk(tracker.front.shapes)
             if isinstance(s, Icon) and s.name in ("star", "cross")]
    for head, dx in heads:
        assert head.size / PT_MM >= 8
        left, right = head.x + dx, head.x + dx + layout_lines(head)[0].width
        beside = [mark for mark in marks if 0 <= left - mark[1] < 1.5]
        if beside:  # the mark and the word are centred together
            left = beside[0][0]
        # (the star and "grown" together are a little wider than the box they head)
        box = min(boxes, key=lambda x: abs(x + kit.WRITE_W / 2 - (left + right) / 2))
        assert (left + right) / 2 == pytest.approx(box + kit.WRITE_W / 2, abs=0.35), head.text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_small_tokens_lie_in_columns_that_run_down_the_whole_sheet(paper):
    """A colour's last half row once met the next colour's first, a gutter between them, so
    the columns below it stood 6 mm aside and no cut ran down the sheet. Two colours' runs
    now take turns, every row a run of each with the gutter in one place, and the small
    tokens share their cuts."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    small = [p for p in imposition.placements() if p.side == "front" and p.component.kind == "token"
             and p.component.footprint == (kit.SMALL_PUNCH, kit.SMALL_PUNCH)
             and p.component.name.split("-")[0] in data.PLANTS]
    assert len(small) == 100
    rows: dict[float, list[float]] = {}
    for placed in small:
        rows.setdefault(round(placed.rect[1], 2), []).append(placed.rect[0])
    first, *rest = (sorted(columns) for columns in rows.values())
    assert all(columns == pytest.approx(first, abs=1e-6) for columns in rest), rows
    assert all(p.component.shared_cuts for p in small)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_all_fifteen_bonus_cards_print_on_one_two_sided_sheet(paper):
    """Nine poker cards to an A4 page (eight on Letter) took two two-sided sheets, the second
    front 40 % blank: 46 x 65 mm cards lie four by four (on Letter, turned five by three when
    its footer ran along the bottom). Cards of one colour and size share their cuts."""
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
def test_every_token_and_marker_prints_on_one_page_of_card_at_least_60_percent_used(paper):
    """The tokens took two sheets of card, 37 % and 60 % used on A4 (56 % and 62 % on Letter,
    with the round track): rows of one player's tokens over rows of the same colours share
    their cuts, rocks and markers fill the ends of the apple trees' rows, the round track is
    45 mm tall (56) to fit under the board on Letter as on A4, and the punch guide went to the
    trackers' plain paper. Every page of pieces passes the page-use check."""
    from pnp.build import impose_kit
    from pnp.checks import PAGE_USE, page_use, sparse_pages
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = {p.page for p in imposition.placements() if p.component.kind in ("token", "marker")}
    assert len(pages) == 1
    assert page_use(imposition.sheets[pages.pop() - 1]) >= PAGE_USE
    assert list(sparse_pages(imposition)) == []
    track, board = (next(p for p in imposition.placements() if p.component.name == name)
                    for name in ("round-track", "board"))
    assert track.page == board.page


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_markers_and_rocks_fill_the_ends_of_the_apple_trees_rows(paper):
    """The round marker had a 20 mm strip of its own at the top of the small tokens' page and
    the start token a row of its own under the rocks; then both lay in a blank beside the apple
    trees, the rocks in a row of their own. Each row of a player's apple trees now ends with
    rocks, the start marker and the round marker, CIRCLE_GUTTER_MM on from the trees (all cut
    on their circles: a punch, not a straight cut, parts the colours)."""
    from pnp.build import impose_kit
    from pnp.impose import CIRCLE_GUTTER_MM
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    fronts = [p for p in imposition.placements() if p.side == "front"]
    trees = [p for p in fronts if p.component.name.startswith("apple-")]
    rows = {round(p.rect[1], 2) for p in trees}
    assert len(rows) == len(kit.player_colours())
    ends = [p for p in fronts if p.component.name in ("rock", "start-marker", "round-marker")]
    assert {round(p.rect[1], 2) for p in ends} <= rows
    for end in ends:
        row = [p for p in trees if round(p.rect[1], 2) == round(end.rect[1], 2)]
        assert end.rect[0] >= max(p.rect[0] + p.rect[2] for p in row) + CIRCLE_GUTTER_MM - 1e-6


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


def test_a_plant_token_shows_its_owner_s_shape_at_least_4_mm_across_inside_its_circle(pieces):
    """The shape that tells the players apart without colour was 2.1-2.8 mm on the tokens'
    rim, too small to read across the table: it is 4 mm or more both ways now (measured as
    drawn, its outline included), wholly inside the token's circle and clear of the white
    plate that holds the plant and the number."""
    from pnp.checks import bounds

    for colour in kit.player_colours():
        for kind in data.KINDS:
            token = pieces[f"{kind}-{colour.name}-{data.PLANTS[kind]['tokens']:02d}"]
            r = token.width_mm / 2
            symbol = next(s for s, _, _ in walk(token.front.shapes) if isinstance(s, Icon) and s.name == colour.symbol)
            box = bounds(symbol)
            assert box is not None
            left, top, right, bottom = box
            assert min(right - left, bottom - top) >= 4.0, (token.name, right - left, bottom - top)
            corners = ((left, top), (right, top), (left, bottom), (right, bottom))
            assert all((x - r) ** 2 + (y - r) ** 2 <= (r - 0.4) ** 2 for x, y in corners), token.name
            plate = bounds(_badge(token))
            assert plate is not None and top >= plate[3], token.name  # below the white plate, on the player's colour


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


def _badge(token):
    """The white plate a plant token's number and plant sit on."""
    [plate] = [s for s, _, _ in walk(token.front.shapes)
               if isinstance(s, (Circle, Polygon)) and getattr(s.style, "fill", None) == "#FFFFFF"]
    return plate


def test_tomato_and_carrot_tokens_differ_by_the_outline_of_their_plate(pieces):
    """Tomatoes and carrots are discs of one size, one colour per player, and told apart only
    by a 5 mm plant drawing: now a tomato's number sits on a round plate and a carrot's on a
    plate pointing down like a root, each edged 0.6 mm dark, to tell at a glance."""
    for colour in kit.player_colours():
        tomato, carrot = _badge(pieces[f"tomato-{colour.name}-01"]), _badge(pieces[f"carrot-{colour.name}-01"])
        assert isinstance(tomato, Circle) and tomato.style.stroke_width >= 0.6
        assert isinstance(carrot, Polygon) and carrot.style.stroke_width >= 0.6
        lowest = max(carrot.points, key=lambda p: p[1])
        assert sum(1 for p in carrot.points if p[1] > lowest[1] - 1.0) == 1  # one point at the foot: a root's tip


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
def test_round_pieces_keep_a_punch_gap_and_the_kit_keeps_eleven_pages(paper):
    """The 5/8 inch tokens lay edge to edge in 15.9 mm cells: a punch aimed a little off nicked
    the next token. In cells PUNCH_GAP_MM wider, with 6 mm between colours, they took a 12th
    Letter page (41 % and 54 % used). Every round piece is cut on its circle only, so colours
    are CIRCLE_GUTTER_MM apart (a punch, not a straight cut, parts them), each circle keeping
    its own colour round it and bare paper between the bleeds: 11 pages on both papers."""
    from pnp.build import impose_kit
    from pnp.checks import crowded_punches, flatten, touching_colours
    from pnp.impose import CIRCLE_GUTTER_MM
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert len(imposition.sheets) == 11
    rounds = [c for c in imposition.components if c.outline == "circle"]
    assert rounds and all(c.cut_on_circle for c in rounds)
    page = next(s for s in imposition.sheets if s.side == "front"
                and any(p.component.name == "tomato-blue-01" for p in s.placements))
    flat = flatten(page)
    assert list(crowded_punches(flat)) == [] and list(touching_colours(flat)) == []
    blue = [p for p in page.placements if p.component.name.startswith("apple-blue")]
    red = [p for p in page.placements if p.component.name.startswith("apple-red")]
    gap = min(r.rect[1] - b.rect[1] - b.rect[3] for b in blue for r in red if r.rect[1] > b.rect[1])
    assert CIRCLE_GUTTER_MM - 1e-6 <= gap < 6.0
