"""The HTML pages: home, a score page and a rule-check page per game, saved results.

Page convention: `/games/<id>/score` and `/games/<id>/check` render
`templates/games/<id>/score.html` (or `check.html`) when that file exists, else the generic
template. Every page works as a plain form POST (CSRF-protected); the small scripts in
templates/static/ add live totals and checks (JSON posted to the page's own address, answered
in the players' words), add/remove without a reload, and the score pad (static/pad.js: the
game in progress kept on the device, offline saves). /sw.js keeps the pages working offline.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import uuid
from dataclasses import dataclass
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
from flask_wtf.csrf import CSRFError, generate_csrf
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import MAX_BODY_BYTES, BadJSON, InvalidState, read_json_text, read_log_json
from scorer.games.engine import engine_of
from scorer.store.green import off_the_loop
from scorer.store.storage import KeyReused, save_key_problem
from scorer.web.api import bad_json, body_held_to_limit, game_info, read_json, storage
from scorer.web.examples import EXAMPLES, BadExampleQuery, ExamplesBusy, fresh_seed, read_players, read_seed
from scorer.web.forms import (
    MAX_FIELD_CHARS,
    MAX_LOG_CHARS,
    display_value,
    field_cap,
    for_players,
    form_spec,
    form_too_big,
    is_index,
    oversized_field,
    state_from_form,
)
from scorer.web.owners import save_owned

bp = Blueprint("pages", __name__)

MIN_ROWS, MAX_ROWS = 1, 12   # player rows the form offers


@bp.before_request
def forms_need_their_csrf_token() -> Any:
    """Every form post of the pages carries the token from the page it came from. A form
    sent in chunks is held to the size limit before anything parses it (api.body_held_to_limit),
    and a form of more fields than any page has is refused before any field is read. A game
    log too large to read is answered beside the replay box."""
    try:
        _hold_form_to_limits()
    except RequestEntityTooLarge:
        if not _replay_request():
            raise
        return _replay_too_large()
    if not current_app.config["WTF_CSRF_ENABLED"] or live_answer_request():
        return None
    try:
        current_app.extensions["csrf"].protect()
    except CSRFError:
        if request.endpoint not in ("pages.score_page", "pages.check_page"):
            raise
        g.form_refused = True  # the page sends every entry back with a fresh token
    return None


def _hold_form_to_limits() -> None:
    if _replay_request():
        # A pasted log is one multipart field (no %-escapes to decode) of up to MAX_LOG_CHARS:
        # only the body's cap holds it while it is parsed; its own cap is checked below.
        request.max_form_memory_size = MAX_BODY_BYTES
    too_big = (form_too_big(body_held_to_limit()) if request.method == "POST"
               and request.mimetype == "application/x-www-form-urlencoded" else None)
    if too_big:
        abort(413, too_big)
    if request.method == "POST" and (field := oversized_field(request.form)):
        abort(413, f"the form's field {field[:40]!r} is longer than {field_cap(field):,} characters")


# The pages whose scripts post JSON to the page's own address for live totals and checks in the
# page's words: the score and check pages, and a saved game's edit form (scorer.web.history).
LIVE_ANSWER_PAGES = ("pages.score_page", "pages.check_page", "history.edit_page")


def live_answer_request() -> bool:
    """A live answer only computes and never saves, so it needs no token (and a page from
    another site cannot send JSON here without CORS)."""
    return request.endpoint in LIVE_ANSWER_PAGES and request.method == "POST" and request.is_json


def render_game_page(game_id: str, page: str, **context: Any):
    """The game's own template if it has one, else the generic one. Templates also get
    `page_data`: JSON-ready house content for a game's own page and script (tile shapes, sheet
    sizes), from the game's page_data hook; None when it has none."""
    names = [f"games/{game_id}/{page}.html", f"{page}.html"]
    template = current_app.jinja_env.select_template(names)
    make_page_data = GAMES[game_id].page_data
    page = render_template(template, page_data=make_page_data() if make_page_data else None, **context)
    # Pasted JSON may hold a lone surrogate (\ud800), which UTF-8 cannot hold: the page shows
    # it as "?" while the state's own check names the field it is in.
    return page.encode("utf-8", "replace")


def live_game(game_id: str):
    """The game, None when its rules are still coming; 404 for an id that is no game."""
    if game_id not in CATALOGUE:
        abort(404)
    return GAMES.get(game_id)


