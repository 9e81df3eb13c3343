"""Players' records and each game's statistics, counted by the database (SQLAlchemy Core over
the rows scorer/plays.py keeps): every answer is a handful of aggregates or a bounded list,
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

from sqlalchemy import and_, case, delete, func, literal, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from scorer.plays import ALIASES, PLAYS, POINTS
from scorer.storage import Storage, StorageUnavailable, player_key

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


def _resolved(column):
    """A plays or points row's player after merges: the alias's target, else its own key."""
    alias = select(ALIASES.c.player_key).where(ALIASES.c.alias_key == column).scalar_subquery()
    return func.coalesce(alias, column)


def keys_of(connection: Connection, key: str) -> tuple[str, list[str]]:
    """The player a key counts as after merges, and every key that counts as that player."""
    target = connection.scalar(select(ALIASES.c.player_key).where(ALIASES.c.alias_key == key)) or key
    merged = connection.scalars(select(ALIASES.c.alias_key).where(ALIASES.c.player_key == target)).all()
    own = connection.scalar(select(ALIASES.c.player_key).where(ALIASES.c.alias_key == target))
    keys = {*merged, target} if own in (None, target) else set(merged)
    return target, sorted(keys)


def names_of(connection: Connection, targets: list[str]) -> dict[str, str]:
    """The name each player is shown by: the one their merge or rename gave, else the
    newest spelling in their saved games."""
    if not targets:
        return {}
    names: dict[str, str] = {}
    newest = (select(PLAYS.c.player_key, PLAYS.c.name, func.max(PLAYS.c.saved_at))
              .where(PLAYS.c.player_key.in_(targets))
              .group_by(PLAYS.c.player_key, PLAYS.c.name).order_by(func.max(PLAYS.c.saved_at)))
    for key, name, _ in connection.execute(newest):
        names[key] = name
    given = select(ALIASES.c.player_key, ALIASES.c.name).where(ALIASES.c.player_key.in_(targets)).order_by(ALIASES.c.made_at)
    for key, name in connection.execute(given):
        names[key] = name
    return names


def roster(connection: Connection) -> list[dict[str, Any]]:
    """The table's players, most games first: games, wins and when they last played."""
    who = _resolved(PLAYS.c.player_key).label("who")
    rows = connection.execute(
        select(who, func.count().label("games"), func.sum(PLAYS.c.won).label("wins"),
               func.max(PLAYS.c.saved_at).label("last"))
        .group_by(who).order_by(func.count().desc(), func.sum(PLAYS.c.won).desc(), who).limit(ROSTER_LIMIT)).all()
    names = names_of(connection, [r.who for r in rows])
    return [{"key": r.who, "name": names.get(r.who, r.who), "games": r.games, "wins": int(r.wins or 0),
             "last": r.last} for r in rows]


def aliases(connection: Connection) -> list[dict[str, Any]]:
    rows = connection.execute(select(ALIASES).order_by(ALIASES.c.made_at.desc()).limit(ROSTER_LIMIT)).mappings()
    return [dict(row) for row in rows]


def player(connection: Connection, name: str) -> dict[str, Any] | None:
    """The record of a player (named in any spelling), or None when no saved game has them."""
    target, keys = keys_of(connection, player_key(name))
    mine = PLAYS.c.player_key.in_(keys)
    per_game = connection.execute(
        select(PLAYS.c.game, func.count().label("games"), func.sum(PLAYS.c.won).label("wins"),
               func.max(PLAYS.c.total).label("best"), func.avg(PLAYS.c.total).label("average"))
        .where(mine).group_by(PLAYS.c.game).order_by(func.count().desc(), PLAYS.c.game)).all()
    if not per_game:
        return None
    games = sum(r.games for r in per_game)
    wins = sum(int(r.wins or 0) for r in per_game)
    return {"key": target, "name": names_of(connection, [target]).get(target, target),
            "games": games, "wins": wins, "win_rate": wins / games,
            "per_game": [{"game": r.game, "games": r.games, "wins": int(r.wins or 0),
                          "win_rate": int(r.wins or 0) / r.games, "best": r.best,
                          "average": float(r.average)} for r in per_game],
            "opponents": _opponents(connection, keys),
            "recent": _recent(connection, keys),
            "categories": _categories(connection, keys, [r.game for r in per_game])}


