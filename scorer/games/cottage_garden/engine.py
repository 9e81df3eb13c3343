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
Round are the rules module's: its moves (rules.py, one per action type, on this module's
CottageMove), which `check` and the engine both call.
"""
from __future__ import annotations

import functools
import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import Any, ClassVar

from pydantic import BaseModel

from scorer.games.core import Violation, violation
from scorer.games.cottage_garden import data
from scorer.games.engine import RANDOM_ACTIONS, Action, Chance, Engine, Move, Outcome, State, Table, live_table

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
# The action type of each choice of STEP_MOVES that is not an action type itself.
CHOICE_TYPES = {"pot": "place_token", "cat": "place_token", "ramble": "refill"}
PLACEMENTS = ("place_tile", "place_token")  # the actions that carry the bed they go on


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
                "turn": fresh_turn(), "over": False}

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
        reading = self.read(state).reading
        return self.settled(self.begin_turn(state, reading), reading)

    # the table and the moves ---------------------------------------------------------------
    def read(self, state: State | Table[Any]) -> CottageTable:
        return state if isinstance(state, CottageTable) else CottageTable(self, state if isinstance(
            state, dict) else state.state)

    def parse_action(self, table: Table[Any], raw_action: Any) -> Any:
        """A placement carries the bed it goes on: one that carries a bed of the table (the
        candidates and probes judged on a table, most of a log's) is parsed around the
        table's own reading of that bed, read once per table. Any other is parsed whole."""
        if isinstance(raw_action, dict) and raw_action.get("type") in PLACEMENTS:
            layout = self.read(table).layout(raw_action.get("bed"))
            if layout is not None:
                return self.game.parse_action({**raw_action, "bed": layout})
        return self.game.parse_action(raw_action)

    def candidate_actions(self, state: State | Table[Any], rng: random.Random) -> list[Action]:
        """A sample of the legal moves: one of the player's choices drawn uniformly among those
        that allow a move (each tile of the gardener row, a flower pot, a cat, a ramble, each
        colour to move...), with that choice's actions as its move lists them (`options`).
        Most turns plant tidily, as players fill their beds: a tile covers the first empty
        space (reading order) of the fuller bed, or where no tile does, a pot or cat; else
        the same on either bed; the rest plant anywhere. Drawn action by action and anywhere,
        the single spaces a pot or cat may take outnumber the tiles' placements, and random
        games strew their beds with tokens and odd gaps until nothing fits and hardly a bed
        is scored."""
        table = self.read(state)
        state = table.state
        who, choices_open, _ = table.expected
        player = state["players"][who]
        if _resting(state):
            # A cat after the tile where it fills a bed, or (mostly) the next turn's moves.
            last_space = {bed["design"]: _last_open_space(bed) for bed in player["beds"]}
            filling = [cat for cat in token_candidates(state, player, "cat")
                       if last_space[cat["bed"]["design"]] == tuple(cat["at"])]
            if filling and rng.random() < TIDY_SHARE:
                return filling
            return self.candidate_actions(CottageTable(self, table.ended, read_as=table), rng)
        row = [space for space in data.GARDENER_ROWS[state["gardener"]["space"]] if state["nursery"][space]]
        tiles = [("place_tile", space) for space in row if "place_tile" in choices_open]
        others = [(choice, "") for choice in choices_open if choice != "place_tile"]
        # Tidy: the fuller bed first, a tile before a token; then either bed; then anywhere.
        tidy = [(tiles, "fuller"), (others, "fuller"), (tiles, "either"), (others, "either")]
        for choices, where in [*(tidy if rng.random() < TIDY_SHARE else []), (tiles + others, "anywhere")]:
            choices = list(choices)
            while choices:
                choice, space = choices.pop(rng.randrange(len(choices)))
                actions = self.move_for(choice).options(table, player, choice, space, where, rng)
                if actions:
                    return actions
        return []

    def move_for(self, choice: str) -> CottageMove:
        """The move that makes a choice of the player's (a cat or pot is a place_token, a
        ramble a refill)."""
        move = self.game.move_of[CHOICE_TYPES.get(choice, choice)]
        assert isinstance(move, CottageMove)
        return move

    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Every action type, by the player to move or another, on that player's beds or
        another's, with tiles of the gardener row or any, on any space, cubes that are there
        or not, the table's gardener and nursery or others; now and then a rule question."""
        return [_random_action(state, rng) for _ in range(RANDOM_ACTIONS)]

    def table_violations(self, state: State, action: Any) -> list[Violation]:
        """A rule question is no move of a game (a move's refusals are its own)."""
        if action.type in QUESTIONS:
            return [violation("not-a-move", RULE_TURN, f"{action.type} asks about the rules; it is no move of a game",
                              "action.type")]
        return super().table_violations(state, action)

    def advance(self, table: Table[Any], action: Any, effects: dict[str, Any],
                reached: Table[Any] | None = None) -> Table[Any]:
        """The move made on the state it is judged on (where the player to move may only
        still place cats and the move is the next turn's, the state once that turn ended by
        itself), then what follows by itself, which moves no cube: the table after it keeps
        the reading of the check state and the move it was made by (`made_by`). `reached`, the
        table a live game reached after this very entry, is the answer where that game made
        this same move on a state equal to this one (the move and what follows by itself
        depend on nothing else), or where the move alone makes it (Engine.settle_unless_reached)."""
        on = self.read(table).turn_for(action)
        if isinstance(reached, CottageTable) and reached.made_by == (on, action):
            return reached
        made = self.read(self.move_for(action.type).transition(on, action, effects))
        return live_table(made, reached) or CottageTable(self, self.settled(made.state, made.reading), read_as=made,
                                                         made_by=(on, action))

    # what follows by itself ------------------------------------------------------------------
    def settled(self, state: State, reading: Any) -> State:
        """What follows a move without a choice (on the state, changed in place: a move's
        fresh copy, read as `reading`): a won flower pot with nowhere to go is not taken; a bed whose scoring is
        done is cleaned up and replaced (in the Final Round, removed); the game ends when the
        last bed is gone; a player who cannot plant skips the planting; a turn with nothing
        left to do ends, and the next one begins."""
        while True:
            state = self.begun(state, reading)
            turn = state["turn"]
            player = state["players"][state["current"]]
            if turn["bonus_pots"] and not self._any_legal(reading, token_candidates(state, player, "pot")):
                turn["bonus_pots"] = 0
            if turn["scoring"] and not turn["scoring"]["moves"] and not turn["bonus_pots"]:
                clean_up(state, player, turn["scoring"]["design"], turn["scoring"]["path_order"])
                turn["scoring"] = None
            if state["final_round"] and not state["giving_up"] and not any(p["beds"] for p in state["players"]):
                state["over"] = True
            if state["over"]:
                return state
            if state["giving_up"] or turn["bonus_pots"] or turn["scoring"] or (turn["queue"] and turn["step"] != "plant"):
                return state
            if turn["step"] == "plant" and not self.can_plant(state, player):
                # Mouse hunt: with no tile or pot to take, the player may still place cats.
                turn.update(step="more_cats" if _can_place_a_cat(player) else "planted", ramble=False)
                continue
            if turn["step"] not in ("planted", "cats", "more_cats"):
                return state
            if player["cats"] > data.CATS_AT_START and player["beds"]:
                turn.update(step="cats", mouse_hunt=False)
                return state
            if turn["mouse_hunt"]:
                if _can_place_a_cat(player):
                    return state  # cats may follow the tile or pot, until the turn ends
                turn["mouse_hunt"] = False
            if turn["step"] in ("planted", "cats") and turn["cat_won"]:
                turn["step"] = "more_cats"  # a cat won may be used at once, or kept
            if turn["step"] == "more_cats" and _can_place_a_cat(player):
                return state
            state = self.end_turn(state, reading)

    def end_turn(self, state: State, reading: Any) -> State:
        """The Gardener Phase, as the move_gardener move makes it: the gardener moves on and
        the next turn begins (or, when the die turns to 6, the Final Round's give-ups)."""
        move = self.move_for("move_gardener")
        gardener = own_action(move, **state["gardener"])
        return self.begun(move.made(state, gardener, move.check(reading, gardener).effects), reading)

    def begun(self, state: State, reading: Any) -> State:
        """What a move leaves to follow by itself: the turn that begins (step "begin", after
        the gardener or the last give-up), or the Refilling Phase (step "refill", after the
        Final Round's penalty)."""
        step = state["turn"]["step"]
        if step == "begin":
            state["turn"]["step"] = "plant"
            return self.begin_turn(state, reading)
        if step == "refill":
            return self.refilling(state, reading)
        return state

    def begin_turn(self, state: State, reading: Any) -> State:
        """The current player's turn starts: in the Final Round with the penalty (or with the
        Gardener Phase alone once their beds are gone), then with the Refilling Phase."""
        player = state["players"][state["current"]]
        if state["final_round"] and any(p["beds"] for p in state["players"]) and (
                data.STUCK_FINAL_ROUND_ENDS_THE_GAME and self._nothing_can_change(state, reading)):
            state["over"] = True  # before the penalty: it would be paid for ever
            return state
        if state["final_round"] and not player["beds"]:
            state["turn"]["step"] = "planted"
            return state
        if state["final_round"] and self._any_legal(reading, penalty_candidates(player)):
            state["turn"]["step"] = "penalty"
            return state
        return self.refilling(state, reading)

    def refilling(self, state: State, reading: Any) -> State:
        """The Refilling Phase as the refill move reads the gardener row: a refill that is
        due is made; a ramble is open to a player with a cat when it would fill a space."""
        player = state["players"][state["current"]]
        due = self.own(reading, **refill_action(state, ramble=False))
        fill(state, due["order"])
        ramble = due["refill"] == "ramble" and player["cats"] > 0 and bool(
            self.own(reading, **refill_action(state, ramble=True))["order"])
        state["turn"].update(step="plant", ramble=ramble)
        return state

    def _nothing_can_change(self, state: State, reading: Any) -> bool:
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
                idle = self.refilling(idle, reading)
                if self.can_plant(idle, player) or _can_place_a_cat(player):
                    return False
            table = (idle["gardener"]["space"], idle["current"], len(idle["path"]), *idle["nursery"].values())
            if table in seen:
                return True
            seen.add(table)
            moved = self.own(reading, "move_gardener", **idle["gardener"])
            idle.update(gardener={"space": moved["to"], "die": moved["die"]},
                        current=(idle["current"] + 1) % len(idle["players"]))

    def can_plant(self, state: State, player: dict, also_complete: str | None = None) -> bool:
        """A flower pot always fits a bed that is not complete (a bed a cat completed, or
        `also_complete`, waits for the Scoring Phase); else a tile of the row must."""
        complete = {entry["design"] for entry in state["turn"]["queue"]} | {also_complete}
        open_beds = [bed for bed in player["beds"] if bed["design"] not in complete]
        if not open_beds:
            return False
        if state["supply"]["pots"]:
            return True
        tiles = row_tiles(state)
        fits = self.tile_move().fits  # tile by tile: the first that fits answers
        return any(fits(bed, [tile]).get(tile) for bed in open_beds for tile in tiles)

    def tile_move(self) -> TileMove:
        move = self.game.move_of["place_tile"]
        assert isinstance(move, TileMove)
        return move

    def cat_passes(self, state: State, player: dict, design: str, at: tuple[int, int]) -> bool:
        """Whether a cat placed on the space before the tile or pot takes away the last bed it
        could go on: the player may not pass (while a tile or pot can be taken, it must be)."""
        if state["turn"]["step"] != "plant":
            return False
        bed = bed_named(player, design)
        if not set(_open_spaces(design)) <= _covered(bed) | {at}:
            return False  # the bed stays open
        return not self.can_plant(state, player, also_complete=design) and self.can_plant(state, player)

    def own(self, reading: Any, type: str, **fields: Any) -> dict[str, Any]:
        """The effects of an action the engine makes itself from the table (the gardener's
        move, the refill due), as its move's check answers them."""
        move = self.move_for(type)
        return move.check(reading, own_action(move, **fields)).effects

    def _any_legal(self, reading: Any, actions: list[Action]) -> bool:
        """Whether the rules allow any of these actions (the table is the engine's to know)."""
        return any(self.game.check_read(reading, action)["legal"] for action in actions)

    def observed_effects(self, before: State, action: Action, after: State) -> dict[str, Any]:
        """What a move did, its move's reading of the two states: of the acting player's
        pieces, which a turn that ends by itself before the move leaves as they are."""
        return self.move_for(action["type"]).observed_effects(before, action, after)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        return {"players": [{"name": p["name"], "orange": list(p["orange"]), "blue": list(p["blue"]),
                             "beehives": p["beehives"]} for p in state["players"]]}


class CottageTable(Table[Any]):
    """A Cottage Garden table as a step reads it: besides the state and its check state, who
    is to do what, the state once the turn ends by itself (for a player who may only still
    place cats) and the beds as `check` parses them, each made the first time it is asked
    for and handed along with the table."""

    engine: CottageGardenEngine

    def __init__(self, engine: CottageGardenEngine, state: State, read_as: CottageTable | None = None,
                 made_by: tuple[State, Any] | None = None):
        """`read_as`: a table of the same check state, whose reading (if made) this one takes.
        `made_by`: the state and the (parsed) move that made this table, with what followed by
        itself (CottageGardenEngine.advance)."""
        super().__init__(engine, state)
        self.made_by = made_by
        self._layouts: dict[str, Any] = {}
        if read_as is not None:  # cached_property keeps its value in the instance's __dict__
            self.__dict__.update({name: read_as.__dict__[name] for name in ("checked", "reading")
                                  if name in read_as.__dict__})

    @cached_property
    def expected(self) -> tuple[int, tuple[str, ...], tuple[str, str]]:
        return _expected(self.state)

    @cached_property
    def ended(self) -> State:
        """The state once the turn ended by itself: the Gardener Phase and the next turn."""
        reading = self.reading
        return self.engine.settled(self.engine.end_turn(_copy(self.state), reading), reading)

    def turn_for(self, action: Any) -> State:
        """The state a move (parsed, or as JSON) is judged and made on: this one, or where the player to move may
        only still place cats and the move is not theirs to make now, the state once their
        turn has ended by itself (when the move is one of the player who then moves)."""
        state = self.state
        if not _resting(state):
            return state
        player = action.get("player") if isinstance(action, dict) else action.player
        who, moves, _ = self.expected
        if player == state["players"][who]["name"] and move_of(action) in moves:
            return state
        ended = self.ended
        if ended["over"] or player != ended["players"][_expected(ended)[0]]["name"]:
            return state
        return ended

    def layout(self, bed: Any) -> Any:
        """A bed of the table as `check` parses it, or None when `bed` is none of the table's."""
        found = next((own for player in self.state["players"] for own in player["beds"] if own == bed), None)
        if found is None:
            return None
        design = found["design"]
        if design not in self._layouts:
            game: Any = self.engine.game  # the rules module, which this one does not import
            self._layouts[design] = game.own_bed(found)
        return self._layouts[design]


def own_action(move: Move[Any], **fields: Any) -> Any:
    """An action the engine makes itself (the gardener's move, a refill), as its move's model
    parses it. The same few recur turn after turn and on every table read again, so each is
    parsed once per value (its fields, lists as tuples)."""
    return _parsed(move.model, tuple((name, tuple(value) if isinstance(value, list) else value)
                                     for name, value in {"type": move.type, **fields}.items()))


@functools.lru_cache(maxsize=1024)
def _parsed(model: type[BaseModel], fields: tuple[tuple[str, Any], ...]) -> Any:
    return model.model_validate({name: list(value) if isinstance(value, tuple) else value for name, value in fields})


def cottage_table(table: Table[Any]) -> CottageTable:
    """The table as a Cottage Garden step reads it."""
    if isinstance(table, CottageTable):
        return table
    assert isinstance(table.engine, CottageGardenEngine)
    return table.engine.read(table)


class CottageMove(Move[Any]):
    """What every Cottage Garden move shares on the table: who is to do what (the Final
    Round's give-ups, a flower pot won, the cubes of a bed scored, the beds completed, the
    turn's own step), judged on the state once a turn that may end by itself has ended; the
    transition made on a copy of the state. Each action type's move (rules.py) adds its
    model, its check, its own refusals (`refusals`), its part of the transition (`made`),
    what it shows, and the actions of each choice of the player's it makes (`options`)."""

    choices: ClassVar[tuple[str, ...]] = ()  # the player's choices this move makes (STEP_MOVES)

    def table_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        table = cottage_table(table)
        state = table.turn_for(action)
        who, moves, (doing, rule) = table.expected if state is table.state else _expected(state)
        player = state["players"][who]
        if action.player is None:
            return [violation("player-missing", RULE_TURN, f"a move of a game log names who makes it: {player['name']} "
                                                        f"is to {doing}", "action.player")]
        if action.player != player["name"]:
            return [violation("out-of-turn", RULE_TURN, f"{player['name']} is to {doing}", "action.player")]
        choice = move_of(action)
        if choice not in moves or (choice == "ramble" and not state["turn"]["ramble"]):
            return [violation("out-of-step", rule, f"{player['name']} is to {doing} now", "action.type")]
        return self.refusals(table, state, player, action)

    def refusals(self, table: CottageTable, state: State, player: dict, action: Any) -> list[Violation]:
        """What only the table refuses about the player's move, on the state it is made on."""
        return []

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        return self.made(_copy(state), action, effects)

    @abstractmethod
    def made(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        """The move made on the state (a copy of its own, changed in place and answered)."""

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[Action]:
        """Every action of this move the player to move may choose now, planted anywhere."""
        table = cottage_table(table)
        who, open_choices, _ = table.expected
        player = table.state["players"][who]
        row = data.GARDENER_ROWS[table.state["gardener"]["space"]]
        return [action for choice in self.choices if choice in open_choices
                for space in ([s for s in row if table.state["nursery"][s]] if choice == "place_tile" else [""])
                for action in self.options(table, player, choice, space, "anywhere", rng or random.Random(0))]

    @abstractmethod
    def options(self, table: CottageTable, player: dict, choice: str, space: str, where: str,
                rng: random.Random) -> list[Action]:
        """Every action of one choice of the player's (the tile on the nursery `space`, a pot,
        a cat...). Where it is not "anywhere", a placement covers the first empty space of
        the fuller bed or of either (and no printed pot or cloche, where one can), and a
        cube moved is the one furthest along or one on the start."""


# --- whose move, and which ---------------------------------------------------------------------

def fresh_turn() -> dict[str, Any]:
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


def move_of(action: Any) -> str:
    """The player's choice an action makes (STEP_MOVES): its type, or the token placed, or a
    ramble; of a parsed action or one as JSON."""
    field = action.get if isinstance(action, dict) else lambda key: getattr(action, key, None)
    kind = field("type")
    if kind == "place_token":
        return str(field("token"))
    if kind == "refill":
        return "ramble" if field("ramble") else "refill"
    return str(kind)


def actor(state: State, action: Action) -> int:
    """The seat of the player an action (as JSON) names."""
    return [player["name"] for player in state["players"]].index(action["player"])


def by_itself(kind: str) -> list[Violation]:
    """A move the engine makes by itself is no move of a game log."""
    said, rule = BY_ITSELF[kind]
    return [violation("not-a-move", rule, f"{said}: it is no move of a game log", "action.type")]


def _last_open_space(bed: dict) -> tuple[int, int] | None:
    """The one space of the bed that prints nothing and that no piece covers, if one alone
    is left (a cat there fills the bed)."""
    covered = _covered(bed)
    left = [space for space in _open_spaces(bed["design"]) if space not in covered]
    return left[0] if len(left) == 1 else None


def _can_place_a_cat(player: dict) -> bool:
    """A cat in reserve and a bed that is not complete (an empty space is left)."""
    return player["cats"] > 0 and any(not set(_open_spaces(bed["design"])) <= _covered(bed) for bed in player["beds"])


# --- candidates ----------------------------------------------------------------------------------

def row_tiles(state: State) -> list[str]:
    """The tiles of the gardener row, nearest the gardener first."""
    return [state["nursery"][space] for space in data.GARDENER_ROWS[state["gardener"]["space"]] if state["nursery"][space]]


def refill_action(state: State, ramble: bool) -> Action:
    return {"type": "refill", "player": state["players"][state["current"]]["name"],
            "gardener": state["gardener"]["space"],
            "empty": [space for space, tile in state["nursery"].items() if not tile],
            "path": len(state["path"]), "ramble": ramble}


def token_candidates(state: State, player: dict, token: str,
                      targets: dict[str, tuple[int, int]] | None = None) -> list[Action]:
    """A cat or flower pot on every space of the player's beds that prints nothing and no
    piece covers (a printed pot or cloche takes no token: offered, it would be the only
    candidate of a choice that allows none), or with targets, on the bed's target space."""
    if (player["cats"] if token == "cat" else state["supply"]["pots"]) <= 0:
        return []
    if targets is not None:
        return [{"type": "place_token", "player": player["name"], "bed": bed, "token": token,
                 "at": list(targets[bed["design"]])} for bed in player["beds"] if bed["design"] in targets]
    return [{"type": "place_token", "player": player["name"], "bed": bed, "token": token, "at": [r, c]}
            for bed, covered in ((bed, _covered(bed)) for bed in player["beds"])
            for r, c in _open_spaces(bed["design"]) if (r, c) not in covered]


def penalty_candidates(player: dict) -> list[Action]:
    """The Final Round's penalty, from each cube of each colour."""
    return [{"type": "final_round_penalty", "player": player["name"], "color": colour, "from": value,
             "flowerbeds_left": len(player["beds"])}
            for colour in data.COLOURS for value in sorted(set(player[colour]))]


def cube_moves(state: State, player: dict, colour: str) -> list[Action]:
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
        action.update({**refill_action(state, rng.random() < 0.7), "player": player["name"],
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


def tile_spaces(tile: str, placement: dict) -> frozenset[tuple[int, int]]:
    """The 1-based spaces a placement of the tile covers."""
    return _tile_spaces_at(tile, *placement["at"], placement["rotation"], placement["flip"])


def first_empty_spaces(player: dict, fuller_only: bool) -> dict[str, tuple[int, int]]:
    """The first empty space, in reading order, of each of the player's beds (or of the
    fuller one only): the first that shows neither a piece nor a printed pot or cloche."""
    beds = [(bed["design"], _covered(bed)) for bed in player["beds"]]
    if fuller_only and beds:
        beds = [max(beds, key=lambda bed: len(bed[1]))]
    return {design: space for design, covered in beds
            if (space := next((s for s in _open_spaces(design) if s not in covered), None))}


@functools.cache
def printed(design: str) -> frozenset[tuple[int, int]]:
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


def bed_key(bed: dict) -> tuple:
    return (bed["design"], tuple((t["tile"], *t["at"], t["rotation"], t["flip"]) for t in bed["tiles"]),
            tuple(map(tuple, bed["cats"])), tuple(map(tuple, bed["pots"])))


def _empty_bed(design: str) -> dict[str, Any]:
    return {"design": design, "tiles": [], "cats": [], "pots": []}


def bed_named(player: dict, design: str) -> dict:
    return next(bed for bed in player["beds"] if bed["design"] == design)


def fill(state: State, spaces: list[str]) -> None:
    """Refill the spaces in this order from the wheelbarrow's end of the garden path."""
    for space in spaces:
        state["nursery"][space] = state["path"].pop(0)


def planted(state: State, bed: dict, effects: dict[str, Any]) -> None:
    if effects["complete"]:
        state["turn"]["queue"].append({"design": bed["design"], "rows": effects["cells"]})


def move_cube(player: dict, colour: str, start: int, to: int) -> None:
    cubes = player[colour]
    cubes[cubes.index(start)] = to


def _tokens_back(state: State, bed: dict) -> None:
    state["supply"]["cats"] += len(bed["cats"])
    state["supply"]["pots"] += len(bed["pots"])


def give_up(state: State, player: dict, indexes: Sequence[int]) -> None:
    """Beds given up leave the game with their tiles; their cats and pots go to the supply."""
    for index in sorted(indexes, reverse=True):
        bed = player["beds"].pop(index)
        _tokens_back(state, bed)
        state["discards"] += [placed["tile"] for placed in bed["tiles"]]
        state["removed_beds"].append(bed["design"])


def clean_up(state: State, player: dict, design: str, order: list[str] | None) -> None:
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


def guess_of(state: State, tile: str | None) -> dict | None:
    """The scored bed whose tiles went to the garden path in an unrecorded order, with this
    tile among them (its place in the path or nursery is a guess), if any."""
    return next((group for group in state["unordered"] if tile in group["tiles"]), None)


def take(state: State, space: str, tile: str) -> None:
    """The tile is taken from the space. Where the guessed order put another tile of the same
    bed there, the tile taken shows the real order: the two change places first. Either way
    the tile's place is known from now on."""
    group = guess_of(state, tile)
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


def words(items: Sequence[Any]) -> str:
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


class TileMove(CottageMove):
    """The place_tile move, which the engine also asks where tiles fit: whether a player can
    plant, or a cat would take away the last bed a tile could go on."""

    @abstractmethod
    def fits(self, bed: dict, tiles: Sequence[str], covering: tuple[int, int] | None = None) -> dict[str, list[dict]]:
        """check's fit_tiles placements of the tiles on a bed of the table (those over the
        1-based space `covering`, if given)."""
