"""What the random simulator reaches: for each game, the share of simulated games in which
each action type and each end trigger of the rulebook occurred (and, where a game's rules
have parts beside its moves, each of them: Propagation's bonus cards paying, Garden Variety's
die faces and gnomes, Garden Dice's sun kept to the end). A part that no simulated game
reaches is a rule the random tests never exercise.

`reach_of_games(game_id, games)` plays the games as `scorer.simulate` does, keeping the
engine's full end state (`Engine.play`), but for a game whose uniform player misses parts one
game in STEER_EVERY played by a steered player (Cottage Garden's climbers, the tops of the
tracks); `occurred(game_id, log, state, score)` reads one game.
bench/soak.py prints the table, tests/engines/test_simulators_reach_everything.py asserts it.
"""
from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Callable

import scorer
from scorer.games.cottage_garden import rules as cottage_garden_rules
from scorer.games.cottage_garden.data import TARGET
from scorer.games.cottage_garden.engine import QUESTIONS as COTTAGE_GARDEN_QUESTIONS
from scorer.games.garden_variety import data as garden_variety
from scorer.games.harvest_dice.rules import end_triggers as harvest_dice_end_triggers
from scorer.games.propagation import data as propagation
from tests.engines.edge_games import play_climbers
from tests.support.engine_harness import GameRecord, engine, player_counts

# Action types of a game's check format that are no move of a game log: rule questions and
# what the engine does by itself (Cottage Garden's gardener moves at the end of each turn).
NOT_MOVES = {"cottage-garden": (*COTTAGE_GARDEN_QUESTIONS, "move_gardener")}
# Every end trigger of each game's rulebook, as `occurred` names them.
END_TRIGGERS = {
    "garden-dice": ("the last seed tile is taken",),
    "harvest-dice": ("market-full", "garden-full", "pig-full"),
    "cottage-garden": ("every flowerbed has left the game",),
    "propagation": ("round 20 ends",),
    "garden-variety": ("a round starts with a hand empty",),
}


def action_types(game_id: str) -> list[str]:
    """The `type` of every action of the game's check format that a game log may hold."""
    union = typing.get_args(scorer.GAMES[game_id].action_model)[0]
    models = typing.get_args(union) or (union,)
    types = [typing.get_args(model.model_fields["type"].annotation)[0] for model in models]
    return sorted(t for t in types if t not in NOT_MOVES.get(game_id, ()))


def expected(game_id: str) -> list[str]:
    """Every part of the game the simulated games should reach, as `occurred` names them."""
    return ([f"action {t}" for t in action_types(game_id)]
            + [f"end: {trigger}" for trigger in END_TRIGGERS[game_id]]
            + list(EXTRA_PARTS.get(game_id, ())))


def occurred(game_id: str, log: list[dict], state: dict, score: dict) -> set[str]:
    """The parts of the game one game reached: its log, the engine's full end state and the
    score of that end."""
    found = {f"action {entry['type']}" for entry in log if "type" in entry}
    found |= {f"end: {trigger}" for trigger in ENDS[game_id](state)}
    if game_id in EXTRAS:
        found |= EXTRAS[game_id](log, state, score)
    return found


def reach_of_games(game_id: str, games: int) -> dict[str, float]:
    """The share of `games` simulated games (seeds 0.., spread over the player counts) in
    which each expected part occurred, in the order of `expected`. A game with a steered
    player (STEERED) has every STEER_EVERY-th game played by it instead."""
    counts = player_counts(game_id)
    seen: Counter[str] = Counter()
    game_engine = engine(game_id)
    for seed in range(games):
        if game_id in STEERED and seed % STEER_EVERY == STEER_EVERY - 1:
            record = STEERED[game_id](seed)
            log, state = record.log, record.end_state
        else:
            log, state = game_engine.play(counts[seed % len(counts)], seed)
        seen.update(occurred(game_id, log, state, scorer.score(game_id, game_engine.score_state(state))))
    return {part: seen[part] / games for part in expected(game_id)}


