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


def soak(game_id: str, games: int) -> dict[str, float]:
    """Per game, in ms: judged and replayed, then plain `scorer.simulate`, each as wall-clock
    and CPU time (the machine may be shared: CPU time is the steadier figure)."""
    counts = player_counts(game_id)
    plan = [(counts[n % len(counts)], n) for n in range(games)]
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        play_and_judge(game_id, players, seed)
        if seed % 10 == 0:  # a replay costs as much again as the game: one in ten is plenty
            replays_to_its_end(game_id, players, seed)
    judged = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        scorer.simulate(game_id, players, seed)
    plain = (time.perf_counter() - wall, time.process_time() - cpu)
    return {"judged wall": judged[0], "judged cpu": judged[1], "simulate wall": plain[0],
            "simulate cpu": plain[1]}


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else GAMES_PER_GAME
    chosen = [a for a in argv if not a.isdigit()] or games_with_engines()
    columns = ("judged wall", "judged cpu", "simulate wall", "simulate cpu")
    print(f"{'game':<16} {'games':>6} " + " ".join(f"{c + ' ms':>17}" for c in columns))
    for game_id in chosen:
        seconds = soak(game_id, games)
        print(f"{game_id:<16} {games:>6} " + " ".join(f"{1000 * seconds[c] / games:>17.1f}" for c in columns),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
