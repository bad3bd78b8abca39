"""A regular install (a wheel, as `pip install .` makes; not a checkout) runs on its defaults.

The quick start installs in editable mode, where data/ is found beside the code. A deployment
(`pip install .`, a container, a platform's build step) installs a wheel: the bundled corpus, the
migrations and the sentence encoder must all travel inside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bot.settings import bundled_corpus

ROOT = Path(__file__).resolve().parent.parent
_PROJECT_FILES = ("pyproject.toml", "README.md", "bot", "storage", "data")


def test_a_checkout_uses_its_own_data_folder(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout" / "data"
    checkout.mkdir(parents=True)
    installed = tmp_path / "prefix" / "share" / "paperbot" / "data"
    installed.mkdir(parents=True)
    assert bundled_corpus(checkout, [str(tmp_path / "prefix")]) == checkout


def test_an_install_without_a_checkout_uses_the_copy_under_its_data_root(tmp_path: Path) -> None:
    installed = tmp_path / "user" / "share" / "paperbot" / "data"
    installed.mkdir(parents=True)
    roots = [str(tmp_path / "prefix"), str(tmp_path / "user")]  # the environment's has none: the user's has it
    assert bundled_corpus(tmp_path / "site-packages" / "data", roots) == installed


def test_with_no_copy_anywhere_the_checkout_path_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "site-packages" / "data"
    assert bundled_corpus(missing, [str(tmp_path / "prefix")]) == missing


@pytest.fixture(scope="module")
def installed_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with paperbot installed from a wheel built from a clean copy of
    the project (the checkout's build/ folder may hold stale files); the dependencies come from the
    test environment's site-packages, appended to the new environment's path."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in _PROJECT_FILES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name)
    _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(work / "dist"),
         str(source))
    venv = work / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    python = venv / "bin" / "python"
    wheel = next((work / "dist").glob("paperbot-*.whl"))
    _run(sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", str(wheel))
    site_packages = Path(_run(str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip())
    (site_packages / "test_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python


def _run(*command: str, cwd: Path | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CORPUS_PATH", "DATABASE_PATH")}
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="the venv layout below is the POSIX one")
def test_a_wheel_install_loads_the_bundled_corpus_on_its_defaults(installed_python: Path, tmp_path: Path) -> None:
    where = _run(str(installed_python), "-c", "import bot.settings as s; print(s.__file__); print(s.BUNDLED_CORPUS)",
                 cwd=tmp_path)
    module, corpus = (Path(line) for line in where.split())
    venv = installed_python.parent.parent
    assert module.is_relative_to(venv), f"imported {module}, not the installed copy"
    assert corpus == venv / "share" / "paperbot" / "data"
    assert sorted(p.name for p in corpus.glob("*.txt")) == sorted(p.name for p in (ROOT / "data").glob("*.txt"))

    # `paperbot ingest` with no path loads the configured corpus: here, the defaults
    report = _run(str(installed_python), "-m", "bot", "ingest", "--db", str(tmp_path / "paperbot.db"), cwd=tmp_path)
    bundled_papers = sum(len(f.read_text(encoding="utf-8").split("\n\n")) - 1 for f in (ROOT / "data").glob("*.txt"))
    assert f"{bundled_papers} records from 2 files: {bundled_papers} added" in report, report
    stats = _run(str(installed_python), "-m", "bot", "stats", "--db", str(tmp_path / "paperbot.db"), cwd=tmp_path)
    assert "ICML 2025" in stats, stats


def test_a_wheel_install_carries_the_migrations_and_the_sentence_encoder(installed_python: Path,
                                                                         tmp_path: Path) -> None:
    found = _run(str(installed_python), "-c",
                 "from storage.db import migrations; from storage.vectors import load_encoder; "
                 "print(len(list(migrations()))); print(len(load_encoder().encode(['a query'])[0]))", cwd=tmp_path)
    assert found.split() == [str(len(list((ROOT / "storage" / "migrations").glob("*.sql")))), "384"]
