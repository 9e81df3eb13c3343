"""Harvest Dice kit: the sheets print the house sheet of data.py, four to a page; the
marker, the rules card and the die stickers are there; the PDF is sound."""
from __future__ import annotations

from collections import Counter

import pytest

from pnp import checks
from pnp.art.looks import look
from pnp.fonts import DISPLAY_FACES, pdf_font
from pnp.impose import Sheet, impose
from pnp.kits import harvest_dice as kit
from pnp.model import Circle, Face, Group, Icon, Line, Polygon, Text
from pnp.options import PAPERS, BuildOptions, KitOptions
from scorer.games.harvest_dice import data
from tests.support.kit_builds import default_kit
from tests.support.shapes import texts, walk


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def crossed_circles(component):
    """Circles with two crossing lines through their centre: the pre-crossed market circles."""
    centres = {(round(s.cx + dx, 2), round(s.cy + dy, 2)) for s, dx, dy in walk(component.front.shapes)
               if isinstance(s, Circle) and s.r == kit.CIRCLE_R}
    crossings = Counter((round((s.x1 + s.x2) / 2 + dx, 2), round((s.y1 + s.y2) / 2 + dy, 2))
                        for s, dx, dy in walk(component.front.shapes) if isinstance(s, Line))
    return sum(1 for centre in centres if crossings[centre] == 2)


def test_kit_pieces_and_counts(pieces):
    assert {name: c.count for name, c in pieces.items()} == {
        "score-sheet-basic": 8, "score-sheet-advanced": 8, "rules-summary": 1, "player-card": 4,
        "start-player-marker": 1, "sticker-note": 1, "die-net": 1, **{f"stickers-{crop}": 1 for crop in data.CROPS}}
    # the pieces handled at the table are two-sided on card; the paper ones one-sided
    assert {name for name, c in pieces.items() if c.double_sided} == {"player-card", "start-player-marker"}
    assert pieces["score-sheet-basic"].kind == "pad"
    assert all(pieces[f"stickers-{crop}"].kind == "sticker" for crop in data.CROPS)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_score_sheets_print_four_to_a_page(pieces, paper):
    imposed = impose(list(pieces.values()), PAPERS[paper])
    for mode in data.MODES:
        pages = Counter(p.page for p in imposed.placements() if p.component.name == f"score-sheet-{mode}")
        assert list(pages.values()) == [4, 4], pages  # two games of four: a page is a game
        assert all(not p.rotated for p in imposed.placements() if p.component.name.startswith("score-sheet"))
    # the die stickers and the rules summary share one page of plain paper; the pig marker
    # and the four player cards share one of card
    sticker_page = next(p.page for p in imposed.placements() if p.component.name == "stickers-lettuce")
    assert sorted(p.component.name for p in imposed.placements() if p.page == sticker_page) == sorted(
        ["sticker-note", "rules-summary", "die-net", *(f"stickers-{crop}" for crop in data.CROPS)])
    pig_page = next(p.page for p in imposed.placements() if p.component.name == "start-player-marker")
    assert sorted(p.component.name for p in imposed.placements() if p.page == pig_page) == [
        *["player-card"] * 4, "start-player-marker"]


def test_sheet_circles_and_boxes_come_from_the_data(pieces):
    for mode in data.MODES:
        sheet = pieces[f"score-sheet-{mode}"]
        circles = [s for s, _, _ in walk(sheet.front.shapes) if isinstance(s, Circle) and s.r == kit.CIRCLE_R]
        assert len(circles) == data.PIG_CIRCLES + len(data.CROPS) * data.MARKET_CIRCLES
        words = texts(sheet.front)
        for value in data.PIG_ROW_VALUES:
            assert str(value) in words
        ribbons = [s for s, _, _ in walk(sheet.front.shapes)
                   if isinstance(s, Text) and s.bold and s.text == str(data.RIBBON_POINTS)]
        assert len(ribbons) == data.GARDEN_ROWS
        assert f"{mode.upper()} GAME" in words


def test_basic_sheet_has_the_first_market_circle_crossed_advanced_none(pieces):
    assert crossed_circles(pieces["score-sheet-basic"]) == len(data.CROPS) * data.PRINTED_CROSSED["basic"] == 3
    assert crossed_circles(pieces["score-sheet-advanced"]) == 0


