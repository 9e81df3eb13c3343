"""Cottage Garden's oracle, from the rulebook (Preparation, the four phases of a turn, the
Planting Rules, the Special rules for the Planting Table, Beehives, Cleanup, Final Round, End
of the Game, The Next Turn, Solo Rules) and the engine's state format (docs/engines.md):
every flower tile, flowerbed, cat, flower pot and beehive tile accounted for once; cubes on
their tracks, moved only by scoring and the Final Round penalty; pieces inside their beds and
never on one another, a full bed always being scored; turns taken in seat order, each turn
moving the gardener one space (two solo) and the die turned on the turning space; exactly
32/26/25 turns each (32 solo) before the Final Round; no bed added in it, and the game over
exactly when the last bed is gone (or the Final Round is stuck). The rulebook's numbers and
the house geometry (docs/house-rules.md: tile shapes, bed designs, the nursery board) are
written here, never read from the game's modules."""
from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator

# --- the box, from the rulebook and the house geometry ------------------------------------------

# Components: 30 cats and 16 flower-pot tokens; two beehive tiles (two hives and one hive, the
# first and the second player onto a target; none solo); three cubes of each colour a player.
CATS_IN_BOX, POTS_IN_BOX = 30, 16
BEEHIVE_TILES = (2, 1)
COLOURS = ("orange", "blue")
CUBES_PER_COLOUR = 3
CATS_AT_START = 2  # Preparation: two cats each in reserve (and no more kept at a turn's end)
TARGET = 20
# Planting Table: orange spaces 1-15, blue 2-14 by twos, each ending in the target space.
TRACKS = {"orange": (0, *range(1, 16), TARGET), "blue": (0, *range(2, 15, 2), TARGET)}
# Final Round: before each turn an orange cube two spaces back, or a blue cube one.
STEPS_BACK = {"orange": 2, "blue": 1}
BED_SIZE = 5
# The house's 36 flower tiles (house rules "Flower tiles"): '#' a flower, 'P' a flower showing
# a flower pot, 'C' one showing a garden cloche.
TILE_SHAPES = {
    "1A": ("C",), "1B": ("C",), "2A": ("#P",), "2B": ("#P",), "2C": ("##",), "2D": ("##",),
    "3A": ("###",), "3B": ("###",), "3C": ("##", "#."), "3D": ("##", "#."), "3E": ("##", "#."),
    "4A": ("####",), "4B": ("##", "##"), "4C": ("###", ".#."), "4D": (".##", "##."),
    "4E": ("###", "#.."), "4F": ("##.", ".##"), "4G": ("###", "..#"), "4H": (".#.", "###"),
    "5A": ("##", "##", "#."), "5B": ("####", "#..."), "5C": ("###", ".#.", ".#."), "5D": ("#.#", "###"),
    "5E": ("#..", "#..", "###"), "5F": ("##P##",), "5G": ("####", ".#.."), "5H": ("##..", ".###"),
    "5I": ("#..", "##.", ".##"), "6A": ("###", "###"), "6B": ("####", "##.."), "6C": ("####", ".##."),
    "6D": ("###.", ".###"), "6E": ("##.", "###", "#.."), "6F": ("#..", "###", ".##"),
    "6G": ("####", "#..#"), "6H": (".#.", "###", "#.#"),
}
# The house's 18 flowerbed sides, nine boards light and dark: 'p' a printed pot, 'c' a cloche.
BED_DESIGNS = {
    "1L": ("p....", ".....", "..c..", ".....", "....p"), "1D": (".....", ".p...", ".....", "...c.", "....."),
    "2L": ("c...c", ".....", ".....", ".....", "..p.."), "2D": ("..p..", ".....", "p...p", ".....", "....."),
    "3L": (".....", ".pp..", ".....", "....c", "....."), "3D": ("c....", ".....", ".....", ".....", "....c"),
    "4L": ("..c..", ".....", "p...p", ".....", "..c.."), "4D": (".....", "...p.", ".....", ".c...", "....."),
    "5L": ("p...p", ".....", ".....", ".....", "p...p"), "5D": (".....", ".....", "..c..", ".....", "....."),
    "6L": (".c...", ".....", "...p.", "p....", "....."), "6D": ("....p", ".....", ".....", ".....", "c...."),
    "7L": (".....", "c...c", ".....", ".....", ".ppp."), "7D": (".....", "..p..", ".....", "..p..", "....."),
    "8L": ("pc...", ".....", ".....", ".....", "...cp"), "8D": (".....", ".....", "c.p..", ".....", "....."),
    "9L": ("..p..", ".c...", ".....", "...c.", "..p.."), "9D": ("p....", ".....", ".....", "..c..", "....."),
}
BOX_TILES = sorted(TILE_SHAPES)
BOARDS = sorted({design[:-1] for design in BED_DESIGNS})
# The nursery board (house rules "The nursery"): rows A-D, columns 1-4; the gardener walks
# clockwise round it, each space facing a line of the nursery, nearest space first. The 1-3
# player side has the 16 side spaces, the 4-player side the four corners too.
NURSERY_SPACES = tuple(r + c for r in "ABCD" for c in "1234")
GARDENER_ROWS = {
    **{f"N{c}": tuple(r + c for r in "ABCD") for c in "1234"},
    **{f"E{r}": tuple(r + c for c in "4321") for r in "ABCD"},
    **{f"S{c}": tuple(r + c for r in "DCBA") for c in "4321"},
    **{f"W{r}": tuple(r + c for c in "1234") for r in "DCBA"},
    "NW": ("A1", "B2", "C3", "D4"), "NE": ("A4", "B3", "C2", "D1"),
    "SE": ("D4", "C3", "B2", "A1"), "SW": ("D1", "C2", "B3", "A4"),
}
SIDE_TRACK = ("N1", "N2", "N3", "N4", "EA", "EB", "EC", "ED", "S4", "S3", "S2", "S1", "WD", "WC", "WB", "WA")
CORNER_TRACK = ("NW", *SIDE_TRACK[:4], "NE", *SIDE_TRACK[4:8], "SE", *SIDE_TRACK[8:12], "SW", *SIDE_TRACK[12:])
# Per player count: the track, the gardener's first space, the turning space, the die's first
# face and the spaces walked a turn (solo: two). The die at 6 starts the Final Round.
GARDENER = {1: (SIDE_TRACK, "N1", "N1", 2, 2), 2: (SIDE_TRACK, "N1", "N1", 2, 1),
            3: (SIDE_TRACK, "S4", "EC", 1, 1), 4: (CORNER_TRACK, "NW", "NW", 1, 1)}
