"""`gardenkit build`: kits -> imposition -> PDF, one SVG per page, and the manifest.

Everything for one game and paper is rendered in memory first and only then written, each
file through a temporary file in its own folder and an atomic rename: an interrupted or
failed build leaves the previous files (or none), never a half-written one, and no temporary
files. SVGs of pages that no longer exist are removed, so the folder always holds exactly
one SVG per page of the PDF next to it. `--if-changed` builds only the kits whose inputs
changed since the last such build (pnp.stamps).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import TextIO

from pnp.colors import Paint
from pnp.cuts import count_cuts, paper_sheets
from pnp.errors import KitError
from pnp.files import write_atomic
from pnp.fold import fold_cards, has_cards, nothing_to_fold
from pnp.fonts import VERA, body_face_of
from pnp.frontmatter import add_front_matter
from pnp.impose import Imposition, impose
from pnp.kits import GAME_IDS, available_kits, kit_module_name, load_kit
from pnp.model import Component
from pnp.options import PAPERS, BuildOptions, KitOptions, Paper
from pnp.stamps import Sources, is_up_to_date, write_stamp

EXIT_OK, EXIT_KIT_ERROR, EXIT_USAGE = 0, 1, 2


def svg_name(number: int, slug: str) -> str:
    return f"p{number:02d}-{slug}.svg"


def render_outputs(game: str, title: str, imposition: Imposition, options: BuildOptions) -> dict[Path, bytes]:
    """Every file of one game on one paper, relative to the output folder, rendered in memory."""
    paint = Paint(ink_saver=options.ink_saver, cmyk=options.cmyk)
    paper = imposition.paper.name
    files: dict[Path, bytes] = {}
    if "svg" in options.formats:
        from pnp.render_svg import SvgPainter, render_sheet_svg

        painter = SvgPainter(paint)
        for sheet in imposition.sheets:
            files[Path(paper, game, svg_name(sheet.number, sheet.name))] = render_sheet_svg(sheet, painter).encode()
    manifest = json.dumps(imposition.manifest(game), indent=1) + "\n"
    files[Path(paper, game, "manifest.json")] = manifest.encode()
    if "pdf" in options.formats:
        from pnp.render_pdf import render_pdf

        files[Path(paper, f"{game}.pdf")] = render_pdf(imposition.sheets, paint, title=title)
    return files


def write_outputs(out: Path, game: str, paper: str, files: dict[Path, bytes]) -> None:
    for relative, data in files.items():
        write_atomic(out / relative, data)
    svg_folder = out / paper / game
    current = {relative.name for relative in files}
    if any(name.endswith(".svg") for name in current):  # drop pages of an earlier, longer build
        for stale in svg_folder.glob("p[0-9][0-9]*-*.svg"):
            if stale.name not in current:
                stale.unlink()


def kit_components(game: str, options: BuildOptions, paper: str | None = None) -> tuple[str, list[Component]]:
    """The kit's pieces for this build; a folded build's may depend on the `paper` (Garden
    Variety fills its last page of folded cards), so it is asked once per paper."""
    kit = load_kit(game)
    with body_face_of(body_face_name(kit)):
        components = kit.components(KitOptions(deck=options.deck, dark_backs=options.dark_backs,
                                               coordinates=options.coordinates, fold=options.fold,
                                               round_pieces=options.round_pieces,
                                               paper=paper if options.fold else None))
        if not components:
            raise KitError(f"the {game} kit has no components")
        return kit.TITLE, fold_cards(components) if options.fold else components


def body_face_name(kit: ModuleType) -> str:
    """The body face a kit's text is set in: its look's (Vera for a kit without a look)."""
    look = getattr(kit, "LOOK", None)
    return VERA if look is None else look.body


def lay_out(game: str, components: list[Component], paper: Paper, options: BuildOptions) -> Imposition:
    """Every page of one game's kit on one paper, laid out and marked, ready to render: the
    kit's first page (and its duplex test page), then its pieces, a footer on each page (print-on-demand files hold the
    pieces alone, one face a page)."""
    kit = load_kit(game)
    # the guide is page 1; a kit with two-sided pages has its duplex test page behind it
    front_pages = 0 if options.pod else 2 if any(c.double_sided for c in components) else 1
    with body_face_of(body_face_name(kit)):  # the footers and the guide page are the kit's text too
        imposition = impose(components, paper, bleed=options.bleed_mm, duplex=options.duplex, pod=options.pod,
                            cut=options.cut, first_page=front_pages + 1)
        if not options.pod:
            # --fold folds cards alone: a kit without cards has no folding to explain
            folds = options.fold and has_cards(c.kind for c in components)
            add_front_matter(imposition, kit.TITLE, getattr(kit, "GUIDE", None), options.duplex, options.cut, folds)
    return imposition


def impose_kit(game: str, paper: Paper, options: BuildOptions) -> Imposition:
    _, components = kit_components(game, options, paper.name)
    return lay_out(game, components, paper, options)


def _games_to_build(options: BuildOptions, explicit: bool, log: TextIO) -> list[str] | None:
    present = set(available_kits())
    missing = [g for g in options.games if g not in present]
    if missing and explicit:
        print(f"gardenkit: the {missing[0]} kit is not part of this installation yet", file=log)
        return None
    for game in missing:
        if options.progress:
            print(f"note: skipping {game}: its kit does not exist yet", file=log)
    return [g for g in options.games if g in present]


def _stale_papers(game: str, options: BuildOptions, sources: Sources, log: TextIO) -> dict[str, str]:
    """{paper: digest of the kit's inputs} for the papers whose kit must be built again; the
    others are said to be up to date."""
    digests = {paper: sources.inputs_digest(kit_module_name(game), paper, options) for paper in options.papers}
    stale = {}
    for paper, digest in digests.items():
        if is_up_to_date(options.out, paper, game, digest):
            if options.progress:
                print(f"up to date: {game} [{paper}]", file=log)
        else:
            stale[paper] = digest
    return stale


def _build_game(game: str, options: BuildOptions, sources: Sources | None, log: TextIO) -> None:
    """One game's kit on every paper asked for; with `sources` (--if-changed), on those whose
    inputs changed."""
    started = time.perf_counter()
    stale = _stale_papers(game, options, sources, log) if sources is not None else dict.fromkeys(options.papers, "")
    if not stale:
        return  # every paper up to date: the kit module is not even imported
    title, components = kit_components(game, options)
    if options.fold and not has_cards(c.kind for c in components):
        print(f"note: {nothing_to_fold(title)}", file=log)
    for paper_name, digest in stale.items():
        if options.fold:
            _, components = kit_components(game, options, paper_name)
        imposition = lay_out(game, components, PAPERS[paper_name], options)
        files = render_outputs(game, title, imposition, options)
        write_outputs(options.out, game, paper_name, files)
        if sources is not None:  # after the files: a stopped build leaves no stamp vouching for them
            write_stamp(options.out, paper_name, game, digest, list(files))
        if options.progress:
            print(f"built {game} [{paper_name}]: {len(imposition.sheets)} pages on "
                  f"{paper_sheets(imposition)} sheets, {count_cuts(imposition)} straight cuts, "
                  f"{'+'.join(options.formats)} in {time.perf_counter() - started:.2f} s", file=log)
            started = time.perf_counter()


def run_build(options: BuildOptions, log: TextIO | None = None, if_changed: bool = False) -> int:
    """Build the kits the options name. With `if_changed`, a kit whose inputs have not changed
    since the last such build is left as it is (pnp.stamps)."""
    log = log or sys.stderr
    explicit = tuple(options.games) != GAME_IDS
    games = _games_to_build(options, explicit, log)
    if games is None:
        return EXIT_USAGE
    if options.deck is not None and "garden-variety" not in games:
        print("gardenkit: --deck only applies to the garden-variety kit", file=log)
        return EXIT_USAGE
    sources = Sources() if if_changed else None  # read afresh by every build
    for game in games:
        try:
            _build_game(game, options, sources, log)
        except KitError as error:
            print(f"gardenkit: {game}: {error}", file=log)
            return EXIT_KIT_ERROR
        except OSError as error:
            print(f"gardenkit: cannot write the {game} kit: {error.strerror or error} "
                  f"({error.filename or options.out})", file=log)
            return EXIT_KIT_ERROR
        except Exception as error:  # a kit bug: say which kit, plainly, without a traceback
            print(f"gardenkit: the {game} kit failed: {type(error).__name__}: {error}", file=log)
            return EXIT_KIT_ERROR
    return EXIT_OK
