"""Cottage Garden's rules: final scores from the planting tables, the impossible states, and
the rule checks players argue about (is a bed complete, may this tile go there, where does a
cube land and what does it earn, which nursery row is refilled in which order, the gardener
and the Final Round).

All values and shapes come from data.py (shared with the print kit). The action shapes are
documented in docs/house-rules.md, section "Cottage Garden".
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Annotated, Any, Literal

from pydantic import Field

from scorer.games.core import (
    CheckResult,
    Example,
    Game,
    InvalidState,
    PlayerName,
    PlayerScore,
    Reading,
    StateModel,
    Text,
    Violation,
    at_most,
    player_named,
    violation,
    within,
)
from scorer.games.cottage_garden import data, examples
from scorer.games.cottage_garden import engine as cottage_engine
from scorer.games.cottage_garden.data import oriented_squares
from scorer.games.cottage_garden.engine import (
    CottageGardenEngine,
    CottageMove,
    CottageTable,
    TileMove,
    actor,
    bed_key,
    bed_named,
    by_itself,
    cube_moves,
    fill,
    first_empty_spaces,
    fresh_turn,
    give_up,
    guess_of,
    move_cube,
    penalty_candidates,
    planted,
    printed,
    refill_action,
    take,
    tile_spaces,
    token_candidates,
    words,
)
from scorer.games.engine import Action as ActionJSON
from scorer.games.engine import State, Table
from scorer.games.words import plural

# Rulebook section headings, cited by every violation.
RULE_SCORING = "Cottage Garden › 3 Scoring Phase"
RULE_PLANTING_TABLE = "Cottage Garden › 3 Scoring Phase › Special rules for the Planting Table"
RULE_BEEHIVES = "Cottage Garden › 3 Scoring Phase › Beehives"
RULE_PLANTING_RULES = "Cottage Garden › The Planting Rules"
RULE_TAKE_A_TILE = "Cottage Garden › 2 Planting Phase › a) Take a Flower Tile"
RULE_REFILLING = "Cottage Garden › 1 Refilling Phase"
RULE_GARDENER = "Cottage Garden › 4 Gardener Phase"
RULE_FINAL_ROUND = "Cottage Garden › Final Round"
RULE_END = "Cottage Garden › End of the Game"
RULE_PREPARATION = "Cottage Garden › Preparation"
RULE_SOLO = "Cottage Garden › Solo Rules"
RULE_TILE_LIST = "Cottage Garden › List of 36 Flower Tiles"
RULE_CONTENTS = "Cottage Garden › Preparation (the box holds 16 flower-pot tokens)"

Cell = Annotated[list[Annotated[int, within(2 * data.BED_SIZE)]], Field(min_length=2, max_length=2)]
# A cube stands on a scoring-track space; a track has TARGET + 1 spaces.
TrackSpace = Annotated[int, within(data.TARGET + data.MOST_STEPS)]
Cubes = Annotated[list[TrackSpace], at_most(data.COUNTS["orange_cubes"])]
Colour = Literal["orange", "blue"]


# --- state ---------------------------------------------------------------------------------

class Player(StateModel):
    name: PlayerName
    orange: Cubes
    blue: Cubes
    beehives: Annotated[int, within(data.COUNTS["beehive_tiles"] * max(data.BEEHIVE_TILES))] = 0


class CottageState(StateModel):
    players: list[Player]  # how many: Game.min_players/max_players


# --- actions -------------------------------------------------------------------------------

class PlacedTile(StateModel):
    tile: Text
    at: Cell
    rotation: Literal[0, 90, 180, 270] = 0
    flip: bool = False


class BedLayout(StateModel):
    """One flowerbed as it lies: its printed design and what has been placed on it."""

    design: Text
    tiles: Annotated[list[PlacedTile], at_most(data.COUNTS["flower_tiles"])] = []
    cats: Annotated[list[Cell], at_most(data.COUNTS["cats"])] = []
    pots: Annotated[list[Cell], at_most(data.COUNTS["pot_tokens"])] = []


# `player` on an action that has it optional: who acts. A rule check needs no name, but a
# game log does (the engine refuses a move out of turn), and a name must be a player's.
Actor = PlayerName | None


class ScoreBed(StateModel):
    type: Literal["score_bed"]
    player: Actor = None
    bed: Annotated[list[Text], at_most(data.BED_SIZE)]
    # A game log may say in which order the bed's tiles go to the end of the garden path
    # (Cleanup: "in any order"); the table knows which tiles they are.
    path_order: Annotated[list[Text], at_most(data.MOST_STEPS)] | None = None


class NurseryTake(StateModel):
    """Where a planted tile was taken: its nursery space and the gardener's space that marks
    the row it may be taken from."""

    space: Text
    gardener: Text


class PlaceTile(StateModel):
    type: Literal["place_tile"]
    player: Actor = None
    bed: BedLayout
    tile: Text
    at: Cell
    rotation: Literal[0, 90, 180, 270] = 0
    flip: bool = False
    nursery: NurseryTake | None = None


class PlaceToken(StateModel):
    type: Literal["place_token"]
    player: Actor = None
    bed: BedLayout
    token: Literal["cat", "pot"]
    at: Cell


class FitTiles(StateModel):
    """Where may these tiles (the tiles of a gardener row, say) go on this bed: every
    placement the planting rules allow."""

    type: Literal["fit_tiles"]
    bed: BedLayout
    tiles: Annotated[list[Text], Field(min_length=1, max_length=data.COUNTS["flower_tiles"])]
    covering: Cell | None = None  # only the placements that cover this space


class MoveCube(StateModel):
    type: Literal["move_cube"]
    player: PlayerName
    color: Colour
    from_: TrackSpace = Field(alias="from")
    steps: int = Field(ge=1, le=data.MOST_STEPS * data.COUNTS["flowerbeds"])


class FinalRoundPenalty(StateModel):
    type: Literal["final_round_penalty"]
    player: PlayerName
    color: Colour
    from_: TrackSpace = Field(alias="from")
    flowerbeds_left: int = Field(ge=0, le=2)


class StartFinalRound(StateModel):
    type: Literal["start_final_round"]
    player: Actor = None
    beds: list[BedLayout] = Field(max_length=2)


class Refill(StateModel):
    type: Literal["refill"]
    player: Actor = None
    gardener: Text
    empty: Annotated[list[Text], at_most(data.COUNTS["flower_tiles"])]
    path: int = Field(ge=0, le=data.COUNTS["flower_tiles"])
    ramble: bool = False


class MoveGardener(StateModel):
    type: Literal["move_gardener"]
    player: Actor = None
    space: Text
    die: int = Field(ge=1, le=data.FINAL_ROUND_FACE)


class EndTurn(StateModel):
    """A player who may still place cats (one just won on the red line, or with no tile or
    flower pot to take) and chooses to keep them."""

    type: Literal["end_turn"]
    player: Actor = None


class Turns(StateModel):
    type: Literal["turns"]


class OrientTile(StateModel):
    type: Literal["orient_tile"]
    tile: Text
    rotation: Literal[0, 90, 180, 270] = 0
    flip: bool = False


Action = Annotated[ScoreBed | PlaceTile | PlaceToken | MoveCube | FinalRoundPenalty | StartFinalRound | Refill
                   | MoveGardener | EndTurn | Turns | OrientTile | FitTiles,
                   Field(discriminator="type")]


# --- tiles and beds ------------------------------------------------------------------------

def _known(kind: str, value: str, known: tuple[str, ...], path: str, rule: str) -> None:
    """Unknown names are malformed input (like an unknown crop): InvalidState, saying the names."""
    if value not in known:
        raise InvalidState([violation(f"unknown-{kind.replace(' ', '-')}", rule,
                                      f"there is no {kind} {value!r}; the {kind}s are {', '.join(known)}",
                                      path)])


class Bed:
    """A flowerbed being planted: the printed design with pieces on it, and a record of every
    placement rule a piece broke."""

    def __init__(self, design: str):
        self.printed = [list(row) for row in data.BED_DESIGNS[design]]
        self.visible = [list(row) for row in data.BED_DESIGNS[design]]  # what each space shows
        self.pieces: dict[tuple[int, int], str] = {}   # cell -> visible letter of a piece
        self.owners: dict[tuple[int, int], str] = {}   # cell -> tile id, "cat" or "pot"
        self.tile_ids: set[str] = set()
        self.taken = 0  # the cells under a piece as one mask (`_mask`), for the placements

    def place(self, cells: list[tuple[int, int, str]], path: str, what: str, owner: str) -> list[Violation]:
        """Put a piece's cells (0-based) on the bed if every rule allows; else the violations."""
        found = []
        outside = _outside(cells)
        if outside:
            found.append(violation("outside-bed", RULE_PLANTING_RULES,
                                   f"{what} would stick out over the edge of the flowerbed at "
                                   f"{_cells_text(outside)}", path))
        taken = sorted(_covering({(r, c) for r, c, _ in cells}, self.pieces.keys()))
        on_tiles = [cell for cell in taken if self.pieces[cell] in "FPC"]
        on_tokens = [cell for cell in taken if self.pieces[cell] in "KO"]
        if on_tiles:
            found.append(violation("overlaps-tile", RULE_PLANTING_RULES,
                                   f"{what} would lie on a flower tile at {_cells_text(on_tiles)}", path))
        if on_tokens:
            found.append(violation("covers-token", RULE_PLANTING_RULES,
                                   f"{what} would cover a cat or flower-pot token at "
                                   f"{_cells_text(on_tokens)}", path))
        if not found:
            for r, c, letter in cells:
                self.pieces[(r, c)] = letter
                self.owners[(r, c)] = owner
                self.visible[r][c] = letter
                self.taken |= 1 << (r * data.BED_SIZE + c)  # the cell's bit (`_mask`)
        return found

    def place_tile(self, tile: str, at: list[int] | tuple[int, int], rotation: int, flip: bool,
                   path: str) -> list[Violation]:
        if tile in self.tile_ids:
            return [self._tile_twice(tile, path)]
        found = self.place(_shifted(tile, at, rotation, flip), path, f"tile {tile}", tile)
        if not found:
            self.tile_ids.add(tile)
        return found

    def copy(self) -> Bed:
        twin = Bed.__new__(Bed)
        twin.printed = self.printed  # never changed
        twin.visible = [list(row) for row in self.visible]
        twin.pieces, twin.owners, twin.tile_ids = dict(self.pieces), dict(self.owners), set(self.tile_ids)
        twin.taken = self.taken
        return twin

    @staticmethod
    def _tile_twice(tile: str, path: str) -> Violation:
        return violation("tile-twice", RULE_PLANTING_RULES,
                         f"tile {tile} is already on this flowerbed; there is one of each", path)

    def placements(self, tile: str, path: str, covering: tuple[int, int] | None = None) -> tuple[list[Violation], list[dict[str, Any]]]:
        """Every placement of the tile the planting rules allow on this bed (those covering
        one 0-based cell, if given), as (violations, placements): {"at", "rotation", "flip"}
        in the place_tile format."""
        if tile in self.tile_ids:
            return [self._tile_twice(tile, path)], []
        return [], [{"at": [row, col], "rotation": rotation, "flip": flip}
                    for row, col, rotation, flip in _fitting(tile, self.taken, covering)]

    def covered_print(self, cells: list[tuple[int, int]]) -> list[list[int]]:
        return [[r + 1, c + 1] for r, c in cells if self.printed[r][c] != data.EMPTY]

    def owner_rows(self) -> list[list[str | None]]:
        owners = self.owners
        return [[owners.get(cell) for cell in row] for row in _BED_ROWS]

    def rows(self) -> list[str]:
        return ["".join(row) for row in self.visible]


