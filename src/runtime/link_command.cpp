#include "runtime/link_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <sstream>

#include "ingot/error.hpp"
#include "runtime/process.hpp"

namespace ingot {
namespace {

// The words of one line of a driver's -### answer: clang quotes every word, gcc only
// some; a quoted word keeps its spaces and its backslash-escaped quotes.
std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    if (std::isspace(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    std::string word;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) {
      if (line[i] != '"') {
        word += line[i++];
        continue;
      }
      for (++i; i < line.size() && line[i] != '"'; ++i)
        word += line[i] == '\\' && i + 1 < line.size() ? line[++i] : line[i];
      ++i;
    }
    words.push_back(word);
  }
  return words;
}

// A driver's link with the object and output paths it was asked about, to be replaced.
struct Template {
  std::vector<std::string> words;
  std::string object, output;
};

Template ask(const std::string& driver, const std::vector<std::string>& flags,
             const std::vector<std::string>& libraries, const std::string& object,
             const std::string& output) {
  std::vector<std::string> argv = {driver, "-###", "-shared"};
  argv.insert(argv.end(), flags.begin(), flags.end());
  argv.insert(argv.end(), {"-o", output, object});
  argv.insert(argv.end(), libraries.begin(), libraries.end());
  ProcessResult answer = run_compiler(argv, "asking the compiler how it links (-###)");
  std::istringstream lines(answer.output);
  for (std::string line; answer.exit_code == 0 && std::getline(lines, line);) {
    std::vector<std::string> words = words_of(line);
    auto has = [&](const std::string& w) {
      return std::find(words.begin(), words.end(), w) != words.end();
    };
    if (has(object) && has(output)) return {words, object, output};
  }
  throw Error(
      fmt::format("{} names no link of an object into a shared object; asked `{}`, it {}:\n{}",
                  driver, fmt::join(argv, " "), answer.ending(), answer.output));
}

}  // namespace

std::vector<std::string> link_command(const std::string& driver,
                                      const std::vector<std::string>& flags,
                                      const std::vector<std::string>& libraries,
                                      const std::string& object, const std::string& output) {
  static std::mutex mutex;
  static std::map<std::string, Template> known;
  std::string key =
      fmt::format("{}\n{}\n{}", driver, fmt::join(flags, " "), fmt::join(libraries, " "));
  Template link;
  {
    std::lock_guard lock(mutex);
    auto found = known.find(key);
    if (found == known.end())
      found = known.emplace(key, ask(driver, flags, libraries, object, output)).first;
    link = found->second;
  }
  for (std::string& word : link.words) {
    if (word == link.object)
      word = object;
    else if (word == link.output)
      word = output;
  }
  return link.words;
}

}  // namespace ingot
