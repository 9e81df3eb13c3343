"""Propagation's oracle, from the rulebook (Set up, Rounds and Turns, Rules, Bonus Scoring
cards, Individual plant type rules) and the engine's state format (docs/engines.md): ten
rocks apart; each player's tokens; a turn for each player from the holder of the starting
player token, who passes it to the left after each round with three or four players; plants
grown one tier at the start of their owner's turn and dead at twice their grown tier at the
end of the round; a bonus card revealed at set-up and after round 10, resolved at rounds 10
and 20; the game over after round 20, not before."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Any

# Rounds and Turns: "There are 20 total rounds"; Bonus Scoring cards: resolved at the end of
# the 10th and 20th. Taken from the rulebook, not the data module, so that a wrong number
# there is caught here.
ROUNDS = 20
BONUS_ROUNDS = (10, 20)
PHASES = ("rocks", "reveal", "grow", "act", "end_round", "over")
ACTION_PHASE = {"grow": "grow", "sow": "act", "propagate": "act", "harvest": "act", "end_round": "end_round"}
# The board (house rule "Board": the rulebook's board picture): a hexagon of radius 4 in axial
# [q, r], flat-topped, [0, -1] straight above the centre.
SPACES = {(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q) + abs(r) + abs(q + r) <= 8}
ROCKS = 10  # Set up: ten rock tokens
FIRST_PLAYER = 0  # the engine seats the first player listed first (Set up: who ate last)
# Individual plant type rules: fully grown and dying tiers, whether a harvested plant stays
# (apple trees), and the tokens each player is given (Set up).
PLANTS: dict[str, dict[str, Any]] = {"tomato": {"grown": 3, "dies": 6, "stays": False, "tokens": 15},
          "carrot": {"grown": 3, "dies": 6, "stays": False, "tokens": 10},
          "apple": {"grown": 5, "dies": 10, "stays": True, "tokens": 5}}
KINDS = tuple(PLANTS)
_N, _NE, _SE, _S, _SW, _NW = (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)
# Propagate: the patterns are house designs (house rule "Propagation patterns": the pictures
# are lost), offsets from the point of origin.
PATTERNS: dict[str, dict[str, Any]] = {
    "tomato-north-fan": {"kind": "tomato", "mode": "spread", "spaces": (_NW, _N, _NE)},
    "tomato-south-fan": {"kind": "tomato", "mode": "spread", "spaces": (_SE, _S, _SW)},
    "tomato-tripod-north": {"kind": "tomato", "mode": "spread", "spaces": (_N, _SE, _SW)},
    "tomato-tripod-south": {"kind": "tomato", "mode": "spread", "spaces": (_NE, _S, _NW)},
    "carrot-upright": {"kind": "carrot", "mode": "spread", "spaces": (_N, _S)},
    "carrot-rising": {"kind": "carrot", "mode": "spread", "spaces": (_NE, _SW)},
    "carrot-falling": {"kind": "carrot", "mode": "spread", "spaces": (_NW, _SE)},
    "carrot-north-furrow": {"kind": "carrot", "mode": "spread", "spaces": (_N, (0, -2))},
    "apple-seedling": {"kind": "apple", "mode": "choose",
                       "spaces": tuple((2 * q, 2 * r) for q, r in (_N, _NE, _SE, _S, _SW, _NW))},
}


def _neighbours(space: tuple[int, int]) -> list[tuple[int, int]]:
    return [(space[0] + dq, space[1] + dr) for dq, dr in (_N, _NE, _SE, _S, _SW, _NW)]

Space = tuple[int, int]
AT = itemgetter("at")  # a plant's space, to list plants in the order of their spaces


def state_faults(state: dict) -> list[str]:
    phase, count = state["phase"], len(state["players"])
    if phase not in PHASES or not 1 <= state["round"] <= ROUNDS:
        return [f"phase {phase!r} of round {state['round']}"]
    faults = []
    if state["start"] != _start_player(state["round"], count):
        faults.append(f"in round {state['round']} the starting player token is with player {state['start']}, not "
                      f"{_start_player(state['round'], count)}: it passes left after each round with 3 or 4 players")
    if phase == "over" and state["round"] != ROUNDS:
        faults.append(f"the game ended in round {state['round']}: it has {ROUNDS}")
    if (phase == "end_round") != (state["turn"] == count) or not 0 <= state["turn"] <= count:
        faults.append(f"{state['turn']} of {count} turns taken in phase {phase}")
    faults += _rock_faults(state)
    faults += _card_faults(state)
    faults += _plant_faults(state)
    return faults


def step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if entry.get("chance") == "rocks":
        return _rocks_step_faults(before, entry, after)
    if entry.get("chance") == "reveal":
        return _reveal_faults(before, entry, after)
    faults = []
    if ACTION_PHASE[entry["type"]] != before["phase"]:
        faults.append(f"a {entry['type']} in phase {before['phase']}")
    if entry["type"] == "end_round":
        return faults + _end_round_faults(before, entry, after)
    if entry["player"] != _current(before):
        faults.append(f"{entry['player']} acts on {_current(before)}'s turn")
    faults += ACTION_FAULTS[entry["type"]](before, entry, after)
    return faults + _turn_passing_faults(before, entry, after)


def _current(state: dict) -> str:
    players = state["players"]
    return str(players[(state["start"] + state["turn"]) % len(players)]["name"])


def _start_player(round_: int, count: int) -> int:
    passes = round_ - 1 if count > 2 else 0
    return (FIRST_PLAYER + passes) % count


def _space(at: list[int]) -> Space:
    return at[0], at[1]


def _plant_spaces(plants: list[dict]) -> set[Space]:
    return {(p["at"][0], p["at"][1]) for p in plants}


def _taken(board: dict) -> set[Space]:
    return {(r[0], r[1]) for r in board["rocks"]} | _plant_spaces(board["plants"])


# --- states -----------------------------------------------------------------------------------

def _rock_faults(state: dict) -> list[str]:
    rocks = tuple(_space(r) for r in state["board"]["rocks"])
    if state["phase"] == "rocks":
        return [] if not rocks and not state["board"]["plants"] else ["pieces on the board before the rocks"]
    return list(_placed_rock_faults(rocks))


@lru_cache(maxsize=16)  # by value: the rocks never move, and every state of a game is asked
def _placed_rock_faults(rocks: tuple[Space, ...]) -> tuple[str, ...]:
    placed = set(rocks)
    faults = [] if len(placed) == ROCKS else [f"{len(placed)} rocks, not {ROCKS}"]
    if not placed <= SPACES or any(n in placed for r in rocks for n in _neighbours(r)):
        faults.append(f"rocks {list(rocks)}: on the board and never next to each other")
    return tuple(faults)


def _cards_due(state: dict) -> int:
    """The first card is revealed at set-up, the second after round 10's bonus."""
    if state["phase"] == "rocks" or (state["phase"] == "reveal" and state["round"] == 1):
        return 0
    return 1 if state["round"] <= BONUS_ROUNDS[0] or state["phase"] == "reveal" else 2


