"""Garden Variety kit: the deck drawn from the data module, one letter per colour shared with
every other kit, a picture per gnome variety, the light card back by default and the dark one
on request."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.colors import PLAYER_COLORS
from pnp.kits import garden_variety as kit
from pnp.model import Icon, Text
from pnp.options import PAPERS, BuildOptions, KitOptions
from scorer.games.garden_variety import data
from tests.support.shapes import texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components(KitOptions())}


@pytest.mark.parametrize("dark", [False, True])
def test_every_card_has_one_frame_a_thin_rim_into_its_bleed_round_a_panel_tinted_with_its_suit(dark):
    """Every card's rim is one colour through its bleed (cards of any suit share their cuts).
    The band of the suit's colour between that rim and a white panel read to the cold reviewer
    as a double frame: the panel itself carries the suit's tint, right up to the rim, and
    nothing else frames it. The rim is 2 mm (a 3.5 mm one showed a cut 1 mm off as a lopsided
    frame) and, unless the dark cards are asked for, the cards' light cream, not ink-heavy
    dark green."""
    from pnp.colors import luminance
    from pnp.model import Rect

    pieces = {c.name: c for c in kit.components(KitOptions(dark_backs=dark))}
    rim = kit.rim_colour(dark)
    assert (luminance(rim) < 0.1) if dark else (luminance(rim) > 0.8)
    assert kit.RIM <= 2.0
    cards = [c for c in pieces.values() if c.kind == "card"]
    for card in cards:
        assert card.front.edge_colour == rim == card.front.background
        panel = card.front.shapes.children[0]
        assert isinstance(panel, Rect) and panel.x == panel.y == kit.RIM
        assert panel.style.stroke is None
        frames = [s for s, _, _ in walk(card.front.shapes) if isinstance(s, Rect) and s.w > kit.CARD_W / 2]
        assert frames == [panel], card.name
    tints = {}
    for card in (c for c in cards if c.name.startswith("critter-")):
        panel = card.front.shapes.children[0]
        assert isinstance(panel, Rect)
        tints[card.name.split("-")[1]] = panel.style.fill
    assert tints == {colour: kit.panel_colour(kit.CRITTER_COLORS[colour]) for colour in data.COLORS}
    assert len(set(tints.values())) == 4


def test_the_deck_has_54_cards_and_the_die_and_the_summary(pieces):
    cards = [c for c in pieces.values() if c.kind == "card"]
    assert sum(c.count for c in cards) == 54 and all(c.double_sided for c in cards)
    assert {"die-stickers", "rules-summary"} <= set(pieces)


def test_the_die_is_six_stickers_for_a_stock_16_mm_die_not_a_paper_cube(pieces):
    """The die was an 18 mm paper cube to cut, fold and glue (it rolls badly); it is six
    stickers for a stock 16 mm die now, on plain paper, and page 1 says so."""
    stickers = pieces["die-stickers"]
    assert stickers.kind == "sticker" and stickers.chits == (3, 2)
    assert stickers.width_mm / 3 <= 13.0 and stickers.height_mm / 2 <= 13.0  # a 16 mm die's flat face
    faces = [t for t in texts(stickers.front) if t != "chaos"]
    assert sorted(faces) == sorted(data.DIE_LABELS[value] for value in data.DIE_FACES)
    assert not any(c.outline == "polygon" for c in pieces.values())  # no net
    assert ("blank or plain six-sided die, about 16 mm", 1) in kit.GUIDE.box_items
    assert any("prints no paper cube" in step for step in kit.GUIDE.assembly)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_54_cards_print_on_few_two_sided_sheets(paper):
    """Every card keeps 6 mm from the paper's edge. Letter (279.4 mm) holds three rows of
    cards only on shared cuts, and cards of two colours may not share one (an off cut shows a
    sliver of the neighbour): the last nine, of four colours, took two sheets (seven in all).
    Every card's edge is now one rim of one colour, the suit's a band inside it, so any cards
    share their cuts: nine to a page, six sheets, on Letter and A4."""
    from pnp.build import impose_kit
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    pages = sorted({placed.page for placed in imposition.placements() if placed.component.kind == "card"
                    and placed.side == "front"})
    held = [sum(1 for p in imposition.sheets[page - 1].placements if p.component.kind == "card") for page in pages]
    assert held == [9] * 6, held
    if paper == "letter":
        assert {imposition.sheets[page - 1].band for page in pages} == {"left"}


def test_tabloid_holds_eighteen_cards_a_page_on_their_shared_cuts():
    """Three cards across tabloid turned take 266.7 mm of its 267.4 mm: no room for 1.2 mm
    gutters, and none needed, since the cards meet on shared cuts (one rim colour). The packer
    counted gutters and laid 16 a page, the last card sheet two critters and four wildflowers
    (30 % used): 18 a page is three sheets, every cut and bleed check still clean."""
    from pnp import checks
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS["tabloid"], BuildOptions(games=(kit.GAME_ID,)))
    pages = sorted({placed.page for placed in imposition.placements() if placed.component.kind == "card"})
    held = [sum(1 for p in imposition.sheets[page - 1].placements if p.component.kind == "card") for page in pages]
    assert held == [18] * 6, held  # three fronts, each with its page of backs
    problems = [str(problem) for page in pages for problem in checks.check_sheet(imposition.sheets[page - 1])]
    assert problems == []


@pytest.mark.parametrize("fold", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_die_stickers_share_their_plain_paper_with_the_rules_summary(paper, fold):
    """The die stickers had a page of plain paper to themselves, 7 % of it used: the rules
    summary (one-sided, for plain paper, half a page) prints beside them now, in a folded
    build too."""
    from pnp.build import impose_kit
    from pnp.frontmatter import stock
    from pnp.options import PAPERS, BuildOptions

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,), fold=fold))
    pages = {p.component.name: p.page for p in imposition.placements()}
    assert pages["die-stickers"] == pages["sticker-note"] == pages["rules-summary"]
    sheet = imposition.sheets[pages["die-stickers"] - 1]
    assert {stock(p.component) for p in sheet.placements} == {"paper"}
    assert len(sheet.placements) == 2 + kit.RULES_COPIES  # stickers, their note and the summaries


@pytest.mark.parametrize("colour", data.COLORS)
def test_a_critter_carries_its_colour_s_own_symbol_and_letter(pieces, colour):
    player = PLAYER_COLORS[colour]
    card = pieces[f"critter-{colour}-5"]
    icons = [s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)]
    assert icons.count(player.symbol) == 4  # all four corners
    words = texts(card.front)
    assert words.count(player.letter) == 4
    # no other colour's letter on the card: "B" is blue in every kit, never the bee
    others = {p.letter for name, p in PLAYER_COLORS.items() if name != colour}
    assert not others & set(words)


def test_wildflowers_carry_no_colour_letter(pieces):
    card = next(c for name, c in pieces.items() if name.startswith("wildflower"))
    letters = {p.letter for p in PLAYER_COLORS.values()}
    assert not letters & set(texts(card.front))
    assert "flower" in [s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)]


def test_each_gnome_variety_has_its_own_picture(pieces):
    pictures = {}
    for name in data.GNOMES:
        card = pieces[next(n for n in pieces if n.startswith("gnome") and name in n)]
        icons = {s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)}
        pictures[name] = icons & set(kit.GNOME_PICTURES.values())
    assert all(len(found) == 1 for found in pictures.values())
    assert len({next(iter(found)) for found in pictures.values()}) == len(data.GNOMES)


def test_the_card_back_is_light_unless_dark_backs_are_asked_for(pieces):
    from pnp.colors import luminance

    light = pieces["critter-blue-1"].back
    dark = {c.name: c for c in kit.components(KitOptions(dark_backs=True))}["critter-blue-1"].back
    assert light is not None and dark is not None
    assert luminance(light.background) > 0.8 > 0.1 > luminance(dark.background)


def _crossings(face, axis: str, at: float) -> list[tuple[float, bool]]:
    """Where the back's trellis lines (as the face draws them) cross the line x = at (axis "x")
    or y = at ("y"), and
    which way each runs (rising or falling): a line continues another only in its own direction."""
    from pnp.model import Line

    found = []
    for line, dx, dy in walk(face.shapes):
        if not isinstance(line, Line):
            continue
        (x1, y1), (x2, y2) = (line.x1 + dx, line.y1 + dy), (line.x2 + dx, line.y2 + dy)
        a1, a2, b1, b2 = (x1, x2, y1, y2) if axis == "x" else (y1, y2, x1, x2)
        if min(a1, a2) <= at <= max(a1, a2) and a1 != a2:
            found.append((round(b1 + (b2 - b1) * (at - a1) / (a2 - a1), 3), (b2 > b1) == (a2 > a1)))
    return sorted(found)


@pytest.mark.parametrize("dark", [False, True])
def test_the_card_back_pattern_runs_on_across_every_cut_and_through_the_bleed(dark):
    """Rows of backs that share a cut showed a seam there: the trellis of one card stopped
    at the cut and the next card's began out of step, so a cut a little off showed a broken
    pattern. The trellis now repeats exactly over the card's width and height: it crosses the
    right edge where it crosses the left one and the bottom where it crosses the top, so
    neighbours on one cut continue each other, and it runs 3 mm on into the bleed."""
    back = kit.card_back(dark=dark)

    def along(axis: str, at: float, length: float) -> list[tuple[float, bool]]:
        return [crossing for crossing in _crossings(back, axis, at) if 0.0 <= crossing[0] <= length]

    left, right = along("x", 0.0, kit.CARD_H), along("x", kit.CARD_W, kit.CARD_H)
    top, bottom = along("y", 0.0, kit.CARD_W), along("y", kit.CARD_H, kit.CARD_W)
    assert len(left) >= 10 and left == right
    assert len(top) >= 8 and top == bottom
    for edge in (-3.0, kit.CARD_W + 3.0):  # the bleed carries the pattern on
        assert len(along("x", edge, kit.CARD_H)) >= len(left) - 2
    for edge in (-3.0, kit.CARD_H + 3.0):
        assert len(along("y", edge, kit.CARD_W)) >= len(top) - 2


@pytest.mark.parametrize("colour", data.COLORS)
def test_each_critter_is_drawn_in_many_parts_and_tones_that_survive_black_and_white(colour):
    """The opossum was an oval with a pale wedge for a head and four sticks for legs: in black
    and white it read as any rodent. Every critter is drawn in a dozen parts or more now (ears,
    snout, eye, tail and fur for the opossum), in at least four tones of grey from near white
    to near black, so it is told by its drawing alone."""
    from pnp.colors import luminance
    from pnp.icons import icon_group

    drawing = icon_group(kit.ANIMAL_ICONS[colour], 40.0, kit.CRITTER_COLORS[colour])
    parts = list(walk(drawing))
    fills = {shape.style.fill for shape, _, _ in parts if getattr(shape, "style", None) and shape.style.fill}
    tones = {round(luminance(fill) * 5) for fill in fills}  # five bands of grey
    assert len(parts) >= 12, (colour, len(parts))
    assert len(tones) >= 4 and min(map(luminance, fills)) < 0.05 and max(map(luminance, fills)) > 0.6, tones


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_back_on_a_sheet_is_the_same_picture(paper, dark):
    """The backs drew one trellis laid from the sheet's corner, so a card's trellis fell
    where its place on the sheet put it: on Letter three kinds of back by column, on A4 nine,
    and a player could tell a card in a hand from its back (a cold review). Every back now
    draws its trellis from its own corner: each trellis line of each back, read in that
    card's own trim box, lies on the same lattice."""
    from pnp.build import impose_kit
    from pnp.checks import flatten
    from pnp.impose import apply
    from pnp.model import Line

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,), dark_backs=dark))
    backs = [sheet for sheet in imposition.sheets if sheet.side == "back" and sheet.placements]
    assert max(len(sheet.placements) for sheet in backs) >= 8
    for sheet in backs:
        lattices: set[tuple[float, float]] = set()
        phases: dict[int, dict[bool, set[float]]] = {}
        for drawn in flatten(sheet).shapes:
            if drawn.owner >= 0 and isinstance(drawn.shape, Line):
                corner_x, corner_y = sheet.placements[drawn.owner].rect[:2]
                (x1, y1), (x2, y2) = (apply(drawn.matrix, drawn.shape.x1, drawn.shape.y1),
                                      apply(drawn.matrix, drawn.shape.x2, drawn.shape.y2))
                rising = (y2 - y1) * (x2 - x1) > 0
                x, y = x1 - corner_x, y1 - corner_y  # in the card's own trim box
                offset = (y - x) if rising else (y + x)  # the line y = x + c or y = -x + c
                phase = round(offset % kit.TRELLIS, 2) % round(kit.TRELLIS, 2)
                phases.setdefault(drawn.owner, {True: set(), False: set()})[rising].add(phase)
        for owner, found in phases.items():
            assert [len(found[True]), len(found[False])] == [1, 1], (sheet.number, owner, found)
            lattices.add((min(found[True]), min(found[False])))
        assert len(phases) == len(sheet.placements) and len(lattices) == 1, (sheet.number, lattices)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cards_meet_their_neighbours_on_one_cut_both_ways(paper):
    """On Letter the columns stood 2.47 mm apart, two cuts a hair apart for each; every card's
    edge is the one rim colour, so cards abut on shared cuts on both papers."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    sheet = next(s for s in imposition.sheets if len(s.placements) == 9)
    xs = sorted({round(p.rect[0], 3) for p in sheet.placements})
    ys = sorted({round(p.rect[1], 3) for p in sheet.placements})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([kit.CARD_W] * 2)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([kit.CARD_H] * 2)


def _ticks_at_corners(sheet, rect) -> list:
    """Cut ticks starting at one of the rect's corners (they start MARK_GAP_MM off the trim)."""
    from pnp.impose import MARK_STYLE
    from pnp.model import Line

    x, y, w, h = rect
    corners = [(cx, cy) for cx in (x, x + w) for cy in (y, y + h)]
    return [line for line in sheet.overlay.children if isinstance(line, Line) and line.style == MARK_STYLE
            and any(abs(px - cx) < 0.3 and abs(py - cy) < 0.3
                    for px, py in ((line.x1, line.y1), (line.x2, line.y2)) for cx, cy in corners)]


