"""Garden Dice's oracle, from the rulebook (Setup, On Your Turn, The Actions, Special Tiles,
Sun Tokens, Game End) and the engine's state format (docs/engines.md): every seed/veggie
tile in the supply, held, on the board, harvested or swallowed whole, each player's nine
discs, the scoring track against what was harvested; each action by the player whose turn it
is and as the book describes it (chains, harvest points, critter moves); the dice passed
clockwise only once no die action is left; the game over after the turn that took the last
seed, and not before.

Written so that it holds whether the engine lets a critter spit out what it eats, lets four
equal dice be rolled again, or offers the sun after a roll that allows nothing: each of
those is a choice the rulebook gives. Whether any die action is left is answered here from
The Actions: the cheapest action of each kind that the dice allow.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

SIDES = {"bird": "rabbit", "rabbit": "bird", "sundial": "scarecrow", "scarecrow": "sundial"}

# Components › Point Value: the number in each tile's corner.
FACE_VALUE = {"squash": 1, "carrot": 2, "tomato": 3, "artichoke": 4, "eggplant": 5}
UNPLACED_SEED = -5   # Game End: each purchased seed not placed, except the first
SET = 15             # Game End › Sets: one of each of the five veggies
COLLECTION = {3: 10, 4: 15, 5: 20}  # Game End › Collections: 5 or more pay 20
SUN = 5              # Sun Tokens: an unused sun
# Setup: the chart of tiles of each crop in play: 5 of each type for 2 players, 7 for 3, 10
# for 4 (the rest go back to the box).
SUPPLY_PER_CROP = {2: 5, 3: 7, 4: 10}
CROPS = tuple(FACE_VALUE)
# Components and Setup: a 6 x 6 garden, rows and columns marked 1-6; the star spaces are the
# house board's (house rule "The board": the printed ones are unknown).
BOARD_SIZE = 6
STAR_SPACES = frozenset({(1, 2), (2, 6), (3, 4), (4, 3), (5, 1), (6, 5)})
# Components: 9 discs a player, one of them the scoring marker (Setup).
DISCS_FOR_TILES = 8
# Board tiles as the state names them: a seed tile's two sides, the two two-sided special
# tiles, and the rocks of a 2-player game (Setup).
SEED, VEGGIE, ROCK = "seed", "veggie", "rock"
CROP_SIDES = (SEED, VEGGIE)
CRITTER_SIDES = ("bird", "rabbit")
TILE_KINDS = (*CROP_SIDES, *CRITTER_SIDES, "sundial", "scarecrow", ROCK)
ROCK_PLAYER_COUNT = 2
# On Your Turn: four dice; Buy a Seed Tile: at most two of one crop a turn; Flip a Special
# Tile and Remove a Critter: a 6.
DICE = 4
DIE_FACES = (1, 2, 3, 4, 5, 6)
SIX = 6
MAX_SAME_CROP_PER_TURN = 2
# Harvest a Veggie: a star space doubles a veggie, the owner's scarecrow adds 3 instead, and
# the harvester scores 1 for each opponent's veggie in the chain.
STAR_MULTIPLIER = 2
SCARECROW_BONUS = 3
CHAIN_BONUS = 1
LINES = ((0, 1), (0, -1), (1, 0), (-1, 0))
# Setup: one bird/rabbit, one sundial/scarecrow and (two players) one rock each.
SPECIAL_KIND = {"bird": "critter", "rabbit": "critter", "sundial": "helper", "scarecrow": "helper", ROCK: ROCK}
SPECIAL_GROUPS = frozenset(SPECIAL_KIND.values())
AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
SUNDIAL_REACH = 2  # one die by 1 or 2, or two dice by 1 each: at most 2 in all, once a turn

Board = dict[tuple[int, int], dict]


def state_faults(state: dict, counted: Census | None = None) -> list[str]:
    """`counted`: the state's `census`, where the harness has it already (made here when not)."""
    players, board = state["players"], _board(state)
    faults = [] if len(board) == len(state["board"]) else ["two tiles share a space"]
    faults += _tile_faults(state, board)
    faults += _conservation_faults(state, census(state) if counted is None else counted)
    discs = _discs_on_tiles(board)
    harvested_in_all = sum(sum(p["harvested"].values()) for p in players)
    for player in players:
        faults += _player_faults(player, discs.get(player["name"], 0), harvested_in_all)
    faults += _turn_faults(state)
    return faults


def setup_faults(state: dict) -> list[str]:
    """Setup, the first state exactly: each crop's stack holds the chart's number for the
    player count; each player has one sun token, all their discs off the board but the
    scoring marker at the start of the track, nothing bought or harvested; the board is empty."""
    per_crop = SUPPLY_PER_CROP[len(state["players"])]
    faults = [] if state["supply"] == dict.fromkeys(CROPS, per_crop) else [
        f"the game starts with the stacks {state['supply']}: Setup uses {per_crop} of each crop "
        f"with {len(state['players'])} players"]
    if state["board"]:
        faults.append(f"the game starts with tiles on the board: {state['board']}")
    for player in state["players"]:
        if player["track"] or not player["sun_token"] or _seeds_held(player) or any(player["harvested"].values()):
            faults.append(f"{player['name']} starts with {player}, not a sun token, the marker at the start "
                          "and nothing bought or harvested")
    return faults