def test_advanced_sheet_alone_has_the_bonus_box(pieces):
    assert "bonus" in texts(pieces["score-sheet-advanced"].front)
    assert "bonus" not in texts(pieces["score-sheet-basic"].front)


def test_crops_are_drawn_by_shape_and_colour_in_the_legend(pieces):
    for mode in data.MODES:
        icons = {(s.name, s.color) for s, _, _ in walk(pieces[f"score-sheet-{mode}"].front.shapes)
                 if isinstance(s, Icon)}
        for crop, shape in data.CROP_SHAPE.items():
            assert (shape, kit.CROP_COLOR[crop]) in icons
    assert data.CROP_SHAPE == {"lettuce": "square", "tomato": "circle", "carrot": "triangle"}


def test_die_stickers_six_faces_for_every_die_with_shaped_pips(pieces):
    pips_per_die = sum(range(1, 7))
    dice = data.DICE_PER_COLOR[4]
    for crop, shape in data.CROP_SHAPE.items():
        icons = Counter(s.name for s, _, _ in walk(pieces[f"stickers-{crop}"].front.shapes) if isinstance(s, Icon))
        assert icons == {shape: dice * pips_per_die}


def test_die_stickers_have_bleed_ticks_and_say_how_few_cuts_they_take(pieces):
    """The stickers were once drawn on one white sheet: no bleed, no corner ticks, four cuts
    round each of 54 stickers. Each crop's stickers are now a sheet of chits in its colour,
    its colour running past the trim, cut on ticks and then along its lines."""
    from pnp.build import impose_kit
    from pnp.cuts import chit_cuts, sheet_cuts
    from pnp.options import BuildOptions

    dice, faces = data.DICE_PER_COLOR[4], len(data.DIE_FACES)
    for crop in data.CROPS:
        sheet = pieces[f"stickers-{crop}"]
        assert sheet.chits == (dice, faces) and sheet.front.background == kit.CROP_COLOR[crop]
        assert (sheet.width_mm, sheet.height_mm) == (dice * kit.STICKER, faces * kit.STICKER)
    cuts, stickers = kit.sticker_cuts()
    assert (cuts, stickers) == (4 + faces - 1 + dice - 1, faces * dice)
    note = " ".join(" ".join(texts(pieces["sticker-note"].front)).split())
    # in plain words: no "0.6 cuts a sticker instead of 4"
    assert f"{cuts} cuts free all its {stickers} stickers, without cutting round each one" in note
    imposition = impose_kit(kit.GAME_ID, PAPERS["letter"], BuildOptions(games=(kit.GAME_ID,)))
    placed = [p for p in imposition.placements() if p.component.name.startswith("stickers-")]
    assert all(min(p.bleed) > 0 for p in placed)
    ticks = [s for s, _, _ in walk(imposition.sheets[placed[0].page - 1].overlay) if isinstance(s, Line)]
    assert len(ticks) >= 4 * len(placed)
    page = imposition.sheets[placed[0].page - 1]
    sheets = [p for p in page.placements if p.component.kind == "sticker"]  # (the page holds the player cards too)
    on_page = sheet_cuts([p.rect for p in sheets], page.width_mm, page.height_mm) + \
        sum(chit_cuts(p.component) for p in sheets)
    assert on_page <= 3 * cuts + 4 < 4 * len(data.CROPS) * stickers  # the page, not four cuts a sticker


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_kit_prints_five_sheets_of_plain_paper_the_last_one_well_used_and_the_pig_on_card(pieces, paper):
    """The pig once stood on plain paper and fell over: it is a flat plate on card, beside the
    player cards; the rules summary shares its plain paper with the die stickers (their note
    under them)."""
    from pnp.frontmatter import stock

    imposition = impose(list(pieces.values()), PAPERS[paper])
    stocks = [{stock(p.component) for p in sheet.placements} for sheet in imposition.sheets]
    assert sorted(map(sorted, stocks)) == [["card"], ["card"], *[["paper"]] * 5]  # (the card's back)
    last = next(sheet for sheet in imposition.sheets if any(p.component.kind == "sticker" for p in sheet.placements))
    used = sum(p.rect[2] * p.rect[3] for p in last.placements) / (last.width_mm * last.height_mm)
    assert used > 0.4, used
    stickers = [p for p in last.placements if p.component.name.startswith("stickers-")]
    assert len({p.rect[1] for p in stickers}) == 1, "one band: the three sheets side by side"
    note = next(p for p in last.placements if p.component.name == "sticker-note")
    assert note.rect[1] >= max(p.rect[1] + p.rect[3] for p in stickers)
    words = " ".join(" ".join(texts(pieces["sticker-note"].front)).split())
    assert "plain paper and glue" in words


