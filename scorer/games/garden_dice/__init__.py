"""Garden Dice: data (data.py, shared with the kit) and rules (rules.py)."""
