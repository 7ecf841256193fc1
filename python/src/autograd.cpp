// Autograd on ingot.Tensor, named as PyTorch's: requires_grad (a property and
// requires_grad_()), grad (None when there is none; assigning None clears it), backward,
// detach, assign; the grad mode switch behind ingot.no_grad (python/ingot/__init__.py);
// ingot.with_gradient, a composite op's own gradient given by a Python function.
#include "binding.hpp"

namespace ingot::python {

namespace {

// A Python function kept by C++ (a gradient rule in a tensor's record): its reference is
// dropped under the GIL, wherever the rule's last copy goes (a backward runs without the
// GIL), and not at all once the interpreter is gone.
std::shared_ptr<nb::object> held(nb::object function) {
  return {new nb::object(std::move(function)), [](nb::object* o) {
            if (!Py_IsInitialized()) return (void)o->release();
            nb::gil_scoped_acquire gil;
            delete o;
          }};
}

// The rule that calls `function` with the output's gradient: it returns a Tensor (one
// input), or a list or tuple with a Tensor or None for each input.
GradientFunction python_rule(nb::object function) {
  return [function = held(std::move(function))](const Tensor& grad) {
    GraphUnlocked unlocked;
    nb::gil_scoped_acquire gil;
    nb::object given = (*function)(grad);
    auto wrong = [](nb::handle value) {
      return nb::type_error(("ingot.with_gradient: the backward function must return a Tensor, "
                             "or a list of Tensors and Nones; it gave " +
                             python_type_name(value))
                                .c_str());
    };
    Tensor one;
    if (nb::try_cast(given, one)) return std::vector<Tensor>{one};
    if (!nb::isinstance<nb::list>(given) && !nb::isinstance<nb::tuple>(given)) throw wrong(given);
    std::vector<Tensor> out;
    for (nb::handle g : given) {
      Tensor t;
      if (!g.is_none() && !nb::try_cast(g, t)) throw wrong(g);
      out.push_back(t);
    }
    return out;
  };
}

}  // namespace

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
  m.def(
      "with_gradient",
      [](const Tensor& value, const std::vector<std::optional<Tensor>>& inputs,
         nb::object backward) {
        std::vector<Tensor> sources;
        for (const auto& t : inputs) sources.push_back(t.value_or(Tensor()));
        return with_gradient(value, sources, python_rule(std::move(backward)));
      },
      BuildsGraph(), "value"_a, "inputs"_a, "backward"_a,
      "A tensor of value's values whose gradient flows to `inputs` through `backward(grad)` "
      "(a Tensor, or a list with a Tensor or None per input) instead of through the ops that "
      "computed value (build those under ingot.no_grad()), as torch.autograd.Function.");
  m.def("is_grad_enabled", &is_grad_enabled);
  m.def("set_grad_enabled", &set_grad_enabled, "on"_a,
        "Turns recording of gradients on or off for this thread.");
}

}  // namespace ingot::python
