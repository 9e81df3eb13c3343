"""The project font: Bitstream Vera Sans, the TrueType font that ships inside reportlab, and
the display faces of the games' wordmarks and headings (open-licensed TrueType fonts shipped
in pnp/art/fonts with their licences: see DISPLAY_FACES).

PDFs embed them (as subsets), never the unembedded standard-14 Helvetica a viewer would have
to substitute; SVGs name the same family first, with metric-compatible DejaVu Sans (Vera's
successor, present on most Linux desktops) and a generic sans-serif as fallbacks.
Text is measured with the font's own metrics so both renderers wrap and align alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

PDF_REGULAR = "GardenkitVera"
PDF_BOLD = "GardenkitVeraBold"
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"

# Vertical metrics of Vera as fractions of the font size; the text layout places lines with
# them (the cap height lines up "top" text with the top of its capitals).
CAP_HEIGHT = 0.729
DESCENT = 0.236

_FILES = {PDF_REGULAR: "Vera.ttf", PDF_BOLD: "VeraBd.ttf"}
_registered = False
FACES_FOLDER = Path(__file__).parent / "art" / "fonts"


@dataclass(frozen=True)
class DisplayFace:
    """A display face: one TrueType file in pnp/art/fonts and its licence beside it, the name
    the PDF embeds it under, the SVG font-family list, and its vertical metrics as fractions
    of the font size (so "top" and "middle" text sits as it does in Vera)."""

    pdf_name: str
    file: str
    licence: str
    svg_family: str
    cap_height: float
    descent: float


# The games' display faces, one a game, all under the SIL Open Font License 1.1 (Eurofurence
# and Leckerli One as Debian's fonts-eurofurence and fonts-leckerli-one ship them).
DISPLAY_FACES = {
    "comfortaa": DisplayFace("GardenkitComfortaa", "Comfortaa-Bold.ttf", "Comfortaa-OFL.txt",
                             "'Comfortaa', 'Quicksand', 'DejaVu Sans', sans-serif", 0.781, 0.234),
    "quicksand": DisplayFace("GardenkitQuicksand", "Quicksand-Bold.ttf", "Quicksand-OFL.txt",
                             "'Quicksand', 'Comfortaa', 'DejaVu Sans', sans-serif", 0.700, 0.250),
    "cabin-sketch": DisplayFace("GardenkitCabinSketch", "CabinSketch-Bold.ttf", "CabinSketch-OFL.txt",
                                "'Cabin Sketch', 'Cabin', 'DejaVu Sans', sans-serif", 0.640, 0.298),
    "eurofurence": DisplayFace("GardenkitEurofurence", "Eurofurence-Bold.ttf", "Eurofurence-OFL.txt",
                               "'Eurofurence', 'Comfortaa', 'DejaVu Sans', sans-serif", 0.649, 0.176),
    "leckerli-one": DisplayFace("GardenkitLeckerliOne", "LeckerliOne-Regular.ttf", "LeckerliOne-OFL.txt",
                                "'Leckerli One', 'Cabin Sketch', 'DejaVu Sans', sans-serif", 0.749, 0.274),
}


def font_file(bold: bool = False) -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts" / _FILES[PDF_BOLD if bold else PDF_REGULAR]


def register_fonts() -> None:
    """Register both weights with reportlab (once per process)."""
    global _registered
    if _registered:
        return
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in _FILES:
        pdfmetrics.registerFont(TTFont(name, str(font_file(name == PDF_BOLD))))
    _registered = True


def display_face(face: str) -> DisplayFace:
    try:
        return DISPLAY_FACES[face]
    except KeyError:
        raise ValueError(f"no display face {face!r}; the faces are {', '.join(sorted(DISPLAY_FACES))}") from None


@cache
def _register_face(face: str) -> str:
    """Register a display face with reportlab the first time a build uses it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    chosen = display_face(face)
    pdfmetrics.registerFont(TTFont(chosen.pdf_name, str(FACES_FOLDER / chosen.file)))
    return chosen.pdf_name


def pdf_font(bold: bool = False, face: str | None = None) -> str:
    """The reportlab name of the font a Text is set in: a display face (always its bold
    weight) or the project font in the weight asked for."""
    if face is not None:
        return _register_face(face)
    register_fonts()
    return PDF_BOLD if bold else PDF_REGULAR


def cap_height(face: str | None = None) -> float:
    return CAP_HEIGHT if face is None else display_face(face).cap_height


def descent(face: str | None = None) -> float:
    return DESCENT if face is None else display_face(face).descent


def svg_family(face: str | None = None) -> str:
    return SVG_FAMILY if face is None else display_face(face).svg_family


@cache
def _advances(bold: bool, face: str | None) -> tuple[dict[int, float], float]:
    """The font's advance widths by code point (thousandths of an em) and its default width."""
    from reportlab.pdfbase.pdfmetrics import getFont

    metrics = getFont(pdf_font(bold, face)).face
    return metrics.charWidths, metrics.defaultWidth


def advance_units(text: str, bold: bool = False, face: str | None = None, start: float = 0.0) -> float:
    """`start` plus the advance of `text` in thousandths of an em, added one character at a
    time from the left as reportlab's own string width adds them: a line measured piece by
    piece while it is wrapped comes to exactly the width `measure` gives the whole line."""
    widths, default = _advances(bold, face)
    get = widths.get
    total = start
    for character in text:
        total += get(ord(character), default)
    return total


@lru_cache(maxsize=8192)
def measure(text: str, size_mm: float, bold: bool = False, face: str | None = None) -> float:
    """Advance width of `text` in millimetres at font size `size_mm` (millimetres), the
    figure reportlab's stringWidth gives."""
    return units_to_mm(advance_units(text, bold, face), size_mm)


def units_to_mm(units: float, size_mm: float) -> float:
    return 0.001 * size_mm * units


@cache
def _glyphs(bold: bool, face: str | None) -> frozenset[int]:
    from reportlab.pdfbase.pdfmetrics import getFont

    return frozenset(getFont(pdf_font(bold, face)).face.charToGlyph)


def missing_glyphs(text: str, bold: bool = False, face: str | None = None) -> str:
    """The characters of `text` the font cannot draw (they would print as empty boxes)."""
    glyphs = _glyphs(bold, face)
    return "".join(sorted({ch for ch in text if ch != "\n" and ord(ch) not in glyphs}))