def _opponents(connection: Connection, keys: list[str]) -> list[dict[str, Any]]:
    """Head to head against each regular opponent: games together, and who finished ahead."""
    me, them = PLAYS.alias("me"), PLAYS.alias("them")
    who = _resolved(them.c.player_key).label("who")
    rows = connection.execute(
        select(who, func.count().label("together"),
               func.sum(case((me.c.rank < them.c.rank, 1), else_=0)).label("ahead"),
               func.sum(case((me.c.rank > them.c.rank, 1), else_=0)).label("behind"))
        .select_from(me.join(them, and_(them.c.result_id == me.c.result_id, them.c.seat != me.c.seat)))
        .where(me.c.player_key.in_(keys), them.c.player_key.not_in(keys))
        .group_by(who).having(func.count() >= REGULAR)
        .order_by(func.count().desc(), who).limit(OPPONENTS)).all()
    names = names_of(connection, [r.who for r in rows])
    return [{"key": r.who, "name": names.get(r.who, r.who), "together": r.together,
             "ahead": int(r.ahead or 0), "behind": int(r.behind or 0),
             "level": r.together - int(r.ahead or 0) - int(r.behind or 0)} for r in rows]


def _recent(connection: Connection, keys: list[str]) -> list[dict[str, Any]]:
    rows = connection.execute(
        select(PLAYS.c.result_id, PLAYS.c.game, PLAYS.c.saved_at, PLAYS.c.rank, PLAYS.c.total, PLAYS.c.players)
        .where(PLAYS.c.player_key.in_(keys))
        .order_by(PLAYS.c.saved_at.desc(), PLAYS.c.result_id.desc()).limit(RECENT_GAMES)).mappings()
    return [dict(row) for row in rows]


