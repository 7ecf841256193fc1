// Prints the dtype promotion table of docs/dtypes.md from promote_types itself, so the
// documentation cannot drift from the code. `--check FILE` compares the table between
// FILE's promotion markers with the generated one (a CTest test runs it on the docs);
// `--update FILE` rewrites it there.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "ingot/dtype.hpp"

namespace {

const std::string kBegin = "<!-- promotions:begin -->\n";
const std::string kEnd = "<!-- promotions:end -->";

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

// Checks or updates the table of the markdown file at `path`; returns the exit status.
int check_or_update(const std::string& path, bool update) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string doc = text.str();
  size_t begin = doc.find(kBegin);
  size_t end = doc.find(kEnd);
  if (!file || begin == std::string::npos || end == std::string::npos || end < begin) {
    std::cerr << path << ": no table between the markers " << kBegin << " and " << kEnd << "\n";
    return 1;
  }
  begin += kBegin.size();
  if (update) {
    std::ofstream(path) << doc.replace(begin, end - begin, promotion_table());
    return 0;
  }
  if (doc.compare(begin, end - begin, promotion_table()) == 0) return 0;
  std::cerr << path << ": the promotion table differs from promote_types; run\n"
            << "  ingot_print_promotions --update " << path << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  if (mode == "--check" || mode == "--update") return check_or_update(argv[2], mode == "--update");
  if (argc != 1) {
    std::cerr << "usage: ingot_print_promotions [--check | --update FILE]\n";
    return 1;
  }
  std::cout << promotion_table();
  return 0;
}
