"""Garden Dice's engine: each player rolls four dice and spends them on actions until none is
possible, then passes the dice; the game ends with the turn that takes the last seed.

The full state (version 2):
    {"variant": "standard", "board": [tiles as in the state format],
     "supply": {crop: tiles left in its stack},
     "players": [{"name", "track", "sun_token", "seeds": {crop: n bought, not placed}, "harvested": {crop: n}}],
     "current": i, "pool": [dice] or null before the roll,
     "turn": {"dice_spent", "bought", "sundial", "ate_from"}, "last_turn": false, "over": false}
`turn` is the action's "turn" field as `check` reads it. Chance outcomes are
{"chance": "roll", "dice": [d1, d2, d3, d4]}: at the start of a turn, after a sun reroll and
after four equal dice are rerolled. Chains, harvest points, eating, the sundial's reading and
the end of the game are the rules module's, reached through `check`'s effects.
"""
from __future__ import annotations

import heapq
import random
from collections.abc import Iterator, Sequence
from functools import cached_property
from itertools import groupby
from operator import itemgetter
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, ValidationError

from scorer.games.core import StateModel, Violation, violation, violations_from_error
from scorer.games.engine import (
    LOG_RULE,
    RANDOM_ACTIONS,
    Action,
    Chance,
    Engine,
    Judged,
    Move,
    Outcome,
    Run,
    State,
    Table,
)
from scorer.games.garden_dice import data

RULE_TURN = f"{data.TITLE} › On Your Turn"
SIZE = data.BOARD_SIZE
# The spaces a sundial may make two dice name: one die changed by 1 or 2, or both by 1.
SUNDIAL_REACH = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) <= 2]
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))
ACTION_TYPES = ("buy", "place", "water", "harvest", "flip", "move_critter", "remove_critter", "sun_set_die",
                "sun_reroll", "reroll_equal_dice", "end_turn")
# The die actions in the order the engine weighs whether any is legal: those most often legal
# first, a placement (none while nothing is held) and a critter's move, and the buys, twenty
# refused at once when no disc is free, after the waterings and harvests. Over simulated games
# this weighs a fifth fewer actions than the moves' own order.
DIE_ACTIONS_WEIGHED = ("place", "move_critter", "water", "harvest", "buy", "flip", "remove_critter")
# The same for the actions that spend no die: the sun setting a die first (legal whenever the
# sun is held), its reroll only before any die is spent.
FREE_ACTIONS_WEIGHED = ("sun_set_die", "sun_reroll", "reroll_equal_dice")
SPECIAL_TILES = (("bird", data.CRITTER_SIDES), ("sundial", data.HELPER_SIDES), (data.ROCK, (data.ROCK,)))



# A recorded roll is exactly four dice, each a whole number from 1 to 6 (3.0, true or "3" is
# no face of a die), and nothing else.
class Roll(StateModel):
    chance: Literal["roll"]
    dice: Annotated[list[Annotated[int, Field(ge=min(data.DIE_FACES), le=max(data.DIE_FACES))]],
                    Field(min_length=data.DICE, max_length=data.DICE)]


class DiceTable(Table[Any]):
    """A Garden Dice table, with what every move's candidates ask of it read once."""

    @cached_property
    def acting(self) -> tuple[str, dict[str, Any], list[dict]]:
        """The acting player's name, the turn record and the player's own tiles on the board."""
        state = self.state
        name = state["players"][state["current"]]["name"]
        return name, state["turn"], [t for t in state["board"] if t.get("owner") == name]

    @cached_property
    def die_action_left(self) -> bool:
        """Whether a die of the pool still allows an action, even an undesired one: asked
        by whether the turn goes on and by every `end_turn` judged on this table, and
        weighed once."""
        engine = self.engine
        assert isinstance(engine, GardenDiceEngine)
        return engine.any_legal(self, engine.die_actions(self))


