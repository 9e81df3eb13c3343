"""Text layout, colours, icons and drawing parts: the pieces every kit builds on."""
from __future__ import annotations

import pytest

from pnp.colors import PLAYER_COLORS, Paint, ink_saver_style, luminance, to_cmyk
from pnp.fonts import BODY_FACES, VERA, measure
from pnp.icons import icon_group, register_icon
from pnp.model import Group, Line, Polygon, Style, Text
from pnp.parts import NET_TABS, chit_grid, cube_net, die_face, perimeter_track, text_column
from pnp.text import layout_lines


def test_wrapping_keeps_every_line_within_the_width_and_keeps_explicit_breaks():
    text = Text(10, 20, "one two three four five six seven\neight", size=4, max_width=30)
    lines = layout_lines(text)
    assert [line.text for line in lines][-1] == "eight"
    assert " ".join(line.text for line in lines) == "one two three four five six seven eight"
    assert all(line.width <= 30 for line in lines)
    assert len(lines) >= 3


CAP_HEIGHT, DESCENT = BODY_FACES[VERA].cap_height, BODY_FACES[VERA].descent  # text made outside a kit's build


@pytest.mark.parametrize("anchor, first_baseline", [
    ("baseline", 20.0),
    ("top", 20 + CAP_HEIGHT * 4),
    ("bottom", 20 - DESCENT * 4 - 4 * 1.2),
    ("middle", 20 - (4 * 1.2 + CAP_HEIGHT * 4) / 2 + CAP_HEIGHT * 4),
])
def test_vertical_anchors_place_the_first_baseline(anchor, first_baseline):
    lines = layout_lines(Text(0, 20, "a\nb", size=4, anchor=anchor))
    assert lines[0].baseline == pytest.approx(first_baseline)
    assert lines[1].baseline == pytest.approx(first_baseline + 4.8)


@pytest.mark.parametrize("align, share", [("left", 0), ("center", 0.5), ("right", 1)])
def test_alignment_sets_each_line_left_edge_from_its_measured_width(align, share):
    line = layout_lines(Text(30, 0, "Garden", size=5, align=align, bold=True))[0]
    assert line.width == pytest.approx(measure("Garden", 5, True))
    assert line.left == pytest.approx(30 - share * line.width)


def test_a_character_the_font_lacks_is_an_error_not_an_empty_box():
    assert layout_lines(Text(0, 0, "café × 2 · ok", size=3))
    with pytest.raises(ValueError, match="cannot draw: ☃"):
        layout_lines(Text(0, 0, "snow ☃", size=3))


def test_player_colours_each_have_their_own_symbol_and_letter():
    assert len({c.symbol for c in PLAYER_COLORS.values()}) == 4
    assert len({c.letter for c in PLAYER_COLORS.values()}) == 4
    for colour in PLAYER_COLORS.values():
        assert icon_group(colour.symbol, 10, colour.hex).children


def test_cmyk_prints_black_and_greys_with_black_ink_only():
    assert to_cmyk("#000000") == (0, 0, 0, 1)
    c, m, y, k = to_cmyk("#808080")
    assert (c, m, y) == (0, 0, 0) and 0.45 < k < 0.55
    assert to_cmyk("#0072B2")[0] == 1.0


def test_ink_saver_drops_decorative_fills_and_outlines_meaningful_ones():
    assert ink_saver_style(Style(fill="#2F5D3A", decorative=True)).fill is None
    meaningful = ink_saver_style(Style(fill="#D55E00"))
    assert meaningful.fill is not None
    assert luminance(meaningful.fill) > luminance("#D55E00") and meaningful.stroke == "#D55E00"
    assert Paint(ink_saver=True).text("#FFFFFF") == "#000000"
    assert Paint(ink_saver=True).background("#2F5D3A") != "#2F5D3A"
    assert Paint().style(Style(fill="#D55E00")).fill == "#D55E00"


def test_kits_register_icons_and_unknown_names_fail_plainly():
    @register_icon("test-dot")
    def dot(size: float, color: str) -> Group:
        return Group.of(Polygon(((0, 0), (size, 0), (0, size)), Style(fill=color)))

    triangle = icon_group("test-dot", 5, "#000000").children[0]
    assert isinstance(triangle, Polygon) and triangle.points[1] == (5, 0)
    with pytest.raises(ValueError, match="already registered"):
        register_icon("star")(dot)
    with pytest.raises(KeyError, match="unknown icon 'nope'"):
        icon_group("nope", 5, "#000000")


def test_die_faces_have_their_pips_and_refuse_other_values():
    assert len(die_face(6, 12).children) == 6
    assert len(die_face(1, 12, face_color="#FFFFFF").children) == 2
    with pytest.raises(ValueError):
        die_face(7, 12)


def test_cube_net_has_six_faces_and_a_glue_tab_for_each_of_the_seven_seams():
    faces = [Group.of(Text(5, 5, str(i))) for i in range(6)]
    net = cube_net(faces, 20)
    assert (net.width, net.height) == (80 + 4, 60)
    placed = [c for c in net.shapes.children if isinstance(c, Group) and not isinstance(c.children[0], Text)]
    assert len(placed) == 6 and len(NET_TABS) == 7
    labels = [c for c in net.shapes.children if isinstance(c, Group) and isinstance(c.children[0], Text)]
    assert [label.children[0].text for label in labels if isinstance(label.children[0], Text)] == ["glue"] * 7
    assert sorted(label.rotate for label in labels) == [0] * 6 + [90]  # turned along the side tab
    tab_fills = [c for c in net.shapes.children if isinstance(c, Polygon)]
    assert len(tab_fills) == 7
    folds = [c for c in net.shapes.children if isinstance(c, Line) and c.style.dash]
    assert len(folds) == 5 + 7  # five folds between faces, one along each tab
    with pytest.raises(ValueError):
        cube_net(faces[:5], 20)


def test_perimeter_track_numbers_every_border_cell_once():
    track = perimeter_track(100, 60, 10, start=1)
    numbers = [int(t.text) for t in track.children if isinstance(t, Text)]
    assert numbers == list(range(1, 10 + 10 + 2 * 4 + 1))


def test_text_column_stacks_paragraphs_downwards():
    column, bottom = text_column([("Heading", "body text " * 10), ("", "second")], 0, 10, 40, size=3)
    texts = [t for t in column.children if isinstance(t, Text)]
    assert [t.y for t in texts] == sorted(t.y for t in texts)
    assert bottom > texts[-1].y


def test_a_chit_grid_lays_its_chits_in_order_with_a_line_between_every_two():
    """Seven chits, three to a row: three rows, each chit in its own cell, two inner lines each
    way, every line ending on the sheet's edge (its cut line), not in its bleed."""
    chits = [Group.of(Text(1.0, 2.0, str(n))) for n in range(7)]
    grid = chit_grid(chits, 3, 10.0, "#333333")
    placed = [shape for shape in grid.children if isinstance(shape, Group)]
    assert [group.translate for group in placed] == [(0.0, 0.0), (10.0, 0.0), (20.0, 0.0), (0.0, 10.0),
                                                     (10.0, 10.0), (20.0, 10.0), (0.0, 20.0)]
    lines = [shape for shape in grid.children if isinstance(shape, Line)]
    assert sorted((line.x1, line.y1, line.x2, line.y2) for line in lines) == [
        (0.0, 10.0, 30.0, 10.0), (0.0, 20.0, 30.0, 20.0), (10.0, 0.0, 10.0, 30.0), (20.0, 0.0, 20.0, 30.0)]
