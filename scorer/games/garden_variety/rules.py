"""Garden Variety rules: end scoring, impossible states, and who wins a round.

Rule names cite the rulebook's section headings (rules/garden-variety.md); where the rulebook
is silent or contradicts itself, the house choice is in data.py and docs/house-rules.md.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, WithJsonSchema

from scorer.games.core import (
    CheckResult,
    Example,
    Game,
    ModestNumber,
    PlayerName,
    PlayerScore,
    Reading,
    StateModel,
    Violation,
    describe_value,
    is_index,
    not_over,
    violation,
    whole_number,
)
from scorer.games.engine import Action as ActionJSON
from scorer.games.engine import Move, State, Table
from scorer.games.garden_variety import data, examples
from scorer.games.garden_variety import engine as variety_engine
from scorer.games.garden_variety.engine import GardenVarietyEngine, card_id, options
from scorer.games.words import plural

_G = data.TITLE
RULE_BOX = f"{_G} › What's in the box"
RULE_START = f"{_G} › How to start"
RULE_PLAY = f"{_G} › How to play"
RULE_CARDS = f"{_G} › Types of cards"
RULE_GNOMES = f"{_G} › Types of cards › Gnome cards"
RULE_ROUND = f"{_G} › Winning a round"
RULE_END = f"{_G} › Winning the game"
# The rulebook gives no player count; the box says 2 to 5.
RULE_PLAYERS = f"{_G} › How to start (the box: 2 to 5 players)"


# --- models -----------------------------------------------------------------------------------
Count = Annotated[int, Field(ge=0, le=data.BOX_CARDS, description="a number of cards")]


class Player(StateModel):
    name: PlayerName
    garden_bed: Annotated[Count, Field(description="cards collected by winning rounds")]
    hand: Annotated[Count, Field(description="cards left in hand at the end")]
    gnomes: Annotated[Count, Field(description="gnome cards collected, those left in hand at the end included "
                                               "(tie-breaker)")]


class GardenVarietyState(StateModel):
    players: list[Player]


class CardPlayed(StateModel):
    """A card as played. The fields a kind needs are checked by the rules, so that an
    impossible card (a critter 12, a purple critter, an undeclared 0/10) is answered as an
    illegal play with a reason rather than as malformed JSON."""

    kind: Annotated[str, Field(json_schema_extra={"enum": list(data.KINDS)})]
    color: Annotated[str, Field(json_schema_extra={"enum": list(data.COLORS)})] | None = None
    number: Annotated[Any, ModestNumber, WithJsonSchema({"anyOf": [{"type": "integer"}, {"const": data.RARE_NUMBER}],
                                           "description": "1-9, or 0/10 for the rare critter"})] = None
    declared: Annotated[Any, ModestNumber, WithJsonSchema({"type": "integer", "description":
                                             "the value chosen for a 0/10 critter or a wishing gnome"})] = None
    name: Annotated[str, Field(json_schema_extra={"enum": list(data.GNOMES)})] | None = None


class Play(StateModel):
    player: PlayerName
    card: CardPlayed


class ResolveRound(StateModel):
    type: Literal["resolve_round"]
    # Any, checked by the rules: a rule that is no die face is an illegal play, not bad JSON.
    rule: Annotated[Any, ModestNumber, WithJsonSchema({"enum": list(data.DIE_RULES), "description":
                                         "the die's rule for the round (after a chaos roll, the reroll)"})]
    plays: list[Play] = Field(description="every player's card, in play order", max_length=data.MAX_PLAYERS)


GardenVarietyAction = Annotated[ResolveRound, Field(discriminator="type")]


# --- how a played card takes part in the comparisons ------------------------------------------
@dataclass(frozen=True)
class Standing:
    """What a played card counts as: its number (None: a gnome without one), its kind and
    colour for the tie-breakers, and the tie flags of the copycat and wishing gnomes."""

    player: str
    number: int | None
    kind: str
    color: str | None = None
    wins_ties: bool = False
    loses_ties: bool = False
    thief: bool = False


def standings(plays: list[Play]) -> list[Standing]:
    found: list[Standing] = []
    for play in plays:
        card = play.card
        if card.kind == "critter":
            value = card.declared if card.number == data.RARE_NUMBER else card.number
            found.append(Standing(play.player, value, "critter", card.color))
        elif card.kind == "wildflower":
            found.append(Standing(play.player, card.number, "wildflower"))
        elif card.name == "copycat":
            previous = found[-1] if found else Standing(play.player, None, "gnome")
            found.append(Standing(play.player, previous.number, previous.kind, previous.color,
                                  wins_ties=True))
        elif card.name == "wishing":
            found.append(Standing(play.player, card.declared, "gnome", loses_ties=True))
        else:  # topsy-turvy and thief count as no number
            found.append(Standing(play.player, None, "gnome", thief=card.name == "thief"))
    return found


def compare(first: Standing, second: Standing, rule: int, flipped: bool) -> tuple[Standing, str]:
    """The card that stays in the round when `first` (played earlier) meets `second`, and
    why, in plain words."""
    if first.number is None or second.number is None:
        if first.number is not None or second.number is not None:
            winner = first if first.number is not None else second
            return winner, "a card with a number beats a gnome without one"
    else:
        near, far = abs(first.number - rule), abs(second.number - rule)
        if near != far:
            first_wins = (near > far) if flipped else (near < far)
            winner = first if first_wins else second
            how = "farther from" if flipped else "closer to"
            return winner, f"{winner.number} is {how} {rule}"
    return _break_tie(first, second)


def _break_tie(first: Standing, second: Standing) -> tuple[Standing, str]:
    if first.wins_ties != second.wins_ties:
        return (first if first.wins_ties else second), "the copycat gnome wins ties"
    if first.loses_ties != second.loses_ties:
        return (second if first.loses_ties else first), "the wishing gnome loses ties"
    if {first.kind, second.kind} == {"wildflower", "critter"}:
        return (first if first.kind == "wildflower" else second), "a wildflower beats a critter on a tie"
    if first.kind == second.kind == "critter" and first.color and second.color:
        for winner, loser in ((first, second), (second, first)):
            if winner.color and data.BEATS[winner.color] == loser.color:
                return winner, (f"{data.CRITTERS[winner.color]} ({winner.color}) beats "
                                f"{data.CRITTERS[loser.color]} ({loser.color})")
    return first, "still tied: the card played first wins"


def _rulebook_contradicts(first: Standing, second: Standing, rule: int) -> bool:
    """A red and a blue critter at the same distance, with no gnome's tie flag: the tie the
    rulebook's colour list and its own example settle differently."""
    return (first.kind == second.kind == "critter" and {first.color, second.color} == data.CONTRADICTED_PAIR
            and not (first.wins_ties or second.wins_ties or first.loses_ties or second.loses_ties)
            and first.number is not None and second.number is not None
            and abs(first.number - rule) == abs(second.number - rule))


