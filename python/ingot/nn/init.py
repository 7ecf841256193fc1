"""ingot.nn.init: initialisers that make new, realized tensors of a shape (not PyTorch's
in-place `kaiming_uniform_(tensor)`), from the seeded generator (ingot.manual_seed).

`fans(shape)` is (fan_in, fan_out): shape[1] and shape[0] times the receptive field.
"""

from ingot._ingot.nn.init import (  # noqa: F401
    fans,
    kaiming_normal,
    kaiming_uniform,
    normal,
    uniform,
    xavier_normal,
    xavier_uniform,
)
