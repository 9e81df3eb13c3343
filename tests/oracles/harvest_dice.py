"""Harvest Dice's oracle, from the rulebook (Set-Up, Game Play, Pig Powers, The Last Die & The
Market, Starting a new round, End Game) and the engine's state format (docs/engines.md):
every die of the round in the pool or drafted; the drafting order from the start player
clockwise; the start player marker one seat on each round; every die a player drafted
planted or fed; one market circle crossed a round; the end exactly after the round in
which a trigger was reached."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

# Components: green lettuce, red tomato and orange carrot dice, in a roll's order.
DIE_CROP = {"green": "lettuce", "red": "tomato", "orange": "carrot"}
COLORS = tuple(DIE_CROP)
CROP_LETTER = {"lettuce": "L", "tomato": "T", "carrot": "C"}  # the engine's garden marks
LETTER_CROP = {letter: crop for crop, letter in CROP_LETTER.items()}
EMPTY = "."
DIE_FACES = (1, 2, 3, 4, 5, 6)
FIRST_PLAYER = 0  # the engine seats the start player first (Set-Up)
# Components and Set-Up: three dice of each colour, two of each with two players.
DICE_PER_COLOR = {2: 2, 3: 3, 4: 3}
# The house score sheet (house rule "The house score sheet"): a garden of 3 rows, column n
# taking dice that show n; a pig of 4 rows of 6 circles; markets of 6 circles, the first
# printed crossed on the basic sheet; a colour-changing pig power in the advanced game only
# (Pig Powers, Advanced Game).
GARDEN_ROWS, GARDEN_COLUMNS = 3, len(DIE_FACES)
PIG_ROW_CIRCLES, PIG_CIRCLES = 6, 24
MARKET_CIRCLES = 6
PRINTED_CROSSED = {"basic": 1, "advanced": 0}
COLOR_POWER_MODES = ("advanced",)
STEP = {"up": 1, "down": -1}


def state_faults(state: dict) -> list[str]:
    players = state["players"]
    count = len(players)
    rounds = sum(state["markets"].values())  # each round's last die crosses one circle
    faults = [f"{crop} market shows {n} circles crossed in play, outside 0-{_capacity(state)}"
              for crop, n in state["markets"].items() if not 0 <= n <= _capacity(state)]
    if sum(n == _capacity(state) for n in state["markets"].values()) > 1:
        faults.append("two full markets: the round that fills one is the last")
    if state["start"] != (FIRST_PLAYER + rounds) % count:
        faults.append(f"after {rounds} rounds the start marker is at seat {state['start']}, not "
                      f"{(FIRST_PLAYER + rounds) % count}: it moves one seat clockwise a round")
    faults += _pool_faults(state)
    drafts = _drafts_by_seat(state, rounds)
    for index, player in enumerate(players):
        faults += _sheet_faults(player)
        faults += _dice_accounting_faults(player, drafts[index])
    triggered = _triggered(state)
    if state["over"] and not triggered:
        faults.append("the game is over, but no end trigger was reached")
    if state["pool"] is None and triggered and not state["over"]:
        faults.append(f"a round ended after {triggered} was reached, but the game goes on")
    return faults


def step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if entry.get("chance") == "roll":
        return _roll_faults(before, entry, after)
    if entry["type"] == "last_die":
        return _last_die_faults(before, entry, after)
    return _draft_faults(before, entry, after)


def _capacity(state: dict) -> int:
    return MARKET_CIRCLES - PRINTED_CROSSED[state["mode"]]


def _dice(count: int) -> int:
    return len(COLORS) * DICE_PER_COLOR[count]


def _drafted_per_round(count: int) -> int:
    return _dice(count) - 1  # every die but the last


def _pool_faults(state: dict) -> list[str]:
    pool, count = state["pool"], len(state["players"])
    if pool is None:
        return [] if state["drafted"] == 0 else [f"no dice rolled, yet {state['drafted']} drafted"]
    faults = []
    if state["over"]:
        faults.append("the game is over, but dice are in the pool")
    if len(pool) + state["drafted"] != _dice(count):
        faults.append(f"{len(pool)} dice in the pool and {state['drafted']} drafted: the round has {_dice(count)}")
    if not 0 <= state["drafted"] <= _drafted_per_round(count):
        faults.append(f"{state['drafted']} dice drafted, more than the {_drafted_per_round(count)} of a round")
    colours = Counter(die["color"] for die in pool)
    if any(colour not in COLORS or n > DICE_PER_COLOR[count] for colour, n in colours.items()):
        faults.append(f"the pool {pool} holds dice the round did not roll")
    if any(die["value"] not in DIE_FACES for die in pool):
        faults.append(f"the pool {pool} holds a value no die shows")
    return faults


def _sheet_faults(player: dict) -> list[str]:
    sheet = (player["name"], tuple(player["garden"]), player["pig"], player["pig_powers_used"])
    try:
        return list(_faults_of_sheet(*sheet))
    except TypeError:  # a part of the sheet that is no text or number, which nothing can be kept under
        return list(_faults_of_sheet.__wrapped__(*sheet))


@lru_cache(maxsize=1024)  # by value: every state shows each sheet, and a step changes one
def _faults_of_sheet(name: str, garden: tuple[str, ...], pig: int, pig_powers_used: int) -> tuple[str, ...]:
    faults = []
    if len(garden) != GARDEN_ROWS or any(len(row) != GARDEN_COLUMNS for row in garden):
        return (f"{name}'s garden is not {GARDEN_ROWS} rows of {GARDEN_COLUMNS}",)
    for letter in LETTER_CROP:
        cells = {(r, c) for r, row in enumerate(garden) for c, mark in enumerate(row) if mark == letter}
        if cells and len(_patch(cells)) != len(cells):
            faults.append(f"{name}'s {LETTER_CROP[letter]} is in two patches: a crop already planted "
                          "grows only next to itself")
    if set("".join(garden)) - {EMPTY, *LETTER_CROP}:
        faults.append(f"{name}'s garden holds marks that are no crop: {list(garden)}")
    if not 0 <= pig <= PIG_CIRCLES:
        faults.append(f"{name}'s pig shows {pig} circles, outside 0-{PIG_CIRCLES}")
    if not 0 <= pig_powers_used <= pig // PIG_ROW_CIRCLES:
        faults.append(f"{name} used {pig_powers_used} pig powers with {pig} circles crossed")
    return tuple(faults)


def _patch(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells orthogonally joined to the first one."""
    reached, todo = set(), [min(cells)]
    while todo:
        r, c = todo.pop()
        if (r, c) in reached:
            continue
        reached.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    return reached


