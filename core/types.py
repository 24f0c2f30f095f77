"""The platform-neutral language adapters speak with the core.

An adapter turns a platform event into an `Incoming` (a message) or a `Press` (a button),
hands it to `ChatService`, and renders the `Reply` it gets back. Nothing here knows a platform.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any
from uuid import UUID

# An agent's note of what its reply left open (the question it asked, the task it named),
# stored among the turn's tool calls so that its next turn reads it back instead of re-reading
# its own words. No tool ran: what shows or counts a turn's calls leaves it out (`tools_run`).
AGENT_NOTE = "agent:note"


def tools_run(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A turn's calls without agents' notes."""
    return [call for call in calls if call.get("tool_name") != AGENT_NOTE]


class Action(StrEnum):
    CONFIRM = "confirm"
    CANCEL = "cancel"
    # Buttons on one task; their token is the task's id (hex), looked up in the presser's list.
    DONE = "done"
    DELETE = "delete"
    # The next page of a listing's Done buttons; the token is where the page starts.
    MORE = "more"
    # A reminder's buttons (core/reminders/buttons.py).
    REMINDER_DONE = "rdone"
    SNOOZE = "snooze"
    TOMORROW = "tomorrow"
    UNDO = "undo"  # takes back the changes of one turn (the token is the change log's)
    # An assignee's buttons on a team task they were given; the token is the task's id (hex).
    TEAM_DONE = "tdone"
    TEAM_OPEN = "topen"
    # Takes back one change to a team list for its maker (a team token, which names the list).
    TEAM_UNDO = "tundo"


# Buttons that act on a task or a listing rather than decide a confirmation.
TASK_ACTIONS = frozenset({Action.DONE, Action.DELETE, Action.MORE})


# Words that, first in a platform's command text (`/todo new`), name a core command rather than
# free text for the agent. Telegram delivers these as native commands (`/new`).
COMMAND_WORDS = frozenset(
    {"help", "start", "new", "add", "list", "done", "complete", "delete"}
    | {"link", "unlink", "accounts", "export", "forget", "timezone", "team"}
)

PAYLOAD_SEPARATOR = "|"
MAX_PAYLOAD_BYTES = 64


@dataclass(frozen=True)
class Button:
    """A choice under a reply. `payload` is what the platform echoes back on a press."""

    label: str
    action: Action
    token: str
    danger: bool = False

    @property
    def payload(self) -> str:
        return f"{self.action.value}{PAYLOAD_SEPARATOR}{self.token}"


def parse_payload(payload: str) -> tuple[Action, str] | None:
    """Read a button payload back; None when it is not one of ours."""
    if len(payload.encode()) > MAX_PAYLOAD_BYTES or PAYLOAD_SEPARATOR not in payload:
        return None
    action, _, token = payload.partition(PAYLOAD_SEPARATOR)
    try:
        return Action(action), token
    except ValueError:
        return None


@dataclass(frozen=True)
class Mention:
    """A person a message names, as the platform identified them: `text` as it stands in the
    message's text ("@bob"), their account id on the platform and their display name."""

    text: str
    ref: str
    name: str


@dataclass(frozen=True)
class Tell:
    """A message to someone other than the sender, sent with the reply (an assignee told of
    their task): their account on the platform, and the chat it concerns. `private` asks for
    their private chat (the chat, mentioning them, when the platform cannot write to them
    there); otherwise it is said in the chat, mentioning them."""

    platform: str
    tenant: str
    user_ref: str
    text: str
    chat_ref: str | None = None
    private: bool = True
    buttons: tuple[Button, ...] = ()
    place_name: str | None = None  # the chat's name as its platform said it ("Flatmates")

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Tell:
        buttons = tuple(
            Button(b["label"], Action(b["action"]), b["token"]) for b in record.pop("buttons", [])
        )
        return cls(**record, buttons=buttons)


@dataclass(frozen=True)
class Incoming:
    """One message from a person.

    `chat_ref` names the place the conversation lives (a DM, a channel, a Telegram chat);
    with `thread_ref` it picks the active conversation. `event_id` is the platform's delivery
    id: the same id twice is applied once. `command` is set when the platform delivered a
    command (Telegram `/done 2` -> command "done", text "2"); otherwise `text` is free text.
    """

    platform: str
    user_ref: str
    chat_ref: str
    text: str
    tenant: str = ""
    thread_ref: str | None = None
    event_id: str | None = None
    display_name: str | None = None
    is_group: bool = False
    command: str | None = None
    conversation_id: UUID | None = None
    # The person's IANA zone when the platform knows it (Slack's users.info); kept on the
    # user, so linked accounts share it.
    timezone: str | None = None
    # A zone the platform can only guess (the console's machine zone): kept on the user only
    # while they have none, so a zone they said stays theirs.
    guessed_timezone: str | None = None
    # Set when `event_id` is a client's idempotency key: what the request said. A retry
    # with the same key must say the same; its answer is kept for the retry (`Reply.replayed`).
    fingerprint: str | None = None
    # The place can show a Done button per listed task (a DM or a private chat, not a group).
    list_controls: bool = False
    # The place shows a long listing's More button alone (the console, whose buttons are
    # numbered choices: a Done button per task would crowd them).
    page_controls: bool = False
    # A reply marked private reaches this person alone here: a DM, or a channel where the
    # platform can show one person a message (and send a file to their DM instead). False
    # where everyone in the chat sees everything the bot says.
    private_replies: bool = True
    # The people the text names, as the platform identified them (Slack's `<@U…|name>`).
    mentions: tuple[Mention, ...] = ()
    # The sender's public handle on the platform (a Telegram @username), without the "@".
    username: str | None = None