def _contradiction(first: Standing, second: Standing) -> dict:
    """The rulebook's two readings of a red-blue tie, which one gardenkit plays and why, as a
    violation-shaped note (code, rule, message) naming the section."""
    by_example = first.player
    by_colour = first.player if first.color == "blue" else second.player
    outcome = ("Here both readings give the same winner." if by_example == by_colour else
               f"By the example, {by_example} (played first) would stay instead.")
    return {"code": "rulebook-contradicts-itself", "rule": RULE_ROUND, "path": "",
            "message": "The rulebook contradicts itself on this pair: its colour list (Types of cards) says the "
                       "blue opossum beats the red snail, but its example under Winning a round says a red 6 and a "
                       "blue 8 cannot be separated by colour, so the card played first wins. gardenkit plays the "
                       "colour list: it is stated as the rule, while the worked example that should follow it is "
                       "missing from the rulebook (a broken box is left), so the example's sentence is the likelier "
                       f"slip (house rules: Comparing two cards). {outcome}"}


def resolve(plays: list[Play], rule: int) -> dict:
    """The rulebook's pairwise elimination: the first card meets the next one, the loser
    leaves the round, the card still standing meets the next, and so on."""
    flipped = sum(1 for p in plays if p.card.name == "topsy-turvy" and p.card.kind == "gnome") % 2 == 1
    cards = standings(plays)
    champion, eliminated, steps = cards[0], [], []
    for challenger in cards[1:]:
        if challenger.thief:
            winner, loser, reason = challenger, champion, "the thief gnome knocks out the card winning so far"
        else:
            winner, reason = compare(champion, challenger, rule, flipped)
            loser = challenger if winner is champion else champion
        eliminated.append(loser.player)
        step: dict[str, Any] = {"stays": winner.player, "out": loser.player, "reason": reason}
        if not challenger.thief and _rulebook_contradicts(champion, challenger, rule):
            step["rulebook_contradiction"] = _contradiction(champion, challenger)
        steps.append(step)
        champion = winner
    return {"winner": champion.player, "eliminated": eliminated, "rule": rule, "flipped": flipped,
            "counts_as": {c.player: c.number for c in cards}, "steps": steps}


