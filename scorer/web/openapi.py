"""The OpenAPI 3.1 document of the JSON API, built from the games' own pydantic models, so the
schema a client sees is the one the scorer validates against.

Each live game gets its own literal paths (/api/games/garden-variety/score, ...) with its
state and action schemas; schema names are prefixed with the game (GardenVarietyState) so
that two games' "Player" models never collide.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import TypeAdapter

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import NAME_SCHEMA_MARK, Game, PlayerName, name_pattern
from scorer.games.engine import MAX_LOG_ENTRIES, Engine
from scorer.store.storage import LOCATION_MAX_CHARS, NOTE_MAX_CHARS, SAVE_KEY_PATTERN
from scorer.web.examples import SEED_POOL
from scorer.web.history import MAX_LIST_LIMIT, MAX_OFFSET

ERROR = {"$ref": "#/components/schemas/Error"}
# Who may change a saved result (scorer.web.owners): its key, or the operator's token as a bearer
# token, or the saving browser's session cookie.
SECURITY_SCHEMES = {
    "resultKey": {"type": "apiKey", "in": "header", "name": "X-Result-Key",
                  "description": "the key the save answered with"},
    "bearer": {"type": "http", "scheme": "bearer",
               "description": "the result's key, or the operator's GARDENKIT_ADMIN_TOKEN"},
    "session": {"type": "apiKey", "in": "cookie", "name": "session",
                "description": "the saving browser's session, which remembers its recent saves"},
}
VIOLATIONS = {"$ref": "#/components/schemas/Violations"}


def _prefix(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("-"))


def _schemas_of(game_id: str) -> dict[str, dict]:
    """{schema name: JSON schema} for a game's state and action and every model they use."""
    game = GAMES[game_id]
    prefix = _prefix(game_id)
    template = f"#/components/schemas/{prefix}{{model}}"
    found: dict[str, dict] = {}
    models = [("State", game.state_model)]
    if game.action_model is not None:
        models.append(("Action", game.action_model))
    for name, model in models:
        schema = TypeAdapter(model).json_schema(ref_template=template)
        for def_name, definition in schema.pop("$defs", {}).items():
            found[prefix + def_name] = definition
        found[prefix + name] = schema
    found[prefix + "State"]["properties"]["players"].update(_roster(game))
    return {name: _names_by_reference(schema) for name, schema in found.items()}


