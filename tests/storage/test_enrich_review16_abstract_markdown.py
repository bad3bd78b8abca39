"""An abstract's own asterisks and underscores are escaped in its display text, and the emphasis it uses is kept
(session 16's review), on a real temporary database and on every seed and dataset abstract.

An abstract's display text is Discord markdown (the card's description shows it as it is): "the A* algorithm and
A*-search", "Q_learning with V_functions", "x_1 and x_2" showed italics where the author wrote symbols, and so did a
title made from such an abstract's words. What the abstract emphasises (*token*, **MA-DT**, **WE**ighted,
_batch-and-match_, LaTeX's \\textit{FedOne}) stays emphasis; math's own escapes are not escaped twice.
"""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from storage.enrich import display_abstract
from storage.loader import load_corpus
from tests.storage.conftest import BUNDLED, SHARED_DATASETS, write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
# As an abstract writes it, and as its display text must read.
SHOWN = {
    "We run the A* algorithm and A* search.": r"We run the A\* algorithm and A\* search.",
    "A*-search meets B*-trees.": r"A\*-search meets B\*-trees.",
    "Q_learning with V_functions on x_1 and x_2.": r"Q\_learning with V\_functions on x\_1 and x\_2.",
    "Here x^{*} and 3 * 4 and f* = 0 hold.": r"Here x\* and 3 \* 4 and f\* = 0 hold.",  # as "$x^*$" reads
    "It is |x|_G = inf{ a > 0 | sum_{i} G(x_i) }.": r"It is |x|\_G = inf{ a > 0 | sum\_{i} G(x\_i) }.",  # no italics
    r"We call Q\_learning and $x^*$ ours.": r"We call Q\_learning and x\* ours.",  # LaTeX's escapes: once
    "Models read *token* strings and **MA-DT** too.": "Models read *token* strings and **MA-DT** too.",
    "It scales as *n*² here.": "It scales as *n*² here.",  # HTML's <i>n</i><sup>2</sup>
    "We use **WE**ighted **G**aussian gr**A**dients.": "We use **WE**ighted **G**aussian gr**A**dients.",
    "We extend the _batch-and-match_ (BaM) idea (_all_ of it).": "We extend the _batch-and-match_ (BaM) idea (_all_ of "
                                                                  "it).",
    r"A strategy \textit{FedOne} and *Pareto $x^*$ fronts*.": r"A strategy *FedOne* and *Pareto x\* fronts*.",
    "Code: https://github.com/a/b_c_d and `foo_bar` in A*.": r"Code: https://github.com/a/b_c_d and `foo_bar` in A\*.",
    "The matrix Sigma_{XX} of X.": r"The matrix Sigma\_{XX} of X.",  # braces kept, as before
}


@pytest.mark.parametrize("written", list(SHOWN))
def test_an_abstracts_own_marks_are_escaped_and_its_emphasis_kept(written: str) -> None:
    assert display_abstract(written) == SHOWN[written]


async def test_the_stored_abstract_and_a_title_made_from_it_show_marks_as_written(db: aiosqlite.Connection,
                                                                                  tmp_path: Path) -> None:
    records: list[dict[str, object]] = [
        {"title": "Stars", "abstract": "We revisit the A* algorithm and A*-search over B*-trees." + TAIL},
        {"abstract": "Q_learning with V_functions solves heuristic planning." + TAIL}]
    await load_corpus(db, [write_json(tmp_path / "papers.json", records)])
    rows = {str(title): str(abstract) for title, abstract in await db.execute_fetchall(
        "SELECT title, abstract FROM papers")}

    assert rows["Stars"].startswith(r"We revisit the A\* algorithm and A\*-search over B\*-trees.")
    assert r"Q\_learning with V\_functions solves heuristic planning" in rows  # was unescaped: italics


async def test_the_seed_files_keep_every_emphasis(db: aiosqlite.Connection) -> None:
    await load_corpus(db, [BUNDLED])
    text = "\n".join(str(row[0]) for row in await db.execute_fetchall("SELECT abstract FROM papers"))

    for emphasis in ("*token*", "*character*", "*scaling lens*", "*adaptive complexity*", "*missingness-avoiding*",
                     "**MA-DT, MA-LASSO, MA-RF**", "**MA-GBT**", '**"reconstruction error explosion"**',
                     "*concept forgetting*", "**Proxy-FDA**", "**Puzzle**", "*FedOne*"):
        assert emphasis in text, emphasis
    assert "\\*" not in text  # the seeds write no mark of their own: nothing escaped
    assert "\\_" not in text
    assert "https://github.com/AI4Science-WestlakeU/flow_guidance" in text  # a link as written


@pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")
def test_the_datasets_keep_every_emphasis_and_escape_their_math() -> None:
    shown = {record["title"]: display_abstract(record["abstract"])
             for name in ("aistats2025.json", "icml2018.json")
             for record in json.loads((SHARED_DATASETS / name).read_text(encoding="utf-8"))}
    text = "\n".join(shown.values())

    for emphasis in ("**WE**ighted Euclidean distance matrices **G**aussian **P**rocess", "**F**orgetfu**L**",
                     "_batch-and-match_", "_Balls-and-Bins_", "_all_", "*i.e.*", "- [**Self-censoring**]",
                     "α-*Linear-Contextual (LC)-Tsallis-INF*", "*ex ante*", "**27×**"):
        assert emphasis in text, emphasis
    assert r"causes X\_1,...,X\_d are correlated" in text  # was "_1,...,X_" read as italics by Discord
    assert r"|x|\_G = inf{ alpha > 0 | sum\_{i = 1}^n" in text
