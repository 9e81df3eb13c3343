"""Every saved game as a play log another app takes in: the layout of BG Stats' JSON export
(`games`, `players`, `locations`, `plays` with their `playerScores`), which BG Stats and the
play loggers that read its backups import. BoardGameGeek's play log takes no file; BG Stats
sends the plays it holds to a BoardGameGeek account. Field by field, the shape is the one
docs/app.md names its sources for: a play's `playDate` is when it started (when that was
recorded, else when it was saved), `durationMin` its length (0: not recorded),
`locationRefId` where it was played (absent: not recorded), and each player's `startPlayer`
and `seatOrder`.

Streamed from the plays rows (scorer/store/plays.py) a batch at a time, so a history of any length
costs the same memory. Each play, player, game and place keeps a stable `uuid` (uuid5 of our
own namespace), so an app that matches by uuid takes a second export without doubling the
first. Merged names are exported as the player they count as.
"""
from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import datetime, timezone
from itertools import groupby
from typing import Any

from sqlalchemy import func, select

from scorer.games import CATALOGUE
from scorer.store import stats
from scorer.store.plays import PLAYS, TALLIES
from scorer.store.storage import TABLE, Base, Storage

BATCH = 1000
NAMESPACE = uuid.UUID("6f1d2c4e-9b1a-4f0e-8c53-0a9e3b7d2f31")   # gardenkit's own, for uuid5


def play_uuid(result_id: int) -> str:
    return stable_uuid(f"gardenkit result {result_id}")


def stable_uuid(name: str) -> str:
    """BG Stats writes its uuids in capitals."""
    return str(uuid.uuid5(NAMESPACE, name)).upper()


def _when(moment: datetime) -> str:
    """BG Stats writes times as "YYYY-MM-DD hh:mm:ss"; these are in UTC."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc).strftime(
        "%Y-%m-%d %H:%M:%S")


def bgstats_json(store: Storage) -> Iterator[str]:
    """The export as chunks of text to stream. The players are read first (StorageUnavailable
    then, before anything is sent)."""
    games = {game: number for number, game in enumerate(CATALOGUE, 1)}
    results = Base.metadata.tables[TABLE]
    with stats.reading(store) as connection:
        who = stats.resolved(TALLIES.c.subject)
        keys = connection.scalars(select(who).where(TALLIES.c.kind == "player", TALLIES.c.n > 0)
                                  .group_by(who).order_by(who)).all()
        names = stats.names_of(connection, list(keys))
        aliases = {a["alias_key"]: a["player_key"] for a in stats.aliases(connection)}
        places = connection.scalars(select(results.c.location).where(results.c.location.is_not(None))
                                    .distinct().order_by(results.c.location)).all()
    numbers = {key: number for number, key in enumerate(keys, 1)}
    place_numbers = {place: number for number, place in enumerate(places, 1)}
    head = {"games": [{"id": number, "uuid": stable_uuid(f"gardenkit game {game}"), "name": CATALOGUE[game][0],
                       "highestWins": True, "noPoints": False, "cooperative": False, "usesTeams": False,
                       "bggId": 0, "bggYear": 0}
                      for game, number in games.items()],
            "players": [{"id": numbers[key], "uuid": stable_uuid(f"gardenkit player {key}"),
                         "name": names.get(key, key), "isAnonymous": False} for key in keys],
            "locations": [{"id": number, "uuid": stable_uuid(f"gardenkit place {place}"), "name": place}
                          for place, number in place_numbers.items()]}
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "plays": ['
    yield from _plays(store, games, {key: numbers[aliases.get(key, key)] for key in [*keys, *aliases]
                                     if aliases.get(key, key) in numbers}, place_numbers)
    yield "]}\n"


def _plays(store: Storage, games: dict[str, int], numbers: dict[str, int],
           places: dict[str, int]) -> Iterator[str]:
    """The plays as JSON text, one chunk per BATCH results, each batch read in a transaction
    of its own after the last result read: no read snapshot is held while a chunk is sent
    (it would keep SQLite's write-ahead log from being checkpointed), and no play comes twice."""
    results = Base.metadata.tables[TABLE]
    query = (select(PLAYS, results.c.note, results.c.started_at, results.c.location)
             .join(results, results.c.id == PLAYS.c.result_id).order_by(PLAYS.c.result_id, PLAYS.c.seat))
    after, first = 0, True
    while True:
        with store.engine.connect() as connection:
            last = connection.scalar(select(func.max(PLAYS.c.result_id)).where(PLAYS.c.result_id.in_(
                select(PLAYS.c.result_id).distinct().where(PLAYS.c.result_id > after)
                .order_by(PLAYS.c.result_id).limit(BATCH))))
            if last is None:
                return
            rows = connection.execute(query.where(PLAYS.c.result_id > after, PLAYS.c.result_id <= last)).mappings().all()
        chunk = []
        for result_id, played in groupby(rows, key=lambda r: r["result_id"]):
            chunk.append(("" if first else ",") + "\n" + json.dumps(_play(result_id, list(played), games, numbers,
                                                                          places), ensure_ascii=False))
            first = False
        yield "".join(chunk)
        after = last


def _play(result_id: int, rows: list[Any], games: dict[str, int], numbers: dict[str, int],
          places: dict[str, int]) -> dict[str, Any]:
    head = rows[0]
    play: dict[str, Any] = {
        "uuid": play_uuid(result_id), "gameRefId": games.get(head["game"], 0),
        "playDate": _when(head["started_at"] or head["saved_at"]),
        "durationMin": round(head["seconds"] / 60) if head["seconds"] else 0, "ignored": False, "rating": 0,
        "scoringSetting": 0, "manualWinner": False, "rounds": 0, "usesTeams": False, "playerScores": [
            {"playerRefId": numbers.get(r["player_key"], 0), "score": str(r["total"]), "winner": bool(r["won"]),
             "rank": r["rank"], "seatOrder": r["seat"] + 1, "startPlayer": bool(r["started"]),
             "newPlayer": False} for r in rows]}
    if head["location"] is not None:
        play["locationRefId"] = places[head["location"]]
    if head["note"]:
        play["comments"] = head["note"]
    return play
