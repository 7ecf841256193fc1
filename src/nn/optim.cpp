// The optimizers of include/ingot/optim.hpp. Each step builds every parameter's update
// lazily with no gradient recorded, realizes all new values and states in one
// realize_all, then swaps the new buffers in (Tensor::assign). Scalars that change from
// step to step (the learning rate, Adam's bias corrections) are 0-d tensors in memory,
// not constants, so a kernel compiled for the first step serves every later one.
#include "ingot/optim.hpp"

#include <bit>
#include <cmath>
#include <unordered_set>

#include "ingot/error.hpp"
#include "nn/describe.hpp"

namespace ingot::optim {

namespace {

using nn_text::describe;

void check_range(const char* optimizer, const char* what, double value, double lo, double hi,
                 const char* valid) {
  if (!(value >= lo && value <= hi))
    throw ArgumentError(std::string(optimizer) + ": " + what + " " + std::to_string(value) +
                        " is invalid (" + valid + ")");
}

void check_unit(const char* optimizer, const char* what, double value) {
  if (!(value >= 0 && value < 1))
    throw ArgumentError(std::string(optimizer) + ": " + what + " " + std::to_string(value) +
                        " is invalid (must be in [0, 1))");
}

constexpr double kInf = INFINITY;

}  // namespace

Optimizer::Optimizer(std::vector<Tensor> params, double lr, const char* name,
                     std::vector<std::string> state_names)
    : name_(name),
      params_(std::move(params)),
      state_names_(std::move(state_names)),
      state_(params_.size(), std::vector<Tensor>(state_names_.size())) {
  if (params_.empty()) throw ArgumentError(std::string(name) + ": got an empty parameter list");
  std::unordered_set<const LazyNode*> seen;
  for (size_t i = 0; i < params_.size(); ++i) {
    const Tensor& p = params_[i];
    if (!p.defined())
      throw ArgumentError(std::string(name) + ": parameter " + std::to_string(i) +
                          " is an undefined tensor");
    if (!p.requires_grad())
      throw ArgumentError(std::string(name) + ": parameter " + std::to_string(i) + " (a " +
                          describe(p) +
                          ") does not require grad; call requires_grad_() on it or leave it out");
    if (!seen.insert(p.node().get()).second)
      throw ArgumentError(std::string(name) + ": parameter " + std::to_string(i) +
                          " appears more than once");
  }
  set_lr(lr);
}

void Optimizer::set_lr(double lr) {
  check_range(name_, "learning rate", lr, 0, kInf, "must be >= 0");
  lr_ = lr;
}

Tensor Optimizer::scalar(double value, const Tensor& like) {
  std::string key = like.device() + "/" + dtype_name(like.dtype()) + "/" +
                    std::to_string(std::bit_cast<uint64_t>(value));
  for (const auto& [k, t] : scalars_)
    if (k == key) return t;
  std::vector<uint8_t> bytes(dtype_size(like.dtype()));
  store_from_double(bytes.data(), like.dtype(), 0, value);
  Tensor t = Tensor::from_data(bytes.data(), like.dtype(), {}, like.device());
  scalars_.emplace_back(key, t);
  return t;
}

void Optimizer::step() {
  NoGrad no_grad;
  ++steps_;
  std::vector<size_t> updated;
  std::vector<Tensor> values, targets;
  std::vector<std::vector<Tensor>> states;
  for (size_t i = 0; i < params_.size(); ++i) {
    Tensor g = params_[i].grad();
    if (!g.defined()) continue;
    std::vector<Tensor> state = state_[i];
    values.push_back(update(params_[i], g, state));
    targets.push_back(values.back());
    for (const Tensor& s : state)
      if (s.defined()) targets.push_back(s);  // SGD without momentum keeps none
    states.push_back(std::move(state));
    updated.push_back(i);
  }
  scalars_.clear();
  Tensor::realize_all(targets);
  for (size_t k = 0; k < updated.size(); ++k) {
    params_[updated[k]].assign(values[k]);
    state_[updated[k]] = std::move(states[k]);
  }
}

void Optimizer::zero_grad() {
  for (Tensor& p : params_) p.set_grad(Tensor());
}

std::vector<std::pair<std::string, Tensor>> Optimizer::state() const {
  std::vector<std::pair<std::string, Tensor>> out;
  out.emplace_back("step", Tensor::from_vector<int64_t>({steps_}, {}, "CPU"));
  for (size_t i = 0; i < params_.size(); ++i)
    for (size_t s = 0; s < state_names_.size(); ++s)
      if (state_[i][s].defined())
        out.emplace_back(std::to_string(i) + "." + state_names_[s], state_[i][s]);
  return out;
}

void Optimizer::load_state(const std::vector<std::pair<std::string, Tensor>>& state) {
  int64_t steps = -1;
  std::vector<std::vector<Tensor>> loaded(params_.size(), std::vector<Tensor>(state_names_.size()));
  for (const auto& [name, t] : state) {
    if (name == "step") {
      if (!t.defined() || t.numel() != 1 || !is_int(t.dtype()))
        throw ArgumentError(std::string(name_) + ".load_state: \"step\" must be one integer");
      steps = t.item<int64_t>();
      continue;
    }
    size_t dot = name.find('.');
    size_t index = params_.size(), slot = state_names_.size();
    if (dot != std::string::npos && dot > 0 && name.find_first_not_of("0123456789") == dot) {
      index = std::stoul(name.substr(0, dot));
      for (size_t s = 0; s < state_names_.size(); ++s)
        if (name.substr(dot + 1) == state_names_[s]) slot = s;
    }
    if (index >= params_.size() || slot >= state_names_.size())
      throw ArgumentError(std::string(name_) + ".load_state: unknown entry \"" + name +
                          "\" (expected \"step\" or \"<parameter index>.<state>\" for " +
                          std::to_string(params_.size()) + " parameters)");
    const Tensor& p = params_[index];
    if (!t.defined() || t.shape() != p.shape())
      throw ArgumentError(std::string(name_) + ".load_state: \"" + name + "\" is a " +
                          (t.defined() ? describe(t) : std::string("undefined tensor")) +
                          "; parameter " + std::to_string(index) + " is a " + describe(p));
    loaded[index][slot] = t.astype(p.dtype()).to(p.device()).contiguous().realize();
  }
  if (steps < 0)
    throw ArgumentError(std::string(name_) + ".load_state: the state has no \"step\" entry");
  steps_ = steps;
  state_ = std::move(loaded);
}

SGD::SGD(std::vector<Tensor> params, const SGDOptions& o)
    : Optimizer(std::move(params), o.lr, "SGD", {"momentum_buffer"}), options_(o) {
  check_range(name_, "momentum", o.momentum, 0, kInf, "must be >= 0");
  check_range(name_, "dampening", o.dampening, 0, 1, "must be in [0, 1]");
  check_range(name_, "weight_decay", o.weight_decay, 0, kInf, "must be >= 0");
  if (o.nesterov && (o.momentum <= 0 || o.dampening != 0))
    throw ArgumentError("SGD: nesterov needs a momentum > 0 and zero dampening (momentum " +
                        std::to_string(o.momentum) + ", dampening " + std::to_string(o.dampening) +
                        ")");
}

Tensor SGD::update(const Tensor& p, const Tensor& grad, std::vector<Tensor>& state) {
  const SGDOptions& o = options_;
  Tensor g = o.weight_decay ? grad + p * o.weight_decay : grad;
  if (o.momentum) {
    Tensor& buffer = state[0];
    // The first step's buffer is the gradient itself, as PyTorch's.
    buffer = buffer.defined() ? buffer * o.momentum + g * (1 - o.dampening) : g;
    g = o.nesterov ? g + buffer * o.momentum : buffer;
  }
  return p - scalar(lr(), p) * g;
}

Adam::Adam(std::vector<Tensor> params, const AdamOptions& options)
    : Adam(std::move(params), options, "Adam", false) {}

Adam::Adam(std::vector<Tensor> params, const AdamOptions& o, const char* name, bool decoupled)
    : Optimizer(std::move(params), o.lr, name, {"exp_avg", "exp_avg_sq"}),
      options_(o),
      decoupled_(decoupled) {
  check_unit(name_, "beta1", o.beta1);
  check_unit(name_, "beta2", o.beta2);
  check_range(name_, "eps", o.eps, 0, kInf, "must be >= 0");
  check_range(name_, "weight_decay", o.weight_decay, 0, kInf, "must be >= 0");
}

Tensor Adam::update(const Tensor& param, const Tensor& grad, std::vector<Tensor>& state) {
  const AdamOptions& o = options_;
  Tensor p = param, g = grad;
  if (o.weight_decay && decoupled_) p = p * scalar(1 - lr() * o.weight_decay, p);
  if (o.weight_decay && !decoupled_) g = g + p * o.weight_decay;
  Tensor& m = state[0];
  Tensor& v = state[1];
  // Zero moments before the first step: the first update is (1 - beta) * g.
  m = m.defined() ? m * o.beta1 + g * (1 - o.beta1) : g * (1 - o.beta1);
  v = v.defined() ? v * o.beta2 + g * g * (1 - o.beta2) : g * g * (1 - o.beta2);
  double t = static_cast<double>(steps());
  double step_size = lr() / (1 - std::pow(o.beta1, t));
  double inverse_root_correction = 1 / std::sqrt(1 - std::pow(o.beta2, t));
  Tensor denominator = v.sqrt() * scalar(inverse_root_correction, p) + o.eps;
  return p - scalar(step_size, p) * m / denominator;
}

AdamW::AdamW(std::vector<Tensor> params, const AdamWOptions& o)
    : Adam(std::move(params), {o.lr, o.beta1, o.beta2, o.eps, o.weight_decay}, "AdamW", true) {}

}  // namespace ingot::optim
