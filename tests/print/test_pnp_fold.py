"""`--fold`: two-sided cards printed one-sided, front and back side by side to fold and glue."""
from __future__ import annotations

from pnp.build import impose_kit
from pnp.fold import FOLD_GUTTER_MM, fold_cards, folded
from pnp.frontmatter import FOLDING
from pnp.kits import load_kit
from pnp.model import Group, Line
from pnp.options import PAPERS, BuildOptions, KitOptions
from pnp.parts import CUT, FOLD

GV = "garden-variety"


def test_a_folded_card_is_its_front_then_its_back_unmirrored_across_a_fold_gutter():
    card = next(c for c in load_kit(GV).components(KitOptions()) if c.kind == "card" and c.back)
    pair = folded(card)
    assert pair.back is None and pair.height_mm == card.height_mm
    assert pair.width_mm == 2 * card.width_mm + FOLD_GUTTER_MM
    children = pair.front.shapes.children
    back = next(c for c in children if isinstance(c, Group) and c.children == (card.back.shapes,))
    assert back.translate == (card.width_mm + FOLD_GUTTER_MM, 0.0) and back.scale == 1.0 and back.rotate == 0.0
    assert card.front.shapes in children and children.index(card.front.shapes) > children.index(back)
    lines = {(c.x1, c.style) for c in children if isinstance(c, Line) and c.x1 == c.x2}
    assert lines == {(card.width_mm + FOLD_GUTTER_MM / 2, FOLD), (card.width_mm, CUT)}


def test_only_two_sided_cards_are_folded():
    pieces = load_kit("garden-dice").components(KitOptions())
    assert fold_cards(pieces) == pieces  # its two-sided pieces are tiles and aids, not cards
    cards = load_kit(GV).components(KitOptions())
    changed = [a.name for a, b in zip(cards, fold_cards(cards)) if a is not b]
    assert changed and changed == [c.name for c in cards if c.kind == "card" and c.back]


def test_a_folded_kit_prints_one_sided_and_says_how_to_fold():
    imposition = impose_kit(GV, PAPERS["letter"], BuildOptions(games=(GV,), fold=True))
    assert all(sheet.side == "front" for sheet in imposition.sheets)
    assert imposition.sheets[1].label != "duplex-test"
    words = " ".join(_words(imposition.sheets[0].overlay))
    assert FOLDING in words and "Every page is one-sided." in words


def test_a_kit_without_cards_says_nothing_of_folding():
    """Garden Dice's guide once told --fold builds how to fold cards the kit does not have."""
    imposition = impose_kit("garden-dice", PAPERS["letter"], BuildOptions(games=("garden-dice",), fold=True))
    words = " ".join(_words(imposition.sheets[0].overlay))
    assert FOLDING not in words and "two-sided" in words  # its tiles and aids still print two-sided


def test_folding_a_kit_without_cards_says_so_and_builds_it_as_usual(tmp_path):
    """`--fold` built Garden Dice exactly as without it and said nothing: its player seemed to
    get folded pieces. The build says in words that nothing folds, and succeeds."""
    import io

    from pnp.build import run_build
    from pnp.fold import nothing_to_fold

    def built(fold: bool) -> tuple[int, str, bytes]:
        log = io.StringIO()
        out = tmp_path / str(fold)
        code = run_build(BuildOptions(games=("garden-dice",), papers=("letter",), formats=("pdf",), out=out,
                                      fold=fold, progress=False), log)
        return code, log.getvalue(), (out / "letter" / "garden-dice.pdf").read_bytes()

    code, said, pdf = built(True)
    assert code == 0 and f"note: {nothing_to_fold('Garden Dice')}" in said
    assert "no cards to fold" in said and "still print on both sides" in said
    plain_code, plain_said, plain_pdf = built(False)
    assert plain_code == 0 and "fold" not in plain_said and len(plain_pdf) > 0
    folds = io.StringIO()
    assert run_build(BuildOptions(games=(GV,), papers=("letter",), formats=("pdf",), out=tmp_path / "gv", fold=True,
                                  progress=False), folds) == 0
    assert "no cards to fold" not in folds.getvalue()


def _words(group: Group) -> list[str]:
    from pnp.model import Text
    from tests.support.shapes import walk

    return [shape.text for shape, _, _ in walk(group) if isinstance(shape, Text)]