def step_faults(before: dict, entry: dict, after: dict, had: Census | None = None,
                has: Census | None = None) -> list[str]:
    """`had`, `has`: the two states' `census`, where the harness has them already (each state
    is counted once, for its own faults and for the steps into and out of it)."""
    had = census(before) if had is None else had
    has = census(after) if has is None else has
    faults = _tiles_kept_faults(had, has)
    player = before["players"][before["current"]]
    if "chance" not in entry and entry.get("player") != player["name"]:
        faults.append(f"{entry.get('player')} acts on {player['name']}'s turn")
    if after["over"] or after["current"] != before["current"]:
        faults += _turn_end_faults(before, entry, after)
    faults += _kept_faults(before, entry, after, had, has) + _eaten_this_turn_faults(before, entry, after)
    if "chance" not in entry:
        faults += ACTION_FAULTS.get(entry["type"], _no_faults)(before, entry, after)
    return faults


# --- states -----------------------------------------------------------------------------------

def _board(state: dict) -> Board:
    return {(t["at"][0], t["at"][1]): t for t in state["board"]}


def _value(tile: dict) -> int:
    return FACE_VALUE[tile["crop"]]


def _on_board(at: tuple[int, int]) -> bool:
    return 1 <= at[0] <= BOARD_SIZE and 1 <= at[1] <= BOARD_SIZE


def _tile_faults(state: dict, board: Board) -> list[str]:
    names = [p["name"] for p in state["players"]]
    faults = []
    specials: dict[tuple[str | None, str], int] = {}  # (owner, kind of special tile): how many on the board
    rocks = critters = 0
    for at, tile in board.items():
        kind = tile["kind"]
        if not _on_board(at) or kind not in TILE_KINDS:
            faults.append(f"{tile} is no tile on the board")
        elif kind != ROCK and tile.get("owner") not in names:
            faults.append(f"{tile} belongs to nobody playing")
        elif kind in CROP_SIDES and tile.get("crop") not in CROPS:
            faults.append(f"{tile} is no crop")
        elif tile.get("swallowed", 0) and kind not in CRITTER_SIDES:
            faults.append(f"{tile} swallowed tiles, but only a bird or rabbit eats")
        if kind in SPECIAL_KIND:
            key = (tile.get("owner"), SPECIAL_KIND[kind])
            specials[key] = specials.get(key, 0) + 1
        rocks += kind == ROCK
        critters += kind in CRITTER_SIDES
    too_many = {owner for (owner, _), n in specials.items() if n > 1}
    for name in names:
        if name in too_many:
            faults.append(f"{name} has more special tiles on the board than the one of each they were given")
    if rocks and len(names) != ROCK_PLAYER_COUNT:
        faults.append(f"a rock on the board in a {len(names)}-player game: rocks are for two players only")
    if state["variant"] == "family" and critters:
        faults.append("a bird or rabbit in the family game, which leaves them out")
    return faults


class Census(NamedTuple):
    """A state's seed/veggie tiles, counted in one pass."""
    accounted: dict[str, int]   # of each crop in the supply, held, on the board or harvested
    swallowed: int              # swallowed whole, as the tiles on the board carry them
    critters: dict[str, int]    # what each owner's critter on the board swallowed
    in_critters: int            # swallowed by the critters on the board, all of them


def census(state: dict) -> Census:
    """The state's seed/veggie tiles counted in one pass, by this oracle's own reading of the
    state: the harness makes it once a state and hands it to `state_faults` and to the
    `step_faults` of the steps into and out of that state."""
    found = dict(state["supply"])
    for player in state["players"]:
        for counts in (_seeds(player), player["harvested"]):
            for crop, n in counts.items():
                found[crop] = found.get(crop, 0) + n
    swallowed = in_critters = 0
    critters: dict[str, int] = {}
    for tile in state["board"]:
        kind = tile["kind"]
        if kind in CROP_SIDES:
            found[tile["crop"]] = found.get(tile["crop"], 0) + 1
        elif kind in CRITTER_SIDES:
            critters[tile.get("owner")] = tile.get("swallowed", 0)  # an owner missing: a state fault
            in_critters += tile.get("swallowed", 0)
        swallowed += tile.get("swallowed", 0)
    return Census(found, swallowed, critters, in_critters)


def _more(counts: dict[str, int], than: dict[str, int]) -> dict[str, int]:
    """How many more of each crop `counts` holds than `than`, where it holds more."""
    return {crop: n - than.get(crop, 0) for crop, n in counts.items() if n > than.get(crop, 0)}


def _seeds(player: dict) -> dict[str, int]:
    """The seeds a player holds by crop (seeds: {crop: n}, or a list of crops)."""
    seeds = player["seeds"]
    return seeds if isinstance(seeds, dict) else Counter(seeds)


def _seeds_held(player: dict) -> int:
    return sum(_seeds(player).values())


def _conservation_faults(state: dict, counted: Census) -> list[str]:
    per_crop = SUPPLY_PER_CROP[len(state["players"])]
    accounted = counted.accounted
    faults = [f"{n} {crop} tiles in play, more than the {per_crop} the game uses"
              for crop, n in accounted.items() if n > per_crop]
    faults += [f"the {crop} stack holds {n}" for crop, n in state["supply"].items() if not 0 <= n <= per_crop]
    if sum(accounted.values()) + counted.swallowed > per_crop * len(CROPS):
        faults.append("more seed/veggie tiles held, placed, harvested and swallowed than the game uses")
    return faults


def _tiles_kept_faults(before: Census, after: Census) -> list[str]:
    """Every seed/veggie tile is in a stack, held, on the board, harvested or swallowed whole
    by a critter on the board; only a critter removed from the board takes the tiles it
    swallowed out of the game (Eating a Tile, Remove a Critter). With the set-up checked
    exactly, the tiles of the game are then counted exactly at every step."""
    had = sum(before.accounted.values()) + before.in_critters
    has = sum(after.accounted.values()) + after.in_critters
    removed = sum(n for owner, n in before.critters.items() if owner not in after.critters)
    if has == had - removed:
        return []
    return [f"{had} seed/veggie tiles in the game before, {has} after, with {removed} swallowed by a critter removed"]