# --- the game -----------------------------------------------------------------------------------
# --- the move ------------------------------------------------------------------------------------

class ResolveRoundMove(Move[GardenVarietyState]):
    """Garden Variety's one action type (scorer.games.engine.Move): a round, every player's
    card in play order under the rule rolled; the winner takes the cards and leads next."""

    type, model = "resolve_round", ResolveRound

    def check(self, read: Reading[GardenVarietyState], action: ResolveRound) -> CheckResult:
        state = read.state
        found = _rule_violations(action.rule)
        found += _player_play_violations(state, action.plays)
        for i, play in enumerate(action.plays):
            found += card_violations(play.card, f"action.plays[{i}].card")
        if not found:
            found = _box_violations(state, action.plays)
        if found:
            return CheckResult(False, found)
        return CheckResult(True, effects={**resolve(action.plays, action.rule),
                                          "warnings": printed_deck_warnings(action.plays)})

    def table_violations(self, table: Table[GardenVarietyState], action: ResolveRound) -> list[Violation]:
        """The play order from the leader, the face rolled, the cards in each hand."""
        state = table.state
        found = []
        order = [state["players"][i]["name"] for i in variety_engine.play_order(state)]
        if [play.player for play in action.plays] != order:
            found.append(violation("out-of-turn", RULE_PLAY, f"{order[0]} leads this round and the others follow "
                                                        f"clockwise: {', '.join(order)}", "action.plays"))
        if state["rolls"][-1] != data.CHAOS and action.rule != state["rolls"][-1]:
            found.append(violation("rule-not-rolled", RULE_PLAY, f"the die shows {state['rolls'][-1]}, not "
                                                            f"{action.rule}", "action.rule"))
        hands = {p["name"]: p["hand"] for p in state["players"]}
        for i, play in enumerate(action.plays):
            card = card_id(play.card)
            if card not in hands[play.player]:
                found.append(violation("card-not-in-hand", RULE_PLAY, f"{play.player} holds no {card}",
                                       f"action.plays[{i}].card"))
        return found

    def transition(self, state: State, action: ResolveRound, effects: dict[str, Any]) -> State:
        """The winner takes every card played and leads; before the next round each player
        draws back up to five, the winner first."""
        played = {play.player: card_id(play.card) for play in action.plays}
        players = []
        for player in state["players"]:
            hand = list(player["hand"])
            hand.remove(played[player["name"]])
            bed = player["garden_bed"]
            if player["name"] == effects["winner"]:
                bed = sorted(bed + list(played.values()))
            players.append({**player, "hand": hand, "garden_bed": bed})
        winner = [p["name"] for p in players].index(effects["winner"])
        drawing = [(winner + k) % len(players) for k in range(len(players))]
        state = {**state, "players": players, "leader": winner, "rolls": []}
        return {**state, "drawing": [i for i in drawing if variety_engine.draw_count(state, players[i])]}

    def observed_effects(self, before: State, action: ActionJSON, after: State) -> dict[str, Any]:
        grew = [a["name"] for b, a in zip(before["players"], after["players"])
                if len(a["garden_bed"]) > len(b["garden_bed"])]
        return {"winner": grew[0] if len(grew) == 1 else grew}

    def candidates(self, table: Table[GardenVarietyState], rng: random.Random | None = None) -> list[ActionJSON]:
        """Each player's card chosen uniformly among the different cards (and declarations)
        in their hand: a uniform draw among the round's legal plays (the engine's candidates
        are a sample). After a chaos face the die is rolled again once the cards are down: a
        reroll showing chaos is rolled again, so each rule is as likely."""
        if rng is None:
            raise ValueError("a round's candidates are a random draw: they need the game's rng")
        state, draw = table.state, rng
        plays = [{"player": state["players"][i]["name"], "card": draw.choice(options(state["players"][i]))}
                 for i in variety_engine.play_order(state)]
        rule = draw.choice(data.DIE_RULES) if state["rolls"][-1] == data.CHAOS else state["rolls"][-1]
        return [{"type": "resolve_round", "rule": rule, "plays": plays}]


