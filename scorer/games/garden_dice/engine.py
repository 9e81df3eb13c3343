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

import random
from collections.abc import Iterator, Sequence
from itertools import chain, combinations
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from scorer.games.core import StateModel, Violation, violation, violations_from_error
from scorer.games.engine import LOG_RULE, RANDOM_ACTIONS, Action, Engine, Outcome, State
from scorer.games.garden_dice import data

RULE_TURN = f"{data.TITLE} › On Your Turn"
SIZE = data.BOARD_SIZE
# The spaces a sundial may make two dice name: one die changed by 1 or 2, or both by 1.
SUNDIAL_REACH = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) <= 2]
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))
ACTION_TYPES = ("buy", "place", "water", "harvest", "flip", "move_critter", "remove_critter", "sun_set_die",
                "sun_reroll", "reroll_equal_dice", "end_turn")
SPECIAL_TILES = (("bird", data.CRITTER_SIDES), ("sundial", data.HELPER_SIDES), (data.ROCK, (data.ROCK,)))



# A recorded roll is exactly four dice, each a whole number from 1 to 6 (3.0, true or "3" is
# no face of a die), and nothing else.
class Roll(StateModel):
    chance: Literal["roll"]
    dice: Annotated[list[Annotated[int, Field(ge=min(data.DIE_FACES), le=max(data.DIE_FACES))]],
                    Field(min_length=data.DICE, max_length=data.DICE)]