FINAL_ROUND_FACE = 6
FIRST_PLAYER = 0  # house rule: the first listed player starts
# The rulebook's turns per player before the Final Round (The Game; Solo Rules: 32 turns).
TURNS_EACH = {1: 32, 2: 32, 3: 26, 4: 25}
STEPS = ("penalty", "plant", "planted", "cats", "more_cats")
ON_A_BED = {(r, c) for r in range(1, BED_SIZE + 1) for c in range(1, BED_SIZE + 1)}


def state_faults(state: dict) -> list[str]:
    players = state["players"]
    faults = _piece_faults(state) + _turn_faults(state)
    complete = set()
    for index, player in enumerate(players):
        faults += _cube_faults(player)
        for bed in player["beds"]:
            covered = _covered(bed)
            spaces = set(covered)
            if len(spaces) != len(covered) or not spaces <= ON_A_BED:
                faults += [f"{player['name']}'s bed {bed['design']}: {fault}" for fault in _bed_faults(covered)]
            if _open_spaces(bed["design"]) <= spaces:
                complete.add((index, bed["design"]))
    turn = state["turn"]
    scored = [entry["design"] for entry in turn["queue"]] + ([turn["scoring"]["design"]] if turn["scoring"] else [])
    if complete != {(state["current"], design) for design in scored} and not state["over"]:
        faults.append(f"complete beds {sorted(complete)}, but the beds being scored are {scored}, the current "
                      "player's: a bed is scored as soon as every space is filled")
    return faults


def step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if "chance" in entry:
        return _deal_faults(before, entry, after)
    faults = _actor_faults(before, entry, after) + _turn_passing_faults(before, entry, after)
    faults += _cube_step_faults(before, entry, after) + _nursery_faults(before, entry, after)
    faults += _scoring_faults(before, entry, after) + _bonus_faults(before, entry, after)
    faults += _cleanup_faults(before, entry, after) + _give_up_faults(before, entry, after)
    faults += _phase_order_faults(before, entry, after) + _refill_order_faults(before, entry, after)
    faults += _cat_limit_faults(before, entry, after)
    if before["final_round"]:
        for old, new in zip(before["players"], after["players"]):
            if not {bed["design"] for bed in new["beds"]} <= {bed["design"] for bed in old["beds"]}:
                faults.append(f"{new['name']} was given a new bed in the Final Round")
    return faults


# --- the pieces ------------------------------------------------------------------------------------

def _piece_faults(state: dict) -> list[str]:
    players = state["players"]
    faults = []
    tiles = [*state["stack"], *state["path"], *state["discards"], *filter(None, state["nursery"].values()),
             *(placed["tile"] for player in players for bed in player["beds"] for placed in bed["tiles"])]
    if sorted(tiles) != BOX_TILES:
        found = Counter(tiles)
        faults.append(f"flower tiles not accounted for once: missing {dict(Counter(BOX_TILES) - found)}, "
                      f"extra {dict(found - Counter(BOX_TILES))}")
    designs = [bed["design"] for player in players for bed in player["beds"]] + state["removed_beds"]
    designs += [state["spare_bed"]] if state["spare_bed"] else []
    boards = sorted([*(design[:-1] for design in designs), *state["boards"]])
    if boards != BOARDS:
        faults.append(f"flowerbed boards not accounted for once: {boards}")
    dealt = 2 * len(players) + 1
    if not state["stack"] and len(state["boards"]) != len(BOARDS) - dealt:
        faults.append(f"{len(BOARDS) - len(state['boards'])} flowerbeds dealt; {len(players)} players get {dealt}")
    cats = state["supply"]["cats"] + sum(p["cats"] + sum(len(b["cats"]) for b in p["beds"]) for p in players)
    pots = state["supply"]["pots"] + sum(len(b["pots"]) for p in players for b in p["beds"])
    if (cats, pots) != (CATS_IN_BOX, POTS_IN_BOX):
        faults.append(f"{cats} cats and {pots} flower pots on the table; the box holds {CATS_IN_BOX} "
                      f"and {POTS_IN_BOX}")
    if min(state["supply"]["cats"], state["supply"]["pots"], *(p["cats"] for p in players)) < 0:
        faults.append("a negative count of cats or flower pots")
    hives = sorted([*state["supply"]["beehives"], *(p["beehives"] for p in players if p["beehives"])])
    wanted = [] if len(players) == 1 else sorted(BEEHIVE_TILES)
    if hives != wanted:
        faults.append(f"beehive tiles {hives}, but the game has {wanted}")
    return faults


def _cube_faults(player: dict) -> list[str]:
    faults = []
    for colour in COLOURS:
        cubes = player[colour]
        if len(cubes) != CUBES_PER_COLOUR or any(value not in TRACKS[colour] for value in cubes):
            faults.append(f"{player['name']}'s {colour} cubes {cubes} are not three cubes on the {colour} track")
    return faults


@functools.cache
def _cells(tile: str, rotation: int, flip: bool) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for r, c, _ in _marked_cells(tile, rotation, flip))


def _covered(bed: dict) -> list[tuple[int, int]]:
    """Every 1-based space under a piece, once for each piece on it."""
    spaces = [(row + r, col + c) for placed in bed["tiles"] for row, col in [placed["at"]]
              for r, c in _cells(placed["tile"], placed["rotation"], placed["flip"])]
    return spaces + [(r, c) for r, c in bed["cats"] + bed["pots"]]


