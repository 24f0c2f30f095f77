"""People with accounts on several platforms, talking to one ChatService with account commands."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from sqlalchemy import func
from sqlmodel import SQLModel, col, select

from core.chat import ChatService
from core.commands.account_commands import install
from core.storage import audit as audit_log
from core.storage.db import Database
from core.storage.models import Conversation, Identity, Message, Task
from core.types import Reply
from tests.harness import ChatDriver, ScriptedAgent, build_chat

CODE = re.compile(r"Your link code is ([A-Z2-9]{4}-[A-Z2-9]{4})\.")


def account_service(database: Database, agent: ScriptedAgent | None = None) -> ChatService:
    service = build_chat(database, agent or ScriptedAgent())
    install(service)
    return service


@dataclass
class Account:
    """One platform account of a person: `await alice_slack.say("add milk")`."""

    driver: ChatDriver
    name: str

    @classmethod
    def on(cls, service: ChatService, database: Database, platform: str, ref: str, name: str):
        driver = ChatDriver(service, database, user=ref, platform=platform, chat_ref=f"{ref}-dm")
        return cls(driver, name)

    async def push(self, text: str, **fields: Any) -> Reply:
        reply = await self.driver.push(text, display_name=self.name, **fields)
        assert reply is not None
        return reply

    async def say(self, text: str, **fields: Any) -> str:
        return (await self.push(text, **fields)).text

    async def command(self, name: str, args: str = "", **fields: Any) -> Reply:
        """A native platform command: Telegram `/link CODE`, Slack `/todo link CODE`."""
        return await self.push(args, command=name, **fields)

    async def code(self) -> str:
        reply = await self.command("link")
        found = CODE.search(reply.text)
        assert found is not None, reply.text
        assert reply.private
        return found.group(1)

    async def user_id(self) -> UUID:
        return await self.driver.user_id()

    async def titles(self) -> list[str]:
        return await self.driver.titles()

    async def numbered(self) -> list[tuple[int, str]]:
        return [(task.number, task.title) for task in await self.driver.tasks()]


async def rows_of(database: Database, user_id: UUID) -> dict[str, int]:
    """How many rows each table holds for a user (every table with a user_id column)."""
    counts = {}
    async with database.session() as session:
        for table in SQLModel.metadata.sorted_tables:
            if "user_id" in table.c:
                result = await session.exec(
                    select(func.count()).select_from(table).where(table.c.user_id == user_id)
                )
                counts[table.name] = int(result.one())
    return counts


async def snapshot(database: Database, user_id: UUID) -> dict[str, Any]:
    """Everything of one person, to prove later that nothing of theirs changed."""
    async with database.session() as session:
        tasks = (
            await session.exec(
                select(Task.number, Task.title, Task.completed)
                .where(col(Task.user_id) == user_id)
                .order_by(col(Task.number))
            )
        ).all()
        messages = (
            await session.exec(
                select(Message.content)
                .where(col(Message.user_id) == user_id)
                .order_by(col(Message.created_at))
            )
        ).all()
        identities = (
            await session.exec(
                select(Identity.platform, Identity.external_id).where(
                    col(Identity.user_id) == user_id
                )
            )
        ).all()
        audited = len(await audit_log.entries(session, user_id=user_id))
        threads = (
            await session.exec(
                select(func.count())
                .select_from(Conversation)
                .where(col(Conversation.user_id) == user_id)
            )
        ).one()
    return {
        "tasks": list(tasks),
        "messages": list(messages),
        "identities": list(identities),
        "audit": audited,
        "conversations": threads,
    }
