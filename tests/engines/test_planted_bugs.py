"""The random-simulation tests can fail: each bug below is planted in a game's rules or engine
(a function replaced by a subtly wrong version of itself) and must be caught by the judged
random games of tests/support/engine_harness.py alone, over a few seeds, with no unit test
helping: the oracles (tests/oracles/) recompute every step and every score from the
rulebook, so a wrong rule shows as a disagreement. At least 20 bugs a game; each stops at the
first judged game that fails."""
from __future__ import annotations

import copy
import functools
import inspect
import itertools
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

import scorer
from scorer.games.core import CheckResult, violation
from scorer.games.cottage_garden import engine as cottage_engine
from scorer.games.cottage_garden import rules as cottage_rules
from scorer.games.garden_dice import engine as dice_engine
from scorer.games.garden_dice import rules as dice_rules
from scorer.games.garden_variety import engine as variety_engine
from scorer.games.garden_variety import rules as variety_rules
from scorer.games.harvest_dice import rules as harvest_rules
from scorer.games.propagation import engine as propagation_engine
from scorer.games.propagation import rules as propagation_rules
from tests.engines.edge_games import (
    COTTAGE_SAMPLES,
    Luck,
    Preference,
    biased,
    cottage_cat_keeper,
    cottage_climber,
    cottage_cloche_deal,
    cottage_lone_climber,
    dice_set_collector,
    harvest_dice_in_blocks,
    harvest_pig_hoarder,
    harvest_quick_and_unfed,
    propagation_orchard,
    propagation_out_of_tokens,
)
from tests.support.engine_harness import play_and_judge, player_counts

pytestmark = pytest.mark.slow

SEEDS = 6  # judged random games a planted bug has to show in (player counts in turn)

Wrong = Callable[[Any], Any]  # the original function -> its wrong version


@dataclass(frozen=True)
class Edge:
    """Judged random games biased toward a state uniform play seldom reaches
    (tests/engines/edge_games.py), with this many players."""
    players: int
    prefer: Preference
    luck: Luck | None = None
    samples: int = 1  # candidates asked for a draw where the engine's are a sample (edge_games.biased)
    seeds: int = SEEDS  # games played: more where the edge is reached in only some of them


@dataclass(frozen=True)
class Bug:
    game_id: str
    name: str           # what is wrong, as a player would say it
    owner: Any          # the module, class or dict the function lives in
    attribute: str
    wrong: Wrong
    measure: str | None = None  # a Propagation bonus card's measure: played where such a card is revealed
    edge: Edge | None = None    # played in games biased toward the rare state it needs


# --- ways to make a function subtly wrong ------------------------------------------------------

def after_step(kinds: tuple[str, ...] | None, change: Callable[[dict, Any, dict], object]) -> Wrong:
    """An engine's transition that, after an action of one of `kinds` (None: any), changes the new state
    in place with `change(before, action, after)`: a move carried out slightly wrong."""
    def wrong(transition):
        def planted(self, state, action, effects):
            after = transition(self, state, action, effects)
            if kinds is not None and action.type not in kinds:
                return after
            after = copy.deepcopy(after)
            change(state, action, after)
            return after
        return planted
    return wrong


def with_action(**changed: Any) -> Wrong:
    """A check that reads the action with some fields changed (a rule ignored)."""
    def wrong(check):
        def planted(*args):
            *rest, action = args
            return check(*rest, action.model_copy(update={k: v(action) if callable(v) else v
                                                          for k, v in changed.items()}))
        return planted
    return wrong


def returning(change: Callable[..., Any]) -> Wrong:
    """The function's answer passed through `change(answer, *args)`."""
    def wrong(function):
        def planted(*args, **kwargs):
            return change(function(*args, **kwargs), *args)
        return planted
    return wrong


def method_returning(change: Callable[..., Any]) -> Wrong:
    def wrong(function):
        def planted(self, *args, **kwargs):
            return change(function(self, *args, **kwargs), *args)
        return planted
    return wrong


def rescored(change: Callable[[Any], Any]) -> Wrong:
    """player_scores with each player's score changed by `change`."""
    return method_returning(lambda scores, state: [change(score) for score in scores])


def breakdown(**changed: Callable[[int], int]) -> Callable[[Any], Any]:
    return lambda score: replace(score, breakdown={
        key: changed[key](value) if key in changed else value for key, value in score.breakdown.items()})


def tiebreakers_reversed(score: Any) -> Any:
    return replace(score, tiebreakers={key: -value for key, value in score.tiebreakers.items()})


def refusing(refused: Callable[[Any], bool]) -> Wrong:
    """A move's check that also refuses a legal action for which `refused(action)` holds: a
    legal move wrongly refused, which random play (picking only what check allows) never
    shows; the oracles' own legal moves do."""
    def wrong(check):
        def planted(self, read, action):
            result = check(self, read, action)
            if result.legal and refused(action):
                return CheckResult(False, [violation("planted", "planted", "refused by a planted bug", "action")])
            return result
        return planted
    return wrong


def around(body: Callable[..., Any]) -> Wrong:
    """The function replaced by `body(original, *args)`: called with changed arguments."""
    return lambda function: lambda *args: body(function, *args)


def replaced(by: Callable[..., Any]) -> Wrong:
    return lambda function: by


def edited(old: str, new: str) -> Wrong:
    """The function as its own source reads with `old` (found exactly once) written `new`: a
    slip of the hand inside a long function, compiled in the function's module."""
    def wrong(function):
        source = textwrap.dedent(inspect.getsource(function))
        assert source.count(old) == 1, f"{function.__qualname__} holds {old!r} {source.count(old)} times"
        planted: dict[str, Any] = {}
        exec(compile(source.replace(old, new), inspect.getsourcefile(function) or "<planted>", "exec"),
             function.__globals__, planted)
        return planted[function.__name__]
    return wrong


# --- Garden Dice -------------------------------------------------------------------------------

def _dice_chain_of_equals(self, start):
    """Chaining to equal values as well as lower ones."""
    side, reached, frontier = self.tiles[start].kind, {start}, [start]
    while frontier:
        here = frontier.pop()
        for near in dice_rules.orthogonal(here):
            tile = self.tiles.get(near)
            if near not in reached and tile is not None and tile.kind == side and tile.value <= self.tiles[here].value:
                reached.add(near)
                frontier.append(near)
    return reached