def test_the_pig_marker_is_a_flat_plate_of_card_cut_in_the_shape_of_a_pig(pieces):
    """The pig was a prism of card to score, fold and glue, then a flat pink rectangle a cold
    reviewer read as a placeholder: it is a flat plate of card cut round a pig's outline (one
    smooth closed curve, its pink 1.5 mm past the cut and inside the piece's box), with the
    pig's face drawn on it, that lies by the start player and slides to the next with the dice."""
    from pnp.checks import bounds
    from pnp.frontmatter import stock
    from pnp.model import Path

    marker = pieces["start-player-marker"]
    assert stock(marker) == "card" and marker.kind == "marker" and marker.outline == "polygon"
    assert marker.count == 1 and marker.front.background.upper() == "#FFFFFF"  # the pink keeps to the pig
    assert not [s for s, _, _ in walk(marker.front.shapes) if isinstance(s, (Line, Polygon))]  # no folds, no net
    words = texts(marker.front)
    assert words.count("START PLAYER") == 1 and not any("glue" in word or "fold" in word for word in words)
    outlines = [s for s, _, _ in walk(marker.front.shapes) if isinstance(s, Path) and s.commands[0][0] == "M"
                and s.commands[-1] == ("Z",) and len(s.commands) > 20]
    plate, cut = outlines
    assert plate.style.fill == kit.PLATE_PINK and plate.style.stroke_width == 2 * kit.PLATE_BLEED
    assert cut.commands == plate.commands and cut.style.fill is None  # the cut line on the plate's edge
    assert sum(1 for command in cut.commands if command[0] == "M") == 1  # one closed curve, one cut
    box = bounds(Group((plate,)))
    assert box is not None
    x0, y0, x1, y1 = box
    assert x0 >= 0 and y0 >= 0 and x1 <= kit.START_W and y1 <= kit.START_H


def test_the_pig_plate_is_two_sided_either_side_up_says_who_starts(pieces):
    """The review found the plate one-sided: a plate that slides round the table shows its
    back half the time. Its back is the same pig seen from behind: START PLAYER, the pig
    facing the other way (its outline mirrored, so it lies on the front's), the veggies in the
    other order, and no cut line (the front's is cut)."""
    from pnp.model import Path

    marker = pieces["start-player-marker"]
    assert marker.back is not None and marker.back.background.upper() == "#FFFFFF"
    assert texts(marker.back).count("START PLAYER") == 1

    def outlines(face) -> list:
        return [s for s, _, _ in walk(face.shapes) if isinstance(s, Path) and len(s.commands) > 20]

    def snout_x(face) -> float:
        return min(c[-2] for c in outlines(face)[0].commands if len(c) > 2) if face is marker.front else \
            max(c[-2] for c in outlines(face)[0].commands if len(c) > 2)

    assert snout_x(marker.front) < kit.START_W / 10 and snout_x(marker.back) > 9 * kit.START_W / 10
    front, back = outlines(marker.front)[0].commands, outlines(marker.back)[0].commands
    assert [(round(kit.START_W - c[1], 6), round(c[2], 6)) for c in front if c[0] == "M"] == \
        [(round(c[1], 6), round(c[2], 6)) for c in back if c[0] == "M"]
    assert len(outlines(marker.back)) == 1 and len(outlines(marker.front)) == 2

    def veggies(face) -> list[str]:
        return [s.name for s, _, _ in walk(face.shapes) if isinstance(s, Icon) and s.name in kit.VEGGIE_ART.values()]

    assert veggies(marker.back) == veggies(marker.front)[::-1]
    # wide enough to take in the hand, low enough to lie among the dice
    assert marker.width_mm > 2 * marker.height_mm >= 80


def test_the_card_sheet_is_well_used(pieces):
    """The pig once had a sheet of card to itself, 30 % of it used: the four player cards share
    it (65.8 % of A4 with their bleed, 68.3 % of Letter)."""
    for paper in ("letter", "a4"):
        imposition = impose(list(pieces.values()), PAPERS[paper])
        sheet = next(sheet for sheet in imposition.sheets if any(p.component.name == "start-player-marker"
                                                                 for p in sheet.placements))
        assert checks.page_use(sheet) > 0.65, paper


