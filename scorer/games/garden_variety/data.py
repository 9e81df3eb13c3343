"""Garden Variety as plain data: the deck, the gnome varieties, the die and the box limits.

One source for the print kit (pnp/kits/garden_variety.py draws the cards from it) and the
scorer (rules.py checks states and rounds against it). Plain Python only: no pydantic, flask
or reportlab imports, so the kit can import it cheaply.

Where the rulebook lost its pictures (the split of the 42 basic cards, the four gnome
effects) the choices are gardenkit's own; they are explained in docs/house-rules.md
("Garden Variety"). The deck list is an editable CSV (deck.csv beside this file) so an owner
of the real deck can make the kit match their cards.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

GAME_ID = "garden-variety"
TITLE = "Garden Variety"

# --- the box (FACTS.md: 54 cards, 42 basic + 12 gnomes in four varieties of 3) ------------
BOX_CARDS = 54
BOX_GNOMES = 12
HAND_SIZE = 5
# The rulebook does not say; the box and reviews say 2-5 players.
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# --- critters -----------------------------------------------------------------------------
# Colours in the order of the beating cycle: each beats the next, the last beats the first.
COLORS = ("blue", "red", "green", "yellow")
CRITTERS = {"blue": "Opossum", "red": "Snail", "green": "Frog", "yellow": "Bee"}
# A letter for each colour, printed beside the colour so colour is never the only clue.
COLOR_LETTERS = {"blue": "B", "red": "R", "green": "G", "yellow": "Y"}
BEATS = {color: COLORS[(i + 1) % len(COLORS)] for i, color in enumerate(COLORS)}
# The pair the rulebook contradicts itself on: its colour list (Types of cards) has blue beat
# red, while its example under Winning a round calls a red 6 and a blue 8 a tie colour cannot
# break. gardenkit plays the list (docs/house-rules.md, Comparing two cards); a round this pair
# decides says so in its answer.
CONTRADICTED_PAIR = frozenset({"blue", "red"})

NUMBERS = tuple(range(1, 10))      # printed numbers of ordinary critters and wildflowers
RARE_NUMBER = "0/10"               # the rare critter: its player declares 0 or 10
RARE_VALUES = (0, 10)
MAX_DIGITS = 9                     # the longest count or number a deck list may write

KINDS = ("critter", "wildflower", "gnome")

# --- the die --------------------------------------------------------------------------------
CHAOS = "chaos"
DIE_RULES = (0, 3, 5, 7, 10)       # "the card closest to N wins"
DIE_FACES = (*DIE_RULES, CHAOS)    # chaos: reroll after every card is played
DIE_LABELS = {0: "0", 3: "3", 5: "5", 7: "7", 10: "10", CHAOS: "!"}
# The engine's house reading (docs/house-rules.md): the first listed player stands for the
# rulebook's youngest, who starts. (A chaos reroll that shows chaos is simply rolled again.)
FIRST_PLAYER = 0


# --- gnomes ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class GnomeVariety:
    """One of the four gnome varieties. `declares` gnomes need a "declared" number (in
    `declared_range`) when played, like the rare 0/10 critter."""

    name: str            # the id used in the deck list and in a play's card JSON
    title: str
    effect: str          # the text printed on the card
    declares: bool = False
    declared_range: tuple[int, int] = (0, 0)


GNOMES: dict[str, GnomeVariety] = {g.name: g for g in (
    GnomeVariety("copycat", "Copycat Gnome",
                 "Counts as a copy of the card played just before it, and wins any tie."),
    GnomeVariety("wishing", "Wishing Gnome",
                 "Declare a number from 1 to 9: it counts as that number, but loses every tie.",
                 declares=True, declared_range=(1, 9)),
    GnomeVariety("topsy-turvy", "Topsy-Turvy Gnome",
                 "Turns the round upside down: the card farthest from the rule's number wins."),
    GnomeVariety("thief", "Thief Gnome",
                 "Knocks out the card winning so far and takes its place (with no number)."),
)}


# --- cards and the deck list ------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """One card design. `number` is an int 1-9, RARE_NUMBER for the rare critter, or None
    (gnomes); `color` only on critters; `name` only on gnomes."""

    kind: str
    color: str | None = None
    number: int | str | None = None
    name: str | None = None

    @property
    def id(self) -> str:
        """A stable name for the card design, e.g. critter-blue-6, critter-green-0-10,
        wildflower-4, gnome-thief."""
        if self.kind == "critter":
            return f"critter-{self.color}-{str(self.number).replace('/', '-')}"
        if self.kind == "wildflower":
            return f"wildflower-{self.number}"
        return f"gnome-{self.name}"

    @property
    def label(self) -> str:
        """Plain words for people: "Blue Opossum 6", "Wildflower 4", "Thief Gnome"."""
        if self.color is not None:  # only critters have a colour
            return f"{self.color.capitalize()} {CRITTERS[self.color]} {self.number}"
        if self.name is not None:  # only gnomes have a name
            return GNOMES[self.name].title
        return f"Wildflower {self.number}"


Deck = dict  # Card -> number of copies, in deck-list order


class DeckError(ValueError):
    """A deck list that cannot be used; `.errors` holds (line number, message) pairs, every
    problem in the file, so an owner can fix them all in one go."""

    def __init__(self, source: str, errors: list[tuple[int, str]]):
        self.source = source
        self.errors = errors
        super().__init__("\n".join(f"{source} line {line}: {message}" if line else f"{source}: {message}"
                                   for line, message in errors))


DECK_COLUMNS = ("kind", "color", "number", "name", "count")
DEFAULT_DECK_PATH = Path(__file__).with_name("deck.csv")


def parse_deck(text: str, source: str = "deck list") -> Deck:
    """The deck described by a deck-list CSV (columns kind,color,number,name,count; lines
    starting with # are comments). DeckError lists every bad line by its line number."""
    errors: list[tuple[int, str]] = []
    deck: Deck = {}
    rows = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        raise DeckError(source, [(0, "the file lists no cards")])
    header_line, header = rows[0]
    columns = [c.strip().lower() for c in next(csv.reader([header]))]
    if tuple(columns) != DECK_COLUMNS:
        raise DeckError(source, [(header_line, f"the first row must be the header "
                                               f"{','.join(DECK_COLUMNS)}, not {header.strip()!r}")])
    for line_number, line in rows[1:]:
        fields = [f.strip() for f in next(csv.reader(io.StringIO(line)))]
        if len(fields) != len(DECK_COLUMNS):
            errors.append((line_number, f"expected {len(DECK_COLUMNS)} columns "
                                        f"({','.join(DECK_COLUMNS)}), found {len(fields)}"))
            continue
        card, count, problems = _parse_row(dict(zip(DECK_COLUMNS, fields)))
        if problems or card is None:  # a row without a card always says why
            errors.extend((line_number, p) for p in problems)
        elif card in deck:
            errors.append((line_number, f"{card.label} is listed twice; change its count instead"))
        else:
            deck[card] = count
    if not errors and not deck:
        errors.append((0, "the file lists no cards"))
    if errors:
        raise DeckError(source, errors)
    return deck


def _parse_row(row: dict[str, str]) -> tuple[Card | None, int, list[str]]:
    problems: list[str] = []
    kind, color, number, name = row["kind"].lower(), row["color"].lower(), row["number"], row["name"].lower()
    count = _whole_number(row["count"]) or 0
    if count < 1:
        problems.append(f"count must be a whole number of at least 1 (at most {MAX_DIGITS} digits), "
                        f"not {row['count']!r}")
    if kind == "critter":
        if color not in COLORS:
            problems.append(f"a critter's color must be one of {', '.join(COLORS)}, not {color!r}")
        value = RARE_NUMBER if number == RARE_NUMBER else _card_number(number, problems, "critter", rare=True)
        if name:
            problems.append("only gnomes have a name; leave it empty for a critter")
        return (Card("critter", color, value), count, problems)
    if kind == "wildflower":
        value = _card_number(number, problems, "wildflower", rare=False)
        if color or name:
            problems.append("a wildflower has only a number; leave color and name empty")
        return (Card("wildflower", number=value), count, problems)
    if kind == "gnome":
        if name not in GNOMES:
            problems.append(f"a gnome's name must be one of {', '.join(GNOMES)}, not {name!r}")
        if color or number:
            problems.append("a gnome has only a name; leave color and number empty")
        return (Card("gnome", name=name), count, problems)
    problems.append(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    return (None, count, problems)


def _whole_number(text: str) -> int | None:
    """text as a whole number in plain digits, else None. str.isdigit alone also passes '²' and
    '٣', which int() refuses or reads, and thousands of digits, which int() refuses."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


def _card_number(text: str, problems: list[str], kind: str, rare: bool) -> int | None:
    value = _whole_number(text)
    if value in NUMBERS:
        return value
    allowed = f"1 to 9{' or ' + RARE_NUMBER if rare else ''}"
    problems.append(f"a {kind}'s number must be {allowed}, not {text!r}")
    return None


def load_deck(path: str | Path = DEFAULT_DECK_PATH) -> Deck:
    """Read a deck-list CSV file; DeckError (with line numbers) when it is unusable."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise DeckError(str(path), [(0, f"cannot read the file ({error.__class__.__name__}: {error})")]) from None
    return parse_deck(text, source=path.name)


def deck_size(deck: Deck) -> int:
    return sum(deck.values())


def gnome_count(deck: Deck) -> int:
    return sum(count for card, count in deck.items() if card.kind == "gnome")


def expand(deck: Deck) -> list[Card]:
    """Every physical card, copies included, in deck-list order (for printing)."""
    return [card for card, count in deck.items() for _ in range(count)]


# The deck gardenkit ships with and the scorer checks plays against.
DECK: Deck = load_deck()
