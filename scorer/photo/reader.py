"""Read the end of a game from photos of its printed sheets.

For each photo: find the ArUco markers on a copy scaled down for speed, group them into sheets
(a photo may hold several), map each sheet's millimetres onto the photo with a homography
fitted to the corners of every marker seen (three that span the sheet suffice), straighten the sheet to PX_PER_MM, then read each region by its kind with a
confidence from 0 to 1. The sheets' regions arrive as data (pnp.sheets), so this
module knows no game.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from pnp.sheets import DICTIONARY, ReadableSheet, Region
from scorer.games import CATALOGUE
from scorer.photo.intake import PhotoError, check_photo

PX_PER_MM = 8.0          # the straightened sheet: a pencil line is 3 pixels wide
DETECT_SIDE = 2000       # markers are looked for on the photo scaled to at most this side
MIN_MARKERS = 3          # markers a sheet is read from, when they span
MIN_SPAN = 0.25          # of the sheet's area: three corners span 0.4, three along one edge 0
INK = 0.22               # darker than the paper around it by this much: a pencil mark
CELL_INSET = 0.09        # a space's inside is its printed border, this share of its side in
EMPTY_INK = 0.035        # a garden space with less of its inside inked holds nothing
FAINT_INK = 0.1          # ... nor with less inked this much: a light pencil in a small photo or a
UNSURE_FAINT = 0.6       # shadow, or a mark rubbed out, read at most this surely
FAINT_MARKS = 0.28       # a sheet whose marks are less dark than this (a light pencil, a dim or
FAINT_CROSS = 0.7        # blurred photo) has its crosses looked for at this share of their own
#                          darkness, and no field read surely (a mark may be missed, or made up from print)
FAINT_NOTE = ("the marks on this sheet are faint: check every field (marks in pen, or in pencil pressed firmly, "
              "are read surely)")
SURE_MARGIN = 0.6        # how far (in thresholds) a reading must be from its threshold to be sure
OUTLINED = 0.9           # the score page outlines a field read less surely than this
BLURRED_MM = 0.25        # a photo blurring print by more than this (a Gaussian's sigma, along the way it blurs
#                          most) is read, but never surely (a cold tester's harsh photos blurred 0.2 mm measure
#                          0.22 and read right surely; a 7 px up-and-down smear at 200 dpi, which turned
#                          circles' strokes into squares', 0.28):
UNSURE = 0.7             # its fields' confidence is at most this, and so is that of a sheet seen at
SMALL_PX_PER_MM = 5.0    # fewer of the photo's pixels a mm than this
BLURRED_RISE_PX = 6.0    # a photo whose sharpest edges rise over more pixels than this is blurred
BLURRED_ADVICE = "the photo is blurred: hold the phone still and tap the sheet on the screen to focus, then take another"
OUT_OF_FRAME_REACH = 0.1  # of a region's side: round it, what its reading looks at, must be in the photo too
OUT_OF_FRAME_SHARE = 0.25  # of a sheet's fields: with more than this partly outside the photo, it is refused
OUT_OF_FRAME_NOTE = ("part of this lies outside the photo, so it was read from what is in it: check it, or step "
                     "back so the whole sheet is in the picture and take another")
EDGE_PX = 4              # a missing marker placed this near the picture's edge is taken to reach it
PAPER_SIDE = 600         # the paper round the markers is followed on the photo scaled to this side,
PAPER_RING_MM = 2.0      # from this ring round each marker seen, through pixels at least
PAPER_LIGHT = 0.8        # this share of the ring's light and no more coloured than it by
PAPER_COLOUR = 40        # this much saturation (of 255)
SHADED_PAPER = 0.25      # or, in shade, this share (a hard shadow and the light falling away left a tester's
#                          cut-off near end at 0.30-0.35 of it), meeting the picture's edge along no more
#                          than the sheet's own length as placed (a grey table so dark meets it all round)
NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass
class Field:
    """A field's value read from one sheet, and how sure the reading is."""

    value: Any
    confidence: float
    note: str = ""      # why it is unsure, in words, when a number cannot say it


@dataclass
class SheetRead:
    sheet: ReadableSheet
    player: dict[str, Field] = field(default_factory=dict)   # by path in the player's state
    shared: dict[str, Field] = field(default_factory=dict)   # by path in the whole state
    note: str = ""      # why none of the sheet is read surely, in words


@dataclass(frozen=True)
class _Seen:
    """One detected marker: the sheet it belongs to, its corner, its four corners in pixels."""

    sheet: ReadableSheet
    role: int
    corners: np.ndarray

    def predicted_centre(self) -> np.ndarray:
        """Where this marker alone says its sheet's centre is, in the photo's pixels."""
        square = _box_corners(self.sheet.markers[self.role].box_mm)
        # affine, not perspective: a 5 mm square's perspective, carried across the sheet, is noise
        affine, _ = cv2.estimateAffine2D(square, self.corners.astype(np.float32))
        return affine @ np.array([self.sheet.width_mm / 2, self.sheet.height_mm / 2, 1.0])

    def scale(self) -> float:
        """The photo's pixels per mm at this marker."""
        return float(np.linalg.norm(self.corners[0] - self.corners[2])) / (self.sheet.markers[self.role].box_mm[2] * math.sqrt(2))


def _box_corners(box: tuple[float, float, float, float]) -> np.ndarray:
    x, y, w, h = box
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def decode(data: bytes) -> np.ndarray:
    """The photo as a BGR image, once its bounds are checked."""
    kind, _, _ = check_photo(data)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError(f"this {kind} file is damaged: it cannot be opened as a picture")
    return image


def _detector(patient: bool) -> cv2.aruco.ArucoDetector:
    """OpenCV's detector; a patient one tries more threshold windows and reads each cell from
    more pixels, for markers in a shadow's edge or a blur (slower: only when needed)."""
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    parameters.minMarkerPerimeterRate = 0.01   # four sheets in one photo make small markers
    if patient:
        parameters.adaptiveThreshWinSizeMax = 53
        parameters.adaptiveThreshWinSizeStep = 6
        parameters.perspectiveRemovePixelPerCell = 8
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, parameters)


def detect_markers(image: np.ndarray, sheets: tuple[ReadableSheet, ...], scale: float,
                   patient: bool = False) -> list[_Seen]:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    corners, ids, _ = _detector(patient).detectMarkers(small)
    by_id = {marker.id: (sheet, role) for sheet in sheets for role, marker in enumerate(sheet.markers)}
    seen = []
    for found, marker_id in zip(corners, [] if ids is None else ids.flatten()):
        if int(marker_id) in by_id:
            sheet, role = by_id[int(marker_id)]
            seen.append(_Seen(sheet, role, found.reshape(4, 2) / scale))
    return seen


def group_sheets(seen: list[_Seen]) -> list[dict[int, _Seen]]:
    """Markers gathered into sheets: a marker joins the sheet of its kind whose centre it
    predicts within a third of the sheet's size, and that has no marker of its corner yet."""
    groups: list[tuple[ReadableSheet, np.ndarray, dict[int, _Seen]]] = []
    for marker in sorted(seen, key=lambda m: m.role):
        centre = marker.predicted_centre()
        reach = max(marker.sheet.width_mm, marker.sheet.height_mm) * marker.scale() / 3
        for sheet, where, members in groups:
            if sheet is marker.sheet and marker.role not in members and np.linalg.norm(where - centre) < reach:
                members[marker.role] = marker
                break
        else:
            groups.append((marker.sheet, centre, {marker.role: marker}))
    merged = [members for _, _, members in groups]
    joined = True
    while joined:   # a strong slant carries a marker's own perspective across the sheet badly
        joined = False
        for first, second in ((a, b) for a in merged for b in merged if a is not b):
            if _one_sheet(first, second):
                first.update(second)
                merged.remove(second)
                joined = True
                break
    return merged


def _homography(members: dict[int, _Seen]) -> np.ndarray | None:
    """The map from the sheet's millimetres to the photo's pixels fitted to the corners of
    every marker seen."""
    sheet = next(iter(members.values())).sheet
    millimetres = np.concatenate([_box_corners(sheet.markers[role].box_mm) for role in members])
    pixels = np.concatenate([members[role].corners for role in members]).astype(np.float32)
    homography, _ = cv2.findHomography(millimetres, pixels)
    return homography


def _one_sheet(first: dict[int, _Seen], second: dict[int, _Seen]) -> bool:
    """Two groups of markers are one sheet split by the centre test when they are of one kind
    of sheet, share no marker, and one flat sheet puts every corner of both within a fifth of
    the smallest marker's side of where it was seen (markers of two sheets miss by far more)."""
    sheet = next(iter(first.values())).sheet
    if next(iter(second.values())).sheet is not sheet or first.keys() & second.keys():
        return False
    members = {**first, **second}
    homography = _homography(members)
    if homography is None:
        return False
    seen = np.concatenate([members[role].corners for role in members]).astype(np.float32)
    placed = cv2.perspectiveTransform(
        np.concatenate([_box_corners(sheet.markers[role].box_mm) for role in members])[:, None, :], homography)[:, 0]
    side = min(float(np.linalg.norm(m.corners[0] - m.corners[1])) for m in members.values())
    return float(np.abs(placed - seen).max()) < side / 5


def _spans(members: dict[int, _Seen]) -> bool:
    """Enough markers, far enough apart, to place every region of the sheet."""
    if len(members) < MIN_MARKERS:
        return False
    sheet = next(iter(members.values())).sheet
    centres = np.array([[x + w / 2, y + h / 2] for x, y, w, h in (sheet.markers[r].box_mm for r in members)],
                       np.float32)
    return cv2.contourArea(cv2.convexHull(centres)) >= MIN_SPAN * sheet.width_mm * sheet.height_mm


def _complete(members: dict[int, _Seen]) -> bool:
    return len(members) == len(next(iter(members.values())).sheet.markers)


def _completeness(groups: list[dict[int, _Seen]]) -> tuple[int, int, int]:
    """Sheets seen whole, then sheets that can be read, then markers seen."""
    return (sum(map(_complete, groups)), sum(map(_spans, groups)), sum(len(group) for group in groups))


def _place(sheet: ReadableSheet, role: int) -> str:
    """Where a marker is on its sheet, in a player's words: "at the top left corner", "in the
    middle of the right edge" ..."""
    x, y, w, h = sheet.markers[role].box_mm
    across, down = (x + w / 2) / sheet.width_mm, (y + h / 2) / sheet.height_mm
    column = "left" if across < 0.2 else "right" if across > 0.8 else "middle"
    row = "top" if down < 0.2 else "bottom" if down > 0.8 else "middle"
    if row == "middle" or column == "middle":
        edge = column if row == "middle" else row
        return f"in the middle of the {edge} edge" if edge != "middle" else "in the middle"
    return f"at the {row} {column} corner"


