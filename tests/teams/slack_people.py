"""Who is where in the Slack team tests: Alice, Bob and Carol in #eng, Carol and Alice in
#ops, Dave in neither."""

from __future__ import annotations

ENG, OPS = "C0ENG", "C0OPS"
ALICE, BOB, CAROL, DAVE = "U0ALICE", "U0BOB", "U0CAROL", "U0DAVE"
