"""`todobot eval FILE` (how well an agent reads the cases, or the hybrid's share of turns
answered without a model) and `todobot explain TEXT` (how the builtin engine reads one message).
Heavy imports stay inside the commands, so `todobot --help` stays instant."""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime
from pathlib import Path

import typer


def eval_cases(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="A .jsonl file of cases."),
    backend: str = typer.Option(
        None, "--backend", help="builtin, openai or hybrid (default: the configured backend)."
    ),
    hybrid_share: bool = typer.Option(
        False,
        "--hybrid-share",
        help="Run on the builtin engine (no model) and report the share of turns the hybrid "
        "backend answers without a model request.",
    ),
    verbose: bool = typer.Option(
        False, "-v", "--verbose", help="Under a failed case, how the builtin engine read each turn."
    ),
) -> None:
    """Run conversation eval cases, each on a fresh database; exit 0 only if all pass."""
    from bot.agent_wiring import NEEDS_KEY, build_agent
    from bot.cli import errors, settings_or_exit
    from bot.evaluate import run_eval
    from bot.hybrid_share import ShareTally
    from core.agent.base import Agent
    from core.agent.builtin import BuiltinAgent
    from core.agent.builtin.explain import Explanation

    settings = settings_or_exit()
    chosen = "builtin" if hybrid_share else backend or settings.resolved_backend
    if chosen not in ("builtin", "openai", "hybrid"):
        errors().print(f"--backend must be builtin, openai or hybrid, not {chosen!r}")
        raise typer.Exit(2)
    if chosen != "builtin" and settings.openai_api_key is None:
        errors().print(f"--backend {NEEDS_KEY[chosen]} (and OPENAI_BASE_URL for other servers)")
        raise typer.Exit(2)
    settings = settings.model_copy(update={"agent_backend": chosen})
    tally = ShareTally() if hybrid_share else None
    notebook: list[Explanation] | None = [] if verbose and chosen == "builtin" else None

    def agent() -> Agent:
        if tally is not None:
            return tally.agent()
        return BuiltinAgent(notebook=notebook) if notebook is not None else build_agent(settings)

    code = asyncio.run(
        run_eval(file, agent_factory=agent, settings=settings, tally=tally, notebook=notebook)
    )
    raise typer.Exit(code)


def explain(
    text: str = typer.Argument(..., help="A message, as a person would write it."),
    now: str = typer.Option(
        None, "--now", help="The person's local date and time, YYYY-MM-DDTHH:MM (default: now)."
    ),
    tz: str = typer.Option("UTC", "--tz", help="The person's IANA time zone."),
) -> None:
    """How the builtin engine reads one message: its words, time spans, clauses, every
    reader's reading and the one that wins. Reads only; nothing is stored."""
    from core.agent.builtin.explain import explain as explained
    from core.domain.when import local_instant, zone_named

    zone = zone_named(tz)
    if zone is None:
        print(f"--tz: unknown time zone {tz!r}", file=sys.stderr)
        raise typer.Exit(2)
    try:
        local = datetime.fromisoformat(now) if now else datetime.now(zone)
    except ValueError:
        print(f"--now must be YYYY-MM-DDTHH:MM, not {now!r}", file=sys.stderr)
        raise typer.Exit(2) from None
    instant = local_instant(local.date(), local.time(), zone)
    for line in explained(text, now=instant, zone=zone).lines():
        print(line)
