"""Judged random games biased toward the edges that uniform random play seldom or never
reaches: a market filled in the fewest rounds with no die ever fed to a pig (every player's
pig at 0 when the advanced game hands out its awards), a Garden Dice player with two sets
harvested, a player who propagates one plant until the tokens run out (carrots short in the
middle of a pattern, apples with none left), a Cottage Garden player who keeps every cat and
wins a third, Cottage Garden climbers who reach the tops of both tracks and take both beehive
tiles. The games are the harness's own (tests/support/engine_harness.py
`play_and_judge`: every step judged, the end scored by the oracle, the log replayed); only
the random player's draw is biased, by trying first the candidates a preference ranks first.
Cheap: a game costs what a judged game costs."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from unittest import mock

from scorer.games.engine import Chance
from tests.oracles import cottage_garden, garden_dice, propagation
from tests.support.engine_harness import GameRecord, engine, play_and_judge

# A preference: the candidates of a state in tiers, the first tried first (uniformly among its
# legal ones); the draw falls back to the engine's own when no tier holds a legal one.
Preference = Callable[[dict, list[dict]], list[list[dict]]]


# A bias on chance: the outcome the game's odds drew -> another possible outcome.
Luck = Callable[[dict, dict], dict]


@contextmanager
def biased(game_id: str, prefer: Preference, luck: Luck | None = None, samples: int = 1) -> Iterator[None]:
    """Inside, the judged games of `game_id` play with the random player biased by `prefer`
    and each chance outcome passed through `luck` (the harness still asks the engine whether
    it can happen). An engine whose candidates are a sample (one choice's moves) is asked up
    to `samples` times for one where a tier holds a legal move."""
    game_engine = engine(game_id)
    uniform = game_engine.draw_legal

    def draw(table, rng: random.Random):
        for _ in range(samples):
            for tier in prefer(table.state, game_engine.candidate_actions(table.state, rng)):
                tier = list(tier)
                while tier:
                    action = tier.pop(rng.randrange(len(tier)))
                    (answer, parsed), = game_engine.judgements(table, [action])
                    if answer["legal"]:
                        return action, answer, parsed
        return uniform(table, rng)

    with ExitStack() as patches:
        patches.enter_context(mock.patch.object(game_engine, "draw_legal", draw))
        if luck is not None:
            assert isinstance(game_engine, Chance), f"{game_id} has no chance to bias"
            odds = game_engine.sample_chance
            patches.enter_context(mock.patch.object(game_engine, "sample_chance",
                                                    lambda state, rng: luck(state, odds(state, rng))))
        yield


def play_biased(game_id: str, players: int, seed: int, prefer: Preference, luck: Luck | None = None,
                samples: int = 1) -> GameRecord:
    with biased(game_id, prefer, luck, samples):
        return play_and_judge(game_id, players, seed)


# --- Harvest Dice: a quick game with no die fed --------------------------------------------------

LAST_COLOUR = "green"  # the colour every drafter leaves in the pool, so its market fills first


def harvest_quick_and_unfed(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Plant, never feed, and leave the green dice to the last: the lettuce market fills in
    the fewest rounds, and a pig is fed only when a drafter has nothing to plant."""
    plants = [c for c in candidates if c["type"] == "plant" and not c["pig_powers"]]
    return [[c for c in plants if c["die"]["color"] != LAST_COLOUR], plants,
            [c for c in candidates if c["type"] == "plant"]]


def harvest_pig_hoarder(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Feed the pig whenever a die may be fed, and never spend a pig power: pig powers pile
    up unused (up to four at once), so a draft may turn one die by several."""
    plain = [c for c in candidates if not c["pig_powers"]] if candidates[0]["type"] != "last_die" else []
    return [[c for c in plain if c["type"] == "feed"], plain]


# Each colour's dice rolled to two columns of their own (the house garden's 3 rows of 6):
# every crop grows in a block of two columns where a die fits while its column has room.
COLUMNS_OF = {"green": (1, 2), "red": (3, 4), "orange": (5, 6)}


def harvest_dice_in_blocks(state: dict, outcome: dict) -> dict:
    """The roll with each die turned to one of its colour's two columns (by its value's parity)."""
    return {**outcome, "dice": [{**die, "value": COLUMNS_OF[die["color"]][die["value"] % 2]}
                                for die in outcome["dice"]]}


# --- Garden Dice: two sets harvested ------------------------------------------------------------

def dice_set_collector(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Harvest, water and plant before all else, buy the crops the player has fewest of, and
    never move, remove or place a critter: a player harvests two or more sets of all five
    veggies (Game End's Sets), which uniform play reaches in about one game in a hundred."""
    me = state["players"][state["current"]]
    have = {crop: me["harvested"].get(crop, 0) + me["seeds"].get(crop, 0) for crop in garden_dice.FACE_VALUE}
    for tile in state["board"]:
        if tile.get("owner") == me["name"] and tile["kind"] in garden_dice.CROP_SIDES:
            have[tile["crop"]] += 1
    fewest = min(have.values())

    def of(kind: str) -> list[dict]:
        return [c for c in candidates if c["type"] == kind]
    return [of("harvest"), of("water"), [c for c in of("place") if c["tile"] == "seed"],
            [c for c in of("buy") if have[c["crop"]] == fewest], of("buy"),
            [c for c in candidates if c["type"] not in ("move_critter", "remove_critter", "place")]]


# --- Propagation: out of tokens -----------------------------------------------------------------

SPENT_KIND = "carrot"  # ten tokens, two a propagation: the first kind to run out


def propagation_out_of_tokens(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Sow carrots, then propagate them every turn onto patterns wholly free and never
    harvest: two carrots a turn, so the ten tokens run short in the middle of a pattern
    before the first carrot dies."""
    taken = propagation._taken(state["board"])
    carrots = [c for c in candidates if c["type"] == "propagate" and c["pattern"].startswith(SPENT_KIND)]
    return [[c for c in carrots if all(space in propagation.SPACES and space not in taken for space in
                                       propagation._pattern_spaces(propagation.PATTERNS[c["pattern"]],
                                                                   propagation._space(c["origin"])))],
            [c for c in candidates if c["type"] == "sow" and c["kind"] == SPENT_KIND], carrots,
            [c for c in candidates if c["type"] != "harvest"]]


def propagation_orchard(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Sow an apple tree, then propagate apples every turn and never harvest them: apples
    live long (fully grown at 5, dead at 10), so all five apple tokens stand on the board for
    many turns, where a propagation of them has no token left."""
    apples = [c for c in candidates if c["type"] == "propagate" and c["pattern"].startswith("apple")]
    return [apples, [c for c in candidates if c["type"] == "sow" and c["kind"] == "apple"],
            [c for c in candidates if c["type"] != "harvest"]]


# --- Cottage Garden: a third cat kept ------------------------------------------------------------

# Cottage Garden's candidates are one choice's moves (a tile of the row, a pot, a cat...): asked
# this many times, a draw nearly always finds a move that keeps the cats.
COTTAGE_SAMPLES = 8


def _landing(move: dict) -> int:
    track = cottage_garden.TRACKS[move["color"]]
    return track[min(track.index(move["from"]) + move["steps"], len(track) - 1)]


def cottage_cat_keeper(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Never place a cat or ramble (a cat returned), take tiles rather than flower pots, and
    move cubes across the red line, else the cube nearest below it: the two starting cats are
    kept until a cube crossing the line wins a third, and the turn ends with three in reserve
    unless the player must place one (Special rules for the Planting Table)."""
    kept = [c for c in candidates if c["type"] != "refill" and not (c["type"] == "place_token"
                                                                    and c["token"] == "cat")]
    cubes = [c for c in kept if c["type"] == "move_cube"]
    line = cottage_garden.RED_LINE
    below = [c for c in cubes if c["from"] <= line[c["color"]]]
    nearest = max((c["from"] for c in below), default=None)
    return [[c for c in below if _landing(c) > line[c["color"]]], [c for c in below if c["from"] == nearest],
            [c for c in kept if c["type"] == "place_tile"], kept]



# --- Cottage Garden: the tops of the tracks and both beehive tiles ------------------------------

def _covers_printed(move: dict) -> bool:
    """Whether a tile placement covers a pot or cloche printed on the bed (scored no more)."""
    rows = cottage_garden.BED_DESIGNS[move["bed"]["design"]]
    row, col = move["at"]
    return any(rows[row + r - 1][col + c - 1] != "." for r, c, _ in cottage_garden._marked_cells(
        move["tile"], move["rotation"], move["flip"]))


def _shows(move: dict, mark: str) -> bool:
    return any(mark in line for line in cottage_garden.TILE_SHAPES[move["tile"]])


def _squares(move: dict) -> int:
    return sum(ch != "." for line in cottage_garden.TILE_SHAPES[move["tile"]] for ch in line)


def cottage_climber(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """Score one cube of each colour as far as it goes: every bed's pots and cloches go to the
    cube furthest along (the target reached with a cube of each colour, then with the next,
    and the players race for both beehive tiles), the Final Round penalty taken from the cube
    lowest on its track (by the two-hive tile's holder, the other tile still free, from a cube
    on the target, scored back there next); beds filled fast, with tiles showing a cloche or a pot, then tiles of
    four squares or more, laid over no printed pot or cloche (`samples` draws of the engine's
    candidates are asked for one before the draw falls back to the engine's own)."""
    cubes = [c for c in candidates if c["type"] == "move_cube"]
    furthest = {colour: max((c["from"] for c in cubes if c["color"] == colour and c["from"] != cottage_garden.TARGET),
                            default=None) for colour in cottage_garden.COLOURS}
    penalties = [c for c in candidates if c["type"] == "final_round_penalty"]
    lowest = min((c["from"] for c in penalties if c["from"] != 0), default=None)  # a cube on the start stays
    # The two-hive tile's holder, the other tile still free, steps a cube back off the target
    # to bring it there again: the holder's second arrival, which uniform play never makes.
    holder = state["players"][state["current"]]["beehives"] == max(cottage_garden.BEEHIVE_TILES)
    back_off_target = [c for c in penalties if c["from"] == cottage_garden.TARGET] if (
        holder and state["supply"]["beehives"]) else []
    tiles = [c for c in candidates if c["type"] == "place_tile" and not _covers_printed(c)]
    others = [] if state["turn"]["step"] == "plant" else [c for c in candidates if c["type"] != "place_token"
                                                           or c["token"] == "pot"]
    return [[c for c in cubes if c["from"] == furthest[c["color"]]], back_off_target,
            [c for c in penalties if c["from"] == lowest],
            [c for c in tiles if _shows(c, "C") or _shows(c, "P")], [c for c in tiles if _squares(c) >= 5],
            [c for c in tiles if _squares(c) >= 4], others]


def _cloches(design: str) -> int:
    return "".join(cottage_garden.BED_DESIGNS[design]).count("c")


def cottage_cloche_deal(state: dict, outcome: dict) -> dict:
    """The deal with the cloche tiles first in the nursery, then the biggest tiles (beds fill
    fastest), and each player's beds (and the spare) the sides printing the most cloches,
    boards drawn greedily, a board once."""
    free = sorted(state["boards"])
    # a scored bed comes back flipped: boards printing cloches on both sides first
    pick = {side: sorted(free, key=lambda board: (-_cloches(board + "L") - _cloches(board + "D"),
                                                  -_cloches(board + side))) for side in "LD"}
    used: set[str] = set()

    def best(side: str) -> str:
        board = next(b for b in pick[side] if b not in used)
        used.add(board)
        return board + side

    beds = [[best("L"), best("D")] for _ in outcome["flowerbeds"]]
    tiles = sorted(outcome["tiles"], key=lambda tile: (not _shows({"tile": tile}, "C"), -_squares({"tile": tile})))
    return {**outcome, "tiles": tiles, "flowerbeds": beds, "spare_bed": best("L")}


CLIMBERS = 2  # players of a climbers' game: the most beds scored each, and a race for both beehive tiles


def play_climbers(seed: int) -> GameRecord:
    """A judged game of two Cottage Garden climbers, dealt the beds and tiles richest in
    cloches: the tops of both tracks, a player's second cube on a target and both beehive
    tiles, which uniform play seldom or never reaches."""
    return play_biased("cottage-garden", CLIMBERS, seed, cottage_climber, cottage_cloche_deal, COTTAGE_SAMPLES)


def cottage_lone_climber(state: dict, candidates: list[dict]) -> list[list[dict]]:
    """The first player a climber, the others uniform: a player reaching the target with a
    second cube while the other beehive tile is still free."""
    return cottage_climber(state, candidates) if state["current"] == 0 else [candidates]
