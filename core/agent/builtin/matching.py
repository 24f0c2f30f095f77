"""A title the tools did not find as said: word stems, a typo, the most words shared, or the
object alone ("got the milk" for "buy milk"). A done that shares only some words with one task,
or names only its object with another verb, is asked about; a delete waits for its button."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Protocol

from rapidfuzz import fuzz, process, utils

from core.agent.builtin import phrases
from core.agent.builtin.dates import shape_of
from core.agent.builtin.guesses import ASKED_AT_MOST, did_you_mean
from core.agent.builtin.intents import Complete, Delete, Family, Intent, Ref, Several, Update
from core.agent.builtin.lexicon.verbs import DONE_HOW, PLAIN_DOING
from core.agent.builtin.notes import Awaiting, Note
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.refs import (
    Known,
    fuzzy_matches,
    listed_titles,
    loose_matches,
    most_overlap,
    title_matches,
)
from core.agent.builtin.replies import failure, knowns
from core.agent.builtin.text import content_words, stem
from core.domain.task_titles import NARROW_ABOVE
from core.tools import Envelope, ToolContext, ToolName
from core.tools.asking import Choice

TOOL_OF: dict[Family, ToolName] = {
    "complete": "complete_task",
    "delete": "delete_task",
    "update": "update_task",
}
Change = Complete | Delete | Update
NEAREST = 50  # titles, at most, the rules look among on a long list
WORDS = 8  # of a name, at most, to find titles like one of them


class Acting(Protocol):
    """What matching needs of the turn: its tools and note, and its ways to act and to ask."""

    tools: ToolContext
    note: Note

    async def call(self, name: ToolName, **arguments: Any) -> Envelope: ...

    async def run(self, intent: Intent) -> str: ...

    async def confirm_complete(self, task: Known) -> str: ...

    async def ask(self, question: str, choices: list[Choice]) -> str: ...


def changes(intent: Change) -> dict[str, Any]:
    if not isinstance(intent, Update):
        return {}
    return {"new_title": intent.title, "new_description": intent.description}


def said(family: Family, result: Envelope) -> str:
    if not result.ok:
        return failure(result)
    if family == "complete" and not result.data.get("already_completed"):
        return result.message + " Nice work!"
    return result.message


def _open_first(family: Family, found: list[Known]) -> list[Known]:
    if family == "complete" and len(found) > 1:
        return [task for task in found if not task.completed] or found
    return found


async def loosely(turn: Acting, intent: Change, family: Family, missed: Envelope) -> str:
    """The tools match titles literally; try word stems ("calling mom" -> "call mom").
    Only the titles are read (the open ones, to complete), past the audit."""
    text = intent.ref.text
    found, narrowed = await turn.tools.titles(
        open_only=family == "complete", text=text, words=_words(text)
    )
    every = [Known(row.number, row.title, row.completed) for row in found]
    tasks = _nearest(every, text, narrowed=narrowed)
    if isinstance(intent, Complete) and (parts := listed_titles(tasks, intent.ref.text)):
        each = (replace(intent, ref=Ref("title", text=part)) for part in parts)
        return await turn.run(Several(tuple(each)))  # "done with the laundry and the dishes"
    matches = loose_matches(tasks, intent.ref.text)
    if not matches and isinstance(intent, Complete):
        matches = loose_matches(tasks, without_when(intent.ref.text))  # "… before the deadline"
    matches = _open_first(family, matches)
    if isinstance(intent, Update) and intent.title and matches:
        return await ask_about(turn, intent, family, matches)  # a new title for words not said
    if (acted := await act_or_ask(turn, intent, family, matches)) is not None:
        return acted
    if (guessed := await _guessed(turn, intent, family, tasks)) is not None:
        return guessed
    if isinstance(intent, Complete) and intent.loose:
        return await _without_the_verb(turn, intent, every)
    if family in ("complete", "delete") and missed.error == "NOT_FOUND":
        turn.note.ask(Awaiting("which", family=family))  # the answer names the task
        return f"{missed.message} {phrases.ASK_WHICH[family]}"
    return failure(missed)


_TOLD_HOW = re.compile(rf"(?:\s+{alt(DONE_HOW)})+$", NOCASE)


def without_when(text: str) -> str:
    """A done's words without when or how it was done ("the report on monday", "the slides
    before the deadline"): what the task is still to be found by."""
    text = _TOLD_HOW.sub("", text)
    reading = shape_of(text)
    if reading is not None and text.casefold().endswith(reading.phrase.casefold()):
        return reading.rest
    return text


def _words(text: str) -> list[str]:
    """The words of a name a title may hold as written or by stem (three letters or more:
    the database compares their trigrams)."""
    found = dict.fromkeys(
        form for word in content_words(text) for form in (word, stem(word)) if len(form) >= 3
    )
    return list(found)[:WORDS]


