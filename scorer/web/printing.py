"""Print from the app: a print page per game and the kit downloads.

    GET|POST /games/<id>/print          the kit's pages as thumbnails, its component checklist
                                        and the options form (a POST downloads, or shows the
                                        page again with each mistake beside its field)
    GET  /kits/<id>.pdf?OPTIONS         the PDF `gardenkit build` writes for those options
    GET  /kits/<id>.zip?OPTIONS         its SVG pages and manifest.json
    GET  /kits/<id>/pages/<n>.svg?...   one SVG page (the preview's thumbnails)
    GET  /kits/all.zip?OPTIONS          every kit: PDFs, SVG pages and manifests
    POST /kits/<id>.pdf|.zip            the same for a kit built from a deck list (pnp.kits.deck_kits),
                                        the list sent as the `deck` file

OPTIONS: paper=letter|a4|a3|tabloid, duplex=long|short, bleed=MM, cut=gutters|shared, ink_saver=1,
cmyk=1, pod=1, dark_backs=1, fold=1, round_pieces=1: every layout option of `gardenkit build`. They are read once,
here, into pnp's own BuildOptions (against PAPERS and read_bleed). A kit is built by the command
line's own pieces (build_files) and kept in a per-process cache keyed by the options, the deck's content hash and the package version.
"""
from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import re
import tempfile
import threading
import typing
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, redirect, render_template, request, url_for
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.exceptions import RequestEntityTooLarge

from pnp.build import kit_components, lay_out, render_outputs
from pnp.fold import has_cards, nothing_to_fold
from pnp.kits import DeckMistakes, available_kits, deck_kits, deck_rules
from pnp.options import PAPERS, BuildOptions, read_bleed
from pnp.version import VERSION as KIT_VERSION
from scorer.store.green import off_the_loop
from scorer.web.examples import Busy, OneAtATime
from scorer.web.guards import refuse_json_on_a_form_page, require_form_token
from scorer.web.listing import game_info

bp = Blueprint("printing", __name__)


DEFAULT_CACHE_BYTES = 32 * 1024 * 1024
ZIP_DATE = (1980, 1, 1, 0, 0, 0)        # fixed member dates: the same kit gives the same zip

_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(BuildOptions)}
DUPLEX_EDGES: tuple[str, ...] = typing.get_args(typing.get_type_hints(BuildOptions)["duplex"])
CUTS: tuple[str, ...] = typing.get_args(typing.get_type_hints(BuildOptions)["cut"])
SWITCHES = ("ink_saver", "cmyk", "pod", "dark_backs", "fold", "round_pieces")
OPTION_NAMES = ("paper", "duplex", "bleed", "cut", *SWITCHES)
PLAIN_MILLIMETRES = re.compile(r"[-+]?[0-9]+(\.[0-9]{0,2})?", re.ASCII)  # a sign: the range says why
# Bleed in half millimetres: every other value would be a kit of its own to build (0.01 mm
# steps made some 700,000), and no printer needs finer.
BLEED_STEP_MM = 0.5


class OptionError(ValueError):
    """Options that cannot be built; `problems` maps each field to its plain-words mistakes."""

    def __init__(self, problems: dict[str, list[str]]):
        self.problems = problems
        super().__init__("; ".join(message for messages in problems.values() for message in messages))


# The normalised options of a download are pnp's own BuildOptions, on one paper and for no game
# or format yet (each build says which): equal options are equal cache keys.
DOWNLOAD_DEFAULTS = BuildOptions(games=(), papers=(_DEFAULTS["papers"][0],), formats=(), progress=False)


def options_query(options: BuildOptions) -> dict[str, Any]:
    """The options as the shortest query string that reads back to them."""
    bleed = f"{options.bleed_mm:g}"
    query = {"paper": paper_of(options), "duplex": options.duplex,
             "bleed": bleed if float(bleed) == options.bleed_mm else repr(options.bleed_mm)}
    if options.cut != _DEFAULTS["cut"]:
        query["cut"] = options.cut
    query.update({name: "1" for name in SWITCHES if getattr(options, name)})
    return query


def paper_of(options: BuildOptions) -> str:
    """The one paper a download is laid out on."""
    return options.papers[0]