def _missing_markers(members: dict[int, _Seen], image: np.ndarray) -> str:
    """Which of the sheet's markers the photo misses, said as a player sees them: the
    black-and-white squares printed on it."""
    sheet = next(iter(members.values())).sheet
    count, total = len(members), len(sheet.markers)
    missing = [f"the one {_place(sheet, role)}" for role in range(total) if role not in members]
    named = " and ".join([", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing)
    return (f"only {NUMBER_WORDS[count]} of the {NUMBER_WORDS[total]} black-and-white squares printed on the "
            f"sheet {'is' if count == 1 else 'are'} in the photo (missing: {named}); {_what_to_do(members, image)}")


def _what_to_do(members: dict[int, _Seen], image: np.ndarray) -> str:
    """What to do about markers not found, by the likeliest cause: the sheet cut by the
    picture's edge (a missing marker's square reaching past it where the markers seen place it,
    or the sheet's paper running on to it), a sheet too small in the picture for its markers to be read, a blurred
    photo; else something over them."""
    if _reaches_the_edge(members, image) or _paper_runs_off(members, image):
        return "step back so the whole sheet is in the picture"
    if min(seen.scale() for seen in members.values()) < SMALL_PX_PER_MM:
        return "come closer: the sheet is too small in the picture; fill most of it with the sheet"
    if blurred(image):
        return BLURRED_ADVICE
    return "keep fingers, dice and shadows off the sheet's corners, and lay it flat"


def _reaches_the_edge(members: dict[int, _Seen], image: np.ndarray) -> bool:
    """Whether a missing marker's square, where the markers seen place it, reaches within
    EDGE_PX of the picture's edge or past it. Placed twice: by the affine fit of every marker
    seen, and by their perspective fit, which a slant needs (a table's near end, larger than
    its far end, runs on past where the affine fit puts it: by 200 pixels, twice a square's
    side, in a tester's 10-megapixel photo) but which a single marker's corners cannot give."""
    sheet = next(iter(members.values())).sheet
    missing = np.concatenate([_box_corners(marker.box_mm)
                              for role, marker in enumerate(sheet.markers) if role not in members])
    placings = [_placed(members, missing)]
    homography = _homography(members) if len(members) > 1 else None
    if homography is not None:
        placings.append(cv2.perspectiveTransform(missing[:, None, :], homography)[:, 0])
    height, width = image.shape[:2]
    return any(not ((corners >= EDGE_PX) & (corners < (width - EDGE_PX, height - EDGE_PX))).all()
               for corners in placings)


def _placed(members: dict[int, _Seen], millimetres: np.ndarray) -> np.ndarray:
    """Where points of the sheet (in its millimetres) fall in the photo, by the affine map fitted
    to the corners of every marker seen, all counted (a robust fit drops a far marker's corners as outliers
    when the slant bends them a few pixels off one marker's own square, and then carries that
    5 mm square's perspective across the sheet: a missing corner put well inside the picture)."""
    sheet = next(iter(members.values())).sheet
    seen_mm = np.concatenate([_box_corners(sheet.markers[role].box_mm) for role in members])
    pixels = np.concatenate([members[role].corners for role in members])
    affine = np.linalg.lstsq(np.hstack([seen_mm, np.ones((len(seen_mm), 1))]), pixels, rcond=None)[0]
    return np.hstack([millimetres, np.ones((len(millimetres), 1))]) @ affine


def _paper_runs_off(members: dict[int, _Seen], image: np.ndarray) -> bool:
    """Whether the sheet's paper, from round the markers seen, runs on to the picture's edge: a
    slant makes the near end of a sheet seen from its far end larger than an affine fit from
    there says (by a fifth at a steep one), so a missing marker past the edge is placed inside
    the picture.
    Paper is no more coloured than that round the markers (PAPER_COLOUR), and as light
    (PAPER_LIGHT of it); a thumb, a die or a wooden table stops it by its colour. A shadow across
    the sheet and the light falling away from its far end darken its near end to a third: paper
    down to SHADED_PAPER of the light counts too, where it meets the edge along no more than the
    sheet's length (a grey table, as dark as paper in shade, meets it all round)."""
    scale = min(1.0, PAPER_SIDE / max(image.shape[:2]))
    small = cv2.cvtColor(cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2HSV)
    sheet = next(iter(members.values())).sheet
    rings = np.zeros(small.shape[:2], np.uint8)
    for role in members:
        x, y, w, h = sheet.markers[role].box_mm
        grown = _placed(members, _box_corners((x - PAPER_RING_MM, y - PAPER_RING_MM, w + 2 * PAPER_RING_MM,
                                                h + 2 * PAPER_RING_MM))) * scale
        box = _placed(members, _box_corners((x, y, w, h))) * scale
        cv2.fillConvexPoly(rings, np.round(grown).astype(np.int32), 1)
        cv2.fillConvexPoly(rings, np.round(box).astype(np.int32), 0)
    ring = small[rings > 0].astype(np.float32)
    if not len(ring):
        return False
    lightest = ring[:, 2] >= np.quantile(ring[:, 2], 0.5)
    light, colour = float(np.median(ring[lightest, 2])), float(np.median(ring[lightest, 1]))
    corners = _placed(members, _box_corners((0.0, 0.0, sheet.width_mm, sheet.height_mm))) * scale
    length = float(np.linalg.norm(corners[0] - corners[2]))
    for share, along_at_most in ((PAPER_LIGHT, math.inf), (SHADED_PAPER, length)):
        paper = ((small[..., 2] >= share * light) & (small[..., 1] <= colour + PAPER_COLOUR)).astype(np.uint8)
        _, labels = cv2.connectedComponents(paper, connectivity=4)
        sheets_paper = np.unique(labels[(rings > 0) & (paper > 0)])
        edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
        along = int(np.count_nonzero(np.isin(edge, sheets_paper[sheets_paper > 0])))
        if 0 < along <= along_at_most:
            return True
    return False


def blurred(image: np.ndarray) -> bool:
    """Whether a whole photo is blurred: its sharpest edges (the 99.9th percentile of the
    brightness gradient, on the photo scaled to DETECT_SIDE) rise over more than BLURRED_RISE_PX
    from its dark to its light (a sharp photo's print rises over one to three)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA).astype(np.float32)
    gradient = np.hypot(cv2.Sobel(small, cv2.CV_32F, 1, 0), cv2.Sobel(small, cv2.CV_32F, 0, 1)) / 8
    contrast = float(np.percentile(small, 99) - np.percentile(small, 1))
    return contrast > float(np.percentile(gradient, 99.9)) * BLURRED_RISE_PX


def _title(game: str) -> str:
    return CATALOGUE[game][0] if game in CATALOGUE else game


def find_sheets(image: np.ndarray, game: str,
                sheets: tuple[ReadableSheet, ...]) -> list[tuple[ReadableSheet, np.ndarray]]:
    """Each whole sheet of `game` in the photo, in reading order, with the homography from its
    millimetres to the photo's pixels."""
    # on the photo scaled down, then patiently when a sheet seen misses a marker; keep the
    # pass that saw the most (a pass at every pixel of a 12 MP photo costs a second and found
    # no marker these two missed)
    scale = min(1.0, DETECT_SIDE / max(image.shape[:2]))
    groups: list[dict[int, _Seen]] = []
    for patient in (False, True):
        seen = group_sheets(detect_markers(image, sheets, scale, patient))
        if _completeness(seen) > _completeness(groups):
            groups = seen
        if groups and all(map(_complete, groups)):
            break
    if not groups:
        advice = (BLURRED_ADVICE if blurred(image) else
                  "photograph the whole printed sheet from above, in good light, filling most of the picture")
        raise PhotoError(f"no {_title(game)} sheet was found: none of the black-and-white squares "
                         f"printed on its corners is in the photo; {advice}")
    others = [g for g in groups if next(iter(g.values())).sheet.game != game]
    ours = [g for g in groups if g not in others]
    if not ours:
        other = next(iter(others[0].values())).sheet.game
        raise PhotoError(f"this is a {_title(other)} sheet, not a {_title(game)} one")
    whole = [g for g in ours if _spans(g)]
    if not whole:
        raise PhotoError(_missing_markers(max(ours, key=len), image))
    found = []
    for members in whole:
        sheet = next(iter(members.values())).sheet
        homography = _homography(members)
        if homography is None:
            raise PhotoError("the sheet's corners do not make a flat sheet: lay it flat and take the photo again")
        found.append((sheet, homography))
    return reading_order(found)


def reading_order(found: list[tuple[ReadableSheet, np.ndarray]]) -> list[tuple[ReadableSheet, np.ndarray]]:
    """Sheets as the table is read in the photo as taken: rows top to bottom, each row left to
    right. A sheet is in the row of the sheets above it when its middle is level with the
    first of them (between its top and bottom edges), however far apart they are across."""
    placed = []
    for sheet, homography in found:
        corners = cv2.perspectiveTransform(_box_corners((0.0, 0.0, sheet.width_mm, sheet.height_mm))[None],
                                           homography)[0]
        placed.append((corners.mean(axis=0), corners[:, 1].min(), corners[:, 1].max(), (sheet, homography)))
    placed.sort(key=lambda item: float(item[0][1]))
    rows: list[list] = []
    for item in placed:
        if rows and rows[-1][0][1] <= item[0][1] <= rows[-1][0][2]:
            rows[-1].append(item)
        else:
            rows.append([item])
    return [item[3] for row in rows for item in sorted(row, key=lambda item: float(item[0][0]))]


def straighten(image: np.ndarray, sheet: ReadableSheet, homography: np.ndarray) -> np.ndarray:
    """The sheet as if scanned flat at PX_PER_MM."""
    to_mm = np.diag([1 / PX_PER_MM, 1 / PX_PER_MM, 1.0])
    size = (round(sheet.width_mm * PX_PER_MM), round(sheet.height_mm * PX_PER_MM))
    return cv2.warpPerspective(image, homography @ to_mm, size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)


def ink_map(flat: np.ndarray) -> np.ndarray:
    """How much darker each pixel is than the paper around it (0 paper .. 1 black), in the colour
    channel where it is darkest: uneven light and a shadow's edge divide out, as the paper is
    found by closing over thin dark strokes. A pencil is as dark in every channel; a coloured
    crayon or pen only in some (a yellow one in blue alone: 0.2 darker than its paper in grey,
    a ring read as faint, or as a carrot, where its blue is 0.8 darker)."""
    colour = cv2.GaussianBlur(flat.astype(np.float32), (0, 0), 0.8)  # sensor noise
    size = int(2.5 * PX_PER_MM) | 1
    paper = cv2.morphologyEx(colour, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return np.clip(1.0 - (colour / np.maximum(paper, 1.0)).min(axis=2), 0.0, 1.0)


def _pixels(box: tuple[float, float, float, float], inset: float = 0.0) -> tuple[slice, slice]:
    x, y, w, h = box
    return (slice(round((y + inset * h) * PX_PER_MM), round((y + h - inset * h) * PX_PER_MM)),
            slice(round((x + inset * w) * PX_PER_MM), round((x + w - inset * w) * PX_PER_MM)))


def _sureness(distance: float, threshold: float) -> float:
    """0.5 on the threshold, 1 at SURE_MARGIN thresholds' distance from it."""
    return round(float(min(1.0, 0.5 + 0.5 * abs(distance) / (SURE_MARGIN * threshold))), 3)


SHAPE_LETTERS = {"circle": "T", "square": "L", "triangle": "C"}
# Told apart by what is drawn: a triangle fills its smallest enclosing triangle (its convex
# hull: above 0.9; circles and squares about 0.55-0.65). A square's strokes run along two
# directions at right angles, whether or not they meet at its corners (0.54-0.87 of their
# length within AXES_SPREAD of two such, drawn by five hands and photographed), a circle's
# every way (0.31-0.51). A hull alone cannot tell them: a square drawn as four strokes that
# stop short of its corners has one as round as a circle's; but when the hull agrees with the
# strokes it adds its word: a square's hull is less round than a circle's (perimeter squared
# over 4 pi area: 1.13-1.22 against 1.03-1.10) and turns at its corners (of the turn all round
# its outline, the four sixteenths of it that turn most hold 0.83-1 for a square, 0.45-0.70
# for a circle). Each measure counts in units of half the gap between the shapes' ranges. A
# square missing a side (on a printed line, or too faint) can fill a triangle: a hull that
# does, drawn in a square's strokes, is a guess.
TRIANGLE_FILL, TRIANGLE_UNIT = 0.79, 0.06
# A carrot drawn in a hurry, too big for its space, loses what lies over its lines: its tip
# over the line above leaves a hull with a flat top, whose corners read as a square's though
# its strokes do not (the hull still fills more than 0.72 of its smallest triangle), and
# a side or its base lost leaves one or two slanted strokes that run at right angles to nothing
# but each other. A square's sides run along its space's lines: of the strokes of lettuces
# drawn by the hurried hand 0.32-0.82 lie within AXES_SPREAD of the sheet's lines across and
# down, of such leftover carrots 0.04-0.12. A hull read as a square that nearly fills its
# triangle, in strokes not at right angles or slanted to the sheet's lines, is read as a
# carrot, as a guess (outlined); a square drawn turned a fifth of a right angle has slanted
# strokes too, but its hull fills 0.5-0.6 of its triangle.
CUT_TRIANGLE = 1.2      # units of TRIANGLE_UNIT short of TRIANGLE_FILL: a hull this near filling its triangle
SQUARE_ALONG = 0.2      # a square's strokes lie this much along the sheet's lines at least
# A square drawn in a hurry over its space's top line and along its left one loses those two
# sides with the printed lines: the two left, at right angles, have a right triangle for hull.
# Its hull and its strokes both have a word then (a guess either way), and so has where the
# strokes run: along the sheet's lines across and down for what is left of a square (0.34-0.80
# of them, by eight hands), slanted for a carrot's (0.05-0.12 where a side or its base was lost,
# 0.3-0.6 for a whole one drawn big). Weighed as a third measure, in units of ALONG_UNIT from
# ALONG_BORDER, it halves the spaces of that guess read wrong (21 of 114 to 11, 70 photos).
ALONG_BORDER, ALONG_UNIT = 0.5, 0.05
AXES_BORDER, AXES_UNIT = 0.53, 0.05
ROUND_BORDER, ROUND_UNIT = 1.117, 0.013
CORNER_BORDER, CORNER_UNIT = 0.76, 0.06
OUTLINE_POINTS = 96     # a hull's outline is followed at this many evenly spaced points
AXES_SPREAD = 12        # degrees: a side of a square drawn by hand runs this near its direction
SHAPE_SURE = 1.5        # units from the border: sure. A circle is read surely only when its strokes
#                          or its hull alone say so this clearly: a square drawn lopsided (its sides slanted,
#                          its top short) in a shaken photo had strokes running every way by 0.8 units and
#                          a hull as round as a circle's by 1.3, and was read surely as a tomato; the sure
#                          tomatoes of 20 bench photos (seed 1) say it by 3.4 units or more in one or the other
CELL_REACH = 0.25       # a space is read from a window this share of its side past its border
LINE_SEARCH = 1.0       # mm: a printed line is looked for this far either side of where it should be
PRINTED_LINE = 0.3      # a row inked this much on average along a space is a printed line
LINE_SHARE = 0.5        # ... and so is one inked this share as much as the most inked of its space's lines
POKE = 0.25             # of a space's side: how far a neighbour's shape over the line reaches in
MIDDLES = ((0.5, False), (0.35, True))   # a hull's middles, looked at for a scribble: the hull at half its
#                          size about the mean of its corners, and at 0.35 about its centre of area. A
#                          scribble covers both; a bold marker's shape (86 % of its space, strokes 1.1 mm
#                          wide crossing past its corners) reaches 0.16-0.62 into the first, 0-0.21 into the
#                          second, and a carrot smeared by a shaken phone fills the second but not the first
SCRIBBLE_AREA = 0.12    # of a space: a hull this big, its middle
SCRIBBLE_WIDTH = 0.3    # of a space's side: a scribble's hull is at least this wide every way (two strokes
#                          of squares drawn in a hurry along both sides of a line, 0.15-0.27, are not one)
SCRIBBLE_FILL = 0.35    # this much marked, is a mark scribbled out
SCRIBBLE_INK = 0.4      # of the drawing's median ink: a pixel of a hull's middle so inked is marked
BLOT = 1.15             # of the widest space's side: the paper round a space filled in is found by closing over this
SCRIBBLED_NOTE = "a mark scribbled out here is read as empty: check it"
OVERDRAWN_MM = 1.1      # a printed line's band (0.8 mm with its fringe) this wide has a stroke along it
BLANK_MIDDLE = 0.002     # of a space's middle: specks of noise, no stroke
POKED_IN = 0.07         # of a space's inside: neighbours' shapes over its lines drew 0-0.053 of it
GIVEN_AWAY = 0.03       # of a space's inside: drawing in it given to a neighbour, past which it is unsure
BULGE_PX = 2            # a cap of a curve over a line is this much further from it in its middle than its ends
LONG_CAP = 0.5          # of a space's side: drawing over its line taken as its own, this long, leaves it unsure
# A circle too big for its space loses parts over its lines (to the printed line's band, or to a
# neighbour's drawing it touches there): what is left is an arc, whose hull fills a triangle or
# a square's corner. Its strokes still lie on one circle: the root mean square of their
# distances from the circle fitted to them is 0.02-0.08 of its radius for tomatoes drawn by eight
# hands, whole or cut (0.12-0.35 for a few), against 0.076-0.28 for carrots and 0.055-0.23 for
# lettuces, whose straight sides and corners no circle follows; an arc going round less than
# ARC_COVER of its circle is too short to tell.
ARC_FIT = 0.052
ARC_COVER = 120.0       # degrees
# A hurried ring open at its top, its bottom on the line where a neighbour's scribble meets it,
# lost most of itself to that neighbour, and what was left read as a carrot. All the drawing
# within the space's lines, whoever's it was taken for, still goes round most of one circle:
# RING_COVER or more of it, within RING_FIT of its radius (tomatoes by the hurried hand 0.054-0.088,
# carrots 0.19-0.27), its strokes not at right angles as a lettuce's are (0.34-0.37 of them along
# two axes against 0.63-0.77, AXES_BORDER between; lettuces fit a circle within 0.096-0.111).
RING_COVER = 270.0      # degrees: a gap under a quarter of the way round
RING_FIT = 0.09
ARC_RADIUS = (0.35, 1.5)   # in half sides of the space: a circle drawn in it, or a little over its lines
# A square traced on its space's printed lines goes out with them. The ink across a line's band
# (summed over LINE_SEARCH either side of it) says what the line alone cannot: a stroke along
# it adds a pencil's width of ink. A line's bare ink is its lower quartile along the whole
# garden (most of a line is bare), so a print darker or a photo blurred moves both alike; a
# side is traced where TRACED_ALONG of its middle holds TRACED_MM more (hurried squares on
# their lines: 0.11 mm or more along 0.5-1 of three or four sides; bare lines and neighbours'
# strokes crossing them: three sides so in 1 empty space of 360). A shared line's stroke may be
# the neighbour's, so a space so traced is read as lettuce, never surely.
TRACED_MM = 0.11
TRACED_ALONG = 0.5
TRACED_SIDES = 3        # sides traced: a square
UNSURE_TRACED = 0.6
TRACED_NOTE = "a square drawn along this space's printed lines is read as lettuce: check it"
# A square drawn in four quick strokes that stop short of its corners, slanted as a hurried hand
# slants them, has a hull as round as a circle's and strokes at no right angle: read as a tomato.
# Each of its strokes is still a straight line, which no part of a circle is: a stroke is
# straight when its points spread at most STRAIGHT_PX across its own direction (the root mean
# square; a pencil line 3-5 px wide, smeared by a shaken phone, spreads 0.9-1.5) and it runs at
# least STRAIGHT_LENGTH of its space's side. Of the tomatoes drawn by the eight hands at most 0.45
# of the drawing lies in such strokes (an arc short enough to pass for straight), of squares
# read as tomatoes 0.82-1: a shape read as a circle whose drawing lies STRAIGHT or more in
# straight strokes is read as lettuce, as a guess.
STRAIGHT_PX = 1.6
STRAIGHT_LENGTH = 0.2
STRAIGHT = 0.7
# A pale pencil's shape fades below INK where its strokes thin (a triangle's tip, a big circle's
# side), and what is left of it reads as another shape: a carrot left as its base and two
# stubs read as lettuce, a circle left as two arcs as a carrot. A space whose strokes are pale
# (their darkness, as cell_darkness measures it, under INK / PALE_STROKES) is read again from
# what is inked PALE_STROKES of that darkness; when the two readings differ the second is taken,
# never surely (a lower threshold also joins a shape to its neighbour's over their line). On the
# 720 spaces of 40 hands' bench photos (seed 1) 45 were read wrong, 33 so (0.6 of the darkness:
# 35, 0.7: 39), and the one read wrong surely but for a faint sheet's note is read right.
# Strokes PALE_DARKNESS or darker do not fade below INK where they thin: a space of such
# strokes read differently at the lower ink only lost its shape there if its drawing at INK
# was tangled (cut by its lines, or given to a neighbour); otherwise the lower ink joins in a
# hard shadow's edge or a neighbour's stroke over the line (an empty space read as lettuce), or
# closes a square's open corners into a ring (read as a tomato). On the hands' 100 bench photos
# (seed 1), of the untangled spaces whose second reading differed from the first, those
# 0.24-0.32 dark had it right nine times and wrong eight (four of them kept by _sides_kept);
# those 0.34-0.37 dark had it wrong all five times (two of them empty spaces, read as lettuce):
# from PALE_DARKNESS, the first reading is kept, never surely.
PALE_STROKES = 0.5
PALE_DARKNESS = 0.33
# A faint pencil's thinnest strokes, seen in a bright part of the photo, are fainter than
# FAINT_INK (0.06-0.09 at their cores, where the same sheet's other shapes reach 0.16-0.18):
# its shapes read as empty spaces. On a sheet whose marks are faint, a space empty at
# FAINT_INK is looked at once more, at FAINTEST_SHARE of the sheet's own mark darkness, but
# never nearer the paper's own noise than NOISE_TIMES its median ink in the space (the ink map
# finds the paper at its brightest, so the median of blank paper grows with the noise: 0.01-0.03
# in the bench's photos, whose blank spaces hold under EMPTY_INK at 2.2 times it). A shape
# found so is read, never surely; a mark rubbed out (its strokes at 0.15 of its pencil's) stays
# under it. A pig circle or a power box read blank is looked at so too (read_faint_cross), but
# not a market circle: the blur of its printed number reaches its lines at that ink. On the
# faint hand's 12 bench photos (seed 1): garden spaces 155 to 213 right of 216, pig counts,
# powers and markets 39 to 47 of 60, none made up.
FAINTEST_SHARE = 0.3
NOISE_TIMES = 3.0
FAINTEST_WIDTH = 0.25   # of a space's side: a hull narrower than this, so faint, is no veggie but specks
#                         of a hard shadow's edge in a line (the shapes a hand draws are 0.5-1.6 of it across)


def _printed_lines(window: np.ndarray, box: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """Where the space's printed border lines run in a window round it (`box` the space's left,
    top, right and bottom in the window's pixels), as (0 for a line across or 1 for one down,
    its first and last row or column). Each is looked for within LINE_SEARCH of where the
    sheet says, as the row (or column) most inked along the space, and covers the rows next
    to it inked more than a quarter as much, and one more either side (the line's blurred
    fringe). A line not printed (a space cut out of a sheet) is not there. A space's lines are
    printed alike, so once one is found, a line inked LINE_SHARE as much as the most inked of
    them is one too, under PRINTED_LINE (a blurred photo left one 0.28 beside others' 0.36-0.53,
    and the shape touching it was lost with the line, taken for a stroke from side to side)."""
    found = []
    left, top, right, bottom = box
    reach = round(LINE_SEARCH * PX_PER_MM)
    peaks = []
    for across, at in ((0, top), (0, bottom), (1, left), (1, right)):
        profile = (window[:, left:right].mean(axis=1) if across == 0 else window[top:bottom].mean(axis=0))
        low, high = max(0, at - reach), min(len(profile), at + reach + 1)
        if high > low:
            peaks.append((across, profile, low, high, float(profile[low:high].max())))
    strongest = max((peak[-1] for peak in peaks), default=0.0)
    least = min(PRINTED_LINE, LINE_SHARE * strongest) if strongest >= PRINTED_LINE else PRINTED_LINE
    for across, profile, low, high, most in peaks:
        if most < least:
            continue
        peak = low + int(profile[low:high].argmax())
        first, last = peak, peak
        while first > low and profile[first - 1] > profile[peak] / 4:
            first -= 1
        while last < high - 1 and profile[last + 1] > profile[peak] / 4:
            last += 1
        found.append((across, max(0, first - 1), min(len(profile) - 1, last + 1)))
    return found


def _over_a_line(part: np.ndarray, others: np.ndarray, lines: list[tuple[int, int, int]], near: int = 0,
                 slanted: bool = False) -> bool:
    """Whether a bit of drawing meets a printed line where `others` meet it from its other
    side (within two pixels along it): one stroke, crossing the line. With `near`, only a line
    the bit lies within `near` pixels of counts, and a bulge (a bit nearer the line at its ends
    than in its middle) may meet it further apart: a neighbour's curve bulging over the line
    crosses its band at a slant, so the bulge and the rest of the curve leave the band up to
    twice its width apart along it; a straight stroke beside the line is a side of this space's.
    `slanted` lets any bit meet it so far apart."""
    for across, first, last in lines:
        mask, other = (part, others) if across == 0 else (part.T, others.T)
        widen = np.ones(5 + 4 * (last - first + 1) if slanted else 5, bool)
        if near:
            rows = np.nonzero(mask.any(axis=1))[0]
            if rows.size == 0 or min(abs(rows - first).max(), abs(rows - last).max()) > near + last - first:
                continue
            if _bulges(mask, first, last):
                widen = np.ones(5 + 4 * (last - first + 1), bool)
        for mine, theirs in ((mask[max(0, first - 3):first], other[last + 1:last + 4]),
                             (mask[last + 1:last + 4], other[max(0, first - 3):first])):
            if mine.size and theirs.size and (np.convolve(mine.any(axis=0), widen, "same") & theirs.any(axis=0)).any():
                return True
    return False


def _bulges(mask: np.ndarray, first: int, last: int) -> bool:
    """Whether a bit of drawing beside a line across (rows `first` to `last`) is further from
    it in its middle than at its two ends, by BULGE_PX: a curve's cap, not a straight stroke."""
    rows, columns = np.nonzero(mask)
    if columns.size == 0:
        return False
    gap = np.where(rows < first, first - rows, rows - last)
    start, stop = columns.min(), columns.max()
    tenth = max(1, (stop - start) // 8)
    ends = gap[(columns <= start + tenth) | (columns >= stop - tenth)]
    middle = gap[np.abs(columns - (start + stop) / 2) <= tenth]
    return bool(middle.size and ends.size and middle.max() >= ends.max() + BULGE_PX)


@dataclass(frozen=True)
class Drawing:
    """What is drawn in a garden space: a mask of a window round it, the drawing's share of the
    space, whether some of it may be another space's or lost to one (`tangled`), and whether a
    stroke ran along a printed line and went out with it (`overdrawn`)."""

    mask: np.ndarray
    share: float
    tangled: bool
    overdrawn: bool
    at: tuple[slice, slice]     # the window's rows and columns in the sheet
    inside: np.ndarray          # all the drawing within the space's lines, whoever's it was taken for

    def window(self, sheet_map: np.ndarray | None) -> np.ndarray | None:
        """A map of the whole sheet cut to this drawing's window."""
        return None if sheet_map is None else sheet_map[self.at]


def drawn_in(ink: np.ndarray, region: Region, least: float = INK) -> Drawing:
    """What is drawn in a garden space, in a window reaching CELL_REACH of its side past it.
    Shapes run over the space's lines: the printed lines are taken out, and the drawing is the
    space's that lies mostly inside it, with what of it pokes out over a line (drawing outside
    that runs out of the window is a neighbour's, and so is the end of it that pokes into this
    space). Drawing is what is inked `least` or more. It is tangled when a stroke runs along a
    printed line (the line's band is wider than OVERDRAWN_MM: the stroke went out with the
    line; told apart as `overdrawn`), when more than GIVEN_AWAY of the space's inside is drawing given to a neighbour (a
    hurried shape over its lines, which may have been read as its neighbour's), or when drawing
    outside the space, taken as its own, runs more than LONG_CAP of its side along a line: this
    shape's side drawn over the line, or a neighbour's (a carrot's base just past the line over
    a circle cut by it made a square), or when its drawing goes on over a line into drawing
    left to a neighbour."""
    x, y, w, h = region.box_mm
    rows, columns = _pixels((x - CELL_REACH * w, y - CELL_REACH * h, w * (1 + 2 * CELL_REACH), h * (1 + 2 * CELL_REACH)))
    rows = slice(max(0, rows.start), min(ink.shape[0], rows.stop))
    columns = slice(max(0, columns.start), min(ink.shape[1], columns.stop))
    window = ink[rows, columns]
    space_rows, space_columns = _pixels(region.box_mm)
    box = (space_columns.start - columns.start, space_rows.start - rows.start,
           space_columns.stop - columns.start, space_rows.stop - rows.start)
    lines = _printed_lines(window, box)
    printed = np.zeros(window.shape, bool)
    for across, first, last in lines:
        if across == 0:
            printed[first:last + 1] = True
        else:
            printed[:, first:last + 1] = True
    drawn = cv2.morphologyEx((window > least).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    drawn[printed] = 0
    count, labels, stats, _ = cv2.connectedComponentsWithStats(drawn)
    left, top, right, bottom = box
    inside = np.zeros(window.shape, bool)
    inside[max(0, top):bottom, max(0, left):right] = True
    height, width = window.shape
    leaving = np.zeros(count, bool)     # drawing that runs out of the window: a neighbour's
    side_to_side = np.zeros(count, bool)   # a printed line not found
    for label in range(1, count):
        x0, y0, w0, h0 = stats[label, :4]
        leaving[label] = x0 == 0 or y0 == 0 or x0 + w0 == width or y0 + h0 == height
        side_to_side[label] = (x0 == 0 and x0 + w0 == width) or (y0 == 0 and y0 + h0 == height)
    outside = leaving[labels] & (drawn > 0) & ~inside
    near = round(POKE * min(right - left, bottom - top))
    own = np.zeros(window.shape, bool)
    caps = []
    for label in range(1, count):
        part = labels == label
        if side_to_side[label]:
            continue
        if np.count_nonzero(part & inside) > 0.5 * np.count_nonzero(part):
            if not _over_a_line(part, outside, lines, near):
                own |= part
        elif not leaving[label]:
            caps.append(part)
    side = min(right - left, bottom - top)
    long_cap = False    # a straight stroke over the line may be this shape's side or a neighbour's
    for part in caps:
        if _over_a_line(part, own, lines):
            own |= part
            spans = [int(np.ptp(where)) for where in np.nonzero(part)]
            long_cap |= max(spans) > LONG_CAP * side
    inset_area = max(1, (right - left) * (bottom - top)) * (1 - 2 * CELL_INSET) ** 2
    given_away = np.count_nonzero((drawn > 0) & inside & ~own) / inset_area
    overdrawn = any(last - first + 1 > OVERDRAWN_MM * PX_PER_MM for _, first, last in lines)
    # this space's drawing going on over a line into drawing left to a neighbour: a shape too
    # big for its space lost that part (a circle left as an arc was read surely as a carrot)
    cut_off = _over_a_line(own, (drawn > 0) & ~inside & ~own, lines, slanted=True)
    return Drawing(own.astype(np.uint8), float(own.sum()) / inset_area,
                   long_cap or cut_off or given_away > GIVEN_AWAY, overdrawn,
                   (rows, columns), ((drawn > 0) & inside).astype(np.uint8))


def scribbled(drawn: np.ndarray, ink: np.ndarray, dark: np.ndarray | None, hull: np.ndarray, region: Region) -> bool:
    """Whether a drawing is a mark cancelled: a hull of at least SCRIBBLE_AREA of the space
    whose middles (the hull shrunk as MIDDLES says) are each more than
    SCRIBBLE_FILL marked: inked at least SCRIBBLE_INK of the drawing's own median ink, or dark.
    A veggie's outline leaves its middle blank (0-0.05 so marked, in pencils from grey 60 to a
    faint 120, photographed sharp or blurred); a zig-zag over a shape marks 0.39-0.81 of it, a
    blot all of it. The threshold is the drawing's own: a medium pencil in a blurred photo
    inks the gaps of its zig-zag less than INK (0-0.6 of the middle drawn, against 0.8-0.9 in
    a dark pencil), and a faint scribble's hull, as drawn, covers as little as 0.13 of the space."""
    _, _, w, h = region.box_mm
    if cv2.contourArea(hull) < SCRIBBLE_AREA * w * h * PX_PER_MM ** 2:
        return False
    if min(cv2.minAreaRect(hull)[1]) < SCRIBBLE_WIDTH * min(w, h) * PX_PER_MM:   # a stroke or two, not an area
        return False
    outline = hull.reshape(-1, 2).astype(np.float32)
    moments = cv2.moments(hull)
    centres = {False: outline.mean(axis=0),
               True: np.array([moments["m10"], moments["m01"]], np.float32) / np.float32(max(moments["m00"], 1e-9))}
    own_ink = float(np.median(ink[drawn > 0])) if drawn.any() else INK
    marked = ink > SCRIBBLE_INK * own_ink
    if dark is not None:
        marked |= dark > INK
    for share, of_area in MIDDLES:
        middle = np.zeros(drawn.shape, np.uint8)
        centre = centres[of_area]
        cv2.fillPoly(middle, [np.rint(centre + (outline - centre) * share).astype(np.int32)], 1)
        if np.count_nonzero(marked & (middle > 0)) <= SCRIBBLE_FILL * max(1, int(np.count_nonzero(middle))):
            return False
    return True


def dark_map(flat: np.ndarray, cells: list[Region]) -> np.ndarray:
    """How much darker each pixel is than the paper found by closing over BLOT times the
    widest of the sheet's spaces (as its manifest gives them): a space filled in is too wide
    for the ink map, which takes it for paper in a shadow."""
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32)
    widest = max(max(cell.box_mm[2], cell.box_mm[3]) for cell in cells)
    return np.clip(1.0 - gray / np.maximum(paper_around(gray, BLOT * widest), 1.0), 0.0, 1.0)


def paper_around(gray: np.ndarray, across_mm: float) -> np.ndarray:
    """The paper's brightness at each pixel: the gray closed over `across_mm` (on a quarter-size
    copy, for speed), so anything darker and narrower than that, ink or a cube, is bridged."""
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    size = int(across_mm * PX_PER_MM / 4) | 1
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)


def corner_turn(hull: np.ndarray, corners: int = 4) -> float:
    """The share of the turn all round a convex outline made in its `corners` stretches of a
    sixteenth of its length that turn most (stretches that do not overlap)."""
    closed = np.vstack([hull.reshape(-1, 2), hull.reshape(-1, 2)[:1]]).astype(np.float64)
    run = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(closed, axis=0), axis=1))])
    at = np.linspace(0.0, run[-1], OUTLINE_POINTS, endpoint=False)
    x, y = np.interp(at, run, closed[:, 0]), np.interp(at, run, closed[:, 1])
    heading = np.arctan2(np.roll(y, -1) - y, np.roll(x, -1) - x)
    turn = np.abs(np.mod(np.roll(heading, -1) - heading + math.pi, 2 * math.pi) - math.pi)
    width = OUTLINE_POINTS // 16
    stretches = np.array([turn.take(range(i, i + width), mode="wrap").sum() for i in range(OUTLINE_POINTS)])
    taken = 0.0
    for _ in range(corners):
        best = int(stretches.argmax())
        taken += float(stretches[best])
        stretches[[(best + k) % OUTLINE_POINTS for k in range(1 - width, width)]] = -1.0
    return taken / max(float(turn.sum()), 1e-9)


