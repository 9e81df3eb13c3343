"""Garden Variety's oracle, from the rulebook (How to start, How to play, Winning a round)
and the engine's state format (docs/engines.md): every card of the deck in exactly one
hand, garden bed or the deck; hands drawn back to five, the round's winner first; the die
rolled once before the round (a chaos face rolled again after the plays, as the round's
rule); the round led by the last round's winner and played clockwise; the winner, found by
comparing the cards in play order with the house gnomes' effects, takes every card played; no
round once a hand is empty."""
from __future__ import annotations

from collections import Counter

# How to start: a hand is drawn back to five cards.
HAND_SIZE = 5
# How to play: five faces name the number to be closest to; chaos is rolled again.
CHAOS = "chaos"
DIE_RULES = (0, 3, 5, 7, 10)
DIE_FACES = (*DIE_RULES, CHAOS)
# Types of cards: blue opossum beats red snail beats green frog beats yellow bee beats blue.
BEATS = {"blue": "red", "red": "green", "green": "yellow", "yellow": "blue"}
# What's in the box: 54 cards. The split is the house deck (house rule "The deck"): each colour
# 1-9, a blue and a green 0/10, wildflowers 1, 4, 6 and 9, three of each of the four gnomes.
DECK = Counter(
    [f"critter-{colour}-{n}" for colour in BEATS for n in range(1, 10)]
    + ["critter-blue-0-10", "critter-green-0-10"] + [f"wildflower-{n}" for n in (1, 4, 6, 9)]
    + [f"gnome-{name}" for name in ("copycat", "wishing", "topsy-turvy", "thief") for _ in range(3)])


def state_faults(state: dict) -> list[str]:
    players = state["players"]
    count = len(players)
    faults = []
    held = Counter(state["deck"])
    for player in players:
        held.update(player["hand"])
        held.update(player["garden_bed"])
        if len(player["hand"]) > HAND_SIZE:
            faults.append(f"{player['name']} holds {len(player['hand'])} cards, more than {HAND_SIZE}")
        if len(player["garden_bed"]) % count:
            faults.append(f"{player['name']}'s garden bed holds {len(player['garden_bed'])} cards: a won "
                          f"round brings {count}")
    if held != DECK:
        faults.append(f"cards not accounted for once: missing {dict(DECK - held)}, extra {dict(held - DECK)}")
    if not 0 <= state["leader"] < count:
        faults.append(f"leader {state['leader']} is no player")
    rolls = state["rolls"]
    if len(rolls) > 1 or any(face not in DIE_FACES for face in rolls):
        faults.append(f"rolls {rolls}: the die is rolled once before a round (a chaos face again after the plays)")
    if state["drawing"] != _still_to_draw(state):
        faults.append(f"drawing {state['drawing']}, but {_still_to_draw(state)} are to draw back to "
                      f"{HAND_SIZE}, the leader first and then clockwise, while the deck lasts")
    if state["drawing"] and rolls:
        faults.append("the die is rolled before every player has drawn")
    return faults


def step_faults(before: dict, entry: dict, after: dict) -> list[str]:
    if entry.get("chance") == "draw":
        return _draw_faults(before, entry, after)
    if entry.get("chance") == "roll":
        return _roll_faults(before, entry, after)
    return _round_faults(before, entry, after)


def _still_to_draw(state: dict) -> list[int]:
    """Players short of a full hand, from the leader clockwise; nobody once the deck is out."""
    if not state["deck"]:
        return []
    return [i for i in _clockwise(state) if len(state["players"][i]["hand"]) < HAND_SIZE]


def _clockwise(state: dict) -> list[int]:
    count = len(state["players"])
    return [(state["leader"] + k) % count for k in range(count)]


def _game_over(state: dict) -> bool:
    """How to play: a round that starts with an empty hand ends the game."""
    return not _still_to_draw(state) and any(not p["hand"] for p in state["players"])


def _draw_faults(before: dict, entry: dict, after: dict) -> list[str]:
    waiting = _still_to_draw(before)
    if not waiting:
        return ["a card is drawn, but every hand is full or the deck is out"]
    drawer = waiting[0]
    name = before["players"][drawer]["name"]
    faults = [] if entry["player"] == name else [f"{entry['player']} draws, but {name} is next to draw"]
    wanted = min(HAND_SIZE - len(before["players"][drawer]["hand"]), len(before["deck"]))
    if len(entry["cards"]) != wanted:
        faults.append(f"{name} draws {len(entry['cards'])} cards, not {wanted}")
    hand = Counter(before["players"][drawer]["hand"]) + Counter(entry["cards"])
    if Counter(after["players"][drawer]["hand"]) != hand:
        faults.append(f"{name}'s hand is not the old hand and the cards drawn")
    if Counter(after["deck"]) != Counter(before["deck"]) - Counter(entry["cards"]):
        faults.append("the deck did not lose exactly the cards drawn")
    faults += _only_player_changed(before, after, drawer, "hand")
    return faults