class GardenVarietyGame(Game[GardenVarietyState]):
    id = data.GAME_ID
    title = data.TITLE
    # Winning the game: the hand joins the garden bed before the count, gnomes in it included;
    # the words say so, since some sources read the tie-break otherwise.
    tiebreaker_words = {"gnomes": ("gnome (hand included)", "gnomes (hand included)")}
    rulebook = "garden-variety.md"
    state_model = GardenVarietyState
    action_model = GardenVarietyAction
    moves = (ResolveRoundMove(),)
    min_players, max_players, roster_rule = data.MIN_PLAYERS, data.MAX_PLAYERS, RULE_PLAYERS

    def state_violations(self, state: GardenVarietyState) -> list[Violation]:
        players = state.players
        found = []
        for i, p in enumerate(players):
            found += _player_violations(i, p)
        cards = sum(p.garden_bed + p.hand for p in players)
        if cards > data.BOX_CARDS:
            found.append(violation("too-many-cards", RULE_BOX,
                                   f"the garden beds and hands hold {cards} cards, but the box has only "
                                   f"{data.BOX_CARDS}", "players"))
        gnomes = sum(p.gnomes for p in players)
        if gnomes > data.BOX_GNOMES:
            found.append(violation("too-many-gnomes", RULE_BOX,
                                   f"the players have {gnomes} gnomes, but the box has only "
                                   f"{data.BOX_GNOMES}", "players"))
        return found

    def state_warnings(self, state: GardenVarietyState) -> list[Violation]:
        found = _uneven_bed_warnings(state.players)
        hands = [p.hand for p in state.players]
        if hands and min(hands) > 0:
            return found + [not_over(RULE_PLAY,
                                      "every player still holds cards, so the game has not ended (it ends "
                                      "when a round starts and someone has no card): these are the scores so far",
                                      "players")]
        cards = sum(p.garden_bed + p.hand for p in state.players)
        if cards < data.BOX_CARDS:
            found.append(violation("cards-unaccounted", RULE_PLAY,
                                   f"the game ends only after the deck runs out, but these counts hold "
                                   f"{cards} of the {data.BOX_CARDS} cards: check for cards not counted",
                                   "players"))
        if max(hands, default=0) > 1:
            found.append(violation("uneven-hands", RULE_PLAY,
                                   "once the deck is empty every hand shrinks by one card a round, so when "
                                   "a hand is empty no other hand holds more than one card: check the hands",
                                   "players"))
        return found

    def player_scores(self, state: GardenVarietyState) -> list[PlayerScore]:
        # Winning the game: cards left in hand join the garden bed; gnomes (those in hand
        # included) break ties.
        return [PlayerScore(p.name, {"garden_bed": p.garden_bed, "hand": p.hand}, {"gnomes": p.gnomes})
                for p in state.players]

    def action_players(self, action: ResolveRound) -> list[tuple[str, str]]:
        return [(f"action.plays[{i}].player", play.player) for i, play in enumerate(action.plays)]

    def describe(self, state: GardenVarietyState, action: Any, answer: dict[str, Any]) -> list[str]:
        """Who wins the round, then each meeting of two cards in play order and why."""
        if not answer["legal"]:
            return []
        effects = answer["effects"]
        flipped = f" (topsy-turvy: the card farthest from {effects['rule']} wins)" if effects["flipped"] else ""
        lines = [f"{effects['winner']} wins the round{flipped}."]
        for step in effects["steps"]:
            lines.append(f"{step['stays']} stays and {step['out']} is out: {step['reason']}.")
            if "rulebook_contradiction" in step:
                lines.append(step["rulebook_contradiction"]["message"])
        return lines


def _player_violations(index: int, p: Player) -> list[Violation]:
    path = f"players[{index}]"
    found = []
    if not p.name.strip():
        found.append(violation("blank-name", RULE_START, "every player needs a name", f"{path}.name"))
    if p.hand > data.HAND_SIZE:
        found.append(violation("hand-too-big", RULE_START,
                               f"{p.name} holds {p.hand} cards, but a hand is never more than "
                               f"{data.HAND_SIZE}", f"{path}.hand"))
    if p.gnomes > p.garden_bed + p.hand:
        found.append(violation("more-gnomes-than-cards", RULE_END,
                               f"{p.name} has {plural(p.gnomes, 'gnome')} but only {plural(p.garden_bed + p.hand, 'card')}; "
                               "gnomes are counted among the cards", f"{path}.gnomes"))
    return found


