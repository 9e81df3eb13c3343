"""The rules machinery every game shares: violations, parsing JSON into checked models,
competition ranking after tie-breakers, and the Game interface behind score/validate/check.

A game module subclasses Game: it declares who it is (id, title, rulebook, kit module, player
counts), the JSON it reads (state model, action models), scores a state (player_scores) and
answers one method per action type (`check_<type>`). Its examples, page data and form mapping
are handed to the constructor. Everything a caller sees -- the result shapes of docs/app.md,
InvalidState for anything malformed or impossible, the dispatch of an action to its check and
the checks every game shares -- is produced here, once, so the games cannot drift apart.
docs/adding-a-game.md walks through it.
"""
from __future__ import annotations

import json
import math
import re
import sys
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, Protocol, TypedDict, TypeVar, get_args

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError, PydanticKnownError
from typing_extensions import Self

if TYPE_CHECKING:  # the engine module builds on this one
    from scorer.games.engine import Engine, Move



class Violation(TypedDict):
    """A violation (or a warning) as docs/app.md describes it."""

    code: str      # stable, kebab-case
    rule: str      # "<Title> › <section heading>"
    message: str   # plain words for the player
    path: str      # where in the JSON, "" for the whole document


class Example(TypedDict):
    """A worked rule check: a state and an action, each the JSON its door reads."""

    state: dict[str, Any]
    action: dict[str, Any]


class NamedPlayer(Protocol):
    """What the core reads of a player model: the name (scorer.games.core.PlayerName)."""

    @property
    def name(self) -> str: ...


class GameState(Protocol):
    """What the core reads of every game's state model (a StateModel with a players list)."""

    @property
    def players(self) -> Sequence[NamedPlayer]: ...

    @classmethod
    def model_validate(cls, obj: Any) -> Self: ...


StateT = TypeVar("StateT", bound=GameState)
"""A game's state model, as its Game and Engine read it (Game[GardenDiceState])."""

MAX_BODY_BYTES = 1024 * 1024  # the largest JSON document any door reads (a request body, a file)
# Objects and lists in one JSON document. The largest state or check (a Propagation board of 61
# plants, say) holds a few hundred; a megabyte of empty objects would hold 260,000, and reading
# them alone would take some 26 MB. Counted in the text before it is read.
MAX_JSON_CONTAINERS = 10_000
# A game log repeats the table in many entries (a 4-player Propagation log carries the board in
# every move: up to some 12,600 objects and lists in the longest simulated games).
MAX_LOG_CONTAINERS = 40_000
# Names (keys) in one JSON document's objects: each unknown one is a violation that costs some
# 8 µs to describe, so a megabyte of 90,000 of them cost 0.4-0.75 s. A real state or check holds
# a few hundred; a log some 1.7 for each object and list. Counted as the colons in the text.
MAX_JSON_KEYS = MAX_JSON_CONTAINERS
MAX_LOG_KEYS = 2 * MAX_LOG_CONTAINERS
# Values in one document, counted as its commas (strings included, as above): a flat list of
# half a million numbers, each read through the number checks below, cost 0.1 s. A real state
# holds a few hundred values; the longest simulated logs (Propagation, 4 players) some 30,000.
MAX_JSON_VALUES = 2 * MAX_JSON_KEYS
MAX_LOG_VALUES = 100_000
MAX_VIOLATIONS = 50    # violations listed in one answer; the rest are counted in one more
MAX_NAME_LENGTH = 40   # characters in a player's name as sent (JSON Schema's maxLength counts them so)


# The one warning code every game gives a state that has not reached its rulebook's end: the
# scores are the scores so far. Callers (the harness judging a simulated game's end, say) read it here.
GAME_NOT_OVER = "game-not-over"


def violation(code: str, rule: str, message: str, path: str = "") -> Violation:
    """A violation as docs/app.md describes it: a stable kebab-case code, the rulebook section
    it comes from, plain words for the player, and where in the JSON it was found."""
    return {"code": code, "rule": rule, "message": message, "path": path}


def not_over(rule: str, message: str, path: str = "") -> Violation:
    """The warning that a state has not reached the game's end (GAME_NOT_OVER), citing the
    rulebook section whose end condition is not met."""
    return violation(GAME_NOT_OVER, rule, message, path)


class InvalidState(ValueError):
    """The state (or action) is malformed or impossible; `.violations` says every reason, up
    to MAX_VIOLATIONS of them and then one more saying how many were left out, so that a
    hostile document cannot make the answer grow with its own size."""

    def __init__(self, violations: Sequence[Violation]):
        self.violations = capped(violations)
        super().__init__("; ".join(v["message"] for v in self.violations) or "invalid state")


