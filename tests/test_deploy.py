"""The Procfile deployment: what a platform's build installs from the checkout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_requirements_txt_installs_this_project(tmp_path: Path) -> None:
    # Heroku-style buildpacks (Heroku, Dokku, Scalingo), which run the Procfile's `worker: python -m bot`,
    # build only an app with a requirements.txt (or a Pipfile, poetry or uv lock file): a bare pyproject.toml
    # was "not compatible", and the deployment never started.
    report = tmp_path / "report.json"
    subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--quiet", "--report",
                    str(report), "-r", str(ROOT / "requirements.txt")], cwd=ROOT, check=True, timeout=300)
    installs = json.loads(report.read_text(encoding="utf-8"))["install"]
    assert [(item["metadata"]["name"], item["download_info"]["url"]) for item in installs] == [
        ("paperbot", ROOT.as_uri())]
    assert (ROOT / "Procfile").read_text(encoding="utf-8").split() == ["worker:", "python", "-m", "bot"]
