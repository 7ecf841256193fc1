// The names of a comma-separated list such as --devices CUDA:0,CUDA:1 (empty entries
// skipped), for the command line, the benchmarks and the fuzzer.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace ingot::cli {

inline std::vector<std::string> split_names(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream stream(list);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

}  // namespace ingot::cli
