"""Harvest Dice as plain data: the house score sheet, the dice, and every choice the rulebook
left open. The scorer (rules.py) and the print kit (pnp/kits/harvest_dice.py) both read this
module, so the sheet a player writes on and the sheet the scorer checks are the same sheet.

No pydantic, Flask or reportlab here: the kit imports this module too.
The choices are explained for players in docs/house-rules.md ("Harvest Dice").
"""
from __future__ import annotations

GAME_ID = "harvest-dice"
TITLE = "Harvest Dice"
MODES = ("basic", "advanced")
DEFAULT_MODE = "basic"  # the rulebook is written for the basic game

# --- players and dice (rulebook: Components, Set-Up) ----------------------------------------
# The rulebook covers 2, 3 and 4 players (set-up notes for 2 and 3, four pencils, no solo rule).
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# house: a simulated or replayed game (the engine) starts with the first listed player.
FIRST_PLAYER = 0
DICE_PER_COLOR = {2: 2, 3: 3, 4: 3}
# house: the score sheets a print of the kit holds, of each kind (basic, advanced): a sheet is
# written on once, so a game takes one a player. Enough for a four-player game and its rematch
# (an evening rarely ends at one game of twenty minutes), and the second set is the spares for
# a sheet spoiled; a two-player table gets four games. More: print the page again.
GAMES_PER_PRINT = 2
SHEETS_PER_PRINT = MAX_PLAYERS * GAMES_PER_PRINT
DIE_FACES = (1, 2, 3, 4, 5, 6)

# --- crops -----------------------------------------------------------------------------------
CROPS = ("lettuce", "tomato", "carrot")
CROP_LETTER = {"lettuce": "L", "tomato": "T", "carrot": "C"}
LETTER_CROP = {letter: crop for crop, letter in CROP_LETTER.items()}
EMPTY = "."
# The die colour names the crop (Game Play: Plant it).
DIE_COLOR_CROP = {"green": "lettuce", "red": "tomato", "orange": "carrot"}
CROP_DIE_COLOR = {crop: color for color, crop in DIE_COLOR_CROP.items()}
# How players draw each crop (Game Play: the rulebook's pictures) -- also the shape printed on
# die stickers and in the sheet's legend, so colour is never the only clue.
CROP_SHAPE = {"lettuce": "square", "tomato": "circle", "carrot": "triangle"}

# --- the house score sheet (pinned for the kit and the scorer) ---------------------------------
GARDEN_ROWS = 3
GARDEN_COLUMNS = len(DIE_FACES)  # column n takes dice showing n
RIBBON_POINTS = 5                # per completely planted garden row

PIG_ROWS = 4
PIG_ROW_CIRCLES = 6
PIG_CIRCLES = PIG_ROWS * PIG_ROW_CIRCLES
PIG_ROW_VALUES = (3, 7, 12, 18)  # points for the most recently completed row, top to bottom

MARKET_CIRCLES = 6
# Circles printed already crossed on each market: the basic sheet starts every crop at 1.
PRINTED_CROSSED = {"basic": 1, "advanced": 0}

# Advanced scoring: 5 points to every player tied for the most of each of these (and only to
# players who have at least one -- "most" of nothing wins nothing).
ADVANCED_BONUS_POINTS = 5
ADVANCED_BONUS_CATEGORIES = ("carrot", "lettuce", "tomato", "pig")

# Pig powers (Game Play: Pig Powers): one per completed pig row; each moves a die's value one
# step (never past 1 or 6) or, in the advanced game only, changes its colour.
COLOR_POWER_MODES = ("advanced",)



def dice_drafted_per_round(players: int) -> int:
    """Every die but the last is drafted (Game Play): 5 with two players, 8 with three or four."""
    return len(DIE_COLOR_CROP) * DICE_PER_COLOR[players] - 1


def drafts_per_player(players: int, rounds: int) -> tuple[int, int]:
    """The fewest and most dice one player drafts in `rounds` whole rounds. Players draft one
    die each in turn from the start player, so the first (drafted mod players) seats take one
    more (with 2 or 3 players the last seat drafts one fewer); the start player marker moves
    one seat a round, so every player takes each seat in turn."""
    base, extra = divmod(dice_drafted_per_round(players), players)
    extras = [sum(1 for k in range(rounds) if (seat + k) % players < extra) for seat in range(players)]
    return base * rounds + min(extras), base * rounds + max(extras)


def market_capacity(mode: str) -> int:
    """How many market circles a player can still cross during play (6 minus the printed)."""
    return MARKET_CIRCLES - PRINTED_CROSSED[mode]


def market_value(mode: str, crossed: int) -> int:
    """Points per veggie: every crossed circle, printed or crossed in play, is worth one."""
    return crossed + PRINTED_CROSSED[mode]


def pig_rows_completed(circles: int) -> int:
    """Rows of the house pig completed (its points and the rows a feed completes)."""
    return min(circles, PIG_CIRCLES) // PIG_ROW_CIRCLES


def pig_powers_earned(circles: int) -> int:
    """One pig power per row of 6 circles crossed (Pig Powers). Not held to the house pig's
    rows: a real sheet's pig may be longer, and a pig past the house one is only warned of."""
    return circles // PIG_ROW_CIRCLES


def pig_points(circles: int) -> int:
    """The value printed beside the pig's most recently completed row; 0 before the first."""
    rows = pig_rows_completed(circles)
    return PIG_ROW_VALUES[rows - 1] if rows else 0