class UnknownGame(KeyError):
    """An unknown game id. A KeyError, so `except KeyError` works, with a readable str()."""

    def __init__(self, game_id: object, known: Iterable[str]):
        self.game_id = game_id
        self.message = f"unknown game {game_id!r}; known games: {', '.join(known)}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class StateModel(BaseModel):
    """Base of every state and action model: strict types (a "3" is not a 3, true is not 1)
    and no unknown fields, so a typo in a field or crop name is reported, not ignored."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def capped(violations: Sequence[Violation]) -> list[Violation]:
    """The first MAX_VIOLATIONS violations, and one more counting the rest."""
    if len(violations) <= MAX_VIOLATIONS:
        return list(violations)
    rest = len(violations) - MAX_VIOLATIONS
    first = violations[0]
    return [*violations[:MAX_VIOLATIONS],
            violation("too-many-violations", first["rule"],
                      f"{rest} more problems were found and are not listed; fix these first", "")]


# --- bounds every game shares ------------------------------------------------------------------
# Every door (JSON API, forms, command line, Python API) reads a state through its game's
# models, so bounds declared on the models below hold for all of them. They keep every number
# within what a box of components makes possible, which also keeps it far below the size at
# which Python refuses to turn an integer into text.

@lru_cache(maxsize=1024)  # a pure function of the text, asked for every plant and tile a player owns
def _player_name(value: str) -> str:
    """A name as players mean it, by the one definition the OpenAPI document's pattern is made
    from (name_pattern): as sent, 1 to 40 characters, no control character nor a mark that turns
    the text around (_unprintable), and one character that shows (_visible); look-alike
    letters only warn (look_alike_names). It is then kept without surrounding spaces and in one
    Unicode spelling (NFC). One validator for all of it, after pydantic has made sure the name
    is text: a name is read for every player and every plant or tile a player owns.

    Every check is on the text as sent, so that a schema can say it: the length first (NFC
    puts a run of combining marks in order in quadratic time, so 16,000 marks cost a worker
    0.4 s), and a name is not taken or refused by what NFC or the stripping made of it."""
    if len(value) > MAX_NAME_LENGTH:
        raise _name_too_long(len(value))
    stripped = value.strip()
    if not stripped:
        raise PydanticCustomError("blank_name", "is blank; every player needs a name")
    _no_surrogates(value)
    if any(_unprintable(char) for char in value):
        raise PydanticCustomError("unprintable_name", "holds a control character (a tab, a line "
                                  "break, a terminal escape or a mark that changes the direction "
                                  "of the text after it); a name is plain text on one line")
    if not any(_visible(char) for char in value):
        raise PydanticCustomError("blank_name", "shows no visible letter; every player needs a name "
                                  "the table can read")
    return unicodedata.normalize("NFC", stripped)


def _name_too_long(length: int) -> PydanticKnownError:
    """pydantic's own error for a value too long, as Field(max_length) raises it."""
    return PydanticKnownError("too_long", {"field_type": "Value", "max_length": MAX_NAME_LENGTH,
                                           "actual_length": length})


# Format characters that reorder the text around them (bidirectional overrides, embeddings,
# isolates and direction marks): "\u202eevil" shows as "live" and turns the rest of a table row
# around. Other format characters stay: a zero-width joiner makes one emoji of two, and a
# non-joiner is part of some spellings; right-to-left letters run right to left by themselves.
_REORDERING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Characters that take up room but show nothing: Hangul fillers and the blank Braille pattern
# (letters and symbols by category), used to pass a blank name off as a real one.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _visible(char: str) -> bool:
    """A letter, digit, punctuation mark or symbol that shows something; spaces, format
    characters (U+200B), combining marks alone, private-use and unassigned code points do not."""
    return unicodedata.category(char)[0] in "LNPS" and char not in _BLANK_LOOKING


def _unprintable(char: str) -> bool:
    """A control character, a lone surrogate (no character at all), or a mark that reorders
    the text around it: nothing a name on one line of a table may hold."""
    return unicodedata.category(char) in ("Cc", "Cs") or char in _REORDERING


def _confusable_scripts(name: str) -> list[str]:
    """Which of the alphabets whose letters look alike (Latin, Greek, Cyrillic) the name's
    letters come from, in that order: "Ann" and "\u0410nn" (a Cyrillic A) look the same at
    the table."""
    scripts = set()
    for char in name:
        if char.isalpha():
            scripts.add(unicodedata.name(char, "").split(" ", 1)[0])
    return [script.title() for script in ("LATIN", "GREEK", "CYRILLIC") if script in scripts]


# Greek and Cyrillic letters that print as a Latin one, by case (a capital Cyrillic В looks
# like B, its small в does not look like b), for telling names that look alike at the table.
_AS_LATIN = str.maketrans("АВЕЅІЈКМНОРСТХУҮԚԜаеорсухѕіјһԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορυ",
                          "ABESIJKMHOPCTXYYQWaeopcyxsijhqwlABEZHIKMNOPTYXaikvopu")


def _looks(name: str) -> str:
    """What a name looks like written down: its look-alike letters as the Latin ones, in any case."""
    return names_key(name.translate(_AS_LATIN))


def _no_surrogates(value: str) -> str:
    """A lone surrogate (a \\ud800 escape in JSON) is no character and cannot be saved or shown;
    a NUL (\\u0000) is no text a database keeps (PostgreSQL refuses it)."""
    if _SURROGATE.search(value):
        raise PydanticCustomError("broken_text", "contains a broken character (a lone UTF-16 surrogate)")
    if "\x00" in value:
        raise PydanticCustomError("broken_text", "contains a NUL character (\\u0000), which is no text")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")

