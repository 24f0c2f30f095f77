"""What a long-running todobot process does once it is up."""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    """Keep the garbage collector off everything built so far (libraries, settings, apps).

    It all lives as long as the process; without this, every full collection walks those
    hundreds of thousands of objects again and stalls the event loop for tens of ms.
    """
    gc.collect()
    gc.freeze()