def _uneven_bed_warnings(players: list[Player]) -> list[Violation]:
    """Each round won brings one card from every player, so without gnomes a garden bed is a
    multiple of the player count. The real gnome effects are unknown and one may move cards
    between beds, so an uneven bed is only a warning."""
    count = len(players)
    return [violation("garden-bed-not-whole-rounds", RULE_ROUND,
                      f"{p.name}'s garden bed holds {plural(p.garden_bed, 'card')}; each round won brings one card "
                      f"from each of the {count} players, so without a gnome moving cards between beds "
                      f"it would be a multiple of {count}: check the count", f"players[{i}].garden_bed")
            for i, p in enumerate(players) if p.garden_bed % count]


def _rule_violations(rule: int | str) -> list[Violation]:
    if _whole(rule) and rule in data.DIE_RULES:
        return []
    if rule is None:
        message = "the round's rule is missing: give the die's rule (0, 3, 5, 7 or 10)"
    elif rule == data.CHAOS:
        message = "a chaos roll is rerolled once every card is played: give the rule of the reroll"
    else:
        message = f"the die has no rule {describe_value(rule)}; its rules are closest to 0, 3, 5, 7 or 10"
    return [violation("no-such-rule", RULE_PLAY, message, "action.rule")]


def _player_play_violations(state: GardenVarietyState, plays: list[Play]) -> list[Violation]:
    names = [p.name for p in state.players]
    found, seen = [], set()
    for i, play in enumerate(plays):
        if play.player in seen:
            found.append(violation("played-twice", RULE_PLAY, f"{play.player} plays one card a round, not two",
                                   f"action.plays[{i}].player"))
        seen.add(play.player)
    for name in names:
        if name not in seen:
            found.append(violation("missing-play", RULE_PLAY, f"{name} has not played a card: every player "
                                                         "plays one card each round", "action.plays"))
    return found


def card_violations(card: CardPlayed, path: str) -> list[Violation]:
    """Why a played card cannot exist (or lacks its declaration); [] for a possible card."""
    checks = {"critter": _critter_violations, "wildflower": _wildflower_violations,
              "gnome": _gnome_violations}
    if card.kind not in checks:
        return [violation("no-such-card", RULE_CARDS, f"there are no {card.kind!r} cards; a card is a "
                                                 f"{', '.join(data.KINDS[:-1])} or {data.KINDS[-1]}",
                          f"{path}.kind")]
    return checks[card.kind](card, path)


def _critter_violations(card: CardPlayed, path: str) -> list[Violation]:
    found = _unused_fields(card, path, "a critter", ("name",))
    if card.color is None:
        found.append(violation("missing-field", RULE_CARDS, "the critter's colour is missing", f"{path}.color"))
    elif card.color not in data.COLORS:
        found.append(violation("no-such-color", RULE_CARDS, f"there are no {card.color!r} critters; the critters "
                                                       f"are {_critter_list()}", f"{path}.color"))
    if card.number == data.RARE_NUMBER:
        if not (_whole(card.declared) and card.declared in data.RARE_VALUES):
            found.append(violation("undeclared-value", RULE_CARDS,
                                   "a 0/10 critter must be declared as 0 or 10 when it is played",
                                   f"{path}.declared"))
    elif card.number is None:
        found.append(violation("missing-field", RULE_CARDS, "the critter's number is missing", f"{path}.number"))
    elif not (_whole(card.number) and card.number in data.NUMBERS):
        found.append(violation("no-such-card", RULE_CARDS, f"critters show 1 to 9 (or the rare 0/10), "
                                                      f"not {describe_value(card.number)}", f"{path}.number"))
    elif card.declared is not None:
        found.append(violation("declared-on-plain-card", RULE_CARDS, "only a 0/10 critter or a wishing gnome is "
                                                                "declared", f"{path}.declared"))
    return found


