"""Garden Variety's engine: deal, roll, play a round, draw back to five, until a hand is empty.

The full state (version 2):
    {"players": [{"name": "Ann", "hand": [card ids], "garden_bed": [card ids]}],
     "deck": [card ids], "leader": 0, "rolls": [the die's face this round, once rolled],
     "drawing": [player indexes still to draw, in order]}
Card ids are data.Card.id ("critter-blue-6", "gnome-thief"). Chance outcomes are
{"chance": "draw", "player": P, "cards": [ids]} and {"chance": "roll", "face": 0|3|5|7|10|"chaos"}.
At the table a chaos face is rolled again only once every card is played, so the log keeps
that order: the round's `resolve_round` (the plays) carries the reroll as its rule, and no
roll entry stands between the chaos face and the plays. Who wins a round is the rules
module's `resolve`, reached through `check`.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from scorer.games.core import (
    ModestNumber,
    StateModel,
    Text,
    Violation,
    describe_value,
    violation,
    violations_from_error,
)
from scorer.games.engine import LOG_RULE, RANDOM_ACTIONS, Action, Chance, Engine, Outcome, State
from scorer.games.garden_variety import data
from scorer.games.words import plural

RULE_PLAY = f"{data.TITLE} › How to play"
RULE_START = f"{data.TITLE} › How to start"
CARDS_BY_ID = {card.id: card for card in data.DECK}
NOT_A_RULE = (1, 4, None, "seven")  # die faces that do not exist, for the random tests


# What a recorded chance outcome may hold, no more: the face and the cards are judged by
# chance_violations, in the game's words.
class Roll(StateModel):
    chance: Literal["roll"]
    face: Annotated[Any, ModestNumber]


class Draw(StateModel):
    chance: Literal["draw"]
    player: Text
    cards: Annotated[list[Text], Field(max_length=data.BOX_CARDS)]


OUTCOMES: dict[str, type[StateModel]] = {"roll": Roll, "draw": Draw}


class GardenVarietyEngine(Chance, Engine):
    # Version 2: a chaos face's reroll is the rule of the round's entry, written after the
    # plays as at the table (version 1 logged it as a second roll before them).
    version = 2
    house_rules = (
        "Garden Variety: the four gnome effects are gardenkit's own (docs/house-rules.md, Garden Variety)",
        "Garden Variety: the deck is gardenkit's printed deck (deck.csv)",
        "Garden Variety: the first listed player starts; after a chaos face the die is rolled again once every "
        "card is played, until it shows a rule, and the round's entry gives that rule",
    )
    # A round's candidates are one uniform draw of every player's card (and, after a chaos
    # face, of the reroll), not every combination.
    candidates_complete = False

    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        deck = sorted(card.id for card in data.expand(data.DECK))
        return {"players": [{"name": name, "hand": [], "garden_bed": []} for name in names],
                "deck": deck, "leader": data.FIRST_PLAYER, "rolls": [], "drawing": list(range(len(names)))}

    # chance -------------------------------------------------------------------------------
    def chance_kind(self, state: State) -> str | None:
        if state["drawing"]:
            return "draw"
        if self.is_over(state) or state["rolls"]:
            return None
        return "roll"

    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        if self.chance_kind(state) == "roll":
            return {"chance": "roll", "face": rng.choice(data.DIE_FACES)}
        player = state["players"][state["drawing"][0]]
        return {"chance": "draw", "player": player["name"],
                "cards": rng.sample(state["deck"], draw_count(state, player))}

    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        try:
            OUTCOMES[outcome["chance"]].model_validate(outcome)
        except ValidationError as error:
            return violations_from_error(error, LOG_RULE, "chance", item_words=self.game.item_words)
        if outcome["chance"] == "roll":
            face = outcome["face"]
            # A face is one of the die's own: 3.0 or true is not a face, though Python finds them equal.
            if face in data.DIE_FACES and type(face) in (int, str):
                return []
            return [violation("no-such-face", RULE_PLAY, f"the die has no face {describe_value(face)}; its "
                                                    "faces are 0, 3, 5, 7, 10 and chaos", "chance.face")]
        player = state["players"][state["drawing"][0]]
        if outcome.get("player") != player["name"]:
            return [violation("out-of-turn", RULE_PLAY, f"{player['name']} draws next", "chance.player")]
        cards = outcome["cards"]
        wanted = draw_count(state, player)
        if len(cards) != wanted:
            return [violation("wrong-draw", RULE_PLAY, f"{player['name']} draws {plural(wanted, 'card')} "
                                                  "(back up to five, while the deck lasts)", "chance.cards")]
        missing: Counter[str] = Counter(cards) - Counter(state["deck"])
        if missing:
            return [violation("not-in-deck", RULE_PLAY, f"the deck holds no {', '.join(map(str, missing))}",
                              "chance.cards")]
        return []

    def apply_chance(self, state: State, outcome: Outcome) -> State:
        if outcome["chance"] == "roll":
            return {**state, "rolls": [*state["rolls"], outcome["face"]]}
        index, *rest = state["drawing"]
        players = [dict(p) for p in state["players"]]
        players[index]["hand"] = sorted(players[index]["hand"] + outcome["cards"])
        deck: list[str] = list((Counter(state["deck"]) - Counter(outcome["cards"])).elements())
        state = {**state, "players": players, "deck": sorted(deck), "drawing": rest}
        # a player with a full hand or facing an empty deck draws nothing: no entry for that
        return {**state, "drawing": [i for i in rest if draw_count(state, players[i])]}

    # actions ------------------------------------------------------------------------------
    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """Rounds with a random rule, random cards of the whole deck (in hand or not), in turn
        order or shuffled, now and then a player missing or a declaration wrong."""
        found = []
        for _ in range(RANDOM_ACTIONS):
            players = [state["players"][i] for i in play_order(state)]
            if rng.random() < 0.3:
                rng.shuffle(players)
            if rng.random() < 0.1:
                players = players[:-1]
            plays = []
            for player in players:
                card = rng.choice(options(player)) if rng.random() < 0.6 else _play_json(
                    rng.choice(list(CARDS_BY_ID)), rng.choice((0, 5, 10)))
                if rng.random() < 0.05:
                    card = {**card, "declared": rng.choice((-1, 4, 11))}
                plays.append({"player": player["name"], "card": card})
            rule = state["rolls"][-1] if rng.random() < 0.6 else rng.choice((*data.DIE_FACES, *NOT_A_RULE))
            found.append({"type": "resolve_round", "rule": rule, "plays": plays})
        return found

    def is_over(self, state: State) -> bool:
        """A round starts (everyone has drawn) and someone has no card to play."""
        return not state["drawing"] and not state["rolls"] and any(not p["hand"] for p in state["players"])

    # views ----------------------------------------------------------------------------------
    def score_state(self, state: State) -> dict[str, Any]:
        """Winning the game: the cards left in hand join the garden bed, so a gnome still in
        hand counts for the tie-break too (docs/house-rules.md, Scoring)."""
        return {"players": [_counts(p, len(p["hand"]), p["garden_bed"] + p["hand"]) for p in state["players"]]}

    def check_state(self, state: State) -> dict[str, Any]:
        """While the round is played every player's card is on the table, out of the hand;
        the gnomes are those won so far (a gnome in hand may still be played)."""
        playing = self.chance_kind(state) is None and not self.is_over(state)
        return {"players": [_counts(p, len(p["hand"]) - playing, p["garden_bed"]) for p in state["players"]]}


def _counts(player: dict, hand: int, gnomes_among: list[str]) -> dict[str, Any]:
    gnomes = sum(1 for card in gnomes_among if CARDS_BY_ID[card].kind == "gnome")
    return {"name": player["name"], "garden_bed": len(player["garden_bed"]), "hand": hand, "gnomes": gnomes}


def draw_count(state: State, player: dict) -> int:
    return min(data.HAND_SIZE - len(player["hand"]), len(state["deck"]))


def play_order(state: State) -> list[int]:
    count = len(state["players"])
    return [(state["leader"] + k) % count for k in range(count)]


def options(player: dict) -> list[dict]:
    """Every different play the player's hand allows: each card once, with each value a
    0/10 critter or a wishing gnome may be declared as."""
    return [_play_json(card, declared) for card in sorted(set(player["hand"]))
            for declared in _declarations(CARDS_BY_ID[card])]


def _declarations(card: data.Card) -> list[int | None]:
    if card.number == data.RARE_NUMBER:
        return list(data.RARE_VALUES)
    gnome = data.GNOMES.get(card.name) if card.name else None
    if gnome is not None and gnome.declares:
        low, high = gnome.declared_range
        return list(range(low, high + 1))
    return [None]


def _play_json(card_id: str, declared: int | None) -> dict:
    """A card as a play's JSON; `declared` is used only by a card that is declared."""
    card = CARDS_BY_ID[card_id]
    if card.kind == "critter":
        found: dict[str, Any] = {"kind": "critter", "color": card.color, "number": card.number}
    elif card.kind == "wildflower":
        found = {"kind": "wildflower", "number": card.number}
    else:
        found = {"kind": "gnome", "name": card.name}
    choices = _declarations(card)
    if choices != [None]:
        found["declared"] = declared if declared in choices else choices[0]
    return found


def card_id(card: Any) -> str:
    return data.Card(card.kind, card.color, card.number, card.name).id
