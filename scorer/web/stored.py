"""The app's saved games for a request: its Storage, a saved result or 404, and the exports of
the whole history, streamed, each batch read in the worker's one export turn. Who may change a result is
scorer.web.owners."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any
from weakref import WeakKeyDictionary

from flask import Response, abort, current_app

from scorer.store import stats
from scorer.store.green import off_the_loop
from scorer.store.storage import Storage
from scorer.web.examples import Busy, OneAtATime

MAX_ID = 2**63 - 1  # the largest id any database column can hold


def storage() -> Storage:
    return current_app.extensions["gardenkit.storage"]


def saved_or_404(result_id: int) -> dict[str, Any]:
    found = storage().get(result_id) if result_id <= MAX_ID else None
    if found is None:
        abort(404)
    return found


class ExportsBusy(Busy):
    doing = "the saved games are being exported for someone else"


# A worker reads one batch of a whole-history export at a time: reading a batch of rows is
# database and Python work that holds a gevent worker's loop, and several at once stalled every
# other request of the worker for seconds. It is read on a thread of gevent's pool: read on the
# loop, the turn went from export to export as each sent its batch (the client's buffers took it
# at once) without the loop ever looking at its sockets, so 64 downloads nobody read held a
# plain page 2-12 s. A new export waits briefly for its first turn, then
# gets a 503 with Retry-After; an export under way waits for each next turn in line.
EXPORTS = OneAtATime(ExportsBusy)


def exported(chunks: Iterator[str], mimetype: str, filename: str) -> Response:
    """A streamed export whose chunks (one per batch of rows) are each made in the worker's
    export turn, which is given back before the chunk is sent: a client that does not read
    its answer holds neither the turn nor (as `chunks` reads each batch in a transaction of
    its own) a database snapshot. ExportsBusy when the first turn stays taken."""
    turn = ExitStack()
    turn.enter_context(EXPORTS.turn())

    def streamed() -> Iterator[str]:
        nonlocal turn
        try:
            while True:
                with turn:   # read on a thread: the loop answers others meanwhile (see below)
                    chunk = off_the_loop(lambda: next(chunks, None))
                if chunk is None:
                    return
                yield chunk
                turn = ExitStack()
                turn.enter_context(EXPORTS.next_turn())
        finally:
            turn.close()
            close = getattr(chunks, "close", None)
            if close is not None:
                close()
    response = Response(streamed(), mimetype=mimetype,
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})
    response.call_on_close(lambda: turn.close())   # also when the stream was never begun
    return response


# Each worker's last count of the players' statistics, per database and per game filter (None
# or a game of the catalogue), with the version of the results it was counted at. Counted afresh
# for every request, /api/players cost 1.3-1.4 s at 16,500 saves with made-up names, and 240
# addresses asking at once held every page of the server for 30 s, until its workers were killed.
_PLAYER_STATS: WeakKeyDictionary[Storage, dict[str | None, tuple[tuple[Any, ...], str]]] = WeakKeyDictionary()


def player_stats_json(store: Storage, game: str | None) -> str:
    """The players' statistics as /api/players answers them (JSON text), counted at most once
    per change of the saved results in each worker: a request finds the count of the results
    as they are now, or counts them in the worker's export turn (ExportsBusy, a 503, when it
    stays taken), on a thread, so the loop answers others meanwhile."""
    dumps = current_app.json.dumps   # the app's JSON, as jsonify writes it

    def kept(version: tuple[Any, ...]) -> str | None:
        found = _PLAYER_STATS.get(store, {}).get(game)
        return found[1] if found is not None and found[0] == version else None

    def counted() -> str:
        with stats.reading(store) as connection:
            version = stats.results_version(connection)
        text = kept(version)
        if text is None:   # the version is read first: a save meanwhile makes the next one count again
            text = dumps({"players": store.player_stats(game)}) + "\n"
            _PLAYER_STATS.setdefault(store, {})[game] = (version, text)
        return text

    def current() -> str | None:
        with stats.reading(store) as connection:
            return kept(stats.results_version(connection))

    found = off_the_loop(current)
    if found is not None:
        return found
    with EXPORTS.turn():   # counted by one request at a time; the others wait, or get a 503
        return off_the_loop(counted)
