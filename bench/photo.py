"""Reading photos: random legal end states (the engines' simulations), each player's sheet
drawn by photo-sample, then photographed badly on purpose, and read back.

The photograph (`degrade`): the sheet on a cluttered table, seen up to MAX_TILT degrees from
square-on and turned any way, 3 to 12 megapixels, uneven light, a hard shadow across it,
blur up to 2 px, sensor noise, JPEG quality 50 to 90. Cottage Garden's cubes are any orange from
a deep one to amber, under a light from a warm lamp's to a cool window's (its own random draws,
so the Harvest Dice photos stay those of earlier runs). A field is one dotted path the reader
gives a confidence for (each garden space, the pig, each market, each track's cubes); the
fields the sheet does not show (Cottage Garden's beehives) are not counted.

    python -m bench.photo [--photos N] [--seed S] [--game GAME] [--first F] [--hands] [--hand NAME]   N photos per game (default 500)

`--hands` marks the Harvest Dice sheets by the eight hands of pnp.photo_hands (squares with open
corners, shapes over their lines, X's over a power box's pig, light, faint and heavy pencil,
hurried shapes well over their lines, marks scribbled out) in turn,
instead of photo-sample's tidy marks, and shakes the phone (up to SHAKE_PX of smear): what
people's sheets and photos look like; `--hand NAME` marks every sheet by that one hand.

A run says how far it has got every PROGRESS photos and each photo read wrong as it comes (on
stderr), so a run cut short on a busy machine still says what it measured; `--first` starts a run at a
later photo of the same seed, so one run of 500 can be made as several shorter ones.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

GAMES = ("harvest-dice", "cottage-garden")
PHOTOS = 500
MAX_TILT = 40.0
SURE = 0.9              # a field read with this confidence or more is shown as sure (not highlighted)
GOALS = {"fields right": 99.5, "photos entirely right": 97.0}
MAX_SURE_ERRORS_PER_1000 = 1.0
MAX_SECONDS_12MP = 1.5
SHAKE_PX = 7            # the longest smear of a shaken phone, in the photo's pixels
PROGRESS = 25


def clutter(width: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """A busy table: a wood-ish gradient, papers, pens, coasters and dice, drawn at a quarter size."""
    small = (max(8, height // 4), max(8, width // 4))
    base = np.array(rng.uniform(60, 200, 3))
    table = np.ones((*small, 3), np.float32) * base
    table += np.linspace(-30, 30, small[1])[None, :, None] * rng.uniform(-1, 1)
    for _ in range(int(rng.integers(15, 40))):
        colour = tuple(float(v) for v in rng.uniform(0, 255, 3))
        x, y = int(rng.integers(0, small[1])), int(rng.integers(0, small[0]))
        size = int(rng.integers(5, max(6, small[1] // 5)))
        kind = rng.integers(0, 3)
        if kind == 0:
            cv2.rectangle(table, (x, y), (x + size, y + int(size * rng.uniform(0.3, 1.5))), colour, -1)
        elif kind == 1:
            cv2.circle(table, (x, y), size // 2, colour, -1)
        else:
            cv2.line(table, (x, y), (x + size, y + int(rng.integers(-size, size))), colour, int(rng.integers(1, 5)))
    return cv2.resize(table, (width, height), interpolation=cv2.INTER_LINEAR)


def _rotation(axis_angle: float, tilt: float, turn: float) -> np.ndarray:
    """Turn in the sheet's plane, then tilt about an axis in it."""
    c, s = math.cos(turn), math.sin(turn)
    spin = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    axis = np.array([math.cos(axis_angle), math.sin(axis_angle), 0.0])
    tilted, _ = cv2.Rodrigues(axis * tilt)
    return tilted @ spin


