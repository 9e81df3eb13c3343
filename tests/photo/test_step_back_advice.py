"""A refused photo's advice when the sheet runs off the picture's edge in shade. A cold
tester's planting table at a 38 degree slant, turned, its near end 12 mm past the picture's
bottom edge, half of it under a hard shadow and the light falling away towards it (3
megapixels, JPEG 52): the two squares seen at its far end placed the missing ones some 50
pixels inside the picture (a slant's perspective cannot be told from two 8 mm squares), and
the paper round them, followed only while as light as theirs, stopped in the shade. The
advice was to keep fingers off the corners; the whole sheet was not in the picture."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.photo_sample import mark_sheet
from pnp.readable import readable_sheets
from scorer.photo.intake import PhotoError
from scorer.photo.reader import DETECT_SIDE, _paper_runs_off, detect_markers, group_sheets, read_photos
from tests.photo.test_out_of_frame import _slanted, _x_in_photo

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
GARDEN = readable_sheets("cottage-garden")
TABLE = GARDEN[0]
PLAYER = {"name": "", "orange": [0, 5, 9], "blue": [0, 4, 14], "beehives": 0}
STEP_BACK = "step back so the whole sheet is in the picture"


def test_the_testers_table_cut_off_in_shade_says_step_back():
    photo = (Path(__file__).parent / "table-cut-off-in-shade.jpg").read_bytes()
    with pytest.raises(PhotoError) as refused:
        read_photos([photo], "cottage-garden", GARDEN)
    assert "only two of the four" in str(refused.value) and str(refused.value).endswith(STEP_BACK)


def _far_end_markers(photo: np.ndarray) -> dict:
    """The markers seen at the table's left (far) end, as if the right end's were not."""
    (members,) = group_sheets(detect_markers(photo, GARDEN, min(1.0, DETECT_SIDE / max(photo.shape[:2]))))
    return {role: seen for role, seen in members.items() if role in (0, 3)}


@pytest.mark.parametrize("light_at_the_edge", [0.35, 0.6, 1.0])
def test_paper_in_the_light_falling_away_is_followed_to_the_edge(light_at_the_edge):
    """A table at a slant, its near end off the picture's right edge, the light there falling
    to a third of the far end's: its paper still runs on to the edge. A wooden table round it
    is told from paper by its colour, not its light."""
    photo, homography = _slanted(mark_sheet(TABLE, {"players": [PLAYER]}, PLAYER, 2), "right", slant=0.2)
    cut = photo[:, :_x_in_photo(homography, 180.0, 35.0)].astype(np.float32)
    fall = np.clip(np.linspace(1.5, light_at_the_edge, cut.shape[1]), light_at_the_edge, 1.0)
    members = _far_end_markers(cut.astype(np.uint8))
    assert len(members) == 2 and _paper_runs_off(members, (cut * fall[None, :, None]).astype(np.uint8))


def test_a_table_wholly_in_the_picture_runs_off_nowhere_in_any_light():
    """Its near end dim as above, its right squares under thumbs (not seen): the paper stops
    at the wooden table round it."""
    photo, _ = _slanted(mark_sheet(TABLE, {"players": [PLAYER]}, PLAYER, 2), "right", slant=0.2)
    dimmed = (photo.astype(np.float32) * np.linspace(1.0, 0.35, photo.shape[1])[None, :, None]).astype(np.uint8)
    assert not _paper_runs_off(_far_end_markers(photo), dimmed)
    assert not _paper_runs_off(_far_end_markers(photo), cv2.GaussianBlur(dimmed, (0, 0), 2.0))
