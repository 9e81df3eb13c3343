"""The CSV export's text is the same byte for byte whatever way it is written: 200 saved results
of every game (names and notes a spreadsheet would run as formulas, with commas, quotes and
line breaks, edited and unedited, a category a game lacks, a player without a breakdown)
exported as the release before the faster writer wrote them (expected_export.csv)."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import scorer
from scorer.store.storage import results_csv

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


def exported(rows: list[tuple]) -> bytes:
    categories: dict[str, None] = {}
    for row in rows:
        for player in json.loads(row[4])["players"][:1]:
            categories.update(dict.fromkeys(player.get("breakdown", {})))
    batches = [rows[at:at + BATCH] for at in range(0, len(rows), BATCH)]
    return "".join(results_csv(batches, list(categories))).encode()


def test_the_export_is_written_as_before_byte_for_byte():
    assert exported(saved_rows()) == EXPECTED.read_bytes()


def test_each_batch_is_a_chunk_of_its_own():
    rows = saved_rows(10)
    chunks = list(results_csv([rows[:4], rows[4:]], ["seeds"]))
    assert len(chunks) == 3 and chunks[0].startswith("result_id,") and chunks[-1] == ""
    assert "".join(chunks) == "".join(results_csv([rows], ["seeds"]))