def _discs_on_tiles(board: Board) -> dict[str, int]:
    """Each owner's discs on the board: one on each own tile but a rock, and one for each
    tile its critter swallowed whole."""
    discs: dict[str, int] = {}
    for tile in board.values():
        if tile["kind"] != ROCK and "owner" in tile:
            discs[tile["owner"]] = discs.get(tile["owner"], 0) + 1 + tile.get("swallowed", 0)
    return discs


def _player_faults(player: dict, discs_on_tiles: int, harvested_in_all: int) -> list[str]:
    name = player["name"]
    discs = _seeds_held(player) + discs_on_tiles
    faults = [] if discs <= DISCS_FOR_TILES else [
        f"{name} has {discs} discs on tiles, but {DISCS_FOR_TILES} beside the scoring marker"]
    face = most = 0
    for crop, n in player["harvested"].items():
        face += FACE_VALUE[crop] * n
        most += max(STAR_MULTIPLIER * FACE_VALUE[crop], FACE_VALUE[crop] + SCARECROW_BONUS) * n
    most += CHAIN_BONUS * (harvested_in_all - sum(player["harvested"].values()))
    if not face <= player["track"] <= most:
        faults.append(f"{name}'s track shows {player['track']}, outside {face}-{most}: only harvests score, "
                      "each veggie its value, doubled on a star or plus 3 by a scarecrow, plus a chain point "
                      "for each opponent's veggie")
    return faults


def _turn_faults(state: dict) -> list[str]:
    turn, pool = state["turn"], state["pool"]
    faults = [] if 0 <= state["current"] < len(state["players"]) else [f"player {state['current']} is to play"]
    if pool is not None and (len(pool) + turn["dice_spent"] != DICE
                             or any(d not in DIE_FACES for d in pool)):
        faults.append(f"the pool {pool} with {turn['dice_spent']} dice spent: a turn has {DICE} dice")
    if any(n > MAX_SAME_CROP_PER_TURN for n in turn["bought"].values()):
        faults.append(f"bought {turn['bought']} this turn: at most two of a crop")
    if len(turn["sundial"]) > 2 or sum(map(abs, turn["sundial"])) > SUNDIAL_REACH:
        faults.append(f"the sundial changed dice by {turn['sundial']} this turn")
    if len(set(turn["ate_from"])) != len(turn["ate_from"]):
        faults.append(f"critters ate twice from one opponent this turn: {turn['ate_from']}")
    empty = not any(state["supply"].values())
    if state["last_turn"] != empty:
        faults.append(f"last turn is {state['last_turn']} with the supply {state['supply']}")
    if state["over"] and not empty:
        faults.append("the game is over with seeds left in the supply")
    if empty and not state["over"] and (pool is None or turn["dice_spent"] == 0):
        faults.append("the last seed was bought, but another turn began: the game ends with that turn")
    return faults


# --- the end of a turn ------------------------------------------------------------------------

def _turn_end_faults(before: dict, entry: dict, after: dict) -> list[str]:
    faults = []
    empty = not any(after["supply"].values())
    if after["over"]:
        if after["current"] != before["current"]:
            faults.append("the dice passed as the game ended")
        if not empty:
            faults.append("the game ended with seeds in the supply")
    else:
        if after["current"] != (before["current"] + 1) % len(before["players"]):
            faults.append(f"the dice passed from player {before['current']} to {after['current']}, not clockwise")
        if after["pool"] is not None or after["turn"]["dice_spent"] or after["turn"]["bought"] or (
                after["turn"]["ate_from"]):
            faults.append("the next turn did not start afresh with a roll")
        if empty:
            faults.append("the last seed was bought this turn: the game ends with it, the dice do not pass")
    left = _die_action_left(before, entry, after)
    if left:
        faults.append(f"the turn ended while a die action was left: {left}")
    return faults


def _die_action_left(before: dict, entry: dict, after: dict) -> str | None:
    """A die action the rulebook allows on the table as it stood after the entry, before the
    dice passed (On Your Turn: "until you are unable to perform an action, even an undesired
    one"), in words, or None."""
    table = _before_passing(before, entry, after)
    pool = table["pool"]
    if not pool:
        return None
    board, turn = _board(table), table["turn"]
    me = table["players"][table["current"]]
    name = me["name"]
    own = {at: t for at, t in board.items() if t.get("owner") == name}
    kinds = {t["kind"] for t in own.values()}
    free_discs = _free_discs(me, own)
    dice = set(pool)
    best = max(pool)
    # Buy a Seed Tile: a free disc, a stack of value at most the die, two of a crop a turn.
    if free_discs > 0 and any(table["supply"].get(crop, 0) and FACE_VALUE[crop] <= best
                              and turn["bought"].get(crop, 0) < MAX_SAME_CROP_PER_TURN for crop in CROPS):
        return f"a buy with a {best}"
    # Water a Seed, Harvest a Veggie: an own tile of value at most the die.
    for at, tile in own.items():
        if tile["kind"] in CROP_SIDES and _value(tile) <= best:
            return f"{'watering' if tile['kind'] == SEED else 'harvesting'} {list(at)} with a {best}"
    # Flip a Special Tile: a six and an own special tile on the board.
    if SIX in dice and kinds & set(SIDES):
        return "a flip with a six"
    # Move a Critter: one space into an empty space, or straight on to an opponent's tile it eats.
    for at, tile in own.items():
        if tile["kind"] in CRITTER_SIDES and _critter_can_move(table, board, at, tile, best, free_discs):
            return f"a move of the {tile['kind']} at {list(at)} with a {best}"
    sundial = SUNDIAL_REACH - sum(map(abs, turn["sundial"])) if "sundial" in kinds else 0
    pairs = {(a, b) for i, a in enumerate(pool) for j, b in enumerate(pool) if i < j}
    # Place a Tile: a tile held, on an empty space two dice name.
    if pairs and _held_tiles(table, kinds, me, free_discs):
        for r in range(1, BOARD_SIZE + 1):
            for c in range(1, BOARD_SIZE + 1):
                if (r, c) not in board and any(_names_space(list(pair), (r, c), sundial) for pair in pairs):
                    return f"placing {_held_tiles(table, kinds, me, free_discs)} at {[r, c]}"
    # Remove a Critter: a six and two dice naming any critter.
    if SIX in dice and len(pool) >= 3:
        rest = list(pool)
        rest.remove(SIX)
        coords = {(a, b) for i, a in enumerate(rest) for j, b in enumerate(rest) if i < j}
        for at, tile in board.items():
            if tile["kind"] in CRITTER_SIDES and any(_names_space(list(pair), at, sundial) for pair in coords):
                return f"removing the critter at {list(at)}"
    return None


