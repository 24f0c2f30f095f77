"""The configuration page and `.env.example`, both from `Settings`: each field's name, type,
default and description, grouped under `SECTIONS`."""

from __future__ import annotations

import textwrap
import types
from collections.abc import Iterator
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import SecretStr
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings

from bot.settings import SECTIONS, Settings

Section = tuple[str, list[tuple[str, FieldInfo]]]
ENV_WIDTH = 100


def sections(model: type[BaseSettings] = Settings) -> Iterator[Section]:
    """The fields in declaration order, each under the heading that last began before it."""
    title, fields = "General", list[tuple[str, FieldInfo]]()
    for name, field in model.model_fields.items():
        if name in SECTIONS:
            if fields:
                yield title, fields
            title, fields = SECTIONS[name], []
        fields.append((name, field))
    if fields:
        yield title, fields


def variable(name: str) -> str:
    return name.upper()


def type_text(field: FieldInfo) -> str:
    """What a person may write: `integer, 1–1000`, `secret`, one of the literal values."""
    annotation = field.annotation
    optional = get_origin(annotation) in (Union, types.UnionType)
    if optional:
        annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
    if get_origin(annotation) is Literal:
        return "one of " + ", ".join(f"`{value}`" for value in get_args(annotation))
    named: dict[object, str] = {
        SecretStr: "secret",
        str: "text",
        bool: "true or false",
        int: "integer",
        float: "number",
    }
    described = named.get(annotation, str(annotation))
    bounds = _bounds(field.metadata)
    return f"{described}, {bounds}" if bounds else described


def _bounds(metadata: list[Any]) -> str:
    low = high = ""
    for rule in metadata:
        if isinstance(rule, annotated_types.Ge):
            low = f"{_number(rule.ge)}"
        elif isinstance(rule, annotated_types.Gt):
            low = f"> {_number(rule.gt)}"
        elif isinstance(rule, annotated_types.Le):
            high = f"{_number(rule.le)}"
    if low and high and not low.startswith(">"):
        return f"{low}–{high}"
    parts = [f"≥ {low}" if low and not low.startswith(">") else low, f"≤ {high}" if high else ""]
    return ", ".join(part for part in parts if part)


def _number(value: Any) -> str:
    return format(value, "g") if isinstance(value, float) else str(value)


def env_value(field: FieldInfo) -> str:
    """The default as `.env` writes it: empty for none, `true`/`false`, `30` for 30.0."""
    default = field.default
    if default is None:
        return ""
    if isinstance(default, bool):
        return "true" if default else "false"
    return _number(default)


def page_default(field: FieldInfo) -> str:
    value = env_value(field)
    return f"`{value}`" if value else "unset"


def configuration_page(model: type[BaseSettings] = Settings) -> str:
    lines = [
        "<!-- Written by `python3 -m bot.docs_gen` from bot/settings.py: edit there. -->",
        "# Configuration",
        "",
        "Every setting comes from the environment or from a `.env` file in the working",
        "directory (the environment wins). `.env.example` lists them all with these same",
        "descriptions; copy it to `.env` and fill in what you use. Nothing is required: with",
        "no settings at all, todobot keeps its data in `todobot.db` and reads with the builtin",
        "engine. `todobot doctor` checks the settings of a deployment.",
    ]
    for title, fields in sections(model):
        lines += ["", f"## {title}", "", "| Setting | Type | Default | What it does |"]
        lines.append("| --- | --- | --- | --- |")
        for name, field in fields:
            description = (field.description or "").replace("|", "\\|")
            cells = [f"`{variable(name)}`", type_text(field), page_default(field), description]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def env_example(model: type[BaseSettings] = Settings) -> str:
    lines = [
        "# todobot settings. Copy to .env and fill in what you use; every line is optional.",
        "# Written by `python3 -m bot.docs_gen` from bot/settings.py: edit there.",
    ]
    for title, fields in sections(model):
        lines += ["", f"# --- {title} ---"]
        for name, field in fields:
            lines += textwrap.wrap(
                field.description or "",
                ENV_WIDTH,
                initial_indent="# ",
                subsequent_indent="# ",
                break_on_hyphens=False,
            )
            lines.append(f"{variable(name)}={env_value(field)}")
    return "\n".join(lines) + "\n"
