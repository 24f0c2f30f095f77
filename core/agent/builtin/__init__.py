"""The builtin engine: deterministic, offline, and acting only through the five tools."""

from core.agent.builtin.engine import BuiltinAgent

__all__ = ["BuiltinAgent"]
