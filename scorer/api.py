"""The JSON API (DESIGN.md "HTTP mirror" and "Storage").

Every answer is JSON. Bad JSON is 400, an unknown game 404, an impossible state 422 with the
violations, a body over 1 MB 413 (Flask's MAX_CONTENT_LENGTH), a database that is down 503.
"""
from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Blueprint, current_app, jsonify, request
from pydantic import ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

import scorer
from scorer.core import Game, InvalidState, UnknownGame, violation
from scorer.games import CATALOGUE
from scorer.storage import Storage, StorageUnavailable

bp = Blueprint("api", __name__)

REQUEST_RULE = "Request format (DESIGN.md)"
MAX_ID = 2**63 - 1  # the largest id any database column can hold


class BadJSON(Exception):
    pass


def storage() -> Storage:
    return current_app.extensions["gardenkit.storage"]


# A body turned into digits ("0") and everything else (" "), to look for a run of 19 digits in
# C speed; a regular expression takes ten times as long, as much as the parse it guards.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_NINETEEN_DIGITS = b"0" * 19


def request_body() -> bytes:
    """The body bytes; 413 when it is over Flask's limit. With a plain Content-Length (every
    client here sends one) they are read straight from the WSGI input, as the WSGI spec
    allows, and the length is taken from the environ: werkzeug's stream wrappers and header
    properties cost as much as parsing the JSON. Anything else (a chunked upload, an odd
    length) is left to werkzeug, held to the limit."""
    environ = request.environ
    declared = environ.get("CONTENT_LENGTH", "")
    if not declared.isdigit() or "HTTP_TRANSFER_ENCODING" in environ:
        return body_held_to_limit()
    length = int(declared)
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and length > limit:
        raise RequestEntityTooLarge()
    return environ["wsgi.input"].read(length)


def body_held_to_limit() -> bytes:
    """The body through werkzeug (kept for get_data and the form parser), 413 when it is
    over the limit. werkzeug stops reading a body that has no length (a chunked one) at the
    limit without a word, so that a form or JSON cut short would pass for whole: one byte
    more from the input tells a body of exactly the limit from a larger one."""
    body = request.get_data(cache=True)
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return body


def read_json() -> Any:
    """The request body as JSON (whatever the Content-Type says); BadJSON when it is not."""
    return parse_json(request_body())


def read_state(game: Game) -> Any:
    """The body of a request about one state. The common body, a state the game's model
    accepts, is read and checked by pydantic in one pass over the bytes, which saves a
    score request 20-30 us of server CPU against parsing first and validating the result.
    Any other body comes back parsed as JSON, for the game to refuse as the Python API does
    for the same document (a 400 for bad JSON): what pydantic's own JSON reader refuses (a
    UTF-8 byte order mark, lone surrogates) takes that path too, and what it accepts it
    reads as the standard parser does."""
    body = request_body()
    try:
        return game.state_model.model_validate_json(body)
    except ValidationError:
        return parse_json(body)


def parse_json(body: bytes) -> Any:
    if _NINETEEN_DIGITS not in body.translate(_DIGITS_AS_ZEROS):
        try:
            return orjson.loads(body)  # the fast path: nearly every body is plain UTF-8 JSON
        except orjson.JSONDecodeError:
            pass
    # The standard parser decides the rest and names the fault. It also reads what JSON
    # allows but orjson refuses (UTF-16 bodies, lone surrogates) or bends: orjson turns an
    # integer beyond 64 bits into a float, so a body with a run of 19 digits or more
    # (a number that may be that large, or digits in a string) is read here.
    if not body.strip():
        raise BadJSON("the request body is empty; send the JSON document")
    try:
        return json.loads(body, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise BadJSON(f"the request body is not valid JSON ({error})") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


@bp.errorhandler(BadJSON)
def bad_json(error: BadJSON):
    return jsonify({"error": str(error)}), 400


@bp.errorhandler(InvalidState)
def invalid_state(error: InvalidState):
    return jsonify({"violations": error.violations}), 422


@bp.errorhandler(UnknownGame)
def unknown_game(error: UnknownGame):
    return jsonify({"error": str(error), "games": list(scorer.GAMES)}), 404


def game_info(game_id: str) -> dict[str, Any]:
    """A game's entry in the listing: its title, whether its rules are live, its endpoints."""
    title = CATALOGUE[game_id][0]
    info: dict[str, Any] = {"id": game_id, "title": title,
                            "status": "live" if game_id in scorer.GAMES else "coming"}
    if info["status"] == "live":
        game = scorer.GAMES[game_id]
        info["rulebook"] = game.rulebook
        info["has_checks"] = game.action_model is not None
        info["links"] = {op: f"/api/games/{game_id}/{op}" for op in ("score", "validate", "check")}
        info["pages"] = {"score": f"/games/{game_id}/score", "check": f"/games/{game_id}/check"}
    return info


@bp.get("/api/games")
def list_games():
    return jsonify({"games": [game_info(game_id) for game_id in CATALOGUE]})


def game_operation(operation: str):
    """Route POST /api/games/<game id>/<operation> to the view. Each live game's address is
    also a rule of its own, with the id as a default: werkzeug matches a fixed address by
    dictionary lookups, while a <game_id> part costs it a regular expression, a sort and
    the converter on every request (13,600 instructions, callgrind). The general rule
    answers every other id (404, unknown game)."""
    def register(view):
        for game_id in scorer.GAMES:
            bp.add_url_rule(f"/api/games/{game_id}/{operation}", view_func=view, methods=["POST"],
                            defaults={"game_id": game_id})
        bp.add_url_rule(f"/api/games/<game_id>/{operation}", view_func=view, methods=["POST"])
        return view
    return register


@game_operation("score")
def score(game_id: str):
    game = scorer.GAMES[game_id]
    return jsonify(game.score(read_state(game)))


@game_operation("validate")
def validate(game_id: str):
    game = scorer.GAMES[game_id]
    found = game.validate(read_state(game))
    return jsonify({"valid": not found, "violations": found})


@game_operation("check")
def check(game_id: str):
    game = scorer.GAMES[game_id]
    body = read_json()
    missing = [key for key in ("state", "action") if not isinstance(body, dict) or key not in body]
    if missing:
        raise InvalidState([violation("missing-field", REQUEST_RULE,
                                      f'the body must be {{"state": ..., "action": ...}}; "{key}" is missing',
                                      key) for key in missing])
    extra = [key for key in body if key not in ("state", "action")]
    if extra:
        raise InvalidState([violation("unknown-field", REQUEST_RULE,
                                      f"{key!r} is not part of a check request", key) for key in extra])
    return jsonify(game.check(body["state"], body["action"]))


# --- service endpoints ----------------------------------------------------------------------------

@bp.get("/openapi.json")
def openapi():
    from scorer.openapi import openapi_document

    return jsonify(openapi_document())


@bp.get("/healthz")
def healthz():
    try:
        storage().ping()
    except StorageUnavailable as error:
        return jsonify({"status": "unavailable", "database": str(error)}), 503
    return jsonify({"status": "ok", "database": "ok", "games": list(scorer.GAMES)})
