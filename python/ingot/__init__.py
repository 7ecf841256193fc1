"""ingot: lazy tensors fused into kernels for the CPU, OpenCL, CUDA and Metal.

Everything computes in ingot's C++ library (the extension module ingot._ingot); this file
re-exports it and adds what is plainest in Python: the Context manager, NumPy-style
module-level functions and from_numpy. See docs/python.md.
"""

import numpy as _np

from ingot import _ingot
from ingot._ingot import (  # noqa: F401
    ArgumentError,
    BuiltKernel,
    KernelArgument,
    KernelBuffer,
    KernelBuilder,
    KernelLocalArray,
    KernelValue,
    arg,
    Device,
    DType,
    Error,
    Tensor,
    arange,
    bfloat16,
    bool,
    cat,
    custom_kernel,
    default_device,
    devices,
    embedding,
    empty,
    empty_like,
    engine_stats,
    eye,
    float16,
    float32,
    float64,
    from_dlpack,
    full,
    full_like,
    is_grad_enabled,
    set_grad_enabled,
    int8,
    int16,
    int32,
    int64,
    linspace,
    load_safetensors,
    manual_seed,
    ones,
    ones_like,
    profile_flush,
    promote_types,
    rand,
    rand_like,
    randint,
    randn,
    randn_like,
    realize,
    save_safetensors,
    stack,
    uint8,
    uint16,
    uint32,
    uint64,
    where,
    with_gradient,
    zeros,
    zeros_like,
)

from ingot.export import export_function  # noqa: F401
from ingot.jit import jit  # noqa: F401
from ingot import nn  # noqa: F401,E402
from ingot import optim  # noqa: F401

__version__ = "0.1.0"


def tensor(data, dtype=None, device=None):
    """The same as Tensor(data, dtype, device), spelled as torch.tensor."""
    return Tensor(data, dtype=dtype, device=device)


def from_numpy(array, device=None):
    """A tensor holding a copy of a NumPy array's elements (any strides or byte order)."""
    if not isinstance(array, _np.ndarray):
        raise TypeError(f"from_numpy: expected a numpy.ndarray, got {type(array).__name__}")
    return Tensor(array, device=device)


def _as_tensor(x):
    return x if isinstance(x, Tensor) else Tensor(x)


def _method_as_function(name):
    def function(x, *args, **kwargs):
        return getattr(_as_tensor(x), name)(*args, **kwargs)

    function.__name__ = name
    function.__doc__ = f"ingot.{name}(x, ...) is Tensor(x).{name}(...)."
    return function


# NumPy's and PyTorch's module-level spellings of the tensor methods.
for _name in (
    "abs", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "sigmoid",
    "relu", "gelu", "reciprocal", "square", "logical_not", "maximum", "minimum",
    "logical_and", "logical_or", "logical_xor", "matmul", "dot", "clamp", "clip", "pow",
    "sum", "prod", "max", "min", "mean", "var", "std", "argmax", "argmin", "any", "all",
    "reshape", "permute", "transpose", "expand", "broadcast_to", "pad", "flip", "squeeze",
    "unsqueeze", "flatten", "repeat", "softmax", "log_softmax", "astype",
):
    globals()[_name] = _method_as_function(_name)
del _name


class no_grad:
    """Builds tensors without recording gradients, on this thread, as torch.no_grad:

    with ingot.no_grad():
        y = model(x)      # y.requires_grad is False

    Also a decorator (@ingot.no_grad()). The previous mode is restored on exit.
    """

    def __init__(self):
        self._saved = []

    def __enter__(self):
        self._saved.append(is_grad_enabled())
        set_grad_enabled(False)
        return self

    def __exit__(self, *exc):
        set_grad_enabled(self._saved.pop())
        return False

    def __call__(self, function):
        import functools

        @functools.wraps(function)
        def without_grad(*args, **kwargs):
            with no_grad():
                return function(*args, **kwargs)

        return without_grad


class Context:
    """ingot's settings by their environment variable names, as a context manager.

    with ingot.Context(DEBUG=2, BEAM=4):
        ...               # the settings hold here, and are restored afterwards

    Context.get("DEV") reads one; Context.set(NOOPT=True) changes them for good.
    Valid names: DEBUG, DEV, BEAM, NOOPT, INGOT_CACHE, INGOT_CC, METAL_FAST_MATH.
    """

    def __init__(self, **settings):
        for name in settings:
            _ingot._get_setting(name)  # raises ArgumentError naming the valid ones
        self._settings = settings
        self._saved = []

    @staticmethod
    def get(name):
        return _ingot._get_setting(name)

    @staticmethod
    def set(**settings):
        for name, value in settings.items():
            _ingot._set_setting(name, value)

    def __enter__(self):
        self._saved.append({name: _ingot._get_setting(name) for name in self._settings})
        try:
            Context.set(**self._settings)
        except BaseException:
            Context.set(**self._saved.pop())
            raise
        return self

    def __exit__(self, *exc):
        Context.set(**self._saved.pop())
        return False

    def __repr__(self):
        return "Context(" + ", ".join(f"{k}={v!r}" for k, v in self._settings.items()) + ")"
