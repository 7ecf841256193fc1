// Autograd on ingot.Tensor, named as PyTorch's: requires_grad (a property and
// requires_grad_()), grad (None when there is none; assigning None clears it), backward,
// detach, assign; the grad mode switch behind ingot.no_grad (python/ingot/__init__.py).
#include "binding.hpp"

namespace ingot::python {

void bind_autograd(nb::module_& m, nb::class_<Tensor>& tensor) {
  tensor.def(
      "requires_grad_", [](Tensor& t, bool on) -> Tensor& { return t.requires_grad_(on); },
      BuildsGraph(), "requires_grad"_a = true, nb::rv_policy::reference,
      "Marks a leaf so that backward() accumulates its gradient; returns it.");
  tensor.def_prop_rw(
      "requires_grad", [](const Tensor& t) { return t.requires_grad(); },
      [](Tensor& t, bool on) {
        GraphLock lock;
        t.requires_grad_(on);
      });
  tensor.def_prop_rw(
      "grad",
      [](const Tensor& t) -> std::optional<Tensor> {
        Tensor g = t.grad();
        if (!g.defined()) return std::nullopt;
        return g;
      },
      [](Tensor& t, std::optional<Tensor> g) {
        GraphLock lock;
        t.set_grad(g.value_or(Tensor()));
      },
      nb::arg("grad").none(), "The gradient backward() accumulated (None when none).");
  tensor.def(
      "backward",
      [](const Tensor& t, std::optional<Tensor> grad, bool retain_graph) {
        Evaluating evaluating;
        t.backward(grad.value_or(Tensor()), retain_graph);
      },
      "gradient"_a = nb::none(), "retain_graph"_a = false,
      "Adds d(self)/d(leaf) (weighted by `gradient`, needed unless self has one element) to "
      "every leaf's grad; the leaves' gradients are realized together.");
  tensor.def("detach", &Tensor::detach, BuildsGraph(),
             "The same values, with no gradient flowing through them.");
  tensor.def(
      "assign",
      [](Tensor& t, nb::handle value) -> Tensor& {
        Tensor v = operand(value, t, "assign");
        Evaluating evaluating;
        return t.assign(v);
      },
      nb::rv_policy::reference, "value"_a,
      "Overwrites the values in place (same shape, dtype and device), realized now.");
  m.def("is_grad_enabled", &is_grad_enabled);
  m.def("set_grad_enabled", &set_grad_enabled, "on"_a,
        "Turns recording of gradients on or off for this thread.");
}

}  // namespace ingot::python
