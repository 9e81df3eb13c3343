"""Propagation as plain data: the hex board, the plants, the propagation patterns and the
bonus cards, with the small hex arithmetic both the scorer and the print kit need.

The rulebook lost its pattern pictures and its bonus-card page; everything marked HOUSE
below was designed for gardenkit and is explained in docs/house-rules.md (Propagation).
No pydantic, Flask or reportlab here: the kit (pnp/kits/propagation.py) imports this module.

Coordinates are axial [q, r] on flat-topped hexagons (the pinned board): [0, 0] is the centre and
[0, -1] its north neighbour, so "north" always means toward the coloured top hex [0, -4].
"""
from __future__ import annotations

from typing import Final

GAME_ID = "propagation"
TITLE = "Propagation"

# --- the board -------------------------------------------------------------------------------

BOARD_RADIUS = 4                      # a hexagon of 61 spaces
TOP_HEX = (0, -4)                     # the coloured north corner; patterns are drawn from it

# Axial steps in compass order, clockwise from north (flat-topped hexes have no east/west
# neighbour). The order is the order in which a pattern's spaces are listed and sown.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0),
}


def distance(a: tuple[int, int], b: tuple[int, int] = (0, 0)) -> int:
    """Steps between two spaces (hex distance in axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def on_board(space: tuple[int, int]) -> bool:
    # A set lookup: the rules ask this of every rock and plant of every board they judge.
    return space in _SPACES


def neighbours(space: tuple[int, int]) -> list[tuple[int, int]]:
    """The six spaces around `space`, clockwise from north (some may be off the board)."""
    return [(space[0] + dq, space[1] + dr) for dq, dr in DIRECTIONS.values()]


def board_spaces() -> list[tuple[int, int]]:
    """All 61 spaces, row by row from the north as printed (by r, then q)."""
    span = range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    return sorted(((q, r) for q in span for r in span if distance((q, r)) <= BOARD_RADIUS),
                  key=lambda s: (2 * s[1] + s[0], s[0]))


_SPACES = frozenset(board_spaces())


# The six corners, four steps out along each direction, clockwise from the top hex.
CORNERS: tuple[tuple[int, int], ...] = tuple(
    (BOARD_RADIUS * dq, BOARD_RADIUS * dr) for dq, dr in DIRECTIONS.values())


def north_of_centre(space: tuple[int, int]) -> bool:
    """True for spaces drawn above the board's middle row (nearer the top hex)."""
    return 2 * space[1] + space[0] < 0


# --- the pieces ------------------------------------------------------------------------------

PLAYERS_MIN, PLAYERS_MAX = 2, 4
ROUNDS = 20
BONUS_ROUNDS = (10, 20)
ROCKS = 10
# HOUSE: the rulebook's starting player is whoever most recently ate a fruit or vegetable; a
# simulated or replayed game gives the starting player token to the first player listed.
FIRST_PLAYER = 0

KINDS = ("tomato", "carrot", "apple")

# Tier at which a plant is fully grown (harvestable) and the tier at which it dies at the
# end of the round (twice the grown tier); points per plant harvested; whether it stays on
# the board when harvested (apples reset to tier 0); tokens per player.
PLANTS: dict[str, dict] = {
    "tomato": {"name": "Tomato", "grown": 3, "dies": 6, "points": 1, "stays": False, "tokens": 15},
    "carrot": {"name": "Carrot", "grown": 3, "dies": 6, "points": 2, "stays": False, "tokens": 10},
    "apple": {"name": "Apple tree", "grown": 5, "dies": 10, "points": 4, "stays": True, "tokens": 5},
}

# HOUSE: the kit tracks tiers on a pencil sowing calendar; the rulebook's Materials recommends
# small dice instead, and the kit names them as the other way: a die on each plant shows its
# tier, turned up one as it grows, with as many sides as the tier it dies at (a d6 for a tomato
# or a carrot, a d10 for an apple tree).
def tier_die(kind: str) -> str:
    """The die that counts a plant's tiers until it dies: "d6" or "d10"."""
    return f"d{PLANTS[kind]['dies']}"


