"""The builtin engine's words are data: no reader spells in its patterns a word that the
lexicon holds, so a phrasing or a synonym is added in one place (`core/agent/builtin/lexicon`).
Only the grammar words (`lexicon.grammar`) may stand in a pattern itself."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

from core.agent.builtin import lexicon
from core.agent.builtin.lexicon.grammar import GRAMMAR

BUILTIN = Path(lexicon.__file__).parent.parent
_RE_FUNCTIONS = {"compile", "match", "search", "fullmatch", "sub", "subn", "split", "findall",
                 "finditer"}  # fmt: skip


def _words(text: str) -> set[str]:
    return {word for word in re.findall(r"[a-z]+", text.lower()) if len(word) > 1}


def _entries(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [entry for key in value for entry in _entries(key)]
    if isinstance(value, tuple | list | set | frozenset):
        return [entry for item in value for entry in _entries(item)]
    return []


def lexicon_words() -> set[str]:
    """Every word of every table in the lexicon, but the grammar words."""
    found: set[str] = set()
    for module_info in pkgutil.iter_modules(lexicon.__path__):
        module = importlib.import_module(f"{lexicon.__name__}.{module_info.name}")
        for name, value in vars(module).items():
            if name.isupper() and name != "GRAMMAR":
                for entry in _entries(value):
                    found |= _words(entry)
    return found - GRAMMAR


def pattern_text(source: str) -> list[str]:
    """The string literals a module's regular expressions are written with: the pattern of
    every `re.*` call, and every module-level constant it is built from."""
    tree = ast.parse(source)
    assigned: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id] = node.value
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.value is not None
        ):
            assigned[node.target.id] = node.value
    patterns = [
        node.args[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "re"
        and node.func.attr in _RE_FUNCTIONS
        and node.args
    ]
    literals: list[str] = []
    followed: set[str] = set()

    def collect(expression: ast.expr) -> None:
        for node in ast.walk(expression):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.append(node.value)
            elif isinstance(node, ast.Name) and node.id in assigned and node.id not in followed:
                followed.add(node.id)
                collect(assigned[node.id])

    for pattern in patterns:
        collect(pattern)
    return literals


def spelled(literal: str) -> set[str]:
    """The words a regular-expression literal spells (group names, escapes, character
    classes and format fields are not words)."""
    literal = re.sub(r"\(\?P<[^>]*>|\(\?P=\w+\)", " ", literal)
    literal = re.sub(r"\\[A-Za-z]", " ", literal)
    literal = re.sub(r"\[[^\]]*\]|\{\w*\}", " ", literal)
    return _words(literal)


def readers() -> list[Path]:
    return sorted(path for path in BUILTIN.glob("*.py"))


def test_the_lexicon_holds_the_words() -> None:
    words = lexicon_words()
    assert {"tick", "done", "finished", "delete", "add", "tasks", "twenty", "first"} <= words


def test_no_reader_spells_a_word_of_the_lexicon() -> None:
    words = lexicon_words()
    spelled_out = {
        path.name: sorted(set().union(*map(spelled, pattern_text(path.read_text()))) & words)
        for path in readers()
    }
    assert {name: found for name, found in spelled_out.items() if found} == {}


def test_the_check_sees_a_word_spelled_in_a_pattern() -> None:
    source = 'import re\n_VERB = r"(?:tick|finish)"\nX = re.compile(rf"^{_VERB}\\s+(?P<ref>.+)$")\n'
    assert set().union(*map(spelled, pattern_text(source))) & lexicon_words() == {
        "tick",
        "finish",
    }
