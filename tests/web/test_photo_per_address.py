"""One photo request read, or waiting to be, per address in a worker
(scorer.web.photo_pages.PHOTO_READERS): while one address has a photo being read, its next is
answered 429 with Retry-After at once, and another address's photo is read as ever."""
from __future__ import annotations

import io

from scorer.web import photo_pages
from scorer.web.examples import EXAMPLES
from tests.photo.test_photo_read import _png_header

READING, OTHER = "127.0.0.9", "127.0.0.8"


def post_photo(client, address: str):
    return client.post("/games/cottage-garden/photo", content_type="multipart/form-data",
                       data={"photo": [(io.BytesIO(_png_header(40, 30)), "sheet.png")]},
                       environ_base={"REMOTE_ADDR": address})


def test_a_second_photo_from_an_address_being_read_is_refused_and_another_address_is_read(client):
    with photo_pages.PHOTO_READERS.place(EXAMPLES.playing, READING) as placed:
        assert placed   # this address's first photo, being read
        refused = post_photo(client, READING)
        other = post_photo(client, OTHER)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == str(photo_pages.ONE_AT_A_TIME_S)
    assert "being read already" in refused.get_json()["error"]
    assert other.status_code == 422   # read: a header and no image, told in words
    assert post_photo(client, READING).status_code == 422   # its place came back
    assert not photo_pages.PHOTO_READERS.held
