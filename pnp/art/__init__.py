"""The games' own look: wordmarks, palettes, display faces and illustrations.

Everything here is drawn with the drawing model (pnp.model, millimetres, y down), so the PDF
and SVG renderers paint the same pictures. Pictures used many times (a species' flower on
every square of its tile, a critter on nine cards) are registered as icons (pnp.icons):
each is drawn once per build and reused.

- `shapes`: path helpers shared by the drawings (petals, blobs, circles as paths).
- `flowers`: a flower per Cottage Garden species, and the hedge and path borders.
- `critters`: Garden Variety's animals in several poses each.
- `looks`: per game the palette, display face and wordmark.
- one module per game (`garden_dice`, `cottage_garden`, `propagation`, ...) holding the art
  of that game's pieces, drawn into the piece's box as the kit module gives it.
"""