def _bed_faults(covered: list[tuple[int, int]]) -> list[str]:
    """The Planting Rules: inside the bed, never on another piece."""
    faults = []
    if any(not (1 <= r <= BED_SIZE and 1 <= c <= BED_SIZE) for r, c in covered):
        faults.append("a piece sticks out of the bed")
    if len(set(covered)) != len(covered):
        faults.append("two pieces lie on one space")
    return faults


@functools.cache
def _open_spaces(design: str) -> frozenset[tuple[int, int]]:
    """The spaces of a bed design that must be covered to complete it: all but the printed
    pots and cloches."""
    printed = BED_DESIGNS[design]
    return frozenset((r, c) for r in range(1, BED_SIZE + 1) for c in range(1, BED_SIZE + 1)
                     if printed[r - 1][c - 1] == ".")


# --- turns, the gardener, the Final Round and the end ---------------------------------------------

@functools.cache
def _gardener_walk(players: int) -> tuple[tuple[str, int], ...]:
    """(space, die face) of the gardener after each number of turns: one space a turn (two
    solo) clockwise, the die turned up on entering the turning space until it shows 6."""
    track, first, turning, die, steps = GARDENER[players]
    index = track.index(first)
    walk = [(track[index], die)]
    for _ in range(TURNS_EACH[players] * players * 3):
        for _ in range(steps):
            index = (index + 1) % len(track)
            if track[index] == turning and die < FINAL_ROUND_FACE:
                die += 1
        walk.append((track[index], die))
    return tuple(walk)


def _turn_faults(state: dict) -> list[str]:
    players = state["players"]
    count = len(players)
    faults = []
    turns, before_final = state["turns"], TURNS_EACH[count] * count
    if state["current"] != turns % count:
        faults.append(f"after {turns} turns it is player {state['current'] + 1}'s turn; seat order gives "
                      f"player {turns % count + 1}")
    if state["final_round"] != (turns >= before_final):
        faults.append(f"{turns} turns taken, and the Final Round has {'' if state['final_round'] else 'not '}"
                      f"started: it starts after {TURNS_EACH[count]} turns each")
    walk = _gardener_walk(count)
    if turns < len(walk) and (state["gardener"]["space"], state["gardener"]["die"]) != walk[turns]:
        faults.append(f"after {turns} turns the gardener stands on {walk[turns]}, not {state['gardener']}")
    if state["turn"]["step"] not in STEPS:
        faults.append(f"no turn has a step {state['turn']['step']!r}")
    if state["giving_up"] and (not state["final_round"] or state["giving_up"] != [
            (state["current"] + k) % count for k in range(count - len(state["giving_up"]), count)]):
        faults.append(f"players {state['giving_up']} still giving up beds, from the one whose turn is next")
    if not state["stack"] and not state["final_round"] and any(len(p["beds"]) != 2 for p in players):
        faults.append("before the Final Round every player plays two beds")
    if any(len(p["beds"]) > 2 for p in players):
        faults.append("a player with more than two beds")
    for index, player in enumerate(players):
        if player["cats"] > CATS_AT_START and player["beds"] and index != state["current"]:
            faults.append(f"{player['name']} ended a turn with {player['cats']} cats in reserve and a bed to put "
                          "them on")
    if state["turn"]["bonus_pots"] > state["supply"]["pots"]:
        faults.append("more flower pots won than the supply holds")
    # The game ends once no bed is left, or (house rule, a stuck Final Round) with beds left
    # that nothing can fill any more: then no flower pot is in the supply and nobody with a
    # bed holds a cat.
    beds_left = [b["design"] for p in players for b in p["beds"]]
    may_end = state["final_round"] and not state["giving_up"]
    can_change = state["supply"]["pots"] or any(p["cats"] for p in players if p["beds"])
    if (state["over"] and (not may_end or (beds_left and can_change))) or (
            not state["over"] and may_end and not beds_left):
        faults.append(f"over is {state['over']}, but the beds left are {beds_left} (the game ends once none is "
                      "left, or once nothing can fill them)")
    return faults


def _turns_ended_first(before: dict, entry: dict, after: dict) -> int:
    """How many turns ended before the entry's move: after the tile or pot (step "planted")
    the player may place cats or end the turn, and a move of a later player ends it (and any
    turn of a player who could do nothing) by itself; 0 when the move is the current one's."""
    current = before["players"][before["current"]]["name"]
    mine = entry["type"] == "end_turn" or (entry["type"] == "place_token" and entry["token"] == "cat")
    if before["turn"]["step"] != "planted" or before["giving_up"] or (mine and entry.get("player") == current):
        return 0
    count = len(before["players"])
    later = [k for k in range(1, after["turns"] - before["turns"] + 1)
             if before["players"][(before["current"] + k) % count]["name"] == entry.get("player")]
    return later[0] if later else 0


def _actor_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if before["over"] or before["stack"]:
        return [f"{entry.get('type')} before the deal or after the end"]
    seat = before["giving_up"][0] if before["giving_up"] else before["current"]
    name = before["players"][seat]["name"]
    if entry.get("player") != name and not _turns_ended_first(before, entry, after):
        return [f"{entry.get('player')} moved, but it is {name}'s move"]
    if before["giving_up"] and entry["type"] != "start_final_round":
        return [f"{entry['type']} while beds are still to be given up for the Final Round"]
    return []


def _planting(before: dict, entry: dict) -> bool:
    """The Planting Phase's move: a tile, or a flower pot that is not a pot won by scoring."""
    return entry["type"] == "place_tile" or (entry["type"] == "place_token" and entry["token"] == "pot"
                                             and not before["turn"]["bonus_pots"])