def _wildflower_violations(card: CardPlayed, path: str) -> list[Violation]:
    found = _unused_fields(card, path, "a wildflower", ("color", "name", "declared"))
    if card.number is None:
        found.append(violation("missing-field", RULE_CARDS, "the wildflower's number is missing", f"{path}.number"))
    elif not (_whole(card.number) and card.number in data.NUMBERS):
        found.append(violation("no-such-card", RULE_CARDS, f"wildflowers show 1 to 9, not {describe_value(card.number)}",
                               f"{path}.number"))
    return found


def _gnome_violations(card: CardPlayed, path: str) -> list[Violation]:
    found = _unused_fields(card, path, "a gnome", ("color", "number"))
    gnome = data.GNOMES.get(card.name) if card.name is not None else None
    if card.name is None:
        found.append(violation("missing-field", RULE_GNOMES, "the gnome's name is missing; the gnomes are "
                                                        f"{', '.join(data.GNOMES)}", f"{path}.name"))
    elif gnome is None:
        # The real gnome effects are unknown; a round can only be judged with an effect the
        # scorer knows, so an unknown gnome cannot be resolved (docs/house-rules.md).
        found.append(violation("no-such-gnome", RULE_GNOMES, f"gardenkit knows no {card.name!r} gnome, so it cannot "
                                                        f"judge its effect; the gnomes are "
                                                        f"{', '.join(data.GNOMES)}", f"{path}.name"))
    elif gnome.declares:
        low, high = gnome.declared_range
        if not (_whole(card.declared) and low <= card.declared <= high):
            found.append(violation("undeclared-value", RULE_GNOMES, f"the {gnome.title} must be declared as a number "
                                                              f"from {low} to {high}", f"{path}.declared"))
    elif card.declared is not None:
        found.append(violation("declared-on-plain-card", RULE_GNOMES, f"the {gnome.title} is not declared",
                               f"{path}.declared"))
    return found


