"""Cottage Garden's engine: the set-up deal, then turns of refilling, planting, scoring and
moving the gardener until the gardener die shows 6; then the Final Round, until every
flowerbed has left the game.

The full state (version 1):
    {"players": [{"name", "orange": [3 cubes], "blue": [3 cubes], "beehives": 0|1|2, "cats": n in reserve,
                  "beds": [flowerbeds in the check format: {"design", "tiles", "cats", "pots"}]}],
     "stack": [tile ids not dealt yet], "nursery": {space: tile id or null},
     "path": [tile ids of the garden path, the wheelbarrow's end first], "discards": [tile ids out of the game],
     "boards": [flowerbed boards still in the box], "spare_bed": design in the general supply or null,
     "removed_beds": [designs out of the game],
     "supply": {"cats": n, "pots": n, "beehives": [beehive tiles left]},
     "gardener": {"space", "die"}, "current": i, "turns": turns ended, "final_round": bool,
     "giving_up": [players still to give up their small beds as the Final Round starts],
     "unordered": [{"design", "tiles"}: scored beds whose tiles went to the path in an unrecorded order,
                   with those whose place is still a guess],
     "turn": {"step": "penalty"|"plant"|"planted"|"cats"|"more_cats", "ramble": bool,
              "cat_won": a cat won this turn, "mouse_hunt": the tile or pot is placed and cats may follow,
              "queue": [{"design", "rows"}: completed beds waiting to be scored],
              "scoring": null or {"design", "pots", "cloches", "moves": [colours still to move],
                                  "path_order": the order its tiles go to the path, or null},
              "bonus_pots": flower pots won and not placed yet},
     "over": bool}
A turn's moves are the player's choices: the Final Round penalty, a ramble, cats, the tile or
flower pot taken and placed, cats again (the turn then ends with end_turn, or by itself with a
move of the next turn), then what scoring asks (which bed first, which cubes, where a
pot won goes) and cats over two; after a cat won (or with nothing to plant) cats or end_turn. What follows without a choice follows by itself: a refill
that is due, the Gardener Phase, the next turn. The one chance outcome is the set-up deal,
{"chance": "draw", "tiles": [36 ids], "flowerbeds": [[light, dark] per player], "spare_bed":
design}: the first 16 tiles fill the nursery A1..D4, the other 20 lie in the garden path. Which placements a tile has, when a bed is complete and
what it scores, where a cube lands and what it earns, refilling, the gardener and the Final
Round are the rules module's, reached through `check`.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorer.games.core import Violation, violation
from scorer.games.cottage_garden import data
from scorer.games.engine import RANDOM_ACTIONS, Action, Chance, Engine, Outcome, State

if TYPE_CHECKING:
    from scorer.games.core import Game

RULE_SETUP = f"{data.TITLE} › Preparation"
RULE_TURN = f"{data.TITLE} › The Game"
RULE_REFILL = f"{data.TITLE} › 1 Refilling Phase"
RULE_PLANT = f"{data.TITLE} › 2 Planting Phase"
RULE_SCORING = f"{data.TITLE} › 3 Scoring Phase"
RULE_TABLE = f"{data.TITLE} › 3 Scoring Phase › Special rules for the Planting Table"
RULE_CLEANUP = f"{data.TITLE} › 3 Scoring Phase › Cleanup and Replacing the Flowerbed"
RULE_GARDENER = f"{data.TITLE} › 4 Gardener Phase"
RULE_FINAL = f"{data.TITLE} › Final Round"
QUESTIONS = ("turns", "orient_tile", "fit_tiles")  # rule checks that are no move of a game
TIDY_SHARE = 0.8  # of the simulator's choices, those that plant tidily (candidate_actions)
MEMO_SIZE = 4096  # answers remembered (placements, parsed states) before starting afresh
ROTATIONS = (0, 90, 180, 270)
# The kinds of action_space's random actions, a rule question now and then.
RANDOM_KINDS = ("place_tile", "place_tile", "place_token", "score_bed", "move_cube", "move_cube",
                "final_round_penalty", "start_final_round", "refill", "move_gardener", "end_turn", "question")
NURSERY_TILES = len(data.NURSERY_SPACES)
SPACES = range(1, data.BED_SIZE + 1)
# What a player is to do in each step of a turn, as moves (an action type, or a placed token).
STEP_MOVES = {"penalty": ("final_round_penalty",), "plant": ("place_tile", "pot", "cat", "ramble"),
              "cats": ("cat",), "more_cats": ("cat", "end_turn"), "planted": ()}
# What the player to move is to do, in words, and the rulebook section that says so.
DOING = {"start_final_round": ("give up their flowerbeds of fewer than three tiles", RULE_FINAL),
         "bonus_pot": ("place the flower pot just won", RULE_TABLE),
         "move_cube": ("move a scoring cube for the bed scored", RULE_SCORING),
         "score_bed": ("score a completed flowerbed", RULE_SCORING),
         "penalty": ("lose 2 points before the Final Round turn", RULE_FINAL),
         "plant": ("take a flower tile or a flower pot (or place a cat, or ramble)", RULE_PLANT),
         "cats": (f"place cats until {data.CATS_AT_START} are left in reserve", RULE_TABLE),
         "more_cats": ("place a cat from their reserve or end the turn (end_turn)", RULE_TABLE),
         "planted": ("end the turn", RULE_GARDENER),
         "mouse_hunt": ("place cats from their reserve or end the turn (end_turn, or the next player's move)",
                        RULE_PLANT),
         "score_or_cat": ("score a completed flowerbed, or first place cats from their reserve", RULE_PLANT)}
# Moves the engine makes by itself, never a log's: no choice is left in them.
BY_ITSELF = {"refill": ("a refill that is due happens at the start of the turn, by itself", RULE_REFILL),
             "move_gardener": ("the gardener moves by itself at the end of each turn", RULE_GARDENER)}


class CottageGardenEngine(Chance, Engine):
    version = 1
    candidates_complete = False  # a sample: one choice's moves (candidate_actions)
    house_rules = (
        "Cottage Garden: the flower tiles, the flowerbeds, the nursery's gardener spaces and the red line "
        "are gardenkit's own (docs/house-rules.md, Cottage Garden)",
        "Cottage Garden: the first listed player starts; of a player's two beds dealt, the first shows "
        "its light side; the solo beds are dealt at random",
        "Cottage Garden: cats go onto the beds in the Planting Phase before or after the tile or pot, a bed "
        "they complete waiting for the Scoring Phase; after the tile or pot the turn ends with end_turn or by "
        "itself with the next turn's move; after the scoring only the cats over two, or any once a cat was won "
        "(then end_turn); a ramble comes before anything is placed; no cat may fill the last bed a tile or "
        "pot that can be taken could go on",
        "Cottage Garden: a scored bed's tiles join the garden path in the order score_bed's path_order gives "
        "(none given: the order planted, corrected by a later tile taken where the guess put another of that "
        "bed), in the Final Round too (only the bed leaves the game); a bed given up takes its tiles out of the game",
        "Cottage Garden: a cat or flower pot the supply has run out of is not won, nor is a won pot with no "
        "free space on another bed; the Final Round penalty is skipped with every cube on the start",
        "Cottage Garden: a player who can take neither a tile that fits nor a flower pot skips the taking "
        "(cats may still be placed, then end_turn); a Final Round in which nothing on the table can change "
        "any more (no pot, no tile that fits can come, no cat) ends before the next penalty; "
        "beds are given up for the Final Round player by player from the one whose turn is next",
    )

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._fit_memo: dict[tuple, dict[str, list[dict]]] = {}
        self._parsed_memo: dict[tuple, Any] = {}

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        players = len(names)
        side = data.NURSERY_SIDES[data.nursery_side(players)]
        return {"players": [{"name": name, "orange": [data.START] * data.CUBES_PER_COLOUR,
                             "blue": [data.START] * data.CUBES_PER_COLOUR, "beehives": 0,
                             "cats": data.CATS_AT_START, "beds": []} for name in names],
                "stack": list(data.TILE_IDS), "nursery": dict.fromkeys(data.NURSERY_SPACES), "path": [],
                "discards": [], "boards": list(data.BED_BOARDS), "spare_bed": None, "removed_beds": [],
                "supply": {"cats": data.COUNTS["cats"] - data.CATS_AT_START * players,
                           "pots": data.COUNTS["pot_tokens"],
                           "beehives": [] if players == 1 else list(data.BEEHIVE_TILES)},
                "gardener": {"space": side["gardener"][players], "die": data.GARDENER_START_FACE[players]},
                "current": data.FIRST_PLAYER, "turns": 0, "final_round": False, "giving_up": [],
                "unordered": [],
                "turn": _fresh_turn(), "over": False}

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        return "draw" if state["stack"] else None

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        players = len(state["players"])
        boards = rng.sample(state["boards"], 2 * players + 1)
        return {"chance": "draw", "tiles": rng.sample(state["stack"], len(state["stack"])),
                "flowerbeds": [[boards[2 * i] + "L", boards[2 * i + 1] + "D"] for i in range(players)],
                "spare_bed": boards[-1] + "L"}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        tiles = outcome.get("tiles")
        found = []
        if not (isinstance(tiles, list) and all(isinstance(t, str) for t in tiles)
                and Counter(tiles) == Counter(state["stack"])):
            found.append(violation("wrong-deal", RULE_SETUP, f"the deal lays out every one of the "
                                   f"{len(state['stack'])} flower tiles once: {NURSERY_TILES} onto the nursery, "
                                   "the rest in the garden path", "chance.tiles"))
        beds, spare = outcome.get("flowerbeds"), outcome.get("spare_bed")
        players = len(state["players"])
        if not (isinstance(beds, list) and len(beds) == players
                and all(isinstance(pair, list) and len(pair) == 2 for pair in beds)):
            return found + [violation("wrong-flowerbeds", RULE_SETUP, f"each of the {players} players is dealt two "
                                      "flowerbeds, [light side, dark side]", "chance.flowerbeds")]
        designs = [*(design for pair in beds for design in pair), spare]
        sides = ["L", "D"] * players + ["L"]
        if not all(isinstance(d, str) and d in data.BED_DESIGNS and d.endswith(side)
                   for d, side in zip(designs, sides)):
            found.append(violation("wrong-flowerbeds", RULE_SETUP, "each player's first flowerbed shows its light "
                                   "side and the second its dark side; the spare one beside the nursery shows "
                                   "its light side", "chance.flowerbeds"))
        elif len({d[:-1] for d in designs}) < len(designs) or not all(d[:-1] in state["boards"] for d in designs):
            found.append(violation("flowerbed-twice", RULE_SETUP, "every flowerbed dealt is a different board",
                                   "chance.flowerbeds"))
        return found

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        state = _copy(state)
        tiles = outcome["tiles"]
        state["nursery"] = dict(zip(data.NURSERY_SPACES, tiles[:NURSERY_TILES]))
        state["path"] = list(tiles[NURSERY_TILES:])
        state["stack"] = []
        for player, pair in zip(state["players"], outcome["flowerbeds"]):
            player["beds"] = [_empty_bed(design) for design in pair]
        dealt = {design[:-1] for pair in outcome["flowerbeds"] for design in pair} | {outcome["spare_bed"][:-1]}
        state["boards"] = [board for board in state["boards"] if board not in dealt]
        state["spare_bed"] = outcome["spare_bed"]
        return self._settle(self._begin_turn(state))

    # actions ------------------------------------------------------------------------------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """A sample of the legal moves: one of the player's choices drawn uniformly among those
        that allow a move (each tile of the gardener row, a flower pot, a cat, a ramble, each
        colour to move...), with the actions of that choice. Most turns plant tidily, as
        players fill their beds: a tile covers the first empty space (reading order) of the
        fuller bed, or where no tile does, a pot or cat; else the same on either bed; the rest
        plant anywhere. Drawn action by action and anywhere, the single spaces a pot or cat
        may take outnumber the tiles' placements, and random games strew their beds with
        tokens and odd gaps until nothing fits and hardly a bed is scored."""
        who, moves, _ = _expected(state)
        player = state["players"][who]
        if _resting(state):
            # A cat after the tile where it fills a bed, or (mostly) the next turn's moves.
            filling = [cat for cat in _token_candidates(state, player, "cat")
                       if set(_open_spaces(cat["bed"]["design"])) <= _covered(cat["bed"]) | {tuple(cat["at"])}]
            if filling and rng.random() < TIDY_SHARE:
                return filling
            return self.candidate_actions(self._settle(self._end_turn(_copy(state))), rng)
        row = [space for space in data.GARDENER_ROWS[state["gardener"]["space"]] if state["nursery"][space]]
        tiles = [("place_tile", space) for space in row if "place_tile" in moves]
        others = [(move, "") for move in moves if move != "place_tile"]
        # Tidy: the fuller bed first, a tile before a token; then either bed; then anywhere.
        tidy = [(tiles, "fuller"), (others, "fuller"), (tiles, "either"), (others, "either")]
        for choices, where in [*(tidy if rng.random() < TIDY_SHARE else []), (tiles + others, "anywhere")]:
            choices = list(choices)
            while choices:
                move, space = choices.pop(rng.randrange(len(choices)))
                actions = self._actions_of(state, player, move, space, where, rng)
                if actions:
                    return actions
        return []

    def _actions_of(self, state: State, player: dict, move: str, space: str, where: str,
                    rng: random.Random) -> list[Action]:
        """Every action of one choice: the placements check's fit_tiles allows of the tile on
        `space`, a token on each space no piece covers, each cube of the colour to move, the
        completed beds, or the one ramble or give-up. Where it is not "anywhere", a placement
        covers the first empty space of the fuller bed or of either (and no printed pot or
        cloche, where one can), and a cube moved is the one furthest along or one on the start."""
        if move in ("place_tile", "pot", "cat"):
            targets = None if where == "anywhere" else _first_empty_spaces(player, fuller_only=where == "fuller")
            if move == "place_tile":
                return self._tile_placements(state, player, space, targets)
            return [action for action in _token_candidates(state, player, move, targets) if move == "pot"
                    or not self._cat_passes(state, player, action["bed"]["design"], tuple(action["at"]))]
        if move == "move_cube":
            found = _cube_candidates(state, player, move)
            # A player presses on with the cube furthest along, towards the target, or brings
            # one off the start, towards the flower pot for the last.
            ahead = max((a["from"] for a in found if a["from"] != data.TARGET), default=None)
            return [a for a in found if a["from"] in (ahead, data.START)] if where != "anywhere" else found
        if move == "final_round_penalty":
            return _cube_candidates(state, player, move)
        if move == "score_bed":  # its tiles go to the garden path in an order the player picks
            first: dict[tuple, dict] = {}  # beds that look alike are scored first come, first served
            for entry in state["turn"]["queue"]:
                first.setdefault(tuple(entry["rows"]), entry)
            return [{"type": "score_bed", "player": player["name"], "bed": entry["rows"],
                     "path_order": rng.sample(tiles, len(tiles))}
                    for entry in first.values()
                    for tiles in [[placed["tile"] for placed in _bed(player, entry["design"])["tiles"]]]]
        if move == "ramble":
            return [_refill_action(state, ramble=True)] if state["turn"]["ramble"] else []
        if move == "end_turn":
            return [{"type": "end_turn", "player": player["name"]}]
        return [{"type": "start_final_round", "player": player["name"], "beds": player["beds"]}]

    def _tile_placements(self, state: State, player: dict, space: str,
                         targets: dict[str, tuple[int, int]] | None = None) -> list[Action]:
        """The place_tile actions of the tile on `space`: every placement check's fit_tiles
        allows, or with targets, those covering the bed's target space (and, where some can,
        no printed pot or cloche)."""
        tile = state["nursery"][space]
        found = []
        for bed in player["beds"]:
            if targets is not None and bed["design"] not in targets:
                continue
            # Over a target space the placements are few: ask for the whole row at once.
            target = targets[bed["design"]] if targets is not None else None
            placements = self._fits(state, bed, _row_tiles(state) if target else [tile], target).get(tile, [])
            if targets is not None:
                printed = _printed(bed["design"])
                placements = [p for p in placements if not _tile_spaces(tile, p) & printed] or placements
            found += [{"type": "place_tile", "player": player["name"], "bed": bed, "tile": tile, **placement,
                       "nursery": {"space": space, "gardener": state["gardener"]["space"]}}
                      for placement in placements]
        return found

    def _fits(self, state: State, bed: dict, tiles: list[str],
              covering: tuple[int, int] | None = None) -> dict[str, list[dict]]:
        """check's fit_tiles placements of the tiles on the bed (over the space `covering`, if
        given). They depend on the bed and the tiles alone, which come back turn after turn,
        so they are remembered."""
        if not tiles:
            return {}
        key = (_bed_key(bed), covering, *tiles)
        found = self._fit_memo.get(key)
        if found is None:
            if len(self._fit_memo) >= MEMO_SIZE:
                self._fit_memo.clear()
            question = {"type": "fit_tiles", "bed": bed, "tiles": tiles, **({"covering": list(covering)} if covering else {})}
            answer = self.game.check_parsed(self._checked(state), question)
            found = self._fit_memo[key] = answer["effects"].get("placements", {})
        return found

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Every action type, by the player to move or another, on that player's beds or
        another's, with tiles of the gardener row or any, on any space, cubes that are there
        or not, the table's gardener and nursery or others; now and then a rule question."""
        return [_random_action(state, rng) for _ in range(RANDOM_ACTIONS)]

    def table_violations(self, state: State, action: Any) -> list[Violation]:
        if action.type in QUESTIONS:
            return [violation("not-a-move", RULE_TURN, f"{action.type} asks about the rules; it is no move of a game",
                              "action.type")]
        if action.type == "move_gardener" or (action.type == "refill" and not action.ramble):
            words, rule = BY_ITSELF[action.type]
            return [violation("not-a-move", rule, f"{words}: it is no move of a game log", "action.type")]
        state = self._turn_for(state, action)
        who, moves, (doing, rule) = _expected(state)
        player = state["players"][who]
        if action.player is None:
            return [violation("player-missing", RULE_TURN, f"a move of a game log names who makes it: {player['name']} "
                                                        f"is to {doing}", "action.player")]
        if action.player != player["name"]:
            return [violation("out-of-turn", RULE_TURN, f"{player['name']} is to {doing}", "action.player")]
        move = _move_of(action)
        if move not in moves or (move == "ramble" and not state["turn"]["ramble"]):
            return [violation("out-of-step", rule, f"{player['name']} is to {doing} now", "action.type")]
        found = _TABLE_CHECKS[action.type](state, player, action)
        if not found and action.type == "place_token" and action.token == "cat" and self._cat_passes(
                state, player, action.bed.design, tuple(action.at)):
            found = [violation("must-plant", RULE_PLANT, f"{player['name']} must still take a flower tile or a flower "
                               "pot and may not pass: this cat would fill the last flowerbed it could go on",
                               "action.at")]
        return found

    def _cat_passes(self, state: State, player: dict, design: str, at: tuple[int, int]) -> bool:
        """Whether a cat placed on the space before the tile or pot takes away the last bed it
        could go on: the player may not pass (while a tile or pot can be taken, it must be)."""
        if state["turn"]["step"] != "plant":
            return False
        bed = _bed(player, design)
        if not set(_open_spaces(design)) <= _covered(bed) | {at}:
            return False  # the bed stays open
        after = {**state, "turn": {**state["turn"], "queue": [*state["turn"]["queue"], {"design": design}]}}
        return not self._can_plant(after, player) and self._can_plant(state, player)

    def _turn_for(self, state: State, action: Any) -> State:
        """The state a move is judged and made on: this one, or where the player to move may only
        still place cats and the move is not theirs to make now, the state once their turn has
        ended by itself (when the move is one of the player who then moves)."""
        if not _resting(state):
            return state
        who, moves, _ = _expected(state)
        if action.player == state["players"][who]["name"] and _move_of(action) in moves:
            return state
        ended = self._settle(self._end_turn(_copy(state)))
        if ended["over"] or action.player != ended["players"][_expected(ended)[0]]["name"]:
            return state
        return ended

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        state = _copy(self._turn_for(state, action))
        state = _MOVES[action.type](self, state, action, effects)
        return self._settle(state)

    # the moves ------------------------------------------------------------------------------
    def _place_tile(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        _take(state, action.nursery.space, action.tile)
        bed = _bed(state["players"][state["current"]], action.bed.design)
        bed["tiles"].append({"tile": action.tile, "at": list(action.at), "rotation": action.rotation,
                             "flip": action.flip})
        _planted(state, bed, effects)
        state["turn"].update(step="planted", ramble=False, mouse_hunt=True)
        return state

    def _place_token(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        player = state["players"][state["current"]]
        bed = _bed(player, action.bed.design)
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
        _planted(state, bed, effects)
        return state

    def _score_bed(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        turn = state["turn"]
        entry = next(e for e in turn["queue"] if e["rows"] == list(action.bed))
        turn["queue"].remove(entry)
        turn["mouse_hunt"] = False  # the Scoring Phase has begun
        steps = {"orange": effects["pots"], "blue": effects["cloches"]}
        turn["scoring"] = {"design": entry["design"], "pots": effects["pots"], "cloches": effects["cloches"],
                           "moves": [colour for colour in data.COLOURS if steps[colour]],
                           "path_order": action.path_order}
        # A colour whose three cubes are all on the target makes no more moves (check says so).
        player = state["players"][state["current"]]
        turn["scoring"]["moves"] = [colour for colour in turn["scoring"]["moves"]
                                    if self._any_legal_by_check(state, _cube_moves(state, player, colour))]
        return state

    def _move_cube(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        player = state["players"][state["current"]]
        _move(player, action.color, action.from_, effects["to"])
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

    def _penalty(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        _move(state["players"][state["current"]], action.color, action.from_, effects["to"])
        return self._refilling(state)

    def _start_final_round(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        _give_up(state, state["players"][state["giving_up"].pop(0)], effects["given_up"])
        return state if state["giving_up"] else self._begin_turn(state)

    def _end_turn_move(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        state["turn"].update(step="planted", cat_won=False, mouse_hunt=False)
        return state

    def _ramble(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        _fill(state, effects["order"])
        state["players"][state["current"]]["cats"] -= effects["cats_returned"]
        state["supply"]["cats"] += effects["cats_returned"]
        state["turn"]["ramble"] = False
        return state

    # what follows by itself ------------------------------------------------------------------
    def _settle(self, state: State) -> State:
        """What follows a move without a choice: a won flower pot with nowhere to go is not
        taken; a bed whose scoring is done is cleaned up and replaced (in the Final Round,
        removed); the game ends when the last bed is gone; a player who cannot plant skips
        the planting; a turn with nothing left to do ends, and the next one begins."""
        while True:
            turn = state["turn"]
            player = state["players"][state["current"]]
            if turn["bonus_pots"] and not self._any_legal_by_check(state, _token_candidates(state, player, "pot")):
                turn["bonus_pots"] = 0
            if turn["scoring"] and not turn["scoring"]["moves"] and not turn["bonus_pots"]:
                _clean_up(state, player, turn["scoring"]["design"], turn["scoring"]["path_order"])
                turn["scoring"] = None
            if state["final_round"] and not state["giving_up"] and not any(p["beds"] for p in state["players"]):
                state["over"] = True
            if state["over"]:
                return state
            if state["giving_up"] or turn["bonus_pots"] or turn["scoring"] or (turn["queue"] and turn["step"] != "plant"):
                return state
            if turn["step"] == "plant" and not self._can_plant(state, player):
                # Mouse hunt: with no tile or pot to take, the player may still place cats.
                turn.update(step="more_cats" if self._can_place_a_cat(state, player) else "planted", ramble=False)
                continue
            if turn["step"] not in ("planted", "cats", "more_cats"):
                return state
            if player["cats"] > data.CATS_AT_START and player["beds"]:
                turn.update(step="cats", mouse_hunt=False)
                return state
            if turn["mouse_hunt"]:
                if self._can_place_a_cat(state, player):
                    return state  # cats may follow the tile or pot, until the turn ends
                turn["mouse_hunt"] = False
            if turn["step"] in ("planted", "cats") and turn["cat_won"]:
                turn["step"] = "more_cats"  # a cat won may be used at once, or kept
            if turn["step"] == "more_cats" and self._can_place_a_cat(state, player):
                return state
            state = self._end_turn(state)

    def _end_turn(self, state: State) -> State:
        """The Gardener Phase, as check's move_gardener moves the gardener, then the next turn
        (or, when the die turns to 6, the Final Round's give-ups)."""
        answer = self.game.check_parsed(self._checked(state), {"type": "move_gardener", **state["gardener"]})
        moved = answer["effects"]
        players = len(state["players"])
        state.update(gardener={"space": moved["to"], "die": moved["die"]}, turns=state["turns"] + 1,
                     current=(state["current"] + 1) % players, turn=_fresh_turn())
        if moved["final_round_starts"]:
            state.update(final_round=True, giving_up=[(state["current"] + k) % players for k in range(players)])
            return state
        return self._begin_turn(state)

    def _begin_turn(self, state: State) -> State:
        """The current player's turn starts: in the Final Round with the penalty (or with the
        Gardener Phase alone once their beds are gone), then with the Refilling Phase."""
        player = state["players"][state["current"]]
        if state["final_round"] and any(p["beds"] for p in state["players"]) and (
                data.STUCK_FINAL_ROUND_ENDS_THE_GAME and self._nothing_can_change(state)):
            state["over"] = True  # before the penalty: it would be paid for ever
            return state
        if state["final_round"] and not player["beds"]:
            state["turn"]["step"] = "planted"
            return state
        if state["final_round"] and self._any_legal_by_check(state, _cube_candidates(state, player,
                                                                                     "final_round_penalty")):
            state["turn"]["step"] = "penalty"
            return state
        return self._refilling(state)

    def _refilling(self, state: State) -> State:
        """The Refilling Phase as check reads the gardener row: a refill that is due is made;
        a ramble is open to a player with a cat when it would fill a space."""
        player = state["players"][state["current"]]
        checked = self._checked(state)
        due = self.game.check_parsed(checked, _refill_action(state, ramble=False))["effects"]
        _fill(state, due["order"])
        ramble = due["refill"] == "ramble" and player["cats"] > 0 and bool(
            self.game.check_parsed(checked, _refill_action(state, ramble=True))["effects"]["order"])
        state["turn"].update(step="plant", ramble=ramble)
        return state

    def _nothing_can_change(self, state: State) -> bool:
        """The Final Round can never end by itself (data.STUCK_FINAL_ROUND_ENDS_THE_GAME): turn after
        turn with nobody placing anything, the gardener moving and the refills falling due,
        until the table repeats, no player with a bed left could take a flower pot, take a tile
        that fits or place a cat. (A table that can change is left to change: these are the
        only ways a bed fills.)"""
        idle = _copy(state)
        seen = set()
        while True:
            player = idle["players"][idle["current"]]
            if player["beds"]:
                idle = self._refilling(idle)
                if self._can_plant(idle, player) or self._can_place_a_cat(idle, player):
                    return False
            table = (idle["gardener"]["space"], idle["current"], len(idle["path"]), *idle["nursery"].values())
            if table in seen:
                return True
            seen.add(table)
            moved = self.game.check_parsed(self._checked(idle), {"type": "move_gardener", **idle["gardener"]})
            idle.update(gardener={"space": moved["effects"]["to"], "die": moved["effects"]["die"]},
                        current=(idle["current"] + 1) % len(idle["players"]))

    def _can_plant(self, state: State, player: dict) -> bool:
        """A flower pot always fits a bed that is not complete (a bed a cat completed waits
        for the Scoring Phase); else a tile of the row must."""
        complete = {entry["design"] for entry in state["turn"]["queue"]}
        open_beds = [bed for bed in player["beds"] if bed["design"] not in complete]
        if not open_beds:
            return False
        if state["supply"]["pots"]:
            return True
        return any(any(self._fits(state, bed, _row_tiles(state)).values()) for bed in open_beds)

    def _can_place_a_cat(self, state: State, player: dict) -> bool:
        """A cat in reserve and a bed that is not complete (an empty space is left)."""
        return player["cats"] > 0 and any(not set(_open_spaces(bed["design"])) <= _covered(bed)
                                          for bed in player["beds"])

    def _checked(self, state: State) -> Any:
        """The state check reads, parsed; the last few are remembered (a turn asks check
        several things about one unchanged state)."""
        key = tuple((p["name"], *p["orange"], *p["blue"], p["beehives"]) for p in state["players"])
        found = self._parsed_memo.get(key)
        if found is None:
            if len(self._parsed_memo) >= MEMO_SIZE:
                self._parsed_memo.clear()
            found = self._parsed_memo[key] = self.game.parse_state(self.check_state(state))
        return found

    def _any_legal_by_check(self, state: State, actions: list[Action]) -> bool:
        """Whether the rules allow any of these actions (the table is the engine's to know)."""
        checked = self._checked(state)
        return any(self.game.check_parsed(checked, action)["legal"] for action in actions)

    # what a move did ---------------------------------------------------------------------------
    def observed_effects(self, before: State, action: Action, after: State) -> dict[str, Any]:
        before = self._turn_for(before, self.game.parse_action(action))  # a turn that ended by itself
        kind = action["type"]
        if kind in ("place_tile", "place_token"):
            design = action["bed"]["design"]
            bed = _bed(after["players"][before["current"]], design)
            return {"flower_tiles": len(bed["tiles"]),
                    "complete": design in [entry["design"] for entry in after["turn"]["queue"]]}
        if kind in ("move_cube", "final_round_penalty"):
            index = before["current"]
            moved = Counter(after["players"][index][action["color"]]) - Counter(before["players"][index][action["color"]])
            to = next(iter(moved), action["from"])
            return ({"to": to, "points": to - action["from"]} if kind == "move_cube"
                    else {"to": to, "points_lost": action["from"] - to})
        if kind == "score_bed":
            scoring = after["turn"]["scoring"]
            waiting = [[entry["rows"] for entry in state["turn"]["queue"]].count(action["bed"])
                       for state in (before, after)]
            seen = {"complete": waiting[0] > waiting[1]}
            return {**seen, "pots": scoring["pots"], "cloches": scoring["cloches"]} if scoring else seen
        if kind == "start_final_round":
            player = next(p for p in after["players"] if p["name"] == action["player"])
            kept = [bed["design"] for bed in player["beds"]]
            return {"given_up": [i for i, bed in enumerate(action["beds"]) if bed["design"] not in kept]}
        if kind == "end_turn":
            return {"turn_over": after["turns"] > before["turns"] or bool(after["over"])}
        # a ramble (a refill that is due, and the gardener, move by themselves)
        filled = [space for space, tile in after["nursery"].items() if tile and not before["nursery"][space]]
        index = before["current"]
        return {"order": sorted(filled, key=lambda space: before["path"].index(after["nursery"][space])),
                "cats_returned": before["players"][index]["cats"] - after["players"][index]["cats"]}

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        return {"players": [{"name": p["name"], "orange": list(p["orange"]), "blue": list(p["blue"]),
                             "beehives": p["beehives"]} for p in state["players"]]}

    def check_state(self, state: State) -> dict[str, Any]:
        return self.score_state(state)


_MOVES = {"place_tile": CottageGardenEngine._place_tile, "place_token": CottageGardenEngine._place_token,
          "score_bed": CottageGardenEngine._score_bed, "move_cube": CottageGardenEngine._move_cube,
          "final_round_penalty": CottageGardenEngine._penalty,
          "start_final_round": CottageGardenEngine._start_final_round,
          "refill": CottageGardenEngine._ramble, "end_turn": CottageGardenEngine._end_turn_move}


# --- whose move, and which ---------------------------------------------------------------------

def _fresh_turn() -> dict[str, Any]:
    return {"step": "plant", "ramble": False, "queue": [], "scoring": None, "bonus_pots": 0, "mouse_hunt": False,
            "cat_won": False}


def _expected(state: State) -> tuple[int, tuple[str, ...], tuple[str, str]]:
    """Who moves next, the moves open to them, and what they are to do, in words. Forced
    steps come first: the Final Round's give-ups, a flower pot won, the cubes of a bed scored,
    the beds completed; then the turn's own step."""
    if state["giving_up"]:
        return state["giving_up"][0], ("start_final_round",), DOING["start_final_round"]
    turn = state["turn"]
    if turn["bonus_pots"]:
        return state["current"], ("pot",), DOING["bonus_pot"]
    if turn["scoring"]:
        return state["current"], ("move_cube",), DOING["move_cube"]
    if turn["queue"] and turn["step"] != "plant":  # the Scoring Phase follows the Planting Phase
        if turn["mouse_hunt"] and turn["step"] == "planted":
            return state["current"], ("score_bed", "cat"), DOING["score_or_cat"]
        return state["current"], ("score_bed",), DOING["score_bed"]
    if turn["mouse_hunt"] and turn["step"] == "planted":
        return state["current"], ("cat", "end_turn"), DOING["mouse_hunt"]
    return state["current"], STEP_MOVES[turn["step"]], DOING[turn["step"]]


def _resting(state: State) -> bool:
    """The player to move has planted and may only still place cats: the turn ends with
    end_turn, or by itself with a move of the next turn."""
    turn = state["turn"]
    return bool(turn["mouse_hunt"] and turn["step"] == "planted" and not turn["queue"])


def _move_of(action: Any) -> str:
    if action.type == "place_token":
        return str(action.token)
    if action.type == "refill":
        return "ramble" if action.ramble else "refill"
    return str(action.type)


# --- the table's refusals -----------------------------------------------------------------------

def _bed_problem(player: dict, layout: Any, path: str = "action.bed") -> list[Violation]:
    if layout.model_dump() in player["beds"]:
        return []
    return [violation("not-your-bed", RULE_PLANT, f"this is not one of {player['name']}'s flowerbeds as they lie "
                                               "on the table", path)]


def _table_place_tile(state: State, player: dict, action: Any) -> list[Violation]:
    taken = action.nursery
    if taken is None:
        return [violation("nursery-missing", RULE_PLANT, "a planted tile comes from the nursery: say from which "
                          "space, and where the gardener stands", "action.nursery")]
    if taken.gardener != state["gardener"]["space"]:
        return [violation("gardener-not-there", RULE_PLANT, f"the gardener stands on {state['gardener']['space']}",
                          "action.nursery.gardener")]
    held = state["nursery"][taken.space]
    guess = _guess_of(state, held)
    if held != action.tile and (guess is None or guess is not _guess_of(state, action.tile)):
        unrecorded = (f"; it went there by a guess, as the order in which the tiles of bed {guess['design']} went "
                      "back to the garden path was not recorded: give that score_bed its path_order") if guess else ""
        return [violation("tile-not-there", RULE_PLANT, f"{taken.space} holds {held or 'no tile'}, not "
                          f"{action.tile}{unrecorded}", "action.nursery.space")]
    return _bed_problem(player, action.bed)


def _table_place_token(state: State, player: dict, action: Any) -> list[Violation]:
    if action.token == "cat" and not player["cats"]:
        return [violation("no-cat-left", RULE_PLANT, f"{player['name']} has no cat in reserve", "action.token")]
    if action.token == "pot" and not state["supply"]["pots"]:
        return [violation("no-pot-left", RULE_PLANT, "the general supply has no flower pot left", "action.token")]
    return _bed_problem(player, action.bed)


def _table_score_bed(state: State, player: dict, action: Any) -> list[Violation]:
    entry = next((e for e in state["turn"]["queue"] if e["rows"] == list(action.bed)), None)
    if entry is None:
        return [violation("not-a-completed-bed", RULE_SCORING, f"this is not a flowerbed {player['name']} has just "
                          "completed", "action.bed")]
    if action.path_order is None:
        return []
    tiles = [placed["tile"] for placed in _bed(player, entry["design"])["tiles"]]
    wrong = [f"leaves out {tile}" for tile in tiles if tile not in action.path_order]
    wrong += [f"{tile} is not on it" for tile in dict.fromkeys(action.path_order) if tile not in tiles]
    wrong += [f"names {tile} twice" for tile, n in Counter(action.path_order).items() if n > 1]
    if not wrong:
        return []
    return [violation("wrong-path-order", RULE_CLEANUP, f"path_order lists the tiles of the bed scored ("
                      f"{_words(tiles)}) in the order they go to the garden path, each once: it {'; '.join(wrong)}",
                      "action.path_order")]


def _table_move_cube(state: State, player: dict, action: Any) -> list[Violation]:
    scoring = state["turn"]["scoring"]
    if action.color not in scoring["moves"]:
        return [violation("colour-not-to-move", RULE_SCORING, f"the bed scored moves {_words(scoring['moves'])} "
                          "now, one cube each", "action.color")]
    steps = scoring["pots"] if action.color == "orange" else scoring["cloches"]
    if action.steps != steps:
        return [violation("wrong-steps", RULE_SCORING, f"the bed scored shows {steps} "
                          f"{'flower pots' if action.color == 'orange' else 'cloches'}: {steps} steps",
                          "action.steps")]
    return []


def _table_penalty(state: State, player: dict, action: Any) -> list[Violation]:
    if action.flowerbeds_left == len(player["beds"]):
        return []
    return [violation("wrong-bed-count", RULE_FINAL, f"{player['name']} has {len(player['beds'])} flowerbeds left",
                      "action.flowerbeds_left")]


def _table_start_final_round(state: State, player: dict, action: Any) -> list[Violation]:
    if [bed.model_dump() for bed in action.beds] == player["beds"]:
        return []
    return [violation("not-your-bed", RULE_FINAL, f"these are not {player['name']}'s flowerbeds as they lie on "
                                               "the table", "action.beds")]


def _table_refill(state: State, player: dict, action: Any) -> list[Violation]:
    table = _refill_action(state, ramble=True)
    if (action.gardener, action.empty, action.path) != (table["gardener"], table["empty"], table["path"]):
        return [violation("not-the-table", RULE_REFILL, f"the gardener stands on {table['gardener']}, the empty "
                          f"nursery spaces are {_words(table['empty'])} and the garden path holds {table['path']} "
                          "tiles", "action")]
    if action.ramble and not player["cats"]:
        return [violation("no-cat-left", RULE_REFILL, f"a ramble returns a cat; {player['name']} has none",
                          "action.ramble")]
    return []


_TABLE_CHECKS = {"place_tile": _table_place_tile, "place_token": _table_place_token,
                 "score_bed": _table_score_bed, "move_cube": _table_move_cube,
                 "final_round_penalty": _table_penalty, "start_final_round": _table_start_final_round,
                 "refill": _table_refill, "end_turn": lambda state, player, action: []}


# --- candidates ----------------------------------------------------------------------------------

def _row_tiles(state: State) -> list[str]:
    """The tiles of the gardener row, nearest the gardener first."""
    return [state["nursery"][space] for space in data.GARDENER_ROWS[state["gardener"]["space"]] if state["nursery"][space]]


def _refill_action(state: State, ramble: bool) -> Action:
    return {"type": "refill", "player": state["players"][state["current"]]["name"],
            "gardener": state["gardener"]["space"],
            "empty": [space for space, tile in state["nursery"].items() if not tile],
            "path": len(state["path"]), "ramble": ramble}


def _token_candidates(state: State, player: dict, token: str,
                      targets: dict[str, tuple[int, int]] | None = None) -> list[Action]:
    """A cat or flower pot on every space of the player's beds that no piece covers, or with
    targets, on the bed's target space."""
    if (player["cats"] if token == "cat" else state["supply"]["pots"]) <= 0:
        return []
    if targets is not None:
        return [{"type": "place_token", "player": player["name"], "bed": bed, "token": token,
                 "at": list(targets[bed["design"]])} for bed in player["beds"] if bed["design"] in targets]
    return [{"type": "place_token", "player": player["name"], "bed": bed, "token": token, "at": [r, c]}
            for bed, covered in ((bed, _covered(bed)) for bed in player["beds"])
            for r in SPACES for c in SPACES if (r, c) not in covered]


def _cube_candidates(state: State, player: dict, move: str) -> list[Action]:
    if move == "move_cube":
        return [action for colour in state["turn"]["scoring"]["moves"]
                for action in _cube_moves(state, player, colour)]
    return [{"type": "final_round_penalty", "player": player["name"], "color": colour, "from": value,
             "flowerbeds_left": len(player["beds"])}
            for colour in data.COLOURS for value in sorted(set(player[colour]))]


def _cube_moves(state: State, player: dict, colour: str) -> list[Action]:
    scoring = state["turn"]["scoring"]
    steps = scoring["pots"] if colour == "orange" else scoring["cloches"]
    return [{"type": "move_cube", "player": player["name"], "color": colour, "from": value, "steps": steps}
            for value in sorted(set(player[colour]))]


def _random_action(state: State, rng: random.Random) -> Action:
    """One action of any type, the table's pieces mixed with others: mostly illegal."""
    who, _, _ = _expected(state)
    player = state["players"][who] if rng.random() < 0.8 else rng.choice(state["players"])
    kind = rng.choice(RANDOM_KINDS)
    kind = rng.choice(QUESTIONS) if kind == "question" else kind
    action: Action = {"type": kind} if kind in QUESTIONS else {"type": kind, "player": player["name"]}
    colour = rng.choice(data.COLOURS)
    if kind == "place_tile":
        space = rng.choice(data.GARDENER_ROWS[state["gardener"]["space"]]) if rng.random() < 0.8 else rng.choice(
            data.NURSERY_SPACES)
        action.update(bed=_random_bed(player, rng), tile=state["nursery"][space] or rng.choice(data.TILE_IDS),
                      at=_random_space(rng), rotation=rng.choice(ROTATIONS), flip=rng.random() < 0.5,
                      nursery={"space": space, "gardener": _random_gardener(state, rng)})
    elif kind == "place_token":
        action.update(bed=_random_bed(player, rng), token=rng.choice(("cat", "pot")), at=_random_space(rng))
    elif kind == "score_bed":
        action["bed"] = rng.choice([e["rows"] for e in state["turn"]["queue"]] or [["FFFFF"] * data.BED_SIZE])
    elif kind == "move_cube":
        scoring = state["turn"]["scoring"]
        steps = scoring["pots" if colour == "orange" else "cloches"] if scoring and rng.random() < 0.7 else 0
        action.update(color=colour, steps=steps or rng.randint(1, 6),
                      **{"from": rng.choice(player[colour] + [rng.choice(data.TRACKS[colour])])})
    elif kind == "final_round_penalty":
        action.update(color=colour, flowerbeds_left=rng.choice((len(player["beds"]), rng.randint(0, 2))),
                      **{"from": rng.choice(player[colour])})
    elif kind == "start_final_round":
        action["beds"] = player["beds"][:rng.randint(0, 2)]
    elif kind == "refill":
        action.update({**_refill_action(state, rng.random() < 0.7), "player": player["name"],
                       "gardener": _random_gardener(state, rng)})
    elif kind == "move_gardener":
        action.update(space=_random_gardener(state, rng),
                      die=state["gardener"]["die"] if rng.random() < 0.8 else rng.randint(1, data.FINAL_ROUND_FACE))
    elif kind == "orient_tile":
        action["tile"] = rng.choice(data.TILE_IDS)
    elif kind == "fit_tiles":  # over one space: the whole bed's placements cost more than this question is worth
        action.update(bed=_random_bed(player, rng), tiles=[rng.choice(data.TILE_IDS)], covering=_random_space(rng))
    return action


def _random_bed(player: dict, rng: random.Random) -> dict:
    """One of the player's beds, or now and then an empty bed of any design."""
    if not player["beds"] or rng.random() < 0.1:
        return _empty_bed(rng.choice(data.BED_IDS))
    return rng.choice(player["beds"])


def _random_space(rng: random.Random) -> list[int]:
    return [rng.randint(1, data.BED_SIZE), rng.randint(1, data.BED_SIZE)]


def _random_gardener(state: State, rng: random.Random) -> str:
    """The gardener's space, or now and then any space of the track."""
    if rng.random() < 0.8:
        return str(state["gardener"]["space"])
    return rng.choice(data.NURSERY_SIDES[data.nursery_side(len(state["players"]))]["track"])


# --- the pieces ------------------------------------------------------------------------------------

@functools.cache
def _squares(tile: str, rotation: int, flip: bool) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for r, c, _ in data.oriented_squares(tile, rotation, flip))


@functools.cache
def _tile_spaces_at(tile: str, row: int, col: int, rotation: int, flip: bool) -> frozenset[tuple[int, int]]:
    return frozenset((row + r, col + c) for r, c in _squares(tile, rotation, flip))


def _tile_spaces(tile: str, placement: dict) -> frozenset[tuple[int, int]]:
    """The 1-based spaces a placement of the tile covers."""
    return _tile_spaces_at(tile, *placement["at"], placement["rotation"], placement["flip"])


def _first_empty_spaces(player: dict, fuller_only: bool) -> dict[str, tuple[int, int]]:
    """The first empty space, in reading order, of each of the player's beds (or of the
    fuller one only): the first that shows neither a piece nor a printed pot or cloche."""
    beds = [(bed["design"], _covered(bed)) for bed in player["beds"]]
    if fuller_only and beds:
        beds = [max(beds, key=lambda bed: len(bed[1]))]
    return {design: space for design, covered in beds
            if (space := next((s for s in _open_spaces(design) if s not in covered), None))}


@functools.cache
def _printed(design: str) -> frozenset[tuple[int, int]]:
    """The 1-based spaces of a bed design that show a printed pot or cloche."""
    return frozenset((r, c) for r in SPACES for c in SPACES if data.BED_DESIGNS[design][r - 1][c - 1] != data.EMPTY)


@functools.cache
def _open_spaces(design: str) -> tuple[tuple[int, int], ...]:
    """The 1-based spaces of a bed design that print nothing, in reading order."""
    return tuple((r, c) for r in SPACES for c in SPACES if data.BED_DESIGNS[design][r - 1][c - 1] == data.EMPTY)


def _covered(bed: dict) -> set[tuple[int, int]]:
    """The 1-based spaces of a bed under its tiles, cats and pots."""
    covered = {(r + placed["at"][0], c + placed["at"][1]) for placed in bed["tiles"]
               for r, c in _squares(placed["tile"], placed["rotation"], placed["flip"])}
    return covered | {(row, col) for row, col in bed["cats"] + bed["pots"]}


def _bed_key(bed: dict) -> tuple:
    return (bed["design"], tuple((t["tile"], *t["at"], t["rotation"], t["flip"]) for t in bed["tiles"]),
            tuple(map(tuple, bed["cats"])), tuple(map(tuple, bed["pots"])))


def _empty_bed(design: str) -> dict[str, Any]:
    return {"design": design, "tiles": [], "cats": [], "pots": []}


def _bed(player: dict, design: str) -> dict:
    return next(bed for bed in player["beds"] if bed["design"] == design)


def _fill(state: State, spaces: list[str]) -> None:
    """Refill the spaces in this order from the wheelbarrow's end of the garden path."""
    for space in spaces:
        state["nursery"][space] = state["path"].pop(0)


def _planted(state: State, bed: dict, effects: dict[str, Any]) -> None:
    if effects["complete"]:
        state["turn"]["queue"].append({"design": bed["design"], "rows": effects["cells"]})


def _move(player: dict, colour: str, start: int, to: int) -> None:
    cubes = player[colour]
    cubes[cubes.index(start)] = to


def _tokens_back(state: State, bed: dict) -> None:
    state["supply"]["cats"] += len(bed["cats"])
    state["supply"]["pots"] += len(bed["pots"])


def _give_up(state: State, player: dict, indexes: Sequence[int]) -> None:
    """Beds given up leave the game with their tiles; their cats and pots go to the supply."""
    for index in sorted(indexes, reverse=True):
        bed = player["beds"].pop(index)
        _tokens_back(state, bed)
        state["discards"] += [placed["tile"] for placed in bed["tiles"]]
        state["removed_beds"].append(bed["design"])


def _clean_up(state: State, player: dict, design: str, order: list[str] | None) -> None:
    """Cleanup and Replacing the Flowerbed: tokens to the supply, tiles to the end of the
    garden path in the order the log gave (none given: the order planted, remembered as a
    guess while two tiles or more are in it); the bed flipped into the supply for the one
    waiting there (in the Final Round it leaves the game and nothing replaces it)."""
    index = [bed["design"] for bed in player["beds"]].index(design)
    bed = player["beds"][index]
    _tokens_back(state, bed)
    tiles = [placed["tile"] for placed in bed["tiles"]]
    state["path"] += order or tiles
    if order is None and len(tiles) > 1:
        state["unordered"].append({"design": design, "tiles": tiles})
    if state["final_round"]:
        del player["beds"][index]
        state["removed_beds"].append(design)
        return
    player["beds"][index] = _empty_bed(state["spare_bed"])
    state["spare_bed"] = design[:-1] + ("D" if design.endswith("L") else "L")


def _guess_of(state: State, tile: str | None) -> dict | None:
    """The scored bed whose tiles went to the garden path in an unrecorded order, with this
    tile among them (its place in the path or nursery is a guess), if any."""
    return next((group for group in state["unordered"] if tile in group["tiles"]), None)


def _take(state: State, space: str, tile: str) -> None:
    """The tile is taken from the space. Where the guessed order put another tile of the same
    bed there, the tile taken shows the real order: the two change places first. Either way
    the tile's place is known from now on."""
    group = _guess_of(state, tile)
    if group is None:
        state["nursery"][space] = None
        return
    held = state["nursery"][space]
    if held != tile:
        where = state["path"] if tile in state["path"] else state["nursery"]
        key = where.index(tile) if isinstance(where, list) else next(s for s, t in where.items() if t == tile)
        where[key] = held
    state["nursery"][space] = None
    group["tiles"].remove(tile)
    state["unordered"] = [g for g in state["unordered"] if len(g["tiles"]) > 1]


def _words(items: Sequence[Any]) -> str:
    return ", ".join(map(str, items)) or "none"


def _copy(state: State) -> State:
    """A copy of the state whose every list and object a move may change is new, so that no
    state is ever changed in place (what no move changes, a placed tile's entry, is shared)."""
    turn = state["turn"]
    scoring = turn["scoring"] and {**turn["scoring"], "moves": list(turn["scoring"]["moves"])}
    return {**state,
            "players": [{**p, "orange": list(p["orange"]), "blue": list(p["blue"]),
                         "beds": [{**bed, "tiles": list(bed["tiles"]), "cats": list(bed["cats"]),
                                   "pots": list(bed["pots"])} for bed in p["beds"]]} for p in state["players"]],
            "stack": list(state["stack"]), "nursery": dict(state["nursery"]), "path": list(state["path"]),
            "discards": list(state["discards"]), "boards": list(state["boards"]),
            "removed_beds": list(state["removed_beds"]),
            "unordered": [{**group, "tiles": list(group["tiles"])} for group in state["unordered"]],
            "supply": {**state["supply"], "beehives": list(state["supply"]["beehives"])},
            "gardener": dict(state["gardener"]), "giving_up": list(state["giving_up"]),
            "turn": {**turn, "queue": list(turn["queue"]), "scoring": scoring}}
