"""`todobot eval`: run conversation eval cases on a backend, or measure the hybrid's share."""

from __future__ import annotations

import asyncio
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
) -> None:
    """Run conversation eval cases, each on a fresh database; exit 0 only if all pass."""
    from bot.agent_wiring import NEEDS_KEY, build_agent
    from bot.cli import errors, settings_or_exit
    from bot.evaluate import run_eval
    from bot.hybrid_share import ShareTally

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
    factory = tally.agent if tally is not None else lambda: build_agent(settings)
    code = asyncio.run(run_eval(file, agent_factory=factory, settings=settings, tally=tally))
    raise typer.Exit(code)
