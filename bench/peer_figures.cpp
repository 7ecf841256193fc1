#include "peer_figures.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <stdlib.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ingot/error.hpp"
#include "runtime/process.hpp"

namespace ingot::bench {
namespace {

// A cursor over the JSON text; each method throws with the offset where it failed.
struct Reader {
  const std::string& text;
  size_t at = 0;

  Error fail(const std::string& what) const {
    return Error(fmt::format("peers JSON: {} at offset {}", what, at));
  }
  void skip_space() {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  }
  bool take(char c) {
    skip_space();
    if (at < text.size() && text[at] == c) {
      ++at;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!take(c)) throw fail(fmt::format("expected '{}'", c));
  }
  std::string string() {
    expect('"');
    std::string out;
    while (at < text.size() && text[at] != '"') {
      if (text[at] == '\\' && at + 1 < text.size()) ++at;  // keys hold no \u escapes
      out += text[at++];
    }
    expect('"');
    return out;
  }
  // A value other than a number (string, literal, nested array or object), passed over.
  void skip_value() {
    skip_space();
    if (at < text.size() && text[at] == '"') {
      string();
      return;
    }
    int depth = 0;
    for (; at < text.size(); ++at) {
      char c = text[at];
      if (c == '[' || c == '{') ++depth;
      if ((c == ']' || c == '}') && depth-- == 0) return;
      if (c == ',' && depth == 0) return;
      if (c == '"') {
        string();
        --at;
      }
    }
  }
};

}  // namespace

PeerFigures parse_peer_json(const std::string& text) {
  Reader reader{text};
  PeerFigures figures;
  reader.expect('{');
  if (reader.take('}')) return figures;
  do {
    std::string key = reader.string();
    reader.expect(':');
    reader.skip_space();
    const char* start = text.c_str() + reader.at;
    char* end = nullptr;
    double value = std::strtod(start, &end);
    if (end != start) {
      figures[key] = value;
      reader.at += size_t(end - start);
    } else {
      reader.skip_value();
    }
  } while (reader.take(','));
  reader.expect('}');
  return figures;
}

PeerFigures read_peer_json(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw Error(fmt::format("cannot read the peers JSON {}", path));
  std::stringstream text;
  text << file.rdbuf();
  try {
    return parse_peer_json(text.str());
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}", path, e.what()));
  }
}

PeerFigures run_peer_script(const std::string& script, const std::vector<std::string>& args,
                            double timeout_seconds) {
  std::string python = find_executable("python3");
  if (python.empty()) throw Error("--peers: python3 is not on PATH");
  char folder[] = "/tmp/ingot-peers-XXXXXX";
  if (!::mkdtemp(folder)) throw Error("--peers: cannot create a temporary folder");
  // The script writes peers.json to $OUT; the child inherits this process's environment.
  ::setenv("OUT", folder, 1);
  std::vector<std::string> command = {python, script};
  command.insert(command.end(), args.begin(), args.end());
  fmt::print(stderr, "running {} (OUT={})\n", fmt::join(command, " "), folder);
  ProcessResult result = run_process(command, timeout_seconds);
  fmt::print(stderr, "{}", result.output);
  if (result.timed_out)
    throw Error(fmt::format("--peers: {} ran past {} s and was stopped", script, timeout_seconds));
  std::string json = std::string(folder) + "/peers.json";
  if (!std::filesystem::exists(json))
    throw Error(fmt::format("--peers: {} exited with {} and wrote no peers.json", script,
                            result.exit_code));
  PeerFigures figures = read_peer_json(json);
  std::filesystem::remove_all(folder);
  return figures;
}

}  // namespace ingot::bench
