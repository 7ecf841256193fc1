// Optimizers over tensors that require grad (docs/autograd.md): SGD (momentum, dampening,
// Nesterov, weight decay), Adam and AdamW, with PyTorch's update rules. step() updates
// every parameter that has a gradient, all realized together (one schedule), in place
// (Tensor::assign), so a module holding the parameters sees the new values.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot::optim {

class Optimizer {
 public:
  virtual ~Optimizer() = default;
  Optimizer(const Optimizer&) = delete;
  Optimizer& operator=(const Optimizer&) = delete;

  // One update of every parameter with a gradient (one without is left as it is).
  void step();
  // Clears every parameter's gradient (set to undefined, as PyTorch's set_to_none).
  void zero_grad();

  const std::vector<Tensor>& parameters() const { return params_; }
  // The learning rate; changing it between steps compiles nothing new (the step-dependent
  // scalars reach the kernels as tensors, not as constants).
  double lr() const { return lr_; }
  void set_lr(double lr);
  int64_t steps() const { return steps_; }

  // The optimizer's state as named tensors ("step", "<i>.<name>" for parameter i), for
  // save_safetensors; load_state takes what state() gave (same parameters, shapes and
  // dtypes) and errors naming the first entry that does not fit.
  std::vector<std::pair<std::string, Tensor>> state() const;
  void load_state(const std::vector<std::pair<std::string, Tensor>>& state);

 protected:
  Optimizer(std::vector<Tensor> params, double lr, const char* name,
            std::vector<std::string> state_names);
  // The step's scalars of `like`'s dtype and device, as 0-d tensors read from memory.
  Tensor scalar(double value, const Tensor& like);
  // Parameter i's new value, given its gradient; `state` (the names given to the
  // constructor, undefined before the first step) is updated in place (lazily).
  virtual Tensor update(const Tensor& param, const Tensor& grad, std::vector<Tensor>& state) = 0;

  const char* name_;

 private:
  std::vector<Tensor> params_;
  double lr_;
  int64_t steps_ = 0;
  std::vector<std::string> state_names_;
  std::vector<std::vector<Tensor>> state_;
  std::vector<std::pair<std::string, Tensor>> scalars_;  // this step's, by device and dtype
};

struct SGDOptions {
  double lr = 1e-3;
  double momentum = 0;
  double dampening = 0;
  double weight_decay = 0;
  bool nesterov = false;
};

class SGD : public Optimizer {
 public:
  SGD(std::vector<Tensor> params, const SGDOptions& options = {});

 private:
  Tensor update(const Tensor& param, const Tensor& grad, std::vector<Tensor>& state) override;
  SGDOptions options_;
};

struct AdamOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 0;  // Adam: added to the gradient (L2); AdamW: decoupled
};

class Adam : public Optimizer {
 public:
  Adam(std::vector<Tensor> params, const AdamOptions& options = {});

 protected:
  Adam(std::vector<Tensor> params, const AdamOptions& options, const char* name, bool decoupled);

 private:
  Tensor update(const Tensor& param, const Tensor& grad, std::vector<Tensor>& state) override;
  AdamOptions options_;
  bool decoupled_;
};

// Adam's options with PyTorch's AdamW default weight decay, 0.01.
struct AdamWOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 0.01;
};

// Adam with decoupled weight decay (Loshchilov and Hutter): the parameter shrinks by
// lr * weight_decay before the Adam step.
class AdamW : public Adam {
 public:
  AdamW(std::vector<Tensor> params, const AdamWOptions& options = {});
};

}  // namespace ingot::optim