def read_options(values: MultiDict) -> BuildOptions:
    """A download's options from query or form fields; OptionError naming every mistake."""
    problems: dict[str, list[str]] = {}
    unknown = [name for name in values if name not in OPTION_NAMES]
    for name in unknown:
        problems[name] = [f"there is no option {name!r}; the options are {', '.join(OPTION_NAMES)}"]
    chosen: dict[str, Any] = {}
    for name in OPTION_NAMES:
        given = values.getlist(name)
        if len(given) > 1:
            problems[name] = [f"give {name} once, not {len(given)} times"]
        elif given:
            try:
                chosen[name] = _READERS[name](given[0].strip())
            except ValueError as error:
                problems[name] = [str(error)]
    if problems:
        raise OptionError(problems)
    if "bleed" in chosen:
        chosen["bleed_mm"] = chosen.pop("bleed")
    if "paper" in chosen:
        chosen["papers"] = (chosen.pop("paper"),)
    return dataclasses.replace(DOWNLOAD_DEFAULTS, **chosen)


def _paper(text: str) -> str:
    if text.lower() not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {text!r}")
    return text.lower()


def _duplex(text: str) -> str:
    if text.lower() not in DUPLEX_EDGES:
        raise ValueError(f"duplex must be {' or '.join(DUPLEX_EDGES)} (the edge the printer flips on), not {text!r}")
    return text.lower()


def _cut(text: str) -> str:
    if text.lower() not in CUTS:
        raise ValueError(f"cut must be {' or '.join(CUTS)} (a gutter between pieces, or one cut shared by "
                         f"two), not {text!r}")
    return text.lower()


def _bleed(text: str) -> float:
    """The command line's own range and wording, without its '--', for plain decimals only:
    float() also reads '٣', '3_0' and '1e0', and endless decimals would each be a new build."""
    if not PLAIN_MILLIMETRES.fullmatch(text):
        raise ValueError(f"bleed takes millimetres like 3 or 2.5 (at most two decimals), not {text!r}")
    bleed = read_bleed(text)
    if bleed % BLEED_STEP_MM:
        raise ValueError(f"bleed comes in steps of {BLEED_STEP_MM:g} mm (such as 2, 2.5 or 3), not {text}")
    return bleed


def _switch(name: str) -> Callable[[str], bool]:
    def read(text: str) -> bool:
        if text not in ("0", "1"):
            raise ValueError(f"{name} takes 1 (on) or 0 (off), not {text!r}")
        return text == "1"
    return read


_READERS: dict[str, Callable[[str], Any]] = {"paper": _paper, "duplex": _duplex, "bleed": _bleed, "cut": _cut,
                                             **{name: _switch(name) for name in SWITCHES}}


# --- deck lists ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeckUpload:
    """An owner's deck list, checked: its bytes and their hash (the cache key's part)."""

    content: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.content).hexdigest()


def read_deck(upload: FileStorage | None, game_id: str) -> DeckUpload | None:
    """The uploaded deck list, held to the size and line limits and parsed from memory;
    None when no file was chosen. OptionError lists every mistake by its line."""
    if upload is None or not upload.filename:
        return None
    rules = deck_rules(game_id)
    if rules is None:
        raise OptionError({"deck": [f"only {deck_kit_titles()} is built from a deck list"]})
    content = upload.stream.read(rules.max_bytes + 1)
    if len(content) > rules.max_bytes:
        raise OptionError({"deck": [f"the deck list is larger than {rules.max_bytes // 1024} KB"]})
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise OptionError({"deck": ["the deck list is not UTF-8 text; save it as CSV (UTF-8)"]}) from None
    lines = len(text.splitlines())
    if lines > rules.max_lines:
        raise OptionError({"deck": [f"the deck list has {lines} lines; at most {rules.max_lines} are read"]})
    try:
        cards = rules.count_cards(text)
    except DeckMistakes as error:
        raise OptionError({"deck": [f"line {line}: {message}" if line else message
                                    for line, message in error.errors]}) from None
    if cards > rules.max_cards:
        raise OptionError({"deck": [f"the deck list counts {cards} cards; the app prints at most {rules.max_cards} "
                                    f"(gardenkit build --deck prints any number)"]})
    return DeckUpload(content)


def deck_kit_titles() -> str:
    """The titles of the kits built from a deck list, for a refusal: "Garden Variety"."""
    return " or ".join(game_info(game_id)["title"] for game_id in deck_kits())


# --- building --------------------------------------------------------------------------------

