"""A photo's bytes, checked before anything decodes them: its size, its kind (JPEG, PNG or
WebP, told by the file's first bytes, not its name) and its pixel count, read from the
header, so a small file that would decode to an enormous image (a decompression bomb) is
refused in words without the memory ever being spent."""
from __future__ import annotations

import struct

MAX_BYTES = 15 * 1024 * 1024
MAX_PIXELS = 50_000_000
MAX_SIDE = 20_000   # OpenCV's own limits aside, no phone takes a photo wider than this


# What the player reads when the reader fails on a photo in a way no one foresaw (the doors
# log the failure for the operator).
UNREADABLE = ("the photo could not be read (the reader failed on it); take another photo, square-on "
              "and close enough that the sheet fills most of it")

class PhotoError(ValueError):
    """A photo that cannot be read, with the reason in words a player can act on."""


class PhotoTooLarge(PhotoError):
    """A photo beyond the bounds: too many bytes, or too many pixels once opened."""


def photo_kind(data: bytes) -> str:
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    raise PhotoError("this file is not a photo the reader takes: send a JPEG, PNG or WebP picture")


def _png_size(data: bytes) -> tuple[int, int]:
    if data[12:16] != b"IHDR" or len(data) < 24:
        raise PhotoError("this PNG file is damaged: its header cannot be read")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """The size in the frame header (SOFn), walking the segments from the start."""
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC) and at + 9 <= len(data):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise PhotoError("this JPEG file is damaged: its size cannot be read")


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    raise PhotoError("this WebP file is damaged: its size cannot be read")


SIZE_READERS = {"JPEG": _jpeg_size, "PNG": _png_size, "WebP": _webp_size}


def check_photo(data: bytes) -> tuple[str, int, int]:
    """(kind, width, height) of a photo within the bounds, or PhotoError saying which it breaks."""
    if not data:
        raise PhotoError("the file is empty: choose or take a photo of the sheet")
    if len(data) > MAX_BYTES:
        raise PhotoTooLarge(f"the photo is larger than {MAX_BYTES // 1024 // 1024} MB, the most the reader takes: "
                            "send a smaller photo (your camera's lower resolution will do)")
    kind = photo_kind(data)
    width, height = SIZE_READERS[kind](data)
    if width < 1 or height < 1:
        raise PhotoError(f"this {kind} file says it is {width} x {height} pixels: it is damaged")
    if width * height > MAX_PIXELS:
        raise PhotoTooLarge(f"the photo would be {width} x {height} pixels ({width * height / 1e6:.0f} megapixels) "
                         f"once opened; the reader takes at most {MAX_PIXELS // 1_000_000} megapixels, so it was "
                         "refused unopened: send a smaller photo")
    if max(width, height) > MAX_SIDE:   # a thin strip may be few megapixels and still too long
        raise PhotoTooLarge(f"the photo is {width} x {height} pixels; the reader takes at most {MAX_SIDE:,} "
                            "pixels on a side, so it was refused unopened: send a smaller photo")
    return kind, width, height
