"""Print options, validated once at the edge (scorer.cli) and passed down unchanged, and the
options a kit module's `components()` receives."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float


# Letter and A4 are the two every kit ships in; A3 and tabloid let owners of a large printer
# print a board on one sheet instead of tiling it.
PAPERS: dict[str, Paper] = {
    "letter": Paper("letter", 215.9, 279.4),
    "a4": Paper("a4", 210.0, 297.0),
    "a3": Paper("a3", 297.0, 420.0),
    "tabloid": Paper("tabloid", 279.4, 431.8),
}

BLEED_RANGE_MM = (0.0, 10.0)


def read_bleed(text: str) -> float:
    """Bleed in millimetres from text, within BLEED_RANGE_MM; ValueError saying why not (the
    command line and the app's print page read it alike)."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"bleed takes millimetres, not {text!r}") from None
    low, high = BLEED_RANGE_MM
    if not low <= value <= high:
        raise ValueError(f"bleed must be between {low:g} and {high:g} mm, not {value:g}")
    return value


# Home printers cannot print to the edge: every trim box stays this far inside the paper.
PAGE_MARGIN_MM = 5.0


@dataclass(frozen=True)
class BuildOptions:
    games: tuple[str, ...]
    papers: tuple[str, ...] = ("letter", "a4")
    formats: tuple[str, ...] = ("pdf", "svg")
    out: Path = Path("output")
    bleed_mm: float = 3.0
    duplex: Literal["long", "short"] = "long"
    ink_saver: bool = False
    cmyk: bool = False
    pod: bool = False
    cut: Literal["gutters", "shared"] = "gutters"  # "shared": same-size pieces edge to edge, one cut for two
    dark_backs: bool = False  # the dark cards (full-bleed backs, Garden Variety's dark-rimmed fronts) instead of the light, ink-saving default
    fold: bool = False  # two-sided cards one-sided, front and back side by side to fold and glue
    round_pieces: bool = False  # discs and tokens drawn round for craft punches, not squares cut on lines
    coordinates: bool = False  # hidden: board coordinates printed on the pieces, for testing
    deck: Path | None = None
    progress: bool = True


@dataclass(frozen=True)
class KitOptions:
    """What a kit's content may depend on (print options such as bleed live in BuildOptions).

    A kit reads only the fields it has a use for; the pipeline fills them from the build."""

    deck: Path | None = None     # Garden Variety: build from an owner's own deck list
    dark_backs: bool = False     # the dark cards: full-bleed backs, Garden Variety's fronts a dark rim; light by default, saving ink
    coordinates: bool = False    # a hidden testing aid: print board coordinates on the pieces
    fold: bool = False           # --fold: cards print folded, front and back side by side
    paper: str | None = None     # the paper a --fold build lays out (its last card page's blanks may be filled)
    round_pieces: bool = False   # --round-pieces: discs and tokens round, for craft punches; squares by default
