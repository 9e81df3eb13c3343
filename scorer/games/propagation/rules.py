"""Propagation's rules: the state and action models, what makes a board impossible, final
scoring with the bonus cards, and the five rule checks (sow, grow, propagate, harvest,
end_round). The game's numbers, patterns and cards come from data.py."""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from scorer.games.core import (
    CheckResult,
    Example,
    Game,
    InvalidState,
    PlayerName,
    PlayerScore,
    Reading,
    StateModel,
    Text,
    Violation,
    at_most,
    not_over,
    up_to,
    violation,
)
from scorer.games.engine import Action as ActionJSON
from scorer.games.engine import State, Table
from scorer.games.propagation import data, examples
from scorer.games.propagation import engine as plant_engine
from scorer.games.propagation.engine import (
    Coord,
    PlantMove,
    PropagationEngine,
    current_player,
    empty_spaces,
    harvested,
    propagations_by_plant,
    sorted_plants,
)
from scorer.games.words import a_or_an, plural

# Rulebook section headings, for the "rule" of each violation.
RULE_MATERIALS = "Propagation › Materials"
RULE_SETUP = "Propagation › Set up"
RULE_ROUNDS = "Propagation › Rounds and Turns › Rounds"
RULE_SHARED = "Propagation › Rules › Shared Rules"
RULE_GROWTH = "Propagation › Rules › Plant Growth and Death"
RULE_SOW = "Propagation › Rules › Actions › Sow"
RULE_PROPAGATE = "Propagation › Rules › Actions › Propagate"
RULE_HARVEST = "Propagation › Rules › Actions › Harvest"
RULE_BONUS = "Propagation › Bonus Scoring cards"

Space = tuple[int, int]
SPACES = len(data.board_spaces())
OnTheBoard = at_most(SPACES)
# A plant grows a tier a round; a player harvests at most a board's worth of plants a round.
Tier = Annotated[int, up_to(data.ROUNDS)]
HarvestCount = Annotated[int, up_to(data.ROUNDS * SPACES)]
Kind = Literal["tomato", "carrot", "apple"]
if TYPE_CHECKING:  # mypy cannot read a Literal built from data.py: to it a pattern id is text
    PatternId = str
else:
    PatternId = Literal[tuple(data.PATTERNS)]


# --- models ----------------------------------------------------------------------------------

class Plant(StateModel):
    at: Coord
    owner: PlayerName
    kind: Kind
    tier: Tier


class Board(StateModel):
    rocks: Annotated[list[Coord], OnTheBoard]
    plants: Annotated[list[Plant], OnTheBoard] = []



class Harvested(StateModel):
    tomato: HarvestCount = 0
    carrot: HarvestCount = 0
    apple: HarvestCount = 0


class Player(StateModel):
    name: PlayerName
    harvested: Harvested = Harvested(tomato=0, carrot=0, apple=0)
    # Points already scored from bonus cards at rounds 10 and 20, as recorded at the table:
    # the usual way to score a finished game (the bonus boards settle a disputed card).
    bonus_points: HarvestCount | None = None


class BonusEntry(StateModel):
    card: Text
    round: Literal[10, 20]
    board: Board


class PropagationState(StateModel):
    players: list[Player]
    bonus: Annotated[list[BonusEntry], at_most(2 * len(data.BONUS_ROUNDS))] | None = None
    round_20: Literal["both", "newest"] = data.DEFAULT_ROUND_20


class EndRound(StateModel):
    type: Literal["end_round"]
    board: Board
    round: int | None = Field(None, ge=1, le=data.ROUNDS)


class Sow(StateModel):
    type: Literal["sow"]
    player: PlayerName
    kind: Kind
    at: Coord
    board: Board


class Grow(StateModel):
    type: Literal["grow"]
    player: PlayerName
    board: Board


class Propagate(StateModel):
    type: Literal["propagate"]
    player: PlayerName
    pattern: PatternId
    origin: Coord
    board: Board
    targets: Annotated[list[Coord], OnTheBoard] | None = None


class Harvest(StateModel):
    type: Literal["harvest"]
    player: PlayerName
    kind: Kind
    board: Board


Action = Annotated[EndRound | Sow | Grow | Propagate | Harvest, Field(discriminator="type")]


# --- board helpers ---------------------------------------------------------------------------

def _space(coord: list[int]) -> Space:
    return coord[0], coord[1]


def _sorted(spaces: Iterable[Space]) -> list[list[int]]:
    return [list(s) for s in sorted(spaces)]


def board_violations(board: Board, names: set[str], path: str) -> list[Violation]:
    """Everything that cannot be on a Propagation board: rocks other than ten, apart and on
    the board; plants off the board, on a rock, sharing a space, past their death tier, of
    an unknown owner, or more of a kind than the owner has tokens."""
    return layout_violations(board_layout(board), names, path)


def layout_violations(layout: Layout, names: set[str], path: str) -> list[Violation]:
    """board_violations of a board's layout."""
    rocks, plants = layout
    return [{**found, "path": path + found["path"]} for found in _layout_violations(rocks, plants, frozenset(names))]


Layout = tuple[tuple[Space, ...], tuple[tuple[int, int, str, str, int], ...]]


def board_layout(board: Board) -> Layout:
    """A board as a value, in its own order: its rocks as (q, r), its plants as (q, r, owner,
    kind, tier). Two boards with the same layout are equal boards (the models' fields are
    exactly these, with strict types)."""
    return (tuple([(q, r) for q, r in board.rocks]),
            tuple([(p.at[0], p.at[1], p.owner, p.kind, p.tier) for p in board.plants]))


# Every action carries the board it is taken on, so a game's engine asks about the same few
# boards over and over (once for each action it weighs): the answers are kept for the latest.
@lru_cache(maxsize=512)
def _layout_violations(rocks: tuple[Space, ...], plants: tuple[tuple[int, int, str, str, int], ...],
                       names: frozenset[str]) -> tuple[Violation, ...]:
    """board_violations on the board's rocks and plants as (q, r, owner, kind, tier), each
    violation's path starting after the board's own."""
    return (*_rock_violations(rocks), *_plant_violations(frozenset(rocks), plants, names))


