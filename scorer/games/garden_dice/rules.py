"""Garden Dice rules: the state and action models, impossible states, final scoring and the
rule checks a table may dispute.

State (the garden-dice state format) with additions of ours: a board tile may carry
`"swallowed": n` (bird/rabbit only: discs its owner put on it for tiles it swallowed whole),
a rock may carry the `"owner"` who placed it (each of the two players has one rock), the
state may count the tiles left in each stack, `"supply": {crop: n}`, and a player the
unplaced seeds by crop, `"seeds": {crop: n}` (adding up to `unplaced_seeds`): with them a buy
from an empty stack and the placing of a seed not held are refused. Every action may carry
`"turn"`, what already happened this turn:

    "turn": {"dice_spent": 0,               # dice spent so far (the sun reroll needs 0)
             "bought": {"carrot": 1},       # seeds bought so far, per crop
             "sundial": [-1],               # sundial changes already made to coordinate dice
             "ate_from": ["Blue"]}          # opponents whose tile a critter already ate

Actions (`type` tags). The first three shapes are the format's own; the rest are ours:

    {"type": "water",   "player": P, "at": [r, c], "die": d}
        -> {"watered": [[r, c], ...]}   sorted, the first tile included
    {"type": "harvest", "player": P, "at": [r, c], "die": d}
        -> {"harvested": [[r, c], ...], "points": {P: n, ...}, "tiles": [...], "chain_bonus": n}
    {"type": "move_critter", "player": P, "from": [r, c], "to": [r, c], "die": d,
                        "spit_out_die": d2 (optional: spit out the eaten tile's seeds)}
        -> {"eats": [r, c] or null, "eaten": {...} or null, "swallowed": bool (when eating),
            "spit_out_die_needed": n (swallowed) or "spat_out": C, "unplaced_seeds": n}
    {"type": "buy",     "player": P, "crop": C, "die": d}
        -> {"bought": C, "unplaced_seeds": n, "free_discs": n,
            "stack_left": n, "last_seed": bool (both when the state counts the stacks)}
    {"type": "place",   "player": P, "tile": "seed|bird|sundial|rock", "crop": C (seeds only),
                        "dice": [d1, d2], "at": [r, c]}
        -> {"placed": [r, c], "tile": ..., "row_die": d, "column_die": d, "sundial": [changes]}
           The checker itself finds which die is the row and the smallest sundial use, if any.
    {"type": "flip",    "player": P, "at": [r, c], "die": 6}
        -> {"flipped": [r, c], "from": "bird", "to": "rabbit"}
    {"type": "remove_critter", "player": P, "at": [r, c], "dice": [d1, d2, d3]}
        -> {"removed": [r, c], "owner": O, "discs_returned": n, "row_die", "column_die", "sundial"}
    {"type": "sun_reroll",  "player": P}                   (start of the turn only)
    {"type": "sun_set_die", "player": P, "die": d, "to": v}
        -> {"sun_token_spent": true, "end_bonus_lost": 5, ...}
    {"type": "reroll_equal_dice", "player": P, "dice": [d, d, d, d]}   (as rolled, none spent)
        -> {"reroll": "all four dice"}
    {"type": "end_turn", "player": P}
        -> {"turn_over": true}   (the table refuses it while a die left allows an action)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from scorer.games.core import (
    CheckResult,
    Example,
    Game,
    PlayerName,
    PlayerScore,
    Reading,
    StateModel,
    Violation,
    at_most,
    not_over,
    violation,
    within,
)
from scorer.games.engine import Action as ActionJSON
from scorer.games.engine import Made, State, Table
from scorer.games.garden_dice import data, examples
from scorer.games.garden_dice import engine as dice_engine
from scorer.games.garden_dice.engine import (
    SPECIAL_TILES,
    SUNDIAL_REACH,
    DiceMove,
    DiceTable,
    GardenDiceEngine,
    add_to,
    player_state,
    straight_lines,
    without_die,
)
from scorer.games.words import a_or_an, plural

Coord = tuple[int, int]

# Rulebook sections, as violations cite them.
_G = data.TITLE
RULE_COMPONENTS = f"{_G} › Components"
RULE_SETUP = f"{_G} › Setup"
RULE_TURN = f"{_G} › On Your Turn"
RULE_BUY = f"{_G} › Buy a Seed Tile"
RULE_PLACE = f"{_G} › Place a Tile"
RULE_WATER = f"{_G} › Water a Seed"
RULE_HARVEST = f"{_G} › Harvest a Veggie"
RULE_FLIP = f"{_G} › Flip a Special Tile"
RULE_MOVE = f"{_G} › Move a Critter"
RULE_EAT = f"{_G} › Move a Critter › Eating a Tile"
RULE_REMOVE = f"{_G} › Remove a Critter"
RULE_END = f"{_G} › Game End"
RULE_FAMILY = f"{_G} › Family Game Variant"
RULE_SUNDIAL = f"{_G} › Special Tiles › Sundial"
RULE_SCARECROW = f"{_G} › Special Tiles › Scarecrow"
RULE_ROCK = f"{_G} › Special Tiles › Rock (2 Players Only)"
RULE_SUN = f"{_G} › Sun Tokens"

# --- models ----------------------------------------------------------------------------------

if TYPE_CHECKING:  # mypy cannot read a Literal built from data.py: to it these names are text
    Crop = str
    TileKind = str
    Variant = str
else:
    Crop = Literal[data.CROPS]
    TileKind = Literal[data.TILE_KINDS]
    Variant = Literal[data.VARIANTS]
# The track has 100 spaces and a player laps it at most once per lap token; no count of tiles
# or seeds comes near that either, and the rules check each more closely.
Count = Annotated[int, Field(ge=0, le=data.TRACK_SPACES * (data.LAP_TOKENS + 1))]
Die = Annotated[int, Field(ge=1, le=6)]
Position = Annotated[list[Annotated[int, within(2 * data.BOARD_SIZE)]], Field(min_length=2, max_length=2)]
Name = PlayerName
Crops = at_most(len(data.CROPS))


class Player(StateModel):
    name: Name
    track: Count
    sun_token: bool
    unplaced_seeds: Count
    harvested: Annotated[dict[Crop, Count], Crops] = {}
    # The unplaced seeds by crop, when the table knows them (a whole game's engine does):
    # they must add up to unplaced_seeds. Without them a check sees only the count.
    seeds: Annotated[dict[Crop, Count], Crops] | None = None


class BoardTile(StateModel):
    at: Position
    kind: TileKind
    crop: Crop | None = None
    owner: Name | None = None
    swallowed: Count = 0

    @property
    def value(self) -> int:
        """The point value printed on a seed/veggie tile (0 on any other tile)."""
        return data.CROP_VALUES[self.crop] if self.crop else 0


def crop_counts(player: Player) -> tuple[int, ...]:
    """The player's veggies harvested of each crop, in the order of data.CROPS (none is 0)."""
    harvested = player.harvested
    return tuple([harvested.get(crop, 0) for crop in data.CROPS])


def face_value(player: Player) -> int:
    """The values printed on the veggies the player harvested: the least the player's track
    can show, and the tie-breaker of the score."""
    return sum(data.CROP_VALUES[crop] * count for crop, count in player.harvested.items())


class GardenDiceState(StateModel):
    variant: Variant = "standard"
    players: list[Player]
    board: Annotated[list[BoardTile], at_most(data.BOARD_SIZE * data.BOARD_SIZE)] | None = None
    # The seed tiles left in each stack, when the table counts them (a crop left out has
    # none left). Without it a buy is judged from what is harvested and on the board.
    supply: Annotated[dict[Crop, Count], Crops] | None = None


class TurnSoFar(StateModel):
    dice_spent: Annotated[int, Field(ge=0, le=data.DICE)] = 0
    bought: Annotated[dict[Crop, Count], Crops] = {}
    sundial: Annotated[list[Annotated[int, Field(ge=-2, le=2)]], Field(max_length=2)] = []
    ate_from: Annotated[list[Name], at_most(data.MAX_PLAYERS)] = []


class _Action(StateModel):
    player: Name
    turn: TurnSoFar = TurnSoFar()


class Water(_Action):
    type: Literal["water"]
    at: Position
    die: Die


class Harvest(_Action):
    type: Literal["harvest"]
    at: Position
    die: Die


class MoveCritter(_Action):
    type: Literal["move_critter"]
    from_: Position = Field(alias="from")
    to: Position
    die: Die
    # Eating a Tile: with this further die the eaten tile's seeds are spat out (the eater
    # keeps it as a seed); without it the critter swallows the tile whole.
    spit_out_die: Die | None = None


class Buy(_Action):
    type: Literal["buy"]
    crop: Crop
    die: Die


class Place(_Action):
    type: Literal["place"]
    # "rabbit" and "scarecrow" are accepted here only to be refused with the rule's reason.
    tile: Literal["seed", "bird", "rabbit", "sundial", "scarecrow", "rock"]
    crop: Crop | None = None
    dice: Annotated[list[Die], Field(min_length=2, max_length=2)]
    at: Position


class Flip(_Action):
    type: Literal["flip"]
    at: Position
    die: Die


class RemoveCritter(_Action):
    type: Literal["remove_critter"]
    at: Position
    dice: Annotated[list[Die], Field(min_length=3, max_length=3)]


class SunReroll(_Action):
    type: Literal["sun_reroll"]


class SunSetDie(_Action):
    type: Literal["sun_set_die"]
    die: Die
    to: Die


