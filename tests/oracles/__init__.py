"""Independent oracles for the random simulation tests (tests/support/engine_harness.py).

Each game with an engine has a module here named after its package (the game id with '-'
turned into '_': tests/oracles/garden_variety.py) that defines

    state_faults(state: dict) -> list[str]
        what is impossible in a full engine state: a piece not accounted for exactly once, a
        turn pointer or phase that does not fit the rest, a score or track out of range;
    step_faults(before: dict, entry: dict, after: dict) -> list[str]
        what is wrong with one transition, `entry` being the action or chance outcome: the
        wrong player acted, the turn, start player or leader did not pass as the rulebook
        says, the game did not end exactly when it should.

    final_scores(state: dict) -> dict[str, dict[str, int]]
        the finished game's score, {player: {category: points, "total": n}}, in the scorer's
        categories;
    winners(state: dict) -> list[str]
        the winners after the rulebook's tie-breakers.

Optional, each compared by the harness where an oracle has it: `legal_moves(state, rng)` (a
sample of legal moves the engine must accept; `legal_moves(state, rng, every)` in an oracle
that also has `every_legal_move`, given its answer for the same state, listed once a step),
`every_legal_move(state)` ({type: every legal move of it}, each among the engine's
candidates), `refused_moves(state, rng)` (moves the
rulebook forbids at an edge, on what the check state shows: the engine and `check` alone must
refuse each), `table_refused_moves(state, rng)` (forbidden by what only the full state keeps,
the turn's record: the engine must refuse each), `tiebreakers(state)` ({player:
{name: value}}, the tie-break values the score shows) and `setup_faults(state)` (what is wrong
with the first state, judged against the rulebook's set-up exactly). An oracle that counts
something of every state for both its state and step faults may define `census(state)` (its
own count, from the state alone): the harness then makes it once a state and calls
`state_faults(state, census)` and `step_faults(before, entry, after, census_before,
census_after)` (Garden Dice: its seed/veggie tiles).

The fault lists answer [] when all is well. They are written from the rulebook and the state
format documented in docs/engines.md, never by calling the game's rules.py or its scorer: an
oracle that asked them would agree with every bug it is there to find. The rulebook's numbers
(and the house choices of docs/house-rules.md, each named in a comment) are written in the
oracle itself, never read from the game's data module, so a wrong number there is caught
(tests/engines/test_oracle_independence.py). The harness calls them at every step of every
random game, so they stay cheap: plain loops over the JSON.
"""
