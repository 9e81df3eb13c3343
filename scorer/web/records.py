"""Players' records and each game's statistics, as pages (the queries are scorer/store/stats.py's).

    /players/              the roster: every player of the saved games, merges and renames
    /players/plays.bgstats.json   every saved game as a play log (scorer/store/playlog.py)
    /players/<key>         one player: per game, head to head, recent games, categories
    /stats/<game>          one game: score distribution, deciding categories, first player,
                           length, each chart with its table

Merging "Anne" into "Ann" (or renaming) changes no saved game: it stores an alias that the
roster lists with an Undo button. As a merge changes every reader's records, only the operator
makes or undoes one: the request carries the operator's token (GARDENKIT_ADMIN_TOKEN), as
`Authorization: Bearer` or typed into the form, which the roster shows only when the app has
a token; the forms also carry the page's CSRF token. Two names that played in one game are
never merged: that game would count one player twice.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from werkzeug.exceptions import Forbidden

from scorer.games import CATALOGUE
from scorer.store import playlog, stats
from scorer.store.storage import player_key
from scorer.web.charts import Bar, bar_chart
from scorer.web.forms import label
from scorer.web.guards import guard_request, hold_form_to_limits
from scorer.web.listing import game_titles
from scorer.web.owners import is_operator
from scorer.web.stored import exported, storage

bp = Blueprint("records", __name__)
KEY_MAX_CHARS = 200


@bp.before_request
def only_the_operator_merges() -> None:
    """Every post here makes or undoes a merge: the operator's, by the token in its header
    (which no other site's page can make a browser send) or typed into the form, which then
    also needs the page's CSRF token (guard_request, registered next). Anyone else is told
    so first, whatever their form holds."""
    if request.method != "POST" or is_operator():
        return
    hold_form_to_limits()   # before the form is read
    if not is_operator(request.form.get("operator_token", "")):
        raise Forbidden("Only the operator, with the operator's token, merges, renames or undoes "
                        "a merge of players' names: it changes everyone's records")


bp.before_request(guard_request)


def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"   # no space: "100%" cannot break, and is a phone column's narrowest


@bp.app_template_filter("percent")
def percent_filter(value: float | None) -> str:
    return percent(value)


@bp.get("/players/")
def roster_page():
    with stats.reading(storage()) as connection:
        players, merged = stats.roster(connection), stats.aliases(connection)
    return render_template("records/roster.html", players=players, merged=merged, games=game_titles(),
                           merges_open=bool(current_app.config.get("ADMIN_TOKEN")))


@bp.get("/players/plays.bgstats.json")
def play_log():
    """Every saved game in BG Stats' JSON layout, streamed (scorer/store/playlog.py)."""
    return exported(playlog.bgstats_json(storage()), "application/json", "gardenkit-plays.bgstats.json")


@bp.get("/players/<key>")
def player_page(key: str):
    if len(key) > KEY_MAX_CHARS or not key.isprintable():   # no saved name is either
        abort(404)
    with stats.reading(storage()) as connection:
        record = stats.player(connection, key)
    if record is None:
        abort(404, f"no saved game has a player called {key[:60]}")
    names = game_titles()
    charts = {game: _category_chart(record["name"], names.get(game, game), game, shares)
              for game, shares in record["categories"].items()}
    return render_template("records/player.html", p=record, titles=names, charts=charts)


def _category_chart(name: str, title: str, game: str, shares: list[dict[str, Any]]):
    bars = [Bar(label(s["category"]), s["share"] or 0, percent(s["share"]), s["table"]) for s in shares]
    summary = "; ".join(f"{b.label} {b.text} (table {percent(s['table'])})" for b, s in zip(bars, shares))
    return bar_chart(f"categories-{game}", f"Where {name}'s {title} points come from", summary, bars,
                     "the table's average")


@bp.post("/players/merge")
def merge():
    name, into = request.form.get("name", ""), request.form.get("into", "")
    try:
        with stats.reading(storage(), write=True) as connection:
            done = stats.merge(connection, name, into)
    except stats.MergeRefused as refused:
        return render_template("error.html", status=422, message=f"not merged: {refused}"), 422
    flash(done)
    return redirect(url_for("records.player_page", key=player_key(into)))


@bp.post("/players/undo")
def undo():
    alias = request.form.get("alias", "")[:KEY_MAX_CHARS]
    done = None
    if alias.isprintable():   # a control character names no merge (and PostgreSQL keeps no NUL)
        with stats.reading(storage(), write=True) as connection:
            done = stats.undo_merge(connection, alias)
    if done is None:
        flash("There was no such merge to undo.")
        return redirect(url_for("records.roster_page"))
    flash(done)
    return redirect(url_for("records.player_page", key=alias))  # the name that is its own again


@bp.get("/stats/<game_id>")
def game_page(game_id: str):
    if game_id not in CATALOGUE:
        abort(404)
    title = game_titles()[game_id]
    with stats.reading(storage()) as connection:
        figures = stats.game(connection, game_id)
    return render_template("records/game.html", s=figures, title=title, game_id=game_id,
                           charts=_game_charts(figures, title), games=game_titles())


SEATS = ("went first", "second", "third", "fourth", "fifth", "sixth")


@bp.app_template_filter("seat_words")
def seat_words(seat: int) -> str:
    """A seat counted from the start player (1: the start player) in words."""
    return SEATS[seat - 1] if seat <= len(SEATS) else f"seat {seat}"


def _game_charts(s: dict[str, Any], title: str) -> dict[str, Any]:
    charts: dict[str, Any] = {}
    if s["distribution"]:
        bars = [Bar(f"{d['low']}–{d['high']}" if d["high"] != d["low"] else str(d["low"]), d["plays"],
                    f"{d['plays']} ({d['wins']} won)") for d in s["distribution"]]
        charts["distribution"] = bar_chart(
            "distribution", f"{title}: final totals", "; ".join(f"{b.label}: {b.text}" for b in bars), bars)
    if s["categories"]:
        bars = [Bar(label(c["category"]), c["decided_share"] or 0, percent(c["decided_share"]))
                for c in s["categories"]]
        charts["decided"] = bar_chart(
            "decided", f"{title}: how often each category decided the winner",
            "; ".join(f"{b.label}: {b.text} of games won alone" for b in bars), bars)
    if s["first_player"]:
        first = s["first_player"]
        bars = [Bar(seat_words(seat["seat"]), seat["win_rate"], percent(seat["win_rate"]), seat["even"])
                for seat in first["seats"]]
        charts["first"] = bar_chart(
            "first-player", f"{title}: wins by seat after the start player",
            "; ".join(f"{b.label}: won {b.text} of {seat['games']} games, an even chance {percent(seat['even'])}"
                      for b, seat in zip(bars, first["seats"], strict=True)), bars, "an even chance")
    return charts