def test_the_score_sheet_hints_are_eight_points_and_the_power_pig_four_and_a_half_millimetres(pieces):
    """'full row', 'cross pips', 'power', 'points' and the markets' hint were 6.2 pt, and the pig
    of the power boxes 3 mm, drawn pale inside each box."""
    from pnp.checks import PT_MM

    sheet = pieces["score-sheet-basic"]
    sizes = {s.text: s.size / PT_MM for s, _, _ in walk(sheet.front.shapes) if isinstance(s, Text)}
    for hint in ("full row", "cross", "pips", "power", "points", "a veggie scores its highest number crossed"):
        assert sizes[hint] >= 8, hint
    tops = kit.section_tops()
    power_pigs = [s for s, _, dy in walk(sheet.front.shapes) if isinstance(s, Icon) and s.name == "harvest-pig"
                  and tops["legend"] < s.cy + dy < tops["markets"] and s.cx > 30]  # not the big pig left
    assert power_pigs and min(pig.size for pig in power_pigs) >= 4.5


def test_the_player_cards_give_a_round_in_five_steps(pieces):
    """Each step's number on a disc, its verb first; the veggies, pig and stall drawn beside;
    at the foot which veggie each die colour plants, in its shape, and the rulebook sections
    the side sums up."""
    card = pieces["player-card"]
    words = texts(card.front)
    assert all(str(step) in words for step in range(1, 6))
    steps = [text.split(":")[0] for text in words if ":" in text and not text.startswith(("in the rulebook", "2 players"))]
    assert steps == [verb for verb, _, _ in kit.ROUND_STEPS]
    drawn = {s.name for s, _, _ in walk(card.front.shapes) if isinstance(s, Icon)}
    assert {"harvest-pig", "harvest-market", *kit.VEGGIE_ART.values(), *data.CROP_SHAPE.values()} <= drawn
    assert all(f"{data.CROP_DIE_COLOR[crop]} die" in words and crop in words for crop in data.CROPS)
    assert "in the rulebook: Set-Up, Game Play, The Last Die & The Market" in words
    assert card.count == 4


def test_the_player_cards_front_gives_the_two_player_dice_and_the_advanced_colour_power(pieces):
    """The cold review found both only on the rules summary: with 2 players only 2 dice of each
    colour (Set-Up), and in the advanced game a pig power may change a die's colour (Pig Powers,
    Advanced Game)."""
    text = " ".join(texts(pieces["player-card"].front))
    assert f"2 players: use only {data.DICE_PER_COLOR[2]} dice of each colour" in text
    power = next(words for verb, words, _ in kit.ROUND_STEPS if verb == "Power")
    assert "one number up or down" in power and "advanced game: or change its colour" in power


def test_the_player_cards_back_says_how_the_game_ends_and_scores_under_the_rulebooks_headings(pieces):
    """The review found the player cards' backs blank: each back now holds the end and the
    score, headed by the rulebook's own sections, every number from the data module."""
    back = pieces["player-card"].back
    assert back is not None
    words = texts(back)
    assert {"End Game", "Scoring", "in the rulebook: End Game, Scoring"} <= set(words)
    text = " ".join(words)
    assert f"all {data.MARKET_CIRCLES} circles" in text and f"{data.RIBBON_POINTS} for each full garden row" in text
    assert f"+{data.ADVANCED_BONUS_POINTS} for most" in text
    drawn = {s.name for s, _, _ in walk(back.shapes) if isinstance(s, Icon)}
    assert {"harvest-pig", "harvest-market", "harvest-ribbon"} <= drawn


def _groups(shape, depth=0):
    if isinstance(shape, Group):
        yield depth, shape
        for child in shape.children:
            yield from _groups(child, depth + 1)


def test_the_tomato_prints_a_true_red_not_orange():
    """The tomato's vermillion (hue 26 degrees) printed orange-brown beside the carrot's orange."""
    import colorsys

    def hue(colour: str) -> float:
        red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return colorsys.rgb_to_hsv(red, green, blue)[0] * 360

    tomato = kit.CROP_COLOR["tomato"]
    assert hue(tomato) <= 8 or hue(tomato) >= 352, f"{tomato} has a hue of {hue(tomato):.0f} degrees"
    assert hue(kit.CROP_COLOR["carrot"]) - hue(tomato) % 360 >= 25


