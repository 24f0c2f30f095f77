"""Edits people write with field names or as corrections: "edit task 1: title 'x',
description 'y'", "rename 1 to x and set its description to y", "it should say buy milk".
Pure: words in, an `Update` (or None) out."""

from __future__ import annotations

import re

from core.agent.builtin.clauses import NOT_A_TITLE
from core.agent.builtin.editing import read_update
from core.agent.builtin.intents import Ref, Update
from core.agent.builtin.lexicon.fields import (
    FIELD_LABELS,
    FIELD_SETTERS,
    MISTAKE_WORDS,
    NEW_FIELD,
    SHOULD_SAY,
)
from core.agent.builtin.lexicon.talk import CORRECTION_LEADS
from core.agent.builtin.lexicon.verbs import EDIT_VERBS, RENAME_VERBS, SAY_VERBS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import split_quoted, tidy_title
from core.agent.builtin.words import ref_from

_CHANGING = (*EDIT_VERBS, *RENAME_VERBS)
_SETTER = alt(FIELD_SETTERS)
_FIELD_NAME = alt(FIELD_LABELS)


_LABEL = rf"(?:its\s+|the\s+|it'?s\s+)?(?P<label>{_FIELD_NAME})"
_SETS = (
    rf"(?:\s*[:=]\s*|\s+(?:to(?:\s+be|\s+{alt(SAY_VERBS)})?|is|should\s+be|as)\s+|\s+(?=['\"“‘]))"
)
_FIELD = re.compile(rf"^{_LABEL}{_SETS}", NOCASE)
_NEXT_FIELD = re.compile(
    rf"\s*(?:[,;]\s*(?:and\s+)?|\s+(?:and|&|plus)\s+)(?:{_SETTER}\s+)?{_LABEL}{_SETS}",
    NOCASE,
)
_LABELLED = re.compile(
    rf"^(?:{alt(_CHANGING)}\s+)?(?P<ref>.+?)"
    rf"(?:\s*[:,–—-]\s*|\s+(?=(?:{alt(NEW_FIELD)}\s+)?{_FIELD_NAME}(?:\s*[:=]|\s+['\"“‘])))"
    rf"(?P<fields>{_LABEL}{_SETS}.+)$",
    NOCASE,
)
# "the name of task 1, new name …" or "1 to buy oat milk, description …": no bare task
_NAMES_A_FIELD_OR_CHANGE = re.compile(rf"\b{_FIELD_NAME}\b|\s(?:to|into|as)\s", NOCASE)
_SECOND_FIELD = re.compile(
    rf"^(?P<head>.+?)\s*(?:[,;]\s*(?:and\s+)?|\s+(?:and|&|plus)\s+)"
    rf"(?:(?:also\s+)?{_SETTER}\s+)?(?P<fields>{_LABEL}{_SETS}.+)$",
    NOCASE,
)
_CORRECTION = re.compile(
    rf"^(?:{alt(CORRECTION_LEADS, MISTAKE_WORDS)}\b[\s,!.:;-]*)*"
    rf"{alt(SHOULD_SAY)}\s*[:,-]?\s+(?P<title>.+)$",
    NOCASE,
)
_BETWEEN = re.compile(r"^\s*(?:[,;]\s*(?:and\s+)?|\s+(?:and|&|plus)\s+)", NOCASE)
_SETTER_FIRST = re.compile(rf"^{_SETTER}\s+", NOCASE)


def read_fields(text: str) -> dict[str, str] | None:
    """`title 'x', description 'y'` -> {"title": "x", "description": "y"}; None unless the
    whole text is labelled fields, each named once."""
    fields: dict[str, str] = {}
    rest = text.strip()
    while rest:
        match = _FIELD.match(rest)
        if match is None:
            return None
        field = FIELD_LABELS[" ".join(match.group("label").lower().split())]
        rest = rest[match.end() :]
        quoted = split_quoted(rest)
        if quoted is not None:
            value, rest = quoted
            rest = _SETTER_FIRST.sub("", _BETWEEN.sub("", rest))
        else:
            following = _NEXT_FIELD.search(rest)
            end = following.start() if following else len(rest)
            value, rest = rest[:end], rest[end:]
            rest = _SETTER_FIRST.sub("", _BETWEEN.sub("", rest))
        value = tidy_title(value)
        if field in fields or (field == "title" and not value):
            return None
        fields[field] = value
        rest = rest.strip(" .")
    return fields or None


def read_labelled_edit(text: str) -> Update | None:
    """Field names after the task ("edit task 1: title 'x'"), or a second field after an
    edit ("rename 1 to x and set its description to y")."""
    labelled = _LABELLED.match(text)
    if labelled is not None and not _NAMES_A_FIELD_OR_CHANGE.search(labelled.group("ref")):
        ref = ref_from(labelled.group("ref"))
        fields = read_fields(labelled.group("fields"))
        told = labelled.group(0).split()[0].lower() in _CHANGING
        # without an edit verb only a number or "it" names a task ("add milk, notes: x" adds)
        if ref is not None and fields is not None and (told or ref.kind != "title"):
            return Update(ref, title=fields.get("title"), description=fields.get("description"))
    if (both := _SECOND_FIELD.match(text)) is not None:
        first = read_update(both.group("head"))
        second = read_fields(both.group("fields"))
        if not isinstance(first, Update) or second is None:
            return None
        title, description = first.title, first.description
        if ("title" in second and title is not None) or (
            "description" in second and description is not None
        ):
            return None  # the same field twice: not one edit
        if title is None and description is None:
            return None  # "edit it and the title …": the first part named no change
        return Update(
            first.ref,
            title=second.get("title", title),
            description=second.get("description", description),
        )
    return None


def read_correction(text: str) -> Update | None:
    """ "it should say buy milk", "oops, should read 'pick up kids'": rename the task the
    conversation is about."""
    match = _CORRECTION.match(text)
    if match is None or NOT_A_TITLE.match(match.group("title")):
        return None
    title = tidy_title(match.group("title"))
    return Update(Ref("pronoun"), title=title) if title else None
