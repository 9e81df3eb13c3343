"""The simulated games stay the games they were: each log `scorer.simulate` writes is compared,
byte for byte (its JSON's SHA-256), with the log the engine wrote before its actions became
Moves (simulated_logs.json, 150 seeds for each of 1 to 4 players). A change to the engine's
speed or structure that changes a single draw or move shows here; a change to the rules that
should change the games rewrites the file, saying why."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import scorer

RECORDED = json.loads((Path(__file__).parent / "simulated_logs.json").read_text())["logs"]
QUICK_SEEDS = 8  # per player count in the normal suite; all 150 in the slow run


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
def test_every_recorded_simulated_log_is_written_again():
    assert len(RECORDED) == 600
    assert _changed(list(RECORDED)) == []