# The rocks never move in a game, while its plants change at every step: the rocks' answer is
# kept apart, for the few rock layouts asked about.
@lru_cache(maxsize=16)
def _rock_violations(rocks: tuple[Space, ...]) -> tuple[Violation, ...]:
    found = []
    if len(rocks) != data.ROCKS:
        found.append(violation("rock-count", RULE_SETUP,
                               f"the board has {plural(len(rocks), 'rock')}; set-up places exactly {data.ROCKS}",
                               ".rocks"))
    seen: set[Space] = set()
    for index, space in enumerate(rocks):
        where = f".rocks[{index}]"
        if not data.on_board(space):
            found.append(violation("off-board", RULE_SETUP, f"the rock {hex_words(space)} is off the board", where))
        elif space in seen:
            found.append(violation("space-shared", RULE_SHARED, f"two rocks are on the same space, {hex_words(space)}", where))
        else:
            found += [violation("rocks-adjacent", RULE_SETUP, f"two rocks are next to each other ({hex_words(other)}; "
                                f"{hex_words(space)}); rocks must be placed apart", where)
                      for other in data.neighbours(space) if other in seen]
        seen.add(space)
    return tuple(found)


def _plant_violations(rocks: frozenset[Space], plants: tuple[tuple[int, int, str, str, int], ...],
                      names: frozenset[str]) -> list[Violation]:
    spaces = [(q, r) for q, r, _, _, _ in plants]
    # A board the engine made has nothing wrong: one pass over the whole board says so, and the
    # plants are gone through one by one only when it finds something.
    well_placed = (len(set(spaces)) == len(spaces) and rocks.isdisjoint(spaces) and all(map(data.on_board, spaces))
                   and all(owner in names and tier <= data.PLANTS[kind]["dies"] for _, _, owner, kind, tier in plants))
    found = [] if well_placed else _misplaced_plants(rocks, plants, names)
    counts = Counter((owner, kind) for _, _, owner, kind, _ in plants)
    for (owner, kind), count in sorted(counts.items()):
        tokens = data.PLANTS[kind]["tokens"]
        if count > tokens and owner in names:
            found.append(violation("too-many-tokens", RULE_SETUP,
                                   f"{owner} has {count} {kind} plants on the board but only {tokens} "
                                   f"{kind} tokens", ".plants"))
    return found


def _misplaced_plants(rocks: frozenset[Space], plants: tuple[tuple[int, int, str, str, int], ...],
                      names: frozenset[str]) -> list[Violation]:
    """Each plant of an unknown owner, off the board, on a rock or another plant, or past its
    death tier."""
    found = []
    taken: set[Space] = set()
    for index, (q, r, owner, kind, tier) in enumerate(plants):
        where = f".plants[{index}]"
        if owner not in names:
            found.append(violation("unknown-owner", RULE_MATERIALS, f"the {kind} at {[q, r]} belongs to {owner!r}, "
                                   "who is not a player", f"{where}.owner"))
        if not data.on_board((q, r)):
            found.append(violation("off-board", RULE_SHARED, f"the {kind} at {[q, r]} is off the board", f"{where}.at"))
        elif (q, r) in rocks:
            found.append(violation("plant-on-rock", RULE_SHARED, f"the {kind} at {[q, r]} is on a rock", f"{where}.at"))
        elif (q, r) in taken:
            found.append(violation("space-shared", RULE_SHARED, f"two plants are on the same space {[q, r]}",
                                   f"{where}.at"))
        taken.add((q, r))
        if tier > data.PLANTS[kind]["dies"]:
            found.append(violation("tier-past-death", RULE_GROWTH,
                                   f"the {kind} at {[q, r]} is at tier {tier}, but {kind} plants die at tier "
                                   f"{data.PLANTS[kind]['dies']}", f"{where}.tier"))
    return found


@dataclass(frozen=True)
class PlantReading(Reading[PropagationState]):
    """A state as the checks read it and, when an engine judges actions on its table, the
    table's board (`board`). Every action carries the board it is taken on; the table's own
    was made by legal moves from a possible set-up, so, as the engine reads its own states
    (Game.parse_own_state), it is not judged again for impossible pieces: any other board
    is, and the random simulation tests' oracle judges every board the engine makes."""

    board: Board | None = None

    def action_board_problems(self, board: Board) -> list[Violation]:
        """board_violations of the board an action carries, none when it is the table's (the
        very model, as the engine parses an action carrying it, or an equal one)."""
        if self.board is not None and (board is self.board or board == self.board):
            return []
        return board_violations(board, {p.name for p in self.state.players}, "action.board")

    @cached_property
    def table_pieces(self) -> Pieces:
        assert self.board is not None
        return Pieces.of(self.board)

    def pieces(self, board: Board) -> Pieces:
        """The pieces of the board an action carries: the table's, derived once for every
        action judged on it, when it is the table's board."""
        own = self.board is not None and (board is self.board or board == self.board)
        return self.table_pieces if own else Pieces.of(board)


@lru_cache(maxsize=4096)  # by value; most plants stay as they were from one state to the next
def _own_plant(q: int, r: int, owner: str, kind: str, tier: int) -> Plant:
    return Plant.model_validate({"at": [q, r], "owner": owner, "kind": kind, "tier": tier})


def own_board(raw: dict[str, Any]) -> Board:
    """A board an engine made itself (its state's, by legal moves from a possible set-up) as
    the checks read a board, without reading it field by field again: its rocks as they are
    and each plant as the model read it the first time it met a plant of that space, owner,
    kind and tier (a quarter of the cost of reading the board)."""
    plants = [_own_plant(p["at"][0], p["at"][1], p["owner"], p["kind"], p["tier"]) for p in raw["plants"]]
    return Board.model_construct(rocks=raw["rocks"], plants=plants)


def _count_by_owner(board: Board, names: list[str], keep) -> dict[str, int]:
    counts = {name: 0 for name in names}
    for plant in board.plants:
        if plant.owner in counts and keep(plant):
            counts[plant.owner] += 1
    return counts


# --- bonus cards -----------------------------------------------------------------------------

