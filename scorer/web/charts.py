"""Bar charts as SVG, drawn on the server: one labelled bar per row, its value written at its
end (never read from length or colour alone), and an optional mark on each bar for a value
to compare with (the table's average, an even chance). The pages put the same numbers in a
table beside each chart for screen readers; the chart itself is one image with a title and
a summary. Text sits in a 360-unit-wide view box, so at 390 px a 14-unit label is 14 px.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

WIDTH = 360
ROW = 30                  # height of one bar's row
LABEL_WIDTH = 120         # the row's label, left of its bar
VALUE_CHAR = 8.4          # a digit of a 13-unit value is this wide in DejaVu Sans, and most other characters less
PERCENT_WIDTH = 12.4      # but "%" is half as wide again
VALUE_GAP = 6             # from the bar's end, or its mark, to its written value
LABEL_MAX_CHARS = 16
INK, MUTED, BAR, MARK, PAPER = "#1d2a22", "#5b6b60", "#00715a", "#a3330b", "#fbfaf6"
FONT = "system-ui, 'DejaVu Sans', sans-serif"


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    text: str                       # the value as written at the bar's end
    mark: float | None = None       # a value to compare with, drawn as a tick on the bar


def bar_chart(chart_id: str, title: str, summary: str, bars: list[Bar], mark_words: str = "") -> Markup:
    """An accessible SVG bar chart: one image named by its title and summary (aria-label, and
    SVG's own title and desc for tools that read those); svgwrite escapes every text."""
    import svgwrite  # loaded by the first chart, not by every worker's start

    height = ROW * len(bars) + (ROW if mark_words else 8)
    # debug off: svgwrite's validator knows SVG 1.1, not the ARIA attributes an image needs.
    drawing = svgwrite.Drawing(size=("100%", height), viewBox=f"0 0 {WIDTH} {height}", id=chart_id, debug=False,
                               class_="chart", role="img", **{"aria-label": f"{title}. {summary}"})
    drawing.set_desc(title=title, desc=summary)
    drawing.add(drawing.rect((0, 0), (WIDTH, height), fill=PAPER))
    top = max([b.value for b in bars] + [b.mark or 0 for b in bars] + [0])
    # the longest bar leaves room for the longest written value, inside the chart's own box
    room = WIDTH - LABEL_WIDTH - VALUE_GAP - 2 - max([_value_width(b.text) for b in bars] + [0])
    for index, bar in enumerate(bars):
        y = index * ROW + 4
        drawing.add(drawing.text(_short(bar.label), insert=(LABEL_WIDTH - 6, y + 17), font_size=13,
                                 text_anchor="end", font_family=FONT, fill=INK))
        length = room * max(bar.value, 0) / top if top > 0 else 0
        drawing.add(drawing.rect((LABEL_WIDTH, y + 3), (max(length, 1), ROW - 10), fill=BAR, rx=2))
        end = length
        if bar.mark is not None and top > 0:
            mark = room * max(bar.mark, 0) / top
            x = LABEL_WIDTH + mark
            drawing.add(drawing.line((x, y), (x, y + ROW - 4), stroke=MARK, stroke_width=3))
            if mark < length + VALUE_GAP + _value_width(bar.text):   # the value would cross the mark
                end = max(end, mark + 1.5)
        drawing.add(drawing.text(bar.text, insert=(LABEL_WIDTH + end + VALUE_GAP, y + 17), font_size=13,
                                 font_family=FONT, fill=INK))
    if mark_words:
        y = ROW * len(bars) + 6
        drawing.add(drawing.line((LABEL_WIDTH, y + 2), (LABEL_WIDTH, y + 18), stroke=MARK, stroke_width=3))
        drawing.add(drawing.text(mark_words, insert=(LABEL_WIDTH + 6, y + 15), font_size=12,
                                 font_family=FONT, fill=MUTED))
    return Markup(drawing.tostring())


def _value_width(text: str) -> float:
    """The most a written value takes, in view-box units."""
    return sum(PERCENT_WIDTH if char == "%" else VALUE_CHAR for char in text)


def _short(text: str) -> str:
    return text if len(text) <= LABEL_MAX_CHARS else text[:LABEL_MAX_CHARS - 1] + "\u2026"