def _roll_faults(before: dict, entry: dict, after: dict) -> list[str]:
    faults = []
    if _still_to_draw(before):
        faults.append("the die is rolled before every player has drawn")
    if _game_over(before):
        faults.append("the die is rolled, but a hand is empty: the game is over")
    if before["rolls"]:
        faults.append(f"the die is rolled again before the plays, though it shows {before['rolls'][-1]}")
    if after["rolls"] != [*before["rolls"], entry["face"]]:
        faults.append(f"rolls {after['rolls']} after rolling {entry['face']}")
    return faults


def _round_faults(before: dict, entry: dict, after: dict) -> list[str]:
    players = before["players"]
    order = [players[i]["name"] for i in _clockwise(before)]
    plays = entry["plays"]
    faults = []
    if _game_over(before):
        faults.append("a round is played, but a hand is empty: the game is over")
    if [play["player"] for play in plays] != order:
        faults.append(f"played by {[p['player'] for p in plays]}: the leader {order[0]} first, then clockwise")
    if before["rolls"] != [entry["rule"]] and (before["rolls"] != [CHAOS] or entry["rule"] not in DIE_RULES):
        faults.append(f"rule {entry['rule']}, but the die shows {before['rolls']} (after a chaos face, the "
                      "reroll once the cards are played)")
    played = {play["player"]: _card_id(play["card"]) for play in plays}
    winners = [i for i, (old, new) in enumerate(zip(players, after["players"]))
               if len(new["garden_bed"]) != len(old["garden_bed"])]
    for old, new in zip(players, after["players"]):
        if Counter(new["hand"]) != Counter(old["hand"]) - Counter([played.get(old["name"], "")]):
            faults.append(f"{old['name']}'s hand did not lose just the card played")
    if len(winners) != 1:
        return faults + [f"{len(winners)} garden beds changed: the winner alone takes the cards"]
    winner = winners[0]
    taken = Counter(after["players"][winner]["garden_bed"]) - Counter(players[winner]["garden_bed"])
    if taken != Counter(played.values()):
        faults.append(f"the winner took {dict(taken)}, not the cards played")
    if after["leader"] != winner:
        faults.append(f"{players[winner]['name']} won the round but {players[after['leader']]['name']} leads next")
    expected = _round_winner(plays, entry["rule"])
    if expected != players[winner]["name"]:
        faults.append(f"by the rule {entry['rule']} and the cards played {expected} wins, not "
                      f"{players[winner]['name']}")
    if after["rolls"]:
        faults.append("the die still shows the played round's rule")
    return faults


def _only_player_changed(before: dict, after: dict, index: int, field: str) -> list[str]:
    return [f"{old['name']}'s cards changed out of turn" for i, (old, new)
            in enumerate(zip(before["players"], after["players"]))
            if (i != index and new != old) or (i == index and {**new, field: 0} != {**old, field: 0})]


def _card_id(card: dict) -> str:
    if card["kind"] == "critter":
        return f"critter-{card['color']}-{str(card['number']).replace('/', '-')}"
    if card["kind"] == "wildflower":
        return f"wildflower-{card['number']}"
    return f"gnome-{card['name']}"


def _round_winner(plays: list[dict], rule: int) -> str:
    """Winning a round: the first card against the next, the card still standing against the
    one after, in the order played. Nearer the rule wins (farther while an odd number of
    topsy-turvy gnomes is played); a card with a number beats one without; on a tie the copycat
    wins, the wishing gnome loses, a wildflower beats a critter, a critter beats the colour after
    it in the cycle, else the card played first stays. The gnomes are the house's (house rule
    "The gnomes"): a copycat is the card before it (nothing played first), a wishing gnome its
    declared number, a thief knocks out the card standing and stays with no number."""
    flipped = sum(play["card"].get("name") == "topsy-turvy" for play in plays) % 2 == 1
    cards: list[dict] = []
    for play in plays:
        card = play["card"]
        name = card.get("name")
        if card["kind"] != "gnome":
            cards.append({"player": play["player"], "number": _value(card), "kind": card["kind"],
                          "color": card.get("color")})
        elif name == "copycat":
            copied = cards[-1] if cards else {"number": None, "kind": "gnome", "color": None}
            cards.append({**copied, "player": play["player"], "wins_ties": True, "loses_ties": False, "thief": False})
        elif name == "wishing":
            cards.append({"player": play["player"], "number": card["declared"], "kind": "gnome", "loses_ties": True})
        else:
            cards.append({"player": play["player"], "number": None, "kind": "gnome", "thief": name == "thief"})
    best = cards[0]
    for card in cards[1:]:
        if card.get("thief") or _beats(card, best, rule, flipped):
            best = card
    return str(best["player"])