def _names_by_reference(node: Any) -> Any:
    """The schema with every player's name (pydantic writes PlayerName out in full wherever a
    model has one, pattern and all: 36 copies of a 6 KB pattern) as a reference to the one
    PlayerName schema, keeping the field's title."""
    if isinstance(node, list):
        return [_names_by_reference(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get(NAME_SCHEMA_MARK):
        return {"$ref": "#/components/schemas/PlayerName", **({"title": node["title"]} if "title" in node else {})}
    return {key: _names_by_reference(value) for key, value in node.items()}


def _roster(game: Game) -> dict[str, Any]:
    """How many players the game allows, as a list's bounds: the rules refuse any other count."""
    return {"minItems": game.min_players, "maxItems": game.max_players,
            "description": f"{game.min_players} to {game.max_players} players ({game.roster_rule})"}


def _json_body(schema: dict, description: str = "") -> dict:
    body = {"required": True, "content": {"application/json": {"schema": schema}}}
    if description:
        body["description"] = description
    return body


def _answer(description: str, schema: dict | None = None, media: str = "application/json") -> dict:
    answer: dict[str, Any] = {"description": description}
    if schema is not None:
        answer["content"] = {media: {"schema": schema}}
    return answer


# gunicorn (`gardenkit serve`) refuses a request line over 4,094 bytes before the app sees it,
# in its own HTML: an address with query parameters can be made that long.
LONG_ADDRESS = {"414": _answer("the address is longer than the server reads (a request line of 4 KB)")}

ERRORS = {
    "400": _answer("the body is not JSON", ERROR),
    "404": _answer("unknown game", ERROR),
    "413": _answer("the body is larger than 1 MB", ERROR),
}


def _game_paths(game_id: str) -> dict[str, dict]:
    title = CATALOGUE[game_id][0]
    prefix = _prefix(game_id)
    state = {"$ref": f"#/components/schemas/{prefix}State"}
    paths = {
        f"/api/games/{game_id}/score": {"post": {
            "summary": f"{title}: final scores", "operationId": f"score{prefix}", "tags": [title],
            "requestBody": _json_body(state, "the game's final state"),
            "responses": {"200": _answer("ranked players with breakdowns", {"$ref": "#/components/schemas/Score"}),
                          "422": _answer("the state is impossible", VIOLATIONS), **ERRORS}}},
        f"/api/games/{game_id}/validate": {"post": {
            "summary": f"{title}: is this state possible", "operationId": f"validate{prefix}", "tags": [title],
            "requestBody": _json_body(state),
            "responses": {"200": _answer("whether a state of the right form is possible by the rules, and why not",
                                         {"$ref": "#/components/schemas/Validation"}),
                          "422": _answer("the body is not a state of this game's form (not an object, a field of "
                                         "the wrong type, a player count the game does not allow): what is wrong",
                                         VIOLATIONS), **ERRORS}}},
    }
    if GAMES[game_id].action_model is not None:
        body = {"type": "object", "additionalProperties": False, "required": ["state", "action"],
                "properties": {"state": state, "action": {"$ref": f"#/components/schemas/{prefix}Action"}}}
        paths[f"/api/games/{game_id}/check"] = {"post": {
            "summary": f"{title}: is this action legal", "operationId": f"check{prefix}", "tags": [title],
            "requestBody": _json_body(body),
            "responses": {"200": _answer("legality, reasons and effects", {"$ref": "#/components/schemas/Check"}),
                          "422": _answer("the state or action is malformed or impossible", VIOLATIONS),
                          **ERRORS}}}
    if GAMES[game_id].engine is not None:
        paths.update(_engine_paths(game_id, title, prefix))
    return paths


def _engine_paths(game_id: str, title: str, prefix: str) -> dict[str, dict]:
    """Replay a game log; a simulated game for the pages' examples (docs/engines.md)."""
    game = GAMES[game_id]
    # Entries after the setup are judged one by one: the first that is no action or chance
    # outcome of this game (not even an object) ends the replay there, answered 200 legal: false.
    log = {"type": "array", "minItems": 1, "maxItems": MAX_LOG_ENTRIES, "prefixItems": [_setup_entry(game)],
           "description": 'the setup {"setup": {...}}, then actions in the check format and chance '
                          'outcomes {"chance": ...}'}
    players = {"type": "integer", "minimum": game.min_players, "maximum": game.max_players}
    return {
        f"/api/games/{game_id}/replay": {"post": {
            "summary": f"{title}: replay a game log", "operationId": f"replay{prefix}", "tags": [title],
            "requestBody": _json_body(log),
            "responses": {"200": _answer("the end and its score (legal: true), or the first move that breaks "
                                         "a rule with its violations and the state before it (legal: false)",
                                         {"type": "object", "required": ["legal"]}),
                          "422": _answer("not a game log this engine can read", VIOLATIONS), **ERRORS,
                          "429": _answer("too many replays from this address: ask again after Retry-After "
                                         "seconds (GARDENKIT_REPLAY_LIMIT)", ERROR),
                          "503": _answer("other games are being played or replayed: ask again after "
                                         "Retry-After seconds", ERROR)}}},
        f"/api/games/{game_id}/example": {"get": {
            "summary": f"{title}: a randomly played game and its end state", "operationId": f"example{prefix}",
            "tags": [title],
            "parameters": [{"name": "seed", "in": "query", "required": False,
                            "schema": {"type": "integer", "minimum": 0, "maximum": SEED_POOL - 1},
                            "description": f"one of the {SEED_POOL} seeds of the examples; a fresh one when absent"},
                           {"name": "players", "in": "query", "required": False, "schema": players,
                            "description": f"how many play (absent: {game.min_players})"}],
            "responses": {"200": _answer("seed, players, the end state, its score and the log",
                                         {"type": "object", "required": ["seed", "players", "state", "score", "log"]}),
                          "400": _answer("a seed outside the pool or a player count that is not a whole number",
                                         ERROR),
                          "404": ERRORS["404"],
                          "422": _answer("a player count the game does not allow", VIOLATIONS),
                          "429": _answer("too many examples from this address: ask again after Retry-After "
                                         "seconds (GARDENKIT_EXAMPLE_LIMIT)", ERROR),
                          "503": _answer("other examples are being played: ask again after Retry-After seconds",
                                         ERROR), **LONG_ADDRESS}}},
    }


def _setup_entry(game: Game) -> dict[str, Any]:
    """A log's first entry, as the engine reads it (scorer.games.engine.Engine._read_setup):
    this game and engine version, its players, one choice of each option without a default."""
    engine: Engine = game.engine  # type: ignore[assignment]   # only a game with an engine replays
    needed = [name for name in engine.option_choices if name not in engine.option_defaults]
    options = {"type": "object", "additionalProperties": False, "required": needed,
               "properties": {name: {"enum": list(choices)} for name, choices in engine.option_choices.items()}}
    players = {"type": "array", "uniqueItems": True, "items": {"$ref": "#/components/schemas/PlayerName"},
               **_roster(game)}
    setup = {"type": "object", "required": ["players", "version", *(["options"] if needed else [])],
             "properties": {"game": {"const": game.id}, "version": {"const": engine.version},
                            "seed": {"description": "the seed the game was played with (not read by a replay)"},
                            "players": players, "options": options}}
    return {"type": "object", "required": ["setup"], "properties": {"setup": setup}}


_TIME = ("an ISO 8601 date and time with its time zone (2026-11-27T19:30:00Z), from 2000 to now; "
         "null: not recorded")
PLAY_DETAILS: dict[str, dict] = {
    "started_at": {"type": ["string", "null"], "format": "date-time",
                   "description": "when the game started (the score page's first input); " + _TIME},
    "ended_at": {"type": ["string", "null"], "format": "date-time",
                 "description": "when it ended (a save without one: the moment of saving), at most a week after "
                                "its start; " + _TIME},
    "start_player": {"type": ["string", "null"], "maxLength": 160,
                     "description": "the name of the player who went first, one of the state's players "
                                    "(null: not recorded)"},
    "location": {"type": ["string", "null"], "maxLength": LOCATION_MAX_CHARS,
                 "description": "where it was played, one line of plain text (blank or null: not recorded)"},
}


def _results_paths() -> dict[str, dict]:
    live = list(GAMES)
    note = {"type": ["string", "null"], "maxLength": NOTE_MAX_CHARS}
    details = PLAY_DETAILS
    save_body = {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["game", "state"],
         "properties": {"game": {"const": game_id},
                        "state": {"$ref": f"#/components/schemas/{_prefix(game_id)}State"}, "note": note,
                        **details}}
        for game_id in live]}
    edit_body = {"type": "object", "additionalProperties": False, "required": ["version"],
                 "minProperties": 2, "properties": {
                     "version": {"type": "integer", "minimum": 1,
                                 "description": "the version the change was made on (409 when stale)"},
                     "state": {"type": "object", "description": "the game's new state, scored again"},
                     "note": note, **details}}
    game_query = {"name": "game", "in": "query", "required": False,
                  "schema": {"type": "string", "enum": [*CATALOGUE, ""]},
                  "description": "only this game's results; absent or blank: every game's"}
    result_id = {"name": "result_id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
    idempotency = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "schema": {"type": "string", "pattern": f"^{SAVE_KEY_PATTERN.pattern}$"},
                   "description": "the same key saves once: a repeat of the same game answers 200 with the same "
                                  "id (its key only to its owner), a repeat with another game 422, after a delete 410"}
    unavailable = {"503": _answer("the results database is not available", ERROR)}
    too_many = _answer("too many requests of this kind from this address: ask again after Retry-After seconds "
                       "(GARDENKIT_WRITE_LIMIT, _EXPORT_LIMIT, _READ_LIMIT)", ERROR)
    writes = {"403": _answer("a write from another site's page (its Origin), or by someone who does not hold "
                             "the result's key", ERROR),
              "415": _answer("the body is not sent as application/json", ERROR),
              "429": too_many}
    owner: list[dict[str, list]] = [{"resultKey": []}, {"bearer": []}, {"session": []}]
    saved = {"$ref": "#/components/schemas/SavedResult"}
    return {
        "/api/results": {
            "post": {"summary": "save a finished game", "operationId": "saveResult", "tags": ["results"],
                     "parameters": [idempotency], "requestBody": _json_body(save_body),
                     "responses": {"201": _answer("saved; keep the key to edit or delete it",
                                                  {"$ref": "#/components/schemas/Saved"}),
                                   "200": _answer("saved before under this Idempotency-Key: the same id (and key, only to a "
                                                  "request that owns the result)",
                                                  {"$ref": "#/components/schemas/Saved"}),
                                   "422": _answer("impossible state or unknown game, or an Idempotency-Key that "
                                                  "saved another game: nothing saved", VIOLATIONS),
                                   "410": _answer("the Idempotency-Key's result was deleted: not saved again",
                                                  ERROR),
                                   "400": ERRORS["400"], "413": ERRORS["413"], **writes, **unavailable}},
            "get": {"summary": "saved games, newest first", "operationId": "listResults", "tags": ["results"],
                    "parameters": [game_query, {"name": "limit", "in": "query", "required": False,
                                                "schema": {"type": "integer", "minimum": 1,
                                                           "maximum": MAX_LIST_LIMIT}},
                                   {"name": "offset", "in": "query", "required": False,
                                    "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET}}],
                    "responses": {"200": _answer("saved results", {"type": "object", "required": ["results"],
                                                                   "properties": {"results": {"type": "array"},
                                                                                  "next": {"type": "string"}}}),
                                  "400": _answer("a limit or offset that is no whole number or out of range", ERROR),
                                  "404": ERRORS["404"], "429": too_many, **unavailable, **LONG_ADDRESS}}},
        "/api/results/{result_id}": {
            "get": {"summary": "one saved game", "operationId": "getResult", "tags": ["results"],
                    "parameters": [result_id],
                    "responses": {"200": _answer("the saved game with its state and result", saved),
                                  "404": _answer("no such result", ERROR), **unavailable}},
            "patch": {"summary": "change a saved game's state, note, times, start player or place (its saver or the operator)",
                      "operationId": "editResult", "tags": ["results"], "security": owner,
                      "parameters": [result_id], "requestBody": _json_body(edit_body),
                      "responses": {"200": _answer("the changed game, at its next version", saved),
                                    "409": _answer("the game changed since the version named: both versions",
                                                   {"type": "object", "required": ["error", "your_version", "current"],
                                                    "properties": {"error": {"type": "string"},
                                                                   "your_version": {"type": "integer"},
                                                                   "current": saved}}),
                                    "422": _answer("an impossible state or a bad body: nothing changed", VIOLATIONS),
                                    "404": _answer("no such result", ERROR), "400": ERRORS["400"],
                                    "413": ERRORS["413"], **writes, **unavailable}},
            "delete": {"summary": "delete a saved game (its saver or the operator)", "operationId": "deleteResult",
                       "tags": ["results"], "security": owner, "parameters": [result_id],
                       "responses": {"204": _answer("deleted; its id is never used again"),
                                     "404": _answer("no such result", ERROR),
                                     "403": writes["403"], "429": writes["429"], **unavailable}}},
        "/api/results.csv": {"get": {
            "summary": "saved games as CSV, one row per player (streamed)", "operationId": "resultsCsv",
            "tags": ["results"], "parameters": [game_query],
            "responses": {"200": _answer("CSV", {"type": "string"}, "text/csv"),
                          "404": ERRORS["404"], "429": writes["429"], **unavailable, **LONG_ADDRESS}}},
        "/api/players": {"get": {
            "summary": "each player's record across the saved games", "operationId": "listPlayers",
            "tags": ["results"], "parameters": [game_query],
            "responses": {"200": _answer("players, most games first",
                                         {"type": "object", "required": ["players"],
                                          "properties": {"players": {"type": "array", "items": {"type": "object"}}}}),
                          "404": ERRORS["404"], "429": writes["429"], **unavailable, **LONG_ADDRESS}}},
    }


def _player_name_schema() -> dict[str, Any]:
    """The one schema of a player's name, with the pattern made from the server's own rule."""
    schema = TypeAdapter(PlayerName).json_schema()
    del schema[NAME_SCHEMA_MARK]
    return {**schema, "pattern": name_pattern()}


def _shared_schemas() -> dict[str, dict]:
    violation = {"type": "object", "required": ["code", "rule", "message", "path"],
                 "properties": {k: {"type": "string"} for k in ("code", "rule", "message", "path")}}
    player = {"type": "object", "required": ["name", "total", "rank", "breakdown"],
              "properties": {"name": {"type": "string"}, "total": {"type": "integer"},
                             "rank": {"type": "integer", "minimum": 1},
                             "breakdown": {"type": "object", "additionalProperties": {"type": "integer"}},
                             "tiebreakers": {"type": "object"}}}
    return {
        "PlayerName": _player_name_schema(),
        "Violation": violation,
        "Violations": {"type": "object", "required": ["violations"],
                       "properties": {"violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}}}},
        "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
        "Score": {"type": "object", "required": ["game", "players", "winners", "warnings"],
                  "properties": {"game": {"type": "string"}, "players": {"type": "array", "items": player},
                                 "winners": {"type": "array", "items": {"type": "string"}},
                                 "tie_break": {"type": ["string", "null"],
                                               "description": "how a tie for the win was settled, in words"},
                                 "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}}}},
        "Validation": {"type": "object", "required": ["valid", "violations"],
                       "properties": {"valid": {"type": "boolean"},
                                      "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}}}},
        "Check": {"type": "object", "required": ["legal", "violations", "effects"],
                  "properties": {"legal": {"type": "boolean"},
                                 "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
                                 "effects": {"type": "object"},
                                 "summary": {"type": "array", "items": {"type": "string"},
                                             "description": "the answer in the players' words, a sentence an item"}}},
        "Saved": {"type": "object", "required": ["id", "key", "version", "result"],
                  "properties": {"id": {"type": "integer"},
                                 "key": {"type": "string", "description": "edits and deletes this result: send it "
                                         "as X-Result-Key or Authorization: Bearer"},
                                 "version": {"type": "integer"}, "result": {"$ref": "#/components/schemas/Score"}}},
        "SavedResult": {"type": "object", "required": ["id", "game", "saved_at", "version", "state", "result"],
                        "properties": {"id": {"type": "integer"}, "game": {"type": "string"},
                                       "saved_at": {"type": "string"}, "updated_at": {"type": ["string", "null"]},
                                       "version": {"type": "integer", "minimum": 1},
                                       "note": {"type": ["string", "null"]}, **PLAY_DETAILS,
                                       "state": {"type": "object"},
                                       "result": {"$ref": "#/components/schemas/Score"}}},
    }


@lru_cache(maxsize=1)
def openapi_document() -> dict[str, Any]:
    schemas = _shared_schemas()
    paths: dict[str, dict] = {
        "/api/games": {"get": {"summary": "the registered games and whether their rules are live",
                               "operationId": "listGames", "tags": ["games"],
                               "responses": {"200": _answer("games", {"type": "object", "required": ["games"],
                                                                      "properties": {"games": {"type": "array"}}})}}},
        "/healthz": {"get": {"summary": "is the app and its database up", "operationId": "health",
                             "tags": ["service"],
                             "responses": {"200": _answer("ok", {"type": "object"}),
                                           "503": _answer("the database is down", {"type": "object"})}}},
    }
    for game_id in GAMES:
        schemas.update(_schemas_of(game_id))
        paths.update(_game_paths(game_id))
    paths.update(_results_paths())
    return {"openapi": "3.1.0",
            "info": {"title": "gardenkit scorer", "version": "1.0",
                     "description": "Score garden games, check whether a state is possible, settle rule disputes."},
            "paths": paths, "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES}}
