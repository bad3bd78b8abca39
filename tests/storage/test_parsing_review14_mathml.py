"""MathML in abstracts (session 14). Crossref's JATS abstracts and web exports write formulas as MathML; its
text was read as one run of characters, so "O(n<msup><mi>n</mi><mn>2</mn></msup>)" read "O(n2)", a fraction
"1T", and a formula given both as TeX and as MathML (<jats:alternatives>) appeared twice. Now scripts read as
Unicode where it has the characters (as <sup> and <sub> do), fractions and roots as plain text."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from tests.storage.conftest import scalar, write_json

# A pretty-printed formula, as exports indent it: the whitespace between its tags is no text.
INDENTED = """O(<mml:math>
  <mml:msup>
    <mml:mi>n</mml:mi>
    <mml:mn>2</mml:mn>
  </mml:msup>
</mml:math>)"""

CASES = [
    ("O(n<msup><mi></mi><mn>2</mn></msup>)", "O(n²)"),
    (INDENTED, "O(n²)"),
    ("<mml:math><mml:msub><mml:mi>x</mml:mi><mml:mi>i</mml:mi></mml:msub></mml:math>", "xᵢ"),
    ("<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math>", "xᵢ²"),
    ("<math><msup><mi>n</mi><mrow><mo>&#x2212;</mo><mn>1</mn></mrow></msup></math>", "n⁻¹"),
    ("<math><msup><mi>T</mi><mrow><mo>-</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow></msup></math>", "T^(-1/2)"),
    ("<math><mfrac><mn>1</mn><msqrt><mi>T</mi></msqrt></mfrac></math>", "1/√T"),
    ("<math><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac></math>", "(a+b)/2"),
    ("<math><mi>O</mi><mo>(</mo><mi>n</mi><mi>log</mi><mi>n</mi><mo>)</mo></math>", "O(n log n)"),
    ("<math><mi>k</mi><mo>=</mo><mn>1</mn></math>", "k = 1"),
    ("<jats:inline-formula><jats:alternatives><jats:tex-math>$\\epsilon^2$</jats:tex-math><mml:math><mml:msup>"
     "<mml:mi>ε</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math></jats:alternatives></jats:inline-formula>", "ε²"),
]


@pytest.mark.parametrize(("formula", "shown"), CASES)
async def test_a_mathml_formula_reads_as_written(db: aiosqlite.Connection, tmp_path: Path, formula: str,
                                                 shown: str) -> None:
    abstract = (f"<jats:p>We give an algorithm whose cost is {formula} on every input, and show that no "
                "algorithm of this kind can do better on graphs of bounded degree.</jats:p>")
    await load_corpus(db, [write_json(tmp_path / "crossref.json", [{"title": "Bounds", "abstract": abstract}])])
    stored = await scalar(db, "SELECT abstract FROM papers")
    assert stored.startswith(f"We give an algorithm whose cost is {shown} on every input, and show")
