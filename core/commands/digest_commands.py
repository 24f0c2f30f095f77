"""“send me my list every morning at 8” and “stop the daily list”: recognised before any
model runs (like the account phrases), so both backends do the same."""

from __future__ import annotations

import re
from datetime import time

from core.commands.extensions import CommandCall, CommandHost
from core.reminders import book
from core.reminders.digest import set_digest, stop_digest
from core.reminders.notice import when

DEFAULT_TIME = time(8, 0)
START = re.compile(
    r"^(?:please\s+|can you\s+|could you\s+)?"
    r"(?:(?:send|give|show|message)\s+me\s+(?:my|the)\s+(?:to-?do\s+)?(?:list|tasks)"
    r"\s+(?:every|each)\s+(?:day|morning)|(?:start|turn on|set up)\s+(?:the\s+|a\s+|my\s+)?"
    r"daily\s+(?:list|digest|summary))(?P<rest>.*?)[.!]?$",
    re.I,
)
_DAILY = r"(?:daily|morning|everyday|every\s+morning|day'?s)"
_LIST = r"(?:list|digest|summary|email|message|rundown|round-?up)"
_POLITE = r"(?:\s*,?\s+(?:please|pls|plz|thanks|thank\s+you|thx|ty|anymore|any\s+more))*"
# Words before the request that change nothing ("actually, stop the daily list").
_LEAD = r"(?:(?:actually|ok|okay|oh|right|hey|also|and|so|um|hmm|yeah|no|now|ah)\s*[,.!]?\s+)*"
STOP = re.compile(
    rf"^{_LEAD}(?:please\s+|pls\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)?"
    r"(?:stop|cancel|end|turn\s+off|switch\s+off|disable|pause|kill|no\s+more|"
    r"unsubscribe(?:\s+me)?\s+from|(?:don'?t|do\s+not)\s+send(?:\s+me)?)\s+"
    r"(?:sending\s+(?:me\s+)?)?"
    rf"(?:(?:the\s+|my\s+|that\s+|this\s+)?{_DAILY}\s+(?:to-?do\s+)?{_LIST}"
    r"|(?<=sending\s)(?:me\s+)?(?:the\s+|my\s+)(?:to-?do\s+)?list"
    r"|(?<=me\s)(?:the\s+|my\s+)(?:to-?do\s+)?list"
    r"|my\s+(?:to-?do\s+)?list)"
    r"(?:\s+(?:every|each)\s+(?:day|morning))?"
    rf"{_POLITE}[.!]*$",
    re.I,
)
CLOCK = re.compile(
    r"\bat\s+(?P<hour>\d{1,2})(?::(?P<minute>[0-5]\d))?\s*(?P<half>a\.?m\.?|p\.?m\.?)?", re.I
)


def recognise(text: str) -> tuple[str, str] | None:
    said = " ".join(text.split()).rstrip(" 🙏👍")
    if STOP.match(said):
        return ("daily_list", "stop")
    found = START.match(said)
    if found:
        return ("daily_list", found.group("rest").strip())
    return None


def clock(words: str) -> time | None:
    """ "at 8", "at 7:30am", "at 18:00"; None when no time was said, ValueError when nonsense."""
    found = CLOCK.search(words)
    if found is None:
        return None
    hour, minute = int(found.group("hour")), int(found.group("minute") or 0)
    half = (found.group("half") or "").lower().replace(".", "")
    if half == "pm" and hour < 12:
        hour += 12
    if half == "am" and hour == 12:
        hour = 0
    return time(hour, minute)


async def daily_list(call: CommandCall) -> str:
    tools = call.tools
    if call.args == "stop":
        stopped = await stop_digest(tools.session, user_id=tools.user_id)
        return "Okay, no more daily list." if stopped else "You had no daily list to stop."
    try:
        at = clock(call.args) or DEFAULT_TIME
    except ValueError:
        return "I couldn't read that time. Try “send me my list every morning at 8”."
    where = await book.where_for(
        tools.session, user_id=tools.user_id, conversation_id=tools.conversation_id
    )
    reminder = await set_digest(
        tools.session,
        user_id=tools.user_id,
        daily_at=at,
        where=where,
        now=tools.now,
        zone=tools.zone,
    )
    first = when(reminder.fire_at, tools.zone, tools.now)
    return (
        f"Okay: every day at {at:%H:%M} I'll send you what's overdue, due today and your top "
        f"priorities, starting {first}. Say “stop the daily list” to end it."
    )


def install(chat: CommandHost) -> None:
    chat.commands["daily_list"] = daily_list
    if recognise not in chat.text_routers:
        chat.text_routers.append(recognise)