# A bed's 0-based cells row by row, as the owners of every placement's effects are read out.
_BED_ROWS = tuple(tuple((r, c) for c in range(data.BED_SIZE)) for r in range(data.BED_SIZE))


def _already_complete(bed: Bed, path: str) -> list[Violation]:
    """A bed with no empty space left was complete: it was scored and cleared at once, so
    nothing more is placed on it (a printed pot or cloche counts as filled)."""
    if any(data.EMPTY in row for row in bed.visible):
        return []
    return [violation("bed-already-complete", RULE_SCORING,
                      "every space of this flowerbed is already filled (a printed pot or cloche counts "
                      "as filled), so it was complete, scored and cleared: nothing more goes on it", path)]


_ORDINALS = ("first", "second")  # a player keeps at most two flowerbeds


def _two_different_boards(layouts: list[BedLayout]) -> list[Violation]:
    """A player's two flowerbeds are two different boards: each board is one side up."""
    found: list[Violation] = []
    seen: dict[str, int] = {}
    for i, layout in enumerate(layouts):
        board = layout.design[:-1]
        if board in seen:
            same = layouts[seen[board]].design == layout.design
            found.append(violation(
                "same-flowerbed-twice", RULE_PREPARATION,
                f"the {_ORDINALS[seen[board]]} and {_ORDINALS[i]} flowerbeds are "
                f"{'the same flowerbed' if same else 'two sides of one board'} "
                f"({layouts[seen[board]].design} and {layout.design}); a flowerbed board shows one side at a time",
                f"action.beds[{i}].design"))
        seen.setdefault(board, i)
    return found


def _tile_on_both_beds(layouts: list[BedLayout]) -> list[Violation]:
    """There is one of each flower tile: a tile on the first bed is on no other."""
    first = {placed.tile for placed in layouts[0].tiles} if layouts else set()
    return [violation("tile-on-both-beds", RULE_TILE_LIST,
                      f"tile {placed.tile} lies on the first flowerbed too; there is one of each",
                      f"action.beds[1].tiles[{j}]")
            for j, placed in enumerate(layouts[1].tiles if len(layouts) > 1 else []) if placed.tile in first]


ROTATIONS = (0, 90, 180, 270)


@functools.cache
def _shape(tile: str, rotation: int, flip: bool) -> tuple[tuple[int, int, str], ...]:
    return tuple(oriented_squares(tile, rotation, flip))


def _shifted(tile: str, at: list[int] | tuple[int, int], rotation: int, flip: bool) -> list[tuple[int, int, str]]:
    """The tile's squares (0-based bed cells, with their letters) when the top-left corner of
    its turned bounding box lies on the 1-based space `at`."""
    row, col = at
    return [(row - 1 + r, col - 1 + c, letter) for r, c, letter in _shape(tile, rotation, flip)]


