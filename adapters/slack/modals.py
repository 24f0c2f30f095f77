"""The task form (Add / Edit) as a Slack modal, and reading its submission: pure, no I/O.

The modal's `private_metadata` says which task it edits (none: it adds) and where it was
opened, so the submission knows what to save and what to show afterwards.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from adapters.slack.render import escape, section
from adapters.slack.translate import (
    ACTION_PREFIX,
    PLATFORM,
    HomeState,
    Payload,
    tenant_of,
    unescape,
)
from core.commands.forms import DESCRIPTION, DUE, DUE_TIME, PRIORITY, TAGS, TITLE, TaskForm
from core.storage.models import DESCRIPTION_MAX, PRIORITIES, TITLE_MAX
from core.views import TaskView

FORM_CALLBACK = f"{ACTION_PREFIX}task_form"
NEW_TASK_SHORTCUT = f"{ACTION_PREFIX}new_task"
SAVE_MESSAGE_SHORTCUT = f"{ACTION_PREFIX}save_message"
VALUE = "value"
FROM_HOME = "home"
FROM_SHORTCUT = "shortcut"

Block = dict[str, Any]

_LINK = re.compile(r"<((?:https?|mailto):[^|>]+)(?:\|([^>]*))?>")
_USER = re.compile(r"<@([A-Z0-9]+)(?:\|([^>]*))?>")
_CHANNEL = re.compile(r"<#([A-Z0-9]+)(?:\|([^>]*))?>")
_SPECIAL = re.compile(r"<!(\w+)(?:\|([^>]*))?>")


@dataclass(frozen=True)
class Prefill:
    title: str = ""
    description: str = ""


def task_form(
    *,
    origin: str,
    task: TaskView | None = None,
    prefill: Prefill = Prefill(),
    home: HomeState | None = None,
) -> Block:
    """The Add form (task None, maybe prefilled) or the Edit form of `task`; `home` is what
    the Home tab showed when it was opened from there."""
    title = task.title if task else prefill.title
    description = task.description if task else prefill.description
    metadata = {
        "task": task.id.hex if task and task.id else None,
        "origin": origin,
        "had_due": bool(task and task.due_day),
        "home": home.metadata() if home else None,
    }
    heading = f"Edit task #{task.number}" if task else "New task"
    return {
        "type": "modal",
        "callback_id": FORM_CALLBACK,
        "title": {"type": "plain_text", "text": heading[:24]},
        "submit": {"type": "plain_text", "text": "Save" if task else "Add"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "private_metadata": json.dumps(metadata),
        "blocks": [
            _input(TITLE, "Title", title[:TITLE_MAX], max_length=TITLE_MAX, focus=True),
            _input(
                DESCRIPTION,
                "Description",
                description[:DESCRIPTION_MAX],
                max_length=DESCRIPTION_MAX,
                multiline=True,
                optional=True,
            ),
            _picker(DUE, "Due date", "datepicker", "initial_date", task.due_day if task else ""),
            _picker(
                DUE_TIME, "Due time", "timepicker", "initial_time", task.due_time if task else ""
            ),
            _priority(task.priority if task else "low"),
            _input(
                TAGS,
                "Tags",
                " ".join(f"#{tag}" for tag in task.tags) if task else "",
                max_length=200,
                optional=True,
                hint="Up to 5, like #errands #home",
            ),
        ],
    }


def _picker(block_id: str, label: str, kind: str, initial_key: str, initial: str) -> Block:
    element: Block = {"type": kind, "action_id": VALUE}
    if initial:
        element[initial_key] = initial
    return {
        "type": "input",
        "block_id": block_id,
        "label": {"type": "plain_text", "text": label},
        "optional": True,
        "element": element,
    }


def _priority(current: str) -> Block:
    options = [
        {"text": {"type": "plain_text", "text": name.capitalize()}, "value": name}
        for name in PRIORITIES
    ]
    chosen = next((o for o in options if o["value"] == current), options[0])
    return {
        "type": "input",
        "block_id": PRIORITY,
        "label": {"type": "plain_text", "text": "Priority"},
        "element": {
            "type": "static_select",
            "action_id": VALUE,
            "options": options,
            "initial_option": chosen,
        },
    }


def _input(
    block_id: str,
    label: str,
    initial: str,
    *,
    max_length: int,
    multiline: bool = False,
    optional: bool = False,
    focus: bool = False,
    hint: str | None = None,
) -> Block:
    element: Block = {"type": "plain_text_input", "action_id": VALUE, "max_length": max_length}
    if multiline:
        element["multiline"] = True
    if focus:
        element["focus_on_load"] = True
    if initial:
        element["initial_value"] = initial
    block: Block = {
        "type": "input",
        "block_id": block_id,
        "label": {"type": "plain_text", "text": label},
        "optional": optional,
        "element": element,
    }
    if hint:
        block["hint"] = {"type": "plain_text", "text": hint}
    return block


def notice(title: str, text: str) -> Block:
    """A modal that only says something (after a save from a shortcut, a vanished task)."""
    return {
        "type": "modal",
        "title": {"type": "plain_text", "text": title[:24]},
        "close": {"type": "plain_text", "text": "Close"},
        "blocks": [section(escape(text))],
    }


@dataclass(frozen=True)
class Submission:
    form: TaskForm
    origin: str
    home: HomeState = field(default_factory=HomeState)


def submission(body: Payload) -> Submission | None:
    """A submitted task form as a `TaskForm`; None when it is not ours or is malformed."""
    view = body.get("view") or {}
    user = body.get("user") or {}
    if body.get("type") != "view_submission" or view.get("callback_id") != FORM_CALLBACK:
        return None
    if not user.get("id") or not view.get("id"):
        return None
    try:
        metadata = json.loads(view.get("private_metadata") or "{}")
        task_id = UUID(hex=metadata["task"]) if metadata.get("task") else None
        had_due = metadata.get("had_due") is True
        home = HomeState.of_view({"private_metadata": metadata.get("home") or ""})
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    values = (view.get("state") or {}).get("values") or {}
    form = TaskForm(
        platform=PLATFORM,
        tenant=tenant_of(body),
        user_ref=str(user["id"]),
        form_id=str(view["id"]),
        title=_field(values, TITLE),
        description=_field(values, DESCRIPTION),
        task_id=task_id,
        display_name=user.get("username") or user.get("name") or None,
        due_day=_field(values, DUE, "selected_date"),
        due_time=_field(values, DUE_TIME, "selected_time"),
        priority=_selected(values, PRIORITY) or "low",
        tags=_field(values, TAGS),
        had_due=had_due,
    )
    return Submission(form=form, origin=str(metadata.get("origin") or FROM_HOME), home=home)


def _field(values: Payload, block_id: str, key: str = "value") -> str:
    entry = (values.get(block_id) or {}).get(VALUE) or {}
    return str(entry.get(key) or "")


def _selected(values: Payload, block_id: str) -> str:
    chosen = ((values.get(block_id) or {}).get(VALUE) or {}).get("selected_option") or {}
    return str(chosen.get("value") or "") if isinstance(chosen, dict) else ""


def errors_response(errors: dict[str, str]) -> dict[str, Any]:
    """`response_action: errors`: each message beside its input block (Slack caps at 150)."""
    shown = {field: (m if len(m) <= 150 else m[:149] + "…") for field, m in errors.items()}
    return {"response_action": "errors", "errors": shown}


def message_prefill(body: Payload, permalink: str | None) -> Prefill:
    """A message shortcut's message as a task: its first line the title, the whole text and a
    link back to it the description."""
    message = body.get("message") or {}
    text = plain_text(str(message.get("text") or "")).strip()
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    title = first if len(first) <= TITLE_MAX else first[: TITLE_MAX - 1] + "…"
    link = f"\n{permalink}" if permalink else ""
    room = DESCRIPTION_MAX - len(link)
    body_text = text if text != first else ""
    if len(body_text) > room:
        body_text = body_text[: room - 1] + "…"
    return Prefill(title=title, description=(body_text + link).strip())


def built_permalink(body: Payload) -> str | None:
    """The message's link from the workspace's domain, when Slack would not tell it (the bot
    is not in that channel): the form Slack's own permalinks take."""
    domain = (body.get("team") or {}).get("domain")
    channel = (body.get("channel") or {}).get("id")
    ts = str(body.get("message_ts") or "")
    if not domain or not channel or not re.fullmatch(r"\d+\.\d+", ts):
        return None
    return f"https://{domain}.slack.com/archives/{channel}/p{ts.replace('.', '')}"


def plain_text(mrkdwn: str) -> str:
    """Slack's message markup as a person reads it: links, mentions and channels by name."""
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), mrkdwn)
    text = _USER.sub(lambda m: "@" + (m.group(2) or m.group(1)), text)
    text = _CHANNEL.sub(lambda m: "#" + (m.group(2) or m.group(1)), text)
    text = _SPECIAL.sub(lambda m: "@" + (m.group(2) or m.group(1)), text)
    return unescape(text)
