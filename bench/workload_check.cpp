#include <fmt/core.h>
#include <fmt/ranges.h>

#include <cmath>
#include <exception>

#include "workload_run.hpp"

namespace ingot::bench {

std::vector<Tensor> make_inputs(const Workload& workload, bool small, const std::string& device) {
  std::vector<Tensor> inputs;
  for (const WorkloadInput& in : workload.inputs) {
    const Shape& shape = small ? in.small : in.full;
    inputs.push_back(is_int(in.dtype) ? Tensor::randint(0, small ? in.high_small : in.high, shape,
                                                        in.dtype, device)
                                      : Tensor::randn(shape, in.dtype, device));
  }
  Tensor::realize_all(inputs);
  return inputs;
}

CheckResult check_workload(const Workload& workload, const std::string& device) {
  try {
    std::vector<Tensor> inputs = make_inputs(workload, true, device);
    std::vector<HostArray> host;
    for (const Tensor& t : inputs) host.push_back(HostArray::of(t));
    HostArray expected = workload.reference(host);
    HostArray got = HostArray::of(workload.on_device(inputs).realize());
    if (got.shape() != expected.shape())
      return {false, fmt::format("shape [{}], the reference's [{}]", fmt::join(got.shape(), ", "),
                                 fmt::join(expected.shape(), ", "))};
    double worst = 0;
    size_t worst_at = 0;
    for (size_t i = 0; i < got.values().size(); ++i) {
      double error =
          std::abs(got.values()[i] - expected.values()[i]) / (1 + std::abs(expected.values()[i]));
      if (!(error <= worst)) worst = error, worst_at = i;  // NaN counts as the worst
      if (std::isnan(error)) break;
    }
    std::string detail =
        fmt::format("worst relative error {:.2e} at element {} ({} against {})", worst, worst_at,
                    got.values()[worst_at], expected.values()[worst_at]);
    return {worst <= workload.tolerance, detail};
  } catch (const std::exception& e) {
    return {false, e.what()};
  }
}

}  // namespace ingot::bench
