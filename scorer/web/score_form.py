"""The score form, as the score page and a saved game's edit page both draw and read it: the
state a post describes, the rows to draw, Add player and Remove without a script, the score
or its problems at their fields, and the live totals in the players' words."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from flask import current_app, g, jsonify, render_template, request
from markupsafe import Markup

from scorer.games import GAMES
from scorer.games.core import BadJSON, InvalidState, read_json_text, whole_number
from scorer.store.storage import LOCATION_MAX_CHARS, BadDetails, play_details, player_key
from scorer.web.forms import MAX_FIELD_CHARS, for_players, form_spec, is_index, state_from_form

MIN_ROWS, MAX_ROWS = 1, 12   # player rows the form offers


def render_game_page(game_id: str, page: str, **context: Any):
    """The game's own template if it has one, else the generic one. Templates also get
    `page_data`: JSON-ready house content for a game's own page and script (tile shapes, sheet
    sizes), from the game's page_data hook; None when it has none."""
    names = [f"games/{game_id}/{page}.html", f"{page}.html"]
    template = current_app.jinja_env.select_template(names)
    make_page_data = GAMES[game_id].page_data
    context.setdefault("details", BLANK_DETAILS)
    page = render_template(template, page_data=make_page_data() if make_page_data else None,
                           location_max=LOCATION_MAX_CHARS, **context)
    # Pasted JSON may hold a lone surrogate (\ud800), which UTF-8 cannot hold: the page shows
    # it as "?" while the state's own check names the field it is in.
    return page.encode("utf-8", "replace")


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


def as_recorded(game, state: dict) -> dict:
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


def shown_state(state: Any, rows: str = "players") -> Any:
    """The state (or action) as the page shows it back: one with more players (or plays) than
    the form offers rows (tens of thousands of pasted rows, say) has already been refused with
    one violation, and drawing every row again would make the page grow with the request."""
    listed = state.get(rows) if isinstance(state, dict) else None
    if isinstance(listed, list) and len(listed) > MAX_ROWS:
        return {**state, rows: listed[:MAX_ROWS]}
    return state


def player_rows(state: dict) -> list[dict]:
    """The players to draw as form rows (at least one), whatever a pasted state held. A text
    longer than any field takes is drawn cut to that length: no game has such a value, and a
    page must not echo a megabyte back."""
    players = state.get("players")
    rows = [_clipped(p) if isinstance(p, dict) else {} for p in players[:MAX_ROWS]] if isinstance(players, list) else []
    return rows or [{}]


def _clipped(player: dict) -> dict:
    return {key: value[:MAX_FIELD_CHARS] if isinstance(value, str) else value for key, value in player.items()}


def submitted_state(game) -> dict:
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




# --- how the game was played: its times, who started, where ------------------------------------
#
# The form's own fields beside the state's (their names start with "_", so no state reads them):
# _started_at, the moment of the page's first input (static/pad.js sets it; a page without
# JavaScript takes its first post); _start_seat, the place in the list of the player who went
# first (0, the first listed, unless chosen); _location, where. An edit shows both times, in UTC,
# to be corrected by hand (_started_at and _ended_at as datetime-local fields).

TIME_TEXT_CHARS = 40
BLANK_DETAILS: dict[str, Any] = {"started_at": "", "ended_at": "", "start_seat": 0, "location": ""}


def posted_details() -> dict[str, Any]:
    """The game's details as the form sent them: texts, and the start seat as a number."""
    form = request.form
    seat = whole_number(form.get("_start_seat", ""))
    return {"started_at": form.get("_started_at", "").strip()[:TIME_TEXT_CHARS],
            "ended_at": form.get("_ended_at", "").strip()[:TIME_TEXT_CHARS],
            "start_seat": seat if seat is not None and 0 <= seat < MAX_ROWS else None,
            "location": form.get("_location", "")[:MAX_FIELD_CHARS]}


def saved_details(saved: dict) -> dict[str, Any]:
    """A saved game's details as the edit form shows them (times in UTC, to the minute; the
    start seat None when who started was not recorded)."""
    names = [player_key(p["name"]) if isinstance(p, dict) and isinstance(p.get("name"), str) else ""
             for p in saved["state"].get("players", [])]
    starter = saved.get("start_player")
    seat = names.index(player_key(starter)) if starter and player_key(starter) in names else None
    return {"started_at": _minute(saved.get("started_at")), "ended_at": _minute(saved.get("ended_at")),
            "start_seat": seat, "location": saved.get("location") or ""}


def _minute(iso: str | None) -> str:
    return iso[:16] if iso else ""


def _as_utc(text: str) -> str:
    """A time typed in a datetime-local field, which has no zone, as the UTC it is labelled."""
    return text + "+00:00" if text and datetime.fromisoformat(text).tzinfo is None else text


def details_to_keep(state: dict, details: dict[str, Any], *, typed_times: bool) -> dict[str, Any]:
    """What the store keeps of the form's details: the start player named by the seat, the place,
    and the times. The score page's times are the device's own (never typed), so a time the
    store cannot keep is left out rather than refusing the game; an edit's are typed, and a
    BadDetails names the field. BadDetails for a place that cannot be kept."""
    listed = state.get("players")
    rows: list[Any] = listed if isinstance(listed, list) else []
    seat = details["start_seat"]
    name = rows[seat].get("name") if seat is not None and seat < len(rows) and isinstance(rows[seat], dict) else None
    kept = {"start_player": name if isinstance(name, str) and name.strip() else None,
            "location": details["location"]}
    play_details(state, **kept)   # the place, or BadDetails
    times: dict[str, Any] = {}
    for field in ("started_at", "ended_at"):
        try:
            times[field] = _as_utc(details[field]) if typed_times else details[field]
            play_details(state, **{field: times[field]})
        except (ValueError, BadDetails) as bad:
            if typed_times:
                raise BadDetails(field, str(bad) if isinstance(bad, BadDetails)
                                 else f"{field} is a date and time such as 2026-11-27T19:30") from None
            times[field] = None
    if typed_times:
        play_details(state, **times)   # the two together: a start after the end is BadDetails
    else:
        times.pop("ended_at")   # the save's own moment
        try:
            play_details(state, **times, ended_at=datetime.now(timezone.utc))
        except BadDetails:
            times["started_at"] = None   # a device clock ahead of ours
    return {**kept, **times}


def details_problem(bad: BadDetails) -> list[dict]:
    """A detail the store cannot keep, as a problem at its field (drawn by FieldProblems)."""
    field = {"location": "_location", "started_at": "_started_at", "ended_at": "_ended_at"}.get(bad.field, "")
    violations = [{"code": "bad-play-detail", "message": f"Not saved: {bad}", "rule": "", "path": bad.field,
                   "field": field}]
    g.field_problems = FieldProblems(violations)
    return violations


def rotated_names(saved: dict) -> list[str]:
    """A rematch's players: the saved game's, in the order they sat, starting with the player
    after the one who went first (the first listed, when that was not recorded)."""
    names = [p["name"] for p in saved["state"].get("players", []) if isinstance(p, dict) and isinstance(p.get("name"), str)]
    if not names:
        return []
    starter = saved_details(saved)["start_seat"] or 0
    turn = (starter + 1) % len(names)
    return names[turn:] + names[:turn]