class GardenDiceEngine(Engine):
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
                "current": data.FIRST_PLAYER, "pool": None, "turn": _fresh_turn(), "last_turn": False,
                "over": False}

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
        return self._settle({**state, "pool": list(outcome["dice"])})

    # actions ------------------------------------------------------------------------------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """Every die action the pool and the pieces allow, the sun's uses, the reroll of four
        equal dice, and ending the turn. They share one copy of the turn record, not the
        state's own."""
        state = {**state, "turn": _copy_turn(state["turn"])}
        return [*_die_actions(state), *_free_actions(state), _action(state, "end_turn")]

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Any action type by any player, with dice in or out of the pool, any space, any
        tile, a turn record now and then not this turn's."""
        found = []
        for _ in range(RANDOM_ACTIONS):
            kind = rng.choice(ACTION_TYPES)
            action = {"type": kind, "player": rng.choice(state["players"])["name"],
                      **_random_fields(kind, state, rng), "turn": _copy_turn(state["turn"])}
            if rng.random() < 0.1:
                action["turn"] = {**state["turn"], "dice_spent": rng.randint(0, 4)}
            found.append(action)
        return found

    def parse_action(self, state: State, raw_action: Any) -> Any:
        """A log written by hand may leave out the turn record, or some of its fields: what
        is left out is this turn's so far, as the table knows it."""
        if isinstance(raw_action, dict) and state["pool"] is not None:
            given = raw_action.get("turn", {})
            if isinstance(given, dict) and not given.keys() >= state["turn"].keys():
                raw_action = {**raw_action, "turn": {**state["turn"], **given}}
        return self.game.parse_action(raw_action)

    def apply(self, state: State, raw_action: Any) -> State:
        """As every engine applies an action, except that an `end_turn` written after the dice
        already passed (the turn ended by itself when no die allowed an action), by the player
        whose turn ended last, is accepted and changes nothing: a log written by hand may say
        so."""
        if _ends_a_turn_already_over(state, raw_action):
            return state
        return super().apply(state, raw_action)

    def turn_violations(self, state: State, action: Any) -> list[Violation]:
        player = state["players"][state["current"]]["name"]
        if action.player != player:
            return [violation("out-of-turn", RULE_TURN, f"it is {player}'s turn", "action.player")]
        return []

    def table_violations(self, state: State, action: Any) -> list[Violation]:
        """The turn so far, the dice in the pool, and whether a die left still allows an
        action: what only the table sees."""
        given = action.turn.model_dump()
        wrong = [key for key in TURN_WORDS if given[key] != state["turn"][key]]
        if wrong:
            said = "; ".join(f"{TURN_WORDS[key]} {_turn_words(state['turn'][key])}, not {_turn_words(given[key])}"
                             for key in wrong)
            return [violation("wrong-turn-record", RULE_TURN, f"this turn so far has {said}",
                              f"action.turn.{wrong[0]}")]
        if not _in_pool(_dice_named(action), state["pool"]):
            return [violation("die-not-in-pool", RULE_TURN, f"the dice left are {state['pool']}", "action")]
        if action.type == "end_turn" and self.any_legal(state, _die_actions(state)):
            return [violation("die-action-left", RULE_TURN,
                              f"the dice left ({state['pool']}) still allow an action, even an undesired "
                              "one: the turn goes on", "action")]
        return []

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        state = _copy(state)
        if action.type == "end_turn":
            return _pass_dice(state)
        player = state["players"][state["current"]]
        turn = state["turn"]
        for die in _dice_spent(action):
            state["pool"].remove(die)
            turn["dice_spent"] += 1
        turn["sundial"] += effects.get("sundial", [])
        board = {tuple(t["at"]): t for t in state["board"]}
        if action.type == "buy":
            state["supply"][action.crop] -= 1
            _add(player["seeds"], action.crop, 1)
            _add(turn["bought"], action.crop, 1)
            state["last_turn"] = state["last_turn"] or effects["last_seed"]
        elif action.type == "place":
            tile = {"at": effects["placed"], "kind": action.tile, "owner": player["name"]}
            if action.tile == "seed":
                _add(player["seeds"], action.crop, -1)
                tile["crop"] = action.crop
            board[tuple(effects["placed"])] = tile
        elif action.type == "water":
            for at in effects["watered"]:
                board[tuple(at)]["kind"] = data.VEGGIE
        elif action.type == "harvest":
            for at in effects["harvested"]:
                tile = board.pop(tuple(at))
                _add(_player(state, tile["owner"])["harvested"], tile["crop"], 1)
            for name, points in effects["points"].items():
                _player(state, name)["track"] += points
        elif action.type == "flip":
            board[tuple(effects["flipped"])]["kind"] = effects["to"]
        elif action.type == "remove_critter":
            board.pop(tuple(effects["removed"]))
        elif action.type == "move_critter":
            _move_critter(board, player, turn, action, effects)
        elif action.type == "sun_set_die":
            state["pool"][state["pool"].index(action.die)] = action.to
            player["sun_token"] = False
        elif action.type == "sun_reroll":  # the dice go back to chance
            state["pool"] = None
            player["sun_token"] = False
        else:  # reroll_equal_dice: the dice go back to chance, the sun stays
            state["pool"] = None
        state["board"] = sorted(board.values(), key=lambda t: t["at"])
        return self._settle(state) if state["pool"] is not None else state

    def _settle(self, state: State) -> State:
        """The turn goes on while a die left allows an action, or while the player may still
        use the sun or reroll four equal dice (or end the turn instead); otherwise the dice
        pass on, or the game ends after the turn that took the last seed. The few actions
        that spend no die are asked first: while the sun token is held, changing a die is
        legal, and the answer comes before any of the many die actions is weighed."""
        if state["pool"] and self.any_legal(state, chain(_free_actions(state), _die_actions(state))):
            return state
        return _pass_dice(state)

    def observed_effects(self, before: State, action: Action, after: State) -> dict[str, Any]:
        old = {tuple(t["at"]): t for t in before["board"]}
        new = {tuple(t["at"]): t for t in after["board"]}
        kind = action["type"]
        if kind == "water":
            return {"watered": sorted([list(at) for at in old if at in new and old[at]["kind"] != new[at]["kind"]])}
        if kind == "harvest":
            gained = {a["name"]: a["track"] - b["track"] for b, a in zip(before["players"], after["players"])
                      if a["track"] != b["track"]}
            return {"harvested": sorted([list(at) for at in old if at not in new]), "points": gained}
        if kind == "place":
            return {"placed": next(list(at) for at in new if at not in old)}
        if kind == "buy":
            index = before["current"]
            return {"unplaced_seeds": sum(after["players"][index]["seeds"].values()),
                    "stack_left": after["supply"][action["crop"]]}
        if kind == "move_critter":
            return _observed_eating(before, action, after, old, new)
        if kind == "remove_critter":
            return {"removed": next(list(at) for at in old if at not in new)}
        if kind == "flip":
            return {"to": new[tuple(action["at"])]["kind"]}
        if kind == "reroll_equal_dice":
            return {"reroll": "all four dice"} if after["pool"] is None else {}
        if kind == "end_turn":
            return {"turn_over": after["current"] != before["current"] or after["over"]}
        return {"sun_token_spent": not after["players"][before["current"]]["sun_token"]}

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

    def check_state(self, state: State) -> dict[str, Any]:
        return self.score_state(state)


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


def _fresh_turn() -> dict[str, Any]:
    return {"dice_spent": 0, "bought": {}, "sundial": [], "ate_from": []}


