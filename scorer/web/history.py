"""Saved games, the history players keep: the results API and pages, editing and deleting a
saved game, a note per game, when it started and ended, who started and where, each player's
record, the CSV export and a picture of the end screen to share.

API (JSON, no cookie, so no CSRF token): POST/GET /api/results, GET/PATCH/DELETE
/api/results/<id>, GET /api/results.csv, GET /api/players. Pages (plain forms with a CSRF
token; the small script shows dates in the reader's own time zone and shares the picture as
a PNG): /results, /results/<id>, /results/<id>.svg, /results/<id>/edit (the game's own score
form, scorer.web.score_form, with its live totals at /results/<id>/edit/live), /results/<id>/delete,
/players.
"""
from __future__ import annotations

import copy
import textwrap
from datetime import datetime
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.exceptions import BadRequest

from scorer.games import CATALOGUE, GAMES
from scorer.games.core import BadJSON, InvalidState, UnknownGame, violation
from scorer.store.green import off_the_loop
from scorer.store.storage import (
    DETAIL_FIELDS,
    LIST_LIMIT,
    NOTE_MAX_CHARS,
    BadDetails,
    KeyOfDeletedResult,
    KeyReused,
    StaleVersion,
    note_problem,
    save_key_problem,
)
from scorer.web.forms import form_spec, whole_number
from scorer.web.guards import REQUEST_RULE, guard_request, invalid_state, json_refusals, read_json
from scorer.web.listing import game_info, game_titles
from scorer.web.owners import forget, may_change, require_owner, save_owned
from scorer.web.score_form import (
    as_recorded,
    change_rows,
    details_problem,
    details_to_keep,
    live_totals,
    player_rows,
    posted_details,
    render_game_page,
    saved_details,
    scored_for_page,
    shown_state,
    submitted_state,
)
from scorer.web.stored import MAX_ID, exported, player_stats_json, saved_or_404, storage

bp = Blueprint("history", __name__)
bp.before_request(guard_request)
json_refusals(bp)

SAVE_BODY_KEYS = {"game", "state"}
SAVE_OPTIONAL_KEYS = {"note", *DETAIL_FIELDS}
EDIT_BODY_KEYS = {"state", "note", "version", *DETAIL_FIELDS}
MAX_LIST_LIMIT = 100        # results in one answer of /api/results (1,000 took 0.35 s of a worker)
MAX_OFFSET = 10**9          # far more saved games than any club keeps
PAGE_SIZE = 50              # results on one page of /results


def _game_filter() -> str | None:
    game = request.args.get("game") or None
    if game is not None and game not in CATALOGUE:
        raise UnknownGame(game, list(CATALOGUE))
    return game


def _page_game_filter() -> str | None:
    game = request.args.get("game") or None
    if game is not None and game not in CATALOGUE:
        abort(404)
    return game


# --- the JSON API ---------------------------------------------------------------------------------

def _request_problem(message: str, path: str = "") -> InvalidState:
    return InvalidState([violation("bad-request-shape", REQUEST_RULE, message, path)])


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    problem = save_key_problem(key)
    if problem:
        raise BadJSON(f"the Idempotency-Key header is not usable: {problem}")
    return key


def _checked_note(body: dict) -> str | None:
    note = body.get("note")
    problem = note_problem(note) if note is not None else None
    if problem:
        raise _request_problem(problem, "note")
    return note


@bp.errorhandler(BadDetails)
def bad_details(error: BadDetails):
    """A time, start player or place that cannot be kept: 422 at its field, as an impossible
    state is answered (the pages check theirs before they save)."""
    if request.path.startswith("/api/"):
        return invalid_state(_request_problem(str(error), error.field))
    return render_template("error.html", status=422, message=f"Not saved: {error}"), 422


def _details(body: dict) -> dict[str, Any]:
    return {field: body[field] for field in DETAIL_FIELDS if field in body}


@bp.errorhandler(KeyReused)
def key_reused(error: KeyReused):
    return jsonify({"error": str(error)}), 410 if isinstance(error, KeyOfDeletedResult) else 422