def square_strokes(drawn: np.ndarray) -> tuple[float, float]:
    """The share of a drawing's strokes that run along two directions at right angles (within
    AXES_SPREAD of each), the two taken that hold most: a square's four sides do, whether or
    not they meet at its corners; a circle's strokes run every way. And the share that runs
    along the sheet's own lines (across and down): a square's sides do, drawn in its space; a
    carrot's slanted sides, one left alone or two meeting at its tip, do not."""
    smooth = cv2.GaussianBlur(drawn.astype(np.float32), (0, 0), 1.5)
    across = cv2.Sobel(smooth, cv2.CV_32F, 1, 0)
    down = cv2.Sobel(smooth, cv2.CV_32F, 0, 1)
    weight = np.hypot(across, down)
    heading = np.degrees(np.arctan2(down, across)) % 90.0    # a direction and its right angle as one
    counts, _ = np.histogram(heading, bins=90, range=(0.0, 90.0), weights=weight)
    spread = int(AXES_SPREAD)
    held = np.array([counts.take(range(d - spread, d + spread + 1), mode="wrap").sum() for d in range(90)])
    total = max(float(counts.sum()), 1e-9)
    return float(held.max() / total), float(held[0] / total)


def on_one_circle(drawn: np.ndarray, region: Region, cover: float = ARC_COVER, fit: float = ARC_FIT) -> bool:
    """Whether a drawing's strokes lie on one circle (within `fit` of its radius, the circle
    fitted by least squares) of about a space's size, round `cover` degrees of it or more."""
    rows, columns = np.nonzero(drawn)
    if rows.size < 10:
        return False
    x, y = columns.astype(np.float64), rows.astype(np.float64)
    # x² + y² + d x + e y + f = 0, linear in d, e and f
    (d, e, f), *_ = np.linalg.lstsq(np.stack([x, y, np.ones_like(x)], 1), -(x * x + y * y), rcond=None)
    centre_x, centre_y = -d / 2, -e / 2
    radius = math.sqrt(max(centre_x ** 2 + centre_y ** 2 - f, 1e-9))
    misfit = float(np.sqrt(np.mean((np.hypot(x - centre_x, y - centre_y) - radius) ** 2))) / radius
    half = min(region.box_mm[2], region.box_mm[3]) / 2 * PX_PER_MM
    angles = np.sort(np.degrees(np.arctan2(y - centre_y, x - centre_x)))
    covered = 360.0 - float(np.diff(np.concatenate([angles, angles[:1] + 360.0])).max())
    return misfit < fit and covered >= cover and ARC_RADIUS[0] <= radius / half <= ARC_RADIUS[1]