def _outside(cells: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """The cells past the bed's edge: no piece may stick out."""
    return [(r, c) for r, c, _ in cells if not (0 <= r < data.BED_SIZE and 0 <= c < data.BED_SIZE)]


def _covering(cells: AbstractSet[tuple[int, int]], taken: AbstractSet[tuple[int, int]]) -> AbstractSet[tuple[int, int]]:
    """The cells already under a piece: no piece goes on another."""
    return cells & taken


Placements = tuple[tuple[frozenset[tuple[int, int]], tuple[tuple[int, int, int, bool], ...]], ...]


@functools.cache
def _inside(tile: str, covering: tuple[int, int] | None) -> Placements:
    """The tile's placements (row, column, rotation, flip) that stay inside the bed (and cover
    the 0-based cell `covering`, if given), grouped by the cells they cover (turns of a
    symmetric tile cover the same cells)."""
    if covering is not None:
        return tuple(group for group in _inside(tile, None) if covering in group[0])
    groups: dict[frozenset[tuple[int, int]], list[tuple[int, int, int, bool]]] = {}
    spaces = range(1, data.BED_SIZE + 1)
    for rotation in ROTATIONS:
        for flip in (False, True):
            for row in spaces:
                for col in spaces:
                    cells = _shifted(tile, (row, col), rotation, flip)
                    if not _outside(cells):
                        groups.setdefault(frozenset((r, c) for r, c, _ in cells), []).append((row, col, rotation, flip))
    return tuple((cells, tuple(placements)) for cells, placements in groups.items())


@functools.lru_cache(maxsize=4096)  # a bed changes one piece a turn, a nursery tile waits for turns
def _fitting(tile: str, taken: int, covering: tuple[int, int] | None) -> list[tuple[int, int, int, bool]]:
    """Every (row, column, rotation, flip) at which the tile lies inside a bed whose pieces
    cover the cells of the mask `taken`, and on none of them (and on the cell `covering`, if
    given); turns first, then flips, rows and columns."""
    found = [placement for cells, placements in _inside_masks(tile, covering) if not cells & taken
             for placement in placements]
    return sorted(found, key=lambda p: (p[2], p[3], p[0], p[1]))


def _mask(cells: AbstractSet[tuple[int, int]]) -> int:
    """The 0-based bed cells as the bits of one number (row by row), to lay shapes over at once."""
    return sum(1 << (r * data.BED_SIZE + c) for r, c in cells)


@functools.cache
def _inside_masks(tile: str, covering: tuple[int, int] | None) -> tuple[tuple[int, tuple[tuple[int, int, int, bool], ...]], ...]:
    """_inside's groups, their cells as a mask (`_mask`)."""
    return tuple((_mask(cells), placements) for cells, placements in _inside(tile, covering))


def _cell_text(row: int, col: int) -> str:
    """A bed space (1-based) as a player says it: "row 1, column 2"."""
    return f"row {row}, column {col}"


def _words_list(items: list[str], between: str = ", ") -> str:
    """"a", "a and b", "a, b and c" (or `between` another separator)."""
    return items[0] if len(items) == 1 else between.join(items[:-1]) + " and " + items[-1]


def _cells_text(cells: list[tuple[int, int]]) -> str:
    """0-based cells in words, a row at a time: "row 1, column 1 and row 2, columns 4 and 5"."""
    by_row: dict[int, list[int]] = {}
    for r, c in sorted(cells):
        by_row.setdefault(r + 1, []).append(c + 1)
    rows = [_cell_text(row, cols[0]) if len(cols) == 1 else f"row {row}, columns {_words_list([str(c) for c in cols])}"
            for row, cols in by_row.items()]
    return _words_list(rows, "; ")


def build_bed(layout: BedLayout, path: str) -> tuple[Bed, list[Violation]]:
    """The bed a layout describes, and every rule its pieces break between them."""
    tiles = tuple((placed.tile, *placed.at, placed.rotation, placed.flip) for placed in layout.tiles)
    cats, pots = tuple(map(tuple, layout.cats)), tuple(map(tuple, layout.pots))
    bed, found = _built(layout.design, tiles, cats, pots, path)
    return bed.copy(), [v.copy() for v in found]


# One flowerbed is judged many times over (every placement weighed on it, then the one made),
# so the beds built are remembered; build_bed hands out copies.
@functools.lru_cache(maxsize=4096)
def _built(design: str, tiles: tuple[tuple[str, int, int, int, bool], ...], cats: tuple[tuple[int, ...], ...],
           pots: tuple[tuple[int, ...], ...], path: str) -> tuple[Bed, list[Violation]]:
    _known("flowerbed design", design, data.BED_IDS, f"{path}.design", RULE_PLANTING_RULES)
    for i, (tile, *_) in enumerate(tiles):
        _known("tile", tile, data.TILE_IDS, f"{path}.tiles[{i}].tile", RULE_TILE_LIST)
    bed = Bed(design)
    found = []
    for i, (tile, row, col, rotation, flip) in enumerate(tiles):
        found += bed.place_tile(tile, (row, col), rotation, flip, f"{path}.tiles[{i}]")
    for kind, letter, cells in (("cat", data.CAT, cats), ("pot", data.POT_TOKEN, pots)):
        for i, (r, c) in enumerate(cells):
            found += bed.place([(r - 1, c - 1, letter)], f"{path}.{kind}s[{i}]",
                               "a cat" if kind == "cat" else "a flower-pot token", kind)
    return bed, found


def box_violations(rows: list[str]) -> list[Violation]:
    """More pots or cloches on flower tiles, or flower-pot tokens, than the box holds."""
    cells = "".join(rows)
    limits = ((data.FLOWER_POT, data.POT_TILES_IN_BOX, "flower tiles show a flower pot", RULE_TILE_LIST),
              (data.FLOWER_CLOCHE, data.MOST_CLOCHE_TILES,
               "one-square flower tiles (each showing a cloche) can be among the 11 smallest tiles", RULE_TILE_LIST),
              (data.POT_TOKEN, data.COUNTS["pot_tokens"], "flower-pot tokens are in the box", RULE_CONTENTS))
    return [violation("more-than-the-box", rule,
                      f"the bed shows {cells.count(letter)} {letter!r} spaces, but only {most} {what}",
                      "action.bed")
            for letter, most, what, rule in limits if cells.count(letter) > most]


def printed_warnings(rows: list[str]) -> list[Violation]:
    """More cloche tiles than the house kit prints, or more printed pots or cloches than a
    house flowerbed shows: the real counts are unknown, so these are only warnings."""
    cells = "".join(rows)
    found = []
    cloches = cells.count(data.FLOWER_CLOCHE)
    if cloches > data.HOUSE_CLOCHE_TILES:
        found.append(violation("not-in-printed-tiles", RULE_TILE_LIST,
                               f"the bed shows {cloches} flower tiles with a cloche, but the printed kit has only "
                               f"{data.HOUSE_CLOCHE_TILES} (the real box may have more one-square tiles)", "action.bed"))
    for letter, what in ((data.PRINTED_POT, "flower pots"), (data.PRINTED_CLOCHE, "cloches")):
        shown, most = cells.count(letter), data.MOST_PRINTED[letter]
        if shown > most:
            found.append(violation("not-on-printed-flowerbeds", RULE_PLANTING_RULES,
                                   f"the bed shows {shown} printed {what}, but the printed flowerbeds show at most "
                                   f"{most} (the real boards may print more)", "action.bed"))
    return found


def bed_summary(rows: list[str]) -> dict:
    """What score_bed reports for visible cells: complete, and the visible pots and cloches."""
    cells = "".join(rows)
    return {"complete": data.EMPTY not in cells,
            "pots": sum(cells.count(ch) for ch in data.POT_CELLS),
            "cloches": sum(cells.count(ch) for ch in data.CLOCHE_CELLS)}


def _bed_rows_violations(rows: list[str]) -> list[Violation]:
    if len(rows) != data.BED_SIZE:
        return [violation("bed-shape", RULE_SCORING, f"a flowerbed has {data.BED_SIZE} rows, not {len(rows)}",
                          "action.bed")]
    found = []
    for i, row in enumerate(rows):
        if len(row) != data.BED_SIZE:
            found.append(violation("bed-shape", RULE_SCORING,
                                   f"row {i + 1} has {plural(len(row), 'space')}; a flowerbed row has {data.BED_SIZE}",
                                   f"action.bed[{i}]"))
        bad = sorted(set(row) - set(data.BED_CELLS))
        if bad:
            found.append(violation("bed-cell", RULE_SCORING,
                                   f"row {i + 1} holds {', '.join(map(repr, bad))}; a space is one of "
                                   f"{' '.join(data.BED_CELLS)}", f"action.bed[{i}]"))
    return found


# --- cubes ---------------------------------------------------------------------------------

def crosses_mouse_line(colour: str, before: int, after: int) -> bool:
    """A forward move from at or below the red line's lower side to at or beyond its upper."""
    low, high = data.MOUSE_LINE[colour]
    return before <= low and after >= high


def advance(colour: str, value: int, steps: int) -> tuple[int, int]:
    """Where a cube lands after `steps` steps forward, and how many steps the target swallowed."""
    track = data.TRACKS[colour]
    last = len(track) - 1
    wanted = track.index(value) + steps
    return track[min(wanted, last)], max(0, wanted - last)


def step_back(colour: str, value: int) -> int:
    """Where the Final Round penalty puts a cube (never past the start)."""
    track = data.TRACKS[colour]
    return track[max(0, track.index(value) - data.FINAL_ROUND_STEPS_BACK[colour])]


# --- the gardener --------------------------------------------------------------------------

@functools.cache  # asked at every turn's end, and again for the turns a stuck Final Round would take
def gardener_move(players: int, space: str, die: int) -> tuple[str, int]:
    """Where one turn's Gardener Phase takes the gardener, and the die face afterwards."""
    side = data.NURSERY_SIDES[data.nursery_side(players)]
    track = side["track"]
    start = track.index(space)
    entered = [track[(start + k) % len(track)]
               for k in range(1, data.GARDENER_STEPS_PER_TURN[players] + 1)]
    turns_die = side["turning"][players] in entered and die < data.FINAL_ROUND_FACE
    return entered[-1], die + 1 if turns_die else die


@functools.cache
def turns_before_final_round(players: int) -> int:
    """Each player's turns before the Final Round, found by walking the gardener round."""
    side = data.NURSERY_SIDES[data.nursery_side(players)]
    space, die = side["gardener"][players], data.GARDENER_START_FACE[players]
    turns = 0
    while die < data.FINAL_ROUND_FACE:
        space, die = gardener_move(players, space, die)
        turns += 1
    return turns // players


def _off_track(players: int, space: str, path: str, rule: str) -> list[Violation]:
    """A gardener space that is not on the track of the nursery side this many players use."""
    side_name = data.nursery_side(players)
    track = data.NURSERY_SIDES[side_name]["track"]
    if space in track:
        return []
    return [violation("not-a-gardener-space", rule,
                      f"{space!r} is not a space of the gardener track on the {side_name}-player side "
                      f"(spaces: {', '.join(track)})", path)]


def _unused_solo_row(players: int, space: str, path: str) -> list[Violation]:
    if players > 1 or space in solo_spaces():
        return []
    return [violation("solo-unused-row", RULE_SOLO,
                      f"the solo gardener never stands on {space}; it uses only the first and third "
                      f"row of each side", path)]


def _nursery_take(players: int, taken: NurseryTake | None) -> list[Violation]:
    """A tile is taken from the Gardener Row: the nursery row the gardener's space marks."""
    if taken is None:
        return []
    _known("nursery space", taken.space, data.NURSERY_SPACES, "action.nursery.space", RULE_TAKE_A_TILE)
    found = (_off_track(players, taken.gardener, "action.nursery.gardener", RULE_TAKE_A_TILE)
             or _unused_solo_row(players, taken.gardener, "action.nursery.gardener"))
    if found:
        return found
    row = data.GARDENER_ROWS[taken.gardener]
    if taken.space in row:
        return []
    return [violation("not-in-gardener-row", RULE_TAKE_A_TILE,
                      f"{taken.space} is not in the gardener row: with the gardener on {taken.gardener} "
                      f"a tile is taken from {', '.join(row)}", "action.nursery.space")]


@functools.cache
def solo_spaces() -> frozenset[str]:
    """Track spaces the solo gardener lands on: the first and third row of each side."""
    side = data.NURSERY_SIDES[data.nursery_side(1)]
    track, step = side["track"], data.GARDENER_STEPS_PER_TURN[1]
    first = track.index(side["gardener"][1])
    return frozenset(track[(first + k) % len(track)] for k in range(0, len(track), step))


# --- the game ------------------------------------------------------------------------------

def _settled(check):
    """A check that answers (violations, effects) as its CheckResult: legal when nothing is
    wrong. The effects come either way, so an unfinished bed still gets its counts."""
    @functools.wraps(check)
    def settled(*args) -> CheckResult:
        found, effects = check(*args)
        return CheckResult(not found, found, effects)
    return settled


# --- the moves -------------------------------------------------------------------------------
# One class per action type (scorer.games.engine.Move): its model, what the rulebook forbids
# (`check`), what only the table refuses (`refusals`), its part of the transition (`made`),
# what it shows and the actions of each choice of the player's it makes (`options`). Who is
# to do what, and the turn that ends by itself, are CottageMove's, in engine.py. Each check
# answers (violations, effects); @_settled makes it the CheckResult.

def _bed_problem(player: dict, layout: BedLayout, path: str = "action.bed") -> list[Violation]:
    if layout.model_dump() in player["beds"]:
        return []
    return [violation("not-your-bed", cottage_engine.RULE_PLANT, f"this is not one of {player['name']}'s flowerbeds "
                                                                 "as they lie on the table", path)]


def _placed_effects(bed: Bed, cells: list[tuple[int, int]]) -> dict:
    rows = bed.rows()
    return {"cells": rows, "covered": bed.covered_print(cells), **bed_summary(rows),
            "owners": bed.owner_rows(), "flower_tiles": len(bed.tile_ids)}


def _placed_observed(before: State, action: ActionJSON, after: State) -> dict[str, Any]:
    """What a placement shows: the bed's tiles, and whether it waits to be scored."""
    design = action["bed"]["design"]
    bed = bed_named(after["players"][actor(before, action)], design)
    return {"flower_tiles": len(bed["tiles"]), "complete": design in [entry["design"] for entry in after["turn"]["queue"]]}


def _targets(player: dict, where: str) -> dict[str, tuple[int, int]] | None:
    """The space a tidy placement covers on each bed (None: anywhere)."""
    return None if where == "anywhere" else first_empty_spaces(player, fuller_only=where == "fuller")


class PlaceTileMove(TileMove):
    """2 Planting Phase: take a flower tile of the gardener row and plant it by the rules."""

    type, model, choices = "place_tile", PlaceTile, ("place_tile",)

    @_settled
    def check(self, read: Reading[CottageState], action: PlaceTile):
        _known("tile", action.tile, data.TILE_IDS, "action.tile", RULE_TILE_LIST)
        taken = _nursery_take(len(read.state.players), action.nursery)
        bed, found = build_bed(action.bed, "action.bed")
        found = found or _already_complete(bed, "action.bed")
        if found:
            return taken + found, {}
        cells = [(r, c) for r, c, _ in _shifted(action.tile, action.at, action.rotation, action.flip)]
        found = taken + bed.place_tile(action.tile, action.at, action.rotation, action.flip, "action")
        if found:
            return found, {}
        row = {"gardener_row": list(data.GARDENER_ROWS[action.nursery.gardener])} if action.nursery else {}
        return [], {**_placed_effects(bed, cells), **row}

    def refusals(self, table: CottageTable, state: State, player: dict, action: PlaceTile) -> list[Violation]:
        taken = action.nursery
        if taken is None:
            return [violation("nursery-missing", cottage_engine.RULE_PLANT, "a planted tile comes from the nursery: "
                              "say from which space, and where the gardener stands", "action.nursery")]
        if taken.gardener != state["gardener"]["space"]:
            return [violation("gardener-not-there", cottage_engine.RULE_PLANT,
                              f"the gardener stands on {state['gardener']['space']}", "action.nursery.gardener")]
        held = state["nursery"][taken.space]
        guess = guess_of(state, held)
        if held != action.tile and (guess is None or guess is not guess_of(state, action.tile)):
            unrecorded = (f"; it went there by a guess, as the order in which the tiles of bed {guess['design']} "
                          "went back to the garden path was not recorded: give that score_bed its path_order"
                          ) if guess else ""
            return [violation("tile-not-there", cottage_engine.RULE_PLANT, f"{taken.space} holds {held or 'no tile'}, "
                              f"not {action.tile}{unrecorded}", "action.nursery.space")]
        return _bed_problem(player, action.bed)

    def made(self, state: State, action: PlaceTile, effects: dict[str, Any]) -> State:
        assert action.nursery is not None  # refusals: a planted tile names its nursery space
        take(state, action.nursery.space, action.tile)
        bed = bed_named(state["players"][state["current"]], action.bed.design)
        bed["tiles"].append({"tile": action.tile, "at": list(action.at), "rotation": action.rotation,
                             "flip": action.flip})
        planted(state, bed, effects)
        state["turn"].update(step="planted", ramble=False, mouse_hunt=True)
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return _placed_observed(before, action, after)

    def fits(self, bed: dict, tiles: Sequence[str], covering: tuple[int, int] | None = None) -> dict[str, list[dict]]:
        """As check's fit_tiles answers, from the bed as the table holds it: none on a
        complete bed."""
        built, found = _built(*bed_key(bed), "action.bed")
        if found or _already_complete(built, "action.bed"):
            return {}
        over = (covering[0] - 1, covering[1] - 1) if covering else None
        return {tile: built.placements(tile, "action.tiles", over)[1] for tile in tiles}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        """The placements check's fit_tiles allows of the tile on `space`, or tidily, those
        covering the bed's target space (and, where some can, no printed pot or cloche)."""
        state = table.state
        targets = _targets(player, where)
        tile = state["nursery"][space]
        found = []
        for bed in player["beds"]:
            if targets is not None and bed["design"] not in targets:
                continue
            target = targets[bed["design"]] if targets is not None else None
            placements = self.fits(bed, [tile], target).get(tile, [])
            if targets is not None:
                shown = printed(bed["design"])
                placements = [p for p in placements if not tile_spaces(tile, p) & shown] or placements
            found += [{"type": "place_tile", "player": player["name"], "bed": bed, "tile": tile, **placement,
                       "nursery": {"space": space, "gardener": state["gardener"]["space"]}}
                      for placement in placements]
        return found


class PlaceTokenMove(CottageMove):
    """2 Planting Phase: take a flower pot instead of a tile; Special rules for the Planting
    Table: a cat from the reserve, or a flower pot won, on a free space."""

    type, model, choices = "place_token", PlaceToken, ("pot", "cat")

    @_settled
    def check(self, read: Reading[CottageState], action: PlaceToken):
        bed, found = build_bed(action.bed, "action.bed")
        found = found or _already_complete(bed, "action.bed")
        if found:
            return found, {}
        letter = data.CAT if action.token == "cat" else data.POT_TOKEN
        r, c = action.at[0] - 1, action.at[1] - 1
        found = bed.place([(r, c, letter)], "action.at",
                          "the cat" if action.token == "cat" else "the flower-pot token", action.token)
        return found, {} if found else _placed_effects(bed, [(r, c)])

    def refusals(self, table: CottageTable, state: State, player: dict, action: PlaceToken) -> list[Violation]:
        if action.token == "cat" and not player["cats"]:
            return [violation("no-cat-left", cottage_engine.RULE_PLANT, f"{player['name']} has no cat in reserve",
                              "action.token")]
        if action.token == "pot" and not state["supply"]["pots"]:
            return [violation("no-pot-left", cottage_engine.RULE_PLANT, "the general supply has no flower pot left",
                              "action.token")]
        found = _bed_problem(player, action.bed)
        if not found and action.token == "cat" and table.engine.cat_passes(
                state, player, action.bed.design, (action.at[0], action.at[1])):
            found = [violation("must-plant", cottage_engine.RULE_PLANT, f"{player['name']} must still take a flower "
                               "tile or a flower pot and may not pass: this cat would fill the last flowerbed it "
                               "could go on", "action.at")]
        return found

    def made(self, state: State, action: PlaceToken, effects: dict[str, Any]) -> State:
        player = state["players"][state["current"]]
        bed = bed_named(player, action.bed.design)
        turn = state["turn"]
        if action.token == "cat":
            player["cats"] -= 1
            bed["cats"].append(list(action.at))
        else:
            state["supply"]["pots"] -= 1
            bed["pots"].append(list(action.at))
            if turn["bonus_pots"]:
                turn["bonus_pots"] -= 1
            else:  # the Planting Phase's flower pot
                turn.update(step="planted", mouse_hunt=True)
        turn["ramble"] = False
        planted(state, bed, effects)
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return _placed_observed(before, action, after)

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        """A pot or cat on each space no piece covers, or tidily on the bed's target space; no
        cat that would fill the last bed a tile or pot could go on."""
        state = table.state
        return [action for action in token_candidates(state, player, choice, _targets(player, where))
                if choice == "pot" or not table.engine.cat_passes(state, player, action["bed"]["design"],
                                                                  tuple(action["at"]))]


class ScoreBedMove(CottageMove):
    """3 Scoring Phase: a completed flowerbed is scored, its visible pots and cloches counted."""

    type, model, choices = "score_bed", ScoreBed, ("score_bed",)

    @_settled
    def check(self, read: Reading[CottageState], action: ScoreBed):
        malformed = _bed_rows_violations(action.bed)
        if malformed:
            raise InvalidState(malformed)
        for i, tile in enumerate(action.path_order or []):
            _known("tile", tile, data.TILE_IDS, f"action.path_order[{i}]", RULE_TILE_LIST)
        summary = bed_summary(action.bed)
        empty = [[r + 1, c + 1] for r, row in enumerate(action.bed) for c, ch in enumerate(row)
                 if ch == data.EMPTY]
        found = box_violations(action.bed)
        if not summary["complete"]:
            found.append(violation(
                "bed-not-complete", RULE_SCORING,
                f"this flowerbed still shows {plural(len(empty), 'empty space')}; it is "
                f"scored only when every space is filled", "action.bed"))
        # An unfinished bed still gets its counts, so a client reads one shape either way.
        return found, {**summary, "empty": empty, "warnings": printed_warnings(action.bed)}

    def refusals(self, table: CottageTable, state: State, player: dict, action: ScoreBed) -> list[Violation]:
        entry = next((e for e in state["turn"]["queue"] if e["rows"] == list(action.bed)), None)
        if entry is None:
            return [violation("not-a-completed-bed", RULE_SCORING, f"this is not a flowerbed {player['name']} has "
                              "just completed", "action.bed")]
        if action.path_order is None:
            return []
        tiles = [placed["tile"] for placed in bed_named(player, entry["design"])["tiles"]]
        wrong = [f"leaves out {tile}" for tile in tiles if tile not in action.path_order]
        wrong += [f"{tile} is not on it" for tile in dict.fromkeys(action.path_order) if tile not in tiles]
        wrong += [f"names {tile} twice" for tile, n in Counter(action.path_order).items() if n > 1]
        if not wrong:
            return []
        return [violation("wrong-path-order", cottage_engine.RULE_CLEANUP, f"path_order lists the tiles of the bed "
                          f"scored ({words(tiles)}) in the order they go to the garden path, each once: it "
                          f"{'; '.join(wrong)}", "action.path_order")]

    def made(self, state: State, action: ScoreBed, effects: dict[str, Any]) -> State:
        turn = state["turn"]
        entry = next(e for e in turn["queue"] if e["rows"] == list(action.bed))
        turn["queue"].remove(entry)
        turn["mouse_hunt"] = False  # the Scoring Phase has begun
        steps = {"orange": effects["pots"], "blue": effects["cloches"]}
        # A colour whose three cubes are all on the target makes no more moves (its check says so).
        player = state["players"][state["current"]]
        turn["scoring"] = {"design": entry["design"], "pots": effects["pots"], "cloches": effects["cloches"],
                           "moves": [colour for colour in data.COLOURS if steps[colour] and any(
                               not _cube_problems(player["name"], player[colour], colour, value, steps[colour])
                               for value in sorted(set(player[colour])))],
                           "path_order": action.path_order}
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        scoring = after["turn"]["scoring"]
        waiting = [[entry["rows"] for entry in state["turn"]["queue"]].count(action["bed"]) for state in (before, after)]
        seen = {"complete": waiting[0] > waiting[1]}
        return {**seen, "pots": scoring["pots"], "cloches": scoring["cloches"]} if scoring else seen

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        """Each completed bed, its tiles going to the garden path in an order the player picks."""
        first: dict[tuple, dict] = {}  # beds that look alike are scored first come, first served
        for entry in table.state["turn"]["queue"]:
            first.setdefault(tuple(entry["rows"]), entry)
        return [{"type": "score_bed", "player": player["name"], "bed": entry["rows"],
                 "path_order": rng.sample(tiles, len(tiles))}
                for entry in first.values()
                for tiles in [[placed["tile"] for placed in bed_named(player, entry["design"])["tiles"]]]]


def _cube_problems(name: str, cubes: list[int], colour: str, start: int, steps: int) -> list[Violation]:
    """Why a cube of the colour cannot move `steps` steps from `start`."""
    if all(value == data.TARGET for value in cubes):
        return [violation("colour-finished", RULE_PLANTING_TABLE, f"all of {name}'s {colour} cubes are on the "
                          f"target; that colour makes no more moves", "action.color")]
    if start not in cubes:
        return [violation("no-cube-there", RULE_SCORING, f"{name} has no {colour} cube on {start}", "action.from")]
    if start == data.TARGET:
        return [violation("cube-on-target", RULE_SCORING, "a cube on the target cannot move further; move another cube",
                          "action.from")]
    if steps > data.MOST_STEPS:
        return [violation("too-many-steps", RULE_SCORING,
                          f"a cube moves one step per visible pot or cloche of the bed scored, and a "
                          f"flowerbed has only {data.MOST_STEPS} spaces, not {steps}", "action.steps")]
    return []


def _beehive_award(state: CottageState, player: Player) -> int | None:
    """The tile a player earns by reaching the target now: the best one still free, if the
    player holds none yet (solo games have no beehives)."""
    if len(state.players) == 1 or player.beehives:
        return None
    held = {p.beehives for p in state.players}
    return next((tile for tile in data.BEEHIVE_TILES if tile not in held), None)


def _cube_moved(before: State, action: ActionJSON, after: State) -> int:
    """Where the action's cube went."""
    index = actor(before, action)
    moved = Counter(after["players"][index][action["color"]]) - Counter(before["players"][index][action["color"]])
    return next(iter(moved), action["from"])


class MoveCubeMove(CottageMove):
    """3 Scoring Phase: a cube of each colour moves one step a visible pot or cloche; the
    red line earns a cat, the last cube off the start a flower pot, the target a beehive."""

    type, model, choices = "move_cube", MoveCube, ("move_cube",)

    @_settled
    def check(self, read: Reading[CottageState], action: MoveCube):
        state = read.state
        player = player_named(state, action.player)
        cubes = getattr(player, action.color)
        found = _cube_problems(player.name, cubes, action.color, action.from_, action.steps)
        if found:
            return found, {}
        to, forfeited = advance(action.color, action.from_, action.steps)
        return [], {
            "to": to, "forfeited_steps": forfeited, "points": to - action.from_,
            "cat": crosses_mouse_line(action.color, action.from_, to),
            "pot_token": action.from_ == data.START and cubes.count(data.START) == 1,
            "beehive_tile": _beehive_award(state, player) if to == data.TARGET else None,
        }

    def refusals(self, table: CottageTable, state: State, player: dict, action: MoveCube) -> list[Violation]:
        scoring = state["turn"]["scoring"]
        if action.color not in scoring["moves"]:
            return [violation("colour-not-to-move", RULE_SCORING, f"the bed scored moves {words(scoring['moves'])} "
                              "now, one cube each", "action.color")]
        steps = scoring["pots"] if action.color == "orange" else scoring["cloches"]
        if action.steps != steps:
            return [violation("wrong-steps", RULE_SCORING, f"the bed scored shows {steps} "
                              f"{'flower pots' if action.color == 'orange' else 'cloches'}: {steps} steps",
                              "action.steps")]
        return []

    def made(self, state: State, action: MoveCube, effects: dict[str, Any]) -> State:
        player = state["players"][state["current"]]
        move_cube(player, action.color, action.from_, effects["to"])
        state["turn"]["scoring"]["moves"].remove(action.color)
        supply = state["supply"]
        if effects["cat"] and supply["cats"]:
            supply["cats"] -= 1
            player["cats"] += 1
            state["turn"]["cat_won"] = True  # it may be used at once
        if effects["pot_token"] and supply["pots"] > state["turn"]["bonus_pots"]:
            state["turn"]["bonus_pots"] += 1
        if effects["beehive_tile"] is not None:
            supply["beehives"].remove(effects["beehive_tile"])
            player["beehives"] = effects["beehive_tile"]
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        to = _cube_moved(before, action, after)
        return {"to": to, "points": to - action["from"]}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        """Each cube of each colour still to move; tidily, the one furthest along (towards the
        target) or one on the start (towards the flower pot for the last)."""
        found = [action for colour in table.state["turn"]["scoring"]["moves"]
                 for action in cube_moves(table.state, player, colour)]
        ahead = max((a["from"] for a in found if a["from"] != data.TARGET), default=None)
        return [a for a in found if a["from"] in (ahead, data.START)] if where != "anywhere" else found


class PenaltyMove(CottageMove):
    """Final Round: before each turn a player with a flowerbed moves a cube back, two points."""

    type, model, choices = "final_round_penalty", FinalRoundPenalty, ("final_round_penalty",)

    @_settled
    def check(self, read: Reading[CottageState], action: FinalRoundPenalty):
        player = player_named(read.state, action.player)
        if action.flowerbeds_left == 0:
            return [violation("no-flowerbeds-left", RULE_FINAL_ROUND,
                              f"{player.name} has no flowerbeds left and loses no more points",
                              "action.flowerbeds_left")], {}
        cubes = getattr(player, action.color)
        if action.from_ not in cubes:
            return [violation("no-cube-there", RULE_FINAL_ROUND,
                              f"{player.name} has no {action.color} cube on {action.from_}", "action.from")], {}
        if action.from_ == data.START:
            return [violation("cube-at-start", RULE_FINAL_ROUND,
                              "a cube on the starting space cannot move back; choose another cube",
                              "action.from")], {}
        to = step_back(action.color, action.from_)
        low, high = data.MOUSE_LINE[action.color]
        return [], {"to": to, "points_lost": action.from_ - to, "cat": False,
                    "crossed_line_back": action.from_ >= high and to <= low}

    def refusals(self, table: CottageTable, state: State, player: dict, action: FinalRoundPenalty) -> list[Violation]:
        if action.flowerbeds_left == len(player["beds"]):
            return []
        return [violation("wrong-bed-count", cottage_engine.RULE_FINAL, f"{player['name']} has "
                          f"{len(player['beds'])} flowerbeds left", "action.flowerbeds_left")]

    def made(self, state: State, action: FinalRoundPenalty, effects: dict[str, Any]) -> State:
        move_cube(state["players"][state["current"]], action.color, action.from_, effects["to"])
        state["turn"]["step"] = "refill"  # the Refilling Phase follows by itself
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        to = _cube_moved(before, action, after)
        return {"to": to, "points_lost": action["from"] - to}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        return penalty_candidates(player)


class StartFinalRoundMove(CottageMove):
    """Final Round: each player gives up their flowerbeds of fewer than three tiles."""

    type, model, choices = "start_final_round", StartFinalRound, ("start_final_round",)

    @_settled
    def check(self, read: Reading[CottageState], action: StartFinalRound):
        found, counts = _two_different_boards(action.beds) or _tile_on_both_beds(action.beds), []
        for i, layout in enumerate(action.beds):
            bed, broken = build_bed(layout, f"action.beds[{i}]")
            found += broken or _already_complete(bed, f"action.beds[{i}]")
            counts.append(len(layout.tiles))
        if found:
            return found, {}
        given_up = [i for i, n in enumerate(counts) if n < data.FINAL_ROUND_MIN_TILES]
        return [], {"flower_tiles": counts, "given_up": given_up,
                    "kept": [i for i in range(len(counts)) if i not in given_up]}

    def refusals(self, table: CottageTable, state: State, player: dict, action: StartFinalRound) -> list[Violation]:
        if [bed.model_dump() for bed in action.beds] == player["beds"]:
            return []
        return [violation("not-your-bed", cottage_engine.RULE_FINAL, f"these are not {player['name']}'s flowerbeds "
                          "as they lie on the table", "action.beds")]

    def made(self, state: State, action: StartFinalRound, effects: dict[str, Any]) -> State:
        give_up(state, state["players"][state["giving_up"].pop(0)], effects["given_up"])
        if not state["giving_up"]:
            state["turn"]["step"] = "begin"  # the first Final Round turn begins by itself
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        player = next(p for p in after["players"] if p["name"] == action["player"])
        kept = [bed["design"] for bed in player["beds"]]
        return {"given_up": [i for i, bed in enumerate(action["beds"]) if bed["design"] not in kept]}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        return [{"type": "start_final_round", "player": player["name"], "beds": player["beds"]}]


class RefillMove(CottageMove):
    """1 Refilling Phase: a gardener row with 3 or more empty spaces is refilled from the
    garden path; with 1 or 2, a player may return a cat to refill it (a ramble)."""

    type, model, choices = "refill", Refill, ("ramble",)

    @_settled
    def check(self, read: Reading[CottageState], action: Refill):
        players = len(read.state.players)
        off_track = _off_track(players, action.gardener, "action.gardener", RULE_REFILLING)
        if off_track:
            return off_track, {}
        for i, space in enumerate(action.empty):
            _known("nursery space", space, data.NURSERY_SPACES, f"action.empty[{i}]", RULE_REFILLING)
        found = _unused_solo_row(players, action.gardener, "action.gardener")
        row = data.GARDENER_ROWS[action.gardener]
        empty = [space for space in row if space in action.empty]
        required = len(empty) >= 3
        if action.ramble and (required or not empty):
            found.append(violation("ramble-not-allowed", RULE_REFILLING,
                                   "a ramble (returning a cat to refill) is only for a gardener row with "
                                   f"1 or 2 empty spaces; this one has {len(empty)}", "action.ramble"))
        if found:
            return found, {}
        filling = required or action.ramble
        order = empty[:action.path] if filling else []
        return [], {"row": list(row), "empty": empty,
                    "refill": "required" if required else "ramble" if empty else "none",
                    "order": order, "left_empty": empty[len(order):] if filling else empty,
                    "cats_returned": int(action.ramble)}

    def table_violations(self, table: Table[Any], action: Refill) -> list[Violation]:
        if not action.ramble:
            return by_itself(action.type)
        return super().table_violations(table, action)

    def refusals(self, table: CottageTable, state: State, player: dict, action: Refill) -> list[Violation]:
        laid = refill_action(state, ramble=True)
        if (action.gardener, action.empty, action.path) != (laid["gardener"], laid["empty"], laid["path"]):
            return [violation("not-the-table", cottage_engine.RULE_REFILL, f"the gardener stands on "
                              f"{laid['gardener']}, the empty nursery spaces are {words(laid['empty'])} and the "
                              f"garden path holds {laid['path']} tiles", "action")]
        if action.ramble and not player["cats"]:
            return [violation("no-cat-left", cottage_engine.RULE_REFILL, f"a ramble returns a cat; {player['name']} "
                              "has none", "action.ramble")]
        return []

    def made(self, state: State, action: Refill, effects: dict[str, Any]) -> State:
        """A ramble (a refill that is due is the Refilling Phase's own, made by the engine)."""
        fill(state, effects["order"])
        state["players"][state["current"]]["cats"] -= effects["cats_returned"]
        state["supply"]["cats"] += effects["cats_returned"]
        state["turn"]["ramble"] = False
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        filled = [space for space, tile in after["nursery"].items() if tile and not before["nursery"][space]]
        index = actor(before, action)
        return {"order": sorted(filled, key=lambda space: before["path"].index(after["nursery"][space])),
                "cats_returned": before["players"][index]["cats"] - after["players"][index]["cats"]}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        return [refill_action(table.state, ramble=True)] if table.state["turn"]["ramble"] else []


class MoveGardenerMove(CottageMove):
    """4 Gardener Phase: the gardener moves on, turning the die on the turning space. No
    choice is left in it: the engine makes it at the end of each turn, never a log."""

    type, model = "move_gardener", MoveGardener

    @_settled
    def check(self, read: Reading[CottageState], action: MoveGardener):
        players = len(read.state.players)
        off_track = _off_track(players, action.space, "action.space", RULE_GARDENER)
        if off_track:
            return off_track, {}
        found = _unused_solo_row(players, action.space, "action.space")
        lowest = data.GARDENER_START_FACE[players]
        if action.die < lowest:
            found.append(violation("gardener-die-too-low", RULE_PREPARATION,
                                   f"with {plural(players, 'player')} the gardener die starts "
                                   f"on {lowest} and only ever goes up, so it cannot show {action.die}",
                                   "action.die"))
        if found:
            return found, {}
        to, die = gardener_move(players, action.space, action.die)
        return [], {"to": to, "die": die,
                    "final_round_starts": die == data.FINAL_ROUND_FACE and action.die < die}

    def table_violations(self, table: Table[Any], action: MoveGardener) -> list[Violation]:
        return by_itself(action.type)

    def made(self, state: State, action: MoveGardener, effects: dict[str, Any]) -> State:
        """The gardener moved, and the next player's turn (or the Final Round's give-ups)."""
        players = len(state["players"])
        state.update(gardener={"space": effects["to"], "die": effects["die"]}, turns=state["turns"] + 1,
                     current=(state["current"] + 1) % players, turn=fresh_turn())
        if effects["final_round_starts"]:
            state.update(final_round=True, giving_up=[(state["current"] + k) % players for k in range(players)])
        else:
            state["turn"]["step"] = "begin"  # the next turn begins by itself
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"to": after["gardener"]["space"], "die": after["gardener"]["die"]}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        return []