def _resolutions_due(state: dict) -> list[int]:
    """The round of each bonus resolution made by now, in order."""
    due = [BONUS_ROUNDS[0]] if state["round"] > BONUS_ROUNDS[0] else []
    if state["phase"] == "over":
        due += [BONUS_ROUNDS[1]] * (2 if state["round_20"] == "both" else 1)
    return due


def _card_faults(state: dict) -> list[str]:
    cards = state["cards"]
    faults = []
    if len(cards) != _cards_due(state) or len(set(cards)) != len(cards) or any(
            c not in BONUS for c in cards):
        faults.append(f"bonus cards {cards} revealed in round {state['round']} ({state['phase']})")
    resolved = sorted(entry["round"] for entry in state["bonus"])
    if resolved != _resolutions_due(state):
        faults.append(f"bonus resolutions {dict(Counter(resolved))} in round {state['round']} ({state['phase']})")
    return faults


def _grown_this_round(state: dict) -> set[str]:
    """Players whose turn has begun this round (their plants have grown)."""
    players, count = state["players"], len(state["players"])
    done = state["turn"] + (state["phase"] == "act")
    return {players[(state["start"] + k) % count]["name"] for k in range(min(done, count))}


@lru_cache(maxsize=16)  # by value: the rocks never move, and every state of a game is asked
def _open_spaces(rocks: tuple[Space, ...]) -> frozenset[Space]:
    return frozenset(SPACES.difference(rocks))


