"""The JSON API (docs/app.md "JSON API", "State format" and "Request format").

Every answer is JSON. Bad JSON is 400, an unknown game 404, an impossible state 422 with the
violations, a body over 1 MB 413 (Flask's MAX_CONTENT_LENGTH), a database that is down 503.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import InvalidState, read_log_json, violation
from scorer.games.engine import engine_of
from scorer.store.green import off_the_loop
from scorer.store.storage import StorageUnavailable
from scorer.web.examples import (
    EXAMPLES,
    BadExampleQuery,
    ExamplesBusy,
    fresh_seed,
    read_players,
    read_seed,
)
from scorer.web.guards import REQUEST_RULE, body_held_to_limit, json_refusals, parse_json, read_json
from scorer.web.listing import game_info
from scorer.web.stored import storage

bp = Blueprint("api", __name__)
json_refusals(bp)


@bp.errorhandler(BadExampleQuery)
def bad_query(error: BadExampleQuery):
    return jsonify({"error": str(error)}), 400


@bp.get("/api/games")
def list_games():
    return jsonify({"games": [game_info(game_id) for game_id in CATALOGUE]})


@bp.post("/api/games/<game_id>/score")
def score(game_id: str):
    game = GAMES[game_id]
    return jsonify(game.score(read_json()))


@bp.post("/api/games/<game_id>/validate")
def validate(game_id: str):
    """200 says whether a state of the game's form is possible by the rules; a body that is no
    state of the game (not an object, a field of the wrong type, a player count the game does
    not allow) is refused 422, as score and check refuse it, since there is no state to judge."""
    game = GAMES[game_id]
    found = game.violations_of(game.parse_form(read_json()))
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

    # Made once per worker, on first asking: some 1 s of CPU (the name pattern walks every
    # code point), on a thread, so the worker's other pages are served meanwhile.
    return jsonify(off_the_loop(openapi_document))


@bp.get("/healthz")
def healthz():
    try:
        storage().ping()
    except StorageUnavailable as error:
        return jsonify({"status": "unavailable", "database": str(error)}), 503
    return jsonify({"status": "ok", "database": "ok", "games": list(GAMES)})