def _character_class(wanted: Callable[[str], bool]) -> str:
    """A regular expression's character class body for every code point `wanted` takes, as
    ranges: the BMP as \\u escapes (read alike by Python and ECMA-262), the rest as the
    characters themselves (Python has no \\u{...}, and a JSON reader makes them whole)."""
    def written(point: int) -> str:
        return f"\\u{point:04x}" if point <= 0xFFFF else chr(point)

    ranges: list[tuple[int, int]] = []
    for point in range(sys.maxunicode + 1):
        if wanted(chr(point)):
            if ranges and ranges[-1][1] == point - 1:
                ranges[-1] = (ranges[-1][0], point)
            else:
                ranges.append((point, point))
    return "".join(written(low) if low == high else f"{written(low)}-{written(high)}" for low, high in ranges)


@lru_cache(maxsize=1)
def name_pattern() -> str:
    """_player_name's rule as a pattern, made from its own tests (_unprintable, _visible) over
    every code point, so the OpenAPI document and the server never disagree on a name: no
    character _unprintable finds, and one that _visible finds (a class of the characters that
    show, not of those that do not: a generator walks a class's ranges, and the hidden ones
    are nine tenths of Unicode). `$(?!\\n)`: Python's `$` also matches before a final line
    break, which ECMA-262's does not. Made once, for the OpenAPI document (some 1 s)."""
    unprintable = _character_class(_unprintable)
    return f"^[^{unprintable}]*[{_character_class(_visible)}][^{unprintable}]*$(?!\\n)"


# Marks a name's schema wherever a model has one: the OpenAPI document (scorer.web.openapi) puts
# name_pattern in its one PlayerName schema and refers every name to it. The pattern is made
# there alone, on a thread: the forms read the models' schemas on a worker's loop, and making it
# there held a worker's first score page a second.
NAME_SCHEMA_MARK = "x-player-name"

PlayerName = Annotated[str, AfterValidator(_player_name),
                       Field(description=f"the player's name, 1 to {MAX_NAME_LENGTH} characters as sent, "
                                         "with one that shows and no control character",
                             json_schema_extra={"minLength": 1, "maxLength": MAX_NAME_LENGTH, NAME_SCHEMA_MARK: True})]
"""A player's name: 1 to 40 characters as sent, one visible; kept stripped and in Unicode NFC."""

# The length bound first: pydantic's core checks it, where after a Python validator it is checked in Python.
Text = Annotated[str, Field(max_length=200), AfterValidator(_no_surrogates)]
"""Any other short text of a state or action (a tile's name, a space, a card)."""


def up_to(high: int, description: str = "") -> Any:
    """For `Annotated[int, up_to(n)]`: a whole number from 0 to n, the most the game's
    components make possible."""
    return Field(ge=0, le=high, description=description or None)


def at_most(items: int) -> Any:
    """For `Annotated[list[...], at_most(n)]`: at most n entries (a list or an object), from
    the components in the box."""
    return Field(max_length=items)


def within(reach: int) -> Any:
    """For `Annotated[int, within(n)]`: a whole number from -n to n (a coordinate, a track
    space, a count the rules check more closely). A value a little wrong is left for the rules
    to explain in their words; anything further is no position or count the box has."""
    return Field(ge=-reach, le=reach)


LARGEST_NUMBER = 10**6