def _plant_faults(state: dict) -> list[str]:
    plants, names = state["board"]["plants"], {p["name"] for p in state["players"]}
    open_spaces = _open_spaces(tuple((r[0], r[1]) for r in state["board"]["rocks"]))
    spaces = [(p["at"][0], p["at"][1]) for p in plants]
    faults = [] if len(set(spaces)) == len(spaces) else ["two plants on one space"]
    grown = _grown_this_round(state)
    for plant, space in zip(plants, spaces):
        kind = PLANTS.get(plant["kind"])
        if kind is None or plant["owner"] not in names or space not in open_spaces:
            faults.append(f"{plant} cannot be on the board")
        elif not 0 <= plant["tier"] <= kind["dies"] or (plant["tier"] == kind["dies"] and plant["owner"] not in grown):
            faults.append(f"{plant} should have died at the end of the last round")
    tokens = Counter((p["owner"], p["kind"]) for p in plants)
    faults += [f"{owner} has {n} {kind} plants on the board, more than {PLANTS[kind]['tokens']} tokens"
               for (owner, kind), n in tokens.items() if kind in PLANTS and n > PLANTS[kind]["tokens"]]
    faults += [f"{p['name']} harvested {p['harvested']}" for p in state["players"]
               if any(n < 0 for n in p["harvested"].values())]
    return faults


# --- chance -----------------------------------------------------------------------------------

def _rocks_step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    faults = [] if before["phase"] == "rocks" else [f"rocks placed in phase {before['phase']}"]
    if sorted(map(_space, after["board"]["rocks"])) != sorted(map(_space, entry["rocks"])):
        faults.append("the rocks on the board are not the rocks placed")
    return faults + ([] if after["phase"] == "reveal" else ["no card revealed after the rocks"])


def _reveal_faults(before: dict, entry: dict, after: dict) -> list[str]:
    faults = []
    if before["phase"] != "reveal" or before["round"] not in (1, BONUS_ROUNDS[0] + 1):
        faults.append(f"a card revealed in round {before['round']} ({before['phase']}): at set-up and after round 10 only")
    if entry["card"] in before["cards"] or after["cards"] != [*before["cards"], entry["card"]]:
        faults.append(f"{entry['card']} revealed to {after['cards']} after {before['cards']}")
    if after["board"] != before["board"] or after["phase"] != "grow":
        faults.append("revealing a card changed the board or skipped the first turn")
    return faults


# --- turns ------------------------------------------------------------------------------------

def _others_unchanged(before: dict, after: dict, player: str, kinds: set[str]) -> list[str]:
    """Plants not the player's of these kinds, and other players' harvests, stay as they were."""
    def keep(state: dict) -> list[dict]:
        return sorted((p for p in state["board"]["plants"] if p["owner"] != player or p["kind"] not in kinds),
                      key=AT)
    faults = [] if keep(before) == keep(after) else ["plants that were not the player's to change changed"]
    if after["board"]["rocks"] != before["board"]["rocks"]:
        faults.append("the rocks moved")
    faults += [f"{old['name']}'s harvest changed" for old, new in zip(before["players"], after["players"])
               if old["name"] != player and old != new]
    return faults


def _grow_faults(before: dict, entry: dict, after: dict) -> list[str]:
    player = entry["player"]
    own = [p for p in before["board"]["plants"] if p["owner"] == player]
    grown = sorted(({**p, "tier": p["tier"] + 1} for p in own), key=AT)
    faults = [] if grown == sorted((p for p in after["board"]["plants"] if p["owner"] == player),
                                   key=AT) else [f"{player}'s plants did not grow one tier"]
    return faults + _others_unchanged(before, after, player, set(KINDS))


def _new_plants(before: dict, after: dict) -> list[dict]:
    old = _plant_spaces(before["board"]["plants"])
    return [p for p in after["board"]["plants"] if (p["at"][0], p["at"][1]) not in old]


