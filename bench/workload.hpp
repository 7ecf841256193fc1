// One workload of ingot_workload_bench: a program a user writes, described once as a
// generic function of its inputs that runs on ingot::Tensor (timed on the device) and on
// HostArray (the float64 reference it is checked against), and named for the peers
// script (bench/workload_peers.py), which computes the same program by the same name.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "host_array.hpp"
#include "ingot/dtype.hpp"
#include "ingot/shape.hpp"
#include "ingot/tensor.hpp"

namespace ingot::bench {

struct WorkloadInput {
  Shape full;   // the timed size
  Shape small;  // the checked size (and --small's)
  DType dtype = DType::Float32;
  // Integer inputs (indices) are uniform in [0, high) at the full size, [0, high_small) at
  // the small one; float inputs are standard normal.
  int64_t high = 0, high_small = 0;
};

struct Workload {
  std::string name;  // the key in workload_peers.py
  std::vector<WorkloadInput> inputs;
  std::function<Tensor(const std::vector<Tensor>&)> on_device;
  std::function<HostArray(const std::vector<HostArray>&)> reference;
  // Largest error allowed, relative to 1 + |reference|: float32 rounding by default.
  double tolerance = 1e-4;
  // 0: the figure is the device's time for one call. Otherwise the figure is host time per
  // step of a loop that feeds the result back as the input, `steps` steps realized in a
  // row (the tiny-op chains): the program must map its one input's shape to itself.
  int steps = 0;
};

// A workload from a generic function `program(inputs)`, inputs being a vector of Tensor
// or of HostArray.
template <class Program>
Workload workload(std::string name, std::vector<WorkloadInput> inputs, Program program,
                  double tolerance = 1e-4) {
  return {std::move(name), std::move(inputs),
          [program](const std::vector<Tensor>& in) { return program(in); },
          [program](const std::vector<HostArray>& in) { return program(in); }, tolerance};
}

// Tensor::stack and HostArray::stack from inside a generic program.
template <class Array>
Array stack(const std::vector<Array>& arrays, int axis) {
  return Array::stack(arrays, axis);
}

// An input of `full` and `small` shapes.
inline WorkloadInput input(Shape full, Shape small, DType dtype = DType::Float32) {
  return {std::move(full), std::move(small), dtype};
}

// int32 indices of `full` and `small` shapes into an axis of `high` or `high_small`.
inline WorkloadInput indices(Shape full, Shape small, int64_t high, int64_t high_small) {
  return {std::move(full), std::move(small), DType::Int32, high, high_small};
}

// The suite, by kind: normalizations and reductions (workloads_reductions.cpp),
// elementwise chains, permuting copies and tiny-op loops (workloads_elementwise.cpp),
// matmuls, attention, the MLP block, convolution and pooling from views
// (workloads_matmul.cpp), ingot's own ops: conv2d, cumsum, gathers, embedding
// (workloads_ops.cpp); all_workloads() is all four in that order.
std::vector<Workload> reduction_workloads();
std::vector<Workload> elementwise_workloads();
std::vector<Workload> matmul_workloads();
std::vector<Workload> op_workloads();
std::vector<Workload> all_workloads();

}  // namespace ingot::bench