def _modest_number(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST_NUMBER:
        raise PydanticCustomError("number_too_large", "no component shows a number as large as {value}",
                                  {"value": describe_value(value)})
    return value


ModestNumber = BeforeValidator(_modest_number)
"""For a field left open (Any) so the rules can explain a wrong value: a number is still held
far below anything the game could mean."""


@lru_cache(maxsize=1024)  # a pure function of the text, asked twice for every player of every state read
def names_key(name: str) -> str:
    """How names are compared for duplicates: the same letters in any case are one name, and
    characters that show nothing (a zero-width space) do not make a name another."""
    return "".join(char for char in name if unicodedata.category(char) != "Cf").casefold()


# --- reading JSON text, the one way every door does it --------------------------------------

class BadJSON(ValueError):
    """The text is not a JSON document this app reads; str() says why in plain words."""


def read_json_text(text: bytes | str, most_containers: int = MAX_JSON_CONTAINERS,
                   needed_by: str = "game state or check", most_keys: int = MAX_JSON_KEYS,
                   most_values: int = MAX_JSON_VALUES) -> Any:
    """JSON bytes (UTF-8, UTF-16 or UTF-32, with or without a BOM, as json.loads detects) or
    text, as a document. Refused in plain words: an empty body, bad JSON, nesting too deep to
    read, NaN and Infinity, more objects and lists, more names in them, or more values, than
    the document read (`needed_by`) holds.
    A lone surrogate (\\ud800) is left to the models, which refuse it in names and text with
    the path where it was found."""
    if not text.strip():
        raise BadJSON("the document is empty; send the JSON document")
    if isinstance(text, bytes):
        text = _decoded(text)
    containers, keys, values = _containers_names_and_values(text)
    if containers > most_containers:
        raise BadJSON(f"the document holds {containers:,} objects and lists; no {needed_by} "
                      f"needs more than {most_containers:,}")
    if keys > most_keys:
        raise BadJSON(f"the document holds {keys:,} names in its objects; no {needed_by} "
                      f"needs more than {most_keys:,}")
    if values > most_values:
        raise BadJSON(f"the document holds {values:,} values; no {needed_by} needs more than {most_values:,}")
    try:
        document = json.loads(text, parse_constant=_reject_constant, parse_int=_whole_number,
                              parse_float=_finite_number)
    except RecursionError:
        raise BadJSON("the document is nested too deeply to read") from None
    except json.JSONDecodeError as error:  # the decoder's own words are for programmers
        raise BadJSON(f"the document is not valid JSON: it breaks off or has a mistake at line "
                      f"{error.lineno}, column {error.colno}") from None
    except ValueError as error:  # a number refused in our words below
        raise BadJSON(f"the document is not valid JSON ({error})") from None
    return document


def _decoded(text: bytes) -> str:
    """JSON bytes as text, strictly: json.loads lets the bytes of a lone surrogate (ED A0 80)
    through as the surrogate, which is not text and not valid UTF-8."""
    try:
        return text.decode(json.detect_encoding(text))
    except UnicodeDecodeError:
        raise BadJSON("the document is not valid text: send it as UTF-8 (or UTF-16 or UTF-32)") from None


def read_log_json(text: bytes | str) -> Any:
    """A game log's JSON text, read as every JSON document is, but with a log's bound on its
    objects and lists: a log repeats the table in many entries."""
    return read_json_text(text, MAX_LOG_CONTAINERS, "game log", MAX_LOG_KEYS, MAX_LOG_VALUES)


def _containers_names_and_values(text: str) -> tuple[int, int, int]:
    """Opening braces and brackets, colons (each name in an object has one) and commas (one
    between each two values), strings included: names and texts are short, so a real
    document's counts are hardly changed, and counting costs a fraction of a millisecond per
    megabyte."""
    return text.count("{") + text.count("["), text.count(":"), text.count(",")


def _whole_number(digits: str) -> int:
    """A JSON integer; one longer than Python converts (4,300 digits) is refused in plain
    words rather than in the interpreter's."""
    length = len(digits.lstrip("-"))
    if length > sys.get_int_max_str_digits() > 0:
        raise ValueError(f"a number has {length:,} digits; no game counts anywhere near that high")
    return int(digits)


def _finite_number(digits: str) -> float | int:
    """A JSON number with a fraction or exponent; one too large for a float (1e999) would be
    read as infinity, which no answer can write back as JSON. A whole one within the games'
    numbers (24.0, 2.4e1) is that whole number: JSON has one kind of number, and the OpenAPI
    document's integers, like every JSON Schema's, take it; a far larger one stays a float,
    refused as far too big (_huge_whole_float)."""
    number = float(digits)
    if math.isinf(number):
        raise ValueError(f"the number {digits[:20]} is too large to read")
    return int(number) if number.is_integer() and abs(number) <= LARGEST_NUMBER else number


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


# --- turning pydantic's errors into violations -------------------------------------------

_TYPE_WORDS = {
    "int_type": "a whole number", "int_from_float": "a whole number", "float_type": "a number",
    "string_type": "text", "bool_type": "true or false", "list_type": "a list",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "tuple_type": "a list", "none_required": "null",
}


def json_path(loc: Sequence[Any], prefix: str = "") -> str:
    """('players', 1, 'track') -> 'players[1].track' (after an optional prefix)."""
    path = prefix
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


NO_ITEM_WORDS: Mapping[str, str] = MappingProxyType({})


def place_in_words(loc: Sequence[Any], prefix: str = "", item_words: Mapping[str, str] = NO_ITEM_WORDS) -> str:
    """('players', 0, 'garden') -> "player 1's garden": where a field is, for a player's eyes,
    counting list items from 1 (the violation's path keeps the JSON form). An item is named by
    the singular of its list's name ("players" -> "player") unless the game's `item_words`
    (Game.item_words) name it otherwise ("spiral" -> "spiral ring")."""
    words: list[str] = [prefix] if prefix else []
    numbered: set[int] = set()   # places in `words` that name one item of a list
    for part in loc:
        if isinstance(part, int) and words:
            name = words.pop()
            item = item_words.get(name.replace(" ", "_"), name[:-1] if name.endswith("s") else f"{name} item")
            words.append(f"{item.replace('_', ' ')} {part + 1}")
            numbered.add(len(words) - 1)
        else:
            words.append(str(part).replace("_", " "))
    text = words[0] if words else ""
    for index in range(1, len(words)):
        text += ("'s " if index - 1 in numbered else " › ") + words[index]
    return text


def violations_from_error(error: ValidationError, rule: str, prefix: str = "", drop_tag: bool = False,
                          item_words: Mapping[str, str] = NO_ITEM_WORDS) -> list[Violation]:
    """One violation per pydantic error, with a stable code and plain words.

    drop_tag: the model was a tagged union (actions by "type"); pydantic puts the tag in the
    location, which is not part of the user's JSON path, so it is removed.
    item_words: the game's names for one item of its lists (Game.item_words)."""
    found: list[Violation] = []
    for err in error.errors(include_url=False):
        loc = list(err["loc"])
        if drop_tag and loc and isinstance(loc[0], str) and err["type"] not in (
                "union_tag_invalid", "union_tag_not_found"):
            loc = loc[1:]
        # pydantic reports an error in a dict key as the key followed by a "[key]" location
        # part; the key itself is the user's path.
        loc = [p for p in loc if p != "[key]"]
        path = json_path(loc, prefix)
        where = place_in_words(loc, prefix, item_words) or "the input"
        kind = err["type"]
        if kind == "missing":
            found.append(violation("missing-field", rule, f"{where} is required but missing", path))
        elif kind == "extra_forbidden":
            parent = place_in_words(loc[:-1], prefix, item_words) or "the input"
            found.append(violation("unknown-field", rule,
                                   f"{loc[-1]!r} is not a name this game knows (in {parent})", path))
        elif kind in _TYPE_WORDS and _huge_whole_float(err.get("input")):
            found.append(violation("out-of-range", rule, f"{where} is {err['input']:g}, far too big: no number "
                                   f"in a game goes past {LARGEST_NUMBER:,}", path))
        elif kind in _TYPE_WORDS:
            found.append(violation("wrong-type", rule,
                                   f"{where} must be {_TYPE_WORDS[kind]}, not {describe_value(err.get('input'))}", path))
        elif kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
            found.append(violation("out-of-range", rule, f"{where}: {err['msg'].lower()}", path))
        elif kind == "literal_error":
            found.append(violation("not-allowed-value", rule,
                                   f"{where} is {describe_value(err.get('input'))}; {err['msg'].lower()}", path))
        elif kind == "blank_name":
            found.append(violation("blank-name", rule, f"{where} {err['msg']}", path))
        elif kind == "unprintable_name":
            found.append(violation("invalid-value", rule, f"{where} {err['msg']}", path))
        elif kind in ("too_long", "too_short") and isinstance(err.get("input"), str):
            limit = err.get("ctx", {}).get("max_length" if kind == "too_long" else "min_length")
            most = "at most" if kind == "too_long" else "at least"
            found.append(violation("wrong-length", rule, f"{where} is {len(err['input'])} characters "
                                   f"long; it may have {most} {limit}", path))
        elif kind in ("number_too_large", "broken_text"):
            found.append(violation("out-of-range" if kind == "number_too_large" else "invalid-value",
                                   rule, f"{where} {err['msg']}", path))
        elif kind in ("too_long", "too_short") and isinstance(err.get("input"), list):
            limit = err.get("ctx", {}).get("max_length" if kind == "too_long" else "min_length")
            most = "at most" if kind == "too_long" else "at least"
            count = len(err["input"])
            found.append(violation("wrong-length", rule, f"{where} holds {count} item{'' if count == 1 else 's'}; "
                                   f"it may hold {most} {limit}", path))
        elif kind in ("too_short", "too_long", "string_too_long", "string_too_short"):
            found.append(violation("wrong-length", rule, f"{where}: {err['msg'].lower()}", path))
        elif kind == "union_tag_invalid":
            expected = err.get("ctx", {}).get("expected_tags", "")
            found.append(violation("unknown-action", rule,
                                   f"{where} › type {err['ctx']['tag']!r} is not an action of this game "
                                   f"(expected {expected})", json_path(["type"], path)))
        elif kind == "union_tag_not_found":
            found.append(violation("missing-field", rule, f"{where} › type is required but missing",
                                   json_path(["type"], path)))
        else:
            found.append(violation("invalid-value", rule, f"{where}: {err['msg']}", path))
    return found


def _huge_whole_float(value: Any) -> bool:
    """A number written with an exponent (1e30) is whole, just far too big: not "not a whole
    number"."""
    return isinstance(value, float) and value.is_integer() and abs(value) > LARGEST_NUMBER


def describe_value(value: Any) -> str:
    """A short, readable form of a value a player sent, for messages."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a whole number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits"
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


# --- ranking -------------------------------------------------------------------------------

def competition_ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranking ("1224"): the highest key ranks 1, players with equal keys share a
    rank, and the next distinct key skips the shared places. A key is the total followed by
    the game's tie-breakers in order; whatever survives them all is a shared rank."""
    return [1 + sum(other > key for other in keys) for key in keys]


# --- the Game base class -------------------------------------------------------------------

@dataclass
class PlayerScore:
    """A player's final score: the breakdown (which sums to the total) and the values of the
    game's tie-breakers, in order, each larger-is-better."""

    name: str
    breakdown: dict[str, int]
    tiebreakers: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


@dataclass(frozen=True)
class Reading(Generic[StateT]):
    """A parsed state as the rule checks read it: the state, and (in a game's own subclass)
    what its checks derive from it once, such as Garden Dice's board by space. A value: it is
    made from the state by `Game.read` and handed along, never kept behind anyone's back."""

    state: StateT

    @cached_property
    def player_names(self) -> frozenset[str]:
        """The names of the state's players, gathered once for every action judged on it."""
        return frozenset(player.name for player in self.state.players)


@dataclass
class CheckResult:
    legal: bool
    violations: list[Violation] = field(default_factory=list)
    effects: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "violations": self.violations, "effects": self.effects}


