"""A drawn flower for every Cottage Garden species, and the garden borders round its boards.

Each species has its own drawing, built from a few flower forms (a radial head of petals, a
spike of florets, a ball of florets, a cup, a rose, an iris, a pansy face) with the species'
own petal count, shape, layers and centre. The petals take the tile's colour, so the flower
agrees with the tile (whose pattern stays the colour-blind clue). Every species is an icon
`cg-flower-<species>` (see `species_icon`): drawn once per build, placed on every square.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.art.shapes import Commands, blob, circle, filled, leaf, petal, ring_of, stroke
from pnp.colors import darken, lighten, luminance, mix
from pnp.icons import register_icon
from pnp.model import Group, Shape

STEM = "#2E6B35"
STEM_EDGE = "#1C4422"
GOLD = "#F2C12E"
BROWN = "#6B4423"


def petal_colours(color: str) -> tuple[str, str, str]:
    """(light petal, full petal, edge) for a flower of `color` drawn on a tile of that colour:
    the outer petals a tint lighter than the tile so the flower stands off it."""
    edge = darken(color, 0.55 if luminance(color) > 0.4 else 0.45)
    return lighten(color, 0.5), lighten(color, 0.18), edge


@dataclass(frozen=True)
class Species:
    form: str
    petals: int = 5
    length: float = 0.42    # petal tip's distance from the centre, share of the square
    width: float = 0.16     # petal width, share of the square
    tip: float = 0.0        # 0 round petals, 1 pointed
    centre: str = GOLD
    centre_r: float = 0.09
    layers: int = 1


SPECIES: dict[str, Species] = {
    "Forget-me-not": Species("cluster", 5, 0.16, 0.12, centre=GOLD, centre_r=0.035),
    "Violet": Species("pansy", centre=GOLD),
    "Geranium": Species("cluster", 5, 0.15, 0.13, centre="#FFFFFF", centre_r=0.03),
    "Marigold": Species("radial", 14, 0.42, 0.14, 0.0, BROWN, 0.1, layers=3),
    "Primrose": Species("radial", 5, 0.4, 0.3, 0.0, "#E8A417", 0.1),
    "Crocus": Species("cup", 3, 0.42, 0.2, 0.7, GOLD),
    "Lavender": Species("spike", 11, 0.075, 0.09, 0.6),
    "Poppy": Species("poppy", 4, 0.44, 0.42, 0.0, "#2B2B2B", 0.11),
    "Cosmos": Species("radial", 8, 0.44, 0.19, 0.0, GOLD, 0.1),
    "Daisy": Species("radial", 16, 0.44, 0.1, 0.2, GOLD, 0.12),
    "Tulip": Species("cup", 3, 0.44, 0.24, 0.3, BROWN),
    "Zinnia": Species("radial", 12, 0.43, 0.15, 0.0, "#8A4B1E", 0.1, layers=2),
    "Nasturtium": Species("radial", 5, 0.42, 0.3, 0.0, "#C0392B", 0.08),
    "Hollyhock": Species("spike", 5, 0.11, 0.12, 0.0, GOLD),
    "Peony": Species("rose", 9, 0.44, centre=GOLD),
    "Rose": Species("rose", 7, 0.42),
    "Aster": Species("radial", 22, 0.44, 0.07, 0.5, GOLD, 0.1),
    "Snapdragon": Species("spike", 7, 0.09, 0.1, 0.0, GOLD),
    "Pansy": Species("pansy", centre="#3A2A55"),
    "Phlox": Species("cluster", 5, 0.14, 0.12, centre="#FFFFFF", centre_r=0.03),
    "Sunflower": Species("radial", 18, 0.46, 0.12, 0.8, BROWN, 0.17),
    "Verbena": Species("cluster", 5, 0.12, 0.1, centre="#FFFFFF", centre_r=0.025),
    "Hyacinth": Species("spike", 13, 0.075, 0.09, 0.5),
    "Anemone": Species("radial", 6, 0.43, 0.28, 0.0, "#1F1F3A", 0.12),
    "Columbine": Species("radial", 5, 0.45, 0.15, 1.0, GOLD, 0.08, layers=2),
    "Delphinium": Species("spike", 9, 0.085, 0.1, 0.3, "#FFFFFF"),
    "Salvia": Species("spike", 10, 0.085, 0.1, 0.9),
    "Sweet Pea": Species("sweetpea"),
    "Hydrangea": Species("ball", 4, 0.075, 0.075, centre="#FFFFFF"),
    "Iris": Species("iris", centre=GOLD),
    "Lupin": Species("spike", 12, 0.07, 0.1, 0.2),
    "Cornflower": Species("radial", 10, 0.43, 0.14, 1.0, "#2E2E6B", 0.1, layers=2),
    "Clematis": Species("radial", 6, 0.44, 0.18, 0.9, "#F5E6A8", 0.09),
    "Dahlia": Species("radial", 14, 0.44, 0.12, 0.7, GOLD, 0.07, layers=3),
    "Allium": Species("ball", 6, 0.05, 0.035, 1.0),
    "Foxglove": Species("spike", 6, 0.1, 0.12, 0.0, "#FFFFFF"),
}


def species_icon(species: str) -> str:
    """The icon name of a species' flower."""
    return "cg-flower-" + species.lower().replace(" ", "-")