def _whole(value: Any) -> bool:
    """A JSON whole number (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


# What a field the card does not have means to a player, for "a wildflower card has no colour".
_FIELD_WORDS = {"color": "has no colour", "number": "has no number", "name": "has no gnome name",
                "declared": "is never declared as a number"}


def _unused_fields(card: CardPlayed, path: str, what: str, fields: tuple[str, ...]) -> list[Violation]:
    return [violation("field-not-on-card", RULE_CARDS, f"{what} card {_FIELD_WORDS[field]}", f"{path}.{field}")
            for field in fields if getattr(card, field) is not None]


def _critter_list() -> str:
    return ", ".join(f"{c} {data.CRITTERS[c].lower()}" for c in data.COLORS)


def deck_card(card: CardPlayed) -> data.Card:
    if card.kind == "critter":
        return data.Card("critter", card.color, card.number)
    if card.kind == "wildflower":
        return data.Card("wildflower", number=card.number)
    return data.Card("gnome", name=card.name)


def printed_deck_warnings(plays: list[Play]) -> list[Violation]:
    """Cards the rulebook allows but gardenkit's printed deck does not hold (a design it lacks,
    or more copies than it prints). The real deck's split is unknown, so an owner of the real
    cards may well hold them: a warning, never a refusal."""
    found = []
    used: dict[data.Card, int] = {}
    for i, play in enumerate(plays):
        card = deck_card(play.card)
        used[card] = used.get(card, 0) + 1
        have = data.DECK.get(card, 0)
        if used[card] > have:
            code, message = (
                ("not-in-deck", f"{card.label} is not in the printed deck (the real deck's split is "
                                "unknown, so it may be in yours)") if not have else
                ("too-many-copies", f"the printed deck has only {have} {card.label} (the real deck may "
                                    "have more)"))
            found.append(violation(code, RULE_CARDS, message, f"action.plays[{i}].card"))
    return found


def _box_violations(state: GardenVarietyState, plays: list[Play]) -> list[Violation]:
    """More cards (or gnomes) on the table and in the counts than the box holds."""
    found = []
    held = sum(p.garden_bed + p.hand for p in state.players)
    if held + len(plays) > data.BOX_CARDS:
        found.append(violation("too-many-cards", RULE_BOX, f"{held} cards counted plus {len(plays)} on the table "
                                                      f"is more than the {data.BOX_CARDS} in the box", "action.plays"))
    gnomes = sum(p.gnomes for p in state.players) + sum(1 for p in plays if p.card.kind == "gnome")
    if gnomes > data.BOX_GNOMES:
        found.append(violation("too-many-gnomes", RULE_BOX, f"{gnomes} gnomes counted and played, but the box has "
                                                       f"only {data.BOX_GNOMES}", "action.plays"))
    return found




# The pages open on these (scorer.web.pages reads them): a finished four-player game where Kim and
# Lee tie on cards and Lee's extra gnome decides, and a disputed round where a red 6 and a
# blue 8 tie on distance to 7 and the Copycat copies the 8.
EXAMPLE_STATE: dict[str, Any] = {"players": [{"name": "Kim", "garden_bed": 20, "hand": 1, "gnomes": 3},
                             {"name": "Lee", "garden_bed": 20, "hand": 1, "gnomes": 4},
                             {"name": "Max", "garden_bed": 8, "hand": 0, "gnomes": 2},
                             {"name": "Ana", "garden_bed": 4, "hand": 0, "gnomes": 1}]}
EXAMPLE_CHECK: Example = {
    "state": {"players": [{"name": "Kim", "garden_bed": 6, "hand": 4, "gnomes": 0},
                          {"name": "Lee", "garden_bed": 3, "hand": 4, "gnomes": 1},
                          {"name": "Max", "garden_bed": 0, "hand": 4, "gnomes": 0}]},
    "action": {"type": "resolve_round", "rule": 7, "plays": [
        {"player": "Kim", "card": {"kind": "critter", "color": "red", "number": 6}},
        {"player": "Lee", "card": {"kind": "critter", "color": "blue", "number": 8}},
        {"player": "Max", "card": {"kind": "gnome", "name": "copycat"}}]},
}


def check_from_form(fields: dict[str, str]) -> tuple[dict, dict]:
    """The (state, action) of the Garden Variety check page's plain form: one row per player in
    play order (row.<i>.name, counts, and the card played), and the rule. Rows without a name
    are spare rows; values that are not numbers are passed on for the rules to report."""
    by_row: dict[int, dict[str, str]] = {}  # one pass over the fields, however many rows come
    for key, value in fields.items():
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == "row" and is_index(parts[1]):
            by_row.setdefault(int(parts[1]), {})[parts[2]] = value.strip()
    players, plays = [], []
    for i in sorted(by_row):
        row = by_row[i]
        if not row.get("name"):
            continue
        players.append({"name": row["name"], **{count: _form_number(row.get(count, "0") or "0")
                                                for count in ("garden_bed", "hand", "gnomes")}})
        plays.append({"player": row["name"], "card": _form_card(row)})
    action = {"type": "resolve_round", "rule": _form_number(fields.get("rule", "")), "plays": plays}
    return {"players": players}, action


def _form_number(text: str) -> int | str:
    number = whole_number(text)
    return text.strip() if number is None else number


def _form_card(row: dict[str, str]) -> dict:
    kind = row.get("kind", "")
    if kind == "critter":
        number = row.get("number", "")
        card = {"kind": kind, "color": row.get("color", ""),
                "number": number if number == data.RARE_NUMBER else _form_number(number)}
        if number == data.RARE_NUMBER and row.get("declared"):
            card["declared"] = _form_number(row["declared"])
        return card
    if kind == "wildflower":
        return {"kind": kind, "number": _form_number(row.get("number", ""))}
    card = {"kind": kind, "name": row.get("gnome", "")}
    gnome = data.GNOMES.get(row.get("gnome", ""))
    if gnome is not None and gnome.declares and row.get("declared"):
        card["declared"] = _form_number(row["declared"])
    return card


def page_data() -> dict:
    """What the Garden Variety pages draw their choices from (scorer.web.pages passes it on)."""
    return {
        "rules": list(data.DIE_RULES),
        "colors": [{"color": c, "letter": data.COLOR_LETTERS[c], "title": f"{c.capitalize()} {data.CRITTERS[c].lower()}"}
                   for c in data.COLORS],
        "numbers": [*data.NUMBERS, data.RARE_NUMBER],
        "gnomes": [{"name": g.name, "title": g.title, "effect": g.effect, "declares": g.declares}
                   for g in data.GNOMES.values()],
        "box": {"cards": data.BOX_CARDS, "gnomes": data.BOX_GNOMES, "hand": data.HAND_SIZE},
    }


GAME = GardenVarietyGame(example_state=EXAMPLE_STATE, example_checks=[EXAMPLE_CHECK, *examples.CHECKS],
                         page_data=page_data, check_from_form=check_from_form, engine=GardenVarietyEngine)
