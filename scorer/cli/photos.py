"""`gardenkit read --game GAME PHOTO...` and `gardenkit photo-sample --game GAME --state
STATE.json --seed N --out FILE.png` (docs/photos.md).

read prints {"state": ..., "confidence": {path: 0..1}, "notes": {path: words}}, a player a sheet in the photos' order;
exit 1 with the reason when a photo cannot be read, 2 on bad usage (an unknown game, a game
with no readable sheet, a missing file). photo-sample writes FILE.png for one player, or
FILE-1.png, FILE-2.png ... for several; exit 1 when the state is not possible.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from pnp.readable import readable_sheets
from scorer.games import GAMES

EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE = 0, 1, 2


class PhotoUsage(Exception):
    """Bad usage, in one plain line."""


def readable_games() -> list[str]:
    return [game for game in GAMES if readable_sheets(game)]


def _readable_game(game: str) -> None:
    games = readable_games()
    if game not in GAMES:
        raise PhotoUsage(f"unknown game {game!r}; photos can be read for {', '.join(games)}")
    if game not in games:
        raise PhotoUsage(f"{GAMES[game].title} has no printed sheet a photo can be read from yet; "
                         f"photos can be read for {', '.join(games)}")


def _photo_bytes(name: str) -> bytes:
    from scorer.photo.intake import MAX_BYTES

    try:
        with open(name, "rb") as handle:
            return handle.read(MAX_BYTES + 1)  # one byte more tells a file over the limit
    except FileNotFoundError:
        raise PhotoUsage(f"no such photo {name!r}") from None
    except OSError as error:
        raise PhotoUsage(f"cannot read {name!r}: {error.strerror or error}") from None


def read(game: str, photos: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    try:
        _readable_game(game)
        data = [_photo_bytes(name) for name in photos]
    except PhotoUsage as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_USAGE
    from scorer.photo import reader
    from scorer.photo.intake import UNREADABLE, PhotoError

    sheets = tuple(sheet for known in readable_games() for sheet in readable_sheets(known))
    try:
        found = reader.read_photos(data, game, sheets)
    except PhotoError as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_UNREADABLE
    except Exception as error:  # noqa: BLE001 -- guesswork on any image: a line, not a traceback
        print(f"gardenkit: {UNREADABLE} ({type(error).__name__}: {error}; please report it with the photo)", file=err)
        return EXIT_UNREADABLE
    json.dump(found, out, indent=1)
    out.write("\n")
    return EXIT_OK


def photo_sample(game: str, state_file: str, seed: int, out_file: Path, err: TextIO | None = None) -> int:
    err = err or sys.stderr
    from scorer.cli import rules as scorer_cli

    try:
        _readable_game(game)
        if out_file.suffix.lower() != ".png":
            raise PhotoUsage(f"--out names a PNG file (FILE.png), not {str(out_file)!r}")
        state = scorer_cli.read_json_file(state_file)
    except (PhotoUsage, scorer_cli.Usage) as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_USAGE
    from pnp.build import write_atomic
    from pnp.photo_sample import SampleError, png_bytes, sample_images

    violations = GAMES[game].validate(state)
    if violations:
        print("gardenkit: this state is not possible:", file=err)
        scorer_cli._print_violations(violations, err)
        return EXIT_UNREADABLE
    try:
        images = sample_images(game, state, seed)
    except SampleError as error:
        print(f"gardenkit: {error}", file=err)
        return EXIT_UNREADABLE
    names = [out_file] if len(images) == 1 else [out_file.with_name(f"{out_file.stem}-{n}{out_file.suffix}")
                                                 for n in range(1, len(images) + 1)]
    try:
        for name, image in zip(names, images):
            write_atomic(name, png_bytes(image))
    except OSError as error:
        print(f"gardenkit: cannot write {error.filename or out_file}: {error.strerror or error}", file=err)
        return EXIT_USAGE
    return EXIT_OK