def _free_discs(me: dict, own: Board) -> int:
    """Discs not on a seed held, on an own tile or in an own critter's belly (the rock takes none)."""
    return DISCS_FOR_TILES - _seeds_held(me) - sum(1 + t.get("swallowed", 0) for t in own.values() if t["kind"] != ROCK)


def _held_tiles(table: dict, kinds: set[str], me: dict, free_discs: int) -> list[str]:
    """The tiles a player could place: seeds bought, the bird/rabbit (not in the family game)
    and the sundial/scarecrow with a free disc, the rock of a 2-player game."""
    held = ["seed"] if _seeds_held(me) else []
    if free_discs > 0 and not kinds & set(CRITTER_SIDES) and table["variant"] != "family":
        held.append("bird")
    if free_discs > 0 and not kinds & {"sundial", "scarecrow"}:
        held.append("sundial")
    if len(table["players"]) == ROCK_PLAYER_COUNT and ROCK not in kinds:
        held.append(ROCK)
    return held


def _critter_can_move(table: dict, board: Board, at: tuple[int, int], critter: dict, die: int,
                      free_discs: int) -> bool:
    return any(tile is None or (free_discs > 0 and _edible(table, board, critter, tile, space))
               for space, tile in _critter_lines(board, at, die))


def _before_passing(before: dict, entry: dict, after: dict) -> dict:
    """The table after the entry and before the dice passed: the board and the players as
    after, the dice and the turn record as the entry left them."""
    turn = before["turn"]
    if "chance" in entry:
        pool = list(entry["dice"])
    elif entry["type"] == "sun_set_die":
        pool = list(before["pool"])
        pool[pool.index(entry["die"])] = entry["to"]
    else:
        spent = _spent_dice(entry)
        pool = list((Counter(before["pool"]) - Counter(spent)).elements())
        turn = {**turn, "dice_spent": turn["dice_spent"] + len(spent),
                "bought": _bought(turn, entry), "sundial": turn["sundial"] + _sundial_used(before, entry),
                "ate_from": turn["ate_from"] + _eaten_from(before, entry)}
    return {**after, "current": before["current"], "pool": pool, "turn": turn, "over": False}


def _spent_dice(entry: dict) -> list[int]:
    """Every die an action spends: its "die" and "dice" fields, and any other field (or field
    of a field) whose name says it holds a die, such as a die spent to spit out an eaten tile."""
    found: list[int] = []
    for key, value in entry.items():
        if key == "turn":
            continue
        if "dice" in key and isinstance(value, list):
            found += value
        elif "die" in key and isinstance(value, int) and not isinstance(value, bool):
            found.append(value)
        elif isinstance(value, dict):
            found += _spent_dice(value)
    return found


def _bought(turn: dict, entry: dict) -> dict:
    if entry["type"] != "buy":
        return turn["bought"]
    return {**turn["bought"], entry["crop"]: turn["bought"].get(entry["crop"], 0) + 1}


def _sundial_used(before: dict, entry: dict) -> list[int]:
    """Special Tiles › Sundial: the changes that made the entry's coordinate dice name its
    space (the larger use when either die may be the row: the fewer actions it leaves)."""
    if entry["type"] not in ("place", "remove_critter"):
        return []
    dice = list(entry["dice"])
    if entry["type"] == "remove_critter" and SIX in dice:
        dice.remove(SIX)
    if len(dice) != 2:
        return []
    row, column = entry["at"]
    uses = [[change for change in (row - a, column - b) if change] for a, b in (dice, dice[::-1])]
    fitting = [use for use in uses if sum(map(abs, use)) <= SUNDIAL_REACH] or [[]]
    return max(fitting, key=lambda use: sum(map(abs, use)))


