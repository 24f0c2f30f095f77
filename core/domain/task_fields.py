"""Cleaning a task's due, priority and tags before anything is written. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, tzinfo

from core.domain.when import (
    HORIZON_YEARS,
    Due,
    beyond_horizon,
    horizon,
    parse_due,
    show_due_plain,
    today,
)
from core.message_text import without_format_chars
from core.storage.models import PRIORITIES, TAG_LENGTH_MAX, TAGS_MAX

_TAG = re.compile(r"^[\w][\w\-./+&]*$")


class FieldError(ValueError):
    """A value the task service refuses, said so a person can act on it."""

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


def clean_priority(priority: str) -> str:
    cleaned = priority.strip().casefold()
    if cleaned not in PRIORITIES:
        raise FieldError(
            f"“{priority}” is not a priority: use low, medium or high.",
            "Ask which of low, medium or high they mean.",
        )
    return cleaned


def clean_tag(tag: str) -> str:
    cleaned = without_format_chars(tag).strip().lstrip("#").strip().casefold()
    if not cleaned:
        raise FieldError("A tag needs at least one letter or digit.")
    if len(cleaned) > TAG_LENGTH_MAX:
        raise FieldError(
            f"The tag “{cleaned}” is {len(cleaned)} characters; the limit is {TAG_LENGTH_MAX}.",
            "Ask for a shorter tag.",
        )
    if not _TAG.match(cleaned):
        raise FieldError(
            f"“{tag}” can't be a tag: use letters, digits, - or _, without spaces.",
            "Ask for a one-word tag.",
        )
    return cleaned


def clean_tags(tags: Iterable[str]) -> list[str]:
    cleaned: list[str] = []
    for tag in tags:
        one = clean_tag(tag)
        if one not in cleaned:
            cleaned.append(one)
    _check_count(cleaned)
    return cleaned


def _check_count(tags: list[str]) -> None:
    if len(tags) > TAGS_MAX:
        raise FieldError(
            f"A task can have at most {TAGS_MAX} tags; that would make {len(tags)}.",
            "Ask which tag to drop.",
        )


def changed_tags(
    current: list[str],
    *,
    replace: Iterable[str] | None = None,
    add: Iterable[str] = (),
    remove: Iterable[str] = (),
) -> list[str]:
    """`replace` (when given) first, then `remove`, then `add`."""
    tags = clean_tags(replace) if replace is not None else list(current)
    gone = {clean_tag(tag) for tag in remove}
    tags = [tag for tag in tags if tag not in gone]
    for tag in add:
        one = clean_tag(tag)
        if one not in tags:
            tags.append(one)
    _check_count(tags)
    return tags


def read_due(value: str, zone: tzinfo) -> Due:
    try:
        return parse_due(value, zone)
    except ValueError as error:
        raise FieldError(str(error), "Ask for the date again.") from None


def check_not_past(due: Due, *, now: datetime, zone: tzinfo, done: str = "add it") -> None:
    """A due being set must be today or later; today's earlier hours count as past."""
    if due.deadline(zone) <= now or (due.has_time and due.at < now):
        shown = show_due_plain(due, zone, now=now)
        raise FieldError(
            f"{shown[0].upper()}{shown[1:]} is already in the past, so I didn't {done}.",
            f"Ask for a date from today ({today(now, zone).isoformat()}) on, "
            "or add it without a due date.",
        )


def check_horizon(moment: datetime, *, now: datetime, what: str = "A due date") -> None:
    """Dues and reminders lie within `HORIZON_YEARS` of now."""
    if beyond_horizon(Due(moment, True), now=now):
        latest = horizon(now)
        raise FieldError(
            f"{what} can be at most {HORIZON_YEARS} years ahead (until "
            f"{latest.day} {latest:%b} {latest.year}), so I didn't set that.",
            "Ask for a nearer date.",
        )


def check_new_due(due: Due, *, now: datetime, zone: tzinfo, done: str = "add it") -> None:
    """A due being set now: today or later, and within the horizon."""
    check_horizon(due.at, now=now)
    check_not_past(due, now=now, zone=zone, done=done)
