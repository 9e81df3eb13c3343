"""Garden Dice's engine: each player rolls four dice and spends them on actions until none is
possible, then passes the dice; the game ends with the turn that takes the last seed.

The full state (version 1):
    {"variant": "standard", "board": [tiles as in the state format],
     "players": [{"name", "track", "sun_token", "seeds": [crops bought, not placed], "harvested": {crop: n}}],
     "supply": {crop: tiles left in its stack}, "current": i, "pool": [dice] or null before the roll,
     "turn": {"dice_spent", "bought", "sundial", "ate_from"}, "last_turn": false, "over": false}
`turn` is the action's "turn" field as `check` reads it. Chance outcomes are
{"chance": "roll", "dice": [d1, d2, d3, d4]}, at the start of a turn and after a sun reroll.
Chains, harvest points, eating and the sundial's reading are the rules module's, reached
through `check`'s effects.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from scorer.core import Violation, violation
from scorer.engine import RANDOM_ACTIONS, Action, Engine, Outcome, State
from scorer.games.garden_dice import data

TURN = f"{data.TITLE} › On Your Turn"
BUY = f"{data.TITLE} › Buy a Seed Tile"
PLACE = f"{data.TITLE} › Place a Tile"
DICE_ACTIONS = ("buy", "place", "water", "harvest", "flip", "move_critter", "remove_critter")
SIZE = data.BOARD_SIZE
# The spaces a sundial may make two dice name, and more: every change of at most 2 in all.
SUNDIAL_REACH = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) <= 2]
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


class GardenDiceEngine(Engine):
    version = 1
    option_choices = {"variant": data.VARIANTS}
    house_rules = (
        "Garden Dice: the house board and scoring track (docs/house-rules.md, Garden Dice)",
        "Garden Dice: the first listed player starts",
        "Garden Dice: a critter always swallows what it eats (the action format has no spit-out choice)",
        "Garden Dice: four equal dice are not rerolled (the rulebook allows it, the log has no such move)",
        "Garden Dice: a turn ends as soon as no die action is possible; the sun cannot be spent after that",
    )

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        supply = data.SUPPLY_PER_CROP[len(names)]
        return {"variant": options["variant"], "board": [],
                "players": [{"name": name, "track": 0, "sun_token": True, "seeds": [], "harvested": {}}
                            for name in names],
                "supply": {crop: supply for crop in data.CROPS}, "current": data.FIRST_PLAYER, "pool": None,
                "turn": _fresh_turn(), "last_turn": False, "over": False}

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        return "roll" if state["pool"] is None and not state["over"] else None

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        return {"chance": "roll", "dice": [rng.choice(data.DIE_FACES) for _ in range(data.DICE)]}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        dice = outcome.get("dice")
        if (isinstance(dice, list) and len(dice) == data.DICE
                and all(d in data.DIE_FACES and not isinstance(d, bool) for d in dice)):
            return []
        return [violation("wrong-roll", TURN, "a turn rolls all four dice, each showing 1 to 6", "chance.dice")]

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        return self._settle({**state, "pool": list(outcome["dice"])})

    # actions ------------------------------------------------------------------------------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """Every die action the pool and the pieces allow, and the sun's uses."""
        player = state["players"][state["current"]]
        found = _dice_candidates(state)
        if player["sun_token"]:
            found.append(_action(state, "sun_reroll"))
            found += [_action(state, "sun_set_die", die=die, to=to)
                      for die in sorted(set(state["pool"])) for to in data.DIE_FACES]
        return found

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Any action type by any player, with dice in or out of the pool, any space, any
        tile, a turn record now and then not this turn's."""
        found = []
        for _ in range(RANDOM_ACTIONS):
            name = rng.choice(state["players"])["name"]
            die = rng.choice(state["pool"]) if rng.random() < 0.7 else rng.randint(1, 6)
            at, to = [rng.randint(0, SIZE + 1), rng.randint(1, SIZE)], [rng.randint(1, SIZE), rng.randint(1, SIZE)]
            kind = rng.choice(("buy", "place", "water", "harvest", "flip", "move_critter", "remove_critter",
                               "sun_set_die", "sun_reroll"))
            by_kind: dict[str, dict[str, Any]] = {
                "buy": {"crop": rng.choice(data.CROPS), "die": die},
                "place": {"tile": rng.choice(("seed", "bird", "sundial", "rock", "rabbit")),
                          "dice": rng.sample(state["pool"], 2) if len(state["pool"]) > 1 else [die, die], "at": to,
                          **({"crop": rng.choice(data.CROPS)} if rng.random() < 0.6 else {})},
                "water": {"at": to, "die": die}, "harvest": {"at": to, "die": die}, "flip": {"at": at, "die": die},
                "move_critter": {"from": rng.choice([t["at"] for t in state["board"]] or [at]), "to": to, "die": die},
                "remove_critter": {"at": to, "dice": [die, rng.randint(1, 6), 6]},
                "sun_set_die": {"die": die, "to": rng.randint(1, 6)}, "sun_reroll": {}}
            action = {"type": kind, "player": name, **by_kind[kind], "turn": dict(state["turn"])}
            if rng.random() < 0.1:
                action["turn"] = {**state["turn"], "dice_spent": rng.randint(0, 4)}
            found.append(action)
        return found

    def table_violations(self, state: State, action: Any) -> list[Violation]:
        player = state["players"][state["current"]]
        if action.player != player["name"]:
            return [violation("out-of-turn", TURN, f"it is {player['name']}'s turn", "action.player")]
        if action.turn.model_dump() != _turn_json(state["turn"]):
            return [violation("wrong-turn-record", TURN, f"this turn so far is {state['turn']}", "action.turn")]
        named = [action.die] if action.type == "sun_set_die" else _dice_of(action)
        missing = Counter(named) - Counter(state["pool"])
        if missing:
            return [violation("die-not-in-pool", TURN, f"the dice left are {state['pool']}", "action")]
        if action.type == "buy" and not state["supply"][action.crop]:
            return [violation("stack-empty", BUY, f"the {action.crop} stack is empty", "action.crop")]
        if action.type == "place" and action.tile == "seed" and action.crop not in player["seeds"]:
            return [violation("seed-not-held", PLACE, f"{player['name']} holds no {action.crop} seed",
                              "action.crop")]
        return []

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        state = _copy(state)
        player = state["players"][state["current"]]
        turn = state["turn"]
        for die in _dice_of(action):
            state["pool"].remove(die)
        turn["dice_spent"] += len(_dice_of(action))
        turn["sundial"] += effects.get("sundial", [])
        board = {tuple(t["at"]): t for t in state["board"]}
        if action.type == "buy":
            state["supply"][action.crop] -= 1
            player["seeds"].append(action.crop)
            turn["bought"][action.crop] = turn["bought"].get(action.crop, 0) + 1
            state["last_turn"] = state["last_turn"] or not any(state["supply"].values())
        elif action.type == "place":
            tile = {"at": effects["placed"], "kind": action.tile, "owner": player["name"]}
            if action.tile == "seed":
                player["seeds"].remove(action.crop)
                tile["crop"] = action.crop
            board[tuple(effects["placed"])] = tile
        elif action.type == "water":
            for at in effects["watered"]:
                board[tuple(at)]["kind"] = data.VEGGIE
        elif action.type == "harvest":
            for at in effects["harvested"]:
                tile = board.pop(tuple(at))
                owner = _player(state, tile["owner"])
                owner["harvested"][tile["crop"]] = owner["harvested"].get(tile["crop"], 0) + 1
            for name, points in effects["points"].items():
                _player(state, name)["track"] += points
        elif action.type == "flip":
            board[tuple(effects["flipped"])]["kind"] = effects["to"]
        elif action.type == "remove_critter":
            board.pop(tuple(effects["removed"]))
        elif action.type == "move_critter":
            critter = board.pop(tuple(action.from_))
            critter["at"] = list(action.to)
            if effects["eats"]:  # swallowed whole: the tile leaves the game, a disc goes on the critter
                eaten = board.pop(tuple(effects["eats"]))
                critter["swallowed"] = critter.get("swallowed", 0) + 1
                turn["ate_from"].append(eaten["owner"])
            board[tuple(action.to)] = critter
        elif action.type == "sun_set_die":
            state["pool"][state["pool"].index(action.die)] = action.to
            player["sun_token"] = False
        else:  # sun_reroll: the dice go back to chance
            state["pool"] = None
            player["sun_token"] = False
        state["board"] = sorted(board.values(), key=lambda t: t["at"])
        return self._settle(state) if state["pool"] is not None else state

    def _settle(self, state: State) -> State:
        """The turn goes on while a die action is possible; otherwise the dice pass on, or the
        game ends after the turn that took the last seed."""
        if self.any_legal(state, _dice_candidates(state)):
            return state
        if state["last_turn"]:
            return {**state, "over": True}
        return {**state, "pool": None, "turn": _fresh_turn(),
                "current": (state["current"] + 1) % len(state["players"])}

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
            return {"unplaced_seeds": len(after["players"][index]["seeds"])}
        if kind == "move_critter":
            to = tuple(action["to"])
            swallowed = new[to].get("swallowed", 0) - old[tuple(action["from"])].get("swallowed", 0)
            return {"eats": list(to) if to in old and swallowed == 1 else None}
        if kind == "remove_critter":
            return {"removed": next(list(at) for at in old if at not in new)}
        if kind == "flip":
            return {"to": new[tuple(action["at"])]["kind"]}
        return {"sun_token_spent": not after["players"][before["current"]]["sun_token"]}

    def is_over(self, state: State) -> bool:
        return state["over"]

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        return {"variant": state["variant"], "board": [dict(t) for t in state["board"]],
                "players": [{"name": p["name"], "track": p["track"], "sun_token": p["sun_token"],
                             "unplaced_seeds": len(p["seeds"]), "harvested": dict(p["harvested"])}
                            for p in state["players"]]}

    def check_state(self, state: State) -> dict[str, Any]:
        return self.score_state(state)


