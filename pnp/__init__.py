"""gardenkit's print-and-play generator: drawing model -> renderers -> imposition -> files."""