def _sow_faults(before: dict, entry: dict, after: dict) -> list[str]:
    player, kind, at = entry["player"], entry["kind"], _space(entry["at"])
    faults = []
    if any(p["owner"] == player and p["kind"] == kind for p in before["board"]["plants"]):
        faults.append(f"{player} sowed a {kind} with one already on the board")
    if at in _taken(before["board"]) or at not in SPACES:
        faults.append(f"{player} sowed on {list(at)}, which is not free")
    if _new_plants(before, after) != [{"at": list(at), "owner": player, "kind": kind, "tier": 0}]:
        faults.append(f"sowing a {kind} at {list(at)} placed {_new_plants(before, after)}")
    return faults + _others_unchanged(before, after, player, {kind})


def _harvest_faults(before: dict, entry: dict, after: dict) -> list[str]:
    player, kind = entry["player"], entry["kind"]
    plant = PLANTS[kind]
    ripe = [p for p in before["board"]["plants"]
            if p["owner"] == player and p["kind"] == kind and p["tier"] >= plant["grown"]]
    faults = [] if ripe else [f"{player} harvested {kind} with none fully grown"]
    kept = [p for p in before["board"]["plants"] if p["owner"] == player and p["kind"] == kind and p not in ripe]
    if plant["stays"]:
        kept += [{**p, "tier": 0} for p in ripe]
    if sorted(kept, key=AT) != sorted(
            (p for p in after["board"]["plants"] if p["owner"] == player and p["kind"] == kind), key=AT):
        faults.append(f"harvesting every fully grown {kind} of {player} left the board wrong")
    index = [p["name"] for p in before["players"]].index(player)
    gained = after["players"][index]["harvested"][kind] - before["players"][index]["harvested"][kind]
    if gained != len(ripe) or {**after["players"][index]["harvested"], kind: 0} != {
            **before["players"][index]["harvested"], kind: 0}:
        faults.append(f"{player} harvested {len(ripe)} {kind}, the count went up by {gained}")
    return faults + _others_unchanged(before, after, player, {kind})


def _pattern_spaces(pattern: dict, origin: Space) -> list[Space]:
    return [(origin[0] + dq, origin[1] + dr) for dq, dr in pattern["spaces"]]


def _propagate_faults(before: dict, entry: dict, after: dict) -> list[str]:
    player, pattern = entry["player"], PATTERNS[entry["pattern"]]
    kind, origin = pattern["kind"], _space(entry["origin"])
    board = before["board"]
    faults = []
    if not any(_space(p["at"]) == origin and p["owner"] == player and p["kind"] == kind for p in board["plants"]):
        faults.append(f"{player} has no {kind} at {list(origin)} to propagate from")
    free = [s for s in _pattern_spaces(pattern, origin) if s in SPACES and s not in _taken(board)]
    tokens = PLANTS[kind]["tokens"] - sum(p["owner"] == player and p["kind"] == kind for p in board["plants"])
    wanted = min(1 if pattern["mode"] == "choose" else len(free), tokens)
    new = _new_plants(before, after)
    if (len(new) != wanted or not wanted or any(_space(p["at"]) not in free for p in new)
            or any(p != {"at": p["at"], "owner": player, "kind": kind, "tier": 0} for p in new)):
        faults.append(f"propagating {entry['pattern']} from {list(origin)} placed {new}: {wanted} new {kind} "
                      f"plants at tier 0 on its free spaces {free}")
    return faults + _others_unchanged(before, after, player, {kind})


def _can_act(state: dict, player: str) -> bool:
    """Whether the player can sow, harvest or propagate anything (after growing)."""
    plants = state["board"]["plants"]
    taken = _taken(state["board"])
    own = [p for p in plants if p["owner"] == player]
    if SPACES - taken and {p["kind"] for p in own} != set(KINDS):
        return True
    if any(p["tier"] >= PLANTS[p["kind"]]["grown"] for p in own):
        return True
    tokens = Counter(p["kind"] for p in own)
    return any(tokens[p["kind"]] < PLANTS[p["kind"]]["tokens"]
               and any(s in SPACES and s not in taken for s in _pattern_spaces(pattern, _space(p["at"])))
               for p in own for pattern in PATTERNS.values() if pattern["kind"] == p["kind"])


