"""The saved results unfolded into rows the database can count: one row per player of each
saved game (gardenkit_plays), one per player and score category (gardenkit_play_points), the
running counts the records pages read (gardenkit_tallies), and the stored merges of players'
names (gardenkit_player_aliases).

A result keeps its scores as JSON, which neither SQLite nor PostgreSQL can index. The tallies
hold, per game and per player, counts and sums that each save adds to and each delete takes
from (an edit does both), so a player's page or a game's statistics reads a few hundred rows
at most however long the history grows; what a sum cannot give (a best score, the recent
games) is one index seek in the plays. All of it is written in the same transaction as the
result itself (SQLAlchemy's mapper events below), so it never disagrees with the results,
and migration 0004 writes it for the games saved before it.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Index, Integer, String, Table, Text, delete, event, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from scorer.store.storage import Base, SavedResult, player_key

PLAYS = Table(
    "gardenkit_plays", Base.metadata,
    Column("result_id", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),  # the order the state names them
    Column("game", String(40), nullable=False),
    Column("saved_at", DateTime(timezone=True), nullable=False),
    Column("player_key", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("total", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("won", Integer, nullable=False),          # 1 for each winner (a shared win too)
    Column("sole_winner", Integer, nullable=False),  # 1 when this player won alone
    Column("players", Integer, nullable=False),      # how many played this game
    Column("started", Integer),                      # 1: this player went first; NULL: not recorded
    Column("seconds", Integer),                      # the game's length, when recorded
    Index("ix_gardenkit_plays_best", "player_key", "game", "total"),
    Index("ix_gardenkit_plays_recent", "player_key", "saved_at"),
)

POINTS = Table(
    "gardenkit_play_points", Base.metadata,
    Column("result_id", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("category", String(60), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("player_key", Text, nullable=False),
    Column("points", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    # 1 when this player won alone and, without this category (for everyone), would not have.
    Column("decided", Integer, nullable=False),
)

# What each kind of tally counts (n, wins, points, totals), by subject ("" the whole table,
# else a player_key), game and label:
#   game      ""            games; games won alone; seconds of the timed ones; timed games
#   total     a total       final scores of that total; of them winners
#   seat      "players:k"   plays k seats after the start player (0: the start player) in
#                           games of that many players with a recorded start; of them wins
#   category  a category    scores; decided by it; its points; the totals they were part of
#   player    ""            the player's games; wins; points (sum of totals)
#   opponent  their key     games together; finished ahead of them; finished behind
TALLIES = Table(
    "gardenkit_tallies", Base.metadata,
    Column("subject", Text, primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("kind", String(20), primary_key=True),
    Column("label", Text, primary_key=True),
    Column("n", BigInteger, nullable=False),
    Column("wins", BigInteger, nullable=False),
    Column("points", BigInteger, nullable=False),
    Column("totals", BigInteger, nullable=False),
)
COUNTS = ("n", "wins", "points", "totals")
Tally = tuple[str, str, str, str]

ALIASES = Table(
    "gardenkit_player_aliases", Base.metadata,
    Column("alias_key", Text, primary_key=True),   # the name merged away, as player_key gives it
    Column("player_key", Text, nullable=False),    # the player it now counts as
    Column("name", Text, nullable=False),          # that player's name as shown
    Column("made_at", DateTime(timezone=True), nullable=False),
)


def seats(state: Any, result: dict) -> dict[str, int]:
    """Each player's place in the state's list (the order they were entered, which is the
    order of play), by player_key; the result's own order (by rank) when the state has none."""
    named = state.get("players") if isinstance(state, dict) else None
    names = [p.get("name", "") for p in named if isinstance(p, dict)] if isinstance(named, list) else []
    if len(names) != len(result.get("players", [])):
        names = [p["name"] for p in result.get("players", [])]
    return {player_key(name): seat for seat, name in enumerate(names)}


def decided_categories(players: list[dict]) -> set[tuple[int, str]]:
    """(player index, category) pairs where a sole winner would not have won without that
    category: another player's total less theirs in it is at least the winner's less his."""
    winners = [i for i, p in enumerate(players) if p["rank"] == 1]
    if len(winners) != 1:
        return set()
    win = players[winners[0]]
    decided = set()
    for category, points in win.get("breakdown", {}).items():
        rest = win["total"] - points
        if any(other["total"] - other.get("breakdown", {}).get(category, 0) >= rest
               for i, other in enumerate(players) if i != winners[0]):
            decided.add((winners[0], category))
    return decided


