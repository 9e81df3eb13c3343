"""Reading a Cottage Garden planting table from a photo as players leave it: real cubes'
oranges (not only the app's amber) under any light, exactly three cubes of each colour per
track, an orange and a blue cube sharing the target, and several tables in one photo in the
reading order of the table."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from pnp.photo_sample import ORANGES, PIECE_COLOURS, mark_sheet, place_cubes, png_bytes
from pnp.readable import readable_sheets
from scorer.photo.reader import PX_PER_MM, read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
SHEETS = readable_sheets("cottage-garden")
TABLE = SHEETS[0]


def _table(oranges: list[int], blues: list[int], seed: int = 1, **colours) -> np.ndarray:
    player = {"name": "", "orange": oranges, "blue": blues, "beehives": 0}
    return mark_sheet(TABLE, {"players": [player]}, player, seed, colours or None)


def _read(*images: np.ndarray) -> dict:
    return read_photos([png_bytes(image) for image in images], "cottage-garden", SHEETS)


def _warm(image: np.ndarray) -> np.ndarray:
    """Under a warm lamp: blue light at 55 %, green at 80 % (the printed track turns orange)."""
    return np.clip(image * np.array([0.55, 0.8, 1.0]), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("orange", sorted(ORANGES))
def test_every_orange_a_wooden_cube_comes_in_is_read_in_any_light(orange):
    for light in (lambda image: image, _warm):
        found = _read(light(_table([3, 12, 15], [0, 4, 14], orange=ORANGES[orange])))
        assert found["state"]["players"][0]["orange"] == [3, 12, 15], orange
        assert found["confidence"]["players.0.orange"] >= 0.9


def test_a_warm_light_does_not_turn_the_printed_track_into_cubes():
    found = _read(_warm(_table([0, 0, 0], [0, 0, 0])))
    assert found["state"]["players"][0]["orange"] == [0, 0, 0]
    assert found["state"]["players"][0]["blue"] == [0, 0, 0]


def test_orange_and_blue_cubes_sharing_the_target_are_all_drawn_and_read():
    found = _read(_table([8, 20, 20], [20, 20, 20]))
    assert found["state"]["players"][0]["orange"] == [8, 20, 20]
    assert found["state"]["players"][0]["blue"] == [20, 20, 20]
    assert found["confidence"]["players.0.orange"] >= 0.9 and found["confidence"]["players.0.blue"] >= 0.9


def test_a_track_missing_a_cube_reads_three_and_says_which_are_guessed():
    found = _read(_table([5, 9], [0, 4, 14]))   # the third orange cube is under a hand
    assert found["state"]["players"][0]["orange"] == [0, 5, 9]
    assert found["confidence"]["players.0.orange"] < 0.9
    assert found["notes"]["players.0.orange"] == ("only 2 of the 3 orange cubes were found (on 5 and 9): "
                                                  "the other one is put on the start; check it")
    assert found["confidence"]["players.0.blue"] >= 0.9 and "players.0.blue" not in found["notes"]
    empty = _read(_table([], [0, 4, 14]))
    assert empty["state"]["players"][0]["orange"] == [0, 0, 0]
    assert empty["confidence"]["players.0.orange"] < 0.9
    assert empty["notes"]["players.0.orange"] == "no orange cube was found: all 3 are put on the start; check them"


def test_a_track_with_an_extra_cube_reads_three_and_is_unsure():
    found = _read(_table([5, 9, 12, 14], [0, 4, 14]))   # a cube from the box left on the table
    assert len(found["state"]["players"][0]["orange"]) == 3
    assert found["confidence"]["players.0.orange"] < 0.9
    assert found["notes"]["players.0.orange"].startswith("4 orange cubes were found (on 5, 9, 12 and 14), "
                                                         "one more than the 3 a player has")


def test_sheets_disagreeing_on_a_shared_field_give_the_more_confident_reading_flagged():
    """Two Harvest Dice sheets read 1 and 5 for a market: the surer reading wins, outlined,
    and the note says what each sheet showed; three sheets, two agreeing, keep the majority."""
    from scorer.photo.reader import Field, _agreed

    found = _agreed([Field(1, 0.62), Field(5, 0.97)])
    assert (found.value, found.confidence) == (5, 0.485)
    assert found.note == "the sheets disagree (1 on sheet 1, 5 on sheet 2): 5 is read most surely; check it"
    assert _agreed([Field(2, 1.0), Field(3, 1.0), Field(3, 0.9)]).value == 3
    assert _agreed([Field(4, 1.0), Field(4, 0.95)]) == Field(4, 0.95)


def _on_table(width: int, height: int, *placed: tuple[np.ndarray, int, int]) -> np.ndarray:
    """Sheets laid on a plain table at (left, top) pixels."""
    table = np.full((height, width, 3), 120, np.uint8)
    for image, left, top in placed:
        table[top:top + image.shape[0], left:left + image.shape[1]] = image
    return table


def test_several_tables_in_one_photo_are_read_as_the_table_reads_rows_then_left_to_right():
    """Players lay their tables in a row, never quite level: the one a little higher on the
    right is still second; a table below the row comes after it, wherever it lies across."""
    first, second, third = (_table([v, v, v], [0, 0, 0], seed=v) for v in (2, 5, 9))
    height = first.shape[0]
    photo = _on_table(3400, 2000, (first, 40, 610 - height // 2), (second, 1700, 590 - height // 2),
                      (third, 60, 1300))
    found = _read(photo)
    assert [p["orange"] for p in found["state"]["players"]] == [[2, 2, 2], [5, 5, 5], [9, 9, 9]]
    stacked = _read(_on_table(1700, 1400, (third, 100, 40), (first, 20, 700)))
    assert [p["orange"] for p in stacked["state"]["players"]] == [[9, 9, 9], [2, 2, 2]]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cubes_either_side_of_the_red_line_stay_on_their_own_spaces(seed):
    """The red line runs between 8 and 9 in a cube's orange: it joins cubes on 8 and 9 into
    one blob, whose two cubes are each on the space holding their half of it."""
    image = _table([8, 9, 12], [0, 0, 0], seed=seed)
    for photo in (image, cv2.GaussianBlur(image, (0, 0), 3)):
        found = _read(photo)
        assert found["state"]["players"][0]["orange"] == [8, 9, 12]


def _shadowed(image: np.ndarray, right_mm: float, light: float = 0.3) -> np.ndarray:
    """Under a phone's hard shadow, leaving `light` of the light, over the tracks from the start
    to `right_mm` (its edge blurred over a mm or so)."""
    shade = np.zeros(image.shape[:2], np.float32)
    shade[: round(60 * PX_PER_MM), : round(right_mm * PX_PER_MM)] = 1.0
    soft_shade = cv2.GaussianBlur(shade, (0, 0), PX_PER_MM)
    return np.clip(image * (1 - (1 - light) * soft_shade)[..., None], 0, 255).astype(np.uint8)


def test_cubes_under_a_deep_shadow_are_found_but_never_read_surely():
    """A shadow leaving 20 % of the light over the start and two touching cubes: every cube is
    still found (each is judged against the paper around it), and the tracks say to check them."""
    found = _read(_shadowed(_table([0, 10, 10], [0, 8, 10]), right_mm=125, light=0.2))
    player = found["state"]["players"][0]
    assert (player["orange"], player["blue"]) == ([0, 10, 10], [0, 8, 10])
    for track in ("orange", "blue"):
        assert found["confidence"][f"players.0.{track}"] < 0.9
        assert found["notes"][f"players.0.{track}"] == f"part of the {track} track is in deep shadow; check its cubes"
    lit = _read(_shadowed(_table([0, 10, 10], [0, 8, 10]), right_mm=125, light=0.7))
    assert lit["confidence"]["players.0.orange"] >= 0.9 and lit["state"]["players"][0]["orange"] == [0, 10, 10]


def test_two_touching_cubes_are_never_surely_counted_as_three():
    """The start's cube hidden, two touching 9 mm cubes (seen larger than the 8 mm the sheet
    expects, as at a slant) make the only blob: sharing the three pieces out over it would
    count three there, so the track is unsure and says why."""
    image = _table([], [0, 8, 10])
    space = next(r for r in TABLE.regions if (r.path, r.value) == ("orange", 10))
    place_cubes(image, space.box_mm, 2, 9.0, PIECE_COLOURS["orange"], np.random.default_rng(1))
    found = _read(image)
    assert found["state"]["players"][0]["orange"] in ([0, 10, 10], [10, 10, 10])
    assert found["confidence"]["players.0.orange"] < 0.9
    assert found["notes"]["players.0.orange"] == "some orange cubes touch and may be counted wrong; check them"
    assert found["confidence"]["players.0.blue"] >= 0.9