def test_the_sheets_show_the_games_own_drawings(pieces):
    """The score sheets, the rules card and the pig marker drew the crops only as the
    rulebook's plain shapes; they now show the vegetables drawn, and the markets a stall."""
    def icons(name: str) -> set[str]:
        return {s.name for s, _, _ in walk(pieces[name].front.shapes) if isinstance(s, Icon)}

    for mode in data.MODES:
        assert "harvest-market" in icons(f"score-sheet-{mode}")
    assert {f"harvest-{crop}" for crop in data.CROPS} <= icons("rules-summary")
    assert {"harvest-lettuce", "harvest-carrot"} <= icons("start-player-marker")  # on the pig the plate is


def test_the_score_boxes_are_headed_by_plain_words_not_abbreviations_or_signs(pieces):
    """The total row was headed "let ×", "tom ×", "car ×", then by a shape, a drawing and "×",
    and "+5 ea.": a new player puzzled over each. Each box is now headed by one plain word, its
    shape or icon in the box's corner as on the rest of the sheet."""
    for mode in data.MODES:
        sheet = pieces[f"score-sheet-{mode}"].front
        words = {word for text in texts(sheet) for word in text.split()}
        assert not {crop[:length] for crop in data.CROPS for length in range(2, len(crop))} & words
        assert not {"×", "ea.", "let", "tom", "car"} & words
        row = next(s.y + dy for s, _, dy in walk(sheet.shapes) if isinstance(s, Text) and s.text == "TOTAL")
        heads = [s.text for s, _, dy in walk(sheet.shapes) if isinstance(s, Text) and abs(s.y + dy - row) < 0.5]
        assert heads == [word for _, _, word in kit.score_heads(mode)]
        assert set(data.CROPS) <= set(heads)


def test_the_guide_names_each_score_sheet_page_by_the_heading_it_prints(pieces):
    """"The score-sheet page" once left the printer to guess between the basic and advanced one."""
    steps = " ".join(kit.GUIDE.assembly)
    for mode in data.MODES:
        heading = f"{mode.upper()} GAME"
        assert f"headed {heading}" in steps
        assert heading in texts(pieces[f"score-sheet-{mode}"].front)


@pytest.mark.parametrize("crop", list(kit.CROP_COLOR))
def test_a_six_shows_six_pips_well_apart_not_two_bars(crop):
    """Lettuce's square pips once sat 0.54 mm apart down a six and read as two bars."""
    from pnp.checks import bounds

    face = kit.sticker_face(0, 0, kit.STICKER, 6, crop)
    pips = sorted(box for shape in face.children if isinstance(shape, Icon) and (box := bounds(shape)) is not None)
    assert len(pips) == 6
    gaps = [below[1] - above[3] for above, below in zip(pips, pips[1:]) if above[0] == below[0]]
    assert len(gaps) == 4 and min(gaps) >= 0.8


def test_the_rules_summary_carries_the_wordmark_the_pig_and_the_crops(pieces):
    """The summary card was plain text, the plainest piece of the five kits."""
    drawn = [shape for shape, _, _ in walk(pieces["rules-summary"].front.shapes)]
    assert any(isinstance(s, Text) and s.text == kit.TITLE and s.face == look(kit.TITLE).face for s in drawn)
    icons = {s.name for s in drawn if isinstance(s, Icon)}
    assert {"harvest-pig", *data.CROP_SHAPE.values()} <= icons


def test_rules_card_and_marker(pieces):
    card = " ".join(texts(pieces["rules-summary"].front))
    for heading in ("Plant it", "Feed it", "Pig powers", "The last die", "The end", "Scoring"):
        assert heading in card
    assert texts(pieces["start-player-marker"].front).count("START PLAYER") == 1