@bp.errorhandler(StaleVersion)
def stale_version(error: StaleVersion):
    """409 with both versions: the one the edit was made on, and the result as it is now."""
    message = f"{error}; look at it again and make your change on version {error.current['version']}"
    if request.path.startswith("/api/"):
        return jsonify({"error": message, "your_version": error.attempted, "current": error.current}), 409
    return render_template("error.html", status=409, message=message), 409


@bp.post("/api/results")
def save_result():
    """Save a finished game; the answer carries the result's key, which edits and deletes
    it (scorer.web.owners). With an Idempotency-Key header, the same key saves once: the first
    request answers 201, every repeat of the same game 200 with the same id (and its key,
    only to a request that owns the result), a repeat with another game 422, and a repeat
    after the result was deleted 410."""
    key = _idempotency_key()
    body = read_json()
    if not isinstance(body, dict) or not SAVE_BODY_KEYS <= set(body) <= SAVE_BODY_KEYS | SAVE_OPTIONAL_KEYS:
        raise _request_problem('the body must be {"game": <game id>, "state": {...}}, and may have "note", '
                               '"started_at", "ended_at", "start_player" and "location"')
    game_id = body["game"]
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise InvalidState([violation("unknown-game", REQUEST_RULE,
                                      f"{game_id!r} is not a game with live rules; known: "
                                      f"{', '.join(GAMES)}", "game")])
    note = _checked_note(body)
    result = GAMES[game_id].score(body["state"])
    saved, created, result_key = save_owned(storage(), game_id, body["state"], result, key=key, note=note,
                                            details=_details(body))
    answer = {"id": saved["id"], "version": saved["version"], "result": saved["result"]}
    if result_key is not None:
        answer["key"] = result_key
    return (jsonify(answer), 201 if created else 200,
            {"Location": f"/api/results/{saved['id']}"})


class BadQuery(BadRequest):
    """A number in the address that is no number or out of range: a 400 in plain words."""


def query_number(name: str, default: int, low: int, high: int) -> int:
    """A whole number from the address (`?limit=20`), read by the forms' one number reader;
    BadQuery, a plain 400, for anything else or out of range."""
    text = request.args.get(name)
    if text is None:
        return default
    number = whole_number(text)
    if number is None or not low <= number <= high:
        raise BadQuery(f"{name} must be a whole number from {low} to {high}")
    return number


@bp.get("/api/results")
def list_results():
    """A page of saved results, newest first; `next` is the address of the following page
    when there may be one."""
    limit = query_number("limit", LIST_LIMIT, 1, MAX_LIST_LIMIT)
    offset = query_number("offset", 0, 0, MAX_OFFSET)
    game = _game_filter()
    results = storage().list(game, limit, offset)
    answer: dict[str, Any] = {"results": results}
    if len(results) == limit and offset + limit <= MAX_OFFSET:
        answer["next"] = url_for("history.list_results", game=game, limit=limit, offset=offset + limit)
    return jsonify(answer)


@bp.get("/api/results/<int:result_id>")
def get_result(result_id: int):
    return jsonify(saved_or_404(result_id))


@bp.patch("/api/results/<int:result_id>")
def edit_result(result_id: int):
    """Change a saved game, by its saver or the operator (403 otherwise): a new "state" is
    checked and scored again (422 with the violations, and nothing changed, when it is
    impossible); a "note" replaces the note (null or "" removes it). "version" names the
    version the change was made on: 409 when the result has changed since."""
    saved = saved_or_404(result_id)
    require_owner(storage(), result_id)   # a stranger learns nothing from how the body is wrong
    body = read_json()
    if not isinstance(body, dict) or not set(body) - {"version"} or not set(body) <= EDIT_BODY_KEYS:
        raise _request_problem('the body must be {"version": n} with what changes: "state", "note", '
                               '"started_at", "ended_at", "start_player", "location"')
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= MAX_ID:
        raise _request_problem('say which version of the result you changed: "version" (a whole '
                               f'number; it is {saved["version"]} now)', "version")
    changes: dict[str, Any] = {"version": version, "may_change": may_change(result_id)}
    if "note" in body:
        changes["note"] = _checked_note(body)
    if "state" in body:
        changes.update(state=body["state"], result=GAMES[saved["game"]].score(body["state"]))
    if _details(body):
        changes["details"] = _details(body)
    changed = storage().update(result_id, **changes)
    if changed is None:  # deleted by someone else meanwhile
        abort(404)
    return jsonify(changed)


