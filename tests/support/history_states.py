"""Garden Variety end states the history tests save, edit and count (three players)."""
from __future__ import annotations

from typing import Any

KIM_WINS: dict[str, Any] = {"players": [{"name": "Kim", "garden_bed": 24, "hand": 1, "gnomes": 3},
                        {"name": "Lee", "garden_bed": 15, "hand": 0, "gnomes": 2},
                        {"name": "Max", "garden_bed": 12, "hand": 2, "gnomes": 1}]}
LEE_WINS: dict[str, Any] = {"players": [{"name": "Kim", "garden_bed": 12, "hand": 2, "gnomes": 3},
                        {"name": "Lee", "garden_bed": 24, "hand": 1, "gnomes": 2},
                        {"name": "Max", "garden_bed": 15, "hand": 0, "gnomes": 1}]}
# A Garden Variety hand never holds more than five cards: six is impossible.
IMPOSSIBLE: dict[str, Any] = {"players": [{**KIM_WINS["players"][0], "hand": 6}, *KIM_WINS["players"][1:]]}
