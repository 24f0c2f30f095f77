"""Console translation, no I/O: a line in, an `Incoming` or a `Press` out; a `Reply` to text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from core.types import Action, Button, Incoming, Press, Reply

PLATFORM = "console"
CHAT_REF = "terminal"

# Terminal escape sequences (arrow keys, colours) and every other control character.
_ESCAPE_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|[@-Z\\-_])")
_EXPORT_TO = re.compile(
    r"^/?export(?:\s+my\s+data)?\s+(?:--output|-o)(?:=|\s+)(?P<path>.+)$", re.IGNORECASE
)
_QUOTES = "“”\"'‘’«»"


def clean_line(line: str) -> str:
    """What a person typed, without escape sequences or control characters (tabs become
    spaces), so a stray arrow key can never end up inside a title."""
    line = _ESCAPE_SEQUENCE.sub("", line).replace("\t", " ")
    return "".join(char for char in line if unicodedata.category(char) != "Cc")


def render(reply: Reply) -> str:
    """The reply text, then its buttons as numbered choices. An Undo button is the word
    `[undo]` after the text instead: a number typed next is far more often a task's."""
    undo = any(button.action is Action.UNDO for button in reply.buttons)
    lines = [f"{reply.text}   [undo]" if undo else reply.text]
    numbered = _numbered(reply.buttons)
    if numbered:
        choices = "   ".join(
            f"[{index}] {button.label}" for index, button in enumerate(numbered, 1)
        )
        lines.append(f"{choices}   (type the number or the word)")
    return "\n".join(lines)


def _numbered(buttons: list[Button]) -> list[Button]:
    return [button for button in buttons if button.action is not Action.UNDO]


@dataclass(frozen=True)
class ConsoleLine:
    """One typed line, read: what goes to the core, and where an export should be written."""

    event: Incoming | Press
    export_to: Path | None = None


def read_line(line: str, *, user: str, choices: list[Button]) -> ConsoleLine:
    """`export --output PATH` writes the export there; everything else is `to_event`."""
    line = clean_line(line)
    wanted = _EXPORT_TO.match(line.strip())
    if wanted is not None:
        path = Path(wanted.group("path").strip().strip(_QUOTES)).expanduser()
        return ConsoleLine(to_event("export", user=user, choices=[]), export_to=path)
    return ConsoleLine(to_event(line, user=user, choices=choices))


def to_event(line: str, *, user: str, choices: list[Button]) -> Incoming | Press:
    """A number, or the words on a button, picks one of the choices the last reply offered;
    anything else is a message."""
    chosen = _chosen(clean_line(line), choices)
    if chosen is not None:
        return Press(
            platform=PLATFORM,
            user_ref=user,
            token=chosen.token,
            action=chosen.action,
            page_controls=True,
        )
    return Incoming(
        platform=PLATFORM,
        user_ref=user,
        chat_ref=CHAT_REF,
        text=clean_line(line),
        display_name=user,
        page_controls=True,
    )


def _chosen(line: str, choices: list[Button]) -> Button | None:
    typed = _words(line)
    if not choices or not typed:
        return None
    if typed.isdigit():
        numbered = _numbered(choices)
        return numbered[int(typed) - 1] if 1 <= int(typed) <= len(numbered) else None
    choices = _numbered(choices) + [b for b in choices if b.action is Action.UNDO]
    labels = [_words(button.label) for button in choices]
    number, _, rest = typed.partition(" ")
    if number.isdigit() and 1 <= int(number) <= len(choices) and labels[int(number) - 1] == rest:
        return choices[int(number) - 1]  # "[2] Cancel", copied whole
    exact = [button for button, label in zip(choices, labels, strict=True) if label == typed]
    if len(exact) == 1:
        return exact[0]
    # "delete" for [Delete “milk”]: the label's first word, when only one button has it
    first = [
        button
        for button, label in zip(choices, labels, strict=True)
        if label.split(" ")[0] == typed
    ]
    return first[0] if len(first) == 1 else None


def _words(text: str) -> str:
    """Lower case, no quotes or brackets (nor a More button's arrows) or trailing
    punctuation, single spaces."""
    text = "".join(" " if char in _QUOTES or char in "[]()‹›" else char for char in text)
    return " ".join(text.casefold().strip(" .!").split())
