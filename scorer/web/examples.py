"""Simulated games for the pages' examples and GET /api/games/<id>/example, at a bounded cost.

An example is a whole game played at random by the game's engine (scorer.games.engine), so it is
always possible. One simulation costs up to some 0.7 s (docs/engines.md), so a flood of
example requests must not be able to take the server from everyone else:

- an example's seed is one of SEED_POOL per game and player count (0 to SEED_POOL - 1): a
  fresh example draws one of them and a seed outside them is refused, so there are only so
  many games to play;
- the last CACHED_GAMES games played are kept, by (game, players, seed), each log as JSON
  text (a 4-player Propagation log is some 340 KB of it and several MB as Python objects);
- a worker process plays one game at a time, simulated for an example or replayed from a
  posted log (a replay of 5,000 entries costs some 0.6 s): a request waits at most
  GAMES_WAIT_SECONDS for its turn and is then answered busy (ExamplesBusy: a 503 with
  Retry-After), never held longer, and when GAMES_WAITING requests are waiting already, a
  request is answered busy at once. So a flood of either plays one game at a time, and
  every other request still gets its share of the processor. The turn to play games is a
  line of its own: a request playing a game never waits in the line of the worker's other
  computing (scorer.web.turns), nor a score behind replays.
"""
from __future__ import annotations

import heapq
import itertools
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import g, has_request_context

from scorer.games.engine import engine_of, player_names
from scorer.store.green import off_the_loop

if TYPE_CHECKING:
    from scorer.games.core import Game

SEED_POOL = 256       # seeds per game and player count
CACHED_GAMES = 32     # at most some 13 MB of logs per worker process
WAIT_SECONDS = 2.0    # several simulations' time: a request waits no longer for its turn
RETRY_AFTER_SECONDS = 2
# Requests that may wait for a turn at once, by default (kit builds, exports): more waiters
# than a turn's WAIT_SECONDS can serve would only be answered busy later.
MAX_WAITING = 3
# A worker's own line to play games: as long as its line for other computing (scorer.web.turns).
# A waiting request is a greenlet, which costs nothing; one refused comes straight back: 40
# addresses replaying flat out with 3 waiting in a worker and 2 s to wait were answered 503 some
# 60-90 times a second, and that work on the loop left the games' turn a third of the replays.
GAMES_WAIT_SECONDS, GAMES_WAITING = 10.0, 256
HELD_TURN = "gardenkit_turn"   # the request's flask.g names the OneAtATime whose turn it holds


class Busy(Exception):
    """A worker's turn for costly work stayed taken: a 503 with Retry-After."""

    retry_after = RETRY_AFTER_SECONDS
    doing = "work is being done for other people"

    def __init__(self) -> None:
        super().__init__(f"{self.doing} just now; try again in {RETRY_AFTER_SECONDS} seconds")


class ExamplesBusy(Busy):
    """Every turn to play a game was taken for WAIT_SECONDS: ask again a little later."""

    doing = "games are being played out for other people"


class OneAtATime:
    """A process's one turn for one kind of costly work (playing a game; building a print
    kit; a request that computes, scorer.web.turns): a request waits at most `wait_seconds`
    for it and is then answered `busy`, and at once when `most_waiting` requests are waiting
    already. A request that holds the turn and asks for it again has it at once: a view run
    in its kind's turn (scorer.web.turns) goes through code that takes the same turn for
    itself when run alone.

    The waiters have the turn in the order of their `since` (the moment they arrived, unless
    they say otherwise: scorer.web.turns gives the moment its address was last served), the
    earliest first; the turn passes straight from its holder to the next."""

    def __init__(self, busy: type[Busy], wait_seconds: float = WAIT_SECONDS, most_waiting: int = MAX_WAITING) -> None:
        self.busy = busy
        self.wait_seconds = wait_seconds
        self._guard = threading.Lock()   # over _held and _waiters, held for a few steps only
        self._held = False
        self._waiters: list[tuple[float, int, threading.Event]] = []   # a heap: (since, order, its wake-up)
        self._order = itertools.count()
        # The holder and the waiters, counted under _guard. A semaphore counted them before: under
        # gevent, threading's semaphore waits for its condition's lock even when it need not
        # wait, and 240 pipelined scores kept a newcomer's score there for 20-60 s while the
        # turn itself was free.
        self._most_in_line = most_waiting + 1
        self._in_line = 0

    @contextmanager
    def turn(self, since: float | None = None) -> Iterator[bool]:
        """The turn; says whether the request had to wait for it (another held it)."""
        # The request's own g, kept: an export's stream gives its turn back after the request
        # context is gone.
        request_g = g._get_current_object() if has_request_context() else None
        if request_g is not None and request_g.get(HELD_TURN) is self:
            yield False
            return
        with self._guard:
            if self._in_line >= self._most_in_line:
                raise self.busy()
            self._in_line += 1
        try:
            waited = self._take(since, self.wait_seconds)
            noting = request_g if request_g is not None and HELD_TURN not in request_g else None
            if noting is not None:
                setattr(noting, HELD_TURN, self)
            try:
                yield waited
            finally:
                if noting is not None:
                    noting.pop(HELD_TURN)
                self._give()
        finally:
            with self._guard:
                self._in_line -= 1

    @contextmanager
    def next_turn(self) -> Iterator[None]:
        """The turn for work already begun (the next batch of an export under way), waited for
        however long: every holder keeps it only for a short step."""
        self._take(None, None)
        try:
            yield
        finally:
            self._give()

    def _take(self, since: float | None, seconds: float | None) -> bool:
        """Take the turn: False when it was free, True once it came after a wait; `busy` when it
        did not come within `seconds` (None: however long)."""
        with self._guard:
            if not self._held:
                self._held = True
                return False
            order = next(self._order)
            waiter = (time.monotonic() if since is None else since, order, threading.Event())
            heapq.heappush(self._waiters, waiter)
        try:
            came = waiter[2].wait(seconds) or self._left(waiter)
        except BaseException:   # its greenlet stopped while it waited: the turn must not pass to it
            if self._left(waiter):
                self._give()
            raise
        if not came:
            raise self.busy()
        return True

    def _left(self, waiter: tuple[float, int, threading.Event]) -> bool:
        """Take a waiter out of the line; True when the turn was handed to it first (it holds it)."""
        with self._guard:
            if waiter[2].is_set():
                return True
            self._waiters.remove(waiter)
            heapq.heapify(self._waiters)
            return False

    def _give(self) -> None:
        """Pass the turn to the earliest waiter, still held; or free it."""
        with self._guard:
            if self._waiters:
                heapq.heappop(self._waiters)[2].set()
            else:
                self._held = False


