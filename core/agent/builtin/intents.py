"""What the parser reads out of one message: plain data (the questions that only read are
`asked.py`'s, named here too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.agent.builtin.asked import AddedWhen as AddedWhen
from core.agent.builtin.asked import Count as Count
from core.agent.builtin.asked import NextDue as NextDue
from core.agent.builtin.asked import Search as Search
from core.agent.builtin.asked import Status as Status

Family = Literal["add", "complete", "delete", "update", "list"]


@dataclass(frozen=True)
class Ref:
    """How a person points at a task. kind: `number` ("task 2", "#2"), `title` (a title or
    part of it), `pronoun` ("it", "that one": the task the conversation is about), `ordinal`
    ("the second one": a position in the list the person last saw; -1 is the last)."""

    kind: Literal["number", "title", "pronoun", "ordinal"]
    number: int | None = None
    text: str = ""
    position: int | None = None
    quoted: bool = False


@dataclass(frozen=True)
class Add:
    title: str
    description: str = ""
    again: bool = False  # the person said yes to adding a second task of the same title
    agreed: bool = False  # the person said yes to this very title, when it was asked about
    priority: str | None = None  # said apart from the title ("!!" after it)
    # Words said apart from the title that set its due, priority and tags ("'x' tomorrow,
    # #work"; a list's "tasks for friday:"); a due in the title's own words wins.
    fields: str = ""
    about: bool = False  # "remind me about the report": the words may name a task already kept


@dataclass(frozen=True)
class AskSplit:
    """ "add milk and bread", "add bananas, oat milk, rice": one task or several? Asked, not
    guessed."""

    whole: str
    parts: tuple[str, ...]


@dataclass(frozen=True)
class AddSeveral:
    """Several tasks in one message ("two" to AskSplit, a list): each part its own task."""

    titles: tuple[str, ...]
    fields: str = ""  # said once for them all ("tasks for friday: …"), as `Add.fields`


@dataclass(frozen=True)
class AskTitle:
    """An add without a title ("add task")."""


@dataclass(frozen=True)
class ListTasks:
    status: Status = "all"
    due: str | None = None  # a list_tasks window: overdue, today, tomorrow, this_week, ...
    due_phrase: str | None = None  # "due friday?": that day, resolved when the engine acts
    priority: str | None = None
    tag: str | None = None
    sort_by: Literal["number", "due", "priority", "created"] = "number"
    # "show my errands that aren't done": a word that is the tag when the person has one so
    # named, and nothing otherwise (the engine looks).
    tag_word: str | None = None


@dataclass(frozen=True)
class WhenDue:
    """ "when is the dentist due?" """

    ref: Ref


@dataclass(frozen=True)
class EditFields:
    """A change to a task's due date, priority or tags ("move the dentist to friday")."""

    ref: Ref
    due_phrase: str | None = None  # resolved against the turn's now and zone when acting
    shift: tuple[float, str] | None = None  # "push it back 2 days": (2, "days"); earlier < 0
    clear_due: bool = False
    day_only: bool = False  # "can't do it today, move it to tomorrow": no old time kept
    priority: str | None = None
    add_tags: tuple[str, ...] = ()
    remove_tags: tuple[str, ...] = ()
    clear_tags: bool = False
    # Read from words that may also be a new task ("make pancakes 8am tomorrow"): offered as
    # one when no task is named so.
    tentative: str | None = None


@dataclass(frozen=True)
class AboutTask:
    """ "is the milk one done?", "what's task 3?", "what's my next task?": one task's state."""

    ref: Ref | None  # None: the next task, the first still open
    asks_done: bool = False


@dataclass(frozen=True)
class Complete:
    ref: Ref
    loose: bool = False  # read from a past-tense sentence ("I called mom"): act only on a match
    told: bool = False  # "..., tick it off": the person asked for it, so the best match will do


@dataclass(frozen=True)
class Delete:
    ref: Ref


