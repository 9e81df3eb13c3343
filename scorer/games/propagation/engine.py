"""Propagation's engine: rocks and the first bonus card, then twenty rounds in which each
player grows their plants and sows, propagates or harvests, each round ended by deaths and,
at rounds 10 and 20, the bonus cards.

The full state (version 1):
    {"players": [{"name", "harvested": {"tomato", "carrot", "apple"}}],
     "board": {"rocks": [[q, r]], "plants": [{"at", "owner", "kind", "tier"}]},
     "cards": [bonus cards revealed, in order], "bonus": [resolutions so far, score format],
     "round_20": "both"|"newest", "round": 1-20, "start": i, "turn": k (players done this round),
     "phase": "rocks"|"reveal"|"grow"|"act"|"end_round"|"over"}
Chance outcomes are {"chance": "rocks", "rocks": [[q, r] x 10]} and {"chance": "reveal",
"card": id}. What each action does (growth, sowing, the spaces a pattern fills, a harvest,
deaths and the bonus rounds) is the rules module's, reached through `check`'s effects.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import cached_property
from itertools import permutations
from operator import itemgetter
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from scorer.games.core import InvalidState, StateModel, Text, Violation, violation, violations_from_error, within
from scorer.games.engine import LOG_RULE, RANDOM_ACTIONS, Action, Chance, Engine, Move, Outcome, State, Table
from scorer.games.propagation import data

RULE_TURNS = f"{data.TITLE} › Rounds and Turns › Player Turns"
RULE_ROUNDS = f"{data.TITLE} › Rounds and Turns › Rounds"
RULE_SETUP = f"{data.TITLE} › Set up"
RULE_BONUS = f"{data.TITLE} › Bonus Scoring cards"
CARD_IDS = sorted(data.BONUS_CARDS)
SPACES = data.board_spaces()
SPACE_SET = frozenset(SPACES)
# Each kind's patterns as (id, mode, the offsets of its spaces from the origin).
PATTERNS_BY_KIND = {kind: [(pid, p["mode"], p["spaces"]) for pid, p in data.PATTERNS.items() if p["kind"] == kind]
                    for kind in data.KINDS}
# A space as the check format and the log write it, [q, r] (rules.py reads it from here): a
# little off the board is left for the rules to explain, anything further is no space.
Coord = Annotated[list[Annotated[int, within(2 * data.BOARD_RADIUS)]], Field(min_length=2, max_length=2)]
PHASE_WORDS = {"grow": "grow their plants", "act": "sow, propagate or harvest", "end_round": "end the round"}
ACTION_PHASES = {"grow": "grow", "sow": "act", "propagate": "act", "harvest": "act", "end_round": "end_round"}


# What a recorded chance outcome may hold, no more; where the rocks lie and which card it is
# are judged by chance_violations.
class Rocks(StateModel):
    chance: Literal["rocks"]
    rocks: Annotated[list[Coord], Field(max_length=len(SPACES))]


class Reveal(StateModel):
    chance: Literal["reveal"]
    card: Text


OUTCOMES: dict[str, type[StateModel]] = {"rocks": Rocks, "reveal": Reveal}


class PlantTable(Table[Any]):
    """A Propagation table, with its board as the rules read it, read once for every action
    judged on the table (each action carries the board it is taken on)."""

    @cached_property
    def board(self) -> Any:
        """The table's board as the checks read it: the engine's own, read without the
        model's checks (rules.own_board), as the engine reads its own states."""
        game: Any = self.engine.game  # the rules module, which this one does not import
        return game.own_board(self.state["board"])

    @cached_property
    def reading(self) -> Any:
        """The check state as the moves' checks read it, with the table's board, which the
        rules take as possible (rules.PlantReading)."""
        game: Any = self.engine.game
        return game.read(self.checked, self.board)


