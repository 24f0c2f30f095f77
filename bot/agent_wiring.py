"""The agent each backend setting builds: the builtin engine, the openai backend, or the
hybrid of the two (which needs the model's key as the openai backend does)."""

from __future__ import annotations

from bot.settings import Settings
from core.agent.base import Agent
from core.agent.deferred import DeferredAgent


def build_agent(settings: Settings) -> Agent:
    """The openai backend when a key is set (or asked for), the hybrid when asked for, else
    the builtin engine."""
    backend = settings.resolved_backend
    if backend == "builtin":
        from core.agent.builtin import BuiltinAgent

        return BuiltinAgent()
    if settings.openai_api_key is None:
        raise ValueError(NEEDS_KEY[backend])
    model = build_model(settings, settings.openai_api_key.get_secret_value())
    if backend == "openai":
        return model
    from core.agent.builtin import BuiltinAgent
    from core.agent.hybrid import HybridAgent

    return HybridAgent(engine=BuiltinAgent(), model=model)


NEEDS_KEY = {
    "openai": "the openai backend needs OPENAI_API_KEY",
    "hybrid": "the hybrid backend needs OPENAI_API_KEY: it hands what the builtin engine is "
    "not sure of to the model (AGENT_BACKEND=builtin runs without one)",
}


def build_model(settings: Settings, api_key: str) -> Agent:
    """The openai backend, as `openai` runs it and `hybrid` asks it."""
    from core.agent.openai_backend import OpenAIAgent

    return OpenAIAgent(
        api_key=api_key,
        base_url=settings.openai_base_url or None,
        model=settings.openai_model,
        timeout_seconds=settings.openai_timeout_seconds,
        max_retries=settings.openai_max_retries,
        retry_backoff_seconds=settings.openai_retry_backoff_seconds,
        tracing=settings.openai_tracing,
        parallel_tool_calls=settings.openai_parallel_tool_calls,
    )


def agent_for_a_process(settings: Settings) -> Agent:
    """The agent of a long-running process. The builtin engine is built on the first turn:
    compiling its vocabulary costs about 180 ms and 7 MB that a process which runs no turn
    (or none yet) does not need to hold. The openai backend is built at once, so its first
    turn does not wait for the Agents SDK to load."""
    if settings.resolved_backend == "builtin":
        return DeferredAgent(lambda: build_agent(settings))
    return build_agent(settings)
