"""Tokens at rest (core/storage/sealing.py): unreadable and unchangeable without the key, and
a key can be rotated by putting the new one first."""

from __future__ import annotations

import pytest

from core.storage.sealing import SealedValueError, Sealer, SealingKeyError, new_key


def test_a_sealed_token_opens_with_its_key_only() -> None:
    key, other = new_key(), new_key()
    sealed = Sealer(key).seal("xoxb-1-2-secret")

    assert "xoxb" not in sealed and Sealer(key).open(sealed) == "xoxb-1-2-secret"
    with pytest.raises(SealedValueError):
        Sealer(other).open(sealed)
    with pytest.raises(SealedValueError):
        Sealer(key).open(sealed[:-4] + "AAAA")  # tampered


def test_a_new_key_first_seals_while_the_old_one_still_opens() -> None:
    old, new = new_key(), new_key()
    before = Sealer(old).seal("xoxb-old")
    rotated = Sealer(f"{new}, {old}")

    assert rotated.open(before) == "xoxb-old"
    assert Sealer(new).open(rotated.seal("xoxb-new")) == "xoxb-new"


@pytest.mark.parametrize(
    "keys",
    ["", " , ", "short", new_key() + ",nope"],
    ids=["empty", "commas", "short", "good-then-bad"],  # the same ids on every xdist worker
)
def test_a_missing_or_malformed_key_is_refused(keys: str) -> None:
    with pytest.raises(SealingKeyError):
        Sealer(keys)