def _turn_passing_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """A turn ends only once its player has planted, or could not (no flower pot left, or no
    bed); every turn passed over in one move is one whose player could not plant either."""
    ended = after["turns"] - before["turns"]
    if ended < 0:
        return ["the turn count went back"]
    faults = _planted_once_faults(before, entry, after)
    actor = before["current"]
    planted = before["turn"]["step"] in ("planted", "cats", "more_cats") or _planting(before, entry)
    if ended and not planted and after["supply"]["pots"] and after["players"][actor]["beds"]:
        faults.append(f"{before['players'][actor]['name']}'s turn ended without a tile or flower pot, with a pot "
                      "in the supply")
    count = len(before["players"])
    moved = _turns_ended_first(before, entry, after)
    for k in (k for k in range(1, ended) if k != moved):
        skipped = after["players"][(actor + k) % count]
        if after["supply"]["pots"] and skipped["beds"]:
            faults.append(f"{skipped['name']}'s turn passed without a move, with a flower pot in the supply")
    if after["final_round"] and not before["final_round"] and after["giving_up"] != [
            (after["current"] + k) % count for k in range(count)][1 if entry["type"] == "start_final_round" else 0:]:
        faults.append("the Final Round started, but not every player, from the one whose turn is next, gives "
                      "up beds first")
    return faults


def _planted_once_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """2 Planting Phase: a turn plants once, a tile or a flower pot; the pots won by scoring
    come on top. The tile or pot ends the phase, so no second one follows in the turn."""
    if not _planting(before, entry) or _turns_ended_first(before, entry, after):
        return []
    name = before["players"][before["current"]]["name"]
    if before["turn"]["step"] in ("planted", "cats", "more_cats"):
        return [f"{name} planted a second time in a turn: {entry['type']} after the turn's tile or flower pot"]
    if after["turns"] == before["turns"] and after["turn"]["step"] == "plant":
        return [f"{name}'s {entry['type']} left the Planting Phase open: a second tile or pot could follow"]
    return []


def _cat_limit_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Special rules for the Planting Table: a player with a bed ends a turn with at most two
    cats in reserve. Judged for the player whose turn the move ended, the one moving too
    (state_faults judges the others, and a solo game has no others): the reserve as the turn
    ended is the one before the move where a later turn's move ended it, else the one after."""
    if after["turns"] == before["turns"]:
        return []
    seat = before["current"]
    ended = before if _turns_ended_first(before, entry, after) else after
    player = ended["players"][seat]
    if player["cats"] > CATS_AT_START and player["beds"]:
        return [f"{player['name']} ended a turn with {player['cats']} cats in reserve and a bed to put them on"]
    return []


def _open_bed(bed: dict) -> bool:
    return not _open_spaces(bed["design"]) <= set(_covered(bed))


def _phase_order_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """The Planting Phase comes before the Scoring Phase: no bed is scored while the tile or
    flower pot is still to be taken. A cat won on the red line may be used at once: the turn
    does not end on the move that won it while the player has a cat and a bed to put it on."""
    faults = _ramble_order_faults(before, entry, after)
    if entry["type"] == "score_bed" and before["turn"]["step"] == "plant":
        faults.append("a bed scored before the tile or flower pot of the Planting Phase was taken")
    seat = before["current"]
    won = entry["type"] == "move_cube" and after["players"][seat]["cats"] > before["players"][seat]["cats"]
    if won and after["turns"] > before["turns"] and any(_open_bed(bed) for bed in after["players"][seat]["beds"]):
        faults.append(f"{before['players'][seat]['name']} won a cat and the turn ended before it could be used")
    return faults


def _ramble_order_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """1 Refilling Phase comes first: a ramble is made before the turn's first tile, pot or
    cat, so a placement closes it and none comes once the turn has planted."""
    name = before["players"][before["current"]]["name"]
    rambled = entry["type"] == "refill" and entry.get("ramble") and after["turns"] == before["turns"]
    if rambled and before["turn"]["step"] in ("planted", "cats", "more_cats"):
        return [f"{name} rambled after the turn's tile or flower pot"]
    placed = entry["type"] in ("place_tile", "place_token") and not _turns_ended_first(before, entry, after)
    if placed and after["turns"] == before["turns"] and after["turn"]["ramble"]:
        return [f"{name} may still ramble after placing a {entry.get('token', 'tile')}: the Refilling Phase "
                "comes before any placement"]
    return []


def _cube_step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Cubes move only by scoring (forward, one step a pot or cloche, the target ending the
    track) and by the Final Round penalty (orange two spaces back, blue one); only the
    acting player's, and one cube at a time."""
    faults = []
    kind = entry["type"]
    for old, new in zip(before["players"], after["players"]):
        for colour in COLOURS:
            if old[colour] == new[colour]:
                continue
            acting = kind in ("move_cube", "final_round_penalty") and entry.get("color") == colour and (
                old["name"] == entry["player"])
            if not acting:
                faults.append(f"{old['name']}'s {colour} cubes moved on {kind}")
                continue
            track = TRACKS[colour]
            start = track.index(entry["from"])
            to = (track[min(start + entry["steps"], len(track) - 1)] if kind == "move_cube"
                  else track[max(0, start - STEPS_BACK[colour])])
            if Counter(new[colour]) != Counter(old[colour]) - Counter([entry["from"]]) + Counter([to]):
                faults.append(f"{old['name']}'s {colour} cube from {entry['from']} should land on {to}: "
                              f"{old[colour]} became {new[colour]}")
    return faults + _beehive_faults(before, entry, after)