def _eaten_this_turn_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Move a Critter › Eating a Tile: critters may eat several tiles in a turn, but each of a
    different opponent. The turn's record of whom they ate from is what the next eat is judged
    by (`_eating_faults`), so it is judged itself at every step of the turn: it names exactly
    the owners of the tiles eaten since the turn began (a new turn starts it empty)."""
    if after["over"] or after["current"] != before["current"]:
        return []
    eaten = before["turn"]["ate_from"] + _eaten_from(before, entry)
    if sorted(after["turn"]["ate_from"]) != sorted(eaten):
        return [f"the turn's record of opponents eaten from is {after['turn']['ate_from']}, but this turn "
                f"critters ate tiles of {eaten}"]
    return []


def _eaten_from(before: dict, entry: dict) -> list[str]:
    if entry.get("type") != "move_critter":
        return []
    eaten = _board(before).get((entry["to"][0], entry["to"][1]))
    return [eaten["owner"]] if eaten else []


# --- what every step keeps --------------------------------------------------------------------

def _kept_faults(before: dict, entry: dict, after: dict, had: Census, has: Census) -> list[str]:
    """Tiles leave the game only when swallowed whole, and a removed critter takes its
    swallowed discs with it; only harvests move the tracks, only the sun uses spend suns."""
    faults = []
    kind = entry.get("type")
    held_before, held_after = had.accounted, has.accounted
    eaten = _board(before).get(tuple(entry["to"])) if kind == "move_critter" else None
    allowed = {eaten["crop"]: 1} if eaten and eaten["kind"] in CROP_SIDES else {}
    gained, vanished = _more(held_after, held_before), _more(held_before, {**held_after, **{
        crop: held_after.get(crop, 0) + n for crop, n in allowed.items()}})
    if gained or vanished:
        faults.append(f"seed/veggie tiles appeared {gained} or vanished {vanished}")
    removed = _board(before).get(tuple(entry["at"]), {}) if kind == "remove_critter" else {}
    before_total = sum(held_before.values()) + had.swallowed
    after_total = sum(held_after.values()) + has.swallowed
    if before_total - after_total != removed.get("swallowed", 0):
        faults.append(f"{before_total - after_total} tiles left the game, not by a removed critter's "
                      f"{removed.get('swallowed', 0)} swallowed")
    for old, new in zip(before["players"], after["players"]):
        if kind != "harvest" and new["track"] != old["track"]:
            faults.append(f"{old['name']}'s track moved without a harvest")
        if new["sun_token"] and not old["sun_token"]:
            faults.append(f"{old['name']} got a sun token back")
        if new["sun_token"] != old["sun_token"] and kind not in ("sun_reroll", "sun_set_die"):
            faults.append(f"{old['name']}'s sun token was spent by a {kind or 'roll'}")
    return faults


# --- the actions ------------------------------------------------------------------------------

def _no_faults(before: dict, entry: dict, after: dict) -> list[str]:
    return []


def _unchanged_elsewhere(before: Board, after: Board, spaces: set[tuple[int, int]]) -> list[str]:
    changed = {at for at in before.keys() | after.keys() if before.get(at) != after.get(at)} - spaces
    return [f"tiles at {sorted(changed)} changed as well"] if changed else []


def _buy_faults(before: dict, entry: dict, after: dict) -> list[str]:
    crop, index = entry["crop"], before["current"]
    faults = []
    if entry["die"] < FACE_VALUE[crop]:
        faults.append(f"a {crop} (value {FACE_VALUE[crop]}) bought with a {entry['die']}")
    if before["turn"]["bought"].get(crop, 0) >= MAX_SAME_CROP_PER_TURN:
        faults.append(f"a third {crop} bought this turn")
    if after["supply"] != {**before["supply"], crop: before["supply"][crop] - 1}:
        faults.append(f"buying a {crop} took {before['supply']} to {after['supply']}")
    if Counter(after["players"][index]["seeds"]) != Counter(before["players"][index]["seeds"]) + Counter([crop]):
        faults.append(f"the {crop} bought is not among the seeds held")
    return faults + _unchanged_elsewhere(_board(before), _board(after), set())


def _names_space(dice: list[int], at: tuple[int, int], sundial_left: int) -> bool:
    """Two coordinate dice name the space, one as the row and one as the column, or do
    with the sundial's change left this turn."""
    a, b = dice
    return min(abs(a - at[0]) + abs(b - at[1]), abs(b - at[0]) + abs(a - at[1])) <= sundial_left


def _sundial_left(state: dict, board: Board) -> int:
    name = state["players"][state["current"]]["name"]
    if not any(t["kind"] == "sundial" and t.get("owner") == name for t in board.values()):
        return 0
    return SUNDIAL_REACH - sum(map(abs, state["turn"]["sundial"]))


def _place_faults(before: dict, entry: dict, after: dict) -> list[str]:
    at, name = (entry["at"][0], entry["at"][1]), entry["player"]
    old, new = _board(before), _board(after)
    faults = [] if at not in old else [f"{at} is taken"]
    if not _names_space(entry["dice"], at, _sundial_left(before, old)):
        faults.append(f"the dice {entry['dice']} do not name {list(at)}")
    tile = new.get(at, {})
    side = SEED if entry["tile"] == "seed" else entry["tile"]
    if tile.get("kind") != side or (side != ROCK and tile.get("owner") != name):
        faults.append(f"{name}'s {entry['tile']} was placed as {tile}")
    if entry["tile"] == "rock" and len(before["players"]) != ROCK_PLAYER_COUNT:
        faults.append("a rock placed in a game of more than two")
    index = before["current"]
    seeds = Counter(before["players"][index]["seeds"])
    if entry["tile"] == "seed":
        if tile.get("crop") != entry["crop"] or seeds[entry["crop"]] < 1:
            faults.append(f"a {entry['crop']} seed placed that {name} did not hold")
        seeds -= Counter([entry["crop"]])
    if Counter(after["players"][index]["seeds"]) != seeds:
        faults.append(f"{name}'s seeds held are wrong after the placing")
    return faults + _unchanged_elsewhere(old, new, {at})


def _chain(board: Board, start: tuple[int, int], side: str) -> set[tuple[int, int]]:
    """Chaining: from each tile reached, to the orthogonal tiles on the same side worth less
    than it, whoever owns them."""
    reached, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in LINES:
            near = board.get((r + dr, c + dc))
            if (near is not None and near["kind"] == side and (r + dr, c + dc) not in reached
                    and _value(near) < _value(board[(r, c)])):
                reached.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    return reached