def _fresh_turn() -> dict[str, Any]:
    return {"dice_spent": 0, "bought": {}, "sundial": [], "ate_from": []}


def _turn_json(turn: dict) -> dict:
    return {**turn, "bought": {crop: n for crop, n in turn["bought"].items() if n}}


def _copy(state: State) -> State:
    return {**state, "board": [dict(t) for t in state["board"]],
            "players": [{**p, "seeds": list(p["seeds"]), "harvested": dict(p["harvested"])} for p in state["players"]],
            "supply": dict(state["supply"]), "pool": list(state["pool"]),
            "turn": {**state["turn"], "bought": dict(state["turn"]["bought"]),
                     "sundial": list(state["turn"]["sundial"]), "ate_from": list(state["turn"]["ate_from"])}}


def _player(state: State, name: str) -> dict:
    return next(p for p in state["players"] if p["name"] == name)


def _dice_of(action: Any) -> list[int]:
    if action.type in ("place", "remove_critter"):
        return list(action.dice)
    if action.type in ("sun_reroll", "sun_set_die"):
        return []
    return [action.die]


def _action(state: State, kind: str, **fields: Any) -> Action:
    player = state["players"][state["current"]]["name"]
    return {"type": kind, "player": player, **fields, "turn": _turn_json(state["turn"])}


