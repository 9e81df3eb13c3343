"""`gardenkit build` end to end on the Garden Variety kit: files, manifest, fonts, page
sizes, determinism, options (pod, cmyk, duplex, ink-saver, deck), atomic writes, exit codes."""
from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from pnp import build as build_module
from pnp.art.looks import look
from pnp.checks import PIECE_MARGIN_MM
from pnp.options import PAPERS
from scorer.cli import main
from tests.support.kit_builds import default_kit

GV = "garden-variety"
BASE14 = {"Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats"}


def run(*args: str) -> int:
    return main(["build", "--game", GV, "--quiet", *args])


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    return default_kit(tmp_path_factory, GV)   # `gardenkit build --game garden-variety`, shared: read only


def manifest(out: Path, paper: str) -> dict:
    return json.loads((out / paper / GV / "manifest.json").read_text())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_manifest_holds_every_card_front_and_mirrored_back(built, paper):
    data = manifest(built, paper)
    width, height = PAPERS[paper].width_mm, PAPERS[paper].height_mm
    assert data["game"] == GV and data["paper"] == {"name": paper, "width_mm": width, "height_mm": height}
    kinds = {c["name"]: c["kind"] for c in data["components"]}
    cards = [p for p in data["placements"] if kinds[p["component"]] == "card"]
    fronts = [p for p in cards if p["side"] == "front"]
    backs = {(p["component"], p["copy"]): p for p in cards if p["side"] == "back"}
    assert len(fronts) == 54 and len(backs) == 54
    assert sum(c["count"] for c in data["components"] if c["kind"] == "card") == 54
    for front in fronts:
        back = backs[(front["component"], front["copy"])]
        assert back["page"] == front["page"] + 1
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"], abs=0.002)
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.002)
    for placed in data["placements"]:
        if kinds[placed["component"]] == "card":
            assert sorted((placed["width_mm"], placed["height_mm"])) == [63.5, 88.9]  # upright or turned
        assert placed["x_mm"] >= PIECE_MARGIN_MM - 1e-6 and placed["y_mm"] >= PIECE_MARGIN_MM - 1e-6
        assert placed["x_mm"] + placed["width_mm"] <= width - PIECE_MARGIN_MM + 1e-6
        assert placed["y_mm"] + placed["height_mm"] <= height - PIECE_MARGIN_MM + 1e-6
    by_page = itertools.groupby(sorted(data["placements"], key=lambda p: p["page"]), key=lambda p: p["page"])
    for _, group in by_page:
        rects = [(p["x_mm"], p["y_mm"], p["width_mm"], p["height_mm"]) for p in group]
        for (ax, ay, aw, ah), (bx, by, bw, bh) in itertools.combinations(rects, 2):
            assert ax + aw <= bx + 1e-6 or bx + bw <= ax + 1e-6 or ay + ah <= by + 1e-6 or by + bh <= ay + 1e-6
    # 9 a page: on Letter, 6 mm from every edge, in three rows of one colour on shared cuts
    assert max(len(list(g)) for _, g in itertools.groupby(fronts, key=lambda p: p["page"])) == 9
    every = {(p["component"], p["copy"], p["side"]) for p in data["placements"]}
    assert len(every) == len(data["placements"])  # no piece placed twice


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_svg_per_pdf_page_with_the_right_page_size(built, paper):
    reader = PdfReader(built / paper / f"{GV}.pdf")
    svgs = sorted((built / paper / GV).glob("p*.svg"))
    assert len(svgs) == len(reader.pages) == max(p["page"] for p in manifest(built, paper)["placements"])
    assert [s.name[:3] for s in svgs] == [f"p{n:02d}" for n in range(1, len(svgs) + 1)]
    width_pt, height_pt = (PAPERS[paper].width_mm * 72 / 25.4, PAPERS[paper].height_mm * 72 / 25.4)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width_pt, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height_pt, abs=0.01)
    first = svgs[0].read_text()
    assert f'viewBox="0 0 {PAPERS[paper].width_mm:g} {PAPERS[paper].height_mm:g}"' in first
    assert "Bitstream Vera Sans" in first


