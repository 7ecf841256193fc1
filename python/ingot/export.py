"""ingot.export_function: a function of tensors written out as a C library.

The C++ half is ingot._ingot.export_function (ingot::export_function,
include/ingot/export.hpp); this half maps a Python function of tensors onto it. See
docs/jit-and-export.md.
"""

import os

from ingot import _ingot


def export_function(function, example_inputs, name, out_dir, device="", input_names=None,
                    output_names=None):
    """Runs `function` once on `example_inputs` (a list of tensors, passed as its positional
    arguments; moved to `device` unless it is "") recording its kernels, and writes into
    `out_dir` the C header `<name>.h` and the static library `lib<name>.a` holding
    `int name(const name_inputs*, name_outputs*)` for those inputs' dtypes and shapes, the
    kernels for the device, the tensors it read besides its inputs (weights) and a small C
    runtime. The function returns a tensor, or a tuple or list of tensors. `input_names` and
    `output_names` name the fields of the C structs (default input0..., output0...).

    Returns a dict: `header`, `library` and `link_flags` (what a program linking the library
    needs besides it).
    """
    if not callable(function):
        raise TypeError(
            f"ingot.export_function: expected a function, got {type(function).__name__}")

    def run(tensors):
        results = function(*tensors)
        if isinstance(results, _ingot.Tensor):
            return [results]
        if isinstance(results, (tuple, list)):
            return list(results)
        raise TypeError("ingot.export_function: the function must return a tensor, or a tuple "
                        f"or list of tensors, got {type(results).__name__}")

    return _ingot.export_function(lambda: run, list(example_inputs), name, os.fspath(out_dir),
                                  device, list(input_names or []), list(output_names or []))
