"""`todobot eval --hybrid-share`: the share of eval turns the hybrid backend answers without
a model request.

The cases run on the builtin engine alone (no key, no model): every message the engine
would hand to a model is still answered by the engine, so the cases pass or fail as they do
on `builtin`, while each judgment is counted. A turn that never reaches an agent (a slash
command, a typed yes/no to a pending confirmation) costs no model request either."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TextIO

from core.agent.builtin import BuiltinAgent
from core.agent.builtin.confidence import Judged
from core.agent.hybrid import HybridAgent


@dataclass
class ShareTally:
    judged: list[Judged] = field(default_factory=list)

    def agent(self) -> HybridAgent:
        """The hybrid with the engine standing in for the model, counting each judgment."""
        return HybridAgent(engine=BuiltinAgent(), model=BuiltinAgent(), judged=self.judged.append)

    def report(self, turns: int, out: TextIO) -> None:
        to_model = [judged for judged in self.judged if not judged.sure]
        alone = turns - len(to_model)
        share = 100 * alone / turns if turns else 0.0
        reached = len(self.judged)
        sure = reached - len(to_model)
        print(
            f"hybrid share: {alone} of {turns} turns ({share:.1f}%) answered without the model "
            f"({sure} of {reached} read by the engine, {turns - reached} before any agent)",
            file=out,
        )
        kinds = Counter(f"{judged.what} ({judged.sureness})" for judged in to_model)
        if kinds:
            listed = ", ".join(f"{kind} {count}" for kind, count in kinds.most_common())
            print(f"to the model: {listed}", file=out)
