"""Line layout shared by the PDF and SVG renderers, so both put every line at the same place.

A Text's lines are found once here: explicit newlines always break, and with `max_width` the
words are wrapped greedily by their measured width. Each line gets its anchor x (left edge,
centre or right edge, following `align`), its left edge and its baseline y. A single word
wider than `max_width` keeps its own line rather than being cut mid-word, and a bracketed
citation ("[4 / Gardener Phase]") wraps as one word, so "[4" never ends a line alone. A character the
font has no glyph for is an error here, not an empty box on the printed card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pnp.fonts import advance_units, cap_height, descent, measure, missing_glyphs, units_to_mm
from pnp.model import Text

# Rules, aids and notes are read at arm's length at the table: their body text is 8.5 pt
# (pnp.checks fails wrapped text under 8 pt), their headings larger.
BODY_MM = 3.0

@dataclass(frozen=True)
class Line:
    text: str
    x: float  # where `align` anchors the line (what SVG's text-anchor is given)
    left: float  # the line's left edge (where PDF starts drawing it)
    baseline: float
    width: float


# a word: a run of characters that are not spaces, where a bracketed group counts as one
# character however many spaces it holds; a "[" never closed is an ordinary character
UNBREAKABLE_WORD = re.compile(r"(?:[^\s\[]|\[[^\]]*\]|\[)+")


def unbreakable_words(paragraph: str) -> list[str]:
    """The paragraph's words, a bracketed citation's words joined into one: a rulebook section
    cited across a line break reads as two stray fragments."""
    return [" ".join(word.split()) for word in UNBREAKABLE_WORD.findall(paragraph)]


def wrap(text: str, size: float, bold: bool, max_width: float | None, face: str | None = None) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if max_width is None:
            lines.append(paragraph)
            continue
        # the line's width grows word by word instead of measuring the whole line again
        # for every word it is offered
        current, units = "", 0.0
        for word in unbreakable_words(paragraph):
            if not current:
                current, units = word, advance_units(word, bold, face)
                continue
            longer = advance_units(f" {word}", bold, face, start=units)
            if units_to_mm(longer, size) > max_width:
                lines.append(current)
                current, units = word, advance_units(word, bold, face)
            else:
                current, units = f"{current} {word}", longer
        lines.append(current)
    return lines


def balanced_width(text: str, size: float, bold: bool, max_width: float, face: str | None = None) -> float:
    """The narrowest width that wraps `text` into as many lines as `max_width` does: its lines
    then come out even, with no lone word left on the last (a box's "grow one / tier")."""
    count = len(wrap(text, size, bold, max_width, face))
    low, high = 0.0, max_width
    while high - low > 0.05:  # mm: far under a glyph's width
        middle = (low + high) / 2
        if len(wrap(text, size, bold, middle, face)) > count:
            low = middle
        else:
            high = middle
    return high


def widowless_width(text: str, size: float, bold: bool, max_width: float, face: str | None = None) -> float:
    """`max_width`, or the balanced width where that would leave one word alone on a
    paragraph's last line (a "[Sow]" or "rock" under a full line reads as a slip)."""
    lines = wrap(text, size, bold, max_width, face)
    if len(lines) > 1 and len(lines[-1].split()) == 1:
        return balanced_width(text, size, bold, max_width, face)
    return max_width


def font_of(text: Text) -> str:
    """The face a Text is set in: its display face, or else the body face it was made in."""
    return text.face if text.face is not None else text.body


def first_baseline(text: Text, line_count: int) -> float:
    """Baseline of the first line for the Text's vertical anchor.

    top: the capitals' top at y; bottom: the last line's descenders end at y;
    middle: the block from the first capitals' top to the last baseline is centred on y."""
    cap = cap_height(font_of(text)) * text.size
    block = (line_count - 1) * text.line_height * text.size
    if text.anchor == "top":
        return text.y + cap
    if text.anchor == "middle":
        return text.y - (block + cap) / 2 + cap
    if text.anchor == "bottom":
        return text.y - descent(font_of(text)) * text.size - block
    return text.y


@lru_cache(maxsize=4096)
def layout_lines(text: Text) -> tuple[Line, ...]:
    face = font_of(text)
    missing = missing_glyphs(text.text, text.bold, face)
    if missing:
        raise ValueError(f"the text {text.text[:40]!r} uses characters its font cannot draw: {missing}")
    strings = wrap(text.text, text.size, text.bold, text.max_width, face)
    baseline = first_baseline(text, len(strings))
    step = text.line_height * text.size
    laid = []
    for index, string in enumerate(strings):
        width = measure(string, text.size, text.bold, face)
        left = text.x - {"left": 0.0, "center": width / 2, "right": width}[text.align]
        laid.append(Line(string, text.x, left, baseline + index * step, width))
    return tuple(laid)