class DiceMove(Move[Any]):
    """What every Garden Dice move shares, on the table: it is the acting player's turn, the
    action's turn record is this turn's, the dice it names are in the pool; and its
    transition spends its dice (and the sundial's changes) before doing its own part. Each
    action type's move (rules.py) adds its model, its check, its part of the transition, what
    the transition shows and its candidates."""

    spends_dice: ClassVar[bool] = True  # a die action (the turn goes on while one is legal)

    def dice_spent(self, action: Any) -> list[int]:
        """The dice of the pool the action spends."""
        return []

    def dice_named(self, action: Any) -> list[int]:
        """The dice of the pool the action uses: those it spends by default."""
        return self.dice_spent(action)

    def turn_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        state = table.state
        player = state["players"][state["current"]]["name"]
        if action.player != player:
            return [violation("out-of-turn", RULE_TURN, f"it is {player}'s turn", "action.player")]
        return []

    def table_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        """The turn so far and the dice in the pool: what only the table sees."""
        state = table.state
        turn = action.turn  # its fields are plain JSON values
        wrong = [key for key in TURN_WORDS if getattr(turn, key) != state["turn"][key]]
        if wrong:
            said = "; ".join(f"{TURN_WORDS[key]} {_turn_words(state['turn'][key])}, not "
                             f"{_turn_words(getattr(turn, key))}"
                             for key in wrong)
            return [violation("wrong-turn-record", RULE_TURN, f"this turn so far has {said}",
                              f"action.turn.{wrong[0]}")]
        if not _in_pool(self.dice_named(action), state["pool"]):
            return [violation("die-not-in-pool", RULE_TURN, f"the dice left are {state['pool']}", "action")]
        return []

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        state = copy_state(state)
        turn = state["turn"]
        for die in self.dice_spent(action):
            state["pool"].remove(die)
            turn["dice_spent"] += 1
        turn["sundial"] += effects.get("sundial", [])
        board = {tuple(t["at"]): t for t in state["board"]}
        self.play(state, board, action, effects)
        state["board"] = sorted(board.values(), key=lambda t: t["at"])
        return state

    def play(self, state: State, board: dict[tuple[int, int], dict], action: Any, effects: dict[str, Any]) -> None:
        """The move's own part of the transition, on a copy of the state and its board by
        space (the dice are spent already)."""


