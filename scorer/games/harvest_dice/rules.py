"""Harvest Dice rules: the state and action models, what makes a sheet impossible, final
scoring, and the rule checks for planting, feeding the pig, the last die and the end triggers.

Every number comes from data.py (the house score sheet); the choices the rulebook
leaves open are explained in docs/house-rules.md, "Harvest Dice".
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import MappingProxyType
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
    Text,
    Violation,
    at_most,
    not_over,
    player_named,
    violation,
    within,
)
from scorer.games.engine import Action as ActionJSON
from scorer.games.engine import State, Table
from scorer.games.harvest_dice import data, examples
from scorer.games.harvest_dice import engine as harvest_engine
from scorer.games.harvest_dice.engine import DraftMove, HarvestDiceEngine, drafts, drafts_done
from scorer.games.words import a_or_an, plural

RULE_SETUP = "Harvest Dice › Set-Up"
RULE_PLANT = "Harvest Dice › Game Play › Plant it"
RULE_RESTRICTIONS = "Harvest Dice › Game Play › Planting Restrictions"
RULE_FEED = "Harvest Dice › Game Play › Feed it"
RULE_POWERS = "Harvest Dice › Game Play › Pig Powers"
RULE_MARKET = "Harvest Dice › The Last Die & The Market"
RULE_END = "Harvest Dice › End Game"
RULE_SHEET = "Harvest Dice › Scoring (the house score sheet)"

# No circle count of the sheet goes past its pig pen (4 rows of 6); the rules check each closely.
Count = Annotated[int, Field(ge=0, le=data.PIG_ROWS * data.PIG_ROW_CIRCLES)]
PigPowers = at_most(data.PIG_ROWS * data.PIG_ROW_CIRCLES)
# The real sheet's pig pen size is lost (a bigger pig only warns): ten house pens is the bound.
PigCircles = Annotated[int, Field(ge=0, le=10 * data.PIG_ROWS * data.PIG_ROW_CIRCLES)]
# Literal types built from data.py, so the accepted names are the sheet's own. mypy cannot
# read a Literal built that way: to it these names are text.
if TYPE_CHECKING:
    DieColor = str
    Mode = str
else:
    DieColor = Literal[tuple(data.DIE_COLOR_CROP)]
    Mode = Literal[data.MODES]


# --- models --------------------------------------------------------------------------------

class Markets(StateModel):
    """Circles crossed during play in each shared market (the printed circle not counted)."""

    lettuce: Count = 0
    tomato: Count = 0
    carrot: Count = 0


class Player(StateModel):
    name: PlayerName
    garden: Annotated[list[Annotated[Text, Field(max_length=4 * data.GARDEN_ROWS)]], at_most(4 * data.GARDEN_ROWS)]
    pig: PigCircles = 0
    pig_powers_used: PigCircles = 0


class HarvestState(StateModel):
    mode: Mode = data.DEFAULT_MODE
    markets: Markets
    players: list[Player]


class Die(StateModel):
    color: DieColor
    value: Annotated[int, Field(ge=min(data.DIE_FACES), le=max(data.DIE_FACES))]


class PigPower(StateModel):
    """One pig power spent on the drafted die: its value one step "up" or "down", or (advanced
    game only) its "color" changed to `to`."""

    power: Literal["up", "down", "color"]
    to: DieColor | None = None


Space = Annotated[list[Annotated[int, within(4 * data.GARDEN_ROWS)]], Field(min_length=2, max_length=2)]


class PlantAction(StateModel):
    type: Literal["plant"]
    player: PlayerName
    die: Die
    at: Space
    pig_powers: Annotated[list[PigPower], PigPowers] = []


class FeedAction(StateModel):
    type: Literal["feed"]
    player: PlayerName
    die: Die
    pig_powers: Annotated[list[PigPower], PigPowers] = []


class LastDieAction(StateModel):
    """The round's last die: every player crosses a circle of the market of its colour."""

    type: Literal["last_die"]
    die: Die


Action = Annotated[PlantAction | FeedAction | LastDieAction, Field(discriminator="type")]


# --- the garden as a grid ------------------------------------------------------------------

Cell = tuple[int, int]  # 1-based (row, column)
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def garden_cells(garden: list[str]) -> dict[Cell, str]:
    """{(row, col): crop} of the planted spaces of a well-formed garden."""
    return {(r, c): data.LETTER_CROP[letter]
            for r, line in enumerate(garden, start=1)
            for c, letter in enumerate(line, start=1) if letter != data.EMPTY}


@lru_cache(maxsize=1024)  # by value: a drafter's every plant and feed weighed on a state reads one garden
def planted_cells(garden: tuple[str, ...]) -> Mapping[Cell, str]:
    """garden_cells of a garden, read-only: the same answer is handed to every check asking."""
    return MappingProxyType(garden_cells(list(garden)))


