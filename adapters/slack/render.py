"""Core replies out as Slack Block Kit: pure functions, no I/O.

The whole reply text is escaped (`&`, `<`, `>`): the core writes plain text that carries task
titles people typed, and a title like `<!channel>` must never ping anyone. Text beyond Slack's
limits (3,000 characters a section, 50 blocks a message) is cut with a note saying so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, time
from typing import Any

from adapters.slack.translate import ACTION_PREFIX
from core.types import Action, Button, DateMention, Reply

SECTION_LIMIT = 3000
MESSAGE_BLOCK_LIMIT = 50
NOTIFICATION_LIMIT = 3000
BUTTON_LABEL_LIMIT = 75
TRUNCATED = "… (that's all that fits in one Slack message)"

Block = dict[str, Any]


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escaped_chunks(text: str, limit: int) -> list[str]:
    """Escaped pieces of at most `limit` characters, cut at line ends where possible and never
    inside an escape sequence."""
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        escaped = escape(line)
        candidate = f"{current}\n{escaped}" if current else escaped
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            chunks.append(current)
            current = ""
        piece = ""
        for char in line:
            escaped_char = escape(char)
            if len(piece) + len(escaped_char) > limit:
                chunks.append(piece)
                piece = ""
            piece += escaped_char
        current = piece
    if current or not chunks:
        chunks.append(current)
    return chunks


def section(mrkdwn: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn", "text": mrkdwn or " "}}


def button_element(button: Button, repeat: int = 0) -> Block:
    """`repeat`: how many buttons of the same action come before it in its block; Slack
    refuses a block where two elements share an `action_id`, so the second and later carry
    their place (what a press does is read from the value, never from the id)."""
    label = button.label
    if len(label) > BUTTON_LABEL_LIMIT:
        label = label[: BUTTON_LABEL_LIMIT - 1] + "…"
    action_id = f"{ACTION_PREFIX}{button.action.value}" + (f"_{repeat + 1}" if repeat else "")
    element: Block = {
        "type": "button",
        "text": {"type": "plain_text", "text": label, "emoji": True},
        "action_id": action_id,
        "value": button.payload,
    }
    if button.danger or button.action is Action.CONFIRM:
        element["style"] = "danger"
    return element


def button_elements(buttons: Sequence[Button]) -> list[Block]:
    """One block's buttons, each with an `action_id` of its own."""
    seen: Counter[Action] = Counter()
    elements = []
    for button in buttons:
        elements.append(button_element(button, seen[button.action]))
        seen[button.action] += 1
    return elements


def text_blocks(text: str, *, room: int) -> list[Block]:
    """Sections for `text` in at most `room` blocks; the last one says when text was cut."""
    chunks = _escaped_chunks(text, SECTION_LIMIT)
    if len(chunks) > room:
        chunks = chunks[:room]
        last = chunks[-1]
        keep = SECTION_LIMIT - len(TRUNCATED) - 1
        chunks[-1] = (last if len(last) <= keep else _cut(last, keep)) + "\n" + TRUNCATED
    return [section(chunk) for chunk in chunks]


def _cut(escaped: str, limit: int) -> str:
    """Cut escaped text to `limit` without leaving half an `&amp;`."""
    cut = escaped[:limit]
    amp = cut.rfind("&")
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    return cut


def notification_text(text: str) -> str:
    """The plain `text` beside blocks (notifications, screen readers), well under Slack's 40k."""
    return _cut(escape(text), NOTIFICATION_LIMIT)


def date_token(mention: DateMention) -> str:
    """Slack's date formatting: each reader sees the date (and time) in their own zone, and
    the fallback (the person's own zone) where a client cannot. A day without a time is
    pinned to noon UTC of that date, which is that same date for nearly every reader."""
    if mention.has_time:
        epoch = int(mention.at.timestamp())
        return f"<!date^{epoch}^{{date_short_pretty}} {{time}}|{mention.text}>"
    day = datetime.combine(mention.at.astimezone(UTC).date(), time(12, 0), tzinfo=UTC)
    return f"<!date^{int(day.timestamp())}^{{date_short_pretty}}|{mention.text}>"


def with_date_tokens(mrkdwn: str, dates: list[DateMention]) -> str:
    """Due dates shown after "due " or "to " become date tokens."""
    if not dates:
        return mrkdwn
    by_text = {mention.text: mention for mention in dates}
    shown = "|".join(re.escape(text) for text in sorted(by_text, key=len, reverse=True))
    pattern = re.compile(rf"(?:(?<=due )|(?<=to ))(?:{shown})(?![\w:])")
    return pattern.sub(lambda match: date_token(by_text[match.group(0)]), mrkdwn)


def message_blocks(reply: Reply) -> list[Block]:
    actions = reply.buttons
    room = MESSAGE_BLOCK_LIMIT - (1 if actions else 0)
    blocks = text_blocks(reply.text, room=room)
    for block in blocks:
        localised = with_date_tokens(block["text"]["text"], reply.dates)
        if len(localised) <= SECTION_LIMIT:
            block["text"]["text"] = localised
    if actions:
        blocks.append({"type": "actions", "elements": button_elements(actions)})
    return blocks


def message(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for chat.postMessage / chat.postEphemeral / chat.update / respond."""
    return {"text": notification_text(reply.text), "blocks": message_blocks(reply)}


def outcome(text: str) -> dict[str, Any]:
    """A decided confirmation: the outcome in place of the question, no buttons left."""
    return message(Reply(text=text))