class EndTurnMove(CottageMove):
    """A player who may still place cats (one just won on the red line, or with no tile or
    flower pot to take, or after the tile or pot) ends the turn instead."""

    type, model, choices = "end_turn", EndTurn, ("end_turn",)

    @_settled
    def check(self, read: Reading[CottageState], action: EndTurn):
        """Only the table knows whether the turn may end (no tile or pot still to take, no
        cats over two); the state and the action alone never forbid it."""
        return [], {"turn_over": True}

    def made(self, state: State, action: EndTurn, effects: dict[str, Any]) -> State:
        state["turn"].update(step="planted", cat_won=False, mouse_hunt=False)
        return state

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"turn_over": after["turns"] > before["turns"] or bool(after["over"])}

    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[ActionJSON]:
        return [{"type": "end_turn", "player": player["name"]}]


MOVES: tuple[CottageMove, ...] = (PlaceTileMove(), PlaceTokenMove(), ScoreBedMove(), MoveCubeMove(), PenaltyMove(),
                                  StartFinalRoundMove(), RefillMove(), MoveGardenerMove(), EndTurnMove())


@functools.lru_cache(maxsize=1024)
def _own_layout(key: tuple) -> BedLayout:
    """The bed of a bed_key, as `check` parses it."""
    design, tiles, cats, pots = key
    return BedLayout.model_validate({
        "design": design, "tiles": [{"tile": tile, "at": [row, col], "rotation": rotation, "flip": flip}
                                    for tile, row, col, rotation, flip in tiles],
        "cats": [list(cell) for cell in cats], "pots": [list(cell) for cell in pots]})


