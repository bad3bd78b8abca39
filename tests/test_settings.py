"""Settings: environment, .env, overrides; the token never shows in a repr."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import BUNDLED_CORPUS, load_settings


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "CORPUS_PATH", "DEV_GUILD_ID", "LOG_LEVEL",
                 "MAX_SUBSCRIPTIONS_PER_GUILD", "EMBED_ABSTRACTS"):
        monkeypatch.delenv(name, raising=False)


def test_defaults_use_the_bundled_corpus_and_a_local_database(tmp_path: Path) -> None:
    settings = load_settings(env_file=tmp_path / "missing.env")
    assert settings.corpus_paths == (BUNDLED_CORPUS,)
    assert sorted(p.name for p in BUNDLED_CORPUS.glob("*.txt")), "bundled corpus is missing"
    assert settings.database_path == Path("paperbot.db")
    assert settings.discord_token is None
    assert settings.dev_guild_id is None


def test_env_file_is_read_and_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDATABASE_PATH=file.db\nDEV_GUILD_ID=123\n")
    monkeypatch.setenv("DATABASE_PATH", "env.db")
    settings = load_settings(env_file=env_file)
    assert settings.discord_token == "from-file"
    assert settings.database_path == Path("env.db")
    assert settings.dev_guild_id == 123


def test_overrides_win_and_none_means_keep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", "env.db")
    settings = load_settings(env_file=None, database_path=Path("flag.db"), corpus_paths=None)
    assert settings.database_path == Path("flag.db")
    assert settings.corpus_paths == (BUNDLED_CORPUS,)


def test_corpus_path_may_list_several_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORPUS_PATH", "a.json:b/")
    assert load_settings(env_file=None).corpus_paths == (Path("a.json"), Path("b/"))


def test_token_is_never_in_the_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    settings = load_settings(env_file=None)
    assert settings.discord_token == "super-secret-token"
    assert "super-secret-token" not in repr(settings)


def test_bad_guild_id_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    with pytest.raises(SystemExit, match="DEV_GUILD_ID must be a whole number"):
        load_settings(env_file=None)


@pytest.mark.parametrize(("name", "raw", "message"), [
    ("LOG_LEVEL", "verbose", "paperbot: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, got 'verbose'"),
    ("MAX_SUBSCRIPTIONS_PER_GUILD", "0", "paperbot: MAX_SUBSCRIPTIONS_PER_GUILD must be at least 1, got '0'"),
    ("MAX_SUBSCRIPTIONS_PER_GUILD", "-5", "paperbot: MAX_SUBSCRIPTIONS_PER_GUILD must be at least 1, got '-5'"),
    ("MAX_SUBSCRIPTIONS_PER_GUILD", "ten", "paperbot: MAX_SUBSCRIPTIONS_PER_GUILD must be a whole number, got 'ten'"),
    ("DEV_GUILD_ID", "0", "paperbot: DEV_GUILD_ID must be at least 1, got '0'"),
    ("EMBED_ABSTRACTS", "maybe", "paperbot: EMBED_ABSTRACTS must be on or off (or true/false, 1/0), got 'maybe'"),
])
def test_a_bad_setting_is_one_line_naming_it_and_where_it_comes_from(
        name: str, raw: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(name, raw)
    with pytest.raises(SystemExit) as stopped:
        load_settings(env_file=None)
    assert str(stopped.value.code) == message + " (in the environment or .env)"


def test_log_level_and_subscription_limit_read_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOG_LEVEL", " warning ")
    monkeypatch.setenv("MAX_SUBSCRIPTIONS_PER_GUILD", "25")
    settings = load_settings(env_file=None)
    assert settings.log_level == "WARNING"
    assert settings.max_subscriptions_per_guild == 25


@pytest.mark.parametrize(("raw", "expected"), [
    (None, True), ("", True), ("on", True), (" OFF ", False), ("true", True), ("False", False), ("1", True),
    ("0", False),
])
def test_embed_abstracts_is_on_unless_switched_off(raw: str | None, expected: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    if raw is not None:
        monkeypatch.setenv("EMBED_ABSTRACTS", raw)
    assert load_settings(env_file=None).embed_abstracts is expected


def test_a_home_relative_path_in_env_means_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`.env` values reach us unexpanded; `~/paperbot.db` must not become a folder named '~' here."""
    monkeypatch.setenv("HOME", str(tmp_path))
    env_file = tmp_path / ".env"
    env_file.write_text("DATABASE_PATH=~/bot/paperbot.db\nCORPUS_PATH=~/papers.json: ~/more/\n")
    settings = load_settings(env_file=env_file)
    assert settings.database_path == tmp_path / "bot" / "paperbot.db"
    assert settings.corpus_paths == (tmp_path / "papers.json", tmp_path / "more")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_a_dotenv_in_utf16_or_utf32_with_its_byte_order_mark_gives_its_token(tmp_path: Path, encoding: str) -> None:
    # UTF-32's little-endian mark (FF FE 00 00) begins with UTF-16's: such a .env was read as UTF-16 full
    # of NULs, and its big-endian one (00 00 FE FF) as UTF-8; either way no token, and no word why.
    env_file = tmp_path / ".env"
    bom = "\ufeff" if encoding.endswith("-be") else ""  # the other codecs write their own mark
    env_file.write_bytes(f"{bom}DISCORD_TOKEN=from-file\r\nDEV_GUILD_ID=123\r\n".encode(encoding))
    settings = load_settings(env_file=env_file)
    assert (settings.discord_token, settings.dev_guild_id) == ("from-file", 123)


@pytest.mark.parametrize(("encoding", "message"), [
    ("utf-16", "not valid UTF-16 text (truncated data at byte 40)"),
    ("utf-32", "not valid UTF-32 text (truncated data at byte 80)"),
])
def test_a_broken_utf16_or_utf32_dotenv_says_so(tmp_path: Path, encoding: str, message: str) -> None:
    # Its byte order mark, then bytes that cannot be that encoding (here cut short); it used to say
    # "is not UTF-8 text", which the file never claimed to be.
    env_file = tmp_path / ".env"
    env_file.write_bytes("DISCORD_TOKEN=abc\r\n".encode(encoding) + b"\x00")
    with pytest.raises(SystemExit) as stopped:
        load_settings(env_file=env_file)
    assert str(stopped.value.code) == f"paperbot: {env_file} is {message}; save it as UTF-8"
