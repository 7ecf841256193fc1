#include "workload_report.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <cmath>
#include <optional>

namespace ingot::bench {
namespace {

// The inputs' shapes, then the first input's type; an input of another type (indices)
// names its own.
std::string inputs_text(const Workload& workload) {
  const DType first = workload.inputs.at(0).dtype;
  std::vector<std::string> shapes;
  for (const WorkloadInput& in : workload.inputs) {
    std::string shape = in.full.empty() ? "scalar" : fmt::format("{}", fmt::join(in.full, "x"));
    shapes.push_back(in.dtype == first ? shape : shape + " " + dtype_name(in.dtype));
  }
  return fmt::format("{} {}", fmt::join(shapes, ", "), dtype_name(first));
}

std::string time_text(double seconds, bool per_step) {
  if (seconds <= 0) return "—";
  std::string unit = per_step ? "/step" : "";
  return seconds < 1e-3 ? fmt::format("{:.1f} µs{}", seconds * 1e6, unit)
                        : fmt::format("{:.2f} ms{}", seconds * 1e3, unit);
}

std::optional<double> peer_seconds(const PeerFigures& peers, const std::string& peer,
                                   const Workload& workload) {
  auto found = peers.find(peer + ": " + workload.name);
  if (found == peers.end() || !(found->second > 0)) return std::nullopt;
  return found->second;
}

// The peer's time over ingot's: above 1, ingot is faster.
std::optional<double> ratio(const PeerFigures& peers, const std::string& peer,
                            const WorkloadResult& result) {
  std::optional<double> theirs = peer_seconds(peers, peer, *result.workload);
  if (!theirs || result.seconds <= 0) return std::nullopt;
  return *theirs / result.seconds;
}

struct Target {
  std::string peer;
  std::string what;  // "geometric mean", "minimum", or a workload's name
  double at_least;
};

std::vector<Target> targets(bool cuda) {
  if (cuda)
    return {{"torch eager", "geometric mean", 1.2},
            {"torch compile", "geometric mean", 0.95},
            {"torch eager", "minimum", 0.8},
            {"torch eager", "tiny chain of 2 ops", 1.0}};
  return {{"torch cpu", "geometric mean", 1.0}, {"numpy", "minimum", 0.5}};
}

// The figure a target is about: the geometric mean or the minimum of the peer's ratios,
// or one workload's ratio; with the workload it comes from.
std::optional<std::pair<double, std::string>> target_figure(
    const Target& target, const std::vector<WorkloadResult>& results, const PeerFigures& peers) {
  double log_sum = 0, lowest = INFINITY;
  int count = 0;
  std::string lowest_name;
  for (const WorkloadResult& result : results) {
    std::optional<double> r = ratio(peers, target.peer, result);
    if (!r) continue;
    if (result.workload->name == target.what) return std::pair{*r, target.what};
    log_sum += std::log(*r);
    ++count;
    if (*r < lowest) lowest = *r, lowest_name = result.workload->name;
  }
  if (count == 0 || (target.what != "geometric mean" && target.what != "minimum"))
    return std::nullopt;
  if (target.what == "minimum") return std::pair{lowest, lowest_name};
  return std::pair{std::exp(log_sum / count), fmt::format("{} workloads", count)};
}

}  // namespace

std::vector<std::string> peer_names(bool cuda) {
  if (cuda) return {"torch eager", "torch compile"};
  return {"numpy", "torch cpu"};
}

void print_workload_table(const std::vector<WorkloadResult>& results, const PeerFigures& peers,
                          bool cuda) {
  const std::vector<std::string> names = peer_names(cuda);
  fmt::print("| workload | inputs | ingot | {} | {} |\n", fmt::join(names, " | "),
             fmt::format("{}", fmt::join(names, "/ingot | ")) + "/ingot");
  std::string cells;
  for (size_t i = 0; i < names.size() * 2; ++i) cells += "---:|";
  fmt::print("|---|---|---:|{}\n", cells);
  for (const WorkloadResult& result : results) {
    const Workload& w = *result.workload;
    const bool per_step = w.steps > 0;
    std::string ingot = result.passed ? time_text(result.seconds, per_step) : "FAIL";
    fmt::print("| {} | {} | {} |", w.name, inputs_text(w), ingot);
    for (const std::string& peer : names) {
      std::optional<double> s = peer_seconds(peers, peer, w);
      fmt::print(" {} |", s ? time_text(*s, per_step) : "—");
    }
    for (const std::string& peer : names) {
      std::optional<double> r = ratio(peers, peer, result);
      fmt::print(" {} |", r ? fmt::format("{:.2f}", *r) : "—");
    }
    fmt::print("\n");
  }
  fmt::print("\nRatios are the peer's time over ingot's: above 1, ingot is faster.\n\n");
  fmt::print("| peer | figure | ratio | target | |\n|---|---|---:|---:|---|\n");
  for (const Target& target : targets(cuda)) {
    auto figure = target_figure(target, results, peers);
    if (!figure) {
      fmt::print("| {} | {} | no figure | >= {} | MISS |\n", target.peer, target.what,
                 target.at_least);
      continue;
    }
    fmt::print("| {} | {} ({}) | {:.2f} | >= {} | {} |\n", target.peer, target.what, figure->second,
               figure->first, target.at_least, figure->first >= target.at_least ? "PASS" : "MISS");
  }
}

}  // namespace ingot::bench
