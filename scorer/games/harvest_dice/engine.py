"""Harvest Dice's engine: roll the pool, draft every die but the last, cross the last die's
market, pass the start player marker, until a round in which an end trigger was reached.

The full state (version 1) is the score JSON with the table around it:
    {"mode": "basic", "markets": {...}, "players": [{"name", "garden", "pig", "pig_powers_used"}],
     "start": i, "pool": [{"color", "value"}] or null before the roll, "drafted": n, "over": false}
Chance outcomes are {"chance": "roll", "dice": [{"color", "value"}, ...]}, every die of the
player count, greens first, then reds, then oranges. Where a die may go, what feeding crosses
and when the game ends are the rules module's, reached through `check`'s effects.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from scorer.games.core import StateModel, Text, Violation, violation, violations_from_error
from scorer.games.engine import LOG_RULE, RANDOM_ACTIONS, Action, Chance, Engine, Move, Outcome, State, Table
from scorer.games.harvest_dice import data
from scorer.games.words import a_or_an, plural

RULE_PLAY = f"{data.TITLE} › Game Play"
RULE_LAST_DIE = f"{data.TITLE} › The Last Die & The Market"
COLORS = tuple(data.DIE_COLOR_CROP)
STEPS = {"up": 1, "down": -1}


# A recorded roll holds every die of the pool as {"color", "value"} and nothing else: a value
# is a whole number from 1 to 6 (3.0, true or "3" is no face of a die). Which colours, how
# many and in what order is judged by chance_violations.
class RolledDie(StateModel):
    color: Text
    value: Annotated[int, Field(ge=min(data.DIE_FACES), le=max(data.DIE_FACES))]


class Roll(StateModel):
    chance: Literal["roll"]
    dice: Annotated[list[RolledDie], Field(max_length=len(COLORS) * max(data.DICE_PER_COLOR.values()))]


class DraftMove(Move[Any]):
    """What every Harvest Dice move shares on the table: the drafter takes the next die (the
    last die is nobody's), and the die is in the pool. Each action type's move (rules.py)
    adds its model, its check, its transition, what it shows and its candidates."""

    def turn_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        state = table.state
        if action.type == "last_die" or drafts_done(state):
            return []
        player = state["players"][drafter(state)]["name"]
        if action.player != player:
            return [violation("out-of-turn", RULE_PLAY, f"it is {player}'s turn to take a die", "action.player")]
        return []

    def table_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        state = table.state
        die = _as_json(action.die)
        if action.type == "last_die":
            if not drafts_done(state):
                left = len(state["pool"]) - 1
                return [violation("not-last-die", RULE_LAST_DIE, f"the last die comes once the others are drafted: "
                                                            f"{left} more to draft", "action")]
            last = state["pool"][0]
            if die != last:
                return [violation("not-the-last-die", RULE_LAST_DIE,
                                  f"the last die is {a_or_an(last['color'])} {last['color']} {last['value']}",
                                  "action.die")]
            return []
        if drafts_done(state):
            return [violation("last-die-stays", RULE_LAST_DIE, "only one die is left: nobody takes it, every player "
                                                          "crosses its market", "action")]
        if die not in state["pool"]:
            return [violation("die-not-in-pool", RULE_PLAY, f"the pool holds no {die['color']} {die['value']}",
                              "action.die")]
        return []

    def drafted(self, state: State, action: Any, effects: dict[str, Any], change: dict[str, Any]) -> State:
        """The state after the drafter took the action's die: the pig powers spent, the
        player's sheet changed by `change`, the die out of the pool."""
        players = [dict(p) for p in state["players"]]
        player = players[drafter(state)]
        player["pig_powers_used"] += effects["pig_powers_spent"]
        player.update(change)
        pool = list(state["pool"])
        pool.remove(_as_json(action.die))
        return {**state, "players": players, "pool": pool, "drafted": state["drafted"] + 1}


class HarvestDiceEngine(Chance, Engine):
    version = 1
    option_choices = {"mode": data.MODES}
    option_defaults = {"mode": "basic"}  # the rulebook's game, its variant left out
    house_rules = (
        "Harvest Dice: the house score sheet (docs/house-rules.md, Harvest Dice)",
        "Harvest Dice: the first listed player is the first start player",
        "Harvest Dice: pig powers are never compulsory",
    )
    # The candidates write each move one way (pig powers all one way, a colour change first,
    # `pig_powers` always given): the same move with its powers in another order, or up and
    # down mixed, is legal too, and every such list would run to thousands of candidates.
    candidates_complete = False
    # Drawn uniformly, feeding (legal with any die) fills a pig long before any garden: at three
    # steps in four the random player plants when it can, so the full garden ends games too.
    held_back = {"feed": 0.75}

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        blank = [data.EMPTY * data.GARDEN_COLUMNS] * data.GARDEN_ROWS
        return {"mode": options["mode"], "markets": {crop: 0 for crop in data.CROPS},
                "players": [{"name": name, "garden": list(blank), "pig": 0, "pig_powers_used": 0}
                            for name in names],
                "start": data.FIRST_PLAYER, "pool": None, "drafted": 0, "over": False}

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        return "roll" if state["pool"] is None and not state["over"] else None

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        return {"chance": "roll", "dice": [{"color": color, "value": rng.choice(data.DIE_FACES)}
                                           for color in _dice_colors(state)]}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        try:
            Roll.model_validate(outcome)
        except ValidationError as error:
            return violations_from_error(error, LOG_RULE, "chance", item_words=self.game.item_words)
        rolled = Counter(die["color"] for die in outcome["dice"])
        per_color = data.DICE_PER_COLOR[len(state["players"])]
        wrong = [color for color in (*COLORS, *rolled) if rolled[color] != (per_color if color in COLORS else 0)]
        if wrong:
            return [violation("wrong-roll", data.TITLE + " › Set-Up",
                              f"with {len(state['players'])} players the pool is {plural(per_color, 'die')} of each "
                              f"colour (green, red and orange); this roll has {rolled[wrong[0]]} {wrong[0]}",
                              "chance.dice")]
        return []

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        """The pool in colour order (greens, reds, oranges), however the roll listed it."""
        pool = sorted(outcome["dice"], key=lambda die: COLORS.index(die["color"]))
        return {**state, "pool": [dict(die) for die in pool], "drafted": 0}

    # actions ------------------------------------------------------------------------------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """The last die, or for the drafter: each different die of the pool, turned by its
        pig powers the same way (up, down, or to another colour in the advanced game: a power
        up then down changes nothing), fed or planted in any row of the column it then shows:
        the moves' candidates, each die's feeding before its plantings."""
        if drafts_done(state):
            return [{"type": "last_die", "die": state["pool"][0]}]
        return [action for feed, plants in drafts(state) for action in (feed, *plants)]

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Any type, any player, any die (now and then one that is no die), any space, any
        pig powers."""
        found = []
        for _ in range(RANDOM_ACTIONS):
            kind = rng.choice(("plant", "plant", "feed", "last_die"))
            die = rng.choice(state["pool"]) if rng.random() < 0.7 else {
                "color": rng.choice((*COLORS, "blue")), "value": rng.choice((*data.DIE_FACES, 0, 7))}
            if kind == "last_die":
                found.append({"type": kind, "die": die})
                continue
            player = rng.choice(state["players"])["name"]
            powers = [{"power": rng.choice(("up", "down", "color"))} for _ in range(rng.choice((0, 0, 1, 2)))]
            for power in powers:
                if power["power"] == "color" or rng.random() < 0.1:
                    power["to"] = rng.choice(COLORS)
            action = {"type": kind, "player": player, "die": die, "pig_powers": powers}
            if kind == "plant":
                action["at"] = [rng.randint(0, data.GARDEN_ROWS + 1), rng.randint(0, data.GARDEN_COLUMNS + 1)]
            found.append(action)
        return found

    def is_over(self, state: State) -> bool:
        return state["over"]

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        return {"mode": state["mode"], "markets": dict(state["markets"]),
                "players": [dict(p) for p in state["players"]]}


def _as_json(die: Any) -> dict[str, Any]:
    """A parsed die as the pool holds it (its model_dump, at a tenth of the cost)."""
    return {"color": die.color, "value": die.value}


def _dice_colors(state: State) -> list[str]:
    per_color = data.DICE_PER_COLOR[len(state["players"])]
    return [color for color in COLORS for _ in range(per_color)]


def drafts_done(state: State) -> bool:
    return state["drafted"] == data.dice_drafted_per_round(len(state["players"]))


def drafter(state: State) -> int:
    return (state["start"] + state["drafted"]) % len(state["players"])


def drafts(state: State) -> list[tuple[Action, list[Action]]]:
    """For each different die of the pool and each use of the drafter's spare pig powers
    that turns it one way: feeding it, and planting it in each row of the column it shows."""
    player = state["players"][drafter(state)]
    spare = data.pig_rows_completed(player["pig"]) - player["pig_powers_used"]
    found = []
    for die in _distinct(state["pool"]):
        for powers, value in _power_uses(state["mode"], die, spare):
            feed = {"type": "feed", "player": player["name"], "die": die, "pig_powers": powers}
            found.append((feed, [{**feed, "type": "plant", "at": [row, value]}
                                 for row in range(1, data.GARDEN_ROWS + 1)]))
    return found


def _distinct(pool: list[dict]) -> list[dict]:
    return [die for i, die in enumerate(pool) if die not in pool[:i]]


def _power_uses(mode: str, die: dict, spare: int) -> list[tuple[list[dict], int]]:
    """(pig powers, the value they leave) for each use of up to `spare` powers that moves the
    die one way, with at most one colour change in the advanced game."""
    colors: list[str | None] = [None]
    if mode in data.COLOR_POWER_MODES:
        colors += [color for color in COLORS if color != die["color"]]
    found = []
    for color in colors:
        recolour = [] if color is None else [{"power": "color", "to": color}]
        for direction, step in STEPS.items():
            for count in range(0 if direction == "up" else 1, spare - len(recolour) + 1):
                value = die["value"] + step * count
                if min(data.DIE_FACES) <= value <= max(data.DIE_FACES):
                    found.append((recolour + [{"power": direction}] * count, value))
    return found
