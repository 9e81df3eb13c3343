"""Numbers as both renderers write them, and the curve constant both draw circles with."""
from __future__ import annotations

from functools import lru_cache

# Bezier handle length of a quarter circle (or ellipse), as a fraction of its radius.
KAPPA = 0.5523


@lru_cache(maxsize=65536)  # a kit writes the same coordinates again and again (5 in 6 on a deck)
def num(value: float) -> str:
    """Millimetres with at most four decimals (0.1 micrometre), no trailing zeros, no '-0':
    short, exact enough, and the same text on every run."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
