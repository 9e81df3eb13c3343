"""The whole history as one JSON file, and back (`gardenkit history backup|restore FILE`,
scorer/cli/history.py).

    {"format": "gardenkit-history", "version": 3,
     "results": [{"id", "game", "saved_at", "updated_at", "note", "save_key", "owner_key_hash",
                  "started_at", "ended_at", "start_player", "location", "state", "result"}],
     "aliases": [{"alias_key", "player_key", "name", "made_at"}],
     "deleted_save_keys": ["...", ...]}

Version 1 files (without the deleted save keys) and version 2 files (without the games'
times, start players and places, restored as not recorded) are still read.

A backup reads the results a batch at a time and writes them as it goes. A restore checks the
whole file before it writes anything (a file that is not a gardenkit history, or is broken
anywhere, changes nothing and is refused in words; each state is checked and scored by its
game's rules as a save is, so the result kept is the state's own, never the file's claim), then adds what the database lacks in one
transaction: a result already there (same save key, or same id, game and saving time) is left
as it is, a result whose save key was deleted here is not brought back, a result whose id this
database has already given (to another game, or to one deleted since) gets a new id, so an old
link never shows another game, and nothing is ever deleted. The deleted save keys travel too:
an offline phone's late retry cannot bring a deleted game back on the restored server.
The database is the one the app uses (GARDENKIT_DATABASE_URL, else the instance folder's).
"""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from scorer.games import GAMES
from scorer.games.core import InvalidState
from scorer.store.plays import ALIASES
from scorer.store.storage import (
    DETAIL_FIELDS,
    TABLE,
    BadDetails,
    Base,
    DeletedSaveKey,
    SavedResult,
    Storage,
    play_details,
    save_key_problem,
)

FORMAT, VERSION = "gardenkit-history", 3
READABLE_VERSIONS = (1, 2, 3)
BATCH = 500
# owner_key_hash: a restored game still belongs to the browser that saved it (scorer.web.owners).
RESULT_FIELDS = ("id", "game", "saved_at", "updated_at", "note", "save_key", "owner_key_hash",
                 "started_at", "ended_at", "start_player", "location", "state", "result")
# What a result of a version 1 or 2 file holds: the rest is not recorded.
OLDER_RESULT_FIELDS = tuple(f for f in RESULT_FIELDS if f not in DETAIL_FIELDS)


class BadBackup(ValueError):
    """A file restore refuses, with the reason in words."""


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).isoformat()


def write_backup(store: Storage, out: TextIO) -> int:
    """Write every result and alias to `out`; how many results."""
    table = Base.metadata.tables[TABLE]
    out.write(f'{{"format": "{FORMAT}", "version": {VERSION}, "results": [')
    count, last = 0, 0
    with store.engine.connect() as connection:
        while True:
            rows = connection.execute(select(*(table.c[f] for f in RESULT_FIELDS)).where(table.c.id > last)
                                      .order_by(table.c.id).limit(BATCH)).mappings().all()
            for row in rows:
                record = {**row, **{f: _iso(row[f]) for f in ("saved_at", "updated_at", "started_at", "ended_at")}}
                out.write((",\n" if count else "\n") + json.dumps(record, ensure_ascii=False))
                count += 1
            if len(rows) < BATCH:
                break
            last = rows[-1]["id"]
        aliases = [{**row, "made_at": _iso(row["made_at"])} for row in connection.execute(select(ALIASES)).mappings()]
        deleted = list(connection.scalars(select(DeletedSaveKey.save_key).order_by(DeletedSaveKey.save_key)))
    out.write('\n], "aliases": ' + json.dumps(aliases, ensure_ascii=False)
              + ', "deleted_save_keys": ' + json.dumps(deleted, ensure_ascii=False) + "}\n")
    return count


