"""`make mutate` leaves out only what the judged games and the game's unit tests cannot see by
design: a function's annotations (never evaluated) and the random player's odds, never a rule's code;
and each mutant meets both."""
from __future__ import annotations

import textwrap

from tests.engines.mutation import ROOT, out_of_scope, unit_tests

MODULE = textwrap.dedent("""\
    from __future__ import annotations

    class Move(BaseModel):
        die: int | None = None

    def score(cubes: list[int] | None, rng) -> int:
        counted: int | None = None
        if rng.random() < 0.7:
            counted = len(cubes)
        return counted if counted < 3 else 0
    """)


def _text(span: tuple[tuple[int, int], tuple[int, int]]) -> str:
    (line, column), (end_line, end_column) = span
    assert line == end_line
    return MODULE.splitlines()[line - 1][column:end_column]


def test_annotations_and_the_random_players_odds_are_out_of_scope():
    assert sorted(_text(span) for span in out_of_scope(MODULE)) == [
        "int", "int | None", "list[int] | None", "rng.random() < 0.7"]


def test_a_models_fields_and_a_rules_comparison_stay_in_scope():
    texts = {_text(span) for span in out_of_scope(MODULE)}
    assert "counted < 3" not in texts  # the rule's own comparison
    assert not any(line == 4 for (line, _), _ in out_of_scope(MODULE))  # pydantic reads a field's annotation


def test_a_mutant_is_also_run_against_its_own_games_unit_tests():
    command = unit_tests("cottage-garden")
    assert command[1:4] == ["-m", "pytest", "tests/games/cottage_garden"]
    # fast and deterministic: the first failure kills, one process, file order, no cache
    assert {"-x", "-q"} <= set(command)
    assert all(f"no:{plugin}" in command for plugin in ("randomly", "xdist", "cacheprovider"))
    assert (ROOT / command[3]).is_dir()