def _turn_passing_faults(before: dict, entry: dict, after: dict) -> list[str]:
    """A turn ends with its action, or right after growing when no action is possible; the
    last player's turn brings the end of the round."""
    count = len(before["players"])
    if entry["type"] == "grow" and _can_act(after, entry["player"]):
        expected = (before["turn"], "act")
    else:
        turn = before["turn"] + 1
        expected = (turn, "end_round" if turn == count else "grow")
    if (after["turn"], after["phase"]) != expected:
        return [f"after {entry['player']}'s {entry['type']} it is turn {after['turn']} ({after['phase']}), "
                f"not {expected[0]} ({expected[1]})"]
    if (after["round"], after["start"], after["cards"], after["bonus"]) != (
            before["round"], before["start"], before["cards"], before["bonus"]):
        return ["a player's turn changed the round, the start player or the bonus cards"]
    return []


def _end_round_faults(before: dict, entry: dict, after: dict) -> list[str]:
    round_, count = before["round"], len(before["players"])
    faults = [] if entry["round"] == round_ else [f"round {entry['round']} ended in round {round_}"]
    living = [p for p in before["board"]["plants"] if p["tier"] < PLANTS[p["kind"]]["dies"]]
    if sorted(living, key=AT) != sorted(after["board"]["plants"], key=AT):
        faults.append("the plants at twice their grown tier, and only they, die at the end of the round")
    cards = before["cards"]
    new_bonus = after["bonus"][len(before["bonus"]):]
    due = {BONUS_ROUNDS[0]: cards[:1],
           BONUS_ROUNDS[1]: cards if before["round_20"] == "both" else cards[1:]}.get(round_, [])
    if (after["bonus"][:len(before["bonus"])] != before["bonus"]
            or sorted(b["card"] for b in new_bonus) != sorted(due)
            or any(b["round"] != round_ or b["board"] != after["board"] for b in new_bonus)):
        faults.append(f"round {round_} resolved {[b['card'] for b in new_bonus]}, not {due} on the board left")
    over = round_ == ROUNDS
    expected = (round_ if over else round_ + 1, "over" if over else "reveal" if round_ == BONUS_ROUNDS[0]
                else "grow", 0)
    if (after["round"], after["phase"], after["turn"]) != expected:
        faults.append(f"after round {round_} the game is at round {after['round']} ({after['phase']}), not "
                      f"{expected[0]} ({expected[1]})")
    passed = (before["start"] + (count > 2 and not over)) % count
    if after["start"] != passed:
        faults.append(f"the starting player token went from {before['start']} to {after['start']}, not {passed}")
    if after["players"] != before["players"] or after["cards"] != before["cards"]:
        faults.append("the end of the round changed the harvests or the cards")
    return faults


ACTION_FAULTS = {"grow": _grow_faults, "sow": _sow_faults, "harvest": _harvest_faults,
                 "propagate": _propagate_faults}



# --- legal moves, from the rulebook alone -----------------------------------------------------

