"""The app's saved games for a request: its Storage, a saved result or 404, and the exports of
the whole history, streamed in the worker's one export turn. Who may change a result is
scorer.web.owners."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from flask import Response, abort, current_app

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


# A worker streams one whole-history export at a time: reading a batch of rows is database
# and Python work that holds a gevent worker's loop, and several at once stalled every other
# request of the worker for seconds. Another export waits briefly, then gets a 503 with
# Retry-After.
EXPORTS = OneAtATime(ExportsBusy)


def exported(chunks: Iterator[str], mimetype: str, filename: str) -> Response:
    """A streamed export in the worker's export turn, given back when the stream ends or is
    closed (the client gone); ExportsBusy when the turn stays taken."""
    turn = ExitStack()
    turn.enter_context(EXPORTS.turn())

    def streamed() -> Iterator[str]:
        try:
            yield from chunks
        finally:
            turn.close()
    response = Response(streamed(), mimetype=mimetype,
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})
    response.call_on_close(turn.close)   # also when the stream was never begun
    return response
