"""The builtin engine's reading of due dates, priorities and tags: pure, no database."""

from __future__ import annotations

import pytest

from core.agent.builtin.field_changes import read_field_change
from core.agent.builtin.intents import Add, EditFields, ListTasks, Ref, Update, WhenDue
from core.agent.builtin.parse import parse
from core.agent.builtin.timed import TitleFields, title_fields


@pytest.mark.parametrize(
    ("text", "title", "priority", "tags"),
    [
        ("pay rent due friday, high priority #home", "pay rent due friday", "high", ("home",)),
        ("buy milk #errands", "buy milk", None, ("errands",)),
        ("call mom, urgent", "call mom", "high", ()),
        ("urgent: call mom", "call mom", "high", ()),
        ("fix bike tags: home, diy", "fix bike", None, ("home", "diy")),
        ("book hotel tag it travel", "book hotel", None, ("travel",)),
        ("sort photos, low prio", "sort photos", "low", ()),
        ("important meeting prep", "important meeting prep", None, ()),  # part of the title
        ("Robert'); DROP TABLE task;--", "Robert'); DROP TABLE task;--", None, ()),
        ("call #1 fan", "call #1 fan", None, ()),  # "#1" is no tag
    ],
)
def test_title_fields(text: str, title: str, priority: str | None, tags: tuple) -> None:
    assert title_fields(text) == TitleFields(title, priority, tags)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("what's due today?", ListTasks("pending", due="today", sort_by="due")),
        ("anything overdue?", ListTasks("pending", due="overdue", sort_by="due")),
        ("is anything overdue", ListTasks("pending", due="overdue", sort_by="due")),
        ("what do I have tomorrow", ListTasks("pending", due="tomorrow", sort_by="due")),
        ("what's due this week?", ListTasks("pending", due="this_week", sort_by="due")),
        ("what's urgent?", ListTasks("pending", priority="high", sort_by="due")),
        ("show my #work tasks", ListTasks("pending", tag="work", sort_by="due")),
        ("tasks tagged errands", ListTasks("pending", tag="errands", sort_by="due")),
        ("what's due friday?", ListTasks("pending", due_phrase="friday", sort_by="due")),
        ("when is the dentist due?", WhenDue(Ref("title", text="the dentist"))),
        ("move the dentist to friday", EditFields(Ref("title", text="the dentist"),
                                                  due_phrase="friday")),
        ("push #3 to next week", EditFields(Ref("number", number=3), due_phrase="next week")),
        ("make it high priority", EditFields(Ref("pronoun"), priority="high")),
        ("set the priority of taxes to low", EditFields(Ref("title", text="taxes"),
                                                        priority="low")),
        ("remove the due date", EditFields(Ref("pronoun"), clear_due=True)),
        ("tag #2 with errands", EditFields(Ref("number", number=2), add_tags=("errands",))),
        ("untag it", EditFields(Ref("pronoun"), clear_tags=True)),
        ("what tasks are due today", ListTasks("pending", due="today", sort_by="due")),
        ("what's my agenda for today", ListTasks("pending", due="today", sort_by="due")),
        ("lower the priority of taxes", EditFields(Ref("title", text="taxes"), priority="low")),
        ("give task 1 a due date of friday", EditFields(Ref("number", number=1),
                                                        due_phrase="friday")),
        ("add finish slides due friday", Add("finish slides due friday")),
        ("add buy milk!!", Add("buy milk", priority="high")),
    ],
)  # fmt: skip
def test_questions_and_changes(text: str, intent: object) -> None:
    assert parse(text) == intent


@pytest.mark.parametrize(
    "text", ["move the couch to the garage", "I'm running late", "make dinner", "add plan monday"]
)
def test_not_about_time(text: str) -> None:
    assert not isinstance(parse(text), EditFields | WhenDue)
    found = parse(text)
    assert not (isinstance(found, ListTasks) and found.due)


_DENTIST = Ref("title", text="the dentist")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("set the date of the dentist to friday", EditFields(_DENTIST, due_phrase="friday")),
        ("change the dentist's time to 4pm", EditFields(_DENTIST, due_phrase="4pm")),
        ("change the time to 5pm", EditFields(Ref("pronoun"), due_phrase="5pm")),
        (
            "set the taxes' priority to high",
            EditFields(Ref("title", text="the taxes"), priority="high"),
        ),
        ("update the priority of #2 to low", EditFields(Ref("number", number=2), priority="low")),
        ("take the deadline off the dentist", EditFields(_DENTIST, clear_due=True)),
        ("clear the tags on task 2", EditFields(Ref("number", number=2), clear_tags=True)),
        (
            "the description of #3 is bring the receipts",
            Update(Ref("number", number=3), description="bring the receipts"),
        ),
        ("clear task 1's notes", Update(Ref("number", number=1), description="")),
        ("rename the title of 2 to call mum", Update(Ref("number", number=2), title="call mum")),
        ("change the title to 'urgent'", None),  # of which task: asked elsewhere
        ("set the priority of the dentist to friday", None),  # no level
    ],
)
def test_a_field_named_in_a_change(text: str, expected: EditFields | Update | None) -> None:
    """One reader for every field said by its name: the value read as that field reads it."""
    assert read_field_change(text) == expected