def test_fonts_are_embedded_truetype_never_the_standard_14(built):
    reader = PdfReader(built / "letter" / f"{GV}.pdf")
    seen = 0
    for page in reader.pages:
        resources = cast(DictionaryObject, page["/Resources"])
        for font in cast(DictionaryObject, resources["/Font"]).values():
            font = font.get_object()
            name = str(font["/BaseFont"])
            assert not any(base in name for base in BASE14), name
            assert "/FontFile2" in font["/FontDescriptor"], f"{name} is not embedded"
            seen += 1
    assert seen > 0


def test_builds_are_byte_identical(built, tmp_path):
    """A second build, in another process with another hash seed, gives the same bytes."""
    command = [sys.executable, "-m", "scorer.cli", "build", "--game", GV, "--quiet", "--paper", "letter",
               "--paper", "a4", "--out", str(tmp_path)]
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    assert subprocess.run(command, env=environment, cwd=Path(__file__).parent.parent).returncode == 0
    first = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for relative in first:
        assert (built / relative).read_bytes() == (tmp_path / relative).read_bytes(), relative


# What a PDF-only build has no use for: the SVG renderer, the photo machinery (and the image
# libraries under it), the installed-package metadata reader and the scorer's models.
UNUSED_BY_A_PDF_BUILD = ("svgwrite", "pnp.render_svg", "pnp.readable", "pnp.sheets", "pnp.photo_sample", "cv2",
                         "numpy", "importlib.metadata", "pydantic")


def modules_a_build_imports(out: Path, formats: str) -> set[str]:
    """Every module a whole `gardenkit build` process of Garden Variety imports, as
    `python -X importtime` lists them."""
    command = [sys.executable, "-X", "importtime", "-m", "scorer.cli", "build", "--game", GV, "--quiet",
               "--paper", "letter", "--format", formats, "--out", str(out)]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return {line.rsplit("|", 1)[1].strip() for line in answer.stderr.splitlines() if line.startswith("import time:")}


def test_a_pdf_build_imports_nothing_it_does_not_draw_with(tmp_path):
    loaded = modules_a_build_imports(tmp_path / "pdf", "pdf")
    assert sorted(name for name in loaded
                  if any(name == unused or name.startswith(f"{unused}.") for unused in UNUSED_BY_A_PDF_BUILD)) == []
    # the probe sees what a build does load: an SVG build brings its renderer
    assert {"svgwrite", "pnp.render_svg"} <= modules_a_build_imports(tmp_path / "svg", "svg")