class CottageGarden(Game[CottageState]):
    id = data.GAME_ID
    title = data.TITLE
    item_words = {"bed": "bed row", "at": "coordinate", "empty": "empty space",
                  "orange": "orange cube", "blue": "blue cube"}
    tiebreaker_words = {"beehives": ("beehive", "beehives")}
    rulebook = "cottage-garden.md"
    state_model = CottageState
    action_model = Action
    moves = MOVES
    min_players, max_players, roster_rule = data.MIN_PLAYERS, data.MAX_PLAYERS, RULE_PREPARATION

    def own_bed(self, bed: dict) -> BedLayout:
        """A flowerbed of a state the game's engine made itself, as `check` parses one: read
        once for its value (its design and pieces), as a bed changes a piece a turn."""
        return _own_layout(bed_key(bed))

    # state ----------------------------------------------------------------------------------
    def describe(self, state, action: Any, answer: dict[str, Any]) -> list[str]:
        words = _ANSWER_WORDS.get(action.type)
        return words(action, answer["effects"]) if answer["legal"] and words else []

    def state_violations(self, state: CottageState) -> list[Violation]:
        found = []
        for i, player in enumerate(state.players):
            found += self._cube_violations(i, player)
            if player.beehives not in (0, *data.BEEHIVE_TILES):
                found.append(violation(
                    "beehive-count", RULE_BEEHIVES,
                    f"{player.name} has {player.beehives} beehives; a player holds no tile (0), the "
                    f"one-hive tile (1) or the two-hive tile (2), never both", f"players[{i}].beehives"))
        if len(state.players) == 1:
            if state.players[0].beehives:
                found.append(violation("beehives-solo", RULE_SOLO, "the solo game is played without "
                                       "beehive tiles", "players[0].beehives"))
        elif not found:  # who holds which tile only makes sense once every value is possible
            found += self._beehive_violations(state)
        return found

    @staticmethod
    def _cube_violations(i: int, player: Player) -> list[Violation]:
        found = []
        for colour in data.COLOURS:
            cubes = getattr(player, colour)
            if len(cubes) != data.CUBES_PER_COLOUR:
                found.append(violation("cube-count", RULE_PREPARATION,
                                       f"{player.name} has {plural(len(cubes), colour + ' cube')}; every player has "
                                       f"exactly {data.CUBES_PER_COLOUR}", f"players[{i}].{colour}"))
            track = data.TRACKS[colour]
            for j, value in enumerate(cubes):
                if value not in track:
                    spaces = f"0 (start), {track[1]}..{track[-2]}" + (" by twos" if colour == "blue" else "")
                    found.append(violation("not-on-track", RULE_SCORING,
                                           f"{player.name}'s {colour} cube is on {value}, which is not a "
                                           f"space of the {colour} track ({spaces}, or {data.TARGET})",
                                           f"players[{i}].{colour}[{j}]"))
        return found

    @staticmethod
    def _beehive_violations(state: CottageState) -> list[Violation]:
        found = []
        holders = {tile: [i for i, p in enumerate(state.players) if p.beehives == tile]
                   for tile in data.BEEHIVE_TILES}
        for tile, indexes in holders.items():
            for i in indexes[1:]:
                found.append(violation("beehive-tile-twice", RULE_BEEHIVES,
                                       f"there is one {tile}-hive tile, but {len(indexes)} players hold it",
                                       f"players[{i}].beehives"))
        two, one = data.BEEHIVE_TILES
        if holders[one] and not holders[two]:
            found.append(violation("beehive-order", RULE_BEEHIVES,
                                   "the one-hive tile goes to the second player onto the target, so "
                                   "someone must hold the two-hive tile too",
                                   f"players[{holders[one][0]}].beehives"))
        free = [tile for tile in data.BEEHIVE_TILES if not holders[tile]]
        for i, player in enumerate(state.players):
            if data.TARGET in player.orange + player.blue and not player.beehives and free:
                found.append(violation(
                    "beehive-tile-missing", RULE_BEEHIVES,
                    f"{player.name} has a cube on the target but no beehive tile, while the "
                    f"{free[0]}-hive tile is still free: reaching the target takes a free tile",
                    f"players[{i}].beehives"))
        return found

    def state_warnings(self, state: CottageState) -> list[Violation]:
        found = []
        for i, player in enumerate(state.players):
            cubes = player.orange + player.blue
            if player.beehives and data.TARGET not in cubes:
                found.append(violation(
                    "beehive-without-target", RULE_FINAL_ROUND,
                    f"{player.name} holds a beehive tile but has no cube on the target; that only "
                    f"happens if a Final Round penalty moved the cube back off it", f"players[{i}]"))
            if all(value == data.START for value in cubes):
                # Unusual, not unfinished: the Final Round's penalties may take every cube of a
                # finished game back to the start (random games end so).
                found.append(violation("nothing-scored", RULE_END,
                                       f"all of {player.name}'s cubes are still on the starting space",
                                       f"players[{i}]"))
        return found

    # scoring --------------------------------------------------------------------------------
    def player_scores(self, state: CottageState) -> list[PlayerScore]:
        return [PlayerScore(p.name, {"orange": sum(p.orange), "blue": sum(p.blue),
                                     "beehives": p.beehives},
                            {"beehives": p.beehives})
                for p in state.players]

    # the rule questions, no moves of a game -------------------------------------------------
    # Each check_<type> below answers (violations, effects); @_settled makes it the CheckResult.
    @staticmethod
    @_settled
    def check_fit_tiles(state, action: FitTiles):
        for i, tile in enumerate(action.tiles):
            _known("tile", tile, data.TILE_IDS, f"action.tiles[{i}]", RULE_TILE_LIST)
        bed, found = build_bed(action.bed, "action.bed")
        found = found or _already_complete(bed, "action.bed")
        if found:
            return found, {}
        covering = (action.covering[0] - 1, action.covering[1] - 1) if action.covering else None
        where = f"over {_cell_text(*action.covering)}" if action.covering else "on this flowerbed"
        placements: dict[str, list[dict[str, Any]]] = {}
        for i, tile in enumerate(action.tiles):
            twice, placements[tile] = bed.placements(tile, f"action.tiles[{i}]", covering)
            found += twice or [violation("tile-does-not-fit", RULE_PLANTING_RULES,
                                         f"tile {tile} fits nowhere {where}, however it is turned or flipped",
                                         f"action.tiles[{i}]")]
        count = sum(map(len, placements.values()))
        return [] if count else found, {"placements": placements, "count": count}

    @staticmethod
    @_settled
    def check_turns(state, action: Turns):
        players = len(state.players)
        side = data.NURSERY_SIDES[data.nursery_side(players)]
        return [], {"players": players, "nursery_side": data.nursery_side(players),
                    "gardener_space": side["gardener"][players],
                    "turning_space": side["turning"][players],
                    "die_start": data.GARDENER_START_FACE[players],
                    "turns_before_final_round": turns_before_final_round(players)}

    @staticmethod
    @_settled
    def check_orient_tile(state, action: OrientTile):
        _known("tile", action.tile, data.TILE_IDS, "action.tile", RULE_TILE_LIST)
        squares = oriented_squares(action.tile, action.rotation, action.flip)
        return [], {"squares": [[r + 1, c + 1, letter] for r, c, letter in squares],
                    "rows": 1 + max(r for r, _, _ in squares), "columns": 1 + max(c for _, c, _ in squares)}




