"""Scoring and rule-check calls per second, in-process (no HTTP), for every game whose rules
exist, on the samples of bench/samples.py. Median of several timed runs."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import scorer
from bench.samples import SAMPLES


def calls_per_second(call: Callable[[], object], seconds: float = 0.25) -> float:
    """How many times `call` runs per second, timed over batches until `seconds` have passed."""
    call()  # first call pays for imports and caches
    count, batch = 0, 16
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            call()
        count += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed
        batch *= 2


def median_rate(call: Callable[[], object], runs: int, seconds: float) -> float:
    return statistics.median(calls_per_second(call, seconds) for _ in range(runs))


def _rejected(call: Callable[[], object]) -> str | None:
    """Why the sample is not a fair benchmark (the rules reject it), or None."""
    try:
        result = call()
    except scorer.InvalidState as invalid:
        return f"sample rejected: {invalid}"
    if isinstance(result, dict) and result.get("legal") is False:
        return f"sample action illegal: {result['violations'][0]['message']}"
    return None


def measurements(runs: int = 5, seconds: float = 0.25) -> list[dict]:
    """[{"what", "value", "unit", "note"}] for each available game's score and check."""
    rows: list[dict] = []
    for game_id, (state, check) in SAMPLES.items():
        if game_id not in scorer.GAMES:
            rows.append({"what": f"{game_id} score / check", "value": None, "unit": "calls/s",
                         "note": "rules not written yet"})
            continue
        players = len(state["players"])
        calls = {
            f"{game_id} score ({players} players)": lambda g=game_id, s=state: scorer.score(g, s),
            f"{game_id} check ({check['action']['type']})":
                lambda g=game_id, c=check: scorer.check(g, c["state"], c["action"]),
        }
        for what, call in calls.items():
            problem = _rejected(call)
            value = None if problem else median_rate(call, runs, seconds)
            rows.append({"what": what, "value": value, "unit": "calls/s", "note": problem or ""})
    return rows


if __name__ == "__main__":
    for row in measurements():
        value = "-" if row["value"] is None else f"{row['value']:,.0f}"
        print(f"{row['what']:<45} {value:>10} {row['unit']}  {row['note']}")