@bp.app_template_filter("label")
def label(key: str) -> str:
    """garden_bed -> Garden bed"""
    return key.replace("_", " ").replace("-", " ").capitalize()


@bp.app_template_filter("in_players_words")
def in_players_words(problem: dict, game_title: str) -> dict:
    """A warning or violation as a page shows it (for_players): a saved result keeps the
    API's words, the page says them the players' way."""
    return for_players(problem, game_title)


@bp.app_template_global()
def shown(value: Any, kind: str) -> str:
    return display_value(value, kind)


class FieldProblems:
    """A refused score's problems, each to be shown next to the input it is about, so a page
    without JavaScript marks its fields too. A problem about a group ("players.0.harvested")
    goes to the group's first input as the page draws it."""

    def __init__(self, violations: list[dict]):
        self.unclaimed: dict[str, list[str]] = {}
        for v in violations:
            if v["field"]:
                self.unclaimed.setdefault(v["field"], []).append(v["message"])
        self.claimed: dict[str, tuple[str, list[str]]] = {}
        self.note_of_field: dict[str, str] = {}

    def attrs(self, name: str) -> Markup:
        found = [f for f in self.unclaimed if f == name or name.startswith(f + ".")]
        messages = [message for f in found for message in self.unclaimed.pop(f)]
        if not messages:
            return Markup("")
        note_id = "problem-" + re.sub(r"[^a-z0-9]+", "-", name.lower())
        self.claimed[name] = (note_id, messages)
        self.note_of_field.update((f, note_id) for f in found)
        return Markup(' aria-invalid="true" aria-describedby="{}"').format(note_id)

    def note(self, name: str) -> Markup:
        if name not in self.claimed:
            return Markup("")
        note_id, messages = self.claimed[name]
        return Markup('<span class="field-error served" id="{}">{}</span>').format(note_id, " ".join(messages))


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

    paths = openapi_document()["paths"]
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


def _as_recorded(game, state: dict) -> dict:
    """An example as its score page shows it. Score pages record what players have at the end
    of a game, so an example that gives its bonus as boards to resolve shows the points those
    boards paid instead (the boards settle a card in dispute on the rules page)."""
    records_bonus_points = any(w.key == "bonus_points" for w in form_spec(game.state_model).player_fields)
    if state.get("bonus") and records_bonus_points:
        paid = {p["name"]: p["breakdown"]["bonus"] for p in game.score(state)["players"]}
        for player in state["players"]:
            player["bonus_points"] = paid[player["name"]]
        del state["bonus"]
    return state


def _example_for_page(game) -> tuple[dict, dict | None]:
    """The score page's example and where it comes from: the end of a game the engine played
    ({"seed", "players"}: the address's, or a fresh seed and player count each time), or for a
    game without an engine its worked example (None)."""
    if game.engine is None:
        return _as_recorded(game, _fresh_copy(game.example_state)), None
    origin = _asked_example_origin(game)
    played = EXAMPLES.game(game, origin["players"], origin["seed"])
    return _as_recorded(game, _fresh_copy(played.end_state)), origin


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
    if live_answer_request():
        return live_totals(game, game_info(game_id)["title"], read_json())
    spec = form_spec(game.state_model)
    result = violations = origin = None
    refused = g.get("form_refused", False)
    example = _asked_for_example()
    not_saved = False  # Save pressed on an example
    if request.method == "GET":
        state, origin = _example_for_page(game) if example else (_blank_state(), None)
    elif refused:
        state = _submitted_state(game)
    else:
        state = _submitted_state(game)
        origin = _posted_example_origin(game) if example else None
        op = request.form.get("op", "score")
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
                    saved = save_owned(storage(), game_id, state, result, key=_submitted_save_key())[0]
                except KeyReused as error:  # a repeat of a save since deleted, or of another game
                    violations = [{"code": "save-key-used", "message": str(error), "rule": "", "path": "",
                                   "field": ""}]
                else:
                    flash(f"Saved: {', '.join(result['winners'])} won.")
                    return redirect(url_for("history.result_page", result_id=saved["id"]))
    state = _shown_state(state)
    page = render_game_page(game_id, "score", game=game_info(game_id), spec=spec, state=state,
                            players=_player_rows(state), result=result, violations=violations,
                            state_json=_state_text(state), example=example, example_origin=origin,
                            example_not_saved=not_saved, refused=refused,
                            fresh=request.method == "GET" and not example,
                            answered=request.method == "POST" and (result or violations) is not None,
                            save_key=(refused and _submitted_save_key()) or uuid.uuid4().hex,
                            max_players=game.max_players,
                            retry_op=request.form.get("op", "score") if refused else None)
    if g.get("saves_refused"):
        return page, 429
    return (page, 400) if refused else (page, 422) if not_saved else page


