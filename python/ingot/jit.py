"""@ingot.jit: a function of tensors captured once per signature and replayed.

The C++ half is ingot._ingot.Jit (ingot::jit, include/ingot/jit.hpp); this half maps a
Python call onto it. Tensor arguments, positional or by keyword, are the capture's inputs;
every other argument is part of the key: a call with other non-tensor values (a Python
number, a string, a flag) is another capture, so they must be hashable. The function
returns a tensor, or a tuple or list of tensors. See docs/jit-and-export.md.
"""

import functools
import weakref

from ingot import _ingot


class Jitted:
    """A function wrapped by @ingot.jit. `captures`: how many signatures it holds."""

    def __init__(self, function, max_captures):
        if not callable(function):
            raise TypeError(f"ingot.jit: expected a function, got {type(function).__name__}")
        if not isinstance(max_captures, int) or max_captures < 1:
            raise _ingot.ArgumentError(
                f"jit: max_captures is {max_captures!r}; it must be an int of at least 1")
        functools.update_wrapper(self, function)
        self._function = function
        self._max_captures = max_captures
        # Per key of the non-tensor arguments: the C++ Jit, how its results return (a
        # tensor, a tuple or a list), and the function it captures, which it references
        # weakly (a cycle through C++ would never be collected).
        self._by_key = {}

    @property
    def captures(self):
        return sum(jit.captures for jit, _, _ in self._by_key.values())

    def __call__(self, *args, **kwargs):
        named = sorted(kwargs.items())
        tensors = [v for v in (*args, *(v for _, v in named)) if isinstance(v, _ingot.Tensor)]
        key = (
            tuple(None if isinstance(v, _ingot.Tensor) else (type(v), v) for v in args),
            tuple((k, None if isinstance(v, _ingot.Tensor) else (type(v), v)) for k, v in named),
        )
        try:
            entry = self._by_key.get(key)
        except TypeError:
            raise TypeError(
                f"ingot.jit: {self.__name__}'s non-tensor arguments are part of the capture's "
                "key and must be hashable (give a tuple for a list)") from None
        if entry is None:
            if len(self._by_key) >= self._max_captures:
                raise _ingot.Error(
                    f"jit: a call of {self.__name__} with other non-tensor arguments needs a new "
                    f"capture, and it has {len(self._by_key)} such keys already, its "
                    f"max_captures ({self._max_captures}); pass varying values as tensors, or "
                    "raise max_captures")
            kind = []
            run = self._capture(args, named, kind)
            entry = (_ingot.Jit(weakref.ref(run), self._max_captures), kind, run)
            self._by_key[key] = entry
        jit, kind, _ = entry
        results = jit(tensors)
        if kind[0] is _ingot.Tensor:
            return results[0]
        return kind[0](results)

    def _capture(self, args, named, kind):
        """The function of the C++ Jit: the call with `tensors` in the tensor arguments'
        places and the non-tensor arguments of this key."""

        function, name = self._function, self.__name__

        def run(tensors):
            inputs = iter(tensors)
            call_args = [next(inputs) if isinstance(v, _ingot.Tensor) else v for v in args]
            call_kwargs = {k: next(inputs) if isinstance(v, _ingot.Tensor) else v
                           for k, v in named}
            results = function(*call_args, **call_kwargs)
            if isinstance(results, _ingot.Tensor):
                kind[:] = [_ingot.Tensor]
                return [results]
            if isinstance(results, (tuple, list)) and all(
                    isinstance(r, _ingot.Tensor) for r in results):
                kind[:] = [type(results)]
                return list(results)
            raise TypeError(
                f"ingot.jit: {name} must return an ingot.Tensor or a tuple or list of "
                f"them, got {type(results).__name__}")

        return run


def jit(function=None, *, max_captures=_ingot._jit_default_max_captures):
    """Captures `function` on its first call per signature (the tensor arguments' shapes,
    dtypes and devices, and the other arguments' values) and replays its kernel launches on
    later calls, without scheduling or compiling. Usable as @ingot.jit or
    @ingot.jit(max_captures=4). A call that needs one capture more than max_captures raises
    ingot.Error."""
    if function is None:
        return lambda f: Jitted(f, max_captures)
    return Jitted(function, max_captures)
