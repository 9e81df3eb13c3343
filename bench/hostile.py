"""`make bench` hostile section: the worst bodies found, each sent to every endpoint that
reads it, with the CPU time and the extra memory of the worst one per endpoint.

The budget (docs/app.md, "Bounds"): any body up to the 1 MB limit is answered within 100 ms
of CPU and under 20 MB of extra memory, never with a 500. The bodies are sent in-process
through the app (so the numbers are the app's own work, without the network), through a
fresh SQLite file. tests/test_hostile_*.py send the same bodies in the normal suite.

Then, on `gardenkit serve` on loopback (server_rows): a plain GET within a second while slow,
idle, non-reading and kit-building clients hold connections, and the CSV export, the players'
statistics (/api/players) and the roster page (/players/) of 50,000 saved results within 2 s
and 100 MB each; and a plain page within a second during the floods of FLOODS (bench/floods.py).
`python -m bench.hostile exports` runs only the CSV export, three times; `python -m
bench.hostile exports in-process` the storage's export alone, without the server, three times.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator, Sequence
from contextlib import closing
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from werkzeug.test import EnvironBuilder

import scorer
from scorer.games.core import MAX_BODY_BYTES

LIMIT = MAX_BODY_BYTES - 1024   # just under the limit, room for the wrapping
JSON, FORM = "application/json", "application/x-www-form-urlencoded"


def _fill(template: str, item: str, separator: str = ",") -> bytes:
    """template with {} replaced by as many copies of item as fit under the limit."""
    room = LIMIT - len(template)
    count = room // (len(item) + len(separator))
    return template.replace("{}", separator.join([item] * count)).encode()


def json_bodies() -> Iterator[tuple[str, bytes]]:
    """(name, body): the worst JSON documents found for the state readers."""
    yield "260,000 empty players", _fill('{"players":[{}]}'.replace("{}]", "{}]", 1).replace("[{}]", "[{}]"), "{}")
    yield "deep nesting", b"[" * (LIMIT // 2) + b"]" * (LIMIT // 2)
    yield "4,300-digit numbers", _fill('{"players":[{}]}', '{"name":"A","track":' + "9" * 4300 + "}")
    yield "two players, huge lists", json.dumps({"players": [
        {"name": "A", "orange": [0] * (LIMIT // 8), "blue": [], "garden": ["L"] * (LIMIT // 16)},
        {"name": "B", "orange": [], "blue": [0] * (LIMIT // 8)}]}).encode()[:LIMIT] + b"]}]}"
    yield "one huge name", json.dumps({"players": [{"name": "x" * (LIMIT - 100)}, {"name": "B"}]}).encode()
    yield "many unknown fields", _fill('{"players":[{"name":"A",{}},{"name":"B"}]}', '"f":0')
    yield "many bad numbers", _fill('{"players":[{"name":"A","track":{}}]}', '"x"')


def _wrapped(body: bytes, operation: str) -> bytes:
    if operation == "check":
        return b'{"state":' + body + b',"action":{"type":"turns"}}'
    if operation == "results":
        return b'{"game":"cottage-garden","state":' + body + b"}"
    return body


def form_bodies() -> Iterator[tuple[str, str]]:
    """(name, url-encoded form): the worst score forms found."""
    yield "1 MB of player rows", "&".join(
        urlencode({f"players.{i}.name": "A", f"players.{i}.garden_bed": "1"}) for i in range(LIMIT // 60))[:LIMIT]
    yield "599 fields of rows", "&".join(f"players.{i}.name=P{i}" for i in range(599))
    yield "one 1 MB field", urlencode({"players.0.name": "x" * (LIMIT - 100), "players.1.name": "B"})
    yield "1 MB pasted JSON", urlencode({"_state_json": json.dumps({"players": [{"name": "x" * (LIMIT // 2)}]})})
    yield "pasted JSON of 50,000 escapes", urlencode({"players": "1", "players.0.name": "A",
                                                     "_state_json": "[" * 16_000 + "]" * 16_000})
    yield "clashing names", urlencode({"players": "1", "players.0.name": "A", "players.0": "x",
                                       "players.0.name.first": "B", "players.²": "3"})
    yield "Unicode digits", "&".join(f"players.{i}.garden_bed=%C2%B2" for i in range(599))
    yield "4,300-digit numbers", "&".join(f"players.{i}.track={'9' * 4300}" for i in range(200))


def measure(app, method: str, path: str, body: bytes | dict | str | None, content_type: str) -> tuple[float, float, int]:
    """(CPU ms, extra MB at the peak, status) of one request, the app's own work only: the
    request is built before measuring, and timed apart from the (slow) memory tracing."""
    def answer(environ: dict) -> int:
        statuses: list[str] = []
        for _ in app(environ, lambda status, headers, *rest: statuses.append(status)):
            pass
        return int(statuses[0].split()[0])

    data = body if not isinstance(body, dict) else urlencode(body)
    environs = [EnvironBuilder(path=path, method=method, data=data, content_type=content_type).get_environ()
                for _ in range(2)]
    start = time.process_time()
    status = answer(environs[0])
    cpu = (time.process_time() - start) * 1000
    tracemalloc.start()
    answer(environs[1])
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return cpu, peak, status


def worst_per_endpoint() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        app = scorer.create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": folder,
                                 "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.db'}"})
        worst: dict[str, tuple[float, float, str, int]] = {}
        # The first request sets the app up, and each page's first one compiles its template.
        measure(app, "GET", "/healthz", None, JSON)
        for game_id in scorer.GAMES:
            measure(app, "GET", f"/games/{game_id}/score", None, FORM)

        def keep(endpoint: str, name: str, numbers: tuple[float, float, int]) -> None:
            cpu, memory, status = numbers
            before = worst.get(endpoint, (0.0, 0.0, "", 0))
            worst[endpoint] = (max(cpu, before[0]), max(memory, before[1]),
                               name if cpu >= before[0] else before[2], max(status, before[3]))

        for game_id in scorer.GAMES:
            for name, body in json_bodies():
                for operation in ("score", "validate", "check"):
                    keep(f"POST /api/games/*/{operation}", name, measure(
                        app, "POST", f"/api/games/{game_id}/{operation}", _wrapped(body, operation), JSON))
            for name, form in form_bodies():
                keep("POST /games/*/score (form)", name, measure(
                    app, "POST", f"/games/{game_id}/score", form, FORM))
        for name, body in json_bodies():
            keep("POST /api/results", name, measure(app, "POST", "/api/results", _wrapped(body, "results"), JSON))
        for query in ("limit=%C2%B2", "limit=" + "9" * 5000, "offset=-1"):
            keep("GET /api/results", query[:20], measure(app, "GET", f"/api/results?{query}", None, JSON))
    return [{"what": f"{endpoint}: worst CPU", "value": cpu, "unit": "ms",
             "note": f"{name}; peak +{memory:.1f} MB; worst status {status}"}
            for endpoint, (cpu, memory, name, status) in worst.items()]


def history_of(path: Path, count: int, distinct_names: bool = False) -> str:
    """A SQLite results database of `count` saved games (each game's example in turn), written
    directly, as a club's long history would be, and unfolded into the players' records as
    every save is (so the roster and a player's page have them to read); its URL.
    Each example is scored and turned into JSON once, and the unfolding is handed the states
    as written, not read back from the file: 50,000 results take 8 s of CPU (15 s before).
    With `distinct_names`, each result's players are named afresh (the example's names and the
    result's number), as a flood of saves with made-up names leaves the history (issue 28):
    every result is then scored on its own."""
    import sqlite3

    from scorer.store.plays import write_rows
    from scorer.store.storage import Storage, rendered_for_csv

    store = Storage(f"sqlite:///{path}")   # the newest schema
    examples = [(game_id, game.example_state, game.score(game.example_state)) for game_id, game in scorer.GAMES.items()]
    if distinct_names:
        examples = [_renamed(*examples[i % len(examples)][:2], i) for i in range(count)]
    saved = [SimpleNamespace(id=i + 1, saved_at=datetime(2026, 11, 20, 10, i // 1000 % 60),
                             game=examples[i % len(examples)][0], state=examples[i % len(examples)][1],
                             result=examples[i % len(examples)][2]) for i in range(count)]
    # as a save writes each result: its JSON and the CSV export's copy of it
    as_json = [(json.dumps(state), json.dumps(result), *rendered_for_csv(result, None))
               for _, state, result in examples]
    # closed here, not when collected: a file made once for many tests is copied by its main
    # file alone, so nothing may be left in the write-ahead log beside it
    with closing(sqlite3.connect(path)) as results_file, results_file:
        results_file.executemany(
            "insert into gardenkit_results (id, game, saved_at, state, result, categories, csv_cells, version) "
            "values (?, ?, ?, ?, ?, ?, ?, 1)",
            ((r.id, r.game, f"{r.saved_at:%Y-%m-%d %H:%M:%S}", *as_json[(r.id - 1) % len(as_json)]) for r in saved))
    with store.engine.begin() as connection:
        for start in range(0, count, 2000):
            write_rows(connection, saved[start:start + 2000])
    store.engine.dispose()
    return f"sqlite:///{path}"


def _renamed(game_id: str, state: dict, number: int) -> tuple[str, dict, dict]:
    """A game's example with its players' names made unique to `number` wherever the state
    names them (some games name a piece's owner), and its score."""
    text = json.dumps(state)
    for player in state["players"]:
        text = text.replace(json.dumps(player["name"]), json.dumps(f"{player['name'][:20]} {number}"))
    renamed = json.loads(text)
    return game_id, renamed, scorer.GAMES[game_id].score(renamed)


def _peak_rss_mb(pids: list[int]) -> float:
    """The peak resident memory of these processes (VmHWM), added up, in MB."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                total += int(line.split()[1])
    return total / 1024


# Floods against the whole server (bench/floods.py): (kind, seconds, connections). The silent
# one is one address's 4,600 connections that say nothing and come back when closed (G5); the
# slow bodies, 29 requests from each of 160 addresses that send one byte of their body (G1);
# score, one address's 64 connections scoring as fast as they are answered (G6); history, 60
# addresses reading the saved history's pages as fast as they are answered (G7; the read limit
# is off on this server, so every page is read); many scores, 240 addresses with a connection
# each posting a small Cottage Garden score as fast as they are answered (F3).
FLOODS = [("silent", 10.0, 4600), ("slow bodies", 10.0, 4640), ("score", 10.0, 64), ("history", 10.0, 60),
          ("many scores", 10.0, 240)]


# The whole-history exports: the CSV, the statistics, the roster.
EXPORTS = ("/api/results.csv", "/api/players", "/players/")


def server_rows() -> list[dict[str, Any]]:
    """On `gardenkit serve` itself, loopback only: a plain GET while hostile clients hold
    connections (bench/server_choice.py's attacks, each bounded in count and time), and the
    whole-history exports of 50,000 saved results."""
    from bench import floods, server_choice
    from tests.support.prod_server import ProductionServer  # the launcher the load tests share

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        url = history_of(Path(folder) / "results.db", 50_000)
        with ProductionServer(url, workers=2) as server:
            port = int(server.url.rsplit(":", 1)[1])
            server_choice.plain_get(port, 60.0, "/kits/all.zip")  # built once: downloads only send
            for kind, count in server_choice.ATTACKS:
                with server_choice.attack(port, kind, count):
                    times = [server_choice.plain_get(port) for _ in range(10)]
                worst = None if None in times else max(t for t in times if t is not None) * 1000
                rows.append({"what": f"GET /healthz during {count} {kind}", "value": worst, "unit": "ms",
                             "note": "worst of 10; the goal is under 1,000 ms (None: one failed or waited 10 s)"})
            for kind, seconds, connections in FLOODS:
                found = floods.probed_during(port, kind, seconds, connections)
                rows.append({"what": f"GET a page during a {kind} flood of {connections} connections",
                             "value": found["worst_s"] * 1000, "unit": "ms",
                             "note": f"median {found['median_s'] * 1000:.0f} ms, 90th percentile "
                                     f"{found['p90_s'] * 1000:.0f} ms of {found['probes']} (the worst is as "
                                     "the flood's connections arrive at once); "
                                     f"the flood met {found['statuses']}; the goal is under 1,000 ms"})
            rows += export_rows(server)
    return rows


def export_rows(server: Any, paths: Sequence[str] = EXPORTS) -> list[dict[str, Any]]:
    """The whole-history exports from `server` (a ProductionServer holding 50,000 saved
    results): wall time, the server's CPU time and its workers' peak memory, each."""
    from bench import server_choice

    rows = []
    port = int(server.url.rsplit(":", 1)[1])
    for path in paths:
        workers = server.worker_pids()
        before, cpu_before = _peak_rss_mb(workers), server.cpu_seconds()
        started = time.perf_counter()
        size = len(server_choice.plain_body(port, path))
        seconds = time.perf_counter() - started
        # The server's CPU time too: on a shared machine the wall time is mostly waiting.
        cpu, extra = server.cpu_seconds() - cpu_before, _peak_rss_mb(workers) - before
        rows.append({"what": f"GET {path} of 50,000 saved results", "value": seconds * 1000, "unit": "ms",
                     "note": f"server CPU {cpu * 1000:,.0f} ms; {size / 1e6:.1f} MB answered; workers' "
                             f"peak memory +{extra:.0f} MB; the goal is under 2 s and 100 MB: "
                             f"{_verdict(cpu < 2, seconds < 2, extra < 100)}"})
    return rows


def exports_alone(repeats: int = 3) -> list[dict[str, Any]]:
    """Only the CSV export, `repeats` times, on a server of its own: `python -m bench.hostile exports`."""
    from tests.support.prod_server import ProductionServer

    with tempfile.TemporaryDirectory() as folder, \
            ProductionServer(history_of(Path(folder) / "results.db", 50_000), workers=2) as server:
        server.wait_for_workers(2)
        return [row for _ in range(repeats) for row in export_rows(server, EXPORTS[:1])]


def export_in_process(repeats: int = 3) -> list[dict[str, Any]]:
    """The storage's CSV export alone, in this process, `repeats` times: its CPU time."""
    from scorer.store.storage import Storage

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        store = Storage(history_of(Path(folder) / "results.db", 50_000))
        store.player_stats("garden-dice")   # connections and SQL made ready, as in a server
        for _ in range(repeats):
            started = time.process_time()
            size = sum(len(chunk) for chunk in store.csv())
            rows.append({"what": "storage.csv() of 50,000 saved results, in-process",
                         "value": (time.process_time() - started) * 1000, "unit": "ms CPU",
                         "note": f"{size / 1e6:.1f} MB of text"})
        store.engine.dispose()
    return rows


def _verdict(cpu_met: bool, wall_met: bool, memory_met: bool) -> str:
    """Which of the export goals a row met, by the server's CPU time, the wall time and memory."""
    said = [f"{what} {'met' if met else 'MISSED'}" for what, met in
            (("CPU", cpu_met), ("wall", wall_met), ("memory", memory_met))]
    return ", ".join(said)


def measurements() -> list[dict[str, Any]]:
    return worst_per_endpoint() + server_rows()


if __name__ == "__main__" and sys.argv[1:2] == ["exports"]:
    for row in export_in_process() if sys.argv[2:] == ["in-process"] else exports_alone():
        print(f"{row['what']}: {row['value']:,.0f} {row['unit']}; {row['note']}")
