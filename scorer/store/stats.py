"""Players' records and each game's statistics, counted by the database (SQLAlchemy Core over
the rows scorer/store/plays.py keeps): every answer is a handful of aggregates or a bounded list,
read through indexes, the same on SQLite and PostgreSQL.

Names are matched as the scorer matches them (player_key: capitals and surrounding spaces do
not count). A merge or rename is a stored alias: the alias's plays count as the player it
points to, shown under that player's name; deleting the alias undoes it, and no saved game
is ever changed by either.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import String, delete, func, literal, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from scorer.store.plays import ALIASES, PLAYS, TALLIES
from scorer.store.storage import SavedResult, Storage, StorageUnavailable, player_key

ROSTER_LIMIT = 200          # players on the roster page (most games first)
RECENT_GAMES = 10           # a player's recent games shown
OPPONENTS = 8               # regular opponents shown head to head
REGULAR = 2                 # games together that make a regular opponent
HISTOGRAM_BARS = 12         # at most, on a score distribution
NAME_MAX_CHARS = 60


@contextmanager
def reading(store: Storage, write: bool = False) -> Iterator[Connection]:
    """A connection to the results database (in a transaction when writing); a database that
    cannot be used is StorageUnavailable, as for every other history page."""
    try:
        store.list(limit=0)  # brings the schema up to date first, as every history read does
        with (store.engine.begin() if write else store.engine.connect()) as connection:
            yield connection
    except SQLAlchemyError as error:
        raise StorageUnavailable(str(error).splitlines()[0]) from None


def results_version(connection: Connection) -> tuple[Any, ...]:
    """What changes whenever a result is saved, edited or deleted, read in one pass over the
    results (a few milliseconds at 16,500): a save raises the highest id (ids are never
    reused), a delete lowers the count, an edit raises the sum of the versions; the newest
    edit's moment tells apart two copies of one history edited differently (a backup restored
    from another server). A merge of names changes none of it: what is kept by this (the
    statistics of the saved results themselves, Storage.player_stats) does not read the aliases."""
    return tuple(connection.execute(select(func.count(), func.max(SavedResult.id), func.sum(SavedResult.version),
                                           func.max(SavedResult.updated_at))).one())


def resolved(column):
    """A player's key after merges: the alias's target, else the key itself."""
    alias = select(ALIASES.c.player_key).where(ALIASES.c.alias_key == column).scalar_subquery()
    return func.coalesce(alias, column)


def keys_of(connection: Connection, key: str) -> tuple[str, list[str]]:
    """The player a key counts as after merges, and every key that counts as that player."""
    target = connection.scalar(select(ALIASES.c.player_key).where(ALIASES.c.alias_key == key)) or key
    merged = connection.scalars(select(ALIASES.c.alias_key).where(ALIASES.c.player_key == target)).all()
    own = connection.scalar(select(ALIASES.c.player_key).where(ALIASES.c.alias_key == target))
    keys = {*merged, target} if own in (None, target) else set(merged)
    return target, sorted(keys)


def shown_name(key: Any) -> Any:
    """The name the player with this key (a column or a value) is shown by, as SQL: the one
    their merge or rename gave, else the newest spelling in their saved games (an index seek
    each), else NULL."""
    given = (select(ALIASES.c.name).where(ALIASES.c.player_key == key)
             .order_by(ALIASES.c.made_at.desc()).limit(1).scalar_subquery())
    newest = (select(PLAYS.c.name).where(PLAYS.c.player_key == key)
              .order_by(PLAYS.c.saved_at.desc()).limit(1).scalar_subquery())
    return func.coalesce(given, newest)


MANY_NAMES = 200            # past this many, names_of reads everyone's names at once


def names_of(connection: Connection, targets: list[str]) -> dict[str, str]:
    """The name each player is shown by (shown_name), for those who have one: a statement a
    player, or for more than MANY_NAMES, everyone's at once (the BG Stats export names every
    player: a statement each cost it 7.3 s at 43,000 names)."""
    if len(targets) > MANY_NAMES:
        everyone = _everyones_names(connection)
        return {key: everyone[key] for key in targets if key in everyone}
    names: dict[str, str] = {}
    for key in targets:
        name = connection.scalar(select(shown_name(literal(key, String))))
        if name is not None:
            names[key] = name
    return names


def _everyones_names(connection: Connection) -> dict[str, str]:
    """shown_name for every player, in two statements: the newest spelling in each player's
    saved games, then the names merges and renames gave (the newest last, so it stays)."""
    newest = select(PLAYS.c.player_key, PLAYS.c.name,
                    func.row_number().over(partition_by=PLAYS.c.player_key,
                                           order_by=PLAYS.c.saved_at.desc()).label("newness")).subquery()
    names: dict[str, str] = dict(connection.execute(select(newest.c.player_key, newest.c.name)
                                                    .where(newest.c.newness == 1)).all())
    names.update(connection.execute(select(ALIASES.c.player_key, ALIASES.c.name).order_by(ALIASES.c.made_at)).all())
    return names


def _tally(kind: str, *where) -> Any:
    return select(TALLIES.c.game, TALLIES.c.label, TALLIES.c.n, TALLIES.c.wins, TALLIES.c.points,
                  TALLIES.c.totals).where(TALLIES.c.kind == kind, TALLIES.c.n > 0, *where)


def roster(connection: Connection) -> list[dict[str, Any]]:
    """The table's players, most games first: games and wins, each under the name they are
    shown by (shown_name), in one statement: a query per player cost the roster
    203 statements and some 0.1 s at 2,400 names."""
    who = resolved(TALLIES.c.subject).label("who")
    games, wins = func.sum(TALLIES.c.n), func.sum(TALLIES.c.wins)
    top = (select(who, games.label("games"), wins.label("wins"))
           .where(TALLIES.c.kind == "player", TALLIES.c.n > 0)
           .group_by(who).order_by(games.desc(), wins.desc(), who).limit(ROSTER_LIMIT).subquery())
    rows = connection.execute(
        select(top.c.who, top.c.games, top.c.wins, func.coalesce(shown_name(top.c.who), top.c.who).label("name"))
        .order_by(top.c.games.desc(), top.c.wins.desc(), top.c.who)).all()
    return [{"key": r.who, "name": r.name, "games": int(r.games), "wins": int(r.wins)} for r in rows]


def aliases(connection: Connection) -> list[dict[str, Any]]:
    """The merges, newest first, each with the merged name as last written in a saved game
    (`alias_name`; the key is the name folded for matching)."""
    written = (select(PLAYS.c.name).where(PLAYS.c.player_key == ALIASES.c.alias_key)
               .order_by(PLAYS.c.saved_at.desc()).limit(1).scalar_subquery())
    rows = connection.execute(select(ALIASES, func.coalesce(written, ALIASES.c.alias_key).label("alias_name"))
                              .order_by(ALIASES.c.made_at.desc()).limit(ROSTER_LIMIT)).mappings()
    return [dict(row) for row in rows]


def player(connection: Connection, name: str) -> dict[str, Any] | None:
    """The record of a player (named in any spelling), or None when no saved game has them."""
    target, keys = keys_of(connection, player_key(name))
    per_game: dict[str, dict[str, Any]] = {}
    for r in connection.execute(_tally("player", TALLIES.c.subject.in_(keys))):
        game = per_game.setdefault(r.game, {"game": r.game, "games": 0, "wins": 0, "points": 0})
        game["games"] += r.n
        game["wins"] += r.wins
        game["points"] += r.points
    if not per_game:
        return None
    for game in per_game.values():
        game.update(win_rate=game["wins"] / game["games"], average=game.pop("points") / game["games"],
                    best=connection.scalar(select(func.max(PLAYS.c.total))
                                           .where(PLAYS.c.player_key.in_(keys), PLAYS.c.game == game["game"])))
    games = sorted(per_game.values(), key=lambda g: (-g["games"], g["game"]))
    played, wins = sum(g["games"] for g in games), sum(g["wins"] for g in games)
    return {"key": target, "name": names_of(connection, [target]).get(target, target),
            "games": played, "wins": wins, "win_rate": wins / played, "per_game": games,
            "opponents": _opponents(connection, keys),
            "recent": _recent(connection, keys),
            "categories": _categories(connection, keys, [g["game"] for g in games])}


def _opponents(connection: Connection, keys: list[str]) -> list[dict[str, Any]]:
    """Head to head against each regular opponent: games together, and who finished ahead."""
    who = resolved(TALLIES.c.label).label("who")
    rows = connection.execute(
        select(who, func.sum(TALLIES.c.n).label("together"), func.sum(TALLIES.c.wins).label("ahead"),
               func.sum(TALLIES.c.points).label("behind"))
        .where(TALLIES.c.kind == "opponent", TALLIES.c.subject.in_(keys), TALLIES.c.label.not_in(keys))
        .group_by(who).having(func.sum(TALLIES.c.n) >= REGULAR)
        .order_by(func.sum(TALLIES.c.n).desc(), who).limit(OPPONENTS)).all()
    names = names_of(connection, [r.who for r in rows])
    return [{"key": r.who, "name": names.get(r.who, r.who), "together": int(r.together),
             "ahead": int(r.ahead), "behind": int(r.behind),
             "level": int(r.together - r.ahead - r.behind)} for r in rows]


def _recent(connection: Connection, keys: list[str]) -> list[dict[str, Any]]:
    rows = connection.execute(
        select(PLAYS.c.result_id, PLAYS.c.game, PLAYS.c.saved_at, PLAYS.c.rank, PLAYS.c.total, PLAYS.c.players)
        .where(PLAYS.c.player_key.in_(keys))
        .order_by(PLAYS.c.saved_at.desc(), PLAYS.c.result_id.desc()).limit(RECENT_GAMES)).mappings()
    return [dict(row) for row in rows]


def _categories(connection: Connection, keys: list[str], games: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Per game the player has played: each category's share of the player's points, beside
    its share of everyone's points in that game; the categories that bring the table most
    points first."""
    mine: dict[tuple[str, str], list[int]] = {}
    for r in connection.execute(_tally("category", TALLIES.c.subject.in_(keys))):
        sums = mine.setdefault((r.game, r.label), [0, 0])
        sums[0] += r.points
        sums[1] += r.totals
    share: dict[str, list[dict[str, Any]]] = {}
    table = _tally("category", TALLIES.c.subject == "", TALLIES.c.game.in_(games))
    for r in connection.execute(table.order_by(TALLIES.c.game, TALLIES.c.points.desc(), TALLIES.c.label)):
        points, totals = mine.get((r.game, r.label), (0, 0))
        share.setdefault(r.game, []).append({
            "category": r.label, "share": _ratio(points, totals), "table": _ratio(r.points, r.totals)})
    return share