def legal_moves(state: dict, rng: Any) -> list[dict]:
    """Moves the rulebook allows now, for the harness to see the engine accept: the growth
    that starts a turn, the end of a round, and in a turn's action one drawn of each kind the
    table allows (Actions): sowing a kind the player has none of on any free space, harvesting
    a kind with a fully grown plant, propagating any pattern of a kind from any own plant of
    it with a free space and a token left (on every free space the tokens reach; when they do
    not reach them all, or the pattern asks to choose, on spaces drawn among the free ones).
    One of each kind, since a wrong refusal sits in one kind's rule and a turn allows hundreds
    of sowings."""
    phase, board = state["phase"], state["board"]
    if phase == "grow":
        return [{"type": "grow", "player": _current(state), "board": board}]
    if phase == "end_round":
        return [{"type": "end_round", "round": state["round"], "board": board}]
    if phase != "act":
        return []
    player, taken = _current(state), _taken(board)
    own = [p for p in board["plants"] if p["owner"] == player]
    found: list[dict] = []
    sowable = [kind for kind in KINDS if all(p["kind"] != kind for p in own)]
    free = sorted(SPACES - taken) if sowable else []
    if free:
        found.append({"type": "sow", "player": player, "kind": rng.choice(sowable), "at": list(rng.choice(free)),
                      "board": board})
    ripe = sorted({p["kind"] for p in own if p["tier"] >= PLANTS[p["kind"]]["grown"]})
    if ripe:
        found.append({"type": "harvest", "player": player, "kind": rng.choice(ripe), "board": board})
    propagations = []
    on_board = Counter(p["kind"] for p in own)
    free_spaces = SPACES - taken
    for plant in own:
        tokens = PLANTS[plant["kind"]]["tokens"] - on_board[plant["kind"]]
        for name, pattern in PATTERNS.items():
            if pattern["kind"] != plant["kind"] or not tokens:
                continue
            open_spaces = [s for s in _pattern_spaces(pattern, _space(plant["at"])) if s in free_spaces]
            if open_spaces:
                propagations.append((name, plant["at"], open_spaces, 1 if pattern["mode"] == "choose" else tokens))
    if propagations:
        name, origin, open_spaces, most = rng.choice(propagations)
        move = {"type": "propagate", "player": player, "pattern": name, "origin": list(origin), "board": board}
        if most < len(open_spaces):
            move["targets"] = [list(s) for s in rng.sample(open_spaces, most)]
        found.append(move)
    return found


def refused_moves(state: dict, rng: Any) -> list[dict]:
    """Moves the rulebook forbids at an edge random play seldom tries, for the harness to see
    the engine refuse: a propagation of a kind whose tokens are all on the board (Setup gives
    each player 5 apple, 10 carrot and 15 tomato tokens, and a new plant is one of them),
    from each own plant of it, each of its patterns with a free space, with no targets and
    with one drawn among the free spaces."""
    if state["phase"] != "act":
        return []
    board, player = state["board"], _current(state)
    own = [p for p in board["plants"] if p["owner"] == player]
    on_board = Counter(p["kind"] for p in own)
    free_spaces = SPACES - _taken(board)
    refused = []
    for plant in own:
        if on_board[plant["kind"]] < PLANTS[plant["kind"]]["tokens"]:
            continue
        for name, pattern in PATTERNS.items():
            free = [s for s in _pattern_spaces(pattern, _space(plant["at"])) if s in free_spaces]
            if pattern["kind"] == plant["kind"] and free:
                move = {"type": "propagate", "player": player, "pattern": name, "origin": list(plant["at"]),
                        "board": board}
                refused += [move, {**move, "targets": [list(rng.choice(free))]}]
    return refused


# --- final scores, from the rulebook alone ---------------------------------------------------

# Individual plant type rules › Harvest: a tomato 1 point, a carrot 2, an apple 4.
HARVEST_POINTS = {"tomato": 1, "carrot": 2, "apple": 4}
GROWN_AT = {"tomato": 3, "carrot": 3, "apple": 5}  # ... › Growth: fully grown from this tier
# Flat-topped hexes in axial [q, r]; north is the top hex (house rule "Board").
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
CORNERS = frozenset({(0, -4), (4, -4), (4, 0), (0, 4), (-4, 4), (-4, 0)})
# The bonus cards (house rule "Bonus cards": the rulebook lost its card page): points, and
# either "most" (one winner) or the least count that pays every player who reaches it.
BONUS: dict[str, tuple[int, int | str]] = {
    "most-tomatoes": (5, "most"), "most-carrots": (5, "most"), "biggest-orchard": (6, "most"),
    "biggest-garden": (6, "most"), "largest-patch": (5, "most"), "ripe-and-ready": (4, "most"),
    "longest-furrow": (4, "most"), "rock-garden": (4, "most"), "sunny-side": (4, "most"),
    "apple-growers": (3, 3), "carrot-patch": (3, 5), "tomato-glut": (2, 8), "mixed-garden": (3, 3),
    "heart-of-the-garden": (2, 1), "corner-plots": (3, 2),
}