class GardenDiceEngine(Chance, Engine):
    version = 2
    option_choices = {"variant": data.VARIANTS}
    option_defaults = {"variant": "standard"}  # the rulebook's game, its variant left out
    # Drawn uniformly, the sun is spent in every game and `end_turn` never comes: at nine steps
    # in ten the random player tries every other action first, so some players keep the sun.
    held_back = {"sun_set_die": 0.9, "sun_reroll": 0.9}
    house_rules = (
        "Garden Dice: the house board and scoring track (docs/house-rules.md, Garden Dice)",
        "Garden Dice: the first listed player starts",
        "Garden Dice: a seed kept by spitting it out does not count against the two seeds of a crop bought in a turn",
        "Garden Dice: four equal dice may be rerolled whenever none is spent yet, even when the sun made them equal",
        "Garden Dice: when the dice left allow no action, the turn is over unless the player may still use the "
        "sun or reroll four equal dice; then the player does so or ends the turn (end_turn)",
    )

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        supply = data.SUPPLY_PER_CROP[len(names)]
        return {"variant": options["variant"], "board": [], "supply": dict.fromkeys(data.CROPS, supply),
                "players": [{"name": name, "track": 0, "sun_token": True, "seeds": {}, "harvested": {}}
                            for name in names],
                "current": data.FIRST_PLAYER, "pool": None, "turn": fresh_turn(), "last_turn": False,
                "over": False}

    def read(self, state: State | Table[Any]) -> Table[Any]:
        return state if isinstance(state, Table) else DiceTable(self, state)

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        return "roll" if state["pool"] is None and not state["over"] else None

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        return {"chance": "roll", "dice": [rng.choice(data.DIE_FACES) for _ in range(data.DICE)]}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        try:
            Roll.model_validate(outcome)
        except ValidationError as error:
            return violations_from_error(error, LOG_RULE, "chance", item_words=self.game.item_words)
        return []

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        return self.advance_chance(self.read(state), outcome).state

    def advance_chance(self, table: Table[Any], outcome: Outcome, reached: Table[Any] | None = None) -> Table[Any]:
        """The roll in the pool, and the dice passing at once when it allows no action."""
        return self.settle_unless_reached(self.read({**table.state, "pool": list(outcome["dice"])}), reached)

    # actions ------------------------------------------------------------------------------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """Every die action the pool and the pieces allow, the sun's uses, the reroll of four
        equal dice, and ending the turn (`candidate_runs`, laid end to end)."""
        return [action for _, run in self.candidate_runs(self.read(state), rng) for action in run]

    def candidate_runs(self, table: Table[Any], rng: random.Random) -> list[tuple[str, Run]]:
        """The moves' candidates, waterings and harvests tile by tile, each move's as the draw
        takes them (`drawable`: the many placements and critter moves are made only when
        drawn). They share one copy of the turn record, not the state's own."""
        table = self.read({**table.state, "turn": copy_turn(table.state["turn"])})
        moves = self.game.move_of
        runs = [(kind, moves[kind].drawable(table)) for kind in ("move_critter", "place", "buy")]
        tended = heapq.merge(moves["water"].candidates(table), moves["harvest"].candidates(table),
                             key=lambda action: (action["at"], action["die"]))
        runs += [(kind, list(run)) for kind, run in groupby(tended, key=itemgetter("type"))]
        runs += [(move.type, move.drawable(table)) for move in self.game.moves[self.game.moves.index(moves["flip"]):]]
        return runs

    def die_actions(self, table: Table[Any]) -> Iterator[Action]:
        """Every action that spends dice of the pool, as the pieces allow, in the order of
        DIE_ACTIONS_WEIGHED: when the question is whether any is legal (the answer is the same
        in any order), the first legal one ends the search."""
        moves = self.game.move_of
        for kind in DIE_ACTIONS_WEIGHED:
            yield from moves[kind].candidates(table)

    def free_actions(self, table: Table[Any]) -> Iterator[Action]:
        """What the player may do without spending a die (the sun's uses, the reroll of four
        equal dice), the ending of the turn left out, in the order of FREE_ACTIONS_WEIGHED."""
        moves = self.game.move_of
        for kind in FREE_ACTIONS_WEIGHED:
            yield from moves[kind].candidates(table)

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Any action type by any player, with dice in or out of the pool, any space, any
        tile, a turn record now and then not this turn's."""
        found = []
        for _ in range(RANDOM_ACTIONS):
            kind = rng.choice(ACTION_TYPES)
            action = {"type": kind, "player": rng.choice(state["players"])["name"],
                      **_random_fields(kind, state, rng), "turn": copy_turn(state["turn"])}
            if rng.random() < 0.1:
                action["turn"] = {**state["turn"], "dice_spent": rng.randint(0, 4)}
            found.append(action)
        return found

    def parse_action(self, table: Table[Any], raw_action: Any) -> Any:
        """A log written by hand may leave out the turn record, or some of its fields: what
        is left out is this turn's so far, as the table knows it."""
        state = table.state
        if isinstance(raw_action, dict) and state["pool"] is not None:
            given = raw_action.get("turn", {})
            if isinstance(given, dict) and not given.keys() >= state["turn"].keys():
                raw_action = {**raw_action, "turn": {**state["turn"], **given}}
        return self.game.parse_action(raw_action)

    def apply_on(self, table: Table[Any], raw_action: Any, judged: Judged | None = None,
                 reached: Table[Any] | None = None) -> Table[Any]:
        """As every engine applies an action, except that an `end_turn` written after the dice
        already passed (the turn ended by itself when no die allowed an action), by the player
        whose turn ended last, is accepted and changes nothing: a log written by hand may say
        so."""
        if _ends_a_turn_already_over(table.state, raw_action):
            return table
        return super().apply_on(table, raw_action, judged, reached)

    def settle(self, table: Table[Any]) -> Table[Any]:
        """The turn goes on while a die left allows an action, or while the player may still
        use the sun or reroll four equal dice (or end the turn instead); otherwise the dice
        pass on, or the game ends after the turn that took the last seed. The few actions
        that spend no die are asked first: while the sun token is held, changing a die is
        legal, and the answer comes before any of the many die actions is weighed. A table
        waiting for the roll (or over) stays as it is."""
        pool = table.state["pool"]
        if pool is None or table.state["over"]:
            return table
        assert isinstance(table, DiceTable)
        if pool and (self.any_legal(table, self.free_actions(table)) or table.die_action_left):
            return table
        return self.read(pass_dice(table.state))

    def is_over(self, state: State) -> bool:
        return state["over"]

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        """The score JSON, with the stacks and each player's seeds by crop that `check` reads."""
        return {"variant": state["variant"], "board": [dict(t) for t in state["board"]],
                "supply": dict(state["supply"]),
                "players": [{"name": p["name"], "track": p["track"], "sun_token": p["sun_token"],
                             "unplaced_seeds": sum(p["seeds"].values()), "seeds": dict(p["seeds"]),
                             "harvested": dict(p["harvested"])}
                            for p in state["players"]]}