def _beehive_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Beehives: the first player to move a cube onto the Target Space takes the two-hive
    tile, the second player to do so the one-hive tile; one player never takes both (a
    holder reaching the target again takes nothing), and a tile once taken stays (solo games
    have none). Judged for every player at every move."""
    faults = []
    free = before["supply"]["beehives"]
    for old, new in zip(before["players"], after["players"]):
        reached = (entry.get("type") == "move_cube" and entry.get("player") == old["name"]
                   and _landing(entry) == TARGET)
        due = max(free) if reached and free and not old["beehives"] else old["beehives"]
        if new["beehives"] != due:
            why = ("the first to reach the target takes the two-hive tile, the second the one-hive tile, "
                   "and no player both")
            faults.append(f"{old['name']} holds {_hive_tile(new['beehives'])} after {entry.get('type')}, not "
                          f"{_hive_tile(due)}: {why}")
    return faults


def _hive_tile(hives: int) -> str:
    return f"the {hives}-hive tile" if hives else "no beehive tile"


def _nursery_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """A tile is taken from the gardener row, the one it names; the row is refilled when 3 or
    4 of its spaces are empty at the start of a turn, and with fewer only by a ramble."""
    faults = []
    if entry["type"] == "place_tile":
        space = entry["nursery"]["space"]
        first = _turns_ended_first(before, entry, after)  # a refill due may fill the space first
        gardener = _gardener_walk(len(before["players"]))[before["turns"] + first][0] if first else (
            before["gardener"]["space"])
        if space not in GARDENER_ROWS[gardener]:
            faults.append(f"a tile taken from {space}, off the gardener row of {gardener}")
        if before["nursery"][space] != entry["tile"] and not (first and entry["tile"] in before["path"]):
            faults.append(f"{entry['tile']} taken from {space}, which holds {before['nursery'][space]}")
    began = after["turns"] > before["turns"] or (before["giving_up"] and not after["giving_up"])
    if began and after["turn"]["step"] == "plant" and after["path"] and not after["giving_up"] and not after["over"]:
        row = GARDENER_ROWS[after["gardener"]["space"]]
        if sum(1 for space in row if not after["nursery"][space]) >= 3:
            faults.append(f"a turn starts on a gardener row of {row} with 3 or more spaces empty, unrefilled")
    # A move that takes no tile and is no ramble fills the nursery only by a refill that is
    # due: of the row where the gardener stood (after a Final Round penalty) or now stands (a
    # turn begun, at most one here), with 3 or more of its spaces empty.
    filled = {space for space in NURSERY_SPACES if after["nursery"][space] and not before["nursery"][space]}
    if filled and entry.get("type") not in (None, "place_tile", "refill") and after["turns"] - before["turns"] <= 1:
        rows = [GARDENER_ROWS[state["gardener"]["space"]] for state in (before, after)]
        if not any(filled <= set(row) and sum(1 for space in row if not before["nursery"][space]) >= 3
                   for row in rows):
            faults.append(f"{', '.join(sorted(filled))} refilled with fewer than 3 spaces of the gardener row "
                          "empty, and no ramble")
    return faults


def _refill_order_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Refilling Phase › Filling the Gardener Row: tile after tile from the wheelbarrow's end
    of the garden path, each on the empty space of the gardener row closest to the gardener;
    a short path leaves the farthest spaces empty. Replayed over the move: the rows of each
    space the gardener stood on during it (GARDENER_ROWS lists each row nearest first), the
    tile the move takes taken after the refills of the turns that ended before it; the
    nursery must end as the move left it."""
    if before["nursery"] == after["nursery"] and entry["type"] != "place_tile":
        return []
    taken, tile = (entry["nursery"]["space"], entry["tile"]) if entry["type"] == "place_tile" else (None, None)
    walk = _gardener_walk(len(before["players"]))
    turns = range(before["turns"] + 1, min(after["turns"] + 1, len(walk)))
    first = _turns_ended_first(before, entry, after) if taken else 0
    early = [before["gardener"]["space"], *(walk[turn][0] for turn in turns[:first])]
    late = [*(walk[turn][0] for turn in turns[first:]), after["gardener"]["space"]]
    nursery, path = dict(before["nursery"]), list(before["path"])
    for gardeners, wanted in ((early, {**after["nursery"], taken: tile} if taken else after["nursery"]),
                              (late, after["nursery"])):
        for gardener in gardeners:  # a row that does not fit may be a later gardener's (rows cross)
            empty = [space for space in GARDENER_ROWS[gardener] if not nursery[space]]
            these = [space for space in empty if wanted[space]]
            tiles = path[:len(these)]
            if these == empty[:len(these)] and [wanted[space] for space in these[:len(tiles)]] == tiles:
                del path[:len(these)]
                nursery.update((space, wanted[space]) for space in these)
        if taken and gardeners is early and nursery[taken] == tile:
            nursery[taken] = None
    if nursery == after["nursery"]:
        return []
    filled = {space: tile for space, tile in after["nursery"].items() if tile != before["nursery"][space] and tile}
    return [f"the nursery was refilled with {filled} from the path {before['path'][:len(filled)]}: each tile from "
            "the wheelbarrow's end goes on the empty space of the gardener row closest to the gardener"]


def _deal_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if not before["stack"]:
        return ["a deal after the set-up"]
    faults = []
    if list(after["nursery"].values()) != entry["tiles"][:len(NURSERY_SPACES)]:
        faults.append("the nursery is not filled with the first 16 tiles dealt")
    for player, pair in zip(after["players"], entry["flowerbeds"]):
        if [bed["design"] for bed in player["beds"]] != pair or any(bed["tiles"] for bed in player["beds"]):
            faults.append(f"{player['name']} did not get the empty beds {pair}")
    if (after["current"], after["turns"], after["spare_bed"]) != (FIRST_PLAYER, 0, entry["spare_bed"]):
        faults.append("after the deal the first player starts with the spare bed beside the nursery")
    return faults


# --- scoring steps, from the visible pieces -----------------------------------------------------

# What a space of a bed shows: a flower tile's square (a plain flower, a flower pot or a garden
# cloche printed on it), a cat, a flower-pot token, a pot or cloche printed on the bed itself.
SHOWS_POT = frozenset("POp")
SHOWS_CLOCHE = frozenset("Cc")
RED_LINE = {"orange": 8, "blue": 8}  # house rule "Red mouse line": crossed from 8 or less forward