def test_the_sticker_note_is_read_not_cut_and_the_page_holds_a_rules_summary_for_each_end_of_the_table():
    """Page 15 was 45 % used, with cut ticks round the sticker note as if it were a piece."""
    from pnp.build import impose_kit, lay_out
    from pnp.cuts import count_cuts

    options = BuildOptions(games=(kit.GAME_ID,))
    imposition = impose_kit(kit.GAME_ID, PAPERS["letter"], options)
    note = next(p for p in imposition.placements() if p.component.name == "sticker-note")
    sheet = imposition.sheets[note.page - 1]
    assert _ticks_at_corners(sheet, note.rect) == []
    assert sum(1 for p in sheet.placements if p.component.name == "rules-summary") == kit.RULES_COPIES == 2
    as_a_piece = lay_out(kit.GAME_ID, [replace(c, cut_out=True) for c in kit.components(KitOptions())],
                         PAPERS["letter"], options)
    note_cut = next(p for p in as_a_piece.placements() if p.component.name == "sticker-note")
    assert _ticks_at_corners(as_a_piece.sheets[note_cut.page - 1], note_cut.rect)
    assert count_cuts(as_a_piece) > count_cuts(imposition)


def test_every_critters_name_keeps_clear_of_the_turned_badge(pieces):
    """"Blue Opossum" at 11.9 pt came within 0.3 mm of the badge in the bottom-right corner:
    every name keeps BADGE_CLEAR from it."""
    from pnp.checks import words

    badge_left = kit.CARD_W - kit.CORNER - kit.BADGE_X - kit.BADGE_R
    for colour, animal in data.CRITTERS.items():
        card = next(c for c in pieces.values() if c.name.startswith(f"critter-{colour}-"))
        name = f"{colour.capitalize()} {animal}"
        [(_, box)] = [(text, box) for text, box in words(card.front.shapes) if text == name]
        assert box[2] <= badge_left - kit.BADGE_CLEAR + 1e-6, (name, box)