def _dice_candidates(state: State) -> list[Action]:
    """Every action that spends dice of the pool, as the pieces allow: buys, placements on
    the empty spaces the dice can name, waterings and harvests of own tiles, flips, critter
    moves in a straight line, critter removals."""
    pool = state["pool"]
    player = state["players"][state["current"]]
    name = player["name"]
    dice = sorted(set(pool))
    board = {tuple(t["at"]): t for t in state["board"]}
    own = [t for t in state["board"] if t.get("owner") == name]
    found = [_action(state, "buy", crop=crop, die=die) for crop in data.CROPS for die in dice]
    found += [_action(state, kind, at=t["at"], die=die) for t in own for die in dice
              for kind, side in (("water", data.SEED), ("harvest", data.VEGGIE)) if t["kind"] == side]
    if data.SIX in pool:
        found += [_action(state, "flip", at=t["at"], die=data.SIX) for t in own
                  if t["kind"] in (*data.CRITTER_SIDES, *data.HELPER_SIDES)]
    for critter in (t for t in own if t["kind"] in data.CRITTER_SIDES):
        r, c = critter["at"]
        for die in dice:
            found += [_action(state, "move_critter", **{"from": critter["at"]}, to=[r + dr * k, c + dc * k], die=die)
                      for dr, dc in DIRECTIONS for k in range(1, die + 1)
                      if 1 <= r + dr * k <= SIZE and 1 <= c + dc * k <= SIZE]
    pairs = sorted({tuple(sorted(pair)) for pair in combinations(pool, 2)})
    sundial = any(t["kind"] == "sundial" for t in own)
    tiles = [("seed", crop) for crop in sorted(set(player["seeds"]))] + [(kind, None) for kind in ("bird", "sundial", "rock")]
    for a, b in pairs:
        spaces = sorted({(row + x, col + y) for row, col in ((a, b), (b, a))
                         for x, y in (SUNDIAL_REACH if sundial else [(0, 0)])
                         if 1 <= row + x <= SIZE and 1 <= col + y <= SIZE})
        found += [_action(state, "place", tile=tile, **({"crop": crop} if crop else {}), dice=[a, b], at=list(at))
                  for tile, crop in tiles for at in spaces if at not in board]
    triples = sorted({tuple(sorted(triple)) for triple in combinations(pool, 3)})
    found += [_action(state, "remove_critter", at=t["at"], dice=list(triple))
              for t in state["board"] if t["kind"] in data.CRITTER_SIDES for triple in triples if data.SIX in triple]
    return found