def _own_crop_tile(before: dict, entry: dict, side: str) -> tuple[Board, tuple[int, int], list[str]]:
    board, at = _board(before), (entry["at"][0], entry["at"][1])
    tile = board.get(at)
    if tile is None or tile["kind"] != side or tile["owner"] != entry["player"]:
        return board, at, [f"{entry['player']} has no {side} at {list(at)}"]
    if _value(tile) > entry["die"]:
        return board, at, [f"a {tile['crop']} (value {_value(tile)}) taken with a {entry['die']}"]
    return board, at, []


def _water_faults(before: dict, entry: dict, after: dict) -> list[str]:
    board, at, faults = _own_crop_tile(before, entry, SEED)
    if faults:
        return faults
    watered = _chain(board, at, SEED)
    new = _board(after)
    faults = [f"{list(space)} should be watered" for space in sorted(watered)
              if new.get(space) != {**board[space], "kind": VEGGIE}]
    return faults + _unchanged_elsewhere(board, new, watered)


def _harvest_faults(before: dict, entry: dict, after: dict) -> list[str]:
    board, at, faults = _own_crop_tile(before, entry, VEGGIE)
    if faults:
        return faults
    taken = _chain(board, at, VEGGIE)
    new = _board(after)
    faults = [f"{list(space)} should be harvested" for space in sorted(taken) if space in new]
    faults += _unchanged_elsewhere(board, new, taken)
    points: Counter = Counter()
    harvested = {p["name"]: Counter(p["harvested"]) for p in before["players"]}
    for space in taken:
        tile = board[space]
        points[tile["owner"]] += _harvest_points(board, space)
        harvested[tile["owner"]][tile["crop"]] += 1
        if tile["owner"] != entry["player"]:
            points[entry["player"]] += CHAIN_BONUS
    for old, new_player in zip(before["players"], after["players"]):
        if new_player["track"] - old["track"] != points[old["name"]]:
            faults.append(f"{old['name']} scored {new_player['track'] - old['track']}, not {points[old['name']]}")
        if +Counter(new_player["harvested"]) != +harvested[old["name"]]:
            faults.append(f"{old['name']}'s harvested veggies are {new_player['harvested']}")
    return faults


def _harvest_points(board: Board, space: tuple[int, int]) -> int:
    """A veggie's value, plus 3 beside its owner's scarecrow, or else doubled on a star."""
    tile = board[space]
    guarded = any(board.get((space[0] + dr, space[1] + dc), {}).get("kind") == "scarecrow"
                  and board[(space[0] + dr, space[1] + dc)].get("owner") == tile["owner"] for dr, dc in AROUND)
    if guarded:
        return _value(tile) + SCARECROW_BONUS
    return _value(tile) * (STAR_MULTIPLIER if space in STAR_SPACES else 1)


def _flip_faults(before: dict, entry: dict, after: dict) -> list[str]:
    old, new, at = _board(before), _board(after), (entry["at"][0], entry["at"][1])
    tile = old.get(at, {})
    if entry["die"] != SIX or tile.get("owner") != entry["player"] or tile.get("kind") not in SIDES:
        return [f"{entry['player']} flips {tile} with a {entry['die']}"]
    faults = [] if new.get(at) == {**tile, "kind": SIDES[tile["kind"]]} else [f"{tile} flipped to {new.get(at)}"]
    return faults + _unchanged_elsewhere(old, new, {at})


def _move_faults(before: dict, entry: dict, after: dict) -> list[str]:
    old, new = _board(before), _board(after)
    start, end = (entry["from"][0], entry["from"][1]), (entry["to"][0], entry["to"][1])
    critter = old.get(start, {})
    name = entry["player"]
    if critter.get("kind") not in CRITTER_SIDES or critter.get("owner") != name:
        return [f"{name} moves {critter or 'nothing'} from {list(start)}"]
    steps = abs(end[0] - start[0]) + abs(end[1] - start[1])
    faults = []
    if (end[0] != start[0] and end[1] != start[1]) or not 1 <= steps <= entry["die"] or not _on_board(end):
        faults.append(f"a move from {list(start)} to {list(end)} with a {entry['die']}: straight, at most the die")
    else:
        step = ((end[0] > start[0]) - (end[0] < start[0]), (end[1] > start[1]) - (end[1] < start[1]))
        if any((start[0] + step[0] * k, start[1] + step[1] * k) in old for k in range(1, steps)):
            faults.append(f"the {critter['kind']} passed over a tile on its way to {list(end)}")
    eaten = old.get(end)
    if eaten is not None:
        faults += _eating_faults(before, critter, eaten, end)
    moved = new.get(end, {})
    if {**moved, "swallowed": 0} != {**critter, "at": list(end), "swallowed": 0} or start in new:
        faults.append(f"the {critter['kind']} did not end at {list(end)}: {moved}")
    swallowed = moved.get("swallowed", 0) - critter.get("swallowed", 0)
    held = _seeds_held(after["players"][before["current"]]) - _seeds_held(before["players"][before["current"]])
    if swallowed + held != (eaten is not None) or min(swallowed, held) < 0:
        faults.append(f"the tile eaten was swallowed {swallowed} times and spat out {held} times")
    return faults + _unchanged_elsewhere(old, new, {start, end})


def _eating_faults(before: dict, critter: dict, eaten: dict, at: tuple[int, int]) -> list[str]:
    """Move a Critter: a bird eats an opponent's seed not beside that opponent's scarecrow, a
    rabbit an opponent's veggie; each tile eaten this turn from a different opponent."""
    board = _board(before)
    food = SEED if critter["kind"] == "bird" else VEGGIE
    if eaten["kind"] != food or eaten.get("owner") == critter["owner"]:
        return [f"a {critter['kind']} ate {eaten}"]
    if critter["kind"] == "bird" and _guarded(board, at, eaten["owner"]):
        return [f"a bird ate {eaten}, which its owner's scarecrow protects"]
    if eaten["owner"] in before["turn"]["ate_from"]:
        return [f"critters ate from {eaten['owner']} twice this turn"]
    return []