# Games whose uniform random player never reaches some part: every STEER_EVERY-th of their
# simulated games is played (and judged) by a biased player of tests/engines/edge_games.py,
# as the planted-bug tests play them. Cottage Garden's climbers reach the tops of both
# tracks and both beehive tiles (uniform play: the blue target in none of 100 games).
STEER_EVERY = 5
STEERED: dict[str, Callable[[int], GameRecord]] = {"cottage-garden": play_climbers}


# --- how each game's end shows in its full end state --------------------------------------------

def _garden_dice_end(state: dict) -> list[str]:
    return ["the last seed tile is taken"] if state["over"] and state["last_turn"] else []


def _harvest_dice_end(state: dict) -> list[str]:
    sheets = [(p["name"], p["garden"], p["pig"]) for p in state["players"]]
    return [found["trigger"] for found in harvest_dice_end_triggers(state["markets"], state["mode"], sheets)]


def _cottage_garden_end(state: dict) -> list[str]:
    gone = state["over"] and not any(player["beds"] for player in state["players"])
    return ["every flowerbed has left the game"] if gone else []


def _propagation_end(state: dict) -> list[str]:
    return ["round 20 ends"] if state["phase"] == "over" and state["round"] == propagation.ROUNDS else []


def _garden_variety_end(state: dict) -> list[str]:
    return ["a round starts with a hand empty"] if any(not player["hand"] for player in state["players"]) else []


ENDS: dict[str, Callable[[dict], list[str]]] = {
    "garden-dice": _garden_dice_end, "harvest-dice": _harvest_dice_end, "cottage-garden": _cottage_garden_end,
    "propagation": _propagation_end, "garden-variety": _garden_variety_end}


# --- parts beside the moves and the ends --------------------------------------------------------

EXTRA_PARTS = {
    "cottage-garden": ("a cube reaches the orange target", "a cube reaches the blue target",
                       "a player's second cube reaches a target", "the two-beehive tile taken",
                       "the one-beehive tile taken"),
    "garden-dice": ("a sun token kept to the end",),
    "propagation": tuple(f"bonus card pays: {card}" for card in sorted(propagation.BONUS_CARDS)),
    "garden-variety": (*(f"die shows {face}" for face in garden_variety.DIE_FACES),
                       *(f"gnome played: {name}" for name in garden_variety.GNOMES),
                       *(f"0/10 critter declared {value}" for value in garden_variety.RARE_VALUES)),
}


def _garden_dice_extras(log: list[dict], state: dict, score: dict) -> set[str]:
    return {"a sun token kept to the end"} if any(p["sun_token"] for p in state["players"]) else set()


def _propagation_extras(log: list[dict], state: dict, score: dict) -> set[str]:
    return {f"bonus card pays: {resolution['card']}" for resolution in score["bonus_resolutions"]
            if resolution["paid"]}


def _garden_variety_extras(log: list[dict], state: dict, score: dict) -> set[str]:
    found = {f"die shows {entry['face']}" for entry in log if entry.get("chance") == "roll"}
    for entry in log:
        for play in entry.get("plays", ()):
            card = play["card"]
            if card["kind"] == "gnome":
                found.add(f"gnome played: {card['name']}")
            elif card.get("number") == garden_variety.RARE_NUMBER:
                found.add(f"0/10 critter declared {card['declared']}")
    return found


def _cottage_garden_extras(log: list[dict], state: dict, score: dict) -> set[str]:
    """The tops of the tracks (Scoring Phase: a cube's move ends on the target) and the
    beehive tiles (the first and the second player to reach it)."""
    arrivals = [entry for entry in log if entry.get("type") == "move_cube"
                and cottage_garden_rules.advance(entry["color"], entry["from"], entry["steps"])[0] == TARGET]
    found = {f"a cube reaches the {entry['color']} target" for entry in arrivals}
    if any(count > 1 for count in Counter(entry["player"] for entry in arrivals).values()):
        found.add("a player's second cube reaches a target")
    hives = {player["beehives"] for player in state["players"]}
    return found | {name for tile, name in ((2, "the two-beehive tile taken"), (1, "the one-beehive tile taken"))
                    if tile in hives}


EXTRAS: dict[str, Callable[[list[dict], dict, dict], set[str]]] = {
    "cottage-garden": _cottage_garden_extras,
    "garden-dice": _garden_dice_extras, "propagation": _propagation_extras, "garden-variety": _garden_variety_extras}