def _ratio(part: Any, whole: Any) -> float | None:
    return None if not whole else float(part) / float(whole)


def game(connection: Connection, game_id: str) -> dict[str, Any]:
    """One game's statistics from its saved results (numbers of games and plays are 0 when
    none is saved)."""
    of_game = TALLIES.c.subject == "", TALLIES.c.game == game_id
    head = connection.execute(_tally("game", *of_game)).first()
    totals = [(int(r.label), r.n, r.wins) for r in connection.execute(_tally("total", *of_game))]
    plays = sum(n for _, n, _ in totals)
    return {"game": game_id, "games": head.n if head else 0, "plays": plays,
            "low": min((t for t, _, _ in totals), default=None), "high": max((t for t, _, _ in totals), default=None),
            "average": sum(t * n for t, n, _ in totals) / plays if plays else None,
            "sole_wins": head.wins if head else 0,
            "distribution": _distribution(totals),
            "categories": _deciders(connection, game_id, head.wins if head else 0),
            "first_player": _first_player(connection, game_id),
            "length": {"games": head.totals, "average": head.points / head.totals} if head and head.totals else None}


def _distribution(totals: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    """Totals (total, scores, winners) in at most HISTOGRAM_BARS equal bands: how many scores
    fell in each, and how many of them won."""
    if not totals:
        return []
    low, high = min(t for t, _, _ in totals), max(t for t, _, _ in totals)
    width = max(1, -(-(high - low + 1) // HISTOGRAM_BARS))
    bands = [{"low": low + i * width, "high": low + (i + 1) * width - 1, "plays": 0, "wins": 0}
             for i in range((high - low) // width + 1)]
    for total, n, wins in totals:
        band = bands[(total - low) // width]
        band["plays"] += n
        band["wins"] += wins
    return bands


def _deciders(connection: Connection, game_id: str, sole_wins: int) -> list[dict[str, Any]]:
    """Per category (the ones that bring most points first): the average points it gives a
    player, and in how many games with a sole winner it decided the win (without it, the
    winner would not have won outright)."""
    rows = connection.execute(_tally("category", TALLIES.c.subject == "", TALLIES.c.game == game_id)
                              .order_by(TALLIES.c.points.desc(), TALLIES.c.label))
    return [{"category": r.label, "average": r.points / r.n, "decided": int(r.wins),
             "decided_share": _ratio(r.wins, sole_wins)} for r in rows]


def _first_player(connection: Connection, game_id: str) -> dict[str, Any] | None:
    """Over the games whose start player was recorded: how often the player who went first
    won, and the player each seat after them (second, third...), each beside the rate an
    even chance gives (one in the number of players of each game counted)."""
    rows = connection.execute(_tally("seat", TALLIES.c.subject == "", TALLIES.c.game == game_id)).all()
    seats: dict[int, dict[str, Any]] = {}
    for r in rows:
        players, _, after = r.label.partition(":")
        seat = seats.setdefault(int(after) + 1, {"seat": int(after) + 1, "games": 0, "wins": 0, "even": 0.0})
        seat["games"] += r.n
        seat["wins"] += r.wins
        seat["even"] += r.n / int(players)
    if 1 not in seats:
        return None
    for seat in seats.values():
        seat.update(win_rate=seat["wins"] / seat["games"], even=seat["even"] / seat["games"])
    ordered = [seats[k] for k in sorted(seats)]
    return {**ordered[0], "seats": ordered}


# --- merges and renames ---------------------------------------------------------------------------

class MergeRefused(ValueError):
    """A merge or rename that cannot be made, in words for the person asking."""


def merge(connection: Connection, name: str, into: str) -> str:
    """Count every game of `name` as `into`'s, shown as `into` is spelled here: a merge when
    `into` has games, a rename when not (or when only the capitals change). What was done,
    in words."""
    name, into = name.strip(), into.strip()
    if not name or not into or len(into) > NAME_MAX_CHARS:
        raise MergeRefused(f"give both names, each at most {NAME_MAX_CHARS} characters")
    if not (name.isprintable() and into.isprintable()):   # no saved name holds one (and PostgreSQL keeps no NUL)
        raise MergeRefused("a name cannot hold a control character")
    alias_key = player_key(name)
    if connection.scalar(select(func.count()).where(PLAYS.c.player_key == alias_key)) == 0:
        raise MergeRefused(f"no saved game has a player called {name}")
    target, target_keys = keys_of(connection, player_key(into))
    counted_as, alias_keys = keys_of(connection, alias_key)
    if counted_as != target and _played_together(connection, alias_keys, target_keys):
        raise MergeRefused(f"{name} and {into} played in the same game, so they are two players")
    if counted_as == target and names_of(connection, [target]).get(target) == into:
        raise MergeRefused(f"{name} is already shown as {into}")
    # Names merged into this one before now follow it, so every alias points at a player who
    # is not merged away: one step always finds whom a name counts as.
    connection.execute(update(ALIASES).where(ALIASES.c.player_key == alias_key).values(player_key=target))
    connection.execute(delete(ALIASES).where(ALIASES.c.alias_key == alias_key))
    connection.execute(ALIASES.insert().values(alias_key=alias_key, player_key=target, name=into,
                                               made_at=datetime.now(timezone.utc)))
    connection.execute(update(ALIASES).where(ALIASES.c.player_key == target).values(name=into))
    return f"{name}'s games now count as {into}'s."


def _played_together(connection: Connection, keys: list[str], others: list[str]) -> bool:
    """Whether any saved game has a player under one of `keys` and another under `others`."""
    theirs = select(PLAYS.c.result_id).where(PLAYS.c.player_key.in_(others))
    shared = select(PLAYS.c.result_id).where(PLAYS.c.player_key.in_(keys), PLAYS.c.result_id.in_(theirs))
    return connection.execute(shared.limit(1)).first() is not None


def undo_merge(connection: Connection, alias_key: str) -> str | None:
    """Take a merge or rename back; what was undone in words, or None when there was none."""
    row = connection.execute(select(ALIASES).where(ALIASES.c.alias_key == alias_key)).first()
    if row is None:
        return None
    connection.execute(delete(ALIASES).where(ALIASES.c.alias_key == alias_key))
    own = names_of(connection, [alias_key]).get(alias_key, alias_key)
    return f"{own}'s games count as {own}'s own again, no longer as {row.name}'s."
