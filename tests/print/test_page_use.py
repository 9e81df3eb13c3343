"""The page-use check (pnp.checks.sparse_pages) on made-up pages, and the two packing rules
that let Propagation's tokens fill one page: rows of two colours over rows of the same two
colours share their cuts, and pieces of no run fill the ends of rows of runs."""
from __future__ import annotations

import pytest

from pnp import checks
from pnp.impose import COLOUR_GUTTER_MM, impose
from pnp.model import Component, Face, Group, Rect, Style
from pnp.options import PAPERS


def piece(name: str, size: tuple[float, float], colour: str = "#0072B2", count: int = 1,
          run: str | None = None, shared: bool = False, back: bool = False) -> Component:
    face = Face(Group.of(Rect(2, 2, 4, 4, Style(fill="#FFFFFF"))), background=colour)
    return Component(name, "token", *size, face, Face(Group(), background=colour) if back else None, count=count,
                     run=run, shared_cuts=shared)


def test_a_page_of_pieces_under_60_percent_used_is_found_and_a_full_one_passes():
    sparse = impose([piece("disc", (20.0, 20.0), count=12)], PAPERS["a4"])
    [problem] = list(checks.sparse_pages(sparse))
    assert problem.page == 1 and "12 × token" in problem.detail and "under 60%" in problem.detail
    apart = sum(p.bleed_rect[2] * p.bleed_rect[3] for p in sparse.sheets[0].placements)  # no two bleeds meet
    assert checks.page_use(sparse.sheets[0]) == pytest.approx(apart / (210 * 297))
    full = impose([piece("tile", (60.0, 60.0), count=12)], PAPERS["a4"])
    assert checks.page_use(full.sheets[0]) >= checks.PAGE_USE
    assert list(checks.sparse_pages(full)) == []


def test_a_back_page_is_its_front_s_and_print_on_demand_pages_hold_one_face_by_design():
    cards = impose([piece("card", (63.5, 88.9), count=2, back=True)], PAPERS["letter"])
    assert [p.page for p in checks.sparse_pages(cards)] == [1]  # the back, page 2, is not counted again
    pod = impose([piece("card", (63.5, 88.9), count=2, back=True)], PAPERS["letter"], pod=True)
    assert list(checks.sparse_pages(pod)) == []


def test_the_page_use_counts_overlapping_bleed_once():
    sheet = impose([piece("tile", (50.0, 50.0), count=3, shared=True)], PAPERS["a4"]).sheets[0]
    boxes = [placed.bleed_rect for placed in sheet.placements]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    # three abutting tiles in a row: one block of tiles and bleed, however their bleeds overlap
    assert checks.page_use(sheet) == pytest.approx((right - left) * (bottom - top) / (210 * 297))


def test_rows_of_two_colours_over_the_same_two_colours_share_their_cuts():
    """Blue and red runs side by side, row over row: each token meets its own colour across
    the cut between rows, so the rows meet on it (they stood 6 mm apart, as if colours met)."""
    tokens = [piece(f"{colour}-{row}-{n}", (16.0, 16.0), hex_, run=f"{colour}-{row}", shared=True)
              for row in range(3) for colour, hex_ in (("blue", "#0072B2"), ("red", "#D55E00")) for n in range(5)]
    imposition = impose(tokens, PAPERS["a4"])
    tops = sorted({round(p.rect[1], 3) for p in imposition.placements()})
    assert len(tops) == 3 and tops[1] - tops[0] == pytest.approx(16.0) and tops[2] - tops[1] == pytest.approx(16.0)
    assert [p for p in checks.check_imposition(imposition) if p.check == "shared cut"] == []


def test_a_row_of_other_colours_under_them_keeps_the_colour_gutter():
    colours = (("blue", "#0072B2"), ("red", "#D55E00"), ("green", "#009E73"), ("yellow", "#F0E442"))
    tokens = [piece(f"{colour}-{n}", (16.0, 16.0), hex_, run=colour, shared=True) for colour, hex_ in colours
              for n in range(5)]
    imposition = impose(tokens, PAPERS["a4"])
    rows: dict[float, set[str]] = {}
    for placed in imposition.placements():
        rows.setdefault(round(placed.rect[1], 3), set()).add(placed.component.name.split("-")[0])
    assert len(rows) == 2
    (upper, upper_colours), (lower, _) = sorted(rows.items())
    assert upper_colours == {"blue", "red"} and lower - upper >= 16.0 + COLOUR_GUTTER_MM - 1e-6  # green, yellow


def test_pieces_of_no_run_fill_the_ends_of_rows_of_runs():
    """Five apple trees a row, one colour a run, leave room at each row's end: the rocks and
    a marker go there, not in rows of their own."""
    trees = [piece(f"tree-{colour}-{n}", (19.05, 19.05), hex_, run=f"tree-{colour}")
             for colour, hex_ in (("blue", "#0072B2"), ("red", "#D55E00")) for n in range(5)]
    rocks = piece("rock", (19.05, 19.05), "#D9D9D9", count=6, shared=True)
    marker = piece("marker", (15.875, 15.875), "#FFF5D6")
    imposition = impose([*trees, rocks, marker], PAPERS["a4"])
    tree_rows = {round(p.rect[1], 3) for p in imposition.placements() if p.component.name.startswith("tree-")}
    assert {round(p.rect[1], 3) for p in imposition.placements()} == tree_rows


def test_a_decks_last_page_after_full_pages_of_it_holds_what_is_left_and_passes():
    """Nineteen poker cards on Letter: two full pages of eight, and the three left on a third."""
    deck = impose([piece("card", (63.5, 88.9), count=19)], PAPERS["letter"])
    assert [len(sheet.placements) for sheet in deck.sheets] == [8, 8, 3]
    assert checks.page_use(deck.sheets[1]) >= checks.PAGE_USE > checks.page_use(deck.sheets[2])
    assert list(checks.sparse_pages(deck)) == []
    # the same two cards after a page of sparse discs are not a deck's rest: both pages are found
    thin = impose([piece("disc", (20.0, 20.0), count=12), piece("card", (63.5, 88.9), count=2)], PAPERS["letter"])
    assert len(list(checks.sparse_pages(thin))) >= 1



@pytest.mark.parametrize("paper", ["a3", "tabloid"])
@pytest.mark.parametrize("game", ["garden-dice", "harvest-dice", "propagation"])
def test_a_kit_s_score_sheets_fill_a_large_page(game, paper):
    """Score sheets are printed again and again: a page of them is filled on A3 and tabloid as
    on Letter (Propagation's two sheets took 42 % of an A3 page; four take 84 %)."""
    from pnp.build import impose_kit
    from pnp.options import BuildOptions

    imposition = impose_kit(game, PAPERS[paper], BuildOptions(games=(game,), papers=(paper,)))
    pads = [sheet for sheet in imposition.sheets if any(p.component.kind == "pad" for p in sheet.placements)]
    assert pads and all(checks.page_use(sheet) >= checks.PAGE_USE for sheet in pads)