class Game(ABC, Generic[StateT]):
    """One game's rules: the interface every game implements and everything the app, the
    command line and the print kits read about it. Subclasses set the class attributes,
    implement player_scores, list one Move per action type in `moves` (scorer.games.engine:
    its model, its check, its transition and candidates) or write one `check_<type>(state,
    action)` per action type, and pass their content to the constructor."""

    # who the game is
    id: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str]            # file name of its rulebook, for people
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    roster_rule: ClassVar[str] = ""    # the rulebook section that says who may play
    # the JSON it reads (docs/app.md)
    state_model: type[StateT]  # a class attribute, set by each game
    action_model: ClassVar[Any] = None  # the action models as one union tagged by "type"
    # each tie-breaker key of player_scores, in players' words: (one, many), e.g. ("gnome", "gnomes")
    tiebreaker_words: ClassVar[dict[str, tuple[str, str]]] = {}
    # one item of a list of the game's JSON in players' words, where the singular of the list's
    # name would read wrongly in a message: {"spiral": "spiral ring", "dice": "die"}
    item_words: ClassVar[Mapping[str, str]] = NO_ITEM_WORDS
    # One Move per action type (scorer.games.engine.Move): `check` hands an action to its
    # move's check, and the game's engine moves the game on through the same object.
    moves: ClassVar[tuple[Move, ...]] = ()

    def __init__(self, *, example_state: dict[str, Any], example_checks: Sequence[Example] = (),
                 page_data: Callable[[], dict[str, Any]] | None = None,
                 check_from_form: Callable[[dict[str, str]], tuple[Any, Any]] | None = None,
                 engine: Callable[[Game[StateT]], Engine[StateT]] | None = None) -> None:
        """example_state: a possible state, the score page's first example.
        example_checks: worked checks, at least one of each action type; the first one opens
        the check page. page_data: JSON-ready house content for the game's own page templates.
        check_from_form: the check page's plain form fields -> (state, action), for a game
        whose check page works without JavaScript. engine: the game's scorer.games.engine.Engine
        class, which plays whole games on these rules (simulate, replay); None for a game
        without one yet."""
        self.example_state = example_state
        self.example_checks = list(example_checks)
        self.page_data = page_data
        self.check_from_form = check_from_form
        self.engine = engine(self) if engine is not None else None
        self._action_adapter = TypeAdapter(self.action_model) if self.action_model else None
        self._action_classes = tuple(self._action_models())
        self._action_class_set = frozenset(self._action_classes)  # asked first: no subclass check
        self.move_of: dict[str, Move] = {move.type: move for move in self.moves}
        unchecked = [kind for kind in self.action_types()
                     if kind not in self.move_of and not callable(getattr(self, f"check_{kind}", None))]
        if unchecked:
            raise TypeError(f"{type(self).__name__} has no check_{unchecked[0]} for its {unchecked[0]!r} action")

    @property
    def format_rule(self) -> str:
        """Where a malformed state or action is explained."""
        return f"{self.title} › state format"

    def action_types(self) -> list[str]:
        """The `type` tags of the game's actions, in the order of its action models."""
        return [tag for model in self._action_models() for tag in get_args(model.model_fields["type"].annotation)]

    def _action_models(self) -> list[type[BaseModel]]:
        """The action models of the union, in order."""
        if self.action_model is None:
            return []
        union = get_args(self.action_model)[0]
        return list(get_args(union) or (union,))

    # hooks ---------------------------------------------------------------------------------
    def roster_violations(self, state: StateT) -> list[Violation]:
        """The same for every game: a player count the game allows, one name per player."""
        names = [player.name for player in state.players]
        return (player_count(len(names), self.min_players, self.max_players, self.roster_rule, self.title)
                + duplicate_names(names, self.roster_rule))

    def state_violations(self, state: StateT) -> list[Violation]:
        """Everything else impossible about a well-formed state (totals against the box, ...)."""
        return []

    def state_warnings(self, state: StateT) -> list[Violation]:
        """Things merely unusual, such as a state that has not reached the game's end."""
        return []

    def score_details(self, state: StateT) -> dict[str, Any]:
        """Extra keys for the score result that explain it (results may carry extra fields)."""
        return {}

    @abstractmethod
    def player_scores(self, state: StateT) -> list[PlayerScore]:
        """Each player's breakdown and tie-breaker values, in the order of the state."""

    def action_players(self, action: Any) -> list[tuple[str, str]]:
        """(JSON path, name) of every player the action names; these must be players of the
        state. The default reads the action's "player" field, when it has one."""
        name = getattr(action, "player", None)
        return [("action.player", name)] if isinstance(name, str) else []

    def read(self, state: StateT) -> Reading[StateT]:
        """The parsed state as the moves' checks read it; a game whose checks derive
        something from the state once (a board by space) answers its own Reading."""
        return Reading(state)

    def refuse_action(self, reading: Reading[StateT], action: Any) -> list[Violation]:
        """Why no action of any type may be taken on this state, as `read` read it (the game is
        over, say); [] when the action's own check decides. May raise InvalidState for an
        impossible one."""
        return []

    # the public operations -----------------------------------------------------------------
    def parse_state(self, raw: Any) -> StateT:
        """The checked state model; InvalidState with every reason when it is malformed or
        impossible. `raw` is the state's JSON document as Python data (every door reads it
        with the one JSON reader, read_json_text, first); the player count is refused before
        any player is read."""
        state = self.parse_form(raw)
        found = self.impossibilities(state)
        if found:
            raise InvalidState(found)
        return state

    def parse_form(self, raw: Any) -> StateT:
        """The state model read from its JSON document, asking nothing of the rules but how many
        may play: InvalidState when the document is no state of this game (not an object, a field
        missing or of the wrong type, a player count the game does not allow)."""
        self.refuse_player_count(raw)
        return self.parse_own_state(raw)

    def impossibilities(self, state: StateT) -> list[Violation]:
        """What makes a well-formed state impossible: the roster, then the game's own
        state_violations (parse_state's checks after the model has read the state)."""
        return self.roster_violations(state) + self.state_violations(state)

    def parse_own_state(self, raw: Any) -> StateT:
        """A check state an engine made itself, by legal moves from its set-up, read as
        parse_state reads it but without the impossible-state checks: it is possible by
        construction, and the random simulation tests validate every state an engine makes
        (tests/support/engine_harness.py). InvalidState when it is malformed."""
        try:
            return self.state_model.model_validate(raw)
        except ValidationError as error:
            raise InvalidState(violations_from_error(error, self.format_rule,
                                                     item_words=self.item_words)) from None

    def refuse_player_count(self, raw: Any) -> None:
        """A player list longer or shorter than the game allows is refused with one violation
        before anything reads a single player, so its cost does not grow with its length."""
        players = raw.get("players") if isinstance(raw, dict) else None
        if isinstance(players, list):
            found = player_count(len(players), self.min_players, self.max_players,
                                 self.roster_rule, self.title)
            if found:
                raise InvalidState(found)

    def parse_action(self, raw: Any) -> Any:
        if self._action_adapter is None:
            raise InvalidState([violation("no-actions", self.format_rule,
                                          f"{self.title} has no rule checks", "action")])
        try:
            # the adapter's own validator: its validate_python wrapper only passes options we leave unset
            return self._action_adapter.validator.validate_python(raw)
        except ValidationError as error:
            raise InvalidState(violations_from_error(error, self.format_rule, "action", drop_tag=True,
                                                     item_words=self.item_words)) from None

    def validate(self, raw: Any) -> list[Violation]:
        try:
            state = self.parse_form(raw)
        except InvalidState as invalid:
            return invalid.violations
        return self.violations_of(state)

    def violations_of(self, state: StateT) -> list[Violation]:
        """Why a state read by parse_form is impossible by the rules; [] when it is possible."""
        try:
            return capped(self.impossibilities(state))
        except InvalidState as invalid:
            return invalid.violations

    def score(self, raw: Any) -> dict[str, Any]:
        state = self.parse_state(raw)
        scores = self.player_scores(state)
        keys = [(s.total, *s.tiebreakers.values()) for s in scores]
        players = [
            {"name": s.name, "total": key[0], "rank": rank, "breakdown": s.breakdown,
             "tiebreakers": s.tiebreakers}
            for s, key, rank in zip(scores, keys, competition_ranks(keys))
        ]
        players.sort(key=itemgetter("rank"))  # stable: equal ranks keep the input order
        return {"game": self.id, "players": players,
                "winners": [p["name"] for p in players if p["rank"] == 1],
                "tie_break": self.tie_break(players),
                "warnings": look_alike_names([player.name for player in state.players], self.roster_rule)
                + self.state_warnings(state), **self.score_details(state)}

    def tie_break(self, ranking: Sequence[dict[str, Any]]) -> str | None:
        """How a tie for the win was settled, in players' words ("Ben wins the tie: 5 gnomes
        to 4"), from a score's ranking (players with "name", "total" and "tiebreakers", best
        first); None when nobody tied the winner's total. The one source of these words, so
        the API, the pages and the share picture agree."""
        tied = [p for p in ranking if p["total"] == ranking[0]["total"]] if ranking else []
        if len(tied) < 2:
            return None
        if not self.tiebreaker_words:
            return f"{_names(tied)} share the win: {self.title} has no tie-breaker."
        steps = []
        for key, words in self.tiebreaker_words.items():
            values = sorted((p["tiebreakers"].get(key, 0) for p in tied), reverse=True)
            best = values[0]
            counted = f"{best} {words[0] if best == 1 else words[1]}"
            behind = [str(v) for v in values if v < best]
            steps.append(f"{counted} to {' and '.join(behind)}" if behind else f"{counted} each")
            tied = [p for p in tied if p["tiebreakers"].get(key, 0) == best]
            if len(tied) == 1:
                return f"{tied[0]['name']} wins the tie: {', then '.join(steps)}."
        return f"{_names(tied)} share the win: {', then '.join(steps)}, so the tie stands."

    def check(self, raw_state: Any, raw_action: Any) -> dict[str, Any]:
        """Parse both, refuse an action naming someone who is not playing (an impossible
        request, like a malformed action), then hand the action to check_<its type>. The
        answer adds "summary": what the action does (or why not) in the players' words, one
        sentence an item (`describe`), the words every door shows."""
        state = self.parse_state(raw_state)
        action = self.parse_action(raw_action)
        answer = self._judge(self.read(state), action)
        return {**answer, "summary": self.describe(state, action, answer)}

    def check_parsed(self, state: StateT, raw_action: Any) -> dict[str, Any]:
        """`check` on a state already parsed (and writing no words)."""
        return self.check_read(self.read(state), raw_action)

    def check_read(self, reading: Reading[StateT], raw_action: Any) -> dict[str, Any]:
        """`check` on a state already read (`read`), so that an engine weighing every action
        open to a player reads the state once, not once per action. An action this game's
        parse_action already made (a frozen model of its own) is taken as it is: reading it
        again would only repeat the same validation."""
        parsed = type(raw_action) in self._action_class_set or isinstance(raw_action, self._action_classes)
        return self._judge(reading, raw_action if parsed else self.parse_action(raw_action))

    def describe(self, state: StateT, action: Any, answer: dict[str, Any]) -> list[str]:
        """A checked action's answer in the players' words, one sentence an item: what it does
        when legal, anything more worth knowing when not (the reasons are the violations').
        Spaces are named as players name them ("row 3, column 3"), never as JSON."""
        return []

    def _judge(self, reading: Reading[StateT], action: Any) -> dict[str, Any]:
        state = reading.state
        named = self.action_players(action)
        known = reading.player_names
        for _, name in named:  # nearly every action names players of the state: no list made then
            if name not in known:
                raise InvalidState(unknown_players(state, named, self.roster_rule))
        refused = self.refuse_action(reading, action)
        if refused:
            return CheckResult(False, refused).as_dict()
        move = self.move_of.get(action.type)
        result: CheckResult = (move.check(reading, action) if move is not None
                               else getattr(self, f"check_{action.type}")(state, action))
        return result.as_dict()


