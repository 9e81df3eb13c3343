"""Players' records and a game's statistics with 50,000 saved games on SQLite: the time of
a player's page, a game's statistics page and the roster, each through the app (median of
RUNS requests after a warm-up). The games are Propagation and Garden Variety end states of
2 to 4 players from a table of twelve, scored by the real scorer and written in bulk (every
other one with its length and start player), each unfolded into its records rows by the same
code every save uses."""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import func, select

import scorer
from scorer.store.plays import PLAYS, write_rows
from scorer.store.storage import TABLE, Base, Storage
from scorer.web.app import create_app

GAMES = 50_000
DISTINCT = 1_000          # end states scored; the saved games cycle through them
BATCH = 2_000
RUNS = 7
NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lee"]


def end_state(game: str, names: list[str], rng: random.Random) -> dict:
    if game == "garden-variety":
        return {"players": [{"name": n, "garden_bed": rng.randint(3, 13), "hand": rng.randint(0, 1),
                             "gnomes": rng.randint(0, 3)} for n in names]}
    return {"players": [{"name": n, "harvested": {k: rng.randint(0, 6) for k in ("tomato", "carrot", "apple")},
                         "bonus_points": rng.randint(0, 10)} for n in names]}


def fill(store: Storage) -> None:
    rng = random.Random(31)
    scored = []
    for index in range(DISTINCT):
        game = ("garden-variety", "propagation")[index % 2]
        state = end_state(game, rng.sample(NAMES, rng.randint(2, 4)), rng)
        scored.append((game, state, scorer.score(game, state)))
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    table = Base.metadata.tables[TABLE]
    with store.engine.begin() as connection:
        for first in range(0, GAMES, BATCH):
            connection.execute(table.insert(), [
                {"game": game, "saved_at": start + timedelta(hours=n), "state": state, "result": result,
                 **timed(n, start + timedelta(hours=n), state)}
                for n in range(first, min(first + BATCH, GAMES)) for game, state, result in [scored[n % DISTINCT]]])
        last = 0
        while batch := connection.execute(select(table).where(table.c.id > last).order_by(table.c.id)
                                          .limit(BATCH)).all():
            write_rows(connection, batch)
            last = batch[-1].id


def timed(n: int, ended: datetime, state: dict) -> dict:
    """Every other game records its length (20 to 79 minutes) and who started, as the score page does."""
    if n % 2:
        return {"started_at": None, "ended_at": None, "start_player": None}
    players = state["players"]
    return {"started_at": ended - timedelta(minutes=20 + n % 60), "ended_at": ended,
            "start_player": players[n % len(players)]["name"]}


def median_ms(client, path: str) -> float:
    assert client.get(path).status_code == 200, path
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        answer = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        assert answer.status_code == 200
    return statistics.median(times)


def measurements() -> list[dict]:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'records.sqlite3'}"
        store = Storage(url)
        began = time.perf_counter()
        fill(store)
        filled = time.perf_counter() - began
        with store.engine.connect() as connection:
            plays = connection.scalar(select(func.count()).select_from(PLAYS))
        store.engine.dispose()
        app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": folder, "SECRET_KEY": "bench"})
        client = app.test_client()
        note = f"{GAMES:,} saved games, {plays:,} plays"
        rows = [{"what": "records: 50,000 games written and unfolded", "value": filled, "unit": "s", "note": note}]
        for what, path in [("records: a player's page", "/players/kim"),
                           ("records: Propagation statistics", "/stats/propagation"),
                           ("records: the roster", "/players/")]:
            rows.append({"what": what, "value": median_ms(client, path), "unit": "ms",
                         "note": f"median of {RUNS}; goal < 200 ms" if "roster" not in what else f"median of {RUNS}"})
        app.extensions["gardenkit.storage"].engine.dispose()
        return rows