def test_built_pdf_has_embedded_fonts_and_every_page(tmp_path_factory):
    """Every font embedded, and only the game's own: its display face and its body face's two
    weights (no Vera, which every kit's body text was once set in)."""
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import getFont

    built = default_kit(tmp_path_factory, "harvest-dice")
    reader = PdfReader(built / "letter" / "harvest-dice.pdf")
    # the kit's first page and its duplex test, the card page and its back, five pages of paper
    assert len(reader.pages) == 9
    svgs = sorted(p.name for p in (built / "letter" / "harvest-dice").glob("*.svg"))
    assert len(svgs) == 9 and svgs[0].startswith("p01-")
    for page in reader.pages:
        assert round(float(page.mediabox.width) / 72 * 25.4, 1) == 215.9
        embedded = []
        for font in page["/Resources"]["/Font"].values():  # type: ignore[index]
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            file = described["/FontDescriptor"].get_object()  # no unembedded standard font
            assert "/FontFile2" in file or "/FontFile" in file
            embedded.append(str(font["/BaseFont"]))
        chosen = look(kit.TITLE)
        shipped = (DISPLAY_FACES[chosen.face].file.removesuffix(".ttf"),
                   *(getFont(pdf_font(bold, chosen.body)).face.name.decode() for bold in (False, True)))
        assert embedded and all(name.split("+")[-1] in shipped for name in embedded), embedded


@pytest.mark.parametrize("crop", data.CROPS)
def test_the_vegetables_are_drawn_bold_with_light_and_shade(crop):
    """The vegetables read as clip-art: thin outlines and flat colour. They are drawn with a
    bold outline (3 % of their size or more) and at least four tones (shade, body, light,
    leaf), and each market row shows its vegetable beside its plain shape."""
    from pnp.icons import icon_group

    size = 20.0
    drawing = icon_group(kit.VEGGIE_ART[crop], size, kit.CROP_COLOR[crop])
    styles = [shape.style for shape, _, _ in walk(drawing) if getattr(shape, "style", None)]
    outline = max(style.stroke_width for style in styles if style.stroke and style.fill)
    assert outline >= 0.03 * size
    assert len({style.fill for style in styles if style.fill}) >= 4
    for mode in data.MODES:
        sheet = kit.components()[data.MODES.index(mode)]
        markets_top = kit.section_tops()["markets"]
        drawn = [s for s, _, dy in walk(sheet.front.shapes) if isinstance(s, Icon) and s.name == kit.VEGGIE_ART[crop]
                 and markets_top < s.cy + dy < kit.section_tops()["score"]]
        assert len(drawn) == 1, (mode, crop)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_sticker_note_lies_right_under_the_stickers(paper):
    """The note sat about 130 mm below the stickers, under the player cards: the note now
    follows the stickers (under the rules summary, which shares their page), and it is no
    piece to cut out."""
    from pnp.build import impose_kit

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    placed = [p for p in imposition.placements() if p.side == "front"]
    stickers = [p for p in placed if p.component.name.startswith("stickers-")]
    [note] = [p for p in placed if p.component.name == "sticker-note"]
    assert not note.component.cut_out and {p.page for p in stickers} == {note.page}
    bottom = max(p.rect[1] + p.rect[3] for p in stickers)
    assert 0 < note.rect[1] - bottom < 10


def test_the_rules_cards_draw_key_follows_its_text():
    """The "Draw:" key sat at the card's foot, alone under an empty band."""
    from pnp.checks import words

    lines = words(kit.rules_card())
    [key] = [box for text, box in lines if text == "Draw:"]
    above = max(box[3] for text, box in lines if box[1] < key[1] - 1.0)
    assert key[1] - above < 6.0, (key, above)


def _flat(group: Group) -> checks.Flat:
    return checks.flatten(Sheet(0, 300.0, 300.0, "front", [], group))


def _printed(mode: str) -> checks.Flat:
    """What the score sheet prints but its photo markers (drawn last), flattened to boxes."""
    return _flat(Group(kit.score_sheet(mode).children[:-1]))