def _scoring_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Scoring Phase: a bed scored shows exactly its visible pieces; the first cube moved for
    it goes one step a visible flower pot (orange) or garden cloche (blue); Special rules for
    the Planting Table: a cube moved forward across the red line earns one cat."""
    seat = [p["name"] for p in before["players"]].index(entry.get("player")) if "player" in entry else None
    if seat is None or entry["type"] not in ("score_bed", "move_cube"):
        return []
    player = before["players"][seat]
    complete = [bed for bed in player["beds"] if not _open_bed(bed)]
    if entry["type"] == "score_bed":
        scored = [bed for bed in complete if _showing(bed) == entry["bed"]]
        if not scored:
            return [f"the bed scored shows {entry['bed']}, but the complete beds show "
                    f"{[_showing(bed) for bed in complete]}"]
        due = _colours_due(player, scored[0])
        if sorted(_colours_left(after, scored[0]["design"])) != sorted(due):
            return [f"the bed scored moves {due or 'no'} cubes (one a colour it shows, unless every cube of that colour "
                    f"is on the target), but {_colours_left(after, scored[0]['design'])} are left to move"]
        return []
    faults = []
    if entry["from"] == TARGET:
        # Scoring Phase: moving onto the target forfeits the rest of the move, and a colour whose
        # cubes are all there moves no more: a cube on the target is done with.
        faults.append(f"{entry['color']} cube moved from the target, where a cube moves no more")
    scoring = before["turn"]["scoring"]
    if scoring is not None:
        left = sorted(colour for colour in scoring["moves"] if colour != entry["color"])
        if sorted(_colours_left(after, scoring["design"])) != left:
            faults.append(f"after the {entry['color']} cube moved, {_colours_left(after, scoring['design'])} are left "
                          f"to move for the bed scored, not {left}: each colour moves once a bed")
    marks = SHOWS_POT if entry["color"] == "orange" else SHOWS_CLOCHE
    visible = [sum(ch in marks for row in _showing(bed) for ch in row) for bed in complete]
    if complete and entry["steps"] not in visible:
        faults.append(f"{entry['color']} cube moved {entry['steps']} steps for a bed with {visible} visible")
    crossed = entry["from"] <= RED_LINE[entry["color"]] < _landing(entry)
    won = after["players"][seat]["cats"] - before["players"][seat]["cats"]
    if won != int(crossed):
        faults.append(f"a cube moved from {entry['from']} to {_landing(entry)} and {won} cats were won: the red "
                      "line earns one cat when crossed forward")
    return faults


def _visible(bed: dict) -> dict[str, int]:
    """The flower pots (orange) and garden cloches (blue) a bed shows, uncovered."""
    shown = "".join(_showing(bed))
    return {"orange": sum(ch in SHOWS_POT for ch in shown), "blue": sum(ch in SHOWS_CLOCHE for ch in shown)}


def _colours_due(player: dict, bed: dict) -> list[str]:
    """3 Scoring Phase: a scored bed moves one cube of each colour it shows (pots orange,
    cloches blue); Special rules for the Planting Table: a colour whose every cube is on the
    target makes no more moves."""
    shown = _visible(bed)
    return [colour for colour in COLOURS if shown[colour] and any(value != TARGET for value in player[colour])]


def _colours_left(state: dict, design: str) -> list[str]:
    """The colours still to move for the bed `design` being scored ([] when it is not)."""
    scoring = state["turn"]["scoring"]
    return list(scoring["moves"]) if scoring and scoring["design"] == design else []


def _bonus_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Special rules for the Planting Table: the last cube of a colour taken from the Starting
    Space wins a flower pot, to be placed at once (while the supply has one; outside the Final
    Round the player always has a bed to put it on); no other cube move wins one. Final Round:
    a cube moved back earns no cat."""
    if entry["type"] not in ("move_cube", "final_round_penalty"):
        return []
    seat = [p["name"] for p in before["players"]].index(entry["player"])
    old, new = before["players"][seat], after["players"][seat]
    if entry["type"] == "final_round_penalty":
        return [f"{old['name']} won a cat moving a cube back"] if new["cats"] > old["cats"] else []
    due = entry["from"] == 0 and old[entry["color"]].count(0) == 1
    won = after["turn"]["bonus_pots"] - before["turn"]["bonus_pots"]
    # the supply as the cube moved: a bed scored in the same step may put pots back after it
    if due and won != 1 and before["supply"]["pots"] > before["turn"]["bonus_pots"] and not before["final_round"]:
        return [f"{old['name']} took the last {entry['color']} cube off the start and won no flower pot"]
    if not due and won > 0:
        return [f"{old['name']} won a flower pot with a cube that was not the last on the start"]
    return []


