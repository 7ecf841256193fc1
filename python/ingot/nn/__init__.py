"""ingot.nn: modules that hold parameters and call ingot.nn.functional.

A Module keeps its parameters, buffers and submodules by attribute name, as PyTorch's
does: named_parameters() yields ("weight", t), ("0.weight", t) for a Sequential's first
layer, and so on; train() and eval() set the training flag of it and every submodule.
Parameters are ingot tensors, initialised as PyTorch initialises each layer. See
docs/nn.md.
"""

import math

from ingot import _ingot
from ingot.nn import functional, init

F = functional

__all__ = [
    "Module",
    "Linear",
    "Conv2d",
    "LayerNorm",
    "RMSNorm",
    "BatchNorm2d",
    "Embedding",
    "Dropout",
    "ReLU",
    "GELU",
    "Flatten",
    "MaxPool2d",
    "AvgPool2d",
    "Sequential",
    "functional",
    "init",
]


class Module:
    """A layer: parameters (trained), buffers (kept state) and submodules, by name."""

    def __init__(self):
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def register_parameter(self, name, tensor):
        """Keeps `tensor` (or None: no such parameter) as parameter `name`, realized and
        requiring gradients."""
        if tensor is not None:
            tensor = tensor.realize().requires_grad_()
        self._parameters[name] = tensor

    def register_buffer(self, name, tensor):
        self._buffers[name] = tensor

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        elif name in self._parameters:
            self._parameters[name] = value
        elif name in self._buffers:
            self._buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        # Only reached where normal lookup fails: the registered names.
        for table in ("_parameters", "_buffers", "_modules"):
            entries = self.__dict__.get(table, {})
            if name in entries:
                return entries[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} does not define forward")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def _named(self, table, prefix):
        for name, tensor in getattr(self, table).items():
            if tensor is not None:
                yield prefix + name, tensor
        for name, module in self._modules.items():
            yield from module._named(table, prefix + name + ".")

    def named_parameters(self, prefix=""):
        return self._named("_parameters", prefix)

    def parameters(self):
        return [t for _, t in self.named_parameters()]

    def named_buffers(self, prefix=""):
        return self._named("_buffers", prefix)

    def buffers(self):
        return [t for _, t in self.named_buffers()]

    def children(self):
        return list(self._modules.values())

    def state_dict(self):
        """Parameters and buffers by their dotted names."""
        return dict(self.named_parameters()) | dict(self.named_buffers())

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for module in self._modules.values():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)


def _bias(out_features, fan_in, dtype, device):
    # PyTorch's bias of Linear and Conv2d: uniform(+-1 / sqrt(fan_in)).
    bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0.0
    return init.uniform((out_features,), -bound, bound, dtype=dtype, device=device)


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None, device=None):
        super().__init__()
        shape = (out_features, in_features)
        self.register_parameter(
            "weight", init.kaiming_uniform(shape, math.sqrt(5), dtype=dtype, device=device)
        )
        self.register_parameter(
            "bias", _bias(out_features, in_features, dtype, device) if bias else None
        )

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class Conv2d(Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, groups=1, bias=True, dtype=None, device=None):
        super().__init__()
        if groups < 1 or in_channels % groups or out_channels % groups:
            raise _ingot.ArgumentError(
                f"Conv2d: {groups} groups must divide both the {in_channels} input and the "
                f"{out_channels} output channels"
            )
        kh, kw = (kernel_size, kernel_size) if isinstance(kernel_size, int) else kernel_size
        shape = (out_channels, in_channels // groups, kh, kw)
        self.stride, self.padding, self.dilation, self.groups = stride, padding, dilation, groups
        self.register_parameter(
            "weight", init.kaiming_uniform(shape, math.sqrt(5), dtype=dtype, device=device)
        )
        fan_in = init.fans(shape)[0]
        self.register_parameter(
            "bias", _bias(out_channels, fan_in, dtype, device) if bias else None
        )

    def forward(self, x):
        return F.conv2d(x, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)


def _shape(normalized_shape):
    return (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, dtype=None,
                 device=None):
        super().__init__()
        self.normalized_shape, self.eps = _shape(normalized_shape), eps
        affine = elementwise_affine
        shape = self.normalized_shape
        self.register_parameter(
            "weight", _ingot.ones(shape, dtype=dtype, device=device) if affine else None
        )
        self.register_parameter(
            "bias", _ingot.zeros(shape, dtype=dtype, device=device) if affine else None
        )

    def forward(self, x):
        return F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)