def test_every_critters_name_is_one_size_the_largest_the_widest_name_fits(pieces):
    """"Blue Opossum" was 9.8 pt and "Green Frog" 11.9 pt: a name's size said nothing but its
    length. Every name is now one size, at which the widest ends BADGE_CLEAR from the badge."""
    from pnp.checks import words

    badge_left = kit.CARD_W - kit.CORNER - kit.BADGE_X - kit.BADGE_R
    sizes, right_ends = set(), []
    for colour, name in kit.CRITTER_NAMES.items():
        card = next(c for c in pieces.values() if c.name.startswith(f"critter-{colour}-"))
        sizes |= {shape.size for shape, _, _ in walk(card.front.shapes) if isinstance(shape, Text) and shape.text == name}
        right_ends += [box[2] for text, box in words(card.front.shapes) if text == name]
    assert len(sizes) == 1
    assert max(right_ends) == pytest.approx(badge_left - kit.BADGE_CLEAR, abs=0.05)


def _badge_box(card) -> tuple[float, float, float, float]:
    """The top-left colour badge's box on the card (the turned one mirrors it)."""
    from pnp.checks import bounds
    from pnp.model import Group

    corner = card.front.shapes.children[1]
    assert isinstance(corner, Group), corner
    index = corner.children[0]
    assert isinstance(index, Group), index
    badge = bounds(index.children[1])
    assert badge is not None, "the badge draws something"
    left, top, right, bottom = badge
    dx, dy = index.translate
    return left + dx, top + dy, right + dx, bottom + dy