def straight_share(drawn: np.ndarray, region: Region) -> float:
    """The share of a drawing that lies in straight strokes (see STRAIGHT_PX): each of its
    pieces is measured along and across its own direction by the spread of its points."""
    count, labels = cv2.connectedComponents(drawn.astype(np.uint8))
    side = min(region.box_mm[2], region.box_mm[3]) * PX_PER_MM
    total = straight = 0
    for label in range(1, count):
        rows, columns = np.nonzero(labels == label)
        points = np.stack([columns, rows], 1).astype(np.float64)
        points -= points.mean(axis=0)
        across, along = np.linalg.eigvalsh(points.T @ points / len(points))
        total += len(points)
        # a uniform stroke of length l spreads l / sqrt(12) along itself
        if math.sqrt(max(across, 0.0)) <= STRAIGHT_PX and math.sqrt(12 * along) >= STRAIGHT_LENGTH * side:
            straight += len(points)
    return straight / max(total, 1)


def _a_ring(drawn: np.ndarray, region: Region) -> bool:
    """Whether a space's drawing is a ring with a gap under a quarter of it (see RING_COVER)."""
    return on_one_circle(drawn, region, RING_COVER, RING_FIT) and square_strokes(drawn)[0] < AXES_BORDER


def _line_ink(ink: np.ndarray, across: int, at_mm: float, start_mm: float, length_mm: float) -> np.ndarray:
    """The ink across a printed line's band (LINE_SEARCH either side of it), in mm of black, at
    each pixel along the middle four fifths of a stretch of it (the ends meet other lines)."""
    at, reach = round(at_mm * PX_PER_MM), round(LINE_SEARCH * PX_PER_MM)
    first, last = round((start_mm + 0.1 * length_mm) * PX_PER_MM), round((start_mm + 0.9 * length_mm) * PX_PER_MM)
    band = ink[max(0, at - reach):at + reach + 1, first:last] if across == 0 else ink[first:last, max(0, at - reach):at + reach + 1].T
    return band.sum(axis=0) / PX_PER_MM