def page_data() -> dict:
    """House content for the game's web pages (JSON-ready; see scorer/web/pages.py)."""
    return {
        "bed_size": data.BED_SIZE,
        "beds": {design: list(rows) for design, rows in data.BED_DESIGNS.items()},
        "bed_boards": list(data.BED_BOARDS),
        "bed_sides": dict(data.BED_SIDES),
        "tiles": {tile: {"shape": list(shape), "flower": flower, "colour": data.FLOWER_COLOURS[colour],
                         "colour_name": colour, "pattern": pattern,
                         "size": sum(ch != "." for row in shape for ch in row)}
                  for tile, (shape, flower, colour, pattern) in data.FLOWER_TILES.items()},
        "tracks": {colour: list(values) for colour, values in data.TRACKS.items()},
        "mouse_line": {colour: list(pair) for colour, pair in data.MOUSE_LINE.items()},
        "target": data.TARGET,
        "final_round_min_tiles": data.FINAL_ROUND_MIN_TILES,
    }

# The generic pages' examples: the rulebook's 64-point player against a second player.
EXAMPLE_STATE: dict[str, Any] = {"players": [
    {"name": "Ann", "orange": [8, 8, 20], "blue": [6, 20, 0], "beehives": 2},
    {"name": "Ben", "orange": [12, 9, 20], "blue": [10, 4, 2], "beehives": 1},
]}
EXAMPLE_CHECK: Example = {"state": EXAMPLE_STATE, "action": {
    "type": "place_tile", "tile": "5F", "at": [1, 1], "rotation": 0, "flip": False,
    "bed": {"design": "1L", "tiles": [{"tile": "4B", "at": [2, 2]}], "cats": [[5, 1]], "pots": []}}}


