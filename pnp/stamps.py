"""Build stamps: `gardenkit build --if-changed` rebuilds a kit only when something its bytes
depend on changed.

A stamp per paper and game (`<out>/<paper>/<game>/.stamp.json`) holds a digest of the kit's
inputs and the size and modification time of every file the build wrote. The inputs are the
package version and release date, the versions of the two rendering libraries, the build
options (and the bytes of a --deck list), and every gardenkit source file the kit can run:
the print pipeline and the game's kit module, followed through their imports (those inside
functions too; the type-checking ones are not run), with the data files (fonts, deck lists)
beside them. So editing Cottage Garden's data or its art rebuilds the Cottage Garden kits
alone, while editing the PDF renderer rebuilds every kit.

The stamp is written after the kit's files, so a build stopped half-way never leaves a stamp
that vouches for files it did not finish.
"""
from __future__ import annotations

import ast
import dataclasses
import hashlib
import importlib.util
import json
from functools import cache
from pathlib import Path

from pnp.files import write_atomic
from pnp.options import BuildOptions
from pnp.version import RELEASED, VERSION

STAMP_NAME = ".stamp.json"
# Where a kit's code can come from: the print side and the games' domain it reads.
FIRST_PARTY = ("pnp", "scorer.games")
# The pipeline every kit runs through, whichever renderer the options ask for.
PIPELINE = ("pnp.build", "pnp.render_pdf", "pnp.render_svg")
# Data files shipped beside the code (pyproject's package data) that a kit may read.
DATA_SUFFIXES = {".csv", ".json", ".toml", ".ttf", ".otf"}
# Build options that choose which kits are built and where, not what is in them.
NOT_CONTENT = {"games", "papers", "out", "progress", "deck"}


def stamp_path(out: Path, paper: str, game: str) -> Path:
    return out / paper / game / STAMP_NAME


def _first_party(module: str) -> bool:
    return any(module == root or module.startswith(root + ".") for root in FIRST_PARTY)


@cache
def _source_root(top: str) -> Path:
    """The folder holding the top-level package `top` (found without importing it)."""
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"cannot find the {top} package")
    return Path(next(iter(spec.submodule_search_locations))).parent


def _module_file(module: str) -> Path | None:
    base = _source_root(module.split(".")[0]).joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _type_checking_only(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


# The fields of a statement that hold more statements (an import is a statement, never part of
# an expression, so nothing else needs reading).
STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


def _imported_names(statements: list[ast.stmt], package: str) -> list[str]:
    """Every module an import among the statements (and those nested in functions, classes,
    ifs, trys ...) may load (`from a import b` may load a.b), those under
    `if TYPE_CHECKING:` left out."""
    names: list[str] = []
    for node in statements:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: counted from this module's package
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
        for field in ("orelse",) if _type_checking_only(node) else STATEMENT_FIELDS:
            names += _imported_names(getattr(node, field, []), package)
    return names


def _first_party_imports(module: str) -> tuple[str, ...]:
    """The first-party modules `module` imports, with their parent packages (which run first)."""
    source = _module_file(module)
    if source is None:
        return ()
    package = module if source.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for name in _imported_names(ast.parse(source.read_bytes(), str(source)).body, package):
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if _first_party(prefix) and _module_file(prefix) is not None:
                found.add(prefix)
    return tuple(sorted(found))


def _data_files(folder: Path) -> list[Path]:
    """The data files in a package's folder and its plain (non-package) subfolders."""
    found = [path for path in folder.iterdir() if path.is_file() and path.suffix in DATA_SUFFIXES]
    for sub in folder.iterdir():
        if sub.is_dir() and not (sub / "__init__.py").exists() and sub.name != "__pycache__":
            found += _data_files(sub)
    return found


class Sources:
    """The sources as one build finds them: each file is read and parsed once however many
    kits and papers share it. Make a new one per build, so that no edit made since is missed."""

    def __init__(self) -> None:
        self._imports: dict[str, tuple[str, ...]] = {}
        self._digests: dict[Path, str] = {}

    def kit_inputs(self, kit_module: str) -> list[Path]:
        """Every gardenkit file a kit's build can read: the pipeline's and the kit module's
        sources through all their imports, and the data files beside them."""
        seen: set[str] = set()
        pending = [*PIPELINE, kit_module]
        while pending:
            module = pending.pop()
            if module not in seen:
                seen.add(module)
                if module not in self._imports:
                    self._imports[module] = _first_party_imports(module)
                pending.extend(self._imports[module])
        sources = {path for path in map(_module_file, seen) if path is not None}
        data = {data_file for folder in {source.parent for source in sources} for data_file in _data_files(folder)}
        return sorted(sources | data)

    def inputs_digest(self, kit_module: str, paper: str, options: BuildOptions) -> str:
        """A digest of everything one kit on one paper depends on."""
        digest = hashlib.sha256()
        from importlib import metadata  # only a build --if-changed asks: a plain build spares its imports

        content = {key: value for key, value in dataclasses.asdict(options).items() if key not in NOT_CONTENT}
        libraries = {name: metadata.version(name) for name in ("reportlab", "svgwrite")}
        header = {"version": VERSION, "released": RELEASED, "paper": paper, "options": content, "libraries": libraries}
        digest.update(json.dumps(header, sort_keys=True, default=str).encode())
        if options.deck is not None:
            digest.update(b"deck\0" + options.deck.read_bytes())
        for path in self.kit_inputs(kit_module):
            digest.update(f"\0{_installed_name(path)}\0{self._file_digest(path)}".encode())
        return digest.hexdigest()

    def _file_digest(self, path: Path) -> str:
        if path not in self._digests:
            self._digests[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        return self._digests[path]


def _installed_name(path: Path) -> str:
    """A source file's name within its package (pnp/build.py), the same wherever it is installed."""
    for top in {root.split(".")[0] for root in FIRST_PARTY}:
        if path.is_relative_to(_source_root(top) / top):
            return path.relative_to(_source_root(top)).as_posix()
    return path.as_posix()


def _file_marks(out: Path, files: list[Path]) -> dict[str, list[int]]:
    marks = {}
    for relative in files:
        status = (out / relative).stat()
        marks[relative.as_posix()] = [status.st_size, status.st_mtime_ns]
    return marks


def is_up_to_date(out: Path, paper: str, game: str, digest: str) -> bool:
    """True when the stamp vouches for this digest and every file it lists is still the one
    the build wrote (same size, same modification time)."""
    try:
        stamp = json.loads(stamp_path(out, paper, game).read_bytes())
        files = [Path(name) for name in stamp["files"]]
        return stamp["inputs"] == digest and _file_marks(out, files) == stamp["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return False


def write_stamp(out: Path, paper: str, game: str, digest: str, files: list[Path]) -> None:
    stamp = {"inputs": digest, "files": _file_marks(out, files)}
    write_atomic(stamp_path(out, paper, game), (json.dumps(stamp, indent=1, sort_keys=True) + "\n").encode())