def _sides(region: Region) -> tuple[tuple[int, float, float, float], ...]:
    """A space's four printed lines: (0 across or 1 down, where, where it starts, its length), in mm."""
    x, y, w, h = region.box_mm
    return ((0, y, x, w), (0, y + h, x, w), (1, x, y, h), (1, x + w, y, h))


def traced_sides(ink: np.ndarray, cells: list[Region]) -> dict[str, int]:
    """How many of each garden space's printed lines have a stroke traced along them, by path:
    each line's ink against its bare ink, the lower quartile along the whole garden."""
    def line(across: int, at_mm: float) -> tuple[int, int]:
        return across, round(at_mm * PX_PER_MM)

    sides = {cell.path: [(line(across, at), _line_ink(ink, across, at, start, length))
                         for across, at, start, length in _sides(cell)] for cell in cells}
    along: dict[tuple[int, int], list[np.ndarray]] = {}
    for measured in sides.values():
        for key, extra in measured:
            along.setdefault(key, []).append(extra)
    bare = {key: float(np.percentile(np.concatenate(parts), 25)) for key, parts in along.items() if sum(map(len, parts))}
    return {path: sum(1 for key, extra in measured
                      if extra.size and (extra > bare.get(key, 0.0) + TRACED_MM).mean() >= TRACED_ALONG)
            for path, measured in sides.items()}


def blank_middle(ink: np.ndarray, region: Region, drawing: Drawing) -> bool:
    """Whether all that is drawn within a garden space's lines is a neighbour's shape poking in:
    nothing in the space's middle, clear of POKE of its side from each line (at most BLANK_MIDDLE
    of it inked at the faintest a mark can be: a small veggie drawn in the space crosses it), and
    less of the space drawn than POKED_IN (a big one drawn near its lines, given to a neighbour,
    leaves more). An empty space beside a neighbour's stroke over or along their line was
    outlined, that stroke taken as maybe its own."""
    middle = ink[_pixels(region.box_mm, POKE)]
    _, _, w, h = region.box_mm
    inset_area = w * h * PX_PER_MM ** 2 * (1 - 2 * CELL_INSET) ** 2
    return (bool(middle.size) and float((middle > FAINT_INK).mean()) <= BLANK_MIDDLE
            and int(np.count_nonzero(drawing.inside)) <= POKED_IN * inset_area)


def _nothing_drawn(confidence: float, traced: int) -> Field:
    """An empty space, unless a square was traced on its printed lines (never sure: a shared
    line's stroke may be its neighbour's); one side short of that, unsure."""
    if traced >= TRACED_SIDES:
        return Field("L", UNSURE_TRACED, TRACED_NOTE)
    return Field(".", min(confidence, UNSURE) if traced == TRACED_SIDES - 1 else confidence)


def read_cell(ink: np.ndarray, region: Region, dark: np.ndarray | None = None, traced: int = 0,
              faintest: float = FAINT_INK) -> Field:
    """The veggie drawn in a garden space, told by the shape of the convex hull of what is
    drawn: circle (tomato), square (lettuce) or triangle (carrot). A hull is the same for an
    outline with a gap or a shaky line. A mark scribbled out or filled in (its middle drawn,
    in the ink or, for a blot wider than the ink map sees, in the `dark` map) is no veggie.
    `traced`: how many of the space's printed lines a stroke runs along (a square drawn on
    them leaves nothing inside). `faintest`: the least ink a mark on this sheet may be (see
    FAINTEST_SHARE), looked at when nothing is drawn at FAINT_INK."""
    first = _read_cell_at(ink, region, dark, traced, INK)
    own = cell_darkness(ink, region)
    if own is not None and PALE_STROKES * own < INK:
        second = _read_cell_at(ink, region, dark, traced, max(FAINT_INK, PALE_STROKES * own))
        if second.value != first.value and not _sides_kept(ink, region, first, second):
            if own < PALE_DARKNESS or drawn_in(ink, region).tangled:
                first = Field(second.value, min(second.confidence, UNSURE), second.note)
            else:
                first = Field(first.value, min(first.confidence, UNSURE), first.note)
    if first.value != "." or first.note or faintest >= FAINT_INK:
        return first
    lowest = max(faintest, NOISE_TIMES * float(np.median(ink[_pixels(region.box_mm, CELL_INSET)])))
    if lowest >= FAINT_INK:
        return first
    third = _read_cell_at(ink, region, dark, traced, lowest)
    return first if third.value == "." else Field(third.value, min(third.confidence, UNSURE_FAINT), third.note)


def _sides_kept(ink: np.ndarray, region: Region, first: Field, second: Field) -> bool:
    """Whether a square read at INK stands against a circle read from a pale pencil's fainter
    ink: its drawing lies STRAIGHT or more in straight strokes (see STRAIGHT_PX), a square's
    sides drawn short of its corners, which a circle faded where it thins never leaves. Inked
    that faintly, the four strokes' blurred ends meet round the corners, and the one ring they
    make read as a tomato (six lettuces of the eight hands' 100 bench photos, seed 1). Unless
    those strokes lie on one circle (see ARC_FIT): a hurried tomato given mostly to its
    neighbours left three short arcs, straight enough, read as lettuce at INK."""
    if (first.value, second.value) != (SHAPE_LETTERS["square"], SHAPE_LETTERS["circle"]):
        return False
    drawn = drawn_in(ink, region).mask
    return straight_share(drawn, region) >= STRAIGHT and not on_one_circle(drawn, region)


def _read_cell_at(ink: np.ndarray, region: Region, dark: np.ndarray | None, traced: int, least: float) -> Field:
    """A garden space read from what is inked `least` or more (see read_cell)."""
    drawing = drawn_in(ink, region, least)
    at_most = UNSURE if drawing.tangled or drawing.overdrawn else 1.0
    only_along_a_line = drawing.overdrawn and not drawing.tangled
    if drawing.share < EMPTY_INK and least < FAINT_INK:   # not even at the faintest a mark on this sheet is
        return _nothing_drawn(0.5, traced)
    if drawing.share < EMPTY_INK:   # empty, or drawn too faintly for a pencil mark: read what is there, unsure
        drawing = drawn_in(ink, region, FAINT_INK)
        if drawing.share < EMPTY_INK:
            # a neighbour's stroke over the line or along it, and nothing in the middle: empty, surely
            doubt = 1.0 if blank_middle(ink, region, drawing) else at_most
            return _nothing_drawn(min(_sureness(EMPTY_INK - drawing.share, EMPTY_INK), doubt), traced)
        at_most = min(at_most, UNSURE_FAINT)
        only_along_a_line = False
    joined, share = drawing.mask, drawing.share
    contours, _ = cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    drawn = list(contours)
    if not drawn:
        return _nothing_drawn(0.5, traced)
    largest = max(drawn, key=lambda c: cv2.arcLength(c, False))
    # (a speck has no length: the largest is kept whatever its length)
    keep = [c for c in drawn if cv2.arcLength(c, False) > 0.25 * cv2.arcLength(largest, False)] or [largest]
    hull = cv2.convexHull(np.concatenate(keep))
    area = cv2.contourArea(hull)
    if area < (2.0 * PX_PER_MM) ** 2:  # a dot or a stray line: not a veggie
        return _nothing_drawn(0.4, traced)
    side = min(region.box_mm[2], region.box_mm[3]) * PX_PER_MM
    if least < FAINT_INK and min(cv2.minAreaRect(hull)[1]) < FAINTEST_WIDTH * side:
        return _nothing_drawn(0.4, traced)   # so faint and so narrow: specks along a shadow's edge
    if scribbled(joined, ink[drawing.at], drawing.window(dark), hull, region):
        return Field(".", min(UNSURE, at_most), SCRIBBLED_NOTE)
    # OpenCV's smallest enclosing triangle of a hull with runs of nearly collinear points can be
    # far from the smallest (a clear carrot filled 0.61 of it); the hull simplified to within a
    # pixel is another try, and any enclosing triangle is at least the smallest: take the less
    triangle_area = min(cv2.minEnclosingTriangle(outline.astype(np.float32))[0]
                        for outline in (hull, cv2.approxPolyDP(hull, 1.0, True)))
    triangle = (area / max(triangle_area, 1.0) - TRIANGLE_FILL) / TRIANGLE_UNIT
    at_right_angles, along_lines = square_strokes(joined)
    square = strokes = (at_right_angles - AXES_BORDER) / AXES_UNIT
    roundness = cv2.arcLength(hull, True) ** 2 / (4 * math.pi * area)
    hull_square = (roundness - ROUND_BORDER) / ROUND_UNIT + (corner_turn(hull) - CORNER_BORDER) / CORNER_UNIT
    if triangle > 0 and square > 0:   # a hull that fills a triangle, drawn in square strokes: a guess
        lines_say = (along_lines - ALONG_BORDER) / ALONG_UNIT
        shape, units = ("triangle" if triangle > square + lines_say else "square"), 0.0
    elif triangle > 0:
        shape, units = "triangle", min(triangle, -square)
    else:   # the hull's word, a quarter of it when it disagrees with the strokes
        square += hull_square if hull_square * square > 0 else hull_square / 4
        shape, units = ("square", min(square, -triangle)) if square > 0 else ("circle", min(-square, -triangle))
    if shape == "square" and triangle > -CUT_TRIANGLE and (strokes < 0 or along_lines < SQUARE_ALONG):
        shape, units = "triangle", 0.0   # what a carrot over its lines left: a guess
    if shape != "circle" and on_one_circle(joined, region):   # an arc left of a circle cut by its lines
        shape, units = "circle", 0.0
    if shape != "circle" and _a_ring(drawing.inside, region):
        shape, units = "circle", 0.0   # most of it taken for a neighbour's: a guess
    elif shape == "circle" and straight_share(joined, region) >= STRAIGHT:
        shape, units = "square", 0.0   # a square's four strokes, slanted and short of its corners: a guess
    if only_along_a_line and units >= SHAPE_SURE and _all_agree(shape, triangle, strokes, hull_square, along_lines):
        at_most = 1.0
    if shape == "circle" and max(-strokes, -hull_square) < SHAPE_SURE:
        at_most = min(at_most, UNSURE)   # two measures each in doubt: a lopsided square, maybe
    confidence = min(_sureness(units, SHAPE_SURE / SURE_MARGIN), _sureness(share - EMPTY_INK, EMPTY_INK), at_most)
    return Field(SHAPE_LETTERS[shape], confidence)


def _all_agree(shape: str, triangle: float, strokes: float, hull_square: float, along_lines: float) -> bool:
    """Whether every measure of a drawing says the shape read: a stroke that went out with a
    printed line may have been one of its sides, but what is left then still reads as it (a
    square left with three sides, a carrot without its base); a shape any measure doubts may
    have read otherwise with it. On sheets of the eight hands, of 65 spaces read surely but for
    a stroke along a line, one was wrong (a carrot, its strokes doubting the square its hull
    said); of the 59 whose measures all agree, none. In 260 photos, the surest of such shapes
    read wrong though all agreed was 1.37 units from its border (a tomato as a carrot, sure
    only by the share of ink, which it was not): SHAPE_SURE units are asked of them first."""
    if shape == "circle":
        return strokes < 0 and hull_square < 0 and triangle < 0
    if shape == "square":
        return strokes > 0 and hull_square > 0 and triangle < 0 and along_lines >= SQUARE_ALONG
    return triangle > 0 and strokes < 0