def _pass_dice(state: State) -> State:
    """The turn is over: the dice pass clockwise, or the game ends after the last seed's turn."""
    if state["last_turn"]:
        return {**state, "over": True}
    return {**state, "pool": None, "turn": _fresh_turn(), "current": (state["current"] + 1) % len(state["players"])}


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
    if state["pool"] is not None or state["turn"] != _fresh_turn() or untouched:
        return False
    return raw_action.get("player") == players[(state["current"] - 1) % len(players)]["name"]


def _copy(state: State) -> State:
    return {**state, "board": [dict(t) for t in state["board"]], "supply": dict(state["supply"]),
            "players": [{**p, "seeds": dict(p["seeds"]), "harvested": dict(p["harvested"])} for p in state["players"]],
            "pool": list(state["pool"]), "turn": _copy_turn(state["turn"])}


def _copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    return {**turn, "bought": dict(turn["bought"]), "sundial": list(turn["sundial"]), "ate_from": list(turn["ate_from"])}


def _add(counts: dict[str, int], crop: str, n: int) -> None:
    """Add n to counts[crop], leaving out a crop that reaches none (the JSON lists only what is held)."""
    counts[crop] = counts.get(crop, 0) + n
    if not counts[crop]:
        del counts[crop]


def _player(state: State, name: str) -> dict:
    return next(p for p in state["players"] if p["name"] == name)


def _move_critter(board: dict, player: dict, turn: dict, action: Any, effects: dict[str, Any]) -> None:
    """The critter moves; what it eats leaves the board, and is swallowed whole (a disc goes
    on the critter) or spat out (its eater keeps it as a seed)."""
    critter = board.pop(tuple(action.from_))
    critter["at"] = list(action.to)
    if effects["eats"]:
        eaten = board.pop(tuple(effects["eats"]))
        turn["ate_from"].append(eaten["owner"])
        if effects["swallowed"]:
            critter["swallowed"] = critter.get("swallowed", 0) + 1
        else:
            _add(player["seeds"], eaten["crop"], 1)
    board[tuple(action.to)] = critter


def _observed_eating(before: State, action: Action, after: State, old: dict, new: dict) -> dict[str, Any]:
    to = tuple(action["to"])
    if to not in old:
        return {"eats": None}
    swallowed = new[to].get("swallowed", 0) - old[tuple(action["from"])].get("swallowed", 0)
    index = before["current"]
    kept = sum(after["players"][index]["seeds"].values()) - sum(before["players"][index]["seeds"].values())
    return {"eats": list(to), "swallowed": swallowed == 1 and kept == 0}


def _dice_spent(action: Any) -> list[int]:
    if action.type in ("place", "remove_critter"):
        return list(action.dice)
    if action.type == "move_critter":
        return [action.die] + ([action.spit_out_die] if action.spit_out_die is not None else [])
    if action.type in ("water", "harvest", "buy", "flip"):
        return [action.die]
    return []


def _dice_named(action: Any) -> list[int]:
    """The dice of the pool an action uses: those it spends, the die the sun changes, the four
    equal dice rerolled."""
    if action.type == "sun_set_die":
        return [action.die]
    if action.type == "reroll_equal_dice":
        return list(action.dice)
    return _dice_spent(action)


def _in_pool(dice: list[int], pool: list[int]) -> bool:
    """Whether the pool holds all these dice (a value named twice needs two such dice). A
    few dice at most: counting them beats building a Counter at every judgement."""
    return all(dice.count(die) <= pool.count(die) for die in dice)


def _without(pool: list[int], die: int) -> list[int]:
    """The pool with one die of this value set aside."""
    rest = list(pool)
    rest.remove(die)
    return rest


def _action(state: State, kind: str, **fields: Any) -> Action:
    player = state["players"][state["current"]]["name"]
    return {"type": kind, "player": player, **fields, "turn": state["turn"]}


def _free_actions(state: State) -> list[Action]:
    """What the player may do without spending a die: the sun's two uses while the sun token
    is held, and the reroll of four equal dice."""
    pool = state["pool"]
    found = []
    if state["players"][state["current"]]["sun_token"]:
        found.append(_action(state, "sun_reroll"))
        found += [_action(state, "sun_set_die", die=die, to=to) for die in sorted(set(pool)) for to in data.DIE_FACES
                  if to != die]
    if len(pool) == data.DICE and len(set(pool)) == 1:
        found.append(_action(state, "reroll_equal_dice", dice=list(pool)))
    return found


