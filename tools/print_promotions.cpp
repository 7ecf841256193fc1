// Prints the dtype promotion table of docs/dtypes.md from promote_types itself, so the
// documentation cannot drift from the code. `--check FILE` compares the table between
// FILE's promotion markers with the generated one (a CTest test runs it on the docs).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "ingot/dtype.hpp"

namespace {

constexpr const char* kBegin = "<!-- promotions:begin -->\n";
constexpr const char* kEnd = "<!-- promotions:end -->";

std::string promotion_table() {
  std::ostringstream out;
  out << "| |";
  for (ingot::DType column : ingot::kAllDTypes) out << " " << ingot::dtype_name(column) << " |";
  out << "\n|---|";
  for (size_t i = 0; i < std::size(ingot::kAllDTypes); ++i) out << "---|";
  out << "\n";
  for (ingot::DType row : ingot::kAllDTypes) {
    out << "| **" << ingot::dtype_name(row) << "** |";
    for (ingot::DType column : ingot::kAllDTypes)
      out << " " << ingot::dtype_name(ingot::promote_types(row, column)) << " |";
    out << "\n";
  }
  return out.str();
}

int check(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string doc = text.str();
  size_t begin = doc.find(kBegin);
  size_t end = doc.find(kEnd);
  if (!file || begin == std::string::npos || end == std::string::npos || end < begin) {
    std::cerr << path << ": no table between '" << kBegin << "' and '" << kEnd << "'\n";
    return 1;
  }
  begin += std::string(kBegin).size();
  if (doc.substr(begin, end - begin) == promotion_table()) return 0;
  std::cerr << path << ": the promotion table differs from promote_types; regenerate it with "
            << "ingot_print_promotions. It should read:\n"
            << promotion_table();
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--check") return check(argv[2]);
  if (argc != 1) {
    std::cerr << "usage: ingot_print_promotions [--check docs/dtypes.md]\n";
    return 1;
  }
  std::cout << promotion_table();
  return 0;
}
