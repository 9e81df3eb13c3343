"""The Garden Variety deck drawn with protograf, the card-prototyping library, for the kit
benchmark: 54 poker cards on Letter, 9 a page, each with a coloured ground, a white panel, its
number in two corners, a badge, a critter of an ellipse, a circle and a curve, its name and whom
it beats; one shared back with a wordmark on a plate and flowers. protograf reads its own
command line, so the output folder is given as it expects: -d DIR (the PDF is DIR/deck.pdf).
Usage: python -m bench.protograf_deck -d DIR --no-png
"""
from __future__ import annotations

from protograf import Card, CardBack, Create, Deck, Save, circle, ellipse, rectangle, text

COLORS = ["#0072B2", "#D55E00", "#009E73", "#F0E442", "#E69F00", "#CC79A7"]
NAMES = ["Blue Opossum", "Red Snail", "Green Frog", "Yellow Bee", "Wildflower", "Gnome"]


def main() -> None:
    Create(filename="deck.pdf", paper="Letter", units="mm", margin=5)
    Deck(cards=54, card_size="poker", units="mm")
    for index in range(54):
        number, suit = index % 9 + 1, index // 9
        color = COLORS[suit]
        Card(index + 1,
             rectangle(x=0, y=0, width=63.5, height=88.9, fill=color, stroke=color),
             rectangle(x=2.5, y=2.5, width=58.5, height=83.9, fill="white", stroke="white", rounding=3),
             text(text=str(number), x=8, y=14, font_size=28, stroke="#222222"),
             text(text=str(number), x=55, y=80, font_size=28, stroke="#222222", rotation=180),
             circle(cx=8, cy=22, radius=3, fill=color, stroke=color),
             ellipse(x=18, y=32, width=24, height=16, fill=color, stroke="#222222"),
             circle(cx=44, cy=36, radius=5, fill=color, stroke="#222222"),
             text(text=NAMES[suit], x=31.75, y=68, font_size=9, stroke="#222222"),
             text(text=f"beats {NAMES[(suit + 1) % 4]}", x=31.75, y=72, font_size=6, stroke="#222222"))
    CardBack("all",
             rectangle(x=0, y=0, width=63.5, height=88.9, fill="#F7F1DC", stroke="#F7F1DC"),
             rectangle(x=5, y=37.5, width=53.5, height=14, fill="white", stroke="white", rounding=3),
             text(text="Garden Variety", x=31.75, y=46, font_size=14, stroke="#73337F"),
             circle(cx=8, cy=10, radius=2, fill="#CC79A7", stroke="#CC79A7"),
             circle(cx=55, cy=10, radius=2, fill="#CC79A7", stroke="#CC79A7"),
             circle(cx=8, cy=78, radius=2, fill="#CC79A7", stroke="#CC79A7"),
             circle(cx=55, cy=78, radius=2, fill="#CC79A7", stroke="#CC79A7"))
    Save()


if __name__ == "__main__":
    main()