@dataclass(frozen=True)
class Update:
    ref: Ref
    title: str | None = None
    description: str | None = None
    # Other ways to split an unquoted "change A to B to C": (ref, title) pairs, tried in order.
    alternatives: tuple[tuple[Ref, str], ...] = ()


@dataclass(frozen=True)
class Undone:
    """ "sorry, I meant task 2" after a rename: put the wrong task's title back, then redo."""

    undo: Update
    redo: Update


@dataclass(frozen=True)
class Redirected:
    """ "sorry, not that one, #2" right after a completion: the last change taken back, then
    the same done to the task meant (None: "wait, not that one" names none, so ask which)."""

    redo: Complete | None


@dataclass(frozen=True)
class AskWhich:
    """A verb without a task ("done", "delete it" with nothing to point at)."""

    family: Family


@dataclass(frozen=True)
class Batch:
    """Several tasks at once ("delete all", "delete 1 and 2"): refused, nothing changes."""

    family: Family


@dataclass(frozen=True)
class TwoIntents:
    """ "add milk and complete the list": an add whose title may run on into a second
    request, so which is meant is asked; nothing changes."""

    first: str
    second: str


@dataclass(frozen=True)
class Several:
    """Several requests in one message ("done 1 and 3", "add eggs, then mark 2 done"): each
    carried out in turn, and each answered, so a part not done is said plainly."""

    parts: tuple[Intent, ...]


@dataclass(frozen=True)
class Undo:
    """ "undo", "oops", "take that back": the person's last change. `redo` asks to undo an
    undo, which the engine answers without changing anything; `steps` changes are taken back
    ("undo my last 2 changes")."""

    redo: bool = False
    steps: int = 1


@dataclass(frozen=True)
class Reopen:
    """ "reopen #3", "mark buy milk as not done", "I didn't finish it after all"."""

    ref: Ref


@dataclass(frozen=True)
class ShowTrash:
    """ "show my deleted tasks", "what's in the trash?"."""


@dataclass(frozen=True)
class Restore:
    """ "restore buy milk": a task out of the trash; `latest`: the one deleted last."""

    ref: Ref
    latest: bool = False


@dataclass(frozen=True)
class EmptyTrash:
    """ "empty the trash": erased for good, after a Confirm."""


@dataclass(frozen=True)
class Injection:
    """An attempt to change the rules ("ignore all previous instructions")."""


@dataclass(frozen=True)
class Chitchat:
    kind: Literal["help", "greeting", "thanks", "never_mind", "yes", "no"]


@dataclass(frozen=True)
class NotEnglish:
    """A message in another language: the offline engine reads English only, and says so."""


@dataclass(frozen=True)
class BareRef:
    """Only a task reference ("the milk one", "2"): meaningful after a question."""

    ref: Ref


@dataclass(frozen=True)
class Skipped:
    """A part of a message beside what was done, not understood: said back as not done."""

    text: str


@dataclass(frozen=True)
class Unknown:
    """Nothing recognisable. `maybe_task` is set when the text could be a task to add."""

    text: str
    maybe_task: str | None = None


Intent = (
    Add
    | AskSplit
    | AddSeveral
    | AskTitle
    | ListTasks
    | WhenDue
    | EditFields
    | NextDue
    | Search
    | AboutTask
    | Count
    | Complete
    | Delete
    | Update
    | Undone
    | Redirected
    | AskWhich
    | Batch
    | TwoIntents
    | Several
    | Undo
    | Reopen
    | ShowTrash
    | Restore
    | EmptyTrash
    | Injection
    | Chitchat
    | AddedWhen
    | NotEnglish
    | BareRef
    | Skipped
    | Unknown
)

# The intents that point at one task, by a `ref`.
_REFERRING = (WhenDue, EditFields, AboutTask, Complete, Delete, Update, Reopen, Restore, BareRef)


def ref_of(intent: Intent) -> Ref | None:
    """The task an intent points at, when it points at one."""
    return intent.ref if isinstance(intent, _REFERRING) else None