# A cross is read as straight pencil strokes. Every line through the middle of a circle or a
# box (passing within LINE_OFFSET of its centre; a circle's in any direction, a box's near
# either diagonal) is looked along between LINE_SPAN[0] and LINE_SPAN[1] of the way from the
# centre to the outline, round for a circle, square for a box: clear of the printed outline.
# A box's pig a line only cuts across; a market circle's number (8 pt, dark) a line along
# its strokes could follow, so its points within PRINTED_MARGIN_MM of the number's box (the
# manifest's `printed_mm`) are left out of every measure (at least 12 of a line's 40 points
# stay, out beyond the number's corners). A stroke
# inks a line along nearly all of it, wherever the strokes meet and however far they reach
# past the span; a blurred outline or the print inside a few of its points. People's strokes
# are shorter and further off the middle than that (an X over a power box's pig often stops
# well short of the box's corners): a blank circle's most inked line has at most 0.44 of its
# points inked and a blank box's 0.36, in photos too, while crosses by five hands reach
# 0.5-1 (a short slash off the middle of a circle about 0.55), so STROKE is set between, and
# a reading is sure only clear of both. A circle is crossed by its most inked line (a slash will
# do); a box needs a line near each diagonal (an X: a lone stroke is half of one, read blank
# but unsure).
LINE_SPAN = {"circle": (0.3, 0.8), "box": (0.45, 0.8)}  # in half-sides from the centre
LINE_OFFSET = 0.45       # in half-sides
LINE_STEP = 0.025        # between the points and the offsets looked at, in half-sides
LINE_DIRECTIONS = {"circle": tuple(range(0, 180, 5)), "box": tuple(range(20, 71, 5)) + tuple(range(110, 161, 5))}
STROKE = {"circle": 0.65, "box": 0.5}   # the share of a line's points a stroke along it inks at least
STROKE_SURE = {"circle": 0.2, "box": 0.12}   # how far from STROKE a share must be to be sure
PRINTED_MARGIN_MM = 0.2  # round a region's printed ink (its number), left out of its lines: the print's blur
# Left with the points beyond its number, a blank market circle's most inked line has at most
# 0.27 of them inked in the eight hands' shaken photos and 0.32 flat (the digit's edge spread
# by the ink map just past the margin; 0.58 at a faint sheet's lower threshold), a hand's cross
# mostly 0.73 or more, but a short light one 0.42: a market circle is read blank surely at 0.33
# or less, crossed surely at 0.7 or more (STROKE_SURE's for it read blank, crossed).
PRINTED_SURE = {False: 0.4, True: 0.06}
# A hard shadow's jagged edge leaves specks in the ink map where its teeth cut into the lit
# paper (the paper is found by closing, which fills a tooth's tip): in a line, 4 to 6 px across
# at 8 px a mm, 10 to 16 px each, they inked 0.74 of a blank market circle's most inked line,
# read crossed surely (bench seed 100020). A cross's stroke, even a short slash, runs from the
# circle's outline past its middle; its blots (the outline with it, or a stroke's own dashes)
# span more than SPECK_MM, so a circle's specks spanning less are no mark. Not at a faint
# sheet's lower threshold: a faint pencil's cross breaks into dashes there (two pig counts and
# a market of the faint hand's bench photos were lost), and nothing on such a sheet is sure.
SPECK_MM = 1.0
# A hasty slash off a market circle's middle inks 0.55-0.64 of its most inked line, just short
# of STROKE, while its row's blank circles, where the same photo blurs the same print, ink
# 0.08-0.25 (bench seeds 100027, 100058): a circle read blank whose line is inked SLASH_GAP more
# than the least inked of its row's other blanks, and SLASH_LEAST at least, is crossed, unsurely
# (SLASH_SURENESS). A blurred photo spreads its numbers' print unevenly (one row's blanks
# 0.42-0.58, seed 100022): there the gap is not reached, and the reading stays blank.
SLASH_GAP = 0.3
SLASH_LEAST = 0.5
SLASH_SURENESS = 0.6