def _categories(connection: Connection, keys: list[str], games: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Per game the player has played: each category's share of the player's points, beside
    its share of everyone's points in that game."""
    share: dict[str, list[dict[str, Any]]] = {}
    mine = dict(((r.game, r.category), (r.points, r.total)) for r in connection.execute(
        select(POINTS.c.game, POINTS.c.category, func.sum(POINTS.c.points).label("points"),
               func.sum(POINTS.c.total).label("total"))
        .where(POINTS.c.player_key.in_(keys)).group_by(POINTS.c.game, POINTS.c.category)))
    table = connection.execute(
        select(POINTS.c.game, POINTS.c.category, func.sum(POINTS.c.points).label("points"),
               func.sum(POINTS.c.total).label("total"))
        .where(POINTS.c.game.in_(games)).group_by(POINTS.c.game, POINTS.c.category)
        .order_by(POINTS.c.game, func.min(POINTS.c.seat), POINTS.c.category))
    for r in table:
        points, total = mine.get((r.game, r.category), (0, 0))
        share.setdefault(r.game, []).append({
            "category": r.category, "share": _ratio(points, total), "table": _ratio(r.points, r.total)})
    return share


def _ratio(part: Any, whole: Any) -> float | None:
    return None if not whole else float(part) / float(whole)


def game(connection: Connection, game_id: str) -> dict[str, Any]:
    """One game's statistics from its saved results (numbers of games and plays are 0 when
    none is saved)."""
    of_game = PLAYS.c.game == game_id
    head = connection.execute(
        select(func.count(func.distinct(PLAYS.c.result_id)).label("games"), func.count().label("plays"),
               func.min(PLAYS.c.total).label("low"), func.max(PLAYS.c.total).label("high"),
               func.avg(PLAYS.c.total).label("average"))
        .where(of_game)).one()
    sole = connection.scalar(select(func.count()).where(of_game, PLAYS.c.sole_winner == 1)) or 0
    return {"game": game_id, "games": head.games, "plays": head.plays, "low": head.low, "high": head.high,
            "average": float(head.average) if head.average is not None else None, "sole_wins": sole,
            "distribution": _distribution(connection, game_id, head.low, head.high),
            "categories": _deciders(connection, game_id, sole),
            "first_player": _first_player(connection, game_id),
            "length": _length(connection, game_id)}


def _distribution(connection: Connection, game_id: str, low: int | None, high: int | None) -> list[dict[str, Any]]:
    """Totals in at most HISTOGRAM_BARS equal bands: how many totals, and how many of them won."""
    if low is None or high is None:
        return []
    width = max(1, -(-(high - low + 1) // HISTOGRAM_BARS))
    band = ((PLAYS.c.total - literal(low)) // literal(width)).label("band")
    rows = connection.execute(
        select(band, func.count().label("plays"), func.sum(PLAYS.c.won).label("wins"))
        .where(PLAYS.c.game == game_id).group_by(band).order_by(band)).all()
    counted = {int(r.band): (r.plays, int(r.wins or 0)) for r in rows}
    bands = (high - low) // width + 1
    return [{"low": low + i * width, "high": low + (i + 1) * width - 1,
             "plays": counted.get(i, (0, 0))[0], "wins": counted.get(i, (0, 0))[1]} for i in range(bands)]


def _deciders(connection: Connection, game_id: str, sole_wins: int) -> list[dict[str, Any]]:
    """Per category (in the scorer's order): the average points it gives a player, and in how
    many games with a sole winner it decided the win (without it, the winner would not have
    won)."""
    rows = connection.execute(
        select(POINTS.c.category, func.avg(POINTS.c.points).label("average"),
               func.sum(POINTS.c.decided).label("decided"))
        .where(POINTS.c.game == game_id).group_by(POINTS.c.category)
        .order_by(func.min(POINTS.c.seat), POINTS.c.category)).all()
    return [{"category": r.category, "average": float(r.average), "decided": int(r.decided or 0),
             "decided_share": _ratio(r.decided or 0, sole_wins)} for r in rows]


def _first_player(connection: Connection, game_id: str) -> dict[str, Any] | None:
    """How often the player who went first won, beside the rate an even chance gives (one in
    the number of players), over the games whose start player was recorded."""
    row = connection.execute(
        select(func.count().label("games"), func.sum(PLAYS.c.won).label("wins"),
               func.avg(literal(1.0) / PLAYS.c.players).label("even"))
        .where(PLAYS.c.game == game_id, PLAYS.c.started == 1)).one()
    if not row.games:
        return None
    return {"games": row.games, "wins": int(row.wins or 0), "win_rate": int(row.wins or 0) / row.games,
            "even": float(row.even)}


def _length(connection: Connection, game_id: str) -> dict[str, Any] | None:
    row = connection.execute(
        select(func.count().label("games"), func.avg(PLAYS.c.seconds).label("average"),
               func.min(PLAYS.c.seconds).label("shortest"), func.max(PLAYS.c.seconds).label("longest"))
        .where(PLAYS.c.game == game_id, PLAYS.c.seat == 0, PLAYS.c.seconds.is_not(None))).one()
    if not row.games:
        return None
    return {"games": row.games, "average": float(row.average), "shortest": row.shortest, "longest": row.longest}


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
    alias_key = player_key(name)
    if connection.scalar(select(func.count()).where(PLAYS.c.player_key == alias_key)) == 0:
        raise MergeRefused(f"no saved game has a player called {name}")
    target, _ = keys_of(connection, player_key(into))
    if keys_of(connection, alias_key)[0] == target and names_of(connection, [target]).get(target) == into:
        raise MergeRefused(f"{name} is already shown as {into}")
    # Names merged into this one before now follow it, so every alias points at a player who
    # is not merged away: one step always finds whom a name counts as.
    connection.execute(update(ALIASES).where(ALIASES.c.player_key == alias_key).values(player_key=target))
    connection.execute(delete(ALIASES).where(ALIASES.c.alias_key == alias_key))
    connection.execute(ALIASES.insert().values(alias_key=alias_key, player_key=target, name=into,
                                               made_at=datetime.now(timezone.utc)))
    connection.execute(update(ALIASES).where(ALIASES.c.player_key == target).values(name=into))
    return f"{name}'s games now count as {into}'s."


def undo_merge(connection: Connection, alias_key: str) -> str | None:
    """Take a merge or rename back; what was undone in words, or None when there was none."""
    row = connection.execute(select(ALIASES).where(ALIASES.c.alias_key == alias_key)).first()
    if row is None:
        return None
    connection.execute(delete(ALIASES).where(ALIASES.c.alias_key == alias_key))
    own = names_of(connection, [alias_key]).get(alias_key, alias_key)
    return f"{own}'s games count as {own}'s own again, no longer as {row.name}'s."