def _plants_measure(card, board, names):
    return _count_by_owner(board, names, lambda p: p.kind in card["kinds"])


def _fully_grown(card, board, names):
    return _count_by_owner(board, names, lambda p: p.tier >= data.PLANTS[p.kind]["grown"])


def _next_to_rock(card, board, names):
    rocks = {_space(c) for c in board.rocks}
    return _count_by_owner(board, names,
                           lambda p: any(n in rocks for n in data.neighbours(_space(p.at))))


def _north_half(card, board, names):
    return _count_by_owner(board, names, lambda p: data.north_of_centre(_space(p.at)))


def _near_centre(card, board, names):
    return _count_by_owner(board, names, lambda p: data.distance(_space(p.at)) <= 1)


def _corners(card, board, names):
    return _count_by_owner(board, names, lambda p: _space(p.at) in data.CORNERS)


def _kinds_grown(card, board, names):
    kinds = defaultdict(set)
    for plant in board.plants:
        kinds[plant.owner].add(plant.kind)
    return {name: len(kinds[name]) for name in names}


def _spaces_of(board: Board, owner: str, kinds: Iterable[str] = data.KINDS) -> set[Space]:
    return {_space(p.at) for p in board.plants if p.owner == owner and p.kind in kinds}


def _largest_group(card, board, names):
    """Size of each player's largest group of own plants joined through shared edges."""
    sizes = {}
    for name in names:
        left, best = _spaces_of(board, name), 0
        while left:
            frontier, size = [left.pop()], 0
            while frontier:
                space = frontier.pop()
                size += 1
                for other in data.neighbours(space):
                    if other in left:
                        left.remove(other)
                        frontier.append(other)
            best = max(best, size)
        sizes[name] = best
    return sizes


def _longest_line(card, board, names):
    """Each player's longest run of own plants (of the card's kinds) along one hex axis."""
    axes = [data.DIRECTIONS[d] for d in ("N", "NE", "SE")]
    lengths = {}
    for name in names:
        spaces, best = _spaces_of(board, name, card["kinds"]), 0
        for dq, dr in axes:
            for q, r in spaces:
                if (q - dq, r - dr) in spaces:
                    continue  # not the start of a run
                run = 1
                while (q + run * dq, r + run * dr) in spaces:
                    run += 1
                best = max(best, run)
        lengths[name] = best
    return lengths


MEASURES = {
    "plants": _plants_measure, "fully-grown": _fully_grown, "next-to-rock": _next_to_rock,
    "north-half": _north_half, "near-centre": _near_centre, "corners": _corners,
    "kinds-grown": _kinds_grown, "largest-group": _largest_group, "longest-line": _longest_line,
}


def resolve_card(card_id: str, board: Board, names: list[str]) -> dict:
    """One resolution of a bonus card on a board: what each player counts and who is paid.

    One-winner cards pay everyone tied for the highest count, but nobody when nobody has
    any, and nobody on a tie in a two-player game; every-player cards pay each player who
    reaches the card's threshold."""
    card = data.BONUS_CARDS[card_id]
    counts = MEASURES[card["measure"]](card, board, names)
    if card["award"] == "every-player":
        paid = [name for name in names if counts[name] >= card["at_least"]]
    else:
        best = max(counts.values())
        paid = [name for name in names if counts[name] == best] if best > 0 else []
        if len(paid) > 1 and len(names) == 2:
            paid = []
    return {"card": card_id, "counts": counts, "paid": paid, "points": card["points"]}


@cache  # two readings, each a fixed sum over the cards: worked out once, not for every state read
def _most_bonus_points(reading: str) -> int:
    """The most one player can score from bonus cards in a game: round 10 resolves the first
    card; round 20 resolves the card revealed at round 10, a different one, and under "both"
    the first card again. Each resolution pays a player at most the card's points."""
    first_card_resolutions = expected_bonus_entries(reading)[20]
    points = [card["points"] for card in data.BONUS_CARDS.values()]
    return max(first_card_resolutions * first + second for first, second in permutations(points, 2))


def expected_bonus_entries(reading: str) -> dict[int, int]:
    """How many card resolutions each bonus round has under a reading of round 20."""
    return {10: 1, 20: 2 if reading == "both" else 1}


def _bonus_violations(state: PropagationState, names: set[str]) -> list[Violation]:
    entries = state.bonus or []
    found = _bonus_points_violations(state)
    for index, entry in enumerate(entries):
        where = f"bonus[{index}]"
        if entry.card not in data.BONUS_CARDS:
            found.append(violation("unknown-bonus-card", RULE_BONUS,
                                   f"{entry.card!r} is not a bonus card of this kit", f"{where}.card"))
        board_found = board_violations(entry.board, names, f"{where}.board")
        found += board_found or _dead_plant_violations(entry.board, f"{where}.board")
    return found + _bonus_timing_violations(state)


def _dead_plant_violations(board: Board, path: str) -> list[Violation]:
    """The end of a round checks deaths first and only then resolves the bonus cards, so a
    bonus board holds no plant at its death tier."""
    return [violation("dead-plant-on-bonus-board", RULE_ROUNDS,
                      f"the {plant.kind} {hex_words(plant.at)} is at tier {plant.tier}, its death tier: it died "
                      "at the end of the round, before the bonus cards were resolved, so it is not on the "
                      "board they are resolved on", f"{path}.plants[{index}].tier")
            for index, plant in enumerate(board.plants) if plant.tier >= data.PLANTS[plant.kind]["dies"]]


def _bonus_points_violations(state: PropagationState) -> list[Violation]:
    """Recorded bonus points are one way to give the bonus, the boards the other: not both,
    and never more than the cards in play can pay one player."""
    recorded = [(i, p) for i, p in enumerate(state.players) if p.bonus_points is not None]
    found = []
    if recorded and state.bonus:
        found.append(violation("bonus-given-twice", RULE_BONUS,
                               "give the bonus either as each player's recorded bonus_points or as the "
                               "bonus boards to resolve, not both: the boards would count it again", "bonus"))
    most = _most_bonus_points(state.round_20)
    for i, player in recorded:
        if (player.bonus_points or 0) > most:
            found.append(violation(
                "bonus-points-too-high", RULE_BONUS,
                f"{player.name} records {player.bonus_points} bonus points, but the bonus cards pay one "
                f"player at most {most} in a game (round 10 and round 20, reading {state.round_20!r})",
                f"players[{i}].bonus_points"))
    return found


