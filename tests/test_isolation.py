"""User B can neither see nor touch user A's tasks, by number, title or uuid."""

from __future__ import annotations

import pytest

from tests.harness import ChatDriver, ScriptedAgent


@pytest.fixture
async def alice_has_tasks(chat: ChatDriver) -> ChatDriver:
    await chat.say("add pay rent")
    await chat.say("add secret plan")
    return chat


async def test_listing_shows_only_own_tasks(alice_has_tasks: ChatDriver) -> None:
    bob = alice_has_tasks.as_user("bob")
    listing = await bob.say("list all")
    assert "rent" not in listing and "secret" not in listing
    assert listing == "Your list is empty. Tell me something to add."


@pytest.mark.parametrize("tool", ["complete_task", "delete_task", "update_task"])
@pytest.mark.parametrize("reference", ["number", "title", "uuid"])
async def test_bob_cannot_reach_alices_task(
    alice_has_tasks: ChatDriver, agent: ScriptedAgent, tool: str, reference: str
) -> None:
    alice = alice_has_tasks
    target = (await alice.tasks())[1]
    ref = {"number": "2", "title": "secret plan", "uuid": str(target.id)}[reference]
    arguments: dict[str, str] = {"task_identifier": ref}
    if tool == "update_task":
        arguments["new_title"] = "hacked"
    bob = alice.as_user("bob")
    agent.queue((tool, arguments))
    reply = await bob.push("do it")

    assert reply is not None and reply.buttons == []
    assert reply.tool_calls[0]["result"]["error"] == "NOT_FOUND"
    leaked = reply.text.replace(ref, "")
    assert "secret" not in leaked and "rent" not in leaked
    assert [(t.title, t.completed) for t in await alice.tasks()] == [
        ("pay rent", False),
        ("secret plan", False),
    ]


async def test_bob_cannot_press_alices_confirm(alice_has_tasks: ChatDriver) -> None:
    alice = alice_has_tasks
    asked = await alice.push("delete 2")
    assert asked is not None and asked.buttons
    bob = alice.as_user("bob")
    refused = await bob.press("confirm", reply=asked)
    assert refused is not None and refused.ephemeral
    assert "only the person who asked" in refused.text.lower()
    assert await alice.titles() == ["pay rent", "secret plan"]
    # The owner's button still works afterwards.
    confirmed = await alice.press("confirm", reply=asked)
    assert confirmed is not None and confirmed.text == "Deleted #2 “secret plan”."
    assert await alice.titles() == ["pay rent"]


async def test_numbers_are_per_user(alice_has_tasks: ChatDriver) -> None:
    bob = alice_has_tasks.as_user("bob")
    assert await bob.say("add walk the dog") == "Added #1 “walk the dog”."
    assert [t.number for t in await alice_has_tasks.tasks()] == [1, 2]


async def test_same_external_id_on_another_platform_is_another_person(
    alice_has_tasks: ChatDriver,
) -> None:
    stranger = alice_has_tasks.as_user("alice", platform="telegram")
    assert await stranger.say("list all") == "Your list is empty. Tell me something to add."