GAME = CottageGarden(example_state=EXAMPLE_STATE, example_checks=[EXAMPLE_CHECK, *examples.CHECKS],
                     page_data=page_data, engine=CottageGardenEngine)


# --- the answer in words ---------------------------------------------------------------------------
def _space(at: Any) -> str:
    return f"row {at[0]}, column {at[1]}"


def _bed_words(effects: dict[str, Any]) -> str:
    pots, cloches = plural(effects["pots"], "flower pot"), plural(effects["cloches"], "cloche")
    if effects["complete"]:
        return f"The bed is complete: score it now, {pots} (orange steps) and {cloches} (blue steps)."
    empty = sum(row.count(".") for row in effects["cells"])
    return f"The bed is not complete: {plural(empty, 'empty space')} left; {pots} and {cloches} show so far."


def _placed(action: Any, effects: dict[str, Any]) -> list[str]:
    what = f"tile {action.tile}" if action.type == "place_tile" else ("a cat" if action.token == "cat" else "a flower-pot token")
    lines = [f"{what[:1].upper()}{what[1:]} goes on {_space(action.at)}.", _bed_words(effects)]
    if effects.get("covered"):
        lines.append(f"It covers the printed symbol on {'; '.join(_space(at) for at in effects['covered'])}.")
    return lines