def read_backup(path: Path) -> dict[str, Any]:
    """The file's contents, checked; BadBackup says what is wrong."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise BadBackup(f"cannot read {path}: {error}") from None
    except json.JSONDecodeError as error:
        raise BadBackup(f"{path} is not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadBackup(f"{path} is not a gardenkit history backup (no \"format\": \"{FORMAT}\")")
    if document.get("version") not in READABLE_VERSIONS:
        raise BadBackup(f"{path} is a version {document.get('version')!r} backup; this release reads versions "
                        f"{' and '.join(map(str, READABLE_VERSIONS))}")
    deleted = document.setdefault("deleted_save_keys", [])
    if not isinstance(deleted, list) or not all(isinstance(key, str) and save_key_problem(key) is None
                                                 for key in deleted):
        raise BadBackup(f"{path} is broken: \"deleted_save_keys\" is not a list of save keys; nothing was restored")
    results, aliases = document.get("results"), document.get("aliases")
    if not isinstance(results, list) or not isinstance(aliases, list):
        raise BadBackup(f"{path} is broken: it needs a \"results\" list and an \"aliases\" list")
    for number, result in enumerate(results, 1):
        if document["version"] < 3 and isinstance(result, dict) and set(result) == set(OLDER_RESULT_FIELDS):
            result.update(dict.fromkeys(DETAIL_FIELDS))
        problem = _result_problem(result)
        if problem:
            raise BadBackup(f"{path} is broken: result {number} {problem}; nothing was restored")
    for number, alias in enumerate(aliases, 1):
        if not (isinstance(alias, dict) and all(isinstance(alias.get(f), str) for f in ("alias_key", "player_key", "name"))
                and _moment(alias.get("made_at")) is not None):
            raise BadBackup(f"{path} is broken: merged name {number} lacks its names or time; nothing was restored")
    return document


def _moment(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _result_problem(result: Any) -> str | None:
    if not isinstance(result, dict) or set(result) != set(RESULT_FIELDS):
        return "does not have exactly the fields " + ", ".join(RESULT_FIELDS)
    if not isinstance(result["id"], int) or result["id"] < 1 or result["game"] not in GAMES:
        return "has no whole-number id or no known game"
    if _moment(result["saved_at"]) is None or (result["updated_at"] is not None and _moment(result["updated_at"]) is None):
        return "has a saving time that is not an ISO date and time"
    owner = result["owner_key_hash"]
    if owner is not None and not (isinstance(owner, str) and re.fullmatch(r"[0-9a-f]{64}", owner)):
        return "has an owner key that is not a key's hash"
    players = result["result"].get("players") if isinstance(result["result"], dict) else None
    if not isinstance(result["state"], dict) or not isinstance(players, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("total"), int)
            and isinstance(p.get("rank"), int) for p in players):
        return "has no state or no scored players"
    try:
        details = play_details(result["state"], **{f: result[f] for f in DETAIL_FIELDS})
    except BadDetails as bad:
        return f"has a {bad.field} that cannot be kept ({bad})"
    result.update(details)   # as kept: times in UTC, the start player as the state spells them
    try:   # read as a save is: the rules' checks, and the result the state scores, not the file's
        result["result"] = GAMES[result["game"]].score(result["state"])
    except InvalidState as invalid:
        return f"has a state the rules refuse ({invalid.violations[0]['message']})"
    return None


def _highest_id_given(session: Session, dialect: str) -> int:
    """The highest result id this database has ever given, deleted results' included."""
    if dialect == "sqlite":  # AUTOINCREMENT keeps it in sqlite_sequence
        given = session.scalar(text("SELECT seq FROM sqlite_sequence WHERE name = :name"), {"name": TABLE})
    else:  # the serial's sequence, named by the database itself
        sequence = session.scalar(text("SELECT pg_get_serial_sequence(:name, 'id')"), {"name": TABLE})
        given = session.scalar(text(f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM {sequence}"))
    return max(given or 0, session.scalar(select(func.max(SavedResult.id))) or 0)


def restore(store: Storage, document: dict[str, Any]) -> tuple[int, int]:
    """Add the backup's results, aliases and deleted save keys the database lacks, in one
    transaction; (results added, results already there or deleted here)."""
    added = present = 0
    with Session(store.engine) as session, session.begin():
        highest_given = _highest_id_given(session, store.engine.dialect.name)
        deleted_here = set(session.scalars(select(DeletedSaveKey.save_key)))
        for key in set(document["deleted_save_keys"]) - deleted_here:
            session.add(DeletedSaveKey(save_key=key))
        for record in document["results"]:
            saved_at = _moment(record["saved_at"])
            same_key = record["save_key"] and (record["save_key"] in deleted_here or session.scalar(
                select(func.count()).where(SavedResult.save_key == record["save_key"])))
            same_row = session.get(SavedResult, record["id"])
            if same_key or (same_row and (same_row.game, _moment(_iso(same_row.saved_at))) == (record["game"], saved_at)):
                present += 1
                continue
            new_id = None if record["id"] <= highest_given else record["id"]
            session.add(SavedResult(id=new_id, game=record["game"], saved_at=saved_at,
                                    updated_at=_moment(record["updated_at"]), note=record["note"],
                                    save_key=record["save_key"], owner_key_hash=record["owner_key_hash"],
                                    state=record["state"], result=record["result"],
                                    **{f: record[f] for f in DETAIL_FIELDS}))
            session.flush()  # unfolds its records rows now, in this transaction
            added += 1
        for alias in document["aliases"]:
            known = session.execute(select(ALIASES.c.alias_key).where(ALIASES.c.alias_key == alias["alias_key"])).first()
            if known is None:
                session.execute(ALIASES.insert().values(**{**alias, "made_at": _moment(alias["made_at"])}))
        if store.engine.dialect.name == "postgresql":  # ids given by hand: the next save's id follows them
            session.execute(text(f"SELECT setval(pg_get_serial_sequence('{TABLE}', 'id'), "
                                 f"GREATEST(:given, (SELECT COALESCE(MAX(id), 1) FROM {TABLE})))"),
                            {"given": max(highest_given, 1)})
    return added, present
