"""Read from a photo, for the score pages of games whose printed sheets can be read.

    POST /games/<id>/photo      multipart form, one `photo` file per sheet (a photo may show
                                several): 200 {"state", "confidence", "notes"}; 422 {"error"} for a photo
                                that cannot be read, with the reason; 413 beyond the bounds (bytes,
                                megapixels a photo, and the reading's expected time, READ_BUDGET_S);
                                404 for a game with no readable sheet; 503 with Retry-After
                                while this worker reads another photo or plays a game

The photos are read in memory and dropped with the answer: the form parser keeps uploads in
memory (never in a temporary file), nothing is saved, and nothing of a photo is logged. A
photo's bounds (scorer.photo.intake) are checked on its header before it is decoded. The
worker's one turn for heavy work (scorer.web.examples) is the reading's turn too, and the reading
runs off the worker's loop (as replays and kit builds do), so a flood of photos gets 503s while
every other request is answered.
"""
from __future__ import annotations

import io
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.formparser import parse_form_data

from pnp.readable import readable_sheets
from scorer.games import CATALOGUE
from scorer.photo.intake import MAX_BYTES, UNREADABLE, PhotoError, PhotoTooLarge, check_photo
from scorer.store.green import off_the_loop
from scorer.web.examples import EXAMPLES, ExamplesBusy
from scorer.web.turns import AddressLines, place_and_turn

bp = Blueprint("photo", __name__)

MAX_PHOTOS = 4                       # a sheet a player: the readable games seat at most four
MAX_UPLOAD = MAX_PHOTOS * MAX_BYTES + 64 * 1024   # and the form's own few lines
# The reading's expected time, bounded before a photo is opened: its megapixels (from each
# photo's header) times what a megapixel costs to read. 17-19 ms of CPU a megapixel for a
# Cottage Garden sheet scaled to 19 and 48 megapixels (27 November 2026, load 20; a small photo
# costs more a megapixel, its fixed costs first). Four photos at the 50-megapixel bound each
# would be some 4 s of CPU (9.5 s a request was measured under load) in the worker's one turn
# for reading; 2 s takes four 12-megapixel phone photos, or two of 50.
READ_SECONDS_PER_MEGAPIXEL = 0.02
READ_BUDGET_S = 2.0
# One photo request read, or waiting to be, per address in a worker: two connections from one
# address posting four 49-megapixel photos each (some 9.5 s a request) had held the worker's
# turn for reading from one to the next, and another address's small photo was answered 503.
PHOTO_READERS = AddressLines(per_address=1)
ONE_AT_A_TIME_S = 10   # about one request of four of the largest photos


def _in_memory(total_content_length: Any, content_type: Any, filename: Any, content_length: Any = None) -> io.BytesIO:
    return io.BytesIO()


def _photos() -> list[bytes]:
    length = request.content_length
    if length is not None and length > MAX_UPLOAD:
        raise RequestEntityTooLarge()
    _, _, files = parse_form_data(request.environ, stream_factory=_in_memory, max_content_length=MAX_UPLOAD,
                                  max_form_parts=MAX_PHOTOS + 8)
    uploads = files.getlist("photo")
    if not uploads:
        raise PhotoError("no photo came with the request: choose or take a photo of the sheet")
    if len(uploads) > MAX_PHOTOS:
        raise PhotoError(f"send at most {MAX_PHOTOS} photos at once, a sheet a player")
    return [upload.read(MAX_BYTES + 1) for upload in uploads]


def _within_the_read_budget(photos: list[bytes]) -> None:
    """PhotoTooLarge (413) when reading the photos is expected to take more than READ_BUDGET_S.
    A photo whose header cannot be read counts nothing here: the reader names it, by its place."""
    megapixels = 0.0
    for photo in photos:
        try:
            _, width, height = check_photo(photo)
        except PhotoError:
            continue
        megapixels += width * height / 1e6
    if megapixels * READ_SECONDS_PER_MEGAPIXEL > READ_BUDGET_S:
        most = READ_BUDGET_S / READ_SECONDS_PER_MEGAPIXEL
        raise PhotoTooLarge(f"these photos come to {megapixels:.0f} megapixels, about "
                            f"{megapixels * READ_SECONDS_PER_MEGAPIXEL:.1f} s of reading; the reader takes at most "
                            f"{most:.0f} megapixels at once (four 12-megapixel photos fit): send fewer or smaller "
                            "photos")


@bp.route("/games/<game_id>/photo", methods=["POST"])
def read_photo(game_id: str):
    if game_id not in CATALOGUE or not readable_sheets(game_id):
        abort(404)
    from scorer.photo.reader import read_photos  # OpenCV loads with the first photo, not with every worker

    try:
        photos = _photos()
        _within_the_read_budget(photos)
        sheets = tuple(sheet for game in CATALOGUE for sheet in readable_sheets(game))
        with place_and_turn(EXAMPLES.playing, PHOTO_READERS) as placed:
            if not placed:
                return (jsonify({"error": "a photo from this address is being read already; send the next when it "
                                          f"is answered (try again in {ONE_AT_A_TIME_S} seconds)"}), 429,
                        {"Retry-After": str(ONE_AT_A_TIME_S)})
            return jsonify(off_the_loop(lambda: read_photos(photos, game_id, sheets)))
    except RequestEntityTooLarge:
        return jsonify({"error": f"the upload is larger than {MAX_UPLOAD // 1024 // 1024} MB: send at most "
                                 f"{MAX_PHOTOS} photos of at most {MAX_BYTES // 1024 // 1024} MB each"}), 413
    except PhotoError as error:
        return jsonify({"error": str(error)}), 413 if isinstance(error, PhotoTooLarge) else 422
    except ExamplesBusy:
        return (jsonify({"error": "another photo is being read just now; try again in "
                                  f"{ExamplesBusy.retry_after} seconds"}), 503,
                {"Retry-After": str(ExamplesBusy.retry_after)})
    except HTTPException:
        raise   # the request itself (a body too slow, a client gone): answered as such
    except Exception:  # noqa: BLE001 -- guesswork on any image: the player gets words, the log the why
        current_app.logger.exception("reading a %s photo failed", game_id)
        return jsonify({"error": UNREADABLE}), 422
