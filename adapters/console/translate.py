"""Console translation, no I/O: a line in, an `Incoming` or a `Press` out; a `Reply` to text."""

from __future__ import annotations

from core.types import Button, Incoming, Press, Reply

PLATFORM = "console"
CHAT_REF = "terminal"


def render(reply: Reply) -> str:
    """The reply text, then its buttons as numbered choices."""
    lines = [reply.text]
    if reply.buttons:
        choices = "   ".join(
            f"[{index}] {button.label}" for index, button in enumerate(reply.buttons, 1)
        )
        lines.append(f"{choices}   (type the number)")
    return "\n".join(lines)


def to_event(line: str, *, user: str, choices: list[Button]) -> Incoming | Press:
    """A bare number picks one of the choices the last reply offered; anything else is a message."""
    stripped = line.strip()
    if choices and stripped.isdigit() and 1 <= int(stripped) <= len(choices):
        button = choices[int(stripped) - 1]
        return Press(platform=PLATFORM, user_ref=user, token=button.token, action=button.action)
    return Incoming(
        platform=PLATFORM, user_ref=user, chat_ref=CHAT_REF, text=line, display_name=user
    )
