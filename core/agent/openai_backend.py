"""The `openai` backend: the Agents SDK driving the five tools against any OpenAI-compatible
server (OpenAI, vLLM, Ollama, llama.cpp) over Chat Completions.

Retries belong to the runner, not the HTTP client: 429 and 5xx (and timeouts) are retried with
exponential backoff, a quota error is not, and once retries run out the turn raises
`AgentUnavailable`, so the core rolls the turn back and apologises. Arguments the model
gets wrong (bad JSON, wrong fields, a tool that does not exist) go back to it as an error
result, and are audited like any other call.
"""

from __future__ import annotations

import functools
import inspect
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, get_type_hints

import openai
from agents import (
    Agent,
    ModelBehaviorError,
    ModelSettings,
    OpenAIChatCompletionsModel,
    RunConfig,
    RunContextWrapper,
    Runner,
    Tool,
    ToolErrorFormatterArgs,
    function_tool,
)
from agents.exceptions import MaxTurnsExceeded
from agents.function_schema import function_schema
from agents.retry import ModelRetrySettings, RetryDecision, RetryPolicyContext
from agents.tool_context import ToolContext as ToolCallContext
from openai import AsyncOpenAI, NotGiven, Omit
from openai.resources.chat import AsyncChat, AsyncCompletions
from pydantic import ValidationError

from core import tools as task_tools
from core.agent import base
from core.agent.base import AgentTurn, AgentUnavailable
from core.agent.model_input import TOOL_NAMES, compact_schema, history_items, model_view
from core.agent.prompt import system_prompt
from core.tools import Envelope, ToolContext, ToolFunction, failure

log = logging.getLogger(__name__)

MAX_TURNS = 10
RETRY_AFTER_CAP_SECONDS = 20.0


def is_quota_error(error: BaseException) -> bool:
    code = getattr(error, "code", None)
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        code = code or body.get("code") or (body.get("error") or {}).get("code")
    return code == "insufficient_quota" or "insufficient_quota" in str(error)


def retry_policy(backoff_seconds: float):
    """Retry rate limits, server errors and timeouts with doubling waits; never a quota error."""

    def decide(context: RetryPolicyContext) -> bool | RetryDecision:
        error, normalized = context.error, context.normalized
        if is_quota_error(error) or normalized.error_code == "insufficient_quota":
            return False
        status = normalized.status_code
        transient = (
            normalized.is_timeout or normalized.is_network_error or status in (408, 409, 429)
        )
        if not transient and not (isinstance(status, int) and status >= 500):
            return False
        delay = backoff_seconds * 2 ** (context.attempt - 1)
        if normalized.retry_after is not None:
            delay = min(max(normalized.retry_after, delay), RETRY_AFTER_CAP_SECONDS)
        return RetryDecision(retry=True, delay=delay, reason=f"status {status}")

    return decide


async def rejected_call(wrapper: RunContextWrapper[Any], error: Exception) -> str:
    """A tool call the SDK could not run (bad JSON, wrong fields): audit it, tell the model."""
    context: ToolContext = wrapper.context
    if not isinstance(error, ModelBehaviorError | ValidationError):
        raise error  # a bug in our tool, not the model's mistake: fail the turn, roll it back
    called = wrapper if isinstance(wrapper, ToolCallContext) else None
    name = called.tool_name if called else "unknown"
    raw = called.tool_arguments if called else ""
    detail = _validation_detail(name, raw)
    result = failure(
        "VALIDATION_ERROR",
        f"The arguments for {name} were not valid: {detail}",
        "Call the tool again with arguments that match its schema.",
    )
    await _audit(context, name, {"raw_arguments": raw[:2000]}, result)
    return json.dumps(model_view(result.as_json()), ensure_ascii=False)


async def unknown_tool(args: ToolErrorFormatterArgs[Any]) -> str | None:
    """A call to a tool that does not exist: audit it, and list the real ones to the model."""
    if args.kind != "tool_not_found":
        return None
    result = failure(
        "UNKNOWN_TOOL",
        f"There is no tool named {args.tool_name}.",
        f"Use one of: {', '.join(sorted(TOOL_NAMES))}.",
    )
    await _audit(args.run_context.context, args.tool_name, {}, result)
    return json.dumps(model_view(result.as_json()), ensure_ascii=False)


def as_function_tool(tool: ToolFunction) -> Callable[..., Awaitable[str]]:
    """A plain tool as the Agents SDK wants it: the run context first, the envelope as JSON.

    The SDK recognises the context parameter by its `RunContextWrapper` annotation and leaves
    it out of the schema; every other parameter, the name and the docstring stay the tool's
    own, so the model sees exactly the schema the tool declares. The result goes back as JSON
    (the SDK would send Python's repr of a dict) in the model's view of it (`model_view`)."""
    signature = inspect.signature(tool)
    context_parameter, *parameters = signature.parameters.values()
    hints = get_type_hints(tool, include_extras=True)

    @functools.wraps(tool)
    async def call(wrapper: RunContextWrapper[ToolContext], *args: Any, **kwargs: Any) -> str:
        result = await tool(wrapper.context, *args, **kwargs)
        return json.dumps(model_view(result.as_json()), ensure_ascii=False)

    context_type = RunContextWrapper[ToolContext]
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[context_parameter.replace(annotation=context_type), *parameters],
        return_annotation=str,
    )
    call.__annotations__ = {**hints, context_parameter.name: context_type, "return": str}
    return call