class RerollEqualDice(_Action):
    type: Literal["reroll_equal_dice"]
    dice: Annotated[list[Die], Field(min_length=data.DICE, max_length=data.DICE)]


class EndTurn(_Action):
    type: Literal["end_turn"]


Action = Annotated[Water | Harvest | MoveCritter | Buy | Place | Flip | RemoveCritter | SunReroll | SunSetDie
                   | RerollEqualDice | EndTurn, Field(discriminator="type")]

# --- small helpers ---------------------------------------------------------------------------


def on_board(at: Coord) -> bool:
    return 1 <= at[0] <= data.BOARD_SIZE and 1 <= at[1] <= data.BOARD_SIZE


def orthogonal(at: Coord) -> list[Coord]:
    r, c = at
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_board(n)]


def surrounding(at: Coord) -> list[Coord]:
    """The eight spaces round a space (a scarecrow's reach), those on the board."""
    r, c = at
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and on_board((r + dr, c + dc))]


def describe(tile: BoardTile) -> str:
    if tile.kind in data.CROP_SIDES:
        return f"{tile.owner}'s {tile.crop} {tile.kind}"
    if tile.kind == data.ROCK:
        return "a rock"
    return f"{tile.owner}'s {tile.kind}"


def space_words(position: Sequence[int]) -> str:
    """A space as players name it: "row 3, column 3" (row 1 at the top)."""
    return f"row {position[0]}, column {position[1]}"


def _at(position: list[int]) -> Coord:
    return (position[0], position[1])


def _sorted(coords) -> list[list[int]]:
    return [list(c) for c in sorted(coords)]


def crops_on_board(tiles: Iterable[BoardTile]) -> tuple[int, ...]:
    """Seeds and veggies on the board of each crop, in the order of data.CROPS."""
    on_board = dict.fromkeys(data.CROPS, 0)
    for tile in tiles:
        if tile.kind in data.CROP_SIDES and tile.crop:
            on_board[tile.crop] += 1
    return tuple(on_board.values())


def seeds_held(players: Iterable[Player]) -> tuple[int, ...]:
    """The unplaced seeds of each crop, in the order of data.CROPS, of the players whose
    seeds the state lists by crop (the others' count only towards the total)."""
    held = dict.fromkeys(data.CROPS, 0)
    for player in players:
        for crop, n in (player.seeds or {}).items():
            held[crop] += n
    return tuple(held.values())


def _crop_path(state: GardenDiceState, counts: list[tuple[int, ...]], c: int) -> str:
    """Where a crop over its supply is pointed at: the player who harvested most of it,
    else its stack, else the player holding most of it as seeds, else the board."""
    crop = data.CROPS[c]
    most = max(range(len(state.players)), key=lambda i: counts[i][c])
    if counts[most][c]:
        return f"players[{most}].harvested.{crop}"
    if (state.supply or {}).get(crop):
        return f"supply.{crop}"
    holder = max(range(len(state.players)), key=lambda i: (state.players[i].seeds or {}).get(crop, 0))
    if (state.players[holder].seeds or {}).get(crop):
        return f"players[{holder}].seeds.{crop}"
    return "board"


def discs_on_board(tiles: Iterable[BoardTile]) -> dict[str, int]:
    """Each owner's discs on the board: one on each own tile, plus swallowed ones. A rock
    takes no disc, even when the state says whose it was."""
    discs: dict[str, int] = {}
    for tile in tiles:
        if tile.owner is not None and tile.kind != data.ROCK:
            discs[tile.owner] = discs.get(tile.owner, 0) + 1 + tile.swallowed
    return discs


class Board:
    """The board of a state as {space: tile}, with the questions the rules ask of it."""

    def __init__(self, tiles: list[BoardTile]):
        self.tiles = {(t.at[0], t.at[1]): t for t in tiles}  # _at written out: every tile of every state read
        self.discs = discs_on_board(tiles)

    def get(self, at: Coord) -> BoardTile | None:
        return self.tiles.get(at)

    def owned(self, player: str, *kinds: str) -> list[tuple[Coord, BoardTile]]:
        return [(at, t) for at, t in self.tiles.items() if t.owner == player and t.kind in kinds]

    def discs_of(self, player: str) -> int:
        return self.discs.get(player, 0)

    def protected_by_scarecrow(self, at: Coord, owner: str | None) -> bool:
        """Whether the owner's own scarecrow stands in one of the eight spaces round `at`."""
        return any((t := self.tiles.get(n)) is not None and t.kind == "scarecrow"
                   and t.owner == owner for n in surrounding(at))

    def chain(self, start: Coord) -> set[Coord]:
        """Every space a water or harvest chain reaches from `start` (Chaining): orthogonal
        neighbours on the same side, any owner, each strictly lower than the tile it was
        reached from; anything else stops the chain."""
        side = self.tiles[start].kind
        reached = {start}
        frontier = [start]
        while frontier:
            here = frontier.pop()
            value = self.tiles[here].value
            for near in orthogonal(here):
                tile = self.tiles.get(near)
                if (near not in reached and tile is not None and tile.kind == side
                        and tile.value < value):
                    reached.add(near)
                    frontier.append(near)
        return reached


# --- the sundial and coordinate dice ---------------------------------------------------------

def sundial_allows(changes: list[int]) -> bool:
    """One use per turn: one die changed by 1 or 2, or two dice by 1 each. A single earlier
    change of 1 may still be the first half of the two-dice use (the player's choice)."""
    changes = [c for c in changes if c]
    if len(changes) <= 1:
        return all(abs(c) in data.SUNDIAL_ONE_DIE_STEPS for c in changes)
    return len(changes) == 2 and all(abs(c) == data.SUNDIAL_TWO_DICE_STEP for c in changes)


def dice_readings(dice: list[int], at: Coord) -> list[dict]:
    """Each way two coordinate dice can name `at`: which die is the row, and the sundial
    changes that would take (empty when the dice already read `at`); fewest changes first."""
    readings = []
    for row_die, col_die in {(dice[0], dice[1]), (dice[1], dice[0])}:
        changes = [d for d in (at[0] - row_die, at[1] - col_die) if d]
        readings.append({"row_die": row_die, "column_die": col_die, "sundial": changes})
    return sorted(readings, key=lambda r: (len(r["sundial"]), sum(map(abs, r["sundial"])),
                                           r["row_die"]))


# --- the moves ---------------------------------------------------------------------------------
# One class per action type (scorer.games.engine.Move): its model, what the rulebook forbids
# (`check`), its part of the transition (`play`, after DiceMove has spent its dice), what
# the transition shows, and its candidates. What every move shares on the table (whose turn,
# the turn record, the dice in the pool) is DiceMove's, in engine.py.

@dataclass(frozen=True)
class DiceReading(Reading[GardenDiceState]):
    """A state as the checks read it: the state, its board by space and its players by name
    (the first of a name, as player_named finds it)."""

    board: Board
    players: dict[str, Player]


def context(read: DiceReading, action: Any) -> Context:
    """The check's Context: the read state, its board, and the acting player."""
    return Context(read.state, read.players[action.player], read.board)


def _acting(table: Table[Any]) -> tuple[str, dict[str, Any], list[dict]]:
    """The acting player's name, the turn record and the player's own tiles on the board
    (read once per table: every move's candidates ask)."""
    assert isinstance(table, DiceTable)
    return table.acting


def _boards(before: State, after: State) -> tuple[dict, dict]:
    return {tuple(t["at"]): t for t in before["board"]}, {tuple(t["at"]): t for t in after["board"]}


class WaterMove(DiceMove):
    """Water a Seed: a die of at least the seed's value turns it and the chain from it over."""

    type, model = "water", Water

    def check(self, read: DiceReading, action: Water) -> CheckResult:
        ctx = context(read, action)
        tile, found = _crop_tile(ctx, action, data.SEED, RULE_WATER)
        if found:
            return CheckResult(False, found)
        return CheckResult(True, [], {"watered": _sorted(ctx.board.chain(_at(action.at)))})

    def dice_spent(self, action: Water) -> list[int]:
        return [action.die]

    def play(self, state: State, board: dict, action: Water, effects: dict[str, Any]) -> None:
        for at in effects["watered"]:
            board[tuple(at)]["kind"] = data.VEGGIE

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = _boards(before, after)
        return {"watered": sorted([list(at) for at in old if at in new and old[at]["kind"] != new[at]["kind"]])}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each own seed with each die of the pool."""
        return _crop_tile_candidates(table, data.SEED, "water")


class HarvestMove(DiceMove):
    """Harvest a Veggie: the chain from an own veggie leaves the board and scores."""

    type, model = "harvest", Harvest

    def check(self, read: DiceReading, action: Harvest) -> CheckResult:
        ctx = context(read, action)
        tile, found = _crop_tile(ctx, action, data.VEGGIE, RULE_HARVEST)
        if found:
            return CheckResult(False, found)
        start = _at(action.at)
        reached = ctx.board.chain(start)
        harvester = ctx.player.name
        points: dict[str | None, int] = {harvester: 0}
        scored = []
        # Scored one tile at a time from the first; the order does not change any total.
        for at in [start] + sorted(reached - {start}):
            tile = ctx.board.tiles[at]
            value, bonus = harvest_points(ctx.board, at, tile)
            points[tile.owner] = points.get(tile.owner, 0) + value
            scored.append({"at": list(at), "crop": tile.crop, "owner": tile.owner,
                           "points": value, "bonus": bonus})
        chain_bonus = data.CHAIN_BONUS_PER_OPPONENT_VEGGIE * sum(
            1 for t in scored if t["owner"] != harvester)
        points[harvester] += chain_bonus
        return CheckResult(True, [], {"harvested": _sorted(reached), "points": points,
                                      "tiles": scored, "chain_bonus": chain_bonus})

    def dice_spent(self, action: Harvest) -> list[int]:
        return [action.die]

    def play(self, state: State, board: dict, action: Harvest, effects: dict[str, Any]) -> None:
        for at in effects["harvested"]:
            tile = board.pop(tuple(at))
            add_to(player_state(state, tile["owner"])["harvested"], tile["crop"], 1)
        for name, points in effects["points"].items():
            player_state(state, name)["track"] += points

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = _boards(before, after)
        gained = {a["name"]: a["track"] - b["track"] for b, a in zip(before["players"], after["players"])
                  if a["track"] != b["track"]}
        return {"harvested": sorted([list(at) for at in old if at not in new]), "points": gained}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each own veggie with each die of the pool."""
        return _crop_tile_candidates(table, data.VEGGIE, "harvest")