def _remove_faults(before: dict, entry: dict, after: dict) -> list[str]:
    old, new, at = _board(before), _board(after), (entry["at"][0], entry["at"][1])
    faults = [] if old.get(at, {}).get("kind") in CRITTER_SIDES else [f"no critter at {list(at)} to remove"]
    dice = list(entry["dice"])
    if SIX not in dice:
        faults.append(f"a critter removed with {dice}: one die must be a six")
    else:
        dice.remove(SIX)
        if not _names_space(dice, at, _sundial_left(before, old)):
            faults.append(f"the dice {dice} do not name the critter at {list(at)}")
    if at in new:
        faults.append(f"the critter at {list(at)} is still there")
    return faults + _unchanged_elsewhere(old, new, {at})


def _sun_faults(before: dict, entry: dict, after: dict) -> list[str]:
    index = before["current"]
    faults = [] if before["players"][index]["sun_token"] else ["the sun was used twice"]
    if after["players"][index]["sun_token"]:
        faults.append("the sun was used and kept")
    if entry["type"] == "sun_reroll" and before["turn"]["dice_spent"]:
        faults.append("the sun rerolled the dice after the turn's first action, not at its start")
    return faults + _unchanged_elsewhere(_board(before), _board(after), set())


ACTION_FAULTS: dict[str, Any] = {
    "buy": _buy_faults, "place": _place_faults, "water": _water_faults, "harvest": _harvest_faults,
    "flip": _flip_faults, "move_critter": _move_faults, "remove_critter": _remove_faults,
    "sun_reroll": _sun_faults, "sun_set_die": _sun_faults,
}


# --- final scores, from the rulebook alone ---------------------------------------------------



# --- legal moves, from the rulebook alone ----------------------------------------------------

def legal_moves(state: dict, rng, every: dict[str, list[dict]]) -> list[dict]:
    """Die actions the rulebook allows the player whose turn it is (The Actions, Sun Tokens),
    for the harness to see the engine accept: one drawn of each kind the table allows among
    buying a seed (a free disc, a stack of value at most the die, two of a crop a turn),
    watering an own seed and harvesting an own veggie of value at most the die, flipping an
    own special tile with a six, the sun's reroll before any die is spent and the sun setting
    a die to another face, one of each kind, since a wrong refusal sits in one kind's rule and
    a step allows dozens; and of the critter actions (`every_legal_move`), each eating move,
    swallowed or spat out, and of each critter one plain move and one removal. Placements are
    left to the check that the dice pass only with no die action left. `every` is
    `every_legal_move(state)`, which the harness lists once a step for both its uses."""
    pool = state["pool"]
    if state["over"] or not pool:
        return []
    me = state["players"][state["current"]]
    name, turn, board = me["name"], state["turn"], _board(state)
    own = {at: t for at, t in board.items() if t.get("owner") == name}
    kinds: dict[str, list[dict]] = {}
    for die in sorted(set(pool)):
        if _free_discs(me, own) > 0:
            kinds.setdefault("buy", []).extend(
                {"type": "buy", "player": name, "crop": crop, "die": die} for crop in CROPS
                if state["supply"].get(crop, 0) and FACE_VALUE[crop] <= die
                and turn["bought"].get(crop, 0) < MAX_SAME_CROP_PER_TURN)
        for at, tile in own.items():
            if tile["kind"] in CROP_SIDES and _value(tile) <= die:
                kind = "water" if tile["kind"] == SEED else "harvest"
                kinds.setdefault(kind, []).append({"type": kind, "player": name, "at": list(at), "die": die})
            if tile["kind"] in SIDES and die == SIX:
                kinds.setdefault("flip", []).append({"type": "flip", "player": name, "at": list(at), "die": die})
        if me["sun_token"]:
            kinds.setdefault("sun_set_die", []).extend(
                {"type": "sun_set_die", "player": name, "die": die, "to": to} for to in DIE_FACES if to != die)
    if me["sun_token"] and turn["dice_spent"] == 0:
        kinds["sun_reroll"] = [{"type": "sun_reroll", "player": name}]
    return [rng.choice(moves) for moves in kinds.values() if moves] + _critter_sample(state, every, rng)


def _critter_sample(state: dict, every: dict[str, list[dict]], rng) -> list[dict]:
    """Of every critter action (`every_legal_move`): each that eats, swallowed whole or spat
    out (a step allows few), and of each critter one plain move and one removal drawn; a plain
    move's rule is the line and the die, a removal's the dice naming the space, the same for
    every one."""
    if not every:
        return []
    board = _board(state)
    judged: list[dict] = []
    drawn: dict[tuple, list[dict]] = {}  # (kind, critter's space): its plain moves or removals
    for move in every["move_critter"]:
        if (move["to"][0], move["to"][1]) in board:
            judged.append(move)
        else:
            drawn.setdefault(("move", tuple(move["from"])), []).append(move)
    for move in every["remove_critter"]:
        drawn.setdefault(("remove", tuple(move["at"])), []).append(move)
    return judged + [rng.choice(moves) for moves in drawn.values()]


