"""A photo request's reading is bounded by its expected time as well as by each photo's bytes
and megapixels (scorer.web.photo_pages.READ_BUDGET_S): photos whose megapixels together would
take longer to read are refused 413 in words, from their headers, before any is opened."""
from __future__ import annotations

import io

from scorer.web import photo_pages
from tests.photo.test_photo_read import _png_header


def post_photos(client, *sizes: tuple[int, int]):
    return client.post("/games/cottage-garden/photo", content_type="multipart/form-data",
                       data={"photo": [(io.BytesIO(_png_header(*size)), f"sheet{n}.png")
                                       for n, size in enumerate(sizes)]})


def test_photos_past_the_read_budget_are_refused_in_words_before_they_are_opened(client):
    """Three 49-megapixel photos, each within the bound on one photo: some 3 s of reading."""
    refused = post_photos(client, *[(7000, 7000)] * 3)
    assert refused.status_code == 413
    words = refused.get_json()["error"]
    assert "147 megapixels" in words and "send fewer or smaller photos" in words, words


def test_photos_within_the_read_budget_go_to_the_reader(client):
    """Four 12-megapixel phone photos (or one of 49) are read: here headers with no image, so
    the reader says in words that it cannot read them."""
    assert 4 * 12 * photo_pages.READ_SECONDS_PER_MEGAPIXEL <= photo_pages.READ_BUDGET_S
    assert post_photos(client, *[(4000, 3000)] * 4).status_code == 422
    assert post_photos(client, (7000, 7000)).status_code == 422
