"""The simulated games stay the games they were: each log `scorer.simulate` writes is compared,
byte for byte (its JSON's SHA-256), with the log the engine wrote before its actions became
Moves (simulated_logs.json, 150 seeds for each of 1 to 4 players), as rewritten since by the
changes that were meant to change the games (its "about" says which). A change to the engine's
speed or structure that changes a single draw or move shows here; a change to the rules or the
simulator that should change the games rewrites the file, saying why:
`PYTHONPATH=. python -m tests.games.cottage_garden.test_cottage_garden_logs "why"`."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

import scorer

RECORDED_FILE = Path(__file__).parent / "simulated_logs.json"
RECORDED = json.loads(RECORDED_FILE.read_text())["logs"]
QUICK_SEEDS = 8  # per player count in the normal suite; all 150 in the slow run
RECORDED_SEEDS = 150  # per player count


def _digest(players: int, seed: int) -> str:
    log, _ = scorer.simulate("cottage-garden", players, seed)
    return hashlib.sha256(json.dumps(log).encode()).hexdigest()


def _changed(keys: list[str]) -> list[str]:
    return [key for key in keys if _digest(*map(int, key.split("-"))) != RECORDED[key]]


def test_simulated_logs_are_the_recorded_ones():
    keys = [key for key in RECORDED if int(key.split("-")[1]) < QUICK_SEEDS]
    assert len(keys) == 4 * QUICK_SEEDS
    assert _changed(keys) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_recorded_simulated_log_is_written_again(players):
    """A player count a test, so the suite's workers share the 600 games (42 s as one test)."""
    keys = [key for key in RECORDED if key.startswith(f"{players}-")]
    assert len(RECORDED) == 600 and len(keys) == RECORDED_SEEDS
    assert _changed(keys) == []


def record(why: str) -> None:
    """Writes simulated_logs.json afresh, one log a line, saying why the games changed; the
    file is replaced whole, never left half-written."""
    keys = sorted(f"{players}-{seed}" for players in range(1, 5) for seed in range(RECORDED_SEEDS))
    about = ('sha256 of json.dumps(log) of scorer.simulate("cottage-garden", players, seed), '
             f"recorded {why}")
    lines = [f"{json.dumps(key)}: {json.dumps(_digest(*map(int, key.split('-'))))}" for key in keys]
    text = "{\n" + f'"about": {json.dumps(about)},\n"logs": {{\n' + ",\n".join(lines) + "\n}\n}\n"
    written = RECORDED_FILE.with_suffix(".json.new")
    written.write_text(text)
    written.replace(RECORDED_FILE)


if __name__ == "__main__":
    record(" ".join(sys.argv[1:]) or "anew")
