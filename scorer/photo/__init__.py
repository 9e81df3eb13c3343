"""Reading a game's end from photos of its printed sheets: `sheets` (what a readable sheet is,
as data), `intake` (a photo's bounds, checked before decoding) and `reader` (markers,
homography, the regions read with a confidence). It knows no game and imports no kit: the
kits list their sheets (pnp.readable) and the callers pass them in."""