def _bonus_timing_violations(state: PropagationState) -> list[Violation]:
    """Which cards may be resolved when: one card at round 10; at round 20 that same card and
    the one revealed at round 10 ("both") or only the latter ("newest"). Entries of one round
    share one board, and rocks never move."""
    entries = state.bonus or []
    found = []
    by_round: dict[int, list[int]] = defaultdict(list)
    for index, entry in enumerate(entries):
        by_round[entry.round].append(index)
    limits = expected_bonus_entries(state.round_20)
    for round_, indexes in by_round.items():
        cards = [entries[i].card for i in indexes]
        for i in indexes:
            if cards.count(entries[i].card) > 1 and i != indexes[cards.index(entries[i].card)]:
                found.append(violation("duplicate-bonus-entry", RULE_BONUS,
                                       f"{entries[i].card!r} is resolved twice at round {round_}",
                                       f"bonus[{i}]"))
        if len(set(cards)) > limits[round_]:
            found.append(violation("too-many-bonus-cards", RULE_BONUS,
                                   f"round {round_} resolves {plural(limits[round_], 'card')} "
                                   f"(reading {state.round_20!r}), not {len(set(cards))}",
                                   f"bonus[{indexes[limits[round_]]}]"))
        first = entries[indexes[0]].board
        for i in indexes[1:]:
            if entries[i].board != first:
                found.append(violation("bonus-boards-differ", RULE_BONUS,
                                       f"the cards of round {round_} are resolved on one board, "
                                       "but this entry's board differs", f"bonus[{i}].board"))
    found += _round_20_card_violations(state, by_round)
    if by_round[10] and by_round[20]:
        rocks_10 = sorted(map(tuple, entries[by_round[10][0]].board.rocks))
        for i in by_round[20]:
            if sorted(map(tuple, entries[i].board.rocks)) != rocks_10:
                found.append(violation("rocks-moved", RULE_SETUP,
                                       "the rocks differ between rounds 10 and 20; rocks never move",
                                       f"bonus[{i}].board.rocks"))
    return found


def _round_20_card_violations(state, by_round) -> list[Violation]:
    entries = state.bonus or []
    if not by_round[10]:
        return []
    first_card = entries[by_round[10][0]].card
    later = {entries[i].card: i for i in by_round[20]}
    if state.round_20 == "newest" and first_card in later:
        return [violation("bonus-card-repeated", RULE_BONUS,
                          f"{first_card!r} was resolved at round 10; with the 'newest' reading "
                          "round 20 resolves only the card revealed at round 10",
                          f"bonus[{later[first_card]}].card")]
    if state.round_20 == "both" and len(later) == 2 and first_card not in later:
        return [violation("bonus-card-mismatch", RULE_BONUS,
                          f"with the 'both' reading round 20 resolves {first_card!r} again with the "
                          "newly revealed card, but it is not among the round-20 cards",
                          f"bonus[{by_round[20][0]}].card")]
    return []


def _harvest_count_violations(player: Player, index: int) -> list[Violation]:
    """No player harvests more of a kind than their tokens allow (data.MOST_HARVESTED)."""
    return [violation("too-many-harvested", RULE_SETUP,
                      f"{player.name}'s {getattr(player.harvested, kind)} {kind} harvests are more than the pieces "
                      f"allow: {_harvest_cap_reason(kind)}; that is at most {data.MOST_HARVESTED[kind]} in "
                      f"{data.ROUNDS} rounds",
                      f"players[{index}].harvested.{kind}")
            for kind in data.KINDS if getattr(player.harvested, kind) > data.MOST_HARVESTED[kind]]


def _harvest_cap_reason(kind: str) -> str:
    """Why a kind's harvests are capped, in the rulebook's terms: the tokens of Set up and the
    growth and harvest rules."""
    plant = data.PLANTS[kind]
    tokens = f"each player is given {plant['tokens']} {plant['name'].lower()} tokens (Set up)"
    if plant["stays"]:
        return (f"{tokens}, and a tree regrows {plant['grown']} tiers after each harvest (Harvest), one tier a "
                f"turn, so each is harvested at most {data.MOST_HARVESTED[kind] // plant['tokens']} times")
    return (f"{tokens}, and a harvested {kind} leaves the board (Harvest), so each token is placed again, grown "
            f"{plant['grown']} tiers and harvested at most once every {plant['grown'] + 1} turns")


# --- rule checks -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Pieces:
    """A board's pieces as the checks look them up: the rocks' spaces, the plants by space
    and how many plants of a kind each player has on it. Derived from a board's value once
    for every check that reads that board (PlantReading.pieces)."""

    rocks: frozenset[Space]
    plant_at: dict[Space, Plant]
    counts: Counter[tuple[str, str]]

    @classmethod
    def of(cls, board: Board) -> Pieces:
        return cls(frozenset((q, r) for q, r in board.rocks), {(p.at[0], p.at[1]): p for p in board.plants},
                   Counter((p.owner, p.kind) for p in board.plants))

    def occupants(self, spaces: Iterable[Space]) -> dict[Space, str | None]:
        """Each space's 'off-board', 'rock' or 'plant' when nothing may be placed on it, else None."""
        return {space: "off-board" if not data.on_board(space) else "rock" if space in self.rocks
                else "plant" if space in self.plant_at else None for space in spaces}

    def tokens_left(self, player: str, kind: str) -> int:
        return data.PLANTS[kind]["tokens"] - self.counts[player, kind]


_OCCUPANT_WORDS = {"off-board": "off the board", "rock": "a rock", "plant": "a plant"}
_OCCUPANT_CODES = {"off-board": "off-board", "rock": "space-rock", "plant": "space-plant"}


