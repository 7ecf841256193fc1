"""ingot.nn.functional: the layers as functions, as torch.nn.functional names them.

Each is ingot::nn's C++ function (include/ingot/nn.hpp): lazy, fused with what surrounds
it, validated there. See docs/nn.md.
"""

from ingot._ingot.nn import (  # noqa: F401
    avg_pool2d,
    batch_norm,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    conv1d,
    conv2d,
    conv_transpose2d,
    cross_entropy,
    dropout,
    layer_norm,
    linear,
    max_pool2d,
    mse_loss,
    updated_running_stats,
    rms_norm,
    scaled_dot_product_attention,
)


def relu(x):
    return x.relu()


def gelu(x):
    return x.gelu()


def softmax(x, dim=-1):
    return x.softmax(dim)


def log_softmax(x, dim=-1):
    return x.log_softmax(dim)