def _leaves(s: float, y: float) -> list[Shape]:
    return [filled(leaf(s * 0.5, y, s * 0.16, y - s * 0.14, s * 0.09) + leaf(s * 0.5, y, s * 0.84, y - s * 0.12, s * 0.09),
                   STEM, STEM_EDGE, s * 0.012)]


def _centre(s: float, cx: float, cy: float, spec: Species, edge: str) -> list[Shape]:
    r = s * spec.centre_r
    dots = sum((circle(cx + r * 0.5 * math.cos(a), cy + r * 0.5 * math.sin(a), r * 0.12)
                for a in (i * 2 * math.pi / 6 for i in range(6))), ())
    return [filled(circle(cx, cy, r), spec.centre, darken(spec.centre, 0.4), s * 0.012),
            filled(dots, darken(spec.centre, 0.35))] if r > s * 0.06 else \
           [filled(circle(cx, cy, r), spec.centre, edge, s * 0.01)]


def radial(s: float, color: str, spec: Species) -> list[Shape]:
    """A round head of petals, in up to three layers (lighter outside, fuller inside)."""
    light, full, edge = petal_colours(color)
    c = s / 2
    shapes: list[Shape] = []
    step = 360 / spec.petals
    fills = [light, mix(light, full, 0.5), full]
    for layer in range(spec.layers):
        outer = s * spec.length * (1 - 0.24 * layer)
        width = s * spec.width * (1 - 0.15 * layer)
        shapes.append(filled(ring_of(spec.petals, c, c, s * 0.04, outer, width, spec.tip,
                                     -90 + layer * step / 2), fills[layer + (3 - spec.layers)], edge, s * 0.014))
    return shapes + _centre(s, c, c, spec, edge)


def cluster(s: float, color: str, spec: Species) -> list[Shape]:
    """A posy of small five-petalled florets among leaves (forget-me-not, phlox, verbena)."""
    light, full, edge = petal_colours(color)
    spots = ((0.5, 0.32), (0.28, 0.5), (0.72, 0.5), (0.4, 0.72), (0.64, 0.74), (0.5, 0.52))
    shapes: list[Shape] = [filled(leaf(s * 0.5, s * 0.62, s * 0.1, s * 0.9, s * 0.14)
                                  + leaf(s * 0.5, s * 0.62, s * 0.92, s * 0.88, s * 0.14), STEM, STEM_EDGE, s * 0.012)]
    heads: Commands = ()
    centres: Commands = ()
    for index, (x, y) in enumerate(spots):
        heads += ring_of(spec.petals, s * x, s * y, s * 0.01, s * spec.length, s * spec.width, spec.tip, -90 + index * 17)
        centres += circle(s * x, s * y, s * max(spec.centre_r, 0.025))
    shapes.append(filled(heads, light if luminance(color) < 0.5 else full, edge, s * 0.012))
    shapes.append(filled(centres, spec.centre, edge, s * 0.008))
    return shapes


def spike(s: float, color: str, spec: Species) -> list[Shape]:
    """A tall stem of florets, largest at the foot (lavender, foxglove, lupin, hollyhock)."""
    light, full, edge = petal_colours(color)
    shapes: list[Shape] = [stroke((("M", s * 0.5, s * 0.97), ("C", s * 0.48, s * 0.6, s * 0.52, s * 0.3, s * 0.5, s * 0.06)),
                                  STEM, s * 0.03)]
    shapes += _leaves(s, s * 0.92)
    florets: Commands = ()
    inner: Commands = ()
    count = spec.petals
    for i in range(count):
        t = i / max(count - 1, 1)
        y = s * (0.82 - 0.72 * t)
        r = s * spec.length * (1.25 - 0.6 * t)
        side = -1 if i % 2 else 1
        x = s * 0.5 + side * r * 0.55
        if spec.tip > 0.5:  # narrow florets hugging the stem (lavender, salvia)
            florets += petal(s * 0.5, y, -90 + side * 50, r * 0.2, r * 2.0, s * spec.width, spec.tip)
        else:
            florets += circle(x, y, r)
            inner += circle(x + side * r * 0.2, y + r * 0.15, r * 0.38)
    shapes.append(filled(florets, light, edge, s * 0.013))
    if inner:
        shapes.append(filled(inner, darken(full, 0.15) if spec.centre == GOLD else spec.centre, edge, s * 0.008))
    return shapes


