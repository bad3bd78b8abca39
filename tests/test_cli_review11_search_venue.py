"""`paperbot search --venue`: the command line searches within one venue as `/paper search`'s venue option does
(session 11's review: the command line had no way to, so an operator could not check what the bot answers with a
venue). A venue is named as people type it (case and spacing aside), the counts are the venue's, and a venue the
papers do not have is one line naming the closest ones, with status 1 (not there, as an unknown id is)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import BUNDLED, write_json

TAIL = " Experiments on three phones confirm the memory savings."


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The bundled corpus (ICML 2025) and three AISTATS 2025 papers on the KV cache (the venue from the file name)."""
    aistats = [{"title": f"Phone KV Cache Study {n}",
                "abstract": f"We compress the KV cache of small language models on phones, setting {n}." + TAIL}
               for n in range(3)]
    path = tmp_path / "cli.db"
    assert main(["ingest", str(BUNDLED), str(write_json(tmp_path / "aistats2025.json", aistats)),
                 "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def _json(capsys: pytest.CaptureFixture[str], db_file: Path, *args: str) -> dict[str, object]:
    assert main(["search", *args, "--json", "--limit", "20", "--db", str(db_file)]) == 0
    return dict(json.loads(capsys.readouterr().out))


@pytest.mark.parametrize("typed", ["AISTATS 2025", "aistats2025", " Aistats-2025 "])
def test_a_venue_searches_only_its_papers(db_file: Path, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    everywhere = _json(capsys, db_file, "kv cache")
    within = _json(capsys, db_file, "kv cache", "--venue", typed)
    assert within["venue"] == "AISTATS 2025"
    assert within["total"] == 3
    results = within["results"]
    assert isinstance(results, list)
    assert {result["venue"] for result in results} == {"AISTATS 2025"}
    assert isinstance(everywhere["total"], int)
    assert everywhere["total"] > 3
    assert "venue" not in everywhere  # the shape without --venue is unchanged


def test_the_readable_count_names_the_venue(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "kv cache", "--venue", "aistats 2025", "--db", str(db_file)]) == 0
    assert "3 paper(s) from AISTATS 2025 match 'kv cache'" in capsys.readouterr().out
    assert main(["search", "ShadowKV", "--venue", "aistats 2025", "--db", str(db_file)]) == 0
    assert "no papers from AISTATS 2025 match 'ShadowKV'" in capsys.readouterr().out


@pytest.mark.parametrize(("typed", "closest"), [("AISTATS 2024", "AISTATS 2025"), ("aistats", "AISTATS 2025"),
                                                ("icml", "ICML 2025"), ("ICML 2026", "ICML 2025")])
def test_an_unknown_venue_is_one_line_naming_the_closest(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                         typed: str, closest: str) -> None:
    assert main(["search", "kv cache", "--venue", typed, "--db", str(db_file)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"paperbot search: no venue {typed!r} among the papers; the closest: {closest} (")


def test_stdin_queries_search_within_the_venue(db_file: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("kv cache\n\nphones\n"))
    assert main(["search", "-", "--venue", "AISTATS 2025", "--db", str(db_file)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["venue"] for line in lines] == ["AISTATS 2025"] * 3
    assert [line["total"] for line in lines] == [3, 0, 3]
    assert "error" in lines[1]


def test_stdin_with_an_unknown_venue_reads_no_query(db_file: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("kv cache\n"))
    assert main(["search", "-", "--venue", "NeurIPS 2025", "--db", str(db_file)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("paperbot search: no venue 'NeurIPS 2025' among the papers; the closest: ")


def test_the_help_shows_the_venue_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["search", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    usage = shown.split(" options: ")[0]
    assert usage.startswith("usage: paperbot search ")
    for option in ("-h", "--db FILE", "--corpus PATH", "--limit N", "--json", "--venue NAME"):  # every one it takes
        assert f"[{option}]" in usage
    assert "--venue NAME only papers from this venue, as `paperbot stats` lists them" in shown
