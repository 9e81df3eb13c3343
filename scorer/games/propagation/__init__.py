"""Propagation, the hex-board game: data (data.py, shared with the kit) and rules (rules.py)."""
