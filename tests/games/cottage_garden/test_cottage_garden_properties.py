"""Cottage Garden properties over many generated inputs: tile geometry, placement bounds,
scoring sums and cube moves."""
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer.games.cottage_garden import data
from scorer.games.cottage_garden.data import oriented_squares

GAME = "cottage-garden"
tiles = st.sampled_from(data.TILE_IDS)
rotations = st.sampled_from([0, 90, 180, 270])
cells = st.tuples(st.integers(-1, 7), st.integers(-1, 7))


@given(tiles, rotations, st.booleans())
def test_turning_keeps_the_squares_and_the_shape_in_its_corner(tile, rotation, flip):
    squares = oriented_squares(tile, rotation, flip)
    assert sorted(s for _, _, s in squares) == sorted(s for _, _, s in oriented_squares(tile))
    assert min(r for r, _, _ in squares) == 0 and min(c for _, c, _ in squares) == 0


@given(tiles)
def test_half_turns_and_flips_are_the_mirror_images_they_should_be(tile):
    plain = oriented_squares(tile)
    height = 1 + max(r for r, _, _ in plain)
    width = 1 + max(c for _, c, _ in plain)
    assert oriented_squares(tile, 180) == sorted((height - 1 - r, width - 1 - c, s) for r, c, s in plain)
    assert oriented_squares(tile, 0, True) == sorted((r, width - 1 - c, s) for r, c, s in plain)
    assert oriented_squares(tile, 180, True) == sorted((height - 1 - r, c, s) for r, c, s in plain)


@settings(max_examples=150, deadline=None)
@given(tiles, rotations, st.booleans(), cells, st.sampled_from(data.BED_IDS))
def test_a_tile_on_an_empty_bed_is_legal_exactly_when_it_fits(tile, rotation, flip, at, design):
    action = {"type": "place_tile", "tile": tile, "at": list(at), "rotation": rotation, "flip": flip,
              "bed": {"design": design}}
    state = {"players": [{"name": "A", "orange": [0, 0, 0], "blue": [0, 0, 0]}]}
    result = scorer.check(GAME, state, action)
    squares = oriented_squares(tile, rotation, flip)
    fits = all(1 <= at[0] + r <= 5 and 1 <= at[1] + c <= 5 for r, c, _ in squares)
    assert result["legal"] == fits
    if fits:
        effects = result["effects"]
        printed = "".join(data.BED_DESIGNS[design])
        covered = len(effects["covered"])
        visible_printed = printed.count("p") + printed.count("c") - covered
        shown = sum(1 for _, _, s in squares if s in "PC")
        assert effects["pots"] + effects["cloches"] == visible_printed + shown
        assert sum(row.count(".") for row in effects["cells"]) == printed.count(".") - (len(squares) - covered)


values = {colour: st.sampled_from(track) for colour, track in data.TRACKS.items()}


@given(st.lists(values["orange"], min_size=3, max_size=3), st.lists(values["blue"], min_size=3, max_size=3))
def test_solo_totals_are_the_sums_of_the_cube_values(orange, blue):
    result = scorer.score(GAME, {"players": [{"name": "A", "orange": orange, "blue": blue}]})
    assert result["players"][0]["total"] == sum(orange) + sum(blue)


@given(st.sampled_from(data.COLOURS), st.data(), st.integers(1, 20))
def test_a_cube_never_passes_the_target_and_only_wastes_steps_there(colour, drawn, steps):
    track = data.TRACKS[colour]
    start = drawn.draw(st.sampled_from(track[:-1]))
    cubes = [start, 0, 0] if start else [0, 0, 0]
    state = {"players": [{"name": "A", "orange": [0, 0, 0], "blue": [0, 0, 0]}]}
    state["players"][0][colour] = cubes
    effects = scorer.check(GAME, state, {"type": "move_cube", "player": "A", "color": colour, "from": start,
                                         "steps": steps})["effects"]
    moved = track.index(effects["to"]) - track.index(start)
    assert moved + effects["forfeited_steps"] == steps
    assert effects["forfeited_steps"] == 0 or effects["to"] == data.TARGET