def _die_actions(state: State) -> Iterator[Action]:
    """Every action that spends dice of the pool, as the pieces allow, one kind at a time and
    the kinds most often legal first (a critter's move, a placement): when the question is
    whether any is legal, the first legal one ends the search."""
    name = state["players"][state["current"]]["name"]
    own = [t for t in state["board"] if t.get("owner") == name]
    yield from _critter_moves(state, own)
    for kind in (_placements, _buys, _waterings_and_harvests, _flips, _removals):
        yield from kind(state, own)


# Each kind's actions are written out whole (not through _action): a step lists them all.

def _buys(state: State, own: list[dict]) -> list[Action]:
    name, turn = state["players"][state["current"]]["name"], state["turn"]
    return [{"type": "buy", "player": name, "crop": crop, "die": die, "turn": turn}
            for die in sorted(set(state["pool"])) for crop in data.CROPS]


def _waterings_and_harvests(state: State, own: list[dict]) -> list[Action]:
    name, turn = state["players"][state["current"]]["name"], state["turn"]
    sides = {data.SEED: "water", data.VEGGIE: "harvest"}
    return [{"type": sides[t["kind"]], "player": name, "at": list(t["at"]), "die": die, "turn": turn}
            for t in own if t["kind"] in sides for die in sorted(set(state["pool"]))]


def _flips(state: State, own: list[dict]) -> list[Action]:
    if data.SIX not in state["pool"]:
        return []
    return [_action(state, "flip", at=list(t["at"]), die=data.SIX) for t in own
            if t["kind"] in (*data.CRITTER_SIDES, *data.HELPER_SIDES)]


def _removals(state: State, own: list[dict]) -> list[Action]:
    """Any critter on the board, with each three dice of the pool holding a six."""
    triples = sorted({tuple(sorted(triple)) for triple in combinations(state["pool"], 3) if data.SIX in triple})
    return [_action(state, "remove_critter", at=list(t["at"]), dice=list(triple))
            for t in state["board"] if t["kind"] in data.CRITTER_SIDES for triple in triples]


def _critter_moves(state: State, own: list[dict]) -> Iterator[Action]:
    """Each straight move of the player's critter; onto a tile, also spitting it out with
    each other die of the pool. One at a time: the first is most often legal."""
    name, turn, pool = state["players"][state["current"]]["name"], state["turn"], state["pool"]
    occupied = {tuple(t["at"]) for t in state["board"]}
    for critter in (t for t in own if t["kind"] in data.CRITTER_SIDES):
        for die, to in _straight_lines(critter["at"], sorted(set(pool))):
            move = {"type": "move_critter", "player": name, "from": list(critter["at"]), "to": list(to), "die": die,
                    "turn": turn}
            yield move
            if to in occupied:
                yield from ({**move, "spit_out_die": other} for other in sorted(set(_without(pool, die))))


def _straight_lines(start: list[int], dice: list[int]) -> list[tuple[int, tuple[int, int]]]:
    """(die, space) for every space on the board in a straight line from `start` within each die."""
    r, c = start
    return [(die, (r + dr * k, c + dc * k)) for die in dice for dr, dc in DIRECTIONS for k in range(1, die + 1)
            if 1 <= r + dr * k <= SIZE and 1 <= c + dc * k <= SIZE]


def _placements(state: State, own: list[dict]) -> list[Action]:
    """Each tile the player holds on each empty space a pair of dice can name (with the
    player's sundial on the board, every space within its reach of the dice)."""
    player, turn = state["players"][state["current"]], state["turn"]
    held = [("seed", crop) for crop in sorted(player["seeds"])]
    held += [(tile, None) for tile, sides in SPECIAL_TILES if not any(t["kind"] in sides for t in own)
             and (tile != "bird" or state["variant"] != "family")
             and (tile != data.ROCK or len(state["players"]) == data.ROCK_PLAYER_COUNT)]
    if not held:
        return []
    occupied = {tuple(t["at"]) for t in state["board"]}
    reach = SUNDIAL_REACH if any(t["kind"] == "sundial" for t in own) else [(0, 0)]
    found = []
    for a, b in sorted({tuple(sorted(pair)) for pair in combinations(state["pool"], 2)}):
        spaces = sorted({(row + x, col + y) for row, col in ((a, b), (b, a)) for x, y in reach
                         if 1 <= row + x <= SIZE and 1 <= col + y <= SIZE} - occupied)
        for tile, crop in held:
            place = {"type": "place", "player": player["name"], "tile": tile, **({"crop": crop} if crop else {}),
                     "turn": turn}
            found += [{**place, "dice": [a, b], "at": list(at)} for at in spaces]
    return found