AGENT_TOOLS = tuple(as_function_tool(tool) for tool in task_tools.CHAT_TOOLS)
_PARAMETERS = {tool.__name__: function_schema(tool).params_pydantic_model for tool in AGENT_TOOLS}


def _validation_detail(name: str, raw: str) -> str:
    """Why the arguments were refused (the SDK keeps the details out of its error on purpose)."""
    try:
        parsed = json.loads(raw) if raw else {}
    except json.JSONDecodeError:
        return "they are not valid JSON"
    if not isinstance(parsed, dict):
        return "they must be a JSON object"
    try:
        _PARAMETERS[name](**parsed)
    except ValidationError as invalid:
        return "; ".join(
            f"{'.'.join(str(part) for part in problem['loc']) or 'arguments'}: {problem['msg']}"
            for problem in invalid.errors()
        )
    except KeyError:
        pass
    return "they do not match the tool's schema"


async def _audit(
    context: ToolContext, name: str, arguments: dict[str, Any], result: Envelope
) -> None:
    async with context.lock:  # after the tool call running now, as the model saw them
        await context.audit(name, arguments, result)


def _instructions(wrapper: RunContextWrapper[ToolContext], _: Agent[ToolContext]) -> str:
    turn = wrapper.context
    shared_on = turn.place.platform if turn.place is not None else None
    return system_prompt(
        now=turn.now, zone=turn.zone, zone_assumed=turn.zone_assumed, shared_on=shared_on
    )


class PlainBodyCompletions(AsyncCompletions):
    """Chat Completions that send the messages and tools as they are.

    The client walks every request body against its typed parameters before sending it, about
    0.1 ms a message (several ms a request with a full history), though for Chat Completions
    the walk changes nothing: the Agents SDK hands over plain JSON already. The client merges
    `extra_body` into the body after that walk, over the typed parameters, so the messages and
    tools travel there and the typed `messages` is an empty placeholder. The body sent is the
    same."""

    async def create(self, **params: Any) -> Any:
        plain = {key: params.pop(key) for key in ("messages", "tools") if _given(params.get(key))}
        extra_body = {**plain, **(params.pop("extra_body", None) or {})}
        return await super().create(messages=[], extra_body=extra_body, **params)


def _given(value: object) -> bool:
    return value is not None and not isinstance(value, NotGiven | Omit)


class PlainBodyChat(AsyncChat):
    @functools.cached_property
    def completions(self) -> AsyncCompletions:
        return PlainBodyCompletions(self._client)


class PlainBodyClient(AsyncOpenAI):
    """The openai client, its chat completions sent as `PlainBodyCompletions`."""

    @functools.cached_property
    def chat(self) -> AsyncChat:
        return PlainBodyChat(self)


class OpenAIAgent(base.Agent):
    """One configured agent, shared by every turn; the turn's tools travel in the run context."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str,
        base_url: str | None = None,
        timeout_seconds: float = 30.0,
        max_retries: int = 2,
        retry_backoff_seconds: float = 0.5,
        tracing: bool = False,
        parallel_tool_calls: bool | None = None,
    ) -> None:
        self.client = PlainBodyClient(
            api_key=api_key, base_url=base_url, timeout=timeout_seconds, max_retries=0
        )
        tools: list[Tool] = []
        for tool in AGENT_TOOLS:
            agent_tool = function_tool(tool, failure_error_function=rejected_call)
            agent_tool.params_json_schema = compact_schema(agent_tool.params_json_schema)
            tools.append(agent_tool)
        self.agent: Agent[ToolContext] = Agent(
            name="todobot",
            instructions=_instructions,
            tools=tools,
            model=OpenAIChatCompletionsModel(model=model, openai_client=self.client),
            model_settings=ModelSettings(
                # None sends nothing: the server's default (OpenAI lets the model call several
                # tools in one answer). Either way the calls run one at a time on the turn's
                # session (`audited` holds the turn's lock), each applying whole.
                parallel_tool_calls=parallel_tool_calls,
                retry=ModelRetrySettings(
                    max_retries=max_retries, policy=retry_policy(retry_backoff_seconds)
                ),
            ),
        )
        self.run_config = RunConfig(
            tracing_disabled=not tracing,
            trace_include_sensitive_data=False,
            workflow_name="todobot turn",
            tool_not_found_behavior="return_error_to_model",
            tool_error_formatter=unknown_tool,
        )

    async def aclose(self) -> None:
        await self.client.close()

    async def respond(self, turn: AgentTurn) -> str:
        items: list[Any] = [*history_items(turn.history), {"role": "user", "content": turn.text}]
        started = time.perf_counter()
        try:
            result = await Runner.run(
                self.agent,
                items,
                context=turn.tools,
                max_turns=MAX_TURNS,
                run_config=self.run_config,
            )
        except openai.APIError as error:
            reason = "quota exhausted" if is_quota_error(error) else type(error).__name__
            log.warning(
                "model unavailable after %.0f ms: %s",
                (time.perf_counter() - started) * 1000,
                reason,
            )
            raise AgentUnavailable(reason) from error
        except (ModelBehaviorError, MaxTurnsExceeded) as error:
            log.warning("model misbehaved: %s", error)
            raise AgentUnavailable(str(error)) from error
        answer = str(result.final_output or "").strip()
        if not answer:
            log.warning("the model returned no answer")
            raise AgentUnavailable("the model returned no answer")
        return answer