def build_files(game_id: str, options: BuildOptions) -> dict[Path, bytes]:
    """Every file `gardenkit build` writes for one game on options.papers[0], in memory,
    under the same relative paths: the command line's own pieces, called as it calls them.
    The one place to adapt when the build pipeline changes."""
    title, components = kit_components(game_id, options, options.papers[0])
    imposition = lay_out(game_id, components, PAPERS[options.papers[0]], options)
    return render_outputs(game_id, title, imposition, options)


def build_with_deck(game_id: str, options: BuildOptions, formats: tuple[str, ...],
                    deck: DeckUpload | None) -> dict[Path, bytes]:
    """build_files, with an uploaded deck list written to a fresh private folder (mkdtemp:
    a new name, readable by this user only) so it can overwrite nothing, then removed."""
    one_kit = dataclasses.replace(options, games=(game_id,), formats=formats)
    if deck is None:
        return build_files(game_id, one_kit)
    with tempfile.TemporaryDirectory(prefix="gardenkit-deck-") as folder:
        path = Path(folder, "deck.csv")
        with open(path, "xb") as handle:
            handle.write(deck.content)
        return build_files(game_id, dataclasses.replace(one_kit, deck=path))


def zipped(files: Mapping[Path, bytes]) -> bytes:
    """A zip of the files under their relative paths, the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for relative, content in files.items():
            member = zipfile.ZipInfo(relative.as_posix(), date_time=ZIP_DATE)
            member.external_attr = 0o644 << 16
            archive.writestr(member, content, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


class KitCache:
    """Built kits by key, the least recently used dropped once their bytes pass max_bytes.

    A key is built once: the first request for it builds while the others asking for the
    same key wait on that key's lock, then find the answer in the cache. Different keys
    build side by side. `builds` counts the builds done."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.builds = 0
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self._building: dict[Hashable, threading.Lock] = {}

    @property
    def size(self) -> int:
        return self._size

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def get_or_build(self, key: Hashable, build: Callable[[], bytes]) -> bytes:
        found = self.get(key)
        if found is not None:
            return found
        with self._lock:
            key_lock = self._building.setdefault(key, threading.Lock())
        with key_lock:
            found = self.get(key)
            if found is not None:
                return found
            try:
                built = build()
                with self._lock:
                    self.builds += 1
                    self._store(key, built)
            finally:  # only once stored: a request arriving in between would build again
                with self._lock:
                    self._building.pop(key, None)
            return built

    def _store(self, key: Hashable, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return  # served once, never kept: it would push out everything else
        self._entries[key] = value
        self._size += len(value)
        while self._size > self.max_bytes:
            _, dropped = self._entries.popitem(last=False)
            self._size -= len(dropped)


def kit_cache() -> KitCache:
    return current_app.extensions["gardenkit.kits"]


@bp.record_once
def _create_cache(state) -> None:
    state.app.extensions["gardenkit.kits"] = KitCache(state.app.config.get("KIT_CACHE_BYTES", DEFAULT_CACHE_BYTES))


class KitsBusy(Busy):
    doing = "print kits are being built for other people"


# A worker builds one kit at a time (a build costs up to a second of the processor, every kit
# in one zip more): a flood of builds, each with options of its own, holds only a few threads
# and gets 503s with Retry-After, while kits already built are served from the cache at once.
KIT_BUILDS = OneAtATime(KitsBusy)


def _in_turn(build: Callable[[], bytes]) -> Callable[[], bytes]:
    def build_in_turn() -> bytes:
        with KIT_BUILDS.turn():
            return off_the_loop(build)
    return build_in_turn


def kit_pdf(game_id: str, options: BuildOptions, deck: DeckUpload | None = None) -> bytes:
    key = ("pdf", game_id, options, deck and deck.digest, KIT_VERSION)
    return kit_cache().get_or_build(key, _in_turn(lambda: _only_pdf(build_with_deck(game_id, options, ("pdf",), deck))))


def kit_svg_zip(game_id: str, options: BuildOptions, deck: DeckUpload | None = None) -> bytes:
    """The SVG pages and manifest.json, as `gardenkit build` lays them out (<paper>/<game>/)."""
    key = ("svg", game_id, options, deck and deck.digest, KIT_VERSION)
    return kit_cache().get_or_build(key, _in_turn(lambda: zipped(build_with_deck(game_id, options, ("svg",), deck))))


def all_kits_zip(options: BuildOptions) -> bytes:
    """Every kit's folder as `gardenkit build --paper P` writes it, made from each kit's
    cached PDF and SVG zip (built here if missing)."""
    def build() -> bytes:
        files: dict[Path, bytes] = {}
        for game_id in available_kits():
            with zipfile.ZipFile(io.BytesIO(kit_svg_zip(game_id, options))) as pages:
                files.update((Path(name), pages.read(name)) for name in pages.namelist())
            files[Path(paper_of(options), f"{game_id}.pdf")] = kit_pdf(game_id, options)
        return zipped(files)
    # Each kit is built in its own turn; zipping them together needs none.
    return kit_cache().get_or_build(("all", options, KIT_VERSION), build)


def _only_pdf(files: dict[Path, bytes]) -> bytes:
    return next(content for relative, content in files.items() if relative.suffix == ".pdf")


@dataclass(frozen=True)
class KitPage:
    number: int
    name: str
    member: str


def kit_pages(svg_zip: bytes) -> list[KitPage]:
    """The SVG pages in a kit's zip, in page order."""
    with zipfile.ZipFile(io.BytesIO(svg_zip)) as archive:
        names = sorted(n for n in archive.namelist() if n.endswith(".svg"))
    pages = []
    for member in names:
        stem = Path(member).stem  # p07-board-r1c1
        pages.append(KitPage(int(stem[1:3]), stem[4:], member))
    return pages


def inline_pages(svg_zip: bytes, pages: list[KitPage]) -> dict[int, str]:
    """Page number -> the page as a data: address. A kit built from an uploaded deck exists
    only in the request that brought the deck, so its thumbnails travel inside the page."""
    with zipfile.ZipFile(io.BytesIO(svg_zip)) as archive:
        return {page.number: "data:image/svg+xml;base64," + base64.b64encode(archive.read(page.member)).decode()
                for page in pages}


def kit_manifest(svg_zip: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(svg_zip)) as archive:
        return json.loads(next(archive.read(n) for n in archive.namelist() if n.endswith("/manifest.json")))


# --- answers ---------------------------------------------------------------------------------


@bp.errorhandler(RequestEntityTooLarge)
def upload_too_large(error: RequestEntityTooLarge):
    message = f"the upload is larger than {(request.max_content_length or 0) // 1024} KB"
    game_id = (request.view_args or {}).get("game_id", "")
    if request.path.startswith("/kits/") or not printable(game_id):
        return refusal(413, message)
    return _render_print(game_id, DOWNLOAD_DEFAULTS, {"deck": [message]}), 413


def printable(game_id: str) -> bool:
    return game_id in available_kits()


@bp.app_template_global()
def print_page_url(game_id: str) -> str | None:
    """The game's print page, None when its kit is not part of this installation."""
    return url_for("printing.print_page", game_id=game_id) if printable(game_id) else None


def download_name(game_id: str, options: BuildOptions, suffix: str) -> str:
    return f"{game_id}-{paper_of(options)}-v{KIT_VERSION}{suffix}"


def attachment(content: bytes, mimetype: str, filename: str) -> Response:
    response = Response(content, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


def refusal(status: int, message: str, problems: dict[str, list[str]] | None = None):
    body: dict[str, Any] = {"error": message}
    if problems:
        body["problems"] = problems
    return jsonify(body), status


@bp.errorhandler(Busy)
def kits_busy(error: Busy):
    answer, status = refusal(503, str(error))
    return answer, status, {"Retry-After": str(error.retry_after)}


def _unknown_kit(game_id: str):
    return refusal(404, f"there is no kit {game_id!r}; the kits are {', '.join(available_kits())}")


@bp.route("/kits/<game_id>.pdf", methods=["GET", "POST"])
def download_pdf(game_id: str):
    return _download(game_id, "pdf")


@bp.route("/kits/<game_id>.zip", methods=["GET", "POST"])
def download_zip(game_id: str):
    return _download(game_id, "zip")


def _download(game_id: str, kind: str):
    if (game_id, kind) == ("all", "zip"):  # a POST: the GET has its own route, download_all
        answer, status = refusal(405, "every kit in one zip is a GET; there is no deck list to send with it")
        answer.headers["Allow"] = "GET, HEAD, OPTIONS"
        return answer, status
    if not printable(game_id):
        return _unknown_kit(game_id)
    try:
        options = read_options(request.args)
        deck = read_deck(request.files.get("deck"), game_id) if request.method == "POST" else None
        if request.method == "POST" and deck is None:  # none chosen, or lost in a cut-off upload
            raise OptionError({"deck": [f"a POST sends a {deck_kit_titles()} deck list as the file 'deck'; "
                                        f"GET this address for the kit as it comes"]})
    except OptionError as error:
        return refusal(400, str(error), error.problems)
    return kit_answer(game_id, kind, options, deck)


def kit_answer(game_id: str, kind: str, options: BuildOptions, deck: DeckUpload | None) -> Response:
    if kind == "pdf":
        return attachment(kit_pdf(game_id, options, deck), "application/pdf",
                          download_name(game_id, options, ".pdf"))
    return attachment(kit_svg_zip(game_id, options, deck), "application/zip",
                      download_name(game_id, options, "-svg.zip"))


@bp.get("/kits/all.zip")
def download_all():
    try:
        options = read_options(request.args)
    except OptionError as error:
        return refusal(400, str(error), error.problems)
    return attachment(all_kits_zip(options), "application/zip",
                      download_name("gardenkit-kits", options, ".zip"))


@bp.get("/kits/<game_id>/pages/<int:number>.svg")
def page_svg(game_id: str, number: int):
    if not printable(game_id):
        return _unknown_kit(game_id)
    try:
        options = read_options(request.args)
    except OptionError as error:
        return refusal(400, str(error), error.problems)
    svg_zip = kit_svg_zip(game_id, options)
    page = next((p for p in kit_pages(svg_zip) if p.number == number), None)
    if page is None:
        return refusal(404, f"the {game_id} kit on {paper_of(options)} paper has no page {number}")
    with zipfile.ZipFile(io.BytesIO(svg_zip)) as archive:
        response = Response(archive.read(page.member), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


# --- the print page --------------------------------------------------------------------------

@bp.route("/games/<game_id>/print", methods=["GET", "POST"])
def print_page(game_id: str):
    if not printable(game_id):
        return render_template("error.html", status=404, message=f"there is no print kit for {game_id!r}"), 404
    if request.method == "POST":
        return _print_form(game_id)
    try:
        options = read_options(request.args)
    except OptionError as error:
        return _render_print(game_id, DOWNLOAD_DEFAULTS, error.problems, given=request.args), 400
    return _render_print(game_id, options)


def _print_form(game_id: str):
    """The form: a download (a redirect to its address, or the file itself when built from
    an uploaded deck), a fresh preview, or the page again with the mistakes marked."""
    refuse_json_on_a_form_page()
    require_form_token()
    fields_given = MultiDict([(k, v) for k, v in request.form.items(multi=True)
                              if k not in ("csrf_token", "download")])
    try:
        options = read_options(fields_given)
        deck = read_deck(request.files.get("deck"), game_id)
    except OptionError as error:
        return _render_print(game_id, DOWNLOAD_DEFAULTS, error.problems, given=fields_given), 400
    kind = request.form.get("download", "preview")
    if kind in ("pdf", "zip"):
        if deck is not None:
            return kit_answer(game_id, kind, options, deck)
        endpoint = "printing.download_pdf" if kind == "pdf" else "printing.download_zip"
        return redirect(url_for(endpoint, game_id=game_id, **options_query(options)), 303)
    return _render_print(game_id, options, deck=deck)


def _render_print(game_id: str, options: BuildOptions, problems: dict[str, list[str]] | None = None,
                  given: Mapping[str, str] | None = None, deck: DeckUpload | None = None) -> str:
    svg_zip = None if problems else kit_svg_zip(game_id, options, deck)
    pages = kit_pages(svg_zip) if svg_zip else []
    rules = deck_rules(game_id)
    manifest = kit_manifest(svg_zip) if svg_zip else None
    folds_nothing = bool(manifest and options.fold and not has_cards(c["kind"] for c in manifest["components"]))
    return render_template(
        "print.html", game=game_info(game_id), options=options, problems=problems or {},
        given=given if given is not None else options_query(options), papers=PAPERS, duplex_edges=DUPLEX_EDGES, cuts=CUTS,
        takes_deck=rules is not None, deck=deck, max_deck_kb=rules.max_bytes // 1024 if rules else 0,
        pages=pages, manifest=manifest,
        fold_note=nothing_to_fold(game_info(game_id)["title"]) if folds_nothing else None,
        inline=inline_pages(svg_zip, pages) if svg_zip and deck else {},
        query=options_query(options), version=KIT_VERSION)