class BadExampleQuery(ValueError):
    """A seed or player count in the address that is no whole number, or a seed outside the pool."""


@dataclass(frozen=True)
class Position:
    """A moment of a simulated game for the rules page: the state `check` reads before the
    log's entry `index` (the setup is entry 0) and that entry, an action the engine found legal."""

    index: int
    state: dict
    action: dict


@dataclass
class SimulatedGame:
    game_id: str
    players: int
    seed: int
    log_text: str
    end_state: dict
    position: Position | None = None  # worked out when a rules page first asks for it

    def log(self) -> list:
        return json.loads(self.log_text)


def fresh_seed(instead_of: int | None = None) -> int:
    """A seed of the pool drawn at random; never `instead_of`, so "another example" is another."""
    seed = secrets.randbelow(SEED_POOL - (instead_of is not None))
    return seed + 1 if instead_of is not None and seed >= instead_of else seed


def read_seed(text: str | None, default: int) -> int:
    """An address's ?seed=: one of the pool's seeds; `default` when absent."""
    if text is None:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) < SEED_POOL):
        raise BadExampleQuery(f"?seed= takes a whole number from 0 to {SEED_POOL - 1}, not {text[:40]!r}")
    return int(text)


def read_players(game: Game, text: str | None, default: int) -> int:
    """An address's ?players=: a whole number the game allows (InvalidState otherwise, naming
    the rulebook's player count); `default` when absent."""
    if text is None:
        return default
    if not (text.isascii() and text.isdigit()):
        raise BadExampleQuery(f"?players= takes a whole number, not {text[:40]!r}")
    if len(text) > 6:  # not read: a number this long is no player count (and int() of thousands of digits costs)
        raise BadExampleQuery(f"?players= is how many play; {len(text)} digits is far too many")
    player_names(game, int(text))  # refuses a count the game does not allow
    return int(text)


class SimulatedGames:
    """The games played for examples: kept (least recently used first out), and played one at
    a time per process."""

    def __init__(self, cached: int = CACHED_GAMES, wait_seconds: float = WAIT_SECONDS,
                 most_waiting: int = MAX_WAITING) -> None:
        self.cached = cached
        self._games: OrderedDict[tuple[str, int, int], SimulatedGame] = OrderedDict()
        self._games_lock = threading.Lock()
        self.playing = OneAtATime(ExamplesBusy, wait_seconds, most_waiting)

    @property
    def wait_seconds(self) -> float:
        return self.playing.wait_seconds

    @wait_seconds.setter
    def wait_seconds(self, seconds: float) -> None:
        self.playing.wait_seconds = seconds

    def turn(self) -> AbstractContextManager[bool]:
        """The process's one turn to play a game (a simulation, or a replay of a posted log);
        ExamplesBusy when it is not free in time, or at once when MAX_WAITING requests are
        waiting for it already. Under `gardenkit serve` the request took it before its view
        began (scorer.web.turns), and has it here at once."""
        return self.playing.turn()

    def game(self, game: Game, players: int, seed: int) -> SimulatedGame:
        """The game the engine plays from this seed, from the kept ones when it is there."""
        key = (game.id, players, seed)
        found = self._kept(key)
        if found is not None:
            return found
        with self.turn():
            found = self._kept(key)  # played by the request that had the turn before
            if found is None:
                log, end_state = off_the_loop(lambda: engine_of(game).simulate(players, seed))
                found = SimulatedGame(game.id, players, seed, json.dumps(log), end_state)
                self._keep(key, found)
        return found

    def position(self, game: Game, players: int, seed: int) -> tuple[SimulatedGame, Position]:
        """A simulated game and one of its actions, picked from the seed: replaying the log up
        to it gives the state check reads, on which the action is legal."""
        played = self.game(game, players, seed)
        if played.position is None:
            with self.turn():
                played.position = off_the_loop(
                    lambda: _position_in(game, played.log(), f"{game.id} {players} {seed}"))
        return played, played.position

    def _kept(self, key: tuple[str, int, int]) -> SimulatedGame | None:
        with self._games_lock:
            found = self._games.get(key)
            if found is not None:
                self._games.move_to_end(key)
            return found

    def _keep(self, key: tuple[str, int, int], played: SimulatedGame) -> None:
        with self._games_lock:
            self._games[key] = played
            while len(self._games) > self.cached:
                self._games.popitem(last=False)


def _position_in(game: Game, log: list[dict[str, Any]], pick: str) -> Position:
    engine = engine_of(game)
    actions = [index for index, entry in enumerate(log) if "type" in entry]
    index = random.Random(pick).choice(actions)
    before = engine.replay(log[:index])["state"]
    return Position(index, engine.check_state(before), log[index])


EXAMPLES = SimulatedGames(wait_seconds=GAMES_WAIT_SECONDS, most_waiting=GAMES_WAITING)  # one per worker process