def _apart(a, b) -> float:
    dx, dy = max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_nothing_is_printed_within_two_millimetres_of_a_photo_marker(mode):
    """The markets' hint ran 0.6 mm from the edge marker, the score boxes 0.75 mm from the
    bottom ones: in a photo a line beside a marker blurs into its black border."""
    flat = _printed(mode)
    for marker in kit.sheet_markers(mode):
        x, y, side, _ = marker.box_mm
        box = (x, y, x + side, y + side)
        near = [text.text for text in flat.texts if _apart(text.box, box) < kit.MARKER_CLEAR_MM - 1e-6]
        near += [type(shape.shape).__name__ for shape in flat.shapes if _apart(shape.box, box) < kit.MARKER_CLEAR_MM - 1e-6]
        assert not near, f"marker {marker.id}: {near}"


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_crops_key_has_a_row_of_its_own(mode):
    """The "Draw:" key ran on into the pig's "power" and "points" heads (its shapes 0.05 mm from
    the power column's pig) and 0.4 mm under the garden's last line: its row of shapes and words
    now keeps 0.5 mm from the garden and 1.5 mm from the pig's heads (layout 3, the pig 2 mm
    lower)."""
    flat = _printed(mode)
    key = {"Draw:", *(f"{crop} ({data.CROP_DIE_COLOR[crop]})" for crop in data.CROPS)}
    boxes = [text.box for text in flat.texts if text.text in key]
    assert len(boxes) == len(key)
    middle = kit.section_tops()["legend"] + kit.LEGEND_MIDDLE
    top, bottom = min(middle - 1.8, *(b[1] for b in boxes)), max(middle + 1.8, *(b[3] for b in boxes))
    others = [text.box for text in flat.texts if text.text not in key]
    others += [shape.box for shape in flat.shapes if not (shape.box[1] >= top - 1e-6 and shape.box[3] <= bottom + 1e-6)]
    above = min(top - box[3] for box in others if box[1] < top)
    below = min(box[1] - bottom for box in others if box[1] >= top)
    assert above >= 0.5 and below >= 1.5 - 1e-6, (above, below)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_crops_key_is_eight_points_and_the_score_boxes_words_seven_at_least(mode):
    """Read every game: "lettuce (green)", "ribbon", "pig", "+5 ea." were 6.5 pt; the key is on
    the rules card too. The score boxes' words are one size, 8 pt on the basic sheet's six
    boxes, as large as "ribbons" fits on the advanced sheet's seven (7.2 pt)."""
    sizes = {text.text: text.size_pt for text in _printed(mode).texts}
    key = [f"{crop} ({data.CROP_DIE_COLOR[crop]})" for crop in data.CROPS]
    assert all(sizes[word] >= 8.0 - 0.05 for word in key), sizes
    heads = {sizes[word] for _, _, word in kit.score_heads(mode)}
    assert len(heads) == 1 and min(heads) >= 7.0 - 0.05
    assert min(heads) >= 8.0 - 0.05 or mode == "advanced"
    rules = {text.text: text.size_pt for text in _flat(kit.rules_card()).texts}
    assert all(rules[word] >= 8.0 - 0.05 for word in key)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_player_cards_print_on_the_card_page_one_names_and_the_guide_agrees(paper):
    """The player cards, handled every round, sat on the plain sticker page while page 1 said
    card for page 4 only: they print on the page page 1 calls card, with the pig, and the guide's
    steps and paper note say so; the rules summary, read, is the plain-paper piece beside the
    stickers."""
    from pnp.build import impose_kit
    from pnp.frontmatter import page_stock, with_pages

    imposition = impose_kit(kit.GAME_ID, PAPERS[paper], BuildOptions(games=(kit.GAME_ID,)))
    stocks = page_stock(imposition)
    pages = {p.component.name: p.page for p in imposition.placements() if p.side == "front"}
    assert stocks[pages["player-card"]] == stocks[pages["start-player-marker"]] == "card"
    assert stocks[pages["rules-summary"]] == stocks[pages["stickers-lettuce"]] == "paper"
    steps = [with_pages(step, imposition) for step in kit.GUIDE.assembly]
    assert any(f"four player cards (card, page {pages['player-card']})" in step for step in steps)
    assert any(f"rules summary (plain paper, page {pages['rules-summary']})" in step for step in steps)
    note = with_pages(kit.GUIDE.paper, imposition)
    assert "player card" not in note and "rules summary" in note
    words = " ".join(" ".join(s.text for s, _, _ in walk(imposition.sheets[0].overlay) if isinstance(s, Text)).split())
    assert f"p. {pages['player-card']} · card" in words and "stay paper" not in words


