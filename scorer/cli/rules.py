"""`gardenkit score|check|validate GAME FILE.json`, `gardenkit simulate GAME` and
`gardenkit replay GAME LOG.json` (docs/app.md "Command line", docs/engines.md).

Exit status: 0 when the command ran (a check answers "legal" or "not legal" with 0), 1 when
the state is impossible (every violation printed), 2 on bad usage: an unknown game, a file
that is missing, unreadable or not JSON, a check file without "state" and "action".
Output is a plain table by default and the API's JSON with --json.
"""
from __future__ import annotations

import io
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, cast

from pnp.files import write_atomic
from scorer.games import CATALOGUE, GAMES
from scorer.games.core import (
    MAX_BODY_BYTES,
    BadJSON,
    InvalidState,
    UnknownGame,
    Violation,
    read_json_text,
    read_log_json,
)
from scorer.games.engine import engine_of

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class Usage(Exception):
    pass


# Control characters but the line break: a name or move read from a file may carry a terminal
# escape (ESC, or the one-character CSI U+009B) that would retitle or clear the terminal.
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def terminal_safe(stream: TextIO) -> TextIO:
    """The stream, writing each control character as its \\u escape, which reads the same in
    JSON and shows plainly in text, so no file read can steer the terminal."""
    return cast(TextIO, _EscapedControls(stream))


class _EscapedControls(io.TextIOBase):

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(_CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text))

    def flush(self) -> None:
        self.stream.flush()


def run(command: str, game_id: str, file: str, as_json: bool = False,
        out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = terminal_safe(out or sys.stdout), terminal_safe(err or sys.stderr)
    try:
        game = _game(game_id)
        document = read_json_file(file)
        if command == "score":
            return _score(game, document, as_json, out)
        if command == "validate":
            return _validate(game, document, as_json, out)
        if command == "check":
            return _check(game, document, as_json, out)
        raise Usage(f"unknown command {command!r}; use score, check or validate")
    except Usage as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_USAGE
    except BrokenPipeError:
        # the reader (say `| head`) stopped early: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except InvalidState as invalid:
        if as_json:
            _dump({"violations": invalid.violations}, out)
        else:
            # a check is refused for its action too (a malformed one, a player not in the game)
            subject = "state or action" if command == "check" else "state"
            print(f"This {subject} is not possible:", file=out)
            _print_violations(invalid.violations, out)
        return EXIT_INVALID


def _game(game_id: str):
    if game_id in CATALOGUE and game_id not in GAMES:
        raise Usage(f"the rules of {CATALOGUE[game_id][0]} are not built yet")
    try:
        return GAMES[game_id]
    except UnknownGame as error:
        raise Usage(str(error)) from None


def read_json_file(file: str, reader: Callable[[bytes], Any] = read_json_text) -> Any:
    """The file's JSON, read as the web app reads a request body: at most MAX_BODY_BYTES
    (one byte more is read to tell a file of exactly the limit from a larger one), in UTF-8,
    UTF-16 or UTF-32, with or without a byte-order mark."""
    name = "standard input" if file == "-" else file
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_BODY_BYTES + 1)
        else:
            with open(file, "rb") as handle:
                data = handle.read(MAX_BODY_BYTES + 1)
    except FileNotFoundError:
        raise Usage(f"no such file: {file}") from None
    except IsADirectoryError:
        raise Usage(f"{file} is a folder, not a JSON file") from None
    except OSError as error:
        raise Usage(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > MAX_BODY_BYTES:
        raise Usage(f"{name} is larger than {MAX_BODY_BYTES // 1024} KB, the most any game "
                    "state needs (the web app holds request bodies to the same limit)")
    try:
        return reader(data)
    except BadJSON as error:
        raise Usage(f"{name}: {error}") from None


def _dump(data: Any, out: TextIO) -> None:
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def _print_violations(violations: Sequence[Violation], out: TextIO) -> None:
    for v in violations:
        where = f" [{v['path']}]" if v.get("path") else ""
        print(f"  - {v['message']}{where}", file=out)
        print(f"    rule: {v['rule']}  ({v['code']})", file=out)


# --- the commands -----------------------------------------------------------------------------

def _score(game, state: Any, as_json: bool, out: TextIO) -> int:
    result = game.score(state)
    if as_json:
        _dump(result, out)
        return EXIT_OK
    print(f"{game.title}: final scores", file=out)
    print(ranking_table(result), file=out)
    winners = result["winners"]
    print(("Winner: " if len(winners) == 1 else "Shared win: ") + " & ".join(winners), file=out)
    for warning in result["warnings"]:
        print(f"Note: {warning['message']}", file=out)
    return EXIT_OK


def ranking_table(result: dict) -> str:
    """The ranking as aligned text columns: rank, player, each breakdown item, the
    tie-breakers, total."""
    players = result["players"]
    keys: list[str] = []
    for p in players:
        keys += [k for k in p["breakdown"] if k not in keys]
    tiebreakers = list(players[0].get("tiebreakers", {})) if players else []
    header = ["Rank", "Player", *(_label(k) for k in keys), *(f"{_label(k)} (tie-break)" for k in tiebreakers), "Total"]
    rows = [[str(p["rank"]), p["name"], *(str(p["breakdown"].get(k, "")) for k in keys),
             *(str(p.get("tiebreakers", {}).get(k, "")) for k in tiebreakers), str(p["total"])]
            for p in players]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)])


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _validate(game, state: Any, as_json: bool, out: TextIO) -> int:
    found = game.validate(state)
    if as_json:
        _dump({"valid": not found, "violations": found}, out)
    elif found:
        print("This state is not possible:", file=out)
        _print_violations(found, out)
    else:
        print(f"This {game.title} state is possible.", file=out)
    return EXIT_INVALID if found else EXIT_OK