def _cleanup_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Cleanup and Replacing the Flowerbed: a scored bed's tiles go to the end of the garden
    path (in any order); before the Final Round the bed is flipped into the supply and the
    spare bed takes its place, in the Final Round it leaves the game."""
    if entry["type"] == "start_final_round":
        return []
    faults = []
    for old, new in zip(before["players"], after["players"]):
        designs = {bed["design"] for bed in new["beds"]}
        for bed in (bed for bed in old["beds"] if bed["design"] not in designs):
            tiles = [placed["tile"] for placed in bed["tiles"]]
            if tiles and len(after["path"]) >= len(tiles) and (
                    Counter(after["path"][len(after["path"]) - len(tiles):]) != Counter(tiles)):
                faults.append(f"the tiles of {old['name']}'s scored bed {bed['design']} are not at the path's end")
            flipped = bed["design"][:-1] + ("D" if bed["design"].endswith("L") else "L")
            if before["final_round"]:
                if bed["design"] not in after["removed_beds"] or len(new["beds"]) >= len(old["beds"]):
                    faults.append(f"{old['name']}'s bed {bed['design']} scored in the Final Round, not removed")
            elif after["spare_bed"] != flipped or before["spare_bed"] not in designs:
                faults.append(f"{old['name']}'s scored bed {bed['design']} should go flipped ({flipped}) to the "
                              f"supply and the spare {before['spare_bed']} take its place; the spare is now "
                              f"{after['spare_bed']}, the beds {sorted(designs)}")
    return faults


def _give_up_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """Final Round: each player gives up exactly the beds with fewer than three flower tiles."""
    if entry["type"] != "start_final_round":
        return []
    seat = [p["name"] for p in before["players"]].index(entry["player"])
    kept = sorted(bed["design"] for bed in before["players"][seat]["beds"] if len(bed["tiles"]) >= 3)
    left = sorted(bed["design"] for bed in after["players"][seat]["beds"])
    return [] if kept == left else [f"{entry['player']} kept the beds {left} into the Final Round, not {kept}: "
                                    "a bed with fewer than three tiles is given up"]


def _landing(entry: dict) -> int:
    track = sorted(ORANGE_WORTH if entry["color"] == "orange" else BLUE_WORTH)
    return track[min(track.index(entry["from"]) + entry["steps"], len(track) - 1)]


def _showing(bed: dict) -> list[str]:
    """The bed as rows of what each space shows, as a scored bed is written: F a flower, P and
    C a pot or cloche printed on a tile, K a cat, O a flower-pot token, p and c a pot or cloche
    printed on the bed, "." empty."""
    rows = [list(row) for row in BED_DESIGNS[bed["design"]]]
    for placed in bed["tiles"]:
        for r, c, mark in _marked_cells(placed["tile"], placed["rotation"], placed["flip"]):
            rows[placed["at"][0] + r - 1][placed["at"][1] + c - 1] = mark
    for r, c in bed["cats"]:
        rows[r - 1][c - 1] = "K"
    for r, c in bed["pots"]:
        rows[r - 1][c - 1] = "O"
    return ["".join(row) for row in rows]


@functools.cache
def _marked_cells(tile: str, rotation: int, flip: bool) -> tuple[tuple[int, int, str], ...]:
    """The tile's squares (row, column, what it shows: F, P or C), its box's top-left at (0, 0),
    mirrored left to right when flipped, then turned `rotation` degrees clockwise."""
    squares = [(r, c, {"#": "F"}.get(ch, ch)) for r, line in enumerate(TILE_SHAPES[tile])
               for c, ch in enumerate(line) if ch != "."]
    if flip:
        squares = [(r, -c, mark) for r, c, mark in squares]
    for _ in range(rotation // 90):  # clockwise: (row, col) -> (col, -row)
        squares = [(c, -r, mark) for r, c, mark in squares]
    top, left = min(r for r, _, _ in squares), min(c for _, c, _ in squares)
    return tuple(sorted((r - top, c - left, mark) for r, c, mark in squares))


# --- legal moves, from the rulebook alone ----------------------------------------------------

def legal_moves(state: dict, rng, every: dict[str, list[dict]]) -> list[dict]:
    """Moves the rulebook allows the player to move, for the harness to see the engine accept.
    While a bed is scored (3 Scoring Phase), every cube move: for each colour still to move,
    any of the player's cubes of it that is not on the target, as many steps as the bed shows
    pots (orange) or cloches (blue), all of them (six at most). In the Planting Phase, a
    flower pot from the supply on any empty space of one of their beds (Planting Phase, b),
    and a cat from the reserve on an empty space of a bed that it leaves unfinished ("you can
    always place Cats from your reserve on an empty space"; a cat that would fill a bed waits
    on the house Mouse hunt rule), one drawn of each; and a tile of the gardener row over a
    printed pot or cloche (`_tile_over_the_print`), the placement random play takes least
    often and a refusal would hide in. Nothing while a pot won is still to be placed, a bed
    waits to be scored, or a Final Round penalty or a bed to give up is due. `every` is
    `every_legal_move(state)`, the cube moves, which the harness lists once a step."""
    turn = state["turn"]
    if state["over"] or state["stack"] or state["giving_up"] or turn["bonus_pots"]:
        return []
    player = state["players"][state["current"]]
    if turn["scoring"]:
        return every.get("move_cube", [])
    if turn["step"] != "plant" or turn["queue"]:
        return []
    empty = [(bed, sorted(_open_spaces(bed["design"]) - set(_covered(bed)))) for bed in player["beds"]]
    pots = [(bed, at) for bed, spaces in empty for at in spaces] if state["supply"]["pots"] else []
    cats = [(bed, at) for bed, spaces in empty if len(spaces) > 1 for at in spaces] if player["cats"] else []
    tokens = [{"type": "place_token", "player": player["name"], "bed": bed, "token": token, "at": list(at)}
              for token, spaces in (("pot", pots), ("cat", cats)) if spaces for bed, at in [rng.choice(spaces)]]
    return tokens + _tile_over_the_print(state, rng)


def _tile_over_the_print(state: dict, rng) -> list[dict]:
    """One tile of the gardener row laid over a pot or cloche printed on one of the player's
    beds, if one fits there (Planting Rules: a tile may cover the printed spaces, never
    another piece nor the bed's edge): beds, tiles, turns and the square put on the print
    tried in a random order, the first that fits taken (searching them all costs more than
    the game)."""
    player, gardener = state["players"][state["current"]], state["gardener"]["space"]
    tiles = [(space, state["nursery"][space]) for space in GARDENER_ROWS[gardener] if state["nursery"][space]]
    free = [ON_A_BED - set(_covered(bed)) for bed in player["beds"]]
    tries = [(i, spot, space, tile, rotation, flip) for i, bed in enumerate(player["beds"])
             for spot in _printed(bed["design"])
             for (space, tile), rotation, flip in itertools.product(tiles, (0, 90, 180, 270), (False, True))]
    for i, (row, col), space, tile, rotation, flip in _in_random_order(tries, rng):
        cells = _cells(tile, rotation, flip)
        fits = [(row - r, col - c) for r, c in cells
                if {(row - r + dr, col - c + dc) for dr, dc in cells} <= free[i]]
        if fits:  # the square put on the print: any of those that fit, at random
            at = rng.choice(fits)
            return [{"type": "place_tile", "player": player["name"], "bed": player["beds"][i], "tile": tile, "at": list(at),
                     "rotation": rotation, "flip": flip, "nursery": {"space": space, "gardener": gardener}}]
    return []


def _in_random_order(items: list, rng) -> Iterator:
    """The items one at a time in a uniformly random order, each drawn only when asked for
    (Fisher-Yates from the end): the search above stops at its first fit, some 15 tries of a
    hundred, where shuffling them all drew a random number for each."""
    items = list(items)
    for last in range(len(items) - 1, -1, -1):
        pick = rng.randrange(last + 1)
        items[pick], items[last] = items[last], items[pick]
        yield items[last]


@functools.cache
def _printed(design: str) -> tuple[tuple[int, int], ...]:
    """The 1-based spaces of a bed design printed with a pot or cloche."""
    return tuple(sorted(ON_A_BED - _open_spaces(design)))


def every_legal_move(state: dict) -> dict[str, list[dict]]:
    """Every cube move the rulebook allows while a bed is scored ({"move_cube": moves}), for
    the harness to find each among the engine's candidates, so the simulator can choose it."""
    moves = _cube_moves(state)
    return {"move_cube": moves} if moves else {}


def refused_moves(state: dict, rng) -> list[dict]:
    """Moves the rulebook forbids on what the check state shows, which random play never
    tries (the simulator offers none; the random probes seldom hit one), for the harness to
    see the engine and `check` refuse: while a bed is scored, a cube on the target moved on
    with the bed's steps (3 Scoring Phase: it moves no more); as a turn's tile is to be
    taken, a ramble on a gardener row with no empty space (1 Refilling Phase: returning a cat
    refills a row with 1 or 2 empty spaces)."""
    scored = _scored_bed(state)
    if scored is None:
        return _rambles_on_a_full_row(state)
    player, moves, steps = scored
    return [_cube_move(player, colour, TARGET, steps[colour]) for colour in moves if TARGET in player[colour]]


def table_refused_moves(state: dict, rng) -> list[dict]:
    """Cube moves forbidden by the turn's record, which only the engine's full state keeps,
    for the harness to see the engine refuse: a colour already moved for the bed scored moved
    again (3 Scoring Phase: each colour moves once a bed)."""
    scored = _scored_bed(state)
    if scored is None:
        return []
    player, moves, steps = scored
    return [_cube_move(player, colour, value, steps[colour]) for colour in COLOURS
            if colour not in moves and steps[colour] for value in sorted(set(player[colour]) - {TARGET})]


def _rambles_on_a_full_row(state: dict) -> list[dict]:
    """A ramble of the player about to take a tile, with a cat to return, while every space of
    the gardener row holds a tile: the table as it stands, nothing wrong with it but the row."""
    turn, gardener = state["turn"], state["gardener"]["space"]
    player = state["players"][state["current"]]
    if state["over"] or turn["step"] != "plant" or turn["queue"] or not player["cats"] or not all(
            state["nursery"][space] for space in GARDENER_ROWS[gardener]):
        return []
    return [{"type": "refill", "player": player["name"], "gardener": gardener,
             "empty": [space for space in NURSERY_SPACES if not state["nursery"][space]],
             "path": len(state["path"]), "ramble": True}]


def _scored_bed(state: dict) -> tuple[dict, list[str], dict[str, int]] | None:
    """While a bed is scored and its cubes are to move: the player, the colours still to move
    and the steps the bed shows of each colour."""
    scoring = state["turn"]["scoring"]
    if state["over"] or not scoring or state["turn"]["bonus_pots"]:
        return None
    player = state["players"][state["current"]]
    bed = next(bed for bed in player["beds"] if bed["design"] == scoring["design"])
    return player, list(scoring["moves"]), _visible(bed)


def _cube_moves(state: dict) -> list[dict]:
    """3 Scoring Phase: the player is free to choose which cube of a colour moves; only a
    cube on the target moves no more."""
    scored = _scored_bed(state)
    if scored is None:
        return []
    player, moves, steps = scored
    return [_cube_move(player, colour, value, steps[colour])
            for colour in moves for value in sorted(set(player[colour]) - {TARGET})]


def _cube_move(player: dict, colour: str, value: int, steps: int) -> dict:
    return {"type": "move_cube", "player": player["name"], "color": colour, "from": value, "steps": steps}


# --- final scores, from the rulebook alone ---------------------------------------------------

# End of the Game: a cube's worth is the number of its space (orange 1-15, blue 2-14 by
# twos), the Target Space 20, the Starting Space 0; a cube's position is held as that worth.
ORANGE_WORTH = frozenset({0, *range(1, 16), 20})
BLUE_WORTH = frozenset({0, *range(2, 15, 2), 20})


def final_scores(state: dict) -> dict[str, dict[str, int]]:
    """End of the Game: every cube its space's worth and one point a beehive; cats and cubes
    on the Starting Space score nothing."""
    scores = {}
    for player in state["players"]:
        assert set(player["orange"]) <= ORANGE_WORTH and set(player["blue"]) <= BLUE_WORTH, player
        points = {"orange": sum(player["orange"]), "blue": sum(player["blue"]), "beehives": player["beehives"]}
        scores[player["name"]] = {**points, "total": sum(points.values())}
    return scores


def tiebreakers(state: dict) -> dict[str, dict[str, int]]:
    """End of the Game: a tie goes to the tied player with more beehives, the hives on the
    beehive tile held (2, 1 or none; solo games have no tiles)."""
    return {player["name"]: {"beehives": player["beehives"]} for player in state["players"]}


def winners(state: dict) -> list[str]:
    """End of the Game: most points, then the most beehives (`tiebreakers`); a tie beyond that
    is shared (house rule: the rulebook names no further tie-breaker)."""
    totals, ties = final_scores(state), tiebreakers(state)
    keys = {name: (totals[name]["total"], ties[name]["beehives"]) for name in totals}
    best = max(keys.values())
    return [name for name, key in keys.items() if key == best]
