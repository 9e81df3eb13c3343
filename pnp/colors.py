"""Colours: the Okabe-Ito palette, the four player colours with their symbols, and the
paint transforms of the print options (RGB or CMYK output, the ink-saver build).

Okabe-Ito (Okabe & Ito, "Color Universal Design", 2002) stays distinguishable for the common
forms of colour blindness. Colour is never the only carrier of meaning: each player colour
comes with its own symbol and letter, which kits print next to (or instead of) the colour:

    blue   #0072B2  circle    B
    red    #D55E00  triangle  R      (Okabe-Ito "vermillion")
    green  #009E73  square    G      (Okabe-Ito "bluish green")
    yellow #F0E442  diamond   Y

The symbol names are icons in pnp.icons. The palette and the player colours are defined in
scorer.games.player_colours, which the web pages read too; they are re-exported here for the kits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from pnp.model import Style
from scorer.games.player_colours import OKABE_ITO as OKABE_ITO
from scorer.games.player_colours import PLAYER_COLORS as PLAYER_COLORS
from scorer.games.player_colours import PlayerColor as PlayerColor

WHITE = "#FFFFFF"
BLACK = "#000000"
INK = "#222222"  # body text: a soft black
PAPER = "#FFFFFF"


@lru_cache(maxsize=1024)
def rgb(color: str) -> tuple[float, float, float]:
    """'#rrggbb' -> (r, g, b) in 0..1."""
    value = color.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"colours are '#rrggbb' strings, not {color!r}")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02X}" for c in (r, g, b))


@lru_cache(maxsize=1024)
def to_cmyk(color: str) -> tuple[float, float, float, float]:
    """Naive device conversion (no ICC profile): pure black is K only, greys are K only,
    so text and crop marks print with one ink."""
    r, g, b = rgb(color)
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round(v, 4) for v in ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k),  # type: ignore[return-value]
                                        (1 - b - k) / (1 - k), k))


def mix(color: str, other: str, t: float) -> str:
    """`t` of the way from `color` to `other`."""
    a, b = rgb(color), rgb(other)
    return to_hex(*(x + (y - x) * t for x, y in zip(a, b)))


def lighten(color: str, t: float) -> str:
    return mix(color, WHITE, t)


def darken(color: str, t: float) -> str:
    return mix(color, BLACK, t)


def luminance(color: str) -> float:
    """Relative luminance (WCAG), 0 black .. 1 white."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# Two colours this far apart (CIE76 ΔE) tell apart at a glance: a sliver of one along the
# edge of the other shows. Closer ones (a cream beside white, the ink saver's pale tints) do not.
DISTINCT_DELTA_E = 20.0


@lru_cache(maxsize=4096)
def _lab(color: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb(color))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distinct(color: str, other: str) -> bool:
    """Do the two colours differ at a glance (CIE76 ΔE of DISTINCT_DELTA_E or more)?"""
    return math.dist(_lab(color.upper()), _lab(other.upper())) >= DISTINCT_DELTA_E


def text_color_on(background: str) -> str:
    """Black or white, whichever reads better on `background`: the one with the higher WCAG
    contrast ratio. Both ratios are equal at a luminance of sqrt(1.05 * 0.05) - 0.05 (0.179),
    so mid colours such as Okabe-Ito vermillion and bluish green take black text."""
    return BLACK if luminance(background) > 0.179 else WHITE


# --- the ink-saver build ------------------------------------------------------------------
# Backgrounds become a faint tint of themselves (a card keeps a hint of its colour), fills
# that carry meaning become a pale tint with an outline in the full colour, decorative fills
# are dropped, and light text (white on a dark card) turns dark because its card turned pale.
INK_SAVER_BACKGROUND_TINT = 0.88
INK_SAVER_FILL_TINT = 0.75


def _visible_outline(color: str) -> str:
    """An outline colour that shows on white paper (yellow is darkened)."""
    return darken(color, 0.35) if luminance(color) > 0.5 else color


@lru_cache(maxsize=4096)
def ink_saver_style(style: Style) -> Style:
    if style.fill is None or style.cue:
        return style
    if style.decorative:
        return replace(style, fill=None)
    return replace(style, fill=lighten(style.fill, INK_SAVER_FILL_TINT),
                   stroke=style.stroke or _visible_outline(style.fill),
                   stroke_width=max(style.stroke_width, 0.3))


@lru_cache(maxsize=1024)
def ink_saver_text(color: str) -> str:
    if luminance(color) > 0.6:
        r, g, b = rgb(color)
        return BLACK if min(r, g, b) > 0.9 else darken(color, 0.5)
    return color


def ink_saver_background(color: str) -> str:
    return lighten(color, INK_SAVER_BACKGROUND_TINT)


@dataclass(frozen=True)
class Paint:
    """How model colours become ink for one build: the ink-saver transform and CMYK output.
    Both renderers ask it for every colour, so they paint identically."""

    ink_saver: bool = False
    cmyk: bool = False

    def style(self, style: Style) -> Style:
        return ink_saver_style(style) if self.ink_saver else style

    def text(self, color: str) -> str:
        return ink_saver_text(color) if self.ink_saver else color

    def background(self, color: str) -> str:
        return ink_saver_background(color) if self.ink_saver else color
