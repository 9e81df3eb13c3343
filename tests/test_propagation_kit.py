"""Propagation kit: the pieces it draws match the game's data (counts, sizes, labels)."""
from __future__ import annotations

import pytest
from shapes import texts, walk

from pnp.kits import propagation as kit
from pnp.model import Icon, Polygon
from scorer.games.propagation import data


@pytest.fixture(scope="module")
def pieces():
    return {c.name: c for c in kit.components()}


def test_plant_tokens_per_colour_in_three_sizes(pieces):
    colours = kit.player_colours()
    assert len(colours) == 4 and len({c.symbol for c in colours}) == 4
    for colour in colours:
        for kind, expected in (("apple", 5), ("carrot", 10), ("tomato", 15)):
            token = pieces[f"{kind}-{colour.name}"]
            assert token.count == expected == data.PLANTS[kind]["tokens"]
            assert token.outline == "circle" and token.width_mm == data.TOKEN_DIAMETER_MM[kind]
            icons = {s.name for s, _, _ in walk(token.front.shapes) if isinstance(s, Icon)}
            assert {colour.symbol, f"propagation-{kind}"} <= icons  # symbol, not colour alone
            assert colour.letter in texts(token.front)
    sizes = sorted(data.TOKEN_DIAMETER_MM.values())
    assert len(set(sizes)) == 3


def test_rocks_start_token_round_track(pieces):
    assert pieces["rock"].count == 10
    assert pieces["start-player"].count == 1
    track = texts(pieces["round-track"].front)
    assert [str(n) for n in range(1, 21)] == [t for t in track if t.isdigit()]
    stars = [s for s, _, _ in walk(pieces["round-track"].front.shapes) if isinstance(s, Icon) and s.name == "star"]
    assert len(stars) == len(data.BONUS_ROUNDS) == 2


def test_board_labels_every_space_and_colours_the_top_hex(pieces):
    board = pieces["board"]
    labels = texts(board.front)
    for q, r in data.board_spaces():
        assert f"{q},{r}" in labels
    hexes = [s for s, _, _ in walk(board.front.shapes) if isinstance(s, Polygon)]
    assert len(hexes) == 61
    top = [h for h in hexes if h.style.fill == kit.TOP_HEX_FILL]
    assert len(top) == 1
    # The coloured hex is the northernmost one, centred horizontally.
    ys = [min(y for _, y in h.points) for h in hexes]
    assert min(ys) == min(y for _, y in top[0].points)
    assert "TOP" in labels


def test_board_is_larger_than_letter_so_it_is_tiled_but_fits_a3(pieces):
    board = pieces["board"]
    assert board.kind == "board"
    assert board.width_mm > 215.9 - 10 or board.height_mm > 279.4 - 10
    assert board.width_mm < 297 - 10 and board.height_mm < 420 - 10
    # A space holds the largest token.
    assert max(data.TOKEN_DIAMETER_MM.values()) + 3 < kit.HEX_SIZE * 3 ** 0.5


def test_bonus_cards_are_poker_sized_with_backs(pieces):
    cards = [c for c in pieces.values() if c.kind == "card"]
    assert len(cards) == len(data.BONUS_CARDS) >= 12
    for card in cards:
        assert (card.width_mm, card.height_mm) == (63.5, 88.9) and card.double_sided
        card_id = card.name.removeprefix("bonus-")
        words = texts(card.front)
        assert data.BONUS_CARDS[card_id]["text"] in words
        assert str(data.BONUS_CARDS[card_id]["points"]) in words and card_id in words


def test_growth_tracker_per_player_marks_grown_and_death_tiers(pieces):
    for colour in kit.player_colours():
        tracker = pieces[f"tracker-{colour.name}"]
        icons = [s.name for s, _, _ in walk(tracker.front.shapes) if isinstance(s, Icon)]
        rows = kit.COHORTS * len(data.KINDS)
        assert icons.count("star") == rows + 1 and icons.count("cross") == rows + 1  # + legend


def test_player_aid_draws_every_pattern(pieces):
    aid = pieces["player-aid"]
    words = texts(aid.front)
    for pattern in data.PATTERNS.values():
        assert any(w.startswith(pattern["name"]) for w in words)
    crosses = [s for s, _, _ in walk(aid.front.shapes) if isinstance(s, Icon) and s.name == "cross"]
    assert len(crosses) == sum(len(p["spaces"]) for p in data.PATTERNS.values())


def test_pattern_diagram_puts_crosses_north_of_the_origin_for_the_north_fan():
    shapes = kit.pattern_diagram(data.PATTERNS["tomato-north-fan"], 0.0, 0.0)
    crosses = [s for s in shapes if isinstance(s, Icon) and s.name == "cross"]
    assert len(crosses) == 3 and all(c.cy < 0 for c in crosses)


def test_card_texts_fit_above_the_tie_line():
    from pnp.text import wrap

    for card in data.BONUS_CARDS.values():
        lines = wrap(card["text"], 3.3, False, 63.5 - 12)
        assert 34 + len(lines) * 3.3 * 1.25 < 88.9 - 36, card["name"]


# --- the built kit: manifest, PDF -----------------------------------------------------------------

def build(tmp_path, paper, **options):
    import json

    from pnp.build import run_build
    from pnp.options import BuildOptions

    out = tmp_path / paper
    status = run_build(BuildOptions(games=("propagation",), papers=(paper,), out=out, progress=False,
                                    **options))
    assert status == 0
    manifest = json.loads((out / paper / "propagation" / "manifest.json").read_text())
    return out / paper, manifest


@pytest.fixture(scope="module")
def letter_build(tmp_path_factory):
    return build(tmp_path_factory.mktemp("kit"), "letter")


def test_manifest_counts_every_piece(letter_build, pieces):
    _, manifest = letter_build
    listed = {c["name"]: c["count"] for c in manifest["components"]}
    assert listed == {name: c.count for name, c in pieces.items()}
    fronts = {}
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


def test_board_is_tiled_on_letter_and_whole_on_a3(letter_build, tmp_path):
    _, manifest = letter_build
    tiles = [p for p in manifest["placements"] if p["component"] == "board"]
    assert len(tiles) >= 2 and all("tile" in p for p in tiles)
    assert len({p["page"] for p in tiles}) == len(tiles)
    _, a3 = build(tmp_path, "a3", formats=("pdf",))
    whole = [p for p in a3["placements"] if p["component"] == "board"]
    assert len(whole) == 1 and "tile" not in whole[0]


def test_pdf_pages_and_svgs_agree(letter_build):
    from pypdf import PdfReader

    folder, manifest = letter_build
    pages = len(PdfReader(folder / "propagation.pdf").pages)
    assert pages == max(p["page"] for p in manifest["placements"])
    assert len(list((folder / "propagation").glob("p*.svg"))) == pages