def _plant_dict(plant: Plant, **changes) -> dict:
    return {"at": list(plant.at), "owner": plant.owner, "kind": plant.kind, "tier": plant.tier,
            **changes}


def _chosen_targets(action, spaces, blocked, free, sow_count) -> set[Space] | CheckResult:
    """The spaces that get a plant: all free ones, or the player's pick when the pattern asks
    for one or tokens are short (then `targets` is required)."""
    if action.targets is None:
        if sow_count == len(free):
            return set(free)
        return _illegal("choose-targets", RULE_PROPAGATE,
                        f"{len(free)} spaces are free but only {plural(sow_count, 'plant')} can be sown: "
                        "say which spaces in targets", "action.targets")
    chosen = [_space(t) for t in action.targets]
    for index, space in enumerate(chosen):
        where = f"action.targets[{index}]"
        if space not in spaces:
            return _illegal("target-not-in-pattern", RULE_PROPAGATE,
                            f"{hex_words(space)} is not a space of this pattern", where)
        if blocked[space]:
            return _illegal("target-blocked", RULE_SHARED,
                            f"{hex_words(space)} is {_OCCUPANT_WORDS[blocked[space]]}", where)
    if len(set(chosen)) != sow_count or len(chosen) != sow_count:
        return _illegal("wrong-target-count", RULE_PROPAGATE,
                        f"this propagation sows {plural(sow_count, 'plant')}; targets names "
                        f"{plural(len(chosen), 'space')}", "action.targets")
    return set(chosen)


def _illegal(code: str, rule: str, message: str, path: str) -> CheckResult:
    return CheckResult(False, [violation(code, rule, message, path)])


# --- the moves ---------------------------------------------------------------------------------
# One class per action type (scorer.games.engine.Move): its model, what the rulebook forbids
# (`check`), its transition, what the transition shows, and its candidates. What every move
# shares on the table (its phase, whose turn, the board on the table) is PlantMove's, in
# engine.py; a player who can take no action after growing passes (the engine's settle).

def _with_plants(state: State, plants: list[dict]) -> State:
    return {**state, "board": {**state["board"], "plants": sorted_plants(plants)}}