@functools.cache
def _lines(kind: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The points each line looks at, in half-sides from the centre: x and y (lines by points),
    which of them fall in the span, and whether each line runs nearer the rising diagonal."""
    low, high = LINE_SPAN[kind]
    along = np.arange(-high, high + LINE_STEP / 2, LINE_STEP)
    offsets = np.arange(-LINE_OFFSET, LINE_OFFSET + LINE_STEP / 2, 2 * LINE_STEP)
    xs, ys, rising = [], [], []
    for degrees in LINE_DIRECTIONS[kind]:
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        for offset in offsets:
            xs.append(along * cos - offset * sin)
            ys.append(along * sin + offset * cos)
            rising.append(degrees > 90)   # y grows downwards: a line at 135 degrees rises
    x, y = np.array(xs), np.array(ys)
    out = np.maximum(np.abs(x), np.abs(y)) if kind == "box" else np.hypot(x, y)
    return x, y, (out >= low) & (out <= high), np.array(rising)


def _line_points(ink: np.ndarray, region: Region, least: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ink at each line's points (lines by points, over a window a tenth past the region),
    which of the points fall in the span, and whether each line runs nearer the rising diagonal.
    With `least` (INK or more), a circle's specks inked so (see SPECK_MM) are left out."""
    x, y, w, h = region.box_mm
    rows, columns = _pixels(region.box_mm, -0.1)
    window = ink[rows, columns]
    if least is not None and least >= INK and region.kind == "circle" and window.size:
        window = _without_specks(window, least)
    across, down, span, rising = _lines(region.kind)
    if window.size == 0:
        return np.zeros(span.shape, np.float32), span, rising
    left = np.rint((x + w / 2 + across * w / 2) * PX_PER_MM - columns.start).astype(int).clip(0, window.shape[1] - 1)
    top = np.rint((y + h / 2 + down * h / 2) * PX_PER_MM - rows.start).astype(int).clip(0, window.shape[0] - 1)
    if region.printed_mm is not None:   # the region's own print is no mark: its points are not looked at
        px, py, pw, ph = region.printed_mm
        span = span & ~((np.abs(x + w / 2 + across * w / 2 - px - pw / 2) < pw / 2 + PRINTED_MARGIN_MM)
                        & (np.abs(y + h / 2 + down * h / 2 - py - ph / 2) < ph / 2 + PRINTED_MARGIN_MM))
    # a pixel's ink is its 3 x 3 neighbourhood's darkest: a line a pixel off a stroke still meets it
    return cv2.dilate(window, np.ones((3, 3), np.uint8))[top, left], span, rising


def _without_specks(window: np.ndarray, least: float) -> np.ndarray:
    """The window with every blot inked `least` or more that spans less than SPECK_MM cleared."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats((window >= least).astype(np.uint8), connectivity=8)
    small = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) < SPECK_MM * PX_PER_MM
    small[0] = False   # the paper
    if not small.any():
        return window
    return np.where(small[labels], 0.0, window).astype(window.dtype)


def stroke_shares(ink: np.ndarray, region: Region, least: float = INK) -> tuple[float, float]:
    """The share of its points inked `least` or more of the most inked line near each diagonal,
    falling and rising (a circle's lines, of any direction, count as both)."""
    return _diagonal_shares(*_line_points(ink, region, least), least, region.kind)


def _diagonal_shares(along: np.ndarray, span: np.ndarray, rising: np.ndarray, least: float,
                     kind: str) -> tuple[float, float]:
    shares = _line_shares(along, span, least)
    if kind == "circle":
        return (float(shares.max()),) * 2
    return float(shares[~rising].max()), float(shares[rising].max())


def stroke_darkness(ink: np.ndarray, region: Region) -> float | None:
    """How dark the pencil stroke through a circle or box is (the ink three quarters of the
    points of its most inked line reach: a stroke fades at its ends), or None when no line holds
    a stroke at the faintest ink a mark can be."""
    along, span, _ = _line_points(ink, region)
    shares = _line_shares(along, span, FAINT_INK)
    if shares.max() <= STROKE[region.kind]:
        return None
    return _line_darkness(along, span, shares)


def cell_darkness(ink: np.ndarray, region: Region) -> float | None:
    """How dark the strokes drawn inside a garden space are (the ink their cores reach: the
    90th percentile of what is inked at the faintest a mark can be), or None when it is empty."""
    inside = ink[_pixels(region.box_mm, CELL_INSET)]
    marked = inside[inside > FAINT_INK]
    if marked.size < EMPTY_INK * inside.size:
        return None
    return float(np.percentile(marked, 90))


def mark_darkness(ink: np.ndarray, sheet: ReadableSheet) -> float | None:
    """How dark the player's marks on this sheet are in this photo: the median of every mark
    found (a faint pencil, a soft one, a blurred or dim photo), or None when none is found."""
    found = [cell_darkness(ink, region) if region.kind == "cell" else stroke_darkness(ink, region)
             for region in sheet.regions if region.kind in ("cell", "circle", "box")]
    dark = [value for value in found if value is not None]
    return float(np.median(dark)) if dark else None


def faint(darkness: float | None) -> bool:
    """Whether a sheet's marks are too faint for a cross to be read surely (none found at all
    is as faint: an end of game always leaves marks)."""
    return darkness is None or darkness < FAINT_MARKS


def cross_threshold(darkness: float | None) -> float:
    """The ink a cross's points need on a sheet whose marks are `darkness` dark: INK, or on a
    sheet of faint marks, FAINT_CROSS of their own darkness (never below what any mark can be:
    a cross in grey 120 at 0.55 opacity, seen at 6 px a mm, is 0.17 dark, under INK)."""
    if not faint(darkness):
        return INK
    return max(FAINT_INK, FAINT_CROSS * (darkness or 0.0))


CROSS_INSET = 0.15       # of a circle's or a box's side: its inside, clear of its printed outline


def read_faint_cross(ink: np.ndarray, region: Region, least: float, faintest: float) -> Field:
    """A cross read at `least`, and when it is not crossed there, on a sheet of faint marks
    (`faintest` under `least`), once more at the faintest a mark on the sheet may be (see
    FAINTEST_SHARE), clear of the paper's noise: a cross found only so is read, never surely."""
    found = read_cross(ink, region, least)
    if found.value or faintest >= least or region.printed_mm is not None:
        return found
    inside = ink[_pixels(region.box_mm, CROSS_INSET)]
    lowest = max(faintest, NOISE_TIMES * float(np.median(inside))) if inside.size else least
    if lowest >= least:
        return found
    again = read_cross(ink, region, lowest)
    return Field(True, min(again.confidence, UNSURE_FAINT)) if again.value else found


def read_cross(ink: np.ndarray, region: Region, least: float = INK) -> Field:
    """Crossed or not, from the most inked lines through the region, inked `least` or more. A
    box's X is drawn by one pencil: with one diagonal crossed, the other is looked for at
    FAINT_CROSS of that stroke's own darkness when that is fainter than `least` (a soft
    pencil's second stroke, greyer still in a soft photo, fell short of the sheet's threshold
    along half its length and the power went uncounted; a blank diagonal holds only a few
    points of the printed pig at any darkness a pencil stroke has)."""
    along, span, rising = _line_points(ink, region, least)
    stroke = STROKE[region.kind]
    shares = list(_diagonal_shares(along, span, rising, least, region.kind))
    if region.kind == "box" and min(shares) <= stroke < max(shares):
        crossed = int(shares[1] > stroke)     # 0 the falling diagonal, 1 the rising one
        own = FAINT_CROSS * _line_darkness(along, span, np.where(rising == bool(crossed),
                                                                 _line_shares(along, span, least), -1.0))
        if own < least:
            shares[1 - crossed] = _diagonal_shares(along, span, rising, max(min(FAINT_INK, least), own), "box")[1 - crossed]
    lower, higher = sorted(shares)
    crossed_too = lower > stroke
    sure = PRINTED_SURE[crossed_too] if region.printed_mm is not None else STROKE_SURE[region.kind]
    confidence = _sureness(lower - stroke, sure / SURE_MARGIN)
    if not crossed_too and higher > stroke:   # a box with a stroke along one diagonal only
        confidence = 0.5
    return Field(crossed_too, confidence)


def judged_by_blanks(ink: np.ndarray, circles: list[Region], marks: list[Field], least: float) -> list[Field]:
    """A market row's marks (`circles` read at `least`), each circle read blank taken as crossed,
    unsurely, when its most inked line is far more inked than its row's other blanks' (see
    SLASH_GAP)."""
    shares = [stroke_shares(ink, circle, least)[0] for circle in circles]
    judged = []
    for place, (mark, share) in enumerate(zip(marks, shares)):
        blanks = [other for at, (read, other) in enumerate(zip(marks, shares)) if at != place and not read.value]
        if not mark.value and blanks and share >= max(SLASH_LEAST, min(blanks) + SLASH_GAP):
            mark = Field(True, SLASH_SURENESS)
        judged.append(mark)
    return judged


def _line_shares(along: np.ndarray, span: np.ndarray, least: float) -> np.ndarray:
    """Each line's share of its points in the span inked more than `least`."""
    return ((along > least) * span).sum(axis=1) / np.maximum(span.sum(axis=1), 1)


def _line_darkness(along: np.ndarray, span: np.ndarray, shares: np.ndarray) -> float:
    """How dark the stroke along the line of the highest `shares` is: the ink three quarters
    of its points in the span reach (a stroke fades at its ends)."""
    best = int(shares.argmax())
    return float(np.percentile(along[best][span[best]], 75))


# Hue (OpenCV's 0-180) of each track's pieces, on the sheet with its paper's colour divided
# out (a warm lamp or a cool window moves no hue): wooden cubes from a deep orange (12-14)
# through the app's amber (21), and blue. The table's printed oranges are pale (the track's
# fill: saturation under 110), thin (the red line and its words: opened away) or smaller than
# half a cube (the start's flower pot, hue 9-10).
PIECE_HUES = {"orange": (9, 30), "blue": (94, 116)}
PIECE_SATURATION = 140
PAPER_SHARE = 0.1       # the brightest tenth of the sheet is its paper
PIECE_LEAST = 0.45      # a blob of less than this share of a piece's top is no piece
PIECE_SEEN = (0.8, 3.4)  # a piece's area as seen, in the table's tops: a set's cubes are 8 to 10 mm (the
#                          orange spaces are 10 mm wide), and at a 40 degree slant a cube turned 45 degrees
#                          shows two sides as well, 1.2 tops more per (side / 8 mm) squared: 10 mm, 3.4
UNSURE_COUNT = 0.4      # the confidence of a track read with more or fewer pieces than it holds
PIECE_EDGE_MM = 1.0     # a piece's centre this near another space may stand on it
LIGHT_MM = 30.0         # the light on a piece is the paper's within this (wider than two pieces side by side)
DEEP_SHADOW = 0.4       # a track where less of the light than this falls is read, but never surely
PAIR_MIDDLE = 0.15       # of a space's side: the middle of a pair side by side on it lies this near its middle
APART = 0.85            # of a piece's side: the centres of two pieces side by side are no nearer
TOUCHING_LEAST = 0.9    # touching pieces counted at less than this many tops each may be one fewer
DARKEST_LIGHT = 0.15    # no shadow is read as darker than this, so noise in black is not stretched to colour


def paper_balanced(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sheet with each colour channel divided by the paper's (the median colour of its
    brightest pixels) and each pixel by the light falling on it (the paper around it, relative
    to the brightest): the light's colour cast and a shadow go, and the paper turns white.
    Also that light, so a reading in deep shadow can say so."""
    gray = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32)
    bright = gray >= np.quantile(gray, 1 - PAPER_SHARE)
    paper = np.median(flat[bright], axis=0)
    light = np.clip(paper_around(gray, LIGHT_MM) / max(float(np.median(gray[bright])), 1.0), DARKEST_LIGHT, 1.0)
    balanced = flat.astype(np.float32) * (255.0 / np.maximum(paper, 1.0)) / light[..., None]
    return np.clip(balanced, 0, 255).astype(np.uint8), light


def read_pieces(flat: np.ndarray, sheet: ReadableSheet, path: str, regions: list[Region]) -> Field:
    """The values of the track spaces the pieces of the track's colour stand on: each blob of
    the colour holds as many pieces as its area says, each on the space holding its centre; a
    track holds exactly the sheet's `pieces`, so more or fewer found is said and unsure, and so
    is a track partly in deep shadow or a blob whose count rests on the others'."""
    balanced, light = paper_balanced(flat)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    low, high = PIECE_HUES[path]
    mask = cv2.inRange(hsv, (low, PIECE_SATURATION, 50), (high, 255, 255))
    side = round(sheet.piece_mm * PX_PER_MM * 0.4)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    piece_area = (sheet.piece_mm * PX_PER_MM) ** 2
    blobs = [label for label in range(1, count) if stats[label, cv2.CC_STAT_AREA] / piece_area >= PIECE_LEAST]
    areas = [stats[label, cv2.CC_STAT_AREA] / piece_area for label in blobs]
    counts = pieces_in(areas, sheet.pieces)
    centres = [piece_centres(labels == label, held) for label, (held, _) in zip(blobs, counts)]
    merged = False
    if sum(map(len, centres)) > sheet.pieces:
        # more than a player has: a blob counted by its area alone may hold a cube twice
        apart = [cubes_apart(labels == label, held) for label, (held, _) in zip(blobs, counts)]
        merged = sum(map(len, apart)) < sum(map(len, centres))
        centres = apart
        counts = [(len(placed), abs(area - len(placed))) for placed, area in zip(centres, areas)]
    found = []   # each piece found: how sure it is, the value of the space it stands on
    paired = []   # the spaces pairs side by side spilling over their lines stand on
    for placed, (_, misfit) in zip(centres, counts):
        pair = pair_on(placed, regions)
        for centre in placed:
            value, sureness = space_under(centre, regions)
            if pair is not None and value != pair.value:   # its centre just past the pair's space's line
                value = int(pair.value or 0)
                paired.append(value)
            found.append((min(sureness, _sureness(max(0.0, 0.5 - misfit), 0.2)), value))
    found.sort(key=lambda piece: -piece[0])
    confidence = min([1.0] + [sure for sure, _ in found])
    read = exactly([value for _, value in found], confidence, sheet.pieces,
                   min(int(r.value or 0) for r in regions), f"{path} cube")
    crowded = any(held > 1 and area / held < TOUCHING_LEAST for area, (held, _) in zip(areas, counts))
    if merged and not read.note:
        read = Field(read.value, min(read.confidence, UNSURE_COUNT),
                     f"some {path} cubes look larger than a cube (as at a slant) and were counted by where they "
                     "stand; check them")
    if paired and not read.note:
        read = Field(read.value, read.confidence, f"two {path} cubes side by side on {_listed_words(sorted(set(paired)))} "
                     "spill over its lines: both are read on it; check them")
    return _doubted(read, path, crowded, min(float(light[_pixels(r.box_mm)].min()) for r in regions))


def cubes_apart(blob: np.ndarray, held: int) -> list[np.ndarray]:
    """Where the pieces of a blob stand, counting one fewer while two stand closer than APART
    of a piece's side as seen (the side of a square of the blob's area shared out): pieces
    cannot overlap, so centres so close are one piece counted twice (a 9 mm cube at a slant,
    its sides showing, has nearly the area of two of the table's 8 mm tops: cut in two, its
    halves' middles were 0.75 of their side apart, and two cubes cut in three 0.8)."""
    centres = piece_centres(blob, held)
    area_mm = np.count_nonzero(blob) / PX_PER_MM ** 2
    while len(centres) > 1 and min(float(np.linalg.norm(a - b)) for a, b in zip(centres, centres[1:])) < \
            APART * math.sqrt(area_mm / len(centres)):
        centres = piece_centres(blob, len(centres) - 1)
    return centres


def _doubted(read: Field, path: str, crowded: bool, darkest: float) -> Field:
    """A track read with no doubt yet, made unsure (and said why) when cubes touching were
    given less area each than a cube shows (sharing the track's pieces out over too few blobs
    may count one too many), or when part of the track lies in deep shadow."""
    if read.note:
        return read
    if crowded:
        return Field(read.value, min(read.confidence, UNSURE_COUNT),
                     f"some {path} cubes touch and may be counted wrong; check them")
    if darkest < DEEP_SHADOW:
        return Field(read.value, min(read.confidence, UNSURE),
                     f"part of the {path} track is in deep shadow; check its cubes")
    return read


def piece_centres(blob: np.ndarray, held: int) -> list[np.ndarray]:
    """Where the `held` pieces of a blob stand (in mm): pieces touching stand in a row (side by
    side on a space, or either side of the red line that joins them), so the blob is cut
    across its long axis into `held` parts of equal area, each piece at its part's middle."""
    rows, columns = np.nonzero(blob)
    points = np.stack([columns, rows], 1).astype(np.float64) / PX_PER_MM
    middle = points.mean(axis=0)
    if held == 1:
        return [middle]
    _, _, axes = np.linalg.svd(points - middle, full_matrices=False)
    along = (points - middle) @ axes[0]
    order = np.argsort(along)
    return [points[part].mean(axis=0) for part in np.array_split(order, held)]


def _distance_mm(region: Region, point: np.ndarray) -> float:
    """How far a point (in mm) is from a region's box: 0 on it."""
    x, y, w, h = region.box_mm
    return float(np.hypot(max(x - point[0], 0.0, point[0] - x - w), max(y - point[1], 0.0, point[1] - y - h)))


def pair_on(placed: list[np.ndarray], regions: list[Region]) -> Region | None:
    """The space two touching pieces stand on side by side, spilling over its lines, or None:
    their middle lies within PAIR_MIDDLE of the space's middle, and each centre on it or within
    PIECE_EDGE_MM of it (two 9 mm cubes on a 10 mm space reach 4.6 mm either side of its
    middle, and a slant's sides or a nudge put one centre just past its line)."""
    if len(placed) != 2:
        return None
    middle = (placed[0] + placed[1]) / 2
    for region in regions:
        x, y, w, h = region.box_mm
        if (abs(middle[0] - x - w / 2) <= PAIR_MIDDLE * w and abs(middle[1] - y - h / 2) <= PAIR_MIDDLE * h
                and all(_distance_mm(region, centre) <= PIECE_EDGE_MM for centre in placed)):
            return region
    return None


def space_under(centre: np.ndarray, regions: list[Region]) -> tuple[int, float]:
    """The value of the space a piece's centre stands on, and how sure that is: sure when the
    centre is PIECE_EDGE_MM or more from every other space, a guess (0.3) when it is on none."""
    def distance(region: Region) -> float:
        return _distance_mm(region, centre)

    nearest = min(regions, key=distance)
    if distance(nearest) > 0:
        return int(nearest.value or 0), 0.3
    others = [distance(region) for region in regions if region.value != nearest.value]
    return int(nearest.value or 0), _sureness(min(others, default=PIECE_EDGE_MM), PIECE_EDGE_MM / SURE_MARGIN)


def pieces_in(areas: list[float], expected: int) -> list[tuple[int, float]]:
    """How many pieces each blob holds, and how far its area is from that. A piece seen at a
    slant shows its sides too, and two side by side make one blob: when the blobs can hold the
    `expected` pieces (no more blobs, about a piece's area each), that many are shared out by
    area; else each blob holds its area's worth, at least one."""
    per_piece = sum(areas) / expected if expected else 1.0
    if not (areas and len(areas) <= expected and PIECE_SEEN[0] <= per_piece
            and max(areas) / (expected - len(areas) + 1) <= PIECE_SEEN[1]):
        return [(max(1, round(area)), abs(area - max(1, round(area)))) for area in areas]
    shares = [area / per_piece for area in areas]
    held = [1] * len(areas)
    for _ in range(expected - len(areas)):
        held[max(range(len(areas)), key=lambda n: shares[n] - held[n])] += 1
    return [(pieces, abs(share - pieces)) for share, pieces in zip(shares, held)]


def _listed_words(values: list[int]) -> str:
    words = [str(value) for value in sorted(values)]
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def exactly(surest_first: list[int], confidence: float, expected: int, start: int, piece: str) -> Field:
    """A track's pieces, `expected` of them, listed by value: the pieces found, surest first.
    Fewer found: the rest are put on the start; more: the surest are kept. Either way the
    track is unsure, and the note says what was found."""
    found = len(surest_first)
    if not expected or found == expected:
        return Field(sorted(surest_first), confidence)
    where = f" (on {_listed_words(surest_first)})" if surest_first else ""
    if found > expected:
        extra = found - expected
        note = (f"{found} {piece}s were found{where}, {NUMBER_WORDS.get(extra, str(extra))} more than the "
                f"{expected} a player has: the {expected} seen most clearly are kept; check them")
        return Field(sorted(surest_first[:expected]), min(confidence, UNSURE_COUNT), note)
    missing = expected - found
    if not found:
        note = f"no {piece} was found: all {expected} are put on the start; check them"
    else:
        rest = "the other one is" if missing == 1 else f"the other {missing} are"
        note = (f"only {found} of the {expected} {piece}s were found{where}: {rest} put on the start; "
                f"check {'it' if missing == 1 else 'them'}")
    return Field(sorted(surest_first + [start] * missing), min(confidence, UNSURE_COUNT), note)


# How blurred a photo is, told by its markers, whose print is known exactly: each marker as
# printed, blurred by a Gaussian of each sigma in turn, is matched against the straightened
# photo's grey (fitting its contrast and paper), and the sigma that matches best is the blur.
# Unlike the rise of an edge in a window, it does not saturate where a blur outgrows the
# window (the layout-3 sheet's markers blurred 4 px at 200 dpi, 0.51 mm, rose over 0.375 mm of
# a 1.6 mm window, under the 0.4 allowed) and needs no layout's sizes: on the Harvest Dice and
# Cottage Garden sheets, 5 and 8 mm markers alike, a blur of 0.25 / 0.38 / 0.51 / 0.64 mm
# measures 0.25-0.27 / 0.38-0.41 / 0.52 / 0.64 (the median of the markers), a sharp render 0.09,
# a 7 px smear up and down 0.28, across 0.30.
BLUR_FIT_MM = 0.7        # the fit covers the marker and this much of its white surround
BLUR_STEPS_PX = np.arange(0.5, 5.01, 0.5)   # the sigmas tried (to 0.63 mm: far past BLURRED_MM), then a
#                                             quarter pixel either side of the best
BLUR_SHIFT_PX = 1        # the marker as printed is matched up to this far off where the sheet places it


@functools.cache
def _printed_marker(marker_id: int, side_px: int, margin_px: int) -> np.ndarray:
    """A marker as printed, 1 black and 0 white, `side_px` wide with `margin_px` of white round it."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    image = dictionary.generateImageMarker(marker_id, 6 * 40).astype(np.float32) / 255
    black = 1.0 - cv2.resize(image, (side_px, side_px), interpolation=cv2.INTER_AREA)
    return cv2.copyMakeBorder(black, margin_px, margin_px, margin_px, margin_px, cv2.BORDER_CONSTANT, value=0.0)


def _misfit(printed: np.ndarray, seen: np.ndarray, across_px: float, down_px: float, at: tuple[int, int]) -> float:
    """How far `seen` is from `printed` (BLUR_SHIFT_PX wider all round) blurred by a Gaussian of
    `across_px` and `down_px` and moved `at` (down, across) pixels, at the contrast and paper
    that fit it best (least squares)."""
    shift, (height, width), (down, across) = BLUR_SHIFT_PX, seen.shape, at
    blurred = cv2.GaussianBlur(printed, (0, 0), across_px, sigmaY=down_px)[shift + down:shift + down + height,
                                                                         shift + across:shift + across + width]
    blurred, seen = blurred - blurred.mean(), seen - seen.mean()
    contrast = float((blurred * seen).sum()) / max(float((blurred * blurred).sum()), 1e-9)
    return float(((seen - contrast * blurred) ** 2).mean())


def _blur_px(printed: np.ndarray, seen: np.ndarray) -> float:
    """The blur that makes a marker as `printed` match it as `seen` best, in pixels: first where
    it lies (at a middling blur), then the blur alike every way, then across with that blur
    down and down with the blur across found, each to a quarter pixel; the larger of the two
    (a phone moved while it took the photo smears along one way only)."""
    steps = range(-BLUR_SHIFT_PX, BLUR_SHIFT_PX + 1)
    at = min(((down, across) for down in steps for across in steps),
             key=lambda place: _misfit(printed, seen, 1.5, 1.5, place))

    def best(misfit: Any) -> float:
        found = float(min(BLUR_STEPS_PX, key=misfit))
        return float(min((found - 0.25, found, found + 0.25), key=misfit))

    alike = best(lambda sigma: _misfit(printed, seen, sigma, sigma, at))
    across = best(lambda sigma: _misfit(printed, seen, sigma, alike, at))
    down = best(lambda sigma: _misfit(printed, seen, across, sigma, at))
    return max(across, down)


def marker_blur_mm(flat: np.ndarray, sheet: ReadableSheet, shown: np.ndarray) -> float:
    """How far the photo blurs its print (a Gaussian's sigma, in mm): the median over the
    markers wholly in the photo of the blur that makes each as printed match it best (see
    BLUR_FIT_MM), 0 when none is."""
    darkness = 1.0 - cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255
    margin = round(BLUR_FIT_MM * PX_PER_MM)
    blurs = []
    for marker in sheet.markers:
        x, y, side, _ = marker.box_mm
        rows, columns = _pixels((x - BLUR_FIT_MM, y - BLUR_FIT_MM, side + 2 * BLUR_FIT_MM, side + 2 * BLUR_FIT_MM))
        if rows.start < 0 or columns.start < 0 or (rows.stop, columns.stop) > shown.shape or not shown[rows, columns].all():
            continue
        printed = _printed_marker(marker.id, round(side * PX_PER_MM), margin + BLUR_SHIFT_PX)
        blurs.append(_blur_px(printed, darkness[rows, columns]) / PX_PER_MM)
    return float(np.median(blurs)) if blurs else 0.0


def too_small(image: np.ndarray, sheet: ReadableSheet, homography: np.ndarray) -> str:
    """Why a sheet is too small in its photo to be read surely, in words ("" when it is not):
    at fewer than SMALL_PX_PER_MM of the photo's pixels a mm, a pencil line is a pixel or two."""
    corners = cv2.perspectiveTransform(_box_corners((0.0, 0.0, sheet.width_mm, sheet.height_mm))[None], homography)[0]
    area = float(cv2.contourArea(corners))
    if area >= SMALL_PX_PER_MM ** 2 * sheet.width_mm * sheet.height_mm:
        return ""
    share = 100 * area / (image.shape[0] * image.shape[1])
    return (f"come closer: the sheet fills only {share:.0f} % of the photo, too little to read its pencil "
            "marks surely; take another with the sheet filling most of the picture, or check every field")


def in_photo(image: np.ndarray, sheet: ReadableSheet, homography: np.ndarray) -> np.ndarray:
    """Which pixels of the straightened sheet the photo shows: a sheet read from three of its
    markers may run out of the picture, and what lies past the photo's edge straightens to
    black, which reads as ink (a market's circles read surely as crossed)."""
    shown = straighten(np.full(image.shape[:2], 255, np.uint8), sheet, homography) == 255
    # the photo's last pixels are often a JPEG's or a lens's worst: not counted as shown
    return cv2.erode(shown.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0


def outside_photo(shown: np.ndarray, sheet: ReadableSheet) -> list[str]:
    """The paths of the fields with a region lying even partly outside the photo (its box and
    OUT_OF_FRAME_REACH of its side round it, what its reading looks at)."""
    paths: list[str] = []
    for region in sheet.regions:
        if region.path not in paths and not shown[_pixels(region.box_mm, -OUT_OF_FRAME_REACH)].all():
            paths.append(region.path)
    return paths


def read_sheet(image: np.ndarray, sheet: ReadableSheet, homography: np.ndarray) -> SheetRead:
    flat = straighten(image, sheet, homography)
    shown = in_photo(image, sheet, homography)
    outside = outside_photo(shown, sheet)
    fields = len({region.path for region in sheet.regions})
    if len(outside) > OUT_OF_FRAME_SHARE * fields:
        raise PhotoError(f"part of the sheet is outside the photo ({len(outside)} of the {fields} things read "
                         "from it): step back so the whole sheet is in the picture")
    ink = ink_map(flat)
    ink[~shown] = 0.0   # nothing is drawn past the photo's edge, as far as the reader can tell
    read = SheetRead(sheet, note=too_small(image, sheet, homography))
    # a smeared photo blurs print into the places marks are looked for: no reading of it is sure
    if not read.note and marker_blur_mm(flat, sheet, shown) > BLURRED_MM:
        read.note = f"{BLURRED_ADVICE}, or check every field"
    cells = [r for r in sheet.regions if r.kind == "cell"]
    dark = dark_map(flat, cells) if cells else None
    if dark is not None:
        dark[~shown] = 0.0
    traced = traced_sides(ink, cells)
    marked = any(r.kind in ("cell", "circle", "box") for r in sheet.regions)
    darkness = mark_darkness(ink, sheet) if marked else None
    if marked and faint(darkness) and not read.note:
        # a shape or a cross as faint as these may be missed, or made up from the print
        read.note = FAINT_NOTE
    sure_at_most = UNSURE if read.note else 1.0
    by_path: dict[str, list[Region]] = {}
    for region in sheet.regions:
        by_path.setdefault(region.path, []).append(region)
    least = cross_threshold(darkness)
    faintest = FAINTEST_SHARE * (darkness or 0.0) if faint(darkness) and darkness else FAINT_INK
    for path, regions in by_path.items():
        kind = regions[0].kind
        if kind == "cell":
            found = read_cell(ink, regions[0], dark, traced[path], faintest)
        elif kind == "track-space":
            found = read_pieces(flat, sheet, path, regions)
        else:
            in_order = sorted(regions, key=lambda r: r.value or 0)
            marks = [read_faint_cross(ink, r, least, faintest) for r in in_order]
            if kind == "circle" and all(r.printed_mm is not None for r in in_order):   # a market's row
                marks = judged_by_blanks(ink, in_order, marks, least)
            found = count_crossed(marks)
        if path in outside:
            found = Field(found.value, 0.0, OUT_OF_FRAME_NOTE)
        target = read.shared if path.split(".")[0] in sheet.shared else read.player
        target[path] = Field(found.value, min(found.confidence, sure_at_most), found.note)
    return read


def count_crossed(marks: list[Field]) -> Field:
    """How many are crossed. They are crossed in order, so the count is the one whose first
    marks crossed and the rest not disagree least with what was read, each mark weighing by
    how sure its reading is (a faint false cross in a shadow's edge beyond the last real one
    weighs less than the clearly blank circles before it). The count is as sure as the marks
    next to where the crosses stop (a faint cross in the middle of the run cannot move it);
    a cross past the run, or a gap in it read surely blank, leaves it unsure. A gap read blank
    unsurely is a weak cross: less surely than OUTLINED, its most inked line is more inked than
    a blank circle's or box's ever is (see STROKE), as a hurried slash off the middle is; it
    left a third of the pig counts of the eight hands' sheets outlined though read right."""
    crossed = [bool(mark.value) for mark in marks]
    weights = [2 * mark.confidence - 1 for mark in marks]   # 0 on a threshold, 1 sure

    def disagreement(count: int) -> float:
        return sum(weight for place, (cross, weight) in enumerate(zip(crossed, weights)) if cross != (place < count))

    count = min(range(len(marks) + 1), key=lambda n: (disagreement(n), abs(n - sum(crossed))))
    confidence = min((mark.confidence for mark in marks[max(0, count - 2):count + 2]), default=1.0)
    sure_gap = any(not crossed[place] and marks[place].confidence >= OUTLINED for place in range(count))
    if sure_gap or any(crossed[count:]):
        confidence = min(confidence, 0.4)
    return Field(count, confidence)


def _nest(flat: dict[str, Any]) -> dict[str, Any]:
    """Dotted paths to nested fields: numeric parts index lists, and a list of single letters
    (a garden row read space by space) becomes the string the state holds."""
    root: dict[str, Any] = {}
    for path, value in flat.items():
        node = root
        *parents, last = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return _listed(root)


def _listed(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    if node and all(key.isdigit() for key in node):
        items = [_listed(node[key]) for key in sorted(node, key=int)]
        if all(isinstance(item, str) and len(item) == 1 for item in items):
            return "".join(items)
        return items
    return {key: _listed(value) for key, value in node.items()}


def _agreed(readings: list[Field]) -> Field:
    """A shared field read from several sheets (one per player, in order): the value the
    sheets show most surely, their confidences summed (so the more confident of two that
    disagree, the majority of three that are equally sure); every sheet that shows another
    lowers the confidence by its share, and the note says what each showed. A sheet whose
    part holding the field is outside its photo has no say while another sheet shows it."""
    numbered = [(number, reading) for number, reading in enumerate(readings, start=1)
                if reading.note != OUT_OF_FRAME_NOTE]
    if not numbered:
        return Field(readings[0].value, 0.0, OUT_OF_FRAME_NOTE)
    readings = [reading for _, reading in numbered]
    weight: dict[str, float] = {}
    for reading in readings:
        weight[repr(reading.value)] = weight.get(repr(reading.value), 0.0) + reading.confidence
    winner = max(weight, key=lambda value: weight[value])
    chosen = [reading for reading in readings if repr(reading.value) == winner]
    confidence = min(reading.confidence for reading in chosen) * len(chosen) / len(readings)
    if len(chosen) == len(readings):
        return Field(chosen[0].value, round(confidence, 3))
    shown = ", ".join(f"{reading.value} on sheet {number}" for number, reading in numbered)
    return Field(chosen[0].value, round(confidence, 3),
                 f"the sheets disagree ({shown}): {chosen[0].value} is read most surely; check it")


def combine(reads: list[SheetRead]) -> dict[str, Any]:
    """The score JSON of the game the sheets show, one player a sheet in their order, the
    confidence of each field by its dotted path in that JSON, and for the fields that need
    it a note in words on why they are unsure."""
    fixed = {dict(read.sheet.state).get("mode") for read in reads}
    if len(fixed) > 1:
        raise PhotoError("the photos show both basic and advanced sheets: a game is played on one kind; "
                         "read the sheets of one game together")
    state: dict[str, Any] = dict(reads[0].sheet.state)
    confidence: dict[str, float] = {key: 1.0 for key in state}
    notes: dict[str, str] = {}
    shared_paths = sorted({path for read in reads for path in read.shared})
    shared = {}
    for path in shared_paths:
        found = _agreed([read.shared[path] for read in reads if path in read.shared])
        shared[path] = found.value
        confidence[path] = found.confidence
        if found.note:
            notes[path] = found.note
    state.update(_nest(shared))
    players = []
    for index, read in enumerate(reads):
        fields = {path: found.value for path, found in read.player.items()}
        fields.update(dict(read.sheet.unread))
        players.append({"name": "", **_nest(fields)})
        if read.note:
            notes[f"players.{index}"] = read.note
        for path, found in read.player.items():
            confidence[f"players.{index}.{path}"] = found.confidence
            if found.note:
                notes[f"players.{index}.{path}"] = found.note
        for path, _ in read.sheet.unread:
            confidence[f"players.{index}.{path}"] = 0.0
    state["players"] = players
    return {"state": state, "confidence": confidence, "notes": notes}


def read_photos(photos: list[bytes], game: str, sheets: tuple[ReadableSheet, ...]) -> dict[str, Any]:
    """{"state", "confidence", "notes"} read from the photos, a sheet a player, in the photos' order
    (several sheets in one photo in reading order). PhotoError says why a photo cannot be read,
    naming it by its place when there are several."""
    reads = []
    for number, data in enumerate(photos, start=1):
        try:
            image = decode(data)
            reads += [read_sheet(image, sheet, homography) for sheet, homography in find_sheets(image, game, sheets)]
        except PhotoError as error:
            if len(photos) == 1:
                raise
            raise type(error)(f"photo {number}: {error}") from None
    return combine(reads)