class RMSNorm(Module):
    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, dtype=None,
                 device=None):
        super().__init__()
        self.normalized_shape, self.eps = _shape(normalized_shape), eps
        ones = _ingot.ones(self.normalized_shape, dtype=dtype, device=device)
        self.register_parameter("weight", ones if elementwise_affine else None)

    def forward(self, x):
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)


class BatchNorm2d(Module):
    """Batch statistics in training (the running ones moved by `momentum`), running ones
    in evaluation, as PyTorch's."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, dtype=None,
                 device=None):
        super().__init__()
        self.eps, self.momentum = eps, momentum
        c = (num_features,)
        self.register_parameter(
            "weight", _ingot.ones(c, dtype=dtype, device=device) if affine else None
        )
        self.register_parameter(
            "bias", _ingot.zeros(c, dtype=dtype, device=device) if affine else None
        )
        self.register_buffer("running_mean", _ingot.zeros(c, dtype=dtype, device=device).realize())
        self.register_buffer("running_var", _ingot.ones(c, dtype=dtype, device=device).realize())
        self.register_buffer(
            "num_batches_tracked",
            _ingot.zeros((), dtype=_ingot.int64, device=device).realize(),
        )

    def forward(self, x):
        if x.ndim != 4:
            raise _ingot.ArgumentError(
                f"BatchNorm2d: expects an [N, C, H, W] input, got shape {tuple(x.shape)}"
            )
        out = F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                           self.training, eps=self.eps)
        if self.training:
            mean, var = F.updated_running_stats(x, self.running_mean, self.running_var,
                                                self.momentum)
            self.running_mean, self.running_var = mean, var
            self.num_batches_tracked = self.num_batches_tracked + 1
            _ingot.realize([self.running_mean, self.running_var, self.num_batches_tracked])
        return out


class Embedding(Module):
    """Rows of weight [num_embeddings, embedding_dim] looked up by integer indices:
    input [...] gives [..., embedding_dim]. The weight is initialised normal(0, 1)."""

    def __init__(self, num_embeddings, embedding_dim, dtype=None, device=None):
        super().__init__()
        self.register_parameter(
            "weight", init.normal((num_embeddings, embedding_dim), 0.0, 1.0, dtype=dtype,
                                  device=device)
        )

    def forward(self, x):
        return _ingot.embedding(self.weight, x)


class Dropout(Module):
    def __init__(self, p=0.5):
        super().__init__()
        if not 0 <= p <= 1:
            raise _ingot.ArgumentError(f"Dropout: probability {p} must lie in [0, 1]")
        self.p = p

    def forward(self, x):
        return F.dropout(x, self.p, self.training)


class ReLU(Module):
    def forward(self, x):
        return x.relu()


class GELU(Module):
    def forward(self, x):
        return x.gelu()


class Flatten(Module):
    """All axes but the first."""

    def forward(self, x):
        return x.flatten(1)


class MaxPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1):
        super().__init__()
        self.kernel_size, self.stride, self.padding, self.dilation = (
            kernel_size, stride, padding, dilation)

    def forward(self, x):
        return F.max_pool2d(x, self.kernel_size, self.stride, self.padding, self.dilation)


class AvgPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, count_include_pad=True):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.count_include_pad = count_include_pad

    def forward(self, x):
        return F.avg_pool2d(x, self.kernel_size, self.stride, self.padding,
                            count_include_pad=self.count_include_pad)


class Sequential(Module):
    """Its layers in order, named "0", "1", ..."""

    def __init__(self, *layers):
        super().__init__()
        for i, layer in enumerate(layers):
            self._modules[str(i)] = layer

    def __getitem__(self, i):
        return list(self._modules.values())[i]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def forward(self, x):
        for layer in self._modules.values():
            x = layer(x)
        return x