class PlantMove(Move[Any]):
    """What every Propagation move shares on the table: it is its phase, the acting player's
    turn and the round named, and the board it carries is the one on the table. Each action
    type's move (rules.py) adds its model, its check, its transition, what the transition
    shows and its candidates."""

    def table_violations(self, table: Table[Any], action: Any) -> list[Violation]:
        state = table.state
        phase = ACTION_PHASES[action.type]
        if phase != state["phase"]:
            return [violation("out-of-phase", RULE_TURNS, _phase_message(state), "action.type")]
        found = []
        if action.type != "end_round" and action.player != current_player(state):
            found.append(violation("out-of-turn", RULE_TURNS, f"it is {current_player(state)}'s turn",
                                   "action.player"))
        if action.type == "end_round" and action.round != state["round"]:
            found.append(violation("wrong-round", RULE_ROUNDS, f"this is the end of round {state['round']}",
                                   "action.round"))
        if not _is_the_table(action.board, table):
            found.append(violation("not-the-table", RULE_TURNS, "this board is not the one on the table",
                                   "action.board"))
        return found


class PropagationEngine(Chance, Engine):
    version = 1
    house_rules = (
        "Propagation: the propagation patterns and the bonus cards are gardenkit's own "
        "(docs/house-rules.md, Propagation)",
        "Propagation: the first listed player holds the starting player token; the rocks are placed "
        "at random, ten apart",
        "Propagation: a player who can neither sow, propagate nor harvest after growing passes",
    )
    option_choices = {"round_20": data.ROUND_20_READINGS}

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        return {"players": [{"name": name, "harvested": dict.fromkeys(data.KINDS, 0)} for name in names],
                "board": {"rocks": [], "plants": []}, "cards": [], "bonus": [],
                "round_20": options["round_20"], "round": 1, "start": data.FIRST_PLAYER, "turn": 0, "phase": "rocks"}

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        return state["phase"] if state["phase"] in ("rocks", "reveal") else None

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        if state["phase"] == "reveal":
            return {"chance": "reveal", "card": rng.choice([c for c in CARD_IDS if c not in state["cards"]])}
        while True:  # a greedy random placement may fall short of ten: place again
            rocks: list[tuple[int, int]] = []
            for space in rng.sample(SPACES, len(SPACES)):
                if not any(n in rocks for n in data.neighbours(space)):
                    rocks.append(space)
            if len(rocks) >= data.ROCKS:
                return {"chance": "rocks", "rocks": [list(s) for s in sorted(rocks[:data.ROCKS])]}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        try:
            OUTCOMES[outcome["chance"]].model_validate(outcome)
        except ValidationError as error:
            return violations_from_error(error, LOG_RULE, "chance", item_words=self.game.item_words)
        if outcome["chance"] == "reveal":
            card = outcome["card"]
            if card not in data.BONUS_CARDS:
                return [violation("unknown-bonus-card", RULE_BONUS, f"{card!r} is not a bonus card of this kit",
                                  "chance.card")]
            if card in state["cards"]:
                return [violation("card-already-revealed", RULE_BONUS, f"{card!r} is already revealed",
                                  "chance.card")]
            return []
        # The rocks are judged as the board check reads them: ten, on the board, apart.
        try:
            self.game.check_parsed(self.read_state(state),
                                   {"type": "end_round", "board": {"rocks": outcome["rocks"], "plants": []}})
        except InvalidState as invalid:
            return [{**v, "path": v["path"].replace("action.board", "chance")} for v in invalid.violations]
        return []

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        if outcome["chance"] == "reveal":
            return {**state, "cards": [*state["cards"], outcome["card"]], "phase": "grow"}
        rocks = [list(s) for s in sorted(map(tuple, outcome["rocks"]))]
        return {**state, "board": {**state["board"], "rocks": rocks}, "phase": "reveal"}

    # actions ------------------------------------------------------------------------------
    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Every action type by a random player, on random spaces (some off the board), with
        random patterns and targets, now and then on a board that is not the table's or for
        the wrong round."""
        names = [p["name"] for p in state["players"]]
        current = current_player(state)
        found = []
        for _ in range(RANDOM_ACTIONS):
            player = current if rng.random() < 0.6 else rng.choice(names)
            kind = rng.choice(data.KINDS)
            board = _other_board(state["board"], rng) if rng.random() < 0.1 else state["board"]
            kind_of_action = rng.choice(("grow", "sow", "propagate", "harvest", "end_round"))
            action: Action = {"type": kind_of_action, "player": player, "board": board}
            if kind_of_action == "sow":
                action.update(kind=kind, at=_random_coord(rng))
            elif kind_of_action == "harvest":
                action["kind"] = kind
            elif kind_of_action == "propagate":
                pattern = rng.choice(list(data.PATTERNS))
                own = [plant for plant in state["board"]["plants"] if plant["owner"] == player]  # a propagation's only
                origin = rng.choice(own)["at"] if own and rng.random() < 0.7 else _random_coord(rng)
                action.update(pattern=pattern, origin=origin)
                if rng.random() < 0.5:
                    spaces = pattern_spaces(pattern, origin)
                    action["targets"] = rng.sample(spaces, rng.randint(1, len(spaces)))
            elif kind_of_action == "end_round":
                del action["player"]
                action["round"] = state["round"] if rng.random() < 0.7 else rng.randint(1, data.ROUNDS)
            found.append(action)
        return found

    def read(self, state: State | Table[Any]) -> Table[Any]:
        return state if isinstance(state, Table) else PlantTable(self, state)

    def parse_action(self, table: Table[Any], raw_action: Any) -> Any:
        """Every action carries the board it is taken on: one that carries the table's board
        (the candidates and probes judged on a table, most of a log's) is parsed around the
        table's own reading of it (pydantic takes a parsed board as it is), read once per
        table. Any other board is parsed with its action."""
        board = raw_action.get("board") if isinstance(raw_action, dict) else None
        if isinstance(table, PlantTable) and board is not None and board == table.state["board"]:
            return self.game.parse_action({**raw_action, "board": table.board})
        return self.game.parse_action(raw_action)

    def settle(self, table: Table[Any]) -> Table[Any]:
        """A player who has grown and can neither sow, harvest nor propagate passes: asked
        kind by kind, the likeliest first, without building every propagation."""
        if table.state["phase"] != "act":
            return table
        moves = self.game.move_of
        for move in (moves["sow"], moves["harvest"]):
            if self.any_legal(table, move.candidates(table)):
                return table
        if any(self.any_legal(table, plant) for plant in propagations_by_plant(table.state) if plant):
            return table
        return self.read(next_turn(table.state))

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        return {"players": state["players"], "bonus": state["bonus"], "round_20": state["round_20"]}

    def check_state(self, state: State) -> dict[str, Any]:
        """The score JSON without the bonus boards, as an unfinished game's may be: no check
        reads them, and leaving them out spares reading up to three boards for every action
        judged."""
        return {"players": state["players"], "round_20": state["round_20"]}


def current_player(state: State) -> str:
    players = state["players"]
    return str(players[(state["start"] + state["turn"]) % len(players)]["name"])


def _phase_message(state: State) -> str:
    if state["phase"] == "over":
        return "the game is over"
    if state["phase"] == "end_round":
        return f"every player has had a turn: round {state['round']} ends next"
    return f"{current_player(state)} is to {PHASE_WORDS[state['phase']]} next"


def next_turn(state: State) -> State:
    turn = state["turn"] + 1
    return {**state, "turn": turn, "phase": "end_round" if turn == len(state["players"]) else "grow"}


def harvested(state: State, action: Any, effects: dict[str, Any]) -> State:
    players = [{**p, "harvested": {**p["harvested"], action.kind: p["harvested"][action.kind] + effects["count"]}}
               if p["name"] == action.player else p for p in state["players"]]
    plants = [{**p, "tier": 0} if p["at"] in effects["reset"] else p
              for p in state["board"]["plants"] if p["at"] not in effects["removed"]]
    return {**state, "players": players, "board": {**state["board"], "plants": plants}}


def cards_resolved(state: State) -> list[str]:
    """Round 10 resolves the first card; round 20 the card revealed at round 10, with the
    first card again under the "both" reading of round 20 (data.ROUND_20_READINGS)."""
    first, *later = state["cards"]
    if state["round"] == data.BONUS_ROUNDS[0]:
        return [first]
    return [first, *later] if state["round_20"] == "both" else later


def propagations_by_plant(state: State) -> Iterator[list[Action]]:
    """The current player's propagations, one list for each plant, as the pieces allow them."""
    board, player = state["board"], current_player(state)
    own = [p for p in board["plants"] if p["owner"] == player]
    on_board = Counter(p["kind"] for p in own)
    empty = SPACE_SET.difference([(q, r) for q, r in board["rocks"]], [(p["at"][0], p["at"][1]) for p in board["plants"]])
    for plant in own:
        yield propagations(player, plant, empty, data.PLANTS[plant["kind"]]["tokens"] - on_board[plant["kind"]], board)


def empty_spaces(board: dict) -> list[tuple[int, int]]:
    """The spaces of the board with neither a rock nor a plant, in the order of SPACES."""
    taken = {(q, r) for q, r in board["rocks"]} | {(p["at"][0], p["at"][1]) for p in board["plants"]}
    return [space for space in SPACES if space not in taken]


def propagations(player: str, plant: dict, empty: AbstractSet[tuple[int, int]], tokens: int, board: dict) -> list[Action]:
    """Each pattern of the plant's kind from it: as many new plants as the rules sow
    (data.plants_sown) on the empty spaces of the pattern, in every order `targets` may list
    them, and once without `targets`. With no token left or no empty space nothing is placed."""
    found: list[Action] = []
    if not tokens:
        return found
    origin = plant["at"]
    q, r = origin
    for pattern_id, mode, offsets in PATTERNS_BY_KIND[plant["kind"]]:
        free = [[q + dq, r + dr] for dq, dr in offsets if (q + dq, r + dr) in empty]
        if not free:
            continue
        move = {"type": "propagate", "player": player, "pattern": pattern_id, "origin": origin, "board": board}
        found += [{**move, "targets": list(targets)}
                  for targets in permutations(free, data.plants_sown(mode, len(free), tokens))]
        found.append(move)
    return found


def pattern_spaces(pattern_id: str, origin: list[int]) -> list[list[int]]:
    return [[origin[0] + dq, origin[1] + dr] for dq, dr in data.PATTERNS[pattern_id]["spaces"]]


def _random_coord(rng: random.Random) -> list[int]:
    return [rng.randint(-5, 5), rng.randint(-5, 5)]


def _other_board(board: dict, rng: random.Random) -> dict:
    """The table's board with one plant gone or one rock fewer: not the board on the table."""
    if board["plants"] and rng.random() < 0.7:
        plants = list(board["plants"])
        plants.pop(rng.randrange(len(plants)))
        return {**board, "plants": plants}
    return {**board, "rocks": board["rocks"][1:]}


def sorted_plants(plants: list[dict]) -> list[dict]:
    return sorted(plants, key=itemgetter("at"))


def _is_the_table(board: Any, table: Table[Any]) -> bool:
    """Whether a parsed board holds exactly the table's rocks and plants, in any order (the
    table keeps both sorted, a plant's space first): the table's own board as the checks read
    it, which most actions judged on the table carry, is (equal models, compared at once)."""
    if isinstance(table, PlantTable) and (board is table.board or board == table.board):
        return True
    pieces = table.state["board"]
    return (len(board.plants) == len(pieces["plants"]) and sorted(board.rocks) == pieces["rocks"]
            and sorted((p.at, p.owner, p.kind, p.tier) for p in board.plants)
            == [(p["at"], p["owner"], p["kind"], p["tier"]) for p in pieces["plants"]])
