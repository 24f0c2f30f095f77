"""What a plugin's own buttons do: a press of an action it registered (a team task's Done),
decided inside the press's transaction once its delivery is claimed and its presser found."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.models import User
from core.types import Press, Reply

PressAction = Callable[[AsyncSession, Press, User, datetime], Awaitable[Reply]]
