"""The JSON API (docs/app.md "JSON API", "State format" and "Request format").

Every answer is JSON. Bad JSON is 400, an unknown game 404, an impossible state 422 with the
violations, a body over 1 MB 413 (Flask's MAX_CONTENT_LENGTH), a database that is down 503.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import BadJSON, InvalidState, UnknownGame, read_json_text, read_log_json, violation
from scorer.games.engine import engine_of
from scorer.store.green import off_the_loop
from scorer.store.storage import Storage, StorageUnavailable
from scorer.web.examples import (
    EXAMPLES,
    BadExampleQuery,
    ExamplesBusy,
    fresh_seed,
    read_players,
    read_seed,
)

bp = Blueprint("api", __name__)

log = logging.getLogger("gardenkit.api")

REQUEST_RULE = "Request format (docs/app.md)"
MAX_ID = 2**63 - 1  # the largest id any database column can hold


def storage() -> Storage:
    return current_app.extensions["gardenkit.storage"]


def body_held_to_limit() -> bytes:
    """The body through werkzeug (kept for get_data and the form parser), 413 when it is
    over the limit. werkzeug stops reading a body that has no length (a chunked one) at the
    limit without a word, so that a form or JSON cut short would pass for whole: one byte
    more from the input tells a body of exactly the limit from a larger one."""
    try:
        body = request.get_data(cache=True)
    except HTTPException:
        raise
    except Exception:  # noqa: BLE001 -- the server's own reader refused it: a malformed chunk, say
        log.info("unreadable request body on %s %s", request.method, request.path)
        raise BadRequest("the request body could not be read: its chunks are malformed or it was cut off") from None
    if request.content_length is not None and len(body) < request.content_length:
        raise BadRequest(f"the request body ended after {len(body)} of the {request.content_length} "
                         "bytes its Content-Length announced")
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return body


def read_json() -> Any:
    """The request body as JSON (whatever the Content-Type says); BadJSON when it is not. The
    game then reads the document as the Python API and the CLI do, so all three answer alike."""
    return parse_json(body_held_to_limit())


def parse_json(body: bytes, reader: Callable[[bytes], Any] = read_json_text) -> Any:
    """The body as JSON, read as every door reads JSON (scorer.games.core.read_json_text), or as
    a game log (read_log_json)."""
    try:
        return reader(body)
    except BadJSON as error:
        raise BadJSON(str(error).replace("the document", "the request body", 1)) from None


@bp.errorhandler(BadJSON)
def bad_json(error: BadJSON):
    return jsonify({"error": str(error)}), 400


@bp.errorhandler(BadExampleQuery)
def bad_query(error: BadExampleQuery):
    return jsonify({"error": str(error)}), 400


@bp.errorhandler(InvalidState)
def invalid_state(error: InvalidState):
    return jsonify({"violations": error.violations}), 422


@bp.errorhandler(UnknownGame)
def unknown_game(error: UnknownGame):
    return jsonify({"error": str(error), "games": list(GAMES)}), 404


def game_info(game_id: str) -> dict[str, Any]:
    """A game's entry in the listing: its title, whether its rules are live, its endpoints."""
    title = CATALOGUE[game_id][0]
    info: dict[str, Any] = {"id": game_id, "title": title,
                            "status": "live" if game_id in GAMES else "coming"}
    if info["status"] == "live":
        game = GAMES[game_id]
        info["rulebook"] = game.rulebook
        info["has_checks"] = game.action_model is not None
        info["links"] = {op: f"/api/games/{game_id}/{op}" for op in ("score", "validate", "check")}
        if game.engine is not None:
            info["links"]["replay"] = f"/api/games/{game_id}/replay"
            info["links"]["example"] = f"/api/games/{game_id}/example"
        info["pages"] = {"score": f"/games/{game_id}/score", "check": f"/games/{game_id}/check"}
    return info


@bp.get("/api/games")
def list_games():
    return jsonify({"games": [game_info(game_id) for game_id in CATALOGUE]})


@bp.post("/api/games/<game_id>/score")
def score(game_id: str):
    game = GAMES[game_id]
    return jsonify(game.score(read_json()))


@bp.post("/api/games/<game_id>/validate")
def validate(game_id: str):
    game = GAMES[game_id]
    found = game.validate(read_json())
    return jsonify({"valid": not found, "violations": found})


@bp.post("/api/games/<game_id>/check")
def check(game_id: str):
    game = GAMES[game_id]
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


@bp.post("/api/games/<game_id>/replay")
def replay(game_id: str):
    """200 with the end and its score, or with the first move that breaks a rule (`legal`
    says which); 422 for a body that is no game log (or one over its length bound); 503 when
    the worker's one turn to play a game stays taken (scorer.web.examples)."""
    game = GAMES[game_id]
    log = parse_json(body_held_to_limit(), read_log_json)
    engine = engine_of(game)
    with EXAMPLES.turn():
        replayed = off_the_loop(lambda: engine.replay(log))
    return jsonify(replayed)


@bp.get("/api/games/<game_id>/example")
def example(game_id: str):
    """A simulated end state, always a possible one, for the pages' "try an example" buttons:
    ?seed= (one of scorer.web.examples.SEED_POOL) replays that game, a fresh seed when absent;
    ?players= how many play. Bounded in cost by scorer.web.examples (503 when busy)."""
    game = GAMES[game_id]
    engine_of(game)  # a game without an engine answers that first
    seed = read_seed(request.args.get("seed"), fresh_seed())
    players = read_players(game, request.args.get("players"), game.min_players)
    played = EXAMPLES.game(game, players, seed)
    return jsonify({"seed": seed, "players": players, "state": played.end_state,
                    "score": game.score(played.end_state), "log": played.log()})


@bp.errorhandler(ExamplesBusy)
def examples_busy(error: ExamplesBusy):
    return jsonify({"error": str(error)}), 503, {"Retry-After": str(error.retry_after)}


# --- service endpoints ----------------------------------------------------------------------------

@bp.get("/openapi.json")
def openapi():
    from scorer.web.openapi import openapi_document

    return jsonify(openapi_document())


@bp.get("/healthz")
def healthz():
    try:
        storage().ping()
    except StorageUnavailable as error:
        return jsonify({"status": "unavailable", "database": str(error)}), 503
    return jsonify({"status": "ok", "database": "ok", "games": list(GAMES)})
