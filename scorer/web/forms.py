"""HTML forms for any game's state, driven by the game's own JSON schema.

The naming convention (game-specific pages follow it too): an input's name is the JSON path
of its value with dots, e.g. `players.0.name`, `players.1.harvested.squash`, `markets.lettuce`.
The schema says what each value is, so the server (state_from_form) and the page's script
(static/score.js, reading each input's data-kind) turn the same form into the same JSON:

    int / float   a number input; empty means "not given"
    bool          a checkbox after a hidden "false" input (the last value wins)
    str / choice  text, or a select when the schema lists the values
    ints          a list of whole numbers typed as "8, 8, 20"
    lines         a list of strings, one per line (a textarea)
    json          anything more complex, as JSON text

Values that do not convert are passed on as typed, so the state's own validation reports
them at the right path instead of the form guessing. Numbers are read by whole_number alone
(ASCII digits only), and a name that clashes with another (`players=1` beside
`players.0.name=A`) gives way to the fields below it, so no form can break the parser.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import TypeAdapter
from werkzeug.datastructures import MultiDict

from scorer.games.core import BadJSON, is_index, read_json_text, whole_number

OMIT = object()
MAX_FORM_FIELDS = 600    # the largest page, 12 player rows, has about 200
MAX_FIELD_CHARS = 10_000  # any one field but the pasted JSON texts and a game log
# A game log pasted into a rules page's replay box (its own cap): the longest simulated log, a
# 4-player Propagation game, is some 340,000 characters, and twice that pretty-printed. The
# body's cap (1 MB) still holds around it.
MAX_LOG_CHARS = 1_000_000
FIELD_CAPS = {"log": MAX_LOG_CHARS}
# %-escapes in one form: the standard decoder takes about 1.5 us each, so 50,000 keep a form
# well inside the 100 ms budget, and still carry a pasted state of some 30 KB of JSON.
MAX_FORM_ESCAPES = 50_000
JSON_TEXT_FIELDS = ("_state_json", "state", "action")


def form_too_big(body: bytes) -> str | None:
    """Why an url-encoded form body costs more to read than any page's form may, or None;
    counted in the raw body before anything decodes it."""
    if body.count(b"&") >= MAX_FORM_FIELDS:
        return f"this form has more than {MAX_FORM_FIELDS:,} fields; no score sheet has that many"
    if body.count(b"%") > MAX_FORM_ESCAPES:
        return (f"this form holds more than {MAX_FORM_ESCAPES:,} encoded characters; "
                "paste a smaller state")
    return None


def field_cap(name: str) -> int:
    """The most characters a form field of this name may hold (JSON_TEXT_FIELDS: only the body's cap)."""
    return FIELD_CAPS.get(name, MAX_FIELD_CHARS)


def oversized_field(form: MultiDict) -> str | None:
    """The name of a field longer than any page's field needs, or None."""
    return next((name for name, value in form.items(multi=True)
                 if name not in JSON_TEXT_FIELDS and len(value) > field_cap(name)), None)


@dataclass
class Widget:
    """One input of the generic form: its path below the player (or the state), label, kind,
    the choices of a select, sub-widgets of a group, and help text."""

    key: str
    label: str
    kind: str
    choices: list[Any] = field(default_factory=list)
    children: list[Widget] = field(default_factory=list)
    help: str = ""
    required: bool = False


@cache
def state_schema(model: Any) -> dict:
    """The model's JSON schema, built once per model: every score and check page reads it,
    and building it takes longer than the rest of the page. Callers only read it."""
    return TypeAdapter(model).json_schema()


def _resolve(schema: dict, defs: dict) -> dict:
    """Follow $ref and drop the null branch of an optional value."""
    while True:
        if "$ref" in schema:
            schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
        elif "anyOf" in schema:
            options = [s for s in schema["anyOf"] if s.get("type") != "null"]
            if len(options) != 1:
                return schema
            schema = options[0]
        else:
            return schema


def kind_of(schema: dict, defs: dict) -> str:
    schema = _resolve(schema, defs)
    kind = schema.get("type")
    if "enum" in schema:
        return "choice"
    if kind == "integer":
        return "int"
    if kind == "number":
        return "float"
    if kind == "boolean":
        return "bool"
    if kind == "string":
        return "str"
    if kind == "array":
        items = _resolve(schema.get("items", {}), defs)
        if items.get("type") == "integer" and "enum" not in items:
            return "ints"
        if items.get("type") == "string":
            return "lines"
        return "json"
    if kind == "object" and (schema.get("properties") or _key_names(schema)):
        return "group"
    return "json"


def _key_names(schema: dict) -> list[str]:
    return list(schema.get("propertyNames", {}).get("enum", []))


def _children(schema: dict, defs: dict) -> list[tuple[str, dict, bool]]:
    """(name, schema, required) of each field of an object schema, in schema order."""
    schema = _resolve(schema, defs)
    if schema.get("properties"):
        required = set(schema.get("required", []))
        return [(name, sub, name in required) for name, sub in schema["properties"].items()]
    value = schema.get("additionalProperties", {})
    return [(name, value, False) for name in _key_names(schema)]


def widgets(schema: dict, defs: dict, skip: tuple[str, ...] = ()) -> list[Widget]:
    found = []
    for name, sub, required in _children(schema, defs):
        if name in skip:
            continue
        resolved = _resolve(sub, defs)
        kind = kind_of(sub, defs)
        label = resolved.get("title") or sub.get("title") or name.replace("_", " ").capitalize()
        widget = Widget(name, label, kind, help=resolved.get("description", "") or sub.get("description", ""),
                        required=required)
        if kind == "choice":
            widget.choices = list(resolved["enum"])
        elif kind == "group":
            widget.children = widgets(resolved, defs)
        found.append(widget)
    return found


@dataclass
class FormSpec:
    """The generic form of a game: fields of the whole state, and the fields of one player."""

    state_fields: list[Widget]
    player_fields: list[Widget]


@cache
def form_spec(model: Any) -> FormSpec:
    """The model's generic form, built once per model like its schema. Callers only read it."""
    schema = state_schema(model)
    defs = schema.get("$defs", {})
    players = _resolve(schema.get("properties", {}).get("players", {}), defs)
    player_schema = players.get("items", {})
    return FormSpec(state_fields=widgets(schema, defs, skip=("players",)),
                    player_fields=widgets(player_schema, defs) if player_schema else [])


# --- form -> JSON ---------------------------------------------------------------------------------

def convert(text: str, kind: str) -> Any:
    """One submitted value as JSON, by its kind; OMIT for an empty optional value."""
    stripped = text.strip()
    if kind == "bool":
        return stripped.lower() in ("true", "on", "1", "yes")
    if kind in ("int", "float", "choice", "json") and not stripped:
        return OMIT
    if kind == "int":
        return _number_or_text(stripped)
    if kind == "float":
        return _decimal_or_text(stripped)
    if kind == "choice":
        return _number_or_text(stripped)
    if kind == "ints":
        parts = [p for p in re.split(r"[\s,;]+", stripped) if p]
        return [_number_or_text(p) for p in parts]
    if kind == "lines":
        return [line.strip() for line in text.splitlines() if line.strip()]
    if kind == "json":
        try:
            return read_json_text(stripped)
        except BadJSON:
            return stripped
    return stripped


def _number_or_text(text: str) -> Any:
    number = whole_number(text)
    return text if number is None else number


_DECIMAL = re.compile(r"[+-]?[0-9]{1,15}(\.[0-9]{1,15})?")


def _decimal_or_text(text: str) -> Any:
    return float(text) if _DECIMAL.fullmatch(text) else text


def _schema_at(schema: dict, defs: dict, parts: list[str]) -> dict | None:
    for part in parts:
        schema = _resolve(schema, defs)
        if schema.get("type") == "array" and is_index(part):
            schema = schema.get("items", {})
        elif part in schema.get("properties", {}):
            schema = schema["properties"][part]
        elif part in _key_names(schema) or (schema.get("type") == "object"
                                            and isinstance(schema.get("additionalProperties"), dict)):
            schema = schema.get("additionalProperties", {})
        else:
            return None
    return schema


def state_from_form(form: MultiDict, model: Any) -> dict:
    """The state JSON a form describes (see the module's naming convention). Names outside the
    schema (csrf_token, the submit button, ...) are ignored."""
    schema = state_schema(model)
    defs = schema.get("$defs", {})
    tree: dict = {}
    for name in form:
        parts = name.split(".")
        sub = _schema_at(schema, defs, parts)
        if sub is None:
            continue
        kind = kind_of(sub, defs)
        if kind == "group":
            continue
        value = convert(form.getlist(name)[-1], kind)
        if value is OMIT:
            continue
        _place(tree, parts, value)
    return _lists(tree, schema, defs)


def _place(tree: dict, parts: list[str], value: Any) -> None:
    """Put a value at its path. Where names clash (`players` and `players.0.name`), the
    fields below win, in whichever order they came: a value never replaces a group."""
    node = tree
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    if not isinstance(node.get(parts[-1]), dict):
        node[parts[-1]] = value


def _lists(node: Any, schema: dict, defs: dict) -> Any:
    """Turn {"0": ..., "2": ...} into lists where the schema has an array (gaps from removed
    rows close up, order kept)."""
    if not isinstance(node, dict):
        return node
    resolved = _resolve(schema, defs)
    if resolved.get("type") == "array" and all(is_index(k) for k in node):
        items = resolved.get("items", {})
        return [_lists(node[k], items, defs) for k in sorted(node, key=int)]
    out = {}
    for key, value in node.items():
        sub = _schema_at(resolved, defs, [key]) or {}
        out[key] = _lists(value, sub, defs)
    return out


def display_value(value: Any, kind: str) -> str:
    """How a JSON value is shown back in an input of that kind."""
    if value is None:
        return ""
    if kind == "ints" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if kind == "lines" and isinstance(value, list):
        return "\n".join(str(v) for v in value)
    if kind == "json":
        return value if isinstance(value, str) else json.dumps(value)
    return str(value)


# --- violations in the page's words ---------------------------------------------------------------

_PLAYER_PATH = re.compile(r"players\[(\d+)\]((?:\.[A-Za-z_]\w*)*)")
_PATH_PART = re.compile(r"\[(\d+)\]")
_PLAIN_WORDS_FOR = {" is required but missing": " is missing", ": string should have at least 1 character": " is empty"}
_PLAIN_WORDS = re.compile("|".join(map(re.escape, _PLAIN_WORDS_FOR)), re.IGNORECASE)
# A number the validator found out of range, in its own words ("...: input should be greater
# than or equal to 0"), said as players would say it ("... must be 0 or more").
_BOUND_WORDS_FOR = {"greater than or equal to": "{} or more", "less than or equal to": "{} or less",
                    "greater than": "more than {}", "less than": "less than {}"}
_BOUND_WORDS = re.compile(r": input should be (greater than or equal to|less than or equal to|greater than|less than) "
                          r"(-?[\d.]+)", re.IGNORECASE)
_LIBRARY_WORDS = re.compile(r": input should be ", re.IGNORECASE)


def field_name(path: str) -> str:
    """The form input a violation path points at: players[0].harvested.squash ->
    players.0.harvested.squash (the module's naming convention)."""
    return _PATH_PART.sub(r".\1", path).lstrip(".")


def _player_words(match: re.Match) -> str:
    number = int(match.group(1)) + 1
    what = " ".join(part.replace("_", " ") for part in match.group(2).split(".") if part)
    return f"Player {number}'s {what}" if what else f"Player {number}"


def for_players(violation: Mapping, game_title: str) -> dict:
    """A violation as a score page shows it: players counted from 1 as the page numbers them
    ("Player 1's track is missing"), no JSON paths or internal file names in the words, the rule
    cited as "<Game>: <section>" when it comes from a rulebook, and the input it is about
    (`field`). `path` stays for scripts that mark a board space; pages do not print it."""
    message = _PLAYER_PATH.sub(_player_words, str(violation.get("message", "")))
    message = _PLAIN_WORDS.sub(lambda found: _PLAIN_WORDS_FOR[found.group(0).lower()], message)
    message = _BOUND_WORDS.sub(lambda found: " must be " + _BOUND_WORDS_FOR[found.group(1).lower()].format(found.group(2)),
                               message)
    message = _LIBRARY_WORDS.sub(" should be ", message)
    rule = str(violation.get("rule", ""))
    # "<Game> › state format" is no rulebook section: the message alone says what to fix.
    cited = rule.replace(" › ", ": ", 1) if "›" in rule and not rule.endswith("› state format") else ""
    if cited and not cited.startswith(game_title):
        cited = f"{game_title}: {cited}"
    return {"code": violation.get("code", ""), "message": message[:1].upper() + message[1:],
            "rule": cited, "path": violation.get("path", ""), "field": field_name(str(violation.get("path", "")))}


def label(key: str) -> str:
    """garden_bed -> Garden bed: a field's or category's key as a page heads it."""
    return key.replace("_", " ").replace("-", " ").capitalize()