def _random_fields(kind: str, state: State, rng: random.Random) -> dict[str, Any]:
    """The fields of a random action of this type: dice mostly from the pool, spaces on the
    board or just off it. Dice are listed as the candidates list them (lowest first), which
    the rules read in any order."""
    pool = state["pool"]
    die = rng.choice(pool) if rng.random() < 0.7 else rng.randint(1, 6)
    space = [rng.randint(0, SIZE + 1), rng.randint(1, SIZE)]
    if kind in ("buy", "water", "harvest", "flip"):
        return {"crop": rng.choice(data.CROPS), "die": die} if kind == "buy" else {"at": space, "die": die}
    if kind == "place":
        tile = rng.choice(("seed", "bird", "sundial", "rock", "rabbit"))
        crop = {"crop": rng.choice(data.CROPS)} if rng.random() < 0.6 else {}
        return {"tile": tile, **crop, "dice": sorted(rng.sample(pool, 2) if len(pool) > 1 else [die, die]),
                "at": space}
    if kind == "move_critter":
        spit = {"spit_out_die": rng.choice(pool)} if rng.random() < 0.3 else {}
        start = list(rng.choice([t["at"] for t in state["board"]] or [space]))
        return {"from": start, "to": [rng.randint(1, SIZE), rng.randint(1, SIZE)], "die": die, **spit}
    if kind == "remove_critter":
        return {"at": space, "dice": sorted([die, rng.randint(1, 6), data.SIX])}
    if kind == "sun_set_die":
        return {"die": die, "to": rng.choice(data.DIE_FACES)}
    if kind == "reroll_equal_dice":
        return {"dice": [die] * data.DICE if rng.random() < 0.5 else sorted(pool)}
    return {}  # sun_reroll, end_turn


# The turn record's fields in words, for a record that is not this turn's.
TURN_WORDS = {"dice_spent": "dice spent", "bought": "seeds bought", "sundial": "sundial changes",
              "ate_from": "tiles eaten from"}


def _turn_words(value: Any) -> str:
    """A field of the turn record as a player would say it: 2, "1 carrot", "-1", "none"."""
    if isinstance(value, dict):
        return ", ".join(f"{n} {crop}" for crop, n in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def fresh_turn() -> dict[str, Any]:
    return {"dice_spent": 0, "bought": {}, "sundial": [], "ate_from": []}


def pass_dice(state: State) -> State:
    """The turn is over: the dice pass clockwise, or the game ends after the last seed's turn."""
    if state["last_turn"]:
        return {**state, "over": True}
    return {**state, "pool": None, "turn": fresh_turn(), "current": (state["current"] + 1) % len(state["players"])}


def _ends_a_turn_already_over(state: State, raw_action: Any) -> bool:
    """Whether the action is an `end_turn` by the player whose turn ended last, while the
    next turn's roll (or nothing, the game being over) is all that can come: a no-op. Before
    the first turn no turn has ended."""
    if not isinstance(raw_action, dict) or raw_action.get("type") != "end_turn":
        return False
    players = state["players"]
    if state["over"]:
        return raw_action.get("player") == players[state["current"]]["name"]
    untouched = (not state["board"] and all(p["track"] == 0 and p["sun_token"] and not p["seeds"] for p in players)
                 and all(left == data.SUPPLY_PER_CROP[len(players)] for left in state["supply"].values()))
    if state["pool"] is not None or state["turn"] != fresh_turn() or untouched:
        return False
    return raw_action.get("player") == players[(state["current"] - 1) % len(players)]["name"]


def copy_state(state: State) -> State:
    return {**state, "board": [dict(t) for t in state["board"]], "supply": dict(state["supply"]),
            "players": [{**p, "seeds": dict(p["seeds"]), "harvested": dict(p["harvested"])} for p in state["players"]],
            "pool": list(state["pool"]), "turn": copy_turn(state["turn"])}


def copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    return {**turn, "bought": dict(turn["bought"]), "sundial": list(turn["sundial"]), "ate_from": list(turn["ate_from"])}


def add_to(counts: dict[str, int], crop: str, n: int) -> None:
    """Add n to counts[crop], leaving out a crop that reaches none (the JSON lists only what is held)."""
    counts[crop] = counts.get(crop, 0) + n
    if not counts[crop]:
        del counts[crop]


def player_state(state: State, name: str) -> dict:
    return next(p for p in state["players"] if p["name"] == name)


def _in_pool(dice: list[int], pool: list[int]) -> bool:
    """Whether the pool holds all these dice (a value named twice needs two such dice). A
    few dice at most: counting them beats building a Counter at every judgement."""
    return all(dice.count(die) <= pool.count(die) for die in dice)


def without_die(pool: list[int], die: int) -> list[int]:
    """The pool with one die of this value set aside."""
    rest = list(pool)
    rest.remove(die)
    return rest


def straight_lines(start: list[int], dice: list[int]) -> list[tuple[int, tuple[int, int]]]:
    """(die, space) for every space on the board in a straight line from `start` within each die."""
    r, c = start
    return [(die, (r + dr * k, c + dc * k)) for die in dice for dr, dc in DIRECTIONS for k in range(1, die + 1)
            if 1 <= r + dr * k <= SIZE and 1 <= c + dc * k <= SIZE]
