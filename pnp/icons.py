"""Named vector icons. A kit registers its own from its kit module:

    from pnp.icons import register_icon
    from pnp.model import Group, Circle, Style

    @register_icon("snail")
    def snail(size: float, color: str) -> Group:
        ...  # shapes inside the square (0, 0)-(size, size), origin top-left, y down

and places it with `Icon("snail", cx, cy, size, color)`: the renderers draw the icon's
shapes centred on (cx, cy). Drawings are cached per (name, size, colour), so a deck of 54
cards calls each icon function a handful of times, not once per card.

The basic symbols live here: the four player symbols (circle, triangle, square, diamond --
see pnp.colors.PLAYER_COLORS), star, arrow, check, cross, hexagon, sun, drop, leaf, flower.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from pnp.colors import BLACK, INK, darken, luminance
from pnp.model import Circle, Group, Line, Path, Polygon, Rect, Style

IconFunction = Callable[[float, str], Group]
_REGISTRY: dict[str, IconFunction] = {}


def register_icon(name: str) -> Callable[[IconFunction], IconFunction]:
    def decorator(function: IconFunction) -> IconFunction:
        existing = _REGISTRY.get(name)
        if existing is not None and existing.__qualname__ != function.__qualname__:
            raise ValueError(f"icon {name!r} is already registered by {existing.__module__}")
        _REGISTRY[name] = function
        icon_group.cache_clear()
        return function
    return decorator


def icon_names() -> list[str]:
    return sorted(_REGISTRY)


@lru_cache(maxsize=2048)
def icon_group(name: str, size: float, color: str) -> Group:
    """The icon's shapes in its (0, 0)-(size, size) square."""
    try:
        function = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r}; registered icons: {', '.join(icon_names())}") from None
    return function(size, color)


def outline_of(color: str) -> str:
    """A darker edge so light colours (yellow) still show on white paper."""
    return darken(color, 0.45 if luminance(color) > 0.5 else 0.3)


def solid(color: str, size: float) -> Style:
    return Style(fill=color, stroke=outline_of(color), stroke_width=max(0.15, size * 0.035))


def player_symbol(color: str, size: float) -> Style:
    """A player's symbol is their colour-blind cue: drawn in black ink, as a letter is, the
    ink-saver build prints it in full (lightened, it printed grey). In the player's colour it
    is a fill like any other, lightened, and the letter some kits set on it stays readable."""
    return replace(solid(color, size), cue=color in (INK, BLACK))


def regular_polygon(cx: float, cy: float, r: float, sides: int, start_deg: float) -> tuple:
    return tuple((cx + r * math.cos(math.radians(start_deg + i * 360 / sides)),
                  cy + r * math.sin(math.radians(start_deg + i * 360 / sides))) for i in range(sides))


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> tuple:
    points = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + i * 180 / tips)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return tuple(points)


@register_icon("circle")
def circle(size: float, color: str) -> Group:
    return Group.of(Circle(size / 2, size / 2, size * 0.44, player_symbol(color, size)))


@register_icon("triangle")
def triangle(size: float, color: str) -> Group:
    s = size
    return Group.of(Polygon(((s * 0.5, s * 0.07), (s * 0.95, s * 0.88), (s * 0.05, s * 0.88)), player_symbol(color, s)))


@register_icon("square")
def square(size: float, color: str) -> Group:
    return Group.of(Rect(size * 0.1, size * 0.1, size * 0.8, size * 0.8, player_symbol(color, size)))


@register_icon("diamond")
def diamond(size: float, color: str) -> Group:
    s = size
    return Group.of(Polygon(((s * 0.5, s * 0.03), (s * 0.97, s * 0.5), (s * 0.5, s * 0.97), (s * 0.03, s * 0.5)),
                            player_symbol(color, s)))


@register_icon("star")
def star(size: float, color: str) -> Group:
    return Group.of(Polygon(star_points(size / 2, size * 0.53, size * 0.48, size * 0.2), solid(color, size)))


@register_icon("hexagon")
def hexagon(size: float, color: str) -> Group:
    return Group.of(Polygon(regular_polygon(size / 2, size / 2, size * 0.47, 6, 0), solid(color, size)))


@register_icon("arrow")
def arrow(size: float, color: str) -> Group:
    """Pointing right; rotate the Icon's group to point elsewhere."""
    s = size
    return Group.of(Polygon(((s * 0.05, s * 0.38), (s * 0.55, s * 0.38), (s * 0.55, s * 0.15), (s * 0.95, s * 0.5),
                             (s * 0.55, s * 0.85), (s * 0.55, s * 0.62), (s * 0.05, s * 0.62)), solid(color, s)))


@register_icon("check")
def check(size: float, color: str) -> Group:
    s = size
    return Group.of(Path((("M", s * 0.12, s * 0.55), ("L", s * 0.4, s * 0.82), ("L", s * 0.9, s * 0.18)),
                         Style(stroke=color, stroke_width=s * 0.13)))


@register_icon("cross")
def cross(size: float, color: str) -> Group:
    s, style = size, Style(stroke=color, stroke_width=size * 0.13)
    return Group.of(Line(s * 0.15, s * 0.15, s * 0.85, s * 0.85, style), Line(s * 0.85, s * 0.15, s * 0.15, s * 0.85, style))


@register_icon("sun")
def sun(size: float, color: str) -> Group:
    s = size
    rays = tuple(Line(s / 2 + s * 0.3 * math.cos(a), s / 2 + s * 0.3 * math.sin(a),
                      s / 2 + s * 0.47 * math.cos(a), s / 2 + s * 0.47 * math.sin(a),
                      Style(stroke=outline_of(color), stroke_width=s * 0.06))
                 for a in (math.radians(i * 45) for i in range(8)))
    return Group(rays + (Circle(s / 2, s / 2, s * 0.24, solid(color, s)),))


@register_icon("drop")
def drop(size: float, color: str) -> Group:
    s = size
    return Group.of(Path((("M", s * 0.5, s * 0.05), ("C", s * 0.62, s * 0.3, s * 0.82, s * 0.45, s * 0.82, s * 0.64),
                          ("C", s * 0.82, s * 0.84, s * 0.66, s * 0.96, s * 0.5, s * 0.96),
                          ("C", s * 0.34, s * 0.96, s * 0.18, s * 0.84, s * 0.18, s * 0.64),
                          ("C", s * 0.18, s * 0.45, s * 0.38, s * 0.3, s * 0.5, s * 0.05), ("Z",)), solid(color, s)))


@register_icon("leaf")
def leaf(size: float, color: str) -> Group:
    s = size
    body = Path((("M", s * 0.12, s * 0.88), ("C", s * 0.1, s * 0.4, s * 0.45, s * 0.1, s * 0.9, s * 0.1),
                 ("C", s * 0.92, s * 0.58, s * 0.6, s * 0.9, s * 0.12, s * 0.88), ("Z",)), solid(color, s))
    vein = Line(s * 0.14, s * 0.86, s * 0.7, s * 0.3, Style(stroke=outline_of(color), stroke_width=s * 0.035))
    return Group.of(body, vein)


@register_icon("flower")
def flower(size: float, color: str) -> Group:
    s = size
    petals = tuple(Circle(s / 2 + s * 0.24 * math.cos(a), s / 2 + s * 0.24 * math.sin(a), s * 0.19, solid(color, s))
                   for a in (math.radians(-90 + i * 72) for i in range(5)))
    return Group(petals + (Circle(s / 2, s / 2, s * 0.14, solid("#E69F00", s)),))