def test_every_picture_keeps_clear_of_all_four_colour_badges(pieces):
    """The red snail's leaf (and the blue opossum's branch) ran from the picture's corner into
    the badge: no outline of a critter's or wildflower's picture comes within BADGE_CLEAR of
    any of the four corners' badges."""
    from pnp.checks import IDENTITY, Flat, Sheet, _Flattener

    cards = [c for c in pieces.values() if c.name.startswith(("critter-", "wildflower-"))]
    assert len(cards) == 42
    for card in cards:
        [art] = [s for s in card.front.shapes.children if isinstance(s, Icon)]
        flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
        _Flattener(flat).walk(art, IDENTITY, 0, None)
        left, top, right, bottom = _badge_box(card)
        turned = (kit.CARD_W - right, kit.CARD_H - bottom, kit.CARD_W - left, kit.CARD_H - top)
        mirrored = (kit.CARD_W - right, top, kit.CARD_W - left, bottom)
        turned_mirrored = (left, kit.CARD_H - bottom, right, kit.CARD_H - top)
        for x0, y0, x1, y1 in ((left, top, right, bottom), turned, mirrored, turned_mirrored):
            grown = (x0 - kit.BADGE_CLEAR, y0 - kit.BADGE_CLEAR, x1 + kit.BADGE_CLEAR, y1 + kit.BADGE_CLEAR)
            assert not any(drawn.crosses(grown) for drawn in flat.shapes), (card.name, grown)