def _names(players: Sequence[dict[str, Any]]) -> str:
    return " & ".join(p["name"] for p in players)


def player_named(state: GameState, name: str) -> Any:
    """The player of the state with this name (Game.check has made sure there is one)."""
    return next(player for player in state.players if player.name == name)


def unknown_players(state: GameState, named: Iterable[tuple[str, str]], rule: str) -> list[Violation]:
    """A violation for each (path, name) that is no player of the state."""
    names = [player.name for player in state.players]
    return [violation("unknown-player", rule,
                      f"no player is called {name!r} (players: {', '.join(names)})", path)
            for path, name in named if name not in names]


def duplicate_names(names: Sequence[str], rule: str) -> list[Violation]:
    """Players are told apart by name, so two players may not share one; names differing
    only in case are the same name to the players at the table."""
    seen: set[str] = set()
    found = []
    for index, name in enumerate(names):
        if names_key(name) in seen:
            found.append(violation("duplicate-player-name", rule,
                                   f"two players are both called {name!r}; give each a different name",
                                   f"players[{index}].name"))
        seen.add(names_key(name))
    return found


def look_alike_names(names: Sequence[str], rule: str) -> list[Violation]:
    """Warnings, never refusals (no rulebook says what a name may be): a name mixing Latin
    letters with look-alike Greek or Cyrillic ones, and two names that look the same at the
    table though their letters differ ("Ann" and "\u0410nn", "Cope" and the all-Cyrillic
    "\u0421\u043e\u0440\u0435"). Either may be a real player, or a name made to pass for another."""
    found = []
    first_looking: dict[str, str] = {}
    for index, name in enumerate(names):
        path = f"players[{index}].name"
        other = first_looking.setdefault(_looks(name), name)
        if names_key(other) != names_key(name):
            found.append(violation("look-alike-names", rule, f"{other!r} and {name!r} look the same at the table "
                                   f"but are written in different letters ({' and '.join(_confusable_scripts(other + name))}); "
                                   "check they are two players, or give one another name", path))
        elif len(scripts := _confusable_scripts(name)) > 1:
            found.append(violation("look-alike-names", rule, f"{name!r} mixes {' and '.join(scripts)} letters "
                                   "that look alike; check it is the name the player goes by", path))
    return found


def player_count(count: int, low: int, high: int, rule: str, title: str) -> list[Violation]:
    """A violation when the game cannot be played with this many players."""
    if low <= count <= high:
        return []
    allowed = f"{low} to {high}" if low != high else str(low)
    return [violation("player-count", rule,
                      f"{title} is played by {allowed} players, not {count}", "players")]


# ASCII digits only (not "²" or "٣", which Python's int() and str.isdigit() accept), and few
# enough that the number is no bigger than any game's components make possible.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,15}")


def whole_number(text: str) -> int | None:
    """The whole number a form or query field holds, or None when it holds anything else:
    the one reader of numbers typed into a form or an address."""
    stripped = text.strip()
    return int(stripped) if _WHOLE_NUMBER.fullmatch(stripped) else None


def is_index(text: str) -> bool:
    """A list position in a field's name (`players.0.name`): ASCII digits, not too many."""
    return text.isascii() and text.isdigit() and len(text) <= 6