def final_scores(state: dict) -> dict[str, dict[str, int]]:
    """Rounds: the harvests' points and every bonus card resolved at rounds 10 and 20."""
    names = [player["name"] for player in state["players"]]
    bonus = dict.fromkeys(names, 0)
    for resolution in state["bonus"]:
        for name, paid in _bonus_paid(resolution["card"], resolution["board"], names).items():
            bonus[name] += paid
    scores = {}
    for player in state["players"]:
        points = {kind: HARVEST_POINTS[kind] * player["harvested"].get(kind, 0) for kind in HARVEST_POINTS}
        points["bonus"] = bonus[player["name"]]
        scores[player["name"]] = {**points, "total": sum(points.values())}
    return scores


def winners(state: dict) -> list[str]:
    """Rounds: the most points wins; the rulebook names no tie-breaker, so a tie is shared
    (house rule)."""
    totals = {name: score["total"] for name, score in final_scores(state).items()}
    best = max(totals.values())
    return [name for name, total in totals.items() if total == best]


def _bonus_paid(card: str, board: dict, names: list[str]) -> dict[str, int]:
    """Bonus Scoring cards: a "most" card pays everyone tied for the most, but nobody on a tie
    of two players, nor when nobody has any; the others pay everyone who reaches the count."""
    points, needed = BONUS[card]
    counts = {name: _measure(card, board, name) for name in names}
    if not isinstance(needed, str):
        return {name: points for name, n in counts.items() if n >= needed}
    best = max(counts.values())
    paid = [name for name, n in counts.items() if n == best]
    if best == 0 or (len(names) == 2 and len(paid) == 2):
        return {}
    return dict.fromkeys(paid, points)


def _measure(card: str, board: dict, name: str) -> int:
    mine = {(p["at"][0], p["at"][1]): p for p in board["plants"] if p["owner"] == name}
    kinds = {p["kind"] for p in mine.values()}
    rocks = {(q, r) for q, r in board["rocks"]}
    by_card = {
        "most-tomatoes": lambda: _of_kind(mine, "tomato"), "most-carrots": lambda: _of_kind(mine, "carrot"),
        "biggest-orchard": lambda: _of_kind(mine, "apple"), "apple-growers": lambda: _of_kind(mine, "apple"),
        "carrot-patch": lambda: _of_kind(mine, "carrot"), "tomato-glut": lambda: _of_kind(mine, "tomato"),
        "biggest-garden": lambda: len(mine),
        "largest-patch": lambda: _largest_group(set(mine)),
        "ripe-and-ready": lambda: sum(p["tier"] >= GROWN_AT[p["kind"]] for p in mine.values()),
        "longest-furrow": lambda: _longest_line({at for at, p in mine.items() if p["kind"] == "carrot"}),
        "rock-garden": lambda: sum(any(_step(at, d) in rocks for d in DIRECTIONS) for at in mine),
        "sunny-side": lambda: sum(2 * r + q < 0 for q, r in mine),  # above the middle row
        "mixed-garden": lambda: len(kinds),
        "heart-of-the-garden": lambda: sum(abs(q) + abs(r) + abs(q + r) <= 2 for q, r in mine),
        "corner-plots": lambda: len(CORNERS & set(mine)),
    }
    return by_card[card]()


def _of_kind(mine: dict, kind: str) -> int:
    return sum(p["kind"] == kind for p in mine.values())


def _step(at: tuple[int, int], direction: tuple[int, int]) -> tuple[int, int]:
    return at[0] + direction[0], at[1] + direction[1]


def _largest_group(spaces: set[tuple[int, int]]) -> int:
    largest, seen = 0, set()
    for start in spaces:
        if start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            at = frontier.pop()
            for near in (_step(at, d) for d in DIRECTIONS):
                if near in spaces and near not in group:
                    group.add(near)
                    frontier.append(near)
        seen |= group
        largest = max(largest, len(group))
    return largest


def _longest_line(spaces: set[tuple[int, int]]) -> int:
    longest = 0
    for at in spaces:
        for direction in DIRECTIONS[:3]:
            if _step(at, (-direction[0], -direction[1])) in spaces:
                continue  # not the line's first space
            length, here = 0, at
            while here in spaces:
                length, here = length + 1, _step(here, direction)
            longest = max(longest, length)
    return longest
