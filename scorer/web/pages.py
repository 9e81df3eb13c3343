"""The HTML pages: home, a score page and a rule-check page per game, saved results.

Page convention: `/games/<id>/score` and `/games/<id>/check` render
`templates/games/<id>/score.html` (or `check.html`) when that file exists, else the generic
template. Every page works as a plain form POST (CSRF-protected); the small scripts in
templates/static/ add live totals and checks (JSON posted to the page's address + /live, with
the session's token, answered in the players' words), add/remove without a reload, and the score pad (static/pad.js: the
game in progress kept on the device, offline saves). /sw.js keeps the pages working offline.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, ClassVar

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import MAX_BODY_BYTES, BadJSON, InvalidState, read_json_text, read_log_json, whole_number
from scorer.games.engine import engine_of
from scorer.store.green import off_the_loop
from scorer.store.storage import BadDetails, KeyReused, save_key_problem
from scorer.web.examples import EXAMPLES, BadExampleQuery, ExamplesBusy, fresh_seed, read_players, read_seed
from scorer.web.forms import MAX_FIELD_CHARS, MAX_LOG_CHARS, display_value, for_players, form_spec, label
from scorer.web.guards import bad_json, guard_request, hold_form_to_limits, read_json, replay_request
from scorer.web.listing import game_info
from scorer.web.owners import save_owned
from scorer.web.score_form import (
    BLANK_DETAILS,
    MAX_ROWS,
    as_recorded,
    change_rows,
    details_problem,
    details_to_keep,
    live_totals,
    player_rows,
    posted_details,
    render_game_page,
    rotated_names,
    scored_for_page,
    shown_state,
    submitted_state,
)
from scorer.web.stored import MAX_ID, storage

bp = Blueprint("pages", __name__)
bp.add_app_template_filter(label, "label")


@bp.before_request
def replay_log_held_to_its_cap() -> Any:
    """A pasted log is one multipart field (no %-escapes to decode) of up to MAX_LOG_CHARS:
    only the body's cap holds it while it is parsed. A log too large to read is answered
    beside the replay box rather than on an error page."""
    if not replay_request():
        return None
    request.max_form_memory_size = MAX_BODY_BYTES
    try:
        hold_form_to_limits()
    except RequestEntityTooLarge:
        return _replay_too_large()
    return None


bp.before_request(guard_request)


def live_game(game_id: str):
    """The game, None when its rules are still coming; 404 for an id that is no game."""
    if game_id not in CATALOGUE:
        abort(404)
    return GAMES.get(game_id)


@bp.app_template_filter("in_players_words")
def in_players_words(problem: dict, game_title: str) -> dict:
    """A warning or violation as a page shows it (for_players): a saved result keeps the
    API's words, the page says them the players' way."""
    return for_players(problem, game_title)


@bp.app_template_global()
def shown(value: Any, kind: str) -> str:
    return display_value(value, kind)


@bp.app_template_global()
def problem_attrs(name: str) -> Markup:
    """aria-invalid and aria-describedby for an input a refused score has a problem with."""
    problems = g.get("field_problems")
    return problems.attrs(name) if problems else Markup("")


@bp.app_template_global()
def problem_note(name: str) -> Markup:
    """The problem next to its input (after the input's label), when there is one."""
    problems = g.get("field_problems")
    return problems.note(name) if problems else Markup("")


@bp.app_template_global()
def problem_link(field: str) -> str:
    """Where a problem in the answer's list leads: its note beside the field, or the players."""
    problems = g.get("field_problems")
    note_id = problems.note_of_field.get(field) if problems else None
    return f"#{note_id}" if note_id else "#players"


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the site's root so its scope is every page. Its cache name
    changes with the static files, so a new version replaces the old cache."""
    folder = Path(current_app.static_folder or "")
    assets = sorted(p for p in folder.iterdir() if p.is_file())
    version = hashlib.sha256(b"".join(p.read_bytes() for p in assets)).hexdigest()[:12]
    urls = ["/", url_for("history.results_page")]
    urls += [url_for(f"pages.{page}_page", game_id=game_id) for game_id in GAMES for page in ("score", "check")]
    urls += [url_for("static", filename=p.name) for p in assets]
    script = render_template("sw.js", version=version, urls=urls)
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/api")
def api_page():
    """The JSON API for people: every address and what it does, from the OpenAPI document
    (/openapi.json, which the footer's API link used to open as a bare JSON page)."""
    from scorer.web.openapi import openapi_document

    paths = off_the_loop(openapi_document)["paths"]   # made once per worker, on a thread (scorer.web.api)
    endpoints = [{"method": method.upper(), "path": path, "summary": operation.get("summary", "")}
                 for path, operations in paths.items() for method, operation in operations.items()]
    return render_template("api.html", endpoints=endpoints)


@bp.get("/csrf-token")
def fresh_csrf_token():
    """The form token for this browser's session as it is now (starting one if it has none):
    every page with a form asks for it as it opens and when the network is back (static/dom.js),
    so a page from the service worker's cache, drawn for no session or an old one, is not refused."""
    return jsonify({"csrf_token": generate_csrf()}), 200, {"Cache-Control": "no-store"}


@bp.get("/")
def home():
    return render_template("home.html", games=[game_info(g) for g in CATALOGUE])


def _fresh_copy(example: Any) -> Any:
    """A copy of a game's example that a request may change without touching the game's."""
    return json.loads(json.dumps(example))


def _submitted_save_key() -> str | None:
    """The page's save key, so that the same page saved twice keeps one result; a missing or
    malformed key (an old page, a hand-made post) saves without one."""
    key = request.form.get("save_key", "")
    return key if key and save_key_problem(key) is None else None


def _example_for_page(game) -> tuple[dict, dict | None]:
    """The score page's example and where it comes from: the end of a game the engine played
    ({"seed", "players"}: the address's, or a fresh seed and player count each time), or for a
    game without an engine its worked example (None)."""
    if game.engine is None:
        return as_recorded(game, _fresh_copy(game.example_state)), None
    origin = _asked_example_origin(game)
    played = EXAMPLES.game(game, origin["players"], origin["seed"])
    return as_recorded(game, _fresh_copy(played.end_state)), origin


def _asked_example_origin(game) -> dict:
    """{"seed", "players"} of the example the address asks for: ?seed= and ?players= when
    given, else a fresh seed (never ?instead_of=, the one shown before) and player count."""
    args = request.args
    shown_before = args.get("instead_of")
    try:
        seed = read_seed(args.get("seed"), fresh_seed(None if shown_before is None else read_seed(shown_before, 0)))
        players = read_players(game, args.get("players"),
                               secrets.choice(range(game.min_players, min(game.max_players, MAX_ROWS) + 1)))
    except InvalidState as invalid:   # a player count the game does not allow
        raise BadExampleQuery(invalid.violations[0]["message"]) from None
    return {"seed": seed, "players": players}


def _posted_example_origin(game) -> dict | None:
    """The example a posted score form came from ({"seed", "players"}), so the page can still
    link to it; None for a worked example or a form that says nothing readable."""
    try:
        return {"seed": read_seed(request.form.get("_example_seed", ""), 0),
                "players": read_players(game, request.form.get("_example_players", ""), 0)}
    except (BadExampleQuery, InvalidState):
        return None


# The live totals and checks read their JSON as the API does, and refuse it in the same words.
bp.register_error_handler(BadJSON, bad_json)


@bp.errorhandler(BadExampleQuery)
def bad_example_query(error: BadExampleQuery):
    return render_template("error.html", status=400, message=str(error)), 400


@bp.errorhandler(ExamplesBusy)
def examples_busy(error: ExamplesBusy):
    return (render_template("error.html", status=503, message=str(error)), 503,
            {"Retry-After": str(error.retry_after)})


def _blank_state() -> dict:
    """What a new game opens on: two empty player rows, nothing else. Examples only come when
    asked for, so no number the players did not type can reach their scores."""
    return {"players": [{}, {}]}


def _asked_for_example() -> bool:
    """"Try an example" opens the page with ?example=1; the form carries the mark on so the
    page keeps saying it is an example until "New game"."""
    return request.args.get("example") == "1" or request.form.get("_example") == "1"


@bp.route("/games/<game_id>/score", methods=["GET", "POST"])
def score_page(game_id: str):
    game = live_game(game_id)
    if game is None:
        return render_template("coming.html", game=game_info(game_id)), 404
    spec = form_spec(game.state_model)
    result = violations = origin = None
    refused = g.get("form_refused", False)
    example = _asked_for_example()
    not_saved = False  # Save pressed on an example
    details, rematch_of = BLANK_DETAILS, None
    if request.method == "GET":
        state, origin = _example_for_page(game) if example else (_blank_state(), None)
        if not example and "rematch" in request.args:
            state, rematch_of = _rematch_of(game_id, request.args["rematch"])
    elif refused:
        state, details = submitted_state(game), posted_details()
    else:
        state, details = submitted_state(game), posted_details()
        origin = _posted_example_origin(game) if example else None
        op = request.form.get("op", "score")
        if not details["started_at"] and op != "save":   # a page without its script: its first post
            details = {**details, "started_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        players = state.get("players")
        if op == "add" and isinstance(players, list) and len(players) >= min(game.max_players, MAX_ROWS):
            flash(f"{game_info(game_id)['title']} is played by at most {game.max_players} players: "
                  "there is no room for another.")
        elif change_rows(state, op):
            pass
        elif (unusable := _paste_problem()) is not None:
            violations = [{"code": "unreadable-paste", "message": unusable, "rule": "", "path": "", "field": ""}]
        else:
            if request.form.get("_state_json", "").strip():
                flash("The pasted game was scored, not the fields: the fields now show it.")
            result, violations = scored_for_page(game, state)
            # An example is never saved: its made-up or simulated players would join the
            # players' records (scorer.web.history) as if they had played.
            not_saved = result is not None and op == "save" and example
            if result is not None and op == "save" and not example and (too_many := g.get("saves_refused")):
                violations = [{"code": "too-many-saves", "message": too_many, "rule": "", "path": "", "field": ""}]
            elif result is not None and op == "save" and not example:
                try:
                    kept = details_to_keep(state, details, typed_times=False)
                    saved = save_owned(storage(), game_id, state, result, key=_submitted_save_key(), details=kept)[0]
                except KeyReused as error:  # a repeat of a save since deleted, or of another game
                    violations = [{"code": "save-key-used", "message": str(error), "rule": "", "path": "",
                                   "field": ""}]
                except BadDetails as bad:   # a place that cannot be kept: said at its field
                    violations = details_problem(bad)
                else:
                    flash(f"Saved: {', '.join(result['winners'])} won.")
                    return redirect(url_for("history.result_page", result_id=saved["id"]))
    state = shown_state(state)
    page = render_game_page(game_id, "score", game=game_info(game_id), spec=spec, state=state,
                            players=player_rows(state), result=result, violations=violations,
                            state_json=_state_text(state), example=example, example_origin=origin,
                            example_not_saved=not_saved, refused=refused,
                            fresh=request.method == "GET" and not example and rematch_of is None,
                            details=details, rematch_of=rematch_of,
                            answered=request.method == "POST" and (result or violations) is not None,
                            save_key=(refused and _submitted_save_key()) or uuid.uuid4().hex,
                            max_players=game.max_players,
                            retry_op=request.form.get("op", "score") if refused else None)
    if g.get("saves_refused"):
        return page, 429
    details_refused = any(v["code"] == "bad-play-detail" for v in violations or [])
    # A save the rules (or its details, or its key) refused is 422, as the API answers the same
    # state; scoring an impossible state is the page answering, so it stays 200.
    save_refused = request.method == "POST" and request.form.get("op") == "save" and bool(violations)
    return (page, 400) if refused else (page, 422) if not_saved or details_refused or save_refused else page


def _rematch_of(game_id: str, asked: str) -> tuple[dict, dict]:
    """A rematch of a saved game (?rematch=<id>): its players and nothing else, the order
    moved on by one so the next player starts; 404 for a game of another kind or none."""
    number = whole_number(asked)
    saved = storage().get(number) if number is not None and 0 < number <= MAX_ID else None
    if saved is None or saved["game"] != game_id:
        abort(404)
    return {"players": [{"name": name} for name in rotated_names(saved)]}, saved


@bp.errorhandler(RateLimitExceeded)
def too_many_saves(error: RateLimitExceeded):
    """A save through the score form over the write limit (scorer.web.app): the page comes back,
    every entry kept, saying why nothing was saved. A replay box's post over the replay limit
    likewise comes back with its log in the box. A page opened on a simulated game over the
    example limit has nothing to keep: a plain page says why."""
    if request.method == "GET":
        return render_template("error.html", status=429,
                               message=f"too many examples from your address (the limit is {error.limit.limit}); "
                                       "try again in a minute"), 429
    if replay_request():
        game = live_game(str((request.view_args or {}).get("game_id")))
        if game is None:
            abort(404)
        box = ReplayBox(text=request.form.get("log", ""), posted=True,
                        problem=f"Not replayed: too many replays from your address (the limit is "
                                f"{error.limit.limit}); press Replay again in a minute. Your log is still in the box.")
        state, action = _default_check(game)
        return _check_page(game, state=state, action=action, replay=box), 429
    g.saves_refused = (f"Not saved: too many requests of this kind from your address (the limit is "
                       f"{error.limit.limit}); press Save result again in a minute")
    return score_page(**(request.view_args or {}))


def _state_text(state: dict) -> str:
    """The state as the page's JSON box shows it; empty when it is far larger than any game's
    state (a pasted megabyte is not echoed back)."""
    text = json.dumps(state, indent=1)
    return text if len(text) <= MAX_FIELD_CHARS * 8 else ""


def _paste_problem() -> str | None:
    """Why the pasted text cannot be scored, in plain words; None when there is none or it is
    a game. A broken paste is said, never passed over for the fields in silence."""
    pasted = request.form.get("_state_json", "").strip()
    if not pasted:
        return None
    try:
        state = read_json_text(pasted)
    except BadJSON as unreadable:
        return (f"The pasted text is not readable as JSON ({unreadable}), so nothing was scored. "
                "Fix it, or empty the box to score the fields.")
    if not isinstance(state, dict):
        return ('The pasted text is not a game (a game is an object with a list of "players"), so nothing '
                "was scored. Fix it, or empty the box to score the fields.")
    return None


@bp.route("/games/<game_id>/check", methods=["GET", "POST"])
def check_page(game_id: str):
    """A rule check. The generic form posts the state and action as JSON text; a game with a
    check_from_form hook (fields -> (state, action)) may post plain fields instead (its own
    check.html), so its page works without JavaScript. A game with an engine also replays a
    pasted game log (?replay=1) and opens on a moment of a simulated game (?example=1)."""
    game = live_game(game_id)
    if game is None:
        return render_template("coming.html", game=game_info(game_id)), 404
    if replay_request():
        return _replay_answer(game)
    state, action = _default_check(game)
    origin = None
    outcome = violations = None
    refused = g.get("form_refused", False)  # an expired token: the entries come back, unchecked
    if request.method == "GET" and game.engine is not None and _asked_for_example():
        state, action, origin = _simulated_check(game)
    elif request.method == "POST":
        if game.check_from_form is not None and "state" not in request.form:
            state, action = game.check_from_form({key: request.form.getlist(key)[-1] for key in request.form})
            if not refused:
                outcome, violations = _run_check(game, state, action)
            state, action = shown_state(state), shown_state(action, "plays")
        else:
            state, action = request.form.get("state", ""), request.form.get("action", "")
            if not refused:
                outcome, violations = _run_check(game, *_parse_texts(state, action))
        title = game_info(game_id)["title"]
        violations = violations and [for_players(v, title) for v in violations]
        if outcome and outcome.get("violations"):
            outcome = dict(outcome, violations=[for_players(v, title) for v in outcome["violations"]])
    page = _check_page(game, state=state, action=action, outcome=outcome, violations=violations,
                       refused=refused, example_origin=origin, replay=_replay_box(game),
                       check_posted=request.method == "POST")
    return (page, 400) if refused else page


@bp.post("/games/<game_id>/score/live")
def score_live(game_id: str):
    """The score page's live totals: its entries as JSON in, the score or its problems out,
    in the players' words (guarded as every live answer is: scorer.web.guards)."""
    game = _live_game_for_json(game_id)
    return live_totals(game, game.title, read_json())


@bp.post("/games/<game_id>/check/live")
def check_live(game_id: str):
    """The rules page's live check: {"state", "action"} as JSON in, the check's answer out."""
    game = _live_game_for_json(game_id)
    return _live_check(game, game.title, read_json())


def _live_game_for_json(game_id: str):
    """The game a live answer is about; a 404 in words for no game, or one whose rules are
    still coming (its page has no script that asks)."""
    game = live_game(game_id)
    if game is None:
        abort(404, f"{game_info(game_id)['title']}'s rules are still coming: there is nothing to answer yet")
    return game


def _check_page(game, *, state: Any, action: Any, replay: ReplayBox | None, outcome: dict | None = None,
                violations: list | None = None, refused: bool = False, example_origin: dict | None = None,
                check_posted: bool = False) -> bytes:
    """The rules page: its check form holding the state and action, the check's answer, the
    example bar and the replay box (for a game with an engine)."""
    return render_game_page(game.id, "check", game=game_info(game.id), state=state, action=action,
                            state_text=_as_text(state), action_text=_as_text(action), outcome=outcome,
                            violations=violations, has_checks=game.action_model is not None,
                            refused=refused, simulates=game.engine is not None, example_origin=example_origin,
                            replay=replay, check_posted=check_posted)


def _simulated_check(game) -> tuple[dict, dict, dict]:
    """The rules page's example for a game with an engine: the state before a move of a
    simulated game and that move, which the engine found legal (so Check says legal), with
    where it comes from: {"seed", "players", "entry"} (the move's number in the log, counted
    from 1 as the replay box counts: the setup is entry 1)."""
    origin = _asked_example_origin(game)
    _, position = EXAMPLES.position(game, origin["players"], origin["seed"])
    return position.state, position.action, {**origin, "entry": position.index + 1}


@dataclass
class ReplayBox:
    """A rules page's replay box: what it holds and what the page says about it."""

    max_chars: ClassVar[int] = MAX_LOG_CHARS
    text: str = ""
    simulated: dict | None = None   # {"seed", "players"} of the simulated game it holds
    posted: bool = False            # the page answers the box's post
    refused: bool = False           # ... whose token had expired: nothing was replayed
    problem: str | None = None      # why the log was not replayed, said beside the box
    answer: dict | None = None      # the replay in the players' words (_replay_in_words)


def _replay_box(game) -> ReplayBox | None:
    """The box of a rules page opened for checks: empty, or with ?log=simulated the log of a
    simulated game (a fresh seed, or ?seed= and ?players=), to show what a log looks like.
    None for a game without an engine."""
    if game.engine is None:
        return None
    if request.method == "GET" and request.args.get("log") == "simulated":
        origin = _asked_example_origin(game)
        played = EXAMPLES.game(game, origin["players"], origin["seed"])
        return ReplayBox(text=_log_text(played.log()), simulated=origin)
    return ReplayBox()


def _log_text(log: list) -> str:
    """A log as the box shows it: one entry a line, so a reader can find the entry a replay
    names."""
    return "[" + ",\n ".join(json.dumps(entry, ensure_ascii=False) for entry in log) + "]"


def _replay_answer(game):
    """The rules page answering its replay box: the replay (200, legal or not), or why the
    pasted text is no log this game's engine reads (400 not JSON, 422 not such a log) or was
    not replayed yet (503, the worker busy playing games) beside the box, which keeps the text."""
    box = ReplayBox(text=request.form.get("log", ""), posted=True, refused=g.get("form_refused", False))
    status = 400 if box.refused else 200
    if not box.refused:
        box.problem, status = _replay_into(box, game)
    state, action = _default_check(game)
    busy = {"Retry-After": str(ExamplesBusy.retry_after)} if status == 503 else {}
    return _check_page(game, state=state, action=action, replay=box), status, busy


def _replay_into(box: ReplayBox, game) -> tuple[str | None, int]:
    """Replay the box's text, putting the answer in the box: (problem or None, status)."""
    if not box.text.strip():
        return "Paste a game log into the box first.", 400
    try:
        log = read_log_json(box.text)
        with EXAMPLES.turn():  # one game played at a time per worker, replays included
            replayed = off_the_loop(lambda: engine_of(game).replay(log))
        box.answer = _replay_in_words(game, replayed)
    except BadJSON as error:
        return _sentence(str(error).replace("the document", "the log", 1)), 400
    except InvalidState as invalid:
        return " ".join(_sentence(for_players(v, game.title)["message"]) for v in invalid.violations), 422
    except ExamplesBusy as busy:
        return _sentence(str(busy)) + " Your log is still in the box.", 503
    return None, 200


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _replay_in_words(game, replayed: dict) -> dict:
    """A replay as the page shows it: for a legal log the moves, whether the game is over and
    its score; at a move that breaks a rule its number (1-based, the setup being entry 1), what
    it is, the reasons in the players' words and the state before it, as JSON to read."""
    if replayed["legal"]:
        return {key: replayed[key] for key in ("legal", "moves", "over", "score")}
    index, entry = replayed["index"], replayed["entry"]
    return {"legal": False, "entry": index + 1, "move": index, "what": _entry_words(entry),
            "entry_json": json.dumps(entry, indent=1, ensure_ascii=False),
            "violations": [for_players(v, game.title) for v in replayed["violations"]],
            "state_json": json.dumps(replayed["state"], indent=1, ensure_ascii=False)}


def _entry_words(entry: Any) -> str:
    """What a log entry is, for a player: "Ann's harvest", "a resolve round move", "the roll"."""
    if not isinstance(entry, dict):
        return "an entry that is neither a move nor a roll or draw"
    if "chance" in entry:
        return f"the {str(entry['chance'])[:40]}"
    kind = str(entry.get("type", "move"))[:40].replace("_", " ")
    player = entry.get("player")
    return f"{player[:40]}'s {kind}" if isinstance(player, str) else f"a {kind} move"


def _replay_too_large():
    """A replay post over the log's cap or the body's, answered beside the box. What was sent
    was not read, so it cannot come back in the box: the browser's Back button keeps it (and
    the page's script stops such a post before it is sent)."""
    game = live_game(str((request.view_args or {}).get("game_id")))
    if game is None:
        abort(413)
    box = ReplayBox(posted=True, problem=f"This log is too large to read: a game log holds at most "
                                         f"{MAX_LOG_CHARS:,} characters. It was not read, so it is not in "
                                         "the box; your browser's Back button brings your text back.")
    state, action = _default_check(game)
    return _check_page(game, state=state, action=action, replay=box), 413


def _default_check(game) -> tuple[Any, Any]:
    """The (state, action) a rules page opens on: the game's first worked check."""
    example = game.example_checks[0] if game.example_checks else {"state": game.example_state, "action": {}}
    return example["state"], example["action"]


def _live_check(game, title: str, body: Any):
    """What the API's check answers ({"state", "action"} in), in the page's words. A board or
    action that cannot be checked (an impossible state, a malformed action) is what a player's
    half-edited board often is: it is answered 200 with `"checked": false` and the reasons, so
    that editing never makes the browser log a refused request. A body that is no state and
    action at all is the page's own fault: 422."""
    if not isinstance(body, dict) or set(body) != {"state", "action"}:
        return jsonify({"violations": [{"code": "bad-request-shape", "rule": "", "path": "", "field": "",
                                        "message": "The page sent something other than a state and an action"}]}), 422
    try:
        outcome = game.check(body["state"], body["action"])
    except InvalidState as invalid:
        return jsonify({"checked": False, "violations": [for_players(v, title) for v in invalid.violations]})
    return jsonify(dict(outcome, violations=[for_players(v, title) for v in outcome.get("violations", [])]))


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, indent=1)


class _BadText(str):
    """JSON text that did not parse, with the reason."""


def _parse_texts(*texts: str) -> list[Any]:
    parsed = []
    for name, text in zip(("state", "action"), texts):
        try:
            parsed.append(read_json_text(text))
        except BadJSON as error:  # its words name "the document": here it is the state or action
            parsed.append(_BadText(str(error).replace("the document", f"the {name}", 1)))
    return parsed


def _run_check(game, state: Any, action: Any):
    bad = [text for text in (state, action) if isinstance(text, _BadText)]
    if bad:
        return None, [{"code": "bad-json", "rule": "JSON", "path": "", "message": str(text)} for text in bad]
    try:
        return game.check(state, action), None
    except InvalidState as invalid:
        return None, invalid.violations