def test_pod_pages_carry_trim_and_bleed_boxes(tmp_path):
    assert run("--paper", "letter", "--pod", "--format", "pdf", "--out", str(tmp_path)) == 0
    reader = PdfReader(tmp_path / "letter" / f"{GV}.pdf")
    page = reader.pages[0]
    mm = 72 / 25.4
    assert float(page.mediabox.width) == pytest.approx((63.5 + 6 + 12) * mm, abs=0.01)  # bleed, and the marks' slug
    assert [float(v) for v in page.trimbox] == pytest.approx([9 * mm, 9 * mm, 72.5 * mm, 97.9 * mm], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([6 * mm, 6 * mm, 75.5 * mm, 100.9 * mm], abs=0.01)
    data = manifest(tmp_path, "letter")
    assert len(reader.pages) == len(data["placements"])


def test_cmyk_build_writes_only_cmyk_colours(tmp_path):
    assert run("--paper", "a4", "--cmyk", "--format", "pdf", "--out", str(tmp_path)) == 0
    contents = PdfReader(tmp_path / "a4" / f"{GV}.pdf").pages[0].get_contents()
    assert contents is not None
    content = contents.get_data().decode("latin1")
    assert re.search(r"\d k\s", content) and re.search(r"\d K\s", content)
    assert not re.search(r"\d (rg|RG)\s", content)


def test_short_edge_duplex_mirrors_rows(tmp_path):
    assert run("--paper", "letter", "--duplex", "short", "--format", "svg", "--out", str(tmp_path)) == 0
    data = manifest(tmp_path, "letter")
    height = PAPERS["letter"].height_mm
    placements = data["placements"]
    backs = {(p["component"], p["copy"]): p for p in placements if p["side"] == "back"}
    checked = 0
    for front in (p for p in placements if p["side"] == "front" and (p["component"], p["copy"]) in backs):
        back = backs[(front["component"], front["copy"])]
        assert back["x_mm"] == pytest.approx(front["x_mm"], abs=0.002)
        assert back["y_mm"] == pytest.approx(height - front["y_mm"] - front["height_mm"], abs=0.002)
        checked += 1
    assert checked == 54
    assert not (tmp_path / "letter" / f"{GV}.pdf").exists()  # --format svg only


def test_ink_saver_pales_the_card_backgrounds(built, tmp_path):
    assert run("--paper", "letter", "--ink-saver", "--format", "svg", "--out", str(tmp_path)) == 0
    normal = next((built / "letter" / GV).glob("p04-*.svg")).read_text()  # the first page of card backs
    saver = next((tmp_path / "letter" / GV).glob("p04-*.svg")).read_text()
    ink = f'fill="{look("Garden Variety").ink}"'  # the wordmark on the light card back
    assert ink in normal and ink not in saver.split("<defs>")[1].split("</defs>")[1]


def test_an_owners_deck_list_is_built_and_a_bad_one_is_refused(tmp_path, capsys):
    deck = tmp_path / "deck.csv"
    deck.write_text("kind,color,number,name,count\ncritter,red,5,,2\nwildflower,,3,,1\n")
    assert run("--paper", "a4", "--deck", str(deck), "--format", "svg", "--out", str(tmp_path / "out")) == 0
    cards = [c for c in manifest(tmp_path / "out", "a4")["components"] if c["kind"] == "card"]
    assert [(c["name"], c["count"]) for c in cards] == [("critter-red-5", 2), ("wildflower-3", 1)]
    deck.write_text("kind,color,number,name,count\ncritter,purple,5,,1\nwildflower,,12,,1\n")
    assert run("--deck", str(deck), "--out", str(tmp_path / "bad")) == 1
    error = capsys.readouterr().err
    assert "line 2" in error and "line 3" in error and "Traceback" not in error
    assert not (tmp_path / "bad").exists()


def test_a_failure_while_rendering_writes_nothing(tmp_path, monkeypatch, capsys):
    assert run("--paper", "letter", "--out", str(tmp_path)) == 0
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("pnp.render_pdf.render_pdf", broken)
    assert run("--paper", "letter", "--ink-saver", "--out", str(tmp_path)) == 1
    assert "disk on fire" in capsys.readouterr().err
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before  # the earlier build is untouched: nothing half-new


def test_an_interrupted_write_leaves_no_partial_or_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "letter" / "kit.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"old complete file")
    real_replace = os.replace

    def crash_on_rename(source, destination):
        raise KeyboardInterrupt  # the user pressed ^C between writing and renaming

    monkeypatch.setattr(os, "replace", crash_on_rename)
    with pytest.raises(KeyboardInterrupt):
        build_module.write_atomic(target, b"new" * 1000)
    monkeypatch.setattr(os, "replace", real_replace)
    assert target.read_bytes() == b"old complete file"
    assert [p.name for p in target.parent.iterdir()] == ["kit.pdf"]


def test_stale_pages_of_a_longer_build_are_removed(tmp_path):
    folder = tmp_path / "letter" / GV
    folder.mkdir(parents=True)
    (folder / "p99-old-page.svg").write_text("<svg/>")
    assert run("--paper", "letter", "--format", "svg", "--out", str(tmp_path)) == 0
    assert not (folder / "p99-old-page.svg").exists()


@pytest.mark.parametrize("args, words", [
    (["--game", "no-such-game"], "unknown game"),
    (["--format", "png"], "--format"),
    (["--bleed", "lots"], "--bleed"),
    (["--bleed", "50"], "--bleed"),
    (["--paper", "legal"], "--paper"),
    (["--duplex", "sideways"], "--duplex"),
    (["--cut", "bogus"], "--cut"),
])
def test_bad_usage_is_one_plain_line_and_exit_2(args, words, capsys, tmp_path):
    with pytest.raises(SystemExit) as raised:
        status = main(["build", "--quiet", "--out", str(tmp_path), *args])
        raise SystemExit(status)
    assert raised.value.code == 2
    error = capsys.readouterr().err.strip()
    assert words in error and len(error.splitlines()) == 1 and "Traceback" not in error


def test_a_missing_kit_is_skipped_unless_asked_for(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(build_module, "available_kits", lambda: [GV])
    assert main(["build", "--out", str(tmp_path), "--format", "svg", "--paper", "a4"]) == 0
    assert "skipping garden-dice" in capsys.readouterr().err
    assert main(["build", "--game", "garden-dice", "--out", str(tmp_path)]) == 2
    assert "not part of this installation" in capsys.readouterr().err
