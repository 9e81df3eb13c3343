"""`make soak`: the random simulation tests by the thousand, with the time per game.

For every game with an engine, GAMES_PER_GAME random games (spread over its player counts)
are each judged at every step by tests/support/engine_harness.py, its oracles included, and every
one of them is replayed from its log (a tenth to a quarter of a judged game's cost, so no game
is left out); then the same games are played again by plain `scorer.simulate`, timed alone.
`python -m bench.soak 500 garden-variety` runs fewer games, or one game.
"""
from __future__ import annotations

import sys
import time

import scorer
from tests.support.engine_harness import games_with_engines, play_and_judge, player_counts

GAMES_PER_GAME = 10_000
COLUMNS = ("judged wall", "judged cpu", "simulate wall", "simulate cpu")


def soak(game_id: str, games: int) -> dict[str, float]:
    """Per game, in ms: judged (replay included), then plain `scorer.simulate`, each as
    wall-clock and CPU time (the machine may be shared: CPU time is the steadier figure)."""
    counts = player_counts(game_id)
    plan = [(counts[n % len(counts)], n) for n in range(games)]
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        play_and_judge(game_id, players, seed)
    judged = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        scorer.simulate(game_id, players, seed)
    plain = (time.perf_counter() - wall, time.process_time() - cpu)
    seconds = {"judged wall": judged[0], "judged cpu": judged[1], "simulate wall": plain[0], "simulate cpu": plain[1]}
    return {column: 1000 * value / games for column, value in seconds.items()}


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else GAMES_PER_GAME
    chosen = [a for a in argv if not a.isdigit()] or games_with_engines()
    print(f"{'game':<16} {'games':>6} " + " ".join(f"{c + ' ms':>17}" for c in COLUMNS))
    for game_id in chosen:
        per_game = soak(game_id, games)
        print(f"{game_id:<16} {games:>6} " + " ".join(f"{per_game[c]:>17.1f}" for c in COLUMNS), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
