"""The floor for the kit benchmark: a minimal hand-written reportlab script drawing what the
Garden Variety deck build draws in outline -- 54 poker cards, 9 a page, each page of fronts
followed by a page of backs -- with the same embedded TrueType font and the same output
settings (invariant, compressed, binary streams). Usage: python -m bench.raw_reportlab OUT.pdf
"""
from __future__ import annotations

import os
import sys

import reportlab
from reportlab import rl_config
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CARD_W, CARD_H = 63.5 * mm, 88.9 * mm
COLORS = [(0, 0.447, 0.698), (0.835, 0.369, 0), (0, 0.62, 0.451), (0.941, 0.894, 0.259)]


def main(path: str) -> None:
    rl_config.useA85 = 0
    fonts = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    pdfmetrics.registerFont(TTFont("Vera", os.path.join(fonts, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("VeraBd", os.path.join(fonts, "VeraBd.ttf")))
    canvas = Canvas(path, pagesize=letter, invariant=1, pageCompression=1, initialFontName="Vera")
    width, height = letter
    x0, y0 = (width - 3 * CARD_W) / 2, (height - 3 * CARD_H) / 2
    for first in range(0, 54, 9):
        slots = [(x0 + (i % 3) * CARD_W, y0 + (i // 3) * CARD_H) for i in range(min(9, 54 - first))]
        for index, (x, y) in enumerate(slots):  # fronts
            number = (first + index) % 9 + 1
            canvas.setFillColorRGB(*COLORS[(first + index) // 9 % 4])
            canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.roundRect(x + 2.5 * mm, y + 2.5 * mm, CARD_W - 5 * mm, CARD_H - 5 * mm, 3 * mm, stroke=0, fill=1)
            canvas.setFillColorRGB(0.13, 0.13, 0.13)
            canvas.setFont("VeraBd", 34)
            canvas.drawString(x + 5 * mm, y + CARD_H - 15 * mm, str(number))
            canvas.drawRightString(x + CARD_W - 5 * mm, y + 5 * mm, str(number))
            canvas.circle(x + CARD_W / 2, y + CARD_H / 2, 15 * mm, stroke=1, fill=0)
            canvas.setFont("Vera", 11)
            canvas.drawCentredString(x + CARD_W / 2, y + 18 * mm, "Blue Opossum")
        canvas.showPage()
        for x, y in slots:  # backs, mirrored for a long-edge flip
            canvas.setFillColorRGB(0.18, 0.36, 0.23)
            canvas.rect(width - x - CARD_W, y, CARD_W, CARD_H, stroke=0, fill=1)
            canvas.setFillColorRGB(0.97, 0.95, 0.86)
            canvas.setFont("VeraBd", 20)
            canvas.drawCentredString(width - x - CARD_W / 2, y + CARD_H / 2, "Garden Variety")
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "raw-reportlab.pdf")
