"""The manual builds with `mkdocs build --strict`: a broken link, a missing anchor or a page left
out of the navigation fails the suite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(source: Path, into: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(into)],
        cwd=source,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    built = build(ROOT, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    site = tmp_path / "site"
    assert (site / "api" / "openapi.json").read_text() == (
        ROOT / "docs" / "api" / "openapi.json"
    ).read_text()
    api_page = (site / "api" / "index.html").read_text()
    assert "swagger-ui-iframe" in api_page  # the schema is rendered, not only linked
    assert (site / "performance" / "memory.svg").exists()
    assert (site / "reference" / "configuration" / "index.html").exists()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", copy / "docs")
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    page = copy / "docs" / "getting-started.md"
    page.write_text(page.read_text() + "\nSee [the upgrade notes](upgrading.md).\n")
    built = build(copy, tmp_path / "site")
    assert built.returncode != 0
    assert "upgrading.md" in built.stderr
