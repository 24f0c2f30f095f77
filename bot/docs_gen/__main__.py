"""`python3 -m bot.docs_gen [--check] [--root DIR]`: write the generated documentation, or
with `--check` list what drifted and exit 1."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.docs_gen.generate import drifted, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bot.docs_gen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on drift")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository's root")
    options = parser.parse_args(argv)
    root = options.root.resolve()
    if not (root / "mkdocs.yml").exists():
        parser.error(f"{root} is not todobot's repository (no mkdocs.yml); pass --root")
    if options.check:
        stale = drifted(root)
        for path in stale:
            print(f"out of date: {path}")
        if stale:
            print("run: python3 -m bot.docs_gen")
        return 1 if stale else 0
    for path in write(root):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
