"""Random simulation tests for any game engine (OpenSpiel's RandomSimTest idea), judged by
independent oracles.

`play_and_judge(game_id, players, seed)` plays the game `scorer.simulate` plays from that
seed and asserts at every step:
- the first state is the rulebook's set-up, by the oracle's optional `setup_faults`;
- the state is plain JSON and passes `validate` (as score JSON and as check state) and the
  game's oracle, `state_faults`; every transition (chance outcome or action) passes the
  oracle's `step_faults`. The oracles (tests/oracles/<package>.py) are written from the
  rulebook and the documented state format, never from rules.py, so unlike a recomputation
  of the engine's own calls they can disagree with it: turn order, leaders, start players,
  conservation of the pieces and the end of the game are judged there;
- each chance outcome is possible; the action the simulator takes is legal by `check` (on
  the step's reading of the check state, which `validate` accepted: judged once, in the draw,
  and moved by that judgement) and its transition shows check's effects;
- a few random actions from the whole action space (RANDOM_ACTIONS a step, drawn with the
  tests' own seeded random numbers): whatever `check` refuses the engine
  refuses with check's violations; what the engine takes is a move the oracle accepts, to a
  possible state, and (when the engine's candidates are complete) one the simulator could
  have chosen: among the candidates, or with the same outcome as one of them;
- every move the oracle knows legal on its own (its optional `legal_moves`, from the
  rulebook's numbers: all of them or a sample, as the oracle says) the engine accepts: the
  simulator only picks moves `check` allows, so a legal move wrongly refused shows only here;
  where the oracle lists every legal move of a type (`every_legal_move`), each is among the
  engine's candidates; every move it knows forbidden at an edge (`refused_moves`) the engine
  refuses, and so does `check` on the check state alone (the engine alone for its
  `table_refused_moves`, forbidden by the turn's record only the full state keeps);
- at the end: the score warns of no unfinished game, its breakdown, totals and winners are
  the oracle's `final_scores` and `winners` (recomputed from the end state with the
  rulebook's numbers), its tie-break values the oracle's `tiebreakers` where it has them, and the log replays to the same end state and score (each action
  moved by the judgement made as it was taken: no step is judged twice).
"""
from __future__ import annotations

import importlib
import math
import random
from types import ModuleType
from typing import Any, NamedTuple

import scorer
from scorer.games.core import GAME_NOT_OVER, InvalidState
from scorer.games.engine import MAX_LOG_ENTRIES, Chance, Engine, Judged, Table, player_names

ORACLE_PACKAGE = "tests.oracles"


class GameRecord(NamedTuple):
    log: list[dict]
    end_state: dict    # the engine's full state at the end
    score: dict        # scorer.score of the end state's score JSON


def engine(game_id: str) -> Engine:
    found = scorer.GAMES[game_id].engine
    assert found is not None, f"{game_id} has no engine"
    return found


def games_with_engines() -> list[str]:
    return [game_id for game_id in scorer.GAMES if scorer.GAMES[game_id].engine is not None]


def player_counts(game_id: str) -> list[int]:
    game = scorer.GAMES[game_id]
    return list(range(game.min_players, game.max_players + 1))


def legal_random_question_types(game_id: str, players: int, seed: int) -> set[str]:
    """The action types of which `action_space` drew at least one legal action over the states
    of a simulated game: the types whose random questions can reach the candidates' check."""
    game_engine = engine(game_id)
    log, _ = scorer.simulate(game_id, players, seed)
    state = game_engine.initial_state(log[0]["setup"]["players"], log[0]["setup"].get("options", {}))
    rng, found = random.Random(seed), set()
    for entry in log[1:]:
        if not game_engine.is_over(state) and "chance" not in entry:
            questions = game_engine.action_space(state, rng)
            found |= {question["type"] for question, judged in zip(questions, game_engine.judge_all(state, questions))
                      if judged["legal"]}
        state = game_engine.resolve_chance(state, entry) if "chance" in entry else game_engine.apply(state, entry)
    return found


def oracle(game_id: str) -> ModuleType:
    """The game's oracle module, tests/oracles/<package>.py; AssertionError when it has none."""
    name = f"{ORACLE_PACKAGE}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if not f"{name}.".startswith(f"{missing.name}."):  # a module the oracle imports is missing
            raise
        raise AssertionError(f"{game_id} has an engine but no oracle: write {name.replace('.', '/')}.py "
                             "with state_faults and step_faults (tests/oracles/__init__.py)") from None
    for function in ("state_faults", "step_faults", "final_scores", "winners"):
        assert callable(getattr(module, function, None)), f"{name} defines no {function}"
    return module


