"""Strict reading of the shell's JSON into dataclasses: every key the dataclass declares must be
there (fields with a default may be left out), no other key may appear, and every value must have
the declared type. A change in the shell's JSON therefore fails loudly instead of passing as None."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, TypeVar

from .errors import ProtocolError

T = TypeVar("T")


def load(cls: type[T], data: object, where: str) -> T:
    """``data`` (parsed JSON) as an instance of the dataclass ``cls``; ``where`` names it in errors."""
    return typing.cast(T, _value(cls, data, where))


def _value(kind: Any, data: object, where: str) -> object:
    if kind is Any:
        return data
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _value(option, data, where)
            except ProtocolError as error:
                errors.append(str(error))
        raise ProtocolError("; ".join(errors))
    if origin is list:
        if not isinstance(data, list):
            raise ProtocolError(f"{where}: expected a list, got {_kind(data)}")
        (item,) = typing.get_args(kind)
        return [_value(item, element, f"{where}[{index}]") for index, element in enumerate(data)]
    if origin is dict:
        if not isinstance(data, dict):
            raise ProtocolError(f"{where}: expected an object, got {_kind(data)}")
        _, item = typing.get_args(kind)
        return {key: _value(item, element, f"{where}.{key}") for key, element in data.items()}
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return _dataclass(kind, data, where)
    if kind is float:
        if isinstance(data, (int, float)) and not isinstance(data, bool):
            return float(data)
        raise ProtocolError(f"{where}: expected a number, got {_kind(data)}")
    if kind is int:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
        raise ProtocolError(f"{where}: expected a whole number, got {_kind(data)}")
    if kind in (str, bool):
        if type(data) is kind:
            return data
        raise ProtocolError(f"{where}: expected {kind.__name__}, got {_kind(data)}")
    raise TypeError(f"{where}: no reader for {kind!r}")


def _dataclass(kind: type, data: object, where: str) -> object:
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: expected an object, got {_kind(data)}")
    hints = typing.get_type_hints(kind)
    fields = {field.name: field for field in dataclasses.fields(kind) if field.init}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ProtocolError(f"{where}: unknown key {', '.join(unknown)} (this client knows {', '.join(fields)})")
    values = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _value(hints[name], data[name], f"{where}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise ProtocolError(f"{where}: key {name} is missing")
    return kind(**values)


def _kind(data: object) -> str:
    return "null" if data is None else type(data).__name__
