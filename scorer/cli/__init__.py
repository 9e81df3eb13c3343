"""The `gardenkit` command, on top of everything: build kits, score a game, check a rule, serve
the app, read photos, back up the history.

Arguments are validated here, once, at the edge; every bad option or unknown name ends with
one plain message and exit status 2. Each subcommand imports only what it needs, so
`gardenkit build` never loads Flask and `gardenkit score` never loads reportlab.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pnp.kits import GAME_IDS
from pnp.options import PAPERS, BuildOptions, read_bleed
from pnp.version import RELEASED, VERSION

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad usage detected after parsing (an unknown game, a bad format list, ...)."""


class _Parser(argparse.ArgumentParser):
    """argparse prints the whole usage block on an error; a player wants one plain line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"gardenkit: {message} (see 'gardenkit {self._sub_name()} --help')\n")

    def _sub_name(self) -> str:
        parts = self.prog.split()
        return parts[1] if len(parts) > 1 else ""


def _bleed(text: str) -> float:
    try:
        return read_bleed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"--{error}") from None


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"--port takes a number from 1 to 65535, not {text!r}")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"--seed takes a whole number of 0 or more, not {text!r}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gardenkit", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"gardenkit {VERSION}, released {RELEASED}")
    subs = parser.add_subparsers(dest="command", metavar="{build,score,check,validate,simulate,replay,read,photo-sample,history,serve}",
                                 parser_class=_Parser)

    build = subs.add_parser("build", help="write print-and-play PDF and SVG kits")
    build.add_argument("--game", action="append", metavar="ID",
                       help=f"a game to build (repeatable; default all): {', '.join(GAME_IDS)}")
    build.add_argument("--paper", action="append", choices=sorted(PAPERS), metavar="PAPER",
                       help="paper size (repeatable; default letter and a4): " + ", ".join(PAPERS))
    build.add_argument("--format", default="pdf,svg", metavar="pdf,svg",
                       help="comma-separated output formats (default pdf,svg)")
    build.add_argument("--out", type=Path, default=Path("output"), metavar="DIR",
                       help="output folder (default ./output)")
    build.add_argument("--bleed", type=_bleed, default=3.0, metavar="MM",
                       help="bleed around each piece in mm (default 3)")
    build.add_argument("--duplex", choices=["long", "short"], default="long",
                       help="which edge the printer flips on, for the mirrored backs (default long)")
    build.add_argument("--ink-saver", action="store_true", help="light backgrounds, outlines instead of fills")
    build.add_argument("--cmyk", action="store_true", help="write colours as CMYK")
    build.add_argument("--pod", action="store_true",
                       help="one face per page with TrimBox/BleedBox, for print-on-demand services")
    build.add_argument("--cut", choices=["gutters", "shared"], default="gutters",
                       help="gutters: a bleed gutter between every two pieces (default); shared: same-size "
                            "pieces edge to edge, so one cut serves two")
    build.add_argument("--dark-backs", action="store_true",
                       help="the dark cards: dark full-bleed backs (and Garden Variety's dark-rimmed fronts) instead of "
                            "the light ones that save ink")
    build.add_argument("--fold", action="store_true",
                       help="two-sided cards one-sided, front and back side by side: cut, fold and glue "
                            "(no two-sided printing)")
    build.add_argument("--round-pieces", action="store_true",
                       help="discs and tokens drawn round, for craft punches, instead of the squares cut on "
                            "their lines")
    build.add_argument("--coordinates", action="store_true", help=argparse.SUPPRESS)  # for testing boards
    build.add_argument("--deck", type=Path, metavar="FILE",
                       help="Garden Variety: build the deck from your own deck list (CSV)")
    build.add_argument("--quiet", action="store_true", help="no progress output")
    build.add_argument("--if-changed", action="store_true",
                       help="leave a kit as it is when nothing it is made from changed since the last "
                            "--if-changed build (a stamp beside its files says what it was made from)")

    for name, helptext, filehelp in (
        ("score", "final scores of a game state", "a JSON file holding the state"),
        ("check", "is an action legal on a state", 'a JSON file holding {"state": ..., "action": ...}'),
        ("validate", "is a game state possible", "a JSON file holding the state"),
    ):
        sub = subs.add_parser(name, help=helptext)
        sub.add_argument("game", metavar="GAME", help="game id: " + ", ".join(GAME_IDS))
        sub.add_argument("file", metavar="FILE.json", help=filehelp + " ('-' reads standard input)")
        sub.add_argument("--json", action="store_true", help="print the result as JSON")

    simulate = subs.add_parser("simulate", help="play a whole game at random and write its log")
    simulate.add_argument("game", metavar="GAME", help="game id: " + ", ".join(GAME_IDS))
    simulate.add_argument("--players", type=_positive, default=None, metavar="N",
                          help="how many players (default: the fewest the game allows)")
    simulate.add_argument("--seed", type=_seed, default=None, metavar="S",
                          help="the seed of the dice, draws and choices (default: a new one)")
    simulate.add_argument("--out", type=Path, default=None, metavar="FILE",
                          help="write the log here (default: print it)")
    simulate.add_argument("--json", action="store_true", help="print the end state and scores as JSON")
    replay = subs.add_parser("replay", help="play a game log back and judge every move")
    replay.add_argument("game", metavar="GAME", help="game id: " + ", ".join(GAME_IDS))
    replay.add_argument("file", metavar="LOG.json", help="a game log ('-' reads standard input)")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")

    history = subs.add_parser("history", help="back up the saved games to a JSON file, or restore them from one")
    history.add_argument("action", choices=["backup", "restore"])
    history.add_argument("file", metavar="FILE", help="the backup file (JSON)")

    read = subs.add_parser("read", help="read a game's end from photos of its printed sheets")
    read.add_argument("--game", required=True, metavar="GAME", help="game id: " + ", ".join(GAME_IDS))
    read.add_argument("photos", nargs="+", metavar="PHOTO", help="JPEG, PNG or WebP photos, a sheet a player")
    sample = subs.add_parser("photo-sample", help="draw each player's sheet as left at the end of a game")
    sample.add_argument("--game", required=True, metavar="GAME", help="game id: " + ", ".join(GAME_IDS))
    sample.add_argument("--state", required=True, metavar="STATE.json", help="the end state ('-' reads standard input)")
    sample.add_argument("--seed", type=_seed, default=0, metavar="N", help="the seed of the hand's wobble (default 0)")
    sample.add_argument("--out", type=Path, required=True, metavar="FILE.png",
                        help="FILE.png, or FILE-1.png, FILE-2.png ... for several players")

    serve = subs.add_parser("serve", help="serve the web app on a production WSGI server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_port, default=8000)
    serve.add_argument("--workers", type=_positive, default=2, help="worker processes (default 2)")
    serve.add_argument("--threads", type=_positive, default=None,
                       help="no effect: kept for command lines written for the old threaded workers "
                            "(docs/deploy.md)")
    return parser


def _build_options(args: argparse.Namespace) -> BuildOptions:
    games = args.game or list(GAME_IDS)
    unknown = [g for g in games if g not in GAME_IDS]
    if unknown:
        raise UsageError(f"unknown game {unknown[0]!r}; known games: {', '.join(GAME_IDS)}")
    formats = [f.strip().lower() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("pdf", "svg")]
    if bad or not formats:
        raise UsageError(f"--format takes pdf, svg or pdf,svg, not {args.format!r}")
    if args.deck is not None and not args.deck.is_file():
        raise UsageError(f"--deck: no such file {str(args.deck)!r}")
    return BuildOptions(
        games=tuple(dict.fromkeys(games)), papers=tuple(dict.fromkeys(args.paper or ["letter", "a4"])),
        formats=tuple(dict.fromkeys(formats)), out=args.out, bleed_mm=args.bleed,
        duplex=args.duplex, ink_saver=args.ink_saver, cmyk=args.cmyk, pod=args.pod, cut=args.cut,
        dark_backs=args.dark_backs, fold=args.fold, round_pieces=args.round_pieces, coordinates=args.coordinates, deck=args.deck, progress=not args.quiet)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        if args.command == "build":
            options = _build_options(args)
            from pnp.build import run_build

            return run_build(options, if_changed=args.if_changed)
        if args.command == "serve":
            from scorer.web.serve import serve

            return serve(args.host, args.port, args.workers)  # --threads: see its help
        if args.command == "history":
            from scorer.cli import history

            return history.main(args.action, args.file)
        if args.command in ("read", "photo-sample"):
            from scorer.cli import photos as photo_cli

            if args.command == "read":
                return photo_cli.read(args.game, args.photos)
            return photo_cli.photo_sample(args.game, args.state, args.seed, args.out)
        from scorer.cli import rules as scorer_cli

        if args.command == "simulate":
            return scorer_cli.simulate(args.game, args.players, args.seed, args.out, as_json=args.json)
        if args.command == "replay":
            return scorer_cli.replay(args.game, args.file, as_json=args.json)
        return scorer_cli.run(args.command, args.game, args.file, as_json=args.json)
    except UsageError as error:
        print(f"gardenkit: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("gardenkit: interrupted", file=sys.stderr)
        return 130