def _cube(action: Any, effects: dict[str, Any]) -> list[str]:
    lines = [f"{action.player}'s {action.color} cube moves to space {effects['to']}: {plural(effects['points'], 'point')}."]
    if effects.get("forfeited_steps"):
        lines.append(f"{plural(effects['forfeited_steps'], 'step')} past the track's end are lost.")
    gains = [thing for key, thing in (("cat", "a cat"), ("pot_token", "a flower-pot token")) if effects.get(key)]
    if effects.get("beehive_tile"):
        gains.append(f"beehive tile {effects['beehive_tile']}")
    if gains:
        lines.append(f"{action.player} gains {' and '.join(gains)}.")
    return lines


def _penalty(action: Any, effects: dict[str, Any]) -> list[str]:
    return [f"{action.player}'s {action.color} cube goes back to space {effects['to']}: "
            f"{plural(effects['points_lost'], 'point')} lost" + (", and a cat with it." if effects.get("cat") else ".")]


def _final_round(action: Any, effects: dict[str, Any]) -> list[str]:
    beds = lambda indexes: ", ".join(f"bed {i + 1}" for i in indexes) or "none"  # noqa: E731
    return [f"The Final Round starts. Beds given up (too few flower tiles): {beds(effects['given_up'])}; "
            f"beds kept: {beds(effects['kept'])}."]


def _refill(action: Any, effects: dict[str, Any]) -> list[str]:
    order = ", ".join(effects.get("order") or []) or "nothing"
    return [f"The nursery refill is {effects['refill']}: fill {order}, in that order."
            + (f" {plural(effects['cats_returned'], 'cat')} go back." if effects.get("cats_returned") else "")]


def _gardener(action: Any, effects: dict[str, Any]) -> list[str]:
    return [f"The gardener moves to {effects['to']} and the die shows {effects['die']}."
            + (" The Final Round starts." if effects.get("final_round_starts") else "")]


def _turns(action: Any, effects: dict[str, Any]) -> list[str]:
    return [f"With {effects['players']} players the nursery uses side {effects['nursery_side']}, the gardener starts "
            f"on {effects['gardener_space']} with the die at {effects['die_start']}: "
            f"{plural(effects['turns_before_final_round'], 'turn')} before the Final Round."]


def _oriented(action: Any, effects: dict[str, Any]) -> list[str]:
    return [f"Tile {action.tile} turned {action.rotation}°{' and flipped' if action.flip else ''} takes "
            f"{plural(effects['rows'], 'row')} and {plural(effects['columns'], 'column')}."]


def _fitted(action: Any, effects: dict[str, Any]) -> list[str]:
    return [f"Tile {tile} fits in {plural(len(ways), 'way')}." for tile, ways in effects["placements"].items()]


_ANSWER_WORDS = {"place_tile": _placed, "place_token": _placed, "score_bed": lambda action, effects: [_bed_words(effects)], "move_cube": _cube,
                 "final_round_penalty": _penalty, "start_final_round": _final_round, "refill": _refill,
                 "move_gardener": _gardener, "turns": _turns, "orient_tile": _oriented, "fit_tiles": _fitted,
                 "end_turn": lambda action, effects: [f"{action.player}'s turn is over."]}
