"""The engines: a judged random game (tests/support/engine_harness.py `play_and_judge`, every
step checked by `check`, `validate`, the oracle, random probe actions and the candidates) per
game and player count, and the replay of the longest legal log the simulator writes.

Times are CPU time (the machine is shared: wall-clock time swings with the other jobs), the
median of GAMES games (seeds 0 to GAMES-1) after one warm-up game; the longest log is the
longest of LOG_SEEDS simulated games at each player count, replayed REPLAYS times. The goals
(issue 32): a judged game at most 50 ms, the longest log's replay at most 100 ms. Beside
each time, the judgements a judged game makes (`check` asked) and its Python calls (as cProfile
counts them), the means of the same seeds: counts the machine's load does not change.
`python -m bench.engines 40 propagation` times more games, or one game.
"""
from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from unittest import mock

import scorer
from scorer.games.core import Game
from tests.support.engine_harness import games_with_engines, play_and_judge, player_counts

GAMES = 15
LOG_SEEDS = 30
REPLAYS = 5
JUDGED_GOAL_MS = 50
REPLAY_GOAL_MS = 100


def cpu_ms(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return 1000 * (time.process_time() - start)


def judged_ms(game_id: str, players: int, games: int) -> float:
    """The median CPU time of a judged game, seeds 0 to games-1."""
    play_and_judge(game_id, players, games)  # a warm-up: imports, first reads
    return statistics.median(cpu_ms(partial(play_and_judge, game_id, players, seed)) for seed in range(games))


def judgements_per_game(game_id: str, players: int, games: int) -> float:
    """The mean number of times `check` is asked in a judged game, seeds 0 to games-1."""
    with mock.patch.object(Game, "check_read", autospec=True, side_effect=Game.check_read) as check:
        for seed in range(games):
            play_and_judge(game_id, players, seed)
    return check.call_count / games


def python_calls_per_game(game_id: str, players: int, games: int) -> float:
    """The mean number of Python function calls of a judged game, seeds 0 to games-1."""
    profile = cProfile.Profile()
    profile.enable()
    for seed in range(games):
        play_and_judge(game_id, players, seed)
    profile.disable()
    return pstats.Stats(profile).total_calls / games  # type: ignore[attr-defined]


def longest_log(game_id: str, seeds: int) -> list:
    logs = (scorer.simulate(game_id, players, seed)[0]
            for players in player_counts(game_id) for seed in range(seeds))
    return max(logs, key=len)


def replay_ms(game_id: str, log: list) -> float:
    assert scorer.replay(game_id, log)["legal"]
    return statistics.median(cpu_ms(partial(scorer.replay, game_id, log)) for _ in range(REPLAYS))


def measurements(games: int = GAMES, chosen: list[str] | None = None) -> list[dict]:
    rows: list[dict] = []
    for game_id in chosen or games_with_engines():
        for players in player_counts(game_id):
            value = judged_ms(game_id, players, games)
            checks = judgements_per_game(game_id, players, games)
            calls = python_calls_per_game(game_id, players, games)
            rows.append({"what": f"{game_id} judged game, {players} players", "value": round(value, 1),
                         "unit": "ms", "note": f"median of {games}, CPU; goal <= {JUDGED_GOAL_MS} ms; "
                                               f"{checks:.0f} judgements, "
                                               f"{calls / 1000:.0f}k Python calls a game"})
        log = longest_log(game_id, LOG_SEEDS)
        rows.append({"what": f"{game_id} replay of the longest log", "value": round(replay_ms(game_id, log), 1),
                     "unit": "ms", "note": f"{len(log) - 1} entries; median of {REPLAYS}, CPU; "
                                           f"goal <= {REPLAY_GOAL_MS} ms"})
    return rows


if __name__ == "__main__":
    arguments = sys.argv[1:]
    count = int(arguments[0]) if arguments and arguments[0].isdigit() else GAMES
    for row in measurements(count, [a for a in arguments if not a.isdigit()] or None):
        print(f"{row['what']:<45} {row['value']:>8} {row['unit']}  {row['note']}", flush=True)