def degrade(sheet: np.ndarray, rng: np.random.Generator, cast: tuple[float, float, float] = (1.0, 1.0, 1.0),
            shake: bool = False) -> tuple[bytes, int]:
    """A photo of a flat sheet image (JPEG bytes) and its pixel count, in a light whose colour
    scales each channel (BGR) by `cast`; with `shake`, the phone also moved while it took it
    (a smear of up to SHAKE_PX along a line, as in a cold tester's photos)."""
    megapixels = rng.uniform(3.0, 12.0)
    width = int(math.sqrt(megapixels * 1e6 * 4 / 3))
    height = int(width * 3 / 4)
    h, w = sheet.shape[:2]
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]])
    rotation = _rotation(rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(0, MAX_TILT)),
                         rng.uniform(0, 2 * math.pi))
    turned = corners @ rotation.T
    # a phone about 1.1-1.6 sheet lengths away: the far edge looks as much smaller as it does then
    distance = max(w, h) * rng.uniform(1.1, 1.6)
    projected = np.array([[x / (1 + z / distance), y / (1 + z / distance)] for x, y, z in turned], np.float32)
    spread = np.ptp(projected, axis=0)
    if spread[0] < spread[1]:  # the phone held upright for a sheet that stands upright
        width, height = height, width
    photo = clutter(width, height, rng)
    # as large as fits in the frame, times 0.55-0.95: the player frames the sheet, not the table
    projected *= rng.uniform(0.55, 0.95) * min(width / spread[0], height / spread[1])
    room = np.array([width, height]) - np.ptp(projected, axis=0)
    projected += np.array([width, height]) / 2 - projected.mean(axis=0) + rng.uniform(-0.4, 0.4, 2) * room
    source = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    homography = cv2.getPerspectiveTransform(source, projected)
    warped = cv2.warpPerspective(sheet.astype(np.float32), homography, (width, height), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.ones((h, w), np.float32), homography, (width, height), flags=cv2.INTER_LINEAR)
    photo = photo * (1 - mask[..., None]) + warped * mask[..., None]
    photo = photo * _light(width, height, rng)[..., None] * np.array(cast, np.float32)
    sigma = rng.uniform(0.0, 2.0)
    if sigma > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    if shake:
        length = int(rng.integers(1, SHAKE_PX + 1))
        line = np.zeros((length, length), np.float32)
        line[length // 2, :] = 1.0
        turn = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), rng.uniform(0, 180), 1.0)
        smear = np.asarray(cv2.warpAffine(line, turn, (length, length)), np.float32)
        photo = cv2.filter2D(photo, -1, smear / np.float32(max(float(smear.sum()), 1e-9)))
    photo += rng.standard_normal(photo.shape, np.float32) * np.float32(rng.uniform(2, 8))
    quality = int(rng.integers(50, 91))
    ok, encoded = cv2.imencode(".jpg", np.clip(photo, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return encoded.tobytes(), width * height


def _light(width: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """Uneven light (brighter towards a lamp) and a hard shadow across the frame."""
    ys, xs = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    lamp = rng.uniform(0, 1, 2) * np.array([width, height])
    falloff = np.hypot(xs - lamp[0], ys - lamp[1]) / math.hypot(width, height)
    light = rng.uniform(0.95, 1.1) - falloff * rng.uniform(0.2, 0.45)
    angle = rng.uniform(0, 2 * math.pi)
    through = rng.uniform(0.3, 0.7, 2) * np.array([width, height])
    side = (xs - through[0]) * math.cos(angle) + (ys - through[1]) * math.sin(angle)
    light = np.where(side > 0, light * rng.uniform(0.45, 0.7), light)
    return cv2.resize(light, (width, height), interpolation=cv2.INTER_NEAREST)


def _cubes_and_light(game: str, seed: int) -> tuple[dict | None, tuple[float, float, float]]:
    """Cottage Garden's orange (BGR) anywhere from a deep orange through a cube's to amber, and
    the light's colour from a warm lamp's (blue at 60 %) to a cool window's (red at 85 %)."""
    if game != "cottage-garden":
        return None, (1.0, 1.0, 1.0)
    from pnp.photo_sample import ORANGES

    rng = np.random.default_rng((seed, 30))
    ends = [np.array(ORANGES[name], float) for name in ("deep", "cube", "amber")]
    at = rng.uniform(0, 2)
    orange = ends[int(at)] + (ends[min(int(at) + 1, 2)] - ends[int(at)]) * (at - int(at))
    warmth = rng.uniform(-1, 1)   # -1 a cool window, 1 a warm lamp
    cast = (1 - 0.4 * warmth, 1 - 0.12 * abs(warmth), 1.0) if warmth > 0 else (1.0, 1.0, 1 + 0.15 * warmth)
    return {"orange": tuple(int(v) for v in orange)}, cast


@dataclass
class Tally:
    photos: int = 0
    whole: int = 0
    fields: int = 0
    right: int = 0
    sure_wrong: int = 0
    right_outlined: int = 0     # right, but read unsurely: the player is asked to check it
    unreadable: int = 0
    seconds_12mp: list[float] = field(default_factory=list)
    cpu_seconds_12mp: list[float] = field(default_factory=list)   # every thread's, on a shared machine
    misses: list[str] = field(default_factory=list)


def _value(state: dict, path: str):
    from pnp.sheets import field_at

    node = field_at(state, path)
    return sorted(node) if isinstance(node, list) else node


def one_photo(game: str, seed: int, tally: Tally, sheets, hands: bool = False, hand: str | None = None) -> None:
    import scorer
    from pnp.photo_hands import HANDS, mark_by_hand
    from pnp.photo_sample import mark_sheet
    from scorer.photo.intake import PhotoError
    from scorer.photo.reader import read_photos

    rng = np.random.default_rng(seed)
    game_info = scorer.GAMES[game]
    players = int(rng.integers(game_info.min_players, game_info.max_players + 1))
    _, state = scorer.simulate(game, players, seed)
    player = int(rng.integers(0, players))
    sheet = next(s for s in sheets if s.game == game and all(state.get(k) == v for k, v in s.state))
    colours, cast = _cubes_and_light(game, seed)
    if hands and game == "harvest-dice":
        chosen = next(h for h in HANDS if h.name == hand) if hand else HANDS[seed % len(HANDS)]
        flat = mark_by_hand(sheet, state, state["players"][player], seed, chosen)
    else:
        flat = mark_sheet(sheet, state, state["players"][player], seed, colours)
    photo, pixels = degrade(flat, rng, cast, shake=hands)
    truth = {**state, "players": [state["players"][player]]}
    started, cpu_started = time.perf_counter(), time.process_time()
    tally.photos += 1
    try:
        read = read_photos([photo], game, sheets)
    except PhotoError as error:
        tally.unreadable += 1
        tally.misses.append(f"{game} seed {seed}: unreadable: {error}")
        return
    finally:
        if pixels >= 11e6:
            tally.seconds_12mp.append(time.perf_counter() - started)
            tally.cpu_seconds_12mp.append(time.process_time() - cpu_started)
    wrong = []
    for path, confidence in read["confidence"].items():
        if confidence == 0.0:  # not on the sheet (beehives): for the player to type
            continue
        tally.fields += 1
        if _value(read["state"], path) == _value(truth, path):
            tally.right += 1
            tally.right_outlined += confidence < SURE
        else:
            wrong.append(f"{path}={_value(read['state'], path)} not {_value(truth, path)} ({confidence})")
            tally.sure_wrong += confidence >= SURE
    tally.whole += not wrong
    if wrong:
        tally.misses.append(f"{game} seed {seed}: " + "; ".join(wrong))


def measure(photos: int = PHOTOS, seed: int = 1, games: tuple[str, ...] = GAMES, first: int = 0,
            progress: bool = False, hands: bool = False, hand: str | None = None) -> dict[str, Tally]:
    from pnp.readable import readable_sheets

    sheets = tuple(s for game in GAMES for s in readable_sheets(game))
    tallies = {}
    for game in games:
        tally = Tally()
        for n in range(first, first + photos):
            missed = len(tally.misses)
            one_photo(game, seed * 100_000 + n, tally, sheets, hands, hand)
            if progress and len(tally.misses) > missed:
                print(tally.misses[-1], file=sys.stderr, flush=True)
            if progress and tally.photos % PROGRESS == 0:
                print(f"{game}: photos {first}-{n} of seed {seed}: {tally.photos - tally.unreadable} read, "
                      f"{tally.whole} entirely right, {tally.right:,} of {tally.fields:,} fields right, "
                      f"{tally.sure_wrong} wrong yet sure", file=sys.stderr, flush=True)
        tallies[game] = tally
    return tallies


def rows(tallies: dict[str, Tally]) -> list[dict]:
    found = []
    for game, tally in tallies.items():
        fields = 100 * tally.right / max(tally.fields, 1)
        whole = 100 * tally.whole / max(tally.photos, 1)
        sure = 1000 * tally.sure_wrong / max(tally.fields, 1)
        slow = max(tally.seconds_12mp, default=float("nan"))
        mean = sum(tally.seconds_12mp) / max(len(tally.seconds_12mp), 1)
        cpu_slow = max(tally.cpu_seconds_12mp, default=float("nan"))
        cpu_mean = sum(tally.cpu_seconds_12mp) / max(len(tally.cpu_seconds_12mp), 1)
        found += [
            {"what": f"{game} photos read", "value": tally.photos, "unit": "photos",
             "note": f"{tally.unreadable} refused as unreadable"},
            {"what": f"{game} fields right", "value": fields, "unit": "%",
             "note": f"{tally.right:,} of {tally.fields:,}; goal >= {GOALS['fields right']} %"},
            {"what": f"{game} photos entirely right", "value": whole, "unit": "%",
             "note": f"{tally.whole} of {tally.photos}; goal >= {GOALS['photos entirely right']} %"},
            {"what": f"{game} right fields outlined", "value": 100 * tally.right_outlined / max(tally.right, 1),
             "unit": "%", "note": f"{tally.right_outlined:,} of {tally.right:,} read right but unsurely"},
            {"what": f"{game} fields wrong yet sure", "value": sure, "unit": "per 1,000",
             "note": f"{tally.sure_wrong} (confidence >= {SURE}); goal < {MAX_SURE_ERRORS_PER_1000}"},
            {"what": f"{game} seconds per 11-12 MP photo", "value": mean, "unit": "s",
             "note": f"slowest {slow:.2f} s of {len(tally.seconds_12mp)}; goal <= {MAX_SECONDS_12MP} s"},
            {"what": f"{game} CPU seconds per 11-12 MP photo", "value": cpu_mean, "unit": "s",
             "note": f"slowest {cpu_slow:.2f} s (all threads): the wall time of an idle machine at most"},
        ]
    return found


def measurements() -> list[dict]:
    return rows(measure())


def main(argv: list[str] | None = None) -> int:
    from pnp.photo_hands import HANDS

    parser = argparse.ArgumentParser(prog="python -m bench.photo", description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=PHOTOS, help=f"photos per game (default {PHOTOS})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, help="one game only (two runs share two cores better)")
    parser.add_argument("--first", type=int, default=0, help="the first photo of the seed's run (default 0)")
    parser.add_argument("--misses", action="store_true", help="list every photo read wrong")
    parser.add_argument("--hands", action="store_true", help="Harvest Dice sheets marked by the eight hands of pnp.photo_hands")
    parser.add_argument("--hand", choices=[h.name for h in HANDS], help="with --hands: every sheet marked by this one hand")
    options = parser.parse_args(argv)
    random.seed(options.seed)
    tallies = measure(options.photos, options.seed, (options.game,) if options.game else GAMES, options.first,
                      progress=True, hands=options.hands or bool(options.hand), hand=options.hand)
    for row in rows(tallies):
        print(f"{row['what']:<42} {row['value']:>10.2f} {row['unit']:<10} {row['note']}")
    if options.misses:
        for tally in tallies.values():
            print("\n".join(tally.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