def test_page_one_says_the_rare_cards_and_the_wildflowers_are_a_house_choice():
    """A reviewer read page 1's "4 × wildflower cards" as the game's own; the rulebook says
    only "a few rare" 0/10 critters and gives no wildflower count. Page 1 says which of the
    kit's cards are its house choice, in words made from the deck the kit prints."""
    from pnp.build import impose_kit

    first = impose_kit(data.GAME_ID, PAPERS["letter"], BuildOptions(games=(data.GAME_ID,))).sheets[0]
    words = " ".join(" ".join(s.text for s, _, _ in walk(first.overlay) if isinstance(s, Text)).split())
    rare = [card for card in data.DECK if card.number == data.RARE_NUMBER]
    wildflowers = sorted(card.number for card in data.DECK if card.kind == "wildflower")
    assert kit.house_deck_note() in words
    assert f"{len(rare)} rare 0/10 critters" in kit.house_deck_note()
    assert f"{len(wildflowers)} wildflowers ({', '.join(map(str, wildflowers))})" in kit.house_deck_note()
    assert "house choice" in kit.house_deck_note()
    bigger = {**data.DECK, data.Card("wildflower", number=2): 1}
    assert "5 wildflowers (1, 2, 4, 6, 9)" in kit.house_deck_note(bigger)


