"""Reading a game's end from photos of its printed sheets: `intake` (a photo's bounds, checked
before decoding) and `reader` (markers, homography, the regions read with a confidence). It
sits on the print layer: what a readable sheet is (pnp.sheets) and where its regions are
(pnp.readable) come from the kits that print it."""