def _check(game, document: Any, as_json: bool, out: TextIO) -> int:
    if not isinstance(document, dict) or not {"state", "action"} <= set(document):
        raise Usage('a check file holds {"state": ..., "action": ...}')
    answer = game.check(document["state"], document["action"])
    if as_json:
        _dump(answer, out)
        return EXIT_OK
    # The verdict once, the reasons, then what the action does in the words the pages show
    # (the answer's "summary"); --json gives the whole answer.
    print("Legal." if answer["legal"] else "Not legal:", file=out)
    _print_violations(answer["violations"], out)
    for line in answer["summary"]:
        print(line, file=out)
    return EXIT_OK


# --- whole games: simulate and replay -------------------------------------------------------------

def _game_with_engine(game_id: str, doing: str):
    """The game, when it has an engine to play it; Usage (exit 2) in plain words if not."""
    game = _game(game_id)
    if game.engine is None:
        raise Usage(f"{game.title} has no engine yet: it cannot {doing}")
    return game


def simulate(game_id: str, players: int | None, seed: int | None, out_file: Path | None,
             as_json: bool = False, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`gardenkit simulate`: the log goes to --out (written whole or not at all) or to
    standard output; the end state and its scores to standard output, or to standard error
    when the log takes standard output, so `> game.json` keeps only the log."""
    out, err = terminal_safe(out or sys.stdout), terminal_safe(err or sys.stderr)
    try:
        game = _game_with_engine(game_id, "be simulated")
        seed = secrets.randbelow(2**32) if seed is None else seed
        log, end_state = engine_of(game).simulate(game.min_players if players is None else players, seed)
        if out_file is not None:
            _write_whole(out_file, json.dumps(log, indent=1, ensure_ascii=False) + "\n")
        else:
            _dump(log, out)
        report = out if out_file is not None else err
        result = game.score(end_state)
        if as_json:
            _dump({"seed": seed, "end_state": end_state, "score": result}, report)
        else:
            where = f", log in {out_file}" if out_file is not None else ""
            print(f"{game.title}: a random game, seed {seed}, {len(log) - 1} moves{where}", file=report)
            print(ranking_table(result), file=report)
        return EXIT_OK
    except Usage as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_USAGE
    except InvalidState as invalid:
        print("gardenkit: " + "; ".join(v["message"] for v in invalid.violations), file=err)
        return EXIT_USAGE


def _write_whole(path: Path, text: str) -> None:
    """Write through a temporary file beside the target (pnp.files.write_atomic), so a
    failure leaves no half log and a device, a FIFO or a planted symlink is never written
    through."""
    if path.is_dir():
        raise Usage(f"{path} is a folder; give --out a file name")
    if not path.parent.is_dir():
        raise Usage(f"no such folder: {path.parent}")
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as error:
        raise Usage(f"cannot write {path}: {error.strerror or error}") from None


def replay(game_id: str, file: str, as_json: bool = False,
           out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`gardenkit replay`: 0 when every move of the log is legal, 1 at the first that is not
    (or for a log that cannot be read as one), 2 on bad usage."""
    out, err = terminal_safe(out or sys.stdout), terminal_safe(err or sys.stderr)
    try:
        game = _game_with_engine(game_id, "replay a log")
        result = engine_of(game).replay(read_json_file(file, read_log_json))
    except Usage as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_USAGE
    except InvalidState as invalid:
        if as_json:
            _dump({"violations": invalid.violations}, out)
        else:
            print("This is not a game log gardenkit can read:", file=out)
            _print_violations(invalid.violations, out)
        return EXIT_INVALID
    if as_json:
        _dump(result, out)
    elif result["legal"]:
        ending = "the game is over" if result["over"] else "the game is not over yet"
        print(f"All {result['moves']} moves are legal; {ending}.", file=out)
        print(ranking_table(result["score"]), file=out)
    else:
        print(f"Move {result['index']} breaks a rule: {json.dumps(result['entry'], ensure_ascii=False)}",
              file=out)
        _print_violations(result["violations"], out)
    return EXIT_OK if result["legal"] else EXIT_INVALID