_JSON_SCALARS = frozenset((str, int, bool, type(None)))


def plain_json(value: Any) -> bool:
    """Whether the value is plain JSON, exactly what the JSON reader makes of its own text:
    dicts with text keys, lists, text, whole numbers, finite numbers, true/false, null (no
    tuple, set, subclass or NaN). A walk through the value, cheaper than writing it as JSON
    and reading it back, and as strict: nothing it accepts changes on the way."""
    kind = type(value)
    if kind is dict:  # a scalar item is judged here: most of a state is scalars
        for key, item in value.items():
            if type(key) is not str or (type(item) not in _JSON_SCALARS and not plain_json(item)):
                return False
        return True
    if kind is list:  # a loop: all() over a generator costs a third more on a state
        for item in value:  # noqa: SIM110
            if type(item) not in _JSON_SCALARS and not plain_json(item):
                return False
        return True
    return kind in _JSON_SCALARS or (kind is float and math.isfinite(value))


def plain_view(view: Any, state: dict) -> bool:
    """Whether a view of the state (its check or score JSON, or an action taken on it) is plain
    JSON, the state being plain JSON: a part of the view that is one of the state's own parts
    (the very list, not a copy: Propagation's players, or the board its actions carry) is the
    same JSON the state's walk judged, and is not walked again. A copy, or anything else, is
    walked."""
    if type(view) is not dict:
        return plain_json(view)
    own = {id(part) for part in state.values()}  # the state holds them: their ids stay theirs
    for key, item in view.items():
        if type(key) is not str:
            return False
        if type(item) not in _JSON_SCALARS and id(item) not in own and not plain_json(item):
            return False
    return True


