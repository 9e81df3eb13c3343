"""The CSV export as the release before the kept cells wrote it, which the tests hold the
export to byte for byte: every result's lines written from its JSON, and the score category
columns found in the results' JSON (each set of categories of a first player, in the order of
its newest result, as that release's query grouped them)."""
from __future__ import annotations

import json

from sqlalchemy import Text, cast

from scorer.store.storage import SavedResult, Storage, _newest_first, results_csv


def csv_as_before(store: Storage, game: str | None = None) -> str:
    with store.engine.connect() as connection:
        rows = connection.execute(_newest_first(
            game, SavedResult.id, SavedResult.saved_at, SavedResult.updated_at, SavedResult.game,
            cast(SavedResult.result, Text), SavedResult.note)).all()
    categories: dict[str, None] = {}
    for row in rows:
        for first in json.loads(row[4]).get("players", [])[:1]:
            categories.update(dict.fromkeys(first.get("breakdown", {})))
    from_json = [(result_id, saved_at, updated_at, game_id, None, None, result, note)
                 for result_id, saved_at, updated_at, game_id, result, note in rows]
    return "".join(results_csv([from_json], list(categories)))