GARDEN_DICE = [
    Bug("garden-dice", "a seed bought with any die", dice_rules.BuyMove, "check", with_action(die=6)),
    Bug("garden-dice", "a seed bought, a tile placed or a tile eaten with no free disc", dice_rules.Context,
        "no_free_disc", replaced(lambda self, rule, what: [])),
    Bug("garden-dice", "a seed watered with a lower die", dice_rules.WaterMove, "check", with_action(die=6)),
    Bug("garden-dice", "a veggie harvested with a lower die", dice_rules.HarvestMove, "check", with_action(die=6)),
    Bug("garden-dice", "a special tile flipped with any die", dice_rules.FlipMove, "check", with_action(die=6)),
    Bug("garden-dice", "a bird eating veggies and a rabbit seeds", dice_rules, "_eat_problems",
        around(lambda eat_problems, ctx, action, critter, target, end: eat_problems(
            ctx, action, critter.model_copy(update={"kind": "bird" if target.kind == "seed" else "rabbit"}),
            target, end))),
    Bug("garden-dice", "chains reaching equal values", dice_rules.Board, "chain", replaced(_dice_chain_of_equals)),
    Bug("garden-dice", "chains stopping at the first tile", dice_rules.Board, "chain",
        replaced(lambda self, start: {start})),
    Bug("garden-dice", "no star bonus", dice_rules, "harvest_points",
        returning(lambda answer, board, at, tile: (tile.value, None) if answer[1] == "star" else answer)),
    Bug("garden-dice", "the scarecrow bonus worth 2", dice_rules, "harvest_points",
        returning(lambda answer, board, at, tile: (answer[0] - 1, answer[1]) if answer[1] == "scarecrow" else answer)),
    Bug("garden-dice", "any player's scarecrow protecting", dice_rules.Board, "protected_by_scarecrow",
        replaced(lambda self, at, owner: any((t := self.tiles.get(n)) is not None and t.kind == "scarecrow"
                                             for n in dice_rules.surrounding(at)))),
    Bug("garden-dice", "the sundial changing two dice by 2", dice_rules, "sundial_allows",
        replaced(lambda changes: len([c for c in changes if c]) <= 2 and all(abs(c) <= 2 for c in changes))),
    Bug("garden-dice", "a 5-part collection worth 15", dice_rules, "collection_points",
        returning(lambda points, count: 15 if count >= 5 else points)),
    Bug("garden-dice", "sets worth 10", dice_rules, "final_score",
        returning(lambda score, player: breakdown(sets=lambda n: n * 10 // 15)(score))),
    Bug("garden-dice", "a kept sun worth nothing", dice_rules, "final_score",
        returning(lambda score, player: breakdown(sun=lambda n: 0)(score))),
    Bug("garden-dice", "every unplaced seed charged", dice_rules, "final_score",
        returning(lambda score, player: breakdown(unplaced_seeds=lambda n: -5 * player.unplaced_seeds)(score))),
    Bug("garden-dice", "no chain bonus for an opponent's veggie", dice_rules.HarvestMove, "check",
        returning(lambda result, move, read, action: replace(result, effects={
            **result.effects, "chain_bonus": 0, "points": {**result.effects["points"], action.player: result.effects[
                "points"][action.player] - result.effects["chain_bonus"]}}) if result.legal else result)),
    Bug("garden-dice", "the dice passed counter-clockwise", dice_engine, "pass_dice",
        returning(lambda after, state: after if after.get("over") else
                  {**after, "current": (state["current"] - 1) % len(state["players"])})),
    Bug("garden-dice", "a seed bought leaves the stack as it was", dice_rules.BuyMove, "transition",
        after_step(("buy",), lambda before, action, after: after["supply"].update(
            {action.crop: before["supply"][action.crop]}))),
    Bug("garden-dice", "the sun kept after setting a die", dice_rules.SunSetDieMove, "transition",
        after_step(("sun_set_die",), lambda before, action, after: after["players"][before["current"]].update(
            sun_token=True))),
    Bug("garden-dice", "a placed seed still held", dice_rules.PlaceMove, "transition",
        after_step(("place",), lambda before, action, after: after["players"][before["current"]].update(
            seeds=dict(before["players"][before["current"]]["seeds"])) if action.tile == "seed" else None)),
    Bug("garden-dice", "a flipped tile not turned over", dice_rules.FlipMove, "transition",
        after_step(("flip",), lambda before, action, after: after.update(board=copy.deepcopy(before["board"])))),
    Bug("garden-dice", "a scarecrow never flipped back to a sundial", dice_rules.FlipMove, "check",
        method_returning(lambda result, read, action: CheckResult(False, [violation(
            "planted", "planted", "refused by a planted bug", "action")])
            if result.legal and result.effects["from"] == "scarecrow" else result)),
    Bug("garden-dice", "the sun refused once a die is spent", dice_rules.SunSetDieMove, "check",
        refusing(lambda action: action.turn.dice_spent > 0)),
    Bug("garden-dice", "a critter eating two tiles of one opponent in a turn", dice_rules.MoveCritterMove, "play",
        edited('state["turn"]["ate_from"].append(eaten["owner"])', "pass")),
    # The cold planters' misses (docs/engines.md, Planted bugs) and two of our own after them.
    Bug("garden-dice", "a spit-out with a die equal to the tile refused", dice_rules, "_eat",
        around(lambda eat, ctx, action, target, end: _planted_refusal()
               if action.spit_out_die == target.value else eat(ctx, action, target, end))),
    Bug("garden-dice", "only one set scored", dice_rules, "final_score",
        returning(lambda score, player: breakdown(sets=lambda n: min(n, 15))(score)),
        edge=Edge(2, dice_set_collector)),
    Bug("garden-dice", "a player's own critter refused removal", dice_rules.RemoveCritterMove, "check",
        method_returning(lambda result, read, action: _planted_refusal() if result.legal and read.board.get(
            (action.at[0], action.at[1])).owner == action.player else result)),
    Bug("garden-dice", "a critter passing over seeds and veggies", dice_rules, "_line_problems",
        edited("if tile is not None:", "if tile is not None and tile.kind == data.ROCK:")),
    Bug("garden-dice", "the simulator never offering a spit-out", dice_rules.MoveCritterMove, "_moves",
        lambda moves: staticmethod(edited("if to in occupied:", "if False:")(moves))),
    # A cold auditor's miss (issue 32): the oracle knew the Setup chart but judged only too many tiles.
    Bug("garden-dice", "three players given 6 tiles a crop, not 7", dice_rules.data, "SUPPLY_PER_CROP",
        lambda supply: {**supply, 3: 6}),
]


def _planted_refusal() -> CheckResult:
    return CheckResult(False, [violation("planted", "planted", "refused by a planted bug", "action")])


# --- Harvest Dice --------------------------------------------------------------------------------

HARVEST_DICE = [
    Bug("harvest-dice", "a die planted one column off", harvest_rules, "planting_problems",
        returning(lambda found, cells, crop, value, at: [f for f in found if f[0] != "wrong-column"]
                  if abs(at[1] - value) <= 1 else found)),
    Bug("harvest-dice", "a second patch of a crop allowed", harvest_rules, "planting_problems",
        returning(lambda found, cells, crop, value, at: [f for f in found if f[0] != "not-adjacent"])),
    Bug("harvest-dice", "a veggie planted on a planted space", harvest_rules, "planting_problems",
        returning(lambda found, cells, crop, value, at: [f for f in found if f[0] != "space-taken"])),
    Bug("harvest-dice", "full rows counted one short", harvest_rules, "full_rows",
        returning(lambda rows, garden: max(0, rows - 1))),
    Bug("harvest-dice", "a full pig not ending the game", harvest_rules, "end_triggers",
        returning(lambda found, *args: [t for t in found if t["trigger"] != "pig-full"])),
    Bug("harvest-dice", "a full market not ending the game", harvest_rules, "end_triggers",
        returning(lambda found, *args: [t for t in found if t["trigger"] != "market-full"])),
    Bug("harvest-dice", "a pig power turning a die by two", harvest_rules, "apply_powers",
        returning(lambda answer, mode, player, die, powers: (
            type(answer[0])(answer[0].color, max(1, min(6, answer[0].value + (answer[0].value - die.value))))
            if answer[0].value != die.value else answer[0], answer[1]))),
    Bug("harvest-dice", "pig powers never used up", harvest_rules, "powers_left",
        returning(lambda left, player: left + player.pig_powers_used)),
    Bug("harvest-dice", "ribbons worth 3", harvest_rules.HarvestDice, "player_scores",
        rescored(breakdown(ribbons=lambda n: n * 3 // 5))),
    Bug("harvest-dice", "the pig worth nothing", harvest_rules.HarvestDice, "player_scores",
        rescored(breakdown(pig=lambda n: 0))),
    Bug("harvest-dice", "carrots worth one a veggie more", harvest_rules.HarvestDice, "player_scores",
        rescored(breakdown(carrot=lambda n: n + 1 if n else 0))),
    Bug("harvest-dice", "the advanced bonus paid to the second best", harvest_rules.HarvestDice, "_advanced_bonus",
        replaced(staticmethod(lambda state: [5] * len(state.players)))),
    Bug("harvest-dice", "a die that fits fed to the pig", harvest_rules.FeedingMove, "fed",
        method_returning(lambda result, *args: result if result.legal else type(result)(
            True, [], {**result.effects, "circles": 0, "wasted": 0, "pig": args[0].players[args[1]].pig,
                       "rows_completed": [], "powers_unlocked": 0, "end_triggered": False, "end_triggers": [],
                       "triggered_now": []}) if "could-plant" in {v["code"] for v in result.violations} else result)),
    Bug("harvest-dice", "the start marker not passing", harvest_rules.LastDieMove, "transition",
        after_step(("last_die",), lambda before, action, after: after.update(start=before["start"]))),
    Bug("harvest-dice", "lettuce and tomatoes counted for each other", harvest_rules, "crop_counts",
        returning(lambda counts, garden: {**counts, "lettuce": counts["tomato"], "tomato": counts["lettuce"]})),
    Bug("harvest-dice", "a fed die crossing one circle too many", harvest_rules.FeedingMove, "transition",
        after_step(("feed",), lambda before, action, after: [p.update(pig=min(24, p["pig"] + 1)) for p, o in
                                                             zip(after["players"], before["players"])
                                                             if p["pig"] != o["pig"]])),
    Bug("harvest-dice", "a planted die landing a row lower", harvest_rules.PlantingMove, "transition",
        after_step(("plant",), lambda before, action, after: _moved_down(before, after))),
    Bug("harvest-dice", "a planted die drafted twice", harvest_rules.PlantingMove, "transition",
        after_step(("plant", "feed"), lambda before, action, after: after.update(pool=list(before["pool"])))),
    Bug("harvest-dice", "a pig power spent for nothing", harvest_rules.PlantingMove, "transition",
        after_step(("plant",), lambda before, action, after: [p.update(pig_powers_used=p["pig_powers_used"] + 1)
                                                              for p in after["players"][:1]
                                                              if p["pig"] >= 6 and not action.pig_powers])),
    Bug("harvest-dice", "the game over after the first market fills, before the round ends",
        harvest_rules, "end_triggers",
        returning(lambda found, markets, mode, players: found + [{"trigger": "market-full", "market": crop}
                                                                 for crop, n in markets.items() if n == 5])),
    Bug("harvest-dice", "the advanced awards paid when the most anyone has is 0", harvest_rules.HarvestDice,
        "_advanced_bonus", replaced(staticmethod(lambda state: _awards_at_zero(state))),
        edge=Edge(4, harvest_quick_and_unfed, harvest_dice_in_blocks)),
    Bug("harvest-dice", "a pig power refused to turn a die up to 6", harvest_rules, "apply_powers",
        returning(lambda answer, mode, player, die, powers: (answer[0], [*answer[1], violation(
            "planted", "planted", "refused by a planted bug", "action.pig_powers")])
            if _turned_up_to_six(die.value, powers) else answer)),
    Bug("harvest-dice", "a colour power and a value power refused together", harvest_rules, "with_powers",
        around(lambda with_powers, check, state, action: CheckResult(False, [violation(
            "planted", "planted", "refused by a planted bug", "action.pig_powers")])
            if len({p.power == "color" for p in action.pig_powers}) > 1 else with_powers(check, state, action)),
        edge=Edge(2, harvest_pig_hoarder)),
    Bug("harvest-dice", "two pig powers refused on one die", harvest_rules, "with_powers",
        around(lambda with_powers, check, state, action: CheckResult(False, [violation(
            "planted", "planted", "refused by a planted bug", "action.pig_powers")])
            if len(action.pig_powers) > 1 else with_powers(check, state, action))),
]


def _awards_at_zero(state: Any) -> list[int]:
    """The advanced awards, paid to everyone tied for the most even when that is nothing."""
    tallies = [{**harvest_rules.crop_counts(p.garden), "pig": p.pig} for p in state.players]
    return [harvest_rules.data.ADVANCED_BONUS_POINTS * sum(
        tally[c] == max(t[c] for t in tallies) for c in harvest_rules.data.ADVANCED_BONUS_CATEGORIES)
        for tally in tallies]


def _turned_up_to_six(value: int, powers: list) -> bool:
    for power in powers:
        if power.power == "up" and value == 5:
            return True
        value += {"up": 1, "down": -1}.get(power.power, 0)
    return False


def _moved_down(before: dict, after: dict) -> None:
    for player, old in zip(after["players"], before["players"]):
        if player["garden"] != old["garden"]:
            rows = [list(line) for line in player["garden"]]
            for r in range(len(rows) - 1, 0, -1):
                for c in range(len(rows[r])):
                    if rows[r][c] == "." and rows[r - 1][c] != "." and old["garden"][r - 1][c] == ".":
                        rows[r][c], rows[r - 1][c] = rows[r - 1][c], "."
            player["garden"] = ["".join(line) for line in rows]


# --- Garden Variety ------------------------------------------------------------------------------

GARDEN_VARIETY = [
    Bug("garden-variety", "the farthest card winning without a topsy-turvy", variety_rules, "compare",
        around(lambda compare, first, second, rule, flipped: compare(first, second, rule, not flipped))),
    Bug("garden-variety", "a tie going to the card played last", variety_rules, "_break_tie",
        returning(lambda answer, first, second: (second, answer[1]) if answer[1].startswith("still tied") else answer)),
    Bug("garden-variety", "a critter beating a wildflower on a tie", variety_rules, "_break_tie",
        returning(lambda answer, first, second: ((second if answer[0] is first else first), answer[1])
                  if "wildflower" in answer[1] else answer)),
    Bug("garden-variety", "the colour cycle reversed", variety_rules, "_break_tie",
        returning(lambda answer, first, second: ((second if answer[0] is first else first), answer[1])
                  if " beats " in answer[1] else answer)),
    Bug("garden-variety", "the copycat not winning ties", variety_rules, "_break_tie",
        returning(lambda answer, first, second: (first, answer[1]) if "copycat" in answer[1] else answer)),
    Bug("garden-variety", "the wishing gnome winning ties", variety_rules, "_break_tie",
        returning(lambda answer, first, second: ((second if answer[0] is first else first), answer[1])
                  if "wishing" in answer[1] else answer)),
    Bug("garden-variety", "the thief gnome counting as no card at all", variety_rules, "standings",
        returning(lambda found, plays: [replace(s, thief=False) for s in found])),
    Bug("garden-variety", "a wildflower counted one higher", variety_rules, "standings",
        returning(lambda found, plays: [replace(s, number=s.number + 1) if s.kind == "wildflower" else s
                                        for s in found])),
    Bug("garden-variety", "the copycat copying the first card played", variety_rules, "standings",
        returning(lambda found, plays: [replace(s, number=found[0].number, kind=found[0].kind, color=found[0].color)
                                        if s.wins_ties else s for s in found])),
    Bug("garden-variety", "a wishing gnome counting as no number", variety_rules, "standings",
        returning(lambda found, plays: [replace(s, number=None) if s.loses_ties else s for s in found])),
    Bug("garden-variety", "cards in hand not counted", variety_rules.GardenVarietyGame, "player_scores",
        rescored(breakdown(hand=lambda n: 0))),
    Bug("garden-variety", "the gnome tie-break reversed", variety_rules.GardenVarietyGame, "player_scores",
        rescored(tiebreakers_reversed)),
    Bug("garden-variety", "a card short in the garden bed", variety_rules.GardenVarietyGame, "player_scores",
        rescored(breakdown(garden_bed=lambda n: max(0, n - 1)))),
    Bug("garden-variety", "the leader not passing to the round's winner", variety_rules.ResolveRoundMove,
        "transition", after_step(("resolve_round",), lambda before, action, after: after.update(
            leader=before["leader"]))),
    Bug("garden-variety", "the round's cards going to the leader", variety_rules.ResolveRoundMove,
        "transition", after_step(("resolve_round",), lambda before, action, after: _cards_to_leader(before, after))),
    Bug("garden-variety", "a played card kept in hand", variety_rules.ResolveRoundMove, "transition",
        after_step(("resolve_round",), lambda before, action, after: after["players"][-1].update(
            hand=list(before["players"][-1]["hand"])) if after["players"][-1]["hand"] else None)),
    Bug("garden-variety", "hands refilled to four", variety_engine, "draw_count",
        returning(lambda n, state, player: max(0, n - 1))),
    Bug("garden-variety", "play order starting after the leader", variety_engine, "play_order",
        returning(lambda order, state: order[1:] + order[:1])),
    Bug("garden-variety", "hands drawn from the last player back", variety_rules.ResolveRoundMove, "transition",
        after_step(("resolve_round",), lambda before, action, after: after.update(drawing=after["drawing"][::-1]))),
    Bug("garden-variety", "the round's cards going to the player after the winner", variety_rules.ResolveRoundMove,
        "transition", after_step(("resolve_round",), lambda before, action, after: _cards_to_next(before, after))),
    Bug("garden-variety", "a wishing gnome refused a wish for 9", variety_rules.ResolveRoundMove, "check",
        refusing(lambda action: any(p.card.name == "wishing" and p.card.declared == 9 for p in action.plays))),
    Bug("garden-variety", "gnomes left in hand out of the tie-break", variety_engine.GardenVarietyEngine,
        "score_state", edited('p["garden_bed"] + p["hand"]', 'p["garden_bed"]')),
    Bug("garden-variety", "a 0/10 critter counted as 10 whatever was declared", variety_rules, "standings",
        edited("value = card.declared if", "value = 10 if")),
    Bug("garden-variety", "the green frog beating the blue opossum instead of the yellow bee",
        variety_rules.data.BEATS, "green", lambda beaten: "blue"),
    Bug("garden-variety", "a 0/10 critter refused as a 10", variety_rules.ResolveRoundMove, "check",
        refusing(lambda action: any(p.card.number == "0/10" and p.card.declared == 10 for p in action.plays))),
]


def _cards_to_next(before: dict, after: dict) -> None:
    count = len(after["players"])
    for index, (player, old) in enumerate(zip(after["players"], before["players"])):
        if len(player["garden_bed"]) > len(old["garden_bed"]):
            gained = player["garden_bed"][len(old["garden_bed"]):]
            player["garden_bed"] = list(old["garden_bed"])
            after["players"][(index + 1) % count]["garden_bed"].extend(gained)
            after["leader"] = (index + 1) % count
            return


def _cards_to_leader(before: dict, after: dict) -> None:
    won = [p for p, o in zip(after["players"], before["players"]) if len(p["garden_bed"]) > len(o["garden_bed"])]
    leader = after["players"][before["leader"]]
    for player in won:
        if player is not leader:
            gained = player["garden_bed"][len(before["players"][after["players"].index(player)]["garden_bed"]):]
            del player["garden_bed"][-len(gained):]
            leader["garden_bed"].extend(gained)


# --- Cottage Garden ------------------------------------------------------------------------------

def misprinted(value: object) -> Wrong:
    """A constant of the game's data written wrong."""
    return lambda original: value


# Games of two biased to score one cube of each colour as far as it goes, dealt the beds and
# tiles richest in cloches (tests/engines/edge_games.py): the tops of both tracks, the second
# cube on a target and both beehive tiles, which uniform play seldom or never reaches.
CLIMB = Edge(2, cottage_climber, cottage_cloche_deal, samples=COTTAGE_SAMPLES, seeds=10)
# One climber against a uniform player: the two-hive tile's holder reaching the target again
# while the other tile is still free (the climber steps back off the target in the Final Round).
LONE_CLIMB = Edge(2, cottage_lone_climber, cottage_cloche_deal, samples=COTTAGE_SAMPLES, seeds=10)


def _cloches_occupied(built: Any) -> Callable[..., Any]:
    """The beds built (`_built`, its own cache, so no wrong bed outlives the test) on a board
    whose printed cloches count as taken, as if a piece lay there: no tile may cover one."""
    return edited("bed = Bed(design)\n", "bed = Bed(design)\n    bed.pieces.update({(r, c): data.FLOWER_CLOCHE "
                  "for r, row in enumerate(bed.printed) for c, mark in enumerate(row) if mark == data.PRINTED_CLOCHE})"
                  "\n    bed.taken = sum(1 << (r * data.BED_SIZE + c) for r, c in bed.pieces)\n")(built.__wrapped__)


def cleaned_up(change: Callable[[dict, Any, dict], object]) -> Wrong:
    """The Cleanup of a scored bed, then `change(before, None, after)` on the state: a bed's
    pieces put back slightly wrong."""
    def wrong(clean_up):
        def planted(state, player, design, order):
            before = copy.deepcopy(state)
            clean_up(state, player, design, order)
            change(before, None, state)
        return planted
    return wrong


COTTAGE_GARDEN = [
    Bug("cottage-garden", "no red-line cat", cottage_rules, "crosses_mouse_line",
        replaced(lambda colour, before, after: False)),
    Bug("cottage-garden", "a red-line cat for a move that stops on the line", cottage_rules, "crosses_mouse_line",
        replaced(lambda colour, before, after: before <= 8 < after or after == 8 > before)),
    Bug("cottage-garden", "a cube moving one step more", cottage_rules, "advance",
        around(lambda advance, colour, value, steps: advance(colour, value, steps + 1))),
    Bug("cottage-garden", "the orange penalty one space back", cottage_rules, "step_back",
        returning(lambda to, colour, value: cottage_rules.data.TRACKS[colour][
            max(0, cottage_rules.data.TRACKS[colour].index(value) - 1)])),
    Bug("cottage-garden", "the blue penalty two spaces back", cottage_rules, "step_back",
        returning(lambda to, colour, value: to if colour == "orange" else cottage_rules.data.TRACKS[colour][
            max(0, cottage_rules.data.TRACKS[colour].index(value) - 2)])),
    Bug("cottage-garden", "the gardener die not turned on the turning space", cottage_rules, "gardener_move",
        returning(lambda answer, players, space, die: (answer[0], die))),
    Bug("cottage-garden", "the gardener walking counter-clockwise", cottage_rules, "gardener_move",
        returning(lambda answer, players, space, die: _walked_back(answer, players, space, die))),
    Bug("cottage-garden", "beehives not counted", cottage_rules.CottageGarden, "player_scores",
        rescored(breakdown(beehives=lambda n: 0))),
    Bug("cottage-garden", "blue cubes worth one a space", cottage_rules.CottageGarden, "player_scores",
        rescored(breakdown(blue=lambda n: n // 2))),
    Bug("cottage-garden", "a scored bed's cats kept out of the supply", cottage_engine, "clean_up",
        cleaned_up(lambda before, action, after: after["supply"].update(cats=before["supply"]["cats"]))),
    Bug("cottage-garden", "a scored bed's tiles lost, not put back on the path", cottage_engine, "clean_up",
        cleaned_up(lambda before, action, after: after.update(path=after["path"][:len(before["path"])]))),
    Bug("cottage-garden", "the cube moved for the other colour", cottage_rules.MoveCubeMove, "transition",
        after_step(("move_cube",), lambda before, action, after: _other_colour(before, action, after))),
    Bug("cottage-garden", "a scored bed's tiles put at the wheelbarrow end of the path", cottage_engine, "clean_up",
        cleaned_up(lambda before, action, after: after.update(path=after["path"][len(before["path"]):] + before[
            "path"]))),
    Bug("cottage-garden", "the spare bed not given out", cottage_engine, "clean_up",
        cleaned_up(lambda before, action, after: _spare_kept(before, after))),
    Bug("cottage-garden", "the last cube off the start earning no flower pot", cottage_rules.MoveCubeMove,
        "check", method_returning(lambda result, read, action: replace(result, effects={
            **result.effects, "pot_token": False}) if result.legal else result)),
    Bug("cottage-garden", "a red-line cat for moving back in the Final Round", cottage_rules.PenaltyMove,
        "transition", after_step(("final_round_penalty",),
                                 lambda before, action, after: _cat_for_going_back(before, action, after))),
    Bug("cottage-garden", "a flower pot placed free of the supply", cottage_rules.PlaceTokenMove, "transition",
        after_step(("place_token",), lambda before, action, after: after["supply"].update(
            pots=before["supply"]["pots"]) if action.token == "pot" else None)),
    Bug("cottage-garden", "the Final Round penalty not charged", cottage_rules.PenaltyMove, "transition",
        after_step(("final_round_penalty",), lambda before, action, after: [
            p.update(orange=list(o["orange"]), blue=list(o["blue"])) for p, o in zip(after["players"],
                                                                                  before["players"])])),
    Bug("cottage-garden", "a tile taken from the nursery left in it too", cottage_rules.PlaceTileMove, "transition",
        after_step(("place_tile",), lambda before, action, after: after["nursery"].update(
            {action.nursery.space: before["nursery"][action.nursery.space]}))),
    Bug("cottage-garden", "a small bed kept into the Final Round", cottage_rules.StartFinalRoundMove, "transition",
        after_step(("start_final_round",), lambda before, action, after: _kept_small_bed(before, after))),
    Bug("cottage-garden", "a gardener row refilled with only 2 empty spaces", cottage_rules.RefillMove, "check",
        method_returning(lambda result, read, action: _refilled_at(2, result, action))),
    Bug("cottage-garden", "a gardener row refilled only with 4 empty spaces", cottage_rules.RefillMove, "check",
        method_returning(lambda result, read, action: _refilled_at(4, result, action))),
    Bug("cottage-garden", "a gardener row refilled farthest from the gardener first", cottage_rules.RefillMove,
        "check", method_returning(lambda result, read, action: _farthest_first(result))),
    Bug("cottage-garden", "three cats kept in reserve at a turn's end", cottage_engine.CottageGardenEngine,
        "settled", edited('player["cats"] > data.CATS_AT_START and', 'player["cats"] > data.CATS_AT_START + 1 and'),
        edge=Edge(3, cottage_cat_keeper, samples=COTTAGE_SAMPLES)),
    # The outside planters' misses (issue 32), each a gap the oracle or the simulator had.
    Bug("cottage-garden", "three cats kept at a turn's end, in a solo game", cottage_engine.CottageGardenEngine,
        "settled", edited('player["cats"] > data.CATS_AT_START and', 'player["cats"] > data.CATS_AT_START + 1 and'),
        edge=Edge(1, cottage_cat_keeper, samples=COTTAGE_SAMPLES, seeds=10)),
    Bug("cottage-garden", "a colour blocked once any cube of it is on the target", cottage_rules, "_cube_problems",
        edited("if all(value == data.TARGET for value in cubes):", "if any(value == data.TARGET for value in cubes):"),
        edge=CLIMB),
    Bug("cottage-garden", "a beehive tile holder reaching the target again swapping it for the other",
        cottage_rules.MoveCubeMove, "transition", after_step(("move_cube",), lambda before, action, after: (
            _hive_swapped(before, action, after))),
        edge=LONE_CLIMB),
    Bug("cottage-garden", "the blue track 2-16", cottage_rules.data.TRACKS, "blue",
        misprinted((0, *range(2, 17, 2), 20)), edge=CLIMB),
    # Three more of this helper's own, from the rulebook (scoring, legality, the end).
    Bug("cottage-garden", "flower-pot tokens not counted as visible pots", cottage_rules.data, "POT_CELLS",
        misprinted(cottage_rules.data.PRINTED_POT + cottage_rules.data.FLOWER_POT)),
    Bug("cottage-garden", "the game over once any player has no bed left", cottage_engine.CottageGardenEngine,
        "settled", edited('not any(p["beds"] for p in state["players"])', 'not all(p["beds"] for p in state["players"])')),
    # No random move takes a cube off the target; the harness asks the engine to refuse the
    # oracle's `refused_moves`, which list it.
    Bug("cottage-garden", "a cube on the target moved again", cottage_rules, "_cube_problems",
        edited("if start == data.TARGET:", "if False:"), edge=replace(CLIMB, seeds=5)),
    # The oracle's `tiebreakers` are compared in every game, tied or not: a tie-break reversed
    # shows in any game where a beehive tile is held.
    Bug("cottage-garden", "the beehive tie-break reversed", cottage_rules.CottageGarden, "player_scores",
        rescored(tiebreakers_reversed)),
    # The cold auditors' misses (issue 32). Both planted this one: the climbers now bring the
    # holder's cube back to the target, which the 230 plain games never did.
    Bug("cottage-garden", "the two-hive tile's holder taking the one-hive tile too", cottage_rules, "_beehive_award",
        edited("if len(state.players) == 1 or player.beehives:", "if len(state.players) == 1:"), edge=LONE_CLIMB),
    # The engine never offers it; the oracle's refusals go to `check` too.
    Bug("cottage-garden", "a ramble with no empty space in the gardener row", cottage_rules.RefillMove, "check",
        edited("if action.ramble and (required or not empty):", "if action.ramble and required:")),
    # planterC's extra: the plain seeds 0-5 never take the last blue cube off the start; the
    # climbers do (test_edge_games.py shows it reached).
    Bug("cottage-garden", "the last blue cube off the start earning no flower pot", cottage_rules.MoveCubeMove,
        "check", method_returning(lambda result, read, action: replace(result, effects={
            **result.effects, "pot_token": False}) if result.legal and action.color == "blue" else result),
        edge=CLIMB),
    # planterD's three misses (issue 32): a legal tile refused, which random play never tries
    # (the oracle's own tile placements show it), and two turns played out of order.
    Bug("cottage-garden", "no tile over a printed cloche", cottage_rules, "_built", _cloches_occupied),
    Bug("cottage-garden", "a flower pot not ending the Planting Phase", cottage_rules.PlaceTokenMove, "made",
        edited('turn.update(step="planted", mouse_hunt=True)', "pass")),
    Bug("cottage-garden", "a cat not closing the ramble", cottage_rules.PlaceTokenMove, "made",
        edited('turn["ramble"] = False', 'turn["ramble"] = turn["ramble"] and action.token == "cat"')),
]



def _hive_swapped(before: dict, action: Any, after: dict) -> None:
    """A player already holding a beehive tile who moves a cube onto the target takes the
    other tile too, handing theirs back: read as "each arrival takes the best tile left"."""
    seat = [p["name"] for p in before["players"]].index(action.player)
    held, free = before["players"][seat]["beehives"], before["supply"]["beehives"]
    if held and free and cottage_rules.advance(action.color, action.from_, action.steps)[0] == 20:
        after["players"][seat]["beehives"] = free[0]
        after["supply"]["beehives"] = [held]


def _farthest_first(result: Any) -> Any:
    """The refill's spaces filled from the end of the gardener row away from the gardener."""
    if not result.legal or not result.effects["order"]:
        return result
    empty = result.effects["empty"]
    order = empty[::-1][:len(result.effects["order"])]
    return replace(result, effects={**result.effects, "order": order,
                                    "left_empty": [space for space in empty if space not in order]})


def _refilled_at(fewest: int, result: Any, action: Any) -> Any:
    """The Refilling Phase's due refill (not a ramble) reckoned from `fewest` empty spaces of
    the gardener row instead of 3: one step too early or too late."""
    if not result.legal or action.ramble or not result.effects["empty"]:
        return result
    empty = result.effects["empty"]
    order = empty[:action.path] if len(empty) >= fewest else []
    refill = "required" if len(empty) >= fewest else "ramble"
    return replace(result, effects={**result.effects, "refill": refill, "order": order,
                                    "left_empty": empty[len(order):]})


def _walked_back(answer: tuple[str, int], players: int, space: str, die: int) -> tuple[str, int]:
    data = cottage_rules.data
    track = data.NURSERY_SIDES[data.nursery_side(players)]["track"]
    return track[(track.index(space) - data.GARDENER_STEPS_PER_TURN[players]) % len(track)], answer[1]


def _other_colour(before: dict, action: Any, after: dict) -> None:
    for player, old in zip(after["players"], before["players"]):
        if player[action.color] != old[action.color]:
            other = "blue" if action.color == "orange" else "orange"
            moved = [v for v in player[action.color] if v not in old[action.color]]
            if moved and old[other].count(0):
                player[action.color] = list(old[action.color])
                player[other] = sorted(old[other])[1:] + [min(20, moved[0])]


def _cat_for_going_back(before: dict, action: Any, after: dict) -> None:
    """A cat won for a cube moved back across the red line (between 8 and the next space)."""
    if action.from_ > 8 and after["supply"]["cats"]:
        seat = [p["name"] for p in before["players"]].index(action.player)
        after["players"][seat]["cats"] += 1
        after["supply"]["cats"] -= 1


def _spare_kept(before: dict, after: dict) -> None:
    """The emptied bed flipped and kept as the spare; the spare bed never handed over."""
    if before["spare_bed"] and after["spare_bed"] != before["spare_bed"]:
        for player in after["players"]:
            for bed in player["beds"]:
                if bed["design"] == before["spare_bed"]:
                    bed["design"] = after["spare_bed"]
        after["spare_bed"] = before["spare_bed"]


def _kept_small_bed(before: dict, after: dict) -> None:
    for player, old in zip(after["players"], before["players"]):
        if len(player["beds"]) < len(old["beds"]):
            player["beds"] = copy.deepcopy(old["beds"])
            after["removed_beds"] = [d for d in after["removed_beds"]
                                     if d not in {bed["design"] for bed in old["beds"]}]


# --- Propagation ---------------------------------------------------------------------------------

MEASURES = propagation_rules.MEASURES
PLANT_DATA = propagation_rules.data
ALL_KINDS = ("tomato", "carrot", "apple")


def _measure(measure: str, name: str, wrong: Callable[..., dict]) -> Bug:
    """A bonus card's count done wrong; played on the seeds whose games reveal such a card."""
    return Bug("propagation", name, MEASURES, measure, replaced(wrong), measure=measure)


def _any_kind(measure: str, name: str) -> Bug:
    """A bonus card of some kinds of plant counting every kind."""
    return Bug("propagation", name, MEASURES, measure, around(
        lambda count, card, board, names: count({**card, "kinds": ALL_KINDS}, board, names)), measure=measure)


def _owned(board: Any, names: list[str], keep: Callable[[Any], bool]) -> dict[str, int]:
    return {name: sum(1 for p in board.plants if p.owner == name and keep(p)) for name in names}


PROPAGATION = [
    Bug("propagation", "dead plants left on the board", propagation_rules.EndRoundMove, "transition",
        after_step(("end_round",), lambda before, action, after: after["board"]["plants"].extend(
            p for p in before["board"]["plants"] if p not in after["board"]["plants"]
            and p["tier"] >= PLANT_DATA.PLANTS[p["kind"]]["dies"]))),
    Bug("propagation", "a bonus card paying nobody on a tie of three", propagation_rules, "resolve_card",
        returning(lambda resolved, card_id, board, names: {**resolved, "paid": []} if len(resolved["paid"]) > 1
                  else resolved)),
    Bug("propagation", "every-player cards paying one short of the threshold", propagation_rules, "resolve_card",
        returning(lambda resolved, card_id, board, names: {**resolved, "paid": [
            n for n in names if resolved["counts"][n] >= propagation_rules.data.BONUS_CARDS[card_id]["at_least"] - 1]}
            if propagation_rules.data.BONUS_CARDS[card_id]["award"] == "every-player" else resolved)),
    Bug("propagation", "a bonus card worth one point more", propagation_rules, "resolve_card",
        returning(lambda resolved, card_id, board, names: {**resolved, "points": resolved["points"] + 1})),
    _measure("largest-group", "the largest patch counting every plant, joined or not",
             lambda card, board, names: _owned(board, names, lambda p: True)),
    _any_kind("longest-line", "the longest furrow counting every kind of plant"),
    _any_kind("plants", "a card of one kind counting every kind"),
    _measure("fully-grown", "a plant one tier short counted as fully grown",
             lambda card, board, names: _owned(board, names,
                                               lambda p: p.tier >= PLANT_DATA.PLANTS[p.kind]["grown"] - 1)),
    _measure("next-to-rock", "every plant counted as next to a rock",
             lambda card, board, names: _owned(board, names, lambda p: True)),
    _measure("north-half", "the south half counted for the north",
             lambda card, board, names: _owned(board, names, lambda p: not PLANT_DATA.north_of_centre(
                 (p.at[0], p.at[1])))),
    _measure("near-centre", "plants two spaces from the centre counted as near it",
             lambda card, board, names: _owned(board, names, lambda p: PLANT_DATA.distance((p.at[0], p.at[1])) <= 2)),
    _measure("kinds-grown", "plants counted for kinds grown",
             lambda card, board, names: _owned(board, names, lambda p: True)),
    Bug("propagation", "carrots worth 1", propagation_rules.Propagation, "player_scores",
        rescored(breakdown(carrot=lambda n: n // max(1, propagation_rules.data.PLANTS["carrot"]["points"])))),
    Bug("propagation", "bonus points not counted", propagation_rules.Propagation, "player_scores",
        rescored(breakdown(bonus=lambda n: 0))),
    Bug("propagation", "a round ending before its last player's turn", propagation_engine, "next_turn",
        returning(lambda after, state: {**after, "phase": "end_round"} if after["turn"] == len(state["players"]) - 1
                  else after)),
    Bug("propagation", "the start token not passing", propagation_rules.EndRoundMove, "transition",
        after_step(("end_round",), lambda before, action, after: after.update(start=before["start"]))),
    Bug("propagation", "round 20 resolving only the new card", propagation_engine, "cards_resolved",
        returning(lambda cards, state: cards[-1:])),
    Bug("propagation", "a harvest leaving one plant on the board", propagation_rules.HarvestMove,
        "transition", after_step(("harvest",), lambda before, action, after: _one_left(before, action, after))),
    Bug("propagation", "a grown plant growing one tier more", propagation_rules.GrowMove, "transition",
        after_step(("grow",), lambda before, action, after: [p.update(tier=p["tier"] + 1) for p in
                                                             after["board"]["plants"][-1:]
                                                             if p["owner"] == action.player and p["tier"] < 3])),
    Bug("propagation", "a sown plant given to the other player", propagation_rules.SowMove, "transition",
        after_step(("sow",), lambda before, action, after: after["board"]["plants"][-1].update(
            owner=next(p["name"] for p in after["players"] if p["name"] != action.player)))),
    Bug("propagation", "a harvest counted twice", propagation_rules.HarvestMove, "transition",
        after_step(("harvest",), lambda before, action, after: [p["harvested"].update(
            {action.kind: 2 * p["harvested"][action.kind] - o["harvested"][action.kind]})
            for p, o in zip(after["players"], before["players"]) if p["name"] == action.player])),
    Bug("propagation", "a propagation sowing past the tokens left", PLANT_DATA, "plants_sown",
        replaced(lambda mode, free, tokens: 1 if mode == "choose" else free),
        edge=Edge(2, propagation_out_of_tokens)),
    Bug("propagation", "a harvest refused while a plant is past fully grown", propagation_rules.HarvestMove,
        "check", refusing(lambda action: any(
            p.owner == action.player and p.kind == action.kind and p.tier > PLANT_DATA.PLANTS[p.kind]["grown"]
            for p in action.board.plants))),
    Bug("propagation", "a propagation with no token of its kind left", propagation_rules.PropagateMove, "check",
        edited("if tokens == 0:", "if False:"), edge=Edge(2, propagation_orchard)),
    Bug("propagation", "tomatoes dying a tier early", PLANT_DATA.PLANTS["tomato"], "dies", lambda dies: dies - 1),
    Bug("propagation", "a second patch sown of a kind already on the board", propagation_rules.SowMove, "check",
        edited("if pieces.counts[action.player, action.kind]:", "if False:")),
    Bug("propagation", "sowing refused next to a rock", propagation_rules.SowMove, "check",
        refusing(lambda action: any(PLANT_DATA.distance((action.at[0] - r[0], action.at[1] - r[1])) == 1
                                    for r in action.board.rocks))),
]


def _one_left(before: dict, action: Any, after: dict) -> None:
    gone = [p for p in before["board"]["plants"] if p not in after["board"]["plants"]]
    if gone:
        after["board"]["plants"].append(gone[0])


BUGS = GARDEN_DICE + HARVEST_DICE + GARDEN_VARIETY + COTTAGE_GARDEN + PROPAGATION


def test_every_game_has_twenty_planted_bugs():
    per_game = {bug.game_id: sum(b.game_id == bug.game_id for b in BUGS) for bug in BUGS}
    assert len(per_game) == 5 and min(per_game.values()) >= 20, per_game


@pytest.mark.parametrize("bug", [pytest.param(bug, id=f"{bug.game_id}: {bug.name}") for bug in BUGS])
def test_the_random_games_catch_the_planted_bug(bug: Bug, monkeypatch):
    """The harness fails, at a step of a judged game (its message names the seed and step)."""
    seeds = _seeds(bug)
    if isinstance(bug.owner, dict):
        monkeypatch.setitem(bug.owner, bug.attribute, bug.wrong(bug.owner[bug.attribute]))
    else:
        monkeypatch.setattr(bug.owner, bug.attribute, bug.wrong(getattr(bug.owner, bug.attribute)))
    counts = player_counts(bug.game_id)
    with pytest.raises(AssertionError, match="seed="):  # the harness's own words: where it failed
        if bug.edge is not None:
            with biased(bug.game_id, bug.edge.prefer, bug.edge.luck, bug.edge.samples):
                for seed in range(bug.edge.seeds):
                    play_and_judge(bug.game_id, bug.edge.players, seed)
        else:
            for seed in seeds:
                play_and_judge(bug.game_id, counts[seed % len(counts)], seed)


@functools.cache
def _revealed(seed: int) -> frozenset[str]:
    """The bonus cards revealed in the Propagation game of the harness's seed, unplanted."""
    counts = player_counts("propagation")
    log = scorer.simulate("propagation", counts[seed % len(counts)], seed)[0]
    return frozenset(entry["card"] for entry in log if entry.get("chance") == "reveal")


def _seeds(bug: Bug) -> list[int]:
    """The seeds a bug is played on: the first SEEDS, or those whose games reveal a card of the
    bug's measure (asked before the bug is planted)."""
    if bug.measure is None:
        return list(range(SEEDS))
    cards = {card for card, rules in PLANT_DATA.BONUS_CARDS.items() if rules["measure"] == bug.measure}
    return list(itertools.islice((seed for seed in range(60) if cards & _revealed(seed)), SEEDS))