def rows_for(result_id: int, game: str, saved_at: datetime, state: Any, result: dict,
             start_player: str | None = None, seconds: int | None = None
             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The plays and points rows of one saved result."""
    players = result.get("players", [])
    seat_of = seats(state, result)
    decided = decided_categories(players)
    sole = sum(p["rank"] == 1 for p in players) == 1
    starter = player_key(start_player) if start_player else None
    plays, points = [], []
    for index, p in enumerate(players):
        key = player_key(p["name"])
        seat = seat_of.get(key, index)
        plays.append({"result_id": result_id, "seat": seat, "game": game, "saved_at": saved_at,
                      "player_key": key, "name": p["name"].strip(), "total": p["total"],
                      "rank": p["rank"], "won": int(p["rank"] == 1), "sole_winner": int(sole and p["rank"] == 1),
                      "players": len(players), "started": None if starter is None else int(key == starter),
                      "seconds": seconds})
        points += [{"result_id": result_id, "seat": seat, "category": category, "game": game,
                    "player_key": key, "points": value, "total": p["total"],
                    "decided": int((index, category) in decided)}
                   for category, value in p.get("breakdown", {}).items()]
    return plays, points


def game_seconds(started_at: datetime | None, ended_at: datetime | None) -> int | None:
    if started_at is None or ended_at is None or ended_at < started_at:
        return None
    return int((ended_at - started_at).total_seconds())


def write_rows(connection: Connection, results: Iterable[Any]) -> None:
    """Write the rows of results (objects or rows with SavedResult's attributes) and add
    them to the tallies."""
    plays: list[dict[str, Any]] = []
    points: list[dict[str, Any]] = []
    for r in results:
        more_plays, more_points = rows_for(
            r.id, r.game, r.saved_at, r.state, r.result, getattr(r, "start_player", None),
            game_seconds(getattr(r, "started_at", None), getattr(r, "ended_at", None)))
        plays += more_plays
        points += more_points
    if plays:
        connection.execute(PLAYS.insert(), plays)
    if points:
        connection.execute(POINTS.insert(), points)
    _count(connection, plays, points, 1)


def forget(connection: Connection, result_id: int) -> None:
    """Take a result's rows away, and out of the tallies."""
    plays = [dict(r) for r in connection.execute(select(PLAYS).where(PLAYS.c.result_id == result_id)).mappings()]
    points = [dict(r) for r in connection.execute(select(POINTS).where(POINTS.c.result_id == result_id)).mappings()]
    _count(connection, plays, points, -1)
    connection.execute(delete(POINTS).where(POINTS.c.result_id == result_id))
    connection.execute(delete(PLAYS).where(PLAYS.c.result_id == result_id))


def tallies(plays: list[dict[str, Any]], points: list[dict[str, Any]]) -> dict[Tally, list[int]]:
    """What rows of plays and points (of any number of results) add to each tally."""
    counts: dict[Tally, list[int]] = {}

    def add(tally: Tally, n: int = 1, wins: int = 0, points: int = 0, totals: int = 0) -> None:
        row = counts.setdefault(tally, [0, 0, 0, 0])
        for i, value in enumerate((n, wins, points, totals)):
            row[i] += value

    by_result: dict[int, list[dict[str, Any]]] = {}
    for p in plays:
        by_result.setdefault(p["result_id"], []).append(p)
    for players in by_result.values():
        first = players[0]
        timed = first["seconds"] is not None
        add(("", first["game"], "game", ""), wins=int(any(p["sole_winner"] for p in players)),
            points=first["seconds"] or 0, totals=int(timed))
        start_seat = next((p["seat"] for p in players if p["started"]), None)
        for p in players:
            game, key = p["game"], p["player_key"]
            add(("", game, "total", str(p["total"])), wins=p["won"])
            add((key, game, "player", ""), wins=p["won"], points=p["total"])
            if start_seat is not None:
                add(("", game, "seat", f"{p['players']}:{(p['seat'] - start_seat) % p['players']}"), wins=p["won"])
            for q in players:
                if q is not p:
                    add((key, game, "opponent", q["player_key"]), wins=int(p["rank"] < q["rank"]),
                        points=int(p["rank"] > q["rank"]))
    for c in points:
        for subject in ("", c["player_key"]):
            add((subject, c["game"], "category", c["category"]), wins=c["decided"], points=c["points"], totals=c["total"])
    return counts


def _count(connection: Connection, plays: list[dict[str, Any]], points: list[dict[str, Any]], sign: int) -> None:
    """Add (sign 1) or take away (-1) rows from the tallies: one upsert per tally, in key
    order, so two saves at once on PostgreSQL take their row locks in the same order."""
    counts = tallies(plays, points)
    if not counts:
        return
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    upsert = dialect.insert(TALLIES)
    upsert = upsert.on_conflict_do_update(index_elements=list(TALLIES.primary_key.columns),
                                          set_={c: TALLIES.c[c] + upsert.excluded[c] for c in COUNTS})
    connection.execute(upsert, [{"subject": s, "game": g, "kind": k, "label": label,
                                 **{c: sign * v for c, v in zip(COUNTS, values)}}
                                for (s, g, k, label), values in sorted(counts.items())])


def batches(connection: Connection, size: int = 500) -> Iterator[list[Any]]:
    """Every saved result, a batch at a time, oldest first (for migration 0004)."""
    table = SavedResult.__table__
    # Only the columns every revision since 0001 has: the model may have more by now.
    columns = [table.c.id, table.c.game, table.c.saved_at, table.c.state, table.c.result]
    last = 0
    while True:
        batch = list(connection.execute(select(*columns).where(table.c.id > last)
                                   .order_by(table.c.id).limit(size)))
        if not batch:
            return
        yield batch
        last = batch[-1].id


@event.listens_for(SavedResult, "after_insert")
def _unfold_new(_mapper, connection: Connection, target: SavedResult) -> None:
    write_rows(connection, [target])


@event.listens_for(SavedResult, "after_update")
def _unfold_again(_mapper, connection: Connection, target: SavedResult) -> None:
    forget(connection, target.id)
    write_rows(connection, [target])


@event.listens_for(SavedResult, "after_delete")
def _fold_away(_mapper, connection: Connection, target: SavedResult) -> None:
    forget(connection, target.id)
