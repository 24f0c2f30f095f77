"""Statements every turn runs, compiled once and sent straight to the driver.

A `Prebuilt` statement is a Core construct built once at import. On PostgreSQL it is
compiled once for the dialect (SQL text, how each parameter is bound, how each result column
is read) and sent on the turn's own psycopg connection, in the turn's transaction, without
SQLAlchemy's execution path around it: that path (its result object, its parameter handling,
the asyncio adapter's switch) costs more than the round trip on a statement this small.
psycopg prepares it on the server after its fifth run, as it does every statement, unless the
database was opened without prepared statements. Listeners on the engine's
`before_cursor_execute` still hear each statement, and a driver error is raised as SQLAlchemy's
(a lost connection invalidated, so `in_transaction` retries the turn). On SQLite the same
construct goes through SQLAlchemy as usual.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import psycopg
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from sqlalchemy import ColumnElement, Connection, Executable, inspect, literal_column
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import InstanceState, Mapper, configure_mappers
from sqlalchemy.orm.attributes import instance_state, set_committed_value
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement
from sqlalchemy.sql.selectable import ReturnsRows
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from core.storage.turn_connection import Turn, driver_error, turn_of

Processor = Callable[[Any], Any]
Model = TypeVar("Model", bound=SQLModel)


@dataclass(frozen=True)
class _Compiled:
    """A statement as one dialect sends it: its SQL, its parameters' converters and its
    result columns' converters (None where the driver's own value is already the right one)."""

    sql: str
    defaults: dict[str, Any]
    binds: dict[str, Processor]
    results: list[tuple[int, Processor]]  # the columns to convert, by position
    returns_rows: bool  # a SELECT, or a write with RETURNING


class Prebuilt:
    """A Core statement with bound parameters, built once and run on the turn's connection."""

    def __init__(self, statement: Executable) -> None:
        assert isinstance(statement, ClauseElement)
        self.statement = statement
        self._compiled: _Compiled | None = None

    async def rows(
        self, session: AsyncSession, params: Mapping[str, Any], *, converted: bool = True
    ) -> list[Sequence[Any]]:
        """Run it in the session's transaction; its rows as tuples (none for a write). As an
        ORM read would, it first flushes what the session holds unwritten. Without
        `converted`, the rows as the driver read them: `converted` makes one of them what
        it would have been (for columns repeated on every row, needed from one)."""
        sync = session.sync_session
        if sync.autoflush and not sync._is_clean():  # what `new`, `dirty`, `deleted` ask
            await session.flush()
        return await self._rows(session, params, converted=converted)

    def converted(self, row: Sequence[Any]) -> Sequence[Any]:
        """A row read without converting (`rows(..., converted=False)`) as it would have been
        read with (a row read through SQLAlchemy, on SQLite, already is)."""
        compiled = self._compiled
        if compiled is None or not compiled.results:
            return row
        columns = list(row)
        for index, read in compiled.results:
            columns[index] = read(columns[index])
        return columns

    async def run(self, session: AsyncSession, params: Mapping[str, Any]) -> list[Sequence[Any]]:
        """Run a write, as Core runs one: what the session holds unwritten stays so. The rows
        it returns (RETURNING), if any."""
        return await self._rows(session, params)

    async def _rows(
        self, session: AsyncSession, params: Mapping[str, Any], *, converted: bool = True
    ) -> list[Sequence[Any]]:
        turn = await turn_of(session)
        if turn.driver is None:
            result = await turn.connection.execute(self.statement, dict(params))
            return list(result.all()) if result.returns_rows else []
        compiled = self._compiled or self._compile(turn.sync.dialect)
        found = await self._direct(turn, compiled, params)
        if not converted or not compiled.results:
            return found
        return [self.converted(row) for row in found]

    def _compile(self, dialect: Dialect) -> _Compiled:
        if self._compiled is None:
            compiled = self.statement.compile(dialect=dialect)
            assert isinstance(compiled, SQLCompiler)
            binds: dict[str, Processor] = {}
            for name, bound in compiled.binds.items():
                convert = bound.type.dialect_impl(dialect).bind_processor(dialect)
                if convert is not None:
                    binds[name] = convert
            columns: list[Any] = (
                list(self.statement.exported_columns)
                if isinstance(self.statement, ReturnsRows)
                else []
            )
            readers = [
                column.type.dialect_impl(dialect).result_processor(dialect, None)
                for column in columns
            ]
            results = [(index, read) for index, read in enumerate(readers) if read is not None]
            fixed = {  # the values the statement was built with (a LIMIT 1)
                name: binds[name](value) if name in binds else value
                for name, value in compiled.params.items()
                if not compiled.binds[name].required
            }
            returning = bool(columns or compiled.effective_returning)  # an INSERT's key too
            self._compiled = _Compiled(compiled.string, fixed, binds, results, returning)
        return self._compiled

    async def _direct(
        self, turn: Turn, compiled: _Compiled, params: Mapping[str, Any]
    ) -> list[Sequence[Any]]:
        """The rows as the driver read them."""
        sync, driver = turn.sync, turn.driver
        assert driver is not None
        values = dict(compiled.defaults)
        binds = compiled.binds
        for name, value in params.items():
            convert = binds.get(name)
            values[name] = value if convert is None else convert(value)
        _announce(sync, compiled.sql, values)
        try:
            cursor = await driver.execute(compiled.sql, values)
            found = await cursor.fetchall() if compiled.returns_rows else []
        except psycopg.Error as error:
            raise await driver_error(turn, error, compiled.sql) from error
        return found


