"""The CSV export's text is the same byte for byte whatever way it is written: 200 saved results
of every game (names and notes a spreadsheet would run as formulas, with commas, quotes and
line breaks, edited and unedited, a category a game lacks, a player without a breakdown)
exported as the release before the faster writer wrote them (expected_export.csv), both from
the cells each result keeps for the export and from the results' JSON."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import scorer
from scorer.store.storage import rendered_for_csv, results_csv

EXPECTED = Path(__file__).with_name("expected_export.csv")
NAMES = ["Ann", "=SUM(A1:A9)", "Ben, Jr.", 'Bo "B" Lee', " Cy", "Zoë", "-3", "Dee\nDa", "+Eve", "@Flo"]
NOTES = [None, "", "a quiet game", "=HYPERLINK(\"x\")", "rain, then sun", 'she said "again"', "two\nlines"]
BATCH = 64


def saved_rows(count: int = 200) -> list[tuple]:
    """(id, saved_at, updated_at, game, result as JSON text, note), as the export reads them."""
    games = list(scorer.GAMES.values())
    start = datetime(2026, 11, 20, 10, 0, tzinfo=timezone.utc)
    rows = []
    for number in range(count):
        game = games[number % len(games)]
        result = game.score(game.example_state)
        for seat, player in enumerate(result["players"]):
            player["name"] = NAMES[(number + seat) % len(NAMES)]
        if number % 11 == 0:
            result["winners"] = [result["players"][0]["name"]]
        if number % 13 == 0:
            result["players"][-1].pop("breakdown", None)
        if number % 17 == 0:
            first = result["players"][0].setdefault("breakdown", {})
            first.update({"a new category": None, "another": -2})
        if number % 19 == 0:
            result.pop("winners", None)
        saved = start - timedelta(minutes=number)
        updated = saved + timedelta(hours=1) if number % 3 == 0 else None
        rows.append((count - number, saved, updated, game.id, json.dumps(result), NOTES[number % len(NOTES)]))
    return rows


def as_read(row: tuple, with_cells: bool) -> tuple:
    """The row as the export reads it: (id, saved_at, updated_at, game, categories, cells, the
    result's JSON, note), with the cells a save keeps for the export, or none (written from
    the JSON, as a result whose cells could not be kept is)."""
    result_id, saved_at, updated_at, game, result_text, note = row
    own, cells = rendered_for_csv(json.loads(result_text), note) if with_cells else (None, None)
    return result_id, saved_at, updated_at, game, own, cells, result_text, note


def exported(rows: list[tuple], with_cells: bool) -> bytes:
    categories: dict[str, None] = {}
    for row in rows:
        for player in json.loads(row[4])["players"][:1]:
            categories.update(dict.fromkeys(player.get("breakdown", {})))
    read = [as_read(row, with_cells) for row in rows]
    batches = [read[at:at + BATCH] for at in range(0, len(read), BATCH)]
    return "".join(results_csv(batches, list(categories))).encode()


@pytest.mark.parametrize("with_cells", [True, False], ids=["kept-cells", "json"])
def test_the_export_is_written_as_before_byte_for_byte(with_cells):
    assert exported(saved_rows(), with_cells) == EXPECTED.read_bytes()


def test_most_results_keep_their_cells_and_the_odd_ones_none():
    """A player without a breakdown, or with categories the first player lacks, makes the
    cells of a result unkeepable (the export reads its JSON); so does a separator in a note."""
    kept = [as_read(row, True)[5] is not None for row in saved_rows()]
    assert [n for n, cells in enumerate(kept) if not cells] == [n for n in range(200) if n % 13 == 0 or n % 17 == 0]
    result = scorer.score("garden-variety", scorer.GAMES["garden-variety"].example_state)
    assert rendered_for_csv(result, "fine")[1] is not None
    assert rendered_for_csv(result, "a \x1f b") == ("garden_bed\x1fhand", None)


def test_each_batch_is_a_chunk_of_its_own():
    rows = [as_read(row, True) for row in saved_rows(10)]
    chunks = list(results_csv([rows[:4], rows[4:]], ["seeds"]))
    assert len(chunks) == 3 and chunks[0].startswith("result_id,") and chunks[-1] == ""
    assert "".join(chunks) == "".join(results_csv([rows], ["seeds"]))
