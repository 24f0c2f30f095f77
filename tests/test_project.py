"""Project-wide rules: the schema matches its migrations, layers point down, ruff is clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine
from sqlmodel import SQLModel

import core.storage.account_models
import core.storage.delivery_models
import core.storage.models
import core.storage.reminder_models  # noqa: F401
from core.rooms import DOORS, ROOMS, SHARED
from core.storage.db import sync_url

ROOT = Path(__file__).resolve().parent.parent


def test_migrations_produce_exactly_the_models(database_url: str) -> None:
    engine = create_engine(sync_url(database_url))
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    engine.dispose()
    assert differences == []


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def imported_names(path: Path) -> set[str]:
    """Every module a file imports, in full (`core.domain.tasks`, not `core`)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "core").rglob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_platform_library_and_nothing_above_it(path: Path) -> None:
    forbidden = {"slack_bolt", "slack_sdk", "telegram", "adapters", "bot", "fastapi", "starlette"}
    assert imported_modules(path) & forbidden == set()


def core_modules_imported(path: Path) -> set[str]:
    """The core modules a file imports (`from core.x import y` counts core.x and core.x.y)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("core"):
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith("core"))
    return names


def room_of(module: str) -> str:
    """`core.domain.tasks` -> domain, `core.chat` -> chat, `core` -> ""."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


CORE_FILES = sorted(p for p in (ROOT / "core").rglob("*.py") if "migrations" not in p.parts)


def test_every_part_of_core_has_its_place_in_the_order() -> None:
    parts = {
        path.stem if path.is_file() else path.name
        for path in (ROOT / "core").iterdir()
        if path.suffix == ".py" or (path / "__init__.py").exists()
    }
    assert parts - {"__init__"} == set(ROOMS) | SHARED
    assert not set(ROOMS) & SHARED and set(ROOMS[-len(DOORS) :]) == DOORS


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT / "core")))
def test_core_rooms_point_down(path: Path) -> None:
    """Each room imports only itself and the rooms below it (`core.rooms.ROOMS`); the shared
    language only itself. Imports inside functions count as much as any."""
    room = path.relative_to(ROOT / "core").with_suffix("").parts[0]
    imported = core_modules_imported(path)
    below = set(ROOMS[: ROOMS.index(room) + 1]) if room in ROOMS else set()
    rooms = {room_of(module) for module in imported} - {""}
    assert not rooms & DOORS - {room}, "only bot/ and adapters/ use the doors"
    assert rooms <= below | SHARED, f"core/{room} reaches up into {rooms - below - SHARED}"


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT / "core")))
def test_no_core_import_waits_inside_a_function_or_a_type_check(path: Path) -> None:
    """An import of the core deferred into a function or behind `TYPE_CHECKING` would hide a
    cycle the order forbids: every core import sits at the top of its module."""
    tree = ast.parse(path.read_text(), filename=str(path))
    on_top = {id(node) for node in tree.body}
    hidden = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and id(node) not in on_top
        and any(name.startswith("core") for name in _modules_of(node))
    ]
    assert hidden == []


def _modules_of(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""] if node.level == 0 else []
    return [alias.name for alias in node.names]


PLATFORMS = {"slack", "telegram"}


def _tests_a_platform_name(node: ast.AST) -> bool:
    """`platform == "telegram"`, `"slack" in ...`, `case "telegram":`."""
    if isinstance(node, ast.Compare):
        sides = (node.left, *node.comparators)
        return any(isinstance(side, ast.Constant) and side.value in PLATFORMS for side in sides)
    if isinstance(node, ast.MatchValue):
        return isinstance(node.value, ast.Constant) and node.value.value in PLATFORMS
    return False


@pytest.mark.parametrize(
    "path", sorted((ROOT / "core").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_core_tells_no_platform_by_its_name(path: Path) -> None:
    """What a platform can do reaches the core as data (`Incoming.is_group`,
    `Incoming.private_replies`): no core module is a platform's, none tests a platform's name."""
    assert not PLATFORMS & {part.removesuffix(".py") for part in path.relative_to(ROOT).parts}
    tree = ast.parse(path.read_text(), filename=str(path))
    named = [node for node in ast.walk(tree) if _tests_a_platform_name(node)]
    assert named == []


@pytest.mark.parametrize(
    "path", sorted((ROOT / "adapters").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_adapters_get_their_configuration_passed_in(path: Path) -> None:
    """`bot/` builds each adapter's configuration (`SlackConfig`, `TelegramConfig`,
    `McpConfig`) and passes it down: an adapter never imports `bot`."""
    assert "bot" not in imported_modules(path)


@pytest.mark.parametrize(
    "path", sorted((ROOT / "core" / "agent").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_agents_hold_no_session(path: Path) -> None:
    """An agent acts through the tools and reads through the tools' context (`open_tasks`,
    `audit`): it never reaches the turn's session or the storage behind the tools."""
    tree = ast.parse(path.read_text(), filename=str(path))
    reached = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "session" not in reached
    assert imported_modules(path) & {"sqlalchemy", "sqlmodel"} == set()
    assert imported_names(path) & {"core.domain.tasks", "core.storage.db"} == set()


@pytest.mark.parametrize(
    "path",
    sorted(
        path
        for package in ("core", "adapters", "bot", "bench")
        for path in (ROOT / package).rglob("*.py")
    ),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_the_audit_has_one_writer(path: Path) -> None:
    """Audit rows are made in one place (`core.storage.audit.record`), from a typed entry."""
    if path == ROOT / "core" / "storage" / "audit.py":
        return
    tree = ast.parse(path.read_text(), filename=str(path))
    made = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "ToolCall"
    ]
    assert made == []


@pytest.mark.slow
def test_mypy_is_clean() -> None:
    """The type checker, configured in pyproject.toml: core, adapters and bot, zero errors."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


FILE_LINES_MAX = 300


@pytest.mark.parametrize(
    "path",
    sorted(
        path.relative_to(ROOT)
        for package in ("core", "adapters", "bot")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    ),
    ids=str,
)
def test_no_product_file_is_long(path: Path) -> None:
    """One concept a file: a product file past 300 lines is split by what it holds."""
    lines = len((ROOT / path).read_text().splitlines())
    assert lines <= FILE_LINES_MAX, f"{path} has {lines} lines"


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or f"{sys.prefix}/bin/ruff"
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


AGENT_SDK_HOME = Path("core/agent/openai_backend.py")
PRODUCT_FILES = sorted(
    path.relative_to(ROOT)
    for package in ("core", "adapters", "bot")
    for path in (ROOT / package).rglob("*.py")
)


@pytest.mark.parametrize("path", PRODUCT_FILES, ids=str)
def test_only_the_openai_backend_imports_the_agents_sdk_or_openai(path: Path) -> None:
    """The tools are plain functions; the Agents SDK and openai load only for that backend."""
    if path != AGENT_SDK_HOME:
        assert imported_modules(ROOT / path) & {"agents", "openai"} == set()


def test_importing_every_other_module_loads_neither_the_agents_sdk_nor_openai() -> None:
    """Catches the indirect way in too (a module importing one that imports `agents`)."""
    modules = [
        ".".join(path.with_suffix("").parts)
        for path in PRODUCT_FILES
        if path != AGENT_SDK_HOME
        and path.parts[:3] != ("core", "storage", "migrations")
        and path.name != "__main__.py"
    ]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name.removesuffix('.__init__'))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'agents', 'openai'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "[]"
