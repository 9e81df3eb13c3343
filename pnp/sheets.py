"""What a readable printed sheet is, as data: its size, its corner markers and its readable
regions, all in the sheet's own millimetres (top-left 0,0).

The kits (pnp) build these from the constants they draw with and write them to the kit's
manifest; the reader takes them as data, so another game becomes readable by listing its
regions in its kit, with no change here.

A region's `path` is the dotted path of a field in one player's state (`garden.0.3`: the
fourth letter of the first garden row). Fields that count marks carry a `value`: the circle
crossed for the `value`-th pig pip, the track space a cube on it stands for. How a field is
put together from its regions:

- `cell`: one letter of a string, the shape drawn there (or `.` when empty);
- `circle` (a round one) and `box` (a square one): crossed or not; the field is how many of
  them are crossed;
- `track-space`: the pieces standing on it; the field lists the `value` of each piece.

A region may hold print of its own that is no mark: `printed_mm` is the box (sheet mm) of
that ink (a market circle's number), which a reader leaves out of what it measures there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

RegionKind = Literal["cell", "circle", "box", "track-space"]
Box = tuple[float, float, float, float]   # x, y, width, height in mm

DICTIONARY = "DICT_4X4_50"


@dataclass(frozen=True)
class Marker:
    id: int
    box_mm: Box
    dictionary: str = DICTIONARY

    def record(self) -> dict:
        return {"id": self.id, "dictionary": self.dictionary, "box_mm": list(self.box_mm)}


@dataclass(frozen=True)
class Region:
    path: str
    kind: RegionKind
    box_mm: Box
    value: int | None = None
    printed_mm: Box | None = None   # the box of ink printed inside the region (a number), not a mark

    def record(self) -> dict:
        found: dict = {"path": self.path, "kind": self.kind, "box_mm": [round(v, 3) for v in self.box_mm]}
        if self.value is not None:
            found["value"] = self.value
        if self.printed_mm is not None:
            found["printed_mm"] = [round(v, 3) for v in self.printed_mm]
        return found


@dataclass(frozen=True)
class ReadableSheet:
    """One kind of printed sheet a photo can be read from. `markers` are its four corners,
    top-left, top-right, bottom-right, bottom-left; their ids say which sheet this is (game,
    kind and layout version), so a photo tells a basic sheet from an advanced one.
    `state` holds the fields the sheet fixes by being this sheet (the game's mode); `shared`
    the top-level fields every player's sheet shows a copy of (Harvest Dice's markets), read
    from each sheet and combined; `unread` the player's fields the sheet does not show, with
    the value they start at, for the player to type; `pieces` how many pieces a player moves on
each track, so a track read with more or fewer is known to be read wrong."""

    game: str
    component: str
    layout_version: int
    width_mm: float
    height_mm: float
    markers: tuple[Marker, ...]
    regions: tuple[Region, ...]
    state: tuple[tuple[str, str], ...] = ()
    shared: tuple[str, ...] = ()
    unread: tuple[tuple[str, int], ...] = ()
    piece_mm: float = 0.0    # side of a piece (a cube) standing on a track space
    pieces: int = 0          # the pieces of each track's colour a player has, all on the track

    def manifest_fields(self) -> dict:
        return {"readable": [region.record() for region in self.regions],
                "markers": [marker.record() for marker in self.markers],
                "readable_layout": self.layout_version}


def field_at(state: Any, path: str) -> Any:
    """The value at a dotted path of a state (`players.0.garden.1.3`: a letter of a row)."""
    node = state
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, (list, str)) else node[part]
    return node
