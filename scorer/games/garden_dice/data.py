"""Garden Dice as plain data: the box contents, the values, and the house content that the
rulebook's lost pictures left open. The print kit (pnp/kits/garden_dice.py) and the rules
(rules.py) both read this module, so nothing here is ever restated elsewhere.

House choices are marked "house:" and described in docs/house-rules.md (Garden Dice).
"""
from __future__ import annotations

GAME_ID = "garden-dice"
TITLE = "Garden Dice"
RULEBOOK = "garden-dice.md"

# --- tiles -----------------------------------------------------------------------------------

# The five crops, cheapest first; the value is printed in a tile's top-left corner and is what
# a buy, water or harvest die is compared with (Components).
CROP_VALUES: dict[str, int] = {"squash": 1, "carrot": 2, "tomato": 3, "artichoke": 4, "eggplant": 5}
CROPS: tuple[str, ...] = tuple(CROP_VALUES)
TILES_PER_CROP_IN_BOX = 10

# Tiles of each crop used, by number of players (Setup); the rest stay in the box.
SUPPLY_PER_CROP: dict[int, int] = {2: 5, 3: 7, 4: 10}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# house: a simulated or replayed game (the engine) starts with the first listed player.
FIRST_PLAYER = 0

# --- the board -------------------------------------------------------------------------------

BOARD_SIZE = 6  # rows and columns, each marked with a die face 1-6
# house: the printed board's star ("rich soil") spaces are not known; these are pinned for the kit and the scorer.
STAR_SPACES: frozenset[tuple[int, int]] = frozenset({(1, 2), (2, 6), (3, 4), (4, 3), (5, 1), (6, 5)})

# house: the scoring track is a loop of 100 spaces, 0-99, round the garden. A player whose
# marker passes 99 takes a "+100" lap token and goes on from 0.
TRACK_SPACES = 100
LAP_TOKENS = 4  # one per player; house: the real game has none (see house rules)

# --- players' pieces -------------------------------------------------------------------------

DISCS_PER_PLAYER = 9
DISCS_ON_TRACK = 1  # one disc of each player marks the score for the whole game (Setup)
# Discs free for tiles once the scoring marker is out: each bought seed, each own seed or
# veggie on the board, each own special tile on the board and each swallowed tile holds one.
DISCS_FOR_TILES = DISCS_PER_PLAYER - DISCS_ON_TRACK

# Player colours of the box (FACTS.md). The kit prints each with the project's symbol and
# letter for that colour (pnp.colors), so colour is never the only cue on a disc.
PLAYER_COLOURS: tuple[str, ...] = ("green", "blue", "yellow", "red")

# Kinds of board tiles, as the state's board names them.
SEED, VEGGIE = "seed", "veggie"
CROP_SIDES = (SEED, VEGGIE)
CRITTER_SIDES = ("bird", "rabbit")          # one two-sided tile per player
HELPER_SIDES = ("sundial", "scarecrow")     # one two-sided tile per player
ROCK = "rock"                               # two-player game only; no disc (the owner is optional)
TILE_KINDS = (*CROP_SIDES, *CRITTER_SIDES, *HELPER_SIDES, ROCK)
ROCKS_IN_TWO_PLAYER_GAME = 2
ROCKS_PER_PLAYER = 1                        # Setup: each player of a 2-player game gets one
ROCK_PLAYER_COUNT = 2

# Box contents the kit prints.
CRITTER_TILES = 4
HELPER_TILES = 4
ROCK_TILES = 2
SUN_TOKENS = 4
PLAYER_AIDS = 4
DICE = 4

# --- dice-driven actions ---------------------------------------------------------------------

DIE_FACES = (1, 2, 3, 4, 5, 6)
SIX = 6                        # flipping a special tile, and the third die of removing a critter
MAX_SAME_CROP_PER_TURN = 2     # Buy a Seed Tile
# Sundial: once per turn, either one coordinate die moved by 1 or 2, or two dice by 1 each.
SUNDIAL_ONE_DIE_STEPS = (1, 2)
SUNDIAL_TWO_DICE_STEP = 1

# --- scoring ---------------------------------------------------------------------------------

SCARECROW_BONUS = 3            # and it cancels the star bonus
STAR_MULTIPLIER = 2
CHAIN_BONUS_PER_OPPONENT_VEGGIE = 1
UNPLACED_SEED_PENALTY = 5
UNPLACED_SEEDS_FORGIVEN = 1    # "except the first"
SET_BONUS = 15                 # per set of all five crops
# A collection of n identical veggies scores the entry for the largest size not above n.
COLLECTION_POINTS: dict[int, int] = {3: 10, 4: 15, 5: 20}
SUN_TOKEN_POINTS = 5

VARIANTS = ("standard", "family")  # the family game leaves the bird/rabbit tiles out