@bp.delete("/api/results/<int:result_id>")
def delete_result(result_id: int):
    if result_id > MAX_ID or not storage().delete(result_id, may_change(result_id)):
        abort(404)
    forget(result_id)
    return "", 204


@bp.get("/api/results.csv")
def results_csv():
    game = _game_filter()
    name = f"gardenkit-results{'-' + game if game else ''}.csv"
    store = storage()
    # The columns are found first, by the database reading every result (some 0.1 s of C code
    # at 8,000 results): on a thread, as each batch is, or 64 downloads held the loop 10 s.
    chunks = off_the_loop(lambda: store.csv(game))
    return exported(chunks, "text/csv", name)  # streamed, batch by batch


@bp.get("/api/players")
def list_players():
    """Each player's record; kept per change of the saved results (scorer.web.stored)."""
    return Response(player_stats_json(storage(), _game_filter()), mimetype="application/json")


# --- pages ----------------------------------------------------------------------------------------

@bp.app_template_global()
def played_at(saved: dict) -> str:
    """When the game was played: its start when the players gave one, else its save."""
    return saved.get("started_at") or saved["saved_at"]


@bp.app_template_filter("utc_text")
def utc_text(iso: str) -> str:
    """2026-11-23T11:40:00+00:00 -> 23 Nov 2026, 11:40 UTC: what a page says before (or
    without) its script shows the reader's own time."""
    return datetime.fromisoformat(iso).strftime("%-d %b %Y, %H:%M UTC")