class Judge:
    """One game under test: the engine, its oracle, and the tests' own random draws (apart
    from the game's, so the game played is the one `scorer.simulate` plays)."""

    def __init__(self, game_id: str, seed: int):
        self.game_id = game_id
        self.game = scorer.GAMES[game_id]
        self.engine = engine(game_id)
        self.oracle = oracle(game_id)
        self.probe = random.Random(f"probe-{seed}")
        self.where = game_id
        # The views validate last accepted: validate reads nothing but the view, so an equal
        # view (a roll, the sun's change of a die, the dice passing leave the check view as it
        # was; most steps leave the scores alone) is accepted again without reading it.
        self.accepted_check_view: dict | None = None
        self.accepted_score_view: dict | None = None
        self.counts = callable(getattr(self.oracle, "census", None))

    def fail_on(self, faults: list[str], what: str) -> None:
        assert not faults, f"{self.where}: {what}: " + "; ".join(faults)

    def census(self, state: dict) -> Any:
        """The oracle's own count of the state (its optional `census(state)`, from the state
        alone), made once a state and handed to its `state_faults` and to the `step_faults`
        of the steps into and out of it; None for an oracle without one."""
        return self.oracle.census(state) if self.counts else None

    def possible(self, state: dict | Table, counted: Any = None) -> Table:
        """Assert the state is plain JSON, valid in both views (`validate`, with every
        impossible-state check) and fine by the oracle (`counted`: the oracle's census of it,
        where the step has made it); answer the state as the step reads it, the engine's
        Table, which every judgement of the step shares (the check state being plain JSON, its
        reading is what `check` makes of the check state sent as JSON)."""
        table = self.engine.read(state)
        state = table.state
        assert plain_json(state), f"{self.where}: the state is not plain JSON: {state}"
        score_view, check_view = table.score_view, table.check_view  # one view where they are one
        assert plain_view(check_view, state), f"{self.where}: the check state is not plain JSON: {check_view}"
        faults = (self.oracle.state_faults(state, self.census(state) if counted is None else counted) if self.counts
                  else self.oracle.state_faults(state))
        self.fail_on(faults, f"impossible state {state}")
        try:
            if check_view != self.accepted_check_view:
                # validate, as parse_state does it, on the model the table's judgements read
                # (the engine reads its own states without the impossible-state checks)
                self.game.refuse_player_count(check_view)
                impossible = self.game.impossibilities(table.checked)
                if impossible:
                    raise InvalidState(impossible)
                self.accepted_check_view = check_view
            if check_view is not score_view and check_view != score_view and score_view != self.accepted_score_view:
                assert plain_view(score_view, state), f"{self.where}: the score state is not plain JSON: {score_view}"
                self.game.parse_state(score_view)
                self.accepted_score_view = score_view
            return table
        except InvalidState as invalid:
            raise AssertionError(f"{self.where}: validate refuses {state}: {invalid.violations}") from None

    def set_up(self, state: dict) -> None:
        """The first state is the rulebook's set-up exactly (the oracle's optional
        `setup_faults(state)`): the conservation the oracle judges later only counts from it."""
        setup_faults = getattr(self.oracle, "setup_faults", None)
        if setup_faults is not None:
            self.fail_on(setup_faults(state), f"the set-up {state}")

    def step(self, before: dict, entry: dict, after: dict, had: Any = None, has: Any = None) -> None:
        """The oracle's judgement of one transition (`had`, `has`: its census of each state,
        where an oracle counts them)."""
        faults = (self.oracle.step_faults(before, entry, after, had, has) if self.counts
                  else self.oracle.step_faults(before, entry, after))
        self.fail_on(faults, f"after {entry}")

    def take(self, table: Table, action: dict, judged: Judged) -> Table:
        """The table after an action the engine judged legal on this table (`check` on the
        table's reading, then what only the table knows: judged once, never asked again, and
        moved as that judgement parsed it), and the transition shows check's effects."""
        # the state's own parts an action carries (Propagation's board) were walked with it
        assert plain_view(action, table.state), f"{self.where}: the action is not plain JSON: {action}"
        answer, parsed = judged
        effects = answer["effects"]
        moved = self.engine.advance(table, parsed, effects)
        observed = self.engine.observed_effects(table.state, action, moved.state)
        assert observed and all(effects[key] == value for key, value in observed.items()), (
            f"{self.where}: {action}: check said {effects}, the transition did {observed}")
        return moved

    def random_actions(self, table: Table, counted: Any = None) -> None:
        """Random actions of the whole action space, mostly illegal: each the engine takes is
        legal by check, a move the oracle accepts to a possible state, and (complete
        candidates) one the simulator could have chosen (`counted`: the oracle's census of
        the table's state)."""
        state = table.state
        actions = self.engine.action_space(state, self.probe)
        candidates: list[dict] | None = None
        for action, judged in zip(actions, self.engine.judgements(table, actions)):
            answer = judged[0]
            if not answer["legal"]:  # judgements asked check first, then the table
                assert answer["violations"] and all(v["message"] for v in answer["violations"]), self.where
                continue
            moved = self.take(table, action, judged)
            after = moved.state
            has = self.census(after)
            self.step(state, action, after, counted, has)
            self.possible(moved, has)
            if self.engine.candidates_complete:
                if candidates is None:
                    candidates = self.engine.candidate_actions(state, self.probe)
                self.among_candidates(table, action, after, candidates)

    def every_oracle_move(self, table: Table) -> dict[str, list[dict]] | None:
        """The oracle's `every_legal_move(state)` ({type: every legal move of it}, from the
        rulebook alone), None where it has none: listed once a step, for both the
        candidates' comparison and the oracle's sample of legal moves."""
        every = getattr(self.oracle, "every_legal_move", None)
        return every(table.state) if every is not None else None

    def oracle_moves_accepted(self, table: Table, listed: dict[str, list[dict]] | None) -> list[dict]:
        """Each move the oracle lists as legal on this state (`legal_moves(state, rng)`, an
        oracle's own enumeration or sample, never the engine's candidates; an oracle with
        `every_legal_move` is given its list of the same state, `legal_moves(state, rng,
        listed)`, rather than walking it again) the engine accepts; answers them."""
        known = getattr(self.oracle, "legal_moves", None)
        if known is None:
            return []
        rng = random.Random(self.where)
        moves = known(table.state, rng) if listed is None else known(table.state, rng, listed)
        for move, judged in zip(moves, self.engine.judge_all(table, moves)):
            assert judged["legal"], (f"{self.where}: the rulebook allows {move}, but the engine refuses it: "
                                     + "; ".join(v["message"] for v in judged["violations"]))
        return moves

    def every_oracle_move_offered(self, table: Table, listed: dict[str, list[dict]] | None) -> None:
        """Where the oracle lists every legal move of some types (`listed`, its optional
        `every_legal_move(state)`, {type: moves}, from the rulebook alone), each of them is
        among the engine's candidates of its type, so the simulator can choose it (the turn
        record the engine writes into an action is left out of the comparison). Judging them
        all would cost more than the game: the oracle's `legal_moves` has the engine judge
        those a wrong refusal would hide in."""
        if not listed or not any(listed.values()):
            return
        unknown = [move for kind, moves in listed.items() if kind not in self.game.move_of for move in moves]
        assert not unknown, f"{self.where}: the rulebook allows {unknown[0]}, but the engine's candidates leave it out"
        # complete candidates draw nothing (a sample's are drawn with the step's own numbers)
        rng = random.Random(self.where) if not self.engine.candidates_complete else None
        for move in self.game.moves:  # in the moves' order: the candidates draw from rng in turn
            allowed = listed.get(move.type)
            if not allowed:
                continue
            offered = list(move.candidates(table, rng))
            # one type's fields only: a key of fewer fields (a type's actions are compared
            # with each other alone), most of a step's cost here; the union made in one call
            fields = sorted(set().union(*allowed, *offered) - {"turn"})
            keys = {_move_key(action, fields) for action in offered}
            missing = [action for action in allowed if _move_key(action, fields) not in keys]
            assert not missing, (f"{self.where}: the rulebook allows {missing[0]}, "
                                 "but the engine's candidates leave it out")

    def oracle_refusals_refused(self, table: Table) -> None:
        """Each move the oracle knows the rulebook forbids at an edge (its optional
        `refused_moves(state, rng)`, moves random play and the random probes seldom try) the
        engine refuses, and so does `check` on the step's check state alone: a check that
        wrongly takes a move the simulator never offers shows here, even where the engine's
        table refuses it for another reason. The oracle's optional `table_refused_moves` are
        forbidden by what only the full state shows (the turn's record): the engine alone
        refuses those."""
        known, table_known = (getattr(self.oracle, name, None) for name in ("refused_moves", "table_refused_moves"))
        if known is None and table_known is None:
            return
        rng = random.Random(self.where)  # seeding costs as much as a judgement or two: only when asked
        moves = known(table.state, rng) if known is not None else []
        refused = moves + (table_known(table.state, rng) if table_known is not None else [])
        for index, (move, (answer, parsed)) in enumerate(zip(refused, self.engine.judgements(table, refused))):
            assert not answer["legal"], f"{self.where}: the rulebook forbids {move}, but the engine takes it"
            if index < len(moves):
                assert not self.checked(table, parsed)["legal"], (
                    f"{self.where}: the rulebook forbids {move}, but check takes it")

    def checked(self, table: Table, parsed: Any) -> dict:
        """`check`'s answer on the table's check state alone (as the game's `check` judges a
        state sent to it), without what only the engine's table knows, on an action as the
        engine's judgement parsed it (None: it could not be read, or names no player)."""
        if parsed is None:
            return {"legal": False}
        try:
            return self.game.check_read(table.reading, parsed)
        except InvalidState as invalid:
            return {"legal": False, "violations": invalid.violations}

    def draw(self, table: Table, rng: random.Random, known: list[dict]) -> tuple[dict, Judged]:
        """The simulator's move and its judgement, with the action as parsed; when the
        engine finds none, the oracle knows none either."""
        try:
            action, answer, parsed = self.engine.draw_legal(table, rng)
            return action, (answer, parsed)
        except RuntimeError:
            assert not known, f"{self.where}: the engine finds no legal move, but the rulebook allows {known[0]}"
            raise

    def among_candidates(self, table: Table, action: dict, after: dict, candidates: list[dict]) -> None:
        """A legal action is a candidate, or has the same outcome as one (its dice or
        targets listed in another order, a field left to its default)."""
        if action in candidates:
            return
        alike = [c for c in candidates if c.get("type") == action.get("type") and all(
            c[key] == value for key, value in action.items()
            if key in c and isinstance(value, (str, int, float, bool)))]
        for answer, parsed in self.engine.judgements(table, alike):
            if answer["legal"] and after == self.engine.advance(table, parsed, answer["effects"]).state:
                return
        raise AssertionError(f"{self.where}: {action} is legal but no candidate of the simulator "
                             "has its outcome (the engine says its candidates are complete)")

    def tiebreakers_are_the_oracles(self, state: dict, score: dict) -> None:
        """The tie-break values the score shows are the oracle's own (its optional
        `tiebreakers(state)`, {player: {name: value}}, from the rulebook's section on ties):
        compared in every game, since a wrong value changes a winner only in a tie."""
        own = getattr(self.oracle, "tiebreakers", None)
        if own is None:
            return
        shown = {player["name"]: player.get("tiebreakers", {}) for player in score["players"]}
        expected = own(state)
        assert shown == expected, f"{self.where}: the score's tie-breakers are {shown}, by the rulebook {expected}"

    def end(self, log: list[dict], judgements: list[Judged | None], reached: list[Table | None],
            state: dict) -> GameRecord:
        """The end scores, with no unfinished-game warning and the right winners, and the log
        replays to this very state: the replay reads the setup and plays every entry again,
        each action moved by its judgement made as it was taken (`judgements[index]`, None
        for the setup and the chance outcomes), so no step is judged twice; the outcomes are
        played again, and what follows by itself wherever the replay's table differs by value
        from the one the game reached (`reached[index]`); the end is compared by value."""
        end_state = self.engine.score_state(state)
        score = scorer.score(self.game_id, end_state)
        unfinished = [w for w in score["warnings"] if w["code"] == GAME_NOT_OVER]
        assert not unfinished, f"{self.where}: the game ended, but the score says {unfinished}"
        scored = {player["name"]: {**player["breakdown"], "total": player["total"]} for player in score["players"]}
        expected = self.oracle.final_scores(state)
        assert scored == expected, f"{self.where}: the scorer says {scored}, the rulebook {expected}"
        assert sorted(score["winners"]) == sorted(self.oracle.winners(state)), (
            f"{self.where}: winners {score['winners']}, by the rulebook {self.oracle.winners(state)}")
        self.tiebreakers_are_the_oracles(state, score)
        # Every entry was asserted plain JSON as it was written (setup, outcomes, actions): the
        # log goes to replay as it is, as a client's JSON would read.
        replayed = self.engine.replay(log, judgements, reached)
        assert replayed["legal"], f"{self.where}: the log does not replay: {replayed['violations']}"
        assert replayed["over"] and replayed["state"] == state, f"{self.where}: the replay ends elsewhere"
        assert replayed["end_state"] == end_state and replayed["score"] == score, self.where
        return GameRecord(log, state, score)


