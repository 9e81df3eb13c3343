"""Game engines: play a whole game from its setup, one action or chance outcome at a time.

An engine holds a game's full state as JSON (hands, deck, dice, whose turn it is: more than
the score JSON), versioned by the engine. The rules themselves stay in the game's Game: the
engine's judgement of an action is the Game's `check` on the state `check` reads
(`check_state`), plus what only the table knows (whose turn it is, what is in a hand, which
die was rolled). A transition takes the effects that `check` answered, so each rule has one
implementation.

A log is a JSON list. Its first entry is the setup,
    {"setup": {"game": id, "players": [names], "seed": s, "options": {...}, "version": v,
               "house_rules": [...]}}
and every later entry is either an action in the game's `check` format (it has a "type") or
a chance outcome, marked as such: {"chance": "roll", ...} or {"chance": "draw", ...}.
`simulate` writes one by playing uniformly at random among the legal actions; `replay`
plays one back and stops at the first entry that breaks a rule. docs/engines.md describes
each game's engine.
"""
from __future__ import annotations

import bisect
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol

from pydantic import BaseModel, ValidationError

from scorer.games.core import (
    CheckResult,
    InvalidState,
    PlayerName,
    Reading,
    StateModel,
    StateT,
    Violation,
    describe_value,
    duplicate_names,
    player_count,
    violation,
    violations_from_error,
)

if TYPE_CHECKING:
    from scorer.games.core import Game

State = dict[str, Any]  # an engine's full state, a JSON object
Action = dict[str, Any]  # an action in the game's check format
Outcome = dict[str, Any]  # a chance outcome: {"chance": kind, ...}
Judged = tuple[dict[str, Any], Any]  # a judgement in check's result shape, and the action as parsed

LOG_RULE = "Game log format"
MAX_LOG_ENTRIES = 5000      # far above any simulated game (docs/engines.md); bounds a replay
PLAYER_NAMES = ("Ann", "Ben", "Cal", "Dee", "Eli", "Fay")
RANDOM_ACTIONS = 2          # actions an engine's action_space draws at each step of a test game


