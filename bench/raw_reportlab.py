"""The floor for the kit benchmark: a plain hand-written reportlab script drawing, page for page,
what the Garden Variety kit build draws (Letter, 15 pages): a first page of wrapped guide text
with a wordmark, thumbnails, a checklist and a 50 mm bar; a duplex test page; 54 poker cards,
9 a page, each page of fronts (a critter of curves, big corner numbers, one turned, a badge,
name and whom it beats) followed by a page of backs (a lattice, flowers and a wordmark, drawn
once as a form and placed 9 times); a page with two cards of wrapped rules text and a die net.
Every page has cut ticks and a footer. Same embedded TrueType fonts (Vera, Vera Bold and the
game's display face) and output settings (invariant, compressed, binary streams).

What it leaves out is what a hand-written script would not do: no layout search, no checks,
no manifest. Usage: python -m bench.raw_reportlab OUT.pdf
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import reportlab
from reportlab import rl_config
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CARD_W, CARD_H = 63.5 * mm, 88.9 * mm
COLORS = [(0, 0.447, 0.698), (0.835, 0.369, 0), (0, 0.62, 0.451), (0.941, 0.894, 0.259)]
NAMES = ["Blue Opossum", "Red Snail", "Green Frog", "Yellow Bee", "Wildflower", "Gnome"]
DISPLAY_FACE = Path(__file__).resolve().parent.parent / "pnp" / "art" / "fonts" / "LeckerliOne-Regular.ttf"
WIDTH, HEIGHT = letter
X0, Y0 = (WIDTH - 3 * CARD_W) / 2, (HEIGHT - 3 * CARD_H) / 2
GUIDE = ("Print at 100 % / actual size; turn off 'fit to page'. Check the 50 mm bar before you cut. "
         "Print pages 1-2 two-sided on plain paper, flipping on the long edge: page 2 is a duplex test. "
         "Then print pages 3-14 two-sided on card, each back page behind its fronts. ") * 4
RULES = ("Shuffle all the cards and deal five to each player. Each round the die sets a target; "
         "everyone plays a card face down at once, then all turn them over. The card nearest the "
         "target wins the round unless a critter it beats was played; gnomes copy the card they sit on. ") * 3


def fonts() -> None:
    rl_config.useA85 = 0
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    pdfmetrics.registerFont(TTFont("Vera", os.path.join(folder, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("VeraBd", os.path.join(folder, "VeraBd.ttf")))
    pdfmetrics.registerFont(TTFont("Display", str(DISPLAY_FACE)))


def slots(count: int) -> list[tuple[float, float]]:
    return [(X0 + (i % 3) * CARD_W, Y0 + (i // 3) * CARD_H) for i in range(count)]


def paragraph(canvas: Canvas, text: str, x: float, top: float, width: float, font: str, size: float) -> float:
    """Wrapped text from `top` down; returns the y below it."""
    canvas.setFont(font, size)
    for line in simpleSplit(text, font, size, width):
        top -= size * 1.25
        canvas.drawString(x, top, line)
    return top


def ticks(canvas: Canvas, places: list[tuple[float, float]]) -> None:
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.7)
    for x, y in places:
        for cx in (x, x + CARD_W):
            canvas.line(cx, y - 4 * mm, cx, y - 1 * mm)
            canvas.line(cx, y + CARD_H + 1 * mm, cx, y + CARD_H + 4 * mm)
        for cy in (y, y + CARD_H):
            canvas.line(x - 4 * mm, cy, x - 1 * mm, cy)
            canvas.line(x + CARD_W + 1 * mm, cy, x + CARD_W + 4 * mm, cy)


def footer(canvas: Canvas, page: int) -> None:
    canvas.setFillColorRGB(0.13, 0.13, 0.13)
    canvas.setFont("Vera", 6)
    canvas.drawCentredString(WIDTH / 2, 6 * mm, f"Garden Variety · page {page} of 15 · kit 1.2.0")
    canvas.showPage()


def guide_page(canvas: Canvas) -> None:
    canvas.setFillColorRGB(0.45, 0.2, 0.5)
    canvas.setFont("Display", 30)
    canvas.drawString(20 * mm, HEIGHT - 25 * mm, "Garden Variety")
    for i, color in enumerate(COLORS):  # thumbnails of the pieces
        x = 20 * mm + i * 45 * mm
        canvas.setFillColorRGB(*color)
        canvas.rect(x, HEIGHT - 80 * mm, 30 * mm, 42 * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.roundRect(x + 2 * mm, HEIGHT - 78 * mm, 26 * mm, 38 * mm, 2 * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(0.13, 0.13, 0.13)
        canvas.setFont("Vera", 7)
        canvas.drawCentredString(x + 15 * mm, HEIGHT - 86 * mm, NAMES[i])
    bottom = paragraph(canvas, GUIDE, 20 * mm, HEIGHT - 95 * mm, 85 * mm, "Vera", 8)
    for i, name in enumerate(NAMES):  # the checklist
        y = HEIGHT - 100 * mm - i * 5 * mm
        canvas.rect(115 * mm, y, 3 * mm, 3 * mm, stroke=1, fill=0)
        canvas.drawString(120 * mm, y, f"{9 * (i + 1)} x {name} cards")
    canvas.rect(20 * mm, bottom - 12 * mm, 50 * mm, 3 * mm, stroke=0, fill=1)
    canvas.drawString(75 * mm, bottom - 12 * mm, "50 mm: measure this bar")
    footer(canvas, 1)


def duplex_page(canvas: Canvas) -> None:
    canvas.setLineWidth(0.5)
    for x, y in slots(9):
        canvas.line(x + CARD_W / 2 - 5 * mm, y + CARD_H / 2, x + CARD_W / 2 + 5 * mm, y + CARD_H / 2)
        canvas.line(x + CARD_W / 2, y + CARD_H / 2 - 5 * mm, x + CARD_W / 2, y + CARD_H / 2 + 5 * mm)
    canvas.setFont("VeraBd", 12)
    canvas.drawCentredString(WIDTH / 2, HEIGHT - 20 * mm, "Duplex test: hold to a light; the crosses meet")
    footer(canvas, 2)


def critter(canvas: Canvas, x: float, y: float, color: tuple[float, float, float]) -> None:
    """A body, a head, an eye, a tail and legs: a dozen curves, as the kit's drawings are."""
    canvas.setFillColorRGB(*color)
    canvas.setStrokeColorRGB(0.13, 0.13, 0.13)
    canvas.ellipse(x - 14 * mm, y - 8 * mm, x + 10 * mm, y + 8 * mm, stroke=1, fill=1)
    canvas.circle(x + 12 * mm, y + 4 * mm, 5 * mm, stroke=1, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.circle(x + 13 * mm, y + 5 * mm, 1.2 * mm, stroke=0, fill=1)
    tail = canvas.beginPath()
    tail.moveTo(x - 14 * mm, y)
    tail.curveTo(x - 22 * mm, y + 2 * mm, x - 24 * mm, y - 8 * mm, x - 18 * mm, y - 10 * mm)
    canvas.drawPath(tail, stroke=1, fill=0)
    for leg in range(4):
        canvas.line(x - 9 * mm + leg * 5 * mm, y - 7 * mm, x - 10 * mm + leg * 5 * mm, y - 12 * mm)


def front(canvas: Canvas, x: float, y: float, number: int, suit: int) -> None:
    color = COLORS[suit % 4]
    canvas.setFillColorRGB(*color)
    canvas.rect(x - 3 * mm, y - 3 * mm, CARD_W + 6 * mm, CARD_H + 6 * mm, stroke=0, fill=1)  # with bleed
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(x + 2.5 * mm, y + 2.5 * mm, CARD_W - 5 * mm, CARD_H - 5 * mm, 3 * mm, stroke=0, fill=1)
    canvas.setFillColorRGB(0.13, 0.13, 0.13)
    canvas.setFont("VeraBd", 28)
    canvas.drawString(x + 5 * mm, y + CARD_H - 14 * mm, str(number))
    canvas.saveState()  # the second index, turned for the player across the table
    canvas.translate(x + CARD_W - 5 * mm, y + 5 * mm)
    canvas.rotate(180)
    canvas.drawString(0, -8 * mm, str(number))
    canvas.restoreState()
    canvas.setFillColorRGB(*color)
    canvas.circle(x + 8 * mm, y + CARD_H - 22 * mm, 3 * mm, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont("VeraBd", 7)
    canvas.drawCentredString(x + 8 * mm, y + CARD_H - 23 * mm, NAMES[suit % 4][0])
    critter(canvas, x + CARD_W / 2, y + CARD_H / 2 + 5 * mm, color)
    canvas.setFillColorRGB(0.13, 0.13, 0.13)
    canvas.setFont("VeraBd", 9)
    canvas.drawCentredString(x + CARD_W / 2, y + 20 * mm, NAMES[suit % 6])
    canvas.setFont("Vera", 6)
    canvas.drawCentredString(x + CARD_W / 2, y + 16 * mm, f"beats {NAMES[(suit + 1) % 4]}")


def back_form(canvas: Canvas) -> None:
    """The one card back, drawn once: a lattice, flowers and the wordmark on a plate."""
    canvas.beginForm("back", lowerx=-3 * mm, lowery=-3 * mm, upperx=CARD_W + 3 * mm, uppery=CARD_H + 3 * mm)
    canvas.setFillColorRGB(0.97, 0.95, 0.86)
    canvas.rect(-3 * mm, -3 * mm, CARD_W + 6 * mm, CARD_H + 6 * mm, stroke=0, fill=1)
    canvas.setStrokeColorRGB(0.6, 0.75, 0.6)
    canvas.setLineWidth(0.6)
    for step in range(-8, 12):
        canvas.line(step * 8 * mm, -3 * mm, step * 8 * mm + 95 * mm, CARD_H + 3 * mm)
        canvas.line(step * 8 * mm + 95 * mm, -3 * mm, step * 8 * mm, CARD_H + 3 * mm)
    for fx, fy in ((8, 10), (55, 10), (8, 78), (55, 78), (31, 20), (31, 68)):
        canvas.setFillColorRGB(0.8, 0.47, 0.65)
        for petal in range(5):
            dx, dy = ((1, 0), (0.31, 0.95), (-0.81, 0.59), (-0.81, -0.59), (0.31, -0.95))[petal]
            canvas.circle((fx + 2 * dx) * mm, (fy + 2 * dy) * mm, 1.6 * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(0.9, 0.62, 0)
        canvas.circle(fx * mm, fy * mm, 1.2 * mm, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(5 * mm, CARD_H / 2 - 7 * mm, CARD_W - 10 * mm, 14 * mm, 3 * mm, stroke=0, fill=1)
    canvas.setFillColorRGB(0.45, 0.2, 0.5)
    canvas.setFont("Display", 14)
    canvas.drawCentredString(CARD_W / 2, CARD_H / 2 - 2 * mm, "Garden Variety")
    canvas.endForm()


def card_pages(canvas: Canvas) -> None:
    back_form(canvas)
    for page, first in enumerate(range(0, 54, 9)):
        places = slots(9)
        for index, (x, y) in enumerate(places):
            front(canvas, x, y, (first + index) % 9 + 1, (first + index) // 9)
        ticks(canvas, places)
        footer(canvas, 3 + 2 * page)
        for x, y in places:  # backs, mirrored for a long-edge flip
            canvas.saveState()
            canvas.translate(WIDTH - x - CARD_W, y)
            canvas.doForm("back")
            canvas.restoreState()
        ticks(canvas, [(WIDTH - x - CARD_W, y) for x, y in places])
        footer(canvas, 4 + 2 * page)


def rules_page(canvas: Canvas) -> None:
    places = slots(2)
    for x, y in places:
        canvas.setFillColorRGB(0.97, 0.95, 0.86)
        canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
        canvas.setFillColorRGB(0.18, 0.36, 0.23)
        canvas.setFont("VeraBd", 11)
        canvas.drawCentredString(x + CARD_W / 2, y + CARD_H - 10 * mm, "How to play")
        paragraph(canvas, RULES, x + 4 * mm, y + CARD_H - 14 * mm, CARD_W - 8 * mm, "Vera", 6.5)
    ticks(canvas, places)
    face, left, top = 18 * mm, 40 * mm, 60 * mm  # the die as a cross net
    for i, (col, row) in enumerate(((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))):
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(left + col * face, top - row * face, face, face, stroke=1, fill=1)
        canvas.setFillColorRGB(0.13, 0.13, 0.13)
        canvas.setFont("VeraBd", 16)
        canvas.drawCentredString(left + col * face + face / 2, top - row * face + face / 3, "0357!X"[i])
    footer(canvas, 15)


def main(path: str) -> None:
    fonts()
    canvas = Canvas(path, pagesize=letter, invariant=1, pageCompression=1, initialFontName="Vera")
    guide_page(canvas)
    duplex_page(canvas)
    card_pages(canvas)
    rules_page(canvas)
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "raw-reportlab.pdf")