def _beats(card: dict, best: dict, rule: int, flipped: bool) -> bool:
    """Whether a card played later knocks out the card standing."""
    if card["number"] is None or best["number"] is None:
        if card["number"] is not None or best["number"] is not None:
            return card["number"] is not None
    else:
        near, nearest = abs(card["number"] - rule), abs(best["number"] - rule)
        if near != nearest:
            return (near > nearest) if flipped else (near < nearest)
    for flag, wins in (("wins_ties", True), ("loses_ties", False)):
        if card.get(flag, False) != best.get(flag, False):
            return card.get(flag, False) == wins
    if {card["kind"], best["kind"]} == {"wildflower", "critter"}:
        return card["kind"] == "wildflower"
    return card["kind"] == best["kind"] == "critter" and BEATS.get(card["color"]) == best["color"]


def _value(card: dict) -> int:
    return int(card["declared"] if "declared" in card else card["number"])


# --- legal moves, from the rulebook alone ----------------------------------------------------

PLAYS_SAMPLED = 3
RARE_VALUES = (0, 10)  # Critter cards: a 0/10 is declared 0 or 10 when played
WISHES = range(1, 10)  # the wishing gnome's declared number (house rule "The gnomes": 1 to 9)


def legal_moves(state: dict, rng) -> list[dict]:
    """Rounds the rulebook allows (How to play), for the harness to see the engine accept:
    PLAYS_SAMPLED rounds, each player in play order (the leader, then clockwise) playing a
    card drawn from their hand with a declaration drawn among those it allows, under the
    die's rule (after a chaos face, any rule the reroll may show). A sample: every player's
    choices multiply (five cards, a wishing gnome's nine wishes) to thousands of rounds.
    Besides, each declaration a card in a hand allows is played in a round of its own (a
    wishing gnome's every wish, a 0/10 critter as 0 and as 10): drawn at random, a wish of 9
    came up in a round only now and then, so a wish wrongly refused went unseen."""
    if not state["rolls"] or state["drawing"] or _game_over(state):
        return []
    rules = DIE_RULES if state["rolls"] == [CHAOS] else state["rolls"]
    hands = [(state["players"][i]["name"], state["players"][i]["hand"]) for i in _clockwise(state)]

    def round_of(plays: list[dict]) -> dict:
        return {"type": "resolve_round", "rule": rng.choice(rules), "plays": plays}

    def drawn() -> list[dict]:
        return [_play(name, card, rng.choice(_declarations(card)))
                for name, hand in hands for card in [rng.choice(hand)]]

    rounds = [round_of(drawn()) for _ in range(PLAYS_SAMPLED)]
    for seat, (name, hand) in enumerate(hands):
        for card in sorted(set(hand)):
            for value in _declarations(card):
                if value is not None:
                    plays = drawn()
                    plays[seat] = _play(name, card, value)
                    rounds.append(round_of(plays))
    return rounds


def _declarations(card_id: str) -> tuple[int | None, ...]:
    """What a card of the house deck may be declared as when played: a 0/10 critter 0 or 10, a
    wishing gnome its wish; None for a card declared as nothing."""
    if card_id.endswith("-0-10"):
        return RARE_VALUES
    return tuple(WISHES) if card_id == "gnome-wishing" else (None,)


def _play(player: str, card_id: str, declared: int | None) -> dict:
    """The player's play of a card of the house deck: a critter's colour and number (the rare
    one with its declared value), a wildflower's number, a gnome's name (the wishing gnome's
    wish)."""
    kind, *rest = card_id.split("-")
    if kind == "critter":
        colour, *number = rest
        if number == ["0", "10"]:
            card = {"kind": kind, "color": colour, "number": "0/10", "declared": declared}
        else:
            card = {"kind": kind, "color": colour, "number": int(number[0])}
    elif kind == "wildflower":
        card = {"kind": kind, "number": int(rest[0])}
    else:
        name = "-".join(rest)
        card = {"kind": kind, "name": name, **({"declared": declared} if declared is not None else {})}
    return {"player": player, "card": card}


# --- final scores, from the rulebook alone ---------------------------------------------------

def final_scores(state: dict) -> dict[str, dict[str, int]]:
    """Winning the game: cards left in hand join the garden bed and every card is a point
    (the house rule "Scoring" counts the hand beside the bed, as this rulebook says)."""
    return {player["name"]: {"garden_bed": len(player["garden_bed"]), "hand": len(player["hand"]),
                             "total": len(player["garden_bed"]) + len(player["hand"])}
            for player in state["players"]}


def tiebreakers(state: dict) -> dict[str, dict[str, int]]:
    """Winning the game: a tie goes to the most gnomes collected (house rule "Scoring": gnomes
    left in hand count too, the hand being added to the bed first)."""
    return {player["name"]: {"gnomes": sum(card.startswith("gnome-")
                                           for card in player["garden_bed"] + player["hand"])}
            for player in state["players"]}


def winners(state: dict) -> list[str]:
    """Winning the game: most cards, then the most gnomes (`tiebreakers`); still tied, the
    tied players share the win (the rock-paper-scissors is not scored)."""
    totals, ties = final_scores(state), tiebreakers(state)
    keys = {name: (totals[name]["total"], ties[name]["gnomes"]) for name in totals}
    best = max(keys.values())
    return [name for name, key in keys.items() if key == best]