class GrowMove(PlantMove):
    """Plant Growth and Death: each of the player's plants grows a tier."""

    type, model = "grow", Grow

    def check(self, read: Reading[PropagationState], action: Grow) -> CheckResult:
        own = [p for p in action.board.plants if p.owner == action.player]
        stale = [(i, p) for i, p in enumerate(action.board.plants)
                 if p.owner == action.player and p.tier >= data.PLANTS[p.kind]["dies"]]
        if stale:
            return CheckResult(False, [violation(
                "should-have-died", RULE_GROWTH,
                f"the {p.kind} {hex_words(p.at)} is at its death tier {p.tier}; it died at the end of "
                "the last round and cannot grow", f"action.board.plants[{i}].tier") for i, p in stale])
        grown = [_plant_dict(p, tier=p.tier + 1) for p in own]
        return CheckResult(True, effects={
            "grown": grown,
            "fully_grown": _sorted(_space(g["at"]) for g in grown
                                   if g["tier"] >= data.PLANTS[g["kind"]]["grown"]),
            "at_death_tier": _sorted(_space(g["at"]) for g in grown
                                     if g["tier"] == data.PLANTS[g["kind"]]["dies"]),
        })

    def transition(self, state: State, action: Grow, effects: dict[str, Any]) -> State:
        plants = [p for p in state["board"]["plants"] if p["owner"] != action.player] + effects["grown"]
        return {**_with_plants(state, plants), "phase": "act"}

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        return {"grown": [p for p in after["board"]["plants"] if p["owner"] == action["player"]]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        state = table.state
        if state["phase"] != "grow":
            return []
        return [{"type": "grow", "player": current_player(state), "board": state["board"]}]


class SowMove(PlantMove):
    """Sow: a kind the player has none of on the board, on an empty space."""

    type, model = "sow", Sow

    def check(self, read: PlantReading, action: Sow) -> CheckResult:
        space = _space(action.at)
        found = []
        pieces = read.pieces(action.board)
        occupant = pieces.occupants([space])[space]
        if occupant:
            found.append(violation(_OCCUPANT_CODES[occupant], RULE_SHARED, f"{hex_words(space)} is {_OCCUPANT_WORDS[occupant]}; a plant "
                                   "needs an empty space on the board", "action.at"))
        if pieces.counts[action.player, action.kind]:
            found.append(violation("kind-already-on-board", RULE_SOW,
                                   f"{action.player} already has {a_or_an(action.kind)} "
                                   f"{action.kind} on the board; sow only "
                                   "a kind you have none of (propagate it instead)", "action.kind"))
        if found:
            return CheckResult(False, found)
        return CheckResult(True, effects={"sown": {"at": list(space), "owner": action.player,
                                                   "kind": action.kind, "tier": 0}})

    def transition(self, state: State, action: Sow, effects: dict[str, Any]) -> State:
        return plant_engine.next_turn(_with_plants(state, [*state["board"]["plants"], effects["sown"]]))

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        added = _added(before, after)
        return {"sown": added[0] if len(added) == 1 else added}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Iterable[ActionJSON]:
        """Each kind not on the board sown on each free space."""
        acting = _acting(table)
        if acting is None:
            return []
        board, player, kinds = acting
        empty = empty_spaces(board)
        # Made one by one: the engine's settle asks only until one is legal.
        return ({"type": "sow", "player": player, "kind": kind, "at": list(space), "board": board}
                for kind in data.KINDS if kind not in kinds for space in empty)


def _acting(table: Table[Any]) -> tuple[dict, str, set[str]] | None:
    """In the act phase: the board, the player whose turn it is and the kinds they have on it."""
    state = table.state
    if state["phase"] != "act":
        return None
    board, player = state["board"], current_player(state)
    return board, player, {p["kind"] for p in board["plants"] if p["owner"] == player}


class HarvestMove(PlantMove):
    """Harvest: every grown plant of one kind of the player's."""

    type, model = "harvest", Harvest

    def check(self, read: Reading[PropagationState], action: Harvest) -> CheckResult:
        rule = data.PLANTS[action.kind]
        eligible = [p for p in action.board.plants
                    if p.owner == action.player and p.kind == action.kind and p.tier >= rule["grown"]]
        if not eligible:
            return CheckResult(False, [violation(
                "nothing-to-harvest", RULE_HARVEST,
                f"{action.player} has no {action.kind} at tier {rule['grown']} or higher to harvest",
                "action.kind")])
        spaces = _sorted(_space(p.at) for p in eligible)
        return CheckResult(True, effects={
            "harvested": spaces, "count": len(eligible), "points": len(eligible) * rule["points"],
            "removed": [] if rule["stays"] else spaces, "reset": spaces if rule["stays"] else [],
        })

    def transition(self, state: State, action: Harvest, effects: dict[str, Any]) -> State:
        state = harvested(state, action, effects)
        return plant_engine.next_turn(_with_plants(state, state["board"]["plants"]))

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = before["board"]["plants"], after["board"]["plants"]
        index = [p["name"] for p in before["players"]].index(action["player"])
        kind = action["kind"]
        count = after["players"][index]["harvested"][kind] - before["players"][index]["harvested"][kind]
        return {"count": count, "points": count * data.PLANTS[kind]["points"],
                "removed": [p["at"] for p in old if p not in new and p["at"] not in [n["at"] for n in new]]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each kind the player has on the board."""
        acting = _acting(table)
        if acting is None:
            return []
        board, player, kinds = acting
        return [{"type": "harvest", "player": player, "kind": kind, "board": board} for kind in sorted(kinds)]


class PropagateMove(PlantMove):
    """Propagate: a pattern of the plant's kind from one of the player's plants."""

    type, model = "propagate", Propagate

    def check(self, read: PlantReading, action: Propagate) -> CheckResult:
        pattern = data.PATTERNS[action.pattern]
        kind, origin, pieces = pattern["kind"], _space(action.origin), read.pieces(action.board)
        plant = pieces.plant_at.get(origin)
        if plant is None or plant.owner != action.player or plant.kind != kind:
            return _illegal("no-origin-plant", RULE_PROPAGATE,
                            f"{action.player} has no {kind} {hex_words(origin)} to propagate from",
                            "action.origin")
        tokens = pieces.tokens_left(action.player, kind)
        if tokens == 0:
            return _illegal("no-tokens-left", RULE_PROPAGATE,
                            f"all of {action.player}'s {kind} tokens are on the board", "action.pattern")
        spaces = [(origin[0] + dq, origin[1] + dr) for dq, dr in pattern["spaces"]]
        blocked = pieces.occupants(spaces)
        free = [s for s in spaces if blocked[s] is None]
        if not free:
            return _illegal("pattern-blocked", RULE_PROPAGATE,
                            f"every space of {pattern['name']} around {hex_words(origin)} is blocked or off "
                            "the board; nothing can be sown", "action.pattern")
        sow_count = data.plants_sown(pattern["mode"], len(free), tokens)
        chosen = _chosen_targets(action, spaces, blocked, free, sow_count)
        if isinstance(chosen, CheckResult):
            return chosen
        skipped = [{"at": list(s), "reason": blocked[s]} for s in spaces if blocked[s]]
        skipped += [{"at": list(s), "reason": "not-chosen" if pattern["mode"] == "choose" else "no-token"}
                    for s in free if s not in chosen]
        return CheckResult(True, effects={
            "placed": _sorted(chosen),
            "new_plants": [{"at": list(s), "owner": action.player, "kind": kind, "tier": 0}
                           for s in sorted(chosen)],
            "skipped": skipped, "tokens_left": tokens - len(chosen)})

    def transition(self, state: State, action: Propagate, effects: dict[str, Any]) -> State:
        return plant_engine.next_turn(_with_plants(state, state["board"]["plants"] + effects["new_plants"]))

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        added = _added(before, after)
        return {"new_plants": added, "placed": [p["at"] for p in added]}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> Iterator[ActionJSON]:
        """Every pattern of each own plant, once without `targets` and once for each way of
        writing them (engine.propagations)."""
        if table.state["phase"] != "act":
            return
        for plant in propagations_by_plant(table.state):
            yield from plant


class EndRoundMove(PlantMove):
    """Rounds: after the last player's turn plants at their death tier die; rounds 10 and 20
    resolve the bonus cards, round 10 reveals the second, the start token passes."""

    type, model = "end_round", EndRound

    def check(self, read: Reading[PropagationState], action: EndRound) -> CheckResult:
        player_total = len(read.state.players)
        dead = [p for p in action.board.plants if p.tier >= data.PLANTS[p.kind]["dies"]]
        returned: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for plant in dead:
            returned[plant.owner][plant.kind] += 1
        effects: dict[str, Any] = {"died": _sorted(_space(p.at) for p in dead),
                   "returned": {owner: dict(kinds) for owner, kinds in returned.items()}}
        if action.round is not None:
            effects.update({
                "resolve_bonus": action.round in data.BONUS_ROUNDS,
                "reveal_new_card": action.round == data.BONUS_ROUNDS[0],
                "game_over": action.round == data.ROUNDS,
                "pass_start_token": player_total > 2 and action.round < data.ROUNDS,
            })
        return CheckResult(True, effects=effects)

    def transition(self, state: State, action: EndRound, effects: dict[str, Any]) -> State:
        died = effects["died"]
        board = {**state["board"], "plants": [p for p in state["board"]["plants"] if p["at"] not in died]}
        bonus = state["bonus"]
        if effects["resolve_bonus"]:
            bonus = bonus + [{"card": card, "round": state["round"], "board": board}
                             for card in plant_engine.cards_resolved(state)]
        start = (state["start"] + 1) % len(state["players"]) if effects["pass_start_token"] else state["start"]
        phase = "over" if effects["game_over"] else "reveal" if effects["reveal_new_card"] else "grow"
        return {**state, "board": board, "bonus": bonus, "start": start, "turn": 0, "phase": phase,
                "round": state["round"] + (not effects["game_over"])}

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        old, new = before["board"]["plants"], after["board"]["plants"]
        return {"died": [p["at"] for p in old if p["at"] not in [n["at"] for n in new]],
                "game_over": after["phase"] == "over",
                "resolve_bonus": len(after["bonus"]) > len(before["bonus"])}

    def candidates(self, table: Table[Any], rng: random.Random | None = None) -> list[ActionJSON]:
        state = table.state
        if state["phase"] != "end_round":
            return []
        return [{"type": "end_round", "board": state["board"], "round": state["round"]}]


def _added(before: State, after: State) -> list[dict]:
    """The plants on the board after a move on spaces that were empty before it."""
    taken = [p["at"] for p in before["board"]["plants"]]
    return [p for p in after["board"]["plants"] if p["at"] not in taken]


# The moves in the order the simulator's candidates list them: an end of round, a growth,
# then the sowings, the harvests and each plant's propagations.
MOVES: tuple[PlantMove, ...] = (EndRoundMove(), GrowMove(), SowMove(), HarvestMove(), PropagateMove())


# --- the game --------------------------------------------------------------------------------

class Propagation(Game[PropagationState]):
    id = data.GAME_ID
    title = data.TITLE
    rulebook = "propagation.md"
    state_model = PropagationState
    action_model = Action
    moves = MOVES
    min_players, max_players, roster_rule = data.PLAYERS_MIN, data.PLAYERS_MAX, RULE_MATERIALS
    item_words = {"bonus": "bonus entry", "board": "board tile", "at": "coordinate"}

    def describe(self, state, action: Any, answer: dict[str, Any]) -> list[str]:
        words = _ANSWER_WORDS.get(action.type)
        return words(action, answer["effects"]) if answer["legal"] and words else []

    def state_violations(self, state: PropagationState) -> list[Violation]:
        names = [p.name for p in state.players]
        found = []
        for index, player in enumerate(state.players):
            found += _harvest_count_violations(player, index)
        return found + _bonus_violations(state, set(names))

    def state_warnings(self, state: PropagationState) -> list[Violation]:
        if any(p.bonus_points is not None for p in state.players):
            return []  # the bonus was recorded at the table, not given as boards
        rounds: Counter[int] = Counter(entry.round for entry in state.bonus or [])
        warnings = []
        for round_, expected in expected_bonus_entries(state.round_20).items():
            if rounds[round_] < expected:
                warnings.append(not_over(RULE_BONUS,
                    f"round {round_} should resolve {plural(expected, 'bonus card')} (reading "
                    f"{state.round_20!r}) but {rounds[round_]} given: the game looks unfinished "
                    "and the bonus points may be short", "bonus"))
        return warnings

    def bonus_resolutions(self, state: PropagationState) -> list[dict]:
        names = [p.name for p in state.players]
        return [dict(resolve_card(e.card, e.board, names), round=e.round) for e in state.bonus or []]

    def score_details(self, state: PropagationState) -> dict:
        """"bonus_resolutions": what each player counted for each card and who was paid, so
        players can see why the bonus points fell as they did."""
        return {"bonus_resolutions": self.bonus_resolutions(state)}

    def player_scores(self, state: PropagationState) -> list[PlayerScore]:
        bonus: Counter[str] = Counter()
        for resolution in self.bonus_resolutions(state):
            for name in resolution["paid"]:
                bonus[name] += resolution["points"]
        return [PlayerScore(p.name, {
            **{kind: getattr(p.harvested, kind) * data.PLANTS[kind]["points"] for kind in data.KINDS},
            "bonus": bonus[p.name] if p.bonus_points is None else p.bonus_points}) for p in state.players]

    def action_players(self, action: Any) -> list[tuple[str, str]]:
        """The player a move names; the end of a round is nobody's. (Asking its model for a
        player it has no field for costs more than the rest of its check.)"""
        return [] if action.type == "end_round" else [("action.player", action.player)]

    def own_board(self, raw: dict[str, Any]) -> Board:
        """A board the game's engine made itself, read as the checks read one (own_board)."""
        return own_board(raw)

    def read(self, state: PropagationState, board: Board | None = None) -> PlantReading:
        """The state as the moves' checks read it; an engine judging actions on its table
        gives the table's board too (PlantReading)."""
        return PlantReading(state, board)

    def refuse_action(self, reading: Reading[PropagationState], action) -> list[Violation]:
        """Each action carries the board it is taken on; an impossible board is a malformed request."""
        problems = (reading.action_board_problems(action.board) if isinstance(reading, PlantReading)
                    else board_violations(action.board, {p.name for p in reading.state.players}, "action.board"))
        if problems:
            raise InvalidState(problems)
        return []




# --- for the web pages -----------------------------------------------------------------------

def page_data() -> dict:
    """What the score and dispute pages draw the hex board and their menus from, all read
    from data.py, plus the kit's player colours and symbols so the screen matches the print."""
    from scorer.games.player_colours import PLAYER_COLORS

    return {
        "radius": data.BOARD_RADIUS, "top": list(data.TOP_HEX),
        "spaces": [list(s) for s in data.board_spaces()],
        # each space's name for screen readers and titles, in the words the answers use
        "space_names": {f"{q},{r}": hex_words((q, r)) for q, r in data.board_spaces()},
        "rocks": data.ROCKS, "kinds": list(data.KINDS),
        "plants": {kind: {k: plant[k] for k in ("name", "grown", "dies", "points", "tokens")}
                   for kind, plant in data.PLANTS.items()},
        "patterns": [{"id": pid, "name": p["name"], "kind": p["kind"], "mode": p["mode"],
                      "spaces": [list(s) for s in p["spaces"]]} for pid, p in data.PATTERNS.items()],
        "cards": [{"id": cid, **{k: c[k] for k in ("name", "award", "points", "text")}}
                  for cid, c in data.BONUS_CARDS.items()],
        "readings": list(data.ROUND_20_READINGS), "default_reading": data.DEFAULT_ROUND_20,
        "players": {"min": data.PLAYERS_MIN, "max": data.PLAYERS_MAX},
        "colours": [{"hex": c.hex, "symbol": c.symbol, "letter": c.letter}
                    for c in list(PLAYER_COLORS.values())[:data.PLAYERS_MAX]],
    }


# The example game's round-20 board; its round-10 board (examples.ROUND_10_BOARD) also
# carries the rules page's worked checks.
_ROUND_20_BOARD = {"rocks": examples.ROCKS, "plants": [
    {"at": [1, 0], "owner": "Ada", "kind": "tomato", "tier": 1},
    {"at": [-1, 0], "owner": "Bo", "kind": "carrot", "tier": 2},
    {"at": [-1, 1], "owner": "Bo", "kind": "carrot", "tier": 2},
    {"at": [-2, 0], "owner": "Bo", "kind": "apple", "tier": 4},
    {"at": [3, -1], "owner": "Cy", "kind": "apple", "tier": 1},
    {"at": [3, -3], "owner": "Cy", "kind": "tomato", "tier": 5}]}

# The pages open on these (scorer.web.pages reads EXAMPLE_STATE and EXAMPLE_CHECK).
EXAMPLE_STATE: dict[str, Any] = {
    "players": [{"name": "Ada", "harvested": {"tomato": 9, "carrot": 2, "apple": 1}},
                {"name": "Bo", "harvested": {"tomato": 3, "carrot": 6, "apple": 2}},
                {"name": "Cy", "harvested": {"tomato": 4, "carrot": 0, "apple": 4}}],
    "round_20": data.DEFAULT_ROUND_20,
    "bonus": [{"card": "most-tomatoes", "round": 10, "board": examples.ROUND_10_BOARD},
              {"card": "most-tomatoes", "round": 20, "board": _ROUND_20_BOARD},
              {"card": "carrot-patch", "round": 20, "board": _ROUND_20_BOARD}],
}
EXAMPLE_CHECK: Example = {
    "state": {"players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}]},
    "action": {"type": "propagate", "player": "Ada", "pattern": "tomato-north-fan", "origin": [1, 0],
               "board": examples.ROUND_10_BOARD},
}


GAME = Propagation(example_state=EXAMPLE_STATE, example_checks=[EXAMPLE_CHECK, *examples.CHECKS],
                   page_data=page_data, engine=PropagationEngine)


# --- the answer in words ---------------------------------------------------------------------------
_COMPASS = {"N": "north", "NE": "north-east", "SE": "south-east", "S": "south", "SW": "south-west", "NW": "north-west"}


def hex_words(space: Any) -> str:
    """A space as players find it on the board, walking from the centre: "the centre",
    "2 spaces north", "2 north then 1 north-east". Each space is reached by steps in at most two
    neighbouring compass directions."""
    q, r = space[0], space[1]
    if (q, r) == (0, 0):
        return "the centre"
    names = list(data.DIRECTIONS)
    for index, first in enumerate(names):
        second = names[(index + 1) % len(names)]
        (q1, r1), (q2, r2) = data.DIRECTIONS[first], data.DIRECTIONS[second]
        det = q1 * r2 - q2 * r1
        a, b = (q * r2 - q2 * r) // det, (q1 * r - q * r1) // det
        if a >= 0 and b >= 0 and a * q1 + b * q2 == q and a * r1 + b * r2 == r and a:
            walk = f"{plural(a, 'space')} {_COMPASS[first]} of the centre"
            return walk if not b else f"{a} {_COMPASS[first]} then {b} {_COMPASS[second]} of the centre"
    return "a space off the board"


def _plant_words(plant: dict[str, Any]) -> str:
    return f"{plant['owner']}'s {data.PLANTS[plant['kind']]['name'].lower()} at tier {plant['tier']} ({hex_words(plant['at'])})"


def _spaces(spaces: list) -> str:
    return "; ".join(hex_words(space) for space in spaces)


def _propagated(action: Any, effects: dict[str, Any]) -> list[str]:
    lines = [f"New plants (+ on the board): {'; '.join(_plant_words(p) for p in effects['new_plants']) or 'none'}; "
             f"{plural(effects['tokens_left'], 'token')} left."]
    if effects.get("skipped"):
        lines.append("Skipped (× on the board): " + "; ".join(
            f"{hex_words(s['at'])}, {_SKIP_WORDS.get(s['reason'], s['reason'])}" for s in effects["skipped"]) + ".")
    return lines


_SKIP_WORDS = {**{why: f"{words} is there" for why, words in _OCCUPANT_WORDS.items()}, "off-board": "off the board",
               "not-chosen": "not chosen", "no-token": "no token left for it"}


def _harvested(action: Any, effects: dict[str, Any]) -> list[str]:
    line = (f"{action.player} harvests {plural(effects['count'], 'plant')} (★ on the board: {_spaces(effects['harvested'])}): "
            f"{plural(effects['points'], 'point')}.")
    return [line + (" The apple trees stay, back to tier 0." if effects.get("reset") else " They leave the board.")]


def _round_ended(action: Any, effects: dict[str, Any]) -> list[str]:
    lines = [f"Dies at the end of the round (× on the board): {_spaces(effects['died'])}." if effects["died"]
             else "Nothing dies this round."]
    if effects.get("resolve_bonus"):
        lines.append("Resolve the bonus cards now." + (" Then reveal a new card." if effects.get("reveal_new_card") else ""))
    if effects.get("game_over"):
        lines.append("That was the last round: the game is over.")
    elif effects.get("pass_start_token"):
        lines.append("The start token passes to the next player.")
    return lines


def _grown(action: Any, effects: dict[str, Any]) -> list[str]:
    lines = [f"{action.player}'s plants grow one tier: " + ("; ".join(_plant_words(p) for p in effects["grown"]) or "nothing") + "."]
    if effects.get("fully_grown"):
        lines.append(f"Fully grown, ready to harvest (★): {_spaces(effects['fully_grown'])}.")
    if effects.get("at_death_tier"):
        lines.append(f"At the death tier, harvest them or they die (!): {_spaces(effects['at_death_tier'])}.")
    return lines


_ANSWER_WORDS = {"propagate": _propagated, "harvest": _harvested, "end_round": _round_ended, "grow": _grown,
                 "sow": lambda action, effects: [f"Sown (+ on the board): {_plant_words(effects['sown'])}."]}