def crop_counts(garden: list[str]) -> dict[str, int]:
    planted = list(garden_cells(garden).values())
    return {crop: planted.count(crop) for crop in data.CROPS}


def full_rows(garden: list[str]) -> int:
    return sum(1 for line in garden if data.EMPTY not in line)


def patches(cells: set[Cell]) -> int:
    """How many orthogonally connected groups the cells form."""
    unseen, groups = set(cells), 0
    while unseen:
        groups += 1
        frontier = [unseen.pop()]
        while frontier:
            r, c = frontier.pop()
            for dr, dc in NEIGHBOURS:
                if (r + dr, c + dc) in unseen:
                    unseen.remove((r + dr, c + dc))
                    frontier.append((r + dr, c + dc))
    return groups


@lru_cache(maxsize=1024)  # by value: every state read judges each garden, and a step changes one
def split_crops(garden: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each crop of a well-formed garden that grows in more than one patch, with its patches."""
    cells = garden_cells(list(garden))
    found = []
    for crop in data.CROPS:
        groups = patches({cell for cell, planted in cells.items() if planted == crop})
        if groups > 1:
            found.append((crop, groups))
    return tuple(found)


def planting_problems(cells: Mapping[Cell, str], crop: str, value: int, at: Cell) -> list[tuple[str, str]]:
    """(code, message) for every reason `crop` on a die showing `value` may not go at `at`."""
    row, col = at
    if not (1 <= row <= data.GARDEN_ROWS and 1 <= col <= data.GARDEN_COLUMNS):
        return [("outside-garden", f"space {row},{col} is not in the garden "
                 f"({data.GARDEN_ROWS} rows, {data.GARDEN_COLUMNS} columns)")]
    found = []
    if col != value:
        found.append(("wrong-column", f"a die showing {value} is planted in column {value}, not column {col}"))
    if at in cells:
        found.append(("space-taken", f"row {row}, column {col} already holds a {cells[at]}"))
    elif crop in cells.values() and not any(cells.get((row + dr, col + dc)) == crop for dr, dc in NEIGHBOURS):
        found.append(("not-adjacent", f"this garden already has {crop}, so a new {crop} must touch one "
                      f"(above, below, left or right); row {row}, column {col} touches none"))
    return found


def column_report(cells: Mapping[Cell, str], crop: str, value: int) -> list[dict]:
    """Each space of the die's column and what, if anything, stops the die going there: the
    dispute page's "why not"."""
    return [{"at": [row, value], "problems": [code for code, _ in planting_problems(cells, crop, value, (row, value))]}
            for row in range(1, data.GARDEN_ROWS + 1)]


def plantable_spaces(cells: Mapping[Cell, str], crop: str, value: int) -> list[Cell]:
    """Every space where this die may be planted, top to bottom."""
    return [(row, value) for row in range(1, data.GARDEN_ROWS + 1)
            if not planting_problems(cells, crop, value, (row, value))]


def open_in(report: list[dict]) -> list[Cell]:
    """plantable_spaces read off the column's report, which has asked the same question of
    each space."""
    return [(entry["at"][0], entry["at"][1]) for entry in report if not entry["problems"]]


# --- end triggers --------------------------------------------------------------------------

def end_triggers(markets: dict[str, int], mode: str, players: list[tuple[str, list[str], int]]) -> list[dict]:
    """Every end trigger reached (End Game): a full garden, a full pig, a full market."""
    found = [{"trigger": "market-full", "market": crop}
             for crop, crossed in markets.items() if crossed >= data.market_capacity(mode)]
    for name, garden, pig in players:
        if full_rows(garden) == data.GARDEN_ROWS:
            found.append({"trigger": "garden-full", "player": name})
        if pig >= data.PIG_CIRCLES:
            found.append({"trigger": "pig-full", "player": name})
    return found


def market_counts(state: HarvestState) -> dict[str, int]:
    """The circles crossed in each market, in the sheet's order (the Markets model's dump,
    for a fifth of the cost: every check of a draft asks)."""
    return {crop: getattr(state.markets, crop) for crop in data.CROPS}


def state_triggers(state: HarvestState) -> list[dict]:
    return end_triggers(market_counts(state), state.mode,
                        [(p.name, p.garden, p.pig) for p in state.players])


@dataclass(frozen=True)
class HarvestReading(Reading[HarvestState]):
    """A state as the checks read it: every check of an action asks which end triggers the
    state has reached (state_triggers), so they are found once for all of them."""

    @cached_property
    def triggers(self) -> list[dict]:
        return state_triggers(self.state)


def end_effects(before: list[dict], after: list[dict]) -> dict:
    """The end-trigger part of every action's effects."""
    return {"end_triggered": bool(after), "end_triggers": after,
            "triggered_now": [t for t in after if t not in before]}


def _table_dice_warnings(state: HarvestState, rounds: int) -> list[Violation]:
    """All players together draft every die but the last each round, and each colour has a
    fixed number of dice, one of which was the last die whenever its market was crossed."""
    players = len(state.players)
    gardens = [crop_counts(p.garden) for p in state.players]
    taken = sum(sum(counts.values()) for counts in gardens) + sum(-(-p.pig // data.DIE_FACES[-1])
                                                                   for p in state.players)
    drafted = data.dice_drafted_per_round(players) * rounds
    found = []
    if taken > drafted:
        found.append(violation(
            "too-many-dice-for-table", RULE_MARKET,
            f"the sheets show at least {taken} dice planted or fed, but {players} players draft only "
            f"{drafted} dice in {plural(rounds, 'round')}", "players"))
    # A colour power (advanced game) turns a die of one colour into another.
    recoloured = sum(p.pig_powers_used for p in state.players) if state.mode in data.COLOR_POWER_MODES else 0
    markets = state.markets.model_dump()
    for crop in data.CROPS:
        planted = sum(counts[crop] for counts in gardens)
        dice = data.DICE_PER_COLOR[players] * rounds - markets[crop] + recoloured
        if planted > dice:
            color = data.CROP_DIE_COLOR[crop]
            found.append(violation(
                "too-many-of-a-colour", RULE_MARKET,
                f"{planted} {crop} are planted, but at most {dice} {color} dice were drafted in "
                f"{plural(rounds, 'round')} ({data.DICE_PER_COLOR[players]} {color} dice a round, less the "
                f"{markets[crop]} that {'was' if markets[crop] == 1 else 'were'} the last die{', plus colour powers' if recoloured else ''})",
                "players"))
    return found


# --- pig powers ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PoweredDie:
    color: str
    value: int

    @property
    def crop(self) -> str:
        return data.DIE_COLOR_CROP[self.color]

    def as_dict(self) -> dict:
        return {"color": self.color, "value": self.value}


def powers_left(player: Player) -> int:
    return data.pig_powers_earned(player.pig) - player.pig_powers_used


def apply_powers(mode: str, player: Player, die: Die, powers: list) -> tuple[PoweredDie, list[Violation]]:
    """The die after the declared pig powers, in order, and every reason they cannot be used."""
    found: list[Violation] = []
    available = powers_left(player)
    if len(powers) > available:
        found.append(violation(
            "no-pig-power", RULE_POWERS,
            f"{player.name} declares {plural(len(powers), 'pig power')} but has {max(available, 0)} unused "
            f"(one per completed pig row, {player.pig_powers_used} already used)", "action.pig_powers"))
    color, value = die.color, die.value
    for index, power in enumerate(powers):
        path = f"action.pig_powers[{index}]"
        if power.power == "color":
            if power.to is None:
                found.append(violation("power-needs-colour", RULE_POWERS,
                                       "a colour-changing pig power must say which colour the die becomes",
                                       f"{path}.to"))
            elif mode not in data.COLOR_POWER_MODES:
                found.append(violation("color-power-advanced-only", RULE_POWERS,
                                       "changing a die's colour is a pig power of the advanced game only", path))
            elif power.to == color:
                found.append(violation("power-changes-nothing", RULE_POWERS,
                                       f"the die is already {color}; a pig power must change it", path))
            else:
                color = power.to
            continue
        if power.to is not None:
            found.append(violation("power-takes-no-colour", RULE_POWERS,
                                   f"turning a die {power.power} does not change its colour; use a separate "
                                   f"colour power for that", f"{path}.to"))
        step = 1 if power.power == "up" else -1
        if not min(data.DIE_FACES) <= value + step <= max(data.DIE_FACES):
            found.append(violation("die-out-of-range", RULE_POWERS,
                                   f"a die showing {value} cannot be turned {power.power}: values stay "
                                   f"between {min(data.DIE_FACES)} and {max(data.DIE_FACES)}", path))
            continue
        value += step
    return PoweredDie(color, value), said_once(found)


def said_once(found: list[Violation]) -> list[Violation]:
    """Each problem once, at its first pig power, with how many of the declared powers share
    it: 21 powers up from a 6 are one problem, not 21 lines."""
    if not found:  # most pig powers are fine: nothing to count
        return []
    counts = Counter((v["code"], v["message"]) for v in found)
    once = []
    for v in found:
        shared = counts.pop((v["code"], v["message"]), 0)
        if shared:
            count = f" ({shared} of the declared pig powers)" if shared > 1 else ""
            once.append(violation(v["code"], v["rule"], v["message"] + count, v["path"]))
    return once


def reachable_with_powers(mode: str, die: PoweredDie, spare: int) -> list[tuple[PoweredDie, int]]:
    """Each other die this one could become with up to `spare` more pig powers, and the cost."""
    colors = data.DIE_COLOR_CROP if mode in data.COLOR_POWER_MODES else {die.color: None}
    options = []
    for color in colors:
        for value in data.DIE_FACES:
            cost = abs(value - die.value) + (color != die.color)
            if 0 < cost <= spare:
                options.append((PoweredDie(color, value), cost))
    return options


# --- the game ------------------------------------------------------------------------------

# --- the moves ---------------------------------------------------------------------------------
# One class per action type (scorer.games.engine.Move): its model, what the rulebook forbids
# (`check`), its transition, what it shows and its candidates. What every move shares on the
# table (the drafter, the die in the pool) is DraftMove's, in engine.py.

def with_powers(check, read: HarvestReading, action: PlantAction | FeedAction) -> CheckResult:
    """Planting and feeding both take the die as the declared pig powers leave it."""
    state = read.state
    index = next(i for i, player in enumerate(state.players) if player.name == action.player)
    die, found = apply_powers(state.mode, state.players[index], action.die, action.pig_powers)
    if found:
        return CheckResult(False, found)
    return check(state, index, action, die, read.triggers)


def _with_more_powers(mode, player, cells, die: PoweredDie, declared: int) -> list[dict]:
    """Spaces the die could reach if the player spent more of their unused pig powers:
    information only, since pig powers are never compulsory (house rule)."""
    spare = powers_left(player) - declared
    found = []
    for other, cost in reachable_with_powers(mode, die, spare):
        for cell in plantable_spaces(cells, other.crop, other.value):
            found.append({"at": list(cell), "crop": other.crop, "die": other.as_dict(), "powers": cost})
    return sorted(found, key=lambda option: (option["powers"], option["at"]))


def _triggers_with(state: HarvestState, index: int, garden=None, pig=None) -> list[dict]:
    players = [(p.name, p.garden, p.pig) for p in state.players]
    name, old_garden, old_pig = players[index]
    players[index] = (name, garden if garden is not None else old_garden, pig if pig is not None else old_pig)
    return end_triggers(market_counts(state), state.mode, players)


class PlantingMove(DraftMove):
    """Game Play: the drafter plants the die (as pig powers leave it) in their garden."""

    type, model = "plant", PlantAction

    def check(self, read: HarvestReading, action: PlantAction) -> CheckResult:
        return with_powers(self.planted, read, action)

    def planted(self, state: HarvestState, index: int, action: PlantAction, die: PoweredDie,
                before: list[dict]) -> CheckResult:
        """Plant: the die as its powers leave it, on a space of its column the rules allow."""
        player = state.players[index]
        cells = planted_cells(tuple(player.garden))
        at = (action.at[0], action.at[1])
        problems = planting_problems(cells, die.crop, die.value, at)
        rule_of = {"not-adjacent": RULE_RESTRICTIONS}
        found = [violation(code, rule_of.get(code, RULE_PLANT), message, "action.at") for code, message in problems]
        column = column_report(cells, die.crop, die.value)
        effects = {"die": die.as_dict(), "crop": die.crop, "pig_powers_spent": len(action.pig_powers),
                   "options": [list(cell) for cell in open_in(column)], "column": column}
        if found:
            return CheckResult(False, found, effects)
        spaces = [list(line) for line in player.garden]
        spaces[at[0] - 1][at[1] - 1] = data.CROP_LETTER[die.crop]
        garden = ["".join(line) for line in spaces]
        after = _triggers_with(state, index, garden=garden)
        effects.update({"planted": {"at": list(at), "crop": die.crop},
                        "ribbon": data.EMPTY not in garden[at[0] - 1]}, **end_effects(before, after))
        return CheckResult(True, [], effects)

    def transition(self, state: State, action: PlantAction, effects: dict[str, Any]) -> State:
        (row, col), letter = effects["planted"]["at"], data.CROP_LETTER[effects["planted"]["crop"]]
        garden = state["players"][harvest_engine.drafter(state)]["garden"]
        line = garden[row - 1]
        return self.drafted(state, action, effects,
                            {"garden": [*garden[:row - 1], line[:col - 1] + letter + line[col:], *garden[row:]]})

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        index = harvest_engine.drafter(before)
        old, new = before["players"][index], after["players"][index]
        cells = [(r, c) for r in range(data.GARDEN_ROWS) for c in range(data.GARDEN_COLUMNS)
                 if old["garden"][r][c] != new["garden"][r][c]]
        (row, col), = cells
        return {"pig_powers_spent": new["pig_powers_used"] - old["pig_powers_used"],
                "planted": {"at": [row + 1, col + 1], "crop": data.LETTER_CROP[new["garden"][row][col]]}}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each different die of the pool, turned by pig powers one way, in each row of the
        column it then shows."""
        if drafts_done(table.state):
            return []
        return [plant for _, plants in drafts(table.state) for plant in plants]


class FeedingMove(DraftMove):
    """Game Play: the drafter feeds the pig a die that cannot be planted."""

    type, model = "feed", FeedAction

    def check(self, read: HarvestReading, action: FeedAction) -> CheckResult:
        return with_powers(self.fed, read, action)

    def fed(self, state: HarvestState, index: int, action: FeedAction, die: PoweredDie,
            before: list[dict]) -> CheckResult:
        """Feed the pig: only a die that cannot be planted."""
        player = state.players[index]
        cells = planted_cells(tuple(player.garden))
        column = column_report(cells, die.crop, die.value)
        options = open_in(column)
        effects = {"die": die.as_dict(), "crop": die.crop, "pig_powers_spent": len(action.pig_powers),
                   "options": [list(cell) for cell in options], "column": column,
                   "plantable_with_more_powers": _with_more_powers(state.mode, player, cells, die,
                                                                         len(action.pig_powers))}
        if options:
            where = "; ".join(f"row {r}, column {c}" for r, c in options)
            return CheckResult(False, [violation(
                "could-plant", RULE_FEED,
                f"{a_or_an(die.color)} {die.color} {die.value} can still be planted ({die.crop} at {where}); only a die that "
                f"cannot be planted may be fed to the pig", "action")], effects)
        crossed = max(0, min(die.value, data.PIG_CIRCLES - player.pig))  # a full pig crosses nothing
        pig = player.pig + crossed
        rows_before = data.pig_rows_completed(player.pig)
        rows_after = data.pig_rows_completed(pig)
        after = _triggers_with(state, index, pig=pig)
        effects.update({"circles": crossed, "wasted": die.value - crossed, "pig": pig,
                        "rows_completed": list(range(rows_before + 1, rows_after + 1)),
                        "powers_unlocked": rows_after - rows_before, "pig_points": data.pig_points(pig)},
                       **end_effects(before, after))
        return CheckResult(True, [], effects)

    def transition(self, state: State, action: FeedAction, effects: dict[str, Any]) -> State:
        return self.drafted(state, action, effects, {"pig": effects["pig"]})

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        index = harvest_engine.drafter(before)
        old, new = before["players"][index], after["players"][index]
        return {"pig_powers_spent": new["pig_powers_used"] - old["pig_powers_used"], "pig": new["pig"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each different die of the pool, turned by pig powers one way."""
        if drafts_done(table.state):
            return []
        return [feed for feed, _ in drafts(table.state)]


class LastDieMove(DraftMove):
    """The Last Die & The Market: nobody takes it; its market is crossed, and a round in which
    a trigger was reached is the last; the start marker moves on."""

    type, model = "last_die", LastDieAction

    def check(self, read: HarvestReading, action: LastDieAction) -> CheckResult:
        state = read.state
        before = read.triggers
        market = data.DIE_COLOR_CROP[action.die.color]
        markets = market_counts(state)
        markets[market] += 1
        after = end_triggers(markets, state.mode, [(p.name, p.garden, p.pig) for p in state.players])
        effects = {"market": market, "crossed": markets[market],
                   "value": data.market_value(state.mode, markets[market]),
                   **end_effects(before, after),
                   # The market step closes the round; a round in which any trigger was reached
                   # is the last.
                   "game_over": bool(after)}
        return CheckResult(True, [], effects)

    def transition(self, state: State, action: LastDieAction, effects: dict[str, Any]) -> State:
        markets = {**state["markets"], effects["market"]: state["markets"][effects["market"]] + 1}
        return {**state, "markets": markets, "pool": None, "drafted": 0, "over": effects["game_over"],
                "start": (state["start"] + 1) % len(state["players"])}

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        crop = next(c for c in data.CROPS if after["markets"][c] != before["markets"][c])
        return {"market": crop, "crossed": after["markets"][crop], "game_over": after["over"]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        if not drafts_done(table.state):
            return []
        return [{"type": "last_die", "die": table.state["pool"][0]}]


MOVES: tuple[DraftMove, ...] = (FeedingMove(), PlantingMove(), LastDieMove())


class HarvestDice(Game[HarvestState]):
    id = data.GAME_ID
    title = data.TITLE
    item_words = {"dice": "die", "garden": "garden row", "at": "coordinate", "pig_powers": "pig power"}
    tiebreaker_words = {"veggies_planted": ("veggie planted", "veggies planted"),
                        "pig_circles": ("pig circle", "pig circles")}
    rulebook = "harvest-dice.md"
    state_model = HarvestState
    action_model = Action
    moves = MOVES
    min_players, max_players, roster_rule = data.MIN_PLAYERS, data.MAX_PLAYERS, RULE_SETUP

    # impossible states ------------------------------------------------------------------
    def state_violations(self, state: HarvestState) -> list[Violation]:
        found = self._market_violations(state)
        for index, player in enumerate(state.players):
            found += self._player_violations(index, player)
        return found

    def _market_violations(self, state: HarvestState) -> list[Violation]:
        capacity = data.market_capacity(state.mode)
        printed = data.PRINTED_CROSSED[state.mode]
        found = []
        for crop, crossed in market_counts(state).items():
            if crossed > capacity:
                note = (f", the first printed crossed, so at most {capacity} can be crossed during play "
                        f"(count only the circles crossed in play)") if printed else ""
                found.append(violation(
                    "market-overfull", RULE_SHEET,
                    f"the {crop} market has {data.MARKET_CIRCLES} circles{note}; {crossed} is too many",
                    f"markets.{crop}"))
        full = [crop for crop, crossed in market_counts(state).items() if crossed == capacity]
        if len(full) > 1:
            found.append(violation(
                "markets-two-full", RULE_END,
                f"the {' and '.join(full)} markets are both full, but filling one market ends the game "
                f"with that round's last die, so no second market can fill", "markets"))
        return found

    def _player_violations(self, index: int, player: Player) -> list[Violation]:
        where = f"players[{index}]"
        garden = tuple(player.garden)
        found = [] if _well_formed(garden) else self._garden_shape_violations(f"{where}.garden", player.garden)
        if not found:
            found += [violation("crop-split", RULE_RESTRICTIONS,
                                f"{player.name}'s {crop} grows in {groups} separate patches; after the first "
                                f"{crop}, every new one must touch another, so all of them form one patch",
                                f"{where}.garden") for crop, groups in split_crops(garden)]
        if player.pig and not found and not garden_cells(player.garden):
            found.append(violation(
                "pig-fed-with-nothing-planted", RULE_FEED,
                f"{player.name}'s pig has {plural(player.pig, 'circle')} crossed, but the garden is empty: a die "
                "may only be fed when it cannot be planted, and in an empty garden every die can be",
                f"{where}.pig"))
        earned = data.pig_powers_earned(player.pig)
        if player.pig_powers_used > earned:
            found.append(violation(
                "pig-powers-unearned", RULE_POWERS,
                f"{player.name} used {plural(player.pig_powers_used, 'pig power')} but completed only "
                f"{plural(earned, 'pig row')}; each completed row gives one power", f"{where}.pig_powers_used"))
        return found

    @staticmethod
    def _garden_shape_violations(path: str, garden: list[str]) -> list[Violation]:
        if len(garden) != data.GARDEN_ROWS:
            return [violation("garden-shape", RULE_SHEET,
                              f"a garden has {data.GARDEN_ROWS} rows, not {len(garden)}", path)]
        found = []
        allowed = set(data.LETTER_CROP) | {data.EMPTY}
        for row, line in enumerate(garden):
            if len(line) != data.GARDEN_COLUMNS:
                found.append(violation("garden-shape", RULE_SHEET,
                                       f"garden row {row + 1} has {plural(len(line), 'space')}, not {data.GARDEN_COLUMNS}",
                                       f"{path}[{row}]"))
            bad = sorted(set(line) - allowed)
            if bad:
                found.append(violation(
                    "garden-letter", RULE_SHEET,
                    f"garden row {row + 1} contains {', '.join(map(repr, bad))}; use L lettuce, "
                    f"T tomato, C carrot or . for an empty space", f"{path}[{row}]"))
        return found

    # unusual but possible ---------------------------------------------------------------
    def state_warnings(self, state: HarvestState) -> list[Violation]:
        found = [violation("pig-overfull", RULE_SHEET,
                           f"{p.name}'s pig shows {p.pig} circles, but the house sheet's pig has "
                           f"{data.PIG_CIRCLES} ({data.PIG_ROWS} rows of {data.PIG_ROW_CIRCLES}): scored as a full "
                           "pig; the real sheet's row count is unknown, so check the count against your sheet",
                           f"players[{i}].pig")
                 for i, p in enumerate(state.players) if p.pig > data.PIG_CIRCLES]
        if not state_triggers(state):
            found.append(not_over(RULE_END,
                "no end trigger was reached (no full garden, no full pig, no market with all circles "
                "crossed), so the game is not over yet", ""))
        found += self._round_warnings(state)
        return found

    @staticmethod
    def _round_warnings(state: HarvestState) -> list[Violation]:
        """Each round ends with one market circle crossed by the colour of its last die, and
        every other die is drafted, planted or fed (1 to 6 pig circles). A sheet whose veggies
        and pig do not fit the rounds the markets show was most likely mis-copied: a warning,
        because the round count is read from the markets the player typed. Once a market is
        full the game is over; otherwise one more round may be under way."""
        players = len(state.players)
        markets = state.markets.model_dump()
        rounds = sum(markets.values())
        under_way = 0 if any(crossed >= data.market_capacity(state.mode) for crossed in markets.values()) else 1
        fewest, most = data.drafts_per_player(players, rounds)
        most += under_way * data.drafts_per_player(players, 1)[1]
        found = []
        for index, player in enumerate(state.players):
            planted = len(garden_cells(player.garden))
            fewest_feeds = -(-player.pig // data.DIE_FACES[-1])
            # A die fed to a full pig crosses nothing, so a full pig may have eaten any number.
            most_feeds = None if player.pig >= data.PIG_CIRCLES else player.pig
            if planted + fewest_feeds > most:
                used = (f"planted {planted} and fed at least {plural(fewest_feeds, 'die')}" if fewest_feeds
                        else f"planted {plural(planted, 'die')}")
                found.append(violation(
                    "too-many-dice-for-rounds", RULE_MARKET,
                    f"{player.name} {used}, but a player "
                    f"drafts at most {most} dice in {plural(rounds, 'round')} the markets show"
                    f"{' and the one under way' if under_way else ''}", f"players[{index}]"))
            elif most_feeds is not None and planted + most_feeds < fewest:
                found.append(violation(
                    "too-few-dice-for-rounds", RULE_MARKET,
                    f"the markets show {plural(rounds, 'finished round')}, so {player.name} drafted at least "
                    f"{fewest} dice, but the sheet accounts for at most {planted + most_feeds}",
                    f"players[{index}]"))
        return found + _table_dice_warnings(state, rounds + under_way)

    # scoring ----------------------------------------------------------------------------
    def player_scores(self, state: HarvestState) -> list[PlayerScore]:
        markets = state.markets.model_dump()
        bonus = self._advanced_bonus(state) if state.mode == "advanced" else None
        scores = []
        for index, player in enumerate(state.players):
            counts = crop_counts(player.garden)
            breakdown = {crop: counts[crop] * data.market_value(state.mode, markets[crop]) for crop in data.CROPS}
            breakdown["ribbons"] = data.RIBBON_POINTS * full_rows(player.garden)
            breakdown["pig"] = data.pig_points(player.pig)
            if bonus is not None:
                breakdown["bonus"] = bonus[index]
            scores.append(PlayerScore(player.name, breakdown,
                                      {"veggies_planted": sum(counts.values()), "pig_circles": player.pig}))
        return scores

    @staticmethod
    def _advanced_bonus(state: HarvestState) -> list[int]:
        """5 points per category to every player tied for the most; nobody scores a category
        that nobody has any of."""
        tallies = []
        for player in state.players:
            tally = crop_counts(player.garden)
            tally["pig"] = player.pig
            tallies.append(tally)
        bonus = [0] * len(tallies)
        for category in data.ADVANCED_BONUS_CATEGORIES:
            best = max(tally[category] for tally in tallies)
            for index, tally in enumerate(tallies):
                if best > 0 and tally[category] == best:
                    bonus[index] += data.ADVANCED_BONUS_POINTS
        return bonus

    # rule checks ------------------------------------------------------------------------
    def action_players(self, action: Any) -> list[tuple[str, str]]:
        """The drafter a plant or feed names; the last die is nobody's. (Asking a last die's
        model for a player it has no field for costs more than the rest of its check.)"""
        return [] if action.type == "last_die" else [("action.player", action.player)]

    def read(self, state: HarvestState) -> HarvestReading:
        return HarvestReading(state)

    def refuse_action(self, reading: Reading[HarvestState], action) -> list[Violation]:
        triggers = reading.triggers if isinstance(reading, HarvestReading) else state_triggers(reading.state)
        finished = [t for t in triggers if t["trigger"] == "market-full"]
        if finished:
            return [violation(
                "game-over", RULE_END,
                f"the {finished[0]['market']} market is full, so the game ended with the round that "
                f"filled it; no more dice are taken", "markets")]
        return []

    def describe(self, state: HarvestState, action: Any, answer: dict[str, Any]) -> list[str]:
        return answer_in_words(state, action, answer["effects"])


@lru_cache(maxsize=1024)  # by value, as split_crops: most gardens of a state are the last state's
def _well_formed(garden: tuple[str, ...]) -> bool:
    """Whether a garden has the sheet's shape and marks (HarvestDice._garden_shape_violations)."""
    return not HarvestDice._garden_shape_violations("", list(garden))


# --- the answer in words ---------------------------------------------------------------------------
def _space(at: list[int]) -> str:
    return f"row {at[0]}, column {at[1]}"


def answer_in_words(state: HarvestState, action: Any, effects: dict[str, Any]) -> list[str]:
    """What the die does, in the players' words (Game.describe): where it is planted, what the
    pig gains, what the market pays, and for a die that cannot be planted why each space of its
    column is closed. Said for a refused move too, since where the die could go is the answer."""
    lines: list[str] = []
    if effects.get("planted"):
        planted = effects["planted"]
        lines.append(f"{action.player} plants {a_or_an(planted['crop'])} {planted['crop']} on {_space(planted['at'])}."
                     + (" That row is now full: a ribbon." if effects.get("ribbon") else ""))
    if "circles" in effects:
        wasted = effects["wasted"]
        lost = f"; {plural(wasted, 'pip')} {'is' if wasted == 1 else 'are'} lost, the pig is full" if wasted else ""
        lines.append(f"{action.player} feeds the die to the pig: {plural(effects['circles'], 'circle')} crossed, "
                     f"{effects['pig']} in all{lost}.")
        if effects.get("powers_unlocked"):
            rows = " and ".join(str(row) for row in effects["rows_completed"])
            lines.append(f"Pig row {rows} is full: {plural(effects['powers_unlocked'], 'new pig power')}.")
    if effects.get("market"):
        market = effects["market"]
        lines.append(f"Every player crosses a circle of the {market} market: each {market} is now worth "
                     f"{plural(effects['value'], 'point')}.")
    if effects.get("pig_powers_spent"):
        die = effects["die"]
        lines.append(f"{plural(effects['pig_powers_spent'], 'pig power')} spent: the die counts as "
                     f"{a_or_an(die['color'])} {die['color']} {die['value']}.")
    if "options" in effects and not effects.get("planted"):
        lines.append(_where_it_grows(state, action, effects))
    more = effects.get("plantable_with_more_powers") or []
    if more:
        best = more[0]
        lines.append(f"More pig powers could have planted it ({best['powers']} more would make it "
                     f"{a_or_an(best['die']['color'])} {best['die']['color']} {best['die']['value']} on "
                     f"{_space(best['at'])}), but pig powers are never compulsory.")
    for trigger in effects.get("triggered_now") or []:
        lines.append(f"This triggers the end of the game: {_trigger_words(trigger)}; the round is played to its end.")
    if effects.get("game_over"):
        lines.append("The game is over after this round.")
    return lines


def _where_it_grows(state: HarvestState, action: Any, effects: dict[str, Any]) -> str:
    options = effects["options"]
    if options:
        return f"This die can be planted on {'; '.join(_space(at) for at in options)}."
    garden = player_named(state, action.player).garden
    closed = []
    for space in effects["column"]:
        row, column = space["at"]
        letter = garden[row - 1][column - 1] if row <= len(garden) and column <= len(garden[row - 1]) else data.EMPTY
        because = [f"holds {a_or_an(data.LETTER_CROP.get(letter, 'crop'))} {data.LETTER_CROP.get(letter, 'crop')}"
                   if code == "space-taken" else f"touches no {effects['crop']}" if code == "not-adjacent" else code
                   for code in space["problems"]]
        closed.append(f"{_space(space['at'])} {' and '.join(because)}")
    return f"This die cannot be planted: {'; '.join(closed)}."


def _trigger_words(trigger: dict[str, Any]) -> str:
    if trigger["trigger"] == "market-full":
        return f"the {trigger['market']} market is full"
    if trigger["trigger"] == "garden-full":
        return f"{trigger['player']}'s garden is full"
    return f"{trigger['player']}'s pig is full"


# --- for the web pages -----------------------------------------------------------------------

def page_data() -> dict:
    """What the score and dispute pages draw the sheet from, read from data.py."""
    return {
        "modes": list(data.MODES), "default_mode": data.DEFAULT_MODE,
        "rows": data.GARDEN_ROWS, "columns": data.GARDEN_COLUMNS,
        "crops": [{"crop": crop, "letter": data.CROP_LETTER[crop], "shape": data.CROP_SHAPE[crop],
                   "die": data.CROP_DIE_COLOR[crop]} for crop in data.CROPS],
        "pig_rows": data.PIG_ROWS, "pig_row_circles": data.PIG_ROW_CIRCLES,
        "pig_row_values": list(data.PIG_ROW_VALUES),
        "market_circles": data.MARKET_CIRCLES, "printed_crossed": dict(data.PRINTED_CROSSED),
        "ribbon_points": data.RIBBON_POINTS,
        "players": {"min": data.MIN_PLAYERS, "max": data.MAX_PLAYERS},
    }


# The pages open on these (scorer.web.pages reads EXAMPLE_STATE and EXAMPLE_CHECK): a finished
# two-player basic game (the carrot market filled), and the rulebook's Susan, whose carrot
# cannot grow in column 5 and so may go to her pig.
EXAMPLE_STATE: dict[str, Any] = {
    "mode": "basic",
    "markets": {"lettuce": 3, "tomato": 1, "carrot": 5},
    "players": [{"name": "Bob", "garden": ["LLLTTC", "LLTTCC", "L..TCC"], "pig": 9, "pig_powers_used": 1},
                {"name": "Ann", "garden": ["CCCCC.", "TTLLL.", "TTLLL."], "pig": 14, "pig_powers_used": 1}],
}
EXAMPLE_CHECK: Example = {
    "state": {"mode": "basic", "markets": {"lettuce": 1, "tomato": 0, "carrot": 1},
              "players": [{"name": "Susan", "garden": [".L....", "......", "CC...."], "pig": 0,
                           "pig_powers_used": 0},
                          {"name": "Bob", "garden": ["......", "......", "......"], "pig": 0,
                           "pig_powers_used": 0}]},
    "action": {"type": "feed", "player": "Susan", "die": {"color": "orange", "value": 5}},
}


GAME = HarvestDice(example_state=EXAMPLE_STATE, example_checks=[EXAMPLE_CHECK, *examples.CHECKS],
                   page_data=page_data, engine=HarvestDiceEngine)
