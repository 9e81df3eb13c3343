"""The simulator's draw among candidates laid out in runs (Engine.candidate_runs): it takes
them in the very order a draw from one list of them takes (a random position popped until
one is legal), with the same random numbers, so a simulated game stays the game it was."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.games.engine import Made, drawn_at_random


def popped(actions: list, rng: random.Random) -> list:
    """The order in which popping a random position of a list takes its items."""
    left, order = list(actions), []
    while left:
        order.append(left.pop(rng.randrange(len(left))))
    return order


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=8), st.integers(0, 2**32))
def test_runs_are_drawn_as_one_list_is_popped(sizes, seed):
    runs = []
    for number, size in enumerate(sizes):
        specs = [(number, index) for index in range(size)]
        # every other run made only when drawn, as Garden Dice's placements are
        runs.append(Made(specs, lambda spec: {"type": "t", "spec": spec}) if number % 2 else
                    [{"type": "t", "spec": spec} for spec in specs])
    everything = [action for run in runs for action in run]
    drawn, expected = random.Random(seed), random.Random(seed)
    assert list(drawn_at_random(runs, drawn)) == popped(everything, expected)
    assert drawn.random() == expected.random()  # the same random numbers drawn, no more


def test_a_made_run_builds_only_what_is_drawn():
    made: list = []

    def make(spec: int) -> dict:
        made.append(spec)
        return {"type": "t", "spec": spec}
    run = Made(list(range(50)), make)
    first = next(drawn_at_random([run], random.Random(3)))
    assert len(run) == 50 and made == [first["spec"]]