@dataclass(frozen=True)
class Press:
    """A button press: who pressed, on which token, which action."""

    platform: str
    user_ref: str
    token: str
    action: Action
    tenant: str = ""
    event_id: str | None = None
    display_name: str | None = None
    fingerprint: str | None = None  # as for `Incoming`
    page_controls: bool = False  # as for `Incoming`: a pressed More offers More alone


@dataclass(frozen=True)
class Attachment:
    """A file to hand the person (an export): uploaded where the platform allows."""

    filename: str
    content: bytes
    mime_type: str = "application/json"


@dataclass(frozen=True)
class DateMention:
    """A due date as the reply's text shows it (in the person's zone), so a platform that can
    show each reader their own local time (Slack's date tokens) can swap it in."""

    text: str
    at: datetime
    has_time: bool


@dataclass
class Reply:
    """What the person should see.

    For a press, `ephemeral` means: show this to the presser only and leave the original
    message as it is (a stranger's press, a token already used). Otherwise the adapter
    replaces the original message with `text` and removes its buttons.
    For a message, `private` means only this person may see it (Slack: ephemeral), and
    `attachment` is a file to upload beside the text.
    """

    text: str
    buttons: list[Button] = field(default_factory=list)
    ephemeral: bool = False
    private: bool = False
    attachment: Attachment | None = None
    conversation_id: UUID | None = None
    message_id: UUID | None = None
    created_at: datetime | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    rate_limited: bool = False
    # The turn could not be carried out (the agent failed): it was answered with an apology.
    failed: bool = False
    # What the conversation keeps instead of `text` when `text` holds a secret (a link code).
    history_text: str | None = None
    # For a press: how it was decided (confirmed, cancelled, not_found, not_yours, expired,
    # already_decided), so an API can answer with a fitting status.
    outcome: str | None = None
    # Due dates the text shows (see DateMention); the text alone reads right everywhere.
    dates: list[DateMention] = field(default_factory=list)
    # Read back from a kept record: the answer of an earlier attempt, not a new turn.
    replayed: bool = False
    # The person's own message holds a secret (a link code typed in a group): remove it where
    # the platform lets the bot (Telegram, with the right to delete messages).
    withdraw: bool = False
    # A typed answer decided a confirmation: the message that carried its buttons is out of
    # date, and the adapter may edit it to `text`. Where that message is, as the adapter said
    # when it sent it (`remember_message`).
    decided_message_ref: str | None = None
    # Messages to other people that go with this one (an assignee told of their task).
    tells: list[Tell] = field(default_factory=list)

    def confirmation_token(self) -> str | None:
        """The token of the confirmation this reply's buttons decide, if it asks one."""
        return next((b.token for b in self.buttons if b.action is Action.CONFIRM), None)

    def to_record(self) -> dict[str, Any] | None:
        """What can be sent again later: None when the reply holds a secret or a file."""
        if self.history_text is not None or self.attachment is not None:
            return None
        return self.to_redacted_record()

    def to_redacted_record(self) -> dict[str, Any]:
        """The reply as it may be stored whatever it holds: a secret as the history shows
        it (`history_text`), and without its file."""
        return {
            "text": self.history_text if self.history_text is not None else self.text,
            "private": self.private,
            "buttons": [
                {"label": b.label, "action": b.action.value, "token": b.token, "danger": b.danger}
                for b in self.buttons
            ],
            "conversation_id": str(self.conversation_id) if self.conversation_id else None,
            "message_id": str(self.message_id) if self.message_id else None,
            "created_at": self.created_at.isoformat() if self.created_at else None,
            "tool_calls": self.tool_calls,
            "outcome": self.outcome,
            "tells": [asdict(tell) for tell in self.tells],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Reply:
        buttons = [
            Button(b["label"], Action(b["action"]), b["token"], bool(b.get("danger")))
            for b in record.get("buttons", [])
        ]
        conversation_id, message_id = record.get("conversation_id"), record.get("message_id")
        created_at = record.get("created_at")
        return cls(
            text=record["text"],
            buttons=buttons,
            private=bool(record.get("private")),
            conversation_id=UUID(conversation_id) if conversation_id else None,
            message_id=UUID(message_id) if message_id else None,
            created_at=datetime.fromisoformat(created_at) if created_at else None,
            tool_calls=list(record.get("tool_calls") or []),
            outcome=record.get("outcome"),
            replayed=True,
            tells=[Tell.from_record(dict(tell)) for tell in record.get("tells") or []],
        )


@dataclass(frozen=True, slots=True)
class HistoryMessage:
    """A line of the history window as an agent reads it: who said what, and the tool calls
    an answer made. Only these columns are read: a window is up to 50 rows a turn, and the ids
    and times a whole message row carries cost more to decode than the text."""

    role: str
    content: str
    tool_calls: list[dict[str, Any]]
