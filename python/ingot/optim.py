"""Optimizers, as torch.optim spells them: SGD, Adam, AdamW (the C++ ones of
include/ingot/optim.hpp). step() updates every parameter with a gradient in place, all
realized together; zero_grad() sets the gradients to None.

    opt = ingot.optim.Adam(model.parameters(), lr=1e-3)
    opt.zero_grad(); loss.backward(); opt.step()
"""

from ingot._ingot import optim as _optim

Optimizer = _optim.Optimizer
SGD = _optim.SGD
Adam = _optim.Adam
AdamW = _optim.AdamW
