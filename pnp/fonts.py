"""The project font: Bitstream Vera Sans, the TrueType font that ships inside reportlab.

PDFs embed it (as subsets), never the unembedded standard-14 Helvetica a viewer would have
to substitute; SVGs name the same family first, with metric-compatible DejaVu Sans (Vera's
successor, present on most Linux desktops) and a generic sans-serif as fallbacks.
Text is measured with the font's own metrics so both renderers wrap and align alike.
"""
from __future__ import annotations

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


def pdf_font(bold: bool = False) -> str:
    register_fonts()
    return PDF_BOLD if bold else PDF_REGULAR


@lru_cache(maxsize=8192)
def measure(text: str, size_mm: float, bold: bool = False) -> float:
    """Advance width of `text` in millimetres at font size `size_mm` (millimetres)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, pdf_font(bold), size_mm)


@cache
def _glyphs(bold: bool) -> frozenset[int]:
    from reportlab.pdfbase.pdfmetrics import getFont

    return frozenset(getFont(pdf_font(bold)).face.charToGlyph)


def missing_glyphs(text: str, bold: bool = False) -> str:
    """The characters of `text` the font cannot draw (they would print as empty boxes)."""
    glyphs = _glyphs(bold)
    return "".join(sorted({ch for ch in text if ch != "\n" and ord(ch) not in glyphs}))