class Run(Protocol):
    """Candidates of one action type in their order, as the simulator's draw reads them: how
    many, and the one at a position (a list, or actions made only when drawn: `Made`)."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> Action: ...

    def __iter__(self) -> Iterator[Action]: ...


class Made:
    """A run of actions made only when asked for: one for each spec, by `make`. A draw that
    takes one or two of fifty candidates builds one or two."""

    def __init__(self, specs: Sequence[Any], make: Callable[[Any], Action]):
        self.specs = specs
        self.make = make

    def __len__(self) -> int:
        return len(self.specs)

    def __getitem__(self, index: int) -> Action:
        return self.make(self.specs[index])

    def __iter__(self) -> Iterator[Action]:
        return map(self.make, self.specs)


class IllegalMove(Exception):
    """The action or chance outcome cannot happen on this state; `.violations` says why."""

    def __init__(self, violations: Sequence[Violation]):
        self.violations = list(violations)
        super().__init__("; ".join(v["message"] for v in self.violations))


class Table(Generic[StateT]):
    """One state of a game as a step reads it: the full state, the check state as `check`
    parses it (`checked`) and as the moves' checks read it (`reading`), each made the first
    time it is asked for and then handed along with the table. A step makes one Table and
    passes it to every judgement it makes (the simulator's draw, the move, whether the turn
    goes on, the tests' probes); nothing is kept once the step lets go of it."""

    def __init__(self, engine: Engine[StateT], state: State):
        self.engine = engine
        self.state = state

    @cached_property
    def score_view(self) -> dict[str, Any]:
        """The score JSON of the state (Engine.score_state)."""
        return self.engine.score_state(self.state)

    @cached_property
    def check_view(self) -> dict[str, Any]:
        """The check state, the JSON `check` judges the next action on (Engine.check_state):
        the very score view where the engine's check state is its score JSON, made once."""
        if getattr(self.engine.check_state, "__func__", None) is Engine.check_state:
            return self.score_view
        return self.engine.check_state(self.state)

    @cached_property
    def checked(self) -> StateT:
        """The check state as `check` parses it, the engine's own state read without the
        impossible-state checks (Game.parse_own_state); InvalidState when it is malformed."""
        return self.engine.game.parse_own_state(self.check_view)

    @cached_property
    def reading(self) -> Reading[StateT]:
        return self.engine.game.read(self.checked)


class Move(ABC, Generic[StateT]):
    """One action type of a game, in one place: its model (the check format's), what the
    rulebook forbids (`check`, with reasons citing the rulebook's sections, and the effects
    of a legal action), what only the table knows (whose turn it is, what is in a hand), the
    transition and what it shows, and the candidates the pieces allow. The game's `check`
    and its engine both call it, so each rule is written once. A game lists its moves in
    `Game.moves`; docs/engines.md tells how to add one."""

    model: ClassVar[type[BaseModel]]    # the action's model in the check format
    type: ClassVar[str]                 # the action's "type" tag

    @abstractmethod
    def check(self, reading: Any, action: Any) -> CheckResult:
        """What the rulebook forbids about the parsed action on the read state (the game's
        Reading), with reasons; the effects of a legal action."""

    def turn_violations(self, table: Table[StateT], action: Any) -> list[Violation]:
        """It is another player's turn: judged before `check`, so a move out of turn is
        refused for that and not for the acting player's own position."""
        return []

    def table_violations(self, table: Table[StateT], action: Any) -> list[Violation]:
        """What only the full state refuses about an action `check` judged legal: the card
        is not in the hand, that is not the die rolled."""
        return []

    @abstractmethod
    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        """The full state after the legal action, following the effects `check` answered
        (a new state: the one given is never changed)."""

    @abstractmethod
    def observed_effects(self, before: State, action: Action, after: State) -> dict[str, Any]:
        """What a transition did, read from the two states in the terms of `check`'s effects
        (a subset of its keys): the simulation tests compare the two."""

    @abstractmethod
    def candidates(self, table: Table[StateT], rng: random.Random | None = None) -> Iterable[Action]:
        """The actions of this type the pieces on the table allow, legal or not: every
        legal one (or, where the engine's `candidates_complete` is False, a sample)."""

    def drawable(self, table: Table[StateT], rng: random.Random | None = None) -> Run:
        """`candidates` as the simulator's draw takes them, counted before any is drawn: a
        list by default; a move with many may answer them `Made`, each built when drawn."""
        return list(self.candidates(table, rng))


class Chance(ABC):
    """The part of an engine for a game with rolls or draws (a mixin before Engine:
    `class MyEngine(Chance, Engine)`); a game without chance leaves it out."""

    @abstractmethod
    def chance_kind(self, state: State) -> str | None:
        """The kind of chance outcome the game waits for ("roll", "draw"), or None when a
        player acts next or the game is over."""

    @abstractmethod
    def sample_chance(self, state: State, rng: random.Random) -> Outcome:
        """A chance outcome drawn with the game's odds (only when chance_kind is not None)."""

    @abstractmethod
    def chance_violations(self, state: State, outcome: Outcome) -> list[Violation]:
        """Why this recorded outcome cannot happen now ([] when it can)."""

    @abstractmethod
    def apply_chance(self, state: State, outcome: Outcome) -> State:
        """The state after a possible chance outcome."""


class Engine(ABC, Generic[StateT]):
    """One game's engine. Subclasses set `version` and `house_rules` (and
    `candidates_complete = False` when their candidates are a sample) and implement the
    abstract methods (and Chance's, for a game with rolls or draws); the actions are the
    game's Moves, and the judgement, the moves and the log handling are shared here."""

    version: ClassVar[int]
    # Where the engine follows a house reading of the rulebook (docs/house-rules.md): these
    # notes go into every log's setup entry, so a reader knows which reading was played.
    house_rules: ClassVar[tuple[str, ...]] = ()
    # The game's variants, {option: its choices} (Harvest Dice: {"mode": ("basic", "advanced")}):
    # a simulated game picks each at random from its seed, and the setup entry records them.
    option_choices: ClassVar[dict[str, tuple[Any, ...]]] = {}
    # The rulebook's own choice of each variant: a log written by hand may leave an option out.
    option_defaults: ClassVar[dict[str, Any]] = {}
    # Whether `candidate_actions` lists every legal action (a superset of them), as the
    # random simulation tests then assert: each action of `action_space` the engine judges
    # legal must be among the candidates (or one with the same outcome must be). An engine
    # whose candidates are a random SAMPLE of the legal actions (where the choices multiply)
    # sets this to False.
    candidates_complete: ClassVar[bool] = True
    # Action types the random player now and then keeps for last at a step, {type: how often}:
    # it tries every other candidate first and takes one of these only when none is legal. A
    # uniform draw would never reach some ends and choices (Garden Dice's sun spent in every
    # game, Harvest Dice's pig full before any garden); the candidates stay what they are.
    held_back: ClassVar[dict[str, float]] = {}

    def __init__(self, game: Game[StateT]) -> None:
        self.game = game

    # what each game provides ------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, names: Sequence[str], options: dict[str, Any]) -> State:
        """The state before the first chance outcome or action (nothing dealt or rolled);
        `options` holds one choice of each of `option_choices`."""

    @abstractmethod
    def action_space(self, state: State, rng: random.Random) -> list[Action]:
        """RANDOM_ACTIONS actions drawn at random from the whole action space, most of them
        illegal, for the random simulation tests."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """The game has ended."""

    @abstractmethod
    def score_state(self, state: State) -> dict[str, Any]:
        """The game's score JSON for this state (what `score` reads)."""

    def check_state(self, state: State) -> dict[str, Any]:
        """The state `check` judges the next action on: the score JSON, unless the engine
        says otherwise (a table then reads one view for both)."""
        return self.score_state(state)

    def settle(self, table: Table[StateT]) -> Table[StateT]:
        """The table after what follows a move by itself (the dice passing when none is
        usable, say); as it is by default."""
        return table

    # the moves: each game's Moves by default; an engine written before them overrides these -------
    def candidate_actions(self, state: State, rng: random.Random) -> list[Action]:
        """The actions the pieces on the table allow, for the simulator to choose among once
        `check` has judged them: every move's candidates, in the order of the game's moves.
        Every legal action must be among them, or (where the choices multiply, as in a round
        where every player picks a card) a uniform sample of them drawn with rng, and then
        the engine sets `candidates_complete` to False."""
        table = self.read(state)
        return [action for move in self.game.moves for action in move.candidates(table, rng)]

    def candidate_runs(self, table: Table[StateT], rng: random.Random) -> list[tuple[str, Run]]:
        """`candidate_actions` as the simulator's draw takes them: in their order, in runs of
        one action type each, (type, run). By default the runs of `candidate_actions`; an
        engine may answer runs whose actions are made only when drawn (a move's `drawable`),
        so that a draw builds only what it draws (Garden Dice)."""
        candidates = self.candidate_actions(table.state, rng)
        return [(kind, list(run)) for kind, run in groupby(candidates, key=itemgetter("type"))]

    def turn_violations(self, state: State, action: Any) -> list[Violation]:
        """Why this parsed action is not the acting player's to take now (its move's)."""
        move = self.game.move_of.get(action.type)
        return move.turn_violations(self.read(state), action) if move is not None else []

    def table_violations(self, state: State, action: Any) -> list[Violation]:
        """What only the full state can refuse about a parsed action `check` judged legal
        (its move's)."""
        move = self.game.move_of.get(action.type)
        return move.table_violations(self.read(state), action) if move is not None else []

    def transition(self, state: State, action: Any, effects: dict[str, Any]) -> State:
        """The state after a legal action, following the effects `check` answered."""
        return self.advance(self.read(state), action, effects).state

    def observed_effects(self, before: State, action: Action, after: State) -> dict[str, Any]:
        """What a transition did, in check's effect keys (its move's)."""
        return self.game.move_of[action["type"]].observed_effects(before, action, after)

    def advance(self, table: Table[StateT], action: Any, effects: dict[str, Any],
                reached: Table[StateT] | None = None) -> Table[StateT]:
        """The table after a legal action: its move's transition, then what follows by itself
        (`reached`: as `settle_unless_reached` takes it)."""
        return self.settle_unless_reached(self.read(self._move(action).transition(table.state, action, effects)), reached)

    def settle_unless_reached(self, table: Table[StateT], reached: Table[StateT] | None = None) -> Table[StateT]:
        """`settle`, unless `reached` (the table a live game reached after this very entry,
        handed to its replay) equals this table by value: a settled state stays settled, so
        that table is the answer, with all it has read, and nothing is asked again."""
        return live_table(table, reached) or self.settle(table)

    def _move(self, action: Any) -> Move[StateT]:
        return self.game.move_of[action.type]

    # chance: Chance's, for a game that has it ------------------------------------------------
    def waits_for(self, state: State) -> str | None:
        """The kind of chance outcome the game waits for, None in a game without chance."""
        return self.chance_kind(state) if isinstance(self, Chance) else None

    # the shared machinery -------------------------------------------------------------------
    def read(self, state: State | Table[StateT]) -> Table[StateT]:
        """The state as a step reads it (a Table already made is handed back as it is)."""
        return state if isinstance(state, Table) else Table(self, state)

    def read_state(self, state: State) -> StateT:
        """The check state as `check` parses it (InvalidState when it cannot)."""
        return self.read(state).checked

    def parse_action(self, table: Table[StateT], raw_action: Any) -> Any:
        """The action as `check` parses it, to be judged on this table; InvalidState when it
        cannot be parsed. An engine whose actions carry a large part of the table may parse
        that part once per table for the many actions judged on it (Propagation's board)."""
        return self.game.parse_action(raw_action)

    def judge(self, state: State | Table[StateT], raw_action: Any) -> dict[str, Any]:
        """The engine's judgement of an action, in `check`'s result shape: `check` on the
        state it reads, then what only the table knows."""
        return self._judged(self.read(state), raw_action)[0]

    def judge_all(self, state: State | Table[StateT], raw_actions: Iterable[Any]) -> list[dict[str, Any]]:
        """`judge` for each of several actions on one state."""
        return [answer for answer, _ in self.judgements(state, raw_actions)]

    def judgements(self, state: State | Table[StateT], raw_actions: Iterable[Any]) -> list[tuple[dict[str, Any], Any]]:
        """`judge_all`, each judgement with the action as parsed (None when it cannot be
        read), so that a legal one is moved without being parsed again."""
        table = self.read(state)
        return [self._judged(table, raw_action) for raw_action in raw_actions]

    def any_legal(self, state: State | Table[StateT], raw_actions: Iterable[Any]) -> bool:
        """Whether any of the actions is legal, judging them only until one is."""
        table = self.read(state)
        return any(self._judged(table, action)[0]["legal"] for action in raw_actions)

    def _judged(self, table: Table[StateT], raw_action: Any) -> tuple[dict[str, Any], Any]:
        """The judgement on the table, and the action as parsed (None when it cannot be
        read). The parsed action goes to `check` as it is: pydantic takes a model instance
        without validating it again."""
        try:
            action = self.parse_action(table, raw_action)
        except InvalidState as invalid:
            return {"legal": False, "violations": invalid.violations, "effects": {}}, None
        move = self.game.move_of.get(action.type)
        out_of_turn = (move.turn_violations(table, action) if move is not None
                       else self.turn_violations(table.state, action))
        if out_of_turn:
            return {"legal": False, "violations": out_of_turn, "effects": {}}, action
        try:
            answer = self.game.check_read(table.reading, action)
        except InvalidState as invalid:
            return {"legal": False, "violations": invalid.violations, "effects": {}}, None
        if not answer["legal"]:
            return answer, action
        refused = (move.table_violations(table, action) if move is not None
                   else self.table_violations(table.state, action))
        if refused:
            return {"legal": False, "violations": refused, "effects": {}}, action
        return answer, action

    def apply(self, state: State, raw_action: Any) -> State:
        """The state after the action; IllegalMove when the engine refuses it."""
        return self.apply_on(self.read(state), raw_action).state

    def apply_on(self, table: Table[StateT], raw_action: Any, judged: Judged | None = None,
                 reached: Table[StateT] | None = None) -> Table[StateT]:
        """`apply` on a state already read: the table after the action. `judged`, where
        given, is the engine's judgement of this very action on a table of this value, made
        before (the random simulation tests' live game), with the action as it parsed it
        (`judgements`): it is taken, not made or parsed again; and `reached` the table that
        game reached after it (`settle_unless_reached`)."""
        if self.is_over(table.state):
            raise IllegalMove([violation("game-over", LOG_RULE, "the game is over: no more moves",
                                         "action")])
        kind = self.waits_for(table.state)
        if kind is not None:
            raise IllegalMove([violation("chance-expected", LOG_RULE,
                                         f"the game waits for a {kind}, not an action", "action")])
        if judged is not None and judged[0]["legal"]:
            answer, action = judged
        else:
            answer, action = self._judged(table, raw_action)
        if not answer["legal"]:
            raise IllegalMove(answer["violations"])
        return self.advance(table, action, answer["effects"], reached)

    def resolve_chance(self, state: State, outcome: Outcome) -> State:
        """The state after a recorded chance outcome; IllegalMove when it cannot happen."""
        return self.resolve_chance_on(self.read(state), outcome).state

    def resolve_chance_on(self, table: Table[StateT], outcome: Outcome,
                          reached: Table[StateT] | None = None) -> Table[StateT]:
        """`resolve_chance` on a state already read: the table after the outcome (`reached`:
        as `settle_unless_reached` takes it)."""
        state = table.state
        if self.is_over(state):
            raise IllegalMove([violation("game-over", LOG_RULE, "the game is over: no more rolls or draws",
                                         "chance")])
        kind = self.waits_for(state)
        if kind is None or not isinstance(self, Chance):
            raise IllegalMove([violation("no-chance-now", LOG_RULE,
                                         "no roll or draw happens now: a player's action comes next",
                                         "chance")])
        if outcome.get("chance") != kind:
            raise IllegalMove([violation("wrong-chance", LOG_RULE,
                                         f"the game waits for a {kind}, not {describe_value(outcome.get('chance'))}",
                                         "chance")])
        found = self.chance_violations(state, outcome)
        if found:
            raise IllegalMove(found)
        return self.advance_chance(table, outcome, reached)

    def advance_chance(self, table: Table[StateT], outcome: Outcome,
                       reached: Table[StateT] | None = None) -> Table[StateT]:
        """The table after a possible chance outcome: Chance's `apply_chance`, read. A game
        that reads the new state itself (to settle what follows by itself) answers the table
        it read, so the next step does not read it again, and takes `reached` as `settle_unless_reached`
        does."""
        assert isinstance(self, Chance), f"{self.game.title} has no chance"
        table = self.read(self.apply_chance(table.state, outcome))
        return live_table(table, reached) or table

    def setup_entry(self, names: Sequence[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"setup": {"game": self.game.id, "players": list(names), "seed": seed, "options": options,
                          "version": self.version, "house_rules": list(self.house_rules)}}

    def random_legal_action(self, state: State | Table[StateT],
                            rng: random.Random) -> tuple[Action, dict[str, Any]]:
        """An action drawn uniformly among the legal candidates, with its judgement:
        candidates are drawn at random and judged until one is legal, which is a uniform
        draw among the legal ones without judging them all. The types `held_back` at this
        step are drawn only when no other candidate is legal."""
        action, answer, _ = self.draw_legal(self.read(state), rng)
        return action, answer

    def draw_legal(self, table: Table[StateT], rng: random.Random) -> tuple[Action, dict[str, Any], Any]:
        """random_legal_action's draw, with the action as parsed (moved as it is: an action
        is parsed once a step)."""
        runs = self.candidate_runs(table, rng)
        held = {kind for kind, chance in self.held_back.items() if rng.random() < chance}
        for tier in ([run for kind, run in runs if kind not in held], [run for kind, run in runs if kind in held]):
            for action in drawn_at_random(tier, rng):
                answer, parsed = self._judged(table, action)
                if answer["legal"]:
                    return action, answer, parsed
        raise RuntimeError(f"{self.game.title}: the engine found no legal action in {table.state}")

    def simulate(self, players: int, seed: int) -> tuple[list[dict], dict[str, Any]]:
        """A whole game played at random from the seed: (log, end state's score JSON)."""
        log, state = self.play(players, seed)
        return log, self.score_state(state)

    def play(self, players: int, seed: int) -> tuple[list[dict], State]:
        """`simulate`'s game: (log, the engine's full end state), which `replay` of the log
        would reach again."""
        names = player_names(self.game, players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidState([violation("bad-seed", LOG_RULE, f"the seed is a whole number, not {seed!r}",
                                          "seed")])
        rng = random.Random(seed)
        options = {name: rng.choice(choices) for name, choices in self.option_choices.items()}
        table = self.read(self.initial_state(names, options))
        log: list[dict] = [self.setup_entry(names, seed, options)]
        while not self.is_over(table.state):
            if len(log) > MAX_LOG_ENTRIES:
                raise RuntimeError(f"{self.game.title}: no end after {MAX_LOG_ENTRIES} moves (seed {seed})")
            if isinstance(self, Chance) and self.chance_kind(table.state) is not None:
                outcome = self.sample_chance(table.state, rng)
                table = self.resolve_chance_on(table, outcome)
                log.append(outcome)
                continue
            action, answer, parsed = self.draw_legal(table, rng)
            table = self.advance(table, parsed, answer["effects"])
            log.append(action)
        return log, table.state

    def replay(self, log: Any, judged: Sequence[Judged | None] = (),
               reached: Sequence[Table[StateT] | None] = ()) -> dict[str, Any]:
        """Play a recorded log from its setup. Answers the final state and its score, or the
        first entry that breaks a rule with its violations and the state before it.
        InvalidState when the log itself is unreadable (not a list, no setup, too long).
        `judged[index]`, where given, is the judgement of the action `log[index]` made as the
        log was written (the random simulation tests judge every step as they play it), with
        the action as parsed then (`judgements`): that action is moved by it, not judged or
        parsed a second time; what follows by itself and the
        chance outcomes are played as in any replay. `reached[index]`, where given, is the
        table that game reached after `log[index]`: where the replay's own table equals it by
        value once the entry's transition is made, what follows by itself is not played again
        (a settled state stays settled, `settle_unless_reached`), and the replay goes on with that table."""
        names, options = self._read_setup(log)
        table = self.read(self.initial_state(names, options))
        for index, entry in enumerate(log[1:], start=1):
            try:
                table = self._step(table, entry, index, judged[index] if index < len(judged) else None,
                                   reached[index] if index < len(reached) else None)
            except IllegalMove as illegal:
                return {"legal": False, "index": index, "entry": entry, "violations": illegal.violations,
                        "state": table.state, "check_state": self.check_state(table.state)}
        state = table.state
        return {"legal": True, "moves": len(log) - 1, "over": self.is_over(state), "state": state,
                "end_state": self.score_state(state), "score": self.game.score(self.score_state(state))}

    def _step(self, table: Table[StateT], entry: Any, index: int, judged: Judged | None = None,
              reached: Table[StateT] | None = None) -> Table[StateT]:
        if not isinstance(entry, dict):
            raise IllegalMove([violation("not-an-entry", LOG_RULE,
                                         "each log entry is an object: an action or a chance outcome",
                                         f"log[{index}]")])
        if "chance" in entry:
            return self.resolve_chance_on(table, entry, reached)
        return self.apply_on(table, entry, judged, reached)

    def _read_setup(self, log: Any) -> tuple[list[str], dict[str, Any]]:
        """The players' names, as a state reads them, and the options of a log's setup;
        InvalidState when the log is no log of this game and engine. Nothing the setup holds
        is written back into a message as it came (a number may be too long to write)."""
        def refuse(code: str, message: str, path: str) -> InvalidState:
            return InvalidState([violation(code, LOG_RULE, message, path)])

        if not isinstance(log, list) or not log:
            raise refuse("not-a-log", "a game log is a list whose first entry is the setup", "log")
        if len(log) > MAX_LOG_ENTRIES:
            raise refuse("log-too-long", f"a game log holds at most {MAX_LOG_ENTRIES} entries, "
                                         f"not {len(log)}", "log")
        setup = log[0].get("setup") if isinstance(log[0], dict) else None
        if not isinstance(setup, dict):
            raise refuse("missing-setup", 'the first entry must be {"setup": {...}}', "log[0]")
        options = setup.get("options", {})
        if not isinstance(options, dict) or not all(isinstance(name, str) for name in options):
            raise refuse("bad-options", "setup.options is an object", "log[0].setup.options")
        options = {**self.option_defaults, **options}
        for key, value in [("version", setup.get("version")), ("seed", setup.get("seed")), ("game", setup.get("game")),
                           *((f"options.{name}", choice) for name, choice in options.items())]:
            if too_long_to_write(value):
                raise refuse("number-too-large", f"setup.{key} is {describe_value(value)}; no game counts "
                                                 "anywhere near that high", f"log[0].setup.{key}")
        if setup.get("game", self.game.id) != self.game.id:
            raise refuse("wrong-game", f"this log is of {describe_value(setup.get('game'))}, not {self.game.id}",
                         "log[0].setup.game")
        if setup.get("version") != self.version:
            raise refuse("unknown-version", f"this log was written by engine version "
                                            f"{describe_value(setup.get('version'))}; {self.game.title}'s engine "
                                            f"is version {self.version}", "log[0].setup.version")
        names = self._read_players(setup.get("players"))
        for name, choices in self.option_choices.items():
            if name not in options or options[name] not in choices or isinstance(options[name], bool):
                raise refuse("bad-option", f"setup.options.{name} is one of "
                                           f"{', '.join(map(str, choices))}", f"log[0].setup.options.{name}")
        unknown = sorted(set(options) - set(self.option_choices))
        if unknown:
            raise refuse("unknown-option", f"{self.game.title} has no option {describe_value(unknown[0])}",
                         f"log[0].setup.options.{unknown[0]}")
        return names, options

    def _read_players(self, names: Any) -> list[str]:
        """setup.players: as many as the game allows (counted before any name is read), each
        name read as a state reads it (stripped, NFC, 1 to 40 characters), none twice."""
        game = self.game
        if not isinstance(names, list):
            raise InvalidState([violation("bad-players", LOG_RULE, "setup.players lists the players' names",
                                          "log[0].setup.players")])
        found = player_count(len(names), game.min_players, game.max_players, game.roster_rule, game.title)
        if found:
            raise InvalidState([{**v, "path": "log[0].setup.players"} for v in found])
        try:
            names = SetupPlayers.model_validate({"players": names}).players
        except ValidationError as error:
            raise InvalidState([{**v, "path": f"log[0].setup.{v['path']}"}
                                for v in violations_from_error(error, LOG_RULE)]) from None
        found = duplicate_names(names, game.roster_rule)
        if found:
            raise InvalidState([{**v, "path": "log[0].setup.players"} for v in found])
        return names


class SetupPlayers(StateModel):
    """The players of a log's setup, whose names are read as every state reads them."""

    players: list[PlayerName]


def drawn_at_random(runs: Sequence[Run], rng: random.Random) -> Iterator[Action]:
    """The actions of the runs, one after another in a random order: the order in which
    popping a random position of all of them in a list (`list.pop(rng.randrange(len))`) takes
    them, drawing the same random numbers, each action made only when it is drawn."""
    sizes = [len(run) for run in runs]
    taken: list[int] = []  # the positions drawn so far, in the runs laid end to end, ascending
    for left in range(sum(sizes), 0, -1):
        position = rng.randrange(left)  # among those left: the position among all is further on
        for earlier in taken:
            if earlier > position:
                break
            position += 1
        bisect.insort(taken, position)
        for run, size in zip(runs, sizes):
            if position < size:
                yield run[position]
                break
            position -= size


def live_table(table: Table[StateT], reached: Table[StateT] | None) -> Table[StateT] | None:
    """The table a live game reached, where it equals this one by value (None otherwise)."""
    return reached if reached is not None and reached.state == table.state else None


def too_long_to_write(value: Any) -> bool:
    """A whole number with more digits than Python turns into text (as the JSON reader
    refuses one); such a number cannot be put into a message."""
    limit = sys.get_int_max_str_digits()
    return (isinstance(value, int) and not isinstance(value, bool) and limit > 0
            and abs(value) >= 10**limit)


def player_names(game: Game[Any], players: int) -> list[str]:
    """Names for a simulated game; InvalidState when the game cannot have that many players."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            game.min_players <= players <= game.max_players):
        allowed = f"{game.min_players} to {game.max_players}"
        raise InvalidState([violation("player-count", game.roster_rule,
                                      f"{game.title} is played by {allowed} players, not {players!r}",
                                      "players")])
    return [PLAYER_NAMES[i] if i < len(PLAYER_NAMES) else f"Player {i + 1}" for i in range(players)]


def engine_of(game: Game[StateT]) -> Engine[StateT]:
    """The game's engine; InvalidState when it has none yet."""
    if game.engine is None:
        raise InvalidState([violation("no-engine", LOG_RULE,
                                      f"{game.title} cannot be simulated or replayed yet", "game")])
    return game.engine
