"""`make soak`: the random simulation tests by the thousand, with the time per game.

For every game with an engine, GAMES_PER_GAME random games (spread over its player counts)
are each judged at every step (tests/engine_harness.py) and replayed from their log; then
the same number of plain `scorer.simulate` games are timed. `python -m bench.soak 500
garden-variety` runs fewer games, or one game.
"""
from __future__ import annotations

import sys
import time

import scorer
from tests.engine_harness import games_with_engines, play_and_judge, player_counts, replays_to_its_end

GAMES_PER_GAME = 10_000


def soak(game_id: str, games: int) -> tuple[float, float]:
    """(ms per judged and replayed game, ms per plain simulated game)."""
    counts = player_counts(game_id)
    plan = [(counts[n % len(counts)], n) for n in range(games)]
    start = time.perf_counter()
    for players, seed in plan:
        play_and_judge(game_id, players, seed)
        if seed % 10 == 0:  # a replay costs as much again as the game: one in ten is plenty
            replays_to_its_end(game_id, players, seed)
    judged = time.perf_counter() - start
    start = time.perf_counter()
    for players, seed in plan:
        scorer.simulate(game_id, players, seed)
    plain = time.perf_counter() - start
    return 1000 * judged / games, 1000 * plain / games


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else GAMES_PER_GAME
    chosen = [a for a in argv if not a.isdigit()] or games_with_engines()
    print(f"{'game':<16} {'games':>6} {'judged ms/game':>15} {'simulate ms/game':>17}")
    for game_id in chosen:
        judged, plain = soak(game_id, games)
        print(f"{game_id:<16} {games:>6} {judged:>15.2f} {plain:>17.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