def _move_key(action: dict, fields: list[str]) -> str:
    """An action's values of these fields (None for one it lacks), written out as a value to
    compare: its lists are unhashable, and the text is made in one call, a third cheaper than
    a tuple of tuples (a few dozen keys a step); `map` over the fields a third cheaper than a
    list comprehension."""
    return repr(list(map(action.get, fields)))


def play_and_judge(game_id: str, players: int, seed: int) -> GameRecord:
    """The game `scorer.simulate(game_id, players, seed)` plays, judged at every step."""
    judge = Judge(game_id, seed)
    game_engine = judge.engine
    rng = random.Random(seed)  # drawn from in the order simulate draws
    options = {name: rng.choice(choices) for name, choices in game_engine.option_choices.items()}
    names = player_names(judge.game, players)
    table = game_engine.read(game_engine.initial_state(names, options))
    log: list[dict] = [game_engine.setup_entry(names, seed, options)]
    judgements: list[Judged | None] = [None]  # each log entry's judgement and parse, None but for actions
    reached: list[Table | None] = [None]  # the table after each log entry
    assert plain_json(log[0]), f"{game_id}: the setup entry is not plain JSON: {log[0]}"
    judge.where = f"{game_id} players={players} seed={seed} setup"
    judge.set_up(table.state)
    counted = judge.census(table.state)  # each state's census made once, handed on with it
    while not game_engine.is_over(table.state):
        judge.where = f"{game_id} players={players} seed={seed} step={len(log)}"
        assert len(log) <= MAX_LOG_ENTRIES, f"{judge.where}: no end after {MAX_LOG_ENTRIES} moves"
        table = judge.possible(table, counted)
        state = table.state
        judged: Judged | None
        if isinstance(game_engine, Chance) and game_engine.chance_kind(state) is not None:
            entry = game_engine.sample_chance(state, rng)
            assert plain_json(entry), f"{judge.where}: the outcome is not plain JSON: {entry}"
            assert game_engine.chance_violations(state, entry) == [], f"{judge.where}: {entry}"
            after, judged = game_engine.advance_chance(table, entry), None
        else:
            listed = judge.every_oracle_move(table)
            known = judge.oracle_moves_accepted(table, listed)
            judge.every_oracle_move_offered(table, listed)
            judge.oracle_refusals_refused(table)
            judge.random_actions(table, counted)
            entry, judged = judge.draw(table, rng, known)
            after = judge.take(table, entry, judged)
        has = judge.census(after.state)
        judge.step(state, entry, after.state, counted, has)
        log.append(entry)
        judgements.append(judged)
        reached.append(after)
        table, counted = after, has
    judge.where = f"{game_id} players={players} seed={seed} end"
    judge.possible(table, counted)
    return judge.end(log, judgements, reached, table.state)
