"""Garden Variety: data (data.py and the deck list, shared with the kit) and rules (rules.py)."""
