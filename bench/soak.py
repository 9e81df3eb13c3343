"""`make soak`: the random simulation tests by the thousand, with the time per game.

For every game with an engine, GAMES_PER_GAME random games (spread over its player counts)
are each judged at every step by tests/support/engine_harness.py, its oracles included, and every
one of them is replayed from its log (a tenth to a quarter of a judged game's cost, so no game
is left out); then the same games are played again by plain `scorer.simulate`, timed alone.
Then, per game, what the simulator reached: the share of those games in which each action
type, each end trigger and each other part of the game occurred (tests/support/simulator_reach.py),
each to reach at least 1 % (tests/engines/test_simulators_reach_everything.py).
`python -m bench.soak 500 garden-variety` runs fewer games, or one game.
"""
from __future__ import annotations

import sys
import time
from collections import Counter

import scorer
from tests.support.engine_harness import games_with_engines, play_and_judge, player_counts
from tests.support.simulator_reach import expected, occurred

GAMES_PER_GAME = 10_000
COLUMNS = ("judged wall", "judged cpu", "simulate wall", "simulate cpu")
LEAST_SHARE = 0.01  # of the games, for each part of a game the simulator must reach


def soak(game_id: str, games: int) -> tuple[dict[str, float], dict[str, float]]:
    """Per game, in ms: judged (replay included), then plain `scorer.simulate`, each as
    wall-clock and CPU time (the machine may be shared: CPU time is the steadier figure);
    and the share of the games in which each part of the game occurred."""
    counts = player_counts(game_id)
    plan = [(counts[n % len(counts)], n) for n in range(games)]
    reached: Counter[str] = Counter()
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        record = play_and_judge(game_id, players, seed)
        reached.update(occurred(game_id, record.log, record.end_state, record.score))
    judged = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    for players, seed in plan:
        scorer.simulate(game_id, players, seed)
    plain = (time.perf_counter() - wall, time.process_time() - cpu)
    seconds = {"judged wall": judged[0], "judged cpu": judged[1], "simulate wall": plain[0], "simulate cpu": plain[1]}
    return ({column: 1000 * value / games for column, value in seconds.items()},
            {part: reached[part] / games for part in expected(game_id)})


def print_reach(game_id: str, shares: dict[str, float]) -> None:
    """The share of games each part occurred in, the parts under LEAST_SHARE marked."""
    for part, share in shares.items():
        flag = "  << under 1 %" if share < LEAST_SHARE else ""
        print(f"  {game_id:<16} {part:<48} {share:>7.1%}{flag}")


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else GAMES_PER_GAME
    chosen = [a for a in argv if not a.isdigit()] or games_with_engines()
    print(f"{'game':<16} {'games':>6} " + " ".join(f"{c + ' ms':>17}" for c in COLUMNS))
    reach = {}
    for game_id in chosen:
        per_game, reach[game_id] = soak(game_id, games)
        print(f"{game_id:<16} {games:>6} " + " ".join(f"{per_game[c]:>17.1f}" for c in COLUMNS), flush=True)
    print(f"\nWhat the simulator reached: the share of the {games} games per game in which each occurred")
    for game_id, shares in reach.items():
        print_reach(game_id, shares)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