@bp.get("/results")
def results_page():
    game = _page_game_filter()
    page = query_number("page", 1, 1, MAX_OFFSET // PAGE_SIZE)
    # One more than a page tells whether an older page exists.
    found = storage().list(game, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)
    return render_template("results.html", results=found[:PAGE_SIZE], game=game, page=page,
                           more=len(found) > PAGE_SIZE, games=[game_info(g) for g in CATALOGUE],
                           titles=game_titles())


@bp.get("/results/<int:result_id>")
def result_page(result_id: int):
    found = saved_or_404(result_id)
    result = with_tie_break(found)
    yours = may_change(result_id)(storage().owner_key_hash(result_id))  # Edit and Delete only for them
    return render_template("result.html", saved=found, result=result, picture_height=picture_height(result), yours=yours,
                           version=version_of(found), length=game_length(found), rematch=found["game"] in GAMES,
                           game=game_info(found["game"]) if found["game"] in CATALOGUE else {"title": found["game"]})


def game_length(saved: dict) -> str | None:
    """How long the game took, in words ("42 min", "1 h 05 min"); None when its start or end
    was not recorded."""
    if not saved["started_at"] or not saved["ended_at"]:
        return None
    minutes = round((datetime.fromisoformat(saved["ended_at"]) - datetime.fromisoformat(saved["started_at"]))
                    .total_seconds() / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"


def with_tie_break(saved: dict) -> dict:
    """The saved result with its words on a tie for the win; a game saved before the scorer
    said them gets them from its game's rules, read off the saved ranking."""
    result = saved["result"]
    if "tie_break" in result or saved["game"] not in GAMES:
        return result
    return {**result, "tie_break": GAMES[saved["game"]].tie_break(result.get("players", []))}


@bp.route("/results/<int:result_id>/edit", methods=["GET", "POST"])
def edit_page(result_id: int):
    """Edit a saved game in the game's own score form, filled in from the saved game, with
    the same fields, live totals and problems in the players' words, and its note. Save
    changes scores it again and stores it; an impossible game is refused at its fields and
    changes nothing saved. The form carries the version it was opened on: when the game was
    changed meanwhile, the answer is 409 with both versions, and nothing is overwritten
    unless Save changes is pressed again."""
    saved = saved_or_404(result_id)
    require_owner(storage(), result_id)
    game = GAMES.get(saved["game"])
    if game is None:  # a game whose rules are gone cannot be scored again
        abort(404)
    state, note = as_recorded(game, copy.deepcopy(saved["state"])), saved["note"] or ""
    details = saved_details(saved)
    result: dict | None = with_tie_break(saved)
    violations = note_trouble = None
    changed_meanwhile = None   # the saved game, when someone else changed it during this edit
    refused = g.get("form_refused", False)
    if request.method == "POST":
        state, note, details = submitted_state(game), request.form.get("note", ""), posted_details()
        result = None
        op = request.form.get("op", "score")
        if not refused and not change_rows(state, op):
            result, violations = scored_for_page(game, state)
            note_trouble = note_problem(note)
            if result is not None and op == "save" and not note_trouble:
                try:
                    kept = details_to_keep(state, details, typed_times=True)
                    # a time shown to the minute and left as it was keeps its seconds
                    kept.update({field: saved[field] for field in ("started_at", "ended_at")
                                 if details[field] == saved_details(saved)[field]})
                except BadDetails as bad:   # said at its field; nothing saved
                    violations = details_problem(bad)
                else:
                    if request.form.get("edit_version") != version_of(saved):
                        changed_meanwhile = saved
                    else:
                        return _save_edit(saved, state, result, note, kept)
    state = shown_state(state)
    page = render_game_page(
        saved["game"], "score", game=game_info(saved["game"]), spec=form_spec(game.state_model), state=state,
        players=player_rows(state), result=result, violations=violations, state_json="", example=False,
        details=details,
        example_origin=None, example_not_saved=False, refused=refused, save_key="",
        fresh=request.method == "GET",   # static/pad.js may bring back this edit's unsaved changes
        answered=request.method == "POST" and (result or violations) is not None,
        editing={"saved": saved, "note": note, "note_problem": note_trouble, "note_max": NOTE_MAX_CHARS,
                 "version": version_of(saved), "changed_meanwhile": changed_meanwhile,
                 "their_result": with_tie_break(saved) if changed_meanwhile else None})
    status = 400 if refused else 409 if changed_meanwhile else 422 if violations or note_trouble else 200
    return page, status


@bp.post("/results/<int:result_id>/edit/live")
def edit_live(result_id: int):
    """The edit form's live totals, as the score page's (scorer.web.score_form.live_totals):
    only for the result's saver or the operator, as the form itself."""
    saved = saved_or_404(result_id)
    require_owner(storage(), result_id)
    game = GAMES.get(saved["game"])
    if game is None:
        abort(404, "this game's rules are gone: it cannot be scored again")
    return live_totals(game, game.title, read_json())


def version_of(saved: dict) -> str:
    """What an edit form carries to tell that the game was changed while it was being edited:
    the stored version, which every change moves on."""
    return str(saved["version"])


def _save_edit(saved: dict, state: dict, result: dict, note: str, details: dict[str, Any]):
    # The version opened is checked again in the change's own transaction (an edit that got in
    # between is a StaleVersion, answered 409), and only the saver or the operator may change it.
    if storage().update(saved["id"], state=state, result=result, note=note, details=details,
                        version=saved["version"], may_change=may_change(saved["id"])) is None:
        abort(404)  # deleted meanwhile
    flash(f"Saved your changes: {' & '.join(result['winners'])} won.")
    return redirect(url_for("history.result_page", result_id=saved["id"]))


@bp.route("/results/<int:result_id>/delete", methods=["GET", "POST"])
def delete_page(result_id: int):
    """GET asks to confirm; the form's POST deletes."""
    saved = saved_or_404(result_id)
    require_owner(storage(), result_id)
    title = game_titles().get(saved["game"], saved["game"])
    if request.method == "POST":
        storage().delete(result_id, may_change(result_id))
        forget(result_id)
        flash(f"Deleted the {title} game of {utc_text(saved['saved_at'])}.")
        return redirect(url_for("history.results_page"))
    return render_template("history_delete.html", saved=saved, title=title)


@bp.get("/players")
def players_page():
    return redirect(url_for("records.roster_page"), 301)  # the roster (scorer/web/records.py) took its place


# --- the end screen as a picture -----------------------------------------------------------------

PICTURE_WIDTH = 640
ROW_HEIGHT = 44
TIE_LINE_HEIGHT = 26
TIE_LINE_CHARS = 60         # of the tie-break's words on one line of the picture
NAME_MAX_CHARS = 28


@bp.get("/results/<int:result_id>.svg")
def result_picture(result_id: int):
    saved = saved_or_404(result_id)
    name = f"gardenkit-{saved['game']}-{saved['id']}.svg"
    # The picture has no script and no link; opened on its own it may load nothing either.
    return Response(end_screen_svg(saved, game_titles().get(saved["game"], saved["game"])), mimetype="image/svg+xml",
                    headers={"Content-Disposition": f'inline; filename="{name}"',
                             "Content-Security-Policy": "default-src 'none'"})


def picture_height(result: dict) -> int:
    """The share picture's height: its header, a row per player, and the lines on a tie."""
    return 150 + ROW_HEIGHT * len(result.get("players", [])) + TIE_LINE_HEIGHT * len(_tie_lines(result))


def _tie_lines(result: dict) -> list[str]:
    """How a tie was settled, in lines that fit the picture's width."""
    return textwrap.wrap(result.get("tie_break") or "", TIE_LINE_CHARS)


def end_screen_svg(saved: dict, title: str) -> str:
    """The end screen to share: the game, the date, the ranking with totals, the winners
    starred and named in words (not by colour alone), and how a tie for the win was settled.
    The date (id "played-at": when the game began, or else when it was saved) is in UTC here; the page's Share says it again in the reader's
    own time before drawing the picture. svgwrite escapes every text."""
    import svgwrite  # loaded by the first picture, not by every worker's start

    result = with_tie_break(saved)
    players = result.get("players", [])
    height = picture_height(result)
    winners = result.get("winners", [])
    drawing = svgwrite.Drawing(size=(PICTURE_WIDTH, height), viewBox=f"0 0 {PICTURE_WIDTH} {height}")
    played = played_at(saved)
    drawing.set_desc(title=f"{title}: {' & '.join(winners)} won", desc=utc_text(played))
    drawing.add(drawing.rect((0, 0), (PICTURE_WIDTH, height), fill="#fbfaf6"))
    drawing.add(drawing.rect((0, 0), (PICTURE_WIDTH, 8), fill="#00715a"))
    font = {"font_family": "system-ui, 'DejaVu Sans', sans-serif", "fill": "#1d2a22"}
    drawing.add(drawing.text(_short(title), insert=(32, 58), font_size=30, font_weight="bold", **font))
    drawing.add(drawing.text(utc_text(played), insert=(32, 88), font_size=16, id="played-at",
                             **{**font, "fill": "#5b6b60"}))
    top = 118
    for index, player in enumerate(players):
        y = top + index * ROW_HEIGHT
        first = player["rank"] == 1
        if first:
            drawing.add(drawing.rect((20, y), (PICTURE_WIDTH - 40, ROW_HEIGHT - 6), rx=8,
                                     fill="#fff7e0", stroke="#e69f00"))
        baseline = y + ROW_HEIGHT / 2 + 4
        weight = "bold" if first else "normal"
        drawing.add(drawing.text(f"{player['rank']}.", insert=(36, baseline), font_size=20, font_weight=weight, **font))
        label = _short(player["name"]) + ("  \u2605 winner" if first else "")
        drawing.add(drawing.text(label, insert=(80, baseline), font_size=20, font_weight=weight, **font))
        drawing.add(drawing.text(str(player["total"]), insert=(PICTURE_WIDTH - 36, baseline), font_size=22,
                                 font_weight="bold", text_anchor="end", **font))
    for index, line in enumerate(_tie_lines(result)):
        drawing.add(drawing.text(line, insert=(32, top + ROW_HEIGHT * len(players) + 20 + TIE_LINE_HEIGHT * index),
                                 font_size=17, font_style="italic", class_="tie-break", **font))
    drawing.add(drawing.text("gardenkit", insert=(PICTURE_WIDTH - 32, height - 16), font_size=13,
                             text_anchor="end", **{**font, "fill": "#5b6b60"}))
    return drawing.tostring()


def _short(text: str) -> str:
    return text if len(text) <= NAME_MAX_CHARS else text[:NAME_MAX_CHARS - 1] + "\u2026"