def every_legal_move(state: dict) -> dict[str, list[dict]]:
    """Every critter action the rulebook allows the player whose turn it is, by type, for the
    harness to compare with the engine's legal candidates of those types: each move of an own
    bird or rabbit (Move a Critter) and each removal of any critter (Remove a Critter). A
    critter's moves are few (four lines, a die's length each), so all of them are listed; a
    wrongly refused spit-out or removal shows here, where random play never picks it."""
    pool = state["pool"]
    if state["over"] or not pool:
        return {}
    me = state["players"][state["current"]]
    board = _board(state)
    own = {at: t for at, t in board.items() if t.get("owner") == me["name"]}
    return {"move_critter": _critter_moves(state, board, own, me),
            "remove_critter": _critter_removals(state, board, me)}


def _critter_moves(state: dict, board: Board, own: Board, me: dict) -> list[dict]:
    """Move a Critter: straight along a row or column, through empty spaces only, as far as
    the die or less; ending on an opponent's tile it may eat (a bird a seed its owner's
    scarecrow does not guard, a rabbit a veggie; one tile an opponent a turn; a free disc to
    put on the critter or the tile), swallowed whole or, with one more die of at least the
    tile's value, spat out (Eating a Tile)."""
    pool, moves = state["pool"], []
    dice = sorted(set(pool))
    free_discs = _free_discs(me, own)
    for at, critter in own.items():
        if critter["kind"] not in CRITTER_SIDES:
            continue
        for space, tile in _critter_lines(board, at, dice[-1]):  # each line walked once, for every die
            distance = _distance(at, space)
            for die in (die for die in dice if die >= distance):
                move = {"type": "move_critter", "player": me["name"], "from": list(at), "to": list(space), "die": die}
                if tile is None:
                    moves.append(move)
                elif free_discs > 0 and _edible(state, board, critter, tile, space):
                    rest = list(pool)
                    rest.remove(die)
                    moves.append(move)
                    moves += [{**move, "spit_out_die": other} for other in sorted(set(rest)) if other >= _value(tile)]
    return moves


def _critter_lines(board: Board, at: tuple[int, int], reach: int) -> list[tuple[tuple[int, int], dict | None]]:
    """The spaces a critter at `at` can end on, `reach` spaces at most along each line: the
    empty ones up to the first tile, and that tile's (None for an empty space)."""
    ends: list[tuple[tuple[int, int], dict | None]] = []
    for dr, dc in LINES:
        for k in range(1, reach + 1):
            space = (at[0] + dr * k, at[1] + dc * k)
            if not _on_board(space):
                break
            tile = board.get(space)
            ends.append((space, tile))
            if tile is not None:
                break
    return ends


def _distance(start: tuple[int, int], end: tuple[int, int]) -> int:
    return abs(end[0] - start[0]) + abs(end[1] - start[1])


def _edible(state: dict, board: Board, critter: dict, tile: dict, at: tuple[int, int]) -> bool:
    food = SEED if critter["kind"] == "bird" else VEGGIE
    if tile["kind"] != food or tile["owner"] == critter["owner"] or tile["owner"] in state["turn"]["ate_from"]:
        return False
    return critter["kind"] != "bird" or not _guarded(board, at, tile["owner"])


def _guarded(board: Board, at: tuple[int, int], owner: str) -> bool:
    """Special Tiles › Scarecrow: the owner's scarecrow in one of the eight spaces round `at`."""
    return any(board.get((at[0] + dr, at[1] + dc), {}).get("kind") == "scarecrow"
               and board[(at[0] + dr, at[1] + dc)].get("owner") == owner for dr, dc in AROUND)


def _critter_removals(state: dict, board: Board, me: dict) -> list[dict]:
    """Remove a Critter: any critter, even one's own, with three dice: a six and two naming
    its space, the sundial's change left this turn included (the dice listed in order)."""
    pool, moves = state["pool"], []
    sundial = _sundial_left(state, board)
    critters = [at for at, t in board.items() if t["kind"] in CRITTER_SIDES]
    triples = {tuple(sorted((pool[i], pool[j], pool[k]))) for i in range(len(pool))
               for j in range(i + 1, len(pool)) for k in range(j + 1, len(pool))}
    for triple in sorted(triples):
        if SIX not in triple:
            continue
        coords = list(triple)
        coords.remove(SIX)
        moves += [{"type": "remove_critter", "player": me["name"], "at": list(at), "dice": list(triple)}
                  for at in sorted(critters) if _names_space(coords, at, sundial)]
    return moves


def final_scores(state: dict) -> dict[str, dict[str, int]]:
    """Game End: the scoring track, less 5 a purchased seed still held past the first, 15 a
    full set, 10/15/20 a collection of 3/4/5+ of one veggie, 5 for the sun still held."""
    scores = {}
    for player in state["players"]:
        harvested = [player["harvested"].get(crop, 0) for crop in FACE_VALUE]
        held = sum(player["seeds"].values())
        points = {"track": player["track"],
                  "unplaced_seeds": UNPLACED_SEED * max(0, held - 1),
                  "sets": SET * min(harvested),
                  "collections": sum(COLLECTION[min(n, 5)] for n in harvested if n >= 3),
                  "sun": SUN if player["sun_token"] else 0}
        scores[player["name"]] = {**points, "total": sum(points.values())}
    return scores


def tiebreakers(state: dict) -> dict[str, dict[str, int]]:
    """Game End: a tie for the most points goes to the most points showing on the harvested
    veggies, by their face value."""
    return {player["name"]: {"harvested_face_value": sum(FACE_VALUE[crop] * n
                                                         for crop, n in player["harvested"].items())}
            for player in state["players"]}


def winners(state: dict) -> list[str]:
    """Game End: most points, then the most face value harvested (`tiebreakers`); still
    tied, shared."""
    totals, ties = final_scores(state), tiebreakers(state)
    keys = {name: (totals[name]["total"], ties[name]["harvested_face_value"]) for name in totals}
    best = max(keys.values())
    return [name for name, key in keys.items() if key == best]