# HOUSE: the kit's tokens (every plant, rock and marker) are square chits of one size, this
# many mm a side, where the game has three sizes per colour: a chit lies inside a board hex
# (the largest square inside one is 16.4 mm), and a sheet of them is cut along its lines, a
# row or a column a cut. The kinds differ by their plate's outline and their picture.
TOKEN_MM = 15.0



def _most_harvests_per_token(plant: dict) -> int:
    """How often one token can be harvested in a game: a player has one turn a round and one
    action a turn; a plant is sown at tier 0 and grows a tier at the start of each later turn.
    A tomato or carrot leaves the board when harvested, so placing the token again takes
    another turn: sown, grown, harvested, at least `grown + 1` turns a time. An apple tree
    stays and resets to tier 0: sown on the first turn at the earliest, then harvested once
    every `grown` turns."""
    if plant["stays"]:
        return (ROUNDS - 1) // plant["grown"]
    return ROUNDS // (plant["grown"] + 1)


# The most plants of a kind one player can harvest in a game, from the tokens Set up gives
# each player: 75 tomatoes, 50 carrots, 15 apples.
MOST_HARVESTED = {kind: plant["tokens"] * _most_harvests_per_token(plant) for kind, plant in PLANTS.items()}

# --- HOUSE: propagation patterns -------------------------------------------------------------
# Each pattern lists offsets [dq, dr] from the point of origin, with north toward the top
# hex. "spread" patterns sow a new plant on every listed space that can take one; "choose"
# patterns sow a single new plant on one listed space the player picks.
# Blocked (rock or plant) and off-board spaces are skipped; a propagation must sow at least
# one plant; a player short of tokens sows as many as they have, on spaces they choose.


def _steps(*names: str) -> tuple[tuple[int, int], ...]:
    """Offsets reached by walking the named compass steps, each name one separate space;
    'N+N' is two steps north."""
    spaces = []
    for name in names:
        q = r = 0
        for step in name.split("+"):
            dq, dr = DIRECTIONS[step]
            q, r = q + dq, r + dr
        spaces.append((q, r))
    return tuple(spaces)


PATTERNS: dict[str, dict] = {
    # Tomatoes: cheap and spreading, three new plants right next to the origin.
    "tomato-north-fan": {"kind": "tomato", "mode": "spread", "name": "North fan",
                         "spaces": _steps("NW", "N", "NE")},
    "tomato-south-fan": {"kind": "tomato", "mode": "spread", "name": "South fan",
                         "spaces": _steps("SE", "S", "SW")},
    "tomato-tripod-north": {"kind": "tomato", "mode": "spread", "name": "Tripod (point north)",
                            "spaces": _steps("N", "SE", "SW")},
    "tomato-tripod-south": {"kind": "tomato", "mode": "spread", "name": "Tripod (point south)",
                            "spaces": _steps("NE", "S", "NW")},
    # Carrots: in lines, two new carrots in a straight row with the origin.
    "carrot-upright": {"kind": "carrot", "mode": "spread", "name": "Upright row",
                       "spaces": _steps("N", "S")},
    "carrot-rising": {"kind": "carrot", "mode": "spread", "name": "Rising row",
                      "spaces": _steps("NE", "SW")},
    "carrot-falling": {"kind": "carrot", "mode": "spread", "name": "Falling row",
                       "spaces": _steps("NW", "SE")},
    "carrot-north-furrow": {"kind": "carrot", "mode": "spread", "name": "North furrow",
                            "spaces": _steps("N", "N+N")},
    # Apples: one new tree, two steps away in a straight line, on the player's pick.
    "apple-seedling": {"kind": "apple", "mode": "choose", "name": "Seedling",
                       "spaces": _steps("N+N", "NE+NE", "SE+SE", "S+S", "SW+SW", "NW+NW")},
}


def plants_sown(mode: str, free: int, tokens: int) -> int:
    """How many new plants a propagation sows, given the pattern's mode, its free spaces and
    the player's tokens of that kind left: one for "choose", else one on every free space
    the tokens reach (the rule check and the engine's candidate moves both ask this)."""
    return 1 if mode == "choose" else min(free, tokens)