@pytest.mark.parametrize("paper", ["letter", "a4", "a3", "tabloid"])
def test_a_folded_build_fills_its_last_card_page_with_ties_aids_where_it_has_blanks(paper):
    """Folded, 54 cards lie four a page on Letter and A4: the last page held two, 42 % used. The
    two places left take the ties aid, on the same card, so every card page is full. A3 and
    tabloid hold nine a page, six pages full: no aid, and no page more."""
    from pnp.build import impose_kit

    build = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,), fold=True))
    card_pages = [sheet for sheet in build.sheets if any(p.component.kind == "card" for p in sheet.placements)]
    ties = [p for sheet in card_pages for p in sheet.placements if p.component.name == "ties-aid"]
    folded = [p for sheet in card_pages for p in sheet.placements if p.component.name != "ties-aid"]
    assert len(folded) == 54
    per_page = max(len(sheet.placements) for sheet in card_pages)
    assert all(len(sheet.placements) == per_page for sheet in card_pages)
    assert len(ties) == (2 if paper in ("letter", "a4") else 0)
    plain = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    assert all(p.component.name != "ties-aid" for p in plain.placements())


def test_the_ties_aid_draws_the_chain_of_critters_under_the_wordmark():
    face = kit.ties_aid()
    drawn = [s.name for s, _, _ in walk(face.shapes) if isinstance(s, Icon)]
    chain = [name for name in drawn if name in kit.ANIMAL_ICONS.values()]
    assert chain == [kit.ANIMAL_ICONS[colour] for colour in (*data.COLORS, data.COLORS[0])]
    assert "gv-wildflower" in drawn and "look-gnome-hat" in drawn  # the wordmark's ornaments
    words = texts(face)
    assert words.count("beats") == len(data.COLORS)
    assert all(kit.CRITTER_NAMES[colour] in words for colour in data.COLORS)


def test_the_rules_summary_carries_the_games_wordmark(pieces):
    summary = pieces["rules-summary"].front
    assert "look-gnome-hat" in {s.name for s, _, _ in walk(summary.shapes) if isinstance(s, Icon)}
    assert kit.TITLE in texts(summary)


def test_the_gnome_cards_corner_rings_keep_a_millimetre_inside_the_coloured_frame(pieces):
    """A gnome card's corner emblem sat in a ring whose edge touched the frame's inner edge
    (0.35 mm over it): it read as part of the frame, unevenly. Each ring, both corners, keeps
    a millimetre of the white panel between it and the frame."""
    from pnp import checks
    from pnp.impose import Sheet
    from pnp.model import Circle

    gnomes = [c for c in pieces.values() if c.kind == "card" and c.name.startswith("gnome")]
    assert gnomes
    for card in gnomes:
        flat = checks.flatten(Sheet(0, kit.CARD_W, kit.CARD_H, "front", [], card.front.shapes))
        rings = [item.box for item in flat.shapes if isinstance(item.shape, Circle) and item.style.stroke
                 and item.picture is None]  # the rings, not the pictures' eyes
        assert len(rings) == 4, card.name
        for x0, y0, x1, y1 in rings:  # the box of the ring's ink, its stroke included
            assert min(x0, y0, kit.CARD_W - x1, kit.CARD_H - y1) >= kit.RIM + 1.0 - 1e-6, card.name