@bp.errorhandler(RateLimitExceeded)
def too_many_saves(error: RateLimitExceeded):
    """A save through the score form over the write limit (scorer.web.app): the page comes back,
    every entry kept, saying why nothing was saved."""
    g.saves_refused = (f"Not saved: too many requests of this kind from your address (the limit is "
                       f"{error.limit.limit}); press Save result again in a minute")
    return score_page(**(request.view_args or {}))


def change_rows(state: dict, op: str) -> bool:
    """A score form's Add player or Remove (the page without its script), within the rows the
    form offers: True when it was one; False otherwise (the form is then scored)."""
    players = state.get("players")
    if not isinstance(players, list):  # pasted JSON may say anything; score it as given
        players = []
    if op == "add" and len(players) < MAX_ROWS:
        state["players"] = players
        players.append({})
        return True
    if op.startswith("remove:") and is_index(op[7:]) and len(players) > MIN_ROWS:
        index = int(op[7:])
        if index < len(players):
            players.pop(index)
            state["players"] = players
        return True
    return False


def scored_for_page(game, state: Any) -> tuple[dict | None, list[dict] | None]:
    """(the result, None), or (None, the violations in the players' words), each marked at
    its field for the page."""
    try:
        return game.score(state), None
    except InvalidState as invalid:
        violations = [for_players(v, game.title) for v in invalid.violations]
        g.field_problems = FieldProblems(violations)
        return None, violations


def live_totals(game, title: str, state: Any):
    """What the API's score answers, with any violation or warning in the page's words (see
    for_players). A state not possible yet is an answer too, not an error (200 with
    "violations"): the page asks while players are still typing."""
    try:
        result = game.score(state)
        return jsonify(dict(result, warnings=[for_players(w, title) for w in result["warnings"]]))
    except InvalidState as invalid:
        return jsonify({"violations": [for_players(v, title) for v in invalid.violations]})


def _shown_state(state: Any, rows: str = "players") -> Any:
    """The state (or action) as the page shows it back: one with more players (or plays) than
    the form offers rows (tens of thousands of pasted rows, say) has already been refused with
    one violation, and drawing every row again would make the page grow with the request."""
    listed = state.get(rows) if isinstance(state, dict) else None
    if isinstance(listed, list) and len(listed) > MAX_ROWS:
        return {**state, rows: listed[:MAX_ROWS]}
    return state


def _player_rows(state: dict) -> list[dict]:
    """The players to draw as form rows (at least one), whatever a pasted state held. A text
    longer than any field takes is drawn cut to that length: no game has such a value, and a
    page must not echo a megabyte back."""
    players = state.get("players")
    rows = [_clipped(p) if isinstance(p, dict) else {} for p in players[:MAX_ROWS]] if isinstance(players, list) else []
    return rows or [{}]


def _clipped(player: dict) -> dict:
    return {key: value[:MAX_FIELD_CHARS] if isinstance(value, str) else value for key, value in player.items()}


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


def _submitted_state(game) -> dict:
    """The state a score form describes: the pasted JSON if given, else the form fields."""
    pasted = request.form.get("_state_json", "").strip()
    if pasted:
        try:
            state = read_json_text(pasted)
        except BadJSON:
            state = None
        if isinstance(state, dict):
            return state
    return state_from_form(request.form, game.state_model)


@bp.route("/games/<game_id>/check", methods=["GET", "POST"])
def check_page(game_id: str):
    """A rule check. The generic form posts the state and action as JSON text; a game with a
    check_from_form hook (fields -> (state, action)) may post plain fields instead (its own
    check.html), so its page works without JavaScript. A game with an engine also replays a
    pasted game log (?replay=1) and opens on a moment of a simulated game (?example=1)."""
    game = live_game(game_id)
    if game is None:
        return render_template("coming.html", game=game_info(game_id)), 404
    if live_answer_request():
        return _live_check(game, game_info(game_id)["title"], read_json())
    if _replay_request():
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
            state, action = _shown_state(state), _shown_state(action, "plays")
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


def _replay_request() -> bool:
    """A post of a replay box (its form posts to ?replay=1), not of the check form."""
    return (request.endpoint == "pages.check_page" and request.method == "POST"
            and request.args.get("replay") == "1")


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