def ball(s: float, color: str, spec: Species) -> list[Shape]:
    """A round head of many tiny florets on a stem (hydrangea, allium)."""
    light, full, edge = petal_colours(color)
    c, r = s * 0.5, s * 0.33
    shapes: list[Shape] = [stroke((("M", c, s * 0.97), ("L", c, c)), STEM, s * 0.03), *_leaves(s, s * 0.95),
                           filled(circle(c, s * 0.43, r), full, edge, s * 0.014)]
    florets: Commands = ()
    spacing = s * 0.15
    for row in range(-3, 4):
        for col in range(-3, 4):
            x = c + col * spacing + (row % 2) * spacing / 2
            y = s * 0.43 + row * spacing * 0.87
            if math.hypot(x - c, y - s * 0.43) < r - spacing * 0.3:
                florets += ring_of(spec.petals, x, y, s * 0.005, s * spec.length, s * spec.width, spec.tip, 45 * (row % 2))
    shapes.append(filled(florets, light, edge, s * 0.008))
    return shapes


def cup(s: float, color: str, spec: Species) -> list[Shape]:
    """A cup of upright petals on a stem (tulip, crocus)."""
    light, full, edge = petal_colours(color)
    c = s / 2
    base = s * 0.62
    shapes: list[Shape] = [stroke((("M", c, s * 0.97), ("L", c, base)), STEM, s * 0.035)]
    shapes.append(filled(leaf(c, s * 0.97, s * 0.18, s * 0.5, s * 0.13) + leaf(c, s * 0.97, s * 0.8, s * 0.56, s * 0.12),
                         STEM, STEM_EDGE, s * 0.012))
    back = petal(c, base, -90, 0, s * spec.length, s * spec.width * 1.3, spec.tip)
    sides = petal(c, base, -90 - 24, 0, s * spec.length * 0.95, s * spec.width, spec.tip) + \
        petal(c, base, -90 + 24, 0, s * spec.length * 0.95, s * spec.width, spec.tip)
    shapes += [filled(back, full, edge, s * 0.014), filled(sides, light, edge, s * 0.014)]
    return shapes


def poppy(s: float, color: str, spec: Species) -> list[Shape]:
    """Four broad papery petals with a dark heart and its stamens."""
    light, full, edge = petal_colours(color)
    c = s / 2
    shapes: list[Shape] = [filled(ring_of(4, c, c, 0, s * spec.length, s * spec.width, 0, -45), full, edge, s * 0.014),
                           filled(ring_of(4, c, c, 0, s * spec.length * 0.86, s * spec.width * 0.9, 0, 0), light, edge, s * 0.014)]
    rays = sum(((("M", c, c), ("L", c + s * 0.17 * math.cos(a), c + s * 0.17 * math.sin(a)))
                for a in (i * math.pi / 6 for i in range(12))), ())
    shapes += [stroke(rays, spec.centre, s * 0.015), *_centre(s, c, c, spec, edge)]
    return shapes


def rose(s: float, color: str, spec: Species) -> list[Shape]:
    """Ruffled layers curling into a spiral heart (rose, peony)."""
    light, full, edge = petal_colours(color)
    c = s / 2
    shapes: list[Shape] = [filled(leaf(c, c, s * 0.04, s * 0.86, s * 0.16) + leaf(c, c, s * 0.96, s * 0.14, s * 0.16),
                                  STEM, STEM_EDGE, s * 0.012)]
    for layer, fill in enumerate((light, mix(light, full, 0.5), full)):
        r = s * spec.length * (1 - 0.28 * layer)
        shapes.append(filled(blob(c, c, r * 0.86, spec.petals - layer, 0.16, layer * 23), fill, edge, s * 0.014))
    spiral = [("M", c, c)]
    for i in range(1, 13):
        a = i * 0.75
        rr = s * 0.012 * i
        spiral.append(("L", c + rr * math.cos(a), c + rr * math.sin(a)))
    shapes.append(stroke(tuple(spiral), edge, s * 0.018))
    if spec.centre != GOLD:
        return shapes
    return shapes + [filled(circle(c, c, s * 0.06), spec.centre, edge, s * 0.01)]