def test_the_sticker_page_shows_where_each_face_goes_on_a_die_opposite_faces_adding_to_seven(pieces):
    """The sticker page was a quarter empty: right of the stickers a die's net shows where each
    face of a column goes; in the net's cross each face lies two squares from its opposite one
    (down the middle) or either side of the middle, and every such pair adds up to 7."""
    from pnp.frontmatter import stock

    net = pieces["die-net"]
    assert not net.cut_out and stock(net) == "paper"
    places = kit.NET_PLACES
    assert sorted(places) == list(data.DIE_FACES)
    opposite = {(a, b) for a in places for b in places if a < b and (
        (places[a][0] == places[b][0] == 1 and abs(places[a][1] - places[b][1]) == 2)
        or (places[a][1] == places[b][1] and abs(places[a][0] - places[b][0]) == 2))}
    assert opposite == set(kit.NET_OPPOSITE) and all(a + b == 7 for a, b in opposite)
    for paper in ("letter", "a4"):
        page = next(sheet for sheet in impose(list(pieces.values()), PAPERS[paper]).sheets
                    if any(p.component.name == "die-net" for p in sheet.placements))
        stickers = {p.rect[1] for p in page.placements if p.component.name.startswith(("stickers-", "die-net"))}
        assert len(stickers) == 1, "the net stands in the stickers' band"


def test_a_folded_build_prints_the_player_cards_one_sided_on_one_page_of_card():
    """Folded, a player card's pair is 194 mm across, one to a row: the four cards and the pig
    plate took three pages of card, the last 40 % used. A folded build prints the cards' fronts
    (the rules summary says how the game ends and scores); the plate stays two-sided."""
    folded = {c.name: c for c in kit.components(KitOptions(fold=True))}
    assert folded["player-card"].back is None and folded["start-player-marker"].back is not None
    imposition = impose(list(folded.values()), PAPERS["letter"])
    pages = {p.page for p in imposition.placements()
             if p.side == "front" and p.component.name in ("player-card", "start-player-marker")}
    assert len(pages) == 1


def test_the_kit_holds_two_games_of_score_sheets_of_each_kind_for_four_players(pieces):
    """A cold reviewer found 4 sheets of each kind: one game, no spare. The kit holds players x
    games per print of each, from the data module (4 x 2: a game and its rematch, or spares), and
    the guide says how many and that a page is one game of four."""
    assert data.SHEETS_PER_PRINT == data.MAX_PLAYERS * data.GAMES_PER_PRINT >= 2 * data.MAX_PLAYERS
    for mode in data.MODES:
        assert pieces[f"score-sheet-{mode}"].count == data.SHEETS_PER_PRINT
    steps = " ".join(kit.GUIDE.assembly)
    assert f"{data.SHEETS_PER_PRINT} of each kind ({data.GAMES_PER_PRINT} games of four players)" in steps


@pytest.mark.parametrize("mode", data.MODES)
def test_the_score_sheet_wears_the_games_look_where_the_photo_reader_reads_nothing(mode):
    """A cold reviewer found the sheets plain white: the current layout prints the player cards'
    pale wheat band behind its head and behind the score boxes' words, ink-light, clear of every
    region the photo reader reads; a sheet of an earlier layout is drawn as it was printed."""
    from pnp.colors import luminance
    from pnp.model import Rect

    def bands(group) -> list:
        return [(s, dx, dy) for s, dx, dy in walk(group) if isinstance(s, Rect) and s.style.fill == kit.WHEAT_TINT]

    found = bands(kit.score_sheet(mode))
    assert len(found) == 2 and luminance(kit.WHEAT_TINT) > 0.75
    for band, dx, dy in found:
        x0, y0, x1, y1 = band.x + dx, band.y + dy, band.x + dx + band.w, band.y + dy + band.h
        for region in kit.readable_regions(mode):
            rx, ry, rw, rh = region.box_mm
            assert x1 <= rx or rx + rw <= x0 or y1 <= ry or ry + rh <= y0, (band, region.path)
    assert not bands(kit.score_sheet(mode, layout=2))


def test_the_advanced_sheets_power_head_says_a_power_may_change_a_dies_colour(pieces):
    """The cold review: only the rules summary said an advanced pig power may change a die's
    colour. The advanced sheet heads its power boxes so, under the rulebook's Pig Powers; the
    basic sheet, whose powers only turn a number, keeps "power"; a sheet of an earlier layout
    keeps the head it was printed with."""
    assert "Pig Powers" in kit.COLOUR_POWER_HEAD and "colour" in kit.COLOUR_POWER_HEAD
    assert kit.COLOUR_POWER_HEAD in texts(pieces["score-sheet-advanced"].front)
    basic = texts(pieces["score-sheet-basic"].front)
    assert "power" in basic and kit.COLOUR_POWER_HEAD not in basic
    assert "power" in texts(Face(kit.score_sheet("advanced", layout=2)))