def _nearest(tasks: list[Known], text: str, *, narrowed: bool) -> list[Known]:
    """`tasks` (in their order) whose titles are nearest `text`, at most `NEAREST` of them
    when the list is long (`narrowed` from a longer one, or longer than `NARROW_ABOVE`): the
    loose, mistyped and overlapping matches look among these, at a cost that does not grow."""
    if not narrowed and len(tasks) <= NARROW_ABOVE:
        return tasks
    titles = [task.title for task in tasks]
    found = process.extract(
        text, titles, scorer=fuzz.token_set_ratio, processor=utils.default_process, limit=NEAREST
    )
    return [tasks[index] for index in sorted(index for _, _, index in found)]


async def _guessed(turn: Acting, intent: Change, family: Family, tasks: list[Known]) -> str | None:
    """A typo in a title the person named ("complete buy mlik"; never in a report like "I
    called mom", which acts only on the words as said), or the task sharing most words (a
    done not said outright only asks about it). A typo is only asked about, even when the
    done was said outright."""
    explicit = isinstance(intent, Complete) and (intent.told or not intent.loose)
    if not (explicit or isinstance(intent, Delete | Update)):
        return None
    typed = _open_first(family, fuzzy_matches(tasks, intent.ref.text))
    if typed:
        return await ask_about(turn, intent, family, typed)
    if not (explicit or isinstance(intent, Delete)):
        return None
    candidates = [task for task in tasks if not task.completed or family != "complete"]
    overlapping = most_overlap(candidates, intent.ref.text)
    if isinstance(intent, Complete) and not intent.told and len(overlapping) == 1:
        return await turn.confirm_complete(overlapping[0])
    # a delete waits for its button, which names the task
    return await act_or_ask(turn, intent, family, overlapping)


async def ask_about(turn: Acting, intent: Change, family: Family, found: list[Known]) -> str:
    """Ask with a button per task; a typed answer ("the first one", "#1") picks among them."""
    turn.note.offer(family, found[:ASKED_AT_MOST])
    question = phrases.DID_YOU_MEAN[family]
    return await did_you_mean(turn.ask, found, question, TOOL_OF[family], changes(intent))


async def _without_the_verb(turn: Acting, intent: Complete, tasks: list[Known]) -> str:
    """ "got the milk" for "buy milk": match the object alone. A plain verb acts on a
    single match; any other verb only asks, since "called mom" is not "email mom"."""
    verb, _, rest = intent.ref.text.partition(" ")
    pending = [task for task in tasks if not task.completed]
    matches = loose_matches(pending, rest) if rest else []
    if len(matches) == 1 and stem(verb) not in {stem(plain) for plain in PLAIN_DOING}:
        return await turn.confirm_complete(matches[0])
    if (acted := await act_or_ask(turn, intent, "complete", matches)) is not None:
        return acted
    if (done := await _done_already(turn, intent.ref.text, rest)) is not None:
        return done
    turn.note.ask(Awaiting("which", family="complete"))
    return phrases.LOOSE_MISS


async def _done_already(turn: Acting, text: str, rest: str) -> str | None:
    """ "renewed my passport" when "renew passport" is already done: the one done task the
    report names (`text`, or `rest` without its verb), said so; nothing changes."""
    found, _ = await turn.tools.titles(open_only=False, text=text, words=_words(text))
    done = [Known(row.number, row.title, True) for row in found if row.completed]
    matches = loose_matches(done, text) or (loose_matches(done, rest) if rest else [])
    if len(matches) != 1:
        return None
    return said(
        "complete", await turn.call("complete_task", task_identifier=f"#{matches[0].number}")
    )


async def act_or_ask(
    turn: Acting, intent: Change, family: Family, found: list[Known]
) -> str | None:
    """One task found: act on it. Several: ask which (naming the first ten). None: None."""
    if len(found) == 1:
        result = await turn.call(
            TOOL_OF[family], task_identifier=f"#{found[0].number}", **changes(intent)
        )
        return said(family, result)
    if found:
        return turn.note.which_of(family, found)
    return None


async def choose_split(turn: Acting, intent: Update) -> Update:
    """`rename go to gym to go to the gym`: take the split whose task exists; when several
    name one only loosely, ask for the new title."""
    tasks = knowns(await turn.call("list_tasks", status="all"))
    options = [(intent.ref, intent.title or ""), *intent.alternatives]
    titles = {task.title.casefold() for task in tasks}
    exact = [(ref, title) for ref, title in options if ref.text.casefold() in titles]
    partial = [(ref, title) for ref, title in options if title_matches(tasks, ref.text)]
    partial.sort(key=lambda option: -len(option[0].text))
    if not exact and len(partial) > 1:
        return Update(partial[0][0])  # several splits name a task: ask for the new title
    for ref, title in exact or partial:
        if ref.kind == "title":
            return Update(ref, title=title, description=intent.description)
    return intent