# --- bonus cards -----------------------------------------------------------------------------
# "award": "one-winner" pays the player(s) with the highest count (ties: see TIE_RULES);
# "every-player" pays every player whose count reaches "at_least".
# "measure" names what is counted for each player on the board the card is resolved on;
# the scorer implements each measure (rules.py MEASURES), the kit prints "text".
# The first two are pinned (shared with the scorer's state format); the rest are HOUSE designs.

BONUS_CARDS: dict[str, dict] = {
    "most-tomatoes": {"name": "Most Tomatoes", "award": "one-winner", "points": 5,
                      "measure": "plants", "kinds": ["tomato"],
                      "text": "The player with the most tomato plants on the board scores 5."},
    "apple-growers": {"name": "Apple Growers", "award": "every-player", "points": 3,
                      "measure": "plants", "kinds": ["apple"], "at_least": 3,
                      "text": "Every player with at least 3 apple trees on the board scores 3."},
    "most-carrots": {"name": "Most Carrots", "award": "one-winner", "points": 5,
                     "measure": "plants", "kinds": ["carrot"],
                     "text": "The player with the most carrot plants on the board scores 5."},
    "biggest-orchard": {"name": "Biggest Orchard", "award": "one-winner", "points": 6,
                        "measure": "plants", "kinds": ["apple"],
                        "text": "The player with the most apple trees on the board scores 6."},
    "biggest-garden": {"name": "Biggest Garden", "award": "one-winner", "points": 6,
                       "measure": "plants", "kinds": ["tomato", "carrot", "apple"],
                       "text": "The player with the most plants of any kind on the board scores 6."},
    "largest-patch": {"name": "Largest Patch", "award": "one-winner", "points": 5,
                      "measure": "largest-group",
                      "text": "The player with the largest group of their own plants, each touching "
                              "the next, scores 5."},
    "ripe-and-ready": {"name": "Ripe and Ready", "award": "one-winner", "points": 4,
                       "measure": "fully-grown",
                       "text": "The player with the most fully grown plants on the board scores 4."},
    "longest-furrow": {"name": "Longest Furrow", "award": "one-winner", "points": 4,
                       "measure": "longest-line", "kinds": ["carrot"],
                       "text": "The player with the longest straight line of their own carrots, "
                               "side by side, scores 4."},
    "rock-garden": {"name": "Rock Garden", "award": "one-winner", "points": 4,
                    "measure": "next-to-rock",
                    "text": "The player with the most plants next to a rock scores 4."},
    "sunny-side": {"name": "Sunny Side", "award": "one-winner", "points": 4,
                   "measure": "north-half",
                   "text": "The player with the most plants above the board's middle row "
                           "(the half with the top hex) scores 4."},
    "carrot-patch": {"name": "Carrot Patch", "award": "every-player", "points": 3,
                     "measure": "plants", "kinds": ["carrot"], "at_least": 5,
                     "text": "Every player with at least 5 carrot plants on the board scores 3."},
    "tomato-glut": {"name": "Tomato Glut", "award": "every-player", "points": 2,
                    "measure": "plants", "kinds": ["tomato"], "at_least": 8,
                    "text": "Every player with at least 8 tomato plants on the board scores 2."},
    "mixed-garden": {"name": "Mixed Garden", "award": "every-player", "points": 3,
                     "measure": "kinds-grown", "at_least": 3,
                     "text": "Every player with at least one tomato, one carrot and one apple tree "
                             "on the board scores 3."},
    "heart-of-the-garden": {"name": "Heart of the Garden", "award": "every-player", "points": 2,
                            "measure": "near-centre", "at_least": 1,
                            "text": "Every player with a plant on the centre space or next to it "
                                    "scores 2."},
    "corner-plots": {"name": "Corner Plots", "award": "every-player", "points": 3,
                     "measure": "corners", "at_least": 2,
                     "text": "Every player with plants on at least 2 of the 6 corner spaces "
                             "scores 3."},
}

# HOUSE: the rulebook's round-20 wording is ambiguous. "both": at the end of round 20 the
# first card is resolved again together with the card revealed at round 10; "newest": only
# the card revealed at round 10 is resolved. A state may choose with "round_20".
ROUND_20_READINGS = ("both", "newest")
DEFAULT_ROUND_20: Final = "both"

# HOUSE: the rulebook gives no tie-breaker for the final scores: tied players share the
# place (and the win).
FINAL_TIE_BREAKER = None