@functools.cache
def _mapper(model: type[SQLModel]) -> Mapper[Any]:
    """The model's mapper, configured: a row attached before any ORM query or constructor
    has run in this process (a one-shot command's first read) needs its attributes set up."""
    configure_mappers()  # once; after that a flag's check
    return inspect(model)


def fresh(model: type[Model], values: Mapping[str, Any]) -> tuple[Model, dict[str, Any]]:
    """A new `model` row of `values`, the model's defaults for the fields not given, as its
    constructor builds one (a table model's constructor validates nothing) but without
    announcing each field to the ORM, which `inserted` would only mark written again. The
    row's every column by name beside it, for the INSERT."""
    row = {
        name: values[name] if name in values else default() for name, default in _defaults(model)
    }
    instance = _mapper(model).class_manager.new_instance()
    instance.__dict__.update(row)
    object.__setattr__(instance, "__pydantic_fields_set__", set(values))
    return instance, row


@functools.cache
def _defaults(model: type[SQLModel]) -> list[tuple[str, Callable[[], Any]]]:
    """Each field of `model` with how to make its default (a field without one fails)."""

    def default(name: str, field: FieldInfo) -> Callable[[], Any]:
        factory = field.default_factory
        if factory is not None:
            return factory  # type: ignore[return-value]  # none of ours reads the others
        value = field.default
        if value is PydanticUndefined:
            return functools.partial(_required, f"{model.__name__}.{name}")
        if value is None or isinstance(value, str | int | float | bool | tuple | frozenset):
            return lambda: value
        return lambda: copy.deepcopy(value)  # a mutable default is the row's own, as in pydantic

    return [(name, default(name, field)) for name, field in model.model_fields.items()]


def _required(name: str) -> Any:
    raise TypeError(f"{name} must be given")


def inserted(session: AsyncSession, instance: SQLModel) -> None:
    """`instance`, just written by a prebuilt INSERT, in the session as if the ORM had."""
    state = instance_state(instance)
    _as_loaded(session, state, state.mapper._identity_key_from_state(state))


def _as_loaded(session: AsyncSession, state: InstanceState[Any], key: Any) -> None:
    """The row of `state` in the session under `key`, as the ORM's loader puts a row it has
    read (`sqlalchemy.orm.loading`): its identity set and the session's identity map holding
    it, every column as written. `make_transient_to_detached` and `add` come to the same
    place, through the unit of work's checks and its cascade, at several times the cost."""
    sync = session.sync_session
    state.key = key
    state.identity_token = key[2]
    state.session_id = sync.hash_key
    sync.identity_map._add_unpresent(state, key)
    if state.modified:
        state._commit_all(state.dict, sync.identity_map)


def among(column: ColumnElement[str], values: Sequence[str]) -> ColumnElement[bool]:
    """`column IN (...)` of constants written into the statement: a prebuilt statement is
    compiled once, and an IN of bound values is written anew for each run's values."""
    quoted = ["'" + value.replace("'", "''") + "'" for value in values]
    return column.in_([literal_column(constant) for constant in quoted])


def _announce(sync: Connection, sql: str, values: Mapping[str, Any]) -> None:
    """The engine's `before_cursor_execute` listeners hear the statement, as for any other."""
    if sync._has_events or sync.engine._has_events:
        sync.dispatch.before_cursor_execute(sync, None, sql, values, None, False)


def attached(
    session: AsyncSession, model: type[Model], values: Mapping[str, Any], *, refresh: bool
) -> Model:
    """The `model` row read as `values` (every column, by name), in the session as if the ORM
    had loaded it: changes made to it are flushed as usual. The session's own copy when it
    holds one already, its columns set to `values` with `refresh` (as a locking read does)."""
    mapper = _mapper(model)
    primary_key = tuple(values[column.name] for column in mapper.primary_key)
    key = mapper.identity_key_from_primary_key(primary_key)
    existing = session.sync_session.identity_map.get(key)
    if isinstance(existing, model):
        for name, value in values.items():
            if refresh or name not in existing.__dict__:  # expired, as the ORM would load it
                set_committed_value(existing, name, value)
        return existing
    instance = mapper.class_manager.new_instance()
    instance.__dict__.update(values)
    _as_loaded(session, instance_state(instance), key)
    return instance
