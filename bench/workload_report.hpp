// ingot_workload_bench's table: each workload's inputs, ingot's time, the peers' times and
// ratios, then per peer the geometric mean and the minimum of the ratios with the issue's
// targets beside them (PASS or MISS).
#pragma once

#include <string>
#include <vector>

#include "peer_figures.hpp"
#include "workload.hpp"

namespace ingot::bench {

struct WorkloadResult {
  const Workload* workload = nullptr;
  bool passed = false;  // the check against the reference
  double seconds = 0;   // per call or per step; 0 when not timed
  std::string note;     // why not timed, or the check's failure
};

// The peers measured on a device: PyTorch eager and torch.compile on CUDA, NumPy and
// PyTorch on the CPU elsewhere (workload_peers.py's names).
std::vector<std::string> peer_names(bool cuda);

// Prints the markdown table and the targets on stdout. `peers` holds the seconds
// workload_peers.py measured, under "PEER: WORKLOAD".
void print_workload_table(const std::vector<WorkloadResult>& results, const PeerFigures& peers,
                          bool cuda);

}  // namespace ingot::bench