def iris(s: float, color: str, spec: Species) -> list[Shape]:
    """Three falls curving down, three standards up, a gold beard on each fall."""
    light, full, edge = petal_colours(color)
    c = s * 0.5
    shapes: list[Shape] = [stroke((("M", c, s * 0.97), ("L", c, c)), STEM, s * 0.03),
                           filled(leaf(c, s * 0.98, s * 0.2, s * 0.55, s * 0.08), STEM, STEM_EDGE, s * 0.012)]
    falls = sum((petal(c, s * 0.5, a, 0, s * 0.4, s * 0.24, 0.1) for a in (30, 150, 90)), ())
    standards = sum((petal(c, s * 0.46, a, 0, s * 0.4, s * 0.18, 0.4) for a in (-90, -130, -50)), ())
    beards = sum((petal(c, s * 0.5, a, s * 0.05, s * 0.22, s * 0.05, 1) for a in (30, 150, 90)), ())
    shapes += [filled(standards, full, edge, s * 0.014), filled(falls, light, edge, s * 0.014),
               filled(beards, spec.centre, darken(spec.centre, 0.4), s * 0.008)]
    return shapes


def pansy(s: float, color: str, spec: Species) -> list[Shape]:
    """Two upper petals, two side petals and a broad lip with the face's dark rays."""
    light, full, edge = petal_colours(color)
    c = s * 0.5
    upper = petal(c, c, -120, 0, s * 0.42, s * 0.34) + petal(c, c, -60, 0, s * 0.42, s * 0.34)
    sides = petal(c, c, 170, 0, s * 0.38, s * 0.3) + petal(c, c, 10, 0, s * 0.38, s * 0.3)
    lip = petal(c, c, 90, 0, s * 0.42, s * 0.4)
    rays = sum(((("M", c, c), ("L", c + s * 0.16 * math.cos(a), c + s * 0.16 * math.sin(a)))
                for a in (math.radians(d) for d in (20, 55, 90, 125, 160))), ())
    return [filled(upper, full, edge, s * 0.014), filled(sides, light, edge, s * 0.014),
            filled(lip, light, edge, s * 0.014), stroke(rays, darken(color, 0.6), s * 0.02),
            filled(circle(c, c, s * 0.05), spec.centre, edge, s * 0.01)]


def sweetpea(s: float, color: str, spec: Species) -> list[Shape]:
    """Winged blooms on a curling tendril."""
    light, full, edge = petal_colours(color)
    shapes: list[Shape] = [stroke((("M", s * 0.1, s * 0.95), ("C", s * 0.3, s * 0.6, s * 0.7, s * 0.8, s * 0.85, s * 0.35),
                                   ("C", s * 0.95, s * 0.15, s * 0.7, s * 0.1, s * 0.72, s * 0.22)), STEM, s * 0.025),
                           filled(leaf(s * 0.32, s * 0.76, s * 0.1, s * 0.6, s * 0.12), STEM, STEM_EDGE, s * 0.012)]
    for x, y, r in ((0.36, 0.36, 0.2), (0.66, 0.62, 0.17)):
        cx, cy, rr = s * x, s * y, s * r
        wings = blob(cx, cy - rr * 0.2, rr, 5, 0.2, 10)
        keel = petal(cx, cy + rr * 0.2, 90, 0, rr * 0.9, rr * 0.8)
        shapes += [filled(wings, light, edge, s * 0.014), filled(keel, full, edge, s * 0.014)]
    return shapes


_FORMS = {"radial": radial, "cluster": cluster, "spike": spike, "ball": ball, "cup": cup, "poppy": poppy,
          "rose": rose, "iris": iris, "pansy": pansy, "sweetpea": sweetpea}


def draw_species(species: str, size: float, color: str) -> Group:
    """The species' flower in the square (0, 0)-(size, size), its petals in `color`."""
    spec = SPECIES[species]
    return Group(tuple(_FORMS[spec.form](size, color, spec)))


def _register(species: str) -> None:
    def drawing(size: float, color: str) -> Group:
        return draw_species(species, size, color)
    drawing.__qualname__ = f"flower_{species_icon(species)}"
    register_icon(species_icon(species))(drawing)


for _species in SPECIES:
    _register(_species)
