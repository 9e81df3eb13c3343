"""Cottage Garden's house content agrees with the rulebook's lists and with itself."""
from collections import Counter

import pytest

from scorer.games.cottage_garden import data
from scorer.games.cottage_garden.rules import oriented_squares, turns_before_final_round


def squares(tile_id):
    return [ch for row in data.FLOWER_TILES[tile_id][0] for ch in row if ch != "."]


def sizes():
    return {tile: len(squares(tile)) for tile in data.TILE_IDS}


def test_the_rulebook_tile_list_counts():
    count = Counter(sizes().values())
    assert len(data.FLOWER_TILES) == 36
    assert count[1] + count[2] + count[3] == data.TILE_LIST["1-3"] == 11
    assert (count[4], count[5], count[6]) == (8, 9, 8)
    assert set(count) == {1, 2, 3, 4, 5, 6}


def test_ids_name_the_size_first():
    for tile, size in sizes().items():
        assert tile[0] == str(size), tile


def test_every_one_square_tile_shows_a_cloche():
    for tile, size in sizes().items():
        if size == 1:
            assert squares(tile) == ["C"], tile


def test_special_squares_are_exactly_the_rulebooks():
    special = {tile: [s for s in squares(tile) if s != "#"] for tile in data.TILE_IDS}
    pots = sorted(t for t, s in special.items() if "P" in s)
    assert pots == ["2A", "2B", "5F"]
    cloches = sorted(t for t, s in special.items() if "C" in s)
    assert cloches == sorted(t for t, n in sizes().items() if n == 1)
    assert all(len(s) <= 1 for s in special.values())


def test_5F_is_the_straight_five():
    assert data.FLOWER_TILES["5F"][0] == ("##P##",)
    straight_fives = [t for t, n in sizes().items() if n == 5
                      if len(data.FLOWER_TILES[t][0]) == 1]
    assert straight_fives == ["5F"]


@pytest.mark.parametrize("tile", data.TILE_IDS)
def test_tiles_are_connected_polyominoes(tile):
    cells = {(r, c) for r, c, _ in oriented_squares(tile)}
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    assert seen == cells


def test_every_tile_is_a_different_flower_by_name_and_by_colour_with_pattern():
    names = [flower for _, flower, _, _ in data.FLOWER_TILES.values()]
    looks = [(colour, pattern) for _, _, colour, pattern in data.FLOWER_TILES.values()]
    assert len(set(names)) == 36 and len(set(looks)) == 36
    for _, _, colour, pattern in data.FLOWER_TILES.values():
        assert colour in data.FLOWER_COLOURS and pattern in data.PATTERNS


def test_eighteen_bed_designs_two_per_board():
    assert len(data.BED_DESIGNS) == 18 and len(data.BED_BOARDS) == data.COUNTS["flowerbeds"] == 9
    for board in data.BED_BOARDS:
        assert {board + "L", board + "D"} <= set(data.BED_DESIGNS)
    for design, rows in data.BED_DESIGNS.items():
        assert len(rows) == 5 and all(len(r) == 5 and set(r) <= set(".pc") for r in rows), design
        assert any(set(r) - {"."} for r in rows), design  # every side prints something
    assert len({rows for rows in data.BED_DESIGNS.values()}) == 18


def test_tracks():
    assert data.TRACKS["orange"] == (0, *range(1, 16), 20)
    assert data.TRACKS["blue"] == (0, 2, 4, 6, 8, 10, 12, 14, 20)
    for colour, (low, high) in data.MOUSE_LINE.items():
        track = data.TRACKS[colour]
        assert track.index(high) == track.index(low) + 1  # the line lies between two neighbours


def test_nursery_sides_have_the_lap_lengths_the_turn_counts_need():
    assert len(data.NURSERY_SIDES["1-3"]["track"]) == 16
    assert len(data.NURSERY_SIDES["4"]["track"]) == 20
    for side in data.NURSERY_SIDES.values():
        for space in side["track"]:
            assert len(data.GARDENER_ROWS[space]) == 4
            assert set(data.GARDENER_ROWS[space]) <= set(data.NURSERY_SPACES)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_walking_the_gardener_gives_the_rulebooks_turn_counts(players):
    assert turns_before_final_round(players) == data.TURNS_BEFORE_FINAL_ROUND[players]


def test_three_player_turning_space_is_two_before_the_gardener_space():
    side = data.NURSERY_SIDES["1-3"]
    track = side["track"]
    assert track.index(side["gardener"][3]) - track.index(side["turning"][3]) == 2


def test_arrow_marks():
    four = data.arrow_marks("4")
    assert Counter(four.values()) == {1: 5, 2: 5, 3: 5, 4: 5}
    assert four["NW"] == 1 and four["N1"] == 2
    small = data.arrow_marks("1-3")
    # Two players: the first player's rows (marks 1 and 3) are rows 1 and 3 of every side.
    assert [small[s] for s in ("N1", "N2", "N3", "N4", "EA", "EB", "EC", "ED")] == [1, 2, 3, 4] * 2
