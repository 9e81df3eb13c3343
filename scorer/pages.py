"""The HTML pages: home, a score page and a rule-check page per game, saved results.

Page convention: `/games/<id>/score` and `/games/<id>/check` render
`templates/games/<id>/score.html` (or `check.html`) when that file exists, else the generic
template. Every page works as a plain form POST (CSRF-protected); the small scripts in
templates/static/ only add live totals and add/remove without a reload.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

import scorer
from scorer.api import body_held_to_limit, game_info, storage
from scorer.core import InvalidState
from scorer.forms import MAX_FORM_FIELDS, display_value, form_spec, is_index, state_from_form
from scorer.games import CATALOGUE

bp = Blueprint("pages", __name__)

MIN_ROWS, MAX_ROWS = 1, 12   # player rows the form offers


@bp.before_request
def forms_need_their_csrf_token() -> None:
    """Every form post of the pages carries the token from the page it came from. A form
    sent in chunks is held to the size limit before anything parses it (api.body_held_to_limit)."""
    if "HTTP_TRANSFER_ENCODING" in request.environ:
        body_held_to_limit()
    if request.method == "POST" and len(request.form) > MAX_FORM_FIELDS:
        # werkzeug holds only multipart forms to a number of fields; reading tens of
        # thousands of rows into a state would cost far more than any page is worth.
        raise RequestEntityTooLarge(f"the form has more than {MAX_FORM_FIELDS} fields; "
                                    "no score sheet or check needs as many")
    if current_app.config["WTF_CSRF_ENABLED"]:
        current_app.extensions["csrf"].protect()


def render_game_page(game_id: str, page: str, **context: Any):
    """The game's own template if it has one, else the generic one. Templates also get
    `page_data`: JSON-ready house content for a game's own page and script (tile shapes, sheet
    sizes), from the game's page_data hook; None when it has none."""
    names = [f"games/{game_id}/{page}.html", f"{page}.html"]
    template = current_app.jinja_env.select_template(names)
    make_page_data = scorer.GAMES[game_id].page_data
    page = render_template(template, page_data=make_page_data() if make_page_data else None, **context)
    # Pasted JSON may hold a lone surrogate (\ud800), which UTF-8 cannot hold: the page shows
    # it as "?" while the state's own check names the field it is in.
    return page.encode("utf-8", "replace")


def live_game(game_id: str):
    """The game, None when its rules are still coming; 404 for an id that is no game."""
    if game_id not in CATALOGUE:
        abort(404)
    return scorer.GAMES.get(game_id)


@bp.app_template_filter("label")
def label(key: str) -> str:
    """garden_bed -> Garden bed"""
    return key.replace("_", " ").replace("-", " ").capitalize()


@bp.app_template_global()
def shown(value: Any, kind: str) -> str:
    return display_value(value, kind)


@bp.get("/")
def home():
    return render_template("home.html", games=[game_info(g) for g in CATALOGUE])


def _fresh_copy(example: Any) -> Any:
    """A copy of a game's example that a request may change without touching the game's."""
    return json.loads(json.dumps(example))


@bp.route("/games/<game_id>/score", methods=["GET", "POST"])
def score_page(game_id: str):
    game = live_game(game_id)
    if game is None:
        return render_template("coming.html", game=game_info(game_id)), 404
    spec = form_spec(game.state_model)
    result = violations = None
    if request.method == "GET":
        state = _fresh_copy(game.example_state)
    else:
        state = _submitted_state(game)
        op = request.form.get("op", "score")
        players = state.get("players")
        if not isinstance(players, list):  # pasted JSON may say anything; score it as given
            players = []
        if op == "add" and len(players) < MAX_ROWS:
            state["players"] = players
            players.append({})
        elif op.startswith("remove:") and is_index(op[7:]) and len(players) > MIN_ROWS:
            index = int(op[7:])
            if index < len(players):
                players.pop(index)
                state["players"] = players
        else:
            try:
                result = game.score(state)
            except InvalidState as invalid:
                violations = invalid.violations
            if result is not None and op == "save":
                saved = storage().save(game_id, state, result)
                flash(f"Saved: {', '.join(result['winners'])} won.")
                return redirect(url_for("history.result_page", result_id=saved["id"]))
    state = _shown_state(state)
    return render_game_page(game_id, "score", game=game_info(game_id), spec=spec, state=state,
                            players=_player_rows(state), result=result, violations=violations,
                            state_json=json.dumps(state, indent=1))


def _shown_state(state: Any, rows: str = "players") -> Any:
    """The state (or action) as the page shows it back: one with more players (or plays) than
    the form offers rows (tens of thousands of pasted rows, say) has already been refused with
    one violation, and drawing every row again would make the page grow with the request."""
    listed = state.get(rows) if isinstance(state, dict) else None
    if isinstance(listed, list) and len(listed) > MAX_ROWS:
        return {**state, rows: listed[:MAX_ROWS]}
    return state


def _player_rows(state: dict) -> list[dict]:
    """The players to draw as form rows (at least one), whatever a pasted state held."""
    players = state.get("players")
    rows = [p if isinstance(p, dict) else {} for p in players] if isinstance(players, list) else []
    return rows or [{}]


def _submitted_state(game) -> dict:
    """The state a score form describes: the pasted JSON if given, else the form fields."""
    pasted = request.form.get("_state_json", "").strip()
    if pasted:
        try:
            state = json.loads(pasted)
        except (ValueError, RecursionError):
            state = None
        if isinstance(state, dict):
            return state
    return state_from_form(request.form, game.state_model)


@bp.route("/games/<game_id>/check", methods=["GET", "POST"])
def check_page(game_id: str):
    """A rule check. The generic form posts the state and action as JSON text; a game with a
    check_from_form hook (fields -> (state, action)) may post plain fields instead (its own
    check.html), so its page works without JavaScript."""
    game = live_game(game_id)
    if game is None:
        return render_template("coming.html", game=game_info(game_id)), 404
    example = game.example_checks[0] if game.example_checks else {"state": game.example_state, "action": {}}
    state, action = example["state"], example["action"]
    outcome = violations = None
    if request.method == "POST":
        if game.check_from_form is not None and "state" not in request.form:
            state, action = game.check_from_form({key: request.form.getlist(key)[-1] for key in request.form})
            outcome, violations = _run_check(game, state, action)
            state, action = _shown_state(state), _shown_state(action, "plays")
        else:
            state, action = request.form.get("state", ""), request.form.get("action", "")
            outcome, violations = _run_check(game, *_parse_texts(state, action))
    return render_game_page(game_id, "check", game=game_info(game_id), state=state, action=action,
                            state_text=_as_text(state), action_text=_as_text(action), outcome=outcome,
                            violations=violations, has_checks=game.action_model is not None)


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, indent=1)


class _BadText(str):
    """JSON text that did not parse, with the reason."""


def _parse_texts(*texts: str) -> list[Any]:
    parsed = []
    for name, text in zip(("state", "action"), texts):
        try:
            parsed.append(json.loads(text))
        except (ValueError, RecursionError) as error:
            parsed.append(_BadText(f"the {name} is not valid JSON ({error})"))
    return parsed


def _run_check(game, state: Any, action: Any):
    bad = [text for text in (state, action) if isinstance(text, _BadText)]
    if bad:
        return None, [{"code": "bad-json", "rule": "JSON", "path": "", "message": str(text)} for text in bad]
    try:
        return game.check(state, action), None
    except InvalidState as invalid:
        return None, invalid.violations