def _drafts_by_seat(state: dict, rounds: int) -> Counter:
    """The dice each seat has drafted: one each in turn from the start player, the start seat
    moving one seat each round, and this round's drafts so far."""
    count = len(state["players"])
    drafts = Counter(_round_drafts_by_seat(count, rounds))
    drafts.update((state["start"] + k) % count for k in range(state["drafted"]))
    return drafts


@lru_cache(maxsize=256)  # by value: a game asks about the same few (players, rounds) at every step
def _round_drafts_by_seat(count: int, rounds: int) -> dict[int, int]:
    """The dice each seat drafted in the whole rounds played."""
    seats = [(FIRST_PLAYER + r) % count for r in range(rounds)]
    return dict(Counter((start + k) % count for start in seats for k in range(_drafted_per_round(count))))


def _dice_accounting_faults(player: dict, drafts: int) -> list[str]:
    """Every die the player drafted is planted (one space) or fed (1 to 6 circles, none once
    the pig is full)."""
    planted = sum(len(row) - row.count(EMPTY) for row in player["garden"])
    fed = drafts - planted
    least = -(-player["pig"] // max(DIE_FACES))
    most = drafts if player["pig"] == PIG_CIRCLES else player["pig"]
    if not least <= fed <= most:
        return [f"{player['name']} drafted {drafts} dice and planted {planted}, so fed {fed}, but the pig "
                f"shows {player['pig']} circles"]
    return []


def _triggered(state: dict) -> list[str]:
    found = [f"{p['name']}'s full garden" for p in state["players"]
             if EMPTY not in "".join(p["garden"])]
    found += [f"{p['name']}'s full pig" for p in state["players"] if p["pig"] >= PIG_CIRCLES]
    return found + [f"the full {crop} market" for crop, n in state["markets"].items() if n >= _capacity(state)]


def _roll_faults(before: dict, entry: dict, after: dict) -> list[str]:
    count = len(before["players"])
    faults = [] if before["pool"] is None and not before["over"] else ["dice rolled in the middle of a round"]
    colours = [die["color"] for die in entry["dice"]]
    if colours != [c for c in COLORS for _ in range(DICE_PER_COLOR[count])]:
        faults.append(f"rolled {colours}: with {count} players every die of the round")
    if after["pool"] != entry["dice"] or after["drafted"] != 0:
        faults.append("the pool is not the dice rolled")
    return faults


def _draft_faults(before: dict, entry: dict, after: dict) -> list[str]:
    count = len(before["players"])
    drafter = (before["start"] + before["drafted"]) % count
    player, changed = before["players"][drafter], after["players"][drafter]
    faults = []
    if entry["player"] != player["name"]:
        faults.append(f"{entry['player']} drafts, but it is {player['name']}'s turn: from the start player clockwise")
    if before["drafted"] >= _drafted_per_round(count):
        faults.append("a die is drafted, but only the last die is left")
    pool = Counter(map(_die_key, before["pool"]))
    pool[_die_key(entry["die"])] -= 1
    if pool[_die_key(entry["die"])] < 0:
        faults.append(f"{entry['die']} is not in the pool")
    if Counter(map(_die_key, after["pool"])) != +pool or after["drafted"] != before["drafted"] + 1:
        faults.append("the pool did not lose just the die drafted")
    if after["markets"] != before["markets"] or after["start"] != before["start"]:
        faults.append("a draft changed the markets or the start player")
    faults += [f"{old['name']}'s sheet changed on {player['name']}'s draft"
               for i, (old, new) in enumerate(zip(before["players"], after["players"])) if i != drafter and old != new]
    colour, value, powers = _powered(entry, player, before["mode"])
    faults += powers
    if changed["pig_powers_used"] != player["pig_powers_used"] + len(entry.get("pig_powers", [])):
        faults.append(f"{len(entry['pig_powers'])} pig powers used, {player['name']}'s sheet shows another count")
    letter = CROP_LETTER[DIE_CROP[colour]]
    new_cells = [(r, c) for r in range(GARDEN_ROWS) for c in range(GARDEN_COLUMNS)
                 if player["garden"][r][c] != changed["garden"][r][c]]
    if entry["type"] == "plant":
        if len(new_cells) != 1 or player["garden"][new_cells[0][0]][new_cells[0][1]] != EMPTY:
            return faults + [f"planting changed {new_cells} of {player['name']}'s garden"]
        (r, c), = new_cells
        if changed["garden"][r][c] != letter or c + 1 != value:
            faults.append(f"a {colour} {value} planted as {changed['garden'][r][c]} in column {c + 1}")
        if changed["pig"] != player["pig"]:
            faults.append("planting fed the pig")
        return faults
    if new_cells:
        faults.append("feeding the pig planted something")
    if changed["pig"] != min(PIG_CIRCLES, player["pig"] + value):
        faults.append(f"a {value} fed to a pig of {player['pig']} circles left {changed['pig']}")
    if _plantable(player["garden"], letter, value):
        faults.append(f"a {colour} {value} was fed, but it could be planted: only a die that cannot be "
                      "planted may be fed")
    return faults


def _die_key(die: dict) -> tuple[str, int]:
    return die["color"], die["value"]


def _powered(entry: dict, player: dict, mode: str) -> tuple[str, int, list[str]]:
    """The die as the declared pig powers leave it, and what is wrong with those powers."""
    colour, value = entry["die"]["color"], entry["die"]["value"]
    faults = []
    spare = player["pig"] // PIG_ROW_CIRCLES - player["pig_powers_used"]
    if len(entry.get("pig_powers", [])) > spare:
        faults.append(f"{player['name']} used {len(entry['pig_powers'])} pig powers with {spare} unlocked")
    for power in entry.get("pig_powers", []):
        if power["power"] == "color":
            if mode not in COLOR_POWER_MODES or power["to"] == colour:
                faults.append(f"a colour power to {power['to']} in the {mode} game")
            colour = power["to"]
        else:
            value += STEP[power["power"]]
            if value not in DIE_FACES:
                faults.append(f"a pig power turns the die to {value}")
    return colour, value, faults


def _plantable(garden: list[str], letter: str, value: int) -> bool:
    return bool(_plant_spaces(garden, letter, value))


def _plant_spaces(garden: list[str], letter: str, value: int) -> list[tuple[int, int]]:
    """Planting Restrictions: the open spaces of the die's column, next to the crop if the
    garden already has it (0-based row and column)."""
    return list(_open_spaces(tuple(garden), letter, value))


@lru_cache(maxsize=4096)  # by value: a step asks about one garden for every die and power
def _open_spaces(garden: tuple[str, ...], letter: str, value: int) -> tuple[tuple[int, int], ...]:
    grown = {(r, c) for r, row in enumerate(garden) for c, mark in enumerate(row) if mark == letter}
    column = value - 1
    if not 0 <= column < GARDEN_COLUMNS:
        return ()
    return tuple((r, column) for r in range(GARDEN_ROWS) if garden[r][column] == EMPTY and (
        not grown or grown & {(r + 1, column), (r - 1, column), (r, column + 1), (r, column - 1)}))


def _last_die_faults(before: dict, entry: dict, after: dict) -> list[str]:
    count = len(before["players"])
    faults = []
    if before["pool"] is None or before["drafted"] != _drafted_per_round(count) or before["pool"] != [entry["die"]]:
        faults.append(f"{entry['die']} is crossed as the last die, but the pool is {before['pool']}")
    crop = DIE_CROP[entry["die"]["color"]]
    if after["markets"] != {**before["markets"], crop: before["markets"][crop] + 1}:
        faults.append(f"the last die is {entry['die']['color']}: one {crop} circle is crossed, the markets "
                      f"went from {before['markets']} to {after['markets']}")
    if after["players"] != before["players"]:
        faults.append("a sheet changed on the last die")
    if after["pool"] is not None or after["drafted"] != 0:
        faults.append("the dice were not collected after the last die")
    if after["start"] != (before["start"] + 1) % count:
        faults.append(f"the start marker went from seat {before['start']} to {after['start']}, not one seat clockwise")
    if after["over"] != bool(_triggered(after)):
        faults.append(f"the round ended with triggers {_triggered(after)}, and over is {after['over']}")
    return faults


# --- legal moves, from the rulebook alone ----------------------------------------------------

PLAIN_SAMPLE = 2


def legal_moves(state: dict, rng) -> list[dict]:
    """Legal moves by the rulebook alone, for the harness to see the engine accept: the last
    die once the drafts are done; else a sample of the drafter's drafts (Game Play, Planting
    Restrictions, Feed it, Pig Powers), each die of the pool planted in each space it may go,
    or fed when it fits nowhere: two drawn among those with no pig power, one among those
    turned first by a single power the drafter has unlocked (a step up or down, staying 1-6;
    in the advanced game another colour), and one among those turned by a random run of two
    or more. A sample, since the uses of up to four powers multiply to hundreds of drafts a
    step and judging them all would cost more than the game; the refusals random play never
    shows (a legal power, a legal space) sit in the plain drafts and the powers drawn here."""
    pool, count = state["pool"], len(state["players"])
    if state["over"] or not pool:
        return []
    if state["drafted"] >= _drafted_per_round(count):
        return [{"type": "last_die", "die": dict(pool[0])}]
    player = state["players"][(state["start"] + state["drafted"]) % count]
    spare = player["pig"] // PIG_ROW_CIRCLES - player["pig_powers_used"]
    plain: list[dict] = []
    single: list[dict] = []
    runs: list[dict] = []
    for die in [d for i, d in enumerate(pool) if d not in pool[:i]]:
        plain += _drafts(player, die, [], state["mode"])
        if spare > 0:
            for power in _powers(state["mode"], die["color"]):
                single += _drafts(player, die, [power], state["mode"])
        if spare > 1:
            run: list[dict] = []
            for _ in range(rng.randint(2, spare)):
                colour = next((p["to"] for p in reversed(run) if p["power"] == "color"), die["color"])
                run.append(rng.choice(_powers(state["mode"], colour)))
            runs += _drafts(player, die, run, state["mode"])
    return rng.sample(plain, min(PLAIN_SAMPLE, len(plain))) + [rng.choice(found) for found in (single, runs) if found]


def _powers(mode: str, colour: str) -> list[dict]:
    """Pig Powers: one step up or down; in the advanced game, another colour."""
    found = [{"power": "up"}, {"power": "down"}]
    if mode in COLOR_POWER_MODES:
        found += [{"power": "color", "to": other} for other in COLORS if other != colour]
    return found


def _drafts(player: dict, die: dict, run: list[dict], mode: str) -> list[dict]:
    """The die as the pig powers in `run` leave it, planted in each space the rules allow, or
    fed when it fits in none; nothing when a power would turn it past 1 or 6."""
    colour, value, faults = _powered({"die": die, "pig_powers": run}, player, mode)
    if faults:
        return []
    move = {"player": player["name"], "die": dict(die), "pig_powers": run}
    spaces = _plant_spaces(player["garden"], CROP_LETTER[DIE_CROP[colour]], value)
    if not spaces:
        return [{"type": "feed", **move}]
    return [{"type": "plant", **move, "at": [r + 1, c + 1]} for r, c in spaces]


# --- final scores, from the rulebook alone ---------------------------------------------------

# The house score sheet (docs/house-rules.md, Harvest Dice, "The house score sheet"): a pig of
# four rows of six circles worth 3, 7, 12 and 18 from the top (End Game › Pig), 5 points a
# fully planted garden row (End Game › Ribbons), a market's first circle printed crossed on the
# basic sheet only (The Last Die & The Market, Advanced Game).
PIG_ROW_POINTS = (0, 3, 7, 12, 18)  # by rows of six circles completed
RIBBON = 5
AWARD = 5  # End Game, Advanced Game: most of each crop and most pig circles


def final_scores(state: dict) -> dict[str, dict[str, int]]:
    """End Game: each veggie is worth its market's crossed circles, each full garden row a
    ribbon, the pig the value beside its last completed row; in the advanced game 5 more for
    the most of each crop and the most pig circles, shared on a tie (house rule "Advanced
    awards": only to players who have at least one)."""
    printed = PRINTED_CROSSED[state["mode"]]
    scores = {}
    for player in state["players"]:
        planted = "".join(player["garden"])
        points = {crop: planted.count(letter) * (printed + state["markets"][crop])
                  for crop, letter in CROP_LETTER.items()}
        points["ribbons"] = RIBBON * sum("." not in row for row in player["garden"])
        points["pig"] = PIG_ROW_POINTS[min(player["pig"], PIG_CIRCLES) // PIG_ROW_CIRCLES]
        if state["mode"] == "advanced":
            points["bonus"] = _awards(state, player)
        scores[player["name"]] = {**points, "total": sum(points.values())}
    return scores


def _awards(state: dict, player: dict) -> int:
    def measures(sheet: dict) -> list[int]:
        planted = "".join(sheet["garden"])
        return [planted.count(letter) for letter in CROP_LETTER.values()] + [sheet["pig"]]
    best = [max(column) for column in zip(*(measures(sheet) for sheet in state["players"]))]
    return AWARD * sum(1 for mine, top in zip(measures(player), best) if mine == top and mine > 0)


def tiebreakers(state: dict) -> dict[str, dict[str, int]]:
    """End Game: a tie goes to the most veggies planted in the garden, then to the most
    circles crossed off for the pig."""
    return {player["name"]: {"veggies_planted": sum(cell != "." for row in player["garden"] for cell in row),
                             "pig_circles": player["pig"]}
            for player in state["players"]}


def winners(state: dict) -> list[str]:
    """End Game: most points, then most veggies planted, then most pig circles
    (`tiebreakers`); still tied, the victory is shared."""
    totals, ties = final_scores(state), tiebreakers(state)
    keys = {name: (totals[name]["total"], ties[name]["veggies_planted"], ties[name]["pig_circles"])
            for name in totals}
    best = max(keys.values())
    return [name for name, key in keys.items() if key == best]
