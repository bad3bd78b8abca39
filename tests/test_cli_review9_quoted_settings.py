"""Settings as `docker run --env-file` and compose's `environment:` list pass them: with the quotes and the spaces
around the value that a shell or python-dotenv would take off (session 9's README review).

DISCORD_TOKEN was already read so (bot.settings.clean_token); DATABASE_PATH kept them, so the bot opened, and
created, another database than the one named: a new empty file with no subscriptions, picks or post history.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.settings import SETTING_NAMES, load_settings
from tests.storage.conftest import BUNDLED


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout's, and what a wrong path creates lands here


@pytest.mark.parametrize("written", ['"{}"', "'{}'", " {} ", '  "{}"\t'])
def test_a_quoted_or_padded_database_path_names_that_database(
        written: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "data" / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    capsys.readouterr()
    monkeypatch.setenv("DATABASE_PATH", written.format(database))

    assert load_settings().database_path == database
    assert main(["stats"]) == 0
    assert "papers:    38 active" in capsys.readouterr().out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data"]  # nothing created beside it


def test_the_other_settings_are_read_without_their_quotes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LOG_LEVEL=warning\n")
    for name, value in {"CORPUS_PATH": '"a.json:b/"', "DEV_GUILD_ID": '"123"', "LOG_LEVEL": " 'debug' ",
                        "MAX_SUBSCRIPTIONS_PER_GUILD": "'25'", "EMBED_ABSTRACTS": '"off"'}.items():
        monkeypatch.setenv(name, value)

    settings = load_settings()

    assert settings.corpus_paths == (Path("a.json"), Path("b/"))
    assert settings.dev_guild_id == 123
    assert settings.log_level == "DEBUG"
    assert settings.max_subscriptions_per_guild == 25
    assert settings.embed_abstracts is False


def test_a_lone_quote_is_no_pair_and_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", '"papers.db')
    assert load_settings().database_path == Path('"papers.db')