def test_a_colour_s_nine_critters_are_nine_pictures_growing_with_their_number(pieces):
    """Nine cards of a colour showed three poses three times each, at one size: each pose is
    drawn smaller on 1-3, larger on 4-6 and largest on 7-9, so no two cards of a colour show
    the same picture and a 9 looks bigger than a 1. What each picture draws stands at least
    CRITTER_TALL on the card, 30 mm and up (the blue opossum stood 24 mm, sized by its square),
    unless it reaches ART_WIDE across first (never under 28 mm), its drawing centred where the
    art goes."""
    from pnp.checks import bounds
    from pnp.icons import icon_group

    for colour in kit.CRITTER_COLORS:
        animal = kit.ANIMAL_ICONS[colour]
        drawn = {}
        for number in range(1, 10):
            card = next(c for c in pieces.values() if c.kind == "card" and c.name == f"critter-{colour}-{number}")
            icon = next(s for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon) and s.name.startswith(animal))
            box = bounds(icon_group(icon.name, icon.size, icon.color))
            assert box is not None
            left, top = icon.cx - icon.size / 2 + box[0], icon.cy - icon.size / 2 + box[1]
            width, height = box[2] - box[0], box[3] - box[1]
            third = (number - 1) // 3
            assert height >= kit.CRITTER_TALL[third] - 1e-3 or width >= kit.ART_WIDE[third] - 1e-3, (
                colour, number, height, width)
            assert height >= 28 and width <= kit.ART_WIDE[third] + 1e-3, (colour, number, height, width)
            assert (left + width / 2, top + height / 2) == pytest.approx((kit.ART_X, kit.ART_Y), abs=1e-3)
            drawn[number] = (icon.name, icon.size)
        assert len(set(drawn.values())) == 9, drawn
        for low in range(1, 10):  # a pose on a higher number is drawn larger
            assert all(drawn[high][1] > drawn[low][1] for high in range(low + 1, 10)
                       if drawn[high][0] == drawn[low][0] and (high - 1) // 3 > (low - 1) // 3), drawn


@pytest.mark.parametrize("name", ["critter-blue-7", "critter-green-0-10", "wildflower-6", "gnome-thief"])
def test_every_card_shows_its_index_in_all_four_corners(pieces, name):
    """The index stood top-left and bottom-right only, so a hand fanned to the left (which
    shows the cards' right edges) showed no numbers: it stands in all four corners now, each
    within a third of the card from its corner, and the same index each time."""
    from pnp.checks import IDENTITY, Flat, Sheet, _Flattener

    card = pieces[name]
    corners = card.front.shapes.children[1]
    flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
    _Flattener(flat).walk(corners, IDENTITY, 0, None)
    boxes = [item.box for item in flat.shapes]
    reach = (kit.CARD_W / 3, kit.CARD_H / 3)
    for right in (False, True):
        for foot in (False, True):
            inside = [box for box in boxes
                      if (box[0] >= kit.CARD_W - reach[0] if right else box[2] <= reach[0])
                      and (box[1] >= kit.CARD_H - reach[1] if foot else box[3] <= reach[1])]
            assert len(inside) * 4 == len(boxes), (name, right, foot, len(inside), len(boxes))
    words = texts(card.front)
    if not name.startswith("gnome"):
        assert words.count("0/10" if name.endswith("0-10") else name.split("-")[-1]) == 4


def test_every_gnome_picture_keeps_clear_of_all_four_emblem_rings(pieces):
    """With an emblem in all four corners, the wishing gnome's star (at the top-right of its
    picture) touched the top-right ring: no gnome picture comes within BADGE_CLEAR of a ring."""
    from pnp.checks import IDENTITY, Flat, Sheet, _Flattener
    from pnp.model import Circle

    for card in (c for c in pieces.values() if c.name.startswith("gnome-")):
        [picture] = [s for s in card.front.shapes.children if isinstance(s, Icon)]
        drawn, corners = Flat(Sheet(0, 0.0, 0.0, "front", [])), Flat(Sheet(0, 0.0, 0.0, "front", []))
        _Flattener(drawn).walk(picture, IDENTITY, 0, None)
        _Flattener(corners).walk(card.front.shapes.children[1], IDENTITY, 0, None)
        rings = [item.box for item in corners.shapes if isinstance(item.shape, Circle) and item.style.stroke
                 and item.picture is None]
        assert len(rings) == 4, card.name
        for x0, y0, x1, y1 in rings:
            grown = (x0 - kit.BADGE_CLEAR, y0 - kit.BADGE_CLEAR, x1 + kit.BADGE_CLEAR, y1 + kit.BADGE_CLEAR)
            assert not any(item.crosses(grown) for item in drawn.shapes), (card.name, grown)