def _crop_tile_candidates(table: Table[Any], side: str, kind: str) -> list[ActionJSON]:
    name, turn, own = _acting(table)
    dice = sorted(set(table.state["pool"]))
    return [{"type": kind, "player": name, "at": list(t["at"]), "die": die, "turn": turn}
            for t in own if t["kind"] == side for die in dice]


class MoveCritterMove(DiceMove):
    """Move a Critter, eating an opponent's tile where it ends (swallowed whole, or spat out
    with one more die and kept as a seed)."""

    type, model = "move_critter", MoveCritter

    def check(self, read: DiceReading, action: MoveCritter) -> CheckResult:
        ctx = context(read, action)
        found = (_position_problem(action.from_, "action.from", RULE_MOVE)
                 + _position_problem(action.to, "action.to", RULE_MOVE))
        if found:
            return CheckResult(False, found)
        start, end = _at(action.from_), _at(action.to)
        critter = ctx.board.get(start)
        if critter is None or critter.kind not in data.CRITTER_SIDES:
            what = describe(critter) if critter else "nothing"
            return _illegal(violation("not-a-critter", RULE_MOVE,
                                      f"there is {what} at {action.from_}, not a bird or rabbit",
                                      "action.from"))
        if critter.owner != ctx.player.name:
            return _illegal(violation("not-your-critter", RULE_MOVE,
                                      f"{ctx.player.name} may only move their own critter; this is "
                                      f"{describe(critter)}", "action.from"))
        found = _line_problems(ctx.board, start, end, action.die)
        if found:
            return CheckResult(False, found)
        target = ctx.board.get(end)
        if target is None:
            if action.spit_out_die is not None:
                return _illegal(violation("nothing-to-spit-out", RULE_EAT,
                                          f"{space_words(end)} is empty: the critter eats nothing there, so "
                                          "there are no seeds to spit out", "action.spit_out_die"))
            return CheckResult(True, [], {"eats": None, "eaten": None})
        found = _eat_problems(ctx, action, critter, target, end)
        if found:
            return CheckResult(False, found)
        return _eat(ctx, action, target, end)

    def dice_spent(self, action: MoveCritter) -> list[int]:
        return [action.die] + ([action.spit_out_die] if action.spit_out_die is not None else [])

    def play(self, state: State, board: dict, action: MoveCritter, effects: dict[str, Any]) -> None:
        """The critter moves; what it eats leaves the board, and is swallowed whole (a disc goes
        on the critter) or spat out (its eater keeps it as a seed)."""
        player = state["players"][state["current"]]
        critter = board.pop(tuple(action.from_))
        critter["at"] = list(action.to)
        if effects["eats"]:
            eaten = board.pop(tuple(effects["eats"]))
            state["turn"]["ate_from"].append(eaten["owner"])
            if effects["swallowed"]:
                critter["swallowed"] = critter.get("swallowed", 0) + 1
            else:
                add_to(player["seeds"], eaten["crop"], 1)
        board[tuple(action.to)] = critter

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = _boards(before, after)
        to = tuple(action["to"])
        if to not in old:
            return {"eats": None}
        swallowed = new[to].get("swallowed", 0) - old[tuple(action["from"])].get("swallowed", 0)
        index = before["current"]
        kept = sum(after["players"][index]["seeds"].values()) - sum(before["players"][index]["seeds"].values())
        return {"eats": list(to), "swallowed": swallowed == 1 and kept == 0}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Iterator[ActionJSON]:
        """Each straight move of the player's critter within each die; onto a tile, also
        spitting it out with each other die of the pool. One at a time: the first is most
        often legal."""
        return map(self._maker(table), self._moves(table))

    def drawable(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        return Made(self._moves(table), self._maker(table))

    @staticmethod
    def _moves(table: Table[Any]) -> list[tuple[list[int], int, tuple[int, int], int | None]]:
        """(from, die, to, spit-out die or None) of each candidate, in their order: a list
        made at once (the draw counts them all; a generator's step each costs more)."""
        pool = table.state["pool"]
        occupied = {tuple(t["at"]) for t in table.state["board"]}
        found: list[tuple[list[int], int, tuple[int, int], int | None]] = []
        for critter in (t for t in _acting(table)[2] if t["kind"] in data.CRITTER_SIDES):
            start = critter["at"]
            for die, to in straight_lines(start, sorted(set(pool))):
                found.append((start, die, to, None))
                if to in occupied:
                    found += [(start, die, to, other) for other in sorted(set(without_die(pool, die)))]
        return found

    @staticmethod
    def _maker(table: Table[Any]) -> Callable[[tuple[list[int], int, tuple[int, int], int | None]], ActionJSON]:
        name, turn, _ = _acting(table)

        def make(spec: tuple[list[int], int, tuple[int, int], int | None]) -> ActionJSON:
            start, die, to, spit_out_die = spec
            move = {"type": "move_critter", "player": name, "from": list(start), "to": list(to), "die": die,
                    "turn": turn}
            return move if spit_out_die is None else {**move, "spit_out_die": spit_out_die}
        return make


class BuyMove(DiceMove):
    """Buy a Seed Tile with a die of at least its value, two of a crop a turn at most."""

    type, model = "buy", Buy

    def check(self, read: DiceReading, action: Buy) -> CheckResult:
        ctx = context(read, action)
        value = data.CROP_VALUES[action.crop]
        if action.die < value:
            return _illegal(violation("die-too-low", RULE_BUY,
                                      f"{a_or_an(action.crop)} {action.crop} seed costs a die of {value} or more, not "
                                      f"{action.die}", "action.die"))
        if action.turn.bought.get(action.crop, 0) >= data.MAX_SAME_CROP_PER_TURN:
            return _illegal(violation("two-of-a-crop", RULE_BUY,
                                      f"{ctx.player.name} already bought {data.MAX_SAME_CROP_PER_TURN} "
                                      f"{action.crop} seeds this turn", "action.crop"))
        found = ctx.stack_empty(action.crop) or ctx.no_free_disc(RULE_BUY, "a new seed")
        if found:
            return CheckResult(False, found)
        effects = {"bought": action.crop, "unplaced_seeds": ctx.player.unplaced_seeds + 1,
                   "free_discs": ctx.free_discs - 1}
        if ctx.state.supply is not None:
            left = {**ctx.state.supply, action.crop: ctx.state.supply[action.crop] - 1}
            # Game End: taking the last tile of the last stack ends the game after this turn.
            effects.update(stack_left=left[action.crop], last_seed=not any(left.values()))
        return CheckResult(True, [], effects)

    def dice_spent(self, action: Buy) -> list[int]:
        return [action.die]

    def play(self, state: State, board: dict, action: Buy, effects: dict[str, Any]) -> None:
        state["supply"][action.crop] -= 1
        add_to(state["players"][state["current"]]["seeds"], action.crop, 1)
        add_to(state["turn"]["bought"], action.crop, 1)
        state["last_turn"] = state["last_turn"] or effects["last_seed"]

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        index = before["current"]
        return {"unplaced_seeds": sum(after["players"][index]["seeds"].values()),
                "stack_left": after["supply"][action["crop"]]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        """Each crop with each die of the pool (made when asked for)."""
        name, turn, _ = _acting(table)
        return Made([(die, crop) for die in sorted(set(table.state["pool"])) for crop in data.CROPS],
                    lambda spec: {"type": "buy", "player": name, "crop": spec[1], "die": spec[0], "turn": turn})

    def drawable(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        return self.candidates(table)


class PlaceMove(DiceMove):
    """Place a Tile (a seed held, the bird, the sundial or the rock) on the space two dice
    name, the player's sundial changing them within its reach."""

    type, model = "place", Place

    def check(self, read: DiceReading, action: Place) -> CheckResult:
        ctx = context(read, action)
        if action.tile in _PLACE_SIDE_UP:
            up = _PLACE_SIDE_UP[action.tile]
            return _illegal(violation("wrong-side-up", RULE_PLACE,
                                      f"a {up}/{action.tile} tile is always placed {up} side up",
                                      "action.tile"))
        found = _position_problem(action.at, "action.at", RULE_PLACE) + _place_tile_problems(ctx, action)
        if found:
            return CheckResult(False, found)
        at = _at(action.at)
        occupant = ctx.board.get(at)
        if occupant is not None:
            return _illegal(violation("space-taken", RULE_PLACE,
                                      f"{space_words(at)} already holds {describe(occupant)}", "action.at"))
        reading, found = coordinate_reading(ctx, action.dice, at, action.turn, RULE_PLACE)
        if found:
            return CheckResult(False, found)
        effects = {"placed": list(at), "tile": action.tile, **reading}
        if action.tile == "seed":
            effects["crop"] = action.crop
        return CheckResult(True, [], effects)

    def dice_spent(self, action: Place) -> list[int]:
        return list(action.dice)

    def play(self, state: State, board: dict, action: Place, effects: dict[str, Any]) -> None:
        player = state["players"][state["current"]]
        tile: dict[str, Any] = {"at": effects["placed"], "kind": action.tile, "owner": player["name"]}
        if action.tile == "seed":
            add_to(player["seeds"], str(action.crop), -1)
            tile["crop"] = action.crop
        board[tuple(effects["placed"])] = tile

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = _boards(before, after)
        return {"placed": next(list(at) for at in new if at not in old)}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Iterator[ActionJSON]:
        """Each tile the player holds on each empty space a pair of dice can name (with the
        player's sundial on the board, every space within its reach of the dice). One at a
        time: when the question is whether any is legal, the first placement mostly is."""
        return map(self._maker(table), self._placements(table))

    def drawable(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        return Made(self._placements(table), self._maker(table))

    @staticmethod
    def _placements(table: Table[Any]) -> list[tuple[str, str | None, int, int, int, int]]:
        """(tile, crop or None, die, die, row, column) of each candidate, in their order: a
        list made at once, as `_moves`."""
        state = table.state
        _, _, own = _acting(table)
        player = state["players"][state["current"]]
        held = [("seed", crop) for crop in sorted(player["seeds"])]
        held += [(tile, None) for tile, sides in SPECIAL_TILES if not any(t["kind"] in sides for t in own)
                 and (tile != "bird" or state["variant"] != "family")
                 and (tile != data.ROCK or len(state["players"]) == data.ROCK_PLAYER_COUNT)]
        if not held:
            return []
        occupied = {tuple(t["at"]) for t in state["board"]}
        reach = SUNDIAL_REACH if any(t["kind"] == "sundial" for t in own) else [(0, 0)]
        found: list[tuple[str, str | None, int, int, int, int]] = []
        for a, b in sorted({tuple(sorted(pair)) for pair in combinations(state["pool"], 2)}):
            spaces = sorted({(row + x, col + y) for row, col in ((a, b), (b, a)) for x, y in reach
                             if 1 <= row + x <= data.BOARD_SIZE and 1 <= col + y <= data.BOARD_SIZE} - occupied)
            found += [(tile, crop, a, b, r, c) for tile, crop in held for r, c in spaces]
        return found

    @staticmethod
    def _maker(table: Table[Any]) -> Callable[[tuple[str, str | None, int, int, int, int]], ActionJSON]:
        name, turn, _ = _acting(table)

        def make(spec: tuple[str, str | None, int, int, int, int]) -> ActionJSON:
            tile, crop, a, b, r, c = spec
            if crop:
                return {"type": "place", "player": name, "tile": tile, "crop": crop, "turn": turn,
                        "dice": [a, b], "at": [r, c]}
            return {"type": "place", "player": name, "tile": tile, "turn": turn, "dice": [a, b], "at": [r, c]}
        return make


class FlipMove(DiceMove):
    """Flip a Special Tile of one's own with a six."""

    type, model = "flip", Flip

    def check(self, read: DiceReading, action: Flip) -> CheckResult:
        ctx = context(read, action)
        found = _position_problem(action.at, "action.at", RULE_FLIP)
        if found:
            return CheckResult(False, found)
        tile = ctx.board.get(_at(action.at))
        flippable = (*data.CRITTER_SIDES, *data.HELPER_SIDES)
        if tile is None or tile.kind not in flippable or tile.owner != ctx.player.name:
            what = describe(tile) if tile else "nothing"
            found.append(violation("not-your-special-tile", RULE_FLIP,
                                   f"{ctx.player.name} can flip only their own bird/rabbit or "
                                   f"sundial/scarecrow; {space_words(action.at)} holds {what}", "action.at"))
        if action.die != data.SIX:
            found.append(violation("needs-a-six", RULE_FLIP,
                                   f"flipping a special tile takes a six, not a {action.die}",
                                   "action.die"))
        if found or tile is None:
            return CheckResult(False, found)
        sides = data.CRITTER_SIDES if tile.kind in data.CRITTER_SIDES else data.HELPER_SIDES
        other = sides[1 - sides.index(tile.kind)]
        return CheckResult(True, [], {"flipped": list(action.at), "from": tile.kind, "to": other})

    def dice_spent(self, action: Flip) -> list[int]:
        return [action.die]

    def play(self, state: State, board: dict, action: Flip, effects: dict[str, Any]) -> None:
        board[tuple(effects["flipped"])]["kind"] = effects["to"]

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        _, new = _boards(before, after)
        return {"to": new[tuple(action["at"])]["kind"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each own special tile, with a six of the pool."""
        name, turn, own = _acting(table)
        if data.SIX not in table.state["pool"]:
            return []
        return [{"type": "flip", "player": name, "at": list(t["at"]), "die": data.SIX, "turn": turn} for t in own
                if t["kind"] in (*data.CRITTER_SIDES, *data.HELPER_SIDES)]


class RemoveCritterMove(DiceMove):
    """Remove a Critter: a six and two dice naming its space."""

    type, model = "remove_critter", RemoveCritter

    def check(self, read: DiceReading, action: RemoveCritter) -> CheckResult:
        ctx = context(read, action)
        found = _position_problem(action.at, "action.at", RULE_REMOVE)
        if found:
            return CheckResult(False, found)
        at = _at(action.at)
        critter = ctx.board.get(at)
        if critter is None or critter.kind not in data.CRITTER_SIDES:
            what = describe(critter) if critter else "nothing"
            return _illegal(violation("not-a-critter", RULE_REMOVE,
                                      f"{space_words(at)} holds {what}, not a bird or rabbit", "action.at"))
        sixes = [i for i, d in enumerate(action.dice) if d == data.SIX]
        if not sixes:
            return _illegal(violation("needs-a-six", RULE_REMOVE,
                                      "one of the three dice must be a six", "action.dice"))
        problems: list[Violation] = []
        for i in sixes:  # which six is "the six" only matters when the others are sixes too
            coords = [d for j, d in enumerate(action.dice) if j != i]
            reading, problems = coordinate_reading(ctx, coords, at, action.turn, RULE_REMOVE)
            if not problems:
                return CheckResult(True, [], {"removed": list(at), "owner": critter.owner,
                                              "discs_returned": 1 + critter.swallowed,
                                              "six_die": data.SIX, **reading})
        return CheckResult(False, problems)

    def dice_spent(self, action: RemoveCritter) -> list[int]:
        return list(action.dice)

    def play(self, state: State, board: dict, action: RemoveCritter, effects: dict[str, Any]) -> None:
        board.pop(tuple(effects["removed"]))

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = _boards(before, after)
        return {"removed": next(list(at) for at in old if at not in new)}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Any critter on the board, with each three dice of the pool holding a six."""
        state = table.state
        name, turn, _ = _acting(table)
        triples = sorted({tuple(sorted(triple)) for triple in combinations(state["pool"], 3) if data.SIX in triple})
        return [{"type": "remove_critter", "player": name, "at": list(t["at"]), "dice": list(triple), "turn": turn}
                for t in state["board"] if t["kind"] in data.CRITTER_SIDES for triple in triples]


class SunRerollMove(DiceMove):
    """Sun Tokens: the sun rerolls all four dice at the start of the turn."""

    type, model = "sun_reroll", SunReroll
    spends_dice = False

    def check(self, read: DiceReading, action: SunReroll) -> CheckResult:
        ctx = context(read, action)
        found = _sun_problems(ctx)
        if action.turn.dice_spent:
            found.append(violation("not-start-of-turn", RULE_SUN,
                                   "the sun rerolls all four dice only at the start of the turn, "
                                   "before any die is spent", "action.turn.dice_spent"))
        if found:
            return CheckResult(False, found)
        return CheckResult(True, [], {"reroll": "all four dice", "sun_token_spent": True,
                                      "end_bonus_lost": data.SUN_TOKEN_POINTS})

    def play(self, state: State, board: dict, action: SunReroll, effects: dict[str, Any]) -> None:
        state["pool"] = None  # the dice go back to chance
        state["players"][state["current"]]["sun_token"] = False

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"sun_token_spent": not after["players"][before["current"]]["sun_token"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        name, turn, _ = _acting(table)
        if not table.state["players"][table.state["current"]]["sun_token"]:
            return []
        return [{"type": "sun_reroll", "player": name, "turn": turn}]


class SunSetDieMove(DiceMove):
    """Sun Tokens: the sun changes one die to another result."""

    type, model = "sun_set_die", SunSetDie
    spends_dice = False

    def check(self, read: DiceReading, action: SunSetDie) -> CheckResult:
        ctx = context(read, action)
        found = _sun_problems(ctx)
        if action.to == action.die:
            found.append(violation("no-change", RULE_SUN,
                                   f"the sun changes a die to another result; this die already shows a {action.to}",
                                   "action.to"))
        if found:
            return CheckResult(False, found)
        return CheckResult(True, [], {"die": {"from": action.die, "to": action.to},
                                      "sun_token_spent": True,
                                      "end_bonus_lost": data.SUN_TOKEN_POINTS})

    def dice_named(self, action: SunSetDie) -> list[int]:
        return [action.die]

    def play(self, state: State, board: dict, action: SunSetDie, effects: dict[str, Any]) -> None:
        state["pool"][state["pool"].index(action.die)] = action.to
        state["players"][state["current"]]["sun_token"] = False

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"sun_token_spent": not after["players"][before["current"]]["sun_token"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        """Each die of the pool set to each other face, while the sun token is held (made
        when asked for)."""
        state = table.state
        name, turn, _ = _acting(table)
        held = state["players"][state["current"]]["sun_token"]
        return Made([(die, to) for die in sorted(set(state["pool"])) for to in data.DIE_FACES if to != die and held],
                    lambda spec: {"type": "sun_set_die", "player": name, "die": spec[0], "to": spec[1], "turn": turn})

    def drawable(self, table: Table[Any], rng: random.Random | None = None) -> Made:
        return self.candidates(table)


class RerollEqualDiceMove(DiceMove):
    """On Your Turn: four dice showing the same result may be rerolled."""

    type, model = "reroll_equal_dice", RerollEqualDice
    spends_dice = False

    def check(self, read: DiceReading, action: RerollEqualDice) -> CheckResult:
        found = []
        if len(set(action.dice)) != 1:
            found.append(violation("dice-not-all-equal", RULE_TURN,
                                   f"only four dice showing the same result may be rerolled; these show "
                                   f"{', '.join(map(str, action.dice))}", "action.dice"))
        if action.turn.dice_spent:
            found.append(violation("not-start-of-turn", RULE_TURN,
                                   "four equal dice are rerolled as they were rolled, before any of them "
                                   "is spent", "action.turn.dice_spent"))
        if found:
            return CheckResult(False, found)
        return CheckResult(True, [], {"reroll": "all four dice"})

    def dice_named(self, action: RerollEqualDice) -> list[int]:
        return list(action.dice)

    def play(self, state: State, board: dict, action: RerollEqualDice, effects: dict[str, Any]) -> None:
        state["pool"] = None  # the dice go back to chance; the sun stays

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"reroll": "all four dice"} if after["pool"] is None else {}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        pool = table.state["pool"]
        if len(pool) != data.DICE or len(set(pool)) != 1:
            return []
        name, turn, _ = _acting(table)
        return [{"type": "reroll_equal_dice", "player": name, "dice": list(pool), "turn": turn}]


class EndTurnMove(DiceMove):
    """The turn ends when the dice left allow no action (then the player may still use the
    sun or reroll four equal dice, or end the turn with this)."""

    type, model = "end_turn", EndTurn
    spends_dice = False

    def check(self, read: DiceReading, action: EndTurn) -> CheckResult:
        """Only the table, which sees the dice left, can tell whether one of them still allows an
        action (then the turn goes on); the state and the action alone never forbid ending."""
        return CheckResult(True, [], {"turn_over": True})

    def table_violations(self, table: Table[Any], action: EndTurn) -> list[Violation]:
        """While a die left allows an action, even an undesired one, the turn goes on."""
        found = super().table_violations(table, action)
        assert isinstance(table, DiceTable)
        if not found and table.die_action_left:
            found = [violation("die-action-left", RULE_TURN,
                               f"the dice left ({table.state['pool']}) still allow an action, even an undesired "
                               "one: the turn goes on", "action")]
        return found

    def transition(self, state: State, action: EndTurn, effects: dict[str, Any]) -> State:
        return dice_engine.pass_dice(state)

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"turn_over": after["current"] != before["current"] or after["over"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        name, turn, _ = _acting(table)
        return [{"type": "end_turn", "player": name, "turn": turn}]


# The moves in the order the engine weighs them: the die actions most often legal first.
MOVES: tuple[DiceMove, ...] = (MoveCritterMove(), PlaceMove(), BuyMove(), WaterMove(), HarvestMove(), FlipMove(),
                               RemoveCritterMove(), SunRerollMove(), SunSetDieMove(), RerollEqualDiceMove(),
                               EndTurnMove())


# --- the game --------------------------------------------------------------------------------

class GardenDice(Game[GardenDiceState]):
    id = data.GAME_ID
    title = data.TITLE
    item_words = {"dice": "die", "board": "board tile", "at": "coordinate", "sundial": "sundial change",
                  "ate_from": "opponent eaten from"}
    tiebreaker_words = {"harvested_face_value": ("point of harvested veggies' face value",
                                                 "points of harvested veggies' face value")}
    rulebook = data.RULEBOOK
    state_model = GardenDiceState
    action_model = Action
    moves = MOVES
    min_players, max_players, roster_rule = data.MIN_PLAYERS, data.MAX_PLAYERS, RULE_SETUP

    def describe(self, state: GardenDiceState, action: Any, answer: dict[str, Any]) -> list[str]:
        return answer_in_words(state, action, answer["effects"]) if answer["legal"] else []

    # impossible states ------------------------------------------------------------------------
    def state_violations(self, state: GardenDiceState) -> list[Violation]:
        counts = [crop_counts(player) for player in state.players]
        found = self._track_violations(state, counts) + self._seed_violations(state)
        board_found = self._board_violations(state) if state.board is not None else []
        found += board_found
        if len(state.players) in data.SUPPLY_PER_CROP:
            found += self._supply_violations(state, counts)
        if not board_found:  # disc counts mean little on a board that is itself impossible
            found += self._disc_violations(state)
        return found

    def _track_violations(self, state: GardenDiceState, counts: list[tuple[int, ...]]) -> list[Violation]:
        found = []
        harvested_by_all = sum(sum(held) for held in counts)
        for i, player in enumerate(state.players):
            face = face_value(player)
            most = most_track_points(counts[i], harvested_by_all - sum(counts[i]))
            if player.track < face:
                found.append(violation(
                    "track-below-harvest", RULE_HARVEST,
                    f"{player.name}'s score is {player.track}, but the veggies {player.name} "
                    f"harvested show {face}: every harvested veggie scores at least its value",
                    f"players[{i}].track"))
            elif player.track > most:
                found.append(violation(
                    "track-above-harvest", RULE_HARVEST,
                    f"{player.name}'s score is {player.track}, but the veggies harvested can give at "
                    f"most {most}: each of {player.name}'s veggies scores its value doubled on a star "
                    "or plus 3 by an own scarecrow, and a chain adds 1 for each other player's "
                    "veggie it takes; nothing else moves the scoring track", f"players[{i}].track"))
        return found

    def _supply_violations(self, state: GardenDiceState, counts: list[tuple[int, ...]]) -> list[Violation]:
        players = state.players
        supply = data.SUPPLY_PER_CROP[len(players)]
        on_board = crops_on_board(state.board or [])
        held = seeds_held(players)
        stacks = tuple((state.supply or {}).get(crop, 0) for crop in data.CROPS)
        harvested = [sum(column) for column in zip(*counts)]
        in_play = [harvested[c] + on_board[c] + held[c] + stacks[c] for c in range(len(data.CROPS))]
        found = []
        for c, crop in enumerate(data.CROPS):
            if in_play[c] > supply:
                parts = [f"{n} {words}" for words, n in (("harvested", harvested[c]), ("on the board", on_board[c]),
                                                         ("held as seeds", held[c]),
                                                         ("left in the stack", stacks[c])) if n]
                found.append(violation(
                    "crop-over-supply", RULE_SETUP,
                    f"{in_play[c]} {crop} tiles are in play ({', '.join(parts)}), but a "
                    f"{len(players)}-player game uses only {supply}", _crop_path(state, counts, c)))
        # Tiles swallowed whole leave the game; their discs on the critters still count them.
        swallowed = sum(t.swallowed for t in state.board or [])
        unknown_seeds = sum(player.unplaced_seeds for player in players if player.seeds is None)
        bought = sum(in_play) - sum(stacks) + unknown_seeds + swallowed
        if not found and bought + sum(stacks) > supply * len(data.CROPS):
            eaten = ", swallowed by critters" if swallowed else ""
            left = f", and {sum(stacks)} are left in the stacks:" if sum(stacks) else ","
            found.append(violation(
                "too-many-tiles", RULE_SETUP,
                f"the players hold {bought} seed/veggie tiles (harvested, unplaced, on the "
                f"board{eaten}){left} more than the {supply * len(data.CROPS)} a {len(players)}-player "
                "game uses", "players"))
        return found

    @staticmethod
    def _seed_violations(state: GardenDiceState) -> list[Violation]:
        found = []
        for i, player in enumerate(state.players):
            if player.seeds is not None and sum(player.seeds.values()) != player.unplaced_seeds:
                found.append(violation(
                    "seeds-do-not-add-up", RULE_BUY,
                    f"{player.name}'s seeds by crop add up to {sum(player.seeds.values())}, but "
                    f"{player.name} holds {plural(player.unplaced_seeds, 'unplaced seed')}",
                    f"players[{i}].seeds"))
        return found

    def _disc_violations(self, state: GardenDiceState) -> list[Violation]:
        discs = discs_on_board(state.board or [])
        found = []
        for i, player in enumerate(state.players):
            on_board = discs.get(player.name, 0)
            free = data.DISCS_FOR_TILES - on_board
            if free < 0:
                found.append(violation(
                    "too-many-discs", RULE_SETUP,
                    f"{player.name} has {on_board} discs on the board, but only "
                    f"{data.DISCS_FOR_TILES} of the {data.DISCS_PER_PLAYER} discs are free "
                    "once one marks the score", "board"))
            elif player.unplaced_seeds > free:
                on = f", {on_board} on the board" if on_board else ""
                found.append(violation(
                    "too-many-unplaced-seeds", RULE_BUY,
                    f"{player.name} holds {plural(player.unplaced_seeds, 'unplaced seed')}, but each needs "
                    f"a disc and only {free} are free ({data.DISCS_PER_PLAYER} discs: "
                    f"{data.DISCS_ON_TRACK} on the scoring track{on})",
                    f"players[{i}].unplaced_seeds"))
        return found

    def _board_violations(self, state: GardenDiceState) -> list[Violation]:
        names = {p.name for p in state.players}
        found: list[Violation] = []
        seen: dict[Coord, int] = {}
        critters: dict[str, int] = {}
        helpers: dict[str, int] = {}
        rocks: dict[str | None, int] = {}
        size = data.BOARD_SIZE
        for i, tile in enumerate(state.board or []):
            at = (tile.at[0], tile.at[1])
            if not (1 <= at[0] <= size and 1 <= at[1] <= size):  # on_board, asked of every tile of every state
                found.append(violation("off-board", RULE_COMPONENTS,
                                       f"{space_words(at)} is not a space of the 6×6 garden", f"board[{i}].at"))
            elif at in seen:
                found.append(violation("two-tiles-one-space", RULE_PLACE,
                                       f"board[{seen[at]}] and board[{i}] are both on {space_words(at)}: "
                                       "a space holds one tile", f"board[{i}].at"))
            seen.setdefault(at, i)
            found += self._tile_fields(tile, i, names)
            if tile.kind in data.CRITTER_SIDES:
                if tile.owner is not None:  # (a missing owner is reported with the tile)
                    critters[tile.owner] = critters.get(tile.owner, 0) + 1
                if state.variant == "family":
                    found.append(violation("critter-in-family-game", RULE_FAMILY,
                                           "the family game plays without bird/rabbit tiles",
                                           f"board[{i}].kind"))
            elif tile.swallowed:
                found.append(violation("swallowed-not-on-critter", RULE_EAT,
                                       "only a bird or rabbit carries discs of swallowed tiles",
                                       f"board[{i}].swallowed"))
            if tile.kind in data.HELPER_SIDES and tile.owner is not None:
                helpers[tile.owner] = helpers.get(tile.owner, 0) + 1
            if tile.kind == data.ROCK:
                rocks[tile.owner] = rocks.get(tile.owner, 0) + 1
                if len(state.players) != data.ROCK_PLAYER_COUNT:
                    found.append(violation("rock-not-allowed", RULE_ROCK,
                                           "rocks are used only in a 2-player game", f"board[{i}].kind"))
        for owner, n in critters.items():
            if n > 1:
                found.append(violation("too-many-critters", RULE_SETUP,
                                       f"{owner} has {n} bird/rabbit tiles on the board, but "
                                       "each player has one", "board"))
        for owner, n in helpers.items():
            if n > 1:
                found.append(violation("too-many-sundials", RULE_SETUP,
                                       f"{owner} has {n} sundial/scarecrow tiles on the board, "
                                       "but each player has one", "board"))
        if sum(rocks.values()) > data.ROCKS_IN_TWO_PLAYER_GAME:
            found.append(violation("too-many-rocks", RULE_ROCK,
                                   f"{sum(rocks.values())} rocks are on the board, but there are only "
                                   f"{data.ROCKS_IN_TWO_PLAYER_GAME}", "board"))
        for rock_owner, n in rocks.items():
            if rock_owner is not None and n > data.ROCKS_PER_PLAYER:
                found.append(violation("too-many-rocks", RULE_SETUP,
                                       f"{rock_owner} has {n} rocks on the board, but each player has one",
                                       "board"))
        return found

    @staticmethod
    def _tile_fields(tile: BoardTile, index: int, names: set[str]) -> list[Violation]:
        if ((tile.crop is not None) == (tile.kind in data.CROP_SIDES)
                and (tile.owner in names or (tile.owner is None and tile.kind == data.ROCK))):
            return []  # the tile of nearly every state read: nothing to say, no path to write
        found = []
        path = f"board[{index}]"
        if tile.kind in data.CROP_SIDES and tile.crop is None:
            found.append(violation("crop-missing", RULE_COMPONENTS,
                                   f"a {tile.kind} tile needs its crop", f"{path}.crop"))
        if tile.kind not in data.CROP_SIDES and tile.crop is not None:
            found.append(violation("crop-not-allowed", RULE_COMPONENTS,
                                   f"a {tile.kind} tile has no crop", f"{path}.crop"))
        if tile.kind == data.ROCK:
            if tile.owner is not None and tile.owner not in names:
                found.append(violation("unknown-owner", RULE_SETUP,
                                       f"{tile.owner!r} is not one of the players", f"{path}.owner"))
        elif tile.owner is None:
            found.append(violation("owner-missing", RULE_COMPONENTS,
                                   f"a {tile.kind} tile carries its owner's disc: say whose it is",
                                   f"{path}.owner"))
        elif tile.owner not in names:
            found.append(violation("unknown-owner", RULE_COMPONENTS,
                                   f"{tile.owner!r} is not one of the players", f"{path}.owner"))
        return found

    def state_warnings(self, state: GardenDiceState) -> list[Violation]:
        if state.supply is not None:
            left = sum(state.supply.values())
            if not left:
                return []
            return [not_over(RULE_END,
                              f"{plural(left, 'seed tile')} {'is' if left == 1 else 'are'} still in the "
                              "stacks: the game ends when the last one is taken", "supply")]
        if state.board is None:
            return []
        supply = data.SUPPLY_PER_CROP[len(state.players)] * len(data.CROPS)
        held = sum(sum(p.harvested.values()) + p.unplaced_seeds for p in state.players)
        planted = sum(1 for t in state.board if t.kind in data.CROP_SIDES)
        # A disc on a critter beyond its owner's stands for one tile swallowed whole.
        swallowed = sum(t.swallowed for t in state.board)
        accounted = held + planted + swallowed
        if accounted < supply:
            return [not_over(RULE_END,
                f"only {accounted} of the {supply} seed tiles are harvested, held, on the board "
                "or swallowed by a critter: unless a removed critter took swallowed tiles with "
                "it, seeds are left in the supply and the game has not ended", "board")]
        return []

    # scoring ----------------------------------------------------------------------------------
    def player_scores(self, state: GardenDiceState) -> list[PlayerScore]:
        return [final_score(player) for player in state.players]

    # rule checks ------------------------------------------------------------------------------
    def refuse_action(self, reading: Reading[GardenDiceState], action) -> list[Violation]:
        assert isinstance(reading, DiceReading)  # this game's read
        state = reading.state
        turn_problem = _turn_violations(action.turn, reading.players, action.player)
        if turn_problem:
            return turn_problem
        if action.type not in _NEEDS_NO_BOARD and state.board is None:
            return [violation("board-required", RULE_TURN, "this check needs the board: add \"board\" to the state",
                              "board")]
        return []

    def read(self, state: GardenDiceState) -> DiceReading:
        """The state as the moves' checks read it, with its board by space."""
        players: dict[str, Player] = {}
        for player in state.players:
            players.setdefault(player.name, player)
        return DiceReading(state, Board(state.board or []), players)


def most_track_points(counts: tuple[int, ...], others_harvested: int) -> int:
    """The most a player's scoring track can show: each own veggie harvested scores its value
    doubled on a star or plus the scarecrow bonus, whichever is more, and a chain pays 1 for
    every other player's veggie it took (at most all of them)."""
    best = sum(n * most for n, most in zip(counts, _MOST_POINTS_PER_VEGGIE))
    return best + data.CHAIN_BONUS_PER_OPPONENT_VEGGIE * others_harvested


# The most one harvested veggie of each crop (in the order of data.CROPS) scores its owner.
_MOST_POINTS_PER_VEGGIE = tuple(max(data.CROP_VALUES[crop] * data.STAR_MULTIPLIER,
                                    data.CROP_VALUES[crop] + data.SCARECROW_BONUS) for crop in data.CROPS)


def final_score(player: Player) -> PlayerScore:
    """Game End: the track plus the end-of-game bonuses and penalty; ties go to the higher
    face value of the veggies harvested."""
    counts = crop_counts(player)
    leftover = player.unplaced_seeds - data.UNPLACED_SEEDS_FORGIVEN
    breakdown = {
        "track": player.track,
        "unplaced_seeds": -data.UNPLACED_SEED_PENALTY * leftover if leftover > 0 else 0,
        "sets": data.SET_BONUS * min(counts),
        "collections": sum(collection_points(count) for count in counts),
        "sun": data.SUN_TOKEN_POINTS if player.sun_token else 0,
    }
    return PlayerScore(player.name, breakdown, {"harvested_face_value": face_value(player)})


def collection_points(count: int) -> int:
    """The points of a collection of `count` identical veggies: those of the largest
    collection size it reaches (a larger count scores as the largest size)."""
    return max((points for size, points in data.COLLECTION_POINTS.items() if size <= count), default=0)


# --- checks ----------------------------------------------------------------------------------

class Context:
    """What a rule check needs: the state, its board, and the acting player."""

    def __init__(self, state: GardenDiceState, player: Player, board: Board):
        self.state = state
        self.player = player
        self.board = board

    @property
    def free_discs(self) -> int:
        return (data.DISCS_FOR_TILES - self.board.discs_of(self.player.name)
                - self.player.unplaced_seeds)

    def sold_out(self, crop: str, rule: str, consequence: str) -> list[Violation]:
        """Why no tile of `crop` can be bought or held any more: every tile of it the game
        uses is harvested or on the board."""
        supply = data.SUPPLY_PER_CROP[len(self.state.players)]
        gone = (sum(p.harvested.get(crop, 0) + (p.seeds or {}).get(crop, 0) for p in self.state.players)
                + sum(1 for t in self.board.tiles.values() if t.crop == crop))
        if gone < supply:
            return []
        return [violation("crop-sold-out", rule,
                          f"all {supply} {crop} tiles of this game are harvested, held or on the board: "
                          f"{consequence}", "action.crop")]

    def stack_empty(self, crop: str) -> list[Violation]:
        """Why no seed of `crop` can be bought: its stack is empty. A state that does not
        count the stacks is judged from the tiles of that crop known to be out of them."""
        if self.state.supply is None:
            return self.sold_out(crop, RULE_BUY, "the stack is empty")
        if self.state.supply.get(crop):
            return []
        return [violation("stack-empty", RULE_BUY, f"the {crop} stack is empty", "action.crop")]

    def no_free_disc(self, rule: str, what: str) -> list[Violation]:
        if self.free_discs > 0:
            return []
        return [violation("no-free-disc", rule,
                          f"{self.player.name} has no free disc to put on {what}", "action.player")]


def _illegal(*found: Violation) -> CheckResult:
    return CheckResult(False, list(found))


def _turn_violations(turn: TurnSoFar, players: dict, actor: str) -> list[Violation]:
    if not (turn.ate_from or turn.bought or turn.sundial):
        return []  # a turn with nothing done yet, as most actions judged carry
    found = []
    for i, name in enumerate(turn.ate_from):
        if name not in players or name == actor:
            found.append(violation("unknown-player", RULE_EAT,
                                   f"{name!r} is not an opponent of {actor}",
                                   f"action.turn.ate_from[{i}]"))
    for crop, n in turn.bought.items():
        if n > data.MAX_SAME_CROP_PER_TURN:
            found.append(violation("too-many-bought", RULE_BUY,
                                   f"nobody buys more than {data.MAX_SAME_CROP_PER_TURN} {crop} "
                                   "seeds in a turn", f"action.turn.bought.{crop}"))
    if not sundial_allows(turn.sundial):
        found.append(violation("sundial-overused", RULE_SUNDIAL,
                               "a sundial changes one die by 1 or 2, or two dice by 1 each, once "
                               "a turn", "action.turn.sundial"))
    return found


def _position_problem(position: list[int], path: str, rule: str) -> list[Violation]:
    if on_board(_at(position)):
        return []
    return [violation("off-board", rule, f"{space_words(position)} is not a space of the 6×6 garden", path)]


def _crop_tile(ctx: Context, action, side: str, rule: str) -> tuple[BoardTile | None, list]:
    """The acting player's own tile of `side` at action.at, or why it is not one."""
    found = _position_problem(action.at, "action.at", rule)
    if found:
        return None, found
    tile = ctx.board.get(_at(action.at))
    if tile is None:
        return None, [violation("empty-space", rule, f"there is no tile on {space_words(action.at)}", "action.at")]
    if tile.kind != side:
        return None, [violation(f"not-a-{side}", rule,
                                f"the tile on {space_words(action.at)} is {describe(tile)}, not a {side}",
                                "action.at")]
    if tile.owner != ctx.player.name:
        verb = "water" if side == data.SEED else "harvest"
        return None, [violation(f"not-your-{side}", rule,
                                f"{ctx.player.name} may only {verb} their own {side}s; this is "
                                f"{describe(tile)}", "action.at")]
    value, crop = tile.value, str(tile.crop)
    if action.die < value:
        return None, [violation("die-too-low", rule,
                                f"{a_or_an(crop)} {crop} is worth {value}: it needs a die of {value} or more, "
                                f"not {action.die}", "action.die")]
    return tile, []


def harvest_points(board: Board, at: Coord, tile: BoardTile) -> tuple[int, str | None]:
    """A harvested veggie's points for its owner: the owner's scarecrow adds its bonus and
    cancels the star; otherwise a star space doubles the value."""
    value = tile.value
    if board.protected_by_scarecrow(at, tile.owner):
        return value + data.SCARECROW_BONUS, "scarecrow"
    if at in data.STAR_SPACES:
        return value * data.STAR_MULTIPLIER, "star"
    return value, None


def _eat(ctx: Context, action: MoveCritter, target: BoardTile, end: Coord) -> CheckResult:
    """Eating a Tile: the critter swallows the tile whole (it leaves the game, one more of
    the eater's discs goes on the critter), or, with a further die of at least the tile's
    value, spits out the seeds: the eater keeps the tile as a purchased seed."""
    eaten = {"eats": list(end), "eaten": {"crop": target.crop, "kind": target.kind, "owner": target.owner}}
    if action.spit_out_die is None:
        return CheckResult(True, [], {**eaten, "swallowed": True, "spit_out_die_needed": target.value})
    if action.spit_out_die < target.value:
        crop = str(target.crop)
        return _illegal(violation("die-too-low", RULE_EAT,
                                  f"spitting out the seeds of {a_or_an(crop)} {crop} (worth {target.value}) "
                                  f"takes a die of {target.value} or more, not {action.spit_out_die}",
                                  "action.spit_out_die"))
    return CheckResult(True, [], {**eaten, "swallowed": False, "spat_out": target.crop,
                                  "unplaced_seeds": ctx.player.unplaced_seeds + 1})


def _line_problems(board: Board, start: Coord, end: Coord, die: int) -> list[Violation]:
    if start == end:
        return [violation("no-move", RULE_MOVE, "the critter has to move at least one space",
                          "action.to")]
    if start[0] != end[0] and start[1] != end[1]:
        return [violation("not-straight", RULE_MOVE,
                          f"a critter moves in a straight line along a row or column; "
                          f"{space_words(end)} is not in line with {space_words(start)}", "action.to")]
    distance = abs(end[0] - start[0]) + abs(end[1] - start[1])
    if distance > die:
        return [violation("too-far", RULE_MOVE,
                          f"that is {distance} spaces, but the die shows {die}", "action.die")]
    step = ((end[0] > start[0]) - (end[0] < start[0]), (end[1] > start[1]) - (end[1] < start[1]))
    for k in range(1, distance):
        between = (start[0] + step[0] * k, start[1] + step[1] * k)
        tile = board.get(between)
        if tile is not None:
            why = "rocks are impassable" if tile.kind == data.ROCK else "critters pass only empty spaces"
            return [violation("path-blocked", RULE_ROCK if tile.kind == data.ROCK else RULE_MOVE,
                              f"{describe(tile)} on {space_words(between)} is in the way: {why}",
                              "action.to")]
    return []


def _eat_problems(ctx: Context, action: MoveCritter, critter: BoardTile, target: BoardTile,
                  end: Coord) -> list[Violation]:
    prey = data.SEED if critter.kind == "bird" else data.VEGGIE
    if target.kind != prey or target.owner == ctx.player.name:
        why = ("rocks are impassable" if target.kind == data.ROCK else
               f"a {critter.kind} may only end on an opponent's {prey}")
        return [violation("space-occupied", RULE_ROCK if target.kind == data.ROCK else RULE_MOVE,
                          f"{space_words(end)} holds {describe(target)}: {why}", "action.to")]
    if critter.kind == "bird" and ctx.board.protected_by_scarecrow(end, target.owner):
        return [violation("scarecrow-protects", RULE_SCARECROW,
                          f"{target.owner}'s scarecrow guards {describe(target)}: a bird cannot "
                          "land on or eat it", "action.to")]
    if target.owner in action.turn.ate_from:
        return [violation("one-tile-per-opponent", RULE_EAT,
                          f"{ctx.player.name}'s critters already ate a tile of {target.owner} "
                          "this turn: each tile eaten in a turn must belong to a different "
                          "opponent", "action.to")]
    return ctx.no_free_disc(RULE_MOVE, "the critter or the eaten tile")


_PLACE_SIDE_UP = {"rabbit": "bird", "scarecrow": "sundial"}


def _place_tile_problems(ctx: Context, action: Place) -> list[Violation]:
    name = ctx.player.name
    if action.tile == "seed":
        found = []
        if action.crop is None:
            found.append(violation("crop-missing", RULE_PLACE, "say which crop the seed is",
                                   "action.crop"))
        if ctx.player.unplaced_seeds < 1:
            found.append(violation("no-seed-to-place", RULE_PLACE,
                                   f"{name} has no purchased seed waiting to be placed",
                                   "action.tile"))
        elif action.crop is not None and ctx.player.seeds is not None:
            if not ctx.player.seeds.get(action.crop):
                found.append(violation("seed-not-held", RULE_PLACE, f"{name} holds no {action.crop} seed",
                                       "action.crop"))
        elif action.crop is not None:
            found += ctx.sold_out(action.crop, RULE_PLACE, f"none is left for {name} to hold as a seed")
        return found
    if action.crop is not None:
        return [violation("crop-not-allowed", RULE_PLACE, f"a {action.tile} tile has no crop",
                          "action.crop")]
    if action.tile == data.ROCK:
        if len(ctx.state.players) != data.ROCK_PLAYER_COUNT:
            return [violation("rock-not-allowed", RULE_ROCK, "rocks are used only in a 2-player game",
                              "action.tile")]
        rocks = sum(1 for t in ctx.board.tiles.values() if t.kind == data.ROCK)
        if rocks >= data.ROCKS_IN_TWO_PLAYER_GAME:
            return [violation("no-rock-left", RULE_ROCK, "both rocks are already on the board",
                              "action.tile")]
        if ctx.board.owned(name, data.ROCK):
            return [violation("no-rock-left", RULE_SETUP,
                              f"{name}'s rock is already on the board; each player has one",
                              "action.tile")]
        return []
    sides = data.CRITTER_SIDES if action.tile == "bird" else data.HELPER_SIDES
    if action.tile == "bird" and ctx.state.variant == "family":
        return [violation("critter-in-family-game", RULE_FAMILY,
                          "the family game plays without bird/rabbit tiles", "action.tile")]
    if ctx.board.owned(name, *sides):
        return [violation("already-on-board", RULE_PLACE,
                          f"{name}'s {'/'.join(sides)} tile is already on the board", "action.tile")]
    return ctx.no_free_disc(RULE_PLACE, f"the {action.tile}")


def coordinate_reading(ctx: Context, dice: list[int], at: Coord, turn: TurnSoFar,
                       rule: str) -> tuple[dict, list[Violation]]:
    """How two dice name `at`, using the player's sundial only when needed and allowed."""
    readings = dice_readings(dice, at)
    if not readings[0]["sundial"]:
        return readings[0], []
    has_sundial = bool(ctx.board.owned(ctx.player.name, "sundial"))
    reachable = [r for r in readings if sundial_allows(turn.sundial + r["sundial"])]
    if has_sundial and reachable:
        return reachable[0], []
    read = " or ".join(space_words((r['row_die'], r['column_die'])) for r in readings)
    if not has_sundial:
        why = f"and {ctx.player.name} has no sundial (sundial side up) on the board to change them"
    elif turn.sundial:
        why = f"and the sundial, already used this turn ({turn.sundial}), cannot reach it"
    else:
        why = "and a sundial changes one die by 1 or 2, or two dice by 1 each"
    return {}, [violation("dice-do-not-match", rule if not has_sundial else RULE_SUNDIAL,
                          f"dice {dice[0]} and {dice[1]} read {read}, not {space_words(at)}, {why}",
                          "action.dice")]


def _sun_problems(ctx: Context) -> list[Violation]:
    if ctx.player.sun_token:
        return []
    return [violation("no-sun-token", RULE_SUN,
                      f"{ctx.player.name} has already used their sun token", "action.player")]


# Buying, the dice and the sun token do not depend on the board (it only sharpens the disc
# count).
_NEEDS_NO_BOARD = {"buy", "sun_reroll", "sun_set_die", "reroll_equal_dice", "end_turn"}


# What the web pages show first: the rulebook's final-score example (Blue, 103) and its
# harvest example laid out on the house board (see tests/test_garden_dice_checks.py).
EXAMPLE_STATE: dict[str, Any] = {
    "variant": "standard",
    "players": [
        {"name": "Blue", "track": 58, "sun_token": True, "unplaced_seeds": 4,
         "harvested": {"squash": 2, "carrot": 3, "tomato": 4, "artichoke": 2, "eggplant": 2}},
        {"name": "Red", "track": 48, "sun_token": False, "unplaced_seeds": 1,
         "harvested": {"squash": 1, "carrot": 2, "tomato": 1, "artichoke": 1, "eggplant": 1}},
    ],
}


def _veggie(at: Coord, crop: str, owner: str) -> dict:
    return {"at": list(at), "kind": data.VEGGIE, "crop": crop, "owner": owner}


EXAMPLE_CHECK: Example = {
    "state": {
        "players": [{"name": name, "track": 0, "sun_token": True, "unplaced_seeds": 0, "harvested": {}}
                    for name in ("Yellow", "Green", "Red", "Blue")],
        "board": [_veggie((2, 3), "tomato", "Yellow"), _veggie((2, 2), "squash", "Yellow"),
                  _veggie((3, 3), "carrot", "Green"), _veggie((4, 3), "squash", "Green"),
                  _veggie((3, 4), "squash", "Red"),
                  {"at": [3, 2], "kind": "scarecrow", "owner": "Green"}],
    },
    "action": {"type": "harvest", "player": "Yellow", "at": [2, 3], "die": 3},
}

# --- the answer in words ---------------------------------------------------------------------------
def answer_in_words(state: GardenDiceState, action: Any, effects: dict[str, Any]) -> list[str]:
    """What a legal action does, in the players' words (Game.describe): every tile it reaches
    named by its owner, crop and space."""
    tiles = {_at(t.at): t for t in state.board or []}

    def tile_at(at: Sequence[int]) -> str:
        tile = tiles.get(_at(list(at)))
        return f"{describe(tile) if tile else 'the space'} on {space_words(at)}"

    who = getattr(action, "player", "")
    words = _ANSWER_WORDS.get(action.type)
    return words(who, action, effects, tile_at) if words else []


def _watered(who, action, effects, tile_at) -> list[str]:
    reached = [tile_at(at) for at in effects["watered"]]
    return [f"{who}'s water reaches {plural(len(reached), 'tile')} along the chain: {'; '.join(reached)}."]


def _harvested(who, action, effects, tile_at) -> list[str]:
    lines = [f"{who}'s harvest reaches {plural(len(effects['tiles']), 'veggie')} along the chain:"]
    for tile in effects["tiles"]:
        bonus = f", with the {tile['bonus']} bonus" if tile["bonus"] else ""
        lines.append(f"{tile['owner']}'s {tile['crop']} on {space_words(tile['at'])}: "
                     f"{plural(tile['points'], 'point')}{bonus}.")
    if effects.get("chain_bonus"):
        lines.append(f"{who} scores a chain bonus of {plural(effects['chain_bonus'], 'point')}.")
    lines.append("Points on the track: " + "; ".join(f"{name} {plural(points, 'point')}"
                                                     for name, points in effects["points"].items()) + ".")
    return lines


def _moved(who, action, effects, tile_at) -> list[str]:
    to = space_words(action.to)
    if not effects.get("eaten"):
        return [f"{who}'s critter moves from {space_words(action.from_)} to {to} and eats nothing."]
    eaten = effects["eaten"]
    line = f"{who}'s critter moves from {space_words(action.from_)} to {to} and eats {eaten['owner']}'s {eaten['crop']} {eaten['kind']} there"
    if effects.get("swallowed"):
        return [line + f", swallowing it whole (spitting out its seeds would take one more die of "
                       f"{effects['spit_out_die_needed']} or more)."]
    return [line + f"; it spits out the seeds: {who} takes {a_or_an(effects['spat_out'])} {effects['spat_out']} "
                   f"seed and has {plural(effects['unplaced_seeds'], 'unplaced seed')}."]


def _bought(who, action, effects, tile_at) -> list[str]:
    lines = [f"{who} buys {a_or_an(effects['bought'])} {effects['bought']} seed: "
             f"{plural(effects['unplaced_seeds'], 'unplaced seed')} and {plural(effects['free_discs'], 'free disc')} now."]
    if "stack_left" in effects:
        lines.append(f"The {effects['bought']} stack keeps {plural(effects['stack_left'], 'tile')}"
                     + (": that was the last seed of the stacks, the game ends." if effects.get("last_seed") else "."))
    return lines


def _placed(who, action, effects, tile_at) -> list[str]:
    what = f"{effects['crop']} seed" if effects.get("crop") else effects["tile"]
    changes = effects.get("sundial") or []
    sundial = (" after the sundial changes " + " and ".join(f"a die by {c:+d}" for c in changes)) if changes else ""
    return [f"{who} places {a_or_an(what)} {what} on {space_words(effects['placed'])}: the {effects['row_die']} "
            f"is the row die and the {effects['column_die']} the column die{sundial}."]


def _flipped(who, action, effects, tile_at) -> list[str]:
    return [f"The {effects['from']} on {space_words(effects['flipped'])} turns over to its {effects['to']} side."]


def _removed(who, action, effects, tile_at) -> list[str]:
    return [f"{tile_at(effects['removed'])} leaves the board (the six and dice of {effects['row_die']} and "
            f"{effects['column_die']}); {plural(effects['discs_returned'], 'disc')} "
            f"{'goes' if effects['discs_returned'] == 1 else 'go'} back to {effects['owner']}."]


def _sun(who, action, effects, tile_at) -> list[str]:
    what = ("rerolls all four dice" if action.type == "sun_reroll"
            else f"turns a {effects['die']['from']} into a {effects['die']['to']}")
    return [f"{who} spends the sun token and {what}; the token's {plural(effects['end_bonus_lost'], 'point')} "
            "at the game's end are lost."]


_ANSWER_WORDS: dict[str, Callable[..., list[str]]] = {
    "water": _watered, "harvest": _harvested, "move_critter": _moved, "buy": _bought, "place": _placed,
    "flip": _flipped, "remove_critter": _removed, "sun_reroll": _sun, "sun_set_die": _sun,
    "reroll_equal_dice": lambda who, *_: [f"Four equal dice: {who} rerolls all four."],
    "end_turn": lambda who, *_: [f"{who}'s turn is over."],
}


def page_data() -> dict:
    """House content for the game's web pages, from the same data the rules use."""
    return {
        "board_size": data.BOARD_SIZE,
        "stars": sorted([list(at) for at in data.STAR_SPACES]),
        "crops": [{"name": crop, "value": value} for crop, value in data.CROP_VALUES.items()],
        "stacks_at_start": data.SUPPLY_PER_CROP,  # tiles of each crop, by number of players
        "kinds": list(data.TILE_KINDS),
        "variants": list(data.VARIANTS),
        "colours": list(data.PLAYER_COLOURS),
        "max_players": data.MAX_PLAYERS,
        "min_players": data.MIN_PLAYERS,
    }


GAME = GardenDice(example_state=EXAMPLE_STATE, example_checks=[EXAMPLE_CHECK, *examples.CHECKS],
                  page_data=page_data, engine=GardenDiceEngine)
