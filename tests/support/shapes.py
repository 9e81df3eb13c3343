"""Reading a kit's drawing model back in tests: the leaf shapes of a face and its texts."""
from __future__ import annotations

from pnp.model import Group, Text


def walk(shape, dx=0.0, dy=0.0):
    """Every leaf shape with the translations of its groups added up. Rotation and scale are
    not applied: tests read positions only where the kits draw without turning."""
    if isinstance(shape, Group):
        for child in shape.children:
            yield from walk(child, dx + shape.translate[0], dy + shape.translate[1])
    else:
        yield shape, dx, dy


def texts(face):
    """Every text string drawn on a face, in drawing order."""
    return [s.text for s, _, _ in walk(face.shapes) if isinstance(s, Text)]


def lone_last_words(face):
    """The wrapped texts on a face whose last line is one word under a fuller line: the
    `(text, last line)` of each, which a typeset card has none of."""
    from pnp.text import layout_lines

    found = []
    for shape, _, _ in walk(face.shapes):
        if isinstance(shape, Text) and shape.max_width is not None:
            lines = layout_lines(shape)
            if len(lines) > 1 and len(lines[-1].text.split()) == 1 and "\n" not in shape.text:
                found.append((shape.text, lines[-1].text))
    return found
