// ingot.optim: SGD, Adam and AdamW over the C++ optimizers, with PyTorch's keyword names
// (lr, momentum, dampening, weight_decay, nesterov, betas, eps). python/ingot/optim.py
// re-exports them.
#include "binding.hpp"

namespace ingot::python {

namespace {

std::vector<Tensor> parameters_arg(nb::handle params) {
  std::vector<Tensor> out;
  for (nb::handle p : nb::iter(params)) out.push_back(tensor_of(p));
  return out;
}

}  // namespace

void bind_optim(nb::module_& m) {
  nb::module_ optim = m.def_submodule("optim", "Optimizers: SGD, Adam, AdamW");
  nb::class_<optim::Optimizer>(optim, "Optimizer")
      .def("step", &optim::Optimizer::step, Evaluates(),
           "One update of every parameter with a gradient, realized together.")
      .def("zero_grad", &optim::Optimizer::zero_grad, BuildsGraph(),
           "Sets every parameter's grad to None.")
      .def_prop_ro("params", &optim::Optimizer::parameters)
      .def_prop_rw("lr", &optim::Optimizer::lr, &optim::Optimizer::set_lr)
      .def_prop_ro("steps", &optim::Optimizer::steps)
      .def(
          "state_dict",
          [](const optim::Optimizer& o) {
            nb::dict out;
            for (auto& [name, t] : o.state()) out[nb::str(name.c_str())] = nb::cast(t);
            return out;
          },
          "The state as a dict of tensors (for ingot.save_safetensors).")
      .def(
          "load_state_dict",
          [](optim::Optimizer& o, nb::dict state) {
            std::vector<std::pair<std::string, Tensor>> entries;
            for (auto [name, t] : state)
              entries.emplace_back(nb::cast<std::string>(name), as_tensor(t));
            Evaluating evaluating;
            o.load_state(entries);
          },
          "state"_a);
  nb::class_<optim::SGD, optim::Optimizer>(optim, "SGD")
      .def(
          "__init__",
          [](optim::SGD* self, nb::handle params, double lr, double momentum, double dampening,
             double weight_decay, bool nesterov) {
            new (self) optim::SGD(parameters_arg(params),
                                  {lr, momentum, dampening, weight_decay, nesterov});
          },
          "params"_a, "lr"_a = 1e-3, "momentum"_a = 0.0, "dampening"_a = 0.0,
          "weight_decay"_a = 0.0, "nesterov"_a = false);
  nb::class_<optim::Adam, optim::Optimizer>(optim, "Adam")
      .def(
          "__init__",
          [](optim::Adam* self, nb::handle params, double lr, std::pair<double, double> betas,
             double eps, double weight_decay) {
            new (self) optim::Adam(parameters_arg(params),
                                   {lr, betas.first, betas.second, eps, weight_decay});
          },
          "params"_a, "lr"_a = 1e-3, "betas"_a = std::pair{0.9, 0.999}, "eps"_a = 1e-8,
          "weight_decay"_a = 0.0);
  nb::class_<optim::AdamW, optim::Adam>(optim, "AdamW")
      .def(
          "__init__",
          [](optim::AdamW* self, nb::handle params, double lr, std::pair<double, double> betas,
             double eps, double weight_decay) {
            new (self) optim::AdamW(parameters_arg(params),
                                    {lr, betas.first, betas.second, eps, weight_decay});
          },
          "params"_a, "lr"_a = 1e-3, "betas"_a = std::pair{0.9, 0.999}, "eps"_a = 1e-8,
          "weight_decay"_a = 0.01);
}

}  // namespace ingot::python
